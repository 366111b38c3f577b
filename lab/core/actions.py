"""Actions: small immutable values with a readable ``str()``, a JSON form and an integer code.

An :class:`Action` is a named tuple ``(kind, args)``: ``Action("place", (12,))`` prints as
``place(12)`` and serialises as ``["place", 12]``. Chance outcomes are actions too.

A game declares its action kinds once as :class:`ActionSpec` s; an :class:`ActionCodec` built
from them gives the compact integer encoding (``num_distinct_actions``, ``action_to_int``,
``int_to_action``; at most a few thousand codes, so a legal-action mask fits) that adapters for
OpenSpiel, PettingZoo or RL need, and validates actions arriving as JSON (from a saved file or
the browser).
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


_new_action = tuple.__new__  # ``_new_action(Action, (kind, args))`` is ``Action(kind, args)``


def act(kind: str, *args: Scalar) -> Action:
    """Shorthand constructor: ``act("place", 12) == Action("place", (12,))``."""
    return _new_action(Action, (kind, args))


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
    """An action kind: its name, its argument fields and a one-line doc.

    ``choices``: for a kind whose argument space is too large for one integer code per action
    (memm's ``place(cube, x, y, z, rotation)``: 157 million), the most actions of this kind that
    can be legal at one decision. Its codes are then *pointers*: code ``offset + i`` is the
    ``i``-th legal action of this kind in the state's ``legal_actions()`` order, so the kind
    takes ``choices`` codes instead of one per argument combination (see :class:`ActionCodec`).
    The fields still say which arguments are well-formed.
    """

    kind: str
    fields: tuple[Field, ...] = ()
    doc: str = ""
    choices: int | None = None

    @property
    def field_size(self) -> int:
        """Number of argument combinations (well-formed actions) of this kind."""
        n = 1
        for f in self.fields:
            n *= len(f)
        return n

    @property
    def size(self) -> int:
        """Number of integer codes this kind takes."""
        return self.field_size if self.choices is None else self.choices


def _needs_legal(spec: ActionSpec, use: str) -> ValueError:
    return ValueError(f"codes of {spec.kind!r} actions index the legal actions of a decision: use {use}")


def _over_capacity(spec: ActionSpec) -> ValueError:
    return ValueError(f"{spec.kind!r} has more than {spec.choices} legal actions here (its declared choices)")


class ActionCodec:
    """Integer encoding of a game's actions, built from its :class:`ActionSpec` s.

    Codes are assigned kind by kind in declaration order. Within a kind declared without
    ``choices`` they are mixed-radix over the fields, so such a code is stable: it never changes
    unless the specs change and needs no state. A kind declared with ``choices`` is
    pointer-coded: its codes index the legal actions of that kind at the decision at hand, so
    encoding and decoding them take that decision's legal actions (``legal``);
    :meth:`lab.core.state.State.action_to_int` passes them. Compact saves (:mod:`lab.core.compact`)
    store codes with a coding check, so a save made under another coding is refused, not misread.
    """

    def __init__(self, specs: Sequence[ActionSpec]) -> None:
        self.specs = tuple(specs)
        self._by_kind: dict[str, tuple[int, ActionSpec]] = {}
        offset = 0
        self._starts: list[tuple[int, ActionSpec]] = []
        for spec in self.specs:
            if spec.kind in self._by_kind:
                raise ValueError(f"action kind {spec.kind!r} declared twice")
            if spec.choices is not None and spec.choices < 1:
                raise ValueError(f"action kind {spec.kind!r}: choices must be at least 1")
            self._by_kind[spec.kind] = (offset, spec)
            self._starts.append((offset, spec))
            offset += spec.size
        self.size = offset
        self.pointer_kinds = frozenset(s.kind for s in self.specs if s.choices is not None)
        self._cache: dict[Action, int] = {}
        #: id -> an Action object :meth:`State.coerce_action` found well-formed with exact types
        #: (the value keeps the object alive, so its id names it alone while it is here)
        self.checked: dict[int, Action] = {}

    def kinds(self) -> list[str]:
        return list(self._by_kind)

    def _field_code(self, action: Action) -> tuple[int, ActionSpec, int]:
        """``(offset, spec, mixed-radix index of the arguments)``; ``ValueError`` if malformed."""
        entry = self._by_kind.get(action.kind)
        if entry is None:
            raise ValueError(f"unknown action kind {_brief(action.kind)}; known: {', '.join(self._by_kind)}")
        offset, spec = entry
        if len(action.args) != len(spec.fields):
            raise ValueError(
                f"action {action.kind!r} takes {len(spec.fields)} argument(s) "
                f"({', '.join(f.name for f in spec.fields)}), got {len(action.args)}"
            )
        index = 0
        for f, value in zip(spec.fields, action.args, strict=True):
            index = index * len(f) + f.index(value)
        return offset, spec, index

    def validate(self, action: Action) -> None:
        """``ValueError`` naming the bad part unless ``action`` is well-formed (legal or not)."""
        if action in self._cache and all(type(a) in _PLAIN for a in action.args):
            return  # encoded before with these exact types
        self._field_code(action)

    def encode(self, action: Action, legal: Sequence[Action] | None = None) -> int:
        """Integer code of ``action``; ``ValueError`` naming the bad part if it has none.

        ``legal``: the legal actions of the decision at hand, needed for a pointer-coded kind.
        """
        # Only actions whose arguments are exactly ``int`` or ``str`` are cached: ``True``,
        # ``1.0`` or ``numpy.int64(1)`` compare and hash equal to ``1`` but are not valid codes.
        plain = all(type(a) in _PLAIN for a in action.args)
        if plain:
            code = self._cache.get(action)
            if code is not None:
                return code
        offset, spec, index = self._field_code(action)
        if spec.choices is not None:
            return offset + self._pointer(action, spec, legal)
        code = offset + index
        if plain and len(self._cache) < 200_000:
            self._cache[action] = code
        return code

    def _pointer(self, action: Action, spec: ActionSpec, legal: Sequence[Action] | None) -> int:
        if legal is None:
            raise _needs_legal(spec, "state.action_to_int(action)")
        i = 0
        for a in legal:
            if a.kind == spec.kind:
                if a == action:
                    break
                i += 1
        else:
            raise ValueError(f"{action} is not among the legal actions, so it has no code here")
        if i >= (spec.choices or 0):
            raise _over_capacity(spec)
        return i

    def encode_all(self, legal: Sequence[Action]) -> list[int]:
        """Codes of every action in ``legal`` (a decision's legal actions), in one pass."""
        if not self.pointer_kinds:
            return [self.encode(a) for a in legal]
        seen: dict[str, int] = {}
        out = []
        for a in legal:
            if a.kind in self.pointer_kinds:
                offset, spec = self._by_kind[a.kind]
                i = seen.get(a.kind, 0)
                if i >= (spec.choices or 0):
                    raise _over_capacity(spec)
                seen[a.kind] = i + 1
                out.append(offset + i)
            else:
                out.append(self.encode(a))
        return out

    def decode(self, code: int, legal: Sequence[Action] | None = None) -> Action:
        """The action with integer code ``code`` (``legal``: as for :meth:`encode`)."""
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < self.size:
            raise ValueError(f"action code {code!r} is outside 0..{self.size - 1}")
        for offset, spec in reversed(self._starts):
            if code >= offset:
                rest = code - offset
                if spec.choices is not None:
                    return self._follow(rest, spec, legal)
                return self._by_fields(spec, rest)
        raise AssertionError("unreachable")

    def _follow(self, i: int, spec: ActionSpec, legal: Sequence[Action] | None) -> Action:
        if legal is None:
            raise _needs_legal(spec, "state.int_to_action(code)")
        mine = [a for a in legal if a.kind == spec.kind]
        if i >= len(mine):
            raise ValueError(f"code points to {spec.kind!r} choice {i}, but {len(mine)} are legal here")
        return mine[i]

    @staticmethod
    def _by_fields(spec: ActionSpec, index: int) -> Action:
        args: list[Scalar] = []
        for f in reversed(spec.fields):
            index, i = divmod(index, len(f))
            args.append(f.values[i])
        return Action(spec.kind, tuple(reversed(args)))

    def arbitrary(self, rng: Any) -> Action:
        """A well-formed action drawn uniformly over every kind's argument combinations, legal
        or not (probes of illegal moves; ``rng`` a numpy Generator)."""
        total = sum(spec.field_size for spec in self.specs)
        index = int(rng.integers(total))
        for spec in self.specs:
            if index < spec.field_size:
                return self._by_fields(spec, index)
            index -= spec.field_size
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
        self.validate(action)  # raises ValueError naming what is wrong
        return action
