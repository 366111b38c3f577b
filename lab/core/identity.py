"""What a function *is*, as far as it can be established: a digest of its behaviour.

A house rule (:mod:`lab.core.rulepoints`) or a kit definition (:mod:`lab.kit`) is code; a
save or a run record stores a digest of it, never the code, and a file is replayed only under
a function with the same digest. The digest covers what decides what the function does:

- its code object: bytecode, constants (nested code objects, e.g. of a lambda or a
  comprehension inside it, recursively), the names it reads, its arguments' layout;
- its default arguments;
- the *values* of the globals it reads (every name of its code found in its module's
  globals) and of its closure cells, at the moment the digest is taken. A function among them
  is followed the same way when it lives in the same module (a helper in the same notebook or
  file); a function of another module is taken by its name and code (library code is what its
  installed version says); a module by its name; a class by its module and name (its methods
  too when it lives in the same module).

Two lambdas written on one line, or a rule whose global changed, get different digests. A
value whose identity cannot be established (an object of a class of its own, a NumPy array,
a file handle...) is a *doubt*: :class:`Identity` lists every doubt, and a caller that must
prove sameness (a save being replayed) refuses to certify and says why.

The digest ignores where the function was written (file, line, name of its module): moving a
rule to another cell does not change it.
"""

from __future__ import annotations

import builtins
import dataclasses
import dis
import enum
import functools
import hashlib
import math
import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

PREFIX = "code-"
"""The digests of this module start with it (the older source-text hashes are 16 hex digits)."""
MAX_ITEMS = 200_000
"""Values a digest may read (globals' data included); past it the identity is a doubt."""
MAX_DEPTH = 64
_SCALARS = (str, int, float, bool, type(None), bytes, complex)


@dataclass(frozen=True)
class Identity:
    """A function's digest and what could not be established (``doubts``; empty: certain)."""

    digest: str
    doubts: tuple[str, ...] = ()

    @property
    def certain(self) -> bool:
        return not self.doubts

    def why(self) -> str:
        """The doubts in one line (at most three named)."""
        shown = "; ".join(self.doubts[:3])
        more = f" (and {len(self.doubts) - 3} more)" if len(self.doubts) > 3 else ""
        return shown + more


