"""``lab.tune``: search a game's variants for the designer's targets with optuna.

How a study runs
----------------
1. The space is validated against the game's parameters and rule points, the targets are read
   and the agents checked — before any game is played.
2. Trials run one after another (optuna's sampler, seeded, proposes each from the results so
   far); the ``games`` of a trial run in parallel on ``workers`` or ``executor``. Every trial
   plays on the same master seed: variants are compared on paired seeds (common random numbers).
   One target -> a single-objective study; several -> a multi-objective study (Pareto front).
3. Honest winners: the best ``finalists`` trials (by search score, or the Pareto front ranked by
   total distance from the goals) are re-evaluated on a fresh master seed with ``final_games``
   games each. The report gives each target's estimate and 95 % interval and its verdict —
   met (the interval inside the goal), not met (outside) or undecided (it reaches both sides;
   see :mod:`lab.tune.targets`) — from those fresh games only.

Same seed, same space, targets and settings -> the same trials and the same report, on 1 or 2
workers and on Dask. With ``storage="sqlite:///studies.db"`` the study is kept in a database: a
second call with the same settings resumes it (only the missing trials run).

Pruning (``pruner="median"`` or an optuna pruner): a trial plays its games in
:data:`PRUNE_STAGES` stages, in game order on the same paired seeds; after each stage but the
last it reports its search score so far (``trial.report``) and stops when the pruner says so
(``trial.should_prune``). A pruned trial counts against the budget, keeps the games it played
and the estimate it had, and is shown as ``pruned`` in the trials table and the report. Pruning
decisions depend only on reported values, which depend only on the seeds: same seed -> same
pruned trials. optuna cannot prune multi-objective studies: with two or more targets the pruner
is ignored (``result.settings["pruner"]`` says so) and every trial plays all its games.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import sys
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import optuna
import pandas as pd

from lab.agents.catalogue import make_agents
from lab.core.errors import InvalidVariant, LabError, cut, quoted
from lab.core.game import Game
from lab.core.registry import load
from lab.sim.executors import check_executor
from lab.sim.simulate import agent_specs, frame_from_parts, simulate, variant_label
from lab.tune.space import Dimension, build_variant, max_players, validate_space
from lab.tune.stages import check_gap_agents, measure_all, play_range, stage_ranges
from lab.tune.storage import (
    OWNER,
    check_storage,
    check_study,
    close_stale,
    owner,
    space_size,
    storage_errors,
)
from lab.tune.targets import Measure, Target, TargetError, check_targets, parse_target

SAMPLERS = ("tpe", "nsga2", "random")
#: At most this many proposals per trial of the budget (repeats and inconsistent combinations
#: are not counted as trials, but the search stops after this many proposals).
MAX_ASKS_PER_TRIAL = 5
#: A pruned study plays each trial's games in this many stages (game order, same seeds).
PRUNE_STAGES = 3


@dataclass(frozen=True)
class TuneEvent:
    """What a progress callback receives after each trial."""

    trial: int
    done: int
    budget: int
    picked: Mapping[str, Any]
    measures: tuple[Measure, ...]
    best: Mapping[str, float]
    status: str


class ProgressCallback(Protocol):
    """``callback(event)`` after each trial (``widgets.tune_progress`` has a live one)."""

    def __call__(self, event: TuneEvent) -> None: ...


@dataclass
class Finalist:
    """A variant re-evaluated on fresh seeds."""

    trial: int
    picked: dict[str, Any]
    variant: str
    measures: tuple[Measure, ...]

    @property
    def all_met(self) -> bool:
        return all(m.met for m in self.measures)

    @property
    def verdict(self) -> str:
        """The finalist's verdict over its targets, in words."""
        if not any(m.target.value is not None for m in self.measures):
            return "best found (no threshold to meet)"
        judged = [m.verdict for m in self.measures if m.target.value is not None]
        if all(v == "met" for v in judged):
            return "all targets met"
        if "not met" in judged:
            return "a target is not met"
        return "undecided: an interval reaches both sides of its goal (more fresh games would tell)"


