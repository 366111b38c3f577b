"""memm players: ``greedy`` (most joined faces, gifts to the leader) and ``lookahead``.

Both see only ``observation(player)``. memm has no hidden information (the hands lie on the
table), so an agent may rebuild a search position from its observation with
:meth:`~lab.games.memm.state.MemmState.from_observation`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from lab.agents.base import BaseAgent
from lab.core.actions import Action
from lab.core.params import ParamSpec
from lab.games.memm.state import MemmState


def _leader(hands: Sequence[Sequence[int]], me: int) -> int:
    """The opponent closest to winning: fewest cubes, lowest seat first."""
    others = [q for q in range(len(hands)) if q != me and hands[q]]
    return min(others, key=lambda q: (len(hands[q]), q))


def _gift(state: MemmState, me: int, legal: Sequence[Action]) -> Action:
    """Give the hardest cube to place (fewest colours) to the leader; never keep."""
    gifts = [a for a in legal if a.kind == "give"]
    if not gifts:
        return legal[0]
    leader = _leader(state.hands, me)
    table = state.game.cubes
    to_leader = [a for a in gifts if a.args[1] == leader] or gifts
    return min(to_leader, key=lambda a: (table.colours_of(int(a.args[0])), a.args[0]))


def _greedy_scores(state: MemmState, legal: Sequence[Action]) -> list[int]:
    """10 x joined faces, minus the cube's colours (keep the easy-to-place cubes for later)."""
    table = state.game.cubes
    out = []
    for a in legal:
        cube, x, y, z, rot = (int(v) for v in a.args)
        out.append(10 * state.joined_faces(cube, (x, y, z), rot) - table.colours_of(cube))
    return out


def greedy_action(state: MemmState, legal: Sequence[Action], rng: np.random.Generator | None) -> Action:
    """The greedy choice (ties at random with ``rng``, else the first)."""
    if legal[0].kind in ("give", "keep"):
        return _gift(state, state.to_move, legal)
    if legal[0].kind == "pass":
        return legal[0]
    scores = _greedy_scores(state, legal)
    best = max(scores)
    options = [a for a, sc in zip(legal, scores, strict=True) if sc == best]
    return options[0] if rng is None else options[int(rng.integers(len(options)))]


def _finish_turn(state: MemmState, player: int) -> None:
    """Play ``player``'s turn to its end with the greedy policy (in place)."""
    while not state.is_terminal() and state.current_player() == player:
        state._apply_action(greedy_action(state, state.legal_actions(), None))


class GreedyAgent(BaseAgent):
    """Places where the cube joins the most faces (MM-3 bonus); gives cubes to the leader.

    Ties are broken by preferring to place cubes with few colours (the hardest to place later),
    then at random. Gifts: the cube with the fewest colours, to the opponent with the fewest
    cubes; a gift is never declined.
    """

    name = "greedy"
    SETTINGS: ClassVar[tuple[ParamSpec, ...]] = ()

    def step(self, observation: Mapping[str, Any], legal_actions: Sequence[Action],
             rng: np.random.Generator) -> Action:
        assert self.game is not None
        state = MemmState.from_observation(self.game, dict(observation))  # type: ignore[arg-type]
        return greedy_action(state, legal_actions, rng)


class LookaheadAgent(BaseAgent):
    """A two-turn search on the position rebuilt from the observation.

    Each of the ``width`` best placements by the greedy score is tried: the rest of the agent's
    own turn (repeats, gifts) is played greedily, then the next player's whole turn greedily.
    The value is ``10 x (cubes the agent shed) - 10 x (cubes the next player shed)`` plus the
    greedy score of the first placement as a tie-break; a finished game counts 1000 x its
    return. Gifts follow the greedy rule.

    Parameters
    ----------
    width : int
        How many placements (best greedy scores first) are searched.
    """

    name = "lookahead"
    SETTINGS: ClassVar[tuple[ParamSpec, ...]] = (
        ParamSpec("width", "int", 12, "Placements (best greedy scores first) searched per move.",
                  minimum=1, maximum=500),
    )

    def __init__(self, width: int = 12) -> None:
        super().__init__(width=width)
        self.width = int(width)

    def step(self, observation: Mapping[str, Any], legal_actions: Sequence[Action],
             rng: np.random.Generator) -> Action:
        assert self.game is not None
        me = self.player
        state = MemmState.from_observation(self.game, dict(observation))  # type: ignore[arg-type]
        if legal_actions[0].kind != "place":
            return greedy_action(state, legal_actions, rng)
        greedy = _greedy_scores(state, legal_actions)
        order = sorted(range(len(legal_actions)), key=lambda i: -greedy[i])[: self.width]
        best_value, best = -1e18, [order[0]]
        for i in order:
            child = state.clone()
            child._apply_action(legal_actions[i])
            _finish_turn(child, me)
            mine = len(state.hands[me]) - len(child.hands[me])
            value = 10.0 * mine + 0.1 * greedy[i]
            if not child.is_terminal():
                nxt = child.current_player()
                before = len(child.hands[nxt])
                _finish_turn(child, nxt)
                value -= 10.0 * (before - len(child.hands[nxt]))
            if child.is_terminal():
                value += 1000.0 * child.returns()[me]
            if value > best_value:
                best_value, best = value, [i]
            elif value == best_value:
                best.append(i)
        return legal_actions[best[int(rng.integers(len(best)))]]
