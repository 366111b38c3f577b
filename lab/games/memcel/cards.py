"""Memcel's state, the imprevisto cards (MC-C3, AMB-MC-8): a card drawn and what it does.

A layer of the state machine (see :mod:`lab.games.memcel.base`). The deck is a stand-in built
from effect primitives (:mod:`lab.games.memcel.components`).
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from lab.core.actions import Action
from lab.games.memcel.hunt import MemcelHunt


@mypyc_attr(allow_interpreted_subclasses=True)
class MemcelCards(MemcelHunt):
    """The card tasks: draw (and reshuffle), and the peek and cover a card asks for."""

    def _do_card(self, task: tuple[Any, ...], action: Action) -> None:
        p, why = task[1], task[2]
        t = self.t
        effect: str = action.args[0]  # type: ignore[assignment]  # (a card)
        e = t.effect_index[effect]
        self.deck[e] -= 1
        left = self.deck_left = self.deck_left - 1
        self.counts["cards"] += 1
        self._record(why, "card", {"player": p, "effect": effect}, None)
        if not left:
            self.deck = list(t.deck_counts)
            self.deck_left = sum(self.deck)
            self._record("MC-C3", "deck_reshuffled", {}, None)
        kind, ring, k = t.card_effects[e]  # parsed_effects[e], the ring as its index, k in sectors
        if kind == "turn_ring":
            self._turn_ring(ring, k, "AMB-MC-8")  # type: ignore[arg-type]  # (a turn_ring's ring: its index)
        elif kind == "turn_board":
            self._turn_board(k, "AMB-MC-8")
        elif kind == "swap":
            self._queue_swap(p, "AMB-MC-8")
        elif kind == "lose_turn":
            self.lost[p] += 1
            self.counts["lost_turns"] += 1
            self._record("AMB-MC-8", "lost_turns", {"player": p, "turns": 1}, None)
        elif kind == "extra_turn":
            self.extra += 1
            self.counts["extra_turns"] += 1
        elif kind == "peek":
            if self.down:  # a face-down tile to look at
                self.queue.insert(0, ("peek", p))
        elif kind == "cover" and any(self.up):
            self.queue.insert(0, ("cover", p))

    def _do_peek(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        slot: int = action.args[0]  # type: ignore[assignment]  # (peek)
        self.counts["peeks"] += 1
        self._record("AMB-MC-8", "peek", {"player": p, "slot": slot}, None)
        self._emit("AMB-MC-8", "peeked", to=p, player=p, slot=slot,
                   tile=self.t.kinds[self.tiles[slot]])

    def _do_cover(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        slot: int = action.args[0]  # type: ignore[assignment]  # (cover)
        self._turn_down(slot)
        self.counts["covered"] += 1
        self._record("AMB-MC-8", "cover_card", {"player": p, "slot": slot}, None)

