"""#35: what playtesters met in round three, each checked in Voilà + Debian Chromium.

One test per item of the issue (and the kit's graph board): a widget's defaults play, rule
texts from the engine, end screens and logs in words from the returns and the record, every
conquered card shown, the slap note, the highlight, memm's pins and numerals, the 3D view,
Space Station's legend and pre-heated page, pages offline, the editor that starts a game.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from test_browser_play import FIND_POINT, ack, click_target, human_move, wait_ack

import lab
from tests.tools.patience import wait_ms

pytestmark = pytest.mark.browser


def offline_context(browser: Any) -> tuple[Any, list[str]]:
    """A browser context that refuses every request leaving the machine, and the list that
    records the refused addresses."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    refused: list[str] = []

    def only_local(route: Any) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
            route.continue_()
        else:
            refused.append(url)
            route.abort()

    context.route("**/*", only_local)
    return context, refused


def open_page(pp: Any, voila: dict[str, Any], name: str) -> None:
    pp.open(f"{voila['url']}/voila/render/{name}.ipynb")


def open_memm3d(pp: Any, voila: dict[str, Any], name: str) -> Any:
    """Open a memm 3D page and wait until it shows where a cube may go; returns the page."""
    open_page(pp, voila, name)
    page = pp.page
    page.wait_for_function("() => Object.keys(JSON.parse(document.querySelector('.rl-memm3d')"
                           ".dataset.ghosts || '{}')).length > 0", timeout=wait_ms(60))
    return page


def log_lines(pp: Any) -> list[str]:
    return pp.page.locator(".rl-log-lines").inner_text().splitlines()


def result(pp: Any) -> str:
    box = pp.page.locator(".rl-result")
    box.wait_for(timeout=wait_ms(30))
    return box.inner_text()


def spots(page: Any, key: str) -> Any:
    """A data attribute of the 3D view; ghosts and cubes as points on the page."""
    data = json.loads(page.locator(".rl-memm3d").get_attribute(f"data-{key}") or "null")
    if key not in ("ghosts", "cubes"):
        return data
    box = page.locator(".rl-memm3d .rl-3d-canvas canvas").bounding_box()
    at = (lambda p: [box["x"] + p[0], box["y"] + p[1]])  # noqa: E731
    return {k: at(v) for k, v in data.items()} if isinstance(data, dict) else [at(v) for v in data]


# ---------------------------------------------------------------------- item 1
def test_item1_memm3d_with_its_defaults_plays_on(play_page: Any, voila: dict[str, Any]) -> None:
    """README's ``widgets.Memm3D()``: place a cube, then "waiting for player 1 (external)" for ever."""
    pp = play_page
    page = open_memm3d(pp, voila, "default_memm3d")
    key, (x, y) = next(iter(spots(page, "ghosts").items()))
    page.mouse.click(x, y)
    page.wait_for_function("() => /orientation 1 of/.test(document.querySelector('.rl-3d-help').textContent)",
                           timeout=wait_ms(15))
    moves = pp.kernel()["moves"]
    before = ack(pp)
    page.locator(".rl-3d-place").click()
    wait_ack(pp, before)
    pp.wait_ready(timeout=wait_ms(60))  # the other seat moved by itself: the human's turn again
    assert "external" not in page.locator(".rl-status").inner_text()
    assert pp.kernel()["moves"] >= moves + 2
    assert not pp.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- item 2
def test_item2_fiemme_cembra_states_the_closing_rule_the_engine_plays(play_page: Any, voila: dict[str, Any]) -> None:
    from lab.games.fiemme_cembra.words import closing_rule

    pp = play_page
    open_page(pp, voila, "play_fiemme_cembra")
    text = pp.page.locator(".rl-svg .fc-instruction").text_content() or ""
    rule = closing_rule(lab.load("fiemme_cembra", players=3))
    assert rule in text and "one card of each type" in text
    assert "five of one kind" not in pp.page.inner_text("body")


# ---------------------------------------------------------------------- item 3
@pytest.mark.parametrize(("page_name", "expect", "never"), [
    ("end_memm_blocked", ["blocked", "nobody won", "player 1 lost", "neither won nor lost"], ["draw"]),
    ("end_memm_out", ["player 1 won", "you (player 0) lost", "player 2 neither won nor lost"], ["player 2 lost"]),
])
def test_item3_memm_end_screen_says_the_record(play_page: Any, voila: dict[str, Any], page_name: str,
                                               expect: list[str], never: list[str]) -> None:
    """A blocked end said "a draw: nobody won" with ``losers=[2]`` in the record; a normal end
    listed every non-winner as lost while the record named one loser."""
    pp = play_page
    open_page(pp, voila, page_name)
    words = result(pp)
    for w in expect:
        assert w in words, words
    for w in never:
        assert w not in words, words
    assert words.removeprefix("Game over: ") in pp.svg().replace("&amp;", "&")  # the board says the same


