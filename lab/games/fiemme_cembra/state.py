"""Fiemme–Cembra game state: deal, simultaneous passing, the slap race, conquest, penalties.

See :mod:`lab.games.fiemme_cembra.rules` for how each rule is modelled. Every rule that fires
logs its clause ID.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from operator import sub
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from lab.core.actions import Action
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, HistoryItem, _new_item
from lab.games.fiemme_cembra import components as C
from lab.games.fiemme_cembra.hands import (
    COMPOSITION_KEYS,
    DISCARDS,
    DISCARDS_BY_KEY,
    FULL_KEY,
    HANDS_BY_KEY,
    WEIGHTS,
    hand_keys,
)
from lab.games.fiemme_cembra.rules import MS_VALUES, closes
from lab.games.fiemme_cembra.scoring import rank_players
from lab.games.fiemme_cembra.views import (
    EMPTY,
    P_DEAL,
    P_DRAW,
    P_EVENT,
    P_FLIP,
    P_INSERT,
    P_OVER,
    P_PASS,
    P_PENALTY,
    P_SLAP,
    P_SWAP,
    PHASES,
    UNKNOWN,
    StateViews,
)

if TYPE_CHECKING:
    from lab.games.fiemme_cembra.rules import FiemmeCembraGame


EVENT_DRAW = Action("event_draw", ())
EVENT_SWAP = Action("event_swap_choose", ())
STAT_KEYS = ("hands", "voided_hands", "passes", "races", "events", "swaps", "void_penalties",
             "flips", "deals", "returned")

_DEAL_CACHE: dict[tuple[int, ...], tuple[tuple[Action, float], ...]] = {}
_INSERT_CACHE: dict[tuple[int, int], tuple[tuple[Action, float], ...]] = {}  # spans of a deck
#: ``current_player`` per phase: 0 stands for "the actor" (the seat to act is ``actor``)
_WHO = {P_DEAL: CHANCE, P_DRAW: CHANCE, P_INSERT: CHANCE, P_PASS: SIMULTANEOUS, P_SLAP: SIMULTANEOUS,
        P_OVER: TERMINAL}
_WHO_BY_PHASE = tuple(_WHO.get(ph, 0) for ph in range(len(PHASES)))
_SEATS = tuple(tuple(range(n)) for n in range(7))  # the acting seats at a simultaneous node, by count


#: FC-S3: the deal of each hand composition (by index), built once: every deal table shares them
DEAL_ACTIONS = tuple(Action("deal", (i,)) for i in range(len(C.COMPOSITIONS)))


def _deal_outcomes(remaining: tuple[int, ...]) -> tuple[tuple[Action, float], ...]:
    """FC-S3 deal outcomes, built once per remaining composition (a tuple: the driver then
    reads its outcome ids once too, see :mod:`lab.sim.streams`)."""
    out = _DEAL_CACHE.get(remaining)
    if out is None:
        out = tuple((DEAL_ACTIONS[i], p) for i, p in C.deal_outcomes(remaining))
        _DEAL_CACHE[remaining] = out
    return out


def _insert_outcomes(span: tuple[int, int]) -> tuple[tuple[Action, float], ...]:
    """FC-P6/FC-P7 reinsert positions ``lo..hi``, equally likely, built once per span."""
    out = _INSERT_CACHE.get(span)
    if out is None:
        lo, hi = span
        p = 1.0 / (hi - lo + 1)
        out = _INSERT_CACHE[span] = tuple((Action("insert_at", (i,)), p) for i in range(lo, hi + 1))
    return out


def _discards(hand: Sequence[int]) -> tuple[Action, ...]:
    """FC-P2: a hand's discards (one per card type it holds)."""
    return tuple(DISCARDS[t] for t in range(C.HAND_TYPES) if hand[t] > 0)


