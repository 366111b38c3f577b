"""Any lab game as an OpenSpiel (pyspiel) Python game.

Usage::

    from lab.adapters import openspiel as lab_spiel
    game = lab_spiel.load("memcel", players=2)      # a pyspiel.Game, registered as "lab_memcel"
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    game = lab_spiel.from_game(my_kit_game)          # any lab.Game object, registered or not
    game = lab_spiel.from_table(Kuhn().tabulate())   # a small kit game as a C++ OpenSpiel game

How the lab maps onto OpenSpiel:

- Actions are the lab's integer codes (:meth:`lab.State.action_to_int`, below
  ``num_distinct_actions()``); chance outcomes are coded in the same space, so
  ``max_chance_outcomes`` is ``num_distinct_actions`` too. Legal actions are sorted codes.
- Chance nodes are explicit (``EXPLICIT_STOCHASTIC``). A game declares whether it has
  simultaneous nodes (a kit game: ``simultaneous_moves``, from ``define_game``), else a game
  whose state class implements ``_apply_actions`` is taken to have them (``SIMULTANEOUS``
  dynamics; otherwise ``SEQUENTIAL``, which OpenSpiel's CFR needs); at a simultaneous node a
  player who does not act has no legal action and OpenSpiel's placeholder for them is ignored.
- ``observation_string(p)`` is the JSON of ``state.observation(p)`` (a public observer gets the
  spectator's view, ``None``); ``information_state_string(p)`` is the JSON of
  ``state.information_state(p)`` where the game has it, else of everything ``p`` saw: the events
  visible to ``p``, ``p``'s own actions and the current observation. No tensors (a lab
  observation is structured JSON, not a fixed-size array).
- Utilities lie in ``game.utility_range()`` and add up as ``game.utility`` declares
  (zero-sum, constant-sum with ``game.utility_sum()``, identical or general-sum); the
  information type is perfect when the game says so (``perfect_information``), else imperfect.
- A small kit game can be served from its table (:func:`from_table`): its tree, enumerated once
  (:meth:`lab.kit.game.KitGame.tabulate`), is handed to OpenSpiel's reader of Gambit's ``.efg``
  format, which makes it a C++ game: CFR and best responses run on it as fast as on OpenSpiel's
  own games (``benchmarks/cfr_bench.py``), with the same values and exploitability. Its actions
  are named by the lab's action text (``bet``) and numbered by OpenSpiel; an information set is
  named by what its seat observes there.
- Parameters: each lab parameter is an OpenSpiel parameter of the same name; structured
  (``json``) values travel as JSON text in URL-safe base64 (OpenSpiel's game strings split on
  the commas and brackets of JSON).
"""

from __future__ import annotations

import base64
import json
from typing import Any

from lab.adapters import missing_extra
from lab.core.game import Game
from lab.core.registry import game_class
from lab.core.registry import load as lab_load
from lab.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("openspiel", "open_spiel (pyspiel)") from exc

PREFIX = "lab_"
_PLAYER_IDS = {CHANCE: pyspiel.PlayerId.CHANCE, SIMULTANEOUS: pyspiel.PlayerId.SIMULTANEOUS,
               TERMINAL: pyspiel.PlayerId.TERMINAL}
_types: dict[str, pyspiel.GameType] = {}


# ---------------------------------------------------------------------- parameters
def _as_text(spec: Any) -> bool:
    """Whether a parameter travels as JSON text (structured values, non-scalar choices)."""
    return spec.kind == "json" or (spec.kind == "choice" and not all(isinstance(c, str | int | float) for c in spec.choices))


def _pack(value: Any) -> str:
    """JSON as URL-safe base64 without padding: OpenSpiel's game strings split on ``,``, ``=``
    and parentheses, which JSON text is full of."""
    raw = json.dumps(value, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _unpack(text: str) -> Any:
    return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))


