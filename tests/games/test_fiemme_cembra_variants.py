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
