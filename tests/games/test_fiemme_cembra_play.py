"""Fiemme–Cembra: conformance for 3-6 players, agents, rendering, measures, seats graph."""

from __future__ import annotations

import re

import numpy as np
import pytest

import lab
from lab.boards.seats import pass_schedule, pass_targets, seats_graph
from lab.checks.conformance import check_game, conformance_variants
from lab.core.actions import act
from lab.games.fiemme_cembra import FiemmeCembraGame
from lab.games.fiemme_cembra.agents import CollectorAgent, ReflexAgent


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance_each_player_count(players):
    # random players rarely finish a round under the per-hand FC-P7: a short safety bound
    report = check_game(lab.load("fiemme_cembra", players=players, hand_limit=40), n_games=1, seed=players)
    assert report.games == 1 and report.steps > 100
    assert report.clause_counts["FC-S3"] >= players and report.clause_counts["FC-P5"] >= 1


@pytest.mark.parametrize("variant", conformance_variants(FiemmeCembraGame)[1:], ids=lambda v: next(iter(v)))
def test_conformance_every_variant_short_rounds(variant):
    params = {"hand_limit": 8, **variant}
    report = check_game(lab.load("fiemme_cembra", **params), n_games=1, seed=11)
    assert report.games == 1


@pytest.mark.parametrize("agent", ["collector", "blocker", "random_rt"])
@pytest.mark.parametrize("mode", ["speed", "memory_proposal"])
def test_conformance_with_the_game_agents(agent, mode):
    game = lab.load("fiemme_cembra", hand_limit=10, mode=mode, leftover_lodging="conquest")
    assert check_game(game, n_games=1, seed=2, agents=agent).games == 1


def test_same_seed_same_game_and_json_round_trip():
    g = lab.load("fiemme_cembra", players=5)
    a = lab.play(g, "collector", seed=9)
    b = lab.play(g, "collector", seed=9)
    assert a == b and a.state_hash() == b.state_hash()
    assert lab.state_from_json(a.to_json()) == a


def test_reaction_model_lognormal_median_and_forgetting():
    agent = ReflexAgent(median_ms=400, sigma=0.3, forget_shout=0.25)
    rng = np.random.default_rng(0)
    times = [agent.reaction_ms(rng) for _ in range(4000)]
    assert all(t % 10 == 0 and 0 <= t <= 3000 for t in times)
    assert 370 <= float(np.median(times)) <= 430
    closer_legal = lab.load("fiemme_cembra").slaps_closer
    shouts = [agent.slap(closer_legal, rng).args[1] for _ in range(4000)]
    assert 0.2 < 1 - np.mean(shouts) < 0.3
    with pytest.raises(lab.InvalidAgent):
        lab.agents.catalogue.make_agent(lab.load("fiemme_cembra"), {"name": "collector", "median_ms": -1})


def test_faster_players_win_more():
    g = lab.load("fiemme_cembra", players=3)
    agents = [{"name": "collector", "median_ms": m} for m in (250, 500, 1000)]
    wins = np.zeros(3)
    for seed in range(30):
        for w in lab.play(g, agents, seed=seed).winners():
            wins[w] += 1
    assert wins[0] > wins[2]


def test_collector_passes_duplicates_and_blocker_avoids_feeding():
    g = lab.load("fiemme_cembra")
    c = CollectorAgent()
    c.reset(g, 0)
    rng = np.random.default_rng(1)
    obs = {"phase": "pass", "my_hand": [1, 1, 3, 0, 0], "my_passes": [], "my_receipts": []}
    legal = [act("discard", t) for t in (0, 1, 2)]
    assert c.step(obs, legal, rng) == act("discard", 2)
    b = lab.agents.catalogue.make_agent(g, "blocker")
    b.reset(g, 0)
    obs = {"phase": "pass", "my_hand": [2, 2, 1, 0, 0], "my_passes": [0, 0, 0], "my_receipts": [1]}
    legal = [act("discard", t) for t in (0, 1, 2)]
    assert b.step(obs, legal, rng) == act("discard", 1)  # the neighbour keeps what it is fed: nature


