"""Memcel players: a perfect-memory agent and a human-like memory agent.

Both see only their observation (``observation(player)``): the public board (empty, face down or
the colour of a face-up tile per slot) and the events they saw since their previous decision
(their own placements with the tile, public reveals, ring and board turns, swaps, covers, their
private peeks). Slots are table positions, so a tile moves to another slot when its ring or the
board turns; tracking that is the memory task.

- :class:`PerfectAgent` (``"perfect"``) remembers every placement and applies every turn and swap
  exactly. It knows where each of its tiles is, and that tiles placed by others are not its own.
- :class:`MemoryAgent` (``"memory"``) is a human-like model:

  * it remembers its tiles as *chunks* (runs of up to ``chunk`` neighbouring tiles of one ring
    are one chunk) and holds at most ``capacity`` chunks; extra chunks push out old ones;
  * every turn (of anyone) each chunk is forgotten with probability ``forget``;
  * when a ring (or the board) turns, with probability ``lose_track`` it misjudges that ring's
    turn by 1 or 2 sectors: its memories on that ring shift wrongly and its confidence in them
    drops to ``doubt`` times what it was;
  * ``placement`` ``"clustered"`` puts its tiles in runs along one ring, ``"scattered"`` apart;
  * it declares x by expected value (:mod:`lab.games.memcel.declare`): the chance of each
    reveal (its memories' confidences, then guesses) against what a miss costs under the
    variant's own rules (own tiles covered, AMB-MC-3; turns lost, the MC-2.1.2.2 rule point, so
    a house rule on the penalty changes its choices), with ``risk`` its appetite (0.5: plain
    expected value); it attacks when an attack is worth something on average over the d8 roll,
    else it defends with a card (MC-2.2);
  * it uses public information: face-up tiles are seen, a revealed tile of another colour is not
    its own; its tiles turned back down after a miss were seen a moment ago and are remembered
    afresh as one picture, in chunks of up to ``chunk`` tiles;
  * when a memory proves wrong it guesses a sector or two beside it, and if that finds its tile
    it shifts the rest of that chunk the same way;
  * it remembers the last ``exclude`` face-down slots it saw hold another tile (revealed by
    anyone, or peeked at), through ring turns and swaps (a misjudged ring's are dropped): its
    blind guesses and peeks go elsewhere.

Defaults (``capacity=4, forget=0.005, lose_track=0.1, placement="clustered", chunk=4,
risk=0.5, doubt=0.5, exclude=12``); the memory agent is Memcel's ``default_agents`` (issue #39).
Its games have a long tail: with 2 players a median of 6 turns but 5.5% beyond 500 turns
without the ``exclude`` memory (200 games, seed 0), 2.3% with it (400 games), the longest 686;
with 4 players median 10 turns, 5.3% beyond 500, the longest 3525 (hence ``max_turns=3000``). A
miss that costs turns (MC-2.1.2.2, y > 1) is a bad bet for this player: 0.06 per game at 2
players (0.2 per 100 attacks), 0.12 per game even at ``risk=0.95``. The long games are end
games: a player with 9 of 10 tiles up has lost track of the last one, and any guess risks
covering the 9 (MC-2.1.2.1), so it waits for peeks and forced attacks (MC-2.2.1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from lab.agents.base import BaseAgent
from lab.core.actions import Action
from lab.core.errors import InvalidAgent
from lab.core.game import Game
from lab.core.params import ParamSpec
from lab.games.memcel.components import D8_SIDES
from lab.games.memcel.declare import best_x, cost_weight, reveal_odds

TURN_EVENTS = frozenset(("attack", "defence", "sits_out"))


class _Board:
    """Slot geometry read from an observation (ring of each slot, ring sizes, first slots)."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        rings = obs["rings"]
        self.first = [r["first_slot"] for r in rings]
        self.sizes = [r["sectors"] for r in rings]
        self.ring_of = [r for r, n in enumerate(self.sizes) for _ in range(n)]

    def moved(self, slot: int, ring: int, steps: int) -> int:
        """Where ``slot`` goes when ``ring`` turns ``steps`` (unchanged if on another ring)."""
        if self.ring_of[slot] != ring:
            return slot
        f, n = self.first[ring], self.sizes[ring]
        return f + (slot - f + steps) % n

    def neighbours(self, slot: int) -> tuple[int, int]:
        r = self.ring_of[slot]
        f, n = self.first[r], self.sizes[r]
        return f + (slot - f - 1) % n, f + (slot - f + 1) % n


