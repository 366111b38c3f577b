"""memm's declared choices (issue #17): the declinable extra placement (MM-3), who may receive a
gift (MM-3/MM-5), the colour tie-break (MM-5), the direction of MM-4.1 (AMB-MM-6), the pattern
reading of MM-C1 -- each value through the public API, plus saves and agents.

Positions come from ``MemmState.from_observation`` (memm has no hidden information); helpers
are shared with ``test_memm_rules`` (colours: red 0 ... green 5; cube ``6k + d`` has pattern
``k`` and dominant colour ``d``).
"""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from test_memm_rules import OR, R, V, Y, _pit, place, position

import lab
from lab.agents.catalogue import make_agent
from lab.core.actions import Action
from lab.core.save_write import state_to_json
from lab.games.memm import MemmGame, MemmState
from lab.games.memm.components import PATTERNS, balanced_cube_set, pattern_of

PASS = Action("pass", ())
NEW_PARAMS = ("extra_placement", "gift_to", "colour_tiebreak", "run_direction")


def _extra_decision(game: MemmGame, hand: list[int]) -> MemmState:
    """Player 0 joins two faces with the red cube on top of the centre: an extra placement is
    due (and the MM-4.2 column (0, 0) is pending); ``hand`` is what they hold after it."""
    state = _pit(game, 1, [[R, *hand], [18], [16, 17]])
    state.apply_action(Action("place", (R, 0, 0, 1, 0)))
    assert state.current_player() == 0 and state.repeat and state.column == (0, 0)
    return state


# ================================================================== MM-3: the extra placement
def test_MM_3_extra_placement_may_be_declined() -> None:
    game = lab.load("memm", players=3)
    assert game.params["extra_placement"] == "may"
    state = _extra_decision(game, [11, 7])  # cube 11 (5 green + 1 red) fits on top, red down
    legal = state.legal_actions()
    assert PASS in legal and any(a.kind == "place" for a in legal)
    assert legal[-1] == PASS  # the pointer codes of the placements are unchanged
    assert "decline" in state.describe_action(PASS)
    assert "pass" in state.action_targets(0)  # the render's pass button declines
    assert "places again (MM-3; pass declines it)" in state.render_svg(0)
    state.apply_action(PASS)
    decline = [e for e in state.events if e.kind == "decline"]
    assert len(decline) == 1 and decline[0].clause == "MM-3" and decline[0].data["player"] == 0
    assert state.current_player() == 1 and sorted(state.hands[0]) == [7, 11]
    assert state.column is None  # the column named player 0: used up
    assert state.pass_streak == 0  # not a pass towards an AMB-MM-5 block
    metrics = state.metrics()
    assert metrics["declines"] == 1.0 and metrics["passes"] == 0.0
    assert not any(e.kind == "pass" for e in state.events)
    # the next player's turn is an ordinary one: no decline to offer
    assert state.observation(1)["repeat"] is False
    assert PASS not in state.legal_actions() and state.legal_actions()


def test_MM_3_extra_placement_must_be_taken_in_the_old_reading() -> None:
    game = lab.load("memm", players=3, extra_placement="must")
    state = _extra_decision(game, [11, 7])
    legal = state.legal_actions()
    assert PASS not in legal and legal and all(a.kind == "place" for a in legal)
    assert "AMB-MM-5" in state.explain_illegal(0, PASS)
    with pytest.raises(lab.IllegalAction):
        state.apply_action(PASS)
    state.apply_action(legal[0])
    assert state.hands[0] == [7]


@pytest.mark.parametrize("extra", ["may", "must"])
def test_MM_3_an_extra_placement_nothing_fits_is_an_AMB_MM_5_pass(extra: str) -> None:
    game = lab.load("memm", players=3, extra_placement=extra)
    state = _extra_decision(game, [7, 8])  # no red face: nothing fits on the red cube
    assert state.legal_actions() == [PASS]
    state.apply_action(PASS)
    assert [(e.clause, e.kind, dict(e.data)) for e in state.events[-1:]] == [
        ("AMB-MM-5", "pass", {"player": 0})]
    assert not any(e.kind == "decline" for e in state.events)
    assert state.metrics()["passes"] == 1.0 and state.current_player() == 1
    assert state.observation(1)["repeat"] is False
    assert PASS not in state.legal_actions() and state.legal_actions()


