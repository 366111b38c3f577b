"""Memcel rule points: a planted house rule changes what the public API shows (one test each)."""

from __future__ import annotations

from typing import Any

import lab

BASE = lab.load("memcel", players=2, max_turns=40)  # random players: a short safety bound keeps these quick
SEEDS = range(6)


def _events(game: lab.Game, kind: str, clause: str | None = None) -> list[dict[str, Any]]:
    return [dict(e.data) for s in SEEDS for e in lab.play(game, "random", seed=s).events
            if e.kind == kind and clause in (None, e.clause)]


def test_MC_2_1_1_house_rule_reveal_limit_bounds_x() -> None:
    one = BASE.with_rules({"MC-2.1.1": lambda roll, strict: 1})
    assert {d["x"] for d in _events(one, "declare_x")} == {1}
    assert max(d["x"] for d in _events(BASE, "declare_x")) > 1


def test_MC_2_1_2_1_house_rule_covers_nothing() -> None:
    keep = BASE.with_rules({"MC-2.1.2.1": lambda own, this_turn, scope: []})
    assert _events(keep, "cover_own") and all(d["slots"] == [] for d in _events(keep, "cover_own"))
    assert any(d["slots"] for d in _events(BASE, "cover_own"))


def test_MC_2_1_2_2_house_rule_no_lost_turns() -> None:
    def no_lost_turns(x: int, found: int) -> int:
        return 0

    game = BASE.with_rules({"MC-2.1.2.2": no_lost_turns})
    assert _events(game, "lost_turns", "MC-2.1.2.2") == [] and _events(game, "miss", "MC-2.1.2.2")
    assert _events(BASE, "lost_turns", "MC-2.1.2.2")


def test_MC_2_2_1_house_rule_never_defend() -> None:
    game = BASE.with_rules({"MC-2.2.1": lambda defended_last_turn: False})
    assert _events(game, "defence") == [] and _events(game, "attack")
    assert _events(BASE, "defence")


def test_MC_3_house_rule_one_own_tile_wins() -> None:
    game = BASE.with_rules({"MC-3": lambda face_up, own_tiles: face_up >= 1})
    states = [lab.play(game, "random", seed=s) for s in SEEDS]
    # random players may find no own tile at all before the turn limit (1 seed of 6 here)
    won = [s for s in states if s.winners()]
    assert len(won) >= len(states) - 1 and all(s.clause_counts().get("MC-3") for s in won)
    assert all(s.metrics()["turns"] < 40 for s in won)
    plain = [lab.play(BASE, "random", seed=s) for s in SEEDS]
    assert sum(s.move_number() for s in states) < sum(s.move_number() for s in plain)


def test_MC_3_max_turns_house_rule_stops_after_three_turns_unfinished() -> None:
    game = BASE.with_rules({"MC-3:max_turns": lambda turns, max_turns: turns >= 3})
    for s in SEEDS:
        state = lab.play(game, "random", seed=s)
        assert state.is_terminal() and state.metrics()["turns"] == 3 and state.returns() == [0.0, 0.0]
        assert state.unfinished and state.winners() == []


def test_MC_2_1_1_house_rule_allowing_more_than_a_d8_is_a_rule_error() -> None:
    """x is declared with choose_x (1..8): a reveal limit above 8 names the rule point, not a KeyError."""
    import pytest

    game = BASE.with_rules({"MC-2.1.1": lambda roll, strict: 12})
    state, rng = game.new_initial_state(), __import__("numpy").random.default_rng(0)
    with pytest.raises(lab.RuleError, match=r"MC-2.1.1 .*up to 12.*1 to 8") as info:
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                before = state.to_json()
                action = outcomes[rng.choice(len(outcomes), p=[p for _, p in outcomes])][0]
            else:
                legal = state.legal_actions()
                before = state.to_json()
                action = legal[rng.integers(len(legal))]
            state.apply_action(action)
    assert info.value.rule == info.value.clause == "MC-2.1.1"
    assert state.to_json() == before  # the state is unchanged
