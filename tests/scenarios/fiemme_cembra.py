"""Fiemme–Cembra's seed scenarios: one row (at least) per clause of RULES.md §2.

Seed ``001_b777bd706e0024a3.txt`` (Italian), speed mode. Hands are scripted
(:mod:`tests.scenarios.fc_script`): the deals are chosen chance outcomes after which one chosen
seat completes its hand at the first pass; the slap race is the seats' chosen reaction times;
the card drawn is a chosen chance outcome. Small ``card_counts`` make a round a few hands long.
"""

from __future__ import annotations

from typing import Any

import lab
from lab.core.actions import Action
from lab.core.state import CHANCE, SIMULTANEOUS
from lab.games.fiemme_cembra import components as C
from tests.scenarios import fc_script as F
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
    joint,
    legal,
    lint_finding,
    no_event,
    no_lint_finding,
    refused,
    returns,
    running,
    seen,
    step,
    terminal,
    that,
    to_act,
    winners,
)

CLAUSES = {
    "FC-C1": "50 play cards: 10 each of 4 emotions, 6 lodging, 4 events",
    "FC-0": "goal: one card of each of the 4 emotions + 1 lodging",
    "FC-S1": "rounds agreed beforehand; one round = one conquest deck",
    "FC-S2": "speed deck: N of each emotion + N lodging; unused lodging left out",
    "FC-S3": "shuffle, deal 5 cards face down to each player",
    "FC-S4": "the rest is the conquest deck, face down",
    "FC-S5": "the table of deck sizes for 4, 5, 6 players",
    "FC-P1": "close with 4 different emotions + lodging; the first pass is always played",
    "FC-P2": "each player picks a card to discard, face down on their right",
    "FC-P3": "all choose at once; all pass right and take from the left at once",
    "FC-P4": "a complete hand closes: shout and slap the conquest deck",
    "FC-P5": "the others slap on top as fast as they can",
    "FC-P6": "the first hand conquers the top card if it shouted (else the second); Events",
    "FC-P7": "the last hand returns a conquered card into the middle of the deck; none: no penalty",
    "FC-P8": "next hand: reshuffle and redeal the speed deck; the conquest deck stays",
    "FC-E1": "a one-round match ends when only Event cards are left",
    "FC-E2": "winner: the player with all 4 emotions + 1 lodging",
    "FC-E3": "several or none: total cards, then FIE-MME / CEM-BRA pairs, then joint winners",
    "INC-FC-1": "5 players: the stated speed deck of 30 does not add up",
    "INC-FC-2": "6 players: '5 of each + 5 lodging (total 36)' does not add up",
    "INC-FC-3": "left-over lodging leaves the game: FC-E2 can never be met",
    "AMB-FC-1": "which cards carry FIE, MME, CEM, BRA",
    "AMB-FC-2": "multi-round matches: what happens between rounds",
    "AMB-FC-3": "memory mode has no rules (the lab's proposal)",
    "AMB-FC-4": "several players complete at the same pass",
}

SET = ("nature", "sport", "history", "taste", "lodging")


# ---------------------------------------------------------------------- setups
def game(players: int = 4, **params: Any) -> Setup:
    words = ", ".join(f"{k}={v}" for k, v in params.items())
    return Setup(f"a new {players}-player match" + (f" ({words})" if words else ""),
                 lambda: F.load(players, **params).new_initial_state())


def deck(players: int = 4, *, extra: dict[str, int], **params: Any) -> Setup:
    """A match whose conquest deck holds exactly ``extra`` (cards per type beyond the speed deck)."""
    counts = F.counts(players, **extra)
    words = ", ".join(f"{n} {t}" for t, n in extra.items())
    more = ", ".join(f"{k}={v}" for k, v in params.items())
    return Setup(f"{players} players, a conquest deck of {words}" + (f" ({more})" if more else ""),
                 lambda: F.load(players, card_counts=counts, **params).new_initial_state())


def dealt(hands: list[tuple[int, ...]], players: int = 4, **params: Any) -> Setup:
    def make() -> lab.State:
        state = F.load(players, **params).new_initial_state()
        for h in hands:
            state.apply_action(Action("deal", (C.COMPOSITION_INDEX[h],)))
        return state

    return Setup(f"{players} players dealt {hands}", make)


