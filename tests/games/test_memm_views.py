"""memm's words and views, through the public API: explanations of illegal moves name the clause
broken, descriptions of moves and events, the board graph, the time model, the SVG's viewer.

Positions come from ``MemmState.from_observation`` (helpers shared with ``test_memm_rules``;
colours: red 0 ... green 5; cube ``6k + d`` has pattern ``k`` and dominant colour ``d``).
"""

from __future__ import annotations

import pytest
from test_memm_rules import OR, R, Y, _pit, position, rot_with

import lab
from lab.boards.cubes import FACE_NAMES, oriented_colours
from lab.core.actions import Action
from lab.games.memm.components import COLOURS
from lab.games.memm.state import describe_cube

PASS = Action("pass", ())
KEEP = Action("keep", ())


def test_AMB_MM_4_explanation_looks_right_under_the_cell() -> None:
    """A supported cell is never explained away as floating; an unsupported one is."""
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {}), (1, 0, 0, 6, {1: R, 4: R})], [[7, 30], [13]])
    # (1, 0, 1) rests on (1, 0, 0): cube 7 (yellow) is refused for its colour, not for support
    why = state.explain_illegal(0, Action("place", (7, 1, 0, 1, rot_with(game, 7, {5: Y}))))
    assert why.startswith("AMB-MM-1/MM-2: face -z would show yellow against red")
    assert "AMB-MM-4" in state.explain_illegal(0, Action("place", (7, 0, 1, 1, 0)))


def test_MM_4_1_explanation_only_when_a_run_is_full() -> None:
    game = lab.load("memm", players=2, attach="any")
    state = position(game, [(0, 0, 0, R, {}), (1, 0, 0, 6, {1: R, 0: R})], [[7], [13]])
    # (-1, 0, 0) does not touch the previous cube: no direction, and no run is full
    why = state.explain_illegal(0, Action("place", (7, -1, 0, 0, rot_with(game, 7, {0: Y}))))
    assert why == "AMB-MM-1/MM-2: face +x would show yellow against red"


def test_non_representative_rotation_is_named_with_its_representative() -> None:
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {})], [[12], [13]])
    reps = game.cubes.rep_index[12]
    rot = next(r for r in range(24) if r not in reps)
    want = next(r for r in reps if oriented_colours(game.cubes.bodies[12], r)
                == oriented_colours(game.cubes.bodies[12], rot))
    why = state.explain_illegal(0, Action("place", (12, 1, 0, 0, rot)))
    assert why == f"rotation {rot} shows the same faces as rotation {want}; use {want}"


def test_AMB_MM_1_explanation_with_match_one_names_the_clause() -> None:
    game = lab.load("memm", players=2, match="one")
    state = position(game, [(0, 0, 0, R, {})], [[Y], [13]])
    why = state.explain_illegal(0, Action("place", (Y, 1, 0, 0, 0)))
    assert why == "AMB-MM-1: no face touching an anchor matches its colour (match='one')"


def test_descriptions_of_passes_declines_and_unknown_kinds() -> None:
    game = lab.load("memm", players=3)
    state = position(game, [(0, 0, 0, R, {})], [[Y], [6], [7]])  # player 0 must pass
    assert state.describe_action(PASS) == "pass (no legal placement)"
    assert state.describe_action(KEEP) == "give no more cubes"
    assert state.describe_action(Action("shrug", ())) == "shrug"
    extra = _pit(game, 1, [[R, 11, 7], [15], [16, 17]])
    extra.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert extra.describe_action(PASS) == "pass: decline the extra placement (MM-3)"
    assert extra.describe_action(KEEP) == "give no more cubes"
    giving = _pit(game, 2, [[R, 11, 7], [15], [16, 17]])
    giving.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert giving.phase == "give" and giving.describe_action(PASS) == "pass (no legal placement)"


def test_describe_action_names_every_face() -> None:
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {})], [[12], [13]])
    rot = rot_with(game, 12, {4: Y, 1: R})
    world = game.cubes.orientations[12][game.cubes.rep_index[12][rot]][1]
    names = (("top", 4), ("+x", 0), ("-x", 1), ("+y", 2), ("-y", 3), ("bottom", 5))
    faces = ", ".join(f"{n} {COLOURS[world[f]]}" for n, f in names)
    assert state.describe_action(Action("place", (12, 1, 0, 0, rot))) == (
        f"place cube 12 (red IV, yellow I, orange I) at (1, 0, 0): {faces}")


def test_describe_cube_lists_the_main_colour_then_the_others_in_colour_order() -> None:
    assert describe_cube((0, 0, 0, 2, 1, 3)) == "red III, yellow I, orange I, violet I"
    assert describe_cube((5, 5, 1, 0, 5, 5)) == "green IV, red I, yellow I"
    assert describe_cube((4,) * 6) == "blue VI"


def test_describe_event_words_a_placement() -> None:
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {})], [[6, 7], [13]])
    state.apply_action(next(a for a in state.legal_actions() if a.args[1:4] == (1, 0, 0)))
    event = next(e for e in state.events if e.kind == "place")
    text = state.describe_event(event)
    assert text.startswith("player 0 placed cube 6 at (1, 0, 0): top ")


def test_board_graph_names_colours_and_is_empty_before_play() -> None:
    game = lab.load("memm", players=2)
    assert game.board().number_of_nodes() == 0
    state = position(game, [(0, 0, 0, R, {}), (1, 0, 0, 6, {1: R, 0: Y})], [[7], [13]])
    g = game.board(state)
    assert g.nodes[(0, 0, 0)]["colour_names"] == ("red",) * 6
    assert g.nodes[(1, 0, 0)]["colour_names"][0] == "yellow"
    assert g.edges[(0, 0, 0), (1, 0, 0)]["match"] is True


