"""memm's game state: dealing, the start roll, placements, repeat turns, gifts, end and block.

See :mod:`lab.games.memm.rules` for the rules as implemented. Legal placements use the
precomputed orientation bit masks of :class:`~lab.games.memm.components.CubeTable`: for a free
cell, the orientations of a cube that fit are one AND (``match="all"``) or OR (``"one"``) of a
mask per touching face, so no rotation is tried in the hot loop. The touching faces of every
free cell next to the structure are kept up to date as cubes are placed (``_touching``), so a
decision reads them instead of looking at six neighbours per cell; those loops name a cell by an
integer id (``_cid``).
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections.abc import Callable, Sequence
from itertools import accumulate
from operator import itemgetter
from typing import Any

from mypy_extensions import mypyc_attr

from lab.boards.cubes import FACE_NAMES, FACE_VECTORS, Cell, direction
from lab.core.actions import Action
from lab.core.chance import WeightedTable
from lab.core.state import CHANCE, TERMINAL, HistoryItem, State, _new_item
from lab.games.memm.components import COLOURS, N_CUBES, ROMAN
from lab.games.memm.rules import MemmGame

_DEAL, _ROLL, _PLACE, _GIVE, _OVER = "deal", "roll", "place", "give", "over"
PASS = Action("pass", ())
KEEP = Action("keep", ())
_DEALS = tuple(Action("deal", (c,)) for c in range(N_CUBES))  # chance outcomes, built once
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
_FACE_WORDS = ((4, "top"), (0, "+x"), (1, "-x"), (2, "+y"), (3, "-y"), (5, "bottom"))
# run_direction="touched" (AMB-MM-6): the touched cube a placement is measured against when it
# does not touch the previous cube: the cube under it first, then its sides in face order.
_TOUCH_ORDER = (5, 0, 1, 2, 3, 4)
_FACE_OF_OFFSET = {o: f for f, o in enumerate(_FACE_OFFSETS)}  # id difference -> face (``direction``)
_second = itemgetter(1)
#: per cube, its fitting rotations, and their number per cube (:meth:`CubeTable.fitting_all`)
Fits = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]


@mypyc_attr(allow_interpreted_subclasses=True)
class MemmState(State):
    """A memm position. Hands are public (see the rules module). Compiled with the engine
    (:mod:`lab.native`); ``self.game`` is its :class:`MemmGame`."""

    def __init__(self, game: MemmGame) -> None:
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

    # ================================================================== engine hooks
    def current_player(self) -> int:
        if self.phase in (_DEAL, _ROLL):
            return CHANCE
        if self.phase == _OVER:
            return TERMINAL
        return self.to_move

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if self.phase == _DEAL:  # MM-1: each cube left to deal, with equal chances
            return WeightedTable(_DEALS, self._undealt_flags[:], len(self.undealt), True)  # (equal=True)
        return self.game.roll_outcomes  # MM-1: the colour die

    def chance_stream(self) -> str:
        """The deal and the colour die draw from separate streams."""
        return "deal" if self.phase == _DEAL else "roll"

    def _run_chance(self, draw: Callable[[Sequence[tuple[Any, float]], str], Any],
                    push: Callable[[HistoryItem], None], limit: int) -> int:
        """The driver's MM-1 deal, one chance node per cube, played here one after another:
        each node's :meth:`_chance_outcomes` drawn from the ``"deal"`` stream, its history item,
        then :meth:`_apply_action`, without the driver's calls between deals.

        Only while ``_chance_outcomes`` and ``chance_stream`` are this class's own."""
        cls = type(self)
        if self.phase != _DEAL or cls._chance_outcomes is not _OWN_OUTCOMES or cls.chance_stream is not _OWN_STREAM:
            return 0
        history, apply, played = self._history, self._apply_action, 0
        while self.phase == _DEAL and len(history) < limit:
            # what _chance_outcomes gives, the flags not copied: the table is drawn from at once,
            # before the deal edits them, and then dropped
            outcome = draw(WeightedTable(_DEALS, self._undealt_flags, len(self.undealt), True), "deal")
            push(_new_item(HistoryItem, (CHANCE, outcome)))
            apply(outcome)
            played += 1
        return played

    def _legal_actions(self, player: int) -> list[Action]:
        if self._legal is None:
            if self.phase == _GIVE:
                self._legal = self._gift_actions()
            else:
                places = self.placement_actions()
                if places and self.repeat and self.game.opt.extra_placement == "may":
                    places.append(PASS)  # MM-3: the extra placement may be declined
                self._legal = places or [PASS]
        return list(self._legal)

    def _apply_action(self, action: Action) -> None:
        self._legal = None
        kind = action.kind
        args: tuple[Any, ...] = action.args  # (each kind's fields: checked by coerce_action)
        if kind == "place":
            cube, x, y, z, rot = args
            self._place(cube, x, y, z, rot)  # (not _place(*action.args): a call with * is slower)
        elif kind == "deal":
            self._deal(args[0])
        elif kind == "roll":
            self._roll(COLOURS.index(args[0]))
        elif kind == "give":
            self._give(*args)
        elif kind == "keep":
            self.log("MM-3", "keep", player=self.to_move, declined=self.gives_left)
            self.gives_left = 0
            self._after_gifts()
        elif self.repeat and self.placement_actions():
            self._decline()
        else:
            self._pass()

    # ================================================================== set-up (MM-1)
    def _deal(self, cube: int) -> None:
        undealt = self.undealt
        receiver = (N_CUBES - len(undealt)) % len(self.hands)
        undealt.remove(cube)
        self._undealt_flags[cube] = 0
        insort(self.hands[receiver], cube)
        self._record("MM-1", "deal", {"player": receiver, "cube": cube}, None)
        if not undealt:
            self.phase = _ROLL

    def _roll(self, colour: int) -> None:
        cube = self.game.centre_cubes[colour]
        holder = next(p for p, h in enumerate(self.hands) if cube in h)
        self.start_player = holder
        self.log("MM-1", "roll", colour=COLOURS[colour], player=holder, cube=cube)
        self._put(holder, cube, (0, 0, 0), 0, _cid((0, 0, 0)))
        self.log("MM-1", "centre", player=holder, cube=cube)
        self.phase = _PLACE
        self._end_turn(holder)  # the holder's turn was placing the centre cube

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

    def _pick_action(self, player: int, pick: Callable[[int], int]) -> Action | None:
        """``legal[pick(len(legal))]`` of :meth:`_legal_actions`, building only that action.

        Only while ``_legal_actions`` is this class's own: a subclass (or a test) that replaces
        it gets the pick from its list."""
        if self.phase != _PLACE or self._legal is not None or type(self)._legal_actions is not _OWN_LEGAL:
            return super()._pick_action(player, pick)
        hand = self.hands[self.to_move]
        if not hand:  # a player who is out has no placement: the one choice is to pass (AMB-MM-5)
            pick(1)
            return PASS
        ids, found = self._fits_by_cell()  # per candidate cell: its id, rotations and their number per cube
        # The hand's counts at each cell (a tuple per cell, or one number for a one-cube hand)
        # and the running total of the placements over the cells, all read in C.
        of_hand = itemgetter(*hand)
        per_cell = list(map(of_hand, map(_second, found)))
        totals = [0, *accumulate(map(sum, per_cell) if len(hand) > 1 else per_cell)]  # before each cell
        n = totals[-1]
        i = pick(n + 1 if n and self.repeat and self.game.opt.extra_placement == "may" else n or 1)
        if i >= n:
            return PASS  # after the placements (MM-3 may decline), or the only choice (AMB-MM-5)
        # legal[i] is at the last cell whose placements before it are at most i, and there of the
        # last cube (the hand in order) whose placements before it are; the i-th rotation left
        j = bisect_right(totals, i) - 1
        i -= totals[j]
        cube = hand[0]
        if len(hand) > 1:
            within = [0, *accumulate(per_cell[j])]
            k = bisect_right(within, i) - 1
            i -= within[k]
            cube = hand[k]
        return _new(Action, ("place", (cube, *_cell(ids[j]), found[j][0][cube][i])))

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

    def _place(self, cube: int, x: int, y: int, z: int, rot: int) -> None:
        p = self.to_move
        game = self.game
        opt, rules = game.opt, game.rules
        cell = (x, y, z)
        c = _cid(cell)
        joined = (game.cubes.shows[cube][rot] & self._touching[c]).bit_count()  # MM-3: joined_faces (a legal cell touches a cube)
        # AMB-MM-6: placement_direction(cell), its first step (the side of the last cube the cell
        # is on) done here; the rest of it only for run_direction="touched"
        last = self.last
        d = None if last is None else _FACE_OF_OFFSET.get(c - _cid(last))
        if d is None and opt.run_direction != "previous":
            d = self.placement_direction(cell)
        if d is not None and d == self.run_key:
            self.run_len += 1
        else:
            self.run_key, self.run_len = d, (0 if d is None else 1)
        on_top = bool(z) and c - 1 in self._filled  # (x, y, z - 1) in self.cells: id c - 1 (z > 0)
        self._put(p, cube, cell, rot, c)
        self.placements += 1
        self.pass_streak = 0
        self.max_joined = max(self.max_joined, joined)
        self._record("MM-2", "place", {"player": p, "cube": cube, "cell": [x, y, z], "rotation": rot,
                                    "joined": joined, "direction": None if d is None else FACE_NAMES[d]}, None)
        if d is not None and rules.run_full(self.run_len, opt.max_run):
            self._record("MM-4.1", "run_limit", {"direction": FACE_NAMES[d]}, None)
        again, gives = rules.rewards(joined)  # MM-3 rule point
        hand = self.hands[p]
        if on_top and opt.column_rule == "may" and not (again and hand):
            # English: "the player will have, on his next turn, the possibility" -- the same
            # player's next turn (not the next placement, someone else's): kept for that turn
            self.column = None
            self.next_turn_columns[p] = (x, y)
            self._record("MM-4.2", "column", {"column": [x, y], "rule": "may", "player": p}, None)
        elif on_top and opt.column_rule != "off":
            # "must" (Spanish): the next placement, the same player's on a repeat (2+ faces) or
            # else the next player's; "may" on a repeat: the repeat is the same player's next turn
            self.column = (x, y)
            self._record("MM-4.2", "column", {"column": [x, y], "rule": opt.column_rule}, None)
        else:
            self.column = None
        if not hand:
            self._check_out(p)  # MM-5: out (unless another player was out first)
        self.repeat = again and bool(hand)
        if self.repeat:
            self.repeats += 1
            self._record("MM-3", "repeat", {"player": p, "joined": joined}, None)
        self.gives_left = max(0, min(gives, len(hand)))
        if self.gives_left and self._recipients():
            self.phase = _GIVE
            self._record("MM-3", "may_give", {"player": p, "count": self.gives_left}, None)
        else:
            self.gives_left = 0
            if not self.repeat:  # (what _after_gifts does here: the phase is already placement)
                self._end_turn(p)

    # ================================================================== gifts (MM-3)
    def _recipients(self) -> list[int]:
        """Who may receive a gift (MM-3, MM-5): any opponent, or only those still holding cubes."""
        if self.game.opt.gift_to == "any":
            return [q for q in range(len(self.hands)) if q != self.to_move]
        return [q for q in range(len(self.hands)) if q != self.to_move and self.hands[q]]

    def _gift_actions(self) -> list[Action]:
        out = [Action("give", (c, q)) for c in self.hands[self.to_move] for q in self._recipients()]
        return out + [KEEP]

    def _give(self, cube: int, to: int) -> None:
        p = self.to_move
        self.hands[p].remove(cube)
        self.hands[to].append(cube)
        self.hands[to].sort()
        self.gifts += 1
        self.gives_left -= 1
        self.log("MM-3", "give", player=p, cube=cube, to=to)
        self._check_out(p)
        if not self.hands[p]:  # (a gift never removes a recipient: no other reason to stop)
            self.gives_left = 0
        if self.gives_left == 0:
            self._after_gifts()

    def _after_gifts(self) -> None:
        p = self.to_move
        self.phase = _PLACE
        if self.repeat and self.hands[p]:
            return  # MM-3: the same player places again (or declines, extra_placement="may")
        self.repeat = False
        self._end_turn(p)

    # ================================================================== passing, ending
    def _decline(self) -> None:
        """MM-3 ("posibilidad"): the player declines the extra placement; the turn passes on.

        A decline is not a pass for AMB-MM-5 (the player could place, so it never counts
        towards a block). A pending MM-4.2 column constraint names the same player, so it is
        used up, as a pass uses it up.
        """
        p = self.to_move
        self.repeat = False
        self.column = None
        self.log("MM-3", "decline", player=p)
        self._end_turn(p)

    def _pass(self) -> None:
        p = self.to_move
        self.passes += 1
        self.repeat = False
        if self.game.params["no_move"] == "end":
            self.log("AMB-MM-5", "stuck_ends", player=p)
            self.blocked, self.stuck = True, p
            self._finish()
            return
        self.log("AMB-MM-5", "pass", player=p)
        if self.column is not None:
            self.column = None  # the MM-4.2 constraint is used up; not a block yet
        else:
            self.pass_streak += 1
            if self.game.rules.blocked(self.pass_streak, len(self.hands)):  # AMB-MM-5 rule point
                self.log("AMB-MM-5", "blocked", passes=self.pass_streak)
                self.blocked = True
                self._finish()
                return
        self._end_turn(p)

    def _check_out(self, p: int) -> None:
        if not self.hands[p] and self.first_out is None:
            self.first_out = p
            self.first_out_placement = self.placements
            self.log("MM-5", "out", player=p)

    def _end_turn(self, p: int) -> None:
        n = len(self.hands)
        if self.game.rules.round_over(self.first_out, p, self.start_player, n):  # MM-5:end rule point
            self.log("MM-5", "round_complete", player=p)
            self._finish()
            return
        q = self.to_move = (p + 1) % n
        if self.game.opt.column_rule == "may":  # MM-4.2 (English): a column kept for this turn of q's
            columns = self.next_turn_columns
            self.column, columns[q] = columns[q], None

    def _finish(self) -> None:
        self.phase = _OVER
        self.log("MM-5", "end", winner=self.first_out, losers=self.losers(), blocked=self.blocked)

    # ================================================================== outcome
    def held_colours(self, p: int) -> int:
        """Different colours among ``p``'s cubes (the MM-5 tie-break, ``colour_tiebreak``).

        ``"faces"``: every colour shown on any face of a held cube; ``"cubes"``: the colour of
        each held cube, that is its main colour(s) -- the colours with its highest numeral
        (MM-C2): one for five patterns, all six for the six-colour cube.
        """
        table = self.game.cubes
        if self.game.params["colour_tiebreak"] == "cubes":
            return len({c for cube in self.hands[p] for c in table.main_colours(cube)})
        bodies = table.bodies
        return len({c for cube in self.hands[p] for c in bodies[cube]})

    def losers(self) -> list[int]:
        """MM-5 (rule point): most cubes, then most different colours; all still tied lose."""
        n = len(self.hands)
        cubes = [len(h) for h in self.hands]
        colours = [self.held_colours(p) for p in range(n)]
        return [p for p in self.game.rules.losers(cubes, colours, self.first_out) if 0 <= p < n]

    def returns(self) -> list[float]:
        n = len(self.hands)
        if self.phase != _OVER:
            return [0.0] * n
        out = [0.0] * n
        for p in self.losers():
            out[p] = -1.0
        if self.first_out is not None:
            out[self.first_out] = self.game.rules.first_out_bonus(n)  # MM-5:bonus rule point
        return out

    def winners(self) -> list[int]:
        if self.phase != _OVER or self.first_out is None:
            return []
        return [self.first_out]

    def progress(self) -> list[float] | None:
        share = N_CUBES / len(self.hands)
        return [(share - len(h)) / share for h in self.hands]

    def metrics(self) -> dict[str, float]:
        won = self.first_out is not None and self.first_out == self.start_player
        return {
            "blocked": float(self.blocked),
            "stuck_end": float(self.stuck is not None),
            "start_player": float(self.start_player),
            "start_player_won": float(won),
            "start_player_lost": float(self.start_player in self.losers()),
            "winner_seat_after_start": float(
                -1 if self.first_out is None else (self.first_out - self.start_player) % len(self.hands)
            ),
            "placements": float(self.placements),
            "passes": float(self.passes),
            "gifts": float(self.gifts),
            "repeats": float(self.repeats),
            "declines": float(sum(1 for e in self.events if e.kind == "decline")),
            "max_joined": float(self.max_joined),
            "height": float(max((c[2] for c in self.order), default=-1) + 1),
            "cubes_left": float(sum(len(h) for h in self.hands)),
            "first_out_placement": float(self.first_out_placement),
        }

    def estimated_minutes(self) -> float | None:
        return round(0.4 * self.placements + 0.1 * (self.passes + self.gifts) + 1.0, 2)

    # ================================================================== views
    def structure(self) -> dict[Cell, tuple[int, int, tuple[int, ...]]]:
        """``cell -> (cube, rotation, world colours)`` in placement order."""
        return {c: (*self.cells[c], self.colours[c]) for c in self.order}

    def _public(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "to_move": self.to_move,
            "start_player": self.start_player,
            "hands": [list(h) for h in self.hands],
            "undealt": len(self.undealt),
            "structure": [[*c, *self.cells[c]] for c in self.order],
            "last": None if self.last is None else list(self.last),
            "run": [self.run_key, self.run_len],
            "column": None if self.column is None else list(self.column),
            "next_turn_columns": [None if c is None else list(c) for c in self.next_turn_columns],
            "gives_left": self.gives_left,
            "repeat": self.repeat,
            "first_out": self.first_out,
            "pass_streak": self.pass_streak,
            "blocked": self.blocked,
        }

    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything is public in memm (cubes lie on the table), so every viewer sees the same."""
        return {"player": player, **self._public()}

    def full_state(self) -> dict[str, Any]:
        data = self._public()
        data["undealt"] = list(self.undealt)
        data["stuck"] = self.stuck
        data["stats"] = [self.placements, self.passes, self.gifts, self.repeats, self.max_joined,
                         self.first_out_placement]
        return data

    def clone(self) -> MemmState:
        cls = type(self)  # a subclass keeps its class (and its rules) on clone
        new = cls.__new__(cls)
        new.game = self.game
        new._frozen_to = self._frozen_to
        new._history = list(self._history)
        new._events = list(self._events)
        new.hands = [list(h) for h in self.hands]
        new.undealt = list(self.undealt)
        new._undealt_flags = list(self._undealt_flags)
        new.cells = dict(self.cells)
        new.colours = dict(self.colours)
        new.order = list(self.order)
        new._touching = dict(self._touching)
        new._filled = set(self._filled)
        new.phase, new.to_move, new.start_player, new.last = self.phase, self.to_move, self.start_player, self.last
        new.run_key, new.run_len, new.column, new.gives_left = self.run_key, self.run_len, self.column, self.gives_left
        new.repeat, new.first_out, new.pass_streak = self.repeat, self.first_out, self.pass_streak
        new.blocked, new.stuck, new.placements, new.passes = self.blocked, self.stuck, self.placements, self.passes
        new.gifts, new.repeats, new.max_joined = self.gifts, self.repeats, self.max_joined
        new.first_out_placement = self.first_out_placement
        new.next_turn_columns = list(self.next_turn_columns)
        new._legal = self._legal  # (a cache, never changed in place: shared)
        return new

    @classmethod
    def from_observation(cls, game: MemmGame, obs: dict[str, Any]) -> MemmState:
        """A state (without history) rebuilt from an observation, for an agent's search."""
        st = cls(game)
        st.hands = [list(h) for h in obs["hands"]]
        table = game.cubes
        for x, y, z, cube, rot in obs["structure"]:
            cell = (x, y, z)
            st.cells[cell] = (cube, rot)
            st.colours[cell] = table.orientations[cube][table.rep_index[cube][rot]][1]
            st.order.append(cell)
        for cell in st.order:
            st._touch(_cid(cell), st.colours[cell])
        st.undealt = []
        st._undealt_flags = [0] * N_CUBES
        st.phase = obs["phase"]
        st.to_move = obs["to_move"]
        st.start_player = obs["start_player"]
        st.last = None if obs["last"] is None else tuple(obs["last"])  # type: ignore[assignment]
        st.run_key, st.run_len = obs["run"]
        st.column = None if obs["column"] is None else tuple(obs["column"])  # type: ignore[assignment]
        kept = obs.get("next_turn_columns") or [None] * len(st.hands)
        st.next_turn_columns = [None if c is None else (int(c[0]), int(c[1])) for c in kept]
        st.gives_left = obs["gives_left"]
        st.repeat = obs["repeat"]
        st.first_out = obs["first_out"]
        st.pass_streak = obs["pass_streak"]
        st.blocked = obs["blocked"]
        return st

    def render_svg(self, viewer: int | None = None) -> str:
        from lab.games.memm.render import render_svg

        return render_svg(self, viewer)

    def action_targets(self, player: int) -> dict[str, list[Action]]:
        from lab.games.memm.render import action_targets

        return action_targets(self, player)

    def describe_event(self, event: Any) -> str | None:
        """The widgets' move log in words (optional hook; see render.describe_event)."""
        from lab.games.memm.render import describe_event

        return describe_event(self, event)

    # ------------------------------------------------------------------ explanations
    def explain_illegal(self, player: int, action: Action) -> str | None:
        if self.phase == _GIVE:
            if action.kind == "give":
                cube, to = action.args
                if cube not in self.hands[player]:
                    return f"cube {cube} is not in your hand {self.hands[player]}"
                if to not in self._recipients():
                    who = "another player" if self.game.params["gift_to"] == "any" else (
                        "another player still holding cubes (gift_to='holding')")
                    return f"player {to} cannot receive a cube (not {who})"
            return f"MM-3: give up to {self.gives_left} more cube(s) with give(cube, to), or keep"
        if action.kind != "place":
            if action.kind == "pass":
                return ("AMB-MM-5: you may pass only when no placement is legal (or, with "
                        "extra_placement='may', to decline an extra placement, MM-3)")
            return "a placement (place) is due"
        cube, x, y, z, rot = (int(a) for a in action.args)
        return self._why_not(cube, (x, y, z), rot)

    def _why_not(self, cube: int, cell: Cell, rot: int) -> str | None:
        table = self.game.cubes
        if cube not in self.hands[self.to_move]:
            return f"cube {cube} is not in your hand {self.hands[self.to_move]}"
        if rot not in table.rep_index[cube]:
            same = oriented_rep(table, cube, rot)
            return f"rotation {rot} shows the same faces as rotation {same}; use {same}"
        if cell in self.cells:
            return f"cell {cell} is already occupied"
        if self.game.params["gravity"] and cell[2] > 0 and (cell[0], cell[1], cell[2] - 1) not in self.cells:
            return f"AMB-MM-4: nothing under {cell} to hold the cube up"
        anchor_list, anchor_set = self.anchors()
        if not any(direction(a, cell) is not None for a in anchor_list):
            what = "the last cube" if self.game.params["attach"] == "last" else "the structure"
            if self.column is not None:
                what = f"the column {self.column} (MM-4.2)"
            return f"MM-2: the cube must touch {what}"
        if self._run_blocked(cell):
            return f"MM-4.1: no more than {self.game.params['max_run']} placements in a row in one direction"
        world = table.orientations[cube][table.rep_index[cube][rot]][1]
        if self.game.params["match"] == "one":
            return "AMB-MM-1: no face touching an anchor matches its colour (match='one')"
        bad = [(FACE_NAMES[f], COLOURS[world[f]], COLOURS[c]) for f, c in self.contacts(cell)
               if world[f] != c]
        if not bad:
            return None  # the placement is legal
        f, mine, theirs = bad[0]
        return f"AMB-MM-1/MM-2: face {f} would show {mine} against {theirs}"

    def describe_action(self, action: Action) -> str:
        if action.kind == "place":
            cube, x, y, z, rot = action.args
            table = self.game.cubes
            k = table.rep_index[int(cube)].get(int(rot))
            if k is None:
                return str(action)
            world = table.orientations[int(cube)][k][1]
            body = table.bodies[int(cube)]
            faces = ", ".join(f"{name} {COLOURS[world[f]]}" for f, name in _FACE_WORDS)
            return f"place cube {cube} ({describe_cube(body)}) at ({x}, {y}, {z}): {faces}"
        if action.kind == "give":
            return f"give cube {action.args[0]} to player {action.args[1]}"
        if action.kind == "deal":
            return f"deal cube {action.args[0]}"
        if action.kind == "roll":
            return f"roll {action.args[0]}"
        if action.kind == "pass" and self.repeat and self.phase == _PLACE:
            return "pass: decline the extra placement (MM-3)"
        return {"keep": "give no more cubes", "pass": "pass (no legal placement)"}.get(action.kind, str(action))


