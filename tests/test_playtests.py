"""Playtest records (#19): games played in the widgets, read back as a simulate-like table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_widgets_kit import click_until

import lab
from lab.sim.simulate import BASE_COLUMNS
from lab.stats.compare import compare_frames
from widgets import Play


def play_to_end(play: Play) -> None:
    click_until(play.board, lambda b: b.finished)
    assert play.board.finished, play.board.status


@pytest.fixture
def log(tmp_path: Path) -> Path:
    return tmp_path / "playtests" / "log.jsonl"


def test_a_game_played_in_play_is_logged_with_seats_variant_timings_and_a_server_side_save(log: Path) -> None:
    play = Play(lab.load("memm", players=2), humans=[0], agents={1: "random"}, seed=3, pace=0, playtest_log=log)
    play_to_end(play)
    lines = log.read_text().splitlines()
    assert len(lines) == 1
    rec = json.loads(lines[0])
    assert rec["format"] == "rules-lab/playtest" and rec["game"] == "memm" and rec["finished"]
    assert rec["params"]["players"] == 2 and rec["seed"] == 3
    assert rec["seats"][0] == "human" and rec["seats"][1]["name"] == "random" and rec["humans"] == [0]
    assert rec["decisions"] and all(d["seat"] == 0 and d["seconds"] >= 0 for d in rec["decisions"])
    assert "returns" not in rec["result"] and rec["result"]
    save = log.parent / rec["save"]
    assert lab.state_from_json(save.read_text()).state_hash() == play.state.state_hash()
    assert "save" not in str(play.board.get_state())  # the save never reaches the browser


def test_playtests_load_as_a_simulate_table_and_compare_with_agents_on_the_same_seeds(log: Path) -> None:
    for seed in (1, 2):
        play = Play(lab.load("memm", players=2), humans=[0], agents={1: "random"}, seed=seed, pace=0,
                    playtest_log=log)
        play_to_end(play)
    df = lab.playtests(log)
    assert len(df) == 2 and list(df["seed"]) == [1, 2]
    assert set(BASE_COLUMNS) <= set(df.columns)
    assert set(df["agents"]) == {"human|random"}
    sim = lab.simulate(lab.load("memm", players=2), None, 2)
    assert {c for c in sim.columns if not c.startswith("n[")} == {c for c in df.columns if not c.startswith("n[")}
    assert [r["decisions"] for r in df.attrs["playtests"]] and "save" not in df.attrs["playtests"][0]
    twin = lab.simulated_twin(df, "random")
    table = compare_frames(twin, df, "random", "human")
    assert "length_actions" in set(table["metric"])


def test_an_abandoned_game_is_logged_unfinished_and_left_out_by_default(log: Path) -> None:
    play = Play("memcel", humans=[0], agents={1: "random", 2: "random", 3: "random"}, seed=3, pace=0,
                playtest_log=log)
    play.board.click(play.board.targets[-1])  # one placement
    play.new_game(seed=4)
    rec = json.loads(log.read_text().splitlines()[0])
    assert not rec["finished"] and rec["result"].startswith("unfinished")
    assert len(lab.playtests(log)) == 0 and len(lab.playtests(log, finished_only=False)) == 1


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("not json", "not JSON"),
        ('{"format": "other"}', "not a playtest record"),
        ('{"format": "rules-lab/playtest", "game": "memm"}', "needs game, params"),
        ('{"format": "rules-lab/playtest", "game": "memm", "params": {}, "seed": 1, "seats": [], '
         '"finished": true, "save": "../../etc/passwd"}', "outside"),
    ],
)
def test_a_bad_playtest_log_is_refused_with_the_line(tmp_path: Path, line: str, expected: str) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text(line + "\n")
    with pytest.raises(lab.InvalidSave, match=expected):
        lab.playtests(path)
