"""Kit games are first-class games: Pig and Goofspiel (lab.kit.examples) through the public API.

Conformance checker, hidden-information audit, chance as declared nodes, simultaneous moves,
the safety limit, information states, saves, simulate/compare and cloudpickle shipping.
"""

from __future__ import annotations

import json

import cloudpickle
import numpy as np
import pytest

import lab
from lab.checks.conformance import check_game, conformance_variants
from lab.checks.probes import audit_game
from lab.kit.examples import Goofspiel, Pig
from lab.kit.probe import kit_probe


def _pig_state(**params: object) -> lab.State:
    return Pig(**params).new_initial_state()


# ------------------------------------------------------------------ conformance and audit
@pytest.mark.parametrize("cls", [Pig, Goofspiel], ids=["pig", "goofspiel"])
def test_kit_games_pass_the_conformance_checker(cls: type[lab.Game]) -> None:
    for params in conformance_variants(cls):
        if cls is Pig:
            params = {"target": 20, **params}
        report = check_game(cls(params), n_games=2, seed=1)
        assert report.games == 2 and report.steps > 0 and report.round_trips > 0


@pytest.mark.parametrize("players", [2, 3])
def test_goofspiel_hands_stay_hidden(players: int) -> None:
    game = Goofspiel(players=players, cards=5)
    report = audit_game(game, kit_probe(game), n_games=2)
    assert report.secrets > 0 and report.twins > 0 and report.twins_differing > 0


def test_pig_hides_nothing_and_its_probe_says_so() -> None:
    game = Pig(target=20)
    assert type(game).perfect_information and not Goofspiel.perfect_information
    assert "no hidden information" in kit_probe(game).doc
    assert audit_game(game, kit_probe(game), n_games=1).views > 0


def test_a_view_function_is_audited_and_one_that_leaks_a_hidden_field_is_named() -> None:
    def own_hand(s: dict, seat: int | None) -> dict:
        return {**s, "hands": [h if p == seat else len(h) for p, h in enumerate(s["hands"])]}

    honest = Goofspiel.derive("honest", hidden={"hands": "owner"}, view=own_hand)
    assert honest(cards=4).check(n_games=1)["views"] > 0
    assert not honest.perfect_information
    leaky = Goofspiel.derive("leaky", hidden={"hands": "owner"}, view=lambda s, seat: s)  # every hand to everyone
    with pytest.raises(lab.InvalidGame, match=r"view\(state, seat\) shows a seat what it may not see.*'hands' \(owner\)"):
        leaky(cards=4).check(n_games=1)


# ------------------------------------------------------------------ chance, turns, simultaneous
def test_PIG_2_a_one_loses_the_turn_total_and_passes_the_die() -> None:
    state = _pig_state()
    state.apply_action(lab.act("roll"))
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [lab.act("rolled", f) for f in range(1, 7)]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(lab.act("rolled", 5))
    assert state.current_player() == 0 and state.observation(None)["state"]["turn_total"] == 5
    state.apply_action(lab.act("roll"))
    state.apply_action(lab.act("rolled", 1))
    assert state.current_player() == 1
    assert state.observation(None)["state"] == {"scores": [0, 0], "turn_total": 0}
    assert state.events[-1].clause == "PIG-2"


def test_PIG_3_hold_banks_the_turn_total() -> None:
    state = _pig_state(target=10)
    for action in ["roll", ["rolled", 6], "roll", ["rolled", 4], "hold"]:
        state.apply_action(action if isinstance(action, list) else [action])
    assert state.is_terminal() and state.returns() == [1.0, -1.0]  # PIG-4: 10 reaches the target


