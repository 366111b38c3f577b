"""memm's turn flow: the deal and the roll (MM-1), placements and their rewards (MM-2..MM-4),
gifts (MM-3), declines and passes (MM-3, AMB-MM-5), the end of the round (MM-5).

:class:`MemmTurns` is the part of a memm state the engine drives: who moves, the chance
outcomes, the legal actions (with the driver's fast paths ``_run_chance`` and ``_pick_action``)
and what each action does. Where a cube may go is :mod:`lab.games.memm.position`; who wins,
:mod:`lab.games.memm.outcome`; the rule points it calls through ``game.rules``,
:mod:`lab.games.memm.rules`.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections.abc import Callable, Sequence
from itertools import accumulate
from operator import itemgetter
from typing import Any

from mypy_extensions import mypyc_attr

from lab.boards.cubes import FACE_NAMES
from lab.core.actions import Action
from lab.core.chance import WeightedTable
from lab.core.state import CHANCE, TERMINAL, HistoryItem, _new_item
from lab.games.memm.components import COLOURS, N_CUBES
from lab.games.memm.outcome import MemmOutcome
from lab.games.memm.position import (
    _DEAL,
    _FACE_OF_OFFSET,
    _GIVE,
    _OVER,
    _PLACE,
    _ROLL,
    _cell,
    _cid,
    _new,
)

PASS = Action("pass", ())
KEEP = Action("keep", ())
_DEALS = tuple(Action("deal", (c,)) for c in range(N_CUBES))  # chance outcomes, built once
_second = itemgetter(1)


@mypyc_attr(allow_interpreted_subclasses=True)
class MemmTurns(MemmOutcome):
    """A memm position with its turn flow: the engine hooks and every action's effect."""

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


_OWN_LEGAL = MemmTurns._legal_actions
_OWN_OUTCOMES = MemmTurns._chance_outcomes
_OWN_STREAM = MemmTurns.chance_stream
