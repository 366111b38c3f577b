"""The game kit: write a new game as plain JSON data plus small functions.

Quick start (Pig)::

    import lab

    def setup(ctx):
        return {"scores": [0] * ctx.players, "pot": 0}

    @lab.move(chance=lambda s, ctx: ctx.roll(6))  # a chance node first, never sampled here
    def roll(s, ctx, face):                # then the move runs once, with the outcome
        if face == 1:
            s["pot"] = 0
            ctx.end_turn()
        else:
            s["pot"] += face

    def hold(s, ctx):
        s["scores"][ctx.player] += s["pot"]
        s["pot"] = 0
        ctx.end_turn()

    def end(s, ctx):
        return next((p for p, v in enumerate(s["scores"]) if v >= 100), None)

    Pig = lab.define_game("pig", setup=setup, moves=[roll, hold], end=end)
    lab.register(Pig)                      # lab.load("pig"), saves, records find it
    lab.simulate(Pig(), n_games=100)

See :func:`define_game` for every part (hidden fields, views, simultaneous moves, phases,
boards, parameters, what the returns add up to and their range), :func:`chance` for chance
declared up front and :mod:`lab.kit.examples` for Pig, Goofspiel, Kuhn and Leduc poker.

A small game can be tabulated for exact solvers: ``Kuhn().tabulate()`` enumerates every state,
information set and transition once (:mod:`lab.kit.table`), and
``lab.adapters.openspiel.from_table(table)`` serves it to OpenSpiel as a C++ game.

``lab.register`` lasts as long as the process: to find a game by name in later sessions and in
workers that start afresh, register it in a module the notebook imports, or declare it in an
installed package's entry-point group ``rules_lab.games`` (see :mod:`lab.core.registry`).
"""

from __future__ import annotations

from lab.kit import made
from lab.kit.context import Ctx
from lab.kit.definition import GameDef, Move, chance, move
from lab.kit.game import KitGame, define_game
from lab.kit.state import KitState

try:  # ship made classes by value to spawned workers and Dask (see lab.kit.made)
    import cloudpickle

    cloudpickle.register_pickle_by_value(made)
except ImportError:  # pragma: no cover - cloudpickle is a dependency
    pass

__all__ = ["Ctx", "GameDef", "KitGame", "KitState", "Move", "chance", "define_game", "move"]
