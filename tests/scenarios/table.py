"""The seed-scenario table's vocabulary and its generic runner (issue #39).

A :class:`Scenario` is one row: the clause it speaks about, the seed's own words, what the row
checks in English, a *setup* (how the game is brought to the clause's situation), *steps*
(actions played from there) and *expectations* (events, returns, legal actions, what the table
sees). Setups, steps and expectations are small named objects, each with the words a reader
checks against the seed (``text``) and the function that does it; :func:`run` plays a row and
reports every expectation that failed, in those words. Nothing here knows any game: the
per-game modules (``tests/scenarios/<game>.py``) hold their clause lists and their rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import lab
from lab.core.actions import Action
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State

Check = Callable[[State, int], "str | None"]


@dataclass(frozen=True)
class Setup:
    """How a row's situation is reached: ``make()`` returns the state, ``text`` says how."""

    text: str
    make: Callable[[], State]


@dataclass(frozen=True)
class Step:
    """One thing played from the setup (an action, a joint action, a chance outcome, a line)."""

    text: str
    play: Callable[[State], None]


@dataclass(frozen=True)
class Expect:
    """One expected outcome; ``check(state, first_new_event)`` returns None or what is wrong."""

    text: str
    check: Check


@dataclass(frozen=True)
class Scenario:
    """One row of a game's seed-scenario table."""

    clause: str
    seed: str  # the seed's words, in its own language
    reading: str  # what the row checks, in English
    setup: Setup
    steps: tuple[Step, ...] = ()
    expect: tuple[Expect, ...] = ()
    name: str = ""  # a short id for the row (the test id), unique within the clause

    @property
    def id(self) -> str:
        return f"{self.clause}:{self.name}" if self.name else self.clause


def run(scenario: Scenario) -> State:
    """Play ``scenario``'s setup and steps and check every expectation; raise AssertionError
    listing each one that failed, in the row's words. Returns the final state."""
    state = scenario.setup.make()
    start = len(state.events) if scenario.steps else 0  # no steps: the setup's events are the outcome
    for step in scenario.steps:
        try:
            step.play(state)
        except lab.IllegalAction as exc:
            msg = f"{scenario.id}: step {step.text!r} was refused: {exc}"
            raise AssertionError(msg) from None
    problems = []
    for expectation in scenario.expect:
        problem = expectation.check(state, start)
        if problem:
            problems.append(f"  - {expectation.text}: {problem}")
    if problems:
        msg = f"{scenario.id} ({scenario.reading}):\n" + "\n".join(problems)
        raise AssertionError(msg)
    return state


# ---------------------------------------------------------------------- steps
def act(kind: str, *args: Any) -> Step:
    """The player to act (or chance) plays ``kind(args)``."""
    action = Action(kind, tuple(args))
    return Step(str(action), lambda st: st.apply_action(action))


def acts(*actions: tuple[Any, ...]) -> tuple[Step, ...]:
    """Several :func:`act` steps: ``acts(("attack",), ("d8", 7))``."""
    return tuple(act(a[0], *a[1:]) for a in actions)


def joint(text: str, by_seat: dict[int, tuple[Any, ...]]) -> Step:
    """Every seat at a simultaneous node plays its action at once."""
    actions = {p: Action(a[0], tuple(a[1:])) for p, a in by_seat.items()}
    return Step(text, lambda st: st.apply_actions(actions))


def step(text: str, play: Callable[[State], None]) -> Step:
    """A step a game module builds from the state (find a slot, pick a card ...)."""
    return Step(text, play)


# ---------------------------------------------------------------------- expectations
def _new(state: State, start: int) -> list[Any]:
    return list(state.events[start:])


def _matches(event: Any, clause: str | None, kind: str | None, fields: dict[str, Any]) -> bool:
    if clause is not None and event.clause != clause:
        return False
    if kind is not None and event.kind != kind:
        return False
    data = event.data
    return all(k in data and _same(data[k], v) for k, v in fields.items())


def _same(got: Any, want: Any) -> bool:
    if isinstance(want, list | tuple) and isinstance(got, list | tuple):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want, strict=True))
    return bool(got == want)


