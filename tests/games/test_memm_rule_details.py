"""memm rules in detail, each through the public API: the points a planted wrong rule (a mutant)
got past the older tests -- deal order, the roll with two one-colour cubes, six joined faces,
the gift limit, run counting, the column, block counting, metrics, explanations, codes.

Positions come from ``MemmState.from_observation`` (helpers shared with ``test_memm_rules``;
colours: red 0 ... green 5; cube ``6k + d`` has pattern ``k`` and dominant colour ``d``).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_memm_rules import OR, R, Y, _pit, dealt, position, rot_with

import lab
from lab.core.actions import Action
from lab.core.state import CHANCE
from lab.games.memm import MemmGame, MemmState
from lab.games.memm.components import COLOURS, balanced_cube_set

PASS = Action("pass", ())
KEEP = Action("keep", ())


def at(state: MemmState, cell: tuple[int, int, int], cube: int | None = None) -> Action:
    """The first legal placement into ``cell`` (of ``cube`` if given)."""
    return next(a for a in state.legal_actions() if a.kind == "place" and tuple(a.args[1:4]) == cell
                and (cube is None or a.args[0] == cube))


def kinds(state: MemmState, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in state.events if e.kind == kind]


# ================================================================== MM-1
def test_MM_1_deal_in_any_order_goes_round_the_table_and_keeps_hands_sorted() -> None:
    game = lab.load("memm", players=3)
    state = game.new_initial_state()
    for k, cube in enumerate(reversed(range(36))):
        assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 36 - k
        assert state.chance_stream() == "deal"
        state.apply_action(Action("deal", (cube,)))
        assert kinds(state, "deal")[-1] == {"player": k % 3, "cube": cube}
    assert state.hands[0] == sorted(range(35, -1, -3)) and state.hands[2] == list(range(0, 36, 3))
    assert all(a.kind == "roll" for a, _ in state.chance_outcomes())
    assert state.chance_stream() == "roll"
    assert state.returns() == [0.0] * 3 and state.winners() == [] and not state.is_terminal()


def test_MM_1_roll_chooses_among_colours_with_a_one_colour_cube_lowest_cube_first() -> None:
    cubes = [[COLOURS[c] for c in body] for body in balanced_cube_set()]
    cubes[1] = ["red"] * 6  # two red one-colour cubes, no yellow one
    game = lab.load("memm", players=2, cube_set=cubes)
    state = dealt(game)  # cube 0 to seat 0, cube 1 to seat 1
    rolls = state.chance_outcomes()
    assert sorted(a.args[0] for a, _ in rolls) == sorted(c for c in COLOURS if c != "yellow")
    assert all(p == pytest.approx(1 / 5) for _, p in rolls)
    state.apply_action(Action("roll", ("red",)))
    assert state.start_player == 0 and (0, 0, 0) in state.cells and state.cells[(0, 0, 0)][0] == 0
    assert kinds(state, "roll") == [{"colour": "red", "player": 0, "cube": 0}]
    assert kinds(state, "centre") == [{"player": 0, "cube": 0}]
    assert state.current_player() == 1 and state.last == (0, 0, 0) and state.placements == 0


# ================================================================== MM-3
def _six_sided_pit(game: MemmGame, hand: list[int]) -> MemmState:
    """Without gravity: cell (0, 0, 1) has cubes on all six sides showing red to it."""
    base = _pit(game, 4, [[0], [15], [16]])
    obs = base.observation(None)
    obs["structure"].append([0, 0, 2, 35, rot_with(game, 35, {5: R})])
    obs["last"] = [0, 0, 2]
    obs["hands"][0] = hand
    return MemmState.from_observation(game, obs)


def test_MM_3_six_joined_faces_earn_three_gifts() -> None:
    game = lab.load("memm", players=3, gravity=False)
    state = _six_sided_pit(game, [R, 7, 8, 9, 10])
    assert state.joined_faces(R, (0, 0, 1), 0) == 6
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert kinds(state, "place")[-1]["joined"] == 6 and state.metrics()["max_joined"] == 6.0
    assert state.gives_left == 3 and kinds(state, "may_give") == [{"player": 0, "count": 3}]


def test_MM_3_gifts_are_limited_by_the_hand_and_the_last_gift_puts_the_giver_out() -> None:
    game = lab.load("memm", players=3, gravity=False)
    state = _six_sided_pit(game, [R, 7])
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert state.gives_left == 1  # three earned, one cube left to give
    assert state.repeat  # owed: but the gift empties the hand
    state.apply_action(Action("give", (7, 2)))
    assert state.hands == [[], [15], [7, 16]] and state.first_out == 0
    assert kinds(state, "give") == [{"player": 0, "cube": 7, "to": 2}]
    assert [e.clause for e in state.events if e.kind == "give"] == ["MM-3"]
    assert kinds(state, "out") == [{"player": 0}]
    assert state.current_player() == 1 and state.metrics()["gifts"] == 1.0
    assert state.observation(1)["repeat"] is False  # the owed repeat lapsed with the hand


def test_MM_3_a_two_face_join_with_the_last_cube_ends_the_turn() -> None:
    game = lab.load("memm", players=3)
    state = _pit(game, 1, [[R], [15], [16, 17]])
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert state.first_out == 0 and not state.repeat and kinds(state, "repeat") == []
    assert state.current_player() == 1 and state.metrics()["repeats"] == 0.0


def test_MM_3_keep_logs_what_was_declined_and_the_repeat_follows() -> None:
    game = lab.load("memm", players=3)
    state = _pit(game, 4, [[R, 7, 8, 9], [15], [16]])
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert state.gives_left == 3 and state.phase == "give"
    state.apply_action(Action("give", (9, 1)))
    state.apply_action(KEEP)
    assert kinds(state, "keep") == [{"player": 0, "declined": 2}]
    assert [e.clause for e in state.events if e.kind == "keep"] == ["MM-3"]
    assert state.gives_left == 0 and state.phase == "place" and state.current_player() == 0
    assert state.repeat and kinds(state, "repeat") == [{"player": 0, "joined": 5}]
    assert state.metrics()["repeats"] == 1.0 and state.metrics()["gifts"] == 1.0


@pytest.mark.parametrize("gift_to", ["holding", "any"])
def test_MM_3_gifts_with_nobody_holding_cubes_are_skipped_or_go_to_the_player_out(gift_to: str) -> None:
    game = lab.load("memm", players=2, gift_to=gift_to)
    base = _pit(game, 4, [[R, 7, 8, 9], []])
    obs = base.observation(None)
    obs["first_out"], obs["start_player"] = 1, 1  # seat 0 plays the last turn of the round
    state = MemmState.from_observation(game, obs)
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    if gift_to == "holding":
        assert state.gives_left == 0 and state.phase == "place" and kinds(state, "may_give") == []
        assert state.current_player() == 0 and state.repeat  # the repeat is still earned
    else:
        assert state.gives_left == 3 and state.phase == "give"
        assert {a.args[1] for a in state.legal_actions() if a.kind == "give"} == {1}


# ================================================================== MM-4.1
def _corridor(game: MemmGame) -> MemmState:
    """A red centre; two players holding six-colour cubes (anything fits with match='one')."""
    return position(game, [(0, 0, 0, R, {})], [[30, 31, 32, 33], [34, 35, 24, 25]])


@pytest.mark.parametrize("reading", ["previous", "touched"])
def test_MM_4_1_three_in_a_row_close_the_direction_for_whoever_comes_next(reading: str) -> None:
    game = lab.load("memm", players=2, match="one", run_direction=reading)
    state = _corridor(game)
    for x in (1, 2):
        state.apply_action(at(state, (x, 0, 0)))
        assert (x + 1, 0, 0) in state.candidate_cells()
        assert kinds(state, "run_limit") == []
    state.apply_action(at(state, (3, 0, 0)))
    assert [d["direction"] for d in kinds(state, "place")] == ["+x"] * 3
    assert kinds(state, "run_limit") == [{"direction": "+x"}]
    assert state.current_player() == 1
    assert (4, 0, 0) not in state.candidate_cells()
    mine = state.hands[1][0]
    assert "no more than 3 placements" in state.explain_illegal(1, Action("place", (mine, 4, 0, 0, 0)))
    # a turn to +y ends the run: +x is open again after it
    state.apply_action(at(state, (3, 1, 0)))
    assert (4, 1, 0) in state.candidate_cells()
    state.apply_action(at(state, (4, 1, 0)))
    assert kinds(state, "place")[-1]["direction"] == "+x"
    assert (5, 1, 0) in state.candidate_cells()


def test_MM_4_1_a_placement_with_no_direction_ends_the_run() -> None:
    game = lab.load("memm", players=2, match="one", attach="any")
    state = _corridor(game)
    for cell in ((1, 0, 0), (2, 0, 0), (0, 1, 0)):  # the third is not against the previous cube
        state.apply_action(at(state, cell))
    assert state.observation(0)["run"] == [None, 0]
    for x in (1, 2, 3):  # so a new +x run starts after it
        assert (x, 1, 0) in state.candidate_cells()
        state.apply_action(at(state, (x, 1, 0)))
    assert [d["direction"] for d in kinds(state, "place")] == ["+x", "+x", None, "+x", "+x", "+x"]
    assert state.observation(0)["run"] == [0, 3]
    assert (4, 1, 0) not in state.candidate_cells()


def test_MM_4_1_max_run_one_closes_each_direction_at_once() -> None:
    game = lab.load("memm", players=2, match="one", max_run=1)
    state = _corridor(game)
    state.apply_action(at(state, (1, 0, 0)))
    assert (2, 0, 0) not in state.candidate_cells() and (1, 1, 0) in state.candidate_cells()


# ================================================================== MM-4.2
def test_MM_4_2_only_a_cube_on_top_sets_a_column_and_off_never_does() -> None:
    game = lab.load("memm", players=2, match="one")
    state = _corridor(game)
    state.apply_action(at(state, (1, 0, 0)))
    assert state.column is None and kinds(state, "column") == []
    state.apply_action(at(state, (1, 0, 1)))
    assert state.column == (1, 0)
    assert kinds(state, "column") == [{"column": [1, 0], "rule": "must"}]
    state.apply_action(at(state, (1, 0, 2)))
    assert state.column == (1, 0)
    state.apply_action(at(state, (1, 1, 0)))
    assert state.column is None
    off = lab.load("memm", players=2, match="one", column_rule="off")
    state = _corridor(off)
    state.apply_action(at(state, (0, 0, 1)))
    assert state.column is None and kinds(state, "column") == []


# ================================================================== AMB-MM-5
def test_AMB_MM_5_a_placement_resets_the_passes_in_a_row() -> None:
    game = lab.load("memm", players=3)
    # red centre: players 1 and 2 hold nothing with red; player 0 holds a red cube
    state = position(game, [(0, 0, 0, R, {})], [[6, 7], [Y, 8], [OR, 9]], to_move=1)
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert state.pass_streak == 2 and state.metrics()["passes"] == 2.0
    state.apply_action(at(state, (1, 0, 0), 6))
    assert state.pass_streak == 0 and not state.is_terminal()
    for _ in range(2):
        state.apply_action(PASS)
    assert not state.is_terminal() and state.pass_streak == 2


# ================================================================== MM-5 and the outcome
def test_MM_5_metrics_of_a_finished_game() -> None:
    game = lab.load("memm", players=3)
    state = position(game, [(0, 0, 0, R, {})], [[7, 8], [9], [6]], to_move=2, start=0)
    state.apply_action(at(state, (1, 0, 0), 6))
    assert state.is_terminal() and state.winners() == [2]
    assert kinds(state, "round_complete") == [{"player": 2}]
    assert kinds(state, "end") == [{"winner": 2, "losers": [0], "blocked": False}]
    m = state.metrics()
    assert m["start_player"] == 0.0 and m["start_player_won"] == 0.0 and m["start_player_lost"] == 1.0
    assert m["winner_seat_after_start"] == 2.0
    assert m["placements"] == 1.0 and m["first_out_placement"] == 1.0
    assert m["height"] == 1.0 and m["cubes_left"] == 3.0 and m["blocked"] == 0.0
    assert state.returns() == [-1.0, 0.0, 1.0]
    assert state.progress() == [(12 - 2) / 12, (12 - 1) / 12, 1.0]
    assert state.estimated_minutes() == pytest.approx(0.4 * 1 + 1.0)


def test_MM_5_the_start_player_winning_and_losing_are_measured() -> None:
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {})], [[6], [7, 8]], to_move=0, start=0)
    state.apply_action(at(state, (1, 0, 0), 6))
    assert state.metrics()["start_player_won"] == 1.0 and state.metrics()["winner_seat_after_start"] == 0.0
    state = position(game, [(0, 0, 0, R, {}), (0, 0, 1, R + 6, {5: R})], [[7, 8], [9]], to_move=1,
                      start=0)
    m = state.metrics()
    assert m["height"] == 2.0 and m["first_out_placement"] == -1.0 and m["winner_seat_after_start"] == -1.0
    assert state.returns() == [0.0, 0.0]  # not over
    three = lab.load("memm", players=3)
    state = position(three, [(0, 0, 0, R, {})], [[7, 8], [6], [9]], to_move=1, start=2)
    state.apply_action(at(state, (1, 0, 0), 6))  # seat 1 is out; seat 1 closes the round
    assert state.is_terminal() and state.metrics()["winner_seat_after_start"] == 2.0
    assert dealt(three).metrics()["height"] == 0.0  # nothing on the table yet


def test_MM_5_a_blocked_game_has_a_loser_but_no_winner() -> None:
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {})], [[Y, 7, 8], [OR]])
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert state.is_terminal() and state.blocked and state.winners() == []
    assert state.returns() == [-1.0, 0.0] and state.metrics()["start_player_lost"] == 1.0
    assert kinds(state, "blocked") == [{"passes": 2}]
    assert state.legal_actions() == [] and state.current_player() < 0


def test_MM_5_nobody_holding_cubes_means_nobody_loses() -> None:
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {})], [[], []], first_out=1)
    assert state.losers() == []


# ================================================================== views and copies
def test_clone_is_independent_and_observations_name_the_position() -> None:
    game = lab.load("memm", players=2)
    state = _corridor(lab.load("memm", players=2, match="one"))
    twin = state.clone()
    twin.apply_action(at(twin, (1, 0, 0)))
    assert len(state.cells) == 1 and len(twin.cells) == 2 and state.hands != twin.hands
    assert state.order == [(0, 0, 0)] and state.history() == []
    obs = twin.observation(1)
    assert obs["player"] == 1 and obs["to_move"] == 1 and obs["last"] == [1, 0, 0]
    assert obs["structure"][0][:4] == [0, 0, 0, R] and obs["run"] == [0, 1]
    full = twin.full_state()
    assert full["undealt"] == [] and full["stuck"] is None and full["stats"][0] == 1
    assert game.board(twin).number_of_edges() == 1


def test_clone_after_a_player_went_out_is_the_same_position() -> None:
    """A clone copies every field, the first player out's placement count included (metrics,
    full state), its event log reads as the original's, and played on it keeps that count."""
    game = lab.load("memm", players=3)
    for seed in range(40):
        twins: list[tuple[MemmState, float]] = []

        def step(state: lab.State, twins: list[tuple[MemmState, float]] = twins) -> None:
            assert isinstance(state, MemmState)
            if state.first_out is not None and not twins and not state.is_terminal():
                twin = state.clone()
                assert twin.first_out_placement == state.first_out_placement >= 1
                assert twin.full_state() == state.full_state() and twin.metrics() == state.metrics()
                assert twin.events == state.events and twin.observation(0) == state.observation(0)
                twins.append((twin, float(state.first_out_placement)))

        lab.play(game, None, seed=seed, on_step=step)
        if twins:
            twin, first_out_placement = twins[0]
            final = lab.play(game, None, seed=seed + 1000, state=twin)
            assert final.metrics()["first_out_placement"] == first_out_placement
            return
    pytest.fail("no seed of 40 has a player out before the end of the game")


