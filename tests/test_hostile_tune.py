"""``lab.tune`` storages and studies that cannot be used, and studies left half done (issue 40
items 5 and 9).

Random bytes, a truncated or locked database, a folder, a missing folder, an int, a database URL
without its driver, another program's SQLite, ``sqlite:///`` with no file: each gave a raw
SQLAlchemy/optuna traceback (or, for ``sqlite:///``, kept nothing, silently). A study name reused
with the opposite direction kept the old one and mixed its scores in; with another space,
``KeyError``; a tampered trial, ``IndexError``; a budget larger than the space proposed repeats
up to 5 x the budget; a study killed with SIGKILL kept a trial ``RUNNING`` for ever.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import sys
import textwrap
from pathlib import Path
from typing import Any

import optuna
import pytest

import lab
from lab.cli import main as cli_main
from lab.core.errors import InvalidStorage
from lab.tune import study as study_module
from lab.tune import tune
from lab.tune.targets import TargetError
from tests.tools import patience
from tests.tools.hostile import refusals
from tests.tools.peak_dice import PeakDice

COUNTS, ACCEPTED, _count, _print_counts = refusals("tune cases")
SPACE = {"x": {"low": 0, "high": 100}, "y": {"low": 0, "high": 100}}
ROOT = Path(__file__).resolve().parents[1]


def _tune(storage: Any, **kwargs: Any) -> Any:
    settings: dict[str, Any] = {"budget": 2, "games": 2, "final_games": 2, "finalists": 1, "seed": 1, "progress": False}
    settings.update(kwargs)
    space = settings.pop("space", SPACE)
    target = settings.pop("target", "max:score")
    return tune(PeakDice(), space, target, storage=storage, **settings)


def hostile_storages(tmp: Path) -> list[tuple[str, Any, str]]:
    """(label, storage, words of the message)."""
    random_bytes = tmp / "random.db"
    random_bytes.write_bytes(os.urandom(5000))
    good = tmp / "good.db"
    optuna.create_study(study_name="s", storage=f"sqlite:///{good}")
    truncated = tmp / "truncated.db"
    truncated.write_bytes(good.read_bytes()[:3000])
    other = tmp / "other.db"
    with sqlite3.connect(other) as con:
        con.execute("create table studies (x int)")
    folder = tmp / "folder.db"
    folder.mkdir()
    text = tmp / "notes.db"
    text.write_text("some notes")
    out: list[tuple[str, Any, str]] = [
        ("random bytes", f"sqlite:///{random_bytes}", "not an SQLite database"),
        ("a truncated database", f"sqlite:///{truncated}", "damaged"),
        ("another program's SQLite", f"sqlite:///{other}", "other tables than optuna's"),
        ("a folder", f"sqlite:///{folder}", "is a folder"),
        ("a missing folder", f"sqlite:///{tmp / 'no' / 'such' / 's.db'}", "does not exist"),
        ("a text file", f"sqlite:///{text}", "not an SQLite database"),
        ("an int", 3, "storage must be None"),
        ("a list", ["sqlite:///x.db"], "storage must be None"),
        ("sqlite:/// without a file", "sqlite:///", "names no file"),
        ("sqlite:///:memory:", "sqlite:///:memory:", "names no file"),
        ("not a URL", "studies.db", "not a database URL"),
        ("a URL of 10,000 characters", "sqlite:///" + "x" * 10_000, "not a database URL"),
        ("a NUL in the path", "sqlite:///a\x00b.db", "not a database URL"),
        ("a database whose driver is unknown", "postgresql+nosuchdriver://u@localhost/db", "storage"),
    ]
    import importlib.util

    if importlib.util.find_spec("psycopg2") is None:  # the case: the driver is not installed
        out.append(("PostgreSQL without its driver", "postgresql://u@localhost/db", "driver is not installed"))
    if Path("/dev/null").exists():
        out.append(("a device", "sqlite:////dev/null", "not a regular file"))
    return out


def test_hostile_storages_are_refused_in_one_line_before_any_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []
    real = study_module._evaluate
    monkeypatch.setattr(study_module, "_evaluate", lambda *a, **k: played.append(1) or real(*a, **k))
    corpus = hostile_storages(tmp_path)
    for label, storage, words in corpus:
        with pytest.raises(InvalidStorage) as info:
            _tune(storage)
        message = str(info.value)
        assert words in message and len(message) < 1000 and "\n" not in message, (label, message)
        message.encode("utf-8")
    assert not played, "a game was played before the storage was refused"
    _count("item 9 (storages)", len(corpus))


def test_a_locked_database_is_refused_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "locked.db"
    optuna.create_study(study_name="s", storage=f"sqlite:///{db}")
    holder = sqlite3.connect(db, timeout=0)
    holder.execute("begin exclusive")
    try:
        with pytest.raises(InvalidStorage, match="locked by another process"):
            _tune(f"sqlite:///{db}")
    finally:
        holder.rollback()
        holder.close()
    _count("item 9 (storages)")


def test_the_command_line_says_the_same_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "space.json"
    spec.write_text('{"attach": {"choices": ["last", "any"]}}')
    cases = [c for c in hostile_storages(tmp_path) if isinstance(c[1], str) and c[1].startswith("sqlite:///")]
    for label, storage, words in cases:
        code = cli_main(["tune", "memm", "--space", str(spec), "--target", "turns=9", "-n", "2", "--budget", "1",
                         "--storage", storage])
        err = capsys.readouterr().err
        assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (label, err[:300])
        assert words in err, (label, err)
    _count("item 9 (CLI storages)", len(cases))


def test_a_study_reused_with_other_targets_or_another_space_is_refused(tmp_path: Path) -> None:
    """Item 5: the opposite direction kept MAXIMIZE and mixed the old scores in; another space
    raised KeyError."""
    storage = f"sqlite:///{tmp_path / 'studies.db'}"
    _tune(storage, study_name="shared")
    for changes, words in [
        ({"target": "min:score"}, "was made to maximize but these targets minimize"),
        ({"target": "max:minutes"}, "made for another targets"),
        ({"space": {"x": {"low": 0, "high": 50}, "y": {"low": 0, "high": 100}}}, "made for another space"),
        ({"space": {"x": {"low": 0, "high": 100}}}, "made for another space"),
        ({"target": ["max:score", "max:minutes"]}, "was made to maximize but these targets maximize, maximize"),
    ]:
        with pytest.raises(InvalidStorage, match=words):
            _tune(storage, study_name="shared", **changes)
        _count("item 5 (studies)")
    again = _tune(storage, study_name="shared", budget=3)  # the same search resumes
    assert again.variants_played == 3
    ACCEPTED["the same search under the same study name"] = "it resumes the study (only the missing trials run)"


def test_a_study_of_an_older_lab_with_another_space_is_refused(tmp_path: Path) -> None:
    storage = f"sqlite:///{tmp_path / 'studies.db'}"
    study = optuna.create_study(study_name="old", storage=storage, direction="maximize")
    study.optimize(lambda t: t.suggest_int("z", 0, 3), n_trials=2)
    with pytest.raises(InvalidStorage, match="another space"):
        _tune(storage, study_name="old")
    _count("item 5 (studies)")


def test_a_tampered_trial_is_refused_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "studies.db"
    storage = f"sqlite:///{db}"
    space = {"x": {"choices": [1, 2, 3]}, "y": {"low": 0, "high": 100}}
    _tune(storage, study_name="t", space=space)
    with sqlite3.connect(db) as con:
        con.execute("update trial_params set param_value = 99 where param_name = 'x'")
    with pytest.raises(InvalidStorage, match="damaged trial"):
        _tune(storage, study_name="t", space=space, budget=3)
    _count("item 9 (tampered trials)")


def test_tampered_trial_attributes_do_not_break_the_report(tmp_path: Path) -> None:
    db = tmp_path / "studies.db"
    storage = f"sqlite:///{db}"
    _tune(storage, study_name="t")
    with sqlite3.connect(db) as con:
        con.execute("update trial_user_attributes set value_json = '[1]' where key = 'max:score'")
    result = _tune(storage, study_name="t")
    assert "max:score" not in result.trials.columns or result.trials["max:score"].isna().all()
    ACCEPTED["a tampered estimate in a trial's attributes"] = "left out of the trials table (the finalists are re-measured anyway)"


def test_a_budget_larger_than_the_space_is_cut_to_it(tmp_path: Path) -> None:
    """Item 5: 2 values and a large budget proposed repeats up to 5 x the budget (58 s CPU)."""
    with pytest.warns(UserWarning, match="the space holds 2 variant"):
        result = _tune(None, space={"x": {"choices": [10, 60]}, "y": 71}, budget=500)
    assert result.variants_played == 2 and result.budget == 2
    assert len(result.trials) <= 10  # at most 5 proposals per variant of the (cut) budget
    _count("item 5 (budget)")


KILLED = textwrap.dedent('''
    import os, signal, sys
    sys.path.insert(0, sys.argv[2])
    from lab.tune import study
    from tests.tools.peak_dice import PeakDice

    def killed(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGKILL)  # killed in the middle of the trial's games

    study._evaluate = killed
    study.tune(PeakDice(), {"x": {"low": 0, "high": 100}, "y": {"low": 0, "high": 100}}, "max:score", budget=2,
               games=2, storage=sys.argv[1], study_name="k", progress=False)
''')


def test_a_study_killed_mid_trial_resumes_without_a_trial_running_for_ever(tmp_path: Path) -> None:
    storage = f"sqlite:///{tmp_path / 'studies.db'}"
    done = patience.run([sys.executable, "-c", KILLED, storage, str(ROOT)], cpu=300)
    assert done.returncode == -signal.SIGKILL, done.stderr[-1500:]
    study = optuna.load_study(study_name="k", storage=storage)
    assert [t.state for t in study.trials] == [optuna.trial.TrialState.RUNNING]
    # a trial a live process of this machine plays is left alone
    live = study.ask()
    live.set_user_attr("owner", {"host": __import__("socket").gethostname(), "pid": os.getppid()})
    result = _tune(storage, study_name="k", budget=2)
    states = [t.state for t in optuna.load_study(study_name="k", storage=storage).trials]
    assert states[0] == optuna.trial.TrialState.FAIL and states[1] == optuna.trial.TrialState.RUNNING
    assert result.variants_played == 2
    _count("item 5 (killed studies)")


def test_an_error_inside_a_trial_leaves_it_failed_not_running(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = f"sqlite:///{tmp_path / 'studies.db'}"

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(study_module, "_evaluate", interrupted)
    with pytest.raises(KeyboardInterrupt):
        _tune(storage, study_name="i")
    assert [t.state for t in optuna.load_study(study_name="i", storage=storage).trials] == [optuna.trial.TrialState.FAIL]
    _count("item 5 (killed studies)")


# ====================================================================== item 6: silent acceptances
@pytest.mark.parametrize(("label", "settings", "words"), [
    ("win_rate of a seat the game lacks", {"target": "max:win_rate[99]"}, r"seats 0\.\.1"),
    ("win_rate of a seat past the space", {"target": "max:win_rate[2]"}, r"seats 0\.\.1"),
    ("finalists=10**6", {"finalists": 10**6}, "at most the budget"),
    ("finalists=0", {"finalists": 0}, "finalists must be a whole number"),
    ("startup_trials=-5", {"startup_trials": -5}, "startup_trials must be a whole number from 0 to the budget"),
    ("startup_trials=1.5", {"startup_trials": 1.5}, "startup_trials must be a whole number from 0 to the budget"),
    ("startup_trials=True", {"startup_trials": True}, "startup_trials must be a whole number from 0 to the budget"),
])
def test_item_6_tune_settings_that_name_nothing_are_refused_before_any_game(
        label: str, settings: dict[str, Any], words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 6: ``win_rate[99]``, ``finalists=10**6`` and ``startup_trials=-5`` were accepted
    silently (a seat that does not exist measured as 0)."""

    def no_games(*args: Any, **kwargs: Any) -> None:
        raise AssertionError(f"{label}: a game was played before the refusal")

    monkeypatch.setattr(study_module, "_evaluate", no_games)
    with pytest.raises(lab.LabError, match=words) as info:
        _tune(None, **settings)
    assert "\n" not in str(info.value) and len(str(info.value)) < 300, label
    _count("item 6 (tune settings)")


