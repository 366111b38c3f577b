"""Memcel's parameters (RULES.md §1): every open point of the seed as a switch, and the bounds.

Every open point of RULES.md (AMB-MC-1..9) is a parameter here; :class:`~lab.games.memcel.game.
MemcelGame` checks them across each other (``check_variant``) and
:class:`~lab.games.memcel.tables.Tables` turns one variant into the tables the state reads.
The constants below are the rules' fixed numbers that are not components (those are in
:mod:`lab.games.memcel.components`) and the lab's bounds on a variant's size.
"""

from __future__ import annotations

import lab.games.memcel.components as C
from lab.core.params import Params, ParamSpec

DEFENCES = ("skip", "complication", "card")  # MC-2.2
HUNT_ACTIONS_PER_TURN = 18  # declare, d8, x, <= 8 reveals, two cards with <= 2 choices each
ORDER_ROLL_ROUNDS = 20  # MC-0.1 ties re-roll; after this many rounds the lowest tied seat starts
DEFAULT_MAX_TURNS = 3000
"""The lab's safety bound on hunt turns (parameter ``max_turns``), not a rule: the seed's rules
end every game a player with a perfect memory plays (median 5-7 turns), and the human-like
memory players' games have a long tail (400 seeded games each, issue #39: the longest 686, 1330
and 3525 turns with 2, 3 and 4 players; 1 in 400 beyond 3000 with 4). Random players never
finish (they remember nothing, and a miss covers all their tiles, AMB-MC-3): they run to it."""

