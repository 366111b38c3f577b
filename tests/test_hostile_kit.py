"""Hostile and careless kit definitions (issue 40 items 1, 6 and 11).

Item 1: data that holds itself, nests 200,000 deep or stores the state inside itself killed the
compiled build (SIGSEGV); each case now runs in a subprocess, on the compiled build and on the
sources (``RULES_LAB_PURE=1``), and must end in a clean ``InvalidGame``. Item 6: what the kit
accepted silently (``end`` returning NaN, ``legal``/``end``/chance declarations that change the
state, a move setting ``ctx.player``). Item 11: kit variants held to the budgets of the seed
games (players, action codes, save codes) and a CPU-time guard on a step that never ends.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
import textwrap
from typing import Any

import pytest

import lab
from lab.kit.examples import Pig
from tests.tools import patience
from tests.tools.hostile import refusals

COUNTS, ACCEPTED, _count, _print_counts = refusals("kit hostile cases")


# ====================================================================== item 1: subprocesses
CRASH_SCRIPT = textwrap.dedent('''
    import sys, lab

    def run(case):

        def cyclic():
            items = [1]
            items.append(items)
            return items

        def deep(n):
            v = 1
            for _ in range(n):
                v = [v]
            return v

        def setup(ctx):
            if case == "setup-cycle":
                return {"x": cyclic()}
            if case == "setup-deep":
                return {"x": deep(200_000)}
            if case == "setup-dict-cycle":
                d = {"a": 1}
                d["me"] = d
                return {"x": d}
            return {"n": 0}

        def step(s, ctx):
            s["n"] += 1
            if case.startswith("move-self"):
                s["me"] = s
            elif case.startswith("move-deep"):
                s["x"] = deep(200_000)
            elif case.startswith("move-cycle"):
                s["x"] = cyclic()
            elif case == "log-cycle":
                ctx.log("T-1", "note", value={"a": cyclic()})
            elif case == "log-deep":
                ctx.log("T-1", "note", value=deep(200_000))
            ctx.end_turn()

        def end(s, ctx):
            return 0 if s["n"] >= 3 else None

        try:
            game = lab.define_game("crash", setup=setup, moves=[step], end=end)()
            if case.endswith("-fast"):
                game.audits = 0  # past the checked first steps: the driver's unchecked path
                lab.play(game, seed=1)
            elif case.endswith("-observed"):
                game.audits = 0
                state = game.new_initial_state()
                state._apply_unchecked(0, state.legal_actions()[0])
                state.observation(0)
                state.clone()
            else:
                state = game.new_initial_state()
                state.apply_action(state.legal_actions()[0])
            print("ACCEPTED")
        except lab.LabError as exc:
            print(f"REFUSED {type(exc).__name__}: {exc}")

    for case in sys.argv[1:]:
        print(f"{case} :: ", end="", flush=True)
        run(case)
        sys.stdout.flush()
''')

CRASH_CASES = [
    ("setup-cycle", "holds itself"),
    ("setup-dict-cycle", "holds itself"),
    ("setup-deep", "nested more than 100 levels"),
    ("move-self", "holds itself"),
    ("move-self-fast", "holds itself"),
    ("move-self-observed", "holds itself"),
    ("move-deep", "nested more than 100 levels"),
    ("move-deep-fast", "nested more than 100"),
    ("move-cycle", "holds itself"),
    ("move-cycle-fast", "holds itself"),
    ("log-cycle", "nested more than 100 levels deep, or holds itself"),
    ("log-deep", "nested more than 100 levels deep, or holds itself"),
]


_RUNS: dict[bool, subprocess.CompletedProcess[str]] = {}


def _run_cases(pure: bool) -> subprocess.CompletedProcess[str]:
    """Every case, one after the other, in one subprocess per build (a crash ends it: the cases
    after it then fail with its return code and output)."""
    if pure not in _RUNS:
        env = {**os.environ, "RULES_LAB_PURE": "1" if pure else "0"}
        _RUNS[pure] = patience.run([sys.executable, "-c", CRASH_SCRIPT, *(c for c, _ in CRASH_CASES)], cpu=450, env=env)
    return _RUNS[pure]


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "sources"])
@pytest.mark.parametrize(("case", "words"), CRASH_CASES, ids=[c for c, _ in CRASH_CASES])
def test_data_that_holds_itself_or_nests_too_deep_is_refused_without_killing_the_process(case: str, words: str, pure: bool) -> None:
    """Item 1: these killed the compiled build with SIGSEGV (rc -11); each is now a typed error
    in both builds, and the process lives on."""
    if not pure and not lab.native.status()["compiled"]:
        pytest.skip(f"the compiled build is not loaded: {lab.native.status()['reason']}")
    done = _run_cases(pure)
    lines = {ln.split(" :: ", 1)[0]: ln.split(" :: ", 1)[1] for ln in done.stdout.splitlines() if " :: " in ln}
    assert case in lines and done.returncode == 0, f"{case}: rc {done.returncode}\n{done.stdout[-800:]}\n{done.stderr[-1500:]}"
    out = lines[case]
    assert out.startswith("REFUSED InvalidGame: crash:"), out
    assert words in out and len(out) < 1000, out
    _count("item 1 (subprocess)")


# ====================================================================== item 6: silent acceptances
def _setup(ctx: Any) -> dict[str, Any]:
    return {"n": 0, "marks": [0, 0]}


def _end(s: dict[str, Any], ctx: Any) -> int | None:
    return 0 if s["n"] >= 3 else None


def _step(s: dict[str, Any], ctx: Any) -> None:
    s["n"] += 1
    ctx.end_turn()


def _define(**changes: Any) -> type[lab.Game]:
    parts: dict[str, Any] = {"setup": _setup, "moves": [_step], "end": _end}
    parts.update(changes)
    return lab.define_game("careless", **parts)


def _end_returning(value: Any) -> Any:
    return lambda s, ctx: value if s["n"] >= 3 else None


def _mutating_end(s: dict[str, Any], ctx: Any) -> int | None:
    s["marks"][0] += 1
    return _end(s, ctx)


def _mutating_legal(s: dict[str, Any], ctx: Any) -> bool:
    s["marks"][1] += 1
    return True


def _mutating_options(s: dict[str, Any], ctx: Any) -> list[int]:
    s["marks"].append(9)
    return [1, 2]


def _sets_player(s: dict[str, Any], ctx: Any) -> None:
    ctx.player = 1 - ctx.player
    _step(s, ctx)


def _sets_players(s: dict[str, Any], ctx: Any) -> None:
    ctx.players = 10
    _step(s, ctx)


def _changing_declaration(s: dict[str, Any], ctx: Any) -> int:
    s["n"] += 10
    return ctx.roll(2)


def _rolled(s: dict[str, Any], ctx: Any, face: int) -> None:
    _step(s, ctx)


def _changing_after_declaration(s: dict[str, Any], ctx: Any) -> int:
    s["marks"][0] = 7
    return ctx.roll(2)


def _after(s: dict[str, Any], ctx: Any, face: int) -> None:
    pass


def silent_acceptances() -> list[tuple[str, dict[str, Any], str]]:
    """(label, definition changes, words of the refusal): each was accepted silently."""
    out: list[tuple[str, dict[str, Any], str]] = [
        (f"end returns {v!r}", {"end": _end_returning(v)}, "finite return")
        for v in ([math.nan, 0.0], [math.inf, -math.inf], [0.0, -math.inf], [1e400, 0], [True, False], [10**400, 0])
    ]
    out += [
        ("end changes the state", {"end": _mutating_end}, "end(state, ctx) changed the state"),
        ("legal changes the state", {"moves": [lab.move(_step, legal=_mutating_legal)]}, "legality test"),
        ("options change the state", {"moves": [lab.move(lambda s, ctx, k: _step(s, ctx), name="pick", k=range(3),
                                                           options=_mutating_options)]}, "legality test"),
        ("a move sets ctx.player", {"moves": [_sets_player]}, "ctx.player is read-only"),
        ("a move sets ctx.players", {"moves": [_sets_players]}, "ctx.players is read-only"),
        ("a chance declaration changes the state", {"moves": [lab.move(_rolled, chance=_changing_declaration)]},
         "chance declaration changed the state"),
        ("after's chance declaration changes the state", {"after": lab.chance(_changing_after_declaration)(_after)},
         "chance declaration changed the state"),
    ]
    return out


@pytest.mark.parametrize("fast", [False, True], ids=["checked", "lab.play"])
@pytest.mark.parametrize(("label", "changes", "words"), silent_acceptances(), ids=[c[0] for c in silent_acceptances()])
def test_careless_definitions_are_refused_by_the_checked_api_and_by_lab_play(label: str, changes: dict[str, Any],
                                                                             words: str, fast: bool) -> None:
    """Item 6: refused by the checked API (the widget, ``check()``) and by the driver's fast
    path (``lab.play``, ``lab.simulate``: a variant's first steps are checked in full)."""
    with pytest.raises(lab.InvalidGame, match=words.replace("(", r"\(").replace(")", r"\)")) as info:
        if fast:
            lab.play(_define(**changes)(), seed=1)
        else:
            game = _define(**changes)()
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.chance_outcomes()[0][0])
                else:
                    state.apply_action(state.legal_actions()[0])
    assert len(str(info.value)) < 1000
    _count("item 6 (kit)")


