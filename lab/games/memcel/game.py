"""Memcel (RULES.md §1, seed ``000_87aa68ef54d58a17.txt``): the game object, assembled from its parts.

Memcel is a memory game for 2-4 players. 48 tiles go face down on a board of concentric rotating
rings (MC-1.1); then each player tries to turn up all of their own colour (MC-2, MC-3) while
rings turn, the whole board turns and tiles are swapped under them (MC-C5, imprevisto cards).

Positions. Players see the board from the table: an action names a *slot*, a position in the
table's frame (ring ``r``, the ``s``-th sector width clockwise from 12 o'clock, numbered
``first_slot[r] + s``). When a ring turns, the tiles on it move to other slots; when the whole
board turns, every ring's tiles move (by ``floor(angle * n / 360)`` slots). Keeping track of
that is the game. The board graph (:meth:`MemcelGame.board`) names physical sectors instead.

Every open point of RULES.md (AMB-MC-1..9) is a parameter (:mod:`lab.games.memcel.params`).
The imprevisto card deck is a stand-in (not the designer's cards) built from effect primitives
(see :mod:`lab.games.memcel.components`).

Module layout, bottom up (a declared order, ``memcel-order`` in ``pyproject.toml``: a module
imports only modules below it): :mod:`~lab.games.memcel.components` (the box);
:mod:`~lab.games.memcel.params` (the parameters), :mod:`~lab.games.memcel.rules` (the rule
points), :mod:`~lab.games.memcel.words` (the vocabulary), :mod:`~lab.games.memcel.declare`
(the memory player's arithmetic); :mod:`~lab.games.memcel.tables` (what a variant precomputes);
the state machine in layers, one subclass each (:mod:`~lab.games.memcel.base` fields, records
and kept counts; :mod:`~lab.games.memcel.placement` MC-0/MC-1;
:mod:`~lab.games.memcel.complications` MC-C5; :mod:`~lab.games.memcel.hunt` MC-2/MC-3;
:mod:`~lab.games.memcel.cards` MC-C3; :mod:`~lab.games.memcel.state` the engine's hooks and the
views); :mod:`~lab.games.memcel.information` (what a player cannot see, redrawn);
:mod:`~lab.games.memcel.render` (drawing) and :mod:`~lab.games.memcel.agents` (players). This
module assembles them: :class:`MemcelGame` builds the states and names the presentation and the
resampler, so that no part imports a part above it (a state never imports its renderer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import networkx as nx
import numpy as np

import lab.games.memcel.components as C
import lab.games.memcel.information as information
from lab.boards.rings import rings_graph
from lab.core.actions import ActionSpec, Field
from lab.core.budget import MAX_HISTORY, Budget
from lab.core.errors import InvalidVariant
from lab.core.game import Game
from lab.core.params import Params, ParamSpec, thaw
from lab.core.presentation import Presentation
from lab.games.memcel.agents import MemoryAgent, PerfectAgent
from lab.games.memcel.params import (
    DEFENCES,
    MAX_EFFECTS,
    MAX_ICON_FACES,
    MAX_PLACE_ACTIONS,
    MAX_RINGS,
    MAX_SECTORS,
    MAX_TILE_KINDS,
    PARAMETERS,
    max_length,
)
from lab.games.memcel.render import MemcelPresentation
from lab.games.memcel.rules import (
    has_won,
    lost_turns,
    may_defend,
    reveal_limit,
    tiles_to_cover,
    turn_limit_reached,
)
from lab.games.memcel.state import MemcelState
from lab.games.memcel.tables import Tables
from lab.lint.checks import Conservation, Divisible, Note, StatedTotal


class MemcelGame(Game):
    """Memcel under one variant. See the module docstring and RULES.md §1."""

    name = "memcel"
    title = "Memcel"
    utility = "zero_sum"  # the winner +1, the others -1/(n-1); a game without a winner 0 each
    rules_version = 1
    seed_file = "000_87aa68ef54d58a17.txt"
    #: random players never finish (a miss covers all their tiles, AMB-MC-3, and they remember
    #: nothing): a run that names no players plays the human-like memory model
    default_agents: ClassVar[Any] = "memory"
    #: the drawing and the clicks (:mod:`lab.games.memcel.render`), handed each state to draw
    presentation: ClassVar[Presentation] = MemcelPresentation()
    PARAMETERS: ClassVar[tuple[ParamSpec, ...]] = PARAMETERS
    RULE_POINTS: ClassVar[tuple[Callable[..., Any], ...]] = (
        reveal_limit, tiles_to_cover, lost_turns, may_defend, has_won, turn_limit_reached,
    )

    def __init__(self, params: Any = None, /, **kwargs: Any) -> None:
        super().__init__(params, **kwargs)
        self.tables = Tables(self.params)

    # ------------------------------------------------------------------ variants
    def check_variant(self, params: Params) -> None:
        """Cross-parameter consistency (AMB-MC-1, MC-C2, MC-C3, MC-C5)."""
        layout = thaw(params["ring_layout"])
        counts = thaw(params["tile_counts"])
        sectors = sum(r["sectors"] for r in layout)
        tiles = sum(counts.values())
        if sectors != tiles:
            msg = (
                f"ring_layout has {sectors} sectors but tile_counts makes {tiles} tiles; the board "
                "must be exactly covered (AMB-MC-1, MC-C2): make them equal"
            )
            raise InvalidVariant(msg)
        colours = [k for k in C.kind_order(counts) if k != C.IMPREVISTO]
        if len(colours) < params["players"]:
            msg = (
                f"{params['players']} players need {params['players']} tile colours; tile_counts "
                f"has {len(colours)} ({', '.join(colours)})"
            )
            raise InvalidVariant(msg)
        turning = {r["colour"] for r in layout if not r.get("fixed", False)}
        deck = thaw(params["deck"])
        if sum(deck.values()) != params["deck_size"]:
            msg = (
                f"deck has {sum(deck.values())} cards but deck_size is {params['deck_size']} "
                "(MC-C3): the counts must add up to deck_size"
            )
            raise InvalidVariant(msg)
        for effect in deck:
            kind, ring, _ = C.parse_effect(effect)
            if kind == "turn_ring" and ring not in turning:
                msg = (
                    f"deck card {effect!r} turns ring {ring!r}, which is not a rotating ring of "
                    f"ring_layout; rotating rings: {', '.join(sorted(turning))}"
                )
                raise InvalidVariant(msg)
        for i, face in enumerate(thaw(params["icon_die"])):
            if face["ring"] not in turning:
                msg = (
                    f"icon_die[{i}] shows ring {face['ring']!r}, which is not a rotating ring of "
                    f"ring_layout; rotating rings: {', '.join(sorted(turning))}"
                )
                raise InvalidVariant(msg)

    # ------------------------------------------------------------------ actions
    def action_specs(self) -> list[ActionSpec]:
        layout = thaw(self.params["ring_layout"])
        slots = range(sum(r["sectors"] for r in layout))
        kinds = tuple(C.kind_order(thaw(self.params["tile_counts"])))
        effects = tuple(sorted(thaw(self.params["deck"])))
        faces = range(len(self.params["icon_die"]))
        return [
            ActionSpec("d8", (Field("face", range(1, C.D8_SIDES + 1)),), "MC-C4 numeric die roll"),
            ActionSpec("icon", (Field("face", faces),), "MC-C5 icon die roll"),
            ActionSpec("card", (Field("effect", effects),), "MC-C3 imprevisto card drawn"),
            ActionSpec("place", (Field("tile", kinds), Field("slot", slots)), "MC-1.1 place"),
            ActionSpec("attack", (), "MC-2.1 declare attack"),
            ActionSpec("defend", (Field("option", DEFENCES),), "MC-2.2 defence"),
            ActionSpec("choose_x", (Field("x", range(1, C.D8_SIDES + 1)),), "MC-2.1.1 x"),
            ActionSpec("reveal", (Field("slot", slots),), "MC-2.1.2 reveal a tile"),
            ActionSpec("swap", (Field("slot", slots),), "pick a tile to swap (twice)"),
            ActionSpec("peek", (Field("slot", slots),), "card: look at a face-down tile"),
            ActionSpec("cover", (Field("slot", slots),), "card: turn a face-up tile down"),
        ]

    def new_initial_state(self) -> MemcelState:
        return MemcelState(self)

    def resample_hidden(self, state: Any, player: int, rng: np.random.Generator) -> MemcelState:
        """Unseen face-down tiles redrawn (:func:`lab.games.memcel.information.resample_hidden`)."""
        return information.resample_hidden(state, player, rng)

    def max_game_length(self) -> int:
        return max_length(self.params)

    def budget(self) -> list[Budget]:
        """Sizes from the parameters alone (the tables build one ``place`` action per tile
        kind x slot, the board graph one node per sector)."""
        p = self.params
        sectors = sum(int(r["sectors"]) for r in p["ring_layout"])
        kinds = len(p["tile_counts"])
        return [
            Budget("rings", len(p["ring_layout"]), MAX_RINGS, ("ring_layout",)),
            Budget("tile kinds", kinds, MAX_TILE_KINDS, ("tile_counts",)),
            Budget("board sectors", sectors, MAX_SECTORS, ("ring_layout",)),
            Budget("tiles", sum(p["tile_counts"].values()), MAX_SECTORS, ("tile_counts",)),
            Budget("place actions (tile kinds x slots)", kinds * sectors, MAX_PLACE_ACTIONS,
                   ("ring_layout", "tile_counts")),
            Budget("card effects", len(p["deck"]), MAX_EFFECTS, ("deck",)),
            Budget("icon die faces", len(p["icon_die"]), MAX_ICON_FACES, ("icon_die",)),
            Budget("save codes (longest game)", max_length(p), MAX_HISTORY,
                   ("max_turns", "tile_counts", "players")),
        ]

    def board(self, state: MemcelState | None = None) -> nx.Graph:
        """Sector graph (:func:`lab.boards.rings.rings_graph`) with public tile info.

        Node attribute ``slot`` is the table-frame slot the sector is at, ``tile`` is ``None``
        (empty), ``"down"`` or the colour of a face-up tile.
        """
        t = self.tables
        offsets = [0] * t.n_rings if state is None else list(state.offsets)
        angle = 0 if state is None else state.board_angle
        g = rings_graph(t.sizes, offsets, t.fixed, angle)
        g.graph["ring_names"] = list(t.ring_names)
        for r in range(t.n_rings):
            n = t.sizes[r]
            shift = (offsets[r] + angle * n // 360) % n
            for i in range(n):
                slot = t.first[r] + (i + shift) % n
                tile = None if state is None else state.public_tile(slot)
                g.nodes[(r, i)].update(slot=slot, tile=tile, colour=t.ring_names[r])
        return g

    # ------------------------------------------------------------------ linter
    def accounting(self) -> list[Any]:
        """Component accounting from the tables (sectors, tiles, shares, deck)."""
        t = self.tables
        n = t.players
        counts = dict(zip(t.kinds, t.kind_counts, strict=True))
        colour_tiles = sum(v for k, v in counts.items() if k != C.IMPREVISTO)
        return [
            StatedTotal("MC-tiles", ("MC-C2",), "tiles in the box", C.STATED_TILES,
                        {f"{k} tiles": v for k, v in counts.items()}),
            StatedTotal("MC-colour-tiles", ("MC-C2",), "colour tiles", C.STATED_COLOUR_TILES,
                        {f"{k} tiles": v for k, v in counts.items() if k != C.IMPREVISTO}),
            StatedTotal("MC-sectors", ("AMB-MC-1", "MC-1.1"),
                        "board sectors (the board ends fully covered)", t.n_tiles,
                        {f"{name} ring": s for name, s in zip(t.ring_names, t.sizes, strict=True)}),
            Conservation("MC-shares", ("MC-0.2", "MC-0.3", "MC-1.2"),
                         "tiles placed by the players (absent players' tiles included)", t.n_tiles,
                         {f"player {p} ({t.colours[p]})": sum(t.shares[p]) for p in range(n)}),
            Divisible("MC-share-equal", ("MC-0.3",), "tiles shared among the players", t.n_tiles,
                      n),
            Divisible("MC-imprevisto-share", ("MC-0.2",),
                      "imprevisto tiles, an equal number per colour", counts.get(C.IMPREVISTO, 0),
                      len(t.colours)),
            StatedTotal("MC-own-tiles", ("MC-0.2",), "own colour tiles per player",
                        C.STATED_OWN_TILES, {f"{t.colours[0]} tiles": counts[t.colours[0]]}),
            StatedTotal("MC-deck", ("MC-C3", "AMB-MC-8"), "imprevisto cards", C.STATED_DECK_SIZE,
                        dict(zip(t.effects, t.deck_counts, strict=True))),
            Note("MC-deck-stand-in", ("AMB-MC-8", "MC-C3"),
                 "the seed has 50 imprevisto cards but no card texts; the deck is a provisional stand-in "
                 "built from effect primitives (parameter 'deck')",
                 "write the 50 card texts", "warning"),
            Note("MC-icon-die", ("MC-C5",),
                 "the seed does not list the icon die's six faces; parameter 'icon_die' proposes "
                 "one (each ring x direction once, each complication twice)",
                 "list the six faces", "info"),
            Note("MC-worked-example-1", ("MC-2.1.2.0",),
                 "the seed's worked examples are numbered Case 2-4; Case 1 (presumably the full "
                 "success, MC-2.1.2.0) is missing from the text", "add Case 1", "info"),
            Note("MC-colour-tiles-note", ("MC-C2",),
                 f"{colour_tiles} colour tiles in {len(t.colours)} colours", "", "info"),
            *self._reading_notes(),
        ]

    def _reading_notes(self) -> list[Any]:
        """Linter notes on the undeclared choices the parameters settle (issue #17)."""
        t, p = self.tables, self.params
        out = [
            Note("MC-imprevisto-cards", ("MC-2.1.2.3", "MC-2.1.3"),
                 "an imprevisto tile revealed draws a card at once (MC-2.1.2.3) and MC-2.1.3 draws "
                 "one 'after all the cases above': the text gives 2 cards in that turn; parameter "
                 f"'imprevisto_cards' = {p['imprevisto_cards']}", "say whether it is 1 or 2 cards",
                 "info"),
        ]
        if t.strict:
            out.append(Note(
                "MC-void-attack", ("MC-2.1.1", "MC-2.1.3"),
                "a d8 roll of 1 allows no x < 1: the seed does not say whether the end-of-turn card "
                f"is drawn after such a void attack; parameter 'void_attack' = {p['void_attack']!r}",
                "say what a roll of 1 does", "info"))
        if t.imp >= 0:
            split = [t.shares[q][t.imp] for q in range(t.players)]
            if len(set(split)) > 1:
                out.append(Note(
                    "MC-absent-share", ("MC-0.3", "MC-0.2"),
                    f"the absent players' imprevisto tiles do not divide among {t.players} players: "
                    f"imprevisto tiles by seat {split} (parameter 'absent_share' = "
                    f"{p['absent_share']!r})", "say who places the odd imprevisto tiles", "warning"))
        return out

    # ------------------------------------------------------------------ agents
    @classmethod
    def agent_factories(cls) -> dict[str, Callable[..., Any]]:
        return {"perfect": PerfectAgent, "memory": MemoryAgent}
