"""The random-play driver's fast paths change no game: batched chance streams, a game's own
random pick (``State._pick_action``), its own runs of joint and chance nodes
(``State._run_joint``, ``State._run_chance``) and the collector paused while only the rules run."""

from __future__ import annotations

import gc
import math
from typing import Any

import numpy as np
import pytest

import lab
from lab.checks.conformance import ConformanceError, check_game
from lab.games.memm.state import MemmState
from lab.sim import streams as streams_module
from lab.sim.play import driver_streams
from lab.sim.seeding import generator, seed_pool, served
from lab.sim.streams import (
    _BATCH,
    _COLUMNS_UPTO,
    _HOT,
    _UNIVERSE_MAX,
    _VECTOR_FROM,
    ChanceStreams,
    _stream_key,
    race,
)
from tests.tools.plant import plant


def _outcomes(i: int) -> Any:
    die = tuple((lab.Action("roll", (f,)), 1 / 6) for f in range(1, 7))  # a table built once
    deck = [(lab.Action("card", (c,)), (c + 1) / 55) for c in range(10)]  # a list, read afresh
    big = [(lab.Action("tile", (c,)), 1 / 30) for c in range(30)]  # the vectorised race
    return (die, deck[i % 4:], big)[i % 3]


def test_batched_streams_draw_what_one_number_at_a_time_draws() -> None:
    streams = ChanceStreams(np.random.SeedSequence(11))
    plain = ChanceStreams(np.random.SeedSequence(11))
    n = 2 * _BATCH + _HOT + 5  # the scalar start, growing batches, a partly used batch
    got = [streams.draw(_outcomes(i), f"s{i % 2}") for i in range(n)]
    raws = {name: plain.rng(name).bit_generator.random_raw for name in ("s0", "s1")}
    assert got == [race(_outcomes(i), int(raws[f"s{i % 2}"]())) for i in range(n)]
    # the unused numbers of a batch are handed back: the Generators are where the draws left them
    assert streams.get_state() == plain.get_state()
    state = streams.get_state()
    more = [streams.draw(_outcomes(i), "s0") for i in range(300)]
    streams.set_state(state)
    assert [streams.draw(_outcomes(i), "s0") for i in range(300)] == more


def test_a_stream_batched_in_an_earlier_game_is_batched_from_its_first_draw() -> None:
    """A stream that came to batches in one game (more than _HOT draws) draws from batches from
    the first draw of the next games: the same outcomes, the Generator left where they left it."""
    name = "hot_test_stream"
    assert name not in streams_module._UNIVERSES
    first = ChanceStreams(np.random.SeedSequence(4))
    for i in range(_HOT):
        first.draw(_outcomes(3 * i), name)
    assert name not in first._batches and not (name in streams_module._UNIVERSES and streams_module._UNIVERSES[name].hot)
    first.draw(_outcomes(0), name)
    assert name in first._batches and streams_module._UNIVERSES[name].hot
    later = ChanceStreams(np.random.SeedSequence(6))
    raw = ChanceStreams(np.random.SeedSequence(6)).rng(name).bit_generator.random_raw
    got = [later.draw(_outcomes(i), name) for i in range(3)]
    assert name in later._batches  # from the first draw
    assert got == [race(_outcomes(i), int(raw())) for i in range(3)]
    plain = ChanceStreams(np.random.SeedSequence(6))
    for _ in range(3):
        plain.rng(name).bit_generator.random_raw()
    assert later.get_state() == plain.get_state()


