"""The state of Save the Space Station: the turn program (SS-I, SS-J) and the engine's hooks.

Turn structure (a program of steps per turn, run by :meth:`SpaceStationState._advance`):

* SS-I, turn 1: station moves; ``fighters_per_turn`` fighters leave (no attack); for each droid:
  entry-point die, place droid and missile, move the missile, move the droid.
* SS-J, later turns: (1) station moves; (2) station fires at the nearest target; (3-6) fighters
  leave, each attacking at once (skipped once every fighter is out); (7-8) the player activates
  launched fighters one by one: route of up to ``fighter_speed`` steps, then one laser shot;
  (9-13) per droid: its missile moves, the droid moves, the droid fires at every target.

The steps themselves are the layers below (:mod:`lab.games.space_station.position` lists
them); this module is the top of the state class: what the engine asks (legal actions, chance
outcomes, applying an action) and the step machine that runs a turn's program.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from lab.core.actions import Action, act
from lab.core.chance import uniform
from lab.core.state import CHANCE, TERMINAL
from lab.games.space_station.fighters import FighterRules
from lab.games.space_station.position import IN_PLAY, LOSS, RUNNING, UNFINISHED, WAITING, WIN
from lab.games.space_station.tables import SpaceStationTables
from lab.games.space_station.value import win_probability


@mypyc_attr(allow_interpreted_subclasses=True)
class SpaceStationState(FighterRules):
    """One position of Save the Space Station. Perfect information: see :meth:`observation`.

    Compiled with the engine (:mod:`lab.native`); ``self.game`` is its variant's
    :class:`~lab.games.space_station.tables.SpaceStationTables` (the game,
    :class:`~lab.games.space_station.game.SpaceStationGame`, builds them and its states)."""

    def __init__(self, game: SpaceStationTables, *, start: bool = True) -> None:
        super().__init__(game)
        if start:
            self.status[0] = IN_PLAY
            self.hexes[0] = self.geo.orbit[0]
            self.queue = self._first_turn()
            self._advance()

    # ================================================================== turn programs
    def _first_turn(self) -> list[tuple[Any, ...]]:
        """SS-I: the first turn's steps."""
        g = self.game
        steps: list[tuple[Any, ...]] = [("station_move",)]
        steps += [("launch", 0)] * int(g.opt.fighters_per_turn)
        for j in range(g.n_droids):
            steps += [("enter", j), ("missile", j), ("droid", j)]
        steps.append(("end_turn",))
        return steps

    def _later_turn(self) -> list[tuple[Any, ...]]:
        """SS-J: the steps of every later turn (3-6 skipped once all fighters are out)."""
        g = self.game
        steps: list[tuple[Any, ...]] = [("station_move",), ("station_fire",)]
        waiting = sum(1 for f in range(1, g.first_droid) if self.status[f] == WAITING)
        steps += [("launch", 1)] * min(waiting, int(g.opt.fighters_per_turn))
        steps.append(("player",))
        for j in range(g.n_droids):
            steps += [("missile", j), ("droid", j), ("droid_fire", j)]
        steps.append(("end_turn",))
        return steps


    # ================================================================== engine hooks
    def current_player(self) -> int:
        if self.outcome != RUNNING:
            return TERMINAL
        if self.pending is not None:
            return CHANCE
        return 0

    def _legal_actions(self, player: int) -> Sequence[Action]:
        dec = self.decision
        if dec is None:
            return []
        if dec[0] == "target":
            return [act("fire", t) for t in dec[2]]
        g = self.game
        if self.active < 0:
            select = g.select_actions
            out = [select[f - 1] for f in self._eligible()]
            out.append(g.end_action)
            return out
        return g.moves_from[self.hexes[self.active]]  # a shared tuple: read-only

    def _pick_action(self, player: int, pick: Callable[[int], int]) -> Action | None:
        """``legal[pick(len(legal))]`` of :meth:`_legal_actions`, building only that action (a
        random seat's pick, see :meth:`State._pick_action`); while ``_legal_actions`` is this
        class's own."""
        dec = self.decision
        if dec is None or type(self)._legal_actions is not _OWN_LEGAL:
            return super()._pick_action(player, pick)
        g = self.game
        if dec[0] == "target":  # (two targets or more: one is shot at once)
            targets = dec[2]
            return act("fire", targets[pick(len(targets))])
        if self.active >= 0:
            moves = g.moves_from[self.hexes[self.active]]  # ("stop" at least)
            return moves[pick(len(moves))]
        eligible = self._eligible()
        i = pick(len(eligible) + 1)  # the selections, then "end"
        return g.select_actions[eligible[i] - 1] if i < len(eligible) else g.end_action

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """Chance outcomes: shared tuples, one per die (the driver reads a table once)."""
        pending = self.pending
        assert pending is not None  # (a chance node: see current_player)
        kind = pending[0]
        if kind == "roll":
            return self.game.roll_outcomes
        if kind == "entry":
            faces = list(range(1, 7))
            if self.game.opt.same_entry == "reroll":  # AMB-SS-7
                used = {e for e in self.entry_used if e}
                faces = [e for e in faces if e not in used] or faces
            return uniform([act("entry", e) for e in faces])
        n = len(pending[2]) if kind == "route" else len(pending[1])
        table = self.game.uniform_outcomes.get((kind, n))
        if table is None:
            table = self.game.uniform_outcomes[kind, n] = tuple(uniform([act(kind, i) for i in range(n)]))
        return table

    def chance_stream(self) -> str:
        """Laser rolls, entry points, routes and picks each draw from their own stream."""
        pending = self.pending
        assert pending is not None  # (a chance node)
        return str(pending[0])

    def _apply_action(self, action: Action) -> None:
        kind = action.kind
        if self.pending is not None:
            pend, self.pending = self.pending, None
            if kind == "roll":
                self._resolve_laser(pend[1], pend[2], int(action.args[0]))
            elif kind == "entry":
                self._enter(pend[1], int(action.args[0]))
            elif kind == "route":
                self._run_route(pend[1], pend[2][int(action.args[0])], chosen_by="die")
            else:  # pick: AMB-SS-8 die among the tied nearest targets
                self._shoot(0, pend[1][int(action.args[0])])
        elif kind == "fire":
            decision = self.decision
            assert decision is not None  # (a target decision: fire is legal)
            f = decision[1]
            self.decision = None
            self._shoot(f, int(action.args[0]))
        elif kind == "select":
            self.active = int(action.args[0]) + 1
            self.steps_left = int(self.game.opt.fighter_speed)
            self.decision = None
            self._record("SS-J", "activate", {"fighter": self.game.labels[self.active]}, None)
            if self.steps_left == 0:
                self._finish_fighter()
        elif kind == "move":
            self.decision = None
            self._fighter_step(int(action.args[0]))
        elif kind == "stop":
            self.decision = None
            self._finish_fighter()
        else:  # end: SS-J step 8 over
            self.decision = None
            self._record("SS-J", "fighters_done", {"turn": self.turn}, None)
            self.queue.pop(0)
        self._advance()

    def returns(self) -> list[float]:
        if self.outcome == WIN:
            return [1.0]
        if self.outcome == LOSS:
            return [-1.0]
        return [0.0]


    # ================================================================== the step machine
    def _advance(self) -> None:
        """Run rule steps until a decision, a chance node or the end of the game."""
        while self.outcome == RUNNING and self.pending is None and self.decision is None:
            if not self.queue:
                self.queue = self._later_turn()
            step = self.queue[0]
            op = step[0]
            if op == "player":
                if self.active >= 0 or self._eligible():
                    self.decision = ("phase",)
                    return
                self.queue.pop(0)
                continue
            self.queue.pop(0)
            if op == "station_move":
                self._station_move()
            elif op == "station_fire":
                self._station_fire()
            elif op == "launch":
                self._launch(bool(step[1]))
            elif op == "enter":
                self.pending = ("entry", step[1])
            elif op == "missile":
                self._enemy_move(self.game.first_missile + step[1])
            elif op == "droid":
                self._enemy_move(self.game.first_droid + step[1])
            elif op == "droid_fire":
                self._droid_fire(self.game.first_droid + step[1])
            elif op == "shot":
                if self.status[step[1]] == IN_PLAY and self.status[step[2]] == IN_PLAY:
                    self.pending = ("roll", step[1], step[2])
            else:  # end_turn
                self._end_turn()

    def _end_turn(self) -> None:
        limit = int(self.game.opt.max_turns)
        if self.turn >= limit:  # a lab safety bound, not a rule of the seed (SS-H)
            self.outcome = UNFINISHED
            self.stop_unfinished("SS-H", f"max_turns={limit}", turn=self.turn)
            return
        self.turn += 1
        self.acted = self.fired = self.launched_now = 0
        self.queue = self._later_turn()

    def _eligible(self) -> list[int]:
        """Fighters the player may still activate this turn (SS-J steps 7-8, AMB-SS-4)."""
        g = self.game
        moves_new = bool(g.opt.launch_moves)
        return [
            f for f in range(1, g.first_droid)
            if self.status[f] == IN_PLAY and not (self.acted >> f) & 1
            and (moves_new or not (self.launched_now >> f) & 1)
        ]


    # ================================================================== words and measures
    def explain_illegal(self, player: int, action: Action) -> str | None:
        if self.decision is None:
            return "no decision is pending"
        if self.decision[0] == "target":
            return f"choose a laser target among {[self.game.labels[t] for t in self.decision[2]]}"
        if action.kind == "move" and self.active < 0:
            return "select a fighter first"
        if action.kind == "move":
            return "that hex is off the board or forbidden (SS-F4)"
        if action.kind == "select":
            return "that fighter is not in play, has already acted, or left the station this turn"
        return None

    def value_estimate(self) -> list[float]:
        """Expected return ``2 P(win) - 1`` from the fitted win model
        (:func:`lab.games.space_station.value.win_probability`); general search players read it
        with ``evaluation="value"`` to score a rollout cut before the end."""
        return [2.0 * win_probability(self) - 1.0]

    def describe_action(self, action: Action) -> str:
        g = self.game
        k = action.kind
        if k == "select":
            return f"activate {g.labels[int(action.args[0]) + 1]}"
        if k == "move":
            return f"move {self.geo.directions[int(action.args[0])]}"
        if k == "fire":
            return f"fire at {g.labels[int(action.args[0])]}"
        if k == "stop":
            return "stop here"
        if k == "end":
            return "end fighter moves"
        return str(action)

    # the widgets' optional hooks beyond lab.core.presentation's (words for a click that does
    # nothing, the end of the game): the game's presentation answers them, handed this state
    def explain_target(self, player: int, target: str) -> str | None:
        presentation: Any = self.game.presentation
        return presentation.explain_target(self, player, target)

    def result_text(self, viewer: int | None = None) -> str:
        presentation: Any = self.game.presentation
        return presentation.result_text(self, viewer)


_OWN_LEGAL = SpaceStationState._legal_actions
