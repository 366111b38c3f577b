"""Memcel rules, clause by clause (RULES.md §1), with the seed's worked examples replayed."""

from __future__ import annotations

import pytest

import lab
from lab import act
from lab.core.chance import sample_outcome
from lab.core.state import CHANCE, TERMINAL
from lab.games.memcel.params import DEFAULT_MAX_TURNS
from lab.sim.play import seed_streams

BOARD_FACE = 0  # default icon die face 0: red ring, cw, black = whole-board turn
SWAP_FACE = 1  # green cw grey = swap
REROLL_FACE = 2  # blue cw white = re-roll


def first_of(state, kind_name):
    """Slots holding a tile of ``kind_name``, face down, in slot order."""
    k = state.t.kinds.index(kind_name)
    return [s for s, v in enumerate(state.tiles) if v == k and not state.up[s]]


def to_hunt(players=3, face=BOARD_FACE, **params):
    """A game played to the start of the hunt: seat 0 rolls highest, everyone fills in slot order."""
    game = lab.load("memcel", players=players, **params)
    st = game.new_initial_state()
    for p in range(players):
        st.apply_action(act("d8", 8 if p == 0 else 1))
    while st.phase == "place":
        if st.is_chance_node():
            st.apply_action(act("icon", face))
            while st.current_player() >= 0 and st.queue[0][0].startswith("swap"):
                st.apply_action(st.legal_actions()[0])
            while st.is_chance_node() and st.queue and st.queue[0][0] in ("ricon", "rd8"):
                st.apply_action(st.legal_actions()[0])
            continue
        p = st.current_player()
        kind = next(k for k, n in zip(st.t.kinds, st.to_place[p], strict=True) if n)
        st.apply_action(act("place", kind, st.tiles.index(-1)))
    return st


def attack(st, roll, x):
    st.apply_action(act("attack"))
    st.apply_action(act("d8", roll))
    st.apply_action(act("choose_x", x))


def void_attack(st):
    """A quiet turn: attack, roll 1 (no x < 1), draw a peek card (else a ring turn), peek."""
    p = st.current_player()
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 1))
    left = [a.args[0] for a, _ in st.chance_outcomes()]
    st.apply_action(act("card", "peek" if "peek" in left else "turn_ring:red:2"))
    if st.current_player() == p and st.queue[0][0] == "peek":
        st.apply_action(st.legal_actions()[0])


def kinds_of(st, clause):
    return [e.kind for e in st.events if e.clause == clause]


# ---------------------------------------------------------------- components
def test_MC_C1_AMB_MC_1_default_board_is_three_rotating_rings_of_16():
    g = lab.load("memcel")
    assert g.tables.ring_names == ["red", "green", "blue"]
    assert g.tables.sizes == [16, 16, 16]
    assert not any(g.tables.fixed)
    board = g.board()
    assert board.number_of_nodes() == 48


def test_MC_C2_tiles_48_with_eight_imprevisto_and_lint_clean():
    g = lab.load("memcel")
    counts = dict(zip(g.tables.kinds, g.tables.kind_counts, strict=True))
    assert counts == {"red": 10, "green": 10, "blue": 10, "orange": 10, "imprevisto": 8}
    errors = [f for f in lab.lint(g) if f.severity == "error"]
    assert errors == []


def test_MC_C3_AMB_MC_8_default_deck_is_a_50_card_stand_in():
    g = lab.load("memcel")
    assert sum(g.tables.deck_counts) == 50
    kinds = {e.split(":")[0] for e in g.tables.effects}
    assert kinds == {"turn_ring", "turn_board", "swap", "lose_turn", "extra_turn", "peek", "cover"}
    notes = {f.id: f for f in lab.lint(g)}
    assert "stand-in" in notes["MC-deck-stand-in"].message


def test_MC_C4_attack_roll_is_a_fair_d8_chance_node():
    st = to_hunt()
    st.apply_action(act("attack"))
    assert st.current_player() == CHANCE
    outcomes = st.chance_outcomes()
    assert [a.args[0] for a, _ in outcomes] == list(range(1, 9))
    assert all(p == pytest.approx(1 / 8) for _, p in outcomes)


