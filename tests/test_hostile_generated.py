"""Generated hostile variants: random oversized and mistyped parameters for every game (issue 20).

Hypothesis mutates each game's default parameters: JSON parameters get their lists repeated and
their objects multiplied (hundreds to thousands of rings, colours, cards, faces), values replaced
by junk (booleans, floats, NaN, huge integers, NumPy scalars, strings, nested lists and objects);
scalar parameters get values of the wrong type. Each case must either build a game within the
game's own budget or be refused with ``InvalidVariant``, and in both cases within a per-case
bound of CPU time and traced memory (enforced here, not just reported).
"""

from __future__ import annotations

import math
import time
import tracemalloc
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lab
from lab.core.budget import check_budget
from lab.core.params import thaw

GAMES = lab.game_names()
CASE_SECONDS = 3.0  # CPU seconds per case (tracemalloc included); a refusal takes milliseconds
CASE_PEAK_BYTES = 150_000_000
WORST: dict[str, Any] = {"cases": 0, "refused": 0, "seconds": 0.0, "peak": 0, "label": ""}

LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.integers(-3, 70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from([np.int64(3), np.float64(0.5), np.bool_(True), np.int32(-1), 10**400, -(10**400)]),
)
JUNK = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)


def _mutate(value: Any, data: st.DataObject, depth: int = 0) -> Any:
    """A random change of ``value``: kept, junk, scaled up, repeated, multiplied or nested."""
    how = data.draw(st.sampled_from(["keep", "junk", "grow", "inner", "inner"] if depth < 3 else ["keep", "junk"]))
    if how == "keep":
        return value
    if how == "junk":
        return data.draw(JUNK)
    if isinstance(value, list) and value:
        if how == "grow":
            return value * data.draw(st.sampled_from([2, 7, 50, 400, 3000]))
        i = data.draw(st.integers(0, len(value) - 1))
        return [*value[:i], _mutate(value[i], data, depth + 1), *value[i + 1:]]
    if isinstance(value, dict) and value:
        key = data.draw(st.sampled_from(sorted(value)))
        if how == "grow":  # many new keys like the drawn one (new colours, card effects, seconds)
            k = data.draw(st.sampled_from([3, 20, 300, 2000]))
            return {**value, **{f"{key}{i}": value[key] for i in range(k)}}
        return {**value, key: _mutate(value[key], data, depth + 1)}
    if isinstance(value, bool):
        return data.draw(st.sampled_from([0, 1, "true", np.bool_(value), None]))
    if isinstance(value, int):
        return data.draw(st.sampled_from([value * 10**6, -value, float(value), value + 0.5, True, np.int64(value), str(value)]))
    if isinstance(value, str):
        return data.draw(st.sampled_from([value * 1000, value.upper(), "", 3, [value]]))
    return data.draw(JUNK)


def _wrong_type(spec: lab.ParamSpec, data: st.DataObject) -> Any:
    """A value of the wrong type for a scalar parameter (never an accepted size)."""
    by_kind: dict[str, list[Any]] = {
        "int": [True, 2.5, "3", None, [], {}, math.nan, math.inf, np.float64(2.5), 10**400],
        "float": [True, "0.5", None, [0.5], math.nan, -math.inf, 10**400, np.bool_(True)],
        "bool": [0, 1, "true", None, 1.0, [True], np.int64(1)],
        "choice": ["no such choice", 1, None, [spec.default], True],
    }
    return data.draw(st.sampled_from(by_kind.get(spec.kind, [None])))


@pytest.fixture(autouse=True, scope="module")
def _print_worst() -> Iterator[None]:
    yield
    print(f"\ngenerated variants: {WORST['cases']} cases, {WORST['refused']} refused; worst "
          f"{WORST['seconds'] * 1000:.0f} ms CPU, {WORST['peak'] / 1e6:.1f} MB peak ({WORST['label']})")


def _bounded(name: str, params: dict[str, Any], label: str) -> str | None:
    """Load ``name`` with ``params``: a game within its budget or ``InvalidVariant`` (its message
    is returned), within the per-case bounds."""
    tracemalloc.start()
    started = time.process_time()
    refused: str | None = None
    try:
        game = lab.load(name, **params)
        check_budget(game.budget())
        game.new_initial_state()
    except lab.InvalidVariant as exc:
        refused = str(exc)
        assert refused and len(refused) < 1000, (label, refused[:200])
    finally:
        took = time.process_time() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    WORST["cases"] += 1
    WORST["refused"] += refused is not None
    if took > WORST["seconds"]:
        WORST.update(seconds=took, peak=max(WORST["peak"], peak), label=label[:60])
    WORST["peak"] = max(WORST["peak"], peak)
    assert took < CASE_SECONDS, f"{label}: {took:.1f} s"
    assert peak < CASE_PEAK_BYTES, f"{label}: {peak / 1e6:.0f} MB"
    return refused


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_random_oversized_and_mistyped_json_parameters_are_bounded(name: str, data: st.DataObject) -> None:
    specs = [s for s in lab.game_class(name).parameter_specs() if s.kind == "json"]
    if not specs:
        pytest.skip(f"{name} has no JSON parameters")
    chosen = data.draw(st.lists(st.sampled_from(specs), min_size=1, max_size=3, unique_by=lambda s: s.name))
    params = {s.name: _mutate(thaw(s.default), data) for s in chosen}
    _bounded(name, params, f"{name} {sorted(params)}")


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_mistyped_scalar_parameters_are_refused(name: str, data: st.DataObject) -> None:
    specs = [s for s in lab.game_class(name).parameter_specs() if s.kind != "json"]
    spec = data.draw(st.sampled_from(specs))
    value = _wrong_type(spec, data)
    message = _bounded(name, {spec.name: value}, f"{name} {spec.name}={value!r:.40}")
    assert message is not None and spec.name in message, (spec.name, value)