@dataclass
class TuneResult:
    """A finished study: its trials, its finalists on fresh seeds, and the optuna study."""

    game: str
    targets: tuple[Target, ...]
    study: Any
    trials: pd.DataFrame
    finalists: list[Finalist]
    budget: int
    games: int
    final_games: int
    seed: int
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def winner(self) -> Finalist | None:
        """The first finalist (the search's best), as re-measured on fresh seeds."""
        return self.finalists[0] if self.finalists else None

    @property
    def variants_played(self) -> int:
        """Distinct variants whose games were played, in full or until pruned (repeats and
        inconsistent combinations excluded)."""
        if not len(self.trials):
            return 0
        ok = self.trials["status"] == "complete"
        if "games_played" in self.trials.columns:
            ok |= self.trials["games_played"].fillna(0) > 0
        if "repeat_of" in self.trials.columns:
            ok &= self.trials["repeat_of"].isna()
        return int(ok.sum())

    @property
    def pruned(self) -> int:
        """Variants stopped early by the pruner (their games played in part)."""
        if "pruned_at" not in self.trials.columns:
            return 0
        return int((self.trials["pruned_at"].notna() & (self.trials["status"] == "pruned")).sum())

    @property
    def games_played(self) -> int:
        """Games played by the search (pruned trials count the stages they played; finalists'
        fresh games and the extra ladder games of ``gap[...]`` targets not included)."""
        if "games_played" not in self.trials.columns:
            return 0
        return int(self.trials["games_played"].fillna(0).sum())

    def report(self) -> str:
        """The verdict as text: each finalist's targets with fresh-seed estimates and intervals."""
        played = self.variants_played
        pruned = f", {self.pruned} pruned early" if not self.settings.get("pruner", "none").startswith("none") else ""
        lines = [
            f"tune {self.game}: {played} variants played x {self.games} games ({len(self.trials)} proposals{pruned}; "
            f"{self.games_played} games); finalists re-measured on fresh seeds, {self.final_games} games each (seed {self.seed})",
        ]
        for rank, fin in enumerate(self.finalists, 1):
            lines.append(f"{rank}. trial {fin.trial}: {fin.variant}  -> {fin.verdict}")
            for m in fin.measures:
                verdict = f" {m.verdict}" if m.verdict else ""
                lines.append(
                    f"     {m.target.text:<24} {m.estimate:10.4g}  95% [{m.low:.4g}, {m.high:.4g}]{verdict}"
                )
        if not self.finalists:
            lines.append("no trial completed: no variant to report")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.report()

    def to_dict(self) -> dict[str, Any]:
        """JSON-able summary (targets, finalists with their measures, budget, seed)."""
        return {
            "game": self.game, "targets": [t.text for t in self.targets], "budget": self.budget,
            "trials": len(self.trials), "variants_played": self.variants_played,
            "pruned": self.pruned, "games_played": self.games_played, "pruner": self.settings.get("pruner", "none"),
            "games": self.games, "final_games": self.final_games, "seed": self.seed,
            "finalists": [
                {"trial": f.trial, "variant": f.variant, "picked": _jsonable(f.picked),
                 "all_met": f.all_met, "measures": [m.to_dict() for m in f.measures]}
                for f in self.finalists
            ],
        }

    # optuna's matplotlib plots (matplotlib only, no Jupyter)
    def plot_history(self, target: int = 0) -> Any:
        """Search score per trial with the best so far (one target of a multi-target study)."""
        from optuna.visualization.matplotlib import plot_optimization_history

        with _quiet():
            return plot_optimization_history(self.study, **self._which(target))

    def plot_importance(self, target: int = 0) -> Any:
        """Which space entries mattered most for a target's score (fANOVA)."""
        from optuna.visualization.matplotlib import plot_param_importances

        with _quiet():
            return plot_param_importances(self.study, **self._which(target))

    def plot_stages(self) -> Any:
        """Each trial's search score after each stage (pruned trials stop early): a pruned study."""
        from optuna.visualization.matplotlib import plot_intermediate_values

        with _quiet():
            return plot_intermediate_values(self.study)

    def plot_pareto(self) -> Any:
        """The Pareto front of a multi-target study (scores: lower is closer to the goals)."""
        from optuna.visualization.matplotlib import plot_pareto_front

        if len(self.targets) < 2:
            raise TargetError("a Pareto front needs two or more targets")
        with _quiet():
            return plot_pareto_front(self.study, target_names=[t.text for t in self.targets])

    def _which(self, target: int) -> dict[str, Any]:
        if len(self.targets) == 1:
            return {"target_name": self.targets[0].text}
        return {"target": lambda t, i=target: t.values[i], "target_name": self.targets[target].text}


