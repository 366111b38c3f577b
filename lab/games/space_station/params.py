"""Variant parameters of Save the Space Station (every number of the seed and every AMB-SS point)."""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Mapping
from typing import Any

from lab.core.errors import InvalidVariant
from lab.core.params import ParamSpec


def _check_entries(value: Any) -> list[list[int]]:
    """``[]`` (use the AMB-SS-3 rule) or six distinct 1-based ``[column, row]`` pairs."""
    if not isinstance(value, list):
        raise InvalidVariant("entry_points must be [] or a list of six [column, row] pairs")
    if not value:
        return []
    if len(value) != 6:
        msg = f"entry_points needs exactly 6 [column, row] pairs (one per die face), got {len(value)}"
        raise InvalidVariant(msg)
    out = []
    for k, pair in enumerate(value, start=1):
        ok = (
            isinstance(pair, list | tuple)
            and len(pair) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
        )
        if not ok:
            msg = f"entry point {k} = {pair!r} is not a [column, row] pair of integers (1-based)"
            raise InvalidVariant(msg)
        out.append([int(pair[0]), int(pair[1])])
    return out


PARAMETERS: tuple[ParamSpec, ...] = (
    ParamSpec("players", "int", 1, "Number of players: a solo game (SS).", minimum=1, maximum=1),
    ParamSpec(
        "grid", "choice", "hex",
        "Board cells: 'hex' (SS-A1) or 'square', which the seed's preamble allows ('anche uno a "
        "riquadri si presta ugualmente'); every distance of the seed then counts squares.",
        ("SS-A1",), choices=("hex", "square"),
    ),
    ParamSpec(
        "square_neighbours", "choice", 8,
        "Square grid only: 8 = squares sharing a side or a corner touch (Chebyshev distance, a "
        "24-square orbit); 4 = only a side (Manhattan distance, a 12-square diamond orbit).",
        ("AMB-SS-9", "SS-A1"), choices=(8, 4),
    ),
    ParamSpec("columns", "int", 28, "Board columns.", ("SS-A1",), minimum=8, maximum=60, examples=(30,)),
    ParamSpec("rows", "int", 19, "Board rows.", ("SS-A1",), minimum=7, maximum=60, examples=(21,)),
    ParamSpec(
        "orientation", "choice", "pointy",
        "Hex orientation: pointy-top hexes in rows, or flat-top hexes in columns.",
        ("AMB-SS-1",), choices=("pointy", "flat"),
    ),
    ParamSpec(
        "hex_offset", "choice", "odd",
        "Offset scheme: which rows (pointy) or columns (flat) are shoved by half a hex.",
        ("AMB-SS-1",), choices=("odd", "even"),
    ),
    ParamSpec("earth_row", "int", 10, "Earth's row, 1-based.", ("SS-A2",), minimum=1, maximum=60, examples=(9,)),
    ParamSpec(
        "earth_from_right", "int", 6,
        "Earth is the n-th hex counting from the right edge (edge hex = 1st): 6 -> column 23 of 28; "
        "7 -> column 22 (six hexes between Earth and the edge).",
        ("AMB-SS-2", "SS-A2"), minimum=1, maximum=60, examples=(7,),
    ),
    ParamSpec("orbit_radius", "int", 3, "Orbit distance from Earth.", ("SS-A4",), minimum=2, maximum=10, examples=(4,)),
    ParamSpec(
        "forbidden_radius", "int", 1, "Hexes within this distance of Earth are forbidden (1: Earth + 6).",
        ("SS-A2", "SS-F4"), minimum=0, maximum=9, examples=(0, 2),
    ),
    ParamSpec(
        "entry_points", "json", [],
        "[] = the documented equidistant rule; else six 1-based [column, row] pairs (entry 1..6).",
        ("AMB-SS-3", "SS-A3"), examples=([[5, 1], [2, 1], [1, 5], [1, 15], [2, 19], [5, 19]],),
        check=_check_entries,
    ),
    ParamSpec("station_speed", "int", 3, "Orbit hexes the station moves per turn.", ("SS-D1",), minimum=1, maximum=12, examples=(2,)),
    ParamSpec("fighters", "int", 6, "Fighters in the station.", ("SS-B",), minimum=0, maximum=12, examples=(4,)),
    ParamSpec("fighters_per_turn", "int", 2, "Fighters leaving the station per turn.", ("SS-D2",), minimum=1, maximum=12, examples=(1, 3)),
    ParamSpec("fighter_speed", "int", 5, "Maximum fighter move.", ("SS-D2", "SS-F1"), minimum=0, maximum=10, examples=(3,)),
    ParamSpec("droids", "int", 2, "Droids (each carries one missile).", ("SS-B",), minimum=1, maximum=4),
    ParamSpec("droid_speed", "int", 4, "Droid move (always full).", ("SS-D3",), minimum=1, maximum=8, examples=(3,)),
    ParamSpec("missile_speed", "int", 6, "Missile move (always full).", ("SS-D4",), minimum=1, maximum=8, examples=(5,)),
    ParamSpec("laser_range", "int", 6, "Laser range in hexes (all lasers).", ("SS-G2",), minimum=0, maximum=40, examples=(4,)),
    ParamSpec("droid_shields", "int", 3, "Droid shields: shields + 1 hits destroy a droid.", ("SS-D3",), minimum=0, maximum=10, examples=(1,)),
    ParamSpec("hit_on", "int", 5, "A laser hits on a d6 roll of at least this (7: never).", ("SS-G2",), minimum=1, maximum=7, examples=(4, 6)),
    ParamSpec(
        "station_tie", "choice", "die",
        "Station laser, several nearest targets: 'die' = a die roll picks one; "
        "'missiles_first' = missiles before droids, then the lowest piece number.",
        ("AMB-SS-8", "SS-J"), choices=("die", "missiles_first"),
    ),
    ParamSpec(
        "launch_position", "choice", "station",
        "Where a fighter appears when it leaves: on the station's hex, or on the orbit hex just "
        "behind it (clockwise), off the station's path.",
        ("AMB-SS-4",), choices=("station", "behind"),
    ),
    ParamSpec(
        "stack_hit_order", "choice", "station_first",
        "A mover entering a cell holding several pieces meets them in this order: "
        "'station_first' = the station, then the others by piece number (fighters, droids, "
        "missiles); 'station_last' = the others first, the station last (a fighter just launched "
        "on the station's cell absorbs a missile aimed at the station).",
        ("AMB-SS-10", "SS-E", "SS-D4"), choices=("station_first", "station_last"),
    ),
    ParamSpec(
        "launch_moves", "bool", False,
        "May a fighter that left this turn also move in steps 7-8 (it never fires twice)?",
        ("AMB-SS-4",),
    ),
    ParamSpec(
        "laser_line_of_sight", "bool", False,
        "Lasers need a line of sight that does not cross the forbidden zone (shapely).",
        ("AMB-SS-5",),
    ),
    ParamSpec(
        "droid_targets", "choice", "fighters",
        "What a droid's laser attacks: 'fighters' only, or 'all' pieces in range but the station "
        "(other droids and missiles too).",
        ("AMB-SS-6",), choices=("fighters", "all"),
    ),
    ParamSpec(
        "same_entry", "choice", "allowed",
        "Two droids rolling the same entry point: 'allowed' (placed on the occupied hex, no "
        "collision) or 'reroll' (the die is rolled again until a free point comes up).",
        ("AMB-SS-7",), choices=("allowed", "reroll"),
    ),
    ParamSpec(
        "free_route_choice", "choice", "first",
        "Several equally preferred routes (SS-F3 tiers 1-2): 'first' in the fixed direction order, "
        "or 'die'. Tier 3 (every route has friendly pieces) always rolls the die.",
        ("SS-F3",), choices=("first", "die"),
    ),
    ParamSpec(
        "max_turns", "int", 100,
        "Lab safety bound, not a rule (SS-H: the seed's game ends only by a win or a loss): a game "
        "still running after this many turns ends unfinished (no winner, not a draw; returns 0).",
        ("SS-H",), minimum=1, maximum=1000, examples=(3,),
    ),
)


SpaceStationOptions = namedtuple("SpaceStationOptions", [spec.name for spec in PARAMETERS])  # type: ignore[misc]
"""The parameters as a record with one field per parameter (its attributes are read in C).
Built once at import: ``namedtuple`` compiles its class from source text, which must never
happen while a user's file is being read (``tests/test_hostile_inputs.py`` traps it)."""


def options_record(params: Mapping[str, Any]) -> Any:
    """The parameters as a :data:`SpaceStationOptions` record."""
    return SpaceStationOptions(**params)
