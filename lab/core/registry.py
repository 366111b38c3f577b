"""The registry of games: ``game_names()``, ``load(name, **params)`` and ``register(game)``.

The four seed games are built in (imported on first use). Any other :class:`Game` subclass —
one written in a notebook (``__main__``), or defined with :func:`lab.define_game` — joins with
:func:`register`; from then on ``lab.load(name)``, saves and run records find it by name. A name
belongs to one class only: registering a second class under a taken name is refused (unless
``replace=True``), so a save is never silently rebuilt as another game of the same name.

Registration lives in the process that made it. To find a game by name in every process (a
later session, the workers of a pool that start afresh):

- put its definition and ``lab.register(...)`` in a module the notebook imports (``my_games.py``
  beside it: ``import my_games``); a process that imports it knows the game;
- or, in an installed package, declare it in the entry-point group ``rules_lab.games``
  (:data:`ENTRY_POINT_GROUP`): ``[project.entry-points."rules_lab.games"] ring_race =
  "my_games:RingRace"`` in its ``pyproject.toml``. ``lab.game_names()`` lists it and
  ``lab.load("ring_race")`` imports it on first use, as it does the seed games.

The lab never imports a module because a save or a run record names it: a save of an unknown
game says which module it was made with, and the message says to import it.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from typing import Any

from lab.core.errors import InvalidGame, UnknownGame
from lab.core.game import Game

# name -> (module, class). A game is registered once its package exists.
_BUILTIN: dict[str, tuple[str, str]] = {
    "memcel": ("lab.games.memcel", "MemcelGame"),
    "fiemme_cembra": ("lab.games.fiemme_cembra", "FiemmeCembraGame"),
    "space_station": ("lab.games.space_station", "SpaceStationGame"),
    "memm": ("lab.games.memm.game", "MemmGame"),
}
_classes: dict[str, type[Game]] = {}
#: The entry-point group in which installed packages declare their games (name -> Game class).
ENTRY_POINT_GROUP = "rules_lab.games"
_entry_points: dict[str, Any] | None = None
# name -> class, registered at run time with ``register`` (kept apart from the built-in table:
# a class of ``__main__`` has no importable module, so it is never looked up by module path).
_registered: dict[str, type[Game]] = {}


def _available(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ModuleNotFoundError, ValueError):
        return False


def game_names() -> list[str]:
    """Names of the registered games, in a fixed order (built-in first, then by registration,
    then the games installed packages declare in the entry-point group ``rules_lab.games``)."""
    names = [name for name, (module, _) in _BUILTIN.items() if _available(module)]
    names += [name for name in _registered if name not in names]
    return names + [name for name in installed_games() if name not in names]


def built_in(name: str) -> bool:
    """Whether ``name`` is one of the lab's own games (always found by name)."""
    return name in _BUILTIN


def installed_games() -> dict[str, Any]:
    """The entry points of the group :data:`ENTRY_POINT_GROUP`, by name (read once per process;
    the entry points of a name the built-in games take are left out)."""
    global _entry_points
    if _entry_points is None:
        from importlib.metadata import entry_points

        found = {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}
        _entry_points = {name: ep for name, ep in sorted(found.items()) if name not in _BUILTIN}
    return _entry_points


def _load_installed(name: str) -> type[Game]:
    """The game an installed package declares as ``name`` (imported now, then registered)."""
    ep = installed_games()[name]
    try:
        obj = ep.load()
    except Exception as exc:
        msg = f"the game {name!r} declared by an installed package ({ep.value}) failed to import: {type(exc).__name__}: {exc}"
        raise UnknownGame(msg) from exc
    cls = _as_class(obj)
    if cls.name != name:
        msg = f"the entry point {name!r} ({ep.value}) is the game {cls.name!r}: name the entry point after the game"
        raise UnknownGame(msg)
    return register(cls)


