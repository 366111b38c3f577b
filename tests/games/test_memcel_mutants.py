"""Memcel: tests written against mutants that survived (``make mutants GAME=memcel``).

Each checks a rule or a public view exactly, through the public API (actions, events,
observations, the board graph, metrics, messages), so that a planted wrong rule fails it.
"""

from __future__ import annotations

import pytest
from test_memcel_rules import BOARD_FACE, attack, first_of, to_hunt

import lab
from lab import act
from lab.games.memcel import components as C


# ------------------------------------------------------------------ MC-C1 the board as seen
def test_MC_C1_board_graph_names_rings_slots_and_face_up_tiles() -> None:
    game = lab.load("memcel", players=3)
    g = game.board()
    assert g.graph["ring_names"] == ["red", "green", "blue"]
    for (r, i), d in g.nodes(data=True):
        assert d["slot"] == 16 * r + i and d["tile"] is None
        assert d["colour"] == ("red", "green", "blue")[r]
    st = to_hunt()
    red = first_of(st, "red")
    attack(st, 3, 1)
    st.apply_action(act("reveal", red[0]))  # stays face up (MC-2.1.2.0)
    g = game.board(st)
    by_slot = {d["slot"]: d["tile"] for _, d in g.nodes(data=True)}
    assert by_slot[red[0]] == "red"
    assert by_slot[red[1]] == "down"
    assert st.observation(1)["slots"][red[0]] == "red"
    assert st.observation(None)["slots"][red[1]] == "down"


def test_AMB_MC_6_board_graph_follows_a_whole_board_turn() -> None:
    """After the placement phase's board turn the sector (ring r, index i) sits at slot
    first[r] + (i + offset + angle * n // 360) % n."""
    st = to_hunt(players=2)  # two board turns of +90 degrees (face 0: cw) during set-up
    game = st.game
    angle = st.observation(None)["board_angle"]
    assert angle == 180
    g = game.board(st)
    for (r, i), d in g.nodes(data=True):
        n = 16
        shift = (st.observation(None)["rings"][r]["offset"] + angle * n // 360) % n
        assert d["slot"] == 16 * r + (i + shift) % n
    assert any(d["slot"] != 16 * r + i for (r, i), d in g.nodes(data=True))


def test_MC_C1_colour_hex_of_named_and_unknown_colours() -> None:
    assert C.colour_hex("red") == "#d62828"
    assert C.colour_hex("imprevisto") == "#111111"
    assert C.colour_hex("mauve") == "#888888"


def test_MC_3_agent_names() -> None:
    assert sorted(type(lab.load("memcel")).agent_factories()) == ["memory", "perfect"]


# ------------------------------------------------------------------ the time model
SECONDS_OF = {
    "place": ("placements",), "roll": ("rolls",), "declare": ("declarations",),
    "reveal": ("reveals",), "cover": ("covered",), "card": ("cards",),
    "turn": ("ring_turns", "board_turns"), "swap": ("swaps",), "peek": ("peeks",),
}


@pytest.mark.parametrize("kind", [*SECONDS_OF, "setup"])
def test_MC_C2_time_model_prices_each_kind_of_act(kind: str) -> None:
    seconds = dict.fromkeys(C.DEFAULT_SECONDS, 0.0)
    seconds[kind] = 60.0
    game = lab.load("memcel", players=2, max_turns=30, seconds=seconds)
    st = lab.play(game, "random", seed=1)  # a seed on which every kind of act happens
    m = st.metrics()
    expected = 1.0 if kind == "setup" else sum(m[c] for c in SECONDS_OF[kind])
    assert st.estimated_minutes() == pytest.approx(expected)
    assert expected > 0


# ------------------------------------------------------------------ words
def test_MC_2_describe_action_and_slot_names() -> None:
    st = to_hunt()
    assert st.slot_name(21) == "green ring, position 5"
    assert st.slot_name(0) == "red ring, position 0"
    d = st.describe_action
    assert d(act("place", "red", 3)) == "place a red tile at red ring, position 3"
    assert d(act("place", "imprevisto", 17)) == "place an imprevisto tile at green ring, position 1"
    assert d(act("place", "orange", 47)) == "place an orange tile at blue ring, position 15"
    for k in ("reveal", "swap", "peek", "cover"):
        assert d(act(k, 33)) == f"{k} blue ring, position 1"
    assert d(act("choose_x", 1)) == "reveal 1 tile"
    assert d(act("choose_x", 3)) == "reveal 3 tiles"
    assert d(act("defend", "skip")) == "defend: skip the turn"
    assert d(act("defend", "complication")) == "defend: roll a complication"
    assert d(act("defend", "card")) == "defend: draw a card"
    assert d(act("icon", BOARD_FACE)) == "icon die: red ring cw, board"
    assert d(act("icon", 4)) == "icon die: green ring ccw, reroll"
    assert d(act("card", "peek")) == "card: peek"
    assert d(act("attack")) == "attack"
    assert d(act("d8", 5)) == str(act("d8", 5))


def illegal(st: lab.State, action: lab.Action) -> str:
    with pytest.raises(lab.IllegalAction) as info:
        st.apply_action(action)
    return str(info.value)


def test_MC_2_illegal_actions_say_what_is_asked_now() -> None:
    st = to_hunt()
    assert "now you must declare attack or a defence (MC-2.0)" in illegal(st, act("reveal", 0))
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 4))
    msg = illegal(st, act("choose_x", 4))
    assert "x must be 1..3 (x < N for a roll of N = 4, AMB-MC-2, and at most the face-down tiles)" in msg
    assert "now you must choose x, the number of tiles to reveal (MC-2.1.1)" in illegal(st, act("attack"))
    st.apply_action(act("choose_x", 1))
    assert "now you must reveal a face-down tile (MC-2.1.2)" in illegal(st, act("attack"))
    red = first_of(st, "red")
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("card", "swap"))
    assert "now you must pick the first of two tiles to swap (MC-C5)" in illegal(st, act("attack"))
    st.apply_action(act("swap", 1))
    msg = illegal(st, act("swap", 1))
    assert "now you must pick the second tile to swap, another occupied sector (MC-C5)" in msg
    st.apply_action(act("swap", 2))
    st.apply_action(act("attack"))  # seat 1
    st.apply_action(act("d8", 2))
    st.apply_action(act("choose_x", 1))
    up = next(s for s, v in enumerate(st.observation(None)["slots"]) if v not in ("down", None))
    assert f"slot {up} holds no face-down tile (MC-2.1.2)" in illegal(st, act("reveal", up))


