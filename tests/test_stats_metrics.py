"""What a comparison compares: returns, places and losses per seat (issue 36, defect 5), the rule
that decided a game (issue 37, item 7), and primary metrics that are never left out as
duplicates (issue 37, item 8)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from test_experiments_toy import toy

import lab
from lab.stats import compare_frames
from lab.stats.metrics import metric_values


def _table(returns: list[list[float]], n: int) -> pd.DataFrame:
    """A run table whose games cycle through ``returns`` (one list per game, one value per seat)."""
    rows = []
    for i in range(n):
        r = returns[i % len(returns)]
        best = max(r)
        winners = [p for p, v in enumerate(r) if v == best] if best > min(r) else []
        row = {"seed": i, "winners": json.dumps(winners), "winner": winners[0] if len(winners) == 1 else -1,
               "draw": not winners, "length_actions": 10 + i % 3}
        row.update({f"return_{p}": float(v) for p, v in enumerate(r)})
        rows.append(row)
    return pd.DataFrame(rows)


def test_returns_places_and_losses_are_computed_from_the_returns() -> None:
    df = _table([[1, -1, 0], [0, 0, 0], [-1, -1, 1]], 3)
    assert list(metric_values(df, "return_2")) == [0.0, 0.0, 1.0]
    assert list(metric_values(df, "rank_0")) == [1.0, 1.0, 2.0]  # tied seats share the better place
    assert list(metric_values(df, "rank_1")) == [3.0, 1.0, 2.0]
    assert list(metric_values(df, "lost_1")) == [1.0, 0.0, 1.0]  # last while someone did better
    assert list(metric_values(df, "lost_2")) == [0.0, 0.0, 0.0]  # an all-tied game has no loser


def test_compare_takes_the_return_columns_its_tables_hold() -> None:
    """Issue 36, defect 5: 'unknown metric return_0' for the tables' own columns."""
    c = lab.compare(toy(players=3), {"strict": True}, n_games=40, seed=1,
                    metrics=["return_0", "rank_1", "lost_2", "win_0"])
    t = c.table.set_index("metric")
    assert set(t.index) == {"return_0", "rank_1", "lost_2", "win_0"}
    assert "seat 2's loss rate" in t.loc["lost_2", "verdict"] and "seat 0's mean return" in t.loc["return_0", "verdict"]


def test_a_rule_that_changes_who_loses_is_flagged_on_losses() -> None:
    """memm's MM-5 shape: the first out wins, everyone still holding cubes loses (-1), the others 0.
    Variant B makes seat 2 the one left holding cubes where A had seat 1; wins do not change."""
    a = _table([[1, -1, 0], [1, 0, -1], [1, -1, 0]], 60)
    b = _table([[1, 0, -1], [1, 0, -1], [1, 0, -1]], 60)
    t = compare_frames(a, b).set_index("metric")
    assert not t.loc["win_0", "significant"] if "win_0" in t.index else True
    flagged = set(t.index[t["significant"]])
    assert {"lost_1", "lost_2"} <= flagged | set(t.attrs["dropped"]), t[["diff", "significant"]]
    assert any(m.startswith(("lost_", "return_", "rank_")) for m in flagged), t[["diff", "significant"]]


def test_a_primary_metric_is_kept_when_it_repeats_another_and_the_summary_names_the_other() -> None:
    """Issue 37, item 8: with a fixed starter, first_mover_win has win_0's values; it stays (a
    default primary metric) and win_0 is the one left out, named in the summary."""
    a = lab.simulate(toy(), n_games=40, seed=2)
    b = lab.simulate(toy(sides=8), n_games=40, seed=2)  # (strict would let seat 1 move first)
    t = compare_frames(a, b)
    roles = dict(zip(t["metric"], t["role"], strict=True))
    assert roles["first_mover_win"] == "primary" and "win_0" not in roles
    assert t.attrs["dropped"]["win_0"] == "the same values as first_mover_win"
    assert "win_0 (the same values as first_mover_win)" in t.attrs["summary"]
    explicit = compare_frames(a, b, primary="win_0")
    assert "win_0" in set(explicit["metric"]) and "first_mover_win" not in set(explicit["metric"])


