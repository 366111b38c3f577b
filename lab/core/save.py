"""Save and replay: JSON only (format version, game, parameters, action history).

Loading validates every field and replays every action through the checked public API, so a
tampered history is caught at the step where it stops being legal. Nothing in a file is ever
executed: no pickle, no eval, no exec. A file is parsed within bounds (size, nesting; a key
named twice in one object is refused, not silently resolved: :mod:`lab.core.files`). House
rules and kit definitions are recorded by digest (:mod:`lab.core.identity`): a save is replayed
only under provably the same rules.

Format version 2 (written by default) stores the history as integer action codes
(:mod:`lab.core.compact`) with a check of the action coding; version 1 (``[player, action]``
entries in JSON) is still read, and written on request.
"""

from __future__ import annotations

from typing import Any

from lab.core.compact import check_codes, replay_codes
from lab.core.errors import (
    IllegalAction,
    InvalidSave,
    InvalidVariant,
    UnknownGame,
    quoted,
)
from lab.core.files import loads_bounded
from lab.core.history import SIMULTANEOUS
from lab.core.registry import load
from lab.core.rulepoints import rule_record_problem
from lab.core.save_write import (
    _KEYS_BY_VERSION,
    _OPTIONAL,
    FORMAT,
    MAX_BYTES,
    READ_VERSIONS,
    SEAT_FORMAT,
    SEAT_VERSION,
    _fail,
)
from lab.core.state import State


def _unknown_game(data: dict[str, Any], exc: UnknownGame) -> InvalidSave:
    """The error of a save whose game this process does not know: the module it was made with."""
    module = data.get("module")
    if not isinstance(module, str) or not module:
        return _fail(str(exc))
    name = data["game"][:60]
    if module == "__main__":
        where, fix = "a notebook or script (__main__)", "run its definition and lab.register(...) first"
    else:
        where, fix = f"the module {module[:60]!r}", f"import {module[:60]} (which calls lab.register) first"
    return _fail(
        f"unknown game {name!r}: the save was made with its definition in {where}, not registered "
        f"in this process: {fix}, or install a package declaring it in the entry-point group "
        "'rules_lab.games' (a save never makes the lab import a module)"
    )


def _read_json(text: str | bytes) -> Any:
    """Decode and parse a file's JSON text within the size and nesting limits, a key named
    twice in one object refused (:func:`lab.core.files.loads_bounded`; ``InvalidSave`` if not)."""
    return loads_bounded(text, lambda msg: _fail(msg if not msg.startswith("it is") else "file " + msg[3:]), limit=MAX_BYTES)


def parse_save(text: str | bytes) -> dict[str, Any]:
    """Parse and check the envelope of a saved game (not the history's legality)."""
    data = _read_json(text)
    if not isinstance(data, dict):
        raise _fail(f"top level must be a JSON object, not {type(data).__name__}")
    version = data.get("format_version")
    if type(version) is not int or version not in READ_VERSIONS:
        raise _fail(
            f"format_version {quoted(version, 20)} is not supported; this lab reads versions "
            f"{', '.join(map(str, READ_VERSIONS))}"
        )
    keys = _KEYS_BY_VERSION[version]
    missing = sorted(keys - data.keys())
    if missing:
        raise _fail(f"missing field(s) {', '.join(missing)}")
    extra = sorted(set(data) - keys - _OPTIONAL)
    if extra:
        shown = ", ".join(quoted(k, 40, text=True) for k in extra[:5])
        allowed = ", ".join(sorted(keys | _OPTIONAL))
        raise _fail(f"unknown field(s) {shown}; allowed in version {version}: {allowed}")
    if data["format"] != FORMAT:
        raise _fail(f"format is {quoted(data['format'], 40)}, expected {FORMAT!r}")
    if not isinstance(data["game"], str):
        raise _fail("field 'game' must be a string")
    if not isinstance(data["params"], dict):
        raise _fail("field 'params' must be an object")
    if not isinstance(data["history"], list):
        raise _fail("field 'history' must be a list")
    module = data.get("module")
    if module is not None and not isinstance(module, str):
        raise _fail("field 'module' must be a string (the module the game was defined in)")
    rules = data.get("house_rules", {})
    if not isinstance(rules, dict) or not all(
        isinstance(k, str) and isinstance(v, dict) and {"function", "hash"} <= set(v) <= {"function", "hash", "doubt"}
        and all(isinstance(x, str) for x in v.values()) for k, v in rules.items()
    ):
        raise _fail('field \'house_rules\' must map rule points to {"function": name, "hash": digest}')
    definition = data.get("definition")
    if definition is not None and not (
        isinstance(definition, dict) and {"name", "hash"} <= set(definition) <= {"name", "hash", "doubt"}
        and all(isinstance(x, str) for x in definition.values())
    ):
        raise _fail('field \'definition\' must be {"name": game, "hash": digest}')
    return data


