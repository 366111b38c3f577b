"""Fiemme–Cembra rules, clause by clause (RULES.md §2)."""

from __future__ import annotations

import pytest

import lab
from lab.core.actions import Action, act
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL
from lab.games.fiemme_cembra import components as C
from lab.games.fiemme_cembra.scoring import has_set, rank_players, word_pairs
from lab.games.fiemme_cembra.views import EMPTY, UNKNOWN


def load(**kw):
    return lab.load("fiemme_cembra", **kw)


def deal(state, hands):
    """Apply the chance outcomes that deal ``hands`` (one composition per player)."""
    for h in hands:
        assert state.current_player() == CHANCE
        state.apply_action(act("deal", C.COMPOSITION_INDEX[tuple(h)]))


COMPLETE = (1, 1, 1, 1, 1)


def fresh(players=4, hands=None, **kw):
    g = load(players=players, **kw)
    s = g.new_initial_state()
    if hands is None:
        # a deal every speed deck allows: two emotions each, no complete hand
        hands = [(2, 1, 1, 0, 1), (0, 2, 1, 1, 1), (1, 0, 2, 1, 1), (1, 1, 0, 2, 1),
                 (1, 1, 1, 1, 1), (1, 1, 1, 1, 1)][:players]
    deal(s, hands)
    return s


def to_race(state, closer_hand=COMPLETE):
    """Force a race: give players hands so that after one pass only player 0 is complete."""
    s = state
    s.hands = [[2, 1, 1, 1, 0]] + [[0, 1, 1, 1, 2]] + [[1, 1, 1, 0, 2]] * (s.n - 2)
    s.hands = [list(h) for h in s.hands]
    # player 0 passes a nature right, receives lodging from its left neighbour (n-1)
    disc = {0: act("discard", 0), 1: act("discard", 1)}
    for p in range(2, s.n):
        disc[p] = act("discard", 4)
    s.apply_actions(disc)
    assert s.closers == [0]
    assert s.current_player() == SIMULTANEOUS
    return s


def slap_all(state, times, shout0=True, shouts=None):
    acts = {}
    for p, ms in enumerate(times):
        sh = (shouts or {}).get(p, shout0 if p in state.closers else False)
        acts[p] = act("slap", ms, sh)
    state.apply_actions(acts)


# ----------------------------------------------------------------------------- components
def test_FC_C1_fifty_play_cards_by_type():
    g = load()
    assert sum(C.CARD_COUNTS.values()) == 50
    assert C.CARD_COUNTS == {"nature": 10, "sport": 10, "history": 10, "taste": 10, "lodging": 6, "event": 4}
    assert [g.types.count(t) for t in range(6)] == [10, 10, 10, 10, 6, 4]


def test_FC_C1_card_counts_are_a_parameter():
    g = load(card_counts={**C.CARD_COUNTS, "lodging": 8}, leftover_lodging="conquest")
    assert g.types.count(C.LODGING) == 8
    assert sum(1 for c in g.conquest_ids if g.types[c] == C.LODGING) == 4
    with pytest.raises(lab.InvalidVariant, match="card_counts"):
        load(card_counts={"nature": 10})
    with pytest.raises(lab.InvalidVariant, match="needs 4 nature"):
        load(card_counts={**C.CARD_COUNTS, "nature": 3})


@pytest.mark.parametrize(("players", "conquest"), [(3, 32), (4, 28), (5, 24), (6, 20)])
def test_FC_S2_FC_S4_FC_S5_deck_sizes(players, conquest):
    g = load(players=players)
    assert g.speed_counts == (players,) * 5
    assert sum(g.speed_counts) == 5 * players
    assert len(g.conquest_ids) == conquest
    assert not any(g.types[c] == C.LODGING for c in g.conquest_ids)  # FC-S2: left-over lodging out
    s = g.new_initial_state()
    assert s.observation(None)["deck_size"] == conquest


def test_FC_S5_seed_table_is_data_and_playable_as_table():
    assert C.SEED_TABLE["3"]["conquest_total"] == 32
    assert C.SEED_TABLE["6"]["speed_total"] == 36
    g = load(players=4, speed_deck="table")
    assert g.speed_counts == (4, 4, 4, 4, 4)
    g5 = load(players=5, speed_deck="table")
    assert sum(g5.speed_counts) == 25  # INC-FC-1: 5 of each is 25 whatever the text says
    with pytest.raises(lab.InvalidVariant, match="has 25 cards .* needs 30"):
        load(players=6, speed_deck="table")  # INC-FC-2: the seed's 6-player row cannot deal 5 each