@contextmanager
def _quiet() -> Iterator[None]:
    """Silence optuna's 'experimental' notice on its matplotlib plots."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        yield


def _jsonable(picked: Mapping[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(dict(picked), default=str))


def _want_tqdm(progress: Any) -> bool:
    if progress is not None:
        return bool(progress) and not callable(progress)
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    return shell is not None or sys.stderr.isatty()


def _sampler(name: str, seed: int, n_targets: int, startup: int) -> Any:
    if name == "random":
        return optuna.samplers.RandomSampler(seed=seed)
    if name == "nsga2":
        return optuna.samplers.NSGAIISampler(seed=seed)
    if name == "tpe":
        return optuna.samplers.TPESampler(seed=seed, n_startup_trials=startup, multivariate=n_targets == 1)
    raise LabError(f"sampler {name!r}: choose one of {', '.join(SAMPLERS)}")


def _pruner(pruner: Any, n_targets: int, startup: int) -> tuple[Any, str]:
    """optuna's pruner and its label; none for a multi-objective study (optuna cannot prune it)."""
    if pruner is None or pruner is False or pruner == "none":
        return optuna.pruners.NopPruner(), "none"
    if pruner == "median":
        made: Any = optuna.pruners.MedianPruner(n_startup_trials=startup, n_warmup_steps=0)
    elif isinstance(pruner, optuna.pruners.BasePruner):
        made = pruner
    else:
        raise LabError(f"pruner {pruner!r}: choose None, 'median' or an optuna pruner")
    if n_targets > 1:
        return optuna.pruners.NopPruner(), "none (optuna cannot prune a multi-objective study)"
    return made, "median" if pruner == "median" else type(made).__name__


