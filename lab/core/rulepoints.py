"""Rule points: the decisions of a game a designer may replace with a house rule.

A *rule point* is a small pure function of a game's rules module, named by the clause ID of
RULES.md it implements (``"MC-2.1.2.2"``; a clause with several decisions adds a word after a
colon, ``"MM-5:bonus"``), with a docstring, a typed signature and the default implementation the
game uses. A game lists its rule points in ``RULE_POINTS`` and calls them through
``game.rules.<function name>``, which is resolved once per :class:`~lab.core.game.Game`: with
the defaults it *is* the default function (no wrapper, no cost).

A house rule replaces one rule point with the designer's function::

    def no_lost_turns(x: int, found: int) -> int:
        return 0
    game = lab.load("memcel", rules={"MC-2.1.2.2": no_lost_turns})

The designer's function is checked when the variant is built (same number of parameters as the
default) and guarded while it plays (:class:`HouseRule`): its inputs are read-only views
(:mod:`lab.core.frozen`), its result must match the default's return annotation, and anything it
raises becomes a :class:`~lab.core.errors.RuleError` naming the rule point and its clause (the
state adds the move and restores itself, see :meth:`lab.core.state.State.apply_action`).

A house rule is code, so saves and run records store only its name and a digest of what it
does (:func:`rule_identity`, :mod:`lab.core.identity`: its code object and the values of the
globals and closure cells it reads), never the code; a save is replayed only under a function
with the same digest (:func:`rule_record_problem`). Saves made before digests stored a hash of
the source text (:func:`source_hash`); they are still read when the source text decides what the
function does (see :func:`rule_record_problem`).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import inspect
import numbers
import textwrap
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from lab.core.errors import InvalidVariant, RuleError, quoted
from lab.core.frozen import FrozenError, freeze
from lab.core.identity import PREFIX, Identity, function_identity, reads_only_code

_ATTR = "__rule_point__"
_PLAIN = frozenset((str, int, float, bool, type(None)))  # immutable inputs, passed as they are


@dataclass(frozen=True)
class RuleSpec:
    """What a game declares about one rule point (attached to its default function)."""

    name: str
    clause: str
    attr: str
    params: tuple[str, ...]
    annotations: tuple[str, ...]
    returns: str
    doc: str

    @property
    def signature(self) -> str:
        args = ", ".join(f"{p}: {a}" for p, a in zip(self.params, self.annotations, strict=True))
        return f"({args}) -> {self.returns}"


@dataclass(frozen=True)
class RulePoint:
    """One rule point of a game as :meth:`Game.rule_points` lists it.

    ``name`` is the key for ``with_rules``/``rules=`` (the clause ID, or ``clause:word``),
    ``signature`` the expected parameters and return type, ``doc`` the default's docstring,
    ``source`` the source of the implementation in use (the house rule's, if one is installed),
    ``house`` whether it is a house rule, ``hash`` the digest of a house rule (else ``""``, see
    :func:`rule_identity`).
    """

    name: str
    clause: str
    signature: str
    doc: str
    source: str
    house: bool
    hash: str
    function: Callable[..., Any]

    def __repr__(self) -> str:
        mark = " (house rule)" if self.house else ""
        return f"<rule point {self.name}{mark}: {self.signature}>"


def rule_point(name: str, clause: str | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare the decorated function as the default implementation of rule point ``name``.

    ``clause`` defaults to ``name`` up to a colon (``"MM-5:bonus"`` -> ``"MM-5"``). The function
    stays a plain module-level function (it pickles by reference); the declaration is read from
    its annotations and docstring.
    """

    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        sig = inspect.signature(fn)
        params = tuple(sig.parameters)
        annotations = tuple(_ann(p.annotation) for p in sig.parameters.values())
        doc = inspect.cleandoc(fn.__doc__ or "")
        if not doc or "" in annotations or sig.return_annotation is inspect.Signature.empty:
            msg = f"rule point {name} ({fn.__name__}) needs a docstring and type annotations"
            raise TypeError(msg)
        spec = RuleSpec(name, clause or name.split(":")[0], fn.__name__, params, annotations,
                        _ann(sig.return_annotation), doc)
        setattr(fn, _ATTR, spec)
        return fn

    return mark


def _ann(annotation: Any) -> str:
    if annotation is inspect.Parameter.empty:
        return ""
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))


