"""Actions: small immutable values with a readable ``str()``, a JSON form and an integer code.

An :class:`Action` is a named tuple ``(kind, args)``: ``Action("place", (12,))`` prints as
``place(12)`` and serialises as ``["place", 12]``. Chance outcomes are actions too.

A game declares its action kinds once as :class:`ActionSpec` s; an :class:`ActionCodec` built
from them gives the stable integer encoding (``num_distinct_actions``, ``action_to_int``,
``int_to_action``) that adapters for OpenSpiel, PettingZoo or RL need, and validates actions
arriving as JSON (from a saved file or the browser).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

Scalar = int | str | bool
_PLAIN = (int, str)  # argument types an encoding cache lookup may trust (not bool, float...)


def _brief(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (hostile input is named, not echoed whole)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Action(NamedTuple):
    """One move (or chance outcome): a kind and a tuple of scalar arguments."""

    kind: str
    args: tuple[Scalar, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return f"{self.kind}({', '.join(str(a) for a in self.args)})"

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {self.args!r})"

    def to_json(self) -> list[Any]:
        """JSON form: ``[kind, *args]``."""
        return [self.kind, *self.args]


def exact_action(action: Any) -> Action:
    """``action`` as an :class:`Action` whose kind and arguments have exact Python types.

    NumPy scalars become the Python value they stand for (``numpy.int64(3)`` -> ``3``,
    ``numpy.bool_(True)`` -> ``True``, ``numpy.str_`` -> ``str``); subclasses of ``int`` and
    ``str`` become the plain type. Anything else (a float, ``None``, a list ...) is refused with a
    ``ValueError`` naming the argument: ``0.0`` or ``1.0`` compare equal to ``0`` or ``1`` but are
    no action's argument. Whether ``True`` may stand where ``1`` is expected is the codec's
    question (a field's domain decides); this only makes the types exact.
    """
    kind, args = action
    if type(kind) is not str:
        if not isinstance(kind, str):
            raise ValueError(f"an action kind is a string, not {type(kind).__name__}")
        kind = str(kind)
    if type(args) is not tuple:
        if not isinstance(args, tuple | list):
            raise ValueError(f"an action's arguments are a tuple, not {type(args).__name__}")
        args = tuple(args)
    if all(type(a) in _EXACT for a in args):
        return action if type(action) is Action and action.args is args and action.kind is kind else Action(kind, args)
    return Action(kind, tuple(_exact_scalar(a, i) for i, a in enumerate(args)))


_EXACT = (int, str, bool)


def _exact_scalar(value: Any, index: int) -> Scalar:
    if type(value) in _EXACT:
        return value
    module = type(value).__module__
    if module == "numpy" and hasattr(value, "item"):
        plain = value.item()  # numpy.int64 -> int, numpy.bool_ -> bool, numpy.str_ -> str
        if type(plain) in _EXACT:
            return plain
    elif isinstance(value, bool):
        return bool(value)
    elif isinstance(value, int) and not isinstance(value, float):
        return int(value)
    elif isinstance(value, str):
        return str(value)
    msg = (
        f"argument {index} = {_brief(value)} is a {type(value).__name__}; action arguments are "
        "integers, strings or booleans of the field's exact type"
    )
    raise ValueError(msg)


def act(kind: str, *args: Scalar) -> Action:
    """Shorthand constructor: ``act("place", 12) == Action("place", (12,))``."""
    return Action(kind, args)


@dataclass(frozen=True)
class Field:
    """One argument of an action kind and its finite domain (a ``range`` or a tuple)."""

    name: str
    values: range | tuple[Scalar, ...]

    def index(self, value: Scalar) -> int:
        if isinstance(self.values, range):
            if isinstance(value, bool) or not isinstance(value, int) or value not in self.values:
                raise ValueError(
                    f"{self.name} = {_brief(value)} is outside {self.values.start}..{self.values.stop - 1}"
                )
            return (value - self.values.start) // (self.values.step or 1)
        for i, v in enumerate(self.values):
            if v == value and type(v) is type(value):
                return i
        raise ValueError(f"{self.name} = {_brief(value)} is not one of {_brief(list(self.values), 200)}")

    def __len__(self) -> int:
        return len(self.values)


@dataclass(frozen=True)
class ActionSpec:
    """An action kind: its name, its argument fields and a one-line doc."""

    kind: str
    fields: tuple[Field, ...] = ()
    doc: str = ""

    @property
    def size(self) -> int:
        n = 1
        for f in self.fields:
            n *= len(f)
        return n


class ActionCodec:
    """Stable integer encoding of a game's actions, built from its :class:`ActionSpec` s.

    Codes are assigned kind by kind in declaration order, mixed-radix within a kind, so a code
    never changes unless the specs change.
    """

    def __init__(self, specs: Sequence[ActionSpec]) -> None:
        self.specs = tuple(specs)
        self._by_kind: dict[str, tuple[int, ActionSpec]] = {}
        offset = 0
        self._starts: list[tuple[int, ActionSpec]] = []
        for spec in self.specs:
            if spec.kind in self._by_kind:
                raise ValueError(f"action kind {spec.kind!r} declared twice")
            self._by_kind[spec.kind] = (offset, spec)
            self._starts.append((offset, spec))
            offset += spec.size
        self.size = offset
        self._cache: dict[Action, int] = {}

    def kinds(self) -> list[str]:
        return list(self._by_kind)

    def encode(self, action: Action) -> int:
        """Integer code of ``action``; ``ValueError`` naming the bad part if it has none."""
        # Only actions whose arguments are exactly ``int`` or ``str`` are cached: ``True``,
        # ``1.0`` or ``numpy.int64(1)`` compare and hash equal to ``1`` but are not valid codes.
        plain = all(type(a) in _PLAIN for a in action.args)
        if plain:
            code = self._cache.get(action)
            if code is not None:
                return code
        entry = self._by_kind.get(action.kind)
        if entry is None:
            raise ValueError(f"unknown action kind {_brief(action.kind)}; known: {', '.join(self._by_kind)}")
        offset, spec = entry
        if len(action.args) != len(spec.fields):
            raise ValueError(
                f"action {action.kind!r} takes {len(spec.fields)} argument(s) "
                f"({', '.join(f.name for f in spec.fields)}), got {len(action.args)}"
            )
        code = 0
        for f, value in zip(spec.fields, action.args, strict=True):
            code = code * len(f) + f.index(value)
        code += offset
        if plain and len(self._cache) < 200_000:
            self._cache[action] = code
        return code

    def decode(self, code: int) -> Action:
        """The action with integer code ``code``."""
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < self.size:
            raise ValueError(f"action code {code!r} is outside 0..{self.size - 1}")
        for offset, spec in reversed(self._starts):
            if code >= offset:
                rest = code - offset
                args: list[Scalar] = []
                for f in reversed(spec.fields):
                    rest, i = divmod(rest, len(f))
                    args.append(f.values[i])
                return Action(spec.kind, tuple(reversed(args)))
        raise AssertionError("unreachable")

    def from_json(self, data: Any) -> Action:
        """Validate a JSON action (``[kind, *args]``) and return it as an :class:`Action`."""
        if isinstance(data, Action):
            action = data
        elif isinstance(data, list | tuple) and data and isinstance(data[0], str):
            if len(data) > 64:
                raise ValueError(f"action has {len(data)} parts; at most 64 are allowed")
            action = Action(data[0], tuple(data[1:]))
        else:
            raise ValueError(
                f"an action is a JSON list [kind, *args] with a string kind, not {str(data)[:60]!r}"
            )
        self.encode(action)  # raises ValueError naming what is wrong
        return action
