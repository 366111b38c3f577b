"""Chance streams: the driver's random numbers for chance nodes, kept paired across variants.

Two ideas keep two variants played on the same seed drawing the same dice and cards for as long
as their rules allow:

1. **One stream per kind of chance.** A state names the stream its chance node draws from
   (``State.chance_stream()``: ``"chance"`` by default, e.g. ``"conquest_deck"`` or ``"d6"``).
   Each stream is its own Generator, spawned from the game's seed by the stream's name, so a
   variant that draws more (or fewer) cards from one deck leaves every other stream in step.
2. **Draws keyed by outcome identity.** Each draw takes one number ``k`` from its stream, gives
   every outcome ``o`` of probability ``p`` the uniform ``u(k, o)`` (a hash of ``k`` and the
   outcome's identity) and returns the outcome with the smallest ``−log u / p`` (the exponential
   race: outcome ``o`` wins with probability exactly ``p``). When a deck's composition
   changes, the cards both decks share keep their numbers, so the same card is drawn whenever
   it is in both decks — an inverse-CDF draw would map the same ``u`` to a different card.

The default stream ``"chance"`` is the Generator :func:`lab.sim.play.seed_streams` gives for
chance, so a game that names no streams draws from the same numbers as before (only the
mapping of a number to an outcome changed).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any

import numpy as np

DEFAULT_STREAM = "chance"
_MASK = (1 << 64) - 1


def _stable_id(text: str) -> int:
    """A 64-bit number for ``text`` that is the same in every process and Python version."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")


_IDS: dict[Any, int] = {}  # outcome -> stable id (a plain dict: one hash per lookup)
_IDS_MAX = 1 << 17
_GOLDEN = 0x9E3779B97F4A7C15
_M1, _M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_first, _second = itemgetter(0), itemgetter(1)


def outcome_id(outcome: Any) -> int:
    """The stable identity number of a chance outcome (from its ``repr``)."""
    i = _IDS.get(outcome)
    if i is None:
        if len(_IDS) >= _IDS_MAX:
            _IDS.clear()
        i = _IDS[outcome] = _stable_id(repr(outcome))
    return i


def _ids(outcomes: Sequence[tuple[Any, float]]) -> list[int]:
    """:func:`outcome_id` of every outcome, looked up in C when all are known already."""
    ids = list(map(_IDS.get, map(_first, outcomes)))
    if None in ids:
        ids = [outcome_id(o) for o, _ in outcomes]
    return ids


@lru_cache(maxsize=1024)
def _stream_key(name: str) -> int:
    """The spawn-key word of stream ``name`` (32 bits of its stable id)."""
    return _stable_id(name) >> 32


def _mix(x: int) -> int:
    """SplitMix64 finaliser: a well-spread 64-bit hash of ``x``."""
    x = (x + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * _M1) & _MASK
    x = ((x ^ (x >> 27)) * _M2) & _MASK
    return x ^ (x >> 31)


def race(outcomes: Sequence[tuple[Any, float]], key: int) -> Any:
    """The outcome of the exponential race keyed by ``key`` (see the module docstring).

    The winner is the outcome with the smallest ``-log(u) / p``, ``u`` from :func:`_mix` of
    ``key ^ outcome_id``; with equal chances, the one with the largest hash (the first of equals).
    """
    n = len(outcomes)
    if n == 1:
        return outcomes[0][0]
    if n >= _VECTOR_FROM:
        return _race_array(outcomes, key)
    if type(outcomes) is tuple:  # a table built once: its ids and shape are read once
        entry = _SMALL.get(id(outcomes))
        if entry is None:
            entry = _small_entry(outcomes)
        ids, equal = entry[1], entry[2]
    else:
        ids = _ids(outcomes)
        p0 = outcomes[0][1]
        equal = all([p == p0 for _, p in outcomes])
    mask = _MASK
    if equal:
        # equal chances: the smallest -log(u)/p is the largest u, i.e. the largest hash
        best, best_h = 0, -1
        for j, i in enumerate(ids):  # _mix, inlined
            x = ((key ^ i) + _GOLDEN) & mask
            x = ((x ^ (x >> 30)) * _M1) & mask
            x = ((x ^ (x >> 27)) * _M2) & mask
            x ^= x >> 31
            if x > best_h:
                best, best_h = j, x
        return outcomes[best][0]
    best, best_time = outcomes[-1][0], math.inf
    log = math.log
    for (outcome, p), i in zip(outcomes, ids, strict=True):
        if p <= 0:
            continue
        x = ((key ^ i) + _GOLDEN) & mask
        x = ((x ^ (x >> 30)) * _M1) & mask
        x = ((x ^ (x >> 27)) * _M2) & mask
        x ^= x >> 31
        t = -log(((x >> 11) + 0.5) / 9007199254740992.0) / p  # u in (0, 1)
        if t < best_time:
            best, best_time = outcome, t
    return best


