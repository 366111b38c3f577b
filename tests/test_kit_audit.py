"""The hidden-information audit tells a coincidence from a leak (issue #36, defect 4).

Liar's dice, written as a new user would: a spectator sees the sizes of the two hands, ``[2, 2]``,
which equal a hand of two 2s; the kit's own default view must pass the kit's own check. A view
that shows a secret still fails — also where no twin the game can reach changes the secret (two
players: seat 0's twins only reorder seat 1's hand), through a varied state whose hidden items
are all new values.
"""

from __future__ import annotations

import numpy as np
import pytest

import lab
from lab.checks.probes import audit_game
from lab.kit.probe import kit_probe


def _setup(ctx: lab.kit.Ctx) -> dict:
    dice = [[ctx.roll(6) for _ in range(2)] for _ in range(ctx.players)]  # two dice each, hidden
    return {"dice": dice, "bid": None, "caller": None}


@lab.move(bid=lambda params: range(1, 2 * params["players"] * 6 + 1),
          legal=lambda s, ctx, bid: s["bid"] is None or bid > s["bid"])
def bid(s: dict, ctx: lab.kit.Ctx, bid: int) -> None:
    """Bid ``bid``: at least (bid - 1) // 6 + 1 dice show face (bid - 1) % 6 + 1."""
    s["bid"] = bid
    ctx.end_turn()


@lab.move(legal=lambda s, ctx: s["bid"] is not None)
def liar(s: dict, ctx: lab.kit.Ctx) -> None:
    """Call the last bid a lie."""
    s["caller"] = ctx.player


def _end(s: dict, ctx: lab.kit.Ctx) -> int | None:
    if s["caller"] is None:
        return None
    count, face = (s["bid"] - 1) // 6 + 1, (s["bid"] - 1) % 6 + 1
    have = sum(d == face for hand in s["dice"] for d in hand)
    bidder = (s["caller"] - 1) % ctx.players
    return bidder if have >= count else s["caller"]


LiarsDice = lab.define_game("liars_dice", setup=_setup, moves=[bid, liar], end=_end, hidden={"dice": "owner"}, players=(2, 4),
                            utility="zero_sum")


def _first_double_two(seed: int) -> bool:
    """Whether a seeded game deals seat 0 two 2s (the coincidence the audit used to call a leak)."""
    return lab.play(LiarsDice(), seed=seed).full_state()["data"]["dice"][0] == [2, 2]


@pytest.mark.parametrize("seed", [0, 1])
def test_liars_dice_passes_its_own_check(seed: int) -> None:
    assert any(_first_double_two(seed + g) for g in range(20))  # the coincidence occurs in these games
    report = LiarsDice().check(n_games=20, seed=seed)
    assert report["games"] == 20 and report["views"] > 0


def test_a_view_showing_the_other_hand_sorted_is_a_leak_though_twins_only_reorder_it() -> None:
    def sorted_view(s: dict, seat: int | None) -> dict:
        return {**s, "dice": [sorted(h) if seat is not None and p != seat else len(h) for p, h in enumerate(s["dice"])]}

    Leaky = LiarsDice.derive("leaky_dice", view=sorted_view)
    game = Leaky()
    state = lab.play(game, seed=3)
    probe = kit_probe(game)
    twin = probe.twin(state, 0, np.random.default_rng(0))
    assert twin is not None and sorted(twin.data["dice"][1]) == sorted(state.data["dice"][1])  # twins keep the multiset
    with pytest.raises(lab.InvalidGame, match=r"view\(state, seat\) shows a seat what it may not see.*hidden field 'dice' of seat 1"):
        game.check(n_games=3)


def test_a_varied_state_replaces_every_hidden_item_with_a_new_value() -> None:
    game = LiarsDice(players=3)
    state = lab.play(game, seed=0)
    varied = kit_probe(game).vary(state, 1)
    assert varied.data["dice"][1] == state.data["dice"][1]  # the viewer's own hand stays
    new = [d for p in (0, 2) for d in varied.data["dice"][p]]
    assert len(set(new)) == 4 and not set(new) & {1, 2, 3, 4, 5, 6}


def test_the_audit_counts_views_and_twins_on_liars_dice() -> None:
    report = audit_game(LiarsDice(), kit_probe(LiarsDice()), n_games=2)
    assert report.secrets > 0 and report.twins > 0
