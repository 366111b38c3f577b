"""A game at a shared table: the widgets' :class:`~widgets._session.Session`, one screen per seat.

The widgets' Session is written for one screen (hot-seat): one viewing seat, one selection
being narrowed, undo. At a table every human seat has its own screen, so
:class:`TableSession` adds, by subclassing and without changing the widgets' code:

* :meth:`TableSession.as_seat`: act and look as one seat (its own selection, its own view);
* :meth:`TableSession.view_for`: what that seat's browser receives (``Session.view`` for that
  seat; the spectator is ``None``), with the status worded for a table ("waiting for player 2
  (human)" instead of the hot-seat's "your move (player 2)");
* a journal of the human decisions (:attr:`played`), which the table stores before it answers;
* seats handed to an agent and back (:meth:`set_seat`);
* no undo: other people have seen the move.

:func:`replay` rebuilds a session from its seed and journal: chance and the agents follow from
the seed, so the same inputs at the same steps give the same game (agents' memories included).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from lab.agents.catalogue import make_agent
from lab.core.actions import Action
from lab.core.game import Game
from lab.core.state import SIMULTANEOUS
from widgets._session import HUMAN, Session, player_name
from widgets.timed import TimedActions


class ReplayError(RuntimeError):
    """A journal that does not replay on its game (another version of the rules or agents)."""


def seat_spec(kind: Any) -> Any:
    """A seat's kind as stored: ``"human"`` or an agent spec dict."""
    if kind == HUMAN:
        return HUMAN
    if isinstance(kind, str):
        return {"name": kind}
    return dict(kind)


class TableSession(Session):
    """One game at a table: every human seat on its own screen.

    Parameters
    ----------
    game : Game
        The variant.
    seats : sequence
        Per seat ``"human"`` or an agent spec (a name or a dict), one entry per seat.
    seed : int
        Seeds chance and the agents.
    """

    def __init__(self, game: Game, seats: Sequence[Any], seed: int) -> None:
        if len(seats) != game.num_players():
            msg = f"{game.name} has {game.num_players()} seats; {len(seats)} given"
            raise ValueError(msg)
        kinds = [seat_spec(k) for k in seats]
        humans = [p for p, k in enumerate(kinds) if k == HUMAN]
        agents = {p: k for p, k in enumerate(kinds) if k != HUMAN}
        self.played: list[tuple[int, Action, int]] = []  # (seat, action, step) not yet stored
        self._choices: dict[int, tuple[int, Any]] = {}  # seat -> (version, selection)
        self._seat_stack: list[tuple[int | None, Any]] = []
        self.timed = TimedActions.for_game(game)
        super().__init__(game, humans=humans, agents=agents, seed=seed)
        self.realtime = True  # no undo snapshots at a shared table
        if self.timed is not None:
            self.timed_kinds = {self.timed.kind}

    # ------------------------------------------------------------------ seats
    def kinds(self) -> list[Any]:
        """Per seat ``"human"`` or the agent's spec, as now."""
        return [HUMAN if p in self.humans else self.agents[p].spec() for p in range(self.game.num_players())]

    def set_seat(self, seat: int, kind: Any) -> Any:
        """Hand ``seat`` to an agent (a spec) or back to a person (``"human"``); returns the spec.

        The agent starts from the position as it is (``reset``), so a memory agent remembers
        from here on; a replay hands it over at the same step and gets the same agent.
        """
        spec = seat_spec(kind)
        humans = set(self.humans)
        if spec == HUMAN:
            humans.add(seat)
            self.agents.pop(seat, None)
            self.agent_specs.pop(seat, None)
        else:
            agent = make_agent(self.game, spec)
            agent.reset(self.game, seat)
            humans.discard(seat)
            self.agents[seat] = agent
            self.agent_specs[seat] = spec
            spec = agent.spec()
        self.humans = tuple(sorted(humans))
        self._choices.pop(seat, None)
        self._touch()
        return spec

    # ------------------------------------------------------------------ one seat at a time
    @contextlib.contextmanager
    def as_seat(self, seat: int | None) -> Iterator[TableSession]:
        """Look and act as ``seat`` (``None``: a spectator): its selection, its viewpoint."""
        self._seat_stack.append((self.viewer, self.choice))
        self.viewer = seat
        kept = self._choices.get(seat) if seat is not None else None
        self.choice = kept[1] if kept is not None and kept[0] == self.version else None
        self._options_cache = None
        try:
            yield self
        finally:
            if seat is not None:
                if self.choice is not None and self.choice[0] == seat:
                    self._choices[seat] = (self.version, self.choice)
                else:
                    self._choices.pop(seat, None)
            self.viewer, self.choice = self._seat_stack.pop()
            self._options_cache = None

    def _touch(self) -> None:
        viewer = self.viewer
        self._preask_race()
        super()._touch()
        self.viewer = viewer  # no hot-seat turning of the screen: each seat has its own

    # ------------------------------------------------------------------ timed races
    def race_options(self, seat: int) -> list[tuple[Any, ...]]:
        """The timed action's variants ``seat`` may make now (empty: not in a race)."""
        if self.timed is None or self.state.current_player() != SIMULTANEOUS or seat not in self.acting():
            return []
        return self.timed._options(self, seat)  # noqa: SLF001 - the widgets' own reading of a race

    def is_leader(self, seat: int) -> bool:
        """A seat timed from the race's opening: one of its variants sets a flag (a closer's
        shout, FC-P5); the others react to the first leader's slap."""
        return any(any(v is True for v in rest) for rest in self.race_options(seat))

    def _preask_race(self) -> None:
        """At a race node the agents decide at once (their slap times are known from the start,
        so a leading agent's slap can signal the people following it in real time).

        Each agent draws from its own stream, so asking it now or when the node resolves gives
        the same action: a replay, which reaches the node the same way, asks it here too.
        """
        if getattr(self, "timed", None) is None or self.state.current_player() != SIMULTANEOUS:
            return
        for p in self.acting():
            if p in self.agents and p not in self.pending and self.race_options(p):
                self.pending[p] = self._ask(p)  # noqa: SLF001

    def submit(self, seat: int, action: Action) -> str:
        step = self.state.move_number()
        message = super().submit(seat, action)
        self.played.append((seat, action, step))
        return message

    # ------------------------------------------------------------------ words for a table
    def waiting_on_seats(self) -> str:
        st = self.state
        to_act = [p for p in self.acting() if p not in self.pending]
        if self.viewer is not None and self.viewer in to_act and self.viewer in self.humans:
            ask = getattr(st, "prompt", None)
            what = ask(self.viewer) if callable(ask) else ""
            return f"your move ({player_name(self.viewer)})" + (f": {what}" if what else "")
        if self.viewer is not None and self.viewer in self.pending:
            done = f"you chose {st.describe_action(self.pending[self.viewer])}; "
        else:
            done = ""
        names = ", ".join(f"{player_name(p)} ({self.seat_kind(p)})" for p in to_act)
        return f"{done}waiting for {names}"

    def undo_note(self) -> str:
        return "no undo at a shared table: the others have seen the move"

    def view_for(self, seat: int | None) -> dict[str, Any]:
        """What ``seat``'s browser receives (``None``: a spectator): Session.view for that seat."""
        with self.as_seat(seat):
            view = self.view()
        if seat is None:
            view["your_turn"] = False
        view.pop("token", None)
        return view

    def drain(self) -> list[tuple[int, Action, int]]:
        """The human decisions played since the last drain (the table stores them)."""
        out, self.played = self.played, []
        return out


