"""Memcel's state machine (RULES.md §1): set-up, placement, complications, the hunt, the cards.

The state keeps a queue of *tasks* (who must do what next). The first task decides the node:
chance tasks (``order``, ``comp``, ``ricon``, ``rd8``, ``ad8``, ``card``) are chance nodes
sampled by the driver; the others are one player's decision. Handling a task may put new tasks
at the front (an imprevisto card asking for a swap, say). When the queue runs dry the turn is
over and :meth:`MemcelState._next_turn` starts the next one.

The board is kept in the table frame (see :mod:`lab.games.memcel.rules`): ``tiles[slot]`` is a
kind index (``-1`` empty), ``up[slot]`` whether it is face up, ``upby[slot]`` who turned it up.
Turning a ring rotates its run of slots.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress, islice, repeat
from operator import eq
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from lab.core.actions import Action
from lab.core.chance import WeightedTable
from lab.core.errors import RuleError
from lab.core.frozen import FrozenDict, FrozenList
from lab.core.state import CHANCE, TERMINAL, Event, State
from lab.games.memcel import components as C
from lab.games.memcel.rules import ORDER_ROLL_ROUNDS

if TYPE_CHECKING:
    from lab.games.memcel.rules import MemcelGame

_EMPTY = -1  # ``tiles[slot]`` of an empty slot (else a kind index, >= 0)
_FLIP = bytes.maketrans(b"\0\1", b"\1\0")  # ``bytes(up).translate(_FLIP)``: 1 where face down
CHANCE_TASKS = frozenset(("order", "comp", "ricon", "rd8", "ad8", "card"))
TASKS = (*sorted(CHANCE_TASKS), "place", "declare", "x", "reveal", "swap1", "swap2", "peek", "cover")
"""Every kind of task; ``MemcelState._do_<kind>`` handles it."""
COUNTERS = (
    "placements", "rolls", "declarations", "reveals", "covered", "cards", "ring_turns",
    "board_turns", "swaps", "peeks", "attacks", "defences", "misses", "full_successes",
    "imprevisto_reveals", "lost_turns", "sit_outs", "extra_turns", "void_attacks", "penalties",
)
"""Acts counted per game (metrics); ``penalties``: misses that cost turns (MC-2.1.2.2, y > 1)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class MemcelState(State):
    """One Memcel game in progress. See the module docstring. Compiled with the engine
    (:mod:`lab.native`); ``self.game`` is its :class:`MemcelGame`."""

    def __init__(self, game: MemcelGame) -> None:
        super().__init__(game)
        t = game.tables
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

    # ================================================================== engine hooks
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        task = self.queue[0]
        return CHANCE if task[0] in CHANCE_TASKS else task[1]

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        t = self.t
        table = t.dice.get(self.queue[0][0])  # a die (d8 or icon): its table, built once
        if table is not None:
            return table
        # a card (MC-C3): the cards left, each effect by its count, ``total = deck_left``
        return WeightedTable(t.card_table, self.deck[:], self.deck_left)

    def chance_stream(self) -> str:
        """Each use of a die (order, ring d8, attack d8, icon dice) has its own stream; cards theirs."""
        kind = self.queue[0][0]
        return kind if kind in self.t.dice else "deck"

    def _legal_actions(self, player: int) -> list[Action]:
        t = self.t
        task = self.queue[0]
        kind = task[0]
        if kind == "declare":
            if not self.game.rules.may_defend(self.defended[player]):  # MC-2.2.1 rule point
                return [t.attack]
            return [t.attack, *t.defend.values()]
        if kind == "reveal":
            return self._face_down(t.reveal)
        if kind == "x":
            return list(t.xs[:len(self._x_range())])  # x = 1, 2, ... (xs[0] is x = 1)
        if kind == "place":
            empty = [k < 0 for k in self.tiles]
            out: list[Action] = []
            for k, n in enumerate(self.to_place[player]):
                if n > 0:
                    out += compress(t.place[k], empty)
            return out
        if kind == "swap1":
            if _EMPTY not in self.tiles:  # every slot holds a tile (the hunt)
                return list(t.swap)
            return [a for a, k in zip(t.swap, self.tiles, strict=True) if k >= 0]
        if kind == "swap2":
            if _EMPTY not in self.tiles:
                out = list(t.swap)
                del out[task[2]]  # the first tile picked
                return out
            first = t.swap[task[2]]
            return [a for a, k in zip(t.swap, self.tiles, strict=True) if k >= 0 and a is not first]
        if kind == "peek":
            return self._face_down(t.peek)
        if kind == "cover":
            return list(compress(t.cover, self.up))
        return []

    def _pick_action(self, player: int, pick: Callable[[int], int]) -> Action | None:
        """``legal[pick(len(legal))]`` of :meth:`_legal_actions`, building only that action: a
        choice of slot is the i-th slot of a row of flags, in slot order, as the list has them.
        From the list when ``_legal_actions`` is not this class's own (a test replaced it)."""
        if type(self)._legal_actions is not _OWN_LEGAL:
            return super()._pick_action(player, pick)
        t = self.t
        task = self.queue[0]
        kind = task[0]
        if kind == "declare":
            may_defend = self.game.rules.may_defend(self.defended[player])  # MC-2.2.1 rule point
            legal = t.declare_all if may_defend else t.attack_only
            return legal[pick(len(legal))]
        if kind == "x":
            n = len(self._x_range())
            return t.xs[pick(n)] if n else None
        flags: bytes | list[bool]
        if kind == "reveal" or kind == "peek":  # the face-down tiles (the hunt: see _face_down)
            actions, flags, n = t.reveal if kind == "reveal" else t.peek, bytes(self.up).translate(_FLIP), self.down
        elif kind == "cover":
            actions, flags, n = t.cover, self.up, self.up.count(True)
        elif kind == "place":
            tiles = self.tiles
            kinds = [k for k, left in enumerate(self.to_place[player]) if left > 0]
            n_empty = tiles.count(_EMPTY)  # (a slot holds _EMPTY or a kind >= 0: k < 0 is k == _EMPTY)
            if not kinds or not n_empty:
                return None
            i = pick(len(kinds) * n_empty)  # kind by kind, each over the empty slots
            empty = map(eq, tiles, repeat(_EMPTY))  # the flags k < 0, in C
            return next(islice(compress(t.place[kinds[i // n_empty]], empty), i % n_empty, None))
        elif (kind == "swap1" or kind == "swap2") and self.phase == "hunt":  # every slot holds a tile
            i = pick(t.n_slots - (kind == "swap2"))
            if kind == "swap2" and i >= task[2]:  # the first tile picked is not a choice
                i += 1
            return t.swap[i]
        else:
            return super()._pick_action(player, pick)
        return next(islice(compress(actions, flags), pick(n), None)) if n else None

    def _face_down(self, actions: list[Action]) -> list[Action]:
        """``actions[slot]`` of every face-down tile's slot, in slot order: the reveal and peek
        choices. Only the hunt asks for them (MC-2.1.2; a peek card is drawn in the hunt only,
        AMB-MC-8), when every sector holds a tile (as many sectors as tiles, AMB-MC-1, all placed
        first, MC-1), so every slot not face up holds a face-down tile."""
        return list(compress(actions, bytes(self.up).translate(_FLIP)))  # C-level: not up

    def _apply_action(self, action: Action) -> None:
        task = self.queue.pop(0)
        kind = task[0]
        if kind not in CHANCE_TASKS:  # the decider has now seen everything so far
            p = task[1]
            mark, public = self.mark, len(self._events) - self.n_hidden
            mark[p] = public + self.n_private[p]
            mark[-1] = public
        handlers = _HANDLERS.get(type(self))
        if handlers is None:  # (the first action of a class: a subclass's own handlers included)
            handlers = _HANDLERS[type(self)] = _handlers_of(type(self))
        handlers[kind](self, task, action)
        if not self.queue:
            phase = self.phase
            if phase == "hunt":  # (what _next_turn does in the hunt)
                self._next_hunt_turn()
            elif phase != "over":
                self._next_turn()

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

    # ================================================================== set-up (MC-0.1)
    def _do_order(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        v: int = action.args[0]  # type: ignore[assignment]  # (an order roll)
        self.counts["rolls"] += 1
        self.rolls[p] = v
        self._record("MC-0.1", "order_roll", {"player": p, "value": v}, None)
        if any(q not in self.rolls for q in self.contenders):
            return
        best = max(self.rolls[q] for q in self.contenders)
        tied = [q for q in self.contenders if self.rolls[q] == best]
        if len(tied) > 1 and self.order_round < ORDER_ROLL_ROUNDS - 1:
            self.order_round += 1
            self.contenders = tied
            self.rolls = {}
            self.queue = [("order", q) for q in tied]
            self._record("MC-0.1", "order_tie", {"players": FrozenList(tied)}, None)
            return
        first = min(tied)
        n = self.t.players
        self.order = [(first + i) % n for i in range(n)]  # clockwise from the highest roll
        self._record("MC-0.1", "turn_order", {"order": FrozenList(self.order)}, None)
        shares = FrozenList(FrozenList(s) for s in self.t.shares)
        self._record("MC-0.2", "tiles_shared", {"shares": shares, "kinds": FrozenList(self.t.kinds)}, None)
        self.phase = "place"
        self.turn_idx = -1

    # ================================================================== turns
    def _next_turn(self) -> None:
        if self.phase == "place" and self._next_placement_turn():
            return
        self._next_hunt_turn()

    def _next_placement_turn(self) -> bool:
        """The next placement turn (MC-1); ``False`` when every tile is placed and every
        complication rolled: the hunt starts (MC-2.0)."""
        n = self.t.players
        while True:
            if all(self.rolled) and not any(map(any, self.to_place)):
                self.phase = "hunt"  # MC-2.0 play restarts from the first player
                self.turn_idx = -1
                self.extra = 0
                self._record("MC-2.0", "hunt_starts", {"first": self.order[0]}, None)
                return False
            self.turn_idx = (self.turn_idx + 1) % n
            p = self.order[self.turn_idx]
            left = sum(self.to_place[p])
            if left:  # MC-1.1 two tiles per turn
                self.queue = [("place", p)] * min(2, left)
                return True
            if not self.rolled[p]:  # MC-1.3 complication once all own tiles are placed
                self.rolled[p] = True
                self.queue = [("comp", p, "MC-1.3")]
                return True

    def _next_hunt_turn(self) -> None:
        """The next hunt turn (MC-2): an extra turn, else the next player's; sat out (MC-2.1.2.2)
        or stopped by the lab's turn limit."""
        t = self.t
        n, order, lost, defended = t.players, self.order, self.lost, self.defended
        limit, turn_limit_reached = t.max_turns, self.game.rules.turn_limit_reached
        record, counts, clears = self._record, self.counts, t.sitout_clears
        while True:
            if self.extra > 0:
                self.extra -= 1
                p = order[self.turn_idx]
                record("MC-2.0", "extra_turn_starts", {"player": p}, None)
            else:
                idx = self.turn_idx = (self.turn_idx + 1) % n
                if idx == 0:
                    self.rounds += 1
                p = order[idx]
            turns = self.turns
            if turn_limit_reached(turns, limit):  # MC-3:max_turns rule point
                self._stop(limit)
                return
            self.turns = turns + 1
            left = lost[p]
            if left > 0:  # MC-2.1.2.2 sit out
                left = lost[p] = left - 1
                counts["sit_outs"] += 1
                if clears:  # AMB-MC-9
                    defended[p] = False
                record("MC-2.1.2.2", "sits_out", {"player": p, "left": left}, None)
                continue
            self.attack = []
            self.queue = [t.declare_task[p]]  # ("declare", p), built once
            return

    def _stop(self, limit: int) -> None:
        """The lab's safety bound (not a seed rule): the game ends unfinished, no winner, no draw."""
        self.phase = "over"
        self.queue = []
        self.stop_unfinished("MC-3:max_turns", f"max_turns={limit}", turns=self.turns)

    # ================================================================== placement (MC-1)
    def _do_place(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        kind: str = action.args[0]  # type: ignore[assignment]  # place(kind, slot)
        slot: int = action.args[1]  # type: ignore[assignment]
        k = self.t.kind_index[kind]
        self.tiles[slot] = k
        self.down += 1
        self.to_place[p][k] -= 1
        self.counts["placements"] += 1
        clause = "MC-1.1" if self.t.owner_of_kind[k] == p else "MC-1.2"
        # the public record says MC-1.1 for every tile: MC-1.2 would tell the table that the
        # face-down tile is an imprevisto or an absent player's; only the placer's record names it
        self._emit("MC-1.1", "place", secret={"tile": kind}, own_clause=clause, player=p, slot=slot)

    # ================================================================== dice and complications
    def _do_comp(self, task: tuple[Any, ...], action: Action) -> None:
        """MC-C5 complication (inner circle of the icon die), for MC-1.3 or MC-2.2."""
        p, why = task[1], task[2]
        f: int = action.args[0]  # type: ignore[assignment]  # (an icon die face)
        face = self.t.icon_faces[f]
        self.counts["rolls"] += 1
        comp = face["complication"]
        self._record(why, "complication", {"player": p, "face": f, "complication": comp}, None)
        if comp == "board":
            self._turn_board(1 if face["dir"] == "cw" else -1, "MC-C5")
        elif comp == "swap":
            self._queue_swap(p, "MC-C5")
        else:
            self.queue.insert(0, ("ricon", p))

    def _do_ricon(self, task: tuple[Any, ...], action: Action) -> None:
        """MC-C5 white: re-roll the icon die for the ring and direction, then the d8."""
        p = task[1]
        f: int = action.args[0]  # type: ignore[assignment]  # (an icon die face)
        face = self.t.icon_faces[f]
        self.counts["rolls"] += 1
        ring = self.t.ring_names.index(face["ring"])
        sign = 1 if face["dir"] == "cw" else -1
        self._record("MC-C5", "reroll_icon", {"player": p, "face": f, "ring": face["ring"], "dir": face["dir"]}, None)
        self.queue.insert(0, ("rd8", p, ring, sign))

    def _do_rd8(self, task: tuple[Any, ...], action: Action) -> None:
        p, ring, sign = task[1], task[2], task[3]
        v: int = action.args[0]  # type: ignore[assignment]  # (a d8)
        self.counts["rolls"] += 1
        self._record("MC-C5", "reroll_d8", {"player": p, "value": v}, None)
        self._turn_ring(ring, sign * v * self.t.ring_step, "MC-C5")

    def _queue_swap(self, p: int, clause: str) -> None:
        if len(self.tiles) - self.tiles.count(-1) >= 2:
            self.queue.insert(0, ("swap1", p, clause))
        else:
            self._record(clause, "swap_impossible", {"player": p}, None)

    def _do_swap1(self, task: tuple[Any, ...], action: Action) -> None:
        self.queue.insert(0, ("swap2", task[1], action.args[0], task[2]))

    def _do_swap2(self, task: tuple[Any, ...], action: Action) -> None:
        p, a, clause = task[1], task[2], task[3]
        b: int = action.args[0]  # type: ignore[assignment]  # (a slot)
        arrays: tuple[list[Any], ...] = (self.tiles, self.up, self.upby)
        for arr in arrays:
            arr[a], arr[b] = arr[b], arr[a]
        self.counts["swaps"] += 1
        self._record(clause, "swap", {"player": p, "a": a, "b": b}, None)

    def _turn_ring(self, ring: int, steps: int, clause: str) -> None:
        """Turn ``ring`` ``steps`` sectors clockwise (negative: counter-clockwise)."""
        t = self.t
        n = t.sizes[ring]
        self.offsets[ring] = (self.offsets[ring] + steps) % n
        self._rotate_slots(ring, steps)
        self.counts["ring_turns"] += 1
        self._record(clause, "ring_turn", {"ring": ring, "steps": steps}, None)

    def _rotate_slots(self, ring: int, steps: int) -> None:
        rotate_slots(self.t, ring, steps, self.tiles, self.up, self.upby)

    def _turn_board(self, sign: int, clause: str) -> None:
        """Whole-board turn ("giro della morte", AMB-MC-6): every ring moves in the table frame."""
        t = self.t
        old = self.board_angle
        new = old + sign * t.board_degrees
        shifts = []
        for r, n in enumerate(t.sizes):
            k = (new * n // 360 - old * n // 360) % n
            shifts.append(k)
            self._rotate_slots(r, k)
        self.board_angle = new % 360
        self.counts["board_turns"] += 1
        shifts_ = FrozenList(shifts)
        self._record(clause, "board_turn", {"degrees": sign * t.board_degrees, "shifts": shifts_}, None)

    # ================================================================== the hunt (MC-2)
    def _do_declare(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        self.counts["declarations"] += 1
        if action.kind == "attack":
            self.defended[p] = False
            self.counts["attacks"] += 1
            self._record("MC-2.0", "attack", {"player": p}, None)
            self.queue.insert(0, ("ad8", p))
            return
        option = action.args[0]  # MC-2.2 defence
        self.defended[p] = True
        self.counts["defences"] += 1
        self._record("MC-2.2", "defence", {"player": p, "option": option}, None)
        if option == "complication":
            self.queue.insert(0, ("comp", p, "MC-2.2"))
        elif option == "card":
            self.queue.insert(0, ("card", p, "MC-2.2"))

    def _x_range(self) -> range:
        n_roll = self.attack[0]
        hi = self.game.rules.reveal_limit(n_roll, self.t.strict)  # MC-2.1.1 rule point (AMB-MC-2)
        if hi > C.D8_SIDES:  # only a house rule can: x is declared by choose_x, 1..8
            msg = (
                f"rule point MC-2.1.1 (reveal_limit) allowed x up to {hi} after a roll of {n_roll}; "
                f"x is declared with choose_x, which takes 1 to {C.D8_SIDES}: return at most {C.D8_SIDES}"
            )
            raise RuleError(msg, rule="MC-2.1.1", clause="MC-2.1.1")
        return range(1, min(hi, self.down) + 1)

    def face_down(self) -> int:
        """How many tiles lie face down (a kept count)."""
        return self.down

    def _do_ad8(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        v: int = action.args[0]  # type: ignore[assignment]  # (a d8)
        self.counts["rolls"] += 1
        self.attack = [v, 0, 0, []]
        self._record("MC-2.1.1", "attack_roll", {"player": p, "value": v}, None)
        if len(self._x_range()) == 0:
            self.counts["void_attacks"] += 1
            self._record("MC-2.1.1", "no_attack_possible", {"player": p, "value": v}, None)
            if self.t.void_card:  # MC-2.1.3 read as every turn's end
                self._end_attack(p, success=False)
            return
        self.queue.insert(0, ("x", p))

    def _do_x(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        x: int = action.args[0]  # type: ignore[assignment]  # (choose_x)
        self.counts["declarations"] += 1
        self.attack[1] = x
        self._record("MC-2.1.1", "declare_x", {"player": p, "x": x, "roll": self.attack[0]}, None)
        self.queue.insert(0, ("reveal", p))

    def _do_reveal(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        slot: int = action.args[0]  # type: ignore[assignment]  # (reveal)
        t = self.t
        k = self.tiles[slot]
        self.up[slot] = True
        self.upby[slot] = p
        self.down -= 1
        owner = t.owner_of_kind[k]
        if owner >= 0:
            self.up_owned[owner] += 1
            if owner == p:
                self.up_self[p] += 1
        self.attack[3].append(slot)
        self.counts["reveals"] += 1
        x, found = self.attack[1], self.attack[2]
        self._record("MC-2.1.2", "reveal", {"player": p, "slot": slot, "tile": t.kinds[k]}, None)
        if owner == p:
            found += 1
            self.attack[2] = found
            if self._check_win(p):
                return
            if found == x:  # MC-2.1.2.0 all x found: the tiles stay face up
                self.counts["full_successes"] += 1
                self._record("MC-2.1.2.0", "full_success", {"player": p, "x": x}, None)
                self._end_attack(p, success=True)
            else:
                self.queue.insert(0, ("reveal", p))
            return
        y = x - found
        self.counts["misses"] += 1
        self._cover_own(p)
        if k == t.imp:  # MC-2.1.2.3 imprevisto: cover it again and draw a card now
            self._turn_down(slot)
            self.counts["imprevisto_reveals"] += 1
            self._record("MC-2.1.2.3", "imprevisto_revealed", {"player": p, "slot": slot, "y": y}, None)
            self.queue.insert(0, ("card", p, "MC-2.1.2.3"))
        else:  # MC-2.1.2.1 / MC-2.1.2.2 the wrong tile stays face up
            clause = "MC-2.1.2.1" if y == 1 else "MC-2.1.2.2"
            self._record(clause, "miss", {"player": p, "slot": slot, "found": found, "x": x, "y": y}, None)
        lost = self.game.rules.lost_turns(x, found)  # MC-2.1.2.2 rule point
        if lost > 0:  # MC-2.1.2.2 (also with an imprevisto, MC-2.1.2.3) sit out y turns
            self.lost[p] += lost
            self.counts["lost_turns"] += lost
            self.counts["penalties"] += 1
            self._record("MC-2.1.2.2", "lost_turns", {"player": p, "turns": lost}, None)
        if owner >= 0 and k != t.imp and self._check_win(owner):  # AMB-MC-4
            return
        if k == t.imp and t.imprevisto_cards == 1:
            return  # MC-2.1.2.3 the imprevisto card is the turn's card (no MC-2.1.3 card)
        self._end_attack(p, success=False)

    def _cover_own(self, p: int) -> None:
        """MC-2.1.2.1 cover own tiles again: all face-up ones, or this turn's (AMB-MC-3)."""
        t = self.t
        if self.up_owned[p]:
            up, tiles = self.up, self.tiles
            # the face-up slots whose tile is p's colour, i.e. ``owner_of_kind[tiles[s]] == p``
            # (kind ``own_kind[p]`` is the only kind p owns), found in C: slot order kept
            mine = t.own_kind[p]
            own = list(compress(compress(t.slots, up), map(eq, compress(tiles, up), repeat(mine))))
            this_turn = [s for s in self.attack[3] if up[s] and tiles[s] == mine]
        else:  # no tile of p's colour face up (a kept count): no board scan
            own, this_turn = [], []
        chosen = self.game.rules.tiles_to_cover(own, this_turn, t.cover_scope)
        if chosen == own:  # (the 'all' reading) the loop below would keep exactly ``own``
            slots = own
        else:
            own_set, slots = set(own), []
            for s in chosen:  # a house rule can only cover own face-up tiles, each once
                if s in own_set and s not in slots:
                    slots.append(s)
        if slots:  # ``_turn_down(s)`` for each: every one is p's own face-up tile
            up, upby, up_self = self.up, self.upby, self.up_self
            for s in slots:
                if upby[s] == p:
                    up_self[p] -= 1
                up[s] = False
                upby[s] = -1
            self.up_owned[p] -= len(slots)
            self.down += len(slots)
        self.counts["covered"] += len(slots)
        self._record("MC-2.1.2.1", "cover_own", {"player": p, "slots": FrozenList(slots)}, None)

    def _end_attack(self, p: int, success: bool) -> None:
        """MC-2.1.3 end of turn: draw an imprevisto card (after a full success: AMB-MC-5)."""
        if success and not self.t.card_after_success:
            return
        self.queue.append(("card", p, "MC-2.1.3"))

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

    def _check_win(self, p: int) -> bool:
        """MC-3: the first player with all own tiles face up wins."""
        t = self.t
        face_up = (self.up_owned if t.others_count else self.up_self)[p]  # own_face_up(p)
        if not self.game.rules.has_won(face_up, t.kind_counts[p]):  # MC-3 rule point
            return False
        self.winner = p
        self.phase = "over"
        self.queue = []
        self._record("MC-3", "win", {"player": p}, None)
        return True

    # ================================================================== imprevisto cards
    def _do_card(self, task: tuple[Any, ...], action: Action) -> None:
        p, why = task[1], task[2]
        t = self.t
        effect: str = action.args[0]  # type: ignore[assignment]  # (a card)
        e = t.effect_index[effect]
        self.deck[e] -= 1
        left = self.deck_left = self.deck_left - 1
        self.counts["cards"] += 1
        self._record(why, "card", {"player": p, "effect": effect}, None)
        if not left:
            self.deck = list(t.deck_counts)
            self.deck_left = sum(self.deck)
            self._record("MC-C3", "deck_reshuffled", {}, None)
        kind, ring, k = t.card_effects[e]  # parsed_effects[e], the ring as its index, k in sectors
        if kind == "turn_ring":
            self._turn_ring(ring, k, "AMB-MC-8")  # type: ignore[arg-type]  # (a turn_ring's ring: its index)
        elif kind == "turn_board":
            self._turn_board(k, "AMB-MC-8")
        elif kind == "swap":
            self._queue_swap(p, "AMB-MC-8")
        elif kind == "lose_turn":
            self.lost[p] += 1
            self.counts["lost_turns"] += 1
            self._record("AMB-MC-8", "lost_turns", {"player": p, "turns": 1}, None)
        elif kind == "extra_turn":
            self.extra += 1
            self.counts["extra_turns"] += 1
        elif kind == "peek":
            if self.down:  # a face-down tile to look at
                self.queue.insert(0, ("peek", p))
        elif kind == "cover" and any(self.up):
            self.queue.insert(0, ("cover", p))

    def _do_peek(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        slot: int = action.args[0]  # type: ignore[assignment]  # (peek)
        self.counts["peeks"] += 1
        self._record("AMB-MC-8", "peek", {"player": p, "slot": slot}, None)
        self._emit("AMB-MC-8", "peeked", to=p, player=p, slot=slot,
                   tile=self.t.kinds[self.tiles[slot]])

    def _do_cover(self, task: tuple[Any, ...], action: Action) -> None:
        p = task[1]
        slot: int = action.args[0]  # type: ignore[assignment]  # (cover)
        self._turn_down(slot)
        self.counts["covered"] += 1
        self._record("AMB-MC-8", "cover_card", {"player": p, "slot": slot}, None)

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

    def pending(self) -> dict[str, Any]:
        """The public part of what is being decided now."""
        if not self.queue:
            return {}
        task = self.queue[0]
        out: dict[str, Any] = {"task": task[0]}
        if task[0] in ("x", "reveal") or (task[0] == "card" and self.attack):
            out.update(roll=self.attack[0], x=self.attack[1], found=self.attack[2])
        if task[0] == "swap2":
            out["swap_first"] = task[2]
        if task[0] == "card":
            out["reason"] = task[2]
        return out

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know: the public board, own tiles to place, recent events.

        ``events`` are the events the viewer saw since their previous decision (a player's own
        placements with the tile, public reveals, turns, swaps, their private peeks);
        ``events_start`` is the index of the first of them in the viewer's whole log
        (:meth:`event_log`), so an agent that acts at every decision sees every event once.
        """
        t = self.t
        n = t.players
        cur = self.current_player()
        obs: dict[str, Any] = {
            "viewer": player,
            "phase": self.phase,
            "to_act": cur,
            "pending": self.pending(),
            "turn_order": list(self.order),
            "colours": t.colours[:n],
            "rings": [
                {"colour": t.ring_names[r], "sectors": t.sizes[r], "fixed": t.fixed[r],
                 "first_slot": t.first[r], "offset": self.offsets[r]}
                for r in range(t.n_rings)
            ],
            "board_angle": self.board_angle,
            "slots": self.public_slots(),
            "left_to_place": [sum(tp) for tp in self.to_place],
            "own_tiles": t.kind_counts[:n],
            "own_face_up": self.face_up_counts(),
            "lost_turns": list(self.lost),
            "defended_last_turn": list(self.defended),
            "deck_left": sum(self.deck),
            "turns": self.turns,
            "rounds": self.rounds,
        }
        v = n if player is None else player
        obs["events_start"] = self.mark[v]
        obs["events"] = self._seen_since(v, self.mark[v])
        if player is not None:
            obs["my_colour"] = t.colours[player]
            obs["my_tiles_to_place"] = {
                k: c for k, c in zip(t.kinds, self.to_place[player], strict=True) if c
            }
        return obs

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

    def resample_hidden(self, player: int, rng: Any) -> MemcelState:
        """Unseen face-down tiles redrawn (see :mod:`lab.games.memcel.information`)."""
        from lab.games.memcel.information import resample_hidden

        return resample_hidden(self, player, rng)

    def clone(self) -> MemcelState:
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

    # ================================================================== explanations, measures
    def explain_illegal(self, player: int, action: Action) -> str | None:
        if self.phase == "over" or not self.queue:
            return None
        task = self.queue[0][0]
        t = self.t
        expect = {
            "place": "place one of your tiles face down on an empty sector (MC-1.1)",
            "declare": "declare attack or a defence (MC-2.0)",
            "x": "choose x, the number of tiles to reveal (MC-2.1.1)",
            "reveal": "reveal a face-down tile (MC-2.1.2)",
            "swap1": "pick the first of two tiles to swap (MC-C5)",
            "swap2": "pick the second tile to swap, another occupied sector (MC-C5)",
            "peek": "pick a face-down tile to look at (card)",
            "cover": "pick a face-up tile to turn back down (card)",
        }[task]
        if task == "declare" and action.kind == "defend" and not self.game.rules.may_defend(self.defended[player]):
            return "defence may not be chosen two turns in a row (MC-2.2.1); attack"
        if task == "x" and action.kind == "choose_x":
            rng = self._x_range()
            rule = "x < N" if t.strict else "x <= N"
            return (f"x must be 1..{rng.stop - 1} ({rule} for a roll of N = {self.attack[0]}, "
                    "AMB-MC-2, and at most the face-down tiles)")
        if task == "place" and action.kind == "place":
            kind: str = action.args[0]  # type: ignore[assignment]  # place(kind, slot)
            slot: int = action.args[1]  # type: ignore[assignment]
            if self.tiles[slot] >= 0:
                return f"slot {slot} is already covered; place on an empty sector (MC-1.1)"
            if self.to_place[player][t.kinds.index(kind)] == 0:
                return f"you have no {kind} tile left to place (MC-0.2, MC-0.3)"
        if task == "reveal" and action.kind == "reveal":
            at: int = action.args[0]  # type: ignore[assignment]  # (reveal(slot))
            if self.tiles[at] < 0 or self.up[at]:
                return f"slot {at} holds no face-down tile (MC-2.1.2)"
        return f"now you must {expect}"

    def progress(self) -> list[float]:
        """Own tiles face up per player, as a fraction of the player's tiles (MC-3)."""
        counts = self.face_up_counts()
        return [c / self.t.kind_counts[p] for p, c in enumerate(counts)]

    def metrics(self) -> dict[str, float]:
        out: dict[str, float] = {k: float(v) for k, v in self.counts.items()}
        out["turns"] = float(self.turns)
        out["rounds"] = float(self.rounds)
        return out

    def estimated_minutes(self) -> float:
        """Play time from the counts of acts and ``seconds`` per kind of act (parameter)."""
        sec = self.t.seconds
        c = self.counts
        total = (
            sec["setup"]
            + sec["place"] * c["placements"]
            + sec["roll"] * c["rolls"]
            + sec["declare"] * c["declarations"]
            + sec["reveal"] * c["reveals"]
            + sec["cover"] * c["covered"]
            + sec["card"] * c["cards"]
            + sec["turn"] * (c["ring_turns"] + c["board_turns"])
            + sec["swap"] * c["swaps"]
            + sec["peek"] * c["peeks"]
        )
        return total / 60.0

    def describe_action(self, action: Action) -> str:
        t = self.t
        k = action.kind
        if k == "place":
            kind = str(action.args[0])
            art = "an" if kind[:1] in "aeiou" else "a"
            return f"place {art} {kind} tile at {self.slot_name(int(action.args[1]))}"
        if k in ("reveal", "swap", "peek", "cover"):
            return f"{k} {self.slot_name(int(action.args[0]))}"
        if k == "choose_x":
            n = action.args[0]
            return f"reveal {n} tile" + ("" if n == 1 else "s")
        if k == "defend":
            return {"skip": "defend: skip the turn", "complication": "defend: roll a complication",
                    "card": "defend: draw a card"}[str(action.args[0])]
        if k == "icon":
            f = t.icon_faces[action.args[0]]
            return f"icon die: {f['ring']} ring {f['dir']}, {f['complication']}"
        if k == "card":
            return f"card: {action.args[0]}"
        return str(action)

    def slot_name(self, slot: int) -> str:
        """``"green ring, position 5"`` for a slot number."""
        t = self.t
        r = t.ring_of[slot]
        return f"{t.ring_names[r]} ring, position {slot - t.first[r]}"

    def render_svg(self, viewer: int | None = None) -> str:
        from lab.games.memcel.render import render_svg

        return render_svg(self, viewer)

    def action_targets(self, player: int) -> dict[str, list[Action]]:
        from lab.games.memcel.render import action_targets

        return action_targets(self, player)

    # the widgets' optional hooks (the words and the one-click placement live in render.py)
    def click_default(self, player: int, target: str) -> Action | None:
        from lab.games.memcel.render import click_default

        return click_default(self, player, target)

    def prompt(self, player: int) -> str:
        from lab.games.memcel.render import prompt

        return prompt(self, player)

    def _repr_html_(self) -> str:
        return self.render_svg(None)


def rotate_slots(t: Any, ring: int, steps: int, tiles: list[int], up: list[bool], upby: list[int]) -> None:
    """Turn ``ring`` ``steps`` sectors clockwise in three lists indexed by slot (``t``: the
    game's tables): what a ring turn does to the tiles, the face-up marks and who turned them up
    (also run on tile numbers by :mod:`lab.games.memcel.information`)."""
    n, f = t.sizes[ring], t.first[ring]
    k = steps % n
    if k == 0:
        return
    cut, end = f + n - k, f + n  # each list: arr[f:end] = arr[cut:end] + arr[f:cut]
    tiles[f:end] = tiles[cut:end] + tiles[f:cut]
    up[f:end] = up[cut:end] + up[f:cut]
    upby[f:end] = upby[cut:end] + upby[f:cut]


def _handlers_of(cls: type[MemcelState]) -> dict[str, Callable[..., None]]:
    """Each task kind's handler ``_do_<kind>`` of ``cls``."""
    return {kind: getattr(cls, "_do_" + kind) for kind in TASKS}


#: state class -> task kind -> its handler (``_do_<kind>``), found once per class
_HANDLERS: dict[type, dict[str, Callable[..., None]]] = {}
_OWN_LEGAL = MemcelState._legal_actions
