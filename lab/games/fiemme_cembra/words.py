"""Fiemme–Cembra in words: cards, the closing rule as the engine plays it, every logged event.

:func:`closing_rule` is never written by hand: it asks the game's own FC-P4 rule point
(``game.rules.closes``, a designer's house rule included) about every possible hand and says
which hands close -- "one card of each type" for the seed's rule, "five of one kind" only if the
engine really closes on those. :func:`describe_event` says each event kind from the event's data
and the game's fixed card tables; :func:`end_reason` reads the record's ``match_winners``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import lab.games.fiemme_cembra.components as C
from lab.core.state import State
from lab.core.words import event_words, join_names, kind_words, result_words, seat_name, seats_words

KINDS = (
    "card_leaves_round", "close", "complete_hand_must_pass", "conquered", "conquerors", "conquest_deck",
    "conquest_deck_empty", "conquest_deck_exhausted", "dealt", "event_draw_again", "event_played",
    "event_swap", "event_swap_chosen", "flipped", "forgot_to_shout", "hand_voided_pass_limit",
    "hands_on_deck", "match_winners", "next_round", "no_pair", "nothing_to_flip", "pair_conquered",
    "passed", "penalty", "penalty_card_to_grid", "penalty_mark", "penalty_void", "put_back_after_the_round",
    "put_back_in_the_middle", "reinserted", "round_winners", "round_wins", "second_hand_takes", "several_closers", "unfinished",
)
NUMBERS = ("no", "one", "two", "three", "four", "five")


def card_name(game: Any, card: int) -> str:
    """``"card 14 (sport)"``: the board's and the log's name of a card."""
    c = int(card)
    kind = C.TYPES[game.types[c]] if 0 <= c < game.n_cards else "?"
    return f"card {c} ({kind})"


def _cards(game: Any, cards: Any) -> str:
    return join_names([card_name(game, c) for c in cards]) or "no card"


# ---------------------------------------------------------------------- the closing rule
def closing_hands(game: Any) -> tuple[tuple[int, ...], ...]:
    """Every hand (cards per type) the game's FC-P4 rule point closes on, asked of the engine."""
    rule = game.rules.closes
    return tuple(h for h in C.COMPOSITIONS if rule(list(h)))


def _hand_words(hand: tuple[int, ...]) -> str:
    return join_names([f"{NUMBERS[n] if n < len(NUMBERS) else n} {C.TYPES[t]}" for t, n in enumerate(hand) if n])


def closing_rule(game: Any) -> str:
    """FC-P4 as the engine plays it, in words: which hands close."""
    hands = set(closing_hands(game))
    one_each = {h for h in C.COMPOSITIONS if 0 not in h}
    five_kind = {h for h in C.COMPOSITIONS if C.HAND_SIZE in h}
    names = ", ".join(C.TYPES[: C.HAND_TYPES - 1]) + " and " + C.TYPES[C.HAND_TYPES - 1]
    if hands == one_each:
        return f"a hand closes when it holds one card of each type ({names})"
    if hands == five_kind:
        return f"a hand closes when it holds {NUMBERS[C.HAND_SIZE]} cards of one kind"
    if not hands:
        return "no hand ever closes (the FC-P4 rule closes none)"
    if len(hands) <= 3:
        return "a hand closes when it is " + " or ".join(_hand_words(h) for h in sorted(hands))
    return f"{len(hands)} of the {len(C.COMPOSITIONS)} possible hands close (the FC-P4 rule of this variant)"


