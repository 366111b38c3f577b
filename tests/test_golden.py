"""Golden game records: every stored record replays to the identical steps and final hash.

The records live in ``tests/golden/<game>.json`` and are written by ``make golden``
(:mod:`tests.tools.make_golden`). A rule change that alters a record must bump the game's
``rules_version`` and regenerate them on purpose; these tests say so when they fail.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import lab
from lab.checks.conformance import conformance_variants
from tests.tools import make_golden as mg
from tests.tools.toy_game import registered_toy


def _corpus(name: str) -> dict:
    path = mg.golden_path(name)
    if not path.exists():
        pytest.fail(f"no golden records for {name}: run `make golden` and commit {path.name}")
    return mg.load_corpus(name)


def test_golden_corpus_is_under_the_current_rules_version(game_name: str) -> None:
    mg.check_header(_corpus(game_name), game_name)


REPLAYED: dict[str, int] = {}


@pytest.fixture(autouse=True, scope="module")
def _print_figures() -> Iterator[None]:
    """Print the figures of this module at its end (shown with ``pytest -s``)."""
    yield
    print(f"\ngolden records replayed (steps): {REPLAYED}")


def test_golden_records_replay_identically(game_name: str) -> None:
    corpus = _corpus(game_name)
    mg.check_header(corpus, game_name)
    assert corpus["records"], "a corpus holds at least one record"
    cls = lab.game_class(game_name)
    for record in corpus["records"]:
        try:
            mg.check_record(lab.load(game_name, **record["params"]), record)
        except AssertionError as exc:
            hint = (
                f"if this rule change is intended, bump {cls.__name__}.rules_version (saved games "
                f"carry it) and run `make golden`; otherwise the change broke determinism"
            )
            raise AssertionError(f"{exc}\n{hint}") from None
    REPLAYED[game_name] = len(corpus["records"])
    REPLAYED[f"{game_name} steps"] = sum(r["length"] for r in corpus["records"])


def test_golden_corpus_covers_every_player_count_and_parameter_choice(game_name: str) -> None:
    corpus = _corpus(game_name)
    random_params = [r["params"] for r in corpus["records"] if all(a == {"name": "random"} for a in r["agents"])]
    for variant in conformance_variants(lab.game_class(game_name)):
        full = lab.load(game_name, **mg.bounded(game_name, variant)).params_to_dict()
        assert full in random_params, f"no golden record of {game_name} with {variant}: run `make golden`"


def test_golden_files_are_small(game_name: str) -> None:
    assert mg.golden_path(game_name).stat().st_size < 600_000


# ------------------------------------------------------------------ the checks can fail (toy game)
@pytest.fixture
def toy_corpus() -> Iterator[dict]:
    with registered_toy():
        yield json.loads(mg.dump_corpus(mg.build_corpus("toy")))


def test_a_record_under_another_rules_version_asks_for_make_golden(toy_corpus: dict) -> None:
    with registered_toy():
        mg.check_header(toy_corpus, "toy")
        toy_corpus["rules_version"] += 1
        with pytest.raises(AssertionError, match=r"rules version 2.*run `make golden`"):
            mg.check_header(toy_corpus, "toy")


@pytest.mark.parametrize("tamper", ["hash", "count", "action", "returns", "seed"])
def test_a_changed_record_is_caught(toy_corpus: dict, tamper: str) -> None:
    with registered_toy():
        record = toy_corpus["records"][0]
        game = lab.load("toy", **record["params"])
        mg.check_record(game, record)
        if tamper == "hash":
            record["final_hash"] = "0" * 64
        elif tamper == "count":
            record["legal_counts"][0] += 1
        elif tamper == "action":
            other = [a.to_json() for a in game.new_initial_state().legal_actions() if a.to_json() != record["history"][0][1]]
            record["history"][0] = [record["history"][0][0], other[0]]
        elif tamper == "returns":
            record["returns"] = [-r for r in record["returns"]]
        else:
            record["seed"] += 1
        with pytest.raises(AssertionError):
            mg.check_record(game, record)