_VECTOR_FROM = 24  # outcomes from which numpy beats a Python loop

#: id(small outcome tuple) -> (the tuple, its ids, whether all chances are equal); as
#: :data:`_TABLES` below, an entry holds its tuple, so no other object can take its id.
_SMALL: dict[int, tuple[Any, list[int], bool]] = {}


def _small_entry(outcomes: tuple[tuple[Any, float], ...]) -> tuple[Any, list[int], bool]:
    p0 = outcomes[0][1]
    if len(_SMALL) >= _TABLES_MAX:
        _SMALL.clear()
    entry = _SMALL[id(outcomes)] = (outcomes, _ids(outcomes), all(p == p0 for _, p in outcomes))
    return entry


def _mix_array(x: np.ndarray) -> np.ndarray:
    """:func:`_mix` on an array of uint64 (array arithmetic wraps silently: the same numbers)."""
    x = x + np.uint64(_GOLDEN)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(_M1)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(_M2)
    return x ^ (x >> np.uint64(31))


def _race_array(outcomes: Sequence[tuple[Any, float]], key: int) -> Any:
    """:func:`race` for many outcomes, vectorised (the same outcome as the loop)."""
    ids, probs, positive = _arrays(outcomes)
    h = _mix_array(ids ^ np.uint64(key))
    u = ((h >> np.uint64(11)).astype(float) + 0.5) / 9007199254740992.0
    if positive:
        t = -np.log(u) / probs
    else:
        with np.errstate(divide="ignore"):
            t = np.where(probs > 0, -np.log(u) / probs, np.inf)
    return outcomes[int(np.argmin(t))][0]


#: id(outcome tuple) -> (the tuple, its ids, probabilities, all positive). An entry holds its
#: tuple, so while it is here no other object can have that id; a tuple never changes.
_TABLES: dict[int, tuple[Any, np.ndarray, np.ndarray, bool]] = {}
_TABLES_MAX = 4096


def _arrays(outcomes: Sequence[tuple[Any, float]]) -> tuple[np.ndarray, np.ndarray, bool]:
    """Outcome ids (uint64) and probabilities as arrays, and whether all are positive.

    A game that returns the same *tuple* of outcomes again (a table built once) has them
    computed once; a list may be edited between calls, so it is read afresh every time.
    """
    if type(outcomes) is tuple:
        entry = _TABLES.get(id(outcomes))
        if entry is not None:
            return entry[1], entry[2], entry[3]
    ids = np.array(_ids(outcomes), dtype=np.uint64)
    probs = np.fromiter(map(_second, outcomes), dtype=float, count=len(outcomes))
    positive = bool(probs.min() > 0)
    if type(outcomes) is tuple:
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.clear()
        _TABLES[id(outcomes)] = (outcomes, ids, probs, positive)
    return ids, probs, positive


class ChanceStreams:
    """One Generator per stream name, spawned deterministically from a game's chance seed.

    Each Generator is made when its stream is first drawn from (most games never use the
    default stream: they name theirs).
    """

    __slots__ = ("_raw", "_rngs", "_root")

    def __init__(self, root: np.random.SeedSequence) -> None:
        self._root = root
        self._rngs: dict[str, np.random.Generator] = {}
        self._raw: dict[str, Callable[[], int]] = {}  # stream -> its bit generator's random_raw

    def rng(self, name: str) -> np.random.Generator:
        """The Generator of stream ``name``."""
        gen = self._rngs.get(name)
        if gen is None:
            if name == DEFAULT_STREAM:
                ss = self._root
            else:
                key = (*self._root.spawn_key, _stream_key(name))
                ss = np.random.SeedSequence(self._root.entropy, spawn_key=key)
            gen = self._rngs[name] = np.random.default_rng(ss)
            self._raw[name] = gen.bit_generator.random_raw
        return gen

    def get_state(self) -> dict[str, Any]:
        """Every stream's Generator state (for an undo that must restore the dice too)."""
        return {name: gen.bit_generator.state for name, gen in self._rngs.items()}

    def set_state(self, states: dict[str, Any]) -> None:
        """Restore :meth:`get_state`; a stream first used since then starts afresh (as it would)."""
        self._rngs, self._raw = {}, {}
        for name, state in states.items():
            self.rng(name).bit_generator.state = state

    def draw(self, outcomes: Sequence[tuple[Any, float]], stream: str = DEFAULT_STREAM) -> Any:
        """One outcome of a chance node that draws from ``stream``."""
        raw = self._raw.get(stream)
        if raw is None:
            self.rng(stream)
            raw = self._raw[stream]
        return race(outcomes, raw())  # one 64-bit number per draw

    def sample(self, state: Any) -> Any:
        """The outcome of ``state``'s chance node, from the stream it names."""
        return self.draw(state._chance_outcomes(), state.chance_stream())
