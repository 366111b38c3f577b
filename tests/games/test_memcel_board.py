"""The rotating ring board (lab.boards.rings) and Memcel's board graph (AMB-MC-1, MC-C1)."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lab
from lab import act
from lab.boards.rings import rings_graph, sector_polygons, turn_board, turn_ring


def same_graph(a: nx.Graph, b: nx.Graph) -> bool:
    return (
        dict(a.nodes(data=True)) == dict(b.nodes(data=True))
        and {frozenset(e) for e in a.edges} == {frozenset(e) for e in b.edges}
        and all(a.edges[e] == b.edges[e] for e in a.edges)
    )


def test_AMB_MC_1_default_rings_nodes_attributes_and_edges():
    g = rings_graph((16, 16, 16))
    assert g.number_of_nodes() == 48
    node = g.nodes[(1, 4)]
    assert (node["ring"], node["index"]) == (1, 4)
    assert node["angle"] == pytest.approx(4.5 * 22.5)
    x, y = node["pos"]
    assert (x * x + y * y) ** 0.5 == pytest.approx(2.5)
    ring_edges = [e for e in g.edges(data=True) if e[2]["kind"] == "ring"]
    radial = [e for e in g.edges(data=True) if e[2]["kind"] == "radial"]
    assert len(ring_edges) == 48
    assert len(radial) == 32  # aligned rings: each sector touches the one outside it
    assert set(g[(1, 0)]) == {(1, 1), (1, 15), (0, 0), (2, 0)}


def test_AMB_MC_1_radial_edges_follow_a_turn():
    g = turn_ring(rings_graph((16, 16, 16)), 1, 1)
    assert set(g[(1, 0)]) == {(1, 1), (1, 15), (0, 1), (2, 1)}
    half = rings_graph((16, 16, 16), offsets=(0, 0, 0))
    assert (0, 0) in half[(1, 0)]


def test_AMB_MC_1_corner_contact_is_not_a_neighbour():
    g = rings_graph((4, 8))  # inner sector 0 spans 0..90 deg; outer sectors 0,1 inside it
    assert set(n for n in g[(0, 0)] if n[0] == 1) == {(1, 0), (1, 1)}
    assert (1, 2) not in g[(0, 0)]  # touches only at the 90 deg corner


def test_AMB_MC_1_unequal_ring_sizes():
    g = rings_graph((12, 16, 20), offsets=(0, 3, 0))
    assert g.number_of_nodes() == 48
    assert set(n for n in g[(1, 0)] if n[0] != 1) == {(0, 2), (2, 3), (2, 4)}
    for r, n in ((0, 12), (1, 16), (2, 20)):
        assert sum(1 for v in g if v[0] == r) == n


@settings(max_examples=25, deadline=None)
@given(
    sizes=st.lists(st.integers(3, 20), min_size=2, max_size=4),
    ring=st.integers(0, 3),
    k=st.integers(-40, 40),
)
def test_AMB_MC_1_turning_a_ring_and_back_restores_the_graph(sizes, ring, k):
    ring = ring % len(sizes)
    g = rings_graph(sizes)
    there = turn_ring(g, ring, k)
    back = turn_ring(there, ring, -k)
    assert same_graph(g, back)
    full = turn_ring(g, ring, sizes[ring])
    assert same_graph(g, full)


def test_AMB_MC_6_board_turn_moves_positions_not_neighbours():
    g = rings_graph((12, 16, 20), offsets=(1, 2, 3))
    t = turn_board(g, 90)
    assert {frozenset(e) for e in g.edges} == {frozenset(e) for e in t.edges}
    assert t.nodes[(0, 0)]["angle"] == pytest.approx((g.nodes[(0, 0)]["angle"] + 90) % 360)


def test_AMB_MC_1_fixed_ring_cannot_turn():
    g = rings_graph((12, 12, 12, 12), fixed=(True, False, False, False))
    with pytest.raises(ValueError, match="fixed"):
        turn_ring(g, 0, 1)
    with pytest.raises(ValueError, match="fixed"):
        rings_graph((12, 12), offsets=(1, 0), fixed=(True, False))
    assert g.nodes[(0, 3)]["fixed"] and not g.nodes[(1, 3)]["fixed"]


def test_AMB_MC_1_bad_boards_are_refused():
    with pytest.raises(ValueError, match="at least one ring"):
        rings_graph(())
    with pytest.raises(ValueError, match="at least 1"):
        rings_graph((16, 0))
    with pytest.raises(ValueError, match="one entry per ring"):
        rings_graph((16, 16), offsets=(1,))


def test_AMB_MC_1_polygons_tile_the_annulus():
    polys = sector_polygons((12, 16, 20), (1, 0, 5), 30)
    total = sum(p.area for p in polys.values())
    import math

    assert total == pytest.approx(math.pi * (4**2 - 1**2), rel=2e-3)


def test_MC_C1_game_board_follows_the_state():
    game = lab.load("memcel", players=2)
    st = game.new_initial_state()
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    st.apply_action(act("place", "red", 0))  # red ring, table position 0
    g0 = game.board(st)
    assert g0.nodes[(0, 0)]["slot"] == 0 and g0.nodes[(0, 0)]["tile"] == "down"
    st._turn_ring(0, 3, "MC-C5")  # the red ring turns 3 steps clockwise
    g1 = game.board(st)
    assert g1.nodes[(0, 0)]["slot"] == 3 and g1.nodes[(0, 0)]["tile"] == "down"
    assert st.public_tile(3) == "down" and st.public_tile(0) is None
    assert set(g1[(1, 0)]) != set(g0[(1, 0)])
    st._turn_ring(0, -3, "MC-C5")
    assert same_graph(game.board(st), g0)
