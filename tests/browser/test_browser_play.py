"""Every game played by clicking in a real browser (Voilà + Debian Chromium via Playwright).

For each game: open its play notebook, try an illegal click (nothing moves, the reason is
shown, the kernel's state is unchanged), make legal moves by clicking highlighted places and
buttons (the board redraws and the kernel-side history grows), and keep a screenshot.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tools.patience import wait_ms
from widgets.play import playable_games

pytestmark = pytest.mark.browser

GAMES = ["memcel", "fiemme_cembra", "space_station", "memm"]
MOVES = 3
OUT_OF_TURN = ("not your turn", "already chose", "out of date")


def ack(pp: Any) -> int:
    return int(pp.page.locator(".rl-board").get_attribute("data-ack") or 0)


def wait_ack(pp: Any, before: int) -> None:
    pp.page.wait_for_function(
        f"() => Number(document.querySelector('.rl-board').dataset.ack) > {before}", timeout=wait_ms(15)
    )


FIND_POINT = """(sel) => {
  // a whole-pixel point where the element itself gets the click (board shapes may overlap),
  // tried from the centre outwards, with its neighbouring pixels hitting the same element
  const fractions = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9];
  for (const el of document.querySelectorAll(sel)) {
    el.scrollIntoView({block: "center"});
    const r = el.getBoundingClientRect();
    const owns = (x, y) => {
      const hit = document.elementFromPoint(x, y);
      return hit && hit.closest("[data-target]") === el;
    };
    for (const fx of fractions) for (const fy of fractions) {
      const x = Math.round(r.left + r.width * fx), y = Math.round(r.top + r.height * fy);
      if (owns(x, y) && owns(x - 1, y) && owns(x + 1, y) && owns(x, y - 1) && owns(x, y + 1)) {
        return {x, y, target: el.getAttribute("data-target")};
      }
    }
  }
  return null;
}"""


def click_target(pp: Any, selector: str) -> str | None:
    """Really click (mouse at a point) the first element matching ``selector`` that can be hit."""
    point = pp.page.evaluate(FIND_POINT, selector)
    if point is None:
        return None
    pp.page.mouse.click(point["x"], point["y"])
    return str(point["target"])


def click_once(pp: Any) -> str:
    """One human click: a highlighted board target, else the first enabled button."""
    page = pp.page
    before = ack(pp)
    legal = page.locator(".rl-svg .rl-legal")
    buttons = page.locator(".rl-buttons button.rl-action:enabled")
    chosen = page.locator(".rl-svg .rl-chosen").count()
    if chosen and buttons.count() and buttons.count() <= 6:
        what = "button " + buttons.first.inner_text()
        buttons.first.click()
    elif legal.count() and (hit := click_target(pp, ".rl-svg .rl-legal")):
        what = "target " + hit
    elif buttons.count():
        what = "button " + buttons.first.inner_text()
        buttons.first.click()
    elif page.locator(".rl-slap").count():
        what = "slap " + page.locator(".rl-slap").first.inner_text()
        page.locator(".rl-slap").first.click()
    else:
        raise AssertionError(f"nothing to click; status: {page.locator('.rl-status').inner_text()}")
    wait_ack(pp, before)
    return what


def human_move(pp: Any, refusals: list[str]) -> list[str]:
    """Click until the kernel's history grows (a target may need narrowing or a button).

    While the agents then think (the notebooks use a visible pace), one click out of turn is
    tried once per test: it must be refused with the reason shown.
    """
    start = pp.kernel()["moves"]
    clicks = []
    for _ in range(8):
        clicks.append(click_once(pp))
        assert not pp.page.locator(".rl-note.rl-error").count(), (clicks, pp.note())
        if pp.page.locator(".rl-svg .rl-chosen").count() and not any("not legal" in r for r in refusals):
            # a place that does not go with the selection: refused, the selection stays
            chosen = pp.page.locator(".rl-svg .rl-chosen").count()
            refusals += [r for r in [try_illegal_click(pp)] if r]
            assert pp.page.locator(".rl-svg .rl-chosen").count() == chosen
        board_class = pp.page.locator(".rl-board").get_attribute("class") or ""
        if pp.kernel()["moves"] > start or "rl-your-turn" not in board_class:
            # moved, or chose at a simultaneous node and the others are still to choose
            if not any(why in r for r in refusals for why in OUT_OF_TURN):
                out_of_turn = try_out_of_turn(pp)
                if out_of_turn:
                    refusals.append(out_of_turn)
            pp.wait_ready()
            assert pp.kernel()["moves"] > start, clicks
            return clicks
    raise AssertionError(f"8 clicks did not make a move: {clicks}")


def try_out_of_turn(pp: Any) -> str | None:
    """Click the board while chance or an agent is to move: refused, nothing changes."""
    page = pp.page
    if "rl-busy" not in (page.locator(".rl-board").get_attribute("class") or ""):
        return None
    before = ack(pp)
    moves = pp.kernel()["moves"]
    if click_target(pp, ".rl-svg [data-target]") is None:
        return None
    wait_ack(pp, before)
    note = page.locator(".rl-note.rl-error")
    if not note.count():
        return None  # the agents had already finished: the click was an ordinary one
    text = note.inner_text()
    if text.startswith("not legal:"):
        # the agents finished while the click travelled and the page had already taken the new
        # board's token: the click was judged as the human's own move on the new board
        assert pp.kernel()["error"] == text
        return None
    # refused as out of turn, or as out of date when an agent moved while the click travelled
    assert any(why in text for why in OUT_OF_TURN), text
    assert pp.kernel()["error"] == text
    assert pp.kernel()["moves"] >= moves
    return text


FORGE_TARGET = """() => {
  // a place the game did not draw as a target (as a stale or doctored page would send)
  const svg = document.querySelector(".rl-svg svg");
  const rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  for (const [k, v] of [["x", 0], ["y", 0], ["width", 40], ["height", 40], ["fill", "#f0f"]]) rect.setAttribute(k, v);
  rect.setAttribute("data-target", "nowhere-in-particular");
  svg.appendChild(rect);
}"""


def try_illegal_click(pp: Any, forge: bool = False) -> str | None:
    """Click a board element that is not a legal target now; it must be refused.

    With ``forge``, when the game draws only legal targets, a target the game never drew is
    added to the page first (a doctored page): the kernel must refuse it the same way.
    """
    page = pp.page
    if forge and not page.locator(".rl-svg [data-target]:not(.rl-legal):not(.rl-chosen)").count():
        page.evaluate(FORGE_TARGET)
    before_kernel = pp.kernel()
    before_svg = pp.svg()
    before = ack(pp)
    target = click_target(pp, ".rl-svg [data-target]:not(.rl-legal):not(.rl-chosen)")
    if target is None:
        return None
    wait_ack(pp, before)
    note = page.locator(".rl-note.rl-error")
    assert note.count() == 1, f"illegal click on {target} showed no reason"
    text = note.inner_text()
    assert "not legal" in text or "refused" in text, text
    after = pp.kernel()
    assert after["moves"] == before_kernel["moves"] and after["hash"] == before_kernel["hash"]
    assert after["error"] == text
    if not forge:
        assert pp.svg() == before_svg
    return text


@pytest.mark.parametrize("name", GAMES)
def test_play_every_game_by_clicking(play_page: Any, voila: dict[str, Any], name: str) -> None:
    if name not in playable_games():
        pytest.fail(f"{name} does not import yet")
    pp = play_page
    pp.open(f"{voila['url']}/voila/render/play_{name}.ipynb")
    first = pp.kernel()
    svg0 = pp.svg()
    assert "<svg" in svg0
    assert pp.page.locator(".rl-svg [data-target]").count() > 0
    refusals = [r for r in [try_illegal_click(pp)] if r]
    done = []
    for _ in range(MOVES):
        if "game over" in pp.page.locator(".rl-status").inner_text():
            break
        done.append(human_move(pp, refusals))
        if not any("not legal" in r for r in refusals):
            refusals += [r for r in [try_illegal_click(pp)] if r]
    last = pp.kernel()
    assert last["moves"] > first["moves"], done
    assert last["hash"] != first["hash"]
    assert pp.svg() != svg0, "the board did not redraw"
    assert f"move {last['moves']}" in pp.page.locator(".rl-status").inner_text()
    if not any("not legal" in r for r in refusals):
        refusals += [r for r in [try_illegal_click(pp, forge=True)] if r]
    assert any("not legal" in r for r in refusals), refusals
    pp.screenshot(f"play_{name}")
    assert not pp.errors, pp.errors  # type: ignore[attr-defined]


def test_speed_play_times_the_human_slap_in_the_browser(play_page: Any, voila: dict[str, Any]) -> None:
    """Fiemme–Cembra: the slap's reaction time is measured in the page and becomes slap(ms)."""
    pp = play_page
    pp.open(f"{voila['url']}/voila/render/speed_fiemme_cembra.ipynb")
    page = pp.page
    for _ in range(40):
        if page.locator(".rl-slap").count():
            break
        human_move(pp, [])
    slap = page.locator(".rl-slap").first
    assert slap.count(), "no slap race reached"
    signal = page.locator(".rl-signal").inner_text()
    assert "slap" in signal.lower()
    moves = pp.kernel()["moves"]
    page.wait_for_timeout(350)  # a human-ish reaction
    before = ack(pp)
    slap.click()
    wait_ack(pp, before)
    measured = int(page.locator(".rl-board").get_attribute("data-last-reaction-ms") or -1)
    assert 300 <= measured <= 3000, measured
    note = pp.note()
    assert f"you reacted in {measured} ms" in note, note
    pp.wait_ready()
    kernel = pp.kernel()
    assert kernel["moves"] > moves
    joint = [entry for entry in kernel["last"] if entry[0] == -2 and entry[1][0] and entry[1][0][0] == "slap"]
    assert joint, kernel["last"]
    kind, ms, _shout = joint[-1][1][0]
    assert ms == min(3000, round(measured / 10) * 10), (ms, measured)
    pp.screenshot("speed_fiemme_cembra")
    assert not pp.errors  # type: ignore[attr-defined]


