"""Memcel's kept counts (face-down tiles, face-up own tiles, cards left) equal a recount.

The state keeps these counts up to date where a tile turns or a card is drawn, instead of
scanning the board each time it asks; :meth:`MemcelState.recount` computes them afresh. Quick
checks (short seeded games, at every step) that the mutation tests run; the long playthroughs
over many variants, clones, resamples and saves are in ``test_memcel_incremental.py``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import lab
from lab.core.chance import WeightedTable
from lab.core.state import CHANCE
from lab.games.memcel.state import MemcelState


def _check(state: MemcelState) -> None:
    assert state.kept_counts() == state.recount(), f"kept counts wrong at move {state.move_number()}"


def _walk(game: lab.Game, seed: int) -> MemcelState:
    """A seeded random game, checked at every step; a clone checked and played on now and then."""
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        _check(state)
        cur = state.current_player()
        if cur == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[int(rng.integers(len(outcomes)))][0]
        else:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        if state.move_number() % 37 == 0:
            twin = state.clone()
            twin.apply_action(action)
            _check(twin)
        state.apply_action(action)
    _check(state)
    return state


@pytest.mark.parametrize("params", [
    {"players": 2, "max_turns": 40},
    {"players": 3, "max_turns": 40, "revealed_by_other_counts": False, "cover_scope": "turn",
     "deck": {"cover": 20, "peek": 10, "swap": 10, "lose_turn": 5, "extra_turn": 5}},
])
def test_kept_counts_in_short_games(params: dict[str, Any]) -> None:
    game = lab.load("memcel", **params)
    for seed in range(2):
        _walk(game, seed)


def test_a_wrong_kept_count_is_caught() -> None:
    """The check fails when a kept count is off (it would not pass a broken cache)."""
    state = _walk(lab.load("memcel", players=2, max_turns=20), 0)
    state.down += 1
    with pytest.raises(AssertionError, match="kept counts wrong"):
        _check(state)


# ------------------------------------------------------------------ the driver's random pick
def _assert_pick(state: MemcelState) -> None:
    """``_pick_action`` asks once, with the number of legal actions, and gives ``legal[i]``."""
    cur = state.current_player()
    legal = state.legal_actions()
    for i in range(len(legal)):
        asked: list[int] = []
        got = state._pick_action(cur, lambda n, i=i, asked=asked: asked.append(n) or i)
        assert asked == [len(legal)] and got == legal[i], (state.queue[0], i)


def test_a_swap_while_tiles_are_still_being_placed_is_picked_among_the_occupied_slots() -> None:
    """MC-1.3 swap with empty sectors left (unequal shares, 17/17/16): the pick skips them."""
    game = lab.load("memcel", players=3, max_turns=5,
                    tile_counts={"red": 10, "green": 10, "blue": 10, "orange": 12, "imprevisto": 8},
                    ring_layout=[{"colour": "red", "sectors": 16}, {"colour": "green", "sectors": 17},
                                 {"colour": "blue", "sectors": 17}])
    checked: list[str] = []

    def check(s: MemcelState) -> None:
        if s.phase == "place" and s.queue and s.queue[0][0] in ("swap1", "swap2") and -1 in s.tiles:
            _assert_pick(s)
            checked.append(s.queue[0][0])

    lab.play(game, "random", seed=3, on_step=check)
    assert checked == ["swap1", "swap2"]


def test_a_replaced_legal_list_is_the_one_the_pick_indexes() -> None:
    """A subclass whose ``_legal_actions`` differs (here reversed) gets its own list's ``[i]``."""

    class Reversed(MemcelState):
        def _legal_actions(self, player: int) -> list[lab.Action]:
            return super()._legal_actions(player)[::-1]

    game = lab.load("memcel", players=2, max_turns=15)
    state = Reversed(game)

    def check(s: MemcelState) -> None:
        if s.current_player() >= 0:
            _assert_pick(s)

    lab.play(game, "random", seed=1, state=state, on_step=check)
    assert state.is_terminal()


# ------------------------------------------------------------------ MC-C3 the card outcomes
def _card_reference(state: MemcelState) -> list[tuple[lab.Action, float]]:
    """The cards left and their chances, computed afresh: ``n / cards left`` for every ``n > 0``."""
    total = sum(state.deck)
    return [(lab.Action("card", (e,)), n / total) for e, n in zip(state.t.effects, state.deck, strict=True) if n > 0]


def _turns(n_effects: int, cards: int) -> dict[str, int]:
    """A deck of ``cards`` cards shared as evenly as can be over ``n_effects`` ring turns."""
    return {f"turn_ring:red:{k + 1}": cards // n_effects + (k < cards % n_effects) for k in range(n_effects)}


@pytest.mark.parametrize("deck", [
    None,  # the stand-in deck
    {"lose_turn": 1, "extra_turn": 2, "peek": 3},
    {"lose_turn": 200, "extra_turn": 150, "peek": 50},
    _turns(150, 250),
    _turns(100, 300),
])
def test_MC_C3_card_outcomes_are_the_cards_left_at_every_draw(deck: dict[str, int] | None) -> None:
    """Every card draw offers each effect left with chance ``n / cards left``, in effect order,
    declared as the table of every effect weighted by the counts left; the deck is reshuffled."""
    params: dict[str, Any] = {"players": 2, "max_turns": 150}
    if deck is not None:
        params.update(deck=deck, deck_size=sum(deck.values()))
    game = lab.load("memcel", **params)
    state = game.new_initial_state()
    rng = np.random.default_rng(7)
    draws, totals = 0, set()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            if state.queue[0][0] == "card":
                declared = state._chance_outcomes()
                assert isinstance(declared, WeightedTable) and declared.problems() == []
                assert outcomes == _card_reference(state) == list(declared)
                draws += 1
                totals.add(state.deck_left)
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    assert draws > 10 and (deck is None or len(totals) == min(sum(deck.values()), draws))


def test_MC_C3_card_outcomes_keep_the_deck_they_were_declared_from() -> None:
    """The declared card outcomes hold the counts of their moment: drawing a card afterwards
    (the state moving on) does not change a declaration handed out before."""
    game = lab.load("memcel", players=2, max_turns=20)
    state = _walk(game, 0)
    assert state.deck_left < 50  # cards were drawn
    state.queue = [("card", 0, "MC-2.1.3")]
    state.phase = "hunt"
    declared = state._chance_outcomes()
    before = _card_reference(state)
    card = before[0][0]
    state.apply_action(card)
    assert list(declared) == before != _card_reference(state)
