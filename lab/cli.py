"""The ``rules-lab`` command: list games, simulate, compare variants, sweep a grid, skill, lint, tune, serve.

Bad input exits with code 2 and a one-line error, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from typing import Any

from lab.core.errors import LabError, cut, escaped, quoted
from lab.core.game import Game
from lab.core.registry import game_class, game_names, load


class UsageError(Exception):
    """Bad command-line input (exit code 2)."""


def parse_sets(cls: type[Game], items: Sequence[str]) -> dict[str, Any]:
    """``["players=3", "strict=false"]`` -> typed parameter values (validated by ``load``)."""
    specs = {s.name: s for s in cls.parameter_specs()}
    params: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise UsageError(f"--set expects key=value, got {item!r}")
        key, _, text = item.partition("=")
        key = key.strip()
        if key not in specs:
            raise UsageError(f"unknown parameter {key!r} for {cls.name}; known: {', '.join(specs)}")
        params[key] = specs[key].parse_text(text)
    return params


def parse_agents(text: str | None) -> Any:
    """``random`` / ``memory,random`` / a JSON spec or list of specs."""
    if text is None:
        return None
    text = text.strip()
    if text.startswith(("[", "{")):
        try:
            return json.loads(text)
        except RecursionError:
            raise UsageError("--agents: JSON nested too deeply") from None
        except ValueError as exc:
            raise UsageError(f"--agents: not valid JSON ({exc})") from None
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise UsageError("--agents: give a name, a comma-separated list or JSON")
    return names[0] if len(names) == 1 else names


def game_from_args(args: argparse.Namespace) -> Game:
    cls = game_class(args.game)
    return load(args.game, **parse_sets(cls, args.set or []))


def parse_grid(cls: type[Game], items: Sequence[str]) -> dict[str, list[Any]]:
    """``["players=2,3,4", "strict=true,false"]`` -> ``{"players": [2, 3, 4], ...}``.

    A ``json`` parameter takes a JSON list of values: ``--grid deck=[[1,2],[3]]``.
    """
    specs = {s.name: s for s in cls.parameter_specs()}
    grid: dict[str, list[Any]] = {}
    for item in items:
        if "=" not in item:
            raise UsageError(f"--grid expects key=v1,v2,..., got {item!r}")
        key, _, text = item.partition("=")
        key = key.strip()
        if key not in specs:
            raise UsageError(f"unknown parameter {key!r} for {cls.name}; known: {', '.join(specs)}")
        if key in grid:
            raise UsageError(f"--grid names {key!r} twice")
        spec = specs[key]
        if spec.kind == "json":
            try:
                values = json.loads(text)
            except RecursionError:
                raise UsageError(f"--grid {key}: JSON nested too deeply") from None
            except ValueError:
                raise UsageError(f"--grid {key}: a json parameter takes a JSON list of values") from None
            if not isinstance(values, list):
                raise UsageError(f"--grid {key}: a json parameter takes a JSON list of values")
        else:
            values = [spec.parse_text(v.strip()) for v in text.split(",") if v.strip()]
        if not values:
            raise UsageError(f"--grid {key}: give at least one value")
        grid[key] = values
    return grid


_OPEN: list[Any] = []  # Dask clients/clusters opened by this command, closed by main()


def executor_from_args(args: argparse.Namespace) -> Any:
    """A Dask client for ``--scheduler ADDRESS`` (None without it).

    ``--scheduler local`` starts a local Dask cluster of ``--workers`` processes (default: one
    per core) for the duration of the command.
    """
    address = getattr(args, "scheduler", None)
    if not address:
        return None
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UsageError("--scheduler needs dask[distributed] installed") from None
    try:
        if address == "local":
            import os

            cluster = LocalCluster(
                n_workers=args.workers or os.cpu_count() or 1, threads_per_worker=1,
                processes=True, dashboard_address=None, silence_logs=logging.ERROR,
            )
            _OPEN.append(cluster)
            client = Client(cluster)
        else:
            client = Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise UsageError(f"--scheduler {address}: cannot connect ({exc})") from None
    _OPEN.append(client)
    return client


def check_run_args(args: argparse.Namespace) -> None:
    """Check the run's numbers and output paths before anything runs (one line, exit 2)."""
    from lab.sim.simulate import MAX_GAMES, MAX_SEED

    if not 0 <= args.n <= MAX_GAMES:
        raise UsageError(f"-n must be a number of games from 0 to {MAX_GAMES:,}")
    if not 0 <= args.seed <= MAX_SEED:
        raise UsageError(f"--seed must be from 0 to 2**128 - 1, got a {len(str(args.seed))}-digit number")
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be >= 1")
    for option in ("out", "plot"):
        path = getattr(args, option, None)
        allowed = (".csv", ".parquet") if option == "out" else (".png", ".svg", ".pdf")
        if path and not path.endswith(allowed):
            raise UsageError(f"--{option} must end in {' or '.join(allowed)}")
        if path:
            check_output_path(f"--{option}", path)
    if getattr(args, "out", None) and args.out.endswith(".parquet"):
        import importlib.util

        if importlib.util.find_spec("pyarrow") is None and importlib.util.find_spec("fastparquet") is None:
            raise UsageError("--out .parquet needs pyarrow (pip install pyarrow); or write .csv")


