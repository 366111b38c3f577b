"""Memcel determinisation: redraw the face-down tiles a player has never seen.

Everything that moves tiles is public (placements' sectors, ring and board turns, swaps), so a
player can follow every tile from the sector it was placed on. What a player knows of a tile's
kind: their own placements, every reveal (MC-2.1.2, remembered after it is covered again —
full memory) and their own peeks (AMB-MC-8 card). :func:`resample_hidden` follows every tile
through the event log, keeps the kinds the player knows, and deals each other player's unseen
tiles again: the kinds still unaccounted for in that player's share (MC-0.2, MC-0.3) are
shuffled over that player's unseen placed tiles and the tiles they still hold. The prior is
uniform over these consistent deals; it is not the true posterior when opponents place by a
strategy (it ignores, say, that a player tends to put imprevisto tiles in particular places).
Other players' private records (their own placements, their peeks) are rewritten to match the
new deal, so the sampled state is a consistent full state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from lab.core.frozen import freeze
from lab.core.state import Event
from lab.games.memcel.tables import rotate_slots

if TYPE_CHECKING:
    from lab.games.memcel.state import MemcelState


def track_tiles(state: MemcelState, player: int) -> dict[str, Any]:
    """Follow every placed tile through the public events.

    Returns a dict with ``at`` (the tile number on each slot, -1 empty), ``placer`` (who placed
    each tile), ``known`` (the kind index ``player`` knows for each tile, -1 unknown) and
    ``private`` (``(tile, event index)`` of other players' private events naming a tile).
    """
    t = state.t
    kinds = t.kinds
    at = [-1] * t.n_slots
    # the engine's own rotation code, applied to tile numbers instead of kinds
    up, upby = [False] * t.n_slots, [-1] * t.n_slots  # (not read: rotate_slots turns them too)
    placer: list[int] = []
    known: list[int] = []
    private: list[tuple[int, int]] = []
    for i, e in enumerate(state.events):
        kind, d = e.kind, e.data
        if kind == "place":
            at[d["slot"]] = len(placer)
            placer.append(d["player"])
            known.append(-1)
        elif kind in ("place_own", "peeked"):
            tile = at[d["slot"]]
            if e.visible_to is not None and player in e.visible_to:
                known[tile] = kinds.index(d["tile"])
            else:
                private.append((tile, i))
        elif kind == "reveal":
            known[at[d["slot"]]] = kinds.index(d["tile"])
        elif kind == "ring_turn":
            rotate_slots(t, d["ring"], d["steps"], at, up, upby)
        elif kind == "board_turn":
            for ring, k in enumerate(d["shifts"]):
                rotate_slots(t, ring, k, at, up, upby)
        elif kind == "swap":
            a, b = d["a"], d["b"]
            at[a], at[b] = at[b], at[a]
    return {"at": at, "placer": placer, "known": known, "private": private}


def _plan(state: MemcelState, player: int) -> dict[str, Any]:
    """What a draw needs, from :func:`track_tiles`; kept on the state until it changes (a
    search draws many times from one state)."""
    key = (player, len(state._history), len(state.events))
    cached = state._resample_plan
    if cached is not None and cached[0] == key:
        return cached[1]
    t = state.t
    info = track_tiles(state, player)
    at, placer, known = info["at"], info["placer"], info["known"]
    slot_of = {tile: s for s, tile in enumerate(at) if tile >= 0}
    deals = []
    for q in range(t.players):
        if q == player:
            continue
        pool = list(t.shares[q])
        unseen = []
        for tile, who in enumerate(placer):
            if who == q:
                if known[tile] >= 0:
                    pool[known[tile]] -= 1
                else:
                    unseen.append(tile)
        if unseen or any(state.to_place[q]):
            deals.append((q, unseen, [slot_of[tile] for tile in unseen], np.repeat(np.arange(len(pool)), pool)))
    events = state.events  # one read-only copy of the list (each ``state.events`` makes one)
    records: dict[int, list[int]] = {}  # owner -> where their private tile records sit in ``seen``
    for q in {events[i].visible_to[0] for _, i in info["private"]}:
        records[q] = [j for j, entry in enumerate(state.seen[q])
                      if "tile" in entry and entry["kind"] in ("place", "peeked")]
    private = []
    taken: dict[int, int] = {}
    for tile, i in info["private"]:
        q = events[i].visible_to[0]
        private.append((tile, i, q, records[q][taken.get(q, 0)]))
        taken[q] = taken.get(q, 0) + 1
    plan = {"known": known, "deals": deals, "private": private}
    state._resample_plan = (key, plan)
    return plan


def resample_hidden(state: MemcelState, player: int, rng: np.random.Generator) -> MemcelState:
    """A new state ``player`` cannot tell from ``state``; see the module docstring."""
    plan = _plan(state, player)
    new = state.clone()
    kind_of = list(plan["known"])
    n_kinds = len(state.t.kinds)
    for q, unseen, slots, bag in plan["deals"]:
        drawn = bag[rng.permutation(len(bag))].tolist()
        for tile, slot, k in zip(unseen, slots, drawn, strict=False):
            new.tiles[slot] = k
            kind_of[tile] = k
        rest = [0] * n_kinds
        for k in drawn[len(unseen):]:
            rest[k] += 1
        new.to_place[q] = rest
    kinds = state.t.kinds
    for tile, i, q, j in plan["private"]:  # other players' records of the tiles they know
        tile_kind = kinds[kind_of[tile]]
        clause, kind, data, visible_to, step = new._events[i]  # (an Event, or a plain tuple as logged)
        new._events[i] = Event(clause, kind, freeze({**data, "tile": tile_kind}), visible_to, step)
        new.seen[q][j] = freeze({**new.seen[q][j], "tile": tile_kind})
    return new
