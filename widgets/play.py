"""The Play widget: a game against AI players, with seats, seed, pace, undo, save/load and variants.

Pick the game, which seat(s) a human takes and the agent of every other seat; chance and the
agents move by themselves one every ``pace`` seconds; the board's move log shows the events the
viewing seat may see, with their clause IDs.

Saving writes the lab's save JSON to a file on the kernel's side (``saves/`` by default) and
never to the browser: a save holds the whole history, deck order included, which a player's
browser must not receive. Loading takes an uploaded file (browser to kernel only).
"""

from __future__ import annotations

import html
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w

import lab
from lab.agents.catalogue import agent_names
from lab.core.files import write_atomic
from lab.core.game import Game
from widgets._record import PlaytestRecorder
from widgets._repr import bundle, fallback_html
from widgets._session import HUMAN, Refused, Session
from widgets.board import Board
from widgets.timed import TimedActions
from widgets.variant import VariantEditor


def playable_games() -> list[str]:
    """Registered games whose package imports (games still being written are skipped)."""
    names = []
    for name in lab.game_names():
        try:
            lab.game_class(name)
        except Exception:  # noqa: BLE001 - an unfinished package must not break the menu
            continue
        names.append(name)
    return names


class Play(w.VBox):
    """Play a game inline against agents.

    Parameters
    ----------
    game : str or Game
        A game name (default variant) or a Game (any variant).
    humans : sequence of int
        Seats played at this screen (several = hot-seat).
    agents : mapping seat -> agent spec, optional
        Agents of the other seats (default: ``"random"``).
    seed : int
        Seed of chance and agents; "New game" uses the seed box.
    pace : float
        Seconds between automatic moves.
    save_dir : str or Path
        Where "Save" writes (kernel side).
    race_window : float
        Seconds a timed race (Fiemme–Cembra's slap) waits for the human; then the missing
        hand counts as last.
    human_floor_ms : float
        Reaction times below this are refused as not humanly possible.
    playtest_log : str, Path or None
        Every game played here is appended to this playtest log when it ends or is left for
        a new one (its save goes to ``saves/`` beside it, on the kernel's side); read it with
        ``lab.playtests(path)``. ``None``: no record.
    """

    board_class = Board

    def __init__(
        self,
        game: str | Game = "memcel",
        humans: Sequence[int] = (0,),
        agents: Mapping[int, Any] | None = None,
        seed: int = 0,
        pace: float = 0.4,
        save_dir: str | Path = "saves",
        race_window: float = 5.0,
        human_floor_ms: float = 100.0,
        playtest_log: str | Path | None = "playtests/log.jsonl",
        **kwargs: Any,
    ) -> None:
        self.save_dir = Path(save_dir)
        self.recorder = PlaytestRecorder(playtest_log) if playtest_log is not None else None
        self.timing = {"window_s": float(race_window), "floor_ms": float(human_floor_ms)}
        games = playable_games()
        name = game if isinstance(game, str) else game.name
        self.game_menu = w.Dropdown(options=games if name in games else [*games, name], value=name,
                                    description="game")
        self.seed_box = w.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="seed",
                                         layout=w.Layout(width="170px"))
        self.pace_slider = w.FloatSlider(value=pace, min=0.0, max=2.0, step=0.01, description="AI pace (s)",
                                         style={"description_width": "initial"})
        self.new_button = w.Button(description="New game", button_style="primary")
        self.undo_button = w.Button(description="Undo")  # no icon font: pages work offline
        self.save_button = w.Button(description="Save")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load")
        self.note = w.HTML("")
        self.seats_box = w.HBox([])
        self.seat_menus: list[w.Dropdown] = []
        self.editor_box = w.Accordion(children=[])
        self.new_button.on_click(lambda _b: self.new_game())
        self.undo_button.on_click(lambda _b: self.undo())
        self.save_button.on_click(lambda _b: self.save())
        self.upload.observe(self._on_upload, names="value")
        self.game_menu.observe(self._on_game_menu, names="value")
        self.pace_slider.observe(self._on_pace, names="value")
        g = lab.load(game) if isinstance(game, str) else game
        self._build_seats(g, humans, agents)
        self.board = self._make_board(g, seed)
        self._build_editor(g)
        controls = w.HBox([self.game_menu, self.seed_box, self.new_button, self.undo_button,
                           self.save_button, self.upload])
        super().__init__([controls, w.HBox([self.seats_box, self.pace_slider]), self.note,
                          self.board, self.editor_box], **kwargs)
        self.board.observe(self._sync_undo, names=["can_undo", "undo_note"])
        self._sync_undo()

    # ------------------------------------------------------------------ construction
    def _build_seats(self, game: Game, humans: Sequence[int] = (0,),
                     agents: Mapping[int, Any] | None = None) -> None:
        options = [HUMAN, *agent_names(game)]
        menus = []
        for p in range(game.num_players()):
            if p in humans:
                value = HUMAN
            else:
                spec = (agents or {}).get(p, "random")
                value = spec if isinstance(spec, str) and spec in options else "random"
            menus.append(w.Dropdown(options=options, value=value, description=f"seat {p}",
                                    layout=w.Layout(width="190px"), style={"description_width": "45px"}))
        self.seat_menus = menus
        self.seats_box.children = menus

    def _seats(self) -> tuple[list[int], dict[int, str]]:
        humans = [p for p, m in enumerate(self.seat_menus) if m.value == HUMAN]
        agents = {p: m.value for p, m in enumerate(self.seat_menus) if m.value != HUMAN}
        return humans, agents

    def _make_board(self, game: Game, seed: int, state: Any = None) -> Board:
        humans, agents = self._seats()
        session = Session(game, humans=humans, agents=agents, seed=seed, state=state)
        if self.recorder is not None:
            self.recorder.attach(session)
        return self.board_class(session, pace=self.pace_slider.value, **self._board_kwargs(game))

    def _board_kwargs(self, game: Game) -> dict[str, Any]:
        return {"speed": TimedActions.for_game(game, **self.timing)}

    def _set_session(self, session: Session) -> None:
        speed = TimedActions.for_game(session.game, **self.timing)
        self.board.speed = speed
        session.timed_kinds = {speed.kind} if speed else set()
        session.realtime = speed is not None
        if self.recorder is not None:
            self.recorder.new_game(self.board.session)  # the game being left, if a person played it
            self.recorder.attach(session)
        self.board.session = session
        self.board.restart()

    def _build_editor(self, game: Game) -> None:
        self.editor = VariantEditor(type(game), values=game.params_to_dict())
        self.editor.on_start(lambda g: self.new_game(game=g))
        self.editor_box.children = [self.editor]
        self.editor_box.set_title(0, "Variant editor")
        self.editor_box.selected_index = None

    # ------------------------------------------------------------------ user actions
    @property
    def session(self) -> Session:
        return self.board.session

    @property
    def state(self) -> Any:
        return self.board.session.state

    def new_game(self, seed: int | None = None, game: Game | None = None) -> None:
        """Start a new game: this seed (default: the seed box), this variant (default: same)."""
        if seed is not None:
            self.seed_box.value = seed
        game = game or self.session.game
        if game.num_players() != len(self.seat_menus) or game.name != self.session.game.name:
            humans, agents = self._seats()
            self._build_seats(game, [p for p in humans if p < game.num_players()] or [0], agents)
        humans, agents = self._seats()
        self._set_session(Session(game, humans=humans, agents=agents, seed=int(self.seed_box.value)))
        self._say(f"new game of {game!r}, seed {self.seed_box.value}")

    def undo(self) -> None:
        try:
            msg = self.session.undo()
        except Refused as exc:
            self._say(str(exc), error=True)
            return
        self.board.restart()
        self._say(msg)

    def save(self, path: str | Path | None = None) -> Path:
        """Write the game's save JSON on the kernel side; returns the path."""
        if path is None:
            self.save_dir.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = self.save_dir / f"{self.session.game.name}-seed{self.session.seed}-move{self.state.move_number()}-{stamp}.json"
        path = Path(path)
        write_atomic(path, self.session.save())  # whole or not at all (a temporary file renamed)
        self._say(f"saved to {path} (on the kernel's disk)")
        return path

    def load(self, text: str | bytes) -> bool:
        """Continue a saved game (any game or variant); errors are shown, not raised."""
        try:
            state = lab.state_from_json(text)
        except lab.LabError as exc:
            self._say(str(exc), error=True)
            return False
        game = state.game
        if game.name != self.game_menu.value:
            self._switching = True
            try:
                if game.name not in self.game_menu.options:
                    self.game_menu.options = [*self.game_menu.options, game.name]
                self.game_menu.value = game.name
            finally:
                self._switching = False
        if game != self.session.game:
            humans, agents = self._seats()
            self._build_seats(game, [p for p in humans if p < game.num_players()] or [0], agents)
            self._build_editor(game)
        humans, agents = self._seats()
        self._set_session(Session(game, humans=humans, agents=agents, seed=int(self.seed_box.value),
                                  state=state))
        self._say(f"loaded {game!r} at move {state.move_number()}")
        return True

    def _on_upload(self, change: Any) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = bytes(item["content"])
        self.upload.value = ()  # the file leaves the synced state at once
        self.load(content)

    def _on_game_menu(self, change: Any) -> None:
        if getattr(self, "_switching", False):
            return
        game = lab.load(change["new"])
        humans, agents = self._seats()
        self._build_seats(game, [p for p in humans if p < game.num_players()] or [0], {})
        self._build_editor(game)
        self.new_game(game=game)

    def _on_pace(self, change: Any) -> None:
        self.board.pace = float(change["new"])

    def _sync_undo(self, *_args: Any) -> None:
        self.undo_button.disabled = not self.board.can_undo
        self.undo_button.tooltip = self.board.undo_note or "take back your last move"

    def _say(self, text: str, error: bool = False) -> None:
        color = "#b71c1c" if error else "#1b5e20"
        self.note.value = f'<span style="color:{color}">{html.escape(text)}</span>'

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        humans, agents = self._seats()
        seats = ", ".join(f"{p}:{HUMAN if p in humans else agents[p]}" for p in range(len(self.seat_menus)))
        return f"Play({self.session.game!r}; seats {seats}; seed {self.session.seed}): {self.board.status}"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        return bundle(self, repr(self), fallback_html(self.board.title, self.board.status, self.board.svg,
                                                      self.board.log_lines()[-12:]))
