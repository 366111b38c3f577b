"""The web side: pages, static files and the websocket, behind a host and origin guard.

Routes
------
``/t/<table>``  the table page (every role: the secret after ``#`` decides what it shows)
``/lobby``      the designer's lobby
``/static/*``   the page's scripts and styles, the widgets' ``board.js`` and ``board.css``
                (served from the package: nothing comes from elsewhere, pages work offline)
``/healthz``    ``ok`` (for scripts waiting for the server)
``/ws``         the websocket every page speaks through

Guards
------
* **Host**: a request whose ``Host`` is not this server's (``localhost``, a loopback address,
  the bound address, an IP literal when bound to every interface, or a name given with
  ``--allow-host``) gets ``400 bad_host``: a page on another site that re-points its own name at
  this machine (DNS rebinding) cannot read or drive the server.
* **Origin**: a websocket opened by a page this server did not serve is refused at the
  handshake (``403`` with ``{"code": "bad_origin"}``); a client must name an origin.
* **Content-Security-Policy** on every page: scripts and styles only from this server, no
  inline script, no framing, the websocket only to this server.
* Messages: at most :data:`MAX_MESSAGE` characters (a typed ``too_large`` error), frames over
  ``ws_max_size`` are refused by the protocol before they are read (close code 1009); at most
  ``rate`` messages a second per connection (``rate_limited``), the hello within
  :data:`HELLO_TIMEOUT` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from playtable.connection import Connection, dumps
from playtable.errors import Refusal, quoted
from playtable.hub import Hub
from playtable.race import now

log = logging.getLogger("playtable")

MAX_MESSAGE = 16_384  # characters of one message (moves are tiny; a name is 32)
HELLO_TIMEOUT = 10.0
PING_INTERVAL = 2.0
HELLO_PINGS = 3
MAX_CONNECTIONS = 4000

STATIC = Path(__file__).parent / "static"
WIDGETS_STATIC = Path(__file__).parents[1] / "widgets" / "static"
_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
          ".html": "text/html; charset=utf-8"}
PUBLIC_FILES = {  # name -> file: nothing else is ever read from disk for a request
    "table.js": STATIC / "table.js", "lobby.js": STATIC / "lobby.js", "client.js": STATIC / "client.js",
    "table.css": STATIC / "table.css", "board.js": WIDGETS_STATIC / "board.js",
    "board.css": WIDGETS_STATIC / "board.css",
}
Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]


class HostPolicy:
    """Which ``Host`` headers and websocket origins this server answers."""

    def __init__(self, bind: str, port: int, allow_hosts: Iterable[str] = (), allow_origins: Iterable[str] = ()) -> None:
        self.bind = bind
        self.port = port
        self.any_interface = bind in ("0.0.0.0", "::", "")
        self.names = {"localhost", "127.0.0.1", "::1", bind.lower()} | {h.lower() for h in allow_hosts}
        self.origins = {o.rstrip("/").lower() for o in allow_origins}

    def host_ok(self, host: str | None) -> bool:
        if not host:
            return False
        name = split_host(host)
        if name is None:
            return False
        if name in self.names:
            return True
        try:
            ip = ipaddress.ip_address(name)
        except ValueError:
            return False  # a DNS name nobody allowed: the rebinding case
        return ip.is_loopback or self.any_interface

    def origin_ok(self, origin: str | None, host: str | None) -> bool:
        if not origin or not host:
            return False
        origin = origin.rstrip("/").lower()
        if origin in self.origins:
            return True
        for scheme in ("http://", "https://"):
            if origin.startswith(scheme):
                return origin[len(scheme):] == host.lower()
        return False


def split_host(host: str) -> str | None:
    """The name part of a ``Host`` header (``[::1]:8765`` -> ``::1``); None if malformed."""
    host = host.strip().lower()
    if len(host) > 260 or any(c.isspace() for c in host):
        return None
    if host.startswith("["):
        end = host.find("]")
        return host[1:end] if end > 0 else None
    name, _, port = host.rpartition(":") if host.count(":") == 1 else (host, "", "")
    if port and not port.isdigit():
        return None
    return name or None


def csp(host: str) -> str:
    return ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            f"connect-src 'self' ws://{host} wss://{host}; base-uri 'none'; form-action 'none'; "
            "frame-ancestors 'none'")


class Guard:
    """ASGI middleware: the Host check for every request, security headers on every response."""

    def __init__(self, app: ASGIApp, policy: HostPolicy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host")
        if not self.policy.host_ok(host):
            body = json.dumps({"type": "error", "code": "bad_host",
                               "message": f"refused: this server does not answer to host {quoted(host)}"}).encode()
            if scope["type"] == "http":
                await send({"type": "http.response.start", "status": 400,
                            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
            else:
                await deny(scope, receive, send, 400, body)
            return
        scope["rl_host"] = host
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                extra = [
                    (b"content-security-policy", csp(host or "").encode("latin-1")),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                    (b"cross-origin-opener-policy", b"same-origin"),
                    (b"cross-origin-resource-policy", b"same-origin"),
                    (b"cache-control", b"no-store"),
                ]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def deny(scope: Scope, receive: Any, send: Any, status: int, body: bytes) -> None:
    """Refuse a websocket handshake with an HTTP status and a JSON body."""
    if "websocket.http.response" in scope.get("extensions", {}):
        await send({"type": "websocket.http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008})


def build_app(hub: Hub, policy: HostPolicy, *, rate: float = 20.0, burst: int = 40) -> Any:
    """The ASGI application of one server."""
    files = {name: (path.read_bytes(), _TYPES[path.suffix]) for name, path in PUBLIC_FILES.items()}
    pages = {name: (STATIC / name).read_bytes() for name in ("table.html", "lobby.html", "home.html")}
    connections: set[Connection] = set()

    def page(name: str) -> Response:
        return Response(pages[name], media_type="text/html; charset=utf-8")

    async def home(request: Request) -> Response:
        return page("home.html")

    async def lobby(request: Request) -> Response:
        return page("lobby.html")

    async def table_page(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        if not (0 < len(table_id) <= 16 and table_id.isalnum()):
            return PlainTextResponse("no such table", status_code=404)
        return page("table.html")

    async def static(request: Request) -> Response:
        found = files.get(request.path_params["name"])
        if found is None:
            return PlainTextResponse("not found", status_code=404)
        return Response(found[0], media_type=found[1])

    async def healthz(request: Request) -> Response:
        return PlainTextResponse("ok")

    async def favicon(request: Request) -> Response:
        return Response(status_code=204)

    async def socket(websocket: WebSocket) -> None:
        host = websocket.scope.get("rl_host")
        origin = websocket.headers.get("origin")
        if not policy.origin_ok(origin, host):
            body = json.dumps({"type": "error", "code": "bad_origin",
                               "message": f"refused: a page from {quoted(origin)} may not open this server's websocket"}).encode()
            await deny(websocket.scope, websocket.receive, websocket.send, 403, body)
            return
        if len(connections) >= MAX_CONNECTIONS:
            await deny(websocket.scope, websocket.receive, websocket.send, 503,
                       b'{"type":"error","code":"unavailable","message":"refused: the server is full"}')
            return
        await websocket.accept()
        peer = f"{websocket.client.host}:{websocket.client.port}" if websocket.client else "?"
        conn = Connection(websocket.send_text, websocket.close, peer=peer, rate=rate, burst=burst)
        connections.add(conn)
        conn.start()
        try:
            await serve_connection(hub, websocket, conn)
        except WebSocketDisconnect:
            pass
        finally:
            hub.drop(conn)
            connections.discard(conn)
            await conn.stop()

    routes = [
        Route("/", home), Route("/lobby", lobby), Route("/t/{table_id}", table_page),
        Route("/static/{name}", static), Route("/healthz", healthz),
        Route("/favicon.ico", favicon), WebSocketRoute("/ws", socket),
    ]

    async def lifespan(app: Any) -> Any:
        hub.start()
        yield
        await hub.shutdown()
        for c in list(connections):
            await c.close(1001, "the server is stopping; reconnecting")

    app = Starlette(routes=routes, lifespan=contextlib.asynccontextmanager(lifespan))
    return Guard(app, policy)


async def receive_text(websocket: WebSocket) -> str | None:
    """The next text message (None: a binary one); raises WebSocketDisconnect at the end."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


