"""What each browser at a table receives: a function of the game, the seat and the race phase.

:func:`seat_view` is the only place a seat's frame is made, for the server and for the leak
audit alike (which rebuilds a frame's position from the journal and calls it again, on the real
state and on a twin that differs only in what the seat may not know). A frame holds
:meth:`TableSession.view_for` (the widgets' ``Session.view`` for that seat: its SVG, its legal
targets and buttons, the public status and the events it may see) and the race's offer when
its signal is out for that seat.

The designer's view (:func:`designer_view`) sees everything: every seat's board, the spectator's,
the whole event log and the game's full state (face-down tiles, hands, the deck order); it goes
only to a connection that said the designer's secret.
"""

from __future__ import annotations

import json
from typing import Any

from lab.core.state import State
from playtable.session import TableSession
from widgets._session import event_entry

READY, SLAP, DONE = "ready", "slap", "done"
DESIGNER_EVENTS = 200


def seat_view(session: TableSession, seat: int | None, phase: str = "") -> dict[str, Any]:
    """The frame of ``seat`` (``None``: spectator); ``phase`` is its part of a running race:
    ``""`` (none), ``"ready"`` (a follower waiting for a leader's slap), ``"slap"`` (its signal
    is out) or ``"done"`` (its slap is in)."""
    view = session.view_for(seat)
    view["timed"] = {}
    view["race"] = phase
    if seat is None or session.timed is None:
        return view
    if phase == SLAP:
        with session.as_seat(seat):
            offer = session.timed.offer(session) or {}
        offer.pop("node", None)
        view["timed"] = offer
    elif phase == READY:
        title = session.state.game.title or session.state.game.name
        view["status"] = (f"{title} · move {session.state.move_number()} · get ready: slap as soon as "
                          "a closer's hand lands")
    return view


def designer_view(session: TableSession) -> dict[str, Any]:
    """Every seat's board, the spectator's and the whole event log (the designer only)."""
    st: State = session.state
    seats = [session.view_for(p) for p in range(session.game.num_players())]
    return {
        "boards": [{"seat": p, "svg": v["svg"], "status": v["status"], "your_turn": v["your_turn"]}
                   for p, v in enumerate(seats)],
        "spectator": session.view_for(None),
        "events": [event_entry(e, st) for e in st.events[-DESIGNER_EVENTS:]],
        "pending": sorted(session.pending),
        "kinds": session.kinds(),
        "full_state": json.loads(json.dumps(st.full_state(), default=str)),
    }
