"""Generic square grids as networkx graphs, with shapely geometry.

Nodes are ``(col, row)`` (0-based), as a designer counts squares on a printed map. Two
neighbourhoods:

* ``neighbours=8`` ("king" moves): a square touches the eight squares sharing a side or a
  corner; the distance is the Chebyshev distance ``max(|dc|, |dr|)`` and the squares at
  distance ``r`` form the border of a ``(2r+1) x (2r+1)`` square, each next to the following one.
* ``neighbours=4`` ("rook" steps): only the four squares sharing a side; the distance is the
  Manhattan distance ``|dc| + |dr|`` and the squares at distance ``r`` form a diamond.

Screen coordinates (``pos``) have ``y`` growing downwards, as in SVG, and the directions are
ordered counter-clockwise *as seen on the screen* from east, like :mod:`lab.boards.hexgrid`.

Example
-------
>>> g = square_grid_graph(3, 2, neighbours=4)
>>> sorted(g.neighbors((1, 0)))
[(0, 0), (1, 1), (2, 0)]
>>> square_distance((0, 0), (2, 1), neighbours=8)
2
"""

from __future__ import annotations

import networkx as nx
from shapely.geometry import Polygon

NEIGHBOURHOODS = (8, 4)

Node = tuple[int, int]

# (dcol, drow) with rows growing downwards: east, north-east, north, ... counter-clockwise.
_KING: tuple[Node, ...] = ((1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1))


def _check(neighbours: int) -> None:
    if neighbours not in NEIGHBOURHOODS:
        msg = f"neighbours must be one of {NEIGHBOURHOODS}, not {neighbours!r}"
        raise ValueError(msg)


def square_directions(neighbours: int = 8) -> tuple[Node, ...]:
    """The ``(dcol, drow)`` unit steps, counter-clockwise on screen from east.

    Eight neighbours: E, NE, N, NW, W, SW, S, SE. Four: E, N, W, S.
    """
    _check(neighbours)
    return _KING if neighbours == 8 else _KING[::2]


def square_distance(a: Node, b: Node, neighbours: int = 8) -> int:
    """Number of steps between two squares on an unobstructed grid (Chebyshev or Manhattan)."""
    _check(neighbours)
    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dc, dr) if neighbours == 8 else dc + dr


def square_neighbors(node: Node, columns: int, rows: int, neighbours: int = 8) -> list[Node | None]:
    """The neighbour of ``node`` in each of the :func:`square_directions` (``None`` off the board)."""
    c, r = node
    out: list[Node | None] = []
    for dc, dr in square_directions(neighbours):
        n = (c + dc, r + dr)
        out.append(n if 0 <= n[0] < columns and 0 <= n[1] < rows else None)
    return out


def square_ring(center: Node, radius: int, neighbours: int = 8) -> list[Node]:
    """Squares at exactly ``radius`` steps from ``center`` (unbounded grid, unordered)."""
    _check(neighbours)
    if radius == 0:
        return [center]
    cc, cr = center
    return [
        (cc + dc, cr + dr)
        for dr in range(-radius, radius + 1)
        for dc in range(-radius, radius + 1)
        if square_distance((0, 0), (dc, dr), neighbours) == radius
    ]


def square_polygon(center: tuple[float, float], size: float = 1.0) -> Polygon:
    """A shapely polygon of a square of side ``size`` around a screen centre."""
    cx, cy = center
    h = size / 2.0
    return Polygon([(cx + h, cy - h), (cx - h, cy - h), (cx - h, cy + h), (cx + h, cy + h)])


def square_grid_graph(columns: int, rows: int, neighbours: int = 8, *, size: float = 1.0) -> nx.Graph:
    """A ``columns`` x ``rows`` square grid as an undirected graph.

    Parameters
    ----------
    columns, rows : int
        Board size (at least 1 each).
    neighbours : {8, 4}
        Squares sharing a side or a corner (8) or only a side (4) are adjacent.
    size : float
        Side of a square in screen units.

    Returns
    -------
    networkx.Graph
        Nodes ``(col, row)`` with attributes ``pos`` (screen centre, ``y`` down, the bounding
        box starting at ``(0, 0)``) and ``polygon`` (shapely). Edges join adjacent squares and
        carry ``direction``: the index in :func:`square_directions` of the step from the
        smaller node to the larger one. Graph attributes: ``columns``, ``rows``,
        ``neighbours``, ``size``, ``width``, ``height``.

    Raises
    ------
    ValueError
        For an empty board or a neighbourhood other than 4 or 8.
    """
    _check(neighbours)
    if columns < 1 or rows < 1:
        msg = f"a square grid needs at least 1 column and 1 row, got {columns} x {rows}"
        raise ValueError(msg)
    g = nx.Graph(columns=columns, rows=rows, neighbours=neighbours, size=size,
                 width=columns * size, height=rows * size)
    for row in range(rows):
        for col in range(columns):
            pos = ((col + 0.5) * size, (row + 0.5) * size)
            g.add_node((col, row), pos=pos, polygon=square_polygon(pos, size))
    for node in list(g.nodes):
        for d, nb in enumerate(square_neighbors(node, columns, rows, neighbours)):
            if nb is not None and node < nb:
                g.add_edge(node, nb, direction=d)
    return g
