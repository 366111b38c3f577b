"""Fiemme–Cembra components as data: the 50 cards, the seed's set-up table, deck construction.

Everything the rules and the linter need about cards lives here as plain tables, so a designer
can edit a count (through the ``card_counts`` and ``deck_table`` parameters) and see what
changes. Card identities are integers ``0..total-1`` assigned type by type in :data:`TYPES`
order (with the seed's counts: Nature 0-9, Sport 10-19, History 20-29, Taste 30-39,
Lodging 40-45, Events 46-49).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from math import comb
from typing import Any

# FC-C1: card types. Indices 0-3 are the four emotions, 4 lodging, 5 events.
TYPES = ("nature", "sport", "history", "taste", "lodging", "event")
TYPE_LABELS = {
    "nature": "Emozioni Natura",
    "sport": "Emozioni Sport",
    "history": "Emozioni Storia",
    "taste": "Emozioni Gusto",
    "lodging": "Alloggio",
    "event": "Evento",
}
EMOTIONS = (0, 1, 2, 3)
LODGING = 4
EVENT = 5
HAND_TYPES = 5  # types that can be in a hand (no events in the speed deck)
HAND_SIZE = 5  # FC-S3: 5 cards dealt to each player

# FC-C1: the 50 play cards (the 2 info cards are not played).
CARD_COUNTS: dict[str, int] = {
    "nature": 10,
    "sport": 10,
    "history": 10,
    "taste": 10,
    "lodging": 6,
    "event": 4,
}

# FC-S2, FC-S4, FC-S5: the set-up table exactly as the seed states it. ``emotions_each`` and
# ``lodging`` are the per-type counts of the speed deck; ``speed_total`` and ``conquest_total``
# are the totals the text states; ``unused_lodging`` is stated for 3-5 players only
# (3 players: "le carte Alloggio avanzate vanno escluse" = the 3 left over). ``clauses`` are
# the RULES.md clause IDs that digest each row (traceability only: the linter recomputes).
SEED_TABLE: dict[str, dict[str, Any]] = {
    "3": {"emotions_each": 3, "lodging": 3, "speed_total": 15, "conquest_total": 32,
          "unused_lodging": 3, "clauses": ["FC-S2", "FC-S4"]},
    "4": {"emotions_each": 4, "lodging": 4, "speed_total": 20, "conquest_total": 28,
          "unused_lodging": 2, "clauses": ["FC-S5"]},
    "5": {"emotions_each": 5, "lodging": 5, "speed_total": 30, "conquest_total": 24,
          "unused_lodging": 1, "clauses": ["FC-S5", "INC-FC-1"]},
    "6": {"emotions_each": 5, "lodging": 5, "speed_total": 36, "conquest_total": 20,
          "unused_lodging": None, "clauses": ["FC-S5", "INC-FC-2"]},
}
TABLE_KEYS = ("emotions_each", "lodging", "speed_total", "conquest_total")

# AMB-FC-1: which card carries which syllable. FIE-MME and CEM-BRA are the word pairs of FC-E3.
SYLLABLES = ("FIE", "MME", "CEM", "BRA")
SYLLABLE_SCHEMES = ("by_type", "cycle", "none")


def check_card_counts(value: Any) -> dict[str, int]:
    """Validate a ``card_counts`` parameter value (every type, a count 0..60)."""
    if not isinstance(value, Mapping):
        msg = f"card_counts must be an object with the keys {list(TYPES)}"
        raise ValueError(msg)
    missing = [t for t in TYPES if t not in value]
    extra = [k for k in value if k not in TYPES]
    if missing or extra:
        msg = f"card_counts needs exactly the keys {list(TYPES)} (missing {missing}, unknown {extra})"
        raise ValueError(msg)
    out: dict[str, int] = {}
    for t in TYPES:
        n = value[t]
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 60:
            msg = f"card_counts[{t!r}] = {n!r}: expected an integer in 0..60"
            raise ValueError(msg)
        out[t] = n
    if value["event"] > 20:
        msg = f"card_counts['event'] = {value['event']}: at most 20 events are allowed"
        raise ValueError(msg)
    return out


def check_deck_table(value: Any) -> dict[str, dict[str, Any]]:
    """Validate a ``deck_table`` parameter value (rows "3".."6", see :data:`SEED_TABLE`)."""
    if not isinstance(value, Mapping):
        msg = 'deck_table must be an object with the rows "3", "4", "5", "6"'
        raise ValueError(msg)
    keys = sorted(str(k) for k in value)
    if keys != ["3", "4", "5", "6"]:
        msg = f'deck_table needs exactly the rows "3", "4", "5", "6", got {keys}'
        raise ValueError(msg)
    out: dict[str, dict[str, Any]] = {}
    for k, row in value.items():
        if not isinstance(row, Mapping):
            msg = f"deck_table[{k!r}] must be an object with {list(TABLE_KEYS)}"
            raise ValueError(msg)
        unknown = [x for x in row if x not in (*TABLE_KEYS, "unused_lodging", "clauses")]
        if unknown:
            msg = f"deck_table[{k!r}]: unknown keys {unknown}; allowed {[*TABLE_KEYS, 'unused_lodging', 'clauses']}"
            raise ValueError(msg)
        clean: dict[str, Any] = {}
        for key in TABLE_KEYS:
            n = row.get(key)
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 200:
                msg = f"deck_table[{k!r}][{key!r}] = {n!r}: expected an integer in 0..200"
                raise ValueError(msg)
            clean[key] = n
        unused = row.get("unused_lodging")
        if unused is not None and (isinstance(unused, bool) or not isinstance(unused, int) or unused < 0):
            msg = f"deck_table[{k!r}]['unused_lodging'] = {unused!r}: expected null or an integer >= 0"
            raise ValueError(msg)
        clean["unused_lodging"] = unused
        clauses = row.get("clauses", ["FC-S5"])
        if not isinstance(clauses, list | tuple) or not all(isinstance(c, str) for c in clauses):
            msg = f"deck_table[{k!r}]['clauses'] must be a list of clause IDs"
            raise ValueError(msg)
        clean["clauses"] = list(clauses)
        out[str(k)] = clean
    return out


def card_types(counts: Mapping[str, int]) -> tuple[int, ...]:
    """Type index of every card id (ids assigned type by type in :data:`TYPES` order)."""
    out: list[int] = []
    for t, name in enumerate(TYPES):
        out.extend([t] * counts[name])
    return tuple(out)


def first_ids(counts: Mapping[str, int]) -> tuple[int, ...]:
    """The first card id of every type."""
    out, start = [], 0
    for name in TYPES:
        out.append(start)
        start += counts[name]
    return tuple(out)


def card_syllables(counts: Mapping[str, int], scheme: str) -> tuple[int, ...]:
    """AMB-FC-1: syllable index (0 FIE, 1 MME, 2 CEM, 3 BRA; -1 none) of every card id.

    ``by_type``: all Nature cards say FIE, Sport MME, History CEM, Taste BRA.
    ``cycle``: within each emotion type copy ``i`` says ``SYLLABLES[i % 4]``.
    ``none``: no card has a syllable (the second tie-break never separates anyone).
    Lodging and Event cards carry no syllable in every scheme.
    """
    out: list[int] = []
    for t, name in enumerate(TYPES):
        for i in range(counts[name]):
            if t not in EMOTIONS or scheme == "none":
                out.append(-1)
            elif scheme == "by_type":
                out.append(t)
            else:
                out.append(i % 4)
    return tuple(out)


def speed_deck_counts(players: int, source: str, table: Mapping[str, Mapping[str, Any]]) -> tuple[int, ...]:
    """FC-S2: cards of each hand type (4 emotions + lodging) in the speed deck.

    ``source="n_of_each"``: N of each type for N players (FC-S2's rule). ``"table"``: the
    per-type counts of the ``deck_table`` row for this player count (FC-S5).
    """
    if source == "n_of_each":
        return (players,) * HAND_TYPES
    row = table[str(players)]
    e = int(row["emotions_each"])
    return (e, e, e, e, int(row["lodging"]))


def conquest_card_ids(counts: Mapping[str, int], speed: tuple[int, ...], leftover_lodging: str) -> tuple[int, ...]:
    """FC-S4 / INC-FC-3: the card ids that form the conquest deck.

    The speed deck takes the first ``speed[t]`` copies of every type ("3 carte qualunque": any
    copies; which ones only matters for syllables, so the lab takes the first). The remaining
    emotions and every Event form the conquest deck; left-over lodging cards are left out
    (``"excluded"``, the seed) or shuffled into the conquest deck (``"conquest"``, the fix).
    """
    starts = first_ids(counts)
    ids: list[int] = []
    for t in EMOTIONS:
        ids.extend(range(starts[t] + speed[t], starts[t] + counts[TYPES[t]]))
    if leftover_lodging == "conquest":
        ids.extend(range(starts[LODGING] + speed[LODGING], starts[LODGING] + counts["lodging"]))
    ids.extend(range(starts[EVENT], starts[EVENT] + counts["event"]))
    return tuple(ids)


# All hand compositions: 5-tuples of counts (one per hand type) summing to HAND_SIZE.
COMPOSITIONS: tuple[tuple[int, ...], ...] = tuple(
    c for c in product(range(HAND_SIZE + 1), repeat=HAND_TYPES) if sum(c) == HAND_SIZE
)
COMPOSITION_INDEX = {c: i for i, c in enumerate(COMPOSITIONS)}


def deal_outcomes(remaining: tuple[int, ...]) -> list[tuple[int, float]]:
    """FC-S3: (composition index, probability) of a 5-card hand dealt from ``remaining``.

    Multivariate hypergeometric: prod C(K_t, k_t) / C(N, 5). Each type's C(K_t, k) is taken
    once per k (a table), then each composition's product of exact integers (C(K, k) is 0 for
    k > K: that composition cannot be dealt and is left out).
    """
    total = comb(sum(remaining), HAND_SIZE)
    c0, c1, c2, c3, c4 = ([comb(have, k) for k in range(HAND_SIZE + 1)] for have in remaining)
    out = []
    for i, (k0, k1, k2, k3, k4) in enumerate(COMPOSITIONS):
        ways = c0[k0] * c1[k1] * c2[k2] * c3[k3] * c4[k4]
        if ways:
            out.append((i, ways / total))
    return out


def is_complete(hand: tuple[int, ...] | list[int]) -> bool:
    """FC-P4: the hand holds the 4 different emotions and a lodging."""
    return 0 not in hand[:HAND_TYPES]  # counts are never negative
