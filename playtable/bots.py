"""Scripted clients of a playtest server, over real websockets (load and crash tests, demos).

A :class:`SeatClient` is what a browser page does, without the browser: it says hello with a
link's secret, answers the server's pings, keeps the latest view, reconnects after the server
went away, and makes moves, each waiting for its acknowledgement (the round trip is measured).
:func:`scripted_move` picks a move as a pure function of the view and a seed, so a game played
by scripted clients is the same game however often the server is killed and restarted.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import websockets


class Closed(ConnectionError):
    """The server refused the client for good (a bad link, a replaced tab)."""


def parse_link(link: str) -> tuple[str, str, str, str]:
    """``(ws_url, origin, table, secret)`` of an invite link ``http://host:port/t/ID#SECRET``."""
    parts = urlsplit(link)
    scheme = "wss" if parts.scheme == "https" else "ws"
    origin = f"{parts.scheme}://{parts.netloc}"
    table = parts.path.rstrip("/").rsplit("/", 1)[-1]
    return f"{scheme}://{parts.netloc}/ws", origin, table, parts.fragment


class SeatClient:
    """One connection of a seat (or spectator, designer, lobby) link, as a page would hold it."""

    def __init__(self, link: str, *, name: str | None = None, reconnect: bool = True, record: bool = False) -> None:
        self.url, self.origin, self.table, self.secret = parse_link(link)
        self.is_lobby = self.table == "lobby"
        self.lobby: dict[str, Any] = {}
        self.name = name
        self.reconnect = reconnect
        self.record = record
        self.frames: list[dict[str, Any]] = []  # every frame received (record=True)
        self.view: dict[str, Any] = {}
        self.welcome: dict[str, Any] = {}
        self.seats: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self._ref = 0
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._changed = asyncio.Event()
        self._ws: Any = None
        self._task: asyncio.Task[None] | None = None
        self._connected = asyncio.Event()
        self.closed_for_good: str = ""
        self.connects = 0

    # ------------------------------------------------------------------ connection
    async def start(self, timeout: float = 60.0) -> SeatClient:
        self._task = asyncio.get_running_loop().create_task(self._run())
        if self.is_lobby:
            await asyncio.wait_for(self._connected.wait(), timeout)
        else:
            await asyncio.wait_for(self.wait_view(lambda v: True), timeout)
        return self

    async def _run(self) -> None:
        delay = 0.1
        while True:
            try:
                async with websockets.connect(self.url, origin=self.origin, max_size=None,  # type: ignore[arg-type]
                                              open_timeout=30, ping_interval=None) as ws:
                    self._ws = ws
                    hello: dict[str, Any] = {"type": "hello", "table": self.table, "secret": self.secret}
                    if self.is_lobby:
                        hello = {"type": "hello", "lobby": True, "secret": self.secret}
                    if self.name:
                        hello["name"] = self.name
                    await ws.send(json.dumps(hello))
                    self.connects += 1
                    delay = 0.1
                    async for text in ws:
                        self._receive(json.loads(text))
                    code = ws.close_code
            except (TimeoutError, OSError, websockets.exceptions.WebSocketException):
                code = None
            self._ws = None
            self._connected.clear()
            self.view = {}  # a view of the server that went away is never played on
            self._fail_waiting()
            if code in (4400, 4403, 4000) or not self.reconnect:
                self.closed_for_good = f"closed with {code}"
                self._changed.set()
                return
            await asyncio.sleep(delay)
            delay = min(2.0, delay * 2)

    def _fail_waiting(self) -> None:
        for fut in self._waiting.values():
            if not fut.done():
                fut.set_result({"type": "lost"})
        self._waiting.clear()

    def _receive(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if self.record:
            self.frames.append(msg)
        if kind == "ping":
            ws = self._ws
            if ws is not None:
                asyncio.get_running_loop().create_task(self._send_raw({"type": "pong", "id": msg["id"]}))
            return
        if kind == "welcome":
            self.welcome = msg
            self._connected.set()
        elif kind == "lobby":
            self.lobby = msg
            self._connected.set()
        elif kind == "view":
            self.view = msg
        elif kind == "seats":
            self.seats = msg["seats"]
        elif kind == "note":
            self.notes.append(msg.get("message", ""))
        elif kind == "error":
            self.errors.append(msg)
        if kind in ("ack", "error") and isinstance(msg.get("ref"), int):
            fut = self._waiting.pop(msg["ref"], None)
            if fut is not None and not fut.done():
                fut.set_result(msg)
        elif kind == "error" and self._waiting:  # a message the server could not read: no ref
            fut = self._waiting.pop(min(self._waiting))
            if not fut.done():
                fut.set_result(msg)
        self._changed.set()

    async def _send_raw(self, msg: dict[str, Any]) -> bool:
        ws = self._ws
        if ws is None:
            return False
        try:
            await ws.send(json.dumps(msg))
        except websockets.exceptions.WebSocketException:
            return False
        return True

    async def close(self) -> None:
        self.reconnect = False
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    # ------------------------------------------------------------------ waiting
    async def wait_view(self, check: Callable[[dict[str, Any]], bool], timeout: float | None = None) -> dict[str, Any]:
        async def wait() -> dict[str, Any]:
            while True:
                if self.closed_for_good:
                    raise Closed(self.closed_for_good)
                if self.view and check(self.view):
                    return self.view
                self._changed.clear()
                await self._changed.wait()

        return await asyncio.wait_for(wait(), timeout)

    # ------------------------------------------------------------------ moves
    async def request(self, msg: dict[str, Any], timeout: float = 60.0) -> dict[str, Any]:
        """Send ``msg`` (a ``ref`` added) and wait for its ack or error (``{"type": "lost"}`` if
        the connection went away first)."""
        await self._connected.wait()
        self._ref += 1
        ref = self._ref
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ref] = fut
        if not await self._send_raw({**msg, "ref": ref}):
            self._waiting.pop(ref, None)
            return {"type": "lost"}
        try:
            return await asyncio.wait_for(fut, timeout)
        finally:
            self._waiting.pop(ref, None)

    async def move(self, move: dict[str, Any], timeout: float = 60.0) -> tuple[dict[str, Any], float]:
        """A move on the current view (its token added): the reply and its round trip in seconds."""
        started = time.perf_counter()
        reply = await self.request({"type": "move", **move, "token": self.view.get("token")}, timeout)
        return reply, time.perf_counter() - started


