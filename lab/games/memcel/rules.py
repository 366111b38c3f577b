"""Memcel (RULES.md §1, seed ``000_87aa68ef54d58a17.txt``): the rules object and its variants.

Memcel is a memory game for 2-4 players. 48 tiles go face down on a board of concentric rotating
rings (MC-1.1); then each player tries to turn up all of their own colour (MC-2, MC-3) while
rings turn, the whole board turns and tiles are swapped under them (MC-C5, imprevisto cards).

Positions. Players see the board from the table: an action names a *slot*, a position in the
table's frame (ring ``r``, the ``s``-th sector width clockwise from 12 o'clock, numbered
``first_slot[r] + s``). When a ring turns, the tiles on it move to other slots; when the whole
board turns, every ring's tiles move (by ``floor(angle * n / 360)`` slots). Keeping track of
that is the game. The board graph (:meth:`MemcelGame.board`) names physical sectors instead.

Every open point of RULES.md (AMB-MC-1..9) is a parameter below. The imprevisto card deck is a
stand-in (not the designer's cards) built from effect primitives (see
:mod:`lab.games.memcel.components`).

Module layout: this file holds the parameters and the :class:`MemcelGame`; the state machine is
in :mod:`lab.games.memcel.state`, drawing in :mod:`lab.games.memcel.render`, players in
:mod:`lab.games.memcel.agents`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from lab.boards.rings import rings_graph
from lab.core.actions import Action, ActionSpec, Field
from lab.core.budget import MAX_HISTORY, Budget
from lab.core.errors import InvalidVariant
from lab.core.game import Game
from lab.core.params import Params, ParamSpec, thaw
from lab.core.rulepoints import rule_point
from lab.games.memcel import components as C
from lab.lint.checks import Conservation, Divisible, Note, StatedTotal

if TYPE_CHECKING:
    import networkx as nx

    from lab.games.memcel.state import MemcelState

DEFENCES = ("skip", "complication", "card")  # MC-2.2
HUNT_ACTIONS_PER_TURN = 18  # declare, d8, x, <= 8 reveals, two cards with <= 2 choices each
ORDER_ROLL_ROUNDS = 20  # MC-0.1 ties re-roll; after this many rounds the lowest tied seat starts
DEFAULT_MAX_TURNS = 3000
"""The lab's safety bound on hunt turns (parameter ``max_turns``), not a rule: the seed's rules
end every game a player with a perfect memory plays (median 5-7 turns), and the human-like
memory players' games have a long tail (400 seeded games each, issue #39: the longest 686, 1330
and 3525 turns with 2, 3 and 4 players; 1 in 400 beyond 3000 with 4). Random players never
finish (they remember nothing, and a miss covers all their tiles, AMB-MC-3): they run to it."""

PARAMETERS: tuple[ParamSpec, ...] = (
    ParamSpec("players", "int", 4, "Number of players (2-4).", ("MC-0.2", "MC-0.3"),
              minimum=2, maximum=4),
    ParamSpec(
        "ring_layout", "json", [dict(r) for r in C.DEFAULT_RING_LAYOUT],
        "Rings from the centre outwards: [{colour, sectors, fixed}]; sectors must add up to the "
        "number of tiles. fixed = part of the board, never turns.",
        ("AMB-MC-1", "MC-C1"),
        examples=(
            [{"colour": "red", "sectors": 12}, {"colour": "green", "sectors": 16},
             {"colour": "blue", "sectors": 20}],
            [{"colour": "board", "sectors": 12, "fixed": True}, {"colour": "red", "sectors": 12},
             {"colour": "green", "sectors": 12}, {"colour": "blue", "sectors": 12}],
        ),
        check=C.check_ring_layout,
    ),
    ParamSpec(
        "tile_counts", "json", dict(C.DEFAULT_TILE_COUNTS),
        "Tiles per colour (one colour per seat, in seat order) and 'imprevisto' tiles.",
        ("MC-C2", "MC-0.2", "MC-0.3"),
        examples=({"red": 11, "green": 11, "blue": 11, "orange": 11, "imprevisto": 4},),
        check=C.check_tile_counts,
    ),
    ParamSpec("reveal_limit", "choice", "strict",
              "x < N ('strict', the text) or x <= N ('inclusive') for a d8 roll of N.",
              ("AMB-MC-2", "MC-2.1.1"), choices=("strict", "inclusive")),
    ParamSpec("cover_scope", "choice", "all",
              "On a miss cover 'all' own face-up tiles, or only those revealed this 'turn'.",
              ("AMB-MC-3", "MC-2.1.2.1"), choices=("all", "turn")),
    ParamSpec("revealed_by_other_counts", "bool", True,
              "A tile left face up by another player's miss counts for its owner.",
              ("AMB-MC-4", "MC-3")),
    ParamSpec("card_after_success", "bool", True,
              "Draw the end-of-turn card after a fully successful attack too.",
              ("AMB-MC-5", "MC-2.1.3")),
    ParamSpec("board_turn_degrees", "int", 90,
              "How far the whole board turns ('giro della morte'), in degrees.",
              ("AMB-MC-6", "MC-C5"), minimum=1, maximum=359, examples=(180,)),
    ParamSpec("ring_step", "int", 1,
              "Sectors per 'scatto' (one pip of the d8, one step of a card).",
              ("AMB-MC-7", "MC-C5"), minimum=1, maximum=8, examples=(2,)),
    ParamSpec(
        "deck", "json", dict(C.DEFAULT_DECK),
        "Imprevisto deck: effect -> count, summing to deck_size. A STAND-IN for the "
        "designer's cards (the seed has none).",
        ("AMB-MC-8", "MC-C3"),
        examples=({"lose_turn": 10, "extra_turn": 10, "peek": 10, "cover": 10, "swap": 10},),
        check=C.check_deck,
    ),
    ParamSpec("deck_size", "int", C.STATED_DECK_SIZE, "Number of imprevisto cards.", ("MC-C3",),
              minimum=1, maximum=1000),
    ParamSpec("sitout_clears_defence", "bool", True,
              "A sat-out turn counts as a turn without defence for MC-2.2.1.",
              ("AMB-MC-9", "MC-2.2.1")),
    ParamSpec("icon_die", "json", [dict(f) for f in C.DEFAULT_ICON_DIE],
              "Icon die faces [{ring, dir, complication}] (complication: board, swap, reroll).",
              ("MC-C5",), check=C.check_icon_die),
    ParamSpec("imprevisto_cards", "int", 2,
              "Cards drawn in a turn whose attack reveals an imprevisto tile: 2 (the seed's text: "
              "one at once, MC-2.1.2.3 'si pesca una carta', and the end-of-turn card, MC-2.1.3 "
              "'dopo tutti i casi suddetti') or 1 (the MC-2.1.2.3 card is the turn's card).",
              ("MC-2.1.2.3", "MC-2.1.3"), minimum=1, maximum=2, examples=(1,)),
    ParamSpec("void_attack", "choice", "card",
              "An attack with no possible x (a d8 roll of 1 under x < N, MC-2.1.1) ends the turn "
              "with the end-of-turn card ('card', MC-2.1.3 read as every turn's end) or without "
              "one ('pass': no move was made, so none of MC-2.1.3's 'casi suddetti' happened).",
              ("MC-2.1.1", "MC-2.1.3"), choices=("card", "pass")),
    ParamSpec("absent_share", "choice", "colours_first",
              "Order in which the absent players' tiles are dealt (MC-0.3 'dividere equamente'); "
              "it matters for 3 players, whose 2 absent imprevisto tiles cannot be split evenly: "
              "'colours_first' gives imprevisto tiles 2/3/3 by seat, 'imprevisto_first' 3/3/2.",
              ("MC-0.3", "MC-0.2"), choices=C.ABSENT_SHARES),
    ParamSpec("max_turns", "int", DEFAULT_MAX_TURNS,
              "Safety bound, not a seed rule (the seed has no draw): a game still running after "
              "this many hunt turns (all players, sat-out turns included) ends unfinished, "
              "'stopped by max_turns=N', with no winner.",
              ("MC-3",), minimum=1, maximum=100_000, examples=(40,)),
    ParamSpec("seconds", "json", dict(C.DEFAULT_SECONDS),
              "Time model: seconds per act (place, roll, declare, reveal, cover, card, turn, "
              "swap, peek, setup).", (), check=C.check_seconds),
)


MAX_RINGS = 16
MAX_TILE_KINDS = 16
MAX_SECTORS = 1024
MAX_PLACE_ACTIONS = 16_384
MAX_EFFECTS = 256
MAX_ICON_FACES = 64


def max_length(params: Params) -> int:
    """Upper bound on a game's history entries (MC-0.1 order rolls, MC-1 setup, hunt turns)."""
    players = int(params["players"])
    order = ORDER_ROLL_ROUNDS * players
    setup = sum(params["tile_counts"].values()) + 3 * players
    return order + setup + HUNT_ACTIONS_PER_TURN * int(params["max_turns"]) + 8


