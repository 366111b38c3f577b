"""memm rules by clause ID (RULES.md section 4): MM-1..MM-5 and both settings of each AMB-MM-*.

Positions are built with ``MemmState.from_observation`` (memm has no hidden information, so an
observation is a complete position); colours: red 0, yellow 1, orange 2, violet 3, blue 4,
green 5. In the default cube set cube ``6k + d`` has pattern ``k`` and dominant colour ``d``
(cube ``d`` is the one-colour cube of colour ``d``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import lab
from lab.boards.cubes import FACE_VECTORS
from lab.core.actions import Action
from lab.core.state import CHANCE
from lab.games.memm import MemmGame, MemmState
from lab.games.memm.components import COLOURS
from tests.tools.plant import as_class, plant

R, Y, OR, V, B, G = range(6)


def rot_with(game: MemmGame, cube: int, want: dict[int, int]) -> int:
    """A representative rotation of ``cube`` showing colour ``want[face]`` on each face."""
    for rot, world in game.cubes.orientations[cube]:
        if all(world[f] == c for f, c in want.items()):
            return rot
    raise AssertionError(f"cube {cube} cannot show {want}")


def position(game: MemmGame, structure: list[tuple[Any, ...]], hands: list[list[int]], *,
             to_move: int = 0, start: int = 0, column: Any = None, run: Any = (None, 0),
             first_out: int | None = None) -> MemmState:
    """A position: ``structure`` = ``(x, y, z, cube, {face: colour})`` in placement order."""
    cells = [[x, y, z, cube, rot_with(game, cube, want)] for x, y, z, cube, want in structure]
    obs = {
        "hands": hands, "structure": cells, "phase": "place", "to_move": to_move,
        "start_player": start, "last": cells[-1][:3], "run": list(run), "column": column,
        "gives_left": 0, "repeat": False, "first_out": first_out, "pass_streak": 0,
        "blocked": False,
    }
    return MemmState.from_observation(game, obs)


def place_cells(state: MemmState) -> set[tuple[int, int, int]]:
    return {a.args[1:4] for a in state.legal_actions() if a.kind == "place"}


def place(game: MemmGame, state: MemmState, cube: int, cell: tuple[int, int, int],
          want: dict[int, int]) -> None:
    state.apply_action(Action("place", (cube, *cell, rot_with(game, cube, want))))


def dealt(game: MemmGame, order: list[int] | None = None) -> MemmState:
    state = game.new_initial_state()
    for cube in order or list(range(36)):
        state.apply_action(Action("deal", (cube,)))
    return state


# ================================================================== MM-1
def test_MM_1_deal_is_chance_and_shares_equally() -> None:
    for n in (2, 3, 4):
        game = lab.load("memm", players=n)
        state = game.new_initial_state()
        assert state.current_player() == CHANCE
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 36 and all(p == pytest.approx(1 / 36) for _, p in outcomes)
        state = dealt(game)
        assert [len(h) for h in state.hands] == [36 // n] * n
        assert state.hands[0] == list(range(0, 36, n))


def test_MM_1_a_clone_made_during_the_deal_deals_on_as_the_original() -> None:
    """The cubes left to deal are the clone's own: dealt on from the same seed, the clone and the
    original make the same game, and the original is untouched by the clone's deal."""
    game = lab.load("memm")
    for cut in (1, 17, 35):
        state = game.new_initial_state()
        for item in lab.play(game, seed=cut).history()[:cut]:
            state.apply_action(item.action)
        copy = state.clone()
        before = list(state.undealt)
        lab.play(game, seed=3, state=copy)
        assert state.undealt == before and state.is_chance_node()
        assert lab.play(game, seed=3, state=state).history() == copy.history()


def test_MM_1_each_deal_is_uniform_over_the_undealt_cubes() -> None:
    """Every deal offers exactly the cubes not dealt yet, each with chance 1 / (cubes left), and
    the k-th cube dealt goes to player k mod n (hands kept sorted)."""
    game = lab.load("memm", players=3)
    state = game.new_initial_state()
    order = [(7 * k + 3) % 36 for k in range(36)]  # every cube once, in a scrambled order
    for k, cube in enumerate(order):
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == [Action("deal", (c,)) for c in sorted(set(range(36)) - set(order[:k]))]
        assert all(p == 1.0 / (36 - k) for _, p in outcomes)
        state.apply_action(Action("deal", (cube,)))
        assert cube in state.hands[k % 3] and state.hands[k % 3] == sorted(state.hands[k % 3])
    assert state.chance_outcomes()[0][0].kind == "roll"


