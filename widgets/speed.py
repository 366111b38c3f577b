"""Speed play: Fiemme–Cembra with the human's slap timed in the browser (FC-P5).

The slap race is a simultaneous node where each player submits ``slap(ms, shout)``; the
agents submit their reaction-time model's draw, the human the real time measured client-side
from the moment the closing signal is painted to the click (see :mod:`widgets.timed`).
"""

from __future__ import annotations

from typing import Any

from widgets.play import Play


class SpeedPlay(Play):
    """Fiemme–Cembra against reaction-time agents, the human's slap timed in the browser.

    Parameters
    ----------
    players : int
        3 to 6 (FC-S2).
    agent : str
        The agent in every other seat (one of the game's agents; they race with their
        reaction-time model).
    seed, pace, **kwargs
        As for :class:`~widgets.Play`.
    """

    def __init__(self, players: int = 3, agent: str | None = None, seed: int = 0, pace: float = 0.3,
                 **kwargs: Any) -> None:
        import lab

        game = lab.load("fiemme_cembra", players=players)
        names = list(game.agent_factories())
        chosen = agent or ("collector" if "collector" in names else (names[0] if names else "random"))
        agents = {p: chosen for p in range(1, players)}
        super().__init__(game, humans=[0], agents=agents, seed=seed, pace=pace, **kwargs)
        self.game_menu.disabled = True