def _to_spiel(game_cls: type[Game], values: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for spec in game_cls.parameter_specs():
        if spec.name in values:
            value = values[spec.name]
            out[spec.name] = _pack(value) if _as_text(spec) else value
    return out


def _to_lab(game_cls: type[Game], values: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for spec in game_cls.parameter_specs():
        if spec.name in values:
            value = values[spec.name]
            out[spec.name] = _unpack(value) if _as_text(spec) and isinstance(value, str) else value
    return out


def _players_range(game: Game) -> tuple[int, int]:
    spec = next((s for s in type(game).parameter_specs() if s.name == "players"), None)
    if spec is None or spec.minimum is None or spec.maximum is None:
        n = game.num_players()
        return n, n
    return int(spec.minimum), int(spec.maximum)


_UTILITY = {
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "identical": pyspiel.GameType.Utility.IDENTICAL,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
}


def has_simultaneous_nodes(game: Game) -> bool:
    """Whether ``game`` can reach a simultaneous node: as the game declares it
    (``simultaneous_moves``, e.g. a kit game), else whether its state class implements them."""
    declared = getattr(game, "simultaneous_moves", None)
    if declared is not None:
        return bool(declared)
    return type(game.new_initial_state())._apply_actions is not State._apply_actions


def _game_type(short_name: str, game: Game, loadable: bool) -> pyspiel.GameType:
    lo, hi = _players_range(game)
    dyn = pyspiel.GameType.Dynamics
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"rules-lab {type(game).title or game.name}",
        dynamics=dyn.SIMULTANEOUS if has_simultaneous_nodes(game) else dyn.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.PERFECT_INFORMATION if getattr(game, "perfect_information", False) else info.IMPERFECT_INFORMATION,
        utility=_UTILITY[game.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=_to_spiel(type(game), game.params_to_dict()),
        default_loadable=loadable,
    )


def _for_variant(gtype: pyspiel.GameType, game: Game) -> pyspiel.GameType:
    """``gtype`` (registered with the default variant) with what depends on the variant: its
    utility (a kit game may be zero-sum for two players only)."""
    utility = _UTILITY[game.utility]
    if gtype.utility == utility:
        return gtype
    return pyspiel.GameType(
        short_name=gtype.short_name, long_name=gtype.long_name, dynamics=gtype.dynamics,
        chance_mode=gtype.chance_mode, information=gtype.information, utility=utility,
        reward_model=gtype.reward_model, max_num_players=gtype.max_num_players,
        min_num_players=gtype.min_num_players,
        provides_information_state_string=gtype.provides_information_state_string,
        provides_information_state_tensor=gtype.provides_information_state_tensor,
        provides_observation_string=gtype.provides_observation_string,
        provides_observation_tensor=gtype.provides_observation_tensor,
        parameter_specification=gtype.parameter_specification,
        default_loadable=gtype.default_loadable,
    )


# ---------------------------------------------------------------------- loading
def register(name: str) -> str:
    """Register the lab game ``name`` with pyspiel (once) and return its short name ``lab_<name>``."""
    short = PREFIX + name
    if short not in _types:
        gtype = _game_type(short, lab_load(name), loadable=True)
        # pyspiel builds a registered game by calling a class with the parameters (a class,
        # not a closure: a registered function crashes the interpreter at exit).
        registered = type(f"LabSpiel_{name}", (_Registered,), {"lab_name": name, "game_type": gtype})
        pyspiel.register_game(gtype, registered)
        _types[short] = gtype
    return short


def load(name: str, **params: Any) -> pyspiel.Game:
    """The lab game ``name`` under ``params`` as a pyspiel game (registered on first use)."""
    short = register(name)
    return pyspiel.load_game(short, _to_spiel(game_class(name), params))


def from_game(game: Game) -> pyspiel.Game:
    """Any lab :class:`~lab.Game` object (a kit game, a house-rule variant) as a pyspiel game.

    Serialising its states by name (``pyspiel.deserialize_game_and_state``) needs the game to be
    in the lab registry; everything else works for any game object.
    """
    short = PREFIX + game.name
    gtype = _types.get(short) or _game_type(short, game, loadable=False)
    return LabSpielGame(game, gtype)


def from_table(table: Any) -> pyspiel.Game:
    """A tabulated kit game (a :class:`lab.kit.table.GameTable`, or a kit game to tabulate)
    as an OpenSpiel game: OpenSpiel's ``efg_game`` (C++) built from ``table.to_efg()``.

    A sequential game stays as it is; at a simultaneous node the acting seats decide one after
    the other, each in its information set there (OpenSpiel's turn-based form). Utilities,
    zero- or constant-sum, and perfect or imperfect information are read from the tree.
    """
    from lab.kit.table import GameTable

    if not isinstance(table, GameTable):
        tabulate = getattr(table, "tabulate", None)
        if tabulate is None:
            raise TypeError(f"from_table takes a GameTable or a kit game (lab.define_game), not {type(table).__name__}")
        table = tabulate()
    return pyspiel.load_efg_game(table.to_efg())


# ---------------------------------------------------------------------- game and state
class LabSpielGame(pyspiel.Game):
    """A pyspiel game that plays a lab game (see the module docstring)."""

    def __init__(self, game: Game, game_type: pyspiel.GameType) -> None:
        low, high = game.utility_range()
        size = game.num_distinct_actions()
        info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=size,
            num_players=game.num_players(),
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=game.utility_sum(),
            max_game_length=game.max_game_length(),
        )
        defaults = game_type.parameter_specification
        given = {k: v for k, v in _to_spiel(type(game), game.params_to_dict()).items() if defaults.get(k) != v}
        super().__init__(_for_variant(game_type, game), info, given)
        self.lab_game = game

    def new_initial_state(self) -> LabSpielState:
        return LabSpielState(self, self.lab_game.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LabObserver:
        return LabObserver(iig_obs_type, params)


class _Registered(LabSpielGame):
    """Base of the classes :func:`register` hands pyspiel: built from pyspiel parameters."""

    lab_name = ""
    game_type: pyspiel.GameType

    def __init__(self, params: Any = None) -> None:
        cls = game_class(self.lab_name)
        super().__init__(lab_load(self.lab_name, **_to_lab(cls, dict(params or {}))), self.game_type)


class _Holder:
    """Holds the lab state; OpenSpiel clones Python states with ``copy.deepcopy``, and this
    makes that a :meth:`lab.State.clone` (the game object is shared, not copied)."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.state.clone())


class LabSpielState(pyspiel.State):
    """A pyspiel state around a lab state (``lab_state``)."""

    def __init__(self, game: LabSpielGame, lab_state: State) -> None:
        super().__init__(game)
        self._holder = _Holder(lab_state)

    @property
    def lab_state(self) -> State:
        return self._holder.state

    def current_player(self) -> int:
        cur = self.lab_state.current_player()
        return int(_PLAYER_IDS.get(cur, cur))

    def _legal_actions(self, player: int) -> list[int]:
        s = self.lab_state
        if player not in s.acting_players():
            return []
        return sorted(s.legal_action_codes(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        s = self.lab_state
        outcomes = s.chance_outcomes()
        codes = s.legal_action_codes(None)
        return sorted(zip(codes, (p for _, p in outcomes), strict=True))

    def _apply_action(self, action: int) -> None:
        s = self.lab_state
        s.apply_action(s.int_to_action(int(action)))

    def _apply_actions(self, actions: list[int]) -> None:
        s = self.lab_state
        s.apply_actions({p: s.int_to_action(int(actions[p]), p) for p in s.acting_players()})

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return str(self.lab_state.int_to_action(int(action), player if player >= 0 else None))
        except ValueError:
            return f"code {action}"

    def is_terminal(self) -> bool:
        return self.lab_state.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.lab_state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LabSpielState:
        """A state consistent with what ``player_id`` knows (``State.resample_hidden``)."""
        import numpy as np

        rng = np.random.default_rng(int(probability_sampler() * 2**53))
        return LabSpielState(self.get_game(), self.lab_state.resample_hidden(player_id, rng))

    def __str__(self) -> str:
        return json.dumps(self.lab_state.full_state(), sort_keys=True, separators=(",", ":"))


# ---------------------------------------------------------------------- observer
def information_state(state: State, player: int) -> Any:
    """Everything ``player`` observed, JSON-able: ``state.information_state(player)`` where the
    game has it, else the events ``player`` saw, ``player``'s own actions and the current view."""
    own = getattr(state, "information_state", None)
    if own is not None:
        return own(player)
    mine = []
    for item in state.history():
        if item.player == player:
            mine.append(item.action.to_json())
        elif item.player == SIMULTANEOUS and item.action[player] is not None:
            mine.append(item.action[player].to_json())
    return {
        "events": [e.to_json() for e in state.events_for(player)],
        "own_actions": mine,
        "observation": state.observation(player),
    }


class LabObserver:
    """pyspiel's Python observer protocol: strings only (``tensor`` is empty)."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observer parameters are not supported; got {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = None if iig_obs_type is None else iig_obs_type.private_info
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.everything = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        import numpy as np

        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: LabSpielState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: LabSpielState, player: int) -> str:
        s = state.lab_state
        if self.everything:
            data: Any = s.full_state()
        elif self.perfect_recall:
            data = information_state(s, player)
        else:
            data = s.observation(None if self.public_only else player)
        return json.dumps(data, sort_keys=True, separators=(",", ":"))
