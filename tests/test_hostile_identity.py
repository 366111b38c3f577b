"""A house rule's identity is its behaviour; a kit game's definition is named by a digest
(issue 40 item 2).

Two lambdas on one line shared a source hash, so a save made with ``lambda n: 0.5`` loaded
with ``lambda n: 5.0`` and replayed to other returns; a rule reading a global kept its hash when
the global changed; a kit game changed under the same name reloaded and reran without a word.
Now saves and run records hold digests of the code and of the values it reads
(:mod:`lab.core.identity`), and a file is replayed only under a rule or definition that is
provably the same.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import lab
from lab.core.rulepoints import source_hash
from lab.kit.examples import bid, goof_after, goof_end, goof_setup
from tests.tools.hostile import refusals

COUNTS, ACCEPTED, _count, _print_counts = refusals("identity cases")


POINT = "MM-5:bonus"
half, five = (lambda n_players: 0.5), (lambda n_players: 5.0)  # two lambdas on one line
BONUS = 0.5
TABLE = np.array([0.5, 1.0])


def reads_global(n_players: int) -> float:
    return BONUS


def reads_array(n_players: int) -> float:
    return float(TABLE[0])


def make_bonus(k: float) -> Any:
    def bonus(n_players: int) -> float:
        return k

    return bonus


def self_contained(n_players: int) -> float:
    return 0.5


def _finished(rule: Any, seed_limit: int = 40) -> lab.State:
    game = lab.load("memm", players=3, rules={POINT: rule})
    return next(s for s in (lab.play(game, seed=k) for k in range(seed_limit)) if s.winners())


# ====================================================================== house rules in saves
def test_two_lambdas_on_one_line_are_two_rules() -> None:
    """The issue's reproduction: the source hash of both is the line; the digests differ."""
    assert source_hash(half) == source_hash(five)
    state = _finished(half)
    text = state.to_json()
    assert lab.state_from_json(text, rules={POINT: half}) == state
    with pytest.raises(lab.InvalidSave, match="differs from the one the game was played with"):
        lab.state_from_json(text, rules={POINT: five})
    _count("lambdas on one line")


def test_a_rule_whose_global_changed_is_another_rule() -> None:
    global BONUS
    state = _finished(reads_global)
    text = state.to_json()
    try:
        BONUS = 5.0
        with pytest.raises(lab.InvalidSave, match="a global or closure variable it reads has another value"):
            lab.state_from_json(text, rules={POINT: reads_global})
        _count("global changed")
        with pytest.raises(lab.InvalidSave, match="changed since it was installed"):
            state.to_json()  # the game installed BONUS = 0.5: no file can name the rule that played
        _count("global changed")
    finally:
        BONUS = 0.5
    assert lab.state_from_json(text, rules={POINT: reads_global}) == state


def test_closures_over_other_values_are_other_rules() -> None:
    state = _finished(make_bonus(0.5))
    text = state.to_json()
    assert lab.state_from_json(text, rules={POINT: make_bonus(0.5)}) == state  # another object, same rule
    with pytest.raises(lab.InvalidSave, match="differs"):
        lab.state_from_json(text, rules={POINT: make_bonus(5.0)})
    _count("closure")


def test_a_rule_whose_identity_cannot_be_established_is_never_certified() -> None:
    state = _finished(reads_array)
    data = json.loads(state.to_json())
    assert "numpy" in data["house_rules"][POINT]["doubt"]
    with pytest.raises(lab.InvalidSave, match="could not be established"):
        lab.state_from_json(json.dumps(data), rules={POINT: reads_array})
    del data["house_rules"][POINT]["doubt"]  # a tampered file: the rule itself still cannot be proven
    with pytest.raises(lab.InvalidSave, match="cannot be established"):
        lab.state_from_json(json.dumps(data), rules={POINT: reads_array})
    _count("doubt")
    _count("doubt")


def test_saves_made_before_digests_are_read_only_when_the_source_decides() -> None:
    """Compatibility: a save holding a source hash (before digests) is replayed when the source
    text alone decides the function (one function in it, no data read beyond it); else it is
    refused, saying why."""
    for rule, ok, words in [
        (self_contained, True, ""),
        (reads_global, False, "reads globals"),
        (half, False, "holds 2 functions"),
        (make_bonus(0.5), False, "reads globals, closure variables"),
    ]:
        state = _finished(rule)
        data = json.loads(state.to_json())
        data["house_rules"][POINT] = {"function": getattr(rule, "__name__", "rule"), "hash": source_hash(rule)}
        old = json.dumps(data)
        if ok:
            assert lab.state_from_json(old, rules={POINT: rule}) == state
            ACCEPTED["an older save of a self-contained house rule"] = "its source hash still decides what it does"
        else:
            with pytest.raises(lab.InvalidSave, match=words):
                lab.state_from_json(old, rules={POINT: rule})
            _count("older saves")


