"""Fiemme–Cembra hands as keys: a hand's counts per type packed into one integer.

The pass phase (FC-P2..FC-P4) is most of a game's moves. A state keeps, beside each hand's list
of counts, its *key* ``sum(count[t] * KEY_BASE**t)``: a discard moves ``WEIGHTS[t]`` from one
key to another, the hand's legal discards are one list index (:data:`DISCARDS_BY_KEY`), and
under the default FC-P4 rule point only a hand whose key is :data:`FULL_KEY` (one card of each
type) can close: of the hands of 5 cards only that one has every type. A key is defined only for
a hand of 0 or ``HAND_SIZE`` cards (:func:`hand_key`); a state holding any other hand keeps no
keys and reads its lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import lab.games.fiemme_cembra.components as C
from lab.core.actions import Action

#: FC-P2: the discard of each hand type, built once (legal lists share them)
DISCARDS = tuple(Action("discard", (t,)) for t in range(C.HAND_TYPES))
KEY_BASE = C.HAND_SIZE + 1  # a hand type's count is 0..HAND_SIZE
WEIGHTS = tuple(KEY_BASE**t for t in range(C.HAND_TYPES))
#: the key of the hand (1, 1, 1, 1, 1): 4 different emotions and a lodging (FC-P4)
FULL_KEY = sum(WEIGHTS)

#: key -> the hand's FC-P2 discards (one per type it holds, in type order): every key of counts
#: 0..HAND_SIZE per type, in key order (``product`` varies the last type fastest: reversed)
DISCARDS_BY_KEY: tuple[tuple[Action, ...], ...] = tuple(
    tuple(DISCARDS[t] for t in range(C.HAND_TYPES) if counts[C.HAND_TYPES - 1 - t] > 0)
    for counts in product(range(KEY_BASE), repeat=C.HAND_TYPES)
)
#: key -> the hand's counts per type (what :func:`hand_key` reads back), in key order
HANDS_BY_KEY: tuple[tuple[int, ...], ...] = tuple(
    counts[::-1] for counts in product(range(KEY_BASE), repeat=C.HAND_TYPES)
)
#: key of each hand composition (:data:`components.COMPOSITIONS`), by composition index
COMPOSITION_KEYS = tuple(sum(map(int.__mul__, comp, WEIGHTS)) for comp in C.COMPOSITIONS)


def hand_key(hand: Sequence[int]) -> int | None:
    """The key of a hand of ``HAND_TYPES`` counts holding 0 or ``HAND_SIZE`` cards (the only hands
    the game makes: undealt or dealt), else ``None``."""
    if len(hand) != C.HAND_TYPES or sum(hand) not in (0, C.HAND_SIZE):
        return None
    key = 0
    for count, weight in zip(hand, WEIGHTS, strict=True):
        if type(count) is not int or not 0 <= count <= C.HAND_SIZE:
            return None
        key += count * weight
    return key


def hand_keys(hands: Sequence[Sequence[int]]) -> list[int] | None:
    """Every hand's key, or ``None`` when a hand has none (see :func:`hand_key`)."""
    keys = [hand_key(h) for h in hands]
    return None if None in keys else keys  # type: ignore[return-value]
