"""A tiny dice race used to test the experiment machinery with answers known in advance.

Not a registered game: experiments must work for any ``Game`` subclass, and the statistics
need a game whose true length, win rates and skill gap we can predict.

Rules: players take turns; the player to move rolls a die with ``sides`` faces, then either
moves the rolled number of steps (``full``) or one step (``one``). The first to reach ``goal``
wins. After ``max_turns`` turns the game ends in a timeout (no winner). ``strict`` (a variant)
makes a roll of exactly 1 lose the turn; ``trap`` (a variant, 0 = none) sends a player who
lands exactly on that square back to the start — a rule that fires in few games, so that on
paired seeds most games are the same in both variants (sparse paired differences).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pytest

import lab
from lab.agents.base import BaseAgent
from lab.core.actions import Action, ActionSpec, Field, act
from lab.core.chance import die
from lab.core.params import ParamSpec
from lab.core.state import CHANCE, TERMINAL, State


class ToyRaceState(State):
    def __init__(self, game: ToyRaceGame) -> None:
        super().__init__(game)
        n = game.num_players()
        self.pos = [0] * n
        self.player = 0
        self.roll = 0
        self.turns = 0
        self.done = False
        self.started = not game.params["random_start"]

    def current_player(self) -> int:
        if self.done:
            return TERMINAL
        return CHANCE if self.roll == 0 or not self.started else self.player

    def _legal_actions(self, player: int) -> list[Action]:
        return [act("full"), act("one")]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.started:
            return die("start", self.game.num_players())
        return die("roll", self.game.params["sides"])

    def _apply_action(self, action: Action) -> None:
        p = self.game.params
        if action.kind == "start":
            self.player = int(action.args[0]) - 1
            self.started = True
            return
        if action.kind == "roll":
            self.roll = int(action.args[0])
            self.log("TOY-1", "roll", player=self.player, value=self.roll)
            if p["strict"] and self.roll == 1:
                self.log("TOY-4", "lost_turn", player=self.player)
                self._end_turn()
            return
        step = self.roll if action.kind == "full" else 1
        self.pos[self.player] += step
        self.log("TOY-2", "move", player=self.player, steps=step)
        if p["trap"] and self.pos[self.player] == p["trap"]:
            self.pos[self.player] = 0
            self.log("TOY-5", "trapped", player=self.player)
        if self.pos[self.player] >= p["goal"]:
            self.log("TOY-3", "win", player=self.player)
            self.done = True
            self.turns += 1
            return
        self._end_turn()

    def _end_turn(self) -> None:
        self.roll = 0
        self.turns += 1
        self.player = (self.player + 1) % self.game.num_players()
        if self.turns >= self.game.params["max_turns"]:
            self.done = True

    def returns(self) -> list[float]:
        n = self.game.num_players()
        if not self.done or max(self.pos) < self.game.params["goal"]:
            return [0.0] * n
        w = self.pos.index(max(self.pos))
        return [1.0 if i == w else -1.0 / (n - 1) for i in range(n)]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"pos": list(self.pos), "roll": self.roll, "player": self.player}

    def full_state(self) -> dict[str, Any]:
        return {"pos": list(self.pos), "roll": self.roll, "player": self.player, "turns": self.turns, "done": self.done, "started": self.started}

    def clone(self) -> ToyRaceState:
        new = ToyRaceState.__new__(ToyRaceState)
        new.game = self.game
        new._history = list(self._history)
        new.events = list(self.events)
        new.pos = list(self.pos)
        new.player, new.roll, new.turns, new.done = self.player, self.roll, self.turns, self.done
        new.started = self.started
        return new

    def progress(self) -> list[float]:
        return [float(x) for x in self.pos]

    def metrics(self) -> dict[str, float]:
        timeout = self.done and max(self.pos) < self.game.params["goal"]
        return {"turns": self.turns, "timeout": bool(timeout)}

    def estimated_minutes(self) -> float:
        return 0.5 * self.turns


class GreedyAgent(BaseAgent):
    """Always moves the full roll (the better choice)."""

    name = "greedy"

    def step(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return act("full")


class ToyRaceGame(lab.Game):
    name = "toyrace"
    title = "Toy dice race (tests only)"
    PARAMETERS = (
        ParamSpec("players", "int", 2, "number of players", minimum=1, maximum=4),
        ParamSpec("goal", "int", 12, "steps to win", minimum=1, maximum=200),
        ParamSpec("sides", "int", 6, "die faces", minimum=2, maximum=20),
        ParamSpec("max_turns", "int", 60, "turns before a timeout", minimum=1, maximum=10_000),
        ParamSpec("strict", "bool", False, "a roll of 1 loses the turn"),
        ParamSpec("random_start", "bool", False, "a die decides who starts"),
        ParamSpec("trap", "int", 0, "landing exactly here sends a player back to 0 (0: no trap)", minimum=0, maximum=199),
    )

    def action_specs(self) -> list[ActionSpec]:
        return [
            ActionSpec("roll", (Field("value", range(1, 21)),)),
            ActionSpec("start", (Field("player", range(1, 5)),)),
            ActionSpec("full"),
            ActionSpec("one"),
        ]

    def new_initial_state(self) -> ToyRaceState:
        return ToyRaceState(self)

    def max_game_length(self) -> int:
        return 2 * self.params["max_turns"] + 3

    @classmethod
    def agent_factories(cls) -> dict[str, Any]:
        return {"greedy": GreedyAgent}


def toy(**params: Any) -> ToyRaceGame:
    return ToyRaceGame(params)


def test_toy_race_plays_to_the_end_and_rows_have_the_documented_columns() -> None:
    df = lab.simulate(toy(), n_games=20, seed=1)
    assert len(df) == 20 and list(df["game_index"]) == list(range(20))
    for col in ("seed", "variant", "agents", "winners", "winner", "draw", "length_actions",
                "length_decisions", "turns", "timeout", "minutes", "return_0", "return_1",
                "progress_0", "progress_1", "lead_changes", "decided_at", "margin", "n[TOY-1]"):
        assert col in df.columns, col
    assert (df["variant"] == "default").all() and (df["agents"] == "random|random").all()
    assert (df["minutes"] == 0.5 * df["turns"]).all()
    assert (df["length_decisions"] < df["length_actions"]).all()
    # every column is scalar
    for col in df.columns:
        assert df[col].map(lambda v: isinstance(v, str | int | float | bool | np.generic)).all(), col


def test_toy_lead_tracker_counts_changes_and_when_the_winner_was_last_behind() -> None:
    df = lab.simulate(toy(goal=30), n_games=60, seed=4)
    decided = df.loc[df["winner"] >= 0, "decided_at"]
    assert decided.between(0, 1).all()
    assert (df["lead_changes"] >= 0).all() and df["lead_changes"].max() >= 2
    # a one-player race has no lead
    solo = lab.simulate(toy(players=1), n_games=5, seed=4)
    assert solo["lead_changes"].isna().all()


def test_first_player_is_who_made_the_first_decision() -> None:
    assert (lab.simulate(toy(players=3), n_games=10, seed=0)["first_player"] == 0).all()
    rotating = lab.simulate(toy(players=3, random_start=True), n_games=60, seed=0)
    assert set(rotating["first_player"]) == {0, 1, 2}


def test_toy_timeouts_are_draws() -> None:
    df = lab.simulate(toy(goal=200, max_turns=10), n_games=10, seed=0)
    assert df["draw"].all() and df["timeout"].all() and (df["winner"] == -1).all()


@pytest.mark.parametrize("bad", [{"n_games": -1}, {"n_games": 2.5}, {"seed": -3}, {"workers": 0}, {"chunk_size": 0}, {"executor": "cluster"}])
def test_simulate_rejects_bad_arguments_with_a_message(bad: dict[str, Any]) -> None:
    kwargs = {"n_games": 3, **bad}
    with pytest.raises(ValueError, match="must be|executor"):
        lab.simulate(toy(), **kwargs)


def test_simulate_rejects_unknown_agents_before_running() -> None:
    with pytest.raises(lab.InvalidAgent, match="grandmaster"):
        lab.simulate(toy(), agents="grandmaster", n_games=3)
