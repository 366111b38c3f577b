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

from typing import Any

import numpy as np

_U32 = 0xFFFFFFFF


class IndexDraws:
    """``int(rng.integers(n))`` for a Generator's successive calls, computed in Python.

    While an ``IndexDraws`` is in use its Generator must not be drawn from directly (the two
    would each keep half of a 64-bit output); :meth:`sync` hands the kept half back, after which
    the Generator may be used again as if every draw had been made by ``rng.integers``.
    """

    __slots__ = ("_bits", "_has", "_next", "_raw")

    def __init__(self, rng: np.random.Generator) -> None:
        self._bits = rng.bit_generator
        state = self._bits.state
        if state.get("bit_generator") != "PCG64":
            msg = f"IndexDraws follows PCG64's 32-bit buffering, not {state.get('bit_generator')}"
            raise ValueError(msg)
        self._has = bool(state["has_uint32"])
        self._next = int(state["uinteger"])
        self._raw = self._bits.random_raw

    def __call__(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``n >= 1``), the one ``rng.integers(n)`` gives."""
        if n == 1:
            return 0  # numpy draws nothing for a one-value range
        if n > _U32:
            return self._fallback(n)
        # numpy's buffered_bounded_lemire_uint32 (the first ``_next32`` inlined)
        if self._has:
            self._has = False
            m = self._next * n
        else:
            raw = self._raw()
            self._has, self._next = True, raw >> 32
            m = (raw & _U32) * n
        leftover = m & _U32
        if leftover < n:
            threshold = (_U32 - (n - 1)) % n
            while leftover < threshold:
                m = self._next32() * n
                leftover = m & _U32
        return m >> 32

    def _next32(self) -> int:
        """PCG64's ``next_uint32``: the lower half of a new 64-bit output, then the upper half."""
        if self._has:
            self._has = False
            return self._next
        raw = self._raw()
        self._has, self._next = True, raw >> 32
        return raw & _U32

    def sync(self) -> None:
        """Give the kept 32-bit half back to the Generator (see the class docstring)."""
        state: dict[str, Any] = self._bits.state
        state["has_uint32"] = int(self._has)
        state["uinteger"] = self._next
        self._bits.state = state

    def _fallback(self, n: int) -> int:
        self.sync()
        value = int(np.random.Generator(self._bits).integers(n))
        state = self._bits.state
        self._has, self._next = bool(state["has_uint32"]), int(state["uinteger"])
        return value
