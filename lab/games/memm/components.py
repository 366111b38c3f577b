"""memm's components as data: six colours, six face patterns, the 36 cubes (MM-C1, MM-C2).

A cube is a tuple of six colour indices in face order ``+x, -x, +y, -y, +z, -z`` (see
:mod:`lab.boards.cubes`). The seed fixes only the *pattern* of each cube (how many faces of
each colour, MM-C1); which colours and which face positions is open (AMB-MM-3), so the default
set is built by :func:`balanced_cube_set` and any set can be given as a parameter, checked by
:func:`check_cube_set`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import and_, or_
from typing import Any

from lab.boards.cubes import distinct_orientations
from lab.core.errors import InvalidVariant

COLOURS: tuple[str, ...] = ("red", "yellow", "orange", "violet", "blue", "green")
COLOUR_HEX: dict[str, str] = {
    "red": "#d62728",
    "yellow": "#f2d024",
    "orange": "#ff8c1a",
    "violet": "#8e44ad",
    "blue": "#1f6fd1",
    "green": "#2ca02c",
}

# MM-C1: the six patterns (face counts per colour, largest first), six cubes each. The seed
# wins over RULES.md's digest ("5 + 1; 4 + 2; 3 + 3; 2 + 4"): "4 caras de un mismo color y con
# 2 caras de color diferente" is read as two faces of two *different* colours (4-1-1), and so on,
# because (a) the sixth pattern, "todas sus caras de color diferente", uses the same words for
# faces all different from each other, and (b) read as one other colour, "2 of the same colour and
# 4 different" (2 + 4) would be the same pattern as "4 of the same colour and 2 different" (4 + 2),
# while the seed lists six patterns. Pattern k has k + 1 colours (a linter Note says so too).
PATTERNS: tuple[tuple[int, ...], ...] = (
    (6,),
    (5, 1),
    (4, 1, 1),
    (3, 1, 1, 1),
    (2, 1, 1, 1, 1),
    (1, 1, 1, 1, 1, 1),
)
CUBES_PER_PATTERN = 6
N_CUBES = len(PATTERNS) * CUBES_PER_PATTERN  # 36, as the seed states
FACES = 6

# AMB-MM-3: where the dominant colour's faces go. "opposite" fills +x, -x, +y, -y, +z, -z in
# that order (two faces of a colour are opposite); "adjacent" fills +x, +y, +z, -x, -y, -z
# (two faces share an edge, three meet at a corner).
LAYOUTS: dict[str, tuple[int, ...]] = {
    "opposite": (0, 1, 2, 3, 4, 5),
    "adjacent": (0, 2, 4, 1, 3, 5),
}

ROMAN = ("", "I", "II", "III", "IV", "V", "VI")


def pattern_name(pattern: Sequence[int]) -> str:
    """``(4, 1, 1)`` -> ``"4-1-1"``; the six-colour pattern is ``"1x6"``."""
    if tuple(pattern) == (1,) * 6:
        return "1x6"
    return "-".join(str(n) for n in pattern)


def pattern_of(cube: Sequence[int]) -> tuple[int, ...]:
    """Face counts per colour of a cube, largest first (MM-C1)."""
    return tuple(sorted(Counter(cube).values(), reverse=True))


def numeral(cube: Sequence[int], face: int) -> str:
    """MM-C2: the Roman numeral on ``face``: how many faces of that face's colour the cube has."""
    colour = cube[face]
    return ROMAN[sum(1 for c in cube if c == colour)]


def balanced_cube_set(layout: str = "opposite") -> tuple[tuple[int, ...], ...]:
    """The default set (AMB-MM-3): each colour is dominant on one cube of every pattern.

    Cube ``6 * k + d`` has pattern ``PATTERNS[k]`` with dominant colour ``d``; its other colours
    are ``d+1, d+2, ...`` (mod 6). Over each pattern every colour shows on exactly six faces, so
    the whole set has 36 faces of each colour.
    """
    if layout not in LAYOUTS:
        msg = f"face layout {layout!r} is not known; expected one of {sorted(LAYOUTS)}"
        raise InvalidVariant(msg)
    order = LAYOUTS[layout]
    cubes: list[tuple[int, ...]] = []
    for pattern in PATTERNS:
        for d in range(len(COLOURS)):
            faces: list[int] = []
            for i, count in enumerate(pattern):
                faces.extend([(d + i) % len(COLOURS)] * count)
            body = [0] * FACES
            for slot, colour in zip(order, faces, strict=True):
                body[slot] = colour
            cubes.append(tuple(body))
    return tuple(cubes)


