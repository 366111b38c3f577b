"""A game in progress as the widgets see it: human seats, agents, chance, undo, save.

:class:`Session` is plain Python (no widgets): the Board and Play widgets drive it, and the
tests drive it directly. It is the only place where a browser message turns into an action, so
it is also where a message sent out of turn, for another seat or naming an action the seat
does not have is refused (:class:`Refused`, whose message the widget shows).

Everything a browser may see is computed by :meth:`Session.view` for ONE viewing seat from the
state's viewer-aware methods (``render_svg(viewer)``, ``action_targets(viewer)``,
``events_for(viewer)``); nothing else of the state leaves the kernel.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import lab
from lab.agents.base import Agent
from lab.agents.catalogue import make_agent
from lab.agents.seat import decide
from lab.core.actions import Action
from lab.core.errors import IllegalAction, LabError
from lab.core.game import Game
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State
from lab.sim.play import driver_streams
from widgets._words import event_text, result_words, vocabulary

LOG_LINES = 80
MAX_BUTTONS = 40
HUMAN = "human"
EXTERNAL = "external"  # an agents entry for a seat played by code (session.state.apply_action)


class Refused(LabError):
    """A browser message the session will not act on (out of turn, forged, stale, illegal)."""


@dataclass
class _Snapshot:
    state: State
    rngs: list[dict[str, Any]]
    pending: dict[int, Action]


def player_name(p: int) -> str:
    """Readable name of a player index or of a special node."""
    return {CHANCE: "chance", SIMULTANEOUS: "all players", TERMINAL: "nobody"}.get(p, f"player {p}")


LOG_KEYS = ("step", "clause", "kind", "text")


def format_entry(entry: Mapping[str, Any]) -> str:
    """One move-log line from :func:`event_entry` data: step, clause ID (if any) and words."""
    clause = f" [{entry['clause']}]" if entry.get("clause") else ""
    if entry.get("text"):
        return f"#{entry['step']}{clause} {entry['text']}"
    data = " ".join(f"{k}={_short(v)}" for k, v in sorted(entry.items()) if k not in LOG_KEYS)
    return f"#{entry['step']} [{entry['clause']}] {entry['kind']}{(' ' + data) if data else ''}"


def event_entry(event: lab.Event, state: State | None = None, viewer: int | None = None) -> dict[str, Any]:
    """An event as the browser's move log gets it: ``Event.to_json()`` as plain JSON data, with
    ``text``: the event in words from the game's vocabulary (:func:`widgets._words.event_text`)."""
    entry = json.loads(json.dumps(event.to_json(), sort_keys=True, default=str))
    if state is not None:
        entry["text"] = event_text(state, event, viewer)
    return entry


def _short(v: Any) -> str:
    text = json.dumps(v, sort_keys=True, default=str) if not isinstance(v, str) else v
    return text if len(text) <= 60 else text[:57] + "..."


