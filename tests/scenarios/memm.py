"""memm's seed scenarios: one row (at least) per clause of RULES.md §4.

Seed ``003_1eeee604204dd289.txt`` (English, then Spanish). memm hides nothing, so a position is
rebuilt from an observation (``MemmState.from_observation``): the cubes on the table (each with
the colours it shows on chosen faces), the hands, who is to place. Colours: red 0, yellow 1,
orange 2, violet 3, blue 4, green 5; in the default set cube ``6k + d`` has pattern ``k`` and
main colour ``d`` (cube ``d`` is all colour ``d``; cubes 30-35 have six different colours).
Faces: 0 +x, 1 -x, 2 +y, 3 -y, 4 top, 5 bottom.
"""

from __future__ import annotations

from typing import Any

import lab
from lab.core.actions import Action
from lab.games.memm import MemmState
from lab.games.memm.components import COLOURS
from tests.scenarios.table import (
    Scenario,
    Setup,
    Step,
    Table,
    act,
    count,
    event,
    legal,
    lint_finding,
    no_event,
    no_lint_finding,
    refused,
    returns,
    running,
    seen,
    step,
    terminal,
    that,
    to_act,
    winners,
)

CLAUSES = {
    "MM-C1": "36 cubes, six colours, six patterns of six cubes",
    "MM-C2": "each face's Roman numeral: how many faces of that colour the cube has",
    "MM-1": "share the cubes; roll a six-colour cube; the holder of that one-colour cube starts",
    "MM-2": "clockwise, place one cube so that joining faces match (the last cube, Spanish)",
    "MM-3": "joining 2 faces: again; 3: again + give 1; 4: + give 2; 5: + give 3",
    "MM-4.1": "no more than three cubes in a row in the same direction",
    "MM-4.2": "after a cube on top: the column rule",
    "MM-5": "the first out wins; the round is finished; most cubes, then most colours lose",
    "MM-6": "variants (figures, a rotating table): named, not specified",
    "AMB-MM-1": "every touching face must match, or one",
    "AMB-MM-2": "attach to the last cube or anywhere",
    "AMB-MM-3": "which colours and face positions each cube has",
    "AMB-MM-4": "support: no floating cube",
    "AMB-MM-5": "a player who cannot place",
    "AMB-MM-6": "'direction' in MM-4.1",
    "AMB-MM-7": "MM-4.2: 'may' (English) or 'must' (Spanish)",
}

R, Y, OR, V, B, G = range(6)


# ---------------------------------------------------------------------- setups
def _rot(game: lab.Game, cube: int, want: dict[int, int]) -> int:
    for rot, world in game.cubes.orientations[cube]:
        if all(world[f] == c for f, c in want.items()):
            return rot
    raise AssertionError(f"cube {cube} cannot show {want}")


def table(structure: list[tuple[Any, ...]], hands: list[list[int]], *, to_move: int = 0, start: int = 0,
          first_out: int | None = None, run: tuple[Any, int] = (None, 0), **params: Any) -> Setup:
    """Cubes ``(x, y, z, cube, {face: colour})`` on the table in placement order (the last one
    is the last placed), ``hands`` by seat, seat ``to_move`` to place."""
    words = ", ".join(f"{k}={v}" for k, v in params.items())
    text = (f"cubes {[s[:4] for s in structure]}, hands {hands}, seat {to_move} to place"
            + (f" ({words})" if words else ""))

    def make() -> lab.State:
        game = lab.load("memm", players=len(hands), **params)
        cells = [[x, y, z, cube, _rot(game, cube, want)] for x, y, z, cube, want in structure]
        obs = {"hands": hands, "structure": cells, "phase": "place", "to_move": to_move, "start_player": start,
               "last": cells[-1][:3], "run": list(run), "column": None, "gives_left": 0, "repeat": False,
               "first_out": first_out, "pass_streak": 0, "blocked": False}
        return MemmState.from_observation(game, obs)

    return Setup(text, make)


def new(players: int = 4, **params: Any) -> Setup:
    return Setup(f"a new {players}-player game", lambda: lab.load("memm", players=players, **params).new_initial_state())


