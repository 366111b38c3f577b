"""Hex in lab against Hex in OpenSpiel: random playouts driven from Python, and a cross-check.

Every driver does the same work per action: ask for the legal actions, pick one with
``random.Random.choice``, apply it. The drivers are timed in interleaved rounds (OpenSpiel,
then each lab driver, then again) so that a change in the machine's load hits all of them
alike; the ratio is taken per round and the median reported. Times are this process's CPU time
(``time.process_time``), so other work on the machine does not count against either engine.

lab drivers
-----------
``checked``
    The public API a notebook uses: ``state.is_terminal()``, ``state.legal_actions()``,
    ``state.apply_action(a)`` (which checks legality and records the history).
``fast``
    What :func:`lab.play` does inside: ``current_player()``, ``_legal_actions(p)``,
    ``_apply_unchecked(p, a)`` (no legality check: the action came from the list).
``play``
    :func:`lab.play` itself with two :class:`~lab.agents.RandomAgent` s (numpy generators,
    an observation per step): the cost of the product's driver, for reference.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import lab
from benchmarks.hex_game import HexGame
from lab.core.state import TERMINAL

Driver = Callable[[float, random.Random], tuple[int, int, float]]

# CPU time of this process: on a shared machine, time spent waiting for a core is not counted.
_clock = time.process_time


def openspiel_available() -> tuple[bool, str]:
    """Whether ``pyspiel`` imports, and its version (or the reason it does not)."""
    try:
        import pyspiel  # noqa: F401
    except ImportError as exc:
        return False, f"open-spiel is not installed ({exc}); install the 'bench' extra"
    from importlib.metadata import PackageNotFoundError, version

    try:
        return True, version("open-spiel")
    except PackageNotFoundError:
        return True, "unknown"


# ---------------------------------------------------------------------- drivers
def timed_games(one_game: Callable[[random.Random], int]) -> Driver:
    """A driver playing ``one_game(rng)`` (which returns its actions) for about ``seconds``."""

    def run(seconds: float, rng: random.Random) -> tuple[int, int, float]:
        actions = games = 0
        start = _clock()
        end = start + seconds
        while True:
            actions += one_game(rng)
            games += 1
            now = _clock()
            if now >= end:
                return actions, games, now - start

    return run


def _public_api(game: Any) -> Driver:
    """Random playouts through ``is_terminal``, ``legal_actions`` and ``apply_action`` (the same
    calls in OpenSpiel and in lab)."""

    def one_game(rng: random.Random) -> int:
        choice = rng.choice
        actions = 0
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(choice(s.legal_actions()))
            actions += 1
        return actions

    return timed_games(one_game)


def _os_driver(board_size: int) -> Driver:
    import pyspiel

    return _public_api(pyspiel.load_game("hex", {"board_size": board_size}))


def _lab_checked(board_size: int) -> Driver:
    return _public_api(HexGame(board_size=board_size))


def _lab_fast(board_size: int) -> Driver:
    game = HexGame(board_size=board_size)

    def one_game(rng: random.Random) -> int:
        choice = rng.choice
        actions = 0
        s = game.new_initial_state()
        while (p := s.current_player()) != TERMINAL:
            s._apply_unchecked(p, choice(s._legal_actions(p)))
            actions += 1
        return actions

    return timed_games(one_game)


def _lab_play(board_size: int) -> Driver:
    game = HexGame(board_size=board_size)
    return timed_games(lambda rng: lab.play(game, None, seed=rng.getrandbits(32)).move_number())


# ---------------------------------------------------------------------- timing
def time_drivers(
    drivers: dict[str, Driver], rounds: int, seconds: float, seed: int = 0
) -> dict[str, dict[str, Any]]:
    """Run every driver ``rounds`` times for about ``seconds`` each, interleaved.

    Returns, per driver, the per-round actions/s and games/s and their medians.
    """
    per: dict[str, list[tuple[float, float]]] = {k: [] for k in drivers}
    for r in range(rounds):
        for name, run in drivers.items():
            actions, games, dt = run(seconds, random.Random(seed * 1000 + r))
            per[name].append((actions / dt, games / dt))
    out: dict[str, dict[str, Any]] = {}
    for name, values in per.items():
        aps = [a for a, _ in values]
        gps = [g for _, g in values]
        out[name] = {
            "actions_per_s": statistics.median(aps),
            "games_per_s": statistics.median(gps),
            "rounds_actions_per_s": aps,
        }
    return out


def clone_rate(board_size: int, seconds: float, with_openspiel: bool, rounds: int = 7) -> dict[str, Any]:
    """Clones per second of a half-full board (lab's ``clone()``, OpenSpiel's ``clone()``).

    The two are timed in interleaved rounds of ``seconds / rounds`` each (CPU time); the rates
    are the medians and ``ratio`` the median of the per-round ratios lab / OpenSpiel.
    """
    rng = random.Random(5)
    lab_state = HexGame(board_size=board_size).new_initial_state()
    for _ in range(board_size * board_size // 2):
        lab_state.apply_action(rng.choice(lab_state.legal_actions()))
        if lab_state.is_terminal():
            break
    each = seconds / rounds
    if not with_openspiel:
        return {"lab": statistics.median(_rate(lab_state.clone, each) for _ in range(rounds))}
    import pyspiel

    os_state = pyspiel.load_game("hex", {"board_size": board_size}).new_initial_state()
    for item in lab_state.history():
        os_state.apply_action(item.action.args[0])
    labs, oss = [], []
    for _ in range(rounds):
        labs.append(_rate(lab_state.clone, each))
        oss.append(_rate(os_state.clone, each))
    return {
        "lab": statistics.median(labs),
        "openspiel": statistics.median(oss),
        "ratio": statistics.median(a / b for a, b in zip(labs, oss, strict=True)),
        "rounds_lab": labs,
        "rounds_openspiel": oss,
    }


def _rate(fn: Callable[[], Any], seconds: float) -> float:
    n = 0
    start = _clock()
    end = start + seconds
    while True:
        for _ in range(1000):
            fn()
        n += 1000
        now = _clock()
        if now >= end:
            return n / (now - start)


# ---------------------------------------------------------------------- MCTS
def mcts_rate(board_size: int, simulations: int, rounds: int, uct_c: float = 1.4,
              seed: int = 0) -> dict[str, Any]:
    """Search iterations per CPU second: lab's ``mcts`` agent on lab Hex against OpenSpiel's
    Python ``MCTSBot`` on pyspiel Hex, with the same settings.

    Both choose the first move of an empty board with ``simulations`` iterations, UCT constant
    ``uct_c``, one uniformly random rollout to the end of the game per iteration (OpenSpiel's
    ``RandomRolloutEvaluator(n_rollouts=1)``; lab's ``rollout="random", rollout_depth=0``);
    OpenSpiel's solver is off (``solve=False``: lab's search has none). The two are timed in
    interleaved rounds (CPU time of this process); the ratio is taken per round and the median
    reported. Without ``pyspiel`` only lab's rate is measured.
    """
    import numpy as np

    from lab.agents.mcts import MCTSAgent
    from lab.agents.seat import SeatView

    ok, _ = openspiel_available()
    game = HexGame(board_size=board_size)
    rates: dict[str, list[float]] = {"lab": [], "openspiel": []} if ok else {"lab": []}
    for r in range(rounds):
        if ok:
            import pyspiel
            from open_spiel.python.algorithms import mcts

            os_game = pyspiel.load_game("hex", {"board_size": board_size})
            bot = mcts.MCTSBot(
                os_game, uct_c, simulations,
                mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + r)),
                solve=False, random_state=np.random.RandomState(seed + r),
            )
            state = os_game.new_initial_state()
            start = _clock()
            bot.step(state)
            rates["openspiel"].append(simulations / (_clock() - start))
        agent = MCTSAgent(iterations=simulations, exploration=uct_c, rollout="random", rollout_depth=0)
        lab_state = game.new_initial_state()
        agent.reset(game, 0)
        legal = lab_state.legal_actions()
        rng = np.random.default_rng(seed + r)
        start = _clock()
        agent.step_with_view(SeatView(lab_state, 0), legal, rng)
        rates["lab"].append(simulations / (_clock() - start))
    out: dict[str, Any] = {
        "board_size": board_size, "simulations": simulations, "uct_c": uct_c, "rounds": rounds,
        "lab_iterations_per_s": statistics.median(rates["lab"]),
    }
    if ok:
        out["openspiel_iterations_per_s"] = statistics.median(rates["openspiel"])
        out["ratio_to_openspiel"] = statistics.median(
            a / b for a, b in zip(rates["lab"], rates["openspiel"], strict=True)
        )
    return out


# ---------------------------------------------------------------------- cross-check
def cross_check(n_games: int, board_size: int = 11, seed: int = 0) -> dict[str, Any]:
    """Play ``n_games`` random sequences in both engines and compare them at every step.

    Half of the games are chosen from lab's legal actions, half from OpenSpiel's; at every
    step both engines must list the same legal action codes (so the same count), agree on
    whether the game is over, and at the end give the same returns (the same winner).

    Returns
    -------
    dict
        ``games``, ``steps`` compared, ``mismatches`` (0 when the engines agree) and the first
        mismatch found, if any.
    """
    import pyspiel

    os_game = pyspiel.load_game("hex", {"board_size": board_size})
    game = HexGame(board_size=board_size)
    rng = random.Random(seed)
    steps = mismatches = 0
    first: str | None = None
    wins = [0, 0]
    for g in range(n_games):
        s = game.new_initial_state()
        o = os_game.new_initial_state()
        while True:
            steps += 1
            lab_codes = [game.action_to_int(a) for a in s.legal_actions()]
            os_codes = list(o.legal_actions())
            problem = None
            if s.is_terminal() != o.is_terminal():
                problem = f"terminal: lab {s.is_terminal()}, openspiel {o.is_terminal()}"
            elif lab_codes != os_codes:
                problem = f"legal actions: lab {len(lab_codes)}, openspiel {len(os_codes)}"
            if problem is not None:
                mismatches += 1
                first = first or f"game {g}, step {s.move_number()}: {problem}"
                break
            if s.is_terminal():
                if [float(x) for x in o.returns()] != s.returns():
                    mismatches += 1
                    first = first or f"game {g}: returns lab {s.returns()}, openspiel {o.returns()}"
                else:
                    wins[s.winners()[0]] += 1
                break
            code = rng.choice(lab_codes if g % 2 == 0 else os_codes)
            s.apply_action(code)
            o.apply_action(code)
    return {
        "games": n_games,
        "steps": steps,
        "mismatches": mismatches,
        "first_mismatch": first,
        "wins_by_player": wins,
    }


# ---------------------------------------------------------------------- the section
def run(rounds: int, seconds: float, cross_games: int, board_size: int = 11,
        mcts_simulations: int = 400) -> dict[str, Any]:
    """The whole Hex section: timings, clone rates, the cross-check and the MCTS iteration rate
    (:func:`mcts_rate`), as plain data."""
    ok, os_version = openspiel_available()
    drivers: dict[str, Driver] = {}
    if ok:
        drivers["openspiel"] = _os_driver(board_size)
    drivers["lab_checked"] = _lab_checked(board_size)
    drivers["lab_fast"] = _lab_fast(board_size)
    drivers["lab_play"] = _lab_play(board_size)
    timings = time_drivers(drivers, rounds, seconds)
    result: dict[str, Any] = {
        "board_size": board_size,
        "openspiel": os_version if ok else None,
        "openspiel_note": None if ok else os_version,
        "timings": timings,
        "clone_per_s": clone_rate(board_size, max(0.05, rounds * seconds / 4), ok),
    }
    if ok:
        os_rounds = timings["openspiel"]["rounds_actions_per_s"]
        for name in ("lab_checked", "lab_fast", "lab_play"):
            lab_rounds = timings[name]["rounds_actions_per_s"]
            timings[name]["ratio_to_openspiel"] = statistics.median(
                a / b for a, b in zip(lab_rounds, os_rounds, strict=True)
            )
        result["cross_check"] = cross_check(cross_games, board_size)
    result["mcts"] = mcts_rate(board_size, mcts_simulations, max(3, rounds // 3))
    return result
