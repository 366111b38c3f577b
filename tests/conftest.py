"""Shared fixtures: the registered games, and the playout bounds of the generic tests."""

from __future__ import annotations

import importlib.machinery
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import lab
from tests.tools.playout_bounds import lower_defaults

GAMES = lab.game_names()
GAME_TESTS = Path(__file__).resolve().parent / "games"


@pytest.fixture(params=GAMES)
def game_name(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(autouse=True)
def playout_bounds(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The generic tests (every file outside ``tests/games/``) play each game's defaults with
    random players, step by step, often with a check at every step. Random players almost never
    finish Memcel or Fiemme–Cembra under the seeds' rules, and such a game runs to its safety
    bound (500 turns; 3000 hands): there the defaults of those bounds are lowered to the values of
    :mod:`tests.tools.playout_bounds`, which also exercises the unfinished ending. The games' own
    tests in ``tests/games/`` see the real defaults, and check them.
    """
    if GAME_TESTS in Path(str(request.node.path)).resolve().parents:
        return
    lower_defaults(monkeypatch.setattr)


class _WholePatches(pytest.MonkeyPatch):
    """``monkeypatch`` that refuses a patch compiled code would not see (:mod:`lab.native`): a
    method of a compiled class, or a function of a compiled module, replaced. Compiled callers
    call the original in C, so the patch would be seen by Python callers only: plant a wrong
    rule through a subclass instead (:func:`tests.tools.plant.plant`)."""

    def setattr(self, target: Any, name: Any, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        if not isinstance(target, str):  # (the "module.attr" form names no compiled target here)
            _refuse_half_patch(target, name)
        super().setattr(target, name, *args, **kwargs)


def _refuse_half_patch(target: Any, name: str) -> None:
    compiled_class = isinstance(target, type) and "__mypyc_attrs__" in vars(target)
    if compiled_class and callable(getattr(target, name, None)):
        msg = (f"{target.__name__}.{name} is compiled (lab.native): its compiled callers would not see "
               "a patch; plant it through a subclass (tests.tools.plant.plant)")
        raise TypeError(msg)
    compiled_module = isinstance(target, ModuleType) and target.__name__.startswith("lab.") and str(
        getattr(target, "__file__", "") or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    if compiled_module:
        old = getattr(target, name, None)
        if callable(old) and getattr(old, "__module__", None) == target.__name__:
            msg = (f"{target.__name__}.{name} is a function of a compiled module (lab.native): its compiled "
                   "callers would not see a patch")
            raise TypeError(msg)


@pytest.fixture
def monkeypatch() -> Iterator[pytest.MonkeyPatch]:
    patches = _WholePatches()
    yield patches
    patches.undo()
