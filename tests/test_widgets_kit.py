"""A tiny game with every feature the widgets must handle, independent of the four real games.

Hidden cards dealt by chance, a board of clickable cells, a target with two actions, a
non-spatial button, and a simultaneous bid. The widget tests use it next to the real games.
"""

from __future__ import annotations

import copy
from typing import Any

from lab.core.actions import Action, ActionSpec, Field, act
from lab.core.chance import uniform
from lab.core.game import Game
from lab.core.params import ParamSpec
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State

SECRET = ("zebra", "yak", "xerus", "wombat", "vole")


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    PARAMETERS = (
        ParamSpec("players", "int", 2, "players", minimum=2, maximum=2),
        ParamSpec("cells", "int", 4, "cells on the board", clauses=("TOY-1",), minimum=2, maximum=9),
    )

    def action_specs(self) -> list[ActionSpec]:
        return [
            ActionSpec("deal", (Field("card", tuple(SECRET)),)),
            ActionSpec("mark", (Field("cell", range(9)), Field("size", (1, 2)))),
            ActionSpec("pass"),
            ActionSpec("bid", (Field("n", range(3)),)),
        ]

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def max_game_length(self) -> int:
        return 2 + 9 * 4 + 2


class ToyState(State):
    def __init__(self, game: ToyGame) -> None:
        super().__init__(game)
        self.cards: list[str] = []
        self.board: list[int | None] = [None] * int(game.params["cells"])
        self.turn = 0
        self.passes = 0
        self.bids: dict[int, int] = {}

    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        if self.passes >= 2 or all(c is not None for c in self.board):
            return SIMULTANEOUS if not self.bids else TERMINAL
        return self.turn

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return uniform([act("deal", c) for c in SECRET if c not in self.cards])

    def _legal_actions(self, player: int) -> list[Action]:
        if self.current_player() == SIMULTANEOUS:
            return [act("bid", n) for n in range(3)]
        cells = [i for i, c in enumerate(self.board) if c is None]
        return [act("mark", i, s) for i in cells for s in (1, 2)] + [act("pass")]

    def _apply_action(self, action: Action) -> None:
        if action.kind == "deal":
            self.cards.append(str(action.args[0]))
            self.log("TOY-0", "dealt", visible_to=(len(self.cards) - 1,), card=action.args[0])
            return
        if action.kind == "mark":
            cell, size = action.args
            self.board[int(cell)] = self.turn * 10 + int(size)
            self.passes = 0
            self.log("TOY-1", "marked", player=self.turn, cell=cell)
        else:
            self.passes += 1
            self.log("TOY-2", "passed", player=self.turn)
        self.turn = 1 - self.turn

    def _apply_actions(self, actions: Any) -> None:
        self.bids = {p: int(a.args[0]) for p, a in actions.items()}
        self.log("TOY-3", "bids", bids=[self.bids[0], self.bids[1]])

    def returns(self) -> list[float]:
        if self.current_player() != TERMINAL:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.bids[0] >= self.bids[1] else [-1.0, 1.0]

    def observation(self, player: int | None) -> dict[str, Any]:
        own = self.cards[player] if player is not None and player < len(self.cards) else None
        return {"board": list(self.board), "card": own, "turn": self.turn}

    def full_state(self) -> dict[str, Any]:
        return copy.deepcopy({"cards": self.cards, "board": self.board, "turn": self.turn,
                              "bids": self.bids, "passes": self.passes})  # never the state's own lists

    def clone(self) -> ToyState:
        new = ToyState.__new__(ToyState)
        new.game = self.game
        new._history = list(self._history)
        new.events = list(self.events)
        new.cards = list(self.cards)
        new.board = list(self.board)
        new.turn = self.turn
        new.passes = self.passes
        new.bids = dict(self.bids)
        return new

    def render_svg(self, viewer: int | None = None) -> str:
        cells = "".join(
            f'<rect data-target="cell{i}" x="{i * 30}" y="0" width="28" height="28" '
            f'fill="{"#ddd" if c is None else "#49f"}"/>'
            for i, c in enumerate(self.board)
        )
        own = self.cards[viewer] if viewer is not None and viewer < len(self.cards) else "?"
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60">{cells}' \
               f'<text x="0" y="50">card: {own}</text></svg>'

    def action_targets(self, player: int) -> dict[str, list[Action]]:
        out: dict[str, list[Action]] = {}
        for a in self.legal_actions(player):
            if a.kind == "mark":
                out.setdefault(f"cell{a.args[0]}", []).append(a)
        return out

    def describe_action(self, action: Action) -> str:
        if action.kind == "mark":
            return f"mark cell {action.args[0]} size {action.args[1]}"
        return str(action)


