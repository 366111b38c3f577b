"""Where a study is kept: the storage checked before use, its errors in one line, its study
checked against the call that resumes it, and trials left running by a dead process closed.

``lab.tune(storage=...)`` takes ``None`` (the study lives in memory), an optuna storage object,
or a database URL (``sqlite:///studies.db``). :func:`check_storage` refuses, before anything is
played, what cannot hold a study: an empty SQLite path (optuna would keep an in-memory database
that keeps nothing), a folder that does not exist, a folder or a device given as the file, a
file that is not an SQLite database, another type than a string; :func:`storage_errors` turns
what the database says while the study runs (damaged, locked, not optuna's tables, a driver
missing, a tampered trial) into :class:`~lab.core.errors.InvalidStorage`, one line naming the
storage and what to do. :func:`check_study` refuses a study reused with other targets or another
space, and :func:`close_stale` marks failed the trials a killed process left ``RUNNING``.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import optuna

from lab.core.errors import InvalidStorage, cut, escaped, quoted

SQLITE = "sqlite:///"
SQLITE_HEADER = b"SQLite format 3\x00"
OWNER = "owner"
"""User attribute of a trial: ``{"host": ..., "pid": ...}`` of the process playing it."""
STUDY_KEY = "rules-lab"
"""User attribute of a study: what it was made for (game, targets, space)."""


def shown_storage(storage: Any) -> str:
    """The storage as a message names it (a URL cut to a sane length)."""
    if isinstance(storage, str):
        return quoted(storage, 160, text=True)
    return type(storage).__name__


def check_storage(storage: Any) -> Any:
    """``storage`` if a study can be kept there, else :class:`InvalidStorage` (see the module
    docstring). Files are looked at, never created or changed, here."""
    if storage is None or isinstance(storage, optuna.storages.BaseStorage):
        return storage
    if not isinstance(storage, str):
        msg = (
            f"storage must be None (a study in memory), a database URL such as sqlite:///studies.db "
            f"or an optuna storage, not {type(storage).__name__}"
        )
        raise InvalidStorage(msg)
    shown = shown_storage(storage)
    if len(storage) > 4096 or "\x00" in storage:
        raise InvalidStorage(f"storage {shown}: not a database URL")
    if not storage.startswith(SQLITE):
        if "://" not in storage:
            raise InvalidStorage(f"storage {shown}: not a database URL; give sqlite:///PATH.db")
        return storage  # another database: its driver and server answer when the study opens
    path = storage[len(SQLITE):]
    if path in ("", ":memory:") or path.startswith("?"):
        msg = (
            f"storage {shown} names no file, so the study would be kept nowhere; give sqlite:///PATH.db "
            "(storage=None keeps a study in memory on purpose)"
        )
        raise InvalidStorage(msg)
    file = Path(path.split("?", 1)[0]).expanduser()
    folder = file.parent
    if not folder.is_dir():
        raise InvalidStorage(f"storage {shown}: the folder {quoted(str(folder), 160, text=True)} does not exist")
    if file.is_dir():
        raise InvalidStorage(f"storage {shown}: {quoted(str(file), 160, text=True)} is a folder; give a file name")
    if file.exists():
        if not file.is_file():
            raise InvalidStorage(f"storage {shown}: {quoted(str(file), 160, text=True)} is not a regular file")
        try:
            with open(file, "rb") as f:
                head = f.read(len(SQLITE_HEADER))
        except OSError as exc:
            raise InvalidStorage(f"storage {shown}: cannot be read ({escaped(exc.strerror or str(exc))})") from None
        if head and head != SQLITE_HEADER:
            msg = f"storage {shown}: this file is not an SQLite database; give another file (a new one is created)"
            raise InvalidStorage(msg)
    elif not os.access(folder, os.W_OK):
        raise InvalidStorage(f"storage {shown}: the folder {quoted(str(folder), 160, text=True)} cannot be written")
    return storage


def _reason(exc: BaseException) -> str:
    text = str(exc).lower()
    if "not a database" in text or "malformed" in text or "file is encrypted" in text:
        return "not an optuna study database, or a damaged one; give another file"
    if "locked" in text or "busy" in text:
        return "the database is locked by another process; try again when it has finished"
    if "unable to open" in text or "readonly" in text or "read-only" in text:
        return "the database cannot be opened for writing; check the file and its folder"
    if isinstance(exc, ImportError) or "driver" in text or "db access module" in text:
        return "the database's driver is not installed (e.g. pip install psycopg2 for PostgreSQL)"
    if isinstance(exc, optuna.exceptions.StorageInternalError) or "no such table" in text or "no such column" in text:
        return "it holds other tables than optuna's (another program's database?); give another file"
    first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return f"the database refused it ({cut(escaped(first), 200)})"


def _database_errors() -> tuple[type[BaseException], ...]:
    errors: list[type[BaseException]] = [optuna.exceptions.StorageInternalError, sqlite3.Error, ImportError]
    with contextlib.suppress(ImportError):
        import sqlalchemy.exc

        errors.append(sqlalchemy.exc.SQLAlchemyError)
    return tuple(errors)


@contextlib.contextmanager
def storage_errors(storage: Any, study: str | None = None) -> Iterator[None]:
    """Turn what the database raises into :class:`InvalidStorage` naming the storage (and,
    for what a tampered trial makes optuna raise, the study)."""
    try:
        yield
    except InvalidStorage:
        raise
    except _database_errors() as exc:
        raise InvalidStorage(f"storage {shown_storage(storage)}: {_reason(exc)}") from None
    except (IndexError, KeyError, TypeError, AttributeError) as exc:
        if storage is None:
            raise
        where = f"study {quoted(study, 80, text=True)} in " if study else ""
        msg = (
            f"{where}storage {shown_storage(storage)} holds a damaged trial ({type(exc).__name__}: "
            f"{cut(escaped(str(exc)), 120)}); give another study_name or file"
        )
        raise InvalidStorage(msg) from None


def check_study(study: Any, storage: Any, directions: Sequence[str], made_for: Mapping[str, Any],
                names: Sequence[str]) -> None:
    """Refuse a study found under the name with other target directions, or made for other
    targets or another space (:data:`STUDY_KEY`); mark a new one with what it is for. A study
    of an older lab (no mark) must at least hold trials of the space's entries ``names``."""
    name = study.study_name
    want = [optuna.study.StudyDirection.MAXIMIZE if d == "maximize" else optuna.study.StudyDirection.MINIMIZE
            for d in directions]
    where = f"study {quoted(name, 80, text=True)} in storage {shown_storage(storage)}"
    if list(study.directions) != want:
        have = ", ".join(d.name.lower() for d in study.directions)
        msg = (
            f"{where} was made to {have} but these targets {', '.join(directions)}: its scores cannot be "
            "mixed; give another study_name (or storage)"
        )
        raise InvalidStorage(msg)
    mark = study.user_attrs.get(STUDY_KEY)
    if mark is None:
        trials = study.get_trials(deepcopy=False)
        if trials:
            seen = {k for t in trials for k in t.params}
            if not seen <= set(names):
                extra = ", ".join(sorted(seen - set(names))[:5])
                msg = f"{where} holds trials of another space (entries {quoted(extra, 120, text=True)}); give another study_name"
                raise InvalidStorage(msg)
        study.set_user_attr(STUDY_KEY, dict(made_for))
        return
    if mark != dict(made_for):
        diff = [k for k in made_for if not isinstance(mark, Mapping) or mark.get(k) != made_for[k]]
        msg = (
            f"{where} was made for another {' and '.join(diff) or 'search'}; resuming it would mix its trials "
            "with this search's: give another study_name (or storage)"
        )
        raise InvalidStorage(msg)


