"""What a game's states look like and what a click on them does: the game's *presentation*.

A state never imports its renderer. The game's package assembles its parts: its ``Game``
subclass names a :class:`Presentation` (``Game.presentation``), and :class:`~lab.core.state.State`
hands itself to it (``state.render_svg(viewer)`` is ``game.presentation.render_svg(state, viewer)``).
So the renderer depends on the state, never the other way round (ARCHITECTURE.md).

Every method has a harmless default: a game with no drawing shows nothing, has no clickable
targets, no one-click defaults, no prompt.
"""

from __future__ import annotations

from typing import Any

from lab.core.actions import Action


class Presentation:
    """The drawing and click hooks of one game; subclass and override what the game draws.

    Each method is handed the state it presents (and the viewer or player); it reads the
    state through its public attributes and returns plain data (an SVG string, actions).
    """

    def render_svg(self, state: Any, viewer: int | None = None) -> str:
        """SVG of the board as ``viewer`` may see it (``None``: a spectator); ``""``: none."""
        return ""

    def action_targets(self, state: Any, player: int) -> dict[str, list[Action]]:
        """Clickable SVG targets (``data-target`` ids) mapped to the legal actions they make."""
        return {}

    def click_default(self, state: Any, player: int, target: str) -> Action | None:
        """The one action a click on ``target`` plays when the target holds several (or ``None``)."""
        return None

    def target_path(self, state: Any, player: int, target: str) -> list[Action]:
        """The legal actions one click on ``target`` plays in a row (a move along a path), or ``[]``."""
        return []

    def prompt(self, state: Any, player: int) -> str:
        """What the game asks ``player`` to do now, in words (``""``: nothing to add)."""
        return ""


#: the presentation of a game that draws nothing
NO_PRESENTATION = Presentation()