def test_FC_S3_deal_is_chance_five_each_private():
    g = load(players=3)
    s = g.new_initial_state()
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    deal(s, [(3, 2, 0, 0, 0), (0, 1, 3, 1, 0), (0, 0, 0, 2, 3)])
    assert s.current_player() == SIMULTANEOUS
    assert [sum(h) for h in s.hands] == [5, 5, 5]
    assert s.observation(1)["my_hand"] == [0, 1, 3, 1, 0]
    assert "my_hand" not in s.observation(None)
    assert all("hand" not in e.data or e.visible_to == (e.data["player"],) for e in s.events)


def test_FC_S3_last_hand_is_forced_by_the_remaining_cards():
    g = load(players=3)
    s = g.new_initial_state()
    deal(s, [(3, 2, 0, 0, 0), (0, 1, 3, 1, 0)])
    assert s.chance_outcomes() == [(act("deal", C.COMPOSITION_INDEX[(0, 0, 0, 2, 3)]), 1.0)]


def test_FC_S1_rounds_parameter_and_fifteen_minute_time_model():
    """The time model gives about 15 minutes a round when penalty cards leave the game
    (end_of_round); the seed's per-hand FC-P7 makes the same players' rounds longer."""
    agents = [{"name": "collector", "median_ms": 300 + 100 * i} for i in range(4)]
    st = lab.play(load(rounds=2, penalty_timing="end_of_round"), agents, seed=3)
    assert st.round_no == 2 and len(st.hands_per_round) == 2
    minutes = st.metrics()["minutes_per_round"]
    assert 5 < minutes < 30  # the seed: about 15 minutes per round
    each = lab.play(load(rounds=2), agents, seed=3)
    assert each.round_no == 2 and not each.unfinished
    assert each.metrics()["minutes_per_round"] > minutes
    assert each.metrics()["hands_per_round"] > st.metrics()["hands_per_round"]


# ----------------------------------------------------------------------------- play
def test_FC_0_FC_P1_first_pass_played_even_with_a_complete_hand():
    s = fresh(players=3, hands=[COMPLETE, (2, 1, 1, 1, 0), (0, 1, 1, 1, 2)])
    assert s.current_player() == SIMULTANEOUS and s.phase_name() == "pass"
    assert s.closers == []
    legal = s.legal_actions(0)
    assert all(a.kind == "discard" for a in legal) and len(legal) == 5
    assert s.clause_counts().get("FC-P1") == 1


def test_FC_P2_FC_P3_simultaneous_pass_to_the_right():
    s = fresh(players=3, hands=[(2, 1, 1, 1, 0), (0, 1, 1, 1, 2), (1, 1, 1, 1, 1)])
    with pytest.raises(lab.IllegalAction, match="simultaneous"):
        s.apply_action(act("discard", 0))
    with pytest.raises(lab.IllegalAction, match="no lodging"):
        s.apply_actions({0: act("discard", 4), 1: act("discard", 4), 2: act("discard", 3)})
    s.apply_actions({0: act("discard", 0), 1: act("discard", 4), 2: act("discard", 3)})
    # seat p passes to p+1: 0 -> 1 -> 2 -> 0
    assert s.hands[1] == [1, 1, 1, 1, 1]
    assert s.hands[2] == [1, 1, 1, 0, 2]
    assert s.hands[0] == [1, 1, 1, 2, 0]
    assert s.observation(0)["my_passes"] == [0] and s.observation(0)["my_receipts"] == [3]


def test_FC_P3_pass_direction_left_and_alternate():
    s = fresh(players=3, hands=[(2, 1, 1, 1, 0), (0, 1, 1, 1, 2), (1, 1, 1, 1, 1)], pass_direction="left")
    s.apply_actions({0: act("discard", 0), 1: act("discard", 4), 2: act("discard", 3)})
    assert s.hands[2][0] == 2  # 0 passed to 2
    g = load(players=3, pass_direction="alternate")
    assert g.pass_tables == ((1, 2, 0), (2, 0, 1))


