"""The sampling stage's run for one claim: for each dimension setting a sampling pass and a
search pass that collect candidate violations and track the worst slack; then confirmation of
the candidates and the verdict.

``refuted`` only with a witness confirmed at high precision; otherwise ``supported`` (evidence,
never proof) with the worst slack seen, or ``unknown`` when too few instances could be evaluated.
Instances whose float64 evaluation overflows are re-evaluated in log space or with mpmath, never
counted as passing.

Example:
    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> from numeric.budget import Budget
    >>> from numeric.stages.sampling.core import check_numeric
    >>> x = vector("x", n)
    >>> v = check_numeric(Claim("t:extra-1", norminf(x), "<=", norm2(x), dims={"n": (1, 8)}),
    ...                   Budget.get("quick"), seed=0)
    >>> v.status.value, v.rigorous
    ('supported', False)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from numeric.backends.logspace import log_margin, rescue, rows_env
from numeric.backends.margins import batch_margin, precise_margin, slack_value
from numeric.backends.precise import MpmathOps, mp_workdps
from numeric.budget import Budget
from numeric.layout import Layout
from numeric.search.adversarial import best_instances, scale_search, search
from numeric.search.confirm import DEEP_ENTRIES
from numeric.search.sampler import equality_cases, sample
from numeric.stages.sampling.candidates import Candidate, Confirmer
from numeric.stages.sampling.settings import (
    dim_settings,
    eq_tolerance,
    ranges_of,
    sample_count,
    search_iterations,
    search_starts,
)
from numeric.stages.sampling.slack import Instance, SlackTracker, batch_slack10, trusted
from symbolic.claim import Claim
from symbolic.failures import CANNOT_EVALUATE
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict
from symbolic.walk import Evaluator

Progress = Callable[[str], None]


@dataclass
class Tally:
    """Counters of one run: instances evaluated, feasible, overflowed and rescued; the back ends
    that decided them; the lowest margin; seconds per phase."""

    evaluations: int = 0
    feasible: int = 0
    nonfinite: int = 0
    rescued: int = 0
    worst_margin: float = math.inf
    backends: dict[str, int] = field(
        default_factory=lambda: {"float64": 0, "logspace": 0, "mpmath": 0})
    phases: dict[str, float] = field(
        default_factory=lambda: {"sampling": 0.0, "search": 0.0, "confirmation": 0.0})

    def context(self) -> dict[str, Any]:
        """What a ``refuted`` verdict records (the phases dict is shared, so it stays live)."""
        return {"evaluations": self.evaluations, "backends": self.backends,
                "phases": self.phases}

    def lower(self, margin: float) -> None:
        """Record a finite margin."""
        self.worst_margin = min(self.worst_margin, margin)


@dataclass
class Sampled:
    """The feasible samples of one dimension setting with their float margins and sides."""

    batch: Any
    margins: np.ndarray
    lhs: Any
    rhs: Any


def precise_margin_of(claim: Claim, inst: Instance) -> float:
    """mpmath margin (relative, as float) of one instance whose float64 evaluation overflowed.

    An inequality between scalars is tried first with arb at 256 bits (:func:`_arb_margin_of`),
    several times faster on wide instances: where arb pins the relative margin to far better
    than float64 precision, its midpoint rounds to the float mpmath's 50 digits round to."""
    from numeric.search.confirm import _env

    fast = _arb_margin_of(claim, inst)
    if fast is not None:
        return fast
    with mp_workdps(50):
        ops = MpmathOps()
        ev = Evaluator(ops, _env(inst.layout, ops, inst.values, inst.indices))
        m, lhs, rhs = precise_margin(claim.prop, ev)
        scale = abs(lhs) + abs(rhs) if not isinstance(lhs, np.ndarray) else None
        if scale is None or scale == 0:
            return float(np.sign(float(m))) if m != 0 else 0.0
        return float(m / scale)