def test_MM_1_six_colour_roll_picks_the_holder_of_that_one_colour_cube() -> None:
    game = lab.load("memm", players=3)
    state = dealt(game)
    rolls = state.chance_outcomes()
    assert sorted(a.args[0] for a, _ in rolls) == sorted(COLOURS)
    assert all(p == pytest.approx(1 / 6) for _, p in rolls)
    state.apply_action(Action("roll", ("blue",)))  # cube 4 (all blue) was dealt to seat 4 % 3
    assert state.start_player == 1
    assert state.structure() == {(0, 0, 0): (B, 0, (B,) * 6)}
    assert B not in state.hands[1]
    assert state.current_player() == 2  # clockwise: the next seat
    assert any(e.clause == "MM-1" and e.kind == "roll" for e in state.events)


# ================================================================== MM-2, AMB-MM-2, AMB-MM-1
def test_MM_2_placements_touch_the_last_cube_with_matching_faces() -> None:
    game = lab.load("memm", players=2)
    state = dealt(game)
    state.apply_action(Action("roll", ("red",)))
    legal = state.legal_actions()
    assert legal and all(a.kind == "place" for a in legal)
    for a in legal:
        cube, x, y, z, rot = a.args
        assert abs(x) + abs(y) + abs(z) == 1 and z >= 0  # next to the centre cube
        world = game.cubes.orientations[cube][game.cubes.rep_index[cube][rot]][1]
        face = {(-1, 0, 0): 0, (1, 0, 0): 1, (0, -1, 0): 2, (0, 1, 0): 3, (0, 0, 1): 5}[(x, y, z)]
        assert world[face] == R  # MM-2: the joining faces match (red centre)
    assert len(set(legal)) == len(legal)


@pytest.mark.parametrize("attach", ["last", "any"])
def test_AMB_MM_2_attach_to_last_cube_or_anywhere(attach: str) -> None:
    game = lab.load("memm", players=2, attach=attach)
    structure = [(0, 0, 0, R, {}), (1, 0, 0, Y, {})]
    state = position(game, structure, [[30, 31, 32], [33]])
    cells = place_cells(state)
    around_first = {(-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1)}
    around_last = {(2, 0, 0), (1, 1, 0), (1, -1, 0), (1, 0, 1)}
    assert cells & around_last == around_last
    if attach == "last":
        assert not cells & around_first
        assert "MM-2" in state.explain_illegal(0, Action("place", (30, -1, 0, 0, 0)))
    else:
        assert cells & around_first == around_first


@pytest.mark.parametrize("match", ["all", "one"])
def test_AMB_MM_1_every_touching_face_or_one(match: str) -> None:
    game = lab.load("memm", players=2, match=match)
    # red at the centre, yellow +x, orange at (1, 1, 0) last; the cell (0, 1, 0) touches red
    # (its -y face) and orange (its +x face, the anchor).
    structure = [(0, 0, 0, R, {}), (1, 0, 0, Y, {}), (1, 1, 0, OR, {})]
    state = position(game, structure, [[8, 30], [33]])
    orange_only = Action("place", (8, 0, 1, 0, rot_with(game, 8, {0: OR, 3: OR})))
    both = Action("place", (30, 0, 1, 0, rot_with(game, 30, {0: OR, 3: R})))
    legal = state.legal_actions()
    assert both in legal
    if match == "all":
        assert orange_only not in legal  # its -y face would show orange against red
        assert "face -y would show orange against red" in state.explain_illegal(0, orange_only)
    else:
        assert orange_only in legal
        assert state.joined_faces(8, (0, 1, 0), orange_only.args[4]) == 1  # only matches count


def test_MM_3_a_cell_touching_no_cube_joins_no_face() -> None:
    game = lab.load("memm", players=3)
    state = position(game, [(0, 0, 0, R, {}), (1, 0, 0, 6, {1: R})], [[12, 7], [11], [16]])
    red_down = rot_with(game, 12, {3: R})
    assert state.joined_faces(12, (0, 1, 0), red_down) == 1  # its -y face against the red centre
    assert state.joined_faces(12, (5, 5, 0), red_down) == 0  # far from every cube
    assert state.joined_faces(12, (0, 0, 2), red_down) == 0  # up in the air: nothing beside it


