"""Save the Space Station's seed scenarios: one row (at least) per clause of RULES.md §3.

Seed ``002_bef2c086835c932c.txt`` (Italian). Positions are rebuilt from an observation
(:func:`lab.games.space_station.state_from_observation`, the way a search agent rebuilds a state):
the pieces where a row needs them, the turn's remaining step program, the player's phase
pending (SS-J steps 7-8). Cells are 0-based ``(column, row)``; the default board's Earth is
(22, 9), the station's orbit starts at (19, 9) and runs counter-clockwise on screen.
"""

from __future__ import annotations

from typing import Any

import lab
from lab.core.actions import Action
from lab.core.state import CHANCE
from lab.games.space_station import SpaceStationGame, state_from_observation
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
    no_event,
    returns,
    running,
    step,
    terminal,
    that,
    winners,
)

CLAUSES = {
    "SS-A1": "hex grid of 28 columns x 19 rows",
    "SS-A2": "Earth on row 10, six hexes from the right edge; it and its neighbours forbidden",
    "SS-A3": "six equidistant entry points in the left half: two top, two left, two bottom",
    "SS-A4": "the station's orbit: the hexes 3 from Earth; start: the leftmost",
    "SS-B": "1 station, 6 fighters, 2 droids, 2 missiles",
    "SS-C": "one d6",
    "SS-D1": "station: 3 hexes counter-clockwise; laser at one target within 6; immune to lasers",
    "SS-D2": "fighters: leave two per turn, speed up to 5, laser one target within 6",
    "SS-D3": "droids: fire their missile on entering, move 4 toward the station, multi-target laser, 4 hits",
    "SS-D4": "missiles: launched with their droid, speed 6 toward the station, destroy what they hit",
    "SS-E": "the collision table",
    "SS-F1": "only fighters change speed",
    "SS-F2": "the station follows its orbit",
    "SS-F3": "droids and missiles: full speed, a free route of equal length, friendly-free, else a die",
    "SS-F4": "Earth and its neighbours: not entered, not counted, not collided with",
    "SS-F5": "destroyed fighters and missiles are not replaced",
    "SS-G1": "missiles destroy by collision",
    "SS-G2": "lasers hit any target but the station within 6, destroying on 5 or 6",
    "SS-G3": "droids hit several targets once a turn; fighters and the station one",
    "SS-H": "the end: the station destroyed (loss), else every droid and missile destroyed (win)",
    "SS-I": "the first turn's steps",
    "SS-J": "the later turns' steps",
    "AMB-SS-1": "hex orientation and offset scheme",
    "AMB-SS-2": "Earth's column (22 or 23 of 28)",
    "AMB-SS-3": "the entry points' hexes",
    "AMB-SS-4": "where a fighter appears when it leaves, and whether it moves that turn",
    "AMB-SS-5": "lasers and a line of sight past Earth",
    "AMB-SS-6": "what droids fire at",
    "AMB-SS-7": "two droids rolling the same entry point",
    "AMB-SS-8": "ties for the station's nearest target",
}

S_, F1, F2, F3, F4 = 0, 1, 2, 3, 4
D1, D2, M1, M2 = 7, 8, 9, 10
WAITING, IN_PLAY, DESTROYED = 0, 1, 2
REST = [["missile", 0], ["droid", 0], ["droid_fire", 0], ["missile", 1], ["droid", 1], ["droid_fire", 1], ["end_turn"]]


# ---------------------------------------------------------------------- setups
def start(**params: Any) -> Setup:
    words = ", ".join(f"{k}={v}" for k, v in params.items())
    return Setup("a new game (the first turn up to droid 1's entry die)" + (f" ({words})" if words else ""),
                 lambda: SpaceStationGame(**params).new_initial_state())


