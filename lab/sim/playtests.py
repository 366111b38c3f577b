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
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd

from lab.core.errors import InvalidSave
from lab.core.registry import load
from lab.core.save import state_from_json
from lab.core.state import SIMULTANEOUS, State
from lab.sim.simulate import LeadTracker, agent_label, game_row, state_row, variant_label

PLAYTEST_FORMAT = "rules-lab/playtest"
PLAYTEST_VERSION = 1
HUMAN = "human"
MAX_LINE = 1_000_000  # a log line holds timings, not the game: a longer one is not ours
MAX_GAMES = 100_000


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
) -> dict[str, Any]:
    """Append one game to the playtest log ``log``; its save goes to ``saves/`` beside it.

    ``extra``: optional fields of the record beside the ones above (the playtest server's
    ``table``, ``names``, ``seat_kinds``, ``reactions`` ...); they never replace one of them,
    and readers that do not know them keep them in ``df.attrs["playtests"]``.
    """
    log = Path(log)
    game_id = uuid.uuid4().hex[:16]
    save_rel = Path("saves") / f"{state.game.name}-{game_id}.json"
    (log.parent / save_rel).parent.mkdir(parents=True, exist_ok=True)
    (log.parent / save_rel).write_text(state.to_json(), encoding="utf-8")
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
    }
    for key, value in (extra or {}).items():
        record.setdefault(str(key), value)
    with log.open("a", encoding="utf-8") as out:
        out.write(json.dumps(record, sort_keys=True) + "\n")
    return record


def read_records(path: str | Path) -> list[dict[str, Any]]:
    """The records of a playtest log (InvalidSave naming the line if one is not a record)."""
    path = Path(path)
    records = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            where = f"{path}, line {number}"
            if len(line) > MAX_LINE or len(records) >= MAX_GAMES:
                msg = f"{where}: too large for a playtest log (at most {MAX_GAMES} lines of {MAX_LINE} characters)"
                raise InvalidSave(msg)
            try:
                rec = json.loads(line)
            except ValueError as exc:
                msg = f"{where}: not JSON ({exc})"
                raise InvalidSave(msg) from None
            if not isinstance(rec, dict) or rec.get("format") != PLAYTEST_FORMAT:
                msg = f"{where}: not a playtest record (format {PLAYTEST_FORMAT!r} expected)"
                raise InvalidSave(msg)
            missing = [k for k in ("game", "params", "seed", "seats", "save") if k not in rec]
            if missing or not isinstance(rec["params"], dict) or not isinstance(rec["seats"], list):
                msg = f"{where}: a playtest record needs game, params (an object), seed, seats (a list) and save"
                raise InvalidSave(msg)
            records.append(rec)
    return records


def _save_path(log: Path, rec: Mapping[str, Any]) -> Path:
    """The record's save, which must lie inside the log's folder."""
    root = log.parent.resolve()
    save = (root / str(rec["save"])).resolve()
    if root not in save.parents:
        msg = f"playtest {rec.get('id', '?')}: its save {rec['save']!r} lies outside {root}"
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


def playtests(path: str | Path, *, finished_only: bool = True) -> pd.DataFrame:
    """The games of a playtest log as a table with the columns of :func:`lab.simulate`.

    Parameters
    ----------
    path : str or Path
        The log (JSON lines) the widgets or ``rules-lab app`` wrote.
    finished_only : bool
        Leave out games abandoned before the end (default).

    Returns
    -------
    pandas.DataFrame
        One row per game, in the log's order; ``df.attrs["playtests"]`` holds each game's
        record (seats, humans, result in words, per-decision timings) without the save.
    """
    log = Path(path)
    rows, kept = [], []
    for rec in read_records(log):
        if finished_only and not rec.get("finished", False):
            continue
        state = state_from_json(_save_path(log, rec).read_text(encoding="utf-8"))
        if state.game != load(str(rec["game"]), **rec["params"]):
            msg = f"playtest {rec.get('id', '?')}: its save is not a game of {rec['game']} with the logged parameters"
            raise InvalidSave(msg)
        again, tracker = _replayed(state)
        rows.append(state_row(state.game, again, tracker, int(rec["seed"]), len(rows),
                              variant=variant_label(state.game), agents_text=_agents_text(rec["seats"])))
        kept.append({k: v for k, v in rec.items() if k != "save"})
    df = pd.DataFrame(rows)
    df.attrs["playtests"] = kept
    return df


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
