"""A live view of a running ``lab.tune`` study in a notebook (a progress callback).

``lab`` knows nothing of notebooks: ``lab.tune(..., progress=cb)`` calls ``cb(event)`` after
each trial with a :class:`lab.tune.TuneEvent`. :class:`TuneProgress` is such a callback: it
keeps one output area up to date with a small table (trial count, the latest trial's estimates,
the best search score per target so far) and, every ``plot_every`` trials, a matplotlib plot of
the best score per target against the trial number.

Example::

    from widgets.tune_progress import TuneProgress
    result = lab.tune(game, space, ["minutes=20", "spread<=0.03"], progress=TuneProgress())
"""

from __future__ import annotations

import html
from typing import Any

from IPython.display import HTML, display

from lab.tune import TuneEvent


class TuneProgress:
    """A progress callback for :func:`lab.tune` that redraws one notebook output in place."""

    def __init__(self, plot_every: int = 5) -> None:
        self.plot_every = max(1, int(plot_every))
        self.history: list[dict[str, float]] = []
        self._table = display(HTML("<i>tune: waiting for the first trial</i>"), display_id=True)
        self._plot = None

    def __call__(self, event: TuneEvent) -> None:
        self.history.append(dict(event.best))
        if self._table is None:  # not in a notebook: nothing to redraw
            return
        self._table.update(HTML(self.html(event)))
        if event.done % self.plot_every == 0 or event.done == event.budget:
            self._redraw()

    @staticmethod
    def html(event: TuneEvent) -> str:
        """The table shown after ``event`` (scores: distance outside a goal, 0 = met)."""
        rows = []
        latest = {m.target.text: m for m in event.measures}
        for key, best in event.best.items():
            m = latest.get(key)
            now = "pruned" if m is None else f"{m.estimate:.4g} [{m.low:.4g}, {m.high:.4g}]"
            rows.append(f"<tr><td>{html.escape(key)}</td><td>{html.escape(now)}</td><td>{best:.4g}</td></tr>")
        head = f"<b>tune</b>: trial {event.done}/{event.budget} ({html.escape(event.status)})"
        return (
            f"<div>{head}<table><tr><th>target</th><th>latest trial (95%)</th><th>best score</th></tr>"
            + "".join(rows) + "</table></div>"
        )

    def _redraw(self) -> None:
        import matplotlib.pyplot as plt

        keys = sorted({k for h in self.history for k in h})
        if not keys:
            return
        fig, ax = plt.subplots(figsize=(5, 2.5))
        for key in keys:
            ax.plot([i + 1 for i, h in enumerate(self.history) if key in h], [h[key] for h in self.history if key in h], label=key)
        ax.set_xlabel("trial")
        ax.set_ylabel("best score")
        ax.legend(fontsize="small")
        fig.tight_layout()
        if self._plot is None:
            self._plot = display(fig, display_id=True)
        else:
            self._plot.update(fig)
        plt.close(fig)

    def figure_data(self) -> list[dict[str, Any]]:
        """The best score per target after each trial (what the plot shows)."""
        return [dict(h) for h in self.history]