def test_MC_C5_black_face_turns_the_whole_board():
    st = to_hunt(players=2)
    st.apply_action(act("defend", "complication"))
    before = list(st.tiles)
    st.apply_action(act("icon", BOARD_FACE))
    assert st.board_angle == (90 * 3) % 360  # two set-up turns + this one
    assert st.tiles != before
    for r in range(3):  # each ring moved 4 slots (90 degrees of 16 sectors)
        f = st.t.first[r]
        assert st.tiles[f + 4:f + 16] == before[f:f + 12]
    assert "board_turn" in kinds_of(st, "MC-C5")


def test_MC_C5_grey_face_swaps_two_tiles_of_the_rollers_choice():
    st = to_hunt(players=2)
    st.apply_action(act("defend", "complication"))
    st.apply_action(act("icon", SWAP_FACE))
    assert st.current_player() == 0
    a, b = 0, 47
    ta, tb = st.tiles[a], st.tiles[b]
    st.apply_action(act("swap", a))
    with pytest.raises(lab.IllegalAction):
        st.apply_action(act("swap", a))  # not the same tile twice
    st.apply_action(act("swap", b))
    assert (st.tiles[a], st.tiles[b]) == (tb, ta)


def test_MC_C5_white_face_rerolls_both_dice_and_turns_that_ring():
    st = to_hunt(players=2)
    st.apply_action(act("defend", "complication"))
    st.apply_action(act("icon", REROLL_FACE))
    assert st.current_player() == CHANCE
    st.apply_action(act("icon", 4))  # re-rolled face: green ccw
    green = st.t.first[1]
    before = st.tiles[green:green + 16]
    st.apply_action(act("d8", 3))
    assert st.offsets[1] == (-3) % 16
    assert st.tiles[green:green + 16] == before[3:] + before[:3]


# ---------------------------------------------------------------- preliminary phase
def test_MC_0_1_highest_roll_starts_and_play_goes_clockwise_ties_reroll():
    st = lab.load("memcel", players=3).new_initial_state()
    for v in (5, 7, 7):
        st.apply_action(act("d8", v))
    assert st.phase == "order"  # players 1 and 2 tied: they roll again
    assert [q[1] for q in st.queue] == [1, 2]
    st.apply_action(act("d8", 2))
    st.apply_action(act("d8", 6))
    assert st.order == [2, 0, 1]
    assert st.current_player() == 2


def test_MC_0_2_each_player_gets_own_colour_and_two_imprevisto():
    g = lab.load("memcel", players=4)
    for p in range(4):
        share = dict(zip(g.tables.kinds, g.tables.shares[p], strict=True))
        assert share[g.tables.colours[p]] == 10
        assert share["imprevisto"] == 2
        assert sum(share.values()) == 12


