"""The state of a kit game: plain JSON data plus the kit's control record.

``data`` is the designer's state (a dict of JSON values); ``control`` is
``[active seats, simultaneous?, phase, turn]``; ``pending`` is a transition waiting for a chance
outcome (``[moves, outcomes so far, declared (outcome, probability) pairs, snapshot of the data
to re-run from or None, the part to run next]``, see :mod:`lab.kit.context` and
:meth:`lab.kit.steps.KitSteps._run`; ``moves`` is ``None`` for the setup); ``result`` the returns once the game
is over. Everything is JSON-able, so clone, equality, save/replay and ``full_state`` come for free.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from mypy_extensions import mypyc_attr

from lab.core.actions import Action
from lab.core.errors import InvalidGame, LabError
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, HistoryItem, _new_item
from lab.kit.context import (
    Ctx,
    copy_data,
    json_problem,
    restore,
    snapshot,
)
from lab.kit.guard import StepTimeout
from lab.kit.steps import KitSteps, step_ends, step_starts, timed_out

_INT_STR = frozenset({int, str})


def hidden_size(value: Any) -> Any:
    """What a seat sees of a hidden value: the length of a list, else ``None``."""
    return len(value) if isinstance(value, list) else None


_CHANGED_BY_LEGAL = (
    "a legality test (legal=... or options=...) changed the state; it only reads it (change the "
    "state in the move itself)"
)


@mypyc_attr(allow_interpreted_subclasses=True)
class KitState(KitSteps):
    """A state of a game made with :func:`lab.define_game` (see the module docstring). Compiled
    with the engine (:mod:`lab.native`): the designer's functions run as written, the kit's
    machinery around them in C. ``self.game`` is its :class:`~lab.kit.game.KitGame`; its
    fields and transitions are :class:`lab.kit.steps.KitSteps`'."""

    _audit: bool = False  # set while the checked API asks for legal actions (see legal_actions)

    def _apply_action(self, action: Action) -> None:
        pending = self.pending
        if pending is None:
            self._run(((self.control[0][0], action),), ())
        elif pending[0] is None:
            self._setup_step([*pending[1], action], True)
        else:
            self._run(pending[0], (*pending[1], action), True, pending[4], pending[3])

    def _apply_actions(self, actions: Mapping[int, Action]) -> None:
        self._run(sorted(actions.items()), ())  # (seat, action) in seat order

    def _apply_unchecked(self, player: int, action: Any) -> None:
        """Driver fast path (see :meth:`State._apply_unchecked`): the data's JSON check is left
        to the end of the game and to saves (see :meth:`_run`)."""
        if self.game._house:
            super()._apply_unchecked(player, action)
            return
        if player == SIMULTANEOUS:
            self._history.append(_new_item(HistoryItem, (SIMULTANEOUS, tuple(map(action.get, range(self.game.players))))))
            self._run(sorted(action.items()), (), False)
            return
        item = _new_item(HistoryItem, (player, action))  # (seat, action): the step's one move
        self._history.append(item)
        pending = self.pending
        if pending is None:
            self._run((item,), (), False)
        elif pending[0] is None:
            self._setup_step([*pending[1], action], False)
        else:
            self._run(pending[0], (*pending[1], action), False, pending[4], pending[3])

    # ================================================================== the State API
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        if self.pending is not None:
            return CHANCE
        control = self.control
        return SIMULTANEOUS if control[1] else control[0][0]

    def acting_players(self) -> list[int]:
        if self.result is not None or self.pending is not None:
            return []  # over, or a chance node
        control = self.control
        return list(control[0]) if control[1] else [control[0][0]]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.pending[2] if self.pending is not None else []  # shared: never changed

    def _legal_actions(self, player: int) -> list[Action]:
        game = self.game
        control = self.control
        table = game.move_table[control[2]]
        if table is None:  # no legality test in this phase: every action of its moves
            return game.static_actions[control[2]][:]
        audit = self._audit
        if not audit and game.audits > 0:  # the first tests of a variant are checked anyway
            game.audits -= 1
            audit = True
        step_starts(game.step_ms)
        try:
            return self._legal_tests(player, table, audit)
        finally:
            step_ends()

    def _legal_tests(self, player: int, table: list[Any], audit: bool) -> list[Action]:
        """The legal actions from the phase's legality tests (``audit``: check that the tests
        leave the data as it was, restoring it and raising if not)."""
        game = self.game
        control = self.control
        # the state's one context (see _run), made or reset for these tests: a state used by
        # one thread at a time is all it needs; the tests get no recorded chance and their
        # events are never kept
        ctx = self._ctx
        if ctx is None:
            ctx = self._ctx = Ctx(game, player, control, (), self)
        else:
            ctx._player = player
            if ctx._control is not control or ctx._draws:
                ctx._control = control
                ctx._draws = ()
                ctx._used = 0
        data = self.data
        before = snapshot(data) if audit else None
        out: list[Action] = []
        # the legality tests read the data (a move's test must not change it)
        try:
            for mv, actions, options, legal, lone, by_value in table:
                if options is not None:
                    got = options(data, ctx)
                    # bare values of a one-argument move (never a bool for an int: True == 1)
                    if by_value is not None and type(got) is list and _INT_STR.issuperset(map(type, got)):
                        try:
                            out.extend(map(by_value.__getitem__, got))
                            continue
                        except KeyError:
                            pass  # not an action: checked_options names it
                    out.extend(game.checked_options(mv, got))
                elif legal is None:
                    out.extend(actions)
                elif lone is not None:  # a move without arguments: its one action
                    if legal(data, ctx):
                        out.append(lone)
                else:
                    for a in actions:  # a plain loop: most moves have a few actions
                        if legal(data, ctx, *a.args):
                            out.append(a)
        except LabError:
            raise
        except StepTimeout:
            raise timed_out(game, "a legality test") from None
        except Exception as exc:
            msg = f"{game.name}: the legality test of a move raised {type(exc).__name__}: {exc}"
            raise InvalidGame(msg) from exc
        if audit and snapshot(data) != before:
            self.data = restore(before)
            raise InvalidGame(f"{game.name}: {_CHANGED_BY_LEGAL}")
        return out

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """As :meth:`State.legal_actions`, with the legality tests checked not to change the
        state (the checked API always checks; the driver's fast path checks a variant's first
        tests)."""
        self._audit = True
        try:
            return super().legal_actions(player)
        finally:
            self._audit = False

    def _is_legal(self, player: int, action: Action) -> bool:
        self._audit = True
        try:
            return action in self._legal_actions(player)
        finally:
            self._audit = False

    def explain_illegal(self, player: int, action: Action) -> str | None:
        moves = self.game.phase_moves[self.control[2]]
        if not any(mv.name == action.kind for mv in moves):
            return f"{action.kind} is not a move of the phase {self.control[2]!r}"
        return None

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0] * self.game.num_players()

    def view(self, player: int | None) -> dict[str, Any]:
        """The designer's state as ``player`` may see it (``None``: a spectator)."""
        try:
            return self._view(player)
        except InvalidGame as exc:  # data past the kit's bounds, left by the unchecked path
            raise InvalidGame(f"{self.game.name}: {exc}") from None

    def _view(self, player: int | None) -> dict[str, Any]:
        d = self.game.definition
        if self.pending is not None and self.pending[0] is None:
            return {}  # the setup waits for chance: there is no state to see yet
        if d.view is not None:
            return d.view(copy_data(self.data), player)
        hidden = d.hidden
        if not hidden:
            return copy_data(self.data)
        out: dict[str, Any] = {}
        for key, value in self.data.items():
            rule = hidden.get(key)
            if rule is None:
                out[key] = copy_data(value)
            elif rule == "owner" and isinstance(value, list):
                out[key] = [copy_data(v) if p == player else hidden_size(v) for p, v in enumerate(value)]
            else:
                out[key] = hidden_size(value)
        return out

    def observation(self, player: int | None) -> dict[str, Any]:
        control = self.control
        obs: dict[str, Any] = {
            "phase": control[2],
            "turn": control[3],
            "to_act": self.acting_players(),
            "state": self.view(player),
        }
        if self.result is not None:
            obs["returns"] = list(self.result)
            obs["unfinished"] = self.unfinished
        return obs

    def full_state(self) -> dict[str, Any]:
        pending = None
        if self.pending is not None:
            moves, draws, outcomes = self.pending[:3]
            pending = {
                "moves": None if moves is None else [[p, a.to_json()] for p, a in moves],
                "part": self.pending[4],
                "draws": [a.to_json() for a in draws],
                "outcomes": [[a.to_json(), pr] for a, pr in outcomes],
            }
        return {
            "data": copy_data(self.data),
            "control": copy_data(self.control),
            "pending": pending,
            "result": None if self.result is None else list(self.result),
            "unfinished": self.unfinished,
        }

    def __getstate__(self) -> dict[str, Any]:
        fields = super().__getstate__()
        fields["_ctx"] = None  # scratch, made again when needed
        return fields

    def clone(self) -> KitState:
        new = KitState.__new__(KitState)
        new.game = self.game
        new._history = list(self._history)
        new._events = self._events[:]  # events are immutable
        try:
            new.data = copy_data(self.data)
        except InvalidGame as exc:  # data past the kit's bounds, left by the unchecked path
            raise InvalidGame(f"{self.game.name}: {exc}") from None
        control = self.control
        new.control = [list(control[0]), control[1], control[2], control[3]]
        new.pending = self.pending  # never mutated in place: replaced as a whole
        new.result = self.result
        new.stopped_by = self.stopped_by
        return new

    # ------------------------------------------------------------------ measures
    def metrics(self) -> dict[str, float]:
        d = self.game.definition
        out: dict[str, float] = {"turns": float(self.control[3])}
        if d.metrics is not None and not (self.pending is not None and self.pending[0] is None):
            out.update(d.metrics(self.data))
        return out

    def progress(self) -> list[float] | None:
        d = self.game.definition
        if d.progress is None or (self.pending is not None and self.pending[0] is None):
            return None
        return [float(v) for v in d.progress(self.data)]

    def describe_action(self, action: Action) -> str:
        d = self.game.definition
        if d.describe is not None:
            return str(d.describe(action))
        return str(action)

    # ------------------------------------------------------------------ information states
    def information_state(self, player: int) -> list[Any]:
        """Everything ``player`` observed, in order: the initial observation, then for every
        step the player's own action (``None`` if they did not act) and their observation."""
        state = self.game.new_initial_state()
        out: list[Any] = [state.observation(player)]
        for item in self._history:
            if item.player == SIMULTANEOUS:
                mine = item.action[player] if player < len(item.action) else None
                state.apply_actions({p: a for p, a in enumerate(item.action) if a is not None})
            else:
                mine = item.action if item.player == player else None
                state.apply_action(item.action)
            out.append([None if mine is None else mine.to_json(), state.observation(player)])
        return out

    def resample_hidden(self, player: int, rng: np.random.Generator) -> KitState:
        """A new state that ``player`` cannot tell from this one, hidden parts redrawn.

        The prior: the items of every field hidden from ``player`` (other seats' entries of an
        ``owner`` field, every ``nobody`` field) are pooled and dealt back at random, each place
        keeping its size (a designer's ``resample(data, player, rng)`` replaces this).
        Perfect-information games: a clone.
        """
        new = self.clone()
        d = self.game.definition
        if d.resample is not None:
            data = d.resample(copy_data(self.data), player, rng)
            problem = json_problem(data)
            if problem:
                raise InvalidGame(f"{self.game.name}: resample returned bad data: {problem}")
            new.data = data
            return new
        places = hidden_places(new.data, d.hidden, player)
        pool = [item for _, _, items in places for item in items]
        order: Any = rng.permutation(len(pool)) if pool else []
        pool = [pool[i] for i in order]
        at = 0
        for key, seat, items in places:
            dealt = pool[at: at + len(items)]
            at += len(items)
            if seat is None:
                new.data[key] = dealt
            else:
                new.data[key][seat] = dealt
        return new


def hidden_places(data: Mapping[str, Any], hidden: Mapping[str, str], viewer: int | None) -> list[tuple[str, int | None, list[Any]]]:
    """``(field, seat or None, items)`` of every list ``viewer`` may not see (see ``hidden``)."""
    out: list[tuple[str, int | None, list[Any]]] = []
    for key, rule in hidden.items():
        value = data.get(key)
        if rule == "owner" and isinstance(value, list):
            out += [(key, p, v) for p, v in enumerate(value) if p != viewer and isinstance(v, list)]
        elif rule == "nobody" and isinstance(value, list):
            out.append((key, None, value))
    return out

