"""Fiemme–Cembra variant checks: a bad card table or set-up table is refused with a message that
names what is wrong and what is allowed (FC-C1, FC-S2..S5), and the deal's probabilities."""

from __future__ import annotations

from math import comb

import pytest

import lab
from lab.core.actions import act
from lab.games.fiemme_cembra import components as C

KEYS = "['nature', 'sport', 'history', 'taste', 'lodging', 'event']"
ROW = {**C.SEED_TABLE["3"]}


def refusal(**params) -> str:
    with pytest.raises(lab.InvalidVariant) as err:
        lab.load("fiemme_cembra", **params)
    return str(err.value).split(" is not allowed: ", 1)[-1]


@pytest.mark.parametrize(("counts", "message"), [
    ([1], f"card_counts must be an object with the keys {KEYS}"),
    ({"nature": 10, "joker": 1},
     f"card_counts needs exactly the keys {KEYS} (missing ['sport', 'history', 'taste', 'lodging', 'event'], "
     "unknown ['joker'])"),
    ({**C.CARD_COUNTS, "joker": 1}, f"card_counts needs exactly the keys {KEYS} (missing [], unknown ['joker'])"),
    ({k: v for k, v in C.CARD_COUNTS.items() if k != "event"},
     f"card_counts needs exactly the keys {KEYS} (missing ['event'], unknown [])"),
    ({**C.CARD_COUNTS, "lodging": True}, "card_counts['lodging'] = True: expected an integer in 0..60"),
    ({**C.CARD_COUNTS, "lodging": 61}, "card_counts['lodging'] = 61: expected an integer in 0..60"),
    ({**C.CARD_COUNTS, "sport": -1}, "card_counts['sport'] = -1: expected an integer in 0..60"),
    ({**C.CARD_COUNTS, "taste": 2.0}, "card_counts['taste'] = 2.0: expected an integer in 0..60"),
    ({**C.CARD_COUNTS, "event": 21}, "card_counts['event'] = 21: at most 20 events are allowed"),
])
def test_FC_C1_bad_card_counts_are_refused(counts, message):
    assert refusal(card_counts=counts) == message


def test_FC_C1_card_count_bounds_are_inclusive():
    g = lab.load("fiemme_cembra", card_counts={**C.CARD_COUNTS, "nature": 60, "event": 20})
    assert g.types.count(0) == 60 and g.types.count(C.EVENT) == 20
    assert lab.load("fiemme_cembra", card_counts={**C.CARD_COUNTS, "event": 0}).types.count(C.EVENT) == 0


@pytest.mark.parametrize(("table", "message"), [
    ([1], 'deck_table must be an object with the rows "3", "4", "5", "6"'),
    ({"3": {}}, "deck_table needs exactly the rows \"3\", \"4\", \"5\", \"6\", got ['3']"),
    ({**C.SEED_TABLE, "3": 5},
     "deck_table['3'] must be an object with ['emotions_each', 'lodging', 'speed_total', 'conquest_total']"),
    ({**C.SEED_TABLE, "3": {**ROW, "x": 1}},
     "deck_table['3']: unknown keys ['x']; allowed ['emotions_each', 'lodging', 'speed_total', "
     "'conquest_total', 'unused_lodging', 'clauses']"),
    ({**C.SEED_TABLE, "3": {**ROW, "speed_total": 201}},
     "deck_table['3']['speed_total'] = 201: expected an integer in 0..200"),
    ({**C.SEED_TABLE, "3": {**ROW, "lodging": -1}}, "deck_table['3']['lodging'] = -1: expected an integer in 0..200"),
    ({**C.SEED_TABLE, "3": {**ROW, "lodging": False}},
     "deck_table['3']['lodging'] = False: expected an integer in 0..200"),
    ({**C.SEED_TABLE, "3": {**ROW, "unused_lodging": -1}},
     "deck_table['3']['unused_lodging'] = -1: expected null or an integer >= 0"),
    ({**C.SEED_TABLE, "3": {**ROW, "unused_lodging": True}},
     "deck_table['3']['unused_lodging'] = True: expected null or an integer >= 0"),
    ({**C.SEED_TABLE, "3": {**ROW, "clauses": "FC-S2"}}, "deck_table['3']['clauses'] must be a list of clause IDs"),
    ({**C.SEED_TABLE, "3": {**ROW, "clauses": [1]}}, "deck_table['3']['clauses'] must be a list of clause IDs"),
])
def test_FC_S5_bad_deck_tables_are_refused(table, message):
    assert refusal(deck_table=table) == message