@mypyc_attr(allow_interpreted_subclasses=True)
class FiemmeCembraState(StateViews):
    """One Fiemme–Cembra match in progress. Compiled with the engine (:mod:`lab.native`);
    ``self.game`` is its :class:`FiemmeCembraGame`."""

    def __init__(self, game: FiemmeCembraGame) -> None:
        super().__init__(game)
        n = game.num_players()
        self.n = n
        self.phase = P_DEAL
        self.actor = -1
        self.round_no = 0
        self.hand_in_round = 0
        self.passes = 0
        #: each player's hand as counts per type (read through ``_hands``); None: to be decoded
        #: from the keys (a keyed pass moves only the keys)
        self._hand_lists: list[list[int]] | None = [[0] * C.HAND_TYPES for _ in range(n)]
        #: each hand's key (:mod:`.hands`), in step with ``_hands``; None: a hand has none
        self.hkeys: list[int] | None = [0] * n
        self.speed_left: list[int] = list(game.speed_counts)
        self.deal_to = 0
        self.deck: list[int] = []
        self.pool: list[int] = []
        self.grid: list[int] = []
        self.conquered: list[list[int]] = [[] for _ in range(n)]
        self.past: list[list[int]] = [[] for _ in range(n)]
        self.round_wins = [0] * n
        self.closers: list[int] = []
        self.race: dict[str, Any] | None = None
        self.queue: list[int] = []
        self.penalised = -1
        self.inserts: list[int] = []
        self.flipped: list[int] = []
        self.held: list[int] = []
        self.flip_slot = -1
        #: this hand's passes (FC-P2/FC-P3): each pass's discards by seat, from which every
        #: seat's record of what it passed and received derives (see ``my_passes``) ...
        self._plog: list[tuple[Action, ...]] = []  # each pass's discards, in seat order
        #: ... or the records themselves, ``(my_passes, my_receipts)``, once handed out for
        #: editing, set, or when a pass table is no permutation; None: they derive from the log
        self._records: tuple[list[list[int]], list[list[int]]] | None = (
            None if game.pass_sources is not None else ([[] for _ in range(n)], [[] for _ in range(n)]))
        self.stats: dict[str, int] = dict.fromkeys(STAT_KEYS, 0)
        self.hands_per_round: list[int] = []
        self.penalties = [0] * n
        self.forgot = [0] * n
        self.marks = [0] * n
        self.final_winners: list[int] = []
        self._start_round()

    @property
    def hands(self) -> list[list[int]]:
        """Each player's hand: cards per hand type. Edit it only by assigning a new list of hands
        (the keys of :mod:`.hands` follow an assignment, not an edit in place)."""
        return self._hands

    @hands.setter
    def hands(self, value: list[list[int]]) -> None:
        self._hand_lists = value
        self.hkeys = hand_keys(value)

    @property
    def _hands(self) -> list[list[int]]:
        """The hands' lists of counts, decoded from the keys after a keyed pass (which moves only
        the keys: most passes are never followed by a look at the lists)."""
        lists = self._hand_lists
        if lists is None:
            keys = self.hkeys
            assert keys is not None  # (the lists are dropped only while keys are kept)
            lists = self._hand_lists = [list(HANDS_BY_KEY[key]) for key in keys]
        return lists

    @_hands.setter
    def _hands(self, value: list[list[int]]) -> None:
        self._hand_lists = value

    # ------------------------------------------------------------------ pass records
    @property
    def my_passes(self) -> list[list[int]]:
        """Per seat, the hand types it discarded this hand, pass by pass (FC-P2): the state's own
        lists (kept from the first read on, so an edit in place sticks)."""
        return self._kept_records()[0]

    @my_passes.setter
    def my_passes(self, value: list[list[int]]) -> None:
        self._records = (value, self._kept_records()[1])

    @property
    def my_receipts(self) -> list[list[int]]:
        """Per seat, the hand types it received this hand, pass by pass (FC-P3): as ``my_passes``."""
        return self._kept_records()[1]

    @my_receipts.setter
    def my_receipts(self, value: list[list[int]]) -> None:
        self._records = (self._kept_records()[0], value)

    def _kept_records(self) -> tuple[list[list[int]], list[list[int]]]:
        """The records as lists the state keeps (and appends to) from now on."""
        records = self._records
        if records is None:
            records = self._records = self._pass_records()
        return records

    def _pass_records(self) -> tuple[list[list[int]], list[list[int]]]:
        """``(my_passes, my_receipts)``, fresh lists (see :meth:`passes_of`)."""
        return [self.passes_of(p) for p in range(self.n)], [self.receipts_of(q) for q in range(self.n)]

    def passes_of(self, player: int) -> list[int]:
        """``my_passes[player]``, a fresh list (read without keeping the records): from the log of
        passes (pass ``i`` of the hand used table ``i % len(tables)``), or the kept records."""
        if self._records is not None:
            return list(self._records[0][player])
        return [acts[player][1][0] for acts in self._plog]  # type: ignore[misc]  # (discard(type): ints)

    def receipts_of(self, player: int) -> list[int]:
        """``my_receipts[player]``, a fresh list (read without keeping the records)."""
        if self._records is not None:
            return list(self._records[1][player])
        sources = self.game.pass_sources
        assert sources is not None  # (records are kept from the start otherwise)
        return [acts[sources[i % len(sources)][player]][1][0]  # type: ignore[misc]  # (ints)
                for i, acts in enumerate(self._plog)]

    # ================================================================== flow
    def _start_round(self) -> None:
        """FC-S4: a fresh conquest deck (or memory grid) of face-down unknown cards."""
        self.pool = sorted(self.game.conquest_ids)
        if self.game.memory:
            self.grid = [UNKNOWN] * len(self.pool)
            self.deck = []
        else:
            self.deck = [UNKNOWN] * len(self.pool)
            self.grid = []
        self.conquered = [[] for _ in range(self.n)]
        self.hand_in_round = 0
        self._record("FC-S4", "conquest_deck",
                     {"size": len(self.pool), "round": self.round_no, "memory_grid": self.game.memory}, None)
        self._start_hand()

    def _start_hand(self) -> None:
        """FC-P8: reshuffle the speed deck and redeal (one chance node per player)."""
        if self._round_exhausted():
            self._record("FC-E1", "conquest_deck_exhausted", {"round": self.round_no}, None)
            self._end_round()
            return
        limit = self.game.hand_limit
        if self.stats["hands"] >= limit:
            self._stop(limit)
            return
        self._hands = [[0] * C.HAND_TYPES for _ in range(self.n)]
        self.hkeys = [0] * self.n
        self.speed_left = list(self.game.speed_counts)
        self.deal_to = 0
        self.passes = 0
        self.closers = []
        self._plog = []
        self._records = None if self.game.pass_sources is not None else ([[] for _ in range(self.n)],
                                                                         [[] for _ in range(self.n)])
        self.phase = P_DEAL
        self.actor = -1

    def _stop(self, limit: int) -> None:
        """Lab safety bound ``hand_limit`` (not a seed rule): the match stops *unfinished*.

        The seed's rules did not end the round (FC-E1: cards other than Events are still to be
        won), so neither the round nor the match has a result: no winner and no draw. The round
        in progress (if it had a hand) counts in ``hands_per_round``.
        """
        if self.hand_in_round:
            self.hands_per_round.append(self.hand_in_round)
        self.final_winners = []
        self.phase = P_OVER
        self.actor = -1
        self.stop_unfinished("FC-E1", f"hand_limit={limit}", round=self.round_no,
                             hands=self.stats["hands"], non_events_left=self.non_events_left())

    def _round_exhausted(self) -> bool:
        """FC-E1 (rule point): the conquest cards still to be won, per type, decide."""
        types = self.game.types
        known = [c for c in (self.grid if self.game.memory else self.deck) if c >= 0]
        kinds = [*map(types.__getitem__, self.pool), *map(types.__getitem__, known)]
        counts = list(map(kinds.count, range(len(C.TYPES))))  # counted in C, not a Python loop
        return self.game.rules.round_exhausted(counts, self.game.memory)

    def _end_round(self) -> None:
        """FC-E1: the round is over; record it (AMB-FC-2) and start the next one or finish."""
        if self._settle_marks():
            return
        total = self.hand_in_round
        self.hands_per_round.append(total)
        mode = self.game.params["between_rounds"]
        winners, clause = self._rank(self.conquered, range(self.n))
        self._record(clause, "round_winners", {"round": self.round_no, "winners": winners,
                                               "conquered": [len(c) for c in self.conquered]}, None)
        if mode == "round_wins":
            for w in winners:
                self.round_wins[w] += 1
            self._record("AMB-FC-2", "round_wins", {"wins": list(self.round_wins)}, None)
        for p in range(self.n):
            self.past[p].extend(self.conquered[p])
        self.conquered = [[] for _ in range(self.n)]
        self.round_no += 1
        if self.round_no >= self.game.params["rounds"]:
            self._end_match()
        else:
            self._record("AMB-FC-2", "next_round", {"rule": mode, "round": self.round_no}, None)
            self._start_round()

    def _end_match(self) -> None:
        """FC-E2/FC-E3: the match winner(s)."""
        if self.game.params["between_rounds"] == "round_wins":
            best = max(self.round_wins)
            cands = [p for p in range(self.n) if self.round_wins[p] == best]
            if len(cands) == 1:
                winners, clause = cands, "AMB-FC-2"
            else:
                winners, clause = self._rank(self.past, cands, need_complete=False)
        else:
            winners, clause = self._rank(self.past, range(self.n))
        self.final_winners = winners
        self.phase = P_OVER
        self.actor = -1
        self._record(clause, "match_winners", {"winners": winners, "totals": [len(c) for c in self.past]}, None)

    def _rank(self, cards: list[list[int]], candidates: Any, *, need_complete: bool = True) -> tuple[list[int], str]:
        """FC-E2/FC-E3 through the game's rule points."""
        g = self.game
        return rank_players(cards, candidates, g.types, g.syllables, need_complete=need_complete,
                            complete=g.rules.complete_set, tie=g.rules.tie_break)

    # ================================================================== State hooks
    def current_player(self) -> int:
        return _WHO_BY_PHASE[self.phase] or self.actor  # 0: a one-player phase (actor >= 0)

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if self.phase == P_DEAL:
            return _deal_outcomes(tuple(self.speed_left))
        if self.phase == P_DRAW:
            p = 1.0 / len(self.pool)
            draws = self.game.draw_actions
            return [(draws[c], p) for c in self.pool]
        return _insert_outcomes(self._insert_range())

    def chance_stream(self) -> str:
        """Deals, conquest-deck draws and reinsert positions each draw from their own stream."""
        if self.phase == P_DEAL:
            return "deal"
        return "conquest_deck" if self.phase == P_DRAW else "reinsert"

    def _insert_range(self) -> tuple[int, int]:
        """Reinsert positions (0 = on top, len = at the bottom) the chance node chooses from.

        ``random_middle``: strictly between the top and bottom card (anywhere if fewer than 2
        cards); ``anywhere``: any position.
        """
        length = len(self.deck)
        if self.game.reinsert == "anywhere" or length < 2:
            return 0, length
        return 1, length - 1

    def _legal_actions(self, player: int) -> Sequence[Action]:
        """Legal actions; the two big simultaneous nodes give shared read-only tuples."""
        ph = self.phase
        if ph == P_PASS:
            keys = self.hkeys
            if keys is not None:  # one list index instead of a tuple of the hand and its hash
                return DISCARDS_BY_KEY[keys[player]]
            return _discards(self._hands[player])  # hands without keys (see hands.hand_key)
        if ph == P_SLAP:
            return self.game.slaps_closer if player in self.closers else self.game.slaps_plain
        if player != self.actor:
            return []
        if ph == P_EVENT:
            return [EVENT_DRAW, EVENT_SWAP] if self._can_swap(player) else [EVENT_DRAW]
        if ph == P_SWAP:
            mine = self.conquered[player]
            out: list[Action] = []
            for q in range(self.n):
                if q != player:
                    out.extend(Action("event_swap", (m, t)) for m in mine for t in self.conquered[q])
            return out
        if ph == P_PENALTY:
            return [Action("give_back", (c,)) for c in self.conquered[player]]
        if ph == P_FLIP:
            return [Action("flip", (s,)) for s, c in enumerate(self.grid)
                    if c != EMPTY and s not in self.flipped]
        return []

    def _is_legal(self, player: int, action: Action) -> bool:
        """Direct legality test for the two big simultaneous nodes (agrees with the lists)."""
        ph = self.phase
        if ph == P_SLAP:
            if action.kind != "slap" or len(action.args) != 2:
                return False
            ms, shout = action.args
            if type(ms) is not int or type(shout) is not bool or ms not in MS_VALUES:
                return False
            return not shout or player in self.closers
        if ph == P_PASS:
            if action.kind != "discard" or len(action.args) != 1 or type(action.args[0]) is not int:
                return False
            t = action.args[0]
            return 0 <= t < C.HAND_TYPES and self._hands[player][t] > 0
        return action in self._legal_actions(player)

    def acting_players(self) -> list[int]:
        cur = _WHO_BY_PHASE[self.phase]
        if cur == SIMULTANEOUS:  # the pass and the slap race: every seat, every time
            return list(_SEATS[self.n])
        if cur == 0:
            return [self.actor]
        return []

    def _pick_action(self, player: int, pick: Callable[[int], int]) -> Action | None:
        """``legal[pick(len(legal))]`` of :meth:`_legal_actions`, building only that action for the
        FC-P7 ``give_back`` and FC-P6 ``event_swap`` choices (lists of one action per card).

        Only while ``_legal_actions`` is this class's own: a subclass (or a test) that replaces
        it gets the pick from its list."""
        ph = self.phase
        if (ph != P_PENALTY and ph != P_SWAP) or player != self.actor or type(self)._legal_actions is not _OWN_LEGAL:
            return super()._pick_action(player, pick)
        mine = self.conquered[player]
        if ph == P_PENALTY:
            return Action("give_back", (mine[pick(len(mine))],)) if mine else None
        # the list's order: opponent q (seat order), then my card, then q's card
        others = [self.conquered[q] for q in range(self.n) if q != player]
        total = len(mine) * sum(map(len, others))
        if not total:
            return None
        i = pick(total)
        for theirs in others:
            size = len(mine) * len(theirs)
            if i < size:
                return Action("event_swap", (mine[i // len(theirs)], theirs[i % len(theirs)]))
            i -= size
        return None

    def _pick_joint(self, picks: Sequence[Callable[[int], int]]) -> dict[int, Action] | None:
        """The driver's joint pick at the FC-P2 pass and the FC-P5 slap race (every seat random):
        each seat's ``legal[pick(len(legal))]``, seat by seat, the lists read as
        :meth:`_legal_actions` gives them (a keyed hand's discards are one index; the slaps are
        the game's two shared tuples) without a call per seat.

        Only while ``_legal_actions`` is this class's own (as :meth:`_pick_action`)."""
        if type(self)._legal_actions is not _OWN_LEGAL:
            return super()._pick_joint(picks)
        ph = self.phase
        if ph == P_PASS:
            keys = self.hkeys
            if keys is not None and 0 not in keys:  # (key 0: an empty hand, which has no discard)
                out = {}
                for p, key in enumerate(keys):
                    row = DISCARDS_BY_KEY[key]
                    out[p] = row[picks[p](len(row))]
                return out
        elif ph == P_SLAP:
            closer, plain, closers = self.game.slaps_closer, self.game.slaps_plain, self.closers
            out = {}
            for p, pick in enumerate(picks):
                row = closer if p in closers else plain
                out[p] = row[pick(len(row))]
            return out
        return super()._pick_joint(picks)

    # ------------------------------------------------------------------ chance and moves
    def _apply_action(self, action: Action) -> None:
        kind = action.kind  # the kinds by how often they come: deals, reinserts, penalties
        if kind == "deal":
            self._deal(int(action.args[0]))
        elif kind == "insert_at":
            pos = int(action.args[0])
            card = self.inserts.pop(0)
            self.deck.insert(pos, card)
            # the exact chance position is nobody's knowledge: kept out of every player's events
            self._record(self._insert_clause(card), "reinserted", {"card": card, "position": pos}, ())
            self._record(self._insert_clause(card), "put_back_in_the_middle", {"card": card}, None)
            self._finish_hand()
        elif kind == "give_back":
            self._give_back(self.actor, int(action.args[0]))
        elif kind == "draw":
            self._drawn(int(action.args[0]))
        elif kind == "event_draw":
            self._record("FC-P6", "event_draw_again", {"player": self.actor}, None)
            if self.game.memory:
                self._continue_flipping()
            else:
                self._draw_for(self.actor)
        elif kind == "event_swap_choose":
            self.phase = P_SWAP
            self._record("FC-P6", "event_swap_chosen", {"player": self.actor}, None)
        elif kind == "event_swap":
            self._swap(self.actor, int(action.args[0]), int(action.args[1]))
        elif kind == "flip":
            self._flip(int(action.args[0]))
        else:  # pragma: no cover - the codec only admits declared kinds
            msg = f"unexpected action {action}"
            raise ValueError(msg)

    def _deal(self, index: int) -> None:
        """FC-S3: player ``deal_to`` receives a 5-card hand (seen only by them)."""
        comp = C.COMPOSITIONS[index]
        p = self.deal_to
        self._hands[p] = list(comp)
        keys = self.hkeys
        if keys is not None:
            keys[p] = COMPOSITION_KEYS[index]
        self.speed_left = list(map(sub, self.speed_left, comp))
        if p == 0:
            self.stats["deals"] += 1
        self._record("FC-S3", "dealt", {"player": p, "hand": list(comp)}, (p,))
        self.deal_to = p + 1
        if p + 1 == self.n:
            self.phase = P_PASS  # FC-P1: the first pass is always played, complete hand or not
            complete = [q for q in range(self.n) if C.is_complete(self._hands[q])]
            for q in complete:
                self._record("FC-P1", "complete_hand_must_pass", {"player": q}, (q,))

    def _apply_actions(self, actions: Mapping[int, Action]) -> None:
        if self.phase == P_PASS:
            self._pass(actions)
        else:
            self._race({p: (int(a.args[0]), bool(a.args[1])) for p, a in actions.items()})

    def _pass(self, discards: Mapping[int, Action]) -> None:
        """FC-P2/FC-P3: all discard face down, then all pass along the seats graph at once."""
        self._passes((tuple(map(discards.__getitem__, _SEATS[self.n])),))

    def _passes(self, joints: Iterable[tuple[Action, ...]]) -> None:
        """FC-P2/FC-P3 for each joint discard of ``joints`` (each seat's, in seat order) in turn,
        while the hand is in the pass phase: the cards move along the pass table, then FC-P3's
        count and event, FC-P4's closers and the pass limit (:meth:`_close_or_void`).

        One pass or a run of them (:meth:`_run_joint`, whose generator pushes each pass's
        history item before it is applied here, as the driver does)."""
        game = self.game
        tables, names, stats = game.pass_tables, game.pass_names, self.stats
        n_tables, limit, record = len(tables), game.pass_limit, self._record
        default = game.rules.closes is closes  # FC-P4 rule point (see _close_or_void)
        for joint in joints:
            passes, keys = self.passes, self.hkeys
            k = passes % n_tables  # pass k of the schedule (its table and its name)
            table = tables[k]
            if self._records is None and keys is not None:
                # the tables are permutations and the hands keyed: the pass is logged once (not
                # per seat) and moves the keys only (the lists are decoded when read: ``_hands``)
                self._plog.append(joint)
                self._hand_lists = None
                for p, a in enumerate(joint):  # counts only: discarding all first changes nothing
                    w = WEIGHTS[a[1][0]]  # type: ignore[index]  # an exact int: checked, or taken from the legal actions
                    keys[p] -= w
                    keys[table[p]] += w
            else:
                self._move_cards(joint, table)
            self.passes = passes = passes + 1
            stats["passes"] += 1
            record("FC-P3", "passed", {"number": passes, "direction": names[k]}, None)
            # mostly nobody closes (under the default rule only the key FULL_KEY can) and the
            # hand goes on: nothing more to do
            if not default or keys is None or FULL_KEY in keys or passes >= limit:
                self._close_or_void()
                if self.phase != P_PASS:
                    return

    def _move_cards(self, joint: tuple[Action, ...], table: Sequence[int]) -> None:
        """:meth:`_passes`' cards when the hands' lists are kept: each seat's discard to
        ``table[seat]``, in the lists, the kept records (and the keys, if any)."""
        hands, keys, records = self._hands, self.hkeys, self._records
        if records is None:
            self._plog.append(joint)
            for p, a in enumerate(joint):
                t: int = a[1][0]  # type: ignore[assignment]  # (discard(type))
                hands[p][t] -= 1
                hands[table[p]][t] += 1
            return
        passed, received = records
        for p, a in enumerate(joint):
            t = a[1][0]  # type: ignore[assignment]  # (discard(type))
            hands[p][t] -= 1
            passed[p].append(t)
            q = table[p]
            hands[q][t] += 1
            received[q].append(t)
            if keys is not None:
                w = WEIGHTS[t]
                keys[p] -= w
                keys[q] += w

    def _close_or_void(self) -> None:
        """After a pass: FC-P4's closers (the race follows), else the pass limit voids the hand."""
        game = self.game
        passes, keys = self.passes, self.hkeys
        rule = game.rules.closes  # FC-P4 rule point: one of each type
        if rule is closes and keys is not None:
            # the default rule (no type missing) on keyed hands (0 or 5 cards): only the hand
            # (1, 1, 1, 1, 1) closes, whose key is FULL_KEY; mostly nobody holds it (a scan in C)
            closers = [p for p, key in enumerate(keys) if key == FULL_KEY] if FULL_KEY in keys else []
        else:
            closers = [p for p, hand in enumerate(self._hands) if rule(hand)]
        if closers:
            self.closers = closers
            self.phase = P_SLAP
            self._record("FC-P4", "close", {"closers": closers}, None)
            if len(closers) > 1:
                self._record("AMB-FC-4", "several_closers",
                             {"closers": closers, "rule": game.params["several_closers"]}, None)
        elif passes >= game.pass_limit:
            self.stats["voided_hands"] += 1
            self._record("FC-P4", "hand_voided_pass_limit", {"passes": passes}, None)
            self.hand_in_round += 1
            self.stats["hands"] += 1
            self._start_hand()

    def _run_joint(self, picks: Sequence[Callable[[int], int]], push: Callable[[HistoryItem], None],
                   limit: int) -> int:
        """The driver's FC-P2/FC-P3 passes, every seat random, one after another while the hands
        are keyed: :meth:`_passes` fed by :meth:`_random_joints`, without the driver's calls
        between passes.

        Only while ``_legal_actions`` and ``_apply_actions`` are this class's own (as
        :meth:`_pick_joint`)."""
        cls = type(self)
        if self.phase != P_PASS or cls._legal_actions is not _OWN_LEGAL or cls._apply_actions is not _OWN_APPLY:
            return 0
        start = len(self._history)
        self._passes(self._random_joints(picks, push, limit))
        return len(self._history) - start

    def _random_joints(self, picks: Sequence[Callable[[int], int]], push: Callable[[HistoryItem], None],
                       limit: int) -> Iterator[tuple[Action, ...]]:
        """The driver's joint discards of :meth:`_run_joint`: each seat's
        ``DISCARDS_BY_KEY[key][pick(n)]`` (what :meth:`_pick_joint` gives), its history item
        pushed, while every hand is keyed and holds cards and the game may grow."""
        history, by_key = self._history, DISCARDS_BY_KEY
        while True:
            keys = self.hkeys
            if keys is None or 0 in keys or len(history) >= limit:
                return
            chosen = []
            for p, key in enumerate(keys):  # (a loop: a comprehension is a call)
                row = by_key[key]
                chosen.append(row[picks[p](len(row))])
            joint = tuple(chosen)
            push(_new_item(HistoryItem, (SIMULTANEOUS, joint)))
            yield joint

    def hand_order(self, slaps: Mapping[int, tuple[int, bool]]) -> list[int]:
        """FC-P5: the order hands land on the deck, from the submitted reaction times.

        A closer's time counts from the pass; everybody else reacts to the first closer's slap.
        Ties: closers first, then the seat nearer the first closer going right. Among closers
        tied for first, the lowest seat index.
        """
        closers = self.closers
        first = min(closers, key=lambda c: (slaps[c][0], c))
        t0 = slaps[first][0]
        n = self.n

        def key(p: int) -> tuple[int, int, int]:
            is_closer = p in closers
            t = slaps[p][0] if is_closer else t0 + slaps[p][0]
            return (t, 0 if is_closer else 1, (p - first) % n)

        return sorted(range(n), key=key)

    def _race(self, slaps: Mapping[int, tuple[int, bool]]) -> None:
        """FC-P5/FC-P6/FC-P7: who conquers and who is penalised, from the hand order."""
        order = self.hand_order(slaps)
        shouted = [p for p in self.closers if slaps[p][1]]
        self.stats["races"] += 1
        # Never edited: clones share it, and observations and full_state hand it out read-only
        # (frozen once, when first asked for: see ``_last_race``; random playouts never ask).
        self.race = {"order": order, "ms": [slaps[p][0] for p in range(self.n)],
                     "closers": list(self.closers), "shouted": shouted}
        self._record("FC-P5", "hands_on_deck", {"order": order, "ms": self.race["ms"]}, None)
        for c in self.closers:
            if c not in shouted:
                self.forgot[c] += 1
                self._record("FC-P6", "forgot_to_shout", {"player": c}, None)
        first = order[0]
        mode = self.game.several_closers
        n = self.n
        queue = [p for p in self.game.rules.conquerors(order, shouted, mode) if 0 <= p < n]  # FC-P6
        if mode != "each_shouting" and first not in shouted and order[1] in queue:
            self._record("FC-P6", "second_hand_takes", {"player": order[1], "first": first}, None)
        self._record("FC-P6", "conquerors", {"players": list(queue)}, None)
        self.queue = queue
        last = self.game.rules.penalised(order)  # FC-P7 rule point
        self.penalised = last if 0 <= last < n else -1
        if self.game.penalty_timing == "end_of_round":
            # FC-P7 at the round's end: the last hand of the round's final race pays, once; this
            # race's last hand is that player unless another race follows (``marks``: one seat)
            marks = self.marks
            for p in range(n):
                marks[p] = 0
            if self.penalised >= 0:
                marks[last] = 1
            self.penalised = -1
        self.hand_in_round += 1
        self.stats["hands"] += 1
        self._next_conqueror()

    # ------------------------------------------------------------------ conquest
    def _next_conqueror(self) -> None:
        self.held = []
        self.flipped = []
        if not self.queue:
            self._penalty()
            return
        self.actor = self.queue.pop(0)
        if self.game.memory:
            self._continue_flipping()
        else:
            self._draw_for(self.actor)

    def _draw_for(self, player: int) -> None:
        """FC-P6: take the top card of the conquest deck (a chance node if nobody knows it)."""
        self.actor = player
        if not self.deck:
            self._record("FC-P6", "conquest_deck_empty", {"player": player}, None)
            self._next_conqueror()
            return
        top = self.deck[0]
        if top == UNKNOWN:
            self.phase = P_DRAW
            return
        self.deck.pop(0)
        self._receive(player, top)

    def _drawn(self, card: int) -> None:
        self.pool.remove(card)
        if self.game.memory:
            self.grid[self.flip_slot] = card
            self._revealed(self.flip_slot)
            return
        self.deck.pop(0)
        self._receive(self.actor, card)

    def _receive(self, player: int, card: int) -> None:
        if self.game.types[card] == C.EVENT:
            self.stats["events"] += 1
            self.inserts.append(card)
            self._record("FC-P6", "event_played", {"player": player, "card": card}, None)
            self.phase = P_EVENT
            return
        self.conquered[player].append(card)
        self._record("FC-P6", "conquered",
                     {"player": player, "card": card, "type": C.TYPES[self.game.types[card]]}, None)
        self._next_conqueror()

    def _can_swap(self, player: int) -> bool:
        return bool(self.conquered[player]) and any(
            self.conquered[q] for q in range(self.n) if q != player)

    def _swap(self, player: int, mine: int, theirs: int) -> None:
        """FC-P6 Event: swap one of your conquered cards with an opponent's."""
        owner = next(q for q in range(self.n) if theirs in self.conquered[q])
        a, b = self.conquered[player], self.conquered[owner]
        a[a.index(mine)] = theirs
        b[b.index(theirs)] = mine
        self.stats["swaps"] += 1
        self._record("FC-P6", "event_swap",
                     {"player": player, "opponent": owner, "gave": mine, "took": theirs}, None)
        self._next_conqueror()

    def _penalty(self) -> None:
        """FC-P7: the last hand returns a conquered card of their choice; none: void."""
        p = self.penalised
        if p < 0:
            self._finish_hand()
            return
        if not self.conquered[p]:
            self.stats["void_penalties"] += 1
            self._record("FC-P7", "penalty_void", {"player": p}, None)
            self._finish_hand()
            return
        self.phase = P_PENALTY
        self.actor = p

    def _settle_marks(self) -> bool:
        """FC-P7 at the end of a round (``penalty_timing="end_of_round"``): the player whose hand
        landed last in the round's final race (the one seat ``marks`` names) returns a conquered
        card of their choice; with none, the penalty is void.

        Returns True when that player must now choose the card.
        """
        for p in range(self.n):
            if self.marks[p] and not self.conquered[p]:
                self.marks[p] = 0
                self.stats["void_penalties"] += 1
                self._record("FC-P7", "penalty_void", {"player": p, "at": "round_end"}, None)
            elif self.marks[p]:
                self.phase = P_PENALTY
                self.actor = p
                self.penalised = p
                return True
        return False

    def _give_back(self, player: int, card: int) -> None:
        """FC-P7: the penalised player's chosen card goes back into the middle of the conquest
        deck (``reinsert``; memory proposal: an empty grid place). At the round's end
        (``penalty_timing="end_of_round"``) it goes back into the covered deck too, but the round
        is over (FC-E1): nobody draws it again, and the round's result is decided without it."""
        self.conquered[player].remove(card)
        self.penalties[player] += 1
        self.stats["returned"] += 1
        self._record("FC-P7", "penalty", {"player": player, "card": card}, None)
        if self.marks[player]:
            self.marks[player] = 0
            if self.game.memory:
                self.grid.append(card)
            else:
                self.deck.insert(len(self.deck) // 2, card)
            self._record("FC-P7", "put_back_after_the_round", {"player": player, "card": card}, None)
            self._end_round()
            return
        if self.game.memory:
            slot = self.grid.index(EMPTY) if EMPTY in self.grid else len(self.grid)
            if slot == len(self.grid):
                self.grid.append(card)
            else:
                self.grid[slot] = card
            self._record("AMB-FC-3", "penalty_card_to_grid", {"card": card, "slot": slot}, None)
        else:
            self.inserts.append(card)
        self._finish_hand()

    def _insert_clause(self, card: int) -> str:
        return "FC-P6" if self.game.types[card] == C.EVENT else "FC-P7"

    def _finish_hand(self) -> None:
        """Put Events and penalty cards back into the deck, then the next hand (FC-P8)."""
        rule = self.game.reinsert
        while self.inserts:
            if rule in ("random_middle", "anywhere"):
                self.phase = P_INSERT
                self.actor = -1
                return
            card = self.inserts.pop(0)
            pos = len(self.deck) // 2 if rule == "middle" else len(self.deck)
            self.deck.insert(pos, card)
            self._record(self._insert_clause(card), "reinserted", {"card": card, "position": pos}, None)
        self._start_hand()

    # ------------------------------------------------------------------ memory proposal
    def _continue_flipping(self) -> None:
        if any(c != EMPTY and s not in self.flipped for s, c in enumerate(self.grid)):
            self.phase = P_FLIP
        else:
            self._record("AMB-FC-3", "nothing_to_flip", {"player": self.actor}, None)
            self._next_conqueror()

    def _flip(self, slot: int) -> None:
        self.flipped.append(slot)
        self.stats["flips"] += 1
        if self.grid[slot] == UNKNOWN:
            self.flip_slot = slot
            self.phase = P_DRAW
            return
        self._revealed(slot)

    def _revealed(self, slot: int) -> None:
        """AMB-FC-3 proposal: a flipped card is seen by all; a pair of one type is conquered."""
        card = self.grid[slot]
        types = self.game.types
        self._record("AMB-FC-3", "flipped", {"player": self.actor, "slot": slot, "card": card}, None)
        if types[card] == C.EVENT:
            self.stats["events"] += 1
            self._record("FC-P6", "event_played", {"player": self.actor, "card": card}, None)
            self.phase = P_EVENT
            return
        self.held.append(slot)
        if len(self.held) < 2:
            self._continue_flipping()
            return
        a, b = (self.grid[s] for s in self.held)
        if types[a] == types[b]:
            self.conquered[self.actor].extend((a, b))
            for s in self.held:
                self.grid[s] = EMPTY
            self._record("AMB-FC-3", "pair_conquered", {"player": self.actor, "cards": [a, b]}, None)
        else:
            self._record("AMB-FC-3", "no_pair", {"player": self.actor, "cards": [a, b]}, None)
        self._next_conqueror()

    # ================================================================== full state and copies
    def full_state(self) -> dict[str, Any]:
        records = self._pass_records()
        return {
            "phase": PHASES[self.phase], "actor": self.actor, "round": self.round_no,
            "hand_in_round": self.hand_in_round, "passes": self.passes,
            "hands": [list(h) for h in self._hands], "speed_left": list(self.speed_left),
            "deal_to": self.deal_to, "deck": list(self.deck), "pool": list(self.pool),
            "grid": list(self.grid), "conquered": [list(c) for c in self.conquered],
            "past": [list(c) for c in self.past], "round_wins": list(self.round_wins),
            "closers": list(self.closers), "race": self._last_race(), "queue": list(self.queue),
            "penalised": self.penalised, "inserts": list(self.inserts),
            "flipped": list(self.flipped), "held": list(self.held), "flip_slot": self.flip_slot,
            "my_passes": records[0], "my_receipts": records[1],
            "stats": dict(self.stats), "hands_per_round": list(self.hands_per_round),
            "penalties": list(self.penalties), "forgot": list(self.forgot), "marks": list(self.marks),
            "winners": list(self.final_winners),
        }

    def resample_hidden(self, player: int, rng: Any) -> FiemmeCembraState:
        """Other hands and hidden deck positions redrawn (see
        :mod:`lab.games.fiemme_cembra.information`)."""
        from lab.games.fiemme_cembra.information import resample_hidden

        return resample_hidden(self, player, rng)

    def clone(self) -> FiemmeCembraState:
        new = self.__class__.__new__(self.__class__)
        new.game = self.game
        new._frozen_to = self._frozen_to
        new._history = list(self._history)
        new._events = list(self._events)
        new.n, new.phase, new.actor, new.round_no = self.n, self.phase, self.actor, self.round_no
        new.hand_in_round, new.passes, new.deal_to = self.hand_in_round, self.passes, self.deal_to
        new.race, new.penalised, new.flip_slot = self.race, self.penalised, self.flip_slot
        hand_lists = self._hand_lists
        new._hand_lists = None if hand_lists is None else [list(h) for h in hand_lists]
        new.hkeys = None if self.hkeys is None else list(self.hkeys)
        new.speed_left = list(self.speed_left)
        new.deck, new.pool, new.grid = list(self.deck), list(self.pool), list(self.grid)
        new.round_wins, new.closers, new.queue = list(self.round_wins), list(self.closers), list(self.queue)
        new.inserts, new.flipped, new.held = list(self.inserts), list(self.flipped), list(self.held)
        new.hands_per_round, new.penalties = list(self.hands_per_round), list(self.penalties)
        new.forgot, new.marks, new.final_winners = list(self.forgot), list(self.marks), list(self.final_winners)
        new.conquered = [list(x) for x in self.conquered]
        new.past = [list(x) for x in self.past]
        new._plog = list(self._plog)
        new._records = None if self._records is None else self._pass_records()
        new.stats = dict(self.stats)
        new.stopped_by = self.stopped_by  # FC-E1: a match cut by hand_limit stays unfinished in its clones
        return new


_OWN_LEGAL = FiemmeCembraState._legal_actions
_OWN_APPLY = FiemmeCembraState._apply_actions
