"""Memcel agents: perfect memory, human-like memory, and what memory buys (MC-3, MC-1.1)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import lab
from lab.agents.catalogue import make_agent
from lab.games.memcel.agents import MemoryAgent, PerfectAgent


def seat_wins(game, line_up, n_games, seed0=0):
    """Play ``n_games`` rotating ``line_up`` round the seats; wins and games per line-up index."""
    n = len(line_up)
    wins = np.zeros(n)
    for g in range(n_games):
        rot = g % n
        seats = line_up[rot:] + line_up[:rot]
        st = lab.play(game, seats, seed=seed0 + g)
        for w in st.winners():
            wins[(w + rot) % n] += 1
    return wins


def two_proportion_z(w1, w2, n):
    p1, p2 = w1 / n, w2 / n
    p = (w1 + w2) / (2 * n)
    se = math.sqrt(max(p * (1 - p) * 2 / n, 1e-12))
    return (p2 - p1) / se


def test_MC_3_agents_are_offered_and_rebuilt_from_their_specs():
    game = lab.load("memcel")
    assert set(type(game).agent_factories()) == {"perfect", "memory"}
    agent = make_agent(game, {"name": "memory", "capacity": 3, "placement": "scattered"})
    assert isinstance(agent, MemoryAgent)
    assert agent.spec()["capacity"] == 3 and agent.spec()["name"] == "memory"
    assert isinstance(make_agent(game, "perfect"), PerfectAgent)
    with pytest.raises(lab.InvalidAgent, match="capacity"):
        make_agent(game, {"name": "memory", "capacity": -1})
    with pytest.raises(lab.InvalidAgent, match="placement"):
        make_agent(game, {"name": "memory", "placement": "diagonal"})
    with pytest.raises(lab.InvalidAgent, match="forget"):
        make_agent(game, {"name": "memory", "forget": 2})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_MC_2_1_2_0_perfect_agent_never_reveals_a_wrong_tile(players):
    """It tracks every ring turn, board turn and swap from its observations alone."""
    game = lab.load("memcel", players=players)
    for seed in range(6):
        st = lab.play(game, "perfect", seed=seed)
        misses = [e for e in st.events if e.kind in ("miss", "imprevisto_revealed")]
        assert misses == []
        assert st.winners() != []


def test_MC_2_1_2_perfect_agent_tracks_turns_on_unequal_and_fixed_rings():
    for layout in (
        [{"colour": "red", "sectors": 12}, {"colour": "green", "sectors": 16},
         {"colour": "blue", "sectors": 20}],
        [{"colour": "board", "sectors": 12, "fixed": True}, {"colour": "red", "sectors": 12},
         {"colour": "green", "sectors": 12}, {"colour": "blue", "sectors": 12}],
    ):
        game = lab.load("memcel", players=3, ring_layout=layout, board_turn_degrees=45)
        for seed in range(4):
            st = lab.play(game, "perfect", seed=seed)
            assert not [e for e in st.events if e.kind in ("miss", "imprevisto_revealed")]


def test_MC_1_1_clustered_placement_puts_own_tiles_in_runs():
    game = lab.load("memcel", players=2)
    st = lab.play(game, [{"name": "memory", "placement": "clustered"},
                         {"name": "memory", "placement": "scattered"}], seed=4)
    def adjacent_pairs(p):
        slots = [e.data["slot"] for e in st.events
                 if e.kind == "place" and e.data["player"] == p and e.clause == "MC-1.1"]
        return sum(1 for a, b in zip(slots, slots[1:], strict=False) if abs(a - b) == 1)
    assert adjacent_pairs(0) >= 6
    assert adjacent_pairs(1) <= 2


def test_MC_3_perfect_memory_beats_human_like_memory():
    game = lab.load("memcel", players=2)
    n = 200  # perfect memory wins about two games in three; 60 games left p near 0.001
    wins = seat_wins(game, ["perfect", "memory"], n)
    # one-sided binomial test of "perfect wins more than half"
    k = int(wins[0])
    p_value = sum(math.comb(n, i) for i in range(k, n + 1)) / 2**n
    assert k > n / 2 and p_value < 0.001, (wins, p_value)


@pytest.mark.slow  # a statistical run of hundreds of games: make test-slow
def test_MC_3_win_rate_rises_with_memory_capacity():
    """Three human-like players differing only in capacity (scattered tiles), seats rotated."""
    game = lab.load("memcel", players=3)
    caps = [2, 8, 16]
    n = 90
    line_up = [{"name": "memory", "capacity": c, "placement": "scattered"} for c in caps]
    wins = seat_wins(game, line_up, n)
    rates = wins / n
    assert rates[0] <= rates[1] <= rates[2], rates
    # Cochran-Armitage trend test over (capacity, win) in the games played
    x = np.array(caps, dtype=float)
    total = wins.sum() / (3 * n)
    num = float(np.sum(x * (wins - n * total)))
    var = total * (1 - total) * (n * np.sum(x**2) - n * n * np.sum(x) ** 2 / (3 * n))
    z = num / math.sqrt(var)
    assert z > 3.0, (wins, z)
    assert two_proportion_z(wins[0], wins[2], n) > 3.0


def test_MC_1_1_clustered_tiles_are_easier_to_remember_than_scattered():
    game = lab.load("memcel", players=2)
    line_up = [{"name": "memory", "capacity": 4, "placement": "clustered"},
               {"name": "memory", "capacity": 4, "placement": "scattered"}]
    n = 40
    wins = seat_wins(game, line_up, n)
    assert two_proportion_z(wins[1], wins[0], n) > 3.0, wins


def _agent_with_memories(game, chunks, face_up):
    agent = MemoryAgent()
    agent.reset(game, 0)
    st = game.new_initial_state()
    obs = st.observation(0)
    rng = np.random.default_rng(0)
    agent._read(obs, rng)
    for slots, conf in chunks:
        agent._new_chunk(slots, rng, conf=conf)
    slots = ["down"] * 48
    for s in range(38, 38 + face_up):
        slots[s] = "red"
    return agent, dict(obs, slots=slots, own_face_up=[face_up, 0])


def test_MC_2_1_1_memory_agent_declares_x_by_expected_value():
    game = lab.load("memcel", players=2)
    agent, obs = _agent_with_memories(game, [([0, 1], 1.0), ([20], 0.8), ([30], 0.8)], face_up=5)
    xs = range(1, 8)
    assert agent._best_x(obs, xs)[0] == 2  # the sure tiles: a doubtful one risks the 5 face up
    agent.risk = 1.0  # costs ignored: it declares the doubtful memories too
    assert agent._best_x(obs, xs)[0] == 4
    agent.risk = 0.0  # never risks a cost
    assert agent._best_x(obs, xs)[0] == 2


def test_MC_2_1_2_2_memory_agent_reads_the_variants_penalty():
    """Sure of 2 tiles, 2 doubtful: risking y = 2 lost turns only pays without the penalty."""
    plain = lab.load("memcel", players=2, cover_scope="turn")
    free = plain.with_rules({"MC-2.1.2.2": lambda x, found: 0})
    chunks = [([0, 1], 1.0), ([20], 0.8), ([30], 0.8)]
    agent, obs = _agent_with_memories(plain, chunks, face_up=0)
    cautious = agent._best_x(obs, range(1, 8))[0]
    agent, obs = _agent_with_memories(free, chunks, face_up=0)
    bold = agent._best_x(obs, range(1, 8))[0]
    assert cautious < bold


def test_MC_2_2_memory_agent_defends_when_an_attack_is_worth_nothing():
    game = lab.load("memcel", players=2)
    agent, obs = _agent_with_memories(game, [], face_up=9)  # one tile lost, nine to lose
    assert agent._attack_worth(obs) < 0
    legal = [lab.act("attack"), lab.act("defend", "skip"), lab.act("defend", "complication"),
             lab.act("defend", "card")]
    assert agent._choose_declare(obs, legal) == lab.act("defend", "card")
    assert agent._choose_declare(obs, legal[:1]) == lab.act("attack")  # MC-2.2.1: no defence twice
    agent, obs = _agent_with_memories(game, [([0, 1, 2], 1.0)], face_up=0)
    assert agent._attack_worth(obs) > 0 and agent._choose_declare(obs, legal) == lab.act("attack")


def test_MC_2_1_2_memory_agent_works_from_observations_only():
    """The agent's inputs are the observation dicts; replaying them gives the same choices."""
    game = lab.load("memcel", players=2)
    seen = []

    class Spy(MemoryAgent):
        def step(self, observation, legal_actions, rng):
            seen.append(observation)
            return super().step(observation, legal_actions, rng)

    st = lab.play(game, [Spy(), "random"], seed=2)
    assert st.is_terminal() and seen
    assert all("tiles" not in o and "queue" not in o for o in seen)