class _Digest:
    """A running SHA-256 over a canonical walk of functions and values."""

    def __init__(self, home: str | None) -> None:
        self.h = hashlib.sha256()
        self.doubts: list[str] = []
        self.seen: dict[int, int] = {}  # id of a function or container -> its order of first visit
        self.keep: list[Any] = []  # keeps what ``seen`` refers to alive (ids stay unique)
        self.items = 0
        self.home = home  # the module whose functions are followed into their globals

    def feed(self, *parts: Any) -> None:
        self.items += 1
        for part in parts:
            data = part if isinstance(part, bytes) else str(part).encode("utf-8", "surrogatepass")
            self.h.update(len(data).to_bytes(8, "little"))
            self.h.update(data)

    def doubt(self, what: str) -> None:
        if what not in self.doubts:
            self.doubts.append(what)
        self.feed("doubt", what)

    def _again(self, obj: Any) -> bool:
        """Whether ``obj`` was walked already (then a reference to it is fed instead)."""
        key = id(obj)
        if key in self.seen:
            self.feed("again", self.seen[key])
            return True
        self.seen[key] = len(self.seen)
        self.keep.append(obj)
        return False

    # ------------------------------------------------------------------ code
    def code(self, code: types.CodeType) -> None:
        self.feed(
            "code", code.co_code, code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount,
            code.co_flags, ",".join(code.co_names), ",".join(code.co_varnames),
            ",".join(code.co_freevars), ",".join(code.co_cellvars), len(code.co_consts),
        )
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                self.code(const)
            else:
                self.value(const, "a constant", 0)

    def function(self, fn: types.FunctionType, where: str, depth: int) -> None:
        if self._again(fn):
            return
        code = fn.__code__
        self.feed("function")
        self.code(code)
        self.value(fn.__defaults__, f"{where}: a default argument", depth + 1)
        self.value(fn.__kwdefaults__, f"{where}: a default argument", depth + 1)
        module = getattr(fn, "__module__", None)
        follow = self.home is None or module == self.home
        if not follow:  # another module's function: its code, not its module's data
            self.feed("module of", module)
            return
        space = fn.__globals__
        for name in sorted(_names(code)):
            if name in space:
                self.feed("global", name)
                self.value(space[name], f"global {name!r}", depth + 1)
            elif hasattr(builtins, name):
                self.feed("builtin", name)
        cells = fn.__closure__ or ()
        for name, cell in zip(code.co_freevars, cells, strict=False):
            try:
                content = cell.cell_contents
            except ValueError:
                self.feed("empty cell", name)
                continue
            self.feed("cell", name)
            self.value(content, f"closure variable {name!r}", depth + 1)

    # ------------------------------------------------------------------ values
    def value(self, value: Any, where: str, depth: int) -> None:
        if self.items > MAX_ITEMS:
            self.doubt(f"{where}: more than {MAX_ITEMS:,} values to read")
            return
        if depth > MAX_DEPTH:
            self.doubt(f"{where}: nested more than {MAX_DEPTH} deep")
            return
        t = type(value)
        if t in _SCALARS:
            self.feed(t.__name__, float.hex(value) if t is float and math.isfinite(value) else repr(value))
            return
        if t is range:
            self.feed("range", value.start, value.stop, value.step)
            return
        if isinstance(value, enum.Enum):
            self.feed("enum", type(value).__module__, type(value).__qualname__, value.name)
            return
        if isinstance(value, types.FunctionType):
            self.function(value, where, depth)
            return
        if isinstance(value, list | tuple | dict | set | frozenset):
            self._container(value, where, depth)
            return
        if isinstance(value, functools.partial):
            self.feed("partial")
            self.value(value.func, f"{where} (partial)", depth + 1)
            self.value(value.args, f"{where} (partial)", depth + 1)
            self.value(value.keywords, f"{where} (partial)", depth + 1)
            return
        if isinstance(value, types.MethodType):
            self.feed("method")
            self.value(value.__func__, where, depth + 1)
            self.value(value.__self__, f"{where} (its object)", depth + 1)
            return
        if isinstance(value, types.BuiltinFunctionType):
            owner = value.__self__
            if owner is None or isinstance(owner, types.ModuleType):
                self.feed("builtin", getattr(owner, "__name__", ""), value.__qualname__)
            else:
                self.doubt(f"{where} is a method of a {type(owner).__name__} object")
            return
        if isinstance(value, types.ModuleType):
            self.feed("module", value.__name__)
            return
        if isinstance(value, type):
            self._class(value, where, depth)
            return
        if dataclasses.is_dataclass(value):
            self._dataclass(value, where, depth)
            return
        number = _plain_number(value)  # NumPy scalars
        if number is not None:
            self.value(number, where, depth)
            return
        self.doubt(f"{where} is a {t.__module__}.{t.__qualname__} object, whose value cannot be read as data")

    def _container(self, value: Any, where: str, depth: int) -> None:
        if self._again(value):
            return
        t = type(value)
        kind = "dict" if isinstance(value, dict) else "set" if isinstance(value, set | frozenset) else t.__name__
        if isinstance(value, list | tuple) and t not in (list, tuple):
            kind = "list" if isinstance(value, list) else "tuple"  # read-only views read as plain ones
        self.feed(kind, len(value))
        self.items += len(value)
        if isinstance(value, dict):
            keys = self._ordered(value, f"{where}: a dict whose keys")
            if keys is None:
                return
            for k in keys:
                self.value(k, where, depth + 1)
                self.value(value[k], where, depth + 1)
        elif isinstance(value, set | frozenset):
            members = self._ordered(value, f"{where}: a set whose members")
            if members is None:
                return
            for v in members:
                self.value(v, where, depth + 1)
        else:
            for v in value:
                self.value(v, where, depth + 1)

    def _ordered(self, value: Any, what: str) -> list[Any] | None:
        """The members of a dict or set in a fixed order; ``None``, with a doubt that says
        ``what`` "cannot be ordered", when they have none."""
        try:
            return sorted(value, key=_order)
        except TypeError:
            self.doubt(f"{what} cannot be ordered")
            return None

    def _dataclass(self, value: Any, where: str, depth: int) -> None:
        """A dataclass instance (a kit move's declaration, a parameter's spec): its class by
        name and its fields' values."""
        if self._again(value):
            return
        t = type(value)
        self.feed("dataclass", t.__module__, t.__qualname__)
        for f in dataclasses.fields(value):
            self.feed("field", f.name)
            self.value(getattr(value, f.name), f"{where}.{f.name}", depth + 1)

    def _class(self, cls: type, where: str, depth: int) -> None:
        self.feed("class", cls.__module__, cls.__qualname__)
        if self.home is None or cls.__module__ != self.home or self._again(cls):
            return  # a class of another module: taken by its name
        for name, attr in sorted(vars(cls).items()):
            if isinstance(attr, staticmethod | classmethod):
                attr = attr.__func__
            if isinstance(attr, types.FunctionType):
                self.feed("method", name)
                self.function(attr, f"{where}.{name}", depth + 1)


