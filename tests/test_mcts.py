"""MCTS and ISMCTS: general players for every game (issue #15 §1).

Tiny iteration counts keep each test to a second or two; strength is measured in
benchmarks/search_bench.py, not here.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import lab
from benchmarks.hex_game import registered
from lab.agents import SeatView, agent_names, decide, general_agents, make_agent
from lab.core.chance import sample_outcome
from lab.core.errors import InvalidAgent
from lab.core.state import CHANCE, SIMULTANEOUS

FC_SLAPS = {"delegate": "collector", "delegate_kinds": ["slap"]}
TINY = {"iterations": 4, "rollout_depth": 15}


def _spec(game: str, name: str = "ismcts", **more: Any) -> dict[str, Any]:
    spec = {"name": name, **TINY, **more}
    if game == "fiemme_cembra":
        spec.update(FC_SLAPS)
    return spec


def _decisions(game: lab.Game, spec: dict[str, Any], seed: int, k: int) -> list[Any]:
    """The first ``k`` decisions of ``spec`` in every seat of a seeded game (chance seeded too)."""
    rng = np.random.default_rng(seed)
    agents = [make_agent(game, spec) for _ in range(game.num_players())]
    for p, agent in enumerate(agents):
        agent.reset(game, p)
    state = game.new_initial_state()
    chosen: list[Any] = []
    while not state.is_terminal() and len(chosen) < k:
        cur = state.current_player()
        if cur == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
        elif cur == SIMULTANEOUS:
            joint = {p: decide(agents[p], state, p, state.legal_actions(p), rng) for p in state.acting_players()}
            chosen.append(joint)
            state.apply_actions(joint)
        else:
            a = decide(agents[cur], state, cur, state.legal_actions(), rng)
            chosen.append(a)
            state.apply_action(a)
    return chosen


def test_general_agents_are_listed_for_every_game() -> None:
    assert set(general_agents()) == {"mcts", "ismcts"}
    for name in lab.game_names():
        names = agent_names(lab.load(name))
        assert "mcts" in names and "ismcts" in names
        agent = make_agent(lab.load(name), {"name": "ismcts", "iterations": 400})
        assert agent.spec() == {"name": "ismcts", "iterations": 400}


@pytest.mark.parametrize("game_name", ["memcel", "fiemme_cembra", "space_station", "memm"])
def test_same_seed_same_moves(game_name: str) -> None:
    game = lab.load(game_name)
    spec = _spec(game_name)
    first = _decisions(game, spec, seed=3, k=6)
    assert first == _decisions(game, spec, seed=3, k=6)
    assert len(first) == 6


def test_play_with_search_agents_in_the_driver() -> None:
    game = lab.load("memm", players=2)
    state = lab.play(game, [_spec("memm", "mcts"), _spec("memm", "ismcts")], seed=1)
    assert state.is_terminal()
    again = lab.play(game, [_spec("memm", "mcts"), _spec("memm", "ismcts")], seed=1)
    assert again.history() == state.history()


def test_simultaneous_nodes_decoupled() -> None:
    """Fiemme–Cembra passes are simultaneous: every seat's search picks a legal discard."""
    game = lab.load("fiemme_cembra", players=3)
    joints = [d for d in _decisions(game, _spec("fiemme_cembra"), seed=2, k=6) if isinstance(d, dict)]
    assert joints and all(a.kind in ("discard", "slap") for j in joints for a in j.values())


def test_mcts_beats_random_on_small_hex() -> None:
    with registered():
        game = lab.load("bench_hex", board_size=3)
        wins = 0
        for seed in range(6):
            seats = [{"name": "mcts", "iterations": 60}, "random"] if seed % 2 == 0 else \
                ["random", {"name": "mcts", "iterations": 60}]
            state = lab.play(game, seats, seed=seed)
            wins += state.returns()[seed % 2] > 0
        assert wins == 6


@pytest.mark.parametrize(("settings", "named"), [
    ({"iterations": 0}, "iterations"),
    ({"exploration": "wide"}, "exploration"),
    ({"chance": "guess"}, "chance"),
    ({"rollout": 3}, "rollout"),
    ({"depth": 3}, "depth"),
    ({"delegate_kinds": ["slap"]}, "delegate"),
])
def test_bad_settings_are_invalid_agent(settings: dict[str, Any], named: str) -> None:
    with pytest.raises(InvalidAgent, match=named):
        make_agent(lab.load("memm"), {"name": "mcts", **settings})


