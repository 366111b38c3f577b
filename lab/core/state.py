"""The State API every game implements (OpenSpiel-shaped).

A game's ``State`` subclass implements the underscore hooks (``_legal_actions``,
``_chance_outcomes``, ``_apply_action``, ``_apply_actions`` for simultaneous nodes,
``full_state``, ``observation``, ``returns``: declared with their defaults, and the event log
beside them, in :mod:`lab.core.state_hooks`); this class provides the public methods with
their checks: an illegal action raises :class:`~lab.core.errors.IllegalAction` naming why, and
leaves the state exactly as it was.

Nothing a state hands out aliases it (the aliasing contract, checked for every game by
:func:`lab.checks.conformance.check_game`): ``history()``, ``events``, ``events_for()``,
``legal_actions()``, ``chance_outcomes()`` and ``returns()`` are fresh lists of immutable items,
each event handed out has frozen data (:func:`lab.core.frozen.freeze`, see :meth:`State.log`),
and a game's ``observation``, ``full_state`` and ``information_state`` build fresh containers
on every call (sharing only frozen data, such as events). Editing what you were given never
changes a game, its clones, another seat's view or a save.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, Self

import numpy as np
from mypy_extensions import mypyc_attr

from lab.core.actions import Action, exact_action
from lab.core.checkpoint import checkpoint
from lab.core.errors import IllegalAction, RuleError, chained
from lab.core.fields import set_state_fields, state_fields
from lab.core.history import CHANCE, PLAYER_NAMES, SIMULTANEOUS, TERMINAL, HistoryItem, _new_item
from lab.core.history import Event as Event  # (re-exported: games import it from here)
from lab.core.save_write import seat_view_to_json, state_to_json
from lab.core.state_hooks import StateHooks


@mypyc_attr(allow_interpreted_subclasses=True)
class State(StateHooks):
    """Base class of every game state. See the module docstring.

    Compiled (:mod:`lab.native`), this is a C class whose fields (``game``, ``_history``,
    ``_events``, ...) are C fields; a game's state class compiled with it is one too, and a state
    class written in Python (a kit game, a test's toy) subclasses it as usual. A Python subclass
    that declares ``__slots__`` has no ``__dict__`` at all, which makes its ``clone`` a few plain
    copies (the benchmark Hex does, with :meth:`_copy_base`). Code that copies a state's fields
    wholesale reads them with :func:`state_fields` and writes them with
    :func:`set_state_fields`, which see every kind.
    """

    # ================================================================== public API
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions of the player to act (or of ``player``; ``[]`` if they may not act)."""
        cur = self.current_player()
        if cur >= 0:  # the common case first: one player to act (a fresh list: games may cache)
            return list(self._legal_actions(cur)) if player is None or player == cur else []
        if cur == TERMINAL:
            return []
        if cur == CHANCE:
            if player is not None and player != CHANCE:
                return []
            return [a for a, _ in self._chance_outcomes()]
        if player is None:
            if cur == SIMULTANEOUS:
                msg = (
                    "this is a simultaneous node: ask legal_actions(player) for one of "
                    f"{self.acting_players()}"
                )
                raise ValueError(msg)
            player = cur
        if cur == SIMULTANEOUS:
            return list(self._legal_actions(player)) if player in self.acting_players() else []
        return list(self._legal_actions(player)) if player == cur else []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs summing to 1 (``[]`` if not a chance node)."""
        if self.current_player() != CHANCE:
            return []
        return list(self._chance_outcomes())  # fresh: games may return a shared table

    # ------------------------------------------------------------------ integer codes
    def _decision_actions(self, player: int | None) -> list[Action]:
        if self.current_player() == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        return self.legal_actions(player)

    def action_to_int(self, action: Action, player: int | None = None) -> int:
        """Integer code of ``action`` at this decision (of ``player`` at a simultaneous node).

        Codes are below ``game.num_distinct_actions()``. Most are fixed for the game; a kind
        declared with ``choices`` (see :class:`~lab.core.actions.ActionSpec`) is coded by its
        place among the legal actions here, so only a legal action of such a kind has a code.
        """
        codec = self.game._codec
        if action.kind not in codec.pointer_kinds:
            return codec.encode(action)
        return codec.encode(action, self._decision_actions(player))

    def int_to_action(self, code: int, player: int | None = None) -> Action:
        """The action with integer code ``code`` at this decision (see :meth:`action_to_int`)."""
        codec = self.game._codec
        if not codec.pointer_kinds:
            return codec.decode(code)
        return codec.decode(code, self._decision_actions(player))

    def legal_action_codes(self, player: int | None = None) -> list[int]:
        """Codes of ``legal_actions(player)`` in the same order (chance outcomes at chance)."""
        return self.game._codec.encode_all(self._decision_actions(player))

    def coerce_action(self, action: Any) -> Action:
        """Accept an :class:`Action`, its JSON list or its integer code; else IllegalAction.

        Every way in is checked against the game's action encoding with exact types: a float,
        a ``bool`` for an integer field or an integer for a ``bool`` field is refused (they
        compare equal to a legal action but are none); NumPy scalars are converted.
        """
        try:
            if isinstance(action, Action):
                checked = self.game._codec.checked
                if checked.get(id(action)) is action:  # this very object passed before
                    return action
                action = exact_action(action)
                self.game._codec.validate(action)  # every field's exact domain, legal or not
                if type(action) is Action:
                    if len(checked) >= 4096:
                        checked.clear()
                    checked[id(action)] = action
                return action
            if isinstance(action, int | np.integer) and not isinstance(action, bool | np.bool_):
                return self.int_to_action(int(action))
            return self.game.action_from_json(action)
        except (ValueError, TypeError) as exc:
            reason = str(exc)
            if len(reason) > 300:  # a hostile value is cut, not echoed whole
                reason = f"{reason[:200]} [...] {reason[-80:]}"
            raise chained(IllegalAction(f"not an action of {self.game.name}: {reason}"), None) from None

    def apply_action(self, action: Any) -> None:
        """Apply ``action`` for the player to act (or chance).

        Raises
        ------
        IllegalAction
            If the game is over, the node is simultaneous, or the action is not legal; the
            message says why and the state is unchanged.
        """
        cur = self.current_player()
        if cur == TERMINAL:
            raise IllegalAction(f"the game is over; no action is legal (got {action})")
        if cur == SIMULTANEOUS:
            msg = (
                f"players {self.acting_players()} act simultaneously here: use "
                "apply_actions({player: action, ...})"
            )
            raise IllegalAction(msg)
        action = self.coerce_action(action)  # before anything is recorded
        if cur == CHANCE:
            legal = [a for a, _ in self._chance_outcomes()]
            if action not in legal:
                raise IllegalAction(self._illegal_message(cur, action, legal))
        elif not self._is_legal(cur, action):
            raise IllegalAction(self._illegal_message(cur, action, self._legal_actions(cur)))
        if self.game._house:
            self._transaction(cur, action)
            return
        self._history.append(_new_item(HistoryItem, (cur, action)))
        self._apply_action(action)

    def apply_actions(self, actions: Mapping[int, Any]) -> None:
        """At a simultaneous node, apply one action for every acting player at once."""
        cur = self.current_player()
        if cur != SIMULTANEOUS:
            if cur == TERMINAL:
                raise IllegalAction("the game is over; no action is legal")
            if len(actions) == 1 and next(iter(actions)) == cur:
                self.apply_action(next(iter(actions.values())))
                return
            who = PLAYER_NAMES.get(cur, f"player {cur}")
            raise IllegalAction(f"not a simultaneous node: {who} is to act alone")
        acting = self.acting_players()
        if not isinstance(actions, Mapping) or sorted(actions) != sorted(acting):
            keys = sorted(actions) if isinstance(actions, Mapping) else actions
            raise IllegalAction(f"expected one action for each of players {acting}, got {keys}")
        checked: dict[int, Action] = {}
        for p in acting:
            a = self.coerce_action(actions[p])
            if not self._is_legal(p, a):
                raise IllegalAction(self._illegal_message(p, a, self._legal_actions(p)))
            checked[p] = a
        if self.game._house:
            self._transaction(SIMULTANEOUS, checked)
            return
        joint = tuple(checked.get(p) for p in range(self.game.num_players()))
        self._history.append(HistoryItem(SIMULTANEOUS, joint))
        self._apply_actions(checked)

    def _illegal_message(self, player: int, action: Action, legal: Sequence[Action]) -> str:
        who = PLAYER_NAMES.get(player, f"player {player}")
        reason = self.explain_illegal(player, action) if player >= 0 else None
        shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        base = f"{action} is not legal for {who} now"
        if reason:
            base += f": {reason}"
        return f"{base}. Legal: {shown or 'none'}"

    def _apply_unchecked(self, player: int, action: Any) -> None:
        """Driver fast path: ``action`` was taken from ``legal_actions`` (or a joint dict)."""
        if self.game._house:
            self._transaction(player, action)
            return
        self._record_and_apply(player, action)

    def _record_and_apply(self, player: int, action: Any) -> None:
        """Append ``action`` to the history and apply it (a joint dict at a simultaneous node)."""
        if player == SIMULTANEOUS:
            joint = tuple(map(action.get, range(self.game.num_players())))
            self._history.append(HistoryItem(SIMULTANEOUS, joint))
            self._apply_actions(action)
        else:
            self._history.append(_new_item(HistoryItem, (player, action)))
            self._apply_action(action)

    def _transaction(self, player: int, action: Any) -> None:
        """Apply a checked action under house rules: all or nothing.

        If anything fails while the action is applied (a house rule raising :class:`RuleError`,
        or the engine tripping over a house rule's result), the state is rebuilt from its
        checkpoint (:class:`lab.core.checkpoint.Checkpoint`, taken once, not per move), so it is
        exactly as before the move. A :class:`RuleError` is raised again with the move named.
        """
        backup = checkpoint(self)
        n = len(self._history)
        try:
            self._record_and_apply(player, action)
        except BaseException as exc:
            backup.restore(self, n)
            if not isinstance(exc, RuleError):
                raise
            who = PLAYER_NAMES.get(player, f"player {player}")
            if player == SIMULTANEOUS:
                move = ", ".join(f"player {p}: {a}" for p, a in sorted(action.items()))
            else:
                move = f"{who}: {action}"
            msg = f"{exc} -- while applying move {len(self._history)} ({move}); the state is unchanged"
            raise chained(RuleError(msg, rule=exc.rule, clause=exc.clause, move=move), exc) from exc

    def child(self, action: Any) -> State:
        """A new state: this one after ``action`` (this one is unchanged)."""
        new = self.clone()
        new.apply_action(action)
        return new

    def __getstate__(self) -> dict[str, Any]:
        """Pickling (worker pools, adapters): every field (:func:`state_fields`), whether it is a C
        field of a compiled class, a slot or in ``__dict__``."""
        return state_fields(self)

    def __setstate__(self, fields: dict[str, Any]) -> None:
        set_state_fields(self, fields)

    def _copy_base(self) -> Self:
        """A new state of this class with this one's game and copies of its history and events,
        and no other field set (no ``__init__`` runs): where a game's fast ``clone`` starts, the
        game then copying its own fields (the benchmark Hex's does)."""
        cls = type(self)
        new = cls.__new__(cls)
        new.game = self.game
        new._history = self._history[:]
        new._events = self._events[:]
        new._frozen_to = self._frozen_to  # (the same frozen records)
        return new

    def clone(self) -> State:
        """An independent copy: the history and the events copied as lists (their items are
        immutable), the game shared, every other field deep-copied. Games override this for
        speed."""
        cls = type(self)
        new = cls.__new__(cls)
        memo: dict[int, Any] = {id(self.game): self.game}
        fields = state_fields(self)
        for key, value in fields.items():
            if key in ("_history", "_events"):
                fields[key] = list(value)  # elements are immutable
            elif key != "game":
                fields[key] = copy.deepcopy(value, memo)
        set_state_fields(new, fields)
        return new

    # ------------------------------------------------------------------ information states
    def information_state(self, player: int) -> Any:
        """Everything ``player`` has observed, in order (full memory), as JSON data.

        The default is correct for any game whose events and observations respect hidden
        information: the events ``player`` was shown (:meth:`events_for`), the player's own
        actions with the step they were taken at, and the current observation. Two states give
        ``player`` the same information state exactly when that player cannot tell them apart.
        """
        own = []
        for step, item in enumerate(self._history):
            if item.player == player:
                own.append([step, item.action.to_json()])
            elif item.player == SIMULTANEOUS and item.action[player] is not None:
                own.append([step, item.action[player].to_json()])
        return {
            "player": player,
            "moves": len(self._history),
            "events": [e.to_json() for e in self.events_for(player)],
            "own_actions": own,
            "observation": self.observation(player),
        }

    def resample_hidden(self, player: int, rng: Any) -> State:
        """A new full state that ``player`` cannot tell from this one, hidden parts redrawn.

        The new state gives ``player`` the same :meth:`information_state`; what the player
        cannot see is drawn with ``rng`` (a numpy Generator) from the prior the game documents.
        The game's package assembles how (:meth:`lab.core.game.Game.resample_hidden`, so that a
        state never imports the module that redraws it): a perfect-information game returns a
        clone.
        """
        return self.game.resample_hidden(self, player, rng)

    # ------------------------------------------------------------------ identity, saving
    def state_hash(self) -> str:
        """SHA-256 of the canonical full state (hidden parts included) and the history."""
        data = {"full": self.full_state(), "history": [h.to_json() for h in self._history]}
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (
            type(self) is type(other)
            and self.game == other.game
            and self._history == other._history
            and self.full_state() == other.full_state()
        )

    def __hash__(self) -> int:
        # states are mutable (as ``__hash__ = None`` makes a Python class, here written out so a
        # compiled class, lab.native, keeps it as a method, not a field)
        msg = f"unhashable type: '{type(self).__name__}' (a state is mutable)"
        raise TypeError(msg)

    def to_json(self) -> str:
        """Save: format version, game, rules version, parameters and the action history."""
        return state_to_json(self)

    def seat_json(self, player: int | None) -> str:
        """A file for one seat: its observation and the events it saw (see
        :func:`lab.core.save.seat_view_to_json`); never another seat's secret, not replayable."""
        return seat_view_to_json(self, player)

    def __repr__(self) -> str:
        cur = self.current_player()
        who = PLAYER_NAMES.get(cur, f"player {cur}")
        return f"<{self.game.name} state: move {len(self._history)}, {who} to act>"

    def _repr_svg_(self) -> str | None:
        svg = self.render_svg(None)
        return svg or None
