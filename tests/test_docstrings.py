"""Every public name has its docstring in the build that runs (issue #36, defect 6).

mypyc drops the docstrings of compiled functions and methods; :mod:`lab.native_docs` gives them
back when a compiled module loads. This walks ``lab.__all__`` (each class's own public methods
and properties too), the kit's context (what a designer's ``ctx`` offers), the agent protocol
and the agents every game offers, and asks ``inspect.getdoc`` — what ``help()`` shows. Which
methods a class has is read from its source (a ``def`` in its body), so the compiled build is
asked exactly what the sources declare. ``make test`` runs it on the compiled build.
"""

from __future__ import annotations

import ast
import inspect
import types
from pathlib import Path
from typing import Any

import pytest

import lab
import lab.agents
from lab.kit.context import Ctx
from lab.kit.examples import Pig

ROOT = Path(__file__).resolve().parents[1]
CONSTANTS = (int, float, str, tuple, frozenset)


def _source_defs(cls: type) -> list[str]:
    """The public functions and properties written in ``cls``'s own body (its source)."""
    module = inspect.getmodule(cls)
    assert module is not None and module.__file__ is not None
    source = Path(module.__file__)
    if source.suffix != ".py":  # a compiled module: its source is beside it
        source = source.with_name(module.__name__.rpartition(".")[2] + ".py")
    tree = ast.parse(source.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return [
                n.name for n in node.body
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and not n.name.startswith("_")
            ]
    raise AssertionError(f"{cls.__qualname__} is not in {source}")


def _undocumented(label: str, obj: Any) -> list[str]:
    """``label`` (and each undocumented public method of a lab class) if it has no docstring."""
    if isinstance(obj, CONSTANTS) or obj is None:
        return []
    missing = [] if inspect.getdoc(obj) else [label]
    if isinstance(obj, type) and obj.__module__.startswith("lab"):
        for name in _source_defs(obj):
            member = obj.__dict__.get(name)
            if member is not None and not inspect.getdoc(member):
                missing.append(f"{label}.{name}")
    return missing


def test_every_name_in_lab_all_has_its_docstring() -> None:
    missing = [m for name in lab.__all__ for m in _undocumented(f"lab.{name}", getattr(lab, name))]
    assert missing == [], f"no docstring in the {_build()} build: {missing}"


def test_the_kit_context_documents_every_call_a_rule_may_make() -> None:
    missing = _undocumented("Ctx", Ctx)
    assert missing == [], f"no docstring in the {_build()} build: {missing}"
    # what help(ctx.deal) shows a designer: the signature and the (hands, rest) it returns
    assert "(hands, rest)" in (inspect.getdoc(Ctx.deal) or "")
    assert list(inspect.signature(Ctx.deal).parameters)[-3:] == ["items", "hands", "count"]


def test_the_agents_have_their_docstrings() -> None:
    missing = []
    for name in lab.agents.__all__:
        obj = getattr(lab.agents, name)
        if not isinstance(obj, types.ModuleType):
            missing += _undocumented(f"lab.agents.{name}", obj)
    for game in lab.game_names():  # every agent a game offers says what it does
        for name, factory in lab.agents.catalogue.agent_factories(lab.game_class(game)).items():
            if not inspect.getdoc(factory):
                missing.append(f"{game} agent {name!r}")
    assert missing == [], f"no docstring in the {_build()} build: {missing}"


def test_a_kit_games_check_is_a_documented_method() -> None:
    check = Pig().check
    assert isinstance(check, types.MethodType)  # not a functools.partial: help() shows the method
    assert "n_games" in inspect.signature(check).parameters
    assert "hidden field" in (inspect.getdoc(check) or "")
    assert inspect.getdoc(Pig.check) == inspect.getdoc(check)


@pytest.mark.skipif(not lab.native.status()["compiled"], reason=f"the sources run: {lab.native.status()['reason']}")
def test_the_compiled_build_has_the_sources_docstrings() -> None:
    import lab.sim.play

    assert not lab.sim.play.__file__.endswith(".py")  # the compiled module is the one tested
    assert inspect.getdoc(lab.play) == inspect.getdoc(_pure_function("lab/sim/play.py", "play"))


def _pure_function(path: str, name: str) -> Any:
    """A function of a source file, executed as plain Python (the reference docstring)."""
    tree = ast.parse((ROOT / path).read_text())
    node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
    return types.SimpleNamespace(__doc__=ast.get_docstring(node))


def _build() -> str:
    return "compiled" if lab.native.status()["compiled"] else "source"
