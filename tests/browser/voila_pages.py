"""Voilà as the browser tests and the screenshots use it: pages that fetch nothing from a CDN.

Voilà's "lab" template links Font Awesome from a CDN, so a page served with it fails offline.
The template here (``jupyter_share/voila/templates/rules-lab``, found through JUPYTER_PATH)
leaves those links out; :func:`offline_env` and :func:`template_args` select it. The pages
pre-heat their kernel (:func:`preheat_args`), so the first visit does not wait for a kernel to
start, import the lab and build the game. (People playtest through the playtable server, which
serves its own pages; Voilà serves only the widgets' test pages.)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

TEMPLATE = "rules-lab"
SHARE = Path(__file__).parent / "jupyter_share"


def offline_env(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with the offline Voilà template on JUPYTER_PATH."""
    out = dict(os.environ if env is None else env)
    rest = out.get("JUPYTER_PATH", "")
    out["JUPYTER_PATH"] = os.pathsep.join([str(SHARE), rest]) if rest else str(SHARE)
    return out


def template_args() -> list[str]:
    """The Voilà options that serve a page with the offline template (with :func:`offline_env`).

    Kernels talk to Voilà over IPC sockets (files), never TCP: a kernel picks free ports and
    binds them a moment later, and with a pool of kernels starting at once beside other test
    servers a port was sometimes taken in between ("Address already in use"): that kernel died
    and its page waited for it until the test's timeout.
    """
    return [f"--template={TEMPLATE}", "--KernelManager.transport=ipc"]


def preheat_args(pool: int = 1) -> list[str]:
    """Voilà options that run a page's notebook in a waiting kernel before anyone asks for it."""
    return ["--preheat_kernel=True", f"--pool_size={int(pool)}", "--VoilaKernelManager.fill_delay=0"]
