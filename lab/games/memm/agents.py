"""memm players: ``greedy`` (most joined faces, gifts to the leader) and ``lookahead``.

Both see only ``observation(player)``. memm has no hidden information (the hands lie on the
table), so an agent may rebuild a search position from its observation with
:meth:`~lab.games.memm.state.MemmState.from_observation`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from lab.agents.base import BaseAgent
from lab.core.actions import Action
from lab.games.memm.state import MemmState


def _leader(obs: Mapping[str, Any], me: int) -> int:
    """The opponent closest to winning: fewest cubes, lowest seat first."""
    hands = obs["hands"]
    others = [q for q in range(len(hands)) if q != me and hands[q]]
    return min(others, key=lambda q: (len(hands[q]), q))


def _gift(state: MemmState, obs: Mapping[str, Any], me: int, legal: Sequence[Action]) -> Action:
    """Give the hardest cube to place (fewest colours) to the leader; never keep."""
    leader = _leader(obs, me)
    table = state.game.cubes
    gifts = [a for a in legal if a.kind == "give" and a.args[1] == leader]
    if not gifts:
        gifts = [a for a in legal if a.kind == "give"] or list(legal)
        return gifts[0]
    return min(gifts, key=lambda a: (table.colours_of(int(a.args[0])), a.args[0]))


def _placement_scores(state: MemmState, legal: Sequence[Action]) -> list[int]:
    return [
        state.joined_faces(int(a.args[0]), (int(a.args[1]), int(a.args[2]), int(a.args[3])), int(a.args[4]))
        if a.kind == "place" else -1
        for a in legal
    ]


def _pick_best(legal: Sequence[Action], scores: Sequence[float], rng: np.random.Generator) -> Action:
    best = max(scores)
    options = [a for a, s in zip(legal, scores, strict=True) if s == best]
    return options[int(rng.integers(len(options)))]


class GreedyAgent(BaseAgent):
    """Places where the cube joins the most faces (MM-3 bonus); gives cubes to the leader.

    Ties are broken by preferring to place cubes with few colours (the hardest to place later),
    then at random.
    """

    name = "greedy"

    def step(self, observation: Mapping[str, Any], legal_actions: Sequence[Action],
             rng: np.random.Generator) -> Action:
        assert self.game is not None
        state = MemmState.from_observation(self.game, dict(observation))  # type: ignore[arg-type]
        if legal_actions[0].kind in ("give", "keep"):
            return _gift(state, observation, self.player, legal_actions)
        if legal_actions[0].kind == "pass":
            return legal_actions[0]
        table = state.game.cubes
        joined = _placement_scores(state, legal_actions)
        scores = [10 * j - table.colours_of(int(a.args[0])) for a, j in zip(legal_actions, joined, strict=True)]
        return _pick_best(legal_actions, scores, rng)


class LookaheadAgent(BaseAgent):
    """A shallow search on the rebuilt position: each placement is scored by

    ``-(own cubes left) * 10 + joined faces - (replies the next player would have) * weight``,
    where the reply count is the number of legal placements of the player who moves next in the
    position after the placement (the same player on a repeat turn counts as a bonus instead).
    Gifts follow the greedy rule.

    Parameters
    ----------
    weight : float
        How much leaving the next opponent few placements is worth.
    width : int
        At most this many placements (the best by joined faces) are searched; the rest are
        ranked by joined faces only.
    """

    name = "lookahead"

    def __init__(self, weight: float = 0.05, width: int = 40) -> None:
        super().__init__(weight=weight, width=width)
        self.weight = float(weight)
        self.width = int(width)

    def step(self, observation: Mapping[str, Any], legal_actions: Sequence[Action],
             rng: np.random.Generator) -> Action:
        assert self.game is not None
        me = self.player
        state = MemmState.from_observation(self.game, dict(observation))  # type: ignore[arg-type]
        if legal_actions[0].kind in ("give", "keep"):
            return _gift(state, observation, me, legal_actions)
        if legal_actions[0].kind == "pass":
            return legal_actions[0]
        joined = _placement_scores(state, legal_actions)
        order = sorted(range(len(legal_actions)), key=lambda i: -joined[i])
        searched = set(order[: self.width])
        scores: list[float] = []
        for i, action in enumerate(legal_actions):
            if i not in searched:
                scores.append(joined[i] - 1000.0)
                continue
            child = state.clone()
            child._apply_action(action)
            value = joined[i] - 10.0 * len(child.hands[me])
            if child.is_terminal():
                value += 100.0 * child.returns()[me]
            elif child.current_player() == me:
                value += 5.0
            else:
                value -= self.weight * len(child.placement_actions())
            scores.append(value)
        return _pick_best(legal_actions, scores, rng)
