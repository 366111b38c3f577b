"""Fiemme–Cembra's incremental pass-phase state (hand keys) and one-action picks, checked against
a from-scratch recomputation at every step of many seeded games."""

from __future__ import annotations

import numpy as np
import pytest

import lab
from lab.core.actions import act
from lab.core.state import SIMULTANEOUS
from lab.games.fiemme_cembra import components as C
from lab.games.fiemme_cembra.hands import DISCARDS, FULL_KEY, hand_key, hand_keys
from lab.games.fiemme_cembra.views import P_PASS, P_PENALTY, P_SLAP, P_SWAP

VARIANTS = [
    {"hand_limit": 60},
    {"players": 3, "pass_direction": "alternate", "hand_limit": 40},
    {"players": 6, "several_closers": "each_shouting", "reinsert": "anywhere", "hand_limit": 40},
    {"players": 5, "mode": "memory_proposal", "pass_limit": 5, "hand_limit": 40},
]


def scratch_legal(state, p):
    return tuple(DISCARDS[t] for t in range(C.HAND_TYPES) if state.hands[p][t] > 0)


def check(state) -> None:
    """The incremental values equal a recomputation from the hands (read without re-keying)."""
    keys = state.hkeys
    hands = state._hands
    assert keys is not None  # the game's own moves always keep keys
    assert keys == [hand_key(h) for h in hands]
    if state.phase == P_PASS:
        for p in range(state.n):
            expected = tuple(DISCARDS[t] for t in range(C.HAND_TYPES) if hands[p][t] > 0)
            assert state._legal_actions(p) == expected
    if state.phase == P_SLAP:
        assert state.closers == [p for p, h in enumerate(hands) if 0 not in h]
    if state.phase == P_PASS and state.passes:
        assert FULL_KEY not in keys  # after a pass nobody holds a complete hand


@pytest.mark.parametrize("params", VARIANTS)
def test_hand_keys_match_a_recomputation_at_every_step(params) -> None:
    game = lab.load("fiemme_cembra", **params)
    for seed in range(4):
        agents = None if seed % 2 else "collector"
        lab.play(game, agents, seed=seed, on_step=check)


def test_clone_and_resample_keep_their_own_keys() -> None:
    game = lab.load("fiemme_cembra", hand_limit=30)
    rng = np.random.default_rng(3)

    def step(state):
        if state.phase != P_PASS:
            return
        twin = state.clone()
        assert twin.hkeys == state.hkeys and twin.hkeys is not state.hkeys
        assert twin._hands is not state._hands
        sampled = state.resample_hidden(0, rng)
        assert sampled.hkeys == hand_keys(sampled.hands)
        assert sampled.hands[0] == state.hands[0]
        if sampled.current_player() == SIMULTANEOUS:
            for p in range(sampled.n):
                assert sampled.legal_actions(p) == list(scratch_legal(sampled, p))

    lab.play(game, None, seed=5, on_step=step)


def test_assigned_hands_are_keyed_and_odd_hands_fall_back_to_the_lists() -> None:
    s = lab.load("fiemme_cembra").new_initial_state()
    while s.phase != P_PASS:
        s.apply_action(s.chance_outcomes()[0][0])
    s.hands = [[2, 1, 1, 1, 0], [0, 1, 1, 1, 2], [1, 1, 1, 0, 2], [1, 1, 1, 0, 2]]
    assert s.hkeys == [hand_key(h) for h in s.hands]
    # a hand no 5-card deal makes (6 cards): no keys, the rule point decides on the lists
    s.hands = [[2, 1, 1, 1, 1], [0, 1, 1, 1, 2], [1, 1, 1, 0, 2], [6, 0, 0, 0, 0]]
    assert s.hkeys is None
    assert hand_key([6, 0, 0, 0, 0]) is None and hand_key([1, 1, 1, 1]) is None
    assert hand_key([1, 1, 1, 1, True]) is None
    assert hand_key([2, 1, 1, 1, 1]) is None  # closes by FC-P4, but has no key of 5 cards
    assert hand_keys([[0] * 5, [1] * 5]) == [0, FULL_KEY]
    assert s.legal_actions(3) == [act("discard", 0)]
    assert s.legal_actions(0) == list(DISCARDS)
    s.apply_actions({0: act("discard", 0), 1: act("discard", 4), 2: act("discard", 4), 3: act("discard", 0)})
    # 0 gave a nature to 1 and got one from 3: [2,1,1,1,1] still has every type, so it closes
    assert s.hands[0] == [2, 1, 1, 1, 1]
    assert s.closers == [0, 1]
    assert s.phase == P_SLAP


def test_default_closes_only_the_full_hand() -> None:
    """FC-P4's default rule point (the fast path checks only full keys): of every 5-card hand,
    exactly the one with one card of each type closes."""
    rule = lab.load("fiemme_cembra").rules.closes
    assert [c for c in C.COMPOSITIONS if rule(list(c))] == [(1, 1, 1, 1, 1)]
    assert rule([2, 1, 1, 1, 1]) and not rule([0, 2, 1, 1, 1])


