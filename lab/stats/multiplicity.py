"""Multiple comparisons: which metrics a verdict table may flag, and at what level each is shown.

A comparison tests many metrics at once; at 5% each, a variant compared with itself would be
"significant" somewhere in a third of the tables. The lab controls the chance of *any* false flag
in a table (the family-wise error rate) at ``alpha`` with a graphical Holm procedure
(Bretz et al. 2009):

- the designer's **primary** metrics share ``primary_share`` of ``alpha`` (80%: 4% of 5%), the
  other metrics the rest (1%), each family split equally (Bonferroni);
- a flagged metric passes its share on to the unflagged metrics of its family (Holm); when a
  whole family is flagged, its share passes to the other family;
- with no primary metrics (or only primaries) it is Holm's procedure at ``alpha``.

Each metric is tested at the level it ends with (``alpha_j``); its interval is printed at
confidence ``1 − alpha_j``, so a flag and an interval that excludes 0 are the same statement.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

ALPHA = 0.05
PRIMARY_SHARE = 0.8


def graphical_holm(
    p: Sequence[float], primary: Sequence[bool], alpha: float = ALPHA, primary_share: float = PRIMARY_SHARE
) -> tuple[np.ndarray, np.ndarray]:
    """Flags and per-metric test levels for p-values ``p`` (NaN: not testable, never flagged).

    Returns
    -------
    (flagged, levels) : two arrays
        ``flagged[j]``: metric ``j`` is declared an effect; ``levels[j]``: the level it was
        tested at (flagged: the level at which it was flagged; otherwise the final level).
    """
    pv = np.asarray(p, dtype=float)
    prim = np.asarray(primary, dtype=bool)
    m = len(pv)
    flagged = np.zeros(m, dtype=bool)
    levels = np.full(m, np.nan)
    testable = ~np.isnan(pv)
    families = [np.flatnonzero(prim & testable), np.flatnonzero(~prim & testable)]
    if not len(families[0]) or not len(families[1]):
        budgets = [alpha if len(f) else 0.0 for f in families]
    else:
        budgets = [alpha * primary_share, alpha * (1 - primary_share)]
    open_ = [list(f) for f in families]
    while True:
        weights = {j: budgets[k] / len(open_[k]) for k in (0, 1) for j in open_[k]}
        hit = [j for j, w in weights.items() if pv[j] <= w]
        if not hit:
            for j, w in weights.items():
                levels[j] = w
            break
        j = min(hit, key=lambda i: (pv[i] / weights[i], i))
        flagged[j], levels[j] = True, weights[j]
        k = 0 if prim[j] else 1
        open_[k].remove(j)
        if not open_[k]:  # a whole family flagged: its share moves to the other one
            budgets[1 - k] += budgets[k]
            budgets[k] = 0.0
    return flagged, levels
