"""Memcel's rule points (RULES.md §1): the decisions a designer may replace with a house rule.

Each is a small pure function named by the clause it implements (:mod:`lab.core.rulepoints`);
the game lists them (``MemcelGame.RULE_POINTS``) and the state calls them as
``self.game.rules.<name>``, so a house rule replaces the seed's reading everywhere at once.
"""

from __future__ import annotations

from lab.core.rulepoints import rule_point


def reveal_limit(roll: int, strict: bool) -> int:
    """MC-2.1.1: the largest x (own tiles to reveal) a player may declare after a d8 roll of ``roll``.

    The text says x < N (``strict``, AMB-MC-2); the ``inclusive`` variant allows x <= N. The
    engine also caps x at the number of face-down tiles; below 1 no attack is possible.
    """
    return roll - 1 if strict else roll


def tiles_to_cover(own_face_up: list[int], this_turn: list[int], scope: str) -> list[int]:
    """MC-2.1.2.1: after a miss, which of the player's own face-up tiles (slots) are covered again.

    ``own_face_up``: every own face-up slot; ``this_turn``: those revealed in this attack;
    ``scope`` is the variant's AMB-MC-3 reading (``"all"`` or ``"turn"``).
    """
    return list(own_face_up) if scope == "all" else list(this_turn)


def lost_turns(x: int, found: int) -> int:
    """MC-2.1.2.2: turns a player sits out after a miss, having declared ``x`` and found ``found``.

    With y = x - found tiles missing, y > 1 costs y turns; y = 1 (MC-2.1.2.1) costs none.
    """
    y = x - found
    return y if y > 1 else 0


def may_defend(defended_last_turn: bool) -> bool:
    """MC-2.2.1: may the player choose a defence now? Not on two consecutive turns."""
    return not defended_last_turn


def has_won(face_up: int, own_tiles: int) -> bool:
    """MC-3: does a player with ``face_up`` of their ``own_tiles`` tiles face up win (and end the game)?"""
    return face_up >= own_tiles


def turn_limit_reached(turns: int, max_turns: int) -> bool:
    """The lab's safety bound beside MC-3: after ``turns`` hunt turns, is the game stopped?

    Not a rule of the seed, which ends only on a win (MC-3) and has no draw: a game stopped here
    ends *unfinished* (:meth:`lab.core.state.State.stop_unfinished`, ``max_turns=N``), never as
    a draw. ``max_turns`` is the variant's limit (sat-out turns count).
    """
    return turns >= max_turns


# Rule points are declared by a call, not with decorator syntax: mutmut (`make mutants`)
# does not mutate decorated functions, and these are the rules.
for _clause, _fn in (
    ("MC-2.1.1", reveal_limit),
    ("MC-2.1.2.1", tiles_to_cover),
    ("MC-2.1.2.2", lost_turns),
    ("MC-2.2.1", may_defend),
    ("MC-3", has_won),
    ("MC-3:max_turns", turn_limit_reached),
):
    rule_point(_clause)(_fn)
