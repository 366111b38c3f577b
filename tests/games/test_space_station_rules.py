"""Rules of Save the Space Station by clause: SS-B..SS-J and AMB-SS-4..8."""

from __future__ import annotations

import pytest

from lab.core.actions import act
from lab.core.state import CHANCE, TERMINAL, set_state_fields, state_fields
from lab.games.space_station import SpaceStationGame, SpaceStationState
from lab.games.space_station.position import DESTROYED, IN_PLAY, LOSS, WAITING, WIN

S = 0
F1, F2, F3 = 1, 2, 3
D1, D2 = 7, 8
M1, M2 = 9, 10


def scenario(game=None, station_k=0, pieces=None, hp=None):
    """A bare state: station on orbit hex ``station_k``, ``pieces`` = {piece id: node}."""
    game = game or SpaceStationGame()
    st = SpaceStationState(game, start=False)
    geo = game.geometry
    st.station_k = station_k
    st.status[S] = IN_PLAY
    st.hexes[S] = geo.orbit[station_k]
    for pid, node in (pieces or {}).items():
        st.status[pid] = IN_PLAY
        st.hexes[pid] = geo.index[node] if isinstance(node, tuple) else node
    for pid, v in (hp or {}).items():
        st.hp[pid] = v
    return st


def node(st, pid):
    return st.geo.nodes[st.hexes[pid]]


# ---------------------------------------------------------------------- pieces and dice
def test_SS_B_piece_counts():
    g = SpaceStationGame()
    assert g.kinds.count("station") == 1 and g.kinds.count("fighter") == 6
    assert g.kinds.count("droid") == 2 and g.kinds.count("missile") == 2
    assert g.labels[D1] == "D1" and g.labels[M2] == "M2"


