"""Fiemme–Cembra's incremental pass-phase state (hand keys) and one-action picks, checked against
a from-scratch recomputation at every step of many seeded games."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import lab
from lab.core.actions import act
from lab.core.state import SIMULTANEOUS
from lab.games.fiemme_cembra import components as C
from lab.games.fiemme_cembra.hands import DISCARDS, FULL_KEY, hand_key, hand_keys
from lab.games.fiemme_cembra.views import P_DEAL, P_PASS, P_PENALTY, P_SLAP, P_SWAP
from tests.tools.plant import as_class, plant

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

    lab.play(game, "random", seed=5, on_step=step)


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
        lab.play(game, "random", seed=seed, on_step=step)
    assert seen == {P_PENALTY, P_SWAP}


def _penalty_state():
    game = lab.load("fiemme_cembra", hand_limit=200)
    found = []

    def step(state):
        if not found and state.phase == P_PENALTY and len(state.conquered[state.actor]) > 1:
            found.append(state.clone())

    lab.play(game, "random", seed=0, on_step=step)
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

    twin = as_class(s.clone(), Reversed)
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
    from lab.games.fiemme_cembra.state import FiemmeCembraState

    game = lab.load("fiemme_cembra", **params)
    picking: list[bool] = []

    def pick_joint(self, picks):
        picking.append(True)
        try:
            return FiemmeCembraState._pick_joint(self, picks)
        finally:
            picking.pop()

    def acting_players(self):  # what the base class's joint pick asks first
        fast = self.phase == P_SLAP or (self.phase == P_PASS and self.hkeys is not None and 0 not in self.hkeys)
        if picking and fast:
            raise AssertionError("the base class's joint pick was used at a keyed pass or a slap race")
        return FiemmeCembraState.acting_players(self)

    plant(monkeypatch, game, _pick_joint=pick_joint, acting_players=acting_players)
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
    twin = as_class(s.clone(), Reversed)
    assert twin._pick_joint([lambda n: 0] * 4) == {p: s.legal_actions(p)[-1] for p in range(4)}


class Shadow:
    """Each hand and each seat's pass record, rebuilt from the history alone (deals, then the
    discards moved along ``pass_tables``): what the state's pass log and keyed hands must give."""

    def __init__(self, n: int) -> None:
        self.hands = [[0] * C.HAND_TYPES for _ in range(n)]
        self.passes: list[list[int]] = [[] for _ in range(n)]
        self.receipts: list[list[int]] = [[] for _ in range(n)]
        self.count = 0
        self.seen = 0

    def follow(self, state) -> None:
        n = state.n
        for item in state.history()[self.seen:]:
            if item.player == SIMULTANEOUS:
                if item.action[0].kind != "discard":
                    continue
                tables = state.game.pass_tables
                table = tables[self.count % len(tables)]
                self.count += 1
                for p, a in enumerate(item.action):
                    t = a.args[0]
                    self.hands[p][t] -= 1
                    self.hands[table[p]][t] += 1
                    self.passes[p].append(t)
                    self.receipts[table[p]].append(t)
            elif item.action.kind == "deal":
                receiver = sum(1 for _ in self._deals_since_hand(state, item))
                if receiver == 0:
                    self.__init__(n)
                    self.seen = 0
                self.hands[receiver] = list(C.COMPOSITIONS[item.action.args[0]])
        self.seen = len(state.history())

    def _deals_since_hand(self, state, item):
        # the receiver of a deal: how many hands of this hand were dealt before it
        hist = state.history()
        i = max(j for j, it in enumerate(hist) if it is item)
        j = i - 1
        while j >= 0 and hist[j].player != SIMULTANEOUS and hist[j].action.kind == "deal":
            yield j
            j -= 1

    def check(self, state) -> None:
        self.follow(state)
        fresh = state.phase == P_DEAL and state.deal_to == 0
        passes = [[] for _ in range(state.n)] if fresh else self.passes
        receipts = [[] for _ in range(state.n)] if fresh else self.receipts
        assert [state.passes_of(p) for p in range(state.n)] == passes
        assert [state.receipts_of(p) for p in range(state.n)] == receipts
        full = state.full_state()
        assert (full["my_passes"], full["my_receipts"]) == (passes, receipts)
        twin = state.clone()
        assert (twin.my_passes, twin.my_receipts) == (passes, receipts)  # kept lists, same values
        if state.phase in (P_PASS, P_SLAP) or (state.phase == P_DEAL and state.deal_to):
            assert full["hands"] == self.hands and state.hands == self.hands
            assert state.hkeys == [hand_key(h) for h in self.hands]


@pytest.mark.parametrize("params", [*VARIANTS, {"players": 4, "pass_direction": "left", "pass_limit": 5,
                                                 "hand_limit": 30}])
def test_FC_P3_pass_log_and_keyed_hands_match_the_history(params) -> None:
    """The pass log (one entry per pass) gives each seat's records, and a keyed pass (keys only,
    the lists decoded when read) gives the hands, that the history gives pass by pass."""
    game = lab.load("fiemme_cembra", **params)
    for seed in range(3):
        shadow = Shadow(game.num_players())
        lab.play(game, None if seed % 2 else "collector", seed=seed, on_step=shadow.check)


