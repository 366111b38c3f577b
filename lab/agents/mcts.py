"""General players for every game: MCTS (UCT) and ISMCTS (information-set MCTS).

Both search one tree per decision. Each iteration draws a full state from the seat's
:class:`~lab.agents.seat.SeatView` (``resample_hidden``: hidden parts redrawn consistently with
everything the seat has seen; a plain copy in a perfect-information game), walks the tree from
the root choosing actions by UCB, adds one node, finishes the game (or ``rollout_depth``
actions) with the rollout policy and backs the returns up. The tree is keyed by the actions
taken, not by states (open loop), so one tree gathers the statistics of every determinisation:
the single-observer ISMCTS of Cowling, Powley and Whitehouse (2012). An action is scored only
over the iterations in which it was legal (their *availability* count replaces the parent's
visit count in UCB).

- Chance nodes: outcomes are drawn with their declared probabilities from the agent's own
  random numbers. ``chance="branch"`` gives every outcome its own subtree (expectimax-style
  chance nodes, sampled); ``chance="sample"`` keeps one subtree for all outcomes.
- Simultaneous nodes: decoupled UCT — each acting player keeps its own statistics in the node
  and picks by its own UCB; the joint action makes the child.
- Every player maximises their own return.
- ``prior``: a game agent that guides the root (progressive bias). The seat keeps its own
  instance of it and shows it the seat's real observation at every decision, so an agent that
  remembers (Memcel's ``perfect``/``memory``) keeps its memory. Its choice is tried first, comes
  first in progressive widening, wins ties in the final visit count and gets a bonus of
  ``prior_weight / (1 + visits)`` in UCB: the search leaves it only for an action the
  simulations clearly prefer. With ``prior_margin > 0`` the final choice is the prior's unless
  the search's favourite (the most visited other action: one test, so that many actions do not
  multiply the chance of a lucky one) has a mean return higher by more than that many standard
  errors. That test reuses the search's own samples, which favour the favourite (it is the most
  visited because its first results were lucky; with a handful of equal returns its spread is
  zero). ``prior_check = k > 0`` replaces it with a fresh paired test: the prior's choice and
  the search's favourite are each played on from the same ``k`` new determinisations with the
  same random numbers, and the favourite is taken only if the mean of the paired differences
  exceeds ``prior_margin`` standard errors. When the simulations carry no information about
  the action the differences are zero or noise, and the searcher plays its prior's game.
  ``check_depth = 0`` plays those paired simulations to the end of the game: the test then
  compares true outcomes under the rollout policy, not an evaluation of cut games (which can
  be biased: Space Station's fitted value model describes the start of a turn, not its middle).
- ``evaluation="value"``: a rollout cut after ``rollout_depth`` actions is scored by the game's
  own estimate ``state.value_estimate()`` (expected returns) when the game's state declares
  one (Space Station: its fitted win model), else by the progress rank.
- ``delegate`` / ``delegate_kinds``: decisions whose legal actions are all of the named kinds
  are not searched but taken from a game agent's policy (for the searching seat as well as in
  the simulations), e.g. Fiemme–Cembra's slap timing from the human reaction-time model so that
  speed is not what wins.

``mcts`` and ``ismcts`` share the algorithm; their defaults differ: ``mcts`` branches at chance
nodes (the classic UCT tree of a perfect-information game), ``ismcts`` samples them. On a game
with hidden information both see only what their seat may see.

Reproducibility: with ``time_limit = 0`` (the default) the search does exactly ``iterations``
iterations, and the same seed gives the same moves. A positive ``time_limit`` stops the search
by the clock, so moves then depend on the machine's speed and load: not reproducible.

Memory: a tree grows by about one node per iteration, each with a row of statistics per legal
action. :data:`MEASURED_BYTES` holds each seed game's measured cost per iteration
(``python -m tests.tools.search_memory``); an agent whose ``iterations`` would grow a tree past
:data:`MAX_TREE_BYTES` on its game is refused when it is made (:class:`~lab.InvalidAgent`
naming the cost and the largest allowed setting), and while searching, a tree whose counted
nodes and rows reach that bound stops growing: the search ends there (deterministically: the
counts depend only on the seed) and ``agent.memory_stops`` counts it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from lab.agents.base import BaseAgent, build_agent, own_agent_factories
from lab.agents.seat import SeatView
from lab.core.actions import Action
from lab.core.chance import sample_outcome
from lab.core.errors import InvalidAgent, InvalidVariant
from lab.core.game import Game
from lab.core.params import ParamSpec, validate_params
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State


def _names(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        msg = "expected a list of action kind names"
        raise ValueError(msg)
    return value


def _agent_name(value: Any) -> Any:
    if value is not None and not isinstance(value, str):
        msg = "expected null or an agent name (a string)"
        raise ValueError(msg)
    return value


SETTINGS: tuple[ParamSpec, ...] = (
    ParamSpec("iterations", "int", 200, "search iterations per decision", minimum=1, maximum=10_000_000),
    ParamSpec("time_limit", "float", 0.0,
              "seconds per decision (0: off); the search stops at whichever budget runs out "
              "first. A clock makes play non-reproducible", minimum=0.0, maximum=3600.0),
    ParamSpec("exploration", "float", 1.4, "UCB exploration constant c", minimum=0.0, maximum=100.0),
    ParamSpec("rollout", "json", "random",
              "rollout policy: 'random' or the name of one of the game's agents (one instance per "
              "seat plays every rollout, so an agent that remembers past observations is misled)",
              check=_agent_name),
    ParamSpec("rollout_depth", "int", 200,
              "actions (chance included) a rollout may take before it is scored by the evaluation "
              "(0: play to the end)", minimum=0, maximum=1_000_000),
    ParamSpec("evaluation", "choice", "progress",
              "score of a rollout cut before the end: 'progress' ranks the players by "
              "state.progress(), 'lead' takes each player's progress lead over the others' mean "
              "(both worth at most half a win), 'value' asks the game's own estimate "
              "state.value_estimate() (expected returns, on the scale of returns(); 'progress' "
              "for a game without one), 'zero' scores it as a draw",
              choices=("progress", "lead", "value", "zero")),
    ParamSpec("widening", "float", 0.0,
              "progressive widening: a player considers only 1 + n**widening of its actions at a "
              "node it has chosen at n times (in a random order fixed per node); 0: all at once",
              minimum=0.0, maximum=1.0),
    ParamSpec("chance", "choice", "sample",
              "chance nodes: 'sample' (one subtree for all outcomes) or 'branch' (a subtree per "
              "outcome)", choices=("sample", "branch")),
    ParamSpec("prior", "json", None,
              "null, or a game agent that guides the search at the root: the seat's own instance "
              "sees the seat's real observation at every decision (so an agent with memory keeps "
              "it) and its choice gets a progressive bias of prior_weight / (1 + visits)",
              check=_agent_name),
    ParamSpec("prior_weight", "float", 1.0,
              "progressive bias of the prior agent's choice at the root (in units of a win)",
              minimum=0.0, maximum=1_000_000.0),
    ParamSpec("prior_margin", "float", 0.0,
              "keep the prior's choice unless the most visited other root action's mean return "
              "beats it by more than this many standard errors (0: play the most visited action)",
              minimum=0.0, maximum=100.0),
    ParamSpec("prior_check", "int", 0,
              "with prior_margin > 0: paired simulations that decide whether to leave the prior's "
              "choice. The prior's choice and the search's favourite are each played from the same "
              "fresh determinisations with the same random numbers, and the favourite is taken only "
              "if its mean return beats the prior's by more than prior_margin standard errors of "
              "the paired differences (0: the test reuses the search's own statistics, which favour "
              "the favourite: it is the most visited because its first results were lucky)",
              minimum=0, maximum=1_000_000),
    ParamSpec("check_depth", "int", -1,
              "actions each prior_check playout may take before it is scored by the evaluation "
              "(-1: rollout_depth; 0: play to the end, so that the test compares true outcomes "
              "under the rollout policy rather than a biased evaluation of cut games)",
              minimum=-1, maximum=1_000_000),
    ParamSpec("delegate", "json", None,
              "null, or a game agent whose policy takes the decisions of delegate_kinds",
              check=_agent_name),
    ParamSpec("delegate_kinds", "json", [],
              "action kinds decided by the delegate agent instead of the search", check=_names),
)


MAX_TREE_BYTES = 1_000_000_000
"""Largest search tree (estimated bytes) one decision may grow."""
MEASURED_BYTES: dict[str, dict[str, int]] = {
    # bytes per iteration: the largest traced peak per iteration over five positions of a random
    # game (its first decision among them), 1,000 iterations (python -m tests.tools.search_memory,
    # December 2026: memcel 3,178 / 3,107, fiemme_cembra 8,064 / 14,211, space_station 1,045 /
    # 774, memm 5,934 / 3,669 for mcts / ismcts), times 1.5 for variants and positions not
    # measured; Memcel's MCTS from the 5.8 KB issue 40 measured, Fiemme-Cembra's ISMCTS from 14.2 KB;
    # Memcel's ISMCTS from its growth between 100 and 400 iterations at the first decision, 4.7-4.8 KB
    # (tests/test_hostile_bounds.py), above the peak per iteration
    "memcel": {"mcts": 8_700, "ismcts": 7_300},
    "fiemme_cembra": {"mcts": 12_100, "ismcts": 21_400},
    "space_station": {"mcts": 1_600, "ismcts": 1_200},
    "memm": {"mcts": 9_000, "ismcts": 5_600},
}
NODE_BYTES = 700
"""A node's own cost (its object, its four dicts, its place among its parent's children)."""
ROW_BYTES = 300
"""A statistics row's cost (its list of four numbers, its entry in the node's table)."""


def iteration_bytes(game: Game, agent: str) -> int:
    """Bytes one iteration of ``agent`` (``"mcts"``/``"ismcts"``) adds to a tree on ``game``:
    the measured figure (:data:`MEASURED_BYTES`) for a seed game, else an estimate from the
    game's action space (a node with a row for each of up to 256 actions)."""
    measured = MEASURED_BYTES.get(game.name, {}).get(agent)
    if measured:
        return measured
    return NODE_BYTES + ROW_BYTES * min(game.num_distinct_actions(), 256)


