"""What a person reads, in words: results, the move log, place names (never "returns", never
``key=value``).

The words are not written here: each game has one vocabulary, its words module
(:mod:`lab.games.memcel.words` ..., :mod:`lab.kit.render` for games made with the kit), which its
board draws its labels with too. :func:`vocabulary` finds it; :func:`result_words` and
:func:`event_text` use it, falling back on the engine's generic words
(:mod:`lab.core.words`: the result from ``returns()``/``winners()``, an event's data in words)
and on a game's own optional hooks (``state.result_text(viewer)``, ``state.describe_event(e)``)
for games outside the lab.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from lab.core import words as core
from lab.core.state import State
from lab.core.words import seat_name  # noqa: F401 - re-exported for the widgets

_CACHE: dict[type, ModuleType | None] = {}


def vocabulary(game: Any) -> ModuleType | None:
    """The words module of ``game``'s package (``lab.games.<game>.words``, the kit's render
    module for a kit game), or ``None`` for a game that has none."""
    cls = type(game)
    if cls in _CACHE:
        return _CACHE[cls]
    found: ModuleType | None = None
    from lab.kit.game import KitGame

    if isinstance(game, KitGame):
        found = importlib.import_module("lab.kit.render")
    else:
        parts = cls.__module__.split(".")
        if len(parts) >= 3 and parts[:2] == ["lab", "games"]:
            try:
                found = importlib.import_module(".".join(parts[:3]) + ".words")
            except ModuleNotFoundError:
                found = None
    _CACHE[cls] = found
    return found


def result_words(state: State, viewer: int | None = None) -> str:
    """The result of a finished game in words (``""`` while it is still running)."""
    if not state.is_terminal():
        return ""
    if state.stopped_by is not None:
        return core.result_words(state, viewer)
    words = vocabulary(state.game)
    end = getattr(words, "end_words", None)
    if callable(end):
        return str(end(state, viewer))
    own = getattr(state, "result_text", None)
    if callable(own):
        text = own(viewer)
        if text:
            return str(text)
    return core.result_words(state, viewer)


def event_text(state: State, event: Any, viewer: int | None = None) -> str:
    """One event in a sentence: the game's vocabulary, its own hook, or the generic words."""
    words = vocabulary(state.game)
    describe = getattr(words, "describe_event", None)
    if callable(describe):
        return str(describe(state.game, event, viewer))
    hook = getattr(state, "describe_event", None)
    text = hook(event) if callable(hook) else None
    if text:
        return str(text)
    data = core.data_words(event.data, viewer)
    return core.kind_words(event.kind) + (f": {data}" if data else "")
