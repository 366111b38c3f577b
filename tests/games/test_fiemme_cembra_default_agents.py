"""A run that names no agents gets players whose games finish (issue #36, defect 11).

Fiemme–Cembra's random players' matches run to tens of thousands of actions, many of them
stopped unfinished by ``hand_limit``, so the game names its default agent, ``"collector"``: ``agents=None`` in
``lab.play``, ``simulate`` and ``compare`` plays collectors, whose matches end. Random players
stay one word away (``agents="random"``), and the conformance checker keeps playing random games
(they explore what a strategy avoids). (In ``tests/games/``: the real ``hand_limit``, not the
generic tests' lowered one.)
"""

from __future__ import annotations

import pytest

import lab
from lab.agents import RandomAgent
from lab.agents.catalogue import make_agents
from lab.checks import conformance
from lab.games.fiemme_cembra.agents import CollectorAgent


def test_fiemme_cembra_tables_with_no_agents_named_are_finished_collector_matches() -> None:
    df = lab.simulate(lab.load("fiemme_cembra"), n_games=3, seed=0, progress=False)
    assert set(df["agents"].str.split("|").explode().str.split("(").str[0]) == {"collector"}
    assert not df["unfinished"].any() and (df["stopped_by"] == "").all()  # the real hand_limit, 3000


def test_fiemme_cembra_random_players_are_still_one_word_away() -> None:
    game = lab.load("fiemme_cembra", players=3)
    assert all(isinstance(a, CollectorAgent) for a in make_agents(game, None))
    assert all(type(a) is RandomAgent for a in make_agents(game, "random"))


@pytest.mark.parametrize("name", ["memm", "space_station"])
def test_games_that_name_no_default_agents_get_random_players(name: str) -> None:
    game = lab.load(name)
    assert type(game).default_agents is None
    assert all(type(a) is RandomAgent for a in make_agents(game, None))


def test_memcel_names_its_memory_players_and_random_stays_one_word_away() -> None:
    game = lab.load("memcel", players=3)
    assert type(game).default_agents == "memory"
    assert all(type(a).__name__ == "MemoryAgent" for a in make_agents(game, None))
    assert all(type(a) is RandomAgent for a in make_agents(game, "random"))


def test_the_conformance_checker_plays_random_games_whatever_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[object] = []
    real = conformance.make_agents

    def spy(game: lab.Game, agents: object) -> list:
        asked.append(agents)
        return real(game, agents)

    monkeypatch.setattr(conformance, "make_agents", spy)
    conformance.check_game(lab.load("fiemme_cembra", players=3, hand_limit=5), n_games=1)
    assert asked == ["random"]
