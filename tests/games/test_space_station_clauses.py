"""Save the Space Station rules checked through the public API only (issue #17: a wrong rule fails).

Positions are built with :func:`lab.games.space_station.state_from_observation` (what a search
agent uses) from an observation whose pieces, turn and remaining step program we set; the game
is then driven with ``apply_action`` (the player's choices and the dice, chosen) and read back
through events, ``legal_actions``, ``observation`` and ``board``.
"""

from __future__ import annotations

import pytest

from lab.core.actions import act
from lab.core.state import CHANCE, TERMINAL
from lab.games.space_station import SpaceStationGame, state_from_observation
from tests.scenarios.space_station import position

S = 0
F1, F2, F3, F4 = 1, 2, 3, 4
D1, D2 = 7, 8
M1, M2 = 9, 10
WAITING, IN_PLAY, DESTROYED = 0, 1, 2
REST_OF_TURN = [["missile", 0], ["droid", 0], ["droid_fire", 0],
                ["missile", 1], ["droid", 1], ["droid_fire", 1], ["end_turn"]]


def cell(st, pid):
    """The (col, row) node of piece ``pid`` (None when off the board)."""
    where = st.observation(0)["pieces"][pid]["hex"]
    return None if where is None else tuple(where)


def status(st, pid):
    return st.observation(0)["pieces"][pid]["status"]


def kinds(st, start=0):
    return [e.kind for e in st.events[start:]]


def play_dice(st, face=6, until_player=True):
    """Answer every chance node (lasers with ``face``, the first of anything else)."""
    while st.current_player() == CHANCE:
        pend = st.observation(0)["pending"]
        st.apply_action(act("roll", face) if pend[0] == "roll" else st.legal_actions()[0])
        if not until_player:
            return


def end_moves(st, face=6):
    """``end`` the player's phase and play the dice to the next decision (or the end)."""
    st.apply_action(act("end"))
    play_dice(st, face)


# ---------------------------------------------------------------------- the turn program
def test_SS_J_launch_attack_rolls_for_the_new_fighter():
    # the station moves from orbit hex 15 to orbit hex 0, (19, 9); a missile five hexes left
    game = SpaceStationGame()
    geo = game.geometry
    st = position(game, pieces={M1: (14, 9)}, station_k=15, queue=[["end_turn"]])
    assert geo.nodes[geo.orbit[0]] == (19, 9)
    st.apply_action(act("end"))
    assert st.observation(0)["pending"] == ["roll", S, M1]  # SS-J (2): the station fires first
    st.apply_action(act("roll", 1))  # a miss
    # (3) F1 leaves, (4) attacks the missile in range at once
    assert st.observation(0)["pending"] == ["roll", F1, M1]
    assert [e.kind for e in st.events[-2:]] == ["laser", "launch"]
    st.apply_action(act("roll", 1))
    # (5) F2 leaves and (6) attacks too
    assert st.observation(0)["pending"] == ["roll", F2, M1]
    st.apply_action(act("roll", 5))
    assert status(st, M1) == DESTROYED and st.current_player() == TERMINAL


# ---------------------------------------------------------------------- once per turn, and no more
def test_SS_J_SS_G3_acted_fired_and_launched_marks_expire_at_the_turn_end():
    # turn 2: F1 has moved and fired; the turn ends; in turn 3 it may move and fire again, while
    # the two fighters launched in turn 3 may not move yet (AMB-SS-4 launch_moves=False)
    st = position(pieces={F1: (5, 5), D1: (10, 5)}, acted=1 << F1, fired=1 << F1,
                  queue=[["end_turn"]])
    assert [a.kind for a in st.legal_actions()] == ["end"]  # F1 already acted this turn
    st.apply_action(act("end"))
    play_dice(st)
    obs = st.observation(0)
    assert obs["turn"] == 3 and obs["decision"] == ["phase"]
    assert [status(st, f) for f in (F2, F3, F4)] == [IN_PLAY, IN_PLAY, WAITING]
    assert st.legal_actions() == [act("select", F1 - 1), act("end")]
    st.apply_action(act("select", F1 - 1))
    st.apply_action(act("stop"))
    assert st.observation(0)["pending"] == ["roll", F1, D1]  # fires again in the new turn
    st.apply_action(act("roll", 1))
    play_dice(st, face=1)
    # once per turn: no fighter is left to activate in turn 3, so the next phase is turn 4's
    assert st.current_player() == TERMINAL or st.observation(0)["turn"] == 4


def test_AMB_SS_4_launch_moves_lets_a_new_fighter_move_but_never_fire_twice():
    game = SpaceStationGame(launch_moves=True)
    st = position(game, pieces={D1: (16, 9)}, station_k=15, queue=[["end_turn"]])
    st.apply_action(act("end"))
    play_dice(st, face=1)  # every shot misses: station, F1 and F2 on launch
    lasers = [e.data["shooter"] for e in st.events if e.kind == "laser"]
    assert lasers == ["S", "F1", "F2"]
    assert st.legal_actions() == [act("select", F1 - 1), act("select", F2 - 1), act("end")]
    st.apply_action(act("select", F1 - 1))
    st.apply_action(act("stop"))
    assert st.current_player() == 0 and st.observation(0)["pending"] is None  # no second shot
    assert [e.data["shooter"] for e in st.events if e.kind == "laser"] == lasers


# ---------------------------------------------------------------------- the state's data views
def _mid_game():
    game = SpaceStationGame(hit_on=7)
    st = game.new_initial_state()
    while st.observation(0)["turn"] < 2 or st.current_player() == CHANCE:
        st.apply_action(st.legal_actions()[0])
    return game, st