def test_unknown_rollout_agent_is_named() -> None:
    game = lab.load("memm")
    with pytest.raises(InvalidAgent, match="'collector' is not an agent of memm.*greedy"):
        lab.play(game, {"name": "mcts", "rollout": "collector"}, seed=0)


def test_rollout_by_a_game_agent() -> None:
    game = lab.load("memm", players=2)
    moves = _decisions(game, _spec("memm", rollout="greedy"), seed=0, k=3)
    assert len(moves) == 3


def test_step_without_a_seat_view_is_refused() -> None:
    agent = make_agent(lab.load("memm"), "mcts")
    with pytest.raises(InvalidAgent, match="decide"):
        agent.step({}, [lab.act("pass")], np.random.default_rng(0))


def test_time_limit_stops_the_search() -> None:
    game = lab.load("memm", players=2)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node():
        state.apply_action(sample_outcome(state.chance_outcomes(), rng))
    agent = make_agent(game, {"name": "mcts", "iterations": 100_000, "time_limit": 0.05})
    agent.reset(game, state.current_player())
    root = agent.search(SeatView(state, state.current_player()), rng)
    visits = sum(row[0] for row in root.stats[state.current_player()].values())
    assert 0 < visits < 100_000  # the largest tree allowed on memm is 111,111 iterations (issue 40 item 12)


def test_seat_view_hides_the_state() -> None:
    game = lab.load("memcel")
    view = SeatView(game.new_initial_state(), 0)
    assert not hasattr(view, "state") and not hasattr(view, "_state")
    with pytest.raises(AttributeError):
        view.other = 1  # type: ignore[attr-defined]


def test_skill_ladder_pairs_each_rung_with_the_one_below() -> None:
    game = lab.load("memm", players=2)
    same = lab.skill_ladder(game, ["random", "random"], n_games=3, seed=2)
    row = same.iloc[0]  # the same agent on the same seeds: the very same games
    assert row["win_rate"] == row["baseline"] and row["gain"] == 0 and not row["beats_lower"]
    table = lab.skill_ladder(game, ["random", "greedy"], n_games=4, seed=0)
    assert list(table["upper"]) == ["greedy"] and list(table["lower"]) == ["random"]
    row = table.iloc[0]
    assert row["games"] == 8 and row["ci_lo"] <= row["win_rate"] <= row["ci_hi"]
    assert row["win_rate"] > row["baseline"]
    import matplotlib

    matplotlib.use("Agg")
    assert lab.plot_ladder(table).get_title() == "skill ladder memm"


def test_ladder_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from lab.cli import main

    assert main(["ladder", "memm", "--set", "players=2", "--ladder", "random", "-n", "2"]) == 2
    assert "at least two agents" in capsys.readouterr().err
    assert main(["ladder", "memm", "--set", "players=2", "--ladder", "random,greedy", "-n", "2"]) == 0
    assert "greedy vs random: wins" in capsys.readouterr().out


def test_progressive_widening_limits_the_actions_tried() -> None:
    game = lab.load("memm", players=2)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node() or len(state.legal_actions()) < 20:
        if state.is_chance_node():
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply_action(state.legal_actions()[0])
    p = state.current_player()

    def tried(widening: float) -> int:
        agent = make_agent(game, {"name": "mcts", "iterations": 16, "rollout_depth": 5, "widening": widening})
        agent.reset(game, p)
        root = agent.search(SeatView(state, p), np.random.default_rng(1))
        return sum(1 for row in root.stats[p].values() if row[0] > 0)

    assert tried(0.0) == 16  # every iteration tries a new action while some are untried
    assert tried(0.5) <= 1 + int(15**0.5)


class _Scored:
    """A stand-in with only what ``evaluate`` reads."""

    def __init__(self, progress: list[float]) -> None:
        self._progress = progress
        players = len(progress)
        self.game = type("G", (), {"num_players": lambda self: players})()

    def progress(self) -> list[float]:
        return self._progress


@pytest.mark.parametrize(("how", "progress", "expected"), [
    ("progress", [0.5, 0.2, 0.2], [0.5, -0.25, -0.25]),
    ("lead", [0.5, 0.2, 0.2], [0.15, -0.075, -0.075]),
    ("lead", [4.0, 0.0], [0.5, -0.5]),
    ("zero", [0.5, 0.2], [0.0, 0.0]),
    ("progress", [0.8], [0.3]),
])
def test_cut_rollouts_are_scored_from_progress(how: str, progress: list[float], expected: list[float]) -> None:
    agent = make_agent(lab.load("memm"), {"name": "mcts", "evaluation": how})
    assert agent.evaluate(_Scored(progress)) == pytest.approx(expected)  # type: ignore[arg-type]


