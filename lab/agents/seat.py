"""What a searching agent may hold of the game: a seat-restricted view of the true state.

Most agents decide from ``observation(player)`` alone. A search agent (MCTS, ISMCTS) needs full
states to simulate from, yet must never read what its seat cannot see. The driver therefore
hands it a :class:`SeatView`: the seat's observation, information state and legal actions, and
:meth:`SeatView.sample`, which draws a full state through
:meth:`~lab.core.state.State.resample_hidden` — consistent with everything the seat has seen,
hidden parts redrawn from the agent's own random numbers. The true hidden parts never reach
the agent.

An agent opts in with ``uses_search = True`` and a method
``step_with_view(view, legal_actions, rng)``; drivers call :func:`decide`, which picks the
right call for any agent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lab.core.actions import Action

if TYPE_CHECKING:
    import numpy as np

    from lab.core.game import Game
    from lab.core.state import State


class SeatView:
    """Seat ``player``'s window on a state: only what that seat may know, plus sampling."""

    __slots__ = ("__state", "player")

    def __init__(self, state: State, player: int) -> None:
        self.__state = state
        self.player = player

    @property
    def game(self) -> Game:
        """The game (its rules and variant)."""
        return self.__state.game

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions now."""
        return self.__state.legal_actions(self.player)

    def observation(self) -> dict[str, Any]:
        """What the seat sees now (``State.observation``)."""
        return self.__state.observation(self.player)

    def information_state(self) -> list[Any] | dict[str, Any]:
        """Everything the seat observed, in order (``State.information_state``)."""
        return self.__state.information_state(self.player)

    def sample(self, rng: np.random.Generator) -> State:
        """A new full state the seat cannot tell from the true one (hidden parts redrawn)."""
        state = self.__state
        # the event log is made read-only lazily, when first read (State.events); reading it once
        # here does that to the true state's log, so that every resample's clone inherits it
        # read-only instead of converting the whole log again (the cost grew with the game's
        # length: 1 s of a late Fiemme–Cembra search went there). Nothing is handed out.
        state._frozen_events()
        return state.resample_hidden(self.player, rng)

    def __repr__(self) -> str:
        return f"<seat view of player {self.player} in {self.game.name}>"


def decide(agent: Any, state: State, player: int, legal: Sequence[Action], rng: np.random.Generator) -> Action:
    """Ask ``agent`` (seat ``player``) for an action: a search agent gets a :class:`SeatView`,
    any other agent the seat's observation."""
    if getattr(agent, "uses_search", False):
        return agent.step_with_view(SeatView(state, player), legal, rng)
    return agent.step(state.observation(player), legal, rng)