def test_batched_lists_draw_what_the_race_draws() -> None:
    """Lists read afresh (a deck): unequal chances (the row of logarithms), some of them zero (the
    loop), all equal (the scalar race): the outcome the race gives for the same numbers."""
    rng = np.random.default_rng(3)
    tables = []
    for i in range(60):
        n = int(rng.integers(2, 20))
        weights = rng.integers(0 if i % 3 == 0 else 1, 7, n).astype(float)  # a third may hold zeros
        if i % 5 == 0:
            weights[:] = 2.0  # equal chances
        weights[0] += 1.0
        tables.append([(lab.Action("card", (c,)), float(w / weights.sum())) for c, w in enumerate(weights)])
    streams = ChanceStreams(np.random.SeedSequence(5))
    raw = ChanceStreams(np.random.SeedSequence(5)).rng("deck").bit_generator.random_raw
    n = 3 * _BATCH
    got = [streams.draw(tables[i % 60], "deck") for i in range(n)]
    assert got == [race(tables[i % 60], int(raw())) for i in range(n)]


@pytest.mark.parametrize("kind", [tuple, list])
def test_batched_big_tables_draw_what_the_race_draws(kind: type) -> None:
    """Big tables built once (tuples, as Fiemme–Cembra's deals) and big lists read afresh (as
    memm's deals): unequal chances from the stream's matrix of logarithms, including tables
    whose ids first appear in the middle of a batch; equal chances; a zero chance and a stream
    with more ids than it keeps (the plain race): the outcome the race gives for the same
    numbers, from the first draw on (a big draw starts the stream's batches at once)."""
    rng = np.random.default_rng(8)
    tables: list[tuple[tuple[lab.Action, float], ...]] = []
    for i in range(40):
        n = int(rng.integers(24, 130))
        first = int(rng.integers(0, 150))
        weights = rng.integers(1, 9, n).astype(float)
        if i % 7 == 0:
            weights[:] = 1.0  # equal chances
        if i % 11 == 5:
            weights[3] = 0.0  # a zero chance: not served from the matrix
        tables.append(kind((lab.Action("hand", (first + c,)), float(w / weights.sum()))
                           for c, w in enumerate(weights)))
    wide = kind((lab.Action("wide", (c,)), 1 / (_UNIVERSE_MAX + 9)) for c in range(_UNIVERSE_MAX + 9))
    for name, pool in ((f"deal_test_{kind.__name__}", tables), (f"wide_test_{kind.__name__}", [*tables[:3], wide])):
        streams = ChanceStreams(np.random.SeedSequence(9))
        raw = ChanceStreams(np.random.SeedSequence(9)).rng(name).bit_generator.random_raw
        # tables come in growing: new ids arrive while a batch is being used
        order = [pool[min(i // 9, len(pool) - 1) if i < 9 * len(pool) else i % len(pool)] for i in range(3 * _BATCH)]
        got = [streams.draw(t, name) for t in order]
        assert got == [race(t, int(raw())) for t in order]


@pytest.mark.parametrize("margin", [streams_module._TIE_MARGIN, math.inf])
def test_big_lists_of_equal_chances_draw_by_hash_what_the_race_draws(monkeypatch: pytest.MonkeyPatch,
                                                                     margin: float) -> None:
    """memm's deal and a conquest deck: lists of 24 to 64 equal chances, whose winner a batch
    reads off the hashes (the largest) when the runner-up is clearly behind; with an infinite
    margin every draw is left to the race's arithmetic: the same outcomes either way."""
    monkeypatch.setattr(streams_module, "_TIE_MARGIN", margin)
    served: list[bool] = []
    equal_big = streams_module._Batch._equal_big

    def counted(self: Any, outcomes: Any, j: int) -> Any:
        winner = equal_big(self, outcomes, j)
        served.append(winner is not streams_module._TIED)
        return winner

    monkeypatch.setattr(streams_module._Batch, "_equal_big", counted)
    rng = np.random.default_rng(21)
    tables = []
    for _ in range(50):
        n = int(rng.integers(_VECTOR_FROM, _COLUMNS_UPTO + 1))
        first = int(rng.integers(0, 60))
        tables.append([(lab.Action("cube", (first + c,)), 1 / n) for c in range(n)])
    streams = ChanceStreams(np.random.SeedSequence(9))
    raw = ChanceStreams(np.random.SeedSequence(9)).rng("deal").bit_generator.random_raw
    n = 2 * _BATCH + 7
    got = [streams.draw(tables[i % 50], "deal") for i in range(n)]
    assert got == [race(tables[i % 50], int(raw())) for i in range(n)]
    # every draw asked the hashes: all answered, or (infinite margin) none
    assert len(served) == n and set(served) == {margin != math.inf}


@pytest.mark.parametrize(("after", "cheap"), [(0, 0), (3, streams_module._CHEAP_COLUMNS), (10**9, 0)])
def test_draws_hashed_under_their_own_key_or_from_columns_agree(monkeypatch: pytest.MonkeyPatch, after: int,
                                                                cheap: int) -> None:
    """Outcome ids hashed under the draw's own key while they are rare in a batch, from the
    batch's columns once common (``_COLUMN_AFTER`` draws; 0: columns at once, a billion:
    never) or cheap (``_CHEAP_COLUMNS``), small tables of equal chances raced alone the first
    time: the race's outcomes."""
    monkeypatch.setattr(streams_module, "_COLUMN_AFTER", after)
    monkeypatch.setattr(streams_module, "_CHEAP_COLUMNS", cheap)
    rng = np.random.default_rng(13)
    pool: list[Any] = []
    for i in range(30):
        n = int(rng.integers(2, 23))
        first = int(rng.integers(0, 40))
        weights = np.ones(n) if i % 3 == 0 else rng.integers(1, 9, n).astype(float)
        table = [(lab.Action("deal", (first + c,)), float(w / weights.sum())) for c, w in enumerate(weights)]
        pool.append(tuple(table) if i % 2 else table)
    order = [pool[int(k)] for k in rng.integers(0, len(pool), 3 * _BATCH)]  # some common, some rare
    streams = ChanceStreams(np.random.SeedSequence(17))
    raw = ChanceStreams(np.random.SeedSequence(17)).rng("deal").bit_generator.random_raw
    got = [streams.draw(t, "deal") for t in order]
    assert got == [race(t, int(raw())) for t in order]


@pytest.mark.parametrize("seed", [0, 7, 2**40 + 3])
@pytest.mark.parametrize("n_players", [1, 4])
def test_driver_streams_of_an_int_seed_are_the_spawned_ones(seed: int, n_players: int) -> None:
    """The set-up shortcut for an int seed gives the Generators ``SeedSequence(seed).spawn``
    gives: every seat's and every chance stream's (the default one included)."""
    chance, seats = driver_streams(seed, n_players)
    children = np.random.SeedSequence(seed).spawn(n_players + 1)
    spawned = ChanceStreams(children[0])
    assert [g.bit_generator.state for g in seats] == [
        np.random.default_rng(c).bit_generator.state for c in children[1:]]
    assert chance.rng("chance").bit_generator.state == np.random.default_rng(children[0]).bit_generator.state
    for name in ("deal", "d6"):  # a named stream: spawned from the chance child by its name
        key = (*children[0].spawn_key, _stream_key(name))
        own = np.random.default_rng(np.random.SeedSequence(children[0].entropy, spawn_key=key))
        assert chance.rng(name).bit_generator.state == own.bit_generator.state
        assert spawned.rng(name).bit_generator.state == own.bit_generator.state
    # a SeedSequence passed in is spawned from (its next call gives new children), as before
    root = np.random.SeedSequence(seed)
    first, second = driver_streams(root, n_players)[1], driver_streams(root, n_players)[1]
    assert first[0].bit_generator.state != second[0].bit_generator.state


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31 + 9, 2**32 - 1, 2**32, 2**40 + 3, 2**64 + 1, 2**127 + 5])
def test_seeding_from_the_pool_gives_numpys_generators(seed: int) -> None:
    """:mod:`lab.sim.seeding` gives, for every key the driver uses (a seat's, the chance child's,
    a named stream's) and a few more, the Generator numpy's ``SeedSequence`` gives; spawning
    from it (what the search players do with their seat's Generator) too."""
    pool = seed_pool(seed)
    keys = [(), (0,), (1,), (4,), (0, _stream_key("deal")), (0, 2**32 - 1), (3, 1, 4), (2, 7, 1, 8)]
    for key in keys:
        assert served(seed, key)
        ours, numpys = generator(seed, key, pool), np.random.default_rng(np.random.SeedSequence(seed, spawn_key=key))
        assert ours.bit_generator.state == numpys.bit_generator.state, key
        assert [c.bit_generator.state for c in ours.spawn(2) + ours.spawn(1)] == [
            c.bit_generator.state for c in numpys.spawn(2) + numpys.spawn(1)]
    assert not served(2**128, (1,)) and not served(seed, (2**32,)) and not served(seed, (1, 2, 3, 4, 5))
    assert generator(2**128, (1,), None).bit_generator.state == np.random.default_rng(
        np.random.SeedSequence(2**128, spawn_key=(1,))).bit_generator.state


def test_a_wrong_pick_action_fails_conformance(monkeypatch: pytest.MonkeyPatch) -> None:
    right = MemmState._pick_action

    def off_by_one(self: MemmState, player: int, pick: Any) -> Any:
        return right(self, player, lambda n: min(pick(n) + 1, n - 1))

    game = lab.load("memm", players=2)
    plant(monkeypatch, game, _pick_action=off_by_one)
    with pytest.raises(ConformanceError, match=r"_pick_action\(\) asked for"):
        check_game(game)


@pytest.mark.parametrize("wrong", ["off_by_one", "another_seats_card"])
def test_a_wrong_joint_pick_fails_conformance(monkeypatch: pytest.MonkeyPatch, wrong: str) -> None:
    """Fiemme–Cembra's pass and slap race (``State._pick_joint``): a pick that is not the
    list's, or a seat never asked, is caught."""
    from lab.games.fiemme_cembra.state import FiemmeCembraState

    right = FiemmeCembraState._pick_joint

    def planted(self: Any, picks: Any) -> Any:
        if wrong == "off_by_one":
            return right(self, [lambda n, pick=pick: min(pick(n) + 1, n - 1) for pick in picks])
        out = right(self, picks)
        return None if out is None else {**out, 0: out[1]} if 1 in out and out[1] != out[0] else out

    game = lab.load("fiemme_cembra")
    plant(monkeypatch, game, _pick_joint=planted)
    with pytest.raises(ConformanceError, match=r"_pick_joint\(\) gave"):
        check_game(game, n_games=2)


def test_the_joint_pick_plays_what_the_seat_by_seat_pick_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver's joint pick at simultaneous nodes (Fiemme–Cembra's own) against the base
    class's, seat by seat: the same games."""
    from lab.core.state import State

    game = lab.load("fiemme_cembra", hand_limit=40)
    fast = [lab.play(game, "random", seed=s).history() for s in range(3)]
    plant(monkeypatch, game, _pick_joint=State._pick_joint)
    assert [lab.play(game, "random", seed=s).history() for s in range(3)] == fast


