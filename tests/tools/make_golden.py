"""Golden game records: record them (``make golden``) and check them (``tests/test_golden.py``).

For every registered game, every variant of :func:`lab.checks.conformance.conformance_variants`
(the defaults, every player count and every non-default choice of every parameter) gets one or
two short seeded games, stored in ``tests/golden/<game>.json``: the seed, the parameters, the
agents, the full action history, the number of legal actions (or chance outcomes) at every
step, the final :meth:`~lab.core.state.State.state_hash` and the returns.

A test replays every record and requires the identical steps, counts and final hash. A rule
change that alters them must be made on purpose: bump the game's ``rules_version`` and run
``make golden`` (``python -m tests.tools.make_golden [game ...]``), then commit the new files.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import lab
from lab.checks.conformance import conformance_variants
from lab.core.game import Game
from lab.core.state import CHANCE, SIMULTANEOUS, State
from lab.sim.simulate import agent_specs
from tests.tools.playout_bounds import bounded

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"
FILE_FORMAT = 1
LONG_GAME = 300  # history entries: a longer game is stored alone, its lists zlib-packed
SLOW_AGENT_SECONDS = 3.0  # a game-specific agent record slower than this is left out


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.json"


def legal_count(state: State) -> Any:
    """What the record stores per step: an int (player or chance) or a list (simultaneous)."""
    cur = state.current_player()
    if cur == CHANCE:
        return len(state.chance_outcomes())
    if cur == SIMULTANEOUS:
        return [len(state.legal_actions(p)) for p in state.acting_players()]
    return len(state.legal_actions())


def apply_entry(state: State, entry: list[Any]) -> None:
    """Apply one JSON history entry ``[player, action]`` through the checked public API."""
    player, action = entry
    if player == SIMULTANEOUS:
        state.apply_actions({p: a for p, a in enumerate(action) if a is not None})
    else:
        state.apply_action(action)


def record_game(game: Game, seed: int, agents: Any = None) -> dict[str, Any]:
    """Play one seeded game with :func:`lab.play` and return its golden record."""
    final = lab.play(game, agents, seed=seed)
    history = [h.to_json() for h in final.history()]
    replayed = game.new_initial_state()
    counts = []
    for entry in history:
        counts.append(legal_count(replayed))
        apply_entry(replayed, entry)
    record = {
        "params": game.params_to_dict(),
        "seed": seed,
        "agents": agent_specs(game, agents),
        "length": len(history),
        "final_hash": final.state_hash(),
        "returns": final.returns(),
    }
    if len(history) <= LONG_GAME:
        return {**record, "history": history, "legal_counts": counts}
    return {**record, "history_zlib": _pack(history), "legal_counts_zlib": _pack(counts)}


def _pack(data: Any) -> str:
    """Compact JSON, zlib-compressed, base64 text (long games keep the corpus small)."""
    raw = json.dumps(data, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def _unpack(text: str) -> Any:
    return json.loads(zlib.decompress(base64.b64decode(text)))


def record_lists(record: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    """A record's history and legal counts, whether stored plainly or packed."""
    if "history" in record:
        return record["history"], record["legal_counts"]
    return _unpack(record["history_zlib"]), _unpack(record["legal_counts_zlib"])


def golden_cases(name: str) -> list[tuple[dict[str, Any], Any]]:
    """(variant, agents) pairs recorded for ``name``: every variant with random agents (under the
    playout bounds of :mod:`tests.tools.playout_bounds`), then each of the game's own agents on
    the defaults."""
    cls = lab.game_class(name)
    cases: list[tuple[dict[str, Any], Any]] = [(bounded(name, v), "random") for v in conformance_variants(cls)]
    cases += [({}, agent) for agent in cls.agent_factories()]
    return cases


