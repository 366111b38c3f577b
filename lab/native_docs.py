"""Docstrings for the compiled build.

mypyc keeps a compiled function's text signature but drops its docstring (mypyc issue #437),
so ``help(lab.play)`` or ``help(ctx.deal)`` would show nothing in the compiled build. When
:mod:`lab.native` loads a compiled module it calls :func:`restore`, which reads the docstrings
from the module's Python source (the reference, always beside the compiled file) and gives them
back: a class's ``__doc__`` is set directly; a compiled function, method or property keeps its
documentation in a C structure (``PyMethodDef.ml_doc``, ``PyGetSetDef.doc``) that Python cannot
assign, so the pointer there is replaced with one to a copy of the signature followed by the
docstring, kept alive for the life of the process.

Only CPython is patched, and only after the structure is recognised (the method definition's
name must be the object's own); anything else is left alone. ``tests/test_docstrings.py``
checks that every public name has its docstring in the build that runs.
"""

from __future__ import annotations

import ast
import ctypes
import sys
import types
from pathlib import Path
from typing import Any

# the C strings handed to the interpreter: never freed (the interpreter keeps pointing at them)
_KEEP: list[Any] = []
_HEAD = object.__basicsize__  # PyObject_HEAD
_PTR = ctypes.sizeof(ctypes.c_void_p)


class _MethodDef(ctypes.Structure):  # PyMethodDef
    _fields_ = [("ml_name", ctypes.c_char_p), ("ml_meth", ctypes.c_void_p),
                ("ml_flags", ctypes.c_int), ("ml_doc", ctypes.c_void_p)]


class _GetSetDef(ctypes.Structure):  # PyGetSetDef
    _fields_ = [("name", ctypes.c_char_p), ("get", ctypes.c_void_p), ("set", ctypes.c_void_p),
                ("doc", ctypes.c_void_p), ("closure", ctypes.c_void_p)]


def source_docstrings(source: Path) -> dict[tuple[str, ...], str]:
    """``{("Class",): doc, ("Class", "method"): doc, ("function",): doc}`` of a module's source
    (module level and class bodies; nested functions are not public)."""
    out: dict[tuple[str, ...], str] = {}

    def walk(body: list[ast.stmt], prefix: tuple[str, ...]) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                doc = ast.get_docstring(node)
                if doc:
                    out[(*prefix, node.name)] = doc
                if isinstance(node, ast.ClassDef):
                    walk(node.body, (*prefix, node.name))

    walk(ast.parse(source.read_text(encoding="utf-8")).body, ())
    return out


def _c_text(old: int | None, doc: str) -> int:
    """The address of a new C string: the old one's text signature (``name(...)\\n--\\n\\n``),
    if any, then ``doc``."""
    head = b""
    if old:
        text = ctypes.string_at(old)
        if b"\n--\n\n" in text:
            head = text[: text.index(b"\n--\n\n") + 5]
    buf = ctypes.create_string_buffer(head + doc.encode("utf-8", "backslashreplace"))
    _KEEP.append(buf)
    return ctypes.addressof(buf)


def _definition(obj: Any) -> tuple[Any, str] | None:
    """The C structure holding ``obj``'s documentation and its field, if ``obj`` is a compiled
    function, method or property whose structure is recognised."""
    kind = type(obj)
    if kind is types.BuiltinFunctionType:
        offset, struct = _HEAD, _MethodDef  # PyCFunctionObject.m_ml
    elif kind in (types.MethodDescriptorType, types.ClassMethodDescriptorType):
        offset, struct = _HEAD + 3 * _PTR, _MethodDef  # PyDescr_COMMON, then d_method
    elif kind is types.GetSetDescriptorType:
        offset, struct = _HEAD + 3 * _PTR, _GetSetDef  # PyDescr_COMMON, then d_getset
    else:
        return None
    address = ctypes.c_void_p.from_address(id(obj) + offset).value
    if not address:
        return None
    definition = struct.from_address(address)
    name = definition.ml_name if struct is _MethodDef else definition.name
    if name is None or name.decode("utf-8", "replace") != obj.__name__:
        return None  # not the layout this module knows: leave it alone
    return definition, ("ml_doc" if struct is _MethodDef else "doc")


def set_doc(obj: Any, doc: str) -> bool:
    """Give a compiled function, method or property the docstring ``doc`` (``False`` if ``obj``
    is none of those, or already has a docstring)."""
    if getattr(obj, "__doc__", None):
        return False
    found = _definition(obj)
    if found is None:
        return False
    definition, field = found
    setattr(definition, field, _c_text(getattr(definition, field), doc))
    return True


def restore(module: types.ModuleType, source: Path) -> int:
    """Give the compiled ``module`` the docstrings of its ``source``; how many were restored."""
    if sys.implementation.name != "cpython" or sys.flags.optimize >= 2:  # -OO drops docstrings
        return 0
    restored = 0
    for path, doc in source_docstrings(source).items():
        owner: Any = module
        for part in path[:-1]:
            owner = getattr(owner, part, None)
        if not isinstance(owner, types.ModuleType | type):
            continue
        obj = (owner.__dict__ if isinstance(owner, type) else vars(owner)).get(path[-1])
        if obj is None:
            continue
        if isinstance(obj, type):
            if not obj.__doc__ and obj.__module__ == module.__name__:
                obj.__doc__ = doc
                restored += 1
        elif set_doc(obj, doc):
            restored += 1
        elif callable(obj) and not obj.__doc__ and type(obj).__module__ == module.__name__:
            # a method mypyc compiled as an object of a class of its own (a NamedTuple's): its
            # documentation is that class's
            type(obj).__doc__ = doc
            restored += 1
    return restored
