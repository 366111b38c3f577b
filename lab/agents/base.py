"""The agent protocol, the base and random agents, and how an agent is built from a name and its
settings (:func:`build_agent`). The catalogue of every agent of a game, general agents included,
is :mod:`lab.agents.catalogue`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import numpy as np

from lab.core.actions import Action
from lab.core.errors import InvalidAgent, InvalidVariant
from lab.core.game import Game
from lab.core.params import ParamSpec, validate_settings


@runtime_checkable
class Agent(Protocol):
    """What a player needs to be: see :mod:`lab.agents`."""

    def reset(self, game: Game, player: int) -> None:
        """Get ready to play seat ``player`` of a new game of ``game``."""
        ...

    def step(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        """Choose one of ``legal_actions`` from what the seat observes (``rng``: the only randomness)."""
        ...

    def spec(self) -> dict[str, Any]:
        """The agent as JSON: ``{"name": ..., **settings}`` (what run records store)."""
        ...


class BaseAgent:
    """Convenience base: stores the game and seat; ``spec`` from ``settings``.

    A subclass declares its settings as ``SETTINGS: tuple[ParamSpec, ...]`` (the same specs as
    game parameters): :func:`make_agent` then refuses unknown names, wrong types and values out
    of range with :class:`InvalidAgent` before the agent is built. A class without ``SETTINGS``
    gets its keyword arguments unchecked.
    """

    name = "base"

    def __init__(self, **settings: Any) -> None:
        self.settings = settings
        self.game: Game | None = None
        self.player = -1

    def reset(self, game: Game, player: int) -> None:
        """Remember the game and the seat played."""
        self.game = game
        self.player = player

    def spec(self) -> dict[str, Any]:
        """The agent as JSON: ``{"name": ..., **settings}`` (what run records store)."""
        return {"name": self.name, **self.settings}

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.settings.items())
        return f"{type(self).__name__}({args})"


class RandomAgent(BaseAgent):
    """Picks uniformly among the legal actions."""

    name = "random"
    SETTINGS: ClassVar[tuple[ParamSpec, ...]] = ()

    def step(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        """One of ``legal_actions``, each equally likely."""
        return legal_actions[int(rng.integers(len(legal_actions)))]


def own_agent_factories(game: Game | type[Game]) -> dict[str, Any]:
    """Name -> agent class (or factory) for ``game`` without the general agents: ``random`` and
    the game's own (what a search agent's rollouts and delegates are built from)."""
    return {"random": RandomAgent, **game.agent_factories()}


def build_agent(game: Game | type[Game], spec: str | Mapping[str, Any] | Agent, factories: Mapping[str, Any]) -> Agent:
    """Build an agent of ``game`` from a name (``"random"``), a spec dict, or pass an agent through,
    looking the name up in ``factories`` (name -> agent class or factory): its settings checked
    against the factory's ``SETTINGS``, then against the game (``check_game``)."""
    if not isinstance(spec, str | Mapping):
        if isinstance(spec, Agent):
            return spec
        raise InvalidAgent(f"an agent is a name, a spec dict or an Agent object, not {type(spec).__name__}")
    if isinstance(spec, str):
        name, settings = spec, {}
    else:
        settings = dict(spec)
        name = settings.pop("name", None)
        if not isinstance(name, str):
            raise InvalidAgent("an agent spec needs a string 'name'")
    if name not in factories:
        raise InvalidAgent(f"unknown agent {name!r:.60} for {game.name}; available: {', '.join(factories)}")
    factory = factories[name]
    specs = getattr(factory, "SETTINGS", None)
    if specs is not None:  # typed settings (CONTRACTS §3): names, types, ranges, budgets
        try:
            settings = validate_settings(specs, settings, f"agent {name!r}")
        except InvalidVariant as exc:
            raise InvalidAgent(str(exc)) from None
    try:
        agent = factory(**settings)
    except (TypeError, ValueError, OverflowError) as exc:
        shown = str(settings)
        shown = shown if len(shown) < 200 else shown[:197] + "..."
        raise InvalidAgent(f"agent {name!r}: bad settings {shown} ({str(exc)[:200]})") from None
    check = getattr(agent, "check_game", None)
    if callable(check):  # settings that depend on the game (e.g. a rollout agent's name)
        check(game)
    return agent
