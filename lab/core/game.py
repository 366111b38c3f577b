"""The Game base class: rules object, parameters (variants), action encoding, board graph."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from lab.core.actions import Action, ActionCodec, ActionSpec
from lab.core.budget import Budget, check_budget
from lab.core.errors import InvalidVariant
from lab.core.frozen import thaw
from lab.core.params import Params, ParamSpec, validate_params
from lab.core.presentation import NO_PRESENTATION, Presentation
from lab.core.rulepoints import HouseRule, RulePoint, RuleTable, build_house_rules, list_rule_points

if TYPE_CHECKING:
    import networkx as nx

    from lab.core.state import State


_SCALARS = (str, int, float, bool, type(None))
#: What the returns of a finished game may add up to (see :attr:`Game.utility`).
UTILITIES = ("zero_sum", "constant_sum", "identical", "general_sum")


def detached_graph(graph: nx.Graph) -> nx.Graph:
    """A copy of ``graph`` sharing nothing mutable with it (fresh attribute dicts and values).

    ``Graph.copy()`` gives fresh attribute dicts but shares their values; a list-valued
    attribute would still alias the game's own board data, so containers in attribute values
    are copied too (:func:`~lab.core.frozen.thaw`; immutable objects, such as shapely
    geometries, are shared).
    """
    out = graph.copy()
    dicts = [out.graph, *(d for _, d in out.nodes(data=True)), *(d for *_, d in out.edges(data=True))]
    for attrs in dicts:
        for key, value in attrs.items():
            if not isinstance(value, _SCALARS):
                attrs[key] = thaw(value)
    return out


def _board_copy(fn: Any) -> Any:
    """Wrap a game's ``board`` so every call hands out a detached graph."""

    def board(self: Game, state: State | None = None) -> nx.Graph:
        return detached_graph(fn(self, state))

    board.__doc__ = fn.__doc__
    board.__wrapped__ = fn  # type: ignore[attr-defined]
    board._fresh = True  # type: ignore[attr-defined]
    return board


