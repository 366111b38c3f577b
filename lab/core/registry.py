"""The registry of games: ``game_names()`` and ``load(name, **params)``."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from typing import Any

from lab.core.errors import UnknownGame
from lab.core.game import Game

# name -> (module, class). A game is registered once its package exists.
_BUILTIN: dict[str, tuple[str, str]] = {
    "memcel": ("lab.games.memcel", "MemcelGame"),
    "fiemme_cembra": ("lab.games.fiemme_cembra", "FiemmeCembraGame"),
    "space_station": ("lab.games.space_station", "SpaceStationGame"),
    "memm": ("lab.games.memm", "MemmGame"),
}
_classes: dict[str, type[Game]] = {}


def _available(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def game_names() -> list[str]:
    """Names of the registered games, in a fixed order."""
    return [name for name, (module, _) in _BUILTIN.items() if _available(module)]


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass registered under ``name``."""
    if not isinstance(name, str) or name not in game_names():
        msg = f"unknown game {name!r}; registered games: {', '.join(game_names())}"
        raise UnknownGame(msg)
    cls = _classes.get(name)
    if cls is None:
        module, attr = _BUILTIN[name]
        cls = getattr(importlib.import_module(module), attr)
        _classes[name] = cls
    return cls


def load(name: str, /, rules: Mapping[str, Callable[..., Any]] | None = None, **params: Any) -> Game:
    """Load game ``name`` under the variant ``params`` (defaults for what is not given).

    ``rules`` installs house rules: rule point name (a clause ID, see ``game.rule_points()``)
    -> the designer's function (:meth:`Game.with_rules`).

    Raises
    ------
    UnknownGame
        If ``name`` is not registered (the message lists the registered names).
    InvalidVariant
        If a parameter is unknown, of the wrong type, out of range or inconsistent, or a house
        rule names an unknown rule point or has the wrong signature.
    """
    game = game_class(name)(params)
    return game.with_rules(rules) if rules else game
