"""The tables' database: SQLite in WAL mode, one file beside the playtest log.

What is kept is exactly what a restart needs to rebuild every table as it was:

* ``tables``: the game (registered name, parameters, house rules by name and hash), the
  table's options (pace, race window ...), its label and, for a table a command line made, the
  key of that command (the same command started again finds its table instead of making one);
* ``seats``: who plays each seat (``"human"`` or an agent spec), the name the person typed
  and the generation of the seat's link;
* ``games``: the games played at the table (a rematch is the next game), each with its seed;
* ``journal``: every input that changed a game, in order: a person's move (the action as JSON,
  the step it was played at, its timings), a seat handed to an agent or taken back. Chance and
  the agents' moves are not stored: they follow from the seed, so replaying the journal on a
  new game of the same seed gives the same position, the agents' memories included.

A move is acknowledged to its browser only after the transaction holding it has committed.
With ``synchronous=NORMAL`` (the default) a commit is in the operating system's hands when the
call returns, which survives the server being killed (SIGKILL) but not the machine losing
power; ``durable=True`` (``synchronous=FULL``, an fsync per commit) survives that too.

No secret is stored here (see :mod:`playtable.keys`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1
APPLICATION = "rules-lab playtable"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    label TEXT NOT NULL,
    spec_key TEXT,
    game TEXT NOT NULL,
    params TEXT NOT NULL,
    rules TEXT NOT NULL,
    options TEXT NOT NULL,
    status TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS tables_spec ON tables (spec_key, status);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    generation INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS games (
    table_id TEXT NOT NULL REFERENCES tables (id),
    game_no INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    started TEXT NOT NULL,
    ended TEXT,
    status TEXT NOT NULL,
    record TEXT,
    PRIMARY KEY (table_id, game_no)
);
CREATE TABLE IF NOT EXISTS journal (
    table_id TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    n INTEGER NOT NULL,
    step INTEGER NOT NULL,
    kind TEXT NOT NULL,
    seat INTEGER NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (table_id, game_no, n)
);
"""

PLAYING, FINISHED, ABANDONED = "playing", "finished", "abandoned"
OPEN, CLOSED = "open", "closed"


class StoreError(OSError):
    """The database cannot be opened, is another application's, or a write failed."""


def stamp() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass
class Entry:
    """One journal entry: ``kind`` is ``move``, ``handover`` or ``reclaim``."""

    n: int
    step: int
    kind: str
    seat: int
    data: dict[str, Any]
    at: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "step": self.step, "kind": self.kind, "seat": self.seat, "data": self.data, "at": self.at}


@dataclass
class GameRow:
    game_no: int
    seed: int
    seats: list[Any]
    started: str
    ended: str | None
    status: str
    record: str | None
    journal: list[Entry] = field(default_factory=list)


@dataclass
class TableRow:
    id: str
    created: str
    label: str
    spec_key: str | None
    game: str
    params: dict[str, Any]
    rules: dict[str, Any]
    options: dict[str, Any]
    status: str
    note: str
    seats: list[dict[str, Any]]  # per seat: kind, name, generation
    games: list[GameRow]

    @property
    def current(self) -> GameRow:
        return self.games[-1]


