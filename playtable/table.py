"""One table: a game (then its rematches) played by people at their own screens and by agents.

A table owns a :class:`~playtable.session.TableSession`; every change to it happens under the
table's lock, in this order:

1. the message is checked (role, seat, view token, turn) and acted on as that seat;
2. the people's decisions it produced are written to the journal and **committed**;
3. only then is it acknowledged, and every connected seat gets its new view (a seat's view
   token changes whenever its view does, so a move made on an old view is refused as stale,
   and a move sent twice is refused the second time);
4. chance and the agents move (agents at the table's pace, in a worker thread, so a search
   agent that thinks does not stop the other tables), each step shown to everybody;
5. a game that ended is written to the playtest log.

A storage failure in step 2 rebuilds the game from the journal (the move never happened) and
refuses the message with ``storage``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from lab.agents.catalogue import agent_names
from lab.core.errors import LabError
from lab.core.game import Game
from playtable.connection import Connection, dumps
from playtable.errors import Refusal, quoted
from playtable.race import Race, now, reaction_ms
from playtable.records import write_table_record
from playtable.session import ReplayError, TableSession, replay, seat_spec
from playtable.store import ABANDONED, FINISHED, PLAYING, Entry, Store, StoreError, TableRow, stamp
from playtable.views import DONE, READY, SLAP, designer_view, seat_view
from widgets._session import HUMAN, Refused

log = logging.getLogger("playtable")

MAX_CONNECTIONS_PER_SEAT = 8


def refusal_of(exc: Exception) -> Refusal:
    """A session's refusal (plain words) as a typed :class:`Refusal`."""
    text = str(exc)
    lowered = text.lower()
    if "faster than a human" in lowered:
        return Refusal("too_fast", text)
    if "game is over" in lowered:
        return Refusal("game_over", text)
    if "not your turn" in lowered or "already chose" in lowered:
        return Refusal("not_your_turn", text)
    if "out of date" in lowered:
        return Refusal("stale", text)
    if "malformed" in lowered or "a click names" in lowered or "a message" in lowered or "option" in lowered \
            or "a reaction time is" in lowered:
        return Refusal("bad_message", text)
    return Refusal("illegal", text)


