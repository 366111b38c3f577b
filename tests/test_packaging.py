"""Set-up and architecture: dependency lists agree, lab never imports Jupyter, CI runs make test."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _name(req: str) -> str:
    return re.split(r"[<>=!~\[ ;]", req.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_environment_yml_lists_the_same_packages_as_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"]} | {_name(r) for r in project["optional-dependencies"]["test"]}
    conda = set()
    text = (ROOT / "environment.yml").read_text()
    for line in text.split("dependencies:", 1)[1].splitlines():
        m = re.match(r"\s+- ([A-Za-z0-9_.\-\[\]]+)", line)
        if m and not line.strip().startswith("- -e") and m.group(1) not in ("pip", "pip:"):
            conda.add(_name(m.group(1)))
    conda.discard("python")
    assert conda == wanted, f"only in pyproject: {wanted - conda}; only in environment.yml: {conda - wanted}"


def test_required_dependencies_are_declared() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {_name(r) for r in project["dependencies"]}
    test = {_name(r) for r in project["optional-dependencies"]["test"]}
    assert {"networkx", "shapely", "numpy", "pandas", "jupyterlab", "ipywidgets", "anywidget", "tqdm", "matplotlib"} <= runtime
    assert {"pytest", "nbval", "hypothesis", "playwright"} <= test
    assert project["requires-python"] == ">=3.11"
    assert project["scripts"]["rules-lab"] == "lab.cli:main"


FORBIDDEN_IN_LAB = ("IPython", "ipywidgets", "anywidget", "jupyter", "jupyterlab", "ipykernel", "traitlets", "widgets", "notebook")


def test_lab_never_imports_jupyter_or_widgets() -> None:
    for path in (ROOT / "lab").rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for n in names:
                assert n.split(".")[0] not in FORBIDDEN_IN_LAB, f"{path.relative_to(ROOT)} imports {n}"


def test_games_never_import_each_other() -> None:
    games = [p.name for p in (ROOT / "lab" / "games").iterdir() if p.is_dir() and not p.name.startswith("_")]
    for game in games:
        for path in (ROOT / "lab" / "games" / game).rglob("*.py"):
            text = path.read_text()
            for other in games:
                if other != game:
                    assert f"lab.games.{other}" not in text, f"{path} imports lab.games.{other}"


def test_ci_runs_the_readmes_test_command_then_the_slow_tier_and_nothing_else() -> None:
    lines = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text().splitlines()]
    commands = [ln for ln in lines if ln and not ln.startswith("#") and not ln.startswith(("set ", "cd "))]
    assert commands == ["make test", "make test-slow"]
    readme = (ROOT / "README.md").read_text()
    assert all(f"`{c}`" in readme or f"\n{c} " in readme for c in commands)


def test_readme_gives_the_two_commands() -> None:
    text = (ROOT / "README.md").read_text()
    assert "make lab" in text and "make test" in text
