"""The default view of a kit game with no drawing code, and its words.

It draws what ``viewer`` may see and nothing else (it reads :meth:`KitState.view`, never the
data): the board graph from the nodes' ``pos`` when the game declares a board -- with the pieces
on their nodes (a per-seat field whose entries are nodes: one token per seat; a field that is a
node or a list of nodes: markers) and only the viewer's legal targets clickable -- then the
phase, who is to act, the end in words and every field of the visible state (the viewer's own
entry of a per-seat field marked as theirs, other seats' hidden entries as sizes). Legal moves
without a board target become buttons in the widget.

Words: :func:`end_words` says the end from the returns (never "returns 1, -1");
:class:`StepLog` turns the history into a move log -- every move and chance outcome in words,
the designer's own ``ctx.log`` events in between -- showing a viewer only the steps they can
tell apart: an outcome or another seat's choice is named only when every alternative would have
left that viewer a different observation (so a hidden deal or bid stays "hidden" until the game
reveals it), a seat's own choices always.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from lab.core.actions import Action
from lab.core.presentation import Presentation
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State
from lab.core.words import data_words, kind_words, result_words, seat_name, value_words

if TYPE_CHECKING:
    from lab.kit.state import KitState

WIDTH = 520
LINE = 18
BOARD_H = 300
SEAT_COLOURS = ("#c0392b", "#2471a3", "#229954", "#b9770e", "#7d3c98", "#17a589")
CROWD = ((0, 0), (11, -11), (-11, -11), (11, 11), (-11, 11), (0, -16))  # pieces sharing a node
MAX_ALTERNATIVES = 64  # a step with more alternatives than this is not tested: shown as hidden


def _text(x: float, y: float, content: str, **attrs: Any) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{html.escape(str(v))}"' for k, v in attrs.items())
    return f'<text x="{x:.0f}" y="{y:.0f}"{extra}>{html.escape(content)}</text>'


def _short(value: Any, limit: int = 70) -> str:
    text = json.dumps(value, separators=(", ", ": "))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _key(value: Any) -> str:
    """One spelling of a node and of a JSON value naming it (tuples and lists alike)."""
    def plain(v: Any) -> Any:
        return [plain(x) for x in v] if isinstance(v, list | tuple) else v
    return json.dumps(plain(value), sort_keys=True, default=str)


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


def end_words(state: State, viewer: int | None = None) -> str:
    """The end in words from the returns (``""`` while the game runs)."""
    return result_words(state, viewer)


def _status(state: KitState, viewer: int | None) -> str:
    cur = state.current_player()
    if cur == TERMINAL:
        return "game over: " + end_words(state, viewer)
    if cur == CHANCE:
        return "chance"
    seats = state.acting_players()
    who = ", ".join("you" if s == viewer else f"seat {s}" for s in seats)
    return f"{who} to move" + (" (at the same time)" if cur == SIMULTANEOUS else "")


def _pieces(view: Any, by_key: Mapping[str, Any], players: int) -> tuple[list[tuple[Any, int | None, str]], set[str]]:
    """``(node, seat or None, label)`` for every piece the visible state puts on a node, and
    the fields drawn that way (they are still listed below the board)."""
    pieces: list[tuple[Any, int | None, str]] = []
    fields: set[str] = set()
    if not isinstance(view, dict):
        return pieces, fields
    for field, value in view.items():
        if isinstance(value, list) and len(value) == players and value and all(
                _key(v) in by_key for v in value):
            pieces += [(by_key[_key(v)], p, f"P{p}") for p, v in enumerate(value)]
            fields.add(field)
        elif isinstance(value, list) and len(value) == players and value and all(
                isinstance(v, list) and all(_key(x) in by_key for x in v) for v in value):
            pieces += [(by_key[_key(x)], p, f"P{p}") for p, v in enumerate(value) for x in v]
            fields.add(field)
        elif _key(value) in by_key and not isinstance(value, bool):
            pieces.append((by_key[_key(value)], None, field[:3]))
            fields.add(field)
        elif isinstance(value, list) and value and all(_key(v) in by_key for v in value):
            pieces += [(by_key[_key(v)], None, field[:3]) for v in value]
            fields.add(field)
    return pieces, fields


def default_svg(state: KitState, viewer: int | None) -> str:
    """SVG of what ``viewer`` may see (``None``: a spectator)."""
    parts: list[str] = []
    graph, xy = _board_nodes(state)
    view = state.view(viewer)
    y = 0.0
    if xy:
        legal = board_targets(state, viewer) if viewer is not None else {}
        for u, v in graph.edges():
            if u in xy and v in xy:
                (ax, ay), (bx, by) = xy[u], xy[v]
                parts.append(f'<line x1="{ax:.0f}" y1="{ay:.0f}" x2="{bx:.0f}" y2="{by:.0f}" stroke="#999"/>')
        for node, (x, yy) in xy.items():
            label = str(graph.nodes[node].get("label", node))
            target = f' data-target="{html.escape(str(node))}"' if str(node) in legal else ""
            parts.append(
                f'<g class="kit-node"{target}><title>{html.escape(label)}</title>'
                f'<circle cx="{x:.0f}" cy="{yy:.0f}" r="12" fill="#f4f1e8" stroke="#555"/>'
                f'{_text(x, yy + 4, label, text_anchor="middle", font_size=10)}</g>'
            )
        by_key = {_key(n): n for n in xy}
        pieces, _drawn = _pieces(view, by_key, state.game.num_players())
        crowd: dict[Any, int] = {}
        for node, seat, label in pieces:
            k = crowd.get(node, 0)
            crowd[node] = k + 1
            x, yy = xy[node]
            ox, oy = CROWD[k % len(CROWD)]
            px, py = x + ox, yy + oy
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat is not None else "#333"
            mine = " (you)" if seat is not None and seat == viewer else ""
            parts.append(
                f'<g class="kit-piece" pointer-events="none"><title>{html.escape(label + mine)} on '
                f'{html.escape(str(node))}</title><circle cx="{px:.0f}" cy="{py:.0f}" r="10" fill="{colour}" '
                f'stroke="#fff" stroke-width="1.5"/>'
                f'{_text(px, py + 4, label, text_anchor="middle", font_size=10, fill="#fff", font_weight="bold")}</g>'
            )
        y = BOARD_H
    y += LINE
    parts.append(_text(10, y, f"{state.game.title} — {_status(state, viewer)}", font_weight="bold"))
    control = state.control
    y += LINE
    parts.append(_text(10, y, f"phase {control[2]}, turn {control[3]}", fill="#555"))
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


# ---------------------------------------------------------------------- the move log
def describe_event(game: Any, event: Any, viewer: int | None = None) -> str:
    """A designer's ``ctx.log`` event in words (the kit's limit event too)."""
    d = event.data
    if event.kind == "unfinished":
        return f"the game was stopped by the safety limit {d.get('limit')} (not by its rules)"
    who = seat_name(d["player"], viewer) if isinstance(d.get("player"), int) else ""
    rest = {k: v for k, v in d.items() if k != "player"}
    body = data_words(rest, viewer)
    return f"{who + ': ' if who else ''}{kind_words(event.kind)}{' (' + body + ')' if body else ''}"


def chance_words(state: State, action: Action) -> str:
    """A chance outcome in words: ``the die shows 1``."""
    if action.kind == "rolled" and len(action.args) == 1:
        return f"chance: the die shows {action.args[0]}"
    if action.kind == "drawn" and len(action.args) == 1:
        return f"chance: item {int(action.args[0]) + 1} of the pile was drawn"
    return f"chance: {state.describe_action(action)}"


def _tells_apart(states: list[State], viewer: int | None) -> bool:
    seen = [json.dumps(s.observation(viewer), sort_keys=True, default=str) for s in states]
    return len(set(seen)) == len(seen)


def _sees_chance(state: State, outcome: Action, viewer: int | None) -> bool:
    """True if ``viewer`` can tell this chance node's outcomes apart (then it is public to them)."""
    if state.game.perfect_information:
        return True
    options = [a for a, _ in state.chance_outcomes()]
    if len(options) > MAX_ALTERNATIVES:
        return False
    return _tells_apart([state.child(a) for a in options], viewer)


