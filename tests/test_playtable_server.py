"""The playtest server as a process, over real websockets (issue 34): hostile clients, the
crash test, the app command and what a GET may cost.

The clients are :class:`playtable.bots.SeatClient` s (what a page does, without a browser);
``tests/browser/test_browser_playtable.py`` plays with real browsers.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import numpy as np
import psutil
import pytest
import websockets

import lab
from playtable.bots import SeatClient, my_turn, scripted_move
from playtable.session import TableSession, replay
from playtable.store import Store
from playtable.views import seat_view
from tests.tools.aio import run_coroutine
from tests.tools.playtable_server import ROOT, ServerProcess, free_port, patience

SMALL_MEMCEL = {
    "players": 3,
    "ring_layout": [{"colour": "red", "sectors": 4}, {"colour": "green", "sectors": 4}, {"colour": "blue", "sectors": 4}],
    "tile_counts": {"red": 2, "green": 2, "blue": 2, "orange": 3, "imprevisto": 3},
}


def run(coro: Any) -> Any:
    return run_coroutine(coro)


def http(url: str, host: str | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


async def raw_refusal(url: str, **kwargs: Any) -> tuple[int, bytes]:
    """The HTTP status and body of a refused websocket handshake."""
    try:
        async with websockets.connect(url, **kwargs):
            pass
    except websockets.exceptions.InvalidStatus as exc:
        return exc.response.status_code, bytes(exc.response.body or b"")
    raise AssertionError("the handshake was accepted")


# ---------------------------------------------------------------------- hostile clients
def test_hostile_clients_are_refused_typed_and_the_table_plays_on(tmp_path: Path) -> None:
    with ServerProcess(tmp_path, ["memm", "--set", "players=2", "--seats", "human,human", "--pace", "0"]) as srv:
        info = srv.start()
        table = info["tables"][0]
        ws_url = f"ws://127.0.0.1:{srv.port}/ws"

        async def go() -> dict[str, Any]:
            seats = {int(p): await SeatClient(u).start() for p, u in table["seats"].items()}
            spectator = await SeatClient(table["spectator"]).start()
            await asyncio.gather(*[c.wait_view(lambda v: "token" in v) for c in seats.values()])
            mover = next(c for c in seats.values() if my_turn(c.view))
            other = next(c for c in seats.values() if c is not mover)
            found: dict[str, Any] = {}

            async def refused(client: SeatClient, msg: dict[str, Any]) -> str:
                r = await client.request(msg)
                assert r["type"] == "error" and r["message"].startswith("refused"), r
                return str(r["code"])

            at = mover.view["at"]
            target = mover.view["targets"][0]
            # a forged secret, another table's, a secret of the wrong length
            for secret in ("A" * 43, table["spectator"].split("#")[1][::-1], "x"):
                async with websockets.connect(ws_url, origin=srv.url) as ws:
                    await ws.send(json.dumps({"type": "hello", "table": table["id"], "secret": secret}))
                    assert json.loads(await ws.recv())["code"] == "forbidden"
                    with pytest.raises(websockets.exceptions.ConnectionClosed):
                        await ws.recv()
                    assert ws.close_code == 4403
            # the other seat's link cannot move for the seat to act, a spectator cannot move at all
            found["other seat"] = await refused(other, {"type": "move", "kind": "click", "target": target,
                                                        "token": other.view["token"], "seat": mover.welcome["seat"]})
            found["spectator"] = await refused(spectator, {"type": "move", "kind": "click", "target": target,
                                                           "token": spectator.view["token"]})
            # a move, then the same message replayed
            move = {"type": "move", **scripted_move(mover.view, 0, mover.welcome["seat"]), "token": mover.view["token"]}
            assert (await mover.request(move))["type"] == "ack"
            found["replayed"] = await refused(mover, move)
            # an oversized message: a typed refusal; a 10 MB frame: refused by the protocol (1009)
            found["32 KB"] = await refused(mover, {"type": "move", "kind": "click", "target": "x" * 32_000})
            async with websockets.connect(ws_url, origin=srv.url, max_size=None) as ws:
                await ws.send(json.dumps({"type": "hello", "table": table["id"], "secret": table["seats"]["0"].split("#")[1]}))
                with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
                    await ws.send("x" * 10_000_000)  # refused as it arrives, before it is read
                    while True:
                        await ws.recv()
                found["10 MB"] = closed.value.rcvd.code if closed.value.rcvd else ws.close_code
            # a flood of 1,000 messages a second while the other players go on
            flood_conn = await SeatClient(table["seats"]["0"]).start()
            before = srv_state = await state_of(spectator)
            latencies_before = await round_trips(other, 10)

            async def flood() -> int:
                sent = 0
                for _ in range(3):
                    started = time.perf_counter()
                    for _ in range(1000):
                        if not await flood_conn._send_raw({"type": "move", "kind": "click", "target": "x", "token": 0}):  # noqa: SLF001
                            return sent
                        sent += 1
                    await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - started)))
                return sent

            flooding = asyncio.get_running_loop().create_task(flood())
            latencies_during = await round_trips(other, 10)
            sent = await flooding
            await asyncio.sleep(0.5)
            found["flood"] = sorted({e["code"] for e in flood_conn.errors})
            found["flood sent"] = sent
            found["flood closed"] = flood_conn.closed_for_good or "open"
            assert await state_of(spectator) == srv_state == before  # the flood changed nothing
            found["latency"] = (statistics.median(latencies_before), statistics.median(latencies_during))
            # the game goes on for the honest seats
            for _ in range(4):
                c = next((c for c in seats.values() if my_turn(c.view)), None)
                if c is None:
                    break
                assert (await c.move(scripted_move(c.view, 1, c.welcome["seat"])))[0]["type"] == "ack"
            found["at"] = (at, mover.view["at"])
            for c in [*seats.values(), spectator, flood_conn]:
                await c.close()
            return found

        found = run(go())
        assert found["other seat"] == "not_your_turn" and found["spectator"] == "spectator"
        assert found["replayed"] == "stale" and found["32 KB"] == "too_large" and found["10 MB"] == 1009
        # the burst the limit allows is read (and refused: stale), the rest is dropped unread
        assert found["flood"] == ["rate_limited", "stale"] and found["flood sent"] >= 1000
        before, during = found["latency"]
        print(f"other seat's median round trip: {before * 1000:.1f} ms before the flood, {during * 1000:.1f} ms during")
        assert during <= 3 * before + patience(0.05), found["latency"]
        # wrong origins, no origin, wrong host: refused at the handshake with a typed body
        status, body = run(raw_refusal(ws_url, origin="http://evil.example"))
        assert status == 403 and json.loads(body)["code"] == "bad_origin"
        status, body = run(raw_refusal(ws_url))
        assert status == 403 and json.loads(body)["code"] == "bad_origin"
        status, body = handshake(srv.port, host="evil.example", origin="http://evil.example")  # DNS rebinding
        assert status == 400 and json.loads(body)["code"] == "bad_host"
        status, body = handshake(srv.port, host=f"127.0.0.1:{srv.port}", origin=srv.url)
        assert status == 101
        status, _, body = http(f"{srv.url}/lobby", host="evil.example")
        assert status == 400 and json.loads(body)["code"] == "bad_host"
        status, headers, _ = http(f"{srv.url}/t/{table['id']}")
        assert status == 200 and "script-src 'self'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY" and headers["referrer-policy"] == "no-referrer"
        assert http(f"{srv.url}/static/..%2f..%2fpyproject.toml")[0] == 404
        assert http(f"{srv.url}/static/table.js")[0] == 200
        assert srv.proc is not None and srv.proc.poll() is None


def handshake(port: int, *, host: str, origin: str) -> tuple[int, bytes]:
    """A websocket handshake sent by hand (one ``Host`` header, as a browser sends it)."""
    import socket

    request = (f"GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request.encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        status = int(head.split()[1])
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")), 0)
        while len(body) < length:
            chunk = sock.recv(4096)
            if not chunk:
                break
            body += chunk
    return status, body


async def state_of(spectator: SeatClient) -> Any:
    await asyncio.sleep(0.2)
    return spectator.view.get("at"), spectator.view.get("svg")


async def round_trips(client: SeatClient, n: int) -> list[float]:
    """Round trips of harmless requests (a name change) of a seat that is not flooding."""
    out = []
    for i in range(n):
        started = time.perf_counter()
        r = await client.request({"type": "name", "name": f"p{i % 2}"})
        assert r["type"] == "ack", r
        out.append(time.perf_counter() - started)
    return out


def test_unauthenticated_gets_start_nothing(tmp_path: Path) -> None:
    with ServerProcess(tmp_path, ["memm", "--set", "players=2", "--pace", "0"]) as srv:
        info = srv.start()
        process = psutil.Process(srv.proc.pid)  # type: ignore[union-attr]
        threads, children = process.num_threads(), len(process.children(recursive=True))
        paths = ["/", "/lobby", f"/t/{info['tables'][0]['id']}", "/t/nosuchtable", "/static/board.js", "/healthz"]
        for i in range(120):
            http(srv.url + paths[i % len(paths)])
        assert process.num_threads() <= threads and len(process.children(recursive=True)) == children == 0
        store = Store(srv.db)
        assert len(store.table_ids()) == 1
        store.close()


# ---------------------------------------------------------------------- the crash test
GAMES = 20
KILLS = 3


def _specs() -> list[tuple[str, dict[str, Any], list[str]]]:
    out = []
    for i in range(GAMES):
        if i % 5 in (1, 3):
            out.append(("memcel", SMALL_MEMCEL, ["human", "human", "memory"]))
        else:
            out.append(("memm", {"players": 2}, ["human", "human"]))
    return out


def _text_params(params: dict[str, Any]) -> dict[str, str]:
    return {k: v if isinstance(v, str) else json.dumps(v) for k, v in params.items()}


def twin(game: lab.Game, seats: list[str], seed: int, policy: int) -> tuple[TableSession, list[tuple[int, Any, int]]]:
    """The same scripted people at the same table, in this process, never interrupted."""
    session = TableSession(game, seats, seed)
    played: list[tuple[int, Any, int]] = []
    for _ in range(20_000):
        session.run()
        if session.state.is_terminal():
            return session, played
        seat = session.human_to_act()[0]
        view = seat_view(session, seat)
        view["at"] = [1, len(played), session.state.move_number()]
        move = scripted_move(view, policy, seat)
        assert move is not None
        with session.as_seat(seat):
            if move["kind"] == "click":
                session.click(seat, move["target"], session.version)
            else:
                session.choose(seat, move["action"], session.version)
        played += [(p, a.to_json(), s) for p, a, s in session.drain()]
    raise AssertionError("the twin did not end")


def test_sigkill_at_random_moments_loses_no_acknowledged_move(tmp_path: Path) -> None:
    """20 scripted games on one server, killed (SIGKILL) at random moments and started again by
    the same command: every acknowledged move is in the journal, every game ends as its
    uninterrupted twin (same seeds, same people), and each is recorded once."""
    rng = np.random.default_rng(34)
    port = free_port()
    specs = _specs()
    srv = ServerProcess(tmp_path, ["memm", "--set", "players=2", "--seats", "human,human", "--pace", "0"], port)
    acked: dict[str, list[list[Any]]] = {}
    kills: list[int] = []
    with srv:
        info = srv.start()

        async def go() -> dict[str, Any]:
            lobby = await SeatClient(info["tables"][0]["lobby"]).start()
            for i, (name, params, seats) in enumerate(specs[1:], 1):
                r = await lobby.request({"type": "create", "game": name, "params": _text_params(params), "seats": seats,
                                         "seed": i, "label": f"crash {i}"})
                assert r["type"] == "ack", r
            while len(lobby.lobby.get("tables", [])) < GAMES:  # the lobby's list follows within 0.25 s
                await asyncio.sleep(0.05)
            tables = {t["id"]: t for t in lobby.lobby["tables"]}
            assert len(tables) == GAMES
            await lobby.close()
            order = [info["tables"][0]["id"], *[t["id"] for t in lobby.lobby["tables"] if t["id"] != info["tables"][0]["id"]]]
            total = {"acks": 0}
            done = asyncio.Event()

            async def person(table_id: str, index: int, seat: int, link: str) -> None:
                client = await SeatClient(link).start(timeout=patience(120))
                acked.setdefault(table_id, [])
                while True:
                    view = await client.wait_view(lambda v: v.get("finished") or my_turn(v))
                    if view.get("finished"):
                        break
                    reply, _ = await client.move(scripted_move(view, index, seat), timeout=patience(120))
                    if reply["type"] == "ack":
                        total["acks"] += 1
                        acked[table_id] += reply["stored"]
                    elif reply["type"] == "error":
                        assert reply["code"] in ("stale", "not_your_turn"), reply  # a view from before a restart
                await client.close()

            async def killer(thresholds: list[int]) -> None:
                for threshold in thresholds:
                    while total["acks"] < threshold and not done.is_set():
                        await asyncio.sleep(0.01)
                    if done.is_set():
                        return
                    await asyncio.sleep(float(rng.uniform(0.0, 0.05)))  # between messages, or in the middle of one
                    await asyncio.to_thread(srv.kill)
                    kills.append(total["acks"])
                    await asyncio.to_thread(srv.start)

            people = [person(tid, order.index(tid), int(p), u) for tid in order
                      for p, u in tables[tid]["links"]["seats"].items()
                      if tables[tid]["seats"][int(p)]["kind"] == "human"]
            thresholds = sorted(int(x) for x in rng.integers(40, 500, size=KILLS))
            killing = asyncio.get_running_loop().create_task(killer(thresholds))
            await asyncio.gather(*people)
            done.set()
            await killing
            return {"order": order}

        result = run(go())
        srv.terminate()
    order = result["order"]
    assert len(kills) == KILLS, f"the games ended before every kill: {kills}"
    store = Store(srv.db)
    log = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    lost = 0
    for index, table_id in enumerate(order):
        name, params, seats = specs[index]
        row = store.load(table_id)
        journal = row.current.journal
        stored = {e.n: [e.n, e.step, e.seat, e.data["action"]] for e in journal}
        lost += sum(stored.get(entry[0]) != entry for entry in acked[table_id])
        game = lab.load(name, **params)
        live = replay(game, row.current.seats, index, journal)
        live.run()
        assert live.state.is_terminal(), table_id
        session, played = twin(game, seats, index, index)
        assert [(e.seat, e.data["action"], e.step) for e in journal] == played, f"table {index} played another game"
        assert live.state.to_json() == session.state.to_json()
        assert sum(r.get("table") == table_id for r in log) == 1, f"table {index}: not recorded exactly once"
    store.close()
    assert lost == 0
    print(f"crash test: {GAMES} games, SIGKILL after {kills} acknowledged moves, "
          f"{sum(len(v) for v in acked.values())} acknowledged moves stored, 0 lost; every game equal to its twin")


# ---------------------------------------------------------------------- the app command
def test_rules_lab_app_is_a_one_seat_table_that_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    """#40: the port is checked, SIGTERM leaves nothing running, a GET starts nothing."""
    port = free_port()
    cmd = [sys.executable, "-m", "lab.cli", "app", "memm", "--set", "players=2", "--port", str(port), "--dir",
           str(tmp_path)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert "open http://127.0.0.1:" in line, (line, proc.stderr.read() if proc.poll() is not None else "")  # type: ignore[union-attr]
        link = line.split("open ", 1)[1].strip()
        deadline = time.monotonic() + patience(120)
        while time.monotonic() < deadline:
            try:
                if http(f"http://127.0.0.1:{port}/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        process = psutil.Process(proc.pid)
        assert "playtable" in " ".join(process.cmdline())  # rules-lab app became the server (exec)
        assert process.children(recursive=True) == []

        async def play() -> dict[str, Any]:
            client = await SeatClient(link).start()
            got = {"view": dict(client.view), "welcome": dict(client.welcome)}
            await client.close()
            return got

        got = run(play())
        assert got["view"]["seat"] == 0 and got["welcome"]["role"] == "seat"
        proc.terminate()
        proc.wait(patience(60))
        with pytest.raises(OSError):
            http(f"http://127.0.0.1:{port}/healthz")
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    assert (tmp_path / "playtests" / "tables.db").exists()
