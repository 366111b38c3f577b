"""Widgets of rules-lab: play every game inline, edit variants live.

- :class:`Board` — one widget for every game: the SVG a seat may see, its legal targets
  highlighted; a click becomes the matching legal action (a place with several actions narrows
  with further clicks, then offers buttons); non-spatial actions are buttons; an illegal click
  does nothing but say why. Chance and agents move by themselves at a visible pace.
- :class:`Play` — a game against agents: game, seats (human or agent), seed, pace, undo,
  save (to a file on the kernel side) / load (upload), move log with clause IDs, and a
  :class:`VariantEditor` whose button starts a new game under the edited variant.
- :class:`SpeedPlay` — Fiemme–Cembra with the human's slap timed in the browser
  (:class:`TimedActions`: any action with an ``ms`` field is made that way).
- :class:`VariantEditor` — a form generated from ``game.parameter_specs()`` only.
- :class:`Memm3D` — memm's Board with a three.js view to turn and zoom, placements chosen on
  ghost cubes.

Only what the viewing seat may see is ever synced to the browser (:meth:`Session.view`), and
every browser message is checked by :class:`Session` (stale, out of turn, another seat's,
not offered: refused with the reason shown). ``lab`` never imports this package.

Example::

    import widgets
    widgets.Play("memcel", humans=[0], agents={1: "random"}, seed=1)
"""

from __future__ import annotations

from widgets._session import Refused, Session
from widgets.board import Board
from widgets.memm3d import Memm3D
from widgets.play import Play, playable_games
from widgets.speed import SpeedPlay
from widgets.timed import TimedActions
from widgets.variant import VariantEditor

__all__ = [
    "Board",
    "Memm3D",
    "Play",
    "Refused",
    "Session",
    "SpeedPlay",
    "TimedActions",
    "VariantEditor",
    "playable_games",
]