# ================================================================== explanations and codes
def test_explanations_name_each_broken_rule() -> None:
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {}), (1, 0, 0, 6, {1: R, 0: R})], [[12, 30], [13]])
    why = state.explain_illegal
    assert "not in your hand" in why(0, Action("place", (13, 2, 0, 0, 0)))
    assert "already occupied" in why(0, Action("place", (12, 1, 0, 0, 0)))
    assert "nothing under (2, 0, 1)" in why(0, Action("place", (30, 2, 0, 1, 0)))
    assert "must touch the last cube" in why(0, Action("place", (30, -1, 0, 0, 0)))
    assert "face -x would show" in why(0, Action("place", (12, 2, 0, 0, rot_with(game, 12, {1: Y}))))
    same = [r for r in range(24) if r not in game.cubes.rep_index[12]][0]
    assert "shows the same faces as rotation" in why(0, Action("place", (12, 2, 0, 0, same)))
    assert "a placement (place) is due" in why(0, KEEP)
    one = lab.load("memm", players=2, match="one")
    state = position(one, [(0, 0, 0, R, {})], [[Y], [13]])
    assert "no face touching an anchor matches" in state.explain_illegal(0, Action("place", (Y, 1, 0, 0, 0)))
    state = position(game, [(0, 0, 0, R, {})], [[6], [13]])
    assert state.explain_illegal(0, at(state, (1, 0, 0))) is None  # legal: nothing to explain
    anywhere = lab.load("memm", players=2, attach="any")
    state = position(anywhere, [(0, 0, 0, R, {})], [[6], [13]])
    assert "must touch the structure" in state.explain_illegal(0, Action("place", (6, 5, 0, 0, 0)))
    state = position(game, [(0, 0, 0, R, {}), (0, 0, 1, 6, {5: R})], [[6 + 6], [13]], column=(0, 0))
    assert "column (0, 0) (MM-4.2)" in state.explain_illegal(0, Action("place", (12, 3, 0, 0, 0)))


