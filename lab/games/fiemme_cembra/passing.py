"""Fiemme–Cembra deal and pass: each player's hand (as counts and as a key, :mod:`.hands`), the
records of what each seat passed and received, the FC-S3 deal, the FC-P2/FC-P3 simultaneous
pass and FC-P4's closers (or the pass limit that voids a hand).

A layer of the state (:mod:`.views` <- :mod:`.rounds` <- this <- :mod:`.conquest` <-
:mod:`.state`); how each rule is modelled: :mod:`lab.games.fiemme_cembra.rules`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import sub

from mypy_extensions import mypyc_attr

import lab.games.fiemme_cembra.components as C
from lab.core.actions import Action
from lab.games.fiemme_cembra.hands import (
    COMPOSITION_KEYS,
    FULL_KEY,
    HANDS_BY_KEY,
    WEIGHTS,
    hand_keys,
)
from lab.games.fiemme_cembra.rounds import RoundFlow
from lab.games.fiemme_cembra.rules import closes
from lab.games.fiemme_cembra.views import P_PASS, P_SLAP

SEATS_BY_COUNT = tuple(tuple(range(n)) for n in range(7))  # the acting seats at a simultaneous node, by count


@mypyc_attr(allow_interpreted_subclasses=True)
class PassingRules(RoundFlow):
    """The hands, the pass records, the deal and the pass of a Fiemme–Cembra state."""

    @property
    def hands(self) -> list[list[int]]:
        """Each player's hand: cards per hand type. Edit it only by assigning a new list of hands
        (the keys of :mod:`.hands` follow an assignment, not an edit in place)."""
        return self._hands

    @hands.setter
    def hands(self, value: list[list[int]]) -> None:
        self._hand_lists = value
        self.hkeys = hand_keys(value)

    @property
    def _hands(self) -> list[list[int]]:
        """The hands' lists of counts, decoded from the keys after a keyed pass (which moves only
        the keys: most passes are never followed by a look at the lists)."""
        lists = self._hand_lists
        if lists is None:
            keys = self.hkeys
            assert keys is not None  # (the lists are dropped only while keys are kept)
            lists = self._hand_lists = [list(HANDS_BY_KEY[key]) for key in keys]
        return lists

    @_hands.setter
    def _hands(self, value: list[list[int]]) -> None:
        self._hand_lists = value

    # ------------------------------------------------------------------ pass records
    @property
    def my_passes(self) -> list[list[int]]:
        """Per seat, the hand types it discarded this hand, pass by pass (FC-P2): the state's own
        lists (kept from the first read on, so an edit in place sticks)."""
        return self._kept_records()[0]

    @my_passes.setter
    def my_passes(self, value: list[list[int]]) -> None:
        self._records = (value, self._kept_records()[1])

    @property
    def my_receipts(self) -> list[list[int]]:
        """Per seat, the hand types it received this hand, pass by pass (FC-P3): as ``my_passes``."""
        return self._kept_records()[1]

    @my_receipts.setter
    def my_receipts(self, value: list[list[int]]) -> None:
        self._records = (self._kept_records()[0], value)

    def _kept_records(self) -> tuple[list[list[int]], list[list[int]]]:
        """The records as lists the state keeps (and appends to) from now on."""
        records = self._records
        if records is None:
            records = self._records = self._pass_records()
        return records

    def _pass_records(self) -> tuple[list[list[int]], list[list[int]]]:
        """``(my_passes, my_receipts)``, fresh lists (see :meth:`passes_of`)."""
        return [self.passes_of(p) for p in range(self.n)], [self.receipts_of(q) for q in range(self.n)]

    def passes_of(self, player: int) -> list[int]:
        """``my_passes[player]``, a fresh list (read without keeping the records): from the log of
        passes (pass ``i`` of the hand used table ``i % len(tables)``), or the kept records."""
        if self._records is not None:
            return list(self._records[0][player])
        return [acts[player][1][0] for acts in self._plog]  # type: ignore[misc]  # (discard(type): ints)

    def receipts_of(self, player: int) -> list[int]:
        """``my_receipts[player]``, a fresh list (read without keeping the records)."""
        if self._records is not None:
            return list(self._records[1][player])
        sources = self.game.pass_sources
        assert sources is not None  # (records are kept from the start otherwise)
        return [acts[sources[i % len(sources)][player]][1][0]  # type: ignore[misc]  # (ints)
                for i, acts in enumerate(self._plog)]

    def _deal(self, index: int) -> None:
        """FC-S3: player ``deal_to`` receives a 5-card hand (seen only by them)."""
        comp = C.COMPOSITIONS[index]
        p = self.deal_to
        self._hands[p] = list(comp)
        keys = self.hkeys
        if keys is not None:
            keys[p] = COMPOSITION_KEYS[index]
        self.speed_left = list(map(sub, self.speed_left, comp))
        if p == 0:
            self.stats["deals"] += 1
        self._record("FC-S3", "dealt", {"player": p, "hand": list(comp)}, (p,))
        self.deal_to = p + 1
        if p + 1 == self.n:
            self.phase = P_PASS  # FC-P1: the first pass is always played, complete hand or not
            complete = [q for q in range(self.n) if C.is_complete(self._hands[q])]
            for q in complete:
                self._record("FC-P1", "complete_hand_must_pass", {"player": q}, (q,))

    def _pass(self, discards: Mapping[int, Action]) -> None:
        """FC-P2/FC-P3: all discard face down, then all pass along the seats graph at once."""
        self._passes((tuple(map(discards.__getitem__, SEATS_BY_COUNT[self.n])),))

    def _passes(self, joints: Iterable[tuple[Action, ...]]) -> None:
        """FC-P2/FC-P3 for each joint discard of ``joints`` (each seat's, in seat order) in turn,
        while the hand is in the pass phase: the cards move along the pass table, then FC-P3's
        count and event, FC-P4's closers and the pass limit (:meth:`_close_or_void`).

        One pass or a run of them (:meth:`_run_joint`, whose generator pushes each pass's
        history item before it is applied here, as the driver does)."""
        game = self.game
        tables, names, stats = game.pass_tables, game.pass_names, self.stats
        n_tables, limit, record = len(tables), game.pass_limit, self._record
        default = game.rules.closes is closes  # FC-P4 rule point (see _close_or_void)
        for joint in joints:
            passes, keys = self.passes, self.hkeys
            k = passes % n_tables  # pass k of the schedule (its table and its name)
            table = tables[k]
            if self._records is None and keys is not None:
                # the tables are permutations and the hands keyed: the pass is logged once (not
                # per seat) and moves the keys only (the lists are decoded when read: ``_hands``)
                self._plog.append(joint)
                self._hand_lists = None
                for p, a in enumerate(joint):  # counts only: discarding all first changes nothing
                    w = WEIGHTS[a[1][0]]  # type: ignore[index]  # an exact int: checked, or taken from the legal actions
                    keys[p] -= w
                    keys[table[p]] += w
            else:
                self._move_cards(joint, table)
            self.passes = passes = passes + 1
            stats["passes"] += 1
            record("FC-P3", "passed", {"number": passes, "direction": names[k]}, None)
            # mostly nobody closes (under the default rule only the key FULL_KEY can) and the
            # hand goes on: nothing more to do
            if not default or keys is None or FULL_KEY in keys or passes >= limit:
                self._close_or_void()
                if self.phase != P_PASS:
                    return

    def _move_cards(self, joint: tuple[Action, ...], table: Sequence[int]) -> None:
        """:meth:`_passes`' cards when the hands' lists are kept: each seat's discard to
        ``table[seat]``, in the lists, the kept records (and the keys, if any)."""
        hands, keys, records = self._hands, self.hkeys, self._records
        if records is None:
            self._plog.append(joint)
            for p, a in enumerate(joint):
                t: int = a[1][0]  # type: ignore[assignment]  # (discard(type))
                hands[p][t] -= 1
                hands[table[p]][t] += 1
            return
        passed, received = records
        for p, a in enumerate(joint):
            t = a[1][0]  # type: ignore[assignment]  # (discard(type))
            hands[p][t] -= 1
            passed[p].append(t)
            q = table[p]
            hands[q][t] += 1
            received[q].append(t)
            if keys is not None:
                w = WEIGHTS[t]
                keys[p] -= w
                keys[q] += w

    def _close_or_void(self) -> None:
        """After a pass: FC-P4's closers (the race follows), else the pass limit voids the hand."""
        game = self.game
        passes, keys = self.passes, self.hkeys
        rule = game.rules.closes  # FC-P4 rule point: one of each type
        if rule is closes and keys is not None:
            # the default rule (no type missing) on keyed hands (0 or 5 cards): only the hand
            # (1, 1, 1, 1, 1) closes, whose key is FULL_KEY; mostly nobody holds it (a scan in C)
            closers = [p for p, key in enumerate(keys) if key == FULL_KEY] if FULL_KEY in keys else []
        else:
            closers = [p for p, hand in enumerate(self._hands) if rule(hand)]
        if closers:
            self.closers = closers
            self.phase = P_SLAP
            self._record("FC-P4", "close", {"closers": closers}, None)
            if len(closers) > 1:
                self._record("AMB-FC-4", "several_closers",
                             {"closers": closers, "rule": game.params["several_closers"]}, None)
        elif passes >= game.pass_limit:
            self.stats["voided_hands"] += 1
            self._record("FC-P4", "hand_voided_pass_limit", {"passes": passes}, None)
            self.hand_in_round += 1
            self.stats["hands"] += 1
            self._start_hand()
