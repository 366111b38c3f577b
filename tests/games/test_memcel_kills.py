"""Memcel: more tests written against surviving mutants (``make mutants GAME=memcel``).

The first set is in ``test_memcel_mutants.py``. Each test here checks a rule or a public view
exactly, through the public API (actions, events, observations, the board graph, messages), so
that a planted wrong rule fails it; each stays a few milliseconds.
"""

from __future__ import annotations

import dataclasses

import networkx as nx
import numpy as np
import pytest
from test_memcel_mutants import two_players_placing
from test_memcel_rules import BOARD_FACE, SWAP_FACE, attack, first_of, to_hunt, void_attack

import lab
from lab import act
from lab.boards.rings import rings_graph
from lab.core.params import thaw
from lab.games.memcel import components as C
from lab.games.memcel.render import render_svg


# ------------------------------------------------------------------ MC-2.1.1 the declared x
@pytest.mark.parametrize(("reading", "roll", "xs"), [
    ("strict", 1, []), ("strict", 2, [1]), ("strict", 5, [1, 2, 3, 4]),
    ("inclusive", 1, [1]), ("inclusive", 4, [1, 2, 3, 4]),
])
def test_MC_2_1_1_legal_x_after_a_roll(reading: str, roll: int, xs: list[int]) -> None:
    st = to_hunt(players=2, reveal_limit=reading)
    st.apply_action(act("attack"))
    st.apply_action(act("d8", roll))
    if not xs:  # no x < 1: a void attack, the turn goes on to its card
        assert st.is_chance_node() and not any(e.kind == "declare_x" for e in st.events)
        return
    assert sorted(a.args[0] for a in st.legal_actions()) == xs


# ------------------------------------------------------------------ MC-C4 / MC-C5 the dice
def test_MC_C5_icon_die_and_MC_C4_d8_are_fair() -> None:
    st = lab.load("memcel", players=2).new_initial_state()
    d8 = st.chance_outcomes()
    assert [(a.args[0], p) for a, p in d8] == [(v, pytest.approx(1 / 8)) for v in range(1, 9)]
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    while not st.is_chance_node():  # seat 0 then seat 1 place until the first icon roll (MC-1.3)
        st.apply_action(st.legal_actions()[0])
    icon = st.chance_outcomes()
    assert [a.kind for a, _ in icon] == ["icon"] * 6
    assert [p for _, p in icon] == [pytest.approx(1 / 6)] * 6


# ------------------------------------------------------------------ MC-C1 the board graph
FIXED_LAYOUT = [{"colour": "board", "sectors": 12, "fixed": True}, {"colour": "red", "sectors": 12},
                {"colour": "green", "sectors": 12}, {"colour": "blue", "sectors": 12}]


def _geometry(g: nx.Graph) -> dict:
    return {n: (d["angle"], d["pos"], d["fixed"]) for n, d in g.nodes(data=True)}


def test_MC_C1_AMB_MC_1_board_graph_geometry_and_fixed_rings() -> None:
    game = lab.load("memcel", ring_layout=FIXED_LAYOUT)
    g = game.board()
    assert _geometry(g) == _geometry(rings_graph((12, 12, 12, 12), fixed=(True, False, False, False)))
    assert [g.nodes[(r, 0)]["fixed"] for r in range(4)] == [True, False, False, False]
    assert g.nodes[(0, 0)]["angle"] == pytest.approx(15.0)  # sector 0 centred half a width from 12


def test_AMB_MC_6_board_graph_after_three_quarter_board_turns() -> None:
    st = to_hunt(players=3)  # three board turns of +90 degrees during set-up
    angle = st.observation(None)["board_angle"]
    assert angle == 270
    offsets = [r["offset"] for r in st.observation(None)["rings"]]
    g = st.game.board(st)
    assert _geometry(g) == _geometry(rings_graph((16, 16, 16), offsets, None, 270))
    for (r, i), d in g.nodes(data=True):  # 270 degrees = 12 of 16 sectors clockwise
        assert d["slot"] == 16 * r + (i + offsets[r] + 12) % 16


# ------------------------------------------------------------------ linter accounting
NO_IMPREVISTO = {"red": 12, "green": 12, "blue": 12, "orange": 12}


def _check(game: lab.Game, check_id: str) -> dict:
    [c] = [dataclasses.asdict(c) for c in game.accounting() if c.id == check_id]
    return c


def test_MC_0_2_linter_without_imprevisto_tiles() -> None:
    game = lab.load("memcel", players=3, tile_counts=NO_IMPREVISTO)
    assert _check(game, "MC-imprevisto-share")["total"] == 0
    assert not [c for c in game.accounting() if c.id == "MC-absent-share"]
    assert not [f for f in lab.lint(game) if f.id == "MC-imprevisto-share"]


def test_MC_0_2_linter_own_tiles_are_seat_0s_colour() -> None:
    counts = {"red": 13, "green": 11, "blue": 11, "orange": 9, "imprevisto": 4}
    game = lab.load("memcel", players=2, tile_counts=counts)
    assert _check(game, "MC-own-tiles")["parts"] == {"red tiles": 13}


# ------------------------------------------------------------------ MC-2.1.2.3 imprevisto tiles
def test_MC_2_1_2_3_without_imprevisto_tiles_a_colour_is_never_an_imprevisto() -> None:
    st = to_hunt(players=2, tile_counts=NO_IMPREVISTO)
    green = first_of(st, "green")
    attack(st, 3, 2)
    st.apply_action(act("reveal", green[0]))
    assert [e.kind for e in st.events if e.clause == "MC-2.1.2.3"] == []
    assert st.observation(None)["slots"][green[0]] == "green"  # a miss: the tile stays face up
    assert [e.data["slot"] for e in st.events if e.kind == "miss"] == [green[0]]


# ------------------------------------------------------------------ action kinds
def test_MC_2_action_kinds_name_their_clause() -> None:
    specs = {s.kind: s.doc for s in lab.load("memcel").action_specs()}
    assert specs["d8"] == "MC-C4 numeric die roll"
    assert specs["icon"] == "MC-C5 icon die roll"
    assert specs["choose_x"] == "MC-2.1.1 x"


# ------------------------------------------------------------------ action kinds, sizes, variants
ACTION_KINDS = [
    ("d8", [("face", list(range(1, 9)))], "MC-C4 numeric die roll"),
    ("icon", [("face", list(range(6)))], "MC-C5 icon die roll"),
    ("card", [("effect", ["cover", "extra_turn", "lose_turn", "peek", "swap", "turn_board:ccw",
                          "turn_board:cw", "turn_ring:blue:-4", "turn_ring:blue:4",
                          "turn_ring:green:-3", "turn_ring:green:3", "turn_ring:red:-2",
                          "turn_ring:red:2"])], "MC-C3 imprevisto card drawn"),
    ("place", [("tile", ["red", "green", "blue", "orange", "imprevisto"]),
               ("slot", list(range(48)))], "MC-1.1 place"),
    ("attack", [], "MC-2.1 declare attack"),
    ("defend", [("option", ["skip", "complication", "card"])], "MC-2.2 defence"),
    ("choose_x", [("x", list(range(1, 9)))], "MC-2.1.1 x"),
    ("reveal", [("slot", list(range(48)))], "MC-2.1.2 reveal a tile"),
    ("swap", [("slot", list(range(48)))], "pick a tile to swap (twice)"),
    ("peek", [("slot", list(range(48)))], "card: look at a face-down tile"),
    ("cover", [("slot", list(range(48)))], "card: turn a face-up tile down"),
]


