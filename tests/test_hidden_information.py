"""Hidden information stays hidden: no view a seat gets reveals another seat's secret.

For every registered game, seeded random games under every player count are walked step by
step; at each step, for every seat and the spectator, the observation, the event log shown to
that seat (``events_for``) and the SVG rendered for that seat are searched for the secrets the
game's probe (:mod:`tests.tools.probes`) derives from ``full_state()``. A planted leak (the full
state pushed into an observation, an event or the SVG) must be found, so the search can fail.
"""

from __future__ import annotations

import json

import pytest

import lab
from lab.core.state import State
from tests.tools.probes import find_leaks, probe
from tests.tools.toy_game import registered_toy

GAMES_PER_COUNT = 3
SVG_EVERY = 7  # rendering is slower: render every 7th step and at the end


def _player_counts(name: str) -> list[int]:
    spec = next(s for s in lab.game_class(name).parameter_specs() if s.name == "players")
    return [spec.default, *(v for v in spec.coverage_values())]


def _views(state: State, viewer: int | None, svg: bool) -> dict[str, object]:
    views: dict[str, object] = {
        "observation": state.observation(viewer),
        "events": [e.to_json() for e in state.events_for(viewer)],
    }
    if svg:
        views["svg"] = state.render_svg(viewer)
    return views


def audit(name: str, players: int, seed: int) -> tuple[int, int]:
    """Play one game, audit every view at every step; return (views checked, secrets seen)."""
    game = lab.load(name, players=players)
    check = probe(name).secrets
    checked = secrets_seen = 0

    def inspect(state: State) -> None:
        nonlocal checked, secrets_seen
        svg = state.move_number() % SVG_EVERY == 0 or state.is_terminal()
        for viewer in [None, *range(players)]:
            secrets = check(state, viewer)
            secrets_seen += len(secrets)
            for label, view in _views(state, viewer, svg).items():
                leaks = find_leaks(view, secrets)
                assert not leaks, f"{game!r} seed={seed} step={state.move_number()} {label} for {viewer}: {leaks}"
                checked += 1

    inspect(game.new_initial_state())
    lab.play(game, seed=seed, on_step=inspect)
    return checked, secrets_seen


def test_no_view_reveals_another_seats_secret(game_name: str) -> None:
    total = 0
    for players in _player_counts(game_name):
        for seed in range(GAMES_PER_COUNT):
            checked, _ = audit(game_name, players, seed)
            total += checked
    assert total > 0


def test_every_seat_has_a_secret_to_keep_or_the_game_says_it_has_none(game_name: str) -> None:
    """A probe that finds no secret in a game with hidden information would prove nothing."""
    p = probe(game_name)
    _, seen = audit(game_name, _player_counts(game_name)[0], 0)
    if seen == 0:
        assert "no hidden information" in p.doc, f"{game_name}: the probe found no secret at all"


# ------------------------------------------------------------------ planted leaks are found
def test_the_toy_game_keeps_its_secrets_and_has_some() -> None:
    with registered_toy():
        checked, seen = audit("toy", 3, 1)
    assert checked > 0 and seen > 0


def _plant(monkeypatch: pytest.MonkeyPatch, state_cls: type, where: str) -> None:
    if where == "observation":
        honest = state_cls.observation

        def leaky_observation(self, player):  # type: ignore[no-untyped-def]
            return {**honest(self, player), "debug": self.full_state()}

        monkeypatch.setattr(state_cls, "observation", leaky_observation)
    elif where == "events":
        honest_events = state_cls.events_for

        def leaky_events(self, player):  # type: ignore[no-untyped-def]
            shown = honest_events(self, player)
            return [*shown, lab.Event("DEBUG", "dump", {"full": self.full_state()}, None, 0)]

        monkeypatch.setattr(state_cls, "events_for", leaky_events)
    else:
        honest_svg = state_cls.render_svg

        def leaky_svg(self, viewer=None):  # type: ignore[no-untyped-def]
            text = " ".join(t for v in range(self.game.num_players()) for s in probe(self.game.name).secrets(self, v) for t in s.tokens)
            return honest_svg(self, viewer) + f"<!-- {text} -->"

        monkeypatch.setattr(state_cls, "render_svg", leaky_svg)


def _games_with_secrets() -> list[str]:
    return [n for n in lab.game_names() if "no hidden information" not in _doc(n)]


def _doc(name: str) -> str:
    try:
        return probe(name).doc
    except KeyError:
        return ""


@pytest.mark.parametrize("where", ["observation", "events", "svg"])
@pytest.mark.parametrize("name", ["toy", *_games_with_secrets()])
def test_a_planted_leak_is_found(name: str, where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with registered_toy():
        game = lab.load(name)
        if where == "svg" and not any(s.tokens for s in _all_secrets(game)):
            pytest.skip(f"{name}: the probe names no SVG tokens")
        _plant(monkeypatch, type(game.new_initial_state()), where)
        with pytest.raises(AssertionError, match="holds|shows"):
            for seed in range(3):
                audit(name, game.num_players(), seed)


def _all_secrets(game: lab.Game) -> list:
    found = []

    def collect(state: State) -> None:
        for v in [None, *range(game.num_players())]:
            found.extend(probe(game.name).secrets(state, v))

    lab.play(game, seed=0, on_step=collect)
    return found


def test_views_are_json_and_svg_text(game_name: str) -> None:
    state = lab.play(lab.load(game_name), seed=4)
    for viewer in [None, *range(state.game.num_players())]:
        views = _views(state, viewer, True)
        json.dumps(views["observation"])
        json.dumps(views["events"])
        assert isinstance(views["svg"], str)
