"""Component tables of Save the Space Station, as data (SS-B, SS-C, SS-D).

``PIECES`` is what the seed lists (SS-B); ``STATED`` are the numbers its text states, which the
linter compares with what the parameters and set-up rules recompute.
"""

from __future__ import annotations

# SS-B: kind -> (count, side). "station" and "fighter" are the player's; the rest the enemy's.
PIECES: dict[str, tuple[int, str]] = {
    "station": (1, "player"),
    "fighter": (6, "player"),
    "droid": (2, "enemy"),
    "missile": (2, "enemy"),
}

# SS-C: one ordinary die.
DIE_SIDES = 6

# Totals and speeds the seed text states (SS-A, SS-D, SS-G).
STATED: dict[str, int] = {
    "columns": 28,
    "rows": 19,
    "earth_row": 10,
    "earth_from_right": 6,
    "orbit_radius": 3,
    "orbit_hexes": 18,
    "forbidden_hexes": 7,
    "entry_points": 6,
    "station_speed": 3,
    "fighter_speed": 5,
    "fighters_per_turn": 2,
    "droid_speed": 4,
    "missile_speed": 6,
    "laser_range": 6,
    "droid_shields": 3,
    "droid_hits_to_destroy": 4,
    "hit_on": 5,
}

# Short piece codes used in observations, events and the SVG.
CODES = {"station": "S", "fighter": "F", "droid": "D", "missile": "M"}
