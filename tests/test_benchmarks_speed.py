"""The ``speed`` section of ``make bench`` (issue #15 section 5): paired random play of this
tree against a baseline commit, as rows of the table with the 3x target."""

from __future__ import annotations

import pytest

from benchmarks import ab, run, speed_bench


def test_paired_compare_of_a_tree_with_itself_reports_actions_per_second() -> None:
    root = str(speed_bench.ROOT)
    (row,) = ab.compare(root, root, ["memm:random:3"], rounds=2)
    assert row["case"] == "memm:random:3"
    assert len(row["ratios"]) == 2 and row["ratios"] == sorted(row["ratios"])
    # the same tree plays the same games: both sides count the same actions
    assert row["actions_per_s_a"] * row["seconds_a"] == pytest.approx(row["actions_per_s_b"] * row["seconds_b"])
    assert 0.2 < row["ratio"] < 5


def test_a_baseline_missing_from_the_checkout_is_skipped_with_its_reason() -> None:
    out = speed_bench.run(1, ["memm"], baseline="0" * 40)
    assert "error" in out and "0000000" in out["error"]
    (row,) = run.table_rows({"speed": out})
    assert row[0] == "speed" and row[-1] == "skipped"


def test_speed_rows_hold_the_3x_target() -> None:
    games = {
        "memm": {"actions_per_s_a": 20_000.0, "actions_per_s_b": 70_000.0, "ratios": [3.4, 3.5, 3.6], "ratio": 3.5},
        "memcel": {"actions_per_s_a": 50_000.0, "actions_per_s_b": 80_000.0, "ratios": [1.5, 1.6], "ratio": 1.6},
    }
    rows = run.table_rows({"speed": {"baseline": "92d1e2a", "rounds": 3, "games": games}})
    assert [(r[1].split()[0], r[3], r[4]) for r in rows] == [("memm", ">= 3.0x", "ok"), ("memcel", ">= 3.0x", "BELOW")]
    assert "3.50x" in rows[0][2] and "70,000 vs 20,000" in rows[0][2]
