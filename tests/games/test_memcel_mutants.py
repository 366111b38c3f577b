"""Memcel: tests written against mutants that survived (``make mutants GAME=memcel``).

Each checks a rule or a public view exactly, through the public API (actions, events,
observations, the board graph, metrics, messages), so that a planted wrong rule fails it.
"""

from __future__ import annotations

import dataclasses

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
    assert d(act("place", "Xenon", 0)) == "place a Xenon tile at red ring, position 0"
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


def two_players_placing() -> lab.State:
    """A 2-player game at its first placement (seat 0 rolled highest)."""
    st = lab.load("memcel", players=2).new_initial_state()
    for roll in (8, 1):
        st.apply_action(act("d8", roll))
    return st


def test_MC_1_1_illegal_placements_name_the_reason() -> None:
    st = two_players_placing()
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
    assert two_players_placing().click_default(0, "slot-3") == act("place", "red", 3)
    import numpy as np

    guess = st.resample_hidden(0, np.random.default_rng(0))
    assert guess.observation(0)["slots"] == st.observation(0)["slots"]


# ------------------------------------------------------------------ the linter's accounting
# What the linter reads (``game.accounting()``): every stated total, share and note, field by
# field, for a 3-player game (the uneven imprevisto share) and a 2-player inclusive variant.
# Each text was read against the seed when it was written; a changed count, clause or word fails.
ACCOUNTING_3P = [{'check': 'StatedTotal',
  'clauses': ('MC-C2',),
  'fix': '',
  'id': 'MC-tiles',
  'parts': {'blue tiles': 10,
            'green tiles': 10,
            'imprevisto tiles': 8,
            'orange tiles': 10,
            'red tiles': 10},
  'stated': 48,
  'what': 'tiles in the box'},
 {'check': 'StatedTotal',
  'clauses': ('MC-C2',),
  'fix': '',
  'id': 'MC-colour-tiles',
  'parts': {'blue tiles': 10, 'green tiles': 10, 'orange tiles': 10, 'red tiles': 10},
  'stated': 40,
  'what': 'colour tiles'},
 {'check': 'StatedTotal',
  'clauses': ('AMB-MC-1', 'MC-1.1'),
  'fix': '',
  'id': 'MC-sectors',
  'parts': {'blue ring': 16, 'green ring': 16, 'red ring': 16},
  'stated': 48,
  'what': 'board sectors (the board ends fully covered)'},
 {'check': 'Conservation',
  'clauses': ('MC-0.2', 'MC-0.3', 'MC-1.2'),
  'fix': '',
  'id': 'MC-shares',
  'places': {'player 0 (red)': 16, 'player 1 (green)': 16, 'player 2 (blue)': 16},
  'total': 48,
  'what': "tiles placed by the players (absent players' tiles included)"},
 {'check': 'Divisible',
  'clauses': ('MC-0.3',),
  'fix': '',
  'id': 'MC-share-equal',
  'parts': 3,
  'severity': 'warning',
  'total': 48,
  'what': 'tiles shared among the players'},
 {'check': 'Divisible',
  'clauses': ('MC-0.2',),
  'fix': '',
  'id': 'MC-imprevisto-share',
  'parts': 4,
  'severity': 'warning',
  'total': 8,
  'what': 'imprevisto tiles, an equal number per colour'},
 {'check': 'StatedTotal',
  'clauses': ('MC-0.2',),
  'fix': '',
  'id': 'MC-own-tiles',
  'parts': {'red tiles': 10},
  'stated': 10,
  'what': 'own colour tiles per player'},
 {'check': 'StatedTotal',
  'clauses': ('MC-C3', 'AMB-MC-8'),
  'fix': '',
  'id': 'MC-deck',
  'parts': {'cover': 4,
            'extra_turn': 5,
            'lose_turn': 5,
            'peek': 6,
            'swap': 6,
            'turn_board:ccw': 3,
            'turn_board:cw': 3,
            'turn_ring:blue:-4': 3,
            'turn_ring:blue:4': 3,
            'turn_ring:green:-3': 3,
            'turn_ring:green:3': 3,
            'turn_ring:red:-2': 3,
            'turn_ring:red:2': 3},
  'stated': 50,
  'what': 'imprevisto cards'},
 {'check': 'Note',
  'clauses': ('AMB-MC-8', 'MC-C3'),
  'extra': {},
  'fix': 'write the 50 card texts',
  'id': 'MC-deck-stand-in',
  'message': 'the seed has 50 imprevisto cards but no card texts; the deck is a provisional '
             "stand-in built from effect primitives (parameter 'deck')",
  'severity': 'warning'},
 {'check': 'Note',
  'clauses': ('MC-C5',),
  'extra': {},
  'fix': 'list the six faces',
  'id': 'MC-icon-die',
  'message': "the seed does not list the icon die's six faces; parameter 'icon_die' proposes one "
             '(each ring x direction once, each complication twice)',
  'severity': 'info'},
 {'check': 'Note',
  'clauses': ('MC-2.1.2.0',),
  'extra': {},
  'fix': 'add Case 1',
  'id': 'MC-worked-example-1',
  'message': "the seed's worked examples are numbered Case 2-4; Case 1 (presumably the full "
             'success, MC-2.1.2.0) is missing from the text',
  'severity': 'info'},
 {'check': 'Note',
  'clauses': ('MC-C2',),
  'extra': {},
  'fix': '',
  'id': 'MC-colour-tiles-note',
  'message': '40 colour tiles in 4 colours',
  'severity': 'info'},
 {'check': 'Note',
  'clauses': ('MC-2.1.2.3', 'MC-2.1.3'),
  'extra': {},
  'fix': 'say whether it is 1 or 2 cards',
  'id': 'MC-imprevisto-cards',
  'message': 'an imprevisto tile revealed draws a card at once (MC-2.1.2.3) and MC-2.1.3 draws one '
             "'after all the cases above': the text gives 2 cards in that turn; parameter "
             "'imprevisto_cards' = 2",
  'severity': 'info'},
 {'check': 'Note',
  'clauses': ('MC-2.1.1', 'MC-2.1.3'),
  'extra': {},
  'fix': 'say what a roll of 1 does',
  'id': 'MC-void-attack',
  'message': 'a d8 roll of 1 allows no x < 1: the seed does not say whether the end-of-turn card '
             "is drawn after such a void attack; parameter 'void_attack' = 'card'",
  'severity': 'info'},
 {'check': 'Note',
  'clauses': ('MC-0.3', 'MC-0.2'),
  'extra': {},
  'fix': 'say who places the odd imprevisto tiles',
  'id': 'MC-absent-share',
  'message': "the absent players' imprevisto tiles do not divide among 3 players: imprevisto tiles "
             "by seat [2, 3, 3] (parameter 'absent_share' = 'colours_first')",
  'severity': 'warning'}]

