"""Fingerprints of seeded games, for determinism tests across processes.

``python -m tests.tools.fingerprint GAME [--plant-set-order]`` prints a JSON object mapping
``"<variant>/<seed>"`` to the final state hash of ``lab.play(game, seed=seed)`` for every
variant of :func:`~lab.checks.conformance.conformance_variants`. Run it under two values of
``PYTHONHASHSEED``: a deterministic game prints the same object. ``--plant-set-order`` makes
every legal-action list iterate a ``set`` first (a classic source of nondeterminism) to show
the comparison catches it.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import lab
from lab.agents.catalogue import make_agents
from lab.checks.conformance import conformance_variants
from lab.core.game import Game
from lab.core.save import state_from_json
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State
from lab.sim.play import driver_streams
from tests.tools.plant import plant
from tests.tools.playout_bounds import lower_defaults

SEEDS = (0, 1, 2)


def fingerprints(name: str, seeds: tuple[int, ...] = SEEDS) -> dict[str, str]:
    out: dict[str, str] = {}
    for variant in conformance_variants(lab.game_class(name)):
        game = lab.load(name, **variant)
        label = json.dumps(variant, sort_keys=True)
        for seed in seeds:
            out[f"{label}/{seed}"] = lab.play(game, seed=seed).state_hash()
    return out


def plant_set_order(name: str) -> None:
    """Make the game's legal actions come out in ``set`` order (depends on PYTHONHASHSEED)."""
    game = lab.load(name)
    honest = type(game.new_initial_state())._legal_actions

    def set_ordered(self: State, player: int) -> list[Any]:
        return list(set(honest(self, player)))

    plant(None, game, _legal_actions=set_ordered)


def play_with_reload(game: Game, agents: Any, seed: int, reload_at: int) -> State:
    """:func:`lab.play`, but the state is saved to JSON and loaded back after ``reload_at`` moves.

    The seeds, agents and random streams are those of :func:`lab.play`, so a save/load that
    loses nothing gives the identical game.
    """
    seats = make_agents(game, agents)
    chance, agent_rngs = driver_streams(seed, game.num_players())
    for p, agent in enumerate(seats):
        agent.reset(game, p)
    state = game.new_initial_state()
    while (cur := state.current_player()) != TERMINAL:
        if state.move_number() == reload_at:
            state = state_from_json(state.to_json(), game=game)
        if cur == CHANCE:
            state.apply_action(chance.sample(state))
        elif cur == SIMULTANEOUS:
            state.apply_actions({
                p: seats[p].step(state.observation(p), state.legal_actions(p), agent_rngs[p])
                for p in state.acting_players()
            })
        else:
            state.apply_action(seats[cur].step(state.observation(cur), state.legal_actions(), agent_rngs[cur]))
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fingerprint")
    parser.add_argument("game")
    parser.add_argument("--plant-set-order", action="store_true")
    args = parser.parse_args(argv)
    lower_defaults()  # the test session's playout bounds (tests/conftest.py), so both sides play the same games
    if args.plant_set_order:
        plant_set_order(args.game)
    print(json.dumps(fingerprints(args.game), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