def _arb_margin_of(claim: Claim, inst: Instance) -> float | None:
    """The relative margin ``m / (|lhs| + |rhs|)`` of a scalar inequality at ``inst`` from arb
    at 256 bits, when its enclosure is finite, of one certain sign and narrower than 1e-30
    of its size; None otherwise (mpmath decides, as before).

    >>> from symbolic import Claim, scalar
    >>> from numeric.stages.sampling.slack import Instance
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", x, "<=", 3)
    >>> _arb_margin_of(c, Instance(Layout.of(c, {}), {x: np.array(1.0)}, {}))
    0.5
    """
    import flint

    from numeric.backends.precise import ArbOps, arb_prec
    from numeric.search.confirm import _env

    if claim.rel in (Relation.EQ, Relation.PSD_LE):
        return None
    try:
        with arb_prec(256):
            ops = ArbOps()
            ev = Evaluator(ops, _env(inst.layout, ops, inst.values, inst.indices))
            m, lhs, rhs = precise_margin(claim.prop, ev)
            if not all(isinstance(v, flint.arb) and v.is_finite() for v in (m, lhs, rhs)):
                return None
            scale = abs(lhs) + abs(rhs)
            if not (scale > 0) or not (m > 0 or m < 0):
                return None
            r = m / scale
            if not r.is_finite() or not r.rad() < abs(r.mid()) * flint.arb(10) ** -30:
                return None
            return float(r.mid())
    except CANNOT_EVALUATE:
        return None


def all_zero(side: Any, shape: tuple) -> np.ndarray:
    """Per instance: is this side exactly zero (scalars, or every entry of a matrix)?"""
    v = np.asarray(side, dtype=float)
    v = np.all(v == 0, axis=(-2, -1)) if v.ndim == 3 else v == 0
    return np.broadcast_to(v, shape)