def check_output_path(option: str, path: str) -> None:
    """Refuse an output path that cannot be written, before the run (whose results it would lose).

    The directory must exist and be writable; an existing file there must be a writable file (it
    is opened for appending, which leaves it unchanged; a new file is created and removed).
    """
    import os

    target = os.path.abspath(path)
    folder = os.path.dirname(target)
    shown = path if len(path) < 120 else path[:117] + "..."
    if not os.path.isdir(folder):
        raise UsageError(f"{option} {shown}: the directory {folder[:120]} does not exist")
    if os.path.isdir(target):
        raise UsageError(f"{option} {shown} is a directory; give a file name")
    existed = os.path.exists(target)
    try:  # a real probe (permission bits say nothing to root, or on /proc and read-only mounts)
        with open(target, "a" if existed else "x"):
            pass
        if not existed:
            os.remove(target)
    except OSError as exc:
        raise UsageError(f"{option} {shown}: cannot be written ({exc.strerror or exc})") from None


def write_table(df: Any, path: str | None) -> None:
    if path:
        from lab.sim.simulate import write_table as write  # keeps the run record (CSV: a sidecar)

        write(df, path)


def save_plot(ax: Any, path: str | None, **options: Any) -> None:
    """Save a plot to ``path`` whole or not at all (a temporary file renamed into place)."""
    if not path:
        return
    import matplotlib

    from lab.core.files import write_atomic

    matplotlib.use("Agg")
    ax.figure.tight_layout()
    fmt = path.rsplit(".", 1)[-1]
    write_atomic(path, lambda tmp: ax.figure.savefig(tmp, format=fmt, **options))


def jsonable(value: Any) -> Any:
    """NaN -> None, recursively (strict JSON output)."""
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    return value


