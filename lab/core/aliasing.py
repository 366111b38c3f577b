"""The aliasing contract, checked: editing what a state hands out must never change the game.

:func:`check_views` takes every view a state hands out (the accessors named in
:data:`SEAT_VIEWS`, :data:`PLAIN_VIEWS` and :data:`ATTRIBUTE_VIEWS`, each where the state has
it, plus the board graph), edits every nested list and dict in place (read-only data refuses
with :class:`~lab.core.frozen.FrozenError`, which is what it is for), and proves that the
state's save and hash, every seat's observation and information state, the legal actions, the
event log and a clone taken before are all unchanged. :func:`lab.checks.conformance.check_game`
runs it on a sample of steps of every game, so a kit-defined game is held to it too.

:func:`audit_logged_values` checks the rules' side of the event log: :meth:`State.log
<lab.core.state.State.log>` keeps an event's values as they are until the event is first
handed out (then freezes a copy), so rules code must never edit a list or dict it logged.
``check_game`` plays every game under it.
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import networkx as nx

from lab.core.save import replay
from lab.core.state import SIMULTANEOUS, Event, State

#: Accessors called once per viewer (``None``, a spectator, where the accessor accepts it).
SEAT_VIEWS: tuple[str, ...] = ("observation", "information_state", "events_for", "seat_json")
#: Accessors called without arguments (``legal_actions`` also once per acting player).
PLAIN_VIEWS: tuple[str, ...] = ("full_state", "history", "returns", "chance_outcomes", "legal_actions")
#: Attributes read as they are.
ATTRIBUTE_VIEWS: tuple[str, ...] = ("events",)

_MARK = "\x00edited by the aliasing check"
_SCALARS = (str, int, float, bool, type(None), bytes)
_REFUSED = (TypeError, AttributeError)  # FrozenError is a TypeError; so is a MappingProxyType's


def _calls(state: State, board: bool) -> Iterator[tuple[str, Callable[[], Any]]]:
    """``(label, thunk)`` for every view of ``state`` (thunks so a view can be taken again)."""
    n = state.game.num_players()
    for name in SEAT_VIEWS:
        fn = getattr(state, name, None)
        if callable(fn):
            for viewer in (None, *range(n)):
                yield f"{name}({viewer})", lambda fn=fn, v=viewer: fn(v)
    for name in PLAIN_VIEWS:
        fn = getattr(state, name, None)
        if not callable(fn):
            continue
        if name == "legal_actions":
            if state.current_player() != SIMULTANEOUS:
                yield "legal_actions()", fn
            for p in state.acting_players():
                yield f"legal_actions({p})", lambda fn=fn, p=p: fn(p)
                # the hook too: lab.play hands its list to the agents as it is (no copy)
                yield f"_legal_actions({p})", lambda p=p: state._legal_actions(p)
        else:
            yield f"{name}()", fn
    for name in ATTRIBUTE_VIEWS:
        if hasattr(state, name):
            yield name, lambda name=name: getattr(state, name)
    if board:
        yield "game.board(state)", lambda: state.game.board(state)


def edit_in_place(obj: Any, seen: set[int] | None = None) -> None:
    """Change every nested list, dict and set of ``obj`` in place, innermost first.

    Items are overwritten with a marker and one is added; read-only containers refuse (the
    refusal is ignored). Tuples are walked into (a tuple may hold a list); a networkx graph's
    attribute dicts are edited and a node is added.
    """
    if isinstance(obj, _SCALARS):
        return
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if type(obj) is tuple or hasattr(obj, "_fields"):  # Action, HistoryItem, Event, tuples
        for value in obj:
            if not isinstance(value, _SCALARS):
                edit_in_place(value, seen)
        return
    if isinstance(obj, nx.Graph):
        for attrs in [obj.graph, *(d for _, d in obj.nodes(data=True)), *(d for *_, d in obj.edges(data=True))]:
            edit_in_place(attrs, seen)
        with contextlib.suppress(_REFUSED):
            obj.add_node(_MARK)
    elif isinstance(obj, dict):
        for value in list(obj.values()):
            edit_in_place(value, seen)
        for key in [*obj, _MARK]:
            try:
                obj[key] = _MARK
            except _REFUSED:
                break
    elif isinstance(obj, list):
        for value in list(obj):
            edit_in_place(value, seen)
        try:
            for i in range(len(obj)):
                obj[i] = _MARK
            obj.append(_MARK)
        except _REFUSED:
            pass
    elif isinstance(obj, tuple | frozenset):
        for value in obj:
            edit_in_place(value, seen)
    elif isinstance(obj, Mapping):  # a read-only mapping type may still hold lists
        for value in obj.values():
            edit_in_place(value, seen)
    elif isinstance(obj, set):
        with contextlib.suppress(_REFUSED):
            obj.add(_MARK)


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def _plain(value: Any) -> Any:
    """Containers as plain data; other objects (immutable geometry, say) by their type only."""
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, Mapping):
        return sorted(((repr(k), _plain(v)) for k, v in value.items()))
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(v) for v in value]
    return type(value).__name__


def _board_text(state: State) -> str:
    try:
        g = state.game.board(state)
    except NotImplementedError:
        return ""
    nodes = sorted((repr(n), _plain(d)) for n, d in g.nodes(data=True))
    edges = sorted((repr(u), repr(v), _plain(d)) for u, v, d in g.edges(data=True))
    return repr([_plain(g.graph), nodes, edges])


def fingerprint(state: State, board: bool = False) -> dict[str, str]:
    """What must not change when a view is edited: save, hash, every seat's views, legality."""
    out = {"save": state.to_json(), "hash": state.state_hash(), "events": _text([e.to_json() for e in state.events])}
    n = state.game.num_players()
    info = getattr(state, "information_state", None)
    for viewer in (None, *range(n)):
        out[f"observation({viewer})"] = _text(state.observation(viewer))
        if callable(info) and viewer is not None:
            with contextlib.suppress(NotImplementedError):
                out[f"information_state({viewer})"] = _text(info(viewer))
    out["chance_outcomes()"] = repr(state.chance_outcomes())
    for p in state.acting_players():
        out[f"legal_actions({p})"] = repr(state.legal_actions(p))
    if board:
        out["game.board(state)"] = _board_text(state)
    return out


