"""Batch simulation: many seeded games -> one pandas DataFrame, one row per game.

Each game's seed is derived from the master seed and the game's index with
``numpy.random.SeedSequence(master, spawn_key=(index,))``, and every game gets freshly built
agents, so a game's row depends only on (rules, variant, agents, master seed, index): the table
is identical whatever the number of workers, the chunk size or the executor (a local process
pool or a Dask cluster). The game object itself is shipped to workers with cloudpickle (so
classes defined in ``__main__`` or a notebook, house-rule variants and kit games run under
fork, spawn and forkserver pools and on Dask); agents are rebuilt from their JSON specs.
Chunks of games are generated lazily as workers free up.

Row columns (all scalar)
------------------------
``game_index``, ``seed``, ``variant`` (parameters that differ from the defaults), ``agents``
(one label per seat), ``winners`` (JSON list), ``winner`` (the sole winner or -1), ``draw`` (no
winner in a game the rules ended; in a solo game only a zero return, a loss is no draw),
``unfinished`` (1 when a safety limit, not the rules, ended the game) and ``stopped_by`` (that
limit, say ``max_turns=40``; empty otherwise), ``length_actions`` (history entries, chance included),
``length_decisions`` (player actions only), ``first_player`` (the game's metric ``start_player``
when it reports one, else who made the first decision; -1 when that was simultaneous), the game's metrics (e.g. ``turns``, ``rounds``,
``timeout``), ``minutes`` (the game's time model), ``return_<p>``, ``progress_<p>`` (final
progress measure), ``lead_changes``, ``decided_at`` and ``margin`` (see :class:`LeadTracker`),
``n[<clause>]``: how many times each rule clause fired, and ``decided_by`` (the clause ID of the
rule that decided the result, in games that report it: :meth:`lab.core.state.State.decided_by`).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import inspect
import json
import math
import sys
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import cloudpickle
import numpy as np
import pandas as pd

from lab.agents.catalogue import make_agents
from lab.core.errors import InvalidRecord, cut, escaped, quoted
from lab.core.files import (
    check_regular,
    commit,
    file_digest,
    loads_bounded,
    read_bounded,
    write_atomic,
    write_temp,
)
from lab.core.game import Game
from lab.core.params import freeze
from lab.core.registry import game_class, game_names, load
from lab.core.rulepoints import rule_record_problem
from lab.core.state import CHANCE, State
from lab.sim import cost
from lab.sim.executors import (
    check_executor,
    default_chunk_size,
    executor_width,
    run_tasks,
)
from lab.sim.play import play

#: Columns every row has (game metrics that collide with them are prefixed ``m_``).
BASE_COLUMNS = (
    "game_index", "seed", "variant", "agents", "winners", "winner", "draw", "unfinished", "stopped_by",
    "length_actions", "length_decisions", "first_player", "minutes", "lead_changes", "decided_at",
    "margin",
)
#: Columns some rows have (the games that report the rule deciding their result).
OPTIONAL_COLUMNS = ("decided_by",)


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` in a run with master seed ``master``."""
    ss = np.random.SeedSequence(master, spawn_key=(index,))
    return int(ss.generate_state(1, np.uint32)[0])