def cmd_list(args: argparse.Namespace) -> int:
    from lab.agents.catalogue import agent_names

    out = []
    for name in game_names():
        cls = game_class(name)
        out.append(
            {
                "name": name,
                "title": cls.title,
                "agents": agent_names(cls),
                "parameters": [s.to_dict() for s in cls.parameter_specs()],
            }
        )
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    for g in out:
        print(f"{g['name']} — {g['title']}")
        print(f"  agents: {', '.join(g['agents'])}")
        for p in g["parameters"]:
            clauses = f" [{', '.join(p['clauses'])}]" if p["clauses"] else ""
            print(f"  {p['name']} = {json.dumps(p['default'])}  ({p['allowed']}){clauses}")
            print(f"      {p['doc']}")
        print()
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from lab.sim.simulate import simulate
    from lab.stats.summary import format_summary, summarize

    game = game_from_args(args)
    check_run_args(args)
    agents = parse_agents(args.agents)
    executor = executor_from_args(args)
    df = simulate(
        game,
        agents=agents,
        n_games=args.n,
        seed=args.seed,
        workers=args.workers,
        executor=executor,
        progress=args.n >= 200 and sys.stderr.isatty(),
    )
    write_table(df, args.out)
    summary = summarize(df)
    if args.plot:
        from lab.stats.plots import plot_lengths

        save_plot(plot_lengths(df), args.plot)
    print(json.dumps(jsonable(summary), indent=2) if args.json else format_summary(summary))
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    from lab.stats.compare import compare

    cls = game_class(args.game)
    common = parse_sets(cls, args.set or [])
    a_changes = parse_sets(cls, args.a or [])
    b_changes = parse_sets(cls, args.b or [])
    if not a_changes and not b_changes:
        raise UsageError("give the variants to compare: --a key=value and/or --b key=value")
    game_a = load(args.game, **{**common, **a_changes})
    game_b = load(args.game, **{**common, **b_changes})
    if game_a == game_b:
        raise UsageError("--a and --b give the same variant; nothing to compare")
    check_run_args(args)
    agents = parse_agents(args.agents)
    comparison = compare(
        game_a, game_b, agents=agents, n_games=args.n, seed=args.seed, workers=args.workers,
        executor=executor_from_args(args), clauses=args.clauses,
        progress=args.n >= 200 and sys.stderr.isatty(),
    )
    if args.out:
        import pandas as pd

        both = pd.concat([comparison.a, comparison.b], ignore_index=True)
        both.attrs["record"] = comparison.record
        write_table(both, args.out)
    if args.plot:
        from lab.stats.plots import plot_lengths

        save_plot(plot_lengths(comparison), args.plot)
    if args.json:
        print(json.dumps(jsonable(comparison.to_dict()), indent=2))
    else:
        print(comparison)
    return 0


def cmd_sweep(args: argparse.Namespace) -> int:
    from lab.stats.sweep import sweep

    cls = game_class(args.game)
    game = game_from_args(args)
    grid = parse_grid(cls, args.grid or [])
    if not grid:
        raise UsageError("give at least one --grid key=v1,v2")
    check_run_args(args)
    agents = parse_agents(args.agents)
    tidy = sweep(
        game, grid, agents=agents, n_games=args.n, seed=args.seed, workers=args.workers,
        executor=executor_from_args(args), progress=args.n >= 200 and sys.stderr.isatty(),
    )
    metrics = args.metric or ["length_actions", "minutes", "draw", "win_0", "lead_changes"]
    known = list(dict.fromkeys(tidy["metric"]))
    unknown = [m for m in args.metric or [] if m not in known]
    if unknown:
        raise UsageError(f"--metric {unknown[0]!r} is not measured; available: {', '.join(known)}")
    write_table(tidy, args.out)
    if args.plot:
        from lab.stats.plots import plot_sweep

        save_plot(plot_sweep(tidy, metrics[0]), args.plot)
    shown = tidy[tidy["metric"].isin(metrics)]
    if args.json:
        print(json.dumps(jsonable(shown.to_dict(orient="records")), indent=2))
        return 0
    print(f"sweep of {game.name}: {len(tidy) and len(shown['variant'].unique())} variants x {args.n} games, seed {args.seed}")
    for r in shown.itertuples(index=False):
        print(f"  {r.variant:<36} {r.metric:<16} {r.mean:>10.3f}   [{r.ci_lo:.3f}, {r.ci_hi:.3f}]")
    return 0


