"""Fiemme–Cembra: one worked situation per distinction the seed makes (issue #39).

FC-E1, the seed: "la partita finisce quando si esauriscono le carte del mazzo di conquista
(ovvero saranno rimaste le sole carte evento)" -- the round ends when the conquest deck is
exhausted, only Event cards being left. Every other type keeps it going: each of the four
emotions, and lodging when lodging is in the conquest deck at all (``leftover_lodging``: the
seed leaves the spare lodging cards out, so none is ever in it; the fix puts them in).

FC-E3, the seed: "Se alla conclusione del turno di gioco, più di un giocatore (o nessuno) avrà
conquistato tutte e quattro le carte emozioni e la carta alloggio, verranno considerati, in
ordine i seguenti criteri per determinare il vincitore finale: numero di carte totali
conquistate; numero di coppie di parole FIE-MME e CEM-BRA" -- if several players (or none) have
the set, the criteria decide among those several (or, none having it, among everybody): first
the total of conquered cards, then, among those still tied, the word pairs; a tie after that
gives joint winners ("vincitori ex-aequo").

FC-P2, the seed: "Scegliere una carta da scartare (verosimilmente una carta doppione) e porla
coperta alla propria destra" -- each player discards one card of their own hand, face down: it
leaves that hand, and only the neighbour who receives it learns what it was (FC-P3).

Every situation is played through actions (:mod:`fc_script`) and read from events and returns.
Syllables (AMB-FC-1, default ``by_type``): Nature FIE, Sport MME, History CEM, Taste BRA.
"""

from __future__ import annotations

import pytest

import lab
from lab.core.actions import act
from lab.core.state import SIMULTANEOUS
from lab.games.fiemme_cembra import components as C
from tests.scenarios.fc_script import conquer, counts, ids_of, kinds, load

HAND_TYPE_NAMES = C.TYPES[:5]


# ------------------------------------------------------------------ FC-E1: what ends a round
@pytest.mark.parametrize("leftover", ["excluded", "conquest"])
@pytest.mark.parametrize("last_type", HAND_TYPE_NAMES)
def test_FC_E1_the_last_card_of_each_type_keeps_the_round_open_until_conquered(last_type: str, leftover: str) -> None:
    """A conquest deck of one card of ``last_type`` and one Event. While the card is in the deck
    the round goes on (a hand is dealt); once seat 0 conquers it only the Event is left and the
    round -- here the one-round match -- ends. Under ``excluded`` a spare lodging card never
    enters the deck: the deck is the Event alone and the match ends before any deal."""
    game = load(card_counts=counts(**{last_type: 1}, event=1), leftover_lodging=leftover)
    s = game.new_initial_state()
    if last_type == "lodging" and leftover == "excluded":
        assert ids_of(game, "lodging") == [] and s.is_terminal()
        assert kinds(s)[:2] == [("FC-S4", "conquest_deck"), ("FC-E1", "conquest_deck_exhausted")]
        assert s.observation(None)["non_events_left"] == 0
        return
    [card] = ids_of(game, last_type)
    assert not s.is_terminal() and s.phase_name() == "deal"
    assert s.observation(None)["non_events_left"] == 1
    start = len(s.events)
    conquer(s, 0, card, last=3)
    assert s.is_terminal() and s.winners() == [0]
    assert ("FC-P6", "conquered") in kinds(s, start)
    assert kinds(s, start)[-3:] == [("FC-E1", "conquest_deck_exhausted"), ("FC-E3", "round_winners"),
                                    ("FC-E3", "match_winners")]
    assert s.observation(None)["deck_size"] == 1  # the Event is left: it does not keep the round open


@pytest.mark.parametrize("leftover", ["excluded", "conquest"])
def test_FC_E1_events_alone_never_keep_a_round_open(leftover: str) -> None:
    """Four Events and no other card: the round is over at once (nothing to conquer)."""
    s = load(card_counts=counts(event=4), leftover_lodging=leftover).new_initial_state()
    assert s.is_terminal() and ("FC-E1", "conquest_deck_exhausted") in kinds(s)
    assert s.observation(None)["deck_size"] == 4


@pytest.mark.parametrize("leftover", ["excluded", "conquest"])
def test_FC_E1_a_lodging_card_in_the_deck_keeps_the_round_open_after_the_emotions_are_gone(leftover: str) -> None:
    """Nature, then lodging (when it is in the deck): conquering the Nature card ends the round
    only under ``excluded`` (no lodging there); under ``conquest`` the lodging card is still to be
    won, and the round ends when it is."""
    game = load(card_counts=counts(nature=1, lodging=1), leftover_lodging=leftover)
    s = game.new_initial_state()
    conquer(s, 0, ids_of(game, "nature")[0], last=3)
    if leftover == "excluded":
        assert s.is_terminal()
        return
    assert not s.is_terminal() and s.phase_name() == "deal"
    assert s.observation(None)["non_events_left"] == 1
    conquer(s, 1, ids_of(game, "lodging")[0], last=3)
    assert s.is_terminal() and s.observation(None)["conquered"] == [[], [], [], []]  # the round is tallied
    assert s.full_state()["past"][:2] == [ids_of(game, "nature"), ids_of(game, "lodging")]


