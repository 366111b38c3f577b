"""Exact solvers on kit games: CFR on kit Kuhn and Leduc poker against OpenSpiel's own games.

Kuhn and Leduc poker are written with :func:`lab.define_game` (:mod:`lab.kit.examples`, rule for
rule OpenSpiel's ``kuhn_poker`` and two-player ``leduc_poker``), tabulated once
(``game.tabulate()``) and served to OpenSpiel from the table
(:func:`lab.adapters.openspiel.from_table`: OpenSpiel's C++ ``efg_game`` of the tree). Then
OpenSpiel's CFR runs on them and on OpenSpiel's own games, in the same process:

- C++ CFR (``pyspiel.CFRSolver``), its average policy's exploitability
  (``pyspiel.exploitability``) and value (``pyspiel.expected_returns``);
- Python CFR (``open_spiel.python.algorithms.cfr.CFRSolver``), likewise with the Python
  ``exploitability`` and ``expected_game_score.policy_value``.

Each solver runs ``rounds`` times on each game, interleaved, timed with this process's CPU time;
the table shows medians and the ratio kit / OpenSpiel (target <= 3x), and the ratio counting the
one tabulation too. Values and exploitability must agree to 1e-9 (the same tree, the same
information sets, so the same iterates). For reference, C++ CFR on kit Kuhn through the plain
adapter (the rules run at every visit) is timed over a few iterations.

    python -m benchmarks.cfr_bench            # the table
    python -m benchmarks.run --sections cfr   # the same, in the benchmark table
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

TARGET = 3.0
AGREE = 1e-9
# game -> (kit class name in lab.kit.examples, C++ iterations, Python iterations)
CASES = {"kuhn_poker": ("Kuhn", 1000, 200), "leduc_poker": ("Leduc", 100, 3)}


def _cpu() -> float:
    return time.process_time()


def _solve(solver: Any, iterations: int) -> Any:
    """Run ``iterations`` of a CFR solver; its average policy (which may read the solver's
    tables: keep the solver while the policy is used)."""
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return solver.average_policy()


def cpp_cfr(game: Any, iterations: int) -> tuple[float, float, float]:
    """C++ CFR: (CPU seconds, exploitability, seat 0's value) of the average policy."""
    import pyspiel

    start = _cpu()
    solver = pyspiel.CFRSolver(game)  # built inside the clock, as the Python solver's tables are
    policy = _solve(solver, iterations)
    seconds = _cpu() - start
    value = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
    return seconds, float(pyspiel.exploitability(game, policy)), float(value)


def python_cfr(game: Any, iterations: int) -> tuple[float, float, float]:
    """OpenSpiel's Python CFR: (CPU seconds, exploitability, seat 0's value) of the average policy."""
    from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

    start = _cpu()
    solver = cfr.CFRSolver(game)
    policy = _solve(solver, iterations)
    seconds = _cpu() - start
    value = expected_game_score.policy_value(game.new_initial_state(), [policy] * game.num_players())[0]
    return seconds, float(exploitability.exploitability(game, policy)), float(value)


def _kit_game(name: str) -> Any:
    from lab.kit import examples

    return getattr(examples, CASES[name][0])()


def _served(name: str) -> tuple[Any, float, Any]:
    """The kit game tabulated and served from its table: (pyspiel game, CPU seconds, table)."""
    from lab.adapters.openspiel import from_table

    start = _cpu()
    table = _kit_game(name).tabulate()
    game = from_table(table)
    return game, _cpu() - start, table


def _compare(solver: Callable[[Any, int], tuple[float, float, float]], own: Any, kit: Any, iterations: int,
             rounds: int, tabulation: float) -> dict[str, Any]:
    times: dict[str, list[float]] = {"openspiel": [], "kit": []}
    results: dict[str, tuple[float, float]] = {}
    for _ in range(rounds):
        for label, game in (("openspiel", own), ("kit", kit)):
            seconds, expl, value = solver(game, iterations)
            times[label].append(seconds)
            results[label] = (expl, value)
    own_s, kit_s = statistics.median(times["openspiel"]), statistics.median(times["kit"])
    (e_os, v_os), (e_kit, v_kit) = results["openspiel"], results["kit"]
    return {
        "iterations": iterations,
        "openspiel_seconds": own_s,
        "kit_seconds": kit_s,
        "ratio": kit_s / own_s,
        "ratio_with_tabulation": (kit_s + tabulation) / own_s,
        "openspiel_exploitability": e_os,
        "kit_exploitability": e_kit,
        "openspiel_value": v_os,
        "kit_value": v_kit,
        "agree": abs(e_os - e_kit) <= AGREE and abs(v_os - v_kit) <= AGREE,
    }


def _unserved_kuhn(iterations: int = 5) -> dict[str, Any]:
    """C++ CFR on kit Kuhn through the plain adapter (no table): CPU seconds per iteration."""
    from lab.adapters.openspiel import from_game

    game = from_game(_kit_game("kuhn_poker"))
    seconds, _, _ = cpp_cfr(game, iterations)
    return {"iterations": iterations, "seconds_per_iteration": seconds / iterations}


def run(rounds: int = 3, python_iterations: dict[str, int] | None = None) -> dict[str, Any]:
    """Per game: tabulation, C++ and Python CFR on the kit game (from its table) and on OpenSpiel's."""
    try:
        import pyspiel
    except ImportError as exc:
        return {"error": f"open-spiel is not installed ({exc}); install the 'bench' extra"}
    out: dict[str, Any] = {"target": TARGET, "rounds": rounds}
    for name, (_, cpp_iterations, py_iterations) in CASES.items():
        if python_iterations and name in python_iterations:
            py_iterations = python_iterations[name]
        kit, tabulation, table = _served(name)
        own = pyspiel.load_game(name)
        out[name] = {
            "table": table.summary(),
            "tabulation_seconds": tabulation,
            "cpp": _compare(cpp_cfr, own, kit, cpp_iterations, rounds, tabulation),
            "python": _compare(python_cfr, own, kit, py_iterations, rounds, tabulation),
        }
    out["kuhn_poker"]["without_table"] = _unserved_kuhn()
    return out


def table_rows(result: dict[str, Any] | None) -> list[tuple[str, str, str, str, str]]:
    """Rows of the benchmark table for the ``cfr`` section."""
    if not result:
        return []
    if "error" in result:
        return [("cfr", "CFR on kit games", result["error"][:70], "", "skipped")]
    rows = []
    for name in CASES:
        entry = result.get(name)
        if not entry:
            continue
        t = entry["table"]
        rows.append(("cfr", f"kit {name}: tabulate ({t['nodes']:,} nodes, {sum(t['information_sets'])} infosets)",
                     f"{entry['tabulation_seconds']:.2f} s", "(once)", ""))
        for kind, label in (("cpp", "C++ CFR"), ("python", "Python CFR")):
            m = entry[kind]
            status = "MISMATCH" if not m["agree"] else ("ok" if m["ratio"] <= TARGET else "ABOVE")
            rows.append((
                "cfr", f"kit {name} vs OpenSpiel, {label} x{m['iterations']}",
                f"{m['kit_seconds']:.3f} vs {m['openspiel_seconds']:.3f} s = {m['ratio']:.2f}x "
                f"({m['ratio_with_tabulation']:.2f}x with the table)",
                f"<= {TARGET:.0f}x", status,
            ))
            rows.append((
                "cfr", "  same: exploitability, seat 0 value (kit | OpenSpiel)",
                f"{m['kit_exploitability']:.6g}, {m['kit_value']:.6f} | {m['openspiel_exploitability']:.6g}, "
                f"{m['openspiel_value']:.6f}", f"equal to {AGREE:g}", "ok" if m["agree"] else "MISMATCH",
            ))
    plain = result.get("kuhn_poker", {}).get("without_table")
    if plain:
        rows.append(("cfr", "kit kuhn_poker, C++ CFR without the table (plain adapter)",
                     f"{plain['seconds_per_iteration']:.3f} s/iteration", "(reference)", ""))
    return rows


if __name__ == "__main__":
    for row in table_rows(run()):
        print(f"{row[1]:<66} {row[2]:<58} {row[3]:<10} {row[4]}")