def cmd_skill(args: argparse.Namespace) -> int:
    from lab.stats.sweep import skill_vs_luck

    cls = game_class(args.game)
    game = game_from_args(args)
    grid = parse_grid(cls, args.grid or [])
    check_run_args(args)
    table = skill_vs_luck(
        game, grid or None, strong=parse_agents(args.strong), weak=parse_agents(args.weak) or "random",
        n_games=args.n, seed=args.seed, workers=args.workers, executor=executor_from_args(args),
    )
    write_table(table, args.out)
    if args.json:
        print(json.dumps(jsonable(table.to_dict(orient="records")), indent=2))
        return 0
    for r in table.itertuples(index=False):
        print(
            f"{r.variant:<36} {r.strong} vs {r.weak}: wins {r.strong_win_rate:.1%} [{r.ci_lo:.1%}, {r.ci_hi:.1%}]"
            f" vs baseline {r.baseline_win_rate:.1%}; skill gap {r.skill_gap:+.1%} [{r.gap_lo:+.1%}, {r.gap_hi:+.1%}]"
        )
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    from lab.stats.ladder import plot_ladder, skill_ladder

    game = game_from_args(args)
    check_run_args(args)
    rungs = parse_agents(args.ladder)
    if not isinstance(rungs, list):
        raise UsageError("--ladder: give at least two agents, weakest first (a,b,c or a JSON list)")
    table = skill_ladder(game, rungs, n_games=args.n, seed=args.seed, workers=args.workers,
                         executor=executor_from_args(args))
    write_table(table, args.out)
    if args.plot:
        save_plot(plot_ladder(table), args.plot, bbox_inches="tight")
    if args.json:
        print(json.dumps(jsonable(table.to_dict(orient="records")), indent=2))
        return 0
    print(f"skill ladder of {game!r}: {args.n} games per seat and rung, seed {args.seed}")
    for r in table.itertuples(index=False):
        print(
            f"  {r.upper} vs {r.lower}: wins {r.win_rate:.1%} [{r.ci_lo:.1%}, {r.ci_hi:.1%}]"
            f" vs {r.baseline:.1%} for {r.lower} in the same seats; gain {r.gain:+.1%}"
            f" [{r.gain_lo:+.1%}, {r.gain_hi:+.1%}]"
        )
    return 0


def cmd_lint(args: argparse.Namespace) -> int:
    from lab.lint import lint

    game = game_from_args(args)
    findings = lint(game)
    if args.json:
        print(json.dumps([f.to_dict() for f in findings], indent=2))
    else:
        if not findings:
            print(f"{game!r}: no findings")
        for f in findings:
            print(f"{f.severity.upper():7} {f.id} [{', '.join(f.clauses)}]: {f.message}")
            if f.suggested_fix:
                print(f"        fix: {f.suggested_fix}")
    return 1 if any(f.severity == "error" for f in findings) and args.strict else 0


def cmd_tune(args: argparse.Namespace) -> int:
    """The variant autopilot; the space file format is :mod:`lab.tune.space` (JSON object)."""
    from lab.tune import load_space, parse_target, tune
    from lab.tune.storage import check_storage

    game = game_from_args(args)
    check_run_args(args)
    if not args.target:
        raise UsageError("give at least one --target, e.g. --target minutes=20 --target 'spread<=0.03'")
    targets = [parse_target(t) for t in args.target]
    space = load_space(args.space)
    storage = args.storage
    if storage is not None:
        if not storage.startswith("sqlite:///"):
            raise UsageError(f"--storage {quoted(storage, 120, text=True)}: give sqlite:///PATH.db")
        check_storage(storage)  # a file that can hold a study, in a folder that exists
    for option in ("budget", "final_games", "finalists"):
        value = getattr(args, option)
        if value is not None and value < 1:
            raise UsageError(f"--{option.replace('_', '-')} must be >= 1")
    result = tune(
        game, space, targets, agents=parse_agents(args.agents), budget=args.budget, seed=args.seed,
        workers=args.workers, executor=executor_from_args(args), storage=storage, games=args.n,
        final_games=args.final_games, finalists=args.finalists, sampler=args.sampler,
        study_name=args.study_name, progress=sys.stderr.isatty(), pruner=args.pruner,
    )
    print(json.dumps(jsonable(result.to_dict()), indent=2) if args.json else result.report())
    return 0


# ---------------------------------------------------------------- serve, app (#34: the playtest table)
# The playtest server is the ``playtable`` package, which ``lab`` never imports: both commands
# check what they can here, then replace this process with ``python -m playtable ...`` (so a
# SIGTERM or Ctrl-C reaches the server itself and nothing is left running behind it).
def _playtable(args: Sequence[str]) -> list[str]:
    return [sys.executable, "-m", "playtable", *args]


def _exec(cmd: Sequence[str]) -> int:
    import os

    sys.stdout.flush()
    sys.stderr.flush()
    env = {**os.environ, "PLAYTABLE_PROG": "rules-lab"}
    os.execve(cmd[0], list(cmd), env)  # never returns
    return 0  # pragma: no cover


def cmd_serve(argv: Sequence[str]) -> int:
    """``rules-lab serve ...``: the playtest table server (its flags: ``rules-lab serve --help``)."""
    return _exec(_playtable(["serve", *argv]))


