"""Lasers (SS-G): who may fire at whom, the shots and their d6 rolls.

The station fires at the nearest target in range (SS-D1 rule point, AMB-SS-8 ties), a fighter
at one target once per turn (it chooses among several), a droid at every target in range
(AMB-SS-6); a shot hits on ``hit_on`` or more (SS-G2 rule point). See
:mod:`lab.games.space_station.position` for the layers of the state class.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from lab.games.space_station.position import IN_PLAY
from lab.games.space_station.routes import RouteRules
from lab.games.space_station.rule_points import house_pick

#: a shooter's kind -> its two counters in ``stats`` (shots, hits)
_SHOT_STATS = {kind: (f"{kind}_shots", f"{kind}_hits") for kind in ("station", "fighter", "droid")}


@mypyc_attr(allow_interpreted_subclasses=True)
class LaserRules(RouteRules):
    """The route layer with laser targets, shots and their resolution (SS-G2, SS-G3)."""

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
        tied = house_pick(targets, picks, "SS-D1", self.game._house) if "SS-D1" in self.game._house else [targets[i] for i in picks]
        if len(tied) > 1 and self.game.opt.station_tie == "die":
            self.pending = ("pick", tied)
            return
        tied.sort(key=lambda t: (self.game.kinds[t] != "missile", t))
        self._shoot(0, tied[0])

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