def test_gift_explanations_and_descriptions() -> None:
    game = lab.load("memm", players=3)
    state = _pit(game, 2, [[R, 7, 8], [15], [16]])
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert "not in your hand" in state.explain_illegal(0, Action("give", (15, 1)))
    assert "cannot receive" in state.explain_illegal(0, Action("give", (7, 0)))
    assert "give up to 1 more" in state.explain_illegal(0, Action("place", (7, 5, 5, 0, 0)))
    assert state.describe_action(Action("give", (7, 2))) == "give cube 7 to player 2"
    assert state.describe_action(KEEP) == "give no more cubes"
    assert state.describe_action(Action("deal", (3,))) == "deal cube 3"
    assert state.describe_action(Action("roll", ("red",))) == "roll red"
    assert state.describe_action(Action("place", (7, 1, 1, 1, 23))) == "place(7, 1, 1, 1, 23)"
    text = state.describe_action(Action("place", (12, 1, 1, 1, 0)))
    assert "(red IV, yellow I, orange I)" in text and "top " in text


def test_action_codes_are_the_ones_old_compact_saves_hold() -> None:
    """The decline reuses ``pass``: the coding old compact saves were written in is unchanged."""
    game = lab.load("memm")
    assert game.num_distinct_actions() == 9_800 + 36 * 4 + 1 + 1 + 36 + 6
    state = game.new_initial_state()
    assert state.action_to_int(Action("deal", (5,))) == 9_800 + 144 + 2 + 5
    codes = {a.kind: game.action_to_int(a) for a in (KEEP, PASS, Action("give", (3, 2)))}
    assert codes == {"keep": 9_944, "pass": 9_945, "give": 9_800 + 3 * 4 + 2}
    assert game.action_to_int(Action("roll", ("green",))) == 9_800 + 144 + 2 + 36 + 5


