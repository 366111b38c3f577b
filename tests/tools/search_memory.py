"""Measure what a search tree costs per iteration, per game and search agent (issue 40 item 12).

For each game and each of ``mcts`` / ``ismcts``, a search of ``--iterations`` iterations is run
from several positions of a random game under ``tracemalloc``; the traced peak of the search
(the tree and what one iteration holds) divided by the iterations is the cost per iteration.
``lab.agents.mcts.MEASURED_BYTES`` holds these figures, rounded up; a search setting whose
iterations would need more than ``MAX_TREE_BYTES`` is refused from them, and a test
(``tests/test_hostile_bounds.py``) checks that a search never costs more than the table says.

    .venv/bin/python -m tests.tools.search_memory --iterations 2000
"""

from __future__ import annotations

import argparse
import json
import tracemalloc
from typing import Any

import numpy as np

import lab
from lab.agents.mcts import ISMCTSAgent, MCTSAgent
from lab.agents.seat import SeatView


def first_decision(name: str) -> Any:
    """The game's first decision (chance resolved to its first outcome, simultaneous steps to
    every seat's first action), or ``None`` if the game ends before one."""
    state = lab.load(name).new_initial_state()
    while state.current_player() < 0 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            return state  # a simultaneous decision: searched from the first acting seat
    return None if state.is_terminal() else state


def positions(name: str, seed: int = 1, count: int = 5) -> list[Any]:
    """The first decision and decision points spread over one random game of ``name``."""
    game = lab.load(name)
    history = lab.play(game, seed=seed).history()
    out = [s for s in [first_decision(name)] if s is not None]
    for k in np.linspace(0, len(history) - 1, count + 1)[1:-1]:
        k = int(k)
        while lab.replay(game, history[:k]).current_player() in (lab.CHANCE, lab.TERMINAL):
            k += 1
        out.append(lab.replay(game, history[:k]))
    return out


def seat(state: Any) -> int:
    """The seat a search at ``state`` plays for (the first acting one at a simultaneous node)."""
    cur = state.current_player()
    return cur if cur >= 0 else state.acting_players()[0]


def search_peak(state: Any, agent_cls: type, iterations: int) -> int:
    """The traced peak bytes of one search of ``iterations`` from ``state``."""
    agent = agent_cls(iterations=iterations)
    player = seat(state)
    agent.reset(state.game, player)
    view = SeatView(state, player)
    tracemalloc.start()
    root = agent.search(view, np.random.default_rng(0))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del root
    return peak


def bytes_per_iteration(name: str, agent_cls: type, iterations: int) -> float:
    """The largest traced peak per iteration over the positions of :func:`positions`."""
    return max(search_peak(state, agent_cls, iterations) / iterations for state in positions(name))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--games", nargs="*", default=lab.game_names())
    args = parser.parse_args()
    out: dict[str, dict[str, int]] = {}
    for name in args.games:
        out[name] = {cls.name: round(bytes_per_iteration(name, cls, args.iterations)) for cls in (MCTSAgent, ISMCTSAgent)}
        print(name, out[name], flush=True)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