def test_MC_2_action_kinds_fields_and_docs() -> None:
    specs = lab.load("memcel").action_specs()
    got = [(s.kind, [(f.name, list(f.values)) for f in s.fields], s.doc) for s in specs]
    assert got == ACTION_KINDS
    assert all(s.choices is None for s in specs)
    small = lab.load("memcel", ring_layout=FIXED_LAYOUT, icon_die=[
        {"ring": "red", "dir": "cw", "complication": "board"},
        {"ring": "blue", "dir": "ccw", "complication": "swap"}], deck={"peek": 50})
    fields = {s.kind: [list(f.values) for f in s.fields] for s in small.action_specs()}
    assert fields["icon"] == [[0, 1]] and fields["card"] == [["peek"]]
    assert fields["reveal"] == [list(range(48))]


def test_MC_0_1_longest_game_and_budget() -> None:
    # order rolls 20 rounds x players, one placement per tile, 3 dice per player, 18 actions a turn, 8
    assert lab.load("memcel").max_game_length() == 20 * 4 + 48 + 3 * 4 + 18 * 3000 + 8
    assert lab.load("memcel", players=3, max_turns=40).max_game_length() == 60 + 48 + 9 + 720 + 8
    got = [dataclasses.astuple(b) for b in lab.load("memcel", players=2, max_turns=40,
                                                      ring_layout=FIXED_LAYOUT).budget()]
    assert got == [
        ("rings", 4, 16, ("ring_layout",)),
        ("tile kinds", 5, 16, ("tile_counts",)),
        ("board sectors", 48, 1024, ("ring_layout",)),
        ("tiles", 48, 1024, ("tile_counts",)),
        ("place actions (tile kinds x slots)", 240, 16384, ("ring_layout", "tile_counts")),
        ("card effects", 13, 256, ("deck",)),
        ("icon die faces", 6, 64, ("icon_die",)),
        ("save codes (longest game)", 40 + 48 + 6 + 18 * 40 + 8, 1_000_000,
         ("max_turns", "tile_counts", "players")),
    ]


def _refused(**params: object) -> str:
    with pytest.raises(lab.InvalidVariant) as info:
        lab.load("memcel", **params)
    return str(info.value)


def test_AMB_MC_1_MC_C2_MC_C3_MC_C5_variant_checks_say_what_is_wrong() -> None:
    assert _refused(ring_layout=[{"colour": "red", "sectors": 16}, {"colour": "green", "sectors": 16}]) == (
        "ring_layout has 32 sectors but tile_counts makes 48 tiles; the board must be exactly "
        "covered (AMB-MC-1, MC-C2): make them equal")
    assert _refused(players=4, tile_counts={"red": 24, "green": 20, "imprevisto": 4}) == (
        "4 players need 4 tile colours; tile_counts has 2 (red, green)")
    assert _refused(deck_size=49) == (
        "deck has 50 cards but deck_size is 49 (MC-C3): the counts must add up to deck_size")
    assert _refused(ring_layout=FIXED_LAYOUT, deck={"peek": 49, "turn_ring:board:1": 1}) == (
        "deck card 'turn_ring:board:1' turns ring 'board', which is not a rotating ring of "
        "ring_layout; rotating rings: blue, green, red")
    faces = [{"ring": "red", "dir": "cw", "complication": "board"},
             {"ring": "board", "dir": "cw", "complication": "swap"}]
    assert _refused(ring_layout=FIXED_LAYOUT, icon_die=faces) == (
        "icon_die[1] shows ring 'board', which is not a rotating ring of ring_layout; "
        "rotating rings: blue, green, red")
    # the limits themselves are allowed
    lab.load("memcel", players=4, tile_counts={"red": 12, "green": 12, "blue": 12, "orange": 12})
    lab.load("memcel", ring_layout=FIXED_LAYOUT, deck={"peek": 49, "turn_ring:red:1": 1},
             icon_die=faces[:1])


# ------------------------------------------------------------------ parameter checks, word for word
NOT_PRIMITIVE = (
    " is not a primitive; use one of swap, lose_turn, extra_turn, peek, cover, 'turn_board:cw', "
    "'turn_board:ccw' or 'turn_ring:<ring>:<k>' with k a non-zero integer")
