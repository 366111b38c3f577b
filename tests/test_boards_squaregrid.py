"""The square grid builder (lab.boards.squaregrid): neighbourhoods, distances, rings, geometry."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import pytest

from lab.boards.squaregrid import (
    square_directions,
    square_distance,
    square_grid_graph,
    square_neighbors,
    square_ring,
)


@pytest.mark.parametrize("neighbours", [8, 4])
def test_distance_is_the_graph_distance(neighbours):
    g = square_grid_graph(6, 5, neighbours)
    assert g.number_of_nodes() == 30
    lengths = dict(nx.all_pairs_shortest_path_length(g))
    for a, b in itertools.product(g.nodes, repeat=2):
        assert square_distance(a, b, neighbours) == lengths[a][b]


def test_neighbourhoods_and_edge_counts():
    king, rook = square_grid_graph(4, 3, 8), square_grid_graph(4, 3, 4)
    assert sorted(rook.neighbors((1, 1))) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert len(list(king.neighbors((1, 1)))) == 8 and len(list(king.neighbors((0, 0)))) == 3
    # 4-neighbour: (c-1)r + c(r-1) edges; 8 adds two diagonals per inner 2x2 block
    assert rook.number_of_edges() == 3 * 3 + 4 * 2
    assert king.number_of_edges() == rook.number_of_edges() + 2 * 3 * 2
    assert square_neighbors((0, 0), 4, 3, 4) == [(1, 0), None, None, (0, 1)]


@pytest.mark.parametrize("neighbours", [8, 4])
def test_directions_counter_clockwise_on_screen_and_on_edges(neighbours):
    dirs = square_directions(neighbours)
    assert len(dirs) == neighbours and dirs[0] == (1, 0) and (0, -1) in dirs  # north is up
    g = square_grid_graph(5, 5, neighbours)
    for a, b, data in g.edges(data=True):
        lo, hi = min(a, b), max(a, b)
        assert dirs[data["direction"]] == (hi[0] - lo[0], hi[1] - lo[1])
    angles = [math.degrees(math.atan2(-dy, dx)) % 360 for dx, dy in dirs]
    assert angles == sorted(angles)


def test_positions_polygons_and_size():
    g = square_grid_graph(3, 2, 8, size=2.0)
    assert g.nodes[(0, 0)]["pos"] == (1.0, 1.0) and g.nodes[(2, 1)]["pos"] == (5.0, 3.0)
    assert g.graph["width"] == 6.0 and g.graph["height"] == 4.0 and g.graph["neighbours"] == 8
    a, b, c = (g.nodes[n]["polygon"] for n in ((0, 0), (1, 0), (1, 1)))
    assert a.area == pytest.approx(4.0)
    assert a.intersection(b).length == pytest.approx(2.0)  # a shared side
    assert a.intersection(c).length == pytest.approx(0.0) and a.touches(c)  # a shared corner


def test_rings():
    assert len(square_ring((10, 10), 3, 8)) == 24 and len(square_ring((10, 10), 3, 4)) == 12
    assert square_ring((2, 2), 0) == [(2, 2)]
    for n in square_ring((10, 10), 3, 8):
        assert square_distance(n, (10, 10), 8) == 3
    assert sorted(square_ring((0, 0), 1, 4)) == [(-1, 0), (0, -1), (0, 1), (1, 0)]


def test_bad_arguments():
    with pytest.raises(ValueError, match="neighbours"):
        square_grid_graph(3, 3, 6)
    with pytest.raises(ValueError, match="at least 1"):
        square_grid_graph(0, 3)
    with pytest.raises(ValueError, match="neighbours"):
        square_distance((0, 0), (1, 1), 5)
