"""The Board widget: one class for every game.

It shows the SVG the game renders for the viewing seat, highlights that seat's legal targets,
turns a click into the matching legal action (several actions on one target become buttons)
and shows non-spatial actions as buttons. A click that is not legal does nothing but say why.
Chance and agent moves run by themselves, one every ``pace`` seconds.

Only :meth:`Session.view` output is synced to the browser: the viewing seat's SVG, its own
targets and buttons, public status and the events it may see.
"""

from __future__ import annotations

import asyncio
import contextlib
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

import lab
from lab.core.game import Game
from lab.core.state import State
from widgets._repr import bundle, fallback_html
from widgets._session import Refused, Session, format_entry

STATIC = Path(__file__).parent / "static"
DEFAULT_AGENT = "random"  # the agent of every non-human seat a widget is not told about


def default_agents(game: Game, humans: Sequence[int]) -> dict[int, Any]:
    """``DEFAULT_AGENT`` in every seat that is not human: a widget's defaults give a game that
    plays to the end (never a seat waiting for code nobody runs)."""
    return {p: DEFAULT_AGENT for p in range(game.num_players()) if p not in set(humans)}


class Board(anywidget.AnyWidget):
    """Play a game by clicking on its board.

    Parameters
    ----------
    source : Session, State, Game or str
        What to show: a running session, a state (continued in place), a game or a game name
        (a new game).
    seat : int or None
        The viewing (human) seat; ``None`` = a spectator who cannot move.
    agents : mapping seat -> agent spec, optional
        Agents for the other seats. By default every seat that is not human gets
        :data:`DEFAULT_AGENT`, so a Board with its defaults is a game you can play to the end; a
        seat given ``"external"`` (or left out of a mapping you pass) waits for code to move it.
    seed : int
        Seed of chance and of the agents.
    pace : float
        Seconds between two agent moves (chance is drawn at once); 0 runs them at once.
    humans : sequence of int, optional
        Several human seats (hot-seat); default ``[seat]``.
    speed : object, optional
        A speed-play adapter (see :mod:`widgets.speed`) for actions timed in the browser.

    Examples
    --------
    >>> board = Board("memcel", seat=0, agents={1: "random"}, pace=0)  # doctest: +SKIP
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    game = t.Unicode("").tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    seat = t.Int(-1).tag(sync=True)
    token = t.Int(0).tag(sync=True)
    svg = t.Unicode("").tag(sync=True)
    targets = t.List(t.Unicode()).tag(sync=True)
    buttons = t.List(t.Dict()).tag(sync=True)
    chosen = t.List(t.Unicode()).tag(sync=True)
    more_buttons = t.Int(0).tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    message = t.Unicode("").tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    your_turn = t.Bool(False).tag(sync=True)
    finished = t.Bool(False).tag(sync=True)
    busy = t.Bool(False).tag(sync=True)
    can_undo = t.Bool(False).tag(sync=True)
    undo_note = t.Unicode("").tag(sync=True)  # why undo is off now (chance seen, real time ...)
    result = t.Unicode("").tag(sync=True)  # the result in plain words once the game is over
    log = t.List(t.Dict()).tag(sync=True)
    timed = t.Dict().tag(sync=True)
    ack = t.Int(0).tag(sync=True)  # counts the browser messages handled (tests wait on it)
    accepts_actions = False  # views that send whole legal actions ("act" messages) set it

    def __init__(
        self,
        source: Session | State | Game | str,
        seat: int | None = 0,
        *,
        agents: Mapping[int, Any] | None = None,
        seed: int = 0,
        pace: float = 0.4,
        humans: Sequence[int] | None = None,
        speed: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if isinstance(source, Session):
            session = source
        else:
            state = source if isinstance(source, State) else None
            game = state.game if state is not None else (
                lab.load(source) if isinstance(source, str) else source
            )
            seats = list(humans) if humans is not None else ([] if seat is None else [seat])
            if agents is None:
                agents = default_agents(game, seats)
            session = Session(game, humans=seats, agents=agents, seed=seed, state=state)
        self.session = session
        self.pace = float(pace)
        self.speed = speed
        if speed is not None:
            session.timed_kinds = {speed.kind}
            session.realtime = True
        self._generation = 0
        self._scheduled = False
        self._race_node = -1  # the timed race whose window is running
        self.on_msg(self._on_msg)
        self.changed()

    # ------------------------------------------------------------------ kernel -> browser
    def refresh(self) -> None:
        """Re-sync the browser with the session (after code changed the state)."""
        view = self.session.view()
        view["busy"] = self.session.can_advance()
        view["timed"] = self._timed_offer()
        if view["finished"]:
            view["message"] = ""  # the end screen says the result; no note of a move before it
        with self.hold_sync():
            for key, value in view.items():
                if getattr(self, key) != value:
                    setattr(self, key, value)

    def _timed_offer(self) -> dict[str, Any]:
        if self.speed is None:
            return {}
        offer = self.speed.offer(self.session) or {}
        node = offer.get("node", -1)
        if offer and node != self._race_node:
            self._race_node = node
            loop = _running_loop()
            if loop is not None:  # without a loop (scripts, tests) call close_race() yourself
                loop.call_later(self.speed.window_s, self._race_window_over, node, self._generation)
        return offer

    def _race_window_over(self, node: int, generation: int) -> None:
        if generation == self._generation and self.session.version == node:
            self.close_race()

    def close_race(self) -> bool:
        """End the timed race now: a human hand still missing counts as last (True if one did)."""
        if self.speed is None:
            return False
        msg = self.speed.close_race(self.session)
        if msg is None:
            return False
        self._tell(msg)
        return True

    def _tell(self, msg: str) -> None:
        """Show ``msg`` (no error), then refresh: the note and the state it speaks of reach the
        browser in one message, so the page never shows a note beside the state before it."""
        with self.hold_sync():
            self.error = ""
            self.message = msg
            self.changed()

    def changed(self) -> None:
        """Refresh, then let chance and agents move (paced) until a human must act."""
        try:
            self._resolve_chance()
            self.refresh()
        except Exception as exc:  # noqa: BLE001 - a game that fails to render shows in the widget
            self._internal_error(exc)
            return
        if not self.session.can_advance() or self._scheduled:
            return
        loop = _running_loop()
        if self.pace <= 0 or loop is None:
            try:
                self.session.run()
            except Exception as exc:  # noqa: BLE001 - a broken agent/game shows in the widget
                self._internal_error(exc)
            with contextlib.suppress(Exception):
                self.refresh()
            return
        self._scheduled = True
        loop.call_later(self.pace, self._tick, self._generation)

    def _resolve_chance(self) -> None:
        """Dice and deals resolve at once (only agents' moves are paced)."""
        limit = self.session.game.max_game_length()
        while self.session.state.is_chance_node() and self.session.state.move_number() <= limit:
            self.session.advance()

    def _tick(self, generation: int) -> None:
        self._scheduled = False
        if generation != self._generation:
            return
        try:
            self.session.advance()
        except Exception as exc:  # noqa: BLE001
            self._internal_error(exc)
            with contextlib.suppress(Exception):
                self.refresh()
            return
        self.changed()

    def _internal_error(self, exc: Exception) -> None:
        traceback.print_exc()  # to the kernel log, never into the widget
        self.error = f"the game stopped: {type(exc).__name__}: {str(exc)[:300]}"

    def restart(self) -> None:
        """Call after replacing ``session`` or its state wholesale (cancels paced moves)."""
        self._generation += 1
        self._scheduled = False
        self._tell("")

    # ------------------------------------------------------------------ browser -> kernel
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    def handle(self, content: Any) -> bool:
        """Act on one browser message; True if the game moved. Refusals go to ``error``."""
        try:
            return self._handle(content)
        finally:
            self.ack += 1

    def _handle(self, content: Any) -> bool:
        try:
            if not isinstance(content, dict):
                raise Refused("refused: a message is a JSON object")
            kind = content.get("kind")
            seat, token = content.get("seat"), content.get("token")
            before = self.session.version
            if kind == "click":
                msg = self.session.click(seat, content.get("target"), token)
            elif kind == "choose":
                msg = self.session.choose(seat, content.get("action"), token)
            elif kind == "act" and self.accepts_actions:
                msg = self.session.act(seat, content.get("action"), token)
            elif kind == "cancel":
                self.session.cancel_choice()
                msg = ""
            elif kind == "timed":
                if self.speed is None:
                    raise Refused("refused: nothing is timed on this board")
                msg = self.speed.submit(self.session, seat, content.get("ms"), token, content.get("option", 0))
            else:
                raise Refused(f"refused: unknown message kind {str(kind)[:30]!r}")
        except Refused as exc:
            self.error = str(exc)
            self.message = ""
            return False
        except lab.LabError as exc:
            self.error = f"refused: {exc}"
            self.message = ""
            return False
        except (TypeError, ValueError, OverflowError, RecursionError) as exc:
            # a malformed message must never raise out of the widget's callback
            self.error = f"refused: a malformed message ({type(exc).__name__}: {str(exc)[:80]})"
            self.message = ""
            return False
        moved = self.session.version != before
        self._tell(msg)
        return moved

    # ------------------------------------------------------------------ Python conveniences
    def click(self, target: str) -> bool:
        """Click ``target`` as the viewing seat would (tests, notebooks)."""
        return self.handle({"kind": "click", "target": target, "seat": self.seat, "token": self.token})

    def press(self, label_or_index: str | int) -> bool:
        """Press one of the offered buttons by label or index."""
        buttons = self.buttons
        if isinstance(label_or_index, int):
            chosen = buttons[label_or_index]
        else:
            matches = [b for b in buttons if b["label"] == label_or_index]
            if not matches:
                raise KeyError(f"no button {label_or_index!r}; buttons: {[b['label'] for b in buttons]}")
            chosen = matches[0]
        return self.handle({"kind": "choose", "action": chosen["action"], "seat": self.seat, "token": self.token})

    def log_lines(self) -> list[str]:
        """The move log as text lines (step, clause ID, kind, data)."""
        return [format_entry(e) for e in self.log]

    @property
    def state(self) -> State:
        return self.session.state

    # ------------------------------------------------------------------ notebook display
    def __repr__(self) -> str:
        return f"Board({self.game!r}, seat={self.seat}): {self.status}"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        return bundle(self, repr(self), fallback_html(self.title, self.status, self.svg, self.log_lines()[-12:]))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
