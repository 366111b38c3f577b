"""Memcel in words: the names of the board's places and every event the game logs.

One vocabulary for the board and the log: :func:`slot_name` is the name the board gives a slot
(its tooltip, the prompts, the peek panel) and the name every event that mentions a slot uses
(``reveal``, ``miss``, ``swap`` ...). :func:`describe_event` says each event kind in a sentence
from the event's own data and the game's fixed tables (never the current state, so a line says
what happened then, and only what the event itself shows its viewer). :func:`end_reason` reads
the end from the record (the ``win`` event) for :func:`lab.core.words.result_words`.

``KINDS`` lists every event kind the rules log; a test checks it against the rules' sources
and against played games, so a new event without words fails.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lab.core.state import State
from lab.core.words import event_words, join_names, result_words, seat_name, seats_words

KINDS = (
    "attack", "attack_roll", "board_turn", "card", "complication", "cover_card", "cover_own",
    "deck_reshuffled", "declare_x", "defence", "extra_turn_starts", "full_success", "hunt_starts",
    "imprevisto_revealed", "lost_turns", "miss", "no_attack_possible", "order_roll", "order_tie",
    "peek", "peeked", "place", "place_own", "reroll_d8", "reroll_icon", "reveal", "ring_turn",
    "sits_out", "swap", "swap_impossible", "tiles_shared", "turn_order", "unfinished", "win",
)


def slot_name(tables: Any, slot: int) -> str:
    """``"green ring, position 5"``: the board's and the log's name of a slot."""
    r = tables.ring_of[slot]
    return f"{tables.ring_names[r]} ring, position {slot - tables.first[r]}"


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _dir(d: str) -> str:
    return {"cw": "clockwise", "ccw": "counter-clockwise"}.get(d, d)


def effect_words(tables: Any, effect: str) -> str:
    """A card effect (AMB-MC-8 primitive) in words."""
    parts = effect.split(":")
    if parts[0] == "turn_ring" and len(parts) == 3:
        k = int(parts[2])
        return f"turn the {parts[1]} ring {abs(k)} step{'s' if abs(k) != 1 else ''} {_dir('cw' if k > 0 else 'ccw')}"
    if parts[0] == "turn_board" and len(parts) == 2:
        return f"turn the whole board {_dir(parts[1])}"
    return {
        "swap": "swap two tiles", "lose_turn": "lose a turn", "extra_turn": "play an extra turn",
        "peek": "peek at a face-down tile", "cover": "turn a face-up tile face down",
    }.get(effect, effect.replace("_", " "))


def describe_event(game: Any, event: Any, viewer: int | None = None) -> str:
    """One logged event in a sentence (``viewer``: the seat reading it, named "you")."""
    t = game.tables
    d: Mapping[str, Any] = event.data
    who = seat_name(d["player"], viewer) if isinstance(d.get("player"), int) else ""
    slot = (lambda key: slot_name(t, int(d[key])))  # noqa: E731 - a short local reader
    say: dict[str, Callable[[], str]] = {
        "order_roll": lambda: f"{who} rolled {d['value']} for the playing order",
        "order_tie": lambda: f"{seats_words(d['players'], viewer)} tied for the playing order and roll again",
        "turn_order": lambda: "playing order: " + seats_words(d["order"], viewer),
        "tiles_shared": lambda: "tiles shared out: " + "; ".join(
            f"{seat_name(p, viewer)} {join_names([_tiles(c) + ' ' + k for k, c in zip(d['kinds'], share, strict=False) if c])}"
            for p, share in enumerate(d["shares"])),
        "place": lambda: f"{who} placed a tile face down on the {slot('slot')}",
        "place_own": lambda: f"{who} placed {_article(d['tile'])} tile face down on the {slot('slot')}",
        "hunt_starts": lambda: f"all tiles are placed: the hunt starts with {seat_name(d['first'], viewer)}",
        "extra_turn_starts": lambda: f"{who} plays an extra turn",
        "sits_out": lambda: f"{who} sits out this turn ({d['left']} more to sit out)",
        "attack": lambda: f"{who} attacks",
        "defence": lambda: f"{who} defends: " + {"skip": "skips the turn", "complication": "rolls a complication",
                                                 "card": "draws a card"}.get(d["option"], str(d["option"])),
        "complication": lambda: f"{who} rolled the icon die: complication {d['complication']}",
        "reroll_icon": lambda: f"{who} re-rolled the icon die: {d['ring']} ring {_dir(d['dir'])}",
        "reroll_d8": lambda: f"{who} re-rolled the d8: {d['value']}",
        "attack_roll": lambda: f"{who} rolled {d['value']} on the d8",
        "no_attack_possible": lambda: f"{who} rolled {d['value']} on the d8: no attack possible",
        "declare_x": lambda: f"{who} will reveal {_tiles(d['x'])} (d8 roll {d['roll']})",
        "reveal": lambda: f"{who} revealed {_article(d['tile'])} tile on the {slot('slot')}",
        "full_success": lambda: f"{who} found all {_tiles(d['x'])} of their colour: they stay face up",
        "imprevisto_revealed": lambda: (f"{who} revealed an imprevisto on the {slot('slot')}: it is covered again, "
                                        f"a card is drawn ({_tiles(d['y'])} still missing)"),
        "miss": lambda: (f"{who} missed on the {slot('slot')}: found {d['found']} of {_tiles(d['x'])}, "
                         f"{d['y']} missing"),
        "lost_turns": lambda: f"{who} loses {d['turns']} turn{'s' if d['turns'] != 1 else ''}",
        "cover_own": lambda: (f"{who} turned their own tiles face down again: "
                              + join_names([slot_name(t, int(s)) for s in d["slots"]]) if d["slots"]
                              else f"{who} had no own tile face up to cover"),
        "card": lambda: f"{who} drew a card: {effect_words(t, str(d['effect']))}",
        "deck_reshuffled": lambda: "the card deck ran out and was reshuffled",
        "swap": lambda: f"{who} swapped the tiles on the {slot('a')} and the {slot('b')}",
        "swap_impossible": lambda: f"{who} could not swap: fewer than two tiles on the board",
        "ring_turn": lambda: (f"the {t.ring_names[int(d['ring'])]} ring turned {abs(int(d['steps']))} "
                              f"step{'s' if abs(int(d['steps'])) != 1 else ''} "
                              f"{_dir('cw' if int(d['steps']) > 0 else 'ccw')}"),
        "board_turn": lambda: (f"the whole board turned {abs(int(d['degrees']))}° "
                               f"{_dir('cw' if int(d['degrees']) > 0 else 'ccw')}"),
        "peek": lambda: f"{who} peeked at the tile on the {slot('slot')}",
        "peeked": lambda: f"{who} saw {_article(d['tile'])} tile on the {slot('slot')}",
        "cover_card": lambda: f"{who} turned the tile on the {slot('slot')} face down",
        "win": lambda: f"{who} won: {_win_rule(game)}",
        "unfinished": lambda: f"the game was stopped by the safety limit {d['limit']} (not by the rules)",
    }
    return event_words(say, event, viewer)


def _win_rule(game: Any) -> str:
    """MC-3 as the game plays it: the seed's rule, or the house rule's name."""
    house = getattr(game, "_house", {}) or {}
    if "MC-3" in house:
        return f"the house rule MC-3={getattr(house['MC-3'], 'name', 'house')} declared it"
    return "every tile of their colour is face up (MC-3)"


def end_reason(state: State, viewer: int | None = None) -> str:
    """Why the game ended, from the record (the ``win`` event): ``""`` if it did not end so."""
    wins = [e for e in state.events if e.kind == "win"]
    if not wins:
        return ""
    p = int(wins[-1].data["player"])
    if "MC-3" in (getattr(state.game, "_house", {}) or {}):
        return _win_rule(state.game)
    return f"every {state.game.tables.colours[p]} tile is face up (MC-3)"


def end_words(state: State, viewer: int | None = None) -> str:
    """The end of the game in words (board header, end screen, playtest record)."""
    return result_words(state, viewer, end_reason(state, viewer))


def describe_events(game: Any, events: Sequence[Any], viewer: int | None = None) -> list[str]:
    """Several events in words (tests, notebooks)."""
    return [describe_event(game, e, viewer) for e in events]