def test_SS_J_observation_round_trip_clone_and_chance_streams():
    game, st = _mid_game()
    obs = st.observation(0)
    for key in ("turn", "station_k", "hexes", "status", "hp", "entry_used", "queue", "pending",
                "decision", "active", "steps_left", "acted", "fired", "launched_now", "outcome",
                "stopped_by", "stats"):
        assert key in obs and obs[key] == st.full_state()[key]
    assert obs["turn"] == 2 and obs["decision"] == ["phase"] and obs["queue"][0] == ["player"]
    assert obs["hexes"][S] == game.geometry.orbit[obs["station_k"]]
    rebuilt = state_from_observation(game, obs)
    assert rebuilt.full_state() == st.full_state()
    assert rebuilt.legal_actions() == st.legal_actions()
    pieces = obs["pieces"]
    assert [p["label"] for p in pieces] == ["S", "F1", "F2", "F3", "F4", "F5", "F6", "D1", "D2", "M1", "M2"]
    assert [p["kind"] for p in pieces[:2]] == ["station", "fighter"] and pieces[9]["kind"] == "missile"
    assert pieces[S]["hex"] == list(game.geometry.nodes[obs["hexes"][S]]) and pieces[S]["status"] == IN_PLAY
    assert pieces[D1]["hits_left"] == 4 and pieces[F1]["id"] == F1
    clone = st.clone()
    assert type(clone) is type(st) and clone.full_state() == st.full_state()
    assert clone.history() == st.history() and clone.events == st.events
    clone.apply_action(act("end"))
    assert st.full_state() == obs_without_pieces(obs)  # the original did not move
    start = game.new_initial_state()
    assert start.chance_stream() == "entry"
    laser = position(pieces={F1: (5, 5), M1: (8, 5)}, queue=[["end_turn"]])
    laser.apply_action(act("select", F1 - 1))
    laser.apply_action(act("stop"))
    assert laser.chance_stream() == "roll" and laser.current_player() == CHANCE


def obs_without_pieces(obs):
    return {k: v for k, v in obs.items() if k != "pieces"}


def test_SS_H_metrics_and_progress_count_the_enemy_removed():
    game = SpaceStationGame()
    st = position(game, pieces={F1: (5, 5), D1: (7, 5), D2: (12, 12), M2: (14, 14)}, hp={D1: 2},
                  stats={"fighters_launched": 3, "fighter_shots": 4, "fighter_hits": 2,
                         "station_shots": 5, "station_hits": 1, "droid_shots": 6, "droid_hits": 2,
                         "collisions": 7})
    obs = st.observation(0)
    obs["status"][F2] = obs["status"][F3] = DESTROYED
    st = state_from_observation(game, obs)
    # M1 destroyed (1), D1 two hits down (2): 3 of 2 * (3 + 2) = 10 strength points
    assert st.progress() == [pytest.approx(0.3)]
    m = st.metrics()
    assert m == {
        "turns": 2.0, "win": 0.0, "loss": 0.0, "fighters_lost": 2.0, "droids_destroyed": 0.0,
        "missiles_destroyed": 1.0, "enemy_removed": pytest.approx(0.3),
        "fighters_launched": 3.0, "fighter_shots": 4.0, "fighter_hits": 2.0, "station_shots": 5.0,
        "station_hits": 1.0, "droid_shots": 6.0, "droid_hits": 2.0, "collisions": 7.0,
    }
    obs = st.observation(0)
    obs["status"][D2] = DESTROYED
    obs["hp"][D2] = 0
    obs["outcome"] = 1
    won = state_from_observation(game, obs)
    assert won.metrics()["droids_destroyed"] == 1.0 and won.metrics()["win"] == 1.0
    assert won.progress() == [pytest.approx(0.7)]  # left: D1's 2 hits and M2
    obs["outcome"] = -1
    assert state_from_observation(game, obs).metrics()["loss"] == 1.0


# ---------------------------------------------------------------------- words for the player
def test_SS_J_illegal_actions_are_explained():
    from lab.core.errors import IllegalAction

    st = position(pieces={F1: (5, 5), D1: (8, 5), M1: (8, 6)}, queue=[["end_turn"]])
    cases = [
        (act("move", 0), "select a fighter first"),
        (act("select", F2 - 1), "not in play, has already acted, or left the station this turn"),
    ]
    for action, words in cases:
        with pytest.raises(IllegalAction, match=words):
            st.apply_action(action)
    st.apply_action(act("select", F1 - 1))
    here = cell(st, F1)
    st2 = position(pieces={F1: (20, 9)}, queue=[["end_turn"]])  # east of it is forbidden
    st2.apply_action(act("select", F1 - 1))
    with pytest.raises(IllegalAction, match=r"off the board or forbidden \(SS-F4\)"):
        st2.apply_action(act("move", 0))
    with pytest.raises(IllegalAction, match="is not legal") as info:
        st.apply_action(act("fire", D1))
    assert ":" not in str(info.value).split("now")[1].split(".")[0]  # no game reason for this one
    st.apply_action(act("stop"))
    assert cell(st, F1) == here
    with pytest.raises(IllegalAction, match=r"choose a laser target among \['D1', 'M1'\]"):
        st.apply_action(act("end"))
    st.apply_action(act("fire", M1))
    assert st.current_player() == CHANCE


