"""The context a kit game's functions receive: chance, turn order, phases and the event log.

Chance never samples. ``ctx.roll(6)`` asks for the next *recorded* outcome of the step being
run; when none is recorded yet it raises :class:`NeedChance` carrying the declared
``(outcome, probability)`` pairs, and the kit turns that into a CHANCE node. Called in a chance
declaration (:func:`lab.kit.chance`), which runs just before its part, the step stops there:
the parts before it are kept and the part runs once, with the outcome, when the driver applies
it. Called inside a part, the step cannot stop there: the data is put back as it was before the
step, and the step re-runs from the same data with one more recorded outcome. Either way the
rules are plain deterministic functions of (data, moves, outcomes): the same outcomes always give
the same result, and every chance point is a declared node with its probabilities.
"""

from __future__ import annotations

import marshal
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from mypy_extensions import mypyc_attr

from lab.core.actions import Action
from lab.core.errors import InvalidGame, cut, quoted
from lab.core.frozen import freeze
from lab.core.state import Event, _new_item

ROLL = "rolled"
DRAW = "drawn"


class NeedChance(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Raised by a chance call of :class:`Ctx` that has no recorded outcome yet; ``args[0]``
    holds the declared ``(outcome, probability)`` pairs (no Python ``__init__``: it is raised
    once per chance node, so it is kept as cheap as an exception can be)."""


# ---------------------------------------------------------------------- plain JSON data
_CONTAINERS = (dict, list)
_dumps, _loads = marshal.dumps, marshal.loads
_SCALARS = frozenset({int, str, bool, type(None)})  # float is checked for NaN and infinity
PLAIN = _SCALARS | {float}  # event values kept as they are (immutable)
_all_plain = PLAIN.issuperset


MAX_DEPTH = 100
"""Deepest nesting of a kit state's data: a list or dict inside another is one level (the
state dict itself is level 0). A list or dict that holds itself is refused by this bound too."""
MAX_VALUES = 1_000_000
"""Most values a kit state's data may hold: every item of every list and dict counts one (a
list shared at two places counts twice, as a copy or a save would write it twice)."""


def copy_data(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars), at C speed with ``marshal``.

    ``marshal`` writes exactly the JSON types (and a few more, which the kit's state checks
    refuse); it is only ever used on data in memory, never on a file. Format version 2 keeps
    no table of shared objects: faster for small data, and a copy never aliases within itself.
    Data ``marshal`` refuses (nested past its own bound, or holding other types) is copied by
    hand, within :data:`MAX_DEPTH` (:class:`InvalidGame` past it: data that holds itself).
    """
    try:
        return _loads(_dumps(value, 2))
    except ValueError:  # not marshallable: not JSON either; copied by hand (the check names it)
        return _copy_slow(value, 0)


def snapshot(value: Any) -> Any:
    """A frozen copy of plain JSON data that :func:`restore` turns back into fresh data as often
    as needed: ``marshal`` bytes (immutable), or a 1-tuple holding a copy made by hand when the
    data is not marshallable (then not JSON either: the state checks name what is wrong)."""
    try:
        return _dumps(value, 2)
    except ValueError:
        return (_copy_slow(value, 0),)


def restore(snap: Any) -> Any:
    """Fresh data equal to the data :func:`snapshot` was taken of (never aliasing the snapshot)."""
    if type(snap) is bytes:
        return _loads(snap)
    return _copy_slow(snap[0], 0)


def _too_deep(where: str = "the state data") -> InvalidGame:
    msg = (
        f"{where} is nested more than {MAX_DEPTH} levels deep, or holds itself (a list or dict "
        "inside itself); state data is a tree of plain JSON values: store a copy or an index instead"
    )
    return InvalidGame(msg)