def test_GS_4_the_highest_bid_takes_the_prize_and_a_tie_discards_it() -> None:
    state = Goofspiel(cards=3).new_initial_state()
    state.apply_action(lab.act("drawn", 2))  # prize 3 turned up
    assert state.is_simultaneous_node() and state.acting_players() == [0, 1]
    state.apply_actions({0: lab.act("bid", 1), 1: lab.act("bid", 2)})
    assert state.is_chance_node()  # the next prize
    state.apply_action(lab.act("drawn", 0))  # prize 1
    state.apply_actions({0: lab.act("bid", 3), 1: lab.act("bid", 3)})
    # the round completes with the next prize turned up: one step, atomic (GS-2)
    assert state.chance_outcomes() == [(lab.act("drawn", 0), 1.0)]
    state.apply_action(lab.act("drawn", 0))
    view = state.observation(0)["state"]
    assert view["scores"] == [0, 3] and view["hands"] == [[2], 1]
    with pytest.raises(lab.IllegalAction):
        state.apply_actions({0: lab.act("bid", 3), 1: lab.act("bid", 1)})  # 3 was already bid


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    state = Goofspiel(cards=3).new_initial_state()
    before = state.full_state()
    with pytest.raises(lab.IllegalAction):
        state.apply_action(lab.act("drawn", 7))
    with pytest.raises(lab.IllegalAction):
        state.apply_action("not an action")
    assert state.full_state() == before and state.history() == []


def test_the_safety_limit_reports_an_unfinished_game() -> None:
    limited = lab.define_game(
        "pig_limited", setup=Pig.definition.setup, moves=list(Pig.definition.moves),
        end=Pig.definition.end, params=Pig.definition.parameters[1:], max_length=12,
    )
    game = limited(target=1000)
    assert game.max_game_length() == 12
    state = lab.play(game, seed=0)
    assert state.is_terminal() and len(state.history()) == 12 and state.returns() == [0.0, 0.0]
    assert state.unfinished and state.stopped_by == "max_length=12" and state.winners() == []
    assert state.events[-1].clause == "KIT-LIMIT" and state.events[-1].kind == "unfinished"
    assert "m_unfinished" not in lab.simulate(game, n_games=1)
    df = lab.simulate(game, n_games=5)
    assert (df["unfinished"] == 1).all() and (df["length_actions"] == 12).all()
    assert lab.simulate(Pig(target=20), n_games=5)["unfinished"].eq(0).all()


# ------------------------------------------------------------------ information states
def test_information_state_and_resample_hidden() -> None:
    game = Goofspiel(cards=5)
    state = lab.play(game, seed=2, on_step=None)
    mid = lab.replay(game, state.history()[:5])
    info = mid.information_state(0)
    json.dumps(info)
    twin = mid.resample_hidden(0, np.random.default_rng(1))
    assert twin.information_state(0) == info
    assert twin.full_state()["data"]["hands"][0] == mid.full_state()["data"]["hands"][0]
    assert sorted(twin.full_state()["data"]["hands"][1]) == sorted(mid.full_state()["data"]["hands"][1])
    pig = lab.replay(Pig(), lab.play(Pig(target=20), seed=1).history()[:6])
    assert pig.resample_hidden(1, np.random.default_rng(0)) == pig  # perfect information: a clone


# ------------------------------------------------------------------ saves, registry, shipping
def test_save_round_trip_of_an_unregistered_and_a_registered_kit_game() -> None:
    game = Goofspiel(cards=4)
    state = lab.play(game, seed=3)
    with pytest.raises(lab.InvalidSave, match="unknown game"):
        lab.state_from_json(state.to_json())
    assert lab.state_from_json(state.to_json(), game=game) == state
    lab.register(Goofspiel)
    try:
        assert lab.state_from_json(state.to_json()) == state
        assert lab.load("goofspiel", cards=4) == game
    finally:
        lab.unregister("goofspiel")


def test_cloudpickle_ships_a_kit_game_that_plays_identically() -> None:
    for game in (Pig(target=30), Goofspiel(cards=6, players=3)):
        shipped = cloudpickle.loads(cloudpickle.dumps(game))
        assert shipped == game
        a, b = lab.play(game, seed=5), lab.play(shipped, seed=5)
        assert a.history() == b.history() and a.returns() == b.returns()


