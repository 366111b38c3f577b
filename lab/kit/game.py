"""The Game class of kit games, and :func:`define_game` which makes one from plain functions."""

from __future__ import annotations

import dataclasses
import itertools
import math
import sys
import types
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

import lab.kit.guard as guard
import lab.kit.made as made
from lab.core.actions import Action, ActionSpec, Field
from lab.core.budget import MAX_ACTIONS, MAX_HISTORY, MAX_PLAYERS, Budget
from lab.core.errors import ConformanceError, InvalidGame, InvalidVariant, quoted
from lab.core.frozen import FrozenDict, thaw
from lab.core.game import Game
from lab.core.identity import Identity, identity_of
from lab.core.params import ParamSpec
from lab.core.presentation import Presentation
from lab.kit.context import DRAW, ROLL
from lab.kit.definition import (
    GameDef,
    Move,
    build_definition,
    domain_values,
    replacing_chance,
    variant_utility,
)
from lab.kit.render import KitPresentation
from lab.kit.state import KitState

_counter = itertools.count(1)
_INT_STR = frozenset({int, str})
MAX_COMBINATIONS = MAX_ACTIONS  # actions of one move, all enumerated once per game (legal actions, codes)
AUDITED_STEPS = 256
"""Steps (and legality tests) of each variant, in each process, that the driver's fast path
runs with every check of the checked API (plain JSON data, chance declarations, ``end`` and
legality tests that leave the state alone): a careless definition is caught by ``lab.play``
and ``lab.simulate`` too, at a cost spread over a whole run."""


class CtxParams(FrozenDict):
    """The variant's parameters as the rules read them: ``ctx.params["target"]`` or
    ``ctx.params.target``, read-only. A read-only ``dict``: the rules look parameters up on
    every step, and a dict's own lookup is several times faster than a Python ``__getitem__``."""

    __slots__ = ()

    def __getattr__(self, key: str) -> Any:
        if key.startswith("__"):  # not a parameter (copy, pickle, ...)
            raise AttributeError(key)
        try:
            return self[key]
        except KeyError:
            msg = f"no parameter {key!r}; the parameters are {', '.join(self) or 'none'}"
            raise AttributeError(msg) from None


