"""memm's 3D board, Python side: the scene's ghosts are exactly the legal placements, and a
whole action sent by the view is checked like any click."""

from __future__ import annotations

import lab
from widgets import Board, Memm3D


def board() -> Memm3D:
    return Memm3D(lab.load("memm", players=2), seat=0, agents={1: "random"}, seed=3, pace=0)


def test_ghosts_are_the_legal_placements_with_their_faces() -> None:
    b = board()
    legal = {tuple(a.to_json()) for a in b.state.legal_actions(0) if a.kind == "place"}
    shown = {tuple(o["action"]) for opts in b.scene["ghosts"].values() for o in opts}
    assert shown == legal and legal
    for key, opts in b.scene["ghosts"].items():
        for o in opts:
            assert o["action"][2:5] == [int(v) for v in key.split(",")]
            assert len(o["colours"]) == 6 and all(n in ("I", "II", "III", "IV", "V", "VI") for n in o["numerals"])
    assert b.scene["cubes"] and all(len(c["colours"]) == 6 for c in b.scene["cubes"])


def test_a_placement_from_the_view_is_played_and_a_forged_one_refused() -> None:
    b = board()
    option = next(iter(b.scene["ghosts"].values()))[-1]
    before = b.state.state_hash()
    assert not b.place(["place", 99, 0, 0, 0, 0]) and "refused" in b.error
    cube, x, y, z, rot = option["action"][1:]
    assert not b.place(["place", cube, x + 5, y + 5, z, rot]) and "not legal" in b.error
    stale = b.handle({"kind": "act", "action": option["action"], "seat": 0, "token": b.token - 1})
    assert not stale and "out of date" in b.error
    assert b.state.state_hash() == before
    assert b.place(option["action"]) and b.message == f"you played {option['label']}"
    plain = Board(lab.load("memm", players=2), seat=0, pace=0)
    assert not plain.handle({"kind": "act", "action": ["pass"], "seat": 0, "token": plain.token})
    assert "unknown message kind" in plain.error  # only views that send whole actions accept them


def test_the_committed_3d_bundle_holds_the_current_board_view() -> None:
    """memm3d.js bundles board.js: after changing board.js, rebuild (cd widgets/js && npm run build)."""
    import hashlib
    from pathlib import Path

    static = Path(__file__).parents[1] / "widgets" / "static"
    digest = hashlib.sha256((static / "board.js").read_bytes()).hexdigest()[:16]
    first = (static / "memm3d.js").read_text(encoding="utf-8").splitlines()[0]
    assert first == f"// bundles board.js sha256:{digest}", "rebuild widgets/static/memm3d.js"