class LeadTracker:
    """Follows the per-player progress measure during a game (an ``on_step`` hook of ``play``).

    A player *leads* at a step when their progress is strictly the highest; the lead is read
    after every action that leaves a player to act (or ends the game), not while the game waits
    for a chance outcome. From the sequence of sole leaders it derives:

    - ``lead_changes``: how often the sole lead passed from one player to another (a tie in
      between does not count as a change);
    - ``decided_at``: the fraction of the game (in actions) after which the eventual sole winner
      was never behind, i.e. no other player led alone any more (0 = never behind,
      1 = only decided by the last action; NaN for a draw or a shared win);
    - ``margin``: final progress of the top player minus the runner-up.
    """

    __slots__ = ("enabled", "leader", "changes", "last_led", "steps")

    def __init__(self, n_players: int) -> None:
        self.enabled = n_players >= 2
        self.leader: int | None = None
        self.changes = 0
        self.last_led = [-1] * n_players
        self.steps = 0

    def __call__(self, state: State) -> None:
        self.steps += 1
        if not self.enabled or state.current_player() == CHANCE:
            return  # the lead is read whenever a player is to act, and at the end
        prog = state.progress()
        if prog is None:
            self.enabled = False
            return
        best = max(prog)
        top = [p for p, v in enumerate(prog) if v == best]
        if len(top) != 1:
            return
        p = top[0]
        self.last_led[p] = self.steps
        if self.leader is not None and self.leader != p:
            self.changes += 1
        self.leader = p

    def results(self, state: State, winners: Sequence[int]) -> dict[str, float]:
        """The lead statistics of the finished game (NaN where not defined)."""
        prog = state.progress()
        if not self.enabled or prog is None or len(prog) < 2:
            return {"lead_changes": math.nan, "decided_at": math.nan, "margin": math.nan}
        ordered = sorted((float(v) for v in prog), reverse=True)
        decided = math.nan
        if len(winners) == 1 and self.steps > 0:
            w = winners[0]
            behind = max((s for q, s in enumerate(self.last_led) if q != w), default=-1)
            decided = 0.0 if behind < 0 else min(1.0, behind / self.steps)
        return {"lead_changes": float(self.changes), "decided_at": decided, "margin": ordered[0] - ordered[1]}


def variant_label(game: Game) -> str:
    """The parameters that differ from the defaults, ``key=value`` comma-separated, then the
    house rules as ``rule point=function`` (or ``default``)."""
    defaults = {s.name: freeze(s.default) for s in game.parameter_specs()}
    parts = []
    for key, value in game.params.items():
        if value != defaults.get(key):
            parts.append(f"{key}={_value_text(game.params_to_dict()[key])}")
    parts += game.house_rule_labels()
    return ",".join(parts) or "default"


def _value_text(value: Any) -> str:
    if isinstance(value, bool) or value is None or isinstance(value, list | dict):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def agent_label(spec: Mapping[str, Any]) -> str:
    """``{"name": "greedy", "depth": 2}`` -> ``greedy(depth=2)``."""
    extra = ",".join(f"{k}={_value_text(v)}" for k, v in spec.items() if k != "name")
    return f"{spec['name']}({extra})" if extra else str(spec["name"])


def _scalar(value: Any) -> Any:
    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, float | np.floating):
        return float(value)
    if isinstance(value, str) or value is None:
        return value
    return json.dumps(value, sort_keys=True, default=str)


def game_row(
    game: Game,
    agents: Any,
    seed: int,
    index: int,
    *,
    variant: str | None = None,
    agents_text: str | None = None,
) -> dict[str, Any]:
    """Play one game and summarise it as a flat table row (see the module docstring)."""
    tracker = LeadTracker(game.num_players())
    state = play(game, agents, seed=seed, on_step=tracker)
    if agents_text is None:
        agents_text = "|".join(agent_label(a.spec()) for a in make_agents(game, agents))
    return state_row(game, state, tracker, seed, index, variant=variant, agents_text=agents_text)


def state_row(
    game: Game,
    state: State,
    tracker: LeadTracker,
    seed: int,
    index: int,
    *,
    variant: str | None,
    agents_text: str,
) -> dict[str, Any]:
    """The table row of a played ``state`` (``tracker`` followed it step by step)."""
    n = game.num_players()
    returns = state.returns()
    winners = [int(w) for w in state.winners()]
    decisions = sum(1 for h in state._history if h.player != CHANCE)
    first = next((h.player for h in state._history if h.player != CHANCE), -1)
    row: dict[str, Any] = {
        "game_index": index,
        "seed": seed,
        "variant": variant if variant is not None else variant_label(game),
        "agents": agents_text,
        "winners": json.dumps(winners),
        "winner": winners[0] if len(winners) == 1 else -1,
        # no winner in a game the rules ended; in a solo game a loss (negative return) is no draw
        "draw": state.stopped_by is None and len(winners) == 0 and (n > 1 or float(returns[0]) == 0.0),
        "unfinished": int(state.stopped_by is not None),
        "stopped_by": state.stopped_by or "",
        "length_actions": len(state._history),
        "length_decisions": decisions,
        "first_player": first if first >= 0 else -1,
    }
    decided = state.decided_by()
    if decided:  # the rule that decided the result, where the game says (lab.stats.metrics)
        row["decided_by"] = decided
    metrics = state.metrics()
    start = metrics.get("start_player")
    if isinstance(start, int | float | np.integer | np.floating) and start >= 0:
        row["first_player"] = int(start)  # the game names its starting player (memm: by chance)
    for key, value in metrics.items():
        name = f"m_{key}" if key in BASE_COLUMNS or key in OPTIONAL_COLUMNS or key.startswith(("return_", "progress_", "n[")) else key
        row[name] = _scalar(value)
    minutes = state.estimated_minutes()
    row["minutes"] = math.nan if minutes is None else float(minutes)
    for p in range(n):
        row[f"return_{p}"] = float(returns[p])
    progress = state.progress()
    if progress is not None:
        for p, v in enumerate(progress):
            row[f"progress_{p}"] = float(v)
    row.update(tracker.results(state, winners))
    for clause, count in sorted(state.clause_counts().items()):
        row[f"n[{clause}]"] = int(count)
    return row


