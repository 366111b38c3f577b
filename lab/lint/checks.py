"""Component-accounting checks a game declares from its own tables (see :func:`lab.lint.lint`).

A game's :meth:`~lab.core.game.Game.accounting` returns a list of these, built from its
component tables, its set-up rules and the totals its rule text *states*. The checks compare
the two; they know nothing of any particular game, so a finding comes from the data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Finding:
    """One problem the linter found."""

    id: str
    clauses: tuple[str, ...]
    message: str
    suggested_fix: str
    severity: str = "error"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "clauses": list(self.clauses),
            "message": self.message,
            "suggested_fix": self.suggested_fix,
            "severity": self.severity,
        }


def summed(parts: Mapping[str, int]) -> str:
    """``"3 red + 2 blue"``: a breakdown (label -> count) in words."""
    return " + ".join(f"{n} {label}" for label, n in parts.items())


def one_finding(check: Any, message: str, default_fix: str, severity: str = "error") -> list[Finding]:
    """The single finding of ``check`` (its ``id``, ``clauses`` and own ``fix`` if it has one)."""
    return [Finding(check.id, check.clauses, message, check.fix or default_fix, severity)]


@dataclass(frozen=True)
class StatedTotal:
    """A number the rules state, against the same number recomputed from components and set-up.

    ``parts`` is the recomputation's breakdown (label -> count); its sum is the computed total.
    """

    id: str
    clauses: tuple[str, ...]
    what: str
    stated: int
    parts: Mapping[str, int]
    fix: str = ""

    def run(self) -> list[Finding]:
        computed = sum(self.parts.values())
        if computed == self.stated:
            return []
        return one_finding(self, f"{self.what}: the rules state {self.stated}, but {summed(self.parts)} = {computed}",
                           f"state {computed}, or change the component counts so they add up to {self.stated}")


@dataclass(frozen=True)
class Conservation:
    """Every component of a kind is somewhere: the places it goes must add up to the whole."""

    id: str
    clauses: tuple[str, ...]
    what: str
    total: int
    places: Mapping[str, int]
    fix: str = ""

    def run(self) -> list[Finding]:
        placed = sum(self.places.values())
        if placed == self.total:
            return []
        verb = "more than" if placed > self.total else "fewer than"
        return one_finding(self, f"{self.what}: {summed(self.places)} = {placed}, {verb} the {self.total} that exist",
                           f"make the places add up to {self.total}")


@dataclass(frozen=True)
class Reachable:
    """A goal needs ``needs[kind]`` components of each kind; ``available[kind]`` can ever be won."""

    id: str
    clauses: tuple[str, ...]
    goal: str
    needs: Mapping[str, int]
    available: Mapping[str, int]
    fix: str = ""
    consequence: str = ""

    def run(self) -> list[Finding]:
        short = {k: (n, self.available.get(k, 0)) for k, n in self.needs.items() if self.available.get(k, 0) < n}
        if not short:
            return []
        gaps = "; ".join(f"needs {n} {k} but at most {have} can ever be won" for k, (n, have) in short.items())
        text = f"{self.goal} is unreachable: {gaps}"
        if self.consequence:
            text += f". {self.consequence}"
        return one_finding(self, text, "let those components enter play")


@dataclass(frozen=True)
class Enough:
    """A set-up step needs ``needed`` components; ``parts`` (label -> count) is what there is."""

    id: str
    clauses: tuple[str, ...]
    what: str
    needed: int
    parts: Mapping[str, int]
    fix: str = ""

    def run(self) -> list[Finding]:
        have = sum(self.parts.values())
        if have >= self.needed:
            return []
        return one_finding(self, f"{self.what}: needs {self.needed}, but there are only {summed(self.parts)} = {have}",
                           f"provide at least {self.needed}")


@dataclass(frozen=True)
class Divisible:
    """``total`` components must be shared equally among ``parts`` (e.g. players)."""

    id: str
    clauses: tuple[str, ...]
    what: str
    total: int
    parts: int
    fix: str = ""
    severity: str = "warning"

    def run(self) -> list[Finding]:
        if self.parts > 0 and self.total % self.parts == 0:
            return []
        q, r = divmod(self.total, self.parts) if self.parts else (0, self.total)
        return one_finding(self, f"{self.what}: {self.total} cannot be shared equally among {self.parts} ({q} each, {r} left over)",
                           "say who gets the remainder, or change the count", self.severity)


@dataclass(frozen=True)
class Note:
    """A fixed observation about the rules (an open point that is a parameter, for example)."""

    id: str
    clauses: tuple[str, ...]
    message: str
    fix: str = ""
    severity: str = "info"
    extra: Mapping[str, Any] = field(default_factory=dict)

    def run(self) -> list[Finding]:
        return [Finding(self.id, self.clauses, self.message, self.fix, self.severity)]


@dataclass(frozen=True)
class CycleWitness:
    """A line of play found by a game's witness (see :class:`NoProgress`).

    ``lead_in``: what was played to reach the cycle; ``cycle``: one turn of the cycle, in words;
    ``measure``: the name of the progress measure; ``values``: the measure where the cycle starts
    and after each turn of it (played ``len(values) - 1`` times, the game still running).
    """

    lead_in: str
    cycle: str
    measure: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class NoProgress:
    """A reachable cycle of play that makes no progress towards the end of the game.

    ``witness`` plays the game itself (the variant's own rules and rule points) from its start:
    it returns a :class:`CycleWitness`, or ``None`` when the line it tries cannot be played in
    this variant. The check reports the cycle when it was played at least twice and the progress
    measure came back to its value after every turn of it: the rules then let the game run for
    ever, with players playing as the rules intend, and only something outside the cycle ends
    it. ``passage`` quotes the seed's words that make the cycle.
    """

    id: str
    clauses: tuple[str, ...]
    what: str
    witness: Any
    passage: str
    fix: str = ""
    severity: str = "warning"
    consequence: str = ""

    def run(self) -> list[Finding]:
        found = self.witness()
        if found is None or len(found.values) < 3 or len(set(found.values)) != 1:
            return []
        turns = len(found.values) - 1
        text = (f"{self.what}: a reachable cycle with no progress. After {found.lead_in}, "
                f"{found.cycle}; played {turns} times, {found.measure} stays {found.values[0]} "
                f"and the game goes on. The seed: \u00ab{self.passage}\u00bb")
        if self.consequence:
            text += f". {self.consequence}"
        return one_finding(self, text, "make every turn of play move the game towards its end", self.severity)
