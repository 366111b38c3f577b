"""Every agent of a game by name: ``random``, the game's own, then the general agents that play
every game (:mod:`lab.agents.general`). The one place :func:`agent_names`, :func:`make_agent` and
:func:`make_agents` look agents up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lab.agents.base import Agent, RandomAgent, build_agent, own_agent_factories
from lab.agents.general import general_agents
from lab.core.errors import InvalidAgent
from lab.core.game import Game


def agent_factories(game: Game | type[Game]) -> dict[str, Any]:
    """Name -> agent class (or factory) for ``game``: ``random``, the game's own, then the
    general agents that play every game (:func:`lab.agents.general.general_agents`; a game's own
    agent of the same name comes first)."""
    own = own_agent_factories(game)
    general = {name: factory for name, factory in general_agents().items() if name not in own}
    return {**own, **general}


def agent_names(game: Game | type[Game]) -> list[str]:
    """Agents available for ``game``: ``random``, the game's own, then the general ones."""
    return list(agent_factories(game))


def make_agent(game: Game | type[Game], spec: str | Mapping[str, Any] | Agent) -> Agent:
    """Build an agent from a name (``"random"``), a spec dict, or pass an agent through."""
    return build_agent(game, spec, agent_factories(game))


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
