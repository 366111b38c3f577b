"""SVG of a Fiemme–Cembra table for one viewer, and the clickable targets: the game's
presentation (:class:`FiemmeCembraPresentation`, :mod:`lab.core.presentation`), handed a state.

The viewer sees their own hand (each card a ``data-target="hand-<type>"``: click to discard),
every conquered card face up, the conquest deck as card backs (``data-target="deck"``: click to
slap) and, in the memory proposal, the grid as backs (``data-target="slot-<i>"``). Never another
player's hand, never the deck order.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import lab.games.fiemme_cembra.components as C
from lab.core.actions import Action
from lab.core.presentation import Presentation
from lab.games.fiemme_cembra.words import closing_rule, end_words

if TYPE_CHECKING:
    from lab.games.fiemme_cembra.state import FiemmeCembraState

COLOURS = ("#3f8f3f", "#2f6fbf", "#9b5d2e", "#c0392b", "#7d3c98", "#d4ac0d")
SHORT = ("Nat", "Spo", "Sto", "Gus", "All", "Evt")
CARD_W, CARD_H = 34, 48
PER_ROW = 16  # conquered cards per row (a player's cards wrap onto further rows)


def _fit(text: str, width: float) -> str:
    """``textLength`` squeezing a long line into ``width`` px (about 7 px a character at 13 px)."""
    return f' textLength="{width:.0f}" lengthAdjust="spacingAndGlyphs"' if 7 * len(text) > width else ""


def _card(x: float, y: float, t: int, label: str = "", target: str | None = None, css: str = "") -> str:
    tgt = f' data-target="{escape(target)}" style="cursor:pointer"' if target else ""
    cls = f' class="{css}"' if css else ""
    return (f'<g{cls}{tgt}><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="{COLOURS[t]}" '
            f'stroke="#222"/><text x="{x + CARD_W / 2}" y="{y + 20}" font-size="10" fill="#fff" '
            f'text-anchor="middle">{SHORT[t]}</text><text x="{x + CARD_W / 2}" y="{y + 36}" font-size="9" '
            f'fill="#fff" text-anchor="middle">{escape(label)}</text></g>')


def _back(x: float, y: float, target: str | None = None, text: str = "") -> str:
    tgt = f' data-target="{escape(target)}" style="cursor:pointer"' if target else ""
    return (f'<g{tgt}><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#444" '
            f'stroke="#111"/><text x="{x + CARD_W / 2}" y="{y + 28}" font-size="10" fill="#ddd" '
            f'text-anchor="middle">{escape(text)}</text></g>')


def _instruction(state: FiemmeCembraState, viewer: int | None) -> str:
    """What the viewer is asked to do now, in words (``""`` when nothing)."""
    if viewer is None or viewer not in state.acting_players():
        return ""
    phase = state.phase_name()
    if phase == "pass":
        to = state.game.pass_tables[state.passes % len(state.game.pass_tables)][viewer]
        direction = state.game.pass_names[state.passes % len(state.game.pass_tables)]
        return (f"Pass (FC-P2): click a card of your hand to pass it {direction} to player {to}; "
                f"{closing_rule(state.game)}")
    if phase == "penalty":
        return "Penalty (FC-P7): click one of your conquered cards to give it back"
    if phase == "flip":
        return "Memory: click a face-down place of the grid to flip it"
    return ""


def render_svg(state: FiemmeCembraState, viewer: int | None = None) -> str:
    """The table as ``viewer`` may see it (``None``: a spectator, public information only).

    Each player's summary has a line of its own above their cards (never drawn over); once
    the match is over the header says so, the totals count every round and the winners are
    named.
    """
    game = state.game
    n = state.n
    syl = game.syllables
    width = 640
    rows: list[str] = []
    y = 10
    over = state.phase_name() == "over"
    rounds = int(game.params["rounds"])
    if state.unfinished:
        head = f"Fiemme–Cembra · stopped in round {state.round_no + 1} of {rounds} (unfinished)"
    elif over:
        head = f"Fiemme–Cembra · match over after {rounds} round{'s' if rounds > 1 else ''}"
    else:
        head = (f"Fiemme–Cembra · round {state.round_no + 1} of {rounds} · hand {state.hand_in_round + 1} · "
                f"pass {state.passes} · {state.phase_name()}")
    rows.append(f'<text x="10" y="{y + 12}" font-size="14" font-weight="bold">{escape(head)}</text>')
    y += 24
    if over or state.is_terminal():
        result = end_words(state, viewer).split("; cards conquered")[0]  # the counts are below
        rows.append(f'<text class="fc-result" x="10" y="{y + 12}" font-size="13"{_fit(result, width - 20)}>'
                    f'{escape(result)}</text>')
        y += 22
    hint = _instruction(state, viewer)
    if hint:
        rows.append(f'<rect x="6" y="{y - 2}" width="{width - 12}" height="22" rx="4" fill="#fff3c4"/>'
                    f'<text class="fc-instruction" x="12" y="{y + 13}" font-size="13">{escape(hint)}</text>')
        y += 28
    # conquest deck (backs only) or memory grid
    if over:
        pass
    elif game.memory:
        for s, c in enumerate(state.grid):
            if c == -2:
                continue
            x = 10 + (s % 14) * (CARD_W + 6)
            yy = y + (s // 14) * (CARD_H + 6)
            rows.append(_back(x, yy, f"slot-{s}", str(s)))
        y += ((len(state.grid) + 13) // 14) * (CARD_H + 6) + 6
    else:
        for k in range(min(len(state.deck), 6)):
            rows.append(_back(10 + 3 * k, y + 3 * k, None))
        rows.append(_back(10 + 3 * min(len(state.deck), 6), y + 3 * min(len(state.deck), 6), "deck",
                          str(len(state.deck))))
        rows.append(f'<text x="80" y="{y + 30}" font-size="12">conquest deck: {len(state.deck)} cards</text>')
        y += CARD_H + 30
    # conquered cards, face up, per player: a summary line, then the cards below it
    totals = state.total_conquered()
    for p in range(n):
        tag = " (you)" if p == viewer else ""
        if over:
            won = " · WINNER" if p in state.winners() else ""
            line = f"player {p}{tag}: {totals[p]} conquered in the match{won}"
        else:
            past = f" ({totals[p]} in all rounds)" if state.past[p] else ""
            line = f"player {p}{tag}: {len(state.conquered[p])} conquered this round{past}"
        rows.append(f'<text class="fc-summary" x="10" y="{y + 14}" font-size="12">{escape(line)}</text>')
        y += 20
        shown = list(state.past[p]) + list(state.conquered[p]) if over else state.conquered[p]
        paying = p == viewer and state.phase_name() == "penalty" and state.actor == viewer
        # every conquered card is drawn: rows of PER_ROW (the count above is the cards below)
        for i, c in enumerate(shown):
            s = syl[c]
            row, col = divmod(i, PER_ROW)
            rows.append(_card(10 + col * (CARD_W + 3), y + row * (CARD_H + 4), game.types[c],
                              C.SYLLABLES[s] if s >= 0 else "", f"conquered-{c}" if paying else None,
                              css="fc-conquered"))
        lines = (len(shown) + PER_ROW - 1) // PER_ROW
        y += lines * (CARD_H + 4) + 2 if shown else 4
    # the viewer's own hand
    if viewer is not None and not over:
        rows.append(f'<text x="10" y="{y + 14}" font-size="12">your hand</text>')
        y += 20
        x = 10
        clickable = state.phase_name() == "pass"
        for t in range(C.HAND_TYPES):
            for _ in range(state.hands[viewer][t]):
                rows.append(_card(x, y, t, "", f"hand-{t}" if clickable else None))
                x += CARD_W + 4
        y += CARD_H + 6
    body = "".join(rows)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y + 10}" '
            f'viewBox="0 0 {width} {y + 10}" font-family="sans-serif">{body}</svg>')


def action_targets(state: FiemmeCembraState, player: int) -> dict[str, list[Action]]:
    """``data-target`` id -> the legal actions a click there makes for ``player``.

    ``hand-<type>``: discard that type; ``deck``: every legal ``slap(ms, shout)`` (the widget
    picks the one with the measured time); ``conquered-<card>``: give that card back (penalty);
    ``slot-<i>``: flip a grid place (memory proposal).
    """
    legal = state.legal_actions(player) if player in state.acting_players() else []
    out: dict[str, list[Action]] = {}
    for a in legal:
        if a.kind == "discard":
            out.setdefault(f"hand-{a.args[0]}", []).append(a)
        elif a.kind == "slap":
            out.setdefault("deck", []).append(a)
        elif a.kind == "give_back":
            out.setdefault(f"conquered-{a.args[0]}", []).append(a)
        elif a.kind == "flip":
            out.setdefault(f"slot-{a.args[0]}", []).append(a)
    return out


class FiemmeCembraPresentation(Presentation):
    """How a Fiemme–Cembra state is drawn and clicked (:func:`render_svg`, :func:`action_targets`);
    the game assembles it (``FiemmeCembraGame.presentation``): the state never imports it."""

    def render_svg(self, state: Any, viewer: int | None = None) -> str:
        return render_svg(state, viewer)

    def action_targets(self, state: Any, player: int) -> dict[str, list[Action]]:
        return action_targets(state, player)
