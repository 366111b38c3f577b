"""The compiled build: which hot modules run as C, and the guard that never runs a stale one.

The engine's state base class and each seed game's state module are compiled with mypyc when
the package is installed (``setup.py``; ``make lab`` and ``make test`` do it). The Python
sources stay the reference and the only thing anyone edits: the compiled build is the same
code, type-checked and translated to C, and it must play every game exactly as the sources do
(``tests/test_native.py`` plays each game both ways and compares).

Which build runs is decided once per process, when this module is first imported (:mod:`lab`
imports it before anything else; :func:`install`):

- ``RULES_LAB_PURE=1`` in the environment: the Python sources (mutation testing, coverage,
  a debugger stepping through rules code).
- Else the compiled modules, if the build's manifest (``_native.json``, written by
  ``setup.py``) holds the SHA-256 of every compiled module's source and every one still
  matches. A source edited since the build makes *all* compiled modules fall back to their
  sources together (compiled modules call each other in C, so one stale module would go on
  running its old code through the others), until the next build; :func:`status` says why.
- A compiled file of a ``lab`` module the manifest does not list (a left-over of an older
  build) is never loaded.

This module imports nothing from :mod:`lab` (``setup.py`` reads :data:`SOURCES` from it
without importing the package).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

#: the compiled modules, as source paths from the repository root (one mypyc group)
SOURCES: tuple[str, ...] = (
    "lab/core/state_hooks.py",
    "lab/core/state.py",
    "lab/games/memcel/base.py",
    "lab/games/memcel/placement.py",
    "lab/games/memcel/complications.py",
    "lab/games/memcel/hunt.py",
    "lab/games/memcel/cards.py",
    "lab/games/memcel/state.py",
    "lab/games/fiemme_cembra/views.py",
    "lab/games/fiemme_cembra/rounds.py",
    "lab/games/fiemme_cembra/passing.py",
    "lab/games/fiemme_cembra/conquest.py",
    "lab/games/fiemme_cembra/state.py",
    "lab/games/space_station/position.py",
    "lab/games/space_station/collisions.py",
    "lab/games/space_station/routes.py",
    "lab/games/space_station/lasers.py",
    "lab/games/space_station/fighters.py",
    "lab/games/space_station/state.py",
    "lab/games/memm/position.py",
    "lab/games/memm/outcome.py",
    "lab/games/memm/turns.py",
    "lab/games/memm/state.py",
    "lab/kit/context.py",
    "lab/kit/steps.py",
    "lab/kit/state.py",
    "lab/sim/play.py",
    "lab/sim/draws.py",
)

#: the file ``setup.py`` writes beside this one: ``{"modules": {name: sha256 of its source}}``
MANIFEST = Path(__file__).with_name("_native.json")
PURE_ENV = "RULES_LAB_PURE"


def module_name(source: str) -> str:
    """``lab/core/state.py`` -> ``lab.core.state``."""
    return source.removesuffix(".py").replace("/", ".")


def source_digest(path: Path) -> str:
    """SHA-256 of a source file's bytes, as the manifest holds it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_manifest(root: Path, path: Path | None = None) -> dict[str, Any]:
    """Write the manifest of a build of the sources under ``root`` (``setup.py`` calls this)."""
    modules = {module_name(s): source_digest(root / s) for s in SOURCES}
    data = {"modules": modules, "python": sys.version.split()[0]}
    (path or root / "lab" / MANIFEST.name).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return data


class _Decision:
    """Whether this process loads the compiled modules, and why (see :func:`status`)."""

    def __init__(self) -> None:
        self.compiled: frozenset[str] = frozenset()
        self.reason = ""
        pure = os.environ.get(PURE_ENV, "").strip().lower()
        if pure not in ("", "0", "false", "no"):
            self.reason = f"{PURE_ENV}={os.environ[PURE_ENV]}: the Python sources run"
            return
        try:
            listed = json.loads(MANIFEST.read_text())["modules"]
        except FileNotFoundError:
            self.reason = "no compiled build (no manifest): the Python sources run"
            return
        except (OSError, ValueError, KeyError, TypeError) as exc:
            self.reason = f"the build manifest {MANIFEST} is unreadable ({exc}): the Python sources run"
            return
        package = Path(__file__).resolve().parent
        stale = []
        for name, digest in sorted(listed.items()) if isinstance(listed, dict) else ():
            source = package.parent / (name.replace(".", "/") + ".py")
            try:
                if source_digest(source) != digest:
                    stale.append(name)
            except OSError:
                stale.append(name)
        if stale:
            self.reason = (
                f"{', '.join(stale)} changed since the compiled build: every compiled module runs "
                "from its Python source until the next build (make lab / make test rebuild it)"
            )
            return
        self.compiled = frozenset(listed)
        self.reason = "the compiled build matches the sources"


class _Guard(MetaPathFinder):
    """Loads a ``lab`` module's compiled file only when :class:`_Decision` allows it; else its
    Python source."""

    def __init__(self, decision: _Decision) -> None:
        self.decision = decision

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("lab."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return spec
        if fullname in self.decision.compiled:
            spec.loader = _DocumentedLoader(fullname, str(spec.origin))
            return spec
        source = Path(str(spec.origin)).parent / (fullname.rpartition(".")[2] + ".py")
        return importlib.util.spec_from_file_location(fullname, source)


_documented: set[str] = set()


class _DocumentedLoader(importlib.machinery.ExtensionFileLoader):
    """Loads a compiled module, then gives the compiled modules loaded so far their sources'
    docstrings (mypyc drops them; :mod:`lab.native_docs`). All of them: a compiled module
    imports the others of its build in C, without asking ``sys.meta_path``."""

    def exec_module(self, module: ModuleType) -> None:
        super().exec_module(module)
        from lab import native_docs  # the package is being imported already: no cycle at import

        assert _decision is not None
        for name in sorted(_decision.compiled - _documented):
            loaded = sys.modules.get(name)
            if loaded is None or str(getattr(loaded, "__file__", "")).endswith(".py"):
                continue
            _documented.add(name)
            source = Path(str(loaded.__file__)).parent / (name.rpartition(".")[2] + ".py")
            with contextlib.suppress(OSError, SyntaxError, ValueError):  # documentation only: never stop an import
                native_docs.restore(loaded, source)


_decision: _Decision | None = None


def install() -> None:
    """Decide which build this process runs and put the guard first on ``sys.meta_path``
    (once; :mod:`lab` calls this before importing anything else)."""
    global _decision
    if _decision is not None:
        return
    _decision = _Decision()
    sys.meta_path.insert(0, _Guard(_decision))


def status() -> dict[str, Any]:
    """Which build runs in this process: ``{"compiled": bool, "modules": {name: "compiled" |
    "source"}, "reason": str}`` (a module is listed as loaded, or as it will load)."""
    install()
    assert _decision is not None
    modules = {}
    for source in SOURCES:
        name = module_name(source)
        module = sys.modules.get(name)
        if module is not None:
            loaded = str(getattr(module, "__file__", "") or "")
            modules[name] = "source" if loaded.endswith(".py") else "compiled"
        else:
            modules[name] = "compiled" if name in _decision.compiled else "source"
    return {
        "compiled": bool(modules) and all(v == "compiled" for v in modules.values()),
        "modules": modules,
        "reason": _decision.reason,
    }


install()  # before any compiled module can be imported: lab/__init__.py imports this first
