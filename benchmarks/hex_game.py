"""Hex with OpenSpiel's rules, on lab's State API: the engine's benchmark game.

This game exists to measure the engine against OpenSpiel on identical work; it is *not*
registered with the product's games (``lab.game_names()`` does not list it). Use
:func:`registered` to make ``lab.load("bench_hex")`` (and so saving/loading and the conformance
suite) see it for the duration of a ``with`` block.

Rules (OpenSpiel's ``hex``, ``swap=False``)
-------------------------------------------
- An ``n x n`` rhombus of hexes, 11 x 11 by default. Cell ``(col, row)`` has the action code
  ``row * n + col`` (OpenSpiel's numbering); it is adjacent to ``(col +- 1, row)``,
  ``(col, row +- 1)``, ``(col + 1, row - 1)`` and ``(col - 1, row + 1)``: the axial neighbours of
  :func:`lab.boards.hexgrid.hex_grid_graph` with ``shape="rhombus"``.
- Player 0 (``x``, black) moves first and wins by joining the top row to the bottom row; player
  1 (``o``, white) wins by joining the left column to the right column. No swap rule, no draws.
- Returns are ``+1`` for the winner and ``-1`` for the loser.

Hot path
--------
The winner is found incrementally with a union-find over the stones (each root carries a
bit set of the board edges its group touches); the empty cells are kept as a sorted list of
shared :class:`~lab.core.actions.Action` objects beside the sorted array of their cells, so
``_legal_actions`` is one list copy and ``_apply_action`` finds the action by bisection (no
tuple comparisons). Everything but the legal actions, the history and the events lives in
one byte array (copied with one ``memcpy``, no reference counting): the stones, the groups'
edge bits, the union-find parents and the sorted empty cells, one after the other, as bytes on
boards of up to 256 cells (``array('H')`` above). ``clone`` copies that array, the legal
actions, the history and the events; the state's fields are slots (no ``__dict__`` with the
compiled engine, :mod:`lab.native`), so that is all it does.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, NamedTuple

import networkx as nx

from lab.boards.hexgrid import hex_grid_graph
from lab.core import registry
from lab.core.actions import Action, ActionSpec, Field
from lab.core.game import Game
from lab.core.params import ParamSpec
from lab.core.state import TERMINAL, State

NAME = "bench_hex"
STONES = (".", "x", "o")  # cell contents: empty, player 0, player 1
_FIRST_EDGE, _SECOND_EDGE, _BOTH_EDGES = 1, 2, 3


class HexTables(NamedTuple):
    """Per-board-size constants shared by every state of that size (never copied)."""

    size: int
    neighbours: tuple[tuple[int, ...], ...]
    edge_flags: tuple[tuple[int, ...], tuple[int, ...]]  # per player, per cell
    actions: tuple[Action, ...]


@lru_cache(maxsize=32)
def hex_tables(size: int) -> HexTables:
    """Neighbour lists, edge bits and action objects of an ``size x size`` board.

    Built once from :func:`lab.boards.hexgrid.hex_grid_graph` (``shape="rhombus"``: node
    ``(col, row)`` is axial ``(q, r)``); cell index ``row * size + col``.
    """
    graph = hex_grid_graph(size, size, shape="rhombus")
    neighbours = tuple(
        tuple(sorted(r * size + c for c, r in graph.neighbors((i % size, i // size))))
        for i in range(size * size)
    )
    black = tuple(
        (_FIRST_EDGE if i // size == 0 else 0) | (_SECOND_EDGE if i // size == size - 1 else 0)
        for i in range(size * size)
    )
    white = tuple(
        (_FIRST_EDGE if i % size == 0 else 0) | (_SECOND_EDGE if i % size == size - 1 else 0)
        for i in range(size * size)
    )
    actions = tuple(Action("place", (i,)) for i in range(size * size))
    return HexTables(size, neighbours, (black, white), actions)


def _cell_array(values: list[int]) -> bytearray | array[int]:
    """Small numbers (cells, stones, edge bits) as bytes on boards of up to 256 cells, else as
    unsigned shorts: either way copied by one ``memcpy``."""
    return bytearray(values) if len(values) <= 4 * 256 else array("H", values)


def cell_name(cell: int, size: int) -> str:
    """OpenSpiel's label of a cell: column letter and 1-based row (``"f1"`` is cell 5)."""
    return f"{chr(ord('a') + cell % size)}{cell // size + 1}"


