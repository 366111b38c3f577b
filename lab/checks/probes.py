"""Hidden-information probes: find a seat's secrets in what that seat is shown.

A :class:`Probe` says where a game keeps its secrets and which components it conserves, read
from the game's own ``full_state()``; :func:`audit_game` walks seeded random games and checks, at
every step, for every seat and the spectator, every view of that seat (the observation, the
events it may see, its seat file and the SVG) three ways:

* no :class:`Secret` of the probe is found in a view (:func:`find_leaks`);
* no private event (logged ``visible_to`` other seats) shows up in a view of this seat
  (:func:`private_event_leaks`);
* non-interference: a twin state that differs only in what the seat may not know (the probe's
  ``twin``: other hands dealt afresh, face-down tiles permuted) gives the identical views.

A secret found in a view may be a coincidence: a spectator shown the sizes of two hands,
``[2, 2]``, "holds" a hand of two 2s. So a find counts as a leak only if it follows the secret:
in a twin where that secret is different (the probe's ``twin``, else its ``vary``: a state with
every hidden item replaced, which need not be reachable in play), the twin's view must hold the
twin's secret too. Where no twin changes the secret, a find counts as a leak.

Games made with :func:`lab.define_game` get their probe from their declared hidden fields
(:func:`lab.kit.probe.kit_probe`). The probes of the four seed games live with the tests
(``tests/tools/probes.py``), which use this module.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from lab.core.errors import ConformanceError
from lab.core.state import SIMULTANEOUS, Event, State
from lab.sim.play import play

if TYPE_CHECKING:
    from lab.core.game import Game


@dataclass(frozen=True)
class Secret:
    """Something a viewer may not know.

    ``match`` says how a view would reveal it: ``"sequence"`` (a JSON list equal to ``value``,
    e.g. a deck in order), ``"multiset"`` (a list holding the same items in any order, e.g. a
    hand), ``"located"`` (``value`` is a dict location -> secret item and ``read`` gives what a
    view says at a location). ``tokens`` are strings that may appear in an SVG only if leaked.
    """

    label: str
    value: Any
    match: str = "sequence"
    tokens: tuple[str, ...] = ()
    read: Callable[[Any, Any], Any] | None = field(default=None, compare=False)


def _no_secrets(state: State, viewer: int | None) -> list[Secret]:
    return []


@dataclass(frozen=True)
class Probe:
    doc: str
    conservation: Callable[[State], str | None]
    secrets: Callable[[State, int | None], list[Secret]] = _no_secrets
    twin: Callable[[State, int | None, np.random.Generator], State | None] | None = None
    never_grow: Callable[[State], dict[str, int]] | None = None
    # a state differing from the given one in every secret of the viewer, reachable or not (to
    # tell a coincidence from a leak where no twin changes a secret; see the module docstring)
    vary: Callable[[State, int | None], State | None] | None = None


def _lists(node: Any) -> Iterator[list[Any]]:
    if isinstance(node, list):
        yield node
        for item in node:
            yield from _lists(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _lists(item)


def _key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def find_leaks(view: Any, secrets: list[Secret]) -> list[str]:
    """Messages naming each secret ``view`` (JSON data or SVG text) reveals."""
    found: list[str] = []
    if not secrets:
        return found
    if isinstance(view, str):
        for s in secrets:
            found += [f"{s.label}: the SVG holds {t!r}" for t in s.tokens if t in view]
        return found
    data = json.loads(json.dumps(view))  # tuples -> lists, keys -> strings
    lists = list(_lists(data))
    for s in secrets:
        if s.match == "located":
            assert s.read is not None
            for loc, item in s.value.items():
                if s.read(data, loc) == item:
                    found.append(f"{s.label}: the view shows {item!r} at {loc!r}")
            continue
        value = json.loads(json.dumps(s.value))
        if not isinstance(value, list) or len(value) < 2:
            continue  # a single item is too common to search for structurally
        if s.match == "sequence":
            if any(node == value for node in lists):
                found.append(f"{s.label}: the view holds it in order ({_key(value)[:80]})")
        elif s.match == "multiset":
            want = Counter(map(_key, value))
            if any(len(node) == len(value) and Counter(map(_key, node)) == want for node in lists):
                found.append(f"{s.label}: the view holds it ({_key(value)[:80]})")
        else:
            raise ValueError(f"unknown match {s.match!r}")
    return found


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


_SCALARS = (str, int, float, bool, type(None))


def _plain(value: Any) -> Any:
    """``value`` as a JSON round trip gives it back (tuples become lists), without the text.

    Dicts whose keys are not all strings (JSON would turn them into strings) and any other type
    take the round trip itself, so the result is always the round trip's.
    """
    if type(value) in _SCALARS:
        return value
    if isinstance(value, dict):
        if all(type(k) is str for k in value):
            return {k: _plain(v) for k, v in value.items()}
        return _json(value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return _json(value)


# an event's data as JSON, by the event's identity: an audit of one game asks for the same
# (immutable) events at every state. The event is kept with its value, so an id is never reused
# while its entry lives; the memo is emptied when it grows past its bound.
_EVENT_DATA: dict[int, tuple[Event, dict[str, Any]]] = {}
_EVENT_DATA_BOUND = 200_000


def _event_data(e: Event) -> dict[str, Any]:
    entry = _EVENT_DATA.get(id(e))
    if entry is not None and entry[0] is e:
        return entry[1]
    if len(_EVENT_DATA) >= _EVENT_DATA_BOUND:
        _EVENT_DATA.clear()
    data = _plain(dict(e.data))
    _EVENT_DATA[id(e)] = (e, data)
    return data


def _dicts_with_step(node: Any, out: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        if "step" in node:
            out.append(node)
        for item in node.values():
            _dicts_with_step(item, out)
    elif isinstance(node, list):
        for item in node:
            _dicts_with_step(item, out)
    return out


def private_event_leaks(state: State, viewer: int | None, views: list[Any]) -> list[str]:
    """Messages for each event ``viewer`` may not see whose private fields a view holds.

    An event's private fields are those that no public event of the same step shows with the
    same value; a view leaks the event when a record of the same step holds all of them.
    """
    hidden = [e for e in state.events if e.visible_to is not None and (viewer is None or viewer not in e.visible_to)]
    if not hidden:
        return []
    steps = {e.step for e in hidden}
    public: dict[int, list[dict[str, Any]]] = {}
    for e in state.events:
        if e.visible_to is None and e.step in steps:
            public.setdefault(e.step, []).append(_event_data(e))
    by_step: dict[int, list[dict[str, Any]]] = {}
    for view in views:
        for d in _dicts_with_step(view, []):
            if d.get("step") in steps:
                by_step.setdefault(d["step"], []).append(_plain(d))
    found = []
    for e in hidden:
        data = _event_data(e)
        shown = public.get(e.step, [])
        private = {k: v for k, v in data.items() if not any(p.get(k) == v for p in shown)}
        if not private:
            continue
        for d in by_step.get(e.step, []):
            if all(d.get(k) == v for k, v in data.items()):
                found.append(f"private event {e.clause} {e.kind} of step {e.step} (for {e.visible_to}): {private}")
                break
    return found


def monotone_check(name: str, counts: Callable[[State], dict[str, int]]) -> Callable[[State], str | None]:
    """An invariant for a sequence of states of one game: no count of ``counts`` ever rises.

    It remembers the previous state it saw; a state with a shorter history (a new game, an undo,
    a reload) starts the comparison afresh.
    """
    last: dict[str, Any] = {"moves": -1, "counts": {}}

    def never_grow(state: State) -> str | None:
        now = counts(state)
        moves = state.move_number()
        before = last["counts"] if moves > last["moves"] else now
        last["moves"], last["counts"] = moves, now
        grew = {k: (before[k], v) for k, v in now.items() if k in before and v > before[k]}
        return f"{name}: counts that may only fall rose: {grew}" if grew else None

    return never_grow


def shuffled_hands(hands: list[Any], seats: list[int], rng: np.random.Generator) -> list[Any]:
    """``hands`` (lists of items) with the items of ``seats`` dealt afresh, sizes kept."""
    pool = [item for p in seats for item in hands[p]]
    order = rng.permutation(len(pool))
    pool = [pool[i] for i in order]
    out = [list(h) for h in hands]
    at = 0
    for p in seats:
        out[p] = pool[at: at + len(hands[p])]
        at += len(hands[p])
    return out


# ================================================================== the audit
def views(state: State, viewer: int | None, svg: bool) -> dict[str, Any]:
    """Every view ``viewer`` gets of ``state``: observation, events, seat file (and SVG)."""
    out: dict[str, Any] = {
        "observation": state.observation(viewer),
        "events": [e.to_json() for e in state.events_for(viewer)],
        "seat file": json.loads(state.seat_json(viewer)),
    }
    if svg:
        out["svg"] = state.render_svg(viewer)
    return out


class Audit:
    """Counts of what :func:`audit_state` checked."""

    def __init__(self) -> None:
        self.views = 0
        self.twins = 0
        self.twins_differing = 0
        self.secrets = 0


def audit_state(state: State, probe: Probe, rng: np.random.Generator, report: Audit, *, svg: bool) -> None:
    """Check every view of every seat at ``state``; :class:`ConformanceError` naming the leak."""
    where = f"{state.game!r} step {state.move_number()}"
    for viewer in [None, *range(state.game.num_players())]:
        shown = views(state, viewer, svg)
        secrets = probe.secrets(state, viewer)
        report.secrets += len(secrets)
        for label, view in shown.items():
            found = [s for s in secrets if find_leaks(view, [s])]
            found = [s for s in found if not _coincidence(state, viewer, s, label, probe, rng)]
            if found:
                leaks = find_leaks(view, found)
                raise ConformanceError(f"{where}: {label} for {viewer} holds a secret: {leaks}")
        leaks = private_event_leaks(state, viewer, [shown["observation"], shown["events"]])
        if leaks:
            raise ConformanceError(f"{where}: a view for {viewer} holds a private event: {leaks}")
        report.views += len(shown)
        if probe.twin is not None:
            twin = probe.twin(state, viewer, rng)
            if twin is None:
                continue
            report.twins += 1
            report.twins_differing += twin.full_state() != state.full_state()
            other = views(twin, viewer, svg)
            for label in shown:
                if json.dumps(shown[label], sort_keys=True) != json.dumps(other[label], sort_keys=True):
                    msg = f"{where}: the {label} for {viewer} changes with what {viewer} may not know (it holds a secret)"
                    raise ConformanceError(msg)


TWIN_TRIES = 8  # twins drawn to find one where a found secret differs


def _coincidence(state: State, viewer: int | None, secret: Secret, label: str, probe: Probe,
                 rng: np.random.Generator) -> bool:
    """Whether ``secret``, found in the ``label`` view of ``viewer``, is there by coincidence: a
    twin where that secret differs shows no trace of the twin's secret (see the module docstring)."""
    candidates: list[Callable[[], State | None]] = []
    if probe.twin is not None:
        twin = probe.twin
        candidates += [lambda: twin(state, viewer, rng)] * TWIN_TRIES
    if probe.vary is not None:
        vary = probe.vary
        candidates.append(lambda: vary(state, viewer))
    for make in candidates:
        try:
            other = make()
            if other is None:
                continue
            theirs = next((t for t in probe.secrets(other, viewer) if t.label == secret.label), None)
            if theirs is None or _key(theirs.value) == _key(secret.value) or (
                secret.match == "multiset" and _same_items(theirs.value, secret.value)
            ):
                continue  # this twin keeps the secret: it cannot tell
            view = views(other, viewer, label == "svg")[label]
        except Exception:  # noqa: BLE001 - a varied state a game cannot show: no evidence either way
            continue
        return not find_leaks(view, [theirs])
    return False


