"""Playtest records: games people played in a widget or the app, as a table like ``lab.simulate``'s.

The widgets append one JSON line per game to a playtest log when it ends (or is left unfinished
for a new one)::

    {"format": "rules-lab/playtest", "version": 1, "id": "...", "game": "memcel",
     "params": {...}, "seed": 3, "seats": ["human", {"name": "random"}], "humans": [0],
     "started": "2026-...Z", "ended": "...", "finished": true, "moves": 212,
     "result": "you (player 0) won", "decisions": [{"seat": 0, "step": 8, "kind": "place",
     "seconds": 2.41}, ...], "save": "saves/<id>.json"}

The replayable save (the whole history, deck order and other seats' hands included) is a file
beside the log on the server (``save``, relative to the log's folder); it never goes to a
browser. :func:`playtests` replays every save and returns one row per game with the same
columns as :func:`lab.simulate` (``agents`` reads ``human|random``), so human play can be set
against simulated play: :func:`simulated_twin` plays the same variants on the same seeds with
agents in the human seats, and ``lab.stats.compare.compare_frames(twin, human)`` compares them
game by game. Per-decision timings and the seats are in ``df.attrs["playtests"]``.
"""

from __future__ import annotations

import json
import uuid
import warnings
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd

from lab.core.errors import InvalidSave, LabError, cut, escaped, quoted
from lab.core.files import append_line, check_regular, loads_bounded, read_bounded, write_atomic
from lab.core.registry import load
from lab.core.save import state_from_json
from lab.core.save_write import MAX_BYTES
from lab.core.state import SIMULTANEOUS, State
from lab.sim.simulate import LeadTracker, agent_label, game_row, state_row, variant_label

PLAYTEST_FORMAT = "rules-lab/playtest"
PLAYTEST_VERSION = 1
HUMAN = "human"
MAX_LINE = 1_000_000  # a log line holds timings, not the game: a longer one is not ours
MAX_GAMES = 100_000
MAX_DEPTH = 32  # nesting of a record (a seat's agent settings, a decision's fields)
MAX_SEED = 2**128 - 1
MAX_SEATS = 64
ON_ERROR = ("raise", "skip")
REQUIRED = {"game": "a game name", "params": "an object", "seed": "a whole number 0..2**128-1",
            "seats": "a list with one entry per seat", "save": "a file name"}
"""The fields every record has, checked on reading. Any other field is optional: the ones the
lab writes (``version``, ``id``, ``humans``, ``started``, ``ended``, ``finished``, ``moves``,
``result``, ``decisions``) are checked when present, and a field the lab does not know (a
newer writer's, e.g. a playtest server's names of the people at the table) is kept as it is in
``df.attrs["playtests"]``: the extension point of the format."""


