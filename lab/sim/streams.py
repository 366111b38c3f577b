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

A game may declare a node's outcomes as a :class:`~lab.core.chance.WeightedTable` (a table
built once and a weight per row): a batch then keeps, per key, a row of the whole table's
hashes or ``-log(u)`` and a draw reads the winner off that row and the weights
(:meth:`_Batch._weighted`), the same outcome as the race of the list the table reads as.

The default stream ``"chance"`` is the Generator :func:`lab.sim.play.seed_streams` gives for
chance, so a game that names no streams draws from the same numbers as before (only the
mapping of a number to an outcome changed).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import compress, islice
from operator import itemgetter, neg, truediv
from typing import Any

import numpy as np

from lab.core.chance import WeightedTable
from lab.sim.seeding import generator

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
    ids, equal = _shape(outcomes)
    mask, hashes = _MASK, []
    for i in ids:  # _mix, inlined
        x = ((key ^ i) + _GOLDEN) & mask
        x = ((x ^ (x >> 30)) * _M1) & mask
        x = ((x ^ (x >> 27)) * _M2) & mask
        hashes.append(x ^ (x >> 31))
    return _winner(outcomes, hashes, equal)


def _shape(outcomes: Sequence[tuple[Any, float]]) -> tuple[list[int], bool]:
    """The outcome ids and whether all chances are equal (read once for a tuple)."""
    if type(outcomes) is tuple:  # a table built once
        entry = _SMALL.get(id(outcomes))
        if entry is None:
            entry = _small_entry(outcomes)
        return entry[1], entry[2]
    p0 = outcomes[0][1]
    return _ids(outcomes), all([p == p0 for _, p in outcomes])


def _winner(outcomes: Sequence[tuple[Any, float]], hashes: list[int], equal: bool) -> Any:
    """The race's winner given each outcome's hash ``_mix(key ^ outcome_id)``."""
    if equal:  # the smallest -log(u)/p is the largest u, i.e. the largest hash (the first one)
        return outcomes[hashes.index(max(hashes))][0]
    best, best_time = outcomes[-1][0], math.inf
    log = math.log
    for (outcome, p), x in zip(outcomes, hashes, strict=True):
        if p <= 0:
            continue
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


_GOLDEN_U64, _M1_U64, _M2_U64 = np.uint64(_GOLDEN), np.uint64(_M1), np.uint64(_M2)
_U27, _U30, _U31, _U11 = np.uint64(27), np.uint64(30), np.uint64(31), np.uint64(11)


def _mix_array(x: np.ndarray) -> np.ndarray:
    """:func:`_mix` on an array of uint64 (array arithmetic wraps silently: the same numbers);
    in place on one new array (a small batch's arrays cost their calls more than their size)."""
    x = x + _GOLDEN_U64
    x ^= x >> _U30
    x *= _M1_U64
    x ^= x >> _U27
    x *= _M2_U64
    x ^= x >> _U31
    return x


def _uniform_array(h: np.ndarray) -> np.ndarray:
    """``u`` in (0, 1) of each hash, as :func:`_winner` computes it for one (numpy's conversion of
    the top 53 bits to float is exact, and ``+ 0.5`` and the division by 2**53 round alike)."""
    u = (h >> _U11).astype(float)
    u += 0.5
    u /= 9007199254740992.0
    return u


def _race_array(outcomes: Sequence[tuple[Any, float]], key: int) -> Any:
    """:func:`race` for many outcomes, vectorised (the same outcome as the loop)."""
    ids, probs, positive = _arrays(outcomes)
    return _race_hashed(outcomes, _mix_array(ids ^ np.uint64(key)), probs, positive)


def _race_hashed(outcomes: Sequence[tuple[Any, float]], h: np.ndarray, probs: np.ndarray, positive: bool) -> Any:
    """:func:`_race_array` given the hashes ``h`` (uint64) of the outcomes under the key."""
    u = _uniform_array(h)
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
    probs, positive = _probs(outcomes)
    if type(outcomes) is tuple:
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.clear()
        _TABLES[id(outcomes)] = (outcomes, ids, probs, positive)
    return ids, probs, positive