@pytest.mark.parametrize("players", [2, 3])
def test_MC_0_3_absent_players_tiles_are_shared_equally(players):
    g = lab.load("memcel", players=players)
    totals = [sum(s) for s in g.tables.shares]
    assert totals == [48 // players] * players
    for k in range(len(g.tables.kinds)):  # every tile is somebody's to place
        assert sum(s[k] for s in g.tables.shares) == g.tables.kind_counts[k]


# ---------------------------------------------------------------- placement
def test_MC_1_1_two_face_down_tiles_per_turn_on_empty_sectors():
    st = lab.load("memcel", players=2).new_initial_state()
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    st.apply_action(act("place", "red", 5))
    assert st.current_player() == 0
    with pytest.raises(lab.IllegalAction, match="already covered"):
        st.apply_action(act("place", "red", 5))
    st.apply_action(act("place", "red", 6))
    assert st.current_player() == 1
    assert st.public_tile(5) == "down"
    assert st.observation(1)["slots"][5] == "down"
    assert any(e.kind == "place" for e in st.events if e.clause == "MC-1.1")


def test_MC_1_2_imprevisto_and_absent_players_tiles_placed_in_any_order():
    st = lab.load("memcel", players=2).new_initial_state()
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    kinds = {a.args[0] for a in st.legal_actions()}
    assert kinds == {"red", "blue", "orange", "imprevisto"}
    st.apply_action(act("place", "orange", 0))
    st.apply_action(act("place", "imprevisto", 1))
    assert [e.clause for e in st.events if e.kind == "place_own"] == ["MC-1.2", "MC-1.2"]
    # the public record must not tell these tiles from own tiles (it would reveal their kind)
    assert [e.clause for e in st.events if e.kind == "place"] == ["MC-1.1", "MC-1.1"]


def test_MC_1_3_complication_rolled_once_all_own_tiles_are_placed():
    game = lab.load("memcel", players=2)
    st = game.new_initial_state()
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    while not st.is_chance_node():
        p = st.current_player()
        kind = next(k for k, n in zip(st.t.kinds, st.to_place[p], strict=True) if n)
        st.apply_action(act("place", kind, st.tiles.index(-1)))
    assert all(v >= 0 for v in st.tiles)  # board fully covered, all face down
    assert not any(st.up)
    assert st.queue[0][:3] == ("comp", 0, "MC-1.3")
    st.apply_action(act("icon", BOARD_FACE))
    assert st.queue[0][:3] == ("comp", 1, "MC-1.3")
    st.apply_action(act("icon", BOARD_FACE))
    assert st.phase == "hunt"
    assert "complication" in kinds_of(st, "MC-1.3")


# ---------------------------------------------------------------- the hunt
def test_MC_2_0_hunt_restarts_from_first_player_who_declares():
    st = to_hunt(players=3)
    assert st.phase == "hunt" and st.current_player() == 0
    names = {a.kind if a.kind == "attack" else a.args[0] for a in st.legal_actions()}
    assert names == {"attack", "skip", "complication", "card"}
    assert "hunt_starts" in kinds_of(st, "MC-2.0")


def test_MC_2_1_attack_declared_first_then_the_d8_is_rolled():
    st = to_hunt()
    st.apply_action(act("attack"))
    assert st.queue[0] == ("ad8", 0)  # MC-2.1 attack: the numeric die comes first
    assert [e.kind for e in st.events][-1] == "attack"
    assert st.defended[0] is False


@pytest.mark.parametrize(("limit", "top"), [("strict", 6), ("inclusive", 7)])
def test_MC_2_1_1_AMB_MC_2_x_below_or_up_to_the_roll(limit, top):
    st = to_hunt(reveal_limit=limit)
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 7))
    assert [a.args[0] for a in st.legal_actions()] == list(range(1, top + 1))
    with pytest.raises(lab.IllegalAction, match="AMB-MC-2"):
        st.apply_action(act("choose_x", top + 1))


def test_MC_2_1_1_AMB_MC_2_strict_roll_of_one_allows_no_attack():
    st = to_hunt(reveal_limit="strict")
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 1))
    assert "no_attack_possible" in kinds_of(st, "MC-2.1.1")
    assert st.queue[0][0] == "card"  # MC-2.1.3 end-of-turn card still drawn
    st2 = to_hunt(reveal_limit="inclusive")
    st2.apply_action(act("attack"))
    st2.apply_action(act("d8", 1))
    assert [a.args[0] for a in st2.legal_actions()] == [1]


def test_MC_2_1_2_reveal_x_tiles_one_after_another():
    st = to_hunt()
    red = first_of(st, "red")
    attack(st, 5, 3)
    for i in range(3):
        assert st.current_player() == 0 and st.legal_actions()[0].kind == "reveal"
        st.apply_action(act("reveal", red[i]))
    assert [e.data["slot"] for e in st.events if e.kind == "reveal"] == red[:3]


def test_MC_2_1_2_0_all_x_found_pass_unharmed_tiles_stay_face_up():
    st = to_hunt()
    red = first_of(st, "red")
    attack(st, 5, 3)
    for s in red[:3]:
        st.apply_action(act("reveal", s))
    assert all(st.up[s] for s in red[:3])
    assert st.lost[0] == 0
    assert "full_success" in kinds_of(st, "MC-2.1.2.0")
    assert st.progress()[0] == pytest.approx(0.3)


def worked_example(found):
    """Seed example: red attacks, rolls 7, declares 6, finds ``found`` reds, then a blue."""
    st = to_hunt(players=3)
    red, blue = first_of(st, "red"), first_of(st, "blue")
    # two reds already face up from an earlier turn (to see "all the red tiles" re-covered)
    attack(st, 3, 2)
    for s in red[8:10]:
        st.apply_action(act("reveal", s))
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    for p in (1, 2):  # the others skip
        assert st.current_player() == p
        st.apply_action(act("defend", "skip"))
    assert st.current_player() == 0
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 7))
    st.apply_action(act("choose_x", 6))
    for s in red[:found]:
        st.apply_action(act("reveal", s))
    st.apply_action(act("reveal", blue[0]))
    return st, red, blue