def test_FC_E1_the_round_ends_between_hands_not_in_the_middle_of_one() -> None:
    """each_shouting: seat 0 takes the deck's last Nature card; seat 1, also a closer, draws the
    Event after it and then draws again from the empty deck. Only then -- the hand over, the
    Event back in the deck -- does the round end."""
    game = load(card_counts=counts(nature=1, event=1), several_closers="each_shouting", reinsert="bottom")
    s = game.new_initial_state()
    hands = [(2, 1, 1, 1, 0), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), (0, 1, 1, 1, 2)]
    for h in hands:
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    s.apply_actions({0: act("discard", 0), 1: act("discard", 0), 2: act("discard", 4), 3: act("discard", 4)})
    assert s.observation(None)["closers"] == [0, 1]
    s.apply_actions({0: act("slap", 100, True), 1: act("slap", 150, True), 2: act("slap", 300, False),
                     3: act("slap", 400, False)})
    s.apply_action(act("draw", ids_of(game, "nature")[0]))
    assert not s.is_terminal()  # seat 1 still to draw in this hand
    s.apply_action(act("draw", ids_of(game, "event")[0]))
    s.apply_action(act("event_draw"))
    assert s.is_terminal()
    got = [k for k in kinds(s) if k[0] in ("FC-P6", "FC-E1")][-4:]
    assert got == [("FC-P6", "event_draw_again"), ("FC-P6", "conquest_deck_empty"), ("FC-P6", "reinserted"),
                   ("FC-E1", "conquest_deck_exhausted")]


# ------------------------------------------------------------------ FC-E3: who takes part
def match_with(holdings: dict[int, list[str]], *, leftover: str = "conquest", players: int = 4,
               last: int = 3) -> lab.State:
    """A one-round match in which seat ``p`` conquers, in turn, a card of each type named in
    ``holdings[p]``; seat ``last`` never conquers and lands last every time (its penalty is void),
    so the conquered cards stay where they were won. The deck holds exactly those cards."""
    need: dict[str, int] = {}
    for names in holdings.values():
        for t in names:
            need[t] = need.get(t, 0) + 1
    game = load(players, card_counts=counts(players, **need), leftover_lodging=leftover)
    s = game.new_initial_state()
    pools = {t: ids_of(game, t) for t in need}
    for seat, names in holdings.items():
        for t in names:
            conquer(s, seat, pools[t].pop(0), last=last)
    assert s.is_terminal()
    return s


SET = ["nature", "sport", "history", "taste", "lodging"]


def winners_event(s: lab.State) -> tuple[str, list[int]]:
    end = [e for e in s.events if e.kind == "match_winners"][-1]
    return end.clause, list(end.data["winners"])


def test_FC_E3_several_sets_only_their_holders_take_part() -> None:
    """Seats 0 and 1 have the set (6 and 5 cards); seat 2 has 7 Nature cards and no set. The
    criteria decide between seats 0 and 1 only: seat 0, the most cards among them -- not seat 2,
    who has the most cards of all."""
    s = match_with({0: [*SET, "nature"], 1: SET, 2: ["nature"] * 7})
    assert s.total_conquered() == [6, 5, 7, 0]
    assert winners_event(s) == ("FC-E3", [0])
    assert s.returns() == [1.0, 0.0, 0.0, 0.0]


def test_FC_E3_tied_set_holders_are_separated_by_word_pairs_among_themselves() -> None:
    """Seats 0 and 1 have the set and 7 cards each: seat 0 FIE-MME + CEM-BRA with an extra
    Nature and History (2 pairs), seat 1 with an extra Nature and Sport (3 pairs). Seat 2 (no
    set, 8 cards, 4 pairs) takes no part. Seat 1 wins."""
    s = match_with({0: [*SET, "nature", "history"], 1: [*SET, "nature", "sport"],
                    2: ["nature", "sport"] * 4})
    assert s.total_conquered() == [7, 7, 8, 0]
    assert winners_event(s) == ("FC-E3", [1])


