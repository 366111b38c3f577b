"""Typed errors raised by the lab.

Every error a user can trigger with bad input is one of these, and its message names what was
wrong and what is allowed. All are ``ValueError`` subclasses except :class:`UnknownGame`, which is
also a ``KeyError`` (looking up a name that is not there).
"""

from __future__ import annotations

import reprlib
from typing import Any

MAX_MESSAGE = 900
"""Longest message of a :class:`LabError` (a longer one is cut in the middle): a message names
what was wrong, it does not echo a whole hostile input. Quoted input is cut far shorter by
:func:`quoted`; this is the net under every message."""


def escaped(text: str) -> str:
    """``text`` with every lone surrogate written as ``\\udcxx``: a message that quotes input
    (a file name read with ``surrogateescape``, a string from JSON's ``\\ud800``) can then be
    encoded as UTF-8, sent to a browser or written to a log."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def cut(text: str, limit: int) -> str:
    """``text`` if at most ``limit`` characters, else its start and end around ``[...]``."""
    if len(text) <= limit:
        return text
    keep = max(limit - 5, 2)
    head = keep * 2 // 3
    return f"{text[:head]}[...]{text[len(text) - (keep - head):]}"


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 200
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 8
_REPR.maxlevel = 4


def quoted(value: Any, limit: int = 60, *, text: bool = False) -> str:
    """``value`` as it may appear in a message: ``repr`` (``str`` with ``text=True``), cut to
    ``limit`` characters and with lone surrogates escaped. Bounded in time and memory whatever
    the value: a long string is cut before it is quoted, a deep or huge container is described
    by :mod:`reprlib`, an integer of thousands of digits by its number of digits. Every message
    that quotes input uses this (one helper: the rules are the same everywhere)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
    try:
        if isinstance(value, str):
            shown = value[: limit + 1] if text else repr(value[: limit + 1])
        elif text and not isinstance(value, list | tuple | dict | set | frozenset):
            shown = str(value)[: limit + 1]
        else:
            shown = _REPR.repr(value)
    except Exception:  # a hostile __repr__ / __str__: say what it is
        shown = f"<a {type(value).__name__}>"
    return escaped(cut(shown, limit))


class LabError(Exception):
    """Base class of every error the lab raises on purpose.

    Its message is made safe once, here: lone surrogates escaped (:func:`escaped`) and cut to
    :attr:`max_message` characters (:func:`cut`)."""

    max_message = MAX_MESSAGE

    def __init__(self, *args: Any) -> None:
        if args and isinstance(args[0], str):
            args = (cut(escaped(args[0]), self.max_message), *args[1:])
        super().__init__(*args)

    def __str__(self) -> str:  # KeyError quotes its message; keep plain text for all errors
        return str(self.args[0]) if self.args else ""


class UnknownGame(LabError, KeyError):
    """A game name that is not in the registry."""


class InvalidVariant(LabError, ValueError):
    """A parameter (variant) that is unknown, of the wrong type, out of range or inconsistent."""


class IllegalAction(LabError, ValueError):
    """An action that is not legal in the current state. The state is left unchanged."""


class InvalidSave(LabError, ValueError):
    """A saved game that is malformed, truncated, tampered with or of another format version."""


class InvalidAgent(LabError, ValueError):
    """An agent specification that names no known agent or carries bad settings."""


class InvalidRecord(LabError, ValueError):
    """A run record (``df.attrs["record"]``) that is malformed or misses a field a rerun needs."""


class InvalidStorage(LabError, ValueError):
    """A study storage (``lab.tune(storage=...)``) that cannot hold the study: not a database,
    damaged, locked, in a missing folder, without its driver, or holding another study under
    the same name."""


class RuleError(LabError, ValueError):
    """A house rule (a designer's function at a rule point) failed while the game played.

    Raised for an exception inside the function, a result of the wrong type or an attempt to
    change its read-only inputs. The message names the rule point, its clause and (when it
    happened while applying an action) the move; the state is left as it was before the move.
    ``rule``, ``clause`` and ``move`` hold the same as attributes.
    """

    def __init__(self, message: str, *, rule: str = "", clause: str = "", move: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.clause = clause
        self.move = move


class InvalidGame(LabError, ValueError):
    """A game definition or registration that is incomplete or inconsistent (names the part)."""


class ConformanceError(LabError, AssertionError):
    """A game broke one of the engine's contracts (raised by :mod:`lab.checks.conformance`)."""

    max_message = 20_000  # a contract's report may quote two states side by side


def chained(err: BaseException, cause: BaseException | None) -> BaseException:
    """``err`` as ``raise err from cause`` leaves it: ``cause`` its ``__cause__`` (``None``: no
    cause shown), the context suppressed. For code compiled by mypyc (:mod:`lab.native`), which
    drops the ``from`` clause: ``raise chained(err, cause) from cause`` reads the same in both
    builds."""
    err.__cause__ = cause
    err.__suppress_context__ = True
    return err