def check_house_rules(saved: dict[str, dict[str, str]], game: Any) -> None:
    """``InvalidSave`` unless ``game`` has provably the house rules a save records (by digest,
    :func:`lab.core.rulepoints.rule_record_problem`)."""
    problem = rule_record_problem(saved, game._house, "the game")
    if problem:
        raise _fail(problem)


def state_from_json(text: str | bytes, *, game: Any = None, rules: Any = None) -> State:
    """Load a saved game: validate it, then replay its history.

    Parameters
    ----------
    text : str or bytes
        The JSON written by :meth:`State.to_json`.
    game : Game, optional
        If given, the file must be a save of this game and variant; it is rebuilt from this
        game's class (so a game that is not registered can be loaded too).
    rules : dict, optional
        House rules (rule point -> function) the game was played with. A save records each
        house rule's name and source hash, never its code: the same functions must be given
        (or be installed in ``game``).

    Raises
    ------
    InvalidSave
        With a message naming the first thing that is wrong (a missing or different house
        rule included).
    """
    data = parse_save(text)
    if game is not None and data["game"] != game.name:
        raise _fail(f"this is a save of {quoted(data['game'])}, not of {game!r}")
    if rules is None and game is not None:
        rules = dict(game._house)
    try:
        loaded = load(data["game"] if game is None else type(game), **data["params"])
        if rules:
            loaded = loaded.with_rules(rules)
    except UnknownGame as exc:
        raise _unknown_game(data, exc) from None
    except InvalidVariant as exc:
        raise _fail(f"bad parameters: {exc}") from None
    check_house_rules(data.get("house_rules", {}), loaded)
    problem = loaded.definition_problem(data.get("definition"))
    if problem:
        raise _fail(problem)
    if game is not None and loaded != game:
        raise _fail(f"this is a save of {loaded!r}, not of {game!r}")
    rv = data["rules_version"]
    if rv != loaded.rules_version or isinstance(rv, bool):
        raise _fail(
            f"saved under rules version {quoted(rv, 20)} of {loaded.name}; this lab has version "
            f"{loaded.rules_version} (replaying would not give the same game)"
        )
    history = data["history"]
    if data["format_version"] == 2:
        return _load_codes(loaded, history, data["coding"])
    if len(history) > loaded.max_game_length():
        raise _fail(f"history has {len(history)} steps; {loaded.name} games have at most {loaded.max_game_length()}")
    state = loaded.new_initial_state()
    for step, item in enumerate(history):
        try:
            _replay_item(state, item)
        except IllegalAction as exc:
            raise _fail(f"history step {step}: {exc}") from None
        except (TypeError, ValueError, KeyError, IndexError, ArithmeticError) as exc:
            raise _fail(f"history step {step}: malformed entry ({exc})") from None
        except RecursionError:
            raise _fail(f"history step {step}: entry nested too deeply") from None
    return state


def _load_codes(game: Any, codes: list[Any], coding: Any) -> State:
    """Replay a version 2 history (integer codes), checked before and while replaying."""
    most = game.max_game_length() * game.num_players()
    if len(codes) > most:
        raise _fail(f"history has {len(codes)} codes; {game.name} games have at most {most}")
    try:
        check_codes(game, codes, coding)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    state = game.new_initial_state()
    try:
        replay_codes(state, codes)
    except IllegalAction as exc:
        raise _fail(f"history {exc}") from None
    return state


def _replay_item(state: State, item: Any) -> None:
    if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)):
        raise IllegalAction(f"an entry is [player, action], got {quoted(item, 60)}")
    player, action = item
    cur = state.current_player()
    if player != cur:
        raise IllegalAction(f"entry says player {player} acted but {cur} is to act")
    if player == SIMULTANEOUS:
        n = state.game.num_players()
        if not isinstance(action, list) or len(action) != n:
            raise IllegalAction(f"a simultaneous entry holds one action (or null) per player ({n})")
        state.apply_actions({p: a for p, a in enumerate(action) if a is not None})
    else:
        state.apply_action(action)


def replay(game: Any, history: list[Any]) -> State:
    """A new state of ``game`` after applying ``history`` (``HistoryItem`` s or JSON entries)."""
    state = game.new_initial_state()
    for item in history:
        entry = item.to_json() if hasattr(item, "to_json") else item
        _replay_item(state, entry)
    return state


def seat_view_from_json(text: str | bytes) -> dict[str, Any]:
    """Read a seat file written by :func:`seat_view_to_json` (checked; ``InvalidSave`` if not)."""
    data = _read_json(text)
    keys = {"format", "format_version", "game", "rules_version", "params", "seat", "move", "observation", "events"}
    if not isinstance(data, dict) or set(data) != keys:
        raise _fail(f"a seat file is an object with exactly the fields {', '.join(sorted(keys))}")
    if data["format"] != SEAT_FORMAT or data["format_version"] != SEAT_VERSION:
        raise _fail(f"format must be {SEAT_FORMAT!r} version {SEAT_VERSION}")
    return data
