"""Smoke test: the widgets render and play inside JupyterLab itself (not only in Voilà)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest
from browser_kit import ROOT, SCREENSHOTS, free_port, server_env, stop, wait_http

from tests.tools.patience import wait_ms

pytestmark = pytest.mark.browser

CELL = """import lab
from widgets import Board

board = Board(lab.load("memm", players=2), seat=0, agents={1: "random"}, seed=1, pace=0)
board"""


def test_board_renders_and_plays_in_jupyterlab(browser: Any, tmp_path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(CELL)]
    nbformat.write(nb, tmp_path / "smoke.ipynb")
    port = free_port()
    log = tmp_path / "lab.log"
    lab_bin = shutil.which("jupyter-lab", path=str(Path(sys.executable).parent)) or "jupyter-lab"
    cmd = [
        lab_bin, "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
        "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--ServerApp.root_dir={tmp_path}", "--allow-root",
    ]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=server_env(tmp_path), stdout=out, stderr=subprocess.STDOUT)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        wait_http(f"http://127.0.0.1:{port}/api/status", proc, 90, log)
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/lab/tree/smoke.ipynb?reset", timeout=wait_ms(120))
        editor = page.locator(".jp-Notebook .jp-Cell .cm-content").first
        editor.wait_for(timeout=wait_ms(120))
        # the kernel is connected once the status bar reads "... | Idle"
        page.wait_for_function("() => /[|] Idle/.test(document.body.innerText)", timeout=wait_ms(120))
        editor.click()
        page.keyboard.press("Shift+Enter")
        page.wait_for_selector(".jp-OutputArea .rl-board", timeout=wait_ms(120))
        board = page.locator(".jp-OutputArea .rl-board")
        page.wait_for_function(
            "() => document.querySelectorAll('.jp-OutputArea .rl-svg .rl-legal').length > 0", timeout=wait_ms(30)
        )
        status = board.locator(".rl-status").inner_text()
        assert "memm" in status and "your move" in status
        # one click on a highlighted place: the kernel answers (selection shown or move made)
        before = board.get_attribute("data-ack")
        page.locator(".jp-OutputArea .rl-svg .rl-legal").first.dispatch_event("click")
        page.wait_for_function(
            f"() => document.querySelector('.jp-OutputArea .rl-board').dataset.ack !== '{before}'",
            timeout=wait_ms(30),
        )
        assert board.locator(".rl-note").inner_text()
        assert not board.locator(".rl-note.rl-error").count()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "jupyterlab_smoke.png"))
    finally:
        context.close()
        stop(proc)
