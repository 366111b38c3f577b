"""The variant editor: generated from parameter_specs() only, validated inline, starts games."""

from __future__ import annotations

from typing import Any, ClassVar

import ipywidgets as w
import pytest
from test_widgets_kit import ToyGame, register_toy

import lab
from lab.core.params import Params, ParamSpec, thaw
from widgets import Play, VariantEditor

CONTROL = {"bool": w.Checkbox, "choice": w.Dropdown, "json": w.Textarea, "int": w.Text, "float": w.Text}


def all_html(editor: VariantEditor) -> str:
    return " ".join(c.value for c in _walk(editor) if isinstance(c, w.HTML))


def _walk(widget: Any) -> list[Any]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _walk(child)
    return out


def test_one_control_per_parameter_with_doc_and_clauses(game_name: str) -> None:
    cls = lab.game_class(game_name)
    editor = VariantEditor(game_name)
    specs = cls.parameter_specs()
    assert list(editor.controls) == [s.name for s in specs]
    text = all_html(editor)
    for spec in specs:
        assert isinstance(editor.controls[spec.name], CONTROL[spec.kind])
        for clause in spec.clauses:
            assert clause in text
    assert editor.validate() and editor.diff() == {} and not editor.start_button.disabled
    assert "diff from default: none" in editor.diff_box.value
    assert editor.variant() == lab.load(game_name)


def _bad_text(spec: ParamSpec) -> str | None:
    if spec.kind in ("int", "float"):
        return str(spec.maximum + 1) if spec.maximum is not None else "not a number"
    if spec.kind == "json":
        return "{not json"
    return None


def test_bad_values_show_inline_errors_never_a_traceback(game_name: str) -> None:
    editor = VariantEditor(game_name)
    tried = 0
    for spec in editor.specs:
        bad = _bad_text(spec)
        if bad is None:
            continue
        editor.set_text(spec.name, bad)
        assert spec.name in editor.errors, (spec.name, bad)
        shown = editor._error_boxes[spec.name].value
        assert spec.name in shown and "Traceback" not in all_html(editor)
        assert editor.start_button.disabled
        with pytest.raises(lab.InvalidVariant):
            editor.variant()
        assert editor.start() is None
        editor.set_value(spec.name, spec.default)
        assert editor.validate(), editor.errors
        tried += 1
    assert tried > 0 or all(s.kind in ("bool", "choice") for s in editor.specs)


def test_each_coverage_value_shows_in_the_diff_and_a_new_game_follows_it(game_name: str) -> None:
    play = Play(game_name, pace=0)
    editor = play.editor
    changed = 0
    for spec in editor.specs:
        for value in spec.coverage_values()[:2]:
            editor.set_value(spec.name, value)
            if not editor.validate():
                assert editor.variant_error or editor.errors  # a combination the game refuses
                continue
            assert editor.diff() == {spec.name: (thaw(spec.validate(spec.default)), thaw(spec.validate(value)))}
            assert spec.name in editor.diff_box.value
            editor.start()
            assert play.session.game.params[spec.name] == spec.validate(value)
            assert play.state.move_number() >= 0 and play.board.game == game_name
            changed += 1
        editor.set_value(spec.name, spec.default)
    assert changed > 0


class CheckedToy(ToyGame):
    """A toy whose variants have a cross-parameter rule and a structured parameter."""

    PARAMETERS: ClassVar[tuple[ParamSpec, ...]] = (
        *ToyGame.PARAMETERS,
        ParamSpec("even_only", "bool", False, "cells must be even", clauses=("TOY-9",)),
        ParamSpec("weights", "json", [1, 2], "a list of two positive weights", clauses=("TOY-8",),
                  check=lambda v: [1 / (x if x else 0) for x in v] and v),
        ParamSpec("speed", "float", 1.5, "a speed", minimum=0.5, maximum=3.0),
        ParamSpec("mode", "choice", "a", "a mode", choices=("a", "b")),
    )

    def check_variant(self, params: Params) -> None:
        if params["even_only"] and params["cells"] % 2:
            raise lab.InvalidVariant(f"even_only needs an even number of cells, got cells={params['cells']}")


