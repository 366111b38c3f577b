"""Memcel as SVG, drawn from the shapely sector polygons, for one viewer.

Rings are filled in their colours; a face-down tile is drawn as a back (all backs look alike),
a face-up tile in its colour (an imprevisto tile with its black centre). Nothing a viewer cannot
see is drawn: the picture uses only the public board, so it is the same for every viewer except
for the buttons of the player to act. Every slot carries ``data-target="slot-<n>"`` and every
other action a button with ``data-target="act-<kind>-<args>"``; :func:`action_targets` maps those
ids to the legal actions they trigger.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from shapely.geometry import Polygon

from lab.boards.rings import sector_polygons
from lab.core.actions import Action
from lab.games.memcel import components as C

if TYPE_CHECKING:
    from lab.games.memcel.state import MemcelState

SCALE = 52.0
SLOT_KINDS = frozenset(("place", "reveal", "swap", "peek", "cover"))


def _path(poly: Polygon, cx: float, cy: float) -> str:
    pts = [(cx + x * SCALE, cy - y * SCALE) for x, y in poly.exterior.coords]
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in pts) + " Z"


def target_id(action: Action) -> str:
    """The ``data-target`` id of an action's clickable element."""
    if action.kind in SLOT_KINDS:
        return f"slot-{action.args[-1]}"
    return "act-" + "-".join([action.kind, *(str(a) for a in action.args)])


def action_targets(state: MemcelState, player: int) -> dict[str, list[Action]]:
    """``data-target`` id -> the legal actions of ``player`` a click on it triggers."""
    if state.current_player() != player:
        return {}
    out: dict[str, list[Action]] = {}
    for a in state.legal_actions(player):
        out.setdefault(target_id(a), []).append(a)
    return out


def render_svg(state: MemcelState, viewer: int | None = None) -> str:
    """SVG of the board as ``viewer`` sees it (``None``: a spectator)."""
    t = state.t
    n_rings = t.n_rings
    radius = (1.0 + n_rings) * SCALE
    size = 2 * radius + 40
    cx = cy = size / 2
    height = size + 90
    polys = sector_polygons(t.sizes, state.offsets, state.board_angle)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {size:.0f} {height:.0f}" font-family="sans-serif" font-size="12">',
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius + 12:.1f}" fill="#efe9dc" stroke="#555"/>',
    ]
    first_pick = state.pending().get("swap_first")
    for r in range(n_rings):
        n = t.sizes[r]
        shift = (state.offsets[r] + state.board_angle * n // 360) % n
        ring_fill = C.colour_hex(t.ring_names[r])
        for i in range(n):
            slot = t.first[r] + (i + shift) % n
            poly = polys[(r, i)]
            parts.append(f'<g data-target="slot-{slot}" class="slot"><title>'
                         f'{escape(state.slot_name(slot))}</title>')
            parts.append(f'<path d="{_path(poly, cx, cy)}" fill="{ring_fill}" fill-opacity="0.45" '
                         'stroke="#333" stroke-width="1"/>')
            tile = state.public_tile(slot)
            if tile is not None:
                inner = poly.buffer(-0.08 * (1 + 0.2 * n_rings) / 2)
                if isinstance(inner, Polygon) and not inner.is_empty:
                    if tile == "down":
                        fill = C.BACK_HEX
                    elif tile == C.IMPREVISTO:
                        fill = "#ffffff"
                    else:
                        fill = C.colour_hex(tile)
                    stroke = ' stroke="#ffd400" stroke-width="3"' if slot == first_pick else ""
                    parts.append(f'<path d="{_path(inner, cx, cy)}" fill="{fill}"{stroke}/>')
                    if tile == C.IMPREVISTO:
                        c = inner.centroid
                        parts.append(f'<circle cx="{cx + c.x * SCALE:.1f}" cy="{cy - c.y * SCALE:.1f}" '
                                     'r="6" fill="#111"/>')
            parts.append("</g>")
    # status and buttons
    y = size + 8
    cur = state.current_player()
    who = "over" if state.is_terminal() else ("chance" if cur < 0 else f"player {cur} ({t.colours[cur]})")
    status = f"phase: {state.phase} | to act: {who} | turns: {state.turns}"
    if state.winner >= 0:
        status += f" | winner: player {state.winner}"
    elif state.timeout:
        status += " | timeout (draw)"
    parts.append(f'<text x="10" y="{y + 10:.0f}">{escape(status)}</text>')
    if viewer is not None and cur == viewer:
        x = 10.0
        y += 22
        for tid, actions in action_targets(state, viewer).items():
            if tid.startswith("slot-"):
                continue
            label = escape(state.describe_action(actions[0]))
            w = 8 + 7 * len(label)
            if x + w > size:
                x, y = 10.0, y + 26
            parts.append(f'<g data-target="{tid}" class="button"><rect x="{x:.0f}" y="{y:.0f}" '
                         f'width="{w}" height="20" rx="4" fill="#e4e4e4" stroke="#777"/>'
                         f'<text x="{x + 4:.0f}" y="{y + 14:.0f}">{label}</text></g>')
            x += w + 6
    parts.append("</svg>")
    return "".join(parts)