def parse(text: str | None) -> dict[str, Any]:
    """A message's JSON object, or a typed refusal."""
    if text is None:
        raise Refusal("bad_message", "messages are JSON text, not binary frames")
    if len(text) > MAX_MESSAGE:
        raise Refusal("too_large", f"a message is at most {MAX_MESSAGE} characters; this one has {len(text)}")
    try:
        msg = json.loads(text)
    except RecursionError:
        raise Refusal("bad_message", "a message nested too deeply") from None
    except ValueError:
        raise Refusal("bad_message", "a message is one JSON object") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise Refusal("bad_message", 'a message is a JSON object with a "type"')
    return msg


async def serve_connection(hub: Hub, websocket: WebSocket, conn: Connection) -> None:
    """Hello, pings, then messages until the socket closes."""
    try:
        first = await asyncio.wait_for(receive_text(websocket), HELLO_TIMEOUT)
    except TimeoutError:
        conn.send(Refusal("hello_first", f"no hello within {HELLO_TIMEOUT:g} s").to_json())
        await asyncio.sleep(0.05)
        await conn.close(4408, "hello_first")
        return
    try:
        msg = parse(first)
        if msg.get("type") != "hello":
            raise Refusal("hello_first", 'the first message is {"type": "hello", "table": ..., "secret": ...}')
        await hub.hello(conn, msg)
    except Refusal as exc:
        conn.send(exc.to_json())
        await asyncio.sleep(0.05)  # let the writer send the refusal before the close
        await conn.close(4403 if exc.code == "forbidden" else 4400, exc.code)
        return
    pinger = asyncio.get_running_loop().create_task(ping_loop(conn))
    try:
        while not conn.closed:
            text = await receive_text(websocket)
            received = now()
            if not conn.limit.take(received):
                if conn.limit.warn(received):
                    conn.send(Refusal("rate_limited", f"at most {conn.limit.rate:g} messages a second; "
                                      f"{conn.limit.dropped} dropped so far").to_json())
                    if conn.limit.exhausted():
                        await conn.close(1008, "rate_limited")
                        return
                continue
            ref = None
            try:
                msg = parse(text)
                ref = msg.get("ref") if isinstance(msg.get("ref"), int) and not isinstance(msg.get("ref"), bool) else None
                await hub.dispatch(conn, msg, received)
            except Refusal as exc:
                conn.send(exc.to_json(ref))
    finally:
        pinger.cancel()


async def ping_loop(conn: Connection) -> None:
    """A few quick pings at the start (a first round-trip estimate), then one every few seconds."""
    for _ in range(HELLO_PINGS):
        conn.ping()
        await asyncio.sleep(0.1)
    while not conn.closed:
        await asyncio.sleep(PING_INTERVAL)
        conn.ping()


__all__ = ["Guard", "HostPolicy", "build_app", "dumps", "MAX_MESSAGE"]
