"""The enemy's moves: droids and missiles enter (SS-I, SS-D3, SS-D4) and run to the station (SS-F).

A droid or missile moves at full speed along a shortest route to the station's current hex; the
SS-F3 rule point ranks the candidate routes by the pieces on them, and a die picks among the
best when several remain. See :mod:`lab.games.space_station.position` for the layers of the
state class.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from lab.games.space_station.collisions import CollisionRules
from lab.games.space_station.position import IN_PLAY
from lab.games.space_station.rule_points import house_pick

_TIER_NAMES = ("tier0", "tier1", "tier2")  # SS-F3: how a route was chosen (the event's chosen_by)


@mypyc_attr(allow_interpreted_subclasses=True)
class RouteRules(CollisionRules):
    """The collision layer with the enemy's entry (SS-D3, SS-D4) and routes (SS-F1, SS-F3)."""

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
            kept = house_pick(list(range(len(routes))), kept, "SS-F3", g._house)
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