_ROWS = [0]  # statistics rows made so far in this process (the search reads the difference)


def _spawned(rng: np.random.Generator) -> np.random.Generator:
    """A child generator of ``rng`` that leaves ``rng``'s own stream untouched (numpy's
    ``Generator.spawn``); a generator without a seed sequence gives a child seeded from it."""
    try:
        return rng.spawn(1)[0]
    except (AttributeError, TypeError, ValueError):
        return np.random.default_rng(rng.integers(2**63))


class _Node:
    """One tree node: per acting player, per action ``[visits, total return, availability,
    total squared return]``."""

    __slots__ = ("children", "prior", "rank", "stats")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, list[float]]] = {}
        self.children: dict[Any, _Node] = {}
        self.rank: dict[int, dict[Action, float]] = {}  # progressive widening's random order
        self.prior: dict[int, tuple[Action, float]] = {}  # player -> (guided action, bias weight)

    def select(self, player: int, legal: Sequence[Action], c: float, rng: np.random.Generator,
               widening: float = 0.0) -> Action:
        """UCB over the legal actions (availability counts); an untried action first (the
        prior's choice before the others), plus the prior's progressive bias."""
        table = self.stats.get(player)
        if table is None:
            table = self.stats[player] = {}
        guided, weight = self.prior.get(player, (None, 0.0))
        if widening > 0:
            k = 1 + int(sum(row[0] for row in table.values()) ** widening)
            if k < len(legal):
                rank = self.rank.setdefault(player, {})
                for a in legal:
                    if a not in rank:
                        rank[a] = -1.0 if a == guided else float(rng.random())  # the prior's first
                legal = sorted(legal, key=rank.__getitem__)[:k]
        untried = []
        for a in legal:
            row = table.get(a)
            if row is None:
                row = table[a] = [0, 0.0, 0, 0.0]
                _ROWS[0] += 1
            row[2] += 1
            if row[0] == 0:
                untried.append(a)
        if untried:
            if guided is not None and guided in untried:
                return guided
            return untried[int(rng.integers(len(untried)))] if len(untried) > 1 else untried[0]
        best, best_score = legal[0], -math.inf
        log, sqrt = math.log, math.sqrt
        for a in legal:
            n, w, avail, _ = table[a]
            score = w / n + c * sqrt(log(avail) / n)
            if a == guided:
                score += weight / (1 + n)
            if score > best_score:
                best, best_score = a, score
        return best

    def update(self, player: int, action: Action, value: float) -> None:
        row = self.stats[player][action]
        row[0] += 1
        row[1] += value
        row[3] += value * value


