"""SVG of the Space Station board, the clickable targets of the player's decisions, and words.

Clickable elements carry ``data-target``: ``hex-{col}-{row}`` (0-based node) for every hex,
``piece-{label}`` (``piece-F1``, ``piece-D2`` ...) for every piece, ``earth`` for Earth,
``btn-stop`` and ``btn-end`` for the two buttons. :func:`action_targets` maps the legal ones to
their actions; :func:`explain_target` says why a click anywhere else does nothing.

A moving fighter may be sent to any hex it can reach this activation: the hex's target holds the
first step and :func:`target_path` the whole path (one legal ``move`` per hex), which the board
draws when the pointer is over that hex. Pieces sharing a hex are drawn as a row of labelled chips.

:class:`SpaceStationPresentation` is what the game assembles (``SpaceStationGame.presentation``):
a state hands itself to it (:mod:`lab.core.presentation`), so the state never imports this module.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING, Any

from lab.core.actions import Action, act
from lab.core.presentation import Presentation
from lab.games.space_station.position import IN_PLAY, LOSS, UNFINISHED, WIN
from lab.games.space_station.words import end_words, hex_name

if TYPE_CHECKING:
    from lab.games.space_station.state import SpaceStationState

SCALE = 18.0
# the station silver-white, Earth blue: no two things in the legend share a colour
COLOURS = {"station": "#e8ecf1", "fighter": "#2aa876", "droid": "#c0392b", "missile": "#e67e22"}
INK = {"station": "#111"}  # the label colour on a piece (white unless named here)
EARTH = "#2e86de"
LEGEND = (
    (COLOURS["station"], "station"), (COLOURS["fighter"], "fighter (yours)"), (COLOURS["droid"], "droid (enemy)"),
    (COLOURS["missile"], "missile (enemy)"), (EARTH, "Earth"), ("#3b2a55", "forbidden zone"),
    ("#24406e", "station's next orbit cells"), ("#4a3a1a", "droid entry points"),
)
STYLE = ("<style>.ss-path{visibility:hidden;pointer-events:none}"
         ".ss-reach:hover .ss-path{visibility:visible}.ss-chip text{pointer-events:none}</style>")


def _pt(x: float, y: float) -> str:
    return f"{x * SCALE:.1f},{y * SCALE:.1f}"


def _hex_id(state: SpaceStationState, i: int) -> str:
    c, r = state.geo.nodes[i]
    return f"hex-{c}-{r}"


def reachable(state: SpaceStationState) -> dict[int, list[int]]:
    """Hex -> directions of a shortest path the active fighter can move there (this activation).

    Breadth first, nearest hexes first; the path does not pass through an occupied hex (a
    collision there would end the move), though it may end on one.
    """
    if state.active < 0 or state.decision is None or state.pending is not None:
        return {}
    step = state.geo.step
    start = state.hexes[state.active]
    occupied = {state.hexes[p] for p in range(state.game.n_pieces)
                if p != state.active and state.status[p] == IN_PLAY}
    paths: dict[int, list[int]] = {start: []}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        if len(paths[h]) >= state.steps_left or (h in occupied and h != start):
            continue
        for d, j in enumerate(step[h]):
            if j >= 0 and j not in paths:
                paths[j] = [*paths[h], d]
                todo.append(j)
    del paths[start]
    return paths


def action_targets(state: SpaceStationState, player: int) -> dict[str, list[Action]]:
    """``data-target`` id -> the legal actions a click on it makes (player 0 only).

    A reachable hex holds the first step of its path (:func:`target_path` gives the rest);
    adjacent hexes come first.
    """
    if player != 0 or state.decision is None or state.pending is not None:
        return {}
    g = state.game
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
    for j, path in reachable(state).items():
        out[_hex_id(state, j)] = [act("move", path[0])]
    out["btn-stop"] = [act("stop")]
    return out


def target_path(state: SpaceStationState, player: int, target: str) -> list[Action]:
    """The moves one click on a reachable hex plays (``[]`` for any other target)."""
    if player != 0 or not target.startswith("hex-"):
        return []
    for j, path in reachable(state).items():
        if _hex_id(state, j) == target:
            return [act("move", d) for d in path]
    return []


def explain_target(state: SpaceStationState, player: int, target: str) -> str | None:
    """Why a click on ``target`` does nothing now, in words."""
    g = state.game
    dec = state.decision
    cell = state.geo.grid  # "hex" or "square"
    if dec is None:
        return "the enemy and the dice are moving; wait for your turn"
    if target == "earth":
        return "Earth cannot be entered or targeted (SS-F4: the forbidden zone)"
    if dec[0] == "target":
        names = ", ".join(g.labels[t] for t in dec[2])
        return f"{g.labels[dec[1]]} is choosing what to fire at: click one of {names} (highlighted)"
    if target.startswith("piece-"):
        label = target[len("piece-"):]
        p = g.labels.index(label) if label in g.labels else -1
        kind = g.kinds[p] if p >= 0 else "piece"
        if state.active >= 0:
            return (f"{g.labels[state.active]} is moving ({state.steps_left} {cell}(s) left): click a "
                    f"highlighted {cell}, or Stop")
        if kind in ("droid", "missile"):
            return f"{label} is an enemy {kind}: you move your fighters; they fire by themselves after moving"
        if kind == "station":
            return "the station moves along its orbit by itself (SS-D1, SS-F2)"
        return f"{label} cannot move now (already moved this turn or not launched); pick a highlighted fighter"
    if target.startswith("hex-"):
        if state.active < 0:
            return "first pick a fighter to move (highlighted), or End moves"
        return (f"{g.labels[state.active]} cannot reach that {cell}: {state.steps_left} {cell}(s) left "
                f"(paths go around occupied {cell}s); click a highlighted {cell}, or Stop")
    return None


def result_text(state: SpaceStationState) -> str:
    """The end of the game in words (:func:`lab.games.space_station.words.end_words`)."""
    return end_words(state, 0) if state.is_terminal() else ""


def _chip(x: float, y: float, label: str, colour: str, extra: str, ring: str, ink: str = "white") -> str:
    w = 8 + 8 * len(label)
    return (f'<g class="ss-chip"{extra}><rect x="{x - w / 2:.1f}" y="{y - 9:.1f}" width="{w}" height="18" '
            f'rx="8" fill="{colour}" stroke="#fff" stroke-width="1"{ring}/>'
            f'<text x="{x:.1f}" y="{y + 4.5:.1f}" font-size="12" font-weight="bold" fill="{ink}" '
            f'text-anchor="middle">{escape(label)}</text></g>')


@lru_cache(maxsize=8)
def _cells(geo: Any) -> tuple[tuple[str, str, str], ...]:
    """Per hex of a board: its outline's points, its ``data-target`` id and its name -- the same
    for every position, so computed once per board (they were 2/3 of every redraw)."""
    graph = geo.graph
    out = []
    for i, node in enumerate(geo.nodes):
        poly = graph.nodes[node]["polygon"]
        pts = " ".join(_pt(x, y) for x, y in list(poly.exterior.coords)[:-1])
        c, r = node
        out.append((pts, f"hex-{c}-{r}", escape(hex_name(geo.label(i), geo.grid))))
    return tuple(out)


def render_svg(state: SpaceStationState, viewer: int | None = None) -> str:
    """The whole board (perfect information: every viewer sees the same)."""
    g, geo = state.game, state.geo
    graph = geo.graph
    w = graph.graph["width"] * SCALE
    h = graph.graph["height"] * SCALE
    foot = 40 + 22 * ((len(LEGEND) + 3) // 4)
    targets = action_targets(state, 0)
    paths = reachable(state) if state.active >= 0 else {}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h + foot:.0f}" '
        f'viewBox="0 0 {w:.0f} {h + foot:.0f}" font-family="sans-serif">', STYLE,
        f'<rect width="{w:.0f}" height="{h + foot:.0f}" fill="#0b1020"/>',
    ]
    orbit_next = {
        geo.orbit[(state.station_k + s) % len(geo.orbit)]
        for s in range(1, int(g.params.station_speed) + 1)
    }
    reach: list[str] = []
    cells = _cells(geo)
    for i in range(len(geo.nodes)):
        pts, tid, name = cells[i]
        fill = "#151b30"
        if i in geo.forbidden:
            fill = "#3b2a55"
        elif i in orbit_next:
            fill = "#24406e"
        elif i in geo.orbit_pos:
            fill = "#1c2c4c"
        elif i in geo.entries:
            fill = "#4a3a1a"
        if i in paths:
            # drawn again on top, with the path shown while the pointer is over the hex
            trail = [state.hexes[state.active]]
            for d in paths[i]:
                trail.append(geo.step[trail[-1]][d])
            line = " ".join(_pt(*geo.pos[j]) for j in trail)
            reach.append(
                f'<g class="ss-reach" data-target="{tid}"><polygon points="{pts}" fill="{fill}" '
                f'stroke="#f1c40f" stroke-width="1.5"><title>{name}: {len(paths[i])} step(s)'
                f'</title></polygon><polyline class="ss-path" points="{line}" fill="none" stroke="#f1c40f" '
                f'stroke-width="3" stroke-dasharray="6 3"/></g>'
            )
            continue
        parts.append(f'<polygon data-target="{tid}" points="{pts}" fill="{fill}" stroke="#2b3350" '
                     f'stroke-width="1"><title>{name}</title></polygon>')
        if i in geo.entries:
            x, y = geo.pos[i]
            parts.append(
                f'<text x="{x * SCALE:.1f}" y="{y * SCALE + 4:.1f}" font-size="12" fill="#f5d58a" '
                f'text-anchor="middle">{geo.entries.index(i) + 1}</text>'
            )
    parts.extend(reach)
    ex, ey = geo.pos[geo.earth]
    parts.append(f'<g data-target="earth"><circle cx="{ex * SCALE:.1f}" cy="{ey * SCALE:.1f}" '
                 f'r="{SCALE * 0.9:.1f}" fill="{EARTH}"/><text x="{ex * SCALE:.1f}" y="{ey * SCALE + 4:.1f}" '
                 'font-size="11" fill="white" text-anchor="middle">Earth</text></g>')
    stacks: dict[int, list[int]] = {}
    for p in range(g.n_pieces):
        if state.status[p] == IN_PLAY and state.hexes[p] >= 0:
            stacks.setdefault(state.hexes[p], []).append(p)
    chips: list[str] = []
    for hx, pieces in stacks.items():
        x, y = geo.pos[hx]
        widths = [8 + 8 * len(g.labels[p]) + 3 for p in pieces]
        left = x * SCALE - sum(widths) / 2
        for p, wd in zip(pieces, widths, strict=True):
            label = g.labels[p]
            tid = f"piece-{label}"
            ring = ' stroke="#f1c40f" stroke-width="3"' if p == state.active else ""
            if len(pieces) == 1:
                chips.append(
                    f'<g data-target="{tid}" class="ss-chip"><circle cx="{x * SCALE:.1f}" cy="{y * SCALE:.1f}" '
                    f'r="{SCALE * 0.7:.1f}" fill="{COLOURS[g.kinds[p]]}" stroke="#fff" stroke-width="1"{ring}/>'
                    f'<text x="{x * SCALE:.1f}" y="{y * SCALE + 4.5:.1f}" font-size="12" font-weight="bold" '
                    f'fill="{INK.get(g.kinds[p], "white")}" text-anchor="middle">{label}</text></g>'
                )
            else:
                chips.append(_chip(left + wd / 2, y * SCALE, label, COLOURS[g.kinds[p]],
                                   f' data-target="{tid}"', ring, INK.get(g.kinds[p], "white")))
            left += wd
    parts.extend(chips)
    line = f"Game over: {end_words(state, 0)}" if state.outcome in (WIN, LOSS, UNFINISHED) else f"Turn {state.turn}"
    if state.active >= 0:
        line += f" - {g.labels[state.active]} moving: click a highlighted {geo.grid} ({state.steps_left} left) or Stop"
    elif state.decision is not None and state.decision[0] == "target":
        line += f" - {g.labels[state.decision[1]]} fires: click a highlighted target"
    elif state.decision is not None:
        line += " - click a highlighted fighter to move it, or End moves"
    parts.append(f'<text x="8" y="{h + 25:.0f}" font-size="14" fill="white">{escape(line)}</text>')
    for bid, text, x in (("btn-stop", "Stop", w - 190), ("btn-end", "End moves", w - 100)):
        if bid in targets:
            parts.append(
                f'<g data-target="{bid}" style="cursor:pointer"><rect x="{x:.0f}" y="{h + 8:.0f}" '
                f'width="90" height="26" rx="4" fill="#f1c40f"/><text x="{x + 45:.0f}" '
                f'y="{h + 26:.0f}" font-size="14" text-anchor="middle">{text}</text></g>'
            )
    for k, (colour, name) in enumerate(LEGEND):
        lx = 8 + (k % 4) * (w - 16) / 4
        ly = h + 46 + 22 * (k // 4)
        parts.append(f'<rect x="{lx:.0f}" y="{ly:.0f}" width="14" height="14" rx="3" fill="{colour}" '
                     f'stroke="#888"/><text x="{lx + 20:.0f}" y="{ly + 12:.0f}" font-size="12" '
                     f'fill="#ddd">{name}</text>')
    parts.append("</svg>")
    return "".join(parts)


class SpaceStationPresentation(Presentation):
    """The board and click hooks of Save the Space Station, each handed the state it presents
    (the module's functions), and two hooks the widgets ask a state for beyond
    :class:`~lab.core.presentation.Presentation`'s: :meth:`explain_target` and :meth:`result_text`."""

    def render_svg(self, state: SpaceStationState, viewer: int | None = None) -> str:
        return render_svg(state, viewer)

    def action_targets(self, state: SpaceStationState, player: int) -> dict[str, list[Action]]:
        return action_targets(state, player)

    def target_path(self, state: SpaceStationState, player: int, target: str) -> list[Action]:
        return target_path(state, player, target)

    def explain_target(self, state: SpaceStationState, player: int, target: str) -> str | None:
        return explain_target(state, player, target)

    def result_text(self, state: SpaceStationState, viewer: int | None = None) -> str:
        return result_text(state)
