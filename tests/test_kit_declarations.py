"""What a kit game is, declared and checked (issue #36, defects 1, 2, 3 and 7).

1. Sequential or simultaneous: read from the functions (or declared); OpenSpiel's CFR runs on a
   sequential kit game through the plain adapter; ``ctx.all_move`` in a game without
   simultaneous moves names the fix.
2. Zero-, constant- or general-sum (the seed games declare theirs): adapters declare it,
   OpenSpiel's exploitability runs, ``check()`` refuses returns that break it.
3. The utility range: declared, given to adapters (``random_sim_test``), ``check()`` refuses
   returns outside it.
7. ``lab.move(...)`` given a declared move changes its parts (a stricter legality for ``derive``).
"""

from __future__ import annotations

import pytest

import lab
from lab.kit.examples import Goofspiel, Kuhn, Pig


def _count_up(end_returns: list[float], **declared: object) -> type:
    """A two-step game whose end returns ``end_returns``, with ``declared`` parts."""

    def setup(ctx: lab.kit.Ctx) -> dict:
        return {"steps": 0}

    def step(s: dict, ctx: lab.kit.Ctx) -> None:
        s["steps"] += 1
        ctx.end_turn()

    def end(s: dict, ctx: lab.kit.Ctx) -> list[float] | None:
        return list(end_returns) if s["steps"] >= 2 else None

    return lab.define_game("count_up", setup=setup, moves=[step], end=end, **declared)


# ------------------------------------------------------------------ 1. sequential or simultaneous
def test_simultaneous_moves_are_read_from_the_functions() -> None:
    assert not Pig.simultaneous_moves and not Kuhn.simultaneous_moves
    assert Goofspiel.simultaneous_moves  # its setup calls ctx.all_move()


def test_a_sequential_kit_game_is_sequential_for_openspiel_and_its_cfr_runs() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import cfr

    from lab.adapters import openspiel as lab_spiel

    game = lab_spiel.from_game(Kuhn())
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    solver = cfr.CFRSolver(game)  # refuses a SIMULTANEOUS game: "CFR requires sequential games"
    solver.evaluate_and_update_policy()
    assert lab_spiel.from_game(Pig(target=10)).get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert lab_spiel.from_game(Goofspiel(cards=3)).get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS


def test_all_move_in_a_game_declared_sequential_names_the_fix() -> None:
    def setup(ctx: lab.kit.Ctx) -> dict:
        ctx.all_move()
        return {}

    with pytest.raises(lab.InvalidGame, match=r"simultaneous=True"):
        lab.define_game("both", setup=setup, moves=[_bid], end=lambda s, ctx: 0, simultaneous=False)
    with pytest.raises(lab.InvalidGame, match=r"simultaneous must be True or False"):
        lab.define_game("both", setup=setup, moves=[_bid], end=lambda s, ctx: 0, simultaneous="yes")


def test_a_helper_that_calls_all_move_counts() -> None:
    game = lab.define_game("helped", setup=_helped_setup, moves=[_bid], end=lambda s, ctx: 0 if s["n"] else None)
    assert game.simultaneous_moves
    assert lab.play(game(), seed=0).is_terminal()


def _everyone(ctx: lab.kit.Ctx) -> None:
    ctx.all_move()


def _helped_setup(ctx: lab.kit.Ctx) -> dict:
    _everyone(ctx)  # all_move in a function of this module the setup calls
    return {"n": 0}


def _bid(s: dict, ctx: lab.kit.Ctx) -> None:
    s["n"] += 1


# ------------------------------------------------------------------ 2. zero-, constant-, general-sum
def test_the_seed_games_declare_what_their_returns_add_up_to() -> None:
    assert lab.load("memcel").utility == "zero_sum" and lab.load("memcel").utility_sum() == 0.0
    for name in ("fiemme_cembra", "space_station", "memm"):
        game = lab.load(name)
        assert game.utility == "general_sum" and game.utility_sum() is None


def test_a_zero_sum_kit_game_gets_openspiels_exploitability() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import exploitability

    from lab.adapters import openspiel as lab_spiel

    game = lab_spiel.from_game(Kuhn())
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM and game.utility_sum() == 0.0
    ours = exploitability.exploitability(game, policy_lib.UniformRandomPolicy(game))  # refuses general-sum
    own = pyspiel.load_game("kuhn_poker")
    assert ours == pytest.approx(exploitability.exploitability(own, policy_lib.UniformRandomPolicy(own)), abs=1e-12)