# ---------------------------------------------------------------------- replay
def advance_to(session: TableSession, step: int) -> None:
    """Let chance and the agents play until the game reaches move ``step``."""
    limit = session.game.max_game_length() + 1
    while session.state.move_number() < step:
        if not session.can_advance() or limit <= 0:
            msg = (f"the journal expects move {step} but the game waits for a person at move "
                   f"{session.state.move_number()} ({session.waiting_on()})")
            raise ReplayError(msg)
        session.advance()
        limit -= 1
    if session.state.move_number() != step:
        msg = f"the journal expects move {step}; the game is at move {session.state.move_number()}"
        raise ReplayError(msg)


def apply_entry(session: TableSession, kind: str, seat: int, step: int, data: Mapping[str, Any]) -> None:
    """One journal entry on ``session`` (after :func:`advance_to` its step)."""
    advance_to(session, step)
    if kind == "move":
        try:
            action = session.state.coerce_action(data["action"])
        except Exception as exc:  # noqa: BLE001 - any bad entry is a replay error
            raise ReplayError(f"entry at move {step}: {type(exc).__name__}: {exc}") from None
        if seat not in session.humans or seat not in session.human_to_act():
            msg = f"entry at move {step}: seat {seat} is not a person to act ({session.waiting_on()})"
            raise ReplayError(msg)
        if action not in session.state.legal_actions(seat):
            msg = f"entry at move {step}: {action} is not legal for seat {seat}"
            raise ReplayError(msg)
        session.submit(seat, action)
    elif kind in ("handover", "reclaim"):
        session.set_seat(seat, data.get("to", HUMAN))
    else:
        msg = f"entry at move {step}: unknown kind {kind!r}"
        raise ReplayError(msg)


def replay(game: Game, seats: Sequence[Any], seed: int, entries: Sequence[Any], *,
           upto: int | None = None, step: int | None = None) -> TableSession:
    """A session rebuilt from its journal (``entries``: :class:`~playtable.store.Entry`).

    ``upto`` applies only the first ``upto`` entries and ``step`` then advances to that move:
    the position a view was computed at (the leak audit replays each frame's position so).
    """
    session = TableSession(game, seats, seed)
    for entry in list(entries)[:upto]:
        apply_entry(session, entry.kind, entry.seat, entry.step, entry.data)
    session.drain()
    if step is not None:
        advance_to(session, step)
    return session
