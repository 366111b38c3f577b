"""Benchmark (not a test): click-to-redraw latency of the Board in a real browser.

    .venv/bin/python tests/browser/bench_click_latency.py [--clicks 25] [--games memcel,memm]

(``make bench`` runs it after the engine's benchmarks.) Serves the four play notebooks with
Voilà (pre-heated kernels, the offline page template), opens each in headless Debian Chromium
and clicks highlighted places. The page itself measures, with ``performance.now()``, the time
from the click to the first redraw of the board that follows the kernel's answer
(``data-latency-ms`` on the board). Prints the median and 90th percentile per game and overall,
the machine's load average beside them (the target: a median under 150 ms for every game on a
loaded machine), and writes them to ``benchmarks/click_latency.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from browser_kit import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NOTEBOOKS,
    ROOT,
    PlayPage,
    free_port,
    server_env,
    stop,
    wait_http,
)
from voila_pages import offline_env, template_args

GAMES = ["memcel", "fiemme_cembra", "space_station", "memm"]
OUT = ROOT / "benchmarks" / "click_latency.json"


def one_click(pp: PlayPage) -> float | None:
    """Click the first clickable legal place (or button); return the page's measured latency."""
    from test_browser_play import click_target

    page = pp.page
    redraws = int(page.locator(".rl-board").get_attribute("data-redraws") or 0)
    if click_target(pp, ".rl-svg .rl-legal") is None:
        buttons = page.locator(".rl-buttons button.rl-action:enabled")
        if not buttons.count():
            return None
        buttons.first.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('.rl-board').dataset.redraws) > {redraws}", timeout=30_000
    )
    value = page.locator(".rl-board").get_attribute("data-latency-ms")
    pp.wait_ready()
    return float(value) if value else None


def main() -> None:
    import subprocess

    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=25)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated (default: all four)")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    probes = Path(tempfile.mkdtemp(prefix="rl-bench-"))
    served = probes / "notebooks"  # only the pages measured: their kernels are pre-heated
    served.mkdir()
    for name in games:
        shutil.copy(NOTEBOOKS / f"play_{name}.ipynb", served)
    load_before = os.getloadavg()
    log = probes / "voila.log"
    port = free_port()
    voila_bin = str(Path(sys.executable).parent / "voila")
    cmd = [voila_bin, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--preheat_kernel=True",
           "--pool_size=1", "--VoilaKernelManager.fill_delay=0", *template_args(), "--VoilaExecutor.iopub_timeout=120",
           str(served)]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=offline_env(server_env(probes)), stdout=out, stderr=subprocess.STDOUT)
    results: dict[str, list[float]] = {}
    try:
        wait_http(f"http://127.0.0.1:{port}/", proc, 120, log)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for name in games:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                pp = PlayPage(page, probes)
                pp.open(f"http://127.0.0.1:{port}/voila/render/play_{name}.ipynb")
                samples = []
                for _ in range(args.clicks):
                    if "game over" in page.locator(".rl-status").inner_text():
                        break
                    ms = one_click(pp)
                    if ms is not None:
                        samples.append(ms)
                results[name] = samples
                page.close()
            browser.close()
    finally:
        stop(proc)
    everything = [v for vs in results.values() for v in vs]
    load = [round((a + b) / 2, 2) for a, b in zip(load_before, os.getloadavg(), strict=True)]
    table = {}
    for name, vs in [*results.items(), ("all", everything)]:
        if vs:
            p90 = statistics.quantiles(vs, n=10)[-1] if len(vs) > 1 else vs[0]
            med = statistics.median(vs)
            table[name] = {"clicks": len(vs), "median_ms": round(med, 1), "p90_ms": round(p90, 1)}
            flag = "" if name == "all" else ("  (target 150 ms: met)" if med <= 150 else "  (target 150 ms: NOT met)")
            print(f"{name:15s} clicks={len(vs):3d}  median={med:7.1f} ms  p90={p90:7.1f} ms{flag}")
    print(f"load average (1, 5, 15 min) during the run: {load} on {os.cpu_count()} cores")
    OUT.write_text(json.dumps({"games": table, "load": load, "cores": os.cpu_count(),
                               "clicks_per_game": args.clicks}, indent=1) + "\n")


if __name__ == "__main__":
    sys.path.insert(1, str(ROOT))  # this checkout's widgets, whatever the editable install says
    main()
