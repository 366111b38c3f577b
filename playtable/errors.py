"""Typed refusals: every message the server will not act on gets one line and a code.

A :class:`Refusal` is what a browser (or a bot) receives as ``{"type": "error", "code": CODE,
"message": "refused: ..."}``: the code says what kind of mistake it was (the client reacts to
codes, people read the message), the message names what was wrong and what is allowed. The
table is never changed by a refused message.
"""

from __future__ import annotations

from lab.core.errors import LabError

# code -> what it means (the README and the client's words use the same list)
CODES: dict[str, str] = {
    "bad_message": "not a JSON object of a known type with the fields that type needs",
    "too_large": "a message over the size limit",
    "rate_limited": "too many messages per second from one connection",
    "forbidden": "the secret does not open this table, seat or lobby",
    "bad_origin": "the page that opened the connection is not served by this server",
    "bad_host": "the request names a host this server does not answer to",
    "hello_first": "the first message of a connection must be its hello",
    "unknown_table": "no table with that id on this server",
    "spectator": "spectators and the designer's view watch; they cannot move",
    "stale": "the move was made on a board that has changed since (or was already played)",
    "not_your_turn": "the seat is not to act now",
    "illegal": "the move is not one of the seat's legal moves now",
    "game_over": "the game has ended",
    "seat_taken": "the seat is played by an agent now",
    "too_fast": "a reaction faster than a person can react",
    "no_race": "there is no race to slap in now",
    "unavailable": "the table cannot be played now (it could not be resumed or is closed)",
    "storage": "the server could not store the move; nothing was played",
    "bad_request": "a designer's request with a bad value",
}


class Refusal(LabError):
    """A message refused with a typed ``code`` (one of :data:`CODES`) and a one-line message."""

    def __init__(self, code: str, message: str) -> None:
        if code not in CODES:
            msg = f"unknown refusal code {code!r}"
            raise ValueError(msg)
        text = " ".join(str(message).split())  # one line, whatever was quoted
        if not text.startswith("refused"):
            text = f"refused: {text}"
        super().__init__(text[:500])
        self.code = code

    def to_json(self, ref: int | None = None) -> dict[str, object]:
        out: dict[str, object] = {"type": "error", "code": self.code, "message": str(self)}
        if ref is not None:
            out["ref"] = ref
        return out


def quoted(value: object, limit: int = 40) -> str:
    """``repr`` of untrusted input, cut and safe to encode (lone surrogates escaped)."""
    text = repr(value) if not isinstance(value, str) else repr(value[: limit + 1])
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 3] + "..."
