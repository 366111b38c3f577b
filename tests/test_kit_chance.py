"""Chance declared up front (``lab.chance``, ``@lab.move(chance=...)``): the chance node comes
before the part that declared it, and the part runs once, with the outcome; a chance call in the
middle of a part still works (the step re-runs), on the checked and on the driver fast path."""

from __future__ import annotations

from typing import Any

import pytest

import lab
from lab.core.state import CHANCE
from lab.kit.examples import Goofspiel, Pig


def _counter(*, calls: list[Any], declared: bool = True, **changes: Any) -> type[lab.Game]:
    """A one-move game: ``add`` adds a die roll to ``n``; ``calls`` records every run of it."""

    def add_declared(s: dict[str, Any], ctx: Any, face: int) -> None:
        calls.append(face)
        s["n"] += face

    def add_inline(s: dict[str, Any], ctx: Any) -> None:
        calls.append(None)
        s["n"] += 1  # changed before the chance call: the re-run must start from the data before
        s["n"] += ctx.roll(6) - 1

    add = lab.move(add_declared, name="add", chance=lambda s, ctx: ctx.roll(6)) if declared else lab.move(add_inline, name="add")
    parts: dict[str, Any] = {
        "setup": lambda ctx: {"n": 0},
        "moves": [add],
        "end": lambda s, ctx: 0 if s["n"] >= 20 else None,
    }
    parts.update(changes)
    return lab.define_game("declared_counter", **parts)


def test_a_declared_chance_comes_first_and_the_move_runs_once_with_its_outcome() -> None:
    calls: list[Any] = []
    state = _counter(calls=calls)().new_initial_state()
    state.apply_action(lab.act("add"))
    assert state.current_player() == CHANCE and calls == []  # the move has not run yet
    assert state.chance_outcomes() == [(lab.act("rolled", f), pytest.approx(1 / 6)) for f in range(1, 7)]
    assert state.full_state()["data"] == {"n": 0} and state.full_state()["pending"]["part"] == 0
    state.apply_action(lab.act("rolled", 4))
    assert calls == [4] and state.full_state()["data"] == {"n": 4} and state.current_player() == 0


def test_a_chance_call_inside_a_move_re_runs_it_and_both_forms_play_the_same_games() -> None:
    inline: list[Any] = []
    declared: list[Any] = []
    for seed in range(3):
        a = lab.play(_counter(calls=inline, declared=False)(), seed=seed)  # driver fast path
        b = lab.play(_counter(calls=declared)(), seed=seed)
        assert a.history() == b.history() and a.returns() == b.returns()
        assert a.full_state()["data"] == b.full_state()["data"]
    assert len(inline) == 2 * len(declared)  # the inline form runs each move twice


def test_two_dice_declared_together_are_two_chance_nodes() -> None:
    def pair(s: dict[str, Any], ctx: Any, dice: tuple[int, int]) -> None:
        s["n"] += dice[0] * 10 + dice[1]

    two = lab.move(pair, chance=lambda s, ctx: (ctx.roll(6), ctx.roll(6)))
    state = _counter(calls=[], moves=[two], end=lambda s, ctx: 0 if s["n"] > 0 else None)().new_initial_state()
    state.apply_action(lab.act("pair"))
    state.apply_action(lab.act("rolled", 3))
    assert state.current_player() == CHANCE and state.full_state()["data"] == {"n": 0}
    state.apply_action(lab.act("rolled", 5))
    assert state.full_state()["data"] == {"n": 35} and state.is_terminal()


def test_GS_2_the_next_prize_is_drawn_after_the_bids_which_run_once() -> None:
    state = Goofspiel(cards=3).new_initial_state()
    state.apply_action(lab.act("drawn", 2))  # prize 3
    state.apply_actions({0: lab.act("bid", 1), 1: lab.act("bid", 2)})
    # the chance node stands between the bids (done) and their resolution (after, waiting)
    assert state.is_chance_node() and state.full_state()["pending"]["part"] == 2
    seen = state.observation(0)["state"]
    assert seen["hands"] == [[2, 3], 2] and seen["scores"] == [0, 0]
    assert state.chance_outcomes() == [(lab.act("drawn", 0), 0.5), (lab.act("drawn", 1), 0.5)]
    state.apply_action(lab.act("drawn", 1))  # prize 2 of the face-down [1, 2]
    seen = state.observation(0)["state"]
    assert seen["scores"] == [0, 3] and seen["prize"] == 2 and seen["prizes"] == [1]
    assert [e.kind for e in state.events] == ["prize"]


def test_a_save_at_a_declared_chance_node_reloads_and_plays_on() -> None:
    game = Goofspiel(cards=4)
    state = game.new_initial_state()
    state.apply_action(lab.act("drawn", 0))
    state.apply_actions({0: lab.act("bid", 4), 1: lab.act("bid", 1)})
    again = lab.state_from_json(state.to_json(), game=game)
    assert again.full_state() == state.full_state()
    for s in (state, again):
        s.apply_action(lab.act("drawn", 0))
    assert again.full_state() == state.full_state()


