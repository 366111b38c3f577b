"""Run every row of the seed-scenario tables (see :mod:`tests.scenarios`)."""

from __future__ import annotations

import pytest

from tests.scenarios import fiemme_cembra, memcel, memm, space_station
from tests.scenarios.table import Scenario, Table, run

TABLES: tuple[Table, ...] = (memcel.TABLE, fiemme_cembra.TABLE, space_station.TABLE, memm.TABLE)
ROWS = [(t.game, s) for t in TABLES for s in t.scenarios]


@pytest.mark.parametrize(("game", "scenario"), ROWS, ids=[f"{g}:{s.id}" for g, s in ROWS])
def test_seed_scenario(game: str, scenario: Scenario) -> None:
    run(scenario)


@pytest.mark.parametrize("table", TABLES, ids=[t.game for t in TABLES])
def test_every_clause_has_a_scenario(table: Table) -> None:
    missing = [c for c in table.clauses if c not in table.covered()]
    assert not missing, f"{table.game}: clauses without a scenario: {missing}"
    assert not table.unknown(), f"{table.game}: rows name clauses not in its list: {table.unknown()}"


@pytest.mark.parametrize("table", TABLES, ids=[t.game for t in TABLES])
def test_rows_quote_the_seed_and_have_distinct_ids(table: Table) -> None:
    ids = [s.id for s in table.scenarios]
    assert len(ids) == len(set(ids)), f"{table.game}: repeated row ids"
    for s in table.scenarios:
        assert s.seed.strip() and s.reading.strip() and s.expect, s.id
