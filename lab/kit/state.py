"""The state of a kit game: plain JSON data plus the kit's control record.

``data`` is the designer's state (a dict of JSON values); ``control`` is
``[active seats, simultaneous?, phase, turn]``; ``pending`` is a transition waiting for a chance
outcome (``[moves, outcomes so far, declared (outcome, probability) pairs, snapshot of the data
to re-run from or None, the part to run next]``, see :mod:`lab.kit.context` and
:meth:`KitState._run`; ``moves`` is ``None`` for the setup); ``result`` the returns once the game
is over. Everything is JSON-able, so clone, equality, save/replay and ``full_state`` come for free.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from threading import get_ident
from typing import Any, Final

import numpy as np
from mypy_extensions import mypyc_attr

from lab.core.actions import Action
from lab.core.errors import InvalidGame, LabError, chained
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, HistoryItem, State, _new_item
from lab.kit.context import (
    Ctx,
    NeedChance,
    copy_data,
    is_json,
    json_problem,
    restore,
    snapshot,
)
from lab.kit.guard import STEP, StepTimeout

LIMIT_CLAUSE = "KIT-LIMIT"
_INT_STR = frozenset({int, str})
_STEP: Final = STEP  # the CPU-time guard's record of the running step (lab.kit.guard)


def _step_starts(step_ms: int) -> None:
    """Tell the CPU-time guard a step starts in this thread (limit ``step_ms``)."""
    step = _STEP
    step[0] += 1
    step[1] += 1
    step[2] = get_ident()
    step[3] = step_ms


def _step_ends() -> None:
    """Tell the CPU-time guard the running step has ended."""
    step = _STEP
    step[0] += 1
    step[1] -= 1


def _timed_out(game: Any, part: Any) -> InvalidGame:
    """The error of a part the CPU-time guard stopped (:mod:`lab.kit.guard`)."""
    where = f"move {part.kind!r}" if isinstance(part, Action) else (part or "a step")
    seconds = game.definition.max_seconds
    msg = (
        f"{game.name}: {where} ran for more than {seconds:g} s of CPU time and was stopped; the state "
        "is as it was before the step. A step must finish: look for a loop that never ends "
        "(define_game(max_seconds=...) sets the limit)"
    )
    return InvalidGame(msg)


def hidden_size(value: Any) -> Any:
    """What a seat sees of a hidden value: the length of a list, else ``None``."""
    return len(value) if isinstance(value, list) else None


_CHANGED_BY_END = (
    "end(state, ctx) changed the state; end only reads it (change the state in a move or in after)"
)
_CHANGED_BY_LEGAL = (
    "a legality test (legal=... or options=...) changed the state; it only reads it (change the "
    "state in the move itself)"
)


def _part_error(game: str, where: Any, exc: Exception) -> Exception:
    """``exc`` raised by the part ``where`` of a transition (a str, or a move's Action) as the
    error the designer sees: a lab error prefixed with the game and the part, anything else as
    :class:`InvalidGame` naming the exception."""
    part = f"move {where.kind!r}" if isinstance(where, Action) else where
    if isinstance(exc, LabError):
        return type(exc)(f"{game}: {part}: {exc}")
    return InvalidGame(f"{game}: {part} raised {type(exc).__name__}: {exc}")


@mypyc_attr(allow_interpreted_subclasses=True)
class KitState(State):
    """A state of a game made with :func:`lab.define_game` (see the module docstring). Compiled
    with the engine (:mod:`lab.native`): the designer's functions run as written, the kit's
    machinery around them in C. ``self.game`` is its :class:`~lab.kit.game.KitGame`."""

    _ctx: Ctx | None = None  # the Ctx made once, reset for every transition and legality test (see _run)
    _audit: bool = False  # set while the checked API asks for legal actions (see legal_actions)

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.data: dict[str, Any] = {}
        self.control: list[Any] = [[0], False, game.definition.phases[0], 0]
        self.pending: list[Any] | None = None
        self.result: list[float] | None = None
        self._setup([])

    # ================================================================== transitions
    def _setup(self, draws: list[Action], check: bool = True) -> None:
        """Run the setup with the recorded chance ``draws`` (a chance call with no recorded
        outcome leaves a pending node, with no data yet; ``check``: see :meth:`_run`), under
        the CPU-time guard (:mod:`lab.kit.guard`)."""
        _step_starts(self.game.step_ms)
        try:
            self._setup_run(draws, check)
        finally:
            _step_ends()

    def _setup_run(self, draws: list[Action], check: bool) -> None:
        game = self.game
        if not check and game.audits > 0:  # the first steps of a variant are checked anyway
            game.audits -= 1
            check = True
        ctx = Ctx(game, None, self.control, draws, self)
        where = "setup"
        try:
            data = game.definition.setup(ctx)
            if not isinstance(data, dict):
                msg = f"setup(ctx) must return the initial state as a dict, not {type(data).__name__}"
                raise InvalidGame(msg)
            if check and not is_json(data):
                raise InvalidGame(json_problem(data))
            where = "end"
            before = snapshot(data) if check else None
            result = game.definition.end(data, ctx)
            if check and snapshot(data) != before:
                raise InvalidGame(_CHANGED_BY_END)
            if result is not None:
                if not check and not is_json(data):
                    where = "setup"
                    raise InvalidGame(json_problem(data))
                result = game.normalise_result(result)
        except NeedChance as need:
            self.pending = [None, list(draws), need.args[0], None, 0]
            return
        except StepTimeout:
            raise _timed_out(game, where) from None
        except Exception as exc:
            cause = None if isinstance(exc, LabError) else exc
            raise chained(_part_error(game.name, where, exc), cause) from cause
        self._commit(ctx, data, result)

    def _setup_step(self, draws: list[Action], check: bool) -> None:
        """A chance outcome of the setup, just appended to the history (see :meth:`_run`)."""
        try:
            self._setup(draws, check)
        except BaseException:
            self._history.pop()
            raise
        if self.result is None and len(self._history) >= self.game.definition.max_length:
            self._cut()

    def _run(
        self, moves: Sequence[tuple[int, Action]], draws: tuple[Action, ...], check: bool = True, start: int = 0, snap: Any = None,
    ) -> None:
        """:meth:`_run_step` under the CPU-time guard (:mod:`lab.kit.guard`)."""
        _step_starts(self.game.step_ms)
        try:
            self._run_step(moves, draws, check, start, snap)
        finally:
            _step_ends()

    def _run_step(
        self, moves: Sequence[tuple[int, Action]], draws: tuple[Action, ...], check: bool, start: int, snap: Any,
    ) -> None:
        """Run one step — the parts of a transition from part ``start`` on, with the recorded
        chance ``draws`` — for the action just appended to the history, all or nothing; then
        apply the kit's safety limit.

        The parts of a transition are its ``moves`` (in seat order), then ``after``. A part whose
        chance is declared up front (:func:`lab.kit.chance`) has its declaration run first, on
        the data as it is just before the part: when it needs an outcome that is not recorded
        yet, the step ends there — the parts before it are kept, a chance node is declared
        (``pending``, with the index of the part) and the part runs once, with the outcome, in
        the next step. A chance call inside a part (the general fallback) cannot stop there:
        the data is restored to the start of the step and the step re-runs from its first part
        once the outcome is known.

        The designer's functions change the data in place. When a step does not complete — the
        fallback above, or an error (then the history entry is taken back too: the state is
        unchanged) — the data is restored: from a snapshot taken before the first part runs
        (``marshal`` bytes; ``snap`` when given), or, on the driver fast path, by replaying the
        history (:meth:`_data_before`): there a step keeps no snapshot (errors are rare, and
        the rules are deterministic) until the game variant has used the fallback once
        (``game.reruns``).
        ``check``: verify that the new data is plain JSON within the kit's bounds (and that a
        chance declaration and ``end`` leave the data alone). The checked paths
        (``apply_action(s)``, hence the conformance checker and the widget) always do; the driver
        fast path (``lab.play``, ``lab.simulate``) checks the first :data:`AUDITED_STEPS` steps
        of each variant in a process, then once, when the game ends; a loaded save is replayed
        on the checked path.
        """
        game = self.game
        if not check and game.audits > 0:  # the first steps of a variant are checked anyway
            game.audits -= 1
            check = True
        parts, after, after_declared, end, max_length = game.runner
        keep = check or game.reruns  # take a snapshot before the first part runs
        data = self.data
        # the state's one context, reset for this step (see _legal_actions)
        if self._ctx is None:
            ctx = self._ctx = Ctx(game, None, self.control, draws, self)
        else:
            ctx = self._ctx
            ctx._control = self.control
            ctx._draws = draws
            ctx._used = 0
            ctx.events = None
        n = len(moves)
        part = start
        where: Any = None  # the part running: a str, or the Action of the move
        need: Any = None  # the declared chance the step stops at (its outcomes from `mark` on)
        mark = 0
        result = None
        try:
            while True:  # the parts: moves[start:], then after
                if part < n:
                    ctx._player, where = moves[part]
                    fn, declare = parts[where.kind]
                    args = where.args
                elif after is None:
                    break
                elif part == n:
                    where = "after"
                    ctx._player = moves[-1][0]
                    fn, declare, args = after, after_declared, ()
                else:
                    break
                if declare is None:
                    if keep and snap is None:
                        snap = snapshot(data)
                    out = fn(data, ctx, *args) if args else fn(data, ctx)
                else:
                    # the declaration first: a chance call with nothing recorded notes the node
                    # in ctx._probe (instead of raising) and the step stops before the part
                    mark = ctx._used
                    if check and part > start and not is_json(data):  # what the parts before it made
                        raise InvalidGame(json_problem(data))
                    before = snapshot(data) if check else None
                    ctx._probe = True
                    try:
                        outcome = declare(data, ctx)
                    except BaseException as exc:
                        need = ctx._probe
                        ctx._probe = None
                        if need is True or not isinstance(exc, Exception):
                            raise  # an error, not a declaration stopped by its second chance call
                    else:
                        need = ctx._probe
                        ctx._probe = None
                    if check and snapshot(data) != before:
                        data.clear()
                        data.update(restore(before))
                        msg = "its chance declaration changed the state; a declaration only reads it (change the state in the part itself)"
                        raise InvalidGame(msg)
                    if need is not True:
                        break  # the part waits for its chance
                    need = None
                    if keep and snap is None:
                        snap = snapshot(data)
                    out = fn(data, ctx, *args, outcome) if args else fn(data, ctx, outcome)
                if out is not None:
                    if part == n:
                        pass  # what after returns is ignored
                    elif type(out) is not dict:
                        msg = f"a move changes the state in place (return nothing) or returns the new state dict, not a {type(out).__name__}"
                        raise InvalidGame(msg)
                    else:
                        data = out
                part += 1
            if check and not is_json(data):
                raise InvalidGame(json_problem(data))  # prefixed below with the game and the part
            if need is None:
                where = "end"
                before_end = snapshot(data) if check else None
                result = end(data, ctx)
                if check and snapshot(data) != before_end:
                    raise InvalidGame(_CHANGED_BY_END)
                if result is not None:
                    if not check and not is_json(data):  # the fast path checks the final state
                        where = moves[-1][1]
                        raise InvalidGame(json_problem(data))
                    result = game.normalise_result(result)
        except NeedChance as stop:  # a chance call inside a part: restored, re-run with the outcome
            if snap is None:  # the fast path's first fallback in this variant: snapshots from now on
                game.reruns = True
                snap = snapshot(self._data_before())
            self.data = restore(snap)
            self.pending = [moves, draws, stop.args[0], snap, start]
            if len(self._history) >= max_length:
                self._cut()
            return
        except BaseException as exc:
            self.data = restore(snap) if snap is not None else self._data_before()
            self._history.pop()
            if isinstance(exc, StepTimeout):
                raise _timed_out(game, where) from None
            if not isinstance(exc, Exception):
                raise
            cause = None if isinstance(exc, LabError) else exc
            raise chained(_part_error(game.name, where, exc), cause) from cause
        self.data = data
        self.control = ctx._control  # a new record if the turn order or phase changed
        if ctx.events:
            self._events += ctx.events
        if need is None:
            self.pending = None
            if result is not None:
                self.result = result
                return
        else:  # the parts before `part` are done; it waits for its chance
            self.pending = [moves, draws[mark:], need, None, part]
        if len(self._history) >= max_length:
            self._cut()

    def _data_before(self) -> dict[str, Any]:
        """The data as it was before the step just appended to the history, rebuilt by replaying
        the history before it (the fast path keeps no snapshot, see :meth:`_run`). A step
        changes nothing but the data until it completes."""
        fresh = self.game.new_initial_state()
        for item in self._history[:-1]:
            if item.player == SIMULTANEOUS:
                fresh._apply_unchecked(SIMULTANEOUS, {p: a for p, a in enumerate(item.action) if a is not None})
            else:
                fresh._apply_unchecked(item.player, item.action)
        return fresh.data

    def _commit(self, ctx: Ctx, data: dict[str, Any], result: list[float] | None) -> None:
        """A transition completed: its data, control, result and events become the state's."""
        self.data = data
        self.control = ctx._control  # a new record if the turn order or phase changed
        self.pending = None
        self.result = result
        if ctx.events:
            self._events += ctx.events

    def _cut(self) -> None:
        """The kit's safety limit: the game ends *unfinished* (a chance node left pending)."""
        self.result = self.game.unfinished_returns()
        self.pending = None
        self.stop_unfinished(LIMIT_CLAUSE, f"max_length={self.game.definition.max_length}")

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
        _step_starts(game.step_ms)
        try:
            return self._legal_tests(player, table, audit)
        finally:
            _step_ends()

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
            raise _timed_out(game, "a legality test") from None
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