def test_SS_C_one_six_sided_die():
    st = scenario()
    st.pending = ("roll", F1, D1)
    outcomes = st.chance_outcomes()
    assert [a.args[0] for a, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    st.pending = ("entry", 0)
    assert len(st.chance_outcomes()) == 6


# ---------------------------------------------------------------------- station
def test_SS_D1_SS_F2_station_moves_three_orbit_hexes_counter_clockwise():
    st = scenario()
    geo = st.geo
    for turn in range(6):
        st._station_move()
        assert st.station_k == 3 * (turn + 1) % 18
        assert st.hexes[S] == geo.orbit[st.station_k]
    assert st.station_k == 0  # back at the start after six turns


def test_SS_E_station_collides_with_a_fighter_on_its_path():
    st = scenario(pieces={F1: 0})
    st.hexes[F1] = st.geo.orbit[2]
    st._station_move()
    assert st.status[S] == DESTROYED and st.status[F1] == DESTROYED
    assert st.outcome == LOSS


def test_SS_D1_SS_G2_station_fires_at_nearest_target_and_is_immune():
    st = scenario(SpaceStationGame(droid_targets="all"))
    geo = st.geo
    start = geo.nodes[geo.orbit[0]]  # (19, 9)
    st.status[D1] = st.status[M1] = IN_PLAY
    st.hexes[D1] = geo.index[(start[0] - 2, start[1])]
    st.hexes[M1] = geo.index[(start[0] - 5, start[1])]
    assert S not in st._targets(D1)  # the station is never a laser target
    st._station_fire()
    assert st.pending == ("roll", S, D1)
    st.hexes[M1] = geo.index[(start[0] - 9, start[1])]  # out of range 6
    st.hexes[D1] = geo.index[(start[0] - 7, start[1])]
    st.pending = None
    st._station_fire()
    assert st.pending is None


def test_AMB_SS_8_station_tie_die_or_missiles_first():
    for rule in ("die", "missiles_first"):
        st = scenario(SpaceStationGame(station_tie=rule))
        geo = st.geo
        c, r = geo.nodes[geo.orbit[0]]
        st.status[D1] = st.status[M1] = IN_PLAY
        st.hexes[D1] = geo.index[(c - 2, r)]
        st.hexes[M1] = geo.index[(c - 1, r - 2)]
        assert geo.dist[st.hexes[S]][st.hexes[D1]] == geo.dist[st.hexes[S]][st.hexes[M1]] == 2
        st._station_fire()
        if rule == "die":
            assert st.pending == ("pick", [D1, M1])
            assert st.current_player() == CHANCE
            st.apply_action(act("pick", 1))
            assert st.pending == ("roll", S, M1)
        else:
            assert st.pending == ("roll", S, M1)


# ---------------------------------------------------------------------- lasers
def test_SS_G2_laser_hits_on_five_or_six():
    for face, hit in ((4, False), (5, True), (6, True)):
        st = scenario(pieces={F1: (5, 5), M1: (7, 5)})
        st._resolve_laser(F1, M1, face)
        assert (st.status[M1] == DESTROYED) is hit
    st = scenario(SpaceStationGame(hit_on=4), pieces={F1: (5, 5), M1: (7, 5)})
    st._resolve_laser(F1, M1, 4)
    assert st.status[M1] == DESTROYED
    st = scenario(SpaceStationGame(hit_on=6), pieces={F1: (5, 5), M1: (7, 5)})
    st._resolve_laser(F1, M1, 5)
    assert st.status[M1] == IN_PLAY


def test_SS_D3_droid_needs_four_hits_three_shields():
    st = scenario(pieces={F1: (5, 5), D1: (7, 5)})
    assert st.hp[D1] == 4
    for left in (3, 2, 1):
        st._resolve_laser(F1, D1, 6)
        assert st.status[D1] == IN_PLAY and st.hp[D1] == left
    st._resolve_laser(F1, D1, 6)
    assert st.status[D1] == DESTROYED
    st = scenario(SpaceStationGame(droid_shields=1), pieces={D1: (7, 5)})
    assert st.hp[D1] == 2


def test_SS_G3_SS_D3_droid_fires_at_every_target_fighter_at_one():
    st = scenario(pieces={F1: (5, 5), F2: (6, 6), F3: (4, 4), D1: (7, 5)})
    st.queue = [("end_turn",)]
    st._droid_fire(D1)
    assert st.queue[:3] == [("shot", D1, F1), ("shot", D1, F2), ("shot", D1, F3)]
    st = scenario(pieces={F1: (5, 5), D1: (7, 5), M1: (8, 5)})
    st._fighter_fire(F1)
    assert st.decision == ("target", F1, [D1, M1])
    st.decision = None
    st._shoot(F1, D1)
    st.pending = None
    st._fighter_fire(F1)  # already fired this turn
    assert st.decision is None and st.pending is None


def test_AMB_SS_6_droid_targets_fighters_or_all():
    pieces = {F1: (5, 5), D1: (7, 5), D2: (9, 5), M1: (8, 6)}
    assert scenario(pieces=pieces)._targets(D1) == [F1]
    st = scenario(SpaceStationGame(droid_targets="all"), pieces=pieces)
    assert st._targets(D1) == [F1, D2, M1]


def test_AMB_SS_5_line_of_sight_past_earth():
    pieces = {F1: (19, 9), M1: (25, 9)}  # either side of Earth, 6 hexes apart
    assert scenario(pieces=pieces)._targets(F1) == [M1]
    st = scenario(SpaceStationGame(laser_line_of_sight=True), pieces=pieces)
    assert st._targets(F1) == []
    st.hexes[M1] = st.geo.index[(19, 3)]
    assert st._targets(F1) == [M1]


# ---------------------------------------------------------------------- collisions (SS-E)
def move_fighter_into(st, f, target_node):
    geo = st.geo
    st.active = f
    st.steps_left = 5
    d = geo.step[st.hexes[f]].index(geo.index[target_node])
    st._fighter_step(d)


def test_SS_E_fighter_fighter_both_destroyed():
    st = scenario(pieces={F1: (5, 5), F2: (6, 5)})
    move_fighter_into(st, F1, (6, 5))
    assert st.status[F1] == st.status[F2] == DESTROYED


def test_SS_E_fighter_droid_fighter_destroyed_droid_loses_shield():
    st = scenario(pieces={F1: (5, 5), D1: (6, 5)})
    move_fighter_into(st, F1, (6, 5))
    assert st.status[F1] == DESTROYED and st.status[D1] == IN_PLAY and st.hp[D1] == 3


def test_SS_E_fighter_missile_both_destroyed():
    st = scenario(pieces={F1: (5, 5), M1: (6, 5)})
    move_fighter_into(st, F1, (6, 5))
    assert st.status[F1] == st.status[M1] == DESTROYED


def test_SS_E_fighter_station_both_destroyed_loss():
    st = scenario(pieces={F1: (18, 9)})
    move_fighter_into(st, F1, (19, 9))
    assert st.status[F1] == st.status[S] == DESTROYED and st.outcome == LOSS
    assert st.returns() == [-1.0] and st.current_player() == TERMINAL


def test_SS_E_SS_G1_missile_station_both_destroyed_loss():
    st = scenario(pieces={M1: (16, 9)})
    st._run_route(M1, (st.geo.index[(17, 9)], st.geo.index[(18, 9)], st.geo.index[(19, 9)]), "test")
    assert st.status[M1] == st.status[S] == DESTROYED and st.outcome == LOSS


def test_SS_E_missile_missile_both_destroyed():
    st = scenario(pieces={M1: (5, 5), M2: (6, 5), D1: (1, 1), D2: (1, 2)})
    st._run_route(M1, (st.geo.index[(6, 5)], st.geo.index[(7, 5)]), "test")
    assert st.status[M1] == st.status[M2] == DESTROYED
    assert st.hexes[M1] == -1


def test_SS_E_missile_fighter_both_destroyed():
    st = scenario(pieces={M1: (5, 5), F1: (6, 5), D1: (1, 1)})
    st._run_route(M1, (st.geo.index[(6, 5)], st.geo.index[(7, 5)]), "test")
    assert st.status[M1] == st.status[F1] == DESTROYED


def test_SS_E_missile_droid_both_destroyed():
    st = scenario(pieces={M1: (5, 5), D2: (6, 5), D1: (1, 1)})
    st._run_route(M1, (st.geo.index[(6, 5)],), "test")
    assert st.status[M1] == st.status[D2] == DESTROYED  # whatever its shields


def test_SS_E_droid_fighter_droid_continues():
    st = scenario(pieces={D1: (5, 5), F1: (6, 5), M1: (1, 1)})
    st._run_route(D1, (st.geo.index[(6, 5)], st.geo.index[(7, 5)]), "test")
    assert st.status[F1] == DESTROYED and st.hp[D1] == 3 and node(st, D1) == (7, 5)


def test_SS_E_droid_station_both_destroyed_loss():
    st = scenario(pieces={D1: (18, 9)})
    st._run_route(D1, (st.geo.index[(19, 9)],), "test")
    assert st.status[D1] == st.status[S] == DESTROYED and st.outcome == LOSS


def test_SS_E_droid_droid_both_lose_a_shield_mover_stops_next_to_the_other():
    st = scenario(pieces={D1: (5, 5), D2: (7, 5), M1: (1, 1)})
    st._run_route(D1, (st.geo.index[(6, 5)], st.geo.index[(7, 5)], st.geo.index[(8, 5)]), "test")
    assert st.hp[D1] == st.hp[D2] == 3
    assert node(st, D1) == (6, 5) and node(st, D2) == (7, 5)


def test_AMB_SS_10_stack_station_first_by_default():
    st = scenario(pieces={F1: (19, 9), M1: (17, 9)})  # a fighter on the station's hex
    st._run_route(M1, (st.geo.index[(18, 9)], st.geo.index[(19, 9)]), "test")
    assert st.status[S] == DESTROYED and st.status[M1] == DESTROYED
    assert st.status[F1] == IN_PLAY and st.outcome == LOSS
    hits = [e.data["other"] for e in st.events if e.kind == "collision"]
    assert hits == ["S"]


def test_AMB_SS_10_stack_station_last_value():
    game = SpaceStationGame(stack_hit_order="station_last")
    st = scenario(game, pieces={F1: (19, 9), M1: (17, 9)})
    st._run_route(M1, (st.geo.index[(18, 9)], st.geo.index[(19, 9)]), "test")
    assert st.status[F1] == DESTROYED and st.status[M1] == DESTROYED
    assert st.status[S] == IN_PLAY and st.outcome != LOSS
    assert [e.data["other"] for e in st.events if e.kind == "collision"] == ["F1"]


def test_AMB_SS_10_stack_others_by_piece_number_either_way():
    for order in ("station_first", "station_last"):
        game = SpaceStationGame(stack_hit_order=order)
        st = scenario(game, pieces={F2: (5, 5), F1: (5, 5), M1: (3, 5)}, hp={})
        st._run_route(M1, (st.geo.index[(4, 5)], st.geo.index[(5, 5)]), "test")
        assert st.status[F1] == DESTROYED and st.status[F2] == IN_PLAY, order


# ---------------------------------------------------------------------- routes (SS-F3)
def _two_route_missile():
    st = scenario(pieces={M1: (10, 2), D1: (0, 0)})
    tier, routes = st.route_choice(M1)
    assert tier == 0 and len(routes) > 1
    return st, routes


def test_SS_F3_prefers_a_route_free_of_pieces():
    st, routes = _two_route_missile()
    first = routes[0]
    blocker = next(h for h in first if not all(h in r for r in routes))
    st.status[F1] = IN_PLAY
    st.hexes[F1] = blocker
    tier, free = st.route_choice(M1)
    assert tier == 0 and free and all(blocker not in r for r in free)
    st._enemy_move(M1)
    assert st.status[M1] == IN_PLAY and st.status[F1] == IN_PLAY
    assert st.hexes[M1] == free[0][-1]



def test_SS_F3_each_mover_reads_the_pieces_on_its_own_routes():
    """The hexes on a mover's routes are kept per (hex, orbit, speed): a second mover of the same
    game, elsewhere, is judged on its own routes, not on the first mover's."""
    st, routes = _two_route_missile()  # M1's routes met first (D1 in play: their hexes are read)
    m1_hexes = {h for r in routes for h in r}
    st.status[M2] = IN_PLAY
    st.hexes[M2] = st.geo.index[(2, 10)]
    tier, m2_routes = st.route_choice(M2)
    assert tier == 0 and len(m2_routes) > 1
    blocker = next(h for h in m2_routes[0] if h not in m1_hexes and not all(h in r for r in m2_routes))
    st.status[F1] = IN_PLAY
    st.hexes[F1] = blocker
    tier, free = st.route_choice(M2)
    assert tier == 0 and free and all(blocker not in r for r in free)

def test_SS_F3_else_a_route_free_of_friendly_pieces():
    st, routes = _two_route_missile()
    first_hexes = {r[0] for r in routes}
    assert len(first_hexes) == 2
    a, b = sorted(first_hexes)
    st.status[F1] = st.status[D2] = IN_PLAY
    st.hexes[F1], st.hexes[D2] = a, b  # every route has a piece; only a's is free of friends
    tier, best = st.route_choice(M1)
    assert tier == 1 and all(r[0] == a for r in best)
    st._enemy_move(M1)
    assert st.status[M1] == DESTROYED and st.status[F1] == DESTROYED and st.status[D2] == IN_PLAY


def test_SS_F3_else_a_die_roll_chooses():
    st, routes = _two_route_missile()
    a, b = sorted({r[0] for r in routes})
    st.status[D2] = st.status[M2] = IN_PLAY
    st.hexes[D2], st.hexes[M2] = a, b
    tier, best = st.route_choice(M1)
    assert tier == 2 and len(best) == len(routes)
    st._enemy_move(M1)
    assert st.current_player() == CHANCE and st.pending[0] == "route"
    outcomes = st.chance_outcomes()
    assert len(outcomes) == len(routes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_SS_F3_free_route_choice_die_param():
    st = scenario(SpaceStationGame(free_route_choice="die"), pieces={M1: (10, 2), D1: (0, 0)})
    st._enemy_move(M1)
    assert st.pending[0] == "route"
    st = scenario(pieces={M1: (10, 2), D1: (0, 0)})
    st._enemy_move(M1)
    assert st.pending is None


def test_SS_F3_SS_F1_route_recomputed_each_move_at_full_speed():
    st = scenario(pieces={M1: (2, 2), D1: (0, 0)})
    geo = st.geo
    before = geo.route_length(st.hexes[M1], 0)
    st._enemy_move(M1)
    assert geo.route_length(st.hexes[M1], 0) == before - 6  # always the full 6 hexes
    st._station_move()  # the station moved: the next move aims at its new hex
    before = geo.route_length(st.hexes[M1], st.station_k)
    st._enemy_move(M1)
    assert geo.route_length(st.hexes[M1], st.station_k) == before - 6
    st = scenario(SpaceStationGame(droid_speed=3), pieces={D1: (2, 2), M1: (0, 0)})
    before = geo.route_length(st.hexes[D1], 0)
    st._enemy_move(D1)
    assert geo.route_length(st.hexes[D1], 0) == before - 3


def test_SS_F4_routes_never_cross_the_forbidden_zone():
    st = scenario(station_k=9)  # station on the far side of Earth
    geo = st.geo
    for src in (geo.index[(18, 9)], geo.index[(19, 9)], geo.index[(20, 8)]):
        for r in geo.routes(src, 9, 6):
            assert not set(r) & geo.forbidden


# ---------------------------------------------------------------------- fighters
def _phase_state(**params):
    g = SpaceStationGame(**params)
    st = g.new_initial_state()
    while st.current_player() != 0:
        st.apply_action(st.legal_actions()[0])
    return st


def test_SS_D2_SS_F1_fighter_moves_up_to_five_and_may_stop():
    st = _phase_state()
    while st.decision[0] != "phase":
        st.apply_action(st.legal_actions()[0])
    f = int(st.legal_actions()[0].args[0]) + 1
    st.apply_action(act("select", f - 1))
    assert act("stop") in st.legal_actions()  # may stop at once (change speed)
    moved = 0
    while st.active == f:
        d = next(a for a in st.legal_actions() if a.kind == "move")
        st.apply_action(d)
        moved += 1
        if st.status[f] != IN_PLAY:
            break
    assert moved <= 5
    if st.status[f] == IN_PLAY:
        assert moved == 5 and (st.acted >> f) & 1


def test_SS_F4_fighter_cannot_enter_forbidden_hexes():
    st = scenario(pieces={F1: (20, 9)})
    st.active, st.steps_left, st.decision = F1, 5, ("phase",)
    moves = [a for a in st.legal_actions() if a.kind == "move"]
    assert len(moves) == 5 and act("move", 0) not in moves  # east of it is forbidden (21, 9)
    assert all(st.geo.step[st.hexes[F1]][a.args[0]] not in st.geo.forbidden for a in moves)


def test_SS_F5_destroyed_fighters_are_not_replaced():
    st = scenario(pieces={F1: (5, 5), M1: (6, 5)})
    move_fighter_into(st, F1, (6, 5))
    st._launch(False)
    assert st.status[F1] == DESTROYED and st.status[F2] == IN_PLAY


# ---------------------------------------------------------------------- turn order
def test_SS_I_first_turn_sequence():
    st = SpaceStationGame().new_initial_state()
    assert [e.kind for e in st.events] == ["station_move", "launch", "launch"]
    assert st.current_player() == CHANCE and st.pending == ("entry", 0)
    assert st.station_k == 3
    st.apply_action(act("entry", 2))
    kinds = [e.kind for e in st.events[3:] if e.kind != "route_die"]
    assert kinds[:3] == ["droid_enter", "missile_launch", "route"]
    routes = [e.data["piece"] for e in st.events if e.kind == "route"]
    assert routes == ["M1", "D1"]  # the missile moves first, then its droid
    while st.pending and st.pending[0] == "route":
        st.apply_action(st.legal_actions()[0])
    assert st.pending == ("entry", 1)
    assert st.status[F1] == st.status[F2] == IN_PLAY and st.status[F3] == WAITING


def test_SS_D4_missile_launched_when_its_droid_enters():
    st = SpaceStationGame().new_initial_state()
    st.apply_action(act("entry", 4))
    entry = st.geo.entries[3]
    launch = [e for e in st.events if e.kind == "missile_launch"]
    assert launch and launch[0].data["hex"] == st.geo.label(entry)


def test_AMB_SS_7_same_entry_allowed_or_rerolled():
    for rule, n in (("allowed", 6), ("reroll", 5)):
        st = SpaceStationGame(same_entry=rule).new_initial_state()
        st.apply_action(act("entry", 3))
        while st.pending[0] != "entry":
            st.apply_action(st.legal_actions()[0])
        faces = [a.args[0] for a, _ in st.chance_outcomes()]
        assert len(faces) == n and (3 in faces) == (rule == "allowed")


def _play_to_turn(st, turn):
    while st.turn < turn and st.current_player() != TERMINAL:
        acts = st.legal_actions()
        end = act("end")
        st.apply_action(end if end in acts else acts[0])


def _turn_events(st, turn):
    """Events of ``turn``: from its station move up to the next turn's."""
    out, inside = [], False
    for e in st.events:
        if e.kind == "station_move":
            inside = e.data["turn"] == turn
        if inside:
            out.append(e)
    return out


def test_SS_J_later_turn_sequence():
    g = SpaceStationGame(hit_on=7)  # lasers never hit: the sequence is not cut short
    st = g.new_initial_state()
    _play_to_turn(st, 3)
    events = _turn_events(st, 2)
    kinds = [e.kind for e in events if e.kind != "route_die"]
    assert kinds[0] == "station_move"  # (1)
    launches = [i for i, k in enumerate(kinds) if k == "launch"]
    assert [events[i].data["fighter"] for i in launches] == ["F3", "F4"]  # (3), (5)
    first_route = kinds.index("route")
    assert launches[-1] < kinds.index("fighters_done") < first_route  # (7-8) before (9)
    pieces = [e.data["piece"] for e in events if e.kind == "route"]
    assert pieces == ["M1", "D1", "M2", "D2"]  # (9), (10), (12), (13)
    droid_shots = [i for i, e in enumerate(events) if e.kind == "laser" and e.data["shooter"] == "D1"]
    d1_route = next(i for i, e in enumerate(events) if e.kind == "route" and e.data["piece"] == "D1")
    m2_route = next(i for i, e in enumerate(events) if e.kind == "route" and e.data["piece"] == "M2")
    assert all(d1_route < i < m2_route for i in droid_shots)  # (11) between (10) and (12)


def test_SS_J_steps_3_to_6_skipped_once_all_fighters_are_out():
    st = SpaceStationGame(hit_on=7, fighters=2).new_initial_state()
    _play_to_turn(st, 3)
    assert "launch" not in [e.kind for e in _turn_events(st, 2)]
    assert ("launch", 1) not in st._later_turn()


def test_SS_J_player_activates_each_fighter_once():
    st = SpaceStationGame(hit_on=7).new_initial_state()
    _play_to_turn(st, 2)
    while st.current_player() == CHANCE:
        st.apply_action(st.legal_actions()[0])
    if st.decision and st.decision[0] == "phase":
        sel = [a for a in st.legal_actions() if a.kind == "select"]
        assert {int(a.args[0]) + 1 for a in sel} == {F1, F2}  # not the two just launched
        st.apply_action(sel[0])
        st.apply_action(act("stop"))
        while st.current_player() == CHANCE or st.decision[0] == "target":
            st.apply_action(st.legal_actions()[0])
        if st.decision and st.decision[0] == "phase":
            assert act("select", int(sel[0].args[0])) not in st.legal_actions()


def test_AMB_SS_4_launch_position_and_launch_moves():
    st = scenario(station_k=3)
    st._launch(False)
    assert st.hexes[F1] == st.hexes[S]
    st = scenario(SpaceStationGame(launch_position="behind"), station_k=3)
    st._launch(False)
    assert st.hexes[F1] == st.geo.orbit[2]
    for moves, expected in ((False, []), (True, [F1])):
        st = scenario(SpaceStationGame(launch_moves=moves), station_k=3)
        st._launch(False)
        assert st._eligible() == expected


# ---------------------------------------------------------------------- the end
def test_SS_H_win_when_every_droid_and_missile_is_destroyed():
    st = scenario(pieces={F1: (5, 5), D1: (7, 5)}, hp={D1: 1})
    for pid in (D2, M1, M2):
        st._destroy(pid)
    st._resolve_laser(F1, D1, 6)
    assert st.outcome == WIN and st.returns() == [1.0] and st.winners() == [0]
    assert st.metrics()["win"] == 1.0 and st.progress() == [pytest.approx(1.0)]


def test_SS_H_loss_when_the_station_is_destroyed():
    st = scenario(pieces={D1: (18, 9)})
    st._run_route(D1, (st.geo.index[(19, 9)],), "test")
    assert st.outcome == LOSS and st.winners() == [] and st.metrics()["loss"] == 1.0


def test_SS_H_max_turns_is_a_safety_bound_ending_unfinished():
    game = SpaceStationGame(max_turns=1, hit_on=7, fighters=0, droid_targets="fighters")
    st = game.new_initial_state()
    while not st.is_terminal():
        st.apply_action(st.chance_outcomes()[0][0] if st.current_player() == CHANCE
                        else st.legal_actions()[0])
    assert st.unfinished and st.stopped_by == "max_turns=1" and st.turn == 1
    assert st.current_player() == TERMINAL and st.winners() == [] and st.returns() == [0.0]
    ends = [e for e in st.events if e.clause == "SS-H"]
    assert [e.kind for e in ends] == ["unfinished"] and ends[0].data["limit"] == "max_turns=1"
    assert "unfinished" in st.result_text() and "max_turns=1" in st.result_text()
    assert "timeout" not in st.metrics()
    clone = st.clone()
    assert clone.stopped_by == "max_turns=1" and clone.full_state() == st.full_state()


def test_a_game_sent_to_a_worker_by_pickle_plays_the_same_games() -> None:
    """Worker pools and the OpenSpiel adapter pickle the game: the copy keeps every parameter
    (its options record is rebuilt on load) and plays seed for seed the same games."""
    import pickle

    import lab

    game = lab.load("space_station", fighters=5, hit_on=5, droid_shields=1)
    copy = pickle.loads(pickle.dumps(game))
    assert (copy.opt.fighters, copy.opt.hit_on, copy.opt.droid_shields) == (5, 5, 1)
    assert copy.opt == game.opt
    for seed in range(2):
        a, b = lab.play(game, seed=seed), lab.play(copy, seed=seed)
        assert [h.to_json() for h in a.history()] == [h.to_json() for h in b.history()]


def test_SS_I_every_new_game_starts_from_its_own_copy_of_the_set_up():
    """The set-up of SS-I is built once per game and copied: playing one game leaves the next
    one's start untouched, and a game with house rules starts from a position of its own."""
    game = SpaceStationGame()
    first = game.new_initial_state()
    fresh = SpaceStationState(game).full_state()
    first.apply_action(act("entry", 2))
    while first.pending and first.pending[0] == "route":
        first.apply_action(first.legal_actions()[0])
    second = game.new_initial_state()
    assert second is not first and second.game is game
    assert second.full_state() == fresh and second.move_number() == 0
    assert [e.kind for e in second.events] == ["station_move", "launch", "launch"]
    house = game.with_rules({"SS-G2": lambda face, hit_on: True})
    start = house.new_initial_state()
    assert start.game is house and start.full_state() == fresh
    assert game.new_initial_state().game is game


# ---------------------------------------------------------------------- a random seat's pick
def _decisions(game, seeds):
    """Decision states of random games (every kind: a target to choose, a move, the phase)."""
    import numpy as np

    out = []
    for seed in seeds:
        rng = np.random.default_rng(seed)
        st = game.new_initial_state()
        while not st.is_terminal():
            legal = st.legal_actions()
            if st.current_player() == 0:
                out.append(st.clone())
            st.apply_action(legal[int(rng.integers(len(legal)))])
    return out


def test_SS_J_a_random_seats_pick_is_the_legal_list_entry():
    """The driver's pick for a random seat (``State._pick_action``) builds only the chosen
    action: for every index ``i`` it asks once for ``len(legal)`` and gives ``legal[i]`` -- a
    laser target (SS-G3), a step of the active fighter (SS-D2), a fighter to select or the end
    of the phase (SS-J steps 7-8); a subclass with its own legal list gets its pick from it."""

    class Reversed(SpaceStationState):
        def _legal_actions(self, player):
            return list(super()._legal_actions(player))[::-1]

    game = SpaceStationGame(fighter_speed=2)
    states = _decisions(game, range(12))
    kinds = set()
    for st in states:
        legal = st.legal_actions()
        kinds.add(st.decision[0] if st.decision[0] == "target" else ("move" if st.active >= 0 else "phase"))
        for i in range(len(legal)):
            asked = []
            got = st.clone()._pick_action(0, lambda n, i=i, asked=asked: asked.append(n) or i)
            assert (asked, got) == ([len(legal)], legal[i])
        turned = Reversed.__new__(Reversed)
        set_state_fields(turned, state_fields(st.clone()))
        assert turned._pick_action(0, lambda n: 0) == legal[-1]
    assert kinds == {"target", "move", "phase"}
    chance = game.new_initial_state()  # a chance node: no decision, nothing to pick
    assert chance.current_player() == CHANCE and chance._pick_action(0, lambda n: 0) is None
