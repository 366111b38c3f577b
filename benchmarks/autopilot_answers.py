"""The full-budget answers to the three designer questions of notebooks/11_autopilot.ipynb.

Usage: ``nice python -m benchmarks.autopilot_answers [--workers 2] [--out benchmarks/autopilot_answers.json]``
(the notebook's closing note prints that file)
(about 10 minutes on 2 busy cores). Same seeds -> the same answers on 1 or 2 workers or Dask.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import lab

RINGS = [[{"colour": c, "sectors": s} for c in ("red", "green", "blue")] for s in (16, 20, 24)]
TILES = [{"red": k, "green": k, "blue": k, "orange": k, "imprevisto": 8} for k in (10, 13, 16)]

QUESTIONS: dict[str, dict[str, Any]] = {
    "memcel_20_minutes_fair": {
        "game": "memcel", "agents": "memory", "targets": ["minutes=20±2", "spread<=0.1"],
        "space": {"players": {"choices": [3, 4]}, "ring_layout": {"choices": RINGS},
                  "tile_counts": {"choices": TILES}, "card_after_success": {"choices": [True, False]},
                  "reveal_limit": {"choices": ["strict", "inclusive"]}},
        "budget": 16, "games": 60, "final_games": 400,
    },
    "space_station_one_in_three": {
        "game": "space_station", "agents": "greedy", "targets": ["win=0.333±0.05"],
        "space": {"fighters": {"low": 2, "high": 12}, "droid_shields": {"low": 0, "high": 6},
                  "hit_on": {"low": 3, "high": 6}},
        "budget": 30, "games": 80, "final_games": 400,
    },
    "fiemme_cembra_fc_e2": {
        "game": "fiemme_cembra", "agents": "collector", "targets": ["max:decided[FC-E2]"],
        "space": {"leftover_lodging": {"choices": ["excluded", "conquest"]},
                  "players": {"choices": [3, 4, 5]}, "rounds": {"low": 1, "high": 3}},
        "budget": 14, "games": 60, "final_games": 400,
    },
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="")
    parser.add_argument("--only", default="", help="comma list of question keys")
    args = parser.parse_args(argv)
    answers = {}
    for key, q in QUESTIONS.items():
        if args.only and key not in args.only.split(","):
            continue
        start = time.perf_counter()
        result = lab.tune(q["game"], q["space"], q["targets"], agents=q["agents"], budget=q["budget"],
                          games=q["games"], final_games=q["final_games"], finalists=3, seed=2026,
                          workers=args.workers, progress=False)
        seconds = time.perf_counter() - start
        print(f"== {key} ({seconds:.0f} s)\n{result.report()}\n", flush=True)
        answers[key] = {**result.to_dict(), "seconds": seconds}
    if args.out:  # written whole, then renamed: an interrupted run leaves no torn file
        out = Path(args.out)
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_text(json.dumps(answers, indent=1, default=str) + "\n")
        tmp.replace(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
