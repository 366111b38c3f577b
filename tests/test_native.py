"""The compiled build (lab.native): it runs in this suite, it plays every game exactly as the
Python sources do, and a build that no longer matches the sources is never loaded."""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path

import pytest

import lab
from lab import native
from tests.tools import patience
from tests.tools.fingerprint import fingerprints

ROOT = Path(__file__).resolve().parent.parent
PURE = os.environ.get(native.PURE_ENV, "").strip().lower() not in ("", "0", "false", "no")


def test_the_suite_runs_the_compiled_build() -> None:
    """``make test`` installs the compiled build: every compiled module is loaded from it (a
    source edited since the build would make this fail: ``make setup`` rebuilds)."""
    if PURE:
        pytest.skip(f"{native.PURE_ENV} is set: the sources run on purpose")
    status = native.status()
    assert status["compiled"], status
    assert set(status["modules"]) == {native.module_name(s) for s in native.SOURCES}
    for name in status["modules"]:
        assert not str(importlib.import_module(name).__file__).endswith(".py"), name


def _fingerprints_of_the_sources(name: str) -> dict[str, str]:
    env = {**os.environ, native.PURE_ENV: "1"}
    out = patience.run([sys.executable, "-m", "tests.tools.fingerprint", name], cpu=300, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout)


def test_the_compiled_build_plays_every_game_as_the_sources_do(game_name: str) -> None:
    """Every conformance variant of the game, three seeds each: the final state hashes (the full
    state and the whole history) of this process and of one running the Python sources."""
    if PURE:
        pytest.skip(f"{native.PURE_ENV} is set: both sides would run the sources")
    assert fingerprints(game_name) == _fingerprints_of_the_sources(game_name)


def test_the_pure_switch_runs_the_sources() -> None:
    env = {**os.environ, native.PURE_ENV: "1"}
    code = "import json, lab; print(json.dumps(lab.native.status()))"
    out = patience.run([sys.executable, "-c", code], cpu=60, cwd=ROOT, env=env, check=True)
    status = json.loads(out.stdout)
    assert not status["compiled"] and set(status["modules"].values()) == {"source"}
    assert native.PURE_ENV in status["reason"]


def _decision(monkeypatch: pytest.MonkeyPatch, manifest: Path | None) -> native._Decision:
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.setattr(native, "MANIFEST", manifest if manifest is not None else ROOT / "no-such-manifest.json")
    return native._Decision()


def _manifest(tmp_path: Path, **changed: str) -> Path:
    modules = {native.module_name(s): native.source_digest(ROOT / s) for s in native.SOURCES}
    modules.update(changed)
    path = tmp_path / "_native.json"
    path.write_text(json.dumps({"modules": modules}))
    return path


def test_a_build_that_matches_the_sources_is_loaded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    decision = _decision(monkeypatch, _manifest(tmp_path))
    assert decision.compiled == {native.module_name(s) for s in native.SOURCES}
    assert "matches" in decision.reason


def test_one_edited_source_sends_every_compiled_module_back_to_its_source(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    decision = _decision(monkeypatch, _manifest(tmp_path, **{"lab.core.state": "0" * 64}))
    assert decision.compiled == frozenset()
    assert "lab.core.state changed since the compiled build" in decision.reason
    guard = native._Guard(decision)
    import lab.core

    spec = guard.find_spec("lab.core.state", list(lab.core.__path__))
    assert spec is not None and str(spec.origin).endswith("state.py")  # even where a compiled file lies


def test_no_manifest_or_a_bad_one_means_the_sources(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert _decision(monkeypatch, None).compiled == frozenset()
    bad = tmp_path / "_native.json"
    bad.write_text("{not json")
    decision = _decision(monkeypatch, bad)
    assert decision.compiled == frozenset() and "unreadable" in decision.reason


def test_a_module_the_manifest_does_not_list_is_never_loaded_compiled(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    decision = _decision(monkeypatch, _manifest(tmp_path))
    decision.compiled = frozenset({"lab.games.memcel.state"})  # lab.core.state not listed
    import lab.core

    spec = native._Guard(decision).find_spec("lab.core.state", list(lab.core.__path__))
    assert spec is not None and str(spec.origin).endswith("state.py")


def test_pickles_and_copies_keep_every_field(game_name: str) -> None:
    """A compiled state keeps its fields in C, not in ``__dict__``: pickling (worker pools,
    adapters) and the generic field copy still see all of them."""
    import copy
    import pickle

    from lab.core.state import set_state_fields, state_fields

    state = lab.play(lab.load(game_name), seed=2)
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert twin.state_hash() == state.state_hash() and twin.history() == state.history()
    blank = type(state).__new__(type(state))
    set_state_fields(blank, state_fields(state))
    assert blank.state_hash() == state.state_hash()


def test_no_compiled_class_declares_an_inherited_attribute_again() -> None:
    """A compiled class that re-declares an attribute of its compiled base (``game: MyTables``
    in a state) gets a second C field of that name; the garbage collector then counts the one
    reference twice and may clear a game that is still in use (its ``__dict__`` emptied: "object
    has no attribute 'params'" in the middle of a run). Read from the source's annotations, so
    the check holds for the pure build too."""
    import ast

    bad = []
    for source in native.SOURCES:
        tree = ast.parse((ROOT / source).read_text())
        module = importlib.import_module(native.module_name(source))
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            cls = getattr(module, node.name, None)
            if not isinstance(cls, type):
                continue
            inherited = set()
            for base in cls.__mro__[1:]:
                inherited.update(getattr(base, "__annotations__", {}))
                inherited.update(vars(base).get("__mypyc_attrs__", ()))
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and item.target.id in inherited:
                    bad.append(f"{source}:{item.lineno} {node.name}.{item.target.id}")
    assert not bad, bad


def test_a_state_holds_its_game_once_for_the_garbage_collector(game_name: str) -> None:
    """Each state refers to its game once, and the collector sees it once (see above)."""
    import gc

    game = lab.load(game_name)
    state = lab.play(game, seed=0)
    for s in (state, state.clone(), game.new_initial_state()):
        own = getattr(s, "__dict__", None)  # (the sources keep fields there, the build in C)
        seen = [r for r in gc.get_referents(s) if r is not own]
        seen += gc.get_referents(own) if own is not None else []
        assert sum(1 for r in seen if r is game) == 1, type(s).__qualname__
    gc.collect()
    assert game.num_players() >= 1 and vars(game)  # the game is whole after a collection
