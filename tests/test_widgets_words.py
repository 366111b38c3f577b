"""#19: what a person reads is in plain words -- results, the memm log, the Memcel wording."""

from __future__ import annotations

from test_widgets_kit import click_until

import lab
from lab.core.actions import Action
from widgets import Board
from widgets._words import result_words


def test_results_never_say_returns(game_name: str) -> None:
    for seed in (1, 2):
        state = lab.play(lab.load(game_name), seed=seed)
        words = result_words(state, 0)
        assert words and "return" not in words
        assert any(w in words for w in ("won", "lost", "win", "draw", "unfinished", "no winner")), words
        assert result_words(lab.load(game_name).new_initial_state()) == ""


def test_a_space_station_loss_is_a_loss_not_a_draw() -> None:
    for seed in range(10):
        state = lab.play(lab.load("space_station"), seed=seed)
        if state.returns()[0] < 0:
            assert result_words(state, 0) == "Station destroyed: you (player 0) lost"
            return
    raise AssertionError("no lost game in 10 seeds")


def test_memm_log_speaks_of_faces_not_rotations() -> None:
    board = Board(lab.load("memm", players=2), seat=0, agents={1: "random"}, pace=0, seed=3)
    click_until(board, lambda b: any("placed cube" in line for line in b.log_lines()), 20)
    lines = [line for line in board.log_lines() if "[MM-2]" in line and "placed cube" in line]
    assert lines and all("rotation" not in line and " top " in line for line in lines)


def test_memcel_wording() -> None:
    state = lab.load("memcel").new_initial_state()
    assert state.describe_action(Action("choose_x", (1,))) == "reveal 1 tile"
    assert state.describe_action(Action("choose_x", (3,))) == "reveal 3 tiles"
    assert state.describe_action(Action("place", ("imprevisto", 0))).startswith("place an imprevisto tile")



def test_a_game_a_safety_limit_stopped_is_unfinished_in_words_naming_the_limit() -> None:
    from lab.kit.examples import Pig

    limited = lab.define_game(
        "pig_limited_words", setup=Pig.definition.setup, moves=list(Pig.definition.moves),
        end=Pig.definition.end, params=Pig.definition.parameters[1:], max_length=12,
    )
    state = lab.play(limited(target=1000), seed=0)
    assert state.stopped_by == "max_length=12" and state.unfinished and state.winners() == []
    assert result_words(state, 0) == "unfinished: stopped by the safety limit max_length=12, nobody won"
