"""``python -m tests.scenarios``: the seed-scenario coverage per game (clauses with a scenario / all)."""

from __future__ import annotations

from tests.scenarios.table import coverage
from tests.scenarios.test_scenarios import TABLES


def main() -> None:
    print(f"{'game':<16}{'clauses with a scenario':>26}{'scenarios':>12}")
    for game, covered, total, rows in coverage(TABLES):
        print(f"{game:<16}{f'{covered} / {total}':>26}{rows:>12}")


if __name__ == "__main__":
    main()