NOT_EFFECTS = ['fly', 'turn_ring:red:0', 'turn_ring:red:x', 'turn_ring::2', 'turn_board:up', 'turn_board', 'turn_ring:red', 'turn_ring:red:2:1', 'turn_board:cw:1']
REFUSED = [
    ('ring_layout', [],
     "ring_layout must be a non-empty list of rings like {'colour': 'red', 'sectors': 16}"),
    ('ring_layout', 'x',
     "ring_layout must be a non-empty list of rings like {'colour': 'red', 'sectors': 16}"),
    ('ring_layout', [3],
     'ring_layout[0] must be an object, not int'),
    ('ring_layout', [{'colour': 'red', 'sectors': 48, 'size': 1}],
     "ring_layout[0] has unknown key(s) ['size']; allowed: colour, sectors, fixed"),
    ('ring_layout', [{'colour': '', 'sectors': 48}],
     "ring_layout[0].colour must be a non-empty name without ':'"),
    ('ring_layout', [{'colour': 'a:b', 'sectors': 48}],
     "ring_layout[0].colour must be a non-empty name without ':'"),
    ('ring_layout', [{'sectors': 48}],
     "ring_layout[0].colour must be a non-empty name without ':'"),
    ('ring_layout', [{'colour': 'red', 'sectors': 24}, {'colour': 'red', 'sectors': 24}],
     "ring_layout: two rings are called 'red'; names must differ"),
    ('ring_layout', [{'colour': 'red', 'sectors': 65}],
     'ring_layout[0].sectors must be an integer in [1, 64], got 65'),
    ('ring_layout', [{'colour': 'red', 'sectors': 0}],
     'ring_layout[0].sectors must be an integer in [1, 64], got 0'),
    ('ring_layout', [{'colour': 'red', 'sectors': True}],
     'ring_layout[0].sectors must be an integer in [1, 64], got True'),
    ('ring_layout', [{'colour': 'red', 'sectors': '4'}],
     "ring_layout[0].sectors must be an integer in [1, 64], got '4'"),
    ('ring_layout', [{'colour': 'red', 'sectors': 48, 'fixed': 1}],
     'ring_layout[0].fixed must be true or false'),
    ('ring_layout', [{'colour': 'red', 'sectors': 48, 'fixed': True}],
     'ring_layout: at least one ring must rotate (all are fixed)'),
    ('tile_counts', [1],
     "tile_counts must be an object: colour -> count, plus 'imprevisto'"),
    ('tile_counts', {'red': 48},
     'tile_counts needs at least 2 colours (one per player)'),
    ('tile_counts', {'red': 24, 'imprevisto': 24},
     'tile_counts needs at least 2 colours (one per player)'),
    ('tile_counts', {'red': 24, 'green': 201},
     "tile_counts['green'] must be an integer in [0, 200], got 201"),
    ('tile_counts', {'red': 24, 'green': -1},
     "tile_counts['green'] must be an integer in [0, 200], got -1"),
    ('tile_counts', {'red': 24, 'green': True},
     "tile_counts['green'] must be an integer in [0, 200], got True"),
    ('tile_counts', {'red': 24, 'green': 0},
     "tile_counts['green'] = 0: a player colour needs at least 1 tile"),
    ('deck', {},
     'deck must be a non-empty object: effect -> number of cards'),
    ('deck', [1],
     'deck must be a non-empty object: effect -> number of cards'),
    *[('deck', {effect: 50}, f"card effect {effect!r}{NOT_PRIMITIVE}") for effect in NOT_EFFECTS],
    ('deck', {'peek': 1001},
     "deck['peek'] must be an integer in [0, 1000], got 1001"),
    ('deck', {'peek': -1},
     "deck['peek'] must be an integer in [0, 1000], got -1"),
    ('deck', {'peek': True},
     "deck['peek'] must be an integer in [0, 1000], got True"),
    ('deck', {'peek': 0},
     'deck has no cards'),
    ('icon_die', [],
     'icon_die must be a non-empty list of faces {ring, dir, complication}'),
    ('icon_die', 'x',
     'icon_die must be a non-empty list of faces {ring, dir, complication}'),
    ('icon_die', [{'ring': 'red', 'dir': 'cw'}],
     'icon_die[0] must have exactly the keys ring, dir, complication'),
    ('icon_die', [1],
     'icon_die[0] must have exactly the keys ring, dir, complication'),
    ('icon_die', [{'ring': 'red', 'dir': 'up', 'complication': 'board'}],
     "icon_die[0].dir must be 'cw' or 'ccw', got 'up'"),
    ('icon_die', [{'ring': 'red', 'dir': 'cw', 'complication': 'fly'}],
     "icon_die[0].complication must be one of ('board', 'swap', 'reroll'), got 'fly'"),
    ('icon_die', [{'ring': 3, 'dir': 'cw', 'complication': 'board'}],
     'icon_die[0].ring must be a ring colour name'),
    ('seconds', [],
     'seconds must be an object: kind of act -> seconds'),
    ('seconds', {'nap': 1},
     "seconds: unknown kind(s) ['nap']; known: place, roll, declare, reveal, cover, card, turn, swap, peek, setup"),
    ('seconds', {'place': -1},
     "seconds['place'] must be a number in [0, 3600], got -1"),
    ('seconds', {'place': 3601},
     "seconds['place'] must be a number in [0, 3600], got 3601"),
    ('seconds', {'place': True},
     "seconds['place'] must be a number in [0, 3600], got True"),
    ('seconds', {'place': '1'},
     "seconds['place'] must be a number in [0, 3600], got '1'"),
]


@pytest.mark.parametrize(("name", "value", "message"), REFUSED)
def test_AMB_MC_1_MC_C2_MC_C3_MC_C5_bad_parameters_are_refused(name: str, value: object, message: str) -> None:
    assert _refused(**{name: value}) == f"parameter {name!r}: {message}"


FACES_RED = [{"ring": "red", "dir": "cw", "complication": "board"}]


@pytest.mark.parametrize("params", [
    {"ring_layout": [{"colour": "a", "sectors": 1}, {"colour": "b", "sectors": 47, "fixed": False}],
     "deck": {"peek": 50}, "icon_die": [{"ring": "a", "dir": "ccw", "complication": "swap"}]},
    {"ring_layout": [{"colour": "red", "sectors": 64}], "tile_counts": {"red": 32, "green": 32},
     "players": 2, "deck": {"turn_ring:red:-1": 1}, "deck_size": 1, "icon_die": FACES_RED},
    {"ring_layout": [{"colour": c, "sectors": 64} for c in ("red", "green", "blue", "orange")],
     "tile_counts": {"red": 200, "green": 56, "imprevisto": 0}, "players": 2},
    {"tile_counts": {"red": 1, "green": 47}, "players": 2},
    {"deck": {"peek": 1000, "swap": 0}, "deck_size": 1000},
    {"seconds": {"place": 0, "setup": 3600, "card": 2.5}},
])
def test_AMB_MC_1_MC_C2_MC_C3_parameters_at_their_limits_are_allowed(params: dict) -> None:
    game = lab.load("memcel", **params)
    for name, value in params.items():
        assert thaw(game.params[name]) == value


# ------------------------------------------------------------------ MC-C2 what each viewer sees
RINGS_16 = [{"colour": c, "sectors": 16, "fixed": False, "first_slot": 16 * r, "offset": 0}
            for r, c in enumerate(("red", "green", "blue"))]


def test_MC_C2_observation_field_by_field_during_placement() -> None:
    st = lab.load("memcel", players=2).new_initial_state()
    assert st.pending() == {"task": "order"} and st.chance_stream() == "order"
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    st.apply_action(act("place", "red", 5))
    slots = [None] * 48
    slots[5] = "down"
    table = {
        "viewer": None, "phase": "place", "to_act": 0, "pending": {"task": "place"},
        "turn_order": [0, 1], "colours": ["red", "green"], "rings": RINGS_16, "board_angle": 0,
        "slots": slots, "left_to_place": [23, 24], "own_tiles": [10, 10], "own_face_up": [0, 0],
        "lost_turns": [0, 0], "defended_last_turn": [False, False], "deck_left": 50, "turns": 0,
        "rounds": 0, "events_start": 4,
    }
    for viewer in (None, 0, 1):
        obs = dict(st.observation(viewer))
        events = obs.pop("events")
        mine = {"my_colour": ("red", "green")[viewer],
                "my_tiles_to_place": [{"red": 9, "blue": 5, "orange": 5, "imprevisto": 4},
                                      {"green": 10, "blue": 5, "orange": 5, "imprevisto": 4}][viewer]
                } if viewer is not None else {}
        # seat 1 has not decided yet: its recent events start at the beginning of its log
        start = {"events_start": 0} if viewer == 1 else {}
        assert obs == {**table, "viewer": viewer, **start, **mine}
        log = st.event_log(viewer)
        assert events == log[obs["events_start"]:]
        assert [e["kind"] for e in log] == ["order_roll", "order_roll", "turn_order", "tiles_shared",
                                            "place"]
        assert ("tile" in log[-1]) == (viewer == 0)  # only the placer knows the tile's kind
        with pytest.raises(TypeError):  # the events handed out are read-only
            events[-1]["slot"] = 6  # type: ignore[index]
    assert st.event_log(0)[-1]["tile"] == "red" and st.event_log(0)[-1]["clause"] == "MC-1.1"
    assert st.event_log(None)[0] == {"clause": "MC-0.1", "kind": "order_roll", "step": 1, "player": 0,
                                     "value": 8}