def test_FC_S5_deck_table_rows_keep_their_data():
    table = {**C.SEED_TABLE, "4": {"emotions_each": 4, "lodging": 4, "speed_total": 200, "conquest_total": 0}}
    g = lab.load("fiemme_cembra", deck_table=table, speed_deck="table")
    row = g.params["deck_table"]["4"]
    assert (row["speed_total"], row["conquest_total"], row["unused_lodging"]) == (200, 0, None)
    assert list(row["clauses"]) == ["FC-S5"]  # a row without clauses is the set-up table's
    assert list(g.params["deck_table"]["5"]["clauses"]) == ["FC-S5", "INC-FC-1"]
    assert g.params["deck_table"]["3"]["unused_lodging"] == 3


def test_FC_S2_FC_S3_variants_that_cannot_be_dealt_are_refused():
    assert refusal(card_counts={**C.CARD_COUNTS, "nature": 3}) == (
        "the speed deck for 4 players needs 4 nature cards but card_counts has 3 (FC-S2); "
        "lower deck_table or raise card_counts")
    assert refusal(card_counts={**C.CARD_COUNTS, "lodging": 3}).startswith("the speed deck for 4 players needs 4 lodging")
    assert refusal(players=6, speed_deck="table") == (
        "the speed deck for 6 players has 25 cards (table), but dealing 5 each needs 30 (FC-S3, FC-S5; "
        "lab.lint suggests a fix); use speed_deck='n_of_each' or fix deck_table")
    # exactly enough cards: allowed
    assert lab.load("fiemme_cembra", card_counts={**C.CARD_COUNTS, "nature": 4}).speed_counts == (4,) * 5


def test_FC_S3_deal_probabilities_are_multivariate_hypergeometric():
    s = lab.load("fiemme_cembra").new_initial_state()
    out = {a.args[0]: p for a, p in s.chance_outcomes()}
    assert out[C.COMPOSITION_INDEX[(1, 1, 1, 1, 1)]] == pytest.approx(4**5 / comb(20, 5))
    assert out[C.COMPOSITION_INDEX[(4, 1, 0, 0, 0)]] == pytest.approx(1 * 4 / comb(20, 5))
    assert out[C.COMPOSITION_INDEX[(2, 3, 0, 0, 0)]] == pytest.approx(comb(4, 2) * comb(4, 3) / comb(20, 5))
    assert C.COMPOSITION_INDEX[(5, 0, 0, 0, 0)] not in out  # only 4 Nature cards in the speed deck
    assert len(out) == sum(1 for c in C.COMPOSITIONS if max(c) <= 4)
    assert s.chance_stream() == "deal"


def test_FC_P6_draw_is_uniform_over_the_unknown_cards():
    s = lab.load("fiemme_cembra", players=3).new_initial_state()
    for h in [(2, 1, 1, 1, 0), (1, 1, 1, 0, 2), (0, 1, 1, 2, 1)]:
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    s.apply_actions({0: act("discard", 0), 1: act("discard", 4), 2: act("discard", 4)})
    assert s.closers == [0]
    s.apply_actions({0: act("slap", 100, True), 1: act("slap", 100, False), 2: act("slap", 100, False)})
    outs = s.chance_outcomes()
    assert [a.args[0] for a, _ in outs] == sorted(s.game.conquest_ids)
    assert all(p == pytest.approx(1 / 32) for _, p in outs)
    assert s.chance_stream() == "conquest_deck"