def test_variant_bounds() -> None:
    for bad in ({"players": 1}, {"players": 5}, {"max_run": 0}, {"max_run": 36}):
        with pytest.raises(lab.InvalidVariant):
            lab.load("memm", **bad)
    assert lab.load("memm", max_run=35).params["max_run"] == 35
    assert lab.load("memm").num_players() == 4
    with pytest.raises(lab.InvalidVariant, match="leave face_layout at 'opposite'"):
        lab.load("memm", cube_set=[[COLOURS[c] for c in b] for b in balanced_cube_set()],
                 face_layout="adjacent")


def test_max_game_length_bounds_every_game() -> None:
    for n in (2, 4):
        game = lab.load("memm", players=n, attach="any", match="one")
        longest = max(len(lab.play(game, seed=s).history()) for s in range(3))
        assert longest <= game.max_game_length() == 37 + 35 * 5 + 36 * (n + 1)




def test_AMB_MM_5_no_move_end_logs_who_was_stuck() -> None:
    game = lab.load("memm", players=3, no_move="end")
    state = position(game, [(0, 0, 0, R, {})], [[Y, 7], [OR, 8], [9]], to_move=1)
    state.apply_action(PASS)
    stuck = [e for e in state.events if e.kind == "stuck_ends"]
    assert [(e.clause, dict(e.data)) for e in stuck] == [("AMB-MM-5", {"player": 1})]
    assert state.full_state()["stuck"] == 1 and state.metrics()["stuck_end"] == 1.0


