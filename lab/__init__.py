"""rules-lab: a laboratory for tabletop game rules — play, simulate and measure variants.

Quick start::

    import lab
    lab.game_names()                       # the registered games
    game = lab.load("memcel", players=3)   # a game under a variant
    state = lab.play(game, seed=1)         # one seeded game with random players
    df = lab.simulate(game, n_games=100)   # a table, one row per game
"""

from __future__ import annotations

__version__ = "0.1.0"

from lab.core.actions import Action, act
from lab.core.errors import (
    ConformanceError,
    IllegalAction,
    InvalidAgent,
    InvalidSave,
    InvalidVariant,
    LabError,
    UnknownGame,
)
from lab.core.game import Game
from lab.core.params import ParamSpec
from lab.core.registry import game_class, game_names, load
from lab.core.save import replay, state_from_json
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, Event, State
from lab.lint import lint
from lab.sim.play import play
from lab.sim.simulate import rerun, simulate

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "ConformanceError",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidAgent",
    "InvalidSave",
    "InvalidVariant",
    "LabError",
    "ParamSpec",
    "State",
    "UnknownGame",
    "__version__",
    "act",
    "game_class",
    "game_names",
    "lint",
    "load",
    "play",
    "replay",
    "rerun",
    "simulate",
    "state_from_json",
]
