"""Per-game probes: where each game keeps its secrets and which component counts it conserves.

The reliability tests are generic over ``lab.game_names()``; what differs per game is read here
from the game's own ``full_state()`` (the complete internal state, hidden parts included):

* ``secrets(state, viewer)`` -> the :class:`Secret` s ``viewer`` (``None`` = a spectator) may not
  know at ``state``; :func:`find_leaks` searches a view (observation, event log, SVG) for them.
* ``conservation(state)`` -> ``None`` or a message: the game's components are all somewhere,
  none created or lost (memm's 36 cubes, Memcel's 48 tiles, Fiemme–Cembra's 50 cards), and
  piece counts that may only fall never grow (Space Station).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from lab.core.state import State


@dataclass(frozen=True)
class Secret:
    """Something a viewer may not know.

    ``match`` says how a view would reveal it: ``"sequence"`` (a JSON list equal to ``value``,
    e.g. a deck in order), ``"multiset"`` (a list holding the same items in any order, e.g. a
    hand), ``"located"`` (``value`` is a dict location -> secret item and ``read`` gives what a
    view says at a location). ``tokens`` are strings that may appear in an SVG only if leaked.
    """

    label: str
    value: Any
    match: str = "sequence"
    tokens: tuple[str, ...] = ()
    read: Callable[[Any, Any], Any] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Probe:
    doc: str
    secrets: Callable[[State, int | None], list[Secret]]
    conservation: Callable[[State], str | None]


def _lists(node: Any) -> Iterator[list[Any]]:
    if isinstance(node, list):
        yield node
        for item in node:
            yield from _lists(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _lists(item)


def _key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def find_leaks(view: Any, secrets: list[Secret]) -> list[str]:
    """Messages naming each secret ``view`` (JSON data or SVG text) reveals."""
    found: list[str] = []
    if not secrets:
        return found
    if isinstance(view, str):
        for s in secrets:
            found += [f"{s.label}: the SVG holds {t!r}" for t in s.tokens if t in view]
        return found
    data = json.loads(json.dumps(view))  # tuples -> lists, keys -> strings
    lists = list(_lists(data))
    for s in secrets:
        if s.match == "located":
            assert s.read is not None
            for loc, item in s.value.items():
                if s.read(data, loc) == item:
                    found.append(f"{s.label}: the view shows {item!r} at {loc!r}")
            continue
        value = json.loads(json.dumps(s.value))
        if not isinstance(value, list) or len(value) < 2:
            continue  # a single item is too common to search for structurally
        if s.match == "sequence":
            if any(node == value for node in lists):
                found.append(f"{s.label}: the view holds it in order ({_key(value)[:80]})")
        elif s.match == "multiset":
            want = Counter(map(_key, value))
            if any(len(node) == len(value) and Counter(map(_key, node)) == want for node in lists):
                found.append(f"{s.label}: the view holds it ({_key(value)[:80]})")
        else:
            raise ValueError(f"unknown match {s.match!r}")
    return found


# ================================================================== memm
def _memm_secrets(state: State, viewer: int | None) -> list[Secret]:
    # MM-1: the cubes are shared out and lie on the table in front of their owners (the
    # game's documented choice: no hidden information); the undealt cubes are the complement
    # of what has been dealt, so nothing is secret. Only the dice decide chance.
    return []


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


PROBES: dict[str, Probe] = {
    "memm": Probe(
        doc="no hidden information: hands lie open on the table (MM-1); 36 cubes (MM-C1)",
        secrets=_memm_secrets,
        conservation=_memm_conservation,
    ),
}


def probe(name: str) -> Probe:
    """The probe of game ``name`` (the toy test game included); KeyError names what is missing."""
    if name == "toy":
        from tests.tools.toy_game import toy_probe

        return toy_probe
    if name not in PROBES:
        msg = f"no probe for {name!r} in tests/tools/probes.py: add its secrets and conservation"
        raise KeyError(msg)
    return PROBES[name]
