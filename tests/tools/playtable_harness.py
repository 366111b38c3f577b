"""An in-process playtest hub for tests: real tables, store and records, no sockets.

:class:`Harness` builds a :class:`~playtable.hub.Hub` on a temporary database; its
:class:`FakeClient` is a connection whose frames land in a list (as JSON text, exactly as they
would be written to a websocket), so a test can say hello, move and read the frames without a
server process. The server tests (``tests/test_playtable_server.py``) drive a real one.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from playtable.connection import Connection
from playtable.errors import Refusal
from playtable.hub import Hub, TableSpec
from playtable.keys import Keyring
from playtable.race import now
from playtable.store import Store
from playtable.table import Table

KEY = bytes(range(32))


class FakeClient:
    """A connection of a harness: its frames, parsed, in order."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.texts: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self._last: dict[str, dict[str, Any]] = {}
        self.closed: tuple[int, str] | None = None
        self.conn = Connection(self._send, self._close)
        self.conn.start()

    async def _send(self, text: str) -> None:
        self.texts.append(text)
        frame = json.loads(text)
        self.frames.append(frame)
        self._last[frame["type"]] = frame

    async def _close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def last(self, kind: str) -> dict[str, Any]:
        return self._last[kind]

    @property
    def view(self) -> dict[str, Any]:
        return self.last("view")

    async def flush(self) -> None:
        for _ in range(50):
            if self.conn.queue.empty():
                break
            await asyncio.sleep(0)
        await asyncio.sleep(0)

    async def hello(self, **msg: Any) -> dict[str, Any] | None:
        """Say hello; a refusal is returned as its JSON (None when accepted)."""
        try:
            await self.hub.hello(self.conn, {"type": "hello", **msg})
        except Refusal as exc:
            return exc.to_json()
        await self.flush()
        return None

    async def send(self, msg: dict[str, Any], received: float | None = None) -> dict[str, Any]:
        """One message after the hello: the ack or error it got (a refusal raised by the hub too)."""
        before = len(self.texts)
        try:
            await self.hub.dispatch(self.conn, msg, now() if received is None else received)
        except Refusal as exc:
            return exc.to_json(msg.get("ref"))
        await self.flush()
        for f in self.frames[before:]:
            if f["type"] in ("ack", "error"):
                return f
        return {"type": "none"}

    async def move(self, **move: Any) -> dict[str, Any]:
        return await self.send({"type": "move", "token": self.view["token"], **move})


class Harness:
    """A hub on ``tmp_path`` with the given tables (their agents move at once: pace 0)."""

    def __init__(self, tmp_path: Path, *specs: TableSpec) -> None:
        self.path = Path(tmp_path)
        self.store = Store(self.path / "tables.db")
        self.keys = Keyring(KEY)
        self.hub = Hub(self.store, self.keys, self.path / "log.jsonl")
        self.tables: list[Table] = [self.hub.add_table(s) for s in specs]

    async def client(self, table: Table | None = None, seat: int | None = None, role: str = "seat",
                     **extra: Any) -> FakeClient:
        table = table or self.tables[0]
        links = self.hub.links(table)
        if role == "seat":
            secret = links.seats[int(seat or 0)].split("#", 1)[1]
        elif role == "spectator":
            secret = links.spectator.split("#", 1)[1]
        else:
            secret = self.keys.designer()
        c = FakeClient(self.hub)
        refused = await c.hello(table=table.id, secret=secret, **extra)
        assert refused is None, refused
        return c

    async def settle(self, table: Table | None = None) -> None:
        """Wait until the table's agents and chance have moved."""
        table = table or self.tables[0]
        for _ in range(10_000):
            table.kick()
            task = table._machine  # noqa: SLF001
            if task is not None:
                await task
            async with table.lock:
                if not table.session.can_advance():
                    break
        await asyncio.sleep(0)
        for c in list(table.conns):
            for _ in range(50):
                if c.queue.empty():
                    break
                await asyncio.sleep(0)

    def close(self) -> None:
        self.store.close()


def spec(game: Any, seats: list[Any], seed: int = 0, **kw: Any) -> TableSpec:
    import lab

    g = lab.load(game) if isinstance(game, str) else game
    return TableSpec(game=g, seats=seats, seed=seed, pace=kw.pop("pace", 0.0), **kw)
