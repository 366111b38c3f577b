"""Adapters to other game-playing ecosystems (optional extras, imported on demand).

- :mod:`lab.adapters.openspiel` (``pip install rules-lab[openspiel]``): any lab game as a pyspiel
  Python game, so OpenSpiel's algorithms (ISMCTS, MCCFR, ...) and tests run on it.
- :mod:`lab.adapters.pettingzoo` (``pip install rules-lab[pettingzoo]``): any lab game as a
  PettingZoo AEC environment with legal-action masks.

Both speak the lab's integer action codes (:meth:`lab.State.action_to_int`), which stay below
``game.num_distinct_actions()`` (at most 10,000 for every shipped game).
"""

from __future__ import annotations


def missing_extra(extra: str, module: str) -> ImportError:
    """The ImportError an adapter raises when its optional dependency is not installed."""
    msg = f"lab.adapters.{extra} needs {module}: install it with pip install 'rules-lab[{extra}]'"
    return ImportError(msg)
