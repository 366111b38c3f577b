"""Memcel's state, the set-up: the playing order (MC-0.1) and the placement turns (MC-1).

A layer of the state machine (see :mod:`lab.games.memcel.base`); MC-1.3's complication, rolled
when a player has placed every tile, is handled by :mod:`lab.games.memcel.complications`.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from lab.core.actions import Action
from lab.core.frozen import FrozenList
from lab.games.memcel.base import MemcelStateBase
from lab.games.memcel.params import ORDER_ROLL_ROUNDS


@mypyc_attr(allow_interpreted_subclasses=True)
class MemcelPlacement(MemcelStateBase):
    """The set-up's tasks: order rolls, placements, and the next placement turn."""

    def _do_order(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        v: int = action.args[0]  # type: ignore[assignment]  # (an order roll)
        self.counts["rolls"] += 1
        self.rolls[p] = v
        self._record("MC-0.1", "order_roll", {"player": p, "value": v}, None)
        if any(q not in self.rolls for q in self.contenders):
            return
        best = max(self.rolls[q] for q in self.contenders)
        tied = [q for q in self.contenders if self.rolls[q] == best]
        if len(tied) > 1 and self.order_round < ORDER_ROLL_ROUNDS - 1:
            self.order_round += 1
            self.contenders = tied
            self.rolls = {}
            self.queue = [("order", q) for q in tied]
            self._record("MC-0.1", "order_tie", {"players": FrozenList(tied)}, None)
            return
        first = min(tied)
        n = self.t.players
        self.order = [(first + i) % n for i in range(n)]  # clockwise from the highest roll
        self._record("MC-0.1", "turn_order", {"order": FrozenList(self.order)}, None)
        shares = FrozenList(FrozenList(s) for s in self.t.shares)
        self._record("MC-0.2", "tiles_shared", {"shares": shares, "kinds": FrozenList(self.t.kinds)}, None)
        self.phase = "place"
        self.turn_idx = -1

    def _next_placement_turn(self) -> bool:
        """The next placement turn (MC-1); ``False`` when every tile is placed and every
        complication rolled: the hunt starts (MC-2.0)."""
        n = self.t.players
        while True:
            if all(self.rolled) and not any(map(any, self.to_place)):
                self.phase = "hunt"  # MC-2.0 play restarts from the first player
                self.turn_idx = -1
                self.extra = 0
                self._record("MC-2.0", "hunt_starts", {"first": self.order[0]}, None)
                return False
            self.turn_idx = (self.turn_idx + 1) % n
            p = self.order[self.turn_idx]
            left = sum(self.to_place[p])
            if left:  # MC-1.1 two tiles per turn
                self.queue = [("place", p)] * min(2, left)
                return True
            if not self.rolled[p]:  # MC-1.3 complication once all own tiles are placed
                self.rolled[p] = True
                self.queue = [("comp", p, "MC-1.3")]
                return True

    # ================================================================== placement (MC-1)
    def _do_place(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        kind: str = action.args[0]  # type: ignore[assignment]  # place(kind, slot)
        slot: int = action.args[1]  # type: ignore[assignment]
        k = self.t.kind_index[kind]
        self.tiles[slot] = k
        self.down += 1
        self.to_place[p][k] -= 1
        self.counts["placements"] += 1
        clause = "MC-1.1" if self.t.owner_of_kind[k] == p else "MC-1.2"
        # the public record says MC-1.1 for every tile: MC-1.2 would tell the table that the
        # face-down tile is an imprevisto or an absent player's; only the placer's record names it
        self._emit("MC-1.1", "place", secret={"tile": kind}, own_clause=clause, player=p, slot=slot)