@pytest.mark.parametrize(("params", "names"), [
    ({}, ["E", "NE", "NW", "W", "SW", "SE"]),
    ({"orientation": "flat"}, ["NE", "N", "NW", "SW", "S", "SE"]),
    ({"grid": "square"}, ["E", "NE", "N", "NW", "W", "SW", "S", "SE"]),
    ({"grid": "square", "square_neighbours": 4}, ["E", "N", "W", "S"]),
])
def test_SS_D2_moves_are_named_by_compass_direction(params, names):
    game = SpaceStationGame(**params)
    st = position(game, pieces={F1: (5, 5)}, queue=[["end_turn"]])
    assert st.describe_action(act("select", F1 - 1)) == "activate F1"
    assert st.describe_action(act("end")) == "end fighter moves"
    st.apply_action(act("select", F1 - 1))
    moves = [a for a in st.legal_actions() if a.kind == "move"]
    assert [st.describe_action(a) for a in moves] == [f"move {n}" for n in names]
    assert st.describe_action(act("stop")) == "stop here"
    assert st.describe_action(act("fire", D1)) == "fire at D1"
    assert st.describe_action(act("roll", 5)) == str(act("roll", 5))


# ---------------------------------------------------------------------- the event contract
EVENTS = {  # kind -> (clause, data keys)
    "activate": ("SS-J", {"fighter"}),
    "fighters_done": ("SS-J", {"turn"}),
    "fighter_moved": ("SS-J", {"fighter", "hex"}),
    "station_move": ("SS-D1", {"hex", "orbit", "turn"}),
    "launch": ("SS-D2", {"fighter", "hex"}),
    "laser": ("SS-G2", {"shooter", "target", "face", "hit"}),
    "droid_enter": ("SS-D3", {"droid", "entry", "hex"}),
    "missile_launch": ("SS-D4", {"missile", "hex"}),
    "route_die": ("SS-F3", {"piece", "tier", "routes"}),
    "route": ("SS-F3", {"piece", "steps", "chosen_by"}),
    "collision": ("SS-E", {"mover", "other", "hex", "result"}),
    "shield_lost": ("SS-D3", {"droid", "hits_left"}),
    "destroyed": ("SS-F5", {"piece"}),
    "win": ("SS-H", {"turn"}),
    "loss": ("SS-H", {"turn"}),
    "unfinished": ("SS-H", {"limit", "turn"}),
}


def _played(game, seed):
    """A game played by seeded random choices, checking each new event against the action."""
    import numpy as np

    rng = np.random.default_rng(seed)
    st = game.new_initial_state()
    geo = game.geometry
    labels = set(game.labels)
    cells = {geo.label(i) for i in range(len(geo.nodes))}
    while not st.is_terminal():
        before = st.observation(0)
        if st.current_player() == CHANCE:
            outcomes = st.chance_outcomes()
            action = outcomes[int(rng.integers(len(outcomes)))][0]
        else:
            legal = st.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        start = len(st.events)
        st.apply_action(action)
        new = st.events[start:]
        for e in new:
            clause, keys = EVENTS[e.kind]
            assert e.clause == clause and set(e.data) == keys, e
            for k in ("fighter", "shooter", "target", "droid", "missile", "piece", "mover", "other"):
                if k in e.data:
                    assert e.data[k] in labels, e
            if "hex" in e.data:
                assert e.data["hex"] in cells, e
        if action.kind == "roll":
            shooter, target = before["pending"][1:]
            laser = new[0]
            assert laser.kind == "laser" and laser.data == {
                "shooter": game.labels[shooter], "target": game.labels[target],
                "face": action.args[0], "hit": action.args[0] >= game.params.hit_on}
        if action.kind == "select":
            assert new[0].kind == "activate" and new[0].data["fighter"] == game.labels[action.args[0] + 1]
        if action.kind == "entry":
            j = before["pending"][1]
            assert [e.kind for e in new[:2]] == ["droid_enter", "missile_launch"]
            where = geo.label(geo.entries[action.args[0] - 1])
            assert new[0].data == {"droid": f"D{j + 1}", "entry": action.args[0], "hex": where}
            assert new[1].data == {"missile": f"M{j + 1}", "hex": where}
    return st


def _check_game_events(game, st):
    ev = st.events
    stats = st.observation(0)["stats"]
    lasers = [e.data for e in ev if e.kind == "laser"]
    for who, prefix in (("fighter", "F"), ("station", "S"), ("droid", "D")):
        mine = [d for d in lasers if d["shooter"].startswith(prefix)]
        assert stats[f"{who}_shots"] == len(mine)
        assert stats[f"{who}_hits"] == sum(d["hit"] for d in mine)
    assert stats["collisions"] == sum(e.kind == "collision" for e in ev)
    launches = [e.data["fighter"] for e in ev if e.kind == "launch"]
    assert stats["fighters_launched"] == len(launches)
    assert launches == [f"F{i + 1}" for i in range(len(launches))]  # in order, each once
    turns = [e.data["turn"] for e in ev if e.kind == "station_move"]
    assert turns == list(range(1, len(turns) + 1))
    geo = game.geometry
    turn = 0
    for e in ev:
        if e.kind == "station_move":
            assert e.data["hex"] == geo.label(geo.orbit[e.data["orbit"]])
            assert e.data["orbit"] == e.data["turn"] * game.params.station_speed % len(geo.orbit)
            turn = e.data["turn"]
        if e.kind == "fighters_done":
            assert e.data["turn"] == turn >= 2  # the player's phase of a later turn (SS-J 7-8)
    done = [e.data["turn"] for e in ev if e.kind == "fighters_done"]
    assert done == sorted(set(done))
    shields: dict[str, list[int]] = {}
    for e in ev:
        if e.kind == "shield_lost":
            shields.setdefault(e.data["droid"], []).append(e.data["hits_left"])
    for seq in shields.values():
        assert seq == list(range(3, 3 - len(seq), -1))  # 4 hits: 3, 2, 1, 0 left
    destroyed = [e.data["piece"] for e in ev if e.kind == "destroyed"]
    assert len(destroyed) == len(set(destroyed))
    obs = st.observation(0)
    assert sorted(destroyed) == sorted(p["label"] for p in obs["pieces"] if p["status"] == DESTROYED)
    for e in ev:
        if e.kind == "collision":
            assert e.data["result"] in ("go", "stop", "dead")
            if e.data["result"] == "dead":
                assert e.data["mover"] in destroyed
        if e.kind == "route":
            assert e.data["chosen_by"] in ("tier0", "tier1", "tier2", "die")
            speed = game.params.droid_speed if e.data["piece"][0] == "D" else game.params.missile_speed
            assert 0 <= e.data["steps"] <= speed
        if e.kind == "route_die":
            assert e.data["tier"] in (0, 1, 2) and e.data["routes"] >= 2
    ends = [e for e in ev if e.clause == "SS-H"]
    assert len(ends) == 1 and ends[0] is ev[-1] and ends[0].data["turn"] == st.turn
    assert ends[0].kind == {1: "win", -1: "loss", 2: "unfinished"}[obs["outcome"]]
    return {e.kind for e in ev}


