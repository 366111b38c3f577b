"""Widgets of rules-lab: play every game inline, edit variants live.

- :class:`Board` — one widget for every game: the SVG a seat may see, clicks become actions.
- :class:`Play` — a game against agents: seats, seed, pace, undo, save/load, variant editor.
- :class:`SpeedPlay` — Fiemme–Cembra with the human's slap timed in the browser.
- :class:`VariantEditor` — a form generated from ``game.parameter_specs()``.

``lab`` never imports this package; this package imports ``lab``.
"""

from __future__ import annotations

from widgets._session import Refused, Session
from widgets.board import Board
from widgets.play import Play, playable_games
from widgets.speed import SpeedPlay
from widgets.timed import TimedActions
from widgets.variant import VariantEditor

__all__ = [
    "Board",
    "Play",
    "Refused",
    "Session",
    "SpeedPlay",
    "TimedActions",
    "VariantEditor",
    "playable_games",
]
