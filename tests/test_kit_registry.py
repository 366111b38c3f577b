"""Games found by name in every process (issue #36, defect 8).

Registration lives in the process that made it. In a fresh process an unknown name says to
import the module that registers it; a save says which module it was made with — and the lab
never imports it. The two documented ways to find a game everywhere: ``lab.register`` in a module
the notebook imports, and the entry-point group ``rules_lab.games`` of an installed package.
Each case runs a fresh interpreter (``sys.executable``), as a later session or a spawned worker is.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import lab
from lab.core.registry import ENTRY_POINT_GROUP

RING = '''
import lab

def setup(ctx):
    return {"at": [0] * ctx.players}

@lab.move(steps=range(1, 3))
def go(s, ctx, steps):
    """Move one or two places round the ring."""
    s["at"][ctx.player] = (s["at"][ctx.player] + steps) % 6
    ctx.end_turn()

def end(s, ctx):
    return next((p for p, a in enumerate(s["at"]) if a == 0 and ctx.turn >= 4), None)

RingRace = lab.define_game("ring_race", setup=setup, moves=[go], end=end)
'''


def _fresh(code: str, cwd: Path, extra_path: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter in ``cwd`` (with ``extra_path`` on ``sys.path``)."""
    env = dict(os.environ)
    if extra_path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(extra_path), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=None, check=False)


def _ring_module(where: Path, register: bool) -> None:
    (where / "ring_games.py").write_text(RING + ("lab.register(RingRace)\n" if register else ""))


def _save(tmp_path: Path) -> str:
    """A save of a ring race, made in a process that imported the module registering it."""
    _ring_module(tmp_path, register=True)
    done = _fresh("import ring_games, lab; print(lab.play(lab.load('ring_race'), seed=1).to_json())", tmp_path)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_an_unknown_name_says_to_import_the_module_that_registers_it(tmp_path: Path) -> None:
    done = _fresh("""
        import lab
        try:
            lab.load('ring_race')
        except lab.UnknownGame as exc:
            print(exc)
        """, tmp_path)
    assert "unknown game 'ring_race'" in done.stdout
    assert "import the module that calls lab.register(...) first" in done.stdout
    assert ENTRY_POINT_GROUP in done.stdout


def test_a_save_names_the_module_it_was_made_with_and_is_never_imported_by_a_load(tmp_path: Path) -> None:
    text = _save(tmp_path)
    assert json.loads(text)["module"] == "ring_games"
    done = _fresh("""
        import sys, lab
        try:
            lab.state_from_json(open('save.json').read())
        except lab.InvalidSave as exc:
            print(exc)
        print('imported:', 'ring_games' in sys.modules)
        """, _write(tmp_path, text))
    assert "definition in the module 'ring_games'" in done.stdout
    assert "import ring_games (which calls lab.register) first" in done.stdout
    assert "imported: False" in done.stdout  # ring_games.py is right there, and still not imported


def test_importing_the_module_that_registers_the_game_is_enough(tmp_path: Path) -> None:
    _write(tmp_path, _save(tmp_path))
    done = _fresh("""
        import ring_games, lab
        state = lab.state_from_json(open('save.json').read())
        print(state.is_terminal(), lab.load('ring_race').name)
        """, tmp_path)
    assert done.stdout.split() == ["True", "ring_race"], done.stderr


def test_an_installed_package_declares_its_games_in_the_entry_point_group(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    _ring_module(site, register=False)  # the package declares it; nothing calls lab.register
    info = site / "ring_games-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ring-games\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\nring_race = ring_games:RingRace\n")
    text = _save(tmp_path)
    done = _fresh("""
        import sys, lab
        print('ring_race' in lab.game_names(), 'ring_games' in sys.modules)  # listed, not imported yet
        state = lab.state_from_json(open('save.json').read())
        print(state.is_terminal(), state.returns() == [float(r) for r in state.returns()])
        """, _write(tmp_path / "elsewhere", text), extra_path=site)
    assert done.stdout.split() == ["True", "False", "True", "True"], done.stderr


def test_a_notebook_games_save_says_to_run_its_definition(tmp_path: Path) -> None:
    from lab.kit.examples import Pig

    cls = type("NotebookPig", (Pig,), {"__module__": "__main__", "name": "notebook_pig2"})
    lab.register(cls)
    try:
        text = lab.play(cls(target=10), seed=0).to_json()
    finally:
        lab.unregister("notebook_pig2")
    assert json.loads(text)["module"] == "__main__"
    try:
        lab.state_from_json(text)
    except lab.InvalidSave as exc:
        assert "a notebook or script (__main__)" in str(exc) and "run its definition" in str(exc)
    else:
        raise AssertionError("a save of an unregistered game loaded")


def test_saves_of_the_seed_games_name_no_module() -> None:
    assert "module" not in json.loads(lab.play(lab.load("memm"), seed=0).to_json())


def _write(where: Path, text: str) -> Path:
    where.mkdir(exist_ok=True)
    (where / "save.json").write_text(text)
    return where
