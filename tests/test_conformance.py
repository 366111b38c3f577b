"""The conformance suite: every registered game, every player count, every parameter choice.

Each game gets at least 200 seeded random playouts checked at every step by
:func:`lab.core.conformance.check_game`; a planted bug (a clone sharing a list) must be caught.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import lab
from lab.core.conformance import check_game, conformance_variants

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


def _plant_shared_list(state_cls: type) -> None:
    """Replace ``clone`` with one that shares the first mutable list/dict/set with the original."""
    honest = state_cls.clone

    def leaky_clone(self):  # type: ignore[no-untyped-def]
        twin = honest(self)
        for key, value in vars(self).items():
            if key not in ("_history", "_events", "game") and isinstance(value, list | dict | set | bytearray | np.ndarray):
                setattr(twin, key, value)
        return twin

    state_cls.clone = leaky_clone


@pytest.mark.parametrize("name", lab.game_names())
def test_conformance_catches_a_clone_that_shares_a_list(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = lab.load(name)
    state_cls = type(game.new_initial_state())
    monkeypatch.setattr(state_cls, "clone", state_cls.clone)  # restored after the test
    _plant_shared_list(state_cls)
    with pytest.raises(lab.ConformanceError, match="clone|diverged"):
        check_game(game, n_games=5, seed=3)


@pytest.mark.parametrize("name", lab.game_names())
def test_conformance_catches_an_apply_that_ignores_illegality(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A state whose legality check is bypassed must be caught by the illegal-action probe."""
    game = lab.load(name)
    state_cls = type(game.new_initial_state())

    def accept_anything(self, action):  # type: ignore[no-untyped-def]
        action = self.coerce_action(action)
        self._history.append(lab.core.state.HistoryItem(self.current_player(), action))

    monkeypatch.setattr(state_cls, "apply_action", accept_anything)
    with pytest.raises(lab.ConformanceError, match="illegal action .* was accepted|changed the state"):
        check_game(game, n_games=3, seed=5)
