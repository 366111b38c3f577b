"""Fiemme–Cembra component accounting for :func:`lab.lint`.

Every check is built from the variant's own tables: ``card_counts`` (FC-C1), the stated set-up
table ``deck_table`` (FC-S2/S4/S5, one row per player count), the lodging rule and the speed
deck actually played. The generic checks of :mod:`lab.lint.checks` compare stated totals with
totals recomputed from those tables; nothing here knows which rows are wrong.

Finding ids: a row's first ``INC-`` clause (the digest's name for that row's open point, part
of the table data) or ``FC-S5[<n>p]``; secondary checks of the same row add ``/conquest``,
``/deal``, ``/conservation`` or ``/unused``. Reachability of FC-E2 is checked for the variant's
own player count and named after the ``INC-`` clause of the parameter that decides whether a
missing type can enter the conquest deck.
"""

from __future__ import annotations

from typing import Any

import lab.games.fiemme_cembra.components as C
from lab.core.actions import act
from lab.core.params import thaw
from lab.core.state import CHANCE
from lab.lint.checks import (
    Conservation,
    CycleWitness,
    Enough,
    NoProgress,
    Note,
    Reachable,
    StatedTotal,
)

LABELS = {"nature": "Nature", "sport": "Sport", "history": "History", "taste": "Taste",
          "lodging": "Lodging", "event": "Events"}


def _uniq(*clauses: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(clauses))


def _conquest_parts(counts: dict[str, int], each: int, lodging: int, leftover: str) -> dict[str, int]:
    parts = {f"{LABELS[t]} left": counts[t] - each for t in C.TYPES[:4]}
    parts["Lodging left"] = counts["lodging"] - lodging if leftover == "conquest" else 0
    parts["Events"] = counts["event"]
    return parts


def _fix_for_row(counts: dict[str, int], n: int, row: dict[str, Any], leftover: str) -> str | None:
    """Search the per-type count that deals 5 each and leaves the stated conquest deck."""
    deal = C.HAND_SIZE * n
    top = min(counts[t] for t in C.TYPES[:5])
    for k in range(top + 1):
        speed = 5 * k
        conquest = sum(_conquest_parts(counts, k, k, leftover).values())
        if speed == deal and conquest == row["conquest_total"]:
            unused = 0 if leftover == "conquest" else counts["lodging"] - k
            return (f"use {k} of each type + {k} lodging = {speed} speed cards ({C.HAND_SIZE} for each of "
                    f"{n} players), which leaves the stated {conquest} for the conquest deck and "
                    f"{unused} lodging unused: state emotions_each={k}, lodging={k}, speed_total={speed}")
    return None


def _row_checks(game: Any, n: int, row: dict[str, Any]) -> list[Any]:
    counts = game.counts
    leftover = game.params["leftover_lodging"]
    clauses = tuple(row["clauses"])
    inc = next((c for c in clauses if c.startswith("INC-")), None)
    base = inc or f"FC-S5[{n}p]"
    each, lodging = row["emotions_each"], row["lodging"]
    speed_parts = {f"{LABELS[t]} ({each} each)": each for t in C.TYPES[:4]}
    speed_parts["Lodging"] = lodging
    search = _fix_for_row(counts, n, row, leftover)
    conquest_parts = _conquest_parts(counts, each, lodging, leftover)
    unused = counts["lodging"] - lodging if leftover == "excluded" else 0
    stated_unused = row.get("unused_lodging")
    speed = sum(speed_parts.values())
    conquest = sum(conquest_parts.values())
    fix = search or f"state speed_total={speed}"
    fix_conquest = search or f"state conquest_total={conquest} (or change the per-type counts)"
    fix_deal = search or f"put at least {C.HAND_SIZE * n} cards in the speed deck ({n} of each type does)"
    fix_all = search or (f"make speed + conquest + unused add up to {sum(counts.values())}: "
                         f"{speed} + {conquest} + {unused} do")
    places = {"speed deck (stated)": row["speed_total"], "conquest deck (stated)": row["conquest_total"],
              "unused lodging" + (" (stated)" if stated_unused is not None else " (computed)"):
              unused if stated_unused is None else stated_unused}
    checks: list[Any] = [
        StatedTotal(base, clauses, f"{n} players: speed deck", row["speed_total"], speed_parts, fix),
        StatedTotal(f"{base}/conquest", _uniq(*clauses, "FC-S4"), f"{n} players: conquest deck",
                    row["conquest_total"], conquest_parts, fix_conquest),
        Enough(f"{base}/deal", _uniq(*clauses, "FC-S3"), f"{n} players: dealing {C.HAND_SIZE} each",
               C.HAND_SIZE * n, speed_parts, fix_deal),
        Conservation(f"{base}/conservation", _uniq(*clauses, "FC-C1"), f"{n} players: the {sum(counts.values())} play cards",
                     sum(counts.values()), places, fix_all),
    ]
    if stated_unused is not None:
        where = "they go to the conquest deck" if leftover == "conquest" else f"{counts['lodging']} - {lodging} in the speed deck"
        checks.append(StatedTotal(f"{base}/unused", clauses, f"{n} players: unused lodging", stated_unused,
                                  {f"lodging left out ({where})": unused},
                                  search or f"state unused_lodging={unused}"))
    return checks


