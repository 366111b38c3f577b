"""lab.core.frozen: read-only views refuse every mutation with a typed error and read as plain data."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from lab.core.frozen import FrozenDict, FrozenError, FrozenList, freeze, thaw


def sample() -> dict:
    return {"a": [1, {"b": [2, 3]}], "c": (4, [5]), "d": {"e": None}}


def test_freeze_reads_like_the_original() -> None:
    data = sample()
    frozen = freeze(data)
    assert frozen == data
    assert json.dumps(frozen, sort_keys=True) == json.dumps(data, sort_keys=True)
    assert isinstance(frozen, dict) and isinstance(frozen["a"], list)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda f: f.__setitem__("x", 1),
        lambda f: f.__delitem__("a"),
        lambda f: f.update(x=1),
        lambda f: f.pop("a"),
        lambda f: f.popitem(),
        lambda f: f.setdefault("x", 1),
        lambda f: f.clear(),
        lambda f: f["a"].append(9),
        lambda f: f["a"].extend([9]),
        lambda f: f["a"].insert(0, 9),
        lambda f: f["a"].__setitem__(0, 9),
        lambda f: f["a"].__delitem__(0),
        lambda f: f["a"].pop(),
        lambda f: f["a"].remove(1),
        lambda f: f["a"].sort(),
        lambda f: f["a"].reverse(),
        lambda f: f["a"].clear(),
        lambda f: f["a"][1]["b"].append(9),
        lambda f: f["c"][1].append(9),
        lambda f: f["d"].__setitem__("e", 1),
    ],
)
def test_every_mutation_is_refused_with_a_typed_error(mutate) -> None:
    data = sample()
    frozen = freeze(data)
    with pytest.raises(FrozenError, match="read-only"):
        mutate(frozen)
    assert frozen == sample() == data


def test_in_place_operators_are_refused() -> None:
    frozen = freeze({"a": [1]})
    with pytest.raises(FrozenError):
        frozen |= {"b": 2}
    lst = frozen["a"]
    with pytest.raises(FrozenError):
        lst += [2]
    with pytest.raises(FrozenError):
        lst *= 2


def test_freeze_copies_so_the_source_stays_independent() -> None:
    data = sample()
    frozen = freeze(data)
    data["a"][1]["b"].append(99)
    assert frozen["a"][1]["b"] == [2, 3]


def test_thaw_and_deepcopy_give_editable_plain_data() -> None:
    frozen = freeze(sample())
    for copy_ in (thaw(frozen), copy.deepcopy(frozen)):
        assert type(copy_) is dict and type(copy_["a"]) is list
        copy_["a"].append(1)
        copy_["d"]["e"] = 2
    assert frozen == sample()


def test_frozen_data_pickles_and_stays_frozen() -> None:
    frozen = freeze(sample())
    back = pickle.loads(pickle.dumps(frozen))
    assert back == frozen and isinstance(back, FrozenDict) and isinstance(back["a"], FrozenList)
