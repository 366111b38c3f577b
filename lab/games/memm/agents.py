"""memm players: ``greedy`` (most joined faces, gifts to the leader) and ``lookahead``.

Both decide whether to take an extra placement (MM-3, ``extra_placement="may"``): the decline
is the ``pass`` among placements. ``greedy`` scores it 0 against its placement score (declines
below its ``decline_below`` setting; the default 0 never declines, since every placement sheds
a cube); ``lookahead`` searches the decline like a placement.

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


def _target(hands: Sequence[Sequence[int]], me: int, someone_out: bool) -> int | None:
    """Whom a gift should go to, among opponents still holding cubes (``None``: nobody holds).

    Before anyone is out: the opponent closest to winning (fewest cubes). Once a player is out
    the race is over and only MM-5's loser is open: the opponent with the most cubes, so the
    loss stays with them. Lowest seat first on ties.
    """
    others = [q for q in range(len(hands)) if q != me and hands[q]]
    if not others:
        return None
    if someone_out:
        return min(others, key=lambda q: (-len(hands[q]), q))
    return min(others, key=lambda q: (len(hands[q]), q))


def _gift(state: MemmState, me: int, legal: Sequence[Action]) -> Action:
    """Give the hardest cube to place (fewest colours) to the target; never keep."""
    gifts = [a for a in legal if a.kind == "give"]
    if not gifts:
        return legal[0]
    target = _target(state.hands, me, state.first_out is not None)
    table = state.game.cubes
    to_leader = [a for a in gifts if a.args[1] == target] or gifts
    return min(to_leader, key=lambda a: (table.colours_of(int(a.args[0])), a.args[0]))


def _greedy_scores(state: MemmState, legal: Sequence[Action]) -> list[int]:
    """10 x joined faces, minus the cube's colours (keep the easy-to-place cubes for later)."""
    table = state.game.cubes
    out = []
    for a in legal:
        cube, x, y, z, rot = (int(v) for v in a.args)
        out.append(10 * state.joined_faces(cube, (x, y, z), rot) - table.colours_of(cube))
    return out


def greedy_action(state: MemmState, legal: Sequence[Action], rng: np.random.Generator | None,
                  decline_below: int = 0) -> Action:
    """The greedy choice (ties at random with ``rng``, else the first).

    An extra placement (``pass`` among the placements) is declined when the best placement
    scores below ``decline_below``.
    """
    if legal[0].kind in ("give", "keep"):
        return _gift(state, state.to_move, legal)
    places = [a for a in legal if a.kind == "place"]
    if not places:
        return legal[0]
    scores = _greedy_scores(state, places)
    best = max(scores)
    if best < decline_below and len(places) < len(legal):
        return next(a for a in legal if a.kind == "pass")  # MM-3: decline
    options = [a for a, sc in zip(places, scores, strict=True) if sc == best]
    return options[0] if rng is None else options[int(rng.integers(len(options)))]


def _finish_turn(state: MemmState, player: int) -> None:
    """Play ``player``'s turn to its end with the greedy policy (in place)."""
    while not state.is_terminal() and state.current_player() == player:
        state._apply_action(greedy_action(state, state.legal_actions(), None))


class GreedyAgent(BaseAgent):
    """Places where the cube joins the most faces (MM-3 bonus); gives cubes to the leader.

    Ties are broken by preferring to place cubes with few colours (the hardest to place later),
    then at random. Gifts: the cube with the fewest colours, to the opponent with the fewest
    cubes (once a player is out: the most); a gift is never declined.

    Parameters
    ----------
    decline_below : int
        An extra placement (MM-3) is declined when the best placement's score (10 x joined
        faces - the cube's colours, at least 4) is below this; 0 never declines.
    """

    name = "greedy"
    SETTINGS: ClassVar[tuple[ParamSpec, ...]] = (
        ParamSpec("decline_below", "int", 0,
                  "Decline an extra placement (MM-3) scoring below this (0: never decline).",
                  minimum=0, maximum=61),
    )

    def __init__(self, decline_below: int = 0) -> None:
        # a default setting is left out of the spec, so labels and records read plain 'greedy'
        super().__init__(**({"decline_below": decline_below} if decline_below else {}))
        self.decline_below = int(decline_below)

    def step(self, observation: Mapping[str, Any], legal_actions: Sequence[Action],
             rng: np.random.Generator) -> Action:
        assert self.game is not None
        state = MemmState.from_observation(self.game, dict(observation))  # type: ignore[arg-type]
        return greedy_action(state, legal_actions, rng, self.decline_below)


class LookaheadAgent(BaseAgent):
    """A two-turn search on the position rebuilt from the observation.

    Each of the ``width`` best placements by the greedy score, and declining an extra placement
    when that is legal (MM-3, scored 0), is tried: the rest of the agent's own turn (repeats,
    gifts) is played greedily, then the next player's whole turn greedily. The value is
    ``10 x (cubes the agent shed) - 10 x (cubes the next player shed)`` plus 0.1 x the greedy
    score of the first move as a tie-break; a finished game counts 1000 x its return. Gifts
    follow the greedy rule.

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
        places = [a for a in legal_actions if a.kind == "place"]
        greedy = _greedy_scores(state, places)
        order = sorted(range(len(places)), key=lambda i: -greedy[i])[: self.width]
        candidates = [(places[i], greedy[i]) for i in order]
        if len(places) < len(legal_actions):  # MM-3: the extra placement may be declined
            candidates.append((next(a for a in legal_actions if a.kind == "pass"), 0))
        best_value, best = -1e18, [candidates[0][0]]
        for action, score in candidates:
            child = state.clone()
            child._apply_action(action)
            _finish_turn(child, me)
            mine = len(state.hands[me]) - len(child.hands[me])
            value = 10.0 * mine + 0.1 * score
            if not child.is_terminal():
                nxt = child.current_player()
                before = len(child.hands[nxt])
                _finish_turn(child, nxt)
                value -= 10.0 * (before - len(child.hands[nxt]))
            if child.is_terminal():
                value += 1000.0 * child.returns()[me]
            if value > best_value:
                best_value, best = value, [action]
            elif value == best_value:
                best.append(action)
        return best[int(rng.integers(len(best)))]
