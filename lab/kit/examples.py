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
    utility="zero_sum",  # the winner +1, the others -1/(n-1) (end names the winner)
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
    utility=lambda params: "zero_sum" if params["players"] == 2 else "general_sum",  # GS-5: +1, -1 each other
    title="Goofspiel",
    doc="Goofspiel: bid a card of your hand for each prize; everyone bids at once.",
)


# ================================================================== Kuhn poker
# OpenSpiel's kuhn_poker, rule for rule: three cards (0 < 1 < 2), one to each player, an ante
# of 1; pass or bet 1; a bet is called (bet) or folded (pass); the higher card takes the pot.
def kuhn_setup(ctx: Ctx) -> State:
    """KP-1: each antes 1 and is dealt one card of three, face down."""
    hands, _ = ctx.deal([0, 1, 2], ctx.players, 1)
    return {"hands": hands, "bets": "", "pot": [1] * ctx.players}


@move(name="pass")
def kuhn_pass(s: State, ctx: Ctx) -> None:
    """Check, or fold to a bet (KP-2)."""
    s["bets"] += "p"
    ctx.end_turn()


@move(name="bet")
def kuhn_bet(s: State, ctx: Ctx) -> None:
    """Bet 1, or call a bet (KP-2)."""
    s["bets"] += "b"
    s["pot"][ctx.player] += 1
    ctx.end_turn()


def kuhn_end(s: State, ctx: Ctx) -> list[float] | None:
    """KP-3: a fold gives the pot to the bettor; two passes or a called bet go to the higher card."""
    bets, pot = s["bets"], s["pot"]
    if bets in ("bp", "pbp"):  # a fold: the other player takes the folder's stake
        winner = 0 if bets == "bp" else 1
    elif bets in ("pp", "bb", "pbb"):  # a showdown
        winner = 0 if s["hands"][0][0] > s["hands"][1][0] else 1
    else:
        return None
    loser = 1 - winner
    out = [0.0, 0.0]
    out[winner], out[loser] = float(pot[loser]), -float(pot[loser])
    return out


Kuhn = define_game(
    "kuhn_poker",
    players=2,
    setup=kuhn_setup,
    moves=[kuhn_pass, kuhn_bet],
    end=kuhn_end,
    hidden={"hands": "owner"},
    utility="zero_sum",
    utility_range=(-2, 2),
    title="Kuhn poker",
    doc="Kuhn poker: three cards, one each, one round of betting (OpenSpiel's kuhn_poker).",
)


# ================================================================== Leduc poker
# OpenSpiel's leduc_poker (two players), rule for rule: six cards, two of each rank (card c has
# rank c // 2); an ante of 1, one private card each; two betting rounds (raises of 2, then 4;
# at most two raises a round; fold only facing a bet); the public card between them; a pair
# with the public card wins, else the higher card, equal ranks split the pot.
LEDUC_RAISES = (2, 4)


def leduc_setup(ctx: Ctx) -> State:
    """LD-1: each antes 1; one private card each, drawn from the six."""
    deck = [0, 1, 2, 3, 4, 5]
    hands = []
    for _ in range(2):
        card = ctx.draw(deck)
        deck.remove(card)
        hands.append([card])
    return {"hands": hands, "deck": deck, "public": None, "round": 1, "stakes": 1, "pot": [1, 1],
            "raises": 0, "calls": 0, "folded": None, "bets": ["", ""]}


def leduc_facing_bet(s: State, ctx: Ctx) -> bool:
    """Fold only when facing a bet (LD-2)."""
    return s["stakes"] > s["pot"][ctx.player]


def leduc_may_raise(s: State, ctx: Ctx) -> bool:
    """At most two raises a round (LD-2)."""
    return s["raises"] < 2


def _leduc_next(s: State, ctx: Ctx) -> None:
    """After a call: the round ends once everyone has matched the stakes (LD-3)."""
    if (s["raises"] == 0 and s["calls"] == 2) or (s["raises"] > 0 and s["calls"] == 1):
        if s["round"] == 1:
            s["round"], s["raises"], s["calls"] = 2, 0, 0  # the public card comes next (after)
            ctx.end_turn(next=0)
        else:
            s["round"] = 3  # the showdown
    else:
        ctx.end_turn()


@move(legal=leduc_facing_bet)
def fold(s: State, ctx: Ctx) -> None:
    """Give up the pot (LD-2)."""
    s["bets"][s["round"] - 1] += "f"
    s["folded"] = ctx.player


@move
def call(s: State, ctx: Ctx) -> None:
    """Match the stakes (a check when nobody bet) (LD-2)."""
    s["bets"][s["round"] - 1] += "c"
    s["pot"][ctx.player] = s["stakes"]
    s["calls"] += 1
    _leduc_next(s, ctx)


@move(legal=leduc_may_raise)
def raise_(s: State, ctx: Ctx) -> None:
    """Match the stakes and raise them by 2 (first round) or 4 (second round) (LD-2)."""
    s["bets"][s["round"] - 1] += "r"
    s["stakes"] += LEDUC_RAISES[s["round"] - 1]
    s["pot"][ctx.player] = s["stakes"]
    s["raises"] += 1
    s["calls"] = 0
    ctx.end_turn()


def leduc_public_card(s: State, ctx: Ctx) -> int | None:
    """The public card, drawn from the four left once the first round ends (LD-3)."""
    return ctx.draw(s["deck"]) if s["round"] == 2 and s["public"] is None and s["folded"] is None else None


@chance(leduc_public_card)
def leduc_after(s: State, ctx: Ctx, card: int | None) -> None:
    """Turn the public card up (LD-3)."""
    if card is not None:
        s["public"] = card
        s["deck"].remove(card)


def leduc_rank(private: int, public: int) -> int:
    """OpenSpiel's hand rank: a pair beats any other hand, else the higher rank, then the lower."""
    low, high = sorted((private, public))
    if low // 2 == high // 2:
        return 36 + low
    return (high // 2) * 6 + low // 2


def leduc_end(s: State, ctx: Ctx) -> list[float] | None:
    """LD-4: a fold gives the pot to the other; at the showdown the better hand takes it."""
    pot = s["pot"]
    if s["folded"] is not None:
        winner = 1 - s["folded"]
    elif s["round"] == 3:
        ranks = [leduc_rank(h[0], s["public"]) for h in s["hands"]]
        if ranks[0] == ranks[1]:
            return [0.0, 0.0]  # a split pot: each gets their stake back
        winner = 0 if ranks[0] > ranks[1] else 1
    else:
        return None
    out = [0.0, 0.0]
    out[winner], out[1 - winner] = float(pot[1 - winner]), -float(pot[1 - winner])
    return out


Leduc = define_game(
    "leduc_poker",
    players=2,
    setup=leduc_setup,
    moves={"fold": fold, "call": call, "raise": raise_},
    after=leduc_after,
    end=leduc_end,
    hidden={"hands": "owner", "deck": "nobody"},
    utility="zero_sum",
    utility_range=(-13, 13),
    title="Leduc poker",
    doc="Leduc poker: six cards, a private card each, two betting rounds around a public card.",
)