# ---------------------------------------------------------------------- item 4
def test_item4_every_conquered_card_is_drawn(play_page: Any, voila: dict[str, Any]) -> None:
    """"24 conquered" with 17 cards drawn and nothing marking the rest."""
    pp = play_page
    open_page(pp, voila, "end_fiemme_cembra_many")
    result(pp)
    page = pp.page
    counts = [int(n) for n in re.findall(r"(\d+) conquered in the match",
                                         " ".join(page.locator(".rl-svg .fc-summary").all_text_contents()))]
    assert max(counts) > 16, counts
    drawn = page.locator(".rl-svg .fc-conquered")
    assert drawn.count() == sum(counts)
    svg_box = page.locator(".rl-svg svg").bounding_box()
    boxes = page.evaluate("() => [...document.querySelectorAll('.rl-svg .fc-conquered')].map(g => {"
                          " const r = g.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })")
    for left, right, top, bottom in boxes:  # every card inside the board, none cut off
        assert svg_box["x"] - 1 <= left and right <= svg_box["x"] + svg_box["width"] + 1
        assert svg_box["y"] - 1 <= top and bottom <= svg_box["y"] + svg_box["height"] + 1


# ---------------------------------------------------------------------- item 5
def test_item5_kit_game_log_says_moves_and_chance(play_page: Any, voila: dict[str, Any]) -> None:
    """Pig in Play: an empty move log, so a rolled 1 ended the turn silently; "returns 1, -1"."""
    pp = play_page
    open_page(pp, voila, "play_kit_pig")
    page = pp.page
    for _ in range(60):
        if "game over" in page.locator(".rl-status").inner_text():
            break
        label = "roll" if not any("you (player 0): roll" in line for line in log_lines(pp)[-3:]) else "hold"
        before = ack(pp)
        page.locator(".rl-buttons button.rl-action:enabled", has_text=label).first.click()
        wait_ack(pp, before)
        pp.wait_ready()
    lines = log_lines(pp)
    assert any("you (player 0): roll" in line for line in lines), lines
    assert any("chance: the die shows" in line for line in lines), lines
    for i, line in enumerate(lines):
        if "the die shows 1" in line:
            assert any("the turn passes to" in later for later in lines[i + 1:i + 3]), lines[i:i + 3]
    assert "game over" in page.locator(".rl-status").inner_text()
    body = page.inner_text("body")
    assert "returns" not in body and " won" in result(pp)


# ---------------------------------------------------------------------- item 6
def test_item6_memcel_log_in_words_with_the_boards_place_names(play_page: Any, voila: dict[str, Any]) -> None:
    """``miss found=0 … x=2 y=2`` and ``slot=15`` while the board says "red ring, position 15"."""
    pp = play_page
    open_page(pp, voila, "hunt_memcel")
    page = pp.page
    titles = set(page.evaluate("() => [...document.querySelectorAll('.rl-svg g.slot title')].map(t => t.textContent)"))
    human_move(pp, [])
    lines = log_lines(pp)
    assert lines
    for line in lines:
        assert not re.search(r"\b\w+=\S", line), line  # no key=value
    named = [t for t in titles if any(t in line for line in lines)]
    assert named, "no place of the log has the board's name"
    assert not any(re.search(r"\bslot \d+\b|slot=", line) for line in lines)


# ---------------------------------------------------------------------- item 7
def test_item7_the_slap_timeout_note_does_not_contradict_itself(play_page: Any, voila: dict[str, Any]) -> None:
    pp = play_page
    open_page(pp, voila, "race_window")
    page = pp.page
    for _ in range(40):
        if page.locator(".rl-slap").count():
            break
        human_move(pp, ["not your turn"])
    assert page.locator(".rl-slap").count(), "no slap race reached"
    page.wait_for_function("() => /too slow/.test(document.querySelector('.rl-note').textContent)", timeout=wait_ms(30))
    note = pp.note()
    assert "no slap within 2 s" in note and "counts as last" in note
    assert not re.search(r"\d+ ms", note), note  # it said "(slap after 3000 ms)" beside "within 5 s"