def build_corpus(name: str, *, verbose: bool = False) -> dict[str, Any]:
    """The golden corpus of game ``name`` (not yet written)."""
    cls = lab.game_class(name)
    records: list[dict[str, Any]] = []
    skipped: list[str] = []
    for index, (variant, agents) in enumerate(golden_cases(name)):
        game = lab.load(name, **variant)
        seed = 1000 + 10 * index
        started = time.perf_counter()
        first = record_game(game, seed, agents)
        took = time.perf_counter() - started
        if agents != "random" and took > SLOW_AGENT_SECONDS:
            skipped.append(f"agent {agents!r} ({took:.1f} s per game)")
            continue
        records.append(first)
        if agents == "random" and first["length"] <= LONG_GAME:
            records.append(record_game(game, seed + 1, agents))
    if verbose:
        steps = sum(r["length"] for r in records)
        print(f"{name}: {len(records)} records, {steps} steps" + (f"; left out {', '.join(skipped)}" if skipped else ""))
    return {
        "format": FILE_FORMAT,
        "game": name,
        "rules_version": cls.rules_version,
        "lab_version": lab.__version__,
        "regenerate": "python -m tests.tools.make_golden " + name,
        "records": records,
    }


def dump_corpus(corpus: dict[str, Any]) -> str:
    """JSON text with one record per line (small diffs when a few records change)."""
    head = {k: v for k, v in corpus.items() if k != "records"}
    lines = [json.dumps(r, separators=(",", ":"), sort_keys=True) for r in corpus["records"]]
    body = ",\n".join("  " + line for line in lines)
    text = json.dumps(head, indent=1, sort_keys=True)[:-2]
    return f'{text},\n "records": [\n{body}\n ]\n}}\n'


def load_corpus(name: str) -> dict[str, Any]:
    return json.loads(golden_path(name).read_text())


def write_corpus(name: str, *, verbose: bool = False) -> Path:
    path = golden_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump_corpus(build_corpus(name, verbose=verbose)))
    return path


def check_header(corpus: dict[str, Any], name: str) -> None:
    """The stored corpus must be of ``name``, in this file format, under the current rules version."""
    cls = lab.game_class(name)
    assert corpus.get("format") == FILE_FORMAT, f"tests/golden/{name}.json: unknown file format; run `make golden`"
    assert corpus.get("game") == name, f"tests/golden/{name}.json holds records of {corpus.get('game')!r}"
    stored = corpus.get("rules_version")
    assert stored == cls.rules_version, (
        f"{cls.__name__}.rules_version is {cls.rules_version} but tests/golden/{name}.json was recorded "
        f"under rules version {stored}: after bumping rules_version for an intended rule change, run "
        f"`make golden` (python -m tests.tools.make_golden {name}) and commit the new records"
    )


def check_record(game: Game, record: dict[str, Any]) -> None:
    """Replay ``record`` and play it again from its seed; raise AssertionError on any difference."""
    where = f"{game!r} seed={record['seed']} agents={record['agents']}"
    state = game.new_initial_state()
    history, counts = record_lists(record)
    assert len(counts) == len(history) == record["length"], f"{where}: corrupt record"
    for step, (entry, count) in enumerate(zip(history, counts, strict=True)):
        now = legal_count(state)
        assert now == count, (
            f"{where} step {step}: {now} legal actions/outcomes, the record has {count}"
        )
        try:
            apply_entry(state, entry)
        except lab.IllegalAction as exc:
            raise AssertionError(f"{where} step {step}: recorded action refused: {exc}") from None
    assert state.is_terminal(), f"{where}: the recorded history no longer ends the game"
    assert state.state_hash() == record["final_hash"], f"{where}: the final state hash differs"
    assert state.returns() == record["returns"], f"{where}: returns {state.returns()} != {record['returns']}"
    again = lab.play(game, record["agents"], seed=record["seed"])
    replayed = [h.to_json() for h in again.history()]
    if replayed != history:
        step = next((i for i, (a, b) in enumerate(zip(replayed, history, strict=False)) if a != b), min(len(replayed), len(history)))
        raise AssertionError(
            f"{where}: playing the seed again gives a different game from step {step} "
            f"({replayed[step] if step < len(replayed) else 'end'} instead of "
            f"{history[step] if step < len(history) else 'end'})"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make golden", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to regenerate (default: every registered game)")
    args = parser.parse_args(argv)
    names = args.games or lab.game_names()
    unknown = [n for n in names if n not in lab.game_names()]
    if unknown:
        print(f"unknown game(s) {', '.join(unknown)}; registered: {', '.join(lab.game_names())}", file=sys.stderr)
        return 2
    for name in names:
        path = write_corpus(name, verbose=True)
        print(f"  wrote {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path} ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