def test_memm_builds_only_the_picked_placement() -> None:
    state = lab.play(lab.load("memm"), None, seed=3, state=None)
    assert state.is_terminal()  # a whole game through the fast path; conformance checks each pick
    game = lab.load("memm")
    s = game.new_initial_state()
    while s.current_player() < 0:
        s.apply_action(s.legal_actions()[0])
    legal = s.legal_actions()
    for i in (0, len(legal) - 1):
        assert s._pick_action(s.current_player(), lambda n, i=i: i) == legal[i]


def test_the_collector_is_paused_for_random_play_only_and_restored() -> None:
    states: list[bool] = []
    game = lab.load("memm", players=2)
    lab.play(game, None, seed=1, on_step=lambda s: states.append(gc.isenabled()))
    assert states and not any(states) and gc.isenabled()
    states.clear()
    lab.play(game, "greedy", seed=1, on_step=lambda s: states.append(gc.isenabled()))
    assert all(states) and gc.isenabled()
    gc.disable()
    try:
        lab.play(game, None, seed=1)
        assert not gc.isenabled()  # a caller's choice is left as it was
    finally:
        gc.enable()

    def boom(s: Any) -> None:
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError, match="stop"):
        lab.play(game, None, seed=1, on_step=boom)
    assert gc.isenabled()


