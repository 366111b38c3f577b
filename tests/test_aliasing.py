"""The aliasing contract (issue #16): what a state hands out never aliases the state.

Editing an observation, an event, a list of legal actions, the returns, the full state or the
board graph must never change the game, a clone, another seat's view or a save. The issue's two
reproductions are here, with the structural guarantees of the base classes and the conformance
check that catches a planted alias in a test-only game.
"""

from __future__ import annotations

from typing import Any

import pytest

import lab
from lab.checks.conformance import check_game
from lab.core.aliasing import audit_logged_values, check_views, edit_in_place
from lab.core.frozen import FrozenError
from lab.core.save import replay
from lab.core.state import State
from tests.tools.toy_game import ToyGame, ToyState, registered_toy

_PLAIN_LOG = State.log


def _mid_game(name: str, seed: int = 1, **params: Any) -> lab.State:
    game = lab.load(name, **params)
    history = lab.play(game, seed=seed).history()
    return replay(game, history[: len(history) // 2])


# ---------------------------------------------------------------------- the reproductions
def test_memcel_editing_an_observed_event_changes_no_other_seat_nor_clone() -> None:
    g = lab.load("memcel", players=2)
    s = g.new_initial_state()
    s.apply_action(s.chance_outcomes()[6][0])  # MC-0.1 public order roll: a 7
    c = s.clone()
    save = s.to_json()
    with pytest.raises(FrozenError, match="read-only"):
        s.observation(0)["events"][0]["value"] = 99
    assert s.observation(1)["events"][0]["value"] == 7
    assert c.observation(1)["events"][0]["value"] == 7
    assert s.observation(0)["events"][0]["value"] == 7
    assert s.to_json() == save


def test_fiemme_cembra_editing_the_last_race_leaves_the_state_unchanged() -> None:
    s = lab.play(lab.load("fiemme_cembra", players=3), seed=1)
    before = s.full_state()["race"]["ms"][0]
    assert before != 7
    with pytest.raises(FrozenError):
        s.observation(0)["last_race"]["ms"][0] = 7
    assert s.full_state()["race"]["ms"][0] == before


# ---------------------------------------------------------------------- structural guarantees
def test_events_are_a_read_only_copy_with_frozen_data() -> None:
    s = _mid_game("memm")
    n = len(s.events)
    with pytest.raises(FrozenError):
        s.events.append(s.events[0])
    with pytest.raises(FrozenError):
        s.events[0].data["player"] = 3
    s.events_for(0).clear()  # a fresh list: editing it is fine and changes nothing
    assert len(s.events) == n


def test_a_logged_list_is_handed_out_as_a_read_only_copy() -> None:
    s = ToyGame().new_initial_state()
    order = [0, 1]
    event = s.log("TOY-9", "order", order=order)
    assert event.data["order"] is order  # kept as logged: the rules must not edit it (audited)
    handed = s.events[-1]
    with pytest.raises(FrozenError):
        handed.data["order"].append(5)
    assert handed.data["order"] is not order
    assert handed.to_json() == {"clause": "TOY-9", "kind": "order", "step": 0, "order": [0, 1]}
    assert s.events_for(None)[-1] is handed  # frozen once, in place


def test_the_log_audit_names_a_value_edited_after_logging() -> None:
    s = ToyGame().new_initial_state()
    order = [0, 1]
    with audit_logged_values() as logged:
        s.log("TOY-9", "order", order=order, players=(0, 1))
        s.log("TOY-9", "turn", player=1)
        assert logged.changed() is None
        order.append(5)  # the rules code keeps editing its own list
        assert "'order' of the event TOY-9 'order'" in (logged.changed() or "")
    assert State.log is _PLAIN_LOG  # restored


class _ScoreKeepingState(ToyState):
    """Keeps its returns in a list of its own and hands that list out (as a designer might)."""

    def returns(self) -> list[float]:
        if not hasattr(self, "scores"):
            self.scores = [0.0] * self.game.num_players()
        return self.scores


def test_returns_is_a_fresh_list_even_when_a_game_returns_its_own() -> None:
    game = ToyGame()
    s = _ScoreKeepingState(game)
    s.returns().append(9.0)
    s.returns()[0] = 9.0
    assert s.returns() == [0.0, 0.0]


@pytest.mark.parametrize("name", ["memcel", "space_station"])
def test_chance_outcomes_and_legal_actions_are_fresh_lists(name: str) -> None:
    game = lab.load(name)
    s = game.new_initial_state()
    outcomes = s.chance_outcomes()
    s.chance_outcomes().clear()  # a game may keep its dice tables; editing a copy is harmless
    assert game.new_initial_state().chance_outcomes() == outcomes
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    legal = s.legal_actions()
    s.legal_actions().clear()
    assert s.legal_actions() == legal


@pytest.mark.parametrize("name", lab.game_names())
def test_board_graph_is_detached_from_the_game(name: str) -> None:
    s = _mid_game(name)
    game = s.game
    before = check_views(s, board=True)
    assert before is None, before
    graph = game.board(s)
    edit_in_place(graph)
    assert game.board(s).number_of_nodes() == graph.number_of_nodes() - 1  # the edit added one


@pytest.mark.parametrize("name", lab.game_names())
def test_every_view_of_every_game_can_be_edited_without_effect(name: str) -> None:
    for seed in (2, 3):
        assert check_views(_mid_game(name, seed=seed)) is None


# ---------------------------------------------------------------------- the check catches aliases
class _LeakyObservation(ToyState):
    def observation(self, player: int | None) -> dict[str, Any]:
        obs = super().observation(player)
        if player is not None:
            obs["hand"] = self.hands[player]  # the state's own list
        return obs


class _LeakyInformationState(ToyState):
    """An information state (the accessor a search helper adds) that hands out the hand itself."""

    def information_state(self, player: int) -> list[Any]:
        return [self.hands[player], [list(x) for x in self.pile]]


class _LeakyFullState(ToyState):
    def full_state(self) -> dict[str, Any]:
        return {**super().full_state(), "hands": self.hands}


class _EditsWhatItLogged(ToyState):
    """Logs the state's own pile and keeps appending to it: the log would change afterwards."""

    def _apply_action(self, action: Any) -> None:
        super()._apply_action(action)
        if action.kind == "play":
            self.log("TOY-3", "pile", cards=self.pile)  # not a copy


def _toy_with(state_cls: type[ToyState]) -> ToyGame:
    class PlantedGame(ToyGame):
        def new_initial_state(self) -> ToyState:
            return state_cls(self)

    return PlantedGame()


@pytest.mark.parametrize(
    ("state_cls", "culprit"),
    [(_LeakyObservation, r"observation\(0\)"), (_LeakyInformationState, r"information_state\(0\)"), (_LeakyFullState, r"full_state")],
)
def test_conformance_catches_a_planted_alias(state_cls: type[ToyState], culprit: str) -> None:
    with pytest.raises(lab.ConformanceError, match=f"editing what {culprit}.* handed out changed"):
        check_game(_toy_with(state_cls), n_games=2, seed=1)


def test_conformance_catches_rules_that_edit_a_logged_list() -> None:
    with pytest.raises(lab.ConformanceError, match="edited the value 'cards' of the event TOY-3"):
        check_game(_toy_with(_EditsWhatItLogged), n_games=2, seed=1)
    assert State.log is _PLAIN_LOG  # the audit's stand-in is gone after a failure too


def test_the_honest_toy_game_passes_the_aliasing_check() -> None:
    with registered_toy() as toy:
        report = check_game(toy(), n_games=4, seed=1)
    assert report.alias_checks > 0
