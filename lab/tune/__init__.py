"""The variant autopilot: search a game's parameters and house rules for the designer's targets.

See :func:`lab.tune.study.tune` (exported as ``lab.tune``), :mod:`lab.tune.space` for the space
format and :mod:`lab.tune.targets` for targets and metrics.
"""

from __future__ import annotations

from lab.tune.space import load_space, validate_space
from lab.tune.study import ProgressCallback, TuneEvent, TuneResult, tune
from lab.tune.targets import Target, TargetError, parse_target

__all__ = [
    "ProgressCallback",
    "Target",
    "TargetError",
    "TuneEvent",
    "TuneResult",
    "load_space",
    "parse_target",
    "tune",
    "validate_space",
]
