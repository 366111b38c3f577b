"""Run the benchmarks, print one table and write it with the machine's details to JSON.

Usage (from the repository root)::

    python -m benchmarks.run            # the full run (about 10 minutes), -> benchmarks/results.json
    python -m benchmarks.run --quick    # a few minutes, -> benchmarks/results-quick.json
    python -m benchmarks.run --sections hex,routes --games memm
    python -m benchmarks.run --profile memm:greedy   # a pyinstrument profile of one game
    python -m benchmarks.run --table benchmarks/results.json   # print a saved table again

See benchmarks/README.md for how to read the table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import lab
from benchmarks import (
    cfr_bench,
    games_bench,
    hex_bench,
    import_time,
    kit_bench,
    playtable_load,
    saves_bench,
    scaling,
    speed_bench,
    workers_bench,
)

HERE = Path(__file__).resolve().parent
SECTIONS = ("hex", "games", "speed", "scaling", "memory", "routes", "saves", "kit", "workers", "playtable", "import", "cfr")

# (full, quick) settings
SETTINGS: dict[str, tuple[Any, Any]] = {
    "hex_rounds": (15, 5),
    "hex_seconds": (0.4, 0.2),
    "cross_games": (400, 100),
    "game_seconds": (1.0, 0.3),
    "game_runs": (3, 1),
    "scaling_games": (10_000, 2_000),
    "rss_games": ([10_000, 100_000], [1_000, 10_000]),
    "route_queries": (5_000, 1_000),
    "kit_rounds": (3, 1),
    "kit_seconds": (1.0, 0.3),
    "warm_rounds": (7, 3),
    "tune_budget": (12, 6),
    "speed_rounds": (6, 2),
    "playtable_seconds": (20.0, 8.0),  # measuring time per load level of the playtest server
    "import_rounds": (7, 3),
    "cfr_rounds": (3, 1),
}

TARGETS = {
    "hex_ratio": 0.5,
    "clone_ratio": 0.5,
    "mcts_ratio": 1.0,
    "local_speedup": 1.8,
    "dask_speedup": 1.6,
    "routes_speedup": 50.0,
    "largest_board_s": 1.0,
    # Peak memory may grow by the returned table (plus one transient copy), nothing else.
    "rss_excess": 2.5,
    "warm_speedup": 1.6,
    # issue #15 section 5: each seed game's random play against the baseline commit, same rules
    "random_play_ratio": 3.0,
}


# ---------------------------------------------------------------------- machine
def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _version(package: str) -> str | None:
    try:
        return version(package)
    except PackageNotFoundError:
        return None


def _git_commit() -> str | None:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True, text=True, check=False
        )
    except OSError:
        return None
    return out.stdout.strip() or None


def machine() -> dict[str, Any]:
    """CPU, cores, OS, Python and library versions, load average, time and commit."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    return {
        "cpu_model": _cpu_model(),
        "cpu_count": os.cpu_count(),
        "usable_cores": usable,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "versions": {
            p: _version(p)
            for p in ("rules-lab", "numpy", "pandas", "networkx", "open-spiel", "dask", "distributed")
        },
        "load_average_start": _load(),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _git_commit(),
        "build": _build(),
    }


def _build() -> str:
    """Which build of the engine ran: ``compiled`` (lab.native) or ``sources`` and why."""
    import lab

    status = lab.native.status()
    return "compiled" if status["compiled"] else f"sources ({status['reason']})"


def _build_label(record: dict[str, Any]) -> str:
    """The build a run (or re-measurement) recorded, for the table's header lines."""
    build = record.get("build")
    return f"{build} build" if build else "build not recorded"


def _load() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


# ---------------------------------------------------------------------- the table
def _fmt(x: float) -> str:
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def _verdict(value: float, target: float) -> str:
    return "ok" if value >= target else "BELOW"