class Session:
    """One game being played: which seats are human, the agents of the others, the RNGs.

    Parameters
    ----------
    game : Game
        The rules and variant.
    humans : sequence of int
        Seats played by people at this screen (hot-seat when several).
    agents : mapping seat -> agent spec, optional
        Agent for every other seat (a name such as ``"random"``, a spec dict or an Agent). A
        seat that is neither human nor has an agent is *external*: the session waits for code
        to play it (``session.state.apply_action`` then the widget's ``refresh()``).
    seed : int
        Seeds chance and the agents (same seed and same human moves give the same game).
    state : State, optional
        Continue this state instead of a new game.
    """

    def __init__(
        self,
        game: Game,
        *,
        humans: Sequence[int] = (0,),
        agents: Mapping[int, Any] | None = None,
        seed: int = 0,
        state: State | None = None,
    ) -> None:
        n = game.num_players()
        bad = [p for p in humans if not 0 <= int(p) < n]
        if bad:
            raise ValueError(f"human seat(s) {bad} do not exist: {game.name} has seats 0..{n - 1}")
        self.game = game
        self.humans: tuple[int, ...] = tuple(sorted({int(p) for p in humans}))
        self.agent_specs: dict[int, Any] = {
            int(p): s for p, s in (agents or {}).items()
            if int(p) not in self.humans and s not in (HUMAN, EXTERNAL, None) and 0 <= int(p) < n
        }
        self.agents: dict[int, Agent] = {p: make_agent(game, s) for p, s in self.agent_specs.items()}
        self.timed_kinds: set[str] = set()  # action kinds made by a timed button (widgets.timed)
        self.realtime = False  # real-time play (a timed race): no undo at all
        self.recorder: Any = None  # a playtest recorder (widgets._record), told of every step
        self.version = 0
        self.new_game(seed, state)

    # ------------------------------------------------------------------ lifecycle
    def new_game(self, seed: int | None = None, state: State | None = None) -> None:
        """Start again (same game and seats) with ``seed`` (default: the current seed)."""
        if getattr(self, "recorder", None) is not None:
            self.recorder.new_game(self)  # the game being left is recorded (unfinished)
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                raise Refused(f"a seed is a non-negative integer, not {seed!r}")
            self.seed = seed
        self.chance, self.agent_rngs = driver_streams(self.seed, self.game.num_players())
        self.state = state if state is not None else self.game.new_initial_state()
        for p, agent in self.agents.items():
            agent.reset(self.game, p)
        self.pending: dict[int, Action] = {}
        # a selection being narrowed: (seat, targets clicked so far, candidate actions)
        self.choice: tuple[int, tuple[str, ...], list[Action]] | None = None
        self._undo: list[_Snapshot] = []
        self.undo_block = ""  # why the moves before the last barrier cannot be undone
        self.viewer: int | None = self.humans[0] if self.humans else None
        self._options_cache: tuple[int, int, Any] | None = None
        self._step_logs: dict[int | None, Any] = {}  # viewer -> the kit's move log in words
        self._touch()

    def _touch(self) -> None:
        self.version += 1
        self._options_cache = None
        acting = self.human_to_act()
        if acting and (self.viewer not in acting):
            self.viewer = acting[0]  # hot-seat: the screen turns to the human who must act
        if self.recorder is not None:
            self.recorder.touched(self)

    # ------------------------------------------------------------------ who acts
    def acting(self) -> list[int]:
        """Seats that must act now (empty at chance nodes and at the end)."""
        return self.state.acting_players() if self.state.current_player() >= SIMULTANEOUS else []

    def human_to_act(self) -> list[int]:
        """Human seats that must still choose at this node."""
        return [p for p in self.acting() if p in self.humans and p not in self.pending]

    def waiting_on(self) -> str:
        """What the game waits for, in words (for the status line)."""
        cur = self.state.current_player()
        if cur == TERMINAL:
            return f"game over: {result_words(self.state, self.viewer)}"
        if cur == CHANCE:
            return "chance is drawn"
        return self.waiting_on_seats()

    def waiting_on_seats(self) -> str:
        """:meth:`waiting_on` where seats must act."""
        st = self.state
        humans = self.human_to_act()
        if humans:
            ask = getattr(st, "prompt", None)  # optional: what the game asks, in words
            what = ask(humans[0]) if callable(ask) else ""
            return "your move (" + ", ".join(player_name(p) for p in humans) + ")" + (f": {what}" if what else "")
        others = [p for p in self.acting() if p not in self.pending]
        names = ", ".join(f"{player_name(p)} ({self.seat_kind(p)})" for p in others)
        return f"waiting for {names}"

    def seat_kind(self, p: int) -> str:
        if p in self.humans:
            return HUMAN
        if p in self.agents:
            spec = self.agents[p].spec()
            return str(spec.get("name", "agent"))
        return "external"

    # ------------------------------------------------------------------ what a seat may do
    def options(self, seat: int) -> tuple[dict[str, list[Action]], list[Action]]:
        """``(targets, buttons)`` for ``seat``: clickable targets and non-spatial actions."""
        if self._options_cache and self._options_cache[:2] == (self.version, seat):
            return self._options_cache[2]
        if seat not in self.human_to_act():
            result: tuple[dict[str, list[Action]], list[Action]] = ({}, [])
        else:
            legal = [a for a in self.state.legal_actions(seat) if a.kind not in self.timed_kinds]
            legal_set = set(legal)
            targets: dict[str, list[Action]] = {}
            for target, actions in self.state.action_targets(seat).items():
                acts = [a for a in actions if a in legal_set]
                if acts:
                    targets[str(target)] = acts
            placed = {a for acts in targets.values() for a in acts}
            result = (targets, [a for a in legal if a not in placed])
        self._options_cache = (self.version, seat, result)
        return result

    def _check(self, seat: Any, token: Any) -> int:
        """Refuse a message that is stale, forged for another seat or out of turn."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise Refused(f"refused: a message names its seat as an integer, not {str(seat)[:20]!r}")
        if token != self.version:
            raise Refused(
                "refused: the board changed since this was clicked (out of date); look again and retry"
            )
        if self.state.is_terminal():
            raise Refused("refused: the game is over; start a new game")
        if seat not in self.humans:
            mine = ", ".join(map(str, self.humans)) or "none"
            raise Refused(f"refused: seat {seat} is not played from this screen (human seats: {mine})")
        if seat != self.viewer:
            raise Refused(
                f"refused: this board shows seat {self.viewer}; a move for seat {seat} cannot come from it"
            )
        if seat in self.pending:
            raise Refused(
                f"refused: {player_name(seat)} already chose {self.state.describe_action(self.pending[seat])}; "
                "waiting for the others"
            )
        if seat not in self.acting():
            raise Refused(f"refused: not your turn ({self.waiting_on()})")
        return seat

    # ------------------------------------------------------------------ browser input
    def click(self, seat: Any, target: Any, token: Any) -> str:
        """A click on ``target``: play its action, or narrow the choice to its actions.

        When a target carries several actions (e.g. a cube that can go to many cells), the
        targets sharing some of them stay highlighted and a further click narrows the
        selection to the common actions; the remaining ones are offered as buttons. Returns a
        short message for the widget; raises :class:`Refused` when nothing is done.
        """
        seat = self._check(seat, token)
        if not isinstance(target, str) or len(target) > 200:
            raise Refused("refused: a click names its target as a short string")
        targets, _ = self.options(seat)
        actions = targets.get(target)
        if not actions:
            raise Refused(self.explain_target(seat, target))
        clicked: tuple[str, ...] = ()
        if not (self.choice and self.choice[0] == seat):
            quick = self._quick(seat, target, actions)
            if quick is not None:
                return quick
        if self.choice and self.choice[0] == seat:
            chosen = self.choice[1]
            if target in chosen:  # a second click on a chosen place takes it out of the selection
                rest = tuple(t for t in chosen if t != target)
                if not rest:
                    self.cancel_choice()
                    return f"{target}: selection cleared"
                actions = [a for a in targets[rest[0]] if all(a in targets[t] for t in rest)]
                target, clicked = rest[-1], rest[:-1]
            else:
                narrowed = [a for a in self.choice[2] if a in set(actions)]
                if not narrowed:
                    raise Refused(
                        f"not legal: {target} does not go with {' + '.join(chosen)} (no legal move "
                        "uses both); pick a highlighted place, or click a chosen one to take it back"
                    )
                clicked, actions = chosen, narrowed
        if len(actions) == 1:
            return self.submit(seat, actions[0])
        self.choice = (seat, (*clicked, target), actions)
        self._options_cache = None
        return f"{' + '.join(self.choice[1])}: {len(actions)} possible moves; click another highlighted place or a button"

    def _quick(self, seat: int, target: str, actions: list[Action]) -> str | None:
        """Optional game hooks for one-click moves.

        ``state.target_path(player, target)``: the legal actions one click plays in a row (a
        move along a path; the first must be one of the target's); ``state.click_default(player,
        target)``: the one action a click plays on a target that holds several (the others stay
        reachable by first clicking what narrows them, e.g. a tile in hand).
        """
        path_of = getattr(self.state, "target_path", None)
        path = list(path_of(seat, target) or ()) if callable(path_of) else []
        if len(path) > 1 and path[0] in actions:
            return self.play_path(seat, path)
        if len(actions) > 1:
            default_of = getattr(self.state, "click_default", None)
            default = default_of(seat, target) if callable(default_of) else None
            if default is not None and default in actions:
                return self.submit(seat, default)
        return None

    def _checked_action(self, seat: Any, action: Any, token: Any) -> tuple[int, Action]:
        """The message's seat and its action (JSON) as an Action of this game, else Refused."""
        seat = self._check(seat, token)
        try:
            return seat, self.state.coerce_action(action)
        except IllegalAction as exc:
            raise Refused(f"refused: {exc}") from None

    def choose(self, seat: Any, action: Any, token: Any) -> str:
        """A button: the action (JSON) must be one the seat is offered right now."""
        seat, act = self._checked_action(seat, action, token)
        offered = self.offered_buttons(seat)
        if act not in offered:
            why = ""
            if act not in self.state.legal_actions(seat):
                reason = self.state.explain_illegal(seat, act)
                why = f" ({reason})" if reason else " (not legal now)"
            raise Refused(f"refused: {act} is not one of your options{why}")
        return self.submit(seat, act)

    def act(self, seat: Any, action: Any, token: Any) -> str:
        """A view that names a whole legal action (the 3D view's "Place here"): checked, played."""
        seat, act = self._checked_action(seat, action, token)
        if act.kind in self.timed_kinds or act not in self.state.legal_actions(seat):
            reason = self.state.explain_illegal(seat, act) or "not legal now"
            raise Refused(f"not legal: {self.state.describe_action(act)}: {reason}")
        return self.submit(seat, act)

    def cancel_choice(self) -> None:
        self.choice = None
        self._options_cache = None

    def offered_buttons(self, seat: int) -> list[Action]:
        """Buttons shown to ``seat``: a clicked target's actions, else the non-spatial ones."""
        targets, buttons = self.options(seat)
        if self.choice and self.choice[0] == seat:
            return list(self.choice[2])
        return buttons

    def explain_target(self, seat: int, target: str) -> str:
        """Why a click on ``target`` does nothing (games may add ``explain_target``)."""
        targets, buttons = self.options(seat)
        explain = getattr(self.state, "explain_target", None)
        reason = explain(seat, target) if callable(explain) else None
        if not reason:
            kinds = sorted({a.kind for acts in targets.values() for a in acts})
            if targets:
                reason = f"no legal move there; legal now: {', '.join(kinds)} on {len(targets)} highlighted place(s)"
            else:
                reason = "nothing on the board is playable now"
            if buttons:
                reason += "; or the buttons: " + ", ".join(
                    sorted({self.state.describe_action(a) for a in buttons})[:6]
                )
        return f"not legal: {target}: {reason}"

    def submit(self, seat: int, action: Action) -> str:
        """Play ``action`` for human ``seat`` (already checked to be offered)."""
        if not self.realtime:
            self._undo.append(
                _Snapshot(
                    self.state.clone(),
                    [self.chance.get_state(), *(r.bit_generator.state for r in self.agent_rngs)],
                    dict(self.pending),
                )
            )
        label = self.state.describe_action(action)
        self.choice = None
        seen = len(self.state.events)
        if self.state.current_player() == SIMULTANEOUS:
            self.pending[seat] = action
        else:
            self.state.apply_action(action)
            self._guard_own(seat, action, seen)
        if self.recorder is not None:
            self.recorder.decision(self, seat, action)
        self._touch()
        return f"you played {label}"

    def play_path(self, seat: int, path: Sequence[Action]) -> str:
        """Several actions of one click (e.g. a move along a path), each checked as it comes.

        The path stops early if the seat is no longer to act or the next step is not legal
        (the game changed under it, e.g. a collision ended the move). One undo takes back all.
        """
        msg = self.submit(seat, path[0])
        undo_depth = len(self._undo)
        done = 1
        for action in path[1:]:
            if self.state.current_player() != seat or action not in self.state.legal_actions(seat):
                break
            self.submit(seat, action)
            done += 1
        del self._undo[undo_depth:]
        return msg if done == 1 else f"you played {done} steps: " + ", ".join(
            self.state.describe_action(a) for a in path[:done])

    # ------------------------------------------------------------------ undo barriers (#20 item 8)
    def _barrier(self, reason: str) -> None:
        """No undo before this point: a player has seen something an undo cannot unsee."""
        if self._undo or not self.undo_block:
            self.undo_block = reason
        self._undo.clear()

    def _guard_own(self, seat: int, action: Action, seen: int) -> None:
        """A human's own move that revealed hidden information to them (e.g. a peek)."""
        args = {json.dumps(a, default=str) for a in action.to_json()[1:]}
        for e in self.state.events[seen:]:
            if e.visible_to is None or seat not in e.visible_to:
                continue
            new = {k for k, v in e.data.items() if k != "player" and json.dumps(v, default=str) not in args}
            if new:
                self._barrier(f"undo is off before your {action.kind}: it showed you hidden "
                              f"information ({e.kind}: {', '.join(sorted(new))})")
                return

    def _guard_other(self, seen: int, what: str) -> None:
        """Chance, an agent or a simultaneous reveal: private events reaching a human seat."""
        for e in self.state.events[seen:]:
            if e.visible_to is not None and any(h in e.visible_to for h in self.humans):
                self._barrier(f"undo is off before {what}: it showed you hidden information ({e.kind})")
                return

    # ------------------------------------------------------------------ the machine's moves
    def can_advance(self) -> bool:
        """True if chance or an agent can move now without a human."""
        cur = self.state.current_player()
        if cur == TERMINAL:
            return False
        if cur == CHANCE:
            return True
        if cur == SIMULTANEOUS:
            waiting = [p for p in self.acting() if p not in self.pending]
            return all(p in self.agents for p in waiting)
        return cur in self.agents

    def advance(self) -> bool:
        """Play one chance outcome or one agent move (or complete a simultaneous node)."""
        if not self.can_advance():
            return False
        st = self.state
        cur = st.current_player()
        seen = len(st.events)
        if cur == CHANCE:
            outcome = self.chance.sample(st)  # the streams lab.play draws from: same seed, same dice
            st.apply_action(outcome)
            # an undo past a chance outcome would let a player see it and choose again
            self._barrier(f"undo is off before the chance outcome {st.describe_action(outcome)!r} "
                          "(a player may not see a roll or a draw and then take a move back)")
        elif cur == SIMULTANEOUS:
            joint = dict(self.pending)
            for p in st.acting_players():
                if p not in joint:
                    joint[p] = self._ask(p)
            self.pending = {}
            st.apply_actions(joint)
            if any(p in self.humans for p in joint):
                self._barrier("undo is off before the simultaneous choices were revealed")
        else:
            st.apply_action(self._ask(cur))
            self._guard_other(seen, f"{player_name(cur)}'s move")
        self._touch()
        return True

    def run(self, max_steps: int = 100_000) -> int:
        """Advance until a human must act or the game ends; returns the steps taken."""
        steps = 0
        while steps < max_steps and self.advance():
            steps += 1
        return steps

    def _ask(self, p: int) -> Action:
        legal = self.state.legal_actions(p)
        action = decide(self.agents[p], self.state, p, legal, self.agent_rngs[p])  # search agents get a seat view
        if action not in legal:
            raise IllegalAction(f"agent {self.agents[p]!r} (player {p}) chose {action}, not legal")
        return action

    # ------------------------------------------------------------------ undo, save, load
    def can_undo(self) -> bool:
        return bool(self._undo) and not self.realtime

    def undo_note(self) -> str:
        """Why undo is not available now (``""`` when it is)."""
        if self.realtime:
            return "undo is off in real-time play (a race cannot be taken back)"
        if self._undo:
            return ""
        return self.undo_block or "nothing to undo: no human move yet in this game"

    def undo(self) -> str:
        """Go back to just before the last human decision (agents' later moves go too).

        Never past a chance outcome, a simultaneous reveal or hidden information a human seat
        has seen since (:meth:`_barrier`): the undo is refused there, saying why.
        """
        if not self.can_undo():
            raise Refused(self.undo_note())
        snap = self._undo.pop()
        self.state = snap.state
        self.chance.set_state(snap.rngs[0])
        for rng, st in zip(self.agent_rngs, snap.rngs[1:], strict=True):
            rng.bit_generator.state = st
        self.pending = snap.pending
        self.choice = None
        for p, agent in self.agents.items():
            agent.reset(self.game, p)
        self._touch()
        return "undone: back before your last move"

    def save(self) -> str:
        """The game as the lab's save JSON (the whole history: keep it out of the browser)."""
        return self.state.to_json()

    def load(self, text: str | bytes) -> str:
        """Continue a saved game of this game and variant (lab.InvalidSave if it is not)."""
        state = lab.state_from_json(text)
        if state.game != self.game:
            raise Refused(f"refused: that save is a game of {state.game!r}, not {self.game!r}")
        self.new_game(None, state)
        return f"loaded a saved game at move {state.move_number()}"

    # ------------------------------------------------------------------ the browser's view
    def log_entries(self, viewer: int | None) -> list[dict[str, Any]]:
        """The last :data:`LOG_LINES` lines of ``viewer``'s move log, each with its words.

        A game's events (those ``viewer`` may see); a game made with the kit also gets its moves
        and chance outcomes in words, as far as ``viewer`` can tell them (:class:`lab.kit.render.StepLog`).
        """
        st = self.state
        step_log = getattr(vocabulary(st.game), "StepLog", None)
        if step_log is not None:
            log = self._step_logs.get(viewer)
            if log is None:
                log = self._step_logs[viewer] = step_log(viewer)
            return [dict(e) for e in log.entries(st)[-LOG_LINES:]]
        return [event_entry(e, st, viewer) for e in st.events_for(viewer)[-LOG_LINES:]]

    def view(self) -> dict[str, Any]:
        """Everything the browser gets: computed for the viewing seat only."""
        st = self.state
        viewer = self.viewer
        seat = -1 if viewer is None else viewer
        targets: dict[str, list[Action]] = {}
        buttons: list[Action] = []
        if viewer is not None:
            targets, _ = self.options(viewer)
            buttons = self.offered_buttons(viewer)
        chosen: list[str] = []
        if self.choice and self.choice[0] == viewer:
            chosen = list(self.choice[1])
            candidates = set(self.choice[2])
            targets = {k: v for k, v in targets.items() if k in chosen or candidates.intersection(v)}
        return {
            "game": st.game.name,
            "title": st.game.title or st.game.name,
            "seat": seat,
            "token": self.version,
            "svg": st.render_svg(viewer),
            "targets": sorted(targets),
            "buttons": [
                {"label": st.describe_action(a), "action": a.to_json()} for a in buttons[:MAX_BUTTONS]
            ],
            "more_buttons": max(0, len(buttons) - MAX_BUTTONS),
            "chosen": chosen,
            "status": f"{st.game.title or st.game.name} · move {st.move_number()} · {self.waiting_on()}",
            "your_turn": bool(viewer is not None and viewer in self.human_to_act()),
            "finished": st.is_terminal(),
            "log": self.log_entries(viewer),
            "can_undo": self.can_undo(),
            "undo_note": self.undo_note(),
            "result": result_words(st, viewer),
        }