def _cid(cell: Cell) -> int:
    """The id of ``cell`` in the hot loops (see ``_O`` above)."""
    return ((cell[0] + _O) << 16) | ((cell[1] + _O) << 8) | cell[2]


def _keys(contacts: int) -> tuple[int, ...]:
    """The mask keys of a bit mask of ``_touching`` (bit ``k``: key ``k``), lowest (face) first."""
    return tuple(k for k in range(contacts.bit_length()) if contacts >> k & 1)


def _cell(c: int) -> Cell:
    """The cell of id ``c`` (the inverse of :func:`_cid`)."""
    return (c >> 16) - _O, ((c >> 8) & _Z) - _O, c & _Z


def oriented_rep(table: Any, cube: int, rot: int) -> int:
    """The representative rotation that shows the same colours as ``rot``."""
    from lab.boards.cubes import oriented_colours

    world = oriented_colours(table.bodies[cube], rot)
    return next(r for r, w in table.orientations[cube] if w == world)


def describe_cube(body: tuple[int, ...]) -> str:
    """``"4 red, 1 yellow, 1 orange"`` with numerals in brackets."""
    counts: dict[int, int] = {}
    for c in body:
        counts[c] = counts.get(c, 0) + 1
    parts = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(f"{COLOURS[c]} {ROMAN[n]}" for c, n in parts)


_OWN_LEGAL = MemmState._legal_actions
_OWN_OUTCOMES = MemmState._chance_outcomes
_OWN_STREAM = MemmState.chance_stream