def _scaling_rows(what: str, r: dict[str, Any], target: float) -> list[tuple[str, str, str, str, str]]:
    """The scaling section's row for one way of running (``r``: its timings), and the row
    bound by CPU time where it has one."""
    rows = [(
        "scaling", what,
        f"{r['seconds_1']:.1f}s -> {r['seconds_2']:.1f}s = {r['speedup']:.2f}x",
        f">= {target}x", _verdict(r["speedup"], target),
    )]
    if "cpu_bound_speedup" in r:
        rows.append((
            "scaling", "  same, CPU-time bound (idle machine)",
            f"cpu {r['cpu_seconds_1']:.1f}s -> {r['cpu_seconds_2']:.1f}s = "
            f"{r['cpu_bound_speedup']:.2f}x", f">= {target}x",
            _verdict(r["cpu_bound_speedup"], target),
        ))
    return rows


def _mcts_rows(m: dict[str, Any] | None) -> list[tuple[str, str, str, str, str]]:
    """The hex section's MCTS row: lab's mcts agent against OpenSpiel's Python MCTSBot."""
    if not m:
        return []
    label = f"MCTS iterations/s ({m['simulations']} it., c={m['uct_c']}, random rollouts)"
    text = f"{_fmt(m['lab_iterations_per_s'])} it/s"
    if "ratio_to_openspiel" not in m:
        return [("hex", label, text, "", "")]
    target = TARGETS["mcts_ratio"]
    text += f" (OS MCTSBot {_fmt(m['openspiel_iterations_per_s'])}) = {m['ratio_to_openspiel']:.2f}x OS"
    return [("hex", label, text, f">= {target}x", _verdict(m["ratio_to_openspiel"], target))]


def _speed_rows(speed: dict[str, Any] | None) -> list[tuple[str, str, str, str, str]]:
    """Rows of the ``speed`` section: each game's random play against the baseline commit."""
    if not speed:
        return []
    if "error" in speed:
        return [("speed", f"random play vs {speed['baseline']}", speed["error"][:80], "", "skipped")]
    target = TARGETS["random_play_ratio"]
    rows = []
    for name, m in speed["games"].items():
        lo, hi = m["ratios"][0], m["ratios"][-1]
        rows.append((
            "speed", f"{name} random play vs {speed['baseline']} (same rules, paired)",
            f"{_fmt(m['actions_per_s_b'])} vs {_fmt(m['actions_per_s_a'])} act/s = {m['ratio']:.2f}x "
            f"(rounds {lo:.2f}-{hi:.2f})",
            f">= {target}x", _verdict(m["ratio"], target),
        ))
    return rows


