"""Hostile inputs: malformed and hostile saves, variants, ``--set`` values and forged moves.

Every entry of the corpora below must be refused with the typed error (``InvalidSave``,
``InvalidVariant``, ``IllegalAction``; exit code 2 with one line for the command line), with a
clear, bounded message, in bounded time and memory, with nothing executed (``pickle``,
``eval``, ``exec`` and ``os.system`` are trapped while the input is read).
"""

from __future__ import annotations

import builtins
import json
import math
import os
import pickle
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import lab
from lab.cli import main as cli_main
from lab.core.save_write import FORMAT_VERSION, MAX_BYTES, state_to_json
from tests.tools import patience
from tests.tools.hostile import measured_refusal

MAX_SECONDS = 5.0  # CPU seconds (the machine may be busy); a hostile input takes well under one
MAX_PEAK_BYTES = 400_000_000
MAX_MESSAGE = 1000
MARKER = Path("/tmp/rules-lab-hostile-marker")


class Executed(Exception):
    """Raised by the traps: something tried to unpickle, eval, exec or run a shell command."""


class _Boom:
    """Unpickling this would run a shell command (the classic pickle attack)."""

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[str]]:
        return (os.system, (f"touch {MARKER}",))


@contextmanager
def trapped(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def trap(*_a: Any, **_k: Any) -> Any:
        raise Executed("an input was executed")

    def source_trap(original: Callable[..., Any]) -> Callable[..., Any]:
        def run(code: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(code, str | bytes):  # text to run: what an attack would pass
                raise Executed(f"{original.__name__} was called on text {str(code)[:40]!r}")
            return original(code, *args, **kwargs)  # compiled code: the import system

        return run

    for name in lab.game_names():  # import the games before trapping
        lab.game_class(name)
    with monkeypatch.context() as m:
        for mod, attr in [(pickle, "loads"), (pickle, "load"), (os, "system")]:
            m.setattr(mod, attr, trap)
        m.setattr(builtins, "eval", source_trap(builtins.eval))
        m.setattr(builtins, "exec", source_trap(builtins.exec))
        yield


def refused(call: Callable[[], Any], error: type[Exception], label: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run ``call``; it must raise ``error`` in bounded time and memory. Returns the message."""
    message, took, peak = measured_refusal(call, error, trapped(monkeypatch))
    message.encode("utf-8")  # issue 40 item 10: a message that quotes input escapes lone surrogates
    WORST["time"] = max(WORST["time"], (took, label[:60]))
    WORST["peak"] = max(WORST["peak"], (peak, label[:60]))
    assert took < MAX_SECONDS, f"{label}: took {took:.1f} s"
    assert peak < MAX_PEAK_BYTES, f"{label}: peak memory {peak / 1e6:.0f} MB"
    assert message and len(message) < MAX_MESSAGE, f"{label}: message of {len(message)} characters"
    assert "Traceback" not in message, label
    assert not MARKER.exists(), f"{label}: a payload ran"
    return message


# ================================================================== saved games
def _saved(name: str, format_version: int = 1) -> dict[str, Any]:
    """A real save of ``name`` (format 1, JSON actions, by default: its entries are tampered with)."""
    state = lab.play(lab.load(name), seed=3)
    return json.loads(state_to_json(state, format_version=format_version))


def _with(data: dict[str, Any], **changes: Any) -> str:
    return json.dumps({**data, **changes}, separators=(",", ":"))


def _raw(data: dict[str, Any], raw: str, *, param: str | None = None, key: str | None = None) -> str:
    """The save with a parameter (or a top-level field) replaced by the raw JSON text ``raw``."""
    sentinel = "@@RAW@@"
    if param is not None:
        text = _with(data, params={**data["params"], param: sentinel})
    else:
        text = _with(data, **{key or "rules_version": sentinel})
    assert text.count(f'"{sentinel}"') == 1
    return text.replace(f'"{sentinel}"', raw)


def _nested(depth: int, leaf: str = "1") -> str:
    return "[" * depth + leaf + "]" * depth


def hostile_saves(name: str) -> list[tuple[str, str | bytes]]:
    """(label, file content) pairs, each malformed or hostile, built from a real save of ``name``."""
    data = _saved(name)
    text = _with(data)
    history = data["history"]
    others = [g for g in lab.game_names() if g != name]
    out: list[tuple[str, str | bytes]] = []
    # truncated, empty, not an object
    out += [(f"truncated at {f:.0%}", text[: int(len(text) * f)]) for f in (0.0, 0.1, 0.5, 0.9, 0.999)]
    out += [(f"top level {t}", t) for t in ("", "   ", "null", "[]", '"save"', "123", "true", "{}")]
    # wrong types
    for key, values in {
        "format": [1, None, ["rules-lab/save"], {"a": 1}],
        "format_version": ["1", True, 1.5, None, [1], 0, -1, FORMAT_VERSION + 1],
        "game": [123, None, [name], {"name": name}, True],
        "rules_version": ["1", True, None, [1], 10**9],
        "params": [[], "players=2", None, 3, [["players", 2]]],
        "history": [{}, "[]", None, 1, {"0": [0, ["x"]]}],
    }.items():
        out += [(f"{key} = {v!r}", _with(data, **{key: v})) for v in values]
    # unknown and missing keys
    out += [
        ("unknown top-level key", _with(data, cheat=True)),
        ("__class__ key", _with(data, __class__="os.system")),
        ("unknown parameter", _with(data, params={**data["params"], "cheat": 1})),
        ("empty parameter name", _with(data, params={**data["params"], "": 1})),
        *[(f"missing {k}", json.dumps({kk: v for kk, v in data.items() if kk != k})) for k in data],
    ]
    # huge numbers
    out += [
        ("format_version 10**400", _with(data, format_version=10**400)),
        ("players 10**4000", _with(data, params={**data["params"], "players": 10**4000})),
        ("players 10**5000 (past int parsing limit)", _raw(data, "9" * 5000, param="players")),
        ("players 1e308", _with(data, params={**data["params"], "players": 1e308})),
        ("players -1e308", _with(data, params={**data["params"], "players": -1e308})),
        ("players Infinity", _raw(data, "Infinity", param="players")),
        ("players NaN", _raw(data, "NaN", param="players")),
        ("rules_version -Infinity", _raw(data, "-Infinity", key="rules_version")),
        ("player index 10**30", _with(data, history=[[10**30, history[0][1]], *history[1:]])),
        ("action argument 10**4000", _with(data, history=[[history[0][0], [history[0][1][0], 10**4000]]])),
        ("action argument 1e308", _with(data, history=[[history[0][0], [history[0][1][0], 1e308]]])),
    ]
    # huge lists and strings
    out += [
        ("a million history entries", _with(data, history=[[-1, ["x"]]] * 1_000_000)),
        ("a parameter list of 10**6", _with(data, params={**data["params"], "players": [0] * 1_000_000})),
        ("an action with 100000 arguments", _with(data, history=[[history[0][0], ["x", *range(100_000)]]])),
        ("a 7 MB game name", _with(data, game="g" * 7_000_000)),
        ("larger than the size limit", " " * (MAX_BYTES + 1)),
        ("larger than the size limit (bytes)", b" " * (MAX_BYTES + 1)),
    ]
    # deep nesting
    out += [
        ("nested 100000 deep", _nested(100_000)),
        ("a parameter nested 100000 deep", _raw(data, _nested(100_000), param="players")),
        ("a history entry nested 900 deep", _raw(data, "[" + _nested(900) + "]", key="history")),
        ("an action nested 500 deep", _with(data, history=[[history[0][0], json.loads(_nested(500))]])),
    ]
    # histories with an illegal action
    out += _bad_histories(name, data)
    # a file claiming another game
    out += [(f"claims game {g!r}", _with(data, game=g)) for g in (
        "chess", "", "../../etc/passwd", "lab.games." + name, "__import__('os').system('true')", name.upper(), name + " ")]
    out += [(f"claims to be {g}", _with(data, game=g, params={})) for g in others]
    # pickle and other non-JSON payloads
    out += [
        ("pickle payload (binary)", pickle.dumps(_Boom())),
        ("pickle payload (protocol 0 text)", pickle.dumps(_Boom(), protocol=0).decode("latin-1")),
        ("pickle of the save dict", pickle.dumps(data)),
        ("python literal", repr(data)),
        ("JSON with a comment", "// save\n" + text),
        ("UTF-16 text", text.encode("utf-16")),
        ("byte-order mark", "\ufeff" + text),
        ("NUL bytes", b"\x00" * 64),
        ("invalid UTF-8", b"\xff\xfe\xfd" + text.encode()),
        ("trailing garbage", text + " trailing"),
        ("two saves", text + text),
    ]
    # issue 40: a key twice in one object (the last one silently won), lone surrogates
    players = data["params"].get("players", 2)
    other = 3 if players != 3 else 2
    out += [
        ("params twice, other players", text[:-1] + f',"params":{json.dumps({**data["params"], "players": other})}}}'),
        ("history twice", text[:-1] + ',"history":[]}'),
        ("a parameter twice", text.replace('"params":{', f'"params":{{"players":{other},', 1)),
        ("game twice", '{"game":"memm",' + text[1:]),
        ("a lone surrogate game name", _with(data, game="m\ud800")),
        ("a lone surrogate parameter name", _with(data, params={**data["params"], "\udc80": 1})),
        ("a lone surrogate key", _with(data, **{"\ud800": 1})),
    ]
    return out


def _bad_histories(name: str, data: dict[str, Any]) -> list[tuple[str, str]]:
    history = data["history"]
    game = lab.load(name, **data["params"])
    out: list[tuple[str, str]] = []
    n = len(history)
    for k in sorted({0, 1, n // 3, n // 2, n - 1} & set(range(n))):
        state = lab.replay(game, history[:k])
        cur = state.current_player()
        legal = set() if cur == lab.SIMULTANEOUS else {a.to_json().__repr__() for a in state.legal_actions()}
        # an action of the right format that is not legal here: another step's action
        swap = next((h for h in history if h[0] == cur and repr(h[1]) not in legal and h[0] != lab.SIMULTANEOUS), None)
        if swap is not None:
            out.append((f"an illegal action at step {k}", _with(data, history=[*history[:k], swap, *history[k + 1:]])))
        wrong = next((p for p in (lab.CHANCE, 0, 1, 2, 3, lab.SIMULTANEOUS, lab.TERMINAL) if p != cur), 0)
        out.append((f"the wrong player at step {k}", _with(data, history=[*history[:k], [wrong, history[k][1]], *history[k + 1:]])))
        out.append((f"an unknown action kind at step {k}", _with(data, history=[*history[:k], [cur, ["no_such_kind"]], *history[k + 1:]])))
        out.append((f"a malformed entry at step {k}", _with(data, history=[*history[:k], [cur], *history[k + 1:]])))
    out.append(("an action after the end", _with(data, history=[*history, history[-1]])))
    out.append(("entries as objects", _with(data, history=[{"player": h[0], "action": h[1]} for h in history])))
    return out


def _game_ids() -> list[str]:
    return lab.game_names()


COUNTS: dict[str, int] = {}
WORST: dict[str, tuple[float, str]] = {"time": (0.0, ""), "peak": (0.0, "")}  # of any refused input


@pytest.fixture(autouse=True, scope="module")
def _print_figures() -> Iterator[None]:
    """Print the figures of this module at its end (shown with ``pytest -s``)."""
    yield
    print(f"\nhostile inputs refused: {COUNTS} (total {sum(COUNTS.values())})")
    print(f"worst refused input: {WORST['time'][0]:.2f} s CPU ({WORST['time'][1]}), "
          f"{WORST['peak'][0] / 1e6:.0f} MB traced peak ({WORST['peak'][1]})")


@pytest.mark.parametrize("name", _game_ids())
def test_hostile_saves_are_refused(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = hostile_saves(name)
    assert len(corpus) > 80
    for label, content in corpus:
        message = refused(lambda c=content: lab.state_from_json(c), lab.InvalidSave, label, monkeypatch)
        assert message.startswith("invalid saved game:"), (label, message)
    COUNTS[f"saves/{name}"] = len(corpus)


def test_the_valid_save_behind_the_corpus_loads(game_name: str) -> None:
    data = _saved(game_name)
    assert lab.state_from_json(json.dumps(data)).history()


# ================================================================== variants
def hostile_variants(name: str) -> list[tuple[str, dict[str, Any]]]:
    """(label, parameters) pairs that no variant of ``name`` accepts."""
    cls = lab.game_class(name)
    out: list[tuple[str, dict[str, Any]]] = [
        ("unknown parameter", {"cheat": True}),
        ("__class__ parameter", {"__class__": "x"}),
        ("empty name", {"": 1}),
    ]
    cheap: list[Any] = [None, "", "1; rm -rf /", [], {}, [1, 2], {"a": 1}, math.nan, math.inf, -math.inf, 1e308]
    big: list[Any] = [10**4000, -(10**4000), json.loads(_nested(900)), [0] * 100_000, "x" * 1_000_000]
    kinds_seen: set[str] = set()
    for spec in cls.parameter_specs():
        junk = cheap + (big if spec.kind not in kinds_seen else [])  # big values: once per kind
        kinds_seen.add(spec.kind)
        values: list[Any] = []
        if spec.kind == "int":
            values = [2.5, "3", True, *junk]
            if spec.minimum is not None:
                values.append(int(spec.minimum) - 1)
            if spec.maximum is not None:
                values.append(int(spec.maximum) + 1)
        elif spec.kind == "float":
            values = ["0.5", True, *junk]
            if spec.minimum is not None:
                values.append(spec.minimum - 1.0)
            if spec.maximum is not None:
                values.append(spec.maximum + 1.0)
        elif spec.kind == "bool":
            values = [0, 1, "true", "yes", *junk]
        elif spec.kind == "choice":
            values = ["no such choice", *junk]
        else:  # json: structure must be checked by the game's check function
            values = [v for v in junk if v is not None and not _accepted(name, spec.name, v)]
        out += [(f"{spec.name} = {_short(v)}", {spec.name: v}) for v in values if not _accepted(name, spec.name, v)]
    return out


def _accepted(name: str, param: str, value: Any) -> bool:
    try:
        lab.load(name, **{param: value})
    except lab.InvalidVariant:
        return False
    return True


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**20 else f"<{len(str(abs(value)))}-digit int>"
    return text if len(text) < 40 else text[:37] + "..."


@pytest.mark.parametrize("name", _game_ids())
def test_hostile_variants_are_refused(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = hostile_variants(name)
    data = _saved(name)
    for label, params in corpus:
        message = refused(lambda p=params: lab.load(name, **p), lab.InvalidVariant, label, monkeypatch)
        assert "parameter" in message, (label, message)
        # the same variant inside a saved file
        text = json.dumps({**data, "params": params, "history": []})
        message = refused(lambda t=text: lab.state_from_json(t), lab.InvalidSave, f"save with {label}", monkeypatch)
        assert any(w in message for w in ("bad parameters", "not standard JSON", "nested too deeply")), (label, message)
    COUNTS[f"variants/{name}"] = 2 * len(corpus)


def test_a_json_parameter_value_that_is_not_json_is_refused(game_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for spec in lab.game_class(game_name).parameter_specs():
        if spec.kind == "json":
            for bad in (object(), {1, 2}, lambda: 0, b"bytes"):
                refused(lambda b=bad, s=spec: lab.load(game_name, **{s.name: b}), lab.InvalidVariant, repr(bad), monkeypatch)


# ================================================================== the command line's --set
def hostile_sets(name: str) -> list[str]:
    cls = lab.game_class(name)
    out = ["", "=", "=3", "players", "cheat=1", " =1", "__class__=x", "players=__import__('os')"]
    for spec in cls.parameter_specs():
        for text in ("", "abc", "1e999", "nan", "9" * 5000, "[" * 100_000, "{", "__import__('os').system('true')",
                     "None", "[1, 2", "\x00", "1" * 2_000_000):
            item = f"{spec.name}={text}"
            if not _set_accepted(cls, item):
                out.append(item)
    return out


def _set_accepted(cls: type[lab.Game], item: str) -> bool:
    from lab.cli import UsageError, parse_sets

    try:
        lab.load(cls.name, **parse_sets(cls, [item]))
    except (UsageError, lab.InvalidVariant):
        return False
    return True


@pytest.mark.parametrize("name", _game_ids())
def test_hostile_set_values_exit_2_with_one_line(name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = hostile_sets(name)
    for item in corpus:
        started = time.process_time()
        with trapped(monkeypatch):
            code = cli_main(["lint", name, "--set", item])
        err = capsys.readouterr().err
        assert code == 2, (item[:60], err)
        assert time.process_time() - started < MAX_SECONDS, item[:60]
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("rules-lab: error:"), (item[:60], err[:300])
        assert len(lines[0]) < 2 * MAX_MESSAGE, (item[:60], len(lines[0]))
    COUNTS[f"--set/{name}"] = len(corpus)


# ================================================================== forged and out-of-turn moves
@pytest.mark.parametrize("name", _game_ids())
def test_moves_out_of_turn_or_forged_for_another_seat_are_refused(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a widget could send: another seat's move, a move for a seat not to act, junk JSON."""
    game = lab.load(name)
    final = lab.play(game, seed=8)
    seen = [h for h in final.history() if h.player != lab.SIMULTANEOUS]
    junk: list[Any] = [None, True, 1.5, -1, 2**80, "", "x" * 10_000, [], [1], {"kind": "x"}, ["x" * 10_000],
                       [seen[0].action.kind, [1]], [seen[0].action.kind, {"a": 1}], [seen[0].action.kind, *range(70)],
                       json.loads(_nested(500))]
    state = game.new_initial_state()
    tried = 0
    for item in final.history():
        cur = state.current_player()
        before = state.to_json()
        if cur != lab.SIMULTANEOUS:
            legal = set(state.legal_actions())
            forged = [h.action for h in seen if h.action not in legal][:4]
            for action in [*forged, *junk, *(a.to_json() for a in forged)]:
                refused(lambda a=action: state.apply_action(a), lab.IllegalAction, f"{action!r:.60}", monkeypatch)
                tried += 1
            some = state.legal_actions()[:1]
            for seat in range(game.num_players()):
                if seat != cur and some:
                    refused(lambda s=seat, a=some[0]: state.apply_actions({s: a}), lab.IllegalAction, f"seat {seat}", monkeypatch)
                    tried += 1
        else:
            junk_joint = dict.fromkeys(state.acting_players(), ["x"])
            refused(lambda: state.apply_actions({}), lab.IllegalAction, "no actions", monkeypatch)
            refused(lambda j=junk_joint: state.apply_actions(j), lab.IllegalAction, "junk", monkeypatch)
            tried += 2
        assert state.to_json() == before, "a refused move changed the state"
        if item.player == lab.SIMULTANEOUS:
            state.apply_actions({p: a for p, a in enumerate(item.action) if a is not None})
        else:
            state.apply_action(item.action)
    refused(lambda: state.apply_action(seen[-1].action), lab.IllegalAction, "after the end", monkeypatch)
    COUNTS[f"moves/{name}"] = tried + 1
    assert tried > 0


def test_hostile_corpus_sizes(game_name: str) -> None:
    """The corpora are not empty for any game (the figures in the issue report come from here)."""
    assert len(hostile_saves(game_name)) > 80
    assert len(hostile_variants(game_name)) > 10
    assert len(hostile_sets(game_name)) > 10


def test_a_fast_legality_test_that_accepts_too_much_is_caught(game_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's optional ``_is_legal`` must agree with ``legal_actions``; the checker says so."""
    from lab.checks.conformance import check_game
    from tests.tools.plant import plant

    game = lab.load(game_name)
    plant(monkeypatch, game, _is_legal=lambda self, player, action: True)
    with pytest.raises(lab.ConformanceError, match="_is_legal|accepted"):
        check_game(game, n_games=3, seed=2)


# ================================================================== issue 20: second round
def test_MC_C2_a_design_without_imprevisto_tiles_loads_plays_and_saves(capsys: pytest.CaptureFixture[str]) -> None:
    """MC-C2, MC-0.2: 48 colour tiles and no imprevisto tile is a valid design (cards still come
    from MC-2.1.3's end-of-turn draw); it used to raise ``KeyError`` while sharing the tiles."""
    counts = {"red": 12, "green": 12, "blue": 12, "orange": 12}
    for players in (2, 3, 4):
        game = lab.load("memcel", players=players, tile_counts=counts)
        state = lab.play(game, seed=players)
        placed = [h.action.args[0] for h in state.history() if h.action.kind == "place"]
        assert "imprevisto" not in placed and len(placed) == 48
        assert lab.state_from_json(state.to_json()) == state
    code = cli_main(["simulate", "memcel", "-n", "2", "--set", f"tile_counts={json.dumps(counts)}"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "Traceback" not in out.err


# ------------------------------------------------------------------ issue 20 item 1: resource bombs
def _memcel_bomb() -> dict[str, Any]:
    rings = [{"colour": f"r{i}", "sectors": 64} for i in range(500)]
    counts: dict[str, int] = {f"c{i}": 32 for i in range(1000)}
    counts["imprevisto"] = 0
    return {"players": 2, "ring_layout": rings, "tile_counts": counts,
            "icon_die": [{"ring": "r0", "dir": "cw", "complication": "board"}], "deck": {"swap": 50}}


def resource_bombs() -> list[tuple[str, str, dict[str, Any], str]]:
    """(label, game, parameters, parameter the message must name): small inputs, huge games."""
    many_sectors = [{"colour": f"r{i}", "sectors": 64} for i in range(18)]
    return [
        ("memcel: 500 rings x 1000 colours", "memcel", _memcel_bomb(), "ring_layout"),
        ("memcel: 1000 colours", "memcel", {"tile_counts": {f"c{i}": 1 for i in range(1000)}}, "tile_counts"),
        ("memcel: 18 rings", "memcel", {"ring_layout": many_sectors}, "ring_layout"),
        ("memcel: 100000 turns", "memcel", {"max_turns": 100_000}, "max_turns"),
        ("fiemme_cembra: hand and pass limits", "fiemme_cembra",
         {"rounds": 10, "hand_limit": 5000, "pass_limit": 1000}, "hand_limit"),
    ]


@pytest.mark.parametrize("case", resource_bombs(), ids=lambda c: c[0])
def test_resource_bombs_are_refused_from_the_parameters(case: tuple[str, str, dict[str, Any], str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20 item 1: the memcel bomb took 73 s and 5.3 GB; now refused before anything is built,
    by ``lab.load`` and by a small save of the same variant, naming the parameter and the bound."""
    label, name, params, param = case
    message = refused(lambda: lab.load(name, **params), lab.InvalidVariant, label, monkeypatch)
    assert param in message and "at most" in message, message
    text = json.dumps({**_saved(name), "params": params, "history": []})
    message = refused(lambda: lab.state_from_json(text), lab.InvalidSave, f"save: {label}", monkeypatch)
    assert param in message and "bad parameters" in message, message
    COUNTS["resource bombs"] = COUNTS.get("resource bombs", 0) + 2


def test_the_resource_budget_guards_the_command_line(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """``--set`` of a bomb and ``simulate -n 10**30`` (3.5 GB before the first game) exit 2 at once."""
    bomb = _memcel_bomb()
    argvs = [
        ["simulate", "memcel", "-n", "1" + "0" * 30],
        ["simulate", "memcel", "--seed", "9" * 60],
        ["lint", "memcel", *[x for k in ("ring_layout", "tile_counts") for x in ("--set", f"{k}={json.dumps(bomb[k])}")]],
    ]
    for argv in argvs:
        started = time.process_time()
        tracemalloc.start()
        with trapped(monkeypatch):
            code = cli_main(argv)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        err = capsys.readouterr().err
        assert code == 2 and len(err.strip().splitlines()) == 1, (argv[:3], err[:300])
        assert time.process_time() - started < MAX_SECONDS and peak < MAX_PEAK_BYTES, argv[:3]
    COUNTS["resource bombs (CLI)"] = len(argvs)


def test_every_game_declares_its_budget_and_the_defaults_fit(game_name: str) -> None:
    from lab.core.budget import check_budget

    game = lab.load(game_name)
    check_budget(game.budget())
    assert all(b.size <= b.limit and b.parameters for b in game.budget())


def test_caches_are_bounded_in_bytes_least_recently_used_first_out() -> None:
    from lab.core.budget import ByteBoundedCache

    cache = ByteBoundedCache(100)
    for key in "abcd":
        cache.put(key, key.upper(), 40)
        assert cache.bytes <= 100
    assert len(cache) == 2 and cache.get("a") is None and cache.get("d") == "D"
    cache.get("c")  # c is now the most recently used: e pushes d out
    cache.put("e", "E", 40)
    assert cache.get("d") is None and cache.get("c") == "C"
    cache.put("huge", 0, 1000)  # kept alone while in use
    assert len(cache) == 1 and cache.bytes == 1000


def test_space_station_geometries_are_kept_within_a_byte_bound() -> None:
    """Issue 20 item 1: up to 65 geometries of about 110 MB each were kept for large boards."""
    from lab.games.space_station import board

    before = len(board._CACHE)
    for columns in (26, 27, 29, 30):
        lab.load("space_station", columns=columns)
    assert len(board._CACHE) >= min(before + 1, 2)
    assert board._CACHE.bytes <= board.CACHE_BYTES
    assert board.geometry_bytes(60 * 60) <= board.MAX_GEOMETRY_BYTES < board.CACHE_BYTES


# ------------------------------------------------------------------ issue 20 items 5, 6: agent settings
def hostile_agent_specs(name: str) -> list[tuple[str, Any]]:
    """(label, agent spec) pairs no agent of ``name`` accepts: unknown or mistyped settings,
    values out of range, budgets past their bound, junk in every setting of every agent."""
    from lab.agents.catalogue import agent_factories

    out: list[tuple[str, Any]] = [
        ("no name", {"sigma": 1}), ("name not a string", {"name": 3}), ("unknown agent", {"name": "x" * 10_000}),
        ("nested name", {"name": json.loads(_nested(500))}),
    ]
    for agent, factory in agent_factories(lab.game_class(name)).items():
        out += [(f"{agent}: unknown setting", {"name": agent, "cheat": 1}),
                (f"{agent}: non-string key", {"name": agent, 1: 2})]
        for spec in factory.SETTINGS:
            junk: list[Any] = [None, "x", [], {}, json.loads(_nested(500)), math.nan, math.inf, 10**400, 1e300, -1e300]
            junk += {"int": [2.5, True, "3"], "float": [True, "0.5"], "bool": [0, 1, "true"],
                     "choice": ["no such choice", 1]}.get(spec.kind, [])
            if spec.minimum is not None:
                junk.append(spec.minimum - 1)
            if spec.maximum is not None:
                junk.append(spec.maximum + 1)
            junk = [v for v in junk if not (type(v) is type(spec.default) and v == spec.default)]  # valid
            out += [(f"{agent}.{spec.name} = {_short(v)}", {"name": agent, spec.name: v}) for v in junk]
    if name == "space_station":  # the reproductions of the issue and the search player's budget
        out += [("search rollouts 10**9", {"name": "search", "rollouts": 10**9}),
                ("search candidates 'x'", {"name": "search", "candidates": "x"}),
                ("search 50 x 1000 rollouts", {"name": "search", "candidates": 50, "rollouts": 1000})]
    if name == "fiemme_cembra":
        out += [("collector sigma 1e300", {"name": "collector", "sigma": 1e300})]
    return out


@pytest.mark.parametrize("name", _game_ids())
def test_hostile_agent_settings_are_refused_before_any_game(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20 item 6: ``{"name": "search", "rollouts": 10**9}`` hung, ``sigma: 1e300`` raised
    ``OverflowError`` mid-run, unknown keys were accepted silently. Now each is an ``InvalidAgent``
    naming the setting, from ``make_agent``, ``lab.play`` and ``lab.simulate``."""
    from lab.agents.catalogue import make_agent

    game = lab.load(name)
    corpus = hostile_agent_specs(name)
    for label, spec in corpus:
        message = refused(lambda s=spec: make_agent(game, s), lab.InvalidAgent, label, monkeypatch)
        assert "agent" in message, (label, message)
        refused(lambda s=spec: lab.play(game, agents=s, seed=1), lab.InvalidAgent, f"play: {label}", monkeypatch)
    for label, spec in corpus[-3:]:
        refused(lambda s=spec: lab.simulate(game, agents=s, n_games=2), lab.InvalidAgent, f"simulate: {label}", monkeypatch)
    COUNTS[f"agent settings/{name}"] = 2 * len(corpus) + 3


def test_agents_declare_their_settings_and_their_defaults_pass(game_name: str) -> None:
    """Every shipped agent declares typed settings; each default is within its own spec."""
    from lab.agents.catalogue import agent_factories, make_agent

    game = lab.load(game_name)
    for agent, factory in agent_factories(game).items():
        assert isinstance(factory.SETTINGS, tuple), agent
        defaults = {s.name: s.default for s in factory.SETTINGS}
        built = make_agent(game, {"name": agent, **defaults})
        assert built.spec()["name"] == agent


@pytest.mark.parametrize("spec", ['{"name": "collector", "sigma": 1e300}', '{"name": "collector", "cheat": 1}',
                                  "[" * 100_000, '{"name": ' * 50_000])
def test_agent_settings_on_the_command_line_exit_2_with_one_line(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 20 item 5: deep JSON in ``--agents`` raised ``RecursionError``, ``sigma: 1e300`` an
    ``OverflowError`` after the run had started."""
    code = cli_main(["simulate", "fiemme_cembra", "-n", "2", "--agents", spec])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err[:300]


def test_a_record_without_agents_or_with_bad_fields_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20 item 6: a record without ``agents`` or with non-mapping ``params`` raised
    ``TypeError``/``KeyError``."""
    record = dict(lab.simulate("memm", n_games=1).attrs["record"])
    bad = [
        {k: v for k, v in record.items() if k != "agents"},
        {k: v for k, v in record.items() if k != "seed"},
        {**record, "params": [["players", 2]]}, {**record, "params": "players=2"}, {**record, "params": {1: 2}},
        {**record, "agents": "random"}, {**record, "agents": [{"name": "greedy", "cheat": 1}] * 4},
        {**record, "n_games": 10**30}, {**record, "n_games": True}, {**record, "game": None},
        {**record, "variant": 3}, [record], None,
    ]
    for i, rec in enumerate(bad):
        message = refused(lambda r=rec: lab.rerun(r), lab.LabError, f"record {i}", monkeypatch)
        assert "record" in message or "agent" in message or "n_games" in message, message
    COUNTS["records"] = len(bad)


# ------------------------------------------------------------------ issue 20 item 5: output paths
def _bad_outputs(tmp_path: Path) -> list[list[str]]:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    folder = tmp_path / "a_folder.csv"
    folder.mkdir()
    out = [["--out", str(tmp_path / "missing" / "t.csv")], ["--plot", str(tmp_path / "missing" / "p.png")],
           ["--out", str(folder)], ["--out", "/proc/rules-lab.csv"]]
    if not os.access(locked, os.W_OK):  # root may write anywhere
        out += [["--out", str(locked / "t.csv")], ["--plot", str(locked / "p.svg")]]
    return out


def test_output_paths_are_checked_before_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 20 item 5: a bad ``--out``/``--plot`` was found only after the whole run (results lost)."""
    import lab.sim.simulate as simulate_module

    ran: list[int] = []
    original = simulate_module.simulate
    monkeypatch.setattr(simulate_module, "simulate", lambda *a, **k: ran.append(1) or original(*a, **k))
    cases = _bad_outputs(tmp_path)
    for option in cases:
        for command in (["simulate", "memm", "-n", "1"], ["sweep", "memm", "-n", "1", "--grid", "gravity=true,false"]):
            code = cli_main([*command, *option])
            err = capsys.readouterr().err
            assert code == 2 and len(err.strip().splitlines()) == 1, (option, err[:300])
            assert option[0] in err, err
    assert not ran, "a run started before its output path was checked"
    COUNTS["output paths"] = 2 * len(cases)
    good = tmp_path / "t.csv"
    assert cli_main(["simulate", "memm", "-n", "1", "--out", str(good)]) == 0 and good.exists()


# ------------------------------------------------------------------ issue 20 item 7: compact saves
def hostile_compact_saves(name: str) -> list[tuple[str, str]]:
    """Format 2 saves (integer codes) tampered with, plus oversized and deep ones."""
    from tests.test_save import _tampered_codes

    state = lab.play(lab.load(name), seed=3)
    data = json.loads(state.to_json())
    out = [(label, json.dumps(d)) for label, d in _tampered_codes(state)]
    out += [
        ("a million codes", _with(data, history=[0] * 1_000_000)),
        ("codes as a string", _with(data, history=" ".join(map(str, data["history"])))),
        ("coding nested 900 deep", _with(data, coding=json.loads(_nested(900)))),
        ("a 7 MB coding check", _with(data, coding="0" * 7_000_000)),
        ("format 2 without codes", _with(data, history=None)),
        ("format 1 with a coding check", _with({**data, "format_version": 1}, history=[])),
    ]
    return out


@pytest.mark.parametrize("name", _game_ids())
def test_hostile_compact_saves_are_refused(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = hostile_compact_saves(name)
    for label, text in corpus:
        message = refused(lambda t=text: lab.state_from_json(t), lab.InvalidSave, label, monkeypatch)
        assert message.startswith("invalid saved game:"), (label, message)
    COUNTS[f"compact saves/{name}"] = len(corpus)


def test_loading_a_game_compiles_no_source_text_in_a_fresh_process() -> None:
    """The traps above must catch an attack, not the lab's own set-up: a game that builds a class
    from source text on first load (``namedtuple`` does) would make a hostile save read first in a
    process look like an executed input. In a fresh process, with the games imported but none
    loaded, every game and a non-default variant of it loads with ``eval``/``exec`` refused."""
    import sys

    script = """
import builtins, lab
for name in lab.game_names():
    lab.game_class(name)
def refuse(original):
    def run(code, *args, **kwargs):
        if isinstance(code, (str, bytes)):
            raise SystemExit(f"source text compiled: {str(code)[:60]!r}")
        return original(code, *args, **kwargs)
    return run
builtins.eval, builtins.exec = refuse(builtins.eval), refuse(builtins.exec)
for name in lab.game_names():
    game = lab.load(name)
    game.new_initial_state()
    spec = next(s for s in game.parameter_specs() if s.kind == "int" and s.name != "players")
    try:
        lab.load(name, **{spec.name: game.params[spec.name] + 1}).new_initial_state()
    except lab.LabError:
        pass
print("ok")
"""
    done = patience.run([sys.executable, "-c", script], cpu=60)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:] + done.stdout[-500:]