def _study_name(game: Game, dims: Sequence[Dimension], targets: Sequence[Target], key: Mapping[str, Any]) -> str:
    text = json.dumps(
        {"game": game.name, "params": game.params_to_dict(), "space": [repr(d) for d in dims],
         "targets": [t.text for t in targets], **key}, sort_keys=True, default=str,
    )
    return f"{game.name}-{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def tune(
    game: Game | str,
    space: Mapping[str, Any],
    targets: Any,
    agents: Any = None,
    budget: int = 50,
    seed: int = 0,
    workers: int | None = None,
    executor: Any = None,
    storage: Any = None,
    *,
    games: int = 100,
    final_games: int | None = None,
    finalists: int | None = None,
    sampler: str = "tpe",
    startup_trials: int | None = None,
    study_name: str | None = None,
    progress: bool | ProgressCallback | None = None,
    pruner: Any = None,
) -> TuneResult:
    """Search the variants of ``game`` in ``space`` for ``targets``.

    Parameters
    ----------
    game : Game or str
        The base variant (entries not in ``space`` keep its values) or a registered name.
    space : mapping
        Parameter (and house-rule) ranges and choices; see :mod:`lab.tune.space`.
    targets : str, Target, or a list of them
        Goals on metrics of the simulation table; see :mod:`lab.tune.targets`.
    agents : as for :func:`lab.simulate`
        Who plays every trial's games (default: the game's default agents).
    budget : int
        Distinct variants played (a resumed study plays only the missing ones). A proposal that
        repeats a variant is answered from its earlier result (same paired seeds, same values)
        and an inconsistent combination (``InvalidVariant`` from the game) is pruned; neither
        counts, but the search stops after ``5 x budget`` proposals. A budget larger than the
        space (every entry a choice or a stepped range) is cut to the space's size, with a
        warning, and the search stops once every variant has been played.
    seed : int
        Seeds the sampler and the games: same seed -> same trials, same report.
    workers, executor :
        Where each trial's games run (the warm pool or a Dask client); trials are sequential.
    storage : str or optuna storage, optional
        ``"sqlite:///studies.db"`` keeps the study and resumes it on the next call (checked
        first, :func:`lab.tune.storage.check_storage`; a study found under the name must have
        been made for the same targets and space; trials a killed process left running are
        marked failed and played again).
    games : int
        Games per trial (paired seeds: every trial uses the same game seeds).
    final_games : int, optional
        Games per finalist on fresh seeds (default 4 x ``games``).
    finalists : int, optional
        How many of the best trials are re-evaluated (default 3, or the budget if smaller; at
        most the budget and at most 100).
    sampler : {"tpe", "nsga2", "random"}
        optuna sampler ("random" is the baseline the others must beat).
    startup_trials : int, optional
        TPE's random start (default: a fifth of the budget, 4..10; from 0 to the budget).
    study_name : str, optional
        Name in the storage (default: a hash of the game, space, targets and settings).
    progress : bool or callable, optional
        A tqdm bar (default in a terminal or notebook), ``False`` for none, or a callback
        receiving a :class:`TuneEvent` after each trial.
    pruner : None, "median" or an optuna pruner
        Stop hopeless trials early (see the module doc): ``"median"`` is optuna's
        ``MedianPruner`` that waits for ``startup_trials`` finished trials, then stops a trial
        whose score after a stage is worse than the median of the finished trials' scores after
        that stage. Ignored (no pruning) with two or more targets: optuna cannot prune a
        multi-objective study.

    Returns
    -------
    TuneResult

    Raises
    ------
    InvalidVariant
        A bad space entry (named), before any game is played.
    TargetError
        An unreadable target, or a metric the table lacks (found on the first trial).
    InvalidStorage
        A storage that cannot hold the study (checked before any game is played), or a study
        found under the name made for other targets or another space.
    """
    storage = check_storage(storage)
    base = game if isinstance(game, Game) else load(game)
    dims = validate_space(base, space)
    target_list = [targets] if isinstance(targets, str | Target) else list(targets or [])
    goals = tuple(parse_target(t) for t in target_list)
    if not goals:
        raise TargetError("give at least one target, e.g. 'minutes=20' or 'spread<=0.03'")
    if finalists is None and isinstance(budget, int) and not isinstance(budget, bool):
        finalists = max(1, min(3, budget))
    check_settings(budget=budget, games=games, finalists=finalists, startup_trials=startup_trials)
    final_games = 4 * games if final_games is None else final_games
    if isinstance(final_games, bool) or not isinstance(final_games, int) or final_games < 1:
        raise LabError(f"final_games must be a whole number >= 1, got {final_games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise LabError(f"seed must be a whole number >= 0, got {seed!r}")
    workers = check_executor(executor, workers)
    specs = agents if isinstance(agents, list) else agent_specs(base, agents)[:1]  # one per seat, or one for all
    make_agents(base, agents)
    check_gap_agents(base, goals)
    check_targets(base, goals, max_players(base, dims))
    startup = startup_trials if startup_trials is not None else max(4, min(10, budget // 5))
    prune_with, prune_label = _pruner(pruner, len(goals), startup)
    prunes = not isinstance(prune_with, optuna.pruners.NopPruner)
    key = {"agents": specs, "games": games, "seed": seed, "sampler": sampler}
    if prunes:
        key["pruner"] = prune_label
    if study_name is not None and (not isinstance(study_name, str) or not 0 < len(study_name) <= 512):
        raise LabError(f"study_name must be a name of 1..512 characters, not {quoted(study_name)}")
    size = space_size(dims)
    if size is not None and budget > size:
        warnings.warn(f"the space holds {size:,} variant(s): the study plays {size:,}, not a budget of {budget:,}",
                      UserWarning, stacklevel=2)
        budget = size
    name = study_name or _study_name(base, dims, goals, key)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    with storage_errors(storage, name):
        study = optuna.create_study(
            study_name=name, storage=storage, load_if_exists=True,
            directions=[t.direction for t in goals],
            sampler=_sampler(sampler, seed, len(goals), startup), pruner=prune_with,
        )
        made_for = {"game": base.name, "targets": [t.text for t in goals], "space": sorted(repr(d) for d in dims)}
        check_study(study, storage, [t.direction for t in goals], made_for, [d.name for d in dims])
        close_stale(study)
        complete = study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,))
        seen: dict[str, list[float]] = {}
        first_of: dict[str, int] = {}
        for t in complete:
            first_of.setdefault(_signature(t.params), t.number)
            seen.setdefault(_signature(t.params), list(t.values))
        cut: dict[str, int] = {}  # variants stopped by the pruner -> their trial
        for t in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.PRUNED,)):
            if "pruned_at" in t.user_attrs and "repeat_of" not in t.user_attrs:
                cut.setdefault(_signature(t.params), t.number)
        done, asked = len(seen) + len(cut), len(study.trials)
    if asked:  # resumed: a sampler re-seeded past the trials already made
        study.sampler = _sampler(sampler, seed + asked, len(goals), startup)
    run = {"agents": agents if isinstance(agents, list) else specs[0], "workers": workers, "executor": executor,
           "seed": seed, "games": games, "stages": PRUNE_STAGES if prunes else 1, "columns": set(), "played": [0]}
    callback = progress if callable(progress) else None
    bar = _bar(budget, done) if _want_tqdm(progress) else None
    best: dict[str, float] = {}
    limit = asked + MAX_ASKS_PER_TRIAL * max(0, budget - done)
    try:
        while done < budget and asked < limit and (size is None or len(seen) + len(cut) < size):
            with storage_errors(storage, name):
                trial = study.ask()
                trial.set_user_attr(OWNER, owner())
            asked += 1
            try:
                picked = {d.name: d.suggest(trial) for d in dims}
                sig = _signature(trial.params)
                if sig in seen:  # paired seeds: a variant already played would give the same values
                    first = first_of[sig]
                    with storage_errors(storage, name):
                        for attr, value in study.trials[first].user_attrs.items():
                            if attr != OWNER:
                                trial.set_user_attr(attr, value)
                        trial.set_user_attr("repeat_of", first)
                        trial.set_user_attr("games_played", 0)
                        study.tell(trial, seen[sig])
                    continue
                if sig in cut:  # a variant the pruner stopped: the same seeds would stop it again
                    with storage_errors(storage, name):
                        trial.set_user_attr("repeat_of", cut[sig])
                        trial.set_user_attr("games_played", 0)
                        study.tell(trial, state=optuna.trial.TrialState.PRUNED)
                    continue
                status, measures = _evaluate(base, dims, picked, goals, run, trial)
            except BaseException:  # the trial is not left RUNNING for ever (a game's error, ^C)
                with contextlib.suppress(Exception):
                    study.tell(trial, state=optuna.trial.TrialState.FAIL)
                raise
            if status == "invalid":  # an inconsistent combination: pruned, not counted
                with storage_errors(storage, name):
                    study.tell(trial, state=optuna.trial.TrialState.PRUNED)
                continue
            if status == "pruned":  # stopped early by the pruner: counted, its games were played
                with storage_errors(storage, name):
                    study.tell(trial, state=optuna.trial.TrialState.PRUNED)
                cut[sig] = trial.number
                done += 1
                if bar is not None:
                    bar.update(1)
                if callback is not None:
                    callback(TuneEvent(trial.number, done, budget, picked, measures, dict(best), status))
                continue
            seen[sig], first_of[sig] = [m.score for m in measures], trial.number
            with storage_errors(storage, name):
                study.tell(trial, seen[sig])
            for m in measures:
                key = m.target.text
                better = max if m.target.direction == "maximize" else min
                best[key] = m.score if key not in best else better(best[key], m.score)
            done += 1
            if bar is not None:
                bar.update(1)
                bar.set_postfix({k: f"{v:.3g}" for k, v in best.items()}, refresh=False)
            if callback is not None:
                callback(TuneEvent(trial.number, done, budget, picked, measures, dict(best), status))
    finally:
        if bar is not None:
            bar.close()
    with storage_errors(storage, name):
        chosen = _finalists(study, goals, finalists)
        picks = [_picked(t, dims) for t in chosen]
    fresh = fresh_seed(seed)
    verdicts = []
    for t, picked in zip(chosen, picks, strict=True):
        variant = build_variant(base, dims, picked)
        df = simulate(variant, run["agents"], final_games, fresh, workers, executor, progress=False)
        run["columns"].update(df.columns)
        run["played"][0] += len(df)
        verdicts.append(Finalist(t.number, picked, _describe(variant, dims, picked), measure_all(
            variant, goals, df, {}, range(final_games), fresh, workers, executor,
        )))
    _unseen_clauses(goals, run["columns"], run["played"][0])
    with storage_errors(storage, name):
        table = trials_table(study, goals)
    return TuneResult(
        base.name, goals, study, table, verdicts, budget, games, final_games, seed,
        {"space": {d.name: d.kind for d in dims}, "agents": specs, "sampler": sampler, "study_name": name,
         "pruner": prune_label},
    )


