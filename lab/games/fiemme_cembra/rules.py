"""Fiemme–Cembra, the speed card game (RULES.md §2, seed ``001_b777bd706e0024a3.txt``).

Speed mode for 3 to 6 players, and the lab's *proposal* for the memory mode the seed only names.

How the rules are modelled
--------------------------
* Cards are integers (see :mod:`.components`); hands are counts per type, because the speed
  deck has no syllables that ever matter (speed-deck cards are never conquered).
* FC-S3 / FC-P8: every deal is a chance node (one per player: the composition of the 5-card
  hand, multivariate hypergeometric). Nothing is pre-shuffled inside the rules.
* The conquest deck is a list of *slots*, top first: ``-1`` is a face-down card nobody knows
  (drawing it is a chance node over the pool of unknown cards), a card id is a card the table
  saw go in at that position (an Event put back, a penalty card).
* "In mezzo al mazzo" (FC-P6 Events, FC-P7 penalty cards) is the ``reinsert`` parameter. The
  lab's reading, the default ``random_middle``: the card goes *inside* the deck, never on top
  and never at the bottom, at a position nobody knows — a chance node, uniform over the
  positions ``1 .. len(deck) - 1`` (0 = on top, ``len(deck)`` = under the bottom card; with
  fewer than 2 cards every position ``0 .. len(deck)``). ``middle`` is the literal exact middle,
  position ``len(deck) // 2`` (known to all); ``anywhere`` and ``bottom`` are alternatives.
* FC-P1 / FC-P4 "5 carte emozioni di tipologia differente": there are only four emotion types
  (FC-C1). The seed itself resolves it in step 4 ("sia 4 carte tutte di emozioni differenti, sia
  la carta alloggio") and in the goal ("4 carte emozioni + 1 carta alloggio"): a hand closes with
  one card of each of the five *hand* types, 4 emotions + lodging (:func:`closes`). The seed
  wins over RULES.md's digest here; the linter notes the wording (``FC-P1``).
* FC-P2/FC-P3: passing is a SIMULTANEOUS node: every player picks ``discard(type)`` without
  seeing the others, then all cards move along the seats graph (:mod:`lab.boards.seats`).
* FC-P4: a player whose hand is complete after a pass closes (closing is not declined: how
  fast they *notice* is their slap time). FC-P1: never before the first pass of a hand.
* FC-P5/FC-P6/FC-P7: the slap race is a SIMULTANEOUS node where every player submits
  ``slap(ms, shout)``: a closer's ``ms`` counts from the pass, everybody else's from the first
  closer's slap (they react to it). Hands land in order of absolute time; **ties** go to the
  closer, then to the player nearer the first closer going right (seat ``c+1``, ``c+2`` ...).
  This is the lab's documented tie rule. Given the submitted times the rules are deterministic.
* FC-P6: an Event is played at once in two steps (``event_draw``, or ``event_swap_choose`` then
  ``event_swap(mine, theirs)``); it then goes back "in the middle" of the deck (``reinsert``).
  With the exact middle, the last non-Event cards can sink under the Events for ever.
* FC-P7 (``penalty_timing``). The seed's step 7 sits in the sequence of one *hand*, between
  conquering a card (step 6) and redealing (step 8): the player whose hand lands last on the
  deck returns one conquered card of their choice "al centro del mazzo coperto", every hand. The
  default ``each_hand`` reads it so: after every race the last hand chooses the card (a
  decision node, ``give_back``) and it goes back into the deck (``reinsert``); with no conquered
  card the penalty is void. A race then conquers one card and puts one back, so the deck only
  shrinks in a race whose last hand has nothing to return, and it *grows* when an Event is used
  to swap (nothing conquered, a card still returned): rounds are several times longer than the
  seed's "about 15 minutes" (notebook 02; the linter's ``FC-P7`` finding: a race that conquers
  a card and puts one back is a cycle that makes no progress towards FC-E1). Seed oddity: the
  step says "alla fine di ogni turno di gioco", and everywhere else a *turno di gioco* is one
  conquest deck (FC-S1 "un turno corrisponde ad un mazzo", FE "dopo un turno di gioco");
  ``end_of_round`` is that literal reading: when the round ends (FC-E1), "solo quel giocatore che
  ha posato la propria mano per ultimo" -- the one player whose hand landed last in the round's
  final race -- returns one conquered card of their choice into the covered conquest deck; no
  conquered card, no penalty. The round is over, so the card is never drawn again in it and the
  round is decided without it (a next round builds its conquest deck afresh, AMB-FC-2).
* Lab safety rules, not the seed's: a hand in which nobody closes within ``pass_limit`` passes is
  voided and redealt (logged, counted in ``voided_hands``); a match that reaches ``hand_limit``
  hands in all (every round counted) is **stopped unfinished** (:meth:`State.stop_unfinished`,
  ``stopped_by="hand_limit=N"``, no winner, no draw): the seed's rules did not end the round, so
  neither the round nor the match has a result.

Memory mode (AMB-FC-3) — **the lab's proposal, not the designer's rules**: the conquest cards
lie face down in a grid. Dealing, passing, closing and the slap race are as in speed mode. The
winner of the race flips two grid cards, one after the other, seen by everybody: two cards of
the same type are conquered; otherwise both are turned face down again in place. A flipped
Event is played at once (swap, or flip another card instead) and stays in place. A penalty
card goes face up into an empty grid place and is turned down there. The round ends when no
two non-Event cards of one type are left in the grid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import networkx as nx

from lab.boards.seats import pass_schedule, pass_targets, seats_graph
from lab.core.actions import Action, ActionSpec, Field
from lab.core.budget import MAX_HISTORY, Budget
from lab.core.errors import InvalidVariant
from lab.core.game import Game
from lab.core.params import Params, ParamSpec, thaw
from lab.core.rulepoints import rule_point
from lab.games.fiemme_cembra import components as C
from lab.games.fiemme_cembra.scoring import complete_set, tie_break

if TYPE_CHECKING:
    from lab.games.fiemme_cembra.state import FiemmeCembraState

MS_STEP = 10
MS_MAX = 3000
MS_VALUES = range(0, MS_MAX + 1, MS_STEP)  # reaction times in 10 ms steps, 0..3 s

# Time model (estimated_minutes): seconds for each thing that happens at a real table,
# chosen so a 4-player round of collector players lasts about the seed's 15 minutes (~14).
# Lab safety bound on the hands of a match (see the hand_limit parameter): never reached by the
# game's players under the default rules (notebook 02), within the save budget for 6 players.
HAND_LIMIT = 3000

SECONDS = {"deal": 20.0, "pass": 3.0, "race": 4.0, "event": 8.0, "penalty": 4.0, "flip": 3.0}

# legal slap lists, built once (the state returns copies)
SLAPS_PLAIN = tuple(Action("slap", (ms, False)) for ms in MS_VALUES)
SLAPS_CLOSER = SLAPS_PLAIN + tuple(Action("slap", (ms, True)) for ms in MS_VALUES)

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


# ---------------------------------------------------------------------- rule points
def closes(hand: list[int]) -> bool:
    """FC-P4: does a hand with ``hand`` cards per type (4 emotions, lodging) close?

    One card of each type: 4 different emotions + lodging.
    """
    return 0 not in hand


def conquerors(order: list[int], shouted: list[int], several_closers: str) -> list[int]:
    """FC-P6: who takes a conquest card, in turn, given the ``order`` hands landed on the deck.

    ``shouted``: the closers who shouted. The first hand takes the card only if that player
    shouted, otherwise the second hand takes it. With ``several_closers="each_shouting"``
    (AMB-FC-4) every closer who shouted takes one, in hand order.
    """
    if several_closers == "each_shouting":
        return [p for p in order if p in shouted] or [order[1]]
    return [order[0]] if order[0] in shouted else [order[1]]


def penalised(order: list[int]) -> int:
    """FC-P7: who is penalised after a race (-1: nobody), from the ``order`` hands landed: the last."""
    return order[-1]


def round_exhausted(remaining: list[int], memory: bool) -> bool:
    """FC-E1: does the round end, with ``remaining`` conquest cards per type still to be won?

    Types: nature, sport, history, taste, lodging, event. Speed mode: when only Event cards are
    left. Memory mode (the lab's proposal): when no two cards of one type can still be paired.
    """
    if memory:
        return all(remaining[t] < 2 for t in range(C.HAND_TYPES))
    return all(remaining[t] == 0 for t in range(len(C.TYPES)) if t != C.EVENT)


class FiemmeCembraGame(Game):
    """Fiemme–Cembra under one variant. See the module docstring."""

    name: ClassVar[str] = "fiemme_cembra"
    title: ClassVar[str] = "Fiemme–Cembra (speed card game)"
    utility: ClassVar[str] = "general_sum"  # every winner 1, the others 0
    # 2: FC-P7 each hand by default; hand_limit stops the match unfinished. 3: end_of_round is the
    # seed's reading (one penalty, to the last hand of the round's final race; the card goes back
    # into the deck), no longer a mark per race whose cards left the game
    rules_version: ClassVar[int] = 3
    seed_file: ClassVar[str] = "001_b777bd706e0024a3.txt"
    #: random players (random discards, slaps and Event choices) make rounds of thousands of
    #: hands under the per-hand penalty: a run that names no players plays the collectors
    default_agents: ClassVar[Any] = "collector"
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

    def new_initial_state(self) -> FiemmeCembraState:
        from lab.games.fiemme_cembra.state import FiemmeCembraState

        return FiemmeCembraState(self)

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

    def accounting(self) -> list[Any]:
        from lab.games.fiemme_cembra.lint import accounting

        return accounting(self)

    @classmethod
    def agent_factories(cls) -> dict[str, Any]:
        from lab.games.fiemme_cembra.agents import AGENTS

        return dict(AGENTS)


# Rule points are declared by a call, not with decorator syntax: mutmut (`make mutants`)
# does not mutate decorated functions, and these are the rules.
for _clause, _fn in (
    ("FC-P4", closes),
    ("FC-P6", conquerors),
    ("FC-P7", penalised),
    ("FC-E1", round_exhausted),
):
    rule_point(_clause)(_fn)
