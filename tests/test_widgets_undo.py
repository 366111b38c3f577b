"""Undo never leaks chance or hidden information (#20 item 8).

Undo rewinds only to the last decision before any chance outcome or private information a
human seat has seen since; before that it is refused, saying why.
"""

from __future__ import annotations

import pytest
from test_widgets_kit import ToyGame, click_until

import lab
from widgets import Board


def memcel_board(seed: int, **params: object) -> Board:
    game = lab.load("memcel", **params)
    agents = {p: "random" for p in range(1, game.num_players())}
    return Board(game, seat=0, agents=agents, seed=seed, pace=0)


def play_until(board: Board, kind: str, limit: int = 400) -> bool:
    """Click legal moves until ``kind`` is offered to the seat."""
    return click_until(board, lambda b: b.your_turn and any(
        a.kind == kind for a in b.state.legal_actions(b.seat)), limit)


def test_undo_of_an_attack_after_its_d8_is_refused_and_the_roll_stays() -> None:
    """Memcel: attack, see the d8, undo -- refused (the old undo restored the dice generator)."""
    board = memcel_board(3)
    assert play_until(board, "attack")
    attack = next(a for a in board.state.legal_actions(0) if a.kind == "attack")
    at = board.state.move_number()
    board.session.submit(0, attack)
    board.changed()
    history = board.state.history()
    assert any(h.player == lab.CHANCE for h in history[at + 1:]), "the attack's d8 was not rolled"
    assert not board.can_undo
    assert "chance outcome" in board.undo_note
    with pytest.raises(lab.LabError, match="chance outcome"):
        board.session.undo()
    assert board.state.history() == history


def test_a_peek_shows_a_hidden_tile_so_it_cannot_be_undone() -> None:
    board = memcel_board(1, deck={"peek": 50})
    if not play_until(board, "peek", limit=2000):
        pytest.skip("no peek reached with this seed")
    peek = next(a for a in board.state.legal_actions(0) if a.kind == "peek")
    board.session.submit(0, peek)
    board.changed()
    assert not board.can_undo and "hidden information" in board.undo_note
    # #19: the peek's result stays on the board (it was a log line that scrolled away)
    assert "your peek" in board.svg
    assert "your peek" not in board.state.render_svg(1)  # ... for the peeking player only


def test_an_own_placement_reveals_nothing_and_can_be_undone() -> None:
    board = memcel_board(3)
    assert play_until(board, "place")
    before = board.state.state_hash()
    place = next(a for a in board.state.legal_actions(0) if a.kind == "place")
    board.session.submit(0, place)
    assert board.session.can_undo()
    board.session.undo()
    assert board.state.state_hash() == before


def test_a_simultaneous_reveal_is_a_barrier() -> None:
    board = Board(ToyGame(), seat=0, agents={1: "random"}, seed=4, pace=0)
    while board.your_turn and not board.state.is_simultaneous_node():
        board.press("pass") if any(b["label"] == "pass" for b in board.buttons) else board.press(0)
    assert board.state.is_simultaneous_node()
    board.press(0)  # the bid: the agent's bid is revealed at once
    assert board.finished
    assert not board.can_undo and "simultaneous" in board.undo_note
