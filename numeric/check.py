"""Numeric checking of one claim: sampling, adversarial search, high-precision confirmation.

``refuted`` only with a witness confirmed at high precision; otherwise ``supported`` (evidence,
never proof) with the worst slack seen, or ``unknown`` when too few instances could be evaluated.
Instances whose float64 evaluation overflows are re-evaluated with mpmath, never counted as
passing.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> from numeric.check import check_numeric
    >>> x = vector("x", n)
    >>> v = check_numeric(Claim("t:extra-1", norminf(x), "<=", norm2(x), dims={"n": (1, 8)}),
    ...                   "quick", seed=0)
    >>> v.status.value, v.rigorous
    ('supported', False)
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import sympy as sp

from numeric.adversarial import best_instances, search
from numeric.budget import Budget
from numeric.confirm import confirm, witness_json
from numeric.layout import Layout
from numeric.margins import batch_margin, slack_value
from numeric.precise_backend import MpmathOps, mp_workdps
from numeric.sampler import sample
from symbolic import objects as ob
from symbolic.claim import Claim
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict
from symbolic.walk import Evaluator, Unsupported

DEFAULT_DIM_RANGE = (1, 8)


def dim_settings(claim: Claim, count: int, rng: np.random.Generator) -> list[dict[str, int]]:
    """Dimension settings to check: the smallest, the largest and some in between."""
    names = sorted(str(s) for s in claim.dimension_symbols)
    if not names:
        return [{}]
    per_dim = []
    for name in names:
        lo, hi = claim.dims.get(name, DEFAULT_DIM_RANGE)
        vals = {lo, hi, min(hi, lo + 1), min(hi, lo + 2), (lo + hi) // 2}
        per_dim.append(sorted(vals))
    combos = [dict(zip(names, c)) for c in itertools.product(*per_dim)]
    first = [combos[0], combos[-1]]
    rest = [c for c in combos if c not in first]
    rng.shuffle(rest)
    return (first + rest)[: max(count, 1)]


def _eq_tolerance(claim: Claim) -> float:
    has_deriv = any(isinstance(x, (ob.Deriv, ob.ScalarDeriv))
                    for x in sp.preorder_traversal(claim.lhs - claim.rhs
                                                   if not ob.is_matrix(claim.lhs)
                                                   else sp.MatAdd(claim.lhs, -claim.rhs)))
    return 1e-6 if has_deriv else 1e-9


def _precise_margin_of(claim: Claim, layout: Layout, values: dict, indices: dict) -> float | None:
    """mpmath margin (relative, as float) of one instance whose float64 evaluation overflowed."""
    from numeric.confirm import _env
    from numeric.margins import precise_margin

    with mp_workdps(50):
        ops = MpmathOps()
        ev = Evaluator(ops, _env(layout, ops, values, indices))
        m, lhs, rhs = precise_margin(claim.prop, ev)
        scale = abs(lhs) + abs(rhs) if not isinstance(lhs, np.ndarray) else None
        if scale is None or scale == 0:
            return float(np.sign(float(m))) if m != 0 else 0.0
        return float(m / scale)


def check_numeric(claim: Claim, budget: str | Budget = "default", seed: int = 0,
                  progress: Callable[[str], None] | None = None) -> Verdict:
    """Sample, search and confirm; return a verdict for ``claim``."""
    b = Budget.get(budget) if isinstance(budget, str) else budget
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    tol = _eq_tolerance(claim) if claim.rel is Relation.EQ else 0.0
    evaluations = 0
    feasible_total = 0
    nonfinite = 0
    rescued = 0
    worst_margin = np.inf
    worst_slack: float | None = None
    worst_slack_witness: dict[str, Any] | None = None
    candidates: list[tuple[float, Layout, dict, dict]] = []
    settings = dim_settings(claim, b.dim_settings, rng)
    for k, dims in enumerate(settings):
        if progress:
            progress(f"{claim.id}: dims {dims or '-'} ({k + 1}/{len(settings)})")
        layout = Layout.of(claim, dims)
        batch = sample(claim, layout, b.samples, rng)
        feas = batch.take(batch.feasible)
        evaluations += batch.size
        feasible_total += feas.size
        if feas.size == 0:
            continue
        with np.errstate(all="ignore"):
            m, lhs, rhs = batch_margin(claim.prop, feas.evaluator())
            m = np.broadcast_to(m, (feas.size,)).astype(float)
            sl = np.broadcast_to(slack_value(claim.prop, lhs, rhs), (feas.size,))
        bad = ~np.isfinite(m)
        nonfinite += int(bad.sum())
        for j in np.flatnonzero(bad)[: b.confirm]:
            vals = {s: v[j] for s, v in feas.values.items()}
            idx = {s: v[j] for s, v in feas.indices.items()}
            try:
                pm = _precise_margin_of(claim, layout, vals, idx)
            except (Unsupported, ValueError, ZeroDivisionError):
                continue
            rescued += 1
            m[j] = pm
            if pm < -tol:
                candidates.append((pm, layout, vals, idx))
        if np.isfinite(sl).any():
            j = int(np.nanargmax(np.where(np.isfinite(sl), sl, -np.inf)))
            if worst_slack is None or sl[j] > worst_slack:
                worst_slack = float(sl[j])
                worst_slack_witness = witness_json(
                    layout, {s: v[j] for s, v in feas.values.items()},
                    {s: v[j] for s, v in feas.indices.items()})
        finite = np.isfinite(m)
        if finite.any():
            worst_margin = min(worst_margin, float(m[finite].min()))
        for j in np.flatnonzero(finite & (m < -tol))[: b.confirm]:
            candidates.append((float(m[j]), layout, {s: v[j] for s, v in feas.values.items()},
                               {s: v[j] for s, v in feas.indices.items()}))
        order = np.argsort(np.where(finite, m, np.inf))[: b.search_starts]
        res = search(claim, feas.take(order), rng, b.search_iterations, b.polish)
        evaluations += res.evaluations
        if res.margins.size and np.isfinite(res.margins).any():
            worst_margin = min(worst_margin, float(np.nanmin(res.margins)))
        for mm, vals, idx in best_instances(res, b.confirm):
            if mm < -tol:
                candidates.append((mm, layout, vals, idx))
    candidates.sort(key=lambda c: c[0])
    notes: list[str] = []
    for mm, layout, vals, idx in candidates[: b.confirm]:
        try:
            conf = confirm(claim, layout, vals, idx)
        except (Unsupported, ValueError, ZeroDivisionError) as exc:
            notes.append(f"confirmation failed: {exc}")
            continue
        if conf.violated:
            return Verdict(
                Status.REFUTED,
                method="sampling+adversarial, confirmed by "
                + ("arb" if conf.rigorous else "mpmath"),
                rigorous=conf.rigorous,
                message=f"violated at the witness: lhs={conf.lhs}, rhs={conf.rhs}",
                slack=worst_slack,
                witness=witness_json(layout, vals, idx),
                seed=seed,
                precision="mpmath 50 digits; arb 256 bits",
                evaluations=evaluations,
                worst_margin=mm,
                details={"float_margin": mm, "notes": conf.notes + notes},
                seconds=time.perf_counter() - t0,
            )
        notes.append("a float64 violation was not confirmed at high precision: "
                     + "; ".join(conf.notes or [f"margin {conf.margin}"]))
    details = {"dimension_settings": settings, "feasible_instances": feasible_total,
               "nonfinite_float64": nonfinite, "reevaluated_high_precision": rescued,
               "slack_witness": worst_slack_witness, "notes": notes}
    if feasible_total == 0:
        return Verdict(Status.UNKNOWN, "sampling", False,
                       "no instance satisfying the hypotheses was found", seed=seed,
                       evaluations=evaluations, details=details,
                       seconds=time.perf_counter() - t0)
    unresolved = nonfinite - rescued
    status = Status.SUPPORTED if unresolved * 10 < feasible_total else Status.UNKNOWN
    msg = (f"no violation in {feasible_total} sampled instances and adversarial search "
           f"({evaluations} evaluations); evidence, not proof")
    if notes:
        msg += f"; {len(notes)} float64 violation(s) not confirmed at high precision"
    if unresolved:
        msg += f"; {unresolved} instances overflowed float64 and were not re-evaluated"
    return Verdict(status, "sampling+adversarial", False, msg, slack=worst_slack, seed=seed,
                   precision="float64 (mpmath 50 digits for overflowed instances)",
                   evaluations=evaluations,
                   worst_margin=None if not np.isfinite(worst_margin) else worst_margin,
                   details=details, seconds=time.perf_counter() - t0)
