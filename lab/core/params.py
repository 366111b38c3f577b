"""Typed parameter specifications: how a game declares its variants once.

A :class:`ParamSpec` carries a name, a kind, a default, the allowed values or range, a one-line
doc and the RULES.md clause IDs it concerns. Docs, the command line, the variant editor widget
and the conformance suite are all generated from these specs.

Values are validated into an immutable :class:`Params` mapping: lists become tuples and dicts
become :class:`FrozenDict`, so a game's parameters can never change under it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lab.core.errors import InvalidVariant

KINDS = ("int", "float", "bool", "choice", "json")


class FrozenDict(Mapping[str, Any]):
    """An immutable, hashable dict used for structured parameter values."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        self._data = dict(data or {})
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(tuple(sorted(self._data.items(), key=lambda kv: kv[0])))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenDict({self._data!r})"


def freeze(value: Any) -> Any:
    """Return an immutable copy of a JSON-like value (lists to tuples, dicts to FrozenDict)."""
    if isinstance(value, Mapping):
        return FrozenDict({str(k): freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Inverse of :func:`freeze`: a plain JSON-serialisable value."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class ParamSpec:
    """One variant parameter of a game.

    Parameters
    ----------
    name : str
        Identifier used in ``lab.load(game, name=value)`` and ``--set name=value``.
    kind : {"int", "float", "bool", "choice", "json"}
        ``json`` is a structured value (lists/dicts) checked by ``check``.
    default : Any
        The value used when the parameter is not given (RULES.md's proposed default).
    doc : str
        One line saying what the parameter does.
    clauses : tuple of str
        RULES.md clause IDs the parameter concerns (``AMB-MC-2``, ``MC-2.1.1`` ...).
    choices : tuple, optional
        Allowed values for ``choice`` parameters.
    minimum, maximum : float, optional
        Inclusive bounds for ``int`` and ``float`` parameters.
    examples : tuple, optional
        Extra values the conformance suite and golden records try besides the default. For
        ``bool`` and ``choice`` kinds every allowed value is tried anyway.
    check : callable, optional
        For ``json`` kind: takes the decoded value, returns it normalised or raises
        :class:`InvalidVariant` (or ``ValueError``/``TypeError``) with a message.
    """

    name: str
    kind: str
    default: Any
    doc: str
    clauses: tuple[str, ...] = ()
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    examples: tuple[Any, ...] = ()
    check: Callable[[Any], Any] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            msg = f"ParamSpec {self.name!r}: kind must be one of {KINDS}, not {self.kind!r}"
            raise ValueError(msg)
        if self.kind == "choice" and not self.choices:
            msg = f"ParamSpec {self.name!r}: a choice parameter needs choices"
            raise ValueError(msg)

    # ------------------------------------------------------------------ describing
    def allowed(self) -> str:
        """Human-readable description of the allowed values."""
        if self.kind == "choice":
            return "one of " + ", ".join(repr(c) for c in self.choices or ())
        if self.kind == "bool":
            return "true or false"
        if self.kind in ("int", "float"):
            lo = "-inf" if self.minimum is None else f"{self.minimum:g}"
            hi = "inf" if self.maximum is None else f"{self.maximum:g}"
            word = "an integer" if self.kind == "int" else "a number"
            return f"{word} in [{lo}, {hi}]"
        return "a JSON value as described in the doc"

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable description (for docs, the CLI and the variant editor)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "default": thaw(self.default),
            "doc": self.doc,
            "clauses": list(self.clauses),
            "choices": None if self.choices is None else [thaw(c) for c in self.choices],
            "minimum": self.minimum,
            "maximum": self.maximum,
            "allowed": self.allowed(),
        }

    def coverage_values(self) -> list[Any]:
        """Values (besides the default) a test suite should try to cover every choice."""
        if self.kind == "bool":
            values: list[Any] = [True, False]
        elif self.kind == "choice":
            values = list(self.choices or ())
        elif self.kind == "int" and self.minimum is not None and self.maximum is not None \
                and self.maximum - self.minimum <= 4:
            values = list(range(int(self.minimum), int(self.maximum) + 1))
        else:
            values = []
        values += [e for e in self.examples if e not in values]
        return [v for v in values if freeze(v) != freeze(self.default)]

    # ------------------------------------------------------------------ validating
    def validate(self, value: Any) -> Any:
        """Return the value checked and frozen, or raise :class:`InvalidVariant`."""
        try:
            return self._validate(value)
        except RecursionError:  # a hostile value nested deeper than Python's recursion limit
            raise InvalidVariant(f"parameter {self.name!r}: value nested too deeply") from None

    def _validate(self, value: Any) -> Any:
        bad = f"parameter {self.name!r} = {_short(value)}"
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise InvalidVariant(f"{bad} is not allowed: expected {self.allowed()}")
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                else:
                    raise InvalidVariant(f"{bad} is not allowed: expected {self.allowed()}")
            self._check_range(value, bad)
            return value
        if self.kind == "float":
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise InvalidVariant(f"{bad} is not allowed: expected {self.allowed()}")
            try:
                value = float(value)
            except OverflowError:  # an integer past the float range
                raise InvalidVariant(f"{bad} is not allowed: expected a finite number") from None
            if not math.isfinite(value):
                raise InvalidVariant(f"{bad} is not allowed: expected a finite number")
            self._check_range(value, bad)
            return value
        if self.kind == "choice":
            frozen = freeze(value)
            if frozen in (self.choices or ()):
                return frozen
            raise InvalidVariant(f"{bad} is not allowed: expected {self.allowed()}")
        # json
        try:
            json.dumps(thaw(value))
        except (TypeError, ValueError) as exc:
            raise InvalidVariant(f"{bad} is not JSON data: {exc}") from None
        if self.check is not None:
            try:
                value = self.check(thaw(value))
            except InvalidVariant as exc:
                raise InvalidVariant(_cut(f"parameter {self.name!r}: {exc}")) from None
            except (ValueError, TypeError, KeyError, IndexError) as exc:
                raise InvalidVariant(_cut(f"{bad} is not allowed: {exc}")) from None
        return freeze(value)

    def _check_range(self, value: float, bad: str) -> None:
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise InvalidVariant(f"{bad} is out of range: expected {self.allowed()}")

    def parse_text(self, text: str) -> Any:
        """Parse a command-line ``--set name=text`` value (then :meth:`validate` it)."""
        if self.kind == "bool":
            low = text.strip().lower()
            if low in ("true", "yes", "1", "on"):
                return True
            if low in ("false", "no", "0", "off"):
                return False
            raise InvalidVariant(f"parameter {self.name!r} = {_short(text)}: expected true or false")
        if self.kind in ("int", "float"):
            try:
                return int(text) if self.kind == "int" else float(text)
            except ValueError:
                raise InvalidVariant(
                    f"parameter {self.name!r} = {_short(text)}: expected {self.allowed()}"
                ) from None
        if self.kind == "choice":
            for choice in self.choices or ():
                if str(choice) == text or json.dumps(thaw(choice)) == text:
                    return choice
            raise InvalidVariant(
                f"parameter {self.name!r} = {_short(text)} is not allowed: expected {self.allowed()}"
            )
        if len(text) > 1_000_000:
            raise InvalidVariant(f"parameter {self.name!r}: value longer than 1,000,000 characters")
        try:
            return json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise InvalidVariant(f"parameter {self.name!r}: not valid JSON ({exc})") from None


def _cut(message: str, limit: int = 600) -> str:
    """A check's message bounded in length (a list of a thousand bad names is cut in the middle)."""
    return message if len(message) <= limit else f"{message[: limit - 200]} [...] {message[-150:]}"


def _short(value: Any, limit: int = 80) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not escape
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Params(Mapping[str, Any]):
    """The immutable, validated parameters of a game; also readable as attributes."""

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, Any]) -> None:
        object.__setattr__(self, "_values", dict(values))

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __getattr__(self, key: str) -> Any:
        if key.startswith("__") or key == "_values":  # not a parameter (copy, pickle, ...)
            raise AttributeError(key)
        try:
            return self._values[key]
        except KeyError:
            raise AttributeError(key) from None

    def __reduce__(self) -> tuple[Any, ...]:
        return (Params, (self._values,))

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("Params are immutable: load a new game with lab.load(name, **params)")

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(tuple(self._values.items()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Params):
            return self._values == other._values
        return NotImplemented

    def __repr__(self) -> str:
        return "Params(" + ", ".join(f"{k}={v!r}" for k, v in self._values.items()) + ")"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-serialisable dict."""
        return {k: thaw(v) for k, v in self._values.items()}


def validate_params(specs: Sequence[ParamSpec], given: Mapping[str, Any]) -> Params:
    """Check ``given`` against ``specs``, fill defaults, return frozen :class:`Params`.

    Raises
    ------
    InvalidVariant
        For an unknown name (the message lists the known ones), a wrong type or a value out
        of range.
    """
    by_name = {spec.name: spec for spec in specs}
    unknown = [k for k in given if k not in by_name]
    if unknown:
        msg = (
            f"unknown parameter {unknown[0]!r}; known parameters: " + ", ".join(sorted(by_name))
        )
        raise InvalidVariant(msg)
    values: dict[str, Any] = {}
    for spec in specs:
        raw = given.get(spec.name, spec.default)
        values[spec.name] = spec.validate(raw)
    return Params(values)


def validate_settings(specs: Sequence[ParamSpec], given: Mapping[str, Any], owner: str) -> dict[str, Any]:
    """Check the settings ``given`` to ``owner`` (an agent) against ``specs``; no defaults filled.

    Returns the given settings with their checked values (JSON values plain again; an integer
    given for a ``float`` setting is kept as written, so a spec's label does not change).

    Raises
    ------
    InvalidVariant
        For an unknown name (the message lists the known ones), a wrong type or a value out
        of range; the message names ``owner`` and the setting.
    """
    by_name = {spec.name: spec for spec in specs}
    out: dict[str, Any] = {}
    for key, raw in given.items():
        spec = by_name.get(key) if isinstance(key, str) else None
        if spec is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise InvalidVariant(f"{owner}: unknown setting {_short(key)}; known settings: {known}")
        try:
            value = spec.validate(raw)
        except InvalidVariant as exc:
            text = str(exc).replace(f"parameter {spec.name!r}", f"setting {spec.name!r}", 1)
            raise InvalidVariant(f"{owner}: {text}") from None
        out[key] = raw if spec.kind == "float" and type(raw) is int else thaw(value)
    return out