def test_a_declaration_that_changes_the_state_is_named_and_nothing_changes() -> None:
    def greedy(s: dict[str, Any], ctx: Any) -> int:
        s["n"] += 100  # a declaration may only read the state
        return ctx.roll(6)

    game = _counter(calls=[], moves=[lab.move(lambda s, ctx, face: None, name="add", chance=greedy)])()
    state = game.new_initial_state()
    with pytest.raises(lab.InvalidGame, match=r"move 'add'.*chance declaration changed the state"):
        state.apply_action(lab.act("add"))
    assert state.full_state()["data"] == {"n": 0} and state.history() == []


def test_a_part_with_a_declared_chance_must_take_the_outcome() -> None:
    with pytest.raises(lab.InvalidGame, match=r"move 'add' takes 2 argument\(s\).*def add\(state, ctx, outcome\)"):
        _counter(calls=[], moves=[lab.move(lambda s, ctx: None, name="add", chance=lambda s, ctx: ctx.roll(6))])

    @lab.chance(lambda s, ctx: ctx.roll(6))
    def after(s: dict[str, Any], ctx: Any) -> None:
        pass

    with pytest.raises(lab.InvalidGame, match=r"after takes 2 argument\(s\); write def after\(state, ctx, outcome\)"):
        _counter(calls=[], after=after)


def test_a_derived_move_keeps_the_declared_chance_when_it_takes_the_outcome() -> None:
    def soft_roll(s: dict[str, Any], ctx: Any, face: int) -> None:  # PIG-2 house rule: keep half
        if face == 1:
            s["scores"][ctx.player] += s["turn_total"] // 2
            s["turn_total"] = 0
            ctx.end_turn()
        else:
            s["turn_total"] += face

    soft = Pig.derive("soft_pig", roll=soft_roll)(target=50)
    assert soft.definition.moves[0].chance is Pig.definition.moves[0].chance
    state = soft.new_initial_state()
    for action in [["roll"], ["rolled", 6], ["roll"], ["rolled", 1]]:
        state.apply_action(action)
    assert state.observation(None)["state"]["scores"] == [3, 0]


def test_a_derived_move_brings_its_own_chance_or_none() -> None:
    def careful_roll(s: dict[str, Any], ctx: Any) -> None:  # chance inside the move: no declaration
        face = ctx.roll(ctx.params["die"])
        s["turn_total"] = 0 if face == 1 else s["turn_total"] + face
        if face == 1:
            ctx.end_turn()

    game = Pig.derive("careful_pig", roll=careful_roll)(target=20)
    assert game.definition.moves[0].chance is None
    a, b = lab.play(game, seed=4), lab.play(Pig(target=20), seed=4)
    assert a.history() == b.history() and a.returns() == b.returns()


def test_an_error_on_the_driver_fast_path_leaves_the_state_as_it_was() -> None:
    """The fast path keeps no snapshot: the data is rebuilt from the history after an error."""

    def fragile(s: dict[str, Any], ctx: Any, face: int) -> None:
        s["n"] += face
        if s["n"] > 6:
            s["missing"]["x"] = 1

    game = _counter(calls=[], moves=[lab.move(fragile, chance=lambda s, ctx: ctx.roll(6))])()
    state = game.new_initial_state()
    for action in (lab.act("fragile"), lab.act("rolled", 5), lab.act("fragile")):
        state._apply_unchecked(state.current_player(), action)  # what lab.play does
    before = state.full_state()
    with pytest.raises(lab.InvalidGame, match=r"move 'fragile' raised KeyError"):
        state._apply_unchecked(CHANCE, lab.act("rolled", 3))
    assert state.full_state() == before and len(state.history()) == 3


def test_a_declaration_sees_real_outcomes_only_and_may_fail_or_loop_before_them() -> None:
    """Until its outcomes are recorded a declaration's result is not used: code that would fail
    (or loop for ever) on a stand-in value still just declares its chance node."""

    def until_six(s: dict[str, Any], ctx: Any) -> int:
        rolls = 1
        while ctx.roll(6) != 6:  # re-rolled until a six: one chance node per roll
            rolls += 1
        return rolls

    def tenth(s: dict[str, Any], ctx: Any) -> int:
        return 10 // (ctx.roll(6) - 1)  # a stand-in 1 would divide by zero; the real 3 gives 5

    def add(s: dict[str, Any], ctx: Any, value: int) -> None:
        s["n"] += value

    for declare, faces, n in ((until_six, [2, 5, 6], 3), (tenth, [3], 5)):
        game = _counter(calls=[], moves=[lab.move(add, chance=declare)], end=lambda s, ctx: 0 if s["n"] else None)()
        state = game.new_initial_state()
        state.apply_action(lab.act("add"))
        for face in faces:
            assert state.current_player() == CHANCE and state.full_state()["data"] == {"n": 0}
            state.apply_action(lab.act("rolled", face))
        assert state.full_state()["data"] == {"n": n} and state.is_terminal()