def test_a_refused_legality_test_or_end_leaves_the_state_as_it_was() -> None:
    state = _define(moves=[lab.move(_step, legal=_mutating_legal)])().new_initial_state()
    before = state.full_state()
    with pytest.raises(lab.InvalidGame):
        state.legal_actions()
    assert state.full_state() == before
    with pytest.raises(lab.InvalidGame, match="end"):  # the default variant's setup is run at once
        _define(end=_mutating_end)


def test_reserved_move_names_are_refused_every_way_and_roll_is_not_reserved() -> None:
    """Item 6 ("a move named roll (reserved)"): the kit's chance outcomes are the action kinds
    ``rolled`` and ``drawn``; a move cannot take either name by any route. ``roll`` is not
    reserved: it is Pig's own move (README, lab.kit.examples) and never meets a chance kind."""
    for name in ("rolled", "drawn"):
        for moves in ([lab.move(_step, name=name)], {name: _step}):
            with pytest.raises(lab.InvalidGame, match="reserved for chance outcomes"):
                _define(moves=moves)
            _count("item 6 (kit)")
        with pytest.raises(lab.InvalidGame):
            Pig.derive(**{name: _step})
        _count("item 6 (kit)")
    game = _define(moves={"roll": _step})()
    assert lab.play(game, seed=0).is_terminal() and "roll" in {a.kind for a in game.new_initial_state().legal_actions()}
    ACCEPTED["a move named 'roll'"] = "not reserved: the kit's chance kinds are 'rolled' and 'drawn' (Pig's own move is 'roll')"