class _ClassOrInstance:
    """A method that works on a game or on its class (then on the default variant)."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self.__doc__ = fn.__doc__

    def __get__(self, obj: Any, cls: type) -> Callable[..., Any]:
        # a bound method (not a functools.partial): help() and the signature show the method's
        return types.MethodType(self.fn, obj if obj is not None else cls())


class KitGame(Game):
    """Base class of the games made by :func:`define_game` (one subclass per definition)."""

    definition: ClassVar[GameDef]
    perfect_information: ClassVar[bool] = True
    #: whether some step lets several seats move at once (define_game's ``simultaneous``)
    simultaneous_moves: ClassVar[bool] = False
    presentation: ClassVar[Presentation] = KitPresentation()

    def __init__(self, params: Mapping[str, Any] | None = None, /, **kwargs: Any) -> None:
        d = self.definition
        self.move_functions: dict[str, Callable[..., Any]] = {}
        self._domains: dict[str, list[range | tuple[Any, ...]]] = {}
        super().__init__(params, **kwargs)
        self.players = self.num_players()
        # what the game is under this variant (define_game's utility, utility_sum, utility_range)
        self.utility, self._utility_sum, self._utility_range = variant_utility(d, self.params)  # type: ignore[misc]
        self.audits = AUDITED_STEPS  # fast-path steps still to check in full (see KitSteps._run)
        self.step_ms = int(d.max_seconds * 1000)  # the CPU-time guard's limit (lab.kit.guard)
        guard.watch()
        # per phase: (move, its actions over the whole domain) in declaration order
        all_actions: dict[str, list[Action]] = {}
        for mv in d.moves:
            doms = self._domains[mv.name]
            all_actions[mv.name] = [Action(mv.name, tuple(args)) for args in itertools.product(*doms)]
            self.move_functions[mv.name] = mv.fn
        # the parameters as the rules read them (ctx.params), and what a transition runs (see
        # KitSteps._run): looked up once here, not on every step
        self.ctx_params = CtxParams(self.params.items())  # the values are immutable already (Params)
        # set once a chance call inside a part made a step re-run: from then on the driver fast
        # path snapshots the data before every step (see KitSteps._run)
        self.reruns = False
        self.runner = (
            {mv.name: (mv.fn, mv.chance) for mv in d.moves}, d.after, d.after_chance,
            d.end, d.max_length,
        )
        self.phase_moves: dict[str, list[Move]] = {
            phase: [mv for mv in d.moves if not mv.phase or phase in mv.phase] for phase in d.phases
        }
        # per phase: every action of its moves (in declaration order), and the moves with their
        # actions, options and legality tests — None when the phase has neither (static actions)
        self.static_actions: dict[str, list[Action]] = {
            phase: [a for mv in moves for a in all_actions[mv.name]] for phase, moves in self.phase_moves.items()
        }
        self.move_table: dict[str, list[tuple[Any, ...]] | None] = {}
        # options -> actions, by argument tuple
        self._by_args: dict[str, dict[tuple[Any, ...], Action]] = {
            name: {a.args: a for a in actions} for name, actions in all_actions.items()
        }
        # one-argument moves whose domain holds no bools: options may give the bare values
        self._by_value: dict[str, dict[Any, Action]] = {
            mv.name: {a.args[0]: a for a in all_actions[mv.name]}
            for mv in d.moves
            if len(mv.domains) == 1 and not any(type(a.args[0]) is bool for a in all_actions[mv.name])
        }
        # per phase, what KitState._legal_actions goes through: (move, its actions, options,
        # legality test, its one action when it has no arguments, its actions by bare value)
        for phase, moves in self.phase_moves.items():
            self.move_table[phase] = None if all(mv.legal is None and mv.options is None for mv in moves) else [
                (mv, all_actions[mv.name], mv.options, mv.legal, None if mv.domains else all_actions[mv.name][0], self._by_value.get(mv.name))
                for mv in moves
            ]

    # ------------------------------------------------------------------ Game hooks
    def budget(self) -> list[Budget]:
        """The variant's sizes under the bounds every game has (:mod:`lab.core.budget`):
        players, action codes (every move's argument combinations, the die faces and draw
        indexes the chance nodes may use: a legal-action mask holds one entry per code) and the
        longest game's save codes. Checked before anything is built from the parameters."""
        d = self.definition
        players = int(self.params["players"])
        sizes = [f"{ROLL} {d.max_die}", f"{DRAW} {d.max_draw}"]
        codes = d.max_die + d.max_draw
        for mv in d.moves:
            size = 1
            parts = []
            for arg, dom in mv.domains:
                values = domain_values(mv, arg, dom, self.params, limit=MAX_ACTIONS + 1)
                n = _count(values)
                parts.append(f"{n:,} {arg}")
                size *= n
            codes += size
            sizes.append(f"{mv.name} {' x '.join(parts) + ' = ' if len(parts) > 1 else ''}{size:,}")
        shown = "; ".join(sizes)
        if len(shown) > 300:
            shown = shown[:297] + "..."
        return [
            Budget("players", players, MAX_PLAYERS, ("players",)),
            Budget(f"action codes ({shown})", codes, MAX_ACTIONS, ("the moves' domains", "max_die", "max_draw")),
            Budget("save codes (longest game: max_length steps x players)", d.max_length * players, MAX_HISTORY,
                   ("max_length", "players")),
        ]

    # ------------------------------------------------------------------ definition digest
    @classmethod
    def definition_identity(cls) -> Identity:
        """The digest of what this definition does (:mod:`lab.core.identity`): every function
        that plays a part (setup, moves with their domains, legality tests, options and chance,
        end, after, view, metrics, progress, resample) with the globals and closure variables
        they read, the parameters, the hidden fields and the limits. Its name, title, docs,
        board drawing and move descriptions are left out (they change no game)."""
        d = cls.definition
        moves = [
            [mv.name, mv.fn, [[arg, dom] for arg, dom in mv.domains], mv.legal, mv.options, list(mv.phase), mv.chance]
            for mv in d.moves
        ]
        params = [
            [p.name, p.kind, thaw(p.default), None if p.choices is None else [thaw(c) for c in p.choices],
             p.minimum, p.maximum, p.check]
            for p in d.parameters
        ]
        return identity_of(
            cls.rules_version, params, d.setup, moves, d.end, dict(d.hidden), d.view, d.after, d.after_chance,
            d.metrics, d.progress, d.resample, d.max_length, d.max_die, d.max_draw, list(d.phases),
            home=getattr(d.setup, "__module__", None),
        )

    def definition_record(self) -> dict[str, str]:
        """What saves and run records store: the game's name and its definition's digest (and
        what could not be established, if anything)."""
        ident = self.definition_identity()
        out = {"name": self.name, "hash": ident.digest}
        if ident.doubts:
            out["doubt"] = ident.why()[:400]
        return out

    def definition_problem(self, saved: Any) -> str | None:
        """Why a file's definition record is not provably this game's definition (``None``:
        it is). A file without one (written before definition digests) is replayed with a
        warning: nothing in it can tell its definition from this one."""
        if saved is None:
            warnings.warn(
                f"this file of {self.name!r} was written before kit definitions had digests: it is replayed "
                "under the definition loaded now, which cannot be checked against the one it was made with",
                UserWarning, stacklevel=4,
            )
            return None
        if not isinstance(saved, Mapping) or not isinstance(saved.get("hash"), str):
            return 'its definition record must be {"name": game, "hash": digest}'
        mine = self.definition_identity()
        if saved.get("doubt"):
            return (
                f"when it was written, the definition of {self.name!r} could not be identified "
                f"({quoted(saved['doubt'], 200, text=True)}), so no definition can be proven to be the one it used"
            )
        if mine.doubts:
            return (
                f"the definition of {self.name!r} loaded now cannot be identified ({mine.why()}), so it cannot be "
                "proven to be the one the file was made with; make what its functions read plain data "
                "(numbers, strings, lists, dicts) or functions"
            )
        if mine.digest != saved["hash"]:
            return (
                f"it was made with another definition of {self.name!r} (digest {quoted(saved['hash'], 40, text=True)}; "
                f"the definition loaded now has {mine.digest}): a move, setup, end or another part changed, or a "
                "value one of them reads. Load it with the definition it was made with "
                "(state_from_json(text, game=ThatGame()), or lab.register it)"
            )
        return None

    def action_specs(self) -> list[ActionSpec]:
        d = self.definition
        specs = []
        for mv in d.moves:
            doms = [domain_values(mv, arg, dom, self.params) for arg, dom in mv.domains]
            self._domains[mv.name] = doms
            fields = tuple(Field(arg, dom) for (arg, _), dom in zip(mv.domains, doms, strict=True))
            spec = ActionSpec(mv.name, fields, mv.doc)
            if spec.size > MAX_COMBINATIONS:
                sizes = " x ".join(f"{len(dom)} {arg}" for (arg, _), dom in zip(mv.domains, doms, strict=True))
                msg = f"move {mv.name!r} has {sizes} = {spec.size:,} argument combinations; at most {MAX_COMBINATIONS:,}: narrow its domains"
                raise InvalidGame(msg)
            specs.append(spec)
        specs.append(ActionSpec(ROLL, (Field("face", range(1, d.max_die + 1)),), "chance: a die face"))
        specs.append(ActionSpec(DRAW, (Field("index", range(d.max_draw)),), "chance: the index of a drawn item"))
        return specs

    def new_initial_state(self) -> KitState:
        return KitState(self)

    def max_game_length(self) -> int:
        """The kit's safety limit: a game still running after this many steps (chance
        included) ends as *unfinished* (event ``KIT-LIMIT``, ``state.stopped_by``; column ``unfinished`` = 1)."""
        return self.definition.max_length

    def utility_range(self) -> tuple[float, float]:
        """The lowest and highest return of a seat, as declared (``define_game(utility_range=...)``,
        default (-1, 1)); ``check()`` refuses a game that returns anything outside it."""
        return self._utility_range

    def utility_sum(self) -> float | None:
        """What every game's returns add up to: 0 when zero-sum, ``utility_sum`` when constant-sum."""
        return self._utility_sum

    def returns_problem(self, returns: list[float]) -> str | None:
        """As :meth:`lab.Game.returns_problem`, with what to declare in ``define_game``."""
        problem = super().returns_problem(returns)
        if problem is None:
            return None
        if "utility_range" in problem:
            low, high = min(min(returns), self._utility_range[0]), max(max(returns), self._utility_range[1])
            fix = f"declare define_game(utility_range=({low:g}, {high:g}))"
        else:
            fix = "declare what the returns are (define_game(utility='general_sum') when they vary), or fix end"
        return f"{self.name}: {problem}; {fix}"

    def unfinished_returns(self) -> list[float]:
        """The returns of a game the safety limit ends: 0 each (an equal share of
        ``utility_sum`` in a constant-sum game, so that it stays constant-sum)."""
        n = self.players
        share = (self._utility_sum or 0.0) / n
        return [share] * n

    def board(self, state: Any = None) -> Any:
        d = self.definition
        if d.board is None:
            raise NotImplementedError(f"{self.name} declares no board (define_game(board=...))")
        return d.board(self.params)

    def accounting(self) -> list[Any]:
        d = self.definition
        return [] if d.accounting is None else list(d.accounting(self))

    # ------------------------------------------------------------------ helpers for the state
    def normalise_result(self, result: Any) -> list[float] | None:
        """``end``'s answer as returns: ``None`` (go on), a winner seat, or one number per seat."""
        if result is None:
            return None
        n = self.num_players()
        if isinstance(result, bool):
            pass
        elif isinstance(result, int):
            if 0 <= result < n:
                if n == 1:
                    return [1.0]
                return [1.0 if p == result else -1.0 / (n - 1) for p in range(n)]
        elif isinstance(result, Sequence) and not isinstance(result, str) and len(result) == n:
            try:
                returns = [float(v) for v in result]
            except (TypeError, ValueError, OverflowError):
                pass
            else:
                if all(map(math.isfinite, returns)) and not any(isinstance(v, bool) for v in result):
                    return returns
        msg = (
            f"end(state, ctx) must return None (the game goes on), the winning seat 0..{n - 1}, "
            f"or one finite return per seat ({n} numbers, no NaN or infinity), not {quoted(result, 80)}"
        )
        raise InvalidGame(msg)

    def checked_options(self, mv: Move, options: Iterable[Any]) -> list[Action]:
        """The actions of an ``options`` generator, each checked against the move's domains."""
        by_value = self._by_value.get(mv.name)
        if by_value is not None:  # a one-argument move: options may give bare values
            values = options if type(options) is list else list(options)
            if _INT_STR.issuperset(map(type, values)):  # never a bool for an int (True == 1)
                try:
                    return list(map(by_value.__getitem__, values))
                except KeyError:
                    pass  # not an action: named below
            options = values
        table = self._by_args[mv.name]
        out = []
        for args in options:
            key = tuple(args) if type(args) in (tuple, list) else (args,)
            a = table.get(key)
            if a is not None and any(type(x) is not type(y) for x, y in zip(key, a.args, strict=True)):
                a = None  # True == 1 as a key, but True is not the action's 1
            if a is None:
                a = Action(mv.name, key)
                doms = ", ".join(f"{n}={self._domains[mv.name][i]!r}" for i, (n, _) in enumerate(mv.domains))
                msg = f"options of move {mv.name!r} gave {a}, which is not an action of its domains ({doms or 'no arguments'})"
                raise InvalidGame(msg)
            out.append(a)
        return out

    @_ClassOrInstance
    def check(self, n_games: int = 3, seed: int = 0) -> dict[str, int]:
        """Play ``n_games`` random games checking every engine contract and that no view shows a
        hidden field; :class:`InvalidGame` / ``ConformanceError`` name what is wrong."""
        from lab.checks.conformance import check_game
        from lab.checks.probes import audit_game
        from lab.kit.probe import kit_probe

        report = check_game(self, n_games=n_games, seed=seed)
        try:
            audit = audit_game(self, kit_probe(self), n_games=n_games, seed=seed)
        except ConformanceError as exc:
            part = "view(state, seat)" if self.definition.view is not None else "the default view"
            fields = ", ".join(f"{k!r} ({v})" for k, v in self.definition.hidden.items())
            msg = (
                f"{self.name}: {part} shows a seat what it may not see — {exc}. A view must hide "
                f"the hidden fields {fields} from the seats that may not see them"
            )
            raise InvalidGame(msg) from None
        return {"games": report.games, "steps": report.steps, "views": audit.views}

    def tabulate(self, max_nodes: int | None = None) -> Any:
        """Every state, information set and transition of this variant, enumerated once into
        arrays (:class:`lab.kit.table.GameTable`; at most ``max_nodes`` states, default
        :data:`lab.kit.table.MAX_NODES`). Exact solvers then never run the rules again:
        ``lab.adapters.openspiel.from_table(table)`` is an OpenSpiel game (C++) of the table.

        Examples
        --------
        >>> table = Kuhn().tabulate()      # doctest: +SKIP
        >>> table                          # doctest: +SKIP
        kuhn_poker: 58 nodes (30 terminal, 4 chance), 12 information sets
        """
        from lab.kit.table import MAX_NODES, tabulate

        return tabulate(self, MAX_NODES if max_nodes is None else max_nodes)

    @classmethod
    def derive(cls, name: str | None = None, **changes: Any) -> type[KitGame]:
        """A new game: this definition with some parts replaced — one rule changed.

        A keyword naming a move replaces that move's function (its domains, legality and
        phase are kept, and its declared chance when the new function takes the outcome as its
        last argument; pass a :func:`lab.kit.move` declaration to change those too); any other
        keyword is a :func:`define_game` part (``end``, ``after``, ``setup``, ``params``...;
        a new ``after`` keeps the declared chance likewise).

        Examples
        --------
        >>> SoftPig = Pig.derive("soft_pig", roll=soft_roll)   # doctest: +SKIP
        """
        d = cls.definition
        changed = ", ".join(k for k in changes if k not in ("title", "doc")) or "copy"
        moves = []
        for mv in d.moves:
            if mv.name in changes:
                new = changes.pop(mv.name)
                if not isinstance(new, Move):  # the die stays when the new function takes its outcome
                    new = dataclasses.replace(mv, fn=new, chance=replacing_chance(new, mv.chance, 2 + len(mv.domains)))
                mv = new
            moves.append(mv)
        parts: dict[str, Any] = {
            f.name: getattr(d, f.name) for f in dataclasses.fields(d)
            if f.name not in ("name", "moves", "parameters", "phases")
        }
        parts.update(players=d.parameters[0], params=d.parameters[1:], moves=moves)
        unknown = sorted(set(changes) - set(parts) - {"rules_version"})
        if unknown:
            names = ", ".join(mv.name for mv in d.moves)
            msg = f"{cls.name}.derive: {unknown[0]!r} is neither a move ({names}) nor a part of define_game"
            raise InvalidGame(msg)
        if "after" in changes and "after_chance" not in changes:
            parts["after_chance"] = replacing_chance(changes["after"], d.after_chance, 2)
        parts.update(changes)
        parts["title"] = changes.get("title") or f"{cls.title} ({changed})"
        return define_game(name or f"{cls.name}_variant", **parts)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.params_to_dict(),))