def test_SS_events_name_their_clause_and_match_the_play():
    seen: set[str] = set()
    for params, seeds in (({}, range(12)), ({"free_route_choice": "die", "hit_on": 3}, range(6)),
                          ({"droid_targets": "all", "max_turns": 3, "hit_on": 6}, range(4)),
                          ({"droids": 1, "hit_on": 1, "laser_range": 40}, range(2))):
        game = SpaceStationGame(**params)
        for seed in seeds:
            seen |= _check_game_events(game, _played(game, seed))
    assert seen == set(EVENTS)


# ---------------------------------------------------------------------- fighters' moves
def test_SS_D2_SS_F1_a_fighter_moves_one_to_five_hexes_then_fires():
    st = position(pieces={F1: (0, 1), F2: (10, 10), M1: (4, 4)}, queue=[["end_turn"]])
    geo = st.game.geometry
    st.apply_action(act("select", F1 - 1))
    assert st.observation(0)["steps_left"] == 5
    moves = [a.args[0] for a in st.legal_actions() if a.kind == "move"]
    # (0, 1) on the left edge: five neighbours, the corner (0, 0) -- hex number 0 -- among them
    assert len(moves) == 5 and 0 in [geo.step[geo.index[(0, 1)]][d] for d in moves]
    path = [(0, 1)]
    for left in (4, 3, 2, 1):
        st.apply_action(act("move", 0))  # east
        path.append(cell(st, F1))
        assert st.observation(0)["steps_left"] == left and st.observation(0)["active"] == F1
    assert path == [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)]
    st.apply_action(act("move", 0))  # the fifth step ends the route: F1 fires at once
    assert cell(st, F1) == (5, 1) and st.observation(0)["active"] == -1
    assert st.observation(0)["pending"] == ["roll", F1, M1]
    moved = [e.data for e in st.events if e.kind == "fighter_moved"]
    assert moved == [{"fighter": "F1", "hex": "c6r2"}]
    st.apply_action(act("roll", 2))
    assert st.legal_actions() == [act("select", F2 - 1), act("end")]  # F1 is done, F2 is not
    st.apply_action(act("select", F2 - 1))
    st.apply_action(act("stop"))  # F2 stops at once (SS-F1: fighters choose their speed)
    moved = [e.data for e in st.events if e.kind == "fighter_moved"]
    assert moved[1] == {"fighter": "F2", "hex": "c11r11"}
    assert st.current_player() == TERMINAL or st.observation(0)["turn"] == 3  # phase over


def test_SS_E_a_fighter_lost_in_a_collision_ends_its_move_others_keep_theirs():
    st = position(pieces={F1: (5, 5), F2: (6, 5), F3: (12, 12), M1: (15, 15)},
                  queue=[["end_turn"]])
    st.apply_action(act("select", F3 - 1))
    st.apply_action(act("stop"))
    play_dice(st, face=1, until_player=False)
    st.apply_action(act("select", F1 - 1))
    st.apply_action(act("move", 0))  # into F2: both destroyed (SS-E)
    obs = st.observation(0)
    assert status(st, F1) == status(st, F2) == DESTROYED and obs["active"] == -1
    # F3 already acted, F1 and F2 are gone: the phase is over, nobody may be selected again
    assert st.current_player() == TERMINAL or obs["turn"] == 3
    assert [e.data["fighter"] for e in st.events if e.kind == "fighter_moved"] == ["F3"]


def test_SS_F3_SS_D1_house_rules_choosing_nothing_or_out_of_range_are_refused():
    from lab.core.errors import RuleError

    base = SpaceStationGame()
    bad = base.with_rules({"SS-D1": lambda distances: [len(distances), -1]})
    st = position(bad, pieces={M1: (14, 9)}, station_k=15, queue=[["end_turn"]])
    with pytest.raises(RuleError, match=r"rule point SS-D1 chose none of the 1 candidates") as info:
        st.apply_action(act("end"))
    assert info.value.clause == "SS-D1"
    dup = base.with_rules({"SS-D1": lambda distances: [1, 1, 0]})
    st = position(dup, pieces={M1: (14, 9), M2: (13, 9)}, station_k=15, queue=[["end_turn"]])
    st.apply_action(act("end"))
    assert st.observation(0)["pending"] == ["pick", [M2, M1]]  # each once, in the rule's order


