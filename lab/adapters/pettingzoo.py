"""Any lab game as a PettingZoo AEC environment with legal-action masks.

Usage::

    from lab.adapters.pettingzoo import env
    e = env("memcel", players=3)            # or env(any_lab_game_object)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` ... ``player_{n-1}``. Actions are the lab's integer codes
(``Discrete(game.num_distinct_actions())``, see :meth:`lab.State.action_to_int`). An
observation is a dict: ``action_mask`` (int8, 1 for each legal code of that agent now) and
``observation``, the UTF-8 JSON text of ``state.observation(player)`` as a zero-padded uint8
array of ``max_observation_bytes`` (decode it with :func:`decode_observation`); ``infos[agent]``
is empty. Chance nodes are resolved inside the environment with a numpy Generator seeded by
``reset(seed=...)``; at a simultaneous node the acting agents are asked in turn and the joint
action is applied when the last has chosen (nobody sees the others' choices before). Rewards
are the game's returns, given when it ends.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from lab.adapters import missing_extra
from lab.core.chance import sample_outcome
from lab.core.errors import IllegalAction
from lab.core.game import Game
from lab.core.registry import load as lab_load
from lab.core.state import CHANCE, SIMULTANEOUS, State

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise missing_extra("pettingzoo", "pettingzoo") from exc

DEFAULT_OBSERVATION_BYTES = 65_536


def decode_observation(observation: dict[str, Any] | np.ndarray) -> Any:
    """The JSON observation inside an environment observation (or its ``observation`` array)."""
    array = observation["observation"] if isinstance(observation, dict) else observation
    raw = bytes(np.asarray(array, dtype=np.uint8)).rstrip(b"\0")
    return json.loads(raw.decode("utf-8"))


class LabAECEnv(AECEnv):
    """A PettingZoo AEC environment playing a lab game (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "rules_lab", "is_parallelizable": False}

    def __init__(
        self, game: Game, render_mode: str | None = None,
        max_observation_bytes: int = DEFAULT_OBSERVATION_BYTES,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"rules_lab_{game.name}"}
        self.max_observation_bytes = max_observation_bytes
        n = game.num_players()
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        size = game.num_distinct_actions()
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0, 255, (max_observation_bytes,), np.uint8),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            })
            for a in self.possible_agents
        }
        self._rng = np.random.default_rng()
        self.state: State = game.new_initial_state()
        self._chosen: dict[int, Any] = {}  # choices made so far at a simultaneous node

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ the AEC protocol
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state()
        self._chosen = {}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._advance()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must act now: give an action code, not None")
        p = self._index[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        s = self.state
        code = int(action)
        if s.current_player() == SIMULTANEOUS:
            if code not in s.legal_action_codes(p):
                raise IllegalAction(f"code {code} is not a legal action of {agent} now")
            self._chosen[p] = s.int_to_action(code, p)
            if len(self._chosen) < len(s.acting_players()):
                self.agent_selection = self._next_to_choose()
                return
            joint, self._chosen = self._chosen, {}
            s.apply_actions(joint)
        else:
            s.apply_action(s.int_to_action(code))
        self._advance()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = self._index[agent]
        raw = json.dumps(self.state.observation(p), separators=(",", ":"), sort_keys=True).encode("utf-8")
        if len(raw) > self.max_observation_bytes:
            msg = (
                f"{self.game.name}'s observation for {agent} is {len(raw)} bytes; raise "
                f"max_observation_bytes (now {self.max_observation_bytes})"
            )
            raise ValueError(msg)
        obs = np.zeros(self.max_observation_bytes, np.uint8)
        obs[: len(raw)] = np.frombuffer(raw, np.uint8)
        return {"observation": obs, "action_mask": self._mask(p)}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return f"{self.state!r}\n{json.dumps(self.state.observation(None), sort_keys=True)}"

    def close(self) -> None:
        """Nothing to release."""

    # ------------------------------------------------------------------ helpers
    def _mask(self, p: int) -> np.ndarray:
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        s = self.state
        if not s.is_terminal() and p in s.acting_players() and p not in self._chosen:
            mask[s.legal_action_codes(p)] = 1
        return mask

    def _next_to_choose(self) -> str:
        waiting = [p for p in self.state.acting_players() if p not in self._chosen]
        return self.possible_agents[waiting[0]]

    def _advance(self) -> None:
        """Resolve chance nodes, then select who acts (or end the game with its returns)."""
        s = self.state
        while s.current_player() == CHANCE:
            s.apply_action(sample_outcome(s.chance_outcomes(), self._rng))
        if s.is_terminal():
            for agent, r in zip(self.possible_agents, s.returns(), strict=True):
                if agent in self.rewards:
                    self.rewards[agent] = float(r)
                    self.terminations[agent] = True
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = self._next_to_choose()


def env(game: str | Game, render_mode: str | None = None,
        max_observation_bytes: int = DEFAULT_OBSERVATION_BYTES, **params: Any) -> LabAECEnv:
    """An AEC environment for ``game`` (a registered name with ``params``, or a Game object)."""
    if isinstance(game, str):
        game = lab_load(game, **params)
    elif params:
        raise TypeError("give parameters with a game name, not with a Game object")
    return LabAECEnv(game, render_mode=render_mode, max_observation_bytes=max_observation_bytes)