def define_game(
    name: str,
    *,
    setup: Callable[..., Any],
    moves: Sequence[Any] | Mapping[str, Any],
    end: Callable[..., Any],
    players: int | tuple[int, int] | ParamSpec | None = None,
    params: Sequence[ParamSpec] = (),
    hidden: Mapping[str, str] | None = None,
    view: Callable[..., Any] | None = None,
    after: Callable[..., Any] | None = None,
    after_chance: Callable[..., Any] | None = None,
    board: Callable[..., Any] | None = None,
    max_length: int | None = None,
    metrics: Callable[..., Any] | None = None,
    progress: Callable[..., Any] | None = None,
    describe: Callable[..., Any] | None = None,
    resample: Callable[..., Any] | None = None,
    accounting: Callable[..., Any] | None = None,
    max_die: int | None = None,
    max_draw: int | None = None,
    max_seconds: float | None = None,
    title: str = "",
    doc: str = "",
    rules_version: int = 1,
    utility: str | Callable[..., Any] | None = None,
    utility_sum: float | Callable[..., Any] | None = None,
    utility_range: tuple[float, float] | Callable[..., Any] | None = None,
    simultaneous: bool | None = None,
) -> type[KitGame]:
    """Make a game from plain data and functions; returns its Game class.

    Parameters
    ----------
    name : str
        The game's name (``lab.register`` then ``lab.load(name)``).
    setup : callable
        ``setup(ctx) -> dict``: the initial state, plain JSON data. May use chance
        (``ctx.shuffle``, ``ctx.deal``) and pick who starts (``ctx.end_turn(next=...)``,
        ``ctx.all_move()``). Seat 0 starts by default.
    moves : list or dict
        Move functions ``fn(state, ctx, *args)`` changing the state in place; :func:`lab.kit.move`
        declares argument domains, legality and phases. The mover is ``ctx.player``; chance only
        through ``ctx.roll/draw/shuffle/deal``, best declared up front with
        ``@lab.move(chance=...)`` (see :func:`lab.kit.chance`: the move then runs once, with the
        outcome as its last argument); turn order through ``ctx.end_turn`` (a move that
        does not end the turn leaves the same seat to act) and ``ctx.all_move`` (simultaneous
        moves, applied in seat order as one step); phases through ``ctx.set_phase``.
    end : callable
        ``end(state, ctx)``: ``None`` while the game goes on, else the winning seat or one
        return per seat. Checked after setup and after every step.
    players : int, (min, max) or ParamSpec
        Number of players (default 2), or the ``players`` parameter.
    params : sequence of ParamSpec
        The variant parameters (``ctx.params[...]``); the variant editor, sweeps and the
        conformance variants come from them.
    hidden : dict, optional
        Hidden fields of the state: ``"owner"`` (a list with one entry per seat; a seat sees its
        own entry and only the size of the others), ``"nobody"`` (a deck: only its size shows).
    view : callable, optional
        ``view(state, seat) -> dict``: what ``seat`` (``None``: a spectator) may see, instead of
        ``hidden`` (boardgame.io's ``playerView``). Declare ``hidden`` too so the audit checks it.
    after : callable, optional
        ``after(state, ctx)``: run after every step (e.g. resolve simultaneous bids).
        ``@lab.chance(declare)`` on it (or ``after_chance=declare``) declares its chance up
        front: ``after(state, ctx, outcome)`` then runs once, with the outcome.
    board : callable, optional
        ``board(params) -> networkx.Graph`` with node attribute ``pos`` (drawn by the default
        view; nodes are clickable when a move's first argument is a node).
    max_length : int, optional
        The kit's safety limit in steps (default 10 000): a longer game ends *unfinished*.
    metrics, progress, describe, resample, accounting : callable, optional
        ``metrics(state) -> dict`` (extra table columns), ``progress(state) -> list`` (lead
        statistics), ``describe(action) -> str`` (button labels), ``resample(state, seat, rng)``
        (hidden parts redrawn for searching players), ``accounting(game) -> list`` (lint checks).
    max_die, max_draw : int, optional
        The largest die (default 20) and the most items of one draw (default 64).
    utility : str, optional
        What the returns of every finished game add up to: ``"zero_sum"`` (0: one seat's gain
        is the others' loss, e.g. when ``end`` names a winner), ``"constant_sum"`` (then
        ``utility_sum=...``), ``"identical"`` or ``"general_sum"`` (the default). Or a function
        of the parameters giving one of those. Adapters declare it (OpenSpiel's exploitability
        needs a zero- or constant-sum game); ``check()`` verifies it on every game it plays.
    utility_range : (float, float), optional
        The lowest and highest return a seat can get (default ``(-1, 1)``; a function of the
        parameters may give it). ``check()`` refuses returns outside it.
    simultaneous : bool, optional
        Whether some step lets several seats move at once (``ctx.all_move``). By default the
        kit reads it from the functions (does any of them, or a function of its module they
        call, use ``ctx.all_move``?); ``ctx.all_move`` in a game without them raises an
        :class:`InvalidGame` naming this. Adapters declare sequential games as sequential.
    max_seconds : float, optional
        CPU seconds a step (a move with its ``after`` and ``end``, the setup, a legality test)
        may run before it is stopped with :class:`InvalidGame` (default 10; see
        :mod:`lab.kit.guard`).

    A variant is bounded as the seed games' are (:mod:`lab.core.budget`): at most 64 players,
    10,000 action codes (every move's argument combinations plus ``max_die`` and ``max_draw``)
    and a longest game of ``max_length x players`` save codes under 1,000,000.

    Raises
    ------
    InvalidGame
        Naming the part of the definition that is missing or wrong, and what to write.
    """
    d = build_definition(
        name, setup=setup, moves=moves, end=end, players=players, params=params, hidden=hidden,
        view=view, after=after, after_chance=after_chance, board=board, max_length=max_length, metrics=metrics,
        progress=progress, describe=describe, resample=resample, accounting=accounting,
        max_die=max_die, max_draw=max_draw, max_seconds=max_seconds, title=title, doc=doc, utility=utility,
        utility_sum=utility_sum, utility_range=utility_range, simultaneous=simultaneous,
    )
    qualname = f"{name}_{next(_counter)}"
    namespace = {
        "name": name,
        "title": title or name.replace("_", " ").title(),
        "rules_version": rules_version,
        "PARAMETERS": d.parameters,
        "definition": d,
        "perfect_information": not d.hidden and d.view is None,
        "simultaneous_moves": d.simultaneous,
        "__module__": made.__name__,
        "__qualname__": qualname,
        "__doc__": doc or f"The game {name!r}, defined with lab.define_game.",
    }
    cls = type(qualname, (KitGame,), namespace)
    setattr(made, qualname, cls)  # found by module + qualname in this process (and forks)
    caller = sys._getframe(1).f_globals.get("__name__", "")
    cls.defined_in = caller  # type: ignore[attr-defined]
    try:
        cls().new_initial_state()  # the default variant must build: domains and setup checked now
    except InvalidGame:
        delattr(made, qualname)
        raise
    except InvalidVariant as exc:  # the default variant past a bound (lab.core.budget)
        delattr(made, qualname)
        raise InvalidGame(f"define_game {name!r}: its default variant is too large: {exc}") from None
    return cls


def _count(values: range | tuple[Any, ...]) -> int:
    """The number of values of a domain (a range past ``sys.maxsize`` included)."""
    if isinstance(values, range):
        step = values.step
        span = values.stop - values.start
        return max(0, (span + step - (1 if step > 0 else -1)) // step)
    return len(values)
