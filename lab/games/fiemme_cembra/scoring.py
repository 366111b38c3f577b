"""FC-E2/FC-E3: who wins, from the conquered cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lab.games.fiemme_cembra import components as C


def type_counts(cards: Iterable[int], types: Sequence[int]) -> list[int]:
    """How many conquered cards of each type (in :data:`components.TYPES` order)."""
    out = [0] * len(C.TYPES)
    for c in cards:
        out[types[c]] += 1
    return out


def has_set(cards: Iterable[int], types: Sequence[int]) -> bool:
    """FC-E2: at least one card of each of the 4 emotions and one lodging."""
    counts = type_counts(cards, types)
    return all(counts[t] > 0 for t in (*C.EMOTIONS, C.LODGING))


def word_pairs(cards: Iterable[int], syllables: Sequence[int]) -> int:
    """FC-E3 second tie-break: FIE-MME pairs plus CEM-BRA pairs (AMB-FC-1 decides syllables)."""
    s = [0, 0, 0, 0]
    for c in cards:
        if syllables[c] >= 0:
            s[syllables[c]] += 1
    return min(s[0], s[1]) + min(s[2], s[3])


def rank_players(
    cards: Sequence[Sequence[int]],
    candidates: Iterable[int],
    types: Sequence[int],
    syllables: Sequence[int],
    *,
    need_complete: bool = True,
) -> tuple[list[int], str]:
    """The winner(s) among ``candidates`` and the clause that decided.

    FC-E2: a single player with the full set wins. FC-E3: several (or no) players with the set:
    among those with the set (or among all, if nobody has it) the most conquered cards, then
    the most FIE-MME / CEM-BRA pairs; a tie after that gives joint winners.
    With ``need_complete=False`` only the FC-E3 criteria are used (round_wins tie-break).
    """
    cands = list(candidates)
    if need_complete:
        complete = [p for p in cands if has_set(cards[p], types)]
        if len(complete) == 1:
            return complete, "FC-E2"
        if complete:
            cands = complete
    best = max(len(cards[p]) for p in cands)
    cands = [p for p in cands if len(cards[p]) == best]
    if len(cands) == 1:
        return cands, "FC-E3"
    best = max(word_pairs(cards[p], syllables) for p in cands)
    return [p for p in cands if word_pairs(cards[p], syllables) == best], "FC-E3"