def port_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"--port: a port is a number, not {text[:20]!r}") from None
    if not 0 <= value <= 65535:
        raise UsageError(f"--port: a port is 0 (any free port) or 1..65535, not {value}")
    return value


def cmd_app(args: argparse.Namespace) -> int:
    """One person against agents: a one-seat table of the playtest server (#34 retired Voilà)."""
    game = game_from_args(args)  # a bad variant fails here, in one line
    cmd = _playtable(["app", game.name, *[x for kv in args.set or [] for x in ("--set", kv)],
                      "--port", str(args.port), "--dir", args.dir, *(["--seats", args.seats] if args.seats else []),
                      *(["--open"] if args.open else [])])
    if args.dry_run:
        print(" ".join(cmd))
        return 0
    return _exec(cmd)


def add_app_parser(sub: Any, add_game: Any) -> None:
    p = sub.add_parser("app", help="one person against agents: a one-seat playtest table (rules-lab serve for more)")
    add_game(p)
    p.add_argument("--port", type=port_arg, default=8866, help="port (default 8866; 0: any free port)")
    p.add_argument("--dir", default="playtest-app", help="folder of the tables' database and the playtest log")
    p.add_argument("--seats", help="who plays each seat: human (exactly one) or an agent, comma-separated "
                                   "(default: you in seat 0, the game's first agent elsewhere)")
    p.add_argument("--open", action="store_true", help="open a browser")
    p.add_argument("--dry-run", action="store_true", help="print the command instead of serving")
    p.set_defaults(func=cmd_app)
    sub.add_parser("serve", add_help=False,
                   help="the playtest table: several people, each at their own screen (rules-lab serve --help)")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rules-lab", description="Play, simulate and lint tabletop game rules.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("list", help="games, their agents and parameters")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_list)

    def add_game(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help="a registered game: " + ", ".join(game_names()))
        p.add_argument("--set", action="append", metavar="KEY=VALUE", help="a parameter (repeatable)")

    def add_run(p: argparse.ArgumentParser, n: int, agents: bool = True) -> None:
        p.add_argument("-n", type=int, default=n, help=f"number of games (default {n})")
        p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
        if agents:
            p.add_argument("--agents", help="agent name for all seats, a,b,c per seat, or JSON specs")
        p.add_argument("--workers", type=int, default=None, help="local worker processes (default 1)")
        p.add_argument(
            "--scheduler", metavar="ADDRESS",
            help="run on a Dask cluster (tcp://host:8786), or 'local' for a local Dask cluster of --workers processes",
        )
        p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = sub.add_parser("simulate", help="play many seeded games and summarise them")
    add_game(p)
    add_run(p, 100)
    p.add_argument("--out", help="write the per-game table to .csv or .parquet")
    p.add_argument("--plot", help="save the length distribution to .png/.svg/.pdf")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("compare", help="two variants on paired seeds: differences and verdicts")
    add_game(p)
    p.add_argument("--a", action="append", metavar="KEY=VALUE", help="variant A's changes (repeatable)")
    p.add_argument("--b", action="append", metavar="KEY=VALUE", help="variant B's changes (repeatable)")
    add_run(p, 1000)
    p.add_argument("--clauses", action="store_true", help="also compare how often each rule fires")
    p.add_argument("--out", help="write both per-game tables to .csv or .parquet")
    p.add_argument("--plot", help="save both length distributions to .png/.svg/.pdf")
    p.set_defaults(func=cmd_compare)

    p = sub.add_parser("sweep", help="a parameter grid: estimates per variant")
    add_game(p)
    p.add_argument("--grid", action="append", metavar="KEY=V1,V2", help="values of a parameter (repeatable)")
    add_run(p, 200)
    p.add_argument("--metric", action="append", help="metric to print and plot (repeatable)")
    p.add_argument("--out", help="write the tidy table to .csv or .parquet")
    p.add_argument("--plot", help="save the first metric's sweep curve to .png/.svg/.pdf")
    p.set_defaults(func=cmd_sweep)

    p = sub.add_parser("skill", help="skill vs luck: a stronger agent's win rate per variant")
    add_game(p)
    p.add_argument("--grid", action="append", metavar="KEY=V1,V2", help="values of a parameter (repeatable)")
    p.add_argument("--strong", help="the stronger agent (default: the game's first own agent)")
    p.add_argument("--weak", help="the other seats' agent (default random)")
    add_run(p, 200, agents=False)
    p.add_argument("--out", help="write the table to .csv or .parquet")
    p.set_defaults(func=cmd_skill)

    p = sub.add_parser("ladder", help="skill ladder: each agent's win rate against the one below")
    add_game(p)
    p.add_argument("--ladder", required=True, help="agents weakest first: random,greedy,mcts or a JSON list")
    add_run(p, 50, agents=False)
    p.add_argument("--out", help="write the table to .csv or .parquet")
    p.add_argument("--plot", help="save the ladder plot to .png/.svg/.pdf")
    p.set_defaults(func=cmd_ladder)

    p = sub.add_parser("lint", help="component accounting and reachability findings")
    add_game(p)
    p.add_argument("--json", action="store_true", help="print the findings as a JSON list")
    p.add_argument("--strict", action="store_true", help="exit 1 when there are errors")
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser("tune", help="search variants for targets (optuna; --space JSON, --target)")
    add_game(p)
    add_run(p, 100)
    p.add_argument("--space", required=True, help="JSON file: {param: {low, high[, step, log]} | {choices: [...]} | value}")
    p.add_argument("--target", action="append", help="minutes=20, minutes=20±2, spread<=0.03, win>=0.3, max:n[FC-E2] (repeatable)")
    p.add_argument("--budget", type=int, default=50, help="trials (default 50); -n is games per trial")
    p.add_argument("--final-games", type=int, default=None, help="games per finalist on fresh seeds (default 4 x -n)")
    p.add_argument("--finalists", type=int, default=None, help="best variants re-measured (default 3, at most --budget)")
    p.add_argument("--sampler", choices=("tpe", "nsga2", "random"), default="tpe")
    p.add_argument("--storage", help="sqlite:///studies.db keeps the study; the same command resumes it")
    p.add_argument("--study-name", help="name of the study in --storage (default: from the settings)")
    p.add_argument("--pruner", choices=("none", "median"), default="none",
                   help="median: stop trials worse than the median after a stage of their games (one target only)")
    p.set_defaults(func=cmd_tune)
    add_app_parser(sub, add_game)
    return parser