class Store:
    """The database of one server (all access from the server's event-loop thread)."""

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=10.0)
        except (OSError, sqlite3.Error) as exc:
            msg = f"cannot open the tables' database {self.path}: {exc}"
            raise StoreError(msg) from None
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            mode = self.db.execute("PRAGMA journal_mode").fetchone()[0]
            if str(mode).lower() != "wal":
                msg = f"{self.path}: SQLite refused WAL mode (journal_mode={mode}); use a local disk"
                raise StoreError(msg)
            self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._check_application()
            self.db.executescript(_SCHEMA)
            self.db.execute("INSERT OR IGNORE INTO meta VALUES ('application', ?)", (APPLICATION,))
            self.db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        except sqlite3.DatabaseError as exc:
            self.db.close()
            msg = f"{self.path} is not a usable tables' database ({exc}); give another --db file"
            raise StoreError(msg) from None
        except StoreError:
            self.db.close()
            raise

    def _check_application(self) -> None:
        names = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not names:
            return
        if "meta" not in names:
            msg = f"{self.path} is another application's database (no playtable meta table); give another --db file"
            raise StoreError(msg)
        meta = dict(self.db.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("application") != APPLICATION:
            msg = f"{self.path} is another application's database; give another --db file"
            raise StoreError(msg)
        if meta.get("schema") != str(SCHEMA_VERSION):
            msg = f"{self.path} has tables' schema {meta.get('schema')!r}, this server reads {SCHEMA_VERSION}"
            raise StoreError(msg)

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------ writes (one transaction each)
    def _tx(self, statements: Iterable[tuple[str, Sequence[Any]]]) -> None:
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self.db.execute(sql, args)
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
        except sqlite3.Error as exc:
            msg = f"the tables' database {self.path} could not be written: {exc}"
            raise StoreError(msg) from None

    def create_table(self, *, table_id: str, label: str, spec_key: str | None, game: str,
                     params: Mapping[str, Any], rules: Mapping[str, Any], options: Mapping[str, Any],
                     seats: Sequence[Any], seed: int) -> None:
        now = stamp()
        statements: list[tuple[str, Sequence[Any]]] = [(
            "INSERT INTO tables (id, created, label, spec_key, game, params, rules, options, status) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (table_id, now, label, spec_key, game, _dump(params), _dump(rules), _dump(options), OPEN),
        )]
        for p, kind in enumerate(seats):
            statements.append(("INSERT INTO seats (table_id, seat, kind) VALUES (?, ?, ?)", (table_id, p, _dump(kind))))
        statements.append((
            "INSERT INTO games (table_id, game_no, seed, seats, started, status) VALUES (?, 1, ?, ?, ?, ?)",
            (table_id, int(seed), _dump(list(seats)), now, PLAYING),
        ))
        self._tx(statements)

    def append(self, table_id: str, game_no: int, entries: Sequence[Entry],
               seat_kinds: Mapping[int, Any] | None = None) -> None:
        """Journal entries (and the seat kinds they change) in one transaction."""
        statements: list[tuple[str, Sequence[Any]]] = [
            ("INSERT INTO journal VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
             (table_id, game_no, e.n, e.step, e.kind, e.seat, _dump(e.data), e.at or stamp()))
            for e in entries
        ]
        for p, kind in (seat_kinds or {}).items():
            statements.append(("UPDATE seats SET kind = ? WHERE table_id = ? AND seat = ?", (_dump(kind), table_id, p)))
        self._tx(statements)

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        self._tx([("UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?", (name, table_id, seat))])

    def set_generation(self, table_id: str, seat: int, generation: int) -> None:
        self._tx([("UPDATE seats SET generation = ? WHERE table_id = ? AND seat = ?", (generation, table_id, seat))])

    def end_game(self, table_id: str, game_no: int, status: str, record: str | None) -> None:
        self._tx([("UPDATE games SET status = ?, ended = ?, record = ? WHERE table_id = ? AND game_no = ?",
                   (status, stamp(), record, table_id, game_no))])

    def new_game(self, table_id: str, game_no: int, seed: int, seats: Sequence[Any],
                 previous: tuple[str, str | None] | None = None) -> None:
        """Start game ``game_no``; ``previous`` = (status, record) closes the game before it."""
        statements: list[tuple[str, Sequence[Any]]] = []
        if previous is not None:
            statements.append(("UPDATE games SET status = ?, ended = COALESCE(ended, ?), record = COALESCE(record, ?) "
                               "WHERE table_id = ? AND game_no = ?",
                               (previous[0], stamp(), previous[1], table_id, game_no - 1)))
        statements.append(("INSERT INTO games (table_id, game_no, seed, seats, started, status) VALUES (?, ?, ?, ?, ?, ?)",
                           (table_id, game_no, int(seed), _dump(list(seats)), stamp(), PLAYING)))
        self._tx(statements)

    def close_table(self, table_id: str, note: str = "") -> None:
        self._tx([("UPDATE tables SET status = ?, note = ? WHERE id = ?", (CLOSED, note, table_id))])

    def set_note(self, table_id: str, note: str) -> None:
        self._tx([("UPDATE tables SET note = ? WHERE id = ?", (note, table_id))])

    # ------------------------------------------------------------------ reads
    def table_ids(self, *, status: str | None = OPEN) -> list[str]:
        if status is None:
            rows = self.db.execute("SELECT id FROM tables ORDER BY created, id")
        else:
            rows = self.db.execute("SELECT id FROM tables WHERE status = ? ORDER BY created, id", (status,))
        return [r[0] for r in rows]

    def find_spec(self, spec_key: str) -> str | None:
        """The newest open table a command with this key made (None: none open)."""
        row = self.db.execute("SELECT id FROM tables WHERE spec_key = ? AND status = ? ORDER BY created DESC LIMIT 1",
                              (spec_key, OPEN)).fetchone()
        return row[0] if row else None

    def load(self, table_id: str, *, journal: bool = True) -> TableRow:
        row = self.db.execute("SELECT id, created, label, spec_key, game, params, rules, options, status, note "
                              "FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            msg = f"no table {table_id!r} in {self.path}"
            raise KeyError(msg)
        seats = [{"kind": json.loads(k), "name": n, "generation": g} for k, n, g in self.db.execute(
            "SELECT kind, name, generation FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))]
        games = [GameRow(no, seed, json.loads(s), started, ended, status, record) for no, seed, s, started, ended, status, record
                 in self.db.execute("SELECT game_no, seed, seats, started, ended, status, record FROM games "
                                    "WHERE table_id = ? ORDER BY game_no", (table_id,))]
        if journal and games:
            games[-1].journal = self.journal(table_id, games[-1].game_no)
        return TableRow(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), json.loads(row[6]),
                        json.loads(row[7]), row[8], row[9], seats, games)

    def journal(self, table_id: str, game_no: int) -> list[Entry]:
        return [Entry(n, step, kind, seat, json.loads(data), at) for n, step, kind, seat, data, at in self.db.execute(
            "SELECT n, step, kind, seat, data, at FROM journal WHERE table_id = ? AND game_no = ? ORDER BY n",
            (table_id, game_no))]


def _dump(value: Any) -> str:
    # keys in their own order: a game's parameters can depend on it (Memcel's tile_counts gives
    # the seats their colours in order)
    return json.dumps(value, separators=(",", ":"), allow_nan=False)
