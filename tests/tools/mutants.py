"""Mutation testing of one game's rule modules: ``make mutants GAME=memcel``.

Why mutmut (3.x): it mutates at the level of the syntax tree (libcst), runs each mutant only
against the tests that reach the mutated function (it records which tests call which
functions first), forks a warm interpreter per mutant, and keeps its results between runs, so a
game's few hundred mutants take minutes rather than the hours that running the whole test
command per mutant (cosmic-ray's model) would take on two cores.

What this script adds around mutmut:

- **One game at a time, in a scratch copy.** mutmut reads its settings from ``pyproject.toml``
  and writes its mutated tree to ``./mutants``. The script copies the repository (``lab``,
  ``tests``, ``benchmarks``, ``pyproject.toml``) to a scratch directory under the system's
  temporary directory (one per checkout and game, reused between runs so mutmut's caches
  work), writes there a ``[tool.mutmut]`` section from the game's config, and runs mutmut
  there. The checkout itself is never modified, and two games can run side by side.
- **The game's config**, ``mutants/<game>/config.toml``: ``modules`` (the rule modules to
  mutate, paths relative to the repository), ``tests`` (the test files to run) and a table
  ``[equivalent]`` mapping a survivor's *fingerprint* to the reason it is equivalent (it
  cannot change any behaviour a test could observe). A fingerprint is the mutated function's
  name and a hash of the diff, so it survives renumbering when other code changes.
- **The report**, ``mutants/<game>/report.md`` and ``report.json``: the date, the commit, the
  tool's version, counts per status, the score (killed / (mutants − explained equivalents)),
  and every survivor's fingerprint, status and diff.

Usage::

    python -m tests.tools.mutants memcel                 # full run, writes the report
    python -m tests.tools.mutants memcel --only 'lab.games.memcel.rules.x_*'   # re-run a subset
    python -m tests.tools.mutants memcel --report-only   # rewrite the report from the last run
    python -m tests.tools.mutants memcel --fresh         # discard the scratch copy first
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
COPIED = ("lab", "tests", "benchmarks", "pyproject.toml", "README.md")
#: mutmut statuses that count as a detected mutant (a hang or a crash is detected too).
DETECTED = {"killed", "timeout", "segfault", "caught by type check"}
#: statuses that mean the mutant was never judged (the run was cut short): the report says so.
UNJUDGED = {"not checked", "check was interrupted by user", "skipped"}


class MutantsError(Exception):
    """A bad game name, config or a failed mutmut run (one line on stderr, exit 2)."""


# ---------------------------------------------------------------------------- configuration
def load_config(game: str) -> dict[str, Any]:
    """The game's ``mutants/<game>/config.toml``, checked."""
    path = ROOT / "mutants" / game / "config.toml"
    if not path.exists():
        games = sorted(p.parent.name for p in (ROOT / "mutants").glob("*/config.toml"))
        msg = f"no mutation config for game {game!r} ({path.relative_to(ROOT)}); configured games: {', '.join(games) or 'none'}"
        raise MutantsError(msg)
    cfg = tomllib.loads(path.read_text(encoding="utf-8"))
    for key in ("modules", "tests"):
        if not isinstance(cfg.get(key), list) or not cfg[key] or not all(isinstance(x, str) for x in cfg[key]):
            msg = f"{path.relative_to(ROOT)}: {key!r} must be a non-empty list of paths"
            raise MutantsError(msg)
        missing = [x for x in cfg[key] if not (ROOT / x).exists()]
        if missing:
            msg = f"{path.relative_to(ROOT)}: {key!r} lists paths that do not exist: {', '.join(missing)}"
            raise MutantsError(msg)
    equivalent = cfg.get("equivalent", {})
    if not isinstance(equivalent, dict) or not all(isinstance(v, str) and v.strip() for v in equivalent.values()):
        msg = f"{path.relative_to(ROOT)}: [equivalent] must map fingerprints to a reason (a non-empty string)"
        raise MutantsError(msg)
    cfg["equivalent"] = equivalent
    return cfg


