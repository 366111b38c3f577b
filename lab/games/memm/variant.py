"""A memm variant: its parameters, their record, and what a state reads from its game.

The parameter specs (every ``AMB-MM-*`` point a switch, RULES.md section 4), the record
:class:`MemmOptions` the rules read at every step, the cube tables built once per cube set, and
:class:`MemmVariant`, the few attributes a :class:`~lab.games.memm.state.MemmState` reads from
its game (the game object in :mod:`lab.games.memm.game` has them; the state never imports it).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple, Protocol

from lab.core.actions import Action
from lab.core.params import Params, ParamSpec
from lab.games.memm.components import (
    COLOURS,
    LAYOUTS,
    N_CUBES,
    CubeTable,
    balanced_cube_set,
    check_cube_set,
    resolve_cube_set,
)

EXTENT = N_CUBES - 1  # a connected structure from the centre reaches at most 35 cells out

# An alternative complete set for the conformance suite: the balanced set with the colour
# names shifted by one (every cube keeps its pattern).
_SHIFTED_SET = [
    [COLOURS[(c + 1) % len(COLOURS)] for c in cube] for cube in balanced_cube_set("adjacent")
]

PARAMETERS: tuple[ParamSpec, ...] = (
    ParamSpec("players", "int", 4, "Number of players (MM: 2-4).", ("MM-1",), minimum=2, maximum=4),
    ParamSpec(
        "match", "choice", "all",
        "Touching faces that must match: every one ('all') or one touching an anchor ('one').",
        ("AMB-MM-1", "MM-2"), choices=("all", "one"),
    ),
    ParamSpec(
        "attach", "choice", "last",
        "A new cube touches the last cube placed ('last', Spanish) or any cube ('any', English).",
        ("AMB-MM-2", "MM-2"), choices=("last", "any"),
    ),
    ParamSpec(
        "cube_set", "json", "balanced",
        "'balanced' or 36 cubes, each six colour names in face order +x,-x,+y,-y,+z,-z.",
        ("AMB-MM-3", "MM-C1", "MM-C2"), examples=(_SHIFTED_SET,), check=check_cube_set,
    ),
    ParamSpec(
        "face_layout", "choice", "opposite",
        "Balanced set: repeated colours on opposite faces first, or on adjacent faces.",
        ("AMB-MM-3",), choices=tuple(LAYOUTS),
    ),
    ParamSpec(
        "gravity", "bool", True,
        "A cube above the table needs a cube right under it (no floating cubes).",
        ("AMB-MM-4",),
    ),
    ParamSpec(
        "no_move", "choice", "pass",
        "A player with no legal placement passes ('pass') or the game ends blocked ('end').",
        ("AMB-MM-5",), choices=("pass", "end"),
    ),
    ParamSpec(
        "max_run", "int", 3,
        "Most placements in a row in the same direction (MM-4.1).",
        ("MM-4.1",), minimum=1, maximum=EXTENT, examples=(2,),
    ),
    ParamSpec(
        "column_rule", "choice", "must",
        "After a cube goes on top: 'must' (Spanish), the next placement, whoever makes it, must "
        "touch that column; 'may' (English), the same player may also touch it on their next "
        "turn; 'off' ignores the rule.",
        ("AMB-MM-7", "MM-4.2"), choices=("must", "may", "off"),
    ),
    ParamSpec(
        "extra_placement", "choice", "may",
        "After a 2+ face join the player may place again and may decline ('may', the seed's "
        "'posibilidad'), or must place if they can ('must', the old reading).",
        ("MM-3",), choices=("may", "must"),
    ),
    ParamSpec(
        "gift_to", "choice", "any",
        "A gift goes to any opponent, the player already out included ('any', Spanish 'a "
        "cualquier contrincante'), or only to one still holding cubes ('holding').",
        ("MM-3", "MM-5"), choices=("any", "holding"),
    ),
    ParamSpec(
        "colour_tiebreak", "choice", "faces",
        "MM-5 tie on cubes: count the colours on any face of the held cubes ('faces') or each "
        "held cube's main colour(s) ('cubes').",
        ("MM-5",), choices=("faces", "cubes"),
    ),
    ParamSpec(
        "run_direction", "choice", "previous",
        "MM-4.1 direction: the side of the previous cube ('previous'; none if not touching it) "
        "or of the cube touched ('touched').",
        ("AMB-MM-6", "MM-4.1"), choices=("previous", "touched"),
    ),
)

# Legal ``place`` actions at one decision are coded by their index (ActionSpec ``choices``): the
# most seen in random and greedy play of every variant is about 1,300 (two players, attach to
# any cube, no gravity); 9,800 leaves room and keeps every code below 10,000 for masks.
PLACE_CHOICES = 9_800  # MM-3 (6 joined faces only without gravity)


class MemmOptions(NamedTuple):
    """A variant's parameters as an immutable record (``game.opt``; its attributes are read in C:
    the rules read a parameter at nearly every step)."""

    players: int
    match: str
    attach: str
    cube_set: Any
    face_layout: str
    gravity: bool
    no_move: str
    max_run: int
    column_rule: str
    extra_placement: str
    gift_to: str
    colour_tiebreak: str
    run_direction: str


@lru_cache(maxsize=32)
def cube_table(cube_set: Any, layout: str) -> CubeTable:
    """Orientation tables per (frozen) cube set, shared by every game loaded with it."""
    return CubeTable.build(resolve_cube_set(cube_set, layout))


class MemmVariant(Protocol):
    """What a memm state reads from its game: the variant's record and tables, its rule points.

    :class:`~lab.games.memm.game.MemmGame` provides them (built once per game from its
    parameters); the state is typed with this, never with the game class.
    """

    params: Params
    rules: Any  # the rule points in force (lab.core.rulepoints.RuleTable: defaults or house rules)

    @property
    def opt(self) -> MemmOptions: ...

    @property
    def cubes(self) -> CubeTable: ...

    @property
    def roll_outcomes(self) -> tuple[tuple[Action, float], ...]: ...

    @property
    def centre_cubes(self) -> dict[int, int]: ...

    def num_players(self) -> int: ...
