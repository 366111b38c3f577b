"""The position of Save the Space Station: every field of a state, and what reads them.

The state class of this game is built in layers, one module per concern, each a subclass of
the one below (all compiled with the engine, :mod:`lab.native`): this position (fields, data
views, measures) -> :mod:`~lab.games.space_station.collisions` (SS-E, the end SS-H) ->
:mod:`~lab.games.space_station.routes` (the enemy's moves, SS-F3) ->
:mod:`~lab.games.space_station.lasers` (SS-G) -> :mod:`~lab.games.space_station.fighters`
(the station's orbit, launches and fighter moves, SS-D1, SS-D2) ->
:mod:`~lab.games.space_station.state` (the turn program SS-I, SS-J and the engine's hooks).

A position reads its game only through :class:`~lab.games.space_station.tables.SpaceStationTables`.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from lab.core.state import State
from lab.games.space_station.board import Geometry
from lab.games.space_station.tables import SpaceStationTables

WAITING, IN_PLAY, DESTROYED = 0, 1, 2  # a piece's status
RUNNING, WIN, LOSS, UNFINISHED = 0, 1, -1, 2  # the game's outcome


@mypyc_attr(allow_interpreted_subclasses=True)
class StationPosition(State):
    """Where every piece is, what it has left, and where the turn program stands.

    ``self.game`` is the variant's :class:`SpaceStationTables` (piece ids, labels, tables). It is
    not declared again here: a compiled class that re-declares an attribute of its compiled base
    gets a second C field of that name, which the garbage collector then counts twice (see
    ARCHITECTURE.md, "The compiled build").
    """

    def __init__(self, game: SpaceStationTables) -> None:
        super().__init__(game)
        self.geo: Geometry = game.geo
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

    def clone(self) -> StationPosition:
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


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value