def _order(value: Any) -> tuple[str, str]:
    return (type(value).__name__, repr(value))


def _plain_number(value: Any) -> Any:
    item = getattr(value, "item", None)
    if item is None or type(value).__module__ != "numpy" or getattr(value, "shape", None) != ():
        return None
    out = item()
    return out if isinstance(out, _SCALARS) else None


_GLOBAL_OPS = frozenset({"LOAD_GLOBAL", "LOAD_NAME", "STORE_GLOBAL", "DELETE_GLOBAL", "STORE_NAME", "DELETE_NAME"})


def _names(code: types.CodeType) -> set[str]:
    """The global names the code and the code objects nested in it read or write (an
    attribute's name, ``ctx.roll``, is not one: its bytecode loads an attribute)."""
    out = {ins.argval for ins in dis.get_instructions(code) if ins.opname in _GLOBAL_OPS and isinstance(ins.argval, str)}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out |= _names(const)
    return out


def identity_of(*parts: Any, home: str | None = None) -> Identity:
    """The :class:`Identity` of a function, or of several values taken together (a kit
    definition: its functions, domains and settings). ``home``: the module whose functions are
    followed into their globals (default: the module of the first function given)."""
    if home is None:
        home = next((getattr(p, "__module__", None) for p in _callables(parts)), None)
    walk = _Digest(home)
    for i, part in enumerate(parts):
        walk.feed("part", i)
        walk.value(part, _label(part), 0)
    return Identity(PREFIX + walk.h.hexdigest()[:32], tuple(walk.doubts))


def function_identity(fn: Callable[..., Any]) -> Identity:
    """The :class:`Identity` of one function (a house rule)."""
    return identity_of(fn)


def _callables(parts: Iterable[Any]) -> Iterable[Any]:
    for p in parts:
        if isinstance(p, types.FunctionType | functools.partial):
            yield p.func if isinstance(p, functools.partial) else p


def _label(part: Any) -> str:
    name = getattr(part, "__name__", None)
    return f"function {name!r}" if isinstance(name, str) else "the definition"


def reads_only_code(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` reads no data beyond its own source: no global that is data (modules,
    builtins and functions are code), no closure cell, no default argument that is not a
    constant. Such a function's source text decides what it does (how saves made before
    digests existed, which stored only a hash of the source, are still read)."""
    if not isinstance(fn, types.FunctionType):
        return False
    if fn.__closure__:
        return False
    space = fn.__globals__
    for name in _names(fn.__code__):
        if name in space and not isinstance(space[name], types.ModuleType | types.FunctionType | type | types.BuiltinFunctionType):
            return False
    return True
