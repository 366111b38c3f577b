"""Browser fixtures: one Voilà server and one headless Debian Chromium per test session.

Voilà serves ``tests/browser/notebooks`` with pre-heated kernels (each notebook is executed once
in the background as the server starts, so a page opens at once); Playwright drives Debian's
``/usr/bin/chromium`` (never a downloaded browser). The notebooks write the kernel-side state
of their board to ``$RL_PROBE_DIR/<id>.json`` after every change, where ``<id>`` is a class the
widget carries in the page, so a test checks the kernel, not only the DOM.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
NOTEBOOKS = HERE / "notebooks"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(os.environ.get("RL_SCREENSHOTS", "/tmp/rules-lab-screenshots"))

collect_ignore_glob = ["notebooks/*.ipynb"]  # served pages, not nbval notebooks


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str, proc: subprocess.Popen[Any], timeout: float, log: Path) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited ({proc.returncode}):\n{log.read_text()[-3000:]}")
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2) as r:
            if r.status < 500:
                return
        time.sleep(0.3)
    raise RuntimeError(f"server at {url} did not answer in {timeout}s:\n{log.read_text()[-3000:]}")


def server_env(probe_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    # the repository first on the kernels' path: the widgets of this checkout, whatever the
    # state of the editable install
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["RL_PROBE_DIR"] = str(probe_dir)
    env.pop("JUPYTER_PLATFORM_DIRS", None)
    return env


def stop(proc: subprocess.Popen[Any]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=5)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make browser` (apt-get install chromium)")
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
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
        "--VoilaKernelManager.fill_delay=3600", str(NOTEBOOKS),
    ]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=server_env(probe_dir), stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_http(f"http://127.0.0.1:{port}/", proc, 90, log)
        yield {"url": f"http://127.0.0.1:{port}", "probes": probe_dir, "log": log}
    finally:
        stop(proc)


class PlayPage:
    """A Playwright page showing one play notebook, with helpers the tests share."""

    def __init__(self, page: Any, probes: Path) -> None:
        self.page = page
        self.probes = probes
        self.probe_id = ""

    def open(self, url: str, timeout: float = 120_000) -> None:
        self.page.goto(url, timeout=timeout)
        self.page.wait_for_selector(".rl-board", timeout=timeout)
        cls = self.page.locator("[class*='rl-probe-']").first.get_attribute("class") or ""
        self.probe_id = next(c for c in cls.split() if c.startswith("rl-probe-"))[len("rl-probe-"):]
        self.wait_ready()

    def kernel(self) -> dict[str, Any]:
        """The kernel-side probe: moves, token, state hash, error."""
        path = self.probes / f"{self.probe_id}.json"
        return json.loads(path.read_text())

    def token(self) -> int:
        return int(self.page.locator(".rl-board").get_attribute("data-token") or -1)

    def wait_ready(self, timeout: float = 30_000) -> None:
        """Wait until it is the human's move (agents and chance have played) or the end."""
        self.page.wait_for_function(
            "() => { const b = document.querySelector('.rl-board');"
            " return b && !b.classList.contains('rl-busy') &&"
            " (b.classList.contains('rl-your-turn') || /game over/.test(b.textContent)); }",
            timeout=timeout,
        )

    def wait_token_change(self, before: int, timeout: float = 15_000) -> None:
        self.page.wait_for_function(
            f"() => Number(document.querySelector('.rl-board').dataset.token) !== {before}",
            timeout=timeout,
        )

    def svg(self) -> str:
        return self.page.locator(".rl-svg").inner_html()

    def note(self) -> str:
        return self.page.locator(".rl-note").inner_text()

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


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