def test_FC_P4_complete_hand_closes_after_a_pass():
    s = to_race(fresh())
    assert s.phase_name() == "slap"
    assert s.clause_counts()["FC-P4"] >= 1
    # the closer may shout, the others may not
    assert act("slap", 300, True) in s.legal_actions(0)
    assert act("slap", 300, True) not in s.legal_actions(1)
    with pytest.raises(lab.IllegalAction, match="only a player who closed shouts"):
        s.apply_actions({0: act("slap", 0, True), 1: act("slap", 10, True), 2: act("slap", 0, False),
                         3: act("slap", 0, False)})


def test_FC_P5_hand_order_from_reaction_times():
    s = to_race(fresh())
    order = s.hand_order({0: (400, True), 1: (250, False), 2: (100, False), 3: (300, False)})
    assert order == [0, 2, 1, 3]  # others react to the closer's slap: 400 + their time
    # a tie: the closer first, then seats nearer the closer going right
    assert s.hand_order({0: (0, True), 1: (0, False), 2: (0, False), 3: (0, False)}) == [0, 1, 2, 3]


def test_FC_P6_first_hand_that_shouted_conquers_top_card():
    s = to_race(fresh())
    slap_all(s, [200, 300, 500, 400])
    assert s.current_player() == CHANCE  # the top card is unknown: a chance draw
    card = next(c for c in s.pool if s.game.types[c] == 1)
    s.apply_action(act("draw", card))
    assert s.conquered[0] == [card]
    assert s.events_for(None)[-1].clause in ("FC-P6", "FC-P7", "FC-S3")


def test_FC_P6_forgot_to_shout_second_hand_takes_the_card():
    s = to_race(fresh())
    slap_all(s, [200, 300, 100, 400], shout0=False)
    assert s.forgot[0] == 1
    card = next(c for c in s.pool if s.game.types[c] == 2)
    s.apply_action(act("draw", card))
    assert s.conquered[2] == [card] and s.conquered[0] == []
    kinds = [e.kind for e in s.events if e.clause == "FC-P6"]
    assert "forgot_to_shout" in kinds and "second_hand_takes" in kinds


def test_FC_P6_duplicates_are_kept_face_up():
    s = to_race(fresh())
    s.conquered[0] = [0]
    slap_all(s, [200, 300, 500, 400])
    s.apply_action(act("draw", 5))
    assert s.conquered[0] == [0, 5]
    assert s.observation(3)["conquered"][0] == [0, 5]


def test_FC_P6_event_draw_again_and_event_goes_back_into_the_deck():
    s = to_race(fresh(reinsert="middle"))
    event = s.game.conquest_ids[-1]
    slap_all(s, [200, 300, 500, 400])
    deck_before = len(s.deck)
    s.apply_action(act("draw", event))
    assert s.phase_name() == "event" and s.legal_actions() == [act("event_draw")]
    s.apply_action(act("event_draw"))
    assert s.current_player() == CHANCE
    s.apply_action(act("draw", 5))
    assert s.conquered[0] == [5]
    # the Event is back in the middle of the deck, known at that position
    assert event in s.deck and event not in s.pool
    assert len(s.deck) == deck_before - 1
    assert s.deck.index(event) == (deck_before - 2) // 2


def test_FC_P6_event_swap_with_an_opponent():
    s = to_race(fresh())
    s.conquered[0] = [0, 1]
    s.conquered[2] = [12]
    event = s.game.conquest_ids[-1]
    slap_all(s, [200, 300, 500, 400])
    s.apply_action(act("draw", event))
    s.apply_action(act("event_swap_choose"))
    assert act("event_swap", 1, 12) in s.legal_actions()
    s.apply_action(act("event_swap", 1, 12))
    assert s.conquered[0] == [0, 12] and s.conquered[2] == [1]
    assert any(e.kind == "event_swap" for e in s.events)


def test_FC_P6_known_card_on_top_is_drawn_without_chance():
    s = to_race(fresh())
    s.deck[0] = 4
    s.pool.remove(4)
    slap_all(s, [200, 300, 500, 400])
    assert 4 in s.conquered[0]