def table_rows(results: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """(section, item, result, target, status) rows of the printed table."""
    rows: list[tuple[str, str, str, str, str]] = []
    hx = results.get("hex")
    if hx:
        t = hx["timings"]
        size = hx["board_size"]
        if "openspiel" in t:
            rows.append((
                "hex", f"OpenSpiel hex {size}x{size} (C++, driven from Python)",
                f"{_fmt(t['openspiel']['actions_per_s'])} act/s", "", "",
            ))
        else:
            rows.append(("hex", "OpenSpiel column skipped", hx["openspiel_note"], "", "skipped"))
        labels = {
            "lab_checked": "lab, public checked API",
            "lab_fast": "lab, driver fast path",
            "lab_play": "lab.play + RandomAgent",
        }
        for key, label in labels.items():
            entry = t[key]
            ratio = entry.get("ratio_to_openspiel")
            text = f"{_fmt(entry['actions_per_s'])} act/s"
            if ratio is None:
                rows.append(("hex", label, text, "", ""))
            elif key == "lab_play":
                rows.append(("hex", label, f"{text} = {ratio:.2f}x OS", "(reference)", ""))
            else:
                target = TARGETS["hex_ratio"]
                rows.append(("hex", label, f"{text} = {ratio:.2f}x OS", f">= {target}x", _verdict(ratio, target)))
        clones = hx["clone_per_s"]
        if "ratio" in clones:
            target = TARGETS["clone_ratio"]
            text = f"{_fmt(clones['lab'])}/s = {clones['ratio']:.2f}x OS ({_fmt(clones['openspiel'])}/s)"
            rows.append(("hex", "clone() of a half-full board", text, f">= {target}x",
                         _verdict(clones["ratio"], target)))
        else:
            extra = f" (OS {_fmt(clones['openspiel'])})" if "openspiel" in clones else ""
            rows.append(("hex", "clone() of a half-full board", f"{_fmt(clones['lab'])}/s{extra}", "", ""))
        rows.extend(_mcts_rows(hx.get("mcts")))
        cc = hx.get("cross_check")
        if cc:
            status = "ok" if cc["mismatches"] == 0 else "MISMATCH"
            rows.append((
                "hex", "cross-check lab vs OpenSpiel",
                f"{cc['games']} games, {cc['steps']:,} steps, {cc['mismatches']} mismatches",
                "0 mismatches", status,
            ))
    rows.extend(_speed_rows(results.get("speed")))
    for name, entry in (results.get("games") or {}).items():
        if "error" in entry:
            rows.append(("games", name, entry["error"][:60], "", "ERROR"))
            continue
        for agent, m in entry["agents"].items():
            if "error" in m:
                rows.append(("games", f"{name} / {agent}", m["error"][:60], "", "ERROR"))
                continue
            rows.append((
                "games", f"{name} / {agent}",
                f"{_fmt(m['games_per_s'])} games/s, {_fmt(m['actions_per_s'])} act/s",
                f"len {m['mean_length']:.0f}", "",
            ))
    sc = results.get("scaling")
    if sc:
        n = f"{sc['n_games']:,} {sc['game']}"
        rows += _scaling_rows(f"simulate {n}, 1 -> 2 processes", sc["local"], TARGETS["local_speedup"])
        dk = sc["dask"]
        if "error" in dk:
            rows.append(("scaling", "Dask LocalCluster", dk["error"], "", "skipped"))
        else:
            rows += _scaling_rows(f"simulate {n}, Dask 1 -> 2 workers", dk, TARGETS["dask_speedup"])
    mem = results.get("memory")
    if mem:
        if "error" in mem:
            rows.append(("memory", mem["game"], str(mem["error"])[:60], "", "ERROR"))
        else:
            for r in mem["runs"]:
                rows.append((
                    "memory", f"peak RSS, {r['n_games']:,} {mem['game']} games",
                    f"{r['peak_rss_mib']:.0f} MiB (+{r['growth_kib_per_game']:.2f} KiB/game; "
                    f"table {1024 * r['table_mib'] / r['n_games']:.2f} KiB/game)",
                    "", "",
                ))
            ratio = mem["ratio_largest_to_smallest"]
            rows.append(("memory", "peak RSS largest / smallest run", f"{ratio:.2f}x", "", ""))
            big = mem["runs"][-1]
            excess = big["growth_kib_per_game"] / max(1e-9, 1024 * big["table_mib"] / big["n_games"])
            target = TARGETS["rss_excess"]
            rows.append((
                "memory", f"growth per game / table bytes per game ({big['n_games']:,})",
                f"{excess:.2f}x", f"<= {target}x (flat)", "ok" if excess <= target else "GROWS",
            ))
    rt = results.get("routes")
    if rt:
        agree = "" if rt["agree_with_networkx"] else "DISAGREE"
        target = TARGETS["routes_speedup"]
        rows.append((
            "routes", f"route length, table vs nx.shortest_path ({rt['queries']:,} q)",
            f"{rt['table_length_us_per_query']:.2f} vs {rt['networkx_us_per_query']:.1f} us = "
            f"{rt['speedup_length']:,.0f}x",
            f">= {target:.0f}x", agree or _verdict(rt["speedup_length"], target),
        ))
        rows.append((
            "routes", "whole route, table walk vs nx.shortest_path",
            f"{rt['table_route_us_per_query']:.2f} vs {rt['networkx_us_per_query']:.1f} us = "
            f"{rt['speedup_route']:,.0f}x",
            f">= {target:.0f}x", agree or _verdict(rt["speedup_route"], target),
        ))
    big = (rt or {}).get("largest_board")
    if big:
        target = TARGETS["largest_board_s"]
        rows.append((
            "routes", f"Space Station's largest board ({big['columns']} x {big['rows']}) loads",
            f"{big['load_s']:.2f} s, {big['peak_mb']:.0f} MB (another Earth row {big['another_earth_row_s']:.2f} s)",
            f"< {target:.0f} s", "ok" if big["load_s"] < target else "SLOW",
        ))
    rows += saves_bench.table_rows(results.get("saves"))
    rows += playtable_load.table_rows(results.get("playtable"))
    rows += kit_bench.table_rows(results.get("kit") or {})
    rows += import_time.table_rows(results.get("import"))
    rows += cfr_bench.table_rows(results.get("cfr"))
    wk = results.get("workers")
    if wk:
        w = wk["warm"]
        if "error" in w:
            rows.append(("workers", "warm pool", w["error"], "", "skipped"))
        else:
            target = TARGETS["warm_speedup"]
            rows.append((
                "workers", f"simulate {w['n_games']} {w['game']}, 1 -> 2 warm workers (min of {w['rounds']})",
                f"{w['min_1']:.2f}s -> {w['min_2']:.2f}s = {w['speedup']:.2f}x",
                f">= {target}x", "MISMATCH" if not w["identical"] else _verdict(w["speedup"], target),
            ))
            rows.append((
                "workers", "  same, CPU-time bound (idle machine)",
                f"cpu {w['cpu_1']:.2f}s -> {w['cpu_2']:.2f}s = {w['cpu_bound_speedup']:.2f}x",
                f">= {target}x", _verdict(w["cpu_bound_speedup"], target),
            ))
        t = wk["tune"]
        rates = ", ".join(f"{k[-1]} worker(s) {v:.1f}" for k, v in t.items() if k.startswith("trials_per_min_"))
        rates += " (CPU-bound: " + ", ".join(
            f"{v:.1f}" for k, v in t.items() if k.startswith("cpu_bound_trials_per_min_")) + ")"
        rows.append((
            "workers", f"lab.tune {t['game']} ({t.get('agents')}), {t['games_per_trial']} games/trial: trials/min",
            rates, "same report", "ok" if t["identical"] else "MISMATCH",
        ))
    return rows


def format_table(rows: list[tuple[str, str, str, str, str]]) -> str:
    head = ("section", "measure", "result", "target", "status")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(5)]
    line = "  ".join("-" * w for w in widths)
    out = ["  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)), line]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return "\n".join(out)


# ---------------------------------------------------------------------- main
def _fastest_game(games: dict[str, Any] | None) -> str:
    """The registered game with the most random games per second (for the long runs)."""
    best, best_rate = "", -1.0
    for name, entry in (games or {}).items():
        rate = entry.get("agents", {}).get("random", {}).get("games_per_s", -1.0)
        if rate > best_rate:
            best, best_rate = name, rate
    if best:
        return best
    names = lab.game_names()
    return "space_station" if "space_station" in names else names[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few minutes)")
    parser.add_argument("--sections", default=",".join(SECTIONS), help=f"comma list of {', '.join(SECTIONS)}")
    parser.add_argument("--games", default="", help="comma list of games for the 'games' section")
    parser.add_argument("--long-run-game", default="", help="game for scaling and memory (default: the fastest)")
    parser.add_argument("--output", default="", help="JSON path (default benchmarks/results[-quick].json)")
    parser.add_argument("--profile", default="", metavar="GAME[:AGENT]", help="print a pyinstrument profile and exit")
    parser.add_argument("--update", action="store_true", help="re-measure only --sections in an existing output file")
    parser.add_argument("--table", default="", metavar="JSON", help="print the table of a saved results file and exit")
    args = parser.parse_args(argv)

    if args.table:
        saved = json.loads(Path(args.table).read_text())
        print(format_table(table_rows(saved)))
        return 0
    if args.profile:
        name, _, agent = args.profile.partition(":")
        print(games_bench.profile(name, agent or None, seconds=5.0))
        return 0
    sections = [s.strip() for s in args.sections.split(",") if s.strip()]
    unknown = sorted(set(sections) - set(SECTIONS))
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    k = 1 if args.quick else 0
    cfg = {key: pair[k] for key, pair in SETTINGS.items()}
    output = Path(args.output) if args.output else HERE / ("results-quick.json" if args.quick else "results.json")

    results: dict[str, Any] = {"machine": machine(), "mode": "quick" if args.quick else "full", "settings": cfg}
    if args.update and output.exists():  # keep the other sections of a saved run
        saved = json.loads(output.read_text())
        results = {**saved, "settings": cfg, "mode": results["mode"]}
        now = machine()
        results.setdefault("remeasured", []).append(
            {"sections": sections, **{k: now[k] for k in ("load_average_start", "date", "commit", "build")}}
        )
    started = time.perf_counter()

    def step(label: str) -> None:
        print(f"[{time.perf_counter() - started:6.0f}s] {label}", file=sys.stderr, flush=True)

    if "hex" in sections:
        step("hex: lab vs OpenSpiel")
        results["hex"] = hex_bench.run(cfg["hex_rounds"], cfg["hex_seconds"], cfg["cross_games"])
    if "games" in sections:
        step("games: every registered game, every agent")
        names = [g for g in args.games.split(",") if g] or None
        results["games"] = games_bench.run(cfg["game_seconds"], cfg["game_runs"], names)
    if "speed" in sections:
        step(f"speed: random play against {speed_bench.BASELINE}, paired")
        names = [g for g in args.games.split(",") if g] or None
        results["speed"] = speed_bench.run(cfg["speed_rounds"], names)
    long_game = args.long_run_game or _fastest_game(results.get("games"))
    if "routes" in sections and "space_station" in lab.game_names():
        step("routes: Space Station tables vs networkx")
        results["routes"] = scaling.space_station_routes(cfg["route_queries"])
        results["routes"]["largest_board"] = scaling.space_station_largest_board()
    if "scaling" in sections:
        step(f"scaling: {cfg['scaling_games']} {long_game} games on 1 and 2 workers")
        results["scaling"] = scaling.workers(long_game, cfg["scaling_games"])
    if "memory" in sections:
        step(f"memory: peak RSS of {cfg['rss_games']} {long_game} games")
        results["memory"] = scaling.peak_rss(long_game, cfg["rss_games"])
    if "saves" in sections:
        step("saves: 10-round Fiemme-Cembra matches, save and load")
        results["saves"] = saves_bench.run(1 if args.quick else 3)
    if "kit" in sections:
        step("kit: kit-defined Pig and Goofspiel vs OpenSpiel")
        results["kit"] = kit_bench.run(cfg["kit_rounds"], cfg["kit_seconds"])
    if "workers" in sections:
        step("workers: warm pool and lab.tune trials per minute")
        results["workers"] = {
            "warm": workers_bench.warm(rounds=cfg["warm_rounds"]),
            "tune": workers_bench.tune_rate(budget=cfg["tune_budget"]),
        }
    if "playtable" in sections:
        step("playtable: N tables of bots over websockets (10, 50, 200; then where it breaks)")
        results["playtable"] = playtable_load.run(seconds=cfg["playtable_seconds"])
    if "import" in sections:
        step("import: CPU time of python -c 'import lab'")
        results["import"] = import_time.run(cfg["import_rounds"])
    if "cfr" in sections:
        step("cfr: CFR on kit Kuhn and Leduc poker (tabulated) vs OpenSpiel's own")
        results["cfr"] = cfr_bench.run(cfg["cfr_rounds"])
    if args.update and results.get("remeasured"):
        results["remeasured"][-1]["load_average_end"] = _load()
        results["remeasured"][-1]["seconds"] = time.perf_counter() - started
    else:
        results["machine"]["load_average_end"] = _load()
        results["seconds"] = time.perf_counter() - started
    rows = table_rows(results)
    results["table"] = [dict(zip(("section", "measure", "result", "target", "status"), r, strict=True)) for r in rows]
    m = results["machine"]
    print(
        f"\nrules-lab benchmarks ({results['mode']}) on {m['cpu_model']}, {m['cpu_count']} cores, "
        f"Python {m['python']}, numpy {m['versions']['numpy']}, open-spiel {m['versions']['open-spiel']}, "
        f"{_build_label(m)}; "
        f"load {m['load_average_start']} -> {m['load_average_end']}; {results['seconds']:.0f} s\n"
    )
    for again in results.get("remeasured", []):
        print(f"(re-measured {', '.join(again['sections'])} on {again['date']}, {_build_label(again)}: load "
              f"{again['load_average_start']} -> {again.get('load_average_end')})")
    print(format_table(rows))
    output.write_text(json.dumps(results, indent=1, default=float) + "\n")
    print(f"\nwritten to {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