def _reachability(game: Any) -> Reachable:
    """FC-E2 needs every emotion and a lodging among the cards that can ever be conquered."""
    n = game.num_players()
    available = dict.fromkeys(C.TYPES[:5], 0)
    for c in game.conquest_ids:
        t = game.types[c]
        if t != C.EVENT:
            available[C.TYPES[t]] += 1
    need_each = 2 if game.memory else 1  # the memory proposal conquers pairs
    needs = dict.fromkeys(C.TYPES[:5], need_each)
    short = [t for t in needs if available[t] < need_each]
    spec = next(s for s in game.PARAMETERS if s.name == "leftover_lodging")
    inc = next((c for c in spec.clauses if c.startswith("INC-")), None)
    ident = inc if inc and "lodging" in short else "FC-E2"
    speed_lodging = game.speed_counts[C.LODGING]
    left = game.counts["lodging"] - speed_lodging
    if "lodging" in short and game.params["leftover_lodging"] == "excluded" and left >= need_each:
        fix = f"set leftover_lodging='conquest': the {left} left-over lodging cards enter the conquest deck"
    elif "lodging" in short:
        fix = (f"with {n} players the speed deck takes {speed_lodging} of the {game.counts['lodging']} lodging "
               f"cards: raise card_counts['lodging'] to at least {speed_lodging + need_each} and set "
               f"leftover_lodging='conquest'")
    else:
        fix = "raise card_counts for " + ", ".join(short) + " so some enter the conquest deck"
    clauses = _uniq("FC-E2", "FC-S2", "FC-S4", *spec.clauses)
    return Reachable(
        ident, clauses, f"FC-E2 (4 emotions + 1 lodging) with {n} players",
        {LABELS[t]: v for t, v in needs.items()}, {LABELS[t]: v for t, v in available.items()}, fix,
        "Nobody can ever win by FC-E2, so FC-E3's tie-breaks always decide",
    )


# FC-P7 and FC-E1, the seed's words the cycle of :func:`_progress_check` is made of
STEP7 = ("Alla fine di ogni turno di gioco vengono assegnate penalità solo a quel giocatore che ha posato "
         "la propria mano per ultimo sul mazzo; Il giocatore con penalità dovrà restituire, a propria "
         "scelta, una delle carte precedentemente conquistate al centro del mazzo coperto. Se è privo di "
         "carte conquistate la penalità è nulla")
END = "la partita finisce quando si esauriscono le carte del mazzo di conquista (ovvero saranno rimaste le sole carte evento)"


def _closing_deal(n: int, closer: int) -> tuple[list[tuple[int, ...]], list[int]] | None:
    """Hands (by seat) and discards after which only ``closer`` completes 4 emotions + lodging:
    the closer passes its second Nature on and receives the lodging its left neighbour (the
    seat before it) passes; everyone between passes on what keeps them incomplete. Fits a speed
    deck of ``n`` cards of each type (FC-S2); ``None`` for another table size."""
    between = (1, 4, 2, 3)[: n - 2]  # what the seats after the closer pass on (Sport, lodging, ...)
    if n < 3 or len(between) != n - 2:
        return None
    pattern = [(2, 1, 1, 1, 0), *[(1, 1, 1, 1, 1)] * (n - 2), (0, 1, 1, 1, 2)]
    passes = [0, *between, 4]
    return ([pattern[(seat - closer) % n] for seat in range(n)],
            [passes[(seat - closer) % n] for seat in range(n)])


def _play_hand(state: Any, closer: int, last: int) -> bool:
    """One hand of ordinary play: ``closer`` completes, shouts and slaps first, ``last`` slaps
    last, the card conquered is an emotion or a lodging, a penalty returns the first card
    offered. False when this variant's rules do not allow that hand."""
    n = state.game.num_players()
    deal = _closing_deal(n, closer)
    if deal is None or state.phase_name() != "deal":
        return False
    hands, discards = deal
    for hand in hands:
        wanted = act("deal", C.COMPOSITION_INDEX[hand])
        if state.current_player() != CHANCE or wanted not in [a for a, _ in state.chance_outcomes()]:
            return False
        state.apply_action(wanted)
    if state.phase_name() != "pass":
        return False
    state.apply_actions({p: act("discard", t) for p, t in enumerate(discards)})
    if state.phase_name() != "slap" or list(state.closers) != [closer]:
        return False
    others = [p for p in range(n) if p not in (closer, last)]
    slaps = {closer: act("slap", 100, True), last: act("slap", 2900, False)}
    slaps.update({p: act("slap", 200 + 100 * i, False) for i, p in enumerate(others)})
    state.apply_actions(slaps)
    for _ in range(8):  # the draw, a penalty and its reinsert position
        phase = state.phase_name()
        if phase == "draw":
            cards = [a for a, _ in state.chance_outcomes() if state.game.types[a.args[0]] != C.EVENT]
            if not cards:
                return False
            state.apply_action(cards[0])
        elif phase == "penalty":
            state.apply_action(state.legal_actions()[0])
        elif phase == "insert":
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            break
    return state.phase_name() in ("deal", "over")


