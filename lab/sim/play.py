"""Play one game to the end: the driver that samples chance and asks agents."""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from lab.agents.base import Agent, RandomAgent
from lab.agents.catalogue import make_agents
from lab.agents.seat import decide
from lab.core.errors import IllegalAction
from lab.core.game import Game
from lab.core.state import CHANCE, TERMINAL, HistoryItem, State, _new_item
from lab.sim.draws import IndexDraws
from lab.sim.seeding import generator, seed_pool, served
from lab.sim.streams import ChanceStreams


def seed_streams(seed: int | np.random.SeedSequence, n_players: int) -> tuple[np.random.Generator, list[np.random.Generator]]:
    """One Generator for chance and one per seat, all derived from ``seed``.

    Separate streams keep chance independent of how many random numbers an agent draws, so
    two variants compared on the same seed see the same dice for as long as their games agree.
    """
    ss = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    children = ss.spawn(n_players + 1)
    return np.random.default_rng(children[0]), [np.random.default_rng(c) for c in children[1:]]


def driver_streams(seed: int | np.random.SeedSequence, n_players: int) -> tuple[ChanceStreams, list[np.random.Generator]]:
    """The chance streams (one Generator per ``State.chance_stream()`` name, the default one
    being :func:`seed_streams`' chance Generator) and one Generator per seat, as :func:`play`
    uses them."""
    if type(seed) is int and seed >= 0:
        # the Generators of SeedSequence(seed).spawn(n_players + 1), without building the parent
        # and the chance child (child i is SeedSequence(seed, spawn_key=(i,)); the chance streams
        # build theirs from that entropy and key when first drawn from), each seeded from the
        # seed's pool (lab.sim.seeding): a short game's set-up
        pool = seed_pool(seed) if served(seed, (n_players,)) else None
        seats = [generator(seed, (i,), pool) for i in range(1, n_players + 1)]
        return ChanceStreams((seed, (0,)), pool), seats
    ss = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    children = ss.spawn(n_players + 1)
    return ChanceStreams(children[0]), [np.random.default_rng(c) for c in children[1:]]


