"""Fiemme–Cembra game state: the engine's hooks (who acts, chance outcomes, legal actions,
applying them, the driver's fast paths), the full state and copies.

The top layer of the state (:mod:`.views` <- :mod:`.rounds` <- :mod:`.passing` <-
:mod:`.conquest` <- this): the rules are applied by the layers below. How each rule is
modelled: :mod:`lab.games.fiemme_cembra.rules`. The state reads its game as a
:class:`~lab.games.fiemme_cembra.variant.FiemmeCembraVariant` (parameters and tables); it never
imports its renderer, its hidden-information sampler or its game class (:mod:`.game`
assembles them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

import lab.games.fiemme_cembra.components as C
from lab.core.actions import Action
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, HistoryItem, _new_item
from lab.games.fiemme_cembra.conquest import ConquestRules
from lab.games.fiemme_cembra.hands import DISCARDS, DISCARDS_BY_KEY
from lab.games.fiemme_cembra.passing import SEATS_BY_COUNT
from lab.games.fiemme_cembra.rules import MS_VALUES
from lab.games.fiemme_cembra.variant import FiemmeCembraVariant
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
)

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
class FiemmeCembraState(ConquestRules):
    """One Fiemme–Cembra match in progress. Compiled with the engine (:mod:`lab.native`);
    ``self.game`` is its game, read as a :class:`FiemmeCembraVariant`."""

    def __init__(self, game: FiemmeCembraVariant) -> None:
        super().__init__(game)
        n = game.num_players()
        self.n = n
        self.phase = P_DEAL
        self.actor = -1
        self.round_no = 0
        self.hand_in_round = 0
        self.passes = 0
        self._hand_lists: list[list[int]] | None = [[0] * C.HAND_TYPES for _ in range(n)]
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
        self._plog: list[tuple[Action, ...]] = []  # each pass's discards, in seat order
        self._records: tuple[list[list[int]], list[list[int]]] | None = (
            None if game.pass_sources is not None else ([[] for _ in range(n)], [[] for _ in range(n)]))
        self.stats: dict[str, int] = dict.fromkeys(STAT_KEYS, 0)
        self.hands_per_round: list[int] = []
        self.penalties = [0] * n
        self.forgot = [0] * n
        self.marks = [0] * n
        self.final_winners: list[int] = []
        self._start_round()

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
            return list(SEATS_BY_COUNT[self.n])
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

    def _apply_actions(self, actions: Mapping[int, Action]) -> None:
        if self.phase == P_PASS:
            self._pass(actions)
        else:
            self._race({p: (int(a.args[0]), bool(a.args[1])) for p, a in actions.items()})

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