def test_simulate_and_compare_a_kit_game() -> None:
    df = lab.simulate(Goofspiel(cards=5), n_games=30, seed=1)
    assert len(df) == 30 and set(df["winner"]) <= {-1, 0, 1} and "n[GS-4]" in df.columns
    two = lab.simulate(Goofspiel(cards=5), n_games=30, seed=1, workers=2)
    assert two.drop(columns=["variant"]).equals(df.drop(columns=["variant"]))
    comparison = lab.compare(Pig(target=30), {"die": 8}, n_games=60)
    assert "die=8" in str(comparison)


def test_derive_changes_one_rule_and_keeps_the_rest() -> None:
    def soft_roll(s: dict, ctx: lab.kit.Ctx) -> None:
        face = ctx.roll(ctx.params["die"])
        if face == 1:
            s["scores"][ctx.player] += s["turn_total"] // 2  # half the turn total is kept
            s["turn_total"] = 0
            ctx.end_turn()
        else:
            s["turn_total"] += face

    soft = Pig.derive("soft_pig", roll=soft_roll)
    assert soft.name == "soft_pig" and "roll" in soft.title
    state = soft(target=50).new_initial_state()
    for action in [["roll"], ["rolled", 6], ["roll"], ["rolled", 1]]:
        state.apply_action(action)
    assert state.observation(None)["state"]["scores"] == [3, 0]
    assert state.legal_actions() == [lab.act("roll"), lab.act("hold")]  # roll's legality kept
    with pytest.raises(lab.InvalidGame, match="'rool' is neither a move"):
        Pig.derive(rool=soft_roll)


# ------------------------------------------------------------------ phases and a board
def _path_board(params: object) -> object:
    import networkx as nx

    graph = nx.path_graph(4)
    for n in graph.nodes:
        graph.nodes[n]["pos"] = (n, 0)
    return graph


def _phased_game() -> type[lab.Game]:
    def setup(ctx: lab.kit.Ctx) -> dict:
        return {"claimed": [None] * 4, "ready": [False, False]}

    @lab.move(phase="ready")
    def ready(s: dict, ctx: lab.kit.Ctx) -> None:
        s["ready"][ctx.player] = True
        if all(s["ready"]):
            ctx.set_phase("claim")
        ctx.end_turn()

    @lab.move(node=range(4), legal=lambda s, ctx, node: s["claimed"][node] is None, phase="claim")
    def claim(s: dict, ctx: lab.kit.Ctx, node: int) -> None:
        s["claimed"][node] = ctx.player
        ctx.end_turn()

    def end(s: dict, ctx: lab.kit.Ctx) -> list[float] | None:
        if None in s["claimed"]:
            return None
        return [float(s["claimed"].count(p)) for p in range(ctx.players)]

    return lab.define_game("claims", setup=setup, moves=[ready, claim], end=end, board=_path_board,
                           utility_range=(0, 4))  # a seat claims up to every node of the path


def test_phases_offer_their_own_moves() -> None:
    state = _phased_game()().new_initial_state()
    assert state.legal_actions() == [lab.act("ready")]
    with pytest.raises(lab.IllegalAction, match="claim is not a move of the phase 'ready'"):
        state.apply_action(lab.act("claim", 0))
    state.apply_action(lab.act("ready"))
    state.apply_action(lab.act("ready"))
    assert state.observation(None)["phase"] == "claim"
    assert state.legal_actions() == [lab.act("claim", n) for n in range(4)]
    state.apply_action(lab.act("claim", 2))
    assert lab.act("claim", 2) not in state.legal_actions()
    check_game(state.game, n_games=3)


def test_the_default_view_draws_the_board_and_makes_nodes_clickable() -> None:
    state = _phased_game()().new_initial_state()
    for _ in range(2):
        state.apply_action(lab.act("ready"))
    svg = state.render_svg(0)
    assert svg.startswith("<svg") and svg.count("<circle") == 4 and 'data-target="3"' in svg
    assert state.action_targets(0) == {str(n): [lab.act("claim", n)] for n in range(4)}
    assert state.action_targets(1) == {}  # not seat 1's turn


