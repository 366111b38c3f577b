"""A race on a ring (``nx.cycle_graph``) written with the kit and no drawing code (#35).

Each seat has a token on a node of a 12-node ring; a move steps it to a neighbouring node (two
legal moves a turn); the first to reach the node opposite its start wins. The widgets' tests
and browser pages use it to check the kit's default view of a graph board: pieces drawn on
their nodes, only the legal targets clickable.
"""

from __future__ import annotations

from typing import Any

import networkx as nx

import lab

RING = 12


def ring(params: Any) -> nx.Graph:
    g = nx.cycle_graph(RING)
    for n, (x, y) in nx.circular_layout(g).items():
        g.nodes[n]["pos"] = (float(x), float(y))
    return g


def setup(ctx: Any) -> dict[str, Any]:
    return {"at": [(p * RING // ctx.players) % RING for p in range(ctx.players)]}


def _next(s: dict[str, Any], ctx: Any) -> list[int]:
    here = s["at"][ctx.player]
    return sorted({(here + 1) % RING, (here - 1) % RING})


@lab.move(to=range(RING), options=_next)
def step(s: dict[str, Any], ctx: Any, to: int) -> None:
    """Step your token to a neighbouring node."""
    s["at"][ctx.player] = to
    ctx.end_turn()


def end(s: dict[str, Any], ctx: Any) -> int | None:
    for p, node in enumerate(s["at"]):
        if node == (p * RING // ctx.players + RING // 2) % RING:
            return p
    return None


Race = lab.define_game("ring_race", setup=setup, moves=[step], end=end, board=ring, title="Ring race")
