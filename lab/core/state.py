"""The State API every game implements (OpenSpiel-shaped).

A game's ``State`` subclass implements the underscore hooks (``_legal_actions``,
``_chance_outcomes``, ``_apply_action``, ``_apply_actions`` for simultaneous nodes,
``full_state``, ``observation``, ``returns``); this base class provides the public methods with
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
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self

import numpy as np
from mypy_extensions import mypyc_attr

from lab.core.actions import Action, exact_action
from lab.core.checkpoint import checkpoint
from lab.core.errors import IllegalAction, RuleError, chained
from lab.core.fields import set_state_fields, state_fields
from lab.core.frozen import FrozenList, freeze
from lab.core.history import (
    CHANCE,
    PLAYER_NAMES,
    SIMULTANEOUS,
    TERMINAL,
    Event,
    HistoryItem,
    _new_item,
)
from lab.core.save_write import seat_view_to_json, state_to_json


def _returns_copy(fn: Any) -> Any:
    """Wrap a game's ``returns`` so every call hands out a fresh list."""

    def returns(self: State) -> list[float]:
        return list(fn(self))

    returns.__doc__ = fn.__doc__
    returns.__wrapped__ = fn  # type: ignore[attr-defined]
    returns._fresh = True  # type: ignore[attr-defined]
    return returns


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """Base class of every game state. See the module docstring.

    Compiled (:mod:`lab.native`), this is a C class whose fields (``game``, ``_history``,
    ``_events``, ...) are C fields; a game's state class compiled with it is one too, and a state
    class written in Python (a kit game, a test's toy) subclasses it as usual. A Python subclass
    that declares ``__slots__`` has no ``__dict__`` at all, which makes its ``clone`` a few plain
    copies (the benchmark Hex does, with :meth:`_copy_base`). Code that copies a state's fields
    wholesale reads them with :func:`state_fields` and writes them with
    :func:`set_state_fields`, which see every kind.
    """

    #: the game (its own class: a game's state reads its game's fields; a compiled class cannot
    #: narrow the type of an attribute it inherits, hence ``Any``)
    game: Any

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # A state of the class with no field set: what a game's ``clone`` starts from
        # (``cls.__new__(cls)``, no ``__init__``). (Compiled, ``__init__`` runs only from the
        # class's call, as in Python, because ``__new__`` is defined here.)
        return super().__new__(cls)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The aliasing contract, structurally: whatever ``returns`` a game writes, callers get
        # a fresh list (a game may keep and return its own score list).
        super().__init_subclass__(**kwargs)
        fn = cls.returns  # possibly from a mixin
        if not getattr(fn, "_fresh", False):
            cls.returns = _returns_copy(fn)  # type: ignore[method-assign]

    def __init__(self, game: Any) -> None:
        self.game = game
        self._history: list[HistoryItem] = []
        self._events: list[Event] = []

    #: ``_events[:_frozen_to]`` are known to hold frozen data (see :meth:`log`). A class default,
    #: so a state a game's ``clone`` builds without ``__init__`` starts at 0 (and checks again).
    _frozen_to = 0

    @property
    def events(self) -> list[Event]:
        """Every event logged so far, in order: a read-only copy (a ``FrozenList``)."""
        return FrozenList(self._frozen_events())

    @events.setter
    def events(self, value: Sequence[Event]) -> None:
        self._events = list(value)
        self._frozen_to = 0

    def _frozen_events(self) -> list[Event]:
        """``_events`` with every event's data read-only (frozen here, once, when first handed out:
        a read-only deep copy, see :meth:`log`)."""
        events = self._events
        start, end = self._frozen_to, len(events)
        if start != end:
            if start > end:  # the list was replaced behind our back: check it all
                start = 0
            for i in range(start, end):
                e = events[i]
                if type(e[2]) is dict:  # logged as a private plain dict: see log() (and a kit
                    # game's ctx.log, whose private dict may hold private lists: frozen deep)
                    events[i] = _new_item(Event, (e[0], e[1], freeze(e[2]), e[3], e[4]))
            self._frozen_to = end
        return events

    # ================================================================== hooks to implement
    def current_player(self) -> int:
        """A player index, or ``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``."""
        raise NotImplementedError

    def _legal_actions(self, player: int) -> Sequence[Action]:
        """Legal actions of ``player`` (who is to act). Only called on live, non-chance nodes.

        A fresh list on every call, or a tuple (read-only, so it may be shared): the driver
        hands it to the agents as it is (checked by :func:`lab.core.aliasing.check_views`)."""
        raise NotImplementedError

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node.

        A list, a tuple the game builds once and returns again (the driver then reads its
        outcome ids only once: :mod:`lab.sim.streams`), or a
        :class:`~lab.core.chance.WeightedTable` (a table built once and a weight per row: a deck
        or a deal whose outcomes left change at every draw; the driver draws from the weights
        without building the list)."""
        raise NotImplementedError

    def chance_stream(self) -> str:
        """The random stream this chance node draws from (default ``"chance"``).

        Name one stream per deck, die or event kind (``"conquest_deck"``, ``"d6"``) so that a
        variant that changes one of them stays paired with the original in the others: the
        driver keeps one seeded Generator per name (:mod:`lab.sim.streams`).
        """
        return "chance"

    def _apply_action(self, action: Action) -> None:
        """Apply a legal action (already checked) of the current player or chance."""
        raise NotImplementedError

    def _apply_actions(self, actions: Mapping[int, Action]) -> None:
        """Apply one already-checked action per acting player at a simultaneous node."""
        raise NotImplementedError

    def acting_players(self) -> list[int]:
        """Players who must act now (all listed players at a simultaneous node)."""
        p = self.current_player()
        if p >= 0:
            return [p]
        if p == SIMULTANEOUS:
            return list(range(self.game.num_players()))
        return []

    def returns(self) -> list[float]:
        """One float per player; zeros until the game ends."""
        raise NotImplementedError

    def observation(self, player: int | None) -> dict[str, Any]:
        """A JSON-serialisable dict of what ``player`` may know (``None``: a spectator)."""
        raise NotImplementedError

    def full_state(self) -> dict[str, Any]:
        """The complete internal state, hidden parts included, as JSON-serialisable data.

        Used for equality, hashing (golden records) and debugging; never shown to a player.
        """
        raise NotImplementedError

    def _is_legal(self, player: int, action: Action) -> bool:
        """Whether ``action`` is among ``_legal_actions(player)`` (``player`` may act now).

        Optional: the default scans the list. A game with many legal actions may override it
        with a direct test of its own data (it must agree with ``_legal_actions`` exactly); the
        checked ``apply_action`` / ``apply_actions`` call it once per action.
        """
        return action in self._legal_actions(player)

    def _pick_action(self, player: int, pick: Callable[[int], int]) -> Action | None:
        """``legal[pick(len(legal))]`` for ``legal = _legal_actions(player)`` (``None`` if empty).

        The driver's pick for a random seat (:func:`lab.sim.play.play`). Optional: a game whose
        legal list is long to build may override it to build only the chosen action; it must
        call ``pick`` exactly once, with the number of legal actions, and give the very action
        of the list (checked by :func:`lab.checks.conformance.check_game`), and defer to this
        default when ``_legal_actions`` is not its own (a subclass or a test replaced it).
        """
        legal = self._legal_actions(player)
        return legal[pick(len(legal))] if legal else None

    def _pick_joint(self, picks: Sequence[Callable[[int], int]]) -> dict[int, Action] | None:
        """The joint action of a simultaneous node whose every seat the driver picks for.

        ``{p: legal[picks[p](len(legal))]}`` for each ``p`` of :meth:`acting_players` in turn,
        ``legal`` being ``_legal_actions(p)``; ``None`` (nothing picked) when one of them has
        no legal action. Optional, as :meth:`_pick_action`: a game may override it to read its
        lists without the per-seat calls; it must ask each acting seat's ``pick`` exactly once,
        in this order, with the number of that seat's legal actions, and give the very actions
        of the lists (checked by :func:`lab.checks.conformance.check_game`).
        """
        acting = self.acting_players()
        lists = [self._legal_actions(p) for p in acting]
        if not all(lists):
            return None
        return {p: legal[picks[p](len(legal))] for p, legal in zip(acting, lists, strict=True)}

    def _run_joint(self, picks: Sequence[Callable[[int], int]], push: Callable[[HistoryItem], None],
                   limit: int) -> int:
        """Play simultaneous nodes one after another for the driver, every seat random; return
        how many were played (0: none, the driver plays the node itself).

        Optional, as :meth:`_pick_joint`: a game whose joint nodes come in long runs (the
        passes of a hand) may override it to play them without the driver's calls between.
        Each node played must be exactly what the driver does: the joint action
        :meth:`_pick_joint` gives for ``picks``, ``push(HistoryItem(SIMULTANEOUS, joint))`` with
        the seats' actions in seat order, then :meth:`_apply_actions`. It must stop before a
        node it does not play this way and while ``len(history) >= limit`` (the driver then
        raises for the game's length). Called only by a driver whose seats are all random,
        with no house rules and no ``on_step``; :func:`lab.checks.conformance.check_game` plays
        it against the driver's own steps.
        """
        return 0

    def _run_chance(self, draw: Callable[[Sequence[tuple[Any, float]], str], Any],
                    push: Callable[[HistoryItem], None], limit: int) -> int:
        """Play chance nodes one after another for the driver; return how many were played (0:
        none, the driver plays the node itself).

        Optional, as :meth:`_run_joint`: a game whose chance nodes come in runs (a deal of
        many cards, one node each) may play them itself. Each node played must be exactly what
        the driver does: ``outcome = draw(outcomes, stream)`` with the node's
        :meth:`_chance_outcomes` (the same outcomes, in the same order) and its
        :meth:`chance_stream`, ``push(HistoryItem(CHANCE, outcome))``, then
        :meth:`_apply_action`; stopping before a node it does not play this way and while
        ``len(history) >= limit``. Called only by a driver with no house rules and no
        ``on_step``; :func:`lab.checks.conformance.check_game` plays it against the driver's own
        steps.
        """
        return 0

    def explain_illegal(self, player: int, action: Action) -> str | None:
        """Optional: a game-specific reason why ``action`` is not legal (else a generic one)."""
        return None

    # ------------------------------------------------------------------ safety limits
    #: The limit that stopped this game before its rules ended it (``None``: not stopped).
    stopped_by: str | None = None

    @property
    def unfinished(self) -> bool:
        """``True`` when a safety limit (not the rules) ended the game: no winner, no draw."""
        return self.stopped_by is not None

    def stop_unfinished(self, clause: str, limit: str, **data: Any) -> Event:
        """End the game as *unfinished*, stopped by the safety limit ``limit`` (say ``"max_turns=40"``).

        Games call this where a lab safety bound (not a rule of the seed) cuts a game; the game's
        ``current_player`` must then report ``TERMINAL``. The event (kind ``unfinished``) names the
        limit, :attr:`stopped_by` keeps it, :meth:`winners` is empty and simulation tables report
        the game as unfinished, never as a draw.
        """
        self.stopped_by = limit
        e = self.log(clause, "unfinished", limit=limit, **data)
        self._events[-1] = e = _new_item(Event, (e[0], e[1], freeze(e[2]), e[3], e[4]))  # handed out
        return e

    # ------------------------------------------------------------------ optional measures
    def winners(self) -> list[int]:
        """Winning players at the end; ``[]`` for a draw, an unfinished or a live game."""
        if not self.is_terminal() or self.stopped_by is not None:
            return []
        r = self.returns()
        best = max(r)
        if best == min(r):
            return [] if len(r) > 1 else ([0] if best > 0 else [])
        return [i for i, v in enumerate(r) if v == best]

    def progress(self) -> list[float] | None:
        """Per-player progress measure for lead-change statistics (``None``: not defined)."""
        return None

    def metrics(self) -> dict[str, float]:
        """Game-specific measures reported in one row of a simulation table."""
        return {}

    def estimated_minutes(self) -> float | None:
        """Estimated real play time of the game so far, where the game has a time model."""
        return None

    def decided_by(self) -> str:
        """The clause ID of the rule that decided the finished game's result (who won), or
        ``""`` where the game does not say. Simulation tables keep it as ``decided_by``, and
        ``decided[CLAUSE]`` is a metric of comparisons and of the autopilot."""
        return ""

    # The drawing and click hooks: the game's presentation is handed this state
    # (lab.core.presentation; the state never imports its renderer).
    def render_svg(self, viewer: int | None = None) -> str:
        """SVG of the board as ``viewer`` may see it (``None``: a spectator)."""
        return self.game.presentation.render_svg(self, viewer)

    def action_targets(self, player: int) -> dict[str, list[Action]]:
        """Clickable SVG targets (``data-target`` ids) mapped to the legal actions they make."""
        return self.game.presentation.action_targets(self, player)

    def click_default(self, player: int, target: str) -> Action | None:
        """The one action a click on ``target`` plays when the target holds several (or ``None``)."""
        return self.game.presentation.click_default(self, player, target)

    def target_path(self, player: int, target: str) -> list[Action]:
        """The legal actions one click on ``target`` plays in a row, or ``[]``."""
        return self.game.presentation.target_path(self, player, target)

    def prompt(self, player: int) -> str:
        """What the game asks ``player`` to do now, in words (``""``: nothing to add)."""
        return self.game.presentation.prompt(self, player)

    def describe_action(self, action: Action) -> str:
        """A readable label for an action (buttons, logs)."""
        return str(action)

    # ================================================================== public API
    def is_terminal(self) -> bool:
        """Whether the game is over (``current_player()`` is ``TERMINAL``)."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether a chance outcome comes next (``current_player()`` is ``CHANCE``)."""
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        """Whether several seats choose at once next (``current_player()`` is ``SIMULTANEOUS``)."""
        return self.current_player() == SIMULTANEOUS

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

    def history(self) -> list[HistoryItem]:
        """Every action applied so far, chance outcomes included, in order."""
        return list(self._history)

    def move_number(self) -> int:
        """How many steps were played: the length of the history, chance outcomes included."""
        return len(self._history)

    def log(self, clause: str, kind: str, visible_to: Sequence[int] | None = None, **data: Any) -> Event:
        """Record an event for the rule ``clause`` (used by games' rules code) and return it.

        The values are kept as they are, in the keyword dict this call made, which nothing else
        holds; the first time the event is handed out (:attr:`events`, :meth:`events_for`) that
        dict becomes a read-only deep copy (:func:`~lab.core.frozen.freeze`: scalars and tuples
        of them as they are, lists and dicts copied read-only), so what is handed out never
        aliases the state, and a playout that never looks pays nothing for it.

        So rules code must never edit a list or dict after logging it: log a fresh one
        (``order=list(self.order)``) or a tuple when the state keeps the original.
        :func:`lab.checks.conformance.check_game` checks it for every game: it plays under
        :func:`lab.core.aliasing.audit_logged_values`, which names a logged value that changed. The returned
        event is the state's own record: rules code reads it and passes it on only through the
        views above.
        """
        return self._log(clause, kind, data, None if visible_to is None else tuple(visible_to))

    def _log(self, clause: str, kind: str, data: dict[str, Any], visible_to: tuple[int, ...] | None) -> Event:
        """:meth:`log` for rules code that has built the event's dict itself (a fresh dict that
        nothing else holds, ``visible_to`` a tuple or ``None``): the same record, one call less."""
        event = _new_item(Event, (clause, kind, data, visible_to, len(self._history)))
        self._events.append(event)
        return event

    def _record(self, clause: str, kind: str, data: dict[str, Any], visible_to: tuple[int, ...] | None) -> None:
        """:meth:`_log` for rules code that never reads the record back: the five fields are kept
        as a plain tuple (building a named tuple costs several times as much), which becomes the
        same :class:`Event`, its data frozen, when first handed out (:attr:`events`,
        :meth:`events_for`). ``data`` must be a fresh dict. Code that reads ``_events`` itself
        must therefore index the fields (``e[0]`` the clause, ``e[2]`` the data), as
        :meth:`clause_counts` does; the audit (:func:`~lab.core.aliasing.audit_logged_values`)
        sees these records as it sees :meth:`_log`'s."""
        self._events.append((clause, kind, data, visible_to, len(self._history)))  # type: ignore[arg-type]  # (a record)

    def events_for(self, player: int | None) -> list[Event]:
        """Events ``player`` may see (``None``: public events only)."""
        events = self._frozen_events()
        if player is None:
            return [e for e in events if e.visible_to is None]
        return [e for e in events if e.visible_to is None or player in e.visible_to]

    def clause_counts(self) -> dict[str, int]:
        """How many times each clause fired (what experiments count)."""
        counts: dict[str, int] = {}
        for e in self._events:  # (a record of _record is a plain tuple)
            counts[e[0]] = counts.get(e[0], 0) + 1
        return counts

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
