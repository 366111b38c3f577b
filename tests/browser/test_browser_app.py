"""The playtest app (#19): ``python -m widgets.app`` serves one variant in Voilà, records the
games played there, and culls the kernel of a closed tab (Voilà kept every kernel alive)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import pytest
from browser_kit import ROOT, free_port, server_env, stop, wait_http

pytestmark = pytest.mark.browser


def kernels(proc: subprocess.Popen[Any]) -> list[psutil.Process]:
    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for child in children:
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                out.append(child)
        except psutil.Error:
            continue
    return out


def test_app_serves_a_variant_and_culls_the_kernel_of_a_closed_tab(browser: Any, tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "app.log"
    cmd = [sys.executable, "-m", "widgets.app", "memm", "--params", '{"players": 3}', "--port", str(port),
           "--dir", str(tmp_path / "app"), "--cull-idle-timeout", "4", "--cull-interval", "1"]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=server_env(tmp_path), stdout=out, stderr=subprocess.STDOUT)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        wait_http(f"http://127.0.0.1:{port}/", proc, 300, log)  # the app pre-heats its page now
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
        page.wait_for_selector(".rl-app .rl-board", timeout=120_000)
        assert "Playtest: memm" in page.inner_text("body") and "players=3" in page.inner_text("body")
        page.wait_for_function("() => document.querySelectorAll('.rl-svg .rl-legal').length > 0", timeout=60_000)
        assert page.locator(".widget-dropdown", has=page.locator("label", has_text="seat 2")).count() == 1
        alive = kernels(proc)
        assert alive, "no kernel runs the page"
        context.close()
        deadline = time.monotonic() + 60
        while any(k.is_running() for k in alive) and time.monotonic() < deadline:
            time.sleep(0.5)
        left = [" ".join(k.cmdline())[-120:] for k in alive if k.is_running()]
        assert not left, f"kernels of the closed tab still alive: {left}\n" + log.read_text()[-2000:]
        assert proc.poll() is None  # the server itself goes on
    finally:
        stop(proc)


def test_the_cli_app_command_checks_the_variant_first() -> None:
    from lab.cli import main

    assert main(["app", "memcel", "--set", "players=99", "--dry-run"]) == 2
    assert main(["app", "memcel", "--set", "players=3", "--dry-run"]) == 0
