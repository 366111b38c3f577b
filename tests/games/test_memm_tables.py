"""memm's precomputed tables and checks, built directly: the orientation masks of a cube set
(MM-C1, MM-C2, AMB-MM-3), the cube set a parameter resolves to, the linter's accounting.

Games share one table per cube set (a cache), so these tests build :class:`CubeTable` and the
resolved sets themselves instead of relying on the first game to load them.
"""

from __future__ import annotations

import pytest

import lab
from lab.boards.cubes import distinct_orientations
from lab.games.memm.components import (
    COLOURS,
    CubeTable,
    balanced_cube_set,
    resolve_cube_set,
)
from lab.lint.checks import Divisible, Note, StatedTotal


@pytest.mark.parametrize("layout", ["opposite", "adjacent"])
def test_MM_C1_cube_table_masks_say_which_orientations_show_a_colour_on_a_face(layout: str) -> None:
    bodies = balanced_cube_set(layout)
    table = CubeTable.build(bodies)
    assert table.bodies == bodies
    for cube in (0, 7, 12, 20, 27, 33):
        ors = table.orientations[cube]
        assert list(ors) == distinct_orientations(bodies[cube])
        assert table.rep_index[cube] == {r: k for k, (r, _) in enumerate(ors)}
        masks = table.masks[cube]
        assert len(masks) == 36
        for face in range(6):
            for colour in range(6):
                want = sum(1 << k for k, (_, world) in enumerate(ors) if world[face] == colour)
                assert masks[6 * face + colour] == want, (cube, face, colour)
    assert table.mono == tuple(list(range(6)) + [-1] * 30)


def test_MM_1_cube_table_mono_marks_only_one_colour_cubes() -> None:
    bodies = [(c,) * 6 for c in range(6)] + [(1, 1, 1, 1, 1, 2)] + [(3, 4, 3, 3, 3, 3)]
    table = CubeTable.build(bodies)
    assert table.mono == (0, 1, 2, 3, 4, 5, -1, -1)
    assert table.main_colours(6) == (1,) and table.colours_of(6) == 2
    assert table.main_colours(7) == (3,)


def test_AMB_MM_3_cube_set_parameter_resolves_to_colour_indices() -> None:
    assert resolve_cube_set("balanced", "adjacent") == balanced_cube_set("adjacent")
    assert resolve_cube_set("balanced", "opposite") == balanced_cube_set("opposite")
    custom = [["green", "red", "yellow", "orange", "violet", "blue"]] + [["red"] * 6] * 35
    resolved = resolve_cube_set(custom, "opposite")
    assert resolved[0] == (5, 0, 1, 2, 3, 4) and resolved[1] == (0,) * 6 and len(resolved) == 36
    game = lab.load("memm", cube_set=custom)
    assert game.cubes.bodies == resolved


def test_MM_C1_accounting_counts_patterns_and_other_cubes() -> None:
    game = lab.load("memm", players=3)
    checks = {c.id: c for c in game.accounting()}
    total = checks["memm-cubes"]
    assert isinstance(total, StatedTotal) and total.clauses == ("MM-C1",) and total.stated == 36
    assert total.what == "cubes in the set"
    assert total.parts == {"pattern 6": 6, "pattern 5-1": 6, "pattern 4-1-1": 6, "pattern 3-1-1-1": 6,
                           "pattern 2-1-1-1-1": 6, "pattern 1x6": 6}
    share = checks["memm-share"]
    assert isinstance(share, Divisible) and share.clauses == ("MM-1",) and share.parts == 3
    assert share.what == "cubes shared equally among the players"
    pattern = checks["memm-pattern-4-1-1"]
    assert pattern.parts == {"pattern 4-1-1": 6} and pattern.stated == 6
    assert pattern.clauses == ("MM-C1",) and pattern.what == "cubes of pattern 4-1-1"
    odd = [[COLOURS[c] for c in body] for body in balanced_cube_set()]
    odd[35] = ["red", "red", "yellow", "yellow", "orange", "orange"]  # 2-2-2: no seed pattern
    odd[34] = ["red", "red", "red", "yellow", "yellow", "yellow"]  # 3-3
    checks = {c.id: c for c in lab.load("memm", cube_set=odd).accounting()}
    assert checks["memm-cubes"].parts["other"] == 2
    assert checks["memm-cubes"].parts["pattern 1x6"] == 4
    findings = {f.id for f in lab.lint(lab.load("memm", cube_set=odd))}
    assert "memm-pattern-1x6" in findings and "memm-cubes" not in findings  # still 36 cubes


