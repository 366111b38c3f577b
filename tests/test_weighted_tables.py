"""Chance outcomes declared as a table and weights (lab.core.chance.WeightedTable): they read as
their list of pairs, and the driver's streams draw from the weights what the race of that list
draws for the same numbers (lab.sim.streams)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import lab
from lab.checks.conformance import ConformanceError, check_game
from lab.core.chance import WeightedTable
from lab.games.memcel.state import MemcelState
from lab.sim import streams as streams_module
from lab.sim.streams import _BATCH, _VECTOR_FROM, ChanceStreams, race
from tests.tools.plant import plant

CARDS = tuple(lab.Action("card", (c,)) for c in range(40))


def test_a_weighted_table_reads_as_its_list_of_pairs() -> None:
    table = CARDS[:5]
    wt = WeightedTable(table, [3, 0, 1, 0, 4])
    pairs = [(table[0], 3 / 8), (table[2], 1 / 8), (table[4], 4 / 8)]
    assert list(wt) == pairs and wt == pairs and wt == WeightedTable(table, [3, 0, 1, 0, 4], 8)
    assert len(wt) == 3 and wt[1] == pairs[1] and wt[-1] == pairs[-1] and wt[:2] == pairs[:2]
    assert pairs[2] in wt and wt.index(pairs[1]) == 1 and wt.total == 8
    assert wt != [(table[0], 1.0)] and wt != tuple(pairs) and repr(wt) == f"WeightedTable({pairs!r})"
    assert wt.problems() == []
    flags = WeightedTable(table, [1, 1, 0, 1, 0], 3, True)  # a deal of the cubes left
    assert list(flags) == [(table[0], 1 / 3), (table[1], 1 / 3), (table[3], 1 / 3)] and flags.problems() == []
    assert WeightedTable(table, [np.int64(2), 0, np.float64(1.5), 0, 1]).problems() == []  # numpy's numbers are numbers


@pytest.mark.parametrize(("table", "weights", "total", "equal", "problem"), [
    (list(CARDS[:3]), [1, 1, 1], None, False, "must be a tuple"),
    (CARDS[:3], [1, 1], None, False, "2 weights for a table of 3 rows"),
    (CARDS[:3], [1, -1, 2], None, False, "finite and non-negative"),
    (CARDS[:3], [1, math.nan, 2], None, False, "finite and non-negative"),
    (CARDS[:3], [1, math.inf, 2], None, False, "finite and non-negative"),
    (CARDS[:3], [1, "2", 2], 5, False, "finite and non-negative"),
    (CARDS[:3], [0, 0, 0], None, False, "every weight is 0"),
    (CARDS[:3], [1, 2, 3], 7, False, "total 7 is not the sum of the weights, 6"),
    ((CARDS[0], CARDS[1], CARDS[0]), [1, 1, 1], None, False, "lists an outcome twice"),
    (CARDS[:3], [1, 2, 1], None, True, "equal=True, but the positive weights differ"),
])
def test_a_weighted_tables_problems_name_what_is_wrong(table: Any, weights: list[Any], total: Any, equal: bool,
                                                       problem: str) -> None:
    problems = WeightedTable(table, weights, total, equal).problems()
    assert len(problems) == 1 and problem in problems[0], problems


def _tables(rng: np.random.Generator, count: int) -> list[WeightedTable]:
    """Declarations of every kind the streams serve: short and long (from _VECTOR_FROM) tables,
    equal flags (a deal) and counts (a deck), with zeros, one outcome left, and counts that
    happen to be equal but are not declared so."""
    out = []
    for i in range(count):
        n = int(rng.integers(2, 41))
        start = int(rng.integers(0, 40 - min(n, 40) + 1))
        table = tuple(CARDS[start:start + n]) if start + n <= 40 else CARDS[:n]
        if i % 3 == 0:  # a deal: the rows left, equal chances
            weights = (rng.random(n) < 0.7).astype(int).tolist()
            weights[int(rng.integers(n))] = 1
            out.append(WeightedTable(table, weights, sum(weights), True))
            continue
        weights = rng.integers(0, 6, n).tolist()
        if i % 7 == 1:
            weights = [0] * n
        if i % 5 == 2:
            weights = [3] * n  # equal, declared as counts
        weights[int(rng.integers(n))] += 1
        out.append(WeightedTable(table, weights))
    return out


@pytest.mark.parametrize("margin", [0.0, streams_module._TIE_MARGIN, math.inf])
def test_a_weighted_table_draws_what_the_race_of_its_list_draws(monkeypatch: pytest.MonkeyPatch, margin: float) -> None:
    """The same outcome, draw for draw, as the race of the list it reads as, through the scalar
    start and growing batches: with the margin (a near tie left to the list's race), with none
    (the weights answer every draw) and with an infinite one (the list answers every draw but
    the short equal ones, whose largest hash is exact)."""
    monkeypatch.setattr(streams_module, "_TIE_MARGIN", margin)
    answered: list[bool] = []
    weighted, draw = streams_module._Batch._weighted, streams_module._Batch.draw

    def counted_draw(self: Any, outcomes: Any) -> Any:
        if type(outcomes) is not WeightedTable:  # a fall-back to the list: the draw was not answered
            answered[-1] = False
        return draw(self, outcomes)

    def counted(self: Any, outcomes: Any, j: int) -> Any:
        answered.append(True)
        return weighted(self, outcomes, j)

    monkeypatch.setattr(streams_module._Batch, "_weighted", counted)
    monkeypatch.setattr(streams_module._Batch, "draw", counted_draw)
    tables = _tables(np.random.default_rng(4), 90)
    streams = ChanceStreams(np.random.SeedSequence(12))
    raw = ChanceStreams(np.random.SeedSequence(12)).rng("deck").bit_generator.random_raw
    n = 3 * _BATCH + 11
    got = [streams.draw(tables[i % 90], "deck") for i in range(n)]
    assert got == [race(list(tables[i % 90]), int(raw())) for i in range(n)]
    assert len(answered) == n
    short_equal = [t.equal and sum(t.weights) < _VECTOR_FROM for t in (tables[i % 90] for i in range(n))]
    if margin == 0.0:
        assert all(answered)
    elif margin == math.inf:
        assert answered == short_equal
    else:
        assert all(answered)  # (a near tie is about one draw in 10**10)


def test_a_weighted_tables_draws_keep_the_generator_where_they_left_it() -> None:
    """A table's first batch is as long as the table: the numbers not drawn go back."""
    wt = WeightedTable(CARDS, [1] * 40, 40, True)
    streams, plain = ChanceStreams(np.random.SeedSequence(2)), ChanceStreams(np.random.SeedSequence(2))
    raw = plain.rng("deal").bit_generator.random_raw
    assert [streams.draw(wt, "deal") for _ in range(3)] == [race(list(wt), int(raw())) for _ in range(3)]
    assert streams.get_state() == plain.get_state()


def test_a_wrong_weighted_table_fails_conformance(monkeypatch: pytest.MonkeyPatch) -> None:
    """A declaration that says its weights are equal when they are not (the streams would draw
    by the largest hash what its list draws by the weights) is named by check_game."""
    declare = MemcelState._chance_outcomes

    def wrong(self: MemcelState) -> Any:
        out = declare(self)
        if type(out) is WeightedTable:
            return WeightedTable(out.table, out.weights, out.total, True)
        return out

    game = lab.load("memcel", players=2, max_turns=30)
    plant(monkeypatch, game, _chance_outcomes=wrong)
    with pytest.raises(ConformanceError, match="WeightedTable: equal=True, but the positive weights differ"):
        check_game(game, n_games=2, seed=3)
