"""Browser fixtures: one Voilà server and one headless Debian Chromium per test session.

Voilà serves ``tests/browser/notebooks`` with pre-heated kernels (each notebook is executed once
in the background as the server starts, so a page opens at once); Playwright drives Debian's
``/usr/bin/chromium`` (never a downloaded browser). The notebooks write the kernel-side state
of their board to ``$RL_PROBE_DIR/<id>.json`` after every change, where ``<id>`` is a class the
widget carries in the page, so a test checks the kernel, not only the DOM.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
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

from tests.tools.playwright_session import playwright_session

collect_ignore_glob = ["notebooks/*.ipynb"]  # served pages, not nbval notebooks


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make browser` (apt-get install chromium)")
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    with playwright_session() as pw:  # (not sync_playwright(): a warm pool forked later would hang its stop)
        b = pw.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Start Voilà once: base URL and the probe directory."""
    probe_dir = tmp_path_factory.mktemp("probes")
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    port = free_port()
    voila_bin = shutil.which("voila", path=str(Path(sys.executable).parent)) or "voila"
    cmd = [
        voila_bin, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True", "--preheat_kernel=True", "--pool_size=1",
        # refill a notebook's pool at once: Voila puts the refill task in the pool as soon as a
        # kernel is taken, so a second page of the same notebook awaits that task, and a long
        # fill_delay (3600 s once) made it hang until the test's timeout
        "--VoilaKernelManager.fill_delay=0", *template_args(),
        "--VoilaExecutor.iopub_timeout=120",  # a loaded machine must not drop the widget output
        str(NOTEBOOKS),
    ]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=offline_env(server_env(probe_dir)), stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_http(f"http://127.0.0.1:{port}/", proc, 90, log)
        yield {"url": f"http://127.0.0.1:{port}", "probes": probe_dir, "log": log}
    finally:
        stop(proc)


@pytest.fixture
def play_page(browser: Any, voila: dict[str, Any]) -> Iterator[PlayPage]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    pp = PlayPage(page, voila["probes"])
    pp.errors = errors  # type: ignore[attr-defined]
    yield pp
    context.close()