def test_MM_3_a_decline_then_a_block_needs_every_player_to_pass() -> None:
    """A decline never counts as one of the passes in a row that block the game."""
    game = lab.load("memm", players=2, match="one")
    structure = [(0, 0, 0, 12, {5: Y}), (1, 0, 0, 6, {5: Y})]  # no yellow shows anywhere
    state = position(game, structure, [[R, 18, 13], [Y]])
    place(game, state, R, (1, 0, 1), {})
    assert state.current_player() == 1 and state.legal_actions() == [PASS]
    state.apply_action(PASS)  # uses the column up; player 0 then places by joining two faces
    assert state.pass_streak == 0 and state.current_player() == 0


def test_MM_3_random_agent_declines_sometimes_greedy_never_by_default() -> None:
    game = lab.load("memm", players=3)
    state = _extra_decision(game, [11, 7])
    legal = state.legal_actions()
    obs = state.observation(0)
    picks = Counter()
    rand = make_agent(game, "random")
    rand.reset(game, 0)
    for seed in range(40):
        picks[rand.step(obs, legal, np.random.default_rng(seed)).kind] += 1
    assert picks["pass"] > 5 and picks["place"] > 5
    greedy = make_agent(game, "greedy")
    greedy.reset(game, 0)
    assert greedy.step(obs, legal, np.random.default_rng(0)).kind == "place"
    picky = make_agent(game, {"name": "greedy", "decline_below": 20})  # best here joins 1 face
    picky.reset(game, 0)
    assert picky.step(obs, legal, np.random.default_rng(0)) == PASS


# ================================================================== saves
@pytest.mark.parametrize("fmt", [1, 2])
def test_MM_3_saves_made_before_the_new_parameters_replay_under_the_defaults(fmt: int) -> None:
    old = lab.load("memm", players=2, extra_placement="must", gift_to="holding")
    for seed in range(3):
        final = lab.play(old, ["greedy", "random"], seed=seed)
        data = json.loads(state_to_json(final, format_version=fmt))
        for name in NEW_PARAMS:
            del data["params"][name]  # a save written before these parameters existed
        again = lab.state_from_json(json.dumps(data))
        assert again.game == lab.load("memm", players=2)
        assert again.history() == final.history()
        assert again.full_state() == final.full_state()


# ================================================================== gifts once a player is out
def test_MM_3_greedy_gives_to_the_opponent_with_most_cubes_once_a_player_is_out() -> None:
    game = lab.load("memm", players=4)
    obs = {"player": 0, "phase": "give", "to_move": 0, "start_player": 2,
           "hands": [[7, 8, 30], [], [13], [9, 10, 11, 12]], "undealt": 0,
           "structure": [[0, 0, 0, 0, 0]], "last": [0, 0, 0], "run": [None, 0],
           "column": None, "gives_left": 1, "repeat": True, "first_out": 1,
           "pass_streak": 0, "blocked": False}
    legal = MemmState.from_observation(game, obs).legal_actions()
    assert {a.args[1] for a in legal if a.kind == "give"} == {1, 2, 3}  # gift_to="any"
    agent = make_agent(game, "greedy")
    agent.reset(game, 0)
    choice = agent.step(obs, legal, np.random.default_rng(0))
    assert choice.kind == "give" and choice.args[1] == 3


# ================================================================== MM-5: the colour tie-break
@pytest.mark.parametrize(("reading", "loser"), [("faces", 1), ("cubes", 2)])
def test_MM_5_colour_tiebreak_counts_faces_or_each_cubes_main_colour(reading: str, loser: int) -> None:
    game = lab.load("memm", players=3, colour_tiebreak=reading)
    # player 1: cubes 12 (4 red, yellow, orange) and 18 (3 red, yellow, orange, violet):
    # faces show 4 colours, the cubes' main colour is red only. Player 2: one-colour yellow and
    # orange cubes: 2 colours either way.
    state = position(game, [(0, 0, 0, R, {})], [[], [12, 18], [Y, OR]], first_out=0)
    assert [state.held_colours(p) for p in (1, 2)] == ([4, 2] if reading == "faces" else [1, 2])
    assert state.losers() == [loser]


def test_MM_5_cubes_reading_gives_the_six_colour_cube_all_six_main_colours() -> None:
    game = lab.load("memm", players=2, colour_tiebreak="cubes")
    state = position(game, [(0, 0, 0, R, {})], [[30], [V, 9]])
    assert state.held_colours(0) == 6 and state.held_colours(1) == 1  # 9: 5 violet + 1 blue