# ---------------------------------------------------------------------- events
def describe_event(game: Any, event: Any, viewer: int | None = None) -> str:
    """One logged event in a sentence (``viewer``: the seat reading it, named "you")."""
    d: Mapping[str, Any] = event.data
    who = seat_name(d["player"], viewer) if isinstance(d.get("player"), int) else ""

    def hands_on_deck() -> str:
        order = list(d["order"])
        ms = list(d["ms"])
        landed = ", then ".join(f"{seat_name(p, viewer)} ({ms[p]} ms)" for p in order)
        return f"hands on the deck: {landed} (FC-P5)"

    def winners(key: str) -> str:
        ws = list(d.get("winners") or [])
        return seats_words(ws, viewer) if ws else "nobody"

    say: dict[str, Callable[[], str]] = {
        "conquest_deck": lambda: (f"round {int(d['round']) + 1}: the conquest deck holds {d['size']} cards"
                                  + (" laid out face down in a grid" if d.get("memory_grid") else "")),
        "dealt": lambda: f"dealt to {who}: {_hand_words(tuple(d['hand']))}",
        "complete_hand_must_pass": lambda: f"{who} was dealt a complete hand: it must pass once before closing (FC-P1)",
        "passed": lambda: f"everyone passed a card to the {d['direction']} (pass {d['number']})",
        "close": lambda: f"{seats_words(d['closers'], viewer)} closed: {closing_rule(game)} (FC-P4)",
        "several_closers": lambda: f"{seats_words(d['closers'], viewer)} closed at once (AMB-FC-4: {kind_words(str(d['rule']))})",
        "hand_voided_pass_limit": lambda: f"nobody closed within {d['passes']} passes: the hand is dealt again (lab safety rule)",
        "hands_on_deck": hands_on_deck,
        "forgot_to_shout": lambda: f"{who} closed but did not shout 'Fiemme!' (FC-P6)",
        "second_hand_takes": lambda: (f"{seat_name(d['first'], viewer)} was first without shouting: "
                                      f"{who}, the second hand, takes the card (FC-P6)"),
        "conquerors": lambda: f"{seats_words(d['players'], viewer) or 'nobody'} conquer{'s' if len(d['players']) == 1 else ''} a card",
        "conquered": lambda: f"{who} conquered {card_name(game, d['card'])}",
        "conquest_deck_empty": lambda: f"{who} found the conquest deck empty",
        "event_played": lambda: f"{who} drew the Event {card_name(game, d['card'])} (FC-P6)",
        "event_draw_again": lambda: f"{who} draws another card (Event)",
        "event_swap_chosen": lambda: f"{who} swaps a conquered card (Event)",
        "event_swap": lambda: (f"{who} gave {card_name(game, d['gave'])} to {seat_name(d['opponent'], viewer)} "
                               f"for {card_name(game, d['took'])} (Event)"),
        "put_back_after_the_round": lambda: (f"the round is over: {card_name(game, d['card'])}, given back by {who}, "
                                             + ("goes back to the grid (FC-P7)" if game.memory
                                                else "goes back into the middle of the covered deck (FC-P7)")),
        "put_back_in_the_middle": lambda: f"{card_name(game, d['card'])} goes back in the middle of the deck",
        "reinserted": lambda: f"{card_name(game, d['card'])} was put back at position {d['position']} of the deck",
        "penalty_mark": lambda: f"{who} was last: a penalty mark ({d['marks']} so far, paid at the end of the round)",
        "penalty": lambda: f"{who} was last and gave back {card_name(game, d['card'])} (FC-P7)",
        "penalty_void": lambda: f"{who} was last but has no conquered card to give back (FC-P7)",
        "card_leaves_round": lambda: f"{card_name(game, d['card'])} given back by {who} leaves the round",
        "penalty_card_to_grid": lambda: f"{card_name(game, d['card'])} goes face down to grid place {d['slot']}",
        "flipped": lambda: f"{who} flipped grid place {d['slot']}: {card_name(game, d['card'])}",
        "nothing_to_flip": lambda: f"{who} had nothing left to flip",
        "pair_conquered": lambda: f"{who} found a pair and conquered {_cards(game, d['cards'])}",
        "no_pair": lambda: f"{who} found no pair ({_cards(game, d['cards'])} turned back)",
        "conquest_deck_exhausted": lambda: f"round {int(d['round']) + 1}: the conquest deck is used up (FC-E1)",
        "round_winners": lambda: (f"round {int(d['round']) + 1} won by {winners('winners')} (cards conquered: "
                                  + ", ".join(f"{seat_name(p, viewer)} {n}" for p, n in enumerate(d["conquered"])) + ")"),
        "round_wins": lambda: "rounds won so far: " + ", ".join(
            f"{seat_name(p, viewer)} {n}" for p, n in enumerate(d["wins"])),
        "next_round": lambda: f"round {int(d['round']) + 1} starts",
        "match_winners": lambda: (f"the match is over: {winners('winners')} won (cards conquered: "
                                  + ", ".join(f"{seat_name(p, viewer)} {n}" for p, n in enumerate(d["totals"])) + ")"),
        "unfinished": lambda: f"the match was stopped by the safety limit {d['limit']} (not by the rules)",
    }
    return event_words(say, event, viewer)


def end_reason(state: State, viewer: int | None = None) -> str:
    """Why the match ended as it did, from the record's ``match_winners`` event (its clause)."""
    ends = [e for e in state.events if e.kind == "match_winners"]
    if not ends:
        return ""
    return {
        "FC-E2": "the only complete set of conquered cards (FC-E2)",
        "AMB-FC-2": "most rounds won (AMB-FC-2)",
    }.get(ends[-1].clause, "most conquered cards, then word pairs (FC-E3)")


def end_words(state: State, viewer: int | None = None) -> str:
    """The end of the match in words (board header, end screen, playtest record): the result,
    then every player's conquered cards from the record."""
    words = result_words(state, viewer, end_reason(state, viewer))
    ends = [e for e in state.events if e.kind == "match_winners"]
    if ends and state.stopped_by is None:
        totals = list(ends[-1].data["totals"])
        words += "; cards conquered: " + ", ".join(f"{seat_name(p, viewer)}: {n}" for p, n in enumerate(totals))
    return words
