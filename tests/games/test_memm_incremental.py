"""memm's incremental placement state against a from-scratch recomputation, at every step.

The state keeps the touching faces of the free cells (``_touching``, bit masks of ``6 * face +
colour`` keys) and the filled cell ids (``_filled``) up to date as cubes are placed, and the
usual decision (``attach="last"``, ``match="all"``) reads its candidate cells and their fits in
one pass; the orientation tables (``CubeTable.worlds``, ``shows``, ``fitting_every``) are built
once per cube set. Every check here recomputes the same thing by brute force from the structure
(``colours``), the anchors and the orientations, so a cache that drifts fails here, on random
games of many variants, after clones, rebuilt positions, saves and house rules.
"""

from __future__ import annotations

import numpy as np
import pytest

import lab
from lab.boards.cubes import FACE_VECTORS
from lab.core.save import state_from_json
from lab.core.save_write import state_to_json
from lab.games.memm import MemmState
from lab.games.memm.position import _cid

VARIANTS: list[dict[str, object]] = [
    {},
    {"players": 2},
    {"attach": "any"},
    {"match": "one"},
    {"gravity": False},
    {"gravity": False, "attach": "any", "players": 3},
    {"column_rule": "may"},
    {"column_rule": "off", "max_run": 2},
    {"attach": "any", "column_rule": "may", "match": "one"},
    {"run_direction": "touched", "max_run": 1},
    {"run_direction": "touched", "attach": "any", "gravity": False},
    {"extra_placement": "must", "face_layout": "adjacent"},
]


def _touching(state: MemmState) -> dict[int, int]:
    """Free cells on or above the table next to a cube -> bit mask of their contact keys."""
    out: dict[int, int] = {}
    for (x, y, z), world in state.colours.items():
        for f, (dx, dy, dz) in enumerate(FACE_VECTORS):
            nb = (x + dx, y + dy, z + dz)
            if nb[2] >= 0 and nb not in state.colours:
                out[_cid(nb)] = out.get(_cid(nb), 0) | 1 << (6 * (f ^ 1) + world[f])
    return out


def _fits(state: MemmState) -> list[tuple[int, tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]]:
    """``_cell_fits`` from scratch: MM-2's free cells next to an anchor (AMB-MM-4 support,
    MM-4.1 run), sorted, with every cube's fitting rotations (AMB-MM-1) by trying each."""
    opt = state.game.opt
    table = state.game.cubes
    anchors = state.anchors()[1]
    closed = state._closed_direction()
    cells = set()
    for ax, ay, az in anchors:
        for dx, dy, dz in FACE_VECTORS:
            cell = (ax + dx, ay + dy, az + dz)
            x, y, z = cell
            if z < 0 or cell in state.colours:
                continue
            if opt.gravity and z > 0 and (x, y, z - 1) not in state.colours:
                continue
            if closed is not None and state.placement_direction(cell) == closed:
                continue
            cells.add(cell)
    out = []
    for cell in sorted(cells):
        contacts = state.contacts(cell)
        if opt.match == "one":
            x, y, z = cell
            contacts = [(f, c) for f, c in contacts
                        if (x + FACE_VECTORS[f][0], y + FACE_VECTORS[f][1], z + FACE_VECTORS[f][2]) in anchors]
        rotations = []
        for cube in range(len(table.bodies)):
            if opt.match == "all":
                fit = [r for r, w in table.orientations[cube] if all(w[f] == c for f, c in contacts)]
            else:
                fit = [r for r, w in table.orientations[cube] if any(w[f] == c for f, c in contacts)]
            rotations.append(tuple(fit))
        out.append((_cid(cell), (tuple(rotations), tuple(map(len, rotations)))))
    return out


def _check(state: MemmState) -> None:
    assert state._filled == {_cid(c) for c in state.cells}
    assert state._touching == _touching(state)
    if state.phase != "place" or not state.order:
        return
    assert state._cell_fits() == _fits(state)
    assert [_cid(c) for c in state.candidate_cells()] == [c for c, _ in _fits(state)]
    table = state.game.cubes
    for cube, x, y, z, rot in (a.args for a in state.placement_actions()[:8]):
        world = table.worlds[cube][rot]
        joined = sum(1 for f, c in state.contacts((x, y, z)) if world[f] == c)
        assert state.joined_faces(cube, (x, y, z), rot) == joined


