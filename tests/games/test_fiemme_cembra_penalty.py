"""Fiemme–Cembra FC-P7 (the last hand's penalty) and the lab's safety bounds, through the public API.

The seed's step 7 sits between conquering (step 6) and redealing (step 8): by default the last
hand returns a conquered card of their choice into the middle of the conquest deck every hand.
A match the ``hand_limit`` safety bound stops ends *unfinished*, never as a result.
"""

from __future__ import annotations

import numpy as np
import pytest

import lab
from lab.core.actions import act
from lab.core.state import CHANCE, TERMINAL
from lab.games.fiemme_cembra import components as C
from lab.games.fiemme_cembra.agents import CollectorAgent
from lab.games.fiemme_cembra.variant import HAND_LIMIT

# hand 1: seat 0 closes after one pass (it receives seat 3's lodging)
HAND_1 = [(2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (0, 1, 1, 1, 2)]
PASS_1 = {0: 0, 1: 1, 2: 4, 3: 4}
# hand 2: seat 1 closes after one pass (it receives seat 0's lodging)
HAND_2 = [(0, 1, 1, 1, 2), (2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1)]
PASS_2 = {0: 4, 1: 0, 2: 4, 3: 1}


def deal(state, hands):
    for h in hands:
        assert state.current_player() == CHANCE and state.phase_name() == "deal"
        state.apply_action(act("deal", C.COMPOSITION_INDEX[h]))


def pass_once(state, discards):
    state.apply_actions({p: act("discard", t) for p, t in discards.items()})


def race(state, times, closer):
    state.apply_actions({p: act("slap", ms, p == closer) for p, ms in enumerate(times)})


def emotion_in_pool(state, t):
    """An unknown conquest card of type ``t``: a chance outcome of the next draw."""
    return next(a.args[0] for a, _ in state.chance_outcomes() if state.game.types[a.args[0]] == t)


def two_hands(**params):
    """Seat 0 conquers a Nature card in hand 1; in hand 2 seat 1 closes and seat 0 is last."""
    s = lab.load("fiemme_cembra", **params).new_initial_state()
    deal(s, HAND_1)
    pass_once(s, PASS_1)
    assert s.closers == [0]
    race(s, [200, 300, 500, 900], closer=0)  # seat 3 last, nothing to give: void
    won = emotion_in_pool(s, 0)
    s.apply_action(act("draw", won))
    deal(s, HAND_2)
    pass_once(s, PASS_2)
    assert s.closers == [1]
    race(s, [900, 100, 200, 300], closer=1)  # order 1, 2, 3, 0: seat 0 is last
    s.apply_action(act("draw", emotion_in_pool(s, 1)))
    return s, won


# ----------------------------------------------------------------------------- FC-P7 each hand
def test_FC_P7_each_hand_is_the_default_reading():
    game = lab.load("fiemme_cembra")
    assert game.params["penalty_timing"] == "each_hand"
    spec = next(p for p in game.parameter_specs() if p.name == "penalty_timing")
    assert set(spec.choices) == {"each_hand", "end_of_round"} and "FC-P7" in spec.clauses


def test_FC_P7_last_hand_chooses_a_card_and_it_goes_back_into_the_middle():
    s, won = two_hands()
    assert s.phase_name() == "penalty" and s.current_player() == 0
    assert s.observation(2)["penalised"] == 0
    assert s.legal_actions() == [act("give_back", won)]  # only one's own conquered cards
    assert s.legal_actions(1) == []
    size = s.observation(None)["deck_size"]
    s.apply_action(act("give_back", won))
    # "in mezzo al mazzo": a chance position strictly between the top and the bottom card
    assert s.current_player() == CHANCE and s.phase_name() == "insert"
    assert [a.args[0] for a, _ in s.chance_outcomes()] == list(range(1, size))
    s.apply_action(act("insert_at", size // 2))
    assert s.observation(None)["deck_size"] == size + 1
    assert s.observation(3)["conquered"][0] == []
    assert s.full_state()["deck"][size // 2] == won
    kinds = [(e.clause, e.kind) for e in s.events]
    assert ("FC-P7", "penalty") in kinds and ("FC-P7", "put_back_in_the_middle") in kinds
    assert ("FC-P7", "penalty_mark") not in kinds
    assert s.metrics()["cards_returned"] == 1.0 and "cards_left_game" not in s.metrics()
    assert s.metrics()["penalties_0"] == 1.0 and s.metrics()["void_penalties"] == 1.0
    assert s.phase_name() == "deal"  # FC-P8: then the next hand
    # the position is the table's secret: no player's events show it
    assert not any(e.kind == "reinserted" for p in range(4) for e in s.events_for(p))


def test_FC_P7_middle_is_position_half_the_deck():
    s, won = two_hands(reinsert="middle")
    size = s.observation(None)["deck_size"]
    s.apply_action(act("give_back", won))
    assert s.phase_name() == "deal"
    assert s.full_state()["deck"].index(won) == size // 2
    assert any(e.kind == "reinserted" and e.data["position"] == size // 2 for e in s.events_for(2))


def test_FC_P7_returned_card_can_be_conquered_again():
    s, won = two_hands(reinsert="bottom")
    s.apply_action(act("give_back", won))
    deck = s.full_state()["deck"]
    assert deck[-1] == won and won not in s.full_state()["pool"]


def test_FC_P7_end_of_round_reading_marks_only_the_last_hand_of_the_latest_race():
    """'Alla fine di ogni turno di gioco ... solo a quel giocatore che ha posato la propria mano per
    ultimo': no penalty after a race; the last hand of the latest race (seat 3, then seat 0) is
    the one the round's end will penalise."""
    s, won = two_hands(penalty_timing="end_of_round")
    assert s.phase_name() == "deal"  # no penalty now
    assert s.observation(1)["penalty_marks"] == [1, 0, 0, 0]
    assert [e.kind for e in s.events if e.clause == "FC-P7"] == []
    assert s.observation(None)["conquered"][0] == [won]


def test_FC_P7_end_of_round_one_penalty_a_round_its_card_back_in_the_deck():
    agents = [{"name": "collector", "median_ms": ms} for ms in (250, 350, 450, 550)]
    for seed in range(4):
        st = lab.play(lab.load("fiemme_cembra", penalty_timing="end_of_round", rounds=2), agents, seed=seed)
        m = st.metrics()
        paid = sum(1 for e in st.events if e.kind == "put_back_after_the_round")
        void = sum(1 for e in st.events if e.kind == "penalty_void")
        assert paid + void == 2 and m["penalties"] == m["cards_returned"] == paid  # one a round
    each = lab.play(lab.load("fiemme_cembra"), agents, seed=1).metrics()
    assert each["cards_returned"] == each["penalties"] > 2


def test_FC_P7_collector_returns_its_least_useful_card():
    game = lab.load("fiemme_cembra")
    agent = CollectorAgent()
    agent.reset(game, 0)
    mine = [0, 1, 2, 10, 20]  # three Nature, one Sport, one History
    legal = [act("give_back", c) for c in mine]
    chosen = agent.step({"phase": "penalty"}, legal, np.random.default_rng(0))
    assert game.types[chosen.args[0]] == 0  # a duplicate, never the only Sport or History


def test_FC_P7_the_penalised_player_alone_acts():
    s, won = two_hands()
    assert s.acting_players() == [0] and s.current_player() == 0  # seat 0 (index 0) chooses
    s.apply_action(act("give_back", won))
    assert s.acting_players() == []  # the reinsert position is chance


# four Nature cards in the conquest deck, nothing else
FOUR = {**C.CARD_COUNTS, "nature": 8, "sport": 4, "history": 4, "taste": 4, "lodging": 4, "event": 0}


def test_FC_P7_a_two_card_deck_has_one_middle_position():
    """random_middle with two cards left: the only place between top and bottom is 1 (p = 1)."""
    s = lab.load("fiemme_cembra", card_counts=FOUR).new_initial_state()
    deal(s, HAND_1)
    pass_once(s, PASS_1)
    race(s, [200, 300, 500, 900], closer=0)  # seat 0 conquers; seat 3 last with no card
    s.apply_action(act("draw", 4))
    deal(s, HAND_2)
    pass_once(s, PASS_2)
    race(s, [900, 100, 200, 300], closer=1)  # seat 1 conquers; seat 0 last
    s.apply_action(act("draw", 5))
    s.apply_action(act("give_back", 4))
    assert s.phase_name() == "insert" and s.observation(None)["deck_size"] == 2
    assert s.observation(None)["actor"] == -1 and s.full_state()["actor"] == -1  # chance acts
    assert s.chance_outcomes() == [(act("insert_at", 1), 1.0)]
    start = len(s.events)
    s.apply_action(act("insert_at", 1))
    got = [(e.clause, e.kind, dict(e.data), e.visible_to) for e in s.events[start:start + 2]]
    assert got == [("FC-P7", "reinserted", {"card": 4, "position": 1}, ()),
                   ("FC-P7", "put_back_in_the_middle", {"card": 4}, None)]
    assert s.full_state()["deck"] == [-1, 4, -1]


@pytest.mark.parametrize("nobody", [lambda order: -1, lambda order: len(order)])
def test_FC_P7_a_house_rule_may_name_nobody(nobody):
    """A penalised() outside the seats (-1, or a seat that does not exist) penalises nobody."""
    s = lab.load("fiemme_cembra", reinsert="bottom").with_rules({"FC-P7": nobody}).new_initial_state()
    deal(s, HAND_1)
    pass_once(s, PASS_1)
    race(s, [200, 300, 500, 900], closer=0)
    assert s.full_state()["penalised"] == -1
    s.apply_action(act("draw", 4))
    assert s.phase_name() == "deal" and s.full_state()["penalised"] == -1
    assert not [e for e in s.events if e.clause == "FC-P7"]


def test_FC_P6_a_house_rule_naming_a_seat_that_does_not_exist_is_ignored():
    game = lab.load("fiemme_cembra", reinsert="bottom")
    s = game.with_rules({"FC-P6": lambda order, shouted, rule: [order[0], len(order)]}).new_initial_state()
    deal(s, HAND_1)
    pass_once(s, PASS_1)
    race(s, [200, 300, 500, 900], closer=0)
    assert [dict(e.data) for e in s.events if e.kind == "conquerors"] == [{"players": [0]}]
    s.apply_action(act("draw", 4))
    assert s.phase_name() == "deal" and s.observation(None)["conquered"] == [[4], [], [], []]


def test_FC_P7_end_of_round_a_mark_leaves_nobody_to_penalise_now():
    s, won = two_hands(penalty_timing="end_of_round")
    assert s.full_state()["penalised"] == -1 and s.full_state()["marks"] == [1, 0, 0, 0]


# ----------------------------------------------------------------------------- safety bound
def test_FC_E1_hand_limit_stops_the_match_unfinished():
    game = lab.load("fiemme_cembra", hand_limit=5)
    st = lab.play(game, "random", seed=0)
    assert st.current_player() == TERMINAL and st.unfinished
    assert st.stopped_by == "hand_limit=5"
    assert st.winners() == [] and st.returns() == [0.0] * 4
    last = st.events[-1]
    assert (last.clause, last.kind, last.data["limit"]) == ("FC-E1", "unfinished", "hand_limit=5")
    assert last.data["non_events_left"] > 0  # the seed's rules had not ended the round
    assert not any(e.kind in ("round_winners", "match_winners") for e in st.events)
    assert st.stats["hands"] == 5 and st.hands_per_round == [5]
    with pytest.raises(lab.IllegalAction):
        st.apply_action(act("give_back", 0))
    # a clone of the cut match is the same cut match (a search or a save reads it)
    twin = st.clone()
    assert twin.current_player() == TERMINAL and twin.unfinished and twin.stopped_by == "hand_limit=5"
    assert twin.winners() == [] and twin.returns() == [0.0] * 4


def test_FC_E1_hand_limit_counts_the_hands_of_the_whole_match():
    agents = [{"name": "collector", "median_ms": ms} for ms in (250, 350, 450, 550)]
    first = lab.play(lab.load("fiemme_cembra"), agents, seed=2).hands_per_round[0]
    st = lab.play(lab.load("fiemme_cembra", rounds=2, hand_limit=first + 3), agents, seed=2)
    assert st.unfinished and st.round_no == 1
    assert st.hands_per_round == [first, 3]
    assert [e.kind for e in st.events if e.kind == "round_winners"] == ["round_winners"]


def test_FC_E1_unfinished_games_in_simulate_tables_are_not_draws():
    df = lab.simulate(lab.load("fiemme_cembra", players=3, hand_limit=5), "random", n_games=2, seed=0)
    assert list(df["unfinished"]) == [1, 1] and list(df["stopped_by"]) == ["hand_limit=5"] * 2
    assert not df["draw"].any()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_FC_E1_default_hand_limit_fits_the_save_budget(players):
    game = lab.load("fiemme_cembra", players=players)
    assert game.params["hand_limit"] == HAND_LIMIT
    assert game.max_game_length() <= 1_000_000
    with pytest.raises(lab.InvalidVariant, match="hand_limit"):
        lab.load("fiemme_cembra", players=players, hand_limit=5000, pass_limit=1000)