def pit(sides: int, hands: list[list[int]], **params: Any) -> Setup:
    """The cell (0, 0, 1) above the centre with ``sides`` cubes beside it at z = 1, every one
    showing red to it; the centre shows red on top."""
    base = [(1, 0, 0, 1, {}), (-1, 0, 0, 2, {}), (0, 1, 0, 3, {}), (0, -1, 0, 4, {}), (0, 0, 0, 6, {4: R})]
    tops = [(1, 0, 1, 12, {1: R}), (-1, 0, 1, 18, {0: R}), (0, 1, 1, 24, {3: R}), (0, -1, 1, 30, {2: R})]
    return table(base + tops[:sides], hands, **params)


# ---------------------------------------------------------------------- steps
def place(cube: int, cell: tuple[int, int, int], want: dict[int, int] | None = None) -> Step:
    """Place ``cube`` at ``cell`` turned to show ``want`` (face -> colour); without ``want``, the
    first legal orientation there."""

    def play(state: lab.State) -> None:
        if want is None:
            action = next(a for a in state.legal_actions()
                          if a.kind == "place" and a.args[0] == cube and tuple(a.args[1:4]) == cell)
        else:
            action = Action("place", (cube, *cell, _rot(state.game, cube, want)))
        state.apply_action(action)

    return step(f"place cube {cube} at {cell}" + (f" showing {want}" if want else ""), play)


def deal_all(players: int) -> Step:
    return step("deal the 36 cubes, cube k to seat k mod n",
                lambda st: [st.apply_action(Action("deal", (c,))) for c in range(36)] and None)


def odd_faces(state: lab.State, cube: int) -> list[int]:
    """The faces of ``cube`` not of its main colour (faces 0/1, 2/3, 4/5 are opposite)."""
    body = state.game.cubes.bodies[cube]
    main = max(set(body), key=body.count)
    return sorted(i for i, c in enumerate(body) if c != main)


def cells(state: lab.State) -> set[tuple[int, int, int]]:
    return set(state.candidate_cells())


def has_cell(cell: tuple[int, int, int], yes: bool = True) -> Any:
    return that(f"{cell} is {'a' if yes else 'no'} legal cell", lambda st: (cell in cells(st)) == yes)


