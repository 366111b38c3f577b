"""Save the Space Station in words: the names of hexes and pieces, every event the game logs.

One vocabulary for the board and the log: :func:`hex_name` is the board's tooltip of a hex and
the name every event mentioning a hex uses, :func:`piece_name` says what a label (``F2``,
``D1``, ``M1``, ``S``) is. :func:`describe_event` says each event kind from the event's data;
:func:`end_reason` reads the end from the record (``win``, ``loss``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from lab.core.state import State
from lab.core.words import event_words, result_words

KINDS = (
    "activate", "collision", "destroyed", "droid_enter", "fighter_moved", "fighters_done", "laser", "launch",
    "loss", "missile_launch", "route", "route_die", "shield_lost", "station_move", "unfinished", "win",
)
_KIND_WORDS = {"S": "the station", "F": "fighter", "D": "droid", "M": "missile"}
ROUTE_TIERS = (
    "a route clear of other pieces",
    "a route crossing only your pieces",
    "a route crossing pieces of both sides",
)


def hex_name(label: str, grid: str = "hex") -> str:
    """``"hex c22r13"`` (column 22, row 13, as the seed counts): the board's and the log's name."""
    return f"{grid} {label}"


def piece_name(label: str) -> str:
    """``"fighter F2"``, ``"droid D1"``, ``"the station"``."""
    kind = _KIND_WORDS.get(label[:1], "piece")
    return kind if label == "S" else f"{kind} {label}"


def describe_event(game: Any, event: Any, viewer: int | None = None) -> str:
    """One logged event in a sentence."""
    d: Mapping[str, Any] = event.data
    grid = str(getattr(getattr(game, "geo", None), "grid", "hex"))
    at = (lambda key: hex_name(str(d[key]), grid))  # noqa: E731 - a short local reader
    p = (lambda key: piece_name(str(d[key])))  # noqa: E731

    def route() -> str:
        tier = str(d.get("chosen_by", ""))
        how = ROUTE_TIERS[int(tier[-1])] if tier[-1:].isdigit() and int(tier[-1]) < len(ROUTE_TIERS) else tier
        n = int(d["steps"])
        return f"{p('piece')} flies {n} {grid}{'es' if grid == 'hex' and n != 1 else 's' if n != 1 else ''} toward the station along {how} (SS-F3)"

    say: dict[str, Callable[[], str]] = {
        "station_move": lambda: f"the station moved along its orbit to {at('hex')} (turn {d['turn']})",
        "launch": lambda: f"{p('fighter')} launched from the station at {at('hex')}",
        "activate": lambda: f"you activate {p('fighter')}",
        "fighter_moved": lambda: f"{p('fighter')} moved to {at('hex')}",
        "fighters_done": lambda: f"your fighters are done for turn {d['turn']}",
        "laser": lambda: (f"{p('shooter')} fires at {p('target')}: rolled {d['face']}, "
                          + ("a hit" if d.get("hit") else "a miss") + " (SS-G2)"),
        "droid_enter": lambda: f"{p('droid')} enters at entry point {d['entry']} ({at('hex')})",
        "missile_launch": lambda: f"{p('missile')} launched at {at('hex')}",
        "route_die": lambda: (f"{p('piece')} has {d['routes']} equally good routes "
                              f"({ROUTE_TIERS[int(d['tier'])] if int(d['tier']) < len(ROUTE_TIERS) else d['tier']}): "
                              "a die picks one (SS-F3)"),
        "route": route,
        "collision": lambda: (f"{p('mover')} collided with {p('other')} at {at('hex')}: "
                              + {"dead": f"{p('mover')} was destroyed", "stop": f"{p('mover')} stops there",
                                 "go": f"{p('mover')} goes on"}.get(str(d["result"]), str(d["result"])) + " (SS-E)"),
        "shield_lost": lambda: f"{p('droid')} lost a shield ({d['hits_left']} hit(s) left)",
        "destroyed": lambda: f"{p('piece')} was destroyed",
        "win": lambda: f"every enemy is gone: the station is saved (turn {d['turn']}, SS-H)",
        "loss": lambda: f"the station was destroyed (turn {d['turn']}, SS-H)",
        "unfinished": lambda: f"the game was stopped by the safety limit {d['limit']} (not by the rules)",
    }
    return event_words(say, event, viewer)


def end_reason(state: State, viewer: int | None = None) -> str:
    """Why the game ended, from the record: the station saved or destroyed."""
    for e in reversed(state.events):
        if e.kind == "win":
            return "Station saved"
        if e.kind == "loss":
            return "Station destroyed"
    return ""


def end_words(state: State, viewer: int | None = None) -> str:
    """The end of the game in words (board header, end screen, playtest record)."""
    return result_words(state, viewer, end_reason(state, viewer))