def test_MC_2_pending_decision_at_each_step_of_an_attack() -> None:
    st = to_hunt(players=2)
    red = first_of(st, "red")
    assert st.pending() == {"task": "declare"}
    st.apply_action(act("attack"))
    assert st.pending() == {"task": "ad8"} and st.chance_stream() == "ad8"
    st.apply_action(act("d8", 5))
    assert st.pending() == {"task": "x", "roll": 5, "x": 0, "found": 0}
    assert st.observation(None)["pending"] == st.pending()
    st.apply_action(act("choose_x", 2))
    assert st.pending() == {"task": "reveal", "roll": 5, "x": 2, "found": 0}
    st.apply_action(act("reveal", red[0]))
    assert st.pending() == {"task": "reveal", "roll": 5, "x": 2, "found": 1}
    st.apply_action(act("reveal", red[1]))
    assert st.pending() == {"task": "card", "roll": 5, "x": 2, "found": 2, "reason": "MC-2.1.3"}
    assert st.chance_stream() == "deck"
    st.apply_action(act("card", "swap"))
    assert st.pending() == {"task": "swap1"} and st.current_player() == 0
    st.apply_action(act("swap", 3))
    assert st.pending() == {"task": "swap2", "swap_first": 3}
    st.apply_action(act("swap", 20))
    assert st.pending() == {"task": "declare"} and st.current_player() == 1
    st.apply_action(act("defend", "card"))  # no attack this turn: no roll, x or found
    assert st.pending() == {"task": "card", "reason": "MC-2.2"}


# ------------------------------------------------------------------ dice streams, copies, views
def test_MC_C5_each_die_use_has_its_own_chance_stream() -> None:
    st = lab.load("memcel", players=2).new_initial_state()
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    while not st.is_chance_node():
        st.apply_action(st.legal_actions()[0])
    assert st.pending() == {"task": "comp"} and st.chance_stream() == "comp"
    st.apply_action(act("icon", 2))  # blue cw white: re-roll the icon die, then the d8
    assert st.chance_stream() == "ricon"
    st.apply_action(act("icon", 0))
    assert st.chance_stream() == "rd8"


def test_MC_3_a_copy_of_an_unfinished_game_stays_unfinished() -> None:
    st = to_hunt(players=2, max_turns=1)
    st.apply_action(act("defend", "skip"))
    assert st.unfinished and st.stopped_by == "max_turns=1"
    twin = st.clone()
    assert twin.stopped_by == "max_turns=1" and twin.unfinished and twin.is_terminal()


def test_MC_2_2_1_defending_twice_is_refused_with_the_rule() -> None:
    st = to_hunt(players=2)
    st.apply_action(act("defend", "skip"))
    st.apply_action(act("defend", "skip"))  # seat 1
    with pytest.raises(lab.IllegalAction) as info:
        st.apply_action(act("defend", "skip"))
    assert str(info.value) == ("defend(skip) is not legal for player 0 now: defence may not be chosen "
                               "two turns in a row (MC-2.2.1); attack. Legal: attack")


def test_AMB_MC_8_cover_card_event_names_its_clause() -> None:
    st = to_hunt(players=2)
    red = first_of(st, "red")
    attack(st, 3, 1)
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("card", "cover"))
    st.apply_action(act("cover", red[0]))
    [ev] = [e for e in st.events if e.kind == "cover_card"]
    assert (ev.clause, ev.data) == ("AMB-MC-8", {"player": 0, "slot": red[0]})


def test_MC_C2_peeks_are_priced_each() -> None:
    seconds = dict.fromkeys(C.DEFAULT_SECONDS, 0.0)
    seconds["peek"] = 30.0
    st = to_hunt(players=2, seconds=seconds)
    for _ in range(2):  # two quiet turns with a peek each
        void_attack(st)
    assert st.metrics()["peeks"] == 2
    assert st.estimated_minutes() == pytest.approx(1.0)


def test_MC_C1_a_player_sees_their_own_board() -> None:
    st = two_players_placing()
    st.apply_action(act("place", "imprevisto", 5))
    assert st.render_svg(0) == render_svg(st, 0)
    assert st.render_svg(0) != st.render_svg(None)


def test_MC_C2_a_resample_keeps_what_the_player_placed() -> None:
    st = two_players_placing()
    st.apply_action(act("place", "imprevisto", 5))
    st.apply_action(act("place", "blue", 6))
    st.apply_action(act("place", "green", 7))  # seat 1
    for seed in range(5):
        guess = st.resample_hidden(0, np.random.default_rng(seed))
        assert guess.full_state()["tiles"][5:7] == st.full_state()["tiles"][5:7]
        assert guess.full_state()["to_place"][0] == st.full_state()["to_place"][0]


def test_MC_0_2_other_colour_names_follow_the_seat_colours_by_name() -> None:
    counts = {"yellow": 12, "violet": 12, "red": 12, "imprevisto": 12}
    game = lab.load("memcel", players=3, tile_counts=counts)
    assert game.tables.kinds == ["red", "violet", "yellow", "imprevisto"]
    assert lab.load("memcel", players=3, tile_counts=counts).new_initial_state().observation(None)[
        "colours"] == ["red", "violet", "yellow"]


def test_MC_0_2_the_game_class_takes_keyword_parameters() -> None:
    game = lab.game_class("memcel")(players=3, max_turns=40)
    assert (game.params["players"], game.params["max_turns"]) == (3, 40)


def test_MC_2_1_2_a_face_down_tile_of_the_first_colour_is_not_called_missing() -> None:
    """The widgets ask ``explain_illegal`` about a timed action even when it is legal."""
    st = to_hunt(players=2)
    attack(st, 3, 1)
    red = first_of(st, "red")[0]  # kind 0, face down
    assert st.explain_illegal(0, act("reveal", red)) == "now you must reveal a face-down tile (MC-2.1.2)"


# ------------------------------------------------------------------ MC-C5 the white face: re-roll
def test_MC_C5_reroll_turns_the_rolled_ring_by_the_d8() -> None:
    st = lab.load("memcel", players=2, ring_step=2).new_initial_state()
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    while not st.is_chance_node():
        st.apply_action(st.legal_actions()[0])
    roller = 0  # seat 0 placed first, finishes first and rolls at its next turn (MC-1.3)
    rolls = st.metrics()["rolls"]
    before = st.full_state()["tiles"][16:32]
    st.apply_action(act("icon", 2))  # white: re-roll
    st.apply_action(act("icon", 4))  # green ring, counter-clockwise
    st.apply_action(act("d8", 5))
    assert st.metrics()["rolls"] == rolls + 3
    tail = [(e.clause, e.kind, dict(e.data)) for e in st.events][-4:]
    assert tail == [
        ("MC-1.3", "complication", {"player": roller, "face": 2, "complication": "reroll"}),
        ("MC-C5", "reroll_icon", {"player": roller, "face": 4, "ring": "green", "dir": "ccw"}),
        ("MC-C5", "reroll_d8", {"player": roller, "value": 5}),
        ("MC-C5", "ring_turn", {"ring": 1, "steps": -10}),
    ]
    after = st.full_state()["tiles"][16:32]
    assert after == before[10:] + before[:10]  # 10 sectors counter-clockwise
    assert st.observation(None)["rings"][1]["offset"] == 6