def _probs(outcomes: Sequence[tuple[Any, float]]) -> tuple[np.ndarray, bool]:
    """The probabilities as an array, and whether all are positive."""
    probs = np.fromiter(map(_second, outcomes), dtype=float, count=len(outcomes))
    return probs, bool(probs.min() > 0)


_COLUMNS_UPTO = 64  # outcomes up to which a batch keeps per-outcome hash columns
#: :meth:`_Batch._equal_big`'s margin: two ``-log(u)`` closer than this (relative) may tie
_TIE_MARGIN = 2.0**-36
_TINY = 1e-300  # (a chance above it: ``-log(u) / p`` is a normal number, no overflow)
_TIED = object()  # "not sure": :meth:`_Batch._equal_big` leaves the draw to the race
_COLUMN_AFTER = 3  # draws of a batch that hash an id under their own key before its column is made
_CHEAP_COLUMNS = 2048  # hashes (keys x new ids) a batch computes at once, whatever the ids' use
_UNIVERSE_MAX = 256  # outcome ids per stream whose -log(u) a batch computes for every key (cost per batch ~ ids)


class _Universe:
    """The outcome ids of one stream's big draws (24 or more outcomes), each with a column number.

    A batch of the stream computes ``-log(u)`` of every column under every key at once (a
    matrix), so a draw from a table is ``argmin(row[cols] / p)`` over the table's columns: the
    same numbers as :func:`_race_hashed` (``-np.log(u)`` element for element, then the same
    division), hence the same winner. The columns of a table outlive the batch, which is what
    makes this pay: a deal table comes up once or twice per batch, a stream's ids are few.
    A tuple's columns are kept with it; a list (read afresh: memm's deal of the cubes left) has
    its ids looked up in ``col`` at each draw.
    """

    __slots__ = ("col", "hot", "ids", "tables")

    def __init__(self) -> None:
        #: the stream has been drawn from more than _HOT times in one game: the next games' draws
        #: come from batches from the first one on (a batch changes no outcome, only the cost)
        self.hot = False
        self.col: dict[int, int] = {}  # outcome id -> column
        self.ids: list[int] = []  # outcome id of each column
        #: id(tuple) -> (the tuple, its columns, its probabilities); columns None: not served
        self.tables: dict[int, tuple[Any, np.ndarray | None, np.ndarray]] = {}

    def table(self, outcomes: tuple[tuple[Any, float], ...]) -> tuple[Any, np.ndarray | None, np.ndarray]:
        """``(outcomes, columns, probabilities)`` of a table; the columns are None when the table
        is not served here (a zero chance, or more ids than a stream keeps)."""
        _, probs, positive = _arrays(outcomes)
        cols = self.columns(outcomes) if positive else None
        if len(self.tables) >= _TABLES_MAX:
            self.tables.clear()
        entry = self.tables[id(outcomes)] = (outcomes, None if cols is None else np.array(cols, dtype=np.intp), probs)
        return entry

    def columns(self, outcomes: Sequence[tuple[Any, float]]) -> list[int] | None:
        """The column of each outcome of a list (new ids get one), or None when the stream
        would keep more ids than :data:`_UNIVERSE_MAX`."""
        col = self.col
        ids = _ids(outcomes)
        cols = list(map(col.get, ids))
        if None in cols:
            known = self.ids
            new = [i for i in dict.fromkeys(ids) if i not in col]
            if len(known) + len(new) > _UNIVERSE_MAX:
                return None
            for i in new:
                col[i] = len(known)
                known.append(i)
            cols = list(map(col.__getitem__, ids))
        return cols


#: id(table of a WeightedTable) -> (the table, its outcome ids as a row of uint64); as
#: :data:`_TABLES`, an entry holds its table, so no other object can take its id
_TABLE_IDS: dict[int, tuple[Any, np.ndarray]] = {}

#: stream name -> the ids of its big tables (module-wide: the tables are built once per process)
_UNIVERSES: dict[str, _Universe] = {}


