"""The Space Station board: Earth, the forbidden zone, the orbit, the entry points, and the
precomputed distance tables every move of the rules reads in O(1).

Coordinates: graph nodes are 0-based ``(col, row)`` cells -- offset hexes (see
:mod:`lab.boards.hexgrid`) or squares (:mod:`lab.boards.squaregrid`); designer-facing parameters
(``earth_row``, ``entry_points``) are 1-based, as the seed counts ("the hex on row 10").
Everything below is written once for both grids: a :class:`Lattice` answers the four questions
that differ (the graph, the distance, the ring at a distance, the neighbours in direction order).

Documented choices
------------------
* SS-A2 / AMB-SS-2: Earth is on row ``earth_row`` (1-based, default 10) and is the
  ``earth_from_right``-th hex counting from the right edge, the edge hex being the first. With
  the defaults (28 columns, ``earth_from_right=6``) that is column 23 (1-based), node ``(22, 9)``;
  ``earth_from_right=7`` gives column 22 (six hexes *between* Earth and the edge).
* SS-A4: the orbit is every hex at hex distance ``orbit_radius`` from Earth, ordered
  counter-clockwise as seen on screen (``y`` down) starting at the leftmost orbit hex. Ties for
  "leftmost" (only possible with flat-top hexes) go to the hex nearest Earth's row, then the
  upper one.
* SS-A3 / AMB-SS-3: the entry points lie on the border of the left half of the board (columns
  ``0 .. columns // 2 - 1``), walked from the middle of the top edge to the top-left corner, down
  the left edge, then along the bottom edge to the middle. That walk of ``L`` steps is cut into six
  equal arcs and the entry point ``i`` (1..6) is the hex at the middle of arc ``i``: position
  ``floor((i - 0.5) * L / 6 + 0.5)``. On the default board: top (10, 1), (3, 1); left (1, 6),
  (1, 14); bottom (3, 19), (10, 19) in 1-based ``(column, row)`` -- two on each edge, spaced 7-8
  steps apart. ``entry_points`` overrides them.
* SS-F4: forbidden hexes (Earth and the hexes within ``forbidden_radius`` of it) are not in the
  movement graph at all, so shortest routes go around them.
* SS-A1 with the seed's preamble ("se non avete un piano ad esagoni, anche uno a riquadri si
  presta ugualmente"): ``grid="square"`` plays on a 28 x 19 board of squares with every number
  of the seed unchanged; "hex" in a rule then reads "square". RULES.md's digest only has the hex
  board; the seed offers both, and the seed wins.
* AMB-SS-9 (not in RULES.md; the seed does not say how squares touch): ``square_neighbours=8``
  (default) joins squares sharing a side or a corner, so distances are Chebyshev, the orbit is
  the border of the 7 x 7 square around Earth (24 squares, each next to the following one: the
  station still moves square by square along it) and the forbidden zone Earth's 3 x 3 block
  (9 squares). ``square_neighbours=4`` joins only squares sharing a side: Manhattan distances,
  a diamond orbit of 12 squares whose consecutive squares touch only at a corner (the station
  jumps from one to the next along its orbit) and a forbidden cross of 5 squares. The default
  keeps the hex game's "the orbit is a path of neighbouring cells", and with 8 neighbours a
  laser's reach (169 squares within 6) and the orbit (24) are nearer the hex board's (127, 18)
  on the side of more room, where 4 neighbours (85, 12) shrink both.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping
from typing import Any

import networkx as nx
import numpy as np
from shapely.geometry import LineString

from lab.boards.hexgrid import (
    axial_distance,
    axial_to_offset,
    axial_to_pixel,
    directions,
    hex_grid_graph,
    hex_neighbors,
    hex_ring,
    offset_to_axial,
    screen_angle,
    union_of,
)
from lab.boards.squaregrid import (
    square_directions,
    square_distance,
    square_grid_graph,
    square_neighbors,
    square_ring,
)
from lab.core.budget import ByteBoundedCache
from lab.core.errors import InvalidVariant

GEOMETRY_KEYS = (
    "grid",
    "square_neighbours",
    "columns",
    "rows",
    "orientation",
    "hex_offset",
    "earth_row",
    "earth_from_right",
    "orbit_radius",
    "forbidden_radius",
    "entry_points",
    "droid_speed",
    "missile_speed",
)

MAX_HEXES = 1600
"""Largest board (columns x rows, e.g. 40 x 40): its tables, the plain distance between every
pair of hexes among them, load in well under a second (``python -m benchmarks.run --sections
routes``: the largest board's load; 60 x 60 took 7-8 s and 123-235 MB before the tables were
computed in arrays, 1.7 s and 190 MB after, on a loaded machine)."""
MAX_GEOMETRY_BYTES = 160_000_000
"""Bound of one board's tables (a 60 x 60 board takes about 120 MB)."""
CACHE_BYTES = 256_000_000
"""Geometries kept for reuse across variants: bounded in bytes, least recently used first out."""
_CACHE = ByteBoundedCache(CACHE_BYTES)