class Game:
    """A game's rules under one variant (a set of validated, immutable parameters).

    Subclasses set the class attributes and implement :meth:`new_initial_state`,
    :meth:`max_game_length` and :meth:`action_specs`; optionally :meth:`budget` (resource
    bounds from the parameters), :meth:`check_variant` (cross-parameter consistency), :meth:`board`, :meth:`accounting` (for the linter) and
    :meth:`agent_factories`.

    Rule points (:mod:`lab.core.rulepoints`): ``RULE_POINTS`` lists the default functions
    declared with ``@rule_point``; the game's code calls them as ``self.game.rules.<name>``.
    :meth:`with_rules` gives a variant with house rules installed.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    rules_version: ClassVar[int] = 1
    seed_file: ClassVar[str] = ""
    PARAMETERS: ClassVar[tuple[ParamSpec, ...]] = ()
    RULE_POINTS: ClassVar[tuple[Callable[..., Any], ...]] = ()
    _house: dict[str, HouseRule] = {}  # noqa: RUF012  (read-only default; with_rules sets a new dict)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The aliasing contract, structurally: whatever graph a game's ``board`` builds (or
        # keeps), callers get one they may edit freely without touching the game.
        super().__init_subclass__(**kwargs)
        fn = cls.board
        if fn is not Game.board and not getattr(fn, "_fresh", False):
            cls.board = _board_copy(fn)  # type: ignore[method-assign]
    #: True when every player sees the whole state (chance outcomes are drawn only when they
    #: happen); then :meth:`State.resample_hidden` is a clone.
    perfect_information: ClassVar[bool] = False
    #: What the returns of every finished game add up to: ``"zero_sum"`` (0), ``"constant_sum"``
    #: (:meth:`utility_sum`), ``"identical"`` (every seat gets the same) or ``"general_sum"``
    #: (anything). Adapters declare it (OpenSpiel's exploitability needs zero- or constant-sum);
    #: the conformance checker verifies it on every game it plays (:meth:`returns_problem`).
    utility: ClassVar[str] = "general_sum"
    #: The players of a run that names none (``lab.play``, ``lab.simulate``, ``lab.compare``
    #: ... with ``agents=None``): an agent name or spec for every seat, or ``None`` for random
    #: players. A game whose random players never finish names players who do, so that a
    #: default experiment measures finished games (issue #39).
    default_agents: ClassVar[Any] = None
    #: How the game's states are drawn and clicked (:mod:`lab.core.presentation`): the game's
    #: package assembles it, so that a state never imports its renderer.
    presentation: ClassVar[Presentation] = NO_PRESENTATION

    def __init__(self, params: Mapping[str, Any] | None = None, /, **kwargs: Any) -> None:
        given = dict(params or {})
        given.update(kwargs)
        self.params: Params = validate_params(self.PARAMETERS, given)
        check_budget(self.budget())  # before anything is built from the parameters
        self.check_variant(self.params)
        self._codec = ActionCodec(self.action_specs())
        self._house: dict[str, HouseRule] = {}
        self.rules = RuleTable(self.RULE_POINTS, self._house)

    # ------------------------------------------------------------------ to implement
    def check_variant(self, params: Params) -> None:
        """Raise :class:`~lab.core.errors.InvalidVariant` for an inconsistent combination."""

    def budget(self) -> list[Budget]:
        """The sizes ``self.params`` imply and their bounds (:mod:`lab.core.budget`).

        Called before :meth:`check_variant` and before anything is built, so it computes from
        the parameters alone. A game whose parameters can make it large (many actions to
        tabulate, board nodes, deck entries, a long longest game) lists those sizes here.
        """
        return []

    def action_specs(self) -> list[ActionSpec]:
        """The kinds of action this variant has, with their argument domains (the integer codes
        and the JSON form of actions come from them)."""
        raise NotImplementedError

    def new_initial_state(self) -> State:
        """A new game's first state (a chance node when the set-up is random)."""
        raise NotImplementedError

    def resample_hidden(self, state: State, player: int, rng: Any) -> State:
        """A new full state that ``player`` cannot tell from ``state``, hidden parts redrawn with
        ``rng`` (what :meth:`State.resample_hidden <lab.core.state.State.resample_hidden>` does).

        A perfect-information game returns a clone; a game with hidden information overrides
        this method with its information module's sampler (its package assembles the two).
        """
        if self.perfect_information:
            return state.clone()
        msg = (
            f"{self.name} has hidden information but does not implement "
            "Game.resample_hidden(state, player, rng); set Game.perfect_information = True if "
            "nothing is hidden"
        )
        raise NotImplementedError(msg)

    def max_game_length(self) -> int:
        """Upper bound on the number of history entries (chance outcomes included)."""
        raise NotImplementedError

    def board(self, state: State | None = None) -> nx.Graph:
        """The board as a networkx graph, as it stands in ``state`` (or at the start).

        Callers get a detached copy (see :func:`detached_graph`): editing it never changes the
        game or a state.
        """
        raise NotImplementedError(f"{self.name} has no board graph")

    def accounting(self) -> list[Any]:
        """Component-accounting checks for :func:`lab.lint` (see :mod:`lab.lint`)."""
        return []

    def utility_range(self) -> tuple[float, float]:
        """Bounds of every value :meth:`State.returns` can give (adapters declare them)."""
        return (-1.0, 1.0)

    def utility_sum(self) -> float | None:
        """What the returns of every finished game add up to when :attr:`utility` fixes it
        (0.0 for a zero-sum game), else ``None``."""
        return 0.0 if self.utility == "zero_sum" else None

    def returns_problem(self, returns: list[float]) -> str | None:
        """What is wrong with a finished game's ``returns`` against :meth:`utility_range` and
        :attr:`utility` (``None``: nothing). The conformance checker asks it of every game."""
        low, high = self.utility_range()
        tol = 1e-9 * max(1.0, abs(low), abs(high))
        outside = [r for r in returns if not low - tol <= r <= high + tol]
        if outside:
            return f"returns {list(returns)} lie outside utility_range() ({low:g}, {high:g})"
        total, want = sum(returns), self.utility_sum()
        if self.utility in ("zero_sum", "constant_sum") and (want is None or abs(total - want) > tol * len(returns)):
            return f"returns {list(returns)} add up to {total:g}, but the game is declared {self.utility} ({want})"
        if self.utility == "identical" and max(returns) - min(returns) > tol:
            return f"returns {list(returns)} differ, but the game is declared identical (every seat the same)"
        return None

    @classmethod
    def agent_factories(cls) -> dict[str, Callable[..., Any]]:
        """Agents this game offers besides ``random``: name -> factory(**settings)."""
        return {}

    # ------------------------------------------------------------------ rule points
    def rule_points(self) -> list[RulePoint]:
        """This game's rule points: name, clause, signature, doc and the source in use."""
        return list_rule_points(self.RULE_POINTS, self._house)

    def with_rules(self, rules: Mapping[str, Callable[..., Any]]) -> Game:
        """A new game: this variant with ``rules`` (rule point name -> function) installed.

        House rules already installed are kept unless ``rules`` names them again (passing a
        rule point's default function removes its house rule).

        Raises
        ------
        InvalidVariant
            For an unknown rule point or a function with the wrong number of parameters (the
            message names the rule point and gives the expected signature).
        """
        if not isinstance(rules, Mapping):
            raise InvalidVariant(f"rules must be a dict {{rule point: function}}, not {type(rules).__name__}")
        merged: dict[str, Any] = {**self._house, **rules}
        new = copy.copy(self)
        new._house = build_house_rules(self.RULE_POINTS, merged, self.name)
        new.rules = RuleTable(self.RULE_POINTS, new._house)
        return new

    def house_rules(self) -> dict[str, str]:
        """The installed house rules: rule point name -> digest of the function
        (:func:`lab.core.rulepoints.rule_identity`)."""
        return {name: rule.hash for name, rule in sorted(self._house.items())}

    def house_rule_record(self) -> dict[str, dict[str, str]]:
        """What saves and run records store: rule point -> ``{"function": name, "hash": digest}``
        (plus ``"doubt"`` when the rule's identity could not be established); a
        :class:`~lab.core.errors.RuleError` if a rule changed since it was installed
        (:meth:`lab.core.rulepoints.HouseRule.record`)."""
        return {name: rule.record() for name, rule in sorted(self._house.items())}

    def definition_record(self) -> dict[str, str] | None:
        """What saves and run records store about a game defined at run time (a kit game: the
        digest of its definition, see :meth:`lab.kit.game.KitGame.definition_record`); ``None``
        for a game whose rules are the lab's own code."""
        return None

    def definition_problem(self, saved: Any) -> str | None:
        """Why a file's definition record ``saved`` is not provably this game's definition
        (``None``: it is, or this game has none to compare)."""
        return None

    def house_rule_labels(self) -> list[str]:
        """``"MC-2.1.2.2=my_rule"`` per installed house rule (labels, ``repr``, verdicts)."""
        return [rule.label for _, rule in sorted(self._house.items())]

    # ------------------------------------------------------------------ provided
    @classmethod
    def parameter_specs(cls) -> tuple[ParamSpec, ...]:
        """The declarations of the game's parameters: name, type, default, range, doc."""
        return cls.PARAMETERS

    def params_to_dict(self) -> dict[str, Any]:
        """This variant's parameters as a plain JSON-able dict (every parameter, defaults included)."""
        return self.params.to_dict()

    def num_players(self) -> int:
        """Number of seats in this variant."""
        return int(self.params["players"])

    def num_distinct_actions(self) -> int:
        """How many integer action codes this variant uses: every code is below it."""
        return self._codec.size

    def action_to_int(self, action: Action) -> int:
        """Integer code of ``action`` (``ValueError`` for a pointer-coded kind, whose code
        depends on the decision: use :meth:`State.action_to_int`)."""
        return self._codec.encode(action)

    def int_to_action(self, code: int) -> Action:
        """The action with code ``code`` (pointer codes: use :meth:`State.int_to_action`)."""
        return self._codec.decode(code)

    def arbitrary_action(self, rng: Any) -> Action:
        """A well-formed action of this game, legal or not, drawn with the numpy Generator
        ``rng`` (for probing that illegal moves are refused)."""
        return self._codec.arbitrary(rng)

    def action_from_json(self, data: Any) -> Action:
        """The action of its JSON form (``Action.to_json()``), checked against the action kinds."""
        return self._codec.from_json(data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.name == other.name and self.params == other.params and self.house_rules() == other.house_rules()

    def __hash__(self) -> int:
        return hash((self.name, self.params, tuple(self.house_rules().items())))

    def __repr__(self) -> str:
        defaults = {s.name: s.validate(s.default) for s in self.PARAMETERS}
        changed = [
            f"{k}={v!r}" for k, v in self.params.items() if k == "players" or v != defaults.get(k)
        ]
        if self._house:
            rules = ", ".join(f"{name!r}: {getattr(r.function, '__name__', 'rule')}" for name, r in sorted(self._house.items()))
            changed.append(f"rules={{{rules}}}")
        return f"lab.load({self.name!r}{', ' if changed else ''}{', '.join(changed)})"
