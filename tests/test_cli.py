"""The rules-lab command: list, simulate, lint; bad input exits 2 with one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import lab
from lab.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lab.cli", *args], capture_output=True, text=True, timeout=300)


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
