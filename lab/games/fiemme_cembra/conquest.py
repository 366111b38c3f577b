"""Fiemme–Cembra slap race and conquest: the order hands land (FC-P5), who conquers (FC-P6),
Events, the last hand's penalty (FC-P7), putting cards back into the deck (``reinsert``) and
the memory proposal's flips (AMB-FC-3).

A layer of the state (:mod:`.views` <- :mod:`.rounds` <- :mod:`.passing` <- this <-
:mod:`.state`); how each rule is modelled: :mod:`lab.games.fiemme_cembra.rules`.
"""

from __future__ import annotations

from collections.abc import Mapping

from mypy_extensions import mypyc_attr

import lab.games.fiemme_cembra.components as C
from lab.games.fiemme_cembra.passing import PassingRules
from lab.games.fiemme_cembra.views import (
    EMPTY,
    P_DRAW,
    P_EVENT,
    P_FLIP,
    P_INSERT,
    P_PENALTY,
    UNKNOWN,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class ConquestRules(PassingRules):
    """The slap race, the conquest, Events, penalties and the memory proposal's flips."""

    def hand_order(self, slaps: Mapping[int, tuple[int, bool]]) -> list[int]:
        """FC-P5: the order hands land on the deck, from the submitted reaction times.

        A closer's time counts from the pass; everybody else reacts to the first closer's slap.
        Ties: closers first, then the seat nearer the first closer going right. Among closers
        tied for first, the lowest seat index.
        """
        closers = self.closers
        first = min(closers, key=lambda c: (slaps[c][0], c))
        t0 = slaps[first][0]
        n = self.n

        def key(p: int) -> tuple[int, int, int]:
            is_closer = p in closers
            t = slaps[p][0] if is_closer else t0 + slaps[p][0]
            return (t, 0 if is_closer else 1, (p - first) % n)

        return sorted(range(n), key=key)

    def _race(self, slaps: Mapping[int, tuple[int, bool]]) -> None:
        """FC-P5/FC-P6/FC-P7: who conquers and who is penalised, from the hand order."""
        order = self.hand_order(slaps)
        shouted = [p for p in self.closers if slaps[p][1]]
        self.stats["races"] += 1
        # Never edited: clones share it, and observations and full_state hand it out read-only
        # (frozen once, when first asked for: see ``_last_race``; random playouts never ask).
        self.race = {"order": order, "ms": [slaps[p][0] for p in range(self.n)],
                     "closers": list(self.closers), "shouted": shouted}
        self._record("FC-P5", "hands_on_deck", {"order": order, "ms": self.race["ms"]}, None)
        for c in self.closers:
            if c not in shouted:
                self.forgot[c] += 1
                self._record("FC-P6", "forgot_to_shout", {"player": c}, None)
        first = order[0]
        mode = self.game.several_closers
        n = self.n
        queue = [p for p in self.game.rules.conquerors(order, shouted, mode) if 0 <= p < n]  # FC-P6
        if mode != "each_shouting" and first not in shouted and order[1] in queue:
            self._record("FC-P6", "second_hand_takes", {"player": order[1], "first": first}, None)
        self._record("FC-P6", "conquerors", {"players": list(queue)}, None)
        self.queue = queue
        last = self.game.rules.penalised(order)  # FC-P7 rule point
        self.penalised = last if 0 <= last < n else -1
        if self.game.penalty_timing == "end_of_round":
            # FC-P7 at the round's end: the last hand of the round's final race pays, once; this
            # race's last hand is that player unless another race follows (``marks``: one seat)
            marks = self.marks
            for p in range(n):
                marks[p] = 0
            if self.penalised >= 0:
                marks[last] = 1
            self.penalised = -1
        self.hand_in_round += 1
        self.stats["hands"] += 1
        self._next_conqueror()

    # ------------------------------------------------------------------ conquest
    def _next_conqueror(self) -> None:
        self.held = []
        self.flipped = []
        if not self.queue:
            self._penalty()
            return
        self.actor = self.queue.pop(0)
        if self.game.memory:
            self._continue_flipping()
        else:
            self._draw_for(self.actor)

    def _draw_for(self, player: int) -> None:
        """FC-P6: take the top card of the conquest deck (a chance node if nobody knows it)."""
        self.actor = player
        if not self.deck:
            self._record("FC-P6", "conquest_deck_empty", {"player": player}, None)
            self._next_conqueror()
            return
        top = self.deck[0]
        if top == UNKNOWN:
            self.phase = P_DRAW
            return
        self.deck.pop(0)
        self._receive(player, top)

    def _drawn(self, card: int) -> None:
        self.pool.remove(card)
        if self.game.memory:
            self.grid[self.flip_slot] = card
            self._revealed(self.flip_slot)
            return
        self.deck.pop(0)
        self._receive(self.actor, card)

    def _receive(self, player: int, card: int) -> None:
        if self.game.types[card] == C.EVENT:
            self.stats["events"] += 1
            self.inserts.append(card)
            self._record("FC-P6", "event_played", {"player": player, "card": card}, None)
            self.phase = P_EVENT
            return
        self.conquered[player].append(card)
        self._record("FC-P6", "conquered",
                     {"player": player, "card": card, "type": C.TYPES[self.game.types[card]]}, None)
        self._next_conqueror()

    def _can_swap(self, player: int) -> bool:
        return bool(self.conquered[player]) and any(
            self.conquered[q] for q in range(self.n) if q != player)

    def _swap(self, player: int, mine: int, theirs: int) -> None:
        """FC-P6 Event: swap one of your conquered cards with an opponent's."""
        owner = next(q for q in range(self.n) if theirs in self.conquered[q])
        a, b = self.conquered[player], self.conquered[owner]
        a[a.index(mine)] = theirs
        b[b.index(theirs)] = mine
        self.stats["swaps"] += 1
        self._record("FC-P6", "event_swap",
                     {"player": player, "opponent": owner, "gave": mine, "took": theirs}, None)
        self._next_conqueror()

    def _penalty(self) -> None:
        """FC-P7: the last hand returns a conquered card of their choice; none: void."""
        p = self.penalised
        if p < 0:
            self._finish_hand()
            return
        if not self.conquered[p]:
            self.stats["void_penalties"] += 1
            self._record("FC-P7", "penalty_void", {"player": p}, None)
            self._finish_hand()
            return
        self.phase = P_PENALTY
        self.actor = p

    def _give_back(self, player: int, card: int) -> None:
        """FC-P7: the penalised player's chosen card goes back into the middle of the conquest
        deck (``reinsert``; memory proposal: an empty grid place). At the round's end
        (``penalty_timing="end_of_round"``) it goes back into the covered deck too, but the round
        is over (FC-E1): nobody draws it again, and the round's result is decided without it."""
        self.conquered[player].remove(card)
        self.penalties[player] += 1
        self.stats["returned"] += 1
        self._record("FC-P7", "penalty", {"player": player, "card": card}, None)
        if self.marks[player]:
            self.marks[player] = 0
            if self.game.memory:
                self.grid.append(card)
            else:
                self.deck.insert(len(self.deck) // 2, card)
            self._record("FC-P7", "put_back_after_the_round", {"player": player, "card": card}, None)
            self._end_round()
            return
        if self.game.memory:
            slot = self.grid.index(EMPTY) if EMPTY in self.grid else len(self.grid)
            if slot == len(self.grid):
                self.grid.append(card)
            else:
                self.grid[slot] = card
            self._record("AMB-FC-3", "penalty_card_to_grid", {"card": card, "slot": slot}, None)
        else:
            self.inserts.append(card)
        self._finish_hand()

    def _insert_clause(self, card: int) -> str:
        return "FC-P6" if self.game.types[card] == C.EVENT else "FC-P7"

    def _insert_range(self) -> tuple[int, int]:
        """Reinsert positions (0 = on top, len = at the bottom) the chance node chooses from.

        ``random_middle``: strictly between the top and bottom card (anywhere if fewer than 2
        cards); ``anywhere``: any position.
        """
        length = len(self.deck)
        if self.game.reinsert == "anywhere" or length < 2:
            return 0, length
        return 1, length - 1

    def _finish_hand(self) -> None:
        """Put Events and penalty cards back into the deck, then the next hand (FC-P8)."""
        rule = self.game.reinsert
        while self.inserts:
            if rule in ("random_middle", "anywhere"):
                self.phase = P_INSERT
                self.actor = -1
                return
            card = self.inserts.pop(0)
            pos = len(self.deck) // 2 if rule == "middle" else len(self.deck)
            self.deck.insert(pos, card)
            self._record(self._insert_clause(card), "reinserted", {"card": card, "position": pos}, None)
        self._start_hand()

    # ------------------------------------------------------------------ memory proposal
    def _continue_flipping(self) -> None:
        if any(c != EMPTY and s not in self.flipped for s, c in enumerate(self.grid)):
            self.phase = P_FLIP
        else:
            self._record("AMB-FC-3", "nothing_to_flip", {"player": self.actor}, None)
            self._next_conqueror()

    def _flip(self, slot: int) -> None:
        self.flipped.append(slot)
        self.stats["flips"] += 1
        if self.grid[slot] == UNKNOWN:
            self.flip_slot = slot
            self.phase = P_DRAW
            return
        self._revealed(slot)

    def _revealed(self, slot: int) -> None:
        """AMB-FC-3 proposal: a flipped card is seen by all; a pair of one type is conquered."""
        card = self.grid[slot]
        types = self.game.types
        self._record("AMB-FC-3", "flipped", {"player": self.actor, "slot": slot, "card": card}, None)
        if types[card] == C.EVENT:
            self.stats["events"] += 1
            self._record("FC-P6", "event_played", {"player": self.actor, "card": card}, None)
            self.phase = P_EVENT
            return
        self.held.append(slot)
        if len(self.held) < 2:
            self._continue_flipping()
            return
        a, b = (self.grid[s] for s in self.held)
        if types[a] == types[b]:
            self.conquered[self.actor].extend((a, b))
            for s in self.held:
                self.grid[s] = EMPTY
            self._record("AMB-FC-3", "pair_conquered", {"player": self.actor, "cards": [a, b]}, None)
        else:
            self._record("AMB-FC-3", "no_pair", {"player": self.actor, "cards": [a, b]}, None)
        self._next_conqueror()