# ---------------------------------------------------------------------- item 8
def test_item8_memcel_hunt_highlight_and_ring_colours(play_page: Any, voila: dict[str, Any]) -> None:
    """Every face-down slot glowed during the hunt; the ring colours almost vanished."""
    pp = play_page
    open_page(pp, voila, "hunt_memcel")
    page = pp.page
    legal = page.locator(".rl-svg .rl-legal")
    assert legal.count() > 12
    glowing = page.evaluate("() => [...document.querySelectorAll('.rl-svg .rl-legal')]"
                            ".filter(n => getComputedStyle(n).filter !== 'none').length")
    assert glowing == 0, f"{glowing} legal places glow at once"
    point = page.evaluate(FIND_POINT, ".rl-svg .rl-legal")
    page.mouse.move(point["x"], point["y"])
    hovered = page.evaluate("() => [...document.querySelectorAll('.rl-svg .rl-legal')]"
                            ".filter(n => getComputedStyle(n).filter !== 'none').length")
    assert hovered == 1  # the place under the pointer lights up
    # each ring's colour shows around its tiles: the ring's paths are filled with it, unveiled
    rings = page.evaluate("""() => [...document.querySelectorAll('.rl-svg g.slot > path:first-of-type')]
        .map(p => [p.getAttribute('fill'), p.getAttribute('fill-opacity')])""")
    assert rings and all(op in (None, "1") for _, op in rings)
    png = page.locator(".rl-svg svg").screenshot()
    for colour in {fill for fill, _ in rings}:  # every ring's colour covers a visible share of the board
        assert _share_of_colour(png, colour) > 0.02, colour


def _share_of_colour(png: bytes, hex_colour: str) -> float:
    """The share of the image's pixels within a small distance of ``hex_colour``."""
    import io

    from PIL import Image

    r0, g0, b0 = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    pixels = list(image.getdata())
    near = sum(1 for r, g, b in pixels if abs(r - r0) + abs(g - g0) + abs(b - b0) < 40)
    return near / len(pixels)


def test_item8_memm_2d_pins_do_not_overlap_and_numerals_are_readable(play_page: Any, voila: dict[str, Any]) -> None:
    """Five overlapping ghost cubes at the start; the opponents' numerals were about 6 px."""
    pp = play_page
    open_page(pp, voila, "play_memm")
    page = pp.page
    boxes = page.evaluate("() => [...document.querySelectorAll('.rl-svg .mm-free circle')].map(c => {"
                          " const r = c.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })")
    assert len(boxes) >= 2
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[1] - 1 and b[0] < a[1] - 1 and a[2] < b[3] - 1 and b[2] < a[3] - 1), (a, b)
    heights = page.evaluate("() => [...document.querySelectorAll('.rl-svg .mm-numeral')].map(t =>"
                            " t.getBoundingClientRect().height)")
    assert heights and min(heights) >= 10, min(heights)


def test_item8_memm3d_glyphs_upright_drag_is_not_a_click_view_follows(play_page: Any, voila: dict[str, Any]) -> None:
    """"V" showed as ">" and "III" as a sideways bar; a drag moved the ghosts; the camera centred once."""
    pp = play_page
    page = open_memm3d(pp, voila, "memm_3d")
    up = spots(page, "glyph-up")
    for face in range(4):  # the side faces: every numeral's top points up (+z)
        assert up[face] == [0, 0, 1], up
    help_text = page.locator(".rl-3d-help")
    before = help_text.inner_text()
    key, (x, y) = next(iter(spots(page, "ghosts").items()))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 120, y + 30, steps=8)
    page.mouse.move(x + 1, y, steps=8)  # back where it started: still a drag
    page.mouse.up()
    assert help_text.inner_text() == before, "a drag selected a ghost"
    canvas = page.locator(".rl-memm3d .rl-3d-canvas canvas").bounding_box()
    for _ in range(4):  # place cubes: the view follows the structure
        ghosts = spots(page, "ghosts")
        if not ghosts:
            break
        key, (x, y) = next(iter(ghosts.items()))
        page.mouse.click(x, y)
        page.wait_for_function("() => /orientation 1 of/.test(document.querySelector('.rl-3d-help').textContent)",
                               timeout=wait_ms(15))
        start = ack(pp)
        page.locator(".rl-3d-place").click()
        wait_ack(pp, start)
        pp.wait_ready()
        for sx, sy in spots(page, "cubes") + list(spots(page, "ghosts").values()):
            assert canvas["x"] <= sx <= canvas["x"] + canvas["width"], (sx, canvas)
            assert canvas["y"] <= sy <= canvas["y"] + canvas["height"], (sy, canvas)
    assert not pp.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- item 9
def _rgb(colour: str) -> tuple[int, ...]:
    return tuple(int(v) for v in re.findall(r"\d+", colour)[:3])


