"""House-ruled moves are all or nothing without a copy per move (issue #14 section 1).

A state under house rules takes one checkpoint (:class:`lab.core.checkpoint.Checkpoint`) and a
failed move rebuilds it by replaying the moves since; these tests check the state after a failure
through its full state and history (``state_hash``), on the checked path and the driver's fast
path, for clones, loaded saves and simultaneous moves.
"""

from __future__ import annotations

import gc
import pickle
import weakref

import numpy as np
import pytest

import lab
from lab.core import checkpoint as checkpoints
from lab.core.state import CHANCE, SIMULTANEOUS, state_fields


def picky_lost_turns(x: int, found: int) -> int:
    """A pure house rule for MC-2.1.2.2 that fails on one input (three tiles missing)."""
    y = x - found
    if y == 3:
        msg = "three missing tiles"
        raise ValueError(msg)
    return y if y > 1 else 0


def sharper_lasers(face: int, hit_on: int) -> bool:
    return face >= hit_on - 1


def _random_action(state: lab.State, rng: np.random.Generator) -> tuple[int, object]:
    cur = state.current_player()
    if cur == CHANCE:
        outcomes = state.chance_outcomes()
        return cur, outcomes[rng.integers(len(outcomes))][0]
    if cur == SIMULTANEOUS:
        return cur, {p: state.legal_actions(p)[rng.integers(len(state.legal_actions(p)))] for p in state.acting_players()}
    legal = state.legal_actions()
    return cur, legal[rng.integers(len(legal))]


def _until_failure(state: lab.State, rng: np.random.Generator, fast: bool) -> tuple[str, int]:
    """Play random moves until one raises RuleError; the state hash and length just before it."""
    while not state.is_terminal():
        before, n = state.state_hash(), state.move_number()
        cur, action = _random_action(state, rng)
        try:
            if fast:
                state._apply_unchecked(cur, action)
            elif cur == SIMULTANEOUS:
                state.apply_actions(action)  # type: ignore[arg-type]
            else:
                state.apply_action(action)
        except lab.RuleError:
            return before, n
    pytest.skip("the house rule never failed in this game")


@pytest.mark.parametrize("fast", [False, True])
def test_a_failed_move_leaves_the_state_exactly_as_before_and_play_goes_on(fast: bool) -> None:
    game = lab.load("memcel", players=2, rules={"MC-2.1.2.2": picky_lost_turns})
    for seed in range(40):
        state = game.new_initial_state()
        rng = np.random.default_rng(seed)
        try:
            before, n = _until_failure(state, rng, fast)
        except pytest.skip.Exception:
            continue
        assert state.state_hash() == before and state.move_number() == n
        # the rebuilt state plays on like any other: same legal moves as a replay of its history
        again = lab.state_from_json(state.to_json(), rules={"MC-2.1.2.2": picky_lost_turns})
        assert again.state_hash() == state.state_hash()
        assert state.legal_actions() == again.legal_actions()
        return
    raise AssertionError("no game met the failing input")


def test_clones_and_loaded_saves_restore_their_own_line_of_play() -> None:
    game = lab.load("memcel", players=2, rules={"MC-2.1.2.2": picky_lost_turns})
    for seed in range(40):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        for _ in range(6):  # a few moves first: the original takes its checkpoint
            cur, action = _random_action(state, rng)
            state._apply_unchecked(cur, action)
        copy = state.clone()
        loaded = lab.state_from_json(state.to_json(), rules={"MC-2.1.2.2": picky_lost_turns})
        hashes = []
        for s in (copy, loaded):
            try:
                before, n = _until_failure(s, np.random.default_rng(seed + 1), fast=True)
            except pytest.skip.Exception:
                break
            assert s.state_hash() == before and s.move_number() == n
            hashes.append(before)
        else:
            assert hashes[0] == hashes[1]  # the same moves from the same position
            assert state.move_number() == 6  # the original was never touched
            return
    raise AssertionError("no game met the failing input")


def test_a_failed_simultaneous_move_is_taken_back_whole() -> None:
    def broken(order: list[int], shouted: list[int], several_closers: str) -> list[int]:
        return [order[99]]

    game = lab.load("fiemme_cembra", players=3, rules={"FC-P6": broken})
    state = game.new_initial_state()
    before, n = _until_failure(state, np.random.default_rng(0), fast=True)
    assert state.state_hash() == before and state.move_number() == n


def test_checkpoints_live_beside_the_states_not_in_them() -> None:
    seed_game = lab.load("space_station")
    house = seed_game.with_rules({"SS-G2": sharper_lasers})
    plain, ruled = lab.play(seed_game, seed=3), lab.play(house, seed=3)
    assert set(state_fields(ruled)) == set(state_fields(plain))  # no extra field: attribute access stays fast
    assert pickle.loads(pickle.dumps(ruled.clone())).state_hash() == ruled.state_hash()
    assert id(ruled) in checkpoints._CHECKPOINTS


def _weakly_referenceable(state: lab.State) -> bool:
    try:
        weakref.ref(state)
    except TypeError:  # a compiled state class (lab.native)
        return False
    return True


def test_a_checkpoint_entry_leaves_with_its_state_or_the_table_is_bounded() -> None:
    house = lab.load("space_station").with_rules({"SS-G2": sharper_lasers})
    ruled = lab.play(house, seed=3)
    if _weakly_referenceable(ruled):
        n = len(checkpoints._CHECKPOINTS)
        del ruled
        gc.collect()
        assert len(checkpoints._CHECKPOINTS) < n  # an entry leaves with its state
        return
    alive = [lab.play(house, seed=s % 4) for s in range(checkpoints.UNREFERENCED_MAX + 8)]  # distinct ids
    assert len(checkpoints._UNREFERENCED) <= checkpoints.UNREFERENCED_MAX
    unreferenced = [k for k, entry in checkpoints._CHECKPOINTS.items() if entry[0] is None]
    assert len(unreferenced) <= checkpoints.UNREFERENCED_MAX
    assert all(id(k) not in checkpoints._CHECKPOINTS for k in alive[:8])  # the oldest went first
    assert all(id(k) in checkpoints._CHECKPOINTS for k in alive[-8:])


def test_a_checkpoint_is_used_only_by_the_state_that_took_it() -> None:
    house = lab.load("space_station").with_rules({"SS-G2": sharper_lasers})
    state = house.new_initial_state()
    rng = np.random.default_rng(2)
    for _ in range(5):
        _, action = _random_action(state, rng)  # (Space Station has no simultaneous node)
        state.apply_action(action)
    ck = checkpoints.checkpoint(state)
    assert checkpoints.checkpoint(state) is ck
    # another state at the same id (a dead state's id is reused) has another history list
    state._history = list(state._history)
    again = checkpoints.checkpoint(state)
    assert (again is ck) == _weakly_referenceable(state)  # a weak reference names its own state


def test_a_house_rule_that_is_not_pure_is_named_when_the_state_cannot_be_rebuilt() -> None:
    calls = []

    def tired(x: int, found: int) -> int:  # fails from its fifth call on: not a pure function
        calls.append(x)
        if len(calls) >= 5:
            msg = "tired"
            raise ValueError(msg)
        return 0

    game = lab.load("memcel", players=2, rules={"MC-2.1.2.2": tired})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    with pytest.raises(lab.RuleError, match="could not be rebuilt.*pure functions"):
        while not state.is_terminal():
            cur, action = _random_action(state, rng)
            state._apply_unchecked(cur, action)