def position(game: SpaceStationGame | None = None, *, pieces: dict[int, Any] | None = None,
             station_k: int = 0, turn: int = 2, hp: dict[int, int] | None = None,
             queue: list[list[Any]] | None = None, **fields: Any) -> lab.State:
    """A state in the player's phase (SS-J 7) of ``turn``: ``pieces`` = {piece id: (col, row)}.

    Pieces not given are waiting (fighters) or destroyed (droids and missiles); ``queue`` is the
    rest of the turn's step program after the phase (default: SS-J steps 9-13, then the turn's
    end); ``fields`` replace observation fields (``status``, ``launched_now`` ...) last.
    """
    game = game or SpaceStationGame()
    geo = game.geometry
    obs = game.new_initial_state().observation(0)
    n = game.n_pieces
    status = [WAITING] * n
    hexes = [-1] * n
    status[S_], hexes[S_] = IN_PLAY, geo.orbit[station_k]
    for pid in range(game.first_droid, n):
        status[pid] = DESTROYED
    for pid, where in (pieces or {}).items():
        status[pid], hexes[pid] = IN_PLAY, geo.index[where]
    hps = [1] * n
    for j in range(game.n_droids):
        hps[game.first_droid + j] = int(game.params.droid_shields) + 1
    for pid, v in (hp or {}).items():
        hps[pid] = v
    for pid in range(game.first_droid, n):
        if status[pid] == DESTROYED:
            hps[pid] = 0
    obs.update(turn=turn, station_k=station_k, hexes=hexes, status=status, hp=hps,
               entry_used=[1] * game.n_droids, pending=None, decision=["phase"], active=-1,
               steps_left=0, acted=0, fired=0, launched_now=0, outcome=0, stopped_by=None,
               queue=[["player"], *(REST if queue is None else queue)])
    obs.update(fields)
    return state_from_observation(game, obs)


def field(pieces: dict[int, tuple[int, int]], *, station_k: int = 0, turn: int = 2,
          hp: dict[int, int] | None = None, queue: list[list[Any]] | None = None,
          waiting: tuple[int, ...] = (), launched: tuple[int, ...] = (), **params: Any) -> Setup:
    """:func:`position` as a row's setup: ``waiting`` droids and missiles still to enter,
    ``launched`` fighters that left the station this turn, ``params`` the variant."""
    names = {S_: "S", **{f: f"F{f}" for f in range(1, 7)}, D1: "D1", D2: "D2", M1: "M1", M2: "M2"}
    text = "; ".join(f"{names.get(p, p)} at {c}" for p, c in pieces.items()) + f"; station on orbit hex {station_k}"

    def make() -> lab.State:
        game = SpaceStationGame(**params)
        base = position(game, pieces=pieces, station_k=station_k, turn=turn, hp=hp, queue=queue)
        obs = base.observation(0)
        for pid in waiting:
            obs["status"][pid], obs["hp"][pid] = WAITING, (int(game.params.droid_shields) + 1 if pid < game.first_missile else 1)
        obs["launched_now"] = sum(1 << f for f in launched)
        return state_from_observation(game, obs)

    return Setup(text, make)


# ---------------------------------------------------------------------- steps and facts
def dice(face: int = 6) -> Step:
    """Every laser die shows ``face``; any other chance node takes its first outcome; until a
    decision or the end."""

    def play(state: lab.State) -> None:
        while state.current_player() == CHANCE:
            pending = state.observation(0)["pending"]
            state.apply_action(Action("roll", (face,)) if pending[0] == "roll" else state.legal_actions()[0])

    return step(f"the dice (lasers show {face})", play)


def fighter(f: int, *moves: int) -> tuple[Step, ...]:
    """The player activates fighter ``f`` and moves it (directions 0-5: east, then
    counter-clockwise), stopping early if fewer than its speed."""
    out = [act("select", f - 1), *(act("move", d) for d in moves)]
    if len(moves) < 5:
        out.append(act("stop"))
    return tuple(out)


def piece(state: lab.State, pid: int) -> dict[str, Any]:
    return state.observation(0)["pieces"][pid]


def cell(state: lab.State, pid: int) -> tuple[int, int] | None:
    where = piece(state, pid)["hex"]
    return None if where is None else tuple(where)


def status_is(pid: int, want: int) -> Any:
    names = {WAITING: "waiting", IN_PLAY: "in play", DESTROYED: "destroyed"}
    return that(f"piece {pid} is {names[want]}", lambda st: piece(st, pid)["status"] == want)


PAUSE = ["shot", D2, F1]  # a step that stops the turn at D2's laser die (F1 far away, in play)


def not_aimed(shooter: int, target: int) -> Any:
    return that(f"no shot of piece {shooter} at piece {target}",
                lambda st: st.observation(0)["pending"] != ["roll", shooter, target])


def geo() -> Any:
    return SpaceStationGame().geometry


def refused_variant(**params: Any) -> bool:
    try:
        SpaceStationGame(**params)
    except lab.InvalidVariant:
        return True
    return False


