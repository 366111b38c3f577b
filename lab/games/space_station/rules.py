"""Save the Space Station (seed ``002_bef2c086835c932c.txt``, RULES.md section 3).

A solo hex wargame: player 0 commands the station's fighters; two droids and their missiles
move by fixed rules (chance nodes where the rules roll a die), never by an agent.

Turn structure (a program of steps per turn, run by :meth:`SpaceStationState._advance`):

* SS-I, turn 1: station moves; ``fighters_per_turn`` fighters leave (no attack); for each droid:
  entry-point die, place droid and missile, move the missile, move the droid.
* SS-J, later turns: (1) station moves; (2) station fires at the nearest target; (3-6) fighters
  leave, each attacking at once (skipped once every fighter is out); (7-8) the player activates
  launched fighters one by one: route of up to ``fighter_speed`` steps, then one laser shot;
  (9-13) per droid: its missile moves, the droid moves, the droid fires at every target.

Player decisions (player 0): ``select(f)`` a fighter, ``move(d)`` one hex in direction ``d``
(0-5, counter-clockwise on screen from east for pointy-top), ``stop``, ``fire(t)`` at piece ``t``
when several targets are in range (a single target is fired at automatically), ``end`` (no
further fighter moves this turn). Chance: ``entry(e)``, ``roll(v)`` (d6 laser), ``route(i)``
(die among tied routes, SS-F3), ``pick(i)`` (AMB-SS-8 tie).

Scoring: win +1 (every droid and missile destroyed), loss -1 (station destroyed). The seed has no
turn limit (SS-H: the game ends *only* by one of those two); ``max_turns`` is a lab safety bound,
and a game it cuts ends *unfinished* (:meth:`~lab.core.state.State.stop_unfinished`, event
``unfinished`` naming ``max_turns=N``; no winner, not a draw, returns 0).

Choices where the seed is silent (each documented here and, where it is an open point, a
parameter):

* SS-E "passing through" includes the hex where a move ends; the station collides too when its
  orbit move passes an occupied hex. Placing a piece (a launch, a droid entering, AMB-SS-7) is
  not a collision.
* AMB-SS-10 (not in RULES.md's digest; the seed wins): a mover entering a hex holding several
  pieces meets them one by one and stops meeting them once it is destroyed (or, droid-droid,
  stopped). The seed does not order a stack, but it supports meeting the station *first*
  (``stack_hit_order="station_first"``, the default): a missile destroys "any piece on its
  trajectory *toward* the station" (SS-D4) -- a fighter still on the station's hex is at the
  target, not on the way to it; fighters "leave" the station (SS-D2), they do not shield it;
  and droids and missiles may swerve around other pieces "but not the station" (SS-F3), the
  one piece they aim at. The other pieces follow by piece number (fighters, droids, missiles).
  ``"station_last"`` (the lab's earlier reading, kept) meets the station after every other
  piece, so a fighter launched onto the station's hex absorbs a missile aimed at the station.
* SS-I names no attacks on the first turn, so there are none: no station laser, no launch
  attacks, no droid lasers, no player phase.
* SS-G2: fighters and the station fire at enemy pieces only (droids, missiles); what droids fire
  at is AMB-SS-6. A fighter with targets in range must fire (firing costs nothing); with one
  target it fires automatically, with several the player chooses.
* SS-F3: the "routes" compared are the first ``speed`` hexes of every shortest route to the
  station's current hex (the part moved this turn); the die that picks among several routes
  is a uniform chance node over them (a d6 cannot split 20 routes evenly).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import networkx as nx
from mypy_extensions import mypyc_attr

from lab.core.actions import Action, ActionSpec, Field, act
from lab.core.budget import MAX_HISTORY, Budget
from lab.core.chance import die, uniform
from lab.core.errors import InvalidVariant, RuleError
from lab.core.game import Game
from lab.core.params import Params
from lab.core.state import CHANCE, TERMINAL, State
from lab.games.space_station.board import (
    MAX_GEOMETRY_BYTES,
    MAX_HEXES,
    Geometry,
    geometry_bytes,
    geometry_for,
)
from lab.games.space_station.components import DIE_SIDES
from lab.games.space_station.params import PARAMETERS, options_record
from lab.games.space_station.rule_points import RULE_POINTS

WAITING, IN_PLAY, DESTROYED = 0, 1, 2
RUNNING, WIN, LOSS, UNFINISHED = 0, 1, -1, 2
#: a shooter's kind -> its two counters in ``stats`` (shots, hits)
_SHOT_STATS = {kind: (f"{kind}_shots", f"{kind}_hits") for kind in ("station", "fighter", "droid")}
_TIER_NAMES = ("tier0", "tier1", "tier2")  # SS-F3: how a route was chosen (the event's chosen_by)


def max_length(params: Params) -> int:
    """Upper bound on a game's history entries: turns x the most steps one turn can take."""
    f, d = int(params["fighters"]), int(params["droids"])
    per_turn = 4 + 2 * f + 10 * f + d * (4 + f + 2 * d)
    return int(params["max_turns"]) * per_turn + 16


