"""Per-game probes: where each game keeps its secrets and which component counts it conserves.

The reliability tests are generic over ``lab.game_names()``; what differs per game is read here
from the game's own ``full_state()`` (the complete internal state, hidden parts included):

* ``secrets(state, viewer)`` -> the :class:`Secret` s ``viewer`` (``None`` = a spectator) may not
  know at ``state``; :func:`find_leaks` searches a view (observation, event log, SVG) for them.
* ``twin(state, viewer, rng)`` -> a copy of ``state`` that differs only in what ``viewer`` may
  not know (other hands dealt afresh, face-down tiles permuted): every view of ``viewer`` must
  be identical for the two (non-interference), or ``None`` when the game hides nothing.
* ``conservation(state)`` -> ``None`` or a message: the game's components are all somewhere,
  none created or lost (memm's 36 cubes, Memcel's 48 tiles, Fiemme–Cembra's speed deck).
* ``never_grow(state)`` -> counts that may fall but never rise during a game (Space Station's
  pieces and shields, Memcel's tiles still to place).

The generic machinery (:class:`Secret`, :class:`Probe`, :func:`find_leaks`,
:func:`private_event_leaks`, :func:`monotone_check`) lives in :mod:`lab.checks.probes` and is
re-exported here; games made with :func:`lab.define_game` get their probe from their declared
hidden fields (:func:`lab.kit.probe.kit_probe`).

Besides, :func:`private_event_leaks` checks, for every game, that the fields of an event logged
for some seats only (``visible_to``) appear in no view of another seat.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np

from lab.checks.probes import (  # the generic machinery is public, beside the conformance checker
    Probe,
    Secret,
    find_leaks,
    monotone_check,
    private_event_leaks,
    shuffled_hands,
)
from lab.core.state import State
from lab.kit.probe import kit_probe

_shuffled_hands = shuffled_hands  # the name the toy game and older tests use

__all__ = ["PROBES", "Probe", "Secret", "find_leaks", "monotone_check", "private_event_leaks", "probe", "shuffled_hands"]


# ================================================================== memm
def _memm_conservation(state: State) -> str | None:
    full = state.full_state()
    cubes = list(full["undealt"]) + [c for hand in full["hands"] for c in hand]
    cubes += [entry[3] for entry in full["structure"]]
    if sorted(cubes) != list(range(36)):
        where = Counter(cubes)
        lost = sorted(set(range(36)) - set(cubes))
        twice = sorted(c for c, k in where.items() if k > 1)
        return f"MM-C1: 36 cubes expected once each; missing {lost}, repeated {twice}"
    return None


# ================================================================== Memcel
def _memcel_conservation(state: State) -> str | None:
    full = state.full_state()
    counts = list(state.game.params["tile_counts"].values())
    if len(full["tiles"]) != sum(counts):
        return f"MC-C2: {len(full['tiles'])} sectors for {sum(counts)} tiles"
    for k, total in enumerate(counts):
        placed = full["tiles"].count(k)
        in_hand = sum(tp[k] for tp in full["to_place"])
        if placed + in_hand != total:
            return f"MC-C2/MC-0.2: tile kind {k}: {placed} on the board + {in_hand} to place != {total}"
    deck = sum(state.game.params["deck"].values())
    left, drawn = sum(full["deck"]), full["counts"]["cards"]
    if not 0 <= left <= deck or (left + drawn) % deck:
        return f"MC-C3: {left} cards left after {drawn} drawn from a deck of {deck} (reshuffled when empty)"
    return None


def _memcel_secrets(state: State, viewer: int | None) -> list[Secret]:
    full = state.full_state()
    kinds = list(state.game.params["tile_counts"])
    down = {s: kinds[k] for s, (k, up) in enumerate(zip(full["tiles"], full["up"], strict=True)) if k >= 0 and not up}

    def read(view: Any, slot: Any) -> Any:
        slots = view.get("slots") if isinstance(view, dict) else None
        return slots[slot] if isinstance(slots, list) and slot < len(slots) else None

    return [Secret("face-down tiles (MC-1.1)", down, "located", read=read)] if down else []


def _memcel_twin(state: State, viewer: int | None, rng: np.random.Generator) -> State | None:
    """The face-down tiles permuted among their sectors (what lies under a back is unknown)."""
    twin = state.clone()
    tiles, up = twin.tiles, twin.up  # type: ignore[attr-defined]
    down = [s for s, (k, u) in enumerate(zip(tiles, up, strict=True)) if k >= 0 and not u]
    for s, k in zip(down, rng.permutation([tiles[s] for s in down]), strict=True):
        tiles[s] = int(k)
    return twin


def _memcel_never_grow(state: State) -> dict[str, int]:
    full = state.full_state()
    return {"tiles still to place": sum(map(sum, full["to_place"]))}


# ================================================================== Fiemme–Cembra
def _fc_conservation(state: State) -> str | None:
    full = state.full_state()
    game = state.game
    speed = sum(map(sum, full["hands"])) + sum(full["speed_left"])
    if speed != sum(game.speed_counts):  # type: ignore[attr-defined]
        return f"FC-S2: {speed} speed cards in hands and stock, the speed deck has {sum(game.speed_counts)}"  # type: ignore[attr-defined]
    table = full["grid"] if game.memory else full["deck"]  # type: ignore[attr-defined]  # AMB-FC-3
    unknown = table.count(-1)  # face-down places whose card is drawn from the pool when seen
    if unknown != len(full["pool"]):
        return f"FC-S4: {unknown} unknown deck/grid cards but {len(full['pool'])} cards to draw them from"
    ids = [c for c in table if c >= 0] + [c for hand in full["conquered"] for c in hand]
    ids += full["pool"] + full["inserts"] + ([] if game.memory else full["held"])  # type: ignore[attr-defined]  # memory: held = grid slots
    allowed = Counter(game.conquest_ids)  # type: ignore[attr-defined]
    extra = Counter(ids) - allowed
    if extra:
        return f"FC-S4: conquest cards created or duplicated: {dict(extra)}"
    return None


def _fc_twin(state: State, viewer: int | None, rng: np.random.Generator) -> State | None:
    """The other players' speed hands dealt afresh from their cards (FC-S3: hands are private)."""
    twin = state.clone()
    n = state.game.num_players()
    seats = [p for p in range(n) if p != viewer]
    per_seat = [[t for t, k in enumerate(h) for _ in range(k)] for h in twin.hands]  # type: ignore[attr-defined]
    dealt = _shuffled_hands(per_seat, seats, rng)
    width = len(twin.hands[0])  # type: ignore[attr-defined]
    twin.hands = [[cards.count(t) for t in range(width)] for cards in dealt]  # type: ignore[attr-defined]
    return twin


