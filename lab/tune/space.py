"""The search space of the autopilot: which parameters (and house rules) vary, over what.

Space format (a mapping; the JSON file of ``rules-lab tune --space`` holds the same)::

    {
      "players": {"choices": [2, 3, 4]},            # categorical: any values the parameter takes
      "max_turns": {"low": 20, "high": 60, "step": 5},   # int range (step optional, default 1)
      "board_turn_degrees": {"low": 30, "high": 180},    # int or float range ("log": true allowed)
      "deck_size": 40,                               # fixed: this value in every trial
      "MC-2.1.2.2": {"choices": {"seed": None, "lenient": lenient_fn}}   # house rule (Python)
    }

A key is a parameter of ``game.parameter_specs()`` or the clause ID of one of
``game.rule_points()``. Ranges are for ``int``/``float`` parameters and must lie inside the
parameter's own bounds; choices are checked with the parameter's own validation (so a JSON
parameter can take a few whole JSON values). A house-rule entry maps labels to rule functions
(``None`` keeps the rule as printed); the trial picks a label and the variant is built with
``game.with_rules({clause: fn})``. Everything is checked before any game is played:
:class:`~lab.core.errors.InvalidVariant` names the entry and says what is allowed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lab.core.errors import InvalidVariant
from lab.core.game import Game


@dataclass(frozen=True)
class Dimension:
    """One entry of a validated space.

    ``kind`` is ``"int"``, ``"float"``, ``"choice"`` (parameter choices), ``"rule"`` (house-rule
    choices) or ``"fixed"``.
    """

    name: str
    kind: str
    low: float | None = None
    high: float | None = None
    step: float | None = None
    log: bool = False
    choices: tuple[Any, ...] = ()
    rules: tuple[tuple[str, Callable[..., Any] | None], ...] = ()
    value: Any = None

    def suggest(self, trial: Any) -> Any:
        """The value (or house-rule label) optuna's ``trial`` proposes for this entry."""
        if self.kind == "int":
            return trial.suggest_int(self.name, int(self.low), int(self.high), step=int(self.step or 1), log=self.log)
        if self.kind == "float":
            return trial.suggest_float(self.name, self.low, self.high, step=self.step, log=self.log)
        if self.kind == "choice":
            labels = [_label(c) for c in self.choices]
            return self.choices[labels.index(trial.suggest_categorical(self.name, labels))]
        if self.kind == "rule":
            return trial.suggest_categorical(self.name, [label for label, _ in self.rules])
        return self.value

    def picked(self, params: Mapping[str, Any]) -> Any:
        """The value (or house-rule label) a finished trial with ``params`` used."""
        if self.kind == "fixed":
            return self.value
        if self.kind == "choice":
            labels = [_label(c) for c in self.choices]
            return self.choices[labels.index(params[self.name])]
        return params[self.name]


def _label(value: Any) -> Any:
    """A categorical value optuna can store: scalars as they are, anything else as JSON text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def rule_point_names(game: Game) -> list[str]:
    """The clause IDs of the game's replaceable rules (empty if it offers none)."""
    points = getattr(game, "rule_points", None)
    if points is None:
        return []
    return [str(getattr(p, "name", p)) for p in points()]


def validate_space(game: Game, space: Mapping[str, Any]) -> tuple[Dimension, ...]:
    """Check ``space`` against the game's parameters and rule points; return its dimensions.

    Raises
    ------
    InvalidVariant
        Naming the first bad entry and what is allowed.
    """
    if not isinstance(space, Mapping) or not space:
        raise InvalidVariant("the search space must be a non-empty mapping of parameter -> range/choices")
    specs = {s.name: s for s in game.parameter_specs()}
    rules = rule_point_names(game)
    dims = []
    varying = 0
    for name, entry in space.items():
        if not isinstance(name, str):
            raise InvalidVariant(f"space entry {name!r}: keys are parameter names or clause IDs")
        if name in specs:
            dim = _parameter_dimension(specs[name], entry)
        elif name in rules:
            dim = _rule_dimension(name, entry)
        else:
            known = ", ".join(sorted(specs))
            extra = f"; rule points: {', '.join(rules)}" if rules else " (this game has no rule points)"
            raise InvalidVariant(f"space entry {name!r} is neither a parameter nor a rule point; parameters: {known}{extra}")
        varying += dim.kind != "fixed"
        dims.append(dim)
    if not varying:
        raise InvalidVariant("the search space fixes every entry: give at least one range or choices")
    return tuple(dims)


