"""Fiemme–Cembra rounds and hands: a round's conquest deck, each hand's fresh start, the end of
a round and of the match (FC-S4, FC-P8, FC-E1..FC-E3, AMB-FC-2), the hand_limit stop, and the
FC-P7 penalty settled at a round's end (``penalty_timing="end_of_round"``).

A layer of the state (:mod:`.views` <- this <- :mod:`.passing` <- :mod:`.conquest` <-
:mod:`.state`); how each rule is modelled: :mod:`lab.games.fiemme_cembra.rules`. Every rule
that fires logs its clause ID.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

import lab.games.fiemme_cembra.components as C
from lab.games.fiemme_cembra.scoring import rank_players
from lab.games.fiemme_cembra.views import P_DEAL, P_OVER, P_PENALTY, UNKNOWN, StateViews


@mypyc_attr(allow_interpreted_subclasses=True)
class RoundFlow(StateViews):
    """Rounds, hands and the match's end of a Fiemme–Cembra state."""

    def _start_round(self) -> None:
        """FC-S4: a fresh conquest deck (or memory grid) of face-down unknown cards."""
        self.pool = sorted(self.game.conquest_ids)
        if self.game.memory:
            self.grid = [UNKNOWN] * len(self.pool)
            self.deck = []
        else:
            self.deck = [UNKNOWN] * len(self.pool)
            self.grid = []
        self.conquered = [[] for _ in range(self.n)]
        self.hand_in_round = 0
        self._record("FC-S4", "conquest_deck",
                     {"size": len(self.pool), "round": self.round_no, "memory_grid": self.game.memory}, None)
        self._start_hand()

    def _start_hand(self) -> None:
        """FC-P8: reshuffle the speed deck and redeal (one chance node per player)."""
        if self._round_exhausted():
            self._record("FC-E1", "conquest_deck_exhausted", {"round": self.round_no}, None)
            self._end_round()
            return
        limit = self.game.hand_limit
        if self.stats["hands"] >= limit:
            self._stop(limit)
            return
        self._hand_lists = [[0] * C.HAND_TYPES for _ in range(self.n)]
        self.hkeys = [0] * self.n
        self.speed_left = list(self.game.speed_counts)
        self.deal_to = 0
        self.passes = 0
        self.closers = []
        self._plog = []
        self._records = None if self.game.pass_sources is not None else ([[] for _ in range(self.n)],
                                                                         [[] for _ in range(self.n)])
        self.phase = P_DEAL
        self.actor = -1

    def _stop(self, limit: int) -> None:
        """Lab safety bound ``hand_limit`` (not a seed rule): the match stops *unfinished*.

        The seed's rules did not end the round (FC-E1: cards other than Events are still to be
        won), so neither the round nor the match has a result: no winner and no draw. The round
        in progress (if it had a hand) counts in ``hands_per_round``.
        """
        if self.hand_in_round:
            self.hands_per_round.append(self.hand_in_round)
        self.final_winners = []
        self.phase = P_OVER
        self.actor = -1
        self.stop_unfinished("FC-E1", f"hand_limit={limit}", round=self.round_no,
                             hands=self.stats["hands"], non_events_left=self.non_events_left())

    def _round_exhausted(self) -> bool:
        """FC-E1 (rule point): the conquest cards still to be won, per type, decide."""
        types = self.game.types
        known = [c for c in (self.grid if self.game.memory else self.deck) if c >= 0]
        kinds = [*map(types.__getitem__, self.pool), *map(types.__getitem__, known)]
        counts = list(map(kinds.count, range(len(C.TYPES))))  # counted in C, not a Python loop
        return self.game.rules.round_exhausted(counts, self.game.memory)

    def _end_round(self) -> None:
        """FC-E1: the round is over; record it (AMB-FC-2) and start the next one or finish."""
        if self._settle_marks():
            return
        total = self.hand_in_round
        self.hands_per_round.append(total)
        mode = self.game.params["between_rounds"]
        winners, clause = self._rank(self.conquered, range(self.n))
        self._record(clause, "round_winners", {"round": self.round_no, "winners": winners,
                                               "conquered": [len(c) for c in self.conquered]}, None)
        if mode == "round_wins":
            for w in winners:
                self.round_wins[w] += 1
            self._record("AMB-FC-2", "round_wins", {"wins": list(self.round_wins)}, None)
        for p in range(self.n):
            self.past[p].extend(self.conquered[p])
        self.conquered = [[] for _ in range(self.n)]
        self.round_no += 1
        if self.round_no >= self.game.params["rounds"]:
            self._end_match()
        else:
            self._record("AMB-FC-2", "next_round", {"rule": mode, "round": self.round_no}, None)
            self._start_round()

    def _end_match(self) -> None:
        """FC-E2/FC-E3: the match winner(s)."""
        if self.game.params["between_rounds"] == "round_wins":
            best = max(self.round_wins)
            cands = [p for p in range(self.n) if self.round_wins[p] == best]
            if len(cands) == 1:
                winners, clause = cands, "AMB-FC-2"
            else:
                winners, clause = self._rank(self.past, cands, need_complete=False)
        else:
            winners, clause = self._rank(self.past, range(self.n))
        self.final_winners = winners
        self.phase = P_OVER
        self.actor = -1
        self._record(clause, "match_winners", {"winners": winners, "totals": [len(c) for c in self.past]}, None)

    def _rank(self, cards: list[list[int]], candidates: Any, *, need_complete: bool = True) -> tuple[list[int], str]:
        """FC-E2/FC-E3 through the game's rule points."""
        g = self.game
        return rank_players(cards, candidates, g.types, g.syllables, need_complete=need_complete,
                            complete=g.rules.complete_set, tie=g.rules.tie_break)

    def _settle_marks(self) -> bool:
        """FC-P7 at the end of a round (``penalty_timing="end_of_round"``): the player whose hand
        landed last in the round's final race (the one seat ``marks`` names) returns a conquered
        card of their choice; with none, the penalty is void.

        Returns True when that player must now choose the card.
        """
        for p in range(self.n):
            if self.marks[p] and not self.conquered[p]:
                self.marks[p] = 0
                self.stats["void_penalties"] += 1
                self._record("FC-P7", "penalty_void", {"player": p, "at": "round_end"}, None)
            elif self.marks[p]:
                self.phase = P_PENALTY
                self.actor = p
                self.penalised = p
                return True
        return False