def test_the_default_view_shows_only_the_viewers_hand() -> None:
    state = Goofspiel(cards=5).new_initial_state()
    state.apply_action(lab.act("drawn", 0))
    state.apply_actions({0: lab.act("bid", 5), 1: lab.act("bid", 2)})
    state.apply_action(lab.act("drawn", 0))
    own = state.render_svg(0)
    assert "your: [1, 2, 3, 4]" in own and "seat 1: 4 hidden" in own
    assert "[1, 3, 4, 5]" not in own
    assert "your" not in state.render_svg(None)


def test_deal_and_weighted_draw_are_declared_chance_nodes() -> None:
    def setup(ctx: lab.kit.Ctx) -> dict:
        hands, rest = ctx.deal(["a", "b", "c", "d"], hands=ctx.players, count=1)
        return {"hands": hands, "deck": rest, "colour": ctx.draw(["red", "blue"], weights=[3, 1])}

    def play(s: dict, ctx: lab.kit.Ctx) -> None:
        s["hands"][ctx.player] = []
        ctx.end_turn()

    game = lab.define_game(
        "dealt", setup=setup, moves=[play], hidden={"hands": "owner", "deck": "nobody"},
        end=lambda s, ctx: 0 if not any(s["hands"]) else None,
    )()
    state = game.new_initial_state()
    sizes = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        sizes.append([round(p, 3) for _, p in outcomes])
        state.apply_action(outcomes[0][0])
    # a shuffle of 4: draws among 4, 3, 2 (the last card is what is left), then the weighted colour
    assert sizes == [[0.25] * 4, [0.333] * 3, [0.5] * 2, [0.75, 0.25]]
    data = state.full_state()["data"]
    assert data == {"hands": [["a"], ["b"]], "deck": ["c", "d"], "colour": "red"}
    assert state.observation(0)["state"] == {"hands": [["a"], 1], "deck": 2, "colour": "red"}
    report = audit_game(game, kit_probe(game), n_games=2)
    assert report.twins_differing > 0


def test_a_logged_container_is_a_read_only_copy_and_the_context_record_is_read_only() -> None:
    def take(s: dict, ctx: lab.kit.Ctx, n: int) -> None:
        s["taken"].append(n)
        ctx.log("T-1", "took", taken=s["taken"], n=n)  # the state's own list
        ctx.end_turn()

    def turn_back(s: dict, ctx: lab.kit.Ctx) -> None:
        ctx.turn = 0  # type: ignore[misc]  # turn order goes through end_turn / all_move

    game = lab.define_game(
        "taker", setup=lambda ctx: {"taken": []}, moves=[lab.move(take, n=range(3)), turn_back],
        end=lambda s, ctx: 0 if len(s["taken"]) == 3 else None,
    )()
    state = game.new_initial_state()
    state.apply_action(lab.act("take", 1))
    state.apply_action(lab.act("take", 2))
    first, second = state.events
    assert (first.data, second.data) == ({"taken": [1], "n": 1}, {"taken": [1, 2], "n": 2})
    assert (first.step, second.step) == (1, 2)
    with pytest.raises(lab.core.frozen.FrozenError):
        first.data["taken"].append(9)
    with pytest.raises(lab.core.frozen.FrozenError):
        first.data["n"] = 0  # type: ignore[index]
    copy = state.clone()
    copy.apply_action(lab.act("take", 0))
    assert state.events[-1].data["taken"] == [1, 2] and copy.events[-1].data["taken"] == [1, 2, 0]
    before = state.full_state()
    with pytest.raises(lab.InvalidGame, match="turn_back.*AttributeError"):
        state.apply_action(lab.act("turn_back"))
    assert state.full_state() == before