def mutmut_section(cfg: dict[str, Any]) -> str:
    """The ``[tool.mutmut]`` TOML section for the scratch copy's ``pyproject.toml``."""
    def arr(items: list[str]) -> str:
        return "[" + ", ".join(json.dumps(x) for x in items) + "]"

    pytest_args = ["-p", "no:cacheprovider", "-p", "no:xdist", "-q"]
    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["lab"]\n'
        f"only_mutate = {arr(list(cfg['modules']))}\n"
        f"pytest_add_cli_args = {arr(pytest_args)}\n"
        f"pytest_add_cli_args_test_selection = {arr(list(cfg['tests']))}\n"
        'also_copy = ["tests", "benchmarks", "pyproject.toml", "README.md"]\n'
        "timeout_multiplier = 10.0\n"
        "timeout_constant = 5.0\n"
    )


# ---------------------------------------------------------------------------- the scratch copy
def scratch_dir(game: str) -> Path:
    key = hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]
    return Path(tempfile.gettempdir()) / "rules-lab-mutants" / f"{game}-{key}"


def _python_digests(work: Path) -> dict[Path, bytes]:
    """The SHA-1 of every Python file of ``lab`` and ``tests`` in ``work`` (path relative to it)."""
    found: dict[Path, bytes] = {}
    for top in ("lab", "tests"):
        for path in (work / top).rglob("*.py"):
            found[path.relative_to(work)] = hashlib.sha1(path.read_bytes()).digest()
    return found


def sync_copy(work: Path) -> None:
    """Copy the checkout's sources into ``work`` (mutmut's own ``mutants/`` there is kept).

    Copies keep the checkout's modification times, and mutmut rebuilds a file's mutants only
    when the source is newer than them: a file whose content changed since the last run is
    therefore stamped with the present time, so its mutants are rebuilt even when the checkout
    is older than the scratch copy. When any Python file changed, mutmut's record of which
    tests reach which function (``mutants/mutmut-stats.json``) is dropped too: otherwise a
    function that is mutated for the first time is linked to no test ("no tests").
    """
    work.mkdir(parents=True, exist_ok=True)
    before = _python_digests(work)
    # (not the compiled build, lab.native: mutants are Python source, run as such)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", "golden", "*.so", "_native.json")
    for name in COPIED:
        src, dst = ROOT / name, work / name
        if dst.is_dir():
            shutil.rmtree(dst)
        elif dst.exists():
            dst.unlink()
        if src.is_dir():
            shutil.copytree(src, dst, ignore=ignore)
        elif src.exists():
            shutil.copy2(src, dst)
    golden = ROOT / "tests" / "golden"
    if golden.is_dir():  # golden records are read by some game tests: copy them unfiltered
        shutil.copytree(golden, work / "tests" / "golden", dirs_exist_ok=True)
    after = _python_digests(work)
    changed = [rel for rel, digest in after.items() if before.get(rel) != digest]
    for rel in changed:
        os.utime(work / rel)  # now: newer than the mutants mutmut built from the old text
    if before and (changed or set(before) - set(after)):
        (work / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)


def write_pyproject(work: Path, cfg: dict[str, Any]) -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if "[tool.mutmut]" in text:  # never let a checked-in section leak into a game's run
        head, _, rest = text.partition("[tool.mutmut]")
        nxt = rest.find("\n[")
        text = head + (rest[nxt + 1:] if nxt >= 0 else "")
    (work / "pyproject.toml").write_text(text + mutmut_section(cfg), encoding="utf-8")


