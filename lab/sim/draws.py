"""The driver's uniform choices, bit for bit as numpy makes them, without numpy's call overhead.

A random seat picks ``legal[int(rng.integers(len(legal)))]`` (:class:`lab.agents.RandomAgent`).
``Generator.integers`` spends microseconds on argument handling for every scalar it returns,
often more than a random playout spends on the rules of a move. :class:`IndexDraws` returns the
very same numbers from the same Generator: it takes the Generator's raw 64-bit outputs
(``bit_generator.random_raw``) and applies numpy's own algorithm for a bounded scalar (Lemire's
multiply-and-reject on 32-bit halves, the upper half of each 64-bit output kept for the next
draw, exactly as PCG64's ``next_uint32`` keeps it). Same seed, same games, only faster; the test
``tests/test_draws.py`` checks the numbers against ``Generator.integers`` itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

_U32 = 0xFFFFFFFF


class IndexDraws:
    """``int(rng.integers(n))`` for a Generator's successive calls, computed in Python.

    While an ``IndexDraws`` is in use its Generator must not be drawn from directly (the two
    would each keep half of a 64-bit output); :meth:`sync` hands the kept half back, after which
    the Generator may be used again as if every draw had been made by ``rng.integers``.
    :attr:`draw` is the same function as calling the object, without the class's call overhead
    (a plain closure: the driver makes hundreds of thousands of these picks in one game).
    """

    __slots__ = ("_bits", "_kept", "draw")

    def __init__(self, rng: np.random.Generator, *, fresh: bool = False) -> None:
        """``fresh``: ``rng`` was just seeded and never drawn from, so it keeps no 32-bit half
        (its state is then not read: the driver opens one per seat for every game)."""
        self._bits = rng.bit_generator
        if fresh and type(self._bits) is np.random.PCG64:
            self.draw, self._kept = _bounded_draws(self._bits, False, 0)
            return
        state = self._bits.state
        if state.get("bit_generator") != "PCG64":
            msg = f"IndexDraws follows PCG64's 32-bit buffering, not {state.get('bit_generator')}"
            raise ValueError(msg)
        self.draw, self._kept = _bounded_draws(self._bits, bool(state["has_uint32"]), int(state["uinteger"]))

    def __call__(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``n >= 1``), the one ``rng.integers(n)`` gives."""
        return self.draw(n)

    def sync(self) -> None:
        """Give the kept 32-bit half back to the Generator (see the class docstring)."""
        has, kept = self._kept()
        _hand_back(self._bits, has, kept)


def _hand_back(bits: np.random.BitGenerator, has: bool, kept: int) -> None:
    """Set ``bits``' kept 32-bit half (what ``Generator.integers`` reads next)."""
    state: Any = bits.state  # (a dict)
    state["has_uint32"] = int(has)
    state["uinteger"] = kept
    bits.state = state


#: raw outputs pulled ahead at once: the first block, and the largest (each next one four times
#: the last): a game of a few dozen picks pulls little it does not use, a long one pays the
#: bit generator's call about once per hundred outputs
_AHEAD_FIRST, _AHEAD_MAX = 16, 256


def _bounded_draws(bits: np.random.BitGenerator, has: bool, kept: int) -> tuple[Callable[[int], int], Callable[[], tuple[bool, int]]]:
    """The draw function of :class:`IndexDraws` and a function that reads its kept half.

    The raw outputs are pulled ahead in blocks (``random_raw(size)`` gives the numbers that as
    many ``random_raw()`` calls give; a call costs more than reading a list); whenever the
    Generator's state is read or handed back, the outputs not used are given back first
    (``advance`` by minus their number: PCG64's period is 2**128, so that is exact)."""
    raw = bits.random_raw
    block: list[int] = []
    pos, size = 0, _AHEAD_FIRST

    def give_back_unused() -> None:
        nonlocal block, pos
        if pos < len(block):
            bits.advance(pos - len(block))  # type: ignore[attr-defined]  # (PCG64's)
        block, pos = [], 0

    def next64() -> int:  # the next raw output, a new block pulled when this one is used up
        nonlocal block, pos, size
        if pos == len(block):
            block, pos = raw(size).tolist(), 0
            size = min(4 * size, _AHEAD_MAX)
        r = block[pos]
        pos += 1
        return r

    def next32() -> int:  # PCG64's next_uint32: the lower half of a new output, then the upper
        nonlocal has, kept
        if has:
            has = False
            return kept
        r = next64()
        has, kept = True, r >> 32
        return r & _U32

    def draw(n: int) -> int:
        nonlocal has, kept, pos
        if n == 1:
            return 0  # numpy draws nothing for a one-value range
        if n > _U32:
            give_back_unused()
            _hand_back(bits, has, kept)
            value = int(np.random.Generator(bits).integers(n))
            state = bits.state
            has, kept = bool(state["has_uint32"]), int(state["uinteger"])
            return value
        # numpy's buffered_bounded_lemire_uint32 (the first next32 and next64 inlined)
        if has:
            has = False
            m = kept * n
        else:
            if pos < len(block):
                r = block[pos]
                pos += 1
            else:
                r = next64()
            has, kept = True, r >> 32
            m = (r & _U32) * n
        leftover = m & _U32
        if leftover < n:
            threshold = (_U32 - (n - 1)) % n
            while leftover < threshold:
                m = next32() * n
                leftover = m & _U32
        return m >> 32

    def read() -> tuple[bool, int]:
        give_back_unused()  # (the caller hands the half back to a Generator where the draws left it)
        return has, kept

    return draw, read