ACCOUNTING_2P_CHANGES = {'MC-imprevisto-cards': {'check': 'Note',
                         'clauses': ('MC-2.1.2.3', 'MC-2.1.3'),
                         'extra': {},
                         'fix': 'say whether it is 1 or 2 cards',
                         'id': 'MC-imprevisto-cards',
                         'message': 'an imprevisto tile revealed draws a card at once (MC-2.1.2.3) '
                                    "and MC-2.1.3 draws one 'after all the cases above': the text "
                                    "gives 2 cards in that turn; parameter 'imprevisto_cards' = 1",
                         'severity': 'info'},
 'MC-share-equal': {'check': 'Divisible',
                    'clauses': ('MC-0.3',),
                    'fix': '',
                    'id': 'MC-share-equal',
                    'parts': 2,
                    'severity': 'warning',
                    'total': 48,
                    'what': 'tiles shared among the players'},
 'MC-shares': {'check': 'Conservation',
               'clauses': ('MC-0.2', 'MC-0.3', 'MC-1.2'),
               'fix': '',
               'id': 'MC-shares',
               'places': {'player 0 (red)': 24, 'player 1 (green)': 24},
               'total': 48,
               'what': "tiles placed by the players (absent players' tiles included)"}}
"""What differs for 2 players, x <= N and one card per imprevisto tile (by check id)."""
ACCOUNTING_2P_DROPPED = {'MC-void-attack', 'MC-absent-share'}
"""Notes that no longer apply (an even share; no void attack under x <= N)."""


def accounting(**params: object) -> list[dict]:
    return [{**dataclasses.asdict(c), "check": type(c).__name__}
            for c in lab.load("memcel", **params).accounting()]


