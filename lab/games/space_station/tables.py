"""What a state of Save the Space Station reads from its game: piece ids and per-variant tables.

:class:`SpaceStationTables` is the part of the game (the base of
:class:`~lab.games.space_station.game.SpaceStationGame`) that its states consult at every
step: the piece numbering, labels and kinds, the board's tables, the legal-action tuples and
chance tables shared by every state, and the parameters as a record. It sits below the state modules, which type their game with it and so
never import the module that assembles the game (ARCHITECTURE.md).
"""

from __future__ import annotations

from typing import Any

from lab.core.actions import Action, act
from lab.core.chance import die
from lab.core.game import Game
from lab.core.params import Params
from lab.games.space_station.board import Geometry, geometry_for
from lab.games.space_station.components import DIE_SIDES
from lab.games.space_station.params import options_record


def max_length(params: Params) -> int:
    """Upper bound on a game's history entries: turns x the most steps one turn can take."""
    f, d = int(params["fighters"]), int(params["droids"])
    per_turn = 4 + 2 * f + 10 * f + d * (4 + f + 2 * d)
    return int(params["max_turns"]) * per_turn + 16


class SpaceStationTables(Game):
    """The read-only tables of one variant, built once per game (:meth:`build_tables`).

    The base of the game class (:class:`~lab.games.space_station.game.SpaceStationGame`, which
    adds the game's identity, parameters, players and drawing); the states read these
    attributes through ``state.game``. Not a game of its own (it has no ``name``).
    """

    #: the rule points, called by name (``rules.collide(...)``: the functions of
    #: :mod:`~lab.games.space_station.rule_points`, or a house rule's where one is set)
    rules: Any
    n_fighters: int
    n_droids: int
    first_droid: int
    first_missile: int
    n_pieces: int
    kinds: tuple[str, ...]
    labels: tuple[str, ...]
    geo: Geometry
    speed_of: tuple[int, ...]
    hex_labels: tuple[str, ...]
    moves_from: tuple[tuple[Action, ...], ...]
    select_actions: tuple[Action, ...]
    end_action: Action
    roll_outcomes: tuple[tuple[Action, float], ...]
    uniform_outcomes: dict[tuple[str, int], tuple[tuple[Action, float], ...]]
    route_hexes: dict[tuple[int, int, int], frozenset[int]]
    free_routes: dict[tuple[int, int, int], tuple[int, list[tuple[int, ...]], frozenset[int]]]
    opt: Any
    station_first: bool

    def __init__(self, params: Any = None, /, **kwargs: Any) -> None:
        super().__init__(params, **kwargs)
        self.build_tables()

    def build_tables(self) -> None:
        """Number the pieces and build the tables the rules consult on every step."""
        p = self.params
        self.n_fighters = int(p.fighters)
        self.n_droids = int(p.droids)
        # piece ids: 0 station, then fighters, droids, missiles (missile j belongs to droid j)
        self.first_droid = 1 + self.n_fighters
        self.first_missile = self.first_droid + self.n_droids
        self.n_pieces = self.first_missile + self.n_droids
        kinds = ["station"] + ["fighter"] * self.n_fighters
        kinds += ["droid"] * self.n_droids + ["missile"] * self.n_droids
        self.kinds = tuple(kinds)
        labels = ["S"] + [f"F{i + 1}" for i in range(self.n_fighters)]
        labels += [f"D{j + 1}" for j in range(self.n_droids)]
        labels += [f"M{j + 1}" for j in range(self.n_droids)]
        self.labels = tuple(labels)
        self.geo = geo = geometry_for(p)  # the board tables every state of this game reads
        self.speed_of = tuple(
            int(p.droid_speed) if k == "droid" else int(p.missile_speed) if k == "missile" else 0
            for k in self.kinds)
        self.hex_labels = tuple(geo.label(i) for i in range(len(geo.nodes)))
        #: hex -> the legal ``move`` actions from it and ``stop`` (SS-D2, SS-F4)
        self.moves_from = tuple(
            (*(act("move", d) for d, j in enumerate(row) if j >= 0), act("stop")) for row in geo.step)
        self.select_actions = tuple(act("select", f) for f in range(self.n_fighters))
        self.end_action = act("end")
        self.roll_outcomes = tuple(die("roll", DIE_SIDES))
        self.uniform_outcomes = {}
        #: (hex, orbit index, speed) -> every hex on its SS-F3 routes (a bounded memo)
        self.route_hexes = {}
        #: the same key -> the seed's SS-F3 choice when no piece is on any of its routes (its
        #: tier and routes) and every hex on those routes
        self.free_routes = {}
        #: the parameters again, as an immutable record (its attributes are read in C; the rules
        #: read a parameter at nearly every step)
        self.opt = options_record(p)
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