# ---------------------------------------------------------------------- the table
S = Scenario
SCENARIOS: tuple[Scenario, ...] = (
    # ------------------------------------------------------------------ the board
    S("SS-A1", "Creare un reticolo ad esagoni di 28 colonne x 19 righe",
      "a hex board of 28 x 19 cells, each touching up to six others", start(),
      expect=(that("532 cells, columns 0-27 and rows 0-18", lambda st: sorted(st.game.board().nodes)[-1] == (27, 18)
                   and st.game.board().number_of_nodes() == 532),
              that("an inner cell has six neighbours", lambda st: st.game.board().degree((10, 10)) == 6))),
    S("SS-A2", "L'esagono sulla riga 10, a sei esagoni dal bordo destro, rappresenta la Terra e tutti gli esagoni ad essa adiacenti sono proibiti",
      "Earth at row 10, six hexes from the right edge; it and its six neighbours are forbidden", start(),
      expect=(that("Earth is cell (22, 9): the 10th row, 6 columns from the right", lambda st: [
                  n for n, d in st.game.board().nodes(data=True) if d["earth"]] == [(22, 9)]),
              that("7 forbidden cells: Earth and its neighbours", lambda st: sorted(
                  n for n, d in st.game.board().nodes(data=True) if d["forbidden"]) == sorted(
                  [(22, 9), *st.game.board().neighbors((22, 9))])))),
    S("SS-A3", "Nella metà sul lato sinistro creare sei punti d'ingresso equidistanti e numerarli da 1 a 6 (due sopra, due sul bordo sinistro e due sotto)",
      "six entry points in the left half: two on the top edge, two on the left edge, two on the bottom edge; a droid enters at the point its die shows",
      start(), acts(("entry", 3)),
      (that("entries 1-6 at (9, 0), (2, 0), (0, 5), (0, 13), (2, 18), (9, 18)", lambda st: [
          n for n, d in sorted(st.game.board().nodes(data=True), key=lambda nd: nd[1]["entry"] or 0) if d["entry"]] == [
          (9, 0), (2, 0), (0, 5), (0, 13), (2, 18), (9, 18)]),
       event("SS-D3", "droid_enter", droid="D1", entry=3, hex="c1r6"))),
    S("SS-A4", "A tre esagoni dalla Terra tracciare l'orbita della Stazione Spaziale, che sarà sempre a tre esagoni di distanza. L'esagono orbita più a sinistra è quello di partenza",
      "the orbit: the 18 cells 3 from Earth; the station starts at the leftmost, (19, 9)", start(),
      expect=(that("18 orbit cells, each 3 from Earth", lambda st: sum(1 for _, d in st.game.board().nodes(data=True)
                                                                   if d["orbit"] is not None) == 18),
              that("orbit cell 0 is the leftmost, (19, 9)", lambda st: [n for n, d in st.game.board().nodes(data=True)
                                                                         if d["orbit"] == 0] == [(19, 9)]),
              event("SS-D1", "station_move", orbit=3, turn=1))),
    S("SS-B", "1 Stazione Spaziale; 6 astrocaccia; 2 droidi; 2 missili",
      "the pieces", start(),
      expect=(that("1 station, 6 fighters, 2 droids, 2 missiles", lambda st: [
          p["kind"] for p in st.observation(0)["pieces"]] == ["station"] + ["fighter"] * 6 + ["droid"] * 2 + ["missile"] * 2),)),
    S("SS-C", "1 dado da gioco",
      "one six-sided die: the entry point and every laser roll are fair d6 throws", start(),
      expect=(chance_outcomes("entry points 1-6, 1/6 each", lambda got: [a.args[0] for a, _ in got] == [1, 2, 3, 4, 5, 6]
                              and all(abs(p - 1 / 6) < 1e-12 for _, p in got)),)),
    # ------------------------------------------------------------------ the pieces
    S("SS-D1", "La Stazione Spaziale si muove sempre di tre esagoni in senso antiorario",
      "each turn the station moves 3 orbit cells counter-clockwise", field({}, station_k=6, queue=[["end_turn"]]),
      (act("end"),), (event("SS-D1", "station_move", orbit=9, turn=3),)),
    S("SS-D1", "un cannone laser a colpo singolo, ovvero colpisce un solo bersaglio per turno di gioco nel raggio di sei esagoni",
      "the station fires once, at the nearest enemy in range (D1, 2 away, not M1, 5 away)",
      field({D1: (17, 9), M1: (14, 9)}, station_k=15, queue=[["end_turn"]]), (act("end"),),
      (that("the station's shot is at D1", lambda st: st.observation(0)["pending"] == ["roll", S_, D1]),), name="fires"),
    S("SS-D1", "E' invulnerabile ai cannoni laser",
      "a droid firing at everything in range never fires at the station", field(
          {D1: (17, 9), F1: (15, 9)}, station_k=0, queue=[["droid_fire", 0], ["end_turn"]], droid_targets="all"),
      (act("end"), dice(1)),
      (that("D1 fired at F1 only", lambda st: [(e.data["shooter"], e.data["target"]) for e in st.events
                                               if e.kind == "laser"][:1] == [("D1", "F1")]),
       no_event("SS-G2", "laser", target="S")), name="immune"),
    S("SS-D2", "Gli astrocaccia escono due alla volta per turno dalla Stazione Spaziale",
      "two fighters leave the station each turn", start(),
      expect=(count("SS-D2", "launch", 2), event("SS-D2", "launch", fighter="F2"))),
    S("SS-D2", "Viaggiano ad una velocità massima di cinque esagoni ed hanno un cannone laser che può colpire un solo bersaglio per turno nel raggio di sei esagoni",
      "a fighter moves at most 5 cells, then fires at one target in range", field({F1: (0, 1), M1: (4, 4)}, queue=[["end_turn"]]),
      fighter(F1, 0, 0, 0, 0, 0),
      (that("five steps east", lambda st: cell(st, F1) == (5, 1)),
       that("then the shot at M1", lambda st: st.observation(0)["pending"] == ["roll", F1, M1])), name="move"),
    S("SS-D3", "I droidi appena entrano in gioco lanciano l'unico missile di cui sono dotati, poi si dirigono verso la Stazione Spaziale secondo la direzione più breve ... ad una velocità fissa di quattro esagoni",
      "droid 1 enters with its missile, the missile flies, then the droid moves 4 cells", start(), acts(("entry", 1)),
      (events_in_order(("SS-D3", "droid_enter"), ("SS-D4", "missile_launch"), ("SS-F3", "route"), ("SS-F3", "route")),
       event("SS-F3", "route", piece="D1", steps=4))),
    S("SS-D3", "Possiedono un triplice schermo protettivo dai laser per cui per distruggerli occorre colpirli quattro volte",
      "a laser hit on a droid costs a shield: three hits leave it in play", field({F1: (5, 5), D1: (7, 5)}, hp={D1: 4}),
      (*fighter(F1), act("roll", 6)), (event("SS-D3", "shield_lost", droid="D1", hits_left=3), status_is(D1, IN_PLAY)),
      name="shields"),
    S("SS-D4", "I missili vengono lanciati nell'istante in cui il loro droide entra in gioco. Dirigono automaticamente verso la Stazione Spaziale ... ad una velocità fissa di 6 esagoni",
      "the missile enters with its droid and flies 6 cells toward the station", start(), acts(("entry", 1)),
      (event("SS-D4", "missile_launch", missile="M1"), event("SS-F3", "route", piece="M1", steps=6))),
    S("SS-E", "missile - astrocaccia, entrambi distrutti",
      "a missile flying into a fighter: both destroyed", field({M1: (10, 9), F1: (11, 9)}, station_k=0,
                                                             queue=[["missile", 0], ["end_turn"]]),
      (act("end"),), (status_is(M1, DESTROYED), status_is(F1, DESTROYED), event("SS-E", "collision", mover="M1", other="F1"))),
    S("SS-E", "astrocaccia - droide, astrocaccia distrutto, il droide perde un punto danno",
      "a fighter ramming a droid: the fighter destroyed, the droid one shield down", field({F1: (5, 5), D1: (6, 5)}),
      (act("select", F1 - 1), act("move", 0)), (status_is(F1, DESTROYED), that("D1 has 3 hits left", lambda st: piece(st, D1)["hits_left"] == 3)),
      name="fighter_droid"),
    S("SS-E", "droide - droide, perdono entrambi un punto danno e quello in movimento si ferma nell'esagono adiacente a quello dell'altro, senza oltrepassarlo",
      "a droid meeting a droid: both lose a shield, the mover stops beside the other",
      field({D1: (10, 9), D2: (12, 9), F1: (1, 17)}, station_k=0, queue=[["droid", 0], PAUSE, ["end_turn"]]), (act("end"),),
      (that("both have 3 hits left", lambda st: [piece(st, d)["hits_left"] for d in (D1, D2)] == [3, 3]),
       that("D1 stopped next to D2", lambda st: cell(st, D1) == (11, 9) and cell(st, D2) == (12, 9))), name="droid_droid"),
    S("SS-E", "missile - Stazione Spaziale, entrambi distrutti",
      "a missile reaching the station: both destroyed, the game lost", field({M1: (15, 9), D1: (2, 2)}, station_k=0,
                                                                          queue=[["missile", 0], ["end_turn"]]),
      (act("end"),), (status_is(M1, DESTROYED), status_is(S_, DESTROYED), returns(-1.0)), name="missile_station"),
    S("SS-E", "astrocaccia - astrocaccia, entrambi distrutti",
      "two fighters colliding: both destroyed", field({F1: (5, 5), F2: (6, 5)}), (act("select", F1 - 1), act("move", 0)),
      (status_is(F1, DESTROYED), status_is(F2, DESTROYED)), name="fighter_fighter"),
    # ------------------------------------------------------------------ to remember
    S("SS-F1", "Solo gli astrocaccia possono modificare la loro velocità",
      "a fighter may stop after one cell; a droid always moves its full 4", field({F1: (5, 5), D1: (2, 17)}, station_k=0),
      (*fighter(F1, 0), act("end")),
      (that("F1 moved one cell", lambda st: cell(st, F1) == (6, 5)), event("SS-F3", "route", piece="D1", steps=4))),
    S("SS-F2", "La Stazione Spaziale deve seguire la sua orbita",
      "whatever happens, the station is always on an orbit cell, 3 further each turn", field({}, station_k=15, queue=[["end_turn"]]),
      (act("end"),), (event("SS-D1", "station_move", hex="c20r10", orbit=0, turn=3),
                      event("SS-D1", "station_move", hex="c22r13", orbit=3, turn=4),
                      that("it is on its orbit", lambda st: st.game.board().nodes[cell(st, S_)]["orbit"] is not None))),
    S("SS-F3", "possono cambiare traiettoria evitando la collisione con un altra pedina ... solo se c'è una traiettoria di pari distanza libera",
      "a missile with several shortest routes takes one free of pieces (F1 sits on one)", Setup(
          "M1 at (10, 2) with two routes; F1 on a cell of the first only", lambda: _blocked_missile()),
      (act("end"),), (status_is(M1, IN_PLAY), status_is(F1, IN_PLAY), event("SS-F3", "route", piece="M1", steps=6, chosen_by="tier0"))),
    S("SS-F3", "Se ci sono pedine su tutte le traiettorie sceglieranno quella libera da pedine amiche, altrimenti effettuare un tiro di dado per stabilire quale sarà la traiettoria",
      "every route holds a piece, only friends: a die chooses among the routes", Setup(
          "M1 at (10, 2); D2 and M2 on both first cells", lambda: _friends_on_every_route()),
      (act("end"),), (chance_outcomes("one outcome per route, equally likely", lambda got: len(got) >= 2
                                       and abs(sum(p for _, p in got) - 1) < 1e-9),
                      event("SS-F3", "route_die", piece="M1", tier=2)), name="die"),
    S("SS-F4", "La Terra e gli esagoni ad essa adiacenti sono proibiti, ovvero non sono transitabili",
      "a fighter beside the forbidden zone cannot move into it", field({F1: (20, 9)}, station_k=6),
      (act("select", F1 - 1),),
      (legal("no move into Earth's zone (east of (20, 9))", lambda got: Action("move", (0,)) not in got),)),
    S("SS-F4", "non possono essere contati per stabilire la distanza minima tra droidi/missili e la Stazione Spaziale",
      "a missile east of Earth flies round the zone, never through it", field({M1: (27, 9)}, station_k=0,
                                                                             queue=[["missile", 0], ["end_turn"]]),
      (act("end"),), (that("M1 is outside the forbidden zone", lambda st: cell(st, M1) is None or not st.game.board().nodes[cell(st, M1)]["forbidden"]),),
      name="routes"),
    S("SS-F5", "Gli astrocaccia distrutti non possono essere rimpiazzati, lo stesso per i missili",
      "fighters lost: no new ones leave beyond the six; a destroyed missile stays destroyed",
      field({F1: (5, 5), F2: (6, 5), F3: (1, 1), F4: (1, 2), 5: (1, 3), 6: (1, 4), D1: (2, 10)}, queue=[["end_turn"]]),
      (act("select", F1 - 1), act("move", 0), act("end"), dice(1)),
      (no_event("SS-D2", "launch"), status_is(M1, DESTROYED), status_is(F1, DESTROYED))),
    # ------------------------------------------------------------------ battles
    S("SS-G1", "I missili distrugono i loro bersagli per collisione",
      "a missile destroys a droid it flies into (friend or not), and itself",
      field({M1: (10, 9), D2: (11, 9), D1: (2, 2)}, station_k=0, queue=[["missile", 0], ["end_turn"]]), (act("end"),),
      (status_is(D2, DESTROYED), status_is(M1, DESTROYED))),
    S("SS-G2", "I laser colpiscono qualsiasi bersaglio (esclusa la Stazione Spaziale) nel raggio di sei esagoni ... e lo distruggono con un tiro di dado pari a 5 o 6",
      "a roll of 4 misses, a 5 destroys", field({F1: (5, 5), M1: (7, 5), M2: (2, 15)}),
      (*fighter(F1), act("roll", 4)), (event("SS-G2", "laser", shooter="F1", target="M1", face=4, hit=False), status_is(M1, IN_PLAY))),
    S("SS-G2", "con un tiro di dado pari a 5 o 6",
      "a 5 destroys", field({F1: (5, 5), M1: (7, 5), M2: (2, 15)}), (*fighter(F1), act("roll", 5)),
      (event("SS-G2", "laser", face=5, hit=True), status_is(M1, DESTROYED)), name="five"),
    S("SS-G2", "nel raggio di sei esagoni",
      "a target 7 cells away is out of range: no shot", field({F1: (5, 5), M1: (12, 5)}), fighter(F1),
      (no_event("SS-G2", "laser", shooter="F1"), not_aimed(F1, M1)), name="range"),
    S("SS-G3", "I droidi possono colpire più bersagli una volta sola per turno, gli astrocaccia e la Stazione Spaziale un solo bersaglio per turno",
      "a droid fires at each of three fighters in range", field({D1: (7, 5), F1: (5, 5), F2: (6, 6), F3: (4, 4)},
                                                               queue=[["droid_fire", 0], ["end_turn"]]),
      (act("end"), dice(1)), (count("SS-G2", "laser", 3, shooter="D1"),)),
    S("SS-G3", "gli astrocaccia ... un solo bersaglio per turno",
      "a fighter with two targets in range chooses one and fires once", field({F1: (5, 5), D1: (7, 5), M1: (8, 5)}),
      (*fighter(F1), act("fire", D1), act("roll", 1)),
      (count("SS-G2", "laser", 1, shooter="F1"), legal("F1 cannot be selected again", lambda got: Action("select", (0,)) not in got)),
      name="fighter_one"),
    # ------------------------------------------------------------------ the end
    S("SS-H", "Il gioco ha termine solo quando la Stazione Spaziale viene distrutta",
      "the station destroyed: the game is lost at once", field({M1: (15, 9), D1: (2, 2)}, station_k=0,
                                                                queue=[["missile", 0], ["droid", 0], ["end_turn"]]),
      (act("end"),), (terminal(), returns(-1.0), winners(), last_event("SS-H", "loss"))),
    S("SS-H", "in caso contrario solo con la distruzione di tutti i droidi ed i missili",
      "the last missile shot down (droids gone): won at once", field({F1: (5, 5), M1: (7, 5)}),
      (*fighter(F1), act("roll", 6)), (terminal(), returns(1.0), winners(0), last_event("SS-H", "win")), name="win"),
    S("SS-H", "la distruzione di tutti i droidi ed i missili",
      "the last droid shot down while a missile still flies: the game goes on", field({F1: (5, 5), D1: (7, 5), M1: (2, 15)}, hp={D1: 1}),
      (*fighter(F1), act("roll", 6)), (running(), status_is(D1, DESTROYED), no_event("SS-H")), name="missile_flies"),
    S("SS-H", "ha termine solo quando ...",
      "every fighter lost: nothing ends", field({F1: (5, 5), F2: (6, 5), D1: (2, 2)}),
      (act("select", F1 - 1), act("move", 0)), (running(), no_event("SS-H")), name="fighters_lost"),
    # ------------------------------------------------------------------ the turn programs
    S("SS-I", "La Stazione Spaziale muove di tre esagoni ...; Dalla Stazione Spaziale parte il primo astrocaccia; ... il secondo; Lancio del dado per ... il primo droide; Posizionare il droide ed il suo missile; Far muovere il missile; Far muovere il droide; Ripetere ... per il secondo droide",
      "the first turn: station, two fighters, then per droid: entry die, placing, missile, droid; no attacks",
      start(), acts(("entry", 1), ("entry", 6)),
      (events_in_order(("SS-D3", "droid_enter"), ("SS-D4", "missile_launch"), ("SS-F3", "route"), ("SS-F3", "route"),
                       ("SS-D3", "droid_enter"), ("SS-D4", "missile_launch"), ("SS-F3", "route"), ("SS-F3", "route"),
                       ("SS-D1", "station_move")),
       no_event("SS-G2", "laser"), that("turn 2 has begun", lambda st: st.observation(0)["turn"] == 2))),
    S("SS-J", "La Stazione Spaziale muove ...; spara un raggio laser al bersaglio più vicino ...; parte un astrocaccia; L'astrocaccia appena partito attacca ...; parte un altro astrocaccia; ... attacca",
      "a later turn: the station moves, fires, then each of two fighters leaves and attacks at once",
      field({M1: (14, 9)}, station_k=15, queue=[["end_turn"]]), (act("end"), act("roll", 1), act("roll", 1)),
      (events_in_order(("SS-D1", "station_move"), ("SS-G2", "laser"), ("SS-D2", "launch"), ("SS-G2", "laser"), ("SS-D2", "launch")),
       that("F2's shot is pending", lambda st: st.observation(0)["pending"] == ["roll", F2, M1]))),
    S("SS-J", "Se tutti gli astrocaccia sono in volo saltare i punti 3, 4, 5, e 6",
      "every fighter out: no launch step", field({F1: (1, 1), F2: (1, 3), F3: (1, 5), F4: (1, 7), 5: (1, 9), 6: (1, 11), D1: (3, 17)},
                                                 queue=[["end_turn"]]),
      (act("end"), dice(1)), (no_event("SS-D2", "launch"), event("SS-D1", "station_move")), name="all_out"),
    # ------------------------------------------------------------------ open points
    S("AMB-SS-1", "Creare un reticolo ad esagoni (orientation not said)",
      "flat-top hexes: the same 532-cell board, Earth and a counter-clockwise orbit", start(orientation="flat"),
      expect=(that("532 cells, 7 forbidden", lambda st: st.game.board().number_of_nodes() == 532
                   and sum(1 for _, d in st.game.board().nodes(data=True) if d["forbidden"]) == 7),
              event("SS-D1", "station_move", orbit=3))),
    S("AMB-SS-2", "a sei esagoni dal bordo destro (column 22 or 23?)",
      "earth_from_right=7: Earth one column further left, (21, 9)", start(earth_from_right=7),
      expect=(that("Earth at (21, 9)", lambda st: [n for n, d in st.game.board().nodes(data=True) if d["earth"]] == [(21, 9)]),)),
    S("AMB-SS-3", "sei punti d'ingresso equidistanti (which hexes?)",
      "explicit entry points are used as given (1-based)", start(entry_points=[[5, 1], [2, 1], [1, 5], [1, 15], [2, 19], [5, 19]]),
      acts(("entry", 4)), (event("SS-D3", "droid_enter", entry=4, hex="c1r15"),)),
    S("AMB-SS-4", "Dalla Stazione Spaziale parte il primo astrocaccia (where does it appear? does it move that turn?)",
      "launch_position='behind': a new fighter appears on the orbit cell behind the station", start(launch_position="behind"),
      expect=(event("SS-D2", "launch", fighter="F1", hex="c21r12"), event("SS-D1", "station_move", hex="c22r13"))),
    S("AMB-SS-4", "parte un astrocaccia",
      "launch_moves=False (default): a fighter that left this turn may not move yet", field({F1: (5, 5), D1: (2, 2)}, launched=(F1,)),
      expect=(legal("F1 may not be selected", lambda got: Action("select", (0,)) not in got),), name="new_stays"),
    S("AMB-SS-4", "parte un astrocaccia",
      "launch_moves=True: it may", field({F1: (5, 5), D1: (2, 2)}, launched=(F1,), launch_moves=True),
      expect=(legal("F1 may be selected", lambda got: Action("select", (0,)) in got),), name="new_moves"),
    S("AMB-SS-5", "nel raggio di sei esagoni (past Earth?)",
      "laser_line_of_sight=True: a target behind Earth cannot be shot", field({F1: (19, 9), M1: (25, 9)}, station_k=6, laser_line_of_sight=True),
      fighter(F1), (no_event("SS-G2", "laser", shooter="F1"), not_aimed(F1, M1))),
    S("AMB-SS-5", "nel raggio di sei esagoni",
      "default: no line of sight needed, the shot goes past Earth", field({F1: (19, 9), M1: (25, 9)}, station_k=6),
      fighter(F1), (that("the shot at M1 is pending", lambda st: st.observation(0)["pending"] == ["roll", F1, M1]),), name="default"),
    S("AMB-SS-6", "un laser a bersaglio multiplo che permette loro di attaccare ogni bersaglio (which targets?)",
      "droid_targets='fighters' (default): a droid does not fire at the missile beside it", field(
          {D1: (7, 5), F1: (5, 5), M1: (8, 6)}, queue=[["droid_fire", 0], ["end_turn"]]), (act("end"), dice(1)),
      (count("SS-G2", "laser", 1, shooter="D1", target="F1"), no_event("SS-G2", "laser", target="M1"))),
    S("AMB-SS-6", "ogni bersaglio",
      "droid_targets='all': it fires at the missile too", field(
          {D1: (7, 5), F1: (5, 5), M1: (8, 6)}, queue=[["droid_fire", 0], ["end_turn"]], droid_targets="all"), (act("end"), dice(1)),
      (event("SS-G2", "laser", shooter="D1", target="M1"),), name="all"),
    S("AMB-SS-7", "Lancio del dado per stabilire l'esagono da cui entra in gioco (the same point twice?)",
      "same_entry='reroll': droid 2's die cannot show droid 1's point", start(same_entry="reroll"), acts(("entry", 2)),
      (chance_outcomes("entry points other than 2", lambda got: [a.args[0] for a, _ in got] == [1, 3, 4, 5, 6]),)),
    S("AMB-SS-7", "Lancio del dado",
      "same_entry='allowed' (default): both droids may enter at point 2", start(), acts(("entry", 2), ("entry", 2)),
      (count("SS-D3", "droid_enter", 2, entry=2),), name="allowed"),
    S("AMB-SS-8", "spara un raggio laser al bersaglio più vicino (two at the same distance?)",
      "station_tie='die' (default): a die picks between D1 and M1, both 2 away",
      field({D1: (17, 9), M1: (18, 7)}, station_k=15, queue=[["end_turn"]]), (act("end"),),
      (chance_outcomes("D1 or M1, 1/2 each", lambda got: len(got) == 2),)),
    S("AMB-SS-8", "al bersaglio più vicino",
      "station_tie='missiles_first': the missile is the target", field({D1: (17, 9), M1: (18, 7)}, station_k=15,
                                                                     queue=[["end_turn"]], station_tie="missiles_first"),
      (act("end"),), (that("the shot is at M1", lambda st: st.observation(0)["pending"] == ["roll", S_, M1]),), name="missiles_first"),
)


def _routes_of(state: lab.State, pid: int) -> list[tuple[int, ...]]:
    return list(state.route_choice(pid)[1])


def _blocked_missile() -> lab.State:
    base = field({M1: (10, 2), D1: (0, 0)}, queue=[["missile", 0], ["end_turn"]]).make()
    routes = _routes_of(base, M1)
    blocker = next(h for h in routes[0] if not all(h in r for r in routes))
    return field({M1: (10, 2), D1: (0, 0), F1: base.geo.nodes[blocker]}, queue=[["missile", 0], ["end_turn"]]).make()


def _friends_on_every_route() -> lab.State:
    base = field({M1: (10, 2), D1: (0, 0)}, queue=[["missile", 0], ["end_turn"]]).make()
    a, b = sorted({r[0] for r in _routes_of(base, M1)})
    return field({M1: (10, 2), D1: (0, 0), D2: base.geo.nodes[a], M2: base.geo.nodes[b]},
                 queue=[["missile", 0], ["end_turn"]]).make()


TABLE = Table("space_station", CLAUSES, SCENARIOS)
