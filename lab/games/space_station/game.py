"""Save the Space Station (seed ``002_bef2c086835c932c.txt``, RULES.md section 3): the game.

A solo hex wargame: player 0 commands the station's fighters; two droids and their missiles
move by fixed rules (chance nodes where the rules roll a die), never by an agent.

This module assembles the package's parts, which do not know about each other: the variant's
tables (:mod:`~lab.games.space_station.tables`, the base of the game class), the states
(:mod:`~lab.games.space_station.state` and the layers below it), the drawing
(:mod:`~lab.games.space_station.render`, a presentation handed a state), the players
(:mod:`~lab.games.space_station.agents`) and the linter's checks
(:mod:`~lab.games.space_station.accounting`). Its order, bottom to top, is declared as an
import contract in ``pyproject.toml`` (ARCHITECTURE.md).

Turn structure: see :mod:`~lab.games.space_station.state` (SS-I, SS-J).

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

from typing import Any, ClassVar

import networkx as nx

from lab.core.actions import ActionSpec, Field
from lab.core.budget import MAX_HISTORY, Budget
from lab.core.errors import InvalidVariant
from lab.core.params import Params
from lab.core.state import State
from lab.games.space_station.accounting import accounting_checks
from lab.games.space_station.agents import GreedyAgent, SearchAgent
from lab.games.space_station.board import (
    MAX_GEOMETRY_BYTES,
    MAX_HEXES,
    geometry_bytes,
    geometry_for,
)
from lab.games.space_station.components import DIE_SIDES
from lab.games.space_station.params import PARAMETERS
from lab.games.space_station.position import IN_PLAY
from lab.games.space_station.render import SpaceStationPresentation
from lab.games.space_station.rule_points import RULE_POINTS
from lab.games.space_station.state import SpaceStationState
from lab.games.space_station.tables import SpaceStationTables, max_length


class SpaceStationGame(SpaceStationTables):
    """Save the Space Station under one variant."""

    name: ClassVar[str] = "space_station"
    title: ClassVar[str] = "Save the Space Station (Salva la Stazione Spaziale)"
    utility: ClassVar[str] = "general_sum"  # solo: +1 saved, -1 lost, 0 unfinished
    rules_version: ClassVar[int] = 1
    seed_file: ClassVar[str] = "002_bef2c086835c932c.txt"
    perfect_information: ClassVar[bool] = True  # solo, nothing hidden; dice drawn when rolled
    PARAMETERS = PARAMETERS
    RULE_POINTS = RULE_POINTS
    presentation = SpaceStationPresentation()

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
        return accounting_checks(self)

    @classmethod
    def agent_factories(cls) -> dict[str, Any]:
        return {"greedy": GreedyAgent, "search": SearchAgent}