def _memm_position(min_legal: int = 20) -> tuple[lab.Game, lab.State]:
    game = lab.load("memm", players=2)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node() or len(state.legal_actions()) < min_legal:
        if state.is_chance_node():
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply_action(state.legal_actions()[0])
    return game, state


@pytest.mark.parametrize("weight", [1000.0, 0.0])
def test_prior_agent_biases_the_root(weight: float) -> None:
    game, state = _memm_position()
    p = state.current_player()
    agent = make_agent(game, {"name": "mcts", "iterations": 40, "rollout_depth": 4, "prior": "greedy",
                              "prior_weight": weight})
    agent.reset(game, p)
    seen: list[Any] = []
    step = agent._prior.step
    agent._prior.step = lambda obs, legal, rng: seen.append(step(obs, legal, rng)) or seen[-1]
    chosen = agent.step_with_view(SeatView(state, p), state.legal_actions(), np.random.default_rng(3))
    assert len(seen) == 1  # the seat's prior saw this decision
    root_visits = agent.search(SeatView(state, p), np.random.default_rng(3)).stats[p]
    assert len(state.legal_actions()) > 40 and max(row[0] for row in root_visits.values()) == 1
    # 40 iterations visit 40 actions once each: the prior's choice wins the tie only with a weight
    assert (chosen == seen[0]) == bool(weight) or seen[0] not in root_visits


def test_prior_must_be_an_agent_of_the_game() -> None:
    with pytest.raises(InvalidAgent, match="prior 'collector' is not an agent of memm"):
        lab.play(lab.load("memm"), {"name": "mcts", "prior": "collector"}, seed=0)


def test_value_evaluation_reads_the_games_estimate() -> None:
    from lab.games.space_station.value import win_probability

    game = lab.load("space_station")
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node():
        state.apply_action(sample_outcome(state.chance_outcomes(), rng))
    agent = make_agent(game, {"name": "mcts", "evaluation": "value"})
    assert agent.evaluate(state) == pytest.approx([2 * win_probability(state) - 1])
    # a game without an estimate: the progress rank
    memm = make_agent(lab.load("memm"), {"name": "mcts", "evaluation": "value"})
    assert memm.evaluate(_Scored([0.5, 0.2])) == pytest.approx([0.5, -0.5])  # type: ignore[arg-type]


def test_hex_bench_mcts_row() -> None:
    from benchmarks import hex_bench, run

    m = hex_bench.mcts_rate(board_size=3, simulations=20, rounds=1)
    assert m["lab_iterations_per_s"] > 0
    row = run._mcts_rows(m)[0]
    assert row[0] == "hex" and "MCTS iterations/s" in row[1]
    if "ratio_to_openspiel" in m:
        assert row[3] == ">= 1.0x" and row[4] in ("ok", "BELOW")


def test_search_bench_pairs_each_game_with_a_rival_baseline() -> None:
    from benchmarks.search_bench import MATCHES, duel, merge

    game = lab.load("memm", players=2)
    spec = {"name": "mcts", "iterations": 3, "rollout_depth": 3, "prior": "greedy"}
    row = merge(game, [duel(game, spec, "greedy", 1, seed=0, offset=1)])
    assert row["n_games"] == 1 and len(row["won"]) == len(row["baseline"]) == 1
    assert row["searched_decisions"] > 0 and row["iterations_per_cpu_s"] > 0
    lo, value, hi = row["search_win_rate"][1], row["search_win_rate"][0], row["search_win_rate"][2]
    assert lo <= value <= hi
    for m in MATCHES.values():  # every benchmark setting is a valid agent of its game
        make_agent(lab.load(m["game"], **m["params"]), m["search"])


def test_prior_margin_keeps_the_prior_unless_clearly_beaten() -> None:
    from lab.agents.mcts import SearchAgent, _Node

    a, b, c = (lab.Action("pick", (i,)) for i in range(3))
    root = _Node()

    def record(action: lab.Action, values: list[float]) -> None:
        root.stats.setdefault(0, {})[action] = [0, 0.0, len(values), 0.0]
        for v in values:
            root.update(0, action, v)

    record(a, [0.0, 1.0] * 10)        # the prior's choice: mean 0.5
    record(b, [0.0, 1.0, 1.0] * 10)   # mean 0.67, more visits: the most visited
    record(c, [1.0] * 2)              # mean 1 on two visits
    assert SearchAgent._best(root, 0, [a, b, c]) == b
    # only the most visited other action (b) is tested: c's lucky lead on two visits is ignored
    assert SearchAgent._kept(root, 0, [a, b, c], a, margin=2.0) == a  # 0.17 < 2 x 0.14
    assert SearchAgent._kept(root, 0, [a, b, c], a, margin=1.0) == b
    # two equal returns have no spread of their own: c's lead of 0.5 is judged with the spread
    # of all root returns (0.23), se 0.49, so it is no evidence at a margin of 2, some at 1
    assert SearchAgent._kept(root, 0, [a, c], a, margin=2.0) == a
    assert SearchAgent._kept(root, 0, [a, c], a, margin=0.9) == c


