"""Concentric rotating rings of sectors (the Memcel board), as networkx graphs.

A board is a stack of concentric annuli ("rings"), listed from the centre outwards. Ring ``r``
has ``sizes[r]`` equal sectors. A sector is the node ``(r, i)``: ``i`` is the sector's own index
on its ring, so a node keeps its name when its ring turns; what changes is its angle, its
position and which sectors of the neighbouring rings it touches.

Edges:

- along each ring, between consecutive sectors (``kind="ring"``);
- between neighbouring rings, between two sectors whose shapely annular-sector polygons share a
  piece of boundary of positive length (``kind="radial"``). Sectors that only touch at a corner
  are not neighbours.

Turning ring ``r`` by ``k`` steps (``offsets[r] += k``) moves all its sectors by ``k`` of its
own sector widths, clockwise for ``k > 0``. Offsets are taken modulo the ring size, so turning a
ring ``k`` steps and back gives the identical graph. A fixed ring (``fixed``) is part of the
board itself: it has no offset of its own. Turning the whole board (``board_angle``) rotates
every sector's position but not who touches whom.

Angles are in degrees, clockwise from 12 o'clock; ``pos`` is ``(x, y)`` with ``y`` pointing up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import networkx as nx
from shapely.geometry import Polygon

from lab.core.budget import ByteBoundedCache

ARC_GRID = 64
"""Arc resolution: every polygon has a vertex at each multiple of 1/ARC_GRID of a turn."""


def _check(sizes: Sequence[int], offsets: Sequence[int] | None, fixed: Sequence[bool] | None) -> tuple[
    tuple[int, ...], tuple[int, ...], tuple[bool, ...]
]:
    sizes = tuple(int(n) for n in sizes)
    if not sizes:
        msg = "a ring board needs at least one ring"
        raise ValueError(msg)
    for r, n in enumerate(sizes):
        if n < 1:
            msg = f"ring {r} has {n} sectors; every ring needs at least 1"
            raise ValueError(msg)
    offs = tuple(0 for _ in sizes) if offsets is None else tuple(int(o) for o in offsets)
    fix = tuple(False for _ in sizes) if fixed is None else tuple(bool(f) for f in fixed)
    if len(offs) != len(sizes) or len(fix) != len(sizes):
        msg = (
            f"sizes, offsets and fixed must have one entry per ring ({len(sizes)}), "
            f"got {len(offs)} offsets and {len(fix)} fixed flags"
        )
        raise ValueError(msg)
    for r, (o, f) in enumerate(zip(offs, fix, strict=True)):
        if f and o % sizes[r]:
            msg = f"ring {r} is fixed (part of the board) and cannot be turned (offset {o})"
            raise ValueError(msg)
    offs = tuple(o % n for o, n in zip(offs, sizes, strict=True))
    return sizes, offs, fix


def sector_span(size: int, index: int, offset: int) -> tuple[Fraction, Fraction]:
    """Start and end of sector ``index`` of a ring of ``size`` turned ``offset`` steps (turns)."""
    start = Fraction((index + offset) % size, size)
    return start, start + Fraction(1, size)


def _arc_angles(start: Fraction, end: Fraction, breaks: tuple[Fraction, ...]) -> list[Fraction]:
    """Every breakpoint strictly inside (start, end), with the ends, in order (in turns)."""
    inner = [b for b in breaks if start < b < end]
    inner += [b + 1 for b in breaks if start < b + 1 < end]
    return [start, *sorted(inner), end]


def _point(radius: float, turns: Fraction, rotate: float = 0.0) -> tuple[float, float]:
    a = 2.0 * math.pi * (float(turns % 1) + rotate)
    return (radius * math.sin(a), radius * math.cos(a))


def sector_polygon(
    inner: float,
    outer: float,
    start: Fraction,
    end: Fraction,
    breaks: tuple[Fraction, ...] = (),
    rotate: float = 0.0,
) -> Polygon:
    """The annular sector between radii ``inner`` and ``outer`` from ``start`` to ``end``.

    Angles are fractions of a turn. ``breaks`` are extra angles where both arcs get a vertex,
    so two sectors sharing an arc get identical vertices along it; ``rotate`` turns the result.
    """
    angles = _arc_angles(start, end, breaks)
    pts = [_point(outer, a, rotate) for a in angles]
    pts += [_point(inner, a, rotate) for a in reversed(angles)]
    return Polygon(pts)


def ring_radii(n_rings: int, hole: float = 1.0, width: float = 1.0) -> list[tuple[float, float]]:
    """Inner and outer radius of each ring, centre outwards."""
    return [(hole + r * width, hole + (r + 1) * width) for r in range(n_rings)]


_GRAPHS = ByteBoundedCache(64_000_000)  # graphs by layout and rotation, bounded in bytes
_BYTES_PER_SECTOR = 2500  # a node, its edges and attributes (measured: 2.4 MB for 1024 sectors)


def _cached_build(key: tuple[Any, ...]) -> nx.Graph:
    graph = _GRAPHS.get(key)
    if graph is None:
        graph = _build(*key)
        _GRAPHS.put(key, graph, _BYTES_PER_SECTOR * sum(key[0]))
    return graph


def _build(
    sizes: tuple[int, ...], offsets: tuple[int, ...], fixed: tuple[bool, ...], board_angle: float,
    hole: float, width: float,
) -> nx.Graph:
    radii = ring_radii(len(sizes), hole, width)
    grid = {Fraction(k, ARC_GRID) for k in range(ARC_GRID)}
    breaks_set = set(grid)
    for n, o in zip(sizes, offsets, strict=True):
        breaks_set.update(Fraction((k + o) % n, n) for k in range(n))
    breaks = tuple(sorted(breaks_set))
    rotate = board_angle / 360.0
    g = nx.Graph(
        sizes=sizes, offsets=offsets, fixed=fixed, board_angle=board_angle, hole=hole, width=width
    )
    polys: dict[tuple[int, int], Polygon] = {}
    spans: dict[tuple[int, int], tuple[Fraction, Fraction]] = {}
    for r, (n, o) in enumerate(zip(sizes, offsets, strict=True)):
        lo, hi = radii[r]
        mid = (lo + hi) / 2.0
        for i in range(n):
            start, end = sector_span(n, i, o)
            spans[(r, i)] = (start, end)
            polys[(r, i)] = sector_polygon(lo, hi, start, end, breaks)
            centre = (start + end) / 2
            angle = (float(centre) * 360.0 + board_angle) % 360.0
            g.add_node(
                (r, i), ring=r, index=i, angle=angle, pos=_point(mid, centre, rotate),
                fixed=fixed[r],
            )
    for r, n in enumerate(sizes):
        if n > 1:
            for i in range(n):
                j = (i + 1) % n
                if i != j:
                    g.add_edge((r, i), (r, j), kind="ring")
    for r in range(len(sizes) - 1):
        for i in range(sizes[r]):
            a0, a1 = spans[(r, i)]
            for j in range(sizes[r + 1]):
                b0, b1 = spans[(r + 1, j)]
                if not _overlap(a0, a1, b0, b1):
                    continue
                shared = polys[(r, i)].intersection(polys[(r + 1, j)])
                if shared.length > 1e-9 and shared.area < 1e-9:
                    g.add_edge((r, i), (r + 1, j), kind="radial", length=round(shared.length, 9))
    return g


def _overlap(a0: Fraction, a1: Fraction, b0: Fraction, b1: Fraction) -> bool:
    """Whether two arcs (in turns, each shorter than a turn, possibly past 1) overlap."""
    return any(a0 < b1 + shift and b0 + shift < a1 for shift in (-1, 0, 1))


def rings_graph(
    sizes: Sequence[int] = (16, 16, 16),
    offsets: Sequence[int] | None = None,
    fixed: Sequence[bool] | None = None,
    board_angle: float = 0.0,
    *,
    hole: float = 1.0,
    width: float = 1.0,
) -> nx.Graph:
    """The sector graph of a board of concentric rings.

    Parameters
    ----------
    sizes : sequence of int
        Sectors per ring, from the centre outwards (unequal sizes are fine).
    offsets : sequence of int, optional
        How many of its own sector widths each ring has turned clockwise (default all 0).
        Taken modulo the ring size.
    fixed : sequence of bool, optional
        Rings that are part of the board and never turn (their offset must be 0).
    board_angle : float
        Whole-board rotation in degrees, clockwise. Moves positions, not neighbours.
    hole, width : float
        Radius of the empty centre and width of each ring (drawing units).

    Returns
    -------
    networkx.Graph
        Nodes ``(ring, index)`` with attributes ``ring``, ``index``, ``angle`` (centre, degrees
        clockwise from 12 o'clock), ``pos`` and ``fixed``; edges with ``kind`` ``"ring"`` or
        ``"radial"``. ``G.graph`` holds the arguments. A fresh copy each call.

    Raises
    ------
    ValueError
        For an empty board, a ring without sectors, mismatched lengths or a turned fixed ring.
    """
    s, o, f = _check(sizes, offsets, fixed)
    return _cached_build((s, o, f, float(board_angle) % 360.0, float(hole), float(width))).copy()


def turn_ring(graph: nx.Graph, ring: int, steps: int) -> nx.Graph:
    """A new graph: ``graph`` with ``ring`` turned ``steps`` sectors (clockwise if positive)."""
    sizes = graph.graph["sizes"]
    if not 0 <= ring < len(sizes):
        msg = f"ring {ring} does not exist; rings are 0..{len(sizes) - 1}"
        raise ValueError(msg)
    if graph.graph["fixed"][ring]:
        msg = f"ring {ring} is fixed (part of the board) and cannot be turned"
        raise ValueError(msg)
    offs = list(graph.graph["offsets"])
    offs[ring] += steps
    return rings_graph(
        sizes, offs, graph.graph["fixed"], graph.graph["board_angle"],
        hole=graph.graph["hole"], width=graph.graph["width"],
    )


def turn_board(graph: nx.Graph, degrees: float) -> nx.Graph:
    """A new graph: ``graph`` with the whole board turned ``degrees`` clockwise."""
    return rings_graph(
        graph.graph["sizes"], graph.graph["offsets"], graph.graph["fixed"],
        graph.graph["board_angle"] + degrees, hole=graph.graph["hole"], width=graph.graph["width"],
    )


def sector_polygons(
    sizes: Sequence[int],
    offsets: Sequence[int] | None = None,
    board_angle: float = 0.0,
    *,
    hole: float = 1.0,
    width: float = 1.0,
) -> dict[tuple[int, int], Polygon]:
    """Shapely polygon of every sector ``(ring, index)`` as drawn (board rotation applied)."""
    s, o, _ = _check(sizes, offsets, None)
    radii = ring_radii(len(s), hole, width)
    breaks = tuple(Fraction(k, ARC_GRID) for k in range(ARC_GRID))
    rotate = (float(board_angle) % 360.0) / 360.0
    out: dict[tuple[int, int], Polygon] = {}
    for r, (n, off) in enumerate(zip(s, o, strict=True)):
        lo, hi = radii[r]
        for i in range(n):
            start, end = sector_span(n, i, off)
            out[(r, i)] = sector_polygon(lo, hi, start, end, breaks, rotate)
    return out