def test_FC_P6_anywhere_reinsert_includes_top_and_bottom():
    s = lab.load("fiemme_cembra", players=3, reinsert="anywhere").new_initial_state()
    for h in [(2, 1, 1, 1, 0), (1, 1, 1, 0, 2), (0, 1, 1, 2, 1)]:
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    s.apply_actions({0: act("discard", 0), 1: act("discard", 4), 2: act("discard", 4)})
    s.apply_actions({0: act("slap", 100, True), 1: act("slap", 100, False), 2: act("slap", 100, False)})
    event = s.game.conquest_ids[-1]
    s.apply_action(act("draw", event))
    s.apply_action(act("event_draw"))
    s.apply_action(act("draw", 3))
    assert s.phase_name() == "insert" and s.chance_stream() == "reinsert"
    outs = s.chance_outcomes()
    assert [a.args[0] for a, _ in outs] == list(range(31))  # 30 cards left: 31 places
    assert all(p == pytest.approx(1 / 31) for _, p in outs)


def test_FC_S3_deal_outcomes_are_built_from_the_remaining_speed_deck(monkeypatch):
    """The deal's chance outcomes (cached per remaining speed deck) match FC-S3's distribution,
    the first time a remaining deck is met and every time after."""
    from lab.games.fiemme_cembra import state as fc_state

    monkeypatch.setattr(fc_state, "_DEAL_CACHE", {})  # as in a fresh interpreter: nothing met yet
    s = lab.load("fiemme_cembra").new_initial_state()
    assert s.full_state()["hands"] == [[0] * 5] * 4  # nobody holds a card before the deal
    for h in [(2, 1, 1, 1, 0), (1, 1, 1, 1, 1)]:
        assert s.observation(3)["my_hand"] == [0] * 5  # seat 3 is dealt last
        expected = [(act("deal", i), p) for i, p in C.deal_outcomes(tuple(s.full_state()["speed_left"]))]
        assert s.chance_outcomes() == expected and s.chance_outcomes() == expected
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    assert s.full_state()["speed_left"] == [1, 2, 2, 2, 3]



