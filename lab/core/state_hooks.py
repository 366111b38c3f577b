"""The half of the State API a game's rules write: the hooks, their defaults and the event log.

:class:`StateHooks` is the base of :class:`lab.core.state.State`, and only of it: a game
subclasses ``State``. Here are the fields every state holds (the game, the history, the
events), the underscore hooks a game implements (``_legal_actions``, ``_chance_outcomes``,
``_apply_action``, ...), the optional ones with their defaults (measures, the presentation's
drawing and click hooks, the driver's fast paths), and :meth:`StateHooks.log`, the event log
rules code writes. The public, checked half (legal actions and their codes, ``apply_action``,
copies, saves, identity) is :mod:`lab.core.state`.

Compiled with it (:mod:`lab.native`): one C class, whose subclass ``State`` is another.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self

from mypy_extensions import mypyc_attr

from lab.core.actions import Action
from lab.core.frozen import FrozenList, freeze
from lab.core.history import CHANCE, SIMULTANEOUS, TERMINAL, Event, HistoryItem, _new_item


def _returns_copy(fn: Any) -> Any:
    """Wrap a game's ``returns`` so every call hands out a fresh list."""

    def returns(self: StateHooks) -> list[float]:
        return list(fn(self))

    returns.__doc__ = fn.__doc__
    returns.__wrapped__ = fn  # type: ignore[attr-defined]
    returns._fresh = True  # type: ignore[attr-defined]
    return returns


@mypyc_attr(allow_interpreted_subclasses=True)
class StateHooks:
    """The fields of every game state, the hooks a game's rules implement and the event log
    (see the module docstring; the class a game subclasses is :class:`lab.core.state.State`)."""

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


    # ------------------------------------------------------------------ the kind of node
    def is_terminal(self) -> bool:
        """Whether the game is over (``current_player()`` is ``TERMINAL``)."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether a chance outcome comes next (``current_player()`` is ``CHANCE``)."""
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        """Whether several seats choose at once next (``current_player()`` is ``SIMULTANEOUS``)."""
        return self.current_player() == SIMULTANEOUS

    # ------------------------------------------------------------------ history and event log
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
