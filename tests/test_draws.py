"""The driver's fast uniform choices are numpy's own numbers (lab.sim.draws)."""

from __future__ import annotations

import numpy as np
import pytest

import lab
from lab.agents.base import RandomAgent
from lab.sim.draws import IndexDraws

SIZES = (1, 2, 3, 5, 7, 10, 100, 1000, 12345, 2**31, 2**31 + 1, 3 * 2**30, 2**32 - 1, 2**32, 2**32 + 1, 2**40)


def test_index_draws_give_the_numbers_generator_integers_gives() -> None:
    sizes = np.random.default_rng(0).choice(SIZES, size=400).tolist()
    for seed in range(20):
        numpy_rng, ours = np.random.default_rng(seed), np.random.default_rng(seed)
        draws = IndexDraws(ours)
        assert [int(numpy_rng.integers(n)) for n in sizes] == [draws(n) for n in sizes]
        draws.sync()  # the kept 32-bit half goes back: the Generators are now in the same state
        assert numpy_rng.bit_generator.state == ours.bit_generator.state
        assert numpy_rng.random() == ours.random()


def test_index_draws_start_from_a_generator_half_way_through_a_64_bit_output() -> None:
    numpy_rng, ours = np.random.default_rng(3), np.random.default_rng(3)
    numpy_rng.integers(5), ours.integers(5)  # both now keep the upper 32 bits of one output
    draws = IndexDraws(ours)
    assert [int(numpy_rng.integers(9)) for _ in range(50)] == [draws(9) for _ in range(50)]


def test_index_draws_refuse_a_bit_generator_whose_buffering_they_do_not_follow() -> None:
    with pytest.raises(ValueError, match="PCG64"):
        IndexDraws(np.random.Generator(np.random.MT19937(1)))
    with pytest.raises(ValueError, match="PCG64"):  # fresh or not: the state is read for another one
        IndexDraws(np.random.Generator(np.random.MT19937(1)), fresh=True)


def test_index_draws_of_a_fresh_generator_skip_its_state_and_give_the_same_numbers() -> None:
    """``fresh=True`` (the driver's seats, seeded just before) gives what reading the state gives,
    and its kept half goes back to the Generator as it does."""
    sizes = np.random.default_rng(1).choice(SIZES, size=301).tolist()  # (odd: a half is kept at the end)
    for seed in range(10):
        numpy_rng, ours = np.random.default_rng(seed), np.random.default_rng(seed)
        draws = IndexDraws(ours, fresh=True)
        assert [int(numpy_rng.integers(n)) for n in sizes] == [draws(n) for n in sizes]
        draws.sync()
        assert numpy_rng.bit_generator.state == ours.bit_generator.state


class _PlainRandom(RandomAgent):
    """A subclass: the driver asks it through ``step``, as any agent (no fast path)."""


@pytest.mark.parametrize("game_name", ["memcel", "space_station"])
def test_the_drivers_random_pick_plays_the_games_random_agents_play(game_name: str) -> None:
    game = lab.load(game_name)
    for seed in range(3):
        fast = lab.play(game, "random", seed=seed)
        asked = lab.play(game, [_PlainRandom() for _ in range(game.num_players())], seed=seed)
        assert fast.history() == asked.history()


def test_a_tuple_of_outcomes_races_as_the_same_list_does_every_time() -> None:
    from lab.sim.streams import race

    rng = np.random.default_rng(4)
    weights = rng.random(40)
    table = tuple((lab.Action("card", (c,)), w / weights.sum()) for c, w in enumerate(weights))
    keys = [int(k) for k in rng.integers(0, 2**63, size=300)]
    assert [race(table, k) for k in keys] == [race(list(table), k) for k in keys]
    assert [race(table, k) for k in keys] == [race(list(table), k) for k in keys]  # cached arrays
