"""Running a playtest server: from the command line (blocking) or a notebook (a thread).

:class:`PlaytestServer` opens the database and the key beside it, resumes the tables the
database holds, creates the ones asked for (a command's table is found again when the same
command is started again), binds the port and serves with uvicorn. All tables' work happens on
the server's one event loop; agents think in worker threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvicorn

from lab.core.game import Game
from playtable.hub import Hub, Links, TableSpec
from playtable.keys import Keyring, load_or_create_key
from playtable.store import Store
from playtable.table import Table
from playtable.web import HostPolicy, build_app

log = logging.getLogger("playtable")

WS_MAX_SIZE = 1 << 20  # a frame over 1 MiB is refused by the protocol before it is read (1009)


@dataclass
class ServerConfig:
    """Where the server listens and keeps its data; its limits."""

    host: str = "127.0.0.1"
    port: int = 8765
    db: Path = Path("playtests/tables.db")
    log: Path | None = None  # default: log.jsonl beside the database
    allow_hosts: list[str] = field(default_factory=list)
    allow_origins: list[str] = field(default_factory=list)
    public_url: str = ""
    durable: bool = False
    rate: float = 20.0
    burst: int = 40
    abandon_after: float = 7200.0

    def log_path(self) -> Path:
        return self.log if self.log is not None else Path(self.db).parent / "log.jsonl"

    def key_path(self) -> Path:
        return Path(str(self.db) + ".key")


def check_port(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 65535:
        msg = f"a port is 0 (any free port) or 1..65535, not {value!r}"
        raise ValueError(msg)
    return value


def bind(host: str, port: int) -> socket.socket:
    """The listening socket (port 0: a free port), bound before any link is printed."""
    check_port(port)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio turns Nagle off only on sockets that say they are TCP, and with
    # Nagle on, a view and its acknowledgement sent back to back wait for a delayed ACK (40 ms)
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        msg = f"cannot listen on {host}:{port}: {exc.strerror or exc}"
        raise OSError(msg) from None
    sock.listen(512)
    sock.set_inheritable(True)
    return sock


def machine_names() -> list[str]:
    """This machine's host name and addresses (what LAN links can name)."""
    names = [socket.gethostname()]
    with contextlib.suppress(OSError):
        names += socket.gethostbyname_ex(socket.gethostname())[2]
    return list(dict.fromkeys(n for n in names if n))


