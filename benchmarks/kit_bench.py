"""Kit games against OpenSpiel: Pig and Goofspiel written with :func:`lab.define_game` vs
OpenSpiel's ``pig`` and ``goofspiel`` (C++, driven from Python), in the same run.

Both sides play uniform random games with the same rules (see tests/test_kit_openspiel.py):
Pig to 100 points with a d6 (OpenSpiel ``winscore=100``, ``horizon=100000`` so that neither side
truncates), Goofspiel with 13 cards in random prize order (OpenSpiel's defaults). The kit side is
driven by the same loop as OpenSpiel (legal actions, ``random.Random.choice``, apply through
the driver fast path; chance sampled alike), as the ``hex`` section does; :func:`lab.play` with
random agents (numpy streams, the agent protocol) is reported for reference. An *action* is one chance outcome or
one player's choice (a simultaneous Goofspiel round is two), counted alike on both sides. The
drivers are interleaved and timed on this process's CPU time; the table reports medians and the
ratio kit / OpenSpiel (target >= 0.3x).

The examples declare their chance up front (:func:`lab.kit.chance`): Pig's die on ``roll``, the
next Goofspiel prize on ``after``. Each chance node then comes before the part that uses it, and
the part runs once, with the outcome; a chance call in the middle of a part would run the step
up to it, stop, and run it again from the start once the outcome is known.
"""

from __future__ import annotations

import random
from typing import Any

import lab
from benchmarks.hex_bench import Driver, openspiel_available, time_drivers, timed_games
from lab.core.chance import sample_outcome  # one uniform draw: random.Random has .random()
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL
from lab.kit.examples import Goofspiel, Pig

TARGET = 0.3
CONFIGS = {
    "pig": (lambda: Pig(target=100, die=6), {"winscore": 100, "diceoutcomes": 6, "horizon": 100_000, "players": 2}),
    "goofspiel": (lambda: Goofspiel(cards=13), {"num_cards": 13, "players": 2, "points_order": "random"}),
}


def _actions(state: lab.State) -> int:
    return sum(
        sum(a is not None for a in item.action) if item.player == SIMULTANEOUS else 1
        for item in state.history()
    )


def _kit_fast(make: Any) -> Driver:
    """The same loop as the OpenSpiel driver, through the driver fast path of the State API."""
    game = make()

    def one_game(rng: random.Random) -> int:
        choice = rng.choice
        actions = 0
        s = game.new_initial_state()
        while (cur := s.current_player()) != TERMINAL:
            if cur == CHANCE:
                s._apply_unchecked(CHANCE, sample_outcome(s._chance_outcomes(), rng))  # type: ignore[arg-type]
                actions += 1
            elif cur == SIMULTANEOUS:
                joint = {p: choice(s._legal_actions(p)) for p in s.acting_players()}
                s._apply_unchecked(SIMULTANEOUS, joint)
                actions += len(joint)
            else:
                s._apply_unchecked(cur, choice(s._legal_actions(cur)))
                actions += 1
        return actions

    return timed_games(one_game)


def _kit_play(make: Any) -> Driver:
    """The product's driver: lab.play with random agents (numpy streams, the agent protocol)."""
    game = make()
    return timed_games(lambda rng: _actions(lab.play(game, None, seed=rng.getrandbits(32))))


def _os_driver(name: str, params: dict[str, Any]) -> Driver:
    import pyspiel

    game = pyspiel.load_game(name, params)
    n = game.num_players()

    def one_game(rng: random.Random) -> int:
        choice = rng.choice
        actions = 0
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))  # type: ignore[arg-type]
                actions += 1
            elif s.is_simultaneous_node():
                s.apply_actions([choice(s.legal_actions(p)) for p in range(n)])
                actions += n
            else:
                s.apply_action(choice(s.legal_actions()))
                actions += 1
        return actions

    return timed_games(one_game)


def run(rounds: int, seconds: float) -> dict[str, Any]:
    """Per game: kit and OpenSpiel actions/s and games/s (medians) and the ratio kit / OpenSpiel."""
    ok, os_note = openspiel_available()
    out: dict[str, Any] = {"openspiel": os_note, "target": TARGET}
    for name, (make, params) in CONFIGS.items():
        drivers = {"kit": _kit_fast(make), "kit_play": _kit_play(make)}
        if ok:
            drivers["openspiel"] = _os_driver(name, params)
        timings = time_drivers(drivers, rounds, seconds)
        entry: dict[str, Any] = {"timings": timings}
        if ok:
            entry["ratio"] = timings["kit"]["actions_per_s"] / timings["openspiel"]["actions_per_s"]
        out[name] = entry
    return out


def table_rows(kit: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """Rows of the benchmark table for the ``kit`` section."""
    rows = []
    for name in CONFIGS:
        entry = kit.get(name)
        if not entry:
            continue
        t = entry["timings"]
        text = f"{t['kit']['actions_per_s']:,.0f} act/s, {t['kit']['games_per_s']:,.1f} games/s"
        rows.append(("kit", f"kit {name}, lab.play + RandomAgent", f"{t['kit_play']['actions_per_s']:,.0f} act/s", "(reference)", ""))
        if "ratio" in entry:
            os_t = t["openspiel"]
            text += f" vs OS {os_t['actions_per_s']:,.0f} act/s = {entry['ratio']:.2f}x"
            status = "ok" if entry["ratio"] >= TARGET else "BELOW"
            rows.append(("kit", f"kit {name} vs OpenSpiel {name} (random play)", text, f">= {TARGET}x", status))
        else:
            rows.append(("kit", f"kit {name} (OpenSpiel skipped: {kit['openspiel'][:40]})", text, "", "skipped"))
    return rows
