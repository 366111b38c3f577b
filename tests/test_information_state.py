"""Information states and determinisation (issue #15 §2): ``State.information_state(player)``,
``State.resample_hidden(player, rng)`` and ``Game.perfect_information`` for the four games."""

from __future__ import annotations

import itertools
import json
from typing import Any

import numpy as np
import pytest

import lab
from lab.agents import SeatView, make_agent
from lab.core.errors import ConformanceError
from lab.core.information import canonical, check_information, check_resample, random_step
from lab.core.save import replay
from lab.core.state import State
from lab.games.fiemme_cembra import components as FC


def _random_until(state: State, rng: np.random.Generator, stop: Any, limit: int = 5000) -> State:
    for _ in range(limit):
        if stop(state):
            return state
        random_step(state, rng)
    raise AssertionError("the stop condition never held")


def test_perfect_information_flags() -> None:
    flags = {name: lab.game_class(name).perfect_information for name in lab.game_names()}
    assert flags == {"memcel": False, "fiemme_cembra": False, "space_station": True, "memm": True}
    state = lab.play(lab.load("memm", players=2), seed=0)
    copy = state.resample_hidden(0, np.random.default_rng(0))
    assert copy is not state and copy == state


@pytest.mark.parametrize("name", ["memcel", "fiemme_cembra", "space_station", "memm"])
def test_information_state_is_json_full_memory(name: str) -> None:
    game = lab.load(name)
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    earlier = None
    for _ in range(6):
        target = state.move_number() + 15
        _random_until(state, rng, lambda s, n=target: s.move_number() >= n or s.is_terminal())
        info = state.information_state(0)
        assert json.loads(json.dumps(info)) == info
        if earlier is not None:  # full memory: what was seen stays in the information state
            assert info["events"][: len(earlier["events"])] == earlier["events"]
            assert info["own_actions"][: len(earlier["own_actions"])] == earlier["own_actions"]
        earlier = info
        if state.is_terminal():
            break


@pytest.mark.parametrize(("name", "params"), [
    ("memcel", {}), ("memcel", {"players": 2}), ("fiemme_cembra", {}),
    ("fiemme_cembra", {"players": 3, "reinsert": "anywhere"}), ("fiemme_cembra", {"mode": "memory_proposal"}),
    ("space_station", {}), ("memm", {"players": 3}),
])
def test_resample_conformance(name: str, params: dict[str, Any]) -> None:
    report = check_information(lab.load(name, **params), n_games=1, seed=4, every=13, max_checks=5,
                               coverage_samples=100)
    assert report.states >= 2 and report.resamples >= report.states


def _memcel_hunt_twin(seed: int) -> tuple[State, State, int]:
    """A Memcel state at a reveal decision, and a twin whose history swaps the kinds of two
    tiles one opponent placed and the seat to act never saw (their information states agree)."""
    game = lab.load("memcel")
    state = _random_until(game.new_initial_state(), np.random.default_rng(seed),
                          lambda s: s.full_state()["phase"] == "hunt" and s.full_state()["queue"][0][0] == "reveal")
    viewer = state.current_player()
    hist = [h.to_json() for h in state.history()]
    places = [i for i, h in enumerate(hist) if h[1][0] == "place" and h[0] != viewer]
    for i, j in itertools.combinations(places, 2):
        if hist[i][1][1] == hist[j][1][1] or hist[i][0] != hist[j][0]:
            continue
        edited = [list(h) for h in hist]
        edited[i] = [hist[i][0], [*hist[i][1][:1], hist[j][1][1], hist[i][1][2]]]
        edited[j] = [hist[j][0], [*hist[j][1][:1], hist[i][1][1], hist[j][1][2]]]
        twin = replay(game, edited)
        if canonical(twin.information_state(viewer)) == canonical(state.information_state(viewer)):
            assert twin.full_state() != state.full_state()
            return state, twin, viewer
    raise AssertionError("no twin found")


def _fc_pass_twin(seed: int) -> tuple[State, State]:
    """A Fiemme–Cembra state at the first pass and a twin with seats 1 and 2's deals swapped."""
    game = lab.load("fiemme_cembra", players=3)
    state = _random_until(game.new_initial_state(), np.random.default_rng(seed),
                          lambda s: s.full_state()["phase"] == "pass")
    hist = [h.to_json() for h in state.history()]
    deals = [i for i, h in enumerate(hist) if h[1][0] == "deal"]
    edited = list(hist)
    edited[deals[1]], edited[deals[2]] = hist[deals[2]], hist[deals[1]]
    twin = replay(game, edited)
    assert twin.full_state()["hands"] != state.full_state()["hands"]
    assert canonical(twin.information_state(0)) == canonical(state.information_state(0))
    return state, twin


