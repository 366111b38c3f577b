"""Planting a wrong rule in a game, for the tests that check it is caught.

A compiled state class (:mod:`lab.native`) runs its methods in C: a method assigned to the
class afterwards is seen by Python callers only, never by the compiled code calling it, so a bug
planted that way would be only half planted (``tests/conftest.py`` refuses it). Here a game's
states are instead built as instances of a subclass that overrides the methods: compiled callers
call an override of a Python subclass (the state classes allow them), so the plant is whole,
with the compiled build and without it.
"""

from __future__ import annotations

from typing import Any

import pytest

from lab.core.game import Game
from lab.core.state import State, set_state_fields, state_fields


def as_class(state: State, cls: type[State]) -> State:
    """A state of class ``cls`` (a subclass of ``state``'s class) with ``state``'s fields."""
    new = cls.__new__(cls)
    set_state_fields(new, state_fields(state))
    return new


def plant(monkeypatch: pytest.MonkeyPatch | None, game: Game | type[Game], **methods: Any) -> type[State]:
    """Make every state that ``game``'s class builds (``new_initial_state``: new games, replays,
    loaded saves; their clones keep the class) an instance of a subclass of its state class with
    ``methods`` overridden. An override reaches the honest method as
    ``super(planted, self).name(...)`` or as the state class's own attribute. Undone with
    ``monkeypatch`` (``None``: for good, in a process of its own). Returns the subclass."""
    game_cls = game if isinstance(game, type) else type(game)
    sample = game.new_initial_state() if isinstance(game, Game) else game_cls().new_initial_state()
    honest_cls = type(sample)
    planted = type(f"Planted{honest_cls.__name__}", (honest_cls,), dict(methods))
    honest_new = game_cls.new_initial_state

    def new_initial_state(self: Game) -> State:
        state = honest_new(self)
        return state if isinstance(state, planted) else as_class(state, planted)

    if monkeypatch is None:
        game_cls.new_initial_state = new_initial_state  # type: ignore[method-assign]
    else:
        monkeypatch.setattr(game_cls, "new_initial_state", new_initial_state)
    return planted