# ---------------------------------------------------------------------- the linter's view
def test_SS_B_SS_A_SS_D_accounting_compares_the_seed_numbers_with_the_variant():
    from lab.lint.checks import Divisible, Note, StatedTotal

    checks = SpaceStationGame(fighters=4, fighters_per_turn=3, droids=3).accounting()
    totals = {c.id: (c.clauses, c.what, c.stated, dict(c.parts)) for c in checks if isinstance(c, StatedTotal)}
    assert totals == {
        "SS-B-pieces": (("SS-B",), "pieces (1 station, 6 fighters, 2 droids, 2 missiles)", 11,
                        {"station": 1, "fighters": 4, "droids": 3, "missiles (one per droid)": 3}),
        "SS-B-missiles": (("SS-B", "SS-D4"), "missiles (one launched per droid)", 2, {"one per droid": 3}),
        "SS-A3-entries": (("SS-A3", "SS-C"), "entry points (one per die face)", 6, {"entry points": 6}),
        "SS-D3-hits": (("SS-D3",), "hits to destroy a droid", 4, {"shields": 3, "final hit": 1}),
        "SS-A4-orbit": (("SS-A4",), "orbit hexes", 18, {"hexes at the orbit distance": 18}),
        "SS-A2-forbidden": (("SS-A2", "SS-F4"), "forbidden hexes (Earth + 6)", 7,
                            {"Earth and its neighbours": 7}),
    }
    divisible = {c.id: (c.clauses, c.what, c.total, c.parts) for c in checks if isinstance(c, Divisible)}
    assert divisible == {
        "SS-D2-launch": (("SS-D2", "SS-J"), "fighters launched 3 per turn (all out after 2 turns)", 4, 3),
        "SS-D1-orbit": (("SS-D1", "SS-A4"), "orbit hexes covered 3 per turn (6 turns per orbit)", 18, 3),
    }
    assert SpaceStationGame(fighters=0).accounting()[4].what == "fighters launched 2 per turn (all out after 0 turns)"
    notes = {c.id: (c.clauses, c.message) for c in checks if isinstance(c, Note)}
    prefix = "open point decided by a parameter: "
    assert notes == {
        "AMB-SS-1-param": (("AMB-SS-1",), prefix + "hex orientation 'pointy', offset 'odd' (parameters)"),
        "AMB-SS-2-param": (("AMB-SS-2",), prefix + "Earth at 1-based column 23, row 10 (earth_from_right=6)"),
        "AMB-SS-3-param": (("AMB-SS-3",), prefix + "entry points: c10r1, c3r1, c1r6, c1r14, c3r19, c10r19"),
        "AMB-SS-4-param": (("AMB-SS-4",), prefix + "launch_position='station', launch_moves=False"),
        "AMB-SS-5-param": (("AMB-SS-5",), prefix + "laser_line_of_sight=False"),
        "AMB-SS-6-param": (("AMB-SS-6",), prefix + "droid_targets='fighters'"),
        "AMB-SS-7-param": (("AMB-SS-7",), prefix + "same_entry='allowed'"),
        "AMB-SS-8-param": (("AMB-SS-8",), prefix + "station_tie='die'"),
        "AMB-SS-10-param": (("AMB-SS-10",), prefix + "stack_hit_order='station_first'"),
    }
    square = {c.id: c for c in SpaceStationGame(grid="square", square_neighbours=4).accounting()}
    assert "SS-A4-orbit" not in square and "SS-A2-forbidden" not in square
    assert square["SS-A1-square"].clauses == ("SS-A1", "AMB-SS-9", "SS-A4", "SS-A2")
    assert square["SS-A1-square"].message == (
        "square grid (4 neighbours): orbit of 12 squares (the seed's hex orbit has 18), "
        "forbidden zone of 5 squares (hex board: 7)")
    assert square["SS-D1-orbit"].total == 12


# ---------------------------------------------------------------------- the end, and immunity
def test_SS_H_one_enemy_left_is_no_win_and_the_station_is_never_a_droid_target():
    game = SpaceStationGame()
    geo = game.geometry
    # D1 alone, ten route steps from the station's next hex: after its move of 4 it stands
    # within laser range of the station, with no fighter about
    st = position(game, pieces={D1: (9, 9)}, station_k=0)
    st.apply_action(act("end"))
    turn2 = st.events[: next(i for i, e in enumerate(st.events) if e.kind == "station_move")]
    assert [e.kind for e in turn2] == ["fighters_done", "route"] and turn2[1].data["steps"] == 4
    assert geo.dist[geo.index[(13, 9)]][geo.orbit[0]] == 6  # where D1 stands when it fires
    assert not [e for e in turn2 if e.kind == "laser"]  # SS-G2: the station is immune
    obs = st.observation(0)
    assert obs["outcome"] == 0 and st.current_player() == CHANCE  # SS-H: one enemy left, no win
    clone = st.clone()
    assert clone.observation(0) == obs and clone.legal_actions() == st.legal_actions()


# ---------------------------------------------------------------------- what mutation testing found
# (mutants/space_station/report.md: each test below fails with a planted wrong rule that the
# tests above let through)
def test_SS_I_the_first_position_as_observed():
    game = SpaceStationGame()
    geo = game.geometry
    st = game.new_initial_state()
    obs = st.observation(0)
    assert obs["turn"] == 1 and obs["pending"] == ["entry", 0] and obs["decision"] is None
    assert (obs["active"], obs["steps_left"], obs["acted"], obs["fired"]) == (-1, 0, 0, 0)
    assert obs["launched_now"] == (1 << F1) | (1 << F2)  # SS-I: two fighters left this turn
    assert obs["stats"]["fighters_launched"] == 2
    station = geo.orbit[3]
    assert obs["hexes"][:3] == [station, station, station]
    for pid in range(F3, game.n_pieces):  # still in the station, or not yet entered
        assert obs["hexes"][pid] == -1 and obs["pieces"][pid]["hex"] is None
    launches = [e for e in st.events if e.kind == "launch"]
    assert [(e.clause, e.data) for e in launches] == [
        ("SS-D2", {"fighter": "F1", "hex": geo.label(station)}),
        ("SS-D2", {"fighter": "F2", "hex": geo.label(station)}),
    ]


