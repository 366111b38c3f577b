"""Memcel's state machine (RULES.md §1): :class:`MemcelState`, the engine's hooks and the views.

The top layer of the state (see :mod:`lab.games.memcel.base` for the layers and the task queue):
what the engine asks a state (who acts, the chance outcomes, the legal actions, applying one),
dispatching each task to its ``_do_<kind>`` handler in the layers below, and what a viewer sees
(``observation``, ``pending``), explanations and measures. A state never imports its renderer
or its resampler: the game assembles them (:mod:`lab.games.memcel.game`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress, islice, repeat
from operator import eq
from typing import Any

from mypy_extensions import mypyc_attr

from lab.core.actions import Action
from lab.core.chance import WeightedTable
from lab.core.state import CHANCE, TERMINAL
from lab.games.memcel.cards import MemcelCards

_EMPTY = -1  # ``tiles[slot]`` of an empty slot (else a kind index, >= 0)
_FLIP = bytes.maketrans(b"\0\1", b"\1\0")  # ``bytes(up).translate(_FLIP)``: 1 where face down
CHANCE_TASKS = frozenset(("order", "comp", "ricon", "rd8", "ad8", "card"))
TASKS = (*sorted(CHANCE_TASKS), "place", "declare", "x", "reveal", "swap1", "swap2", "peek", "cover")
"""Every kind of task; ``MemcelState._do_<kind>`` handles it."""

@mypyc_attr(allow_interpreted_subclasses=True)
class MemcelState(MemcelCards):
    """One Memcel game in progress. See the module docstring. Compiled with the engine
    (:mod:`lab.native`); ``self.game`` is its :class:`~lab.games.memcel.game.MemcelGame`."""

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

    def _repr_html_(self) -> str:
        return self.render_svg(None)


def _handlers_of(cls: type[MemcelState]) -> dict[str, Callable[..., None]]:
    """Each task kind's handler ``_do_<kind>`` of ``cls``."""
    return {kind: getattr(cls, "_do_" + kind) for kind in TASKS}


#: state class -> task kind -> its handler (``_do_<kind>``), found once per class
_HANDLERS: dict[type, dict[str, Callable[..., None]]] = {}
_OWN_LEGAL = MemcelState._legal_actions
