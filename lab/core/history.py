"""What a state's history and event log are made of: the special seats (chance, simultaneous,
terminal), :class:`HistoryItem` (who did what) and :class:`Event` (what a rule did, with its clause).

The bottom of the state machinery: every module that reads a history (the state, the save
format, the checkpoint that rebuilds a state) imports these from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

PLAYER_NAMES = {CHANCE: "chance", SIMULTANEOUS: "simultaneous", TERMINAL: "terminal"}


class Event(NamedTuple):
    """One thing that happened, tagged with the clause ID of the rule that fired.

    ``visible_to`` is ``None`` for a public event, else the tuple of players who may see it.
    ``step`` is the length of the history when the event was logged. ``data`` is read-only in
    every event a state hands out (a :class:`~lab.core.frozen.FrozenDict` of frozen values, see
    :meth:`State.log`).
    """

    clause: str
    kind: str
    data: Mapping[str, Any]
    visible_to: tuple[int, ...] | None
    step: int

    def to_json(self) -> dict[str, Any]:
        """The event as one flat JSON dict: ``clause``, ``kind``, ``step`` and its data."""
        return {"clause": self.clause, "kind": self.kind, "step": self.step, **self.data}


class HistoryItem(NamedTuple):
    """One entry of a state's history: who acted and what they did.

    At a simultaneous node ``player`` is ``SIMULTANEOUS`` and ``action`` is a tuple holding one
    action (or ``None``) per player.
    """

    player: int
    action: Any

    def to_json(self) -> list[Any]:
        """``[player, action]`` as JSON (``[SIMULTANEOUS, [one action or None per seat]]``)."""
        if self.player == SIMULTANEOUS:
            return [self.player, [None if a is None else a.to_json() for a in self.action]]
        return [self.player, self.action.to_json()]


# ``tuple.__new__(HistoryItem, (player, action))`` builds the same item as ``HistoryItem(player,
# action)`` without a Python-level ``__new__`` call (the appliers' hot path).
_new_item = tuple.__new__