# ====================================================================== item 11: budgets and time
def _many(n: int) -> Any:
    return lab.move(lambda s, ctx, k: _step(s, ctx), name="pick", k=range(n))


def kit_bombs() -> list[tuple[str, Any, str]]:
    """(label, a call that must raise, words of the message)."""
    big_players = lab.ParamSpec("players", "int", 2, "seats", minimum=1, maximum=10**6)
    return [
        ("players=10**6", lambda: lab.load(_define(params=[big_players]), players=10**6), "players"),
        ("players=65", lambda: lab.load(_define(params=[big_players]), players=65), "at most 64"),
        ("150,084 action codes", lambda: _define(moves=[_many(150_000)]), "action codes"),
        ("a move of 10**9 x 10**9", lambda: _define(moves=[lab.move(lambda s, ctx, a, b: None, name="go",
                                                                      a=range(10**9), b=range(10**9))]), "action codes"),
        ("a domain of 2**70 values", lambda: _define(moves=[lab.move(lambda s, ctx, a: None, name="go", a=range(2**70))]),
         "action codes"),
        ("a generator domain of 10**12 values", lambda: _define(moves=[lab.move(lambda s, ctx, a: None, name="go",
                                                                                a=lambda p: iter(range(10**12)))]),
         "action codes"),
        ("max_draw=10**9", lambda: _define(max_draw=10**9), "action codes"),
        ("max_die=10**9 + 65", lambda: _define(max_die=10**9 + 65), "action codes"),
        ("max_length=10**7", lambda: _define(max_length=10**7), "save codes"),
        ("max_seconds=-1", lambda: _define(max_seconds=-1), "max_seconds"),
        ("max_seconds=nan", lambda: _define(max_seconds=math.nan), "max_seconds"),
        ("max_seconds=10**6", lambda: _define(max_seconds=10**6), "max_seconds"),
    ]


