"""memm in 3D: the Board with a three.js view a person can turn and zoom.

The structure's cubes show their colours and Roman numerals on every face; the free cells
where the viewer may place are ghost cubes. A click on a ghost selects it and shows the first
legal orientation on it; further clicks (or the arrows) cycle through the legal orientations
there with a live preview, optionally only those of one hand cube; "Place here" sends that
exact action, checked by the session like any click. The ordinary 2D board (hands, gifts,
pass, log) stays below; ``lab.games.memm.render.render_svg`` is still what notebooks without
widgets show.

three.js comes from the npm registry, bundled with esbuild into ``static/memm3d.js`` (built
from ``js/memm3d.src.js``; the built file is committed, so installing needs no Node).
"""

from __future__ import annotations

from typing import Any

import traitlets as t

import lab
from widgets.board import STATIC, Board


class Memm3D(Board):
    """A :class:`Board` of memm with a 3D view (same parameters as :class:`Board`)."""

    _esm = STATIC / "memm3d.js"
    scene = t.Dict().tag(sync=True)
    accepts_actions = True

    def __init__(self, source: Any = "memm", seat: int | None = 0, **kwargs: Any) -> None:
        if isinstance(source, str):
            source = lab.load(source)
        super().__init__(source, seat, **kwargs)

    def refresh(self) -> None:
        super().refresh()
        # imported here: ``import widgets`` does not load memm (and networkx) for other games
        from lab.games.memm.render import scene

        data = scene(self.session.state, self.session.viewer)
        if data != self.scene:
            self.scene = data

    def place(self, action: Any) -> bool:
        """Play a whole legal action as the 3D view's "Place here" does (tests, notebooks)."""
        return self.handle({"kind": "act", "action": action, "seat": self.seat, "token": self.token})
