"""The FC part of the rules linter: findings come from the tables, and fixes make them go away."""

from __future__ import annotations

import copy

import pytest

import lab
from lab.games.fiemme_cembra import components as C
from lab.games.fiemme_cembra.variant import FIXED_TABLE


def findings(**kw):
    return {f.id: f for f in lab.lint(lab.load("fiemme_cembra", **kw))}


def errors(**kw):
    return {k: f for k, f in findings(**kw).items() if f.severity == "error"}


def test_INC_FC_1_five_players_speed_deck_is_25_not_30():
    f = errors()["INC-FC-1"]
    assert "INC-FC-1" in f.clauses and "FC-S5" in f.clauses
    assert "30" in f.message and "25" in f.message
    assert "speed_total=25" in f.suggested_fix
    d = f.to_dict()
    assert set(d) >= {"id", "clauses", "message", "suggested_fix"}


def test_INC_FC_2_six_players_five_of_each_does_not_add_up_six_does():
    errs = errors()
    f = errs["INC-FC-2"]
    assert "36" in f.message and "25" in f.message
    assert "6 of each type" in f.suggested_fix and "speed_total=30" in f.suggested_fix
    assert "20" in errs["INC-FC-2/conquest"].message and "24" in errs["INC-FC-2/conquest"].message
    assert "needs 30" in errs["INC-FC-2/deal"].message


def test_INC_FC_3_no_lodging_can_be_conquered_FC_E2_unreachable():
    for n in (3, 4, 5, 6):
        f = errors(players=n)["INC-FC-3"]
        assert "FC-E2" in f.clauses and "INC-FC-3" in f.clauses
        assert "Lodging" in f.message and "0 can ever be won" in f.message


def test_findings_come_from_the_tables_not_a_list():
    # the 4-player row is consistent in the seed; break it and a new finding appears
    table = copy.deepcopy(C.SEED_TABLE)
    table["4"]["speed_total"] = 21
    errs = errors(deck_table=table)
    assert "FC-S5[4p]" in errs and "21" in errs["FC-S5[4p]"].message
    # fix 5 and 6 players with the linter's own suggestions: their findings disappear
    fixed = errors(deck_table=FIXED_TABLE)
    assert not [k for k in fixed if k.startswith(("INC-FC-1", "INC-FC-2"))]
    # a card count change is seen too
    errs = errors(card_counts={**C.CARD_COUNTS, "event": 5})
    assert "FC-S5[3p]/conquest" in errs and "33" in errs["FC-S5[3p]/conquest"].message


@pytest.mark.parametrize("players", [3, 4, 5])
def test_INC_FC_3_fix_leftover_lodging_makes_the_finding_disappear(players):
    errs = errors(players=players, leftover_lodging="conquest")
    assert "INC-FC-3" not in errs


def test_INC_FC_3_six_players_need_more_lodging_cards():
    errs = errors(players=6, leftover_lodging="conquest")
    assert "INC-FC-3" in errs and "at least 7" in errs["INC-FC-3"].suggested_fix
    errs = errors(players=6, leftover_lodging="conquest", card_counts={**C.CARD_COUNTS, "lodging": 7})
    assert "INC-FC-3" not in errs


def test_AMB_FC_3_memory_proposal_needs_pairs_of_lodging():
    errs = errors(players=5, mode="memory_proposal", leftover_lodging="conquest")
    assert "INC-FC-3" in errs and "needs 2 Lodging" in errs["INC-FC-3"].message
    assert "INC-FC-3" not in errors(players=4, mode="memory_proposal", leftover_lodging="conquest")


def test_AMB_FC_1_AMB_FC_2_AMB_FC_4_notes_name_the_parameters():
    notes = findings(syllables="cycle")
    assert "syllables='cycle'" in notes["AMB-FC-1"].message
    assert notes["AMB-FC-2"].severity == "info" and "between_rounds" in notes["AMB-FC-2"].message
    assert "several_closers" in notes["AMB-FC-4"].message


def test_deck_table_parameter_rejects_bad_tables():
    with pytest.raises(lab.InvalidVariant, match="rows"):
        lab.load("fiemme_cembra", deck_table={"3": {}})
    bad = copy.deepcopy(C.SEED_TABLE)
    bad["3"]["speed_total"] = -1
    with pytest.raises(lab.InvalidVariant, match="speed_total"):
        lab.load("fiemme_cembra", deck_table=bad)


def test_FC_P7_the_per_hand_penalty_is_a_cycle_with_no_progress():
    """The linter plays the cycle itself: a race that conquers a card while the last hand gives
    one back leaves FC-E1's cards to conquer as they were; it quotes the seed's step 7 and FC-E1.
    Read once a round, the penalty makes no such cycle, and the linter finds none."""
    for players in (3, 4, 5, 6):
        f = findings(players=players)["FC-P7"]
        assert f.severity == "warning" and {"FC-P7", "FC-E1", "FC-S1"} <= set(f.clauses)
        assert "reachable cycle with no progress" in f.message and "played 4 times" in f.message
        assert "al centro del mazzo coperto" in f.message and "sole carte evento" in f.message
        assert "15 minutes" in f.message and "end_of_round" in f.suggested_fix
    other = findings(penalty_timing="end_of_round")
    assert "FC-P7" not in other and "once a round" in other["FC-P7-reading"].suggested_fix
    assert "FC-S1" in findings()["FC-P7-reading"].message


def test_FC_P1_note_five_emotions_are_four_plus_lodging():
    f = findings()["FC-P1"]
    assert f.severity == "info" and "FC-P4" in f.clauses
    assert "5 carte emozioni" in f.message and "4 emotion types" in f.message