def test_the_utility_may_depend_on_the_variant() -> None:
    assert Goofspiel(players=2, cards=3).utility == "zero_sum"
    assert Goofspiel(players=3, cards=3).utility == "general_sum"
    assert Goofspiel(players=3, cards=3).check(n_games=2)["games"] == 2


def test_check_refuses_returns_that_break_the_declared_utility() -> None:
    with pytest.raises(lab.ConformanceError, match=r"add up to 1.*declared zero_sum"):
        _count_up([1.0, 0.0], utility="zero_sum")().check(n_games=1)
    with pytest.raises(lab.ConformanceError, match=r"declared constant_sum \(2.0\)"):
        _count_up([1.0, 0.0], utility="constant_sum", utility_sum=2)().check(n_games=1)
    assert _count_up([1.0, 0.0], utility="constant_sum", utility_sum=1)().check(n_games=1)["games"] == 1
    with pytest.raises(lab.ConformanceError, match=r"differ.*identical"):
        _count_up([1.0, 0.0], utility="identical")().check(n_games=1)


def test_a_bad_utility_declaration_is_named() -> None:
    with pytest.raises(lab.InvalidGame, match=r"utility must be one of 'zero_sum'"):
        _count_up([0.0, 0.0], utility="zero")
    with pytest.raises(lab.InvalidGame, match=r"constant_sum' needs utility_sum"):
        _count_up([0.0, 0.0], utility="constant_sum")
    with pytest.raises(lab.InvalidGame, match=r"utility_range must be \(lowest, highest\)"):
        _count_up([0.0, 0.0], utility_range=(2, -2))


def test_a_game_the_safety_limit_ends_keeps_its_constant_sum() -> None:
    game = _count_up([1.0, 0.0], utility="constant_sum", utility_sum=1, max_length=1)()
    state = lab.play(game, seed=0)
    assert state.unfinished and state.returns() == [0.5, 0.5]


# ------------------------------------------------------------------ 3. the utility range
def test_kuhn_declares_its_range_and_openspiels_random_sim_test_passes() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from lab.adapters import openspiel as lab_spiel

    game = lab_spiel.from_game(Kuhn())
    assert (game.min_utility(), game.max_utility()) == (-2.0, 2.0)
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)  # returns within the range


def test_check_refuses_returns_outside_the_range_and_says_what_to_declare() -> None:
    with pytest.raises(lab.ConformanceError, match=r"outside utility_range\(\) \(-1, 1\); declare define_game\(utility_range=\(-2, 2\)\)"):
        _count_up([2.0, -2.0])().check(n_games=1)
    game = _count_up([2.0, -2.0], utility_range=(-2, 2), utility="zero_sum")()
    assert game.utility_range() == (-2.0, 2.0) and game.check(n_games=1)["games"] == 1


# ------------------------------------------------------------------ 7. a declared move, changed
def test_move_accepts_a_declared_move_and_changes_only_what_is_given() -> None:
    roll = next(mv for mv in Pig.definition.moves if mv.name == "roll")
    cautious = lab.move(legal=lambda s, ctx: s["turn_total"] < 10)(roll)
    assert cautious.fn is roll.fn and cautious.chance is roll.chance and cautious.legal is not roll.legal
    Cautious = Pig.derive("cautious_pig", roll=cautious)
    state = Cautious(target=50).new_initial_state()
    state.data["turn_total"] = 12  # past the new limit: only hold is legal
    assert [a.kind for a in state.legal_actions()] == ["hold"]
    assert Cautious(target=30).check(n_games=2)["games"] == 2
    renamed = lab.move(name="throw", phase="play")(roll)
    assert (renamed.name, renamed.phase, renamed.fn) == ("throw", ("play",), roll.fn)


def test_move_given_options_replaces_a_legality_test() -> None:
    roll = next(mv for mv in Pig.definition.moves if mv.name == "roll")
    listed = lab.move(options=lambda s, ctx: [()])(roll)
    assert listed.options is not None and listed.legal is None


def test_a_helper_from_an_enclosing_function_counts() -> None:
    def make() -> type:
        def everyone(ctx: lab.kit.Ctx) -> None:
            ctx.all_move()

        def setup(ctx: lab.kit.Ctx) -> dict:
            everyone(ctx)
            return {"n": 0}

        return lab.define_game("closed", setup=setup, moves=[_bid], end=lambda s, ctx: 0 if s["n"] else None)

    assert make().simultaneous_moves