def test_observation_round_trip_mid_gift_and_before_the_roll() -> None:
    game = lab.load("memm", players=3)
    state = _pit(game, 3, [[R, 7, 8, 9], [15], [16]])
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    obs = state.observation(2)
    assert obs["gives_left"] == 2 and obs["repeat"] is True and obs["phase"] == "give"
    assert obs["column"] == [0, 0] and obs["undealt"] == 0
    twin = MemmState.from_observation(game, obs)
    assert twin.observation(2) == obs and twin.legal_actions() == state.legal_actions()
    fresh = game.new_initial_state()
    first = fresh.observation(None)
    assert first["last"] is None and first["column"] is None and first["undealt"] == 36
    again = MemmState.from_observation(game, first)
    assert again.last is None and again.column is None and again.observation(None)["last"] is None


def test_MM_5_bonus_rule_point_receives_the_number_of_players() -> None:
    game = lab.load("memm", players=3, rules={"MM-5:bonus": lambda n_players: float(n_players)})
    state = position(game, [(0, 0, 0, R, {})], [[7, 8], [9], [6]], to_move=2, start=0)
    state.apply_action(at(state, (1, 0, 0), 6))
    assert state.returns()[2] == 3.0


def test_agents_of_memm_are_named() -> None:
    names = set(lab.agents.catalogue.agent_names(lab.load("memm", players=2)))
    assert {"greedy", "lookahead"} <= names


def test_AMB_MM_3_unknown_face_layout_is_refused_by_name() -> None:
    with pytest.raises(lab.InvalidVariant, match=r"face layout 'diagonal' is not known; expected one of \['adjacent', 'opposite'\]"):
        balanced_cube_set("diagonal")