def test_SS_B_SS_D2_action_kinds_and_their_argument_ranges():
    def specs(game):
        return [(s.kind, [(f.name, f.values) for f in s.fields], s.doc) for s in game.action_specs()]

    routes = SpaceStationGame().geometry.max_routes
    assert specs(SpaceStationGame()) == [
        ("select", [("fighter", range(6))], "activate a launched fighter"),
        ("move", [("direction", range(6))], "move the active fighter one cell"),
        ("stop", [], "end the active fighter's route"),
        ("end", [], "no more fighter moves this turn"),
        ("fire", [("target", range(11))], "laser at a piece"),
        ("entry", [("point", range(1, 7))], "chance: droid entry point"),
        ("roll", [("face", range(1, 7))], "chance: laser die"),
        ("route", [("index", range(routes))], "chance: route die"),
        ("pick", [("index", range(11))], "chance: station target tie"),
    ]
    small = dict((k, f) for k, f, _ in specs(SpaceStationGame(fighters=1, droids=3)))
    assert small["select"] == [("fighter", range(1))] and small["fire"] == [("target", range(8))]
    assert dict((k, f) for k, f, _ in specs(SpaceStationGame(fighters=0)))["select"] == [("fighter", range(1))]


def test_SS_A_board_and_observation_show_where_each_piece_is():
    game = SpaceStationGame()
    geo = game.geometry
    assert geo.index[(0, 0)] == 0  # the corner is hex number 0
    st = position(game, pieces={F1: (0, 0), D1: (5, 5)}, station_k=2)
    assert st.observation(0)["pieces"][F1]["hex"] == [0, 0]
    assert st.observation(0)["pieces"][F2]["hex"] is None
    board = game.board(st)
    placed = {n: d["pieces"] for n, d in board.nodes(data=True) if d["pieces"]}
    assert placed == {(0, 0): ["F1"], (5, 5): ["D1"], geo.nodes[geo.orbit[2]]: ["S"]}
    assert all(d["pieces"] == [] for n, d in game.board().nodes(data=True))


def test_SS_H_metrics_count_fighters_and_missiles_lost():
    game = SpaceStationGame()
    st = position(game, pieces={F1: (5, 5), F2: (6, 6), D1: (9, 9)})
    obs = st.observation(0)
    for pid in (S, F1):
        obs["status"][pid], obs["hexes"][pid], obs["hp"][pid] = DESTROYED, -1, 0
    obs["outcome"] = -1
    m = state_from_observation(game, obs).metrics()
    # the station is no fighter; M1 and M2 are destroyed, D2 too, D1 is not
    assert (m["fighters_lost"], m["missiles_destroyed"], m["droids_destroyed"]) == (1.0, 2.0, 1.0)


def test_SS_D3_SS_J_the_second_droid_fires_in_its_own_step():
    st = position(pieces={F1: (5, 5), D2: (7, 5)}, queue=[["droid_fire", 1], ["end_turn"]])
    st.apply_action(act("end"))
    assert st.observation(0)["pending"] == ["roll", D2, F1]
    st.apply_action(act("roll", 6))
    laser = [e.data for e in st.events if e.kind == "laser"]
    assert laser == [{"shooter": "D2", "target": "F1", "face": 6, "hit": True}]
    assert status(st, F1) == DESTROYED
    assert st.observation(0)["pieces"][F1]["hits_left"] == 0


def test_SS_D1_the_station_fires_at_the_target_nearest_to_itself():
    game = SpaceStationGame()
    geo = game.geometry
    # station on orbit hex 0, (19, 9) after its move; M1 two hexes from it; M2 next to F1,
    # farther from the station (four hexes)
    st = position(game, pieces={F1: (16, 3), M1: (17, 9), M2: (16, 4)}, station_k=15,
                  acted=1 << F1, queue=[["end_turn"]])
    here = geo.orbit[0]
    assert geo.dist[here][geo.index[(17, 9)]] < geo.dist[here][geo.index[(16, 4)]] <= 6
    st.apply_action(act("end"))
    assert st.observation(0)["pending"] == ["roll", S, M1]


def test_SS_D2_SS_F1_a_fighter_of_speed_one_moves_once_and_of_speed_zero_not_at_all():
    one = position(SpaceStationGame(fighter_speed=1), pieces={F1: (5, 5), M1: (10, 10)},
                   queue=[["end_turn"]])
    one.apply_action(act("select", F1 - 1))
    assert one.observation(0)["active"] == F1 and act("stop") in one.legal_actions()
    one.apply_action(act("move", 0))
    assert cell(one, F1) == (6, 5) and one.observation(0)["active"] == -1
    zero = position(SpaceStationGame(fighter_speed=0), pieces={F1: (5, 5), M1: (8, 5)},
                    queue=[["end_turn"]])
    zero.apply_action(act("select", F1 - 1))
    assert zero.observation(0)["active"] == -1 and cell(zero, F1) == (5, 5)
    assert zero.observation(0)["pending"] == ["roll", F1, M1]  # fires where it stands


def test_SS_E_a_fighter_lost_on_its_move_leaves_the_next_fighter_free_to_act():
    st = position(pieces={F1: (5, 5), F2: (12, 12), M1: (6, 5), D1: (20, 15)},
                  queue=[["end_turn"]])
    st.apply_action(act("select", F1 - 1))
    st.apply_action(act("move", 0))  # into M1: both destroyed (SS-E)
    assert status(st, F1) == status(st, M1) == DESTROYED
    assert st.legal_actions() == [act("select", F2 - 1), act("end")]
    assert [st.observation(0)["pieces"][p]["hits_left"] for p in (F1, M1)] == [0, 0]


