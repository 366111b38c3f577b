"""Build script: the package, with its hot modules compiled by mypyc (see :mod:`lab.native`).

Everything else about the package is in ``pyproject.toml``. The modules listed in
``lab/native.py`` (``SOURCES``) are type-checked and compiled to C extensions beside their
sources; ``lab/_native.json`` records the SHA-256 of each source compiled, so that a source
edited after the build is never shadowed by its old compiled form (``lab.native`` falls back
to the sources until the next build).

``RULES_LAB_PURE_BUILD=1`` builds without compiling (the package is then pure Python, only
slower). Without mypyc or a C compiler the build stops with the reason: set that variable to
install anyway.
"""

from __future__ import annotations

import os
import runpy
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent


def native_extensions() -> list:
    native = runpy.run_path(str(ROOT / "lab" / "native.py"), run_name="lab_native_build")
    manifest = ROOT / "lab" / "_native.json"
    if os.environ.get("RULES_LAB_PURE_BUILD", "").strip().lower() not in ("", "0", "false", "no"):
        manifest.unlink(missing_ok=True)
        return []
    from mypyc.build import mypycify  # the build requirement in pyproject.toml

    os.chdir(ROOT)  # mypyc takes paths relative to the root and reads [tool.mypy] there
    extensions = mypycify(list(native["SOURCES"]), opt_level="3", group_name="rules_lab", verbose=False)
    native["write_manifest"](ROOT)
    return extensions


setup(ext_modules=native_extensions())
