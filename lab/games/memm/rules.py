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
  passes block the game. The state calls them through ``game.rules``; they are defined here,
  the game (:mod:`lab.games.memm.game`) lists them as its ``RULE_POINTS``.
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

from lab.core.rulepoints import rule_point

GIVES_FOR_JOINED = {3: 1, 4: 2, 5: 3, 6: 3}


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