PARAMETERS: tuple[ParamSpec, ...] = (
    ParamSpec("players", "int", 4, "Number of players (2-4).", ("MC-0.2", "MC-0.3"),
              minimum=2, maximum=4),
    ParamSpec(
        "ring_layout", "json", [dict(r) for r in C.DEFAULT_RING_LAYOUT],
        "Rings from the centre outwards: [{colour, sectors, fixed}]; sectors must add up to the "
        "number of tiles. fixed = part of the board, never turns.",
        ("AMB-MC-1", "MC-C1"),
        examples=(
            [{"colour": "red", "sectors": 12}, {"colour": "green", "sectors": 16},
             {"colour": "blue", "sectors": 20}],
            [{"colour": "board", "sectors": 12, "fixed": True}, {"colour": "red", "sectors": 12},
             {"colour": "green", "sectors": 12}, {"colour": "blue", "sectors": 12}],
        ),
        check=C.check_ring_layout,
    ),
    ParamSpec(
        "tile_counts", "json", dict(C.DEFAULT_TILE_COUNTS),
        "Tiles per colour (one colour per seat, in seat order) and 'imprevisto' tiles.",
        ("MC-C2", "MC-0.2", "MC-0.3"),
        examples=({"red": 11, "green": 11, "blue": 11, "orange": 11, "imprevisto": 4},),
        check=C.check_tile_counts,
    ),
    ParamSpec("reveal_limit", "choice", "strict",
              "x < N ('strict', the text) or x <= N ('inclusive') for a d8 roll of N.",
              ("AMB-MC-2", "MC-2.1.1"), choices=("strict", "inclusive")),
    ParamSpec("cover_scope", "choice", "all",
              "On a miss cover 'all' own face-up tiles, or only those revealed this 'turn'.",
              ("AMB-MC-3", "MC-2.1.2.1"), choices=("all", "turn")),
    ParamSpec("revealed_by_other_counts", "bool", True,
              "A tile left face up by another player's miss counts for its owner.",
              ("AMB-MC-4", "MC-3")),
    ParamSpec("card_after_success", "bool", True,
              "Draw the end-of-turn card after a fully successful attack too.",
              ("AMB-MC-5", "MC-2.1.3")),
    ParamSpec("board_turn_degrees", "int", 90,
              "How far the whole board turns ('giro della morte'), in degrees.",
              ("AMB-MC-6", "MC-C5"), minimum=1, maximum=359, examples=(180,)),
    ParamSpec("ring_step", "int", 1,
              "Sectors per 'scatto' (one pip of the d8, one step of a card).",
              ("AMB-MC-7", "MC-C5"), minimum=1, maximum=8, examples=(2,)),
    ParamSpec(
        "deck", "json", dict(C.DEFAULT_DECK),
        "Imprevisto deck: effect -> count, summing to deck_size. A STAND-IN for the "
        "designer's cards (the seed has none).",
        ("AMB-MC-8", "MC-C3"),
        examples=({"lose_turn": 10, "extra_turn": 10, "peek": 10, "cover": 10, "swap": 10},),
        check=C.check_deck,
    ),
    ParamSpec("deck_size", "int", C.STATED_DECK_SIZE, "Number of imprevisto cards.", ("MC-C3",),
              minimum=1, maximum=1000),
    ParamSpec("sitout_clears_defence", "bool", True,
              "A sat-out turn counts as a turn without defence for MC-2.2.1.",
              ("AMB-MC-9", "MC-2.2.1")),
    ParamSpec("icon_die", "json", [dict(f) for f in C.DEFAULT_ICON_DIE],
              "Icon die faces [{ring, dir, complication}] (complication: board, swap, reroll).",
              ("MC-C5",), check=C.check_icon_die),
    ParamSpec("imprevisto_cards", "int", 2,
              "Cards drawn in a turn whose attack reveals an imprevisto tile: 2 (the seed's text: "
              "one at once, MC-2.1.2.3 'si pesca una carta', and the end-of-turn card, MC-2.1.3 "
              "'dopo tutti i casi suddetti') or 1 (the MC-2.1.2.3 card is the turn's card).",
              ("MC-2.1.2.3", "MC-2.1.3"), minimum=1, maximum=2, examples=(1,)),
    ParamSpec("void_attack", "choice", "card",
              "An attack with no possible x (a d8 roll of 1 under x < N, MC-2.1.1) ends the turn "
              "with the end-of-turn card ('card', MC-2.1.3 read as every turn's end) or without "
              "one ('pass': no move was made, so none of MC-2.1.3's 'casi suddetti' happened).",
              ("MC-2.1.1", "MC-2.1.3"), choices=("card", "pass")),
    ParamSpec("absent_share", "choice", "colours_first",
              "Order in which the absent players' tiles are dealt (MC-0.3 'dividere equamente'); "
              "it matters for 3 players, whose 2 absent imprevisto tiles cannot be split evenly: "
              "'colours_first' gives imprevisto tiles 2/3/3 by seat, 'imprevisto_first' 3/3/2.",
              ("MC-0.3", "MC-0.2"), choices=C.ABSENT_SHARES),
    ParamSpec("max_turns", "int", DEFAULT_MAX_TURNS,
              "Safety bound, not a seed rule (the seed has no draw): a game still running after "
              "this many hunt turns (all players, sat-out turns included) ends unfinished, "
              "'stopped by max_turns=N', with no winner.",
              ("MC-3",), minimum=1, maximum=100_000, examples=(40,)),
    ParamSpec("seconds", "json", dict(C.DEFAULT_SECONDS),
              "Time model: seconds per act (place, roll, declare, reveal, cover, card, turn, "
              "swap, peek, setup).", (), check=C.check_seconds),
)


MAX_RINGS = 16
MAX_TILE_KINDS = 16
MAX_SECTORS = 1024
MAX_PLACE_ACTIONS = 16_384
MAX_EFFECTS = 256
MAX_ICON_FACES = 64


def max_length(params: Params) -> int:
    """Upper bound on a game's history entries (MC-0.1 order rolls, MC-1 setup, hunt turns)."""
    players = int(params["players"])
    order = ORDER_ROLL_ROUNDS * players
    setup = sum(params["tile_counts"].values()) + 3 * players
    return order + setup + HUNT_ACTIONS_PER_TURN * int(params["max_turns"]) + 8
