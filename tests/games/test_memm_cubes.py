"""memm components and cube geometry: rotations, orientations, the cube set, the lattice graph."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import lab
from lab.boards.cubes import (
    FACE_VECTORS,
    cube_lattice_graph,
    cube_rotations,
    direction,
    distinct_orientations,
    face_of_vector,
    oriented_colours,
    rotation_face_maps,
    rotation_table,
    structure_graph,
)
from lab.games.memm.components import (
    COLOURS,
    PATTERNS,
    balanced_cube_set,
    check_cube_set,
    numeral,
    pattern_of,
)
from lab.lint.checks import Divisible


# ------------------------------------------------------------------ rotations
def test_24_rotations_are_distinct_proper_and_identity_first() -> None:
    rots = cube_rotations()
    assert len(rots) == 24
    assert len({m.tobytes() for m in rots}) == 24
    assert np.array_equal(rots[0], np.eye(3))
    for m in rots:
        assert round(np.linalg.det(m)) == 1
        assert np.array_equal(m.T @ m, np.eye(3))


def test_rotations_form_a_group() -> None:
    table = rotation_table()
    n = len(table)
    for a in range(n):
        assert sorted(table[a]) == list(range(n))  # Latin square: closed, cancellative
        assert 0 in table[a]
        inv = table[a].index(0)
        assert table[inv][a] == 0  # two-sided inverse
        assert table[0][a] == a == table[a][0]
    for a in range(0, n, 5):
        for b in range(n):
            for c in range(0, n, 7):
                assert table[table[a][b]][c] == table[a][table[b][c]]  # associative


def test_face_maps_are_permutations_keeping_opposites_opposite() -> None:
    for fmap in rotation_face_maps():
        assert sorted(fmap) == list(range(6))
        for f in range(6):
            assert fmap[f ^ 1] == fmap[f] ^ 1
    assert rotation_face_maps()[0] == tuple(range(6))
    # the face maps compose like the matrices
    table = rotation_table()
    maps = rotation_face_maps()
    for a in range(24):
        for b in range(24):
            assert maps[table[a][b]] == tuple(maps[a][maps[b][f]] for f in range(6))


def test_distinct_orientation_counts() -> None:
    one = (0,) * 6
    six = tuple(range(6))
    assert len(distinct_orientations(one)) == 1
    assert len(distinct_orientations(six)) == 24
    assert len(distinct_orientations((0, 0, 0, 0, 0, 1))) == 6  # 5-1: the odd face anywhere
    assert len(distinct_orientations((0, 0, 1, 1, 2, 2))) == 6  # pairs to axes: 3!
    # orbit-stabiliser: 24 / |stabiliser|, checked by brute force on every cube of the set
    for layout in ("opposite", "adjacent"):
        for body in balanced_cube_set(layout):
            worlds = {oriented_colours(body, r) for r in range(24)}
            assert len(distinct_orientations(body)) == len(worlds)
            stab = sum(1 for r in range(24) if oriented_colours(body, r) == tuple(body))
            assert len(worlds) * stab == 24


def test_direction_and_face_of_vector() -> None:
    assert direction((0, 0, 0), (1, 0, 0)) == 0
    assert direction((0, 0, 0), (0, 0, 1)) == 4
    assert direction((0, 0, 0), (1, 1, 0)) is None
    assert [face_of_vector(v) for v in FACE_VECTORS] == list(range(6))
    with pytest.raises(ValueError, match="not a face direction"):
        face_of_vector((1, 1, 0))


def test_lattice_graph_nodes_edges_and_colours() -> None:
    six = tuple(range(6))
    structure = {(0, 0, 0): (30, 0, six), (1, 0, 0): (31, 0, six), (1, 0, 1): (32, 0, six)}
    g = cube_lattice_graph(structure, COLOURS)
    assert set(g.nodes) == set(structure)
    assert g.number_of_edges() == 2
    assert g.nodes[(1, 0, 1)]["pos"] == (1, 0, 1)
    edge = g.edges[(0, 0, 0), (1, 0, 0)]
    assert edge["colours"] == {(0, 0, 0): six[0], (1, 0, 0): six[1]}
    assert edge["match"] is False and edge["axis"] == "x"
    assert g.edges[(1, 0, 0), (1, 0, 1)]["faces"] == {(1, 0, 0): 4, (1, 0, 1): 5}
    g2 = structure_graph([((0, 0, 0), 0, 0, (0,) * 6), ((0, 1, 0), 1, 0, (0,) * 6)])
    assert g2.edges[(0, 0, 0), (0, 1, 0)]["match"] is True


# ------------------------------------------------------------------ the cube set
@pytest.mark.parametrize("layout", ["opposite", "adjacent"])
def test_MM_C1_balanced_set_has_six_cubes_of_each_pattern(layout: str) -> None:
    cubes = balanced_cube_set(layout)
    assert len(cubes) == 36
    patterns = Counter(pattern_of(c) for c in cubes)
    assert patterns == {p: 6 for p in PATTERNS}
    faces = Counter(c for cube in cubes for c in cube)
    assert faces == {c: 36 for c in range(6)}  # AMB-MM-3 balanced: 36 faces of each colour
    for k, pattern in enumerate(PATTERNS):
        dominant = [Counter(cubes[6 * k + d]).most_common(1)[0][0] for d in range(6)]
        if pattern[0] > 1:
            assert sorted(dominant) == list(range(6))  # each colour dominant once per pattern


def test_MM_C2_numeral_counts_faces_of_that_colour() -> None:
    cube = (0, 0, 0, 0, 1, 2)
    assert [numeral(cube, f) for f in range(6)] == ["IV", "IV", "IV", "IV", "I", "I"]
    assert numeral((3,) * 6, 2) == "VI"


def test_AMB_MM_3_layouts_place_repeated_colours_differently() -> None:
    opp = balanced_cube_set("opposite")
    adj = balanced_cube_set("adjacent")
    two = 24  # pattern 2-1-1-1-1, red dominant
    assert opp[two][0] == opp[two][1] == 0  # +x and -x: opposite faces
    assert adj[two][0] == adj[two][2] == 0  # +x and +y: adjacent faces
    four = 12  # pattern 4-1-1: a red band round the cube, or red on four faces with 2 touching
    assert len(distinct_orientations(opp[four])) == 6
    assert len(distinct_orientations(adj[four])) == 24
    game = lab.load("memm", face_layout="adjacent")
    assert game.cubes.bodies == adj


def test_AMB_MM_3_custom_cube_set_is_used_and_validated() -> None:
    custom = [[COLOURS[c] for c in cube] for cube in balanced_cube_set("adjacent")]
    custom[35] = ["red"] * 6
    game = lab.load("memm", cube_set=custom)
    assert game.cubes.bodies[35] == (0,) * 6
    assert any(f.id == "memm-pattern-1x6" for f in lab.lint(game))  # only 5 six-colour cubes
    with pytest.raises(lab.InvalidVariant, match="36 cubes"):
        lab.load("memm", cube_set=custom[:35])
    bad = [list(c) for c in custom]
    bad[3] = ["red"] * 5
    with pytest.raises(lab.InvalidVariant, match="cube 3 must list 6 face colours"):
        lab.load("memm", cube_set=bad)
    bad[3] = ["red"] * 5 + ["pink"]
    with pytest.raises(lab.InvalidVariant, match="'pink' is not known"):
        lab.load("memm", cube_set=bad)
    no_mono = [["red", "red", "red", "red", "red", "blue"]] * 36
    with pytest.raises(lab.InvalidVariant, match="single colour"):
        lab.load("memm", cube_set=no_mono)
    with pytest.raises(lab.InvalidVariant, match="balanced"):
        lab.load("memm", cube_set=7)
    with pytest.raises(lab.InvalidVariant, match="face_layout"):
        lab.load("memm", cube_set=custom, face_layout="adjacent")
    assert check_cube_set("balanced") == "balanced"


def test_MM_1_share_is_divisible_for_every_allowed_count_and_linted() -> None:
    for n in (2, 3, 4):
        game = lab.load("memm", players=n)
        checks = [c for c in game.accounting() if isinstance(c, Divisible)]
        assert len(checks) == 1 and checks[0].total == 36 and checks[0].parts == n
        assert [f.id for f in lab.lint(game) if f.severity != "info"] == []
    # the same check flags a count that does not divide 36 (5 players are not allowed at all)
    assert Divisible("memm-share", ("MM-1",), "cubes", 36, 5).run()
    with pytest.raises(lab.InvalidVariant, match="players"):
        lab.load("memm", players=5)


def test_MM_6_and_AMB_MM_6_are_linter_notes() -> None:
    findings = {f.id: f for f in lab.lint(lab.load("memm"))}
    assert findings["memm-variants"].clauses == ("MM-6",)
    assert findings["memm-variants"].severity == "info"
    assert "AMB-MM-6" in findings["memm-direction"].clauses