def test_item_6_a_clause_target_that_never_fired_is_reported() -> None:
    """Item 6: ``n[ZZ-9]`` named no column and was measured as 0 without a word: a clause ID
    that is not the game's is refused before any game (issue 37's target check); one of the game's
    that never fires in the study is reported; a clause of the game that fires is measured
    without the warning."""
    with pytest.raises(TargetError, match="ZZ-9 is not a clause of peak_dice"):
        _tune(None, target="max:n[ZZ-9]")
    with pytest.warns(UserWarning, match=r"the clause 'PD-3' never fired in the \d+ games played"):
        _tune(None, target="max:n[PD-3]")  # a rule point of the game that logs no event
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = _tune(None, target="max:n[PD-1]")
    assert not [w for w in caught if "never fired" in str(w.message)]
    assert result.finalists and result.finalists[0].measures[0].estimate > 0
    _count("item 6 (tune settings)")


def test_item_6_the_default_finalists_fit_a_small_budget() -> None:
    result = _tune(None, budget=2, finalists=None)
    assert len(result.finalists) <= 2
    ACCEPTED["finalists left out with a budget under 3"] = "the default is min(3, budget)"


def test_lab_exports_the_storage_error() -> None:
    assert issubclass(InvalidStorage, lab.LabError) and issubclass(InvalidStorage, ValueError)
