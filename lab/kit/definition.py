"""Declaring a kit game: moves with argument domains, and the checked definition record.

A designer writes plain functions; :func:`move` attaches a move's argument domains, legality
predicate (or option generator) and phase; :func:`build_definition` checks every part once and
raises :class:`~lab.core.errors.InvalidGame` naming the part that is wrong and what to write.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import math
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lab.core.errors import InvalidGame, quoted
from lab.core.game import UTILITIES
from lab.core.params import ParamSpec
from lab.kit.context import DRAW, ROLL

Domain = range | tuple[Any, ...] | Callable[[Any], Any]
HIDDEN_RULES = ("owner", "nobody")
RESERVED = (ROLL, DRAW)
MAX_SECONDS = 3600.0
"""Largest CPU-time limit of a kit step (``define_game(max_seconds=...)``, :mod:`lab.kit.guard`)."""


@dataclass(frozen=True)
class Move:
    """A move: its function, argument domains and when it is legal.

    Attributes
    ----------
    fn : callable
        ``fn(state, ctx, *args)``: changes the state data in place (or returns new data).
    name : str
        The action kind (default: the function's name).
    domains : tuple of (name, domain)
        Each argument's finite domain: a ``range``, a sequence of scalars, or a function of
        the parameters returning one.
    legal : callable, optional
        ``legal(state, ctx, *args) -> bool``: which domain values are legal now.
    options : callable, optional
        ``options(state, ctx)`` yielding the legal argument tuples (instead of ``legal``).
    phase : str or tuple of str, optional
        The phase(s) the move belongs to (default: every phase).
    doc : str
        One line for buttons and listings (default: the function's docstring).
    chance : callable, optional
        ``chance(state, ctx)``: the move's chance, declared up front (see :func:`chance`); its
        result is passed to ``fn`` as the last argument.
    """

    fn: Callable[..., Any]
    name: str
    domains: tuple[tuple[str, Domain], ...] = ()
    legal: Callable[..., Any] | None = None
    options: Callable[..., Any] | None = None
    phase: tuple[str, ...] = ()
    doc: str = ""
    chance: Callable[..., Any] | None = None


CHANCE_ATTR = "__kit_chance__"


def chance(declare: Callable[..., Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare the chance of a move or of ``after`` up front: ``declare(state, ctx)`` runs just
    before the part, its ``ctx.roll`` / ``ctx.draw`` / ``ctx.shuffle`` / ``ctx.deal`` calls
    become the chance nodes, and what it returns is passed to the part as its last argument.

    The part then runs once, with the outcome. (A chance call in the middle of a part works
    too, but the kit must then run the part up to that call, stop, and run it again from its
    start once the outcome is known.) ``declare`` reads the state as it is just before the part
    (after the moves before it in the same step); it must not change it.

    Examples
    --------
    >>> @move(chance=lambda s, ctx: ctx.roll(6))     # the same as stacking @chance(...)
    ... def roll(s, ctx, face):
    ...     s["total"] += face
    >>> @chance(lambda s, ctx: ctx.draw(s["deck"]) if s["deck"] else None)
    ... def turn_up(s, ctx, card):                     # after=turn_up
    ...     s["card"] = card
    """
    if not callable(declare):
        raise InvalidGame(f"@chance(declare): declare must be a function (state, ctx), not {type(declare).__name__}")

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        if isinstance(fn, Move):
            return dataclasses.replace(fn, chance=declare)
        if not callable(fn):
            raise InvalidGame(f"@chance decorates a function (state, ctx, *args, outcome), not {type(fn).__name__}")
        setattr(fn, CHANCE_ATTR, declare)
        return fn

    return wrap


def chance_of(fn: Any) -> Callable[..., Any] | None:
    """The chance declaration :func:`chance` attached to ``fn`` (``None`` if none)."""
    return getattr(fn, CHANCE_ATTR, None)


def replacing_chance(new: Callable[..., Any], old: Callable[..., Any] | None, arguments: int) -> Callable[..., Any] | None:
    """The chance declaration of a part whose function ``new`` replaces one declared with
    ``old`` (see ``KitGame.derive``): ``new``'s own declaration; else ``old`` when ``new``
    takes the outcome (``arguments`` positional parameters besides it); else none (``new``
    calls chance inside, if at all)."""
    own = chance_of(new)
    if own is not None or old is None:
        return own
    positional, varargs = _positional(new)
    return old if positional is None or varargs or len(positional) == arguments + 1 else None


def move(
    fn: Callable[..., Any] | None = None,
    *,
    name: str | None = None,
    legal: Callable[..., Any] | None = None,
    options: Callable[..., Any] | None = None,
    phase: str | Sequence[str] | None = None,
    chance: Callable[..., Any] | None = None,
    **domains: Domain,
) -> Any:
    """Declare a move (usable as ``@move`` or ``@move(card=range(1, 14), legal=...)``).

    Examples
    --------
    >>> @move(card=range(1, 14), legal=lambda s, ctx, card: card in s["hands"][ctx.player])
    ... def bid(s, ctx, card):
    ...     s["hands"][ctx.player].remove(card)

    ``chance=declare`` declares the move's chance up front (see :func:`chance`).

    Given a declared move (a :class:`Move`, e.g. one of a game's moves), it returns a copy
    with what is given changed and the rest kept: ``move(legal=stricter)(go)`` changes a
    move's legality for ``Game.derive(go=...)`` (``legal`` replaces ``options`` and vice versa).
    """
    if chance is not None and not callable(chance):
        raise InvalidGame(f"@move(chance=...) must be a function (state, ctx), not {type(chance).__name__}")

    def wrap(f: Callable[..., Any]) -> Move:
        if isinstance(f, Move):  # a declared move with some parts changed
            changes: dict[str, Any] = {}
            if name is not None:
                changes["name"] = name
            if legal is not None:
                changes.update(legal=legal, options=None)
            if options is not None:
                changes.update(options=options, legal=None)
            if phase is not None:
                changes["phase"] = (phase,) if isinstance(phase, str) else tuple(phase)
            if chance is not None:
                changes["chance"] = chance
            if domains:
                changes["domains"] = tuple(domains.items())
            return dataclasses.replace(f, **changes)
        if not callable(f):
            raise InvalidGame(f"@move decorates a function (state, ctx, *args), not {type(f).__name__}")
        phases = () if phase is None else ((phase,) if isinstance(phase, str) else tuple(phase))
        doc = (inspect.getdoc(f) or "").split("\n")[0]
        declared = chance if chance is not None else chance_of(f)
        return Move(f, name or f.__name__, tuple(domains.items()), legal, options, phases, doc, declared)

    return wrap if fn is None else wrap(fn)


@dataclass(frozen=True)
class GameDef:
    """Everything :func:`lab.define_game` was given, checked (see its docstring)."""

    name: str
    setup: Callable[..., Any]
    moves: tuple[Move, ...]
    end: Callable[..., Any]
    parameters: tuple[ParamSpec, ...]
    hidden: Mapping[str, str] = field(default_factory=dict)
    view: Callable[..., Any] | None = None
    after: Callable[..., Any] | None = None
    after_chance: Callable[..., Any] | None = None
    board: Callable[..., Any] | None = None
    max_length: int = 10_000
    metrics: Callable[..., Any] | None = None
    progress: Callable[..., Any] | None = None
    describe: Callable[..., Any] | None = None
    resample: Callable[..., Any] | None = None
    accounting: Callable[..., Any] | None = None
    max_die: int = 20
    max_draw: int = 64
    max_seconds: float = 10.0
    phases: tuple[str, ...] = ("play",)
    title: str = ""
    doc: str = ""
    # what the game is, for adapters and the checks (#36): see define_game
    utility: str | Callable[..., Any] = "general_sum"
    utility_sum: float | Callable[..., Any] | None = None
    utility_range: tuple[float, float] | Callable[..., Any] = (-1.0, 1.0)
    simultaneous: bool = False


def _need(part: str, value: Any, what: str) -> None:
    if not callable(value):
        got = "nothing" if value is None else f"a {type(value).__name__}"
        raise InvalidGame(f"define_game: {part} must be {what}; got {got}")


def _players_spec(players: Any) -> ParamSpec:
    if isinstance(players, ParamSpec):
        return players
    if isinstance(players, int) and not isinstance(players, bool) and players >= 1:
        return ParamSpec("players", "int", players, "Number of players.", minimum=players, maximum=players)
    if (
        isinstance(players, tuple | list) and len(players) == 2
        and all(isinstance(p, int) and not isinstance(p, bool) for p in players)
        and 1 <= players[0] <= players[1]
    ):
        lo, hi = players
        return ParamSpec("players", "int", lo, "Number of players.", minimum=lo, maximum=hi)
    msg = f"define_game: players must be a count (2), a range (2, 4) or a ParamSpec, not {players!r}"
    raise InvalidGame(msg)


def _as_moves(moves: Any) -> tuple[Move, ...]:
    if isinstance(moves, Mapping):
        items: Iterable[tuple[str | None, Any]] = moves.items()
    elif isinstance(moves, Sequence) and not isinstance(moves, str):
        items = [(None, m) for m in moves]
    else:
        msg = "define_game: moves must be a list of functions (or @move declarations) or a dict name -> function"
        raise InvalidGame(msg)
    out: list[Move] = []
    for key, m in items:
        if isinstance(m, Move):
            mv = m if key is None or key == m.name else dataclasses.replace(m, name=key)
        elif callable(m):
            mv = move(m, name=key) if key else move(m)
        else:
            raise InvalidGame(f"define_game: move {key or m!r} must be a function (state, ctx, *args), not {type(m).__name__}")
        out.append(mv)
    if not out:
        raise InvalidGame("define_game: moves is empty; give at least one move function (state, ctx, *args)")
    return tuple(out)


def _positional(fn: Callable[..., Any]) -> tuple[list[Any] | None, bool]:
    """``fn``'s positional parameters (``None`` if it has no signature) and whether it takes ``*args``."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return None, False
    positional = [p for p in params.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return positional, any(p.kind == p.VAR_POSITIONAL for p in params.values())


def _check_after(after: Callable[..., Any], declared: Any) -> None:
    """``after`` takes ``(state, ctx)``, plus the outcome when its chance is declared."""
    if declared is not None and not callable(declared):
        raise InvalidGame(f"define_game: after_chance must be a function (state, ctx), not {type(declared).__name__}")
    positional, varargs = _positional(after)
    want = 2 + (declared is not None)
    if positional is not None and not varargs and len(positional) != want:
        args = "state, ctx, outcome" if declared is not None else "state, ctx"
        why = " (its chance is declared up front: the outcome is its last argument)" if declared is not None else ""
        raise InvalidGame(f"define_game: after takes {len(positional)} argument(s); write def after({args}){why}")


def _check_move(mv: Move, parameters: Sequence[ParamSpec]) -> None:
    if not mv.name.isidentifier():
        raise InvalidGame(f"move name {mv.name!r} must be an identifier (it is the action kind)")
    if mv.name in RESERVED:
        raise InvalidGame(f"move name {mv.name!r} is reserved for chance outcomes ({', '.join(RESERVED)}); rename the move")
    if mv.legal is not None and mv.options is not None:
        raise InvalidGame(f"move {mv.name!r}: give legal=... or options=..., not both")
    if mv.chance is not None and not callable(mv.chance):
        raise InvalidGame(f"move {mv.name!r}: chance must be a function (state, ctx), not {type(mv.chance).__name__}")
    positional, varargs = _positional(mv.fn)
    want = 2 + len(mv.domains) + (mv.chance is not None)
    if positional is not None and not varargs and len(positional) != want:
        names = ", ".join(["state", "ctx", *(n for n, _ in mv.domains), *(["outcome"] if mv.chance is not None else [])])
        msg = (
            f"move {mv.name!r} takes {len(positional)} argument(s) but its declaration needs {want}: "
            f"write def {mv.name}({names})" + ("" if mv.domains else f" or declare domains with @move({positional[-1].name}=range(...))" if len(positional) > 2 else "")
        )
        raise InvalidGame(msg)


def build_definition(
    name: str,
    *,
    setup: Any,
    moves: Any,
    end: Any,
    players: Any,
    params: Sequence[ParamSpec],
    hidden: Mapping[str, str] | None,
    **options: Any,
) -> GameDef:
    """Check every part of a definition; :class:`InvalidGame` names the first wrong one."""
    if not isinstance(name, str) or not name.isidentifier():
        raise InvalidGame(f"define_game: the name must be an identifier such as 'pig', not {name!r}")
    _need("setup", setup, "a function setup(ctx) returning the initial state as a dict")
    _need("end", end, "a function end(state, ctx) returning None (go on), a winner seat or one return per seat")
    for part in ("view", "after", "board", "metrics", "progress", "describe", "resample", "accounting"):
        if options.get(part) is not None:
            _need(part, options[part], "a function")
    specs = [s for s in params if isinstance(s, ParamSpec)]
    if len(specs) != len(params):
        bad = next(s for s in params if not isinstance(s, ParamSpec))
        raise InvalidGame(f"define_game: params must be lab.ParamSpec(...) declarations, not {bad!r}")
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        raise InvalidGame(f"define_game: a parameter is declared twice in {names}")
    if "players" in names:
        if players is not None:
            raise InvalidGame("define_game: give players=... or a ParamSpec named 'players', not both")
        player_spec = specs.pop(names.index("players"))
    else:
        player_spec = _players_spec(2 if players is None else players)
    moves_t = _as_moves(moves)
    seen: set[str] = set()
    for mv in moves_t:
        if mv.name in seen:
            raise InvalidGame(f"define_game: two moves are named {mv.name!r}")
        seen.add(mv.name)
        _check_move(mv, specs)
    hidden = dict(hidden or {})
    for key, rule in hidden.items():
        if rule not in HIDDEN_RULES:
            msg = (
                f"define_game: hidden[{key!r}] = {rule!r}; write 'owner' (a list with one entry per "
                f"seat, each seat sees its own) or 'nobody' (hidden from every seat)"
            )
            raise InvalidGame(msg)
    phases: list[str] = []
    for mv in moves_t:
        for ph in mv.phase:
            if ph not in phases:
                phases.append(ph)
    for key in ("max_length", "max_die", "max_draw"):
        value = options.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise InvalidGame(f"define_game: {key} must be a whole number >= 1, not {quoted(value)}")
    seconds = options.get("max_seconds")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0.01 <= seconds <= MAX_SECONDS
    ):
        raise InvalidGame(f"define_game: max_seconds must be a number of seconds 0.01..{MAX_SECONDS:g}, not {quoted(seconds)}")
    if options.get("after") is not None:
        if options.get("after_chance") is None:
            options["after_chance"] = chance_of(options["after"])
        _check_after(options["after"], options["after_chance"])
    elif options.get("after_chance") is not None:
        raise InvalidGame("define_game: after_chance declares the chance of after, but there is no after")
    _check_utility(options)
    options["simultaneous"] = _simultaneous(options.get("simultaneous"), setup, end, moves_t, options)
    options = {k: v for k, v in options.items() if v is not None}
    return GameDef(
        name=name, setup=setup, moves=moves_t, end=end, parameters=(player_spec, *specs),
        hidden=hidden, phases=tuple(phases) or ("play",), **options,
    )


def domain_values(mv: Move, arg: str, domain: Domain, params: Any, limit: int | None = None) -> range | tuple[Any, ...]:
    """The finite values of one argument domain under ``params`` (checked); ``limit``: read
    at most that many values of a domain that is not a range (enough to tell it is too large)."""
    values = domain(params) if callable(domain) and not isinstance(domain, range) else domain
    if isinstance(values, range):
        if not values:
            msg = f"move {mv.name!r}: the domain of {arg!r} is empty ({values}); write e.g. {arg}=range(1, 14)"
            raise InvalidGame(msg)
        return values
    if isinstance(values, Iterable) and not isinstance(values, str | bytes | Mapping):
        out = tuple(values) if limit is None else tuple(itertools.islice(values, limit))
    else:
        msg = f"move {mv.name!r}: the domain of {arg!r} must be a range or a list of values, not {quoted(values)}"
        raise InvalidGame(msg)
    if not out:
        msg = f"move {mv.name!r}: the domain of {arg!r} is empty; write e.g. {arg}=range(1, 14) or {arg}=['a', 'b']"
        raise InvalidGame(msg)
    for v in out:
        if type(v) not in (int, str, bool):
            msg = f"move {mv.name!r}: {arg} = {quoted(v)} ({type(v).__name__}); domain values must be ints, strings or bools"
            raise InvalidGame(msg)
    if len(set(out)) != len(out):
        raise InvalidGame(f"move {mv.name!r}: the domain of {arg!r} repeats a value")
    return out


# ---------------------------------------------------------------------- what the game is (#36)
def _check_utility(options: Mapping[str, Any]) -> None:
    """``utility``, ``utility_sum`` and ``utility_range`` as declared (values, or functions of
    the parameters checked per variant by :func:`variant_utility`)."""
    utility = options.get("utility")
    if utility is not None and not callable(utility) and utility not in UTILITIES:
        msg = f"define_game: utility must be one of {', '.join(map(repr, UTILITIES))} (or a function of the parameters), not {utility!r}"
        raise InvalidGame(msg)
    total = options.get("utility_sum")
    if total is not None and not callable(total) and not _number(total):
        raise InvalidGame(f"define_game: utility_sum must be a number (what every game's returns add up to), not {total!r}")
    if utility == "constant_sum" and total is None:
        raise InvalidGame("define_game: utility='constant_sum' needs utility_sum=... (what every game's returns add up to)")
    span = options.get("utility_range")
    if span is not None and not callable(span):
        _range_checked(span, "define_game: utility_range")


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _range_checked(span: Any, where: str) -> tuple[float, float]:
    if not (isinstance(span, tuple | list) and len(span) == 2 and all(map(_number, span)) and span[0] < span[1]):
        raise InvalidGame(f"{where} must be (lowest, highest) return, two numbers with lowest < highest, not {span!r}")
    return float(span[0]), float(span[1])


def variant_utility(d: GameDef, params: Any) -> tuple[str, float | None, tuple[float, float]]:
    """``(utility, utility_sum, utility_range)`` of a definition under ``params`` (a declared
    function of the parameters is called and its answer checked)."""
    utility = d.utility(params) if callable(d.utility) else d.utility
    if utility not in UTILITIES:
        raise InvalidGame(f"{d.name}: utility(params) gave {utility!r}; one of {', '.join(map(repr, UTILITIES))}")
    total = d.utility_sum(params) if callable(d.utility_sum) else d.utility_sum
    if utility == "zero_sum":
        total = 0.0
    elif utility == "constant_sum":
        if not _number(total):
            raise InvalidGame(f"{d.name}: a constant-sum game needs utility_sum, a number; got {total!r}")
        total = float(total)
    else:
        total = None
    span = d.utility_range(params) if callable(d.utility_range) else d.utility_range
    return utility, total, _range_checked(span, f"{d.name}: utility_range")


def _simultaneous(declared: Any, setup: Callable[..., Any], end: Callable[..., Any], moves: Sequence[Move], options: Mapping[str, Any]) -> bool:
    """Whether the game may have simultaneous moves: as declared, else whether any of its
    functions (or a function of its module that they call) uses ``ctx.all_move``. The kit
    refuses ``ctx.all_move`` in a game found or declared without them (``Ctx.all_move``), so a
    wrong answer here is an error that names the fix, never a wrong game."""
    if declared is not None:
        if not isinstance(declared, bool):
            raise InvalidGame(f"define_game: simultaneous must be True or False, not {declared!r}")
        return declared
    parts: list[Any] = [setup, end, *(options.get(k) for k in ("after", "after_chance"))]
    for mv in moves:
        parts += [mv.fn, mv.legal, mv.options, mv.chance]
    return any(_names_all_move(fn, set()) for fn in parts if fn is not None)


def _names_all_move(fn: Any, seen: set[int]) -> bool:
    """Whether ``fn``'s code (its nested functions and lambdas, the functions of its own module
    it names and those of an enclosing function it uses) mentions ``all_move``."""
    fn = inspect.unwrap(fn) if callable(fn) else fn
    code = getattr(fn, "__code__", None)
    if code is None or id(code) in seen:
        return False
    seen.add(id(code))
    if _code_names_all_move(code):
        return True
    module = getattr(fn, "__module__", None)
    scope = getattr(fn, "__globals__", {})
    called = [scope.get(name) for name in _code_names(code)]
    called = [f for f in called if isinstance(f, types.FunctionType) and f.__module__ == module]
    for cell in getattr(fn, "__closure__", None) or ():  # functions of an enclosing function
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if isinstance(value, types.FunctionType):
            called.append(value)
    return any(_names_all_move(other, seen) for other in called)


def _code_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _code_names(const)
    return names


def _code_names_all_move(code: types.CodeType) -> bool:
    return "all_move" in _code_names(code)
