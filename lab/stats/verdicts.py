"""Plain-language verdict sentences for one metric of a paired comparison.

Every sentence names what its interval is an interval of: for a 0/1 measure (a rate) the
difference between the two variants' rates, B − A, in points (Tango's interval); for any other
measure the mean per-game difference B − A over paired games, in the measure's units (the t
interval with a prior pair); a relative change is the ratio of the two means minus 1
(Fieller's interval). Each is printed at the confidence its metric was tested at.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Fewer paired games than this and a metric gets no verdict (only "too little data").
MIN_GAMES = 10

#: metric -> (plain name, word when B is higher, word when B is lower)
PHRASES: dict[str, tuple[str, str, str]] = {
    "length_actions": ("game length (actions)", "lengthens games", "shortens games"),
    "length_decisions": ("player decisions per game", "raises player decisions per game", "lowers player decisions per game"),
    "turns": ("turns per game", "lengthens games in turns", "shortens games in turns"),
    "rounds": ("rounds per game", "lengthens games in rounds", "shortens games in rounds"),
    "minutes": ("estimated play time", "lengthens play time", "shortens play time"),
    "first_mover_win": ("first mover's win rate", "raises the first mover's win rate", "lowers the first mover's win rate"),
    "draw": ("draw rate", "raises the draw rate", "lowers the draw rate"),
    "unfinished": ("unfinished rate", "leaves more games unfinished", "leaves fewer games unfinished"),
    "timeout": ("timeout rate", "raises the timeout rate", "lowers the timeout rate"),
    "lead_changes": ("lead changes per game", "raises lead changes per game", "lowers lead changes per game"),
    "decided_at": ("point where the game is decided", "decides games later", "decides games earlier"),
    "margin": ("final progress margin", "widens the final margin", "narrows the final margin"),
}


def phrase(metric: str) -> tuple[str, str, str]:
    """(plain name, verb when B is higher, verb when B is lower) of a metric."""
    if metric in PHRASES:
        return PHRASES[metric]
    if metric.startswith("win_"):
        seat = metric[4:]
        return (f"seat {seat}'s win rate", f"raises seat {seat}'s win rate", f"lowers seat {seat}'s win rate")
    if metric.startswith(("return_", "rank_", "lost_")) and metric.rpartition("_")[2].isdigit():
        kind, _, seat = metric.rpartition("_")
        return {
            "return": (f"seat {seat}'s mean return", f"raises seat {seat}'s return", f"lowers seat {seat}'s return"),
            "rank": (f"seat {seat}'s mean place (1 = best)", f"moves seat {seat} down the ranking",
                     f"moves seat {seat} up the ranking"),
            "lost": (f"seat {seat}'s loss rate (last place)", f"makes seat {seat} lose more often",
                     f"makes seat {seat} lose less often"),
        }[kind]
    if metric.startswith("decided[") and metric.endswith("]"):
        rule = metric[8:-1]
        return (f"share of games decided by {rule}", f"makes {rule} decide more games", f"makes {rule} decide fewer games")
    if metric.startswith("n["):
        return (f"firings of {metric[2:-1]}", f"makes {metric[2:-1]} fire more", f"makes {metric[2:-1]} fire less")
    return (metric, f"raises {metric}", f"lowers {metric}")


@dataclass(frozen=True)
class Row:
    """What a verdict needs to know about one metric (see :func:`lab.stats.compare_frames`)."""

    metric: str
    kind: str  # "rate" (0/1 measure, in points) or "mean"
    a: float
    b: float
    diff: float
    lo: float
    hi: float
    level: float
    n: int
    significant: bool
    relative: bool = False
    rel: float = math.nan
    rel_lo: float = math.nan
    rel_hi: float = math.nan
    margin: float | None = None
    equivalent: bool = False


def _num(v: float, kind: str, signed: bool = True) -> str:
    if kind == "rate":
        return f"{v * 100:+.1f}" if signed else f"{abs(v) * 100:.1f}"
    return f"{v:+.3g}" if signed else f"{abs(v):.3g}"


def _means(row: Row) -> str:
    return f"{row.a:.1%} → {row.b:.1%}" if row.kind == "rate" else f"{row.a:.3g} → {row.b:.3g}"


def _level(row: Row) -> str:
    """"96% interval of the mean difference per game, corrected ...": what the interval is of."""
    shown = f"{row.level * 100:.2f}".rstrip("0").rstrip(".")
    extra = "" if abs(row.level - 0.95) < 1e-9 else ", corrected for the other metrics"
    of = "the difference in rate" if row.kind == "rate" else "the mean difference per game"
    return f"{shown}% interval of {of}{extra}"


def sentence(row: Row, label_b: str) -> str:
    """One sentence about the effect of B (relative to A) on the row's metric."""
    name, up, down = phrase(row.metric)
    unit = " points" if row.kind == "rate" else ""
    if math.isnan(row.diff):
        return f"{label_b}: {name} cannot be compared (no games where both variants define it)"
    if row.n < MIN_GAMES:
        return f"{label_b}: too little data on {name} ({row.n} paired games; a verdict needs at least {MIN_GAMES})"
    span = f"{_num(row.lo, row.kind)} to {_num(row.hi, row.kind)}{unit}"
    where = f"{_means(row)}; {_level(row)}, {row.n} paired games"
    if row.equivalent and row.margin is not None:
        return (f"{label_b}: {name} equivalent within ± {_num(row.margin, row.kind, signed=False)}{unit} "
                f"(the interval {span} lies inside; {where})")
    if row.kind == "mean" and row.lo == row.hi == row.diff == 0.0:
        return f"{label_b}: the same {name} in every paired game ({row.a:.3g}; {row.n} paired games)"
    if row.significant:
        word = up if row.diff > 0 else down
        if row.relative:
            return (f"{label_b} {word} by {abs(row.rel):.0%} ({row.rel_lo * 100:+.0f}% to {row.rel_hi * 100:+.0f}%; "
                    f"absolute {span}; {where})")
        return f"{label_b} {word} by {_num(row.diff, row.kind, signed=False)}{unit} ({span}; {where})"
    tail = ""
    if row.margin is not None:
        tail = f"; not shown to lie within ± {_num(row.margin, row.kind, signed=False)}{unit}"
    return f"{label_b}: no clear effect on {name}: the data allow anything from {span} ({where}){tail}"