def test_one_action_picks_equal_the_list_pick() -> None:
    """give_back and event_swap picks build only the chosen action: the one the list gives."""
    game = lab.load("fiemme_cembra", hand_limit=200)
    seen = set()

    def step(state):
        p = state.current_player()
        if p < 0 or state.phase not in (P_PENALTY, P_SWAP):
            return
        legal = state.legal_actions()
        seen.add(state.phase)
        for i in range(len(legal)):
            calls = []

            def pick(n, i=i, calls=calls):
                calls.append(n)
                return i

            assert state._pick_action(p, pick) == legal[i]
            assert calls == [len(legal)]

    for seed in range(3):
        lab.play(game, None, seed=seed, on_step=step)
    assert seen == {P_PENALTY, P_SWAP}


def _penalty_state():
    game = lab.load("fiemme_cembra", hand_limit=200)
    found = []

    def step(state):
        if not found and state.phase == P_PENALTY and len(state.conquered[state.actor]) > 1:
            found.append(state.clone())

    lab.play(game, None, seed=0, on_step=step)
    return found[0]


def test_one_action_pick_of_nothing_calls_no_pick() -> None:
    s = _penalty_state()
    p = s.actor
    s.conquered[p] = []
    calls = []
    assert s._pick_action(p, calls.append) is None
    s.phase = P_SWAP
    assert s._pick_action(p, calls.append) is None
    assert calls == []


def test_a_replaced_legal_list_gets_the_list_pick() -> None:
    """A subclass that replaces ``_legal_actions`` is picked from its own list."""
    s = _penalty_state()

    class Reversed(type(s)):
        def _legal_actions(self, player):
            return list(reversed(super()._legal_actions(player)))

    twin = s.clone()
    twin.__class__ = Reversed
    p = s.actor
    assert len(s.legal_actions()) > 1
    assert twin._pick_action(p, lambda n: 0) == s.legal_actions()[-1]


def _joint_check(state, served) -> None:
    """At a keyed pass or a slap race: the joint pick is each seat's list pick, each seat asked
    once with its list's length, and the game's own path serves it (not the base class's)."""
    if state.current_player() != SIMULTANEOUS:
        return
    lists = [state.legal_actions(p) for p in range(state.n)]
    for which in (lambda n: 0, lambda n: n // 2, lambda n: n - 1):
        asked = [[] for _ in range(state.n)]

        def pick_for(p, which=which, asked=asked):
            def pick(n):
                asked[p].append(n)
                return which(n)
            return pick

        got = state._pick_joint([pick_for(p) for p in range(state.n)])
        assert got == {p: legal[which(len(legal))] for p, legal in enumerate(lists)}
        assert asked == [[len(legal)] for legal in lists]
    served.add(state.phase)


@pytest.mark.parametrize("params", VARIANTS)
def test_FC_P2_FC_P5_joint_picks_equal_the_seat_by_seat_list_picks(params, monkeypatch) -> None:
    """The driver's joint pick at the FC-P2 pass and the FC-P5 slap race (every seat random)
    reads each seat's list as ``legal_actions`` gives it, without the base class."""
    from lab.core.state import State

    def refused(self, picks):
        raise AssertionError("the base class's joint pick was used at a keyed pass or a slap race")

    monkeypatch.setattr(State, "_pick_joint", refused)
    game = lab.load("fiemme_cembra", **params)
    served: set = set()
    for seed in range(3):
        lab.play(game, "collector", seed=seed, on_step=lambda s: _joint_check(s, served))
    assert served == {P_PASS, P_SLAP}


def test_joint_pick_of_odd_or_empty_hands_and_replaced_lists_reads_the_lists() -> None:
    """Hands without keys and a subclass's own lists: the base class's pick from the lists; an
    empty hand (no discard): nothing is picked and no seat is asked."""
    s = lab.load("fiemme_cembra").new_initial_state()
    while s.phase != P_PASS:
        s.apply_action(s.chance_outcomes()[0][0])
    s.hands = [[2, 1, 1, 1, 1], [0, 1, 1, 1, 2], [1, 1, 1, 0, 2], [6, 0, 0, 0, 0]]
    assert s.hkeys is None
    assert s._pick_joint([lambda n: n - 1] * 4) == {p: s.legal_actions(p)[-1] for p in range(4)}
    s.hands = [[0, 0, 0, 0, 0], [0, 1, 1, 1, 2], [1, 1, 1, 0, 2], [1, 1, 1, 0, 2]]
    assert s.hkeys is not None and s.hkeys[0] == 0
    asked: list[int] = []
    assert s._pick_joint([asked.append] * 4) is None
    assert asked == []

    class Reversed(type(s)):
        def _legal_actions(self, player):
            return tuple(reversed(super()._legal_actions(player)))

    s.hands = [[2, 1, 1, 1, 0], [0, 1, 1, 1, 2], [1, 1, 1, 0, 2], [1, 1, 1, 0, 2]]
    twin = s.clone()
    twin.__class__ = Reversed
    assert twin._pick_joint([lambda n: 0] * 4) == {p: s.legal_actions(p)[-1] for p in range(4)}