def test_a_game_longer_than_it_declared_stops_with_a_rules_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    game = lab.load("memcel")
    monkeypatch.setattr(type(game), "max_game_length", lambda self: 5)
    with pytest.raises(RuntimeError, match="passed its declared maximum length 5"):
        lab.play(game, None, seed=0)


def test_runs_are_not_played_for_an_observer_or_a_thinking_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """``on_step`` sees every step, and a seat that is not random decides at every joint node:
    the driver then plays those node by node (a run would skip them). (A run of chance nodes
    may go on beside a thinking seat: no seat decides there, and the events are logged alike.)"""

    calls: list[str] = []
    plant(monkeypatch, lab.load("fiemme_cembra"), _run_joint=lambda *a: calls.append("joint") or 0)
    plant(monkeypatch, lab.load("memm", players=2), _run_chance=lambda *a: calls.append("chance") or 0)
    steps: list[int] = []
    lab.play(lab.load("fiemme_cembra", hand_limit=5), "random", seed=0, on_step=lambda s: steps.append(1))
    lab.play(lab.load("memm", players=2), None, seed=0, on_step=lambda s: steps.append(1))
    lab.play(lab.load("fiemme_cembra", hand_limit=5), ["random", "random", "random", "collector"], seed=0)
    assert steps and calls == []
    lab.play(lab.load("fiemme_cembra", hand_limit=5), "random", seed=0)
    lab.play(lab.load("memm", players=2), None, seed=0)
    assert "joint" in calls and "chance" in calls


