"""Generic hexagonal grids as networkx graphs, with shapely geometry.

Nodes are offset coordinates ``(col, row)`` (0-based), the way a designer counts hexes on a
printed map. Every geometric question goes through axial ``(q, r)`` / cube ``(x, y, z)``
coordinates, converted here once:

* ``orientation="pointy"`` (pointy-top hexes, horizontal rows): ``offset="odd"`` shoves the odd
  rows half a hex to the right ("odd-r"), ``offset="even"`` the even rows ("even-r").
* ``orientation="flat"`` (flat-top hexes, vertical columns): ``offset="odd"`` shoves the odd
  columns half a hex down ("odd-q"), ``offset="even"`` the even ones ("even-q").
* ``shape="rhombus"`` ignores the offset scheme: node ``(col, row)`` *is* axial ``(q, r)``,
  which gives the parallelogram board of the game of Hex.

Screen coordinates (``pos``) have ``y`` growing downwards, as in SVG. "Counter-clockwise" in
this module always means counter-clockwise *as seen on the screen*.

Example
-------
>>> g = hex_grid_graph(3, 2)
>>> sorted(g.neighbors((1, 0)))
[(0, 0), (0, 1), (1, 1), (2, 0)]
>>> hex_distance((0, 0), (2, 1))
3
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import networkx as nx
from shapely.geometry import Polygon
from shapely.ops import unary_union

ORIENTATIONS = ("pointy", "flat")
OFFSETS = ("odd", "even")
SHAPES = ("rectangle", "rhombus")

Node = tuple[int, int]

# The six axial unit steps. ``directions(orientation)`` orders them counter-clockwise on screen.
_AXIAL_STEPS: tuple[Node, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _check(orientation: str, offset: str, shape: str = "rectangle") -> None:
    if orientation not in ORIENTATIONS:
        msg = f"orientation must be one of {ORIENTATIONS}, not {orientation!r}"
        raise ValueError(msg)
    if offset not in OFFSETS:
        msg = f"offset must be one of {OFFSETS}, not {offset!r}"
        raise ValueError(msg)
    if shape not in SHAPES:
        msg = f"shape must be one of {SHAPES}, not {shape!r}"
        raise ValueError(msg)


# ---------------------------------------------------------------------- coordinate conversion
def offset_to_axial(
    node: Node, orientation: str = "pointy", offset: str = "odd", shape: str = "rectangle"
) -> Node:
    """Axial ``(q, r)`` of the offset hex ``node = (col, row)``.

    Parameters
    ----------
    node : tuple of int
        ``(col, row)``, 0-based.
    orientation : {"pointy", "flat"}
    offset : {"odd", "even"}
        Which rows (pointy) or columns (flat) are shoved by half a hex.
    shape : {"rectangle", "rhombus"}
        ``"rhombus"``: the node already is axial.
    """
    col, row = node
    if shape == "rhombus":
        return col, row
    if orientation == "pointy":
        shift = (row - (row & 1)) // 2 if offset == "odd" else (row + (row & 1)) // 2
        return col - shift, row
    shift = (col - (col & 1)) // 2 if offset == "odd" else (col + (col & 1)) // 2
    return col, row - shift


def axial_to_offset(
    axial: Node, orientation: str = "pointy", offset: str = "odd", shape: str = "rectangle"
) -> Node:
    """Offset ``(col, row)`` of the axial hex ``(q, r)``; inverse of :func:`offset_to_axial`."""
    q, r = axial
    if shape == "rhombus":
        return q, r
    if orientation == "pointy":
        shift = (r - (r & 1)) // 2 if offset == "odd" else (r + (r & 1)) // 2
        return q + shift, r
    shift = (q - (q & 1)) // 2 if offset == "odd" else (q + (q & 1)) // 2
    return q, r + shift


def axial_to_cube(axial: Node) -> tuple[int, int, int]:
    """Cube ``(x, y, z)`` with ``x + y + z == 0`` of the axial hex ``(q, r)``."""
    q, r = axial
    return q, -q - r, r


def cube_to_axial(cube: tuple[int, int, int]) -> Node:
    """Axial ``(q, r)`` of the cube hex ``(x, y, z)``."""
    x, _, z = cube
    return x, z


def axial_distance(a: Node, b: Node) -> int:
    """Number of steps between two axial hexes on an unobstructed grid."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_distance(
    a: Node, b: Node, orientation: str = "pointy", offset: str = "odd", shape: str = "rectangle"
) -> int:
    """Number of steps between two offset hexes on an unobstructed grid."""
    return axial_distance(
        offset_to_axial(a, orientation, offset, shape), offset_to_axial(b, orientation, offset, shape)
    )


# ---------------------------------------------------------------------- directions, neighbours
def axial_to_pixel(axial: Node, orientation: str = "pointy", size: float = 1.0) -> tuple[float, float]:
    """Screen centre ``(x, y)`` (``y`` down) of an axial hex with circumradius ``size``."""
    q, r = axial
    s3 = math.sqrt(3.0)
    if orientation == "pointy":
        return size * s3 * (q + r / 2.0), size * 1.5 * r
    return size * 1.5 * q, size * s3 * (r + q / 2.0)


def screen_angle(dx: float, dy: float) -> float:
    """Angle in degrees ``[0, 360)`` of a screen vector, counter-clockwise on screen from east."""
    return math.degrees(math.atan2(-dy, dx)) % 360.0