def register_toy(monkeypatch: Any) -> None:
    """Make ``lab.load("toy")`` (and so save/load) work for one test."""
    from lab.core import registry

    monkeypatch.setitem(registry._BUILTIN, "toy", (__name__, "ToyGame"))
    monkeypatch.setitem(registry._classes, "toy", ToyGame)


def test_toy_game_is_conformant(monkeypatch: Any) -> None:
    from lab.checks.conformance import check_game

    register_toy(monkeypatch)
    check_game(ToyGame(), n_games=5, seed=1)


# ================================================================== clicking like a person
def do_by_clicks(board: Any, action: Action) -> list[str]:
    """Make ``action`` for the board's seat only by clicking targets and pressing buttons.

    Clicks a target that holds the action, then further targets that narrow the selection,
    and presses the action's button when the selection is down to buttons. Returns what was
    clicked; AssertionError if the action cannot be reached from the board.
    """
    session = board.session
    seat = board.seat
    targets, _ = session.options(seat)
    holders = [t for t, acts in targets.items() if action in acts]
    steps: list[str] = []
    version = session.version
    for target in holders:
        if session.version != version:
            return steps
        if board.chosen and target in board.chosen:
            continue
        if board.chosen and target not in board.targets:
            continue
        steps.append(f"click {target}")
        board.click(target)
        assert not board.error, (steps, board.error)
    if session.version != version:
        return steps
    labels = [b["action"] for b in board.buttons]
    wanted = action.to_json()
    assert wanted in labels, f"{action} cannot be reached by clicks {steps}; buttons {labels[:5]}"
    steps.append(f"press {session.state.describe_action(action)}")
    board.press(labels.index(wanted))
    assert not board.error, (steps, board.error)
    return steps


def click_once(board: Any) -> None:
    """One click as a person would: a button of a narrowed choice, a highlighted place, a button."""
    if board.chosen and board.buttons:
        board.press(0)
    elif board.targets:
        board.click(board.targets[0])
    else:
        board.press(0)


def click_until(board: Any, done: Any, limit: int = 600) -> bool:
    """Click (:func:`click_once`) until ``done(board)`` or the end; True if ``done`` came true."""
    for _ in range(limit):
        if done(board):
            return True
        if board.finished or not (board.targets or board.buttons):
            return False
        click_once(board)
    return False


def last_action_of(state: State, seat: int) -> Action | None:
    """The last action ``seat`` made (inside a joint action at a simultaneous node too)."""
    for item in reversed(state.history()):
        if item.player == seat:
            return item.action
        if item.player == SIMULTANEOUS and item.action[seat] is not None:
            return item.action[seat]
    return None


def test_kit_graph_board_draws_pieces_on_nodes_and_only_legal_targets() -> None:
    """#35: a race on ``nx.cycle_graph``: the tokens were text (``at: [7, 0]``) and every node
    was clickable while two moves were legal."""
    import re

    from tools.kit_race import Race

    from widgets import Board

    board = Board(Race(), seat=0, pace=0, seed=1)
    svg = board.svg
    assert sorted(board.targets) == ["1", "11"]
    assert sorted(re.findall(r'data-target="([^"]+)"', svg)) == ["1", "11"]  # only the legal nodes
    pieces = re.findall(r'<g class="kit-piece"[^>]*><title>(P\d)[^<]* on (\d+)</title>', svg)
    assert sorted(pieces) == [("P0", "0"), ("P1", "6")]
    board.click("11")
    board.session.run()
    board.refresh()
    pieces = dict(re.findall(r'<g class="kit-piece"[^>]*><title>(P\d)[^<]* on (\d+)</title>', board.svg))
    assert pieces["P0"] == "11"
