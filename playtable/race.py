"""Real-time races across browsers (Fiemme–Cembra's slap, FC-P5): who slapped first, by the
server's clock, corrected for each browser's network delay.

The clock
---------
Every connection is pinged by the server (at its hello, then every few seconds); the browser
answers each ping at once. A round trip ``rtt`` is measured on the server's monotonic clock
from the ping's send to the pong's arrival; :class:`Clock` keeps the last :data:`RTT_SAMPLES`
and uses their **median** (a late sample from a busy moment does not move it). The network
delay one way is taken as half of it, the same in both directions.

A person's reaction
-------------------
The race's signal goes out inside the seat's view at server time ``t_sent`` (stamped as the
frame is written to that connection); it reaches the browser ``rtt/2`` later, the person
reacts, and the slap reaches the server at ``t_recv``, ``rtt/2`` after it left. So::

    reaction_ms = (t_recv - t_sent) - rtt_median          # = raw - 2 x one-way delay

(never below 0). The browser's own measure (from the frame painting the signal to the click)
is recorded beside it as ``client_ms``; the server's number decides. What the server's
number still counts as reaction: the browser's paint of the signal (one frame, ~16 ms) and
any time the server's event loop was busy before it read the slap.

Who reacts to what (FC-P5)
--------------------------
Fiemme–Cembra's rules time a closer's slap from the pass and everybody else's from the first
closer's slap ("they react to it"). So the race is run in two phases: the seats offered a
variant with a flag set (the closers' ``shout``) are *leaders* and get the signal when the race
opens; the others (*followers*) get "slap!" when the first leader's slap lands: a person's slap
as the server receives it, an agent's at ``opened + its ms``, or a leader's window running out.
A game with a timed action and no such flag has one phase (everybody from the opening).

Windows
-------
A leader's window runs ``window_s`` from the opening, a follower's from its signal. A seat
whose window ran out counts as the slowest hand (the action's largest ``ms``, no shout): the
race closes by the server's timer, even if a browser vanished or never came.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

RTT_SAMPLES = 9
MAX_OUTSTANDING_PINGS = 8


def now() -> float:
    """The server clock (monotonic seconds)."""
    return time.monotonic()


class Clock:
    """Round-trip samples of one connection."""

    _ids = itertools.count(1)

    def __init__(self) -> None:
        self.samples: deque[float] = deque(maxlen=RTT_SAMPLES)
        self.outstanding: dict[int, float] = {}

    def ping(self, at: float | None = None) -> int:
        """A new ping id (its send time kept); the oldest unanswered ones are forgotten."""
        ident = next(self._ids)
        self.outstanding[ident] = now() if at is None else at
        while len(self.outstanding) > MAX_OUTSTANDING_PINGS:
            self.outstanding.pop(next(iter(self.outstanding)))
        return ident

    def sent(self, ident: int, at: float) -> None:
        """The ping ``ident`` left at ``at`` (stamped when written to the socket)."""
        if ident in self.outstanding:
            self.outstanding[ident] = at

    def pong(self, ident: Any, at: float | None = None) -> float | None:
        """The answer to ping ``ident``: its round trip in seconds (None: not one of ours)."""
        if isinstance(ident, bool) or not isinstance(ident, int):
            return None
        started = self.outstanding.pop(ident, None)
        if started is None:
            return None
        rtt = max(0.0, (now() if at is None else at) - started)
        self.samples.append(rtt)
        return rtt

    def rtt(self) -> float | None:
        """Median round trip in seconds (None before the first sample)."""
        return statistics.median(self.samples) if self.samples else None


def reaction_ms(t_recv: float, t_sent: float, rtt: float | None) -> tuple[float, float]:
    """``(corrected, raw)`` reaction in ms from the server's times and the median round trip."""
    raw = max(0.0, (t_recv - t_sent) * 1000.0)
    corrected = max(0.0, raw - (rtt or 0.0) * 1000.0)
    return corrected, raw


@dataclass
class Race:
    """One race: its phases, windows and what each seat did (times on the server clock)."""

    key: tuple[int, int]  # (game number, move number): a race is one node of one game
    opened: float
    window_s: float
    leaders: set[int]  # seats timed from the opening
    followers: set[int]  # seats timed from the first leader's slap
    humans: set[int]  # the seats people play in this race
    agent_leader_ms: dict[int, float] = field(default_factory=dict)
    first_leader: float | None = None  # when the followers' signal went out
    done: set[int] = field(default_factory=set)  # seats whose slap is in (people and agents)
    results: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.leaders:  # one phase: everybody reacts to the opening
            self.first_leader = self.opened

    # ------------------------------------------------------------------ phases
    def signal_time(self, seat: int) -> float | None:
        """When ``seat``'s signal goes out (None: not yet: a follower before the first slap)."""
        if seat in self.leaders or not self.leaders:
            return self.opened
        return self.first_leader

    def signalled(self, seat: int) -> bool:
        return self.signal_time(seat) is not None

    def deadline(self, seat: int) -> float | None:
        start = self.signal_time(seat)
        return None if start is None else start + self.window_s

    def leader_landed(self, at: float) -> bool:
        """A leader's slap landed at ``at``: the followers' signal (True if it went out now)."""
        if self.first_leader is None:
            self.first_leader = at
            return True
        return False

    def agent_leader_time(self) -> float | None:
        """When the fastest agent leader's slap lands (None: no agent leads)."""
        if not self.agent_leader_ms:
            return None
        return self.opened + min(self.agent_leader_ms.values()) / 1000.0

    def next_wakeup(self) -> float | None:
        """The next server time at which something happens by itself (a window, an agent)."""
        times = [t for p in self.humans - self.done if (t := self.deadline(p)) is not None]
        if self.first_leader is None:
            agent = self.agent_leader_time()
            if agent is not None:
                times.append(agent)
            times += [self.opened + self.window_s]  # leaders' windows
        return min(times) if times else None

    def due(self, at: float) -> tuple[bool, list[int]]:
        """At ``at``: (did the followers' signal just go out, people whose window ran out)."""
        signalled = False
        if self.first_leader is None:
            agent = self.agent_leader_time()
            if agent is not None and agent <= at:
                signalled = self.leader_landed(agent)
        late = sorted(p for p in self.humans - self.done if (d := self.deadline(p)) is not None and d <= at)
        if self.first_leader is None and any(p in self.leaders for p in late):
            signalled = self.leader_landed(at) or signalled
        return signalled, late

    def waiting(self) -> set[int]:
        return self.humans - self.done