class HexState(State):
    """A position of Hex. See the module docstring for the rules and the data layout."""

    # every field a slot: with State compiled (lab.native) a state has no ``__dict__`` at all,
    # so ``clone`` is a few plain copies
    __slots__ = ("_board", "_cur", "_edges", "_empty", "_n", "_nbrs", "_winner")

    def __init__(self, game: HexGame) -> None:
        super().__init__(game)
        t = hex_tables(game.size)
        self._nbrs = t.neighbours
        self._edges = t.edge_flags
        n_cells = t.size * t.size
        self._n = n_cells
        # _board[:n] stones (0 empty, 1 player 0, 2 player 1); _board[n:2n] the edge bits of each
        # group (at its root); _board[2n:3n] the union-find parents; _board[3n:] the empty cells
        self._board = _cell_array([0] * (2 * n_cells) + [*range(n_cells), *range(n_cells)])
        self._empty = list(t.actions)  # legal actions, in cell order (= _board[3n:])
        self._cur = 0  # player to move, or TERMINAL
        self._winner = -1

    # ------------------------------------------------------------------ hooks
    def current_player(self) -> int:
        return self._cur

    def _legal_actions(self, player: int) -> list[Action]:
        return self._empty[:]

    def _is_legal(self, player: int, action: Action) -> bool:
        # The same answer as ``action in self._legal_actions(player)``, without the scan.
        if action[0] != "place" or len(action[1]) != 1:
            return False
        cell = action[1][0]
        return type(cell) is int and 0 <= cell < self._n and self._board[cell] == 0

    def _apply_action(self, action: Action) -> None:
        cell = action[1][0]
        p = self._cur
        color = p + 1
        board = self._board  # see __init__ for the layout
        n = self._n
        up = n + n  # board[up + c]: the union-find parent of cell c
        board[cell] = color
        i = bisect_left(board, cell, up + n)
        del board[i]
        del self._empty[i - up - n]
        root = cell
        bits = self._edges[p][cell]
        for nb in self._nbrs[cell]:
            if board[nb] == color:
                r = board[up + nb]
                while board[up + r] != r:
                    r = board[up + r]
                board[up + nb] = r
                if r != root:
                    bits |= board[n + r]
                    if root == cell:  # the new stone joins the first group it touches
                        board[up + cell] = r
                        root = r
                    else:  # a second group joins the first
                        board[up + r] = root
        board[n + root] = bits
        if bits == _BOTH_EDGES:
            self._winner = p
            self._cur = TERMINAL
        else:
            self._cur = 1 - p

    def returns(self) -> list[float]:
        w = self._winner
        if w < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def winners(self) -> list[int]:
        return [] if self._winner < 0 else [self._winner]

    def clone(self) -> HexState:
        new = self._copy_base()  # the game, the history and the events
        new._board = self._board[:]
        new._empty = self._empty[:]
        new._cur = self._cur
        new._winner = self._winner
        new._nbrs = self._nbrs  # the board's tables: shared
        new._edges = self._edges
        new._n = self._n
        return new

    # ------------------------------------------------------------------ views
    def board_rows(self) -> list[str]:
        """The board as OpenSpiel prints it: one string per row, ``x``/``o``/``.``."""
        n = self.game.size
        return ["".join(STONES[v] for v in self._board[r * n : (r + 1) * n]) for r in range(n)]

    def stones(self) -> list[int]:
        """Each cell's content in cell order: 0 empty, 1 player 0 (``x``), 2 player 1 (``o``)."""
        return list(self._board[: self._n])

    def observation(self, player: int | None) -> dict[str, Any]:
        return {
            "board": self.board_rows(),
            "to_play": self._cur,
            "winner": self._winner,
        }

    def full_state(self) -> dict[str, Any]:
        return {"board": self.stones(), "to_play": self._cur, "winner": self._winner}

    def explain_illegal(self, player: int, action: Action) -> str | None:
        n = self.game.size
        if action.kind != "place" or len(action.args) != 1:
            return "Hex has one kind of action, place(cell)"
        cell = action.args[0]
        if not isinstance(cell, int) or not 0 <= cell < n * n:
            return f"cells are 0..{n * n - 1}"
        holder = self._board[cell]
        if holder:
            return f"cell {cell_name(cell, n)} already holds {STONES[holder]}"
        return None

    def describe_action(self, action: Action) -> str:
        return cell_name(int(action.args[0]), self.game.size)

    def progress(self) -> list[float]:
        stones = self._board[: self._n]
        return [float(stones.count(1)), float(stones.count(2))]


class HexGame(Game):
    """Hex on an ``board_size`` rhombus, OpenSpiel's rules (no swap)."""

    name = NAME
    title = "Hex (benchmark game, OpenSpiel rules)"
    perfect_information = True
    rules_version = 1
    PARAMETERS = (
        ParamSpec("players", "int", 2, "Hex is a two-player game.", minimum=2, maximum=2),
        ParamSpec(
            "board_size",
            "int",
            11,
            "Cells per side of the rhombus (OpenSpiel's default is 11).",
            minimum=2,
            maximum=25,
            examples=(3, 5),
        ),
    )

    @property
    def size(self) -> int:
        return int(self.params["board_size"])

    def action_specs(self) -> list[ActionSpec]:
        n = self.size
        return [ActionSpec("place", (Field("cell", range(n * n)),), "put a stone on an empty cell")]

    def new_initial_state(self) -> HexState:
        return HexState(self)

    def max_game_length(self) -> int:
        return self.size * self.size

    def board(self, state: State | None = None) -> nx.Graph:
        """The rhombus graph; with a state, each node's ``stone`` is ``"x"``, ``"o"`` or ``"."``."""
        n = self.size
        g = hex_grid_graph(n, n, shape="rhombus")
        cells = state.stones() if isinstance(state, HexState) else [0] * (n * n)
        for (c, r), data in g.nodes(data=True):
            data["stone"] = STONES[cells[r * n + c]]
            data["cell"] = r * n + c
        return g


@contextmanager
def registered() -> Iterator[None]:
    """Let ``lab.load("bench_hex")`` find this game inside the ``with`` block (only there).

    Saving and loading (``state_from_json``) and the conformance suite load games by name;
    the benchmark game is not one of the product's games, so it is added to the registry only
    temporarily.
    """
    old = registry._BUILTIN.get(NAME)
    registry._BUILTIN[NAME] = (__name__, "HexGame")
    try:
        yield
    finally:
        if old is None:
            registry._BUILTIN.pop(NAME, None)
        else:
            registry._BUILTIN[NAME] = old
        registry._classes.pop(NAME, None)
