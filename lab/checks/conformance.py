"""The conformance suite: seeded random playouts that check every engine contract at every step.

:func:`check_game` is what ``tests/test_conformance.py`` runs over every registered game, every
player count and a set of variants covering each parameter's every choice
(:func:`conformance_variants`). It is a library function so a designer can run it on a variant
of their own, and so a test can show it catches a planted bug.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lab.agents.catalogue import make_agents
from lab.core.aliasing import LoggedValues, audit_logged_values, check_views
from lab.core.chance import WeightedTable, sample_outcome
from lab.core.errors import ConformanceError, IllegalAction, LabError, UnknownGame
from lab.core.game import Game
from lab.core.registry import game_class
from lab.core.save import replay, state_from_json
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, HistoryItem, State
from lab.sim.play import seed_streams
from lab.sim.streams import ChanceStreams


@dataclass
class ConformanceReport:
    games: int = 0
    steps: int = 0
    round_trips: int = 0
    illegal_tried: int = 0
    invariant_checks: int = 0
    alias_checks: int = 0
    clause_counts: dict[str, int] = field(default_factory=dict)


def conformance_variants(game_cls: type[Game]) -> list[dict[str, Any]]:
    """Parameter dicts: the defaults, then one per non-default choice of every parameter."""
    variants: list[dict[str, Any]] = [{}]
    for spec in game_cls.parameter_specs():
        for value in spec.coverage_values():
            variants.append({spec.name: value})
    return variants


_ALIAS_STEPS = frozenset(4**k for k in range(12)) | {0}


def _history_key(state: State) -> tuple[int, Any]:
    history = state._history
    return len(history), (history[-1] if history else None)


def _registered(game: Game) -> bool:
    try:
        return game_class(game.name) is type(game)
    except UnknownGame:
        return False


def _end_of(state: State) -> dict[str, Any]:
    """How a state ends, as a user reads it: terminal, stopped by a limit, winners, returns."""
    return {"terminal": state.is_terminal(), "stopped_by": state.stopped_by,
            "winners": state.winners(), "returns": state.returns()}


def _fail(game: Game, seed: int, step: int, msg: str) -> ConformanceError:
    return ConformanceError(f"{game!r} seed={seed} step={step}: {msg}")


def _accepts(state: State, action: Any) -> bool:
    """Apply ``action``: ``False`` when the state refuses it (:class:`IllegalAction`), else ``True``."""
    try:
        state.apply_action(action)
    except IllegalAction:
        return False
    return True


def _illegal_candidates(state: State, legal: list[Any], rng: np.random.Generator) -> Iterator[Any]:
    game = state.game
    legal_set = set(legal)
    for _ in range(8):
        action = game.arbitrary_action(rng)
        if action not in legal_set:
            yield action
            return


def _check_codes(game: Game, seed: int, step: int, state: State, who: int | None, legal: list[Any]) -> None:
    """The legal actions of ``who`` have distinct codes below ``num_distinct_actions()`` that
    decode back to them (pointer codes included)."""
    try:
        codes = state.legal_action_codes(who)
    except ValueError as exc:
        raise _fail(game, seed, step, f"the legal actions have no integer codes: {exc}") from None
    size = game.num_distinct_actions()
    if len(set(codes)) != len(codes) or not all(0 <= c < size for c in codes):
        raise _fail(game, seed, step, f"integer codes of the legal actions repeat or are not below {size}")
    for a, code in zip(legal[:50], codes, strict=False):
        if state.int_to_action(code, who) != a or state.action_to_int(a, who) != code:
            raise _fail(game, seed, step, f"int encoding does not round-trip for {a}")


def _check_pick(game: Game, seed: int, step: int, state: State, player: int, legal: list[Any]) -> None:
    """The driver's random pick (:meth:`State._pick_action`) gives ``legal[i]`` after asking
    ``pick`` once, with ``len(legal)``: checked for the first, a middle and the last index."""
    for index in sorted({0, len(legal) // 2, len(legal) - 1}):
        asked: list[int] = []

        def pick(n: int, index: int = index, asked: list[int] = asked) -> int:
            asked.append(n)
            return index

        got = state._pick_action(player, pick)
        if asked != [len(legal)] or got != legal[index]:
            msg = (f"_pick_action() asked for {asked} and gave {got} where legal_actions() has "
                   f"{len(legal)} actions and legal[{index}] is {legal[index]}")
            raise _fail(game, seed, step, msg)


def _first_index(n: int) -> int:
    return 0


def _middle_index(n: int) -> int:
    return n // 2


def _last_index(n: int) -> int:
    return n - 1


def _recording_pick(which: Callable[[int], int], asked: list[int]) -> Callable[[int], int]:
    """A pick that notes each ``n`` it is asked for in ``asked`` and answers ``which(n)``."""
    def pick(n: int) -> int:
        asked.append(n)
        return which(n)
    return pick


def _check_joint_pick(game: Game, seed: int, step: int, state: State, acting: list[int],
                      lists: list[list[Any]]) -> None:
    """The driver's joint pick (:meth:`State._pick_joint`) gives ``{p: legal_p[i_p]}`` after
    asking each acting seat's ``pick`` once, with the length of its list, and no other seat's:
    checked with every seat at its first, at its last and at a middle index."""
    for which in (_first_index, _middle_index, _last_index):
        asked: dict[int, list[int]] = {p: [] for p in range(game.num_players())}
        got = state._pick_joint([_recording_pick(which, asked[p]) for p in range(game.num_players())])
        want = {p: legal[which(len(legal))] for p, legal in zip(acting, lists, strict=True)}
        lengths = {p: [len(legal)] for p, legal in zip(acting, lists, strict=True)}
        if got != want or any(asked[p] != lengths.get(p, []) for p in asked):
            msg = (f"_pick_joint() gave {got} after asking {asked} where the acting players' "
                   f"legal lists give {want} (each asked once, with its length)")
            raise _fail(game, seed, step, msg)


def _seeded_picks(seed: int, n: int) -> list[Callable[[int], int]]:
    """One pick per seat, ``int(rng.integers(n))`` of a Generator seeded by ``(seed, seat)``."""
    def pick_of(rng: np.random.Generator) -> Callable[[int], int]:
        return lambda k: int(rng.integers(k))
    return [pick_of(np.random.default_rng([seed, p])) for p in range(n)]


def _same_steps(start: State, run: State, steps: State) -> bool:
    """Whether two states played on from clones of ``start`` made the same history entries and
    events since (only those are compared: a long game's are many), reached the same full
    state and show every viewer the same observation."""
    h, e = len(start._history), len(start._events)
    viewers = [None, *range(start.game.num_players())]
    return (run._history[h:] == steps._history[h:] and run._events[e:] == steps._events[e:]
            and run.full_state() == steps.full_state()
            and all(json.dumps(run.observation(p)) == json.dumps(steps.observation(p)) for p in viewers))


def _check_joint_run(game: Game, seed: int, step: int, state: State) -> None:
    """A game's run of joint nodes (:meth:`State._run_joint`) plays what the driver's own steps
    play from the same picks: the same history, events, state and observations, stopping at
    the game's length limit (a run allowed one more history entry plays at most one node)."""
    if type(state)._run_joint is State._run_joint:
        return
    n, limit = game.num_players(), game.max_game_length()
    run, steps = state.clone(), state.clone()
    played = run._run_joint(_seeded_picks(seed + step, n), run._history.append, limit)
    picks = _seeded_picks(seed + step, n)
    for _ in range(played):
        if steps.current_player() != SIMULTANEOUS:
            raise _fail(game, seed, step, "_run_joint() played past the simultaneous nodes")
        joint = steps._pick_joint(picks)
        if joint is None:
            raise _fail(game, seed, step, "_run_joint() played a node whose joint pick is empty")
        steps._history.append(HistoryItem(SIMULTANEOUS, tuple(map(joint.get, range(n)))))
        steps._apply_actions(joint)
    if not _same_steps(state, run, steps):
        msg = f"_run_joint() played {played} joint nodes that differ from the driver's own steps on the same picks"
        raise _fail(game, seed, step, msg)
    short = state.clone()
    if short._run_joint(_seeded_picks(seed + step, n), short._history.append, len(short._history) + 1) > 1:
        raise _fail(game, seed, step, "_run_joint() played past the length limit it was given")


def _check_chance_run(game: Game, seed: int, step: int, state: State) -> None:
    """A game's run of chance nodes (:meth:`State._run_chance`) plays what the driver's own
    steps play from the same chance streams: the same history, events, state and
    observations, stopping at the game's length limit (as :func:`_check_joint_run`)."""
    if type(state)._run_chance is State._run_chance:
        return
    limit = game.max_game_length()
    run, steps = state.clone(), state.clone()
    played = run._run_chance(ChanceStreams(np.random.SeedSequence([seed, step])).draw, run._history.append, limit)
    streams = ChanceStreams(np.random.SeedSequence([seed, step]))
    for _ in range(played):
        if steps.current_player() != CHANCE:
            raise _fail(game, seed, step, "_run_chance() played past the chance nodes")
        outcome = streams.draw(steps._chance_outcomes(), steps.chance_stream())
        steps._history.append(HistoryItem(CHANCE, outcome))
        steps._apply_action(outcome)
    if not _same_steps(state, run, steps):
        msg = f"_run_chance() played {played} chance nodes that differ from the driver's own steps on the same streams"
        raise _fail(game, seed, step, msg)
    short = state.clone()
    if short._run_chance(ChanceStreams(np.random.SeedSequence([seed, step])).draw, short._history.append,
                         len(short._history) + 1) > 1:
        raise _fail(game, seed, step, "_run_chance() played past the length limit it was given")


def check_game(
    game: Game,
    n_games: int = 10,
    seed: int = 0,
    agents: Any = None,
    *,
    check_every_step: bool = True,
    invariants: Sequence[Callable[[State], str | None]] = (),
    check_aliasing: bool = True,
    first_game: int = 0,
) -> ConformanceReport:
    """Play ``n_games`` seeded random games of ``game`` and check every contract.

    The games are numbers ``first_game .. first_game + n_games - 1`` of the sequence ``seed``
    makes: a long check split into parts (``first_game=0`` then ``first_game=k``) plays and
    checks exactly the games of the whole.

    ``invariants`` are extra checks run on every state reached (the initial one included): each
    returns ``None`` when it holds, else a message (tests pass component-conservation and
    hidden-information probes here). ``check_aliasing``: at steps 0, 1, 4, 16, 64, ... and at
    the end of every fourth game (the first included), edit every view the state hands out and
    prove nothing changed (:func:`lab.core.aliasing.check_views`; the board graph too, at the
    start of the first game). Every game is played under
    :func:`lab.core.aliasing.audit_logged_values`: at those steps a list or dict the rules
    logged and edited since fails the check.

    Raises
    ------
    ConformanceError
        Naming the game, seed, step and the contract that broke.
    """
    if isinstance(first_game, bool) or not isinstance(first_game, int) or first_game < 0:
        msg = f"first_game must be a whole number >= 0, not {first_game!r}"
        raise LabError(msg)
    report = ConformanceReport()
    for g in range(first_game, first_game + n_games):
        game_seed = seed * 100_003 + g
        aliasing = check_aliasing and g % 4 == 0
        with audit_logged_values() as logged:
            _check_one(game, game_seed, agents, report, check_every_step, invariants, aliasing, g == 0,
                       logged if check_aliasing else None)
        report.games += 1
    return report


def _check_invariants(
    game: Game, seed: int, step: int, state: State,
    invariants: Sequence[Callable[[State], str | None]], report: ConformanceReport,
) -> None:
    for check in invariants:
        problem = check(state)
        report.invariant_checks += 1
        if problem:
            raise _fail(game, seed, step, f"invariant {getattr(check, '__name__', check)!s}: {problem}")


def _check_one(
    game: Game, seed: int, agents: Any, report: ConformanceReport, every: bool,
    invariants: Sequence[Callable[[State], str | None]] = (),
    aliasing: bool = True, board_check: bool = False, logged: LoggedValues | None = None,
) -> None:
    seats = make_agents(game, "random" if agents is None else agents)  # random play explores
    chance_rng, agent_rngs = seed_streams(seed, game.num_players())
    probe_rng = np.random.default_rng(seed + 7)
    for p, agent in enumerate(seats):
        agent.reset(game, p)
    state = game.new_initial_state()
    limit = game.max_game_length()
    n = game.num_players()
    step = 0
    next_round_trip = 1
    while True:
        cur = state.current_player()
        if len(state.history()) > limit:
            raise _fail(game, seed, step, f"history longer than max_game_length() = {limit}")
        _check_invariants(game, seed, step, state, invariants, report)
        if aliasing and (cur == TERMINAL or step in _ALIAS_STEPS):
            problem = check_views(state, board=board_check and step == 0)
            report.alias_checks += 1
            if problem:
                raise _fail(game, seed, step, problem)
        if logged is not None and (cur == TERMINAL or step in _ALIAS_STEPS):
            problem = logged.changed()
            if problem:
                raise _fail(game, seed, step, problem)
        if cur == TERMINAL:
            break
        if not (cur in (CHANCE, SIMULTANEOUS) or 0 <= cur < n):
            raise _fail(game, seed, step, f"current_player() = {cur} is not a player, CHANCE, SIMULTANEOUS or TERMINAL")
        # observations
        for viewer in [None, *range(n)]:
            try:
                json.dumps(state.observation(viewer))
            except (TypeError, ValueError) as exc:
                raise _fail(game, seed, step, f"observation({viewer}) is not JSON-serialisable: {exc}") from None
        # choose the action(s)
        if cur == CHANCE:
            declared = state._chance_outcomes()
            if isinstance(declared, WeightedTable) and declared.problems():  # what the streams rely on
                raise _fail(game, seed, step, f"the chance outcomes' WeightedTable: {'; '.join(declared.problems())}")
            outcomes = state.chance_outcomes()
            if not outcomes:
                raise _fail(game, seed, step, "chance node with no outcomes")
            probs = [p for _, p in outcomes]
            if min(probs) <= 0 or not math.isclose(sum(probs), 1.0, abs_tol=1e-9):
                raise _fail(game, seed, step, f"chance probabilities must be > 0 and sum to 1, got sum {sum(probs)}")
            if len({a for a, _ in outcomes}) != len(outcomes):
                raise _fail(game, seed, step, "chance outcomes repeat")
            action: Any = sample_outcome(outcomes, chance_rng)
            legal = [a for a, _ in outcomes]
        elif cur == SIMULTANEOUS:
            action = {}
            acting = state.acting_players()
            if not acting:
                raise _fail(game, seed, step, "simultaneous node with no acting players")
            lists = []
            for p in acting:
                lp = state.legal_actions(p)
                if not lp:
                    raise _fail(game, seed, step, f"player {p} must act but has no legal action")
                lists.append(lp)
                action[p] = seats[p].step(state.observation(p), lp, agent_rngs[p])
            if step % 4 == 0:  # (a pass-heavy game has thousands of these nodes)
                _check_joint_pick(game, seed, step, state, acting, lists)
            legal = []
        else:
            legal = state.legal_actions()
            if not legal:
                raise _fail(game, seed, step, f"player {cur} to act has no legal action")
            if len(set(legal)) != len(legal):
                raise _fail(game, seed, step, "legal_actions() repeats an action")
            if cur >= 0:
                _check_pick(game, seed, step, state, cur, legal)
            action = seats[cur].step(state.observation(cur), legal, agent_rngs[cur])
        # codec round trip on the legal actions: distinct codes below num_distinct_actions()
        # (each simultaneous player's list on every 8th step: they are long and alike)
        if cur == SIMULTANEOUS:
            deciders = [(p, state.legal_actions(p)) for p in state.acting_players()] if step % 8 == 0 else []
        else:
            deciders = [(cur if cur >= 0 else None, legal)]
        for who, actions in deciders:
            _check_codes(game, seed, step, state, who, actions)
        for a in legal[:50]:
            if game.action_from_json(json.loads(json.dumps(a.to_json()))) != a:
                raise _fail(game, seed, step, f"JSON form does not round-trip for {a}")
        # an illegal action is refused and changes nothing
        if cur != SIMULTANEOUS and (every or step % 16 == 0):
            # to_json() is the parameters plus the history, which only ever grows by appending:
            # its length and last entry stand for it (the whole text is compared every 64 steps,
            # so a long game is not checked in time quadratic in its length).
            full_text = step % 64 == 0
            before = state.to_json() if full_text else _history_key(state)
            before_full = state.full_state()
            is_legal = getattr(state, "_is_legal", None)  # a game's fast legality test, if any
            if is_legal is not None and cur >= 0:
                for a in legal[:50]:
                    if not is_legal(cur, a):
                        raise _fail(game, seed, step, f"_is_legal() refuses {a}, which legal_actions() lists")
            for bad in _illegal_candidates(state, legal, probe_rng):
                report.illegal_tried += 1
                if is_legal is not None and cur >= 0 and is_legal(cur, bad):
                    raise _fail(game, seed, step, f"_is_legal() accepts {bad}, which legal_actions() does not list")
                if _accepts(state, bad):
                    raise _fail(game, seed, step, f"illegal action {bad} was accepted")
                after = state.to_json() if full_text else _history_key(state)
                if after != before or state.full_state() != before_full:
                    raise _fail(game, seed, step, f"refusing {bad} changed the state")
        # clone: equal and independent; the same legal actions in the same order (determinism)
        if every or step % 16 == 0:
            twin = state.clone()
            if twin != state:
                raise _fail(game, seed, step, "clone() is not equal to the original")
            if cur not in (CHANCE, SIMULTANEOUS):
                if state.legal_actions() != legal:
                    raise _fail(game, seed, step, "legal_actions() changed order or content between two calls (nondeterminism)")
                if twin.legal_actions() != legal:
                    raise _fail(game, seed, step, "the clone's legal_actions() differ in order or content (nondeterminism)")
            elif cur == CHANCE and [a for a, _ in twin.chance_outcomes()] != legal:
                raise _fail(game, seed, step, "the clone's chance outcomes differ in order or content (nondeterminism)")
            viewer = cur if cur >= 0 else None
            if step % 8 == 0 and json.dumps(twin.observation(viewer)) != json.dumps(state.observation(viewer)):
                raise _fail(game, seed, step, f"the clone's observation({viewer}) differs from the original's")
            snapshot = json.dumps(twin.full_state(), sort_keys=True)
        # apply through the public, checked API
        if cur == SIMULTANEOUS:
            state.apply_actions(action)
        else:
            state.apply_action(action)
        step += 1
        report.steps += 1
        if every or (step - 1) % 16 == 0:
            if json.dumps(twin.full_state(), sort_keys=True) != snapshot:
                raise _fail(game, seed, step, "applying an action to a state changed its clone (shared data)")
            if cur == SIMULTANEOUS:
                twin.apply_actions(action)
            else:
                twin.apply_action(action)
            if twin != state:
                raise _fail(game, seed, step, "the clone and the original diverged on the same action")
        # the game's own runs of nodes against the driver's steps (on clones: checked just now);
        # every 16th step, as the clone check (a run may play a whole pass phase, twice)
        if step % 16 == 1:
            nxt = state.current_player()
            if nxt == CHANCE:
                _check_chance_run(game, seed, step, state)
            elif nxt == SIMULTANEOUS:
                _check_joint_run(game, seed, step, state)
        # JSON round trip every 2^k steps
        if step == next_round_trip:
            next_round_trip *= 2
            # a registered game is rebuilt by name (as a user's save is); another one from its class
            loaded = state_from_json(state.to_json(), game=None if _registered(game) else game)
            report.round_trips += 1
            if loaded != state:
                raise _fail(game, seed, step, "state_from_json(to_json()) differs from the state")
    for bad in _illegal_candidates(state, [], probe_rng):
        before = state.to_json()
        if _accepts(state, bad):
            raise _fail(game, seed, step, f"the game is over but {bad} was accepted")
        if state.to_json() != before:
            raise _fail(game, seed, step, "refusing an action after the end changed the state")
    for viewer in [None, *range(n)]:
        for event in state.events_for(viewer):
            if event.visible_to is not None and not all(isinstance(p, int) and 0 <= p < n for p in event.visible_to):
                raise _fail(game, seed, step, f"event {event.clause} visible_to {event.visible_to} names no player")
            try:
                json.dumps(event.to_json())
            except (TypeError, ValueError) as exc:
                raise _fail(game, seed, step, f"event {event.clause} is not JSON-serialisable: {exc}") from None
    returns = state.returns()
    if len(returns) != n or not all(isinstance(r, float) and math.isfinite(r) for r in returns):
        raise _fail(game, seed, step, f"returns() must be {n} finite floats, got {returns}")
    problem = game.returns_problem(returns)  # utility_range() and the declared utility (#36)
    if problem is not None:
        raise _fail(game, seed, step, problem)
    for p in [None, *range(n)]:
        json.dumps(state.observation(p))
    again = replay(game, state.history())
    if again != state:
        raise _fail(game, seed, step, "replaying the history does not give the identical final state")
    # the end itself (who won, or the limit that stopped the game) survives a clone, a replay and a save
    loaded = state_from_json(state.to_json(), game=None if _registered(game) else game)
    end = _end_of(state)
    for label, other in (("a clone", state.clone()), ("a replay", again), ("a JSON round trip", loaded)):
        if _end_of(other) != end:
            raise _fail(game, seed, step, f"{label} of the final state ends differently: {_end_of(other)}, not {end}")
    for clause, count in state.clause_counts().items():
        report.clause_counts[clause] = report.clause_counts.get(clause, 0) + count
