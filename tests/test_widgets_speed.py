"""Speed play: the human's measured reaction time becomes Fiemme–Cembra's slap(ms, shout) (FC-P5)."""

from __future__ import annotations

from typing import Any

import pytest
from test_widgets_kit import click_until, last_action_of

import lab
from widgets import Board, SpeedPlay, TimedActions


def race_board(seed: int = 5) -> Board:
    """A SpeedPlay board advanced (by pressing the first button) to the human's first race."""
    play = SpeedPlay(players=3, seed=seed, pace=0)
    board = play.board
    for _ in range(300):
        if board.timed:
            return board
        if board.targets:
            board.click(board.targets[0])
        else:
            board.press(0)
    raise AssertionError("no slap race for the human in 300 clicks")


def timed(board: Board, ms: Any, option: Any = 0, **extra: Any) -> bool:
    msg = {"kind": "timed", "ms": ms, "option": option, "seat": board.seat, "token": board.token}
    return board.handle({**msg, **extra})


def test_the_slap_action_is_found_from_the_action_specs_alone() -> None:
    adapter = TimedActions.for_game(lab.load("fiemme_cembra"))
    assert adapter is not None and adapter.kind == "slap" and adapter.ms_index == 0
    assert TimedActions.for_game(lab.load("memm")) is None


def test_FC_P5_slap_offers_signal_and_buttons_and_no_slap_buttons() -> None:
    board = race_board()
    offer = board.timed
    assert "slap" in offer["signal"].lower() and offer["options"] and offer["max_ms"] == 3000
    assert not any(b["action"][0] == "slap" for b in board.buttons)  # 301 slap(ms) never become buttons


@pytest.mark.parametrize(("measured", "submitted"), [(312.4, 310), (100.2, 100), (4999, 3000), (1005, 1000)])
def test_FC_P5_reaction_time_is_rounded_onto_the_rules_grid(measured: float, submitted: int) -> None:
    board = race_board()
    shout_options = board.timed["options"]
    assert timed(board, measured)
    action = last_action_of(board.state, 0)
    assert action.kind == "slap" and action.args[0] == submitted
    assert action.args[1] is ("Fiemme" in shout_options[0])
    assert f"you reacted in {measured:.0f} ms" in board.message


@pytest.mark.parametrize(
    ("ms", "option", "extra", "expected"),
    [
        (-5, 0, {}, "non-negative number"),
        ("fast", 0, {}, "non-negative number"),
        (True, 0, {}, "non-negative number"),
        (float("nan"), 0, {}, "non-negative number"),
        (10**400, 0, {}, "non-negative number"),  # #20 item 8: raised OverflowError out of handle
        (float("inf"), 0, {}, "non-negative number"),
        (0, 0, {}, "faster than a human"),  # #20 item 8: a forged 0 ms won every race
        (99.9, 0, {}, "faster than a human"),
        (300, 7, {}, "is not one of"),
        (300, 0, {"seat": 1}, "not played from this screen"),
        (300, 0, {"token": -1}, "out of date"),
    ],
)
def test_forged_or_bad_timed_messages_are_refused(ms: Any, option: Any, extra: dict[str, Any], expected: str) -> None:
    board = race_board()
    before = board.state.state_hash()
    assert timed(board, ms, option, **extra) is False
    assert expected in board.error
    assert board.state.state_hash() == before


def test_a_timed_message_when_no_race_is_on_is_refused() -> None:
    play = SpeedPlay(players=3, seed=1, pace=0)
    board = play.board
    assert not board.timed and board.your_turn
    assert timed(board, 250) is False and "no slap to time now" in board.error


def test_the_human_floor_is_a_parameter() -> None:
    play = SpeedPlay(players=3, seed=2, pace=0, human_floor_ms=250)
    board = play.board
    assert click_until(board, lambda b: bool(b.timed), 400)
    assert timed(board, 200) is False and "floor is 250 ms" in board.error
    assert timed(board, 260)


def test_a_race_the_human_misses_closes_after_the_window_and_counts_them_last() -> None:
    board = race_board()
    before = board.state.move_number()
    assert board.timed["window_s"] == 5.0
    assert board.close_race()
    assert "too slow" in board.message and "counts as last" in board.message
    action = last_action_of(board.state, 0)
    assert action.kind == "slap" and action.args == (3000, False)
    assert board.state.move_number() > before
    assert board.close_race() is False  # nothing left to close


def test_undo_is_off_in_real_time_play_and_says_why() -> None:
    board = race_board()
    assert timed(board, 400)
    assert not board.can_undo and "real-time" in board.undo_note
    with pytest.raises(lab.LabError, match="real-time"):
        board.session.undo()


def test_the_end_screen_shows_the_result_not_the_last_note() -> None:
    """#35 item 7: the race's timeout note stayed on the end screen; a finished game shows its
    result alone."""
    from lab.kit.examples import Pig
    from widgets import Board

    for seed in range(20):
        board = Board(Pig(target=2), seat=0, agents={1: "random"}, pace=0, seed=seed)
        for _ in range(20):
            if board.finished:
                break
            board.press("hold" if any("the die shows" in x for x in board.log_lines()[-2:]) else "roll")
        if board.finished and board.session.state.winners() == [0]:
            break
    assert board.finished and board.result
    assert board.message == "", board.message
