"""Event data is frozen when first handed out (State.log keeps a private dict until then)."""

from __future__ import annotations

import pytest

from lab.core.frozen import FrozenDict, FrozenError
from tests.tools.toy_game import ToyGame


def test_every_event_handed_out_has_read_only_data_clones_included() -> None:
    s = ToyGame().new_initial_state()
    s.log("TOY-1", "first", value=1)
    twin = s.clone()  # taken before anything was handed out: shares the unfrozen record
    s.log("TOY-2", "second", value=2)
    for state in (s, twin, s.clone()):
        for events in (state.events, state.events_for(None), state.events_for(0)):
            assert events and all(type(e.data) is FrozenDict for e in events)
            with pytest.raises(FrozenError):
                events[0].data["value"] = 99
    assert [e.data["value"] for e in s.events] == [1, 2]
    assert [e.data["value"] for e in twin.events] == [1]


def test_events_logged_after_a_hand_out_are_frozen_at_the_next_one() -> None:
    s = ToyGame().new_initial_state()
    s.log("TOY-1", "first", value=1)
    assert len(s.events) == 1
    s.log("TOY-2", "second", value=2, seen=(0, 1))
    last = s.events_for(1)[-1]
    assert type(last.data) is FrozenDict and last.data == {"value": 2, "seen": (0, 1)}


def test_a_replaced_event_list_is_checked_from_its_start() -> None:
    s = ToyGame().new_initial_state()
    for i in range(3):
        s.log("TOY-1", "tick", value=i)
    assert len(s.events) == 3  # all three frozen
    fresh = ToyGame().new_initial_state()
    fresh.log("TOY-1", "tick", value=7)
    s._events = list(fresh._events)  # shorter, unfrozen: what a game's own code might do
    assert type(s.events[0].data) is FrozenDict
    s.events = [*fresh._events, *fresh._events]  # the setter starts the check afresh
    assert all(type(e.data) is FrozenDict for e in s.events)


def test_stop_unfinished_returns_a_frozen_event() -> None:
    s = ToyGame().new_initial_state()
    event = s.stop_unfinished("TOY-9", "max_turns=3", turns=3)
    assert type(event.data) is FrozenDict and event.data == {"limit": "max_turns=3", "turns": 3}
    with pytest.raises(FrozenError):
        event.data["turns"] = 4
