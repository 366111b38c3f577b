"""Agents: anything that picks an action from an observation, the legal actions and a Generator.

An agent never sees the full state. The protocol (:class:`Agent`):

- ``reset(game, player)`` — called once before each game, with the rules object and the seat;
- ``step(observation, legal_actions, rng)`` — returns one of ``legal_actions``;
- ``spec()`` — a JSON dict ``{"name": ..., **settings}`` that :func:`make_agent` rebuilds it from.
"""

from lab.agents.base import Agent, RandomAgent
from lab.agents.catalogue import agent_names, make_agent, make_agents
from lab.agents.general import general_agents
from lab.agents.seat import SeatView, decide

__all__ = [
    "Agent", "RandomAgent", "SeatView", "agent_names", "decide", "general_agents", "make_agent",
    "make_agents",
]
