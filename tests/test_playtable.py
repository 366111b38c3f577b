"""The playtest table (issue 34), in process: links, store, seats, moves, races, records, leaks.

The tables here are real (:class:`playtable.table.Table` on a real SQLite database, records in a
real playtest log); only the sockets are replaced by lists of frames
(:mod:`tests.tools.playtable_harness`). ``tests/test_playtable_server.py`` drives a real server
process over websockets; ``tests/browser/test_browser_playtable.py`` real browsers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import lab
from playtable import keys as keymod
from playtable.bots import my_turn, scripted_move
from playtable.errors import CODES, Refusal
from playtable.race import Clock, Race, reaction_ms
from playtable.session import ReplayError, replay
from playtable.store import Entry, Store, StoreError
from playtable.web import HostPolicy, parse, split_host
from tests.tools import patience
from tests.tools.aio import run_coroutine
from tests.tools.playtable_audit import AuditReport, audit_frames
from tests.tools.playtable_harness import FakeClient, Harness, spec

ROOT = Path(__file__).resolve().parents[1]
SMALL_MEMCEL = {
    "players": 3,
    "ring_layout": [{"colour": "red", "sectors": 4}, {"colour": "green", "sectors": 4}, {"colour": "blue", "sectors": 4}],
    "tile_counts": {"red": 2, "green": 2, "blue": 2, "orange": 3, "imprevisto": 3},
}
SHORT_FC = {"players": 4, "card_counts": {"nature": 5, "sport": 5, "history": 5, "taste": 5, "lodging": 6, "event": 0},
            "penalty_timing": "end_of_round"}


def run(coro: Any) -> Any:
    return run_coroutine(coro)


async def play_out(h: Harness, clients: dict[int, FakeClient], seed: int = 1, *, table: Any = None,
                   max_moves: int = 4000, reaction: dict[int, float] | None = None, races: int | None = None) -> int:
    """Scripted people play the table to its end, or until ``races`` races were run (slapped
    ``reaction`` ms after their signal, on the server's clock); returns the moves made."""
    table = table or h.tables[0]
    moves = 0
    for _ in range(max_moves):
        await h.settle(table)
        if table.session.state.is_terminal():
            return moves
        if races is not None and sum(e.kind == "hands_on_deck" for e in table.session.state.events) >= races:
            return moves
        if any(c.view.get("race") == "ready" for c in clients.values()) and not any(
                c.view.get("race") == "slap" or my_turn(c.view) for c in clients.values()):
            await asyncio.sleep(0.02)  # an agent leads the race: its slap lands by the server's timer
            continue
        acted = False
        for seat, c in clients.items():
            v = c.view
            if v.get("race") == "slap":
                sent = c.conn.offer_sent[(v["at"][0], v["at"][2])]
                delay = (reaction or {}).get(seat, 300.0)
                r = await c.send({"type": "move", "kind": "timed", "ms": delay, "option": 0, "token": v["token"]},
                                 received=sent + delay / 1000.0)
                assert r["type"] == "ack", r
                acted = True
                break
            if my_turn(v):
                r = await c.move(**scripted_move(v, seed, seat))
                assert r["type"] == "ack", (seat, r, v["status"])
                moves += 1
                acted = True
                break
        assert acted, f"nobody can move: {[c.view['status'] for c in clients.values()]}"
    raise AssertionError("the game did not end")


async def play_moves(h: Harness, table: Any, clients: dict[int, FakeClient], moves: int, seed: int) -> None:
    """Scripted people make up to ``moves`` moves in turn at ``table`` (fewer if it ends)."""
    for _ in range(moves):
        await h.settle()
        if table.session.state.is_terminal():
            break
        c = next(c for c in clients.values() if my_turn(c.view))
        assert (await c.move(**scripted_move(c.view, seed, c.conn.seat)))["type"] == "ack"


# ---------------------------------------------------------------------- links and secrets
def test_link_secrets_are_256_bit_derived_from_a_private_key_and_compared_in_constant_time(tmp_path: Path) -> None:
    key_file = tmp_path / "t.db.key"
    key = keymod.load_or_create_key(key_file)
    assert len(key) == 32 and stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert keymod.load_or_create_key(key_file) == key  # kept, not remade
    ring = keymod.Keyring(key)
    secrets = {ring.designer(), ring.spectator("t1"), ring.seat("t1", 0, 0), ring.seat("t1", 1, 0), ring.seat("t1", 0, 1),
               ring.seat("t2", 0, 0)}
    assert len(secrets) == 6 and all(len(s) == keymod.SECRET_CHARS for s in secrets)  # 43 base64url chars = 256 bits
    assert keymod.matches(ring.seat("t1", 0, 0), ring.seat("t1", 0, 0))
    assert not keymod.matches(ring.seat("t1", 1, 0), ring.seat("t1", 0, 0))
    assert not keymod.matches(None, ring.designer()) and not keymod.matches("x" * 10_000, ring.designer())
    assert "hidden" in repr(ring)
    key_file.write_bytes(b"short")
    with pytest.raises(keymod.KeyFileError, match="holds 5 bytes"):
        keymod.load_or_create_key(key_file)


def test_the_database_and_the_records_hold_no_secret(tmp_path: Path) -> None:
    async def go() -> None:
        h = Harness(tmp_path, spec(lab.load("memm", players=3), ["human", "human", "greedy"]))
        a = await h.client(seat=0, name="Anna")
        b = await h.client(seat=1, name="Bruno")
        await play_out(h, {0: a, 1: b})
        links = h.hub.links(h.tables[0])
        secrets = [u.split("#")[1] for u in [*links.seats.values(), links.spectator, links.designer]]
        h.close()
        blobs = [p.read_bytes() for p in tmp_path.rglob("*") if p.is_file() and not p.name.endswith(".key")]
        assert blobs and not [s for s in secrets for b in blobs if s.encode() in b]
        rec = json.loads((tmp_path / "log.jsonl").read_text().splitlines()[-1])
        assert rec["names"] == ["Anna", "Bruno", None] and rec["server"] == "playtable"

    run(go())


# ---------------------------------------------------------------------- the store
def test_the_store_is_sqlite_in_wal_mode_and_refuses_another_applications_database(tmp_path: Path) -> None:
    store = Store(tmp_path / "a.db")
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.create_table(table_id="t", label="x", spec_key=None, game="memm", params={"players": 2}, rules={},
                       options={}, seats=["human", "human"], seed=3)
    store.append("t", 1, [Entry(0, 5, "move", 0, {"action": ["pass"]})])
    row = store.load("t")
    assert row.current.seed == 3 and row.current.journal[0].data == {"action": ["pass"]}
    store.close()
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE studies (id INTEGER)")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="another application's database"):
        Store(other)
    junk = tmp_path / "junk.db"
    junk.write_bytes(os.urandom(4096))
    with pytest.raises(StoreError, match="not a usable tables' database|another application"):
        Store(junk)


# ---------------------------------------------------------------------- hello and roles
def test_a_connection_is_a_seat_a_spectator_or_the_designer_only_by_its_links_secret(tmp_path: Path) -> None:
    async def go() -> None:
        h = Harness(tmp_path, spec(lab.load("memm", players=2), ["human", "human"]),
                    spec(lab.load("memm", players=2), ["human", "human"], seed=1))
        t0, t1 = h.tables
        other_table_secret = h.hub.links(t1).seats[0].split("#")[1]
        c = FakeClient(h.hub)
        assert (await c.hello(table=t0.id, secret="A" * 43))["code"] == "forbidden"
        assert (await c.hello(table=t0.id, secret=other_table_secret))["code"] == "forbidden"
        assert (await c.hello(table="nope", secret=other_table_secret))["code"] == "unknown_table"
        assert (await c.hello(lobby=True, secret=other_table_secret))["code"] == "forbidden"
        spectator = await h.client(role="spectator")
        designer = await h.client(role="designer")
        seat1 = await h.client(seat=1)
        assert spectator.conn.role == "spectator" and designer.conn.role == "designer" and seat1.conn.seat == 1
        assert spectator.view["targets"] == [] and spectator.view["seat"] == -1
        assert "boards" in designer.view and "full_state" in designer.view
        assert seat1.last("welcome")["seat"] == 1
        r = await spectator.move(kind="click", target=seat1.view["targets"][0] if seat1.view["targets"] else "x")
        assert r["code"] == "spectator"
        r = await designer.send({"type": "move", "kind": "click", "target": "x", "token": 1})
        assert r["code"] == "spectator"
        assert (await seat1.send({"type": "rematch"}))["code"] == "forbidden"

    run(go())


# ---------------------------------------------------------------------- hostile moves
def test_hostile_moves_are_refused_with_a_typed_line_and_change_nothing(tmp_path: Path) -> None:
    async def go() -> None:
        h = Harness(tmp_path, spec(lab.load("memcel", **SMALL_MEMCEL), ["human", "human", "memory"]))
        table = h.tables[0]
        a, b = await h.client(seat=0), await h.client(seat=1)
        await h.settle()
        mover, other = (a, b) if my_turn(a.view) else (b, a)
        assert my_turn(mover.view) and not my_turn(other.view)

        def snapshot() -> tuple[str, int, int]:
            return table.session.state.to_json(), len(table.journal), table.session.version

        before = snapshot()
        target = mover.view["targets"][0]
        cases = [
            (other, {"kind": "click", "target": target, "token": other.view["token"]}, "not_your_turn"),
            (other, {"kind": "click", "target": target, "token": other.view["token"], "seat": 0}, "not_your_turn"),
            (mover, {"kind": "click", "target": target, "token": mover.view["token"] - 1}, "stale"),
            (mover, {"kind": "click", "target": target, "token": "1"}, "stale"),
            (mover, {"kind": "click", "target": "slot:999", "token": mover.view["token"]}, "illegal"),
            (mover, {"kind": "click", "target": ["x"] * 10, "token": mover.view["token"]}, "bad_message"),
            (mover, {"kind": "choose", "action": ["place", 10**40], "token": mover.view["token"]}, "illegal"),
            (mover, {"kind": "warp", "token": mover.view["token"]}, "bad_message"),
            (mover, {"kind": "timed", "ms": 300, "token": mover.view["token"]}, "no_race"),
        ]
        for client, msg, code in cases:
            r = await client.send({"type": "move", **msg})
            assert r["type"] == "error" and r["code"] == code, (msg, r)
            assert r["message"].startswith("refused") and "\n" not in r["message"]
            assert snapshot() == before, msg
        # a move, then the same message again (a replay): refused as stale, played once
        move = scripted_move(mover.view, 0, mover.conn.seat)
        msg = {"type": "move", **move, "token": mover.view["token"]}
        assert (await mover.send(msg))["type"] == "ack"
        after = snapshot()
        r = await mover.send(msg)
        assert r["code"] == "stale" and snapshot() == after
        for bad in ("", "[]", '{"type": 3}', "{" * 100_000, "x" * 20_000, None):
            with pytest.raises(Refusal) as err:
                parse(bad)
            assert err.value.code in ("bad_message", "too_large")
        assert (await mover.send({"type": "nonsense"}))["code"] == "bad_message"
        assert set(CODES) >= {"stale", "not_your_turn", "illegal", "spectator", "forbidden", "too_large",
                              "rate_limited", "bad_origin", "bad_host"}

    run(go())


def test_a_move_the_database_cannot_store_is_refused_and_never_happened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def go() -> None:
        h = Harness(tmp_path, spec(lab.load("memm", players=2), ["human", "human"]))
        table = h.tables[0]
        clients = {0: await h.client(seat=0), 1: await h.client(seat=1)}
        await h.settle()
        c = next(c for c in clients.values() if my_turn(c.view))
        # a click that plays at once (not one that only narrows a selection)
        move = next(m for m in ({"kind": "choose", "action": b["action"]} for b in c.view["buttons"]))  \
            if c.view["buttons"] else scripted_move(c.view, 0, c.conn.seat)
        before = (table.session.state.to_json(), len(table.journal))

        def broken(*args: Any, **kwargs: Any) -> None:
            raise StoreError("disk full")

        monkeypatch.setattr(h.store, "append", broken)
        r = await c.move(**move)
        if r["type"] == "ack":  # the move only narrowed a selection: nothing to store
            assert (table.session.state.to_json(), len(table.journal)) == before
            return
        assert r["code"] == "storage"
        assert (table.session.state.to_json(), len(table.journal)) == before
        monkeypatch.undo()
        assert (await c.move(**move))["type"] == "ack" and len(table.journal) == before[1] + 1

    run(go())


def test_pass_moves_that_play_at_once_journal_before_the_ack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The order of the two events: the journal's commit, then the acknowledgement's frame."""
    async def go() -> None:
        h = Harness(tmp_path, spec(lab.load("memcel", **SMALL_MEMCEL), ["human", "human", "human"]))
        table = h.tables[0]
        clients = {p: await h.client(seat=p) for p in range(3)}
        events: list[str] = []
        real_append = h.store.append

        def append(*args: Any, **kwargs: Any) -> None:
            real_append(*args, **kwargs)
            events.append("commit")

        monkeypatch.setattr(h.store, "append", append)
        for c in clients.values():
            real_send = c.conn._send_text  # noqa: SLF001

            async def send(text: str, real_send: Any = real_send) -> None:
                if '"type":"ack"' in text:
                    events.append("ack")
                await real_send(text)

            c.conn._send_text = send  # noqa: SLF001
        for _ in range(12):
            await h.settle()
            c = next(c for c in clients.values() if my_turn(c.view))
            journal = len(table.journal)
            events.clear()
            assert (await c.move(**scripted_move(c.view, 3, c.conn.seat)))["type"] == "ack"
            if len(table.journal) > journal:
                assert events == ["commit", "ack"], events
            else:
                assert events == ["ack"]

    run(go())


# ---------------------------------------------------------------------- replay, resume
@pytest.mark.parametrize(("name", "params", "seats"), [
    ("memcel", SMALL_MEMCEL, ["human", "memory", "human"]),
    ("memm", {"players": 3}, ["human", "greedy", "human"]),
    ("space_station", {}, ["human"]),
])
def test_a_table_resumes_from_its_journal_at_the_same_position(tmp_path: Path, name: str, params: dict[str, Any],
                                                             seats: list[str]) -> None:
    async def go() -> None:
        game = lab.load(name, **params)
        h = Harness(tmp_path, spec(game, seats, seed=5))
        humans = [p for p, s in enumerate(seats) if s == "human"]
        clients = {p: await h.client(seat=p) for p in humans}
        table = h.tables[0]
        await play_moves(h, table, clients, 25, seed=2)
        await h.settle()
        live = table.session.state.to_json()
        h.close()
        # a new hub on the same database: the restart
        again = Harness.__new__(Harness)
        again.path, again.store, again.keys = tmp_path, Store(tmp_path / "tables.db"), h.keys
        from playtable.hub import Hub

        again.hub = Hub(again.store, again.keys, tmp_path / "log.jsonl")
        resumed = again.hub.resume()
        assert [t.id for t in resumed] == [table.id]
        await again.settle(resumed[0])
        assert resumed[0].session.state.to_json() == live
        stored = again.store.load(table.id)
        assert replay(game, stored.current.seats, 5, stored.current.journal).state.move_number() <= \
            resumed[0].session.state.move_number()
        again.close()

    run(go())


def test_a_journal_that_does_not_replay_says_so(tmp_path: Path) -> None:
    game = lab.load("memm", players=2)
    with pytest.raises(ReplayError, match="not legal|not a person|expects move"):
        replay(game, ["human", "human"], 0, [Entry(0, 9999, "move", 0, {"action": ["pass"]})])
    with pytest.raises(ReplayError, match="unknown kind"):
        replay(game, ["human", "human"], 0, [Entry(0, 0, "teleport", 0, {})])


# ---------------------------------------------------------------------- records, rematch, seats
def test_finished_and_abandoned_games_are_playtest_records_lab_reads(tmp_path: Path) -> None:
    async def go() -> None:
        h = Harness(tmp_path, spec(lab.load("memm", players=3), ["human", "human", "greedy"], seed=4))
        table = h.tables[0]
        a, b = await h.client(seat=0, name="Anna"), await h.client(seat=1)
        assert (await b.send({"type": "name", "name": "Bo\x00b \u202e\n"}))["type"] == "ack"
        await play_out(h, {0: a, 1: b}, seed=2)
        assert table.game_status == "finished"
        designer = await h.client(role="designer")
        assert (await designer.send({"type": "rematch"}))["type"] == "ack"
        assert table.game_no == 2 and table.seed == 5 and table.game_status == "playing"
        while not table.journal:  # a person's move in game 2 (a click may only narrow a selection)
            await h.settle()
            c = next(c for c in (a, b) if my_turn(c.view))
            assert (await c.move(**scripted_move(c.view, 0, c.conn.seat)))["type"] == "ack"
        assert (await designer.send({"type": "rematch", "seed": 40}))["type"] == "ack"  # game 2 left unfinished
        assert table.seed == 40
        await h.settle()
        log = tmp_path / "log.jsonl"
        records = [json.loads(line) for line in log.read_text().splitlines()]
        assert [(r["game_no"], r["finished"]) for r in records] == [(1, True), (2, False)]
        assert records[0]["names"] == ["Anna", "Bob", None] and records[0]["seat_kinds"][2] == {"name": "greedy"}
        assert records[1]["abandoned"] == "the designer started a rematch" and records[1]["result"].startswith("unfinished")
        assert all(d["seconds"] is not None for d in records[0]["decisions"])
        df = lab.playtests(log)
        assert len(df) == 1 and df["agents"][0] == "human|human|greedy"
        both = lab.playtests(log, finished_only=False)
        assert len(both) == 2 and both.attrs["playtests"][1]["table"] == table.id

    run(go())


def test_a_seat_handed_to_an_agent_plays_on_and_comes_back(tmp_path: Path) -> None:
    async def go() -> None:
        game = lab.load("memm", players=3)
        h = Harness(tmp_path, spec(game, ["human", "human", "human"], seed=8))
        table = h.tables[0]
        clients = {p: await h.client(seat=p) for p in range(3)}
        designer = await h.client(role="designer")
        for _ in range(4):
            await h.settle()
            c = next(c for c in clients.values() if my_turn(c.view))
            assert (await c.move(**scripted_move(c.view, 1, c.conn.seat)))["type"] == "ack"
        assert (await designer.send({"type": "seat", "seat": 2, "kind": "greedy"}))["type"] == "ack"
        assert (await designer.send({"type": "seat", "seat": 2, "kind": "nonsense"}))["code"] == "bad_request"
        assert (await designer.send({"type": "seat", "seat": 7, "kind": "greedy"}))["code"] == "bad_request"
        assert table.session.kinds()[2] == {"name": "greedy"}
        del clients[2]
        await play_moves(h, table, clients, 6, seed=1)
        assert (await designer.send({"type": "seat", "seat": 2, "kind": "human"}))["type"] == "ack"
        await h.settle()
        row = h.store.load(table.id)
        assert [e.kind for e in row.current.journal if e.kind != "move"] == ["handover", "reclaim"]
        again = replay(game, row.current.seats, 8, row.current.journal)
        again.run()
        assert again.state.to_json() == table.session.state.to_json()

    run(go())


def test_a_game_nobody_touched_for_long_is_recorded_as_abandoned(tmp_path: Path) -> None:
    async def go() -> None:
        h = Harness(tmp_path, spec(lab.load("memm", players=2), ["human", "human"]))
        h.hub.abandon_after = 60
        table = h.tables[0]
        clients = [await h.client(seat=0), await h.client(seat=1)]
        while not table.journal:  # a person's move (a click may only narrow a selection)
            await h.settle()
            c = next(c for c in clients if my_turn(c.view))
            assert (await c.move(**scripted_move(c.view, 0, c.conn.seat)))["type"] == "ack"
        assert await h.hub.abandon_idle(at=table.last_activity + 61) == []  # somebody is connected
        for conn in list(table.conns):
            table.detach(conn)
        assert await h.hub.abandon_idle(at=table.last_activity + 30) == []
        assert await h.hub.abandon_idle(at=table.last_activity + 61) == [table.id]
        rec = json.loads((tmp_path / "log.jsonl").read_text())
        assert rec["finished"] is False and "nobody played" in rec["abandoned"]

    run(go())


# ---------------------------------------------------------------------- races (FC-P5)
def test_the_clock_takes_the_median_round_trip_and_subtracts_it() -> None:
    clock = Clock()
    for rtt in (0.020, 0.022, 0.500, 0.021, 0.019):
        ident = clock.ping(at=100.0)
        assert clock.pong(ident, at=100.0 + rtt) == pytest.approx(rtt)
    assert clock.rtt() == pytest.approx(0.021)
    assert clock.pong(999_999) is None and clock.pong("1") is None
    assert reaction_ms(10.5, 10.0, 0.1) == pytest.approx((400.0, 500.0))
    assert reaction_ms(10.05, 10.0, 0.1)[0] == 0.0


def test_a_race_signals_followers_at_the_first_leaders_slap_and_closes_by_its_windows() -> None:
    race = Race(key=(1, 9), opened=100.0, window_s=5.0, leaders={0}, followers={1, 2}, humans={0, 1, 2},
                agent_leader_ms={})
    assert race.signalled(0) and not race.signalled(1) and race.deadline(1) is None
    assert race.next_wakeup() == 105.0
    assert race.leader_landed(100.4) and not race.leader_landed(100.9)
    assert race.signalled(2) and race.deadline(2) == pytest.approx(105.4)
    race.done |= {0, 1}
    assert race.due(105.0) == (False, []) and race.due(105.5) == (False, [2])
    agent_led = Race(key=(1, 3), opened=50.0, window_s=5.0, leaders={3}, followers={0}, humans={0},
                     agent_leader_ms={3: 700.0})
    assert agent_led.next_wakeup() == pytest.approx(50.7)
    assert agent_led.due(50.71) == (True, []) and agent_led.deadline(0) == pytest.approx(55.7)
    vanished = Race(key=(1, 4), opened=0.0, window_s=2.0, leaders={0}, followers={1}, humans={0, 1})
    assert vanished.due(2.5) == (True, [0])  # the leader's window ran out: followers get the signal
    one_phase = Race(key=(1, 5), opened=7.0, window_s=1.0, leaders=set(), followers={0, 1}, humans={0, 1})
    assert one_phase.signalled(1) and one_phase.deadline(1) == 8.0


def test_slaps_are_timed_by_the_server_clock_and_decide_the_race(tmp_path: Path) -> None:
    """Four people race: each slap's time is the server's, minus the measured round trip; the
    game orders the hands from those times (FC-P5); every reaction is in the record."""
    async def go() -> None:
        h = Harness(tmp_path, spec(lab.load("fiemme_cembra", **SHORT_FC), ["human"] * 4, seed=1))
        table = h.tables[0]
        clients = {p: await h.client(seat=p) for p in range(4)}
        for c in clients.values():  # a measured network: 40 ms round trips for every seat
            for _ in range(3):
                ident = c.conn.clock.ping(at=0.0)
                c.conn.clock.pong(ident, at=0.040)
        reaction = {0: 300.0, 1: 550.0, 2: 800.0, 3: 1050.0}
        rtt_ms = 40.0
        await play_out(h, clients, reaction={p: ms + rtt_ms for p, ms in reaction.items()}, races=2, seed=1)
        rows = [r for e in table.journal for r in e.data.get("reactions", [])]
        assert rows and all(r["ms"] == pytest.approx(reaction[r["seat"]], abs=0.5) for r in rows)
        assert all(r["rtt_ms"] == pytest.approx(rtt_ms) and r["played_ms"] == round(reaction[r["seat"]], -1) for r in rows)
        races = [e for e in table.session.state.events if e.kind == "hands_on_deck"]
        assert len(races) == len({tuple(r["race"]) for r in rows}) > 0
        for event, key in zip(races, sorted({tuple(r["race"]) for r in rows}), strict=True):
            race = {r["seat"]: r for r in rows if tuple(r["race"]) == key}
            assert sorted(race) == [0, 1, 2, 3] and [event.data["ms"][p] for p in range(4)] == [race[p]["played_ms"] for p in range(4)]
            leaders = [p for p in race if race[p]["leader"]]
            first = min(leaders, key=lambda p: (race[p]["played_ms"], p))
            t0 = race[first]["played_ms"]
            expected = sorted(range(4), key=lambda p: (race[p]["played_ms"] + (0 if p in leaders else t0),
                                                       0 if p in leaders else 1, (p - first) % 4))
            assert list(event.data["order"]) == expected  # the race as the server's clock says
        assert all(not r["timed_out"] for r in rows)
        designer = await h.client(role="designer")
        assert (await designer.send({"type": "close"}))["type"] == "ack"  # recorded as abandoned
        rec = json.loads((tmp_path / "log.jsonl").read_text().splitlines()[-1])
        assert len(rec["reactions"]) == len(rows) and rec["reactions"][0]["client_ms"] is not None
        assert rec["finished"] is False and rec["abandoned"] == "closed by the designer"

    run(go())


def test_a_race_closes_by_its_window_when_a_browser_vanished(tmp_path: Path) -> None:
    async def go() -> None:
        h = Harness(tmp_path, spec(lab.load("fiemme_cembra", **SHORT_FC), ["human"] * 4, seed=3, race_window=0.5))
        table = h.tables[0]
        clients = {p: await h.client(seat=p) for p in range(4)}
        for _ in range(400):
            await h.settle()
            if table.race is not None:
                break
            c = next((c for c in clients.values() if my_turn(c.view)), None)
            assert c is not None
            assert (await c.move(**scripted_move(c.view, 1, c.conn.seat)))["type"] == "ack"
        assert table.race is not None
        moves = len(table.session.state.history())
        for c in clients.values():  # every browser vanishes
            table.detach(c.conn)
        for _ in range(200):  # the server's own timers close the race (0.5 s windows, two phases)
            await asyncio.sleep(0.05)
            if len(table.session.state.history()) > moves:
                break
        assert len(table.session.state.history()) > moves
        rows = [r for e in table.journal for r in e.data.get("reactions", [])]
        assert rows and all(r["timed_out"] and r["played_ms"] == 3000 for r in rows)

    run(go())


# ---------------------------------------------------------------------- the leak audit
def _audit(h: Harness, clients: dict[int | None, FakeClient]) -> AuditReport:
    table = h.tables[0]
    return audit_frames(h.path / "tables.db", table.id, {seat: c.frames for seat, c in clients.items()})


@pytest.mark.parametrize(("name", "params", "seats"), [
    ("memcel", SMALL_MEMCEL, ["human", "human", "memory"]),
    ("fiemme_cembra", SHORT_FC, ["human", "human", "collector", "human"]),
])
def test_no_frame_holds_another_seats_hidden_information(tmp_path: Path, name: str, params: dict[str, Any],
                                                         seats: list[str]) -> None:
    async def go() -> AuditReport:
        h = Harness(tmp_path, spec(lab.load(name, **params), seats, seed=2))
        clients: dict[int | None, FakeClient] = {p: await h.client(seat=p) for p, s in enumerate(seats) if s == "human"}
        clients[None] = await h.client(role="spectator")
        players = {p: c for p, c in clients.items() if p is not None}
        try:
            await play_out(h, players, seed=4, max_moves=60)
        except AssertionError as exc:
            assert "did not end" in str(exc)
        return _audit(h, clients)

    report = run(go())
    assert not report.problems, report.problems[:3]
    assert report.views > 20 and report.twins > 0


def test_a_planted_leak_in_a_frame_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import playtable.table as table_module
    from playtable.views import seat_view as honest

    def leaky(session: Any, seat: Any, phase: str = "") -> dict[str, Any]:
        view = honest(session, seat, phase)
        view["status"] += " " + json.dumps(session.state.full_state().get("hands", []))
        return view

    async def go(where: str) -> AuditReport:
        if where == "server":
            monkeypatch.setattr(table_module, "seat_view", leaky)
        else:  # the view itself leaks: the server and the audit's replay agree, the twin does not
            monkeypatch.setattr(table_module, "seat_view", leaky)
            monkeypatch.setattr("tests.tools.playtable_audit.seat_view", leaky)
        h = Harness(tmp_path / where, spec(lab.load("fiemme_cembra", **SHORT_FC), ["human"] * 4, seed=2))
        clients: dict[int | None, FakeClient] = {p: await h.client(seat=p) for p in range(4)}
        with contextlib.suppress(AssertionError):  # stopped after 10 moves
            await play_out(h, clients, seed=4, max_moves=10)  # type: ignore[arg-type]
        if where == "server":
            monkeypatch.undo()  # the audit's own views are honest: the frames are not
        report = _audit(h, clients)
        monkeypatch.undo()
        return report

    assert any("not the view of its position" in p for p in run(go("server")).problems)
    assert any("changes with hidden facts" in p for p in run(go("view")).problems)


# ---------------------------------------------------------------------- layering
def test_neither_lab_nor_widgets_imports_the_server() -> None:
    """``lab`` and ``widgets`` never import ``playtable`` (rules-lab serve runs it in its own process)."""
    import ast

    for package in ("lab", "widgets"):
        for path in (ROOT / package).rglob("*.py"):
            tree = ast.parse(path.read_text(), filename=str(path))
            for node in ast.walk(tree):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                    [node.module] if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 else [])
                assert not any(n.split(".")[0] == "playtable" for n in names), f"{path.relative_to(ROOT)} imports {names}"
    out = patience.run([sys.executable, "-c", "import sys, lab.cli, lab; print('playtable' in sys.modules)"], cpu=300, cwd=ROOT)
    assert out.stdout.strip() == "False", out


# ---------------------------------------------------------------------- hosts and origins
def test_only_this_servers_hosts_and_pages_are_answered() -> None:
    local = HostPolicy("127.0.0.1", 8765)
    assert local.host_ok("127.0.0.1:8765") and local.host_ok("localhost:8765") and local.host_ok("[::1]:8765")
    assert not local.host_ok("evil.example") and not local.host_ok("evil.example:8765") and not local.host_ok(None)
    assert not local.host_ok("192.168.1.5:8765")  # a local-only server answers no LAN address
    assert not local.host_ok("a b") and not local.host_ok("x" * 300)
    lan = HostPolicy("0.0.0.0", 8765, allow_hosts=["table.local"])
    assert lan.host_ok("192.168.1.5:8765") and lan.host_ok("table.local:8765") and not lan.host_ok("evil.example")
    assert local.origin_ok("http://127.0.0.1:8765", "127.0.0.1:8765")
    assert not local.origin_ok("http://evil.example", "127.0.0.1:8765")
    assert not local.origin_ok("http://127.0.0.1:8765", "localhost:8765")  # another name, another origin
    assert not local.origin_ok(None, "127.0.0.1:8765") and not local.origin_ok("null", "127.0.0.1:8765")
    proxied = HostPolicy("127.0.0.1", 8765, allow_origins=["https://play.example"])
    assert proxied.origin_ok("https://play.example/", "127.0.0.1:8765")
    assert split_host("[::1]:80") == "::1" and split_host("h:x") is None


# ---------------------------------------------------------------------- command line
def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return patience.run([sys.executable, "-m", "lab.cli", *args], cpu=300, cwd=ROOT, env={**os.environ, **(env or {})})


def test_serve_help_documents_every_flag() -> None:
    from playtable.cli import build_parser

    out = _run("serve", "--help")
    assert out.returncode == 0 and out.stdout.startswith("usage: rules-lab serve")
    serve = next(a for a in build_parser()._subparsers._group_actions[0].choices.values()  # noqa: SLF001
                 if a.prog.endswith("serve"))
    flags = [s for a in serve._actions for s in a.option_strings if s.startswith("--")]  # noqa: SLF001
    assert len(flags) >= 20
    for flag in flags:
        assert flag in out.stdout, flag
    assert all(a.help for a in serve._actions)  # noqa: SLF001


@pytest.mark.parametrize("args", [
    ["serve", "memcel", "--port", "70000"], ["serve", "memcel", "--port", "-1"], ["serve", "memcel", "--set", "players=9"],
    ["serve", "memcel", "--seats", "human,bogus,human,human"], ["serve", "memcel", "--seats", "human"],
    ["serve", "nosuchgame"], ["serve", "--seats", "human"], ["app", "memcel", "--port", "70000"],
    ["app", "memcel", "--seats", "human,human,human,human"], ["serve", "memm", "--race-window", "0"],
    ["serve", "memm", "--seats", '[{"name": "mcts", "iterations": -5}, "human"]'],
])
def test_bad_command_lines_get_one_line_and_exit_2(args: list[str], tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from playtable.cli import main

    extra = ["--db", str(tmp_path / "t.db")] if args[0] == "serve" else ["--dir", str(tmp_path)]
    assert main([*args, *extra, "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "t.db").exists() or args[:2] == ["serve", "--seats"]


def test_the_app_command_checks_the_variant_first() -> None:
    from lab.cli import main

    assert main(["app", "memcel", "--set", "players=99", "--dry-run"]) == 2
    assert main(["app", "memcel", "--set", "players=3", "--dry-run"]) == 0


def test_serve_dry_run_prints_links_and_finds_its_table_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from playtable.cli import main

    args = ["serve", "memm", "--set", "players=3", "--seats", "human,human,greedy", "--db", str(tmp_path / "t.db"),
            "--port", "0", "--dry-run", "--json"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    a, b = json.loads(first), json.loads(capsys.readouterr().out)
    assert [t["id"] for t in a["tables"]] == [t["id"] for t in b["tables"]]  # the same command, the same table
    table = a["tables"][0]
    assert sorted(table["seats"]) == ["0", "1"] and table["kinds"][2] == {"name": "greedy"}
    assert all("#" in u and len(u.split("#")[1]) == 43 for u in table["seats"].values())
