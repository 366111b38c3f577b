"""Fiemme–Cembra players: random-with-reflexes, collector and blocker.

Every agent has a reaction-time model: its slap time is lognormal with median ``median_ms``
and shape ``sigma`` (rounded to the 10 ms grid of the ``slap`` action, clipped to 0..3000), and
a closer forgets to shout with probability ``forget_shout``. A human in the widget submits the
real measured time instead; the rules only see the submitted ``slap(ms, shout)``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

import lab.games.fiemme_cembra.components as C
from lab.agents.base import BaseAgent
from lab.core.actions import Action
from lab.core.params import ParamSpec
from lab.games.fiemme_cembra.rules import MS_MAX, MS_STEP


class ReflexAgent(BaseAgent):
    """Base of the FC agents: the reaction-time model and the generic decisions.

    Parameters
    ----------
    median_ms : float
        Median reaction time in milliseconds (lognormal).
    sigma : float
        Lognormal shape (spread of the reaction times).
    forget_shout : float
        Probability that, closing, the player forgets to shout (FC-P6).
    """

    name = "random_rt"
    SETTINGS: ClassVar[tuple[ParamSpec, ...]] = (
        ParamSpec("median_ms", "float", 450.0, "Median reaction time in milliseconds (lognormal).",
                  ("FC-P4",), minimum=10.0, maximum=10_000.0),
        ParamSpec("sigma", "float", 0.35, "Lognormal shape: the spread of the reaction times.",
                  ("FC-P4",), minimum=0.0, maximum=3.0),
        ParamSpec("forget_shout", "float", 0.05, "Probability that a closer forgets to shout.",
                  ("FC-P6",), minimum=0.0, maximum=1.0),
    )

    def __init__(self, median_ms: float = 450.0, sigma: float = 0.35, forget_shout: float = 0.05) -> None:
        if not (median_ms > 0 and sigma >= 0 and 0 <= forget_shout <= 1):
            msg = "median_ms must be > 0, sigma >= 0 and forget_shout in [0, 1]"
            raise TypeError(msg)
        super().__init__(median_ms=median_ms, sigma=sigma, forget_shout=forget_shout)
        self.median_ms = float(median_ms)
        self.sigma = float(sigma)
        self.forget_shout = float(forget_shout)

    # ------------------------------------------------------------------ reaction model
    def reaction_ms(self, rng: np.random.Generator) -> int:
        """One reaction time on the 10 ms grid."""
        t = math.exp(math.log(self.median_ms) + self.sigma * float(rng.standard_normal()))
        return int(min(MS_MAX, max(0, round(t / MS_STEP) * MS_STEP)))

    def slap(self, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        closer = bool(legal[-1].args[1])
        shout = closer and rng.random() >= self.forget_shout
        return Action("slap", (self.reaction_ms(rng), shout))

    # ------------------------------------------------------------------ decisions
    def step(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        phase = observation["phase"]
        if phase == "slap":
            return self.slap(legal_actions, rng)
        if phase == "pass":
            return self.discard(observation, legal_actions, rng)
        if phase in ("event", "swap"):
            return self.event(observation, legal_actions, rng)
        if phase == "penalty":
            return self.give_back(observation, legal_actions, rng)
        if phase == "flip":
            return self.flip(observation, legal_actions, rng)
        return legal_actions[int(rng.integers(len(legal_actions)))]

    def discard(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal[int(rng.integers(len(legal)))]

    def event(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal[int(rng.integers(len(legal)))]

    def give_back(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal[int(rng.integers(len(legal)))]

    def flip(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal[int(rng.integers(len(legal)))]


class CollectorAgent(ReflexAgent):
    """Keeps the types it lacks and passes duplicates; plays Events and penalties to its set."""

    name = "collector"

    def _types(self) -> tuple[int, ...]:
        assert self.game is not None
        return self.game.types  # type: ignore[attr-defined]

    def wants(self, obs: Mapping[str, Any], t: int) -> float:
        """How much this player's right-hand neighbour is believed to want type ``t`` (0 here)."""
        return 0.0

    def discard(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        hand = obs["my_hand"]
        dups = [t for t in range(C.HAND_TYPES) if hand[t] >= 2]
        if not dups:
            return legal[int(rng.integers(len(legal)))]
        best = min(dups, key=lambda t: (self.wants(obs, t), -hand[t], float(rng.random())))
        return Action("discard", (best,))

    def set_reachable(self) -> bool:
        """Can a lodging ever be conquered in this variant (else FC-E2 is out of reach)?"""
        game: Any = self.game
        return any(game.types[c] == C.LODGING for c in game.conquest_ids)

    def event(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        """Swap a duplicate for a type still missing from the set (taking from the leader);
        otherwise draw again. When the set cannot be completed, only the card count matters,
        so always draw."""
        if not self.set_reachable():
            return Action("event_draw", ())
        types = self._types()
        me = obs["me"]
        counts = [0] * len(C.TYPES)
        for c in obs["conquered"][me]:
            counts[types[c]] += 1
        need = {t for t in (*C.EMOTIONS, C.LODGING) if counts[t] == 0}
        sizes = [len(c) for c in obs["conquered"]]
        best, best_key = Action("event_draw", ()), None
        for q, theirs in enumerate(obs["conquered"]):
            if q == me:
                continue
            for take in theirs:
                for give in obs["conquered"][me]:
                    if types[take] in need and counts[types[give]] >= 2:
                        key = (sizes[q], counts[types[give]], -take, -give)
                        if best_key is None or key > best_key:
                            best, best_key = Action("event_swap", (give, take)), key
        if obs["phase"] == "event":
            return Action("event_swap_choose", ()) if best_key is not None else Action("event_draw", ())
        return best if best_key is not None else legal[0]

    def give_back(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        types = self._types()
        counts = [0] * len(C.TYPES)
        for a in legal:
            counts[types[a.args[0]]] += 1
        return max(legal, key=lambda a: (counts[types[a.args[0]]], -a.args[0]))

    def flip(self, obs: Mapping[str, Any], legal: Sequence[Action], rng: np.random.Generator) -> Action:
        """Memory proposal: use every card seen so far (perfect memory of the public flips)."""
        types = self._types()
        grid = obs["grid"]
        flipped = obs["flipped"]
        allowed = {a.args[0] for a in legal}
        held = [s for s in flipped if grid[s] >= 0 and types[grid[s]] != C.EVENT]
        known: dict[int, list[int]] = {}
        for s in allowed:
            c = grid[s]
            if c >= 0 and types[c] != C.EVENT:
                known.setdefault(types[c], []).append(s)
        if held:
            t = types[grid[held[-1]]]
            if known.get(t):
                return Action("flip", (min(known[t]),))
        else:
            for slots in known.values():
                if len(slots) >= 2:
                    return Action("flip", (min(slots),))
        unknown = sorted(s for s in allowed if grid[s] == -1)
        if unknown:
            return Action("flip", (unknown[int(rng.integers(len(unknown)))],))
        safe = sorted(s for s in allowed if types[grid[s]] != C.EVENT) or sorted(allowed)
        return Action("flip", (safe[int(rng.integers(len(safe)))],))


class BlockerAgent(CollectorAgent):
    """A collector that also avoids feeding its neighbour (the player it passes to).

    It remembers, this hand, how many cards of each type it passed on and how many came back
    to it: a type that flows out more than it comes back is being kept downstream, first of all
    by the neighbour it feeds, so among its duplicates it discards the type the neighbour is
    least believed to collect.
    """

    name = "blocker"

    def wants(self, obs: Mapping[str, Any], t: int) -> float:
        passed = sum(1 for x in obs["my_passes"] if x == t)
        back = sum(1 for x in obs["my_receipts"] if x == t)
        return float(passed - back)


AGENTS: dict[str, type[ReflexAgent]] = {
    "random_rt": ReflexAgent,
    "collector": CollectorAgent,
    "blocker": BlockerAgent,
}
