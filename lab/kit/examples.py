"""Two small games written with the kit: Pig (dice, push your luck) and Goofspiel (simultaneous
bidding with hidden hands). Both exist in OpenSpiel (``pig``, ``goofspiel``), which the tests and
benchmarks compare them with; ``notebooks/20_design_a_game.ipynb`` writes them inline.

The clause IDs are this module's own (``PIG-*``, ``GS-*``): these games have no seed rule text.
"""

from __future__ import annotations

from typing import Any

from lab.core.params import ParamSpec
from lab.kit.context import Ctx
from lab.kit.definition import chance, move
from lab.kit.game import define_game

State = dict[str, Any]


# ================================================================== Pig
def pig_setup(ctx: Ctx) -> State:
    return {"scores": [0] * ctx.players, "turn_total": 0}


def can_roll(s: State, ctx: Ctx) -> bool:
    """Rolling stops once the turn total reaches the target: then you hold and win (PIG-4)."""
    return s["scores"][ctx.player] + s["turn_total"] < ctx.params["target"]


def die(s: State, ctx: Ctx) -> int:
    """The die a roll throws (PIG-1): a chance node declared before the move runs."""
    return ctx.roll(ctx.params["die"])


@move(legal=can_roll, chance=die)
def roll(s: State, ctx: Ctx, face: int) -> None:
    """Roll the die: a 1 loses the turn total and ends the turn (PIG-2), else add it (PIG-1)."""
    if face == 1:
        ctx.log("PIG-2", "pig out", player=ctx.player, lost=s["turn_total"])
        s["turn_total"] = 0
        ctx.end_turn()
    else:
        s["turn_total"] += face


def hold(s: State, ctx: Ctx) -> None:
    """Bank the turn total and pass the die (PIG-3)."""
    s["scores"][ctx.player] += s["turn_total"]
    ctx.log("PIG-3", "hold", player=ctx.player, banked=s["turn_total"])
    s["turn_total"] = 0
    ctx.end_turn()


def pig_end(s: State, ctx: Ctx) -> int | None:
    """The first to reach the target wins (PIG-4)."""
    target = ctx.params["target"]
    for p, score in enumerate(s["scores"]):
        if score >= target:
            return p
    return None


Pig = define_game(
    "pig",
    players=(2, 4),
    params=[
        ParamSpec("target", "int", 100, "Points needed to win.", clauses=("PIG-4",), minimum=1, maximum=1000, examples=(20,)),
        ParamSpec("die", "int", 6, "Sides of the die.", clauses=("PIG-1",), minimum=2, maximum=20),
    ],
    setup=pig_setup,
    moves=[roll, hold],
    end=pig_end,
    progress=lambda s: s["scores"],
    title="Pig",
    doc="Pig: roll a die as often as you dare; a 1 loses the turn's points.",
)


# ================================================================== Goofspiel
def goof_setup(ctx: Ctx) -> State:
    cards = list(range(1, ctx.params["cards"] + 1))
    ctx.all_move()
    prize = ctx.draw(cards)  # GS-2: the first prize is turned up
    return {
        "hands": [list(cards) for _ in range(ctx.players)],  # GS-1: one suit per player, hidden
        "prizes": [c for c in cards if c != prize],  # the prizes still face down
        "prize": prize,
        "bids": [None] * ctx.players,
        "scores": [0] * ctx.players,
        "played": [],  # every round's bids, revealed together (GS-3)
    }


def _cards(params: Any) -> range:
    return range(1, params["cards"] + 1)


def _hand(s: State, ctx: Ctx) -> list[int]:
    """The legal bids: the cards in the bidder's hand."""
    return s["hands"][ctx.player]


@move(card=_cards, options=_hand)
def bid(s: State, ctx: Ctx, card: int) -> None:
    """Bid a card of your hand for the prize (GS-3); everyone bids at once."""
    s["hands"][ctx.player].remove(card)
    s["bids"][ctx.player] = card


def next_prize(s: State, ctx: Ctx) -> int | None:
    """The next prize, turned up at random from those face down (GS-2); none after the last."""
    return ctx.draw(s["prizes"]) if s["prizes"] else None


@chance(next_prize)
def goof_after(s: State, ctx: Ctx, prize: int | None) -> None:
    """The highest bid takes the prize; a tie discards it (GS-4); then the next prize (GS-2)."""
    bids = s["bids"]
    top = max(bids)
    winners = [p for p, b in enumerate(bids) if b == top]
    if len(winners) == 1:
        s["scores"][winners[0]] += s["prize"]
    ctx.log("GS-4", "prize", prize=s["prize"], bids=list(bids), winner=winners[0] if len(winners) == 1 else None)
    s["played"].append(list(bids))
    s["bids"] = [None] * ctx.players
    s["prize"] = prize
    if prize is not None:
        s["prizes"].remove(prize)


def goof_end(s: State, ctx: Ctx) -> list[float] | None:
    """After the last prize: +1 to the sole top score, -1 to the others; all 0 on a tie (GS-5)."""
    if s["prize"] is not None:
        return None
    top = max(s["scores"])
    winners = [p for p, v in enumerate(s["scores"]) if v == top]
    if len(winners) > 1:
        return [0.0] * ctx.players
    return [1.0 if p == winners[0] else -1.0 for p in range(ctx.players)]


Goofspiel = define_game(
    "goofspiel",
    players=(2, 4),
    params=[ParamSpec("cards", "int", 13, "Cards per suit (and prizes).", clauses=("GS-1",), minimum=1, maximum=20, examples=(4,))],
    setup=goof_setup,
    moves=[bid],
    after=goof_after,
    end=goof_end,
    hidden={"hands": "owner", "bids": "owner"},
    progress=lambda s: s["scores"],
    title="Goofspiel",
    doc="Goofspiel: bid a card of your hand for each prize; everyone bids at once.",
)
