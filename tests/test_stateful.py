"""Stateful property tests: hypothesis drives each game through random sequences of operations.

Rules (what hypothesis may do next): apply a legal action (or chance outcome), play a burst of
random moves, try an illegal action or a forged JSON one, clone and move the clone, save and
load mid-game, undo the last move the way the widget does (``lab.replay(game, history[:-1])``),
start a new game. Invariants (checked after every rule): the game's components are conserved
(:mod:`tests.tools.probes`), a live game never deadlocks, no observation holds another seat's
secret, and the state survives a JSON round trip. Then whole random games are played under the
same invariants through :func:`lab.checks.conformance.check_game`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import lab
from lab.checks.conformance import check_game, conformance_variants
from lab.core.chance import sample_outcome
from lab.core.save_write import state_to_json
from lab.core.state import CHANCE, SIMULTANEOUS, State
from tests.tools.probes import find_leaks, monotone_check, private_event_leaks, probe
from tests.tools.toy_game import registered_toy

SETTINGS = settings(
    max_examples=10,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
GAMES_UNDER_INVARIANTS = 4  # per variant, on top of the stateful runs (fewer for long games)
STEPS_UNDER_INVARIANTS = 800  # per variant: a game with long random games plays fewer of them
SECRETS_EVERY = 4  # the observation/twin invariant runs on every 4th state of a game

JSON_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=12,
)


def invariant_checks(name: str, seed: int = 0) -> list[Any]:
    """The probe's invariants as ``check_game`` callables (None when they hold)."""
    p = probe(name)
    rng = np.random.default_rng(seed)

    def conservation(state: State) -> str | None:
        return p.conservation(state)

    def no_secret_in_observations(state: State) -> str | None:
        if state.move_number() % SECRETS_EVERY:
            return None
        for viewer in [None, *range(state.game.num_players())]:
            obs = state.observation(viewer)
            leaks = find_leaks(obs, p.secrets(state, viewer)) + private_event_leaks(state, viewer, [obs])
            if leaks:
                return f"observation({viewer}): {leaks}"
            twin = p.twin(state, viewer, rng) if p.twin is not None else None
            if twin is not None and json.dumps(twin.observation(viewer), sort_keys=True) != json.dumps(obs, sort_keys=True):
                return f"observation({viewer}) changes with what {viewer} may not know"
        return None

    checks = [conservation, no_secret_in_observations]
    if p.never_grow is not None:
        checks.append(monotone_check(name, p.never_grow))
    return checks


def _no_deadlock(state: State) -> str | None:
    cur = state.current_player()
    if cur == CHANCE and not state.chance_outcomes():
        return "a chance node without outcomes"
    if cur == SIMULTANEOUS and not all(state.legal_actions(p) for p in state.acting_players()):
        return "a simultaneous node where an acting player has no legal action"
    if cur >= 0 and not state.legal_actions():
        return f"player {cur} is to act but has no legal action"
    return None


