"""A tiny hidden-hand card game used only to prove the reliability machinery can fail.

Eight cards 0..7 are dealt by chance (one chance node per card, uniform over the cards left in
the deck) until every player holds ``hand_size`` cards; the hands are private. Then players in
turn play one card face up; the highest total wins. It is not a registered game: tests load it
with :func:`registered_toy`, which adds it to the registry for the duration of a test.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from lab.core import registry
from lab.core.actions import Action, ActionSpec, Field, act
from lab.core.chance import uniform
from lab.core.game import Game
from lab.core.params import ParamSpec
from lab.core.state import CHANCE, TERMINAL, State
from tests.tools.probes import Probe, Secret, _shuffled_hands

CARDS = 8


class ToyState(State):
    def __init__(self, game: ToyGame) -> None:
        super().__init__(game)
        n = game.num_players()
        self.deck: list[int] = list(range(CARDS))
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.pile: list[tuple[int, int]] = []
        self.dealt = 0
        self.turn = 0

    def current_player(self) -> int:
        n = self.game.num_players()
        if self.dealt < n * self.game.params["hand_size"]:
            return CHANCE
        if any(self.hands):
            return self.turn
        return TERMINAL

    def _legal_actions(self, player: int) -> list[Action]:
        return [act("play", c) for c in sorted(self.hands[player])]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return uniform([act("deal", c) for c in self.deck])

    def _apply_action(self, action: Action) -> None:
        card = int(action.args[0])
        n = self.game.num_players()
        if action.kind == "deal":
            p = self.dealt % n
            self.deck.remove(card)
            self.hands[p].append(card)
            self.dealt += 1
            self.log("TOY-1", "dealt", visible_to=(p,), player=p, card=card)
            return
        self.hands[self.turn].remove(card)
        self.pile.append((self.turn, card))
        self.log("TOY-2", "played", player=self.turn, card=card)
        self.turn = (self.turn + 1) % n

    def returns(self) -> list[float]:
        n = self.game.num_players()
        if not self.is_terminal():
            return [0.0] * n
        totals = [sum(c for p, c in self.pile if p == q) for q in range(n)]
        best = max(totals)
        return [1.0 if t == best else -1.0 for t in totals]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {
            "pile": [list(x) for x in self.pile],
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "hand": None if player is None else sorted(self.hands[player]),
        }

    def full_state(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "pile": [list(x) for x in self.pile],
            "dealt": self.dealt,
            "turn": self.turn,
        }

    def render_svg(self, viewer: int | None = None) -> str:
        own = "" if viewer is None else " ".join(f"c{c}" for c in sorted(self.hands[viewer]))
        return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{own}</text></svg>'

    def clone(self) -> ToyState:
        new = type(self).__new__(type(self))  # a subclass keeps its class (and its rules)
        new.game = self.game
        new._history = list(self._history)
        new.events = list(self.events)
        new.deck = list(self.deck)
        new.hands = [list(h) for h in self.hands]
        new.pile = list(self.pile)
        new.dealt = self.dealt
        new.turn = self.turn
        return new


class ToyGame(Game):
    name = "toy"
    title = "Toy hidden hands"
    rules_version = 1
    PARAMETERS = (
        ParamSpec("players", "int", 2, "Number of players.", minimum=2, maximum=3),
        ParamSpec("hand_size", "int", 2, "Cards dealt to each player.", minimum=1, maximum=2),
    )

    def action_specs(self) -> list[ActionSpec]:
        cards = Field("card", range(CARDS))
        return [ActionSpec("deal", (cards,)), ActionSpec("play", (cards,))]

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def max_game_length(self) -> int:
        return 2 * self.num_players() * self.params["hand_size"]


def _toy_secrets(state: State, viewer: int | None) -> list[Secret]:
    """The toy's secrets hidden from ``viewer``: the other hands and the deck."""
    full = state.full_state()
    out = [Secret("the deck", full["deck"], "multiset")]
    for p, hand in enumerate(full["hands"]):
        if p != viewer:
            out.append(Secret(f"the hand of player {p}", hand, "multiset", tuple(f"c{c}" for c in hand)))
    return out


def _toy_conservation(state: State) -> str | None:
    full = state.full_state()
    cards = full["deck"] + [c for h in full["hands"] for c in h] + [c for _, c in full["pile"]]
    return None if sorted(cards) == list(range(CARDS)) else f"cards {sorted(cards)} are not 0..{CARDS - 1}"


def _toy_twin(state: State, viewer: int | None, rng: Any) -> State:
    twin = state.clone()
    n = state.game.num_players()
    seats = [p for p in range(n) if p != viewer]
    parts = [*twin.hands, twin.deck]  # type: ignore[attr-defined]
    dealt = _shuffled_hands(parts, [*seats, n], rng)
    twin.hands, twin.deck = dealt[:n], dealt[n]  # type: ignore[attr-defined]
    return twin


toy_probe = Probe("other hands and the deck", _toy_conservation, _toy_secrets, _toy_twin)


@contextmanager
def registered_toy() -> Iterator[type[ToyGame]]:
    """Register the toy game as ``toy`` while the block runs."""
    registry._BUILTIN["toy"] = ("tests.tools.toy_game", "ToyGame")
    registry._classes["toy"] = ToyGame
    try:
        yield ToyGame
    finally:
        registry._BUILTIN.pop("toy", None)
        registry._classes.pop("toy", None)
