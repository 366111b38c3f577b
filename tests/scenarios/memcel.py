"""Memcel's seed scenarios: one row (at least) per clause of RULES.md §1.

Seed ``000_87aa68ef54d58a17.txt`` (Italian). Each row quotes the seed (``seed=``), says what it
checks (``reading=``), reaches the situation (``setup=``), plays the steps and checks the outcome.
Positions: the setups place every tile in slot order (seat 0 rolls highest and starts), so the
steps find a player's tiles by asking the state where they are (a test may look).
"""

from __future__ import annotations

from typing import Any

import lab
from lab.core.actions import Action
from lab.core.state import CHANCE
from tests.scenarios.table import (
    Scenario,
    Setup,
    Step,
    Table,
    act,
    acts,
    chance_outcomes,
    count,
    event,
    events_in_order,
    last_event,
    legal,
    legal_is,
    lint_finding,
    no_event,
    refused,
    returns,
    seen,
    step,
    terminal,
    that,
    to_act,
    winners,
)

CLAUSES = {
    "MC-C1": "board with 3 coloured rotating rings",
    "MC-C2": "48 tiles with identical backs: 40 colour tiles (10 x 4 colours), 8 imprevisto tiles",
    "MC-C3": "50 imprevisto cards (texts not in the seed)",
    "MC-C4": "numeric d8",
    "MC-C5": "icon die: ring, direction and complication (black board turn, grey swap, white re-roll)",
    "MC-0.1": "turn order by the highest die, clockwise",
    "MC-0.2": "each player: 10 tiles of one colour + 2 imprevisto tiles",
    "MC-0.3": "absent players' tiles shared equally",
    "MC-1.1": "in turn, 2 tiles face down per turn on empty sectors",
    "MC-1.2": "imprevisto and absent players' tiles placed the same way, in any order",
    "MC-1.3": "all tiles placed: roll the complication and apply it",
    "MC-2.0": "the hunt restarts from the first player; declare attack or defence",
    "MC-2.1.1": "attack: roll the d8 (N); declare x < N",
    "MC-2.1.2": "reveal the x tiles one after another",
    "MC-2.1.2.0": "all x own: pass unharmed, the tiles stay up",
    "MC-2.1.2.1": "x-1 own: cover own tiles, the wrong one stays up, pass",
    "MC-2.1.2.2": "x-y own (y > 1): as MC-2.1.2.1 and sit out y turns from the next round",
    "MC-2.1.2.3": "an imprevisto tile revealed: cover own tiles and it, draw a card",
    "MC-2.1.3": "end of turn: draw an imprevisto card, carry it out, the turn ends",
    "MC-2.2": "defence: skip, roll a complication, or draw a card",
    "MC-2.2.1": "no defence on two consecutive turns",
    "MC-3": "the first player with all own tiles face up wins",
    "AMB-MC-1": "board geometry (rings, sizes, fixed sectors)",
    "AMB-MC-2": "x < N (text) or x <= N",
    "AMB-MC-3": "cover all own tiles or only this turn's",
    "AMB-MC-4": "a tile turned up by another player counts for its owner",
    "AMB-MC-5": "the end-of-turn card after a full success too",
    "AMB-MC-6": "how far the whole board turns",
    "AMB-MC-7": "one scatto = one sector",
    "AMB-MC-8": "the 50 card texts: a stand-in deck of effect primitives",
    "AMB-MC-9": "a sat-out turn counts as a turn without defence",
}

BOARD, SWAP, REROLL = 0, 1, 2  # default icon die faces: red cw black, green cw grey, blue cw white
FEW = {"red": 3, "green": 3, "blue": 20, "orange": 14, "imprevisto": 8}  # one attack can end a game


# ---------------------------------------------------------------------- setups
def _ordered(players: int, **params: Any) -> lab.State:
    state = lab.load("memcel", players=players, **params).new_initial_state()
    for p in range(players):  # MC-0.1: seat 0 rolls highest
        state.apply_action(Action("d8", (8 if p == 0 else 1,)))
    return state


