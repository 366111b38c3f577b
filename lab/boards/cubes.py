"""Cubes on a 3D lattice: the 24 rotations of a cube and the face-contact graph of a structure.

Faces are numbered ``0..5`` = ``+x, -x, +y, -y, +z, -z`` (:data:`FACE_NAMES`); the opposite of
face ``f`` is ``f ^ 1``. A cube's *body* colours are listed in that face order for the cube in
its reference pose; a rotation ``r`` moves body face ``f`` to world face ``face_map[r][f]``.

The 24 proper rotations are computed once, as the closure of two quarter turns (about ``z`` and
about ``x``) under composition (:func:`cube_rotations`), never typed in by hand. Index 0 is the
identity.

A structure is a mapping ``cell -> (cube, rotation, world colours)``; :func:`cube_lattice_graph`
turns it into a :class:`networkx.Graph` whose nodes are the occupied cells ``(x, y, z)`` and whose
edges are face contacts carrying the two touching colours.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

import networkx as nx
import numpy as np

Cell = tuple[int, int, int]

FACE_NAMES: tuple[str, ...] = ("+x", "-x", "+y", "-y", "+z", "-z")
FACE_VECTORS: tuple[Cell, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
_VEC_TO_FACE = {v: i for i, v in enumerate(FACE_VECTORS)}


def opposite(face: int) -> int:
    """The face opposite ``face`` (``+x`` <-> ``-x`` ...)."""
    return face ^ 1


def face_of_vector(vec: Sequence[int]) -> int:
    """Index of the face whose outward unit vector is ``vec``.

    Raises
    ------
    ValueError
        If ``vec`` is not one of the six axis unit vectors.
    """
    key = (int(vec[0]), int(vec[1]), int(vec[2]))
    if key not in _VEC_TO_FACE:
        msg = f"{key} is not a face direction; expected one of {list(FACE_VECTORS)}"
        raise ValueError(msg)
    return _VEC_TO_FACE[key]


@lru_cache(maxsize=1)
def cube_rotations() -> tuple[np.ndarray, ...]:
    """The 24 proper rotations of a cube as 3x3 integer matrices, identity first.

    Computed as the closure of a quarter turn about ``z`` and a quarter turn about ``x`` under
    matrix multiplication (breadth-first, so the order is fixed).

    Returns
    -------
    tuple of numpy.ndarray
        24 read-only ``int8`` matrices; ``R @ v`` rotates a vector ``v``.
    """
    rz = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1]], dtype=np.int8)
    rx = np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]], dtype=np.int8)
    found: list[np.ndarray] = [np.eye(3, dtype=np.int8)]
    seen = {found[0].tobytes()}
    frontier = [found[0]]
    while frontier:
        nxt: list[np.ndarray] = []
        for m in frontier:
            for g in (rz, rx):
                prod = (g @ m).astype(np.int8)
                key = prod.tobytes()
                if key not in seen:
                    seen.add(key)
                    found.append(prod)
                    nxt.append(prod)
        frontier = nxt
    for m in found:
        m.setflags(write=False)
    return tuple(found)


@lru_cache(maxsize=1)
def rotation_face_maps() -> tuple[tuple[int, ...], ...]:
    """For each rotation ``r``, the world face that body face ``f`` ends on: ``maps[r][f]``."""
    maps = []
    for m in cube_rotations():
        maps.append(tuple(face_of_vector(m @ np.array(v)) for v in FACE_VECTORS))
    return tuple(maps)


@lru_cache(maxsize=1)
def rotation_table() -> tuple[tuple[int, ...], ...]:
    """Composition table: ``table[a][b]`` is the index of rotation ``R_a @ R_b``."""
    mats = cube_rotations()
    index = {m.tobytes(): i for i, m in enumerate(mats)}
    return tuple(
        tuple(index[(a @ b).astype(np.int8).tobytes()] for b in mats) for a in mats
    )


def oriented_colours(body: Sequence[int], rotation: int) -> tuple[int, ...]:
    """World colours (face order ``+x..-z``) of a cube with ``body`` colours turned by ``rotation``."""
    fmap = rotation_face_maps()[rotation]
    world = [0] * 6
    for f, c in enumerate(body):
        world[fmap[f]] = c
    return tuple(world)


def distinct_orientations(body: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """The distinct ways a cube can sit: ``(representative rotation, world colours)`` pairs.

    Rotations that show the same colour on every world face are one orientation; the
    representative is the lowest rotation index. A one-colour cube has 1, a cube with six
    different colours 24.
    """
    seen: dict[tuple[int, ...], int] = {}
    for r in range(len(cube_rotations())):
        world = oriented_colours(body, r)
        if world not in seen:
            seen[world] = r
    return [(r, world) for world, r in seen.items()]


def neighbour(cell: Cell, face: int) -> Cell:
    """The lattice cell across ``face`` of ``cell``."""
    dx, dy, dz = FACE_VECTORS[face]
    return (cell[0] + dx, cell[1] + dy, cell[2] + dz)


def direction(src: Cell, dst: Cell) -> int | None:
    """The face of ``src`` that ``dst`` sits against, or ``None`` if they are not face neighbours."""
    return _VEC_TO_FACE.get((dst[0] - src[0], dst[1] - src[1], dst[2] - src[2]))


def cube_lattice_graph(
    structure: Mapping[Cell, tuple[int, int, Sequence[int]]],
    colour_names: Sequence[str] | None = None,
) -> nx.Graph:
    """The face-contact graph of a structure of cubes on the integer lattice.

    Parameters
    ----------
    structure : mapping
        ``(x, y, z) -> (cube id, rotation index, world colours in face order +x..-z)``.
    colour_names : sequence of str, optional
        Names for the colour indices (node and edge attributes then carry names too).

    Returns
    -------
    networkx.Graph
        Nodes are the occupied cells with attributes ``cube``, ``rotation``, ``colours`` (world
        colour per face), ``pos`` (the cell as an ``(x, y, z)`` tuple) and ``pos2d`` (an
        isometric projection). Edges join face neighbours with ``faces`` (the touching face of
        each end, keyed by cell), ``colours`` (the two touching colours, keyed by cell) and
        ``match`` (whether they are equal).
    """
    g = nx.Graph()
    for cell, (cube, rot, world) in structure.items():
        x, y, z = cell
        attrs = {
            "cube": int(cube),
            "rotation": int(rot),
            "colours": tuple(int(c) for c in world),
            "pos": (x, y, z),
            "pos2d": isometric(cell),
        }
        if colour_names is not None:
            attrs["colour_names"] = tuple(colour_names[c] for c in world)
        g.add_node(cell, **attrs)
    for cell, (_, _, world) in structure.items():
        for f in (0, 2, 4):  # each contact once, from its lower end
            other = neighbour(cell, f)
            if other in structure:
                oworld = structure[other][2]
                a, b = int(world[f]), int(oworld[opposite(f)])
                g.add_edge(
                    cell,
                    other,
                    faces={cell: f, other: opposite(f)},
                    colours={cell: a, other: b},
                    match=a == b,
                    axis="xyz"[f // 2],
                )
    return g


def structure_graph(cells: Iterable[tuple[Cell, int, int, Sequence[int]]]) -> nx.Graph:
    """:func:`cube_lattice_graph` from ``(cell, cube, rotation, world colours)`` records."""
    return cube_lattice_graph({c: (cube, rot, world) for c, cube, rot, world in cells})


def isometric(cell: Sequence[float], scale: float = 1.0) -> tuple[float, float]:
    """Screen position (y down) of a lattice point seen from the ``+x, +y, +z`` octant."""
    x, y, z = cell
    return (
        round((x - y) * 0.8660254 * scale, 4),
        round(((x + y) * 0.5 - z) * scale, 4),
    )
