"""Write the small play notebooks the browser tests serve with Voilà (run after changing them).

    .venv/bin/python tests/browser/make_play_notebooks.py

Each notebook shows one widget and, when ``RL_PROBE_DIR`` is set (by the test's Voilà server),
writes the kernel-side state after every change to ``$RL_PROBE_DIR/<name>.json`` so a test can
check that a click in the browser really moved the game in the kernel.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

HERE = Path(__file__).parent / "notebooks"

PROBE = '''import json
import os
import pathlib
import uuid


def probe(widget):
    """Kernel-side truth for the browser test: moves, state hash, error, after every change.

    The widget carries the class ``rl-probe-<id>`` in the page; the file is ``<id>.json``.
    """
    board = widget.board
    name = uuid.uuid4().hex[:12]
    widget.add_class("rl-probe-" + name)
    where = os.environ.get("RL_PROBE_DIR")
    def write(_change=None):
        if where:
            st = board.session.state
            data = {"moves": st.move_number(), "token": board.token, "hash": st.state_hash(),
                    "error": board.error, "terminal": st.is_terminal(), "game": repr(st.game),
                    "last": [h.to_json() for h in st.history()[-6:]]}
            path = pathlib.Path(where, name + ".json")
            path.with_suffix(".tmp").write_text(json.dumps(data))
            path.with_suffix(".tmp").replace(path)
    board.observe(write, names=["token", "error"])
    write()
'''

PLAY = {
    "memcel": 'Play("memcel", humans=[0], agents={1: "random"}, seed=3, pace=0.5)',
    "fiemme_cembra": 'Play(lab.load("fiemme_cembra", players=3), humans=[0], seed=3, pace=0.5)',
    "space_station": 'Play("space_station", humans=[0], seed=3, pace=0.5)',
    "memm": 'Play(lab.load("memm", players=2), humans=[0], agents={1: "random"}, seed=3, pace=0.5)',
}


def notebook(name: str, make: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [
        nbformat.v4.new_markdown_cell(f"# Play {name}\nClick a highlighted place or a button."),
        nbformat.v4.new_code_cell(PROBE),
        nbformat.v4.new_code_cell(
            ("import lab\n" if "lab." in make else "")
            + f"from widgets import Play\n\nplay = {make}\nprobe(play)\nplay"
        ),
    ]
    return nb


# #19: pages for the defects (a finished game loaded into Play, a short race window, the editor)
EXTRA = {
    "end_space_station": 'Play("space_station", humans=[0], seed=3, pace=0.2)\n'
                         'play.load(lab.play(lab.load("space_station"), seed=2).to_json())',
    # a match that finishes under random players: FC-P7 at the end of the round (each hand, the
    # seed's reading, random matches run to the hand limit)
    "end_fiemme_cembra": 'Play(lab.load("fiemme_cembra", players=3), humans=[0], seed=3, pace=0.2)\n'
                         'play.load(lab.play(lab.load("fiemme_cembra", players=3, penalty_timing="end_of_round"), '
                         'seed=10).to_json())',
    "race_window": 'SpeedPlay(players=3, seed=5, pace=0.2, race_window=2.0)',
    # #35: a match where one player conquered 18 cards (more than a row of cards)
    "end_fiemme_cembra_many": 'Play(lab.load("fiemme_cembra", players=3), humans=[0], seed=3, pace=0.2)\n'
                              'play.load(lab.play(lab.load("fiemme_cembra", players=3), agents="collector", '
                              'seed=4).to_json())',
    # #35: memm's two ends: blocked (nobody won, player 1 lost) and a normal one (three players)
    "end_memm_blocked": 'Play(lab.load("memm", players=3), humans=[0], seed=3, pace=0.2)\n'
                        'play.load(lab.play(lab.load("memm", players=3), seed=2).to_json())',
    "end_memm_out": 'Play(lab.load("memm", players=3), humans=[0], seed=3, pace=0.2)\n'
                    'play.load(lab.play(lab.load("memm", players=3), seed=0).to_json())',
    # #35: Memcel's hunt, the human to reveal a face-down tile (move 69 of a game of memory players)
    "hunt_memcel": 'Play(lab.load("memcel", players=2), humans=[0], agents={1: "memory"}, seed=0, pace=0.3)\n'
                   'full = lab.play(lab.load("memcel", players=2), agents="memory", seed=0)\n'
                   'hunt = full.game.new_initial_state()\n'
                   'for item in full.history()[:69]:\n    hunt.apply_action(item.action)\n'
                   'play.load(hunt.to_json())',
}


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name, make in PLAY.items():
        nbformat.write(notebook(name, make), HERE / f"play_{name}.ipynb")
    variant = notebook("variant", 'Play(lab.load("memm", players=2), humans=[0], seed=4, pace=0.2)')
    nbformat.write(variant, HERE / "variant_memm.ipynb")
    speed = notebook("speed", 'SpeedPlay(players=3, seed=5, pace=0.3)')
    speed.cells[2].source = speed.cells[2].source.replace("from widgets import Play", "from widgets import SpeedPlay")
    nbformat.write(speed, HERE / "speed_fiemme_cembra.ipynb")
    for name, make in EXTRA.items():
        nb = notebook(name, make)
        widget = "SpeedPlay" if "SpeedPlay" in make else "Play"
        first, _, rest = make.partition("\n")
        imports = "import lab\n" if "lab." in make else ""
        nb.cells[2].source = (f"{imports}from widgets import {widget}\n\nplay = {first}\n"
                              + (rest + "\n" if rest else "") + "probe(play)\nplay")
        nbformat.write(nb, HERE / f"{name}.ipynb")
    editor = notebook("editor", "")
    editor.cells = editor.cells[:1] + [nbformat.v4.new_code_cell(
        'from widgets import VariantEditor\n\neditor = VariantEditor("memcel")\neditor.add_class("rl-editor")\neditor'
    )]
    nbformat.write(editor, HERE / "editor_memcel.ipynb")
    write_board_notebook("memm 3D", "import lab\nfrom widgets import Memm3D",
                         'Memm3D(lab.load("memm", players=2), seat=0, agents={1: "random"}, seed=3, pace=0.3)',
                         "memm_3d.ipynb")
    write_kit_pig()
    # #35 item 1: the README's widgets.Memm3D(), every default as it is
    write_board_notebook("Memm3D with its defaults", "import widgets", "widgets.Memm3D()", "default_memm3d.ipynb")
    # #35: a kit game on a graph board (a race on nx.cycle_graph), its default view
    race = notebook("kit_race", 'Play(Race(), humans=[0], agents={1: "random"}, seed=1, pace=0.2)')
    race.cells[2].source = race.cells[2].source.replace(
        "from widgets import Play",
        "import sys\n\nsys.path.insert(0, os.path.abspath(os.path.join('..', '..')))  # tests/, for tools.kit_race\n"
        "from tools.kit_race import Race  # noqa: E402\n\nfrom widgets import Play  # noqa: E402")
    nbformat.write(race, HERE / "play_kit_race.ipynb")


def write_board_notebook(title: str, imports: str, board: str, file: str) -> None:
    """A page with one board widget alone (``board``, made after ``imports``), probed as
    :func:`notebook`'s pages are."""
    nb = notebook(title, "")
    nb.cells[2].source = (f"import ipywidgets\n\n{imports}\n\nboard = {board}\n"
                          "play = ipywidgets.VBox([board])\nplay.board = board\nprobe(play)\nplay")
    nbformat.write(nb, HERE / file)


def write_kit_pig() -> None:
    """Pig made with lab.define_game (no drawing code: the kit's default view and buttons)."""
    pig = notebook("kit_pig", 'Play(Pig(target=10), humans=[0], agents={1: "random"}, seed=3, pace=0.1)')
    pig.cells[2].source = "from lab.kit.examples import Pig\n" + pig.cells[2].source
    nbformat.write(pig, HERE / "play_kit_pig.ipynb")


if __name__ == "__main__":
    main()