# ---------------------------------------------------------------------- steps
def _first(state: lab.State, type_name: str) -> int:
    t = C.TYPES.index(type_name)
    return next(a.args[0] for a, _ in state.chance_outcomes() if state.game.types[a.args[0]] == t)


def hand(seat: int, type_name: str, last: int) -> Step:
    """A hand: ``seat`` alone completes at the first pass, shouts, slaps first and conquers a card
    of ``type_name`` (the top card, drawn); ``last`` lands last."""

    def play(state: lab.State) -> None:
        F.deal_and_pass(state, seat)
        F.race(state, seat, last)
        state.apply_action(Action("draw", (_first(state, type_name),)))

    return step(f"seat {seat} closes and conquers a {type_name} card, seat {last} last", play)


def hands(holdings: dict[int, tuple[str, ...]], last: int = 3) -> tuple[Step, ...]:
    return tuple(hand(seat, t, last) for seat, names in holdings.items() for t in names)


def closing(seat: int) -> Step:
    return step(f"the deal and pass after which seat {seat} alone completes",
                lambda st: F.deal_and_pass(st, seat))


def slaps(closer: int, last: int, shout: bool = True) -> Step:
    return step(f"the race: seat {closer} first ({'shouting' if shout else 'silent'}), seat {last} last",
                lambda st: F.race(st, closer, last, shout))


def draw(type_name: str) -> Step:
    return step(f"the top card is a {type_name} card",
                lambda st: st.apply_action(Action("draw", (_first(st, type_name),))))


def conquered(state: lab.State) -> list[list[int]]:
    return [list(c) for c in state.observation(None)["conquered"]]


def refused_variant(**params: Any) -> bool:
    try:
        lab.load("fiemme_cembra", **params)
    except lab.InvalidVariant:
        return True
    return False


def match_winners(clause: str, *seats: int) -> Any:
    return event(clause, "match_winners", winners=list(seats))


