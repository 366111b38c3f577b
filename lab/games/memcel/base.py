"""Memcel's state, its first layer: the fields, the event records and the kept counts.

The state machine of Memcel (RULES.md §1) is one compiled class (:mod:`lab.native`) written in
layers, each a module of its own and each a subclass of the one below, in the seed's order:
this module (:class:`MemcelStateBase`: the fields, the records of who saw what, the kept counts,
turning a tile face down, copies), :mod:`~lab.games.memcel.placement` (MC-0.1 order, MC-1
placement), :mod:`~lab.games.memcel.complications` (MC-C5: ring and board turns, swaps),
:mod:`~lab.games.memcel.hunt` (MC-2 turns and attacks, MC-3 the win),
:mod:`~lab.games.memcel.cards` (MC-C3 imprevisto cards) and :mod:`~lab.games.memcel.state`
(:class:`~lab.games.memcel.state.MemcelState`: the engine's hooks, the task queue's dispatch,
the views). A layer calls only the layers below it.

The state keeps a queue of *tasks* (who must do what next). The first task decides the node:
chance tasks (``order``, ``comp``, ``ricon``, ``rd8``, ``ad8``, ``card``) are chance nodes
sampled by the driver; the others are one player's decision. Handling a task may put new tasks
at the front (an imprevisto card asking for a swap, say). When the queue runs dry the turn is
over and the hunt layer starts the next one.

The board is kept in the table frame (see :mod:`lab.games.memcel.game`): ``tiles[slot]`` is a
kind index (``-1`` empty), ``up[slot]`` whether it is face up, ``upby[slot]`` who turned it up.
Turning a ring rotates its run of slots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from lab.core.frozen import FrozenDict
from lab.core.state import Event, State
from lab.games.memcel.tables import Tables

if TYPE_CHECKING:
    from lab.core.game import Game

COUNTERS = (
    "placements", "rolls", "declarations", "reveals", "covered", "cards", "ring_turns",
    "board_turns", "swaps", "peeks", "attacks", "defences", "misses", "full_successes",
    "imprevisto_reveals", "lost_turns", "sit_outs", "extra_turns", "void_attacks", "penalties",
)
"""Acts counted per game (metrics); ``penalties``: misses that cost turns (MC-2.1.2.2, y > 1)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class MemcelStateBase(State):
    """The fields of a Memcel game in progress and their bookkeeping (see the module docstring).
    ``self.game`` is its game (a :class:`lab.core.game.Game` whose ``tables`` are the variant's
    :class:`~lab.games.memcel.tables.Tables`, kept as ``self.t``)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        t: Tables = self.game.tables
        self.t = t
        n = t.players
        self.tiles = [-1] * t.n_slots
        self.up = [False] * t.n_slots
        self.upby = [-1] * t.n_slots
        self.offsets = [0] * t.n_rings
        self.board_angle = 0
        self.phase = "order"
        self.order: list[int] = []
        self.turn_idx = -1
        self.to_place = [list(s) for s in t.shares]
        self.rolled = [False] * n
        self.lost = [0] * n
        self.defended = [False] * n
        self.extra = 0
        self.turns = 0
        self.rounds = 0
        self.winner = -1
        self.attack: list[Any] = []  # [N, x, found, revealed slots]
        self.deck = list(t.deck_counts)
        self.rolls: dict[int, int] = {}
        self.contenders = list(range(n))
        self.order_round = 0
        self.counts = dict.fromkeys(COUNTERS, 0)
        # kept counts, updated where a tile turns (a rescan of the board per question cost more):
        self.down = 0  # face-down tiles (:meth:`face_down`)
        self.up_owned = [0] * n  # face-up tiles of each player's colour (MC-2.1.2.1)
        self.up_self = [0] * n  # of those, the ones their owner turned up (AMB-MC-4, MC-3)
        self.deck_left = sum(self.deck)  # cards in the deck (MC-C3)
        self.mark = [0] * (n + 1)  # how much of ``seen`` each viewer had when they last decided
        # records every viewer has in ``seen`` (one per public event): ``len(_events) - n_hidden``,
        # n_hidden counting the private records (a public event then costs no count)
        self.n_hidden = 0
        self.n_private = [0] * (n + 1)  # and each viewer's private ones (``len(seen[v])`` is the sum)
        self._seen: tuple[list[Event], int, list[list[dict[str, Any]]]] | None = None  # see ``seen``
        #: a resampling plan of :mod:`lab.games.memcel.information`, kept until the state changes
        #: (not copied: a clone makes its own)
        self._resample_plan: tuple[Any, dict[str, Any]] | None = None
        self.queue: list[tuple[Any, ...]] = [("order", p) for p in range(n)]

    def returns(self) -> list[float]:
        n = self.t.players
        if self.winner < 0:
            return [0.0] * n
        lose = -1.0 / (n - 1)
        return [1.0 if p == self.winner else lose for p in range(n)]

    # ================================================================== events
    def _emit(
        self, clause: str, kind: str, to: int | None = None, secret: dict[str, Any] | None = None,
        own_clause: str | None = None, **data: Any,
    ) -> None:
        """Log an event; the observers who see it find it in :attr:`seen`. (A plain public event
        is logged by ``self._record(clause, kind, data, None)`` directly: one call less.)

        ``to``: a private event of that player only. ``secret``: extra fields only the acting
        player (``data['player']``) sees, logged as a second event (kind ``<kind>_own``) visible
        to that player only, right after the public one; everyone else gets the public part.
        ``own_clause``: the clause the acting player's record names, when naming it publicly
        would tell a secret. Only counts are kept here: the records are built from the log when
        someone looks (:attr:`seen`), so a random playout pays for none.
        """
        if to is not None:
            self._record(clause, kind, data, (to,))
            self.n_private[to] += 1
            self.n_hidden += 1
            return
        self._record(clause, kind, data, None)
        if secret:
            self._record(own_clause or clause, kind + "_own", {**data, **secret}, (data.get("player", -1),))
            self.n_hidden += 1

    @property
    def seen(self) -> list[list[dict[str, Any]]]:
        """The records of the events each viewer saw, in order (index ``players``: the spectator).

        A record is ``{"clause", "kind", "step", **data}`` of an event the viewer may see; a
        public event with secret fields (see :meth:`_emit`) is one record for every viewer, the
        acting player's holding the secret fields and naming its own clause. Built from the
        event log when first asked for and extended from there (a cache: never edit it; code
        that rewrites a logged event rewrites its records too, as
        :func:`lab.games.memcel.information.resample_hidden` does). Records are shared by every
        viewer and clone and handed out only read-only (:meth:`_seen_since`); their values are
        the logged event's: scalars, tuples and FrozenLists.
        """
        events = self._events
        cache = self._seen
        if cache is None or cache[0] is not events or cache[1] > len(events):
            cache = (events, 0, [[] for _ in range(self.t.players + 1)])
        _, done, seen = cache
        for i in range(done, len(events)):
            clause, kind, data, visible_to, step = events[i]
            if visible_to is None:
                record = {"clause": clause, "kind": kind, "step": step, **data}
                for lst in seen:
                    lst.append(record)
                continue
            owner = visible_to[0]
            record = {"clause": clause, "kind": kind, "step": step, **data}
            mine = seen[owner]
            if kind.endswith("_own") and mine and mine[-1]["step"] == step and mine[-1]["kind"] + "_own" == kind:
                mine[-1] = {**mine[-1], **data, "clause": clause}  # the secret half of the last record
            else:
                mine.append(record)
        self._seen = (events, len(events), seen)
        return seen

    # ================================================================== views
    def event_log(self, player: int | None) -> list[dict[str, Any]]:
        """Every event ``player`` has seen since the start (observations carry the recent ones)."""
        return self._seen_since(self.t.players if player is None else player, 0)

    def _seen_since(self, viewer: int, start: int) -> list[dict[str, Any]]:
        """``seen[viewer][start:]`` as read-only copies, made for this call only: random playouts,
        which never look, pay nothing, and ``seen`` keeps one record per event, shared by every
        seat, rather than a long-lived copy per seat (which cost an agent that looks more in
        garbage collection than in copying). Memcel logs scalars, tuples and read-only lists
        only (``tests/games/test_memcel_events.py``), so a shallow read-only copy is a deep one."""
        return [FrozenDict(r) for r in self.seen[viewer][start:]]

    def public_slots(self) -> list[str | None]:
        """:meth:`public_tile` of every slot."""
        kinds = self.t.kinds
        return [None if k < 0 else (kinds[k] if u else "down") for k, u in zip(self.tiles, self.up, strict=True)]

    def public_tile(self, slot: int) -> str | None:
        """What anyone sees at ``slot``: ``None`` (empty), ``"down"`` or a face-up tile's kind."""
        k = self.tiles[slot]
        if k < 0:
            return None
        return self.t.kinds[k] if self.up[slot] else "down"

    # ================================================================== kept counts
    def face_down(self) -> int:
        """How many tiles lie face down (a kept count)."""
        return self.down

    def _turn_down(self, slot: int) -> None:
        """Turn the face-up tile at ``slot`` face down (the kept counts follow)."""
        o = self.t.owner_of_kind[self.tiles[slot]]
        if o >= 0:
            self.up_owned[o] -= 1
            if self.upby[slot] == o:
                self.up_self[o] -= 1
        self.up[slot] = False
        self.upby[slot] = -1
        self.down += 1

    def own_face_up(self, p: int) -> int:
        """Player ``p``'s tiles that are face up and count for them (AMB-MC-4): a kept count."""
        return (self.up_owned if self.t.others_count else self.up_self)[p]

    def face_up_counts(self) -> list[int]:
        """:meth:`own_face_up` for every player."""
        return list(self.up_owned if self.t.others_count else self.up_self)

    def recount(self) -> dict[str, Any]:
        """The kept counts computed afresh from the board and deck (what they must equal)."""
        t = self.t
        owner = t.owner_of_kind
        up_owned, up_self = [0] * t.players, [0] * t.players
        for k, u, by in zip(self.tiles, self.up, self.upby, strict=True):
            if u and owner[k] >= 0:
                up_owned[owner[k]] += 1
                up_self[owner[k]] += by == owner[k]
        down = sum(1 for k, u in zip(self.tiles, self.up, strict=True) if k >= 0 and not u)
        return {"down": down, "up_owned": up_owned, "up_self": up_self, "deck_left": sum(self.deck)}

    def kept_counts(self) -> dict[str, Any]:
        """The kept counts as they stand (:meth:`recount` gives what they must be)."""
        return {"down": self.down, "up_owned": list(self.up_owned), "up_self": list(self.up_self),
                "deck_left": self.deck_left}

    # ================================================================== copies
    def full_state(self) -> dict[str, Any]:
        return {
            "tiles": list(self.tiles), "up": list(self.up), "upby": list(self.upby),
            "offsets": list(self.offsets), "board_angle": self.board_angle, "phase": self.phase,
            "order": list(self.order), "turn_idx": self.turn_idx,
            "to_place": [list(x) for x in self.to_place], "rolled": list(self.rolled),
            "lost": list(self.lost), "defended": list(self.defended), "extra": self.extra,
            "turns": self.turns, "rounds": self.rounds, "winner": self.winner,
            "stopped_by": self.stopped_by,
            "attack": [*self.attack[:3], list(self.attack[3])] if self.attack else [],
            "deck": list(self.deck), "rolls": {str(k): v for k, v in self.rolls.items()},
            "contenders": list(self.contenders), "order_round": self.order_round,
            "counts": dict(self.counts), "queue": [list(q) for q in self.queue],
            "mark": list(self.mark),
        }  # ``seen`` (the observers' event lists) is a cache of the history and is left out

    def clone(self) -> MemcelStateBase:
        cls = type(self)  # a subclass keeps its class on clone
        new = cls.__new__(cls)
        new.game = self.game
        new._frozen_to = self._frozen_to
        new.t = self.t
        new._history = list(self._history)
        new._events = list(self._events)
        new.tiles = list(self.tiles)
        new.up = list(self.up)
        new.upby = list(self.upby)
        new.offsets = list(self.offsets)
        new.board_angle = self.board_angle
        new.phase = self.phase
        new.order = list(self.order)
        new.turn_idx = self.turn_idx
        new.to_place = [list(x) for x in self.to_place]
        new.rolled = list(self.rolled)
        new.lost = list(self.lost)
        new.defended = list(self.defended)
        new.extra = self.extra
        new.turns = self.turns
        new.rounds = self.rounds
        new.winner = self.winner
        new.stopped_by = self.stopped_by
        new.attack = [*self.attack[:3], list(self.attack[3])] if self.attack else []
        new.deck = list(self.deck)
        new.up_owned = list(self.up_owned)
        new.up_self = list(self.up_self)
        new.rolls = dict(self.rolls)
        new.contenders = list(self.contenders)
        new.order_round = self.order_round
        new.counts = dict(self.counts)
        seen = self._seen
        new._seen = None if seen is None else (new._events, seen[1], [list(v) for v in seen[2]])
        new.down = self.down
        new.deck_left = self.deck_left
        new.n_hidden = self.n_hidden
        new.n_private = list(self.n_private)
        new._resample_plan = None
        new.mark = list(self.mark)
        new.queue = list(self.queue)
        return new
