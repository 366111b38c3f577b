"""Typed errors raised by the lab.

Every error a user can trigger with bad input is one of these, and its message names what was
wrong and what is allowed. All are ``ValueError`` subclasses except :class:`UnknownGame`, which is
also a ``KeyError`` (looking up a name that is not there).
"""

from __future__ import annotations


class LabError(Exception):
    """Base class of every error the lab raises on purpose."""

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
    """A game broke one of the engine's contracts (raised by :mod:`lab.core.conformance`)."""


def chained(err: BaseException, cause: BaseException | None) -> BaseException:
    """``err`` as ``raise err from cause`` leaves it: ``cause`` its ``__cause__`` (``None``: no
    cause shown), the context suppressed. For code compiled by mypyc (:mod:`lab.native`), which
    drops the ``from`` clause: ``raise chained(err, cause) from cause`` reads the same in both
    builds."""
    err.__cause__ = cause
    err.__suppress_context__ = True
    return err