def _copy_slow(value: Any, depth: int) -> Any:
    """A copy made by hand (of data ``marshal`` refused), at most :data:`MAX_DEPTH` deep: a
    recursion without that bound would overflow the C stack of the compiled build."""
    t = type(value)
    if t is not list and t is not dict:
        return value
    if depth >= MAX_DEPTH:
        raise _too_deep()
    if t is list:
        if _SCALARS.issuperset(map(type, value)):
            return value[:]
        return [(_copy_slow(v, depth + 1) if type(v) in _CONTAINERS else v) for v in value]
    if _SCALARS.issuperset(map(type, value.values())):
        return value.copy()
    return {k: (_copy_slow(v, depth + 1) if type(v) in _CONTAINERS else v) for k, v in value.items()}


def is_json(value: Any) -> bool:
    """Whether ``value`` is plain JSON data within the kit's bounds (:data:`MAX_DEPTH` levels,
    :data:`MAX_VALUES` values; see :func:`json_problem` for what is wrong)."""
    return _walk(value, 0, MAX_VALUES) >= 0


def _walk(value: Any, depth: int, left: int) -> int:
    """The values left of the budget ``left`` after ``value`` (-1: not JSON, too deep or too
    large). Bounded in depth (a list or dict holding itself ends here too) and in the values it
    visits, so a hostile or careless structure costs at most :data:`MAX_VALUES` steps."""
    t = type(value)
    if t is list:
        items: Any = value
    elif t is dict:
        if not _STR.issuperset(map(type, value)):
            return -1
        items = value.values()
    elif t in _SCALARS or (t is float and math.isfinite(value)):
        return left - 1
    else:
        return -1
    left -= len(value)
    if left < 0 or depth >= MAX_DEPTH:
        return -1
    if _SCALARS.issuperset(map(type, items)):
        return left
    for v in items:
        tv = type(v)
        if tv in _SCALARS:
            continue
        if tv is float:
            if not math.isfinite(v):
                return -1
            continue
        if tv is list and _SCALARS.issuperset(map(type, v)):  # no call for a list of scalars
            left -= len(v)
            if left < 0 or depth + 1 >= MAX_DEPTH:
                return -1
            continue
        left = _walk(v, depth + 1, left)
        if left < 0:
            return -1
    return left


_STR = frozenset({str})


def json_problem(value: Any, path: str = "state") -> str | None:
    """``None`` if ``value`` is plain JSON data within the kit's bounds, else where and what is
    wrong (the first problem found)."""
    if is_json(value):
        return None
    budget = [MAX_VALUES]
    problem = _first_problem(value, path, 0, [], budget)
    if problem is None and budget[0] < 0:
        return f"{path} holds more than {MAX_VALUES:,} values; state data may hold at most {MAX_VALUES:,}"
    return problem


def _first_problem(value: Any, path: str, depth: int, inside: list[int], budget: list[int]) -> str | None:
    """The first problem under ``value`` (``inside``: the ids of the containers on the way
    here, to tell a list or dict that holds itself from one that is merely deep)."""
    t = type(value)
    if t is dict or t is list:
        if id(value) in inside:
            return (
                f"{cut(path, 120)} holds itself (a list or dict inside itself); state data is a tree of "
                "plain JSON values: store a copy or an index instead"
            )
        if depth >= MAX_DEPTH:
            return f"{cut(path, 120)} is nested more than {MAX_DEPTH} levels deep; state data may nest at most {MAX_DEPTH} levels"
        budget[0] -= len(value)
        if budget[0] < 0:
            return None
        inside.append(id(value))
        if t is dict:
            for k, v in value.items():
                if type(k) is not str:
                    return f"{cut(path, 120)} has the key {quoted(k)} ({type(k).__name__}); keys must be strings"
                problem = _first_problem(v, f"{path}[{quoted(k, 24)}]", depth + 1, inside, budget)
                if problem or budget[0] < 0:
                    return problem
        else:
            for i, v in enumerate(value):
                problem = _first_problem(v, f"{path}[{i}]", depth + 1, inside, budget)
                if problem or budget[0] < 0:
                    return problem
        inside.pop()
        return None
    if t in _SCALARS:
        return None
    if t is float:
        return None if math.isfinite(value) else f"{cut(path, 120)} is {value}; JSON has no NaN or infinity"
    hint = "a list" if isinstance(value, tuple | set | frozenset) else "ints, floats, strings, lists or dicts"
    return f"{cut(path, 120)} is a {t.__name__} ({quoted(value, 40, text=True)}); state data must be plain JSON: use {hint}"


