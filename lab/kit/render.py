"""The default view of a kit game with no drawing code.

It draws what ``viewer`` may see and nothing else (it reads :meth:`KitState.view`, never the
data): the board graph from the nodes' ``pos`` when the game declares a board, then the phase,
who is to act and every field of the visible state — the viewer's own entry of a per-seat field
marked as theirs, other seats' hidden entries as sizes. Legal moves without a board target
become buttons in the widget (``widgets.Play`` offers actions that have no target as buttons).
"""

from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any

from lab.core.actions import Action
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL

if TYPE_CHECKING:
    from lab.kit.state import KitState

WIDTH = 520
LINE = 18
BOARD_H = 300


def _text(x: float, y: float, content: str, **attrs: Any) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{html.escape(str(v))}"' for k, v in attrs.items())
    return f'<text x="{x:.0f}" y="{y:.0f}"{extra}>{html.escape(content)}</text>'


def _short(value: Any, limit: int = 70) -> str:
    text = json.dumps(value, separators=(", ", ": "))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _board_nodes(state: KitState) -> tuple[Any, dict[Any, tuple[float, float]]]:
    try:
        graph = state.game.board()
    except NotImplementedError:
        return None, {}
    pos = {n: a["pos"] for n, a in graph.nodes(data=True) if "pos" in a}
    if not pos:
        return graph, {}
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    sx = (WIDTH - 60) / ((x1 - x0) or 1)
    sy = (BOARD_H - 60) / ((y1 - y0) or 1)
    scale = min(sx, sy)
    return graph, {n: (30 + (p[0] - x0) * scale, 30 + (p[1] - y0) * scale) for n, p in pos.items()}


def _status(state: KitState, viewer: int | None) -> str:
    cur = state.current_player()
    if cur == TERMINAL:
        if state.unfinished:
            return "game unfinished (the kit's safety limit)"
        r = state.returns()
        return "game over: returns " + ", ".join(f"{v:g}" for v in r)
    if cur == CHANCE:
        return "chance"
    seats = state.acting_players()
    who = ", ".join("you" if s == viewer else f"seat {s}" for s in seats)
    return f"{who} to move" + (" (at the same time)" if cur == SIMULTANEOUS else "")


def default_svg(state: KitState, viewer: int | None) -> str:
    """SVG of what ``viewer`` may see (``None``: a spectator)."""
    parts: list[str] = []
    graph, xy = _board_nodes(state)
    y = 0.0
    if xy:
        for u, v in graph.edges():
            if u in xy and v in xy:
                (ax, ay), (bx, by) = xy[u], xy[v]
                parts.append(f'<line x1="{ax:.0f}" y1="{ay:.0f}" x2="{bx:.0f}" y2="{by:.0f}" stroke="#999"/>')
        for node, (x, yy) in xy.items():
            label = str(graph.nodes[node].get("label", node))
            parts.append(
                f'<circle cx="{x:.0f}" cy="{yy:.0f}" r="12" fill="#f4f1e8" stroke="#555" '
                f'data-target="{html.escape(str(node))}"/>'
            )
            parts.append(_text(x, yy + 4, label, text_anchor="middle", font_size=10))
        y = BOARD_H
    y += LINE
    parts.append(_text(10, y, f"{state.game.title} — {_status(state, viewer)}", font_weight="bold"))
    control = state.control
    y += LINE
    parts.append(_text(10, y, f"phase {control[2]}, turn {control[3]}", fill="#555"))
    view = state.view(viewer)
    rows = list(view.items()) if isinstance(view, dict) else [("state", view)]
    hidden = state.game.definition.hidden
    for key, value in rows:
        y += LINE
        if hidden.get(key) == "owner" and isinstance(value, list):
            parts.append(_text(10, y, f"{key}:", font_weight="bold"))
            for seat, entry in enumerate(value):
                y += LINE
                mine = seat == viewer
                shown = _short(entry) if mine else (f"{entry} hidden" if isinstance(entry, int) else "hidden")
                label = "your" if mine else f"seat {seat}"
                parts.append(_text(24, y, f"{label}: {shown}"))
        else:
            parts.append(_text(10, y, f"{key}: {_short(value)}"))
    height = y + LINE
    body = "".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" '
        f'viewBox="0 0 {WIDTH} {height:.0f}" font-family="sans-serif" font-size="13">{body}</svg>'
    )


def board_targets(state: KitState, player: int) -> dict[str, list[Action]]:
    """Legal actions whose first argument is a board node, keyed by that node (the SVG's
    ``data-target``); the other legal actions are offered as buttons."""
    if state.game.definition.board is None or player not in state.acting_players():
        return {}
    nodes = {str(n) for n in state.game.board().nodes}
    out: dict[str, list[Action]] = {}
    for a in state.legal_actions(player):
        if a.args and str(a.args[0]) in nodes:
            out.setdefault(str(a.args[0]), []).append(a)
    return out
