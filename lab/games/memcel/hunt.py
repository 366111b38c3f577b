"""Memcel's state, the hunt (MC-2): the turns, the declaration, the attack, the win (MC-3).

A layer of the state machine (see :mod:`lab.games.memcel.base`). The decisions a house rule may
change are the game's rule points (:mod:`lab.games.memcel.rules`), called as
``self.game.rules.<name>``.
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import eq
from typing import Any

from mypy_extensions import mypyc_attr

import lab.games.memcel.components as C
from lab.core.actions import Action
from lab.core.errors import RuleError
from lab.core.frozen import FrozenList
from lab.games.memcel.complications import MemcelComplications


@mypyc_attr(allow_interpreted_subclasses=True)
class MemcelHunt(MemcelComplications):
    """The hunt's turns and tasks: declare, roll, choose x, reveal; misses, penalties, the win."""

    # ================================================================== turns
    def _next_turn(self) -> None:
        if self.phase == "place" and self._next_placement_turn():
            return
        self._next_hunt_turn()

    def _next_hunt_turn(self) -> None:
        """The next hunt turn (MC-2): an extra turn, else the next player's; sat out (MC-2.1.2.2)
        or stopped by the lab's turn limit."""
        t = self.t
        n, order, lost, defended = t.players, self.order, self.lost, self.defended
        limit, turn_limit_reached = t.max_turns, self.game.rules.turn_limit_reached
        record, counts, clears = self._record, self.counts, t.sitout_clears
        while True:
            if self.extra > 0:
                self.extra -= 1
                p = order[self.turn_idx]
                record("MC-2.0", "extra_turn_starts", {"player": p}, None)
            else:
                idx = self.turn_idx = (self.turn_idx + 1) % n
                if idx == 0:
                    self.rounds += 1
                p = order[idx]
            turns = self.turns
            if turn_limit_reached(turns, limit):  # MC-3:max_turns rule point
                self._stop(limit)
                return
            self.turns = turns + 1
            left = lost[p]
            if left > 0:  # MC-2.1.2.2 sit out
                left = lost[p] = left - 1
                counts["sit_outs"] += 1
                if clears:  # AMB-MC-9
                    defended[p] = False
                record("MC-2.1.2.2", "sits_out", {"player": p, "left": left}, None)
                continue
            self.attack = []
            self.queue = [t.declare_task[p]]  # ("declare", p), built once
            return

    def _stop(self, limit: int) -> None:
        """The lab's safety bound (not a seed rule): the game ends unfinished, no winner, no draw."""
        self.phase = "over"
        self.queue = []
        self.stop_unfinished("MC-3:max_turns", f"max_turns={limit}", turns=self.turns)

    # ================================================================== the hunt (MC-2)
    def _do_declare(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        self.counts["declarations"] += 1
        if action.kind == "attack":
            self.defended[p] = False
            self.counts["attacks"] += 1
            self._record("MC-2.0", "attack", {"player": p}, None)
            self.queue.insert(0, ("ad8", p))
            return
        option = action.args[0]  # MC-2.2 defence
        self.defended[p] = True
        self.counts["defences"] += 1
        self._record("MC-2.2", "defence", {"player": p, "option": option}, None)
        if option == "complication":
            self.queue.insert(0, ("comp", p, "MC-2.2"))
        elif option == "card":
            self.queue.insert(0, ("card", p, "MC-2.2"))

    def _x_range(self) -> range:
        n_roll = self.attack[0]
        hi = self.game.rules.reveal_limit(n_roll, self.t.strict)  # MC-2.1.1 rule point (AMB-MC-2)
        if hi > C.D8_SIDES:  # only a house rule can: x is declared by choose_x, 1..8
            msg = (
                f"rule point MC-2.1.1 (reveal_limit) allowed x up to {hi} after a roll of {n_roll}; "
                f"x is declared with choose_x, which takes 1 to {C.D8_SIDES}: return at most {C.D8_SIDES}"
            )
            raise RuleError(msg, rule="MC-2.1.1", clause="MC-2.1.1")
        return range(1, min(hi, self.down) + 1)

    def _do_ad8(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        v: int = action.args[0]  # type: ignore[assignment]  # (a d8)
        self.counts["rolls"] += 1
        self.attack = [v, 0, 0, []]
        self._record("MC-2.1.1", "attack_roll", {"player": p, "value": v}, None)
        if len(self._x_range()) == 0:
            self.counts["void_attacks"] += 1
            self._record("MC-2.1.1", "no_attack_possible", {"player": p, "value": v}, None)
            if self.t.void_card:  # MC-2.1.3 read as every turn's end
                self._end_attack(p, success=False)
            return
        self.queue.insert(0, ("x", p))

    def _do_x(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        x: int = action.args[0]  # type: ignore[assignment]  # (choose_x)
        self.counts["declarations"] += 1
        self.attack[1] = x
        self._record("MC-2.1.1", "declare_x", {"player": p, "x": x, "roll": self.attack[0]}, None)
        self.queue.insert(0, ("reveal", p))

    def _do_reveal(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        slot: int = action.args[0]  # type: ignore[assignment]  # (reveal)
        t = self.t
        k = self.tiles[slot]
        self.up[slot] = True
        self.upby[slot] = p
        self.down -= 1
        owner = t.owner_of_kind[k]
        if owner >= 0:
            self.up_owned[owner] += 1
            if owner == p:
                self.up_self[p] += 1
        self.attack[3].append(slot)
        self.counts["reveals"] += 1
        x, found = self.attack[1], self.attack[2]
        self._record("MC-2.1.2", "reveal", {"player": p, "slot": slot, "tile": t.kinds[k]}, None)
        if owner == p:
            found += 1
            self.attack[2] = found
            if self._check_win(p):
                return
            if found == x:  # MC-2.1.2.0 all x found: the tiles stay face up
                self.counts["full_successes"] += 1
                self._record("MC-2.1.2.0", "full_success", {"player": p, "x": x}, None)
                self._end_attack(p, success=True)
            else:
                self.queue.insert(0, ("reveal", p))
            return
        y = x - found
        self.counts["misses"] += 1
        self._cover_own(p)
        if k == t.imp:  # MC-2.1.2.3 imprevisto: cover it again and draw a card now
            self._turn_down(slot)
            self.counts["imprevisto_reveals"] += 1
            self._record("MC-2.1.2.3", "imprevisto_revealed", {"player": p, "slot": slot, "y": y}, None)
            self.queue.insert(0, ("card", p, "MC-2.1.2.3"))
        else:  # MC-2.1.2.1 / MC-2.1.2.2 the wrong tile stays face up
            clause = "MC-2.1.2.1" if y == 1 else "MC-2.1.2.2"
            self._record(clause, "miss", {"player": p, "slot": slot, "found": found, "x": x, "y": y}, None)
        lost = self.game.rules.lost_turns(x, found)  # MC-2.1.2.2 rule point
        if lost > 0:  # MC-2.1.2.2 (also with an imprevisto, MC-2.1.2.3) sit out y turns
            self.lost[p] += lost
            self.counts["lost_turns"] += lost
            self.counts["penalties"] += 1
            self._record("MC-2.1.2.2", "lost_turns", {"player": p, "turns": lost}, None)
        if owner >= 0 and k != t.imp and self._check_win(owner):  # AMB-MC-4
            return
        if k == t.imp and t.imprevisto_cards == 1:
            return  # MC-2.1.2.3 the imprevisto card is the turn's card (no MC-2.1.3 card)
        self._end_attack(p, success=False)

    def _cover_own(self, p: int) -> None:
        """MC-2.1.2.1 cover own tiles again: all face-up ones, or this turn's (AMB-MC-3)."""
        t = self.t
        if self.up_owned[p]:
            up, tiles = self.up, self.tiles
            # the face-up slots whose tile is p's colour, i.e. ``owner_of_kind[tiles[s]] == p``
            # (kind ``own_kind[p]`` is the only kind p owns), found in C: slot order kept
            mine = t.own_kind[p]
            own = list(compress(compress(t.slots, up), map(eq, compress(tiles, up), repeat(mine))))
            this_turn = [s for s in self.attack[3] if up[s] and tiles[s] == mine]
        else:  # no tile of p's colour face up (a kept count): no board scan
            own, this_turn = [], []
        chosen = self.game.rules.tiles_to_cover(own, this_turn, t.cover_scope)
        if chosen == own:  # (the 'all' reading) the loop below would keep exactly ``own``
            slots = own
        else:
            own_set, slots = set(own), []
            for s in chosen:  # a house rule can only cover own face-up tiles, each once
                if s in own_set and s not in slots:
                    slots.append(s)
        if slots:  # ``_turn_down(s)`` for each: every one is p's own face-up tile
            up, upby, up_self = self.up, self.upby, self.up_self
            for s in slots:
                if upby[s] == p:
                    up_self[p] -= 1
                up[s] = False
                upby[s] = -1
            self.up_owned[p] -= len(slots)
            self.down += len(slots)
        self.counts["covered"] += len(slots)
        self._record("MC-2.1.2.1", "cover_own", {"player": p, "slots": FrozenList(slots)}, None)

    def _end_attack(self, p: int, success: bool) -> None:
        """MC-2.1.3 end of turn: draw an imprevisto card (after a full success: AMB-MC-5)."""
        if success and not self.t.card_after_success:
            return
        self.queue.append(("card", p, "MC-2.1.3"))

    def _check_win(self, p: int) -> bool:
        """MC-3: the first player with all own tiles face up wins."""
        t = self.t
        face_up = (self.up_owned if t.others_count else self.up_self)[p]  # own_face_up(p)
        if not self.game.rules.has_won(face_up, t.kind_counts[p]):  # MC-3 rule point
            return False
        self.winner = p
        self.phase = "over"
        self.queue = []
        self._record("MC-3", "win", {"player": p}, None)
        return True

