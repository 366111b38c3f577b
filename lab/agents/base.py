"""The agent protocol, the random agent and the per-game agent registry."""

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


def agent_factories(game: Game | type[Game]) -> dict[str, Any]:
    """Name -> agent class (or factory) for ``game``: ``random``, the game's own, then the
    general agents that play every game (:func:`lab.agents.general.general_agents`; a game's own
    agent of the same name comes first).

    The one place both :func:`agent_names` and :func:`make_agent` look agents up.
    """
    from lab.agents.general import general_agents

    own = game.agent_factories()
    general = {name: factory for name, factory in general_agents().items() if name not in own}
    return {"random": RandomAgent, **own, **general}


def agent_names(game: Game | type[Game]) -> list[str]:
    """Agents available for ``game``: ``random``, the game's own, then the general ones."""
    return list(agent_factories(game))


def make_agent(game: Game | type[Game], spec: str | Mapping[str, Any] | Agent) -> Agent:
    """Build an agent from a name (``"random"``), a spec dict, or pass an agent through."""
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
    factories = agent_factories(game)
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


def make_agents(game: Game, agents: Any) -> list[Agent]:
    """One agent per seat from ``None`` (the game's :attr:`~lab.core.game.Game.default_agents`:
    random players unless the game names its own), one spec for all, or a list."""
    n = game.num_players()
    if agents is None:
        agents = game.default_agents
    if agents is None:
        return [RandomAgent() for _ in range(n)]
    if isinstance(agents, (str | Mapping, Agent)):
        if isinstance(agents, Agent):
            raise InvalidAgent("give one agent per seat (a list), or a name/spec to build one per seat")
        return [make_agent(game, agents) for _ in range(n)]
    agents = list(agents)
    if len(agents) != n:
        raise InvalidAgent(f"{game.name} with players={n} needs {n} agents, got {len(agents)}")
    return [make_agent(game, a) for a in agents]