def spec_of(fn: Callable[..., Any]) -> RuleSpec:
    """The :class:`RuleSpec` of a default function declared with :func:`rule_point`."""
    spec = getattr(fn, _ATTR, None)
    if not isinstance(spec, RuleSpec):
        raise TypeError(f"{fn!r} is not declared with @rule_point")
    return spec


def function_source(fn: Callable[..., Any]) -> str:
    """The source text of ``fn`` (dedented), or a description when it has none."""
    target = fn.function if isinstance(fn, HouseRule) else fn
    try:
        return textwrap.dedent(inspect.getsource(target))
    except (OSError, TypeError):
        code = getattr(target, "__code__", None)
        if code is None:
            return f"<{type(target).__name__} {getattr(target, '__qualname__', target)!r}: no source>"
        return f"<compiled {code.co_name}: {code.co_code.hex()} {code.co_consts!r} {code.co_names!r}>"


def source_hash(fn: Callable[..., Any]) -> str:
    """SHA-256 (first 16 hex digits) of a function's source: what saves and records stored
    before :func:`rule_identity` (still computed to read them, see :func:`rule_record_problem`)."""
    target = fn.function if isinstance(fn, HouseRule) else fn
    return hashlib.sha256(function_source(target).encode("utf-8", "surrogatepass")).hexdigest()[:16]


def rule_identity(fn: Callable[..., Any]) -> Identity:
    """The digest saves and records store for a house rule (:mod:`lab.core.identity`)."""
    return function_identity(fn.function if isinstance(fn, HouseRule) else fn)


# ---------------------------------------------------------------------- return type checking
def _split_top(text: str, sep: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return parts


class _Mismatch(Exception):
    pass


def conform(value: Any, ann: str) -> Any:
    """``value`` as the plain Python data the annotation ``ann`` describes, or ``_Mismatch``.

    Understands ``int``, ``float``, ``bool``, ``str``, ``None``, ``X | Y``, ``list[T]``,
    ``tuple[T1, T2, ...]`` and ``Literal[...]`` (of strings or ints); numpy scalars are accepted and converted (a ``bool`` is no ``int``).
    """
    return _checker(ann)(value)


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool) or type(value).__name__ == "bool_"


def _scalar_checker(ann: str) -> Callable[[Any], Any] | None:
    """The checker of a scalar annotation (the exact type first: the common case)."""

    def none(value: Any) -> Any:
        if value is None:
            return None
        raise _Mismatch

    def boolean(value: Any) -> Any:
        if type(value) is bool:
            return value
        if _is_bool(value):
            return bool(value)
        raise _Mismatch

    def integer(value: Any) -> Any:
        if type(value) is int:
            return value
        if isinstance(value, numbers.Integral) and not _is_bool(value):
            return int(value)
        raise _Mismatch

    def real(value: Any) -> Any:
        if type(value) is float:
            return value
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            return float(value)
        raise _Mismatch

    def string(value: Any) -> Any:
        if isinstance(value, str):
            return value
        raise _Mismatch

    return {"None": none, "bool": boolean, "int": integer, "float": real, "str": string}.get(ann)


