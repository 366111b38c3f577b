"""House rules (issue #14 section 1, #16 last bullet): rule points, variants, errors, saves, records.

Per-game behaviour of each rule point is in ``tests/games/test_<game>_house_rules.py``.
"""

from __future__ import annotations

import json
import pickle
from typing import Any

import cloudpickle
import numpy as np
import pytest

import lab
from lab.core.rulepoints import HouseRule, spec_of
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL

GAMES = lab.game_names()
POINTS = [(name, rp.name) for name in GAMES for rp in lab.load(name).rule_points()]
SMALL = {"memcel": {"players": 2}, "fiemme_cembra": {"players": 3, "penalty_timing": "end_of_round"}, "space_station": {}, "memm": {"players": 2}}


def _default(game: lab.Game, point: str) -> Any:
    return next(fn for fn in type(game).RULE_POINTS if spec_of(fn).name == point)


# ---------------------------------------------------------------------- listing and dispatch
@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_at_least_five_documented_rule_points(name: str) -> None:
    game = lab.load(name)
    points = game.rule_points()
    assert len(points) >= 5
    assert len({p.name for p in points}) == len(points)
    for p in points:
        assert p.name.split(":")[0] == p.clause and p.clause.split("-")[0] in {"MC", "FC", "SS", "MM", "AMB"}
        assert p.doc and p.signature.startswith(p.function.__name__ + "(") and "->" in p.signature
        assert f"def {p.function.__name__}(" in p.source and not p.house and p.hash == ""
        # the defaults are called directly: no wrapper, no cost
        assert getattr(game.rules, p.function.__name__) is p.function


@pytest.mark.parametrize(("name", "point"), POINTS)
def test_every_rule_point_is_called_by_the_game(name: str, point: str) -> None:
    """A spy installed at the rule point (delegating to the default) is called during play."""
    base = lab.load(name, **SMALL[name])
    default = _default(base, point)
    calls: list[tuple[Any, ...]] = []

    def spy(*args: Any) -> Any:
        calls.append(args)
        return default(*args)

    game = base.with_rules({point: spy})
    assert [p.house for p in game.rule_points() if p.name == point] == [True]
    for seed in range(200):  # some rule points fire rarely (memm's first-out bonus: ~1 game in 12)
        plain, spied = lab.play(base, seed=seed), lab.play(game, seed=seed)
        assert spied.state_hash() == plain.state_hash()  # the default behaviour, through the spy
        spied.returns(), spied.winners()
        if calls:
            break
    assert calls, f"{name} never called its rule point {point}"


# ---------------------------------------------------------------------- variants, equality, labels
def no_lost_turns(x: int, found: int) -> int:
    return 0


def lose_everything(x: int, found: int) -> int:
    return x


def test_with_rules_gives_a_new_distinct_game_and_load_rules_is_the_same() -> None:
    base = lab.load("memcel", players=2)
    a = base.with_rules({"MC-2.1.2.2": no_lost_turns})
    b = lab.load("memcel", players=2, rules={"MC-2.1.2.2": no_lost_turns})
    c = base.with_rules({"MC-2.1.2.2": lose_everything})
    assert base.house_rules() == {}
    assert a == b and hash(a) == hash(b) and a != base and a != c and len({base, a, c}) == 3
    assert set(a.house_rules()) == {"MC-2.1.2.2"} and a.house_rules()["MC-2.1.2.2"].startswith("code-")
    assert isinstance(a.rules.lost_turns, HouseRule)
    assert base.rules.lost_turns is _default(base, "MC-2.1.2.2")  # the original is untouched
    assert repr(a) == "lab.load('memcel', players=2, rules={'MC-2.1.2.2': no_lost_turns})"
    # the default function itself removes the house rule
    assert a.with_rules({"MC-2.1.2.2": _default(base, "MC-2.1.2.2")}) == base
    point = next(p for p in a.rule_points() if p.name == "MC-2.1.2.2")
    assert point.house and "return 0" in point.source and point.hash == a.house_rules()["MC-2.1.2.2"]


def test_variant_label_records_and_compare_verdicts_name_the_house_rule() -> None:
    base = lab.load("memcel", players=2)
    game = base.with_rules({"MC-2.1.2.2": lose_everything})
    assert lab.sim.simulate.variant_label(game) == "players=2,MC-2.1.2.2=lose_everything"
    df = lab.simulate(game, n_games=4, seed=3)
    assert set(df["variant"]) == {"players=2,MC-2.1.2.2=lose_everything"}
    record = df.attrs["record"]
    assert record["house_rules"] == {"MC-2.1.2.2": {"function": "lose_everything", "hash": game.house_rules()["MC-2.1.2.2"]}}
    assert "return x" not in json.dumps(record)  # a name and a hash, never the code
    cmp = lab.compare(base, game, n_games=6, seed=0)
    assert (cmp.label_a, cmp.label_b) == ("MC-2.1.2.2=seed", "MC-2.1.2.2=lose_everything")
    assert all("MC-2.1.2.2=lose_everything" in v for v in cmp.verdicts())
    # a dict of parameter changes keeps the base's house rules
    cmp2 = lab.compare(game, {"reveal_limit": "inclusive"}, n_games=2, seed=0)
    assert cmp2.b["variant"].iloc[0] == "reveal_limit=inclusive"
    assert "house_rules" in cmp2.record["b"]


