"""Determinism: the same seed gives the same game in another process (another hash seed),
with one or two worker processes, and after a save/load in the middle; planted
nondeterminism (a shuffled or set-ordered legal-action list) is caught."""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

import pandas as pd
import pytest

import lab
from lab.checks.conformance import check_game
from tests.tools import make_golden as mg
from tests.tools import patience
from tests.tools.fingerprint import fingerprints, play_with_reload
from tests.tools.plant import plant

ROOT = Path(__file__).resolve().parent.parent


def _fingerprints_in_subprocess(name: str, hash_seed: str, *extra: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    out = patience.run([sys.executable, "-m", "tests.tools.fingerprint", name, *extra], cpu=300, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout)


def test_records_are_identical_across_runs_and_hash_seeds(game_name: str) -> None:
    here = fingerprints(game_name)
    assert _fingerprints_in_subprocess(game_name, "1") == here
    assert _fingerprints_in_subprocess(game_name, "4242") == here


def test_simulate_gives_the_same_table_with_one_or_two_workers(game_name: str) -> None:
    game = lab.load(game_name)
    one = lab.simulate(game, n_games=8, seed=5, workers=1)
    two = lab.simulate(game, n_games=8, seed=5, workers=2, chunk_size=3)
    pd.testing.assert_frame_equal(one, two)
    assert one.attrs["record"] == two.attrs["record"]


@pytest.mark.parametrize("where", [0.25, 0.5, 0.9])
def test_a_save_and_load_in_the_middle_changes_nothing(game_name: str, where: float) -> None:
    cases = mg.golden_cases(game_name)
    own_agents = [c for c in cases if c[1] is not None]
    for variant, agents in cases[:2] + own_agents[:1]:
        game = lab.load(game_name, **variant)
        for seed in (3, 4):
            straight = lab.play(game, agents, seed=seed)
            reload_at = int(len(straight.history()) * where)
            reloaded = play_with_reload(game, agents, seed, reload_at)
            assert reloaded.history() == straight.history(), (variant, seed, reload_at)
            assert reloaded.state_hash() == straight.state_hash()
            assert reloaded.returns() == straight.returns()


# ------------------------------------------------------------------ planted nondeterminism
def _has_choices(name: str) -> bool:
    state = lab.play(lab.load(name), seed=0)
    replay = lab.load(name).new_initial_state()
    for item in state.history():
        if replay.current_player() >= 0 and len(replay.legal_actions()) > 1:
            return True
        mg.apply_entry(replay, item.to_json())
    return False


def test_shuffled_legal_actions_are_caught(game_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if not _has_choices(game_name):
        pytest.skip(f"{game_name}: no decision with two or more legal actions")
    game = lab.load(game_name)
    corpus = mg.load_corpus(game_name) if mg.golden_path(game_name).exists() else mg.build_corpus(game_name)
    honest = type(game.new_initial_state())._legal_actions
    unseeded = random.Random()

    def shuffled(self, player):  # type: ignore[no-untyped-def]
        actions = list(honest(self, player))
        unseeded.shuffle(actions)
        return actions

    plant(monkeypatch, game, _legal_actions=shuffled)
    # caught as nondeterminism, as legal actions that change between two calls (the aliasing
    # check asks twice), or as codes that no longer round-trip: each is the planted bug
    with pytest.raises(lab.ConformanceError, match=r"nondeterminism|legal_actions\(|does not round-trip"):
        check_game(game, n_games=5, seed=1)
    with pytest.raises(AssertionError, match="different game|legal"):
        for record in corpus["records"]:
            mg.check_record(lab.load(game_name, **record["params"]), record)


def test_set_ordered_legal_actions_are_caught_across_hash_seeds(game_name: str) -> None:
    if not _has_choices(game_name):
        pytest.skip(f"{game_name}: no decision with two or more legal actions")
    a = _fingerprints_in_subprocess(game_name, "1", "--plant-set-order")
    b = _fingerprints_in_subprocess(game_name, "4242", "--plant-set-order")
    assert a != b, "iterating a set of actions under two hash seeds should change some game"
