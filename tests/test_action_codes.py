"""Compact action codes (issue #15 §3): every game fits a legal-action mask.

memm's ``place(cube, x, y, z, rotation)`` used to take one code per argument combination
(156,795,264 codes); it is now pointer-coded (``ActionSpec(choices=...)``): a code is the index
of the action among the legal ``place`` actions of the decision. Saves store actions as JSON,
so saves and golden records made before the change still load and replay.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import lab
from lab.core.actions import ActionCodec, ActionSpec, Field, act
from lab.core.save import replay
from tests.tools.make_golden import golden_path, record_lists

MASK_LIMIT = 10_000

POINTER = ActionCodec(
    [
        ActionSpec("move", (Field("x", range(1000)), Field("y", range(1000))), choices=3),
        ActionSpec("pass"),
        ActionSpec("roll", (Field("face", range(1, 7)),)),
    ]
)


@pytest.mark.parametrize("name", lab.game_names())
def test_every_game_has_at_most_ten_thousand_action_codes(name: str) -> None:
    for params in [{}, *({"players": p} for p in _player_counts(name))]:
        assert lab.load(name, **params).num_distinct_actions() <= MASK_LIMIT


def _player_counts(name: str) -> list[int]:
    spec = next(s for s in lab.game_class(name).parameter_specs() if s.name == "players")
    return list(range(int(spec.minimum), int(spec.maximum) + 1))


def test_pointer_codes_index_the_legal_actions_of_their_kind() -> None:
    legal = [act("pass"), act("move", 5, 7), act("move", 900, 2)]
    assert POINTER.size == 3 + 1 + 6
    assert POINTER.encode_all(legal) == [3, 0, 1]
    assert POINTER.encode(act("move", 900, 2), legal) == 1
    assert POINTER.decode(1, legal) == act("move", 900, 2)
    assert POINTER.decode(POINTER.encode(act("roll", 6))) == act("roll", 6)  # fixed codes need no state


def test_pointer_codes_refuse_what_they_cannot_code_with_a_reason() -> None:
    legal = [act("move", 5, 7)]
    with pytest.raises(ValueError, match="state.action_to_int"):
        POINTER.encode(act("move", 5, 7))
    with pytest.raises(ValueError, match="state.int_to_action"):
        POINTER.decode(0)
    with pytest.raises(ValueError, match="not among the legal actions"):
        POINTER.encode(act("move", 1, 1), legal)
    with pytest.raises(ValueError, match="choice 2, but 1 are legal"):
        POINTER.decode(2, legal)
    with pytest.raises(ValueError, match="more than 3 legal actions"):
        POINTER.encode_all([act("move", i, 0) for i in range(4)])
    with pytest.raises(ValueError, match="outside 0..999"):
        POINTER.encode(act("move", 1000, 0), legal)  # still validated by its fields
    POINTER.validate(act("move", 999, 999))  # well-formed, legal or not


def test_arbitrary_actions_are_well_formed_and_cover_every_kind() -> None:
    rng = np.random.default_rng(0)
    kinds = set()
    for _ in range(3000):
        a = POINTER.arbitrary(rng)
        POINTER.validate(a)
        kinds.add(a.kind)
    assert kinds == {"move"}  # a million (x, y) pairs against 7 other actions
    few = ActionCodec([ActionSpec("a"), ActionSpec("b", (Field("v", range(2)),))])
    assert {few.arbitrary(rng) for _ in range(200)} == {act("a"), act("b", 0), act("b", 1)}


def test_memm_place_codes_round_trip_through_the_state_on_a_playout() -> None:
    game = lab.load("memm", players=2, attach="any")
    final = lab.play(game, "greedy", seed=3)
    state = game.new_initial_state()
    places = 0
    for item in final.history():
        if state.current_player() >= 0:
            legal = state.legal_actions()
            codes = state.legal_action_codes()
            assert len(set(codes)) == len(codes) and max(codes) < game.num_distinct_actions()
            assert [state.int_to_action(c) for c in codes] == legal
            places += sum(a.kind == "place" for a in legal)
        code = state.action_to_int(item.action)
        state.apply_action(code)  # an integer code is accepted as the action it stands for
    assert state == final
    assert places > 100
    with pytest.raises(ValueError, match="state.action_to_int"):
        game.action_to_int(next(h.action for h in final.history() if h.action.kind == "place"))


def test_memm_saves_and_golden_records_made_before_the_compact_codes_still_replay() -> None:
    stored = json.loads(golden_path("memm").read_text())
    for record in stored["records"][:3]:
        game = lab.load("memm", **record["params"])
        history, _ = record_lists(record)
        state = replay(game, history)
        assert state.state_hash() == record["final_hash"]
        again = lab.state_from_json(state.to_json())
        assert again == state