@mypyc_attr(native_class=False)  # a Python class (its fields in __dict__), only its state is C
class SpaceStationGame(Game):
    """Save the Space Station under one variant."""

    name: ClassVar[str] = "space_station"
    title: ClassVar[str] = "Save the Space Station (Salva la Stazione Spaziale)"
    utility: ClassVar[str] = "general_sum"  # solo: +1 saved, -1 lost, 0 unfinished
    rules_version: ClassVar[int] = 1
    seed_file: ClassVar[str] = "002_bef2c086835c932c.txt"
    perfect_information: ClassVar[bool] = True  # solo, nothing hidden; dice drawn when rolled
    PARAMETERS = PARAMETERS
    RULE_POINTS = RULE_POINTS

    def __init__(self, params: Any = None, /, **kwargs: Any) -> None:
        super().__init__(params, **kwargs)
        p = self.params
        self.n_fighters = int(p.fighters)
        self.n_droids = int(p.droids)
        # piece ids: 0 station, then fighters, droids, missiles (missile j belongs to droid j)
        self.first_droid = 1 + self.n_fighters
        self.first_missile = self.first_droid + self.n_droids
        self.n_pieces = self.first_missile + self.n_droids
        kinds = ["station"] + ["fighter"] * self.n_fighters
        kinds += ["droid"] * self.n_droids + ["missile"] * self.n_droids
        self.kinds: tuple[str, ...] = tuple(kinds)
        labels = ["S"] + [f"F{i + 1}" for i in range(self.n_fighters)]
        labels += [f"D{j + 1}" for j in range(self.n_droids)]
        labels += [f"M{j + 1}" for j in range(self.n_droids)]
        self.labels: tuple[str, ...] = tuple(labels)
        self._tables()

    def _tables(self) -> None:
        """Read-only tables the rules consult on every step, built once per variant."""
        p = self.params
        self.geo = geo = geometry_for(p)  # the board tables every state of this game reads
        self.speed_of: tuple[int, ...] = tuple(
            int(p.droid_speed) if k == "droid" else int(p.missile_speed) if k == "missile" else 0
            for k in self.kinds)
        self.hex_labels: tuple[str, ...] = tuple(geo.label(i) for i in range(len(geo.nodes)))
        #: hex -> the legal ``move`` actions from it and ``stop`` (SS-D2, SS-F4)
        self.moves_from: tuple[tuple[Action, ...], ...] = tuple(
            (*(act("move", d) for d, j in enumerate(row) if j >= 0), act("stop")) for row in geo.step)
        self.select_actions: tuple[Action, ...] = tuple(act("select", f) for f in range(self.n_fighters))
        self.end_action = act("end")
        self.roll_outcomes: tuple[tuple[Action, float], ...] = tuple(die("roll", DIE_SIDES))
        self.uniform_outcomes: dict[tuple[str, int], tuple[tuple[Action, float], ...]] = {}
        #: (hex, orbit index, speed) -> every hex on its SS-F3 routes (a bounded memo)
        self.route_hexes: dict[tuple[int, int, int], frozenset[int]] = {}
        #: the same key -> the seed's SS-F3 choice when no piece is on any of its routes (its
        #: tier and routes) and every hex on those routes
        self.free_routes: dict[tuple[int, int, int], tuple[int, list[tuple[int, ...]], frozenset[int]]] = {}
        #: the parameters again, as an immutable record (its attributes are read in C; the rules
        #: read a parameter at nearly every step)
        self.opt: Any = options_record(p)
        self.station_first = p.stack_hit_order == "station_first"

    def __getstate__(self) -> dict[str, Any]:
        """The game's attributes for pickling (worker pools, adapters), without ``opt``: its
        class is made per set of parameter names, so pickle cannot find it by name."""
        state = self.__dict__.copy()
        del state["opt"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.opt = options_record(self.params)

    @property
    def geometry(self) -> Geometry:
        """The board tables of this variant (cached per geometry)."""
        return geometry_for(self.params)

    def check_variant(self, params: Params) -> None:
        geo = geometry_for(params)  # raises InvalidVariant for an impossible board
        if params.station_speed >= len(geo.orbit):
            msg = (
                f"station_speed {params.station_speed} must be smaller than the orbit's "
                f"{len(geo.orbit)} hexes"
            )
            raise InvalidVariant(msg)

    def action_specs(self) -> list[ActionSpec]:
        n_f = max(1, int(self.params.fighters))
        n_pieces = 1 + int(self.params.fighters) + 2 * int(self.params.droids)
        return [
            ActionSpec("select", (Field("fighter", range(n_f)),), "activate a launched fighter"),
            ActionSpec("move", (Field("direction", range(len(self.geometry.directions))),),
                       "move the active fighter one cell"),
            ActionSpec("stop", (), "end the active fighter's route"),
            ActionSpec("end", (), "no more fighter moves this turn"),
            ActionSpec("fire", (Field("target", range(n_pieces)),), "laser at a piece"),
            ActionSpec("entry", (Field("point", range(1, 7)),), "chance: droid entry point"),
            ActionSpec("roll", (Field("face", range(1, DIE_SIDES + 1)),), "chance: laser die"),
            ActionSpec("route", (Field("index", range(self.geometry.max_routes)),), "chance: route die"),
            ActionSpec("pick", (Field("index", range(n_pieces)),), "chance: station target tie"),
        ]

    def new_initial_state(self) -> SpaceStationState:
        """The position after the set-up steps of SS-I up to the first droid's entry die.

        Those steps draw nothing and ask nobody, so every game of this variant starts from the
        same position: it is built once and each game starts from a copy of it.
        """
        start = self.__dict__.get("_start")
        if start is None or start.game is not self:  # (a copy made by with_rules builds its own)
            start = self._start = SpaceStationState(self)
        return start.clone()

    def max_game_length(self) -> int:
        return max_length(self.params)

    def budget(self) -> list[Budget]:
        """Board size (the geometry's distance tables grow with its square) and game length."""
        p = self.params
        hexes = int(p.columns) * int(p.rows)
        return [
            Budget("board hexes", hexes, MAX_HEXES, ("columns", "rows")),
            Budget("bytes of board tables", geometry_bytes(hexes), MAX_GEOMETRY_BYTES, ("columns", "rows")),
            Budget("save codes (longest game)", max_length(p), MAX_HISTORY,
                   ("max_turns", "fighters", "droids")),
        ]

    def board(self, state: State | None = None) -> nx.Graph:
        """The hex graph (attributes ``pos``, ``forbidden``, ``orbit``, ``entry``, ``earth``,
        ``polygon``) with a ``pieces`` attribute (labels) from ``state``."""
        g = self.geometry.graph.copy()
        for n in g.nodes:
            g.nodes[n]["pieces"] = []
        if isinstance(state, SpaceStationState):
            geo = self.geometry
            for pid, h in enumerate(state.hexes):
                if h >= 0 and state.status[pid] == IN_PLAY:
                    g.nodes[geo.nodes[h]]["pieces"].append(self.labels[pid])
        return g

    def accounting(self) -> list[Any]:
        from lab.games.space_station.accounting import accounting_checks

        return accounting_checks(self)

    @classmethod
    def agent_factories(cls) -> dict[str, Any]:
        from lab.games.space_station.agents import GreedyAgent, SearchAgent

        return {"greedy": GreedyAgent, "search": SearchAgent}


@mypyc_attr(allow_interpreted_subclasses=True)
class SpaceStationState(State):
    """One position of Save the Space Station. Perfect information: see :meth:`observation`.

    Compiled with the engine (:mod:`lab.native`); ``self.game`` is its
    :class:`SpaceStationGame`."""

    def __init__(self, game: SpaceStationGame, *, start: bool = True) -> None:
        super().__init__(game)
        self.geo = game.geo
        n = game.n_pieces
        self.turn = 1
        self.station_k = 0
        self.hexes: list[int] = [-1] * n
        self.status: list[int] = [WAITING] * n
        hp = [1] * n
        for j in range(game.n_droids):
            hp[game.first_droid + j] = int(game.opt.droid_shields) + 1
        self.hp: list[int] = hp
        self.entry_used: list[int] = [0] * game.n_droids
        self.queue: list[tuple[Any, ...]] = []
        self.pending: tuple[Any, ...] | None = None
        self.decision: tuple[Any, ...] | None = None
        self.active = -1
        self.steps_left = 0
        self.acted = 0
        self.fired = 0
        self.launched_now = 0
        self.outcome = RUNNING
        self.stats: dict[str, int] = {
            "fighters_launched": 0, "fighter_shots": 0, "fighter_hits": 0, "station_shots": 0,
            "station_hits": 0, "droid_shots": 0, "droid_hits": 0, "collisions": 0,
        }
        if start:
            self.status[0] = IN_PLAY
            self.hexes[0] = self.geo.orbit[0]
            self.queue = self._first_turn()
            self._advance()

    # ================================================================== turn programs
    def _first_turn(self) -> list[tuple[Any, ...]]:
        """SS-I: the first turn's steps."""
        g = self.game
        steps: list[tuple[Any, ...]] = [("station_move",)]
        steps += [("launch", 0)] * int(g.opt.fighters_per_turn)
        for j in range(g.n_droids):
            steps += [("enter", j), ("missile", j), ("droid", j)]
        steps.append(("end_turn",))
        return steps

    def _later_turn(self) -> list[tuple[Any, ...]]:
        """SS-J: the steps of every later turn (3-6 skipped once all fighters are out)."""
        g = self.game
        steps: list[tuple[Any, ...]] = [("station_move",), ("station_fire",)]
        waiting = sum(1 for f in range(1, g.first_droid) if self.status[f] == WAITING)
        steps += [("launch", 1)] * min(waiting, int(g.opt.fighters_per_turn))
        steps.append(("player",))
        for j in range(g.n_droids):
            steps += [("missile", j), ("droid", j), ("droid_fire", j)]
        steps.append(("end_turn",))
        return steps

    # ================================================================== engine hooks
    def current_player(self) -> int:
        if self.outcome != RUNNING:
            return TERMINAL
        if self.pending is not None:
            return CHANCE
        return 0

    def _legal_actions(self, player: int) -> Sequence[Action]:
        dec = self.decision
        if dec is None:
            return []
        if dec[0] == "target":
            return [act("fire", t) for t in dec[2]]
        g = self.game
        if self.active < 0:
            select = g.select_actions
            out = [select[f - 1] for f in self._eligible()]
            out.append(g.end_action)
            return out
        return g.moves_from[self.hexes[self.active]]  # a shared tuple: read-only

    def _pick_action(self, player: int, pick: Callable[[int], int]) -> Action | None:
        """``legal[pick(len(legal))]`` of :meth:`_legal_actions`, building only that action (a
        random seat's pick, see :meth:`State._pick_action`); while ``_legal_actions`` is this
        class's own."""
        dec = self.decision
        if dec is None or type(self)._legal_actions is not _OWN_LEGAL:
            return super()._pick_action(player, pick)
        g = self.game
        if dec[0] == "target":  # (two targets or more: one is shot at once)
            targets = dec[2]
            return act("fire", targets[pick(len(targets))])
        if self.active >= 0:
            moves = g.moves_from[self.hexes[self.active]]  # ("stop" at least)
            return moves[pick(len(moves))]
        eligible = self._eligible()
        i = pick(len(eligible) + 1)  # the selections, then "end"
        return g.select_actions[eligible[i] - 1] if i < len(eligible) else g.end_action

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """Chance outcomes: shared tuples, one per die (the driver reads a table once)."""
        pending = self.pending
        assert pending is not None  # (a chance node: see current_player)
        kind = pending[0]
        if kind == "roll":
            return self.game.roll_outcomes
        if kind == "entry":
            faces = list(range(1, 7))
            if self.game.opt.same_entry == "reroll":  # AMB-SS-7
                used = {e for e in self.entry_used if e}
                faces = [e for e in faces if e not in used] or faces
            return uniform([act("entry", e) for e in faces])
        n = len(pending[2]) if kind == "route" else len(pending[1])
        table = self.game.uniform_outcomes.get((kind, n))
        if table is None:
            table = self.game.uniform_outcomes[kind, n] = tuple(uniform([act(kind, i) for i in range(n)]))
        return table

    def chance_stream(self) -> str:
        """Laser rolls, entry points, routes and picks each draw from their own stream."""
        pending = self.pending
        assert pending is not None  # (a chance node)
        return str(pending[0])

    def _apply_action(self, action: Action) -> None:
        kind = action.kind
        if self.pending is not None:
            pend, self.pending = self.pending, None
            if kind == "roll":
                self._resolve_laser(pend[1], pend[2], int(action.args[0]))
            elif kind == "entry":
                self._enter(pend[1], int(action.args[0]))
            elif kind == "route":
                self._run_route(pend[1], pend[2][int(action.args[0])], chosen_by="die")
            else:  # pick: AMB-SS-8 die among the tied nearest targets
                self._shoot(0, pend[1][int(action.args[0])])
        elif kind == "fire":
            decision = self.decision
            assert decision is not None  # (a target decision: fire is legal)
            f = decision[1]
            self.decision = None
            self._shoot(f, int(action.args[0]))
        elif kind == "select":
            self.active = int(action.args[0]) + 1
            self.steps_left = int(self.game.opt.fighter_speed)
            self.decision = None
            self._record("SS-J", "activate", {"fighter": self.game.labels[self.active]}, None)
            if self.steps_left == 0:
                self._finish_fighter()
        elif kind == "move":
            self.decision = None
            self._fighter_step(int(action.args[0]))
        elif kind == "stop":
            self.decision = None
            self._finish_fighter()
        else:  # end: SS-J step 8 over
            self.decision = None
            self._record("SS-J", "fighters_done", {"turn": self.turn}, None)
            self.queue.pop(0)
        self._advance()

    def returns(self) -> list[float]:
        if self.outcome == WIN:
            return [1.0]
        if self.outcome == LOSS:
            return [-1.0]
        return [0.0]

    # ================================================================== the step machine
    def _advance(self) -> None:
        """Run rule steps until a decision, a chance node or the end of the game."""
        while self.outcome == RUNNING and self.pending is None and self.decision is None:
            if not self.queue:
                self.queue = self._later_turn()
            step = self.queue[0]
            op = step[0]
            if op == "player":
                if self.active >= 0 or self._eligible():
                    self.decision = ("phase",)
                    return
                self.queue.pop(0)
                continue
            self.queue.pop(0)
            if op == "station_move":
                self._station_move()
            elif op == "station_fire":
                self._station_fire()
            elif op == "launch":
                self._launch(bool(step[1]))
            elif op == "enter":
                self.pending = ("entry", step[1])
            elif op == "missile":
                self._enemy_move(self.game.first_missile + step[1])
            elif op == "droid":
                self._enemy_move(self.game.first_droid + step[1])
            elif op == "droid_fire":
                self._droid_fire(self.game.first_droid + step[1])
            elif op == "shot":
                if self.status[step[1]] == IN_PLAY and self.status[step[2]] == IN_PLAY:
                    self.pending = ("roll", step[1], step[2])
            else:  # end_turn
                self._end_turn()

    def _end_turn(self) -> None:
        limit = int(self.game.opt.max_turns)
        if self.turn >= limit:  # a lab safety bound, not a rule of the seed (SS-H)
            self.outcome = UNFINISHED
            self.stop_unfinished("SS-H", f"max_turns={limit}", turn=self.turn)
            return
        self.turn += 1
        self.acted = self.fired = self.launched_now = 0
        self.queue = self._later_turn()

    def _eligible(self) -> list[int]:
        """Fighters the player may still activate this turn (SS-J steps 7-8, AMB-SS-4)."""
        g = self.game
        moves_new = bool(g.opt.launch_moves)
        return [
            f for f in range(1, g.first_droid)
            if self.status[f] == IN_PLAY and not (self.acted >> f) & 1
            and (moves_new or not (self.launched_now >> f) & 1)
        ]

    # ================================================================== station and fighters
    def _station_move(self) -> None:
        """SS-D1, SS-F2: the station moves ``station_speed`` orbit hexes counter-clockwise."""
        orbit = self.geo.orbit
        for _ in range(int(self.game.opt.station_speed)):
            self.station_k = (self.station_k + 1) % len(orbit)
            h = orbit[self.station_k]
            self.hexes[0] = h
            for o in self._occupants(h, 0):
                self._collide(0, o)
                if self.status[0] != IN_PLAY:
                    return
        self._record("SS-D1", "station_move", {"hex": self.game.hex_labels[self.hexes[0]],
                                             "orbit": self.station_k, "turn": self.turn}, None)

    def _targets(self, shooter: int) -> list[int]:
        """Pieces ``shooter`` may fire at (SS-G2: never the station; AMB-SS-5/6)."""
        g = self.game
        p = g.opt
        h = self.hexes[shooter]
        dist = self.geo.dist[h]
        rng = int(p.laser_range)
        if g.kinds[shooter] == "droid":
            cand = range(1, g.first_droid) if p.droid_targets == "fighters" else range(1, g.n_pieces)
        else:
            cand = range(g.first_droid, g.n_pieces)
        out = [
            t for t in cand
            if t != shooter and self.status[t] == IN_PLAY and dist[self.hexes[t]] <= rng
        ]
        if p.laser_line_of_sight and out:
            out = [t for t in out if self.geo.line_of_sight(h, self.hexes[t])]
        return out

    def _station_fire(self) -> None:
        """SS-J (2), SS-D1: the station fires at the nearest target in range (AMB-SS-8 ties)."""
        targets = self._targets(0)
        if not targets:
            return
        dist = self.geo.dist[self.hexes[0]]
        picks = self.game.rules.station_targets([dist[self.hexes[t]] for t in targets])  # SS-D1
        tied = _pick(targets, picks, "SS-D1", self.game._house) if "SS-D1" in self.game._house else [targets[i] for i in picks]
        if len(tied) > 1 and self.game.opt.station_tie == "die":
            self.pending = ("pick", tied)
            return
        tied.sort(key=lambda t: (self.game.kinds[t] != "missile", t))
        self._shoot(0, tied[0])

    def _launch(self, attack: bool) -> None:
        """SS-D2, SS-I, SS-J (3-6): the next fighter leaves the station (AMB-SS-4 where)."""
        g = self.game
        waiting = [f for f in range(1, g.first_droid) if self.status[f] == WAITING]
        if not waiting:
            return
        f = waiting[0]
        if g.opt.launch_position == "behind":
            h = self.geo.orbit[(self.station_k - 1) % len(self.geo.orbit)]
        else:
            h = self.hexes[0]
        self.hexes[f] = h
        self.status[f] = IN_PLAY
        self.launched_now |= 1 << f
        self.stats["fighters_launched"] += 1
        self._record("SS-D2", "launch", {"fighter": g.labels[f], "hex": g.hex_labels[h]}, None)
        if attack:
            self._fighter_fire(f)

    def _fighter_fire(self, f: int) -> None:
        """SS-D2, SS-G3: one laser target per turn; the player chooses among several."""
        if (self.fired >> f) & 1 or self.status[f] != IN_PLAY:
            return
        targets = self._targets(f)
        if not targets:
            return
        if len(targets) == 1:
            self._shoot(f, targets[0])
        else:
            self.decision = ("target", f, targets)

    def _fighter_step(self, d: int) -> None:
        """SS-D2: the active fighter enters the next hex of its route (SS-E collisions)."""
        f = self.active
        j = self.geo.step[self.hexes[f]][d]
        self.hexes[f] = j
        for o in self._occupants(j, f):
            self._collide(f, o)
            if self.status[f] != IN_PLAY:
                break
        if self.status[f] != IN_PLAY:
            self.acted |= 1 << f
            self.active = -1
            return
        self.steps_left -= 1
        if self.steps_left <= 0:
            self._finish_fighter()

    def _finish_fighter(self) -> None:
        f = self.active
        self.active = -1
        self.acted |= 1 << f
        g = self.game
        self._record("SS-J", "fighter_moved", {"fighter": g.labels[f], "hex": g.hex_labels[self.hexes[f]]}, None)
        self._fighter_fire(f)

    def _shoot(self, shooter: int, target: int) -> None:
        """Queue the d6 roll of one laser shot (SS-G2)."""
        if self.game.kinds[shooter] == "fighter":
            self.fired |= 1 << shooter
        self.pending = ("roll", shooter, target)

    def _resolve_laser(self, shooter: int, target: int, face: int) -> None:
        """SS-G2: a laser destroys (or, on a droid, removes a shield) on ``hit_on`` or more."""
        g = self.game
        shots, hits = _SHOT_STATS[g.kinds[shooter]]
        self.stats[shots] += 1
        hit = g.rules.laser_hits(face, int(g.opt.hit_on))  # SS-G2 rule point
        self._record("SS-G2", "laser", {"shooter": g.labels[shooter], "target": g.labels[target], "face": face,
                                     "hit": hit}, None)
        if hit:
            self.stats[hits] += 1
            self._damage(target)
            self._check_end()

    def _droid_fire(self, droid: int) -> None:
        """SS-D3, SS-G3, SS-J (11): a droid attacks every target in range, once per turn."""
        if self.status[droid] != IN_PLAY:
            return
        targets = self._targets(droid)
        self.queue[0:0] = [("shot", droid, t) for t in targets]

    # ================================================================== droids and missiles
    def _enter(self, j: int, face: int) -> None:
        """SS-I, SS-D3, SS-D4: droid ``j`` and its missile enter at entry point ``face``."""
        g = self.game
        h = self.geo.entries[face - 1]
        self.entry_used[j] = face
        d, m = g.first_droid + j, g.first_missile + j
        for pid in (d, m):
            self.hexes[pid] = h
            self.status[pid] = IN_PLAY
        self._record("SS-D3", "droid_enter", {"droid": g.labels[d], "entry": face, "hex": g.hex_labels[h]}, None)
        self._record("SS-D4", "missile_launch", {"missile": g.labels[m], "hex": g.hex_labels[h]}, None)

    def _enemy_move(self, pid: int) -> None:
        """SS-D3, SS-D4, SS-F1: full speed along a shortest route to the station (SS-F3)."""
        if self.status[pid] != IN_PLAY:
            return
        g = self.game
        tier, best = self.route_choice(pid)
        if len(best) == 1 or (tier < 2 and g.opt.free_route_choice == "first"):
            self._run_route(pid, best[0], chosen_by=_TIER_NAMES[tier])
        else:
            self._record("SS-F3", "route_die", {"piece": g.labels[pid], "tier": tier, "routes": len(best)}, None)
            self.pending = ("route", pid, tuple(best))

    def route_choice(self, pid: int) -> tuple[int, list[tuple[int, ...]]]:
        """SS-F3: the preferred tier and its routes for droid or missile ``pid``.

        Every route is the first ``speed`` hexes of a shortest route to the station's current
        hex (recomputed each move, read from the precomputed tables). Tier 0: no piece on it;
        1: only the player's pieces; 2: friendly pieces too. The station is never counted.
        """
        g = self.game
        status, hexes = self.status, self.hexes
        key = (hexes[pid], self.station_k, g.speed_of[pid])
        if "SS-F3" not in g._house:
            # the common case: no piece but the station on any hex of these routes (the mover
            # is never on its own route): the seed's choice for free routes, kept per game
            got = g.free_routes.get(key)
            if got is not None and got[2].isdisjoint(hexes[1:]):
                return got[0], list(got[1])
        routes = self.geo.routes(*key)
        # hex -> the highest occupant class there: pieces are numbered fighters (1) before
        # droids and missiles (2), so the last piece written on a hex has the highest class
        occ: dict[int, int] = {}
        enemy_first = g.first_droid
        for o in range(1, enemy_first):
            if status[o] == IN_PLAY:
                occ[hexes[o]] = 1
        for o in range(enemy_first, g.n_pieces):
            if o != pid and status[o] == IN_PLAY:
                occ[hexes[o]] = 2
        # a route's tier: the highest occupant class on it (most routes touch none)
        if occ and not occ.keys().isdisjoint(self._route_hexes(key, routes)):
            get, occupied = occ.get, occ.keys()
            tiers = [0 if occupied.isdisjoint(r) else max([get(h, 0) for h in r]) for r in routes]
            return self._preferred(routes, tiers)
        if "SS-F3" in g._house:
            return self._preferred(routes, [0] * len(routes))
        # no piece on any route: the seed's rule (a pure function of the tiers, all 0) chooses
        # the same routes every time these routes come up, so its choice is kept per game
        memo = g.free_routes
        got = memo.get(key)
        if got is None:
            if len(memo) > 200_000:
                memo.clear()
            got = memo[key] = (*self._preferred(routes, [0] * len(routes)), self._route_hexes(key, routes))
        return got[0], list(got[1])

    def _preferred(self, routes: list[tuple[int, ...]], tiers: list[int]) -> tuple[int, list[tuple[int, ...]]]:
        """SS-F3 rule point: the kept routes (in order) and their best tier."""
        g = self.game
        kept = g.rules.preferred_routes(tiers)  # SS-F3 rule point
        if "SS-F3" in g._house:  # a house rule's choice is checked; the seed's rule is trusted
            kept = _pick(list(range(len(routes))), kept, "SS-F3", g._house)
        return min(map(tiers.__getitem__, kept)), [routes[i] for i in kept]

    def _route_hexes(self, key: tuple[int, int, int], routes: list[tuple[int, ...]]) -> frozenset[int]:
        """Every hex on the routes ``self.geo.routes(*key)`` (memoised per game, bounded)."""
        memo = self.game.route_hexes
        got = memo.get(key)
        if got is None:
            if len(memo) > 200_000:
                memo.clear()
            got = memo[key] = frozenset(h for r in routes for h in r)
        return got

    def _run_route(self, pid: int, route: tuple[int, ...], chosen_by: str) -> None:
        """Move ``pid`` along ``route`` hex by hex, colliding on the way (SS-E)."""
        g = self.game
        self._record("SS-F3", "route", {"piece": g.labels[pid], "steps": len(route), "chosen_by": chosen_by}, None)
        hexes = self.hexes
        for h in route:
            if h not in hexes:  # an empty hex (the mover is never on its own route)
                hexes[pid] = h
                continue
            stopped = False
            for o in self._occupants(h, pid):
                result = self._collide(pid, o)
                if result == "stop":
                    stopped = True
                if self.status[pid] != IN_PLAY or stopped:
                    break
            if self.status[pid] != IN_PLAY or stopped:
                break
            self.hexes[pid] = h
        # (no end check here: only a collision destroys a piece on the way, and _collide checks)

    # ================================================================== collisions
    def _occupants(self, h: int, mover: int) -> list[int]:
        """Pieces on cell ``h`` a mover collides with, in order (AMB-SS-10 ``stack_hit_order``).

        The others by piece number (fighters, droids, missiles); the station first
        (``station_first``, the default) or last (``station_last``).
        """
        hexes = self.hexes
        if hexes.count(h) <= (hexes[mover] == h):  # nobody else there (the common case)
            return []
        status = self.status
        out = [o for o in range(1, self.game.n_pieces)
               if o != mover and hexes[o] == h and status[o] == IN_PLAY]
        if mover != 0 and hexes[0] == h and status[0] == IN_PLAY:
            if self.game.station_first:
                out.insert(0, 0)
            else:
                out.append(0)
        return out

    def _collide(self, mover: int, other: int) -> str:
        """SS-E: the collision table. Returns 'go', 'stop' (droid-droid) or 'dead'."""
        g = self.game
        where = self.hexes[other]
        self.stats["collisions"] += 1
        on_mover, on_other, stops = g.rules.collide(g.kinds[mover], g.kinds[other])  # SS-E rule point
        for effect in ("destroy", "damage"):  # destructions first, the mover before the other
            for pid, what in ((mover, on_mover), (other, on_other)):
                if what == effect:
                    (self._destroy if effect == "destroy" else self._damage)(pid)
        result = "dead" if self.status[mover] != IN_PLAY else ("stop" if stops else "go")
        self._record("SS-E", "collision", {"mover": g.labels[mover], "other": g.labels[other],
                                         "hex": g.hex_labels[where], "result": result}, None)
        self._check_end()
        return result

    def _damage(self, pid: int) -> None:
        """One hit: droids lose a shield (SS-D3), anything else is destroyed."""
        self.hp[pid] -= 1
        if self.game.kinds[pid] == "droid":
            self._record("SS-D3", "shield_lost", {"droid": self.game.labels[pid], "hits_left": self.hp[pid]}, None)
        if self.hp[pid] <= 0:
            self._destroy(pid)

    def _destroy(self, pid: int) -> None:
        if self.status[pid] == DESTROYED:
            return
        self.status[pid] = DESTROYED
        self.hp[pid] = 0
        self._record("SS-F5", "destroyed", {"piece": self.game.labels[pid]}, None)
        self.hexes[pid] = -1
        if pid == self.active:
            self.active = -1

    def _check_end(self) -> None:
        """SS-H: loss when the station is destroyed, else win when every enemy is gone."""
        if self.outcome != RUNNING:
            return
        status, g = self.status, self.game
        left = g.n_pieces - g.first_droid - status[g.first_droid:].count(DESTROYED)
        verdict = g.rules.outcome(status[0] == DESTROYED, left)  # SS-H rule point
        if verdict == "loss":
            self.outcome = LOSS
            self.pending = self.decision = None
            self._record("SS-H", "loss", {"turn": self.turn}, None)
        elif verdict == "win":
            self.outcome = WIN
            self.pending = self.decision = None
            self._record("SS-H", "win", {"turn": self.turn}, None)

    # ================================================================== data views
    def full_state(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "station_k": self.station_k,
            "hexes": list(self.hexes),
            "status": list(self.status),
            "hp": list(self.hp),
            "entry_used": list(self.entry_used),
            "queue": [list(s) for s in self.queue],
            "pending": _jsonable(self.pending),
            "decision": _jsonable(self.decision),
            "active": self.active,
            "steps_left": self.steps_left,
            "acted": self.acted,
            "fired": self.fired,
            "launched_now": self.launched_now,
            "outcome": self.outcome,
            "stopped_by": self.stopped_by,
            "stats": dict(self.stats),
        }

    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything (a perfect-information game): the full state plus readable piece rows.

        :func:`lab.games.space_station.observe.state_from_observation` rebuilds a state from it.
        """
        obs = self.full_state()
        g = self.game
        obs["pieces"] = [
            {"id": p, "label": g.labels[p], "kind": g.kinds[p], "status": self.status[p],
             "hex": None if self.hexes[p] < 0 else list(self.geo.nodes[self.hexes[p]]),
             "hits_left": self.hp[p]}
            for p in range(g.n_pieces)
        ]
        return obs

    def clone(self) -> SpaceStationState:
        cls = type(self)  # a subclass keeps its class on clone
        new = cls.__new__(cls)
        new.game = self.game
        new._history = list(self._history)
        new._events = list(self._events)
        new.geo = self.geo
        new.turn = self.turn
        new.station_k = self.station_k
        new.hexes = list(self.hexes)
        new.status = list(self.status)
        new.hp = list(self.hp)
        new.entry_used = list(self.entry_used)
        new.queue = list(self.queue)
        new.pending = self.pending
        new.decision = self.decision
        new.active = self.active
        new.steps_left = self.steps_left
        new.acted = self.acted
        new.fired = self.fired
        new.launched_now = self.launched_now
        new.outcome = self.outcome
        new.stopped_by = self.stopped_by
        new.stats = dict(self.stats)
        return new

    def explain_illegal(self, player: int, action: Action) -> str | None:
        if self.decision is None:
            return "no decision is pending"
        if self.decision[0] == "target":
            return f"choose a laser target among {[self.game.labels[t] for t in self.decision[2]]}"
        if action.kind == "move" and self.active < 0:
            return "select a fighter first"
        if action.kind == "move":
            return "that hex is off the board or forbidden (SS-F4)"
        if action.kind == "select":
            return "that fighter is not in play, has already acted, or left the station this turn"
        return None

    # ================================================================== measures
    def metrics(self) -> dict[str, float]:
        g = self.game
        fighters_lost = sum(1 for f in range(1, g.first_droid) if self.status[f] == DESTROYED)
        droids = range(g.first_droid, g.first_missile)
        missiles = range(g.first_missile, g.n_pieces)
        out = {
            "turns": float(self.turn),
            "win": float(self.outcome == WIN),
            "loss": float(self.outcome == LOSS),
            "fighters_lost": float(fighters_lost),
            "droids_destroyed": float(sum(self.status[d] == DESTROYED for d in droids)),
            "missiles_destroyed": float(sum(self.status[m] == DESTROYED for m in missiles)),
            "enemy_removed": self.progress()[0],
        }
        out.update({k: float(v) for k, v in self.stats.items()})
        return out

    def progress(self) -> list[float]:
        """Share of the enemy's strength removed: droid hits taken plus missiles destroyed."""
        g = self.game
        total = g.n_droids * (int(g.opt.droid_shields) + 2)
        left = sum(self.hp[d] for d in range(g.first_droid, g.first_missile)
                   if self.status[d] != DESTROYED)
        left += sum(1 for m in range(g.first_missile, g.n_pieces) if self.status[m] != DESTROYED)
        return [1.0 - left / total]

    def value_estimate(self) -> list[float]:
        """Expected return ``2 P(win) - 1`` from the fitted win model
        (:func:`lab.games.space_station.value.win_probability`); general search players read it
        with ``evaluation="value"`` to score a rollout cut before the end."""
        from lab.games.space_station.value import win_probability

        return [2.0 * win_probability(self) - 1.0]

    def describe_action(self, action: Action) -> str:
        g = self.game
        k = action.kind
        if k == "select":
            return f"activate {g.labels[int(action.args[0]) + 1]}"
        if k == "move":
            return f"move {self.geo.directions[int(action.args[0])]}"
        if k == "fire":
            return f"fire at {g.labels[int(action.args[0])]}"
        if k == "stop":
            return "stop here"
        if k == "end":
            return "end fighter moves"
        return str(action)

    def render_svg(self, viewer: int | None = None) -> str:
        from lab.games.space_station.render import render_svg

        return render_svg(self, viewer)

    def action_targets(self, player: int) -> dict[str, list[Action]]:
        from lab.games.space_station.render import action_targets

        return action_targets(self, player)

    # the widgets' optional hooks (words and one-click paths live in render.py)
    def target_path(self, player: int, target: str) -> list[Action]:
        from lab.games.space_station.render import target_path

        return target_path(self, player, target)

    def explain_target(self, player: int, target: str) -> str | None:
        from lab.games.space_station.render import explain_target

        return explain_target(self, player, target)

    def result_text(self, viewer: int | None = None) -> str:
        from lab.games.space_station.render import result_text

        return result_text(self)


def _pick(items: list[Any], indices: list[int], rule: str, house: Any) -> list[Any]:
    """``items[i]`` for the indices the house rule ``house[rule]`` chose (in range, each once; at
    least one); the error names the function and the indices out of range."""
    seen = list(dict.fromkeys(i for i in indices if 0 <= i < len(items)))
    if not seen:
        fn = getattr(house[rule].function, "__name__", "rule")
        last = len(items) - 1
        bad = [i for i in indices if not 0 <= i < len(items)]
        if not bad:
            why = "returned no index"
        elif len(bad) == 1:
            why = f"index {bad[0]} is out of range 0..{last}"
        else:
            why = f"indices {', '.join(map(str, bad[:5]))} are out of range 0..{last}"
        msg = (f"rule point {rule} chose none of the {len(items)} candidates: house rule {fn}: {why}; "
               f"return at least one index in 0..{last}")
        raise RuleError(msg, rule=rule, clause=rule)
    return [items[i] for i in seen]


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


_OWN_LEGAL = SpaceStationState._legal_actions