# ---------------------------------------------------------------------- rule points
def reveal_limit(roll: int, strict: bool) -> int:
    """MC-2.1.1: the largest x (own tiles to reveal) a player may declare after a d8 roll of ``roll``.

    The text says x < N (``strict``, AMB-MC-2); the ``inclusive`` variant allows x <= N. The
    engine also caps x at the number of face-down tiles; below 1 no attack is possible.
    """
    return roll - 1 if strict else roll


def tiles_to_cover(own_face_up: list[int], this_turn: list[int], scope: str) -> list[int]:
    """MC-2.1.2.1: after a miss, which of the player's own face-up tiles (slots) are covered again.

    ``own_face_up``: every own face-up slot; ``this_turn``: those revealed in this attack;
    ``scope`` is the variant's AMB-MC-3 reading (``"all"`` or ``"turn"``).
    """
    return list(own_face_up) if scope == "all" else list(this_turn)


def lost_turns(x: int, found: int) -> int:
    """MC-2.1.2.2: turns a player sits out after a miss, having declared ``x`` and found ``found``.

    With y = x - found tiles missing, y > 1 costs y turns; y = 1 (MC-2.1.2.1) costs none.
    """
    y = x - found
    return y if y > 1 else 0


def may_defend(defended_last_turn: bool) -> bool:
    """MC-2.2.1: may the player choose a defence now? Not on two consecutive turns."""
    return not defended_last_turn


