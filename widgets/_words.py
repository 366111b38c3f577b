"""Results in plain words for people: who won, who lost, unfinished and why (never "returns").

A game may say it better itself with an optional ``state.result_text(viewer)``; otherwise the
words come from ``winners()`` and ``returns()``: one player games are won or lost, several
players have winners, a shared win or a draw, and a game a safety limit stopped
(``state.stopped_by``, or the move limit) is unfinished, with the limit named.
"""

from __future__ import annotations

from lab.core.state import State


def seat_name(p: int, viewer: int | None = None) -> str:
    """``"you (player 0)"`` for the viewer, ``"player 2"`` otherwise."""
    return f"you (player {p})" if p == viewer else f"player {p}"


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def result_words(state: State, viewer: int | None = None) -> str:
    """The result of a finished game in words (``""`` while it is still running)."""
    if not state.is_terminal():
        return ""
    if state.stopped_by is not None:
        return f"unfinished: stopped by the safety limit {state.stopped_by}, nobody won"
    own = getattr(state, "result_text", None)
    if callable(own):
        text = own(viewer)
        if text:
            return str(text)
    returns = state.returns()
    winners = state.winners()
    limit = state.move_number() >= state.game.max_game_length()
    n = len(returns)
    if n == 1:
        if returns[0] > 0:
            return f"{seat_name(0, viewer)} won"
        if returns[0] < 0:
            return f"{seat_name(0, viewer)} lost"
        return "unfinished: the move limit was reached" if limit else "no winner"
    if winners:
        names = [seat_name(p, viewer) for p in winners]
        verb = "won" if len(names) == 1 else "share the win"
        losers = [seat_name(p, viewer) for p in range(n) if p not in winners]
        tail = f"; {_join(losers)} lost" if losers and n > 2 else ""
        return f"{_join(names)} {verb}{tail}"
    if limit:
        return "unfinished: the move limit was reached, nobody won"
    return "a draw: nobody won"
