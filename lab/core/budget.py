"""Resource budgets: the sizes a variant's parameters imply, bounded before anything is built.

A few parameters can make a game enormous from a small input (five hundred rings, a thousand
tile colours, a hand limit of thousands): a game declares the sizes that drive its memory and
time (actions it tabulates, board nodes, deck entries, the longest possible history) in
:meth:`lab.core.game.Game.budget`, computed from the parameters alone, and
:func:`check_budget` refuses a variant whose sizes pass their bounds with an
:class:`~lab.core.errors.InvalidVariant` naming the parameters and the bound. Because the check
runs inside ``Game.__init__``, every way of making a game is guarded: ``lab.load``, saved games,
run records, the command line's ``--set`` and the widgets' Load button and variant editor.

:class:`ByteBoundedCache` is a least-recently-used cache bounded by an estimate of the bytes
its values hold (not by their number), for tables shared between the variants of a session.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from lab.core.errors import InvalidVariant

MAX_ACTIONS = 10_000
"""Most distinct action codes a variant may have (``game.num_distinct_actions()``): a
legal-action mask (OpenSpiel, PettingZoo) holds one entry per code. The seed games stay far
below it; a kit definition is held to it (:meth:`lab.kit.game.KitGame.budget`)."""
MAX_PLAYERS = 64
"""Most players a kit variant may seat (the seed games' own parameters allow at most 6)."""
MAX_HISTORY = 1_000_000
"""Longest game a variant may allow, in integer codes of the compact save (one per step, chance
included; one per player at a simultaneous step): with codes under a million that save stays
under the save size limit (8 MB) by design."""


@dataclass(frozen=True)
class Budget:
    """One size a variant implies and its bound.

    Parameters
    ----------
    what : str
        What is counted, plural (``"board sectors"``, ``"history entries (longest game)"``).
    size : int
        The size the parameters imply.
    limit : int
        The largest size allowed.
    parameters : tuple of str
        The parameters that drive the size (named in the message).
    """

    what: str
    size: int
    limit: int
    parameters: tuple[str, ...]

    def message(self) -> str:
        names = ", ".join(self.parameters)
        word = "parameter" if len(self.parameters) == 1 else "parameters"
        return (
            f"variant too large: {word} {names} would make {self.size:,} {self.what}; at most "
            f"{self.limit:,} are allowed"
        )


def check_budget(budgets: Iterable[Budget]) -> None:
    """Raise :class:`InvalidVariant` for the first size past its bound."""
    for budget in budgets:
        if budget.size > budget.limit:
            raise InvalidVariant(budget.message())


class ByteBoundedCache:
    """An LRU mapping whose values' estimated sizes add up to at most ``max_bytes``.

    The most recently stored value is always kept, even alone past the bound (it is in use).
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = int(max_bytes)
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self.bytes = 0

    def get(self, key: Hashable) -> Any:
        """The value stored under ``key`` (now the most recently used), or ``None``."""
        item = self._items.get(key)
        if item is None:
            return None
        self._items.move_to_end(key)
        return item[0]

    def put(self, key: Hashable, value: Any, nbytes: int) -> None:
        """Store ``value`` (estimated at ``nbytes``), dropping the least recently used ones."""
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        self._items[key] = (value, int(nbytes))
        self.bytes += int(nbytes)
        while self.bytes > self.max_bytes and len(self._items) > 1:
            _, (_, dropped) = self._items.popitem(last=False)
            self.bytes -= dropped

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)
