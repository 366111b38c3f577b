"""The benchmark Hex game: OpenSpiel's rules, lab's contracts, not one of the product's games."""

from __future__ import annotations

import random
from collections import deque

import networkx as nx
import pytest

import lab
from benchmarks.hex_game import NAME, HexGame, cell_name, hex_tables, registered
from lab.checks.conformance import check_game, conformance_variants
from lab.core.state import TERMINAL


def _play(game: HexGame, cells: list[int]) -> lab.State:
    state = game.new_initial_state()
    for c in cells:
        state.apply_action(c)
    return state


def _alternate(first: list[int], second: list[int]) -> list[int]:
    out = []
    for a, b in zip(first, second, strict=True):
        out += [a, b]
    return out


def _bfs_winner(board: list[int], n: int) -> int:
    """Reference: the player whose stones join their two edges (breadth-first search)."""
    nbrs = hex_tables(n).neighbours
    for player, color in ((0, 1), (1, 2)):
        if player == 0:
            start = [c for c in range(n) if board[c] == color]
            goal = {c for c in range(n * (n - 1), n * n)}
        else:
            start = [r * n for r in range(n) if board[r * n] == color]
            goal = {r * n + n - 1 for r in range(n)}
        seen = set(start)
        queue = deque(start)
        while queue:
            c = queue.popleft()
            if c in goal:
                return player
            for d in nbrs[c]:
                if board[d] == color and d not in seen:
                    seen.add(d)
                    queue.append(d)
    return -1


def test_not_registered_with_the_products_games() -> None:
    assert NAME not in lab.game_names()
    with registered():
        assert NAME in lab.game_names()
        assert isinstance(lab.load(NAME, board_size=5), HexGame)
    assert NAME not in lab.game_names()
    with pytest.raises(lab.UnknownGame):
        lab.load(NAME)


@pytest.mark.parametrize("variant", conformance_variants(HexGame))
def test_passes_the_conformance_suite(variant: dict) -> None:
    with registered():
        game = lab.load(NAME, **variant)
        report = check_game(game, n_games=6 if game.size > 5 else 20, seed=3)
    assert report.games > 0 and report.round_trips > 0 and report.illegal_tried > 0


def test_openspiel_numbering_and_labels() -> None:
    game = HexGame()
    assert game.num_distinct_actions() == 121
    assert game.max_game_length() == 121
    assert [game.action_to_int(lab.act("place", c)) for c in (0, 5, 120)] == [0, 5, 120]
    state = game.new_initial_state()
    assert state.describe_action(lab.act("place", 5)) == "f1"
    assert cell_name(12, 11) == "b2"
    state.apply_action(5)
    assert state.observation(None)["board"][0] == ".....x....."


def test_adjacency_is_openspiels() -> None:
    # OpenSpiel's hex: (row, col) touches (row, col +- 1), (row +- 1, col), (row - 1, col + 1)
    # and (row + 1, col - 1); lab builds it from hex_grid_graph(shape="rhombus").
    for n in (2, 4, 11):
        tables = hex_tables(n)
        for r in range(n):
            for c in range(n):
                expected = {
                    rr * n + cc
                    for rr, cc in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c), (r - 1, c + 1), (r + 1, c - 1))
                    if 0 <= rr < n and 0 <= cc < n
                }
                assert set(tables.neighbours[r * n + c]) == expected
    graph = HexGame(board_size=4).board(_play(HexGame(board_size=4), [5]))
    assert graph.nodes[(1, 1)]["stone"] == "x" and graph.nodes[(1, 1)]["cell"] == 5
    assert isinstance(graph, nx.Graph) and graph.number_of_nodes() == 16


def test_black_wins_top_to_bottom() -> None:
    game = HexGame()
    column = [r * 11 for r in range(11)]
    other = [r * 11 + 5 for r in range(11)]
    state = _play(game, _alternate(column, other)[:21])
    assert state.is_terminal() and state.returns() == [1.0, -1.0] and state.winners() == [0]
    assert state.move_number() == 21


def test_white_wins_left_to_right() -> None:
    game = HexGame()
    top_row = list(range(11))
    middle_row = [55 + c for c in range(11)]
    state = _play(game, _alternate(top_row, middle_row))
    assert state.is_terminal() and state.returns() == [-1.0, 1.0] and state.winners() == [1]
    assert state.move_number() == 22