# ================================================================== MM-3
def _pit(game: MemmGame, sides: int, hands: list[list[int]]) -> MemmState:
    """Cell (0, 0, 1) above the centre with ``sides`` side cubes at z=1 all showing red to it."""
    base = [(1, 0, 0, 1, {}), (-1, 0, 0, 2, {}), (0, 1, 0, 3, {}), (0, -1, 0, 4, {}),
            (0, 0, 0, 6, {4: R})]
    tops = [(1, 0, 1, 12, {1: R}), (-1, 0, 1, 18, {0: R}), (0, 1, 1, 24, {3: R}),
            (0, -1, 1, 30, {2: R})]
    structure = base + tops[:sides]
    return position(game, structure, hands)


@pytest.mark.parametrize(("sides", "joined", "gifts"), [(0, 1, 0), (1, 2, 0), (2, 3, 1), (3, 4, 2),
                                                        (4, 5, 3)])
def test_MM_3_repeat_turns_and_gifts_by_joined_faces(sides: int, joined: int, gifts: int) -> None:
    game = lab.load("memm", players=3)
    state = _pit(game, sides, [[R, 7, 8, 9, 10], [11, 15], [16, 17]])
    assert state.joined_faces(R, (0, 0, 1), 0) == joined
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    ev = [e for e in state.events if e.kind == "place"][-1]
    assert ev.data["joined"] == joined
    if joined == 1:
        assert state.current_player() == 1  # no repeat: the next player
        return
    assert state.current_player() == 0
    assert any(e.clause == "MM-3" and e.kind == "repeat" for e in state.events)
    assert state.gives_left == gifts
    for k in range(gifts):
        legal = state.legal_actions()
        assert Action("keep", ()) in legal
        assert {a.args[1] for a in legal if a.kind == "give"} == {1, 2}  # any other player
        to = 1 + k % 2
        state.apply_action(Action("give", (7 + k, to)))
        assert 7 + k in state.hands[to]
    assert state.phase == "place" and state.current_player() == 0  # MM-3: places again
    assert len(state.hands[0]) == 4 - gifts


def _pit_with_player_out(game: MemmGame, last: list[int] | None = None) -> MemmState:
    """``_pit`` with 3 side cubes (4 joined faces: 2 gifts); player 1 went out first this round
    (the round started at seat 1, so seat 0 plays its last turn); seat 2 holds ``last``."""
    base = _pit(game, 3, [[R, 7, 8], [], [16, 17] if last is None else last])
    obs = base.observation(None)
    obs["first_out"], obs["start_player"] = 1, 1
    return MemmState.from_observation(game, obs)


def test_MM_3_gift_to_holding_keep_declines_the_rest_and_out_players_receive_nothing() -> None:
    game = lab.load("memm", players=3, gift_to="holding")
    state = _pit_with_player_out(game)
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert state.gives_left == 2
    assert {a.args[1] for a in state.legal_actions() if a.kind == "give"} == {2}
    assert "cannot receive" in state.explain_illegal(0, Action("give", (7, 1)))
    with pytest.raises(lab.IllegalAction):
        state.apply_action(Action("give", (7, 1)))
    state.apply_action(Action("give", (7, 2)))
    state.apply_action(Action("keep", ()))
    assert state.hands[0] == [8] and state.current_player() == 0


def test_MM_3_gift_to_any_opponent_the_player_out_included_who_still_wins() -> None:
    game = lab.load("memm", players=3)  # gift_to="any" (Spanish: "a cualquier contrincante")
    state = _pit_with_player_out(game, [16])
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert {a.args[1] for a in state.legal_actions() if a.kind == "give"} == {1, 2}
    state.apply_action(Action("give", (7, 1)))
    state.apply_action(Action("give", (8, 1)))
    assert state.hands == [[], [7, 8], [16]]
    assert state.losers() == [2]  # the winner's two cubes do not count: seat 2 holds the most
    assert [e.data["to"] for e in state.events if e.kind == "give"] == [1, 1]
    assert state.is_terminal()  # seat 0's turn closed the round
    assert state.winners() == [1] and state.returns() == [0.0, 1.0, -1.0]  # the gifts do not count


