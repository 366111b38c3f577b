"""A small kit game as a table: every state, information set and transition, enumerated once.

Exact solvers (CFR, best responses, sequence-form LPs) visit every state of a game many times;
a kit game's states run the designer's Python functions at every visit. :func:`tabulate` runs
them once per state and keeps the game tree in arrays: per node its player (a seat,
``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``), its transitions (action code, child node,
probability of a chance outcome), its returns, and for every seat the number of the information
set the seat is in there. ``table.to_efg()`` writes the tree in Gambit's extensive-form format,
which OpenSpiel loads as a C++ game (``pyspiel.load_efg_game``): the OpenSpiel adapter serves a
tabulated game that way (:func:`lab.adapters.openspiel.from_table`), so OpenSpiel's algorithms
run on a kit game at the speed of its own games.

A seat's information set at a node is its information state there
(:meth:`KitState.information_state`: the first observation, then for every step its own action
and what it observed), numbered: two nodes share a number exactly when the seat cannot tell them
apart. The numbers are built incrementally (a node's information state is its parent's plus one
entry), so the table costs one observation per seat and node, not one replay per node.

Usage::

    table = Kuhn().tabulate()          # lab.kit.examples.Kuhn
    table                              # kuhn_poker: 58 nodes (30 terminal, 4 chance), 12 information sets
    table.state(17)                    # the lab state of node 17 (replayed)
    table.node(state)                  # the node of a lab state of the game
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import numpy as np

from lab.core.errors import InvalidGame
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State

#: Default bound on the nodes of a table: a game with more is refused before its memory runs out.
#: Tabulating Leduc poker peaks at about 0.8 kB a node (the table kept: about 0.3 kB, most of it
#: the observations naming the information sets), and takes about 80 us a node of CPU.
MAX_NODES = 1_000_000
_NO_INFOSET = -1


class GameTable:
    """The enumerated tree of a kit game variant (see the module docstring).

    Attributes
    ----------
    game : KitGame
        The variant tabulated.
    player : numpy.ndarray
        Per node: the seat to act, or ``CHANCE``, ``SIMULTANEOUS``, ``TERMINAL``.
    parent : numpy.ndarray
        Per node: its parent node (-1 for the root, node 0).
    offsets : numpy.ndarray
        The transitions of node ``i`` are ``offsets[i]:offsets[i + 1]`` of the edge arrays.
    action, child, prob : numpy.ndarray
        Per transition: the action code (at a simultaneous node, the index of the joint action
        in ``joint[i]``), the node it leads to, and its probability (chance nodes; 1 otherwise).
    returns : numpy.ndarray
        ``(nodes, seats)``: each seat's return at a terminal node (0 elsewhere).
    infoset : numpy.ndarray
        ``(nodes, seats)``: the number of each seat's information set at each node.
    infosets : list of int
        How many information sets each seat has (numbers ``0..infosets[p] - 1``).
    joint : dict
        Simultaneous nodes: the joint action (one code or ``None`` per seat) of each transition.
    unfinished : numpy.ndarray
        Per node: whether it is a terminal node the kit's safety limit made (``max_length``).
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self.players = game.num_players()
        self.player = np.zeros(0, np.int16)
        self.parent = np.zeros(0, np.int32)
        self.offsets = np.zeros(1, np.int64)
        self.action = np.zeros(0, np.int64)
        self.child = np.zeros(0, np.int32)
        self.prob = np.zeros(0, np.float64)
        self.returns = np.zeros((0, self.players), np.float64)
        self.infoset = np.zeros((0, self.players), np.int32)
        self.infosets = [0] * self.players
        self.joint: dict[int, list[tuple[int | None, ...]]] = {}
        self.unfinished = np.zeros(0, bool)
        self.observations: list[list[str]] = [[] for _ in range(self.players)]  # per seat, per infoset

    # ------------------------------------------------------------------ reading
    @property
    def nodes(self) -> int:
        """How many nodes (states) the tree has."""
        return len(self.player)

    def edges(self, node: int) -> Iterator[tuple[int, int, float]]:
        """``(action code, child, probability)`` of each transition of ``node``."""
        for e in range(int(self.offsets[node]), int(self.offsets[node + 1])):
            yield int(self.action[e]), int(self.child[e]), float(self.prob[e])

    def path(self, node: int) -> list[tuple[int, int]]:
        """The ``(node, edge)`` steps from the root to ``node``."""
        steps = []
        while node > 0:
            up = int(self.parent[node])
            start, stop = int(self.offsets[up]), int(self.offsets[up + 1])
            edge = start + int(np.flatnonzero(self.child[start:stop] == node)[0])
            steps.append((up, edge))
            node = up
        return steps[::-1]

    def state(self, node: int) -> State:
        """The lab state of ``node``, rebuilt by replaying the actions that lead to it."""
        state = self.game.new_initial_state()
        for up, edge in self.path(node):
            code = int(self.action[edge])
            who = int(self.player[up])
            if who == SIMULTANEOUS:
                joint = self.joint[up][code]
                state.apply_actions({p: state.int_to_action(c, p) for p, c in enumerate(joint) if c is not None})
            else:
                state.apply_action(state.int_to_action(code, None if who == CHANCE else who))
        return state

    def node(self, state: State) -> int:
        """The node of ``state`` (a state of this table's game and variant)."""
        if state.game != self.game:
            raise ValueError(f"{state.game!r} is not the tabulated variant {self.game!r}")
        at = 0
        for item in state.history():
            if item.player == SIMULTANEOUS:
                want: Any = tuple(None if a is None else state.action_to_int(a, p) for p, a in enumerate(item.action))
                at = next(child for index, child, _ in self.edges(at) if self.joint[at][index] == want)
            else:
                code = state.action_to_int(item.action, None if item.player == CHANCE else item.player)
                at = next(child for a, child, _ in self.edges(at) if a == code)
        return at

    def information_set(self, node: int, player: int) -> int:
        """The number of ``player``'s information set at ``node``."""
        return int(self.infoset[node, player])

    def __repr__(self) -> str:
        kinds = {TERMINAL: "terminal", CHANCE: "chance", SIMULTANEOUS: "simultaneous"}
        counts = ", ".join(f"{int((self.player == k).sum())} {w}" for k, w in kinds.items() if (self.player == k).any())
        sets = sum(self._decision_sets())
        return f"{self.game.name}: {self.nodes} nodes ({counts}), {sets} information sets"

    def _decision_sets(self) -> list[int]:
        """Per seat, how many of its information sets it acts in."""
        out = []
        for p in range(self.players):
            acting = self.player == p
            if self.joint:
                acting |= np.isin(np.arange(self.nodes), [n for n, js in self.joint.items() if any(j[p] is not None for j in js)])
            out.append(len(np.unique(self.infoset[acting, p])))
        return out

    # ------------------------------------------------------------------ Gambit's .efg
    def to_efg(self) -> str:
        """The tree in Gambit's extensive-form format (``.efg``), as OpenSpiel reads it
        (``pyspiel.load_efg_game``).

        Player actions are named by the lab's action text (``bet``, ``bid(3)``), chance outcomes
        likewise (``drawn(2)``); OpenSpiel numbers them in order of first appearance, and each
        node lists its actions in that order (OpenSpiel's reader sorts a node's action numbers
        and pairs them with its children in the order written). A simultaneous node becomes one
        decision per acting seat, in seat order, each seat's decision in its information set at
        that node (so a later seat does not see the earlier seats' choices). An information
        set is named by what its seat observes there.
        """
        names = [f'"Player {p + 1}"' for p in range(self.players)]
        title = _quoted(type(self.game).title or self.game.name)
        lines = [f'EFG 2 R {title} {{ {" ".join(names)} }} {_quoted(repr(self.game))}', ""]
        ids: dict[str, int] = {}  # player action label -> OpenSpiel's action number
        chance_ids: dict[str, int] = {}
        labels = _Labels(self.game)
        chance_sets = outcome = 0
        dense: list[dict[int, int]] = [{} for _ in range(self.players)]  # infoset -> EFG number (1..)
        # (node, depth, the codes chosen so far at a simultaneous node, in seat order)
        stack: list[tuple[int, int, tuple[int | None, ...]]] = [(0, 0, ())]
        while stack:
            node, depth, chosen = stack.pop()
            pad = "  " * depth
            who = int(self.player[node])
            edges = list(self.edges(node))
            if who == TERMINAL:
                outcome += 1
                pays = " ".join(repr(float(r)) for r in self.returns[node])
                lines.append(f'{pad}t "" {outcome} "" {{ {pays} }}')
            elif who == CHANCE:
                chance_sets += 1
                order = _ordered([labels.action(code, None) for code, _, _ in edges], chance_ids)
                outs = " ".join(f"{_quoted(labels.action(edges[i][0], None))} {_probability(edges[i][2])}" for i in order)
                lines.append(f'{pad}c "" {chance_sets} "" {{ {outs} }} 0')
                stack.extend((edges[i][1], depth + 1, ()) for i in reversed(order))
            elif who >= 0:
                order = _ordered([labels.action(code, who) for code, _, _ in edges], ids)
                acts = " ".join(_quoted(labels.action(edges[i][0], who)) for i in order)
                lines.append(f"{pad}{self._decision(node, who, dense)} {{ {acts} }} 0")
                stack.extend((edges[i][1], depth + 1, ()) for i in reversed(order))
            else:  # simultaneous: the acting seats decide one after the other, none seeing the others
                joints = self.joint[node]
                seat = len(chosen)
                while seat < self.players and all(j[seat] is None for j in joints):
                    chosen, seat = (*chosen, None), seat + 1
                if seat == self.players:  # every seat chose: the joint transition's child
                    child = next(c for (a, c, _) in edges if joints[a] == chosen)
                    stack.append((child, depth, ()))
                    continue
                codes = sorted({j[seat] for j in joints if j[:seat] == chosen and j[seat] is not None})
                order = _ordered([labels.action(c, seat) for c in codes], ids)
                acts = " ".join(_quoted(labels.action(codes[i], seat)) for i in order)
                lines.append(f"{pad}{self._decision(node, seat, dense)} {{ {acts} }} 0")
                stack.extend((node, depth + 1, (*chosen, codes[i])) for i in reversed(order))
        return "\n".join(lines) + "\n"

    def _decision(self, node: int, seat: int, dense: list[dict[int, int]]) -> str:
        """A player node's head: ``p "" seat infoset "name"``. EFG numbers seats from 1, and a
        seat's information sets 1, 2, ... (the sets it decides in, in order of appearance:
        OpenSpiel sizes its information-state tensor by their count)."""
        number = int(self.infoset[node, seat])
        efg = dense[seat].setdefault(number, len(dense[seat]) + 1)
        return f'p "" {seat + 1} {efg} {_quoted(self.observations[seat][number][:200])}'

    # ------------------------------------------------------------------ summary
    def summary(self) -> dict[str, Any]:
        """Counts: nodes of each kind, information sets per seat, the longest path."""
        depth = np.zeros(self.nodes, np.int32)
        for i in range(1, self.nodes):
            depth[i] = depth[self.parent[i]] + 1
        return {
            "nodes": self.nodes,
            "terminal": int((self.player == TERMINAL).sum()),
            "chance": int((self.player == CHANCE).sum()),
            "simultaneous": int((self.player == SIMULTANEOUS).sum()),
            "information_sets": self._decision_sets(),
            "longest": int(depth.max()) if self.nodes else 0,
            "unfinished": int(self.unfinished.sum()),
        }


