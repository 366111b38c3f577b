"""memm in 3D (#19): turn the view, click a ghost cell, cycle its legal orientations, place."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_browser_play import ack, wait_ack

from tests.tools.patience import wait_ms

pytestmark = pytest.mark.browser


def ghosts(page: Any) -> dict[str, list[int]]:
    """Where each ghost is on the page now (the view gives them on its canvas)."""
    box = page.locator(".rl-memm3d .rl-3d-canvas canvas").bounding_box()
    spots = json.loads(page.locator(".rl-memm3d").get_attribute("data-ghosts") or "{}")
    return {k: [round(box["x"] + x), round(box["y"] + y)] for k, (x, y) in spots.items()}


def test_a_placement_clicked_through_in_3d(play_page: Any, voila: dict[str, Any]) -> None:
    pp = play_page
    pp.open(f"{voila['url']}/voila/render/memm_3d.ipynb")
    page = pp.page
    canvas = page.locator(".rl-memm3d .rl-3d-canvas canvas")
    canvas.wait_for(timeout=wait_ms(30))
    page.wait_for_function("() => Object.keys(JSON.parse(document.querySelector('.rl-memm3d').dataset.ghosts || '{}')).length > 0",
                           timeout=wait_ms(30))
    # the view turns: a drag moves every ghost on the screen
    before = ghosts(page)
    box = canvas.bounding_box()
    page.mouse.move(box["x"] + 100, box["y"] + 100)
    page.mouse.down()
    page.mouse.move(box["x"] + 220, box["y"] + 140, steps=8)
    page.mouse.up()
    turned = ghosts(page)
    assert turned.keys() == before.keys() and turned != before
    # a click on a ghost cube selects it and previews its first legal orientation
    help_text = page.locator(".rl-3d-help")
    key, (x, y) = next(iter(turned.items()))
    page.mouse.click(x, y)
    page.wait_for_function("() => /orientation 1 of/.test(document.querySelector('.rl-3d-help').textContent)",
                           timeout=wait_ms(10))
    first = help_text.inner_text()
    assert f"Cell ({key})" in first and "place cube" in first
    # a further click on the same ghost: the next legal orientation
    page.mouse.click(x, y)
    page.wait_for_function("() => /orientation 2 of/.test(document.querySelector('.rl-3d-help').textContent)",
                           timeout=wait_ms(10))
    second = help_text.inner_text()
    assert second != first
    label = second.split(" — ", 1)[1]
    moves = pp.kernel()["moves"]
    start = ack(pp)
    page.locator(".rl-3d-place").click()
    wait_ack(pp, start)
    assert pp.note() == f"you played {label}", (pp.note(), label)
    pp.wait_ready()
    assert pp.kernel()["moves"] > moves
    pp.screenshot("memm_3d")
    assert not pp.errors  # type: ignore[attr-defined]