def test_MC_2_1_2_1_worked_example_case_2_five_found_then_blue_no_lost_turn():
    st, red, blue = worked_example(5)
    assert st.lost[0] == 0
    assert not any(st.up[s] for s in red)  # all red tiles covered again (AMB-MC-3 all)
    assert st.up[blue[0]]  # the blue one stays face up
    assert "miss" in kinds_of(st, "MC-2.1.2.1")
    assert st.queue[0] == ("card", 0, "MC-2.1.3")  # MC-2.1.3 then a card


def test_MC_2_1_2_2_worked_example_case_3_four_found_then_blue_loses_two_turns():
    st, red, blue = worked_example(4)
    assert st.lost[0] == 2
    assert not any(st.up[s] for s in red)
    assert st.up[blue[0]]
    assert [e.data["turns"] for e in st.events if e.kind == "lost_turns"] == [2]
    assert st.queue[0] == ("card", 0, "MC-2.1.3")


def test_MC_2_1_2_2_worked_example_case_4_blue_at_once_loses_six_turns():
    st, red, blue = worked_example(0)
    assert st.lost[0] == 6
    assert st.up[blue[0]]
    assert st.queue[0] == ("card", 0, "MC-2.1.3")


def test_MC_2_1_2_2_lost_turns_are_sat_out_from_the_next_round():
    st, _, _ = worked_example(4)
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    for p in (1, 2):
        assert st.current_player() == p
        void_attack(st)
    # player 0 sits out twice: play passes straight to 1 twice, then 0 plays again
    assert st.current_player() == 1
    void_attack(st)
    void_attack(st)  # player 2
    assert st.current_player() == 1
    void_attack(st)
    void_attack(st)
    assert st.current_player() == 0
    sits = [e for e in st.events if e.kind == "sits_out"]
    assert [e.data["player"] for e in sits] == [0, 0]
    assert st.lost[0] == 0


def test_MC_2_1_2_3_imprevisto_tile_covered_card_drawn_and_cases_kept():
    st = to_hunt()
    red, imp = first_of(st, "red"), first_of(st, "imprevisto")
    attack(st, 7, 4)
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("reveal", imp[0]))  # 1 of 4 found: y = 3
    assert not st.up[imp[0]] and not st.up[red[0]]  # both covered again
    assert st.lost[0] == 3  # MC-2.1.2.2 still in force
    assert st.queue[0] == ("card", 0, "MC-2.1.2.3")  # a card at once...
    assert st.queue[1] == ("card", 0, "MC-2.1.3")  # ...and the end-of-turn card
    assert "imprevisto_revealed" in kinds_of(st, "MC-2.1.2.3")


@pytest.mark.parametrize("after_success", [True, False])
def test_MC_2_1_3_AMB_MC_5_card_after_a_full_success(after_success):
    st = to_hunt(card_after_success=after_success)
    red = first_of(st, "red")
    attack(st, 3, 2)
    for s in red[:2]:
        st.apply_action(act("reveal", s))
    if after_success:
        assert st.queue == [("card", 0, "MC-2.1.3")]
        assert st.current_player() == CHANCE
    else:
        assert st.current_player() == 1  # turn over, no card


def test_MC_2_2_defence_skip_complication_or_card():
    st = to_hunt()
    st.apply_action(act("defend", "skip"))
    assert st.current_player() == 1
    st.apply_action(act("defend", "complication"))
    assert st.queue[0] == ("comp", 1, "MC-2.2")
    st.apply_action(act("icon", BOARD_FACE))
    assert st.current_player() == 2
    st.apply_action(act("defend", "card"))
    assert st.queue[0] == ("card", 2, "MC-2.2")
    assert [e.data["option"] for e in st.events if e.clause == "MC-2.2" and e.kind == "defence"] == [
        "skip", "complication", "card"]


def test_MC_2_2_1_no_defence_two_turns_in_a_row():
    st = to_hunt(players=2)
    st.apply_action(act("defend", "skip"))
    st.apply_action(act("defend", "skip"))
    assert st.legal_actions() == [act("attack")]
    with pytest.raises(lab.IllegalAction, match="MC-2.2.1"):
        st.apply_action(act("defend", "skip"))


