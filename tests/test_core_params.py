"""Parameters (variants): typed specs, validation messages, immutability, round trips."""

from __future__ import annotations

import json

import pytest

import lab
from lab.core.params import FrozenDict, ParamSpec, freeze, thaw, validate_params

SPECS = (
    ParamSpec("players", "int", 3, "Number of players.", minimum=2, maximum=4),
    ParamSpec("strict", "bool", True, "x < N (true) or x <= N.", clauses=("AMB-MC-2",)),
    ParamSpec("speed", "float", 1.5, "Seconds per action.", minimum=0.0),
    ParamSpec("mode", "choice", "all", "What is covered.", choices=("all", "turn")),
    ParamSpec("table", "json", {"a": [1, 2]}, "A structured value.", check=lambda v: v if isinstance(v, dict) else (_ for _ in ()).throw(TypeError("must be an object"))),
)


def test_defaults_are_filled_and_frozen() -> None:
    p = validate_params(SPECS, {})
    assert p.players == 3 and p["strict"] is True and p.mode == "all"
    assert isinstance(p.table, FrozenDict) and p.table["a"] == (1, 2)
    with pytest.raises(AttributeError):
        p.players = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        p["players"] = 4  # type: ignore[index]
    assert p.to_dict() == {"players": 3, "strict": True, "speed": 1.5, "mode": "all", "table": {"a": [1, 2]}}


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"nope": 1}, ["unknown parameter 'nope'", "players"]),
        ({"players": 9}, ["'players'", "9", "[2, 4]"]),
        ({"players": "3"}, ["'players'", "'3'", "integer"]),
        ({"players": True}, ["'players'", "True"]),
        ({"strict": 1}, ["'strict'", "true or false"]),
        ({"speed": float("nan")}, ["'speed'", "finite"]),
        ({"speed": -1.0}, ["'speed'", "out of range"]),
        ({"mode": "some"}, ["'mode'", "'all'", "'turn'"]),
        ({"table": [1]}, ["'table'", "must be an object"]),
        ({"table": {1, 2}}, ["'table'", "JSON"]),
    ],
)
def test_invalid_variant_names_the_parameter_the_value_and_what_is_allowed(given: dict, words: list[str]) -> None:
    with pytest.raises(lab.InvalidVariant) as info:
        validate_params(SPECS, given)
    for w in words:
        assert w in str(info.value)
    assert isinstance(info.value, ValueError)


def test_freeze_thaw_round_trip() -> None:
    value = {"a": [1, {"b": [2, 3]}], "c": "x"}
    frozen = freeze(value)
    assert hash(frozen) == hash(freeze(json.loads(json.dumps(value))))
    assert thaw(frozen) == value


def test_parse_text_for_the_command_line() -> None:
    by = {s.name: s for s in SPECS}
    assert by["strict"].parse_text("false") is False
    assert by["players"].parse_text("4") == 4
    assert by["table"].parse_text('{"a": []}') == {"a": []}
    with pytest.raises(lab.InvalidVariant, match="expected true or false"):
        by["strict"].parse_text("maybe")
    with pytest.raises(lab.InvalidVariant, match="not valid JSON"):
        by["table"].parse_text("{oops")


def test_every_game_declares_typed_specs_with_docs(game_name: str) -> None:
    cls = lab.game_class(game_name)
    specs = cls.parameter_specs()
    names = [s.name for s in specs]
    assert "players" in names and len(names) == len(set(names))
    for s in specs:
        assert s.doc and s.doc.strip(), f"{game_name}.{s.name} has no doc"
        json.dumps(s.to_dict())
        s.validate(s.default)  # the default itself is valid


def test_params_round_trip_through_load(game_name: str) -> None:
    game = lab.load(game_name)
    again = lab.load(game_name, **game.params_to_dict())
    assert again == game and again.params == game.params
    json.dumps(game.params_to_dict())


def test_every_coverage_value_is_a_valid_variant(game_name: str) -> None:
    cls = lab.game_class(game_name)
    for spec in cls.parameter_specs():
        for value in spec.coverage_values():
            game = lab.load(game_name, **{spec.name: value})
            assert game.params[spec.name] == freeze(value)


def test_unknown_parameter_is_an_invalid_variant(game_name: str) -> None:
    with pytest.raises(lab.InvalidVariant, match="unknown parameter 'colour_blind'"):
        lab.load(game_name, colour_blind=True)


def test_unknown_game_lists_the_valid_names() -> None:
    with pytest.raises(lab.UnknownGame) as info:
        lab.load("chess")
    for name in lab.game_names():
        assert name in str(info.value)
    assert isinstance(info.value, KeyError)


def test_params_survive_copy_and_pickle() -> None:
    import copy
    import pickle

    p = validate_params(SPECS, {"players": 4})
    assert copy.deepcopy(p) == p
    assert pickle.loads(pickle.dumps(p)) == p
    game = lab.load(lab.game_names()[0]) if lab.game_names() else None
    if game is not None:
        assert pickle.loads(pickle.dumps(game)) == game
