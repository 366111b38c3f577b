"""Load on the playtest server: N tables of bot players over real websockets (issue 34).

For each N a fresh server (``python -m playtable serve``, its own process) gets N tables of
``memm`` with two bot players each (:class:`playtable.bots.SeatClient`, one asyncio process
for all bots: what a page does, without the browser), made through the designer's lobby. A bot
whose turn it is waits a think time, then makes its scripted move and measures the **move
round trip**: from sending the move to its acknowledgement, which the server sends only after
the move is committed to SQLite and every seat's new view has been computed and queued. A game
that ends is followed by a rematch. After a warm-up, round trips are collected for a fixed time.

    python -m benchmarks.playtable_load                      # 10, 50, 200 tables; then where it breaks
    python -m benchmarks.playtable_load --tables 50 --seconds 20 --think 1.0

The machine has 2 cores: the server uses one, the bots the other. Figures depend on the load of
the machine (the benchmark prints its load average); the target is p95 < 150 ms at 50 tables.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import psutil

from playtable.bots import SeatClient, my_turn, scripted_move
from tests.tools.playtable_server import ServerProcess

TARGET_P95_MS = 150.0
DEFAULT_TABLES = (10, 50, 200)
BREAK_TABLES = (100, 300, 400)


def _pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


async def _measure(srv: ServerProcess, n_tables: int, seconds: float, warmup: float, think: float,
                   game: str, params: dict[str, str]) -> dict[str, Any]:
    lobby = await SeatClient(srv.info["tables"][0]["lobby"]).start(timeout=120)
    for i in range(1, n_tables):
        while True:  # the lobby is a client like any other: it keeps to the server's message rate
            r = await lobby.request({"type": "create", "game": game, "params": params, "seats": ["human", "human"],
                                     "seed": i}, timeout=120)
            if r.get("code") != "rate_limited":
                break
            await asyncio.sleep(1.0)
        if r["type"] != "ack":
            raise RuntimeError(f"table {i} was not created: {r}")
    while len(lobby.lobby.get("tables", [])) < n_tables:
        await asyncio.sleep(0.05)
    tables = list(lobby.lobby["tables"])[:n_tables]
    rtts: list[float] = []
    server_ms: list[float] = []
    errors: dict[str, int] = {}
    state = {"measuring": False, "stop": False, "moves": 0, "rematches": 0}
    rng = np.random.default_rng(0)

    async def bot(table: dict[str, Any], seat: int, link: str, seed: int) -> None:
        client = await SeatClient(link).start(timeout=300)
        local = np.random.default_rng(seed)
        while not state["stop"]:
            try:
                view = await client.wait_view(lambda v: bool(v.get("finished")) or my_turn(v), timeout=2.0)
            except TimeoutError:
                continue
            if view.get("finished"):
                if seat == 0:
                    await lobby.request({"type": "rematch", "table": table["id"]})
                    state["rematches"] += 1
                await client.wait_view(lambda v: not v.get("finished") or state["stop"])
                continue
            await asyncio.sleep(float(local.exponential(think)) if think > 0 else 0)
            move = scripted_move(client.view, seed, seat)
            if move is None or not my_turn(client.view):
                continue
            reply, rtt = await client.move(move, timeout=60)
            if reply["type"] == "ack":
                if state["measuring"]:
                    rtts.append(rtt)
                    server_ms.append(float(reply.get("server_ms", "nan")))
                    state["moves"] += 1
            else:
                code = str(reply.get("code", reply["type"]))
                if state["measuring"]:
                    errors[code] = errors.get(code, 0) + 1
        await client.close()

    tasks = [asyncio.get_running_loop().create_task(bot(t, int(p), u, int(rng.integers(1 << 30))))
             for t in tables for p, u in t["links"]["seats"].items()]
    server = psutil.Process(srv.proc.pid)  # type: ignore[union-attr]
    bots_process = psutil.Process()
    await asyncio.sleep(warmup)
    server.cpu_percent(None)
    bots_process.cpu_percent(None)
    state["measuring"] = True
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    state["measuring"] = False
    elapsed = time.perf_counter() - started
    cpu = server.cpu_percent(None)
    bots_cpu = bots_process.cpu_percent(None)
    state["stop"] = True
    await asyncio.wait(tasks, timeout=30)
    await lobby.close()
    stale = errors.get("stale", 0)  # a view that changed under a bot's move: the normal refusal
    return {
        "tables": n_tables, "bots": len(tasks), "moves": state["moves"], "moves_per_s": state["moves"] / elapsed,
        "p50_ms": _pct(rtts, 50) * 1000, "p95_ms": _pct(rtts, 95) * 1000, "p99_ms": _pct(rtts, 99) * 1000,
        "max_ms": max(rtts, default=float("nan")) * 1000, "errors": errors, "stale": stale,
        "server_p50_ms": _pct(server_ms, 50), "server_p95_ms": _pct(server_ms, 95),
        "server_cpu_percent": cpu, "bots_cpu_percent": bots_cpu, "rematches": state["rematches"],
        "load_average": list(os.getloadavg()),
        "ok": bool(rtts) and _pct(rtts, 95) * 1000 < TARGET_P95_MS and not (set(errors) - {"stale"}),
    }


def measure(n_tables: int, *, seconds: float = 20.0, warmup: float = 5.0, think: float = 1.0,
            game: str = "memm", params: dict[str, str] | None = None) -> dict[str, Any]:
    """One load level on a fresh server."""
    params = params or {"players": "2"}
    folder = Path(tempfile.mkdtemp(prefix="playtable-load-"))
    args = [game, *[x for k, v in params.items() for x in ("--set", f"{k}={v}")], "--seats", "human,human",
            "--pace", "0", "--rate", "100", "--abandon-after", "600"]
    with ServerProcess(folder, args) as srv:
        srv.start(timeout=300)
        result = asyncio.run(_measure(srv, n_tables, seconds, warmup, think, game, params))
        srv.terminate()
    result["think_s"] = think
    return result


def run(levels: tuple[int, ...] = DEFAULT_TABLES, breaking: tuple[int, ...] = BREAK_TABLES, *, seconds: float = 20.0,
        think: float = 1.0) -> dict[str, Any]:
    """The target levels, then higher ones until the p95 target is missed (where it breaks)."""
    out: dict[str, Any] = {"think_s": think, "seconds": seconds, "target_p95_ms": TARGET_P95_MS,
                           "load_average_start": list(os.getloadavg()), "levels": []}
    for n in levels:
        print(f"playtable load: {n} tables ...", file=sys.stderr, flush=True)
        out["levels"].append(measure(n, seconds=seconds, think=think))
    broke = next((r["tables"] for r in out["levels"] if not r["ok"]), None)
    for n in breaking:
        if broke is not None:
            break
        if n <= max(levels):
            continue
        print(f"playtable load: {n} tables (looking for where it breaks) ...", file=sys.stderr, flush=True)
        r = measure(n, seconds=seconds, think=think)
        out["levels"].append(r)
        if not r["ok"]:
            broke = n
    out["breaks_at_tables"] = broke
    out["load_average_end"] = list(os.getloadavg())
    return out


def table_rows(result: dict[str, Any] | None) -> list[tuple[str, str, str, str, str]]:
    rows: list[tuple[str, str, str, str, str]] = []
    if not result:
        return rows
    for r in result["levels"]:
        others = {k: v for k, v in r["errors"].items() if k != "stale"}
        rows.append((
            "playtable", f"{r['tables']} tables, {r['bots']} bots (think {r['think_s']:g} s)",
            f"p50 {r['p50_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms (in the server: p50 {r.get('server_p50_ms', float('nan')):.0f}, "
            f"p95 {r.get('server_p95_ms', float('nan')):.0f}); {r['moves_per_s']:.0f} moves/s; "
            f"CPU server {r['server_cpu_percent']:.0f}%, bots {r.get('bots_cpu_percent', float('nan')):.0f}%; "
            f"load {r.get('load_average', [float('nan')])[0]:.1f}" + (f"; errors {others}" if others else ""),
            f"p95 < {TARGET_P95_MS:.0f} ms" if r["tables"] == 50 else "", "ok" if r["ok"] else "MISSED",
        ))
    broke = result.get("breaks_at_tables")
    rows.append(("playtable", "where the p95 target is first missed", f"{broke} tables" if broke else "not reached",
                 "", ""))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.playtable_load", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default=",".join(map(str, DEFAULT_TABLES)), help="comma list of table counts")
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring time per level")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time of a bot, seconds (exponential)")
    parser.add_argument("--no-break", action="store_true", help="do not look for where it breaks")
    parser.add_argument("--output", default="", help="write the result as JSON")
    args = parser.parse_args(argv)
    levels = tuple(int(x) for x in args.tables.split(",") if x.strip())
    result = run(levels, () if args.no_break else BREAK_TABLES, seconds=args.seconds, think=args.think)
    for row in table_rows(result):
        print(" | ".join(row))
    print(f"load average {result['load_average_start']} -> {result['load_average_end']}")
    if args.output:
        Path(args.output).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