# ================================================================== MM-4.1: AMB-MM-6
def _run_position(game: MemmGame) -> MemmState:
    """Three placements to +x ending at (3, 0, 0); a cube at (0, 1, 0) besides."""
    structure = [(0, 0, 0, 30, {}), (0, 1, 0, 31, {})] + [(x, 0, 0, 31 + x, {}) for x in (1, 2, 3)]
    return position(game, structure, [[R, 6, 12], [33]], run=(0, 3))


@pytest.mark.parametrize("reading", ["previous", "touched"])
def test_MM_4_1_run_direction_previous_or_touched(reading: str) -> None:
    game = lab.load("memm", players=2, attach="any", match="one", run_direction=reading)
    state = _run_position(game)
    cells = state.candidate_cells()
    assert (4, 0, 0) not in cells  # +x of the previous cube: closed either way
    # (1, 1, 0) touches (0, 1, 0) on its +x side (and (1, 0, 0) on +y), not the previous cube
    assert state.placement_direction((1, 1, 0)) == (None if reading == "previous" else 0)
    assert ((1, 1, 0) in cells) == (reading == "previous")
    if reading == "touched":
        assert "MM-4.1" in state.explain_illegal(0, Action("place", (R, 1, 1, 0, 0)))
    # (-1, 1, 0) touches only (0, 1, 0), on its -x side: open either way
    assert (-1, 1, 0) in cells
    assert state.placement_direction((-1, 1, 0)) == (None if reading == "previous" else 1)


def test_MM_4_1_touched_direction_is_measured_on_the_cube_underneath_first() -> None:
    game = lab.load("memm", players=2, attach="any", match="one", run_direction="touched")
    # the previous cube is far away at (5, 5, 0); (0, 0, 1) sits on (0, 0, 0) and against the -x
    # side of (1, 0, 1): the cube underneath gives the direction (+z)
    structure = [(0, 0, 0, 30, {4: R}), (1, 0, 0, 31, {}), (1, 0, 1, 32, {}), (5, 5, 0, 33, {})]
    state = position(game, structure, [[R, 6], [34]])
    assert state.placement_direction((0, 0, 1)) == 4
    assert state.placement_direction((2, 0, 0)) == 0  # on the table: +x of (1, 0, 0)
    assert state.placement_direction((1, 1, 1)) == 2  # nothing under it: +y of (1, 0, 1)
    assert state.placement_direction((9, 9, 0)) is None  # touches nothing
    cell = (0, 0, 1)
    action = next(a for a in state.legal_actions() if a.args[1:4] == cell)
    state.apply_action(action)
    assert [e.data["direction"] for e in state.events if e.kind == "place"] == ["+z"]


# ================================================================== MM-C1: the pattern reading
def test_MM_C1_patterns_read_as_k_different_colours() -> None:
    """The seed wins over RULES.md's '4 + 2, 3 + 3, 2 + 4': pattern k has k + 1 colours, and no
    two patterns coincide (read as one other colour, 2 + 4 would repeat 4 + 2)."""
    assert [len(p) for p in PATTERNS] == [1, 2, 3, 4, 5, 6]
    assert len(set(PATTERNS)) == 6
    counts = Counter(pattern_of(cube) for cube in balanced_cube_set())
    assert counts == {p: 6 for p in PATTERNS}
    notes = {f.id: f for f in lab.lint(lab.load("memm"))}
    assert "4-1-1" in notes["memm-patterns"].message
    for fid, clause in (("memm-extra-placement", "MM-3"), ("memm-gift-to", "MM-5"),
                        ("memm-colour-tiebreak", "MM-5"), ("memm-direction", "AMB-MM-6")):
        assert clause in notes[fid].clauses


def test_new_parameters_declare_clauses_and_values() -> None:
    specs = {p.name: p for p in MemmGame.PARAMETERS}
    assert specs["extra_placement"].choices == ("may", "must") and "MM-3" in specs["extra_placement"].clauses
    assert specs["gift_to"].default == "any" and "MM-5" in specs["gift_to"].clauses
    assert specs["colour_tiebreak"].default == "faces"
    assert specs["run_direction"].default == "previous" and "AMB-MM-6" in specs["run_direction"].clauses
    with pytest.raises(lab.InvalidVariant, match="extra_placement"):
        lab.load("memm", extra_placement="sometimes")


