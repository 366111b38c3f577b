"""Memcel: the seed's distinctions about *when* things happen (issue #39), clause by clause.

MC-3, the seed: "La partita finisce quando uno dei giocatori riesce per primo a scoprire tutte
le proprie tessere sulla plancia" -- the game ends when one of the players is the first to have
turned up all of their own tiles. So the win is decided at the reveal that turns up a player's
last tile, whatever is still to come in that turn (more declared reveals, the end-of-turn card)
or in that round (the other players' turns); and only own tiles face up count (AMB-MC-4 decides
whether a tile another player left face up is one).

MC-C5 grey face / AMB-MC-8 swap card: "scambiare la posizione di due tessere a scelta sulla
plancia" -- two tiles of the player's choice exchange positions: two different tiles, each
taking the other's place with everything the table sees of it (face up or down, and whose).

Every test plays the game through actions and reads events, legal actions and returns. The
designs are small (a few tiles per colour) so that a player runs out of tiles in one attack.
"""

from __future__ import annotations

import pytest
from test_memcel_rules import attack, first_of, to_hunt

import lab
from lab import act
from lab.core.state import CHANCE

# seat 0 (red) and seat 1 (green) have 3 tiles each; the absent colours fill the board
FEW = {"red": 3, "green": 3, "blue": 20, "orange": 14, "imprevisto": 8}


def few_tiles(**params):
    return to_hunt(players=2, tile_counts=FEW, reveal_limit="inclusive", **params)


def two_red_tiles_up(**params):
    """Seat 0 attacks with x = 2 and turns up two of its three red tiles, then draws the peek
    card and peeks: seat 1 is to act. Returns the state and seat 0's red slots."""
    st = few_tiles(**params)
    red = first_of(st, "red")
    attack(st, 8, 2)
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("reveal", red[1]))
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    return st, red


def new_events(st, mark):
    return [(e.clause, e.kind) for e in st.events[mark:]]


# ------------------------------------------------------------------ MC-3: the moment of the win
def test_MC_3_a_declared_count_above_the_tiles_left_wins_at_the_last_own_tile() -> None:
    """x = 6 declared with 3 own tiles face down: the third reveal ends the game at once. The
    three declared reveals still to make are not made, nothing is covered, no turn is lost, and
    no end-of-turn card is drawn (MC-2.1.3 never comes)."""
    st = few_tiles()
    red = first_of(st, "red")
    attack(st, 8, 6)
    mark = len(st.events)
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("reveal", red[1]))
    assert not st.is_terminal() and st.pending()["task"] == "reveal"  # still 4 to reveal
    st.apply_action(act("reveal", red[2]))
    assert st.is_terminal() and st.winners() == [0] and st.returns() == [1.0, -1.0]
    assert new_events(st, mark) == [("MC-2.1.2", "reveal")] * 3 + [("MC-3", "win")]
    assert st.legal_actions() == [] and st.observation(None)["own_face_up"] == [3, 0]
    assert all(st.up[s] for s in red)  # the winning tiles stay face up


def test_MC_3_a_count_equal_to_the_tiles_left_wins_without_the_turns_card() -> None:
    """x = 3 with 3 left: the last reveal is both the full success (MC-2.1.2.0) and the win; the
    win ends the game before the end-of-turn card of MC-2.1.3 (or of AMB-MC-5)."""
    st = few_tiles()
    attack(st, 8, 3)
    mark = len(st.events)
    for s in first_of(st, "red"):
        st.apply_action(act("reveal", s))
    assert st.is_terminal() and st.winners() == [0]
    assert new_events(st, mark)[-1] == ("MC-3", "win")
    assert not any(e.kind == "card" for e in st.events[mark:])


def test_MC_3_a_full_success_with_tiles_still_down_is_no_win() -> None:
    """x = 2 with 3 left: a full success (MC-2.1.2.0), not the end; the turn's card comes next."""
    st = few_tiles()
    red = first_of(st, "red")
    attack(st, 8, 2)
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("reveal", red[1]))
    assert not st.is_terminal() and st.winners() == []
    assert st.pending() == {"task": "card", "roll": 8, "x": 2, "found": 2, "reason": "MC-2.1.3"}
    assert [e.kind for e in st.events if e.clause == "MC-3"] == []


