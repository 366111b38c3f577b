"""Screenshots of every game at its start, middle and end, for the README: live widgets in a browser.

    .venv/bin/python docs/make_screenshots.py

For each game a small notebook shows three real :class:`~widgets.Board` widgets of one seeded
game (agents in every seat): its first position, a position half-way through (the
game replayed to there, the human to move) and its end. Voilà serves the notebooks (with
rules-lab's offline page template), Debian's Chromium opens them and Playwright photographs each
board as the page draws it -- the widgets' own JavaScript and stylesheet, nothing laid out by
this script. memm's 3D view is photographed the same way (:class:`~widgets.Memm3D`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
SEED = 7
# the game and the players of its seeded game (random ones, or a game's own agent where random
# players do not finish a match)
GAMES = {
    "memcel": ('lab.load("memcel")', '"random"'),
    "fiemme_cembra": ('lab.load("fiemme_cembra", players=3)', '"collector"'),
    "space_station": ('lab.load("space_station")', '"random"'),
    "memm": ('lab.load("memm", players=2)', '"random"'),
}
MOMENTS = ("start", "middle", "end")

CELL = '''import ipywidgets

import lab
from lab.core.state import CHANCE, SIMULTANEOUS
from widgets import Board

game = {game}
full = lab.play(game, agents={agents}, seed={seed})


def replayed(upto):
    """The game after its first ``upto`` steps, then on until seat 0 is to move."""
    state = game.new_initial_state()
    for item in full.history()[:upto]:
        if item.player == SIMULTANEOUS:
            state.apply_actions({{p: a for p, a in enumerate(item.action) if a is not None}})
        else:
            state.apply_action(item.action)
    return state


history = full.history()
mine = [i for i, h in enumerate(history) if h.player == 0 or (h.player == SIMULTANEOUS and h.action[0] is not None)]
middle = replayed(mine[len(mine) // 2]) if mine else replayed(len(history) // 2)
boards = {{
    "start": Board(game, seat=0, seed={seed}, pace=0),
    "middle": Board(middle, seat=0, seed={seed}, pace=0),
    "end": Board(full, seat=0, pace=0),
}}
for when, board in boards.items():
    board.add_class("shot-" + when)
ipywidgets.VBox(list(boards.values()))
'''

THREE = '''import lab
from widgets import Memm3D

board = Memm3D(lab.load("memm", players=2), seat=0, seed={seed}, pace=0)
for _ in range(6):  # a few placements by clicks, so the structure shows
    if board.chosen and board.buttons:
        board.press(0)
    elif board.targets:
        board.click(board.targets[0])
    board.session.run()
    board.refresh()
board.add_class("shot-3d")
board
'''


def notebook(source: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(source)]
    return nb


def serve(folder: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    from voila_pages import offline_env, template_args  # tests/browser, on sys.path from main()

    voila = str(Path(sys.executable).parent / "voila")
    cmd = [voila, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", *template_args(),
           "--VoilaExecutor.iopub_timeout=600", str(folder)]
    env = offline_env()
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(log.read_text()[-2000:])
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return proc
        except OSError:
            time.sleep(0.5)
    proc.terminate()
    raise RuntimeError(f"Voila did not start:\n{log.read_text()[-2000:]}")


def main() -> int:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from browser_kit import CHROMIUM, CHROMIUM_ARGS, free_port

    OUT.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="rl-shots-"))
    for name, (game, agents) in GAMES.items():
        nbformat.write(notebook(CELL.format(game=game, agents=agents, seed=SEED)), folder / f"{name}.ipynb")
    nbformat.write(notebook(THREE.format(seed=SEED)), folder / "memm_3d.ipynb")
    port = free_port()
    proc = serve(folder, port, folder / "voila.log")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            for name in GAMES:
                page.goto(f"http://127.0.0.1:{port}/voila/render/{name}.ipynb", timeout=900_000)
                for when in MOMENTS:
                    board = page.locator(f".shot-{when} .rl-board")
                    board.wait_for(timeout=900_000)
                    page.wait_for_function(f"() => document.querySelector('.shot-{when} .rl-svg svg')",
                                           timeout=120_000)
                    path = OUT / f"{name}-{when}.png"
                    board.screenshot(path=str(path), timeout=120_000)
                    print(path.relative_to(ROOT))
            page.goto(f"http://127.0.0.1:{port}/voila/render/memm_3d.ipynb", timeout=900_000)
            view = page.locator(".shot-3d .rl-memm3d")
            view.wait_for(timeout=900_000)
            page.wait_for_function("() => document.querySelector('.rl-memm3d').dataset.centre", timeout=120_000)
            page.wait_for_timeout(500)
            path = OUT / "memm-3d.png"
            view.screenshot(path=str(path), timeout=120_000)
            print(path.relative_to(ROOT))
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
