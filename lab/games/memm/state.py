"""memm's game state: a position with its turn flow, its views, copies and explanations.

:class:`MemmState` is the class a memm game makes (:mod:`lab.games.memm.game`). It is built in
layers, each module one job: :mod:`~lab.games.memm.position` (the data and where a cube may go),
:mod:`~lab.games.memm.outcome` (who wins and loses, the metrics), :mod:`~lab.games.memm.turns`
(what each action does) and this module: the observations (hands are public), ``clone``, the
rebuild of a position from an observation for an agent's search, and the words for an illegal
action or an event. See :mod:`lab.games.memm.rules` for the rules as implemented. The state
never imports its renderer: the game hands it to its presentation (:mod:`lab.games.memm.render`).
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from lab.boards.cubes import FACE_NAMES, Cell, direction, oriented_colours
from lab.core.actions import Action
from lab.games.memm.components import COLOURS, N_CUBES, ROMAN
from lab.games.memm.position import _GIVE, _PLACE, _cid
from lab.games.memm.turns import MemmTurns
from lab.games.memm.variant import MemmVariant
from lab.games.memm.words import describe_event, faces_words, oriented_faces


@mypyc_attr(allow_interpreted_subclasses=True)
class MemmState(MemmTurns):
    """A memm position. Hands are public (see :mod:`lab.games.memm.rules`). Compiled with the
    engine (:mod:`lab.native`); ``self.game`` is its :class:`~lab.games.memm.variant.MemmVariant`
    (the game, :class:`~lab.games.memm.game.MemmGame`)."""

    # ================================================================== views
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
    def from_observation(cls, game: MemmVariant, obs: dict[str, Any]) -> MemmState:
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


    def describe_event(self, event: Any) -> str | None:
        """The widgets' move log in words (optional hook; :func:`lab.games.memm.words.describe_event`)."""
        return describe_event(self.game, event)

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
            world = oriented_faces(self.game, int(cube), int(rot))
            if world is None:
                return str(action)
            body = self.game.cubes.bodies[int(cube)]
            return f"place cube {cube} ({describe_cube(body)}) at ({x}, {y}, {z}): {faces_words(world)}"
        if action.kind == "give":
            return f"give cube {action.args[0]} to player {action.args[1]}"
        if action.kind == "deal":
            return f"deal cube {action.args[0]}"
        if action.kind == "roll":
            return f"roll {action.args[0]}"
        if action.kind == "pass" and self.repeat and self.phase == _PLACE:
            return "pass: decline the extra placement (MM-3)"
        return {"keep": "give no more cubes", "pass": "pass (no legal placement)"}.get(action.kind, str(action))


def oriented_rep(table: Any, cube: int, rot: int) -> int:
    """The representative rotation that shows the same colours as ``rot``."""
    world = oriented_colours(table.bodies[cube], rot)
    return next(r for r, w in table.orientations[cube] if w == world)


def describe_cube(body: tuple[int, ...]) -> str:
    """``"red IV, yellow I, orange I"``: each colour of a cube with its numeral (MM-C2), the
    colours with most faces first."""
    counts: dict[int, int] = {}
    for c in body:
        counts[c] = counts.get(c, 0) + 1
    parts = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(f"{COLOURS[c]} {ROMAN[n]}" for c, n in parts)
