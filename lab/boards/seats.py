"""Seats around a table as a directed cycle graph: who passes cards to whom.

Nodes are ``("seat", i)`` tuples with a ``pos`` attribute (a point on the unit circle, seat 0
at the bottom, seats numbered counter-clockwise as seen from above, so "right" is ``i + 1``).
Every edge ``u -> v`` means "u may pass a card to v" and carries a ``direction`` attribute
(``"right"`` or ``"left"``). With ``direction="alternate"`` both edge sets are present and the
game alternates them pass by pass (:func:`pass_targets`).
"""

from __future__ import annotations

import math

import networkx as nx

DIRECTIONS = ("right", "left", "alternate")


def seats_graph(players: int, direction: str = "right") -> nx.DiGraph:
    """The seats of ``players`` players as a directed cycle graph.

    Parameters
    ----------
    players : int
        Number of seats, at least 2.
    direction : {"right", "left", "alternate"}
        Which way cards pass: to the right-hand neighbour (``i -> i + 1``), to the left-hand
        neighbour (``i -> i - 1``), or both edge sets (the game alternates, starting right).

    Returns
    -------
    networkx.DiGraph
        Nodes ``("seat", i)`` with ``seat`` (int) and ``pos`` (x, y) attributes; edges with a
        ``direction`` attribute. ``G.graph["direction"]`` records the ``direction`` argument.

    Raises
    ------
    ValueError
        If ``players < 2`` or ``direction`` is not one of :data:`DIRECTIONS`.
    """
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        msg = f"seats_graph: players must be an integer >= 2, not {players!r}"
        raise ValueError(msg)
    if direction not in DIRECTIONS:
        msg = f"seats_graph: direction must be one of {DIRECTIONS}, not {direction!r}"
        raise ValueError(msg)
    g = nx.DiGraph(direction=direction, players=players)
    for i in range(players):
        angle = -math.pi / 2 + 2 * math.pi * i / players
        g.add_node(("seat", i), seat=i, pos=(round(math.cos(angle), 6), round(math.sin(angle), 6)))
    if direction in ("right", "alternate"):
        for i in range(players):
            g.add_edge(("seat", i), ("seat", (i + 1) % players), direction="right")
    if direction in ("left", "alternate"):
        for i in range(players):
            g.add_edge(("seat", i), ("seat", (i - 1) % players), direction="left")
    return g


def pass_targets(graph: nx.DiGraph) -> dict[str, tuple[int, ...]]:
    """Precomputed passing tables: direction -> ``targets[i]`` (the seat seat ``i`` passes to).

    Parameters
    ----------
    graph : networkx.DiGraph
        A graph from :func:`seats_graph`.

    Returns
    -------
    dict
        One entry per direction present on the edges, each a tuple indexed by seat.
    """
    n = graph.graph["players"]
    tables: dict[str, list[int]] = {}
    for (_, u), (_, v), d in graph.edges(data="direction"):
        tables.setdefault(d, [-1] * n)[u] = v
    return {d: tuple(t) for d, t in tables.items()}


def pass_schedule(direction: str) -> tuple[str, ...]:
    """The cycle of directions used pass after pass (``("right", "left")`` for alternate)."""
    if direction == "alternate":
        return ("right", "left")
    if direction in DIRECTIONS:
        return (direction,)
    msg = f"pass_schedule: direction must be one of {DIRECTIONS}, not {direction!r}"
    raise ValueError(msg)