# ================================================================== MM-4.1, AMB-MM-6
@pytest.mark.parametrize("max_run", [3, 4])
def test_MM_4_1_no_more_than_three_placements_in_a_row_in_one_direction(max_run: int) -> None:
    game = lab.load("memm", players=2, max_run=max_run, match="one")
    line = [(x, 0, 0, 30 + x, {}) for x in range(4)]
    state = position(game, line, [[R, 6, 12], [33]], run=(0, 3))  # three placements to +x
    cells = state.candidate_cells()
    assert (3, 1, 0) in cells
    if max_run == 3:
        assert (4, 0, 0) not in cells
        assert "MM-4.1" in state.explain_illegal(0, Action("place", (R, 4, 0, 0, 0)))
    else:
        assert (4, 0, 0) in cells


# ================================================================== MM-4.2, AMB-MM-7
def _column_position(game: MemmGame) -> MemmState:
    """A at the centre, B at +x, C on top of B (the last cube): the column is (1, 0)."""
    structure = [(0, 0, 0, 30, {}), (1, 0, 0, 31, {}), (1, 0, 1, 32, {})]
    return position(game, structure, [[R, 6, 12, 18, 24], [33]], column=(1, 0))


@pytest.mark.parametrize("rule", ["must", "may", "off"])
def test_AMB_MM_7_column_rule_with_attach_last(rule: str) -> None:
    game = lab.load("memm", players=2, column_rule=rule, match="one")
    state = _column_position(game)
    cells = state.candidate_cells()
    # (2, 0, 0) touches B, the column's lower cube, but not the last cube C
    assert ((2, 0, 0) in cells) == (rule != "off")
    assert (1, 0, 2) in cells and (0, 0, 1) in cells  # around C itself: always


@pytest.mark.parametrize("rule", ["must", "may"])
def test_AMB_MM_7_column_rule_with_attach_any(rule: str) -> None:
    game = lab.load("memm", players=2, column_rule=rule, attach="any", match="one")
    state = _column_position(game)
    cells = state.candidate_cells()
    assert (2, 0, 0) in cells
    # (-1, 0, 0) touches only A, outside the column: barred when the column rule is a must
    assert ((-1, 0, 0) in cells) == (rule == "may")
    if rule == "must":
        assert "MM-4.2" in state.explain_illegal(0, Action("place", (R, -1, 0, 0, 0)))


def test_MM_4_2_a_cube_on_top_sets_the_column_for_the_next_placement_only() -> None:
    game = lab.load("memm", players=2, match="one")
    structure = [(0, 0, 0, 12, {5: Y}), (1, 0, 0, 6, {5: Y})]  # no yellow shows anywhere
    state = position(game, structure, [[R, 18], [Y]])
    place(game, state, R, (1, 0, 1), {})
    assert state.column == (1, 0)
    assert any(e.clause == "MM-4.2" for e in state.events)
    # player 1 holds only a yellow cube that fits nowhere: the pass uses the constraint up
    assert state.legal_actions() == [Action("pass", ())]
    state.apply_action(Action("pass", ()))
    assert state.column is None and state.pass_streak == 0  # not counted towards a block
    assert state.current_player() == 0


# ================================================================== AMB-MM-4
@pytest.mark.parametrize("gravity", [True, False])
def test_AMB_MM_4_support(gravity: bool) -> None:
    game = lab.load("memm", players=2, gravity=gravity, match="one")
    structure = [(0, 0, 0, 30, {}), (0, 0, 1, 31, {})]
    state = position(game, structure, [[32, 33, 34], [35]])
    cells = state.candidate_cells()
    assert ((1, 0, 1) in cells) == (not gravity)  # nothing under (1, 0, 1)
    assert all(c[2] >= 0 for c in cells)  # the table is the floor either way
    if gravity:
        assert "AMB-MM-4" in state.explain_illegal(0, Action("place", (32, 1, 0, 1, 0)))


# ================================================================== AMB-MM-5 and blocks
def _stuck(game: MemmGame) -> MemmState:
    """Red centre; nobody holds a cube with red."""
    return position(game, [(0, 0, 0, R, {})], [[Y, 7], [OR, 8], [V, 9]], to_move=1)


def test_AMB_MM_5_pass_when_no_placement_then_block() -> None:
    game = lab.load("memm", players=3, no_move="pass")
    state = _stuck(game)
    assert state.legal_actions() == [Action("pass", ())]
    for expected in (2, 0):
        state.apply_action(Action("pass", ()))
        assert state.current_player() == expected
    state.apply_action(Action("pass", ()))
    assert state.is_terminal() and state.blocked
    assert state.metrics()["blocked"] == 1.0 and state.metrics()["stuck_end"] == 0.0
    assert state.winners() == []
    assert any(e.kind == "blocked" and e.clause == "AMB-MM-5" for e in state.events)
    # MM-5 applied to a block: everyone holds 2 cubes of 2 colours -> all tied, all lose
    assert state.returns() == [-1.0, -1.0, -1.0]


