"""The playtest table: several people, each at their own screen, one game (issue 34).

A server (Starlette on uvicorn, websockets, SQLite in WAL mode) holds tables; each table plays
one variant of any game the lab knows -- the seed games, house-ruled variants, kit games -- with
people and agents in the seats the designer chose. Every person opens their own link and sees
only what their seat may see (the widgets' ``Session.view``, drawn by the games' renderers and
the widgets' ``board.js``: a game looks the same in a notebook and at the table); a spectator
sees the public information, the designer everything. Every move is checked as the widgets
check it, committed to the database before it is acknowledged, and every game that ends is a
playtest record ``lab.playtests(log)`` reads.

From a shell::

    rules-lab serve memcel --set players=3 --seats human,human,memory

From a notebook (any Game object, house rules and kit games included)::

    import playtable
    server = playtable.serve(lab.load("memm", players=3), seats=["human", "human", "greedy"])
    server            # the links, the tables' state
    server.records()  # the games played so far, as lab.playtests reads them

``lab`` never imports this package; it imports ``lab`` and ``widgets``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import lab
from lab.core.game import Game
from playtable.hub import Links, TableSpec
from playtable.server import PlaytestServer, ServerConfig
from playtable.table import Table


class Serving:
    """A server started from Python (a notebook): its tables, links and records."""

    def __init__(self, server: PlaytestServer) -> None:
        self.server = server

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def tables(self) -> list[Table]:
        assert self.server.hub is not None
        return list(self.server.hub.tables.values())

    def links(self, table: Table | str | None = None) -> Links:
        """The links of ``table`` (default: the first)."""
        assert self.server.hub is not None
        if table is None:
            table = self.tables[0]
        if isinstance(table, str):
            table = self.server.hub.tables[table]
        return self.server.links(table)

    def add_table(self, game: Game | str, seats: Sequence[Any] | None = None, *, seed: int = 0,
                  label: str = "", pace: float = 0.5, race_window: float = 5.0) -> Table:
        """Another table on the same server (one per variant is the common case)."""
        spec = _spec(game, seats, seed, label, pace, race_window)
        hub = self.server.hub
        assert hub is not None

        async def create() -> Table:
            table = hub.add_table(spec)
            table.kick()
            return table

        return self.server.call(create)

    def status(self) -> Any:
        """One row per table: game, status, move, seats (who is connected)."""
        import pandas as pd

        rows = []
        for t in self.tables:
            s = t.summary()
            rows.append({"table": s["id"], "label": s["label"], "variant": s["variant"], "status": s["status"],
                         "game": s["game_no"], "move": s["move"],
                         "seats": ", ".join(f"{x['seat']}:{x['kind']}{'*' if x['connected'] else ''}"
                                            f"{(' ' + x['name']) if x['name'] else ''}" for x in s["seats"])})
        return pd.DataFrame(rows)

    def records(self, finished_only: bool = True) -> Any:
        """The games played at this server's tables, as ``lab.playtests`` reads them."""
        path = self.server.config.log_path()
        if not Path(path).exists():
            import pandas as pd

            return pd.DataFrame()
        return lab.playtests(path, finished_only=finished_only)

    def stop(self) -> None:
        """Stop serving (the tables stay in the database; serve again to resume them)."""
        self.server.stop()

    def __repr__(self) -> str:
        lines = [f"playtest server at {self.url}"]
        for t in self.tables:
            links = self.links(t)
            lines.append(f"table {t.id}: {t.label} [{t.status_word()}, move {t.session.state.move_number()}]")
            lines += [f"  seat {p}: {u}" for p, u in links.seats.items() if links.kinds[p] == "human"]
            lines.append(f"  spectator: {links.spectator}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        parts = [f"<b>playtest server</b> at {html.escape(self.url)}<ul>"]
        for t in self.tables:
            links = self.links(t)
            items = [f'<a href="{html.escape(u)}" target="_blank">seat {p}</a>'
                     for p, u in links.seats.items() if links.kinds[p] == "human"]
            items.append(f'<a href="{html.escape(links.spectator)}" target="_blank">spectator</a>')
            items.append(f'<a href="{html.escape(links.designer)}" target="_blank">designer</a>')
            parts.append(f"<li>{html.escape(t.label)} ({html.escape(t.status_word())}, move "
                         f"{t.session.state.move_number()}): {' · '.join(items)}</li>")
        parts.append("</ul>")
        return "".join(parts)


def _spec(game: Game | str, seats: Sequence[Any] | None, seed: int, label: str, pace: float,
          race_window: float) -> TableSpec:
    g = lab.load(game) if isinstance(game, str) else game
    if not isinstance(g, Game):
        msg = f"serve takes a Game or a game name, not {type(game).__name__}"
        raise TypeError(msg)
    return TableSpec(game=g, seats=list(seats) if seats is not None else ["human"] * g.num_players(),
                     seed=seed, label=label, pace=pace, race_window=race_window)


def serve(game: Game | str, seats: Sequence[Any] | None = None, *, seed: int = 0, label: str = "",
          host: str = "127.0.0.1", port: int = 0, db: str | Path = "playtests/tables.db",
          log: str | Path | None = None, pace: float = 0.5, race_window: float = 5.0) -> Serving:
    """Start a playtest server in the background with one table of ``game``.

    Parameters
    ----------
    game : Game or str
        Any variant (house rules and kit games included) or a registered name.
    seats : sequence, optional
        Per seat ``"human"`` or an agent (name or spec); default: every seat human.
    seed : int
        Seed of the first game.
    host, port : str, int
        Where to listen (default this machine only, any free port).
    db, log : path
        The tables' database and the playtest log (default ``log.jsonl`` beside ``db``).
    pace, race_window : float
        Seconds between agent moves; seconds a person has to slap in a race.

    Returns
    -------
    Serving
        Its links (``serving.links()``), tables, ``status()``, ``records()`` and ``stop()``.
        Serving the same game and seats again from the same database finds the table again.
    """
    spec = _spec(game, seats, seed, label, pace, race_window)
    config = ServerConfig(host=host, port=port, db=Path(db), log=Path(log) if log is not None else None)
    server = PlaytestServer(config, [spec], games=[spec.game])
    return Serving(server.start())


__all__ = ["PlaytestServer", "ServerConfig", "Serving", "TableSpec", "serve"]