def test_MC_C2_MC_0_3_linter_accounting_field_by_field() -> None:
    assert accounting(players=3) == ACCOUNTING_3P
    got = accounting(players=2, reveal_limit="inclusive", imprevisto_cards=1)
    expected = [ACCOUNTING_2P_CHANGES.get(c["id"], c) for c in ACCOUNTING_3P
                if c["id"] not in ACCOUNTING_2P_DROPPED]
    assert got == expected


# ------------------------------------------------------------------ copies, dumps, results
def mid_game() -> lab.State:
    """A 3-player hunt with a face-up tile, a lost turn, a defence and an attack under way."""
    st = to_hunt()
    red = first_of(st, "red")
    attack(st, 3, 2)
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("reveal", red[1]))  # full success: two red tiles stay up
    st.apply_action(act("card", "lose_turn"))
    st.apply_action(act("defend", "skip"))  # seat 1
    st.apply_action(act("attack"))  # seat 2
    st.apply_action(act("d8", 6))
    st.apply_action(act("choose_x", 3))
    return st


def test_MC_2_clone_plays_on_alone_and_like_the_original() -> None:
    st = mid_game()
    twin = st.clone()
    assert type(twin) is type(st) and twin == st and twin.full_state() == st.full_state()
    assert twin.legal_actions() == st.legal_actions()
    assert twin.observation(2) == st.observation(2) and twin.event_log(None) == st.event_log(None)
    blue = first_of(st, "blue")
    for s in (twin, st):
        s.apply_action(act("reveal", blue[0]))
    assert twin == st and twin.full_state() == st.full_state()
    before = st.full_state()
    twin.apply_action(act("reveal", blue[1]))  # the copy moves on, the original stays
    twin.apply_action(act("reveal", first_of(twin, "green")[0]))
    assert st.full_state() == before and twin.full_state() != before
    assert len(twin.history()) == len(st.history()) + 2 and len(twin.events) > len(st.events)
    assert twin.game is st.game


def test_MC_2_full_state_dumps_the_whole_position() -> None:
    st = mid_game()
    fs = st.full_state()
    obs = st.observation(None)
    assert set(fs) == {
        "tiles", "up", "upby", "offsets", "board_angle", "phase", "order", "turn_idx", "to_place",
        "rolled", "lost", "defended", "extra", "turns", "rounds", "winner", "stopped_by",
        "attack", "deck", "rolls", "contenders", "order_round", "counts", "queue", "mark"}
    kinds = st.game.tables.kinds
    shown = [None if k < 0 else (kinds[k] if u else "down") for k, u in zip(fs["tiles"], fs["up"], strict=True)]
    assert shown == obs["slots"]
    assert [u for u in fs["upby"] if u >= 0] == [0, 0]
    assert fs["offsets"] == [r["offset"] for r in obs["rings"]] and fs["board_angle"] == obs["board_angle"]
    assert fs["phase"] == "hunt" == obs["phase"] and fs["order"] == obs["turn_order"] == [0, 1, 2]
    assert fs["turn_idx"] == 2 and fs["extra"] == 0 and fs["winner"] == -1 and fs["stopped_by"] is None
    assert [sum(x) for x in fs["to_place"]] == obs["left_to_place"] == [0, 0, 0]
    assert fs["rolled"] == [True, True, True]
    assert fs["lost"] == obs["lost_turns"] == [1, 0, 0]
    assert fs["defended"] == obs["defended_last_turn"] == [False, True, False]
    assert fs["turns"] == obs["turns"] == 3 and fs["rounds"] == obs["rounds"] == 1
    assert fs["attack"] == [6, 3, 0, []]
    assert sum(fs["deck"]) == obs["deck_left"] == 49
    assert fs["rolls"] == {"0": 8, "1": 1, "2": 1} and fs["contenders"] == [0, 1, 2]
    assert fs["order_round"] == 0
    assert fs["counts"] == {k: v for k, v in st.metrics().items() if k not in ("turns", "rounds")}
    assert fs["queue"] == [["reveal", 2]] and len(fs["mark"]) == 4
    assert lab.state_from_json(st.to_json()).full_state() == fs


def won_game() -> lab.State:
    """Seat 0 turns up its 5 red tiles in one attack (a design with 5 red tiles)."""
    counts = {"red": 5, "green": 15, "blue": 15, "orange": 5, "imprevisto": 8}
    st = to_hunt(players=3, tile_counts=counts)
    attack(st, 8, 5)
    for s in first_of(st, "red"):
        st.apply_action(act("reveal", s))
    return st


