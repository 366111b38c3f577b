"""Set-up and architecture: dependency lists agree, lab never imports Jupyter, CI runs make test."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import tomllib
from collections.abc import Callable
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


# ---------------------------------------------------------------------- the lock
def locked_versions(text: str) -> dict[str, str]:
    """``requirements.lock``'s pins: normalised name -> version."""
    pins = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, sep, version = line.partition("==")
            assert sep and version, f"requirements.lock: {line!r} is not an exact pin (name==version)"
            pins[_name(name)] = version.strip()
    return pins


def drift(pins: dict[str, str], installed: Callable[[str], str | None]) -> list[str]:
    """What the environment holds other than the lock: ``installed(name)`` gives a version or None."""
    found = []
    for name, version in sorted(pins.items()):
        have = installed(name)
        if have != version:
            found.append(f"{name} {have or 'missing'} (locked {version})")
    return found


def _installed(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def test_the_environment_holds_exactly_the_locked_versions() -> None:
    """The stored outputs were made with the lock: a drifted library (a newer optuna proposes
    other variants from the same seed) is named here, not left to a puzzling nbval diff."""
    pins = locked_versions((ROOT / "requirements.lock").read_text())
    assert {"optuna", "numpy", "pandas", "scipy", "networkx"} <= set(pins)
    found = drift(pins, _installed)
    assert not found, "the environment differs from requirements.lock (make setup installs it): " + "; ".join(found)


def test_a_drifted_library_is_named() -> None:
    """The planted drift: optuna 4.9.0 where the lock says another version."""
    pins = locked_versions((ROOT / "requirements.lock").read_text())
    planted = {**pins, "optuna": "4.9.0" if pins["optuna"] != "4.9.0" else "5.1.0"}
    assert drift(planted, _installed) == [f"optuna {pins['optuna']} (locked {planted['optuna']})"]
    assert drift({"no-such-package": "1.0"}, _installed) == ["no-such-package missing (locked 1.0)"]


def test_the_lock_pins_every_declared_dependency_inside_its_range() -> None:
    """pyproject.toml's ranges (runtime and test extra) each admit the version the lock pins."""
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = locked_versions((ROOT / "requirements.lock").read_text())
    outside = []
    for text in [*project["dependencies"], *project["optional-dependencies"]["test"]]:
        req = Requirement(text.split("#", 1)[0])
        name = _name(req.name)
        if name == "rules-lab":
            continue
        if name not in pins or not req.specifier.contains(pins[name], prereleases=True):
            outside.append(f"{text} (locked {pins.get(name, 'nothing')})")
    assert not outside, "requirements.lock does not satisfy pyproject.toml (make lock): " + "; ".join(outside)


def _project_installs(makefile: str) -> list[str]:
    """The Makefile's lines that install the project (``pip install ... -e '.[...]'``)."""
    return [line for line in makefile.splitlines() if "pip install" in line and "-e '." in line]


def test_make_installs_with_the_lock() -> None:
    makefile = (ROOT / "Makefile").read_text()
    installs = _project_installs(makefile)
    assert installs and all("-c $(LOCK)" in line for line in installs), installs
    assert "LOCK   := requirements.lock" in makefile


def test_the_libraries_and_lab_are_byte_compiled_at_install() -> None:
    """Where ``PYTHONDONTWRITEBYTECODE`` is set, a library without its ``.pyc`` files is compiled
    from source by every process that imports it: make installs them compiled."""
    import importlib.util

    makefile = (ROOT / "Makefile").read_text()
    installs = _project_installs(makefile)
    assert all("--compile-bytecode" in line for line in installs), installs
    assert "compileall -q -j 0 lab widgets playtable" in makefile
    missing = []
    for name in ("numpy", "scipy", "pandas", "networkx", "optuna", "matplotlib", "lab"):
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        if not Path(importlib.util.cache_from_source(spec.origin)).exists():
            missing.append(name)
    assert not missing, f"not byte-compiled: {missing} (make setup compiles them)"