def test_AMB_MM_5_no_move_end_stops_the_game_at_once() -> None:
    game = lab.load("memm", players=3, no_move="end")
    state = _stuck(game)
    assert state.legal_actions() == [Action("pass", ())]
    state.apply_action(Action("pass", ()))
    assert state.is_terminal() and state.blocked and state.stuck == 1
    assert state.metrics()["stuck_end"] == 1.0


def test_AMB_MM_5_a_player_who_can_place_may_not_pass() -> None:
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {})], [[6], [7]])
    assert Action("pass", ()) not in state.legal_actions()
    assert "AMB-MM-5" in state.explain_illegal(0, Action("pass", ()))


# ================================================================== MM-5
def test_MM_5_round_is_finished_after_the_first_player_is_out() -> None:
    game = lab.load("memm", players=3)
    # start 0; player 1 places its only cube and is out; player 2 still plays; then the end
    state = position(game, [(0, 0, 0, R, {})], [[7, 8, 9], [6], [12, 13]], to_move=1)
    place(game, state, 6, (1, 0, 0), {1: R})
    assert state.first_out == 1 and not state.is_terminal()
    assert any(e.clause == "MM-5" and e.kind == "out" for e in state.events)
    assert state.current_player() == 2
    legal = state.legal_actions()
    state.apply_action(legal[0])
    if state.current_player() == 2:  # a repeat turn: still player 2's turn in this round
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal()
    assert state.winners() == [1]
    r = state.returns()
    assert r[1] == 1.0 and r[0] == -1.0  # player 0 holds the most cubes
    assert state.metrics()["start_player_won"] == 0.0


def test_MM_5_out_as_the_last_of_the_round_ends_at_once() -> None:
    game = lab.load("memm", players=3)
    state = position(game, [(0, 0, 0, R, {})], [[7, 8], [9], [6]], to_move=2, start=0)
    place(game, state, 6, (1, 0, 0), {1: R})
    assert state.is_terminal() and state.winners() == [2]


def test_MM_5_ties_by_cubes_then_colours_then_a_shared_loss() -> None:
    game = lab.load("memm", players=3)
    state = position(game, [(0, 0, 0, R, {})], [[], [Y, OR], [30, 31]], first_out=0)
    assert state.losers() == [2]  # same count, six colours against two
    state = position(game, [(0, 0, 0, R, {})], [[], [Y, 7], [OR, 8]], first_out=0)
    assert state.losers() == [1, 2]  # two cubes, two colours each: a tie, both lose
    state = position(game, [(0, 0, 0, R, {})], [[], [Y], [30, 31]], first_out=0)
    assert state.losers() == [2]  # most cubes first


def _cold(game: MemmGame) -> None:
    """Empty the rotation caches of the game's (shared) cube table."""
    table = game.cubes
    table.fits_all.clear()
    for fits in table.fits:
        fits.clear()


def _brute_force_placements(state: MemmState) -> set[tuple[int, ...]]:
    """MM-2, AMB-MM-1, AMB-MM-4, MM-4.1 from scratch: every free cell next to an anchor (on or
    above the table, supported under gravity, not continuing a full run), every distinct
    orientation of every cube in hand whose touching faces match (all of them, or one touching
    an anchor)."""
    game, table = state.game, state.game.cubes
    params = game.params
    anchor_list, anchor_set = state.anchors()
    closed = state.run_key if state.run_key is not None and state.run_len >= params["max_run"] else None
    out = set()
    for ax, ay, az in anchor_list:
        for dx, dy, dz in FACE_VECTORS:
            cell = (ax + dx, ay + dy, az + dz)
            x, y, z = cell
            if cell in state.cells or z < 0 or (params["gravity"] and z > 0 and (x, y, z - 1) not in state.cells):
                continue
            if closed is not None and state.placement_direction(cell) == closed:
                continue
            touching = [(f, (x + vx, y + vy, z + vz)) for f, (vx, vy, vz) in enumerate(FACE_VECTORS)
                        if (x + vx, y + vy, z + vz) in state.cells]
            for cube in state.hands[state.to_move]:
                for rot, world in table.orientations[cube]:
                    hits = [(world[f] == state.colours[nb][f ^ 1], nb in anchor_set) for f, nb in touching]
                    if all(h for h, _ in hits) if params["match"] == "all" else any(h and a for h, a in hits):
                        out.add((cube, x, y, z, rot))
    return out