def test_rerun_needs_the_same_house_rules() -> None:
    game = lab.load("memcel", players=2, rules={"MC-2.1.2.2": lose_everything})
    df = lab.simulate(game, n_games=3, seed=1)
    assert lab.rerun(df.attrs["record"], rules={"MC-2.1.2.2": lose_everything}).equals(df)
    with pytest.raises(ValueError, match="MC-2.1.2.2"):
        lab.rerun(df.attrs["record"])


# ---------------------------------------------------------------------- bad house rules
def test_unknown_rule_point_is_an_invalid_variant_listing_the_rule_points() -> None:
    with pytest.raises(lab.InvalidVariant, match=r"no rule point 'MC-9'.*MC-2\.1\.2\.2 lost_turns\(x: int, found: int\) -> int"):
        lab.load("memcel", rules={"MC-9": no_lost_turns})
    with pytest.raises(lab.InvalidVariant, match="rules must be a dict"):
        lab.load("memcel").with_rules([no_lost_turns])  # type: ignore[arg-type]


def test_wrong_signature_is_an_invalid_variant_with_the_expected_signature() -> None:
    with pytest.raises(lab.InvalidVariant, match=r"MC-2\.1\.2\.2.*expected 2 parameter\(s\): lost_turns\(x: int, found: int\) -> int"):
        lab.load("memcel", rules={"MC-2.1.2.2": lambda x: 0})
    with pytest.raises(lab.InvalidVariant, match="must be a function"):
        lab.load("memcel", rules={"MC-2.1.2.2": 3})


