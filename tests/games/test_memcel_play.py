"""Memcel end to end: conformance, metrics, the time model and the SVG (MC-3, MC-C1, MC-C2)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest

import lab
from lab import act
from lab.checks.conformance import check_game, conformance_variants
from lab.games.memcel import MemcelGame
from lab.games.memcel import components as C

SVG = "{http://www.w3.org/2000/svg}"
RANDOM_BOUND = 500  # random players never finish: their conformance games run to max_turns


@pytest.mark.parametrize("players", [2, 3, 4])
def test_MC_0_2_conformance_for_each_player_count(players):
    report = check_game(lab.load("memcel", players=players, max_turns=RANDOM_BOUND), n_games=2, seed=players)
    assert report.games == 2
    assert report.clause_counts.get("MC-1.1", 0) > 0


@pytest.mark.parametrize("variant", conformance_variants(MemcelGame)[1:], ids=str)
def test_AMB_MC_variants_pass_conformance(variant):
    players = variant.get("players", 2)
    params = {"max_turns": RANDOM_BOUND, **variant, "players": players}
    check_game(lab.load("memcel", **params), n_games=1, seed=5, check_every_step=False)


def test_MC_3_conformance_with_memory_agents():
    check_game(lab.load("memcel", players=3), n_games=2, seed=1, agents="memory")


def test_MC_3_metrics_progress_and_max_turns_unfinished():
    game = lab.load("memcel", players=3)
    st = lab.play(game, "perfect", seed=7)
    m = st.metrics()
    for key in ("turns", "rounds", "reveals", "lost_turns", "cards", "placements",
                "misses", "full_successes", "ring_turns", "board_turns", "swaps"):
        assert key in m
    assert m["placements"] == 48 and not st.unfinished and st.stopped_by is None
    prog = st.progress()
    assert prog[st.winners()[0]] == 1.0 and all(0.0 <= v <= 1.0 for v in prog)
    short = lab.play(lab.load("memcel", players=3, max_turns=8), "random", seed=1)
    assert short.unfinished and short.stopped_by == "max_turns=8" and short.winners() == []
    assert "timeout" not in short.metrics()
    assert "unfinished: stopped by the safety limit max_turns=8, nobody won" in short.render_svg(None)


def test_MC_3_simulate_reports_minutes_and_metrics():
    df = lab.simulate(lab.load("memcel", players=2), agents="memory", n_games=6, seed=2)
    for col in ("minutes", "turns", "unfinished", "stopped_by", "draw", "winner", "progress_0",
                "n[MC-1.1]"):
        assert col in df.columns
    assert not df["draw"].any()  # MC-3: the seed has no draw; a cut game is unfinished


def test_MC_C2_time_model_counts_acts_times_seconds():
    game = lab.load("memcel", players=2)
    st = lab.play(game, "perfect", seed=3)
    c = st.counts
    sec = C.DEFAULT_SECONDS
    expected = (sec["setup"] + sec["place"] * c["placements"] + sec["roll"] * c["rolls"]
                + sec["declare"] * c["declarations"] + sec["reveal"] * c["reveals"]
                + sec["cover"] * c["covered"] + sec["card"] * c["cards"]
                + sec["turn"] * (c["ring_turns"] + c["board_turns"]) + sec["swap"] * c["swaps"]
                + sec["peek"] * c["peeks"]) / 60
    assert st.estimated_minutes() == pytest.approx(expected)
    slow = lab.load("memcel", players=2, seconds={"card": 60})
    assert lab.play(slow, "perfect", seed=3).estimated_minutes() == pytest.approx(
        expected + 48 * c["cards"] / 60)
    with pytest.raises(lab.InvalidVariant, match="unknown kind"):
        lab.load("memcel", seconds={"dance": 3})


def test_MC_C2_seed_claims_about_twenty_minutes_for_human_like_players():
    """The model with human-like players lands near the seed's 20 minutes (a measurement)."""
    minutes = []
    for players in (2, 3, 4):
        game = lab.load("memcel", players=players)
        minutes += [lab.play(game, "memory", seed=s).estimated_minutes() for s in range(12)]
    mean = float(np.mean(minutes))
    assert 10.0 < mean < 40.0, mean


# ---------------------------------------------------------------- SVG
def slot_groups(svg):
    root = ET.fromstring(svg)
    return {g.get("data-target"): g for g in root.iter(f"{SVG}g")
            if (g.get("data-target") or "").startswith("slot-")}


def test_MC_C1_svg_draws_rings_and_hides_face_down_tiles():
    game = lab.load("memcel", players=3)
    st = lab.play(game, "memory", seed=1)
    for viewer in (None, 0, 1):
        svg = st.render_svg(viewer)
        groups = slot_groups(svg)
        assert len(groups) == 48
        for s in range(48):
            paths = groups[f"slot-{s}"].findall(f"{SVG}path")
            ring_fill = paths[0].get("fill")
            assert ring_fill == C.colour_hex(game.tables.ring_names[game.tables.ring_of[s]])
            tile = st.public_tile(s)
            if tile == "down":
                assert paths[1].get("fill") == C.BACK_HEX
            elif tile not in (None, "imprevisto"):
                assert paths[1].get("fill") == C.colour_hex(tile)
    assert st._repr_svg_().startswith("<svg")


def test_MC_C2_svg_is_the_same_for_every_viewer_but_buttons():
    game = lab.load("memcel", players=2)
    st = game.new_initial_state()
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    st.apply_action(act("place", "red", 0))
    st.apply_action(act("place", "imprevisto", 17))
    # player 1 must not learn what player 0 placed: spectator view = player 1 view
    assert "#d62828\"/>" not in st.render_svg(1).split("</g>", 1)[1]
    assert slot_groups(st.render_svg(1)).keys() == slot_groups(st.render_svg(None)).keys()
    # player 1 to act: the board drawn for player 0 is the spectator's (no buttons, no secret);
    # only the side panel (own colour, tiles left to place) is the viewer's own
    board = {k: ET.tostring(v) for k, v in slot_groups(st.render_svg(None)).items()}
    assert {k: ET.tostring(v) for k, v in slot_groups(st.render_svg(0)).items()} == board


def test_MC_1_1_action_targets_map_clicks_to_legal_actions():
    game = lab.load("memcel", players=2)
    st = game.new_initial_state()
    st.apply_action(act("d8", 8))
    st.apply_action(act("d8", 1))
    targets = st.action_targets(0)
    assert {t for t in targets if t.startswith("slot-")} == {f"slot-{s}" for s in range(48)}
    assert act("place", "red", 5) in targets["slot-5"]
    for t, actions in targets.items():  # the hand's tiles pick the kind to place (one click each)
        if t.startswith("hand-"):
            assert actions and {a.kind for a in actions} == {"place"} and {a.args[0] for a in actions} == {t[5:]}
    assert st.action_targets(1) == {}
    hunt = lab.play(lab.load("memcel", players=2, max_turns=1), "random", seed=0)
    assert hunt.action_targets(0) == {}
    # a declaration: buttons in the SVG carry their targets
    st2 = game.new_initial_state()
    for a in (act("d8", 8), act("d8", 1)):
        st2.apply_action(a)
    while st2.phase != "hunt":
        if st2.is_chance_node():
            st2.apply_action(act("icon", 0))
        else:
            st2.apply_action(st2.legal_actions()[0])
    t2 = st2.action_targets(0)
    assert t2["act-attack"] == [act("attack")]
    assert t2["act-defend-skip"] == [act("defend", "skip")]
    svg = st2.render_svg(0)
    assert 'data-target="act-attack"' in svg
    ET.fromstring(svg)
