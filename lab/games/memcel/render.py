"""Memcel as SVG, drawn from the shapely sector polygons, for one viewer.

Rings are filled in their colours; a face-down tile is drawn as a back (all backs look alike),
a face-up tile in its colour (an imprevisto tile with its black centre). Nothing a viewer cannot
see is drawn: the picture uses only the public board, so it is the same for every viewer except
for the buttons of the player to act. Every slot carries ``data-target="slot-<n>"`` and every
other action a button with ``data-target="act-<kind>-<args>"``; :func:`action_targets` maps those
ids to the legal actions they trigger. While placing, the tiles in hand are targets too
(``hand-<kind>``): a click on a slot places the tile kind the player has most of
(:func:`click_default`, one click), a click on a hand tile first picks another kind.
:class:`MemcelPresentation` hands these to the engine: the game names it
(``MemcelGame.presentation``) and every state is drawn through it, so the state never imports
this module.

Under the board a panel tells the viewer what they are asked now (:func:`prompt`), their
colour, the tiles they still have to place, the last d8 roll, lost turns and what their peeks
showed (kept, not only in the scrolling log); a legend names the colours.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING

from shapely.geometry import Polygon

import lab.games.memcel.components as C
from lab.boards.rings import sector_polygons
from lab.core.actions import Action
from lab.core.presentation import Presentation
from lab.games.memcel.words import end_words, slot_name

if TYPE_CHECKING:
    from lab.games.memcel.state import MemcelState

SCALE = 52.0
RING_BAND = 0.15  # board units of ring colour left visible around a tile (8 px at SCALE)
SLOT_KINDS = frozenset(("place", "reveal", "swap", "peek", "cover"))


def _path(poly: Polygon, cx: float, cy: float) -> str:
    pts = [(cx + x * SCALE, cy - y * SCALE) for x, y in poly.exterior.coords]
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in pts) + " Z"


@lru_cache(maxsize=64)
def _sector_shapes(sizes: tuple[int, ...], offsets: tuple[int, ...], angle: int, cx: float,
                   cy: float) -> dict[tuple[int, int], tuple[str, str, tuple[float, float]]]:
    """Per sector of the rings as turned: its outline, its inset tile's outline (``""`` if too
    small) and the tile's centre, as SVG -- the same for every position with these turns, so
    computed once (the shapely geometry was most of every redraw)."""
    out = {}
    for key, poly in sector_polygons(list(sizes), list(offsets), angle).items():
        inner = poly.buffer(-RING_BAND)
        if isinstance(inner, Polygon) and not inner.is_empty:
            c = inner.centroid
            out[key] = (_path(poly, cx, cy), _path(inner, cx, cy), (cx + c.x * SCALE, cy - c.y * SCALE))
        else:
            out[key] = (_path(poly, cx, cy), "", (cx, cy))
    return out


def target_id(action: Action) -> str:
    """The ``data-target`` id of an action's clickable element."""
    if action.kind in SLOT_KINDS:
        return f"slot-{action.args[-1]}"
    return "act-" + "-".join([action.kind, *(str(a) for a in action.args)])


def action_targets(state: MemcelState, player: int) -> dict[str, list[Action]]:
    """``data-target`` id -> the legal actions of ``player`` a click on it triggers.

    Hand tiles come first: a click on one narrows the next slot click to that kind.
    """
    if state.current_player() != player:
        return {}
    out: dict[str, list[Action]] = {}
    legal = state.legal_actions(player)
    for a in legal:
        if a.kind == "place":
            out.setdefault(f"hand-{a.args[0]}", []).append(a)
    for a in legal:
        out.setdefault(target_id(a), []).append(a)
    return out


def click_default(state: MemcelState, player: int, target: str) -> Action | None:
    """The tile one click on an empty slot places: the kind ``player`` has most of in hand."""
    if not target.startswith("slot-") or state.current_player() != player:
        return None
    hand = _hand(state, player)
    if not hand:
        return None
    kind = max(hand, key=lambda k: (hand[k], k != C.IMPREVISTO))
    action = Action("place", (kind, int(target[len("slot-"):])))
    return action if action in state.legal_actions(player) else None


