"""Fiemme–Cembra determinisation: redraw the other hands and the hidden deck positions.

A player sees their own hand (FC-S3), what they pass and receive (FC-P3), every slap race,
conquest and penalty, and the identity of every card put back into the conquest deck — but not
where a card put back "in the middle" at random lies (nobody knows that), nor the other hands.
:func:`resample_hidden` keeps all of that and redraws:

- the other hands (and, while dealing, the undealt speed cards): the cards this player does not
  hold are dealt again at random into hands of the same sizes, rejecting deals that contradict
  what the table showed now (during passing after the first pass nobody else holds a complete
  hand; in a slap race the closers do and nobody else does; the neighbour fed at the last pass
  holds the type it was given). After 200 rejected deals the last one is kept. The prior is
  uniform over these deals: it ignores what earlier passes and the other players' strategies
  reveal (not the exact posterior);
- the other players' records of their passes: what they passed to or received from this
  player is kept, the rest is drawn uniformly over the five hand types (these records no longer
  match their hands; only those players' own observations read them);
- with ``reinsert`` = ``random_middle`` or ``anywhere`` (FC-P6, FC-P7), the positions of the
  put-back cards still in the deck: each is inserted again, in card order, at a uniform position
  of the rule's range (the true posterior also weighs which tops were drawn since);
- events hidden from this player are left out of the sampled state's log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

import lab.games.fiemme_cembra.components as C
from lab.games.fiemme_cembra.views import P_DEAL, P_PASS, P_SLAP, UNKNOWN

if TYPE_CHECKING:
    from lab.games.fiemme_cembra.state import FiemmeCembraState

TRIES = 200


def resample_hidden(state: FiemmeCembraState, player: int, rng: np.random.Generator) -> FiemmeCembraState:
    """A new state ``player`` cannot tell from ``state``; see the module docstring."""
    new = state.clone()
    _redeal(new, player, rng)
    _redraw_records(new, player, rng)
    if state.game.params["reinsert"] in ("random_middle", "anywhere") and not state.game.memory:
        _redraw_deck(new, rng)
    new.events = [e for e in new.events if e.visible_to is None or player in e.visible_to]
    return new


def _redeal(new: FiemmeCembraState, player: int, rng: np.random.Generator) -> None:
    own = new.hands[player]
    pool = [c - h for c, h in zip(new.game.speed_counts, own, strict=True)]
    holders = [q for q in range(new.n) if q != player and (new.phase != P_DEAL or q < new.deal_to)]
    sizes = [sum(new.hands[q]) for q in holders]
    if not holders:
        return
    bag = np.repeat(np.arange(C.HAND_TYPES), pool)
    fed = _last_fed(new, player)
    for _ in range(TRIES):
        cards = bag[rng.permutation(len(bag))]
        hands, start = [], 0
        for size in sizes:
            hands.append(np.bincount(cards[start:start + size], minlength=C.HAND_TYPES).tolist())
            start += size
        if _consistent(new, holders, hands, fed):
            break
    redealt = dict(zip(holders, hands, strict=True))
    new.hands = [redealt.get(q, h) for q, h in enumerate(new.hands)]  # assigned: the hand keys follow
    new.speed_left = np.bincount(cards[start:], minlength=C.HAND_TYPES).tolist()


def _last_fed(new: FiemmeCembraState, player: int) -> tuple[int, int] | None:
    """(neighbour, type) ``player`` passed at the last pass of this hand, if any."""
    if new.phase not in (P_PASS, P_SLAP) or not new.passes:
        return None
    tables = new.game.pass_tables
    table = tables[(new.passes - 1) % len(tables)]
    return table[player], new.my_passes[player][-1]


def _consistent(new: FiemmeCembraState, holders: list[int], hands: list[list[int]],
                fed: tuple[int, int] | None) -> bool:
    for q, hand in zip(holders, hands, strict=True):
        complete = C.is_complete(hand)
        if new.phase == P_SLAP and complete != (q in new.closers):
            return False
        if new.phase == P_PASS and new.passes and complete:
            return False
        if fed is not None and fed[0] == q and hand[fed[1]] == 0:
            return False
    return True


def _redraw_records(new: FiemmeCembraState, player: int, rng: np.random.Generator) -> None:
    tables = new.game.pass_tables
    k_passes = len(new.my_passes[player])
    for q in range(new.n):
        if q == player:
            continue
        passes = rng.integers(C.HAND_TYPES, size=k_passes).tolist()
        receipts = rng.integers(C.HAND_TYPES, size=k_passes).tolist()
        for k in range(k_passes):
            table = tables[k % len(tables)]
            if table[player] == q:
                receipts[k] = new.my_passes[player][k]
            if table[q] == player:
                passes[k] = new.my_receipts[player][k]
        new.my_passes[q] = passes
        new.my_receipts[q] = receipts


def _redraw_deck(new: FiemmeCembraState, rng: np.random.Generator) -> None:
    put_back = sorted(c for c in new.deck if c != UNKNOWN)
    if not put_back:
        return
    deck = [UNKNOWN] * (len(new.deck) - len(put_back))
    anywhere = new.game.params["reinsert"] == "anywhere"
    for card in put_back:
        lo, hi = (0, len(deck)) if anywhere or len(deck) < 2 else (1, len(deck) - 1)
        deck.insert(int(rng.integers(lo, hi + 1)), card)
    new.deck = deck
