"""Playtest records of the games played at a table, in the lab's playtest log.

Every game that ends at a table -- finished, or abandoned (the designer closed the table or
started a rematch before the end, or nobody came back for ``abandon_after``) -- becomes one
record written by :func:`lab.sim.playtests.write_playtest`, so ``lab.playtests(log)`` reads it
as it reads the widgets' games. Besides the usual fields a table's record carries (all
optional, the format and its version unchanged):

``table``, ``game_no``, ``label``
    which table and which of its games (a rematch is the next number);
``names``
    the name each person typed, per seat (``""`` for a seat nobody named, ``null`` for agents);
``seat_kinds``
    per seat ``"human"`` or the agent's spec at the end of the game; ``seats`` keeps them as
    they were at the start (so a seat a person left to an agent counts as the person's);
``handovers``
    ``[{"seat", "step", "to"}]``: seats handed to an agent (``to`` its spec) or back (``"human"``);
``reactions``
    per race and seat: the server's reaction time in ms (``ms``, corrected for the network),
    the raw time between the signal leaving and the slap arriving (``raw_ms``), the median
    round trip used (``rtt_ms``), the browser's own measure (``client_ms``), the value on the
    action's grid that was played (``played_ms``), whether the window ran out (``timed_out``);
    agents' rows carry their model's ``played_ms``;
``abandoned``
    why an unfinished game ended (absent for a finished one);
``server``
    ``"playtable"``.

No secret is ever part of a record.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lab.sim.playtests import write_playtest
from playtable.session import TableSession
from playtable.store import Entry
from widgets._words import result_words


def decisions_of(journal: Sequence[Entry]) -> list[dict[str, Any]]:
    """The people's decisions with their thinking time, as the widgets' recorder writes them."""
    out = []
    for e in journal:
        if e.kind == "move":
            action = e.data.get("action")
            kind = action[0] if isinstance(action, list) and action else "?"
            out.append({"seat": e.seat, "step": e.step, "kind": kind,
                        "seconds": e.data.get("seconds")})
    return out


def reactions_of(journal: Sequence[Entry]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for e in journal:
        for row in e.data.get("reactions", []) if isinstance(e.data.get("reactions"), list) else []:
            rows.append(dict(row))
    return rows


def handovers_of(journal: Sequence[Entry]) -> list[dict[str, Any]]:
    return [{"seat": e.seat, "step": e.step, "to": e.data.get("to")}
            for e in journal if e.kind in ("handover", "reclaim")]


def write_table_record(log: str | Path, session: TableSession, *, table: str, label: str, game_no: int,
                       seed: int, seats_at_start: Sequence[Any], started: str, journal: Sequence[Entry],
                       names: Sequence[str], abandoned: str | None = None) -> dict[str, Any]:
    """Append the table's current game to the playtest log (its save beside it)."""
    state = session.state
    kinds = session.kinds()
    result = result_words(state) if state.is_terminal() else ""
    if not result:
        result = f"unfinished: {abandoned or 'left'}"
    extra: dict[str, Any] = {
        "server": "playtable",
        "table": table,
        "game_no": int(game_no),
        "label": label,
        "names": [names[p] if kinds[p] == "human" or seats_at_start[p] == "human" else None
                  for p in range(len(kinds))],
        "seat_kinds": kinds,
        "handovers": handovers_of(journal),
        "reactions": reactions_of(journal),
    }
    if abandoned is not None and not state.is_terminal():
        extra["abandoned"] = abandoned
    return write_playtest(log, state, seed=seed, seats=[s if s == "human" else dict(s) for s in seats_at_start],
                          started=started, decisions=decisions_of(journal), result=result, extra=extra)


def find_record(log: str | Path, table: str, game_no: int) -> str | None:
    """The id of the record of game ``game_no`` of ``table`` in ``log`` (None: not written yet).

    Used after a restart: a game that ended just before the server was killed may or may not
    have its record; it is written exactly once.
    """
    log = Path(log)
    if not log.is_file():
        return None
    needle = f'"table": {json.dumps(table)}'
    with log.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if needle not in line:
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if isinstance(rec, Mapping) and rec.get("table") == table and rec.get("game_no") == game_no:
                return str(rec.get("id"))
    return None