def _play_checked(game: lab.Game, seed: int) -> MemmState:
    """A random game (the driver's picks) checked after every step, and its clones."""
    seen: list[MemmState] = []

    def step(state: lab.State) -> None:
        assert isinstance(state, MemmState)
        _check(state)
        if len(state.history()) % 9 == 0:
            seen.append(state.clone())

    final = lab.play(game, None, seed=seed, on_step=step)
    for copy in seen:  # clones are independent: still right after the game went on
        _check(copy)
    assert isinstance(final, MemmState)
    return final


def _variant_id(params: dict[str, object]) -> str:
    return ",".join(f"{k}={v}" for k, v in params.items()) or "default"


@pytest.mark.parametrize("params", VARIANTS, ids=_variant_id)
def test_incremental_state_equals_a_recomputation_at_every_step(params: dict[str, object]) -> None:
    game = lab.load("memm", **params)
    for seed in range(2):
        _play_checked(game, seed)


@pytest.mark.slow
@pytest.mark.parametrize("params", VARIANTS, ids=_variant_id)
def test_incremental_state_equals_a_recomputation_at_every_step_in_more_games(params: dict[str, object]) -> None:
    game = lab.load("memm", **params)
    for seed in range(2, 6):
        _play_checked(game, seed)


def test_incremental_state_survives_clones_saves_and_rebuilt_positions() -> None:
    game = lab.load("memm", players=3)
    rng = np.random.default_rng(5)
    for seed in range(4):
        final = _play_checked(game, seed)
        history = final.history()
        for cut in sorted(rng.choice(len(history), size=4, replace=False)):
            state = game.new_initial_state()
            for item in history[:cut]:
                state.apply_action(item.action)
            assert isinstance(state, MemmState)
            _check(state)
            rebuilt = MemmState.from_observation(game, state.observation(None))
            _check(rebuilt)
            assert rebuilt._touching == state._touching and rebuilt._filled == state._filled
            loaded = state_from_json(state_to_json(state))
            assert isinstance(loaded, MemmState)
            _check(loaded)
            assert loaded._touching == state._touching
            twin = state.resample_hidden(0, rng)
            assert isinstance(twin, MemmState)
            _check(twin)
            if not state.is_terminal() and state.phase == "place":
                legal = state.legal_actions()
                for k in rng.choice(len(legal), size=min(3, len(legal)), replace=False):
                    child = state.child(legal[int(k)])  # the parent's caches are not shared
                    assert isinstance(child, MemmState)
                    _check(child)
                    _check(state)


def test_incremental_state_under_house_rules() -> None:
    """House rules replace rule functions (MM-4.1's run, MM-3's rewards): the caches still match."""
    game = lab.load("memm", players=2).with_rules({
        "MM-4.1": lambda run_length, max_run: run_length >= 1,
        "MM-3": lambda joined: (joined >= 1, 1),
    })
    for seed in range(4):
        _play_checked(game, seed)


def test_orientation_tables_equal_the_orientations() -> None:
    for params in ({}, {"face_layout": "adjacent"}):
        table = lab.load("memm", **params).cubes
        for cube, ors in enumerate(table.orientations):
            assert table.worlds[cube] == dict(ors)
            for r, world in ors:
                assert table.shows[cube][r] == sum(1 << (6 * f + c) for f, c in enumerate(world))
        for contacts in (1 << 3, 1 << 3 | 1 << 14, 1 << 31 | 1 << 2 | 1 << 20):
            keys = tuple(k for k in range(36) if contacts >> k & 1)
            assert table.fitting_every(contacts) == table.fitting_all(True, keys)


def test_pick_equals_the_legal_list_with_one_cube_in_hand() -> None:
    """The driver's pick (``_pick_action``) gives ``legal[i]`` for every i, also when the player
    to move holds one cube (the counts read without ``itemgetter``)."""
    game = lab.load("memm", players=2)
    checked = set()
    for seed in range(30):
        state = lab.play(game, None, seed=seed)
        replay = game.new_initial_state()
        for item in state.history():
            if replay.current_player() >= 0 and replay.phase == "place":
                size = len(replay.hands[replay.to_move])
                if size <= 1 or size not in checked:
                    checked.add(size)
                    legal = replay.clone().legal_actions()  # (on a copy: no cached list here)
                    for i in range(len(legal)):
                        asked: list[int] = []

                        def pick(n: int, i: int = i, asked: list[int] = asked) -> int:
                            asked.append(n)
                            return i

                        assert replay.clone()._pick_action(replay.current_player(), pick) == legal[i]
                        assert asked == [len(legal)]
            replay.apply_action(item.action)
    assert {1, 2} <= checked
