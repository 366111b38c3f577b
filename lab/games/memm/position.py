"""A memm position on the lattice: the structure, the hands, and where a cube may go.

:class:`MemmPosition` holds a position's data (every attribute a memm state has) and answers the
placement questions of MM-2, MM-4.1 and MM-4.2 with AMB-MM-1/2/4/6: the anchors, the candidate
cells, the orientations of every cube that fit there, the joined faces, a placement's direction.
The turn flow that changes it is :mod:`lab.games.memm.turns`; the rules as implemented are
described in :mod:`lab.games.memm.rules`.

Legal placements use the precomputed orientation bit masks of
:class:`~lab.games.memm.components.CubeTable`: for a free cell, the orientations of a cube that
fit are one AND (``match="all"``) or OR (``"one"``) of a mask per touching face, so no rotation
is tried in the hot loop. The touching faces of every free cell next to the structure are kept
up to date as cubes are placed (``_touching``), so a decision reads them instead of looking at
six neighbours per cell; those loops name a cell by an integer id (``_cid``).
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from lab.boards.cubes import FACE_VECTORS, Cell
from lab.core.actions import Action
from lab.core.state import State
from lab.games.memm.components import N_CUBES
from lab.games.memm.variant import MemmVariant

_DEAL, _ROLL, _PLACE, _GIVE, _OVER = "deal", "roll", "place", "give", "over"
# Inside the hot loops a cell ``(x, y, z)`` is the integer id ``(x + 128) << 16 | (y + 128) << 8 | z``
# (:func:`_cid`; coordinates stay within -35..35, heights within 0..35): ids sort as the cells
# do, and a neighbour is one addition away.
_O, _Z = 128, 255
_DX, _DY = 1 << 16, 1 << 8  # id steps of x and y
_FACE_OFFSETS = tuple((dx << 16) + (dy << 8) + dz for dx, dy, dz in FACE_VECTORS)  # per face
_OFFSETS = tuple(sorted(_FACE_OFFSETS))  # a cell's neighbours in sorted order
_ID_CONTACTS = tuple((o, f, f ^ 1) for f, o in enumerate(_FACE_OFFSETS))
_ID_CONTACTS_ON_TABLE = _ID_CONTACTS[:5]  # (no face -z under the table)
_FACE_OFFSETS_ON_TABLE = _FACE_OFFSETS[:5]
_UNDER = 6 * 5  # mask keys from here on are of face -z (a cube under the cell)
_new = tuple.__new__  # ``_new(Action, (kind, args))`` is ``Action(kind, args)`` without a frame
# run_direction="touched" (AMB-MM-6): the touched cube a placement is measured against when it
# does not touch the previous cube: the cube under it first, then its sides in face order.
_TOUCH_ORDER = (5, 0, 1, 2, 3, 4)
_FACE_OF_OFFSET = {o: f for f, o in enumerate(_FACE_OFFSETS)}  # id difference -> face (``direction``)
#: per cube, its fitting rotations, and their number per cube (:meth:`CubeTable.fitting_all`)
Fits = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]


@mypyc_attr(allow_interpreted_subclasses=True)
class MemmPosition(State):
    """A memm position's data and its placement geometry (compiled with the engine,
    :mod:`lab.native`); ``self.game`` is its :class:`~lab.games.memm.variant.MemmVariant`."""

    def __init__(self, game: MemmVariant) -> None:
        super().__init__(game)
        n = game.num_players()
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.undealt: list[int] = list(range(N_CUBES))
        self._undealt_flags: list[int] = [1] * N_CUBES  # 1 for each cube of ``undealt`` (the deal's weights)
        self.cells: dict[Cell, tuple[int, int]] = {}  # cell -> (cube, rotation)
        self.colours: dict[Cell, tuple[int, ...]] = {}  # cell -> world colour per face
        self.order: list[Cell] = []
        #: ids of the free cells (on or above the table) next to a cube -> the mask keys ``6 *
        #: face + colour`` of their touching faces (the colour each neighbour shows there) as a bit
        #: mask, bit ``k`` for key ``k`` (:func:`_keys` lists them in face order)
        self._touching: dict[int, int] = {}
        self._filled: set[int] = set()  # ids of the occupied cells
        self.phase = _DEAL
        self.to_move = 0
        self.start_player = -1
        self.last: Cell | None = None
        self.run_key: int | None = None  # MM-4.1: direction of the current run
        self.run_len = 0
        self.column: tuple[int, int] | None = None  # MM-4.2 constraint for the next placement
        #: MM-4.2 ``column_rule="may"`` (English): per seat, the column that seat may also touch
        #: on its next turn (it placed a cube on top and its turn passed on)
        self.next_turn_columns: list[tuple[int, int] | None] = [None] * n
        self.gives_left = 0
        self.repeat = False  # MM-3: an extra placement is owed (give phase) or due (place phase)
        self.first_out: int | None = None
        self.pass_streak = 0
        self.blocked = False
        self.stuck: int | None = None
        self.placements = 0
        self.passes = 0
        self.gifts = 0
        self.repeats = 0
        self.max_joined = 0
        self.first_out_placement = -1
        self._legal: list[Action] | None = None


    # ================================================================== placement (MM-2..4)
    def anchors(self) -> tuple[list[Cell], set[Cell]]:
        """Cells a new cube may attach to (MM-2, AMB-MM-2, MM-4.2) as a list and a set."""
        base = self._anchor_list()
        return base, set(base)

    def _anchor_list(self) -> list[Cell]:
        """The list of :meth:`anchors`."""
        opt = self.game.opt
        if opt.attach == "last":
            base: list[Cell] = [] if self.last is None else [self.last]
        else:
            base = list(self.order)
        if self.column is not None and opt.column_rule != "off":
            col = self._column_cells()
            base = col if opt.column_rule == "must" else base + [c for c in col if c not in base]
        return base

    def _column_cells(self) -> list[Cell]:
        """MM-4.2: the cubes of the pending column, in the order they were placed."""
        x, y = self.column  # type: ignore[misc]
        last = self.last
        if self.game.opt.gravity and last is not None and last[2] and (last[0], last[1]) == (x, y):
            # AMB-MM-4: the column just grew by the last cube, which stands on every cube under it
            # and has none above it (each went on the one under it, bottom first): no scan needed
            return [(x, y, z) for z in range(last[2] + 1)]
        return [c for c in self.order if (c[0], c[1]) == (x, y)]

    def _closed_direction(self) -> int | None:
        """MM-4.1 (rule point ``run_full``): the direction the current run may not continue in."""
        if self.last is None or self.run_key is None:
            return None
        if self.game.rules.run_full(self.run_len, self.game.opt.max_run):
            return self.run_key
        return None

    def placement_direction(self, cell: Cell) -> int | None:
        """MM-4.1 / AMB-MM-6: the direction of a placement at ``cell`` (a face index), or ``None``.

        ``run_direction="previous"``: the side of the previous cube the new one sits against;
        ``None`` when it does not touch the previous cube. ``"touched"``: the same when it touches
        the previous cube, else the side of another cube it touches (the one under it first, then
        its neighbours in face order ``+x, -x, +y, -y, +z``).
        """
        last = self.last
        if last is None:
            return None
        d = _FACE_OF_OFFSET.get(_cid(cell) - _cid(last))  # the side of ``last`` the cell is on
        if d is not None or self.game.opt.run_direction == "previous":
            return d
        x, y, z = cell
        for f in _TOUCH_ORDER:
            dx, dy, dz = FACE_VECTORS[f]
            if (x + dx, y + dy, z + dz) in self.cells:
                return f ^ 1  # the side of that neighbour the new cube sits against
        return None

    def _run_blocked(self, cell: Cell) -> bool:
        """MM-4.1: would ``cell`` continue a run that is full?"""
        closed = self._closed_direction()
        return closed is not None and self.placement_direction(cell) == closed

    def candidate_cells(self) -> list[Cell]:
        """Free cells touching an anchor, on the table or supported, not breaking MM-4.1; sorted."""
        return [_cell(c) for c in self._candidates()]

    def _candidates(self) -> list[int]:
        """:meth:`candidate_cells` as cell ids (:func:`_cid`: sorted as the cells are)."""
        touching = self._touching
        opt = self.game.opt
        last = self.last
        near: Any
        if (self.column is not None and opt.column_rule == "must" and opt.gravity and last is not None
                and last[2] and (last[0], last[1]) == self.column):
            # MM-4.2 "must" under gravity (AMB-MM-4): the anchors are the column's cubes, (x, y, 0)
            # up to the last cube on top (_column_cells); their neighbours as the general line
            # below sorts them, without the set: the cells beside them at -x, then at -y (each
            # from the table up), the cell on top, then beside them at +y and at +x (the cubes
            # themselves and the cell under the table, also neighbours, are never free cells)
            h = last[2] + 1
            b = _cid(last) - last[2]  # the id of (x, y, 0)
            near = [*range(b - _DX, b - _DX + h), *range(b - _DY, b - _DY + h), b + h,
                    *range(b + _DY, b + _DY + h), *range(b + _DX, b + _DX + h)]
        else:
            anchor_list = self._anchor_list()
            if len(anchor_list) == 1:  # (the usual case: one cell's neighbours come in sorted order)
                near = map(_cid(anchor_list[0]).__add__, _OFFSETS)
            else:
                near = sorted({c for a in anchor_list for c in map(_cid(a).__add__, _OFFSETS)})
        if opt.gravity:  # AMB-MM-4: on the table, or touching a cube under it (face -z)
            found = [c for c in near if c in touching and (not c & _Z or touching[c] >> _UNDER)]
        else:
            found = [c for c in near if c in touching]
        closed = self._closed_direction()
        if closed is None:
            return found
        if opt.run_direction == "previous":  # (closed: there is a last cube)
            # MM-4.1, AMB-MM-6: only the cell on the closed side of the last cube has that direction
            shut = _cid(self.last) + _FACE_OFFSETS[closed]  # type: ignore[arg-type]
            return [c for c in found if c != shut]
        return [c for c in found if self.placement_direction(_cell(c)) != closed]

    def contacts(self, cell: Cell) -> list[tuple[int, int]]:
        """Occupied neighbours of ``cell``: ``(face, colour it must show there)``."""
        out = []
        x, y, z = cell
        for f, (dx, dy, dz) in enumerate(FACE_VECTORS):
            nb = (x + dx, y + dy, z + dz)
            world = self.colours.get(nb)
            if world is not None:
                out.append((f, world[f ^ 1]))
        return out

    def placement_actions(self) -> list[Action]:
        """Every legal ``place`` action of the player to move (distinct orientations only)."""
        return [_new(Action, ("place", (cube, x, y, z, rot)))
                for cube, x, y, z, rots in self.placement_groups() for rot in rots]

    def placement_groups(self) -> list[tuple[int, int, int, int, tuple[int, ...]]]:
        """:meth:`placement_actions` grouped: ``(cube, x, y, z, rotations)`` per cell and cube
        that fit, in the same order (cells sorted, the hand's cubes in order, orientations by bit)."""
        if self.phase != _PLACE:
            return []
        hand = self.hands[self.to_move]
        return [(cube, *_cell(c), fit[cube]) for c, (fit, _) in self._cell_fits() for cube in hand if fit[cube]]

    def _cell_fits(self) -> list[tuple[int, Fits]]:
        """Per candidate cell id (sorted), the rotations of every cube that fit there and their
        number per cube (MM-2, AMB-MM-1; :meth:`CubeTable.fitting_all`): the two lists of
        :meth:`_fits_by_cell` as pairs."""
        return list(zip(*self._fits_by_cell(), strict=True))

    def _fits_by_cell(self) -> tuple[list[int], list[Fits]]:
        """The candidate cell ids (sorted) and, per cell, the rotations of every cube that fit
        there and their number per cube (MM-2, AMB-MM-1; :meth:`CubeTable.fitting_all`).

        From the mask keys of the cell's touching faces: every one must match under
        ``match="all"``; under ``"one"``, one matching face that touches an anchor suffices."""
        table = self.game.cubes
        touching = self._touching
        opt = self.game.opt
        if opt.match == "all":
            every, fits = table.fits_every.get, table.fitting_every
            last = self.last
            if opt.attach != "last" or last is None or (self.column is not None and opt.column_rule != "off"):
                ids = self._candidates()
                return ids, [every(touching[c]) or fits(touching[c]) for c in ids]
            # The usual case (MM-2: the one anchor is the last cube) in one pass, for speed: what
            # the lines above give, the cells around the last cube in sorted order, each on its
            # own side of it, so MM-4.1 closes at most the one on the closed side (the run's
            # direction once it is full: _closed_direction, there being a last cube).
            base = _cid(last)
            key = self.run_key
            shut = -1
            if key is not None and self.game.rules.run_full(self.run_len, opt.max_run):
                shut = base + _FACE_OFFSETS[key]
            gravity, ids, found, get = opt.gravity, [], [], touching.get
            for c in map(base.__add__, _OFFSETS):
                mask = get(c)
                # a free cell next to a cube; AMB-MM-4: on the table or on a cube (face -z)
                if mask is not None and c != shut and not (gravity and c & _Z and not mask >> _UNDER):
                    ids.append(c)
                    found.append(every(mask) or fits(mask))
            return ids, found
        fits_all = table.fits_all
        anchor_ids = {_cid(a) for a in self.anchors()[1]}
        ids = self._candidates()
        found = []
        for c in ids:
            keys = tuple(k for k in _keys(touching[c]) if c + _FACE_OFFSETS[k // 6] in anchor_ids)
            found.append(fits_all.get((False, keys)) or table.fitting_all(False, keys))
        return ids, found


    def joined_faces(self, cube: int, cell: Cell, rotation: int) -> int:
        """MM-3: colour-matched face contacts ``cube`` would make at the free ``cell`` turned by
        ``rotation``."""
        return (self.game.cubes.shows[cube][rotation] & self._touching.get(_cid(cell), 0)).bit_count()

    def _put(self, player: int, cube: int, cell: Cell, rot: int, c: int) -> None:
        """Move ``cube`` from ``player``'s hand to ``cell`` (id ``c``), turned by ``rot``: what
        :meth:`_touch` does for its colours, with the contact keys of each face looked up."""
        self.hands[player].remove(cube)
        self.cells[cell] = (cube, rot)
        table = self.game.cubes
        self.colours[cell] = table.worlds[cube][rot]
        self.order.append(cell)
        self.last = cell
        touching, filled = self._touching, self._filled
        touching.pop(c, None)
        filled.add(c)
        for offset, bit in zip(_FACE_OFFSETS if c & _Z else _FACE_OFFSETS_ON_TABLE, table.touches[cube][rot],
                               strict=False):  # (on the table: no face -z, the last bit)
            nb = c + offset
            if nb not in filled:
                touching[nb] = touching.get(nb, 0) | bit

    def _touch(self, c: int, world: tuple[int, ...]) -> None:
        """Fill cell id ``c`` with a cube showing ``world``: update ``_filled`` and ``_touching``."""
        touching, filled = self._touching, self._filled
        touching.pop(c, None)
        filled.add(c)
        for offset, f, opposite in _ID_CONTACTS if c & _Z else _ID_CONTACTS_ON_TABLE:
            nb = c + offset
            if nb not in filled:
                # nb's face towards c shows this cube's face f: key 6 * opposite + world[f]
                touching[nb] = touching.get(nb, 0) | 1 << (6 * opposite + world[f])


    # ================================================================== views
    def structure(self) -> dict[Cell, tuple[int, int, tuple[int, ...]]]:
        """``cell -> (cube, rotation, world colours)`` in placement order."""
        return {c: (*self.cells[c], self.colours[c]) for c in self.order}


def _cid(cell: Cell) -> int:
    """The id of ``cell`` in the hot loops (see ``_O`` above)."""
    return ((cell[0] + _O) << 16) | ((cell[1] + _O) << 8) | cell[2]


def _keys(contacts: int) -> tuple[int, ...]:
    """The mask keys of a bit mask of ``_touching`` (bit ``k``: key ``k``), lowest (face) first."""
    return tuple(k for k in range(contacts.bit_length()) if contacts >> k & 1)


def _cell(c: int) -> Cell:
    """The cell of id ``c`` (the inverse of :func:`_cid`)."""
    return (c >> 16) - _O, ((c >> 8) & _Z) - _O, c & _Z