def test_FC_P7_last_hand_penalised_each_hand():
    s = to_race(fresh(penalty_timing="each_hand", reinsert="bottom"))
    s.conquered[3] = [7, 8]
    s.pool = [c for c in s.pool if c not in (7, 8)]
    s.deck = s.deck[:-2]
    slap_all(s, [200, 300, 500, 900])
    s.apply_action(act("draw", 24))
    assert s.phase_name() == "penalty" and s.current_player() == 3
    with pytest.raises(lab.IllegalAction, match="give_back one of your own"):
        s.apply_action(act("give_back", 24))
    s.apply_action(act("give_back", 8))
    assert s.conquered[3] == [7] and s.deck[-1] == 8 and s.penalties[3] == 1


def test_FC_P7_penalty_with_no_cards_is_void():
    s = to_race(fresh(penalty_timing="each_hand"))
    slap_all(s, [200, 300, 500, 900])
    s.apply_action(act("draw", 24))
    assert s.stats["void_penalties"] == 1
    assert any(e.kind == "penalty_void" and e.clause == "FC-P7" for e in s.events)
    assert s.current_player() == CHANCE and s.phase_name() == "deal"  # FC-P8 redeal


def test_FC_P7_end_of_round_marks_paid_when_the_round_ends():
    s = to_race(fresh(penalty_timing="end_of_round", players=4))
    slap_all(s, [200, 300, 500, 900])
    assert s.marks[3] == 1
    s.apply_action(act("draw", 24))
    assert s.phase_name() == "deal"
    # empty the deck of non-events: the round ends and player 3 pays the mark
    s.conquered[3] = [1, 2]
    s.pool = [c for c in s.pool if s.game.types[c] == C.EVENT]
    s.deck = [UNKNOWN] * len(s.pool)
    s._start_hand()
    assert s.phase_name() == "penalty" and s.actor == 3
    s.apply_action(act("give_back", 2))
    assert s.is_terminal() and s.past[3] == [1]


def test_FC_P8_redeal_after_a_hand_deck_stays():
    s = to_race(fresh())
    slap_all(s, [200, 300, 500, 900])
    s.apply_action(act("draw", 24))
    assert s.phase_name() == "deal" and s.hand_in_round == 1
    assert s.speed_left == list(s.game.speed_counts)
    assert len(s.deck) == 27


# ----------------------------------------------------------------------------- end
def test_FC_E1_round_ends_when_only_events_are_left():
    s = to_race(fresh())
    slap_all(s, [200, 300, 500, 900])
    events = [c for c in s.pool if s.game.types[c] == C.EVENT]
    s.pool = [20] + events
    s.deck = [UNKNOWN] * len(s.pool)
    s.apply_action(act("draw", 20))
    assert s.is_terminal()
    assert any(e.kind == "conquest_deck_exhausted" and e.clause == "FC-E1" for e in s.events)


def test_FC_E2_single_complete_set_wins():
    types = load().types
    syl = load().syllables
    cards = [[0, 10, 20, 30, 40], list(range(1, 9)), []]
    assert has_set(cards[0], types)
    assert rank_players(cards, range(3), types, syl) == ([0], "FC-E2")


def test_FC_E3_tie_breaks_total_then_word_pairs_then_joint():
    g = load()
    types, syl = g.types, g.syllables
    # nobody complete: most cards wins
    assert rank_players([[0, 1], [2, 3, 4], []], range(3), types, syl) == ([1], "FC-E3")
    # two complete: most cards among them
    a, b = [0, 10, 20, 30, 40], [1, 11, 21, 31, 41, 2]
    assert rank_players([a, b, list(range(3, 9))], range(3), types, syl) == ([1], "FC-E3")
    # equal totals: FIE-MME / CEM-BRA pairs (by_type: Nature FIE, Sport MME)
    assert word_pairs([0, 10, 20, 30], syl) == 2
    assert rank_players([[0, 10, 1], [0, 1, 2]], range(2), types, syl) == ([0], "FC-E3")
    # still tied: joint winners
    assert rank_players([[0, 10], [1, 11]], range(2), types, syl) == ([0, 1], "FC-E3")


def test_FC_E3_returns_and_winners_at_the_end():
    st = lab.play(load(players=3), "collector", seed=1)
    assert st.is_terminal() and st.winners()
    r = st.returns()
    assert all(r[p] == 1.0 for p in st.winners()) and sum(r) == len(st.winners())


