"""Files killed mid-write, tampered or hostile: tables, run records, playtest logs (issue 40
items 3, 4, 7, 8 and 10).

Every output is written to a temporary file and renamed (a kill leaves the old file or the new
one); a CSV's record names its table's digest, and a reader meeting a torn or mismatched pair
says so. Readers are bounded (regular files only, size and depth caps, a key twice refused) and
every refusal is one typed line, naming the line of a log, with quoted input cut and lone
surrogates escaped.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import lab
from lab.cli import main as cli_main
from lab.sim.simulate import read_table, record_path, write_table
from tests.tools import patience
from tests.tools.hostile import measured_refusal, refusals

COUNTS, ACCEPTED, _count, _print_counts = refusals("file cases")
MAX_MESSAGE = 1000


def refused(call: Callable[[], Any], error: type[Exception] | tuple[type[Exception], ...], label: str,
            max_peak: int = 100_000_000) -> str:
    """``call`` raises ``error`` with a bounded one-line message that encodes as UTF-8, in
    bounded CPU time and memory. Returns the message."""
    message, took, peak = measured_refusal(call, error)
    assert message and len(message) < MAX_MESSAGE and "\n" not in message, (label, message[:300])
    message.encode("utf-8")  # no lone surrogate (item 10)
    assert "Traceback" not in message, label
    assert took < 10 and peak < max_peak, (label, took, peak)
    return message


# ====================================================================== item 3: torn writes
@pytest.fixture(scope="module")
def run() -> pd.DataFrame:
    return lab.simulate("memm", n_games=6, seed=4)


def test_a_table_and_its_record_are_written_together_and_read_back(run: pd.DataFrame, tmp_path: Path) -> None:
    path = tmp_path / "runs.csv"
    write_table(run, path)
    side = json.loads(record_path(path).read_text())
    assert side["_table"]["rows"] == 6 and len(side["_table"]["sha256"]) == 64
    back = read_table(path)
    assert back.attrs["record"] == run.attrs["record"] and len(back) == 6
    assert lab.rerun(path).equals(run)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".runs.csv.") and p.suffix != ".lock"]


KILL_SCRIPT = textwrap.dedent('''
    import os, signal, sys
    import pandas as pd
    import lab
    from lab.sim import simulate as sim

    path, where = sys.argv[1], sys.argv[2]
    df = lab.simulate("memm", n_games=9, seed=7)
    if where == "table":  # killed while the table is written
        real = pd.DataFrame.to_csv
        def half(self, target, **kw):
            real(self.head(2), target, **kw)
            os.kill(os.getpid(), signal.SIGKILL)
        pd.DataFrame.to_csv = half
    elif where == "between":  # killed after the table's rename, before its record's
        real_atomic = sim.write_atomic
        def die(*a, **k):
            os.kill(os.getpid(), signal.SIGKILL)
        sim.write_atomic = die
    elif where == "record":  # killed while the record is written
        import lab.core.files as files
        real_replace = os.replace
        calls = []
        def replace(a, b):
            calls.append(b)
            if str(b).endswith(".record.json"):
                os.kill(os.getpid(), signal.SIGKILL)
            real_replace(a, b)
        files.os.replace = replace
    sim.write_table(df, path)
''')


@pytest.mark.parametrize("where", ["table", "between", "record"])
def test_a_run_killed_while_writing_leaves_the_old_pair_or_a_pair_the_reader_refuses(run: pd.DataFrame, tmp_path: Path, where: str) -> None:
    """Item 3: killing ``simulate --out runs.csv`` left an empty CSV beside the old record
    (``rerun`` then raised pandas' ``EmptyDataError``). Killed (SIGKILL) at each point of the
    write: the old table and record are intact, or the reader says they do not belong together."""
    path = tmp_path / "runs.csv"
    write_table(run, path)
    old_table, old_record = path.read_bytes(), record_path(path).read_bytes()
    done = patience.run([sys.executable, "-c", KILL_SCRIPT, str(path), where], cpu=300)
    assert done.returncode == -signal.SIGKILL, done.stderr[-1500:]
    if where == "table":  # the old pair, untouched
        assert path.read_bytes() == old_table and record_path(path).read_bytes() == old_record
        assert lab.rerun(path).equals(run)
        ACCEPTED["a run killed while writing its table"] = "the old table and record stay, whole"
    else:  # a new table beside the old record: refused, naming both
        assert path.read_bytes() != old_table and record_path(path).read_bytes() == old_record
        message = refused(lambda: lab.rerun(path), lab.InvalidRecord, where)
        assert "do not belong together" in message
        _count("item 3 (torn pairs)")


def test_older_sidecars_beside_a_torn_table_are_refused(run: pd.DataFrame, tmp_path: Path) -> None:
    """Sidecars written before table digests: an empty table, or one of another length, beside
    its record is refused (``EmptyDataError`` before)."""
    record = dict(run.attrs["record"])
    cases = {"": "the table is empty", "game_index,seed\n1,2\n": "has 1 rows but its record", "\x00\x01garbage": "not"}
    for i, (content, words) in enumerate(cases.items()):
        path = tmp_path / f"old{i}.csv"
        path.write_text(content)
        record_path(path).write_text(json.dumps(record))
        message = refused(lambda p=path: lab.rerun(p), lab.InvalidRecord, repr(content))
        assert words in message, message
        _count("item 3 (torn pairs)")


def test_playtest_lines_and_saves_are_written_whole(tmp_path: Path) -> None:
    from lab.sim.playtests import read_records, write_playtest

    log = tmp_path / "log.jsonl"
    state = lab.play(lab.load("memm", players=2), seed=1)
    for seed in range(3):
        write_playtest(log, state, seed=seed, seats=["human", {"name": "random"}], started="t", decisions=[])
    assert [r["seed"] for _, r in read_records(log)] == [0, 1, 2]
    log.write_bytes(log.read_bytes() + b'{"format": "rules-lab/playtest", "ga')  # a torn line of an older writer
    write_playtest(log, state, seed=9, seats=["human", {"name": "random"}], started="t", decisions=[])
    message = refused(lambda: read_records(log), lab.InvalidSave, "torn")
    assert "line 4" in message
    skipped: list[dict[str, Any]] = []
    assert [r["seed"] for _, r in read_records(log, on_error="skip", skipped=skipped)] == [0, 1, 2, 9]
    assert skipped[0]["line"] == 4
    _count("item 3 (torn pairs)")
    for bad in ({"seed": -1}, {"seed": 1.5}, {"seats": ["human"]}):
        kwargs: dict[str, Any] = {"seed": 1, "seats": ["human", {"name": "random"}], "started": "t", "decisions": []}
        kwargs.update(bad)
        with pytest.raises(ValueError):
            write_playtest(log, state, **kwargs)
        _count("item 6 (playtest writer)")


def test_a_widget_save_is_written_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from widgets import Play

    play = Play("memm", humans=[0], agents={1: "random"}, seed=1, pace=0)
    target = tmp_path / "game.json"
    target.write_text("old")
    import lab.core.files as files

    def boom(*_a: Any, **_k: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "replace", boom)
    with pytest.raises(OSError):
        play.save(target)
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["game.json"]
    monkeypatch.undo()
    play.save(target)
    assert lab.state_from_json(target.read_text()) == play.state


# ====================================================================== item 4: class paths
@pytest.mark.parametrize("path", ["pandas:io.formats.style.Styler", "lab.kit.made:pig_99", "__main__:X", 3, 1.5,
                                  "os:system", "builtins:object", "lab.core.game:Game", "", ":", "lab.kit.made:",
                                  "lab.kit.made:__class__", ["os", "system"], "x" * 100_000, "\ud800:\udc80"])
def test_item_4_run_records_resolve_only_games_of_the_session(path: Any, run: pd.DataFrame) -> None:
    """Item 4: ``pandas:io.formats.style.Styler``, ``lab.kit.made:pig_99``, ``__main__:X`` or
    a number gave AttributeError/ValueError tracebacks; ``os:system`` was resolved, then refused."""
    record = {**run.attrs["record"], "game_class": path}
    message = refused(lambda: lab.rerun(record), lab.InvalidRecord, repr(path)[:60])
    assert "game class" in message or "game_class" in message, message
    _count("item 4 (class paths)")


MAIN_CLASS = textwrap.dedent('''
    import json, sys
    sys.path.insert(0, sys.argv[1])
    import lab
    from tests.tools.peak_dice import PeakDice

    class Lucky(PeakDice):  # a notebook's own game, never registered
        name = "lucky_dice"

    df = lab.simulate(Lucky(x=40), n_games=4, seed=2)
    record = df.attrs["record"]
    again = lab.rerun(record).equals(df)
    try:
        lab.rerun({**record, "game_class": "__main__:Unlucky"})
        refused = ""
    except lab.InvalidRecord as exc:
        refused = str(exc)
    print(json.dumps([record["game_class"], again, refused]))
''')


def test_item_4_a_game_class_defined_in_the_session_reruns_and_another_is_refused() -> None:
    """Item 4: a class in ``__main__`` (a notebook cell) is found among the classes the session
    defined, with no import; a name of a class it did not define is refused in one line."""
    done = patience.run([sys.executable, "-c", MAIN_CLASS, str(Path(__file__).resolve().parents[1])], cpu=300)
    assert done.returncode == 0, done.stderr[-1500:]
    game_class, again, refused = json.loads(done.stdout.strip().splitlines()[-1])
    assert game_class == "__main__:Lucky" and again is True
    assert "__main__:Unlucky is not a game defined in this session" in refused and "\n" not in refused
    _count("item 4 (class paths)")


def test_a_kit_definition_of_this_session_is_found_by_its_class_path() -> None:
    from lab.kit.examples import Pig

    df = lab.simulate(Pig(target=20), n_games=3, seed=2)
    assert df.attrs["record"]["game_class"] is None or df.attrs["record"]["game_class"].startswith("lab.kit.made:")
    assert lab.rerun(df).equals(df)


# ====================================================================== item 7: playtest logs
def _record(**changes: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": "rules-lab/playtest", "version": 1, "game": "memm", "params": {"players": 2},
                           "seed": 1, "seats": ["human", {"name": "random"}], "finished": True, "save": "saves/x.json"}
    rec.update(changes)
    return rec


def _line(**changes: Any) -> str:
    return json.dumps(_record(**changes))


def hostile_logs(tmp: Path) -> list[tuple[str, Path]]:
    """(label, path) of logs that are not playtest logs or hold a bad line."""
    out: list[tuple[str, Path]] = []

    def write(label: str, content: str | bytes) -> None:
        path = tmp / f"log{len(out)}.jsonl"
        path.write_bytes(content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content)
        out.append((label, path))

    good = _line()
    lines = {
        "not JSON": "not json", "a JSON list": "[1, 2]", "NaN seed": _line().replace('"seed": 1', '"seed": NaN'),
        "float seed": _line(seed=1.5), "negative seed": _line(seed=-3), "seed 10**40": _line(seed=10**40),
        "seed 1e400": _line().replace('"seed": 1', '"seed": 1e400'), "bool seed": _line(seed=True),
        "seed as text": _line(seed="1"), "seats not a list": _line(seats="human"), "no seats": _line(seats=[]),
        "seats of junk": _line(seats=[1, None]), "params a list": _line(params=[1]), "game a number": _line(game=5),
        "game with a surrogate": _line(game="m\ud800"), "save a number": _line(save=5), "finished a string": _line(finished="yes"),
        "version 99": _line(version=99), "version text": _line(version="1"), "decisions a dict": _line(decisions={}),
        "moves a float": _line(moves=1.5), "duplicate params": good[:-1] + ', "params": {"players": 4}}',
        "nested 100,000 deep": "[" * 100_000 + "]" * 100_000, "a record nested 40 deep": _line(extra=json.loads("[" * 40 + "]" * 40)),
        "format missing": json.dumps({k: v for k, v in _record().items() if k != "format"}),
        "save missing": json.dumps({k: v for k, v in _record().items() if k != "save"}),
        "2000 seats": _line(seats=["human"] * 2000), "a 9 MB game name": _line(game="g" * 9_000_000),
    }
    for label, line in lines.items():
        write(label, line + "\n")
    write("invalid UTF-8", b"\xff\xfe" + good.encode() + b"\n")
    write("UTF-16", (good + "\n").encode("utf-16"))
    write("NUL bytes", b"\x00" * 100 + b"\n")
    write("a torn last line", good + "\n" + good[: len(good) // 2])
    write("a 30 MB line", "x" * 30_000_000 + "\n")
    write("a 30 MB line without an end", "[" + "1," * 15_000_000)
    folder = tmp / "a_folder.jsonl"
    folder.mkdir()
    out.append(("a directory", folder))
    out.append(("a missing file", tmp / "missing.jsonl"))
    if Path("/dev/zero").exists():
        out.append(("/dev/zero", Path("/dev/zero")))
    fifo = tmp / "fifo.jsonl"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
        out.append(("a pipe", fifo))
    return out


def test_hostile_playtest_logs_are_refused_with_the_line_and_read_within_bounds(tmp_path: Path) -> None:
    """Item 7: ValueError, TypeError, UnicodeDecodeError, RecursionError, OverflowError and
    IsADirectoryError tracebacks; a 200 MB line or /dev/zero exhausted memory. Each is now an
    InvalidSave naming the file and the line, in bounded memory."""
    corpus = hostile_logs(tmp_path)
    for label, path in corpus:
        message = refused(lambda p=path: lab.playtests(p), lab.InvalidSave, label, max_peak=60_000_000)
        assert "line 1" in message or "line 2" in message or "file" in message or "folder" in message or \
            "not a regular file" in message or "does not exist" in message, (label, message)
    _count("item 7 (playtest logs)", len(corpus))


def test_bad_lines_may_be_skipped_by_choice(tmp_path: Path) -> None:
    from lab.sim.playtests import write_playtest

    log = tmp_path / "log.jsonl"
    state = lab.play(lab.load("memm", players=2), seed=1)
    write_playtest(log, state, seed=1, seats=["human", {"name": "random"}], started="t", decisions=[])
    good = log.read_text()
    rec = json.loads(good)
    bad_seats = json.dumps({**rec, "seats": ["human"]})  # parses, but the game has 2 seats
    missing_save = json.dumps({**rec, "save": "saves/none.json"})
    log.write_text(good + "garbage\n" + bad_seats + "\n" + missing_save + "\n" + good)
    with pytest.raises(lab.InvalidSave, match="line 2"):
        lab.playtests(log)
    with pytest.warns(UserWarning, match="skipped 3 bad line"):
        df = lab.playtests(log, on_error="skip")
    assert len(df) == 2 and [s["line"] for s in df.attrs["skipped"]] == [2, 3, 4]
    assert "seats" in df.attrs["skipped"][1]["problem"] and "does not exist" in df.attrs["skipped"][2]["problem"]
    _count("item 7 (playtest logs)", 3)


def test_unknown_optional_fields_are_kept_for_newer_writers(tmp_path: Path) -> None:
    """The format's extension point: a field the lab does not know (a playtest server's names of
    the people at the table) is kept in ``df.attrs["playtests"]`` as it is."""
    from lab.sim.playtests import write_playtest

    log = tmp_path / "log.jsonl"
    state = lab.play(lab.load("memm", players=2), seed=1)
    write_playtest(log, state, seed=1, seats=["human", {"name": "random"}], started="t", decisions=[],
                   names=["Ada", None], table="t-1")
    df = lab.playtests(log)
    assert df.attrs["playtests"][0]["names"] == ["Ada", None] and df.attrs["playtests"][0]["table"] == "t-1"
    ACCEPTED["unknown optional playtest fields"] = "the format's extension point (issue 34's server adds some)"


# ====================================================================== item 8: records
def hostile_records(tmp: Path, run: pd.DataFrame) -> list[tuple[str, Path]]:
    out: list[tuple[str, Path]] = []
    record = dict(run.attrs["record"])

    def sidecar(label: str, content: str | bytes) -> None:
        path = tmp / f"t{len(out)}.csv"
        run.to_csv(path, index=False)
        side = record_path(path)
        side.write_bytes(content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content)
        out.append((label, path))

    sidecar("not JSON", "{not json")
    sidecar("nested 100,000 deep", "[" * 100_000 + "]" * 100_000)
    sidecar("a list", "[1, 2]")
    sidecar("a number", "3")
    sidecar("a 10 MB record", json.dumps({**record, "pad": "x" * 10_000_000}))
    sidecar("game_class a number", json.dumps({**record, "game_class": 3}))
    sidecar("game_class a dict", json.dumps({**record, "game_class": {"a": 1}}))
    sidecar("duplicate seed", json.dumps(record)[:-1] + ', "seed": 99}')
    sidecar("NaN n_games", json.dumps(record).replace('"n_games": 6', '"n_games": NaN'))
    sidecar("invalid UTF-8", b"\xff" + json.dumps(record).encode())
    sidecar("house_rules junk", json.dumps({**record, "house_rules": {"MM-5": "print(1)"}}))
    sidecar("house_rules a list", json.dumps({**record, "house_rules": [1]}))
    sidecar("definition junk", json.dumps({**record, "definition": [1]}))
    sidecar("params nested 200 deep", json.dumps({**record, "params": {"players": json.loads("[" * 200 + "]" * 200)}}))
    sidecar("a surrogate game", json.dumps({**record, "game": "\udc80"}))
    folder = tmp / "dir.csv"
    folder.mkdir()
    out.append(("a table that is a folder", folder))
    side_dir = tmp / "sd.csv"
    run.to_csv(side_dir, index=False)
    record_path(side_dir).mkdir()
    out.append(("a sidecar that is a folder", side_dir))
    json_record = tmp / "rec.json"
    json_record.write_text("[" * 50_000)
    out.append(("a .json record nested deep", json_record))
    # parquet tables with tampered stored records
    for label, attrs in [("parquet record a list", {"record": [1, 2]}), ("parquet record game_class 3", {"record": {**record, "game_class": 3}}),
                         ("parquet record nested 150 deep", {"record": json.loads("[" * 150 + "]" * 150)}),
                         ("parquet record of 9 MB", {"record": {**record, "pad": "x" * 9_000_000}}), ("parquet without a record", {})]:
        path = tmp / f"p{len(out)}.parquet"
        frame = run.copy()
        frame.attrs = attrs
        frame.to_parquet(path)
        out.append((label, path))
    junk = tmp / "junk.parquet"
    junk.write_bytes(b"PAR1" + os.urandom(500))
    out.append(("a parquet of random bytes", junk))
    return out


def test_tampered_records_and_sidecars_are_refused_within_bounds(tmp_path: Path, run: pd.DataFrame) -> None:
    """Item 8: JSONDecodeError, RecursionError, AttributeError, a ValueError about a format
    specifier; a 300 MB sidecar read whole."""
    corpus = hostile_records(tmp_path, run)
    for label, path in corpus:
        refused(lambda p=path: lab.rerun(p), (lab.InvalidRecord, lab.UnknownGame, lab.InvalidVariant), label,
                max_peak=80_000_000)
    _count("item 8 (records)", len(corpus))


# ====================================================================== item 10: surrogates
def test_messages_that_quote_input_escape_lone_surrogates(tmp_path: Path, run: pd.DataFrame,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Item 10: a message carrying a lone surrogate could not be encoded as UTF-8 (sent to a
    browser, written to a log). Every message below quotes one and must encode."""
    save = json.loads(lab.play(lab.load("memm"), seed=1).to_json())
    calls: list[tuple[str, Callable[[], Any], Any]] = [
        ("save game name", lambda: lab.state_from_json(json.dumps({**save, "game": "m\ud800"})), lab.InvalidSave),
        ("save format", lambda: lab.state_from_json(json.dumps({**save, "format": "\udcff"})), lab.InvalidSave),
        ("save unknown key", lambda: lab.state_from_json(json.dumps({**save, "\ud800": 1})), lab.InvalidSave),
        ("save parameter", lambda: lab.state_from_json(json.dumps({**save, "params": {"\udc80": 1}})), lab.InvalidSave),
        ("load parameter", lambda: lab.load("memm", **{"\udc80x": 1}), lab.InvalidVariant),
        ("unknown game", lambda: lab.load("\ud800"), lab.UnknownGame),
        ("agent name", lambda: lab.play(lab.load("memm"), agents={"name": "\udc80"}, seed=1), lab.InvalidAgent),
        ("action", lambda: lab.load("memm").new_initial_state().apply_action(["\ud800"]), lab.IllegalAction),
        ("record game", lambda: lab.rerun({**run.attrs["record"], "game": "\udc80"}), lab.LabError),
        ("record class", lambda: lab.rerun({**run.attrs["record"], "game_class": "\udc80:x"}), lab.InvalidRecord),
        ("kit name", lambda: lab.define_game("\udc80", setup=lambda ctx: {}, moves=[lambda s, ctx: None],
                                             end=lambda s, ctx: 0), lab.InvalidGame),
        ("kit state key", lambda: lab.define_game("sur", setup=lambda ctx: {"\ud800": {1, 2}}, moves=[lambda s, ctx: None],
                                                  end=lambda s, ctx: 0), lab.InvalidGame),
        ("tune target", lambda: lab.tune("memm", {"attach": {"choices": ["last", "any"]}}, "\ud800" * 10_000), lab.LabError),
        ("tune storage", lambda: lab.tune("memm", {"attach": {"choices": ["last", "any"]}}, "turns=9",
                                          storage="sqlite:///" + str(tmp_path / "\udc80" / "x.db")), lab.LabError),
    ]
    for label, call, error in calls:
        refused(call, error, label)
    for argv in (["lint", "memm", "--set", "\udc80=1"], ["lint", "\ud800"], ["simulate", "memm", "--agents", "\udc80"],
                 ["simulate", "memm", "-n", "1", "--out", str(tmp_path / "\udc80" / "t.csv")]):
        code = cli_main(argv)
        err = capsys.readouterr().err
        assert code == 2 and len(err.strip().splitlines()) == 1, (argv, err[:300])
        err.encode("utf-8")
    log = tmp_path / "log.jsonl"
    log.write_text(_line(seats=["\udc80"]) + "\n", encoding="utf-8", errors="surrogatepass")
    refused(lambda: lab.playtests(log), lab.InvalidSave, "playtest seats")
    _count("item 10 (surrogates)", len(calls) + 5)


def test_a_long_target_gives_a_short_error() -> None:
    """Item 9: a target of 10,000 characters gave a 10,318-character error."""
    message = refused(lambda: lab.tune("memm", {"attach": {"choices": ["last", "any"]}}, "x" * 10_000), lab.LabError,
                      "long target")
    assert len(message) < MAX_MESSAGE
    _count("item 10 (surrogates)")
