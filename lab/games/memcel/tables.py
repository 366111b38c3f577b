"""What one Memcel variant precomputes for its states: :class:`Tables`, and the slot arithmetic.

The board is kept in the table frame (see :mod:`lab.games.memcel.game`): a *slot* is a position
as the players see it from the table, ring by ring (ring ``r``'s slots are ``first[r]`` to
``first[r] + sizes[r] - 1``). :func:`rotate_slots` is what a ring turn does to lists indexed by
slot (the state's tiles, and the resampler's tile numbers, :mod:`lab.games.memcel.information`).
"""

from __future__ import annotations

from typing import Any

import lab.games.memcel.components as C
from lab.core.actions import Action
from lab.core.params import Params, thaw
from lab.games.memcel.params import DEFENCES


class Tables:
    """Everything the state needs precomputed from one variant (shared by all its states)."""

    def __init__(self, params: Params) -> None:
        layout = thaw(params["ring_layout"])
        self.ring_names: list[str] = [r["colour"] for r in layout]
        self.sizes: list[int] = [r["sectors"] for r in layout]
        self.fixed: list[bool] = [bool(r.get("fixed", False)) for r in layout]
        self.n_rings = len(self.sizes)
        self.first: list[int] = []
        acc = 0
        for n in self.sizes:
            self.first.append(acc)
            acc += n
        self.n_slots = acc
        self.ring_of = [r for r, n in enumerate(self.sizes) for _ in range(n)]
        counts = thaw(params["tile_counts"])
        self.kinds: list[str] = C.kind_order(counts)
        self.colours: list[str] = [k for k in self.kinds if k != C.IMPREVISTO]
        self.imp = self.kinds.index(C.IMPREVISTO) if C.IMPREVISTO in self.kinds else -1
        self.kind_counts = [counts[k] for k in self.kinds]
        self.n_tiles = sum(self.kind_counts)
        self.players = int(params["players"])
        self.shares = [[s[k] for k in self.kinds]
                       for s in C.shares(counts, self.players, params["absent_share"])]
        self.owner_of_kind = [
            self.colours.index(k) if k in self.colours and self.colours.index(k) < self.players
            else -1 for k in self.kinds
        ]
        #: the kind of each player's own tiles (``owner_of_kind[own_kind[p]] == p``, the only one)
        self.own_kind = [self.kinds.index(c) for c in self.colours[:self.players]]
        self.slots = range(self.n_slots)
        deck = thaw(params["deck"])
        self.effects: list[str] = sorted(deck)
        self.deck_counts = [deck[e] for e in self.effects]
        self.parsed_effects = [C.parse_effect(e) for e in self.effects]
        self.icon_faces = thaw(params["icon_die"])
        self.seconds = {**C.DEFAULT_SECONDS, **thaw(params["seconds"])}
        self.strict = params["reveal_limit"] == "strict"
        # parameters the turn program reads on every turn, read once (a Params lookup is a call)
        self.max_turns: int = params["max_turns"]
        self.ring_step: int = params["ring_step"]
        self.board_degrees: int = params["board_turn_degrees"]
        self.cover_scope: str = params["cover_scope"]
        self.others_count: bool = params["revealed_by_other_counts"]
        self.card_after_success: bool = params["card_after_success"]
        self.sitout_clears: bool = params["sitout_clears_defence"]
        self.void_card = params["void_attack"] == "card"
        self.imprevisto_cards: int = params["imprevisto_cards"]
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        #: parsed_effects with a turn_ring card's ring as its index and its k in sectors (k * ring_step)
        self.card_effects = [
            (kind, self.ring_names.index(ring), k * self.ring_step) if kind == "turn_ring" else (kind, ring, k)
            for kind, ring, k in self.parsed_effects
        ]
        self.effect_index = {e: i for i, e in enumerate(self.effects)}
        # action tables (no Action construction in hot loops)
        s_range = range(self.n_slots)
        self.place = [[Action("place", (k, s)) for s in s_range] for k in self.kinds]
        self.reveal = [Action("reveal", (s,)) for s in s_range]
        self.swap = [Action("swap", (s,)) for s in s_range]
        self.peek = [Action("peek", (s,)) for s in s_range]
        self.cover = [Action("cover", (s,)) for s in s_range]
        self.choose_x = {x: Action("choose_x", (x,)) for x in range(1, C.D8_SIDES + 1)}
        self.attack = Action("attack", ())
        self.defend = {d: Action("defend", (d,)) for d in DEFENCES}
        # the declare and x choices in their legal order, for a random seat's pick by index
        self.declare_all = (self.attack, *self.defend.values())
        self.attack_only = (self.attack,)
        self.xs = tuple(self.choose_x.values())
        #: each player's task tuples of a hunt turn, built once (a task is an immutable tuple)
        self.declare_task = [("declare", p) for p in range(self.players)]
        # chance outcome tables: tuples built once (the driver caches what it reads of a tuple)
        self.d8 = tuple((Action("d8", (v,)), 1.0 / C.D8_SIDES) for v in range(1, C.D8_SIDES + 1))
        nf = len(self.icon_faces)
        self.icon = tuple((Action("icon", (f,)), 1.0 / nf) for f in range(nf))
        self.card = [Action("card", (e,)) for e in self.effects]
        #: the card outcomes in effect order, as the table of a deck's draw (WeightedTable)
        self.card_table = tuple(self.card)
        #: chance task kind -> its die's outcome table (a card task draws from the deck left)
        self.dice = {"order": self.d8, "rd8": self.d8, "ad8": self.d8, "comp": self.icon, "ricon": self.icon}



def rotate_slots(t: Any, ring: int, steps: int, tiles: list[int], up: list[bool], upby: list[int]) -> None:
    """Turn ``ring`` ``steps`` sectors clockwise in three lists indexed by slot (``t``: the
    game's tables): what a ring turn does to the tiles, the face-up marks and who turned them up
    (also run on tile numbers by :mod:`lab.games.memcel.information`)."""
    n, f = t.sizes[ring], t.first[ring]
    k = steps % n
    if k == 0:
        return
    cut, end = f + n - k, f + n  # each list: arr[f:end] = arr[cut:end] + arr[f:cut]
    tiles[f:end] = tiles[cut:end] + tiles[f:cut]
    up[f:end] = up[cut:end] + up[f:cut]
    upby[f:end] = upby[cut:end] + upby[f:cut]