def test_MC_3_returns_of_a_win_and_metrics() -> None:
    st = won_game()
    assert st.is_terminal() and st.winners() == [0]
    assert st.returns() == [1.0, -0.5, -0.5]
    m = st.metrics()
    obs = st.observation(None)
    assert (m["rounds"], m["turns"]) == (float(obs["rounds"]), float(obs["turns"])) == (1.0, 1.0)


# ------------------------------------------------------------------ rotation directions, cards on face-up tiles
def face_up_slots(st: lab.State) -> dict[int, str]:
    return {s: v for s, v in enumerate(st.observation(None)["slots"]) if v not in ("down", None)}


def with_red_up() -> tuple[lab.State, int]:
    """Seat 0 turns up one red tile (full success) and the end-of-turn card is next."""
    st = to_hunt(players=2)
    red = first_of(st, "red")
    attack(st, 2, 1)
    st.apply_action(act("reveal", red[0]))
    return st, red[0]


@pytest.mark.parametrize("steps", [2, -2])
def test_AMB_MC_8_turn_ring_card_moves_tiles_clockwise_or_back(steps: int) -> None:
    st, slot = with_red_up()
    ring = slot // 16
    name = st.observation(None)["rings"][ring]["colour"]
    st.apply_action(act("card", f"turn_ring:{name}:{steps}"))
    assert face_up_slots(st) == {16 * ring + (slot % 16 + steps) % 16: "red"}
    assert st.observation(None)["rings"][ring]["offset"] == steps % 16
    [ev] = [e for e in st.events_for(None) if e.kind == "ring_turn"][-1:]
    assert (ev.data["ring"], ev.data["steps"], ev.clause) == (ring, steps, "AMB-MC-8")