@functools.lru_cache(maxsize=512)
def _checker(ann: str) -> Callable[[Any], Any]:
    """A function checking and converting a value against ``ann`` (parsed once per annotation)."""
    ann = ann.strip()
    options = _split_top(ann, "|")
    if len(options) > 1:
        checks = [_checker(option) for option in options]

        def union(value: Any) -> Any:
            for check in checks:
                try:
                    return check(value)
                except _Mismatch:
                    continue
            raise _Mismatch

        return union
    scalar = _scalar_checker(ann)
    if scalar is not None:
        return scalar
    if ann.startswith("Literal[") and ann.endswith("]"):
        allowed = ast.literal_eval(f"({ann[8:-1]},)")

        def literal(value: Any) -> Any:
            if isinstance(value, str | int) and not isinstance(value, bool) and value in allowed:
                return value
            raise _Mismatch

        return literal
    if ann.startswith("list[") and ann.endswith("]"):
        inner = _checker(ann[5:-1])

        def listed(value: Any) -> Any:
            if not isinstance(value, list | tuple):
                raise _Mismatch
            return [inner(v) for v in value]

        return listed
    if ann.startswith("tuple[") and ann.endswith("]"):
        items = [_checker(a) for a in _split_top(ann[6:-1], ",")]

        def tupled(value: Any) -> Any:
            if not isinstance(value, tuple | list) or len(value) != len(items):
                raise _Mismatch
            return tuple([check(v) for check, v in zip(items, value, strict=True)])

        return tupled
    return _accept  # an annotation this checker does not read: accepted as it is


def _accept(value: Any) -> Any:
    return value


# ---------------------------------------------------------------------- house rules
class HouseRule:
    """A designer's function installed at a rule point, guarded while the game plays.

    Calling it freezes the arguments (read-only views), calls the function, and checks and
    converts the result against the default's return annotation. A mutation attempt, an
    exception or a wrong result raises :class:`~lab.core.errors.RuleError` naming the rule
    point, its clause and the function. Pickles with ``cloudpickle`` (the function travels by
    value when it was defined in a notebook).
    """

    __slots__ = ("_check", "doubts", "function", "hash", "spec")

    def __init__(self, spec: RuleSpec, function: Callable[..., Any], digest: str, doubts: tuple[str, ...] = ()) -> None:
        self.spec = spec
        self.function = function
        self.hash = digest
        self.doubts = tuple(doubts)  # what of its identity could not be established
        self._check = _checker(spec.returns)

    def __reduce__(self) -> tuple[Any, ...]:
        return (HouseRule, (self.spec, self.function, self.hash, self.doubts))  # the checker is rebuilt

    def record(self) -> dict[str, str]:
        """What saves and run records store: name and digest (and the doubt, if any).

        Raises
        ------
        RuleError
            If the function's digest changed since it was installed (it reads a global or a
            closure variable whose value changed): the games played with it did not all use the
            same rule, so no file could name the one they used.
        """
        now = rule_identity(self.function)
        if now.digest != self.hash and self.hash.startswith(PREFIX):
            msg = (
                f"house rule {self._who()} changed since it was installed (a global or closure "
                "variable it reads has another value now): install it again, game.with_rules({...}), "
                "so that the rule a file names is the rule that played"
            )
            raise RuleError(msg, rule=self.spec.name, clause=self.spec.clause)
        out = {"function": str(getattr(self.function, "__name__", "rule"))[:200], "hash": self.hash}
        if self.doubts:
            out["doubt"] = "; ".join(self.doubts[:3])[:400]
        return out

    @property
    def label(self) -> str:
        return f"{self.spec.name}={getattr(self.function, '__name__', 'rule')}"

    def __call__(self, *args: Any) -> Any:
        spec = self.spec
        try:  # inputs as read-only views (scalars, checked in C, are immutable already)
            result = self.function(*(args if _PLAIN.issuperset(map(type, args)) else [freeze(a) for a in args]))
        except FrozenError as exc:
            msg = (
                f"house rule {self._who()} tried to change its input ({exc}); a rule point's "
                "inputs are read-only views: return a new value instead"
            )
            raise RuleError(msg, rule=spec.name, clause=spec.clause) from exc
        except RuleError:
            raise
        except Exception as exc:
            msg = f"house rule {self._who()} raised {type(exc).__name__}: {exc}"
            raise RuleError(msg, rule=spec.name, clause=spec.clause) from exc
        try:
            return self._check(result)
        except _Mismatch:
            shown = repr(result)
            shown = shown if len(shown) <= 80 else shown[:77] + "..."
            msg = f"house rule {self._who()} returned {shown}; rule point {spec.name} must return {spec.returns}"
            raise RuleError(msg, rule=spec.name, clause=spec.clause) from None

    def _who(self) -> str:
        name = getattr(self.function, "__name__", "rule")
        return f"{name} at rule point {self.spec.name} (clause {self.spec.clause})"

    def __repr__(self) -> str:
        return f"<house rule {self.label} #{self.hash}>"