def run_mutmut(work: Path, only: list[str], max_children: int) -> int:
    """Run ``mutmut run`` in ``work``; its progress line is shown once every few seconds."""
    exe = Path(sys.executable).with_name("mutmut")
    if not exe.exists():
        msg = "mutmut is not installed in this environment: run `make mutants`, which installs the 'mutants' extra"
        raise MutantsError(msg)
    cmd = [str(exe), "run", "--max-children", str(max_children), *only]
    # the sources, never a compiled build (lab.native), so that every mutant runs as written
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", MPLBACKEND="Agg", RULES_LAB_PURE="1")
    proc = subprocess.Popen(cmd, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    assert proc.stdout is not None
    buf, last = b"", ""
    while chunk := proc.stdout.read(4096):
        buf += chunk
        *lines, buf = buf.replace(b"\r", b"\n").split(b"\n")
        for raw in lines:
            line = raw.decode(errors="replace").strip()
            if line and line != last and not line.startswith(("⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏")):
                if "/" not in line[:12] or line[:1].isdigit():  # progress counters: keep every 50th
                    print(line, flush=True)
                last = line
    return proc.wait()


# ---------------------------------------------------------------------------- results
def fingerprint(name: str, diff: str) -> str:
    """``<function>@<hash of the changed lines>``: stable when mutants are renumbered."""
    function = name.rsplit("__mutmut_", 1)[0]
    changed = "\n".join(
        line[1:].strip() for line in diff.splitlines()
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    )
    return f"{function}@{hashlib.sha1(changed.encode()).hexdigest()[:10]}"


def collect(work: Path) -> list[dict[str, Any]]:
    """Every mutant of the last run in ``work``: name, module, status and (unless killed) diff."""
    here = Path.cwd()
    os.chdir(work)
    try:
        from mutmut.configuration import reset_config
        from mutmut.mutation.data import SourceFileMutationData
        from mutmut.mutation.diff_apply import get_diff_for_mutant
        from mutmut.stats import status_by_exit_code
        from mutmut.utils.file_utils import walk_mutatable_files

        reset_config()
        out: list[dict[str, Any]] = []
        for path in sorted(walk_mutatable_files()):
            data = SourceFileMutationData(path=path)
            data.load()
            for name, code in sorted(data.exit_code_by_key.items(), key=lambda kv: _order(kv[0])):
                status = status_by_exit_code[code]
                item: dict[str, Any] = {"name": name, "module": str(path), "status": status}
                if status not in DETECTED and status not in UNJUDGED:
                    diff = get_diff_for_mutant(name, path=path)
                    item["diff"] = diff
                    item["fingerprint"] = fingerprint(name, diff)
                out.append(item)
        return out
    finally:
        os.chdir(here)


def _order(name: str) -> tuple[str, int]:
    head, _, n = name.rpartition("__mutmut_")
    return head, int(n) if n.isdigit() else 0


def git_commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--", *COPIED], cwd=ROOT, capture_output=True, text=True).stdout
        return out.stdout.strip() + (" (with uncommitted changes)" if dirty.strip() else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def tool_version() -> str:
    """``mutmut <version>`` of this environment (the report names what measured it)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"mutmut {version('mutmut')}"
    except PackageNotFoundError:
        return "mutmut (not installed here)"


def summarise(game: str, cfg: dict[str, Any], mutants: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts, score and survivors, with the config's explanations attached."""

    counts: dict[str, int] = {}
    for m in mutants:
        counts[m["status"]] = counts.get(m["status"], 0) + 1
    survivors = [m for m in mutants if m["status"] not in DETECTED and m["status"] not in UNJUDGED]
    unjudged = sum(counts.get(s, 0) for s in UNJUDGED)
    explained = 0
    for m in survivors:
        reason = cfg["equivalent"].get(m["fingerprint"])
        if reason:
            m["equivalent"] = reason
            explained += 1
    killed = sum(1 for m in mutants if m["status"] in DETECTED)
    judged = len(mutants) - explained - unjudged
    seen = {m["fingerprint"] for m in survivors}
    stale = sorted(k for k in cfg["equivalent"] if k not in seen)
    per_module: dict[str, dict[str, int]] = {}
    for m in mutants:
        row = per_module.setdefault(m["module"], {"mutants": 0, "killed": 0, "equivalent": 0, "unjudged": 0})
        row["mutants"] += 1
        row["unjudged"] += m["status"] in UNJUDGED
        row["killed"] += m["status"] in DETECTED
        row["equivalent"] += "equivalent" in m
    return {
        "game": game,
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": git_commit(),
        "tool": tool_version(),
        "modules": cfg["modules"],
        "tests": cfg["tests"],
        "mutants": len(mutants),
        "counts": counts,
        "killed": killed,
        "equivalent": explained,
        "score": killed / judged if judged else 1.0,
        "unjudged": unjudged,
        "per_module": per_module,
        "stale_explanations": stale,
        "survivors": survivors,
    }


def markdown(report: dict[str, Any]) -> str:
    lines = [
        f"# Mutation testing: {report['game']}",
        "",
        f"Measured {report['date']} on commit {report['commit']} with {report['tool']}"
        f" (`make mutants GAME={report['game']}`).",
        "",
        f"**Score: {report['score']:.1%}** — {report['killed']} of "
        f"{report['mutants'] - report['equivalent'] - report['unjudged']} non-equivalent mutants killed "
        f"({report['mutants']} mutants, {report['equivalent']} explained as equivalent).",
        "",
        "| module | mutants | killed | equivalent | not judged | score (judged) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for module, row in report["per_module"].items():
        unjudged = row.get("unjudged", 0)
        judged = row["mutants"] - row["equivalent"] - unjudged
        score = row["killed"] / judged if judged else 1.0
        lines.append(
            f"| `{module}` | {row['mutants']} | {row['killed']} | {row['equivalent']} | {unjudged} | {score:.1%} |"
        )
    lines += ["", "Statuses: " + ", ".join(f"{k} {v}" for k, v in sorted(report["counts"].items())), ""]
    if report["unjudged"]:
        lines += [f"**Incomplete run: {report['unjudged']} mutants were not judged** (the run was cut short); "
                  "the score counts only the judged ones.", ""]
    if report["stale_explanations"]:
        lines += ["Explanations in the config that match no survivor any more (remove them): "
                  + ", ".join(f"`{k}`" for k in report["stale_explanations"]), ""]
    open_ = [m for m in report["survivors"] if "equivalent" not in m]
    eq = [m for m in report["survivors"] if "equivalent" in m]
    lines += [f"## Survivors not explained ({len(open_)})", ""]
    for m in open_:
        lines += [f"### `{m['fingerprint']}` — {m['status']}", "", "```diff", m["diff"].rstrip(), "```", ""]
    lines += [f"## Equivalent mutants, explained ({len(eq)})", ""]
    for m in eq:
        lines += [f"### `{m['fingerprint']}`", "", m["equivalent"], "", "```diff", m["diff"].rstrip(), "```", ""]
    return "\n".join(lines) + "\n"


def write_report(game: str, report: dict[str, Any]) -> Path:
    out = ROOT / "mutants" / game
    (out / "report.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    (out / "report.md").write_text(markdown(report), encoding="utf-8")
    return out / "report.md"


# ---------------------------------------------------------------------------- command line
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.tools.mutants", description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--only", action="append", default=[], metavar="GLOB",
                        help="re-run only mutants whose names match (e.g. 'lab.games.memm.rules.x_*'); repeatable")
    parser.add_argument("--report-only", action="store_true", help="rewrite the report from the last run")
    parser.add_argument("--fresh", action="store_true", help="discard the scratch copy and mutmut's caches first")
    parser.add_argument("--max-children", type=int, default=max(1, min(2, os.cpu_count() or 1)))
    args = parser.parse_args(argv)
    try:
        cfg = load_config(args.game)
        work = scratch_dir(args.game)
        if not args.report_only:
            if args.fresh and work.exists():
                shutil.rmtree(work)
            sync_copy(work)
            write_pyproject(work, cfg)
            print(f"mutmut in {work} ({len(cfg['modules'])} modules, {len(cfg['tests'])} test files)", flush=True)
            code = run_mutmut(work, args.only, args.max_children)
            if code not in (0, 1):
                msg = f"mutmut stopped with exit code {code} (see the output above)"
                raise MutantsError(msg)
        if not (work / "mutants").is_dir():
            msg = f"no mutmut results for {args.game} in {work}: run without --report-only first"
            raise MutantsError(msg)
        report = summarise(args.game, cfg, collect(work))
        path = write_report(args.game, report)
    except MutantsError as exc:
        print(f"mutants: {exc}", file=sys.stderr)
        return 2
    print(f"{args.game}: score {report['score']:.1%} ({report['killed']} killed of "
          f"{report['mutants'] - report['equivalent'] - report['unjudged']} non-equivalent; "
          f"{len(report['survivors']) - report['equivalent']} survivors to kill or explain"
          + (f"; {report['unjudged']} NOT JUDGED: incomplete run" if report["unjudged"] else "")
          + f") -> {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