class SearchAgent(BaseAgent):
    """UCT / ISMCTS over determinisations drawn from the seat's view. See the module docstring."""

    name = "ismcts"
    uses_search: ClassVar[bool] = True
    SETTINGS: ClassVar[tuple[ParamSpec, ...]] = SETTINGS
    DEFAULTS: ClassVar[Mapping[str, Any]] = {}

    def __init__(self, **settings: Any) -> None:
        given = {**self.DEFAULTS, **settings}
        try:
            params = validate_params(self.SETTINGS, given)
        except InvalidVariant as exc:
            text = str(exc).replace("parameter", "setting").replace("known parameters", "known settings")
            raise InvalidAgent(f"agent {self.name!r}: {text}") from None
        if params["delegate_kinds"] and not params["delegate"]:
            msg = f"agent {self.name!r}: setting 'delegate_kinds' needs a 'delegate' agent name"
            raise InvalidAgent(msg)
        super().__init__(**settings)
        self.params = params.to_dict()
        self._policies: list[Any] = []
        self._delegates: list[Any] = []
        self._prior: Any = None
        self._kinds_of: dict[int, tuple[tuple[Action, ...], bool]] = {}  # see _delegated
        #: searched decisions in which the search played another action than its prior's choice
        self.left_prior = 0
        #: searches that stopped before their iterations because the tree reached MAX_TREE_BYTES
        self.memory_stops = 0

    # ------------------------------------------------------------------ protocol
    def reset(self, game: Game, player: int) -> None:
        super().reset(game, player)
        p = self.params
        self._policies = self._build(game, p["rollout"], "rollout")
        self._delegates = self._build(game, p["delegate"], "delegate") if p["delegate"] else []
        self._prior = None
        if p["prior"] not in (None, "random"):
            self._check_name(game, p["prior"], "prior")
            self._prior = build_agent(game, p["prior"], own_agent_factories(game))
            self._prior.reset(game, player)

    def check_game(self, game: Game | type[Game]) -> None:
        """Refuse a rollout or delegate that is not an agent of ``game``, and ``iterations``
        whose tree would pass :data:`MAX_TREE_BYTES` on it (``make_agent`` calls this, so a bad
        setting is refused before any game is played)."""
        if self.params["rollout"] is None:
            raise InvalidAgent(f"agent {self.name!r}: rollout must be 'random' or an agent name, not null")
        for what in ("rollout", "delegate", "prior"):
            self._check_name(game, self.params[what], what)
        variant = game if isinstance(game, Game) else game()
        cost = iteration_bytes(variant, self.name)
        iterations = int(self.params["iterations"])
        if iterations * cost > MAX_TREE_BYTES:
            most = MAX_TREE_BYTES // cost
            how = "measured" if MEASURED_BYTES.get(variant.name, {}).get(self.name) else "estimated from its actions"
            msg = (
                f"agent {self.name!r}: iterations {iterations:,} would grow a search tree of about "
                f"{iterations * cost / 1e9:,.1f} GB on {variant.name} ({cost:,} bytes per iteration, {how}); "
                f"at most {most:,} iterations ({MAX_TREE_BYTES / 1e9:g} GB per decision)"
            )
            raise InvalidAgent(msg)

    def _check_name(self, game: Game | type[Game], name: str | None, what: str) -> None:
        if name in (None, "random"):
            return
        own = [a for a in own_agent_factories(game) if a not in ("random", "mcts", "ismcts")]
        if name not in own:
            msg = (f"agent {self.name!r}: {what} {name!r:.60} is not an agent of {game.name}; "
                   f"allowed: 'random', {', '.join(repr(a) for a in own) or 'none other'}")
            raise InvalidAgent(msg)

    def _build(self, game: Game, name: str | None, what: str) -> list[Any]:
        if name in (None, "random"):
            return []
        self._check_name(game, name, what)
        agents = [build_agent(game, name, own_agent_factories(game)) for _ in range(game.num_players())]
        for seat, agent in enumerate(agents):
            agent.reset(game, seat)
        return agents

    def step(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        msg = (f"agent {self.name!r} searches: the driver must call "
               "lab.agents.decide(agent, state, player, legal, rng), which hands it a seat view")
        raise InvalidAgent(msg)

    def step_with_view(self, view: SeatView, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        """Choose among ``legal_actions`` by searching determinisations drawn from ``view``."""
        if self.game is None:
            self.reset(view.game, view.player)
        legal = list(legal_actions)
        guided = None
        if self._prior is not None:
            # fed at every decision, so that its memory is the seat's; it draws from the seat's
            # generator as it would playing alone, the search from a spawned child generator,
            # so a guided search that never departs from its prior plays the prior's game
            guided = self._prior.step(view.observation(), legal, rng)
            rng = _spawned(rng)
        if len(legal) == 1:
            return legal[0]
        if self._delegated(legal):
            if guided is not None and self.params["delegate"] == self.params["prior"]:
                return guided
            return self._delegates[view.player].step(view.observation(), legal, rng)
        root = _Node()
        if guided is not None and self.params["prior_weight"] > 0:
            root.prior[view.player] = (guided, float(self.params["prior_weight"]))
        self.search(view, rng, root)
        if guided is not None and self.params["prior_margin"] > 0:
            if self.params["prior_check"] > 0:
                chosen = self._checked(view, root, legal, guided, rng)
            else:
                chosen = self._kept(root, view.player, legal, guided, float(self.params["prior_margin"]))
        else:
            chosen = self._best(root, view.player, legal)
        self.left_prior += guided is not None and chosen != guided
        return chosen

    # ------------------------------------------------------------------ search
    def search(self, view: SeatView, rng: np.random.Generator, root: _Node | None = None) -> _Node:
        """Run the search from ``view`` (growing ``root``, or a new tree) and return the root."""
        p = self.params
        root = _Node() if root is None else root
        c = float(p["exploration"])
        widening = float(p["widening"])
        branch = p["chance"] == "branch"
        limit = float(p["time_limit"])
        deadline = time.perf_counter() + limit if limit > 0 else math.inf
        rows0, nodes = _ROWS[0], 0
        for _ in range(int(p["iterations"])):
            if NODE_BYTES * nodes + ROW_BYTES * (_ROWS[0] - rows0) > MAX_TREE_BYTES:
                self.memory_stops += 1  # the tree reached its bound: the search ends here
                break
            nodes += 1
            state = view.sample(rng)
            node = root
            path: list[tuple[_Node, dict[int, Action]]] = []
            while True:
                cur = state.current_player()
                if cur == TERMINAL:
                    break
                if cur == CHANCE:
                    outcome = sample_outcome(state._chance_outcomes(), rng)
                    state._apply_unchecked(CHANCE, outcome)
                    if branch:
                        child = node.children.get((CHANCE, outcome))
                        if child is None:
                            child = node.children[(CHANCE, outcome)] = _Node()
                            nodes += 1
                        node = child
                    continue
                acting = state.acting_players()
                joint: dict[int, Action] = {}
                searched: dict[int, Action] = {}
                for q in acting:
                    legal = state._legal_actions(q)
                    if self._delegated(legal):
                        joint[q] = self._delegates[q].step(state.observation(q), legal, rng)
                    else:
                        joint[q] = searched[q] = node.select(q, legal, c, rng, widening)
                if cur == SIMULTANEOUS:
                    state._apply_unchecked(SIMULTANEOUS, joint)
                else:
                    state._apply_unchecked(cur, joint[cur])
                if not searched:  # only delegated decisions: like a chance node
                    if branch:
                        child = node.children.get(tuple(joint.items()))
                        if child is None:
                            child = node.children[tuple(joint.items())] = _Node()
                            nodes += 1
                        node = child
                    continue
                path.append((node, searched))
                key = tuple(searched.items()) if not branch else tuple(joint.items())
                child = node.children.get(key)
                if child is None:
                    node.children[key] = _Node()
                    break
                node = child
            values = self.rollout(state, rng)
            for n, acts in path:
                for q, a in acts.items():
                    n.update(q, a, values[q])
            if time.perf_counter() >= deadline:
                break
        return root

    def rollout(self, state: State, rng: np.random.Generator, depth: int | None = None) -> list[float]:
        """Play on with the rollout policy; the returns, or the evaluation if cut short after
        ``depth`` actions (default ``rollout_depth``; 0: no cut)."""
        limit = (int(self.params["rollout_depth"]) if depth is None else depth) or math.inf
        policies = self._policies
        if not policies and not self._delegates:
            return self._random_rollout(state, rng, limit)
        steps = 0
        while steps < limit:
            cur = state.current_player()
            if cur == TERMINAL:
                return state.returns()
            if cur == CHANCE:
                state._apply_unchecked(CHANCE, sample_outcome(state._chance_outcomes(), rng))
            elif cur == SIMULTANEOUS:
                joint = {q: self._policy_action(state, q, policies, rng) for q in state.acting_players()}
                state._apply_unchecked(SIMULTANEOUS, joint)
            else:
                state._apply_unchecked(cur, self._policy_action(state, cur, policies, rng))
            steps += 1
        if state.is_terminal():
            return state.returns()
        return self.evaluate(state)

    def _random_rollout(self, state: State, rng: np.random.Generator, depth: float) -> list[float]:
        """:meth:`rollout` with uniformly random actions: the hot loop of plain UCT, with the
        random numbers drawn in blocks (one numpy call per 256 decisions)."""
        apply, legal_of, current = state._apply_unchecked, state._legal_actions, state.current_player
        block = rng.random(256).tolist()
        i = steps = 0
        while steps < depth:
            cur = current()
            if cur >= 0:
                legal = legal_of(cur)
                if i == 256:
                    block, i = rng.random(256).tolist(), 0
                apply(cur, legal[int(block[i] * len(legal))])
                i += 1
            elif cur == TERMINAL:
                return state.returns()
            elif cur == CHANCE:
                apply(CHANCE, sample_outcome(state._chance_outcomes(), rng))
            else:
                joint = {}
                for q in state.acting_players():
                    legal = legal_of(q)
                    joint[q] = legal[int(rng.random() * len(legal))]
                apply(SIMULTANEOUS, joint)
            steps += 1
        if state.is_terminal():
            return state.returns()
        return self.evaluate(state)

    def _policy_action(self, state: State, player: int, policies: list[Any], rng: np.random.Generator) -> Action:
        legal = state._legal_actions(player)
        if self._delegated(legal):
            return self._delegates[player].step(state.observation(player), legal, rng)
        if policies:
            return policies[player].step(state.observation(player), legal, rng)
        return legal[int(rng.integers(len(legal)))]

    def evaluate(self, state: State) -> list[float]:
        """Score of a live state from ``progress()`` (in [-0.5, 0.5]; see ``evaluation``), or zeros."""
        n = state.game.num_players()
        how = self.params["evaluation"]
        if how == "value":
            estimate = getattr(state, "value_estimate", None)
            if estimate is not None:
                return [float(v) for v in estimate()]
        prog = state.progress() if how != "zero" else None
        if prog is None:
            return [0.0] * n
        if n == 1:
            return [min(1.0, max(0.0, float(prog[0]))) - 0.5]
        if how == "lead":  # scaled by the largest progress when it exceeds 1 (card counts)
            scale = 2.0 * max(1.0, *(abs(float(x)) for x in prog))
            total = sum(prog)
            return [(prog[p] - (total - prog[p]) / (n - 1)) / scale for p in range(n)]
        out = []
        for p in range(n):
            below = sum(1 for q in range(n) if prog[q] < prog[p])
            above = sum(1 for q in range(n) if prog[q] > prog[p])
            out.append(0.5 * (below - above) / (n - 1))
        return out

    def _delegated(self, legal: Sequence[Action]) -> bool:
        kinds = self.params["delegate_kinds"]
        if not (self._delegates and kinds):
            return False
        if type(legal) is not tuple:
            return all(a.kind in kinds for a in legal)
        # a game's shared read-only tuple (Fiemme–Cembra's hundreds of slaps): judged once
        known = self._kinds_of.get(id(legal))
        if known is None or known[0] is not legal:
            known = self._kinds_of[id(legal)] = (legal, all(a.kind in kinds for a in legal))
        return known[1]

    @staticmethod
    def _best(root: _Node, player: int, legal: Sequence[Action]) -> Action:
        """The most visited legal action at the root (ties: the prior's choice, then the better
        mean, then legal order)."""
        table = root.stats.get(player, {})
        guided = root.prior.get(player, (None, 0.0))[0]
        best, best_key = legal[0], (-1, False, -math.inf)
        for a in legal:
            n, w, *_ = table.get(a, (0, 0.0))
            key = (n, a == guided, w / n if n else -math.inf)
            if key > best_key:
                best, best_key = a, key
        return best

    def _checked(self, view: SeatView, root: _Node, legal: Sequence[Action], guided: Action,
                 rng: np.random.Generator) -> Action:
        """The prior's choice, unless the search's favourite (the most visited root action,
        :meth:`_best`) is another action and wins a fresh paired test against it: ``prior_check`` determinisations, each
        played on after both actions with the same random numbers (common random numbers), the
        favourite taken only if its mean gain exceeds ``prior_margin`` standard errors of the
        paired differences. Under simulations that carry no information the gain is noise, so
        the prior's choice is left only with the test's false-positive rate (about 2% per
        decision at a margin of 2)."""
        rival = self._best(root, view.player, legal)
        if rival == guided or guided not in legal:
            return rival
        k = int(self.params["prior_check"])
        diffs = np.empty(k)
        for j in range(k):
            seed = int(rng.integers(2**63))
            diffs[j] = (self._playout(view, rival, np.random.default_rng(seed))
                        - self._playout(view, guided, np.random.default_rng(seed)))
        mean = float(diffs.mean())
        se = float(diffs.std(ddof=1)) / math.sqrt(k) if k > 1 else math.inf
        return rival if mean > 0 and mean > float(self.params["prior_margin"]) * se else guided

    def _playout(self, view: SeatView, action: Action, rng: np.random.Generator) -> float:
        """The seat's return of one determinisation drawn from ``view``, ``action`` taken (the
        other acting players of a simultaneous node by the rollout policy), then the rollout."""
        state = view.sample(rng)
        player = view.player
        if state.current_player() == SIMULTANEOUS:
            joint = {q: action if q == player else self._policy_action(state, q, self._policies, rng)
                     for q in state.acting_players()}
            state._apply_unchecked(SIMULTANEOUS, joint)
        else:
            state._apply_unchecked(player, action)
        depth = int(self.params["check_depth"])
        return float(self.rollout(state, rng, None if depth < 0 else depth)[player])

    @staticmethod
    def _kept(root: _Node, player: int, legal: Sequence[Action], guided: Action, margin: float) -> Action:
        """The prior's choice, unless the most visited other root action's mean return beats it
        by more than ``margin`` standard errors (each action's spread taken as at least the
        spread of all root returns). Its samples are the search's own, so the test favours the
        favourite: ``prior_check`` (:meth:`_checked`) is the unbiased test."""
        table = root.stats.get(player, {})

        def moments(a: Action) -> tuple[int, float, float]:
            n, w, _, sq = table.get(a, (0, 0.0, 0, 0.0))
            mean = w / n if n else 0.0
            return n, mean, (sq / n - mean * mean) if n else 0.0

        if guided not in legal:
            return SearchAgent._best(root, player, legal)
        n_g, mean_g, var_g = moments(guided)
        if n_g < 2:  # no estimate of its spread: keep it
            return guided
        # one test, not one per action: the search's own favourite (the most visited other
        # action) against the prior's choice
        others = [a for a in legal if a != guided and table.get(a, (0,))[0] >= 2]
        if not others:
            return guided
        rival = max(others, key=lambda a: (table[a][0], moments(a)[1]))
        n, mean, var = moments(rival)
        # each spread at least the spread of all root returns: a few equal returns of one
        # action (spread 0) are no evidence of a sure result
        rows = [table[a] for a in legal if a in table]
        total = sum(r[0] for r in rows)
        pooled_mean = sum(r[1] for r in rows) / total
        pooled = sum(r[3] for r in rows) / total - pooled_mean * pooled_mean
        se = math.sqrt(max(var, pooled, 0.0) / (n - 1) + max(var_g, pooled, 0.0) / (n_g - 1))
        return rival if mean - mean_g > margin * se else guided


class MCTSAgent(SearchAgent):
    """UCT with a subtree per chance outcome (``chance="branch"``)."""

    name = "mcts"
    DEFAULTS: ClassVar[Mapping[str, Any]] = {"chance": "branch"}


class ISMCTSAgent(SearchAgent):
    """Information-set MCTS: one subtree for all chance outcomes (``chance="sample"``)."""

    name = "ismcts"
