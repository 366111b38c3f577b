"""The leak audit of a playtest table: every websocket frame a viewer received, replayed and compared.

The same method as the widget leak tests (``tests/test_widgets_leaks.py``), over the wire:

* every frame (views, acknowledgements, errors, seat lists, notes) is searched for the secrets
  the game's probe derives from the full state at the frame's position for that viewer
  (face-down tiles, other hands, the deck order) and for the private fields of events that
  viewer may not see;
* every view frame is rebuilt: the game is replayed from its seed and the journal the server
  stored up to the frame's position (``at`` = game number, journal entries applied, move
  number) and :func:`playtable.views.seat_view` computes the view again; the frame must be
  exactly that view (so no field was added on the way), and the view computed on a *twin* of
  the position, which differs only in what the viewer may not know, must be the same too
  (non-interference).

A planted leak (an extra field, another seat's cards in the SVG) must be found, so the audit
can fail: ``tests/test_playtable.py`` plants some.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import lab
from playtable.session import TableSession, advance_to, apply_entry
from playtable.store import Entry, Store
from playtable.views import seat_view
from tests.tools.probes import find_leaks, private_event_leaks, probe, strings_in

ENVELOPE = ("type", "token", "at", "broken", "table_status")  # the frame's own fields, not the view's


@dataclass
class AuditReport:
    frames: int = 0  # frames searched for secrets
    views: int = 0  # view frames rebuilt and compared with their replay
    twins: int = 0  # twins that differed from the real position (the comparison proved something)
    secrets: int = 0  # secrets searched for, summed over frames
    problems: list[str] = field(default_factory=list)

    def add(self, other: AuditReport) -> None:
        self.frames += other.frames
        self.views += other.views
        self.twins += other.twins
        self.secrets += other.secrets
        self.problems += other.problems




class Replayer:
    """Walks one game forward through the positions of its frames (in order)."""

    def __init__(self, game: lab.Game, seats: list[Any], seed: int, journal: list[Entry]) -> None:
        self.args = (game, seats, seed)
        self.journal = journal
        self._restart()

    def _restart(self) -> None:
        game, seats, seed = self.args
        self.session = TableSession(game, seats, seed)
        self.n = 0

    def at(self, n: int, step: int) -> TableSession:
        if n < self.n or (n == self.n and step < self.session.state.move_number()):
            self._restart()
        while self.n < n:
            e = self.journal[self.n]
            apply_entry(self.session, e.kind, e.seat, e.step, e.data)
            self.n += 1
        self.session.drain()
        advance_to(self.session, step)
        self.session._choices.clear()  # noqa: SLF001 - each frame's selection is rebuilt from the frame
        return self.session


def frame_view(session: TableSession, viewer: int | None, frame: Mapping[str, Any]) -> dict[str, Any]:
    """The view :func:`seat_view` gives at the replayed position, with the frame's selection."""
    chosen = list(frame.get("chosen", []))
    session._choices.clear()  # noqa: SLF001 - the frame's own selection, made again below
    if chosen and viewer is not None:
        with session.as_seat(viewer):
            for target in chosen:
                session.click(viewer, target, session.version)
    return seat_view(session, viewer, str(frame.get("race", "")))


def _twin_view(session: TableSession, viewer: int | None, frame: Mapping[str, Any], twin_state: Any) -> dict[str, Any]:
    real = session.state
    session.state, session._options_cache = twin_state, None  # noqa: SLF001
    try:
        return frame_view(session, viewer, frame)
    finally:
        session.state, session._options_cache = real, None  # noqa: SLF001


def audit_frames(db: str | Path, table_id: str, frames: Mapping[int | None, Iterable[Mapping[str, Any]]],
                 *, seed: int = 0) -> AuditReport:
    """Audit every frame each viewer (a seat, or ``None`` for the spectator) received."""
    store = Store(db)
    try:
        row = store.load(table_id, journal=False)
        journals = {g.game_no: store.journal(table_id, g.game_no) for g in row.games}
    finally:
        store.close()
    game = lab.load(row.game, **row.params)
    p = probe(row.game)
    rng = np.random.default_rng(seed)
    report = AuditReport()
    games = {g.game_no: g for g in row.games}
    for viewer, viewer_frames in frames.items():
        replayers: dict[int, Replayer] = {}
        position: tuple[int, int, int] | None = None
        for frame in viewer_frames:
            if frame.get("type") == "ping":
                continue
            at = frame.get("at")
            if frame.get("type") == "view":
                position = (int(at[0]), int(at[1]), int(at[2]))
            if position is None:
                continue  # a frame before the first view (the welcome): nothing of the game in it
            g, n, step = position
            if g not in replayers:
                info = games[g]
                replayers[g] = Replayer(game, info.seats, info.seed, journals[g])
            session = replayers[g].at(n, step)
            state = session.state
            where = f"viewer {viewer}, game {g}, move {step}, {frame.get('type')} frame"
            secrets = p.secrets(state, viewer)
            report.frames += 1
            report.secrets += len(secrets)
            found = find_leaks(json.loads(json.dumps(frame)), secrets)
            for text in strings_in(frame):
                found += find_leaks(text, secrets)
            found += private_event_leaks(state, viewer, [frame])
            report.problems += [f"{where}: {m}" for m in found]
            if frame.get("type") != "view":
                continue
            report.views += 1
            shown = {k: v for k, v in frame.items() if k not in ENVELOPE}
            expected = json.loads(json.dumps(frame_view(session, viewer, frame)))
            if shown != expected:
                diff = sorted(k for k in set(shown) | set(expected) if shown.get(k) != expected.get(k))
                report.problems.append(f"{where}: the frame is not the view of its position (fields {diff})")
                continue
            if p.twin is not None and (twin := p.twin(state, viewer, rng)) is not None:
                report.twins += twin.full_state() != state.full_state()
                other = json.loads(json.dumps(_twin_view(session, viewer, frame, twin)))
                diff = sorted(k for k in expected if expected[k] != other.get(k))
                if diff:
                    report.problems.append(f"{where}: the view changes with hidden facts: {diff}")
    return report