def _play_until_rule_error(game: lab.Game, seed: int = 0) -> tuple[lab.RuleError, lab.State, str, int]:
    """Play random legal moves through the checked API until a RuleError; return it and the state."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        before, n = state.state_hash(), state.move_number()
        try:
            cur = state.current_player()
            if cur == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            elif cur == SIMULTANEOUS:
                state.apply_actions({p: state.legal_actions(p)[rng.integers(len(state.legal_actions(p)))]
                                     for p in state.acting_players()})
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.integers(len(legal))])
        except lab.RuleError as exc:
            return exc, state, before, n
    raise AssertionError("the house rule never failed")


def test_wrong_return_type_is_a_rule_error_naming_point_clause_and_move_with_state_unchanged() -> None:
    game = lab.load("memcel", players=2, rules={"MC-2.1.2.2": lambda x, found: "two"})
    exc, state, before, n = _play_until_rule_error(game)
    text = str(exc)
    assert "rule point MC-2.1.2.2" in text and "clause MC-2.1.2.2" in text and "must return int" in text
    assert "'two'" in text and f"move {n}" in text and "reveal(" in text
    assert (exc.rule, exc.clause) == ("MC-2.1.2.2", "MC-2.1.2.2") and "reveal(" in exc.move
    assert state.state_hash() == before and state.move_number() == n  # nothing half-applied
    assert state.current_player() != TERMINAL and state.legal_actions()


def test_exception_inside_a_house_rule_is_a_rule_error_and_the_state_is_unchanged() -> None:
    def broken(order: list[int], shouted: list[int], several_closers: str) -> list[int]:
        return [order[99]]

    game = lab.load("fiemme_cembra", players=3, rules={"FC-P6": broken})
    exc, state, before, n = _play_until_rule_error(game)  # a simultaneous node (the slap race)
    assert "broken at rule point FC-P6" in str(exc) and "IndexError" in str(exc) and "slap(" in str(exc)
    assert isinstance(exc.__cause__, lab.RuleError) and isinstance(exc.__cause__.__cause__, IndexError)
    assert state.state_hash() == before and state.move_number() == n
    # the driver's fast path is transactional too
    with pytest.raises(lab.RuleError, match="FC-P6"):
        lab.play(game, seed=0)


def test_mutating_a_read_only_input_is_a_rule_error_naming_the_rule_point() -> None:
    def sneaky(cubes: list[int], colours: list[int], first_out: int | None) -> list[int]:
        cubes[0] = 0
        return []

    game = lab.load("memm", players=2, rules={"MM-5": sneaky})
    exc, state, before, n = _play_until_rule_error(game)
    assert "sneaky at rule point MM-5" in str(exc) and "read-only" in str(exc)
    assert state.state_hash() == before
    # the same read-only views outside a move (returns at the end)
    final = lab.play(lab.load("memm", players=2), seed=0)
    view = lab.load("memm", players=2, rules={"MM-5": sneaky}).rules.losers
    with pytest.raises(lab.RuleError, match="MM-5"):
        view([len(h) for h in final.hands], [1, 1], None)


def test_rule_points_that_choose_indices_reject_an_empty_choice() -> None:
    game = lab.load("space_station", rules={"SS-F3": lambda tiers: []})
    with pytest.raises(lab.RuleError, match="SS-F3 chose none"):
        lab.play(game, seed=0)


# ---------------------------------------------------------------------- saves
def test_save_stores_names_and_hashes_and_loading_needs_the_same_rules() -> None:
    game = lab.load("memcel", players=2, rules={"MC-2.1.2.2": lose_everything})
    state = lab.play(game, seed=2)
    text = state.to_json()
    data = json.loads(text)
    assert data["house_rules"] == {"MC-2.1.2.2": {"function": "lose_everything", "hash": game.house_rules()["MC-2.1.2.2"]}}
    assert "return x" not in text
    loaded = lab.state_from_json(text, rules={"MC-2.1.2.2": lose_everything})
    assert loaded == state and loaded.game == game
    assert lab.state_from_json(text, game=game) == state
    with pytest.raises(lab.InvalidSave, match=r"house rule 'lose_everything' at rule point MC-2\.1\.2\.2"):
        lab.state_from_json(text)
    with pytest.raises(lab.InvalidSave, match=r"'no_lost_turns' at rule point MC-2\.1\.2\.2 differs"):
        lab.state_from_json(text, rules={"MC-2.1.2.2": no_lost_turns})
    plain = lab.play(lab.load("memcel", players=2), seed=2).to_json()
    assert "house_rules" not in json.loads(plain)  # default saves are unchanged
    with pytest.raises(lab.InvalidSave, match="seed's rule at rule point MC-2.1.2.2"):
        lab.state_from_json(plain, rules={"MC-2.1.2.2": no_lost_turns})
    bad = json.dumps({**data, "house_rules": {"MC-2.1.2.2": "print('hi')"}})
    with pytest.raises(lab.InvalidSave, match="house_rules"):
        lab.state_from_json(bad, rules={"MC-2.1.2.2": lose_everything})


# ---------------------------------------------------------------------- shipping to workers
def bigger_bonus(n_players: int) -> float:
    return 2.0


def test_a_game_with_house_rules_round_trips_through_cloudpickle_and_pickle() -> None:
    game = lab.load("memm", players=3, rules={"MM-5:bonus": bigger_bonus})
    seed = next(k for k in range(30) if lab.play(game, seed=k).winners())  # not a blocked game
    local = lab.play(game, seed=seed)
    for dumps, loads in ((cloudpickle.dumps, cloudpickle.loads), (pickle.dumps, pickle.loads)):
        copy = loads(dumps(game))
        assert copy == game and copy.house_rules() == game.house_rules()
        again = lab.play(copy, seed=seed)
        assert again.state_hash() == local.state_hash() and again.returns() == local.returns()
    assert 2.0 in local.returns()


def test_a_notebook_defined_house_rule_travels_by_value() -> None:
    namespace: dict[str, Any] = {"__name__": "__main__"}
    exec("def cell_rule(joined):\n    return joined >= 3, 0\n", namespace)  # as a notebook cell
    game = lab.load("memm", players=2, rules={"MM-3": namespace["cell_rule"]})
    blob = cloudpickle.dumps(game)
    del namespace["cell_rule"]
    copy = cloudpickle.loads(blob)
    assert copy.house_rules() == game.house_rules()  # the hash travels with the rule
    assert lab.play(copy, seed=1).state_hash() == lab.play(game, seed=1).state_hash()


def test_simulate_with_a_house_rule_is_identical_on_one_and_two_workers() -> None:
    game = lab.load("memm", players=2, rules={"MM-5:bonus": bigger_bonus})
    one = lab.simulate(game, n_games=40, seed=5)  # the bonus is paid in about 1 game in 12
    two = lab.simulate(game, n_games=40, seed=5, workers=2, chunk_size=20)
    assert one.equals(two)
    assert (one[["return_0", "return_1"]].max(axis=1) == 2.0).any()


# ---------------------------------------------------------------------- clones keep their class
@pytest.mark.parametrize("name", GAMES)
def test_clone_keeps_a_subclass_and_its_rule(name: str) -> None:
    game = lab.load(name, **SMALL[name])
    cls = type(game.new_initial_state())
    sub = type("Sub" + cls.__name__, (cls,), {"returns": lambda self: [7.0] * self.game.num_players()})
    state = sub(game)
    twin = state.clone()
    assert type(twin) is sub and twin.returns()[0] == 7.0 and twin == state


def _cell_rule() -> Any:
    """A house rule defined the way a notebook cell defines it (module ``__main__``)."""
    namespace: dict[str, Any] = {"__name__": "__main__"}
    exec("def cell_bonus(n_players):\n    return 5.0\n", namespace)
    return namespace["cell_bonus"]


@pytest.mark.slow
def test_a_notebook_house_rule_plays_on_a_spawn_pool_and_a_dask_process_cluster() -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    game = lab.load("memm", players=2, rules={"MM-5:bonus": _cell_rule()})
    local = lab.simulate(game, n_games=4, seed=2)
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert lab.simulate(game, n_games=4, seed=2, executor=pool).equals(local)
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        assert lab.simulate(game, n_games=4, seed=2, executor=client).equals(local)