def _parameter_dimension(spec: Any, entry: Any) -> Dimension:
    name = spec.name
    if not isinstance(entry, Mapping):
        return Dimension(name, "fixed", value=_checked(spec, entry, name))
    keys = set(entry)
    if keys <= {"choices"} and "choices" in keys:
        choices = entry["choices"]
        if not isinstance(choices, list | tuple) or not choices:
            raise InvalidVariant(f"space entry {name!r}: 'choices' must be a non-empty list")
        values = tuple(_checked(spec, c, name) for c in choices)
        labels = [_label(v) for v in values]
        if len(set(map(repr, labels))) != len(labels):
            raise InvalidVariant(f"space entry {name!r}: choices repeat a value")
        return Dimension(name, "choice", choices=values)
    if keys <= {"low", "high", "step", "log"} and {"low", "high"} <= keys:
        if spec.kind not in ("int", "float"):
            msg = f"space entry {name!r}: a range needs an int or float parameter, {name} is {spec.kind}; use 'choices'"
            raise InvalidVariant(msg)
        low, high = _checked(spec, entry["low"], name), _checked(spec, entry["high"], name)
        if low >= high:
            raise InvalidVariant(f"space entry {name!r}: low {low} must be below high {high}")
        step = entry.get("step")
        log = entry.get("log", False)
        if not isinstance(log, bool):
            raise InvalidVariant(f"space entry {name!r}: 'log' must be true or false")
        if step is not None:
            ok = isinstance(step, int | float) and not isinstance(step, bool) and math.isfinite(step) and step > 0
            if not ok or (spec.kind == "int" and not isinstance(step, int)) or log:
                raise InvalidVariant(f"space entry {name!r}: 'step' must be a positive {spec.kind} (and not with log)")
        if log and low <= 0:
            raise InvalidVariant(f"space entry {name!r}: a log range needs low > 0")
        return Dimension(name, spec.kind, low=low, high=high, step=step, log=log)
    msg = (
        f"space entry {name!r}: give {{'low': ..., 'high': ...}} (optional 'step', 'log'), "
        f"{{'choices': [...]}} or a fixed value, not {sorted(keys)}"
    )
    raise InvalidVariant(msg)


def _checked(spec: Any, value: Any, name: str) -> Any:
    try:
        spec.validate(value)
    except InvalidVariant as exc:
        raise InvalidVariant(f"space entry {name!r}: {exc}") from None
    return value


def _rule_dimension(name: str, entry: Any) -> Dimension:
    choices = entry.get("choices") if isinstance(entry, Mapping) else None
    if not isinstance(choices, Mapping) or not choices:
        msg = f"space entry {name!r} (a rule point): give {{'choices': {{label: rule function or None}}}}"
        raise InvalidVariant(msg)
    for label, fn in choices.items():
        if not isinstance(label, str) or not (fn is None or callable(fn)):
            msg = f"space entry {name!r}: choice {label!r} must map a text label to a function or None"
            raise InvalidVariant(msg)
    return Dimension(name, "rule", rules=tuple(choices.items()))


def build_variant(game: Game, dims: tuple[Dimension, ...], picked: Mapping[str, Any]) -> Game:
    """The variant of ``game`` with the values (and house-rule labels) in ``picked``.

    The base game's own house rules come along; a searched rule point replaces its one, and
    the choice ``None`` (the seed's rule) removes it.
    """
    params = game.params_to_dict()
    rules: dict[str, Callable[..., Any]] = {name: h.function for name, h in game._house.items()}
    for dim in dims:
        if dim.kind == "rule":
            fn = dict(dim.rules)[picked[dim.name]]
            if fn is None:
                rules.pop(dim.name, None)
            else:
                rules[dim.name] = fn
        else:
            params[dim.name] = picked[dim.name]
    variant = type(game)(params)
    return variant.with_rules(rules) if rules else variant


def max_players(game: Game, dims: tuple[Dimension, ...]) -> int:
    """The most players any variant of the space has (the base game's when ``players`` is not
    searched)."""
    for dim in dims:
        if dim.name == "players":
            if dim.kind == "fixed":
                return int(dim.value)
            if dim.kind == "choice":
                return max(int(c) for c in dim.choices)
            if dim.high is not None:
                return int(dim.high)
    return game.num_players()


def load_space(path: str | Path) -> dict[str, Any]:
    """A space from a JSON file (an object of entries; house rules are Python-only).

    Raises
    ------
    InvalidVariant
        If the file cannot be read or is not a JSON object.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidVariant(f"space file {path}: cannot read it ({exc.__class__.__name__})") from None
    if len(text) > 1_000_000:
        raise InvalidVariant(f"space file {path}: larger than 1 MB")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise InvalidVariant(f"space file {path}: not valid JSON ({str(exc)[:80]})") from None
    if not isinstance(data, dict):
        raise InvalidVariant(f"space file {path}: must hold a JSON object of entries")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")
