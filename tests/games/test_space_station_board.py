"""Board geometry of Save the Space Station (SS-A*, SS-F4, AMB-SS-1..3) and the hex grid."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from lab.boards.hexgrid import (
    axial_distance,
    axial_to_cube,
    axial_to_offset,
    cube_to_axial,
    directions,
    hex_distance,
    hex_grid_graph,
    offset_to_axial,
)
from lab.core.errors import InvalidVariant
from lab.games.space_station import Geometry, SpaceStationGame, default_entry_points
from lab.games.space_station.board import compare_with_networkx, route_queries


def geo(**params):
    """A freshly built board (not the game's cached one, so a wrong table cannot hide in a cache)."""
    return Geometry(SpaceStationGame(**params).params)


# ---------------------------------------------------------------------- generic hex grid
@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("offset", ["odd", "even"])
def test_hexgrid_conversions_and_distance_match_graph(orientation, offset):
    g = hex_grid_graph(7, 6, orientation, offset)
    lengths = dict(nx.all_pairs_shortest_path_length(g))
    for a in g:
        ax = offset_to_axial(a, orientation, offset)
        assert axial_to_offset(ax, orientation, offset) == a
        assert cube_to_axial(axial_to_cube(ax)) == ax
        assert sum(axial_to_cube(ax)) == 0
        for b in g:
            assert hex_distance(a, b, orientation, offset) == lengths[a][b]


def test_hexgrid_neighbours_share_an_edge_of_their_polygons():
    g = hex_grid_graph(5, 4)
    for a, b in g.edges:
        pa, pb = g.nodes[a]["polygon"], g.nodes[b]["polygon"]
        assert pa.distance(pb) < 1e-9  # they touch ...
        assert pa.intersection(pb).area < 1e-9  # ... without overlapping
        assert pa.buffer(1e-6).intersection(pb.buffer(1e-6)).area > 1e-7  # along an edge
    assert all(d <= 6 for _, d in g.degree)


def test_hexgrid_directions_counter_clockwise_on_screen():
    assert directions("pointy") == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert directions("flat")[0] == (1, -1)  # north-east comes first for flat-top hexes


def test_hexgrid_rhombus_is_the_hex_board():
    g = hex_grid_graph(11, 11, shape="rhombus")
    assert g.number_of_nodes() == 121
    assert set(g.neighbors((5, 5))) == {(6, 5), (4, 5), (5, 6), (5, 4), (6, 4), (4, 6)}
    assert axial_distance((0, 0), (10, 10)) == 20


def test_hexgrid_rejects_bad_arguments():
    with pytest.raises(ValueError, match="orientation"):
        hex_grid_graph(3, 3, "round")
    with pytest.raises(ValueError, match="at least 1"):
        hex_grid_graph(0, 3)


# ---------------------------------------------------------------------- the board
def test_SS_A1_board_is_28_by_19():
    g = geo()
    assert len(g.nodes) == 28 * 19 == 532
    assert max(c for c, _ in g.nodes) == 27 and max(r for _, r in g.nodes) == 18
    assert len(geo(columns=30).nodes) == 30 * 19


def test_SS_A2_AMB_SS_2_earth_column_and_seven_forbidden_hexes():
    g = geo()
    assert g.nodes[g.earth] == (22, 9)  # 1-based column 23 (6th from the right), row 10
    assert len(g.forbidden) == 7
    assert all(g.dist[g.earth][h] <= 1 for h in g.forbidden)
    g7 = geo(earth_from_right=7)
    assert g7.nodes[g7.earth] == (21, 9)  # column 22: six hexes between Earth and the edge
    graph = SpaceStationGame().board()
    assert sum(1 for _, d in graph.nodes(data=True) if d["forbidden"]) == 7
    assert sum(1 for _, d in graph.nodes(data=True) if d["earth"]) == 1


def test_SS_A4_orbit_has_18_hexes_at_distance_3_starting_leftmost():
    g = geo()
    assert len(g.orbit) == 18
    assert all(g.dist[g.earth][h] == 3 for h in g.orbit)
    start = g.orbit[0]
    assert g.nodes[start] == (19, 9)  # three hexes left of Earth on its row
    assert g.pos[start][0] == min(g.pos[h][0] for h in g.orbit)
    graph = SpaceStationGame().board()
    assert sorted(d["orbit"] for _, d in graph.nodes(data=True) if d["orbit"] is not None) == list(range(18))


def test_SS_A4_orbit_is_counter_clockwise_on_screen():
    g = geo()
    ex, ey = g.pos[g.earth]
    for a, b in zip(g.orbit, g.orbit[1:] + g.orbit[:1], strict=True):
        assert g.dist[a][b] == 1  # a closed ring of neighbours
        ax, ay = g.pos[a][0] - ex, g.pos[a][1] - ey
        bx, by = g.pos[b][0] - ex, g.pos[b][1] - ey
        # with y pointing down, a counter-clockwise turn on screen has a negative cross product
        assert ax * by - ay * bx < 0
    assert g.pos[g.orbit[1]][1] > g.pos[g.orbit[0]][1]  # from the leftmost hex it goes down


def test_SS_D1_six_turns_per_orbit():
    g = geo()
    assert len(g.orbit) // SpaceStationGame().params.station_speed == 6


def test_SS_A3_AMB_SS_3_six_entry_points_in_the_left_half():
    g = geo()
    nodes = [g.nodes[h] for h in g.entries]
    assert len(set(nodes)) == 6
    assert all(c < 14 for c, _ in nodes)
    top = [n for n in nodes if n[1] == 0]
    left = [n for n in nodes if n[0] == 0 and 0 < n[1] < 18]
    bottom = [n for n in nodes if n[1] == 18]
    assert len(top) == len(left) == len(bottom) == 2
    assert nodes == default_entry_points(28, 19) == [(9, 0), (2, 0), (0, 5), (0, 13), (2, 18), (9, 18)]
    custom = [[5, 1], [2, 1], [1, 5], [1, 15], [2, 19], [5, 19]]
    g2 = geo(entry_points=custom)
    assert [g2.nodes[h] for h in g2.entries] == [(c - 1, r - 1) for c, r in custom]
    graph = SpaceStationGame().board()
    assert sorted(d["entry"] for _, d in graph.nodes(data=True) if d["entry"]) == [1, 2, 3, 4, 5, 6]


def test_SS_A3_entry_point_inside_forbidden_zone_is_invalid():
    bad = [[23, 10], [2, 1], [1, 5], [1, 15], [2, 19], [5, 19]]
    with pytest.raises(InvalidVariant, match="forbidden"):
        SpaceStationGame(entry_points=bad)
    with pytest.raises(InvalidVariant, match="exactly 6"):
        SpaceStationGame(entry_points=[[1, 1]])
    with pytest.raises(InvalidVariant, match="different"):
        SpaceStationGame(entry_points=[[1, 1]] * 6)


def test_SS_A4_orbit_off_the_board_is_invalid():
    with pytest.raises(InvalidVariant, match="orbit"):
        SpaceStationGame(earth_from_right=2)
    with pytest.raises(InvalidVariant, match="forbidden_radius"):
        SpaceStationGame(forbidden_radius=3)
    with pytest.raises(InvalidVariant, match="off the"):
        SpaceStationGame(earth_row=30)


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("offset", ["odd", "even"])
def test_AMB_SS_1_orientation_and_offset_keep_the_geometry(orientation, offset):
    g = geo(orientation=orientation, hex_offset=offset)
    assert len(g.orbit) == 18 and len(g.forbidden) == 7
    assert all(g.dist[g.earth][h] == 3 for h in g.orbit)
    assert g.pos[g.orbit[0]][0] == min(g.pos[h][0] for h in g.orbit)
    # SS-D2: a move enters a touching hex, whatever the layout (the step table reads the offset)
    assert all(g.dist[i][j] == 1 for i, row in enumerate(g.step) for j in row if j >= 0)
    assert max(sum(j >= 0 for j in row) for row in g.step) == 6


def test_SS_F4_forbidden_hexes_are_not_in_the_movement_tables():
    g = geo()
    for i, row in enumerate(g.step):
        assert all(j not in g.forbidden for j in row)
        if i in g.forbidden:
            assert all(j == -1 for j in row)
            assert all(g.route_length(i, k) == -1 for k in range(len(g.orbit)))  # no route
    # the hex left of the forbidden zone must walk around it to reach the hex on its right
    left, right = g.index[(20, 9)], g.index[(24, 9)]
    k = g.orbit_pos[g.index[(25, 9)]]
    assert g.dist[left][right] == 4
    assert g.route_length(left, k) > g.dist[left][g.orbit[k]]


def test_SS_F3_distance_tables_agree_with_networkx():
    g = geo()
    mg = g.movement_graph()
    for k in range(0, 18, 5):
        lengths = nx.single_source_shortest_path_length(mg, g.orbit[k])
        for i in range(len(g.nodes)):
            if i not in g.forbidden:
                assert g.route_length(i, k) == lengths[i]
    for src, k in itertools.product([0, 100, 300, 531], [0, 7]):
        path = g.networkx_route(src, k)
        assert len(path) - 1 == g.route_length(src, k)
        for route in g.routes(src, k, 6):
            assert len(route) == min(6, g.route_length(src, k))
            assert g.route_length(route[-1], k) == g.route_length(src, k) - len(route)


# ---------------------------------------------------------------------- the square grid (SS-A1)
def test_SS_A1_square_grid_28_by_19_same_earth_and_entries():
    g = geo(grid="square")
    assert len(g.nodes) == 532 and g.grid == "square"
    assert g.nodes[g.earth] == (22, 9)
    assert [g.nodes[h] for h in g.entries] == default_entry_points(28, 19)
    graph = SpaceStationGame(grid="square").board()
    poly = graph.nodes[(0, 0)]["polygon"]
    assert len(poly.exterior.coords) == 5 and poly.area == pytest.approx(1.0)  # squares


@pytest.mark.parametrize(("neighbours", "orbit", "forbidden"), [(8, 24, 9), (4, 12, 5)])
def test_AMB_SS_9_square_orbit_and_forbidden_zone(neighbours, orbit, forbidden):
    g = geo(grid="square", square_neighbours=neighbours)
    assert len(g.orbit) == orbit and len(g.forbidden) == forbidden
    assert len(g.directions) == neighbours
    ex, ey = g.nodes[g.earth]
    for h in g.forbidden:
        c, r = g.nodes[h]
        assert (max if neighbours == 8 else lambda a, b: a + b)(abs(c - ex), abs(r - ey)) <= 1
    assert all(g.dist[g.earth][h] == 3 for h in g.orbit)
    assert g.nodes[g.orbit[0]] == (19, 9)  # leftmost, on Earth's row
    for a, b in zip(g.orbit, g.orbit[1:] + g.orbit[:1], strict=True):
        # 8 neighbours: a closed path of neighbours; 4: consecutive squares meet at a corner
        assert g.dist[a][b] == (1 if neighbours == 8 else 2)
        ax, ay = g.pos[a][0] - g.pos[g.earth][0], g.pos[a][1] - g.pos[g.earth][1]
        bx, by = g.pos[b][0] - g.pos[g.earth][0], g.pos[b][1] - g.pos[g.earth][1]
        assert ax * by - ay * bx < 0  # counter-clockwise on screen
    assert g.pos[g.orbit[1]][1] > g.pos[g.orbit[0]][1]


@pytest.mark.parametrize("neighbours", [8, 4])
def test_SS_F3_SS_F4_square_routes_agree_with_networkx(neighbours):
    g = geo(grid="square", square_neighbours=neighbours)
    mg = g.movement_graph()
    assert not set(mg.nodes) & g.forbidden
    for k in (0, len(g.orbit) // 2):
        lengths = nx.single_source_shortest_path_length(mg, g.orbit[k])
        for i in range(len(g.nodes)):
            if i not in g.forbidden:
                assert g.route_length(i, k) == lengths[i]
    for src in (0, 300, 531):
        for route in g.routes(src, 0, 6):
            assert len(route) == min(6, g.route_length(src, 0))
            assert all(g.dist[a][b] == 1 for a, b in zip((src, *route), route, strict=False))


def test_SS_A1_square_board_is_noted_by_the_linter():
    from lab.lint.checks import Note

    checks = SpaceStationGame(grid="square").accounting()
    names = {c.id for c in checks}
    assert "SS-A1-square" in names and "SS-A4-orbit" not in names
    note = next(c for c in checks if c.id == "SS-A1-square")
    assert isinstance(note, Note) and "24 squares" in note.message
    assert "SS-A4-orbit" in {c.id for c in SpaceStationGame().accounting()}


def test_AMB_SS_5_line_of_sight_on_a_fresh_board():
    g = geo()
    a, b = g.index[(19, 9)], g.index[(25, 9)]  # either side of Earth on its row
    assert g.line_of_sight(a, b) is False and g.line_of_sight(b, a) is False
    above = g.index[(19, 3)]
    assert g.line_of_sight(a, above) is True and g.line_of_sight(above, a) is True
    assert g.line_of_sight(a, a) is True
    # a line grazing the zone's outer edge is not blocked (only its inside is)
    left_of_zone = g.index[(20, 8)]
    assert g.line_of_sight(left_of_zone, g.index[(22, 7)]) is True
    fresh = geo()
    assert fresh.line_of_sight(b, a) is False  # the first question asked in the other order


def test_SS_F3_route_benchmark_helpers():
    g = geo()
    qs = route_queries(g, 40, seed=3)
    assert qs == route_queries(g, 40, seed=3) and qs != route_queries(g, 40, seed=4)
    assert len(qs) == 40 and all(s not in g.forbidden and 0 <= k < len(g.orbit) for s, k in qs)
    assert {s for s, _ in qs} > {qs[0][0]} and {k for _, k in qs} > {qs[0][1]}
    out = compare_with_networkx(g, qs)
    assert out["agree"] == 1.0
    for key in ("length_s", "table_s", "networkx_s"):
        assert 0.0 < out[key] < 1.0
    assert out["speedup"] == pytest.approx(out["networkx_s"] / out["table_s"])
    assert out["length_speedup"] == pytest.approx(out["networkx_s"] / out["length_s"])
    for s, k in qs[:5]:
        path = g.table_route(s, k)
        assert path[0] == s and path[-1] == g.orbit[k] and len(path) == g.route_length(s, k) + 1
        assert all(b in g.step[a] for a, b in zip(path, path[1:], strict=False))


# ---------------------------------------------------------------------- what mutation testing found
def test_SS_F3_route_helpers_timing_arithmetic_on_a_fake_clock(monkeypatch):
    # compare_with_networkx divides the time of each batch of questions by their number; a clock
    # that advances by fixed steps makes every figure exact (including a zero-length interval)
    import time

    g = SpaceStationGame().geometry
    assert route_queries(g, 5) == route_queries(g, 5, seed=0)  # the default seed
    for ticks, queries, want in (
        ([10.0, 11.0, 11.0, 14.0], route_queries(g, 1), (1.0, 0.0, 3.0, float("inf"), 3.0)),
        ([10.0, 10.0, 12.0, 18.0], route_queries(g, 2), (0.0, 1.0, 3.0, 3.0, float("inf"))),
        ([10.0, 11.0, 13.0, 19.0], route_queries(g, 2), (0.5, 1.0, 3.0, 3.0, 6.0)),
    ):
        clock = iter(ticks)
        monkeypatch.setattr(time, "perf_counter", lambda clock=clock: next(clock))
        out = compare_with_networkx(g, queries)
        monkeypatch.undo()
        got = tuple(out[k] for k in ("length_s", "table_s", "networkx_s", "speedup", "length_speedup"))
        assert got == want and out["agree"] == 1.0


def test_SS_F3_SS_F4_routes_into_the_board_corner():
    # a square board with Earth at 0-based (3, 3): the 8-neighbour orbit (Chebyshev 3) takes in
    # the corner square (0, 0), hex number 0; routes to it and the reference graph reach it
    g = geo(grid="square", earth_from_right=25, earth_row=4)
    k = g.orbit.index(0)
    assert g.nodes[0] == (0, 0)
    for src in (g.index[(10, 10)], g.index[(0, 12)]):
        ours, ref = g.table_route(src, k), g.networkx_route(src, k)
        assert ours[-1] == ref[-1] == 0 and len(ours) == len(ref) == g.route_length(src, k) + 1
    hexes = SpaceStationGame().geometry
    assert len(hexes.networkx_route(0, 9)) == hexes.route_length(0, 9) + 1  # from the corner


def test_SS_D1_station_speed_must_be_smaller_than_the_orbit():
    with pytest.raises(InvalidVariant, match=r"^station_speed 12 must be smaller than the orbit's 12 hexes$"):
        SpaceStationGame(orbit_radius=2, station_speed=12)
    assert len(SpaceStationGame(orbit_radius=2, station_speed=11).geometry.orbit) == 12


def test_SS_A1_budget_of_a_variant():
    from lab.core.budget import MAX_HISTORY
    from lab.games.space_station.board import MAX_GEOMETRY_BYTES, MAX_HEXES, geometry_bytes

    game = SpaceStationGame()
    got = [(b.what, b.size, b.limit, b.parameters) for b in game.budget()]
    assert got == [
        ("board hexes", 28 * 19, MAX_HEXES, ("columns", "rows")),
        ("bytes of board tables", geometry_bytes(28 * 19), MAX_GEOMETRY_BYTES, ("columns", "rows")),
        ("save codes (longest game)", game.max_game_length(), MAX_HISTORY, ("max_turns", "fighters", "droids")),
    ]
    # turns x (4 + 2f + 10f + d (4 + f + 2d)) + 16 with f = 6 fighters, d = 2 droids
    assert game.max_game_length() == 100 * 104 + 16
    assert SpaceStationGame(fighters=4, droids=3, max_turns=10).max_game_length() == 10 * 94 + 16


@pytest.mark.parametrize(("value", "words"), [
    ("x", "entry_points must be [] or a list of six [column, row] pairs"),
    ([[1, 1], [1, 3], [1, 5], [1, 7], [1, 9], [1, 2, 3]],
     "entry point 6 = [1, 2, 3] is not a [column, row] pair of integers (1-based)"),
    ([[1, 1], [1.5, 2], [1, 5], [1, 7], [1, 9], [1, 11]],
     "entry point 2 = [1.5, 2] is not a [column, row] pair of integers (1-based)"),
    ([[1, 1], [True, 2], [1, 5], [1, 7], [1, 9], [1, 11]],
     "entry point 2 = [True, 2] is not a [column, row] pair of integers (1-based)"),
    ([[1, 1], "ab", [1, 5], [1, 7], [1, 9], [1, 11]],
     "entry point 2 = 'ab' is not a [column, row] pair of integers (1-based)"),
])
def test_AMB_SS_3_entry_points_parameter_is_checked(value, words):
    import re

    with pytest.raises(InvalidVariant, match="^parameter 'entry_points': " + re.escape(words) + "$"):
        SpaceStationGame(entry_points=value)


def test_AMB_SS_5_a_segment_along_the_zone_edge_is_not_blocked():
    # (22, 7) - (21, 8) runs along the edge of the forbidden zone: touching it is no block,
    # crossing it is (a fresh board: the cached one may hold answers already)
    g = geo(laser_line_of_sight=True)
    a, b = g.index[(22, 7)], g.index[(21, 8)]
    assert g.line_of_sight(a, b) and g.line_of_sight(b, a) and g.line_of_sight(a, a)
    assert not geo().line_of_sight(g.index[(19, 9)], g.index[(25, 9)])  # straight through Earth


@pytest.mark.parametrize(("params", "sources", "k"), [
    ({}, [(10, 2), (13, 9), (25, 15), (16, 8)], 0),
    ({"grid": "square", "earth_from_right": 25, "earth_row": 4}, [(1, 2), (6, 0), (2, 7)], None),
])
def test_SS_F3_routes_are_the_first_steps_of_every_shortest_route(params, sources, k):
    # the route table's answer against networkx's every shortest path, cut to the speed (a fresh
    # board: the game's cached one may hold memoised answers); on the square board the target
    # is the corner square, hex number 0
    g = geo(**params)
    k = g.orbit.index(0) if k is None else k
    graph = g.movement_graph()
    for node in sources:
        src = g.index[node]
        for speed in (1, 4, 6):
            want = {tuple(p[1:speed + 1]) for p in nx.all_shortest_paths(graph, src, g.orbit[k])}
            got = g.routes(src, k, speed)
            assert len(got) == len(set(got)) and set(got) == want, (node, speed)
            assert all(len(r) == min(speed, g.route_length(src, k)) for r in got)


@pytest.mark.parametrize("params", [{}, {"grid": "square"}])
def test_SS_F3_the_route_die_has_as_many_faces_as_the_most_routes_of_a_move(params):
    # max_routes (the range of the route(i) chance action) against every move on a small board
    g = geo(columns=12, rows=12, earth_from_right=5, earth_row=6, **params)
    free = [i for i in range(len(g.nodes)) if i not in g.forbidden]
    most = max(len(g.routes(s, k, speed)) for s in free for k in range(len(g.orbit)) for speed in (4, 6))
    assert g.max_routes == most > 1


@pytest.mark.parametrize(
    ("params", "speed"),
    [
        ({"grid": "square", "square_neighbours": 8, "columns": 8, "rows": 7}, 6),  # a target reached early
        ({"grid": "square", "square_neighbours": 8, "columns": 9, "rows": 8}, 8),  # a route that ends on the orbit
        ({"columns": 8, "rows": 7}, 6),  # a route that reaches its orbit hex counts once, not twice
    ],
)
def test_SS_F3_the_route_die_counts_routes_that_reach_the_orbit_before_the_last_step(params, speed):
    # boards small enough that a move of full speed can end on its orbit hex before its last step:
    # the route die's range must still be the most routes of any move, counted one by one
    g = geo(orbit_radius=2, earth_row=4, earth_from_right=4, droid_speed=speed, missile_speed=speed, **params)
    free = [i for i in range(len(g.nodes)) if i not in g.forbidden]
    most = max(len(g.routes(s, k, speed)) for s in free for k in range(len(g.orbit)))
    assert g.max_routes == most


@pytest.mark.parametrize(
    ("params", "message"),
    [
        # Earth on the first column or row is on the board (0-based 0 is a column): the orbit is what leaves
        ({"columns": 8, "rows": 7, "earth_from_right": 8, "earth_row": 4},
         "the orbit of radius 2 around Earth (column 1, row 4) leaves the 8 x 7 board at 5 hex(es), "
         "e.g. 1-based (-1, 4); move Earth inward, shrink the orbit or enlarge the board"),
        ({"columns": 8, "rows": 7, "earth_from_right": 4, "earth_row": 1},
         "the orbit of radius 2 around Earth (column 5, row 1) leaves the 8 x 7 board at 5 hex(es), "
         "e.g. 1-based (3, 0); move Earth inward, shrink the orbit or enlarge the board"),
        # Earth one column left of the board, one row below it
        ({"columns": 8, "rows": 7, "earth_from_right": 9, "earth_row": 4},
         "Earth at column 0, row 4 (1-based) is off the 8 x 7 board: earth_from_right must be 1..8 and earth_row 1..7"),
        ({"columns": 8, "rows": 7, "earth_from_right": 4, "earth_row": 8},
         "Earth at column 5, row 8 (1-based) is off the 8 x 7 board: earth_from_right must be 1..8 and earth_row 1..7"),
        # an orbit that leaves the board only one column right of it, only one row below it
        ({"columns": 12, "rows": 12, "earth_from_right": 2, "earth_row": 3},
         "the orbit of radius 2 around Earth (column 11, row 3) leaves the 12 x 12 board at 1 hex(es), "
         "e.g. 1-based (13, 3); move Earth inward, shrink the orbit or enlarge the board"),
        ({"columns": 12, "rows": 12, "earth_from_right": 5, "earth_row": 11},
         "the orbit of radius 2 around Earth (column 8, row 11) leaves the 12 x 12 board at 3 hex(es), "
         "e.g. 1-based (7, 13); move Earth inward, shrink the orbit or enlarge the board"),
        ({"forbidden_radius": 2},
         "forbidden_radius 2 must be smaller than orbit_radius 2: the orbit would lie inside the forbidden zone"),
    ],
)
def test_SS_A2_A4_a_board_whose_earth_or_orbit_does_not_fit_is_refused_by_name(params, message):
    with pytest.raises(InvalidVariant) as info:
        geo(orbit_radius=2, **params)
    assert str(info.value) == message


# ---------------------------------------------------------------------- the board's survivors (session 5)
# Every test below builds its board afresh (geo(), or a refused variant, which is never cached):
# mutmut forks each mutant from a process that has already built and cached the boards of every
# variant the tests use, so a wrong table in a cached board would go unseen.
SQRT3 = 3.0 ** 0.5
VALID_ENTRIES = [[5, 1], [2, 1], [1, 5], [1, 15], [2, 19], [5, 19]]
SMALL = {"columns": 12, "rows": 12, "earth_from_right": 5, "earth_row": 6}  # Earth at 0-based (7, 5)


def test_SS_A1_the_board_tables_budget_is_the_documented_estimate():
    # 9 bytes per pair of hexes (the dist table) and 4000 per hex (the other tables and the
    # graph): the figure the variant's budget reports, for the seed's board and a small one
    game = SpaceStationGame()
    assert game.budget()[1].size == 9 * 532 * 532 + 4000 * 532 == 4_675_216
    small = SpaceStationGame(**SMALL)
    assert small.budget()[1].size == 9 * 144 * 144 + 4000 * 144 == 762_624


@pytest.mark.parametrize(("params", "names", "first"), [
    ({}, ("E", "NE", "NW", "W", "SW", "SE"), (SQRT3, 0.0)),
    ({"orientation": "flat", "hex_offset": "even"}, ("NE", "N", "NW", "SW", "S", "SE"), (1.5, -SQRT3 / 2)),
    ({"grid": "square"}, ("E", "NE", "N", "NW", "W", "SW", "S", "SE"), (1.0, 0.0)),
    ({"grid": "square", "square_neighbours": 4}, ("E", "N", "W", "S"), (1.0, 0.0)),
])
def test_SS_D2_AMB_SS_1_AMB_SS_9_each_direction_moves_where_its_compass_name_points(params, names, first):
    g = geo(**SMALL, **params)
    want = {**SpaceStationGame().params, **params}
    assert (g.grid, g.orientation, g.offset) == (want["grid"], want["orientation"], want["hex_offset"])
    assert g.directions == g.lattice.names == names
    assert len(g.lattice.vectors) == len(names)
    assert g.lattice.vectors[0] == pytest.approx(first)
    # from a cell away from the edges and from Earth, the step in direction d goes along vector d
    i = g.index[(3, 3)]
    assert all(j >= 0 for j in g.step[i])
    for d, j in enumerate(g.step[i]):
        moved = (g.pos[j][0] - g.pos[i][0], g.pos[j][1] - g.pos[i][1])
        assert moved == pytest.approx(g.lattice.vectors[d])


@pytest.mark.parametrize(("params", "node", "pos", "degree", "area"), [
    ({}, (1, 0), (1.5 * SQRT3, 1.0), 6, 1.5 * SQRT3),  # pointy hexes of circumradius 1
    ({"hex_offset": "even"}, (0, 1), (SQRT3 / 2, 2.5), 6, 1.5 * SQRT3),  # even rows shoved right
    ({"orientation": "flat"}, (1, 0), (2.5, SQRT3), 6, 1.5 * SQRT3),
    ({"grid": "square"}, (1, 2), (1.5, 2.5), 8, 1.0),  # unit squares
    ({"grid": "square", "square_neighbours": 4}, (1, 2), (1.5, 2.5), 4, 1.0),
])
def test_SS_A1_the_board_graph_of_each_grid(params, node, pos, degree, area):
    g = geo(**SMALL, **params).graph
    assert g.nodes[node]["pos"] == pytest.approx(pos)
    assert g.nodes[node]["polygon"].area == pytest.approx(area)
    assert g.degree[(5, 5)] == degree  # an inner cell touches its 6, 8 or 4 neighbours


@pytest.mark.parametrize("params", [
    {},
    {**SMALL, "grid": "square", "entry_points": [[5, 1], [2, 1], [1, 5], [1, 10], [2, 12], [5, 12]]},
])
def test_SS_A2_A3_A4_F4_every_cell_of_the_board_graph_says_what_it_is(params):
    g = geo(**params)
    assert len(g.graph) == len(g.nodes)
    for node, data in g.graph.nodes(data=True):
        i = g.index[node]
        assert data["forbidden"] is (i in g.forbidden)
        assert data["orbit"] == g.orbit_pos.get(i)  # the orbit position, None off the orbit
        assert data["entry"] == (g.entries.index(i) + 1 if i in g.entries else None)
        assert data["earth"] is (i == g.earth)
    assert sum(d["earth"] for _, d in g.graph.nodes(data=True)) == 1
    assert sum(d["forbidden"] for _, d in g.graph.nodes(data=True)) == len(g.forbidden) > 1
    assert sorted(d["entry"] for _, d in g.graph.nodes(data=True) if d["entry"]) == [1, 2, 3, 4, 5, 6]


def test_SS_A1_hexes_are_numbered_row_by_row_as_the_seed_counts():
    g = geo(**SMALL)
    assert all(g.index[(c, r)] == 12 * r + c for c, r in g.nodes)
    assert (g.label(0), g.label(1), g.label(12), g.label(143)) == ("c1r1", "c2r1", "c1r2", "c12r12")


@pytest.mark.parametrize(("params", "first", "second"), [
    # Earth near the left edge: the leftmost orbit hex is still where the orbit starts
    ({**SMALL, "earth_from_right": 9}, (0, 5), (1, 6)),
    # flat-top hexes: two orbit hexes are leftmost; the one above Earth's row comes first, and
    # the orbit then runs down (counter-clockwise on screen) to the one below it
    ({**SMALL, "orientation": "flat"}, (4, 5), (4, 6)),
    ({"orientation": "flat"}, (19, 8), (19, 9)),
])
def test_SS_A4_the_orbit_starts_at_its_leftmost_hex_and_runs_counter_clockwise(params, first, second):
    g = geo(**params)
    assert (g.nodes[g.orbit[0]], g.nodes[g.orbit[1]]) == (first, second)
    left = min(g.pos[h][0] for h in g.orbit)
    ey = g.pos[g.earth][1]
    assert g.pos[g.orbit[0]][0] == left and g.pos[g.orbit[0]][1] <= ey  # leftmost, not below Earth
    assert g.pos[g.orbit[1]][1] > g.pos[g.orbit[0]][1]  # then down the screen


@pytest.mark.parametrize(("k", "point"), [(3, [29, 5]), (1, [0, 5]), (6, [5, 20]), (2, [5, 0])])
def test_SS_A3_an_entry_point_off_the_board_is_refused_by_name(k, point):
    entries = [list(p) for p in VALID_ENTRIES]
    entries[k - 1] = point
    with pytest.raises(InvalidVariant) as info:
        SpaceStationGame(entry_points=entries)
    assert str(info.value) == f"entry point {k} at 1-based {tuple(point)} is off the 28 x 19 board"


@pytest.mark.parametrize(("k", "point"), [(1, [23, 10]), (4, [22, 10]), (5, [24, 11])])
def test_SS_A3_SS_F4_an_entry_point_in_the_forbidden_zone_is_refused_by_name(k, point):
    entries = [list(p) for p in VALID_ENTRIES]
    entries[k - 1] = point
    with pytest.raises(InvalidVariant) as info:
        SpaceStationGame(entry_points=entries)
    assert str(info.value) == (
        f"entry point {k} at 1-based {tuple(point)} is inside the forbidden zone around Earth (SS-F4); "
        "choose a hex outside it"
    )


def test_SS_A3_the_six_entry_points_must_be_different_hexes():
    with pytest.raises(InvalidVariant) as info:
        SpaceStationGame(entry_points=[*VALID_ENTRIES[:5], VALID_ENTRIES[0]])
    assert str(info.value) == "entry_points: the six entry points must be different hexes"


def test_SS_A2_the_board_refuses_an_earth_right_of_its_last_column():
    # the game's parameters never ask for it (earth_from_right >= 1), but the board checks what
    # it is given: Earth one column right of the board is named as such
    params = {**SpaceStationGame().params, "earth_from_right": 0}
    with pytest.raises(InvalidVariant) as info:
        Geometry(params)
    assert str(info.value) == (
        "Earth at column 29, row 10 (1-based) is off the 28 x 19 board: earth_from_right must be "
        "1..28 and earth_row 1..19"
    )


def test_SS_F3_the_route_die_counts_routes_through_the_corner_hex():
    # a board where the move with the most routes passes through hex 0, the corner (0, 0)
    g = geo(grid="square", square_neighbours=4, columns=8, rows=7, earth_from_right=3, earth_row=3,
            orbit_radius=2, droid_speed=4, missile_speed=4)
    free = [i for i in range(len(g.nodes)) if i not in g.forbidden]
    counts = {(s, k): len(g.routes(s, k, 4)) for s in free for k in range(len(g.orbit))}
    most = max(counts.values())
    assert g.max_routes == most == 20
    # the one move with that many: from (0, 2) to the orbit square (7, 2), one route via (0, 0)
    (src, k), = [move for move, n in counts.items() if n == most]
    assert (g.nodes[src], g.nodes[g.orbit[k]]) == ((0, 2), (7, 2))
    assert sum(0 in route for route in g.routes(src, k, 4)) == 1


def test_SS_A1_a_variant_asks_for_its_board_once():
    # geometry_for keeps one board per geometry (kept short: under a mutant that turns the cache
    # off every other test slows down many times over, and mutmut runs the fastest tests first)
    from lab.games.space_station import geometry_for

    params = SpaceStationGame().params
    assert geometry_for(params) is geometry_for(params)


def test_SS_A1_a_board_is_built_once_per_geometry_and_shared(monkeypatch):
    # geometry_for keeps one board per geometry: variants that differ only off the board share
    # it, a different board is a different one. With an empty cache (this process's is warm),
    # the first question builds the board and stores its estimated bytes, the next one reuses it.
    from lab.core.budget import ByteBoundedCache
    from lab.games.space_station import board, geometry_for

    assert SpaceStationGame(hit_on=4).geometry is SpaceStationGame().geometry
    assert SpaceStationGame(columns=30).geometry is not SpaceStationGame().geometry
    params = SpaceStationGame(**SMALL).params
    cached = geometry_for(params)
    empty = ByteBoundedCache(board.CACHE_BYTES)
    monkeypatch.setattr(board, "_CACHE", empty)
    built = geometry_for(params)
    assert isinstance(built, Geometry) and built is not cached and len(built.nodes) == 144
    assert geometry_for(params) is built
    assert len(empty) == 1 and empty.bytes == board.geometry_bytes(144)


# ---------------------------------------------------------------------- the array tables (issue #38)
# Lattice.distance_table, board._distances and Geometry._count_routes were rewritten in arrays
# after the last mutation run. Their answers are checked here against networkx on the board
# graph, computed afresh: mutmut forks every mutant from a process whose board._DISTANCES
# already holds the tables of every board the tests use, so these tests call distance_table
# directly or give _distances an empty cache (monkeypatch: nothing leaks to other tests).
LATTICES = [
    {"grid": "hex", "orientation": "pointy", "hex_offset": "odd", "square_neighbours": 8},
    {"grid": "hex", "orientation": "pointy", "hex_offset": "even", "square_neighbours": 8},
    {"grid": "hex", "orientation": "flat", "hex_offset": "odd", "square_neighbours": 8},
    {"grid": "hex", "orientation": "flat", "hex_offset": "even", "square_neighbours": 8},
    {"grid": "square", "orientation": "pointy", "hex_offset": "odd", "square_neighbours": 8},
    {"grid": "square", "orientation": "pointy", "hex_offset": "odd", "square_neighbours": 4},
]


def _graph_distances(graph, nodes):
    """Every pair's shortest-path length on ``graph`` (networkx), in the order of ``nodes``."""
    lengths = dict(nx.all_pairs_shortest_path_length(graph))
    return [[lengths[a].get(b, -1) for b in nodes] for a in nodes]


@pytest.mark.parametrize("lattice", LATTICES, ids=lambda p: f"{p['grid']}-{p['orientation']}-{p['hex_offset']}-{p['square_neighbours']}")
@pytest.mark.parametrize(("columns", "rows"), [(9, 7), (6, 11)])
def test_SS_A1_the_plain_distance_table_is_the_board_graphs_shortest_paths(lattice, columns, rows):
    # odd and even sizes, both orientations and offsets, squares with 4 and 8 neighbours: the
    # table of every pair of cells against networkx on the lattice's own graph
    from lab.games.space_station.board import Lattice

    lat = Lattice(lattice)
    graph = lat.graph(columns, rows)
    nodes = sorted(graph.nodes, key=lambda n: (n[1], n[0]))
    table = lat.distance_table([lat.key(n) for n in nodes])
    assert table == _graph_distances(graph, nodes)
    assert all(type(d) is int for d in table[-1])  # plain ints, as the rules index with them


def _table_bytes(table):
    """What a list of lists of small ints takes (their pointers and list headers)."""
    import sys

    return sys.getsizeof(table) + sum(sys.getsizeof(row) for row in table)


def test_SS_A1_F4_each_board_gets_its_own_plain_distance_table_and_shares_it(monkeypatch):
    # dist is the plain distance (lasers, SS-D1/D2 "within 6"): every cell, the forbidden zone
    # included, against networkx on the board graph. Boards that differ in columns, rows, grid
    # or orientation get tables of their own; variants of one board (another Earth, orbit...)
    # share one object; the cache is charged about what the table takes.
    from lab.core.budget import ByteBoundedCache
    from lab.games.space_station import board

    empty = ByteBoundedCache(board.CACHE_BYTES)
    monkeypatch.setattr(board, "_DISTANCES", empty)
    boards = [dict(SMALL), dict(SMALL, columns=13), dict(SMALL, rows=13),
              dict(SMALL, orientation="flat", hex_offset="even"), dict(SMALL, grid="square")]
    built = [geo(**p) for p in boards]
    for g in built:
        assert g.dist == _graph_distances(g.graph, g.nodes)
        assert g.forbidden and all(g.dist[g.earth][i] <= 1 for i in g.forbidden)
    assert len(empty) == len(boards) and len({id(g.dist) for g in built}) == len(boards)
    again = geo(**dict(SMALL, earth_row=7, orbit_radius=2))  # same cells, another Earth and orbit
    assert again.dist is built[0].dist and len(empty) == len(boards)
    charged = empty.bytes
    measured = sum(_table_bytes(g.dist) for g in built)
    assert abs(charged - measured) <= 0.02 * measured, (charged, measured)


def test_SS_A1_a_fresh_distance_cache_builds_the_table_once(monkeypatch):
    # kept short (see test_SS_A1_a_variant_asks_for_its_board_once): the same board twice with
    # an empty _DISTANCES is one table, stored once
    from lab.core.budget import ByteBoundedCache
    from lab.games.space_station import board
    from lab.games.space_station.board import Lattice

    params = {"grid": "square", "orientation": "pointy", "hex_offset": "odd", "square_neighbours": 4}
    lat = Lattice(params)
    keys = [(c, r) for r in range(3) for c in range(4)]
    monkeypatch.setattr(board, "_DISTANCES", ByteBoundedCache(10_000))
    first = board._distances(lat, 4, 3, keys)
    assert first == [[abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in keys] for a in keys]
    assert board._distances(lat, 4, 3, keys) is first and len(board._DISTANCES) == 1


def _route_prefixes(graph, src, target, speed):
    """SS-F3 by brute force: the distinct first ``speed`` steps of every shortest route from
    ``src`` to ``target`` (networkx enumerates the shortest paths; a route that reaches the
    target earlier is shorter)."""
    return {tuple(p[1:speed + 1]) for p in nx.all_shortest_paths(graph, src, target)}


@pytest.mark.parametrize("params", [
    {"columns": 8, "rows": 7},
    {"columns": 9, "rows": 8, "orientation": "flat", "hex_offset": "even"},
    {"grid": "square", "columns": 8, "rows": 7},
    {"grid": "square", "square_neighbours": 4, "columns": 9, "rows": 8},
])
def test_SS_F3_the_route_die_range_is_the_most_shortest_route_prefixes_of_any_move(params):
    # max_routes (the faces of the route die) against a brute-force count over every enterable
    # cell and orbit target, for a slow and a fast enemy on a small board with Earth's zone
    board_params = dict(orbit_radius=2, earth_row=4, earth_from_right=4, **params)
    for droid, missile in ((1, 2), (3, 6)):
        g = geo(droid_speed=droid, missile_speed=missile, **board_params)
        graph = g.movement_graph()
        free = [i for i in range(len(g.nodes)) if i not in g.forbidden]
        most = max(len(_route_prefixes(graph, s, g.orbit[k], speed))
                   for speed in (droid, missile) for s in free for k in range(len(g.orbit)))
        assert g.max_routes == most, (droid, missile)
