"""The memm game object: a variant's parameters, actions and tables, assembled with its parts.

:class:`MemmGame` is where memm's parts meet and the only module that knows them all: it makes
the states (:mod:`lab.games.memm.state`), names the rule points (:mod:`lab.games.memm.rules`),
the presentation that draws a state (:mod:`lab.games.memm.render`) and the agents
(:mod:`lab.games.memm.agents`). None of those imports this module. The rules as implemented are
described in :mod:`lab.games.memm.rules`; the parameters in :mod:`lab.games.memm.variant`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import networkx as nx

from lab.boards.cubes import cube_lattice_graph
from lab.core.actions import Action, ActionSpec, Field
from lab.core.chance import uniform
from lab.core.errors import InvalidVariant
from lab.core.game import Game
from lab.core.params import Params
from lab.core.state import State
from lab.games.memm.agents import GreedyAgent, LookaheadAgent
from lab.games.memm.components import (
    COLOURS,
    CUBES_PER_PATTERN,
    N_CUBES,
    PATTERNS,
    CubeTable,
    pattern_name,
    pattern_of,
)
from lab.games.memm.render import MemmPresentation
from lab.games.memm.rules import blocked, first_out_bonus, losers, rewards, round_over, run_full
from lab.games.memm.state import MemmState
from lab.games.memm.variant import EXTENT, PARAMETERS, PLACE_CHOICES, MemmOptions, cube_table
from lab.lint.checks import Divisible, Note, StatedTotal

# The linter's notes on memm's open points, as data: (id, clauses, message, suggested fix); a
# message names the reading in force through ``{parameter!r}`` fields (see ``accounting``).
LINT_NOTES: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    (
        "memm-direction", ("AMB-MM-6", "MM-4.1"),
        "MM-4.1 'direction' is read as the side of the previous cube the new one sits against "
        "(run_direction={run_direction!r}: a placement not touching the previous cube has no "
        "direction and ends the run with 'previous', takes the side of a cube it touches with "
        "'touched'). Counting an axis instead (+x and -x together) gives the same games, since "
        "consecutive placements cannot go opposite ways.",
        "state how the direction of a placement is measured",
    ),
    (
        "memm-extra-placement", ("MM-3",),
        "The seed grants the extra placement after a 2+ face join as a 'posibilidad' (ability): "
        "the player may decline it (extra_placement={extra_placement!r}; 'must' is the reading "
        "'places again').",
        "say whether a player may decline the extra placement",
    ),
    (
        "memm-gift-to", ("MM-3", "MM-5"),
        "Gifts go 'to a player of his choice' / 'a cualquier contrincante', also in the final "
        "round when a player is out; the seed does not say whether the player out may receive, "
        "nor what the cubes then mean (gift_to={gift_to!r}: with 'any' they may, and stay the "
        "winner).",
        "say whether the player who is out may receive cubes and whether they still win",
    ),
    (
        "memm-colour-tiebreak", ("MM-5",),
        "MM-5 breaks a tie on cubes by 'more different colours' without saying whether colours "
        "on every face count or one colour per cube (colour_tiebreak={colour_tiebreak!r}).",
        "say which colours of the held cubes the tie-break counts",
    ),
    (
        "memm-patterns", ("MM-C1",),
        "MM-C1's 'N sides of the same colour and M different sides' is read as M faces of M "
        "other colours, all different (6, 5-1, 4-1-1, 3-1-1-1, 2-1-1-1-1, 1x6): read as one "
        "other colour, '2 same + 4 different' would repeat '4 same + 2 different', and the sixth "
        "pattern's 'todas sus caras de color diferente' uses 'different' for mutually different "
        "faces.",
        "give each pattern's colour counts (e.g. 4-1-1)",
    ),
    (
        "memm-variants", ("MM-6",),
        "MM-6 names figure variants (target shapes) and a rotating table but does not specify "
        "them; only the basic game is playable.",
        "describe a figure as the set of cells the structure must fill",
    ),
)


class MemmGame(Game):
    """memm under one variant; see the module docstring for the rules as implemented."""

    name = "memm"
    title = "memm"
    utility = "general_sum"  # MM-5: the first out +1, everyone still holding cubes -1
    # 2: column_rule="may" gives the column to the player who placed on top, on their next turn
    # (the English text), no longer to the next placement whoever makes it
    rules_version = 2
    seed_file = "003_1eeee604204dd289.txt"
    perfect_information = True  # nothing is hidden; chance is drawn when it happens
    PARAMETERS = PARAMETERS
    RULE_POINTS = (rewards, run_full, losers, first_out_bonus, round_over, blocked)
    presentation = MemmPresentation()  # how a state is drawn and clicked (lab.games.memm.render)

    def check_variant(self, params: Params) -> None:
        if params["cube_set"] != "balanced" and params["face_layout"] != "opposite":
            msg = (
                "face_layout only arranges the 'balanced' cube set; a custom cube_set already "
                "gives every face, so leave face_layout at 'opposite'"
            )
            raise InvalidVariant(msg)

    @cached_property
    def opt(self) -> MemmOptions:
        """The parameters as a :class:`MemmOptions` record."""
        return MemmOptions(**self.params)

    @cached_property
    def cubes(self) -> CubeTable:
        """The precomputed orientation tables of this variant's cube set."""
        return cube_table(self.params["cube_set"], self.params["face_layout"])

    @cached_property
    def roll_outcomes(self) -> tuple[tuple[Action, float], ...]:
        """MM-1: the colour die's faces, the colours of the one-colour cubes (a table built once)."""
        mono = self.cubes.mono
        return tuple(uniform([Action("roll", (COLOURS[c],)) for c in sorted({c for c in mono if c >= 0})]))

    @cached_property
    def centre_cubes(self) -> dict[int, int]:
        """MM-1: per colour the die can show, the one-colour cube of that colour with the lowest
        number (the one put in the centre)."""
        mono = self.cubes.mono
        return {colour: min(c for c in range(N_CUBES) if mono[c] == colour) for colour in set(mono) if colour >= 0}

    def action_specs(self) -> list[ActionSpec]:
        cube = Field("cube", range(N_CUBES))
        return [
            ActionSpec(
                "place",
                (cube, Field("x", range(-EXTENT, EXTENT + 1)), Field("y", range(-EXTENT, EXTENT + 1)),
                 Field("z", range(0, EXTENT + 1)), Field("rotation", range(24))),
                "MM-2: put a cube from the hand into a cell, turned by a rotation.",
                choices=PLACE_CHOICES,
            ),
            ActionSpec("give", (cube, Field("to", range(4))), "MM-3: hand a cube to a player."),
            ActionSpec("keep", (), "MM-3: give no more cubes this time."),
            ActionSpec("pass", (), "AMB-MM-5: no legal placement; MM-3: decline an extra placement."),
            ActionSpec("deal", (cube,), "MM-1 (chance): the next cube dealt."),
            ActionSpec("roll", (Field("colour", COLOURS),), "MM-1 (chance): the six-colour roll."),
        ]

    def new_initial_state(self) -> State:
        return MemmState(self)

    def max_game_length(self) -> int:
        n = self.num_players()
        placements = N_CUBES - 1
        return N_CUBES + 1 + placements * 5 + (placements + 1) * (n + 1)

    def utility_range(self) -> tuple[float, float]:
        """MM-5: a player still holding cubes -1, the first out the bonus (+1, or a house rule's)."""
        bonus = float(self.rules.first_out_bonus(self.num_players()))
        return (min(-1.0, bonus), max(1.0, bonus))

    def board(self, state: State | None = None) -> nx.Graph:
        """The structure as a face-contact graph (:func:`lab.boards.cubes.cube_lattice_graph`)."""
        structure = {} if state is None else state.structure()  # type: ignore[attr-defined]
        return cube_lattice_graph(structure, COLOURS)

    def accounting(self) -> list[Any]:
        bodies = self.cubes.bodies
        by_pattern = {pattern_name(p): 0 for p in PATTERNS}
        other = 0
        for body in bodies:
            name = pattern_name(pattern_of(body))
            if name in by_pattern:
                by_pattern[name] += 1
            else:
                other += 1
        checks: list[Any] = [
            StatedTotal(
                "memm-cubes", ("MM-C1",), "cubes in the set", N_CUBES,
                {f"pattern {k}": v for k, v in by_pattern.items()} | ({"other": other} if other else {}),
            ),
            Divisible(
                "memm-share", ("MM-1",), "cubes shared equally among the players",
                len(bodies), self.num_players(),
            ),
        ]
        checks += [Note(nid, clauses, message.format(**self.params), fix)
                   for nid, clauses, message, fix in LINT_NOTES]
        for pattern in PATTERNS:
            name = pattern_name(pattern)
            checks.append(
                StatedTotal(
                    f"memm-pattern-{name}", ("MM-C1",), f"cubes of pattern {name}",
                    CUBES_PER_PATTERN, {f"pattern {name}": by_pattern[name]},
                )
            )
        return checks

    @classmethod
    def agent_factories(cls) -> dict[str, Any]:
        return {"greedy": GreedyAgent, "lookahead": LookaheadAgent}