def test_estimated_minutes_counts_placements_passes_and_gifts() -> None:
    game = lab.load("memm", players=3)
    state = _pit(game, 3, [[R, 7, 8, 9], [Y], [OR]])
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))  # 4 joined faces: 2 gifts
    state.apply_action(Action("give", (7, 1)))
    state.apply_action(Action("give", (8, 2)))
    assert (state.placements, state.passes, state.gifts) == (1, 0, 2)
    assert state.estimated_minutes() == pytest.approx(0.4 * 1 + 0.1 * 2 + 1.0)
    blocked = position(game, [(0, 0, 0, R, {})], [[Y], [OR], [7]])
    for _ in range(2):
        blocked.apply_action(PASS)
    assert blocked.estimated_minutes() == pytest.approx(0.1 * 2 + 1.0)


def test_svg_marks_the_viewer() -> None:
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {})], [[6], [13]])
    assert "player 0 (you)" in state.render_svg(0) and "(you)" not in state.render_svg(None)


@pytest.mark.parametrize(("gift_to", "who"), [
    ("any", "another player"), ("holding", "another player still holding cubes (gift_to='holding')")])
def test_MM_3_gift_explanations_name_who_may_receive(gift_to: str, who: str) -> None:
    game = lab.load("memm", players=3, gift_to=gift_to)
    state = _pit(game, 2, [[R, 7, 8], [15], [16]])
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert state.explain_illegal(0, Action("give", (7, 0))) == (
        f"player 0 cannot receive a cube (not {who})")
    assert state.explain_illegal(0, PASS) == "MM-3: give up to 1 more cube(s) with give(cube, to), or keep"


def test_pass_and_keep_explanations_at_a_placement() -> None:
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {})], [[6], [7]])
    assert state.explain_illegal(0, PASS) == (
        "AMB-MM-5: you may pass only when no placement is legal (or, with "
        "extra_placement='may', to decline an extra placement, MM-3)")
    assert state.explain_illegal(0, KEEP) == "a placement (place) is due"


def test_custom_set_with_a_layout_is_refused_with_the_reason() -> None:
    custom = [[COLOURS[c] for c in body] for body in lab.load("memm").cubes.bodies]
    with pytest.raises(lab.InvalidVariant) as info:
        lab.load("memm", cube_set=custom, face_layout="adjacent")
    assert str(info.value).endswith(
        "face_layout only arranges the 'balanced' cube set; a custom cube_set already gives "
        "every face, so leave face_layout at 'opposite'")


def test_AMB_MM_3_cube_set_errors_name_what_is_wrong_and_what_is_allowed() -> None:
    with pytest.raises(lab.InvalidVariant, match=r"\(each six colour names\), got int$"):
        lab.load("memm", cube_set=7)
    bad = [["red"] * 6] * 36
    bad = [*bad[:3], ["red"] * 5 + ["pink"], *bad[4:]]
    with pytest.raises(lab.InvalidVariant) as info:
        lab.load("memm", cube_set=bad)
    assert str(info.value).endswith(
        "cube 3: colour 'pink' is not known; colours are red, yellow, orange, violet, blue, green")
    with pytest.raises(lab.InvalidVariant) as info:
        lab.load("memm", cube_set=[["red"] * 5 + ["blue"]] * 36)
    assert str(info.value).endswith(
        "no cube has a single colour, so MM-1 has no starting cube; include at least one")


@pytest.mark.parametrize("side", ["+y", "+z"])
def test_MM_2_explanation_reads_the_neighbours_touching_face(side: str) -> None:
    """The colour a cell must show is the one on the neighbour's face that touches it (the
    opposite face), not another face of that cube: the neighbour here shows a colour on that
    face that neither of its x faces shows, and the refusal names it."""
    game = lab.load("memm", players=2, gravity=False)
    mine, theirs = (3, 2) if side == "+y" else (5, 4)  # my face, the neighbour's face it touches
    cell = (0, 1, 0) if side == "+y" else (0, 0, 1)
    nb_cube, nb_world = next(
        (cube, world) for cube in range(36) for _rot, world in game.cubes.orientations[cube]
        if world[theirs] != world[0] and world[theirs] != world[1]
    )
    others = [c for c in range(36) if c != nb_cube]
    state = position(game, [(0, 0, 0, nb_cube, {f: nb_world[f] for f in range(6)})], [others[:12], others[-1:]])
    assert state.contacts(cell) == [(mine, nb_world[theirs])]
    hand = state.hands[0]
    wrong = next((cube, rot, world) for cube in hand for rot, world in game.cubes.orientations[cube]
                 if world[mine] not in (nb_world[theirs], nb_world[0], nb_world[1]))
    action = Action("place", (wrong[0], *cell, wrong[1]))
    face = FACE_NAMES[mine]
    assert state.explain_illegal(0, action) == (
        f"AMB-MM-1/MM-2: face {face} would show {COLOURS[wrong[2][mine]]} against {COLOURS[nb_world[theirs]]}"
    )
    right = next((cube, rot) for cube in hand for rot, world in game.cubes.orientations[cube]
                 if world[mine] == nb_world[theirs])
    assert Action("place", (right[0], *cell, right[1])) in state.legal_actions()