def _shown(events: Sequence[Any]) -> str:
    return ", ".join(f"{e.clause}/{e.kind}" for e in events[-12:]) or "no events"


def event(clause: str | None, kind: str | None = None, **fields: Any) -> Expect:
    """An event of ``clause`` and ``kind`` (either may be None: any) with these data fields was
    logged by the steps (by the setup, for a row without steps)."""
    words = ", ".join(f"{k}={v!r}" for k, v in fields.items())

    def check(state: State, start: int) -> str | None:
        got = _new(state, start)
        if any(_matches(e, clause, kind, fields) for e in got):
            return None
        return f"not logged; the events were: {_shown(got)}"

    return Expect(f"event {clause}/{kind}" + (f" with {words}" if words else ""), check)


def no_event(clause: str | None, kind: str | None = None, **fields: Any) -> Expect:
    """No such event was logged by the steps."""

    def check(state: State, start: int) -> str | None:
        bad = [e for e in _new(state, start) if _matches(e, clause, kind, fields)]
        return f"logged: {dict(bad[0].data)}" if bad else None

    return Expect(f"no event {clause}/{kind}", check)


def events_in_order(*wanted: tuple[str, str]) -> Expect:
    """These (clause, kind) events were logged by the steps in this order (others may come
    between them)."""

    def check(state: State, start: int) -> str | None:
        it = iter((e.clause, e.kind) for e in _new(state, start))
        missing = [w for w in wanted if w not in it]
        return f"{missing[0]} missing or out of order in {_shown(_new(state, start))}" if missing else None

    return Expect("events in order: " + " -> ".join(f"{c}/{k}" for c, k in wanted), check)


def last_event(clause: str, kind: str) -> Expect:
    """The last event logged is this one (nothing happened after it)."""

    def check(state: State, start: int) -> str | None:
        last = state.events[-1] if state.events else None
        if last is not None and (last.clause, last.kind) == (clause, kind):
            return None
        return f"the last event is {last.clause}/{last.kind}" if last else "no event"

    return Expect(f"the last event is {clause}/{kind}", check)


def count(clause: str | None, kind: str | None, n: int, **fields: Any) -> Expect:
    """Exactly ``n`` such events were logged by the steps."""

    def check(state: State, start: int) -> str | None:
        got = sum(1 for e in _new(state, start) if _matches(e, clause, kind, fields))
        return None if got == n else f"{got} logged"

    return Expect(f"{n} event(s) {clause}/{kind}", check)


def returns(*values: float) -> Expect:
    def check(state: State, start: int) -> str | None:
        got = state.returns()
        return None if list(got) == list(values) else f"returns are {got}"

    return Expect(f"returns {list(values)}", check)


def winners(*seats: int) -> Expect:
    def check(state: State, start: int) -> str | None:
        got = state.winners()
        return None if list(got) == list(seats) else f"winners are {got}"

    return Expect(f"winners {list(seats)}", check)


def terminal() -> Expect:
    def check(state: State, start: int) -> str | None:
        return None if state.is_terminal() else f"the game goes on ({_who(state)} to act)"

    return Expect("the game is over", check)


def running() -> Expect:
    def check(state: State, start: int) -> str | None:
        return f"the game is over: {state.events[-1].clause}/{state.events[-1].kind}" if state.is_terminal() else None

    return Expect("the game goes on", check)


def _who(state: State) -> str:
    cur = state.current_player()
    return {CHANCE: "chance", SIMULTANEOUS: "every seat", TERMINAL: "nobody"}.get(cur, f"seat {cur}")


def to_act(who: int) -> Expect:
    """The next to act: a seat, or ``CHANCE`` / ``SIMULTANEOUS``."""

    def check(state: State, start: int) -> str | None:
        return None if state.current_player() == who else f"{_who(state)} is to act"

    names = {CHANCE: "chance", SIMULTANEOUS: "every seat at once"}
    return Expect(f"{names.get(who, f'seat {who}')} acts next", check)