def check_house_rule(spec: RuleSpec, fn: Any) -> None:
    """``InvalidVariant`` unless ``fn`` is callable with the rule point's parameters."""
    expected = f"{spec.attr}{spec.signature}"
    if not callable(fn):
        msg = f"house rule for {spec.name} must be a function {expected}, not {type(fn).__name__}"
        raise InvalidVariant(msg)
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return  # a builtin without a signature: its calls are still guarded
    try:
        sig.bind(*spec.params)
    except TypeError:
        msg = (
            f"house rule {getattr(fn, '__name__', fn)!r} for rule point {spec.name} takes "
            f"{sig}; expected {len(spec.params)} parameter(s): {expected}"
        )
        raise InvalidVariant(msg) from None


class RuleTable:
    """The functions a :class:`Game` calls, one attribute per rule point (``rules.lost_turns``)."""

    def __init__(self, defaults: Iterable[Callable[..., Any]], house: Mapping[str, HouseRule]) -> None:
        for fn in defaults:
            spec = spec_of(fn)
            setattr(self, spec.attr, house.get(spec.name, fn))


def build_house_rules(defaults: Iterable[Callable[..., Any]], rules: Mapping[str, Any], game: str) -> dict[str, HouseRule]:
    """Check ``rules`` (rule point name -> function or :class:`HouseRule`) against a game's defaults.

    Raises
    ------
    InvalidVariant
        For an unknown rule point (the message lists the game's rule points) or a function that
        cannot take the rule point's parameters (the message gives the expected signature).
    """
    if not isinstance(rules, Mapping):
        raise InvalidVariant(f"rules must be a dict {{rule point: function}}, not {type(rules).__name__}")
    specs = {spec_of(fn).name: spec_of(fn) for fn in defaults}
    out: dict[str, HouseRule] = {}
    for name, fn in rules.items():
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(f"{s.name} {s.attr}{s.signature}" for s in specs.values()) or "none"
            msg = f"{game} has no rule point {name!r}; its rule points: {known}"
            raise InvalidVariant(msg)
        if isinstance(fn, HouseRule):  # already installed (or shipped to a worker): keep its digest
            check_house_rule(spec, fn.function)
            if fn.function is not _module_default(defaults, name):
                out[name] = fn if fn.spec == spec else HouseRule(spec, fn.function, fn.hash, fn.doubts)
            continue
        check_house_rule(spec, fn)
        if fn is _module_default(defaults, name):
            continue  # the default itself: no house rule
        ident = rule_identity(fn)
        out[name] = HouseRule(spec, fn, ident.digest, ident.doubts)
    return out