def test_twins_give_equal_draws() -> None:
    state, twin, viewer = _memcel_hunt_twin(7)
    check_resample(state, viewer, np.random.default_rng(1), twin=twin)
    state, twin = _fc_pass_twin(8)
    check_resample(state, 0, np.random.default_rng(1), twin=twin)


def test_a_resampler_that_reads_the_truth_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from lab.games.memcel import information
    from lab.games.memcel.state import MemcelState

    honest = information.resample_hidden

    def leaky(state: MemcelState, player: int, rng: np.random.Generator) -> MemcelState:
        new = honest(state, player, rng)
        new.tiles = list(state.tiles)  # the true face-down tiles
        new.to_place = [list(x) for x in state.to_place]
        return new

    state, twin, viewer = _memcel_hunt_twin(7)
    monkeypatch.setattr(information, "resample_hidden", leaky)
    with pytest.raises(ConformanceError, match="reads hidden parts"):
        check_resample(state, viewer, np.random.default_rng(1), twin=twin)


def test_memcel_every_consistent_placement_appears() -> None:
    """MC-0.2/MC-1.1: the first player's two face-down tiles, seen by the third: each of the
    four kind pairs (colour or imprevisto) appears, with the share's tiles still to place."""
    game = lab.load("memcel", players=4)
    state = _random_until(game.new_initial_state(), np.random.default_rng(2),
                          lambda s: s.move_number() > 0 and sum(h.player >= 0 for h in s.history()) == 2)
    first = state.full_state()["order"][0]
    viewer = state.full_state()["order"][2]
    slots = [h.action.args[1] for h in state.history() if h.player == first]
    share = game.tables.shares[first]
    kinds = [k for k, n in enumerate(share) if n]
    expected = set()
    for pair in itertools.product(kinds, repeat=2):
        left = list(share)
        for k in pair:
            left[k] -= 1
        if min(left) >= 0:
            expected.add((pair, tuple(left)))
    rng = np.random.default_rng(3)
    seen = set()
    for _ in range(2000):
        s = state.resample_hidden(viewer, rng)
        seen.add((tuple(s.tiles[x] for x in slots), tuple(s.to_place[first])))
        assert s.tiles[:] == [t if i in slots else state.tiles[i] for i, t in enumerate(s.tiles)]
    assert len(expected) == 4 and seen == expected
    own = state.resample_hidden(first, rng)  # the placer knows its own tiles: nothing to redraw
    assert own.tiles == state.tiles and own.to_place == state.to_place


def test_fiemme_cembra_every_consistent_deal_appears() -> None:
    """FC-S3: after the deal, every split of the unseen speed cards into the two other hands."""
    game = lab.load("fiemme_cembra", players=3)
    state = _random_until(game.new_initial_state(), np.random.default_rng(5),
                          lambda s: s.full_state()["phase"] == "pass")
    own = state.full_state()["hands"][0]
    rest = [c - h for c, h in zip(game.speed_counts, own, strict=True)]
    expected = set()
    for hand in FC.COMPOSITIONS:
        if all(k <= r for k, r in zip(hand, rest, strict=True)):
            expected.add((hand, tuple(r - k for k, r in zip(hand, rest, strict=True))))
    rng = np.random.default_rng(6)
    seen = {tuple(tuple(h) for h in state.resample_hidden(0, rng).hands[1:]) for _ in range(4000)}
    assert seen == expected


def _search_root(state: State, player: int, spec: dict[str, Any]) -> dict[str, Any]:
    game = state.game
    agent = make_agent(game, spec)
    agent.reset(game, player)
    root = agent.search(SeatView(state, player), np.random.default_rng(11))
    return {str(a): row for a, row in root.stats[player].items()}


def test_memcel_ismcts_cannot_see_hidden_tiles() -> None:
    """Two states that differ only in face-down tiles the seat never saw: the same search."""
    state, twin, viewer = _memcel_hunt_twin(7)
    spec = {"name": "ismcts", "iterations": 25, "rollout_depth": 40}
    assert _search_root(state, viewer, spec) == _search_root(twin, viewer, spec)


def test_fiemme_cembra_ismcts_cannot_see_other_hands() -> None:
    state, twin = _fc_pass_twin(8)
    spec = {"name": "ismcts", "iterations": 25, "rollout_depth": 30, "delegate": "collector",
            "delegate_kinds": ["slap"]}
    assert _search_root(state, 0, spec) == _search_root(twin, 0, spec)