def _first_pass_state():
    s = lab.load("fiemme_cembra", pass_direction="alternate").new_initial_state()
    while s.phase != P_PASS:
        s.apply_action(s.chance_outcomes()[0][0])
    return s


def test_FC_P3_the_pass_log_keeps_its_own_copy_and_kept_records_stick() -> None:
    s = _first_pass_state()
    joint = {p: s.legal_actions(p)[0] for p in range(s.n)}
    types = [a.args[0] for a in joint.values()]
    s._apply_actions(joint)
    joint[0] = act("discard", 4)  # the caller's dict, edited afterwards: the log is not
    assert s.passes_of(0) == [types[0]] and s.receipts_of(1) == [types[0]]
    assert s._records is None  # read without keeping lists
    kept = s.my_passes
    assert s._records is not None and kept == [[t] for t in types]
    kept[2].append(3)  # kept lists: an edit in place sticks, and the next pass appends to them
    assert s.my_passes[2] == [types[2], 3] and s.passes_of(2) == [types[2], 3]
    if s.phase == P_PASS:
        s._apply_actions({p: s.legal_actions(p)[-1] for p in range(s.n)})
        assert len(s.my_passes[0]) == 2 and len(s.my_receipts[0]) == 2 and len(s.my_passes[2]) == 3
        # the second pass goes left (alternate): seat 0 received seat 1's discard
        assert s.my_receipts[0][1] == s.my_passes[1][-1]


def test_FC_P3_records_set_and_non_permutation_tables_keep_lists() -> None:
    s = _first_pass_state()
    s.my_receipts = [[9], [8], [7], [6]]
    assert s.my_passes == [[], [], [], []] and s.receipts_of(3) == [6]
    s.my_passes = [[1], [2], [3], [4]]
    assert s.full_state()["my_passes"] == [[1], [2], [3], [4]] and s.passes_of(0) == [1]
    assert s.full_state()["my_receipts"] == [[9], [8], [7], [6]]
    game = lab.load("fiemme_cembra")
    assert game.pass_sources == ((3, 0, 1, 2),)
    game.pass_tables = ((1, 0, 1, 0),)  # no permutation: no sources, the records are lists
    game.pass_sources = None
    s = game.new_initial_state()
    assert s._records == ([[], [], [], []], [[], [], [], []])
    while s.phase != P_PASS:
        s.apply_action(s.chance_outcomes()[0][0])
    s.apply_actions({p: s.legal_actions(p)[0] for p in range(4)})
    assert [len(r) for r in s.my_receipts] == [2, 2, 0, 0]
    assert sum(map(sum, s.hands)) == 20 and s.full_state()["my_receipts"] == s.my_receipts


def test_FC_S3_deal_tables_equal_a_recomputation_and_share_their_actions() -> None:
    """The deal probabilities (each type's binomials taken from a table) are exactly the
    hypergeometric ``prod C(K_t, k_t) / C(N, 5)`` computed afresh, for every remaining deck of up
    to 6 cards a type; every deal table holds the same action objects."""
    from itertools import product
    from math import comb

    from lab.games.fiemme_cembra.state import DEAL_ACTIONS, _deal_outcomes

    for remaining in product(range(7), repeat=C.HAND_TYPES):
        if sum(remaining) < C.HAND_SIZE:
            continue
        expected = []
        for i, c in enumerate(C.COMPOSITIONS):
            ways = 1
            for k, have in zip(c, remaining, strict=True):
                ways *= comb(have, k)
            if ways:
                expected.append((i, ways / comb(sum(remaining), C.HAND_SIZE)))
        assert C.deal_outcomes(remaining) == expected
    table = _deal_outcomes((4, 4, 4, 4, 4))
    assert table is _deal_outcomes((4, 4, 4, 4, 4))
    assert all(a is DEAL_ACTIONS[a.args[0]] for a, _ in table)
    assert tuple(act("deal", i) for i in range(len(C.COMPOSITIONS))) == DEAL_ACTIONS


def test_FC_P3_kept_records_are_the_same_lists_and_clones_copy_them() -> None:
    s = _first_pass_state()
    joint = {p: s.legal_actions(p)[0] for p in range(s.n)}
    twin = s.clone()
    assert s.my_passes is s.my_passes and s.my_receipts is s.my_receipts  # kept, not rebuilt
    s._apply_actions(dict(joint))  # kept records (and keyed hands): the lists path
    twin._apply_actions(dict(joint))  # the log (and keys only)
    assert s._records is not None and twin._records is None
    assert s.full_state() == twin.full_state() and s.hkeys == twin.hkeys == hand_keys(s.hands)
    copy = s.clone()
    copy.my_passes[0].append(3)
    copy.my_receipts[1].append(3)
    assert s.my_passes[0] == twin.passes_of(0) and s.my_receipts[1] == twin.receipts_of(1)
    s.my_passes = [[4], [4], [4], [4]]
    assert s.clone().full_state()["my_passes"] == [[4], [4], [4], [4]]