@pytest.mark.parametrize(("params", "words"), [
    ({}, ("run_direction='previous'", "extra_placement='may'", "gift_to='any'", "colour_tiebreak='faces'")),
    ({"run_direction": "touched", "extra_placement": "must", "gift_to": "holding",
      "colour_tiebreak": "cubes"},
     ("run_direction='touched'", "extra_placement='must'", "gift_to='holding'", "colour_tiebreak='cubes'")),
])
def test_linter_notes_name_the_reading_in_force(params: dict[str, str], words: tuple[str, ...]) -> None:
    notes = [c for c in lab.load("memm", **params).accounting() if isinstance(c, Note)]
    by_id = {n.id: n for n in notes}
    assert set(by_id) == {"memm-direction", "memm-extra-placement", "memm-gift-to",
                          "memm-colour-tiebreak", "memm-patterns", "memm-variants"}
    assert by_id["memm-direction"].clauses == ("AMB-MM-6", "MM-4.1")
    assert by_id["memm-extra-placement"].clauses == ("MM-3",)
    assert by_id["memm-gift-to"].clauses == ("MM-3", "MM-5")
    assert by_id["memm-colour-tiebreak"].clauses == ("MM-5",)
    assert by_id["memm-patterns"].clauses == ("MM-C1",)
    text = " ".join(n.message for n in notes)
    for w in words:
        assert w in text
    assert all(n.message and n.fix for n in notes)


