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
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

DEFAULT_STREAM = "chance"
_MASK = (1 << 64) - 1


def _stable_id(text: str) -> int:
    """A 64-bit number for ``text`` that is the same in every process and Python version."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")


@lru_cache(maxsize=1 << 16)
def outcome_id(outcome: Any) -> int:
    """The stable identity number of a chance outcome (from its ``repr``)."""
    return _stable_id(repr(outcome))


def _mix(x: int) -> int:
    """SplitMix64 finaliser: a well-spread 64-bit hash of ``x``."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def race(outcomes: Sequence[tuple[Any, float]], key: int) -> Any:
    """The outcome of the exponential race keyed by ``key`` (see the module docstring)."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    if len(outcomes) >= _VECTOR_FROM:
        return _race_array(outcomes, key)
    p0 = outcomes[0][1]
    if all(p == p0 for _, p in outcomes):
        # equal chances: the smallest -log(u)/p is the largest u, i.e. the largest hash
        return max(outcomes, key=lambda o: _mix(key ^ outcome_id(o[0])))[0]
    best, best_time = outcomes[-1][0], math.inf
    for outcome, p in outcomes:
        if p <= 0:
            continue
        u = ((_mix(key ^ outcome_id(outcome)) >> 11) + 0.5) / 9007199254740992.0  # in (0, 1)
        t = -math.log(u) / p
        if t < best_time:
            best, best_time = outcome, t
    return best


_VECTOR_FROM = 24  # outcomes from which numpy beats a Python loop


def _mix_array(x: np.ndarray) -> np.ndarray:
    """:func:`_mix` on an array of uint64 (wrapping arithmetic, the same numbers)."""
    with np.errstate(over="ignore"):
        x = x + np.uint64(0x9E3779B97F4A7C15)
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def _race_array(outcomes: Sequence[tuple[Any, float]], key: int) -> Any:
    """:func:`race` for many outcomes, vectorised (the same outcome as the loop)."""
    ids = np.fromiter((outcome_id(o) for o, _ in outcomes), dtype=np.uint64, count=len(outcomes))
    probs = np.fromiter((p for _, p in outcomes), dtype=float, count=len(outcomes))
    h = _mix_array(ids ^ np.uint64(key))
    u = ((h >> np.uint64(11)).astype(float) + 0.5) / 9007199254740992.0
    with np.errstate(divide="ignore"):
        t = np.where(probs > 0, -np.log(u) / probs, np.inf)
    return outcomes[int(np.argmin(t))][0]


class ChanceStreams:
    """One Generator per stream name, spawned deterministically from a game's chance seed."""

    __slots__ = ("_root", "_rngs")

    def __init__(self, root: np.random.SeedSequence) -> None:
        self._root = root
        self._rngs: dict[str, np.random.Generator] = {DEFAULT_STREAM: np.random.default_rng(root)}

    def rng(self, name: str) -> np.random.Generator:
        """The Generator of stream ``name``."""
        gen = self._rngs.get(name)
        if gen is None:
            ss = np.random.SeedSequence(self._root.entropy, spawn_key=(*self._root.spawn_key, _stable_id(name) >> 32))
            gen = self._rngs[name] = np.random.default_rng(ss)
        return gen

    def get_state(self) -> dict[str, Any]:
        """Every stream's Generator state (for an undo that must restore the dice too)."""
        return {name: gen.bit_generator.state for name, gen in self._rngs.items()}

    def set_state(self, states: dict[str, Any]) -> None:
        """Restore :meth:`get_state`; a stream first used since then starts afresh (as it would)."""
        self._rngs = {DEFAULT_STREAM: self._rngs[DEFAULT_STREAM]}
        for name, state in states.items():
            self.rng(name).bit_generator.state = state

    def draw(self, outcomes: Sequence[tuple[Any, float]], stream: str = DEFAULT_STREAM) -> Any:
        """One outcome of a chance node that draws from ``stream``."""
        key = int(self.rng(stream).bit_generator.random_raw())  # one 64-bit number per draw
        return race(outcomes, key)

    def sample(self, state: Any) -> Any:
        """The outcome of ``state``'s chance node, from the stream it names."""
        return self.draw(state._chance_outcomes(), state.chance_stream())