# ----------------------------------------------------------------------------- open points
def test_AMB_FC_1_syllable_schemes():
    by_type = load().syllables
    cycle = load(syllables="cycle").syllables
    none = load(syllables="none").syllables
    assert by_type[0] == by_type[9] == 0 and by_type[10] == 1
    assert cycle[:5] == (0, 1, 2, 3, 0)
    assert set(none) == {-1}
    assert word_pairs([0, 10, 20, 30], by_type) == 2
    assert word_pairs([0, 10, 20, 30], none) == 0


def test_AMB_FC_2_between_rounds_tally_and_round_wins():
    agents = [{"name": "collector", "median_ms": 250}, {"name": "collector", "median_ms": 900},
              {"name": "collector", "median_ms": 900}]
    tally = lab.play(load(players=3, rounds=2), agents, seed=4)
    wins = lab.play(load(players=3, rounds=2, between_rounds="round_wins"), agents, seed=4)
    assert sum(tally.round_wins) == 0
    assert sum(wins.round_wins) >= 2 and wins.clause_counts().get("AMB-FC-2", 0) >= 2
    assert tally.winners() and wins.winners()


def test_AMB_FC_3_memory_proposal_pairs_from_a_grid():
    g = load(mode="memory_proposal", leftover_lodging="conquest")
    assert "PROPOSAL" in g.PARAMETERS[2].doc
    s = g.new_initial_state()
    deal(s, [(2, 1, 1, 0, 1), (0, 2, 1, 1, 1), (1, 0, 2, 1, 1), (1, 1, 0, 2, 1)])
    s = to_race(s)
    slap_all(s, [200, 300, 500, 400])
    assert s.phase_name() == "flip" and s.actor == 0
    s.apply_action(act("flip", 0))
    s.apply_action(act("draw", 4))  # nature
    s.apply_action(act("flip", 1))
    s.apply_action(act("draw", 15))  # sport: no pair, both stay, now known to all
    assert s.grid[0] == 4 and s.grid[1] == 15 and s.conquered[0] == []
    assert s.observation(2)["grid"][:2] == [4, 15]
    s.grid[2] = 5
    s.pool.remove(5)
    s.queue = [1]
    s.closers = [1]
    s._next_conqueror()
    s.apply_action(act("flip", 0))
    s.apply_action(act("flip", 2))
    assert sorted(s.conquered[1]) == [4, 5] and s.grid[0] == EMPTY == s.grid[2]


def test_AMB_FC_4_several_closers_fastest_or_each_shouting():
    for rule, expected in (("fastest", [0]), ("each_shouting", [0, 1])):
        s = fresh(several_closers=rule)
        s.hands = [[2, 1, 1, 1, 0], [0, 1, 1, 1, 2], [1, 1, 1, 0, 2], [1, 1, 1, 0, 2]]
        s.apply_actions({0: act("discard", 0), 1: act("discard", 4), 2: act("discard", 4),
                         3: act("discard", 4)})
        assert s.closers == [0, 1]
        assert s.clause_counts()["AMB-FC-4"] == 1
        slap_all(s, [200, 300, 500, 400])
        got = []
        while s.current_player() == CHANCE and s.phase_name() == "draw":
            card = next(c for c in s.pool if s.game.types[c] < 4)
            s.apply_action(act("draw", card))
            got = [p for p in range(4) if s.conquered[p]]
        assert got == expected


def test_INC_FC_3_lodging_in_conquest_deck_variant():
    seed = load(players=3)
    fixed = load(players=3, leftover_lodging="conquest")
    assert not any(seed.types[c] == C.LODGING for c in seed.conquest_ids)
    assert sum(fixed.types[c] == C.LODGING for c in fixed.conquest_ids) == 3
    assert len(fixed.conquest_ids) == 35


def test_FC_P4_pass_limit_voids_a_hand_and_redeals():
    s = fresh(pass_limit=5)
    s.hands = [[2, 1, 1, 1, 0] for _ in range(4)]  # nobody can complete: no lodging anywhere
    for _ in range(4):
        s.apply_actions({p: act("discard", 0) for p in range(4)})
    assert s.stats["voided_hands"] == 0 and s.phase_name() == "pass"
    s.apply_actions({p: act("discard", 0) for p in range(4)})
    assert s.stats["voided_hands"] == 1 and s.phase_name() == "deal" and s.hand_in_round == 1
    assert s.metrics()["voided_hands"] == 1.0
    assert any(e.kind == "hand_voided_pass_limit" and e.clause == "FC-P4" for e in s.events)