def _hand(state: MemcelState, player: int) -> dict[str, int]:
    return {k: c for k, c in zip(state.t.kinds, state.to_place[player], strict=True) if c}


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def prompt(state: MemcelState, player: int) -> str:
    """What ``player`` is asked to do now, in words (``""`` if they are not to act)."""
    if state.current_player() != player:
        return ""
    task = state.pending().get("task")
    pend = state.pending()
    if task == "place":
        return "place a tile: click an empty slot (or first a tile in your hand to pick another kind)"
    if task == "declare":
        return "attack, or choose a defence (buttons)"
    if task == "x":
        return f"you rolled {pend['roll']} on the d8: choose how many tiles to reveal"
    if task == "reveal":
        return (f"reveal a face-down tile: click it ({pend['found']} of {_tiles(pend['x'])} found, "
                f"d8 roll {pend['roll']})")
    if task == "swap1":
        return "swap card: click the FIRST tile to swap"
    if task == "swap2":
        return "swap card: click the SECOND tile to swap with the one outlined in yellow"
    if task == "peek":
        return "peek card: click a face-down tile to look at it (only you will see it)"
    if task == "cover":
        return "cover card: click a face-up tile to turn it face down"
    return "your move"


def panel_lines(state: MemcelState, viewer: int | None) -> list[str]:
    """The information panel: colour, hand, d8, lost turns, own peeks (viewer's knowledge only)."""
    t = state.t
    lines = []
    if viewer is not None:
        hand = _hand(state, viewer)
        left = ", ".join(f"{c} {k}" for k, c in hand.items()) or "none"
        lines.append(f"you are player {viewer} ({t.colours[viewer]}) · tiles left to place: {left}")
    rolls = [e for e in state.event_log(viewer) if e["kind"] in ("attack_roll", "reroll_d8")]
    if rolls:
        last = rolls[-1]
        lines.append(f"last d8 roll: {last['value']} (player {last['player']})")
    lost = [f"player {p}: {n}" for p, n in enumerate(state.lost) if n]
    lines.append("lost turns: " + (", ".join(lost) if lost else "none"))
    if viewer is not None:
        peeks = [e for e in state.event_log(viewer) if e["kind"] == "peeked"][-3:]
        for e in peeks:
            lines.append(f"your peek (move {e['step']}): the {slot_name(t, e['slot'])} held "
                         f"{_article(e['tile'])} tile")
    return lines


