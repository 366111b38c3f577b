"""A Fiemme–Cembra variant: its parameters, the variant checks, and the tables built from them.

:class:`FiemmeCembraVariant` is what a state reads from its game (``state.game``): the
parameter specs and rule points, the card tables, seats and pass tables built once from the
parameters, the action specs and the length bounds. It knows nothing of states, drawing,
players or the linter: :class:`~lab.games.fiemme_cembra.game.FiemmeCembraGame` assembles
those on top of it. How each rule is modelled: :mod:`lab.games.fiemme_cembra.rules`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import networkx as nx

import lab.games.fiemme_cembra.components as C
from lab.boards.seats import pass_schedule, pass_targets, seats_graph
from lab.core.actions import Action, ActionSpec, Field
from lab.core.budget import MAX_HISTORY, Budget
from lab.core.errors import InvalidVariant
from lab.core.game import Game
from lab.core.params import Params, ParamSpec, thaw
from lab.games.fiemme_cembra.rules import (
    MS_VALUES,
    SLAPS_CLOSER,
    SLAPS_PLAIN,
    closes,
    conquerors,
    penalised,
    round_exhausted,
)
from lab.games.fiemme_cembra.scoring import complete_set, tie_break

# Lab safety bound on the hands of a match (see the hand_limit parameter): never reached by the
# game's players under the default rules (notebook 02), within the save budget for 6 players.
HAND_LIMIT = 3000

FIXED_TABLE = {
    **{k: dict(v) for k, v in C.SEED_TABLE.items()},
    "5": {"emotions_each": 5, "lodging": 5, "speed_total": 25, "conquest_total": 24,
          "unused_lodging": 1, "clauses": ["FC-S5", "INC-FC-1"]},
    "6": {"emotions_each": 6, "lodging": 6, "speed_total": 30, "conquest_total": 20,
          "unused_lodging": 0, "clauses": ["FC-S5", "INC-FC-2"]},
}

PARAMETERS = (
    ParamSpec("players", "int", 4, "Number of players (speed mode: 3 to 6).",
              clauses=("FC-S2", "FC-S5"), minimum=3, maximum=6),
    ParamSpec("rounds", "int", 1, "Rounds in the match, agreed beforehand (one round = one conquest deck).",
              clauses=("FC-S1", "FC-E1"), minimum=1, maximum=10, examples=(2,)),
    ParamSpec("mode", "choice", "speed",
              "speed (the seed) or memory_proposal (the LAB'S PROPOSAL for the undescribed memory mode).",
              clauses=("AMB-FC-3",), choices=("speed", "memory_proposal")),
    ParamSpec("pass_direction", "choice", "right",
              "Which way cards pass: right (the seed), left, or alternate pass by pass.",
              clauses=("FC-P2", "FC-P3"), choices=("right", "left", "alternate")),
    ParamSpec("speed_deck", "choice", "n_of_each",
              "Speed deck construction: n_of_each (N of each type for N players, FC-S2) or table "
              "(the per-type counts of deck_table; the seed's 6-player row cannot deal 5 each).",
              clauses=("FC-S2", "FC-S5", "INC-FC-2"), choices=("n_of_each", "table")),
    ParamSpec("leftover_lodging", "choice", "excluded",
              "Lodging cards not in the speed deck: excluded (the seed, so none can be conquered) "
              "or conquest (shuffled into the conquest deck, the fix).",
              clauses=("FC-S2", "FC-E2", "INC-FC-3"), choices=("excluded", "conquest")),
    ParamSpec("syllables", "choice", "by_type",
              "Which cards carry FIE/MME/CEM/BRA: by_type (Nature FIE, Sport MME, History CEM, "
              "Taste BRA), cycle (copies of each emotion cycle through the four), none.",
              clauses=("AMB-FC-1", "FC-E3"), choices=C.SYLLABLE_SCHEMES),
    ParamSpec("between_rounds", "choice", "tally",
              "Multi-round matches: tally (conquered cards are written down, the conquest deck is "
              "rebuilt, the winner is decided on all rounds' cards) or round_wins (each round has a "
              "winner; most round wins, then total cards, win the match).",
              clauses=("AMB-FC-2", "FC-S1"), choices=("tally", "round_wins")),
    ParamSpec("several_closers", "choice", "fastest",
              "Several players complete at the same pass: fastest (only the first hand conquers) "
              "or each_shouting (every closer who shouted conquers one card, in hand order).",
              clauses=("AMB-FC-4", "FC-P6"), choices=("fastest", "each_shouting")),
    ParamSpec("reinsert", "choice", "random_middle",
              "Where an Event or a penalty card goes back: random_middle (a chance position strictly "
              "between the top and the bottom card), middle (exactly the middle), anywhere (a chance "
              "position, top and bottom included) or bottom.",
              clauses=("FC-P6", "FC-P7"), choices=("random_middle", "middle", "anywhere", "bottom")),
    ParamSpec("card_counts", "json", C.CARD_COUNTS,
              "The play cards by type (FC-C1): edit a count to see the consequence.",
              clauses=("FC-C1",), check=C.check_card_counts,
              examples=({**C.CARD_COUNTS, "lodging": 8},)),
    ParamSpec("deck_table", "json", C.SEED_TABLE,
              "The set-up table as the rules state it (per-type counts and stated totals per "
              "player count); the linter checks it, speed_deck=table plays it.",
              clauses=("FC-S2", "FC-S4", "FC-S5", "INC-FC-1", "INC-FC-2"), check=C.check_deck_table,
              examples=(FIXED_TABLE,)),
    ParamSpec("penalty_timing", "choice", "each_hand",
              "FC-P7, when the last hand is penalised: each_hand (the seed's step 7, between "
              "conquering and redealing: after every race the last hand returns a conquered card "
              "of their choice into the middle of the conquest deck, see reinsert; rounds run "
              "several times longer than 15 minutes) or end_of_round (the literal 'alla fine di "
              "ogni turno di gioco', a turno being one conquest deck: when the round ends, the "
              "player whose hand landed last in its final race returns a conquered card of their "
              "choice into the covered deck, the round over; no card, no penalty).",
              clauses=("FC-P7", "FC-E1"), choices=("each_hand", "end_of_round")),
    ParamSpec("pass_limit", "int", 40,
              "Lab safety rule: a hand nobody closes within this many passes is voided and redealt.",
              clauses=("FC-P4",), minimum=5, maximum=1000),
    ParamSpec("hand_limit", "int", HAND_LIMIT,
              "Lab safety bound, not a seed rule: a match that reaches this many hands (all rounds "
              "together) is stopped unfinished (no winner, no draw; stopped_by='hand_limit=N').",
              clauses=("FC-E1", "FC-P7"), minimum=5, maximum=5000),
)


def hand_codes(params: Params) -> int:
    """Upper bound on the save codes one hand can add (a simultaneous node: one per player).

    Deals (one chance entry per player), at most ``pass_limit`` passes and one slap race
    (simultaneous), the conquest, one penalty card and the reinsert chance nodes. Speed mode:
    every Event leaves the deck until the hand ends, so one hand draws at most ``k + events``
    cards (``k`` conquerors: all players with ``several_closers="each_shouting"``, else one) and
    decides at most two steps per Event. Memory proposal: Events stay in the grid, so each
    conqueror flips at most ``2 + events`` places (a flip, maybe a chance draw, two Event steps).
    """
    n = int(params["players"])
    events = int(params["card_counts"]["event"])
    k = n if params["several_closers"] == "each_shouting" else 1
    if params["mode"] == "memory_proposal":
        conquest = k * (2 + events) * 4
    else:
        conquest = k + events + 2 * events
    return n + n * int(params["pass_limit"]) + n + conquest + 1 + (events + 1)


def max_length(params: Params) -> int:
    """Upper bound on a game's history entries: ``hand_limit`` hands (the whole match) x one
    hand's save codes (:func:`hand_codes`, which counts a simultaneous node once per player)."""
    return int(params["hand_limit"]) * hand_codes(params) + 10