def check_nesting(value: Any, where: str) -> None:
    """:class:`InvalidGame` unless ``value`` (any lists, tuples and dicts) is at most
    :data:`MAX_DEPTH` deep and holds at most :data:`MAX_VALUES` values (what an event's data or
    a view may hold before anything copies or freezes it)."""
    if _extent(value, 0, MAX_VALUES) < 0:
        raise _too_deep(where)


def _extent(value: Any, depth: int, left: int) -> int:
    t = type(value)
    if t is dict:
        items: Any = value.values()
    elif t is list or t is tuple:
        items = value
    elif isinstance(value, dict):
        items = value.values()
    elif isinstance(value, list | tuple):
        items = value
    else:
        return left - 1
    left -= len(value)
    if left < 0 or depth >= MAX_DEPTH:
        return -1
    for v in items:
        if type(v) in PLAIN:
            continue
        left = _extent(v, depth + 1, left)
        if left < 0:
            return -1
    return left


@lru_cache(maxsize=256)
def _die(sides: int) -> list[tuple[Action, float]]:
    p = 1.0 / sides
    return [(Action(ROLL, (f,)), p) for f in range(1, sides + 1)]


@lru_cache(maxsize=1024)
def _uniform(n: int) -> list[tuple[Action, float]]:
    p = 1.0 / n
    return [(Action(DRAW, (i,)), p) for i in range(n)]


