"""The mutation-testing driver (tests/tools/mutants.py) without running mutmut: configs, fingerprints, scores."""

from __future__ import annotations

import pytest

from tests.tools import mutants as mt

DIFF = """--- lab/games/x/rules.py
+++ lab/games/x/rules.py
@@ -1,3 +1,3 @@
 def score(a):
-    return a + 1
+    return a - 1
"""


def test_a_fingerprint_ignores_the_mutant_number_and_follows_the_change() -> None:
    a = mt.fingerprint("lab.games.x.rules.x_score__mutmut_3", DIFF)
    b = mt.fingerprint("lab.games.x.rules.x_score__mutmut_17", DIFF)
    c = mt.fingerprint("lab.games.x.rules.x_score__mutmut_3", DIFF.replace("a - 1", "a * 1"))
    assert a == b != c and a.startswith("lab.games.x.rules.x_score@")


def test_the_score_counts_killed_over_judged_non_equivalent_mutants() -> None:
    fp = mt.fingerprint("m.f__mutmut_2", DIFF)
    mutants = [
        {"name": "m.f__mutmut_1", "module": "m.py", "status": "killed"},
        {"name": "m.f__mutmut_2", "module": "m.py", "status": "survived", "diff": DIFF, "fingerprint": fp},
        {"name": "m.f__mutmut_3", "module": "m.py", "status": "no tests", "diff": DIFF + " ", "fingerprint": "m.f@other"},
        {"name": "m.f__mutmut_4", "module": "m.py", "status": "timeout"},
        {"name": "m.f__mutmut_5", "module": "m.py", "status": "not checked"},
    ]
    cfg = {"modules": ["m.py"], "tests": ["t.py"], "equivalent": {fp: "only a log label changes", "gone@1": "x"}}
    report = mt.summarise("x", cfg, mutants)
    assert report["killed"] == 2 and report["equivalent"] == 1 and report["unjudged"] == 1
    assert report["score"] == pytest.approx(2 / 3)  # 5 mutants - 1 equivalent - 1 not judged
    assert report["stale_explanations"] == ["gone@1"]
    text = mt.markdown(report)
    assert "Incomplete run" in text and "only a log label changes" in text and "m.f@other" in text
    assert "| `m.py` | 5 | 2 | 1 | 1 | 66.7% |" in text  # a module's score counts its judged mutants


def test_an_unknown_game_or_a_bad_config_is_a_clear_error(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(mt, "ROOT", tmp_path)
    with pytest.raises(mt.MutantsError, match="no mutation config for game 'nope'"):
        mt.load_config("nope")
    (tmp_path / "mutants" / "g").mkdir(parents=True)
    (tmp_path / "mutants" / "g" / "config.toml").write_text('modules = ["lab/missing.py"]\ntests = ["t.py"]\n')
    with pytest.raises(mt.MutantsError, match="'modules' lists paths that do not exist: lab/missing.py"):
        mt.load_config("g")


def test_the_scratch_pyproject_gets_the_games_mutmut_section() -> None:
    text = mt.mutmut_section({"modules": ["lab/games/memm/rules.py"], "tests": ["tests/games/test_memm_rules.py"]})
    assert 'only_mutate = ["lab/games/memm/rules.py"]' in text
    assert 'pytest_add_cli_args_test_selection = ["tests/games/test_memm_rules.py"]' in text


def test_a_changed_source_is_stamped_newer_and_drops_the_stale_test_map(tmp_path, monkeypatch) -> None:
    """mutmut rebuilds a file's mutants only when the source is newer than them (copies keep
    the checkout's times), and links a newly mutated function to tests only when it collects
    its test map afresh: the sync must force both when a source changed."""
    import os

    root, work = tmp_path / "repo", tmp_path / "work"
    (root / "lab").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "lab" / "rules.py").write_text("def f():\n    return 1\n")
    (root / "lab" / "other.py").write_text("X = 1\n")
    (root / "tests" / "test_r.py").write_text("def test_f():\n    pass\n")
    old = 1_000_000_000
    for path in (root / "lab" / "rules.py", root / "lab" / "other.py"):
        os.utime(path, (old, old))
    monkeypatch.setattr(mt, "ROOT", root)
    mt.sync_copy(work)
    stats = work / "mutants" / "mutmut-stats.json"
    stats.parent.mkdir()
    stats.write_text("{}")
    mt.sync_copy(work)  # nothing changed: times and the test map are kept
    assert os.path.getmtime(work / "lab" / "rules.py") == old and stats.exists()
    (root / "lab" / "rules.py").write_text("def f():\n    return 2\n")
    os.utime(root / "lab" / "rules.py", (old, old))  # a checkout older than the last run
    mt.sync_copy(work)
    assert os.path.getmtime(work / "lab" / "rules.py") > old  # its mutants will be rebuilt
    assert os.path.getmtime(work / "lab" / "other.py") == old  # an unchanged file's are kept
    assert not stats.exists()
