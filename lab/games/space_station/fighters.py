"""The player's pieces on the move: the station's orbit (SS-D1), launches and fighter routes (SS-D2).

The station moves ``station_speed`` orbit hexes a turn, colliding on the way; fighters leave it
(AMB-SS-4 where), attacking at once after the first turn; an activated fighter moves hex by
hex, then fires. See :mod:`lab.games.space_station.position` for the layers of the state class.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from lab.games.space_station.lasers import LaserRules
from lab.games.space_station.position import IN_PLAY, WAITING


@mypyc_attr(allow_interpreted_subclasses=True)
class FighterRules(LaserRules):
    """The laser layer with the station's move, launches and the active fighter's steps."""

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