def test_a_row_does_not_win_for_black_nor_a_column_for_white() -> None:
    game = HexGame(board_size=3)
    state = _play(game, [0, 3, 1, 6, 2])  # black fills the top row, white the first column
    assert not state.is_terminal()
    assert state.current_player() == 1


def test_diagonal_connection_follows_the_rhombus() -> None:
    game = HexGame()
    anti = [r * 11 + (10 - r) for r in range(11)]  # (col, row) -> (col - 1, row + 1): adjacent
    state = _play(game, _alternate(anti, [r * 11 for r in range(10)] + [1])[:21])
    assert state.winners() == [0]
    main = [r * 11 + r for r in range(11)]  # (col, row) -> (col + 1, row + 1): not adjacent
    state = _play(game, _alternate(main, [r * 11 + 10 for r in range(10)] + [9]))
    assert not state.is_terminal()


def test_occupied_cell_is_refused_and_the_state_is_unchanged() -> None:
    game = HexGame(board_size=5)
    state = _play(game, [7])
    before = state.to_json()
    with pytest.raises(lab.IllegalAction, match="c2 already holds x"):
        state.apply_action(7)
    with pytest.raises(lab.IllegalAction, match="outside"):
        state.apply_action(25)
    with pytest.raises(lab.IllegalAction):
        state.apply_action(lab.act("place", True))
    assert state.to_json() == before


def test_is_legal_agrees_with_the_legal_action_list() -> None:
    game = HexGame(board_size=4)
    rng = random.Random(1)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            p = state.current_player()
            legal = set(state.legal_actions())
            for code in range(16):
                a = game.int_to_action(code)
                assert state._is_legal(p, a) == (a in legal)
            state.apply_action(rng.choice(sorted(legal)))


def test_union_find_winner_matches_a_breadth_first_search() -> None:
    rng = random.Random(7)
    for n, games in ((2, 40), (3, 40), (5, 40), (11, 40), (17, 4)):  # 17: 289 cells, 16-bit arrays
        game = HexGame(board_size=n)
        for _ in range(games):
            state = game.new_initial_state()
            while True:
                board = state.full_state()["board"]
                expected = _bfs_winner(board, n)
                if expected >= 0:
                    assert state.current_player() == TERMINAL and state.winners() == [expected]
                    break
                assert state.current_player() in (0, 1)
                state.apply_action(rng.choice(state.legal_actions()))


def test_clone_is_independent() -> None:
    game = HexGame(board_size=5)
    state = _play(game, [0, 1, 2])
    twin = state.clone()
    twin.apply_action(3)
    assert state.legal_actions() != twin.legal_actions()
    assert state.full_state()["board"][3] == 0 and twin.full_state()["board"][3] == 2
    assert state.history() == twin.history()[:3]


def test_same_play_as_openspiel() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from benchmarks.hex_bench import cross_check

    assert pyspiel.load_game("hex").num_distinct_actions() == HexGame().num_distinct_actions()
    result = cross_check(40, board_size=11, seed=2)
    assert result["mismatches"] == 0, result["first_mismatch"]
    small = cross_check(40, board_size=5, seed=3)
    assert small["mismatches"] == 0, small["first_mismatch"]


def test_the_runner_builds_its_table_from_a_tiny_run() -> None:
    from benchmarks import hex_bench, run

    results = {
        "hex": hex_bench.run(rounds=1, seconds=0.01, cross_games=2, board_size=5),
        "games": {"bench_hex": {"agents": {"random": {
            "games_per_s": 10.0, "actions_per_s": 200.0, "mean_length": 20.0}}}},
        "routes": {
            "queries": 10, "agree_with_networkx": True, "networkx_us_per_query": 100.0,
            "table_length_us_per_query": 0.1, "table_route_us_per_query": 1.0,
            "speedup_length": 1000.0, "speedup_route": 100.0,
        },
    }
    rows = run.table_rows(results)
    text = run.format_table(rows)
    assert "lab, public checked API" in text and "bench_hex / random" in text
    assert [r[4] for r in rows if r[0] == "routes"] == ["ok", "ok"]
    timings = results["hex"]["timings"]
    assert timings["lab_fast"]["actions_per_s"] > 0 and timings["lab_play"]["games_per_s"] > 0
    assert "cpu_model" in run.machine() and run.machine()["python"]