class _Labels:
    """Action texts of a tabulated game, by code (cached: a code is named once)."""

    def __init__(self, game: Any) -> None:
        self.state = game.new_initial_state()
        self._names: dict[tuple[int, int | None], str] = {}

    def action(self, code: int, seat: int | None) -> str:
        key = (code, seat)
        name = self._names.get(key)
        if name is None:
            name = self._names[key] = str(self.state.int_to_action(code, seat))
        return name



def _quoted(text: str) -> str:
    """A string for the .efg reader, which ends a quoted string at the next ``"``."""
    return '"' + text.replace('"', "'").replace("\n", " ") + '"'


def _probability(p: float) -> str:
    """An exact fraction when ``p`` is one (``1/3``: OpenSpiel divides as the lab did), else the float."""
    frac = Fraction(p).limit_denominator(10_000)
    return f"{frac.numerator}/{frac.denominator}" if float(frac) == p else repr(p)


def _ordered(labels: list[str], ids: dict[str, int]) -> list[int]:
    """The order to write a node's actions in: by OpenSpiel's number of each label, numbering
    the new ones (in the order given) after the known ones, as OpenSpiel's reader will."""
    for label in labels:
        if label not in ids:
            ids[label] = len(ids)
    return sorted(range(len(labels)), key=lambda i: ids[labels[i]])