def _one_line(exc: BaseException) -> str:
    """The first line of an error's message, cut to 500 characters, lone surrogates escaped."""
    try:
        text = str(exc)
    except Exception:  # a message that cannot even be made
        text = ""
    text = text.splitlines()[0] if text.strip() else type(exc).__name__
    return escaped(cut(text, 500))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; bad input exits 2 with one line (``rules-lab: error: ...``), an error
    the lab did not expect exits 1 with one line naming it (``RULES_LAB_TRACEBACK=1`` shows
    the traceback instead)."""
    import os

    try:
        argv = list(sys.argv[1:] if argv is None else argv)
        if argv[:1] == ["serve"]:
            return cmd_serve(argv[1:])
        args = build_parser().parse_args(argv)
        return int(args.func(args))
    except (UsageError, LabError, ValueError, OSError) as exc:
        print(f"rules-lab: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except (RecursionError, OverflowError, MemoryError) as exc:  # input too deep or too large
        if isinstance(exc, RecursionError):
            text = "input nested too deeply"
        elif isinstance(exc, OverflowError):
            text = f"a number is too large ({str(exc)[:200]})"
        else:
            text = "input too large for memory"
        print(f"rules-lab: error: {text}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rules-lab: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # not bad input: a defect; one line, not a traceback
        if os.environ.get("RULES_LAB_TRACEBACK", "").strip() not in ("", "0"):
            raise
        print(f"rules-lab: internal error: {type(exc).__name__}: {_one_line(exc)} "
              "(RULES_LAB_TRACEBACK=1 shows where; please report it)", file=sys.stderr)
        return 1
    finally:
        while _OPEN:
            _OPEN.pop().close()


if __name__ == "__main__":
    sys.exit(main())
