"""The transitions of a kit game's state: the designer's functions run, all or nothing.

:class:`KitSteps` holds a kit state's fields (the designer's ``data``, the kit's ``control``,
the ``pending`` chance node, the ``result``) and runs the transitions that change them: the
setup, then one step per action (its moves in seat order, then ``after``, then ``end``), with
chance declared up front or met inside a part, every step under the CPU-time guard
(:mod:`lab.kit.guard`), restored when it does not complete, and cut by the kit's safety limit.
:class:`lab.kit.state.KitState` adds what the engine asks of a state (whose turn, legal
actions, views); only it is subclassed.
"""

from __future__ import annotations

from collections.abc import Sequence
from threading import get_ident
from typing import Any, Final

from mypy_extensions import mypyc_attr

from lab.core.actions import Action
from lab.core.errors import InvalidGame, LabError, chained
from lab.core.state import SIMULTANEOUS, State
from lab.kit.context import (
    Ctx,
    NeedChance,
    is_json,
    json_problem,
    restore,
    snapshot,
)
from lab.kit.guard import STEP, StepTimeout

LIMIT_CLAUSE = "KIT-LIMIT"
_STEP: Final = STEP  # the CPU-time guard's record of the running step (lab.kit.guard)


def step_starts(step_ms: int) -> None:
    """Tell the CPU-time guard a step starts in this thread (limit ``step_ms``)."""
    step = _STEP
    step[0] += 1
    step[1] += 1
    step[2] = get_ident()
    step[3] = step_ms


def step_ends() -> None:
    """Tell the CPU-time guard the running step has ended."""
    step = _STEP
    step[0] += 1
    step[1] -= 1


def timed_out(game: Any, part: Any) -> InvalidGame:
    """The error of a part the CPU-time guard stopped (:mod:`lab.kit.guard`)."""
    where = f"move {part.kind!r}" if isinstance(part, Action) else (part or "a step")
    seconds = game.definition.max_seconds
    msg = (
        f"{game.name}: {where} ran for more than {seconds:g} s of CPU time and was stopped; the state "
        "is as it was before the step. A step must finish: look for a loop that never ends "
        "(define_game(max_seconds=...) sets the limit)"
    )
    return InvalidGame(msg)


_CHANGED_BY_END = (
    "end(state, ctx) changed the state; end only reads it (change the state in a move or in after)"
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

@mypyc_attr(allow_interpreted_subclasses=True)
class KitSteps(State):
    """A kit state's fields and transitions (see the module docstring); the class the engine
    uses is its subclass :class:`lab.kit.state.KitState`."""

    _ctx: Ctx | None = None  # the Ctx made once, reset for every transition and legality test (see _run)

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
        step_starts(self.game.step_ms)
        try:
            self._setup_run(draws, check)
        finally:
            step_ends()

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
            raise timed_out(game, where) from None
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
        step_starts(self.game.step_ms)
        try:
            self._run_step(moves, draws, check, start, snap)
        finally:
            step_ends()

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
                raise timed_out(game, where) from None
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