@pytest.mark.parametrize("clears", [True, False])
def test_MC_2_2_1_AMB_MC_9_sat_out_turn_counts_as_no_defence(clears):
    st = to_hunt(players=2, sitout_clears_defence=clears)
    st.apply_action(act("defend", "card"))
    st.apply_action(act("card", "lose_turn"))  # player 0 defended, then loses a turn
    st.apply_action(act("defend", "skip"))  # player 1
    st.apply_action(act("attack"))  # player 1 again: player 0 sat out
    st.apply_action(act("d8", 1))
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    assert st.current_player() == 0
    can_defend = any(a.kind == "defend" for a in st.legal_actions())
    assert can_defend is clears


def test_MC_3_first_with_all_own_tiles_face_up_wins():
    st = to_hunt(players=2, reveal_limit="inclusive")
    red = first_of(st, "red")
    batches = [red[0:8], red[8:10]]
    attack(st, 8, 8)
    for s in batches[0]:
        st.apply_action(act("reveal", s))
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    st.apply_action(act("defend", "skip"))
    attack(st, 2, 2)
    st.apply_action(act("reveal", batches[1][0]))
    assert not st.is_terminal()
    st.apply_action(act("reveal", batches[1][1]))
    assert st.is_terminal()
    assert st.winners() == [0]
    assert st.returns() == [1.0, -1.0]
    assert "win" in kinds_of(st, "MC-3")


# ---------------------------------------------------------------- open points as parameters
@pytest.mark.parametrize("scope", ["all", "turn"])
def test_AMB_MC_3_cover_all_own_tiles_or_only_this_turns(scope):
    st = to_hunt(players=2, cover_scope=scope)
    red, blue = first_of(st, "red"), first_of(st, "blue")
    attack(st, 3, 2)
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("reveal", red[1]))
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    st.apply_action(act("defend", "skip"))
    attack(st, 4, 3)
    st.apply_action(act("reveal", red[2]))
    st.apply_action(act("reveal", blue[0]))
    assert not st.up[red[2]]
    assert st.up[red[0]] is (scope == "turn")


@pytest.mark.parametrize("counts", [True, False])
def test_AMB_MC_4_tile_revealed_by_another_counts_for_its_owner(counts):
    st = to_hunt(players=2, revealed_by_other_counts=counts)
    green = first_of(st, "green")
    attack(st, 2, 1)
    st.apply_action(act("reveal", green[0]))  # red reveals a green: stays face up
    assert st.up[green[0]]
    assert st.own_face_up(1) == (1 if counts else 0)


@pytest.mark.parametrize("degrees", [90, 180])
def test_AMB_MC_6_whole_board_turn_amount(degrees):
    st = to_hunt(players=2, face=SWAP_FACE, board_turn_degrees=degrees)
    assert st.board_angle == 0
    before = list(st.tiles)
    st.apply_action(act("defend", "complication"))
    st.apply_action(act("icon", BOARD_FACE))
    shift = 16 * degrees // 360
    assert st.tiles[shift:16] == before[:16 - shift]
    assert st.board_angle == degrees


@pytest.mark.parametrize("step", [1, 2])
def test_AMB_MC_7_one_scatto_is_ring_step_sectors(step):
    st = to_hunt(players=2, face=SWAP_FACE, ring_step=step)
    st.apply_action(act("defend", "complication"))
    st.apply_action(act("icon", REROLL_FACE))
    st.apply_action(act("icon", 0))  # red, clockwise
    st.apply_action(act("d8", 3))
    assert st.offsets[0] == 3 * step


def test_AMB_MC_8_deck_composition_must_sum_to_deck_size():
    with pytest.raises(lab.InvalidVariant, match="deck_size"):
        lab.load("memcel", deck={"peek": 10})
    g = lab.load("memcel", deck={"peek": 10}, deck_size=10)
    assert g.tables.deck_counts == [10]
    with pytest.raises(lab.InvalidVariant, match="not a primitive"):
        lab.load("memcel", deck={"fly_away": 50})
    with pytest.raises(lab.InvalidVariant, match="not a rotating ring"):
        lab.load("memcel", deck={"turn_ring:purple:2": 50})


