"""``game.tabulate()`` and the OpenSpiel adapter served from the table (issue #36).

The kit's Kuhn and Leduc poker (:mod:`lab.kit.examples`) are OpenSpiel's ``kuhn_poker`` and
``leduc_poker`` rule for rule: tabulated, they have OpenSpiel's trees (nodes, information sets)
and CFR gives OpenSpiel's iterates to the last digit (exploitability and values equal to
1e-9). The timing comparison is a benchmark (``benchmarks/cfr_bench.py``), not a test.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import lab
from lab.core.information import canonical
from lab.core.state import CHANCE, TERMINAL
from lab.kit.examples import Goofspiel, Kuhn, Leduc, Pig
from lab.kit.table import tabulate


def _openspiel_tree(game: Any) -> tuple[int, int]:
    """(histories, information sets of the players) of a pyspiel game, by a full walk."""
    nodes, sets = 0, set()
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        nodes += 1
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            sets.add((state.current_player(), state.information_state_string()))
        stack.extend(state.child(a) for a in state.legal_actions())
    return nodes, len(sets)


def test_kuhn_tabulated_is_openspiels_kuhn_poker_tree() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    table = Kuhn().tabulate()
    assert (table.nodes, sum(table.summary()["information_sets"])) == _openspiel_tree(pyspiel.load_game("kuhn_poker"))
    assert table.summary()["information_sets"] == [6, 6]
    assert "58 nodes" in repr(table) and "12 information sets" in repr(table)


@pytest.mark.parametrize("game", [Leduc(), Goofspiel(cards=3)], ids=["leduc", "goofspiel"])
def test_a_node_is_the_state_it_stands_for(game: lab.Game) -> None:
    table = game.tabulate()
    rng = np.random.default_rng(0)
    for node in rng.choice(table.nodes, 40, replace=False):
        state = table.state(int(node))
        assert table.node(state) == node
        assert int(table.player[node]) == state.current_player()
        if state.is_terminal():
            assert list(table.returns[node]) == state.returns()
        elif state.is_simultaneous_node():
            joints = [table.joint[int(node)][i] for i, _, _ in table.edges(int(node))]
            for p in state.acting_players():
                assert sorted({j[p] for j in joints}) == sorted(state.legal_action_codes(p))
        else:
            codes = sorted(c for c, _, _ in table.edges(int(node)))
            who = state.current_player()
            assert codes == sorted(state.legal_action_codes(None if who == CHANCE else who))


def test_information_sets_group_exactly_the_states_a_seat_cannot_tell_apart() -> None:
    table = Kuhn().tabulate()
    by_set: dict[tuple[int, int], set[str]] = {}
    for node in range(table.nodes):
        state = table.state(node)
        for p in range(2):
            info = canonical(state.information_state(p))
            by_set.setdefault((p, table.information_set(node, p)), set()).add(info)
    assert all(len(infos) == 1 for infos in by_set.values())  # one information state per set
    assert len({(p, i) for (p, _), infos in by_set.items() for i in infos}) == len(by_set)  # one set per state


def test_chance_probabilities_add_up_to_one_and_terminals_are_leaves() -> None:
    table = Leduc().tabulate()
    for node in np.flatnonzero(table.player == CHANCE):
        assert sum(p for _, _, p in table.edges(int(node))) == pytest.approx(1.0)
    terminal = np.flatnonzero(table.player == TERMINAL)
    assert all(table.offsets[t] == table.offsets[t + 1] for t in terminal)
    assert np.allclose(table.returns.sum(axis=1), 0.0)  # zero-sum, as declared


def test_cfr_on_the_table_gives_openspiels_numbers_and_the_value_of_kuhn() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from lab.adapters.openspiel import from_table

    kit, own = from_table(Kuhn().tabulate()), pyspiel.load_game("kuhn_poker")
    assert kit.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    results = []
    for game in (kit, own):
        solver = pyspiel.CFRSolver(game)
        for _ in range(1000):
            solver.evaluate_and_update_policy()
        policy = solver.average_policy()
        results.append((pyspiel.exploitability(game, policy),
                        pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]))
    assert results[0] == pytest.approx(results[1], abs=1e-9)
    assert Fraction(results[0][1]).limit_denominator(20) == Fraction(-1, 18)


def test_python_cfr_on_kit_leduc_from_its_table_matches_leduc_poker() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import cfr, exploitability

    from lab.adapters.openspiel import from_table

    kit, own = from_table(Leduc()), pyspiel.load_game("leduc_poker")
    values = []
    for game in (kit, own):
        solver = cfr.CFRSolver(game)
        for _ in range(2):
            solver.evaluate_and_update_policy()
        values.append(exploitability.exploitability(game, solver.average_policy()))
    assert values[0] == pytest.approx(values[1], abs=1e-9)


def test_a_simultaneous_game_is_served_turn_based_without_showing_the_earlier_choice() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from lab.adapters.openspiel import from_table

    game = from_table(Goofspiel(cards=3))
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 0
    seen_by_1 = {state.child(a).information_state_string(1) for a in state.legal_actions()}
    assert len(seen_by_1) == 1  # seat 1 bids without knowing seat 0's bid


def test_tabulate_refuses_a_tree_over_its_bound() -> None:
    with pytest.raises(lab.InvalidGame, match=r"more than 1,000 states; tabulate\(max_nodes=...\)"):
        Pig(target=4).tabulate(max_nodes=1_000)


def test_tabulate_refuses_legal_actions_that_reveal_a_secret() -> None:
    def setup(ctx: lab.kit.Ctx) -> dict:
        hands, _ = ctx.deal([0, 1, 2], 2, 1)
        return {"hands": hands, "done": False}

    @lab.move(legal=lambda s, ctx: s["hands"][1][0] == 1)  # seat 0 may shout only when seat 1 holds 1
    def shout(s: dict, ctx: lab.kit.Ctx) -> None:
        s["done"] = True

    def wait(s: dict, ctx: lab.kit.Ctx) -> None:
        s["done"] = True

    Tell = lab.define_game("tell", setup=setup, moves=[shout, wait], end=lambda s, ctx: 0 if s["done"] else None,
                           hidden={"hands": "owner"})
    with pytest.raises(lab.InvalidGame, match=r"seat 0 has the legal action codes .* cannot tell apart"):
        tabulate(Tell())


def test_from_table_takes_a_kit_game_and_refuses_anything_else() -> None:
    pytest.importorskip("pyspiel")
    from lab.adapters.openspiel import from_table

    assert from_table(Kuhn()).num_players() == 2
    with pytest.raises(TypeError, match="GameTable or a kit game"):
        from_table(lab.load("memm"))
