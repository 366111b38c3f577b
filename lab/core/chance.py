"""Chance: rules declare ``(outcome, probability)`` pairs; only the driver samples them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TypeVar

import numpy as np

from lab.core.actions import Action

T = TypeVar("T")


def sample_outcome(outcomes: Sequence[tuple[T, float]], rng: np.random.Generator) -> T:
    """Draw one outcome with the given probabilities from ``rng`` (one uniform draw)."""
    u = rng.random()
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if u < acc:
            return outcome
    return outcomes[-1][0]


def uniform(outcomes: Sequence[Action]) -> list[tuple[Action, float]]:
    """Equal probability for each outcome."""
    p = 1.0 / len(outcomes)
    return [(a, p) for a in outcomes]


def die(kind: str, sides: int) -> list[tuple[Action, float]]:
    """A fair die with faces ``1..sides`` as outcomes ``Action(kind, (face,))`` (a fresh list)."""
    return list(_die(kind, sides))


@lru_cache(maxsize=256)
def _die(kind: str, sides: int) -> tuple[tuple[Action, float], ...]:
    p = 1.0 / sides
    return tuple((Action(kind, (face,)), p) for face in range(1, sides + 1))


def weighted(kind: str, counts: Mapping[str | int, int]) -> list[tuple[Action, float]]:
    """Draw one item of a multiset (e.g. the next card of a shuffled deck), by its count."""
    total = sum(counts.values())
    return [(Action(kind, (item,)), n / total) for item, n in counts.items() if n > 0]
