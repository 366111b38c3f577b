"""Fiemme–Cembra rule points: a planted house rule changes what the public API shows (one test each).

Collectors of different speeds finish a round of the seed's rules in about 50 hands; a house
rule that keeps the deck from shrinking is stopped by a small ``hand_limit`` (unfinished).
"""

from __future__ import annotations

from typing import Any

import lab

BASE = lab.load("fiemme_cembra", players=3, hand_limit=150)
SEEDS = range(3)
AGENTS = [{"name": "collector", "median_ms": ms} for ms in (250, 400, 600)]


def _states(game: lab.Game) -> list[lab.State]:
    return [lab.play(game, AGENTS, seed=s) for s in SEEDS]


def _events(states: list[lab.State], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for s in states for e in s.events if e.kind == kind]


def test_FC_P4_house_rule_every_hand_closes() -> None:
    game = BASE.with_rules({"FC-P4": lambda hand: True})
    closes = _events(_states(game), "close")
    assert closes and all(d["closers"] == [0, 1, 2] for d in closes)
    assert any(d["closers"] != [0, 1, 2] for d in _events(_states(BASE), "close"))


def test_FC_P6_house_rule_the_last_hand_conquers() -> None:
    game = BASE.with_rules({"FC-P6": lambda order, shouted, several_closers: [order[-1]]})
    states = _states(game)
    orders = [d["order"] for d in _events(states, "hands_on_deck")]
    takers = [d["players"] for d in _events(states, "conquerors")]
    assert orders and takers == [[o[-1]] for o in orders]
    plain = _states(BASE)
    assert [d["players"] for d in _events(plain, "conquerors")] != [[d["order"][-1]] for d in _events(plain, "hands_on_deck")]


def test_FC_P7_house_rule_no_penalty() -> None:
    game = BASE.with_rules({"FC-P7": lambda order: -1})
    states = _states(game)
    assert _events(states, "hands_on_deck")
    assert not _events(states, "penalty") and not _events(states, "penalty_void")
    assert _events(_states(BASE), "penalty") and _events(_states(BASE), "penalty_void")


def test_FC_E1_house_rule_the_round_ends_at_once() -> None:
    game = BASE.with_rules({"FC-E1": lambda remaining, memory: True})
    for state in _states(game):
        assert state.is_terminal() and state.move_number() == 0
        assert [e.kind for e in state.events][:2] == ["conquest_deck", "conquest_deck_exhausted"]


def test_FC_E2_house_rule_the_set_is_the_largest_pile() -> None:
    """With the seed's rule nobody completes the set (INC-FC-3) and FC-E3 decides; a house rule
    that calls the single largest pile a set makes FC-E2 decide the same game."""
    for seed in range(10):
        plain = next(e for e in lab.play(BASE, AGENTS, seed=seed).events if e.kind == "match_winners")
        totals = plain.data["totals"]
        if totals.count(max(totals)) == 1:
            break
    top = max(totals)
    game = BASE.with_rules({"FC-E2": lambda counts: sum(counts) >= top})
    house = next(e for e in lab.play(game, AGENTS, seed=seed).events if e.kind == "match_winners")
    assert plain.clause == "FC-E3"
    assert house.clause == "FC-E2" and house.data["winners"] == [totals.index(top)]


def test_FC_E3_house_rule_fewest_cards_win() -> None:
    def fewest(candidates: list[int], totals: list[int], pairs: list[int]) -> list[int]:
        least = min(totals[p] for p in candidates)
        return [p for p in candidates if totals[p] == least]

    game = BASE.with_rules({"FC-E3": fewest})
    for d in _events(_states(game), "match_winners"):
        assert all(d["totals"][w] == min(d["totals"]) for w in d["winners"])
    assert any(d["totals"][d["winners"][0]] > min(d["totals"]) for d in _events(_states(BASE), "match_winners"))
