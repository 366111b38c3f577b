"""The rules-lab command: list, simulate, lint; bad input exits 2 with one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import lab
from lab.cli import main
from tests.tools import patience


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return patience.run([sys.executable, "-m", "lab.cli", *args], cpu=150)


def test_list_shows_every_game_and_its_parameters() -> None:
    out = run("list")
    assert out.returncode == 0
    for name in lab.game_names():
        assert name in out.stdout
        for spec in lab.game_class(name).parameter_specs():
            assert spec.name in out.stdout
    data = json.loads(run("list", "--json").stdout)
    assert [g["name"] for g in data] == lab.game_names()


def test_simulate_prints_a_summary(game_name: str) -> None:
    out = run("simulate", game_name, "-n", "6", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "games: 6" in out.stdout and "win rate" in out.stdout


def test_simulate_json_summary_is_reproducible(game_name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", game_name, "-n", "4", "--seed", "9", "--json"]) == 0
    first = capsys.readouterr().out
    assert main(["simulate", game_name, "-n", "4", "--seed", "9", "--json"]) == 0
    assert capsys.readouterr().out == first
    assert json.loads(first)["games"] == 4


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "chess"],
        ["simulate", "{game}", "--set", "players=99"],
        ["simulate", "{game}", "--set", "nonsense=1"],
        ["simulate", "{game}", "--set", "players"],
        ["simulate", "{game}", "-n", "many"],
        ["simulate", "{game}", "-n", "-3"],
        ["simulate", "{game}", "--agents", "grandmaster"],
        ["simulate", "{game}", "--agents", "[oops"],
        ["lint", "{game}", "--set", "players=abc"],
        ["frobnicate"],
        [],
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_traceback(args: list[str]) -> None:
    name = lab.game_names()[0] if lab.game_names() else "memcel"
    out = run(*[a.replace("{game}", name) for a in args])
    assert out.returncode == 2, (args, out.stdout, out.stderr)
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rules-lab: error:"), out.stderr
    assert "Traceback" not in out.stderr


def test_lint_json_prints_finding_records(game_name: str) -> None:
    out = run("lint", game_name, "--json")
    assert out.returncode == 0, out.stderr
    for f in json.loads(out.stdout):
        assert set(f) >= {"id", "clauses", "message", "suggested_fix"}


# ---------------------------------------------------------------------------- experiments
def _flip(game_name: str) -> str:
    for spec in lab.game_class(game_name).parameter_specs():
        if spec.name != "players" and spec.coverage_values():
            value = spec.coverage_values()[0]
            return f"{spec.name}={json.dumps(value) if spec.kind == 'json' else str(value).lower() if isinstance(value, bool) else value}"
    pytest.skip(f"{game_name} has no variant parameter besides players")


def test_compare_prints_verdicts(game_name: str, capsys: pytest.CaptureFixture[str]) -> None:
    flip = _flip(game_name)
    assert main(["compare", game_name, "--b", flip, "-n", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "A: " in out and "B: " in out and "paired games" in out
    assert main(["compare", game_name, "--b", flip, "-n", "4", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {m["metric"] for m in data["metrics"]} >= {"length_actions", "win_0"}


def test_sweep_prints_estimates_per_variant(game_name: str, capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    spec = next(s for s in lab.game_class(game_name).parameter_specs() if s.name == "players")
    counts = sorted({spec.default, *spec.coverage_values()})[:2]
    out_csv = tmp_path / "sweep.csv"
    args = ["sweep", game_name, "--grid", "players=" + ",".join(map(str, counts)), "-n", "3", "--out", str(out_csv)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "length_actions" in out and f"sweep of {game_name}" in out
    import pandas as pd

    tidy = pd.read_csv(out_csv)
    assert sorted(set(tidy["players"])) == counts


def test_simulate_workers_out_csv_and_plot(tmp_path) -> None:
    name = lab.game_names()[0]
    out_csv, png = tmp_path / "r.csv", tmp_path / "len.png"
    assert main(["simulate", name, "-n", "6", "--workers", "2", "--out", str(out_csv), "--plot", str(png)]) == 0
    import pandas as pd

    df = pd.read_csv(out_csv)
    assert len(df) == 6 and list(df["game_index"]) == list(range(6))
    assert png.stat().st_size > 1000


def test_simulate_out_parquet_round_trips(tmp_path) -> None:
    pytest.importorskip("pyarrow")
    import pandas as pd

    name = lab.game_names()[0]
    path = tmp_path / "r.parquet"
    assert main(["simulate", name, "-n", "4", "--out", str(path)]) == 0
    assert len(pd.read_parquet(path)) == 4


@pytest.mark.parametrize(
    "args",
    [
        ["compare", "{game}"],
        ["compare", "{game}", "--a", "players=2", "--b", "players=2"],
        ["compare", "{game}", "--b", "nonsense=1"],
        ["compare", "{game}", "--b", "players=99"],
        ["compare", "{game}", "--b", "players"],
        ["compare", "chess", "--b", "players=2"],
        ["compare", "{game}", "--b", "players=2", "-n", "-1"],
        ["simulate", "{game}", "--workers", "0"],
        ["simulate", "{game}", "--out", "results.xlsx"],
        ["simulate", "{game}", "--seed", "-1"],
        ["sweep", "{game}"],
        ["sweep", "{game}", "--grid", "players"],
        ["sweep", "{game}", "--grid", "speed=1,2"],
        ["sweep", "{game}", "--grid", "players=2,99"],
        ["sweep", "{game}", "--grid", "players=two"],
        ["sweep", "{game}", "--grid", "players=2", "--metric", "speed", "-n", "1"],
        ["skill", "{game}", "--strong", "grandmaster", "-n", "1"],
    ],
)
def test_experiment_bad_input_exits_2_with_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    name = lab.game_names()[0] if lab.game_names() else "memcel"
    assert main([a.replace("{game}", name) for a in args]) == 2, args
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rules-lab: error:"), err


def test_experiment_bad_input_in_a_real_process_prints_no_traceback() -> None:
    name = lab.game_names()[0] if lab.game_names() else "memcel"
    for args in (["compare", name, "--b", "nonsense=1"], ["sweep", name, "--grid", "players=2,99"]):
        out = run(*args)
        assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1
