"""Hidden information stays hidden: no view a seat gets reveals another seat's secret.

For every registered game, seeded random games under every player count are walked step by
step. At each step, for every seat and the spectator, the views of that seat (the observation,
the event log ``events_for``, the file saved for that seat ``seat_json`` and the SVG
``render_svg``) are checked three ways:

* non-interference: a twin state that differs only in what the seat may not know (the game's
  probe in :mod:`tests.tools.probes` deals the other hands afresh or permutes face-down tiles)
  gives the identical views;
* no private event (logged ``visible_to`` other seats) shows up in a view of this seat;
* no secret the probe derives from ``full_state()`` is found in a view.

Planted leaks (the full state pushed into an observation, an event or the SVG) must be found.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import numpy as np
import pytest

import lab
from lab.checks.probes import Audit, audit_play, views
from lab.checks.probes import audit_state as lab_audit_state
from lab.core.state import State
from tests.tools.plant import plant
from tests.tools.probes import probe
from tests.tools.toy_game import registered_toy

GAMES_PER_COUNT = 2  # at the default player count; one game at each other count
SVGS_PER_GAME = 8  # rendering is slower: the SVG is checked at 8 steps spread over a game
MAX_STEPS_CHECKED = 150  # per game: long games are sampled evenly


def _player_counts(name: str) -> list[int]:
    spec = next(s for s in lab.game_class(name).parameter_specs() if s.name == "players")
    return [spec.default, *spec.coverage_values()]


def audit_state(state: State, rng: np.random.Generator, report: Audit, *, svg: bool) -> None:
    """Check every view of every seat at ``state`` with its game's probe (AssertionError)."""
    lab_audit_state(state, probe(state.game.name), rng, report, svg=svg)


def audit(name: str, players: int, seed: int, report: Audit | None = None) -> Audit:
    """Play one seeded random game of ``name`` and audit the views along the way."""
    game = lab.load(name, players=players)
    return audit_play(game, probe(name), seed, report, max_steps=MAX_STEPS_CHECKED, svgs=SVGS_PER_GAME)


FIGURES: dict[str, int] = {"games audited": 0, "views checked": 0, "twin comparisons": 0}


@pytest.fixture(autouse=True, scope="module")
def _print_figures() -> Iterator[None]:
    """Print the figures of this module at its end (shown with ``pytest -s``)."""
    yield
    print(f"\nhidden-information figures: {FIGURES}")


def test_no_view_reveals_another_seats_secret(game_name: str) -> None:
    report = Audit()
    counts = _player_counts(game_name)
    for players in counts:
        for seed in range(GAMES_PER_COUNT if players == counts[0] else 1):
            audit(game_name, players, seed, report)
            FIGURES["games audited"] += 1
    FIGURES["views checked"] += report.views
    FIGURES["twin comparisons"] += report.twins
    assert report.views > 0
    if probe(game_name).twin is not None:
        assert report.twins_differing > 0, "the twins never differed: the non-interference test proved nothing"


def test_a_game_without_a_twin_says_it_hides_nothing(game_name: str) -> None:
    p = probe(game_name)
    if p.twin is None:
        assert "no hidden information" in p.doc


def test_the_toy_game_keeps_its_secrets_and_has_some() -> None:
    with registered_toy():
        report = audit("toy", 3, 1)
    assert report.views > 0 and report.secrets > 0 and report.twins_differing > 0


# ------------------------------------------------------------------ planted leaks are found
def _plant(monkeypatch: pytest.MonkeyPatch, game: lab.Game, where: str) -> None:
    state_cls = type(game.new_initial_state())
    if where == "observation":
        honest = state_cls.observation

        def leaky_observation(self, player):  # type: ignore[no-untyped-def]
            return {**honest(self, player), "debug": self.full_state()}

        plant(monkeypatch, game, observation=leaky_observation)
    elif where == "events":
        honest_events = state_cls.events_for

        def leaky_events(self, player):  # type: ignore[no-untyped-def]
            return [*honest_events(self, player), lab.Event("DEBUG", "dump", {"full": self.full_state()}, None, 0)]

        plant(monkeypatch, game, events_for=leaky_events)
    elif where == "private events":
        def all_events(self, player):  # type: ignore[no-untyped-def]
            return list(self.events)

        plant(monkeypatch, game, events_for=all_events)
    else:
        honest_svg = state_cls.render_svg

        def leaky_svg(self, viewer=None):  # type: ignore[no-untyped-def]
            return honest_svg(self, viewer) + f"<!-- {json.dumps(self.full_state())} -->"

        plant(monkeypatch, game, render_svg=leaky_svg)


def _games_with_secrets() -> list[str]:
    out = []
    for name in lab.game_names():
        try:
            if probe(name).twin is not None:
                out.append(name)
        except KeyError:
            out.append(name)
    return out


@pytest.mark.parametrize("where", ["observation", "events", "private events", "svg"])
@pytest.mark.parametrize("name", ["toy", *_games_with_secrets()])
def test_a_planted_leak_is_found(name: str, where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with registered_toy():
        game = lab.load(name)
        _plant(monkeypatch, game, where)
        with pytest.raises(AssertionError, match="secret|private event"):
            for seed in range(3):
                audit(name, game.num_players(), seed)


def test_views_are_json_and_svg_text(game_name: str) -> None:
    state = lab.play(lab.load(game_name), seed=4)
    for viewer in [None, *range(state.game.num_players())]:
        shown = views(state, viewer, True)
        json.dumps(shown["observation"])
        json.dumps(shown["events"])
        assert isinstance(shown["svg"], str)
