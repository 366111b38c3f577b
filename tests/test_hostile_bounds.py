"""Resource bounds of search agents and of the largest Space Station board (issue 40 items 12
and 13).

Search agents accepted up to 10,000,000 iterations (about 5.8 KB per iteration for Memcel MCTS:
58 GB at the cap); the tree is now bounded from each game's measured cost per iteration, and a
setting past the bound is refused saying so. Space Station's largest accepted board (60 x 60)
took 7-8 s and 123-235 MB per distinct ``earth_row``; its tables are now computed in arrays,
shared between the variants of one board, and the board is bounded so a load stays under a
second (measured by ``python -m benchmarks.run --sections routes``, not by a timed test).
"""

from __future__ import annotations

import json
import tracemalloc
from typing import Any

import numpy as np
import pytest

import lab
from lab.agents import mcts
from lab.agents.catalogue import make_agent
from lab.agents.seat import SeatView
from lab.cli import main as cli_main
from tests.tools.hostile import refusals

COUNTS, ACCEPTED, _count, _print_counts = refusals("bound cases")


# ====================================================================== item 12: search trees
@pytest.mark.parametrize("agent", ["mcts", "ismcts"])
def test_search_settings_past_the_memory_bound_are_refused_naming_the_cost(game_name: str, agent: str,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    game = lab.load(game_name)
    cost = mcts.iteration_bytes(game, agent)
    most = mcts.MAX_TREE_BYTES // cost
    for iterations in (10_000_000, most + 1):
        spec = {"name": agent, "iterations": iterations}
        with pytest.raises(lab.InvalidAgent, match=rf"iterations {iterations:,} would grow a search tree.*at most {most:,} iterations"):
            make_agent(game, spec)
        with pytest.raises(lab.InvalidAgent, match="search tree"):
            lab.play(game, agents=spec, seed=1)
        _count("item 12 (search settings)", 2)
    assert make_agent(game, {"name": agent, "iterations": most}).params["iterations"] == most
    code = cli_main(["simulate", game_name, "-n", "1", "--agents", json.dumps({"name": agent, "iterations": 10_000_000})])
    err = capsys.readouterr().err
    assert code == 2 and "search tree" in err and len(err.strip().splitlines()) == 1, err
    _count("item 12 (search settings)")


def test_a_kit_game_is_bounded_from_its_action_space() -> None:
    from lab.kit.examples import Goofspiel

    game = Goofspiel()
    cost = mcts.iteration_bytes(game, "ismcts")
    assert cost == mcts.NODE_BYTES + mcts.ROW_BYTES * min(game.num_distinct_actions(), 256)
    with pytest.raises(lab.InvalidAgent, match="estimated from its actions"):
        make_agent(game, {"name": "ismcts", "iterations": 10_000_000})
    _count("item 12 (search settings)")


def _position(name: str) -> lab.State:
    """The first decision of one seat at or after a third of a random game."""
    game = lab.load(name)
    history = lab.play(game, seed=2).history()
    k = len(history) // 3
    while lab.replay(game, history[:k]).current_player() < 0:
        k += 1
    return lab.replay(game, history[:k])


def _search_grows_within_its_bound(game_name: str, agent: str, which: slice) -> None:
    """``MEASURED_BYTES`` (python -m tests.tools.search_memory) must stay above what a search
    costs: the growth of a traced search from 100 to 400 iterations, per iteration, at the
    game's first decision and a few decisions into a random game (``which`` of those three)."""
    from tests.tools.search_memory import positions, search_peak

    cls = mcts.MCTSAgent if agent == "mcts" else mcts.ISMCTSAgent
    states = positions(game_name, count=3)[which]
    assert states
    for state in states:
        search_peak(state, cls, 100)  # warm: caches the rules fill once per process are not the tree's growth
        growth = (search_peak(state, cls, 400) - search_peak(state, cls, 100)) / 300
        assert growth <= mcts.iteration_bytes(state.game, agent), (game_name, agent, growth)


@pytest.mark.parametrize("agent", ["mcts", "ismcts"])
def test_the_measured_cost_per_iteration_is_an_upper_bound(game_name: str, agent: str) -> None:
    _search_grows_within_its_bound(game_name, agent, slice(1, 2))  # a position a third into a game


@pytest.mark.slow
@pytest.mark.parametrize("agent", ["mcts", "ismcts"])
def test_the_measured_cost_per_iteration_is_an_upper_bound_at_the_other_positions(game_name: str, agent: str) -> None:
    _search_grows_within_its_bound(game_name, agent, slice(0, 3, 2))  # the first decision, two thirds in


def test_a_tree_that_reaches_the_bound_stops_growing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound holds while searching too (a variant or a kit game costlier than its estimate):
    the tree stops at it, deterministically, and the agent counts it."""
    state = _position("memcel")
    view = SeatView(state, state.current_player())
    searchers = [make_agent(state.game, {"name": "mcts", "iterations": 40}) for _ in range(2)]
    monkeypatch.setattr(mcts, "MAX_TREE_BYTES", 300_000)
    trees = []
    for searcher in searchers:
        searcher.params["iterations"] = 20_000  # past the check, as a costlier variant would be
        searcher.reset(state.game, state.current_player())
        tracemalloc.start()
        trees.append(searcher.search(view, np.random.default_rng(0)))
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert searcher.memory_stops == 1 and peak < 3 * 300_000 + 2_000_000, peak
    assert trees[0].stats == trees[1].stats  # the same stop, the same tree
    _count("item 12 (runtime bound)")


# ====================================================================== item 13: the largest board
def test_space_station_boards_past_the_bound_are_refused_before_anything_is_built() -> None:
    from lab.games.space_station import board

    for columns, rows in ((60, 60), (41, 40), (60, 27)):
        with pytest.raises(lab.InvalidVariant, match=r"columns, rows would make .* board hexes; at most 1,600"):
            lab.load("space_station", columns=columns, rows=rows, earth_row=rows // 2)
        _count("item 13 (boards)")
    assert board.MAX_HEXES == 1600


def test_the_largest_board_loads_and_its_variants_share_the_distance_table() -> None:
    from lab.games.space_station import board

    a = lab.load("space_station", columns=40, rows=40, earth_row=20)
    b = lab.load("space_station", columns=40, rows=40, earth_row=21, orbit_radius=4)
    assert a.geo.dist is b.geo.dist and len(a.geo.dist) == 1600
    assert lab.play(a, seed=1).is_terminal()
    ACCEPTED["Space Station up to 40 x 40 (1,600 hexes)"] = "loads in 0.6 s under load (benchmarks.run --sections routes)"
    del board  # (imported for its tables' cache)


@pytest.mark.parametrize("params", [{}, {"grid": "square"}, {"grid": "square", "square_neighbours": 4},
                                    {"orientation": "flat"}, {"hex_offset": "even"},
                                    {"columns": 20, "rows": 15, "earth_row": 7, "earth_from_right": 5}])
def test_the_array_tables_equal_the_definitions(params: dict[str, Any]) -> None:
    """The distance table and the most route prefixes, computed in arrays, equal the plain
    definitions (every pair's lattice distance; the per-hex count of shortest-route prefixes)."""
    geo = lab.load("space_station", **params).geo
    keys = [geo.lattice.key(n) for n in geo.nodes]
    assert geo.dist == [[geo.lattice.distance(a, b) for b in keys] for a in keys]

    def slow_count(speed: int) -> int:
        best = 1
        for table in geo.to_orbit:
            count = [1 if d >= 0 else 0 for d in table]
            for _ in range(speed):
                count = [(1 if d == 0 else 0) if d <= 0 else
                         sum(count[j] for j in geo.step[i] if j >= 0 and table[j] == d - 1)
                         for i, d in enumerate(table)]
            best = max(best, max(count))
        return best

    for speed in (1, 2, 3, 5):
        assert geo._count_routes(speed) == slow_count(speed), speed


# ====================================================================== README's limits
def test_readme_limits_table_gives_the_bounds_the_code_uses() -> None:
    """Every row of README's "Limits" table states the value of the constant it names."""
    import importlib
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Limits\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (.+?) \| (.+?) \| `(lab(?:\.\w+)+)` \|$", section, flags=re.MULTILINE)
    assert len(rows) >= 20, rows
    for what, bound, dotted in rows:
        module, name = dotted.rsplit(".", 1)
        value = getattr(importlib.import_module(module), name)
        shown = f"{value:,}" if isinstance(value, int) else f"{value:,g}"
        assert bound.split(" ")[0] == shown, (what, bound, dotted, value)
