"""The conformance suite: every registered game, every player count, every parameter choice.

Each game gets at least 200 seeded random playouts checked at every step by
:func:`lab.checks.conformance.check_game`, spread over its parameter choices; a planted bug (a
clone sharing a list) must be caught. ``make test`` plays the first games of every variant (at
least :data:`QUICK_GAMES_PER_GAME` a game); ``make test-slow`` plays the rest of the 200, the
same games a single run would play (``check_game(first_game=...)``).
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

import lab
from lab.checks.conformance import check_game, conformance_variants
from lab.core.state import state_fields
from tests.tools.plant import plant

GAMES_PER_GAME = 200
QUICK_GAMES_PER_GAME = 60  # of them in make test; the rest in make test-slow
EXPECTED = ["memcel", "fiemme_cembra", "space_station", "memm"]


def _cases() -> list[tuple[str, dict, int, int]]:
    """``(game, variant, games in make test, games in all)`` for every variant of every game."""
    cases = []
    for name in lab.game_names():
        variants = conformance_variants(lab.game_class(name))
        per = max(2, math.ceil(GAMES_PER_GAME / len(variants)))
        quick = min(per, max(2, math.ceil(QUICK_GAMES_PER_GAME / len(variants))))
        cases += [(name, params, quick, per) for params in variants]
    return cases


def _id(case: tuple[str, dict, int, int]) -> str:
    name, params, _, _ = case
    text = ",".join(f"{k}={v}" for k, v in params.items()) or "defaults"
    return f"{name}[{text[:60]}]"


def _check(name: str, params: dict, first: int, stop: int) -> None:
    game = lab.load(name, **params)  # Memcel and Fiemme–Cembra under the playout bounds (tests/conftest.py)
    report = check_game(game, n_games=stop - first, seed=17, first_game=first)
    assert report.games == stop - first
    assert report.steps > 0


@pytest.mark.parametrize("case", _cases(), ids=_id)
def test_conformance_random_playouts(case: tuple[str, dict, int, int]) -> None:
    name, params, quick, _ = case
    _check(name, params, 0, quick)


@pytest.mark.slow
@pytest.mark.parametrize("case", [c for c in _cases() if c[2] < c[3]], ids=_id)
def test_conformance_random_playouts_the_rest_of_the_200(case: tuple[str, dict, int, int]) -> None:
    name, params, quick, per = case
    _check(name, params, quick, per)


def test_conformance_covers_at_least_200_games_per_game() -> None:
    totals: dict[str, int] = {}
    quick: dict[str, int] = {}
    for name, _params, first, n in _cases():
        totals[name] = totals.get(name, 0) + n
        quick[name] = quick.get(name, 0) + first
    for name in lab.game_names():
        assert totals[name] >= GAMES_PER_GAME
        assert quick[name] >= QUICK_GAMES_PER_GAME


def test_a_check_split_in_two_plays_the_games_of_the_whole() -> None:
    game = lab.load("memm")
    whole = check_game(game, n_games=3, seed=5)
    parts = [check_game(game, n_games=1, seed=5), check_game(game, n_games=2, seed=5, first_game=1)]
    for name in ("games", "steps", "round_trips", "illegal_tried", "alias_checks"):
        assert getattr(whole, name) == sum(getattr(p, name) for p in parts), name
    assert whole.clause_counts == dict(sum((Counter(p.clause_counts) for p in parts), Counter()))
    other = check_game(game, n_games=3, seed=6)
    assert (other.steps, other.clause_counts) != (whole.steps, whole.clause_counts)
    with pytest.raises(lab.LabError, match="first_game must be a whole number >= 0, not -1"):
        check_game(game, n_games=1, first_game=-1)


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
