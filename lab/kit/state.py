"""The state of a kit game: plain JSON data plus the kit's control record.

``data`` is the designer's state (a dict of JSON values); ``control`` is
``[active seats, simultaneous?, phase, turn]``; ``pending`` is a transition waiting for a chance
outcome (``[moves, outcomes so far, declared (outcome, probability) pairs]``, see
:mod:`lab.kit.context`); ``result`` the returns once the game is over. Everything is JSON-able,
so clone, equality, save/replay and ``full_state`` come for free.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from lab.core.actions import Action
from lab.core.errors import InvalidGame, LabError
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, HistoryItem, State, _new_item
from lab.kit.context import Ctx, NeedChance, copy_data, is_json, json_problem

if TYPE_CHECKING:
    from lab.kit.game import KitGame

LIMIT_CLAUSE = "KIT-LIMIT"


def hidden_size(value: Any) -> Any:
    """What a seat sees of a hidden value: the length of a list, else ``None``."""
    return len(value) if isinstance(value, list) else None


class KitState(State):
    """A state of a game made with :func:`lab.define_game` (see the module docstring)."""

    game: KitGame

    def __init__(self, game: KitGame) -> None:
        super().__init__(game)
        self.data: dict[str, Any] = {}
        self.control: list[Any] = [[0], False, game.definition.phases[0], 0]
        self.pending: list[Any] | None = None
        self.result: list[float] | None = None
        self._spare: dict[str, Any] | None = None  # an unused copy of ``data`` (see _run)
        self._run(None, [])

    # ================================================================== transitions
    def _run(self, moves: list[tuple[int, Action]] | None, draws: list[Action], check: bool = True) -> None:
        """Run one transition (``None``: the setup) with the recorded chance ``draws``.

        The designer's functions work on a copy of the data: the state changes only when the
        transition completes; a chance call with no recorded outcome leaves a pending node.
        ``check``: verify that the new data is plain JSON. The checked paths (setup,
        ``apply_action(s)``, hence the conformance checker and the widget) always do; the
        driver fast path (``lab.play``, ``lab.simulate``) checks once, when the game ends; a
        loaded save is replayed on the checked path.
        """
        game = self.game
        d = game.definition
        ctx = Ctx(game, None, self.control, draws)
        where: Any = "setup"
        data: Any = None  # the part running: a str, or the Action of the move
        try:
            if moves is None:
                data = d.setup(ctx)
                if not isinstance(data, dict):
                    msg = f"setup(ctx) must return the initial state as a dict, not {type(data).__name__}"
                    raise InvalidGame(msg)
            else:
                data = self._spare
                if data is None:
                    data = copy_data(self.data)
                else:
                    self._spare = None
                fns = game.move_functions
                for player, action in moves:
                    where = action
                    ctx.player = player
                    out = fns[action.kind](data, ctx, *action.args)
                    if out is not None:
                        if not isinstance(out, dict):
                            msg = f"a move changes the state in place (return nothing) or returns the new state dict, not a {type(out).__name__}"
                            raise InvalidGame(msg)
                        data = out
                if d.after is not None:
                    where = "after"
                    d.after(data, ctx)
            if check and not is_json(data):
                raise InvalidGame(json_problem(data))  # prefixed below with the game and the part
            where = "end"
            result = d.end(data, ctx)
            if result is not None:
                if not check and not is_json(data):  # the fast path checks the final state
                    where = moves[-1][1] if moves else "setup"
                    raise InvalidGame(json_problem(data))
                result = game.normalise_result(result)
        except NeedChance as need:
            # the transition re-runs from ``data`` once the outcome is known: a copy the move
            # left as it was (it asked for chance before changing anything) serves that re-run
            if moves is not None and data == self.data:
                self._spare = data
            self.pending = [moves, list(draws), need.args[0]]
            return
        except LabError as exc:
            part = f"move {where.kind!r}" if isinstance(where, Action) else where
            raise type(exc)(f"{game.name}: {part}: {exc}") from None
        except Exception as exc:
            part = f"move {where.kind!r}" if isinstance(where, Action) else where
            msg = f"{game.name}: {part} raised {type(exc).__name__}: {exc}"
            raise InvalidGame(msg) from exc
        if not ctx.simultaneous and len(ctx.active) != 1:
            raise InvalidGame(f"{game.name}: one seat acts at a time outside ctx.all_move(); active seats: {ctx.active}")
        self.data = data
        self._spare = None
        self.control = [ctx.active, ctx.simultaneous, ctx.phase, ctx.turn]
        self.pending = None
        self.result = result
        if ctx.events:
            for clause, kind, vis, fields in ctx.events:
                self.log(clause, kind, visible_to=vis, **fields)

    def _step(self, moves: list[tuple[int, Action]] | None, draws: list[Action], check: bool = True) -> None:
        """Run a transition for an action the base class has just logged; on an error the log
        entry is taken back (the state is unchanged), then the kit's safety limit is applied."""
        try:
            self._run(moves, draws, check)
        except BaseException:
            self._history.pop()
            raise
        if self.result is None and len(self._history) >= self.game.definition.max_length:
            self.result = [0.0] * self.game.players
            self.pending = None
            self.stop_unfinished(LIMIT_CLAUSE, f"max_length={self.game.definition.max_length}")

    def _apply_action(self, action: Action) -> None:
        pending = self.pending
        if pending is not None:
            self._step(pending[0], [*pending[1], action])
        else:
            self._step([(self.control[0][0], action)], [])

    def _apply_actions(self, actions: Mapping[int, Action]) -> None:
        self._step([(p, actions[p]) for p in sorted(actions)], [])

    def _apply_unchecked(self, player: int, action: Any) -> None:
        """Driver fast path (see :meth:`State._apply_unchecked`): the data's JSON check is left
        to the end of the game and to saves (see :meth:`_run`)."""
        if self.game._house:
            super()._apply_unchecked(player, action)
            return
        if player == SIMULTANEOUS:
            self._history.append(HistoryItem(SIMULTANEOUS, tuple([action.get(p) for p in range(self.game.players)])))
            self._step([(p, action[p]) for p in sorted(action)], [], False)
            return
        self._history.append(_new_item(HistoryItem, (player, action)))
        pending = self.pending
        if pending is not None:
            self._step(pending[0], [*pending[1], action], False)
        else:
            self._step([(self.control[0][0], action)], [], False)

    # ================================================================== the State API
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        if self.pending is not None:
            return CHANCE
        control = self.control
        return SIMULTANEOUS if control[1] else control[0][0]

    def acting_players(self) -> list[int]:
        cur = self.current_player()
        if cur == SIMULTANEOUS:
            return list(self.control[0])
        return [cur] if cur >= 0 else []

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.pending[2] if self.pending is not None else []  # shared: never changed

    def _legal_actions(self, player: int) -> list[Action]:
        game = self.game
        ctx = Ctx(game, player, self.control)
        data = self.data
        out: list[Action] = []
        # the legality tests read the data (a move's test must not change it)
        try:
            for mv, actions in game.move_table[self.control[2]]:
                if mv.options is not None:
                    out.extend(game.checked_options(mv, mv.options(data, ctx)))
                elif mv.legal is None:
                    out.extend(actions)
                else:
                    legal = mv.legal
                    for a in actions:  # a plain loop: most moves have a few actions
                        if legal(data, ctx, *a.args):
                            out.append(a)
        except LabError:
            raise
        except Exception as exc:
            msg = f"{game.name}: the legality test of a move raised {type(exc).__name__}: {exc}"
            raise InvalidGame(msg) from exc
        return out

    def explain_illegal(self, player: int, action: Action) -> str | None:
        moves = self.game.move_table[self.control[2]]
        if not any(mv.name == action.kind for mv, _ in moves):
            return f"{action.kind} is not a move of the phase {self.control[2]!r}"
        return None

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0] * self.game.num_players()

    def view(self, player: int | None) -> dict[str, Any]:
        """The designer's state as ``player`` may see it (``None``: a spectator)."""
        d = self.game.definition
        if self.pending is not None and self.pending[0] is None:
            return {}  # the setup waits for chance: there is no state to see yet
        if d.view is not None:
            return d.view(copy_data(self.data), player)
        hidden = d.hidden
        if not hidden:
            return copy_data(self.data)
        out: dict[str, Any] = {}
        for key, value in self.data.items():
            rule = hidden.get(key)
            if rule is None:
                out[key] = copy_data(value)
            elif rule == "owner" and isinstance(value, list):
                out[key] = [copy_data(v) if p == player else hidden_size(v) for p, v in enumerate(value)]
            else:
                out[key] = hidden_size(value)
        return out

    def observation(self, player: int | None) -> dict[str, Any]:
        control = self.control
        obs: dict[str, Any] = {
            "phase": control[2],
            "turn": control[3],
            "to_act": self.acting_players(),
            "state": self.view(player),
        }
        if self.result is not None:
            obs["returns"] = list(self.result)
            obs["unfinished"] = self.unfinished
        return obs

    def full_state(self) -> dict[str, Any]:
        pending = None
        if self.pending is not None:
            moves, draws, outcomes = self.pending
            pending = {
                "moves": None if moves is None else [[p, a.to_json()] for p, a in moves],
                "draws": [a.to_json() for a in draws],
                "outcomes": [[a.to_json(), pr] for a, pr in outcomes],
            }
        return {
            "data": copy_data(self.data),
            "control": copy_data(self.control),
            "pending": pending,
            "result": None if self.result is None else list(self.result),
            "unfinished": self.unfinished,
        }

    def clone(self) -> KitState:
        new = KitState.__new__(KitState)
        new.game = self.game
        new._history = list(self._history)
        new.events = list(self.events)
        new.data = copy_data(self.data)
        new._spare = None
        control = self.control
        new.control = [list(control[0]), control[1], control[2], control[3]]
        new.pending = self.pending  # never mutated in place: replaced as a whole
        new.result = self.result
        new.stopped_by = self.stopped_by
        return new

    # ------------------------------------------------------------------ measures
    def metrics(self) -> dict[str, float]:
        d = self.game.definition
        out: dict[str, float] = {"turns": float(self.control[3])}
        if d.metrics is not None and not (self.pending is not None and self.pending[0] is None):
            out.update(d.metrics(self.data))
        return out

    def progress(self) -> list[float] | None:
        d = self.game.definition
        if d.progress is None or (self.pending is not None and self.pending[0] is None):
            return None
        return [float(v) for v in d.progress(self.data)]

    def describe_action(self, action: Action) -> str:
        d = self.game.definition
        if d.describe is not None:
            return str(d.describe(action))
        return str(action)

    def render_svg(self, viewer: int | None = None) -> str:
        from lab.kit.render import default_svg

        return default_svg(self, viewer)

    def action_targets(self, player: int) -> dict[str, list[Action]]:
        from lab.kit.render import board_targets

        return board_targets(self, player)

    # ------------------------------------------------------------------ information states
    def information_state(self, player: int) -> list[Any]:
        """Everything ``player`` observed, in order: the initial observation, then for every
        step the player's own action (``None`` if they did not act) and their observation."""
        state = self.game.new_initial_state()
        out: list[Any] = [state.observation(player)]
        for item in self._history:
            if item.player == SIMULTANEOUS:
                mine = item.action[player] if player < len(item.action) else None
                state.apply_actions({p: a for p, a in enumerate(item.action) if a is not None})
            else:
                mine = item.action if item.player == player else None
                state.apply_action(item.action)
            out.append([None if mine is None else mine.to_json(), state.observation(player)])
        return out

    def resample_hidden(self, player: int, rng: np.random.Generator) -> KitState:
        """A new state that ``player`` cannot tell from this one, hidden parts redrawn.

        The prior: the items of every field hidden from ``player`` (other seats' entries of an
        ``owner`` field, every ``nobody`` field) are pooled and dealt back at random, each place
        keeping its size (a designer's ``resample(data, player, rng)`` replaces this).
        Perfect-information games: a clone.
        """
        new = self.clone()
        d = self.game.definition
        if d.resample is not None:
            data = d.resample(copy_data(self.data), player, rng)
            problem = json_problem(data)
            if problem:
                raise InvalidGame(f"{self.game.name}: resample returned bad data: {problem}")
            new.data = data
            return new
        places = hidden_places(new.data, d.hidden, player)
        pool = [item for _, _, items in places for item in items]
        order = rng.permutation(len(pool)) if pool else []
        pool = [pool[i] for i in order]
        at = 0
        for key, seat, items in places:
            dealt = pool[at: at + len(items)]
            at += len(items)
            if seat is None:
                new.data[key] = dealt
            else:
                new.data[key][seat] = dealt
        return new


def hidden_places(data: Mapping[str, Any], hidden: Mapping[str, str], viewer: int | None) -> list[tuple[str, int | None, list[Any]]]:
    """``(field, seat or None, items)`` of every list ``viewer`` may not see (see ``hidden``)."""
    out: list[tuple[str, int | None, list[Any]]] = []
    for key, rule in hidden.items():
        value = data.get(key)
        if rule == "owner" and isinstance(value, list):
            out += [(key, p, v) for p, v in enumerate(value) if p != viewer and isinstance(v, list)]
        elif rule == "nobody" and isinstance(value, list):
            out.append((key, None, value))
    return out