def owner() -> dict[str, Any]:
    """The :data:`OWNER` attribute of a trial this process plays."""
    return {"host": socket.gethostname(), "pid": os.getpid()}


def _alive(pid: Any) -> bool:
    if isinstance(pid, bool) or not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def close_stale(study: Any) -> int:
    """Mark ``FAIL`` the trials left ``RUNNING`` by a process that is gone (killed while it
    played them): this host's dead processes, this very process (a call interrupted before),
    and trials without an :data:`OWNER` (an older lab). Returns how many were closed."""
    here = socket.gethostname()
    closed = 0
    for t in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,)):
        who = t.user_attrs.get(OWNER)
        if isinstance(who, Mapping) and who.get("host") != here:
            continue  # another machine's process: it may still be playing
        if isinstance(who, Mapping) and who.get("pid") != os.getpid() and _alive(who.get("pid")):
            continue  # a live process of this machine
        study.tell(t.number, state=optuna.trial.TrialState.FAIL)
        closed += 1
    return closed


def space_size(dims: Sequence[Any]) -> int | None:
    """How many distinct variants a space holds (``None``: a continuous entry, no end)."""
    total = 1
    for d in dims:
        if d.kind == "int":
            step = int(d.step or 1)
            total *= (int(d.high) - int(d.low)) // step + 1
        elif d.kind == "float":
            if not d.step:
                return None
            total *= int((float(d.high) - float(d.low)) / float(d.step) + 1e-9) + 1
        elif d.kind == "choice":
            total *= len(d.choices)
        elif d.kind == "rule":
            total *= len(d.rules)
    return total