def test_render_shows_own_hand_never_others_or_deck_order():
    g = lab.load("fiemme_cembra")
    st = g.new_initial_state()
    hands = [(2, 1, 1, 0, 1), (0, 2, 1, 1, 1), (1, 0, 2, 1, 1), (1, 1, 0, 2, 1)]
    from lab.games.fiemme_cembra import components as C

    for h in hands:
        st.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    svg0 = st.render_svg(0)
    svg_none = st.render_svg(None)
    assert set(re.findall(r'data-target="(hand-\d)"', svg0)) == {"hand-0", "hand-1", "hand-2", "hand-4"}
    assert "your hand" not in svg_none and "hand-" not in svg_none
    assert 'data-target="deck"' in svg0
    assert set(st.action_targets(0)) == {"hand-0", "hand-1", "hand-2", "hand-4"}
    # hidden information: the observation has the own hand only, and no deck order
    obs = st.observation(1)
    assert obs["my_hand"] == [0, 2, 1, 1, 1] and "hands" not in obs and "deck" not in obs and "pool" not in obs
    assert "my_hand" not in st.observation(None)


def test_slap_targets_for_the_widget():
    g = lab.load("fiemme_cembra", players=3)
    st = lab.play(g, "collector", seed=0)
    assert st.is_terminal()
    st2 = g.new_initial_state()
    seen = False
    rng = np.random.default_rng(0)
    while not st2.is_terminal() and not seen:
        if st2.is_chance_node():
            outs = st2.chance_outcomes()
            st2.apply_action(outs[int(rng.integers(len(outs)))][0])
        elif st2.is_simultaneous_node():
            if st2.phase_name() == "slap":
                targets = st2.action_targets(1)
                assert list(targets) == ["deck"] and act("slap", 420, False) in targets["deck"]
                seen = True
            st2.apply_actions({p: st2.legal_actions(p)[0] for p in st2.acting_players()})
        else:
            st2.apply_action(st2.legal_actions()[0])
    assert seen


def test_metrics_progress_minutes_and_board():
    g = lab.load("fiemme_cembra")
    st = lab.play(g, [{"name": "collector", "median_ms": 300 + 150 * i} for i in range(4)], seed=5)
    m = st.metrics()
    for key in ("hands_per_round", "passes_per_hand", "penalties", "void_penalties", "forgot_shout",
                "events_played", "minutes_per_round", "conquered_0", "penalties_3"):
        assert key in m
    assert m["hands_per_round"] >= 20
    assert st.progress() == [float(x) for x in st.total_conquered()]
    assert st.estimated_minutes() == pytest.approx(m["minutes_per_round"])
    board = g.board(st)
    assert board.number_of_nodes() == 4 and board.nodes[("seat", 0)]["conquered"] == len(st.conquered[0])
    df = lab.simulate(g, n_games=4, agents="collector", seed=1)
    assert "hands_per_round" in df and "minutes" in df


def test_seats_graph_directions():
    g = seats_graph(4)
    assert sorted(g.edges) == [(("seat", i), ("seat", (i + 1) % 4)) for i in range(4)]
    assert all(d == "right" for _, _, d in g.edges(data="direction"))
    assert pass_targets(seats_graph(4, "left")) == {"left": (3, 0, 1, 2)}
    alt = seats_graph(3, direction="alternate")
    assert pass_targets(alt) == {"right": (1, 2, 0), "left": (2, 0, 1)}
    assert pass_schedule("alternate") == ("right", "left")
    assert "pos" in g.nodes[("seat", 0)]
    with pytest.raises(ValueError, match="direction"):
        seats_graph(4, "up")
    with pytest.raises(ValueError, match="players"):
        seats_graph(1)


def test_invalid_parameters_are_refused():
    with pytest.raises(lab.InvalidVariant, match="players"):
        lab.load("fiemme_cembra", players=7)
    with pytest.raises(lab.InvalidVariant, match="mode"):
        lab.load("fiemme_cembra", mode="memory")


def test_FC_E1_a_match_cut_by_hand_limit_stays_unfinished_in_its_clones_and_their_boards() -> None:
    """A clone of a match stopped by the safety bound ``hand_limit`` used to forget the limit and
    call itself 'a draw' (the spectator's board changed with the hidden hands' twin)."""
    final = lab.play(lab.load("fiemme_cembra", hand_limit=20), "random", seed=0)
    assert final.is_terminal() and final.stopped_by == "hand_limit=20"
    rng = np.random.default_rng(0)
    for copy in (final.clone(), final.resample_hidden(0, rng), lab.replay(final.game, final.history())):
        assert copy.stopped_by == "hand_limit=20" and copy.unfinished and copy.winners() == []
        header = re.sub(r"<[^>]+>", " ", copy.render_svg(None))
        assert "unfinished: stopped by the safety limit hand_limit=20" in header and "a draw" not in header