class Table:
    """A table of the server (see the module's docstring)."""

    def __init__(self, *, row: TableRow, game: Game, store: Store, log_path: Path,
                 on_change: Callable[[Table], None]) -> None:
        self.id = row.id
        self.label = row.label
        self.created = row.created
        self.game = game
        self.store = store
        self.log_path = log_path
        self.on_change = on_change  # the server's lobby hears of every change
        self.options = dict(row.options)
        self.pace = float(self.options.get("pace", 0.5))
        self.window_s = float(self.options.get("race_window", 5.0))
        self.status = row.status
        self.note = row.note
        self.names = [str(s.get("name", "")) for s in row.seats]
        self.generations = [int(s.get("generation", 0)) for s in row.seats]
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        # view tokens are opaque; each run of the server starts them elsewhere, so a message made
        # on a view of the server before a restart is never taken for one made on a new view
        self.token_base = secrets.randbelow(1 << 40) * 1000
        self.tokens: dict[int | str, int] = {}
        self.last_views: dict[int | str, str] = {}
        self.race: Race | None = None
        self._race_timer: asyncio.TimerHandle | None = None
        self._machine: asyncio.Task[None] | None = None
        self.offered: dict[int, float] = {}  # seat -> when it became to act (decision times)
        self.last_activity = time.time()
        self.broken = ""
        current = row.current
        self.game_no = current.game_no
        self.seed = current.seed
        self.seats_at_start = [seat_spec(k) for k in current.seats]
        self.started = current.started
        self.game_status = current.status
        self.journal: list[Entry] = list(current.journal)
        self.session = self._rebuild()

    # ------------------------------------------------------------------ building the game
    def _rebuild(self) -> TableSession:
        """The current game from its seed and journal (a restart, or a failed write)."""
        try:
            session = replay(self.game, self.seats_at_start, self.seed, self.journal)
        except (ReplayError, LabError, ValueError) as exc:
            self.broken = f"the game could not be resumed: {exc}"
            log.error("table %s: %s", self.id, self.broken)
            session = TableSession(self.game, self.seats_at_start, self.seed)
        self.offered = {}
        self._stamp_offers(session)
        return session

    def _stamp_offers(self, session: TableSession) -> None:
        t = now()
        for p in session.human_to_act():
            self.offered.setdefault(p, t)
        for p in list(self.offered):
            if p not in session.human_to_act():
                self.offered.pop(p)

    @property
    def title(self) -> str:
        return self.game.title or self.game.name

    def playable(self) -> bool:
        return not self.broken and self.status == "open"

    # ------------------------------------------------------------------ connections
    async def attach(self, conn: Connection) -> None:
        async with self.lock:
            self._attach(conn)
        self.send_seats()

    def _attach(self, conn: Connection) -> None:
        if conn.role == "seat":
            same = [c for c in self.conns if c.key == conn.key]
            if len(same) >= MAX_CONNECTIONS_PER_SEAT:
                oldest = min(same, key=lambda c: c.id)
                asyncio.get_running_loop().create_task(oldest.close(4000, "replaced by a newer tab of the same seat"))
                self.conns.discard(oldest)
        self.conns.add(conn)
        conn.table = self
        conn.send(self.welcome(conn))
        self.publish(only=conn)

    def detach(self, conn: Connection) -> None:
        if conn in self.conns:
            self.conns.discard(conn)
            self.send_seats()

    def connected(self, seat: int) -> bool:
        return any(c.role == "seat" and c.seat == seat and not c.closed for c in self.conns)

    def welcome(self, conn: Connection) -> dict[str, Any]:
        return {
            "type": "welcome", "role": conn.role, "seat": conn.seat, "table": self.id, "label": self.label,
            "title": self.title, "game": self.game.name, "variant": repr(self.game),
            "players": self.game.num_players(), "race_window_s": self.window_s,
            "designer": conn.role == "designer",
            "agents": agent_names(type(self.game)) if conn.role == "designer" else [],
        }

    def seats_info(self) -> list[dict[str, Any]]:
        kinds = self.session.kinds()
        return [{"seat": p, "kind": "human" if k == HUMAN else str(k.get("name", "agent")),
                 "name": self.names[p], "connected": self.connected(p)} for p, k in enumerate(kinds)]

    def send_seats(self) -> None:
        message = {"type": "seats", "seats": self.seats_info(), "status": self.status_word()}
        text = dumps(message)
        for c in self.conns:
            c.send(message, text)
        self.on_change(self)

    def status_word(self) -> str:
        if self.broken:
            return "broken"
        if self.status != "open":
            return self.status
        return self.game_status

    # ------------------------------------------------------------------ views
    def phase(self, seat: int) -> str:
        race = self.race
        if race is None or seat not in race.humans:
            return ""
        if seat in race.done:
            return DONE
        return SLAP if race.signalled(seat) else READY

    def at(self) -> list[int]:
        """Where a frame is computed: game number, journal entries applied, move number."""
        return [self.game_no, len(self.journal), self.session.state.move_number()]

    def _view(self, key: int | str) -> dict[str, Any]:
        if key == "designer":
            return designer_view(self.session)
        if key == "spectator":
            return seat_view(self.session, None)
        assert isinstance(key, int)
        return seat_view(self.session, key, self.phase(key))

    def publish(self, only: Connection | None = None) -> None:
        """Send each connected view that changed (``only``: that connection gets its view now)."""
        keys = {c.key for c in self.conns} if only is None else {only.key}
        at = self.at()
        for key in keys:
            try:
                view = self._view(key)
            except Exception as exc:  # noqa: BLE001 - a game that cannot draw itself must not kill the server
                log.exception("table %s: the view of %s failed", self.id, key)
                view = {"status": f"the board cannot be drawn: {type(exc).__name__}", "svg": "", "targets": [],
                        "buttons": [], "log": [], "timed": {}, "race": ""}
            view["broken"] = self.broken
            view["table_status"] = self.status_word()
            text = dumps(view)
            if text != self.last_views.get(key):
                self.last_views[key] = text
                self.tokens[key] = self.tokens.get(key, self.token_base) + 1
            elif only is None:
                continue
            # the frame is the view's JSON with its envelope in front (encoded once, not twice)
            head = {"type": "view", "token": self.tokens[key], "at": at}
            frame = dumps(head)[:-1] + "," + text[1:] if text != "{}" else dumps(head)
            message = {**head, "timed": view.get("timed") or {}}  # what the writer reads (race timing)
            for c in self.conns if only is None else [only]:
                if c.key == key:
                    c.send(message, frame)

    # ------------------------------------------------------------------ messages from seats
    async def handle(self, conn: Connection, msg: dict[str, Any], received: float) -> None:
        """A ``move`` message (``kind``: click, choose, cancel or timed) of ``conn``."""
        ref = msg.get("ref") if isinstance(msg.get("ref"), int) and not isinstance(msg.get("ref"), bool) else None
        try:
            async with self.lock:
                before = len(self.journal)
                reply = self._move(conn, msg, received)
                stored = [[e.n, e.step, e.seat, e.data["action"]] for e in self.journal[before:] if e.kind == "move"]
                game_no = self.game_no
        except Refusal as exc:
            conn.send(exc.to_json(ref))
            return
        # the acknowledgement names what was stored (game, journal index, step, seat, action):
        # it is sent only once the journal's transaction has committed
        conn.send({"type": "ack", "ref": ref, "message": reply, "game_no": game_no, "stored": stored,
                   "server_ms": round((now() - received) * 1000.0, 2)})
        self.kick()

    def _move(self, conn: Connection, msg: dict[str, Any], received: float) -> str:
        if conn.role != "seat" or conn.seat is None:
            raise Refusal("spectator", "a spectator's or the designer's view cannot move; open a seat's link to play")
        seat = conn.seat
        if not self.playable():
            raise Refusal("unavailable", self.broken or f"the table is {self.status}")
        session = self.session
        if session.state.is_terminal():
            raise Refusal("game_over", "the game is over; the designer can start a rematch")
        if seat not in session.humans:
            raise Refusal("seat_taken", f"seat {seat} is played by an agent now; ask the designer to give it back")
        token = msg.get("token")
        if isinstance(token, bool) or not isinstance(token, int) or token != self.tokens.get(seat):
            raise Refusal("stale", "the board changed since this was sent (or it was already played); look again and retry")
        kind = msg.get("kind")
        if kind == "timed":
            return self._slap(conn, seat, msg, received)
        if kind == "cancel":
            with session.as_seat(seat):
                session.cancel_choice()
            self.publish()
            return ""
        if kind not in ("click", "choose"):
            raise Refusal("bad_message", f"a move's kind is click, choose, cancel or timed, not {quoted(kind)}")
        if seat not in session.human_to_act():
            raise Refusal("not_your_turn", f"not your turn ({self._waiting(seat)})")
        before = session.version
        try:
            with session.as_seat(seat):
                if kind == "click":
                    reply = session.click(seat, msg.get("target"), session.version)
                else:
                    reply = session.choose(seat, msg.get("action"), session.version)
        except Refused as exc:
            raise refusal_of(exc) from None
        except LabError as exc:
            raise Refusal("illegal", str(exc)) from None
        except (TypeError, ValueError, OverflowError, RecursionError) as exc:
            raise Refusal("bad_message", f"a malformed move ({type(exc).__name__})") from None
        self._commit(seat)
        if session.version != before:
            self._after_change()
        else:
            self.publish()
        return reply

    def _waiting(self, seat: int) -> str:
        with self.session.as_seat(seat):
            return self.session.waiting_on()

    def _slap(self, conn: Connection, seat: int, msg: dict[str, Any], received: float) -> str:
        race, session = self.race, self.session
        if race is None or seat not in race.humans or session.timed is None:
            raise Refusal("no_race", "there is no race for you to slap in now")
        if seat in race.done:
            raise Refusal("stale", "your slap in this race is already in")
        sent = conn.offer_sent.get(race.key)
        if not race.signalled(seat) or sent is None:
            raise Refusal("no_race", "wait for the signal: slap as soon as a closer's hand lands")
        client_ms = msg.get("ms")
        if isinstance(client_ms, bool) or not isinstance(client_ms, int | float) or not 0 <= client_ms <= 3_600_000:
            raise Refusal("bad_message", f"a slap carries the browser's reaction time in ms, not {quoted(client_ms)}")
        rtt = conn.clock.rtt()
        corrected, raw = reaction_ms(received, sent, rtt)
        option = msg.get("option", 0)
        try:
            with session.as_seat(seat):
                session.timed.submit(session, seat, corrected, session.version, option)
        except Refused as exc:
            raise refusal_of(exc) from None
        played = session.played[-1][1]
        row = {"race": list(race.key), "seat": seat, "name": self.names[seat], "kind": HUMAN,
               "ms": round(corrected, 1), "raw_ms": round(raw, 1),
               "rtt_ms": None if rtt is None else round(rtt * 1000.0, 1), "rtt_samples": len(conn.clock.samples),
               "client_ms": round(float(client_ms), 1), "played_ms": played.args[session.timed.ms_index],
               "leader": seat in race.leaders, "timed_out": False}
        self._commit(seat, reactions=[row])  # a slap the database refused never happened
        race.done.add(seat)
        race.results.append(row)
        if seat in race.leaders:
            race.leader_landed(received)
        self._after_change()
        return f"your slap: {corrected:.0f} ms by the server's clock (your browser measured {float(client_ms):.0f} ms)"

    # ------------------------------------------------------------------ storing
    def _commit(self, seat: int, reactions: Sequence[dict[str, Any]] = ()) -> None:
        """Journal the decisions just played; on a failed write, undo them by a rebuild."""
        played = self.session.drain()
        if not played:
            return
        t = now()
        entries = []
        for i, (p, action, step) in enumerate(played):
            data: dict[str, Any] = {"action": action.to_json()}
            if i == 0:
                data["seconds"] = round(t - self.offered.get(p, t), 3)
                if reactions:
                    data["reactions"] = list(reactions)
            entries.append(Entry(len(self.journal) + i, step, "move", p, data, stamp()))
        try:
            self.store.append(self.id, self.game_no, entries)
        except StoreError as exc:
            log.error("table %s: %s", self.id, exc)
            self.session = self._rebuild()
            self.publish()
            raise Refusal("storage", "the server could not store your move, so it was not played; try again") from None
        self.journal.extend(entries)
        self.last_activity = time.time()
        self.offered.pop(seat, None)

    # ------------------------------------------------------------------ after every change
    def _after_change(self) -> None:
        self._stamp_offers(self.session)
        self._check_race()
        self.publish()
        if self.session.state.is_terminal() and self.game_status == PLAYING:
            self._end_game(FINISHED)
        self.on_change(self)

    def kick(self) -> None:
        """Let chance and the agents play (one task per table)."""
        if self._machine is None or self._machine.done():
            self._machine = asyncio.get_running_loop().create_task(self._run_machine(), name=f"machine-{self.id}")

    async def _run_machine(self) -> None:
        while True:
            async with self.lock:
                session = self.session
                if not self.playable() or not session.can_advance():
                    return
                chance = session.state.is_chance_node()
            if not chance and self.pace > 0:
                await asyncio.sleep(self.pace)
            async with self.lock:
                if session is not self.session or not self.playable() or not session.can_advance():
                    continue
                try:
                    await asyncio.to_thread(self._steps, session, self.pace <= 0)
                except Exception as exc:  # noqa: BLE001 - a broken agent or rule stops this table only
                    log.exception("table %s: the game stopped", self.id)
                    self.broken = f"the game stopped: {type(exc).__name__}: {str(exc)[:200]}"
                    self.publish()
                    self.on_change(self)
                    return
                self._after_change()

    @staticmethod
    def _steps(session: TableSession, all_of_them: bool) -> None:
        """Chance, then one agent move (``all_of_them``: every move until a person must act).

        Runs in a worker thread while the table's lock is held: an agent that searches for a
        while does not stop the other tables."""
        limit = session.game.max_game_length() + 1
        while limit > 0 and session.can_advance():
            agent = not session.state.is_chance_node()
            session.advance()
            limit -= 1
            if agent and not all_of_them:
                while session.state.is_chance_node():
                    session.advance()
                return

    # ------------------------------------------------------------------ races
    def _check_race(self) -> None:
        session = self.session
        key = (self.game_no, session.state.move_number())
        in_race = {p: session.race_options(p) for p in session.acting()} if session.timed else {}
        in_race = {p: o for p, o in in_race.items() if o}
        if not in_race:
            self._end_race()
            return
        if self.race is not None and self.race.key == key:
            return
        self._end_race()
        leaders = {p for p in in_race if session.is_leader(p)}
        humans = {p for p in in_race if p in session.humans and p not in session.pending}
        race = Race(key=key, opened=now(), window_s=self.window_s, leaders=leaders,
                    followers=set(in_race) - leaders, humans=humans)
        for p in in_race:
            if p in session.agents and p in session.pending and p in leaders:
                race.agent_leader_ms[p] = float(session.pending[p].args[session.timed.ms_index])  # type: ignore[union-attr]
        self.race = race
        self._arm_race_timer()

    def _end_race(self) -> None:
        if self._race_timer is not None:
            self._race_timer.cancel()
            self._race_timer = None
        self.race = None

    def _arm_race_timer(self) -> None:
        if self._race_timer is not None:
            self._race_timer.cancel()
            self._race_timer = None
        race = self.race
        if race is None:
            return
        wake = race.next_wakeup()
        if wake is None:
            return
        delay = max(0.0, wake - now())
        loop = asyncio.get_running_loop()
        self._race_timer = loop.call_later(delay, lambda: loop.create_task(self._race_tick(race.key)))

    async def _race_tick(self, key: tuple[int, int]) -> None:
        async with self.lock:
            race = self.race
            if race is None or race.key != key:
                return
            signalled, late = race.due(now())
            session = self.session
            for p in late:
                if p not in session.humans or p in race.done:
                    race.done.add(p)
                    continue
                with session.as_seat(p):
                    note = session.timed.close_race(session) if session.timed else None  # type: ignore[union-attr]
                if note is None:
                    race.done.add(p)
                    continue
                played = session.played[-1][1]
                row = {"race": list(race.key), "seat": p, "name": self.names[p], "kind": HUMAN, "ms": None,
                       "raw_ms": None, "rtt_ms": None, "rtt_samples": 0, "client_ms": None,
                       "played_ms": played.args[session.timed.ms_index], "leader": p in race.leaders,  # type: ignore[union-attr]
                       "timed_out": True}
                try:
                    self._commit(p, reactions=[row])
                except Refusal:  # not stored: the game was rebuilt without it; try again soon
                    if self.race is race:
                        self._race_timer = asyncio.get_running_loop().call_later(
                            1.0, lambda: asyncio.get_running_loop().create_task(self._race_tick(race.key)))
                    return
                race.done.add(p)
                race.results.append(row)
                for c in self.conns:
                    if c.key == p:
                        c.send({"type": "note", "message": note})
            if signalled or late:
                self._after_change()
            if self.race is race:
                self._arm_race_timer()
        self.kick()

    # ------------------------------------------------------------------ games
    def _end_game(self, status: str, reason: str | None = None) -> None:
        """Write the current game's record and mark it ended (finished or abandoned)."""
        if self.game_status != PLAYING:
            return
        record_id = None
        if self.journal or status == FINISHED:
            try:
                rec = write_table_record(self.log_path, self.session, table=self.id, label=self.label,
                                         game_no=self.game_no, seed=self.seed, seats_at_start=self.seats_at_start,
                                         started=self.started, journal=self.journal, names=self.names,
                                         abandoned=reason)
                record_id = str(rec["id"])
            except OSError as exc:
                log.error("table %s: the playtest record could not be written: %s", self.id, exc)
        with contextlib.suppress(StoreError):
            self.store.end_game(self.id, self.game_no, status, record_id)
        self.game_status = status
        self._end_race()
        log.info("table %s: game %d %s (record %s)", self.id, self.game_no, status, record_id)

    async def rematch(self, seed: int | None = None) -> None:
        """The next game with the same seats (an unfinished game is recorded as abandoned)."""
        async with self.lock:
            if self.status != "open":
                raise Refusal("unavailable", f"the table is {self.status}")
            if self.game_status == PLAYING and not self.broken:
                self._end_game(ABANDONED, "the designer started a rematch")
            kinds = self.session.kinds()
            new_seed = int(seed) if seed is not None else self.seed + 1
            try:
                self.store.new_game(self.id, self.game_no + 1, new_seed, kinds)
            except StoreError as exc:
                raise Refusal("storage", str(exc)) from None
            self.game_no += 1
            self.seed = new_seed
            self.seats_at_start = kinds
            self.started = stamp()
            self.game_status = PLAYING
            self.journal = []
            self.broken = ""
            self.session = self._rebuild()
            self._after_change()
        self.send_seats()
        self.kick()

    async def set_seat(self, seat: int, kind: Any) -> None:
        """The designer hands ``seat`` to an agent (a spec) or back to a person (``"human"``)."""
        async with self.lock:
            if not self.playable():
                raise Refusal("unavailable", self.broken or f"the table is {self.status}")
            if not 0 <= seat < self.game.num_players():
                raise Refusal("bad_request", f"seat {quoted(seat)} does not exist: seats 0..{self.game.num_players() - 1}")
            spec = seat_spec(kind)
            current = self.session.kinds()[seat]
            if (spec == HUMAN) == (current == HUMAN) and spec == HUMAN:
                raise Refusal("bad_request", f"seat {seat} is already a person's")
            step = self.session.state.move_number()
            try:
                made = self.session.set_seat(seat, spec)
            except LabError as exc:
                raise Refusal("bad_request", str(exc)) from None
            entry = Entry(len(self.journal), step, "reclaim" if made == HUMAN else "handover", seat,
                          {"to": made}, stamp())
            try:
                self.store.append(self.id, self.game_no, [entry], seat_kinds={seat: made})
            except StoreError as exc:
                self.session = self._rebuild()
                raise Refusal("storage", str(exc)) from None
            self.journal.append(entry)
            if self.race is not None and made != HUMAN:
                self.race.humans.discard(seat)
            self._after_change()
        self.send_seats()
        self.kick()

    async def close(self, reason: str = "closed by the designer") -> None:
        async with self.lock:
            if self.game_status == PLAYING:
                self._end_game(ABANDONED, reason)
            with contextlib.suppress(StoreError):
                self.store.close_table(self.id, reason)
            self.status = "closed"
            self.note = reason
            self._end_race()
            self.publish()
        self.send_seats()

    def set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name
        with contextlib.suppress(StoreError):
            self.store.set_name(self.id, seat, name)
        self.send_seats()

    def summary(self) -> dict[str, Any]:
        """What the lobby lists (public facts only)."""
        st = self.session.state
        return {"id": self.id, "label": self.label, "title": self.title, "game": self.game.name,
                "variant": repr(self.game), "status": self.status_word(), "note": self.broken or self.note,
                "game_no": self.game_no, "seed": self.seed, "move": st.move_number(),
                "seats": self.seats_info(), "spectators": sum(c.role == "spectator" for c in self.conns)}