def game_ref(game: Game) -> tuple[str, str]:
    """``(module, class name)`` from which a worker rebuilds the game's class."""
    cls = type(game)
    return cls.__module__, cls.__qualname__


def rebuild_game(ref: Sequence[str], params: Mapping[str, Any]) -> Game:
    """The game of class ``ref`` (``(module, qualname)``) under ``params``."""
    module, qualname = ref
    obj: Any = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    if not (isinstance(obj, type) and issubclass(obj, Game)):
        raise ValueError(f"{module}.{qualname} is not a Game class")
    return obj(dict(params))


#: Games a worker has unpickled, by digest of their pickle (a warm worker reuses them).
_GAMES: OrderedDict[bytes, Game] = OrderedDict()
_GAMES_KEPT = 8


def ship_game(game: Game) -> bytes:
    """``game`` as bytes a worker process can rebuild it from (cloudpickle: by value for classes
    defined in ``__main__``, by reference for importable ones)."""
    return cloudpickle.dumps(game)


def shipped_game(blob: bytes | Game) -> Game:
    """The game of :func:`ship_game` bytes (cached per process), or ``blob`` if already a Game."""
    if isinstance(blob, Game):
        return blob
    key = hashlib.blake2b(blob, digest_size=16).digest()
    game = _GAMES.get(key)
    if game is None:
        game = cloudpickle.loads(blob)
        if not isinstance(game, Game):
            raise ValueError(f"a shipped game must be a Game, not {type(game).__name__}")
        _GAMES[key] = game
        while len(_GAMES) > _GAMES_KEPT:
            _GAMES.popitem(last=False)
    else:
        _GAMES.move_to_end(key)
    return game


def run_chunk(
    game: bytes | Game,
    specs: Sequence[Any],
    master: int,
    start: int,
    stop: int,
    variant: str,
    agents_text: str,
) -> list[dict[str, Any]]:
    """Worker task: play games ``start..stop-1`` of a run and return their rows.

    ``game`` is the game itself (in this process) or its :func:`ship_game` bytes (in a worker).
    """
    g = shipped_game(game)
    return [
        game_row(g, specs, game_seed(master, i), i, variant=variant, agents_text=agents_text)
        for i in range(start, stop)
    ]


def chunk_tasks(
    game: Game, specs: Sequence[Any], master: int, games: int | range, size: int, variant: str,
    agents_text: str, *, local: bool,
) -> Iterator[tuple[Any, ...]]:
    """The :func:`run_chunk` tasks of a run's games (``range(games)`` for a count), made one at a
    time (never all up front)."""
    shipped: bytes | Game = game if local else ship_game(game)
    if isinstance(games, int):
        games = range(games)
    size = max(1, int(size))
    for start in range(games.start, games.stop, size):
        yield (shipped, specs, master, start, min(start + size, games.stop), variant, agents_text)


def agent_specs(game: Game, agents: Any) -> list[dict[str, Any]]:
    """Agents as JSON specs (one per seat), the form a run record stores."""
    return [dict(a.spec()) for a in make_agents(game, agents)]


def _as_game(game: Game | str) -> Game:
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return load(game)
    raise ValueError(f"game must be a Game (lab.load(...)) or a registered name, not {type(game).__name__}")


