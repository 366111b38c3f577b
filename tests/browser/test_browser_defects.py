"""#19: each defect a new user met in the browser, checked in Voilà + Debian Chromium.

Results in plain words; Space Station refusals explained, paths of several hexes in one click,
readable pieces and a legend; Fiemme–Cembra's race window, end screen, no undo in real time,
the pass instruction; Memcel's prompts, panel, one-click placement and legend; the variant
editor's cross-field errors and confirmation in view.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_browser_play import FIND_POINT, OUT_OF_TURN, ack, click_target, human_move, wait_ack

import lab
from tests.tools.patience import wait_ms

pytestmark = pytest.mark.browser


def open_page(pp: Any, voila: dict[str, Any], name: str) -> None:
    pp.open(f"{voila['url']}/voila/render/{name}.ipynb")


def board_text(pp: Any) -> str:
    return pp.page.locator(".rl-board").inner_text()


def click_and_wait(pp: Any, selector: str) -> str | None:
    before = ack(pp)
    hit = click_target(pp, selector)
    if hit is not None:
        wait_ack(pp, before)
    return hit


def test_results_are_plain_words_and_the_end_screen_names_them(play_page: Any, voila: dict[str, Any]) -> None:
    """Space Station: a loss said "game over (draw; returns -1)" while the board said destroyed."""
    pp = play_page
    open_page(pp, voila, "end_space_station")
    result = pp.page.locator(".rl-result")
    result.wait_for(timeout=wait_ms(15))
    text = result.inner_text()
    assert "Station destroyed" in text and "lost" in text, text
    status = pp.page.locator(".rl-status").inner_text()
    assert "game over: Station destroyed" in status, status
    assert "returns" not in pp.page.inner_text("body") and "draw" not in status
    pp.screenshot("space_station_end")


def test_space_station_refusals_paths_and_legend(play_page: Any, voila: dict[str, Any]) -> None:
    pp = play_page
    open_page(pp, voila, "play_space_station")
    page = pp.page
    svg = pp.svg()
    for words in ("fighter (yours)", "droid (enemy)", "forbidden zone", "Earth"):
        assert words in svg, words  # the legend
    sizes = {int(x) for x in re.findall(r'font-size="(\d+)"', svg)}
    assert min(sizes) >= 11, sizes  # labels were 9 px
    # Earth, an enemy, an unreachable hex: refused with the reason shown
    before = pp.kernel()
    assert click_and_wait(pp, ".rl-svg [data-target='earth']") == "earth"
    assert "Earth cannot be entered" in pp.note()
    assert click_and_wait(pp, ".rl-svg [data-target^='piece-D']")
    assert "enemy droid" in pp.note()
    assert pp.kernel()["hash"] == before["hash"]
    # pick a fighter, then one click on a far hex moves it along the path shown on hover
    assert click_and_wait(pp, ".rl-svg .rl-legal[data-target^='piece-F']")
    pp.wait_ready()
    start = pp.kernel()["moves"]
    far = page.evaluate("""() => {
        const reach = [...document.querySelectorAll('.rl-svg g.ss-reach.rl-legal')];
        const longest = reach.map(g => [g, g.querySelector('.ss-path').getAttribute('points').split(' ').length])
            .sort((a, b) => b[1] - a[1])[0];
        longest[0].setAttribute('data-test-far', '1');
        return longest[1] - 1;
    }""")
    assert far >= 2, far
    path = page.locator(".rl-svg [data-test-far] .ss-path")
    assert path.evaluate("p => getComputedStyle(p).visibility") == "hidden"
    point = page.evaluate(FIND_POINT, ".rl-svg [data-test-far]")
    assert point is not None
    page.mouse.move(point["x"], point["y"])
    assert path.evaluate("p => getComputedStyle(p).visibility") == "visible"  # the path, shown
    before_ack = ack(pp)
    page.mouse.click(point["x"], point["y"])
    wait_ack(pp, before_ack)
    assert f"you played {far} steps" in pp.note(), pp.note()
    pp.wait_ready()
    assert pp.kernel()["moves"] >= start + far
    pp.screenshot("space_station_path")
    assert not pp.errors  # type: ignore[attr-defined]


def test_fiemme_cembra_end_screen_names_the_winner_and_counts(play_page: Any, voila: dict[str, Any]) -> None:
    """The end screen showed "0 conquered" for all and "round 2" in a one-round match."""
    pp = play_page
    open_page(pp, voila, "end_fiemme_cembra")
    result = pp.page.locator(".rl-result")
    result.wait_for(timeout=wait_ms(15))
    match = lab.play(lab.load("fiemme_cembra", players=3, penalty_timing="end_of_round"), seed=10)  # the page's match
    (winner,) = match.winners()
    said = result.inner_text()  # the viewer's own seat is "you (player 0)"
    assert f"player {winner} won" in said or f"you (player {winner}) won" in said, said
    svg = pp.svg()
    assert "match over after 1 round" in svg and "round 2" not in svg
    you = " (you)" if winner == 0 else ""  # the page's viewer is seat 0
    assert f"player {winner}{you}: {match.total_conquered()[winner]} conquered in the match · WINNER" in svg
    pp.screenshot("fiemme_cembra_end")


def test_fiemme_cembra_race_window_pass_instruction_and_no_undo(play_page: Any, voila: dict[str, Any]) -> None:
    pp = play_page
    open_page(pp, voila, "race_window")
    page = pp.page
    instruction = page.locator(".rl-svg .fc-instruction")
    assert "click a card of your hand to pass it" in (instruction.text_content() or "")
    # the summary line is not drawn over by cards: the text ends before the next row starts
    boxes = page.evaluate("""() => [...document.querySelectorAll('.rl-svg .fc-summary')].map(t => {
        const r = t.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })""")
    cards = page.evaluate("""() => [...document.querySelectorAll('.rl-svg rect[width="34"]')].map(c => {
        const r = c.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })""")
    for left, right, top, bottom in boxes:
        for cl, cr, ct, cb in cards:
            assert not (cl < right and left < cr and ct < bottom and top < cb), "a card covers a summary line"
    undo = page.get_by_role("button", name="Undo")
    for _ in range(40):
        if page.locator(".rl-slap").count():
            break
        human_move(pp, [OUT_OF_TURN[0]])  # out-of-turn clicks are another test's (the human may act twice: FC-P7)
        assert undo.is_disabled()
    assert page.locator(".rl-slap").count(), "no slap race reached"
    assert "real-time" in (undo.get_attribute("title") or "")
    moves = pp.kernel()["moves"]
    # nobody clicks: after the 2 s window the race closes, the missing hand counts as last
    page.wait_for_function(
        "() => /too slow/.test(document.querySelector('.rl-note').textContent)", timeout=wait_ms(15)
    )
    assert "counts as last" in pp.note()
    pp.wait_ready()
    assert pp.wait_kernel(lambda k: k["moves"] > moves)["moves"] > moves
    assert not pp.errors  # type: ignore[attr-defined]


def test_memcel_prompt_panel_one_click_tile_and_legend(play_page: Any, voila: dict[str, Any]) -> None:
    pp = play_page
    open_page(pp, voila, "play_memcel")
    page = pp.page
    status = page.locator(".rl-status").inner_text()
    assert "your move (player 0): place a tile: click an empty slot" in status, status
    svg = pp.svg()
    assert "you are player 0 (red)" in svg and "tiles left to place" in svg and "lost turns" in svg
    assert "red (player 0)" in svg and "face down" in svg  # the colour legend
    start = pp.kernel()["moves"]
    hit = click_and_wait(pp, ".rl-svg .rl-legal[data-target^='slot-']")
    assert hit is not None
    assert pp.note().startswith("you played place a red tile"), pp.note()  # one click, no buttons
    pp.wait_ready()
    assert pp.kernel()["moves"] > start
    assert "a imprevisto" not in pp.page.inner_text("body")
    pp.screenshot("memcel_one_click")
    assert not pp.errors  # type: ignore[attr-defined]


def test_variant_editor_cross_field_error_on_top_and_confirmation_in_view(
    browser: Any, voila: dict[str, Any]
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{voila['url']}/voila/render/editor_memcel.ipynb", timeout=wait_ms(120))
        page.wait_for_selector(".rl-editor", timeout=wait_ms(120))
        rings = page.locator(".widget-textarea", has=page.locator("label", has_text="ring_layout")).locator("textarea")
        rings.fill('[{"colour": "red", "sectors": 4}, {"colour": "green", "sectors": 16}, {"colour": "blue", "sectors": 16}]')
        rings.blur()
        top = page.locator(".rl-editor-top")
        page.wait_for_function(
            "() => /exactly covered/.test(document.querySelector('.rl-editor-top').textContent)", timeout=wait_ms(15)
        )
        assert "ring_layout, tile_counts" in top.inner_text()
        assert top.bounding_box()["y"] < 300  # at the top of the form, not 1,500 px down
        beside = page.locator(".rl-param-error", has_text="exactly covered")
        assert beside.count() >= 2  # beside ring_layout and tile_counts
        rings.fill('[{"colour": "red", "sectors": 16}, {"colour": "green", "sectors": 16}, {"colour": "blue", "sectors": 16}]')
        rings.blur()
        start = page.get_by_role("button", name="New game with this variant")
        page.wait_for_function("() => !/exactly covered/.test(document.querySelector('.rl-editor-top').textContent)",
                               timeout=wait_ms(15))
        start.click()
        done = page.locator(".rl-editor-done", has_text="new game of")
        done.wait_for(timeout=wait_ms(15))
        assert "play it below" in done.inner_text()  # #35 item 11: the game opens below
        box = done.bounding_box()
        assert box is not None and 0 <= box["y"] <= 900, box  # in view where the user clicked
    finally:
        context.close()
