"""Compact history encoding for saves (format version 2): one integer code per action.

A history is written as a flat list of the game's integer action codes
(:meth:`~lab.core.game.Game.action_to_int`), in order, without the acting player: on replay the
state says who acts. A simultaneous step takes one code per player, ``-1`` for a player who did
not act. So a step costs a few bytes instead of a JSON action, and the longest game a variant
allows fits in a save by design (the games' budgets bound ``codes per game``, see
:mod:`lab.core.budget`).

Codes are only meaningful for one action coding: the save stores, next to the rules version, a
*coding check*: the number of codes and a digest of what each code used in the file decodes to.
A save made under another coding (a changed action layout) is refused instead of being replayed
into another game.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from lab.core.errors import IllegalAction
from lab.core.history import SIMULTANEOUS

NO_ACTION = -1
"""The code of a player who does not act at a simultaneous step."""


def encode_history(state: Any) -> list[int]:
    """The history of ``state`` as a flat list of action codes (see the module docstring).

    A game with pointer-coded action kinds (codes that index a decision's legal actions, see
    :class:`~lab.core.actions.ActionCodec`) is replayed from its start to code each action
    where it was taken; other games are coded from the history alone.
    """
    game = state.game
    if game._codec.pointer_kinds:
        return _encode_by_replay(state)
    to_int = game.action_to_int
    codes: list[int] = []
    for item in state.history():
        if item.player == SIMULTANEOUS:
            codes.extend(NO_ACTION if a is None else to_int(a) for a in item.action)
        else:
            codes.append(to_int(item.action))
    return codes


def _encode_by_replay(state: Any) -> list[int]:
    walker = state.game.new_initial_state()
    codes: list[int] = []
    for item in state.history():
        if item.player == SIMULTANEOUS:
            codes.extend(
                NO_ACTION if a is None else walker.action_to_int(a, p) for p, a in enumerate(item.action)
            )
            walker._apply_unchecked(SIMULTANEOUS, {p: a for p, a in enumerate(item.action) if a is not None})
        else:
            codes.append(walker.action_to_int(item.action))
            walker._apply_unchecked(item.player, item.action)
    return codes


def coding_check(game: Any, codes: Sequence[int]) -> str:
    """``"<number of codes>:<digest>"``: the digest covers what every code used decodes to
    (for a pointer-coded kind: its kind and choice index)."""
    codec = game._codec
    used = sorted({c for c in codes if c != NO_ACTION})
    meaning = json.dumps([[c, _meaning(codec, c)] for c in used], separators=(",", ":"))
    return f"{game.num_distinct_actions()}:{hashlib.sha256(meaning.encode()).hexdigest()[:24]}"


def _meaning(codec: Any, code: int) -> Any:
    for offset, spec in reversed(codec._starts):
        if code >= offset:
            if spec.choices is not None:
                return [spec.kind, "choice", code - offset]
            return codec.decode(code).to_json()
    raise ValueError(f"action code {code} is outside 0..{codec.size - 1}")


def check_codes(game: Any, codes: Any, check: Any) -> None:
    """Validate a file's codes (integers in range) and its coding check, before any replay.

    Raises
    ------
    ValueError
        Naming the first bad code, or saying the file was written under another action coding.
    """
    size = game.num_distinct_actions()
    for i, code in enumerate(codes):
        if type(code) is not int or not NO_ACTION <= code < size:
            msg = f"history code {i} is {str(code)[:40]}; codes are integers -1..{size - 1}"
            raise ValueError(msg)
    if not isinstance(check, str) or check != coding_check(game, codes):
        msg = (
            "the file's action codes were written under another action coding of "
            f"{game.name} (its coding check {str(check)[:40]!r} does not match); it cannot be replayed"
        )
        raise ValueError(msg)


def replay_codes(state: Any, codes: Sequence[int]) -> int:
    """Apply ``codes`` to ``state`` through the checked public API; returns the steps taken.

    Raises
    ------
    IllegalAction
        For a code that is not legal where it comes (the message names the step), a ``-1``
        outside a simultaneous step, or codes left over when the game is over.
    """
    game = state.game
    decode = state.int_to_action
    n = game.num_players()
    i, step = 0, 0
    while i < len(codes):
        if state.is_terminal():
            raise IllegalAction(f"step {step}: {len(codes) - i} codes left after the end of the game")
        try:
            if state.current_player() == SIMULTANEOUS:
                joint = codes[i : i + n]
                if len(joint) < n:
                    raise IllegalAction(f"a simultaneous step takes {n} codes, {len(joint)} are left")
                state.apply_actions({p: decode(c, p) for p, c in enumerate(joint) if c != NO_ACTION})
                i += n
            else:
                if codes[i] == NO_ACTION:
                    raise IllegalAction("code -1 (no action) outside a simultaneous step")
                state.apply_action(decode(codes[i]))
                i += 1
        except (IllegalAction, ValueError) as exc:  # ValueError: a code with no action here
            raise IllegalAction(f"step {step}: {exc}") from None
        step += 1
    return step
