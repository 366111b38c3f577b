"""SVG of a memm position: the structure in isometric view, the hands, clickable targets.

The structure is seen from the ``+x, +y, +z`` octant, so each cube shows its ``+x``, ``+y`` and
top faces, in their colours with the Roman numeral of MM-C2; cubes are painted back to front
(by ``x + y + z``). The last cube placed has a thick outline. When the viewer is the player to
move, the free cells they may fill are drawn as dashed ghost cubes with
``data-target="cell:x,y,z"``, the cubes of their hand with ``data-target="cube:<id>"``, and
``pass``/``keep``/``player:<seat>`` buttons as needed; :func:`action_targets` maps each target to
the legal actions it stands for (a cell and a cube clicked together narrow a placement down to
its orientations, which :meth:`~lab.games.memm.state.MemmState.describe_action` names).
Hands are public in memm, so every viewer sees every hand; the viewer's own comes first.
:class:`MemmPresentation` is what the game names as its presentation: a state is handed to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from lab.boards.cubes import Cell
from lab.core.actions import Action
from lab.core.presentation import Presentation
from lab.games.memm.components import COLOUR_HEX, COLOURS, ROMAN
from lab.games.memm.state import MemmState, describe_cube
from lab.games.memm.words import cell_name, end_words

S = 34.0  # pixels per lattice unit
MIN_FONT = 11.0  # the smallest numeral on the page, in px (hand cubes are drawn scaled down)
PIN_R = 9.0  # radius of a free cell's marker
_SIN = 0.5
_COS = 0.8660254


def _pt(x: float, y: float, z: float) -> tuple[float, float]:
    return ((x - y) * _COS * S, ((x + y) * _SIN - z) * S)


def _faces(cell: Cell) -> dict[int, list[tuple[float, float, float]]]:
    x, y, z = cell
    return {
        4: [(x, y, z + 1), (x + 1, y, z + 1), (x + 1, y + 1, z + 1), (x, y + 1, z + 1)],
        0: [(x + 1, y, z), (x + 1, y + 1, z), (x + 1, y + 1, z + 1), (x + 1, y, z + 1)],
        2: [(x, y + 1, z), (x + 1, y + 1, z), (x + 1, y + 1, z + 1), (x, y + 1, z + 1)],
    }


def _poly(points: Sequence[tuple[float, float, float]], dx: float, dy: float) -> str:
    return " ".join(f"{_pt(*p)[0] + dx:.1f},{_pt(*p)[1] + dy:.1f}" for p in points)


def _cube_svg(cell: Cell, world: Sequence[int], dx: float, dy: float, extra: str = "",
              outline: str = "#222", width: float = 1.0, css: str = "cube", scale: float = 1.0) -> list[str]:
    """A cube's three visible faces with their numerals; ``scale``: the transform it is drawn
    under, so that a numeral is never smaller than :data:`MIN_FONT` px on the page."""
    font = max(14.0, MIN_FONT / scale)
    out = [f'<g class="{css}"{extra}>']
    shade = {4: 0.0, 0: 0.12, 2: 0.25}
    for f, pts in _faces(cell).items():
        colour = COLOUR_HEX[COLOURS[world[f]]]
        poly = _poly(pts, dx, dy)
        out.append(f'<polygon points="{poly}" fill="{colour}" stroke="{outline}" '
                   f'stroke-width="{width}"/>')
        if shade[f]:
            out.append(f'<polygon points="{poly}" fill="#000" fill-opacity="{shade[f]}"/>')
        cx = sum(_pt(*p)[0] for p in pts) / 4 + dx
        cy = sum(_pt(*p)[1] for p in pts) / 4 + dy
        count = sum(1 for c in world if c == world[f])
        out.append(f'<text class="mm-numeral" x="{cx:.1f}" y="{cy + font * 0.36:.1f}" font-size="{font:.1f}" '
                   f'text-anchor="middle" font-weight="bold" fill="#fff" stroke="#000" '
                   f'stroke-width="{2 * font / 14:.1f}" paint-order="stroke">{ROMAN[count]}</text>')
    out.append("</g>")
    return out


def action_targets(state: MemmState, player: int) -> dict[str, list[Action]]:
    """``data-target`` id -> the legal actions of ``player`` it stands for."""
    if state.current_player() != player:
        return {}
    targets: dict[str, list[Action]] = {}
    for a in state.legal_actions(player):
        if a.kind == "place":
            cube, x, y, z, _ = a.args
            targets.setdefault(f"cell:{x},{y},{z}", []).append(a)
            targets.setdefault(f"cube:{cube}", []).append(a)
        elif a.kind == "give":
            targets.setdefault(f"cube:{a.args[0]}", []).append(a)
            targets.setdefault(f"player:{a.args[1]}", []).append(a)
        else:
            targets.setdefault(a.kind, []).append(a)
    return targets


def render_svg(state: MemmState, viewer: int | None = None) -> str:
    """The position as ``viewer`` sees it (everything in memm is public)."""
    targets = action_targets(state, viewer) if viewer is not None else {}
    structure = state.structure()
    ghosts = [
        tuple(int(v) for v in key[5:].split(",")) for key in targets if key.startswith("cell:")
    ]
    cells = list(structure) + ghosts
    if cells:
        xs = [_pt(*c)[0] for cell in cells for c in _faces(cell)[4] + _faces(cell)[0]]
        ys = [_pt(*c)[1] for cell in cells for c in _faces(cell)[4] + _faces(cell)[0]]
        ys += [_pt(cell[0] + 1, cell[1] + 1, cell[2])[1] for cell in cells]
        xs += [_pt(cell[0], cell[1] + 1, cell[2])[0] for cell in cells]
    else:
        xs, ys = [0.0, 0.0], [0.0, 0.0]
    pad = 20.0
    dx, dy = pad - min(xs), pad - min(ys)
    width = max(360.0, max(xs) - min(xs) + 2 * pad)
    board_h = max(ys) - min(ys) + 2 * pad
    parts: list[str] = []
    for cell in sorted(structure, key=sum):
        last = cell == state.last
        cube = structure[cell][0]
        parts += _cube_svg(cell, structure[cell][2], dx, dy, f' data-cube="{cube}"',
                           outline="#ff00ff" if last else "#000", width=3.0 if last else 1.0,
                           css="cube last" if last else "cube")
    pins: list[str] = []  # free cells as markers over everything, never as overlapping cubes
    if state.last is not None:  # the last cube's outline on top of everything, so it shows
        x, yy, z = state.last
        hexagon = [(x + 1, yy, z), (x + 1, yy + 1, z), (x, yy + 1, z), (x, yy + 1, z + 1),
                   (x, yy, z + 1), (x + 1, yy, z + 1)]
        parts.append(f'<polygon class="last-outline" points="{_poly(hexagon, dx, dy)}" fill="none" '
                     'stroke="#ff00ff" stroke-width="2.5" stroke-dasharray="5,3"/>')
    for cell, (px, py) in _pin_spots(ghosts, dx, dy, list(structure)).items():
        where = f"{cell[0]},{cell[1]},{cell[2]}"
        pins.append(f'<g class="target mm-free" data-target="cell:{where}" style="cursor:pointer">'
                    f'<title>free {cell_name(cell)}</title><circle cx="{px:.1f}" cy="{py:.1f}" r="{PIN_R}" '
                    'fill="#ffffff" fill-opacity="0.85" stroke="#444" stroke-dasharray="3,2"/>'
                    f'<text x="{px:.1f}" y="{py + 4:.1f}" font-size="12" text-anchor="middle" fill="#444">+</text></g>')
    parts += pins
    y = board_h + 10
    parts.append(f'<text x="10" y="{y:.0f}" font-size="13">{escape(_status(state, viewer))}</text>')
    y += 12
    seats = list(range(len(state.hands)))
    if viewer is not None:
        seats = [viewer] + [p for p in seats if p != viewer]
    table = state.game.cubes
    for p in seats:
        own = p == viewer
        size = 0.8 if own else 0.55  # numerals keep MIN_FONT px whatever the scale
        y += 8
        label = f"player {p}" + (" (you)" if own else "") + f": {len(state.hands[p])} cubes"
        tgt = f' data-target="player:{p}" style="cursor:pointer"' if f"player:{p}" in targets else ""
        parts.append(f'<text x="10" y="{y + 10:.0f}" font-size="12"{tgt}>{escape(label)}</text>')
        y += 14
        x0 = 10.0
        for cube in state.hands[p]:
            body = table.bodies[cube]
            tgt = f' data-target="cube:{cube}" style="cursor:pointer"' if f"cube:{cube}" in targets else ""
            parts.append(f'<g transform="translate({x0:.1f},{y:.1f}) scale({size})"{tgt}>')
            parts.append(f"<title>cube {cube}: {escape(describe_cube(body))}</title>")
            parts += _cube_svg((0, 0, 0), body, S * _COS, S, f' data-cube="{cube}"', scale=size)
            parts.append("</g>")
            x0 += 2 * S * _COS * size + 4
            width = max(width, x0 + 10)
        y += 2 * S * size + 4
    for name in ("pass", "keep"):
        if name in targets:
            parts.append(f'<g data-target="{name}" style="cursor:pointer"><rect x="10" y="{y:.0f}" '
                         f'width="90" height="22" rx="4" fill="#eee" stroke="#444"/><text x="55" '
                         f'y="{y + 15:.0f}" font-size="12" text-anchor="middle">{name}</text></g>')
            y += 28
    height = y + 10
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">'
            + "".join(parts) + "</svg>")


def _pin_spots(cells: Sequence[Cell], dx: float, dy: float,
               structure: Sequence[Cell] = ()) -> dict[Cell, tuple[float, float]]:
    """Where each free cell's marker goes: the cell's centre pushed out from the structure's
    centre (so it sits beside the cubes, not on a corner), moved aside from markers that would
    cover it (cells on one line of sight share a centre in this view)."""
    d = 2 * PIN_R + 3
    nudges = [(0.0, 0.0)] + [(i * d, j * d) for r in (1, 2) for i in range(-r, r + 1) for j in range(-r, r + 1)
                             if max(abs(i), abs(j)) == r]
    base = list(structure) or list(cells)
    mid = [sum(c[k] for c in base) / len(base) + 0.5 for k in range(3)] if base else [0.5, 0.5, 0.5]
    spots: dict[Cell, tuple[float, float]] = {}
    for cell in sorted(cells, key=lambda c: (-sum(c), c)):
        centre = [cell[k] + 0.5 for k in range(3)]
        away = [centre[k] - mid[k] for k in range(3)]
        norm = max(1e-9, sum(v * v for v in away) ** 0.5)
        push = [centre[k] + 0.45 * away[k] / norm for k in range(3)]
        x0, y0 = _pt(push[0], push[1], push[2])
        for nx, ny in nudges:
            x, y = x0 + dx + nx, y0 + dy + ny
            if all((x - a) ** 2 + (y - b) ** 2 >= d * d for a, b in spots.values()):
                break
        spots[cell] = (x, y)
    return spots


def _status(state: MemmState, viewer: int | None = None) -> str:
    if state.phase in ("deal", "roll"):
        return f"dealing ({len(state.undealt)} cubes left to deal)"
    if state.phase == "over":
        return "game over: " + end_words(state, viewer)
    doing = "gives cubes" if state.phase == "give" else "places a cube"
    if state.phase == "place" and state.repeat:
        may = state.game.params["extra_placement"] == "may"
        doing = "places again (MM-3" + ("; pass declines it)" if may else ")")
    extra = f"; must touch column {state.column}" if state.column is not None else ""
    return f"player {state.to_move} {doing}{extra}"


def _faces_data(world: Sequence[int]) -> dict[str, list[str]]:
    """Per face (+x, -x, +y, -y, +z, -z): its colour and the numeral of MM-C2."""
    return {
        "colours": [COLOUR_HEX[COLOURS[c]] for c in world],
        "numerals": [ROMAN[sum(1 for o in world if o == c)] for c in world],
    }


def scene(state: MemmState, viewer: int | None = None) -> dict[str, object]:
    """The position for a 3D view, as JSON data (memm is public: the same for every viewer).

    ``cubes``: the structure in placement order (cell, faces, last); ``ghosts``: for the
    viewer to move, every free cell they may fill with the legal placements there (cube,
    orientation's faces, words, the action as JSON) -- the 3D view cycles through them.
    """
    cubes = [
        {"cell": list(cell), **_faces_data(world), "cube": cube, "last": cell == state.last}
        for cell, (cube, _rot, world) in state.structure().items()
    ]
    ghosts: dict[str, list[dict[str, object]]] = {}
    if viewer is not None and state.current_player() == viewer:
        table = state.game.cubes
        for a in state.legal_actions(viewer):
            if a.kind != "place":
                continue
            cube, x, y, z, rot = (int(v) for v in a.args)
            world = table.orientations[cube][table.rep_index[cube][rot]][1]
            ghosts.setdefault(f"{x},{y},{z}", []).append(
                {"cube": cube, **_faces_data(world), "label": state.describe_action(a), "action": a.to_json()}
            )
    return {"cubes": cubes, "ghosts": ghosts, "last": list(state.last) if state.last else None}


class MemmPresentation(Presentation):
    """memm's drawing and click hooks (:mod:`lab.core.presentation`): the game names it, a
    state is handed to it (``state.render_svg(viewer)``), and the state never imports it."""

    def render_svg(self, state: MemmState, viewer: int | None = None) -> str:
        return render_svg(state, viewer)

    def action_targets(self, state: MemmState, player: int) -> dict[str, list[Action]]:
        return action_targets(state, player)