def _checking_agent(playout: Any) -> tuple[Any, SeatView, list[lab.Action], Any]:
    """A memm searcher with a paired check whose simulations are ``playout``, and a root where
    the prior's choice is ``legal[0]`` and the search's favourite ``legal[1]``."""
    from lab.agents.mcts import _Node

    game = lab.load("memm", players=2)
    state = game.new_initial_state()
    while len(state.legal_actions(state.current_player())) < 3:
        state.apply_action(state.legal_actions(state.current_player())[0])
    player = state.current_player()
    legal = state.legal_actions(player)
    agent = make_agent(game, {"name": "mcts", "prior": "greedy", "prior_margin": 2.0, "prior_check": 30})
    agent.reset(game, player)
    agent._playout = playout
    root = _Node()
    root.stats[player] = {legal[0]: [5, 2.0, 9, 2.0], legal[1]: [9, 6.0, 9, 6.0]}
    return agent, SeatView(state, player), legal, root


def test_prior_check_keeps_the_prior_when_simulations_carry_no_information() -> None:
    """Simulations whose result does not depend on the action (noise, or nothing at all) never
    move the searcher off its prior: both actions are played with the same random numbers, so
    the paired differences are zero."""
    for noise in (lambda view, action, rng: float(rng.random()), lambda view, action, rng: 0.0):
        agent, view, legal, root = _checking_agent(noise)
        rng = np.random.default_rng(0)
        assert all(agent._checked(view, root, legal, legal[0], rng) == legal[0] for _ in range(20))


def test_prior_check_leaves_the_prior_for_a_clearly_better_action() -> None:
    """A favourite that wins 30 more games in 100 on the same random numbers is taken; one
    that wins 2 more in 100 (below 2 standard errors on 30 pairs) is not."""
    for lead, expected in ((0.3, 1), (0.02, 0)):
        better: list[lab.Action] = []

        def playout(view: Any, action: lab.Action, rng: np.random.Generator, lead: float = lead,
                    better: list[lab.Action] = better) -> float:
            return float(rng.random() < 0.5 + (lead if action in better else 0.0))

        agent, view, legal, root = _checking_agent(playout)
        better.append(legal[1])
        assert agent._checked(view, root, legal, legal[0], np.random.default_rng(1)) == legal[expected]


def test_guided_ismcts_cannot_see_hidden_tiles() -> None:
    """The prior agent sees the seat's observation only: twin states (differing only in
    face-down tiles the seat never saw) get the same guided decision and the same tree."""
    from tests.test_information_state import _memcel_hunt_twin

    state, twin, viewer = _memcel_hunt_twin(7)
    for check in (0, 6):  # the paired check draws its determinisations from the seat's view too
        spec = {"name": "ismcts", "iterations": 25, "rollout_depth": 40, "prior": "perfect",
                "prior_margin": 1.0, "prior_check": check}

        def decision(s: lab.State, spec: dict[str, Any] = spec) -> Any:
            agent = make_agent(s.game, spec)
            agent.reset(s.game, viewer)
            return agent.step_with_view(SeatView(s, viewer), s.legal_actions(viewer), np.random.default_rng(4))

        assert decision(state) == decision(twin)


def test_a_search_that_keeps_its_prior_plays_the_priors_game() -> None:
    """The prior draws from the seat's generator as it would alone (the search from a spawned
    child): a margin no search overcomes gives the prior's own game, move for move."""
    game = lab.load("memm", players=2)
    spec = {"name": "mcts", "iterations": 6, "rollout_depth": 4, "prior": "greedy", "prior_margin": 100.0}
    guided = lab.play(game, [spec, "greedy"], seed=3)
    alone = lab.play(game, ["greedy", "greedy"], seed=3)
    assert [h.action for h in guided.history()] == [h.action for h in alone.history()]