# ------------------------------------------------------------------ AMB-MC-8 cards, MC-C5 swaps
def test_AMB_MC_8_peek_card_tells_the_table_where_and_only_the_drawer_what() -> None:
    st = to_hunt(players=2)
    green = first_of(st, "green")[0]
    attack(st, 3, 1)
    st.apply_action(act("reveal", first_of(st, "red")[0]))
    st.apply_action(act("card", "peek"))
    st.apply_action(act("peek", green))
    assert st.metrics()["cards"] == 1 and st.metrics()["peeks"] == 1
    [peeked] = [e for e in st.events if e.kind == "peeked"]  # the private record in the game's log
    assert peeked.clause == "AMB-MC-8" and tuple(peeked.visible_to) == (0,)
    step = st.event_log(None)[-1]["step"]
    card = {"clause": "MC-2.1.3", "kind": "card", "step": step - 1, "player": 0, "effect": "peek"}
    peek = {"clause": "AMB-MC-8", "kind": "peek", "step": step, "player": 0, "slot": green}
    assert st.event_log(None)[-2:] == [card, peek]
    assert st.event_log(1)[-2:] == [card, peek]
    assert st.event_log(0)[-3:] == [card, peek, {"clause": "AMB-MC-8", "kind": "peeked", "step": step,
                                                 "player": 0, "slot": green, "tile": "green"}]
    st.apply_action(act("defend", "card"))  # seat 1: a second card
    st.apply_action(act("card", "turn_ring:red:2"))
    st.apply_action(act("attack"))  # seat 0
    st.apply_action(act("d8", 1))
    st.apply_action(act("card", "turn_ring:green:3"))  # the void attack's card
    assert st.metrics()["cards"] == 3 and st.metrics()["ring_turns"] == 2


def test_MC_2_1_2_3_a_swap_from_the_imprevisto_card_comes_before_the_turns_card() -> None:
    st = to_hunt(players=2)
    imp = first_of(st, "imprevisto")[0]
    attack(st, 3, 1)
    st.apply_action(act("reveal", imp))
    assert st.pending() == {"task": "card", "roll": 3, "x": 1, "found": 0, "reason": "MC-2.1.2.3"}
    st.apply_action(act("card", "swap"))
    assert st.pending() == {"task": "swap1"} and st.current_player() == 0
    st.apply_action(act("swap", 5))
    assert st.pending() == {"task": "swap2", "swap_first": 5} and st.current_player() == 0
    swaps = st.metrics()["swaps"]
    st.apply_action(act("swap", 40))
    assert st.metrics()["swaps"] == swaps + 1
    [ev] = [e for e in st.events if e.kind == "swap"][-1:]
    assert (ev.clause, dict(ev.data)) == ("AMB-MC-8", {"player": 0, "a": 5, "b": 40})
    assert st.pending() == {"task": "card", "roll": 3, "x": 1, "found": 0, "reason": "MC-2.1.3"}


TWO_TILES = {
    "players": 2, "tile_counts": {"red": 1, "green": 1}, "deck": {"swap": 50},
    "ring_layout": [{"colour": "red", "sectors": 1}, {"colour": "green", "sectors": 1}],
    "icon_die": [{"ring": "red", "dir": "cw", "complication": "swap"}],
}


def test_MC_C5_a_swap_of_the_only_two_tiles_on_the_board() -> None:
    st = lab.load("memcel", **TWO_TILES).new_initial_state()
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    st.apply_action(act("place", "red", 0))
    st.apply_action(act("place", "green", 1))  # seat 1
    st.apply_action(act("icon", 0))  # seat 0's MC-1.3 complication: grey, swap two tiles
    assert st.pending() == {"task": "swap1"} and st.legal_actions() == [act("swap", 0), act("swap", 1)]
    st.apply_action(act("swap", 1))
    st.apply_action(act("swap", 0))
    assert st.full_state()["tiles"] == [1, 0]
    ev = [e for e in st.events if e.kind == "swap"][-1]
    assert (ev.clause, dict(ev.data)) == ("MC-C5", {"player": 0, "a": 1, "b": 0})
    assert st.metrics()["swaps"] == 1
    st.apply_action(act("icon", 0))  # seat 1's complication: another swap
    st.apply_action(act("swap", 0))
    st.apply_action(act("swap", 1))
    assert st.full_state()["tiles"] == [0, 1] and st.metrics()["swaps"] == 2


def test_MC_3_the_unfinished_record_every_viewer_gets() -> None:
    st = to_hunt(players=2, max_turns=2)
    st.apply_action(act("defend", "skip"))
    st.apply_action(act("defend", "skip"))
    step = len(st.history())
    record = {"clause": "MC-3:max_turns", "kind": "unfinished", "step": step, "limit": "max_turns=2",
              "turns": 2}
    for viewer in (None, 0, 1):
        assert st.event_log(viewer)[-1] == record


# ------------------------------------------------------------------ MC-2.1 attacks: counts and records
SMALL = {
    "players": 2, "tile_counts": {"red": 3, "green": 3}, "deck": {"peek": 50},
    "ring_layout": [{"colour": "red", "sectors": 3}, {"colour": "green", "sectors": 3}],
    "icon_die": [{"ring": "red", "dir": "cw", "complication": "board"}],
}


def test_MC_2_1_1_x_is_at_most_the_face_down_tiles() -> None:
    st = to_hunt(**SMALL)
    assert st.phase == "hunt"
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 8))  # x < 8, but only 6 tiles are face down
    assert [a.args[0] for a in st.legal_actions()] == [1, 2, 3, 4, 5, 6]
    st.apply_action(act("choose_x", 1))
    st.apply_action(act("reveal", first_of(st, "red")[0]))  # full success: 5 face down
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    st.apply_action(act("attack"))  # seat 1
    st.apply_action(act("d8", 8))
    assert [a.args[0] for a in st.legal_actions()] == [1, 2, 3, 4, 5]


def test_MC_2_1_1_a_void_attack_still_ends_with_the_card_without_a_success() -> None:
    st = to_hunt(players=2, card_after_success=False)
    m = st.metrics()
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 1))
    assert st.event_log(None)[-1] == {"clause": "MC-2.1.1", "kind": "no_attack_possible",
                                      "step": len(st.history()), "player": 0, "value": 1}
    assert st.pending() == {"task": "card", "roll": 1, "x": 0, "found": 0, "reason": "MC-2.1.3"}
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    st.apply_action(act("attack"))  # seat 1
    st.apply_action(act("d8", 1))
    got = st.metrics()
    assert got["void_attacks"] == m["void_attacks"] + 2
    assert got["rolls"] == m["rolls"] + 2 and got["attacks"] == m["attacks"] + 2
    assert got["declarations"] == m["declarations"] + 2