def geometry_bytes(hexes: int) -> int:
    """Estimated bytes of a board's tables: the ``dist`` table has one entry per pair of hexes."""
    return 9 * hexes * hexes + 4000 * hexes


def geometry_for(params: Mapping[str, Any]) -> Geometry:
    """The (cached) :class:`Geometry` of a variant; raises InvalidVariant if impossible."""
    key = tuple(params[k] for k in GEOMETRY_KEYS)
    geo = _CACHE.get(key)
    if geo is None:
        geo = Geometry(params)
        _CACHE.put(key, geo, geometry_bytes(len(geo.nodes)))
    return geo


_DISTANCES = ByteBoundedCache(CACHE_BYTES // 2)
"""The plain distance tables, by board (grid, size, orientation): they depend on the cells
only, so the variants of one board (another Earth row, orbit, entry points...) share one."""


def _distances(lat: Lattice, columns: int, rows: int, keys: list[Node]) -> list[list[int]]:
    """The board's ``dist`` table (shared, read-only: see :data:`_DISTANCES`)."""
    key = (lat.grid, lat.orientation, lat.offset, lat.neighbours, columns, rows)
    table = _DISTANCES.get(key)
    if table is None:
        table = lat.distance_table(keys)
        _DISTANCES.put(key, table, 8 * len(keys) * len(keys) + 64 * len(keys))
    return table  # type: ignore[no-any-return]


def default_entry_points(columns: int, rows: int) -> list[tuple[int, int]]:
    """The six entry hexes (0-based nodes) of the AMB-SS-3 rule described in the module doc."""
    half = columns // 2
    walk = [(c, 0) for c in range(half - 1, -1, -1)]
    walk += [(0, r) for r in range(1, rows)]
    walk += [(c, rows - 1) for c in range(1, half)]
    steps = len(walk) - 1
    return [walk[math.floor((i - 0.5) * steps / 6 + 0.5)] for i in range(1, 7)]


COMPASS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")
Node = tuple[int, int]


class Lattice:
    """The cells of one board, hex or square: what the rest of :class:`Geometry` asks a grid.

    Parameters
    ----------
    params : mapping
        A variant's parameters (``grid``, ``square_neighbours``, ``orientation``, ``hex_offset``).

    Attributes
    ----------
    vectors : tuple of (float, float)
        The screen vector of each movement direction, counter-clockwise on screen from east.
    names : tuple of str
        The compass name of each direction (``E``, ``NE`` ...), nearest of the eight.
    """

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.grid = str(params["grid"])
        self.orientation = str(params["orientation"])
        self.offset = str(params["hex_offset"])
        self.neighbours = int(params["square_neighbours"])
        if self.grid == "hex":
            vecs = [axial_to_pixel(d, self.orientation) for d in directions(self.orientation)]
        else:
            vecs = [(float(dc), float(dr)) for dc, dr in square_directions(self.neighbours)]
        self.vectors: tuple[tuple[float, float], ...] = tuple(vecs)
        self.names = tuple(COMPASS[round(screen_angle(*v) / 45.0) % 8] for v in vecs)

    def graph(self, columns: int, rows: int) -> nx.Graph:
        """The board graph (``pos``, ``polygon`` on every node)."""
        if self.grid == "hex":
            return hex_grid_graph(columns, rows, self.orientation, self.offset, size=1.0)
        return square_grid_graph(columns, rows, self.neighbours, size=1.0)

    def key(self, node: Node) -> Node:
        """The coordinates :meth:`distance` reads (axial for hexes, the node for squares)."""
        return offset_to_axial(node, self.orientation, self.offset) if self.grid == "hex" else node

    def distance(self, a: Node, b: Node) -> int:
        """Steps between two cells given by :meth:`key`, on an unobstructed grid."""
        if self.grid == "hex":
            return axial_distance(a, b)
        return square_distance(a, b, self.neighbours)

    def ring(self, centre: Node, radius: int) -> list[Node]:
        """The cells (nodes, maybe off the board) at exactly ``radius`` from the node ``centre``."""
        if self.grid == "hex":
            o, off = self.orientation, self.offset
            return [axial_to_offset(a, o, off) for a in hex_ring(offset_to_axial(centre, o, off), radius)]
        return square_ring(centre, radius, self.neighbours)

    def distance_table(self, keys: list[Node]) -> list[list[int]]:
        """``[[distance(a, b) for b in keys] for a in keys]``, computed in whole arrays of small
        integers (a 60 x 60 board has 12,960,000 pairs: one at a time took seconds)."""
        k = np.asarray(keys, dtype=np.int16).reshape(-1, 2)
        da = k[:, None, 0] - k[None, :, 0]  # int16: boards are far smaller than 2**15
        db = k[:, None, 1] - k[None, :, 1]
        if self.grid == "hex":
            total = np.abs(da + db)
            np.abs(da, out=da)
            np.abs(db, out=db)
            total += da
            total += db
            total //= 2
        elif self.neighbours == 8:
            np.abs(da, out=da)
            np.abs(db, out=db)
            total = np.maximum(da, db, out=da)
        else:
            np.abs(da, out=da)
            np.abs(db, out=db)
            total = np.add(da, db, out=da)
        return total.tolist()  # type: ignore[no-any-return]

    def neighbors(self, node: Node, columns: int, rows: int) -> list[Node | None]:
        """The neighbour in each direction (``None`` off the board)."""
        if self.grid == "hex":
            return hex_neighbors(node, columns, rows, self.orientation, self.offset)
        return square_neighbors(node, columns, rows, self.neighbours)


class Geometry:
    """Everything about the board of one variant, as flat index tables.

    Hexes are numbered ``0 .. n-1`` (``nodes[i]`` is the graph node). Tables:
    ``step[i][d]`` the neighbour of ``i`` in direction ``d`` for movement (``-1`` off the board
    or forbidden); ``dist[i][j]`` the plain hex distance (lasers); ``to_orbit[k][i]`` the
    length of a shortest route from ``i`` to orbit hex ``k`` around the forbidden zone.
    """

    def __init__(self, params: Mapping[str, Any]) -> None:
        cols, rows = int(params["columns"]), int(params["rows"])
        lat = Lattice(params)
        self.lattice = lat
        self.grid = lat.grid
        self.orientation = lat.orientation
        self.offset = lat.offset
        self.columns, self.rows = cols, rows
        # SS-A2, AMB-SS-2: Earth's node.
        earth = (cols - int(params["earth_from_right"]), int(params["earth_row"]) - 1)
        if not (0 <= earth[0] < cols and 0 <= earth[1] < rows):
            msg = (
                f"Earth at column {earth[0] + 1}, row {earth[1] + 1} (1-based) is off the "
                f"{cols} x {rows} board: earth_from_right must be 1..{cols} and earth_row 1..{rows}"
            )
            raise InvalidVariant(msg)
        radius, frad = int(params["orbit_radius"]), int(params["forbidden_radius"])
        if frad >= radius:
            msg = (
                f"forbidden_radius {frad} must be smaller than orbit_radius {radius}: the orbit "
                "would lie inside the forbidden zone"
            )
            raise InvalidVariant(msg)
        ring = lat.ring(earth, radius)
        off_board = [n for n in ring if not (0 <= n[0] < cols and 0 <= n[1] < rows)]
        if off_board:
            msg = (
                f"the orbit of radius {radius} around Earth (column {earth[0] + 1}, row "
                f"{earth[1] + 1}) leaves the {cols} x {rows} board at "
                f"{len(off_board)} hex(es), e.g. 1-based {(off_board[0][0] + 1, off_board[0][1] + 1)}; "
                "move Earth inward, shrink the orbit or enlarge the board"
            )
            raise InvalidVariant(msg)
        self.graph: nx.Graph = lat.graph(cols, rows)
        g = self.graph
        self.nodes: list[tuple[int, int]] = sorted(g.nodes, key=lambda n: (n[1], n[0]))
        self.index = {n: i for i, n in enumerate(self.nodes)}
        n_hex = len(self.nodes)
        self.earth = self.index[earth]
        keys = [lat.key(n) for n in self.nodes]
        ea = keys[self.earth]
        self.pos = [g.nodes[n]["pos"] for n in self.nodes]
        # SS-A2, SS-F4: the forbidden zone.
        self.forbidden = frozenset(
            i for i in range(n_hex) if lat.distance(keys[i], ea) <= frad
        )
        # SS-A4: orbit, counter-clockwise on screen from the leftmost hex.
        ex, ey = self.pos[self.earth]
        ring_idx = [self.index[n] for n in ring]
        start = min(ring_idx, key=lambda i: (self.pos[i][0], abs(self.pos[i][1] - ey), self.pos[i][1]))
        a0 = screen_angle(self.pos[start][0] - ex, self.pos[start][1] - ey)

        def ccw(i: int) -> float:
            return (screen_angle(self.pos[i][0] - ex, self.pos[i][1] - ey) - a0) % 360.0

        self.orbit: list[int] = sorted(ring_idx, key=ccw)
        self.orbit_pos = {h: k for k, h in enumerate(self.orbit)}
        # SS-A3, AMB-SS-3: entry points.
        given = params["entry_points"]
        if given:
            entries = [(int(c) - 1, int(r) - 1) for c, r in given]
        else:
            entries = default_entry_points(cols, rows)
        for k, n in enumerate(entries, start=1):
            if not (0 <= n[0] < cols and 0 <= n[1] < rows):
                msg = f"entry point {k} at 1-based {(n[0] + 1, n[1] + 1)} is off the {cols} x {rows} board"
                raise InvalidVariant(msg)
            if self.index[n] in self.forbidden:
                msg = (
                    f"entry point {k} at 1-based {(n[0] + 1, n[1] + 1)} is inside the forbidden "
                    "zone around Earth (SS-F4); choose a hex outside it"
                )
                raise InvalidVariant(msg)
        if len(set(entries)) != len(entries):
            raise InvalidVariant("entry_points: the six entry points must be different hexes")
        self.entries: list[int] = [self.index[n] for n in entries]
        # movement table: forbidden hexes are neither entered nor left (SS-F4).
        self.directions = lat.names
        self.step: list[tuple[int, ...]] = []
        for i, node in enumerate(self.nodes):
            row = []
            for nb in lat.neighbors(node, cols, rows):
                j = -1 if nb is None else self.index[nb]
                row.append(-1 if j < 0 or j in self.forbidden or i in self.forbidden else j)
            self.step.append(tuple(row))
        self.dist: list[list[int]] = _distances(lat, cols, rows, keys)
        self.to_orbit: list[list[int]] = [self._bfs(h) for h in self.orbit]
        self._routes: dict[tuple[int, int, int], list[tuple[int, ...]]] = {}
        self._los: dict[tuple[int, int], bool] = {}
        self._zone: Any = None
        speeds = (int(params["droid_speed"]), int(params["missile_speed"]))
        self.max_routes = max(self._count_routes(s) for s in speeds)
        for k, h in enumerate(self.orbit):
            g.nodes[self.nodes[h]]["orbit"] = k
        for n in g.nodes:
            i = self.index[n]
            g.nodes[n]["forbidden"] = i in self.forbidden
            g.nodes[n].setdefault("orbit", None)
            g.nodes[n]["entry"] = self.entries.index(i) + 1 if i in self.entries else None
            g.nodes[n]["earth"] = i == self.earth

    # ------------------------------------------------------------------ shortest routes
    def _bfs(self, target: int) -> list[int]:
        """Route lengths from every hex to ``target`` avoiding forbidden hexes (-1: none)."""
        dist = [-1] * len(self.nodes)
        dist[target] = 0
        queue = deque([target])
        step = self.step
        while queue:
            i = queue.popleft()
            d = dist[i] + 1
            for j in step[i]:
                if j >= 0 and dist[j] < 0:
                    dist[j] = d
                    queue.append(j)
        return dist

    def route_length(self, src: int, orbit_k: int) -> int:
        """Length of a shortest route from hex ``src`` to orbit hex ``orbit_k`` (O(1))."""
        return self.to_orbit[orbit_k][src]

    def routes(self, src: int, orbit_k: int, speed: int) -> list[tuple[int, ...]]:
        """Every distinct first ``min(speed, length)`` steps of a shortest route (SS-F3).

        Each route is the tuple of hexes entered, in order, in the fixed direction order of
        :attr:`directions`. Memoised; each step reads the precomputed table, no graph search.
        """
        key = (src, orbit_k, speed)
        got = self._routes.get(key)
        if got is not None:
            return got
        table = self.to_orbit[orbit_k]
        out: list[tuple[int, ...]] = []

        def walk(i: int, left: int, path: tuple[int, ...]) -> None:
            d = table[i]
            if left == 0 or d == 0:
                out.append(path)
                return
            for j in self.step[i]:
                if j >= 0 and table[j] == d - 1:
                    walk(j, left - 1, (*path, j))

        walk(src, speed, ())
        if len(self._routes) > 200_000:
            self._routes.clear()
        self._routes[key] = out
        return out

    def _count_routes(self, speed: int) -> int:
        """The largest number of route prefixes any move of ``speed`` steps can have (counted
        for every hex and orbit target at once, in arrays)."""
        step = np.asarray(self.step, dtype=np.int64).reshape(len(self.nodes), -1)
        exists = step >= 0
        safe = np.where(exists, step, 0)
        best = 1
        for table in self.to_orbit:
            t = np.asarray(table, dtype=np.int64)
            # a neighbour one step nearer the target continues a shortest route
            nearer = exists & (t[safe] == (t - 1)[:, None]) & (t > 0)[:, None]
            count = (t >= 0).astype(np.int64)
            for _ in range(speed):
                count = np.where(t == 0, 1, np.where(t < 0, 0, (count[safe] * nearer).sum(axis=1)))
            best = max(best, int(count.max(initial=0)))
        return best

    def table_route(self, src: int, orbit_k: int) -> list[int]:
        """One full shortest route ``src .. orbit hex`` read off the table (no search)."""
        table = self.to_orbit[orbit_k]
        path = [src]
        i = src
        while table[i] > 0:
            d = table[i] - 1
            i = next(j for j in self.step[i] if j >= 0 and table[j] == d)
            path.append(i)
        return path

    def networkx_route(self, src: int, orbit_k: int) -> list[int]:
        """Reference answer with ``networkx.shortest_path`` (for benchmarks and tests)."""
        g = self.movement_graph()
        path = nx.shortest_path(g, src, self.orbit[orbit_k])
        return list(path)

    def movement_graph(self) -> nx.Graph:
        """The hexes pieces may enter, as an index graph (built once, for reference queries)."""
        g = getattr(self, "_movement_graph", None)
        if g is None:
            g = nx.Graph()
            for i, row in enumerate(self.step):
                if i in self.forbidden:
                    continue
                g.add_node(i)
                for j in row:
                    if j >= 0:
                        g.add_edge(i, j)
            self._movement_graph = g
        return g

    # ------------------------------------------------------------------ lasers
    @property
    def forbidden_zone(self) -> Any:
        """The union of the forbidden hexes' shapely polygons."""
        if self._zone is None:
            self._zone = union_of(self.graph, [self.nodes[i] for i in self.forbidden])
        return self._zone

    def line_of_sight(self, a: int, b: int) -> bool:
        """AMB-SS-5: whether the segment between two hex centres misses the forbidden zone."""
        key = (a, b) if a < b else (b, a)
        got = self._los.get(key)
        if got is None:
            if a == b:
                got = True
            else:
                inner = getattr(self, "_inner_zone", None)
                if inner is None:
                    inner = self.forbidden_zone.buffer(-1e-6)
                    self._inner_zone = inner
                got = not LineString([self.pos[a], self.pos[b]]).intersects(inner)
            self._los[key] = got
        return got

    def label(self, i: int) -> str:
        """1-based ``c{col}r{row}`` label of hex ``i`` (as the seed counts)."""
        c, r = self.nodes[i]
        return f"c{c + 1}r{r + 1}"


def route_queries(geo: Geometry, n: int, seed: int = 0) -> list[tuple[int, int]]:
    """``n`` reproducible ``(source hex, orbit index)`` questions over the enterable hexes."""
    import numpy as np

    rng = np.random.default_rng(seed)
    free = [i for i in range(len(geo.nodes)) if i not in geo.forbidden]
    src = rng.integers(len(free), size=n)
    ks = rng.integers(len(geo.orbit), size=n)
    return [(free[int(a)], int(b)) for a, b in zip(src, ks, strict=True)]


def compare_with_networkx(geo: Geometry, queries: list[tuple[int, int]]) -> dict[str, float]:
    """Time the same shortest-route questions on the tables and with ``nx.shortest_path``.

    Returns seconds per query: ``length_s`` (route length, one table read), ``table_s`` (a
    full route walked down the table), ``networkx_s`` (``nx.shortest_path``); the ratios
    ``speedup`` (full route) and ``length_speedup``; ``agree`` 1.0 if every answer had the
    same length.
    """
    import time

    g = geo.movement_graph()
    tl = time.perf_counter()
    lengths = [geo.route_length(s, k) for s, k in queries]
    t0 = time.perf_counter()
    ours = [geo.table_route(s, k) for s, k in queries]
    t1 = time.perf_counter()
    ref = [nx.shortest_path(g, s, geo.orbit[k]) for s, k in queries]
    t2 = time.perf_counter()
    n = max(1, len(queries))
    agree = all(
        len(a) == len(b) == d + 1 for a, b, d in zip(ours, ref, lengths, strict=True)
    )
    table_s, nx_s, length_s = (t1 - t0) / n, (t2 - t1) / n, (t0 - tl) / n
    return {
        "length_s": length_s,
        "table_s": table_s,
        "networkx_s": nx_s,
        "speedup": nx_s / table_s if table_s else float("inf"),
        "length_speedup": nx_s / length_s if length_s else float("inf"),
        "agree": float(agree),
    }
