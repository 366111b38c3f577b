"""``rules-lab serve`` and ``rules-lab app``: the playtest server from the command line.

``rules-lab serve`` runs ``python -m playtable serve`` in its own process (``lab`` never
imports this package); ``rules-lab app`` is a one-person table of the same server. Bad input
exits with code 2 and one line, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import webbrowser
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import lab
from lab.core.errors import LabError

SEATS_HELP = ("who plays each seat, comma-separated: human, or an agent of the game (e.g. "
              "human,human,memory); a JSON list for agent settings ('[\"human\", {\"name\": \"mcts\", "
              "\"iterations\": 200}]'); default: every seat human (serve) or you against the game's "
              "first agent (app)")


_N = TypeVar("_N", int, float)


class UsageError(Exception):
    """Bad command-line input (exit 2)."""


def _number(text: str, convert: Callable[[str], _N], what: str) -> _N:
    """``convert(text)``, or the usage error ``"<what>, not '<text>'"``."""
    try:
        return convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what}, not {text[:20]!r}") from None


def port_number(text: str) -> int:
    value = _number(text, int, "a port is a number")
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 (any free port) or 1..65535, not {value}")
    return value


def seconds(text: str) -> float:
    value = _number(text, float, "a number of seconds")
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"a number of seconds from 0 to 3600, not {text[:20]}")
    return value


def window(text: str) -> float:
    value = seconds(text)
    if not 0.5 <= value <= 600:
        raise argparse.ArgumentTypeError("a race window is 0.5 to 600 seconds")
    return value


def positive(text: str) -> float:
    value = _number(text, float, "a positive number")
    if not 0 < value <= 1e6:
        raise argparse.ArgumentTypeError(f"a positive number, not {text[:20]}")
    return value


def seed_number(text: str) -> int:
    value = _number(text, int, "a seed is an integer")
    if not 0 <= value < 2**62:
        raise argparse.ArgumentTypeError("a seed is an integer from 0 to 2**62 - 1")
    return value


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        raise UsageError(message)


def add_table_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--set", action="append", metavar="KEY=VALUE", default=[],
                   help="a parameter of the variant (repeatable), as in rules-lab simulate")
    p.add_argument("--seats", metavar="LIST", help=SEATS_HELP)
    p.add_argument("--seed", type=seed_number, default=0, help="seed of the first game (a rematch adds 1; default 0)")
    p.add_argument("--pace", type=seconds, default=0.5, metavar="S",
                   help="seconds between two agent moves, so people can follow them (default 0.5)")
    p.add_argument("--race-window", type=window, default=5.0, metavar="S",
                   help="seconds a person has to slap in a race before their hand counts as last (default 5)")


def add_server_options(p: argparse.ArgumentParser, *, port: int, db: str) -> None:
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
                        "machine of your network that has a link; the server says what it exposes)")
    p.add_argument("--port", type=port_number, default=port, help=f"port (default {port}; 0: any free port)")
    p.add_argument("--db", default=db, metavar="PATH",
                   help=f"the tables' SQLite database (default {db}); its key file PATH.key sits beside it")
    p.add_argument("--log", default=None, metavar="PATH",
                   help="the playtest log the games are recorded in (default: log.jsonl beside --db)")
    p.add_argument("--open", action="store_true", help="open the first link in a browser on this machine")
    p.add_argument("--json", action="store_true", help="print the tables' links as one JSON object")
    p.add_argument("--dry-run", action="store_true", help="create (or find again) the tables, print their links and exit without serving")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="another host name people use to reach the server (repeatable; refused otherwise)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="URL",
                   help="another page origin allowed to open the websocket (repeatable; e.g. a proxy's https URL)")
    p.add_argument("--public-url", default="", metavar="URL",
                   help="the address the links use when the server sits behind a proxy (e.g. https://play.example)")
    p.add_argument("--durable", action="store_true",
                   help="fsync every move (survives a power cut, not only a killed server; slower)")
    p.add_argument("--rate", type=positive, default=20.0, metavar="N",
                   help="messages a second one connection may send (default 20; the rest are refused)")
    p.add_argument("--abandon-after", type=positive, default=120.0, metavar="MIN",
                   help="minutes without a person connected or a move before an unfinished game is "
                        "recorded as abandoned (default 120)")


def build_parser(prog: str = "python -m playtable") -> argparse.ArgumentParser:
    parser = _Parser(prog=prog, description="The playtest table server: several people, each at their own screen, one game.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    serve = sub.add_parser(
        "serve", help="serve playtest tables",
        description=("Serve a table of GAME (or, without GAME, resume the tables of --db). Prints one "
                     "invite link per human seat, a spectator link and the designer's links. Started "
                     "again with the same command (after a crash too), every table resumes at its "
                     "last acknowledged move, and the browsers reconnect by themselves."),
    )
    serve.add_argument("game", nargs="?", help="a registered game: " + ", ".join(lab.game_names()) + ", pig, goofspiel")
    add_table_options(serve)
    serve.add_argument("--label", default="", help="a name for the table in the lobby")
    add_server_options(serve, port=8765, db="playtests/tables.db")
    app = sub.add_parser("app", help="one person against agents (a one-seat table)",
                         description="A one-seat table: you in seat 0, agents in the others.")
    app.add_argument("game")
    add_table_options(app)
    app.add_argument("--dir", default="playtest-app", help="folder of the database and the playtest log (default playtest-app)")
    add_server_options(app, port=8866, db="")
    return parser


def parse_seats(text: str | None, game: Any, *, app: bool) -> list[Any]:
    from lab.agents.catalogue import agent_names, make_agent

    n = game.num_players()
    if text is None:
        if not app:
            return ["human"] * n
        names = agent_names(type(game))
        own = [a for a in names if a not in ("random", "mcts", "ismcts")]
        return ["human", *[own[0] if own else "random"] * (n - 1)]
    text = text.strip()
    if text.startswith("["):
        try:
            seats = json.loads(text)
        except (ValueError, RecursionError):
            raise UsageError("--seats: not a valid JSON list") from None
        if not isinstance(seats, list):
            raise UsageError("--seats: a JSON list, one entry per seat")
    else:
        seats = [s.strip() for s in text.split(",")]
    if len(seats) != n:
        raise UsageError(f"--seats: {game.name} with these parameters has {n} seats; {len(seats)} given")
    for p, s in enumerate(seats):
        if s == "human":
            continue
        if not isinstance(s, str | dict):
            raise UsageError(f"--seats: seat {p} is human or an agent, not {str(s)[:30]!r}")
        try:
            make_agent(game, s)
        except (LabError, ValueError, TypeError) as exc:
            raise UsageError(f"--seats: seat {p}: {str(exc).splitlines()[0]}") from None
    if app and seats.count("human") != 1:
        raise UsageError("app: exactly one human seat (use rules-lab serve for several people)")
    return seats


def main(argv: Sequence[str] | None = None) -> int:
    prog = os.environ.get("PLAYTABLE_PROG", "python -m playtable")
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser(prog)
        args = parser.parse_args(args_list)
        return run(args)
    except UsageError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    except (LabError, ValueError, OSError) as exc:
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"{prog}: error: {text[:500]}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def run(args: argparse.Namespace) -> int:
    from lab.cli import parse_sets
    from playtable.hub import TableSpec, ensure_registered
    from playtable.server import PlaytestServer, ServerConfig, print_links

    app = args.command == "app"
    specs = []
    if args.game:
        ensure_registered(args.game)
        cls = lab.game_class(args.game)
        try:
            params = parse_sets(cls, args.set)
        except Exception as exc:  # lab.cli.UsageError: its message is the one line
            raise UsageError(str(exc)) from None
        game = lab.load(args.game, **params)
        seats = parse_seats(args.seats, game, app=app)
        specs.append(TableSpec(game=game, seats=seats, seed=args.seed, label=getattr(args, "label", ""),
                               pace=args.pace, race_window=args.race_window))
    elif args.set or args.seats:
        raise UsageError("--set and --seats describe a table: name its GAME")
    if app:
        folder = Path(args.dir)
        db = Path(args.db) if args.db else folder / "playtests" / "tables.db"
    else:
        db = Path(args.db)
    config = ServerConfig(host=args.host, port=args.port, db=db, log=Path(args.log) if args.log else None,
                          allow_hosts=args.allow_host, allow_origins=args.allow_origin, public_url=args.public_url,
                          durable=args.durable, rate=args.rate, abandon_after=args.abandon_after * 60.0)
    server = PlaytestServer(config, specs, pace=args.pace, race_window=args.race_window)
    server.prepare()
    tables = server.created or server.resumed
    if not tables:
        server.sock.close()  # type: ignore[union-attr]
        raise UsageError(f"no table to serve: name a GAME (the database {db} has no open table)")
    assert server.hub is not None
    if args.json:
        out = {"url": server.url, "db": str(db), "log": str(config.log_path()), "tables": []}
        for t in server.hub.tables.values():
            links = server.links(t)
            out["tables"].append({"id": t.id, "label": t.label, "game": t.game.name, "variant": repr(t.game),
                                  "seats": {str(p): u for p, u in links.seats.items() if links.kinds[p] == "human"},
                                  "spectator": links.spectator, "designer": links.designer, "lobby": links.lobby,
                                  "kinds": links.kinds})
        print(json.dumps(out), flush=True)
    elif app:
        links = server.links(tables[0])
        seat = next(p for p, k in enumerate(links.kinds) if k == "human")
        print(f"playtest {tables[0].label}: open {links.seats[seat]}", flush=True)
        print(f"(designer: {links.designer}); playtests go to {config.log_path()}", flush=True)
    else:
        if server.resumed:
            print(f"resumed {len(server.resumed)} table(s) from {db}", flush=True)
        print_links(server, list(server.hub.tables.values()))
        print(f"playtests go to {config.log_path()}; Ctrl-C stops the server (the tables stay in {db})", flush=True)
    if args.host in ("0.0.0.0", "::", ""):
        print(exposure(server), file=sys.stderr, flush=True)
    if args.dry_run:
        server.sock.close()  # type: ignore[union-attr]
        return 0
    if args.open:
        links = server.links(tables[0])
        first = next((u for p, u in links.seats.items() if links.kinds[p] == "human"), links.spectator)
        webbrowser.open(first)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    server.run()
    return 0


def exposure(server: Any) -> str:
    from playtable.server import machine_names

    port = server.sock.getsockname()[1]
    where = ", ".join(f"http://{n}:{port}" for n in machine_names())
    return ("warning: listening on every network interface. Anyone on your network can load the pages "
            f"({where}); only a link's secret opens a seat, the spectator view or the designer's lobby, "
            "and moves are checked as at home. The traffic is not encrypted (http): use a network you "
            "trust, or an HTTPS proxy (--public-url).")
