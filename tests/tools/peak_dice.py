"""A test-only dice game whose designer metric peaks at a known setting (for the autopilot).

Two players. A die with ``noise`` sides is rolled (PD-1); then player 0 calls the roll (PD-2, a
single legal action) and the game ends. The game's ``score`` metric is::

    100 - ((x - 37)**2 + (y - 71)**2) / 25 + bonus(roll) + roll - (noise + 1) / 2

so ``maximise score`` has its optimum at ``x = 37, y = 71`` (any ``noise``), with a dice noise
of mean 0 on top. ``bonus`` is a house-rule point (PD-3, default: no bonus): the game offers
``rule_points()`` and ``with_rules({"PD-3": fn})`` as the house-rules contract describes, so the
autopilot can treat house rules as categorical choices. Player 0 wins on an even roll.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lab.core.actions import Action, ActionSpec, Field, act
from lab.core.chance import uniform
from lab.core.errors import InvalidVariant
from lab.core.game import Game
from lab.core.params import ParamSpec
from lab.core.state import CHANCE, TERMINAL, State

OPTIMUM = {"x": 37, "y": 71}


def no_bonus(roll: int) -> float:
    """PD-3 as printed: a roll scores no bonus."""
    return 0.0


@dataclass(frozen=True)
class RulePoint:
    """A replaceable rule (the subset of the house-rules contract the autopilot reads)."""

    name: str
    doc: str


class PeakState(State):
    def __init__(self, game: PeakDice) -> None:
        super().__init__(game)
        self.roll = 0
        self.called = False

    def current_player(self) -> int:
        if self.roll == 0:
            return CHANCE
        return TERMINAL if self.called else 0

    def _legal_actions(self, player: int) -> list[Action]:
        return [act("call", self.roll)]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return uniform([act("roll", r) for r in range(1, self.game.params["noise"] + 1)])

    def _apply_action(self, action: Action) -> None:
        if action.kind == "roll":
            self.roll = int(action.args[0])
            self.log("PD-1", "rolled", roll=self.roll)
        else:
            self.called = True
            self.log("PD-2", "called", player=0, roll=self.roll)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, -1.0] if self.roll % 2 == 0 else [-1.0, 1.0]

    def metrics(self) -> dict[str, float]:
        p = self.game.params
        peak = 100 - ((p["x"] - 37) ** 2 + (p["y"] - 71) ** 2) / 25
        luck = self.roll - (p["noise"] + 1) / 2
        return {"score": peak + luck + float(self.game.rules["PD-3"](self.roll))}

    def estimated_minutes(self) -> float | None:
        return 1.0 + self.game.params["x"] / 10

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"roll": self.roll, "called": self.called}

    def full_state(self) -> dict[str, Any]:
        return {"roll": self.roll, "called": self.called}

    def clone(self) -> PeakState:
        new = PeakState(self.game)
        new._history = list(self._history)
        new.events = list(self.events)
        new.roll, new.called = self.roll, self.called
        return new


class PeakDice(Game):
    name = "peak_dice"
    title = "Peak dice (test only)"
    PARAMETERS = (
        ParamSpec("players", "int", 2, "Number of players.", minimum=2, maximum=2),
        ParamSpec("x", "int", 50, "First dial.", minimum=0, maximum=100),
        ParamSpec("y", "int", 50, "Second dial.", minimum=0, maximum=100),
        ParamSpec("noise", "int", 6, "Sides of the noise die.", minimum=1, maximum=20),
    )

    def __init__(self, params: Mapping[str, Any] | None = None, /, **kwargs: Any) -> None:
        super().__init__(params, **kwargs)
        self.rules: dict[str, Callable[[int], float]] = {"PD-3": no_bonus}

    def action_specs(self) -> list[ActionSpec]:
        values = Field("value", range(1, 21))
        return [ActionSpec("roll", (values,)), ActionSpec("call", (values,))]

    def new_initial_state(self) -> PeakState:
        return PeakState(self)

    def max_game_length(self) -> int:
        return 2

    def rule_points(self) -> list[RulePoint]:
        return [RulePoint("PD-3", "bonus(roll) -> float added to the score")]

    def with_rules(self, rules: Mapping[str, Callable[[int], float]]) -> PeakDice:
        unknown = sorted(set(rules) - {"PD-3"})
        if unknown:
            raise InvalidVariant(f"no rule point {unknown[0]!r}; rule points: PD-3")
        new = type(self)(self.params_to_dict())
        new.rules = {**self.rules, **rules}
        return new

    def house_rules(self) -> dict[str, str]:
        return {k: getattr(f, "__qualname__", repr(f)) for k, f in self.rules.items() if f is not no_bonus}