def test_an_affine_copy_of_a_metric_is_left_out_and_said_how() -> None:
    a = _table([[1, -1], [-1, 1], [1, -1]], 30)
    b = _table([[-1, 1], [-1, 1], [1, -1]], 30)
    t = compare_frames(a, b)
    dropped = t.attrs["dropped"]
    assert dropped["return_0"] == "-1 + 2 × win_0" and dropped["lost_0"] == "1 − win_0"


@pytest.mark.parametrize(("slope", "shift", "said"), [(-2.0, 2.0, "2 − 2 × k"), (-2.0, 0.0, "−2 × k"), (-1.0, 3.0, "3 − k"),
                                                      (4.0, 0.0, "4 × k"), (-1.0, 0.0, "−k"), (0.5, -1.0, "-1 + 0.5 × k")])
def test_an_affine_copy_is_said_with_the_sign_it_has(slope: float, shift: float, said: str) -> None:
    """A falling copy is written once with its minus (the 10_experiments summary once printed
    ``n[FC-E3] (2 − -2 × decided[FC-E2])``, i.e. the wrong sign)."""
    from lab.stats.compare import _affine

    k = np.array([0.0, 1.0, 1.0, 0.0, 2.0])
    assert _affine(k, shift + slope * k).format("k") == said


@pytest.fixture(scope="module")
def rounds3() -> pd.DataFrame:
    game = lab.load("fiemme_cembra", players=3, rounds=3, leftover_lodging="conquest")
    return lab.simulate(game, agents="collector", n_games=12, seed=4, progress=False)


def test_FC_E2_decided_is_the_rule_that_decided_the_match_not_a_firing_in_a_round(rounds3: pd.DataFrame) -> None:
    """Issue 37, item 7: fired[FC-E2] counts a set completed in any round; decided[FC-E2] counts
    matches whose winner FC-E2 named (the match_winners event)."""
    game = lab.load("fiemme_cembra", players=3, rounds=3, leftover_lodging="conquest")
    seen = []
    for seed in range(4):
        state = lab.play(game, "collector", seed=seed)
        ends = [e for e in state.events if e.kind == "match_winners"]
        expected = ends[-1].clause if ends and state.stopped_by is None else ""
        assert state.decided_by() == expected
        seen.append(expected)
    assert set(seen) <= {"FC-E2", "FC-E3", ""}
    finished = rounds3[rounds3["unfinished"] == 0]
    assert set(finished["decided_by"]) <= {"FC-E2", "FC-E3"}
    decided = (rounds3["decided_by"] == "FC-E2").mean()
    fired = (rounds3["n[FC-E2]"] > 0).mean()
    assert decided < fired  # sets completed in a round of these matches decided fewer matches


def test_decided_is_a_metric_of_comparisons_and_of_the_autopilot(rounds3: pd.DataFrame) -> None:
    from lab.tune.targets import measure, parse_target

    m = measure(rounds3, parse_target("max:decided[FC-E2]"))
    assert m.estimate == pytest.approx((rounds3["decided_by"] == "FC-E2").mean()) and m.low < m.high
    other = rounds3.copy()  # a variant in which a complete set decides every other match
    other["decided_by"] = np.where(np.arange(len(other)) % 2 == 0, "FC-E2", other["decided_by"])
    t = compare_frames(rounds3, other, primary="decided[FC-E2]").set_index("metric")
    assert t.loc["decided[FC-E2]", "role"] == "primary" and "decide more games" in t.loc["decided[FC-E2]", "verdict"]
    never = compare_frames(rounds3, rounds3, primary="decided[FC-E9]").set_index("metric")  # never decided: 0
    assert never.loc["decided[FC-E9]", "diff"] == 0 and not never.loc["decided[FC-E9]", "significant"]