# ================================================================== a random seat's pick
def _picks(state: MemmState) -> list[tuple[list[int], Action | None]]:
    """What the driver's random pick (``State._pick_action``) asks for and gives, per index,
    each on a fresh copy of ``state`` (whose legal list was never asked for: no cache)."""
    out = []
    for i in range(max(1, len(state.clone().legal_actions()))):
        asked: list[int] = []

        def pick(n: int, i: int = i, asked: list[int] = asked) -> int:
            asked.append(n)
            return i

        out.append((asked, state.clone()._pick_action(state.current_player(), pick)))
    return out


def _states_to_pick_in(game: MemmGame) -> list[MemmState]:
    """An MM-3 extra placement (declinable or not), one nothing fits (AMB-MM-5), an ordinary
    first turn (cells, cubes, rotations), and an MM-3 gift to choose (not a placement)."""
    gift = _pit(game, 3, [[R, 7, 8], [16], [17]])
    gift.apply_action(Action("place", (R, 0, 0, 1, 0)))  # 4 faces joined: gifts are owed
    first = game.new_initial_state()  # the first placement of a dealt game
    while first.current_player() < 0:
        first.apply_action(first.legal_actions()[0])
    return [_extra_decision(game, [11, 7]), _extra_decision(game, [7, 8]), first, gift]


@pytest.mark.parametrize("extra", ["may", "must"])
def test_MM_3_a_random_seat_picks_from_the_legal_list_including_the_decline(extra: str) -> None:
    """The driver's pick builds only the chosen placement: it must be ``legal[i]`` for every
    ``i``, after asking once for ``len(legal)`` -- the MM-3 decline last when it may be taken,
    the AMB-MM-5 pass when nothing fits, the legal list in other phases."""
    game = lab.load("memm", players=3, extra_placement=extra)
    states = _states_to_pick_in(game)
    for state in states:
        picks = _picks(state)
        legal = state.legal_actions()
        assert picks == [([len(legal)], a) for a in legal]
        assert _picks(state) == picks  # and the same once the list was built
    assert states[1].legal_actions() == [PASS]
    assert (PASS in states[0].legal_actions()) == (extra == "may")
    assert states[3].phase != "place" and len(states[3].legal_actions()) > 1
    groups = {a.args[:4] for a in states[2].legal_actions()}  # (cube, cell): several, with
    assert 1 < len(groups) < len(states[2].legal_actions())  # several rotations in some


def test_MM_3_a_state_subclass_with_its_own_legal_list_picks_from_it() -> None:
    """A subclass (or a test) that replaces the legal list gets the random pick from its list,
    asked for the player to move."""
    asked_for: list[int] = []

    class Reversed(MemmState):
        def _legal_actions(self, player: int) -> list[Action]:
            asked_for.append(player)
            return super()._legal_actions(player)[::-1]

    game = lab.load("memm", players=3)
    for state in _states_to_pick_in(game):
        sub = Reversed.from_observation(game, state.observation(None))
        assert _picks(sub) == [([len(sub.legal_actions())], a) for a in state.legal_actions()[::-1]]
        assert set(asked_for) == {state.current_player()}
        asked_for.clear()


def test_MM_3_random_seats_play_the_game_their_legal_lists_give() -> None:
    """Seeded random games through the driver's fast pick replay move for move under a state
    that picks from its legal list (a subclass: the fast pick defers to the list)."""

    class Listed(MemmState):
        def _legal_actions(self, player: int) -> list[Action]:
            return super()._legal_actions(player)

    for extra in ("may", "must"):
        game = lab.load("memm", players=3, extra_placement=extra)
        fast = lab.play(game, None, seed=5)
        slow = lab.play(game, None, seed=5, state=Listed(game))
        assert fast.history() == slow.history()
        assert fast.is_terminal() and fast.move_number() > 40


def test_MM_5_a_random_seat_that_is_out_picks_the_pass() -> None:
    """A player out (empty hand) to place (in a position rebuilt from an observation) has only
    the AMB-MM-5 pass: the driver's pick asks for one choice and gives it."""
    game = lab.load("memm", players=3)
    obs = _pit(game, 0, [[R, 7], [], [16, 17]]).observation(None)
    obs["to_move"], obs["first_out"] = 1, 1
    state = MemmState.from_observation(game, obs)
    assert _picks(state) == [([1], PASS)]  # (first: the fast pick reads no cached legal list)
    assert state.legal_actions() == [PASS]
