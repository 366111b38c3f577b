"""memm end to end: conformance for 2-4 players, agents, metrics, rendering, targets, speed."""

from __future__ import annotations

import json
import time
from collections import Counter

import networkx as nx
import pytest

import lab
from lab.checks.conformance import check_game, conformance_variants
from lab.games.memm import MemmGame, MemmState


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_every_player_count(players: int) -> None:
    report = check_game(lab.load("memm", players=players), n_games=6, seed=players)
    assert report.games == 6 and report.steps > 6 * 37
    assert report.clause_counts["MM-1"] >= 6 * 38  # 36 deals, the roll, the centre cube
    assert report.clause_counts["MM-2"] > 0


def test_conformance_variants_cover_every_amb_parameter() -> None:
    variants = conformance_variants(MemmGame)
    covered = {k for v in variants for k in v}
    assert {"match", "attach", "cube_set", "face_layout", "gravity", "no_move", "column_rule",
            "max_run", "players"} <= covered
    for params in variants:
        check_game(lab.load("memm", **params), n_games=2, seed=5)


def test_observation_is_the_same_public_view_for_everyone() -> None:
    state = lab.play(lab.load("memm", players=3), seed=2)
    views = [state.observation(p) for p in (None, 0, 1, 2)]
    for v in views:
        v.pop("player")
        json.dumps(v)
    assert all(v == views[0] for v in views)
    assert views[0]["hands"] == state.hands  # MM-1: the cubes lie open on the table


def test_from_observation_rebuilds_the_position() -> None:
    game = lab.load("memm", players=2)
    state = game.new_initial_state()
    for _, action in lab.play(game, seed=4).history()[:50]:
        state.apply_action(action)
    twin = MemmState.from_observation(game, state.observation(0))
    assert twin.legal_actions() == state.legal_actions()
    assert twin.observation(0) == state.observation(0)


def test_board_graph_matches_the_structure() -> None:
    game = lab.load("memm")
    state = lab.play(game, seed=1)
    g = game.board(state)
    assert isinstance(g, nx.Graph)
    assert set(g.nodes) == set(state.cells)
    assert nx.is_connected(g)  # every cube was joined to the structure
    # with match="all" every face contact matches in colour (MM-2, AMB-MM-1)
    assert all(d["match"] for _, _, d in g.edges(data=True))
    assert game.board().number_of_nodes() == 0


def test_metrics_report_block_and_starting_player() -> None:
    df = lab.simulate(lab.load("memm", players=3), n_games=30, seed=0)
    for col in ("blocked", "start_player", "start_player_won", "placements", "gifts"):
        assert col in df.columns
    assert set(df["blocked"]) <= {0.0, 1.0}
    assert set(df["start_player"]) <= {0.0, 1.0, 2.0}
    finished = df[df["blocked"] == 0]
    assert (finished["winner"] >= 0).all()
    assert (df.loc[df["blocked"] == 1, "winner"] == -1).all()


def _duel(game: MemmGame, a: str, b: str, seeds: range) -> float:
    """Sum of (return of ``a`` - return of ``b``), seats alternating."""
    total = 0.0
    for seed in seeds:
        agents = [a, b] if seed % 2 == 0 else [b, a]
        seat = 0 if seed % 2 == 0 else 1
        r = lab.play(game, agents, seed=seed).returns()
        total += r[seat] - r[1 - seat]
    return total


def test_agents_play_legal_games_and_beat_random() -> None:
    game = lab.load("memm", players=2)
    assert set(lab.agents.catalogue.agent_names(game)) == {"random", "greedy", "lookahead", "mcts", "ismcts"}
    assert _duel(game, "greedy", "random", range(20)) > 10
    assert _duel(game, "lookahead", "random", range(6)) > 2


@pytest.mark.slow
def test_lookahead_beats_greedy() -> None:
    game = lab.load("memm", players=2)
    assert _duel(game, "lookahead", "greedy", range(40)) > 0


def test_MM_3_lookahead_declines_when_its_search_says_so() -> None:
    """In seeded 3-player games the lookahead player takes most extra placements and declines
    some; under extra_placement='must' it never can."""
    totals = Counter()
    for extra in ("may", "must"):
        game = lab.load("memm", players=3, extra_placement=extra)
        for seed in range(4):
            m = lab.play(game, ["lookahead"] * 3, seed=seed).metrics()
            totals[extra, "declines"] += m["declines"]
            totals[extra, "repeats"] += m["repeats"]
    assert 0 < totals["may", "declines"] < totals["may", "repeats"]
    assert totals["must", "declines"] == 0


def test_greedy_gives_to_the_leader() -> None:
    game = lab.load("memm", players=3)
    agent = lab.agents.catalogue.make_agent(game, "greedy")
    agent.reset(game, 0)
    obs = {"player": 0, "phase": "give", "to_move": 0, "start_player": 0,
           "hands": [[7, 8, 30], [9, 10, 11, 12], [13]], "undealt": 0,
           "structure": [[0, 0, 0, 0, 0]], "last": [0, 0, 0], "run": [None, 0],
           "column": None, "gives_left": 1, "repeat": True, "first_out": None,
           "pass_streak": 0, "blocked": False}
    legal = MemmState.from_observation(game, obs).legal_actions()
    import numpy as np

    choice = agent.step(obs, legal, np.random.default_rng(0))
    assert choice.kind == "give" and choice.args[1] == 2  # the leader holds one cube
    assert choice.args[0] in (7, 8)  # a two-colour cube, not the six-colour one


def test_render_svg_shows_structure_hand_last_cube_and_targets() -> None:
    game = lab.load("memm", players=2)
    state = game.new_initial_state()
    history = lab.play(game, seed=3).history()
    for _, action in history[:45]:
        state.apply_action(action)
    me = state.current_player()
    svg = state.render_svg(me)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count('class="cube') >= len(state.cells) + len(state.hands[me])
    assert 'class="cube last"' in svg and "last-outline" in svg
    assert ">VI<" in svg  # the centre cube is one colour: numeral VI (MM-C2)
    targets = state.action_targets(me)
    legal = set(state.legal_actions())
    assert set().union(*targets.values()) == legal
    for key in targets:
        if key.startswith(("cell:", "cube:")):
            assert f'data-target="{key}"' in svg
    assert state.action_targets(1 - me) == {}
    spectator = state.render_svg(None)
    assert "data-target" not in spectator
    assert "(you)" not in spectator


def test_describe_action_is_readable() -> None:
    game = lab.load("memm", players=2)
    state = game.new_initial_state()
    for _, action in lab.play(game, seed=3).history()[:37]:
        state.apply_action(action)
    legal = state.legal_actions()
    text = state.describe_action(legal[0])
    assert text.startswith("place cube") and ": top " in text and "bottom" in text
    assert len({state.describe_action(a) for a in legal}) == len(legal)  # buttons differ


def test_random_games_are_fast() -> None:
    game = lab.load("memm", players=4)
    n = 40
    t = time.process_time()
    for seed in range(n):
        lab.play(game, seed=seed)
    per_game = (time.process_time() - t) / n
    assert per_game < 0.05, per_game
    t = time.process_time()
    check_game(game, n_games=5, seed=9)
    assert (time.process_time() - t) / 5 < 0.2
