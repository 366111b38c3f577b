"""Fiemme–Cembra rule details that a wrong rule would change, read through the public API.

Scripted hands (chance outcomes and every player's action applied through ``apply_action`` /
``apply_actions``) and the exact events they log: the Event swap (FC-P6), the memory proposal
(AMB-FC-3), the full state and copies, the seats board. Written against survivors of
``make mutants GAME=fiemme_cembra``.
"""

from __future__ import annotations

import numpy as np
import pytest

import lab
from lab.core.actions import Action, act
from lab.core.state import CHANCE
from lab.games.fiemme_cembra import components as C

# seat 0 closes after one pass; with PASS_BOTH seat 1 closes too (it passes and gets a Nature)
HAND = [(2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (0, 1, 1, 1, 2)]
PASS_ONE = {0: 0, 1: 1, 2: 4, 3: 4}
PASS_BOTH = {0: 0, 1: 0, 2: 4, 3: 4}
# seat 1 closes after one pass (it receives seat 0's lodging)
HAND_SEAT1 = [(0, 1, 1, 1, 2), (2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1)]
PASS_SEAT1 = {0: 4, 1: 0, 2: 4, 3: 1}


def events_since(state, start):
    return [(e.clause, e.kind, dict(e.data)) for e in state.events[start:]]


def play_hand(state, hand, discards, slaps):
    """Deal ``hand``, pass ``discards`` once, race with ``slaps`` {seat: (ms, shout)}."""
    for h in hand:
        state.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    state.apply_actions({p: act("discard", t) for p, t in discards.items()})
    state.apply_actions({p: act("slap", ms, shout) for p, (ms, shout) in slaps.items()})


SLAP_0 = {0: (100, True), 1: (200, False), 2: (300, False), 3: (400, False)}
SLAP_01 = {0: (100, True), 1: (150, True), 2: (300, False), 3: (400, False)}


# ----------------------------------------------------------------------------- FC-P6 Events
def test_FC_P6_event_swap_exact_events_and_counts():
    s = lab.load("fiemme_cembra", reinsert="bottom").new_initial_state()
    play_hand(s, HAND, PASS_ONE, SLAP_0)
    s.apply_action(act("draw", 4))  # seat 0 conquers Nature 4; seat 3 last: nothing to give
    play_hand(s, HAND_SEAT1, PASS_SEAT1, {0: (900, False), 1: (100, True), 2: (200, False), 3: (300, False)})
    s.apply_action(act("draw", 14))  # seat 1 conquers Sport 14; seat 0 is last
    s.apply_action(act("give_back", 4))  # to the bottom (reinsert="bottom")
    play_hand(s, HAND, PASS_ONE, SLAP_0)
    s.apply_action(act("draw", 15))  # seat 0 conquers Sport 15
    play_hand(s, HAND, PASS_ONE, SLAP_0)
    event = s.game.conquest_ids[-1]
    assert s.game.types[event] == C.EVENT
    start = len(s.events)
    s.apply_action(act("draw", event))
    assert s.phase_name() == "event" and s.current_player() == 0
    assert s.legal_actions() == [act("event_draw"), act("event_swap_choose")]
    s.apply_action(act("event_swap_choose"))
    assert s.phase_name() == "swap" and s.legal_actions() == [act("event_swap", 15, 14)]
    s.apply_action(act("event_swap", 15, 14))
    assert s.observation(2)["conquered"][:2] == [[14], [15]]
    assert events_since(s, start) == [
        ("FC-P6", "event_played", {"player": 0, "card": event}),
        ("FC-P6", "event_swap_chosen", {"player": 0}),
        ("FC-P6", "event_swap", {"player": 0, "opponent": 1, "gave": 15, "took": 14}),
        ("FC-P7", "penalty_void", {"player": 3}),
        ("FC-P6", "reinserted", {"card": event, "position": len(s.full_state()["deck"]) - 1}),
    ]
    m = s.metrics()
    assert (m["event_swaps"], m["events_played"]) == (1.0, 1.0)
    assert s.full_state()["deck"][-2:] == [4, event]  # the penalty card, then the Event under it
    # a second Event, a second swap: the counts add up
    play_hand(s, HAND, PASS_ONE, SLAP_0)
    s.apply_action(act("draw", s.game.conquest_ids[-2]))
    s.apply_action(act("event_swap_choose"))
    s.apply_action(act("event_swap", 14, 15))
    m = s.metrics()
    assert (m["event_swaps"], m["events_played"]) == (2.0, 2.0)
    assert s.observation(0)["conquered"][:2] == [[15], [14]]


def test_FC_P6_event_draw_counts_and_logs():
    s = lab.load("fiemme_cembra", reinsert="middle").new_initial_state()
    play_hand(s, HAND, PASS_ONE, SLAP_0)
    event = s.game.conquest_ids[-1]
    start = len(s.events)
    s.apply_action(act("draw", event))
    assert s.legal_actions() == [act("event_draw")]  # nobody has a card to swap
    s.apply_action(act("event_draw"))
    assert s.current_player() == CHANCE
    s.apply_action(act("draw", 6))
    size = s.observation(None)["deck_size"]
    assert events_since(s, start) == [
        ("FC-P6", "event_played", {"player": 0, "card": event}),
        ("FC-P6", "event_draw_again", {"player": 0}),
        ("FC-P6", "conquered", {"player": 0, "card": 6, "type": "nature"}),
        ("FC-P7", "penalty_void", {"player": 3}),
        ("FC-P6", "reinserted", {"card": event, "position": (size - 1) // 2}),
    ]
    assert s.metrics()["events_played"] == 1.0 and s.metrics()["event_swaps"] == 0.0


# ----------------------------------------------------------------------------- AMB-FC-3 memory
def memory_game(**kw):
    return lab.load("fiemme_cembra", mode="memory_proposal", leftover_lodging="conquest", **kw).new_initial_state()


def test_AMB_FC_3_memory_flips_pairs_and_misses_exact_events():
    s = memory_game(several_closers="each_shouting")
    play_hand(s, HAND, PASS_BOTH, SLAP_01)
    assert s.phase_name() == "flip" and s.current_player() == 0
    start = len(s.events)
    s.apply_action(act("flip", 0))
    assert s.current_player() == CHANCE and s.chance_stream() == "conquest_deck"
    s.apply_action(act("draw", 4))  # Nature
    assert s.legal_actions() == [act("flip", x) for x in range(1, len(s.game.conquest_ids))]
    s.apply_action(act("flip", 1))
    s.apply_action(act("draw", 14))  # Sport: no pair, both stay face up in place
    assert s.current_player() == 1 and s.phase_name() == "flip"
    s.apply_action(act("flip", 2))
    s.apply_action(act("draw", 5))  # Nature
    s.apply_action(act("flip", 0))  # the Nature everybody saw: a pair
    assert events_since(s, start) == [
        ("AMB-FC-3", "flipped", {"player": 0, "slot": 0, "card": 4}),
        ("AMB-FC-3", "flipped", {"player": 0, "slot": 1, "card": 14}),
        ("AMB-FC-3", "no_pair", {"player": 0, "cards": [4, 14]}),
        ("AMB-FC-3", "flipped", {"player": 1, "slot": 2, "card": 5}),
        ("AMB-FC-3", "flipped", {"player": 1, "slot": 0, "card": 4}),
        ("AMB-FC-3", "pair_conquered", {"player": 1, "cards": [5, 4]}),
        ("FC-P7", "penalty_void", {"player": 3}),
    ]
    obs = s.observation(3)
    assert obs["conquered"][1] == [5, 4] and obs["conquered"][0] == []
    assert obs["grid"][:3] == [-2, 14, -2]  # taken places are empty; the Sport stays known
    assert s.metrics()["events_played"] == 0.0
    assert s.full_state()["stats"]["flips"] == 4


def test_AMB_FC_3_memory_event_flip_then_flip_again():
    s = memory_game()
    play_hand(s, HAND, PASS_ONE, SLAP_0)
    event = s.game.conquest_ids[-1]
    start = len(s.events)
    s.apply_action(act("flip", 5))
    s.apply_action(act("draw", event))
    assert s.phase_name() == "event" and s.legal_actions() == [act("event_draw")]
    s.apply_action(act("event_draw"))
    assert s.phase_name() == "flip" and act("flip", 5) not in s.legal_actions()  # not twice a turn
    s.apply_action(act("flip", 6))
    s.apply_action(act("draw", 24))
    s.apply_action(act("flip", 7))
    s.apply_action(act("draw", 25))
    assert events_since(s, start) == [
        ("AMB-FC-3", "flipped", {"player": 0, "slot": 5, "card": event}),
        ("FC-P6", "event_played", {"player": 0, "card": event}),
        ("FC-P6", "event_draw_again", {"player": 0}),
        ("AMB-FC-3", "flipped", {"player": 0, "slot": 6, "card": 24}),
        ("AMB-FC-3", "flipped", {"player": 0, "slot": 7, "card": 25}),
        ("AMB-FC-3", "pair_conquered", {"player": 0, "cards": [24, 25]}),
        ("FC-P7", "penalty_void", {"player": 3}),
    ]
    assert s.observation(1)["grid"][5] == event  # the Event stays in place, known to all
    assert s.metrics()["events_played"] == 1.0 and s.full_state()["stats"]["flips"] == 3
    # next hand: the same Event flipped again is played again
    play_hand(s, HAND, PASS_ONE, SLAP_0)
    s.apply_action(act("flip", 5))
    assert s.phase_name() == "event"
    assert s.metrics()["events_played"] == 2.0


def test_AMB_FC_3_memory_nothing_left_to_flip():
    s = memory_game(several_closers="each_shouting",
                    card_counts={**C.CARD_COUNTS, "nature": 6, "sport": 5, "history": 4, "taste": 4,
                                 "lodging": 4, "event": 0})
    assert s.game.conquest_ids == (4, 5, 10)  # two Natures and a Sport
    play_hand(s, HAND, PASS_BOTH, SLAP_01)
    for slot, card in ((0, 4), (1, 5)):
        s.apply_action(act("flip", slot))
        s.apply_action(act("draw", card))
    assert s.current_player() == 1 and s.legal_actions() == [act("flip", 2)]
    start = len(s.events)
    s.apply_action(act("flip", 2))
    s.apply_action(act("draw", 10))
    assert events_since(s, start)[:3] == [
        ("AMB-FC-3", "flipped", {"player": 1, "slot": 2, "card": 10}),
        ("AMB-FC-3", "nothing_to_flip", {"player": 1}),
        ("FC-P7", "penalty_void", {"player": 3}),
    ]
    assert s.is_terminal() and s.winners() == [0]  # FC-E1 (memory): no two of a type are left


def test_AMB_FC_3_memory_penalty_card_goes_to_an_empty_place():
    s = memory_game()
    # seat 0 forgets to shout: the second hand (seat 2) flips and pairs
    play_hand(s, HAND, PASS_ONE, {0: (100, False), 1: (300, False), 2: (200, False), 3: (400, False)})
    assert s.current_player() == 2
    for slot, card in ((0, 4), (1, 5)):
        s.apply_action(act("flip", slot))
        s.apply_action(act("draw", card))
    assert s.observation(0)["conquered"][2] == [4, 5]
    # seat 1 closes; seat 2 is last and gives a card back: it goes face up into the first empty place
    play_hand(s, HAND_SEAT1, PASS_SEAT1, {0: (50, False), 1: (100, True), 2: (900, False), 3: (60, False)})
    for slot, card in ((2, 6), (3, 7)):
        s.apply_action(act("flip", slot))
        s.apply_action(act("draw", card))
    assert s.current_player() == 2 and s.phase_name() == "penalty"
    start = len(s.events)
    s.apply_action(act("give_back", 5))
    assert events_since(s, start)[:2] == [
        ("FC-P7", "penalty", {"player": 2, "card": 5}),
        ("AMB-FC-3", "penalty_card_to_grid", {"card": 5, "slot": 0}),
    ]
    assert s.observation(3)["grid"][:4] == [5, -2, -2, -2]
    assert s.metrics()["cards_returned"] == 1.0


# ----------------------------------------------------------------------------- state as data
def test_FC_S4_full_state_holds_every_part_of_the_match():
    s = lab.load("fiemme_cembra", players=3).new_initial_state()
    for h in [(3, 2, 0, 0, 0), (0, 1, 3, 1, 0), (0, 0, 0, 2, 3)]:
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    s.apply_actions({0: act("discard", 0), 1: act("discard", 2), 2: act("discard", 4)})
    fs = s.full_state()
    assert fs == {
        "phase": "pass", "actor": -1, "round": 0, "hand_in_round": 0, "passes": 1,
        "hands": [[2, 2, 0, 0, 1], [1, 1, 2, 1, 0], [0, 0, 1, 2, 2]], "speed_left": [0, 0, 0, 0, 0],
        "deal_to": 3, "deck": [-1] * 32, "pool": list(s.game.conquest_ids), "grid": [],
        "conquered": [[], [], []], "past": [[], [], []], "round_wins": [0, 0, 0], "closers": [],
        "race": None, "queue": [], "penalised": -1, "inserts": [], "flipped": [], "held": [],
        "flip_slot": -1, "my_passes": [[0], [2], [4]], "my_receipts": [[4], [0], [2]],
        "stats": {"hands": 0, "voided_hands": 0, "passes": 1, "races": 0, "events": 0, "swaps": 0,
                  "void_penalties": 0, "flips": 0, "deals": 1, "returned": 0},
        "hands_per_round": [], "penalties": [0, 0, 0], "forgot": [0, 0, 0], "marks": [0, 0, 0],
        "winners": [],
    }


def test_FC_S4_a_copy_is_independent_of_the_original():
    s = lab.load("fiemme_cembra", reinsert="bottom").new_initial_state()
    play_hand(s, HAND, PASS_ONE, SLAP_0)
    s.apply_action(act("draw", 4))
    before = s.full_state()
    c = s.clone()
    assert c == s and c.full_state() == before
    play_hand(c, HAND_SEAT1, PASS_SEAT1, {0: (900, False), 1: (100, True), 2: (200, False), 3: (300, False)})
    c.apply_action(act("draw", 14))
    c.apply_action(act("give_back", 4))
    assert c.full_state() != before and s.full_state() == before
    assert len(c.history()) > len(s.history()) == 7 and len(c.events) > len(s.events)
    assert s.clone().full_state() == before


def test_FC_P3_board_counts_each_seats_conquered_cards():
    g = lab.load("fiemme_cembra", reinsert="bottom")
    s = g.new_initial_state()
    play_hand(s, HAND, PASS_ONE, SLAP_0)
    s.apply_action(act("draw", 4))
    board = g.board(s)
    assert {n: d["conquered"] for n, d in board.nodes(data=True)} == {
        ("seat", 0): 1, ("seat", 1): 0, ("seat", 2): 0, ("seat", 3): 0}
    assert "conquered" not in g.board().nodes[("seat", 0)]
    assert sorted(board.edges) == sorted(g.board().edges)


def test_FC_S3_resampled_state_keeps_what_the_player_knows():
    s = lab.load("fiemme_cembra").new_initial_state()
    for h in HAND:
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    r = s.resample_hidden(2, np.random.default_rng(0))
    assert r.observation(2) == s.observation(2)
    assert r is not s and s.full_state()["hands"] == [list(h) for h in HAND]


# ----------------------------------------------------------------------------- FC-P2 / FC-P5 legality
@pytest.mark.parametrize("bad", [Action("slap", (5, False)), Action("slap", (3010, False)),
                                 Action("discard", (0,)), Action("slap", (100,))])
def test_FC_P5_malformed_slaps_are_refused(bad):
    s = lab.load("fiemme_cembra").new_initial_state()
    for h in HAND:
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    s.apply_actions({p: act("discard", t) for p, t in PASS_ONE.items()})
    before = s.full_state()
    with pytest.raises(lab.IllegalAction):
        s.apply_actions({0: act("slap", 100, True), 1: bad, 2: act("slap", 0, False), 3: act("slap", 0, False)})
    assert s.full_state() == before


def test_FC_P2_discarding_a_type_you_lack_or_out_of_range_is_refused():
    s = lab.load("fiemme_cembra").new_initial_state()
    for h in HAND:
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    for bad in (Action("discard", (4,)), Action("discard", (5,)), Action("slap", (0, False)),
                Action("give_back", (0,)), Action("flip", (1,)), Action("event_draw", ())):
        with pytest.raises(lab.IllegalAction):
            s.apply_actions({0: bad, 1: act("discard", 0), 2: act("discard", 0), 3: act("discard", 4)})
    assert s.legal_actions(0) == [act("discard", t) for t in range(4)]


# ----------------------------------------------------------------------------- actions and bounds
def test_FC_P2_P7_action_kinds_fields_and_docs():
    g = lab.load("fiemme_cembra")
    specs = {s.kind: ([(f.name, f.values) for f in s.fields], s.doc) for s in g.action_specs()}
    cards = range(50)
    assert specs == {
        "deal": ([("hand", range(len(C.COMPOSITIONS)))], "chance: a dealt 5-card hand (FC-S3)"),
        "draw": ([("card", cards)], "chance: the card under a face-down slot"),
        "insert_at": ([("position", range(51))], "chance: reinsert position"),
        "discard": ([("type", range(5))], "pass this card type on (FC-P2)"),
        "slap": ([("ms", range(0, 3001, 10)), ("shout", (False, True))],
                 "hand on the deck after ms milliseconds; shout for a closer (FC-P4..P6)"),
        "event_draw": ([], "Event: draw the next card instead (FC-P6)"),
        "event_swap_choose": ([], "Event: choose to swap a conquered card (FC-P6)"),
        "event_swap": ([("mine", cards), ("theirs", cards)],
                       "Event: swap one of your conquered cards with an opponent's (FC-P6)"),
        "give_back": ([("card", cards)], "penalty: return a conquered card (FC-P7)"),
        "flip": ([("slot", cards)], "memory proposal: turn a grid card"),
    }
    # a bigger deck widens every card field (reinsert positions: one more than the cards)
    big = lab.load("fiemme_cembra", card_counts={**C.CARD_COUNTS, "event": 6})
    assert {s.kind: s.fields[0].values for s in big.action_specs() if s.fields}["insert_at"] == range(53)


@pytest.mark.parametrize(("params", "per_hand"), [
    ({}, 4 + 4 * 40 + 4 + (1 + 3 * 4) + 1 + 5),
    ({"several_closers": "each_shouting"}, 4 + 4 * 40 + 4 + (4 + 3 * 4) + 1 + 5),
    ({"mode": "memory_proposal"}, 4 + 4 * 40 + 4 + 1 * (2 + 4) * 4 + 1 + 5),
    ({"players": 3, "mode": "memory_proposal", "several_closers": "each_shouting"},
     3 + 3 * 40 + 3 + 3 * (2 + 4) * 4 + 1 + 5),
    ({"players": 5, "pass_limit": 10, "hand_limit": 100}, 5 + 5 * 10 + 5 + (1 + 3 * 4) + 1 + 5),
    ({"card_counts": {**C.CARD_COUNTS, "event": 0}}, 4 + 4 * 40 + 4 + 1 + 1 + 1),
])
def test_FC_E1_longest_match_bound_per_hand(params, per_hand):
    """The bound: hand_limit hands, each at most the deals, pass_limit passes and a race (one
    code per player), the draws and Event steps, a penalty and the reinserts."""
    g = lab.load("fiemme_cembra", **params)
    assert g.max_game_length() == g.params["hand_limit"] * per_hand + 10
    assert g.budget()[0].size == g.max_game_length()


def test_FC_E1_too_long_a_match_names_the_parameters_that_decide():
    with pytest.raises(lab.InvalidVariant) as err:
        lab.load("fiemme_cembra", players=6, hand_limit=5000)
    size = 5000 * (6 + 6 * 40 + 6 + 13 + 1 + 5) + 10
    assert str(err.value) == (
        f"variant too large: parameters hand_limit, pass_limit, players, card_counts, mode, "
        f"several_closers would make {size:,} save codes (longest game); at most 1,000,000 are allowed")


def test_FC_S3_deal_outcomes_of_a_remaining_speed_deck():
    out = dict(C.deal_outcomes((3, 3, 3, 3, 3)))
    assert out[C.COMPOSITION_INDEX[(1, 1, 1, 1, 1)]] == pytest.approx(3**5 / 3003)
    assert out[C.COMPOSITION_INDEX[(3, 2, 0, 0, 0)]] == pytest.approx(3 / 3003)
    assert sum(out.values()) == pytest.approx(1.0)
    assert dict(C.deal_outcomes((0, 0, 0, 2, 3))) == {C.COMPOSITION_INDEX[(0, 0, 0, 2, 3)]: 1.0}


def test_FC_E1_the_stop_event_says_where_the_match_was():
    st = lab.play(lab.load("fiemme_cembra", hand_limit=5), "random", seed=0)
    last = st.events[-1]
    assert dict(last.data) == {"limit": "hand_limit=5", "round": 0, "hands": 5,
                               "non_events_left": st.non_events_left()}
    assert st.observation(1)["actor"] == -1 and st.acting_players() == []


def test_FC_S4_cards_left_to_win_are_counted_for_everyone():
    from lab.games.fiemme_cembra import FiemmeCembraGame

    assert FiemmeCembraGame(players=3).num_players() == 3
    s = lab.load("fiemme_cembra").new_initial_state()
    assert s.observation(None)["non_events_left"] == 24  # 28 conquest cards, 4 of them Events
    s3 = lab.load("fiemme_cembra", players=3, leftover_lodging="conquest").new_initial_state()
    assert s3.observation(0)["non_events_left"] == 31


# ----------------------------------------------------------------------------- whole hands and rounds
def test_FC_S3_to_FC_P7_one_hand_logs_every_rule_in_order():
    s = lab.load("fiemme_cembra").new_initial_state()
    play_hand(s, HAND, PASS_ONE, {0: (100, False), 1: (200, False), 2: (150, False), 3: (400, False)})
    s.apply_action(act("draw", 4))
    assert [(e.clause, e.kind, dict(e.data), e.visible_to) for e in s.events] == [
        ("FC-S4", "conquest_deck", {"size": 28, "round": 0, "memory_grid": False}, None),
        ("FC-S3", "dealt", {"player": 0, "hand": [2, 1, 1, 1, 0]}, (0,)),
        ("FC-S3", "dealt", {"player": 1, "hand": [1, 1, 1, 1, 1]}, (1,)),
        ("FC-S3", "dealt", {"player": 2, "hand": [1, 1, 1, 1, 1]}, (2,)),
        ("FC-S3", "dealt", {"player": 3, "hand": [0, 1, 1, 1, 2]}, (3,)),
        ("FC-P1", "complete_hand_must_pass", {"player": 1}, (1,)),
        ("FC-P1", "complete_hand_must_pass", {"player": 2}, (2,)),
        ("FC-P3", "passed", {"number": 1, "direction": "right"}, None),
        ("FC-P4", "close", {"closers": [0]}, None),
        ("FC-P5", "hands_on_deck", {"order": [0, 2, 1, 3], "ms": [100, 200, 150, 400]}, None),
        ("FC-P6", "forgot_to_shout", {"player": 0}, None),
        ("FC-P6", "second_hand_takes", {"player": 2, "first": 0}, None),
        ("FC-P6", "conquerors", {"players": [2]}, None),
        ("FC-P6", "conquered", {"player": 2, "card": 4, "type": "nature"}, None),
        ("FC-P7", "penalty_void", {"player": 3}, None),
    ]
    obs = s.observation(None)
    assert (obs["phase"], obs["hand"], obs["passes"], obs["deck_size"], obs["non_events_left"]) == ("deal", 1, 0, 27, 23)
    assert obs["last_race"] == {"order": [0, 2, 1, 3], "ms": [100, 200, 150, 400], "closers": [0], "shouted": []}
    m = s.metrics()
    assert (m["forgot_shout"], m["passes_per_hand"], m["hands_per_round"], m["void_penalties"]) == (1.0, 1.0, 1.0, 1.0)


TINY = {**C.CARD_COUNTS, "nature": 6, "sport": 4, "history": 4, "taste": 4, "lodging": 4, "event": 0}
KINDS = ("round_winners", "round_wins", "next_round", "match_winners", "conquest_deck", "penalty_void", "penalty",
         "put_back_after_the_round", "conquest_deck_exhausted")


def tiny_match(between_rounds):
    """Two rounds of a 2-card conquest deck; seats 0 and 1 win one card each round, seat 3 is last."""
    s = lab.load("fiemme_cembra", rounds=2, between_rounds=between_rounds, card_counts=TINY,
                 penalty_timing="end_of_round").new_initial_state()
    for _ in range(2):
        play_hand(s, HAND, PASS_ONE, SLAP_0)
        s.apply_action(act("draw", 4))
        play_hand(s, HAND_SEAT1, PASS_SEAT1, {0: (50, False), 1: (100, True), 2: (200, False), 3: (300, False)})
        s.apply_action(act("draw", 5))
    return s


def round_events(r, between_rounds):
    return [
        ("FC-S4", "conquest_deck", {"size": 2, "round": r, "memory_grid": False}),
        ("FC-E1", "conquest_deck_exhausted", {"round": r}),
        ("FC-P7", "penalty_void", {"player": 3, "at": "round_end"}),  # the last hand of the final race
        ("FC-E3", "round_winners", {"round": r, "winners": [0, 1], "conquered": [1, 1, 0, 0]}),
    ] + ([("AMB-FC-2", "round_wins", {"wins": [r + 1, r + 1, 0, 0]})] if between_rounds == "round_wins" else [])


@pytest.mark.parametrize("between_rounds", ["tally", "round_wins"])
def test_AMB_FC_2_FC_E3_two_rounds_then_the_match(between_rounds):
    s = tiny_match(between_rounds)
    got = [(e.clause, e.kind, dict(e.data)) for e in s.events if e.kind in KINDS]
    assert got == [*round_events(0, between_rounds),
                   ("AMB-FC-2", "next_round", {"rule": between_rounds, "round": 1}),
                   *round_events(1, between_rounds),
                   ("FC-E3", "match_winners", {"winners": [0, 1], "totals": [2, 2, 0, 0]})]
    assert s.is_terminal() and s.winners() == [0, 1] and s.returns() == [1.0, 1.0, 0.0, 0.0]
    assert s.observation(0)["actor"] == -1 and s.observation(None)["winners"] == [0, 1]
    assert s.hands_per_round == [2, 2] and s.observation(2)["past"] == [[4, 4], [5, 5], [], []]
    assert s.metrics()["void_penalties"] == 2.0 and s.metrics()["hands_per_round"] == 2.0
    assert s.observation(0)["round_wins"] == ([2, 2, 0, 0] if between_rounds == "round_wins" else [0, 0, 0, 0])


def test_AMB_FC_2_round_wins_decide_before_cards():
    s = lab.load("fiemme_cembra", rounds=2, between_rounds="round_wins", card_counts=TINY,
                 penalty_timing="end_of_round").new_initial_state()
    for r in range(2):
        play_hand(s, HAND, PASS_ONE, SLAP_0)
        s.apply_action(act("draw", 4))
        last = {0: (50, False), 1: (100, True), 2: (200, False), 3: (300, False)} if r else \
            {0: (900, False), 1: (100, True), 2: (200, False), 3: (300, False)}
        play_hand(s, HAND_SEAT1, PASS_SEAT1, last)
        s.apply_action(act("draw", 5))
        if r == 0:
            assert s.phase_name() == "penalty" and s.observation(2)["penalised"] == 0
            start = len(s.events)
            s.apply_action(act("give_back", 4))  # seat 0, last in the final race, pays: round 1 is seat 1's
            assert events_since(s, start)[:3] == [
                ("FC-P7", "penalty", {"player": 0, "card": 4}),
                ("FC-P7", "put_back_after_the_round", {"player": 0, "card": 4}),
                ("FC-E3", "round_winners", {"round": 0, "winners": [1], "conquered": [0, 1, 0, 0]}),
            ]
    end = s.events[-1]
    assert (end.clause, end.kind, dict(end.data)) == (
        "AMB-FC-2", "match_winners", {"winners": [1], "totals": [1, 2, 0, 0]})
    assert s.winners() == [1]


def test_FC_P6_an_event_offers_a_swap_only_with_cards_on_both_sides():
    s = lab.load("fiemme_cembra", reinsert="bottom").new_initial_state()
    play_hand(s, HAND, PASS_ONE, SLAP_0)
    s.apply_action(act("draw", 4))  # seat 0 has a card, nobody else has
    play_hand(s, HAND, PASS_ONE, SLAP_0)
    s.apply_action(act("draw", s.game.conquest_ids[-1]))
    assert s.current_player() == 0 and s.legal_actions() == [act("event_draw")]
    s.apply_action(act("event_draw"))
    s.apply_action(act("draw", 5))
    # seat 1 (no card) draws an Event while seat 0 has two: no swap either
    play_hand(s, HAND_SEAT1, PASS_SEAT1, {0: (50, False), 1: (100, True), 2: (200, False), 3: (300, False)})
    s.apply_action(act("draw", s.game.conquest_ids[-2]))
    assert s.current_player() == 1 and s.legal_actions() == [act("event_draw")]


def test_FC_E3_word_pairs_need_both_syllables_of_a_word():
    from lab.games.fiemme_cembra.scoring import word_pairs

    syl = lab.load("fiemme_cembra").syllables  # by_type: Nature FIE, Sport MME, History CEM, Taste BRA
    assert [word_pairs(cards, syl) for cards in ([0], [10], [20], [30], [])] == [0, 0, 0, 0, 0]
    assert word_pairs([0, 1, 10, 11], syl) == 2  # two FIE-MME
    assert word_pairs([20, 21, 30], syl) == 1 and word_pairs([0, 10, 20, 30, 31], syl) == 2
    assert word_pairs([40, 46], syl) == 0  # lodging and Events carry no syllable
