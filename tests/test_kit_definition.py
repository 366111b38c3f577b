"""Mistakes in a kit definition get typed errors naming the part and what to write; the public
registry (lab.register) works for classes of ``__main__`` and never mixes up two games."""

from __future__ import annotations

from typing import Any

import pytest

import lab
from lab.kit.examples import Pig


def _setup(ctx: Any) -> dict[str, Any]:
    return {"n": 0}


def _end(s: dict[str, Any], ctx: Any) -> int | None:
    return 0 if s["n"] >= 3 else None


def _step(s: dict[str, Any], ctx: Any) -> None:
    s["n"] += 1


def _define(**changes: Any) -> type[lab.Game]:
    parts: dict[str, Any] = {"setup": _setup, "moves": [_step], "end": _end}
    parts.update(changes)
    return lab.define_game("counter", **parts)


def test_a_valid_definition_plays() -> None:
    state = lab.play(_define()(), seed=0)
    assert state.is_terminal() and state.returns() == [1.0, -1.0] and len(state.history()) == 3


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"setup": None}, r"setup must be a function setup\(ctx\)"),
        ({"end": "soon"}, r"end must be a function end\(state, ctx\)"),
        ({"moves": []}, r"moves is empty"),
        ({"moves": [lab.move(name="pick", card=range(0))(lambda s, ctx, card: None)]}, r"domain of 'card' is empty.*range"),
        ({"moves": [lab.move(name="pick", card=())(lambda s, ctx, card: None)]}, r"domain of 'card' is empty"),
        ({"moves": [lab.move(card=range(3))(_step)]}, r"move '_step' takes 2 argument\(s\) but its declaration needs 3: write def _step\(state, ctx, card\)"),
        ({"moves": {"rolled": _step}}, r"'rolled' is reserved for chance outcomes"),
        ({"hidden": {"n": "secret"}}, r"hidden\['n'\] = 'secret'; write 'owner'.*or 'nobody'"),
        ({"setup": lambda ctx: {"n": (1, 2)}}, r"setup: .*state\['n'\] is a tuple.*use a list"),
        ({"setup": lambda ctx: [0]}, r"setup\(ctx\) must return the initial state as a dict"),
        ({"players": 0}, r"players must be a count"),
        ({"moves": [lab.move(name="go", a=range(100), b=range(100), c=range(100))(lambda s, ctx, a, b, c: None)]},
         r"go 100 a x 100 b x 100 c = 1,000,000\).*at most 10,000 are allowed"),
        ({"params": ["target"]}, r"params must be lab.ParamSpec"),
    ],
)
def test_a_definition_error_names_the_part(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(lab.InvalidGame, match=message):
        _define(**changes)


def test_a_non_json_state_after_a_move_is_named_and_the_state_is_unchanged() -> None:
    def spoil(s: dict[str, Any], ctx: Any) -> None:
        s["seen"] = {1, 2}

    state = _define(moves=[spoil])().new_initial_state()
    with pytest.raises(lab.InvalidGame, match=r"counter: move 'spoil': state\['seen'\] is a set.*use a list"):
        state.apply_action(lab.act("spoil"))
    assert state.history() == [] and state.full_state()["data"] == {"n": 0}


def test_a_non_json_state_is_caught_by_the_driver_fast_path_when_the_game_ends() -> None:
    """lab.play skips the per-move JSON check (speed); the final state is still checked."""

    def spoil(s: dict[str, Any], ctx: Any) -> None:
        s["n"] += 1
        s["seen"] = (1, 2)

    with pytest.raises(lab.InvalidGame, match=r"counter: move 'spoil': state\['seen'\] is a tuple.*use a list"):
        lab.play(_define(moves=[spoil])(), seed=0)


@pytest.mark.parametrize("change_first", [True, False])
def test_a_move_with_chance_runs_once_more_from_the_state_before_it(change_first: bool) -> None:
    """The re-run after the outcome starts from the data before the move, whether the move
    changed the data before asking for chance (a fresh copy) or not (the spare copy)."""

    def bump(s: dict[str, Any], ctx: Any) -> None:
        if change_first:
            s["n"] += 1
        s["n"] += ctx.roll(6)

    state = _define(moves=[bump], end=lambda s, ctx: 0 if s["n"] >= 100 else None)().new_initial_state()
    for face in (3, 5):
        state.apply_action(lab.act("bump"))
        assert state.full_state()["data"] == {"n": 0 if face == 3 else 3 + change_first}
        state.apply_action(lab.act("rolled", face))
    assert state.full_state()["data"] == {"n": 8 + 2 * change_first}


def test_a_move_that_raises_is_named_and_leaves_the_state_unchanged() -> None:
    def broken(s: dict[str, Any], ctx: Any) -> None:
        s["n"] += 1
        s["missing"]["x"] = 1

    state = _define(moves=[broken])().new_initial_state()
    with pytest.raises(lab.InvalidGame, match=r"counter: move 'broken' raised KeyError"):
        state.apply_action(lab.act("broken"))
    assert state.history() == [] and state.full_state()["data"] == {"n": 0}


def test_an_options_generator_that_gives_a_non_action_is_named() -> None:
    pick = lab.move(lambda s, ctx, k: _step(s, ctx), name="pick", k=range(3), options=lambda s, ctx: [(1,), (7,)])
    state = _define(moves=[pick])().new_initial_state()
    with pytest.raises(lab.InvalidGame, match=r"options of move 'pick' gave pick\(7\), which is not an action of its domains \(k=range\(0, 3\)\)"):
        state.legal_actions()


def test_an_end_result_that_is_not_a_result_is_named() -> None:
    with pytest.raises(lab.InvalidGame, match=r"end: end\(state, ctx\) must return None.*not 'won'"):
        _define(end=lambda s, ctx: "won")


def test_something_that_is_not_an_action_is_refused() -> None:
    state = _define()().new_initial_state()
    for bad in ["step", ["_step", 1], ["nope"], 10_000]:
        with pytest.raises(lab.IllegalAction):
            state.apply_action(bad)
    state.apply_action(["_step"])
    assert state.full_state()["data"] == {"n": 1}


# ------------------------------------------------------------------ the registry
def _main_class() -> type[lab.Game]:
    """A game class as a notebook makes it: its module is ``__main__``."""
    return type("NotebookPig", (Pig,), {"__module__": "__main__", "name": "notebook_pig"})


def test_register_a_main_class_and_every_game_still_loads() -> None:
    cls = _main_class()
    lab.register(cls)
    try:
        assert "notebook_pig" in lab.game_names()
        for name in lab.game_names():
            assert lab.load(name).name == name
        game = lab.load("notebook_pig", target=20)
        assert type(game) is cls
        state = lab.play(game, seed=1)
        loaded = lab.state_from_json(state.to_json())
        assert type(loaded.game) is cls and loaded == state
    finally:
        lab.unregister("notebook_pig")
    assert "notebook_pig" not in lab.game_names()
    with pytest.raises(lab.InvalidSave, match="unknown game 'notebook_pig'"):
        lab.state_from_json(state.to_json())


def test_a_name_belongs_to_one_class() -> None:
    first, again = _main_class(), _main_class()  # the same notebook cell, run twice
    elsewhere = type("NotebookPig", (Pig,), {"__module__": "my_module", "name": "notebook_pig"})
    lab.register(first)
    try:
        lab.register(again)
        assert lab.game_class("notebook_pig") is again
        with pytest.raises(lab.InvalidGame, match=r"another class .* is registered as 'notebook_pig': pass replace=True"):
            lab.register(elsewhere)
        assert lab.game_class("notebook_pig") is again
        lab.register(elsewhere, replace=True)
        assert lab.game_class("notebook_pig") is elsewhere
    finally:
        lab.unregister("notebook_pig")
    with pytest.raises(lab.InvalidGame, match="'memm' is a built-in game"):
        lab.register(type("Memm2", (Pig,), {"name": "memm"}))
    with pytest.raises(lab.InvalidGame, match="is the game 'pig': register it under that name"):
        lab.register(Pig, "other")
    with pytest.raises(lab.InvalidGame, match="takes a Game subclass"):
        lab.register("pig")


def test_a_save_is_never_rebuilt_as_another_class_of_the_same_name() -> None:
    game = _main_class()(target=20)
    state = lab.play(game, seed=0)
    other = _main_class()(target=20)
    lab.register(type(other))
    try:
        with pytest.raises(lab.InvalidSave, match="not of"):
            lab.state_from_json(state.to_json(), game=lab.load("memcel"))
        assert type(lab.state_from_json(state.to_json(), game=game).game) is type(game)
    finally:
        lab.unregister("notebook_pig")


def test_load_accepts_a_game_class_or_object() -> None:
    assert lab.load(Pig, target=50) == Pig(target=50)
    assert lab.load(Pig(target=50), die=8) == Pig(target=50, die=8)


def test_lint_runs_the_accounting_a_kit_game_declares() -> None:
    from lab.lint import Enough

    def accounting(game: lab.Game) -> list[Enough]:
        deck = game.params["deck"]
        return [Enough("KIT-L1", ("KIT-1",), "cards dealt", 5 * game.num_players(), {"deck": deck})]

    deck = lab.ParamSpec("deck", "int", 12, "Cards in the deck.", minimum=1, maximum=52)
    cls = _define(params=[deck], accounting=accounting, players=(2, 4))
    assert lab.lint(cls(players=2)) == []
    findings = lab.lint(cls(players=3))
    assert [f.id for f in findings] == ["KIT-L1"] and "needs 15" in findings[0].message


def test_options_may_give_bare_values_or_tuples_and_a_bool_is_no_int() -> None:
    def pick(s: dict[str, Any], ctx: Any, k: int) -> None:
        s["n"] += 1

    for options, expected in [
        (lambda s, ctx: [2, 0], [lab.act("pick", 2), lab.act("pick", 0)]),
        (lambda s, ctx: ((k,) for k in (1, 2)), [lab.act("pick", 1), lab.act("pick", 2)]),
        (lambda s, ctx: iter([[0]]), [lab.act("pick", 0)]),
    ]:
        state = _define(moves=[lab.move(pick, k=range(3), options=options)])().new_initial_state()
        assert state.legal_actions() == expected
    state = _define(moves=[lab.move(pick, k=range(3), options=lambda s, ctx: (v for v in [0, True]))])().new_initial_state()
    with pytest.raises(lab.InvalidGame, match=r"options of move 'pick' gave pick\(True\)"):
        state.legal_actions()