def test_MC_3_the_win_comes_at_the_first_reveal_that_turns_up_the_last_tile() -> None:
    """Two tiles turned up in an earlier turn; then x = 4 with one tile left: the first reveal of
    the turn wins (not the end of the turn, not the x-th reveal)."""
    st, red = two_red_tiles_up()
    st.apply_action(act("defend", "skip"))  # seat 1
    attack(st, 8, 4)
    mark = len(st.events)
    st.apply_action(act("reveal", red[2]))
    assert st.is_terminal() and st.winners() == [0]
    assert new_events(st, mark) == [("MC-2.1.2", "reveal"), ("MC-3", "win")]


def test_MC_3_the_first_to_finish_wins_the_rest_of_the_round_is_not_played() -> None:
    """Seat 1, the second in a round of three, wins: seat 2 never gets its turn of that round
    ("per primo": no round to complete, unlike memm's MM-5)."""
    counts = {"red": 3, "green": 3, "blue": 3, "orange": 31, "imprevisto": 8}
    st = to_hunt(players=3, tile_counts=counts, reveal_limit="inclusive")
    st.apply_action(act("defend", "skip"))  # seat 0
    attack(st, 8, 5)  # seat 1: 3 green tiles left
    for s in first_of(st, "green"):
        st.apply_action(act("reveal", s))
    assert st.is_terminal() and st.winners() == [1]
    assert st.returns() == [-0.5, 1.0, -0.5]
    assert [e.data["player"] for e in st.events if e.kind in ("attack", "defence")] == [0, 1]
    assert st.observation(None)["turns"] == 2


@pytest.mark.parametrize("counts", [True, False])
def test_MC_3_AMB_MC_4_another_players_miss_on_the_last_tile_wins_at_that_moment(counts: bool) -> None:
    """Seat 0 has 2 of 3 red tiles up; seat 1 attacks and reveals the third red tile (a miss for
    seat 1). With ``revealed_by_other_counts`` the game ends at that reveal, seat 0 winning during
    seat 1's turn (seat 1's own lost turns are logged, no card is drawn); without, it goes on."""
    st, red = two_red_tiles_up(revealed_by_other_counts=counts)
    attack(st, 8, 3)  # seat 1
    mark = len(st.events)
    st.apply_action(act("reveal", red[2]))  # seat 1's miss on seat 0's last tile
    kinds = new_events(st, mark)
    assert kinds[:2] == [("MC-2.1.2", "reveal"), ("MC-2.1.2.1", "cover_own")]
    assert ("MC-2.1.2.2", "lost_turns") in kinds  # y = 3 for seat 1
    if counts:
        assert st.is_terminal() and st.winners() == [0] and kinds[-1] == ("MC-3", "win")
        assert not any(e.kind == "card" for e in st.events[mark:])
    else:
        assert not st.is_terminal() and ("MC-3", "win") not in kinds
        assert st.pending()["task"] == "card"  # seat 1's end-of-turn card
        assert st.observation(None)["own_face_up"][0] == 2


def test_MC_3_AMB_MC_4_a_tile_turned_up_by_another_counts_at_the_owners_own_reveal() -> None:
    """Without ``revealed_by_other_counts`` seat 0 needs its own reveal of every tile: with one
    red tile left up by seat 1, seat 0's reveal of its other two tiles is no win; turning up the
    one seat 1 revealed is not possible (it is face up), so the game goes on."""
    st = few_tiles(revealed_by_other_counts=False)
    red = first_of(st, "red")
    st.apply_action(act("defend", "skip"))  # seat 0
    attack(st, 8, 1)  # seat 1 reveals red[0]: a miss, it stays face up
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    attack(st, 8, 2)  # seat 0 turns up the two others
    st.apply_action(act("reveal", red[1]))
    st.apply_action(act("reveal", red[2]))
    assert not st.is_terminal() and st.winners() == []
    assert st.observation(None)["own_face_up"][0] == 2 and st.observation(None)["slots"][red[0]] == "red"
    assert st.current_player() == CHANCE and st.pending()["reason"] == "MC-2.1.3"  # the game goes on


