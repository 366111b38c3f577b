"""The Board widget, Python side: traits, the click->action mapping for every game, refusals."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from test_widgets_kit import ToyGame, click_once, do_by_clicks, last_action_of

import lab
from widgets import Board, Play, Session

SEAT = 0
MOVES = 12


def make_board(name: str, seed: int = 1) -> Board:
    game = lab.load(name)
    agents = {p: "random" for p in range(game.num_players()) if p != SEAT}
    return Board(game, seat=SEAT, agents=agents, seed=seed, pace=0)


def svg_targets(svg: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]+)"', svg))


# ------------------------------------------------------------------ traits
def test_board_traits_describe_the_viewing_seat(game_name: str) -> None:
    board = make_board(game_name)
    state = board.state
    assert board.game == game_name and board.seat == SEAT
    assert board.svg == state.render_svg(SEAT)
    assert board.token == board.session.version
    assert f"move {state.move_number()}" in board.status
    if board.your_turn:
        targets = state.action_targets(SEAT)
        legal = set(state.legal_actions(SEAT))
        assert set(board.targets) == {t for t, acts in targets.items() if legal.intersection(acts)}
        assert set(board.targets) <= svg_targets(board.svg), "a legal target is not drawn"
        placed = {a for acts in targets.values() for a in acts}
        buttons = [b["action"] for b in board.buttons]
        assert buttons == [a.to_json() for a in state.legal_actions(SEAT) if a not in placed][:40]
    shown = state.events_for(SEAT)[-80:]
    assert [(e["step"], e["clause"], e["kind"]) for e in board.log] == [(e.step, e.clause, e.kind) for e in shown]
    for e, line in zip(shown, board.log_lines(), strict=True):  # each event in words, after its clause
        assert line.startswith(f"#{e.step} [{e.clause}] ") and "=" not in line.split("] ", 1)[1], line


# ------------------------------------------------------------------ click -> action, every game
def test_every_legal_action_is_reached_by_clicks_and_does_exactly_that(game_name: str) -> None:
    """Pick a random legal action, make it by clicking only: the state records exactly it."""
    rng = np.random.default_rng(7)
    for seed in (1, 2):
        board = make_board(game_name, seed)
        for _ in range(MOVES):
            if board.finished:
                break
            assert board.your_turn, board.status
            targets, _ = board.session.options(SEAT)
            legal = board.state.legal_actions(SEAT)
            # what the board offers: a target's actions and the unplaced ones as buttons, at most
            # 40 each (Fiemme–Cembra's slower slap times are made by timing in SpeedPlay)
            groups = [set(acts) for acts in targets.values()] + [set(legal) - {a for acts in targets.values() for a in acts}]
            offered = sorted({a for g in groups for a in [b for b in legal if b in g][:40]}, key=legal.index)
            action = offered[int(rng.integers(len(offered)))]
            before = board.state.move_number()
            steps = do_by_clicks(board, action)
            assert board.state.move_number() > before, steps
            assert last_action_of(board.state, SEAT) == action, steps


def test_a_target_with_one_action_plays_it_at_once(game_name: str) -> None:
    board = make_board(game_name)
    targets, _ = board.session.options(SEAT)
    single = [(t, acts[0]) for t, acts in targets.items() if len(acts) == 1]
    if not single:
        pytest.skip(f"{game_name}: no single-action target at the start")
    target, action = single[0]
    assert board.click(target)
    assert last_action_of(board.state, SEAT) == action
    assert board.message.startswith("you played")


# ------------------------------------------------------------------ illegal clicks
def test_an_illegal_click_does_nothing_but_say_why(game_name: str) -> None:
    board = make_board(game_name)
    before = board.state.state_hash()
    drawn = svg_targets(board.svg)
    unplayable = sorted(drawn - set(board.targets)) or ["no-such-place"]
    assert board.click(unplayable[0]) is False
    assert board.error.startswith("not legal: ") and unplayable[0] in board.error
    assert board.state.state_hash() == before
    # the next good click clears the error
    if board.targets:
        board.click(board.targets[0])
        assert board.error == ""


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("not a dict", "a message is a JSON object"),
        ({"kind": "hack"}, "unknown message kind"),
        ({"kind": "click", "target": "x", "seat": "0", "token": None}, "seat as an integer"),
        ({"kind": "click", "target": "x", "seat": 0, "token": -5}, "out of date"),
        ({"kind": "click", "target": "x", "seat": 1, "token": "TOKEN"}, "not played from this screen"),
        ({"kind": "choose", "action": ["nonsense", 1], "seat": 0, "token": "TOKEN"}, "refused"),
        ({"kind": "choose", "action": "rm -rf", "seat": 0, "token": "TOKEN"}, "refused"),
        ({"kind": "click", "target": {"x": 1}, "seat": 0, "token": "TOKEN"}, "short string"),
        ({"kind": "timed", "ms": 10, "seat": 0, "token": "TOKEN"}, "nothing is timed"),
    ],
)
def test_forged_and_malformed_messages_are_refused_with_a_clear_error(message: Any, expected: str) -> None:
    board = Board(ToyGame(), seat=0, agents={1: "random"}, pace=0)
    if isinstance(message, dict) and message.get("token") == "TOKEN":
        message = {**message, "token": board.token}
    before = board.state.state_hash()
    assert board.handle(message) is False
    assert expected in board.error
    assert board.state.state_hash() == before


def test_out_of_turn_and_other_seat_messages_are_refused() -> None:
    # seat 1 is human too (hot-seat) but seat 0 is to act: a message for 1 is out of turn
    session = Session(ToyGame(), humans=[0, 1], seed=0)
    board = Board(session, pace=0)
    assert board.seat == 0 and board.your_turn
    forged = {"kind": "click", "target": "cell1", "seat": 1, "token": board.token}
    assert board.handle(forged) is False
    assert "cannot come from it" in board.error
    # a seat that is human but not the one to act, viewed: still refused as out of turn
    session.viewer = 1
    board.refresh()
    assert board.handle({"kind": "click", "target": "cell1", "seat": 1, "token": board.token}) is False
    assert "not your turn" in board.error


def test_a_choice_not_offered_is_refused_even_if_legal() -> None:
    board = Board(ToyGame(), seat=0, agents={1: "random"}, pace=0)
    board.click("cell0")  # offers mark cell 0 size 1/2
    assert [b["label"] for b in board.buttons] == ["mark cell 0 size 1", "mark cell 0 size 2"]
    legal_elsewhere = ["mark", 2, 1]
    assert board.handle({"kind": "choose", "action": legal_elsewhere, "seat": 0, "token": board.token}) is False
    assert "not one of your options" in board.error


def test_narrowing_a_selection_across_targets() -> None:
    board = Board(ToyGame(), seat=0, agents={1: "random"}, pace=0)
    board.click("cell2")
    assert board.chosen == ["cell2"] and len(board.buttons) == 2
    assert board.targets == ["cell2"]  # no other cell shares a move with cell 2
    before = board.state.state_hash()
    assert board.click("cell1") is False  # does not go with the selection: refused, kept
    assert board.error.startswith("not legal: cell1 does not go with cell2")
    assert board.chosen == ["cell2"] and board.state.state_hash() == before
    board.click("cell2")  # a second click takes it back
    assert board.chosen == [] and "selection cleared" in board.message
    board.click("cell2")
    board.handle({"kind": "cancel", "seat": 0, "token": board.token})
    assert board.chosen == [] and [b["label"] for b in board.buttons] == ["pass"]


def test_simultaneous_node_waits_for_the_human_then_resolves() -> None:
    board = Board(ToyGame(cells=2), seat=0, agents={1: "random"}, pace=0)
    while board.state.current_player() != lab.SIMULTANEOUS:
        board.press("pass") if board.your_turn else None
    assert board.your_turn and [b["label"] for b in board.buttons] == ["bid(0)", "bid(1)", "bid(2)"]
    assert board.press("bid(2)")
    assert board.finished and "game over" in board.status
    assert last_action_of(board.state, 0) == lab.act("bid", 2)


def test_agents_move_by_themselves_and_pace_is_kept_off_the_kernel_loop() -> None:
    board = Board(ToyGame(), seat=1, agents={0: "random"}, pace=0)
    assert board.state.current_player() == 1  # chance and seat 0 already played
    assert not board.busy and board.your_turn


def test_external_seats_wait_for_code_and_refresh() -> None:
    state = ToyGame().new_initial_state()
    board = Board(state, seat=1, agents={0: "external"}, pace=0)  # seat 0: code moves it
    assert board.state.is_chance_node() is False or board.busy
    board.session.run()
    board.refresh()
    assert "external" in board.status
    state.apply_action(state.legal_actions()[0])
    board.refresh()
    assert board.your_turn


def test_a_board_with_its_defaults_is_a_game_to_the_end() -> None:
    """#35 item 1: ``Memm3D()`` waited for "player 1 (external)" for ever: every widget's
    defaults give an agent to each seat that is not human."""
    from widgets import Memm3D

    for board in (Board("memm"), Memm3D(), Board(lab.load("memcel", players=3), seat=1)):
        n = board.session.game.num_players()
        humans = set(board.session.humans)
        assert set(board.session.agents) == set(range(n)) - humans
        assert "external" not in board.status
        board.pace = 0
        for _ in range(300):
            if board.finished or not (board.your_turn or board.session.can_advance()):
                break
            if board.session.can_advance():
                board.session.run()
                board.refresh()
                continue
            click_once(board)
        assert board.finished or board.your_turn, board.status
        assert "external" not in board.status


def test_undo_returns_before_the_human_move_with_the_same_dice() -> None:
    board = Board(ToyGame(), seat=0, agents={1: "random"}, seed=4, pace=0)
    start = board.state.state_hash()
    board.click("cell0")
    board.press(0)
    after_first = board.state.state_hash()
    board.session.undo()
    board.restart()
    assert board.state.state_hash() == start
    board.click("cell0")
    board.press(0)
    assert board.state.state_hash() == after_first  # same agent and chance streams
    with pytest.raises(lab.LabError, match="nothing to undo"):
        Session(ToyGame()).undo()


def test_repr_and_fallback_are_deterministic(game_name: str) -> None:
    a, b = make_board(game_name), make_board(game_name)
    assert repr(a) == repr(b) and "0x" not in repr(a)
    bundle_a, bundle_b = a._repr_mimebundle_(), b._repr_mimebundle_()
    assert bundle_a["text/plain"] == bundle_b["text/plain"]
    assert bundle_a["text/html"] == bundle_b["text/html"] and "<svg" in bundle_a["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in bundle_a


def test_play_widget_repr_is_deterministic(game_name: str) -> None:
    a = Play(game_name, pace=0, seed=2)
    b = Play(game_name, pace=0, seed=2)
    assert repr(a) == repr(b)
    assert a._repr_mimebundle_()["text/html"] == b._repr_mimebundle_()["text/html"]
