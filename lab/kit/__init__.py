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
boards, parameters), :func:`chance` for chance declared up front and :mod:`lab.kit.examples` for Pig and Goofspiel.
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
