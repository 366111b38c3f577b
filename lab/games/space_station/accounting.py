"""Linter checks of Save the Space Station, built from its component tables and the variant."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from lab.games.space_station.components import PIECES, STATED
from lab.lint.checks import Divisible, Note, StatedTotal

if TYPE_CHECKING:
    from lab.games.space_station.tables import SpaceStationTables


def accounting_checks(game: SpaceStationTables) -> list[Any]:
    """StatedTotal / Divisible / Note checks comparing the seed's numbers with the variant."""
    p = game.params
    geo = game.geometry
    stated_pieces = sum(n for n, _ in PIECES.values())
    per_turn = int(p.fighters_per_turn)
    launch_turns = math.ceil(int(p.fighters) / per_turn) if p.fighters else 0
    checks: list[Any] = [
        StatedTotal(
            "SS-B-pieces", ("SS-B",), "pieces (1 station, 6 fighters, 2 droids, 2 missiles)",
            stated_pieces,
            {"station": 1, "fighters": int(p.fighters), "droids": int(p.droids),
             "missiles (one per droid)": int(p.droids)},
        ),
        StatedTotal(
            "SS-B-missiles", ("SS-B", "SS-D4"), "missiles (one launched per droid)",
            PIECES["missile"][0], {"one per droid": int(p.droids)},
        ),
        StatedTotal("SS-A3-entries", ("SS-A3", "SS-C"), "entry points (one per die face)",
                    STATED["entry_points"], {"entry points": len(geo.entries)}),
        StatedTotal("SS-D3-hits", ("SS-D3",), "hits to destroy a droid",
                    STATED["droid_hits_to_destroy"],
                    {"shields": int(p.droid_shields), "final hit": 1}),
        Divisible("SS-D2-launch", ("SS-D2", "SS-J"),
                  f"fighters launched {per_turn} per turn (all out after {launch_turns} turns)",
                  int(p.fighters), per_turn),
        Divisible("SS-D1-orbit", ("SS-D1", "SS-A4"),
                  f"orbit hexes covered {int(p.station_speed)} per turn "
                  f"({len(geo.orbit) / int(p.station_speed):g} turns per orbit)",
                  len(geo.orbit), int(p.station_speed)),
    ]
    if p.grid == "hex":
        checks += [
            StatedTotal("SS-A4-orbit", ("SS-A4",), "orbit hexes", STATED["orbit_hexes"],
                        {"hexes at the orbit distance": len(geo.orbit)}),
            StatedTotal("SS-A2-forbidden", ("SS-A2", "SS-F4"), "forbidden hexes (Earth + 6)",
                        STATED["forbidden_hexes"], {"Earth and its neighbours": len(geo.forbidden)}),
        ]
    else:  # the seed's 18 and 7 count hexes; a square board has its own (SS-A1, AMB-SS-9)
        checks.append(Note(
            "SS-A1-square", ("SS-A1", "AMB-SS-9", "SS-A4", "SS-A2"),
            f"square grid ({p.square_neighbours} neighbours): orbit of {len(geo.orbit)} squares "
            f"(the seed's hex orbit has {STATED['orbit_hexes']}), forbidden zone of "
            f"{len(geo.forbidden)} squares (hex board: {STATED['forbidden_hexes']})",
        ))
    notes = {
        "AMB-SS-1": f"hex orientation {p.orientation!r}, offset {p.hex_offset!r} (parameters)",
        "AMB-SS-2": f"Earth at 1-based column {int(p.columns) - int(p.earth_from_right) + 1}, "
                    f"row {p.earth_row} (earth_from_right={p.earth_from_right})",
        "AMB-SS-3": "entry points: " + ", ".join(geo.label(h) for h in geo.entries),
        "AMB-SS-4": f"launch_position={p.launch_position!r}, launch_moves={p.launch_moves}",
        "AMB-SS-5": f"laser_line_of_sight={p.laser_line_of_sight}",
        "AMB-SS-6": f"droid_targets={p.droid_targets!r}",
        "AMB-SS-7": f"same_entry={p.same_entry!r}",
        "AMB-SS-8": f"station_tie={p.station_tie!r}",
        "AMB-SS-10": f"stack_hit_order={p.stack_hit_order!r}",
    }
    for clause, text in notes.items():
        checks.append(Note(f"{clause}-param", (clause,), f"open point decided by a parameter: {text}"))
    return checks