def test_variant_editor_changes_a_rule_and_a_new_game_follows_it(play_page: Any, voila: dict[str, Any]) -> None:
    """In the page: open the editor, type a bad value (inline error), then a good one, start."""
    from playwright.sync_api import expect

    pp = play_page
    pp.open(f"{voila['url']}/voila/render/variant_memm.ipynb")
    page = pp.page
    assert pp.kernel()["game"] == "lab.load('memm', players=2)"
    page.get_by_text("Variant editor").click()
    players = page.locator(".widget-text", has=page.locator("label", has_text="players")).locator("input").first
    players.wait_for(timeout=wait_ms(15))
    start = page.get_by_role("button", name="New game with this variant")
    players.fill("9")
    players.press("Enter")
    error = page.locator(".rl-param-error", has_text="players")
    error.wait_for(timeout=wait_ms(15))
    assert "out of range" in error.inner_text() and "Traceback" not in page.inner_text("body")
    expect(start).to_be_disabled(timeout=wait_ms(15))
    players.fill("3")
    players.press("Enter")
    page.wait_for_function("() => !document.querySelector('.rl-param-error span')", timeout=wait_ms(15))
    assert "players" in page.locator("table.rl-diff").inner_text()
    token = pp.token()
    start.click()
    pp.wait_token_change(token)
    pp.wait_ready()
    assert pp.kernel()["game"] == "lab.load('memm', players=3)"
    assert page.locator(".widget-dropdown", has=page.locator("label", has_text="seat 2")).count() == 1
    pp.screenshot("variant_memm")
    assert not pp.errors  # type: ignore[attr-defined]
