"""The aliasing contract's own cost (issue #16): a copy of the tree without its runtime work.

Writes a copy of a source tree in which the work done only to keep what a state hands out from
aliasing it is taken out, for a paired comparison with :mod:`benchmarks.ab`::

    python -m benchmarks.contract_cost . /tmp/no-contract
    python -m benchmarks.ab /tmp/no-contract . memcel:random:100,memm:random:100 --rounds 10

``speed B/A`` is then the speed kept with the contract (0.95: it costs 5%). What is taken out,
everything the contract does at run time: freezing an event's data when it is first handed out
(``State._frozen_events``, and ``stop_unfinished``'s event, which a game stopped by a safety
limit hands out), the fresh list ``returns()`` hands out, the games' copies of a cached
legal-action list in their ``_legal_actions``, and the games' own read-only views made on
first hand-out (Memcel's observed records, Fiemme–Cembra's last race). ``State.log`` does no
work for the contract (it keeps an event's values as logged; conformance audits that rules
never edit them afterwards), so there is nothing to take out there. Each edit must find its
text: a changed source fails here, loudly, instead of measuring something else.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

#: (file, text in the tree, text without the contract's work)
EDITS: tuple[tuple[str, str, str], ...] = (
    (
        "lab/core/state_hooks.py",
        "        if start != end:\n"
        "            if start > end:  # the list was replaced behind our back: check it all\n"
        "                start = 0\n"
        "            for i in range(start, end):\n"
        "                e = events[i]\n"
        "                if type(e[2]) is dict:  # logged as a private plain dict: see log() (and a kit\n"
        "                    # game's ctx.log, whose private dict may hold private lists: frozen deep)\n"
        "                    events[i] = _new_item(Event, (e[0], e[1], freeze(e[2]), e[3], e[4]))\n"
        "            self._frozen_to = end\n",
        "",
    ),
    (
        "lab/core/state_hooks.py",
        "        self._events[-1] = e = _new_item(Event, (e[0], e[1], freeze(e[2]), e[3], e[4]))  # handed out\n",
        "",
    ),
    (
        "lab/core/state_hooks.py",
        '        if not getattr(fn, "_fresh", False):\n'
        "            cls.returns = _returns_copy(fn)  # type: ignore[method-assign]\n",
        "",
    ),
    ("lab/games/memm/turns.py", "        return list(self._legal)\n", "        return self._legal\n"),
    (
        "lab/games/fiemme_cembra/views.py",
        "        if race is not None and type(race) is not FrozenDict:\n"
        "            self.race = race = freeze(race)\n",
        "",
    ),
    (
        "lab/games/memcel/base.py",
        "        return [FrozenDict(r) for r in self.seen[viewer][start:]]\n",
        "        return self.seen[viewer][start:]\n",
    ),
)


def write_variant(source: Path, target: Path) -> None:
    """Copy ``source``'s ``lab`` package to ``target`` and apply :data:`EDITS` there."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source / "lab", target / "lab", ignore=shutil.ignore_patterns("__pycache__"))
    for name, old, new in EDITS:
        path = target / name
        text = path.read_text()
        if text.count(old) != 1:
            msg = f"{name}: the contract's code to take out was not found once; update EDITS"
            raise SystemExit(msg)
        path.write_text(text.replace(old, new))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m benchmarks.contract_cost SOURCE_TREE TARGET_DIR", file=sys.stderr)
        return 2
    write_variant(Path(args[0]), Path(args[1]))
    print(f"wrote {args[1]}: {args[0]} without the aliasing contract's runtime work")
    return 0


if __name__ == "__main__":
    sys.exit(main())