def _same_items(a: Any, b: Any) -> bool:
    return isinstance(a, list) and isinstance(b, list) and Counter(map(_key, a)) == Counter(map(_key, b))


def audit_play(
    game: Game, probe: Probe, seed: int, report: Audit | None = None, *,
    max_steps: int = 150, svgs: int = 8,
) -> Audit:
    """Play one seeded random game of ``game`` and audit the views along the way (``max_steps``
    states spread evenly over a long game; the SVG at ``svgs`` of them)."""
    report = report or Audit()
    final = play(game, seed=seed)
    rng = np.random.default_rng(seed)
    n = len(final.history())
    every = max(1, n // max_steps)
    svg_every = max(1, n // svgs)
    state = game.new_initial_state()
    for i, item in enumerate(final.history()):
        if i % every == 0 or i % svg_every == 0:
            audit_state(state, probe, rng, report, svg=i % svg_every == 0)
        if item.player == SIMULTANEOUS:
            state.apply_actions({p: a for p, a in enumerate(item.action) if a is not None})
        else:
            state.apply_action(item.action)
    audit_state(state, probe, rng, report, svg=True)
    return report


def audit_game(game: Game, probe: Probe, n_games: int = 3, seed: int = 0) -> Audit:
    """:func:`audit_play` on ``n_games`` seeds from ``seed``; the counts of what was checked."""
    report = Audit()
    for g in range(n_games):
        audit_play(game, probe, seed + g, report)
    return report
