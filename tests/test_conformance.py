"""The conformance suite: every registered game, every player count, every parameter choice.

Each game gets at least 200 seeded random playouts checked at every step by
:func:`lab.checks.conformance.check_game`; a planted bug (a clone sharing a list) must be caught.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import lab
from lab.checks.conformance import check_game, conformance_variants
from lab.core.state import state_fields
from tests.tools.plant import plant

GAMES_PER_GAME = 200
EXPECTED = ["memcel", "fiemme_cembra", "space_station", "memm"]


def _cases() -> list[tuple[str, dict, int]]:
    cases = []
    for name in lab.game_names():
        variants = conformance_variants(lab.game_class(name))
        per = max(2, math.ceil(GAMES_PER_GAME / len(variants)))
        cases += [(name, params, per) for params in variants]
    return cases


def _id(case: tuple[str, dict, int]) -> str:
    name, params, _ = case
    text = ",".join(f"{k}={v}" for k, v in params.items()) or "defaults"
    return f"{name}[{text[:60]}]"


@pytest.mark.parametrize("case", _cases(), ids=_id)
def test_conformance_random_playouts(case: tuple[str, dict, int]) -> None:
    name, params, n = case
    game = lab.load(name, **params)  # Memcel and Fiemme–Cembra under the playout bounds (tests/conftest.py)
    report = check_game(game, n_games=n, seed=17)
    assert report.games == n
    assert report.steps > 0


def test_conformance_covers_at_least_200_games_per_game() -> None:
    totals: dict[str, int] = {}
    for name, _params, n in _cases():
        totals[name] = totals.get(name, 0) + n
    for name in lab.game_names():
        assert totals[name] >= GAMES_PER_GAME


def test_every_game_of_the_mission_is_registered() -> None:
    assert lab.game_names() == [g for g in EXPECTED if g in lab.game_names()]
    assert set(lab.game_names()) == set(EXPECTED)


def _leaky_clone(self):  # type: ignore[no-untyped-def]
    """``clone``, but the copy shares every mutable list/dict/set with the original."""
    twin = super(type(self), self).clone()  # (the honest clone of the planted class's base)
    for key, value in state_fields(self).items():
        if key not in ("_history", "_events", "game") and isinstance(value, list | dict | set | bytearray | np.ndarray):
            setattr(twin, key, value)
    return twin


@pytest.mark.parametrize("name", lab.game_names())
def test_conformance_catches_a_clone_that_shares_a_list(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = lab.load(name)
    plant(monkeypatch, game, clone=_leaky_clone)
    with pytest.raises(lab.ConformanceError, match="clone|diverged"):
        check_game(game, n_games=5, seed=3)


@pytest.mark.parametrize("name", lab.game_names())
def test_conformance_catches_an_apply_that_ignores_illegality(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A state whose legality check is bypassed must be caught by the illegal-action probe."""
    game = lab.load(name)

    def accept_anything(self, action):  # type: ignore[no-untyped-def]
        action = self.coerce_action(action)
        self._history.append(lab.core.state.HistoryItem(self.current_player(), action))

    plant(monkeypatch, game, apply_action=accept_anything)
    with pytest.raises(lab.ConformanceError, match="illegal action .* was accepted|changed the state"):
        check_game(game, n_games=3, seed=5)