def test_illegal_actions_leave_the_state_unchanged():
    s = to_race(fresh())
    before = s.full_state()
    with pytest.raises(lab.IllegalAction):
        s.apply_actions({0: act("slap", 5, True), 1: act("slap", 0, False), 2: act("slap", 0, False),
                         3: act("slap", 0, False)})
    with pytest.raises(lab.IllegalAction):
        s.apply_action(Action("event_draw", ()))
    assert s.full_state() == before
    assert s.current_player() != TERMINAL


def test_FC_P2_malformed_discard_is_refused_with_a_reason():
    s = fresh()
    before = s.full_state()
    for bad in (Action("discard", (9,)), Action("discard", ("x",)), Action("discard", ())):
        # the codec names what is wrong at the boundary (exact types and domains, issue 20)
        with pytest.raises(lab.IllegalAction, match=r"discard takes one card type|type = .* is|takes 1 argument"):
            s.apply_actions({0: bad, 1: act("discard", 1), 2: act("discard", 2), 3: act("discard", 3)})
        assert s.describe_action(bad) == str(bad)
    assert s.full_state() == before


def test_FC_P6_reinsert_position_is_secret_with_random_middle():
    s = to_race(fresh(reinsert="random_middle"))
    event = s.game.conquest_ids[-1]
    slap_all(s, [200, 300, 500, 400])
    s.apply_action(act("draw", event))
    s.apply_action(act("event_draw"))
    s.apply_action(act("draw", 5))
    assert s.phase_name() == "insert"
    lo, hi = 1, len(s.deck) - 1
    assert [a.args[0] for a, _ in s.chance_outcomes()] == list(range(lo, hi + 1))
    s.apply_action(act("insert_at", 3))
    assert s.deck[3] == event
    assert not any(e.kind == "reinserted" for e in s.events_for(0))
    assert any(e.kind == "put_back_in_the_middle" for e in s.events_for(None))