class PlaytestServer:
    """One playtest server: its hub of tables, its socket and its uvicorn."""

    def __init__(self, config: ServerConfig, tables: Sequence[TableSpec] = (), games: Sequence[Game] = (), *,
                 pace: float = 0.5, race_window: float = 5.0) -> None:
        self.config = config
        self.pace = pace  # for the tables the lobby creates
        self.race_window = race_window
        self.specs = list(tables)
        self.games = list(games)
        self.hub: Hub | None = None
        self.sock: socket.socket | None = None
        self.uvicorn: uvicorn.Server | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.created: list[Table] = []
        self.resumed: list[Table] = []
        self.thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    # ------------------------------------------------------------------ set-up
    @property
    def url(self) -> str:
        if self.config.public_url:
            return self.config.public_url.rstrip("/")
        assert self.sock is not None
        port = self.sock.getsockname()[1]
        host = self.config.host
        if host in ("0.0.0.0", "::", ""):
            host = machine_names()[0]
        return f"http://{'[' + host + ']' if ':' in host else host}:{port}"

    def prepare(self) -> None:
        """Open the database, resume its tables, create the asked ones, bind the port."""
        config = self.config
        self.sock = bind(config.host, config.port)
        try:
            store = Store(config.db, durable=config.durable)
            keys = Keyring(load_or_create_key(config.key_path()))
            self.hub = Hub(store, keys, config.log_path(), base_url=self.url, games=self.games,
                           abandon_after=config.abandon_after)
            self.hub.default_pace, self.hub.default_window = self.pace, self.race_window
            self.resumed = self.hub.resume()
            self.created = [self.hub.add_table(spec) for spec in self.specs]
        except BaseException:
            self.sock.close()
            raise

    def _uvicorn(self) -> uvicorn.Server:
        assert self.hub is not None and self.sock is not None
        allow = list(self.config.allow_hosts)
        if self.config.host in ("0.0.0.0", "::", ""):
            allow += machine_names()
        if self.config.public_url:
            from urllib.parse import urlsplit

            allow.append(urlsplit(self.config.public_url).hostname or "")
        policy = HostPolicy(self.config.host, self.sock.getsockname()[1], allow_hosts=[a for a in allow if a],
                            allow_origins=self.config.allow_origins)
        app = build_app(self.hub, policy, rate=self.config.rate, burst=self.config.burst)
        uv = uvicorn.Config(app, lifespan="on", ws="websockets-sansio", ws_max_size=WS_MAX_SIZE,
                            ws_per_message_deflate=False, access_log=False, log_level="warning",
                            timeout_graceful_shutdown=5, proxy_headers=False, server_header=False)
        return uvicorn.Server(uv)

    def links(self, table: Table) -> Links:
        assert self.hub is not None
        return self.hub.links(table)

    # ------------------------------------------------------------------ running
    def run(self) -> None:
        """Serve until SIGINT/SIGTERM (the command line)."""
        assert self.sock is not None
        self.uvicorn = self._uvicorn()
        self.uvicorn.run(sockets=[self.sock])

    def start(self, timeout: float = 60.0) -> PlaytestServer:
        """Serve in a background thread (a notebook); returns once tables and port are ready."""
        self.thread = threading.Thread(target=self._thread_main, name="playtable", daemon=True)
        self.thread.start()
        if not self._ready.wait(timeout):
            msg = "the playtest server did not start in time"
            raise TimeoutError(msg)
        if self._error is not None:
            raise self._error
        return self

    def _thread_main(self) -> None:
        try:
            self.prepare()
            self.uvicorn = self._uvicorn()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller of start()
            self._error = exc
            self._ready.set()
            return
        loop = asyncio.new_event_loop()
        self.loop = loop
        asyncio.set_event_loop(loop)

        async def main() -> None:
            assert self.uvicorn is not None and self.sock is not None
            task = loop.create_task(self.uvicorn.serve(sockets=[self.sock]))
            while not self.uvicorn.started and not task.done():
                await asyncio.sleep(0.02)
            self._ready.set()
            await task

        try:
            loop.run_until_complete(main())
        except BaseException as exc:  # noqa: BLE001
            self._error = exc
            log.exception("the playtest server stopped")
        finally:
            self._ready.set()
            loop.close()

    def call(self, coro_fn: Any, timeout: float = 30.0) -> Any:
        """Run ``coro_fn()`` on the server's loop from another thread and return its result."""
        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(coro_fn(), self.loop).result(timeout)

    def stop(self, timeout: float = 15.0) -> None:
        """Stop a server started with :meth:`start` (the tables stay in the database)."""
        if self.uvicorn is not None:
            self.uvicorn.should_exit = True
        if self.thread is not None:
            self.thread.join(timeout)


def print_links(server: PlaytestServer, tables: Sequence[Table], *, out: Any = None, lobby: bool = True) -> None:
    """The links a designer hands out, one line each."""
    out = out or sys.stdout
    for table in tables:
        links = server.links(table)
        print(f"table {table.id}: {table.label}  [{repr(table.game)}]", file=out)
        for p, url in links.seats.items():
            kind = links.kinds[p]
            who = "human" if kind == "human" else f"agent {kind.get('name')}"
            if kind == "human":
                print(f"  seat {p} ({who}): {url}", file=out)
            else:
                print(f"  seat {p} ({who})", file=out)
        print(f"  spectator: {links.spectator}", file=out)
        print(f"  designer's view: {links.designer}", file=out)
    if lobby and tables:
        print(f"lobby (designer): {server.links(tables[0]).lobby}", file=out)
    out.flush()
