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

Where each part lives (the package's declared order, lowest first: pyproject.toml)
----------------------------------------------------------------------------------
:mod:`.components` (cards and tables), this module (the rule points and the constants of the
rules), :mod:`.scoring` (FC-E2/FC-E3), :mod:`.hands` (hand keys), :mod:`.words` (the game in
words), :mod:`.variant` (parameters, variant checks, the tables built from them), then the
state in layers -- :mod:`.views` (its fields and read-only views), :mod:`.rounds` (rounds,
hands, the match's end), :mod:`.passing` (deal and pass), :mod:`.conquest` (slap race,
conquest, Events, penalty, memory proposal), :mod:`.state` (the engine hooks, copies) -- then
the parts that are handed a state: :mod:`.render`, :mod:`.information`, :mod:`.agents`,
:mod:`.lint`; :mod:`.game` assembles them into the game class.
"""

from __future__ import annotations

import lab.games.fiemme_cembra.components as C
from lab.core.actions import Action
from lab.core.rulepoints import rule_point

MS_STEP = 10
MS_MAX = 3000
MS_VALUES = range(0, MS_MAX + 1, MS_STEP)  # reaction times in 10 ms steps, 0..3 s

# Time model (estimated_minutes): seconds for each thing that happens at a real table,
# chosen so a 4-player round of collector players lasts about the seed's 15 minutes (~14).
SECONDS = {"deal": 20.0, "pass": 3.0, "race": 4.0, "event": 8.0, "penalty": 4.0, "flip": 3.0}

# legal slap lists, built once (the state returns copies)
SLAPS_PLAIN = tuple(Action("slap", (ms, False)) for ms in MS_VALUES)
SLAPS_CLOSER = SLAPS_PLAIN + tuple(Action("slap", (ms, True)) for ms in MS_VALUES)


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


# Rule points are declared by a call, not with decorator syntax: mutmut (`make mutants`)
# does not mutate decorated functions, and these are the rules.
for _clause, _fn in (
    ("FC-P4", closes),
    ("FC-P6", conquerors),
    ("FC-P7", penalised),
    ("FC-E1", round_exhausted),
):
    rule_point(_clause)(_fn)
