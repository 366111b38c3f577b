"""Read-only data: what a state hands out must never alias the state.

:func:`freeze` turns nested JSON-like data (dicts, lists, tuples, scalars) into read-only
containers that still behave as ``dict`` and ``list`` for reading, equality and ``json.dumps``;
any attempt to change them raises :class:`FrozenError`, a typed error that names the operation.
:func:`thaw` gives back plain, freely editable copies.

``FrozenDict`` and ``FrozenList`` subclass ``dict`` and ``list`` so that existing readers
(``isinstance(x, dict)``, ``json.dumps``, pandas) work unchanged; they are a guard against
accidents, not a security boundary (``dict.__setitem__(d, k, v)`` still writes).
"""

from __future__ import annotations

from typing import Any, NoReturn

from lab.core.errors import LabError


class FrozenError(LabError, TypeError):
    """An attempt to change read-only data handed out by the lab (a view, an event, a rule's input)."""


def _refuse(obj: object, op: str) -> NoReturn:
    kind = "mapping" if isinstance(obj, dict) else "list"
    msg = (
        f"this {kind} is read-only ({op} refused): it is a view of a game's state; "
        "make an editable copy with lab.core.frozen.thaw(...) or copy.deepcopy(...)"
    )
    raise FrozenError(msg)


class FrozenDict(dict):
    """A ``dict`` whose mutators raise :class:`FrozenError`."""

    __slots__ = ()

    def __setitem__(self, key: Any, value: Any) -> NoReturn:
        _refuse(self, f"setting [{key!r}]")

    def __delitem__(self, key: Any) -> NoReturn:
        _refuse(self, f"deleting [{key!r}]")

    def __ior__(self, other: Any) -> NoReturn:
        _refuse(self, "|=")

    def clear(self) -> NoReturn:
        _refuse(self, "clear()")

    def pop(self, *args: Any) -> NoReturn:
        _refuse(self, "pop()")

    def popitem(self) -> NoReturn:
        _refuse(self, "popitem()")

    def setdefault(self, *args: Any) -> NoReturn:
        _refuse(self, "setdefault()")

    def update(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse(self, "update()")

    def __copy__(self) -> dict[Any, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[Any, Any]:
        return thaw(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))


class FrozenList(list):
    """A ``list`` whose mutators raise :class:`FrozenError`."""

    __slots__ = ()

    def __setitem__(self, index: Any, value: Any) -> NoReturn:
        _refuse(self, f"setting [{index!r}]")

    def __delitem__(self, index: Any) -> NoReturn:
        _refuse(self, f"deleting [{index!r}]")

    def __iadd__(self, other: Any) -> NoReturn:
        _refuse(self, "+=")

    def __imul__(self, other: Any) -> NoReturn:
        _refuse(self, "*=")

    def append(self, value: Any) -> NoReturn:
        _refuse(self, "append()")

    def extend(self, values: Any) -> NoReturn:
        _refuse(self, "extend()")

    def insert(self, index: Any, value: Any) -> NoReturn:
        _refuse(self, "insert()")

    def remove(self, value: Any) -> NoReturn:
        _refuse(self, "remove()")

    def pop(self, *args: Any) -> NoReturn:
        _refuse(self, "pop()")

    def clear(self) -> NoReturn:
        _refuse(self, "clear()")

    def sort(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse(self, "sort()")

    def reverse(self) -> NoReturn:
        _refuse(self, "reverse()")

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return thaw(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenList, (list(self),))


_SCALARS = (str, int, float, bool, type(None))
_PLAIN = frozenset(_SCALARS)  # exact types freeze() returns as they are, tested inline


def freeze(data: Any) -> Any:
    """A read-only deep copy of JSON-like ``data`` (dicts, lists, tuples, sets, scalars).

    Dicts become :class:`FrozenDict`, lists :class:`FrozenList`, tuples stay tuples (of frozen
    items), sets become frozensets; scalars and other immutable values are returned as they are.
    Already-frozen containers are returned without copying.
    """
    if isinstance(data, _SCALARS) or type(data) in (FrozenDict, FrozenList):
        return data
    if isinstance(data, dict):
        try:  # fast path, checked in C: every value hashable (scalars, tuples of scalars)
            hash(tuple(data.values()))
            return FrozenDict(data)
        except TypeError:
            return FrozenDict({k: v if type(v) in _PLAIN else freeze(v) for k, v in data.items()})
    if isinstance(data, list):
        try:
            hash(tuple(data))
            return FrozenList(data)
        except TypeError:
            return FrozenList([v if type(v) in _PLAIN else freeze(v) for v in data])
    if isinstance(data, tuple):
        items = tuple(freeze(v) for v in data)
        return type(data)(*items) if hasattr(data, "_fields") else items
    if isinstance(data, set | frozenset):
        return frozenset(data)
    return data


def thaw(data: Any) -> Any:
    """A plain, editable deep copy of (possibly frozen) JSON-like ``data``."""
    if isinstance(data, _SCALARS):
        return data
    if isinstance(data, dict):
        return {k: thaw(v) for k, v in data.items()}
    if isinstance(data, list):
        return [thaw(v) for v in data]
    if isinstance(data, tuple) and not hasattr(data, "_fields"):
        return tuple(thaw(v) for v in data)
    if isinstance(data, set | frozenset):
        return set(data)
    return data