@pytest.mark.parametrize(("effect", "degrees"), [("turn_board:cw", 90), ("turn_board:ccw", -90)])
def test_AMB_MC_6_board_turn_card_moves_every_ring_by_a_quarter(effect: str, degrees: int) -> None:
    st, slot = with_red_up()
    angle = st.observation(None)["board_angle"]
    st.apply_action(act("card", effect))
    k = 4 if degrees > 0 else -4
    assert face_up_slots(st) == {16 * (slot // 16) + (slot % 16 + k) % 16: "red"}
    assert st.observation(None)["board_angle"] == (angle + degrees) % 360
    ev = [e for e in st.events_for(None) if e.kind == "board_turn"][-1]
    assert ev.data["degrees"] == degrees and list(ev.data["shifts"]) == [k % 16] * 3
    assert st.metrics()["board_turns"] == 3  # two in the set-up, one now


def test_AMB_MC_8_swap_card_moves_a_face_up_tile_with_its_owner() -> None:
    st, slot = with_red_up()
    st.apply_action(act("card", "swap"))
    other = first_of(st, "green")[0]
    st.apply_action(act("swap", slot))
    st.apply_action(act("swap", other))
    assert face_up_slots(st) == {other: "red"}
    assert st.observation(None)["own_face_up"] == [1, 0]
    fs = st.full_state()
    assert fs["upby"][other] == 0 and fs["upby"][slot] == -1
    ev = [e for e in st.events_for(None) if e.kind == "swap"][-1]
    assert (ev.data["a"], ev.data["b"], ev.data["player"]) == (slot, other, 0)


def test_AMB_MC_8_cover_card_turns_a_face_up_tile_down_for_good() -> None:
    st, slot = with_red_up()
    st.apply_action(act("card", "turn_ring:red:2"))  # end of seat 0's turn
    covered = st.metrics()["covered"]
    st.apply_action(act("defend", "card"))  # seat 1
    st.apply_action(act("card", "cover"))
    up = next(iter(face_up_slots(st)))
    assert st.legal_actions() == [act("cover", up)]
    st.apply_action(act("cover", up))
    assert face_up_slots(st) == {} and st.observation(None)["own_face_up"] == [0, 0]
    assert st.full_state()["upby"][up] == -1 and st.full_state()["up"][up] is False
    assert st.metrics()["covered"] == covered + 1
    ev = [e for e in st.events_for(None) if e.kind == "cover_card"][-1]
    assert (ev.data["slot"], ev.data["player"]) == (up, 1)


def _two_reds_then_a_miss(st):
    """Attack, reveal two red tiles and miss on a green one (y = 1): the red slots and the
    cover_own event the miss records."""
    red = first_of(st, "red")
    attack(st, 4, 3)
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("reveal", red[1]))
    st.apply_action(act("reveal", first_of(st, "green")[0]))  # a miss: y = 1
    return red, [e for e in st.events_for(None) if e.kind == "cover_own"][-1]


def test_MC_2_1_2_1_house_rule_listing_a_tile_twice_covers_it_once() -> None:
    """A house rule may only cover the player's own face-up tiles, each once."""
    st = to_hunt(players=2, rules={"MC-2.1.2.1": lambda own, this_turn, scope: [*own, *own, 47]})
    red, ev = _two_reds_then_a_miss(st)
    assert sorted(ev.data["slots"]) == sorted(red[:2]) and st.metrics()["covered"] == 2
    assert set(face_up_slots(st).values()) == {"green"}


def test_MC_2_1_2_1_house_rule_covers_in_its_own_order() -> None:
    """The own tiles a house rule lists are covered in its order (the default lists them in slot
    order: the covered slots are then the own face-up slots as they are)."""
    st = to_hunt(players=2, rules={"MC-2.1.2.1": lambda own, this_turn, scope: own[::-1]})
    red, ev = _two_reds_then_a_miss(st)
    assert list(ev.data["slots"]) == sorted(red[:2], reverse=True) and st.metrics()["covered"] == 2
    assert st.kept_counts() == st.recount() and set(face_up_slots(st).values()) == {"green"}
    base = to_hunt(players=2)
    red = first_of(base, "red")
    attack(base, 4, 3)
    base.apply_action(act("reveal", red[1]))
    base.apply_action(act("reveal", red[0]))
    base.apply_action(act("reveal", first_of(base, "green")[0]))
    ev = [e for e in base.events_for(None) if e.kind == "cover_own"][-1]
    assert list(ev.data["slots"]) == sorted(red[:2]) and base.kept_counts() == base.recount()


def test_MC_2_1_2_1_house_rule_is_given_this_turns_own_face_up_tiles() -> None:
    """The rule point's ``this_turn``: the player's own tiles revealed in this attack (not the
    missed tile of another colour, which stays face up), and ``own_face_up`` every own face-up tile."""
    asked: list[tuple[list[int], list[int], str]] = []

    def rule(own: list[int], this_turn: list[int], scope: str) -> list[int]:
        asked.append((list(own), list(this_turn), scope))
        return list(own)

    st = to_hunt(players=2, rules={"MC-2.1.2.1": rule})
    red = first_of(st, "red")
    attack(st, 4, 3)
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("reveal", red[1]))
    st.apply_action(act("reveal", first_of(st, "green")[0]))  # a miss: y = 1
    assert asked == [(sorted(red[:2]), list(red[:2]), "all")]  # this_turn in the order revealed


# ------------------------------------------------------------------ AMB-MC-4, MC-0.2 counts and shares
@pytest.mark.parametrize("others_count", [True, False])
def test_AMB_MC_4_public_counts_of_tiles_left_up_by_a_miss(others_count: bool) -> None:
    st = to_hunt(players=2, revealed_by_other_counts=others_count)
    attack(st, 3, 1)
    st.apply_action(act("reveal", first_of(st, "green")[0]))  # red misses on green: it stays up
    assert st.observation(None)["own_face_up"] == [0, 1 if others_count else 0]
    st.apply_action(act("card", "turn_ring:red:2"))
    attack(st, 3, 1)  # green
    st.apply_action(act("reveal", first_of(st, "blue")[0]))  # an absent player's tile: nobody's
    assert st.observation(None)["own_face_up"] == [0, 0]  # green's own tiles were covered again


def test_MC_0_2_shares_without_imprevisto_tiles() -> None:
    counts = {"red": 12, "green": 12, "blue": 12, "orange": 12}
    game = lab.load("memcel", players=3, tile_counts=counts)
    seen = [dict(game.new_initial_state().observation(p)["my_tiles_to_place"]) for p in range(3)]
    assert seen == [{"red": 12, "orange": 4}, {"green": 12, "orange": 4}, {"blue": 12, "orange": 4}]