def rule_record_problem(saved: Mapping[str, Any], house: Mapping[str, HouseRule], what: str = "the game") -> str | None:
    """Why the house rules a file records (``saved``: rule point -> its record) are not provably
    the rules ``house`` installs, or ``None`` when they are.

    A rule is the same when its digest (:func:`rule_identity`) is; a rule whose identity could
    not be established, then or now, is never certified. A file made before digests (its hash is
    a 16-digit hash of the source text) is accepted only when the source text alone decides
    what the function does: the same source hash, a function that reads no data outside its
    source (no global values, closure variables or default arguments beyond constants) and a
    source holding only that function (two lambdas on one line share their source).
    """
    for point, rule in sorted(saved.items()):
        mine = house.get(point)
        name = quoted(rule.get("function", "?"), 60)
        if mine is None:
            return (
                f"{what} was played with house rule {name} at rule point {quoted(point, 40, text=True)} "
                f"(digest {quoted(rule.get('hash', ''), 40, text=True)}); pass it: "
                f"rules={{{quoted(point, 40)}: {quoted(rule.get('function', '?'), 60, text=True)}}}"
            )
        saved_hash = str(rule.get("hash", ""))
        if rule.get("doubt"):
            return (
                f"house rule {name} at rule point {point}: when {what} was recorded its identity could not be "
                f"established ({quoted(rule['doubt'], 200, text=True)}), so no rule can be proven to be the "
                "one it was played with"
            )
        if mine.doubts:
            return (
                f"house rule {mine._who()}: its identity cannot be established ({'; '.join(mine.doubts[:2])}), "
                f"so it cannot be proven to be the rule {what} was played with; make what it reads plain data "
                "(numbers, strings, lists, dicts) or functions"
            )
        if not saved_hash.startswith(PREFIX):  # a file made before digests: the source hash
            problem = _legacy_problem(mine, saved_hash)
            if problem:
                return f"{what} was recorded before rule digests (source hash {quoted(saved_hash, 20, text=True)}): {problem}"
            continue
        if mine.hash != saved_hash:
            return (
                f"house rule {getattr(mine.function, '__name__', 'rule')!r} at rule point {point} differs from "
                f"the one {what} was played with ({name}): digest {mine.hash} != {quoted(saved_hash, 40, text=True)} "
                "(another function, or a global or closure variable it reads has another value)"
            )
    for point, rule in sorted(house.items()):
        if point not in saved:
            return (
                f"{what} was played with the seed's rule at rule point {point}, not with house rule "
                f"{getattr(rule.function, '__name__', 'rule')!r}: leave it out of rules="
            )
    return None


def _legacy_problem(rule: HouseRule, saved_hash: str) -> str | None:
    fn = rule.function
    if source_hash(fn) != saved_hash:
        return f"house rule {rule._who()} has another source (hash {source_hash(fn)})"
    if not reads_only_code(fn):
        return (
            f"house rule {rule._who()} reads globals, closure variables or defaults whose values the old "
            "file did not record, so it cannot be proven the same; re-run and save the game again"
        )
    try:
        tree = ast.parse(function_source(fn))
    except SyntaxError:
        return f"the source of house rule {rule._who()} cannot be read back, so it cannot be proven the same"
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef)]
    if len(functions) != 1:
        return (
            f"the source of house rule {rule._who()} holds {len(functions)} functions (e.g. two lambdas on one "
            "line), so its source hash does not tell which one played; re-run and save the game again"
        )
    return None


def _module_default(defaults: Iterable[Callable[..., Any]], name: str) -> Callable[..., Any] | None:
    return next((fn for fn in defaults if spec_of(fn).name == name), None)


def list_rule_points(defaults: Iterable[Callable[..., Any]], house: Mapping[str, HouseRule]) -> list[RulePoint]:
    """The :class:`RulePoint` rows of a game (defaults, or the house rules installed)."""
    out = []
    for fn in defaults:
        spec = spec_of(fn)
        rule = house.get(spec.name)
        current = rule.function if rule is not None else fn
        out.append(RulePoint(
            name=spec.name, clause=spec.clause, signature=f"{spec.attr}{spec.signature}", doc=spec.doc,
            source=function_source(current), house=rule is not None, hash=rule.hash if rule else "",
            function=current,
        ))
    return out