def _fit(text: str, width: float) -> str:
    """``textLength`` squeezing a long line into ``width`` px (about 7 px a character at 13 px)."""
    return f' textLength="{width:.0f}" lengthAdjust="spacingAndGlyphs"' if 7 * len(text) > width else ""


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def render_svg(state: MemcelState, viewer: int | None = None) -> str:
    """SVG of the board as ``viewer`` sees it (``None``: a spectator)."""
    t = state.t
    n_rings = t.n_rings
    radius = (1.0 + n_rings) * SCALE
    size = 2 * radius + 40
    cx = cy = size / 2
    shapes = _sector_shapes(tuple(t.sizes), tuple(state.offsets), state.board_angle, cx, cy)
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
        'font-family="sans-serif" font-size="12">',
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius + 12:.1f}" fill="#efe9dc" stroke="#555"/>',
    ]
    first_pick = state.pending().get("swap_first")
    for r in range(n_rings):
        n = t.sizes[r]
        shift = (state.offsets[r] + state.board_angle * n // 360) % n
        ring_fill = C.colour_hex(t.ring_names[r])
        for i in range(n):
            slot = t.first[r] + (i + shift) % n
            outline, inner, centre = shapes[(r, i)]
            parts.append(f'<g data-target="slot-{slot}" class="slot"><title>'
                         f'{escape(slot_name(t, slot))}</title>')
            # the ring's colour in full, a band around every tile (the tiles are inset)
            parts.append(f'<path d="{outline}" fill="{ring_fill}" stroke="#333" stroke-width="1"/>')
            tile = state.public_tile(slot)
            if tile is not None and inner:
                if tile == "down":
                    fill = C.BACK_HEX
                elif tile == C.IMPREVISTO:
                    fill = "#ffffff"
                else:
                    fill = C.colour_hex(tile)
                stroke = ' stroke="#ffd400" stroke-width="3"' if slot == first_pick else ""
                parts.append(f'<path d="{inner}" fill="{fill}"{stroke}/>')
                if tile == C.IMPREVISTO:
                    parts.append(f'<circle cx="{centre[0]:.1f}" cy="{centre[1]:.1f}" r="6" fill="#111"/>')
            parts.append("</g>")
    # status, what the viewer is asked, the information panel, buttons and the legend
    y = size + 8
    cur = state.current_player()
    who = "over" if state.is_terminal() else ("chance" if cur < 0 else f"player {cur} ({t.colours[cur]})")
    status = f"phase: {state.phase} | to act: {who} | turns: {state.turns}"
    if state.is_terminal():  # one vocabulary: the end screen's words, an unfinished game's included
        status = f"game over after {state.turns} turns: {end_words(state, viewer)}"
    parts.append(f'<text x="10" y="{y + 10:.0f}" font-weight="bold"{_fit(status, size - 20)}>{escape(status)}</text>')
    ask = prompt(state, viewer) if viewer is not None else ""
    if ask:
        y += 20
        parts.append(f'<rect x="6" y="{y - 2:.0f}" width="{size - 12:.0f}" height="20" rx="4" fill="#fff3c4"/>'
                     f'<text class="mc-prompt" x="10" y="{y + 12:.0f}" font-size="13"{_fit(ask, size - 20)}>'
                     f'{escape(ask)}</text>')
    for line in panel_lines(state, viewer):
        y += 18
        parts.append(f'<text class="mc-panel" x="10" y="{y + 10:.0f}">{escape(line)}</text>')
    if viewer is not None and cur == viewer:
        x = 10.0
        y += 22
        for tid, actions in action_targets(state, viewer).items():
            if tid.startswith("slot-"):
                continue
            if tid.startswith("hand-"):
                kind = tid[len("hand-"):]
                label = f"{kind} ×{_hand(state, viewer).get(kind, 0)}"
                w = 30 + 7 * len(label)
                if x + w > size:
                    x, y = 10.0, y + 26
                parts.append(f'<g data-target="{tid}" class="hand"><rect x="{x:.0f}" y="{y:.0f}" width="{w}" '
                             f'height="20" rx="4" fill="#fff" stroke="#777"/><rect x="{x + 4:.0f}" y="{y + 4:.0f}" '
                             f'width="12" height="12" fill="{C.colour_hex(kind)}"/><text x="{x + 22:.0f}" '
                             f'y="{y + 14:.0f}">{escape(label)}</text></g>')
                x += w + 6
                continue
            label = escape(state.describe_action(actions[0]))
            w = 8 + 7 * len(label)
            if x + w > size:
                x, y = 10.0, y + 26
            parts.append(f'<g data-target="{tid}" class="button"><rect x="{x:.0f}" y="{y:.0f}" '
                         f'width="{w}" height="20" rx="4" fill="#e4e4e4" stroke="#777"/>'
                         f'<text x="{x + 4:.0f}" y="{y + 14:.0f}">{label}</text></g>')
            x += w + 6
    y += 28
    x = 10.0
    for kind in t.kinds:
        owner = [p for p in range(t.players) if t.colours[p] == kind]
        name = f"{kind} (player {owner[0]})" if owner else kind
        w = 24 + 7 * len(name)
        if x + w > size:
            x, y = 10.0, y + 20
        parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="14" height="14" fill="{C.colour_hex(kind)}" '
                     f'stroke="#333"/><text class="mc-legend" x="{x + 18:.0f}" y="{y + 12:.0f}">{escape(name)}</text>')
        x += w + 8
    parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="14" height="14" fill="{C.BACK_HEX}"/>'
                 f'<text class="mc-legend" x="{x + 18:.0f}" y="{y + 12:.0f}">face down</text>')
    height = y + 26
    parts.append("</svg>")
    parts[0] = parts[0].format(W=f"{size:.0f}", H=f"{height:.0f}")
    return "".join(parts)


class MemcelPresentation(Presentation):
    """Memcel's drawing and clicks (:mod:`lab.core.presentation`), handed a state each time."""

    def render_svg(self, state: MemcelState, viewer: int | None = None) -> str:
        return render_svg(state, viewer)

    def action_targets(self, state: MemcelState, player: int) -> dict[str, list[Action]]:
        return action_targets(state, player)

    def click_default(self, state: MemcelState, player: int, target: str) -> Action | None:
        return click_default(state, player, target)

    def prompt(self, state: MemcelState, player: int) -> str:
        return prompt(state, player)