def test_action_specs_are_the_saved_contract() -> None:
    """Names, domains and docs of memm's action kinds (codes and saves depend on them)."""
    specs = {s.kind: s for s in lab.load("memm").action_specs()}
    assert list(specs) == ["place", "give", "keep", "pass", "deal", "roll"]
    table = {k: [(f.name, f.values) for f in s.fields] for k, s in specs.items()}
    span = range(-35, 36)
    assert table == {
        "place": [("cube", range(36)), ("x", span), ("y", span), ("z", range(0, 36)),
                  ("rotation", range(24))],
        "give": [("cube", range(36)), ("to", range(4))],
        "keep": [], "pass": [], "deal": [("cube", range(36))], "roll": [("colour", COLOURS)],
    }
    assert specs["place"].choices == 9_800
    assert {k: s.doc for k, s in specs.items()} == {
        "place": "MM-2: put a cube from the hand into a cell, turned by a rotation.",
        "give": "MM-3: hand a cube to a player.",
        "keep": "MM-3: give no more cubes this time.",
        "pass": "AMB-MM-5: no legal placement; MM-3: decline an extra placement.",
        "deal": "MM-1 (chance): the next cube dealt.",
        "roll": "MM-1 (chance): the six-colour roll.",
    }


def test_malformed_placements_are_refused_by_field() -> None:
    game = lab.load("memm", players=2)
    state = position(game, [(0, 0, 0, R, {})], [[6], [7]])
    for args, word in (((6, 36, 0, 0, 0), "x = 36"), ((6, 0, -36, 0, 0), "y = -36"),
                       ((6, 0, 0, 36, 0), "z = 36"), ((36, 0, 0, 0, 0), "cube = 36"),
                       ((6, 0, 0, 0, 24), "rotation = 24")):
        with pytest.raises(lab.IllegalAction, match=word):
            state.apply_action(Action("place", args))
    with pytest.raises(lab.IllegalAction, match="is not legal for player 0 now: AMB-MM-4"):  # well-formed
        state.apply_action(Action("place", (6, 35, -35, 35, 0)))


CLAUSE_OF = {
    "deal": "MM-1", "roll": "MM-1", "centre": "MM-1", "place": "MM-2", "run_limit": "MM-4.1",
    "column": "MM-4.2", "repeat": "MM-3", "may_give": "MM-3", "give": "MM-3", "keep": "MM-3",
    "decline": "MM-3", "pass": "AMB-MM-5", "blocked": "AMB-MM-5", "stuck_ends": "AMB-MM-5",
    "out": "MM-5", "round_complete": "MM-5", "end": "MM-5",
}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_event_names_its_clause_and_metrics_count_the_events(seed: int) -> None:
    game = lab.load("memm", players=3)
    state = lab.play(game, "greedy", seed=seed)
    seen = set()
    for e in state.events:
        assert e.clause == CLAUSE_OF[e.kind], e
        seen.add(e.kind)
    assert {"deal", "roll", "centre", "place", "repeat", "end"} <= seen
    m = state.metrics()
    for kind, metric in (("place", "placements"), ("repeat", "repeats"), ("give", "gifts"),
                         ("pass", "passes"), ("decline", "declines")):
        assert m[metric] == len(kinds(state, kind)), metric
    assert m["placements"] >= 2 and m["repeats"] >= 2
    first = kinds(state, "place")[0]
    cube, rot = state.cells[tuple(first["cell"])]
    assert set(first) == {"player", "cube", "cell", "rotation", "joined", "direction"}
    assert (first["cube"], first["rotation"]) == (cube, rot)


def test_MM_4_1_and_MM_3_events_name_their_clauses_in_a_built_position() -> None:
    game = lab.load("memm", players=2, match="one")
    state = _corridor(game)
    for x in (1, 2, 3):
        state.apply_action(at(state, (x, 0, 0)))
    assert [e.clause for e in state.events if e.kind == "run_limit"] == ["MM-4.1"]
    three = lab.load("memm", players=3)
    state = _pit(three, 2, [[R, 7, 8], [15], [16]])
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert [e.clause for e in state.events if e.kind == "may_give"] == ["MM-3"]


def test_MM_5_house_rule_naming_a_seat_that_does_not_exist_is_ignored() -> None:
    game = lab.load("memm", players=2, rules={"MM-5": lambda cubes, colours, first_out: [0, 2, -1]})
    state = position(game, [(0, 0, 0, R, {})], [[7], [8]])
    assert state.losers() == [0]


def test_a_fresh_game_shows_nothing_placed_and_nothing_pending() -> None:
    game = lab.load("memm", players=2)
    state = game.new_initial_state()
    assert state.observation(None) == {
        "player": None, "phase": "deal", "to_move": 0, "start_player": -1, "hands": [[], []],
        "undealt": 36, "structure": [], "last": None, "run": [None, 0], "column": None,
        "gives_left": 0, "repeat": False, "first_out": None, "pass_streak": 0, "blocked": False,
        "next_turn_columns": [None, None],
    }
    m = state.metrics()
    assert m["max_joined"] == 0.0 and m["blocked"] == 0.0 and m["placements"] == 0.0
    assert dealt(game).candidate_cells() == []  # no cube on the table yet: nowhere to attach


