"""Space Station's players follow a route only from where it was planned (search players that
guide or roll out with them hand them positions they did not choose)."""

from __future__ import annotations

import numpy as np
import pytest

import lab
from lab.agents import make_agent
from lab.core.chance import sample_outcome


def _selected(seed: int) -> tuple[lab.Game, lab.State, lab.Action, lab.Action]:
    """A position just after a greedy player activated a fighter, with the greedy's activation
    and its first move from there."""
    game = lab.load("space_station")
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    own = make_agent(game, "greedy")
    own.reset(game, 0)
    while True:
        if state.is_chance_node():
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        action = own.step(state.observation(0), state.legal_actions(0), rng)
        state.apply_action(action)
        if action.kind == "select":
            nxt = own.step(state.observation(0), state.legal_actions(0), rng)
            if nxt.kind == "move":
                return game, state, action, nxt


@pytest.mark.parametrize("name", ["greedy", "search"])
def test_a_fighter_activated_by_someone_else_gets_a_route(name: str) -> None:
    """A fresh player shown a fighter that another player activated plans that fighter's route
    from where it stands (the greedy's own first move), instead of stopping it at once."""
    game, state, _, first_move = _selected(0)
    fresh = make_agent(game, name)
    fresh.reset(game, 0)
    if name == "greedy":
        assert fresh.step(state.observation(0), state.legal_actions(0), np.random.default_rng(0)) == first_move
    else:  # the search player's one-ply scorer weighs differently, but it moves the fighter too
        assert fresh.step(state.observation(0), state.legal_actions(0), np.random.default_rng(0)).kind == "move"


def test_a_stale_route_is_not_followed() -> None:
    """A player that planned a route elsewhere (another simulation, another fighter) does not
    replay it on a position it did not plan it for."""
    game, state, _, first_move = _selected(0)
    _, other, _, _ = _selected(5)
    agent = make_agent(game, "greedy")
    agent.reset(game, 0)
    rng = np.random.default_rng(0)
    agent.step(other.observation(0), other.legal_actions(0), rng)  # a route for another position
    assert agent.step(state.observation(0), state.legal_actions(0), rng) == first_move
