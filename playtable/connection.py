"""One websocket connection: its outgoing queue, its clock, its rate limit, its size limit.

Everything a connection sends goes through :meth:`Connection.send` into a bounded queue that
one writer task empties; a client that does not read (a stalled tab, a hostile script) fills
its queue and is disconnected, never the server's memory. The writer stamps the moments that
matter for races on the server clock: when a ping left, when a race's signal left.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import Awaitable, Callable
from typing import Any

from playtable.race import Clock, now

OUT_QUEUE = 512  # frames waiting for a slow client before it is dropped (it reconnects)


class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts of ``burst``.

    A connection over the limit gets one ``rate_limited`` error a second while the flood lasts
    (its other messages are dropped unread); one that keeps flooding after ``strikes`` such
    seconds is closed.
    """

    def __init__(self, rate: float, burst: int, strikes: int = 5) -> None:
        self.rate = float(rate)
        self.burst = float(burst)
        self.tokens = float(burst)
        self.at = now()
        self.strikes = strikes
        self.struck = 0
        self.last_warning = -1e9
        self.dropped = 0

    def take(self, at: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (at - self.at) * self.rate)
        self.at = at
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.dropped += 1
        return False

    def warn(self, at: float) -> bool:
        """True when a refusal should be sent now (at most one a second)."""
        if at - self.last_warning >= 1.0:
            self.last_warning = at
            self.struck += 1
            return True
        return False

    def exhausted(self) -> bool:
        return self.struck > self.strikes


class Connection:
    """A websocket as the tables see it: who it is, and a queue to it."""

    _ids = itertools.count(1)

    def __init__(self, send_text: Callable[[str], Awaitable[None]], close: Callable[[int, str], Awaitable[None]],
                 *, peer: str = "?", rate: float = 20.0, burst: int = 40) -> None:
        self.id = next(self._ids)
        self.peer = peer
        self._send_text = send_text
        self._close = close
        self.queue: asyncio.Queue[tuple[str, dict[str, Any] | None] | None] = asyncio.Queue(OUT_QUEUE)
        self.clock = Clock()
        self.limit = RateLimit(rate, burst)
        self.role = ""  # "seat", "spectator", "designer" or "lobby" after the hello
        self.seat: int | None = None
        self.table: Any = None
        self.offer_sent: dict[tuple[int, int], float] = {}  # race key -> when its signal left
        self.closed = False
        self.sent_frames = 0
        self._writer: asyncio.Task[None] | None = None

    def __repr__(self) -> str:
        who = f"seat {self.seat}" if self.role == "seat" else (self.role or "new")
        return f"Connection#{self.id}({who})"

    @property
    def key(self) -> int | str:
        """The view this connection receives: a seat number, ``spectator`` or ``designer``."""
        return self.seat if self.role == "seat" and self.seat is not None else self.role

    # ------------------------------------------------------------------ sending
    def start(self) -> None:
        self._writer = asyncio.create_task(self._write_loop(), name=f"writer-{self.id}")

    def send(self, message: dict[str, Any], text: str | None = None) -> None:
        """Queue ``message`` (``text``: its JSON when already made); a full queue drops the client."""
        if self.closed:
            return
        try:
            self.queue.put_nowait((text if text is not None else dumps(message), message))
        except asyncio.QueueFull:
            self.closed = True
            asyncio.get_running_loop().create_task(self._close(1008, "too slow: reconnect for a fresh view"))

    def ping(self) -> None:
        ident = self.clock.ping()
        self.send({"type": "ping", "id": ident})

    async def _write_loop(self) -> None:
        while True:
            item = await self.queue.get()
            if item is None:
                return
            text, message = item
            if message is not None:
                kind = message.get("type")
                if kind == "ping":
                    self.clock.sent(message["id"], now())
                elif kind == "view" and message.get("timed", {}).get("label"):
                    g, _n, step = message["at"]
                    self.offer_sent.setdefault((g, step), now())
            try:
                await self._send_text(text)
            except Exception:  # noqa: BLE001 - a closed socket ends the writer; the reader cleans up
                self.closed = True
                return
            self.sent_frames += 1

    async def stop(self) -> None:
        self.closed = True
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._writer

    async def close(self, code: int, reason: str) -> None:
        self.closed = True
        with contextlib.suppress(Exception):
            await self._close(code, reason[:120])


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), allow_nan=False)  # ASCII: no lone surrogate reaches a socket
