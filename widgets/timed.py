"""Timed actions: a reaction time measured in the browser becomes an action's ``ms`` argument.

A game declares such an action with a field named ``ms`` (Fiemme–Cembra: ``slap(ms, shout)``,
FC-P5). When the viewing human must make one, the board shows the closing signal and one
button per variant of the action (e.g. shout + slap, or slap); the browser measures the real
reaction time from the moment the signal is painted to the click and sends it. The kernel
rounds it onto the action's ``ms`` grid, builds the action and checks it like any other.
The agents race with their own reaction-time models.

Bounds (#20 item 8): a time is a finite number of ms no larger than :data:`MAX_MS`; one below
the human floor (``floor_ms``, default 100 ms) is refused as not humanly possible. A race the
human does not answer within ``window_s`` seconds closes anyway: the missing hand counts as
last (the slowest time on the grid, no shout).
"""

from __future__ import annotations

import math
from typing import Any

from lab.core.actions import Action
from lab.core.game import Game
from widgets._session import Refused, Session

MS_FIELD = "ms"
MAX_MS = 3_600_000  # an hour: anything larger is not a reaction time
HUMAN_FLOOR_MS = 100
RACE_WINDOW_S = 5.0


def bounded_ms(value: Any, floor: float) -> float:
    """A reaction time from the browser, checked: finite, ``floor <= value <= MAX_MS``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        msg = f"refused: a reaction time is a non-negative number of ms, not {str(value)[:20]!r}"
        raise Refused(msg)
    # compare before any float conversion: float(10**400) itself raises OverflowError
    in_range = 0 <= value <= MAX_MS if isinstance(value, int) else math.isfinite(value) and 0 <= value <= MAX_MS
    if not in_range:
        msg = f"refused: a reaction time is a non-negative number of ms up to {MAX_MS}, not {str(value)[:20]!r}"
        raise Refused(msg)
    if value < floor:
        msg = (f"refused: {float(value):.0f} ms is faster than a human can react (the floor is "
               f"{floor:g} ms); wait for the signal, then slap")
        raise Refused(msg)
    return float(value)


class TimedActions:
    """Adapter for one action kind whose ``ms`` argument is measured in the browser."""

    def __init__(self, kind: str, ms_index: int, values: range, *, floor_ms: float = HUMAN_FLOOR_MS,
                 window_s: float = RACE_WINDOW_S) -> None:
        if not 0 <= floor_ms <= values[-1] or not 0 < window_s <= 600:
            msg = f"floor_ms must be within 0..{values[-1]} and window_s within (0, 600] s"
            raise ValueError(msg)
        self.kind = kind
        self.ms_index = ms_index
        self.values = values
        self.floor_ms = float(floor_ms)
        self.window_s = float(window_s)

    @classmethod
    def for_game(cls, game: Game, **kwargs: Any) -> TimedActions | None:
        """The adapter for ``game``'s first action kind with an ``ms`` field (else None)."""
        for spec in game.action_specs():
            for i, f in enumerate(spec.fields):
                if f.name == MS_FIELD and isinstance(f.values, range):
                    return cls(spec.kind, i, f.values, **kwargs)
        return None

    def _rest(self, action: Action) -> tuple[Any, ...]:
        return action.args[: self.ms_index] + action.args[self.ms_index + 1 :]

    def _with_ms(self, rest: tuple[Any, ...], ms: int) -> Action:
        return Action(self.kind, rest[: self.ms_index] + (ms,) + rest[self.ms_index :])

    def _human_options(self, session: Session) -> tuple[int, list[tuple[Any, ...]]] | None:
        """The viewing human seat that must make the timed action now, and its variants."""
        seat = session.viewer
        if seat is None or seat not in session.human_to_act():
            return None
        options = self._options(session, seat)
        return (seat, options) if options else None

    def _options(self, session: Session, seat: int) -> list[tuple[Any, ...]]:
        legal = [a for a in session.state.legal_actions(seat) if a.kind == self.kind]
        return sorted({self._rest(a) for a in legal}, key=repr, reverse=True)

    def offer(self, session: Session) -> dict[str, Any] | None:
        """What the browser shows: the signal and one button per variant (None: nothing timed)."""
        session.timed_kinds = {self.kind}
        found = self._human_options(session)
        if found is None:
            return None
        _seat, options = found
        shouting = any(any(v is True for v in rest) for rest in options)
        signal = "Your hand is complete: shout and slap!" if shouting else "Someone closed: slap the deck!"
        labels = []
        for rest in options:
            if rest and all(isinstance(v, bool) for v in rest):
                labels.append("shout “Fiemme!” + SLAP" if any(rest) else "SLAP (no shout)")
            else:
                labels.append(f"{self.kind.upper()} {' '.join(map(str, rest))}".strip())
        return {
            "kind": self.kind,
            "signal": signal,
            "label": labels[0],
            "options": labels,
            "max_ms": self.values[-1],
            "window_s": self.window_s,
            "node": session.version,  # a new race restarts the clock even if it looks the same
        }

    def submit(self, session: Session, seat: Any, ms: Any, token: Any, option: Any = 0) -> str:
        """The human's measured reaction: rounded to the grid, checked, played."""
        seat = session._check(seat, token)
        ms = bounded_ms(ms, self.floor_ms)
        options = self._options(session, seat)
        if not options:
            raise Refused(f"refused: there is no {self.kind} to time now ({session.waiting_on()})")
        if isinstance(option, bool) or not isinstance(option, int) or not 0 <= option < len(options):
            raise Refused(f"refused: option {str(option)[:10]!r} is not one of 0..{len(options) - 1}")
        step = self.values.step or 1
        lo, hi = self.values[0], self.values[-1]
        value = int(min(hi, max(lo, lo + round((ms - lo) / step) * step)))
        action = self._with_ms(options[option], value)
        if action not in session.state.legal_actions(seat):
            raise Refused(f"refused: {action} is not legal now")
        session.submit(seat, action)
        return f"you reacted in {ms:.0f} ms ({session.state.describe_action(action)})"

    def close_race(self, session: Session) -> str | None:
        """The race window ran out: the human seat still to slap counts as last (None: nothing)."""
        found = self._human_options(session)
        if found is None:
            return None
        seat, options = found
        quiet = [r for r in options if not any(v is True for v in r)] or options
        action = self._with_ms(quiet[0], self.values[-1])
        if action not in session.state.legal_actions(seat):
            return None
        session.submit(seat, action)
        # not the action's own words: its ms is the grid's slowest time, not how long we waited
        return f"too slow: no slap within {self.window_s:g} s, so your hand counts as last"
