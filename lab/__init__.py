"""rules-lab: a laboratory for tabletop game rules — play, simulate and measure variants.

Quick start::

    import lab
    lab.game_names()                       # the registered games
    game = lab.load("memcel", players=3)   # a game under a variant
    state = lab.play(game, seed=1)         # one seeded game with random players
    df = lab.simulate(game, n_games=100)   # a table, one row per game
    lab.compare(game, {"strict": False})   # paired comparison of two variants, with verdicts
    lab.sweep("memcel", {"players": [2, 3, 4]})  # a parameter grid -> tidy table (lab.plot_sweep)
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
from lab.sim.playtests import playtests, simulated_twin  # playtest records (#19)
from lab.sim.simulate import rerun, simulate
from lab.stats import (
    Comparison,
    compare,
    format_summary,
    plot_clauses,
    plot_lengths,
    plot_skill,
    plot_sweep,
    plot_win_rates,
    skill_vs_luck,
    summarize,
    sweep,
)

__all__ = [
    "CHANCE",
    "Comparison",
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
    "compare",
    "format_summary",
    "game_class",
    "game_names",
    "lint",
    "load",
    "play",
    "plot_clauses",
    "plot_lengths",
    "plot_skill",
    "plot_sweep",
    "plot_win_rates",
    "playtests",
    "replay",
    "rerun",
    "simulate",
    "simulated_twin",
    "skill_vs_luck",
    "state_from_json",
    "summarize",
    "sweep",
]
