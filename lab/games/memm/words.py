"""memm in words: the names of cells, cubes and faces, and every event the game logs.

One vocabulary for the board and the log: :func:`cell_name` names a lattice cell as the 2D
board's ghost markers and the 3D view do, :func:`faces_words` the faces a placed cube shows.
:func:`describe_event` says each event kind from the event's data and the game's fixed cube
tables; :func:`end_reason` reads the end from the record (``end``, ``blocked``, ``stuck_ends``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lab.core.state import State
from lab.core.words import event_words, result_words, seat_name, seats_words
from lab.games.memm.components import COLOURS

KINDS = (
    "blocked", "centre", "column", "deal", "decline", "end", "give", "keep", "may_give", "out", "pass",
    "place", "repeat", "roll", "round_complete", "run_limit", "stuck_ends",
)
FACE_WORDS = ((4, "top"), (0, "+x"), (1, "-x"), (2, "+y"), (3, "-y"), (5, "bottom"))


def cell_name(cell: Sequence[int]) -> str:
    """``"cell (0, 1, 0)"``."""
    return "cell (" + ", ".join(str(int(v)) for v in cell) + ")"


def faces_words(world: Sequence[int]) -> str:
    """``"top red, +x blue, ..."``: the colour of every face of an oriented cube."""
    return ", ".join(f"{name} {COLOURS[world[f]]}" for f, name in FACE_WORDS)


def oriented_faces(game: Any, cube: int, rotation: int) -> Sequence[int] | None:
    """The face colours of ``cube`` turned by ``rotation`` (``None`` if not a known rotation)."""
    table = game.cubes
    k = table.rep_index[int(cube)].get(int(rotation))
    return None if k is None else table.orientations[int(cube)][k][1]


def describe_event(game: Any, event: Any, viewer: int | None = None) -> str:
    """One logged event in a sentence (``viewer``: the seat reading it, named "you")."""
    d: Mapping[str, Any] = event.data
    who = seat_name(d["player"], viewer) if isinstance(d.get("player"), int) else ""

    def place() -> str:
        world = oriented_faces(game, d["cube"], d["rotation"])
        faces = "" if world is None else f": {faces_words(world)}"
        joined = int(d.get("joined") or 0)
        touch = f"; it touches {joined} face{'s' if joined != 1 else ''}" if joined else ""
        where = "(" + ", ".join(str(int(v)) for v in d["cell"]) + ")"  # cell_name without "cell"
        return f"{who} placed cube {d['cube']} at {where}{faces}{touch}"

    def end() -> str:
        losers = list(d.get("losers") or [])
        winner = d.get("winner")
        head = "the game is over (blocked)" if d.get("blocked") else "the game is over"
        won = f"{seat_name(winner, viewer)} won" if isinstance(winner, int) else "nobody won"
        lost = f"; {seats_words(losers, viewer)} lost" if losers else ""
        return f"{head}: {won}{lost} (MM-5)"

    say: dict[str, Callable[[], str]] = {
        "deal": lambda: f"cube {d['cube']} was dealt to {who}",
        "roll": lambda: f"the colour die shows {d['colour']}: {who} holds the centre cube {d['cube']} and starts",
        "centre": lambda: f"{who} put cube {d['cube']} in the centre",
        "place": place,
        "repeat": lambda: f"{who} joined {d['joined']} faces at once: {who} places again (MM-3)",
        "decline": lambda: f"{who} declined the extra placement (MM-3)",
        "give": lambda: f"{who} gave cube {d['cube']} to {seat_name(d['to'], viewer)} (MM-3)",
        "keep": lambda: f"{who} gave no more cubes ({d.get('declined', 0)} gift(s) left unused)",
        "may_give": lambda: f"{who} may give up to {d['count']} cube(s) to other players (MM-3)",
        "column": lambda: f"the next cube must touch the column at {tuple(d['column'])} (MM-4.2)",
        "run_limit": lambda: f"no more placements in a row toward {d['direction']} (MM-4.1)",
        "pass": lambda: f"{who} could not place a cube and passed (AMB-MM-5)",
        "stuck_ends": lambda: f"{who} could not place a cube: the game ends (AMB-MM-5, no_move='end')",
        "blocked": lambda: f"blocked: nobody could place for {d['passes']} passes in a row (AMB-MM-5)",
        "out": lambda: f"{who} placed their last cube: out first (MM-5)",
        "round_complete": lambda: f"the round is complete ({who} played last)",
        "end": end,
    }
    return event_words(say, event, viewer)


def end_reason(state: State, viewer: int | None = None) -> str:
    """Why the game ended, from the record: blocked, a player stuck, or the first out."""
    kinds = {e.kind: e for e in state.events if e.kind in ("blocked", "stuck_ends", "out", "end")}
    if "stuck_ends" in kinds:
        return f"{seat_name(kinds['stuck_ends'].data['player'], viewer)} could not place a cube (no_move='end')"
    if "blocked" in kinds or ("end" in kinds and kinds["end"].data.get("blocked")):
        return "blocked: nobody could place a cube"
    if "out" in kinds:
        return f"{seat_name(kinds['out'].data['player'], viewer)} placed every cube first"
    return ""


def end_words(state: State, viewer: int | None = None) -> str:
    """The end of the game in words (board header, end screen, playtest record)."""
    return result_words(state, viewer, end_reason(state, viewer))