def my_turn(view: dict[str, Any]) -> bool:
    return bool(view.get("your_turn")) and not view.get("finished") and not view.get("timed") and \
        bool(view.get("targets") or view.get("buttons"))


def scripted_move(view: dict[str, Any], seed: int, seat: int) -> dict[str, Any] | None:
    """A move chosen from the view alone, by a hash of the seed, the seat and the view's
    position: the same view always gets the same move. With a selection made, one of its
    buttons; otherwise a highlighted place not yet chosen or a button."""
    chosen = set(view.get("chosen", []))
    buttons = [{"kind": "choose", "action": b["action"]} for b in view.get("buttons", [])]
    options: list[dict[str, Any]] = []
    if not (chosen and buttons):
        options = [{"kind": "click", "target": t} for t in sorted(view.get("targets", [])) if t not in chosen]
    options += buttons
    if not options:
        return None
    key = json.dumps([seed, seat, view.get("at", [0, 0, 0])[2], view.get("chosen", []), len(options)])
    index = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") % len(options)
    return options[index]


async def play_scripted(seat_links: dict[int, str], designer_link: str, *, games: int = 1, seed: int = 0,
                        names: dict[int, str] | None = None, timeout: float = 600.0) -> int:
    """Scripted people play ``games`` games at one table (each seat its own connection; the
    designer's link starts each rematch). Returns the number of games played to their end."""
    names = names or {}
    people = {p: await SeatClient(u, name=names.get(p)).start(timeout) for p, u in seat_links.items()}
    designer = await SeatClient(designer_link).start(timeout)
    first = max(c.view["at"][0] for c in people.values())
    played = 0
    try:
        for game in range(first, first + games):
            async def person(seat: int, client: SeatClient, game: int = game) -> None:
                while True:
                    view = await client.wait_view(lambda v: v["at"][0] == game and (v.get("finished") or my_turn(v)),
                                                  timeout)
                    if view.get("finished"):
                        return
                    move = scripted_move(view, seed + 1000 * seat, seat)
                    if move is not None:
                        await client.move(move, timeout)

            await asyncio.gather(*[person(p, c) for p, c in people.items()])
            played += 1
            if game < first + games - 1:
                reply = await designer.request({"type": "rematch"}, timeout)
                if reply["type"] != "ack":
                    raise RuntimeError(f"the rematch was refused: {reply}")
    finally:
        for c in [*people.values(), designer]:
            await c.close()
    return played