def test_SS_E_house_rule_a_fighter_that_destroys_what_it_meets_moves_on():
    # a house rule where a fighter passes through a missile, destroying it, unharmed: the
    # fighter stays the active one with its remaining steps
    game = SpaceStationGame().with_rules(
        {"SS-E": lambda mover, other: ("none", "destroy", False)})
    st = position(game, pieces={F1: (5, 5), M1: (6, 5), M2: (15, 15)}, queue=[["end_turn"]])
    st.apply_action(act("select", F1 - 1))
    st.apply_action(act("move", 0))
    obs = st.observation(0)
    assert status(st, M1) == DESTROYED and obs["active"] == F1 and obs["steps_left"] == 4
    assert obs["pieces"][M1]["hits_left"] == 0


def test_SS_H_house_rule_outcome_reads_how_many_enemies_are_left():
    # SS-H rule point: a house rule "win when one enemy piece is left" sees the true count
    game = SpaceStationGame().with_rules(
        {"SS-H": lambda station_destroyed, enemies_left:
         "loss" if station_destroyed else ("win" if enemies_left <= 1 else "running")})
    st = position(game, pieces={F1: (5, 5), M1: (8, 5), M2: (15, 15)}, queue=[["end_turn"]])
    st.apply_action(act("select", F1 - 1))
    st.apply_action(act("stop"))
    st.apply_action(act("roll", 6))  # M1 destroyed: M2 alone is left
    obs = st.observation(0)
    assert obs["outcome"] == 1 and st.current_player() == TERMINAL
    assert obs["pending"] is None and obs["decision"] is None
    assert st.events[-1].kind == "win"


def test_SS_G2_a_clone_at_a_chance_node_waits_for_the_same_roll():
    st = position(pieces={F1: (5, 5), M1: (8, 5)}, queue=[["end_turn"]])
    st.apply_action(act("select", F1 - 1))
    st.apply_action(act("stop"))
    clone = st.clone()
    assert clone.current_player() == CHANCE and clone.full_state() == st.full_state()
    assert clone.chance_outcomes() == st.chance_outcomes()


def test_SS_J_illegal_actions_are_explained_in_exact_words():
    from lab.core.errors import IllegalAction

    st = position(pieces={F1: (5, 5), D1: (8, 5)}, queue=[["end_turn"]])
    with pytest.raises(IllegalAction, match=r"now: select a fighter first\. Legal"):
        st.apply_action(act("move", 0))
    with pytest.raises(IllegalAction,
                       match=r"now: that fighter is not in play, has already acted, or left the station this turn\. Legal"):
        st.apply_action(act("select", F2 - 1))
    st2 = position(pieces={F1: (20, 9)}, queue=[["end_turn"]])
    st2.apply_action(act("select", F1 - 1))
    with pytest.raises(IllegalAction, match=r"now: that hex is off the board or forbidden \(SS-F4\)\. Legal"):
        st2.apply_action(act("move", 0))


def test_SS_F3_house_rule_choosing_no_route_names_its_rule():
    from lab.core.errors import RuleError

    game = SpaceStationGame().with_rules({"SS-F3": lambda tiers: []})
    st = position(game, pieces={M1: (5, 5)}, queue=[["missile", 0], ["end_turn"]])
    with pytest.raises(RuleError, match=r"^rule point SS-F3 chose none") as info:
        st.apply_action(act("end"))
    assert info.value.rule == info.value.clause == "SS-F3"
    bad = SpaceStationGame().with_rules({"SS-D1": lambda distances: []})
    st = position(bad, pieces={M1: (14, 9)}, station_k=15, queue=[["end_turn"]])
    with pytest.raises(RuleError) as info:
        st.apply_action(act("end"))
    assert info.value.rule == info.value.clause == "SS-D1"


class _Nameless:
    """A house rule that is a callable object, not a function: it has no ``__name__``."""

    def __call__(self, distances):
        return [len(distances)]


@pytest.mark.parametrize(("rule", "why"), [
    (lambda distances: [len(distances)], "house rule <lambda>: index 2 is out of range 0..1"),
    (lambda distances: [-1], "house rule <lambda>: index -1 is out of range 0..1"),
    (lambda distances: [], "house rule <lambda>: returned no index"),
    (lambda distances: [2, 2, -1], "house rule <lambda>: indices 2, 2, -1 are out of range 0..1"),
    # at most five of the wrong indices are quoted
    (lambda distances: [5, -1, 2, 3, 7, -4], "house rule <lambda>: indices 5, -1, 2, 3, 7 are out of range 0..1"),
    (_Nameless(), "house rule rule: index 2 is out of range 0..1"),
])
def test_SS_D1_a_house_rule_choosing_no_target_is_refused_in_one_line_and_the_state_is_unchanged(rule, why):
    # two targets in range (candidates 0..1): the error names the rule point, the function (a
    # callable without a name is called "rule"), what is wrong and what is allowed
    from lab.core.errors import RuleError

    game = SpaceStationGame().with_rules({"SS-D1": rule})
    st = position(game, pieces={M1: (14, 9), M2: (13, 9)}, station_k=15, queue=[["end_turn"]])
    before, n = st.state_hash(), st.move_number()
    with pytest.raises(RuleError) as info:
        st.apply_action(act("end"))
    assert str(info.value) == (f"rule point SS-D1 chose none of the 2 candidates: {why}; return at least one "
                               "index in 0..1 -- while applying move 0 (player 0: end); the state is unchanged")
    assert info.value.rule == info.value.clause == "SS-D1"
    assert st.state_hash() == before and st.move_number() == n
    assert st.observation(0)["pending"] is None and st.legal_actions()


