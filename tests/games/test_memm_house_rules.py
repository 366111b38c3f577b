"""memm rule points: a planted house rule changes what the public API shows (one test each)."""

from __future__ import annotations

from typing import Any

import lab

BASE = lab.load("memm", players=3)
SEEDS = range(6)


def _states(game: lab.Game, seeds: range = SEEDS) -> list[lab.State]:
    return [lab.play(game, seed=s) for s in seeds]


def _events(states: list[lab.State], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for s in states for e in s.events if e.kind == kind]


def test_MM_3_house_rule_every_placement_earns_a_repeat_and_a_gift() -> None:
    game = BASE.with_rules({"MM-3": lambda joined: (joined >= 1, 1)})
    house, plain = _states(game), _states(BASE)
    assert len(_events(house, "repeat")) > 3 * len(_events(plain, "repeat"))
    assert _events(house, "may_give") and not _events(plain, "may_give")


def test_MM_4_1_house_rule_no_two_placements_in_one_direction() -> None:
    def consecutive_same(states: list[lab.State]) -> int:
        count = 0
        for s in states:
            dirs = [e.data["direction"] for e in s.events if e.kind == "place"]
            count += sum(1 for a, b in zip(dirs, dirs[1:], strict=False) if a is not None and a == b)
        return count

    game = BASE.with_rules({"MM-4.1": lambda run_length, max_run: run_length >= 1})
    assert consecutive_same(_states(game)) == 0
    assert consecutive_same(_states(BASE)) > 0


def test_MM_5_house_rule_nobody_loses() -> None:
    game = BASE.with_rules({"MM-5": lambda cubes, colours, first_out: []})
    assert all(min(s.returns()) == 0.0 for s in _states(game))
    assert any(min(s.returns()) < 0 for s in _states(BASE))


def test_MM_5_bonus_house_rule_in_five_lines() -> None:
    def bonus(n_players: int) -> float:
        return 3.0

    game = lab.load("memm", players=3, rules={"MM-5:bonus": bonus})
    won = [s for s in _states(game, range(40)) if s.winners()]
    assert won and all(s.returns()[s.winners()[0]] == 3.0 for s in won)


def test_MM_5_end_house_rule_ends_when_the_first_player_is_out() -> None:
    game = BASE.with_rules({"MM-5:end": lambda first_out, player, start_player, n: first_out is not None})
    for s in _states(game, range(60)):
        out = [e.data["player"] for e in s.events if e.kind == "out"]
        done = [e.data["player"] for e in s.events if e.kind == "round_complete"]
        assert done == out  # the game ends with the turn of the player who went out
    plain = [(e.data["player"], s.winners()) for s in _states(BASE, range(60)) for e in s.events
             if e.kind == "round_complete"]
    assert any([p] != w for p, w in plain)  # with the seed's rule the round is played out


def test_AMB_MM_5_house_rule_one_pass_blocks_the_game() -> None:
    game = BASE.with_rules({"AMB-MM-5": lambda pass_streak, n_players: pass_streak >= 1})
    blocked = _events(_states(game), "blocked")
    assert blocked and all(d["passes"] == 1 for d in blocked)
    assert all(d["passes"] == 3 for d in _events(_states(BASE), "blocked"))