@pytest.mark.parametrize("wrong", ["seats_swapped", "past_the_limit"])
def test_a_wrong_run_of_passes_fails_conformance(monkeypatch: pytest.MonkeyPatch, wrong: str) -> None:
    """A run of passes that picks for the wrong seats, or plays past the length limit it was
    given, is caught by ``check_game``."""
    from lab.games.fiemme_cembra.state import FiemmeCembraState

    right = FiemmeCembraState._run_joint

    def planted(self: Any, picks: Any, push: Any, limit: int) -> int:
        if wrong == "seats_swapped":
            return right(self, [picks[1], picks[0], *picks[2:]], push, limit)
        return right(self, picks, push, limit + 5)

    game = lab.load("fiemme_cembra", hand_limit=40)
    plant(monkeypatch, game, _run_joint=planted)
    with pytest.raises(ConformanceError, match=r"_run_joint\(\) played"):
        check_game(game, n_games=2)


@pytest.mark.parametrize("wrong", ["another_stream", "past_the_limit"])
def test_a_wrong_run_of_deals_fails_conformance(monkeypatch: pytest.MonkeyPatch, wrong: str) -> None:
    """A run of chance nodes that draws from another stream, or plays past the length limit it
    was given, is caught by ``check_game``."""
    right = MemmState._run_chance

    def planted(self: Any, draw: Any, push: Any, limit: int) -> int:
        if wrong == "another_stream":
            return right(self, lambda outcomes, stream: draw(outcomes, "roll"), push, limit)
        return right(self, draw, push, limit + 5)

    game = lab.load("memm", players=2)
    plant(monkeypatch, game, _run_chance=planted)
    with pytest.raises(ConformanceError, match=r"_run_chance\(\) played"):
        check_game(game, n_games=2)