def test_AMB_MC_8_card_effects():
    st = to_hunt(players=2, face=SWAP_FACE)
    red = first_of(st, "red")
    # turn a named ring
    st.apply_action(act("defend", "card"))
    st.apply_action(act("card", "turn_ring:green:3"))
    assert st.offsets[1] == 3
    # extra turn: the same player plays again, and may not defend (defended last turn)
    st.apply_action(act("defend", "card"))  # player 1
    st.apply_action(act("card", "extra_turn"))
    assert st.current_player() == 1
    assert st.legal_actions() == [act("attack")]
    st.apply_action(act("attack"))
    st.apply_action(act("d8", 1))
    st.apply_action(act("card", "turn_board:ccw"))
    assert st.board_angle == 270
    # player 0: peek is private
    red = first_of(st, "red")
    attack(st, 2, 1)
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("card", "peek"))
    target = first_of(st, "green")[0]
    st.apply_action(act("peek", target))
    private = [e for e in st.events if e.kind == "peeked"]
    assert private[-1].visible_to == (0,) and private[-1].data["tile"] == "green"
    assert all("tile" not in e for e in st.observation(1)["events"] if e["kind"] == "peek")
    # player 1: cover turns a face-up tile back down, then swap
    st.apply_action(act("defend", "card"))
    st.apply_action(act("card", "cover"))
    st.apply_action(act("cover", red[0]))
    assert not st.up[red[0]]
    # player 0: lose a turn
    st.apply_action(act("defend", "card"))
    st.apply_action(act("card", "lose_turn"))
    assert st.lost[0] == 1
    st.apply_action(act("attack"))  # player 1
    st.apply_action(act("d8", 1))
    st.apply_action(act("card", "swap"))
    a, b = st.tiles[3], st.tiles[40]
    st.apply_action(act("swap", 3))
    st.apply_action(act("swap", 40))
    assert (st.tiles[3], st.tiles[40]) == (b, a)
    assert st.current_player() == 1  # player 0 sat out


def test_AMB_MC_8_deck_is_drawn_without_replacement_and_reshuffled():
    st = to_hunt(players=2, face=SWAP_FACE, deck={"lose_turn": 1, "peek": 1}, deck_size=2)
    st.apply_action(act("defend", "card"))
    assert {a.args[0] for a, _ in st.chance_outcomes()} == {"lose_turn", "peek"}
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    st.apply_action(act("defend", "card"))
    assert [a.args[0] for a, _ in st.chance_outcomes()] == ["lose_turn"]
    st.apply_action(act("card", "lose_turn"))
    assert st.deck == [1, 1]
    assert "deck_reshuffled" in kinds_of(st, "MC-C3")


# ---------------------------------------------------------------- variants, length, errors
def test_AMB_MC_1_sectors_must_equal_tiles():
    with pytest.raises(lab.InvalidVariant, match="sectors"):
        lab.load("memcel", ring_layout=[{"colour": "red", "sectors": 16}])
    g = lab.load("memcel", ring_layout=[
        {"colour": "red", "sectors": 12}, {"colour": "green", "sectors": 16},
        {"colour": "blue", "sectors": 20}])
    assert g.tables.n_slots == 48
    st = lab.play(g, "random", seed=3)
    assert st.is_terminal()


def test_AMB_MC_1_fixed_ring_never_turns():
    layout = [{"colour": "board", "sectors": 12, "fixed": True}, {"colour": "red", "sectors": 12},
              {"colour": "green", "sectors": 12}, {"colour": "blue", "sectors": 12}]
    with pytest.raises(lab.InvalidVariant, match="not a rotating ring"):
        lab.load("memcel", ring_layout=layout, deck={"turn_ring:board:1": 50})
    g = lab.load("memcel", ring_layout=layout, max_turns=40)  # a short safety bound keeps it quick
    turned = False
    for seed in range(5):
        st = lab.play(g, "random", seed=seed)
        assert st.offsets[0] == 0
        turned = turned or any(st.offsets[1:])
    assert turned  # the other rings did turn in these games


def test_MC_3_max_turns_stops_the_game_unfinished_not_a_draw():
    st = to_hunt(players=2, max_turns=2)
    st.apply_action(act("defend", "skip"))
    assert not st.is_terminal() and st.stopped_by is None
    st.apply_action(act("defend", "skip"))
    assert st.is_terminal() and st.current_player() == TERMINAL
    assert st.unfinished and st.stopped_by == "max_turns=2" and st.turns == 2
    assert st.winners() == [] and st.returns() == [0.0, 0.0]
    [ev] = [e for e in st.events_for(None) if e.kind == "unfinished"]
    assert ev.clause == "MC-3:max_turns" and ev.data["limit"] == "max_turns=2"
    for viewer in (0, 1, None):  # every viewer is told why the game stopped
        assert st.event_log(viewer)[-1]["kind"] == "unfinished"
    assert lab.load("memcel").params["max_turns"] == DEFAULT_MAX_TURNS >= 300


