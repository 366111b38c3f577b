"""SS-E collisions and the end of the game (SS-H): the layer of the state that destroys pieces.

A mover meets the pieces on a hex one by one (AMB-SS-10 ``stack_hit_order``); the collision
table is the SS-E rule point; a hit takes a droid's shield (SS-D3) or destroys the piece; every
destruction may end the game (SS-H rule point). See :mod:`lab.games.space_station.position` for
the layers of the state class.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from lab.games.space_station.position import DESTROYED, IN_PLAY, LOSS, RUNNING, WIN, StationPosition


@mypyc_attr(allow_interpreted_subclasses=True)
class CollisionRules(StationPosition):
    """A position with the collision table (SS-E), hits (SS-D3, SS-F5) and the end (SS-H)."""

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

