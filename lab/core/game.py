"""The Game base class: rules object, parameters (variants), action encoding, board graph."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from lab.core.actions import Action, ActionCodec, ActionSpec
from lab.core.params import Params, ParamSpec, validate_params

if TYPE_CHECKING:
    import networkx as nx

    from lab.core.state import State


class Game:
    """A game's rules under one variant (a set of validated, immutable parameters).

    Subclasses set the class attributes and implement :meth:`new_initial_state`,
    :meth:`max_game_length` and :meth:`action_specs`; optionally :meth:`check_variant` (cross-
    parameter consistency), :meth:`board`, :meth:`accounting` (for the linter) and
    :meth:`agent_factories`.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    rules_version: ClassVar[int] = 1
    seed_file: ClassVar[str] = ""
    PARAMETERS: ClassVar[tuple[ParamSpec, ...]] = ()
    #: True when every player sees the whole state (chance outcomes are drawn only when they
    #: happen); then :meth:`State.resample_hidden` is a clone.
    perfect_information: ClassVar[bool] = False

    def __init__(self, params: Mapping[str, Any] | None = None, /, **kwargs: Any) -> None:
        given = dict(params or {})
        given.update(kwargs)
        self.params: Params = validate_params(self.PARAMETERS, given)
        self.check_variant(self.params)
        self._codec = ActionCodec(self.action_specs())

    # ------------------------------------------------------------------ to implement
    def check_variant(self, params: Params) -> None:
        """Raise :class:`~lab.core.errors.InvalidVariant` for an inconsistent combination."""

    def action_specs(self) -> list[ActionSpec]:
        raise NotImplementedError

    def new_initial_state(self) -> State:
        raise NotImplementedError

    def max_game_length(self) -> int:
        """Upper bound on the number of history entries (chance outcomes included)."""
        raise NotImplementedError

    def board(self, state: State | None = None) -> nx.Graph:
        """The board as a networkx graph, as it stands in ``state`` (or at the start)."""
        raise NotImplementedError(f"{self.name} has no board graph")

    def accounting(self) -> list[Any]:
        """Component-accounting checks for :func:`lab.lint` (see :mod:`lab.lint`)."""
        return []

    @classmethod
    def agent_factories(cls) -> dict[str, Callable[..., Any]]:
        """Agents this game offers besides ``random``: name -> factory(**settings)."""
        return {}

    # ------------------------------------------------------------------ provided
    @classmethod
    def parameter_specs(cls) -> tuple[ParamSpec, ...]:
        return cls.PARAMETERS

    def params_to_dict(self) -> dict[str, Any]:
        return self.params.to_dict()

    def num_players(self) -> int:
        return int(self.params["players"])

    def num_distinct_actions(self) -> int:
        return self._codec.size

    def action_to_int(self, action: Action) -> int:
        return self._codec.encode(action)

    def int_to_action(self, code: int) -> Action:
        return self._codec.decode(code)

    def action_from_json(self, data: Any) -> Action:
        return self._codec.from_json(data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.name == other.name and self.params == other.params

    def __hash__(self) -> int:
        return hash((self.name, self.params))

    def __repr__(self) -> str:
        defaults = {s.name: s.validate(s.default) for s in self.PARAMETERS}
        changed = [
            f"{k}={v!r}" for k, v in self.params.items() if k == "players" or v != defaults.get(k)
        ]
        return f"lab.load({self.name!r}{', ' if changed else ''}{', '.join(changed)})"
