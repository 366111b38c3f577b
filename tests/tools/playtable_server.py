"""A real playtest server in a subprocess, for the server and browser tests.

:class:`ServerProcess` runs ``python -m playtable serve ... --json`` on a fixed port (so a
restart after SIGKILL comes back where the browsers and bots reconnect), reads the links it
prints and waits until ``/healthz`` answers. Waits are on those events; the time limits are
only there to fail a test that hangs, and grow with the machine's load.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.tools.patience import scaled

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def patience(base: float) -> float:
    """A time limit that grows with the machine's load (the tests share 2 cores)."""
    return scaled(base)


class ServerProcess:
    """``python -m playtable serve ARGS`` on ``port`` with its database in ``folder``."""

    def __init__(self, folder: Path, args: list[str], port: int | None = None) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.db = self.folder / "tables.db"
        self.cmd = [sys.executable, "-m", "playtable", "serve", *args, "--port", str(self.port),
                    "--db", str(self.db), "--json"]
        self.proc: subprocess.Popen[str] | None = None
        self.info: dict[str, Any] = {}
        self.starts = 0
        self.log = self.folder / "server.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 180.0) -> dict[str, Any]:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        err = self.log.open("a")
        self.proc = subprocess.Popen(self.cmd, cwd=self.folder, env=env, stdout=subprocess.PIPE, stderr=err, text=True)
        err.close()
        line: list[str] = []
        reader = threading.Thread(target=lambda: line.append(self.proc.stdout.readline()), daemon=True)  # type: ignore[union-attr]
        reader.start()
        reader.join(patience(timeout))
        if not line or not line[0].strip():
            self.kill()
            msg = f"the server printed no links: {self.log.read_text()[-3000:]}"
            raise RuntimeError(msg)
        self.info = json.loads(line[0])
        deadline = time.monotonic() + patience(timeout)
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                msg = f"the server exited ({self.proc.returncode}): {self.log.read_text()[-3000:]}"
                raise RuntimeError(msg)
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=5) as r:
                    if r.status == 200:
                        self.starts += 1
                        return self.info
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"the server never answered: {self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(60)

    def terminate(self, timeout: float = 60.0) -> int:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(patience(timeout))
            except subprocess.TimeoutExpired:
                self.kill()
        return int(self.proc.returncode)

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.kill()
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()
