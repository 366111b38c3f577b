"""Conformance of information states and determinisation (``resample_hidden``).

:func:`check_information` plays seeded random games and, at sampled points, checks for every
seat ``p`` that :meth:`~lab.core.state.State.resample_hidden` returns a *new* full state that

- gives ``p`` exactly the same :meth:`~lab.core.state.State.information_state` (so ``p``
  cannot tell it from the true one) and the same legal actions,
- leaves the true state untouched,
- is a working state of the game: it can be played on to the end,
- depends only on what ``p`` may know: equal random streams give equal draws, from the true
  state and from a resampled one alike (so hidden parts do not steer the draw; a sampler that
  copies hidden parts is caught only with a *twin* — a state built by the caller that ``p``
  cannot tell from the true one, see :func:`check_resample`), and
- covers the truth: where 200 draws show at most 4 distinct full states, the true one is among
  them (the true state is one consistent placement, so over many states and seeds a sampler
  that never produces some consistent placement is caught). This part is statistical: a true
  placement the prior gives less than about 2% may be missed by chance (then rerun with another
  seed); tests of small cases compare the draws with an exact enumeration instead.

It is a library function so a designer can run it on a game of their own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from lab.core.chance import sample_outcome
from lab.core.errors import ConformanceError
from lab.core.game import Game
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State


@dataclass
class InformationReport:
    states: int = 0
    resamples: int = 0
    coverage_checks: int = 0


def canonical(data: Any) -> str:
    """Canonical JSON text (sorted keys): equal data, equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def hidden_support(state: State, player: int, samples: int, rng: np.random.Generator) -> dict[str, int]:
    """How often each distinct full state came out of ``samples`` draws of ``resample_hidden``."""
    counts: dict[str, int] = {}
    for _ in range(samples):
        key = canonical(state.resample_hidden(player, rng).full_state())
        counts[key] = counts.get(key, 0) + 1
    return counts


def check_resample(state: State, player: int, rng: np.random.Generator, *, playout_seed: int = 0,
                   twin: State | None = None) -> State:
    """Check one draw of ``state.resample_hidden(player, rng)``; return it.

    ``twin``: optionally, another state ``player`` cannot tell from ``state`` (built by the
    caller, e.g. by editing hidden choices in the history); equal random streams must then give
    equal draws from both — this catches a sampler that copies hidden parts of its input.

    Raises
    ------
    ConformanceError
        Naming the contract broken.
    """
    name = f"{state.game!r} move {state.move_number()} player {player}"
    before = state.state_hash()
    info = canonical(state.information_state(player))
    seed = int(rng.integers(2**63))
    sample = state.resample_hidden(player, np.random.default_rng(seed))
    again = state.resample_hidden(player, np.random.default_rng(seed))
    if state.state_hash() != before:
        raise ConformanceError(f"{name}: resample_hidden changed the true state")
    if sample is state:
        raise ConformanceError(f"{name}: resample_hidden must return a new state, not the same object")
    if canonical(sample.information_state(player)) != info:
        raise ConformanceError(f"{name}: the resampled state gives the player another information state")
    if sample.state_hash() != again.state_hash():
        raise ConformanceError(f"{name}: two draws from equal random streams differ")
    other = sample.resample_hidden(player, np.random.default_rng(seed + 1))
    direct = state.resample_hidden(player, np.random.default_rng(seed + 1))
    if canonical(other.full_state()) != canonical(direct.full_state()):
        raise ConformanceError(f"{name}: resample_hidden reads hidden parts: from the true state and "
                               "from a resampled one, equal random streams give different states")
    if twin is not None:
        if canonical(twin.information_state(player)) != info:
            raise ValueError("the twin must give the player the same information state")
        from_twin = twin.resample_hidden(player, np.random.default_rng(seed + 1))
        if canonical(from_twin.full_state()) != canonical(direct.full_state()):
            raise ConformanceError(f"{name}: resample_hidden reads hidden parts: two states the player "
                                   "cannot tell apart give different draws from equal random streams")
    acts = state.current_player() in (SIMULTANEOUS, player)
    if acts and sample.legal_actions(player) != state.legal_actions(player):
        raise ConformanceError(f"{name}: the resampled state gives the player other legal actions")
    _play_out(sample.clone(), np.random.default_rng(playout_seed), name)
    return sample


def _play_out(state: State, rng: np.random.Generator, name: str) -> None:
    limit = state.game.max_game_length()
    while not state.is_terminal():
        if len(state._history) > limit:
            raise ConformanceError(f"{name}: a resampled state played past the maximum game length")
        if state.current_player() >= 0 and not state.legal_actions():
            raise ConformanceError(f"{name}: player {state.current_player()} of a resampled state has no legal action")
        random_step(state, rng)


def check_information(
    game: Game, *, n_games: int = 3, seed: int = 0, every: int = 7, coverage_samples: int = 200,
    max_checks: int = 40,
) -> InformationReport:
    """Random games of ``game``; every ``every`` moves check :func:`check_resample` for each seat
    and the coverage of the truth (see the module docstring). At most ``max_checks`` states."""
    report = InformationReport()
    rng = np.random.default_rng(seed)
    for g in range(n_games):
        state = game.new_initial_state()
        step = 0
        while state.current_player() != TERMINAL and report.states < max_checks * (g + 1) / n_games:
            if step % every == 0:
                report.states += 1
                for p in range(game.num_players()):
                    check_resample(state, p, rng, playout_seed=seed + step)
                    report.resamples += 1
                    _check_coverage(state, p, rng, coverage_samples, report)
            random_step(state, rng)
            step += 1
    return report


def _check_coverage(state: State, player: int, rng: np.random.Generator, samples: int,
                    report: InformationReport) -> None:
    support = hidden_support(state, player, samples, rng)
    if len(support) > 4:  # too many placements to expect each in this many draws
        return
    report.coverage_checks += 1
    if canonical(state.full_state()) not in support:
        msg = (f"{state.game!r} move {state.move_number()} player {player}: {samples} draws of "
               f"resample_hidden gave {len(support)} distinct states, never the true one")
        raise ConformanceError(msg)


def random_step(state: State, rng: np.random.Generator) -> None:
    """One step of uniform random play (chance by its probabilities), through the checked API."""
    cur = state.current_player()
    if cur == CHANCE:
        state.apply_action(sample_outcome(state.chance_outcomes(), rng))
    elif cur == SIMULTANEOUS:
        state.apply_actions({p: _pick(state.legal_actions(p), rng) for p in state.acting_players()})
    else:
        state.apply_action(_pick(state.legal_actions(), rng))


def _pick(legal: list[Any], rng: np.random.Generator) -> Any:
    return legal[int(rng.integers(len(legal)))]
