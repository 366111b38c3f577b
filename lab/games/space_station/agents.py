"""Players for Save the Space Station: a greedy interceptor and a Monte-Carlo search player.

Both see only observations; the game is perfect-information, so they rebuild a state with
:func:`~lab.games.space_station.observe.state_from_observation` and read the rules' own tables.

* ``greedy``: rams a missile whenever a fighter can reach it (and a droid when the ram finishes
  it or the droid is two moves from the station), otherwise ends where it screens
  the missiles' shortest routes to the station and has missiles, then droids, in laser range;
  never ends a route on the station's path of the next turn; fires at missiles first (the one
  nearest the station), then at the most damaged droid.
* ``search``: a two-level search over the fighters' moves. (1) One-ply lookahead: every end
  hex each eligible fighter can reach is scored against the enemy's reply of this turn (where
  each droid will stand when it fires) with :data:`SEARCH_WEIGHTS`, which close in on the
  droids to about laser range (shots from turn 3 on instead of waiting by the station) and
  weigh the droids' return fire more. (2) In the decisive turns (a droid within ``focus``
  route steps of the station) the best few plans are compared by Monte-Carlo rollouts to the
  end of the game, played with that policy and dice sampled from the agent's own generator,
  with common random numbers across the plans.

Measured (``lab.simulate(game, agents=[name], n_games=N, seed=2026, workers=2)``, paired seeds,
95 % Wilson intervals, one-sided exact McNemar test on the discordant seeds): greedy 93/1200
(7.7 %, [6.4, 9.4]); full search 142/1200 (11.8 %, [10.1, 13.8]), discordant 90 vs 41,
p = 1e-5; the one-ply scorer alone (``focus=-1``) 128/1200 (10.7 %), so most of the gain is
the lookahead scorer and the rollouts add about one point (53 vs 39 discordant, p = 0.09).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

import numpy as np

from lab.agents.base import BaseAgent
from lab.core.actions import Action, act
from lab.core.chance import sample_outcome
from lab.core.params import ParamSpec
from lab.core.state import CHANCE
from lab.games.space_station.observe import state_from_observation
from lab.games.space_station.position import IN_PLAY, LOSS, RUNNING
from lab.games.space_station.state import SpaceStationState
from lab.games.space_station.value import win_probability

Plan = tuple[float, int, tuple[int, ...], str]  # (score, fighter id, directions, kind)
RAM_FAR_DROID = -1000.0  # value of ramming a full-strength droid far from the station


class PlanWeights(NamedTuple):
    """Weights of the end-hex score of :func:`fighter_plans`.

    Attributes
    ----------
    danger : float
        Cost of ending inside a droid's laser range after the droid's move (its reply).
    droid_in_range : float
        Value of each droid within laser range of the end hex (a shot this turn).
    screen : float
        Value of standing on a missile's shortest route within its reach.
    approach : float
        Cost per hex by which the end hex is farther than ``approach_to`` from the nearest
        droid (0: wait near the station; > 0: close in and fire early).
    approach_to : float
        The distance from the nearest droid that ``approach`` aims at.
    """

    danger: float = 15.0
    droid_in_range: float = 40.0
    screen: float = 200.0
    approach: float = 0.0
    approach_to: float = 0.0


GREEDY_WEIGHTS = PlanWeights()
# the search player's one-ply scorer (measured against the greedy: see the module docstring)
SEARCH_WEIGHTS = PlanWeights(danger=40.0, approach=30.0, approach_to=6.0)


def target_choice(state: SpaceStationState, targets: Sequence[int]) -> int:
    """Missiles first (nearest the station by route), then the droid with fewest hits left."""
    g, geo = state.game, state.geo
    table = geo.to_orbit[state.station_k]

    def key(t: int) -> tuple[int, int, int]:
        return (g.kinds[t] != "missile", state.hp[t] if g.kinds[t] == "droid" else 0,
                table[state.hexes[t]])

    return min(targets, key=key)


def fighter_plans(
    state: SpaceStationState, f: int, weights: PlanWeights = GREEDY_WEIGHTS
) -> list[Plan]:
    """Scored routes for fighter ``f`` (best first), one per reachable end hex.

    Every end hex within the fighter's move is scored against the enemy's reply this turn:
    where each droid will stand when it fires (:class:`PlanWeights` weighs the terms).
    """
    w = weights
    g, geo = state.game, state.geo
    p = g.opt
    start = state.hexes[f]
    kinds, hexes, hp, dist = g.kinds, state.hexes, state.hp, geo.dist
    occupied: dict[int, int] = {}
    for o in range(g.n_pieces):
        if o != f and state.status[o] == IN_PLAY:
            occupied.setdefault(state.hexes[o], o)
    missiles = [m for m in range(g.first_missile, g.n_pieces) if state.status[m] == IN_PLAY]
    droids = [d for d in range(g.first_droid, g.first_missile) if state.status[d] == IN_PLAY]
    k = state.station_k
    orbit = geo.orbit
    path_next = {orbit[(k + s) % len(orbit)] for s in range(1, int(p.station_speed) + 1)}
    table = geo.to_orbit[k]
    speed = int(p.fighter_speed) if state.active < 0 else state.steps_left
    # where each droid will probably stand when it fires this turn (first route, pieces ignored)
    droid_speed = int(p.droid_speed)
    missile_speed = int(p.missile_speed)
    screen, in_range, danger = w.screen, w.droid_in_range, w.danger
    threats = []
    for d in droids:
        routes = geo.routes(state.hexes[d], k, droid_speed)
        threats.append(routes[0][-1] if routes and routes[0] else state.hexes[d])
    rng_laser = int(p.laser_range)
    # breadth-first over empty hexes; a missile's hex may end a route (ramming)
    paths: dict[int, tuple[int, ...]] = {start: ()}
    frontier = [start]
    for _ in range(speed):
        nxt = []
        for h in frontier:
            for d, j in enumerate(geo.step[h]):
                if j < 0 or j in paths:
                    continue
                o = occupied.get(j)
                if o is not None:
                    if g.kinds[o] in ("missile", "droid"):
                        paths[j] = (*paths[h], d)
                    continue
                paths[j] = (*paths[h], d)
                nxt.append(j)
        frontier = nxt
    plans: list[Plan] = []
    for e, dirs in paths.items():
        o = occupied.get(e)
        kind = "ram" if o is not None and e != start else "safe"
        if o is not None and e != start:
            if kinds[o] == "missile":
                score = 1000.0 - table[hexes[o]]  # ram the missile nearest the station
            elif table[hexes[o]] <= droid_speed:
                score = 960.0 - hp[o]  # it reaches the station this turn: every ram counts
            elif hp[o] == 1:
                score = 900.0  # a ram finishes the droid
            elif table[hexes[o]] <= 2 * droid_speed:
                score = 500.0 - 10.0 * hp[o]  # the droid is about to reach the station
            else:
                score = RAM_FAR_DROID
        else:
            score = 0.0
            if e in path_next:
                score -= 5000.0
            de = dist[e]
            te = table[e]
            for m in missiles:
                mh = hexes[m]
                dm = table[mh]
                step_in = dist[mh][e]
                if step_in <= missile_speed and step_in + te == dm:
                    score += screen - 10.0 * te
                if de[mh] <= rng_laser:
                    score += 30.0
                score -= 0.5 * de[mh]
            for d in droids:
                if de[hexes[d]] <= rng_laser:
                    score += in_range
            if droids and w.approach:
                near = min(de[hexes[d]] for d in droids)
                score -= w.approach * max(0.0, near - w.approach_to)
            for t in threats:
                if de[t] <= rng_laser:
                    score -= danger  # inside a droid's laser range after it moves
                    kind = "exposed"
            score -= 0.01 * len(dirs)
        plans.append((score, f, dirs, kind))
    plans.sort(key=lambda t: -t[0])
    return plans


class GreedyAgent(BaseAgent):
    """Greedy interceptor (see the module docstring)."""

    name = "greedy"
    SETTINGS: ClassVar[tuple[ParamSpec, ...]] = ()

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        self._route = _Route()

    def step(self, observation: Mapping[str, Any], legal_actions: Sequence[Action],
             rng: np.random.Generator) -> Action:
        state = state_from_observation(self.game, observation)  # type: ignore[arg-type]
        plan = self._route.plan(state, GREEDY_WEIGHTS)
        action, plan = greedy_action(state, plan)
        self._route.keep(state, action, plan)
        return action if action in legal_actions else legal_actions[-1]


class _Route:
    """The rest of an agent's current fighter route, tied to the fighter and hex it starts from.

    An agent that did not choose the current fighter's route itself (a search player that left
    its guide's choice, or a rollout started in the middle of another simulation's route) finds
    the route stale: it plans a new one for the active fighter from where it stands
    (:func:`fighter_plans` with the steps left) instead of following or dropping a route made
    for another position. In the agent's own game the route is never stale, so its moves are
    unchanged.
    """

    __slots__ = ("at", "rest")

    def __init__(self) -> None:
        self.rest: list[int] = []
        self.at: tuple[int, int] | None = None  # (active fighter, hex) where ``rest`` applies

    def plan(self, state: SpaceStationState, weights: PlanWeights) -> list[int]:
        """The route to follow in ``state`` (a fresh one when the kept route is stale)."""
        f = state.active
        if f < 0 or self.at == (f, state.hexes[f]):
            return self.rest
        plans = fighter_plans(state, f, weights)
        return list(plans[0][2]) if plans else []

    def keep(self, state: SpaceStationState, action: Action, rest: list[int]) -> None:
        """Remember ``rest`` after ``action`` is taken in ``state``."""
        self.rest = rest
        if action.kind == "select":
            f = int(action.args[0]) + 1
            self.at = (f, state.hexes[f])
        elif action.kind == "move" and state.active >= 0:
            self.at = (state.active, state.geo.step[state.hexes[state.active]][int(action.args[0])])
        elif action.kind != "fire":  # a shot leaves the route as it is
            self.at = None


def greedy_action(
    state: SpaceStationState, plan: list[int], fast: bool = False,
    weights: PlanWeights = GREEDY_WEIGHTS,
) -> tuple[Action, list[int]]:
    """The greedy policy's action in ``state`` and the rest of its current route.

    ``fast``: activate the fighters in number order instead of comparing every fighter's best
    plan (the rollout policy of the search player: about six times cheaper).
    """
    dec = state.decision
    if dec[0] == "target":
        return act("fire", target_choice(state, dec[2])), plan
    if state.active >= 0:
        if plan and state.geo.step[state.hexes[state.active]][plan[0]] >= 0:
            return act("move", plan[0]), plan[1:]
        return act("stop"), []
    best: Plan | None = None
    for f in state._eligible():
        plans = fighter_plans(state, f, weights)
        if plans and (best is None or plans[0][0] > best[0]):
            best = plans[0]
        if fast and best is not None:
            break
    if best is None:
        return act("end"), []
    return act("select", best[1] - 1), list(best[2])


def _rollout(state: SpaceStationState, rng: np.random.Generator, turns: int,
             weights: PlanWeights = GREEDY_WEIGHTS) -> float:
    """Play on with the greedy policy for ``turns`` more turns; a value in [-1, 1]."""
    plan: list[int] = []
    horizon = state.turn + turns
    while state.outcome == RUNNING and state.turn <= horizon:
        if state.current_player() == CHANCE:
            state._apply_action(sample_outcome(state._chance_outcomes(), rng))
        else:
            action, plan = greedy_action(state, plan, fast=True, weights=weights)
            state._apply_action(action)
    return value(state)


def value(state: SpaceStationState) -> float:
    """Terminal score, or progress against the enemy minus the station's danger."""
    r = state.returns()[0]
    if state.outcome == LOSS:
        return -1.0 + 0.5 * state.progress()[0]  # a loss that hurt the enemy more is better
    if state.outcome != RUNNING:
        return r
    g, geo = state.game, state.geo
    table = geo.to_orbit[state.station_k]
    danger = 0.0
    for pid in range(g.first_droid, g.n_pieces):
        if state.status[pid] == IN_PLAY:
            danger += 1.0 / (1.0 + table[state.hexes[pid]])
    fighters = sum(1 for f in range(1, g.first_droid) if state.status[f] != 2)
    return 0.6 * state.progress()[0] - 0.3 * danger + 0.02 * fighters


