"""The server's tables, links and connections: what the web layer hands every message to.

The hub resumes every open table of the database when it starts (each rebuilt from its seed
and journal), creates the tables a command line or a notebook asks for (the same command
started again finds its table instead of making a second one), checks each connection's hello
against the link secrets, and answers the designer's lobby.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import time
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import lab
from lab.agents.catalogue import agent_names, make_agent
from lab.core.errors import LabError
from lab.core.game import Game
from playtable.connection import Connection, dumps
from playtable.errors import Refusal, quoted
from playtable.keys import Keyring, matches
from playtable.records import find_record
from playtable.session import seat_spec
from playtable.store import FINISHED, PLAYING, Store, StoreError
from playtable.table import Table
from widgets._session import HUMAN

log = logging.getLogger("playtable")

MAX_NAME = 32
LOBBY_EVERY = 0.25  # seconds between two updates of the designer's lobby
MAX_TABLES = 1000
KIT_EXAMPLES = {"pig": "Pig", "goofspiel": "Goofspiel"}  # the kit's examples, served by name


@dataclass
class TableSpec:
    """A table to create (or find again): the game, its seats, seed and options."""

    game: Game
    seats: list[Any]
    seed: int = 0
    label: str = ""
    pace: float = 0.5
    race_window: float = 5.0
    from_command: bool = True  # the same spec started again finds its open table

    def key(self) -> str:
        """Identity of the spec: game, parameters, house rules, seats, seed, label."""
        data = [self.game.name, self.game.params_to_dict(), self.game.house_rule_record(),
                [seat_spec(s) for s in self.seats], self.seed, self.label]
        # keys in their own order: a parameter's order can matter (Memcel's tile_counts)
        return hashlib.sha256(json.dumps(data, default=str).encode()).hexdigest()[:32]


@dataclass
class Links:
    """The links of one table (each carries its secret after ``#``)."""

    table: str
    seats: dict[int, str]
    spectator: str
    designer: str
    lobby: str
    kinds: list[Any] = field(default_factory=list)


def clean_name(value: Any) -> str:
    """A person's name as typed, made safe: printable, one line, at most 32 characters."""
    if not isinstance(value, str):
        raise Refusal("bad_message", f"a name is a string, not {quoted(value)}")
    text = "".join(ch for ch in value if unicodedata.category(ch)[0] not in "C")
    text = " ".join(text.split())[:MAX_NAME]
    return text.encode("utf-8", "ignore").decode("utf-8")


class Hub:
    """All tables of one server."""

    def __init__(self, store: Store, keys: Keyring, log_path: Path, *, base_url: str = "",
                 games: Sequence[Game] = (), abandon_after: float = 7200.0) -> None:
        self.store = store
        self.keys = keys
        self.log_path = Path(log_path)
        self.base_url = base_url.rstrip("/")
        self.known_games = list(games)  # games with house rules a restart cannot rebuild by name
        self.abandon_after = float(abandon_after)
        self.tables: dict[str, Table] = {}
        self.lobby: set[Connection] = set()
        self._lobby_dirty = False
        self._janitor: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ games by name
    def game_of(self, name: str, params: Mapping[str, Any], rules: Mapping[str, Any]) -> Game:
        """The game a stored table plays: registered games by name; house rules only from the
        games this server was given (a file never makes the server run code)."""
        if rules:
            for g in self.known_games:
                if g.name == name and same_params(g, params) and g.house_rule_record() == dict(rules):
                    return g
            names = ", ".join(sorted(rules))
            msg = (f"house rules at {names}: start the server from Python with the same game "
                   "(playtable.serve(game)) to resume it")
            raise LabError(msg)
        for g in self.known_games:
            if g.name == name and same_params(g, params) and not g.house_rules():
                return g
        ensure_registered(name)
        return lab.load(name, **dict(params))

    # ------------------------------------------------------------------ start
    def resume(self) -> list[Table]:
        """Rebuild every open table of the database (a restart)."""
        resumed = []
        for table_id in self.store.table_ids():
            row = self.store.load(table_id)
            try:
                game = self.game_of(row.game, row.params, row.rules)
            except (LabError, ValueError) as exc:
                log.error("table %s cannot be resumed: %s", table_id, exc)
                self.store.set_note(table_id, f"cannot be resumed here: {exc}")
                continue
            table = Table(row=row, game=game, store=self.store, log_path=self.log_path, on_change=self.changed)
            self.tables[table_id] = table
            self._finish_if_ended(table)
            resumed.append(table)
        return resumed

    def _finish_if_ended(self, table: Table) -> None:
        """A game that ended just before a crash: its record is written once."""
        if table.game_status == PLAYING and table.session.state.is_terminal():
            record = find_record(self.log_path, table.id, table.game_no)
            if record is not None:
                self.store.end_game(table.id, table.game_no, FINISHED, record)
                table.game_status = FINISHED
            else:
                table._end_game(FINISHED)  # noqa: SLF001 - the table's own recording

    def start(self) -> None:
        """Start the background work (call inside the running loop)."""
        for table in self.tables.values():
            table.kick()
        self._janitor = asyncio.get_running_loop().create_task(self._janitor_loop(), name="janitor")

    def add_table(self, spec: TableSpec) -> Table:
        """Create a table (or, for a command's spec, find its open one again)."""
        game = spec.game
        n = game.num_players()
        seats = [seat_spec(s) for s in spec.seats]
        if len(seats) != n:
            msg = f"--seats: {game.name} with these parameters has {n} seats; {len(seats)} given"
            raise ValueError(msg)
        for _p, s in enumerate(seats):
            if s != HUMAN:
                make_agent(game, s)  # refuses an unknown agent or bad settings, in one line
        key = spec.key() if spec.from_command else None
        if key is not None and (found := self.store.find_spec(key)) is not None and found in self.tables:
            return self.tables[found]
        if len(self.tables) >= MAX_TABLES:
            msg = f"this server already has {MAX_TABLES} tables; close some first"
            raise ValueError(msg)
        table_id = secrets.token_hex(4)
        while table_id in self.tables:
            table_id = secrets.token_hex(4)
        label = spec.label or f"{game.title or game.name} ({', '.join(self._seat_words(seats))})"
        self.store.create_table(table_id=table_id, label=label[:80], spec_key=key, game=game.name,
                                params=game.params_to_dict(), rules=game.house_rule_record(),
                                options={"pace": spec.pace, "race_window": spec.race_window},
                                seats=seats, seed=spec.seed)
        if game.house_rules() and game not in self.known_games:
            self.known_games.append(game)
        row = self.store.load(table_id)
        table = Table(row=row, game=game, store=self.store, log_path=self.log_path, on_change=self.changed)
        self.tables[table_id] = table
        self.changed(table)
        return table

    @staticmethod
    def _seat_words(seats: Sequence[Any]) -> list[str]:
        return ["human" if s == HUMAN else str(s.get("name", "agent")) for s in seats]

    # ------------------------------------------------------------------ links
    def links(self, table: Table) -> Links:
        base = self.base_url
        seats = {p: f"{base}/t/{table.id}#{self.keys.seat(table.id, p, table.generations[p])}"
                 for p in range(table.game.num_players())}
        return Links(table=table.id, seats=seats,
                     spectator=f"{base}/t/{table.id}#{self.keys.spectator(table.id)}",
                     designer=f"{base}/t/{table.id}#{self.keys.designer()}",
                     lobby=f"{base}/lobby#{self.keys.designer()}", kinds=table.session.kinds())

    def relink(self, table: Table, seat: int) -> None:
        """A new link for ``seat`` (the old one stops working; its tabs are closed)."""
        table.generations[seat] += 1
        self.store.set_generation(table.id, seat, table.generations[seat])
        for c in list(table.conns):
            if c.role == "seat" and c.seat == seat:
                table.conns.discard(c)
                asyncio.get_running_loop().create_task(c.close(4403, "this seat's link was replaced"))
        table.send_seats()

    # ------------------------------------------------------------------ hello
    async def hello(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        """Check a connection's first message and attach it where its secret opens."""
        secret = msg.get("secret")
        if msg.get("lobby") is True:
            if not matches(secret, self.keys.designer()):
                raise Refusal("forbidden", "this link does not open the lobby")
            conn.role = "lobby"
            self.lobby.add(conn)
            conn.send(self.lobby_state())
            return
        table_id = msg.get("table")
        if not isinstance(table_id, str) or table_id not in self.tables:
            raise Refusal("unknown_table", f"no table {quoted(table_id)} on this server")
        table = self.tables[table_id]
        role, seat = None, None
        for p in range(table.game.num_players()):
            if matches(secret, self.keys.seat(table.id, p, table.generations[p])):
                role, seat = "seat", p
        if role is None and matches(secret, self.keys.spectator(table.id)):
            role = "spectator"
        if role is None and matches(secret, self.keys.designer()):
            role = "designer"
        if role is None:
            raise Refusal("forbidden", f"this link's secret does not open table {table.id}")
        conn.role, conn.seat = role, seat
        if seat is not None and "name" in msg:
            name = clean_name(msg["name"])
            if name and name != table.names[seat]:
                table.set_name(seat, name)
        await table.attach(conn)
        log.info("table %s: %s connected from %s", table.id, conn, conn.peer)

    def drop(self, conn: Connection) -> None:
        self.lobby.discard(conn)
        if conn.table is not None:
            conn.table.detach(conn)

    # ------------------------------------------------------------------ messages after the hello
    async def dispatch(self, conn: Connection, msg: Mapping[str, Any], received: float) -> None:
        kind = msg.get("type")
        if kind == "pong":
            conn.clock.pong(msg.get("id"), received)
            return
        if kind == "move" and conn.table is not None:
            await conn.table.handle(conn, dict(msg), received)
            return
        if kind == "name" and conn.table is not None:
            if conn.role != "seat" or conn.seat is None:
                raise Refusal("spectator", "only a seat has a name")
            conn.table.set_name(conn.seat, clean_name(msg.get("name")))
            conn.send({"type": "ack", "ref": msg.get("ref"), "message": "name saved"})
            return
        if kind in ("create", "seat", "rematch", "close", "relink"):
            if conn.role not in ("lobby", "designer"):
                raise Refusal("forbidden", "only the designer's links may change tables")
            await self.designer_request(conn, msg)
            return
        raise Refusal("bad_message", f"unknown message type {quoted(kind)}")

    async def designer_request(self, conn: Connection, msg: Mapping[str, Any]) -> None:
        kind = msg.get("type")
        ref = msg.get("ref")
        if kind == "create":
            try:
                table = self.add_table(self.spec_from_request(msg))
            except Refusal:
                raise
            except (LabError, ValueError) as exc:
                raise Refusal("bad_request", str(exc)) from None
            conn.send({"type": "ack", "ref": ref, "message": f"table {table.id} created", "table": table.id})
            self.start_table(table)
            return
        table = self.tables.get(msg.get("table")) if isinstance(msg.get("table"), str) else None
        if table is None and conn.role == "designer":
            table = conn.table
        if table is None:
            raise Refusal("unknown_table", f"no table {quoted(msg.get('table'))} on this server")
        seat = msg.get("seat")
        if kind in ("seat", "relink") and (isinstance(seat, bool) or not isinstance(seat, int)
                                            or not 0 <= seat < table.game.num_players()):
            raise Refusal("bad_request", f"seat {quoted(seat)} does not exist: seats 0..{table.game.num_players() - 1}")
        if kind == "seat":
            agent = msg.get("kind")
            if agent != HUMAN:
                if not (isinstance(agent, str) and agent in agent_names(type(table.game))) and not isinstance(agent, dict):
                    raise Refusal("bad_request", f"an agent of {table.game.name} is one of "
                                  f"{', '.join(agent_names(type(table.game)))}, not {quoted(agent)}")
                try:
                    make_agent(table.game, agent)
                except (LabError, ValueError, TypeError) as exc:
                    raise Refusal("bad_request", str(exc)) from None
            await table.set_seat(seat, agent)
        elif kind == "rematch":
            seed = msg.get("seed")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62):
                raise Refusal("bad_request", f"a seed is an integer from 0 to 2**62, not {quoted(seed)}")
            await table.rematch(seed)
        elif kind == "close":
            await table.close()
        elif kind == "relink":
            self.relink(table, seat)
        conn.send({"type": "ack", "ref": ref, "message": f"{kind}: done"})
        self.changed(table)

    def spec_from_request(self, msg: Mapping[str, Any]) -> TableSpec:
        """A lobby's "new table" form, checked as the command line is."""
        name = msg.get("game")
        if not isinstance(name, str) or name not in self.game_menu():
            raise Refusal("bad_request", f"a game is one of {', '.join(self.game_menu())}, not {quoted(name)}")
        ensure_registered(name)
        params_in = msg.get("params", {})
        if not isinstance(params_in, dict) or len(params_in) > 50:
            raise Refusal("bad_request", "params is an object {parameter: text}")
        cls = lab.game_class(name)
        specs = {s.name: s for s in cls.parameter_specs()}
        params: dict[str, Any] = {}
        try:
            for key, text in params_in.items():
                if key not in specs:
                    raise Refusal("bad_request", f"unknown parameter {quoted(key)} of {name}; known: {', '.join(specs)}")
                if not isinstance(text, str) or len(text) > 4000:
                    raise Refusal("bad_request", f"parameter {key}: give its value as text")
                if text.strip():
                    params[key] = specs[key].parse_text(text)
            game = lab.load(name, **params)
        except (LabError, ValueError) as exc:
            if isinstance(exc, Refusal):
                raise
            raise Refusal("bad_request", str(exc)) from None
        seats = msg.get("seats")
        if not isinstance(seats, list) or len(seats) != game.num_players():
            raise Refusal("bad_request", f"seats is a list of {game.num_players()} entries (human or an agent name)")
        for s in seats:
            if s != HUMAN and s not in agent_names(type(game)):
                raise Refusal("bad_request", f"a seat is human or one of {', '.join(agent_names(type(game)))}, not {quoted(s)}")
        seed = msg.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
            raise Refusal("bad_request", "a seed is an integer from 0 to 2**62")
        label = msg.get("label", "")
        label = clean_name(label) if label else ""
        return TableSpec(game=game, seats=seats, seed=seed, label=label, from_command=False,
                         pace=self.default_pace, race_window=self.default_window)

    default_pace = 0.5
    default_window = 5.0

    def game_menu(self) -> list[str]:
        return [*lab.game_names(), *[k for k in KIT_EXAMPLES if k not in lab.game_names()]]

    def start_table(self, table: Table) -> None:
        table.kick()

    # ------------------------------------------------------------------ the lobby
    def lobby_state(self) -> dict[str, Any]:
        tables = []
        for table in self.tables.values():
            links = self.links(table)
            summary = table.summary()
            summary["links"] = {"seats": {str(p): u for p, u in links.seats.items()},
                                "spectator": links.spectator, "designer": links.designer}
            tables.append(summary)
        games = []
        for name in self.game_menu():
            try:
                ensure_registered(name)
                cls = lab.game_class(name)
            except (LabError, ValueError, ImportError):
                continue
            games.append({"name": name, "title": cls.title or name, "agents": agent_names(cls),
                          "parameters": [{"name": s.name, "default": s.to_dict()["default"], "doc": s.doc[:200]}
                                         for s in cls.parameter_specs()]})
        return {"type": "lobby", "tables": tables, "games": games}

    def changed(self, table: Table) -> None:
        """A table changed: the lobby hears of it (at most every :data:`LOBBY_EVERY` seconds:
        with many tables moving, the designer's list is not rebuilt for every move)."""
        if not self.lobby or self._lobby_dirty:
            return
        self._lobby_dirty = True
        try:
            asyncio.get_running_loop().call_later(LOBBY_EVERY, self._send_lobby)
        except RuntimeError:
            self._lobby_dirty = False

    def _send_lobby(self) -> None:
        self._lobby_dirty = False
        message = self.lobby_state()
        text = dumps(message)
        for c in list(self.lobby):
            c.send(message, text)

    # ------------------------------------------------------------------ abandoned games
    async def _janitor_loop(self) -> None:
        while True:
            await asyncio.sleep(min(60.0, max(1.0, self.abandon_after / 4)))
            await self.abandon_idle()

    async def abandon_idle(self, at: float | None = None) -> list[str]:
        """Record as abandoned every unfinished game nobody touched for ``abandon_after`` s and
        no person is connected to; the table stays (a rematch starts a new game)."""
        at = time.time() if at is None else at
        done = []
        for table in list(self.tables.values()):
            if table.status != "open" or table.game_status != PLAYING or table.broken:
                continue
            if any(table.connected(p) for p in table.session.humans):
                continue
            if at - table.last_activity >= self.abandon_after:
                async with table.lock:
                    table._end_game("abandoned", f"nobody played for {self.abandon_after / 60:g} minutes")  # noqa: SLF001
                    table.publish()
                table.send_seats()
                done.append(table.id)
        return done

    async def shutdown(self) -> None:
        if self._janitor is not None:
            self._janitor.cancel()
        for table in self.tables.values():
            table._end_race()  # noqa: SLF001
            if table._machine is not None:  # noqa: SLF001
                table._machine.cancel()  # noqa: SLF001


def same_params(game: Game, params: Mapping[str, Any]) -> bool:
    """The same parameters, in the same order inside (order can matter: Memcel's colours)."""
    return json.dumps(game.params_to_dict(), default=str) == json.dumps(dict(params), default=str)


def ensure_registered(name: str) -> None:
    """The kit's example games (Pig, Goofspiel) join the registry when first asked for by name."""
    if name in lab.game_names() or name not in KIT_EXAMPLES:
        return
    from lab.kit import examples

    with contextlib.suppress(LabError, ValueError):
        lab.register(getattr(examples, KIT_EXAMPLES[name]))


__all__ = ["Hub", "Links", "TableSpec", "clean_name", "ensure_registered", "StoreError"]
