"""Memcel: readings the seed leaves open, as parameters (issue #17), each value through the API.

- ``imprevisto_cards`` (MC-2.1.2.3, MC-2.1.3): cards drawn in a turn that reveals an imprevisto tile;
- ``void_attack`` (MC-2.1.1, MC-2.1.3): whether a d8 roll of 1 (no x < 1) still ends with a card;
- ``absent_share`` (MC-0.3): who places the odd absent imprevisto tiles with 3 players.
"""

from __future__ import annotations

import pytest
from test_memcel_rules import attack, first_of, to_hunt

import lab
from lab import act
from lab.core.state import CHANCE
from lab.lint import lint

QUIET_CARDS = ("turn_ring:red:2", "turn_ring:red:-2")  # effects that ask the drawer nothing


def card_clauses(st: lab.State) -> list[str]:
    return [e.clause for e in st.events_for(None) if e.kind == "card"]


def draw_quiet_cards(st: lab.State) -> int:
    drawn = 0
    while st.current_player() == CHANCE:
        assert {a.kind for a, _ in st.chance_outcomes()} == {"card"}
        st.apply_action(act("card", QUIET_CARDS[drawn % 2]))
        drawn += 1
    return drawn


@pytest.mark.parametrize("cards", [1, 2])
def test_MC_2_1_2_3_imprevisto_cards_drawn_in_the_turn(cards: int) -> None:
    st = to_hunt(imprevisto_cards=cards)
    attack(st, 7, 1)
    st.apply_action(act("reveal", first_of(st, "imprevisto")[0]))
    assert draw_quiet_cards(st) == cards
    assert card_clauses(st) == ["MC-2.1.2.3", "MC-2.1.3"][:cards]
    assert st.current_player() == 1  # the turn is over after its cards


def test_MC_2_1_3_imprevisto_cards_one_keeps_the_card_of_an_ordinary_miss() -> None:
    st = to_hunt(imprevisto_cards=1)
    attack(st, 7, 1)
    st.apply_action(act("reveal", first_of(st, "green")[0]))  # a miss, no imprevisto
    assert draw_quiet_cards(st) == 1 and card_clauses(st) == ["MC-2.1.3"]


def test_MC_2_1_2_3_imprevisto_cards_is_bounded() -> None:
    with pytest.raises(lab.InvalidVariant, match="imprevisto_cards"):
        lab.load("memcel", imprevisto_cards=3)


@pytest.mark.parametrize(("mode", "cards"), [("card", 1), ("pass", 0)])
def test_MC_2_1_1_void_attack_ends_with_or_without_a_card(mode: str, cards: int) -> None:
    st = to_hunt(void_attack=mode)
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 1))
    assert [e.kind for e in st.events_for(None) if e.clause == "MC-2.1.1"][-1] == "no_attack_possible"
    assert draw_quiet_cards(st) == cards
    assert card_clauses(st) == ["MC-2.1.3"] * cards
    assert st.current_player() == 1


def test_MC_2_1_1_void_attack_pass_leaves_an_inclusive_roll_of_one_alone() -> None:
    st = to_hunt(void_attack="pass", reveal_limit="inclusive")
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 1))
    assert st.legal_actions() == [act("choose_x", 1)]  # x <= 1: an attack, not a void one


def shares_seen(game: lab.Game) -> list[dict[str, int]]:
    st = game.new_initial_state()
    return [dict(st.observation(p)["my_tiles_to_place"]) for p in range(game.params["players"])]


@pytest.mark.parametrize(("order", "imp", "orange"), [
    ("colours_first", [2, 3, 3], [4, 3, 3]),
    ("imprevisto_first", [3, 3, 2], [3, 3, 4]),
])
def test_MC_0_3_absent_share_with_three_players(order: str, imp: list[int], orange: list[int]) -> None:
    game = lab.load("memcel", players=3, absent_share=order)
    seen = shares_seen(game)
    assert [s.get("imprevisto", 0) for s in seen] == imp
    assert [s.get("orange", 0) for s in seen] == orange
    assert [sum(s.values()) for s in seen] == [16, 16, 16]  # MC-0.3 equal shares all the same
    assert [s[c] for s, c in zip(seen, ("red", "green", "blue"), strict=True)] == [10, 10, 10]
    [note] = [f for f in lint(game) if f.id == "MC-absent-share"]
    assert str(imp) in note.message and order in note.message


@pytest.mark.parametrize("players", [2, 4])
def test_MC_0_3_absent_share_is_even_with_two_or_four_players(players: int) -> None:
    first = shares_seen(lab.load("memcel", players=players))
    assert shares_seen(lab.load("memcel", players=players, absent_share="imprevisto_first")) == first
    assert {s["imprevisto"] for s in first} == {8 // players}
    assert not [f for f in lint(lab.load("memcel", players=players)) if f.id == "MC-absent-share"]
