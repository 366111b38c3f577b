"""Hidden information never reaches the browser: every synced trait of every widget is searched.

For every game, a Play widget (human seat 0, agents elsewhere) is played by clicking; after each
human move every synced trait of every widget in the tree (the board, the controls, the variant
editor, the upload box...) is checked three ways with the game's probe (:mod:`tests.tools.probes`):

* searched for the secrets derived from ``full_state()`` for seat 0 (face-down tile colours,
  other hands, the deck order);
* searched for the private fields of events seat 0 may not see;
* non-interference: a *twin* state that differs only in what seat 0 may not know (other hands
  dealt afresh, face-down tiles permuted) must give exactly the same browser view.

Planted leaks must be found, so the checks can fail.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from ipywidgets import Widget
from test_widgets_kit import do_by_clicks

import lab
from tests.tools.probes import find_leaks, private_event_leaks, probe, strings_in
from tests.tools.toy_game import registered_toy
from widgets import Play
from widgets._session import Session

VIEWER = 0
HUMAN_MOVES = 10
STATIC_KEYS = {"_esm", "_css", "_anywidget_id"}  # the widget's own JS/CSS source, not game data


def widget_tree(root: Widget) -> Iterator[Widget]:
    """Every widget reachable from ``root`` through its traits."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        yield w
        for name in w.keys:
            value = getattr(w, name, None)
            items = value if isinstance(value, list | tuple) else [value]
            todo.extend(v for v in items if isinstance(v, Widget))


def synced_values(root: Widget) -> list[tuple[str, Any]]:
    """``(widget.trait, value)`` for every synced trait, as the browser receives it."""
    out = []
    for w in widget_tree(root):
        for key, value in w.get_state().items():
            if key not in STATIC_KEYS:
                out.append((f"{type(w).__name__}.{key}", value))
    return out




def leaks(root: Widget, secrets: list[Any]) -> list[str]:
    found = []
    for where, value in synced_values(root):
        if not isinstance(value, str | bytes | memoryview):
            found += [f"{where}: {m}" for m in find_leaks(value, secrets)]
        for text in strings_in(value):
            found += [f"{where}: {m}" for m in find_leaks(text, secrets)]
    return found


def view_of(play: Play, state: Any) -> dict[str, Any]:
    """What the browser would get if the session's state were ``state`` (token aside)."""
    session = play.session
    real = session.state
    session.state, session._options_cache = state, None
    try:
        view = session.view()
        view["timed"] = play.board._timed_offer()
    finally:
        session.state, session._options_cache = real, None
    view.pop("token")
    return view


def play_and_audit(name: str, seed: int = 0, moves: int = HUMAN_MOVES) -> tuple[int, int]:
    """Play by clicks; audit the widget tree after each move. Returns (secrets, differing twins)."""
    game = lab.load(name)
    agents = {p: "random" for p in range(1, game.num_players())}
    play = Play(game, humans=[VIEWER], agents=agents, seed=seed, pace=0)
    rng = np.random.default_rng(seed)
    p = probe(name)
    secrets_seen = twins_differing = 0
    for _ in range(moves):
        state = play.state
        secrets = p.secrets(state, VIEWER)
        secrets_seen += len(secrets)
        found = leaks(play, secrets)
        found += private_event_leaks(state, VIEWER, [v for _, v in synced_values(play)])
        assert not found, f"{name} move {state.move_number()}: {found[:3]}"
        if p.twin is not None and (twin := p.twin(state, VIEWER, rng)) is not None:
            twins_differing += twin.full_state() != state.full_state()
            mine, other = view_of(play, state), view_of(play, twin)
            diff = sorted(k for k in mine if mine[k] != other[k])
            assert not diff, f"{name} move {state.move_number()}: the view changes with hidden facts: {diff}"
        if state.is_terminal():
            break
        legal = [a for a in state.legal_actions(VIEWER) if a.kind not in play.session.timed_kinds]
        if not legal and play.board.timed:
            play.board.handle({"kind": "timed", "ms": 400, "option": 0, "seat": VIEWER, "token": play.board.token})
            continue
        do_by_clicks(play.board, legal[int(rng.integers(len(legal)))])
    return secrets_seen, twins_differing


def test_no_synced_trait_of_any_widget_leaks_a_secret(game_name: str) -> None:
    results = [play_and_audit(game_name, seed) for seed in (0, 1)]
    seen = sum(r[0] for r in results)
    twins = sum(r[1] for r in results)
    if probe(game_name).twin is not None:
        assert twins > 0, f"{game_name}: the twins never differed, the comparison proved nothing"
    elif seen == 0:
        assert "no hidden information" in probe(game_name).doc, f"{game_name}: no secret was ever checked"


def test_the_hidden_hand_toy_keeps_its_secrets_in_the_widgets() -> None:
    with registered_toy():
        assert play_and_audit("toy", 1, moves=6)[0] > 0


@pytest.mark.parametrize(("name", "where"), [("toy", "buttons"), ("toy", "svg"), ("toy", "log"),
                                           ("fiemme_cembra", "status")])
def test_a_planted_leak_in_the_synced_state_is_found(name: str, where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    honest = Session.view

    def leaky_view(self: Session) -> dict[str, Any]:
        view = honest(self)
        full = self.state.full_state()
        if where == "buttons":
            view["buttons"] = [*view["buttons"], {"label": "debug", "action": full["hands"]}]
        elif where == "svg":
            others = [c for p, h in enumerate(full["hands"]) if p != self.viewer for c in h]
            view["svg"] += "<!-- " + " ".join(f"c{c}" for c in others) + " -->"
        elif where == "log":
            entry = {"step": 0, "clause": "DEBUG", "kind": "dump", "hands": full["hands"]}
            view["log"] = [*view["log"], entry]
        else:  # found by the twin comparison alone (this probe names no secrets)
            view["status"] += f" (hands {full['hands']})"
        return view

    monkeypatch.setattr(Session, "view", leaky_view)
    with registered_toy(), pytest.raises(AssertionError, match="holds|shows|changes with hidden"):
        play_and_audit(name, 1, moves=6)


def test_an_uploaded_save_leaves_the_synced_state_at_once(tmp_path: Any) -> None:
    with registered_toy():
        play = Play("toy", humans=[0], agents={1: "random"}, seed=2, pace=0, save_dir=tmp_path)
        text = play.save().read_text()
        play.upload.value = ({"name": "g.json", "type": "application/json", "size": len(text),
                              "content": memoryview(text.encode()),
                              "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)},)
        assert play.upload.value == ()
        assert "loaded" in play.note.value
        assert not leaks(play, probe("toy").secrets(play.state, 0))


def test_the_3d_view_of_memm_syncs_nothing_hidden() -> None:
    """#19: Memm3D's synced scene holds the public structure and the viewer's own ghosts only."""
    from widgets import Memm3D

    board = Memm3D(lab.load("memm", players=2), seat=VIEWER, agents={1: "random"}, seed=2, pace=0)
    p = probe("memm")
    rng = np.random.default_rng(2)
    for _ in range(6):
        state = board.state
        found = leaks(board, p.secrets(state, VIEWER))
        found += private_event_leaks(state, VIEWER, [v for _, v in synced_values(board)])
        assert not found, found[:3]
        if board.scene["ghosts"]:
            assert board.your_turn  # placements are offered to the player to move only
        if state.is_terminal():
            break
        options = [o for opts in board.scene["ghosts"].values() for o in opts]
        assert options, board.status
        assert board.place(options[int(rng.integers(len(options)))]["action"]), board.error