def test_MC_2_1_2_3_imprevisto_goes_back_face_down_and_is_counted() -> None:
    st = to_hunt(players=2)
    imps = first_of(st, "imprevisto")
    reds = first_of(st, "red")
    m = st.metrics()
    attack(st, 4, 3)
    st.apply_action(act("reveal", reds[0]))
    st.apply_action(act("reveal", imps[0]))  # y = 2: two lost turns as well
    imp_event = [e for e in st.events if e.kind == "imprevisto_revealed"][-1]
    assert (imp_event.clause, dict(imp_event.data)) == ("MC-2.1.2.3", {"player": 0, "slot": imps[0], "y": 2})
    full = st.full_state()
    assert full["up"][imps[0]] is False and full["upby"][imps[0]] == -1
    assert full["up"][reds[0]] is False and full["upby"][reds[0]] == -1  # MC-2.1.2.1 covered too
    st.apply_action(act("card", "lose_turn"))  # the imprevisto card: one more lost turn
    st.apply_action(act("card", "peek"))  # the turn's card
    st.apply_action(st.legal_actions()[0])
    got = st.metrics()
    assert got["imprevisto_reveals"] == m["imprevisto_reveals"] + 1
    assert got["lost_turns"] == m["lost_turns"] + 3 and got["penalties"] == m["penalties"] + 1
    assert st.full_state()["lost"] == [3, 0]
    turns = st.metrics()["turns"]
    while st.current_player() == 1:  # seat 1 plays quiet turns, seat 0 sits out three
        void_attack(st)
    assert st.metrics()["turns"] == turns + 7 and st.full_state()["lost"] == [0, 0]
    assert st.metrics()["sit_outs"] == m["sit_outs"] + 3
    attack(st, 4, 3)  # seat 0 again, found none: y = 3, a second penalty
    st.apply_action(act("reveal", first_of(st, "green")[0]))
    got2 = st.metrics()
    assert got2["penalties"] == got["penalties"] + 1 and got2["lost_turns"] == got["lost_turns"] + 3
    assert got2["imprevisto_reveals"] == got["imprevisto_reveals"]


def test_MC_2_1_2_2_house_rule_a_single_lost_turn_is_sat_out() -> None:
    game = lab.load("memcel", players=2).with_rules({"MC-2.1.2.2": lambda x, found: 1})
    st = game.new_initial_state()
    for item in to_hunt(players=2).history():  # the same set-up under the house rule
        st.apply_action(item.action)
    attack(st, 2, 1)
    st.apply_action(act("reveal", first_of(st, "green")[0]))  # y = 1: the house rule costs a turn
    lost = [e for e in st.events if e.kind == "lost_turns"]
    assert [(e.clause, dict(e.data)) for e in lost] == [("MC-2.1.2.2", {"player": 0, "turns": 1})]
    assert st.full_state()["lost"] == [1, 0]


def test_AMB_MC_4_another_players_miss_completes_seat_0s_colour() -> None:
    st = to_hunt(players=2)
    reds = first_of(st, "red")
    attack(st, 8, 7)
    for s in reds[:7]:
        st.apply_action(act("reveal", s))
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    st.apply_action(act("defend", "skip"))  # seat 1
    attack(st, 3, 2)  # seat 0: nine of ten red tiles up
    for s in reds[7:9]:
        st.apply_action(act("reveal", s))
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    attack(st, 2, 1)  # seat 1 misses on the last red tile
    st.apply_action(act("reveal", reds[9]))
    assert st.is_terminal() and st.winners() == [0]
    assert [e.data["player"] for e in st.events if e.kind == "win"] == [0]


def test_AMB_MC_5_a_miss_draws_the_turns_card_even_when_a_success_does_not() -> None:
    st = to_hunt(players=2, card_after_success=False)
    attack(st, 2, 1)
    st.apply_action(act("reveal", first_of(st, "green")[0]))
    assert st.pending() == {"task": "card", "roll": 2, "x": 1, "found": 0, "reason": "MC-2.1.3"}


# ------------------------------------------------------------------ MC-C5 / AMB-MC-6 turning things
def _rotated(seg: list[int], k: int) -> list[int]:
    """``seg`` turned ``k`` sectors clockwise (the tile at i moves to i + k)."""
    k %= len(seg)
    return seg[len(seg) - k:] + seg[:len(seg) - k]


def test_AMB_MC_6_two_board_turns_add_up_and_ccw_turns_back() -> None:
    st = to_hunt(players=2, face=SWAP_FACE)  # no board turn during set-up
    assert st.board_angle == 0
    before = st.full_state()["tiles"]
    st.apply_action(act("defend", "complication"))
    st.apply_action(act("icon", BOARD_FACE))  # red cw black: +90 degrees
    st.apply_action(act("defend", "complication"))  # seat 1
    st.apply_action(act("icon", BOARD_FACE))  # +90 again: 180, four more sectors
    after = st.full_state()["tiles"]
    for r in range(3):
        assert after[16 * r:16 * r + 16] == _rotated(before[16 * r:16 * r + 16], 8)
    assert [e.data["shifts"] for e in st.events if e.kind == "board_turn"] == [[4, 4, 4], [4, 4, 4]]
    st.apply_action(act("attack"))  # seat 0
    st.apply_action(act("d8", 1))
    st.apply_action(act("card", "turn_board:ccw"))  # back to 90 degrees
    assert st.board_angle == 90
    assert st.full_state()["tiles"][32:] == _rotated(before[32:], 4)


def test_MC_C5_the_counter_clockwise_black_face_turns_the_board_back() -> None:
    st = to_hunt(players=2, face=SWAP_FACE)
    before = st.full_state()["tiles"]
    st.apply_action(act("defend", "complication"))
    st.apply_action(act("icon", 5))  # blue ccw black
    assert st.board_angle == 270
    assert st.full_state()["tiles"][:16] == _rotated(before[:16], -4)


def test_AMB_MC_8_a_card_turns_a_ring_by_one_sector() -> None:
    st = to_hunt(players=2, deck={"turn_ring:green:1": 25, "peek": 25})
    before = st.full_state()["tiles"]
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 1))
    st.apply_action(act("card", "turn_ring:green:1"))
    assert st.full_state()["tiles"][16:32] == _rotated(before[16:32], 1)
    assert st.full_state()["tiles"][:16] == before[:16]


def test_AMB_MC_8_peek_choices_are_exactly_the_face_down_tiles() -> None:
    st = to_hunt(players=2)
    red = first_of(st, "red")[0]
    attack(st, 2, 1)
    st.apply_action(act("reveal", red))
    st.apply_action(act("card", "peek"))
    assert st.legal_actions() == [act("peek", s) for s in range(48) if s != red]


# ------------------------------------------------------------------ MC-0.1 order, MC-0.2 shares, MC-1 placing
def test_MC_0_1_ties_are_rolled_again_by_the_tied_players_only() -> None:
    st = lab.load("memcel", players=3).new_initial_state()
    for v in (5, 5, 2):
        st.apply_action(act("d8", v))
    assert st.event_log(None)[-1] == {"clause": "MC-0.1", "kind": "order_tie", "step": 3, "players": [0, 1]}
    assert [e.kind for e in st.events].count("order_roll") == 3
    st.apply_action(act("d8", 3))  # seat 0
    st.apply_action(act("d8", 6))  # seat 1 wins the re-roll
    assert st.metrics()["rolls"] == 5
    log = st.event_log(None)
    assert log[-2] == {"clause": "MC-0.1", "kind": "turn_order", "step": 5, "order": [1, 2, 0]}
    shares = [[10, 0, 0, 4, 2], [0, 10, 0, 3, 3], [0, 0, 10, 3, 3]]  # MC-0.3: orange 4/3/3, imprevisto 2/3/3
    assert log[-1] == {"clause": "MC-0.2", "kind": "tiles_shared", "step": 5, "shares": shares,
                       "kinds": ["red", "green", "blue", "orange", "imprevisto"]}
    assert st.current_player() == 1 and st.phase == "place"