def test_MC_0_3_absent_tiles_go_to_whoever_holds_fewest() -> None:
    counts = {"red": 12, "green": 10, "blue": 8, "orange": 10, "imprevisto": 8}
    game = lab.load("memcel", players=3, tile_counts=counts)
    seen = [dict(game.new_initial_state().observation(p)["my_tiles_to_place"]) for p in range(3)]
    assert [sum(s.values()) for s in seen] == [16, 16, 16]  # 14, 12 and 10 before the 12 absent tiles
    assert seen == [{"red": 12, "orange": 2, "imprevisto": 2},
                    {"green": 10, "orange": 3, "imprevisto": 3},
                    {"blue": 8, "orange": 5, "imprevisto": 3}]


# ------------------------------------------------------------------ what the table is told
def public_since(st: lab.State, mark: int) -> list[dict]:
    return [{k: v for k, v in e.items() if k != "step"} for e in st.event_log(None)[mark:]]


def test_MC_2_1_2_2_worked_example_case_3_as_the_table_hears_it() -> None:
    st = to_hunt()
    red, blue = first_of(st, "red"), first_of(st, "blue")
    mark = len(st.event_log(None))
    attack(st, 7, 6)
    for s in red[:4]:
        st.apply_action(act("reveal", s))
    st.apply_action(act("reveal", blue[0]))
    reveals = [{"clause": "MC-2.1.2", "kind": "reveal", "player": 0, "slot": s, "tile": "red"}
               for s in red[:4]]
    assert public_since(st, mark) == [
        {"clause": "MC-2.0", "kind": "attack", "player": 0},
        {"clause": "MC-2.1.1", "kind": "attack_roll", "player": 0, "value": 7},
        {"clause": "MC-2.1.1", "kind": "declare_x", "player": 0, "x": 6, "roll": 7},
        *reveals,
        {"clause": "MC-2.1.2", "kind": "reveal", "player": 0, "slot": blue[0], "tile": "blue"},
        {"clause": "MC-2.1.2.1", "kind": "cover_own", "player": 0, "slots": red[:4]},
        {"clause": "MC-2.1.2.2", "kind": "miss", "player": 0, "slot": blue[0], "found": 4, "x": 6,
         "y": 2},
        {"clause": "MC-2.1.2.2", "kind": "lost_turns", "player": 0, "turns": 2},
    ]
    m = st.metrics()
    assert (m["reveals"], m["misses"], m["covered"], m["lost_turns"], m["penalties"]) == (5, 1, 4, 2, 1)
    fs = st.full_state()
    assert all(fs["up"][s] is False and fs["upby"][s] == -1 for s in red[:4])
    assert fs["up"][blue[0]] is True and fs["upby"][blue[0]] == 0


def test_MC_3_the_winning_reveal_ends_the_game_at_once() -> None:
    st = won_game()
    assert public_since(st, len(st.event_log(None)) - 1) == [{"clause": "MC-3", "kind": "win", "player": 0}]
    assert st.full_state()["queue"] == [] and st.metrics()["full_successes"] == 0
    assert st.legal_actions() == []


def test_MC_2_1_2_0_counts_add_up_over_turns() -> None:
    """Two full successes, two misses, two covers: the counters add, the events name who and x."""
    st = to_hunt(players=2)
    for _ in range(2):  # red succeeds with one tile; green misses on a blue tile
        attack(st, 2, 1)
        st.apply_action(act("reveal", first_of(st, "red")[0]))
        st.apply_action(act("card", "turn_ring:red:2"))
        attack(st, 2, 1)
        st.apply_action(act("reveal", first_of(st, "blue")[0]))
        st.apply_action(act("card", "cover"))
        st.apply_action(act("cover", next(iter(face_up_slots(st)))))
    m = st.metrics()
    assert (m["full_successes"], m["misses"], m["covered"]) == (2, 2, 2)
    wins = [dict(e.data) for e in st.events_for(None) if e.kind == "full_success"]
    assert wins == [{"player": 0, "x": 1}] * 2
    attack(st, 3, 2)  # red again: a red tile, then a miss covers every red tile face up
    st.apply_action(act("reveal", first_of(st, "red")[0]))
    red_up = sum(1 for v in face_up_slots(st).values() if v == "red")
    st.apply_action(act("reveal", first_of(st, "green")[0]))
    assert red_up >= 1 and st.metrics()["covered"] == 2 + red_up
