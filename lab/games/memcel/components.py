"""Memcel's components as data: rings, tiles, the icon die, the card deck and the time model.

Every number the seed states is here once, next to its clause ID; the rules and the linter
(:meth:`MemcelGame.accounting`) read them from here.

The imprevisto card deck
------------------------
The seed (MC-C3) has 50 imprevisto cards but gives **no card texts**. ``DEFAULT_DECK`` is a
PROVISIONAL STAND-IN deck of 50 built from effect primitives, so the game can be played and measured; it
is not the designer's deck. A designer replaces it with the ``deck`` parameter (effect -> count,
summing to ``deck_size``). The effect primitives (AMB-MC-8):

``turn_ring:<ring>:<k>``
    turn the named ring ``k`` steps (``k > 0`` clockwise, ``k < 0`` counter-clockwise);
``turn_board:cw`` / ``turn_board:ccw``
    turn the whole board by ``board_turn_degrees`` ("giro della morte");
``swap``
    the drawer swaps two tiles of their choice;
``lose_turn``
    the drawer sits out their next turn;
``extra_turn``
    the drawer plays another turn right after this one;
``peek``
    the drawer looks at one face-down tile of their choice (only they see it);
``cover``
    the drawer turns one face-up tile of their choice back face down.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lab.core.errors import InvalidVariant

# ---------------------------------------------------------------- MC-C1 board, AMB-MC-1 layout
DEFAULT_RING_LAYOUT: tuple[dict[str, Any], ...] = (
    {"colour": "red", "sectors": 16},
    {"colour": "green", "sectors": 16},
    {"colour": "blue", "sectors": 16},
)
"""AMB-MC-1 default: three concentric rotating rings of 16 sectors (centre outwards)."""

STATED_RINGS = 3  # MC-C1 "3 anelli colorati"

# ---------------------------------------------------------------- MC-C2 tiles
IMPREVISTO = "imprevisto"
DEFAULT_TILE_COUNTS: dict[str, int] = {
    "red": 10, "green": 10, "blue": 10, "orange": 10, IMPREVISTO: 8,
}
"""MC-C2: 10 tiles in each of 4 colours and 8 imprevisto tiles (black centre)."""
SEAT_ORDER = ("red", "green", "blue", "orange")
"""Seat colours in this order (the seed's order); other colour names follow alphabetically."""
STATED_TILES = 48  # MC-C2 "48 tessere"
STATED_COLOUR_TILES = 40  # MC-C2 "40 tessere colore"
STATED_OWN_TILES = 10  # MC-0.2 "10 tessere uguali"
STATED_OWN_IMPREVISTO = 2  # MC-0.2 "+ 2 tessere imprevisto"

# ---------------------------------------------------------------- MC-C3 cards (provisional stand-in deck)
STATED_DECK_SIZE = 50  # MC-C3 "50 carte imprevisto"
DEFAULT_DECK: dict[str, int] = {
    "turn_ring:red:2": 3,
    "turn_ring:red:-2": 3,
    "turn_ring:green:3": 3,
    "turn_ring:green:-3": 3,
    "turn_ring:blue:4": 3,
    "turn_ring:blue:-4": 3,
    "turn_board:cw": 3,
    "turn_board:ccw": 3,
    "swap": 6,
    "lose_turn": 5,
    "extra_turn": 5,
    "peek": 6,
    "cover": 4,
}
"""STAND-IN for the designer's 50 cards (MC-C3, AMB-MC-8): 50 cards from effect primitives."""

SIMPLE_EFFECTS = ("swap", "lose_turn", "extra_turn", "peek", "cover")

# ---------------------------------------------------------------- MC-C4 / MC-C5 dice
D8_SIDES = 8  # MC-C4
COMPLICATIONS = ("board", "swap", "reroll")
"""MC-C5 inner circle: black = whole-board turn, grey = swap two tiles, white = re-roll + turn."""
DEFAULT_ICON_DIE: tuple[dict[str, str], ...] = (
    {"ring": "red", "dir": "cw", "complication": "board"},
    {"ring": "green", "dir": "cw", "complication": "swap"},
    {"ring": "blue", "dir": "cw", "complication": "reroll"},
    {"ring": "red", "dir": "ccw", "complication": "swap"},
    {"ring": "green", "dir": "ccw", "complication": "reroll"},
    {"ring": "blue", "dir": "ccw", "complication": "board"},
)
"""MC-C5 icon die: the seed does not list its six faces; each ring x direction once, each
complication twice (a proposal; the ``icon_die`` parameter replaces it)."""

# ---------------------------------------------------------------- time model (seconds per kind)
DEFAULT_SECONDS: dict[str, float] = {
    "place": 4.0,  # pick a tile, put it face down
    "roll": 4.0,  # any die roll, read and announce
    "declare": 3.0,  # attack/defence declaration, choosing x
    "reveal": 4.0,  # turn one tile up, everyone looks
    "cover": 1.5,  # turn one tile back down
    "card": 12.0,  # draw, read and carry out a card
    "turn": 6.0,  # turn a ring or the whole board
    "swap": 8.0,  # choose and exchange two tiles
    "peek": 5.0,  # choose a tile and look at it
    "setup": 120.0,  # unpack, share tiles, explain
}
"""Seconds per elementary act for :meth:`MemcelState.estimated_minutes` (parameter ``seconds``)."""
STATED_MINUTES = 20  # seed: "Durata media di una partita: 20 minuti"

COLOUR_HEX: dict[str, str] = {
    "red": "#d62828", "green": "#2a9d3f", "blue": "#1d4ed8", "orange": "#f08c00",
    "yellow": "#f2c94c", "violet": "#7b2cbf", "board": "#bdb7a8", IMPREVISTO: "#111111",
}
BACK_HEX = "#5b4a3a"


def colour_hex(name: str) -> str:
    """Fill colour for a ring or tile colour name (a neutral grey for unknown names)."""
    return COLOUR_HEX.get(name, "#888888")


# ---------------------------------------------------------------- parameter checks
def check_ring_layout(value: Any) -> list[dict[str, Any]]:
    """Validate the ``ring_layout`` parameter (AMB-MC-1); return it normalised."""
    if not isinstance(value, list) or not value:
        msg = "ring_layout must be a non-empty list of rings like {'colour': 'red', 'sectors': 16}"
        raise InvalidVariant(msg)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for r, ring in enumerate(value):
        if not isinstance(ring, dict):
            raise InvalidVariant(f"ring_layout[{r}] must be an object, not {type(ring).__name__}")
        extra = set(ring) - {"colour", "sectors", "fixed"}
        if extra:
            msg = f"ring_layout[{r}] has unknown key(s) {sorted(extra)}; allowed: colour, sectors, fixed"
            raise InvalidVariant(msg)
        colour, n, fixed = ring.get("colour"), ring.get("sectors"), ring.get("fixed", False)
        if not isinstance(colour, str) or not colour or ":" in colour:
            raise InvalidVariant(f"ring_layout[{r}].colour must be a non-empty name without ':'")
        if colour in seen:
            raise InvalidVariant(f"ring_layout: two rings are called {colour!r}; names must differ")
        seen.add(colour)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 64:
            raise InvalidVariant(f"ring_layout[{r}].sectors must be an integer in [1, 64], got {n!r}")
        if not isinstance(fixed, bool):
            raise InvalidVariant(f"ring_layout[{r}].fixed must be true or false")
        out.append(dict(ring))
    if all(r.get("fixed", False) for r in out):
        raise InvalidVariant("ring_layout: at least one ring must rotate (all are fixed)")
    return out


def check_tile_counts(value: Any) -> dict[str, int]:
    """Validate ``tile_counts`` (MC-C2): colour -> count, plus ``imprevisto``."""
    if not isinstance(value, dict):
        raise InvalidVariant("tile_counts must be an object: colour -> count, plus 'imprevisto'")
    colours = [k for k in value if k != IMPREVISTO]
    if len(colours) < 2:
        raise InvalidVariant("tile_counts needs at least 2 colours (one per player)")
    for k, n in value.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 200:
            raise InvalidVariant(f"tile_counts[{k!r}] must be an integer in [0, 200], got {n!r}")
        if k != IMPREVISTO and n < 1:
            raise InvalidVariant(f"tile_counts[{k!r}] = {n}: a player colour needs at least 1 tile")
    return dict(value)


def parse_effect(name: str) -> tuple[str, str, int]:
    """Split an effect name into ``(primitive, ring, steps)``; ``ValueError`` if malformed."""
    if name in SIMPLE_EFFECTS:
        return (name, "", 0)
    parts = name.split(":")
    if parts[0] == "turn_board" and len(parts) == 2 and parts[1] in ("cw", "ccw"):
        return ("turn_board", "", 1 if parts[1] == "cw" else -1)
    if parts[0] == "turn_ring" and len(parts) == 3:
        try:
            k = int(parts[2])
        except ValueError:
            k = 0
        if k != 0 and parts[1]:
            return ("turn_ring", parts[1], k)
    msg = (
        f"card effect {name!r} is not a primitive; use one of {', '.join(SIMPLE_EFFECTS)}, "
        "'turn_board:cw', 'turn_board:ccw' or 'turn_ring:<ring>:<k>' with k a non-zero integer"
    )
    raise ValueError(msg)


def check_deck(value: Any) -> dict[str, int]:
    """Validate the ``deck`` parameter (AMB-MC-8): effect -> count (the sum is checked later)."""
    if not isinstance(value, dict) or not value:
        raise InvalidVariant("deck must be a non-empty object: effect -> number of cards")
    for name, n in value.items():
        try:
            parse_effect(name)
        except ValueError as exc:
            raise InvalidVariant(str(exc)) from None
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1000:
            raise InvalidVariant(f"deck[{name!r}] must be an integer in [0, 1000], got {n!r}")
    if sum(value.values()) < 1:
        raise InvalidVariant("deck has no cards")
    return dict(value)


def check_icon_die(value: Any) -> list[dict[str, str]]:
    """Validate ``icon_die`` (MC-C5): a list of faces ``{ring, dir, complication}``."""
    if not isinstance(value, list) or not value:
        raise InvalidVariant("icon_die must be a non-empty list of faces {ring, dir, complication}")
    out = []
    for i, face in enumerate(value):
        if not isinstance(face, dict) or set(face) != {"ring", "dir", "complication"}:
            raise InvalidVariant(f"icon_die[{i}] must have exactly the keys ring, dir, complication")
        if face["dir"] not in ("cw", "ccw"):
            raise InvalidVariant(f"icon_die[{i}].dir must be 'cw' or 'ccw', got {face['dir']!r}")
        if face["complication"] not in COMPLICATIONS:
            msg = f"icon_die[{i}].complication must be one of {COMPLICATIONS}, got {face['complication']!r}"
            raise InvalidVariant(msg)
        if not isinstance(face["ring"], str):
            raise InvalidVariant(f"icon_die[{i}].ring must be a ring colour name")
        out.append(dict(face))
    return out


def check_seconds(value: Any) -> dict[str, float]:
    """Validate ``seconds`` (the time model): kind of act -> seconds >= 0 (others: defaults)."""
    if not isinstance(value, dict):
        raise InvalidVariant("seconds must be an object: kind of act -> seconds")
    unknown = set(value) - set(DEFAULT_SECONDS)
    if unknown:
        msg = f"seconds: unknown kind(s) {sorted(unknown)}; known: {', '.join(DEFAULT_SECONDS)}"
        raise InvalidVariant(msg)
    for k, v in value.items():
        if isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v <= 3600:
            raise InvalidVariant(f"seconds[{k!r}] must be a number in [0, 3600], got {v!r}")
    return dict(value)


def kind_order(tile_counts: Mapping[str, int]) -> list[str]:
    """Tile kinds in a fixed order whatever the dict order: seat colours, then ``imprevisto``.

    Seat ``p`` plays colour ``p`` of this order (:data:`SEAT_ORDER` first, others by name).
    """
    colours = sorted(
        (k for k in tile_counts if k != IMPREVISTO),
        key=lambda c: (SEAT_ORDER.index(c) if c in SEAT_ORDER else len(SEAT_ORDER), c),
    )
    return colours + ([IMPREVISTO] if IMPREVISTO in tile_counts else [])


ABSENT_SHARES = ("colours_first", "imprevisto_first")
"""Readings of MC-0.3 for the absent players' tiles (parameter ``absent_share``)."""


def shares(tile_counts: Mapping[str, int], players: int, absent: str) -> list[dict[str, int]]:
    """MC-0.2 / MC-0.3: the tiles each player places, by kind.

    Player ``p`` gets all tiles of colour ``p`` and an equal part of the imprevisto tiles
    (MC-0.2: "10 tessere uguali + 2 tessere imprevisto"); the absent players' tiles are then
    dealt one at a time to the player holding fewest (the earlier seat on ties), MC-0.3
    "dividere equamente". The seed does not say in which order the kinds are dealt, which
    matters when they do not divide: 3 players share the absent player's 10 colour tiles and 2
    imprevisto tiles (12 = 3 x 4, but neither kind divides by 3). ``absent``:
    ``"colours_first"`` deals the colour tiles first (imprevisto tiles 2/3/3 by seat, the
    absent colour 4/3/3), ``"imprevisto_first"`` the imprevisto tiles first (3/3/2 and 3/3/4).
    """
    kinds = kind_order(tile_counts)
    colours = [c for c in kinds if c != IMPREVISTO]
    out: list[dict[str, int]] = [dict.fromkeys(kinds, 0) for _ in range(players)]
    for p in range(players):
        out[p][colours[p]] = tile_counts[colours[p]]
    # MC-0.2 each player's own imprevisto share first, then MC-0.3 the absent players' tiles
    imp_total = tile_counts.get(IMPREVISTO, 0)
    own_imp = imp_total // len(colours)
    for p in range(players if IMPREVISTO in kinds else 0):
        out[p][IMPREVISTO] = own_imp
    absent_colours: list[str] = []
    for c in colours[players:]:
        absent_colours += [c] * tile_counts[c]
    absent_imp = [IMPREVISTO] * (imp_total - own_imp * players) if IMPREVISTO in kinds else []
    pool = absent_imp + absent_colours if absent == "imprevisto_first" else absent_colours + absent_imp
    totals = [sum(s.values()) for s in out]
    for kind in pool:
        p = min(range(players), key=lambda q: (totals[q], q))
        out[p][kind] += 1
        totals[p] += 1
    return out