def test_run_records_refuse_another_rule_too() -> None:
    game = lab.load("memm", players=3, rules={POINT: half})
    df = lab.simulate(game, n_games=3, seed=1)
    assert df.attrs["record"]["house_rules"][POINT]["hash"].startswith("code-")
    assert lab.rerun(df, rules={POINT: half}).equals(df)
    for rules, words in [({POINT: five}, "differs"), (None, "was played with house rule")]:
        with pytest.raises(lab.InvalidRecord, match=words):
            lab.rerun(df, rules=rules)
        _count("run records")


# ====================================================================== kit definitions
def _goofspiel(end: Any = goof_end, name: str = "hostile_goof") -> type[lab.Game]:
    return lab.define_game(
        name, players=(2, 4), setup=goof_setup, moves=[bid], after=goof_after, end=end,
        params=[lab.ParamSpec("cards", "int", 5, "cards", minimum=1, maximum=20)],
        hidden={"hands": "owner", "bids": "owner"},
    )


def flipped_end(s: dict[str, Any], ctx: Any) -> list[float] | None:
    out = goof_end(s, ctx)
    return None if out is None else [-v for v in out]


@pytest.fixture
def registered() -> Iterator[None]:
    yield
    for name in ("hostile_goof",):
        if name in lab.game_names():
            lab.unregister(name)


def test_a_changed_kit_definition_under_the_same_name_is_refused(registered: None) -> None:
    """The issue's reproduction: Goofspiel with its returns flipped, registered under the same
    name, reloaded a save and reran a record without a word."""
    lab.register(_goofspiel(), replace=True)
    state = lab.play(lab.load("hostile_goof"), seed=2)
    text = state.to_json()
    assert json.loads(text)["definition"]["hash"].startswith("code-")
    df = lab.simulate("hostile_goof", n_games=4, seed=1)
    lab.register(_goofspiel(), replace=True)  # the same definition again (a cell run twice): same digest
    assert lab.state_from_json(text) == state and lab.rerun(df).equals(df)
    ACCEPTED["the same kit definition made again"] = "same digest: the same game"
    lab.register(_goofspiel(end=flipped_end), replace=True)
    with pytest.raises(lab.InvalidSave, match="another definition of 'hostile_goof'"):
        lab.state_from_json(text)
    with pytest.raises(lab.InvalidRecord, match="another definition of 'hostile_goof'"):
        lab.rerun(df)
    _count("kit definitions")
    _count("kit definitions")


def test_a_derived_game_under_the_old_name_is_refused(registered: None) -> None:
    base = _goofspiel()
    lab.register(base, replace=True)
    text = lab.play(lab.load("hostile_goof"), seed=2).to_json()
    lab.register(base.derive("hostile_goof", end=flipped_end), replace=True)
    with pytest.raises(lab.InvalidSave, match="another definition"):
        lab.state_from_json(text)
    _count("kit definitions")


def test_kit_saves_without_a_digest_load_with_a_warning_and_tampered_digests_are_refused(registered: None) -> None:
    lab.register(_goofspiel(), replace=True)
    state = lab.play(lab.load("hostile_goof"), seed=2)
    data = json.loads(state.to_json())
    old = {k: v for k, v in data.items() if k != "definition"}
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert lab.state_from_json(json.dumps(old)) == state
    assert any("before kit definitions had digests" in str(w.message) for w in seen)
    ACCEPTED["a kit save written before definition digests"] = "replayed with a warning that it cannot be checked"
    for bad in ({"name": "hostile_goof"}, {"name": 1, "hash": "x"}, "code-00", [], {"name": "g", "hash": "h", "x": 1}):
        with pytest.raises(lab.InvalidSave, match="definition"):
            lab.state_from_json(json.dumps({**data, "definition": bad}))
        _count("kit definitions")
    with pytest.raises(lab.InvalidSave, match="another definition"):
        lab.state_from_json(json.dumps({**data, "definition": {"name": "hostile_goof", "hash": "code-" + "0" * 32}}))
    _count("kit definitions")


def test_the_digest_sees_what_a_definition_reads() -> None:
    from lab.core.identity import identity_of

    limit = {"n": 3}

    def end(s: dict[str, Any], ctx: Any) -> int | None:
        return 0 if s["n"] >= limit["n"] else None

    first = identity_of(end)
    limit["n"] = 4
    assert identity_of(end) != first
    assert identity_of(lambda: 1).digest != identity_of(lambda: 2).digest
