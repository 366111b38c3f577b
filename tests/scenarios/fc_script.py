"""Scripted Fiemme–Cembra hands for rule tests: a chosen seat closes, a chosen card is conquered.

Every step is a public action: the deals are chance outcomes chosen by the test, the pass and
the slap race are the seats' simultaneous actions, the draw is the chance outcome of the card
the test wants conquered. Used by ``test_fiemme_cembra_seed_distinctions`` and the seed-scenario
suite (``tests/scenarios``).
"""

from __future__ import annotations

from typing import Any

import lab
from lab.core.actions import act
from lab.games.fiemme_cembra import components as C

# One hand for four players after which only seat 0 closes: seat 0 passes a Nature card to seat
# 1 and receives a lodging from seat 3 (cards pass to the right: seat p to seat p + 1).
HAND4 = [(2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (0, 1, 1, 1, 2)]
PASS4 = [0, 1, 4, 4]
# the same for five players
HAND5 = [(2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (0, 1, 1, 1, 2)]
PASS5 = [0, 1, 4, 2, 4]


def counts(players: int = 4, **extra: int) -> dict[str, int]:
    """Card counts whose speed deck (``players`` of each hand type) is exactly dealt; ``extra``
    cards of a type (and ``event``) form the conquest deck (with ``leftover_lodging='conquest'``
    for lodging)."""
    out = {t: players for t in C.TYPES[:5]}
    out["event"] = 0
    for t, k in extra.items():
        out[t] += k
    return out


def load(players: int = 4, **params: Any) -> lab.Game:
    return lab.load("fiemme_cembra", players=players, **params)


def ids_of(game: lab.Game, type_name: str) -> list[int]:
    """The conquest deck's card ids of one type, in id order."""
    t = C.TYPES.index(type_name)
    return [c for c in game.conquest_ids if game.types[c] == t]


def deal_and_pass(state: lab.State, closer: int) -> None:
    """Deal the hands after which only ``closer`` closes, and play the pass."""
    n = state.game.num_players()
    hands, passes = {4: (HAND4, PASS4), 5: (HAND5, PASS5)}[n]
    for seat in range(n):  # deals go to seat 0, 1, ...: seat (closer + i) gets pattern i
        state.apply_action(act("deal", C.COMPOSITION_INDEX[hands[(seat - closer) % n]]))
    state.apply_actions({seat: act("discard", passes[(seat - closer) % n]) for seat in range(n)})
    assert state.observation(None)["closers"] == [closer]


def race(state: lab.State, closer: int, last: int, shout: bool = True) -> list[int]:
    """The slap race: ``closer`` slaps at 100 ms (shouting or not), ``last`` reacts last, the
    others in seat order between. Returns the order the hands landed."""
    n = state.game.num_players()
    others = [p for p in range(n) if p not in (closer, last)]
    slaps = {closer: act("slap", 100, shout), last: act("slap", 2900, False)}
    for i, p in enumerate(others):
        slaps[p] = act("slap", 200 + 100 * i, False)
    state.apply_actions(slaps)
    return list(state.observation(None)["last_race"]["order"])


def conquer(state: lab.State, seat: int, card: int, last: int) -> None:
    """A hand in which ``seat`` closes and conquers ``card`` (drawn from the top of the deck);
    ``last`` lands last (penalised by FC-P7: void when they hold no conquered card)."""
    deal_and_pass(state, seat)
    race(state, seat, last)
    state.apply_action(act("draw", card))


def kinds(state: lab.State, start: int = 0) -> list[tuple[str, str]]:
    return [(e.clause, e.kind) for e in state.events[start:]]