def _progress_check(game: Any) -> Any:
    """FC-P7 each hand against FC-E1: a race that conquers a card while the last hand puts one
    back leaves the cards to conquer as they were. Played from the start: seat 0 conquers a
    card, then seats 1 and 0 take turns conquering a card while the other is last and gives its
    only card back."""
    def witness() -> CycleWitness | None:
        state = game.new_initial_state()
        n = game.num_players()
        if state.is_terminal() or not _play_hand(state, 0, n - 1):
            return None
        values = [state.non_events_left()]
        for i in range(4):
            closer = 1 - i % 2
            if state.is_terminal() or not _play_hand(state, closer, 1 - closer):
                break
            values.append(state.non_events_left())
        return CycleWitness(
            lead_in="a first hand in which seat 0 conquers a card (the last hand holds none: no penalty)",
            cycle=("in each hand one player closes, shouts, slaps first and conquers a card, and the last "
                   "hand on the deck, holding a conquered card, gives one back into the deck"),
            measure="the emotion and lodging cards left to conquer (FC-E1)", values=tuple(values))

    return NoProgress(
        "FC-P7", ("FC-P7", "FC-E1", "FC-S1", "FC-P6"),
        f"penalty_timing={game.params['penalty_timing']!r}", witness, STEP7 + "; " + END,
        "read 'turno di gioco' as FC-S1 defines it, one conquest deck (penalty_timing='end_of_round': "
        "one penalty when the round ends), or let the returned card leave the game",
        consequence=("The round ends only through races whose last hand holds no conquered card (a void "
                     "penalty), and an Event used to swap adds a card to conquer; the seed says a round "
                     "lasts about 15 minutes (FC-S1). Notebook 02 measures the rounds"),
    )


def _penalty_note(game: Any) -> Note:
    """FC-P7: the reading in force, in words."""
    if game.params["penalty_timing"] == "end_of_round":
        return Note("FC-P7-reading", ("FC-P7", "FC-S1", "FC-E1"),
                    "penalty_timing='end_of_round': 'alla fine di ogni turno di gioco' with a turno being one "
                    "conquest deck (FC-S1): when the round ends, the player whose hand landed last in its final "
                    "race returns a conquered card of their choice into the covered deck (no card: no penalty)",
                    "say whether step 7 falls after every hand or once a round")
    return Note("FC-P7-reading", ("FC-P7", "FC-S1", "FC-P8"),
                "penalty_timing='each_hand': step 7 read in the sequence of one hand (between conquering, step "
                "6, and redealing, step 8), though 'turno di gioco' is a whole conquest deck everywhere else in "
                "the seed (FC-S1)", "say whether step 7 falls after every hand or once a round")


def accounting(game: Any) -> list[Any]:
    """All FC checks for ``game`` (see the module docstring)."""
    table = thaw(game.params["deck_table"])
    checks: list[Any] = []
    for key in sorted(table, key=int):
        checks.extend(_row_checks(game, int(key), table[key]))
    checks.append(_reachability(game))
    p = game.params
    checks += [
        Note("AMB-FC-1", ("AMB-FC-1", "FC-E3"), f"syllables on cards are not specified: syllables={p['syllables']!r}",
             "choose with the syllables parameter"),
        Note("AMB-FC-2", ("AMB-FC-2",), f"between rounds: between_rounds={p['between_rounds']!r}",
             "choose with the between_rounds parameter"),
        Note("AMB-FC-3", ("AMB-FC-3",), f"memory mode has no rules; mode={p['mode']!r} "
             "(memory_proposal is the lab's proposal, not the designer's)", "write memory-mode rules"),
        Note("AMB-FC-4", ("AMB-FC-4",), f"several closers at one pass: several_closers={p['several_closers']!r}",
             "choose with the several_closers parameter"),
        Note("FC-P1", ("FC-P1", "FC-P4", "FC-0", "FC-C1"),
             "step 1 asks for '5 carte emozioni di tipologia differente', but there are 4 emotion types; "
             "step 4 and the goal say 4 different emotions + 1 lodging, which the lab plays",
             "write '4 carte emozioni differenti + 1 carta alloggio' in step 1"),
        _penalty_note(game),
        _progress_check(game),
    ]
    return checks
