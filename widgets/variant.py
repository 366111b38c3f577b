"""The variant editor: a form generated from ``game.parameter_specs()`` and nothing else.

One control per parameter (chosen by its kind), with its doc, allowed values and clause IDs;
every edit is validated at once with the spec's own ``validate`` and then the game's
cross-parameter ``check_variant``; errors appear beside the control as text, never as a
traceback. An error involving several fields (the game's ``check_variant``) is shown at the top
of the form and beside every field it names, even while another field has its own error (the
combination is then checked with that field at its default). A "diff from default" table lists
what the variant changes; the start button builds the game (``editor.game``) and starts it:
inside :class:`~widgets.Play` (an ``on_start`` callback) the board above plays it; an editor on
its own opens a :class:`~widgets.Board` of that game right below the form (you in seat 0, the
computer in the others), so a valid change always leads to a game. It confirms in words beside
the button and at the top. A new or changed ``ParamSpec`` needs no code here.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as w

import lab
from lab.core.game import Game
from lab.core.params import ParamSpec, freeze, thaw
from widgets._repr import bundle, fallback_html
from widgets.board import DEFAULT_AGENT, Board


def _text(value: Any) -> str:
    return json.dumps(thaw(value)) if not isinstance(value, str) else json.dumps(value)


def _validated_default(spec: ParamSpec) -> Any:
    """The default as validation normalises it (a ``check`` may fill in optional fields)."""
    try:
        return spec.validate(spec.default)
    except Exception:  # noqa: BLE001 - a broken default is compared as written
        return freeze(spec.default)


class VariantEditor(w.VBox):
    """Edit a game's parameters; start a game under the edited variant.

    Parameters
    ----------
    game : str or Game class
        The game whose ``parameter_specs()`` generate the form.
    values : dict, optional
        Starting values (default: every parameter's default).
    on_start : callable, optional
        Called with the new :class:`Game` when the start button is pressed.
    """

    def __init__(
        self,
        game: str | type[Game],
        values: dict[str, Any] | None = None,
        on_start: Callable[[Game], Any] | None = None,
        **kwargs: Any,
    ) -> None:
        self.game_cls = lab.game_class(game) if isinstance(game, str) else game
        self.specs: tuple[ParamSpec, ...] = tuple(self.game_cls.parameter_specs())
        self._callbacks: list[Callable[[Game], Any]] = [on_start] if on_start else []
        self._defaults = {s.name: _validated_default(s) for s in self.specs}
        self.controls: dict[str, w.ValueWidget] = {}
        self.errors: dict[str, str] = {}
        self.variant_error = ""
        self._error_boxes: dict[str, w.HTML] = {}
        self.game: Game | None = None  # the game the start button built last
        self.top_box = w.HTML("")  # errors of the whole form and the confirmation, at the top
        self.top_box.add_class("rl-editor-top")
        self.done_box = w.HTML("")  # the confirmation beside the start button
        self.done_box.add_class("rl-editor-done")
        rows = []
        for spec in self.specs:
            control = self._control(spec)
            self.controls[spec.name] = control
            err = w.HTML("", layout=w.Layout(min_height="0"))
            err.add_class("rl-param-error")
            self._error_boxes[spec.name] = err
            clauses = ", ".join(spec.clauses) or "—"
            info = w.HTML(
                f"<small>{html.escape(spec.doc)}<br><i>allowed:</i> {html.escape(spec.allowed())}"
                f" · <i>default:</i> <code>{html.escape(_text(spec.default))}</code>"
                f" · <i>clauses:</i> {html.escape(clauses)}</small>"
            )
            rows.append(w.VBox([control, info, err], layout=w.Layout(margin="0 0 6px 0")))
            control.observe(self._on_change, names="value")
        self.variant_box = w.HTML("")
        self.diff_box = w.HTML("")
        self.start_button = w.Button(description="New game with this variant", button_style="success",
                                     layout=w.Layout(width="auto"))
        self.start_button.on_click(lambda _b: self.start())
        self.reset_button = w.Button(description="Reset to defaults", layout=w.Layout(width="auto"))
        self.reset_button.on_click(lambda _b: self.reset())
        header = w.HTML(f"<b>Variant of {html.escape(self.game_cls.title or self.game_cls.name)}</b>")
        self.board: Board | None = None  # the game an editor on its own started
        self.game_box = w.VBox([])  # where that game is shown
        self.game_box.add_class("rl-editor-game")
        super().__init__(
            [header, self.top_box, *rows, self.variant_box, self.diff_box,
             w.HBox([self.start_button, self.reset_button, self.done_box]), self.game_box],
            **kwargs,
        )
        if values:
            for name, value in values.items():
                self.set_value(name, value)
        self.validate()

    # ------------------------------------------------------------------ controls by kind
    def _control(self, spec: ParamSpec) -> w.ValueWidget:
        desc = spec.name
        style = {"description_width": "initial"}
        if spec.kind == "bool":
            return w.Checkbox(value=bool(spec.default), description=desc, style=style, indent=False)
        if spec.kind == "choice":
            options = [(_text(c) if not isinstance(c, str) else c, i) for i, c in enumerate(spec.choices or ())]
            index = next((i for i, c in enumerate(spec.choices or ()) if c == freeze(spec.default)), 0)
            return w.Dropdown(options=options, value=index, description=desc, style=style)
        if spec.kind == "json":
            return w.Textarea(value=_text(spec.default), description=desc, style=style,
                              layout=w.Layout(width="95%", height="4em"))
        return w.Text(value=_text(spec.default), description=desc, style=style, continuous_update=False)

    def _raw(self, spec: ParamSpec) -> Any:
        """The control's value as Python data (may raise InvalidVariant for bad text)."""
        value = self.controls[spec.name].value
        if spec.kind == "bool":
            return bool(value)
        if spec.kind == "choice":
            return (spec.choices or ())[int(value)]
        return spec.parse_text(str(value))

    def _spec(self, name: str) -> ParamSpec:
        spec = next((s for s in self.specs if s.name == name), None)
        if spec is None:
            raise KeyError(f"no parameter {name!r}; parameters: {', '.join(s.name for s in self.specs)}")
        return spec

    def set_value(self, name: str, value: Any) -> None:
        """Set a control to a Python value (JSON-encoded into text fields)."""
        spec = self._spec(name)
        control = self.controls[name]
        if spec.kind == "choice":
            matches = [i for i, c in enumerate(spec.choices or ()) if c == freeze(value)]
            if not matches:
                raise KeyError(f"{value!r} is not a choice of {name}: {spec.allowed()}")
            control.value = matches[0]
        elif spec.kind == "bool":
            control.value = bool(value)
        else:
            control.value = _text(value)

    def set_text(self, name: str, text: str) -> None:
        """Type ``text`` into a number or JSON field, as a user would."""
        spec = self._spec(name)
        if spec.kind in ("bool", "choice"):
            raise KeyError(f"{name} is a {spec.kind} control: use set_value")
        self.controls[name].value = text

    # ------------------------------------------------------------------ validation
    def _on_change(self, _change: Any) -> None:
        self.validate()

    def validate(self) -> bool:
        """Check every control and the combination; show errors inline. True if valid."""
        self.errors = {}
        values: dict[str, Any] = {}
        for spec in self.specs:
            try:
                values[spec.name] = spec.validate(self._raw(spec))
            except lab.InvalidVariant as exc:
                self.errors[spec.name] = str(exc)
            except Exception as exc:  # noqa: BLE001 - a spec's own check may fail oddly
                self.errors[spec.name] = f"parameter {spec.name!r}: {type(exc).__name__}: {exc}"
        self.variant_error = ""
        self._game: Game | None = None
        combined = values if not self.errors else {**{k: self._defaults[k] for k in self.errors}, **values}
        try:
            game = self.game_cls({k: thaw(v) for k, v in combined.items()})
        except lab.InvalidVariant as exc:
            self.variant_error = str(exc)
        except Exception as exc:  # noqa: BLE001 - never a traceback in the form
            self.variant_error = f"the game rejected this variant: {type(exc).__name__}: {exc}"
        else:
            if not self.errors:
                self._game = game
        ok = self._game is not None
        # The button first: the browser gets the messages in order, so whoever sees an error
        # message on the page already finds the start button disabled (never the other way round).
        self.start_button.disabled = not ok
        involved = self.fields_named(self.variant_error)
        for name, box in self._error_boxes.items():
            msgs = [m for m in (self.errors.get(name, ""),
                                self.variant_error if name in involved else "") if m]
            box.value = "".join(f'<div style="color:#b71c1c">⚠ {html.escape(m)}</div>' for m in msgs)
        self.variant_box.value = (
            f'<div style="color:#b71c1c"><b>variant not valid:</b> {html.escape(self.variant_error)}</div>'
            if self.variant_error else ""
        )
        problems = [f"<b>{html.escape(k)}</b>: {html.escape(v)}" for k, v in self.errors.items()]
        if self.variant_error:
            fields = ", ".join(involved) or "several fields"
            problems.append(f"<b>{html.escape(fields)}</b> together: {html.escape(self.variant_error)}")
        self.top_box.value = (
            '<div style="color:#b71c1c;border-left:4px solid #b71c1c;padding:2px 6px">'
            f"<b>{len(problems)} problem(s) — fix them to start a game:</b><br>" + "<br>".join(problems)
            + "</div>" if problems else ""
        )
        if problems:
            self.done_box.value = ""
        self._values = values
        self.diff_box.value = self._diff_html()
        return ok

    def diff(self) -> dict[str, tuple[Any, Any]]:
        """``name -> (default, value)`` for every valid value that differs from its default."""
        out = {}
        for spec in self.specs:
            default = self._defaults[spec.name]
            if spec.name in self._values and self._values[spec.name] != default:
                out[spec.name] = (thaw(default), thaw(self._values[spec.name]))
        return out

    def _diff_html(self) -> str:
        diff = self.diff()
        if not diff:
            return "<i>diff from default: none (the proposed default rules)</i>"
        rows = "".join(
            f"<tr><td><code>{html.escape(k)}</code></td><td>{html.escape(_text(a))}</td>"
            f"<td>→ <b>{html.escape(_text(b))}</b></td></tr>"
            for k, (a, b) in diff.items()
        )
        return f"<b>diff from default</b><table class='rl-diff'>{rows}</table>"

    def fields_named(self, message: str) -> list[str]:
        """The parameters a (cross-field) error message names."""
        return [s.name for s in self.specs if message and re.search(rf"\b{re.escape(s.name)}\b", message)]

    def variant(self) -> Game:
        """The edited variant as a Game (lab.InvalidVariant naming the problem if invalid)."""
        if self._game is None:
            problems = [*self.errors.values(), self.variant_error]
            raise lab.InvalidVariant("; ".join(p for p in problems if p) or "variant not valid")
        return self._game

    def params(self) -> dict[str, Any]:
        """The non-default parameters of the edited variant (what ``lab.load`` needs)."""
        return {k: v for k, (_, v) in self.diff().items()}

    # ------------------------------------------------------------------ actions
    def on_start(self, callback: Callable[[Game], Any]) -> None:
        """Register ``callback(game)`` for the start button."""
        self._callbacks.append(callback)

    def start(self) -> Game | None:
        """Start a game under the edited variant (nothing if it is not valid).

        The game is kept as ``editor.game``, handed to every ``on_start`` callback and confirmed
        beside the button and at the top of the form.
        """
        if not self.validate():
            return None
        game = self.variant()
        self.game = game
        for cb in self._callbacks:
            cb(game)
        changed = ", ".join(f"{k}={_text(v)}" for k, v in self.params().items()) or "the default rules"
        name = game.title or game.name
        if self._callbacks:
            text = f"✔ new game of {name} with {changed}: it is on the board now"
        else:
            self.board = Board(game, seat=0, pace=0.4)
            self.game_box.children = [self.board]
            others = game.num_players() - 1
            seats = (f"; the computer ({DEFAULT_AGENT} moves) plays the other {others} seat{'s' if others > 1 else ''}"
                     if others else "")
            text = f"✔ new game of {name} with {changed}: play it below, you are player 0{seats}"
        confirm = f'<span style="color:#1b5e20;font-weight:600">{html.escape(text)}</span>'
        self.done_box.value = confirm
        self.top_box.value = confirm
        return game

    def reset(self) -> None:
        for spec in self.specs:
            self.set_value(spec.name, spec.default)
        self.validate()

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        changed = ", ".join(f"{k}={_text(v)}" for k, (_, v) in self.diff().items()) or "defaults"
        errs = len(self.errors) + bool(self.variant_error)
        return f"VariantEditor({self.game_cls.name!r}): {changed}; {errs} error(s)"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        lines = [f"{s.name} = {_text(self._values.get(s.name, s.default))}  [{', '.join(s.clauses)}]"
                 for s in self.specs]
        return bundle(self, repr(self), fallback_html(f"Variant of {self.game_cls.name}", "", "", lines))
