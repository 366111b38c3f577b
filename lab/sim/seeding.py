"""The driver's Generators of one int seed, the very ones numpy's ``SeedSequence`` gives, cheaper.

A game played by :func:`lab.sim.play.play` opens one Generator per seat and one per chance
stream it draws from, each ``PCG64(SeedSequence(seed, spawn_key=key))``. Building each
``SeedSequence`` and seeding ``PCG64`` from it costs about 10 us in numpy, a tenth of a short
game (Space Station plays about 30 actions). Every one of them shares the seed: numpy mixes the
seed's words into a pool of four 32-bit words first (the same pool for every spawn key), then
each word of the spawn key into that pool, then hashes the pool into the PCG64 state. So the
pool is taken once per game from numpy (``SeedSequence(seed).pool``) and the rest of
numpy's algorithm (``numpy/random/bit_generator.pyx``: ``hashmix``, ``mix``,
``generate_state``) is done here, in Python, for each key: the same 32-bit words, hence the
same Generator. ``tests/test_driver_fast_paths.py`` checks the states against numpy's.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.random.bit_generator import ISpawnableSeedSequence

_M32 = 0xFFFFFFFF
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875  # numpy's hashmix constants (entropy mixing)
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED  # and generate_state's
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
_POOL = 4  # numpy's default pool size (words)


def _hash_consts(n: int) -> tuple[int, ...]:
    """The ``hash_const`` of numpy's successive ``hashmix`` calls in entropy mixing."""
    out, h = [], _INIT_A
    for _ in range(n):
        out.append(h)
        h = (h * _MULT_A) & _M32
    return tuple(out)


#: ``hashmix`` constants after the pool's fill (4 calls) and cross-mixing (12 calls): one group
#: of four per spawn-key word, for keys of up to 4 words
_KEY_CONSTS = tuple(
    tuple((c, (c * _MULT_A) & _M32) for c in _hash_consts(32)[16 + 4 * w:20 + 4 * w]) for w in range(4))
#: the constants of each of the eight ``generate_state`` words (four uint64 = eight uint32)
_STATE_MULTS = tuple(
    (h, (h * _MULT_B) & _M32) for h in ((_INIT_B * pow(_MULT_B, i, 1 << 32)) & _M32 for i in range(8)))


def seed_pool(entropy: int) -> list[int]:
    """numpy's pool of ``SeedSequence(entropy)`` (the seed's words mixed), as ints."""
    return np.random.SeedSequence(entropy).pool.tolist()


def served(entropy: Any, spawn_key: tuple[int, ...]) -> bool:
    """Whether :class:`SpawnedSeed` computes this seed sequence itself (else numpy does): an int
    seed of up to four 32-bit words and a key of up to four words, each below ``2**32``."""
    return (type(entropy) is int and 0 <= entropy < 1 << 128 and len(spawn_key) <= len(_KEY_CONSTS)
            and all(type(k) is int and 0 <= k <= _M32 for k in spawn_key))


#: (spawn-key word, its position) -> ``_MIX_R * hashmix(word)`` for each pool word: the part of
#: :func:`state_words` that does not depend on the seed (a game's keys are the same few words)
_WORD_MIX: dict[tuple[int, int], tuple[int, int, int, int]] = {}


def _word_mix(word: int, position: int) -> tuple[int, int, int, int]:
    """``_MIX_R * hashmix(word)`` against each of the four pool words (numpy's ``mix``'s right
    operand), for a spawn-key word at ``position`` (kept in :data:`_WORD_MIX`)."""
    m, out = _M32, []
    for h, n in _KEY_CONSTS[position]:
        v = ((word ^ h) * n) & m
        out.append(_MIX_R * (v ^ (v >> 16)))
    if len(_WORD_MIX) >= 4096:
        _WORD_MIX.clear()
    mixed = _WORD_MIX[word, position] = (out[0], out[1], out[2], out[3])
    return mixed


