"""Helpers of the browser tests: servers, Chromium settings, a play page driver.

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
import socket
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.tools.patience import load_factor

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
    "--enable-unsafe-swiftshader",  # WebGL in software for the 3D view (no GPU here)
]
SCREENSHOTS = Path(os.environ.get("RL_SCREENSHOTS", "/tmp/rules-lab-screenshots"))



def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str, proc: subprocess.Popen[Any], timeout: float, log: Path) -> None:
    """Wait until the server at ``url`` answers. ``timeout``: seconds on a quiet machine,
    stretched by the highest load seen while waiting (tests/tools/patience.load_factor)."""
    start, factor = time.monotonic(), load_factor()
    while time.monotonic() - start < timeout * factor:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited ({proc.returncode}):\n{log.read_text()[-3000:]}")
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2) as r:
            if r.status < 500:
                return
        time.sleep(0.3)
        factor = max(factor, load_factor())
    waited = time.monotonic() - start
    raise RuntimeError(f"server at {url} did not answer in {waited:.0f}s ({timeout}s at load factor {factor:.1f}):\n{log.read_text()[-3000:]}")


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


class PlayPage:
    """A Playwright page showing one play notebook, with helpers the tests share."""

    def __init__(self, page: Any, probes: Path) -> None:
        self.page = page
        self.probes = probes
        self.probe_id = ""

    def open(self, url: str, timeout: float = 300_000) -> None:  # 18 pre-heated pages on a loaded machine
        self.page.goto(url, timeout=timeout)
        self.page.wait_for_selector(".rl-board", timeout=timeout)
        cls = self.page.locator("[class*='rl-probe-']").first.get_attribute("class") or ""
        self.probe_id = next(c for c in cls.split() if c.startswith("rl-probe-"))[len("rl-probe-"):]
        self.wait_ready()

    def kernel(self) -> dict[str, Any]:
        """The kernel-side probe: moves, token, state hash, error."""
        path = self.probes / f"{self.probe_id}.json"
        return json.loads(path.read_text())

    def wait_kernel(self, check: Any, timeout: float = 15.0) -> dict[str, Any]:
        """The kernel-side probe once ``check(probe)`` holds (the file is rewritten after every
        change, so a reading taken just as the page changes may be the one before)."""
        deadline = time.monotonic() + timeout * load_factor()
        while True:
            data = self.kernel()
            if check(data) or time.monotonic() > deadline:
                return data
            time.sleep(0.05)

    def token(self) -> int:
        return int(self.page.locator(".rl-board").get_attribute("data-token") or -1)

    def wait_ready(self, timeout: float = 30_000) -> None:
        """Wait until it is the human's move (agents and chance have played) or the end."""
        self.page.wait_for_function(
            "() => { const b = document.querySelector('.rl-board');"
            " return b && !b.classList.contains('rl-busy') &&"
            " (b.classList.contains('rl-your-turn') || /game over/.test(b.textContent)); }",
            timeout=timeout * load_factor(),
        )

    def wait_token_change(self, before: int, timeout: float = 15_000) -> None:
        self.page.wait_for_function(
            f"() => Number(document.querySelector('.rl-board').dataset.token) !== {before}",
            timeout=timeout * load_factor(),
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