def test_MC_2_1_2_illegal_actions_are_typed_and_leave_the_state_unchanged():
    st = to_hunt()
    attack(st, 5, 2)
    up = first_of(st, "red")[0]
    st.apply_action(act("reveal", up))
    before = st.to_json(), st.full_state()
    for bad in (act("reveal", up), act("place", "red", 0), act("choose_x", 3), act("swap", 1)):
        with pytest.raises(lab.IllegalAction):
            st.apply_action(bad)
        assert (st.to_json(), st.full_state()) == before


def test_MC_0_2_invalid_variants_name_the_problem():
    with pytest.raises(lab.InvalidVariant, match="tile colours"):
        lab.load("memcel", players=4, tile_counts={"red": 20, "green": 20, "imprevisto": 8})
    with pytest.raises(lab.InvalidVariant, match="players"):
        lab.load("memcel", players=5)
    with pytest.raises(lab.InvalidVariant, match="icon_die"):
        lab.load("memcel", icon_die=[{"ring": "red", "dir": "up", "complication": "board"}])


def test_MC_C2_observations_never_show_a_face_down_colour():
    g = lab.load("memcel", players=3, max_turns=30)  # a short safety bound keeps it quick
    colours = set(g.tables.kinds)
    for seed in range(3):
        st = g.new_initial_state()
        crng, arngs = seed_streams(seed, 3)
        while not st.is_terminal():
            for viewer in (None, 0, 1, 2):
                obs = st.observation(viewer)
                for s, v in enumerate(obs["slots"]):
                    if st.tiles[s] >= 0 and not st.up[s]:
                        assert v == "down"
                # events: a tile's identity appears only in the viewer's own placements,
                # their own peeks and public reveals
                for e in st.event_log(viewer):
                    if "tile" in e and e["kind"] not in ("reveal",):
                        assert viewer is not None and e["player"] == viewer
                if viewer is None:
                    assert "my_tiles_to_place" not in obs
            if st.is_chance_node():
                st.apply_action(sample_outcome(st.chance_outcomes(), crng))
            else:
                legal = st.legal_actions()
                st.apply_action(legal[int(arngs[0].integers(len(legal)))])
        assert colours  # the game ran to its end


def test_MC_2_1_2_replay_and_save_round_trip():
    g = lab.load("memcel", players=3)
    st = lab.play(g, "random", seed=11)
    again = lab.state_from_json(st.to_json())
    assert again == st
    assert again.metrics() == st.metrics()


def test_MC_0_3_tile_counts_variant_and_seat_colours_whatever_the_dict_order():
    counts = {"imprevisto": 4, "orange": 11, "blue": 11, "green": 11, "red": 11}
    g = lab.load("memcel", players=3, tile_counts=counts)
    assert g.tables.kinds == ["red", "green", "blue", "orange", "imprevisto"]
    assert [sum(s) for s in g.tables.shares] == [16, 16, 16]
    assert g.tables.shares[0][:2] == [11, 0]  # seat 0 plays red, 11 of them
    findings = {f.id for f in lab.lint(g)}
    assert {"MC-colour-tiles", "MC-own-tiles"} <= findings  # 44 colour tiles, not the seed's 40
    assert "MC-tiles" not in findings  # still 48 in all


def test_AMB_MC_8_linter_checks_deck_size_and_shares():
    g = lab.load("memcel", players=3, deck={"peek": 10}, deck_size=10)
    by_id = {f.id: f for f in lab.lint(g)}
    assert "50" in by_id["MC-deck"].message and by_id["MC-deck"].severity == "error"
    assert "MC-shares" not in by_id and "MC-share-equal" not in by_id
    odd = lab.load(
        "memcel", players=3,
        tile_counts={"red": 13, "green": 13, "blue": 13, "imprevisto": 8},
        ring_layout=[{"colour": "red", "sectors": 16}, {"colour": "green", "sectors": 16},
                     {"colour": "blue", "sectors": 15}])
    by_id = {f.id: f for f in lab.lint(odd)}
    assert by_id["MC-share-equal"].severity == "warning"  # 47 tiles among 3 players
    assert [sum(s) for s in odd.tables.shares] == [16, 16, 15]
    assert lab.play(odd, "random", seed=1).is_terminal()