# ---------------------------------------------------------------------- building
def tabulate(game: Any, max_nodes: int = MAX_NODES) -> GameTable:
    """Enumerate every state of ``game`` (see the module docstring).

    Raises
    ------
    InvalidGame
        When the tree has more than ``max_nodes`` nodes, or two states a seat cannot tell apart
        give it different legal actions (its moves would reveal what it may not know).
    """
    n = game.num_players()
    player: list[int] = []
    parent: list[int] = []
    returns: dict[int, list[float]] = {}
    unfinished: list[int] = []
    infoset: list[list[int]] = []
    # transitions in node order: a node's edges are written when it is expanded; nodes are
    # numbered as they are discovered (depth first), edges stored per node then laid out
    node_edges: list[list[tuple[int, int, float]]] = []
    joint: dict[int, list[tuple[int | None, ...]]] = {}
    keys: list[dict[tuple[int, Any, str], int]] = [{} for _ in range(n)]  # interned information states
    observed: list[list[str]] = [[] for _ in range(n)]
    actions_of: list[dict[int, tuple[int, ...]]] = [{} for _ in range(n)]  # infoset -> legal codes

    def observe(state: State, p: int) -> str:
        return json.dumps(state.observation(p), sort_keys=True, separators=(",", ":"), default=str)

    def intern(p: int, up: int, mine: Any, seen: str) -> int:
        key = (up, mine, seen)
        table = keys[p]
        number = table.get(key)
        if number is None:
            number = table[key] = len(table)
            observed[p].append(seen)
        return number

    def add(state: State, up: int, moves: dict[int, Any]) -> int:
        node = len(player)
        if node >= max_nodes:
            msg = (f"{game.name}: more than {max_nodes:,} states; tabulate(max_nodes=...) for a bigger table, "
                   "or a smaller variant (tabulating takes about 1 kB of memory a node)")
            raise InvalidGame(msg)
        parent.append(up)
        up_sets = infoset[up] if up >= 0 else [_NO_INFOSET] * n
        infoset.append([intern(p, up_sets[p], moves.get(p), observe(state, p)) for p in range(n)])
        cur = state.current_player()
        player.append(cur)
        node_edges.append([])
        if cur == TERMINAL:
            returns[node] = [float(r) for r in state.returns()]
            if state.unfinished:
                unfinished.append(node)
        return node

    root = game.new_initial_state()
    add(root, -1, {})
    stack: list[tuple[State, int]] = [(root, 0)]  # depth first: a path's states at a time
    while stack:
        state, node = stack.pop()
        cur = player[node]
        if cur == TERMINAL:
            continue
        edges = node_edges[node]
        children: list[tuple[State, int]] = []
        if cur == CHANCE:
            for action, prob in state.chance_outcomes():
                child = state.clone()
                child.apply_action(action)
                at = add(child, node, {})
                edges.append((state.action_to_int(action, None), at, float(prob)))
                children.append((child, at))
        elif cur == SIMULTANEOUS:
            acting = state.acting_players()
            choices = {p: sorted((state.action_to_int(a, p), a) for a in state.legal_actions(p)) for p in acting}
            for p in acting:
                _same_actions(game, actions_of[p], infoset[node][p], tuple(c for c, _ in choices[p]), p)
            combos: list[dict[int, tuple[int, Any]]] = [{}]
            for p in acting:
                combos = [{**c, p: pick} for c in combos for pick in choices[p]]
            joint[node] = []
            for combo in combos:
                child = state.clone()
                child.apply_actions({p: a for p, (_, a) in combo.items()})
                at = add(child, node, {p: c for p, (c, _) in combo.items()})
                edges.append((len(joint[node]), at, 1.0))
                joint[node].append(tuple(combo[p][0] if p in combo else None for p in range(n)))
                children.append((child, at))
        else:
            legal = sorted((state.action_to_int(a, cur), a) for a in state.legal_actions(cur))
            _same_actions(game, actions_of[cur], infoset[node][cur], tuple(c for c, _ in legal), cur)
            for code, action in legal:
                child = state.clone()
                child.apply_action(action)
                at = add(child, node, {cur: code})
                edges.append((code, at, 1.0))
                children.append((child, at))
        stack.extend(reversed(children))

    table = GameTable(game)
    table.player = np.array(player, np.int16)
    table.parent = np.array(parent, np.int32)
    counts = np.array([len(e) for e in node_edges], np.int64)
    table.offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    flat = [e for edges in node_edges for e in edges]
    table.action = np.array([e[0] for e in flat], np.int64)
    table.child = np.array([e[1] for e in flat], np.int32)
    table.prob = np.array([e[2] for e in flat], np.float64)
    table.returns = np.zeros((len(player), n), np.float64)
    for node, r in returns.items():
        table.returns[node] = r
    table.infoset = np.array(infoset, np.int32).reshape(len(player), n)
    table.infosets = [len(k) for k in keys]
    table.joint = joint
    table.unfinished = np.zeros(len(player), bool)
    table.unfinished[unfinished] = True
    table.observations = observed
    return table


def _same_actions(game: Any, seen: dict[int, tuple[int, ...]], number: int, codes: tuple[int, ...], seat: int) -> None:
    """Every state of one information set gives its seat the same legal actions."""
    before = seen.setdefault(number, codes)
    if before != codes:
        msg = (f"{game.name}: seat {seat} has the legal action codes {list(before)} in one state and "
               f"{list(codes)} in another it cannot tell apart: the legal actions would tell it what "
               "it may not know (make legal/options depend only on what the seat sees)")
        raise InvalidGame(msg)
