"""Files the lab writes and reads: whole or not at all, and read within bounds.

Writing: every output (a saved game, a table and its run record, a playtest log, a plot) is
written to a temporary file in the same folder, flushed to disk, then renamed over the target
(:func:`write_atomic`): a crash or a kill leaves the old file or the new one, never a torn one. A
table and the record beside it cannot be renamed together, so the record names the SHA-256 of
its table (:func:`file_digest`) and a reader that finds another table beside it says so. A log
that grows by one line is rewritten the same way under a lock (:func:`append_line`).

Reading: :func:`read_bounded` refuses what is not a regular file (a directory, ``/dev/zero``, a
pipe) and more bytes than a limit before reading them; :func:`loads_bounded` parses JSON within
a size and a nesting bound, refusing an object that names a key twice (JSON leaves that open;
Python's parser keeps the last one silently) and ``NaN``/``Infinity``. Both raise the caller's
typed error with a one-line message.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from lab.core.errors import cut, escaped, quoted

try:  # POSIX file locks (a log written by two processes at once)
    import fcntl
except ImportError:  # pragma: no cover - Windows: no lock, the rename still keeps files whole
    fcntl = None  # type: ignore[assignment]

_UMASK = os.umask(0)
os.umask(_UMASK)
MAX_DEPTH = 100
"""Deepest nesting a file the lab reads may have (a save's parameters included)."""


# ---------------------------------------------------------------------- writing
def write_atomic(path: str | Path, data: str | bytes | Callable[[Path], None], *, encoding: str = "utf-8") -> Path:
    """Write ``data`` to ``path`` whole or not at all: to a temporary file in the same folder
    (:func:`write_temp`), then renamed over ``path`` (:func:`commit`). ``data`` is text, bytes
    or a function that writes the file at the path it is given (``lambda tmp: df.to_csv(tmp)``).
    The file gets the permissions a plain ``open(path, "w")`` would give it. Returns ``path``."""
    return commit(write_temp(path, data, encoding=encoding), path)


def write_temp(path: str | Path, data: str | bytes | Callable[[Path], None], *, encoding: str = "utf-8") -> Path:
    """A temporary file beside ``path`` (its name ends like ``path``, so writers that read the
    suffix work) holding ``data``, flushed to disk and not yet renamed: :func:`commit` puts it
    in place; on an error it is removed and nothing else changed."""
    target = Path(path)
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=f".tmp{target.suffix}")
    tmp = Path(name)
    try:
        if callable(data):
            os.close(fd)
            data(tmp)
            with open(tmp, "rb+") as out:
                out.flush()
                os.fsync(out.fileno())
        else:
            raw = data.encode(encoding) if isinstance(data, str) else bytes(data)
            with os.fdopen(fd, "wb") as out:
                out.write(raw)
                out.flush()
                os.fsync(out.fileno())
        os.chmod(tmp, 0o666 & ~_UMASK)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return tmp


