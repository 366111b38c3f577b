"""A house rule's wrong choice is reported with the function's name and the index out of range
(issue #36, defect 9): SS-D1 returning index 6 of one candidate says "index 6 is out of range 0..0"."""

from __future__ import annotations

import re

import pytest

import lab


def far_away(distances: list[int]) -> list[int]:
    """A wrong SS-D1 rule: the index just past the last candidate, plus five."""
    return [len(distances) + 5]


def test_an_out_of_range_index_names_the_function_and_the_range() -> None:
    game = lab.load("space_station", rules={"SS-D1": far_away})
    with pytest.raises(lab.RuleError) as info:
        for seed in range(50):  # the station fires within the first games
            lab.play(game, seed=seed)
    text = str(info.value)
    got = re.search(r"house rule far_away: index (\d+) is out of range 0\.\.(\d+)", text)
    assert got is not None, text
    assert int(got.group(1)) == int(got.group(2)) + 6  # len(distances) + 5, the range 0..len - 1
    assert info.value.rule == info.value.clause == "SS-D1"


def test_no_index_at_all_is_said_so() -> None:
    game = lab.load("space_station", rules={"SS-F3": lambda tiers: []})
    with pytest.raises(lab.RuleError, match=r"house rule <lambda>: returned no index; return at least one index in 0\.\.\d+"):
        lab.play(game, seed=0)
