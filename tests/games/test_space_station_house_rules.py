"""Space Station rule points: a planted house rule changes what the public API shows (one test each)."""

from __future__ import annotations

from typing import Any

import lab

BASE = lab.load("space_station")
SEEDS = range(12)


def _states(game: lab.Game) -> list[lab.State]:
    return [lab.play(game, seed=s) for s in SEEDS]


def _events(states: list[lab.State], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for s in states for e in s.events if e.kind == kind]


def test_SS_G2_house_rule_lasers_always_hit() -> None:
    game = BASE.with_rules({"SS-G2": lambda face, hit_on: True})
    shots = _events(_states(game), "laser")
    assert shots and all(d["hit"] for d in shots)
    assert not all(d["hit"] for d in _events(_states(BASE), "laser"))


def test_SS_F3_house_rule_always_the_last_route() -> None:
    game = BASE.with_rules({"SS-F3": lambda tiers: [len(tiers) - 1]})
    house, plain = _states(game), _states(BASE)
    assert not _events(house, "route_die")  # one route kept: never a die
    assert [s.state_hash() for s in house] != [s.state_hash() for s in plain]



def test_SS_F3_a_house_rule_is_asked_at_every_enemy_move() -> None:
    """The seed's route choice may be kept per game (it is a pure function of the tiers), but a
    house rule is the designer's code: it is asked again at every move, even one it has met."""
    calls: list[list[int]] = []

    def spy(tiers: list[int]) -> list[int]:
        calls.append(list(tiers))
        return [i for i, t in enumerate(tiers) if t == min(tiers)]

    states = _states(BASE.with_rules({"SS-F3": spy}))  # one game: its memos live across the plays
    moves = _events(states, "route")
    assert moves and len(calls) == len(moves)
    assert any(max(t) == 0 for t in calls)  # a move with no piece on any route: every tier 0

def test_SS_E_house_rule_harmless_collisions() -> None:
    game = BASE.with_rules({"SS-E": lambda mover, other: ("none", "none", False)})
    hits = _events(_states(game), "collision")
    assert hits and {d["result"] for d in hits} == {"go"}
    assert "dead" in {d["result"] for d in _events(_states(BASE), "collision")}


def test_SS_H_house_rule_the_game_never_ends_by_itself() -> None:
    short = lab.load("space_station", max_turns=4)
    game = short.with_rules({"SS-H": lambda station_destroyed, enemies_left: "running"})
    for state in _states(game):
        assert state.is_terminal() and state.returns() == [0.0]
        assert [e.kind for e in state.events if e.clause == "SS-H"] == ["unfinished"]
        assert state.stopped_by == "max_turns=4" and state.winners() == []
    assert any(s.returns() == [-1.0] for s in _states(short))


def test_SS_D1_house_rule_the_station_fires_at_the_farthest_target() -> None:
    def farthest(distances: list[int]) -> list[int]:
        return [max(range(len(distances)), key=lambda i: (distances[i], -i))]

    calls: list[list[int]] = []

    def spy(distances: list[int]) -> list[int]:
        calls.append(list(distances))
        return farthest(distances)

    def station_targets(states: list[lab.State]) -> list[str]:
        return [d["target"] for d in _events(states, "laser") if d["shooter"] == BASE.labels[0]]

    game = BASE.with_rules({"SS-D1": spy})
    house = _states(game)
    assert any(len(set(d)) > 1 for d in calls)  # a real choice was made
    assert station_targets(house) != station_targets(_states(BASE))
