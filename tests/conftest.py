"""Shared fixtures: the registered games."""

from __future__ import annotations

import pytest

import lab

GAMES = lab.game_names()


@pytest.fixture(params=GAMES)
def game_name(request: pytest.FixtureRequest) -> str:
    return request.param