def now() -> str:
    """UTC time stamp of a record."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def write_playtest(
    log: str | Path,
    state: State,
    *,
    seed: int,
    seats: Sequence[Any],
    started: str,
    decisions: Sequence[Mapping[str, Any]],
    result: str = "",
    extra: Mapping[str, Any] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """Append one game to the playtest log ``log``; its save goes to ``saves/`` beside it.

    ``extra`` (a mapping) and ``fields`` (keywords): optional fields of the record beside the
    ones above (the playtest server's ``table``, ``names``, ``seat_kinds``, ``reactions`` ...),
    JSON values added as they are; they never replace one of the record's own (a
    :class:`ValueError`), and readers that do not know them keep them in ``df.attrs["playtests"]``
    (see :data:`REQUIRED` for what a reader checks).

    Both are written whole or not at all (:mod:`lab.core.files`): the save first, to a
    temporary file renamed into place, then the log, rewritten with the new line under a lock
    and renamed, so a log line never names a save that is not there and a crash never leaves
    half a line.
    """
    log = Path(log)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number 0..2**128-1, not {quoted(seed)}")
    if len(seats) != state.game.num_players():
        raise ValueError(f"seats must hold one entry per seat ({state.game.num_players()}), not {len(seats)}")
    extra = {**(extra or {}), **fields}
    clash = sorted(set(extra) & {"format", "version", "id", "game", "params", "seed", "seats", "humans", "started",
                                 "ended", "finished", "moves", "result", "decisions", "save"})
    if clash:
        raise ValueError(f"extra fields must not replace the record's own: {', '.join(clash)}")
    game_id = uuid.uuid4().hex[:16]
    save_rel = Path("saves") / f"{state.game.name}-{game_id}.json"
    (log.parent / save_rel).parent.mkdir(parents=True, exist_ok=True)
    write_atomic(log.parent / save_rel, state.to_json())
    record = {
        "format": PLAYTEST_FORMAT,
        "version": PLAYTEST_VERSION,
        "id": game_id,
        "game": state.game.name,
        "params": state.game.params_to_dict(),
        "seed": int(seed),
        "seats": [s if s == HUMAN else dict(s) for s in seats],
        "humans": [p for p, s in enumerate(seats) if s == HUMAN],
        "started": started,
        "ended": now(),
        "finished": state.is_terminal(),
        "moves": state.move_number(),
        "result": result,
        "decisions": [dict(d) for d in decisions],
        "save": save_rel.as_posix(),
        **extra,
    }
    line = json.dumps(record, sort_keys=True, allow_nan=False)
    if len(line.encode("utf-8")) > MAX_LINE:
        raise ValueError(f"this playtest record is {len(line):,} characters; a log line holds at most {MAX_LINE:,}")
    append_line(log, line)
    return record


class _BadLine(Exception):
    """A line of a playtest log that is not a record (its message says why)."""


def _fail(msg: str) -> _BadLine:
    return _BadLine(msg.replace("not valid JSON", "not JSON", 1))


def _check_record(rec: Any) -> dict[str, Any]:
    """A decoded line as a record, or :class:`_BadLine` naming the first wrong field."""
    if not isinstance(rec, dict) or rec.get("format") != PLAYTEST_FORMAT:
        raise _BadLine(f"not a playtest record (format {PLAYTEST_FORMAT!r} expected)")
    missing = [k for k in REQUIRED if k not in rec]
    if missing:
        raise _BadLine(
            f"a playtest record needs game, params (an object), seed, seats (a list) and save; missing {', '.join(missing)}"
        )
    game, params, seed, seats, save = (rec[k] for k in REQUIRED)
    if not isinstance(game, str) or not game.isidentifier() or len(game) > 100:
        raise _BadLine(f"game must be a game name, not {quoted(game)}")
    if not isinstance(params, dict):
        raise _BadLine(f"params must be an object, not {type(params).__name__}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise _BadLine(f"seed must be a whole number 0..2**128-1, not {quoted(seed)}")
    if not isinstance(seats, list) or len(seats) > MAX_SEATS or not all(
        s == HUMAN or (isinstance(s, dict) and isinstance(s.get("name"), str)) for s in seats
    ):
        raise _BadLine(f"seats must be a list of at most {MAX_SEATS} entries, each \"human\" or an agent spec, not {quoted(seats)}")
    if not isinstance(save, str) or not save or len(save) > 1000:
        raise _BadLine(f"save must be the file name of the game's save, not {quoted(save)}")
    optional: dict[str, tuple[type | tuple[type, ...], str]] = {
        "version": (int, "a whole number"), "id": (str, "a string"), "started": (str, "a time stamp"),
        "ended": (str, "a time stamp"), "finished": (bool, "true or false"), "moves": (int, "a whole number"),
        "result": (str, "a string"), "decisions": (list, "a list"), "humans": (list, "a list of seats"),
    }
    for key, (kind, word) in optional.items():
        value = rec.get(key)
        if value is not None and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
            raise _BadLine(f"{key} must be {word}, not {quoted(value)}")
    if isinstance(rec.get("version"), int) and not 1 <= rec["version"] <= PLAYTEST_VERSION:
        raise _BadLine(f"version {rec['version']} is not one this lab reads (1..{PLAYTEST_VERSION})")
    return rec


def _lines(path: Path) -> Iterator[tuple[int, bytes | None, str | None]]:
    """``(line number, raw line or None, problem or None)`` of a log, each line read within
    :data:`MAX_LINE` bytes (a longer one is skipped in blocks and reported, never held)."""
    with open(path, "rb") as f:
        number = 0
        while True:
            raw = f.readline(MAX_LINE + 1)
            if not raw:
                return
            number += 1
            if len(raw) > MAX_LINE:
                while True:  # the rest of the line, in blocks
                    rest = f.readline(1 << 20)
                    if not rest or rest.endswith(b"\n"):
                        break
                yield number, None, f"longer than {MAX_LINE:,} bytes: not a playtest record"
                continue
            yield number, raw, None


def _parse_line(raw: bytes) -> dict[str, Any] | None:
    """The record of one line (``None`` for a blank line), or :class:`_BadLine`."""
    if not raw.strip():
        return None
    try:
        rec = loads_bounded(raw, _fail, limit=MAX_LINE, depth=MAX_DEPTH)
    except _BadLine as exc:
        if not raw.endswith(b"\n"):  # the last line, without its end: torn
            raise _BadLine(f"cut short (a write interrupted?): {exc}") from None
        raise
    return _check_record(rec)


def read_records(path: str | Path, *, on_error: str = "raise", skipped: list[dict[str, Any]] | None = None) -> list[tuple[int, dict[str, Any]]]:
    """The records of a playtest log with their line numbers, read within bounds.

    Parameters
    ----------
    path : str or Path
        The log: a regular file (a folder, a device such as ``/dev/zero`` or a pipe is
        refused), read line by line, each line at most :data:`MAX_LINE` bytes.
    on_error : {"raise", "skip"}
        A bad line (not UTF-8, not JSON, nested too deeply, a key twice, not a record, a field
        of the wrong type) raises :class:`~lab.InvalidSave` naming the file and the line
        (default), or is skipped: then ``skipped`` gets ``{"line": n, "problem": ...}``.
    """
    if on_error not in ON_ERROR:
        raise ValueError(f"on_error must be one of {ON_ERROR}, not {quoted(on_error)}")
    log = check_regular(path, "the playtest log", InvalidSave)
    shown = quoted(str(log), 160, text=True)
    records: list[tuple[int, dict[str, Any]]] = []
    for number, raw, problem in _lines(log):
        if problem is None and raw is not None:
            try:
                rec = _parse_line(raw)
            except _BadLine as exc:
                problem = str(exc)
            else:
                if rec is None:
                    continue
                if len(records) >= MAX_GAMES:
                    raise InvalidSave(f"{shown}, line {number}: a playtest log holds at most {MAX_GAMES:,} games")
                records.append((number, rec))
                continue
        problem = escaped(cut(problem or "unreadable", 400))
        if on_error == "raise":
            raise InvalidSave(f"{shown}, line {number}: {problem}")
        if skipped is not None:
            skipped.append({"line": number, "problem": problem})
    return records


def _save_path(log: Path, rec: Mapping[str, Any]) -> Path:
    """The record's save, which must lie inside the log's folder."""
    root = log.parent.resolve()
    save = (root / str(rec["save"])).resolve()
    if root not in save.parents:
        msg = f"playtest {quoted(rec.get('id', '?'), 40, text=True)}: its save {quoted(rec['save'], 120)} lies outside {root}"
        raise InvalidSave(msg)
    return save


def _replayed(state: State) -> tuple[State, LeadTracker]:
    """Play the saved history again step by step, following the lead as simulate does."""
    tracker = LeadTracker(state.game.num_players())
    again = state.game.new_initial_state()
    for item in state.history():
        if item.player == SIMULTANEOUS:
            again.apply_actions({p: a for p, a in enumerate(item.action) if a is not None})
        else:
            again.apply_action(item.action)
        tracker(again)
    return again, tracker


def _agents_text(seats: Sequence[Any]) -> str:
    return "|".join(HUMAN if s == HUMAN else agent_label(s) for s in seats)


def playtests(path: str | Path, *, finished_only: bool = True, on_error: str = "raise") -> pd.DataFrame:
    """The games of a playtest log as a table with the columns of :func:`lab.simulate`.

    Parameters
    ----------
    path : str or Path
        The log (JSON lines) the widgets or ``rules-lab app`` wrote.
    finished_only : bool
        Leave out games abandoned before the end (default).
    on_error : {"raise", "skip"}
        What a bad line does (one that is not a record, or whose save is missing, unreadable,
        of another game or variant, or whose seats do not match the game):
        :class:`~lab.InvalidSave` naming the file and the line (default), or skipped, with a
        warning and ``df.attrs["skipped"]`` (``[{"line": n, "problem": ...}]``).

    Returns
    -------
    pandas.DataFrame
        One row per game, in the log's order; ``df.attrs["playtests"]`` holds each game's
        record (seats, humans, result in words, per-decision timings, and any field the lab
        does not know) without the save.
    """
    log = Path(path)
    skipped: list[dict[str, Any]] = []
    rows, kept = [], []
    for number, rec in read_records(log, on_error=on_error, skipped=skipped):
        if finished_only and not rec.get("finished", False):
            continue
        try:
            row = _row(log, rec, len(rows))
        except LabError as exc:
            if on_error == "raise":
                raise InvalidSave(f"{quoted(str(log), 160, text=True)}, line {number}: {exc}") from None
            skipped.append({"line": number, "problem": str(exc)})
            continue
        rows.append(row)
        kept.append({k: v for k, v in rec.items() if k != "save"})
    df = pd.DataFrame(rows)
    df.attrs["playtests"] = kept
    if skipped:
        df.attrs["skipped"] = skipped
        lines = ", ".join(str(s["line"]) for s in skipped[:10]) + (" ..." if len(skipped) > 10 else "")
        warnings.warn(f"skipped {len(skipped)} bad line(s) of the playtest log (line {lines}); "
                      "df.attrs['skipped'] says why", UserWarning, stacklevel=2)
    return df


def _row(log: Path, rec: Mapping[str, Any], index: int) -> dict[str, Any]:
    """The table row of one record: its save replayed, checked against the record."""
    save = _save_path(log, rec)
    text = read_bounded(save, MAX_BYTES, "its save", InvalidSave)
    state = state_from_json(text)
    if state.game != load(str(rec["game"]), **rec["params"]):
        msg = f"playtest {quoted(rec.get('id', '?'), 40, text=True)}: its save is not a game of {rec['game']} with the logged parameters"
        raise InvalidSave(msg)
    seats = rec["seats"]
    if len(seats) != state.game.num_players():
        raise InvalidSave(f"its seats list {len(seats)} entries for a game of {state.game.num_players()} players")
    again, tracker = _replayed(state)
    return state_row(state.game, again, tracker, int(rec["seed"]), index,
                     variant=variant_label(state.game), agents_text=_agents_text(seats))


def simulated_twin(df: pd.DataFrame, agents: Any = None) -> pd.DataFrame:
    """The same variants on the same seeds with ``agents`` in every seat (``None``: random).

    Row ``i`` replays playtest ``i``'s game and seed, so ``compare_frames(twin, df)`` pairs each
    human game with the agents' game on the same chance stream.
    """
    rows = []
    for i, rec in enumerate(df.attrs.get("playtests", [])):
        game = load(str(rec["game"]), **rec["params"])
        rows.append(game_row(game, agents, int(rec["seed"]), i))
    return pd.DataFrame(rows)
