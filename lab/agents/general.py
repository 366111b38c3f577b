"""General agents: players that work for every game (listed with each game's own agents)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lab.agents.mcts import ISMCTSAgent, MCTSAgent


def general_agents() -> dict[str, Callable[..., Any]]:
    """Agents offered for every game: name -> factory(**settings).

    ``mcts`` and ``ismcts`` (:mod:`lab.agents.mcts`) search with the game's own rules through
    the seat's view of the state; a game's own agent of the same name takes precedence.
    """
    return {"mcts": MCTSAgent, "ismcts": ISMCTSAgent}
