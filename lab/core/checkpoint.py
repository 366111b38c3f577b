"""All-or-nothing moves under house rules: a :class:`Checkpoint` from which a state whose move
failed is rebuilt exactly as it was (:meth:`lab.core.state.State.apply_action`)."""

from __future__ import annotations

import weakref
from typing import Any

from lab.core.errors import RuleError
from lab.core.fields import set_state_fields, state_fields
from lab.core.history import SIMULTANEOUS


# ---------------------------------------------------------------------- all-or-nothing moves
class Checkpoint:
    """A copy of a house-ruled state, taken once, from which any later state of the same line of
    play is rebuilt by replaying its history: what makes a move all or nothing under house rules
    without copying the state before every move.

    A state takes its checkpoint at its first move under house rules, and again when its history
    no longer continues the checkpoint's (the last history item the checkpoint saw is compared by
    identity). When a move fails, :meth:`restore` replays the moves made since the checkpoint on a
    copy of it: the rules are deterministic functions of the history (house rules are pure
    functions of their inputs), so the state is again exactly as before the move. Checkpoints are
    kept beside the states (:func:`checkpoint`), never in them: a state's attributes, copies and
    pickles are what they are without house rules.
    """

    __slots__ = ("last", "length", "state")

    def __init__(self, state: Any) -> None:
        fresh = state.game.new_initial_state() if not state._history else None
        # a state that is its game's initial state is not copied: a copy reads the state's
        # ``__dict__``, which costs CPython's fast attribute access on it for the whole game
        self.state = fresh if fresh is not None and fresh == state else state.clone()
        self.length = len(state._history)
        self.last = state._history[-1] if self.length else None

    def restore(self, state: Any, n: int) -> None:
        """Make ``state`` what it was after its first ``n`` history items (``n >= length``)."""
        new = self.state.clone()
        try:
            for item in state._history[self.length:n]:
                if item.player == SIMULTANEOUS:
                    new._record_and_apply(SIMULTANEOUS, {p: a for p, a in enumerate(item.action) if a is not None})
                else:
                    new._record_and_apply(item.player, item.action)
        except Exception as exc:  # only a house rule that is not a pure function gets here
            msg = (
                f"a move failed and the state could not be rebuilt: replaying its earlier moves raised "
                f"{type(exc).__name__}: {exc}; house rules must be pure functions of their inputs "
                "(the same inputs, the same result), and the state is left half-applied"
            )
            raise RuleError(msg, rule=getattr(exc, "rule", ""), clause=getattr(exc, "clause", "")) from exc
        set_state_fields(state, state_fields(new))


#: id(state) -> (a weak reference to the state or None, its checkpoint, None or the state's
#: history list). An entry with a weak reference leaves with its state. A state of a compiled
#: class (:mod:`lab.native`) cannot be weakly referenced: its entry holds the state's history list
#: instead and is used only while the state still has that very list (held here, no other state
#: can have it, even one that takes the dead state's id); such entries are kept for the
#: :data:`UNREFERENCED_MAX` states that took one last.
_CHECKPOINTS: dict[int, tuple[weakref.ref[Any] | None, Checkpoint, list[Any] | None]] = {}
_UNREFERENCED: dict[int, None] = {}  # the keys of the entries without a weak reference, oldest first
UNREFERENCED_MAX = 256


def checkpoint(state: Any) -> Checkpoint:
    """The state's :class:`Checkpoint`, taken now if it has none that its history continues."""
    key = id(state)
    history = state._history
    entry = _CHECKPOINTS.get(key)
    if entry is not None:
        ref, ck, owner = entry
        n = ck.length
        if (ref is not None or owner is history) and (n == 0 or (len(history) >= n and history[n - 1] is ck.last)):
            return ck
    ck = Checkpoint(state)
    if entry is not None and entry[0] is not None:  # (the same live state: its reference stays)
        _CHECKPOINTS[key] = (entry[0], ck, None)
        return ck
    try:
        ref = weakref.ref(state, lambda _, key=key: _CHECKPOINTS.pop(key, None))
    except TypeError:  # a compiled state class: no weak references
        _CHECKPOINTS[key] = (None, ck, history)
        _UNREFERENCED.pop(key, None)
        _UNREFERENCED[key] = None
        while len(_UNREFERENCED) > UNREFERENCED_MAX:
            oldest = next(iter(_UNREFERENCED))
            del _UNREFERENCED[oldest]
            _CHECKPOINTS.pop(oldest, None)
        return ck
    _CHECKPOINTS[key] = (ref, ck, None)
    return ck
