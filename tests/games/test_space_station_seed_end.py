"""Save the Space Station, SS-H: how the game ends, one worked situation per distinction (issue #39).

The seed: "Il gioco ha termine solo quando la Stazione Spaziale viene distrutta, in caso
contrario solo con la distruzione di tutti i droidi ed i missili." The game ends *only* when the
station is destroyed (a loss), or else *only* when every droid **and** every missile is destroyed
(a win). So:

- a missile still in flight keeps the game going after both droids are gone, and a droid (its
  shields not all gone) after both missiles are gone; a droid that has not entered yet is not
  destroyed either;
- losing fighters, even every one of them, ends nothing;
- the destruction that removes the last enemy ends the game at that moment, however it happens
  (a laser, a fighter ramming it), the rest of the turn unplayed;
- the station destroyed is a loss even when the same collision destroys the last enemy.

Positions are built with :func:`lab.games.space_station.state_from_observation` (the public way a
search agent rebuilds a state, ``test_space_station_clauses.position``); the game is then played
with actions and dice, and read back from events, ``returns`` and the observation.
"""

from __future__ import annotations

from test_space_station_clauses import (
    D1,
    D2,
    DESTROYED,
    F1,
    IN_PLAY,
    M1,
    M2,
    WAITING,
    play_dice,
    position,
    status,
)

from lab.core.actions import act
from lab.core.state import TERMINAL
from lab.games.space_station import SpaceStationGame, state_from_observation


def kinds_after(st, start):
    return [(e.clause, e.kind) for e in st.events[start:]]


def fire_with_f1(st, face):
    """The player activates F1, which stays put and fires at its only target; the die shows ``face``."""
    st.apply_action(act("select", F1 - 1))
    st.apply_action(act("stop"))
    assert st.observation(0)["pending"][0] == "roll"
    st.apply_action(act("roll", face))


def test_SS_H_a_missile_in_flight_keeps_the_game_going_after_both_droids_are_gone() -> None:
    st = position(pieces={M1: (3, 3)})  # droids and M2 destroyed; M1 far from the station
    assert [status(st, p) for p in (D1, D2, M2)] == [DESTROYED] * 3
    before = st.observation(0)["pieces"][M1]["hex"]
    st.apply_action(act("end"))
    play_dice(st, face=1)
    obs = st.observation(0)
    assert obs["outcome"] == 0 and st.current_player() != TERMINAL and st.returns() == [0.0]
    assert status(st, M1) == IN_PLAY and obs["pieces"][M1]["hex"] != before  # it flew on
    assert not [e for e in st.events if e.clause == "SS-H"]


def test_SS_H_the_last_missile_shot_down_wins_at_once() -> None:
    st = position(pieces={F1: (5, 5), M1: (7, 5)})
    start = len(st.events)
    fire_with_f1(st, 6)
    assert st.current_player() == TERMINAL and st.returns() == [1.0] and st.winners() == [0]
    assert kinds_after(st, start)[-3:] == [("SS-G2", "laser"), ("SS-F5", "destroyed"), ("SS-H", "win")]
    assert st.observation(0)["queue"][1] == ["missile", 0]  # the rest of the turn is never played


def test_SS_H_a_droid_left_with_a_shield_is_no_win() -> None:
    """Both missiles gone; D1 has two hits left: a hit costs a shield and the game goes on; at
    its last hit it is destroyed and the game is won."""
    st = position(pieces={F1: (5, 5), D1: (7, 5)}, hp={D1: 2})
    fire_with_f1(st, 6)
    assert st.observation(0)["outcome"] == 0 and status(st, D1) == IN_PLAY
    assert [e.kind for e in st.events if e.clause == "SS-D3"] == ["shield_lost"]
    st = position(pieces={F1: (5, 5), D1: (7, 5)}, hp={D1: 1})
    fire_with_f1(st, 5)
    assert st.returns() == [1.0] and st.events[-1].kind == "win"


def test_SS_H_a_droid_still_to_enter_is_not_destroyed() -> None:
    """D1 (last hit) shot down while droid 2 and its missile wait to enter: no win."""
    game = SpaceStationGame()
    st = position(game, pieces={F1: (5, 5), D1: (7, 5)}, hp={D1: 1})
    obs = st.observation(0)
    obs["status"][D2] = obs["status"][M2] = WAITING
    obs["hp"][D2], obs["hp"][M2] = 4, 1
    st = state_from_observation(game, obs)
    fire_with_f1(st, 6)
    assert status(st, D1) == DESTROYED and st.observation(0)["outcome"] == 0
    assert st.returns() == [0.0] and not [e for e in st.events if e.clause == "SS-H"]


def test_SS_H_a_fighter_ramming_the_last_missile_wins_though_the_fighter_is_lost() -> None:
    st = position(pieces={F1: (5, 5), M1: (6, 5)})
    start = len(st.events)
    st.apply_action(act("select", F1 - 1))
    st.apply_action(act("move", 0))  # east, into M1: both destroyed (SS-E)
    assert status(st, F1) == status(st, M1) == DESTROYED
    assert st.returns() == [1.0] and kinds_after(st, start)[-1] == ("SS-H", "win")


def test_SS_H_losing_every_fighter_ends_nothing() -> None:
    """Every fighter destroyed, a droid in play: the station alone plays on (no loss)."""
    game = SpaceStationGame()
    st = position(game, pieces={D1: (3, 3)})
    obs = st.observation(0)
    for f in range(1, game.first_droid):
        obs["status"][f], obs["hexes"][f] = DESTROYED, -1
    st = state_from_observation(game, obs)
    assert st.legal_actions() == [act("end")]  # no fighter left to activate
    st.apply_action(act("end"))
    while st.observation(0)["turn"] < 4:  # two more turns: the station moves and fires on
        play_dice(st, face=1, until_player=False)
    assert st.observation(0)["outcome"] == 0 and st.returns() == [0.0]
    assert status(st, D1) == IN_PLAY and not [e for e in st.events if e.clause == "SS-H"]


def test_SS_H_the_last_droid_destroyed_with_a_missile_in_flight_is_no_win() -> None:
    """D1, the last droid, shot down while M1 is still flying: the missile must go too."""
    st = position(pieces={F1: (5, 5), D1: (7, 5), M1: (2, 15)}, hp={D1: 1})
    fire_with_f1(st, 6)
    assert status(st, D1) == DESTROYED and status(st, M1) == IN_PLAY
    assert st.observation(0)["outcome"] == 0 and st.returns() == [0.0]
    assert not [e for e in st.events if e.clause == "SS-H"]


def test_SS_H_the_station_destroyed_by_the_last_missile_is_a_loss() -> None:
    """M1, the last enemy, reaches the station: both are destroyed (SS-E) and the game is lost,
    though no droid or missile is left."""
    game = SpaceStationGame()
    geo = game.geometry
    station = geo.nodes[geo.orbit[0]]
    near = next(n for n in geo.graph.nodes if geo.dist[geo.index[n]][geo.orbit[0]] == 4)
    st = position(game, pieces={M1: near}, station_k=0)
    st.apply_action(act("end"))
    play_dice(st, face=1)
    assert st.current_player() == TERMINAL and st.returns() == [-1.0] and st.winners() == []
    assert [e.kind for e in st.events if e.clause == "SS-H"] == ["loss"]
    assert status(st, M1) == DESTROYED and station is not None
