"""The playtest app: one variant of one game in a Voilà page, for people who never open a notebook.

    python -m widgets.app memcel --params '{"players": 3}' [--port 8866] [--dir playtest-app]

(``rules-lab app GAME --set k=v`` and ``make app`` run this.) It writes a small notebook that
shows a :class:`~widgets.Play` of that variant -- every game played there goes to the playtest
log ``playtests/log.jsonl`` beside it -- and serves it with Voilà. Voilà is configured to cull
kernels: a tab that was closed leaves an idle kernel with no connection, which is shut down
after ``cull_idle_timeout`` seconds (checked every ``cull_interval`` seconds).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import nbformat

import lab

CULL_IDLE_TIMEOUT = 300  # seconds an idle kernel without a connection is kept
CULL_INTERVAL = 30
# The page template: Voila's "lab" page with nothing fetched from a CDN (it works offline),
# shipped in this package (share/voila/templates/rules-lab), found through JUPYTER_PATH.
TEMPLATE = "rules-lab"
SHARE = Path(__file__).parent / "share"


def offline_env(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with this package's Voila template on JUPYTER_PATH."""
    out = dict(os.environ if env is None else env)
    rest = out.get("JUPYTER_PATH", "")
    out["JUPYTER_PATH"] = os.pathsep.join([str(SHARE), rest]) if rest else str(SHARE)
    return out


def template_args() -> list[str]:
    """The Voila options that serve a page with the offline template (with :func:`offline_env`)."""
    return [f"--template={TEMPLATE}"]


def voila_culling(idle_timeout: int = CULL_IDLE_TIMEOUT, interval: int = CULL_INTERVAL) -> list[str]:
    """Voilà options that shut down idle kernels nobody is connected to (closed tabs)."""
    return [
        f"--MappingKernelManager.cull_idle_timeout={int(idle_timeout)}",
        f"--MappingKernelManager.cull_interval={int(interval)}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
    ]


def app_notebook(game: str, params: Mapping[str, Any], log: str = "playtests/log.jsonl") -> nbformat.NotebookNode:
    """The notebook the app serves: the variant's Play widget, recording to ``log``."""
    lab.load(game, **params)  # refuse a bad variant before anything is served
    title = lab.game_class(game).title or game
    changed = ", ".join(f"{k}={json.dumps(v)}" for k, v in params.items()) or "the default rules"
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [
        nbformat.v4.new_markdown_cell(
            f"# Playtest: {title}\n\nVariant: {changed}. Click a highlighted place or a button; "
            "every game you play is recorded for the designers."
        ),
        nbformat.v4.new_code_cell(
            "import json\n\nimport lab\nfrom widgets import Play\n\n"
            f"game = lab.load({game!r}, **json.loads({json.dumps(dict(params))!r}))\n"
            f"play = Play(game, humans=[0], pace=0.4, playtest_log={log!r})\n"
            "play.add_class('rl-app')\nplay"
        ),
    ]
    return nb


def preheat_args(pool: int = 1) -> list[str]:
    """Voila options that run the page's notebook in a waiting kernel before anyone asks for it.

    The first page load used to start a kernel, import the lab and build the game only when a
    playtester opened the page: minutes on a loaded machine before a board showed. A pre-heated
    kernel has done all that; the pool is refilled at once when a page takes its kernel.
    """
    return ["--preheat_kernel=True", f"--pool_size={int(pool)}", "--VoilaKernelManager.fill_delay=0"]


def voila_command(notebook: Path, port: int, *, open_browser: bool = False,
                  idle_timeout: int = CULL_IDLE_TIMEOUT, interval: int = CULL_INTERVAL) -> list[str]:
    """The Voilà command line serving ``notebook`` (pre-heated, offline template, culling)."""
    voila = shutil.which("voila", path=str(Path(sys.executable).parent)) or shutil.which("voila")
    if voila is None:
        msg = "the playtest app needs Voilà: pip install voila (it is in the test extra)"
        raise OSError(msg)
    return [
        voila, str(notebook), f"--port={int(port)}", "--Voila.ip=127.0.0.1", *template_args(), *preheat_args(),
        *([] if open_browser else ["--no-browser"]),
        *voila_culling(idle_timeout, interval),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets.app", description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--params", default="{}", help="the variant's parameters as a JSON object")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--dir", default="playtest-app", help="where the page and the playtest log go")
    parser.add_argument("--open", action="store_true", help="open a browser")
    parser.add_argument("--cull-idle-timeout", type=int, default=CULL_IDLE_TIMEOUT,
                        help=f"seconds before an idle kernel of a closed tab is shut down ({CULL_IDLE_TIMEOUT})")
    parser.add_argument("--cull-interval", type=int, default=CULL_INTERVAL)
    args = parser.parse_args(argv)
    try:
        params = json.loads(args.params)
        if not isinstance(params, dict):
            raise ValueError("--params is a JSON object")
        folder = Path(args.dir)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"play_{args.game}.ipynb"
        nbformat.write(app_notebook(args.game, params), path)
    except (lab.LabError, ValueError, OSError) as exc:
        print(f"rules-lab app: error: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    try:
        cmd = voila_command(Path(path.name), args.port, open_browser=args.open,
                            idle_timeout=args.cull_idle_timeout, interval=args.cull_interval)
    except OSError as exc:
        print(f"rules-lab app: error: {exc}", file=sys.stderr)
        return 2
    print(f"serving {args.game} at http://127.0.0.1:{args.port}/ (Ctrl-C stops it); playtests go to "
          f"{folder / 'playtests' / 'log.jsonl'}", file=sys.stderr)
    os.chdir(folder)
    os.environ.update(offline_env())
    os.execv(cmd[0], cmd)  # Voilà replaces this process (its signals, its exit code)


if __name__ == "__main__":
    sys.exit(main())