#: Draws of one stream served one number at a time before it is served from batches: the
#: first batch holds this many numbers, each next one four times as many, up to ``_BATCH``.
_HOT = 8
_BATCH = 256


class _Batch:
    """The next ``size`` numbers of one stream, pulled at once, and their race hashes.

    ``random_raw(size)`` gives the very numbers that as many ``random_raw()`` calls give, so
    serving draws from here changes no outcome. The hash ``_mix(key ^ outcome_id)`` of every
    key of the batch is computed with numpy once per outcome id (a column), and for a table of
    equal chances built once (a tuple) the winner of every key at once: a draw then costs a
    few lookups. :meth:`release` puts the unused numbers back.
    For unequal chances the batch keeps, per outcome id, ``u`` under every key, as
    :func:`_winner` computes it (numpy's integer-to-float conversion is exact below 2**53, and
    ``+ 0.5`` and the division by a power of two round alike), so a weighted draw takes
    ``math.log`` of its row only and the first smallest ``-log(u) / p``: :func:`_winner`'s
    outcome, for the same numbers, without a Python loop.
    """

    __slots__ = ("bits", "cols", "hash_rows", "keys", "log_rows", "logs", "once", "once_tables", "pos", "size", "start",
                 "uniforms", "universe", "winners")

    def __init__(self, bits: np.random.BitGenerator, size: int, universe: _Universe | None = None) -> None:
        self.bits = bits
        self.universe = universe if universe is not None else _Universe()
        self.logs: np.ndarray | None = None  # -log(u): a row per key, a column per universe id
        self.start = bits.state
        self.keys: np.ndarray = bits.random_raw(size)
        self.size = size
        self.pos = 0
        self.cols: dict[int, list[int]] = {}  # outcome id -> its hash under every key
        self.winners: dict[int, tuple[Any, list[int]]] = {}  # id(tuple) -> (tuple, winner per key)
        self.uniforms: dict[int, list[float]] = {}  # outcome id -> u under every key
        #: outcome id -> draws of this batch that hashed it under their own key only (after
        #: :data:`_COLUMN_AFTER` of them its column is computed for every key); equal-chance
        #: tables (id(tuple) -> tuple) drawn once with no winners computed
        self.once: dict[int, int] = {}
        self.once_tables: dict[int, Any] = {}
        #: id(table of a WeightedTable) -> (the table, :meth:`_table_rows`: the outcomes by hash
        #: per key and the hashes, or the -log(u) array)
        self.hash_rows: dict[int, tuple[Any, tuple[list[list[int]], np.ndarray]]] = {}
        self.log_rows: dict[int, tuple[Any, np.ndarray]] = {}

    def release(self) -> None:
        """Rewind the bit generator to just after the numbers drawn so far."""
        self.bits.state = self.start
        self.bits.advance(self.pos)

    def _columns(self, ids: list[int]) -> None:
        """Compute the columns of ``ids`` not computed yet, all in one array operation."""
        cols = self.cols
        missing = [i for i in dict.fromkeys(ids) if i not in cols]
        h = _mix_array(self.keys[:, None] ^ np.array(missing, dtype=np.uint64)[None, :])
        cols.update(zip(missing, h.T.tolist(), strict=True))

    def draw(self, outcomes: Sequence[tuple[Any, float]]) -> Any:
        """:func:`race` with the batch's next number."""
        j = self.pos
        self.pos = j + 1
        if type(outcomes) is WeightedTable:
            return self._weighted(outcomes, j)
        n = len(outcomes)
        if n == 1:
            return outcomes[0][0]
        if n < _VECTOR_FROM and type(outcomes) is not tuple:  # a list read afresh (a deck, a deal)
            probs = list(map(_second, outcomes))
            p0 = probs[0]
            if p0 > 0 and probs.count(p0) == n:  # equal chances: the largest hash (batch columns)
                ids = list(map(_IDS.get, map(_first, outcomes)))
                if None in ids:
                    ids = _ids(outcomes)
                hashes = self._hashes(ids, j)
                return outcomes[hashes.index(max(hashes))][0]  # (what _winner does for them)
            total = sum(probs)
            if min(probs) > 0 and total == total:  # (all positive, no NaN)
                ids = list(map(_IDS.get, map(_first, outcomes)))
                if None in ids:
                    ids = _ids(outcomes)
                # unequal: the first smallest -log(u) / p, without a Python loop
                times = list(map(truediv, map(neg, map(math.log, self._uniforms(ids, j))), probs))
                return outcomes[times.index(min(times))][0]
        if n <= _COLUMNS_UPTO and type(outcomes) is not tuple:  # a big list of equal chances?
            p0 = outcomes[0][1]
            if p0 > _TINY and list(map(_second, outcomes)).count(p0) == n:
                winner = self._equal_big(outcomes, j)
                if winner is not _TIED:
                    return winner
        if n >= _VECTOR_FROM:
            if type(outcomes) is tuple:  # a big table built once: its columns of -log(u)
                entry = self.universe.tables.get(id(outcomes))
                if entry is None or entry[0] is not outcomes:
                    entry = self.universe.table(outcomes)
                if entry[1] is not None:
                    times = self._log_row(j)[entry[1]] / entry[2]
                    return outcomes[int(times.argmin())][0]
            else:  # a big list read afresh (a deal of the cubes left): the same matrix
                cols = self.universe.columns(outcomes)
                if cols is not None:
                    probs = list(map(float, map(_second, outcomes)))
                    if min(probs) > 0:
                        row = self._log_row(j)[cols]
                        # equal chances: one divisor, the very quotients of an array of equal ones
                        times = row / probs[0] if probs.count(probs[0]) == n else row / np.array(probs)
                        return outcomes[int(times.argmin())][0]
            if n > _COLUMNS_UPTO or type(outcomes) is tuple:  # (a tuple's arrays are cached)
                return _race_array(outcomes, int(self.keys[j]))
            ids = _ids(outcomes)
            h = np.array(self._hashes(ids, j), dtype=np.uint64)
            return _race_hashed(outcomes, h, *_probs(outcomes))
        ids, equal = _shape(outcomes)
        if equal and type(outcomes) is tuple:
            entry = self.winners.get(id(outcomes))
            if entry is None or entry[0] is not outcomes:
                # first seen in a big batch: this key only (the winners of every key on a second draw)
                if self.size * n > _CHEAP_COLUMNS and self.once_tables.get(id(outcomes)) is not outcomes:
                    self.once_tables[id(outcomes)] = outcomes
                    return race(outcomes, int(self.keys[j]))
                h = _mix_array(self.keys[:, None] ^ np.array(ids, dtype=np.uint64)[None, :])
                entry = self.winners[id(outcomes)] = (outcomes, h.argmax(axis=1).tolist())
            return outcomes[entry[1][j]][0]
        return _winner(outcomes, self._hashes(ids, j), equal)

    def _weighted(self, outcomes: WeightedTable, j: int) -> Any:
        """The draw of a :class:`~lab.core.chance.WeightedTable` under key ``j``: what the race of
        its list of pairs gives (:meth:`draw`), from a row per key of the whole table's numbers,
        without building the list.

        - Equal weights: the member of the largest hash, as :func:`_winner` has it for a short
          list; from :data:`_VECTOR_FROM` members the race compares ``-log(u)``, so the winner
          is sure only when the runner-up is further than :data:`_TIE_MARGIN` (as in
          :meth:`_equal_big`).
        - Other weights: the largest ``weight / -log(u)``, which is the smallest
          ``-log(u) / p`` (``p = weight / total``). The row's ``-log(u)`` comes from numpy (the
          short lists' race takes ``math.log``), and the divisions round differently, each by
          an ulp or so; so that winner is the race's when the runner-up is further than
          :data:`_TIE_MARGIN`.

        When it is not sure (about one draw in 10**10), the list is built and drawn from as
        any list is, under the same key."""
        table, weights = outcomes.table, outcomes.weights
        if outcomes.equal:
            entry = self.hash_rows.get(id(table))  # (_table_rows, its usual case in line)
            orders, hashes = entry[1] if entry is not None and entry[0] is table else self._table_rows(table, False)
            # the members by hash, largest first: the first two with a weight
            order = orders[j]
            best = list(islice(compress(order, map(weights.__getitem__, order)), 2))
            if len(weights) - weights.count(0) < _VECTOR_FROM:
                return table[best[0]]
            t_best = -math.log(((int(hashes[j, best[0]]) >> 11) + 0.5) / 9007199254740992.0)
            t_second = -math.log(((int(hashes[j, best[1]]) >> 11) + 0.5) / 9007199254740992.0)
            if t_second > t_best * (1.0 + _TIE_MARGIN):
                return table[best[0]]
        else:
            entry = self.log_rows.get(id(table))
            rows = entry[1] if entry is not None and entry[0] is table else self._table_rows(table, True)
            # (the row read out of the array at each draw: fresh floats, next to each other)
            rates = list(map(truediv, weights, rows[j].tolist()))
            best = max(rates)
            k = rates.index(best)
            rates[k] = 0.0
            if max(rates) * (1.0 + _TIE_MARGIN) < best:
                return table[k]
        self.pos = j
        return self.draw(outcomes.pairs())

    def _table_rows(self, table: tuple[Any, ...], logs: bool) -> Any:
        """For every outcome of ``table`` under every key of the batch, computed at once: with
        ``logs``, ``-log(u)`` (as :func:`_race_hashed` computes it) as an array, a row per key;
        else the hashes as an array and, per key, the outcomes' positions by hash, largest
        first (the first of equal hashes first, as ``max`` finds them)."""
        cache = self.log_rows if logs else self.hash_rows
        entry = cache.get(id(table))
        if entry is None or entry[0] is not table:
            ids = _TABLE_IDS.get(id(table))
            if ids is None or ids[0] is not table:
                if len(_TABLE_IDS) >= _TABLES_MAX:
                    _TABLE_IDS.clear()
                ids = _TABLE_IDS[id(table)] = (table, np.array([outcome_id(o) for o in table], dtype=np.uint64)[None, :])
            h = _mix_array(self.keys[:, None] ^ ids[1])
            if logs:
                entry = cache[id(table)] = (table, -np.log(_uniform_array(h)))
            else:  # (~h: the largest hash first; a stable sort keeps equal ones in table order)
                entry = cache[id(table)] = (table, (np.argsort(~h, axis=1, kind="stable").tolist(), h))
        return entry[1]

    def _equal_big(self, outcomes: Sequence[tuple[Any, float]], j: int) -> Any:
        """The winner of a big list of equal chances (``_VECTOR_FROM`` to ``_COLUMNS_UPTO``
        outcomes) under key ``j``, from the hashes alone; :data:`_TIED` when that is not sure.

        :func:`race` gives the first smallest ``-np.log(u) / p``. With one ``p`` for all, that
        is the outcome of the largest ``u``, i.e. of the largest hash (the hashes of distinct ids
        are distinct: :func:`_mix` is a bijection), unless rounding makes its time equal to
        another's: numpy's and ``math.log`` differ by an ulp at most, and one division by ``p``
        keeps the order of numbers further apart than that. So when the runner-up's
        ``-log(u)`` (``math.log``) exceeds the winner's by more than :data:`_TIE_MARGIN` of
        it, the largest hash wins in :func:`race` as well; else (about one draw in 10**10) the
        caller computes the race itself."""
        ids = list(map(_IDS.get, map(_first, outcomes)))
        if None in ids:
            ids = _ids(outcomes)
        hashes = self._hashes(ids, j)
        best = max(hashes)
        i = hashes.index(best)
        second = max(max(hashes[:i], default=0), max(hashes[i + 1:], default=0))
        t_best = -math.log(((best >> 11) + 0.5) / 9007199254740992.0)
        t_second = -math.log(((second >> 11) + 0.5) / 9007199254740992.0)
        if t_second <= t_best * (1.0 + _TIE_MARGIN):
            return _TIED
        return outcomes[i][0]

    def _log_row(self, j: int) -> np.ndarray:
        """Row ``j`` of the ``-log(u)`` matrix, the matrix first extended to every id of the
        universe (as :func:`_race_hashed` computes them: ``u`` from the hash, then ``-np.log``)."""
        logs = self.logs
        done = 0 if logs is None else logs.shape[1]
        if done < len(self.universe.ids):
            ids = np.array(self.universe.ids[done:], dtype=np.uint64)
            more = -np.log(_uniform_array(_mix_array(self.keys[:, None] ^ ids[None, :])))
            logs = self.logs = more if logs is None else np.hstack((logs, more))
        return logs[j]

    def _uniforms(self, ids: list[int], j: int) -> map:
        """``u`` of each outcome id under key ``j`` of the batch (as :func:`_winner` computes it)."""
        uniforms = self.uniforms
        try:
            columns = list(map(uniforms.__getitem__, ids))
        except KeyError:
            missing = [i for i in dict.fromkeys(ids) if i not in uniforms]
            if self._first_sight(missing):  # this key only: u as _winner computes it
                key = int(self.keys[j])
                return iter([uniforms[i][j] if i in uniforms else ((_mix(key ^ i) >> 11) + 0.5) / 9007199254740992.0
                             for i in ids])
            h = _mix_array(self.keys[:, None] ^ np.array(missing, dtype=np.uint64)[None, :])
            uniforms.update(zip(missing, _uniform_array(h).T.tolist(), strict=True))
            columns = list(map(uniforms.__getitem__, ids))
        return map(itemgetter(j), columns)

    def _hashes(self, ids: list[int], j: int) -> list[int]:
        """The hash of each outcome id under key ``j`` of the batch."""
        cols = self.cols
        try:
            return list(map(itemgetter(j), map(cols.__getitem__, ids)))
        except KeyError:
            if self._first_sight([i for i in dict.fromkeys(ids) if i not in cols]):  # this key only
                key = int(self.keys[j])
                return [cols[i][j] if i in cols else _mix(key ^ i) for i in ids]
            self._columns(ids)
            return [cols[i][j] for i in ids]

    def _first_sight(self, missing: list[int]) -> bool:
        """Whether the ``missing`` ids (no column yet) are to be hashed under the draw's own key
        only: while none of them came up more than :data:`_COLUMN_AFTER` times in this batch.

        An id's column (its hash under all of the batch's keys, one array operation) pays when
        the id comes up again and again (a deck drawn from at every turn), or costs little (a
        small batch, :data:`_CHEAP_COLUMNS`); an outcome list that comes up a few times per
        batch of 256 (one of Fiemme–Cembra's many small deal tables) is cheaper hashed under its
        own key each time."""
        if self.size * len(missing) <= _CHEAP_COLUMNS:  # (a small batch: columns cost little)
            return False
        once = self.once
        counts = [once.get(i, 0) + 1 for i in missing]
        if max(counts, default=0) > _COLUMN_AFTER:
            return False
        once.update(zip(missing, counts, strict=True))
        return True