# ---------------------------------------------------------------------- the table
S = Scenario
SCENARIOS: tuple[Scenario, ...] = (
    # ------------------------------------------------------------------ components, goal
    S("FC-C1", "10 carte Emozioni Natura, 10 Sport, 10 Storia, 10 Gusto, 6 carte Alloggio, 4 carte Eventi: TOTALE 50 CARTE DA GIOCO",
      "50 play cards by type; with 4 players 20 go to the speed deck, 28 to the conquest deck", game(),
      expect=(that("the cards by type", lambda st: [st.game.types.count(t) for t in range(6)] == [10, 10, 10, 10, 6, 4]),
              seen("deck_size", 28))),
    S("FC-0", "Lo scopo del gioco è riuscire a conquistare le 4 carte emozioni + 1 carta alloggio: una o più carta ...",
      "one or more of each emotion and a lodging is the goal: seat 0 (7 cards, the set) wins over seat 1 (8 cards, no lodging)",
      deck(extra={"nature": 5, "sport": 3, "history": 3, "taste": 3, "lodging": 1}, leftover_lodging="conquest"),
      hands({0: (*SET, "nature", "nature"), 1: ("nature", "sport", "history", "taste") * 2}),
      (terminal(), match_winners("FC-E2", 0), returns(1.0, 0.0, 0.0, 0.0))),
    # ------------------------------------------------------------------ set-up
    S("FC-S1", "Stabilire a priori dopo quanti turni di gioco si concluderà la partita ... Un turno corrisponde ad un mazzo",
      "rounds=2: when the first conquest deck is done, a second one is built and played",
      deck(extra={"nature": 1}, rounds=2), (hand(0, "nature", 3),),
      (event("FC-E1", "conquest_deck_exhausted", round=0), event("AMB-FC-2", "next_round", round=1),
       event("FC-S4", "conquest_deck", size=1, round=1), running())),
    S("FC-S2", "Fare un primo mazzo (mazzo speed) di 15 carte composto da: 3 carte qualunque Emozioni Natura ... 3 Carta Alloggio (Le carte Alloggio avanzate vanno escluse e non verrranno usate)",
      "3 players: a speed deck of 3 of each type; the 3 spare lodging cards are in no deck", game(3),
      expect=(chance_outcomes("a 5-card hand from 3 of each of the 5 types", lambda got: abs(sum(p for _, p in got) - 1) < 1e-9
                              and all(max(C.COMPOSITIONS[a.args[0]]) <= 3 for a, _ in got)),
              that("no lodging card in the conquest deck", lambda st: not any(st.game.types[c] == C.LODGING for c in st.game.conquest_ids)))),
    S("FC-S3", "Mischiare il mazzo speed e distribuire 5 carte coperte a ciascuno dei 3 giocatori che potranno vederle senza mostrarle agli altri",
      "each player is dealt 5 cards (a chance node each), seen by that player only",
      game(3), acts(("deal", C.COMPOSITION_INDEX[(2, 1, 1, 1, 0)]), ("deal", C.COMPOSITION_INDEX[(1, 1, 1, 0, 2)])),
      (seen("my_hand", [2, 1, 1, 1, 0], viewer=0), seen("my_hand", [1, 1, 1, 0, 2], viewer=1),
       that("seat 1 does not see seat 0's deal", lambda st: not any(e.kind == "dealt" and e.data["player"] == 0
                                                                    for e in st.events_for(1))),
       to_act(CHANCE))),
    S("FC-S4", "Le restanti 32 carte formano un secondo mazzo (mazzo di conquista) da disporre coperto al centro del tavolo",
      "3 players: 32 conquest cards face down; the top card is unknown until drawn", game(3),
      expect=(seen("deck_size", 32), event("FC-S4", "conquest_deck", size=32, round=0),
              that("every card of the deck is unknown", lambda st: set(st.full_state()["deck"]) == {-1}))),
    S("FC-S5", "PARTITA CON 4 GIOCATORI: Il mazzo speed dovrà avere 4 carte per ogni tipo di emozione + 4 carte alloggio (totale 20); il mazzo di conquista ... le restanti 28 carte (2 carte alloggio non si usano)",
      "4 players: speed deck 20, conquest deck 28, 2 lodging unused; the linter finds the row consistent", game(4),
      expect=(seen("deck_size", 28), no_lint_finding("FC-S5[4p]"),
              chance_outcomes("hands from 4 of each type", lambda got: all(max(C.COMPOSITIONS[a.args[0]]) <= 4 for a, _ in got)))),
    # ------------------------------------------------------------------ play
    S("FC-P1", "Qualora all'inizio del gioco, si avessero in mano le 5 carte emozioni differenti fin da subito, la prima mano andrà comunque giocata, pertanto il giocatore dovrà comunque scartare una carta",
      "a hand dealt complete does not close: the first pass is played", dealt([(1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1)]),
      expect=(event("FC-P1", "complete_hand_must_pass", player=0), to_act(SIMULTANEOUS),
              that("the pass phase, nobody closing", lambda st: st.phase_name() == "pass"))),
    S("FC-P1", "Per chiudere la mano di gioco bisogna avere in mano 5 carte emozioni di tipologia differente (step 4: 4 carte tutte di emozioni differenti, sia la carta alloggio)",
      "after the pass, the hand with 4 different emotions and a lodging closes", game(), (closing(0),),
      (event("FC-P4", "close", closers=[0]),), name="close"),
    S("FC-P2", "Scegliere una carta da scartare (verosimilmente una carta doppione) e porla coperta alla propria destra",
      "each seat discards one card of a type it holds; a type it lacks is refused",
      dealt([(2, 1, 1, 1, 0), (0, 2, 1, 1, 1), (1, 0, 2, 1, 1), (1, 1, 0, 1, 2)]),
      (joint("seats discard Nature, Sport, History, lodging", {0: ("discard", 0), 1: ("discard", 1), 2: ("discard", 2), 3: ("discard", 4)}),),
      (seen("my_hand", [1, 1, 1, 1, 1], viewer=0), seen("my_passes", [0], viewer=0),
       that("the discards stay face down to the others", lambda st: "my_passes" not in st.observation(None)))),
    S("FC-P2", "Scegliere una carta da scartare",
      "a discard of a type the seat does not hold is refused", dealt([(2, 1, 1, 1, 0), (0, 2, 1, 1, 1), (1, 0, 2, 1, 1), (1, 1, 0, 1, 2)]),
      expect=(legal("seat 0 may discard Nature, Sport, History or Taste", lambda got: [a.args[0] for a in got] == [0, 1, 2, 3], player=0),
              refused("discard", 4, player=0)), name="unheld"),
    S("FC-P3", "tutti i giocatori contemporaneamente scelgono la carta da scartare ... poi il gridatore urla Cembra! e tutti i giocatori passano la carta al giocatore di destra e contemporaneamente prendono la carta passata dal giocatore di sinistra",
      "a simultaneous pass: seat p's card goes to seat p + 1, each takes from its left",
      dealt([(2, 1, 1, 1, 0), (0, 2, 1, 1, 1), (1, 0, 2, 1, 1), (1, 1, 0, 1, 2)]),
      (joint("Nature, Sport, History, lodging", {0: ("discard", 0), 1: ("discard", 1), 2: ("discard", 2), 3: ("discard", 4)}),),
      (seen("my_receipts", [4], viewer=0), seen("my_receipts", [0], viewer=1), seen("my_receipts", [1], viewer=2),
       seen("my_receipts", [2], viewer=3), event("FC-P3", "passed", number=1, direction="right"))),
    S("FC-P4", "uno dei giocatori, avendo in mano sia 4 carte tutte di emozioni differenti, sia la carta alloggio, può chiudere la mano di gioco gridando a scelta la parola Fiemme o Cembra e mettendo la sua mano sul mazzo",
      "the closer may shout when slapping; nobody else may", game(), (closing(0),),
      (to_act(SIMULTANEOUS), legal("seat 0 may slap shouting", lambda got: Action("slap", (100, True)) in got, player=0),
       refused("slap", 100, True, player=1))),
    S("FC-P5", "Tutti gli altri giocatori devono anche loro cercare di mettere la propria mano su quella del giocatore che ha chiuso, il più velocemente possibile",
      "the hands land in time order; the others' times run from the closer's slap", game(),
      (closing(0), joint("seat 0 at 1000 ms, the others 300, 100, 200 ms later",
                         {0: ("slap", 1000, True), 1: ("slap", 300, False), 2: ("slap", 100, False), 3: ("slap", 200, False)})),
      (event("FC-P5", "hands_on_deck", order=[0, 2, 3, 1]),)),
    S("FC-P6", "Il primo giocatore ad aver messo la mano sul mazzo conquista pesca la prima carta in cima al mazzo solo se si è ricordato di gridare",
      "the first hand shouted: it takes the top card, kept face up", game(), (closing(0), slaps(0, 3), draw("sport")),
      (event("FC-P6", "conquered", player=0, type="sport"), that("seat 0 holds it", lambda st: len(conquered(st)[0]) == 1))),
    S("FC-P6", "(altrimenti a vincere la carta è il giocatore che ha messo la seconda mano)",
      "the first hand forgot to shout: the second hand takes the card", game(), (closing(0), slaps(0, 3, shout=False), draw("sport")),
      (event("FC-P6", "forgot_to_shout", player=0), event("FC-P6", "second_hand_takes", player=1, first=0),
       event("FC-P6", "conquered", player=1)), name="forgot"),
    S("FC-P6", "Se la carta pescata è una carta emozione o carta Alloggio verrà conquistata ... (anche se la carta è una emozione doppione)",
      "a duplicate is conquered too", deck(extra={"nature": 2, "sport": 1}), (hand(0, "nature", 3), hand(0, "nature", 3)),
      (count("FC-P6", "conquered", 2, player=0, type="nature"),), name="duplicate"),
    S("FC-P6", "Se la carta pescata è una carta evento questa va giocata immediatamente consentendo al giocatore di ... pescarne una nuova in cima dal mazzo di conquista",
      "an Event: the conqueror draws the next card instead", deck(extra={"nature": 2, "event": 1}, reinsert="bottom"),
      (closing(0), slaps(0, 3), draw("event"), act("event_draw"), draw("nature")),
      (events_in_order(("FC-P6", "event_played"), ("FC-P6", "event_draw_again"), ("FC-P6", "conquered")),
       event("FC-P6", "reinserted"), that("the Event is back in the deck", lambda st: st.observation(None)["deck_size"] == 2)),
      name="event_draw"),
    S("FC-P6", "consentendo al giocatore di cambiare una sua carta conquistata precedentemente (se ne ha) con quella conquistata di un giocatore avversario a sua scelta ... In entrambi i casi la carta evento va poi rimessa in mezzo al mazzo",
      "an Event: swap one of your conquered cards for an opponent's", deck(extra={"nature": 1, "sport": 1, "history": 1, "event": 1}),
      (hand(0, "nature", 3), hand(1, "sport", 3), closing(0), slaps(0, 3), draw("event"), act("event_swap_choose")),
      (legal("seat 0 swaps its Nature for seat 1's Sport", lambda got: len(got) == 1 and got[0].kind == "event_swap"),),
      name="event_swap"),
    S("FC-P7", "Alla fine di ogni turno di gioco vengono assegnate penalità solo a quel giocatore che ha posato la propria mano per ultimo sul mazzo; Il giocatore con penalità dovrà restituire, a propria scelta, una delle carte precedentemente conquistate al centro del mazzo coperto",
      "each hand (default): the last hand, holding a card, gives one of its choice back into the deck",
      deck(extra={"nature": 2}, reinsert="middle"), (hand(0, "nature", 3), hand(1, "nature", 0)),
      (to_act(0), legal("give back one of its own", lambda got: [a.kind for a in got] == ["give_back"]),
       refused("give_back", 999)), name="each_hand"),
    S("FC-P7", "Il giocatore con penalità dovrà restituire ... al centro del mazzo coperto",
      "the card goes back inside the deck, never on top or at the bottom (random_middle)",
      deck(extra={"nature": 4}), (hand(0, "nature", 3), hand(1, "nature", 0), step("seat 0 gives its card back", lambda st: st.apply_action(st.legal_actions()[0]))),
      (chance_outcomes("positions 1 .. len - 1", lambda got: [a.args[0] for a, _ in got] == [1]),), name="middle"),
    S("FC-P7", "Se è privo di carte conquistate la penalità è nulla",
      "the last hand holds no card: no penalty, the next hand is dealt", deck(extra={"nature": 2}), (hand(0, "nature", 3),),
      (event("FC-P7", "penalty_void", player=3), to_act(CHANCE), that("a deal is next", lambda st: st.phase_name() == "deal")),
      name="void"),
    S("FC-P7", "Alla fine di ogni turno di gioco (a turno = one conquest deck, FC-S1)",
      "end_of_round: no penalty after a race; when the round ends, the last hand of its final race returns a card",
      deck(extra={"nature": 2}, penalty_timing="end_of_round"), (hand(1, "nature", 0), hand(0, "nature", 1)),
      (to_act(1), that("the round is over: no card left to win", lambda st: st.observation(None)["non_events_left"] == 0),
       no_event("FC-P7", "penalty_void")), name="end_of_round"),
    S("FC-P7", "Alla fine di ogni turno di gioco ... al centro del mazzo coperto (each hand)",
      "the linter plays the per-hand penalty's cycle: a race that conquers one card and returns one makes no progress",
      game(), expect=(lint_finding("FC-P7", "reachable cycle with no progress", "al centro del mazzo coperto", severity="warning"),),
      name="lint_cycle"),
    S("FC-P8", "Si rimischia il mazzo speed e si ridistribuiscono le carte dando vita alla seconda mano di gioco ... Il mazzo di conquista resta al centro del tavolo",
      "after a hand the whole speed deck is dealt again; the conquest deck stays as it is", deck(extra={"nature": 3}), (hand(0, "nature", 3),),
      (seen("deck_size", 2), seen("hand", 1), chance_outcomes("a hand from the whole speed deck again",
                                                              lambda got: any(C.COMPOSITIONS[a.args[0]] == (4, 1, 0, 0, 0) for a, _ in got)))),
    # ------------------------------------------------------------------ the end
    S("FC-E1", "la partita finisce quando si esauriscono le carte del mazzo di conquista (ovvero saranno rimaste le sole carte evento)",
      "the last Nature card conquered, only an Event left: the round (the match) ends", deck(extra={"nature": 1, "event": 1}),
      (hand(0, "nature", 3),), (event("FC-E1", "conquest_deck_exhausted"), terminal(), seen("deck_size", 1))),
    S("FC-E1", "saranno rimaste le sole carte evento",
      "a lodging card in the deck (leftover_lodging='conquest') keeps the round open after the emotions are gone",
      deck(extra={"nature": 1, "lodging": 1}, leftover_lodging="conquest"), (hand(0, "nature", 3),),
      (running(), seen("non_events_left", 1)), name="lodging"),
    S("FC-E2", "Non importa quante carte in totale si abbiano ma conta esclusivamente avere conquistato tutte e 4 le tipologie di carte emozioni + 1 carta alloggio. Chi vi sarà riuscito sarà il vincitore!",
      "the one set (5 cards) beats 8 cards without one", deck(extra={"nature": 9, "sport": 1, "history": 1, "taste": 1, "lodging": 1}, leftover_lodging="conquest"),
      hands({1: SET, 0: ("nature",) * 8}), (match_winners("FC-E2", 1), returns(0.0, 1.0, 0.0, 0.0))),
    S("FC-E3", "Se alla conclusione del turno di gioco, più di un giocatore ... avrà conquistato tutte e quattro le carte emozioni e la carta alloggio, verranno considerati, in ordine ... Numero di carte totali conquistate",
      "two sets: the criteria decide between their holders only (seat 0, 6 cards), not seat 2 (7 cards, no set)",
      deck(extra={"nature": 10, "sport": 2, "history": 2, "taste": 2, "lodging": 2}, leftover_lodging="conquest"),
      hands({0: (*SET, "nature"), 1: SET, 2: ("nature",) * 7}), (match_winners("FC-E3", 0),)),
    S("FC-E3", "più di un giocatore (o nessuno) ... Numero di coppie di parole FIE-MME e CEM-BRA",
      "nobody has the set: all take part; a tie on cards is split by word pairs, among the tied only",
      deck(extra={"nature": 7, "sport": 2, "history": 7, "taste": 1}),
      hands({0: ("nature",) * 5 + ("sport",), 1: ("history",) * 6, 2: ("nature", "sport", "history", "taste", "nature")}),
      (match_winners("FC-E3", 0),), name="none"),
    S("FC-E3", "Esiste l'ipotesi che, effettuato questo conteggio, possano risultare due o più vincitori ... In questo caso avremo più vincitori ex-aequo",
      "a tie after both criteria: joint winners", deck(extra={"nature": 2, "sport": 2}),
      hands({0: ("nature", "sport"), 1: ("nature", "sport")}), (match_winners("FC-E3", 0, 1), returns(1.0, 1.0, 0.0, 0.0), winners(0, 1)),
      name="joint"),
    # ------------------------------------------------------------------ inconsistencies
    S("INC-FC-1", "PARTITA CON 5 GIOCATORI: Il mazzo speed dovrà avere 5 carte per ogni tipo di emozione + 5 carte alloggio (totale 30); il mazzo di conquista ... le restanti 24 carte",
      "5 of each type make 25, not 30: the linter says so; the lab deals the 25", game(5),
      expect=(lint_finding("INC-FC-1", "the rules state 30", "= 25", severity="error"), seen("deck_size", 24))),
    S("INC-FC-2", "PARTITA CON 6 GIOCATORI: Il mazzo speed dovrà avere 5 carte per ogni tipo di emozione + 5 carte alloggio (totale 36); ... le restanti 20 carte",
      "5 of each make 25 (not 36) and cannot deal 5 to 6 players: the linter says so, the table's row is refused",
      game(6), expect=(lint_finding("INC-FC-2", "the rules state 36", severity="error"), lint_finding("INC-FC-2/deal", "needs 30"),
                       that("speed_deck='table' is refused for 6 players", lambda st: refused_variant(players=6, speed_deck="table")))),
    S("INC-FC-3", "Le carte Alloggio avanzate vanno escluse e non verrranno usate",
      "no lodging can be conquered: FC-E2 is unreachable, the linter says so", game(3),
      expect=(lint_finding("INC-FC-3", "unreachable", "Lodging", severity="error"),)),
    S("INC-FC-3", "Le carte Alloggio avanzate vanno escluse",
      "the fix: leftover_lodging='conquest' puts them in the conquest deck, and FC-E2 can be met", game(3, leftover_lodging="conquest"),
      expect=(no_lint_finding("INC-FC-3"), seen("deck_size", 35)), name="fix"),
    # ------------------------------------------------------------------ open points
    S("AMB-FC-1", "Numero di coppie di parole FIE-MME e CEM-BRA (which cards carry them is not said)",
      "syllables='by_type' (Nature FIE, Sport MME): a Nature + a Sport is a pair and breaks the tie",
      deck(extra={"nature": 3, "sport": 1}), hands({0: ("nature", "sport"), 1: ("nature", "nature")}),
      (match_winners("FC-E3", 0),)),
    S("AMB-FC-1", "Numero di coppie di parole FIE-MME e CEM-BRA",
      "syllables='none': no pairs, the tie stands", deck(extra={"nature": 3, "sport": 1}, syllables="none"),
      hands({0: ("nature", "sport"), 1: ("nature", "nature")}), (match_winners("FC-E3", 0, 1),), name="none"),
    S("AMB-FC-2", "Stabilire a priori dopo quanti turni di gioco si concluderà la partita (between rounds: not said)",
      "between_rounds='tally': two rounds' cards are added up; the most cards win", deck(extra={"nature": 1}, rounds=2),
      (hand(0, "nature", 3), hand(1, "nature", 3)),
      (event("FC-E3", "round_winners", round=0, winners=[0]), event("FC-E3", "round_winners", round=1, winners=[1]),
       event("FC-E3", "match_winners", winners=[0, 1], totals=[1, 1, 0, 0]), terminal())),
    S("AMB-FC-2", "turni di gioco",
      "between_rounds='round_wins': each round has winners; the most round wins win the match",
      deck(extra={"nature": 2}, rounds=2, between_rounds="round_wins"),
      (hand(0, "nature", 3), hand(0, "nature", 3), hand(1, "nature", 3), hand(2, "nature", 3)),
      (event("AMB-FC-2", "round_wins", wins=[1, 0, 0, 0]), event("AMB-FC-2", "round_wins", wins=[1, 1, 1, 0]),
       event("FC-E3", "match_winners"), terminal()), name="round_wins"),
    S("AMB-FC-3", "MODALITA' MEMORY (named, never described)",
      "the lab's proposal: the winner of a race flips two grid cards; two of one type are conquered",
      deck(extra={"nature": 2, "sport": 1}, mode="memory_proposal"),
      (closing(0), slaps(0, 3), act("flip", 0), draw("nature"), act("flip", 1), draw("nature")),
      (event("AMB-FC-3", "pair_conquered", player=0), that("seat 0 has won the two Nature cards", lambda st: st.total_conquered() == [2, 0, 0, 0]))),
    S("AMB-FC-4", "Un solo giocatore chiude la mano di gioco (several complete at once: not said)",
      "several_closers='fastest': two complete, only the first hand conquers", game(),
      (step("a deal after which seats 0 and 1 both complete", lambda st: _two_closers(st)),
       joint("seat 0 at 100 ms, seat 1 at 150 ms, both shouting", {0: ("slap", 100, True), 1: ("slap", 150, True), 2: ("slap", 300, False), 3: ("slap", 400, False)})),
      (event("AMB-FC-4", "several_closers", closers=[0, 1]), event("FC-P6", "conquerors", players=[0]))),
    S("AMB-FC-4", "Un solo giocatore chiude",
      "several_closers='each_shouting': every closer who shouted conquers a card, in hand order", game(several_closers="each_shouting"),
      (step("a deal after which seats 0 and 1 both complete", lambda st: _two_closers(st)),
       joint("seat 0 at 100 ms, seat 1 at 150 ms, both shouting", {0: ("slap", 100, True), 1: ("slap", 150, True), 2: ("slap", 300, False), 3: ("slap", 400, False)})),
      (event("FC-P6", "conquerors", players=[0, 1]),), name="each_shouting"),
)


def _two_closers(state: lab.State) -> None:
    for h in [(2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (0, 1, 1, 1, 2)]:
        state.apply_action(Action("deal", (C.COMPOSITION_INDEX[h],)))
    state.apply_actions({0: Action("discard", (0,)), 1: Action("discard", (0,)), 2: Action("discard", (4,)),
                         3: Action("discard", (4,))})


TABLE = Table("fiemme_cembra", CLAUSES, SCENARIOS)
