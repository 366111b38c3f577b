"""Safety bounds for the generic tests' random playouts.

Under the seeds' rules random players almost never finish some games: a Memcel game then runs
to its safety bound of 500 turns, and a Fiemme–Cembra match (FC-P7 returns a card every hand)
to 3000 hands. Both are lab safety bounds, not rules, and a game stopped by one ends
*unfinished*. The conformance playouts and the golden records of random players use these
lower bounds, so they stay quick and still exercise the unfinished ending; every rule is still
played at every parameter choice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import lab

PLAYOUT_BOUNDS: dict[str, dict[str, Any]] = {
    "memcel": {"max_turns": 40},
    "fiemme_cembra": {"hand_limit": 60},
}


def bounded(name: str, variant: dict[str, Any]) -> dict[str, Any]:
    """``variant`` with the game's playout bounds (a bound the variant sets itself wins)."""
    return {**PLAYOUT_BOUNDS.get(name, {}), **variant}


def lower_defaults(setattr_: Callable[[Any, str, Any], None] = setattr) -> None:
    """Make the playout bounds the games' defaults (``setattr_``: pytest's ``monkeypatch.setattr``
    in the test session; plain ``setattr`` in a subprocess that must play the same games)."""
    for name, bounds in PLAYOUT_BOUNDS.items():
        cls = lab.game_class(name)
        specs = tuple(
            dataclasses.replace(spec, default=bounds[spec.name]) if spec.name in bounds else spec
            for spec in cls.PARAMETERS
        )
        setattr_(cls, "PARAMETERS", specs)