@pytest.mark.parametrize(("match", "gravity", "attach"), [
    ("all", True, "last"), ("one", True, "last"), ("all", False, "any"), ("one", True, "any"), ("one", False, "any")])
def test_MM_2_placements_are_those_of_a_brute_force_search_cold_or_warm(match: str, gravity: bool, attach: str) -> None:
    """The legal placements of seeded games are exactly those a search over every cell, cube and
    orientation finds (no cell under the table, none off an anchor; ``match='one'`` counts only
    faces touching an anchor), and the same whether the table's rotation caches are cold or warm."""
    game = lab.load("memm", players=3, match=match, gravity=gravity, attach=attach)
    rng = np.random.default_rng(7)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 8:
        if state.current_player() < 0:
            state.apply_action(state.legal_actions()[0])
            continue
        warm = state.clone().legal_actions()
        _cold(game)
        cold = state.clone().legal_actions()
        assert cold == warm and state.clone().legal_actions() == warm
        if state.phase == "place":
            assert {a.args for a in warm if a.kind == "place"} == _brute_force_placements(state)
            checked += 1
        state.apply_action(warm[int(rng.integers(len(warm)))])
    assert checked == 8


def test_MM_1_the_deal_as_a_run_plays_what_the_driver_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 36 deals played as one run (``State._run_chance``) against the driver's own steps,
    one chance node at a time: the same games, event for event; a run stops at its limit."""
    from lab.core.state import State
    from lab.sim.streams import ChanceStreams

    def played(game: lab.Game) -> list[Any]:
        return [(s.history(), s.events, s.full_state()) for s in (lab.play(game, None, seed=k) for k in range(4))]

    for players in (2, 3, 4):
        game = lab.load("memm", players=players)
        fast = played(game)
        with monkeypatch.context() as m:
            plant(m, game, _run_chance=State._run_chance)
            assert played(game) == fast
    game = lab.load("memm", players=2)
    state = game.new_initial_state()
    streams = ChanceStreams(np.random.SeedSequence(1))
    assert state._run_chance(streams.draw, state._history.append, 5) == 5
    assert [h.player for h in state.history()] == [CHANCE] * 5
    assert [e.data["player"] for e in state.events if e.kind == "deal"] == [0, 1, 0, 1, 0]
    assert state._run_chance(streams.draw, state._history.append, 10**6) == 31
    assert state.current_player() == CHANCE and state.chance_stream() == "roll"
    assert state._run_chance(streams.draw, state._history.append, 10**6) == 0  # the roll: not a deal


def test_MM_1_the_deal_is_left_to_the_driver_when_its_outcomes_or_stream_are_replaced() -> None:
    """A subclass (or a test) that replaces the deal's outcomes or its stream gets the driver's
    own steps: the run plays nothing."""
    from lab.sim.streams import ChanceStreams

    class OtherStream(MemmState):
        def chance_stream(self) -> str:
            return "other"

    class OtherOutcomes(MemmState):
        def _chance_outcomes(self) -> Any:
            return super()._chance_outcomes()

    for cls in (OtherStream, OtherOutcomes):
        state = as_class(lab.load("memm", players=2).new_initial_state(), cls)
        assert state._run_chance(ChanceStreams(np.random.SeedSequence(1)).draw, state._history.append, 10**6) == 0
        assert not state.history()


def test_MM_5_utility_range_spans_a_loss_and_the_first_out_bonus() -> None:
    """MM-5: a player still holding cubes scores -1, the first out the bonus: the declared range
    holds both, whatever a house rule makes the bonus (a search player scales by it)."""
    game = MemmGame()
    assert game.utility_range() == (-1.0, 1.0)
    assert game.with_rules({"MM-5:bonus": lambda n_players: float(n_players)}).utility_range() == (-1.0, 4.0)
    assert game.with_rules({"MM-5:bonus": lambda n_players: 0.5}).utility_range() == (-1.0, 1.0)
    assert game.with_rules({"MM-5:bonus": lambda n_players: -3.0}).utility_range() == (-3.0, 1.0)
    three = MemmGame({"players": 3}).with_rules({"MM-5:bonus": lambda n_players: 2.0 * n_players})
    assert three.utility_range() == (-1.0, 6.0)
