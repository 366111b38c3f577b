"""Memcel logs scalars, tuples and read-only lists only (issue #16).

The records a seat has seen (``observation(p)["events"]``) share the logged events' values and are
handed out as shallow read-only copies (``MemcelState._seen_since``): that is only safe because
no event value is an editable list or dict. This plays every parameter choice and checks every
event.
"""

from __future__ import annotations

from typing import Any

import pytest

import lab
from lab.checks.conformance import conformance_variants
from lab.core.frozen import FrozenDict, FrozenList


def _immutable(value: Any) -> bool:
    if type(value) in (tuple, FrozenList):
        return all(_immutable(v) for v in value)
    return isinstance(value, str | int | float | bool | type(None))


@pytest.mark.parametrize("params", conformance_variants(lab.game_class("memcel")), ids=str)
def test_every_event_value_is_a_scalar_or_a_tuple(params: dict[str, Any]) -> None:
    game = lab.load("memcel", **params)
    for seed, agents in ((1, None), (2, "memory")):
        state = lab.play(game, agents, seed=seed)
        for clause, kind, data, _, _ in state._events:  # as logged, before anything froze them
            bad = {k: v for k, v in data.items() if not _immutable(v)}
            assert not bad, f"{clause} {kind} logs {bad}: log a FrozenList or a tuple"
        for viewer in (None, *range(game.num_players())):
            for record in state.observation(viewer)["events"]:
                assert type(record) is FrozenDict and all(_immutable(v) for v in record.values())