def directions(orientation: str = "pointy") -> tuple[Node, ...]:
    """The six axial unit steps, ordered counter-clockwise on screen from the one nearest east.

    Pointy-top: E, NE, NW, W, SW, SE. Flat-top: NE, N, NW, SW, S, SE.
    """
    _check(orientation, "odd")
    return tuple(
        sorted(_AXIAL_STEPS, key=lambda d: screen_angle(*axial_to_pixel(d, orientation)))
    )


def hex_neighbors(
    node: Node,
    columns: int,
    rows: int,
    orientation: str = "pointy",
    offset: str = "odd",
    shape: str = "rectangle",
) -> list[Node | None]:
    """The neighbour of ``node`` in each of the six :func:`directions` (``None`` off the board)."""
    q, r = offset_to_axial(node, orientation, offset, shape)
    out: list[Node | None] = []
    for dq, dr in directions(orientation):
        c, w = axial_to_offset((q + dq, r + dr), orientation, offset, shape)
        out.append((c, w) if 0 <= c < columns and 0 <= w < rows else None)
    return out


def hex_ring(center: Node, radius: int) -> list[Node]:
    """Axial hexes at exactly ``radius`` steps from the axial ``center`` (unordered)."""
    if radius == 0:
        return [center]
    cq, cr = center
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            if axial_distance((0, 0), (dq, dr)) == radius:
                out.append((cq + dq, cr + dr))
    return out


# ---------------------------------------------------------------------- geometry
def hex_corners(
    center: tuple[float, float], orientation: str = "pointy", size: float = 1.0
) -> list[tuple[float, float]]:
    """The six corners of a hex around a screen centre."""
    start = 30.0 if orientation == "pointy" else 0.0
    cx, cy = center
    return [
        (
            cx + size * math.cos(math.radians(start + 60.0 * i)),
            cy + size * math.sin(math.radians(start + 60.0 * i)),
        )
        for i in range(6)
    ]


def hex_polygon(center: tuple[float, float], orientation: str = "pointy", size: float = 1.0) -> Polygon:
    """A shapely polygon of a hex around a screen centre."""
    return Polygon(hex_corners(center, orientation, size))


def union_of(graph: nx.Graph, nodes: Iterable[Node]) -> object:
    """The shapely union of the ``polygon`` attributes of ``nodes`` (e.g. a forbidden zone)."""
    return unary_union([graph.nodes[n]["polygon"] for n in nodes])


# ---------------------------------------------------------------------- the graph builder
def hex_grid_graph(
    columns: int,
    rows: int,
    orientation: str = "pointy",
    offset: str = "odd",
    *,
    shape: str = "rectangle",
    size: float = 1.0,
) -> nx.Graph:
    """A ``columns`` x ``rows`` hex grid as an undirected graph.

    Parameters
    ----------
    columns, rows : int
        Board size (at least 1 each).
    orientation : {"pointy", "flat"}
        Pointy-top hexes in horizontal rows, or flat-top hexes in vertical columns.
    offset : {"odd", "even"}
        Which rows (pointy) or columns (flat) are shoved by half a hex; ignored for a rhombus.
    shape : {"rectangle", "rhombus"}
        ``"rectangle"``: an offset map; ``"rhombus"``: node ``(col, row)`` is axial ``(q, r)``,
        the parallelogram board of Hex.
    size : float
        Hex circumradius in screen units.

    Returns
    -------
    networkx.Graph
        Nodes ``(col, row)`` with attributes ``pos`` (screen centre, ``y`` down, the bounding
        box starting at ``(0, 0)``), ``axial`` ``(q, r)`` and ``polygon`` (shapely). Edges join
        adjacent hexes and carry ``direction``: the index in :func:`directions` of the step from
        the smaller node to the larger one. Graph attributes: ``columns``, ``rows``,
        ``orientation``, ``offset``, ``shape``, ``size``, ``width``, ``height``.
    """
    _check(orientation, offset, shape)
    if columns < 1 or rows < 1:
        msg = f"a hex grid needs at least 1 column and 1 row, got {columns} x {rows}"
        raise ValueError(msg)
    g = nx.Graph(
        columns=columns, rows=rows, orientation=orientation, offset=offset, shape=shape, size=size
    )
    raw = {}
    for row in range(rows):
        for col in range(columns):
            ax = offset_to_axial((col, row), orientation, offset, shape)
            raw[(col, row)] = (ax, axial_to_pixel(ax, orientation, size))
    xs = [p[0] for _, p in raw.values()]
    ys = [p[1] for _, p in raw.values()]
    half_w = size * (math.sqrt(3.0) / 2.0 if orientation == "pointy" else 1.0)
    half_h = size * (1.0 if orientation == "pointy" else math.sqrt(3.0) / 2.0)
    dx, dy = half_w - min(xs), half_h - min(ys)
    for node, (ax, (x, y)) in raw.items():
        pos = (x + dx, y + dy)
        g.add_node(node, pos=pos, axial=ax, polygon=hex_polygon(pos, orientation, size))
    g.graph["width"] = max(xs) + dx + half_w
    g.graph["height"] = max(ys) + dy + half_h
    for node in raw:
        for d, nb in enumerate(hex_neighbors(node, columns, rows, orientation, offset, shape)):
            if nb is not None and node < nb:
                g.add_edge(node, nb, direction=d)
    return g