MAX_ROLLOUTS_PER_DECISION = 2000  # the search player's time budget (candidates x rollouts)


class SearchAgent(BaseAgent):
    """One-ply lookahead over every fighter move, Monte-Carlo rollouts in the decisive turns.

    See the module docstring.

    Parameters
    ----------
    candidates : int
        Plans scored per decision (the greedy's best, over every eligible fighter).
    rollouts : int
        Rollouts per plan.
    horizon : int
        0: play out the current turn, then score the position with the fitted value model
        (:mod:`lab.games.space_station.value`); ``n > 0`` (default 20, in practice the rest of
        the game): play ``n`` more turns with the policy and score with :func:`value`.
    every_fighter : bool
        Also score every eligible fighter's best plan, not only the overall best few.
    focus : int
        Run the rollouts only while some droid is within this many route steps of the station
        (the decisive turns); otherwise (and always with ``focus=-1``) play the one-ply
        lookahead's best plan.
    margin : float
        A plan other than the greedy's first choice must gain more than ``margin`` standard
        errors of the paired rollout differences (common random numbers) to be chosen.
    approach, danger : float
        The :class:`PlanWeights` of the one-ply scorer that differ from the greedy's
        (defaults: :data:`SEARCH_WEIGHTS`).
    """

    name = "search"
    SETTINGS: ClassVar[tuple[ParamSpec, ...]] = (
        ParamSpec("candidates", "int", 3, "Plans scored per decision.", minimum=1, maximum=50),
        ParamSpec("rollouts", "int", 24, "Rollouts per plan (time grows with it).", minimum=0, maximum=1000),
        ParamSpec("horizon", "int", 20, "Turns played out per rollout (0: the value model).",
                  minimum=0, maximum=1000),
        ParamSpec("margin", "float", 1.0, "Standard errors a plan must gain over the greedy's.",
                  minimum=-100.0, maximum=100.0),
        ParamSpec("every_fighter", "bool", False, "Also score every eligible fighter's best plan."),
        ParamSpec("focus", "int", 12, "Roll out only while a droid is this close (-1: never).",
                  minimum=-1, maximum=1000),
        ParamSpec("approach", "float", SEARCH_WEIGHTS.approach, "One-ply scorer: cost per hex too far.",
                  minimum=-10_000.0, maximum=10_000.0),
        ParamSpec("danger", "float", SEARCH_WEIGHTS.danger, "One-ply scorer: cost of a droid's reply.",
                  minimum=-10_000.0, maximum=10_000.0),
    )

    def __init__(self, candidates: int = 3, rollouts: int = 24, horizon: int = 20,
                 margin: float = 1.0, every_fighter: bool = False, focus: int = 12,
                 approach: float = SEARCH_WEIGHTS.approach,
                 danger: float = SEARCH_WEIGHTS.danger) -> None:
        if candidates * rollouts > MAX_ROLLOUTS_PER_DECISION:
            msg = (f"candidates x rollouts = {candidates * rollouts:,} rollouts per decision; at most "
                   f"{MAX_ROLLOUTS_PER_DECISION:,} are allowed (lower one of them)")
            raise ValueError(msg)
        super().__init__(candidates=candidates, rollouts=rollouts, horizon=horizon, margin=margin,
                         every_fighter=every_fighter, focus=focus, approach=approach, danger=danger)
        self.weights = SEARCH_WEIGHTS._replace(approach=float(approach), danger=float(danger))
        self.candidates, self.rollouts, self.horizon = candidates, rollouts, horizon
        self.margin, self.every_fighter, self.focus = margin, every_fighter, focus
        self._route = _Route()

    def step(self, observation: Mapping[str, Any], legal_actions: Sequence[Action],
             rng: np.random.Generator) -> Action:
        state = state_from_observation(self.game, observation)  # type: ignore[arg-type]
        dec = state.decision
        if dec[0] == "phase" and state.active < 0 and self._critical(state):
            action, plan = self._search(state, rng)
        else:
            action, plan = greedy_action(state, self._route.plan(state, self.weights), weights=self.weights)
        self._route.keep(state, action, plan)
        return action if action in legal_actions else legal_actions[-1]

    def _critical(self, state: SpaceStationState) -> bool:
        """Search only when a droid is within ``focus`` route steps of the station."""
        g = state.game
        table = state.geo.to_orbit[state.station_k]
        near = [table[state.hexes[d]] for d in range(g.first_droid, g.first_missile)
                if state.status[d] == IN_PLAY]
        return bool(near) and min(near) <= self.focus

    def _search(self, state: SpaceStationState, rng: np.random.Generator) -> tuple[Action, list[int]]:
        chosen: list[Plan] = []
        others: list[Plan] = []
        for f in state._eligible():
            plans = fighter_plans(state, f, self.weights)
            if plans:
                others.append(plans[0])
        others.sort(key=lambda t: -t[0])
        if others:
            # the greedy's choice, then the best plan of each other kind for the same fighter
            chosen.append(others[0])
            kinds = {others[0][3]}
            for plan in fighter_plans(state, others[0][1], self.weights):
                if plan[3] not in kinds:
                    kinds.add(plan[3])
                    chosen.append(plan)
            chosen += others[1 : self.candidates]
            if self.every_fighter:
                chosen += [p for p in others if p not in chosen]
        if not chosen:
            return act("end"), []
        if len(chosen) == 1:
            return act("select", chosen[0][1] - 1), list(chosen[0][2])
        # common random numbers: rollout j of every candidate sees the same dice stream, and a
        # candidate replaces the greedy's first choice only if its paired mean gain is clear
        seeds = [int(x) for x in rng.integers(0, 2**63 - 1, size=self.rollouts)]
        base = [self._evaluate(state, chosen[0], seed) for seed in seeds]
        best, best_gain = chosen[0], 0.0
        for plan in chosen[1:]:
            diffs = np.array([self._evaluate(state, plan, seed) - b for seed, b in zip(seeds, base, strict=True)])
            gain = float(diffs.mean())
            se = float(diffs.std(ddof=1)) / np.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
            if gain > best_gain and gain > self.margin * se and se > 0:
                best, best_gain = plan, gain
        return act("select", best[1] - 1), list(best[2])

    def _evaluate(self, state: SpaceStationState, plan: Plan, seed: int) -> float:
        sim = state.clone()
        sim._apply_action(act("select", plan[1] - 1))
        for d in plan[2]:
            if sim.outcome != RUNNING or sim.active != plan[1]:
                break
            sim._apply_action(act("move", d))
        if sim.outcome == RUNNING and sim.active == plan[1]:
            sim._apply_action(act("stop"))
        rng = np.random.default_rng(seed)
        if self.horizon == 0:
            # play out the rest of this turn, then ask the fitted value model
            turn, next_plan = sim.turn, []
            while sim.outcome == RUNNING and sim.turn == turn:
                if sim.current_player() == CHANCE:
                    sim._apply_action(sample_outcome(sim._chance_outcomes(), rng))
                else:
                    action, next_plan = greedy_action(sim, next_plan, fast=True, weights=self.weights)
                    sim._apply_action(action)
            return win_probability(sim)
        return _rollout(sim, rng, self.horizon, self.weights)