MAX_GAMES = 10_000_000
"""Most games one run may play (a table of that many rows already takes gigabytes)."""
MAX_SEED = 2**128 - 1


def _check_int(name: str, value: Any, minimum: int, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < minimum:
        raise ValueError(f"{name} must be a whole number >= {minimum}, got {value!r:.40}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be at most {maximum:,}, got {value!r:.40}")
    return int(value)


def _want_progress(progress: bool | None, n_games: int) -> bool:
    if progress is not None:
        return bool(progress)
    if n_games < 500:
        return False
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    return shell is not None or sys.stderr.isatty()


def simulate(
    game: Game | str,
    agents: Any = None,
    n_games: int = 100,
    seed: int = 0,
    workers: int | None = None,
    executor: Any = None,
    *,
    chunk_size: int | None = None,
    progress: bool | None = None,
    variant: str | None = None,
    announce_games: int | None = None,
) -> pd.DataFrame:
    """Play ``n_games`` seeded games and return one row per game.

    Parameters
    ----------
    game : Game or str
        The game (with its variant) or a registered name (defaults).
    agents : None, str, dict or list
        As for :func:`lab.play` (``None``: the game's default agents, random unless the game
        names its own). Stored in the record as specs; every game builds its agents afresh from
        the specs.
    n_games : int
        Number of games.
    seed : int
        Master seed; game ``i`` gets ``game_seed(seed, i)``. Two runs with the same master seed
        play their games on the same seeds (common random numbers for comparisons).
    workers : int, optional
        Local worker processes (default 1: this process). Ignored when ``executor`` is given.
    executor : concurrent.futures.Executor or dask.distributed.Client, optional
        Where to run the chunks (``executor=client`` for a Dask cluster).
    chunk_size : int, optional
        Games per task (default: about 4 tasks per worker, at most 500 games per task).
    progress : bool, optional
        Show a ``tqdm.auto`` progress bar (a widget in notebooks, text in a terminal). Default:
        on for runs of 500 games or more in a notebook or an interactive terminal.
    variant : str, optional
        The label in the ``variant`` column (default: the parameters that differ from the
        defaults, e.g. ``strict=false``).
    announce_games : int, optional
        The games of this cost the caller will play in all, for the estimate a long run
        announces (default ``n_games``; ``lab.compare`` counts both variants). The first games
        are played here and timed (:mod:`lab.sim.cost`): a run estimated at two minutes of CPU
        or more is announced on stderr before the rest starts, with a progress bar showing the
        estimate; a table of mostly unfinished games gets an ``UnfinishedWarning``.

    Returns
    -------
    pandas.DataFrame
        Sorted by ``game_index``; ``df.attrs["record"]`` is the run record for :func:`rerun`.

    Raises
    ------
    ValueError
        For a bad ``n_games``, ``seed``, ``workers``, ``chunk_size`` or ``executor``
        (:class:`~lab.InvalidAgent` for bad agents).
    """
    from lab._version import VERSION as __version__

    game = _as_game(game)
    n_games = _check_int("n_games", n_games, 0, MAX_GAMES)
    seed = _check_int("seed", seed, 0, MAX_SEED)
    if chunk_size is not None:
        chunk_size = _check_int("chunk_size", chunk_size, 1)
    specs = agent_specs(game, agents)
    make_agents(game, specs)  # every game rebuilds its agents from these specs: check they can
    params = game.params_to_dict()
    label = variant if variant is not None else variant_label(game)
    agents_text = "|".join(agent_label(s) for s in specs)
    # what the record will say about the rules, known before the run: a house rule that changed
    # since it was installed is refused now (RuleError), not after the games
    house = game.house_rule_record() if game._house else None
    definition = game.definition_record()
    workers = check_executor(executor, workers)  # capped at the machine's cores, with a warning
    width = executor_width(executor, workers)
    size = chunk_size or default_chunk_size(n_games, width)
    ref = game_ref(game)
    # the first games here, timed: the run's cost estimate (lab.sim.cost); their rows are the run's
    first, per_game = cost.pilot(lambda a, b: run_chunk(game, specs, seed, a, b, label, agents_text), n_games)
    estimate = cost.Estimate(announce_games or n_games, per_game, len(first), width) if first else None
    if estimate is not None and estimate.long:
        cost.announce(estimate)
    tasks = chunk_tasks(
        game, specs, seed, range(len(first), n_games), size, label, agents_text,
        local=executor is None and workers == 1,
    )
    # Each chunk becomes columns as it arrives: a row dict costs several times its table row,
    # so keeping them all would make a long run's memory grow with far more than the table.
    parts: dict[int, pd.DataFrame] = {-1: pd.DataFrame(first)} if first else {}
    long_run = progress is None and estimate is not None and estimate.long
    bar = _progress_bar(n_games, cost.bar_label(estimate), len(first)) if long_run or _want_progress(progress, n_games) else None
    try:
        for i, rows in run_tasks(run_chunk, tasks, executor=executor, workers=workers):
            parts[i] = pd.DataFrame(rows)
            if bar is not None:
                bar.update(len(rows))
    finally:
        if bar is not None:
            bar.close()
    df = frame_from_parts([parts.pop(i) for i in sorted(parts)])
    df.attrs["record"] = {
        "game": game.name,
        "game_class": ":".join(ref) if game.name not in game_names() or game_class(game.name) is not type(game) else None,
        "params": params,
        "variant": label,
        "agents": specs,
        "n_games": n_games,
        "seed": seed,
        "version": __version__,
        "rules_version": game.rules_version,
        "numpy": np.__version__,
    }
    if house is not None:  # names and digests, never the code
        df.attrs["record"]["house_rules"] = house
    if definition is not None:  # a kit game: the digest of its definition
        df.attrs["record"]["definition"] = definition
    cost.warn_unfinished(df)
    return df


def frame_from_rows(rows: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """Rows -> DataFrame with a canonical column order; absent clause counts become 0."""
    return frame_from_parts([pd.DataFrame(list(rows))])


def frame_from_parts(frames: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """Chunk frames (in game order) -> the same table as :func:`frame_from_rows` of all rows."""
    frames = [f for f in frames if len(f)]
    df = pd.concat(frames, ignore_index=True) if len(frames) > 1 else (frames[0] if frames else pd.DataFrame())
    if not len(df):
        return pd.DataFrame(columns=["game_index", "seed", "variant", "agents", "winners", "winner", "draw",
                                     "unfinished", "stopped_by", "length_actions"])
    clause_cols = sorted(c for c in df.columns if c.startswith("n["))
    if clause_cols:
        df[clause_cols] = df[clause_cols].fillna(0).astype("int64")
    lead = [c for c in ("lead_changes", "decided_at", "margin") if c in df.columns]
    first = [c for c in df.columns if not c.startswith("n[") and c not in lead]
    return df[first + lead + clause_cols]


def _progress_bar(total: int, desc: str = "simulate", done: int = 0) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game", desc=desc, initial=done)


def record_path(path: str | Path) -> Path:
    """The sidecar file that holds a CSV table's run record: ``runs.csv`` -> ``runs.csv.record.json``."""
    p = Path(path)
    return p.with_name(p.name + ".record.json")


MAX_RECORD_BYTES = 8_000_000
"""Largest run record the lab reads (a sidecar, or a parquet table's stored record): a record
names a run, it never holds the table."""
TABLE_KEY = "_table"
"""The sidecar's entry naming its table: ``{"file": name, "sha256": digest, "rows": n}``."""


def write_table(df: pd.DataFrame, path: str | Path) -> None:
    """Write a table to ``.csv`` or ``.parquet`` keeping its run record (``df.attrs["record"]``).

    Parquet stores the record inside the file; a CSV gets it in the sidecar
    :func:`record_path` (``runs.csv.record.json``), which names the SHA-256 of the table it
    belongs to. Each file is written to a temporary file in the same folder and renamed into
    place (:func:`lab.core.files.write_atomic`): a run killed while writing leaves the old files
    or the new ones, and a reader that finds a table beside another table's record says so
    (:func:`read_table`). Either way :func:`read_table` and :func:`rerun` find the record again.
    """
    p = Path(path)
    if p.suffix == ".csv":
        record = df.attrs.get("record")
        if record is None:
            write_atomic(p, lambda tmp: df.to_csv(tmp, index=False))
            record_path(p).unlink(missing_ok=True)  # a record left by an earlier table is not this one's
            return
        # the table first, under a temporary name; its digest goes into the record, renamed
        # after it: between the two renames the record names another table (read_table says so)
        tmp = write_temp(p, lambda t: df.to_csv(t, index=False))
        try:
            table = {"file": p.name, "sha256": file_digest(tmp), "rows": len(df)}
            text = json.dumps({**record, TABLE_KEY: table}, indent=1, default=str)
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise
        commit(tmp, p)
        write_atomic(record_path(p), text)
    elif p.suffix == ".parquet":
        write_atomic(p, lambda tmp: df.to_parquet(tmp, index=False))
    else:
        raise ValueError(f"a table is written to .csv or .parquet, not {quoted(p.name, 80, text=True)}")


def _bad(path: Path, what: str) -> InvalidRecord:
    return InvalidRecord(f"{quoted(str(path), 160, text=True)}: {what}")


def read_record_file(path: str | Path) -> Any:
    """A run record written as JSON (a sidecar or a ``.json`` record), read within bounds:
    :class:`~lab.core.errors.InvalidRecord` for a file that is not one (too large, not JSON,
    nested too deeply, a key named twice)."""
    p = Path(path)
    data = read_bounded(p, MAX_RECORD_BYTES, "the run record", lambda msg: InvalidRecord(msg))
    return loads_bounded(data, lambda msg: _bad(p, f"not a run record: {msg}"), limit=MAX_RECORD_BYTES)


def read_table(path: str | Path) -> pd.DataFrame:
    """Read a table written by :func:`write_table`, with its run record in ``attrs["record"]``.

    Raises
    ------
    InvalidRecord
        For a table or record that is not what :func:`write_table` writes: unreadable, empty,
        a record too large or malformed, or a CSV beside a record written for another table (a
        write interrupted, a file replaced).
    """
    p = Path(path)
    if p.suffix not in (".parquet", ".csv"):
        raise ValueError(f"a table is read from .csv or .parquet, not {quoted(p.name, 80, text=True)}")
    check_regular(p, "the table", lambda msg: InvalidRecord(msg))
    if p.suffix == ".parquet":
        return _read_parquet(p)
    side = record_path(p)
    record = read_record_file(side) if side.exists() else None
    if record is not None:
        if not isinstance(record, dict):
            raise _bad(side, f"a run record is a JSON object, not {type(record).__name__}")
        table = record.pop(TABLE_KEY, None)
        if table is not None and (not isinstance(table, dict) or table.get("sha256") != file_digest(p)):
            raise _bad(p, (
                f"this table and its record {side.name} do not belong together: the record was written "
                "for another table (a write interrupted, or one of the files replaced); run again, or delete the record"
            ))
    try:
        df = pd.read_csv(p)
    except pd.errors.EmptyDataError:
        raise _bad(p, "the table is empty (a write interrupted?)") from None
    except (pd.errors.ParserError, UnicodeDecodeError, ValueError) as exc:
        raise _bad(p, f"not a table ({cut(escaped(str(exc).splitlines()[0] if str(exc) else type(exc).__name__), 200)})") from None
    if record is not None:
        _check_rows(p, df, record)
        df.attrs["record"] = record
    return df


def _read_parquet(p: Path) -> pd.DataFrame:
    try:
        import pyarrow.parquet as pq

        meta = pq.read_schema(p).metadata or {}
    except ImportError:  # pragma: no cover - fastparquet only: pandas reads it
        meta = {}
    except Exception as exc:  # pyarrow's errors for a file that is not parquet
        raise _bad(p, f"not a parquet table ({cut(escaped(str(exc)), 200)})") from None
    stored = meta.get(b"PANDAS_ATTRS")
    if stored is not None:
        if len(stored) > MAX_RECORD_BYTES:
            raise _bad(p, f"its stored record is {len(stored):,} bytes; at most {MAX_RECORD_BYTES:,} are read")
        loads_bounded(stored, lambda msg: _bad(p, f"its stored record is not a run record: {msg}"), limit=MAX_RECORD_BYTES)
    try:
        return pd.read_parquet(p)
    except RecursionError:
        raise _bad(p, "its stored record is nested too deeply") from None
    except Exception as exc:
        raise _bad(p, f"not a parquet table ({cut(escaped(str(exc)), 200)})") from None


def _check_rows(p: Path, df: pd.DataFrame, record: Mapping[str, Any]) -> None:
    """A table shorter or longer than its record's run (an old sidecar, written without the
    table's digest, beside a table cut short): refused."""
    runs = [record.get(k) for k in ("a", "b")] if isinstance(record.get("a"), Mapping) else [record]
    counts = [r.get("n_games") for r in runs if isinstance(r, Mapping)]
    if "grid" in record or not counts or not all(type(n) is int for n in counts):
        return
    if len(df) != sum(counts):
        raise _bad(p, (
            f"the table has {len(df):,} rows but its record {record_path(p).name} describes a run of "
            f"{sum(counts):,} games: they do not belong together (a write interrupted?)"
        ))


def _record_of(source: Mapping[str, Any] | pd.DataFrame | str | Path) -> Any:
    if isinstance(source, pd.DataFrame):
        record = source.attrs.get("record")
        if record is None:
            raise InvalidRecord("this table has no run record (df.attrs['record'])")
        return record
    if isinstance(source, str | Path):
        p = Path(source)
        if p.suffix == ".json":
            return read_record_file(p)
        record = read_table(p).attrs.get("record")
        if record is None:
            msg = f"{quoted(p.name, 120, text=True)} has no run record (a CSV needs its sidecar {quoted(record_path(p).name, 120, text=True)})"
            raise InvalidRecord(msg)
        return record
    return source


RECORD_FIELDS: dict[str, tuple[type, str]] = {
    "game": (str, "a string"), "params": (Mapping, "an object"), "agents": (list, "a list of agent specs"),
    "n_games": (int, "an integer"), "seed": (int, "an integer"),
}
"""The fields a rerun needs and their JSON types (the other fields are informative)."""


def _check_record(record: Any) -> None:
    """Raise :class:`InvalidRecord` naming the first missing or mistyped field of ``record``."""
    if not isinstance(record, Mapping):
        msg = f"a run record is the dict in df.attrs['record'], not {type(record).__name__}"
        raise InvalidRecord(msg)
    for key, (kind, word) in RECORD_FIELDS.items():
        if key not in record:
            raise InvalidRecord(f"the run record has no {key!r} field (needed: {', '.join(RECORD_FIELDS)})")
        value = record[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            msg = f"the run record's {key!r} must be {word}, not {type(value).__name__}"
            raise InvalidRecord(msg)
    if not (0 <= record["n_games"] <= MAX_GAMES and 0 <= record["seed"] <= MAX_SEED):
        raise InvalidRecord(f"the run record's n_games must be 0..{MAX_GAMES:,} and its seed 0..2**128 - 1")
    if not all(isinstance(k, str) for k in record["params"]):
        raise InvalidRecord("the run record's 'params' must have string keys")
    variant = record.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise InvalidRecord(f"the run record's 'variant' must be a string or null, not {type(variant).__name__}")
    rules = record.get("house_rules")
    if rules is not None and not (isinstance(rules, Mapping) and all(
        isinstance(k, str) and isinstance(v, Mapping) and {"function", "hash"} <= set(v)
        and all(isinstance(x, str) for x in v.values()) for k, v in rules.items()
    )):
        raise InvalidRecord('the run record\'s \'house_rules\' must map rule points to {"function": name, "hash": digest}')
    definition = record.get("definition")
    if definition is not None and not (isinstance(definition, Mapping) and {"name", "hash"} <= set(definition)
                                       <= {"name", "hash", "doubt"} and all(isinstance(x, str) for x in definition.values())):
        raise InvalidRecord('the run record\'s \'definition\' must be {"name": game, "hash": digest} or null')


def _defined_games() -> Iterator[type[Game]]:
    """The concrete game classes defined in this process so far (``Game``'s subclasses, in the
    order they were made): code the session ran itself, such as a class in a notebook cell."""
    todo, seen = list(Game.__subclasses__()), set()
    while todo:
        cls = todo.pop(0)
        if cls in seen:
            continue
        seen.add(cls)
        todo.extend(cls.__subclasses__())
        if isinstance(cls.name, str) and cls.name and not inspect.isabstract(cls):
            yield cls


def known_classes() -> dict[str, type[Game]]:
    """The game classes a run record may name in ``game_class`` (``"module:qualname"``): the
    game classes defined in this process (a class whose cell ran again: its latest version),
    the registered games and the kit's definitions made in this process. A record never makes
    the lab import a module or look up anything else (``os:system`` is refused unresolved)."""
    out: dict[str, type[Game]] = {}
    for cls in _defined_games():  # (the kit's classes too: each is a Game subclass of this process)
        out[f"{cls.__module__}:{cls.__qualname__}"] = cls
    for name in game_names():
        cls = game_class(name)
        out[f"{cls.__module__}:{cls.__qualname__}"] = cls
    return out


def _record_game(record: Mapping[str, Any]) -> Game:
    """The game of a checked run record: its ``game_class`` if it names one (a known class
    only, see :func:`known_classes`), else the game registered under its name."""
    cls_path = record.get("game_class")
    if cls_path is None:
        return load(record["game"], **record["params"])
    if not isinstance(cls_path, str):
        raise InvalidRecord(f"the run record's 'game_class' must be \"module:class\" or null, not {type(cls_path).__name__}")
    cls = known_classes().get(cls_path)
    if cls is None:
        msg = (
            f"the run's game class {quoted(cls_path, 120, text=True)} is not a game defined in this session: "
            "run the cell that defines it, import its module or lab.register it first (a record never imports code)"
        )
        raise InvalidRecord(msg)
    if cls.name != record["game"]:
        raise InvalidRecord(f"the run record names the game {quoted(record['game'], 60)} but its class is {cls.name!r}")
    return cls(dict(record["params"]))


def rerun(
    record: Mapping[str, Any] | pd.DataFrame | str | Path,
    rules: Mapping[str, Any] | None = None,
    **overrides: Any,
) -> pd.DataFrame:
    """Reproduce a run exactly from its record.

    ``record`` is ``df.attrs["record"]``, the table itself, or a file: a ``.parquet`` or ``.csv``
    table written by :func:`write_table` (or ``rules-lab ... --out``) or a record ``.json``. A
    comparison's record (runs ``a`` and ``b``) gives both tables, one after the other, as
    ``--out`` wrote them. ``overrides`` are passed to :func:`simulate` (e.g. ``workers=2`` or
    ``executor=client``: the table is the same). A run with house rules needs the same
    functions as ``rules`` (the record holds only their names and digests, and a rule is
    accepted only when it is provably the same: :func:`lab.core.rulepoints.rule_record_problem`);
    a kit game's record holds the digest of its definition, and a changed definition under the
    same name is refused. A record names a game class only among the game classes defined in
    this session, the registered games and the kit's definitions (:func:`known_classes`): it
    never makes the lab import code.

    Raises
    ------
    InvalidRecord
        For a record that is not a mapping or misses (or mistypes) a field a rerun needs, a
        file that is not a record (too large, not JSON, a table beside another table's record),
        an unknown game class, or house rules or a definition not provably the run's.
    """
    record = _record_of(record)
    if isinstance(record, Mapping) and isinstance(record.get("a"), Mapping) and isinstance(record.get("b"), Mapping):
        runs = [rerun(record[k], rules, **overrides) for k in ("a", "b")]
        both = pd.concat(runs, ignore_index=True)
        both.attrs["record"] = dict(record)
        return both
    if isinstance(record, Mapping) and "grid" in record:
        msg = "this is a sweep's record: re-run it with lab.sweep(record['game'], record['grid'], ...) and its n_games, seed, agents"
        raise InvalidRecord(msg)
    _check_record(record)
    game = _record_game(record)
    if rules:
        game = game.with_rules(rules)
    saved = record.get("house_rules") or {}
    problem = rule_record_problem(saved, game._house, "the run")
    if problem:
        raise InvalidRecord(problem)
    problem = game.definition_problem(record.get("definition"))
    if problem:
        raise InvalidRecord(f"the run record: {problem}")
    kwargs: dict[str, Any] = {
        "agents": record["agents"],
        "n_games": record["n_games"],
        "seed": record["seed"],
        "variant": record.get("variant"),
    }
    kwargs.update(overrides)
    return simulate(game, **kwargs)