# ---------------------------------------------------------------------- the table
S = Scenario
SCENARIOS: tuple[Scenario, ...] = (
    S("MM-C1", "36 cubes with the following distribution of coloured sides: 6 cubes with all sides the same colour. 6 cubes with 5 sides of the same colour and with a different side ... 6 cubes with all sides of different colour ... red, yellow, orange, violet, blue and green",
      "six patterns of six cubes, each colour the main colour of one cube per pattern; the linter finds the set complete", new(),
      expect=(that("k distinct colours for the patterns 6, 5-1, 4-1-1, 3-1-1-1, 2-1-1-1-1, 1x6", lambda st: [
          len(set(st.game.cubes.bodies[6 * k])) for k in range(6)] == [1, 2, 3, 4, 5, 6]),
              that("the colours", lambda st: list(COLOURS) == ["red", "yellow", "orange", "violet", "blue", "green"]),
              no_lint_finding("memm-cubes"))),
    S("MM-C2", "Each cube will have on each side a roman number that determines the number of sides with that colour. For example, a V on the a red face of a cube means that there are 5 red sides",
      "a cube of 5 red sides and 1 yellow is described with its numerals V and I", table([(0, 0, 0, R, {})], [[6], [7]]),
      expect=(that("cube 6 reads 'red V, yellow I'", lambda st: "red V, yellow I" in st.describe_action(
          next(a for a in st.legal_actions() if a.args[0] == 6))),)),
    S("MM-1", "The 36 coloured cubes are placed on the table, mixed and shared equally amongst the participants. Then a cube with all the six colours is rolled. The player having the cube with the resulting colour on all its 6 sides will start the game by placing this cube in the centre",
      "3 players get 12 cubes each; blue is rolled: the holder of the all-blue cube (seat 1) places it in the centre, seat 2 is next",
      new(3), (deal_all(3), act("roll", "blue")),
      (event("MM-1", "roll", colour="blue", player=1, cube=B), event("MM-1", "centre", player=1),
       that("12 cubes each before the centre", lambda st: [len(h) for h in st.hands] == [12, 11, 12]), to_act(2))),
    S("MM-2", "Clockwise, the following players will place one cube so that joining sides match colours (Spanish: en una de las caras libres del último cubo puesto en la mesa)",
      "a cube must touch the last cube with a matching face: a mismatch is refused", table([(0, 0, 0, R, {})], [[6], [7]]),
      (place(6, (1, 0, 0), {1: R}),),
      (event("MM-2", "place", player=0, cube=6, cell=[1, 0, 0], joined=1), to_act(1),
       refused("place", 7, 2, 0, 0, 0))),
    S("MM-3", "A player gains the ability to repeat turn if he joins a cube by two sides",
      "two faces joined: the same player places again", pit(1, [[R, 7, 8], [9]]), (place(R, (0, 0, 1)),),
      (event("MM-3", "repeat", player=0, joined=2), to_act(0), no_event("MM-3", "may_give"))),
    S("MM-3", "A player gains the ability to repeat turn and get rid of one of his cubes by handing it to a player of his choice if he joins a cube by three sides",
      "three faces: again, and give 1 cube", pit(2, [[R, 7, 8], [9]]), (place(R, (0, 0, 1)),),
      (event("MM-3", "may_give", player=0, count=1), legal("a give or keep", lambda got: {a.kind for a in got} == {"give", "keep"})),
      name="three"),
    S("MM-3", "... get rid of two of his cubes ... if he joins a cube by four sides",
      "four faces: give 2", pit(3, [[R, 7, 8], [9]]), (place(R, (0, 0, 1)), act("give", 7, 1), act("give", 8, 1)),
      (event("MM-3", "may_give", count=2), count("MM-3", "give", 2), seen("hands", [[], [7, 8, 9]])), name="four"),
    S("MM-3", "If a player joins a cube by five sides, gains the ability to repeat turn and get rid of three of his cubes",
      "five faces: give 3", pit(4, [[R, 7, 8, 9, 10], [11]]), (place(R, (0, 0, 1)),),
      (event("MM-3", "may_give", count=3),), name="five"),
    S("MM-3", "Cubo toca una sola cara con último cubo puesto: no coloca ningún cubo más y pasa a siguiente jugador",
      "one face: the turn passes", table([(0, 0, 0, R, {})], [[6, 7], [8]]), (place(6, (1, 0, 0), {1: R}),),
      (no_event("MM-3", "repeat"), to_act(1)), name="one"),
    S("MM-4.1", "No more than three cubes will be placed in the same direction in a row of turns",
      "after three placements to +x, a fourth to +x is not allowed (others are)",
      table([(x, 0, 0, 30 + x, {}) for x in range(4)], [[R, 6, 12], [33]], run=(0, 3), match="one"),
      expect=(has_cell((4, 0, 0), False), has_cell((3, 1, 0)))),
    S("MM-4.1", "in a row of turns",
      "a fourth in a row opens again once another direction came between", table(
          [(0, 0, 0, 30, {}), (1, 0, 0, 31, {}), (1, 1, 0, 32, {})], [[R, 6, 12], [33]], run=(2, 1), match="one"),
      expect=(has_cell((2, 1, 0)),), name="reset"),
    S("MM-4.2", "deberá colocar su cubo de tal manera que haga contacto con la vertical sobre la que descansa ese cubo (Spanish, 'must')",
      "must: after a cube on top (one face joined), the next player must touch that column",
      table([(0, 0, 0, R, {})], [[30, 31], [34, 35]], gravity=False, match="one"),
      (place(30, (0, 0, 1)),), (event("MM-4.2", "column", column=[0, 0], rule="must"), to_act(1), has_cell((1, 0, 0)))),
    S("MM-4.2", "the player will have, on his next turn, the possibility of you can also put it in one of the free sides of any of the cubes that are in the same vertical (English, 'may')",
      "may: the column is the same player's, on their next turn; the next player has the last cube only",
      table([(0, 0, 0, R, {})], [[30, 31], [34, 35]], gravity=False, match="one", column_rule="may"),
      (place(30, (0, 0, 1)), place(34, (1, 0, 1))),
      (event("MM-4.2", "column", column=[0, 0], rule="may", player=0), to_act(0), has_cell((0, 1, 0)), has_cell((0, -1, 0))),
      name="may"),
    S("MM-5", "The first player who gets rid of all his cubes wins the game. However, unless this player is the last to play in the round, the remaining players will be placing their cubes until the full round of turns is completed",
      "seat 1 goes out; seat 2 still plays; then the game ends: seat 1 wins, seat 0 (most cubes) loses",
      table([(0, 0, 0, R, {})], [[7, 8, 9], [6], [12, 13]], to_move=1),
      (place(6, (1, 0, 0), {1: R}), step("seat 2 places what it can", lambda st: st.apply_action(st.legal_actions()[0]))),
      (event("MM-5", "out", player=1), terminal(), winners(1), returns(-1.0, 1.0, 0.0))),
    S("MM-5", "At that point, the player left with more cubes loses. In a tie in number of cubes, you will lose more different colours have. If they have the same number of colours, the result will be a tie",
      "a tie on cubes: the one holding more colours loses", table([(0, 0, 0, R, {})], [[R], [Y, OR], [30, 31]], to_move=0, start=1),
      (place(R, (1, 0, 0)),), (terminal(), winners(0), returns(1.0, 0.0, -1.0)), name="colours"),
    S("MM-5", "If they have the same number of colours, the result will be a tie",
      "still tied on colours: both lose", table([(0, 0, 0, R, {})], [[R], [Y, 7], [OR, 8]], to_move=0, start=1),
      (place(R, (1, 0, 0)),), (terminal(), returns(1.0, -1.0, -1.0)), name="tie"),
    S("MM-6", "a number of variants were also explored to create a series of dimensional figures ... A rotating circular table can be added",
      "named, not specified: the linter says only the basic game is playable", new(),
      expect=(lint_finding("memm-variants", "not specify"),)),
    S("AMB-MM-1", "so that joining sides match colours (every side, or one?)",
      "match='all': a cube touching red with an orange face is refused",
      table([(0, 0, 0, R, {}), (1, 0, 0, Y, {}), (1, 1, 0, OR, {})], [[8, 30], [33]]),
      expect=(legal("cube 8 (orange) does not fit at (0, 1, 0)", lambda got: not any(
          a.args[0] == 8 and tuple(a.args[1:4]) == (0, 1, 0) for a in got)),)),
    S("AMB-MM-1", "so that joining sides match colours",
      "match='one': one matching face touching the last cube is enough", table(
          [(0, 0, 0, R, {}), (1, 0, 0, Y, {}), (1, 1, 0, OR, {})], [[8, 30], [33]], match="one"),
      expect=(legal("cube 8 fits at (0, 1, 0)", lambda got: any(a.args[0] == 8 and tuple(a.args[1:4]) == (0, 1, 0) for a in got)),),
      name="one"),
    S("AMB-MM-2", "en una de las caras libres del último cubo puesto en la mesa (Spanish) / so that joining sides match (English)",
      "attach='last' (default): only beside the last cube", table([(0, 0, 0, R, {}), (1, 0, 0, Y, {})], [[30, 31, 32], [33]]),
      expect=(has_cell((-1, 0, 0), False), has_cell((2, 0, 0)))),
    S("AMB-MM-2", "(English: anywhere)",
      "attach='any': beside any cube", table([(0, 0, 0, R, {}), (1, 0, 0, Y, {})], [[30, 31, 32], [33]], attach="any"),
      expect=(has_cell((-1, 0, 0)), has_cell((2, 0, 0))), name="any"),
    S("AMB-MM-3", "6 cubes with 4 sides of the same colour and with 2 different sides (which faces?)",
      "face_layout='adjacent': the repeated colour on adjacent faces; the set is still complete", new(face_layout="adjacent"),
      expect=(no_lint_finding("memm-cubes"), that("cube 12 (4 red, 1, 1) has its two odd faces side by side, not opposite",
                                                   lambda st: odd_faces(st, 12) not in ([0, 1], [2, 3], [4, 5])))),
    S("AMB-MM-4", "A cube can be placed on top of the starting cube (can one float?)",
      "gravity (default): a cube above the table needs one under it", table([(0, 0, 0, 30, {}), (0, 0, 1, 31, {})], [[32, 33], [35]], match="one"),
      expect=(has_cell((1, 0, 1), False), has_cell((0, 0, 2)))),
    S("AMB-MM-4", "(no support rule)",
      "gravity=False: a cube may hang beside the one on top", table([(0, 0, 0, 30, {}), (0, 0, 1, 31, {})], [[32, 33], [35]],
                                                                     match="one", gravity=False),
      expect=(has_cell((1, 0, 1)),), name="off"),
    S("AMB-MM-5", "(not in the seed: a player who cannot place)",
      "no_move='pass' (default): the player passes; all three passing in a row block the game",
      table([(0, 0, 0, R, {})], [[Y, 7], [OR, 8], [V, 9]], to_move=1),
      (act("pass"), act("pass"), act("pass")), (event("AMB-MM-5", "blocked", passes=3), terminal(), winners(),
                                                returns(-1.0, -1.0, -1.0))),
    S("AMB-MM-5", "(not in the seed)",
      "no_move='end': the first player who cannot place ends the game", table([(0, 0, 0, R, {})], [[Y, 7], [OR, 8], [V, 9]],
                                                                               to_move=1, no_move="end"),
      (act("pass"),), (event("AMB-MM-5", "stuck_ends", player=1), terminal()), name="end"),
    S("AMB-MM-5", "(a pass is for a player who cannot place)",
      "a player who can place may not pass", table([(0, 0, 0, R, {})], [[6], [7]]),
      expect=(refused("pass"),), name="no_pass"),
    S("AMB-MM-6", "No more than three cubes will be placed in the same direction (direction of what?)",
      "run_direction='previous': a placement not against the previous cube has no direction and ends the run",
      table([(0, 0, 0, 30, {}), (1, 0, 0, 31, {}), (2, 0, 0, 32, {}), (3, 0, 0, 33, {})], [[34, 35, 24], [25]],
            run=(0, 3), attach="any", match="one"),
      (place(34, (0, 1, 0)),), (event("MM-2", "place", cell=[0, 1, 0], direction=None),)),
    S("AMB-MM-6", "in the same direction",
      "run_direction='touched': it takes the side of the cube it touches", table(
          [(0, 0, 0, 30, {}), (1, 0, 0, 31, {}), (2, 0, 0, 32, {}), (3, 0, 0, 33, {})], [[34, 35, 24], [25]],
          run=(0, 3), attach="any", match="one", run_direction="touched"),
      (place(34, (0, 1, 0)),), (event("MM-2", "place", cell=[0, 1, 0], direction="+y"),), name="touched"),
    S("AMB-MM-7", "the player will have, on his next turn, the possibility ... (English) / deberá colocar (Spanish)",
      "'may' and 'must' differ for the next player: under 'may' seat 1 cannot use seat 0's column",
      table([(0, 0, 0, R, {})], [[30, 31], [34, 35]], gravity=False, match="one", column_rule="may"),
      (place(30, (0, 0, 1)),), (to_act(1), has_cell((1, 0, 0), False), seen("next_turn_columns", [[0, 0], None]))),
    S("AMB-MM-7", "(off)",
      "column_rule='off': no column for anybody", table([(0, 0, 0, R, {})], [[30, 31], [34, 35]], gravity=False,
                                                        match="one", column_rule="off"),
      (place(30, (0, 0, 1)),), (no_event("MM-4.2"), has_cell((1, 0, 0), False), running()), name="off"),
)

TABLE = Table("memm", CLAUSES, SCENARIOS)