class ChanceStreams:
    """One Generator per stream name, spawned deterministically from a game's chance seed.

    Each Generator is made when its stream is first drawn from (most games never use the
    default stream: they name theirs).
    """

    __slots__ = ("_batches", "_counts", "_entropy", "_pool", "_raw", "_rngs", "_root", "_spawn_key")

    def __init__(self, root: np.random.SeedSequence | tuple[Any, tuple[int, ...]], pool: list[int] | None = None) -> None:
        """``root``: the chance seed, or its ``(entropy, spawn_key)`` (the SeedSequence is then
        built only if the default stream is drawn from). ``pool``: the entropy's
        :func:`~lab.sim.seeding.seed_pool`, from which the streams' Generators are seeded (the
        same ones: :mod:`lab.sim.seeding`; the entropy and the spawn key must be
        :func:`~lab.sim.seeding.served` with one word more), or ``None`` (numpy seeds them)."""
        if isinstance(root, np.random.SeedSequence):
            self._root: np.random.SeedSequence | None = root
            self._entropy, self._spawn_key = root.entropy, tuple(root.spawn_key)
        else:
            self._root = None
            self._entropy, self._spawn_key = root
        self._pool = pool
        self._rngs: dict[str, np.random.Generator] = {}
        self._raw: dict[str, Callable[[], int]] = {}  # stream -> its bit generator's random_raw
        self._counts: dict[str, int] = {}  # draws of each stream served one number at a time
        self._batches: dict[str, _Batch] = {}  # hot streams: their numbers pulled ahead

    def _release(self) -> None:
        """Put every batch's unused numbers back: each Generator is where its draws left it."""
        for batch in self._batches.values():
            batch.release()
        self._batches = {}

    def rng(self, name: str) -> np.random.Generator:
        """The Generator of stream ``name`` (as the draws so far left it)."""
        batch = self._batches.pop(name, None)
        if batch is not None:
            batch.release()
            self._counts[name] = 0
        gen = self._rngs.get(name)
        if gen is None:
            key = self._spawn_key if name == DEFAULT_STREAM else (*self._spawn_key, _stream_key(name))
            if self._pool is not None:  # (given only for an entropy served, and every key here is)
                gen = generator(self._entropy, key, self._pool)
            else:
                if name == DEFAULT_STREAM:
                    if self._root is None:
                        self._root = np.random.SeedSequence(self._entropy, spawn_key=self._spawn_key)
                    ss = self._root
                else:
                    ss = np.random.SeedSequence(self._entropy, spawn_key=key)
                gen = np.random.Generator(np.random.PCG64(ss))  # (= default_rng(ss))
            self._rngs[name] = gen
            self._raw[name] = gen.bit_generator.random_raw
        return gen

    def get_state(self) -> dict[str, Any]:
        """Every stream's Generator state (for an undo that must restore the dice too)."""
        self._release()
        return {name: gen.bit_generator.state for name, gen in self._rngs.items()}

    def set_state(self, states: dict[str, Any]) -> None:
        """Restore :meth:`get_state`; a stream first used since then starts afresh (as it would)."""
        self._rngs, self._raw, self._counts, self._batches = {}, {}, {}, {}
        for name, state in states.items():
            self.rng(name).bit_generator.state = state

    def draw(self, outcomes: Sequence[tuple[Any, float]], stream: str = DEFAULT_STREAM) -> Any:
        """One outcome of a chance node that draws from ``stream`` (one 64-bit number per draw)."""
        batch = self._batches.get(stream)
        if batch is not None:
            j = batch.pos
            if j == batch.size:
                batch = self._batches[stream] = _Batch(batch.bits, min(4 * batch.size, _BATCH), batch.universe)
            elif type(outcomes) is tuple:  # a table of equal chances seen before: its winner
                entry = batch.winners.get(id(outcomes))
                if entry is not None and entry[0] is outcomes:
                    batch.pos = j + 1
                    return outcomes[entry[1][j]][0]
            elif type(outcomes) is WeightedTable:  # (what batch.draw does first, one call less)
                batch.pos = j + 1
                return batch._weighted(outcomes, j)
            return batch.draw(outcomes)
        raw = self._raw.get(stream)
        if raw is None:
            self.rng(stream)
            raw = self._raw[stream]
        count = self._counts[stream] = self._counts.get(stream, 0) + 1
        universe = _UNIVERSES.get(stream)
        # from now on in batches (a big draw, or a table's, at once: their numbers come by the row;
        # a stream that came to batches in an earlier game, from its first draw)
        if (count > _HOT or type(outcomes) is WeightedTable or (universe is not None and universe.hot)
                or len(outcomes) >= _VECTOR_FROM):
            if universe is None:
                universe = _UNIVERSES[stream] = _Universe()
            if count > _HOT:
                universe.hot = True
            # a table's first batch holds a number for each of its rows (a deal of them all: one batch)
            size = max(_HOT, len(outcomes.table)) if type(outcomes) is WeightedTable else _HOT
            batch = self._batches[stream] = _Batch(self._rngs[stream].bit_generator, min(size, _BATCH), universe)
            return batch.draw(outcomes)
        return race(outcomes, raw())

    def sample(self, state: Any) -> Any:
        """The outcome of ``state``'s chance node, from the stream it names."""
        return self.draw(state._chance_outcomes(), state.chance_stream())