def _fill(state: lab.State, face: int) -> None:
    """Every player places their tiles in slot order (own colour first); complications show
    ``face``; a swap takes the first two tiles offered."""
    while state.phase == "place":
        if state.current_player() == CHANCE:
            task = state.queue[0][0]
            state.apply_action(Action("icon", (face,)) if task in ("comp", "ricon") else state.chance_outcomes()[0][0])
            continue
        p = state.current_player()
        if state.queue[0][0].startswith("swap"):
            state.apply_action(state.legal_actions()[0])
            continue
        kind = next(k for k, n in zip(state.t.kinds, state.to_place[p], strict=True) if n)
        state.apply_action(Action("place", (kind, state.tiles.index(-1))))


def placing(players: int = 2, **params: Any) -> Setup:
    return Setup(f"{players} players, seat 0 rolled highest: the placement starts",
                 lambda: _ordered(players, **params))


def hunt(players: int = 2, face: int = REROLL, **params: Any) -> Setup:
    text = f"{players} players, every tile placed in slot order, complications showing face {face}: the hunt starts"
    if params:
        text += f" ({', '.join(f'{k}={v}' for k, v in params.items())})"

    def make() -> lab.State:
        state = _ordered(players, **params)
        _fill(state, face)
        return state

    return Setup(text, make)


def fresh(players: int = 2, **params: Any) -> Setup:
    return Setup(f"a new {players}-player game", lambda: lab.load("memcel", players=players, **params).new_initial_state())


# ---------------------------------------------------------------------- steps
def _down(state: lab.State, kind: str) -> list[int]:
    k = state.t.kinds.index(kind)
    return [s for s, v in enumerate(state.tiles) if v == k and not state.up[s]]


def reveal(kind: str, n: int = 1) -> tuple[Step, ...]:
    """Reveal ``n`` face-down tiles of ``kind``, one after another."""
    return tuple(step(f"reveal a {kind} tile", lambda st: st.apply_action(Action("reveal", (_down(st, kind)[0],))))
                 for _ in range(n))


def own(state: lab.State) -> str:
    return state.t.colours[state.current_player()]


def reveal_own(n: int = 1) -> tuple[Step, ...]:
    return tuple(step("reveal one of the player's own tiles",
                      lambda st: st.apply_action(Action("reveal", (_down(st, own(st))[0],)))) for _ in range(n))


def attack(roll: int, x: int) -> tuple[Step, ...]:
    return acts(("attack",), ("d8", roll), ("choose_x", x))


def first_legal(text: str = "the first legal choice") -> Step:
    return step(text, lambda st: st.apply_action(st.legal_actions()[0]))


def quiet_turn() -> tuple[Step, ...]:
    """A turn that changes nothing: defence 'skip'."""
    return acts(("defend", "skip"))


def void_turn() -> tuple[Step, ...]:
    """An attack that cannot be made (a d8 of 1, x < 1), its card a ring turn: no defence used."""
    return acts(("attack",), ("d8", 1), ("card", "turn_ring:red:2"))


def up_slots(state: lab.State, kind: str) -> list[int]:
    k = state.t.kinds.index(kind)
    return [s for s, v in enumerate(state.tiles) if v == k and state.up[s]]


def refused_variant(**params: Any) -> bool:
    try:
        lab.load("memcel", **params)
    except lab.InvalidVariant:
        return True
    return False


