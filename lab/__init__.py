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

``import lab`` loads almost nothing: every name below is imported on first use (PEP 562), so a
script that only plays games never pays for pandas, scipy, statsmodels or optuna, and the first
statistic pays its own import (``benchmarks/import_time.py`` measures it).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from typing import TYPE_CHECKING, Any

from lab import native  # first: decides which build runs (compiled or sources), lab.native
from lab._version import VERSION as __version__

# public name -> the module it lives in, imported on first use (see __getattr__)
_LAZY: dict[str, str] = {
    "Action": "lab.core.actions",
    "act": "lab.core.actions",
    "ConformanceError": "lab.core.errors",
    "IllegalAction": "lab.core.errors",
    "InvalidAgent": "lab.core.errors",
    "InvalidGame": "lab.core.errors",
    "InvalidRecord": "lab.core.errors",
    "InvalidSave": "lab.core.errors",
    "InvalidVariant": "lab.core.errors",
    "LabError": "lab.core.errors",
    "RuleError": "lab.core.errors",
    "UnknownGame": "lab.core.errors",
    "Game": "lab.core.game",
    "ParamSpec": "lab.core.params",
    "game_class": "lab.core.registry",  # kit: games defined in a notebook
    "game_names": "lab.core.registry",
    "load": "lab.core.registry",
    "register": "lab.core.registry",
    "unregister": "lab.core.registry",
    "RulePoint": "lab.core.rulepoints",
    "rule_point": "lab.core.rulepoints",
    "replay": "lab.core.save",
    "state_from_json": "lab.core.save",
    "CHANCE": "lab.core.state",
    "SIMULTANEOUS": "lab.core.state",
    "TERMINAL": "lab.core.state",
    "Event": "lab.core.state",
    "State": "lab.core.state",
    "chance": "lab.kit",  # kit: a new game as plain data + functions
    "define_game": "lab.kit",
    "move": "lab.kit",
    "lint": "lab.lint",
    "shutdown_workers": "lab.sim.executors",  # autopilot: warm workers
    "worker_pool": "lab.sim.executors",
    "play": "lab.sim.play",
    "playtests": "lab.sim.playtests",  # playtest records (#19)
    "simulated_twin": "lab.sim.playtests",
    "rerun": "lab.sim.simulate",
    "simulate": "lab.sim.simulate",
    "Comparison": "lab.stats",
    "compare": "lab.stats",
    "format_summary": "lab.stats",
    "plan": "lab.stats",
    "plot_clauses": "lab.stats",
    "plot_lengths": "lab.stats",
    "plot_skill": "lab.stats",
    "plot_sweep": "lab.stats",
    "plot_win_rates": "lab.stats",
    "skill_vs_luck": "lab.stats",
    "summarize": "lab.stats",
    "sweep": "lab.stats",
    "plot_ladder": "lab.stats.ladder",  # search (#15): skill ladder
    "skill_ladder": "lab.stats.ladder",
    "TuneResult": "lab.tune",  # autopilot: the variant search
    "tune": "lab.tune",
}

if TYPE_CHECKING:  # what static tools see: the same names, imported eagerly
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
    from lab.core.registry import game_class, game_names, load, register, unregister
    from lab.core.rulepoints import RulePoint, rule_point
    from lab.core.save import replay, state_from_json
    from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, Event, State
    from lab.kit import chance, define_game, move
    from lab.lint import lint
    from lab.sim.executors import shutdown_workers, worker_pool
    from lab.sim.play import play
    from lab.sim.playtests import playtests, simulated_twin
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
    from lab.stats.ladder import plot_ladder, skill_ladder
    from lab.tune import TuneResult, tune


def __getattr__(name: str) -> Any:
    """A public name (or a subpackage such as ``lab.kit``), imported on first use and kept."""
    module = _LAZY.get(name)
    if module is not None:
        value = getattr(importlib.import_module(module), name)
    elif not name.startswith("_") and importlib.util.find_spec(f"lab.{name}") is not None:
        value = importlib.import_module(f"lab.{name}")
    else:
        raise AttributeError(f"module 'lab' has no attribute {name!r}")
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


# Two public functions share their name with the subpackage they live in (``lab.lint``,
# ``lab.tune``). Importing a subpackage binds it on its parent; the function must stay the
# attribute, whichever is imported first (an eager ``from lab.lint import lint`` did this).
_SHADOWED = frozenset({"lint", "tune"})


class _Lab(types.ModuleType):
    def __setattr__(self, name: str, value: Any) -> None:
        if name in _SHADOWED and isinstance(value, types.ModuleType):
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Lab


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
