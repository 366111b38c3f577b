"""Shared fixtures: the registered games, and the playout bounds of the generic tests."""

from __future__ import annotations

from pathlib import Path

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
