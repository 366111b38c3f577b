"""The ``rules-lab`` command: list games, simulate, lint.

Bad input exits with code 2 and a one-line error, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from lab.core.errors import LabError
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
        except ValueError as exc:
            raise UsageError(f"--agents: not valid JSON ({exc})") from None
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise UsageError("--agents: give a name, a comma-separated list or JSON")
    return names[0] if len(names) == 1 else names


def game_from_args(args: argparse.Namespace) -> Game:
    cls = game_class(args.game)
    return load(args.game, **parse_sets(cls, args.set or []))


def cmd_list(args: argparse.Namespace) -> int:
    from lab.agents.base import agent_names

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
    if args.n < 0:
        raise UsageError("-n must be >= 0")
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be >= 1")
    df = simulate(
        game,
        agents=parse_agents(args.agents),
        n_games=args.n,
        seed=args.seed,
        workers=args.workers,
        progress=args.n >= 200 and sys.stderr.isatty(),
    )
    if args.out:
        if args.out.endswith(".csv"):
            df.to_csv(args.out, index=False)
        elif args.out.endswith(".parquet"):
            df.to_parquet(args.out, index=False)
        else:
            raise UsageError("--out must end in .csv or .parquet")
    summary = summarize(df)
    print(json.dumps(summary, indent=2) if args.json else format_summary(summary))
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

    p = sub.add_parser("simulate", help="play many seeded games and summarise them")
    add_game(p)
    p.add_argument("-n", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--agents", help="agent name for all seats, a,b,c per seat, or JSON specs")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default 1)")
    p.add_argument("--out", help="write the per-game table to .csv or .parquet")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("lint", help="component accounting and reachability findings")
    add_game(p)
    p.add_argument("--json", action="store_true", help="print the findings as a JSON list")
    p.add_argument("--strict", action="store_true", help="exit 1 when there are errors")
    p.set_defaults(func=cmd_lint)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return int(args.func(args))
    except (UsageError, LabError, ValueError) as exc:
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"rules-lab: error: {text}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rules-lab: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