def test_FC_P3_a_pass_of_hands_without_keys_moves_the_lists_and_logs_it() -> None:
    s = _first_pass_state()
    s.hands = [[2, 1, 1, 1, 1], [0, 1, 1, 1, 2], [1, 1, 1, 0, 2], [6, 0, 0, 0, 0]]
    assert s.hkeys is None
    twin = s.clone()
    assert twin.hands == s.hands and twin._hand_lists is not s._hand_lists
    s.apply_actions({0: act("discard", 0), 1: act("discard", 4), 2: act("discard", 2), 3: act("discard", 0)})
    # right: 0 -> 1 -> 2 -> 3 -> 0
    assert s.hands == [[2, 1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 1, 0, 0, 3], [5, 0, 1, 0, 0]]
    assert [s.passes_of(p) for p in range(4)] == [[0], [4], [2], [0]]
    assert [s.receipts_of(p) for p in range(4)] == [[0], [0], [4], [2]]


def _played(game: lab.Game, seeds: range) -> list[tuple[Any, Any, Any]]:
    """History, events and full state of random games of ``game``, one per seed."""
    out = []
    for s in seeds:
        state = lab.play(game, "random", seed=s)
        out.append((state.history(), state.events, state.full_state()))
    return out


@pytest.mark.parametrize("params", [{"hand_limit": 40}, {"penalty_timing": "each_hand", "hand_limit": 40},
                                    {"pass_direction": "alternate", "players": 3, "hand_limit": 40},
                                    {"mode": "memory_proposal", "hand_limit": 40}])
def test_FC_P2_FC_P3_runs_of_passes_play_what_the_driver_plays(monkeypatch: pytest.MonkeyPatch,
                                                               params: dict[str, Any]) -> None:
    """The passes played as runs (``State._run_joint``) against the driver's own steps, one
    joint node at a time: the same games, event for event."""
    from lab.core.state import State
    from lab.games.fiemme_cembra.state import FiemmeCembraState

    game = lab.load("fiemme_cembra", **params)
    runs: list[int] = []
    right = FiemmeCembraState._run_joint

    def counted(self: Any, picks: Any, push: Any, limit: int) -> int:
        runs.append(right(self, picks, push, limit))
        return runs[-1]

    plant(monkeypatch, game, _run_joint=counted)
    fast = _played(game, range(3))
    assert runs and max(runs) > 1  # runs of several passes were played
    plant(monkeypatch, game, _run_joint=State._run_joint)
    assert _played(game, range(3)) == fast


def _at_a_pass(game: lab.Game, seed: int = 0) -> Any:
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while state.phase != P_PASS:
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
    return state


def test_FC_P3_a_run_of_passes_stops_at_its_limit_and_plays_only_passes() -> None:
    """A run given room for two more history entries plays two passes, logging each as the
    driver would (history item, FC-P3 event with its number); a run at a node that is not a
    pass, or with a replaced legal list, plays nothing."""
    game = lab.load("fiemme_cembra", hand_limit=40)
    state = _at_a_pass(game)
    start = len(state.history())
    picks = [lambda n: 0] * game.num_players()
    assert state._run_joint(picks, state._history.append, start + 2) == 2
    assert [h.player for h in state.history()[start:]] == [SIMULTANEOUS, SIMULTANEOUS]
    passed = [e for e in state.events if e.kind == "passed"]
    assert [e.data["number"] for e in passed] == [1, 2] and state.passes == 2
    dealing = game.new_initial_state()
    assert dealing._run_joint(picks, dealing._history.append, 10**6) == 0 and not dealing.history()

    class Replaced(type(state)):  # type: ignore[misc]
        def _legal_actions(self, player: int) -> Any:  # (a test's replaced list: the same one)
            return super()._legal_actions(player)

    other = as_class(_at_a_pass(game), Replaced)
    assert other._run_joint(picks, other._history.append, 10**6) == 0


def test_FC_P2_a_run_of_passes_leaves_hands_without_keys_or_an_empty_hand_to_the_driver() -> None:
    """Odd hands (no keys) and an empty hand (key 0, no discard): the run plays nothing and
    asks no seat; the driver's own steps take those passes."""
    s = _at_a_pass(lab.load("fiemme_cembra", hand_limit=40))
    asked: list[int] = []
    for hands in ([[2, 1, 1, 1, 1], [0, 1, 1, 1, 2], [1, 1, 1, 0, 2], [6, 0, 0, 0, 0]],
                  [[0, 0, 0, 0, 0], [0, 1, 1, 1, 2], [1, 1, 1, 0, 2], [1, 1, 1, 0, 2]]):
        s.hands = hands
        assert (s.hkeys is None) == (hands[0][0] == 2)
        assert s._run_joint([asked.append] * 4, s._history.append, 10**6) == 0
    assert asked == [] and s.passes == 0