def test_a_new_spec_needs_no_widget_code_and_cross_checks_show_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)
    editor = VariantEditor(CheckedToy)
    assert isinstance(editor.controls["weights"], w.Textarea)
    assert isinstance(editor.controls["speed"], w.Text)
    assert isinstance(editor.controls["mode"], w.Dropdown)
    editor.set_value("cells", 5)
    editor.set_value("even_only", True)
    assert not editor.validate() and "even_only needs an even number" in editor.variant_box.value
    editor.set_text("cells", "6")
    assert editor.validate()
    # a spec's own check failing oddly (division by zero) is shown as text
    editor.set_text("weights", "[0, 1]")
    assert "weights" in editor.errors and "ZeroDivisionError" in editor.errors["weights"]
    assert "Traceback" not in all_html(editor)
    editor.set_value("weights", [3, 4])
    editor.set_text("speed", "2.5")
    editor.set_value("mode", "b")
    assert editor.validate()
    assert editor.params() == {"cells": 6, "even_only": True, "weights": [3, 4], "speed": 2.5, "mode": "b"}
    started: list[Any] = []
    editor.on_start(started.append)
    game = editor.start()
    assert started == [game] and game.params["weights"] == (3, 4)
    assert repr(editor) == (
        'VariantEditor(\'toy\'): cells=6, even_only=true, weights=[3, 4], speed=2.5, mode="b"; 0 error(s)'
    )
    editor.reset()
    assert editor.diff() == {}


def test_editor_fallback_lists_every_parameter(game_name: str) -> None:
    editor = VariantEditor(game_name)
    bundle = editor._repr_mimebundle_()
    for spec in editor.specs:
        assert spec.name in bundle["text/html"]
    assert bundle["text/plain"] == repr(editor) == repr(VariantEditor(game_name))


def test_a_two_field_error_shows_at_the_top_and_beside_both_fields_even_with_another_error() -> None:
    """#19: ring sectors vs tile counts appeared only at the bottom, and not at all with a one-field error."""
    editor = VariantEditor("memcel")
    rings = [{"colour": "red", "sectors": 4}, {"colour": "green", "sectors": 16}, {"colour": "blue", "sectors": 16}]
    editor.set_value("ring_layout", rings)
    assert not editor.validate()
    for name in ("ring_layout", "tile_counts"):
        assert "the board must be exactly covered" in editor._error_boxes[name].value, name
    assert "ring_layout, tile_counts" in editor.top_box.value and "exactly covered" in editor.top_box.value
    assert editor.children.index(editor.top_box) < editor.children.index(editor.variant_box)
    editor.set_text("players", "99")  # a one-field error as well
    assert "players" in editor.errors
    assert "exactly covered" in editor.top_box.value and "players" in editor.top_box.value
    assert "exactly covered" in editor._error_boxes["tile_counts"].value


def test_standalone_editor_start_gives_the_game_a_callback_and_a_message() -> None:
    started: list[Any] = []
    editor = VariantEditor("memm", on_start=started.append)
    assert editor.game is None
    editor.set_text("players", "3")
    game = editor.start()
    assert game is not None and editor.game is game and started == [game]
    assert game.num_players() == 3
    assert "new game of" in editor.done_box.value and "players=3" in editor.done_box.value
    assert editor.top_box.value == editor.done_box.value  # seen wherever the user is looking
    alone = VariantEditor("memm")
    assert alone.start() is alone.game and "play it below" in alone.done_box.value
    assert "editor.game" not in alone.done_box.value


def test_an_editor_on_its_own_starts_a_game_that_plays() -> None:
    """#35 item 11: a valid change in an editor on its own opens a playable game below it."""
    editor = VariantEditor("memm")
    editor.set_text("players", "3")
    game = editor.start()
    assert game is not None and editor.board is not None
    assert list(editor.game_box.children) == [editor.board]
    board = editor.board
    assert board.session.game is game and board.seat == 0
    assert set(board.session.agents) == {1, 2}  # the computer plays every other seat
    assert "you are player 0" in editor.done_box.value
    board.pace = 0
    for _ in range(200):  # click through: the game reaches its end
        if board.finished:
            break
        if board.chosen and board.buttons:
            board.press(0)
        elif board.targets:
            board.click(board.targets[0])
        elif board.buttons:
            board.press(0)
        board.session.run()
        board.refresh()
    assert board.session.state.move_number() > 40
