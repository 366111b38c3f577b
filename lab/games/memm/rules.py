"""memm: 36 colour cubes joined face to face into one structure (RULES.md section 4).

Rules as implemented (clause IDs from RULES.md; seed ``003_1eeee604204dd289.txt``):

* MM-C1/MM-C2 -- 36 cubes, six patterns x six cubes, six colours; each face's numeral is how many
  faces of its colour the cube has. The colours and face positions beyond the pattern are the
  parameters ``cube_set`` and ``face_layout`` (AMB-MM-3).
* MM-1 -- the cubes are dealt one by one (chance nodes ``deal(cube)``), player ``k % n`` receiving
  the ``k``-th; then a six-colour die is rolled (chance ``roll(colour)``, uniform over the colours
  that have a one-colour cube). The holder of that one-colour cube starts: the cube goes to the
  centre ``(0, 0, 0)`` at once, and the turn passes clockwise (seat ``+1``).
* Hands are **public**: the seed puts the shared-out cubes on the table in front of each player
  and never hides them, so ``observation(p)`` shows every hand (the render highlights the
  viewer's own).
* MM-2 -- a placement ``place(cube, x, y, z, rotation)`` puts a cube from the hand into a free
  lattice cell. It must touch an *anchor*: the last cube placed (``attach="last"``, Spanish text)
  or any cube (``attach="any"``, English text) -- AMB-MM-2. Touching faces must match in colour:
  all of them (``match="all"``) or at least one touching an anchor (``match="one"``) --
  AMB-MM-1. With ``gravity`` a cube above the table needs a cube right under it (AMB-MM-4).
  ``rotation`` is the lowest rotation index among those showing the same colours (distinct
  orientations only).
* MM-3 -- the *joined faces* of a placement are its colour-matched face contacts (the table does
  not count). 2 -> the player places again; 3 -> again and may give 1 cube; 4 -> 2; 5 or 6 -> 3.
  The seed calls the extra placement a "posibilidad" (English "ability"): with
  ``extra_placement="may"`` (default; the seed wins over RULES.md's "places again") the player
  may decline it with ``pass`` (event ``decline``; it uses up a pending MM-4.2 column, as that
  names the same player, and never counts towards an AMB-MM-5 block); ``"must"`` is the old
  reading (``pass`` only when no placement is legal). Each cube is given by ``give(cube, to)``;
  ``keep`` declines the rest. Who may receive (``gift_to``): any opponent (default: the seed
  says "a cualquier contrincante" of the final round, when a player is already out, and "a
  player of his choice"; RULES.md's digest is silent) or only players still holding cubes
  (``"holding"``, the old reading). Cubes given to the first player out do not undo the win
  (being first out is what wins, MM-5) and are not counted against them; another player who is
  out and receives cubes holds them at the end like anyone.
* MM-4.1 -- a placement's direction (AMB-MM-6, ``run_direction``) is the side of the previous
  cube it sits against (``+x, -x, +y, -y, +z`` and, without gravity, ``-z``); with
  ``"previous"`` (default) a placement not against the previous cube has none and ends the run;
  with ``"touched"`` it takes the side of a cube it touches (the one under it first, then its
  neighbours in face order), so runs continue across the structure (the readings differ with
  ``attach="any"`` or a MM-4.2 column). At most ``max_run`` (3) placements in a row (whoever
  places them) may share a direction. A third reading, counting an *axis* (+x and -x together),
  is a linter Note, not a value: it plays identically, because two consecutive placements can
  never go opposite ways (the cell back is the cube before) -- a test checks it.
* MM-4.2 -- after a cube is placed on top of another: ``column_rule="must"`` (Spanish, "el mismo
  jugador (en caso de unión de 2 o más caras) o el siguiente jugador (en caso de unión de una
  sola cara) deberá colocar su cubo de tal manera que haga contacto con la vertical"): the next
  placement, the same player's on a repeat, else the next player's, must touch a cube of that
  vertical column, the column included. ``"may"`` (English, "the player will have, on his next
  turn, the possibility of ... also put it in one of the free sides of any of the cubes that are
  in the same vertical"): the *same player*, on *their next turn* (the repeat if they joined 2+
  faces, else their next turn in the round, whatever the others place meanwhile), may touch a
  cube of that column besides the usual anchors; the others' placements are not affected.
  ``"off"`` ignores the rule (AMB-MM-7). A pass (or a declined repeat) uses the column up.
* AMB-MM-5 -- a player with no legal placement must ``pass`` (``no_move="pass"``) or the game
  ends at once as blocked (``no_move="end"``). A pass with no column constraint pending counts
  towards a block: when all players have passed in a row the position can never change, the
  game ends and ``metrics()["blocked"]`` is 1.
* MM-5 -- when a player's hand is empty they are *out*; the round (starting player to the one
  seated before them) is played to its end, then the game ends. Returns: the first player out
  +1; among the players still holding cubes, the one(s) with the most cubes, then the most
  different colours, -1 each (still tied: all of them); everyone else 0. A blocked game has no
  winner; its loser is found the same way. "More different colours" is undeclared
  (``colour_tiebreak``): the colours on any face of the held cubes (``"faces"``, default) or
  each held cube's main colour(s), those with its highest numeral (``"cubes"``).
* Rule points (house rules, :mod:`lab.core.rulepoints`): ``MM-3`` rewards for joined faces,
  ``MM-4.1`` when a run in one direction is full, ``MM-5`` who loses, ``MM-5:bonus`` the first
  player out's return, ``MM-5:end`` when the game ends after a player is out, ``AMB-MM-5`` when
  passes block the game. The state calls them through ``game.rules``.
* Saves: ``rules_version`` 2 (issue #39: ``column_rule="may"`` now follows the English text, see
  MM-4.2; a save of version 1 is refused rather than replayed under the new reading). Before
  that it stayed 1 through these changes: a decline reuses the ``pass`` code, so the action coding
  (and compact saves' coding check) is unchanged, and a history recorded before the
  ``extra_placement``, ``gift_to``, ``colour_tiebreak`` and ``run_direction`` parameters existed
  replays under their defaults to the same game: every old move is still legal and means the
  same (declining only adds a choice; the direction and tie-break defaults are the old ones).
  One exception is refused, never misread: in a final round where no opponent still held cubes
  a 3+ face join used to skip its gifts, while ``gift_to="any"`` now asks for them, so the
  replay stops at that step with an error naming it.
* MM-6 -- the figure variants and the rotating table are named but not specified by the seed:
  reported as a linter Note (``accounting()``), not playable.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from lab.core.actions import Action, ActionSpec, Field
from lab.core.chance import uniform
from lab.core.errors import InvalidVariant
from lab.core.game import Game
from lab.core.params import Params, ParamSpec
from lab.core.rulepoints import rule_point
from lab.games.memm.components import (
    COLOURS,
    CUBES_PER_PATTERN,
    LAYOUTS,
    N_CUBES,
    PATTERNS,
    CubeTable,
    balanced_cube_set,
    check_cube_set,
    pattern_name,
    pattern_of,
    resolve_cube_set,
)
from lab.lint.checks import Divisible, Note, StatedTotal

if TYPE_CHECKING:
    import networkx as nx

    from lab.core.state import State

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

GIVES_FOR_JOINED = {3: 1, 4: 2, 5: 3, 6: 3}
# Legal ``place`` actions at one decision are coded by their index (ActionSpec ``choices``): the
# most seen in random and greedy play of every variant is about 1,300 (two players, attach to
# any cube, no gravity); 9,800 leaves room and keeps every code below 10,000 for masks.
PLACE_CHOICES = 9_800  # MM-3 (6 joined faces only without gravity)


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


# ---------------------------------------------------------------------- rule points
def rewards(joined: int) -> tuple[bool, int]:
    """MM-3: what a placement joining ``joined`` faces earns: (place again?, cubes to give).

    2 joined faces: place again; 3: again and give 1 cube; 4: give 2; 5 or 6: give 3.
    """
    return joined >= 2, GIVES_FOR_JOINED.get(joined, 0)


def run_full(run_length: int, max_run: int) -> bool:
    """MM-4.1: after ``run_length`` placements in a row in one direction, is that direction closed?

    ``max_run`` is the variant's limit (3 in the seed): at most that many in a row.
    """
    return run_length >= max_run


def losers(cubes: list[int], colours: list[int], first_out: int | None) -> list[int]:
    """MM-5: who loses at the end, from each seat's cubes held and different colours held.

    Among the players still holding cubes (not the first out): the most cubes, then the most
    different colours; everyone still tied loses.
    """
    holding = [p for p, n in enumerate(cubes) if n and p != first_out]
    if not holding:
        return []
    worst = max((cubes[p], colours[p]) for p in holding)
    return [p for p in holding if (cubes[p], colours[p]) == worst]


def first_out_bonus(n_players: int) -> float:
    """MM-5: the return of the first player to place all their cubes (the winner); +1."""
    return 1.0


def round_over(first_out: int | None, player: int, start_player: int, n_players: int) -> bool:
    """MM-5: does the game end when ``player``'s turn ends?

    Once a player is out, the round is played to its end: the game ends after the turn of the
    player seated before the starting player.
    """
    return first_out is not None and player == (start_player - 1) % n_players


def blocked(pass_streak: int, n_players: int) -> bool:
    """AMB-MM-5: after ``pass_streak`` passes in a row (none pending a column), is the game blocked?

    When every player has passed in a row the position can never change: the game ends.
    """
    return pass_streak >= n_players


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
def _cube_table(cube_set: Any, layout: str) -> CubeTable:
    """Orientation tables per (frozen) cube set, shared by every game loaded with it."""
    return CubeTable.build(resolve_cube_set(cube_set, layout))


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
        return _cube_table(self.params["cube_set"], self.params["face_layout"])

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
        from lab.games.memm.state import MemmState

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
        from lab.boards.cubes import cube_lattice_graph

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
        from lab.games.memm.agents import GreedyAgent, LookaheadAgent

        return {"greedy": GreedyAgent, "lookahead": LookaheadAgent}


# Rule points are declared by a call, not with decorator syntax: mutmut (`make mutants`)
# does not mutate decorated functions, and these are the rules.
for _clause, _fn in (
    ("MM-3", rewards),
    ("MM-4.1", run_full),
    ("MM-5", losers),
    ("MM-5:bonus", first_out_bonus),
    ("MM-5:end", round_over),
    ("AMB-MM-5", blocked),
):
    rule_point(_clause)(_fn)
