"""The hidden-information probe of a game made with :func:`lab.define_game`, from its declared
``hidden`` fields: what :meth:`KitGame.check <lab.kit.game.KitGame.check>` audits every view with
(:mod:`lab.checks.probes`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import numpy as np

from lab.checks.probes import Probe, Secret, _key, _lists
from lab.core.game import Game
from lab.core.state import State
from lab.kit.state import hidden_places


def kit_probe(game: Game) -> Probe:
    """The probe of a game made with :func:`lab.define_game`, from its ``hidden`` fields."""
    hidden = game.definition.hidden  # type: ignore[attr-defined]

    def secrets(state: State, viewer: int | None) -> list[Secret]:
        data = state.data  # type: ignore[attr-defined]
        # a hidden list equal (as a multiset) to a list the viewer may see is no secret to them
        seen = [v for k, v in data.items() if k not in hidden]
        seen += [v[viewer] for k, v in data.items() if hidden.get(k) == "owner" and viewer is not None
                 and isinstance(v, list) and 0 <= viewer < len(v)]
        public = {_key(sorted(map(_key, node))) for v in seen for node in _lists(v)}
        out = []
        for key, seat, items in hidden_places(data, hidden, viewer):
            if _key(sorted(map(_key, items))) in public:
                continue
            label = f"hidden field {key!r}" + ("" if seat is None else f" of seat {seat}")
            token = json.dumps(items, separators=(", ", ": "))
            out.append(Secret(label, items, "multiset", (token,) if len(items) >= 2 else ()))
        return out

    def twin(state: State, viewer: int | None, rng: np.random.Generator) -> State | None:
        return state.resample_hidden(-1 if viewer is None else viewer, rng)  # type: ignore[attr-defined]

    def vary(state: State, viewer: int | None) -> State | None:
        """Every item hidden from ``viewer`` replaced by a value found nowhere else in the game."""
        other = state.clone()
        fresh = _Fresh(state.data)  # type: ignore[attr-defined]
        for key, seat, items in hidden_places(other.data, hidden, viewer):  # type: ignore[attr-defined]
            replaced = [fresh.like(item) for item in items]
            if seat is None:
                other.data[key] = replaced  # type: ignore[attr-defined]
            else:
                other.data[key][seat] = replaced  # type: ignore[attr-defined]
        return other

    def conservation(state: State) -> str | None:
        return None

    if not hidden:
        return Probe(doc=f"{game.name}: no hidden information declared", conservation=conservation)
    fields = ", ".join(f"{k} ({v})" for k, v in hidden.items())
    return Probe(doc=f"{game.name}: hidden fields {fields}", conservation=conservation, secrets=secrets, twin=twin,
                 vary=vary)


class _Fresh:
    """Values of the kinds of a game's data that its data does not hold (for ``vary``)."""

    def __init__(self, data: Any) -> None:
        self.used = {_key(leaf) for leaf in _leaves(data)}
        self.count = 0

    def like(self, item: Any) -> Any:
        """A value shaped as ``item`` whose every number and string is new."""
        if isinstance(item, list):
            return [self.like(v) for v in item]
        if isinstance(item, dict):
            return {k: self.like(v) for k, v in item.items()}
        if isinstance(item, bool) or item is None:
            return item
        while True:
            self.count += 1
            value: Any = (1_000_003 + self.count if isinstance(item, int)
                          else 1_000_003.5 + self.count if isinstance(item, float)
                          else f"{item}~{self.count}")
            if _key(value) not in self.used:
                self.used.add(_key(value))
                return value


def _leaves(node: Any) -> Iterator[Any]:
    if isinstance(node, list):
        for item in node:
            yield from _leaves(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _leaves(item)
    else:
        yield node