@mypyc_attr(allow_interpreted_subclasses=True)
class Ctx:
    """What the rules functions may use besides the state data.

    Attributes
    ----------
    players : int
        Number of players.
    params : lab.kit.game.CtxParams
        The variant's parameters (a read-only mapping; ``ctx.params["name"]`` or ``ctx.params.name``).
    player : int or None
        The seat making the move being run (``None`` in ``setup`` and for legality checks of
        no particular seat).
    phase : str
        The current phase.
    turn : int
        How many turns have ended.

    Compiled with the engine (:mod:`lab.native`): the rules call it on every step. A state
    makes one context and resets its per-step fields (see ``KitSteps._run``).
    """

    def __init__(
        self, game: Any, player: int | None, control: list[Any], draws: Sequence[Action] = (), state: Any = None,
    ) -> None:
        self.game: Any = game  # the KitGame variant
        self._players: int = game.players
        self.params: Any = game.ctx_params
        self.max_die: int = game.definition.max_die
        self.max_draw: int = game.definition.max_draw
        self._player: Any = player  # set by the kit for every part it runs (ctx.player reads it)
        self._state: Any = state  # the state whose history length the step's events are logged at
        self._probe: Any = None  # a chance declaration runs: True, or the node it needs (see _need)
        # the state's control record ``[active seats, simultaneous?, phase, turn]``: never
        # changed in place; end_turn / all_move / set_phase put a new one here
        self._control: list[Any] = control
        self._draws: Any = draws
        self._used: int = 0
        self.events: list[Event] | None = None

    @property
    def player(self) -> Any:
        """The seat making the move being run (``None`` in ``setup``). Read-only: the kit sets
        it for every part it runs; a move changes whose turn it is with :meth:`end_turn`."""
        return self._player

    @player.setter
    def player(self, value: Any) -> None:
        msg = (
            f"ctx.player is read-only (the seat making this move, set by the kit), not {quoted(value)}: "
            "change whose turn it is with ctx.end_turn(next=seat) or ctx.all_move(seats)"
        )
        raise InvalidGame(msg)

    @property
    def players(self) -> int:
        """Number of players of the variant (read-only)."""
        return self._players

    @players.setter
    def players(self, value: Any) -> None:
        raise InvalidGame(f"ctx.players is read-only (the variant's number of players), not {quoted(value)}")

    @property
    def phase(self) -> str:
        """The current phase (see :meth:`set_phase`)."""
        return self._control[2]  # type: ignore[no-any-return]

    @property
    def turn(self) -> int:
        """How many turns have ended (:meth:`end_turn`)."""
        return self._control[3]  # type: ignore[no-any-return]

    @property
    def active(self) -> list[int]:
        """The seats to act next (a copy)."""
        return list(self._control[0])

    @property
    def simultaneous(self) -> bool:
        """Whether the active seats act at the same time (:meth:`all_move`)."""
        return self._control[1]  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ chance
    def roll(self, sides: int = 6) -> int:
        """A fair die with faces ``1..sides`` (a chance node ``rolled(face)``)."""
        used = self._used
        if used < len(self._draws):  # the recorded outcome (inlined _recorded: the hot path)
            self._used = used + 1
            return self._draws[used].args[0]  # type: ignore[return-value]
        limit = self.max_die
        if type(sides) is not int or not 1 <= sides <= limit:  # a bool is not a number of sides
            msg = f"ctx.roll(sides): sides must be a whole number 1..{limit} (define_game(max_die=...)), not {sides!r}"
            raise InvalidGame(msg)
        outcomes = _die(sides)
        if self._probe is True:  # in a chance declaration (see _need, inlined: the hot path)
            self._probe = outcomes
            return 1
        raise NeedChance(outcomes)

    def _need(self, outcomes: list[tuple[Action, float]], stand_in: Any) -> Any:
        """No recorded outcome: the chance node ``outcomes`` is needed. Inside a part: raise
        :class:`NeedChance`. Inside a chance declaration (``_probe`` is True, see
        ``KitSteps._run``): note the node and return ``stand_in`` (an outcome), which saves
        raising an exception through the designer's code; the declaration's result is thrown
        away, and a second chance call in it raises."""
        if self._probe is True:
            self._probe = outcomes
            return stand_in
        raise NeedChance(outcomes)

    def draw(self, items: Sequence[Any], weights: Sequence[float] | None = None) -> Any:
        """One of ``items`` at random (uniform, or proportional to ``weights``): a chance node
        ``drawn(i)`` whose outcome is the index of the drawn item."""
        used = self._used
        if used < len(self._draws):  # the recorded outcome (inlined _recorded: the hot path)
            self._used = used + 1
            return items[self._draws[used].args[0]]  # type: ignore[index]
        n = len(items)
        limit = self.max_draw
        if not 1 <= n <= limit:
            msg = f"ctx.draw(items): 1..{limit} items (define_game(max_draw=...)), got {n}"
            raise InvalidGame(msg)
        if weights is None:
            return self._need(_uniform(n), items[0])
        if len(weights) != n or any(not w >= 0 for w in weights) or not sum(weights) > 0:
            msg = f"ctx.draw(items, weights): one weight >= 0 per item, not all zero; got {list(weights)[:8]}"
            raise InvalidGame(msg)
        total = float(sum(weights))
        outcomes = [(Action(DRAW, (i,)), w / total) for i, w in enumerate(weights) if w > 0]
        return self._need(outcomes, items[outcomes[0][0].args[0]])  # type: ignore[index]

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        """A new list: ``items`` in a random order (one ``drawn`` node per position but the last)."""
        rest = list(items)
        out = []
        while len(rest) > 1:
            out.append(rest.pop(self.draw(range(len(rest)))))
        return out + rest

    def deal(self, items: Sequence[Any], hands: int, count: int) -> tuple[list[list[Any]], list[Any]]:
        """Shuffle ``items`` and deal ``count`` to each of ``hands`` hands: ``(hands, rest)``."""
        if hands * count > len(items):
            msg = f"ctx.deal: {hands} hands of {count} need {hands * count} items, there are {len(items)}"
            raise InvalidGame(msg)
        order = self.shuffle(items)
        return [order[h * count:(h + 1) * count] for h in range(hands)], order[hands * count:]

    # ------------------------------------------------------------------ turn order, phases
    def end_turn(self, next: int | None = None) -> None:  # noqa: A002 - the natural word
        """End the turn: ``next`` (default: the seat after the mover) acts alone next."""
        control = self._control
        if next is None:  # the seat after the mover: a valid seat, nothing to check
            base = self._player if self._player is not None else (control[0][0] if control[0] else -1)
            self._control = [[(base + 1) % self._players], False, control[2], control[3] + 1]
            return
        if isinstance(next, bool) or not isinstance(next, int) or not 0 <= next < self._players:
            msg = f"ctx.end_turn(next): next must be a seat 0..{self._players - 1}, not {quoted(next)}"
            raise InvalidGame(msg)
        self._control = [[next], False, control[2], control[3] + 1]

    def all_move(self, seats: Sequence[int] | None = None) -> None:
        """Next, ``seats`` (default: every seat) choose their moves at the same time."""
        if not self.game.definition.simultaneous:
            msg = (
                f"ctx.all_move: {self.game.name} was defined without simultaneous moves (declared, or "
                "read from its functions, none of which names ctx.all_move); declare "
                "define_game(..., simultaneous=True)"
            )
            raise InvalidGame(msg)
        chosen = list(range(self._players)) if seats is None else sorted(set(seats))
        if not chosen or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < self._players for s in chosen):
            msg = f"ctx.all_move(seats): a non-empty list of seats 0..{self._players - 1}, not {quoted(seats)}"
            raise InvalidGame(msg)
        control = self._control
        self._control = [chosen, True, control[2], control[3]]

    def set_phase(self, phase: str) -> None:
        """Enter ``phase`` (one of the phases named by the moves)."""
        phases = self.game.definition.phases
        if phase not in phases:
            msg = f"ctx.set_phase({phase!r}): unknown phase; the moves name {', '.join(phases)}"
            raise InvalidGame(msg)
        control = self._control
        self._control = [control[0], control[1], phase, control[3]]

    def others(self, seat: int | None = None) -> list[int]:
        """Every seat but ``seat`` (default: the mover), in seat order."""
        me = self._player if seat is None else seat
        return [p for p in range(self._players) if p != me]

    # ------------------------------------------------------------------ events
    def log(self, clause: str, kind: str, visible_to: Sequence[int] | None = None, **data: Any) -> None:
        """Record an event for the rule ``clause`` (kept only when the step completes).

        The keyword dict is this call's own: frozen when the event is first handed out (see
        :meth:`lab.core.state.State._frozen_events`); a container among its values (which may
        be the state's own) is copied now (:func:`private_fields`).
        """
        if visible_to is not None:
            visible_to = tuple(int(p) for p in visible_to)
        for value in data.values():  # a plain loop: compiled, cheaper than a set test of a map
            if type(value) not in PLAIN:
                data = private_fields(data)
                break
        state = self._state
        event = _new_item(Event, (clause, kind, data, visible_to, -1 if state is None else len(state._history)))
        events = self.events
        if events is None:
            self.events = [event]
        else:
            events.append(event)


def private_fields(data: dict[str, Any]) -> dict[str, Any]:
    """An event's data (the dict ``ctx.log`` made), made private to the event: scalars as they
    are, a list of scalars copied (it may be the state's own), anything else a frozen copy. The
    dict is frozen, deep, when the event is first handed out, so a playout that never looks
    pays only a copy. ``data`` is changed in place (``ctx.log``'s keyword dict is its own)."""
    for k, v in data.items():  # new values for existing keys: the dict keeps its size
        t = type(v)
        if t not in PLAIN:
            if t is list and _all_plain(map(type, v)):
                data[k] = v[:]
            else:
                check_nesting(v, f"ctx.log({k}=...)")  # before freeze walks it (no bound of its own)
                data[k] = freeze(v)
    return data
