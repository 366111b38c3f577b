"""The playtest recorder: every game a person plays in a Play widget or the app, appended to a log.

Attached to a :class:`~widgets._session.Session`, it times each human decision (from the moment
the seat could act to the move), and when the game ends -- or is left unfinished for a new one
-- writes it with :func:`lab.sim.playtests.write_playtest`: one JSON line (seats, agents,
variant, seed, timings, the result in words) and the replayable save beside the log, on the
kernel's side only. ``lab.playtests(log)`` reads them back as a table.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lab.core.actions import Action
from lab.sim.playtests import HUMAN, now, write_playtest
from widgets._words import result_words

if TYPE_CHECKING:
    from widgets._session import Session


class PlaytestRecorder:
    """Records the games of the sessions it is attached to into the log at ``path``."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.written: list[dict[str, Any]] = []  # the records written (tests, notebooks)
        self._reset(-1)

    def _reset(self, version: int) -> None:
        self.started = now()
        self.decisions: list[dict[str, Any]] = []
        self.offered: dict[int, float] = {}
        self.done = False
        self.version = version

    def attach(self, session: Session) -> None:
        """Follow ``session`` from its current game on."""
        session.recorder = self
        self._reset(session.version)
        self.touched(session)

    def touched(self, session: Session) -> None:
        """The session changed: start the clocks of newly offered seats, write a finished game."""
        t = time.monotonic()
        for seat in session.human_to_act():
            self.offered.setdefault(seat, t)
        if session.state.is_terminal() and not self.done:
            self.flush(session)

    def decision(self, session: Session, seat: int, action: Action) -> None:
        """A human seat moved: keep how long it took."""
        started = self.offered.pop(seat, time.monotonic())
        self.decisions.append({
            "seat": seat, "step": session.state.move_number(), "kind": action.kind,
            "seconds": round(time.monotonic() - started, 3),
        })

    def flush(self, session: Session) -> dict[str, Any] | None:
        """Write the current game (finished or not) if a person made a move in it."""
        if self.done or not self.decisions:
            return None
        self.done = True
        seats = [HUMAN if p in session.humans else session.agents[p].spec() if p in session.agents
                 else {"name": "external"} for p in range(session.game.num_players())]
        record = write_playtest(self.path, session.state, seed=session.seed, seats=seats,
                                started=self.started, decisions=self.decisions,
                                result=result_words(session.state) or "unfinished: left for a new game")
        self.written.append(record)
        return record

    def new_game(self, session: Session) -> None:
        """The session starts again: the game being left is written as unfinished."""
        self.flush(session)
        self._reset(session.version)