def _sees_move(state: State, seat: int, viewer: int | None, joint: Mapping[int, Action] | None = None) -> bool:
    """True if ``viewer`` can tell which of ``seat``'s legal choices was made."""
    if seat == viewer or state.game.perfect_information:
        return True
    options = state.legal_actions(seat)
    if len(options) > MAX_ALTERNATIVES:
        return False
    children = []
    for a in options:
        child = state.clone()
        if joint is None:
            child.apply_action(a)
        else:
            child.apply_actions({**joint, seat: a})
        children.append(child)
    return _tells_apart(children, viewer)


class StepLog:
    """The move log of one viewer, in words, kept up to date step by step (a replay).

    :meth:`entries` takes the current state; it replays only the steps it has not seen (after
    an undo, from the first step that differs). Each entry is ``{"step", "clause", "kind",
    "text"}`` like an event's entry in :mod:`widgets._session`, with ``clause`` empty for a move.
    """

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer
        self.items: list[Any] = []  # the history items already described
        self.lines: list[list[dict[str, Any]]] = []  # the entries of each item
        self.state: State | None = None  # the state after the described items
        self.last_seat: int | None = None  # the seat that made the last decision described

    def entries(self, state: State) -> list[dict[str, Any]]:
        history = state.history()
        same = 0
        while same < min(len(history), len(self.items)) and history[same] == self.items[same]:
            same += 1
        if self.state is None or same < len(self.items):
            self.items, self.lines, self.last_seat = [], [], None
            self.state = state.game.new_initial_state()
            same = 0
        replay = self.state
        for item in history[same:]:
            lines = self._words(replay, item)
            if item.player == SIMULTANEOUS:
                replay.apply_actions({p: a for p, a in enumerate(item.action) if a is not None})
            else:
                replay.apply_action(item.action)
            if item.player >= 0:
                self.last_seat = item.player
            cur = replay.current_player()
            if cur >= 0 and self.last_seat is not None and cur != self.last_seat:
                lines.append({"step": len(self.items) + 1, "clause": "", "kind": "turn",
                              "text": f"the turn passes to {seat_name(cur, self.viewer)}"})
                self.last_seat = cur
            self.lines.append(lines)
            self.items.append(item)
        out: list[dict[str, Any]] = []
        events = state.events_for(self.viewer)
        by_step: dict[int, list[Any]] = {}
        for e in events:
            by_step.setdefault(e.step, []).append(e)
        for e in by_step.pop(0, []):
            out.append(_event_entry(state.game, e, self.viewer))
        for i, lines in enumerate(self.lines):
            out += [line for line in lines if line["kind"] != "turn"]
            for e in by_step.pop(i + 1, []):
                out.append(_event_entry(state.game, e, self.viewer))
            out += [line for line in lines if line["kind"] == "turn"]
        for rest in by_step.values():
            out += [_event_entry(state.game, e, self.viewer) for e in rest]
        return out

    def _words(self, before: State, item: Any) -> list[dict[str, Any]]:
        step = len(self.items) + 1
        viewer = self.viewer
        lines = []
        if item.player == CHANCE:
            text = chance_words(before, item.action) if _sees_chance(before, item.action, viewer) \
                else "chance: a hidden outcome"
            lines.append({"step": step, "clause": "", "kind": "chance", "text": text})
        elif item.player == SIMULTANEOUS:
            joint = {p: a for p, a in enumerate(item.action) if a is not None}
            for p, a in sorted(joint.items()):
                said = before.describe_action(a) if _sees_move(before, p, viewer, joint) else "a hidden choice"
                lines.append({"step": step, "clause": "", "kind": a.kind,
                              "text": f"{seat_name(p, viewer)} chose {said} (all at once)"})
        else:
            said = before.describe_action(item.action) if _sees_move(before, item.player, viewer) \
                else "a hidden choice"
            lines.append({"step": step, "clause": "", "kind": item.action.kind,
                          "text": f"{seat_name(item.player, viewer)}: {said}"})
        return lines


def _event_entry(game: Any, event: Any, viewer: int | None) -> dict[str, Any]:
    return {"step": event.step, "clause": event.clause, "kind": event.kind,
            "text": describe_event(game, event, viewer)}


__all__ = [
    "StepLog", "board_targets", "chance_words", "default_svg", "describe_event", "end_words",
    "value_words",
]


class KitPresentation(Presentation):
    """How a kit game is drawn and clicked: its board graph (or a generic table) and its
    board-node targets (``KitGame.presentation``)."""

    def render_svg(self, state: Any, viewer: int | None = None) -> str:
        return default_svg(state, viewer)

    def action_targets(self, state: Any, player: int) -> dict[str, list[Action]]:
        return board_targets(state, player)