def has_won(face_up: int, own_tiles: int) -> bool:
    """MC-3: does a player with ``face_up`` of their ``own_tiles`` tiles face up win (and end the game)?"""
    return face_up >= own_tiles


def turn_limit_reached(turns: int, max_turns: int) -> bool:
    """The lab's safety bound beside MC-3: after ``turns`` hunt turns, is the game stopped?

    Not a rule of the seed, which ends only on a win (MC-3) and has no draw: a game stopped here
    ends *unfinished* (:meth:`lab.core.state.State.stop_unfinished`, ``max_turns=N``), never as
    a draw. ``max_turns`` is the variant's limit (sat-out turns count).
    """
    return turns >= max_turns


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
        from lab.games.memcel.state import MemcelState

        return MemcelState(self)

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
        from lab.games.memcel.agents import MemoryAgent, PerfectAgent

        return {"perfect": PerfectAgent, "memory": MemoryAgent}


# Rule points are declared by a call, not with decorator syntax: mutmut (`make mutants`)
# does not mutate decorated functions, and these are the rules.
for _clause, _fn in (
    ("MC-2.1.1", reveal_limit),
    ("MC-2.1.2.1", tiles_to_cover),
    ("MC-2.1.2.2", lost_turns),
    ("MC-2.2.1", may_defend),
    ("MC-3", has_won),
    ("MC-3:max_turns", turn_limit_reached),
):
    rule_point(_clause)(_fn)