@pytest.mark.parametrize(("label", "call", "words"), kit_bombs(), ids=[b[0] for b in kit_bombs()])
def test_kit_variants_are_held_to_the_seed_games_budgets(label: str, call: Any, words: str) -> None:
    """Item 11: ``players=10**6`` ran away (546 MB after 20 s); action spaces of 150,084 to
    1,000,000,065 codes were accepted. Refused before anything is built."""
    import time
    import tracemalloc

    tracemalloc.start()
    started = time.process_time()
    with pytest.raises((lab.InvalidGame, lab.InvalidVariant), match=words) as info:
        call()
    took = time.process_time() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert took < 5 and peak < 200_000_000, (label, took, peak)
    assert len(str(info.value)) < 1000
    _count("item 11 (kit budgets)")


def test_the_budget_names_the_sizes_and_a_game_at_the_bound_still_plays() -> None:
    with pytest.raises(lab.InvalidGame, match=r"pick 10,001.*at most 10,000"):
        _define(moves=[_many(10_001)])
    game = _define(moves=[_many(10_000 - 84)])()
    assert game.num_distinct_actions() == 10_000
    assert lab.play(game, seed=0).is_terminal()


SPIN_SCRIPT = textwrap.dedent('''
    import sys, time, lab

    def run(where):
        def spin(s, ctx):
            while True:
                try:
                    s["n"] = s["n"] + 1
                except Exception:  # a designer's catch-all does not swallow the guard
                    pass

        def setup(ctx):
            if where == "setup":
                spin({"n": 0}, ctx)
            return {"n": 0}

        def move(s, ctx):
            if where == "move":
                spin(s, ctx)
            s["n"] += 1
            ctx.end_turn()

        def legal(s, ctx):
            if where == "legal" and s["n"] >= 1:
                spin(dict(s), ctx)
            return True

        def end(s, ctx):
            return 0 if s["n"] >= 5 else None

        state = None
        try:
            game = lab.define_game("spinner", setup=setup, moves=[lab.move(move, legal=legal)], end=end,
                                   max_seconds=0.5)()
            state = game.new_initial_state()
            state.apply_action(state.legal_actions()[0])
            state.apply_action(state.legal_actions()[0])
            print("ACCEPTED")
        except lab.LabError as exc:
            steps = -1 if state is None else len(state.history())
            print(f"REFUSED {type(exc).__name__}, history {steps}: {exc}")

    for where in sys.argv[1:]:
        print(f"{where} :: ", end="", flush=True)
        run(where)
        sys.stdout.flush()
''')
SPINS = ("move", "legal", "setup")
_SPUN: list[subprocess.CompletedProcess[str]] = []


@pytest.mark.parametrize("where", SPINS)
def test_a_step_that_never_ends_is_stopped_by_the_cpu_time_guard(where: str) -> None:
    """Item 11: a move that loops forever had no limit. The guard stops it after its CPU-time
    limit (0.5 s here) with a clear error; the state is as before the step. In a subprocess: a
    guard that failed would hang that process, not the suite (the timeout is a safety net far
    above the limit, not the measure)."""
    if not _SPUN:
        _SPUN.append(patience.run([sys.executable, "-c", SPIN_SCRIPT, *SPINS], cpu=450))
    done = _SPUN[0]
    lines = {ln.split(" :: ", 1)[0]: ln.split(" :: ", 1)[1] for ln in done.stdout.splitlines() if " :: " in ln}
    assert where in lines and done.returncode == 0, done.stdout[-800:] + done.stderr[-1500:]
    out = lines[where]
    assert out.startswith("REFUSED InvalidGame"), out
    assert "ran for more than 0.5 s of CPU time" in out and "max_seconds" in out, out
    if where == "move":
        assert "history 0" in out, out  # the step was taken back
    _count("item 11 (CPU guard)")


def test_the_guard_costs_nothing_on_a_normal_game_and_max_seconds_is_part_of_the_definition() -> None:
    assert Pig.definition.max_seconds == 10.0
    state = lab.play(Pig(), seed=3)
    assert state.is_terminal()
    quick = Pig.derive("quick_pig", max_seconds=2.5)
    assert quick.definition.max_seconds == 2.5 and quick().step_ms == 2500