@pytest.mark.parametrize(("check_depth", "cut"), [(0, False), (-1, True)])
def test_check_depth_plays_the_paired_test_to_the_end(check_depth: int, cut: bool) -> None:
    """``check_depth=0``: the prior check's playouts run to the end of the game and score the
    true returns, never the evaluation of a cut game; -1 cuts them at ``rollout_depth``."""
    game = lab.load("space_station")
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.current_player() < 0:
        state.apply_action(sample_outcome(state.chance_outcomes(), rng))
    player = state.current_player()
    agent = make_agent(game, {"name": "mcts", "rollout": "greedy", "rollout_depth": 3, "evaluation": "value",
                              "check_depth": check_depth})
    agent.reset(game, player)
    cuts: list[Any] = []
    evaluate = agent.evaluate
    agent.evaluate = lambda s: cuts.append(s) or evaluate(s)
    value = agent._playout(SeatView(state, player), state.legal_actions(player)[0], np.random.default_rng(1))
    assert len(cuts) == int(cut)
    assert (value in (-1.0, 1.0)) != cut  # a finished game's return, or the estimate in between


def test_seat_view_samples_do_not_refreeze_the_event_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Resampling is not slowed by the game's length: the true state's event log is made
    read-only once (as any reader of ``events`` would), and each resample's clone inherits it
    instead of converting the whole log again (a late Fiemme–Cembra search spent 0.9 s there)."""
    import lab.core.state_hooks as core_state  # (where the log is frozen: _frozen_events)

    game = lab.load("fiemme_cembra")
    late: list[lab.State] = []

    def keep(s: lab.State) -> None:
        if not late and len(s._events) > 300 and not s.is_terminal() and s.acting_players():
            late.append(s.clone())

    lab.play(game, "collector", seed=2, on_step=keep)
    state = late[0]  # a live state with a long log
    player = state.acting_players()[0]
    view = SeatView(state, player)
    view.sample(np.random.default_rng(0))  # the first sample freezes what is new in the log
    calls: list[Any] = []
    freeze = core_state.freeze
    monkeypatch.setattr(core_state, "freeze", lambda x: calls.append(x) or freeze(x))
    for seed in range(3):
        view.sample(np.random.default_rng(seed))
    assert calls == []


def test_delegated_kinds_of_a_shared_tuple() -> None:
    """The delegated-kind test caches a game's shared read-only tuple by identity, and judges
    every other list (and another tuple) on its own."""
    agent = make_agent(lab.load("fiemme_cembra"), _spec("fiemme_cembra"))
    agent.reset(lab.load("fiemme_cembra"), 0)
    slaps = tuple(lab.Action("slap", (ms, False)) for ms in range(0, 100, 10))
    mixed = (*slaps, lab.Action("discard", (1,)))
    for _ in range(2):
        assert agent._delegated(slaps) and not agent._delegated(mixed)
        assert agent._delegated(list(slaps)) and not agent._delegated(list(mixed))


def test_search_bench_parts_resume_a_cut_run(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``--parts``: each finished game is kept, and a second run plays only the games missing."""
    from benchmarks import search_bench

    tiny = {"game": "memm", "params": {"players": 2}, "rival": "greedy",
            "search": {"name": "mcts", "iterations": 2, "rollout_depth": 2, "prior": "greedy"}}
    monkeypatch.setattr(search_bench, "MATCHES", {"tiny": tiny})
    played: list[int] = []
    duel = search_bench.duel
    monkeypatch.setattr(search_bench, "duel", lambda *a, **k: played.append(k["offset"]) or duel(*a, **k))
    parts, out = tmp_path / "parts.jsonl", tmp_path / "rows.jsonl"
    search_bench.main(["tiny", "-n", "2", "--parts", str(parts)])
    search_bench.main(["tiny", "-n", "3", "--parts", str(parts), "--out", str(out), "--note", "a test"])
    assert played == [0, 1, 2]
    assert len(parts.read_text().splitlines()) == 3
    row = json.loads(out.read_text())
    assert row["n_games"] == 3 and row["match"] == "tiny" and row["note"] == "a test"
    assert isinstance(row["left_prior"], int) and 0 <= row["left_prior"] <= row["searched_decisions"]
    capsys.readouterr()


@pytest.mark.parametrize(("margin", "weight", "leaves"), [(100.0, 3.0, False), (0.0, 0.0, True)])
def test_left_prior_counts_the_decisions_that_leave_the_prior(margin: float, weight: float, leaves: bool) -> None:
    game = lab.load("memm", players=2)
    agent = make_agent(game, {"name": "mcts", "iterations": 4, "rollout_depth": 2, "prior": "greedy",
                              "prior_weight": weight, "prior_margin": margin})
    lab.play(game, [agent, "greedy"], seed=1)
    assert (agent.left_prior > 0) == leaves