class _MemcelAgent(BaseAgent):
    """Shared event reading and action choice; subclasses decide what they remember."""

    def reset(self, game: Game, player: int) -> None:
        super().reset(game, player)
        self.n_seen = 0
        self.geo: _Board | None = None
        self.colour = ""
        self.colours: list[str] = []
        self.last_own_slot = -1

    # ------------------------------------------------------------------ events
    def _read(self, obs: Mapping[str, Any], rng: np.random.Generator) -> None:
        if self.geo is None:
            self.geo = _Board(obs)
            self.colour = obs["my_colour"]
            self.colours = list(obs["colours"])
        start = obs.get("events_start", 0)
        events = obs["events"]
        for ev in events[max(0, self.n_seen - start):]:
            self._event(ev, rng)
        self.n_seen = start + len(events)

    def _event(self, ev: Mapping[str, Any], rng: np.random.Generator) -> None:
        kind = ev["kind"]
        geo = self.geo
        assert geo is not None
        if kind == "place":
            self._placed(ev["slot"], ev["player"], ev.get("tile"), rng)
        elif kind == "ring_turn":
            self._ring_turn(ev["ring"], ev["steps"], rng)
        elif kind == "board_turn":
            for r, k in enumerate(ev["shifts"]):
                if k:
                    self._ring_turn(r, k, rng)
        elif kind == "swap":
            self._swap(ev["a"], ev["b"])
        elif kind == "reveal":
            self._learn(ev["slot"], ev["tile"], rng, seen_up=True)
        elif kind == "peeked":
            self._learn(ev["slot"], ev["tile"], rng, seen_up=False)
        elif kind == "cover_own" and ev["player"] == self.player:
            self._recovered(list(ev["slots"]), rng)
        elif kind == "cover_card":
            self._covered_by_card(ev["slot"], rng)
        elif kind in TURN_EVENTS:
            self._tick(rng, 1.0)

    # hooks (overridden)
    def _placed(self, slot: int, who: int, tile: str | None, rng: np.random.Generator) -> None: ...
    def _ring_turn(self, ring: int, steps: int, rng: np.random.Generator) -> None: ...
    def _swap(self, a: int, b: int) -> None: ...
    def _learn(self, slot: int, tile: str, rng: np.random.Generator, seen_up: bool) -> None: ...
    def _recovered(self, slots: list[int], rng: np.random.Generator) -> None: ...
    def _covered_by_card(self, slot: int, rng: np.random.Generator) -> None: ...
    def _tick(self, rng: np.random.Generator, turns: float) -> None: ...

    def _candidates(self, obs: Mapping[str, Any]) -> list[tuple[float, int]]:
        """(confidence, slot) of face-down slots believed to hold an own tile, best first."""
        return []

    def _unknown(self, obs: Mapping[str, Any]) -> list[int]:
        """Face-down slots the agent has no belief about (for guesses, peeks, swaps)."""
        slots = obs["slots"]
        return [s for s, v in enumerate(slots) if v == "down"]

    # ------------------------------------------------------------------ choosing
    def step(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        self._read(observation, rng)
        kind = legal_actions[0].kind
        task = observation["pending"].get("task", "")
        if kind == "place":
            return self._choose_place(observation, legal_actions, rng)
        if task == "declare":
            return self._choose_declare(observation, legal_actions)
        if kind == "choose_x":
            return self._choose_x(observation, legal_actions)
        if kind == "reveal":
            return self._choose_reveal(observation, legal_actions, rng)
        if kind == "swap":
            return self._choose_swap(observation, legal_actions, rng)
        if kind == "peek":
            return self._pick_from(self._guess_pool(observation), legal_actions, rng)
        if kind == "cover":
            return self._choose_cover(observation, legal_actions, rng)
        return legal_actions[int(rng.integers(len(legal_actions)))]

    def _choose_place(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        own = [a for a in legal if a.args[0] == self.colour]
        pool = own or list(legal)
        return pool[int(rng.integers(len(pool)))]

    def _choose_declare(self, obs: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if self._candidates(obs) or len(legal) == 1:
            return legal[0]  # attack
        return next(a for a in legal if a.args == ("card",))  # defence: a card may be a peek

    def _guesses(self, obs: Mapping[str, Any]) -> list[int]:
        return []

    def _wanted_x(self, obs: Mapping[str, Any]) -> int:
        return len(self._candidates(obs))

    def _choose_x(self, obs: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        xs = [a.args[0] for a in legal]
        want = min(max(self._wanted_x(obs), min(xs)), max(xs))
        return next(a for a in legal if a.args[0] == want)

    def _choose_reveal(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        ok = {a.args[0]: a for a in legal}
        for _, slot in self._candidates(obs):
            if slot in ok:
                return ok[slot]
        return self._pick_unknown(obs, legal, rng)

    def _pick_unknown(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return self._pick_from(self._unknown(obs), legal, rng)

    def _guess_pool(self, obs: Mapping[str, Any]) -> list[int]:
        """Face-down slots worth a blind guess or a peek (subclasses may leave some out)."""
        return self._unknown(obs)

    @staticmethod
    def _pick_from(slots: Sequence[int], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        """A random legal action on one of ``slots`` (any legal action when none is)."""
        wanted = set(slots)
        pool = [a for a in legal if a.args[0] in wanted] or list(legal)
        return pool[int(rng.integers(len(pool)))]

    def _choose_swap(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return self._pick_unknown(obs, legal, rng)  # disturb the others, not oneself

    def _choose_cover(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        slots = obs["slots"]
        up = obs["own_face_up"]
        best: tuple[int, int] | None = None
        for a in legal:
            tile = slots[a.args[0]]
            if tile in self.colours and tile != self.colour:
                score = 100 + up[self.colours.index(tile)]
            elif tile != self.colour:
                score = 1
            else:
                score = 0
            if best is None or score > best[0]:
                best = (score, a.args[0])
        assert best is not None
        return next(a for a in legal if a.args[0] == best[1])


class PerfectAgent(_MemcelAgent):
    """Perfect memory: tracks every tile it has seen or placed through every turn and swap."""

    name = "perfect"
    SETTINGS: ClassVar[tuple[ParamSpec, ...]] = ()

    def reset(self, game: Game, player: int) -> None:
        super().reset(game, player)
        self.known: dict[int, str] = {}  # slot -> tile kind, or "other" (placed by someone else)

    def _placed(self, slot: int, who: int, tile: str | None, rng: np.random.Generator) -> None:
        self.known[slot] = tile if who == self.player and tile else "other"

    def _ring_turn(self, ring: int, steps: int, rng: np.random.Generator) -> None:
        assert self.geo is not None
        self.known = {self.geo.moved(s, ring, steps): v for s, v in self.known.items()}

    def _swap(self, a: int, b: int) -> None:
        va, vb = self.known.pop(a, None), self.known.pop(b, None)
        if va is not None:
            self.known[b] = va
        if vb is not None:
            self.known[a] = vb

    def _learn(self, slot: int, tile: str, rng: np.random.Generator, seen_up: bool) -> None:
        self.known[slot] = tile

    def _candidates(self, obs: Mapping[str, Any]) -> list[tuple[float, int]]:
        slots = obs["slots"]
        return [(1.0, s) for s, v in sorted(self.known.items()) if v == self.colour and slots[s] == "down"]

    def _unknown(self, obs: Mapping[str, Any]) -> list[int]:
        slots = obs["slots"]
        return [s for s, v in enumerate(slots) if v == "down" and self.known.get(s, "other") != self.colour]


class MemoryAgent(_MemcelAgent):
    """Human-like memory; see the module docstring for the meaning of each setting."""

    name = "memory"
    SETTINGS: ClassVar[tuple[ParamSpec, ...]] = (
        ParamSpec("capacity", "int", 4, "Chunks held in memory at once (extra chunks push out old ones).", minimum=0, maximum=1000),
        ParamSpec("forget", "float", 0.005, "Chance per turn (of anyone) that each chunk is forgotten.", minimum=0.0, maximum=1.0),
        ParamSpec("lose_track", "float", 0.1, "Chance of misjudging a ring's turn by 1 or 2 sectors.",
                  minimum=0.0, maximum=1.0),
        ParamSpec("placement", "choice", "clustered", "Own tiles in runs along one ring, or apart (MC-1.1).",
                  ("MC-1.1",), choices=("clustered", "scattered")),
        ParamSpec("chunk", "int", 4, "Neighbouring tiles of one ring remembered as one chunk.", minimum=1, maximum=64),
        ParamSpec("risk", "float", 0.5,
                  "Risk appetite when declaring x: 0.5 weighs a miss's expected cost (own tiles "
                  "covered, turns lost) as it is; lower weighs it more (0: never risks a cost), "
                  "higher less (1: ignores it).", ("MC-2.1.1", "MC-2.1.2.2"), minimum=0.0, maximum=1.0),
        ParamSpec("doubt", "float", 0.5, "Confidence factor after a misjudged turn.",
                  minimum=0.0, maximum=1.0),
        ParamSpec("exclude", "int", 12,
                  "Face-down slots it remembers holding someone else's tile (seen revealed or "
                  "peeked at), the latest first: its guesses avoid them. 0: no such memory.",
                  ("MC-2.1.2",), minimum=0, maximum=1000),
    )

    def __init__(
        self,
        capacity: int = 4,
        forget: float = 0.005,
        lose_track: float = 0.1,
        placement: str = "clustered",
        chunk: int = 4,
        risk: float = 0.5,
        doubt: float = 0.5,
        exclude: int = 12,
    ) -> None:
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 0:
            raise InvalidAgent(f"memory agent: capacity must be an integer >= 0, got {capacity!r}")
        for label, v in (("forget", forget), ("lose_track", lose_track), ("risk", risk), ("doubt", doubt)):
            if isinstance(v, bool) or not isinstance(v, int | float) or not 0.0 <= v <= 1.0:
                raise InvalidAgent(f"memory agent: {label} must be a number in [0, 1], got {v!r}")
        if placement not in ("clustered", "scattered"):
            raise InvalidAgent(f"memory agent: placement must be 'clustered' or 'scattered', got {placement!r}")
        if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
            raise InvalidAgent(f"memory agent: chunk must be an integer >= 1, got {chunk!r}")
        if isinstance(exclude, bool) or not isinstance(exclude, int) or exclude < 0:
            raise InvalidAgent(f"memory agent: exclude must be an integer >= 0, got {exclude!r}")
        super().__init__(capacity=capacity, forget=forget, lose_track=lose_track,
                         placement=placement, chunk=chunk, risk=risk, doubt=doubt, exclude=exclude)
        self.exclude = exclude
        self.capacity, self.forget, self.lose_track = capacity, float(forget), float(lose_track)
        self.placement, self.chunk, self.risk, self.doubt = placement, chunk, float(risk), float(doubt)

    def reset(self, game: Game, player: int) -> None:
        super().reset(game, player)
        self.belief: dict[int, int] = {}  # slot -> chunk id
        self.chunks: dict[int, list[Any]] = {}  # id -> [confidence, set of slots]
        self.next_id = 0
        self.up_own: set[int] = set()  # own tiles face up (seen, exact)
        # ghosts: a chunk's tiles on one ring proved off by an unknown 1 or 2 sectors:
        # [ring, origin slot, deltas still to try, member slots as remembered]
        self.ghosts: list[list[Any]] = []
        #: slots seen holding another colour's tile (or an imprevisto), latest last, at most
        #: ``exclude``: where its own tiles are not
        self.others: list[int] = []

    # ------------------------------------------------------------------ memory operations
    def _new_chunk(self, slots: list[int], rng: np.random.Generator, conf: float = 1.0) -> int:
        cid = self.next_id
        self.next_id += 1
        self.chunks[cid] = [conf, set()]
        for s in slots:
            self._drop_slot(s)
            self.belief[s] = cid
            self.chunks[cid][1].add(s)
        self._fit(rng)
        return cid

    def _drop_slot(self, slot: int) -> None:
        cid = self.belief.pop(slot, None)
        if cid is not None and cid in self.chunks:
            self.chunks[cid][1].discard(slot)
            if not self.chunks[cid][1]:
                del self.chunks[cid]

    def _drop_chunk(self, cid: int) -> None:
        for s in self.chunks.pop(cid)[1]:
            self.belief.pop(s, None)

    def _fit(self, rng: np.random.Generator) -> None:
        """Hold at most ``capacity`` chunks: a new one pushes out a random older one."""
        while len(self.chunks) > self.capacity:
            ids = sorted(self.chunks)[:-1] or sorted(self.chunks)
            self._drop_chunk(ids[int(rng.integers(len(ids)))])

    def _remember_own(self, slot: int, rng: np.random.Generator) -> None:
        """A fresh memory of an own tile at ``slot``, joined to a neighbouring chunk if it fits."""
        assert self.geo is not None
        self._drop_slot(slot)
        for nb in self.geo.neighbours(slot):
            cid = self.belief.get(nb)
            if cid is not None and len(self.chunks[cid][1]) < self.chunk:
                self.belief[slot] = cid
                self.chunks[cid][1].add(slot)
                return
        self._new_chunk([slot], rng)

    # ------------------------------------------------------------------ events
    def _placed(self, slot: int, who: int, tile: str | None, rng: np.random.Generator) -> None:
        if who == self.player and tile == self.colour:
            self.last_own_slot = slot
            self._remember_own(slot, rng)
        else:
            self._tick(rng, 0.5)  # two placements make a turn

    def _ring_turn(self, ring: int, steps: int, rng: np.random.Generator) -> None:
        geo = self.geo
        assert geo is not None
        self.up_own = {geo.moved(s, ring, steps) for s in self.up_own}
        for gh in self.ghosts:
            if gh[0] == ring:
                gh[1] = geo.moved(gh[1], ring, steps)
                gh[3] = [geo.moved(m, ring, steps) for m in gh[3]]
        if self.last_own_slot >= 0:
            self.last_own_slot = geo.moved(self.last_own_slot, ring, steps)
        on_ring = [s for s in self.belief if geo.ring_of[s] == ring]
        if not on_ring:
            self._move_others(ring, steps, 0)
            return
        err = 0
        if rng.random() < self.lose_track:  # misjudges the turn by 1 or 2 sectors
            err = int(rng.choice((-2, -1, 1, 2)))
            for cid in {self.belief[s] for s in on_ring}:
                self.chunks[cid][0] *= self.doubt
        self._move_others(ring, steps, err)
        moved = {s: self.belief.pop(s) for s in on_ring}
        for cid in {c for c in moved.values()}:
            self.chunks[cid][1] = {s for s in self.chunks[cid][1] if geo.ring_of[s] != ring}
        for s, cid in moved.items():
            t = geo.moved(s, ring, steps + err)
            self.belief[t] = cid
            self.chunks[cid][1].add(t)

    def _move_others(self, ring: int, steps: int, err: int) -> None:
        """The slots known to hold other tiles follow a ring turn (misjudged like its memories:
        a misjudged ring's are dropped, the misjudgement being unknown to the player)."""
        geo = self.geo
        assert geo is not None
        if err:
            self.others = [s for s in self.others if geo.ring_of[s] != ring]
        else:
            self.others = [geo.moved(s, ring, steps) for s in self.others]

    def _swap(self, a: int, b: int) -> None:
        self.others = [b if s == a else a if s == b else s for s in self.others]
        ca, cb = self.belief.pop(a, None), self.belief.pop(b, None)
        for cid, old in ((ca, a), (cb, b)):
            if cid is not None:
                self.chunks[cid][1].discard(old)
        for cid, new in ((ca, b), (cb, a)):
            if cid is not None:
                self.belief[new] = cid
                self.chunks[cid][1].add(new)
        ua, ub = a in self.up_own, b in self.up_own
        self.up_own.discard(a)
        self.up_own.discard(b)
        if ua:
            self.up_own.add(b)
        if ub:
            self.up_own.add(a)

    def _learn(self, slot: int, tile: str, rng: np.random.Generator, seen_up: bool) -> None:
        geo = self.geo
        assert geo is not None
        own = tile == self.colour
        for gh in list(self.ghosts):  # was this a guess "a sector or two off"?
            ring, origin, deltas, members = gh
            if deltas and geo.moved(origin, ring, deltas[0]) == slot:
                if own:  # found the offset: re-anchor the whole chunk
                    self.ghosts.remove(gh)
                    moved = [geo.moved(m, ring, deltas[0]) for m in members]
                    fresh = [m for m in moved if m != slot and m not in self.up_own]
                    if fresh:
                        self._new_chunk(fresh, rng)
                else:
                    deltas.pop(0)
                    if not deltas:
                        self.ghosts.remove(gh)
        if slot in self.others:
            self.others.remove(slot)
        if own:
            if seen_up:
                self._drop_slot(slot)
                self.up_own.add(slot)
            else:
                self._remember_own(slot, rng)
            return
        if self.exclude:
            self.others.append(slot)  # not mine: the latest ``exclude`` such slots are kept
            del self.others[:-self.exclude]
        cid = self.belief.get(slot)
        if cid is not None:  # "it was here": the chunk on this ring is probably a sector or two off
            r = geo.ring_of[slot]
            members = [m for m in self.chunks[cid][1] if geo.ring_of[m] == r]
            for m in members:
                self._drop_slot(m)
            self.ghosts.append([r, slot, [1, -1, 2, -2], members])
            del self.ghosts[:-max(1, self.capacity)]

    def _recovered(self, slots: list[int], rng: np.random.Generator) -> None:
        """Own tiles turned back down after a miss: seen face up a moment ago, remembered afresh
        as one picture, in chunks of up to ``chunk`` tiles (neighbours or not)."""
        for s in slots:
            self.up_own.discard(s)
            self._drop_slot(s)
        ordered = sorted(slots)
        for i in range(0, len(ordered), self.chunk):
            self._new_chunk(ordered[i:i + self.chunk], rng)

    def _covered_by_card(self, slot: int, rng: np.random.Generator) -> None:
        if slot in self.up_own:
            self.up_own.discard(slot)
            self._remember_own(slot, rng)

    def _tick(self, rng: np.random.Generator, turns: float) -> None:
        p = self.forget * turns
        if p <= 0:
            return
        for cid in [c for c in self.chunks if rng.random() < p]:
            self._drop_chunk(cid)
        self.ghosts = [gh for gh in self.ghosts if rng.random() >= p]

    # ------------------------------------------------------------------ choices
    def _candidates(self, obs: Mapping[str, Any]) -> list[tuple[float, int]]:
        slots = obs["slots"]
        out = [(self.chunks[c][0], s) for s, c in self.belief.items() if slots[s] == "down"]
        out.sort(key=lambda cs: (-cs[0], cs[1]))
        return out

    def _unknown(self, obs: Mapping[str, Any]) -> list[int]:
        slots = obs["slots"]
        return [s for s, v in enumerate(slots) if v == "down" and s not in self.belief]

    def _guess_pool(self, obs: Mapping[str, Any]) -> list[int]:
        """Face-down slots worth a blind guess (or a peek): unknown ones it does not remember
        holding another tile (all unknown ones when it remembers them all so)."""
        unknown = self._unknown(obs)
        others = set(self.others)
        return [s for s in unknown if s not in others] or unknown

    # ------------------------------------------------------------------ MC-2.1.1 how many to declare
    def _odds(self, obs: Mapping[str, Any]) -> list[tuple[float, float]]:
        """Chance and value of each reveal in the order it would make them (see :mod:`.declare`)."""
        assert self.geo is not None
        me = self.colours.index(self.colour)
        cands = self._candidates(obs)
        ghosts = [1.0 / (len(gh[2]) + 1) for gh in self.ghosts
                  if gh[2] and self.geo.moved(gh[1], gh[0], gh[2][0]) in set(self._guesses(obs))]
        missing = obs["own_tiles"][me] - obs["own_face_up"][me]
        unlocated = max(0, missing - len(cands))
        return reveal_odds([c for c, _ in cands], ghosts, unlocated, len(self._guess_pool(obs)))

    def _best_x(self, obs: Mapping[str, Any], xs: Sequence[int]) -> tuple[int, float]:
        """MC-2.1.1: the x of ``xs`` worth most under the variant's rules, and its value."""
        me = self.colours.index(self.colour)
        game = self.game
        return best_x(
            self._odds(obs), xs, obs["own_face_up"][me], obs["own_tiles"][me],
            game.rules.lost_turns,  # MC-2.1.2.2 as the variant plays it (a house rule included)
            game.params["cover_scope"] == "all", cost_weight(self.risk),
        )

    def _wanted_x(self, obs: Mapping[str, Any]) -> int:
        down = sum(1 for v in obs["slots"] if v == "down")
        return self._best_x(obs, range(1, max(1, min(down, 7)) + 1))[0]

    def _choose_x(self, obs: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        want = self._best_x(obs, [a.args[0] for a in legal])[0]
        return next(a for a in legal if a.args[0] == want)

    def _choose_declare(self, obs: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Attack when the attack is worth something on average over the d8 (MC-2.1.1), else
        defend with a card (MC-2.2: it may be a peek); attack anyway after a defence (MC-2.2.1)."""
        if len(legal) == 1 or self._attack_worth(obs) >= 0.0:
            return legal[0]
        return next(a for a in legal if a.args == ("card",))

    def _attack_worth(self, obs: Mapping[str, Any]) -> float:
        """Expected value of attacking now: the best x for each d8 roll, averaged (a void roll: 0)."""
        down = sum(1 for v in obs["slots"] if v == "down")
        rules, strict = self.game.rules, self.game.params["reveal_limit"] == "strict"
        total = 0.0
        for roll in range(1, D8_SIDES + 1):
            hi = min(rules.reveal_limit(roll, strict), down)  # MC-2.1.1 as the variant plays it
            if hi >= 1:
                total += self._best_x(obs, range(1, hi + 1))[1]
        return total / D8_SIDES

    def _guesses(self, obs: Mapping[str, Any]) -> list[int]:
        """Best guesses: a sector or two away from memories that proved wrong."""
        assert self.geo is not None
        slots = obs["slots"]
        out = []
        for ring, origin, deltas, _ in self.ghosts:
            g = self.geo.moved(origin, ring, deltas[0])
            if slots[g] == "down" and g not in self.belief:
                out.append(g)
        return out

    def _choose_reveal(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        ok = {a.args[0]: a for a in legal}
        for _, slot in self._candidates(obs):
            if slot in ok:
                return ok[slot]
        for slot in self._guesses(obs):
            if slot in ok:
                return ok[slot]
        return self._pick_from(self._guess_pool(obs), legal, rng)

    def _choose_place(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        own = [a for a in legal if a.args[0] == self.colour]
        if not own:
            return legal[int(rng.integers(len(legal)))]
        geo = self.geo
        assert geo is not None
        free = {a.args[1]: a for a in own}
        if self.placement == "clustered":
            if self.last_own_slot >= 0:
                for nb in geo.neighbours(self.last_own_slot):
                    if nb in free:
                        return free[nb]
            starts = [s for s in free if any(nb in free for nb in geo.neighbours(s))]
        else:
            mine = set(self.belief)
            starts = [s for s in free if not any(nb in mine for nb in geo.neighbours(s))]
        pool = starts or list(free)
        return free[pool[int(rng.integers(len(pool)))]]