def test_FC_E3_without_any_set_everybody_takes_part_and_pairs_only_split_a_tie_on_cards() -> None:
    """Nobody has the set (the seed's deck: no lodging can be won). Seats 0 and 1 tie on 6
    cards; seat 0 has one FIE-MME pair, seat 1 none: seat 0 wins. Seat 2 has 2 pairs but only 5
    cards: the pairs count only between the players tied on cards."""
    s = match_with({0: ["nature"] * 5 + ["sport"], 1: ["history"] * 6,
                    2: ["nature", "sport", "history", "taste", "nature"]}, leftover="excluded")
    assert s.total_conquered() == [6, 6, 5, 0]
    assert winners_event(s) == ("FC-E3", [0])


def test_FC_E3_a_tie_on_cards_and_pairs_gives_joint_winners_among_the_set_holders() -> None:
    """Seats 0 and 1: the set plus a Nature card each (6 cards, 2 pairs each): joint winners,
    each with return 1 ("vincitori ex-aequo"); seat 2's 7 Nature cards without the set do not
    count."""
    s = match_with({0: [*SET, "nature"], 1: [*SET, "nature"], 2: ["nature"] * 7})
    assert winners_event(s) == ("FC-E3", [0, 1])
    assert s.returns() == [1.0, 1.0, 0.0, 0.0] and s.winners() == [0, 1]


def test_FC_E2_a_single_set_wins_over_more_cards() -> None:
    """Only seat 1 has the set (5 cards); seat 0 has 8 cards: FC-E2 decides, seat 1 wins."""
    s = match_with({0: ["nature"] * 8, 1: SET})
    assert winners_event(s) == ("FC-E2", [1])


def test_FC_E3_nobody_with_a_card_is_a_tie_of_everybody() -> None:
    """A deck with no card to win: nobody has a card or a pair; everybody is a joint winner."""
    s = load(card_counts=counts(event=2)).new_initial_state()
    assert winners_event(s) == ("FC-E3", [0, 1, 2, 3])


# ------------------------------------------------------------------ FC-P2: the discard
def test_FC_P2_a_discard_leaves_its_hand_face_down_and_reaches_the_right_neighbour() -> None:
    """Each seat discards one card of a type it holds: its hand loses that card and gains the
    one from its left; the others (the spectator included) do not see what was discarded,
    the receiver sees what it received."""
    s = load().new_initial_state()
    hands = [(2, 1, 1, 1, 0), (0, 2, 1, 1, 1), (1, 0, 2, 1, 1), (1, 1, 0, 1, 2)]
    for h in hands:
        s.apply_action(act("deal", C.COMPOSITION_INDEX[h]))
    assert s.current_player() == SIMULTANEOUS
    for p, h in enumerate(hands):
        assert [a.args[0] for a in s.legal_actions(p)] == [t for t in range(5) if h[t] > 0]
    with pytest.raises(lab.IllegalAction):
        s.apply_actions({0: act("discard", 4), 1: act("discard", 1), 2: act("discard", 2), 3: act("discard", 4)})
    discards = {0: 0, 1: 1, 2: 2, 3: 4}
    s.apply_actions({p: act("discard", t) for p, t in discards.items()})
    for p, h in enumerate(hands):
        got, sent = discards[(p - 1) % 4], discards[p]
        want = list(h)
        want[sent] -= 1
        want[got] += 1
        obs = s.observation(p)
        assert obs["my_hand"] == want
        assert obs["my_passes"] == [sent] and obs["my_receipts"] == [got]
    spectator = s.observation(None)
    assert "my_passes" not in spectator and "my_hand" not in spectator
    for e in s.events_for(1):  # seat 1 sees its own pass and receipt, no one else's discard
        assert "discards" not in e.data


def test_FC_P2_random_players_discard_only_cards_they_hold() -> None:
    """The driver's random seats (lab.play's fast path) discard, pass after pass, a type each
    holds, and the hands move as FC-P2/FC-P3 say: replayed through the checked API, every hand
    after a pass is the hand before, less its discard, plus its left neighbour's."""
    game = load(players=4, hand_limit=8, pass_limit=10)
    checked = 0
    for seed in range(4):
        st = lab.play(game, "random", seed=seed)
        replay = game.new_initial_state()
        for item in st.history():
            if replay.current_player() == SIMULTANEOUS and replay.phase_name() == "pass":
                before = [list(replay.observation(p)["my_hand"]) for p in range(4)]
                joint = {p: a for p, a in enumerate(item.action)}
                replay.apply_actions(joint)  # checked: an unheld type raises
                if replay.phase_name() in ("pass", "slap"):  # (not voided and redealt)
                    for p in range(4):
                        want = list(before[p])
                        want[joint[p].args[0]] -= 1
                        want[joint[(p - 1) % 4].args[0]] += 1
                        assert replay.observation(p)["my_hand"] == want
                        checked += 1
            elif replay.current_player() == SIMULTANEOUS:
                replay.apply_actions(dict(enumerate(item.action)))
            else:
                replay.apply_action(item.action)
        assert replay.full_state() == st.full_state()
    assert checked > 100