class FiemmeCembraVariant(Game):
    """Fiemme–Cembra under one variant: the parameters and the tables a state reads.

    Not a game by itself (it has no states): :class:`~lab.games.fiemme_cembra.game.FiemmeCembraGame`
    is this variant with its states, presentation, hidden-information sampler, players and
    linter checks assembled.
    """

    PARAMETERS: ClassVar[tuple[ParamSpec, ...]] = PARAMETERS
    RULE_POINTS: ClassVar[tuple[Any, ...]] = (
        closes, conquerors, penalised, round_exhausted, complete_set, tie_break,
    )

    def __init__(self, params: Any = None, /, **kwargs: Any) -> None:
        super().__init__(params, **kwargs)
        p = self.params
        n = int(p["players"])
        counts = thaw(p["card_counts"])
        self.counts: dict[str, int] = counts
        self.n_cards = sum(counts.values())
        self.types = C.card_types(counts)
        self.syllables = C.card_syllables(counts, p["syllables"])
        self.speed_counts = C.speed_deck_counts(n, p["speed_deck"], p["deck_table"])
        self.conquest_ids = C.conquest_card_ids(counts, self.speed_counts, p["leftover_lodging"])
        self.seats = seats_graph(n, p["pass_direction"])
        targets = pass_targets(self.seats)
        self.pass_tables = tuple(targets[d] for d in pass_schedule(p["pass_direction"]))
        self.pass_names = pass_schedule(p["pass_direction"])
        #: per pass table, the seat each seat receives from (``sources[q]``: the ``p`` with
        #: ``table[p] == q``); None unless every table is a permutation of the seats (it is for
        #: the seats graph's directions): the state then keeps one record per pass, not per seat
        self.pass_sources: tuple[tuple[int, ...], ...] | None = None
        if all(sorted(t) == list(range(n)) for t in self.pass_tables):
            self.pass_sources = tuple(tuple(map(t.index, range(n))) for t in self.pass_tables)
        self.memory = p["mode"] == "memory_proposal"
        self.pass_limit = int(p["pass_limit"])  # read after every pass
        # read every hand (a Params lookup is a Python call): the state reads these copies
        self.hand_limit = int(p["hand_limit"])
        self.reinsert: str = p["reinsert"]
        self.several_closers: str = p["several_closers"]
        self.penalty_timing: str = p["penalty_timing"]
        self.slaps_plain = SLAPS_PLAIN
        self.slaps_closer = SLAPS_CLOSER
        self.draw_actions = tuple(Action("draw", (c,)) for c in range(self.n_cards))
        self.non_event = tuple(t != C.EVENT for t in self.types)

    # ------------------------------------------------------------------ variant checks
    def check_variant(self, params: Params) -> None:
        n = int(params["players"])
        counts = params["card_counts"]
        speed = C.speed_deck_counts(n, params["speed_deck"], params["deck_table"])
        names = C.TYPES[: C.HAND_TYPES]
        for t, name in enumerate(names):
            if speed[t] > counts[name]:
                msg = (f"the speed deck for {n} players needs {speed[t]} {name} cards but card_counts "
                       f"has {counts[name]} (FC-S2); lower deck_table or raise card_counts")
                raise InvalidVariant(msg)
        if sum(speed) < C.HAND_SIZE * n:
            msg = (f"the speed deck for {n} players has {sum(speed)} cards ({params['speed_deck']}), "
                   f"but dealing 5 each needs {C.HAND_SIZE * n} (FC-S3, FC-S5; lab.lint suggests a fix); "
                   f"use speed_deck='n_of_each' or fix deck_table")
            raise InvalidVariant(msg)

    # ------------------------------------------------------------------ engine hooks
    def action_specs(self) -> list[ActionSpec]:
        cards = range(sum(self.params["card_counts"].values()))
        return [
            ActionSpec("deal", (Field("hand", range(len(C.COMPOSITIONS))),), "chance: a dealt 5-card hand (FC-S3)"),
            ActionSpec("draw", (Field("card", cards),), "chance: the card under a face-down slot"),
            ActionSpec("insert_at", (Field("position", range(len(cards) + 1)),), "chance: reinsert position"),
            ActionSpec("discard", (Field("type", range(C.HAND_TYPES)),), "pass this card type on (FC-P2)"),
            ActionSpec("slap", (Field("ms", MS_VALUES), Field("shout", (False, True))),
                       "hand on the deck after ms milliseconds; shout for a closer (FC-P4..P6)"),
            ActionSpec("event_draw", (), "Event: draw the next card instead (FC-P6)"),
            ActionSpec("event_swap_choose", (), "Event: choose to swap a conquered card (FC-P6)"),
            ActionSpec("event_swap", (Field("mine", cards), Field("theirs", cards)),
                       "Event: swap one of your conquered cards with an opponent's (FC-P6)"),
            ActionSpec("give_back", (Field("card", cards),), "penalty: return a conquered card (FC-P7)"),
            ActionSpec("flip", (Field("slot", range(len(cards))),), "memory proposal: turn a grid card"),
        ]

    def max_game_length(self) -> int:
        return max_length(self.params)

    def budget(self) -> list[Budget]:
        """The longest game the limits allow (its save and replay must stay bounded)."""
        codes = max_length(self.params)  # hand_codes counts a simultaneous node once per player
        return [Budget("save codes (longest game)", codes, MAX_HISTORY,
                       ("hand_limit", "pass_limit", "players", "card_counts", "mode", "several_closers"))]

    def board(self, state: Any = None) -> nx.DiGraph:
        """The seats graph (passing edges); with a state, each seat's conquered-card count."""
        g = self.seats.copy()
        if state is not None:
            for i in range(self.num_players()):
                g.nodes[("seat", i)]["conquered"] = len(state.conquered[i])
        return g
