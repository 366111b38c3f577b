"""Save the Space Station's rule points: the decisions a house rule may replace.

Each is a small pure function named by its clause (RULES.md section 3); the state calls them
through ``game.rules`` (see :mod:`lab.core.rulepoints`). They are declared as rule points at the
end of the module by calling :func:`~lab.core.rulepoints.rule_point` rather than with decorator
syntax: mutmut (``make mutants``) does not mutate decorated functions, and these are the rules. Pieces are named by kind:
``"station"``, ``"fighter"``, ``"droid"``, ``"missile"``.
"""

from __future__ import annotations

from typing import Any, Literal

from lab.core.errors import RuleError
from lab.core.rulepoints import rule_point

Effect = Literal["destroy", "damage", "none"]


def laser_hits(face: int, hit_on: int) -> bool:
    """SS-G2: does a laser shot with d6 ``face`` hit? On ``hit_on`` (5 in the seed) or more."""
    return face >= hit_on


def preferred_routes(tiers: list[int]) -> list[int]:
    """SS-F3: which of a droid's or missile's shortest routes it may take (indices into ``tiers``).

    ``tiers[i]`` rates route ``i``: 0 no piece on it, 1 only the player's pieces, 2 friendly
    pieces too (the station never counts). The routes of the best tier are kept; a die picks
    among several (or the first, per ``free_route_choice``).
    """
    best = min(tiers)
    return [i for i, t in enumerate(tiers) if t == best]


def collide(
    mover: str, other: str
) -> tuple[Literal["destroy", "damage", "none"], Literal["destroy", "damage", "none"], bool]:
    """SS-E: what a collision does, as (effect on the mover, effect on the other, mover stops?).

    Effects: ``"destroy"``, ``"damage"`` (a droid loses a shield; anything else is destroyed)
    or ``"none"``. Missile or station involved, or two fighters: both destroyed.
    Fighter-droid: the fighter is destroyed, the droid loses a shield. Droid-droid: both lose a
    shield and the moving one stops before the other.
    """
    pair = {mover, other}
    if "missile" in pair or "station" in pair or pair == {"fighter"}:
        return "destroy", "destroy", False
    if pair == {"fighter", "droid"}:
        return ("destroy", "damage", False) if mover == "fighter" else ("damage", "destroy", False)
    return "damage", "damage", True


def outcome(station_destroyed: bool, enemies_left: int) -> Literal["loss", "win", "running"]:
    """SS-H: the game ends only when the station is destroyed (loss), or when every droid and
    missile is destroyed (win, ``enemies_left == 0``); otherwise it goes on."""
    if station_destroyed:
        return "loss"
    return "win" if enemies_left == 0 else "running"


def station_targets(distances: list[int]) -> list[int]:
    """SS-D1: which targets in range the station's laser may fire at (indices into ``distances``).

    The nearest; ties are broken by AMB-SS-8 (``station_tie``).
    """
    best = min(distances)
    return [i for i, d in enumerate(distances) if d == best]


def house_pick(items: list[Any], indices: list[int], rule: str, house: Any) -> list[Any]:
    """``items[i]`` for the indices the house rule ``house[rule]`` chose (in range, each once; at
    least one); the error names the function and the indices out of range. The state checks a
    house rule's choice with it (SS-F3, SS-D1); the seed's own rules are trusted."""
    seen = list(dict.fromkeys(i for i in indices if 0 <= i < len(items)))
    if not seen:
        fn = getattr(house[rule].function, "__name__", "rule")
        last = len(items) - 1
        bad = [i for i in indices if not 0 <= i < len(items)]
        if not bad:
            why = "returned no index"
        elif len(bad) == 1:
            why = f"index {bad[0]} is out of range 0..{last}"
        else:
            why = f"indices {', '.join(map(str, bad[:5]))} are out of range 0..{last}"
        msg = (f"rule point {rule} chose none of the {len(items)} candidates: house rule {fn}: {why}; "
               f"return at least one index in 0..{last}")
        raise RuleError(msg, rule=rule, clause=rule)
    return [items[i] for i in seen]


RULE_POINTS = tuple(
    rule_point(clause)(fn)
    for clause, fn in (
        ("SS-G2", laser_hits),
        ("SS-F3", preferred_routes),
        ("SS-E", collide),
        ("SS-H", outcome),
        ("SS-D1", station_targets),
    )
)