def check_cube_set(value: Any) -> Any:
    """Validate the ``cube_set`` parameter (AMB-MM-3).

    Allowed: the string ``"balanced"`` (the default set, in the ``face_layout`` given), or a list
    of 36 cubes, each a list of six colour names in face order ``+x, -x, +y, -y, +z, -z``. At
    least one cube must be of a single colour (MM-1: the starting cube).

    Raises
    ------
    InvalidVariant
        Naming the first thing that is wrong and what is allowed.
    """
    if value == "balanced":
        return value
    if not isinstance(value, list | tuple):
        msg = (
            f"expected \"balanced\" or a list of {N_CUBES} cubes (each six colour names), "
            f"got {type(value).__name__}"
        )
        raise InvalidVariant(msg)
    if len(value) != N_CUBES:
        msg = f"a cube set has {N_CUBES} cubes (MM-C1), got {len(value)}"
        raise InvalidVariant(msg)
    for i, cube in enumerate(value):
        if not isinstance(cube, list | tuple) or len(cube) != FACES:
            msg = f"cube {i} must list {FACES} face colours (+x, -x, +y, -y, +z, -z), got {cube!r}"
            raise InvalidVariant(msg)
        for c in cube:
            if c not in COLOURS:
                msg = f"cube {i}: colour {c!r} is not known; colours are {', '.join(COLOURS)}"
                raise InvalidVariant(msg)
    if not any(len(set(cube)) == 1 for cube in value):
        msg = "no cube has a single colour, so MM-1 has no starting cube; include at least one"
        raise InvalidVariant(msg)
    return [list(cube) for cube in value]


def resolve_cube_set(value: Any, layout: str) -> tuple[tuple[int, ...], ...]:
    """The cubes (colour indices) a validated ``cube_set`` parameter describes."""
    if value == "balanced":
        return balanced_cube_set(layout)
    return tuple(tuple(COLOURS.index(c) for c in cube) for cube in value)