# ------------------------------------------------------------------ MC-C5 / AMB-MC-8: swaps
def swap_state(**params):
    """Seat 0 turns up one red tile (a full success); seat 1 defends with a complication: grey."""
    st = to_hunt(players=2, face=2, **params)  # set-up complications: white (re-roll), no swap or board turn
    red = first_of(st, "red")
    attack(st, 3, 1)
    st.apply_action(act("reveal", red[0]))
    st.apply_action(act("card", "peek"))
    st.apply_action(st.legal_actions()[0])
    st.apply_action(act("defend", "complication"))  # seat 1
    st.apply_action(act("icon", 1))  # green cw, grey: swap
    return st, red


def test_MC_C5_a_swap_is_of_two_different_tiles_of_the_players_choice() -> None:
    st, red = swap_state()
    assert st.current_player() == 1
    first = [a.args[0] for a in st.legal_actions()]
    assert first == list(range(48))  # any tile on the full board
    st.apply_action(act("swap", 5))
    second = [a.args[0] for a in st.legal_actions()]
    assert second == [s for s in range(48) if s != 5]  # another tile
    with pytest.raises(lab.IllegalAction):
        st.apply_action(act("swap", 5))


def test_MC_C5_a_swapped_face_up_tile_keeps_its_face_and_its_owner() -> None:
    """The face-up red tile and a face-down tile exchange places: the table now sees red at the
    other slot, the first slot face down, and the red tile still counts for seat 0 (its owner,
    who turned it up: AMB-MC-4 reading 'own reveals only' included)."""
    for counts in (True, False):
        st, red = swap_state(revealed_by_other_counts=counts)
        other = first_of(st, "green")[0]
        before = st.observation(None)["own_face_up"]
        st.apply_action(act("swap", red[0]))
        st.apply_action(act("swap", other))
        slots = st.observation(None)["slots"]
        assert (slots[red[0]], slots[other]) == ("down", "red")
        assert st.observation(None)["own_face_up"] == before == [1, 0]
        assert [dict(e.data) for e in st.events if e.kind == "swap"] == [{"player": 1, "a": red[0], "b": other}]
        assert [e.clause for e in st.events if e.kind == "swap"] == ["MC-C5"]


def test_AMB_MC_8_a_swap_card_moves_what_a_later_reveal_finds() -> None:
    """After seat 1 swaps two face-down tiles, revealing at the red tile's old slot finds the
    other tile, and at the other slot the red one (what was placed moved, not just a mark)."""
    st = to_hunt(players=2, face=2)
    red, blue = first_of(st, "red"), first_of(st, "blue")
    st.apply_action(act("defend", "skip"))  # seat 0
    attack(st, 2, 1)  # seat 1 reveals a blue tile (a miss): its end-of-turn card is a swap
    st.apply_action(act("reveal", blue[0]))
    st.apply_action(act("card", "swap"))
    st.apply_action(act("swap", red[0]))
    st.apply_action(act("swap", blue[1]))
    assert [e.clause for e in st.events if e.kind == "swap"] == ["AMB-MC-8"]
    attack(st, 3, 2)  # seat 0
    st.apply_action(act("reveal", blue[1]))  # where the red tile went: found
    assert [e.data["tile"] for e in st.events if e.kind == "reveal"][-1] == "red"
    st.apply_action(act("reveal", red[0]))  # where the blue tile went: a miss
    assert [e.data["tile"] for e in st.events if e.kind == "reveal"][-1] == "blue"
    assert [e.kind for e in st.events][-2:] == ["cover_own", "miss"]


def test_MC_C5_random_players_swap_two_different_tiles_in_every_game() -> None:
    """The driver's random picks (lab.play's fast path) make only legal swaps: two different
    occupied slots, placement phase included (MC-1.3's complication)."""
    game = lab.load("memcel", players=2, max_turns=60)
    swaps = 0
    for seed in range(12):
        st = lab.play(game, "random", seed=seed)
        replay = game.new_initial_state()
        for item in st.history():
            if replay.current_player() >= 0 and replay.queue[0][0] == "swap2":
                first = replay.queue[0][2]
                assert item.action.args[0] != first
                assert replay.public_tile(item.action.args[0]) is not None
                swaps += 1
            replay.apply_action(item.action)  # checked: an illegal pick raises
        assert replay.full_state() == st.full_state()
    assert swaps > 10