def legal(text: str, predicate: Callable[[list[Action]], bool], player: int | None = None) -> Expect:
    """The legal actions (of ``player``, default the one to act) satisfy ``predicate``."""

    def check(state: State, start: int) -> str | None:
        got = list(state.legal_actions() if player is None else state.legal_actions(player))
        shown = ", ".join(map(str, got[:8])) + (" ..." if len(got) > 8 else "")
        return None if predicate(got) else f"legal: {shown or 'none'}"

    return Expect(f"legal actions: {text}", check)


def legal_is(*actions: tuple[Any, ...], player: int | None = None) -> Expect:
    want = [Action(a[0], tuple(a[1:])) for a in actions]
    return legal(f"exactly {', '.join(map(str, want))}", lambda got: got == want, player)


def refused(kind: str, *args: Any, player: int | None = None) -> Expect:
    """Playing ``kind(args)`` now raises IllegalAction and leaves the state as it was."""
    action = Action(kind, tuple(args))

    def check(state: State, start: int) -> str | None:
        before = state.full_state()
        try:
            if player is None:
                state.apply_action(action)
            else:
                state.apply_actions({player: action})
        except lab.IllegalAction:
            return None if state.full_state() == before else "refused, but the state changed"
        return "it was accepted"

    return Expect(f"{action} is refused", check)


def chance_outcomes(text: str, predicate: Callable[[list[tuple[Action, float]]], bool]) -> Expect:
    def check(state: State, start: int) -> str | None:
        if state.current_player() != CHANCE:
            return f"not a chance node ({_who(state)} to act)"
        got = list(state.chance_outcomes())
        return None if predicate(got) else f"outcomes: {[(str(a), round(p, 4)) for a, p in got[:8]]}"

    return Expect(f"chance: {text}", check)


def seen(key: str, value: Any, viewer: int | None = None) -> Expect:
    """``observation(viewer)[key] == value`` (``None``: what the whole table sees)."""

    def check(state: State, start: int) -> str | None:
        got = state.observation(viewer)[key]
        return None if _same(got, value) else f"observation[{key!r}] is {got!r}"

    who = "the table" if viewer is None else f"seat {viewer}"
    return Expect(f"{who} sees {key} = {value!r}", check)


def that(text: str, predicate: Callable[[State], bool]) -> Expect:
    """A game-specific fact, in words."""

    def check(state: State, start: int) -> str | None:
        return None if predicate(state) else "false"

    return Expect(text, check)


def lint_finding(finding_id: str, *words: str, severity: str | None = None) -> Expect:
    """The linter, on the state's game, reports ``finding_id`` with these words in its message."""

    def check(state: State, start: int) -> str | None:
        found = {f.id: f for f in lab.lint(state.game)}
        f = found.get(finding_id)
        if f is None:
            return f"no finding {finding_id} (found {sorted(found)})"
        if severity is not None and f.severity != severity:
            return f"severity {f.severity}"
        lost = [w for w in words if w not in f.message]
        return f"the message lacks {lost}: {f.message[:160]}" if lost else None

    return Expect(f"lint finding {finding_id}" + (f" saying {list(words)}" if words else ""), check)


def no_lint_finding(finding_id: str) -> Expect:
    def check(state: State, start: int) -> str | None:
        found = {f.id for f in lab.lint(state.game)}
        return f"{finding_id} reported" if finding_id in found else None

    return Expect(f"no lint finding {finding_id}", check)


# ---------------------------------------------------------------------- a game's table
@dataclass(frozen=True)
class Table:
    """A game's clause list (every clause of RULES.md for it, with the digest's words) and rows."""

    game: str
    clauses: dict[str, str]
    scenarios: tuple[Scenario, ...] = field(default_factory=tuple)

    def covered(self) -> set[str]:
        return {s.clause for s in self.scenarios} & set(self.clauses)

    def unknown(self) -> list[str]:
        return sorted({s.clause for s in self.scenarios} - set(self.clauses))


def coverage(tables: Iterable[Table]) -> list[tuple[str, int, int, int]]:
    """(game, clauses with a scenario, all clauses, scenarios) per table."""
    return [(t.game, len(t.covered()), len(t.clauses), len(t.scenarios)) for t in tables]