@dataclass(frozen=True)
class CubeTable:
    """Precomputed orientation tables of one cube set (built once per variant).

    Attributes
    ----------
    bodies : tuple
        Body colours of each cube.
    orientations : tuple
        Per cube, the distinct orientations as ``(rotation, world colours)``.
    rep_index : tuple
        Per cube, ``{representative rotation: index in orientations}``.
    masks : tuple
        Per cube, a 36-entry tuple: ``masks[cube][6 * face + colour]`` is the bit mask of the
        orientations that show ``colour`` on world ``face``.
    mono : tuple
        Per cube, the single colour of a one-colour cube, else ``-1``.
    """

    bodies: tuple[tuple[int, ...], ...]
    orientations: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    rep_index: tuple[dict[int, int], ...]
    masks: tuple[tuple[int, ...], ...]
    mono: tuple[int, ...]
    #: Per cube, ``{mask: rotations}``: the representative rotation of each orientation in
    #: ``mask``, lowest bit first (filled as masks are met; see :meth:`fitting`).
    fits: tuple[dict[int, tuple[int, ...]], ...] = field(default=(), compare=False, repr=False)

    #: ``{(match_all, contact keys): (rotations per cube, their number per cube)}`` (see
    #: :meth:`fitting_all`).
    fits_all: dict[tuple[bool, tuple[int, ...]], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = field(
        default_factory=dict, compare=False, repr=False)

    #: Per cube, ``{rotation: world colours}`` of each representative rotation (from
    #: ``orientations``; one lookup for a placement instead of two).
    worlds: tuple[dict[int, tuple[int, ...]], ...] = field(default=(), compare=False, repr=False)
    #: Per cube, ``{rotation: bit k set for each mask key k = 6 * face + colour the orientation
    #: shows}``: a touching face (a mask key) is joined exactly when its bit is set (MM-3).
    shows: tuple[dict[int, int], ...] = field(default=(), compare=False, repr=False)
    #: Per cube, the bit mask of all its orientations; per mask key, each cube's ``masks`` entry
    #: (the transpose of ``masks``): :meth:`fitting_all` combines them a key at a time.
    all_masks: tuple[int, ...] = field(default=(), compare=False, repr=False)
    key_masks: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    #: Per cube, ``{rotation: per world face f, the mask bit 1 << (6 * (f ^ 1) + colour on f)}``:
    #: the contact key the cube's face f puts on the free cell beyond it (that cell's face f ^ 1).
    touches: tuple[dict[int, tuple[int, ...]], ...] = field(default=(), compare=False, repr=False)
    #: ``{bit mask of contact keys: fitting_all(True, those keys)}`` (see :meth:`fitting_every`).
    fits_every: dict[int, tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = field(
        default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.fits) != len(self.bodies):  # one empty cache per cube
            object.__setattr__(self, "fits", tuple({} for _ in self.bodies))
        object.__setattr__(self, "worlds", tuple({r: w for r, w in ors} for ors in self.orientations))
        object.__setattr__(self, "all_masks", tuple((1 << len(ors)) - 1 for ors in self.orientations))
        object.__setattr__(self, "key_masks", tuple(zip(*self.masks, strict=True)) if self.masks else ())
        object.__setattr__(self, "touches", tuple(
            {r: tuple(1 << (FACES * (f ^ 1) + c) for f, c in enumerate(w)) for r, w in ors} for ors in self.orientations))
        object.__setattr__(self, "shows", tuple(
            {r: sum(1 << (FACES * f + c) for f, c in enumerate(w)) for r, w in ors} for ors in self.orientations))

    def fitting_every(self, contacts: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """:meth:`fitting_all` of ``match_all`` for the keys of the bit mask ``contacts`` (bit ``k``:
        key ``k``), cached by the mask (an int hashes at once; a tuple of keys is hashed anew)."""
        found = self.fits_every.get(contacts)
        if found is None:
            bits, m = [], contacts
            while m:  # the set bits, lowest first
                low = m & -m
                bits.append(low.bit_length() - 1)
                m ^= low
            keys = tuple(bits)
            found = self.fitting_all(True, keys)
            if len(self.fits_every) >= 1 << 16:
                self.fits_every.clear()
            self.fits_every[contacts] = found
        return found

    def fitting_all(self, match_all: bool, keys: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """Per cube, the rotations that show the colours ``keys`` ask for (``6 * face + colour``
        each): all of them (``match_all``; with no keys, every orientation) or at least one (with
        no keys, none); ``()`` when none fits. Returned with the number of them per cube."""
        found = self.fits_all.get((match_all, keys))
        if found is None:
            # every cube's mask of orientations at once (a map per key, in C), then each mask's
            # rotations from the cube's cache (fitting for the new ones)
            by_key = self.key_masks
            if match_all:
                masks: Any = self.all_masks  # every orientation
                for key in keys:
                    masks = map(and_, masks, by_key[key])
            else:
                masks = repeat(0, len(self.bodies))
                for key in keys:
                    masks = map(or_, masks, by_key[key])
            masks = list(masks)
            out = list(map(dict.get, self.fits, masks))
            if None in out:
                out = [self.fitting(cube, mask) if rots is None else rots
                       for cube, (rots, mask) in enumerate(zip(out, masks, strict=True))]
            if len(self.fits_all) >= 1 << 16:
                self.fits_all.clear()
            found = self.fits_all[match_all, keys] = (tuple(out), tuple(map(len, out)))
        return found

    def fitting(self, cube: int, mask: int) -> tuple[int, ...]:
        """The rotations of ``cube``'s orientations in the bit mask ``mask`` (lowest bit first)."""
        fits = self.fits[cube]
        rots = fits.get(mask)
        if rots is None:
            ors, out, m = self.orientations[cube], [], mask
            while m:
                low = m & -m
                out.append(ors[low.bit_length() - 1][0])
                m ^= low
            rots = fits[mask] = tuple(out)
        return rots

    @classmethod
    def build(cls, bodies: Sequence[Sequence[int]]) -> CubeTable:
        orients = []
        reps = []
        masks = []
        for body in bodies:
            ors = tuple(distinct_orientations(body))
            orients.append(ors)
            reps.append({r: k for k, (r, _) in enumerate(ors)})
            m = [0] * (FACES * len(COLOURS))
            for k, (_, world) in enumerate(ors):
                for face, colour in enumerate(world):
                    m[FACES * face + colour] |= 1 << k
            masks.append(tuple(m))
        mono = tuple(body[0] if len(set(body)) == 1 else -1 for body in bodies)
        return cls(
            tuple(tuple(b) for b in bodies), tuple(orients), tuple(reps), tuple(masks), mono
        )

    def main_colours(self, cube: int) -> tuple[int, ...]:
        """The colours of ``cube`` with its highest numeral (MM-C2), lowest colour first."""
        body = self.bodies[cube]
        counts = Counter(body)
        top = max(counts.values())
        return tuple(sorted(c for c, n in counts.items() if n == top))

    def colours_of(self, cube: int) -> int:
        """Number of different colours on ``cube`` (the MM-5 tie-break counts these)."""
        return len(set(self.bodies[cube]))