def commit(tmp: str | Path, path: str | Path) -> Path:
    """Rename the temporary file ``tmp`` (:func:`write_temp`) over ``path`` (one atomic step)."""
    target = Path(path)
    try:
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            Path(tmp).unlink()
        raise
    _sync_folder(target.parent)
    return target


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries (the rename) to disk, where the system allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextlib.contextmanager
def locked(path: str | Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path``'s lock file (``.NAME.lock`` beside it) while the
    block runs: writers of one log, in any process, take turns."""
    target = Path(path)
    if fcntl is None:  # pragma: no cover
        yield
        return
    lock = target.with_name(f".{target.name}.lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666 & ~_UMASK)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def append_line(path: str | Path, line: str) -> None:
    """Add one line to a log, whole or not at all: under :func:`locked`, the log is copied
    to a temporary file with the line added and renamed over it (a torn last line left by an
    older writer is closed first, so the new line stays a line of its own)."""
    target = Path(path)
    text = line.rstrip("\n") + "\n"
    if "\n" in text[:-1]:
        raise ValueError("append_line writes one line: the text holds a line break")

    def write(tmp: Path) -> None:
        with open(tmp, "wb") as out:
            if target.exists():
                with open(target, "rb") as old:
                    last = b"\n"
                    while True:
                        chunk = old.read(1 << 20)
                        if not chunk:
                            break
                        out.write(chunk)
                        last = chunk[-1:]
                if last != b"\n":
                    out.write(b"\n")
            out.write(text.encode("utf-8"))

    with locked(target):
        write_atomic(target, write)


def file_digest(path: str | Path) -> str:
    """SHA-256 of a file's bytes (hex), read in blocks."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while True:
            block = f.read(1 << 20)
            if not block:
                return h.hexdigest()
            h.update(block)


# ---------------------------------------------------------------------- reading
def check_regular(path: str | Path, what: str, fail: Callable[[str], Exception]) -> Path:
    """``path`` as a :class:`Path` if it names an existing regular file, else ``fail``'s error
    (a directory, a device such as ``/dev/zero``, a pipe, a missing file)."""
    p = Path(path)
    shown = quoted(str(p), 160, text=True)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise fail(f"{what} {shown} does not exist") from None
    except OSError as exc:
        raise fail(f"{what} {shown} cannot be read ({escaped(exc.strerror or str(exc))})") from None
    if stat.S_ISDIR(st.st_mode):
        raise fail(f"{what} {shown} is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise fail(f"{what} {shown} is not a regular file (a device or a pipe)")
    return p


def read_bounded(path: str | Path, limit: int, what: str, fail: Callable[[str], Exception]) -> bytes:
    """The bytes of the regular file ``path``, refused (``fail``) past ``limit`` bytes before
    they are read."""
    p = check_regular(path, what, fail)
    shown = quoted(str(p), 160, text=True)
    try:
        with open(p, "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise fail(f"{what} {shown} cannot be read ({escaped(exc.strerror or str(exc))})") from None
    if len(data) > limit:
        raise fail(f"{what} {shown} is larger than {limit:,} bytes; a file the lab wrote is far smaller")
    return data


class _Duplicate(Exception):
    """A JSON object names a key twice."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Duplicate(key)
            seen.add(key)
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not standard JSON")


def loads_bounded(
    text: str | bytes, fail: Callable[[str], Exception], *, limit: int, depth: int = MAX_DEPTH,
) -> Any:
    """Parse JSON ``text`` (UTF-8 when bytes) within ``limit`` characters and ``depth`` levels
    of nesting; ``fail(message)`` is the error raised for anything else, with a one-line
    message: too large, not UTF-8, not JSON (with the line and column), a key named twice in
    one object, ``NaN`` or ``Infinity``, nested too deeply."""
    if isinstance(text, bytes | bytearray):
        if len(text) > limit:
            raise fail(f"it is {len(text):,} bytes; at most {limit:,} are allowed")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise fail(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if not isinstance(text, str):
        raise fail(f"expected JSON text, got {type(text).__name__}")
    if len(text) > limit:
        raise fail(f"it is {len(text):,} characters; at most {limit:,} are allowed")
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique)
    except _Duplicate as dup:
        raise fail(f"an object names the key {quoted(dup.args[0], 60)} twice (which one holds?)") from None
    except RecursionError:
        raise fail("JSON nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise fail(f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    except ValueError as exc:
        raise fail(f"not valid JSON ({cut(escaped(str(exc)), 200)})") from None
    if nesting(data, depth) > depth:
        raise fail(f"JSON nested too deeply (more than {depth} levels)")
    return data


def nesting(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply ``value`` (lists and dicts) nests, counted up to ``limit + 1`` (no recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        level += 1
        if level > deepest:
            deepest = level
            if deepest > limit:
                return deepest
        stack.extend((c, level) for c in children if isinstance(c, dict | list))
    return deepest
