"""``python -m playtable``: the playtest table server (``rules-lab serve`` runs this)."""

from __future__ import annotations

import sys

from playtable.cli import main

if __name__ == "__main__":
    sys.exit(main())