#: The most finalists a study re-measures (each plays ``final_games`` fresh games).
MAX_FINALISTS = 100


def check_settings(*, budget: Any, games: Any, finalists: Any, startup_trials: Any) -> None:
    """Refuse settings no study can use, with one line naming the setting and what is allowed."""
    for name, value in (("budget", budget), ("games", games), ("finalists", finalists)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise LabError(f"{name} must be a whole number >= 1, got {value!r}")
    if finalists > min(budget, MAX_FINALISTS):
        msg = (f"finalists={finalists}: at most the budget ({budget}) and at most {MAX_FINALISTS} variants are "
               "re-measured on fresh seeds")
        raise LabError(msg)
    if startup_trials is not None and (isinstance(startup_trials, bool) or not isinstance(startup_trials, int)
                                       or not 0 <= startup_trials <= budget):
        msg = (f"startup_trials must be a whole number from 0 to the budget ({budget}): the random trials before "
               f"TPE models the results; got {startup_trials!r}")
        raise LabError(msg)


def _unseen_clauses(goals: Sequence[Target], seen: set[str], games: int) -> None:
    """Warn about ``n[CLAUSE]``/``fired[CLAUSE]`` targets whose clause never fired in any game
    of the study (issue 40 item 6: ``n[ZZ-9]`` names no clause and was measured as 0)."""
    for t in goals:
        m = re.fullmatch(r"(?:n|fired)\[(.+)\]", t.metric.strip())
        if m and games and f"n[{m[1]}]" not in seen:
            warnings.warn(
                f"target {cut(t.text, 60)!r}: the clause {cut(m[1], 40)!r} never fired in the {games:,} games played "
                "(measured as 0): is it one of this game's clause IDs (the n[...] columns of lab.simulate)?",
                UserWarning, stacklevel=3,
            )


def fresh_seed(seed: int) -> int:
    """The master seed of the finalists' fresh games (never the search's ``seed``)."""
    return int(np.random.SeedSequence(seed, spawn_key=(2026,)).generate_state(1)[0]) % (2**31)


def _evaluate(
    base: Game, dims: Sequence[Dimension], picked: Mapping[str, Any], goals: Sequence[Target],
    run: Mapping[str, Any], trial: Any,
) -> tuple[str, tuple[Measure, ...]]:
    try:
        variant = build_variant(base, dims, picked)
    except InvalidVariant as exc:  # an inconsistent combination: no games, the trial is pruned
        trial.set_user_attr("invalid", str(exc)[:500])
        return "invalid", ()
    stages = stage_ranges(run["games"], run["stages"])
    parts: list[pd.DataFrame] = []
    gaps: dict[str, list[pd.DataFrame]] = {}
    for step, games in enumerate(stages):
        parts.append(play_range(variant, run["agents"], games, run["seed"], run["workers"], run["executor"]))
        run["columns"].update(parts[-1].columns)
        run["played"][0] += len(parts[-1])
        last = step == len(stages) - 1
        measures = measure_all(variant, goals, frame_from_parts(parts), gaps, games, run["seed"], run["workers"], run["executor"])
        if not last:
            trial.report(measures[0].score, step)
            if trial.should_prune():
                _keep(trial, measures, games.stop)
                trial.set_user_attr("pruned_at", games.stop)
                return "pruned", measures
    _keep(trial, measures, run["games"])
    return "complete", measures


def _keep(trial: Any, measures: Sequence[Measure], played: int) -> None:
    trial.set_user_attr("games_played", played)
    for m in measures:
        trial.set_user_attr(m.target.text, [m.estimate, m.low, m.high])


def _signature(params: Mapping[str, Any]) -> str:
    return json.dumps(dict(params), sort_keys=True, default=str)


def _picked(trial: Any, dims: Sequence[Dimension]) -> dict[str, Any]:
    return {d.name: d.picked(trial.params) for d in dims}


def _describe(variant: Game, dims: Sequence[Dimension], picked: Mapping[str, Any]) -> str:
    rules = [f"{d.name}:{picked[d.name]}" for d in dims if d.kind == "rule"]
    return ", ".join([variant_label(variant), *rules])


def _finalists(study: Any, goals: Sequence[Target], k: int) -> list[Any]:
    complete = study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,))
    if not complete:
        return []
    if len(goals) == 1:
        sign = -1.0 if goals[0].direction == "maximize" else 1.0
        pool = complete
        key: Callable[[Any], tuple[float, int]] = lambda t: (sign * t.values[0], t.number)  # noqa: E731
    else:
        pool = study.best_trials  # the Pareto front, ranked by the summed scores
        key = lambda t: (sum(v if g.direction == "minimize" else -v for v, g in zip(t.values, goals, strict=True)), t.number)  # noqa: E731
    ranked = sorted(pool, key=key)
    seen, out = set(), []
    for t in ranked:  # one finalist per distinct variant
        sig = _signature(t.params)
        if sig not in seen:
            seen.add(sig)
            out.append(t)
        if len(out) == k:
            break
    return out


def trials_table(study: Any, goals: Sequence[Target]) -> pd.DataFrame:
    """One row per trial: number, status, the picked values, each target's estimate and interval."""
    rows = []
    for t in study.get_trials(deepcopy=False):
        row: dict[str, Any] = {"trial": t.number, "status": t.state.name.lower()}
        row.update(t.params)
        for attr in ("repeat_of", "games_played", "pruned_at"):
            if attr in t.user_attrs:
                row[attr] = t.user_attrs[attr]
        for g in goals:
            est = t.user_attrs.get(g.text)
            if isinstance(est, list) and len(est) == 3 and all(isinstance(v, int | float) for v in est):
                row[g.text], row[f"{g.text} low"], row[f"{g.text} high"] = est
        rows.append(row)
    return pd.DataFrame(rows)


def _bar(total: int, initial: int) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=initial, unit="trial", desc="tune")