def _plain(value: Any) -> Any:
    """``value`` with tuples as lists: what a JSON round trip should give back."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def machine_for(name: str) -> type[RuleBasedStateMachine]:
    variants = conformance_variants(lab.game_class(name))
    checks = invariant_checks(name)

    class GameMachine(RuleBasedStateMachine):
        state: State

        @initialize(variant=st.sampled_from(variants), seed=st.integers(0, 2**32 - 1))
        def start(self, variant: dict[str, Any], seed: int) -> None:
            self.game = lab.load(name, **variant)
            self.rng = np.random.default_rng(seed)
            self._new_game()

        def _new_game(self) -> None:
            self.state = self.game.new_initial_state()
            self.hashes = [self.state.state_hash()]
            STATS["games"] += 1

        def _live(self) -> bool:
            return not self.state.is_terminal()

        def _pick(self, state: State, pick: int | None) -> Any:
            """A legal move at ``state``: ``pick`` chooses, else ``self.rng`` (chance by weight)."""
            cur = state.current_player()
            if cur == CHANCE:
                outcomes = state.chance_outcomes()
                return outcomes[pick % len(outcomes)][0] if pick is not None else sample_outcome(outcomes, self.rng)
            if cur == SIMULTANEOUS:
                joint = {}
                for p in state.acting_players():
                    legal = state.legal_actions(p)
                    joint[p] = legal[(pick if pick is not None else int(self.rng.integers(1 << 30))) % len(legal)]
                return joint
            legal = state.legal_actions()
            return legal[(pick if pick is not None else int(self.rng.integers(1 << 30))) % len(legal)]

        def _apply(self, state: State, move: Any) -> None:
            if isinstance(move, dict):
                state.apply_actions(move)
            else:
                state.apply_action(move)

        def _step(self, pick: int | None) -> None:
            self._apply(self.state, self._pick(self.state, pick))
            self.hashes.append(self.state.state_hash())
            STATS["steps"] += 1

        # -------------------------------------------------------------- rules
        @precondition(lambda self: self._live())
        @rule(pick=st.integers(0, 2**20))
        def apply_legal(self, pick: int) -> None:
            self._step(pick)

        @precondition(lambda self: self._live())
        @rule(steps=st.integers(1, 80))
        def play_on(self, steps: int) -> None:
            for _ in range(steps):
                if not self._live():
                    break
                self._step(None)

        def _legal_for_all(self, action: Any) -> bool:
            """Whether ``action`` (for every acting player at once) would be accepted."""
            try:
                action = self.game.action_from_json(action)
            except (ValueError, TypeError):
                return False
            acting = self.state.acting_players()
            if self.state.current_player() == CHANCE:
                return action in self.state.legal_actions()
            return bool(acting) and all(action in self.state.legal_actions(p) for p in acting)

        @rule(code=st.integers(0, 2**40))
        def try_illegal(self, code: int) -> None:
            action = self.game.arbitrary_action(np.random.default_rng(code))
            if not self._legal_for_all(action):
                self._refused(action)

        @rule(junk=JSON_JUNK)
        def try_forged_json(self, junk: Any) -> None:
            if not self._legal_for_all(junk):
                self._refused(junk)

        def _refused(self, action: Any) -> None:
            before, full = self.state.to_json(), self.state.full_state()
            with pytest.raises(lab.IllegalAction):
                if self.state.current_player() == SIMULTANEOUS:
                    self.state.apply_actions({p: action for p in self.state.acting_players()})
                else:
                    self.state.apply_action(action)
            assert self.state.to_json() == before and self.state.full_state() == full
            STATS["illegal"] += 1

        @rule()
        def clone_and_move_the_clone(self) -> None:
            twin = self.state.clone()
            assert twin == self.state and twin.state_hash() == self.hashes[-1]
            if not twin.is_terminal():
                self._apply(twin, self._pick(twin, None))
                assert self.state.state_hash() == self.hashes[-1], "moving a clone changed the original"

        @rule()
        def save_and_load(self) -> None:
            loaded = lab.state_from_json(self.state.to_json(), game=self.game)
            assert loaded == self.state and loaded.state_hash() == self.hashes[-1]
            self.state = loaded
            STATS["round_trips"] += 1

        @precondition(lambda self: len(self.hashes) > 1)
        @rule()
        def undo(self) -> None:
            self.state = lab.replay(self.game, self.state.history()[:-1])
            self.hashes.pop()
            assert self.state.state_hash() == self.hashes[-1], "undo did not give back the previous state"

        @precondition(lambda self: not self._live())
        @rule()
        def new_game(self) -> None:
            self._new_game()

        # -------------------------------------------------------------- invariants
        @invariant()
        def components_are_conserved_and_secrets_kept(self) -> None:
            for check in checks:
                problem = check(self.state)
                assert problem is None, f"{self.game!r} move {self.state.move_number()}: {problem}"

        @invariant()
        def a_live_game_never_deadlocks(self) -> None:
            problem = _no_deadlock(self.state)
            assert problem is None, f"{self.game!r} move {self.state.move_number()}: {problem}"

        @invariant()
        def json_round_trip(self) -> None:
            for label, value in [("full_state()", self.state.full_state())] + [
                (f"observation({v})", self.state.observation(v)) for v in [None, *range(self.game.num_players())]
            ]:
                text = json.dumps(value, allow_nan=False)  # no NaN/inf, no numpy or other types
                assert json.loads(text) == _plain(value), f"{label} changes in a JSON round trip (non-string keys?)"
            data = json.loads(state_to_json(self.state, format_version=1))  # JSON actions
            assert data["history"] == [h.to_json() for h in self.state.history()]

    GameMachine.__name__ = f"{name.title().replace('_', '')}Machine"
    return GameMachine


STATS = {"games": 0, "steps": 0, "illegal": 0, "round_trips": 0, "games under check_game": 0}


@pytest.fixture(autouse=True, scope="module")
def _print_figures() -> Iterator[None]:
    """Print the figures of this module at its end (shown with ``pytest -s``)."""
    yield
    print(f"\nstateful figures: {STATS}")


def test_stateful_operations_keep_every_invariant(game_name: str) -> None:
    run_state_machine_as_test(machine_for(game_name), settings=SETTINGS)


def _games_under_invariants(game_name: str, quick: bool) -> int:
    """Every variant's first game (``quick``, make test), or its further ones (make test-slow)."""
    checks = [*invariant_checks(game_name), _no_deadlock]
    games = 0
    for variant in conformance_variants(lab.game_class(game_name)):
        game = lab.load(game_name, **variant)
        length = len(lab.play(game, seed=23).history())
        n = max(1, min(GAMES_UNDER_INVARIANTS, STEPS_UNDER_INVARIANTS // max(1, length)))
        first, stop = (0, 1) if quick else (1, n)
        if stop <= first:
            continue
        report = check_game(game, stop - first, seed=23, invariants=checks, check_every_step=False, first_game=first)
        games += report.games
        STATS["games under check_game"] += report.games
        assert report.invariant_checks >= report.steps * len(checks)
    return games


def test_random_games_under_invariants(game_name: str) -> None:
    assert _games_under_invariants(game_name, quick=True) == len(conformance_variants(lab.game_class(game_name)))


@pytest.mark.slow
def test_random_games_under_invariants_further_games(game_name: str) -> None:
    _games_under_invariants(game_name, quick=False)


def test_the_machine_catches_a_lost_component() -> None:
    """A game that loses a component on some move must be caught by the conservation invariant."""
    from tests.tools.toy_game import ToyState

    honest = ToyState._apply_action

    def lossy(self, action):  # type: ignore[no-untyped-def]
        honest(self, action)
        if action.kind == "play" and self.pile:
            self.pile.pop()

    with registered_toy():
        run_state_machine_as_test(machine_for("toy"), settings=SETTINGS)
        ToyState._apply_action = lossy
        try:
            with pytest.raises(AssertionError, match="cards"):
                run_state_machine_as_test(machine_for("toy"), settings=settings(SETTINGS, phases=[Phase.generate]))
        finally:
            ToyState._apply_action = honest


@pytest.mark.parametrize("extra", [{1: "int key"}, {"x": float("nan")}, {"x": np.int64(3)}])
def test_the_machine_catches_a_state_that_is_not_plain_json(extra: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.tools.toy_game import ToyState

    honest = ToyState.full_state
    monkeypatch.setattr(ToyState, "full_state", lambda self: {**honest(self), "extra": extra})
    with registered_toy(), pytest.raises((AssertionError, TypeError, ValueError)):
        run_state_machine_as_test(machine_for("toy"), settings=settings(SETTINGS, phases=[Phase.generate]))
