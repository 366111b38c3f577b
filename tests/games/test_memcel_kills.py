"""Memcel: more tests written against surviving mutants (``make mutants GAME=memcel``).

The first set is in ``test_memcel_mutants.py``. Each test here checks a rule or a public view
exactly, through the public API (actions, events, observations, the board graph, messages), so
that a planted wrong rule fails it; each stays a few milliseconds.
"""

from __future__ import annotations

import pytest
from test_memcel_rules import to_hunt

from lab import act


# ------------------------------------------------------------------ MC-2.1.1 the declared x
@pytest.mark.parametrize(("reading", "roll", "xs"), [
    ("strict", 1, []), ("strict", 2, [1]), ("strict", 5, [1, 2, 3, 4]),
    ("inclusive", 1, [1]), ("inclusive", 4, [1, 2, 3, 4]),
])
def test_MC_2_1_1_legal_x_after_a_roll(reading: str, roll: int, xs: list[int]) -> None:
    st = to_hunt(players=2, reveal_limit=reading)
    st.apply_action(act("attack"))
    st.apply_action(act("d8", roll))
    if not xs:  # no x < 1: a void attack, the turn goes on to its card
        assert st.is_chance_node() and not any(e.kind == "declare_x" for e in st.events)
        return
    assert sorted(a.args[0] for a in st.legal_actions()) == xs
