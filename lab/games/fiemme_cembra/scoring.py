"""FC-E2/FC-E3: who wins, from the conquered cards (two rule points: FC-E2, FC-E3)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import lab.games.fiemme_cembra.components as C
from lab.core.rulepoints import rule_point


def complete_set(counts: list[int]) -> bool:
    """FC-E2: do conquered cards with ``counts`` per type (nature, sport, history, taste, lodging,
    event) make the winning set? At least one of each of the 4 emotions and one lodging."""
    return all(counts[t] > 0 for t in (*C.EMOTIONS, C.LODGING))


def tie_break(candidates: list[int], totals: list[int], pairs: list[int]) -> list[int]:
    """FC-E3: the winner(s) among ``candidates`` (players with the set, or everybody if none or
    several have it), given each seat's conquered ``totals`` and FIE-MME/CEM-BRA word ``pairs``.

    The most conquered cards, then the most word pairs; a tie after that: joint winners.
    """
    best = max(totals[p] for p in candidates)
    cands = [p for p in candidates if totals[p] == best]
    if len(cands) == 1:
        return cands
    best = max(pairs[p] for p in cands)
    return [p for p in cands if pairs[p] == best]


def type_counts(cards: Iterable[int], types: Sequence[int]) -> list[int]:
    """How many conquered cards of each type (in :data:`components.TYPES` order)."""
    out = [0] * len(C.TYPES)
    for c in cards:
        out[types[c]] += 1
    return out


def has_set(cards: Iterable[int], types: Sequence[int]) -> bool:
    """FC-E2: at least one card of each of the 4 emotions and one lodging."""
    return complete_set(type_counts(cards, types))


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
    complete: Callable[[list[int]], bool] = complete_set,
    tie: Callable[[list[int], list[int], list[int]], list[int]] = tie_break,
) -> tuple[list[int], str]:
    """The winner(s) among ``candidates`` and the clause that decided.

    FC-E2: a single player with the full set wins. FC-E3: several (or no) players with the set:
    among those with the set (or among all, if nobody has it) the most conquered cards, then
    the most FIE-MME / CEM-BRA pairs; a tie after that gives joint winners.
    With ``need_complete=False`` only the FC-E3 criteria are used (round_wins tie-break).
    ``complete`` and ``tie`` are the FC-E2 and FC-E3 rule points (the game passes its own).
    """
    cands = list(candidates)
    if need_complete:
        done = [p for p in cands if complete(type_counts(cards[p], types))]
        if len(done) == 1:
            return done, "FC-E2"
        if done:
            cands = done
    totals = [len(c) for c in cards]
    pairs = [word_pairs(c, syllables) for c in cards]
    chosen = set(tie(cands, totals, pairs))
    return [p for p in cands if p in chosen], "FC-E3"


# Rule points are declared by a call, not with decorator syntax: mutmut (`make mutants`)
# does not mutate decorated functions, and these are the rules.
for _clause, _fn in (
    ("FC-E2", complete_set),
    ("FC-E3", tie_break),
):
    rule_point(_clause)(_fn)