# ----------------------------------------------------------------------------- races, passes and counts in detail
# seat 0 closes after one pass; with PASS_BOTH seat 1 closes too; HAND_SEAT1: only seat 1 closes
HAND = [(2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (0, 1, 1, 1, 2)]
PASS_ONE = {0: 0, 1: 1, 2: 4, 3: 4}
PASS_BOTH = {0: 0, 1: 0, 2: 4, 3: 4}
HAND_SEAT1 = [(0, 1, 1, 1, 2), (2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1)]
PASS_SEAT1 = {0: 4, 1: 0, 2: 4, 3: 1}
# nobody holds a complete hand, everybody holds a Sport: when all pass a Sport, no hand changes
NO_CLOSE = [(2, 1, 1, 1, 0), (2, 1, 1, 1, 0), (0, 1, 1, 1, 2), (0, 1, 1, 1, 2)]


def race_events(hand, discards, slaps, **params):
    """A fresh match: deal ``hand``, pass ``discards``, race ``slaps`` {seat: (ms, shout)}; the
    events of the pass and the race."""
    s = load(reinsert="bottom", **params).new_initial_state()
    deal(s, hand)
    start = len(s.events)
    s.apply_actions({p: act("discard", t) for p, t in discards.items()})
    s.apply_actions({p: act("slap", ms, shout) for p, (ms, shout) in slaps.items()})
    return s, [(e.clause, e.kind, dict(e.data)) for e in s.events[start:]]


def landed(events):
    return next(d["order"] for _, kind, d in events if kind == "hands_on_deck")


@pytest.mark.parametrize(("hand", "discards", "slaps", "order"), [
    # the first closer is the fastest closer, shout or not: the others react to seat 1's slap
    (HAND, PASS_BOTH, {0: (500, False), 1: (100, True), 2: (50, False), 3: (1000, False)}, [1, 2, 0, 3]),
    # a tie in absolute time: the closer lands first, then the seats nearer the first closer
    # going right (seat 2 before seat 3)
    (HAND, PASS_BOTH, {0: (300, False), 1: (100, True), 2: (200, False), 3: (200, False)}, [1, 0, 2, 3]),
    # seat 1 is the only closer; three players tie: seats 2, 3, then 0 (going right from seat 1)
    (HAND_SEAT1, PASS_SEAT1, {0: (100, False), 1: (100, True), 2: (100, False), 3: (100, False)}, [1, 2, 3, 0]),
])
def test_FC_P5_hand_order_first_closer_and_ties(hand, discards, slaps, order):
    _, events = race_events(hand, discards, slaps)
    assert landed(events) == order


@pytest.mark.parametrize(("rule", "slaps", "conquerors"), [
    ("fastest", {0: (100, True), 1: (200, True), 2: (300, False), 3: (400, False)}, [0]),
    ("each_shouting", {0: (100, True), 1: (200, True), 2: (300, False), 3: (400, False)}, [0, 1]),
    ("each_shouting", {0: (100, False), 1: (200, False), 2: (300, False), 3: (400, False)}, [1]),
])
def test_FC_P6_AMB_FC_4_second_hand_takes_is_logged_only_when_it_happens(rule, slaps, conquerors):
    """``second_hand_takes`` is the seed's rule for a first hand that did not shout (fastest);
    with each_shouting the conquerors are the closers who shouted (or the second hand)."""
    _, events = race_events(HAND, PASS_BOTH, slaps, several_closers=rule)
    assert ("AMB-FC-4", "several_closers", {"closers": [0, 1], "rule": rule}) in events
    p6 = [(kind, d) for clause, kind, d in events if clause == "FC-P6" and kind != "forgot_to_shout"]
    assert p6[0] == ("conquerors", {"players": conquerors})


def test_FC_P3_alternate_directions_are_logged_pass_by_pass_and_counted():
    s = load(pass_direction="alternate").new_initial_state()
    deal(s, NO_CLOSE)
    for _ in range(3):
        s.apply_actions({p: act("discard", 1) for p in range(4)})
    passed = [(e.data["number"], e.data["direction"]) for e in s.events if e.kind == "passed"]
    assert passed == [(1, "right"), (2, "left"), (3, "right")]
    assert s.full_state()["stats"]["passes"] == 3 and s.observation(0)["passes"] == 3


def test_FC_P4_every_voided_hand_is_logged_and_counted():
    s = load(pass_limit=5).new_initial_state()
    assert s.full_state()["stats"]["deals"] == 0
    s.apply_action(act("deal", C.COMPOSITION_INDEX[NO_CLOSE[0]]))
    assert s.full_state()["stats"]["deals"] == 1  # one deal of a hand: the time model's 20 s
    assert s.estimated_minutes() == pytest.approx(20 / 60)
    deal(s, NO_CLOSE[1:])
    for hand in range(2):
        if hand:
            deal(s, NO_CLOSE)
        for _ in range(5):
            s.apply_actions({p: act("discard", 1) for p in range(4)})
        assert s.events[-1].kind == "hand_voided_pass_limit"
        assert (s.events[-1].clause, dict(s.events[-1].data)) == ("FC-P4", {"passes": 5})
    assert s.metrics()["voided_hands"] == 2.0 and s.full_state()["stats"]["voided_hands"] == 2
    assert s.full_state()["stats"]["passes"] == 10 and s.full_state()["stats"]["deals"] == 2


def test_FC_P5_P6_P7_races_forgotten_shouts_and_void_penalties_add_up():
    s = load(reinsert="bottom").new_initial_state()
    for n in (1, 2):
        deal(s, HAND)
        s.apply_actions({p: act("discard", t) for p, t in PASS_ONE.items()})
        # seat 0 closes and forgets to shout both times; seat 3 is last with no card
        s.apply_actions({0: act("slap", 100, False), 1: act("slap", 200, False),
                         2: act("slap", 300, False), 3: act("slap", 400, False)})
        s.apply_action(act("draw", s.full_state()["pool"][0]))
        stats = s.full_state()["stats"]
        assert (stats["races"], stats["void_penalties"]) == (n, n)
    m = s.metrics()
    assert (m["forgot_shout"], m["void_penalties"], m["penalties"]) == (2.0, 2.0, 0.0)
    # the time model: 2 deals of the table (20 s each), 2 passes (3 s), 2 races (4 s)
    assert s.estimated_minutes() == pytest.approx((2 * 20 + 2 * 3 + 2 * 4) / 60)