class _Run:
    """State of one :func:`check_numeric` call."""

    def __init__(self, claim: Claim, budget: Budget, seed: int) -> None:
        self.claim, self.budget, self.seed = claim, budget, seed
        self.rng = np.random.default_rng(seed)
        self.t0 = time.perf_counter()
        self.tol = eq_tolerance(claim) if claim.rel is Relation.EQ else 0.0
        self.inequality = claim.rel is not Relation.EQ and claim.rel is not Relation.PSD_LE
        self.tally = Tally()
        self.slack = SlackTracker()
        self.candidates: list[Candidate] = []
        self.confirmer = Confirmer(claim, seed, budget.confirm, self.t0)
        self.tied: Verdict | None = None  # a confirmed tie on an equality set

    def violates(self, m: np.ndarray) -> np.ndarray:
        """Float margins that are candidate violations (a strict relation fails at 0 too)."""
        return (m < -self.tol) | (self.claim.rel.strict & (m <= 0))

    def add_candidates(self, layout: Layout, batch: Any, rows: Any, margins: Any,
                       origin: str = "sampling") -> None:
        for j in rows:
            inst = Instance.of(layout, batch, j)
            self.candidates.append(Candidate(float(margins[j]), layout, inst.values,
                                             inst.indices, origin=origin))

    # ------------------------------------------------------------------ sampling pass

    def sampling_pass(self, layout: Layout, count: int | None = None) -> Sampled | None:
        """Sample one dimension setting (``count`` instances, default the budget's):
        margins (log space and mpmath where float64 overflows), candidates, the worst slack.
        None when no sample is feasible."""
        claim, b, tally = self.claim, self.budget, self.tally
        count = sample_count(b, layout) if count is None else count
        batch = sample(claim, layout, count, self.rng)
        feas = batch.take(batch.feasible)
        tally.evaluations += batch.size
        tally.feasible += feas.size
        if feas.size == 0:
            return None
        with np.errstate(all="ignore"):
            m, lhs, rhs = batch_margin(claim.prop, feas.evaluator())
            m = np.broadcast_to(m, (feas.size,)).astype(float)
            sl = np.broadcast_to(slack_value(claim.prop, lhs, rhs), (feas.size,))
            with np.errstate(divide="ignore"):
                sl10 = np.where(sl > 0, np.log10(np.where(sl > 0, sl, 1.0)), np.nan)
            if self.inequality:
                sl = np.where(sl > 1 + 1e-9, np.nan, sl)
        bad = ~np.isfinite(m)
        tally.nonfinite += int(bad.sum())
        tally.backends["float64"] += int((~bad).sum())
        if bad.any():
            m, sl10 = self._rescue(layout, feas, m, sl10)
            self.add_candidates(layout, feas,
                                np.flatnonzero(bad & np.isfinite(m) & self.violates(m))[
                                    : b.confirm], m)
            tally.rescued += int((bad & np.isfinite(m)).sum())
        if self.inequality:
            sl10 = trusted(sl10)
        if np.isfinite(sl10).any():
            j = int(np.nanargmax(np.where(np.isfinite(sl10), sl10, -np.inf)))
            self.slack.offer10(float(sl10[j]), Instance.of(layout, feas, j))
        elif np.isfinite(sl).any():
            j = int(np.nanargmax(np.where(np.isfinite(sl), sl, -np.inf)))
            self.slack.offer(float(sl[j]), Instance.of(layout, feas, j))
        finite = np.isfinite(m)
        if finite.any():
            tally.lower(float(m[finite].min()))
        viol = np.flatnonzero(finite & ~bad & self.violates(m))[: b.confirm]
        self.add_candidates(layout, feas, viol, m)
        if not viol.size and not self.claim.rel.strict and layout.width <= DEEP_ENTRIES:
            # a float64 tie may hide a violation below its rounding (exp(x) >= 1 + 2x at
            # x = 1e-300): one tie per pass goes to confirmation, where arb looks deeper
            ties = np.flatnonzero(finite & ~bad & (m == 0))[:1]
            self.add_candidates(layout, feas, ties, m, "tie")
        return Sampled(feas, m, lhs, rhs)

    def _rescue(self, layout: Layout, feas: Any, m: np.ndarray,
                sl10: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Overflowed instances: log-space float64 (vectorised), then mpmath for the rest."""
        claim, tally = self.claim, self.tally
        env = feas.env()
        m, used = rescue(claim.prop, env, m)
        if used.any():
            tally.backends["logspace"] += int(used.sum())
            rows = np.flatnonzero(used)
            try:
                _, s10 = log_margin(claim.prop, rows_env(env, rows, feas.size))
                sl10 = np.array(sl10, dtype=float)
                sl10[rows] = np.broadcast_to(s10, (rows.size,))
            except CANNOT_EVALUATE:
                pass
        for j in np.flatnonzero(~np.isfinite(m))[: max(self.budget.confirm, 4) * 4]:
            try:
                pm = precise_margin_of(claim, Instance.of(layout, feas, j))
            except CANNOT_EVALUATE:
                continue
            tally.backends["mpmath"] += 1
            m[j] = pm
        return m, sl10

    # ------------------------------------------------------------------ search pass

    def search_pass(self, layout: Layout, sampled: Sampled) -> None:
        """Adversarial search from the lowest margins (not from ties at zero, where both
        sides are 0, e.g. x = y in a Lipschitz bound) and from a few random instances."""
        claim, b, rng, feas, m = self.claim, self.budget, self.rng, sampled.batch, sampled.margins
        finite = np.isfinite(m)
        with np.errstate(all="ignore"):
            zero_tie = (m == 0) & (all_zero(sampled.lhs, m.shape)
                                   | all_zero(sampled.rhs, m.shape))
        key = np.where(finite & ~zero_tie, m, np.inf)
        starts = search_starts(b, layout.width)
        half = max(1, starts // 2)
        lowest = np.argsort(key)[:half]
        rest = np.setdiff1d(np.arange(feas.size), lowest)
        extra = rng.choice(rest, size=min(rest.size, starts - half), replace=False)
        order = np.concatenate([lowest, extra])
        res = search(claim, feas.take(order), rng, search_iterations(b, layout.width), b.polish,
                     b.stall, b.polish_steps)
        self.tally.evaluations += res.evaluations
        if res.margins.size and np.isfinite(res.margins).any():
            self.tally.lower(float(np.nanmin(res.margins)))
        s10, j = batch_slack10(claim, res.batch)
        if j is not None:
            self.slack.offer10(s10, Instance.of(layout, res.batch, j))
        for mm, vals, idx in best_instances(res, b.confirm):
            if self.violates(np.array([mm]))[0]:
                self.candidates.append(Candidate(mm, layout, vals, idx, origin="search"))

    # ------------------------------------------------------------------ every scale

    def equality_pass(self, layout: Layout, sampled: Sampled) -> None:
        """Candidates on the hypotheses' equality sets (``x = y``, faces, index ends), which
        sampling reaches with probability zero (:func:`numeric.search.sampler.equality_cases`)."""
        cases = equality_cases(self.claim, sampled.batch)
        feas = cases.take(cases.feasible)
        self.tally.evaluations += cases.size
        if feas.size == 0:
            return
        with np.errstate(all="ignore"):
            m, _, _ = batch_margin(self.claim.prop, feas.evaluator())
            m = np.broadcast_to(m, (feas.size,)).astype(float)
            if not np.isfinite(m).all():
                m, _ = rescue(self.claim.prop, feas.env(), m)
        finite = np.isfinite(m)
        if finite.any():
            self.tally.lower(float(m[finite].min()))
        rows = np.flatnonzero(finite & self.violates(m))
        rows = rows[np.argsort(m[rows], kind="stable")][: self.budget.confirm]
        self.add_candidates(layout, feas, rows, m, "equality")
        if self.claim.rel.strict and rows.size:
            # an exact tie on an equality set (x = y under x <= y) is a strict relation's only
            # violation: confirm the first one now (arb certifies exact zeros)
            ties = [c for c in self.candidates[-rows.size:] if c.margin == 0][:1]
            if ties:
                self.confirmer.attempt(ties, self.slack.current(), self.tally.context())
                self.tied = self.confirmer.last

    def scale_pass(self, layout: Layout, sampled: Sampled, k: int) -> None:
        """Search over orders of magnitude (:func:`numeric.search.adversarial.scale_search`) from
        the lowest margins and random instances, with its own random stream (the other passes
        draw what they drew before it existed)."""
        claim, b, m = self.claim, self.budget, sampled.margins
        rng = np.random.default_rng([self.seed, 15, k])
        starts = max(4, b.search_starts // 2)
        key = np.where(np.isfinite(m), m, np.inf)
        lowest = np.argsort(key, kind="stable")[: starts // 2]
        rest = np.setdiff1d(np.arange(sampled.batch.size), lowest)
        extra = rng.choice(rest, size=min(rest.size, starts - lowest.size), replace=False)
        res = scale_search(claim, sampled.batch.take(np.concatenate([lowest, extra])), rng,
                           max(30, b.search_iterations // 2), stall=b.scale_stall)
        self.tally.evaluations += res.evaluations
        if res.margins.size and np.isfinite(res.margins).any():
            self.tally.lower(float(np.nanmin(res.margins[np.isfinite(res.margins)])))
        for mm, vals, idx in best_instances(res, b.confirm):
            if self.violates(np.array([mm]))[0]:
                self.candidates.append(Candidate(mm, layout, vals, idx, origin="scale"))

    # ------------------------------------------------------------------ confirmation

    def first_look(self, layout: Layout, count: int | None = None
                   ) -> tuple[Sampled | None, Verdict | None]:
        """Sample one setting (:meth:`sampling_pass`), add the hypotheses' equality cases
        (:meth:`equality_pass`) and confirm a clear violation: the sample (None when none is
        feasible) and a confirmed tie or violation (None when there is none)."""
        t = time.perf_counter()
        sampled = self.sampling_pass(layout, count)
        if sampled is not None:
            self.equality_pass(layout, sampled)
        self.tally.phases["sampling"] += time.perf_counter() - t
        if sampled is None:
            return None, None
        return sampled, self.tied if self.tied is not None else self.confirm_early()

    def confirm_early(self) -> Verdict | None:
        """Confirm the clear violations found so far."""
        v = self.confirmer.early(self.candidates, self.slack.current(), self.tally.context())
        self.tally.phases["confirmation"] = self.confirmer.seconds
        return v

    def confirm_final(self, slack: float | None) -> Verdict | None:
        """Confirm the best of every candidate not yet tried."""
        v = self.confirmer.final(self.candidates, slack, self.tally.context())
        self.tally.phases["confirmation"] = self.confirmer.seconds
        return v

    # ------------------------------------------------------------------ verdict

    def verdict(self, settings: list[dict[str, int]], slack: float | None) -> Verdict:
        """``supported`` (or ``unknown``) with the worst slack and what was evaluated how."""
        tally, notes = self.tally, self.confirmer.notes
        unresolved = tally.nonfinite - tally.rescued
        tally.backends["unresolved"] = unresolved
        details = {"dimension_settings": settings, "feasible_instances": tally.feasible,
                   "nonfinite_float64": tally.nonfinite,
                   "reevaluated_high_precision": tally.rescued, "backends": tally.backends,
                   "float64_range": ranges_of(self.claim), "slack_log10": self.slack.slack10,
                   "slack_witness": self.slack.witness, "notes": notes,
                   "seconds": tally.phases}
        seconds = time.perf_counter() - self.t0
        if tally.feasible == 0:
            return Verdict(Status.UNKNOWN, "sampling", False,
                           "no instance satisfying the hypotheses was found", seed=self.seed,
                           evaluations=tally.evaluations, details=details, seconds=seconds)
        status = Status.SUPPORTED if unresolved * 10 < tally.feasible else Status.UNKNOWN
        msg = (f"no violation in {tally.feasible} sampled instances and adversarial search "
               f"({tally.evaluations} evaluations); evidence, not proof")
        if self.confirmer.unmet_equalities:  # violations where an equality hypothesis holds
            # only to rounding: no confirmed violation, and no evidence either (review 37)
            status = Status.UNKNOWN
            msg = (f"{self.confirmer.unmet_equalities} float64 violation(s) where an equality "
                   "hypothesis holds only up to rounding, none confirmable at a rounded point; "
                   "no conclusion (substitute what the equality defines)")
        if notes:
            msg += f"; {len(notes)} float64 violation(s) not confirmed at high precision"
        if unresolved:
            msg += f"; {unresolved} instances overflowed float64 and were not re-evaluated"
        be = tally.backends
        if be["logspace"] or be["mpmath"]:
            msg += (f"; decided by float64 {be['float64']}, log-space {be['logspace']}, "
                    f"mpmath {be['mpmath']}")
        return Verdict(status, "sampling+adversarial", False, msg, slack=slack, seed=self.seed,
                       precision="float64; log-space float64 and mpmath 50 digits where "
                                 "float64 overflows",
                       evaluations=tally.evaluations,
                       worst_margin=(None if not np.isfinite(tally.worst_margin)
                                     else tally.worst_margin),
                       details=details, seconds=seconds)


@dataclass
class FirstPass:
    """The state after the first dimension setting's :meth:`_Run.first_look`: the run (its
    random stream, counters, candidates and slack), the settings, the setting's layout and
    what the look returned."""

    claim: Claim
    budget: Budget
    seed: int
    run: _Run
    settings: list[dict[str, int]]
    layout: Layout
    sampled: Sampled | None
    found: Verdict | None

    def resumes(self, claim: Claim, budget: Budget, seed: int) -> bool:
        """Is this the first pass of this very claim object, budget and seed?"""
        return self.claim is claim and self.budget == budget and self.seed == seed


def first_pass(claim: Claim, budget: Budget, seed: int) -> FirstPass:
    """What :func:`check_numeric` does first (a run, its dimension settings, the first one's
    :meth:`_Run.first_look`): the probe (:mod:`numeric.stages.probe`) runs this pass before
    the provers and leaves it in the check's context
    (:class:`~numeric.stages.protocol.CheckContext`); when none of them decides, the sampling
    stage goes on from the same state (``check_numeric(..., first=...)``) instead of drawing
    the same samples again (the same random stream: the same verdict). Exceptions propagate.

    >>> from symbolic import vector, norm2, norminf, n
    >>> x = vector("x", n)
    >>> c = Claim("t:extra-1", norminf(x), "<=", norm2(x), dims={"n": (1, 8)})
    >>> b = Budget.get("quick")
    >>> p = first_pass(c, b, 0)
    >>> p.found is None, p.resumes(c, b, 0), p.resumes(c, b, 1)
    (True, True, False)
    """
    run = _Run(claim, budget, seed)
    settings = dim_settings(claim, budget.dim_settings, run.rng)
    layout = Layout.of(claim, settings[0])
    sampled, found = run.first_look(layout)
    return FirstPass(claim, budget, seed, run, settings, layout, sampled, found)


def check_numeric(claim: Claim, budget: Budget, seed: int = 0,
                  progress: Progress | None = None, first: FirstPass | None = None) -> Verdict:
    """Sample, search and confirm; return a verdict for ``claim``. ``first``: the probe's
    :func:`first_pass`, the first dimension setting's pass when it is of this very claim,
    budget and seed (:meth:`FirstPass.resumes`; otherwise it is ignored)."""
    kept = first if first is not None and first.resumes(claim, budget, seed) else None
    if kept is not None:
        now = time.perf_counter()  # the seconds of this stage count from here
        kept.run.t0 = kept.run.confirmer.t0 = now
        run, settings = kept.run, kept.settings
    else:
        run = _Run(claim, budget, seed)
        settings = dim_settings(claim, budget.dim_settings, run.rng)
    for k, dims in enumerate(settings):
        if progress:
            progress(f"{claim.id}: dims {dims or '-'} ({k + 1}/{len(settings)})")
        if k == 0 and kept is not None:
            layout, sampled, found = kept.layout, kept.sampled, kept.found
        else:
            layout = Layout.of(claim, dims)
            # a confirmed tie, or a clear violation among the samples, ends it before any
            # search
            sampled, found = run.first_look(layout)
        if found is not None:
            return found
        if sampled is None:
            continue
        t = time.perf_counter()
        run.search_pass(layout, sampled)
        if run.confirmer.count and not any(c.margin <= -1e-12 and not c.tried
                                           for c in run.candidates):
            run.scale_pass(layout, sampled, k)
        run.tally.phases["search"] += time.perf_counter() - t
        # a clear violation is confirmed at once: the other dimension settings are not needed
        if k + 1 < len(settings):
            refuted = run.confirm_early()
            if refuted is not None:
                return refuted
    slack = run.slack.settle()
    refuted = run.confirm_final(slack)
    if refuted is not None:
        return refuted
    run.slack.refine(claim)
    return run.verdict(settings, run.slack.slack)