def play(
    game: Game,
    agents: Any = None,
    seed: int | np.random.SeedSequence = 0,
    *,
    state: State | None = None,
    on_step: Callable[[State], None] | None = None,
) -> State:
    """Play ``game`` to the end and return the final state.

    Parameters
    ----------
    game : Game
        The rules and variant.
    agents : None, str, dict or list
        ``None``: the game's :attr:`~lab.core.game.Game.default_agents` in every seat (a
        :class:`~lab.agents.RandomAgent` unless the game names its own); a name or spec: that
        agent in every seat; a list: one per seat.
    seed : int or SeedSequence
        Everything random (chance and the agents' choices) derives from it: same game, agents
        and seed give the identical history on any machine. Chance draws from one stream per
        ``state.chance_stream()`` name, keyed by outcome identity (:mod:`lab.sim.streams`).
    state : State, optional
        Continue from this state instead of a new one (it is played in place).
    on_step : callable, optional
        Called with the state after every applied action.
    """
    seats: list[Agent] = make_agents(game, agents)
    chance, agent_rngs = driver_streams(seed, game.num_players())
    if state is None:
        state = game.new_initial_state()
    for p, agent in enumerate(seats):
        agent.reset(game, p)
    # A RandomAgent (the exact class) never reads its observation and picks
    # ``legal[rng.integers(len(legal))]``: the driver makes that pick itself, with the same
    # numbers (:class:`lab.sim.draws.IndexDraws`), and builds no observation for it. (The seats'
    # Generators were made just now by driver_streams: fresh.)
    picks = [IndexDraws(r, fresh=True).draw if type(a) is RandomAgent else None
             for a, r in zip(seats, agent_rngs, strict=True)]
    limit = game.max_game_length()
    current, legal_of, apply = state.current_player, state._legal_actions, state._apply_unchecked
    outcomes_of, stream_of, draw = state._chance_outcomes, state.chance_stream, chance.draw
    history = state._history
    push, new_item = history.append, _new_item
    # Without house rules (no transaction) the base class's recording is done here, in line:
    # append the history item, then the game's ``_apply_action`` (what ``_apply_unchecked`` does).
    cls = type(state)
    inline = (not game._house and cls._apply_unchecked is State._apply_unchecked
              and cls._record_and_apply is State._record_and_apply)
    step, step_joint, acting = state._apply_action, state._apply_actions, state.acting_players
    seat_ids = range(game.num_players())
    # a game that builds only the chosen action of a random seat (State._pick_action)
    own_pick, pick_action = cls._pick_action is not State._pick_action, state._pick_action
    pick_joint = state._pick_joint
    # When the driver makes every seat's pick itself (random players only: nothing but the rules
    # runs), the cyclic garbage collector is paused while the game is played and restored after
    # (also on an error). A playout makes thousands of small records that live exactly as long
    # as the game (its history and event log); the collector's full passes over the whole
    # process, which they trigger, cost about a quarter of a random playout's time. Rules code
    # makes no reference cycle that must be collected before the game ends (any is collected
    # once it has ended); agents, which may, play with the collector on.
    all_random = all(pick is not None for pick in picks)
    # a game that plays its runs of random joint nodes itself (State._run_joint): only when the
    # driver records each step in line and nothing watches the steps
    run_joint = (state._run_joint if all_random and inline and on_step is None
                 and cls._run_joint is not State._run_joint else None)
    # and its runs of chance nodes (State._run_chance)
    run_chance = (state._run_chance if inline and on_step is None
                  and cls._run_chance is not State._run_chance else None)
    collecting = gc.isenabled() and all_random
    if collecting:
        gc.disable()
    try:
        while True:
            cur = current()
            if cur >= 0:
                pick = picks[cur]
                if pick is None:
                    action = _ask(seats[cur], state, cur, legal_of(cur), agent_rngs[cur])
                elif own_pick:
                    action = pick_action(cur, pick)
                    if action is None:
                        _ask(seats[cur], state, cur, [], agent_rngs[cur])  # raises: no legal action
                else:
                    legal = legal_of(cur)
                    if not legal:
                        _ask(seats[cur], state, cur, legal, agent_rngs[cur])  # raises: no legal action
                    action = legal[pick(len(legal))]
            elif cur == CHANCE:
                if run_chance is not None and run_chance(draw, push, limit):
                    continue
                action = draw(outcomes_of(), stream_of())
            elif cur == TERMINAL:
                return state
            else:  # SIMULTANEOUS: a joint action, applied by the state
                if run_joint is not None and run_joint(picks, push, limit):  # type: ignore[arg-type]  # (all random: no None)
                    continue
                # every seat random: the state picks the joint action (State._pick_joint)
                action = pick_joint(picks) if all_random else None  # type: ignore[arg-type]  # (no None)
                if action is None:
                    action = {}
                    for p in acting():
                        legal = legal_of(p)
                        pick = picks[p]
                        if pick is not None and legal:
                            action[p] = legal[pick(len(legal))]
                        else:
                            action[p] = _ask(seats[p], state, p, legal, agent_rngs[p])
                if len(history) >= limit:
                    _check_length(game, history, limit)
                if inline:  # what State._record_and_apply does for a joint action
                    push(new_item(HistoryItem, (cur, tuple(map(action.get, seat_ids)))))
                    step_joint(action)
                else:
                    apply(cur, action)
                if on_step is not None:
                    on_step(state)
                continue
            if len(history) >= limit:
                _check_length(game, history, limit)
            if inline:
                push(new_item(HistoryItem, (cur, action)))
                step(action)
            else:
                apply(cur, action)
            if on_step is not None:
                on_step(state)
    finally:
        if collecting:
            gc.enable()


def _check_length(game: Game, history: list[HistoryItem], limit: int) -> None:
    """Raise if the game has passed its declared maximum length (``limit`` history entries)."""
    if len(history) >= limit:
        msg = f"{game.name}: the game passed its declared maximum length {limit} (a rules bug)"
        raise RuntimeError(msg)


def _ask(agent: Agent, state: State, player: int, legal: Sequence[Any], rng: np.random.Generator) -> Any:
    if not legal:
        raise RuntimeError(f"{state.game.name}: player {player} must act but has no legal action")
    chosen = decide(agent, state, player, legal, rng)  # search agents get a seat view
    try:
        action = state.coerce_action(chosen)  # exact types: numpy scalars converted, floats refused
    except IllegalAction as exc:
        raise IllegalAction(f"agent {agent!r} (player {player}) chose {chosen!r:.80}: {exc}") from None
    if action not in legal:
        raise IllegalAction(f"agent {agent!r} (player {player}) chose {action}, which is not legal")
    return action