def test_MC_2_illegal_inclusive_x_message_and_card_tasks() -> None:
    st = to_hunt(reveal_limit="inclusive")
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 2))
    assert "x must be 1..2 (x <= N for a roll of N = 2" in illegal(st, act("choose_x", 3))
    st.apply_action(act("choose_x", 1))
    st.apply_action(act("reveal", first_of(st, "red")[0]))
    st.apply_action(act("card", "peek"))
    assert "now you must pick a face-down tile to look at (card)" in illegal(st, act("attack"))
    st.apply_action(st.legal_actions()[0])
    st.apply_action(act("defend", "card"))  # seat 1
    st.apply_action(act("card", "cover"))
    assert "now you must pick a face-up tile to turn back down (card)" in illegal(st, act("attack"))


def test_MC_1_1_illegal_placements_name_the_reason() -> None:
    game = lab.load("memcel", players=2)
    st = game.new_initial_state()
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    st.apply_action(act("place", "red", 0))
    st.apply_action(act("place", "red", 1))
    assert "now you must place one of your tiles face down on an empty sector (MC-1.1)" in illegal(
        st, act("attack"))
    assert "slot 0 is already covered; place on an empty sector (MC-1.1)" in illegal(
        st, act("place", "green", 0))
    assert "you have no red tile left to place (MC-0.2, MC-0.3)" in illegal(st, act("place", "red", 5))


# ------------------------------------------------------------------ the widgets' hooks
def test_MC_C1_views_for_the_table_and_the_player_to_act() -> None:
    st = to_hunt()
    assert st.render_svg(None).startswith("<svg") and st._repr_html_() == st.render_svg(None)
    assert st.prompt(0) and st.prompt(1) == ""
    targets = st.action_targets(0)
    assert {a for acts in targets.values() for a in acts} == set(st.legal_actions())
    assert st.action_targets(1) == {}
    assert st.click_default(1, "slot-3") is None
    game = lab.load("memcel", players=2)
    fresh = game.new_initial_state()
    fresh.apply_action(act("d8", 8))
    fresh.apply_action(act("d8", 1))
    assert fresh.click_default(0, "slot-3") == act("place", "red", 3)
    import numpy as np

    guess = st.resample_hidden(0, np.random.default_rng(0))
    assert guess.observation(0)["slots"] == st.observation(0)["slots"]