def test_FC_P2_discard_choices_are_one_per_card_type_held():
    """The pass's legal discards (a table by hand key) are one per card type the hand holds,
    every time they are asked for."""
    s = lab.load("fiemme_cembra").new_initial_state()
    hands = [(2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (0, 2, 0, 2, 1), (1, 0, 2, 0, 2)]
    for h in hands:
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    for p, h in enumerate(hands):
        expected = [act("discard", t) for t in range(5) if h[t]]
        assert s.legal_actions(p) == expected and s.legal_actions(p) == expected


@pytest.mark.parametrize(("reinsert", "places"), [("random_middle", range(1, 30)), ("anywhere", range(31))])
def test_FC_P7_reinsert_positions_are_built_from_the_deck_left(monkeypatch, reinsert, places):
    """The reinsert's chance outcomes (cached per span of places) are the variant's places in the
    deck, equally likely, the first time a span is met and every time after."""
    from lab.games.fiemme_cembra import state as fc_state

    monkeypatch.setattr(fc_state, "_INSERT_CACHE", {})  # as in a fresh interpreter: nothing met yet
    s = lab.load("fiemme_cembra", players=3, reinsert=reinsert).new_initial_state()
    for h in [(2, 1, 1, 1, 0), (1, 1, 1, 0, 2), (0, 1, 1, 2, 1)]:
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    s.apply_actions({0: act("discard", 0), 1: act("discard", 4), 2: act("discard", 4)})
    s.apply_actions({0: act("slap", 100, True), 1: act("slap", 100, False), 2: act("slap", 100, False)})
    s.apply_action(act("draw", s.game.conquest_ids[-1]))
    s.apply_action(act("event_draw"))
    s.apply_action(act("draw", 3))
    assert s.phase_name() == "insert"
    expected = [(act("insert_at", i), pytest.approx(1 / len(places))) for i in places]  # 30 cards left
    assert s.chance_outcomes() == expected and s.chance_outcomes() == expected

# ----------------------------------------------------------------------------- small conquest decks
# (FC-E1 and the deck's edge cases, reached in a few hands)
HAND = [(2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (0, 1, 1, 1, 2)]  # seat 0 closes
PASS_ONE = {0: 0, 1: 1, 2: 4, 3: 4}
PASS_BOTH = {0: 0, 1: 0, 2: 4, 3: 4}  # seats 0 and 1 close
HAND_SEAT1 = [(0, 1, 1, 1, 2), (2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1)]  # seat 1 closes
PASS_SEAT1 = {0: 4, 1: 0, 2: 4, 3: 1}
SLAP_0 = {0: (100, True), 1: (200, False), 2: (300, False), 3: (400, False)}


def counts(**kw):
    """Card counts whose speed deck (4 players) takes 4 of each hand type; the rest is conquest."""
    return {"nature": 4, "sport": 4, "history": 4, "taste": 4, "lodging": 4, "event": 0, **kw}


def play_hand(s, hand, discards, slaps):
    for h in hand:
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    s.apply_actions({p: act("discard", t) for p, t in discards.items()})
    s.apply_actions({p: act("slap", ms, shout) for p, (ms, shout) in slaps.items()})


def test_FC_E1_a_match_whose_round_ends_at_once_deals_nothing():
    """No card to win (a house rule ends every round at once): the match is over before the first
    deal, and every hand, pass and race record is still empty."""
    s = lab.load("fiemme_cembra").with_rules({"FC-E1": lambda remaining, memory: True}).new_initial_state()
    assert s.is_terminal()
    full = s.full_state()
    assert full["hands"] == [[0] * 5] * 4 and full["speed_left"] == [4] * 5 and full["deal_to"] == 0
    assert (full["passes"], full["closers"], full["my_passes"], full["my_receipts"]) == (0, [], [[]] * 4, [[]] * 4)
    obs = s.observation(2)
    assert (obs["my_hand"], obs["my_passes"], obs["my_receipts"], obs["passes"], obs["closers"]) == ([0] * 5, [], [], 0, [])


def test_FC_E1_AMB_FC_3_memory_grid_of_single_cards_is_already_over():
    s = lab.load("fiemme_cembra", mode="memory_proposal", card_counts=counts(nature=5)).new_initial_state()
    assert s.is_terminal() and [e.kind for e in s.events][:2] == ["conquest_deck", "conquest_deck_exhausted"]


def test_FC_E1_AMB_FC_3_memory_cards_seen_in_the_grid_still_count():
    """Two Nature cards and a Sport in the grid: after flips that make no pair, two Nature cards
    are still to be paired (seen in the grid or still unknown), so the round goes on."""
    s = lab.load("fiemme_cembra", mode="memory_proposal", card_counts=counts(nature=6, sport=5)).new_initial_state()
    assert sorted(s.game.conquest_ids) == [4, 5, 10]
    for first, second in (((0, 4), (2, 10)), ((1, 5), (2, None))):
        play_hand(s, HAND, PASS_ONE, SLAP_0)
        for slot, card in (first, second):
            s.apply_action(act("flip", slot))
            if card is not None:  # an unknown place: chance says which card it is
                s.apply_action(act("draw", card))
        seen = [first[1] or 10, second[1] or 10]
        assert [(e.kind, dict(e.data)) for e in s.events[-2:]] == [
            ("no_pair", {"player": 0, "cards": seen}), ("penalty_void", {"player": 3})]
        assert not s.is_terminal() and s.phase_name() == "deal"
        assert s.observation(None)["non_events_left"] == 3
    assert s.observation(None)["grid"] == [4, 5, 10]


def tiny_speed_game(nature, **rules):
    """Three players, a speed deck of lodging only (deck_table row), ``nature`` Nature cards
    (ids 0..) to conquer; house rules make every hand close and the LAST hand conquer."""
    table = {**C.SEED_TABLE, "3": {"emotions_each": 0, "lodging": 15, "speed_total": 15, "conquest_total": nature}}
    game = lab.load("fiemme_cembra", players=3, speed_deck="table", deck_table=table, reinsert="bottom",
                    card_counts={"nature": nature, "sport": 0, "history": 0, "taste": 0, "lodging": 15, "event": 0})
    return game.with_rules({"FC-P4": lambda hand: True,
                            "FC-P6": lambda order, shouted, rule: [order[-1]], **rules})


def test_FC_E1_a_card_given_back_to_the_deck_is_still_to_be_won():
    """Card 0 conquered and given back in the same hand (the last hand conquers, and pays): it is
    known, at the bottom of the deck, and the round is not over."""
    s = tiny_speed_game(1).new_initial_state()
    assert s.game.conquest_ids == (0,)
    lodging = C.COMPOSITION_INDEX[(0, 0, 0, 0, 5)]
    for _ in range(3):
        s.apply_action(act("deal", lodging))
    s.apply_actions({p: act("discard", 4) for p in range(3)})
    s.apply_actions({0: act("slap", 100, True), 1: act("slap", 200, False), 2: act("slap", 300, False)})
    s.apply_action(act("draw", 0))
    assert s.current_player() == 2 and s.legal_actions() == [act("give_back", 0)]
    s.apply_action(act("give_back", 0))
    assert s.full_state()["deck"] == [0] and s.full_state()["pool"] == []
    assert not s.is_terminal() and s.phase_name() == "deal"
    assert s.observation(None)["non_events_left"] == 1


def test_FC_P6_AMB_FC_4_an_event_with_the_deck_empty_draws_nothing():
    """each_shouting: seat 0 takes the last Nature card, seat 1 draws the Event, chooses to draw
    again and finds the deck empty."""
    s = lab.load("fiemme_cembra", several_closers="each_shouting", reinsert="bottom",
                 card_counts=counts(nature=5, event=1)).new_initial_state()
    event = s.game.conquest_ids[-1]
    play_hand(s, HAND, PASS_BOTH, {0: (100, True), 1: (150, True), 2: (300, False), 3: (400, False)})
    s.apply_action(act("draw", 4))
    s.apply_action(act("draw", event))
    assert s.current_player() == 1 and s.legal_actions() == [act("event_draw")]
    start = len(s.events)
    s.apply_action(act("event_draw"))
    got = [(e.clause, e.kind, dict(e.data)) for e in s.events[start:start + 3]]
    assert got == [("FC-P6", "event_draw_again", {"player": 1}),
                   ("FC-P6", "conquest_deck_empty", {"player": 1}),
                   ("FC-P7", "penalty_void", {"player": 3})]


def test_AMB_FC_2_a_tie_in_round_wins_is_broken_on_cards_alone():
    """round_wins: seats 0 and 1 win a round each; the tie is broken by FC-E3's criteria (most
    cards) without FC-E2's set -- even when a house rule makes seat 1's two cards a "set"."""
    game = lab.load("fiemme_cembra", rounds=2, between_rounds="round_wins", reinsert="bottom",
                    card_counts=counts(nature=7))
    s = game.with_rules({"FC-E2": lambda c: sum(c) == 2}).new_initial_state()
    for card in (4, 5, 6):  # round 1: seat 0 takes all three cards
        play_hand(s, HAND, PASS_ONE, SLAP_0)
        s.apply_action(act("draw", card))
    # round 2: seat 1 takes two cards, seat 2 one (seat 1 forgets to shout: the second hand takes)
    for card, shout in ((4, True), (5, True), (6, False)):
        play_hand(s, HAND_SEAT1, PASS_SEAT1, {0: (900, False), 1: (100, shout), 2: (150, False), 3: (950, False)})
        s.apply_action(act("draw", card))
    wins = [(e.clause, dict(e.data)["winners"]) for e in s.events if e.kind == "round_winners"]
    assert wins == [("FC-E3", [0]), ("FC-E2", [1])]
    end = s.events[-1]
    assert (end.clause, end.kind, dict(end.data)) == ("FC-E3", "match_winners", {"winners": [0], "totals": [3, 2, 1, 0]})
    assert s.winners() == [0]
