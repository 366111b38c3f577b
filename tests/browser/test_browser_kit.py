"""A game made with ``lab.define_game`` played to the end by clicking in a real browser.

Pig (lab.kit.examples) has no drawing code: the widget shows the kit's default view (the
public state as text) and the legal moves as buttons. The human (seat 0) rolls once and then
holds; a random agent plays seat 1; chance is sampled by the widget's driver. The kernel-side
probe checks that every click moved the game in the kernel and that the game really ended.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_browser_play import ack, wait_ack

from tests.tools.patience import wait_ms

pytestmark = pytest.mark.browser

MAX_CLICKS = 80  # Pig to 10 points ends in a few turns; this only bounds a broken widget


def click_button(pp: Any, label: str) -> None:
    """Click the enabled move button labelled ``label`` and wait for the kernel's answer."""
    before = ack(pp)
    moves = pp.kernel()["moves"]
    pp.page.locator(".rl-buttons button.rl-action:enabled", has_text=label).first.click()
    wait_ack(pp, before)
    assert not pp.page.locator(".rl-note.rl-error").count(), pp.note()
    pp.wait_ready()
    assert pp.kernel()["moves"] > moves, f"clicking {label} did not move the game"


def test_kit_pig_is_played_to_the_end_by_clicking(play_page: Any, voila: dict[str, Any]) -> None:
    pp = play_page
    pp.open(f"{voila['url']}/voila/render/play_kit_pig.ipynb")
    page = pp.page
    assert pp.kernel()["game"] == "lab.load('pig', players=2, target=10)"
    svg0 = pp.svg()
    assert "<svg" in svg0 and "scores" in svg0  # the default view shows the public state
    clicked: list[str] = []
    rolled = False  # the human rolled this turn (then holds)
    while "game over" not in page.locator(".rl-status").inner_text():
        assert len(clicked) < MAX_CLICKS, clicked
        assert "rl-your-turn" in (page.locator(".rl-board").get_attribute("class") or ""), clicked
        label = "hold" if rolled else "roll"
        click_button(pp, label)
        clicked.append(label)
        # the turn goes on (hold next) when the last step was our roll's outcome, not a 1
        last = pp.kernel()["last"]
        rolled = label == "roll" and len(last) >= 2 and last[-2][0] == 0 and last[-1][0] == -1 and last[-1][1] != ["rolled", 1]
    kernel = pp.kernel()
    assert kernel["terminal"], kernel
    assert "roll" in clicked and "hold" in clicked, clicked
    assert not page.locator(".rl-buttons button.rl-action:enabled").count()
    assert pp.svg() != svg0, "the default view did not redraw"
    pp.screenshot("play_kit_pig")
    assert not pp.errors  # type: ignore[attr-defined]


def test_a_notebook_opens_twice_on_one_server(browser: Any, voila: dict[str, Any]) -> None:
    """The second page of the same notebook gets a fresh kernel (the pool refills at once).

    Regression: with a long Voilà ``fill_delay`` the second page awaited the delayed refill
    and the browser tests of a game hung whenever two of its tests shared a worker.
    """
    from browser_kit import PlayPage

    for _ in range(2):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            pp = PlayPage(context.new_page(), voila["probes"])
            pp.open(f"{voila['url']}/voila/render/play_kit_pig.ipynb", timeout=wait_ms(60))
            assert pp.kernel()["game"] == "lab.load('pig', players=2, target=10)"
        finally:
            context.close()
