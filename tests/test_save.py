"""Save and replay: JSON only, validated, replayed; every malformed file is an InvalidSave."""

from __future__ import annotations

import json
import pickle

import pytest

import lab
from lab.core.save_write import FORMAT_VERSION, state_to_json


def _saved(name: str, seed: int = 2) -> tuple[lab.State, dict]:
    """A played game and its save in format 1 (JSON actions, still read), to tamper with."""
    state = lab.play(lab.load(name), seed=seed)
    return state, json.loads(state_to_json(state, format_version=1))


def test_round_trip_gives_the_identical_state(game_name: str) -> None:
    state, _ = _saved(game_name)
    loaded = lab.state_from_json(state.to_json())
    assert loaded == state
    assert loaded.state_hash() == state.state_hash()
    assert loaded.returns() == state.returns()


def test_round_trip_mid_game(game_name: str) -> None:
    state, data = _saved(game_name)
    half = dict(data, history=data["history"][: len(data["history"]) // 2])
    mid = lab.state_from_json(json.dumps(half))
    assert len(mid.history()) == len(half["history"])
    # continuing the same moves from the loaded state reaches the same end
    for item in data["history"][len(half["history"]):]:
        player, action = item
        if player == lab.SIMULTANEOUS:
            mid.apply_actions({p: a for p, a in enumerate(action) if a is not None})
        else:
            mid.apply_action(action)
    assert mid == state


def _mutations(data: dict) -> list[tuple[str, object]]:
    text = json.dumps(data)
    other = [g for g in lab.game_names() if g != data["game"]]
    bad_history = json.loads(text)
    if len(bad_history["history"]) > 3:
        bad_history["history"][3] = [bad_history["history"][3][0], ["no_such_action"]]
    wrong_player = json.loads(text)
    if len(wrong_player["history"]) > 2:
        player = wrong_player["history"][2][0]
        wrong_player["history"][2][0] = 0 if player != 0 else lab.CHANCE
    return [
        ("truncated", text[: len(text) // 2]),
        ("empty", ""),
        ("not an object", "[1, 2, 3]"),
        ("wrong version", json.dumps(dict(data, format_version=FORMAT_VERSION + 1))),
        ("wrong format", json.dumps(dict(data, format="something/else"))),
        ("unknown key", json.dumps(dict(data, extra=1))),
        ("missing key", json.dumps({k: v for k, v in data.items() if k != "params"})),
        ("unknown game", json.dumps(dict(data, game="chess"))),
        ("bad params", json.dumps(dict(data, params={"players": "many"}))),
        ("unknown param", json.dumps(dict(data, params={"cheat": True}))),
        ("history not a list", json.dumps(dict(data, history={"0": 1}))),
        ("illegal action", json.dumps(bad_history)),
        ("an entry naming the wrong player", json.dumps(wrong_player)),
        ("rules version", json.dumps(dict(data, rules_version=999))),
        ("deep nesting", '{"a":' * 100_000 + "1" + "}" * 100_000),
        ("huge number", json.dumps(dict(data, format_version=10**400))),
        ("pickle payload", pickle.dumps({"game": data["game"]})),
        ("binary junk", b"\x80\x81\xfe\xff"),
        *([("another game's history", json.dumps(dict(data, game=other[0], params={})))] if other else []),
    ]


def test_malformed_saves_are_refused_with_a_clear_message(game_name: str) -> None:
    state, data = _saved(game_name)
    for label, text in _mutations(data):
        if label == "an entry naming the wrong player" and len(data["history"]) <= 2:
            continue
        with pytest.raises(lab.InvalidSave) as info:
            lab.state_from_json(text)  # type: ignore[arg-type]
        message = str(info.value)
        assert message.startswith("invalid saved game:"), (label, message)
        assert "Traceback" not in message and len(message) < 2000, label


def test_a_save_must_match_the_expected_game(game_name: str) -> None:
    state, _ = _saved(game_name)
    others = [g for g in lab.game_names() if g != game_name]
    if not others:
        pytest.skip("needs a second registered game")
    with pytest.raises(lab.InvalidSave, match="not of"):
        lab.state_from_json(state.to_json(), game=lab.load(others[0]))


def test_same_seed_same_game_different_seed_different_game(game_name: str) -> None:
    game = lab.load(game_name)
    a, b, c = lab.play(game, seed=11), lab.play(game, seed=11), lab.play(game, seed=12)
    assert a.history() == b.history() and a.state_hash() == b.state_hash()
    assert a.history() != c.history()


def test_events_carry_clause_ids(game_name: str) -> None:
    state = lab.play(lab.load(game_name), seed=5)
    prefix = {"memcel": "MC-", "fiemme_cembra": "FC-", "space_station": "SS-", "memm": "MM-"}[game_name]
    assert state.events, "a game logs events"
    for e in state.events:
        assert e.clause.startswith((prefix, "AMB-" + prefix, "INC-" + prefix)), e
        json.dumps(e.to_json())


def test_a_seat_file_holds_only_that_seats_view_and_is_checked(game_name: str) -> None:
    from lab.core.save import seat_view_from_json

    state = lab.play(lab.load(game_name), seed=6)
    for seat in [None, *range(state.game.num_players())]:
        data = seat_view_from_json(state.seat_json(seat))
        assert data["seat"] == seat and data["observation"] == json.loads(json.dumps(state.observation(seat)))
    with pytest.raises(ValueError, match="seat must be"):
        state.seat_json(99)
    for bad in ("", "[]", state.to_json(), state.seat_json(0)[:-5], b"\xff"):
        with pytest.raises(lab.InvalidSave):
            seat_view_from_json(bad)


# ------------------------------------------------------------------ format 2: compact integer codes
def test_saves_are_written_as_integer_codes_and_old_saves_still_load(game_name: str) -> None:
    """Issue 20 item 7: the history is written as the game's action codes (format 2); a format 1
    save of the same game still loads to the same state."""
    state, old = _saved(game_name)
    data = json.loads(state.to_json())
    assert data["format_version"] == FORMAT_VERSION == 2
    assert all(type(c) is int for c in data["history"]) and len(data["history"]) >= len(state.history())
    assert lab.state_from_json(json.dumps(old)) == state == lab.state_from_json(state.to_json())
    assert len(state.to_json()) < len(json.dumps(old, separators=(",", ":")))


def test_a_compact_save_loads_mid_game_and_continues(game_name: str) -> None:
    state, _ = _saved(game_name)
    game = state.game
    for cut in (0, len(state.history()) // 2):
        mid = lab.replay(game, state.history()[:cut])
        loaded = lab.state_from_json(mid.to_json())
        assert loaded == mid and loaded.history() == mid.history()


def _tampered_codes(state: lab.State) -> list[tuple[str, dict]]:
    from lab.core.compact import coding_check

    data = json.loads(state.to_json())
    codes, game = data["history"], state.game
    legal_first = {game.action_to_int(a) for a in game.new_initial_state().legal_actions()} if \
        game.new_initial_state().current_player() != lab.SIMULTANEOUS else set()
    illegal = next((c for c in range(game.num_distinct_actions()) if c not in legal_first), None)

    def with_codes(new: list) -> dict:  # a consistent coding check: only the codes are wrong
        try:
            check = coding_check(game, [c for c in new if type(c) is int and 0 <= c < game.num_distinct_actions()])
        except ValueError:
            check = data["coding"]
        return dict(data, history=new, coding=check)

    out = [
        ("code past the last", with_codes([game.num_distinct_actions(), *codes[1:]])),
        ("code -2", with_codes([-2, *codes[1:]])),
        ("code true", with_codes([True, *codes[1:]])),
        ("code 1.0", with_codes([1.0, *codes[1:]])),
        ("code '1'", with_codes(["1", *codes[1:]])),
        ("code [1]", with_codes([[1], *codes[1:]])),
        ("code 10**30", with_codes([10**30, *codes[1:]])),
        ("codes left after the end", with_codes([*codes, codes[-1]])),
        ("no coding check", {k: v for k, v in data.items() if k != "coding"}),
        ("another coding", dict(data, coding="1:" + "0" * 24)),
        ("coding check not a string", dict(data, coding=[1])),
        ("history as entries in format 2", dict(data, history=[h.to_json() for h in state.history()])),
        ("too many codes", with_codes([0] * (game.max_game_length() * game.num_players() + 1))),
    ]
    if illegal is not None:
        out.append(("an illegal first code", with_codes([illegal, *codes[1:]])))
    if state.game.new_initial_state().current_player() != lab.SIMULTANEOUS:
        out.append(("-1 outside a simultaneous step", with_codes([-1, *codes[1:]])))
    return out


def test_tampered_compact_saves_are_refused(game_name: str) -> None:
    state, _ = _saved(game_name)
    for label, data in _tampered_codes(state):
        with pytest.raises(lab.InvalidSave) as info:
            lab.state_from_json(json.dumps(data))
        assert str(info.value).startswith("invalid saved game:") and len(str(info.value)) < 1000, label


def test_a_long_fiemme_cembra_match_saves_in_a_fraction_of_the_old_size() -> None:
    """Issue 20 item 7: long Fiemme–Cembra matches made 37–56 MB saves the loader refused. A
    10-round match (timed in benchmarks/saves_bench.py) round-trips; its compact save is a
    fraction of the JSON-actions one."""
    game = lab.load("fiemme_cembra", rounds=10, players=3, hand_limit=3000)  # the real bound: a long match
    state = lab.play(game, agents="collector", seed=4)
    text = state.to_json()
    assert lab.state_from_json(text) == state
    assert 4 * len(text) < len(state_to_json(state, format_version=1))