def test_SS_D1_a_house_rule_index_out_of_range_is_ignored_beside_a_good_one():
    # "in range, each once; at least one": -1 is dropped, 1 (M2) is kept and shot at
    game = SpaceStationGame().with_rules({"SS-D1": lambda distances: [-1, 1, 1]})
    st = position(game, pieces={M1: (14, 9), M2: (13, 9)}, station_k=15, queue=[["end_turn"]])
    st.apply_action(act("end"))
    assert st.observation(0)["pending"] == ["roll", S, M2]


def test_SS_F3_a_house_rule_choosing_a_route_past_the_last_is_refused_by_name():
    # a missile at (5, 5) moving 6 has 57 shortest routes (candidates 0..56)
    from lab.core.errors import RuleError

    def past_the_end(tiers):
        return [len(tiers)]

    game = SpaceStationGame().with_rules({"SS-F3": past_the_end})
    st = position(game, pieces={M1: (5, 5)}, queue=[["missile", 0], ["end_turn"]])
    before = st.state_hash()
    with pytest.raises(RuleError) as info:
        st.apply_action(act("end"))
    assert str(info.value) == ("rule point SS-F3 chose none of the 57 candidates: house rule past_the_end: index 57 "
                               "is out of range 0..56; return at least one index in 0..56 -- while applying move 0 "
                               "(player 0: end); the state is unchanged")
    assert info.value.rule == info.value.clause == "SS-F3" and st.state_hash() == before


def test_AMB_SS_5_line_of_sight_on_the_zone_edge_and_on_the_same_hex():
    game = SpaceStationGame(laser_line_of_sight=True)
    # a segment along the forbidden zone's edge only touches it: not blocked
    st = position(game, pieces={F1: (22, 7), D1: (21, 8)}, queue=[["end_turn"]])
    st.apply_action(act("select", F1 - 1))
    st.apply_action(act("stop"))
    assert st.observation(0)["pending"] == ["roll", F1, D1]
    # a droid placed on a fighter's hex (entering is no collision) sees it
    st = position(game, pieces={F1: (5, 5), D1: (5, 5)}, acted=1 << F1,
                  queue=[["droid_fire", 0], ["end_turn"]])
    st.apply_action(act("end"))
    assert st.observation(0)["pending"] == ["roll", D1, F1]


def test_SS_J_the_board_hooks_of_the_widgets_answer_for_this_state():
    from lab.games.space_station import render

    st = position(pieces={F1: (5, 5), M1: (12, 12)}, queue=[["end_turn"]])
    assert st.action_targets(0) == {"piece-F1": [act("select", F1 - 1)], "btn-end": [act("end")]}
    assert st.action_targets(1) == {}
    assert st.explain_target(0, "earth") == "Earth cannot be entered or targeted (SS-F4: the forbidden zone)"
    assert st.explain_target(0, "hex-1-1").startswith("first pick a fighter")
    st.apply_action(act("select", F1 - 1))
    assert st.target_path(0, "hex-7-5") == [act("move", 0), act("move", 0)]
    assert st.target_path(1, "hex-7-5") == []
    assert st.target_path(0, "hex-5-5") == []  # where it stands
    svg = st.render_svg(0)
    assert svg.startswith("<svg") and svg == render.render_svg(st, 0)
    factories = SpaceStationGame.agent_factories()
    assert sorted(factories) == ["greedy", "search"]
    assert [factories[k].__name__ for k in ("greedy", "search")] == ["GreedyAgent", "SearchAgent"]


@pytest.mark.parametrize("order", ["station_first", "station_last"])
def test_SS_F3_a_lone_missile_counts_no_piece_on_its_route_not_even_the_station(order):
    # M1 six hexes from the station: its route ends on the station's hex, which is no tier;
    # alone there, the station is met whatever the stack order (AMB-SS-10), and the game is lost
    game = SpaceStationGame(stack_hit_order=order)
    st = position(game, pieces={M1: (13, 9)}, station_k=0, queue=[["missile", 0], ["end_turn"]])
    st.apply_action(act("end"))
    route = [e.data for e in st.events if e.kind == "route"]
    assert route == [{"piece": "M1", "steps": 6, "chosen_by": "tier0"}]
    hits = [(e.data["mover"], e.data["other"]) for e in st.events if e.kind == "collision"]
    assert hits == [("M1", "S")]
    obs = st.observation(0)
    assert obs["outcome"] == -1 and st.current_player() == TERMINAL  # SS-E, SS-G1, SS-H
    assert obs["pending"] is None and obs["decision"] is None and st.events[-1].kind == "loss"


def test_SS_F3_the_first_droid_is_a_friendly_piece_for_a_missile():
    # M1's routes start through (11, 2), where D1 stands, or (10, 3), where F1 stands: the
    # route with only the player's piece on it is preferred (tier 1) over a friendly droid's
    st = position(pieces={M1: (10, 2), D1: (11, 2), F1: (10, 3)}, station_k=0, acted=1 << F1,
                  queue=[["missile", 0], ["end_turn"]])
    st.apply_action(act("end"))
    route = [e.data for e in st.events if e.kind == "route"]
    assert route[0] == {"piece": "M1", "steps": 6, "chosen_by": "tier1"}
    assert [status(st, p) for p in (M1, F1, D1)] == [DESTROYED, DESTROYED, IN_PLAY]


def test_SS_H_value_estimate_is_the_win_model_on_the_return_scale():
    from lab.games.space_station.value import win_probability

    st = position(pieces={F1: (5, 5), D1: (9, 9), M1: (12, 12)})
    p = win_probability(st)
    assert 0.0 < p < 1.0
    assert st.value_estimate() == [pytest.approx(2.0 * p - 1.0)]