# ------------------------------------------------------------------ FC-P7 read once a round
def test_FC_P7_end_of_round_only_the_last_hand_of_the_final_race_pays_once() -> None:
    """penalty_timing='end_of_round': "alla fine di ogni turno di gioco vengono assegnate penalità
    solo a quel giocatore che ha posato la propria mano per ultimo" (a turno: one conquest deck,
    FC-S1). Seat 0 is last in the first two races, seat 1 in the final one: at the round's end
    seat 1 alone returns a card of its choice "al centro del mazzo coperto"; the round is over
    all the same, and is decided without that card."""
    game = load(card_counts=counts(nature=3), penalty_timing="end_of_round")
    s = game.new_initial_state()
    cards = ids_of(game, "nature")
    conquer(s, 1, cards[0], last=0)  # seat 0 last, holding nothing
    conquer(s, 2, cards[1], last=0)  # seat 0 last again: no penalty after a race
    assert s.phase_name() == "deal" and not [e for e in s.events if e.clause == "FC-P7"]
    conquer(s, 0, cards[2], last=1)  # the final race: seat 1 last
    assert s.phase_name() == "penalty" and s.current_player() == 1
    assert s.legal_actions() == [act("give_back", cards[0])]
    start = len(s.events)
    s.apply_action(act("give_back", cards[0]))
    assert kinds(s, start)[:2] == [("FC-P7", "penalty"), ("FC-P7", "put_back_after_the_round")]
    assert s.is_terminal() and s.observation(None)["deck_size"] == 1  # back in the covered deck
    assert s.total_conquered() == [1, 0, 1, 0] and s.winners() == [0, 2]


def test_FC_P7_end_of_round_the_last_hand_holding_nothing_pays_nothing() -> None:
    """"Se è privo di carte conquistate la penalità è nulla": seat 3, last in the final race,
    has no card; nobody else pays."""
    game = load(card_counts=counts(nature=2), penalty_timing="end_of_round")
    s = game.new_initial_state()
    conquer(s, 0, ids_of(game, "nature")[0], last=1)
    conquer(s, 1, ids_of(game, "nature")[1], last=3)
    assert s.is_terminal()
    assert [(e.kind, dict(e.data)) for e in s.events if e.clause == "FC-P7"] == [
        ("penalty_void", {"player": 3, "at": "round_end"})]
    assert s.total_conquered() == [1, 1, 0, 0]
    assert s.observation(None)["penalty_marks"] == [0, 0, 0, 0]  # settled: nobody is still to pay


def test_FC_P7_end_of_round_the_card_goes_into_the_middle_of_the_covered_deck() -> None:
    """"restituire ... una delle carte precedentemente conquistate al centro del mazzo coperto":
    at the round's end four Events are left in the conquest deck; seat 0, last in the final race,
    returns its Nature card into the middle of them (position 4 // 2), and nobody is marked any
    more: the one penalty of the round is paid."""
    game = load(card_counts=counts(nature=2, event=4), penalty_timing="end_of_round")
    s = game.new_initial_state()
    nature = ids_of(game, "nature")
    conquer(s, 0, nature[0], last=3)  # seat 3 last, holding nothing: a mark, no penalty yet
    conquer(s, 1, nature[1], last=0)  # the final race (only Events left): seat 0 last
    assert s.phase_name() == "penalty" and s.current_player() == 0
    assert s.observation(None)["deck_size"] == 4
    s.apply_action(act("give_back", nature[0]))
    assert s.is_terminal()
    assert s.full_state()["deck"].index(nature[0]) == 2 and s.observation(None)["deck_size"] == 5
    assert s.observation(None)["penalty_marks"] == [0, 0, 0, 0]
    assert s.total_conquered() == [0, 1, 0, 0] and s.winners() == [1]


def test_FC_P7_each_hand_the_last_hand_pays_after_every_race() -> None:
    """The default reading (step 7 between steps 6 and 8): seat 0, last in the second race and
    holding a card, gives it back at once, and the round goes on (the card is to be won again)."""
    game = load(card_counts=counts(nature=2), reinsert="bottom")
    s = game.new_initial_state()
    conquer(s, 0, ids_of(game, "nature")[0], last=3)
    conquer(s, 1, ids_of(game, "nature")[1], last=0)
    assert s.phase_name() == "penalty" and s.current_player() == 0
    s.apply_action(act("give_back", ids_of(game, "nature")[0]))
    assert not s.is_terminal() and s.observation(None)["non_events_left"] == 1
