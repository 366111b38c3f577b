"""Memcel's state, the complications (MC-C5): what turns a ring or the board and swaps tiles.

A layer of the state machine (see :mod:`lab.games.memcel.base`): the icon die's complications
(rolled in the set-up, MC-1.3, and as a defence, MC-2.2), the re-rolls they ask for, swaps, and
the ring and whole-board turns that the cards (:mod:`lab.games.memcel.cards`) make too.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from lab.core.actions import Action
from lab.core.frozen import FrozenList
from lab.games.memcel.placement import MemcelPlacement
from lab.games.memcel.tables import rotate_slots


@mypyc_attr(allow_interpreted_subclasses=True)
class MemcelComplications(MemcelPlacement):
    """The dice's complications, swaps, ring turns and board turns."""

    def _do_comp(self, task: tuple[Any, ...], action: Action) -> None:
        """MC-C5 complication (inner circle of the icon die), for MC-1.3 or MC-2.2."""
        p, why = task[1], task[2]
        f: int = action.args[0]  # type: ignore[assignment]  # (an icon die face)
        face = self.t.icon_faces[f]
        self.counts["rolls"] += 1
        comp = face["complication"]
        self._record(why, "complication", {"player": p, "face": f, "complication": comp}, None)
        if comp == "board":
            self._turn_board(1 if face["dir"] == "cw" else -1, "MC-C5")
        elif comp == "swap":
            self._queue_swap(p, "MC-C5")
        else:
            self.queue.insert(0, ("ricon", p))

    def _do_ricon(self, task: tuple[Any, ...], action: Action) -> None:
        """MC-C5 white: re-roll the icon die for the ring and direction, then the d8."""
        p = task[1]
        f: int = action.args[0]  # type: ignore[assignment]  # (an icon die face)
        face = self.t.icon_faces[f]
        self.counts["rolls"] += 1
        ring = self.t.ring_names.index(face["ring"])
        sign = 1 if face["dir"] == "cw" else -1
        self._record("MC-C5", "reroll_icon", {"player": p, "face": f, "ring": face["ring"], "dir": face["dir"]}, None)
        self.queue.insert(0, ("rd8", p, ring, sign))

    def _do_rd8(self, task: tuple[Any, ...], action: Action) -> None:
        p, ring, sign = task[1], task[2], task[3]
        v: int = action.args[0]  # type: ignore[assignment]  # (a d8)
        self.counts["rolls"] += 1
        self._record("MC-C5", "reroll_d8", {"player": p, "value": v}, None)
        self._turn_ring(ring, sign * v * self.t.ring_step, "MC-C5")

    def _queue_swap(self, p: int, clause: str) -> None:
        if len(self.tiles) - self.tiles.count(-1) >= 2:
            self.queue.insert(0, ("swap1", p, clause))
        else:
            self._record(clause, "swap_impossible", {"player": p}, None)

    def _do_swap1(self, task: tuple[Any, ...], action: Action) -> None:
        self.queue.insert(0, ("swap2", task[1], action.args[0], task[2]))

    def _do_swap2(self, task: tuple[Any, ...], action: Action) -> None:
        p, a, clause = task[1], task[2], task[3]
        b: int = action.args[0]  # type: ignore[assignment]  # (a slot)
        arrays: tuple[list[Any], ...] = (self.tiles, self.up, self.upby)
        for arr in arrays:
            arr[a], arr[b] = arr[b], arr[a]
        self.counts["swaps"] += 1
        self._record(clause, "swap", {"player": p, "a": a, "b": b}, None)

    def _turn_ring(self, ring: int, steps: int, clause: str) -> None:
        """Turn ``ring`` ``steps`` sectors clockwise (negative: counter-clockwise)."""
        t = self.t
        n = t.sizes[ring]
        self.offsets[ring] = (self.offsets[ring] + steps) % n
        self._rotate_slots(ring, steps)
        self.counts["ring_turns"] += 1
        self._record(clause, "ring_turn", {"ring": ring, "steps": steps}, None)

    def _rotate_slots(self, ring: int, steps: int) -> None:
        rotate_slots(self.t, ring, steps, self.tiles, self.up, self.upby)

    def _turn_board(self, sign: int, clause: str) -> None:
        """Whole-board turn ("giro della morte", AMB-MC-6): every ring moves in the table frame."""
        t = self.t
        old = self.board_angle
        new = old + sign * t.board_degrees
        shifts = []
        for r, n in enumerate(t.sizes):
            k = (new * n // 360 - old * n // 360) % n
            shifts.append(k)
            self._rotate_slots(r, k)
        self.board_angle = new % 360
        self.counts["board_turns"] += 1
        shifts_ = FrozenList(shifts)
        self._record(clause, "board_turn", {"degrees": sign * t.board_degrees, "shifts": shifts_}, None)

