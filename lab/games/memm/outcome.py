"""How a memm game ends for each player (MM-5), and the measures of a finished game.

:class:`MemmOutcome` adds to a position who loses (most cubes, then most different colours,
``colour_tiebreak``), the returns, the winner (the first player out), each seat's progress and
the metrics a simulation table reports. The rule points it calls (``losers``,
``first_out_bonus``) are in :mod:`lab.games.memm.rules`, reached through ``game.rules``.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from lab.games.memm.components import N_CUBES
from lab.games.memm.position import _OVER, MemmPosition


@mypyc_attr(allow_interpreted_subclasses=True)
class MemmOutcome(MemmPosition):
    """A memm position with its end: losers, returns, winners, progress, metrics."""

    def held_colours(self, p: int) -> int:
        """Different colours among ``p``'s cubes (the MM-5 tie-break, ``colour_tiebreak``).

        ``"faces"``: every colour shown on any face of a held cube; ``"cubes"``: the colour of
        each held cube, that is its main colour(s) -- the colours with its highest numeral
        (MM-C2): one for five patterns, all six for the six-colour cube.
        """
        table = self.game.cubes
        if self.game.params["colour_tiebreak"] == "cubes":
            return len({c for cube in self.hands[p] for c in table.main_colours(cube)})
        bodies = table.bodies
        return len({c for cube in self.hands[p] for c in bodies[cube]})

    def losers(self) -> list[int]:
        """MM-5 (rule point): most cubes, then most different colours; all still tied lose."""
        n = len(self.hands)
        cubes = [len(h) for h in self.hands]
        colours = [self.held_colours(p) for p in range(n)]
        return [p for p in self.game.rules.losers(cubes, colours, self.first_out) if 0 <= p < n]

    def returns(self) -> list[float]:
        n = len(self.hands)
        if self.phase != _OVER:
            return [0.0] * n
        out = [0.0] * n
        for p in self.losers():
            out[p] = -1.0
        if self.first_out is not None:
            out[self.first_out] = self.game.rules.first_out_bonus(n)  # MM-5:bonus rule point
        return out

    def winners(self) -> list[int]:
        if self.phase != _OVER or self.first_out is None:
            return []
        return [self.first_out]

    def progress(self) -> list[float] | None:
        share = N_CUBES / len(self.hands)
        return [(share - len(h)) / share for h in self.hands]

    def metrics(self) -> dict[str, float]:
        won = self.first_out is not None and self.first_out == self.start_player
        return {
            "blocked": float(self.blocked),
            "stuck_end": float(self.stuck is not None),
            "start_player": float(self.start_player),
            "start_player_won": float(won),
            "start_player_lost": float(self.start_player in self.losers()),
            "winner_seat_after_start": float(
                -1 if self.first_out is None else (self.first_out - self.start_player) % len(self.hands)
            ),
            "placements": float(self.placements),
            "passes": float(self.passes),
            "gifts": float(self.gifts),
            "repeats": float(self.repeats),
            "declines": float(sum(1 for e in self.events if e.kind == "decline")),
            "max_joined": float(self.max_joined),
            "height": float(max((c[2] for c in self.order), default=-1) + 1),
            "cubes_left": float(sum(len(h) for h in self.hands)),
            "first_out_placement": float(self.first_out_placement),
        }

    def estimated_minutes(self) -> float | None:
        return round(0.4 * self.placements + 0.1 * (self.passes + self.gifts) + 1.0, 2)
