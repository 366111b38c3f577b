"""Writing saves and seat files (JSON only): what :meth:`State.to_json <lab.core.state.State.to_json>`
and :meth:`State.seat_json <lab.core.state.State.seat_json>` return. Reading them back, checked
and replayed, is :mod:`lab.core.save`.

Below the state in the core's order: it reads a state only through its public methods and its
game's, so the state module imports it, never the other way round.
"""

from __future__ import annotations

import json
from typing import Any

from lab.core.builtin_games import built_in
from lab.core.compact import coding_check, encode_history
from lab.core.errors import InvalidSave, RuleError, cut

FORMAT = "rules-lab/save"
FORMAT_VERSION = 2
"""The version written: 2 (compact integer codes); 1 (JSON actions) is read too."""
READ_VERSIONS = (1, 2)
MAX_BYTES = 8_000_000
MAX_MESSAGE = 400  # characters of an error message (a hostile value is cut, not echoed whole)
_KEYS = {"format", "format_version", "game", "rules_version", "params", "history"}
_KEYS_BY_VERSION = {1: _KEYS, 2: _KEYS | {"coding"}}
_OPTIONAL = {"house_rules", "module", "definition"}  # saves of games with house rules; of games not built in; of kit games


def _fail(msg: str) -> InvalidSave:
    return InvalidSave(f"invalid saved game: {cut(msg, MAX_MESSAGE)}")


def state_to_json(state: Any, *, format_version: int = FORMAT_VERSION) -> str:
    """The save of ``state``: format 2 (integer codes, compact) unless ``format_version=1``.

    Raises
    ------
    InvalidSave
        If the save would pass the size limit (so it could not be loaded): the games' budgets
        keep the longest game they allow under it.
    """
    if format_version not in READ_VERSIONS:
        raise ValueError(f"format_version must be one of {READ_VERSIONS}, not {format_version!r}")
    data: dict[str, Any] = {
        "format": FORMAT,
        "format_version": format_version,
        "game": state.game.name,
        "rules_version": state.game.rules_version,
        "params": state.game.params_to_dict(),
    }
    if format_version == 1:
        data["history"] = [item.to_json() for item in state.history()]
    else:
        codes = encode_history(state)
        data["coding"] = coding_check(state.game, codes)
        data["history"] = codes
    try:
        if state.game._house:  # names and digests only: never the code
            data["house_rules"] = state.game.house_rule_record()
    except RuleError as exc:
        raise _fail(f"cannot record the game's house rules: {exc}") from None
    definition = state.game.definition_record()
    if definition is not None:  # a game defined at run time (the kit): the digest of its definition
        data["definition"] = definition
    module = defining_module(state.game)
    if module is not None:  # a game registered at run time: where it was written, for the message
        data["module"] = module  # of a process that does not know it (never imported by a load)
    text = json.dumps(data, separators=(",", ":"))
    if len(text) > MAX_BYTES:
        raise _fail(f"this game's save would be {len(text):,} bytes; at most {MAX_BYTES:,} can be loaded")
    return text


def defining_module(game: Any) -> str | None:
    """The module a game not built into the lab was written in (``__main__`` for a notebook)."""
    if built_in(game.name):
        return None
    cls = type(game)
    return str(cls.__dict__.get("defined_in") or cls.__module__)


SEAT_FORMAT = "rules-lab/seat-view"
SEAT_VERSION = 1


def seat_view_to_json(state: Any, player: int | None) -> str:
    """A file for one seat: what ``player`` may know now, and nothing else.

    Unlike :func:`state_to_json` (the full, replayable history, which holds every chance outcome,
    other seats' hands and deck order included, so it stays with the host), this holds the
    seat's observation and the events that seat saw. It cannot be replayed; it is what may be
    handed to that seat (``None``: a spectator).
    """
    n = state.game.num_players()
    if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n):
        raise ValueError(f"seat must be None (a spectator) or a player 0..{n - 1}, not {player!r}")
    data = {
        "format": SEAT_FORMAT,
        "format_version": SEAT_VERSION,
        "game": state.game.name,
        "rules_version": state.game.rules_version,
        "params": state.game.params_to_dict(),
        "seat": player,
        "move": len(state.history()),
        "observation": state.observation(player),
        "events": [e.to_json() for e in state.events_for(player)],
    }
    return json.dumps(data, separators=(",", ":"))


