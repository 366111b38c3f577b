"""Screenshots of every game at its start, middle and end, for the README (PNG, by Playwright).

    .venv/bin/python docs/make_screenshots.py

Each game is played through the widgets' own :class:`~widgets.Session` by clicks (agents in
the other seats); at the start, half-way and at the end the browser's view of the human seat
(``Session.view()``: exactly what the widget syncs) is laid out as the Board draws it, with the
Board's stylesheet, and photographed by Debian's Chromium.
"""

from __future__ import annotations

import html
import sys
from pathlib import Path
from typing import Any

import lab
from widgets import Board
from widgets._session import format_entry
from widgets.timed import TimedActions

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
CSS = (ROOT / "widgets" / "static" / "board.css").read_text()
GAMES = {
    "memcel": lab.load("memcel"),
    "fiemme_cembra": lab.load("fiemme_cembra", players=3),
    "space_station": lab.load("space_station"),
    "memm": lab.load("memm", players=2),
}


# the legal targets highlighted as board.js does it
HIGHLIGHT = """(targets) => { const legal = new Set(targets);
  for (const n of document.querySelectorAll('.rl-svg [data-target]'))
    n.classList.toggle('rl-legal', legal.has(n.getAttribute('data-target'))); }"""


def page(view: dict[str, Any]) -> str:
    """The Board's layout of a view (status, result, SVG, buttons, note, log)."""
    buttons = "".join(f'<button class="rl-action">{html.escape(b["label"])}</button>' for b in view["buttons"][:12])
    log = html.escape("\n".join(format_entry(e) for e in view["log"][-14:]))
    result = f'<div class="rl-result">Game over: {html.escape(view["result"])}</div>' if view["result"] else ""
    turn = " rl-your-turn" if view["your_turn"] else ""
    return (f"<html><head><style>{CSS} body{{margin:12px;background:#fff}}</style></head><body>"
            f'<div class="rl-board{turn}"><div class="rl-status">{html.escape(view["status"])}</div>{result}'
            f'<div class="rl-main"><div class="rl-svg">{view["svg"]}</div><div class="rl-side">'
            f'<div class="rl-buttons">{buttons}</div><div class="rl-note">{html.escape(view.get("note", ""))}</div>'
            f'<details class="rl-log" open><summary>move log (clause IDs)</summary><pre class="rl-log-lines">{log}'
            "</pre></details></div></div></div></body></html>")


def step(board: Board) -> None:
    """One human click: the first highlighted place, a button, or a slap."""
    if board.timed:
        board.handle({"kind": "timed", "ms": 450, "option": 0, "seat": board.seat, "token": board.token})
    elif board.chosen and board.buttons:
        board.press(0)
    elif board.targets:
        board.click(board.targets[-1] if board.game == "memcel" else board.targets[0])
    else:
        board.press(0)


def views(name: str) -> dict[str, dict[str, Any]]:
    game = GAMES[name]
    agents = {p: "random" for p in range(1, game.num_players())}
    board = Board(game, seat=0, agents=agents, seed=7, pace=0, speed=TimedActions.for_game(game))
    seen = [board.session.view()]
    while not board.finished and len(seen) < 3000:
        step(board)
        if board.your_turn or board.finished:
            seen.append(board.session.view())
    shots = {"start": seen[0], "middle": seen[len(seen) // 2], "end": seen[-1]}
    return shots


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        tab = browser.new_page(viewport={"width": 1200, "height": 700})
        for name in GAMES:
            for when, view in views(name).items():
                tab.set_content(page(view))
                tab.evaluate(HIGHLIGHT, view["targets"])
                path = OUT / f"{name}-{when}.png"
                tab.screenshot(path=str(path), full_page=True, timeout=30_000)
                print(path.relative_to(ROOT))
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