def state_words(pool: list[int], spawn_key: tuple[int, ...]) -> list[int]:
    """The eight 32-bit words ``SeedSequence(entropy, spawn_key=spawn_key).generate_state(8)``
    gives, ``pool`` being :func:`seed_pool` of ``entropy`` (see the module docstring).

    Written out word by word (no inner loops): this runs for every Generator a game opens."""
    m, left = _M32, _MIX_L
    p0, p1, p2, p3 = pool
    for position, word in enumerate(spawn_key):
        mixed = _WORD_MIX.get((word, position))
        r0, r1, r2, r3 = mixed if mixed is not None else _word_mix(word, position)
        # mix(pool[i], hashmix(word)), the hashmix (and its product) looked up
        r = (left * p0 - r0) & m
        p0 = r ^ (r >> 16)
        r = (left * p1 - r1) & m
        p1 = r ^ (r >> 16)
        r = (left * p2 - r2) & m
        p2 = r ^ (r >> 16)
        r = (left * p3 - r3) & m
        p3 = r ^ (r >> 16)
    (a0, b0), (a1, b1), (a2, b2), (a3, b3), (a4, b4), (a5, b5), (a6, b6), (a7, b7) = _STATE_MULTS
    w0, w1 = ((p0 ^ a0) * b0) & m, ((p1 ^ a1) * b1) & m
    w2, w3 = ((p2 ^ a2) * b2) & m, ((p3 ^ a3) * b3) & m
    w4, w5 = ((p0 ^ a4) * b4) & m, ((p1 ^ a5) * b5) & m
    w6, w7 = ((p2 ^ a6) * b6) & m, ((p3 ^ a7) * b7) & m
    return [w0 ^ (w0 >> 16), w1 ^ (w1 >> 16), w2 ^ (w2 >> 16), w3 ^ (w3 >> 16),
            w4 ^ (w4 >> 16), w5 ^ (w5 >> 16), w6 ^ (w6 >> 16), w7 ^ (w7 >> 16)]


class SpawnedSeed(ISpawnableSeedSequence):
    """``SeedSequence(entropy, spawn_key=spawn_key)`` for a PCG64 seeded by the driver.

    :meth:`generate_state` gives PCG64 its state from :func:`state_words` (the same numbers);
    anything else (another size, :meth:`spawn`, as ``Generator.spawn`` uses it) is asked of the
    real ``SeedSequence``, built on first use.
    """

    __slots__ = ("_pool", "_seq", "entropy", "spawn_key")

    def __init__(self, entropy: int, spawn_key: tuple[int, ...], pool: list[int]) -> None:
        self.entropy, self.spawn_key, self._pool = entropy, spawn_key, pool
        self._seq: np.random.SeedSequence | None = None

    def _sequence(self) -> np.random.SeedSequence:
        if self._seq is None:
            self._seq = np.random.SeedSequence(self.entropy, spawn_key=self.spawn_key)
        return self._seq

    @property
    def n_children_spawned(self) -> int:
        return 0 if self._seq is None else self._seq.n_children_spawned

    def generate_state(self, n_words: int, dtype: Any = np.uint32) -> np.ndarray:
        if n_words == 4 and dtype is np.uint64:  # what PCG64 asks for
            return np.array(state_words(self._pool, self.spawn_key), dtype=np.uint32).view(np.uint64)
        return self._sequence().generate_state(n_words, dtype)

    def spawn(self, n_children: int) -> list[np.random.SeedSequence]:
        return self._sequence().spawn(n_children)


def generator(entropy: int, spawn_key: tuple[int, ...], pool: list[int] | None) -> np.random.Generator:
    """``default_rng(SeedSequence(entropy, spawn_key=spawn_key))``; ``pool``: :func:`seed_pool`
    of ``entropy``, or ``None`` when the seed is not :func:`served` (numpy builds it)."""
    if pool is None:
        return np.random.Generator(np.random.PCG64(np.random.SeedSequence(entropy, spawn_key=spawn_key)))
    return np.random.Generator(np.random.PCG64(SpawnedSeed(entropy, spawn_key, pool)))
