"""Memcel's events name their data fields exactly, in this order (what saves, logs and agents read).

The rules log each event's data as a dict literal (``MemcelState._record``); this pins every
kind's field names and their order, from seeded games under several variants.
"""

from __future__ import annotations

from typing import Any

import lab

FIELDS: dict[str, tuple[str, ...]] = {
    "order_roll": ("player", "value"),
    "order_tie": ("players",),
    "turn_order": ("order",),
    "tiles_shared": ("shares", "kinds"),
    "hunt_starts": ("first",),
    "extra_turn_starts": ("player",),
    "sits_out": ("player", "left"),
    "unfinished": ("limit", "turns"),
    "place": ("player", "slot"),
    "place_own": ("player", "slot", "tile"),
    "complication": ("player", "face", "complication"),
    "reroll_icon": ("player", "face", "ring", "dir"),
    "reroll_d8": ("player", "value"),
    "swap_impossible": ("player",),
    "swap": ("player", "a", "b"),
    "ring_turn": ("ring", "steps"),
    "board_turn": ("degrees", "shifts"),
    "attack": ("player",),
    "defence": ("player", "option"),
    "attack_roll": ("player", "value"),
    "no_attack_possible": ("player", "value"),
    "declare_x": ("player", "x", "roll"),
    "reveal": ("player", "slot", "tile"),
    "full_success": ("player", "x"),
    "imprevisto_revealed": ("player", "slot", "y"),
    "miss": ("player", "slot", "found", "x", "y"),
    "lost_turns": ("player", "turns"),
    "cover_own": ("player", "slots"),
    "win": ("player",),
    "card": ("player", "effect"),
    "deck_reshuffled": (),
    "peek": ("player", "slot"),
    "peeked": ("player", "slot", "tile"),
    "cover_card": ("player", "slot"),
}

#: seeded games that between them log every kind but ``swap_impossible`` (a swap with fewer
#: than two tiles placed, which seeded random games do not reach)
GAMES: list[tuple[dict[str, Any], int]] = [
    ({"players": 2, "max_turns": 300, "reveal_limit": "inclusive", "cover_scope": "turn"}, 1),
    ({"players": 2, "max_turns": 300, "reveal_limit": "inclusive", "cover_scope": "turn"}, 2),
    ({"players": 2, "max_turns": 60}, 2),
]


def test_every_event_kind_has_its_fields_in_order() -> None:
    seen: set[str] = set()
    for params, seed in GAMES:
        state = lab.play(lab.load("memcel", **params), "random", seed=seed)
        for e in state.events:
            assert tuple(e.data) == FIELDS[e.kind], f"{e.kind}: {tuple(e.data)}"
            seen.add(e.kind)
    assert seen == set(FIELDS) - {"swap_impossible"}