def _two_neighbours(game: lab.Game) -> MemmState:
    """Yellow cube A at the centre, a cube at (1, 0, 0), red cube B at (1, 1, 0) placed last:
    the cell (0, 1, 0) touches A (its -y face) and B (its +x face)."""
    structure = [(0, 0, 0, Y, {}), (1, 0, 0, 30, {}), (1, 1, 0, R, {})]
    return position(game, structure, [[6, 7], [13]])


def test_AMB_MM_1_match_one_counts_only_faces_touching_an_anchor() -> None:
    game = lab.load("memm", players=2, match="one")  # attach="last": only B is an anchor
    state = _two_neighbours(game)
    cells = {tuple(a.args[1:4]) for a in state.legal_actions() if a.args[0] == 7}
    assert (0, 1, 0) not in cells  # cube 7 (yellow, one orange face) matches A but not B


def test_AMB_MM_1_match_one_any_anchor_face_will_do() -> None:
    game = lab.load("memm", players=2, match="one", attach="any")
    state = _two_neighbours(game)
    red_both = rot_with(game, 6, {0: R, 3: R})  # red to B, red (not yellow) to A
    yellow_to_a = rot_with(game, 6, {0: R, 3: Y})
    legal = set(state.legal_actions())
    assert Action("place", (6, 0, 1, 0, red_both)) in legal
    assert Action("place", (6, 0, 1, 0, yellow_to_a)) in legal
    assert state.joined_faces(6, (0, 1, 0), red_both) == 1
    assert state.joined_faces(6, (0, 1, 0), yellow_to_a) == 2


def test_MM_4_1_a_run_without_direction_closes_nothing_even_under_a_strict_house_rule() -> None:
    game = lab.load("memm", players=2, match="one", attach="any",
                    rules={"MM-4.1": lambda run_length, max_run: True})
    state = _corridor(game)
    state.apply_action(at(state, (1, 0, 0)))
    assert (2, 0, 0) not in state.candidate_cells()  # every run is full at once
    state.apply_action(at(state, (0, 1, 0)))  # not against the previous cube: no direction
    assert state.observation(0)["run"] == [None, 0]
    assert (2, 0, 0) in state.candidate_cells()  # touches only (1, 0, 0): no direction either


# ================================================================== candidate cells and fits
def _brute_placements(state: MemmState) -> set[tuple[int, int, int, int, int]]:
    """Every legal placement found by trying each free cell next to an anchor, each cube of the
    hand and each distinct orientation (MM-2, AMB-MM-1, AMB-MM-4, MM-4.1), without the caches."""
    opt = state.game.opt
    table = state.game.cubes
    anchors = state.anchors()[1]
    closed = state._closed_direction()
    steps = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
    out = set()
    for ax, ay, az in anchors:
        for dx, dy, dz in steps:
            x, y, z = cell = (ax + dx, ay + dy, az + dz)
            if z < 0 or cell in state.cells or (opt.gravity and z and (x, y, z - 1) not in state.cells):
                continue
            if closed is not None and state.placement_direction(cell) == closed:
                continue
            contacts = state.contacts(cell)
            if opt.match == "one":
                contacts = [(f, c) for f, c in contacts
                            if (x + steps[f][0], y + steps[f][1], z + steps[f][2]) in anchors]
            for cube in state.hands[state.to_move]:
                for rot, world in table.orientations[cube]:
                    hits = [world[f] == c for f, c in contacts]
                    if all(hits) if opt.match == "all" else any(hits):
                        out.add((cube, x, y, z, rot))
    return out


def _placements(state: MemmState) -> set[tuple[int, int, int, int, int]]:
    return {a.args for a in state.legal_actions() if a.kind == "place"}


def test_MM_4_2_column_without_gravity_is_the_cubes_placed_there() -> None:
    """Without gravity a column may have a gap: its anchors are the cubes of that column (in the
    order placed), not every height up to the last cube, nor cubes of another column."""
    game = lab.load("memm", gravity=False, players=2)
    structure = [(0, 0, 0, 0, {}), (1, 0, 0, 1, {}), (0, 1, 0, 2, {}), (0, 0, 2, 3, {}), (0, 0, 3, 4, {})]
    state = position(game, structure, [list(range(12, 24)), [30]], column=[0, 0])
    assert state.anchors()[0] == [(0, 0, 0), (0, 0, 2), (0, 0, 3)]
    assert (0, 0, 1) in state.candidate_cells() and (0, 0, 4) in state.candidate_cells()
    assert _placements(state) == _brute_placements(state) != set()