# ================================================================== Space Station
def _ss_conservation(state: State) -> str | None:
    full = state.full_state()
    params = state.game.params
    pieces = 1 + params["fighters"] + 2 * params["droids"]  # SS-B: station, fighters, droids + missiles
    if not len(full["status"]) == len(full["hp"]) == len(full["hexes"]) == pieces:
        return f"SS-B: {len(full['status'])} pieces, the game has {pieces}"
    return None


def _ss_never_grow(state: State) -> dict[str, int]:
    full = state.full_state()
    destroyed = 2
    return {
        "pieces not destroyed": sum(s != destroyed for s in full["status"]),
        "shields and hits left": sum(full["hp"]),
    }


PROBES: dict[str, Probe] = {
    "memcel": Probe(
        doc="face-down tiles (MC-1.1): their kinds are hidden from every seat and the spectator",
        conservation=_memcel_conservation,
        secrets=_memcel_secrets,
        twin=_memcel_twin,
        never_grow=_memcel_never_grow,
    ),
    "fiemme_cembra": Probe(
        doc="speed hands (FC-S3) and passed cards are private; the conquest deck order is unknown",
        conservation=_fc_conservation,
        twin=_fc_twin,
    ),
    "space_station": Probe(
        doc="no hidden information: a solo game, chance only through dice (SS-C)",
        conservation=_ss_conservation,
        never_grow=_ss_never_grow,
    ),
    "memm": Probe(
        doc="no hidden information: hands lie open on the table (MM-1); 36 cubes (MM-C1)",
        conservation=_memm_conservation,
    ),
}


def probe(name: str) -> Probe:
    """The probe of game ``name`` (the toy test game included); KeyError names what is missing."""
    if name == "toy":
        from tests.tools.toy_game import toy_probe

        return toy_probe
    if name not in PROBES:
        from lab.core.registry import game_class
        from lab.kit.game import KitGame

        try:
            cls = game_class(name)
        except KeyError:
            cls = None
        if cls is not None and issubclass(cls, KitGame):
            return kit_probe(cls())
        msg = f"no probe for {name!r} in tests/tools/probes.py: add its secrets and conservation"
        raise KeyError(msg)
    return PROBES[name]


#: a widget model's id in synced state or a frame (random per session: never a secret)
MODEL_REF = re.compile(r"IPY_MODEL_[0-9a-f]+")


def strings_in(value: Any) -> Iterator[str]:
    """Every string inside ``value`` (dicts, lists, tuples), widget model ids made alike."""
    if isinstance(value, str):
        yield MODEL_REF.sub("IPY_MODEL", value)
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings_in(v)
