"""SVG of the Space Station board and the clickable targets of the player's decisions.

Clickable elements carry ``data-target``: ``hex-{col}-{row}`` (0-based node) for a hex,
``piece-{label}`` (``piece-F1``, ``piece-D2`` ...) for a piece, ``btn-stop`` and ``btn-end``
for the two buttons. :func:`action_targets` maps those ids to the legal actions they make.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lab.core.actions import Action, act
from lab.games.space_station.rules import IN_PLAY, LOSS, TIMEOUT, WIN

if TYPE_CHECKING:
    from lab.games.space_station.rules import SpaceStationState

SCALE = 14.0
COLOURS = {"station": "#1f6fd1", "fighter": "#2aa876", "droid": "#c0392b", "missile": "#e67e22"}


def _pt(x: float, y: float) -> str:
    return f"{x * SCALE:.1f},{y * SCALE:.1f}"


def action_targets(state: SpaceStationState, player: int) -> dict[str, list[Action]]:
    """``data-target`` id -> the legal actions a click on it makes (player 0 only)."""
    if player != 0 or state.decision is None or state.pending is not None:
        return {}
    g, geo = state.game, state.geo
    out: dict[str, list[Action]] = {}
    if state.decision[0] == "target":
        for t in state.decision[2]:
            out[f"piece-{g.labels[t]}"] = [act("fire", t)]
        return out
    if state.active < 0:
        for a in state.legal_actions(0):
            if a.kind == "select":
                out[f"piece-{g.labels[int(a.args[0]) + 1]}"] = [a]
        out["btn-end"] = [act("end")]
        return out
    for d, j in enumerate(geo.step[state.hexes[state.active]]):
        if j >= 0:
            c, r = geo.nodes[j]
            out[f"hex-{c}-{r}"] = [act("move", d)]
    out["btn-stop"] = [act("stop")]
    return out


def render_svg(state: SpaceStationState, viewer: int | None = None) -> str:
    """The whole board (perfect information: every viewer sees the same)."""
    g, geo = state.game, state.geo
    graph = geo.graph
    w = graph.graph["width"] * SCALE
    h = graph.graph["height"] * SCALE
    targets = action_targets(state, 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h + 40:.0f}" '
        f'viewBox="0 0 {w:.0f} {h + 40:.0f}" font-family="sans-serif">',
        f'<rect width="{w:.0f}" height="{h + 40:.0f}" fill="#0b1020"/>',
    ]
    orbit_next = {
        geo.orbit[(state.station_k + s) % len(geo.orbit)]
        for s in range(1, int(g.params.station_speed) + 1)
    }
    for i, node in enumerate(geo.nodes):
        poly = graph.nodes[node]["polygon"]
        pts = " ".join(_pt(x, y) for x, y in list(poly.exterior.coords)[:-1])
        fill = "#151b30"
        if i in geo.forbidden:
            fill = "#3b2a55"
        elif i in orbit_next:
            fill = "#24406e"
        elif i in geo.orbit_pos:
            fill = "#1c2c4c"
        elif i in geo.entries:
            fill = "#4a3a1a"
        tid = f"hex-{node[0]}-{node[1]}"
        extra = f' data-target="{tid}" style="cursor:pointer"' if tid in targets else ""
        stroke = "#f1c40f" if tid in targets else "#2b3350"
        parts.append(f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="1"{extra}/>')
        if i in geo.entries:
            x, y = geo.pos[i]
            parts.append(
                f'<text x="{x * SCALE:.1f}" y="{y * SCALE + 4:.1f}" font-size="10" fill="#f5d58a" '
                f'text-anchor="middle">{geo.entries.index(i) + 1}</text>'
            )
    ex, ey = geo.pos[geo.earth]
    parts.append(f'<circle cx="{ex * SCALE:.1f}" cy="{ey * SCALE:.1f}" r="{SCALE * 0.8:.1f}" fill="#2e86de"/>')
    parts.append(f'<text x="{ex * SCALE:.1f}" y="{ey * SCALE + 4:.1f}" font-size="9" fill="white" text-anchor="middle">Earth</text>')
    stacks: dict[int, int] = {}
    for p in range(g.n_pieces):
        if state.status[p] != IN_PLAY or state.hexes[p] < 0:
            continue
        hx = state.hexes[p]
        k = stacks.get(hx, 0)
        stacks[hx] = k + 1
        x, y = geo.pos[hx]
        x += 0.35 * k
        y -= 0.3 * k
        label = g.labels[p]
        tid = f"piece-{label}"
        extra = f' data-target="{tid}" style="cursor:pointer"' if tid in targets else ""
        ring = ' stroke="#f1c40f" stroke-width="2"' if p == state.active or tid in targets else ""
        parts.append(
            f'<g{extra}><circle cx="{x * SCALE:.1f}" cy="{y * SCALE:.1f}" r="{SCALE * 0.6:.1f}" '
            f'fill="{COLOURS[g.kinds[p]]}"{ring}/>'
            f'<text x="{x * SCALE:.1f}" y="{y * SCALE + 3.5:.1f}" font-size="9" fill="white" '
            f'text-anchor="middle">{label}</text></g>'
        )
    status = {WIN: "Station saved!", LOSS: "Station destroyed", TIMEOUT: "Turn limit reached"}
    line = status.get(state.outcome, f"Turn {state.turn}")
    if state.active >= 0:
        line += f" - {g.labels[state.active]} moving, {state.steps_left} left"
    parts.append(f'<text x="8" y="{h + 25:.0f}" font-size="14" fill="white">{line}</text>')
    for bid, text, x in (("btn-stop", "Stop", w - 150), ("btn-end", "End moves", w - 90)):
        if bid in targets:
            parts.append(
                f'<g data-target="{bid}" style="cursor:pointer"><rect x="{x:.0f}" y="{h + 8:.0f}" '
                f'width="80" height="24" rx="4" fill="#f1c40f"/><text x="{x + 40:.0f}" '
                f'y="{h + 25:.0f}" font-size="13" text-anchor="middle">{text}</text></g>'
            )
    parts.append("</svg>")
    return "".join(parts)