def test_MM_4_2_column_under_gravity_is_the_stack_under_the_last_cube() -> None:
    game = lab.load("memm", players=2)
    structure = [(0, 0, 0, 0, {}), (1, 0, 0, 1, {}), (0, 0, 1, 0 + 6, {}), (0, 0, 2, 3, {})]
    state = position(game, structure, [list(range(12, 24)), [30]], column=[0, 0])
    assert state.anchors()[0] == [(0, 0, 0), (0, 0, 1), (0, 0, 2)]
    assert _placements(state) == _brute_placements(state) != set()


def test_AMB_MM_4_no_floating_cube_beside_the_last_cube_with_the_column_rule_off() -> None:
    """The usual decision's one-pass fits (one anchor, the last cube): a cell beside a cube above
    the table needs a cube under it too (AMB-MM-4)."""
    game = lab.load("memm", players=2, column_rule="off")
    state = position(game, [(0, 0, 0, 0, {}), (0, 0, 1, 6, {})], [list(range(12, 30)), [30]])
    cells = {p[1:4] for p in _placements(state)}
    assert (0, 0, 2) in cells and (1, 0, 1) not in cells and (1, 0, 0) not in cells
    assert _placements(state) == _brute_placements(state)


@pytest.mark.parametrize("params", [{}, {"attach": "any"}, {"column_rule": "may"}])
def test_MM_2_placements_are_found_again_with_empty_fit_caches(params: dict[str, Any]) -> None:
    """With the table's fit caches emptied the placements are computed afresh, the same."""
    game = lab.load("memm", players=2, **params)
    structure = [(0, 0, 0, 0, {}), (1, 0, 0, 1, {}), (0, 0, 1, 6, {})]
    state = position(game, structure, [list(range(12, 30)), [30]], column=[0, 0])
    game.cubes.fits_every.clear()
    game.cubes.fits_all.clear()
    assert _placements(state) == _brute_placements(state) != set()
    plain = position(game, structure[:2], [list(range(12, 30)), [30]])
    game.cubes.fits_every.clear()
    assert _placements(plain) == _brute_placements(plain) != set()


def test_AMB_MM_1_match_one_is_not_read_from_the_match_all_cache() -> None:
    """A cell touching two anchors under ``match='one'``: the cubes that show one of the two
    colours fit, though every-colour fits of the same contacts are kept in the shared table."""
    game = lab.load("memm", players=2, match="one", attach="any")
    structure = [(0, 0, 0, 0, {}), (2, 0, 0, 1, {})]
    state = position(game, structure, [list(range(6, 36, 2)), [30]])
    keys = tuple(sorted(6 * f + c for f, c in state.contacts((1, 0, 0))))
    assert len(keys) == 2
    game.cubes.fitting_all(True, keys)  # the match='all' entry of these contacts, kept
    found = _placements(state)
    assert found == _brute_placements(state)
    assert any(p[1:4] == (1, 0, 0) for p in found)


def test_MM_4_2_must_candidates_are_the_free_neighbours_of_the_column() -> None:
    """After a cube goes on top (MM-4.2 "must", with gravity): the candidate cells are exactly the
    free cells beside a cube of that column or on top of it, on the table or standing on a cube
    (AMB-MM-4), none on a closed run side (MM-4.1), sorted and each once -- checked from
    scratch in random games."""
    from lab.boards.cubes import FACE_VECTORS

    game = lab.load("memm", players=2)
    heights: set[int] = set()

    def step(state: lab.State) -> None:
        assert isinstance(state, MemmState)
        if state.phase != "place" or state.column is None:
            return
        col = [c for c in state.cells if c[:2] == state.column]
        closed = state._closed_direction()
        want = set()
        for cx, cy, cz in col:
            for dx, dy, dz in FACE_VECTORS:
                x, y, z = cell = (cx + dx, cy + dy, cz + dz)
                if z < 0 or cell in state.cells or (z > 0 and (x, y, z - 1) not in state.cells):
                    continue
                if closed is None or state.placement_direction(cell) != closed:
                    want.add(cell)
        assert state.candidate_cells() == sorted(want)
        heights.add(len(col))

    for seed in range(8):
        lab.play(game, None, seed=seed, on_step=step)
    assert {2, 3} <= heights


def test_MM_4_2_a_cube_beside_the_last_without_gravity_starts_no_column() -> None:
    """Without gravity (AMB-MM-4) a cube may hang beside the last cube with nothing under it:
    it is not on top of a cube, so no MM-4.2 column follows."""
    game = lab.load("memm", players=2, gravity=False)
    state = position(game, [(0, 0, 0, 6, {4: R}), (0, 0, 1, 12, {5: R, 0: R})], [[18, 19], [20]])
    state.apply_action(Action("place", (18, 1, 0, 1, rot_with(game, 18, {1: R}))))
    assert state.cells[(1, 0, 1)][0] == 18
    assert state.column is None and not any(e.kind == "column" for e in state.events)