def _shows(world: tuple[int, ...], keys: tuple[int, ...], match_all: bool) -> bool:
    hits = [world[key // 6] == key % 6 for key in keys]
    return all(hits) if match_all else any(hits)


@pytest.mark.parametrize("match_all", [True, False])
def test_MM_2_cube_table_fitting_rotations_show_the_contact_colours(match_all: bool) -> None:
    """The rotations a fresh table offers per cube for a set of contacts (``6 * face + colour``)
    are those of its distinct orientations that show all (``match='all'``) or one of the
    colours, in orientation order -- and asking twice gives the kept answer."""
    table = CubeTable.build(balanced_cube_set("opposite"))
    assert len(table.fits) == 36 and all(f == {} for f in table.fits) and table.fits_all == {}
    for keys in [(6 * 4 + 0,), (6 * 4 + 0, 6 * 0 + 0), (6 * 5 + 2, 6 * 1 + 3), (6 * 2 + 5, 6 * 3 + 5, 6 * 4 + 1),
                 (0, 7, 14, 21, 28, 35)]:
        entry = table.fitting_all(match_all, keys)
        got, counts = entry
        want = tuple(tuple(r for r, world in table.orientations[cube] if _shows(world, keys, match_all))
                     for cube in range(36))
        assert got == want, keys
        assert counts == tuple(len(rots) for rots in want)
        assert any(want) and not all(want) or not match_all
        assert table.fitting_all(match_all, keys) is entry
        assert table.fits_all[match_all, keys] is entry
    for cube in (7, 13, 35):  # one cache per cube: the same mask means other rotations per cube
        ors = table.orientations[cube]
        mask = (1 << len(ors)) - 1 - 2
        want = tuple(r for k, (r, _) in enumerate(ors) if k != 1)
        assert table.fitting(cube, mask) == want and table.fitting(cube, mask) is table.fitting(cube, mask)
        assert table.fitting(cube, 1 << (len(ors) - 1)) == (ors[-1][0],)
    same = {cube: table.fitting(cube, 0b110) for cube in (7, 13, 20, 35)}
    assert same == {cube: (table.orientations[cube][1][0], table.orientations[cube][2][0]) for cube in same}
    assert len(set(same.values())) > 1


def test_MM_2_cube_table_keeps_at_most_65536_contact_sets() -> None:
    table = CubeTable.build(balanced_cube_set("opposite"))
    table.fits_all.update({(False, (i, i)): () for i in range(65535)})
    table.fitting_all(False, (0,))
    assert len(table.fits_all) == 65536  # up to the bound: nothing dropped
    table.fitting_all(False, (1,))
    assert list(table.fits_all) == [(False, (1,))]  # at the bound: emptied first
    table.fitting_all(True, (1,))
    assert len(table.fits_all) == 2


def test_MM_2_cube_table_with_no_contacts_fits_every_orientation_or_none() -> None:
    """No contact to match: under ``match='all'`` every distinct orientation of every cube fits
    (all of zero contacts match), under ``'one'`` none does (no contact to match one of). This
    used to loop forever for ``match_all`` (a mask of -1 never runs out of bits)."""
    table = CubeTable.build(balanced_cube_set("adjacent"))
    fits, counts = table.fitting_all(True, ())
    assert fits == tuple(tuple(r for r, _ in table.orientations[cube]) for cube in range(36))
    assert counts == tuple(len(table.orientations[cube]) for cube in range(36))
    assert counts[0] == 1 and counts[35] == 24  # a one-colour cube shows one way; the 1x6 cube 24
    assert table.fitting_all(False, ()) == (((),) * 36, (0,) * 36)


@pytest.mark.parametrize("layout", ["opposite", "adjacent"])
def test_MM_2_cube_table_worlds_and_shown_keys_per_rotation(layout: str) -> None:
    """A fresh table's per-rotation lookups: the world colours of each representative rotation
    (``worlds``), the bit mask of the contact keys ``6 * face + colour`` it shows (``shows``) and
    the key each of its faces gives the neighbouring cell (``touches``), all read from the
    orientations; and the per-cube and per-key masks ``fitting_all`` combines."""
    table = CubeTable.build(balanced_cube_set(layout))
    assert len(table.worlds) == len(table.shows) == 36
    for cube, ors in enumerate(table.orientations):
        assert table.worlds[cube] == {r: world for r, world in ors}
        for r, world in ors:
            shown = table.shows[cube][r]
            assert [k for k in range(36) if shown >> k & 1] == [6 * f + c for f, c in enumerate(world)]
            assert shown.bit_count() == 6
            # the key each face f puts on the free cell beyond it: that cell's face f ^ 1 shows world[f]
            assert table.touches[cube][r] == tuple(1 << (6 * (f ^ 1) + world[f]) for f in range(6))
        # every orientation's bit, and per key the cube's mask (the transpose of masks)
        assert table.all_masks[cube] == (1 << len(ors)) - 1
        assert [table.key_masks[key][cube] for key in range(36)] == list(table.masks[cube])


def test_MM_2_cube_table_fitting_every_is_fitting_all_by_a_bit_mask() -> None:
    """``fitting_every(mask)`` is ``fitting_all(True, keys)`` for the keys of the mask's bits (the
    lowest bit, key 0, and the highest, key 35, included), kept per mask."""
    table = CubeTable.build(balanced_cube_set("opposite"))
    assert table.fits_every == {}
    for keys in [(0,), (35,), (6 * 4 + 0, 6 * 0 + 0), (1, 6 * 5 + 2), (6 * 2 + 5, 6 * 3 + 5, 6 * 4 + 1),
                 (0, 7, 14, 21, 28, 35)]:
        mask = sum(1 << k for k in keys)
        entry = table.fitting_every(mask)
        assert entry == table.fitting_all(True, keys), keys
        assert table.fitting_every(mask) is entry and table.fits_every[mask] is entry
    assert len(table.fits_every) == 6


def test_MM_2_cube_table_keeps_at_most_65536_contact_masks() -> None:
    table = CubeTable.build(balanced_cube_set("opposite"))
    table.fits_every.update({-i: ((), ()) for i in range(1, 65536)})
    table.fitting_every(1)
    assert len(table.fits_every) == 65536  # up to the bound: nothing dropped
    table.fitting_every(2)
    assert list(table.fits_every) == [2]  # at the bound: emptied first
    assert table.fits_every[2] == table.fitting_all(True, (1,))