def unknown_game_hint() -> str:
    """What to do about a game this process does not know (the end of an UnknownGame message)."""
    return (
        "a game defined with lab.define_game (or any Game class) is known only in the process that "
        "registered it: import the module that calls lab.register(...) first, or install a package "
        f"that declares it in the entry-point group {ENTRY_POINT_GROUP!r}"
    )


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass registered under ``name``."""
    if isinstance(name, str) and name in _registered:
        return _registered[name]
    if isinstance(name, str) and name not in _BUILTIN and name in installed_games():
        return _load_installed(name)
    if not isinstance(name, str) or name not in game_names():
        msg = f"unknown game {name!r}; registered games: {', '.join(game_names())}. {unknown_game_hint()}"
        raise UnknownGame(msg)
    cls = _classes.get(name)
    if cls is None:
        module, attr = _BUILTIN[name]
        cls = getattr(importlib.import_module(module), attr)
        _classes[name] = cls
    return cls


def _as_class(game: Any) -> type[Game]:
    if isinstance(game, Game):
        return type(game)
    if isinstance(game, type) and issubclass(game, Game):
        return game
    msg = (
        f"lab.register takes a Game subclass, a Game object or a lab.define_game(...) result, "
        f"not {type(game).__name__}"
    )
    raise InvalidGame(msg)


def _origin(cls: type[Game]) -> tuple[str, str]:
    """Where a class was written and the game it is: a notebook cell run again gives a new
    class of the same origin, which replaces the old one."""
    return cls.__dict__.get("defined_in", cls.__module__), cls.name


def register(game: Any, name: str | None = None, *, replace: bool = False) -> type[Game]:
    """Register a game class so that ``lab.load(name)``, saves and records find it.

    Parameters
    ----------
    game : Game subclass or Game
        The class (or any game of it). Classes defined in ``__main__`` (a notebook) work.
    name : str, optional
        The name to register (default: the class's ``name``). It must be the class's ``name``
        — the name saves and records carry — unless the class has none yet.
    replace : bool
        Allow replacing a class of another module registered under the same name. A class
        written in the same module (a notebook cell run again) replaces the old one anyway; a
        built-in game is never replaced.

    Returns
    -------
    type
        The registered class.

    Raises
    ------
    InvalidGame
        For something that is not a game, a bad name, or a name taken by another class.
    """
    cls = _as_class(game)
    if name is None:
        name = cls.name
    if not isinstance(name, str) or not name.isidentifier():
        msg = f"a game name is an identifier such as 'pig' (letters, digits, _), not {name!r}"
        raise InvalidGame(msg)
    if cls.name and cls.name != name:
        msg = (
            f"{cls.__qualname__} is the game {cls.name!r}: register it under that name (saves "
            f"and records carry it), or set name = {name!r} in the class"
        )
        raise InvalidGame(msg)
    if name in _BUILTIN:
        msg = f"{name!r} is a built-in game; choose another name for {cls.__qualname__}"
        raise InvalidGame(msg)
    old = _registered.get(name)
    if old is not None and old is not cls and not replace and _origin(old) != _origin(cls):
        msg = (
            f"another class ({old.__module__}.{old.__qualname__}) is registered as {name!r}: "
            f"pass replace=True to replace it, or choose another name"
        )
        raise InvalidGame(msg)
    if not cls.name:
        cls.name = name
    _registered[name] = cls
    return cls


def unregister(name: str) -> None:
    """Remove a game registered with :func:`register` (built-in games stay)."""
    if name not in _registered:
        msg = f"{name!r} was not registered with lab.register; registered: {', '.join(_registered) or 'none'}"
        raise UnknownGame(msg)
    del _registered[name]


def load(
    name: str | Game | type[Game], /, rules: Mapping[str, Callable[..., Any]] | None = None, **params: Any
) -> Game:
    """Load game ``name`` under the variant ``params`` (defaults for what is not given).

    ``rules`` installs house rules: rule point name (a clause ID, see ``game.rule_points()``)
    -> the designer's function (:meth:`Game.with_rules`).

    ``name`` may also be a Game class or a Game (then ``params`` change its variant): the game
    need not be registered to be loaded this way.

    Raises
    ------
    UnknownGame
        If ``name`` is not registered (the message lists the registered names).
    InvalidVariant
        If a parameter is unknown, of the wrong type, out of range or inconsistent, or a house
        rule names an unknown rule point or has the wrong signature.
    """
    if isinstance(name, Game):  # its house rules come along; ``rules`` adds to them
        rules = {**{k: h.function for k, h in name._house.items()}, **(rules or {})}
        game = type(name)({**name.params_to_dict(), **params})
    elif isinstance(name, type) and issubclass(name, Game):
        game = name(params)
    else:
        game = game_class(name)(params)
    return game.with_rules(rules) if rules else game
