"""Actions: readable strings, JSON form, a stable integer code; illegal actions refused."""

from __future__ import annotations

import json

import pytest

import lab
from lab.core.actions import Action, ActionCodec, ActionSpec, Field, act

CODEC = ActionCodec(
    [
        ActionSpec("place", (Field("sector", range(48)),)),
        ActionSpec("attack"),
        ActionSpec("give", (Field("cube", range(36)), Field("to", range(4)), Field("how", ("fast", "slow")))),
    ]
)


def test_action_str_and_json() -> None:
    a = act("give", 3, 1, "slow")
    assert str(a) == "give(3, 1, slow)" and str(act("attack")) == "attack"
    assert a.to_json() == ["give", 3, 1, "slow"]
    assert CODEC.from_json(json.loads(json.dumps(a.to_json()))) == a


def test_codec_is_a_bijection() -> None:
    seen = set()
    for code in range(CODEC.size):
        action = CODEC.decode(code)
        assert CODEC.encode(action) == code
        seen.add(action)
    assert len(seen) == CODEC.size == 48 + 1 + 36 * 4 * 2


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (["fly"], "unknown action kind 'fly'"),
        (["place"], "takes 1 argument"),
        (["place", 48], "outside 0..47"),
        (["place", "3"], "outside"),
        (["place", True], "outside"),
        (["give", 1, 1, "medium"], "not one of"),
        ({"kind": "place"}, "JSON list"),
        ([], "JSON list"),
        (["place"] + [1] * 100, "at most 64"),
    ],
)
def test_codec_rejects_bad_json_with_a_reason(data: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        CODEC.from_json(data)


def test_codec_rejects_bad_codes() -> None:
    for bad in (-1, CODEC.size, 1.5, True):
        with pytest.raises(ValueError):
            CODEC.decode(bad)  # type: ignore[arg-type]


def test_every_game_action_codec_round_trips_on_a_playout(game_name: str) -> None:
    game = lab.load(game_name)
    state = game.new_initial_state()
    for item in lab.play(game, seed=4).history():
        actions = item.action if item.player == lab.SIMULTANEOUS else (item.action,)
        for p, a in enumerate(actions):
            if a is None:
                continue
            who = p if item.player == lab.SIMULTANEOUS else None
            assert isinstance(a, Action)
            code = state.action_to_int(a, who)
            assert 0 <= code < game.num_distinct_actions()
            assert state.int_to_action(code, who) == a
            assert game.action_from_json(a.to_json()) == a
            assert str(a)
        if item.player == lab.SIMULTANEOUS:
            state.apply_actions({p: a for p, a in enumerate(item.action) if a is not None})
        else:
            state.apply_action(item.action)


def test_illegal_action_raises_and_leaves_the_state_unchanged(game_name: str) -> None:
    game = lab.load(game_name)
    state = game.new_initial_state()
    rng = __import__("numpy").random.default_rng(0)
    tried = 0
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_simultaneous_node():
            state.apply_actions({p: state.legal_actions(p)[0] for p in state.acting_players()})
            continue
        legal = state.legal_actions()
        legal_set = set(legal)
        for _ in range(20):
            bad = game.arbitrary_action(rng)
            if bad in legal_set:
                continue
            before = state.to_json()
            with pytest.raises(lab.IllegalAction) as info:
                state.apply_action(bad)
            assert str(bad) in str(info.value) and "Legal:" in str(info.value)
            assert state.to_json() == before
            tried += 1
            break
        state.apply_action(legal[int(rng.integers(len(legal)))])
    assert tried > 0


def test_apply_after_the_end_is_illegal(game_name: str) -> None:
    state = lab.play(lab.load(game_name), seed=1)
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(lab.IllegalAction, match="game is over"):
        state.apply_action(lab.act("anything"))


def test_garbage_is_an_illegal_action_not_a_crash(game_name: str) -> None:
    state = lab.load(game_name).new_initial_state()
    before = state.to_json()
    for garbage in (None, 3.5, {"a": 1}, ["no-such-kind", 1], -5, 10**30):
        if state.is_simultaneous_node():
            break
        with pytest.raises(lab.IllegalAction):
            state.apply_action(garbage)
    assert state.to_json() == before