def test_MC_0_1_after_twenty_tied_rounds_the_lowest_seat_starts() -> None:
    st = lab.load("memcel", players=2).new_initial_state()
    for _ in range(20):
        assert st.phase == "order"
        st.apply_action(act("d8", 4))
        st.apply_action(act("d8", 4))
    assert st.phase == "place" and st.full_state()["order"] == [0, 1]
    assert [e.kind for e in st.events].count("order_tie") == 19
    assert st.metrics()["rolls"] == 40


def test_MC_C3_card_draws_are_weighted_by_the_cards_left() -> None:
    st = to_hunt(players=2, deck={"peek": 3, "swap": 1}, deck_size=4)
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 1))
    assert [(a.args[0], p) for a, p in st.chance_outcomes()] == [("peek", 0.75), ("swap", 0.25)]
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    st.apply_action(act("attack"))  # seat 1
    st.apply_action(act("d8", 1))
    assert [(a.args[0], p) for a, p in st.chance_outcomes()] == [
        ("peek", pytest.approx(2 / 3)), ("swap", pytest.approx(1 / 3))]


def test_MC_1_2_the_placers_record_names_MC_1_2_the_tables_MC_1_1() -> None:
    st = two_players_placing()
    st.apply_action(act("place", "imprevisto", 4))
    st.apply_action(act("place", "red", 9))
    assert st.metrics()["placements"] == 2
    mine, theirs = st.event_log(0)[-2], st.event_log(1)[-2]
    assert mine == {"clause": "MC-1.2", "kind": "place", "step": 3, "player": 0, "slot": 4,
                    "tile": "imprevisto"}
    assert theirs == {"clause": "MC-1.1", "kind": "place", "step": 3, "player": 0, "slot": 4}
    st.apply_action(act("place", "green", 0))  # seat 1
    assert st.metrics()["placements"] == 3


# ------------------------------------------------------------------ turns: records and counts
def test_MC_2_full_state_of_a_new_game() -> None:
    full = lab.load("memcel", players=2).new_initial_state().full_state()
    assert (full["turn_idx"], full["extra"], full["attack"], full["phase"]) == (-1, 0, [], "order")
    assert full["mark"] == [0, 0, 0] and full["queue"] == [["order", 0], ["order", 1]]


def test_MC_2_2_defences_are_recorded_and_counted() -> None:
    st = to_hunt(players=2)
    m = st.metrics()
    st.apply_action(act("defend", "skip"))
    st.apply_action(act("defend", "skip"))  # seat 1
    rec = [(e.clause, dict(e.data)) for e in st.events if e.kind == "defence"]
    assert rec == [("MC-2.2", {"player": 0, "option": "skip"}), ("MC-2.2", {"player": 1, "option": "skip"})]
    got = st.metrics()
    assert got["defences"] == m["defences"] + 2 and got["declarations"] == m["declarations"] + 2
    attack(st, 3, 2)  # declare and x: two declarations
    assert st.metrics()["declarations"] == got["declarations"] + 2


def test_MC_2_0_the_hunt_starts_with_the_first_player_and_rounds_are_counted() -> None:
    st = lab.load("memcel", players=2).new_initial_state()
    st.apply_action(act("d8", 1))
    st.apply_action(act("d8", 8))  # seat 1 starts
    while st.phase != "hunt":
        st.apply_action(st.legal_actions()[0])
    [start] = [e for e in st.events if e.kind == "hunt_starts"]
    assert (start.clause, dict(start.data)) == ("MC-2.0", {"first": 1})
    assert st.current_player() == 1 and st.metrics()["rounds"] == 1
    for _ in range(4):
        st.apply_action(act("defend", "skip") if not st.full_state()["defended"][st.current_player()]
                        else act("attack"))
        while st.is_chance_node() or st.pending().get("task") in ("peek", "swap1", "swap2", "x", "reveal"):
            st.apply_action(act("d8", 1) if st.pending()["task"] == "ad8" else st.legal_actions()[0])
    assert st.metrics()["turns"] == 5 and st.metrics()["rounds"] == 3


def test_AMB_MC_8_two_extra_turns_and_a_lost_turn_card() -> None:
    st = to_hunt(players=2)
    imp = first_of(st, "imprevisto")[0]
    m = st.metrics()
    attack(st, 2, 1)
    st.apply_action(act("reveal", imp))
    st.apply_action(act("card", "extra_turn"))  # the imprevisto card
    st.apply_action(act("card", "extra_turn"))  # the turn's card
    assert st.metrics()["extra_turns"] == m["extra_turns"] + 2
    assert st.current_player() == 0
    assert [dict(e.data) for e in st.events if e.kind == "extra_turn_starts"] == [{"player": 0}]
    st.apply_action(act("defend", "skip"))  # the first extra turn
    assert st.current_player() == 0
    starts = [(e.clause, dict(e.data)) for e in st.events if e.kind == "extra_turn_starts"]
    assert starts == [("MC-2.0", {"player": 0}), ("MC-2.0", {"player": 0})]
    void_attack(st)  # the second extra turn
    assert st.current_player() == 1
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 1))
    st.apply_action(act("card", "lose_turn"))
    [lost] = [e for e in st.events if e.kind == "lost_turns"]
    assert (lost.clause, dict(lost.data)) == ("AMB-MC-8", {"player": 1, "turns": 1})
    sits = st.metrics()["sit_outs"]
    st.apply_action(act("attack"))  # seat 0; seat 1 then sits out
    st.apply_action(act("d8", 1))
    st.apply_action(act("card", "turn_board:cw"))
    [board] = [e for e in st.events if e.kind == "board_turn" and e.clause == "AMB-MC-8"]
    assert board.data["degrees"] == 90
    sat = [(e.clause, dict(e.data)) for e in st.events if e.kind == "sits_out"]
    assert sat == [("MC-2.1.2.2", {"player": 1, "left": 0})]
    assert st.metrics()["sit_outs"] == sits + 1 and st.current_player() == 0
    assert st.full_state()["defended"][1] is False  # AMB-MC-9: a sat-out turn clears the defence


def test_MC_2_1_2_3_cards_of_the_imprevisto_tile_act_before_the_turns_card() -> None:
    st = to_hunt(players=2)
    imps = first_of(st, "imprevisto")
    green = first_of(st, "green")[0]
    m = st.metrics()
    void_attack(st)  # seat 0
    attack(st, 2, 1)  # seat 1: a full success leaves a green tile up
    st.apply_action(act("reveal", green))
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    attack(st, 3, 2)  # seat 0 reveals an imprevisto tile first
    st.apply_action(act("reveal", imps[0]))
    st.apply_action(act("card", "cover"))
    assert st.pending() == {"task": "cover"} and st.legal_actions() == [act("cover", green)]
    st.apply_action(act("cover", green))
    assert st.pending()["reason"] == "MC-2.1.3"
    st.apply_action(act("card", "turn_ring:red:2"))
    attack(st, 2, 1)  # seat 1 reveals the other imprevisto tile
    st.apply_action(act("reveal", imps[1]))
    st.apply_action(act("card", "peek"))
    assert st.pending() == {"task": "peek"}
    st.apply_action(st.legal_actions()[0])
    assert st.pending()["reason"] == "MC-2.1.3"
    assert st.metrics()["imprevisto_reveals"] == m["imprevisto_reveals"] + 2


