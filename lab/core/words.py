"""What a game's end and its record say, in words for people (never "returns").

The words are derived, never written per screen: :func:`outcome` reads ``state.returns()``,
``state.winners()`` and the safety limit that stopped a game (``state.stopped_by``) and sorts the
seats into winners, losers and the rest; :func:`outcome_words` says that in one sentence, with the
game's own reason (a game's words module, e.g. :mod:`lab.games.memm.words`, reads it from the
record's end event) in front. Every board header, end screen and playtest record uses this one
function, so a board never says "a draw" while the record has a loser.

- winners: ``state.winners()`` (the game's own rule; the default is the best returns).
- losers: the seats with the lowest return, when it is below the others' (``[0, 0, -1]``: seat 2
  lost even though nobody won, memm's blocked end).
- the rest neither won nor lost (memm's seats between the first out and the losers).

:func:`data_words` turns an event's data into words when a game has no words for that event
(``lost 12, player 0``), never ``key=value``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lab.core.state import State


@dataclass(frozen=True)
class Outcome:
    """The end of a game as the returns and the record give it."""

    players: int
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    others: tuple[int, ...]
    unfinished: str | None = None  # the safety limit that stopped the game, if one did

    @property
    def draw(self) -> bool:
        """Nobody won and nobody lost (every return equal)."""
        return self.unfinished is None and not self.winners and not self.losers


def seat_name(p: int, viewer: int | None = None) -> str:
    """``"you (player 0)"`` for the viewer, ``"player 2"`` otherwise."""
    return f"you (player {p})" if p == viewer else f"player {p}"


def join_names(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    names = list(names)
    if not names:
        return ""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def seats_words(seats: Sequence[int], viewer: int | None = None) -> str:
    """``"player 0 and you (player 2)"``."""
    return join_names([seat_name(p, viewer) for p in seats])


def outcome(state: State) -> Outcome | None:
    """The winners, losers and the rest of a finished game (``None`` while it runs)."""
    if not state.is_terminal():
        return None
    returns = [float(v) for v in state.returns()]
    n = len(returns)
    if state.stopped_by is not None:
        return Outcome(n, (), (), tuple(range(n)), state.stopped_by)
    winners = tuple(sorted(state.winners()))
    if n == 1:
        lost = () if winners or returns[0] >= 0 else (0,)
        return Outcome(1, winners, lost, tuple(p for p in (0,) if p not in winners and p not in lost))
    low, high = min(returns), max(returns)
    losers = tuple(p for p, v in enumerate(returns) if v == low and p not in winners) if low < high else ()
    others = tuple(p for p in range(n) if p not in winners and p not in losers)
    return Outcome(n, winners, losers, others)


def outcome_words(result: Outcome, viewer: int | None = None, reason: str = "") -> str:
    """One sentence: the reason (if any), then who won, who lost and who did neither."""
    head = f"{reason}: " if reason else ""
    if result.unfinished is not None:
        return f"unfinished: stopped by the safety limit {result.unfinished}, nobody won"
    if result.players == 1:
        if result.winners:
            return f"{head}{seat_name(0, viewer)} won"
        if result.losers:
            return f"{head}{seat_name(0, viewer)} lost"
        return f"{head}no result: {seat_name(0, viewer)} neither won nor lost"
    if result.draw:
        return f"{head}a draw: nobody won or lost"
    parts = []
    if result.winners:
        verb = "won" if len(result.winners) == 1 else "share the win"
        parts.append(f"{seats_words(result.winners, viewer)} {verb}")
    else:
        parts.append("nobody won")
    if result.losers:
        parts.append(f"{seats_words(result.losers, viewer)} lost")
    if result.others:
        parts.append(f"{seats_words(result.others, viewer)} neither won nor lost")
    return head + "; ".join(parts)


def result_words(state: State, viewer: int | None = None, reason: str = "") -> str:
    """The result of a finished game in words (``""`` while it is still running)."""
    result = outcome(state)
    return "" if result is None else outcome_words(result, viewer, reason)


def value_words(value: Any) -> str:
    """A value of an event in words: lists joined, ``None`` as "none", no JSON brackets."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, Mapping):
        return ", ".join(f"{value_words(k)} {value_words(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list | tuple):
        return join_names([value_words(v) for v in value]) or "none"
    if isinstance(value, float):
        return f"{value:g}"
    return json.dumps(value, default=str) if not isinstance(value, int) else str(value)


def data_words(data: Mapping[str, Any], viewer: int | None = None) -> str:
    """An event's data as words (``player 0, lost 12``): the fallback for an event a game has no
    words for. Seats are named as :func:`seat_name` names them."""
    parts = []
    for key, value in data.items():
        if key == "player" and isinstance(value, int):
            parts.append(seat_name(value, viewer))
        elif key == "players" and isinstance(value, list | tuple) and all(isinstance(v, int) for v in value):
            parts.append(seats_words(value, viewer))
        else:
            parts.append(f"{key.replace('_', ' ')} {value_words(value)}")
    return ", ".join(parts)


def kind_words(kind: str) -> str:
    """An event kind as words: ``hands_on_deck`` -> ``hands on deck``."""
    return kind.replace("_", " ")


def event_words(say: Mapping[str, Callable[[], str]], event: Any, viewer: int | None = None) -> str:
    """A logged event in words: a game's own words for its kind (``say``: kind -> a function
    saying it), or, for a kind the game has no words for, the kind and :func:`data_words`."""
    if event.kind in say:
        return say[event.kind]()
    return f"{kind_words(event.kind)}: {data_words(event.data, viewer)}"