def test_item9_space_station_legend_colours_are_all_different(play_page: Any, voila: dict[str, Any]) -> None:
    """The station and Earth were the same blue in the legend."""
    pp = play_page
    open_page(pp, voila, "play_space_station")
    fills = pp.page.evaluate("""() => [...document.querySelectorAll('.rl-svg rect[width="14"]')]
        .map(r => [getComputedStyle(r).fill, r.nextElementSibling.textContent])""")
    named = {name: _rgb(fill) for fill, name in fills}
    assert "station" in named and "Earth" in named
    colours = list(named.items())
    for i, (a, ca) in enumerate(colours):
        for b, cb in colours[i + 1:]:
            assert sum(abs(x - y) for x, y in zip(ca, cb, strict=True)) > 60, (a, b, ca, cb)


def test_item9_and_10_the_playtest_page_shows_its_board_at_once_and_fetches_nothing_remote(
        browser: Any, tmp_path: Any) -> None:
    """The playtest app's first page load showed no board for minutes (a kernel started on
    request), and its pages fetched fonts from a CDN. The app is now a one-seat table of the
    playtest server (#34): the game is built when the server starts, and the page it serves loads
    every script and font from the server itself; here every request that leaves the machine
    is refused and recorded."""
    from tests.tools.playtable_server import ServerProcess, patience

    with ServerProcess(tmp_path, ["space_station", "--seats", "human", "--pace", "0"]) as srv:
        srv.start()
        link = srv.info["tables"][0]["seats"]["0"]
        context, remote = offline_context(browser)
        try:
            page = context.new_page()
            page.goto(link)
            page.wait_for_selector(".rl-board svg", timeout=patience(60) * 1000)
            assert remote == [], remote
        finally:
            context.close()


# ---------------------------------------------------------------------- item 10
def test_item10_pages_work_offline(browser: Any, voila: dict[str, Any]) -> None:
    """Pages fetched fonts from a CDN and failed offline: nothing leaves the machine now."""
    from browser_kit import PlayPage

    context, outside = offline_context(browser)
    try:
        pp = PlayPage(context.new_page(), voila["probes"])
        pp.open(f"{voila['url']}/voila/render/play_memm.ipynb")
        assert pp.page.locator(".rl-svg .rl-legal").count() > 0
        assert not outside, outside
    finally:
        context.close()


# ---------------------------------------------------------------------- item 11
def test_item11_an_editor_alone_starts_a_game_you_can_play(browser: Any, voila: dict[str, Any]) -> None:
    """A valid change said "ready as editor.game" and nothing started."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{voila['url']}/voila/render/editor_memcel.ipynb", timeout=wait_ms(120))
        page.wait_for_selector(".rl-editor", timeout=wait_ms(120))
        page.get_by_role("button", name="New game with this variant").click()
        done = page.locator(".rl-editor-done", has_text="new game of")
        done.wait_for(timeout=wait_ms(30))
        assert "editor.game" not in done.inner_text() and "you are player 0" in done.inner_text()
        board = page.locator(".rl-editor-game .rl-board")
        board.wait_for(timeout=wait_ms(60))
        page.wait_for_function("() => document.querySelectorAll('.rl-editor-game .rl-svg .rl-legal').length > 0",
                               timeout=wait_ms(60))
        status = board.locator(".rl-status").inner_text()
        assert "your move" in status
        before = board.get_attribute("data-ack")
        point = page.evaluate(FIND_POINT, ".rl-editor-game .rl-svg .rl-legal")
        assert point is not None
        page.mouse.click(point["x"], point["y"])
        page.wait_for_function(f"() => document.querySelector('.rl-editor-game .rl-board').dataset.ack !== '{before}'",
                               timeout=wait_ms(30))
        assert board.locator(".rl-note").inner_text().startswith("you played")
    finally:
        context.close()


# ---------------------------------------------------------------------- the kit's graph board
def test_kit_graph_board_pieces_on_nodes_only_legal_targets(play_page: Any, voila: dict[str, Any]) -> None:
    """A race on ``nx.cycle_graph``: tokens only as text and every node clickable with 2 moves legal."""
    pp = play_page
    open_page(pp, voila, "play_kit_race")
    page = pp.page
    assert page.locator(".rl-svg [data-target]").count() == 2
    assert page.locator(".rl-svg .rl-legal").count() == 2
    pieces = page.locator(".rl-svg .kit-piece")
    assert pieces.count() == 2
    mine = page.evaluate("() => [...document.querySelectorAll('.rl-svg .kit-piece title')].map(t => t.textContent)")
    assert any(t.startswith("P0 (you) on ") for t in mine), mine
    before = ack(pp)
    assert click_target(pp, ".rl-svg .rl-legal") is not None
    wait_ack(pp, before)
    pp.wait_ready()
    after = page.evaluate("() => [...document.querySelectorAll('.rl-svg .kit-piece title')].map(t => t.textContent)")
    assert after != mine
