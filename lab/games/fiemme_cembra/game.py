"""Fiemme–Cembra assembled: the game class a lab user loads (``lab.load("fiemme_cembra")``).

:class:`FiemmeCembraGame` is a :class:`~lab.games.fiemme_cembra.variant.FiemmeCembraVariant`
(parameters and tables) with the parts that do not know about each other put together: its
states (:mod:`.state`), its presentation (:mod:`.render`, handed a state), its
hidden-information sampler (:mod:`.information`), its players (:mod:`.agents`) and its linter
checks (:mod:`.lint`). How each rule is modelled: :mod:`lab.games.fiemme_cembra.rules`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from lab.core.presentation import Presentation
from lab.core.state import State
from lab.games.fiemme_cembra.agents import AGENTS
from lab.games.fiemme_cembra.information import resample_hidden
from lab.games.fiemme_cembra.lint import accounting
from lab.games.fiemme_cembra.render import FiemmeCembraPresentation
from lab.games.fiemme_cembra.state import FiemmeCembraState
from lab.games.fiemme_cembra.variant import FiemmeCembraVariant


class FiemmeCembraGame(FiemmeCembraVariant):
    """Fiemme–Cembra under one variant: see :mod:`lab.games.fiemme_cembra.rules`."""

    name: ClassVar[str] = "fiemme_cembra"
    title: ClassVar[str] = "Fiemme–Cembra (speed card game)"
    utility: ClassVar[str] = "general_sum"  # every winner 1, the others 0
    # 2: FC-P7 each hand by default; hand_limit stops the match unfinished. 3: end_of_round is the
    # seed's reading (one penalty, to the last hand of the round's final race; the card goes back
    # into the deck), no longer a mark per race whose cards left the game
    rules_version: ClassVar[int] = 3
    seed_file: ClassVar[str] = "001_b777bd706e0024a3.txt"
    #: random players (random discards, slaps and Event choices) make rounds of thousands of
    #: hands under the per-hand penalty: a run that names no players plays the collectors
    default_agents: ClassVar[Any] = "collector"
    presentation: ClassVar[Presentation] = FiemmeCembraPresentation()

    def new_initial_state(self) -> FiemmeCembraState:
        return FiemmeCembraState(self)

    def resample_hidden(self, state: State, player: int, rng: Any) -> State:
        """Other hands and hidden deck positions redrawn (:mod:`lab.games.fiemme_cembra.information`)."""
        return resample_hidden(state, player, rng)  # type: ignore[arg-type]  # (a FiemmeCembraState)

    def accounting(self) -> list[Any]:
        return accounting(self)

    @classmethod
    def agent_factories(cls) -> dict[str, Any]:
        return dict(AGENTS)