def _changes(state: State, before: dict[str, str], board: bool) -> list[str]:
    try:
        after = fingerprint(state, board)
    except Exception as exc:  # an edit broke the state so badly that a view now fails
        return [f"the state itself (a view now raises {type(exc).__name__}: {str(exc)[:80]})"]
    return [key for key, text in after.items() if before.get(key) != text]


def _edit_and_compare(state: State, board: bool, only: str | None = None) -> tuple[list[str], list[str]]:
    """Edit the views of ``state`` (or the one labelled ``only``); what changed in it and its clone."""
    before = fingerprint(state, board)
    twin = state.clone()
    seen: set[int] = set()  # shared: an event handed out by several views is edited once
    views = []  # kept alive so that ``id`` s in ``seen`` stay unique
    for label, thunk in _calls(state, board):
        if only is not None and label != only:
            continue
        try:
            view = thunk()
        except (NotImplementedError, TypeError, ValueError):
            continue  # not offered for this viewer (e.g. no spectator view, no board graph)
        views.append(view)
        edit_in_place(view, seen)
    return _changes(state, before, board), _changes(twin, before, False)


def check_views(state: State, *, board: bool = False) -> str | None:
    """Edit every view of ``state`` in place; ``None`` if nothing changed, else what did.

    The state, its clone taken before the edits and (with ``board``) the game's board graph
    are compared before and after. When something changed, each view is tried alone on a
    replayed copy of the state to name the one that aliases it.
    """
    history = state.history()
    changed, twin_changed = _edit_and_compare(state, board)
    if not changed and not twin_changed:
        return None
    where = "; ".join(
        part for part in (
            f"the state's {', '.join(changed)}" if changed else "",
            f"a clone's {', '.join(twin_changed)}" if twin_changed else "",
        ) if part
    )
    return (
        f"editing what {_culprit(state, history, board)} handed out changed {where}: a view must "
        "be a fresh copy or read-only data (lab.core.frozen.freeze), never the state's own containers"
    )


def _culprit(state: State, history: list[Any], board: bool) -> str:
    """The first view that alone changes a freshly replayed copy or its clone (or ``'a view'``)."""
    try:
        for label, _ in list(_calls(replay(state.game, history), board)):
            if any(_edit_and_compare(replay(state.game, history), board, only=label)):
                return label
    except Exception:  # a state too broken to replay: name no view
        return "a view"
    return "a view"


class LoggedValues:
    """Copies of the mutable values of every event logged under :func:`audit_logged_values`."""

    def __init__(self) -> None:
        self._kept: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = []

    def record(self, clause: str, kind: str, data: dict[str, Any]) -> None:
        """Keep ``data``'s values and a deep copy of them, unless all are immutable already."""
        try:  # scalars and tuples of them cannot change (the test State.log used to make)
            hash(tuple(data.values()))
        except TypeError:
            self._kept.append((clause, kind, data, copy.deepcopy(data)))

    def changed(self) -> str | None:
        """``None`` if every logged value still equals its copy, else which one changed."""
        for clause, kind, data, logged in self._kept:
            for key, value in data.items():
                if value != logged[key]:
                    return (
                        f"the rules edited the value {key!r} of the event {clause} {kind!r} after "
                        f"logging it (logged {logged[key]!r:.80}, now {value!r:.80}): the log keeps "
                        "a value as it is until the event is handed out, so log a fresh copy "
                        "(list(...)) or a tuple of a list the state keeps editing"
                    )
        return None


@contextlib.contextmanager
def audit_logged_values() -> Iterator[LoggedValues]:
    """While inside, every :meth:`State.log <lab.core.state.State.log>` call keeps a copy of
    the event's mutable values; :meth:`LoggedValues.changed` then names one the rules edited
    since. It replaces ``State._log`` (behind ``State.log``) and ``State._record`` (rules code
    that builds its own dict) for the whole process (not thread-safe): a check, not a mode to
    play in.
    """
    logged = LoggedValues()
    plain, plain_record = State._log, State._record

    def _log(self: State, clause: str, kind: str, data: dict[str, Any], visible_to: tuple[int, ...] | None) -> Event:
        logged.record(clause, kind, data)
        return plain(self, clause, kind, data, visible_to)

    def _record(self: State, clause: str, kind: str, data: dict[str, Any], visible_to: tuple[int, ...] | None) -> None:
        logged.record(clause, kind, data)
        plain_record(self, clause, kind, data, visible_to)

    _log.__doc__, _record.__doc__ = plain.__doc__, plain_record.__doc__
    State._log, State._record = _log, _record  # type: ignore[method-assign]
    try:
        yield logged
    finally:
        State._log, State._record = plain, plain_record  # type: ignore[method-assign]