def test_AMB_MC_8_a_peek_when_only_the_first_colours_tiles_are_face_down() -> None:
    st = to_hunt(revealed_by_other_counts=False, **SMALL)
    greens, reds = first_of(st, "green"), first_of(st, "red")
    for turn, green in enumerate(greens):  # seat 0 misses on a green tile three times
        attack(st, 2, 1)
        st.apply_action(act("reveal", green))
        st.apply_action(act("card", "peek"))
        if turn < 2:
            st.apply_action(st.legal_actions()[0])
            st.apply_action(act("defend", "skip") if turn == 0 else act("attack"))  # seat 1
            if turn == 1:
                st.apply_action(act("d8", 1))
                st.apply_action(act("card", "peek"))
                st.apply_action(st.legal_actions()[0])
    slots = st.observation(None)["slots"]
    assert [slots[s] for s in reds] == ["down"] * 3 and [slots[s] for s in greens] == ["green"] * 3
    assert not st.is_terminal() and st.pending() == {"task": "peek"}
    assert st.legal_actions() == [act("peek", s) for s in sorted(reds)]


def test_AMB_MC_8_no_peek_when_every_tile_is_face_up() -> None:
    """Misses leave the other colour's tiles up, and they count for nobody (AMB-MC-4 off)."""
    st = to_hunt(revealed_by_other_counts=False, cover_scope="turn", **SMALL)
    greens, reds = first_of(st, "green"), first_of(st, "red")
    for green, red in zip(greens, reds, strict=True):
        attack(st, 2, 1)  # seat 0 misses on a green tile
        st.apply_action(act("reveal", green))
        st.apply_action(act("card", "peek"))
        st.apply_action(st.legal_actions()[0])
        attack(st, 2, 1)  # seat 1 misses on a red tile
        st.apply_action(act("reveal", red))
        st.apply_action(act("card", "peek"))
        if red != reds[-1]:
            st.apply_action(st.legal_actions()[0])
    assert set(st.observation(None)["slots"]) == {"red", "green"} and not st.is_terminal()
    assert st.pending() == {"task": "declare"} and st.current_player() == 0


# ------------------------------------------------------------------ a subclass of the state
def test_MC_2_a_subclass_of_the_state_runs_its_own_task_handlers() -> None:
    """Task handlers are looked up once per class: a subclass's own ``_do_<kind>`` runs (here
    counting MC-2.1.2 reveals), the game is move for move the base class's, and the base
    state's contracts (``returns`` hands out a fresh list) still hold for the subclass."""
    from lab.games.memcel.state import MemcelState

    reveals: list[lab.Action] = []
    kept = [0.0, 0.0]

    class Counting(MemcelState):
        def _do_reveal(self, task: tuple, action: lab.Action) -> None:
            reveals.append(action)
            super()._do_reveal(task, action)

        def returns(self) -> list[float]:
            return kept

    game = lab.load("memcel", players=2)
    base = lab.play(game, "random", seed=4)
    sub = lab.play(game, "random", seed=4, state=Counting(game))
    assert sub.history() == base.history() and sub.events == base.events
    assert reveals == [a for _, a in sub.history() if a.kind == "reveal"] and reveals
    assert sub.returns() == kept and sub.returns() is not kept


def test_MC_3_AMB_MC_4_a_win_counts_each_own_tile_once_when_others_reveals_do_not_count() -> None:
    """With AMB-MC-4 off, seat 0 with 2 of its 3 red tiles face up (revealed by itself) has not
    won; the third one wins."""
    st = to_hunt(revealed_by_other_counts=False, **SMALL)
    reds = first_of(st, "red")
    attack(st, 3, 2)
    st.apply_action(act("reveal", reds[0]))
    st.apply_action(act("reveal", reds[1]))  # a full success of x = 2
    assert not st.is_terminal() and st.observation(None)["own_face_up"] == [2, 0]
    assert not any(e.kind == "win" for e in st.events)
    st.apply_action(act("card", "peek"))  # the turn's card, then seat 1 passes its turn
    st.apply_action(act("peek", reds[2]))
    void_attack(st)
    assert st.current_player() == 0 and st.observation(None)["own_face_up"] == [2, 0]
    attack(st, 2, 1)
    st.apply_action(act("reveal", reds[2]))
    assert st.is_terminal() and st.returns()[0] > st.returns()[1]
    assert [e.data["player"] for e in st.events if e.kind == "win"] == [0]


def test_AMB_MC_8_events_since_a_players_last_decision_count_their_private_peeks() -> None:
    """An observation's ``events`` are what the viewer saw since they last decided: at each
    decision a player's records run to the end, and the next observation starts there -- also
    after AMB-MC-8 peeks only the peeking player saw (private records), and for the table."""
    st = to_hunt(**{**SMALL, "deck": {"peek": 50}})
    rng = np.random.default_rng(3)
    last: dict[int | None, int] = {}
    peeks = 0
    for _ in range(80):
        if st.is_terminal():
            break
        p = st.current_player()
        if p >= 0:
            for v in (p, None):
                obs = st.observation(v)
                if v in last:
                    assert obs["events_start"] == last[v], (v, peeks)
                last[v] = obs["events_start"] + len(obs["events"])
            legal = st.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        else:
            outcomes = st.chance_outcomes()
            action = outcomes[int(rng.integers(len(outcomes)))][0]
        peeks += action.kind == "peek"
        st.apply_action(action)
    assert peeks >= 3  # several private records of each seat between its decisions


def test_MC_C5_a_swap_while_tiles_are_still_being_placed_picks_only_covered_sectors() -> None:
    """MC-1.3 / MC-C5: seat 0 has placed its only tile and rolls its complication (a swap) while
    one sector is still empty: both picks are among the covered sectors, the second another one."""
    game = lab.load("memcel", players=2, ring_layout=[{"colour": "red", "sectors": 4}],
                    tile_counts={"red": 1, "green": 3}, deck={"swap": 50},
                    icon_die=[{"ring": "red", "dir": "cw", "complication": "swap"}])
    st = game.new_initial_state()
    for action in (act("d8", 8), act("d8", 1), act("place", "red", 0), act("place", "green", 1),
                   act("place", "green", 2), act("icon", 0)):
        st.apply_action(action)
    assert st.public_slots() == ["down", "down", "down", None] and st.pending() == {"task": "swap1"}
    assert st.legal_actions() == [act("swap", 0), act("swap", 1), act("swap", 2)]
    second = st.clone()
    st.apply_action(act("swap", 2))
    assert st.legal_actions() == [act("swap", 0), act("swap", 1)]
    second.apply_action(act("swap", 0))
    assert second.legal_actions() == [act("swap", 1), act("swap", 2)]
