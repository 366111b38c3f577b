"""How many tiles to declare (MC-2.1.1): the expected value of an attack of ``x`` reveals.

A human-like player (:class:`lab.games.memcel.agents.MemoryAgent`) does not declare "as many as
I am sure of": it weighs what a full success brings against what a miss costs, under the rules
of the variant it plays (it reads them from the game, so a house rule on the penalty changes
its choices):

- a full success turns up every declared tile for good: a tile it remembered (confidence ``c``)
  gains ``1 - KNOWN_VALUE * c`` (it was half-banked already), a guessed tile gains ``1``; turning
  up the last own tile wins the game, worth :data:`WIN_BONUS` tiles more;
- a miss on the ``j``-th reveal covers the tiles found this turn again (MC-2.1.2.1: no gain,
  they are remembered afresh), covers the tiles face up from earlier turns when the variant's
  ``cover_scope`` is ``"all"`` (each loses ``1 - KNOWN_VALUE``), and costs the turns the
  variant's MC-2.1.2.2 rule point gives for ``x`` declared and ``j - 1`` found, at
  :data:`LOST_TURN_VALUE` tiles a turn.

The player reveals its best memories first, then guesses. ``weight`` scales the costs: 1 is the
plain expected value, above 1 a cautious player, below 1 a bold one (the agent's ``risk``
setting, see :func:`cost_weight`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

KNOWN_VALUE = 0.5
"""A remembered face-down own tile is worth this much of a face-up one (it may still be lost)."""
LOST_TURN_VALUE = 1.5
"""Tiles a turn is worth: about what a memory player turns up per turn over a game."""
WIN_BONUS = 10.0
"""Extra value of the attack that turns up the last own tile (MC-3): a whole hand of tiles."""


def cost_weight(risk: float) -> float:
    """The weight of a miss's cost for a risk appetite ``risk`` in [0, 1].

    ``0.5`` gives 1 (plain expected value), ``0`` never risks a cost, ``1`` ignores costs.
    """
    if risk <= 0.0:
        return 1e9
    return (1.0 - risk) / risk


def reveal_odds(
    confidences: Sequence[float], ghost_odds: Sequence[float], unlocated: int, unknown: int,
) -> list[tuple[float, float]]:
    """``(chance the reveal finds an own tile, value gained if it stays up)`` per reveal, in order.

    First the remembered tiles (best first: chance = confidence), then guesses beside memories
    that proved wrong (``ghost_odds``), then blind guesses among ``unknown`` face-down slots of
    which ``unlocated`` hold own tiles (without replacement: each guess assumes the earlier ones
    found an own tile, since a miss ends the attack).
    """
    out = [(c, 1.0 - KNOWN_VALUE * c) for c in confidences]
    out += [(p, 1.0) for p in ghost_odds]
    for i in range(max(0, min(unlocated, unknown))):
        out.append(((unlocated - i) / (unknown - i), 1.0))
    return out


def attack_value(
    odds: Sequence[tuple[float, float]], x: int, face_up: int, own_tiles: int,
    lost_turns: Callable[[int, int], int], cover_all: bool, weight: float,
) -> float:
    """Expected value (in tiles) of declaring ``x``, revealing in the order of ``odds``.

    Reveals beyond ``odds`` are sure misses (no own tile left to find there). ``lost_turns`` is
    the variant's MC-2.1.2.2 rule point ``(x, found) -> turns``; ``cover_all`` whether a miss
    covers the own tiles face up from earlier turns (AMB-MC-3 ``all``).
    """
    cum, cost, gain = 1.0, 0.0, 0.0
    covered = face_up * (1.0 - KNOWN_VALUE) if cover_all else 0.0
    for j in range(x):
        p, g = odds[j] if j < len(odds) else (0.0, 0.0)
        miss = cum * (1.0 - p)
        if miss > 0.0:
            cost += miss * (covered + LOST_TURN_VALUE * lost_turns(x, j))
        cum *= p
        gain += g
    if face_up + x >= own_tiles:
        gain += WIN_BONUS
    return cum * gain - weight * cost


def best_x(
    odds: Sequence[tuple[float, float]], xs: Sequence[int], face_up: int, own_tiles: int,
    lost_turns: Callable[[int, int], int], cover_all: bool, weight: float,
) -> tuple[int, float]:
    """The ``x`` of ``xs`` with the highest :func:`attack_value` (the smaller on ties), and it."""
    best = (xs[0], float("-inf"))
    for x in xs:
        v = attack_value(odds, x, face_up, own_tiles, lost_turns, cover_all, weight)
        if v > best[1] + 1e-12:
            best = (x, v)
    return best
