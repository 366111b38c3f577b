"""A state's fields read and written by name, whatever the class stores them in (the C fields of a
compiled class, ``__slots__`` or ``__dict__``): what copying, pickling and rebuilding a state use.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

# ---------------------------------------------------------------------- a state's fields
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields of ``cls``'s instances that live outside any ``__dict__``, base classes first:
    the C fields of compiled classes (``__mypyc_attrs__``) and the ``__slots__`` of Python ones."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        found: list[str] = []
        for klass in reversed(cls.__mro__):
            own = klass.__dict__
            slots = own.get("__slots__", ())
            for name in (*own.get("__mypyc_attrs__", ()), *((slots,) if isinstance(slots, str) else slots)):
                if not name.startswith("__") and name not in found:  # (not __dict__, __weakref__)
                    found.append(name)
        names = _FIELD_NAMES[cls] = tuple(found)
    return names


def state_fields(state: Any) -> dict[str, Any]:
    """Every field of ``state``, by name: those outside a ``__dict__`` that are set (compiled
    classes' fields, slots), then its ``__dict__`` if it has one. A new dict; the values are
    shared."""
    fields: dict[str, Any] = {}
    for name in _field_names(type(state)):
        try:
            fields[name] = object.__getattribute__(state, name)
        except AttributeError:  # a field not set
            continue
    own = getattr(state, "__dict__", None)
    if own:
        fields.update(own)
    return fields


def set_state_fields(state: Any, fields: Mapping[str, Any]) -> None:
    """Make ``state``'s fields exactly ``fields`` (as :func:`state_fields` reads them): fields
    outside a ``__dict__`` set or cleared, the ``__dict__`` (if the class has one) replaced."""
    outside = _field_names(type(state))
    for name in outside:
        if name in fields:
            object.__setattr__(state, name, fields[name])
        else:
            with contextlib.suppress(AttributeError):  # (not set)
                object.__delattr__(state, name)
    own = getattr(state, "__dict__", None)
    rest = {k: v for k, v in fields.items() if k not in outside}
    if own is not None:
        own.clear()
        own.update(rest)
    elif rest:
        msg = f"{type(state).__name__} has no field(s) {sorted(rest)}: its fields are {list(outside)}"
        raise AttributeError(msg)
