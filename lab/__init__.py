"""rules-lab: a laboratory for tabletop game rules — play, simulate and measure variants.

Quick start::

    import lab
    lab.game_names()                       # the registered games
    game = lab.load("memcel", players=3)   # a game under a variant
    state = lab.play(game, seed=1)         # one seeded game with random players
    df = lab.simulate(game, n_games=100)   # a table, one row per game
    lab.compare(game, {"strict": False})   # paired comparison of two variants, with verdicts
    lab.sweep("memcel", {"players": [2, 3, 4]})  # a parameter grid -> tidy table (lab.plot_sweep)
    lab.tune("memcel", {"board_turn_degrees": {"low": 45, "high": 180, "step": 45}}, ["minutes=20", "spread<=0.05"])
"""

from __future__ import annotations

__version__ = "0.1.0"

from lab import native  # first: decides which build runs (compiled or sources), lab.native
from lab.core.actions import Action, act
from lab.core.errors import (
    ConformanceError,
    IllegalAction,
    InvalidAgent,
    InvalidGame,
    InvalidRecord,
    InvalidSave,
    InvalidVariant,
    LabError,
    RuleError,
    UnknownGame,
)
from lab.core.game import Game
from lab.core.params import ParamSpec
from lab.core.registry import (  # kit: games defined in a notebook
    game_class,
    game_names,
    load,
    register,
    unregister,
)
from lab.core.rulepoints import RulePoint, rule_point
from lab.core.save import replay, state_from_json
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, Event, State
from lab.kit import chance, define_game, move  # kit: a new game as plain data + functions
from lab.lint import lint
from lab.sim.executors import shutdown_workers, worker_pool  # autopilot: warm workers
from lab.sim.play import play
from lab.sim.playtests import playtests, simulated_twin  # playtest records (#19)
from lab.sim.simulate import rerun, simulate
from lab.stats import (
    Comparison,
    compare,
    format_summary,
    plan,
    plot_clauses,
    plot_lengths,
    plot_skill,
    plot_sweep,
    plot_win_rates,
    skill_vs_luck,
    summarize,
    sweep,
)
from lab.stats.ladder import plot_ladder, skill_ladder  # search (#15): skill ladder
from lab.tune import TuneResult, tune  # autopilot: the variant search

__all__ = [
    "native",
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
    "InvalidRecord",
    "InvalidGame",
    "InvalidSave",
    "InvalidVariant",
    "LabError",
    "ParamSpec",
    "RuleError",
    "RulePoint",
    "State",
    "UnknownGame",
    "__version__",
    "act",
    "chance",
    "compare",
    "define_game",
    "format_summary",
    "game_class",
    "game_names",
    "lint",
    "move",
    "load",
    "plan",
    "play",
    "plot_clauses",
    "plot_lengths",
    "plot_skill",
    "plot_sweep",
    "plot_win_rates",
    "register",
    "playtests",
    "replay",
    "rerun",
    "rule_point",
    "simulate",
    "simulated_twin",
    "skill_vs_luck",
    "state_from_json",
    "summarize",
    "sweep",
    "unregister",
    "shutdown_workers",
    "tune",
    "TuneResult",
    "worker_pool",
]
__all__ += ["plot_ladder", "skill_ladder"]  # search (#15)