# ---------------------------------------------------------------------- the table
S = Scenario
SCENARIOS: tuple[Scenario, ...] = (
    # ------------------------------------------------------------------ components
    S("MC-C1", "1 plancia di gioco e 3 anelli colorati ... (gli anelli colorati si inseriscono e ruotano nelle sedi ricavate sulla plancia)",
      "three coloured rings that turn, covering the board's 48 sectors", fresh(),
      expect=(that("the rings are red, green and blue, none fixed", lambda st: [
                  (r["colour"], r["fixed"]) for r in st.observation(None)["rings"]] == [("red", False), ("green", False), ("blue", False)]),
              that("48 sectors in all, as many as tiles", lambda st: sum(r["sectors"] for r in st.observation(None)["rings"]) == 48),
              that("the board graph has a node per sector", lambda st: st.game.board(st).number_of_nodes() == 48))),
    S("MC-C2", "48 tessere, di cui: 40 tessere colore: 10 tessere per ognuno dei 4 diversi colori ...; 8 tessere imprevisto ... Tutte le tessere presentano il retro dello stesso colore",
      "48 tiles (10 per colour, 8 imprevisto); face down, any tile looks the same to the others",
      placing(), (act("place", "imprevisto", 0), act("place", "red", 1)),
      (seen("slots", ["down", "down"] + [None] * 46, viewer=1), seen("slots", ["down", "down"] + [None] * 46),
       that("the box holds 10 tiles of each colour and 8 imprevisto tiles",
            lambda st: dict(zip(st.t.kinds, st.t.kind_counts, strict=True)) == {
                "red": 10, "green": 10, "blue": 10, "orange": 10, "imprevisto": 8}))),
    S("MC-C3", "50 carte \u201cimprevisto\u201d",
      "drawing a card is a chance node over the 50-card deck, each card equally likely",
      hunt(), acts(("defend", "card")),
      (chance_outcomes("the 50 cards by effect, weighted by their count",
                       lambda got: abs(sum(p for _, p in got) - 1) < 1e-9 and len(got) == 13
                       and min(p for _, p in got) == 3 / 50),)),
    S("MC-C4", "1 dado numerico a 8 facce, numerate da 1 a 8",
      "the attack roll is a fair d8", hunt(), acts(("attack",)),
      (chance_outcomes("faces 1 to 8, 1/8 each", lambda got: [a.args[0] for a, _ in got] == list(range(1, 9))
                       and all(abs(p - 1 / 8) < 1e-12 for _, p in got)),)),
    S("MC-C5", "3a. nero: giro della morte (ruotare l'intera plancia)",
      "black: the whole board turns (every ring moves, a quarter turn by default)", hunt(face=SWAP),
      acts(("defend", "complication"), ("icon", BOARD)),
      (event("MC-C5", "board_turn", degrees=90, shifts=[4, 4, 4]), seen("board_angle", 90)), name="black"),
    S("MC-C5", "3b. grigio: scambio (scambiare la posizione di due tessere a scelta sulla plancia)",
      "grey: the roller swaps two tiles of their choice, two different tiles", hunt(),
      (*acts(("defend", "complication"), ("icon", SWAP)), act("swap", 3)),
      (to_act(0), legal("any other tile", lambda got: len(got) == 47 and Action("swap", (3,)) not in got),
       refused("swap", 3)), name="grey"),
    S("MC-C5", "3c. bianco: rilanciare entrambi i dadi (icona e numerico) e ruotare di conseguenza l'anello colorato ... 3c.1 dado icona: la ruota e il verso; 3c.2 dado numerico: il numero di scatti",
      "white: re-roll the icon die (ring, direction) and the d8 (steps): that ring turns that far",
      hunt(face=SWAP), acts(("defend", "complication"), ("icon", REROLL), ("icon", 4), ("d8", 3)),
      (events_in_order(("MC-C5", "reroll_icon"), ("MC-C5", "reroll_d8"), ("MC-C5", "ring_turn")),
       event("MC-C5", "ring_turn", ring=1, steps=-3), event("MC-C5", "reroll_icon", ring="green", dir="ccw")),
      name="white"),
    # ------------------------------------------------------------------ preliminary phase
    S("MC-0.1", "decisione del giro (dado più alto, senso orario) che varrà per tutte le fasi della partita",
      "the highest roll starts, play goes clockwise from there", fresh(3), acts(("d8", 3), ("d8", 8), ("d8", 5)),
      (event("MC-0.1", "turn_order", order=[1, 2, 0]), to_act(1))),
    S("MC-0.1", "dado più alto",
      "a tie for the highest roll: the tied players roll again", fresh(3), acts(("d8", 8), ("d8", 8), ("d8", 2)),
      (event("MC-0.1", "order_tie", players=[0, 1]), to_act(CHANCE), no_event("MC-0.1", "turn_order")), name="tie"),
    S("MC-0.2", "ogni giocatore ha diritto a 10 tessere uguali (in pratica un colore a giocatore) + 2 tessere imprevisto",
      "four players: each places 10 tiles of their colour and 2 imprevisto tiles", placing(4),
      expect=(event("MC-0.2", "tiles_shared", shares=[[10, 0, 0, 0, 2], [0, 10, 0, 0, 2], [0, 0, 10, 0, 2], [0, 0, 0, 10, 2]]),
              seen("my_tiles_to_place", {"red": 10, "imprevisto": 2}, viewer=0))),
    S("MC-0.3", "dividere equamente tra i giocatori presenti le tessere degli eventuali giocatori mancanti",
      "two players share the absent blue and orange players' 24 tiles: 24 tiles each", placing(2),
      expect=(event("MC-0.2", "tiles_shared", shares=[[10, 0, 5, 5, 4], [0, 10, 5, 5, 4]]),
              seen("left_to_place", [24, 24]))),
    # ------------------------------------------------------------------ placement
    S("MC-1.1", "a turno, ogni giocatore mette sulla plancia 2 tessere coperte per ogni turno di gioco",
      "two tiles face down per turn on empty sectors, then the next player", placing(),
      (act("place", "red", 5), act("place", "red", 6)),
      (to_act(1), refused("place", "green", 5), seen("slots", [None] * 5 + ["down", "down"] + [None] * 41, viewer=1),
       count("MC-1.1", "place", 2))),
    S("MC-1.2", "disporre anche le tessere speciali e le eventuali tessere dei giocatori mancanti; l'ordine con cui disporre le differenti tessere è a completa discrezione del singolo giocatore",
      "imprevisto and absent colours may come first; only the placer's own record names them",
      placing(), (act("place", "imprevisto", 0), act("place", "orange", 1)),
      (count("MC-1.2", "place_own", 2), count("MC-1.1", "place", 2),
       that("seat 1 never learns which tiles they were",
            lambda st: all(e.kind == "place" for e in st.events_for(1) if e.kind.startswith("place"))))),
    S("MC-1.3", "una volta esaurite le proprie tessere, ogni giocatore, secondo il proprio turno, lancia un dado complicazione (cerchio interno del dado icone) e agisce di conseguenza",
      "each player, out of tiles, rolls the complication once on their turn (then the hunt)", hunt(3),
      expect=(count("MC-1.3", "complication", 3), event("MC-2.0", "hunt_starts", first=0))),
    # ------------------------------------------------------------------ the hunt
    S("MC-2.0", "riparte il giro dal primo giocatore; ogni giocatore, all'inizio del proprio turno di gioco, dichiara innanzitutto la propria mossa, che può essere di attacco o di difesa",
      "the first player starts the hunt and declares attack or one of the defences", hunt(3),
      expect=(to_act(0), legal_is(("attack",), ("defend", "skip"), ("defend", "complication"), ("defend", "card")))),
    S("MC-2.1.1", "tiro del dado numerico per conoscere il numero massimo ...; decisione del numero x di tessere da volere scoprire, con x < del numero uscito con il dado",
      "after a roll of 7, x is 1 to 6", hunt(), acts(("attack",), ("d8", 7)),
      (legal("choose_x 1..6", lambda got: [a.args[0] for a in got] == [1, 2, 3, 4, 5, 6]), refused("choose_x", 7))),
    S("MC-2.1.2", "scoprire in sequenza le x tessere",
      "the x tiles are revealed one after another, each its own action", hunt(), (*attack(5, 3), *reveal_own()),
      (to_act(0), that("a second reveal is asked", lambda st: st.pending() == {"task": "reveal", "roll": 5, "x": 3, "found": 1}))),
    S("MC-2.1.2.0", "se si scoprono tutte le x tessere del proprio colore, si passa indenni il turno",
      "all x own: the tiles stay face up, nothing covered, no turn lost", hunt(), (*attack(5, 3), *reveal_own(3)),
      (event("MC-2.1.2.0", "full_success", player=0, x=3), no_event("MC-2.1.2.1", "cover_own"),
       no_event("MC-2.1.2.2", "lost_turns"), seen("own_face_up", [3, 0]))),
    S("MC-2.1.2.1", "Caso 2 - ... riesce a scoprire solo 5 tessere del proprio colore, poi ne scopre una blu; ... non perderà alcun turno successivo e si limiterà a ricoprire tutte le tessere rosse ..., lasciando scoperta quella blu; prima di passare il turno alza una carta imprevisto",
      "the seed's case 2: x = 6, five red then a blue tile", hunt(), (*attack(7, 6), *reveal_own(5), *reveal("blue")),
      (event("MC-2.1.2.1", "miss", found=5, x=6, y=1), no_event("MC-2.1.2.2", "lost_turns"),
       seen("own_face_up", [0, 0]), that("the blue tile stays face up", lambda st: len(up_slots(st, "blue")) == 1),
       that("the turn's card comes next", lambda st: st.pending().get("reason") == "MC-2.1.3"))),
    S("MC-2.1.2.2", "Caso 3 - ... riesce a scoprire solo 4 tessere del proprio colore, poi ne scopre una blu; ... perderà i due turni successivi di gioco",
      "the seed's case 3: four red then blue: two turns lost", hunt(), (*attack(7, 6), *reveal_own(4), *reveal("blue")),
      (event("MC-2.1.2.2", "miss", found=4, y=2), event("MC-2.1.2.2", "lost_turns", player=0, turns=2),
       seen("lost_turns", [2, 0]))),
    S("MC-2.1.2.2", "Caso 4 - ... scopre subito una tessera blu; ... perderà i sei turni successivi di gioco; dovrà lasciare scoperta la tessera blu",
      "the seed's case 4: blue at once: six turns lost", hunt(), (*attack(7, 6), *reveal("blue")),
      (event("MC-2.1.2.2", "lost_turns", player=0, turns=6), seen("lost_turns", [6, 0])), name="case4"),
    S("MC-2.1.2.2", "si passa il turno e si rimarrà fermi per y turni dal giro successivo",
      "the lost turns are sat out from the next round: the player's next turns are skipped",
      hunt(), (*attack(7, 6), *reveal_own(4), *reveal("blue"), act("card", "peek"), first_legal("peek"),
               *quiet_turn()),
      (events_in_order(("MC-2.2", "defence"), ("MC-2.1.2.2", "sits_out")),
       event("MC-2.1.2.2", "sits_out", player=0, left=1), seen("lost_turns", [1, 0]), to_act(1)), name="sit_out"),
    S("MC-2.1.2.3", "Se, tenendo sempre gli ultimi due casi suddetti, durante la propria mossa si scopre una tessera imprevisto: si ricoprono tutte le proprie tessere; si ricopre la tessera imprevisto; si pesca una carta imprevisto",
      "an imprevisto tile at the first reveal of x = 3: own tiles and it covered, a card at once, and y = 3 turns lost",
      hunt(), (*attack(4, 3), *reveal("imprevisto")),
      (event("MC-2.1.2.3", "imprevisto_revealed", player=0, y=3), event("MC-2.1.2.2", "lost_turns", turns=3),
       that("the imprevisto tile is face down again", lambda st: up_slots(st, "imprevisto") == []),
       that("a card is drawn at once", lambda st: st.pending().get("reason") == "MC-2.1.2.3"))),
    S("MC-2.1.3", "dopo tutti i casi suddetti, alzare una carta imprevisto; terminata la mossa imposta dall'imprevisto, si chiude ufficialmente il turno di gioco e la mossa passa al giocatore successivo",
      "after a miss the card is drawn and carried out, then the next player declares",
      hunt(), (*attack(3, 1), *reveal("blue"), act("card", "turn_ring:red:2")),
      (events_in_order(("MC-2.1.3", "card"), ("AMB-MC-8", "ring_turn")), to_act(1),
       legal("seat 1 declares", lambda got: got[0] == Action("attack", ())))),
    S("MC-2.2", "Scegliere la mossa tra: saltare il turno",
      "defence by skipping: nothing happens, the next player declares", hunt(), acts(("defend", "skip")),
      (event("MC-2.2", "defence", player=0, option="skip"), to_act(1), no_event("MC-2.2", "card")), name="skip"),
    S("MC-2.2", "lanciare un dado complicazione",
      "defence by a complication roll", hunt(), acts(("defend", "complication")),
      (event("MC-2.2", "defence", option="complication"), chance_outcomes("the icon die's 6 faces", lambda got: len(got) == 6)),
      name="complication"),
    S("MC-2.2", "pescare una carta imprevisto",
      "defence by a card", hunt(), acts(("defend", "card"), ("card", "extra_turn")),
      (event("MC-2.2", "card", player=0, effect="extra_turn"), event("MC-2.0", "extra_turn_starts", player=0)), name="card"),
    S("MC-2.2.1", "Non è possibile usare la difesa per due turni consecutivi",
      "after a defence, the player's next turn must be an attack", hunt(), acts(("defend", "skip"), ("defend", "skip")),
      (to_act(0), legal_is(("attack",)), refused("defend", "card"))),
    S("MC-3", "La partita finisce quando uno dei giocatori riesce per primo a scoprire tutte le proprie tessere sulla plancia",
      "3 red tiles, x = 6 declared: the third reveal wins at once (no more reveals, no card)",
      hunt(players=2, tile_counts=FEW, reveal_limit="inclusive"), (*attack(8, 6), *reveal_own(3)),
      (terminal(), winners(0), returns(1.0, -1.0), last_event("MC-3", "win"), no_event("MC-2.1.3", "card"))),
    S("MC-3", "riesce per primo",
      "the second player of three wins: the third never plays that round",
      hunt(players=3, tile_counts={"red": 3, "green": 3, "blue": 3, "orange": 31, "imprevisto": 8}, reveal_limit="inclusive"),
      (*quiet_turn(), *attack(8, 4), *reveal_own(3)),
      (terminal(), winners(1), returns(-0.5, 1.0, -0.5), seen("turns", 2)), name="first"),
    # ------------------------------------------------------------------ open points
    S("AMB-MC-1", "(the seed gives no sector counts: 48 tiles cover every sector)",
      "rings of 12, 16 and 20 sectors play; a board of 47 sectors for 48 tiles is refused",
      hunt(ring_layout=[{"colour": "red", "sectors": 12}, {"colour": "green", "sectors": 16},
                        {"colour": "blue", "sectors": 20}]),
      expect=(that("the rings have 12, 16 and 20 sectors", lambda st: [r["sectors"] for r in st.observation(None)["rings"]] == [12, 16, 20]),
              that("47 sectors are refused", lambda st: refused_variant(ring_layout=[
                  {"colour": "red", "sectors": 15}, {"colour": "green", "sectors": 16}, {"colour": "blue", "sectors": 16}])))),
    S("AMB-MC-2", "x < del numero uscito con il dado (the example: 6 of the 7 available)",
      "inclusive reading: after a 7, x may be 7", hunt(reveal_limit="inclusive"), acts(("attack",), ("d8", 7)),
      (legal("choose_x 1..7", lambda got: [a.args[0] for a in got] == list(range(1, 8))),)),
    S("AMB-MC-2", "x < del numero uscito con il dado",
      "strict reading: a roll of 1 allows no x: no attack is possible, the turn's card follows",
      hunt(), acts(("attack",), ("d8", 1)),
      (event("MC-2.1.1", "no_attack_possible", player=0, value=1), to_act(CHANCE)), name="strict_one"),
    S("AMB-MC-3", "si ricoprono tutte le proprie tessere (il giocatore ... si limiterà a ricoprire tutte le tessere rosse scoperte sulla plancia)",
      "'all': a miss covers the own tiles up from an earlier turn too", hunt(),
      (*attack(3, 2), *reveal_own(2), act("card", "peek"), first_legal("peek"), *quiet_turn(), *attack(3, 2),
       *reveal_own(), *reveal("blue")),
      (seen("own_face_up", [0, 0]), event("MC-2.1.2.1", "cover_own"))),
    S("AMB-MC-3", "si ricoprono tutte le proprie tessere",
      "'turn': only this turn's own tiles are covered", hunt(cover_scope="turn"),
      (*attack(3, 2), *reveal_own(2), act("card", "peek"), first_legal("peek"), *quiet_turn(), *attack(3, 2),
       *reveal_own(), *reveal("blue")),
      (seen("own_face_up", [2, 0]),), name="turn"),
    S("AMB-MC-4", "scoprire tutte le proprie tessere (whose reveal?)",
      "a red tile left up by seat 1's miss counts for seat 0 (default)", hunt(),
      (*quiet_turn(), *attack(3, 1), *reveal("red")),
      (seen("own_face_up", [1, 0]), that("it stays face up", lambda st: len(up_slots(st, "red")) == 1))),
    S("AMB-MC-4", "scoprire tutte le proprie tessere",
      "with revealed_by_other_counts=False it does not count for seat 0", hunt(revealed_by_other_counts=False),
      (*quiet_turn(), *attack(3, 1), *reveal("red")), (seen("own_face_up", [0, 0]),), name="own_only"),
    S("AMB-MC-5", "dopo tutti i casi suddetti, alzare una carta imprevisto",
      "card_after_success=False: a full success ends the turn without a card", hunt(card_after_success=False),
      (*attack(3, 1), *reveal_own()), (to_act(1), no_event("MC-2.1.3", "card"))),
    S("AMB-MC-5", "dopo tutti i casi suddetti",
      "default: a full success is followed by the card too", hunt(), (*attack(3, 1), *reveal_own()),
      (to_act(CHANCE), that("the card of MC-2.1.3 is due", lambda st: st.pending().get("reason") == "MC-2.1.3")),
      name="default"),
    S("AMB-MC-6", "giro della morte (ruotare l'intera plancia)",
      "board_turn_degrees=180: every ring moves half way round", hunt(face=SWAP, board_turn_degrees=180),
      acts(("defend", "complication"), ("icon", BOARD)),
      (event("MC-C5", "board_turn", degrees=180, shifts=[8, 8, 8]), seen("board_angle", 180))),
    S("AMB-MC-7", "il numero di scatti che farà la data corona",
      "ring_step=2: a d8 of 3 turns the ring 6 sectors", hunt(face=SWAP, ring_step=2),
      acts(("defend", "complication"), ("icon", REROLL), ("icon", 0), ("d8", 3)),
      (event("MC-C5", "ring_turn", ring=0, steps=6),)),
    S("AMB-MC-8", "50 carte imprevisto (no texts): lose_turn",
      "a 'lose_turn' card: the drawer sits out their next turn", hunt(),
      (*acts(("defend", "card"), ("card", "lose_turn")), *quiet_turn()),
      (event("AMB-MC-8", "lost_turns", player=0, turns=1), event("MC-2.1.2.2", "sits_out", player=0), to_act(1))),
    S("AMB-MC-8", "50 carte imprevisto (no texts): peek",
      "a 'peek' card: the drawer alone learns a face-down tile", hunt(), (*acts(("defend", "card"), ("card", "peek")), act("peek", 0)),
      (event("AMB-MC-8", "peek", player=0, slot=0),
       that("only seat 0 sees what it is", lambda st: any(e.kind == "peeked" for e in st.events_for(0))
            and not any(e.kind == "peeked" for e in st.events_for(1)))), name="peek"),
    S("AMB-MC-8", "50 carte imprevisto (no texts)",
      "the linter says the deck is a stand-in", fresh(),
      expect=(lint_finding("MC-deck-stand-in", "stand-in", severity="warning"),), name="lint"),
    S("AMB-MC-9", "Non è possibile usare la difesa per due turni consecutivi (and a sat-out turn?)",
      "default: a turn sat out clears the defence: defend, sit out, defend again is allowed",
      hunt(), (*acts(("defend", "card"), ("card", "lose_turn")), *void_turn(), *void_turn()),
      (event("MC-2.1.2.2", "sits_out", player=0), to_act(0),
       legal("a defence is allowed", lambda got: Action("defend", ("skip",)) in got))),
    S("AMB-MC-9", "Non è possibile usare la difesa per due turni consecutivi",
      "sitout_clears_defence=False: after defend and a sat-out turn, the player must attack",
      hunt(sitout_clears_defence=False), (*acts(("defend", "card"), ("card", "lose_turn")), *void_turn(), *void_turn()),
      (event("MC-2.1.2.2", "sits_out", player=0), to_act(0), legal_is(("attack",))), name="strict"),
    S("MC-3", "riesce ... a scoprire tutte le proprie tessere (a game still running is not won)",
      "a game cut by the lab's safety bound max_turns is unfinished: no winner, no draw",
      hunt(max_turns=2), (*quiet_turn(), *quiet_turn()),
      (terminal(), winners(), returns(0.0, 0.0), event("MC-3:max_turns", "unfinished")),
      name="max_turns"),
)

TABLE = Table("memcel", CLAUSES, SCENARIOS)
