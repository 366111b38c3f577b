"""Fiemme–Cembra state fields and views: results and measures, observations, explanations.

The lowest of the state's layers, each a base class of the next (compiled with them,
:mod:`lab.native`, a class has one base class, so the layers are bases, not mixins):
:class:`StateViews` (the fields, declared once, and the read-only views) <- :mod:`.rounds` <-
:mod:`.passing` <- :mod:`.conquest` <- :class:`~lab.games.fiemme_cembra.state.FiemmeCembraState`.
The drawing is the game's presentation (:mod:`.render`), handed a state.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

import lab.games.fiemme_cembra.components as C
from lab.core.actions import Action
from lab.core.frozen import FrozenDict, freeze
from lab.core.state import State
from lab.games.fiemme_cembra.rules import MS_MAX, SECONDS

P_DEAL, P_PASS, P_SLAP, P_DRAW, P_EVENT, P_PENALTY, P_INSERT, P_FLIP, P_OVER, P_SWAP = range(10)
PHASES = ("deal", "pass", "slap", "draw", "event", "penalty", "insert", "flip", "over", "swap")
EMPTY, UNKNOWN = -2, -1


@mypyc_attr(allow_interpreted_subclasses=True)
class StateViews(State):
    """The fields of a Fiemme–Cembra state (set in :class:`FiemmeCembraState.__init__
    <lab.games.fiemme_cembra.state.FiemmeCembraState>`) and its read-only views."""

    n: int
    phase: int
    actor: int
    round_no: int
    hand_in_round: int
    passes: int
    penalised: int
    deck: list[int]
    pool: list[int]
    grid: list[int]
    conquered: list[list[int]]
    past: list[list[int]]
    round_wins: list[int]
    closers: list[int]
    race: dict[str, Any] | None
    flipped: list[int]
    stats: dict[str, int]
    hands_per_round: list[int]
    penalties: list[int]
    forgot: list[int]
    marks: list[int]
    final_winners: list[int]
    #: each player's hand as counts per type (read through ``_hands``); None: to be decoded
    #: from the keys (a keyed pass moves only the keys)
    _hand_lists: list[list[int]] | None
    #: each hand's key (:mod:`.hands`), in step with ``_hands``; None: a hand has none
    hkeys: list[int] | None
    speed_left: list[int]
    deal_to: int
    queue: list[int]
    inserts: list[int]
    held: list[int]
    flip_slot: int
    #: this hand's passes (FC-P2/FC-P3): each pass's discards by seat, from which every
    #: seat's record of what it passed and received derives (see ``my_passes``) ...
    _plog: list[tuple[Action, ...]]
    #: ... or the records themselves, ``(my_passes, my_receipts)``, once handed out for
    #: editing, set, or when a pass table is no permutation; None: they derive from the log
    _records: tuple[list[list[int]], list[list[int]]] | None

    def _last_race(self) -> dict[str, Any] | None:
        """The last slap race (FC-P5), read-only: frozen in place the first time it is handed out."""
        race = self.race
        if race is not None and type(race) is not FrozenDict:
            self.race = race = freeze(race)
        return race

    # ================================================================== results
    def returns(self) -> list[float]:
        if self.phase != P_OVER:
            return [0.0] * self.n
        return [1.0 if p in self.final_winners else 0.0 for p in range(self.n)]

    def winners(self) -> list[int]:
        return list(self.final_winners) if self.phase == P_OVER else []

    def decided_by(self) -> str:
        """The rule that decided the match: FC-E2 (a sole player with the complete set), FC-E3
        (the tie-break) or AMB-FC-2 (the most round wins, ``between_rounds="round_wins"``);
        ``""`` for a match that has not ended by the rules."""
        if self.phase != P_OVER:
            return ""
        events: list[Any] = list(self._events)  # typed for mypyc (it cannot loop over reversed(Any))
        for i in range(len(events) - 1, -1, -1):
            if events[i][1] == "match_winners":
                return str(events[i][0])
        return ""

    def total_conquered(self) -> list[int]:
        return [len(self.past[p]) + len(self.conquered[p]) for p in range(self.n)]

    def progress(self) -> list[float]:
        """Cards conquered so far (all rounds)."""
        return [float(x) for x in self.total_conquered()]

    def estimated_minutes(self) -> float:
        """Time model: seconds per deal, pass, race, Event, penalty and flip (rules.SECONDS)."""
        s = self.stats
        secs = (s["deals"] * SECONDS["deal"] + s["passes"] * SECONDS["pass"] + s["races"] * SECONDS["race"]
                + s["events"] * SECONDS["event"] + sum(self.penalties) * SECONDS["penalty"]
                + s["flips"] * SECONDS["flip"])
        return secs / 60.0

    def metrics(self) -> dict[str, float]:
        """Per-match measures. ``cards_returned``: FC-P7 penalty cards put back into the deck
        (after every race, or at each round's end: ``penalty_timing``)."""
        s = self.stats
        rounds = max(1, len(self.hands_per_round))
        out: dict[str, float] = {
            "hands_per_round": s["hands"] / rounds,
            "passes_per_hand": s["passes"] / max(1, s["hands"]),
            "voided_hands": float(s["voided_hands"]),
            "events_played": float(s["events"]),
            "event_swaps": float(s["swaps"]),
            "void_penalties": float(s["void_penalties"]),
            "penalties": float(sum(self.penalties)),
            "cards_returned": float(s["returned"]),
            "forgot_shout": float(sum(self.forgot)),
            "minutes_per_round": self.estimated_minutes() / rounds,
        }
        totals = self.total_conquered()
        for p in range(self.n):
            out[f"conquered_{p}"] = float(totals[p])
            out[f"penalties_{p}"] = float(self.penalties[p])
        return out

    # ================================================================== views
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def non_events_left(self) -> int:
        """Emotion and lodging cards still in the conquest deck or grid (public by counting)."""
        ne = self.game.non_event
        known = self.grid if self.game.memory else self.deck
        return sum(map(ne.__getitem__, self.pool)) + sum([ne[c] for c in known if c >= 0])

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know: own hand and passes, everything face up, deck size only."""
        obs: dict[str, Any] = {
            "phase": PHASES[self.phase], "round": self.round_no, "hand": self.hand_in_round,
            "passes": self.passes, "actor": self.actor, "players": self.n,
            "next_direction": self.game.pass_names[self.passes % len(self.game.pass_tables)],
            "conquered": [list(c) for c in self.conquered],
            "past": [list(c) for c in self.past], "round_wins": list(self.round_wins),
            "deck_size": len(self.deck) if not self.game.memory else sum(c != EMPTY for c in self.grid),
            "non_events_left": self.non_events_left(),
            "closers": list(self.closers) if self.phase != P_PASS else [],
            "last_race": self._last_race(), "penalised": self.penalised if self.phase == P_PENALTY else -1,
            "winners": list(self.final_winners), "penalty_marks": list(self.marks),
        }
        if self.game.memory:
            # AMB-FC-3 proposal: every flipped card was seen by all; unknown places are -1
            obs["grid"] = list(self.grid)
            obs["flipped"] = list(self.flipped)
        if player is not None:
            obs["me"] = player
            state: Any = self  # (the FiemmeCembraState: its hands and pass records are its own)
            obs["my_hand"] = list(state.hands[player])
            obs["my_passes"] = state.passes_of(player)
            obs["my_receipts"] = state.receipts_of(player)
            obs["pass_to"] = self.game.pass_tables[self.passes % len(self.game.pass_tables)][player]
        return obs

    def explain_illegal(self, player: int, action: Action) -> str | None:
        ph = self.phase
        kind = action.kind
        if kind in ("deal", "draw", "insert_at"):
            return "deal, draw and insert_at are chance outcomes, not player moves"
        if ph == P_PASS:
            if kind != "discard":
                return "everyone is choosing a card to discard (FC-P2); only discard(type) is legal"
            t = action.args[0] if len(action.args) == 1 else None
            if type(t) is not int or not 0 <= t < C.HAND_TYPES:
                return f"discard takes one card type 0..{C.HAND_TYPES - 1} ({', '.join(C.TYPES[:5])})"
            return f"you hold no {C.TYPES[t]} card (FC-P2)"
        if ph == P_SLAP:
            if kind != "slap":
                return "the slap race is on (FC-P5): only slap(ms, shout) is legal"
            if action.args[1] and player not in self.closers:
                return "only a player who closed shouts (FC-P4); slap with shout=False"
            return f"ms must be 0..{MS_MAX} in steps of 10"
        if player != self.actor:
            return f"player {self.actor} is to act ({PHASES[ph]})"
        if ph == P_EVENT:
            return ("Event (FC-P6): event_draw, or event_swap_choose when you and an opponent both have "
                    "conquered cards")
        if ph == P_SWAP:
            return "Event swap (FC-P6): event_swap(one of your conquered cards, an opponent's conquered card)"
        if ph == P_PENALTY:
            return "penalty (FC-P7): give_back one of your own conquered cards"
        if ph == P_FLIP:
            return "memory proposal: flip a grid place that is not empty and not flipped this turn"
        return None

    def describe_action(self, action: Action) -> str:
        try:
            self.game.action_to_int(action)
        except ValueError:
            return str(action)
        k, a = action.kind, action.args
        names = C.TYPES
        if k == "deal":
            comp = C.COMPOSITIONS[int(a[0])]
            return "deal " + ", ".join(f"{n} {names[t]}" for t, n in enumerate(comp) if n)
        if k == "discard":
            return f"discard a {names[int(a[0])]} card"
        if k == "slap":
            return f"slap after {a[0]} ms" + (" shouting 'Fiemme!'" if a[1] else "")
        if k in ("draw", "give_back"):
            c = int(a[0])
            what = names[self.game.types[c]] if 0 <= c < self.game.n_cards else "?"
            return f"{'draw' if k == 'draw' else 'give back'} card {c} ({what})"
        if k == "event_swap":
            return f"Event: swap your card {a[0]} for card {a[1]}"
        if k == "event_swap_choose":
            return "Event: swap a conquered card"
        if k == "event_draw":
            return "Event: draw another card"
        if k == "flip":
            return f"flip grid place {a[0]}"
        return str(action)
