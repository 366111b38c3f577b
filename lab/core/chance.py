"""Chance: rules declare ``(outcome, probability)`` pairs; only the driver samples them."""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import compress, repeat
from operator import truediv
from typing import Any, TypeVar, overload

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


class WeightedTable(Sequence[tuple[Action, float]]):
    """Chance outcomes declared as a table built once and a weight for each of its rows.

    ``table[k]`` comes up with probability ``weights[k] / total``, where ``total`` is the sum
    of the weights; a row of weight 0 is not an outcome. Read as a sequence, it is exactly the
    list ``[(table[k], weights[k] / total) for k ... if weights[k] > 0]``, built when first read:
    the driver's chance streams (:mod:`lab.sim.streams`) draw from the weights themselves and
    never build it. That is what makes it pay for a deck or a deal: the outcomes left change at
    every draw, the table of all outcomes does not.

    Parameters
    ----------
    table : tuple of Action
        Every outcome the node can have, distinct, in the order the list keeps them; the
        same tuple object from draw to draw (the streams keep their numbers by it).
    weights : list of int or float
        A non-negative, finite weight per row of ``table``, not all zero. The list is kept,
        not copied: pass one the state will not edit afterwards.
    total : int or float, optional
        The sum of ``weights`` when the state keeps it already (else it is computed).
    equal : bool
        Every positive weight is the same (a deal from the cubes left): the streams then
        compare the outcomes' hashes, which is exact, instead of their times.

    Examples
    --------
    >>> from lab.core.actions import Action
    >>> cards = (Action("card", ("a",)), Action("card", ("b",)), Action("card", ("c",)))
    >>> list(WeightedTable(cards, [2, 0, 2]))
    [(Action('card', ('a',)), 0.5), (Action('card', ('c',)), 0.5)]
    """

    __slots__ = ("_pairs", "equal", "table", "total", "weights")

    def __init__(self, table: tuple[Action, ...], weights: list[Any], total: float | None = None,
                 equal: bool = False) -> None:
        self.table = table
        self.weights = weights
        self.total = sum(weights) if total is None else total
        self.equal = equal
        self._pairs: list[tuple[Action, float]] | None = None

    def pairs(self) -> list[tuple[Action, float]]:
        """The ``(outcome, probability)`` list this declares (built once, then kept)."""
        pairs = self._pairs
        if pairs is None:
            weights = self.weights
            pairs = self._pairs = list(compress(zip(self.table, map(truediv, weights, repeat(self.total)), strict=True), weights))
        return pairs

    def __len__(self) -> int:
        return len(self.pairs())

    @overload
    def __getitem__(self, i: int) -> tuple[Action, float]: ...
    @overload
    def __getitem__(self, i: slice) -> list[tuple[Action, float]]: ...
    def __getitem__(self, i: int | slice) -> tuple[Action, float] | list[tuple[Action, float]]:
        return self.pairs()[i]

    def __iter__(self) -> Iterator[tuple[Action, float]]:
        return iter(self.pairs())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, WeightedTable):
            return self.pairs() == other.pairs()
        if isinstance(other, list):
            return self.pairs() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"WeightedTable({self.pairs()!r})"

    def problems(self) -> list[str]:
        """What is wrong with this declaration (empty: nothing): the checks the streams rely on
        and do not make at each draw (run by :func:`lab.checks.conformance.check_game`)."""
        out = []
        if type(self.table) is not tuple:
            out.append(f"the table must be a tuple built once, not a {type(self.table).__name__}")
        if len(self.weights) != len(self.table):
            out.append(f"{len(self.weights)} weights for a table of {len(self.table)} rows")
        bad = [w for w in self.weights if not (isinstance(w, numbers.Real) and 0 <= w < math.inf)]  # (numpy's too)
        if bad:
            out.append(f"weights must be finite and non-negative numbers, not {bad[0]!r}")
        elif not any(self.weights):
            out.append("every weight is 0: there is no outcome")
        elif self.total != sum(self.weights):
            out.append(f"total {self.total!r} is not the sum of the weights, {sum(self.weights)!r}")
        if len(set(self.table)) != len(self.table):
            out.append("the table lists an outcome twice")
        if self.equal and len({w for w in self.weights if w > 0}) > 1:
            out.append("equal=True, but the positive weights differ")
        return out
