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
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import sympy as sp

from numeric.adversarial import best_instances, search
from numeric.budget import Budget
from numeric.confirm import confirm, witness_json
from numeric.layout import Layout
from numeric.logspace import float64_ranges, log_margin, rescue, rows_env
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
    # every corner first (smallest n with largest d catches shape-dependent failures)
    corners = [dict(zip(names, c)) for c in itertools.product(*[(v[0], v[-1]) for v in per_dim])]
    # then one size up from the smallest (n = 2: where softmax's constant 1/2 is attained)
    near = [dict(zip(names, c)) for c in itertools.product(*[v[:2] for v in per_dim])]
    first = [combos[0], combos[-1]] + [c for c in corners + near
                                       if c not in (combos[0], combos[-1])]
    first = [c for k, c in enumerate(first) if c not in first[:k]]
    rest = [c for c in combos if c not in first]
    rng.shuffle(rest)
    return (first + rest)[: max(count, 1)]


def _eq_tolerance(claim: Claim) -> float:
    has_deriv = any(isinstance(x, (ob.Deriv, ob.ScalarDeriv))
                    for x in sp.preorder_traversal(claim.lhs - claim.rhs
                                                   if not ob.is_matrix(claim.lhs)
                                                   else sp.MatAdd(claim.lhs, -claim.rhs)))
    return 1e-6 if has_deriv else 1e-9


def ranges_of(claim: Claim) -> dict[str, str]:
    """Where each exponential-type quantity of ``claim`` leaves float64 range."""
    exprs = [claim.lhs, claim.rhs, *[e for h in claim.hypotheses for e in (h.lhs, h.rhs)]]
    return float64_ranges(exprs)


def sample_count(budget: Budget, layout: Layout) -> int:
    """Samples for one dimension setting: the budget's, fewer for very wide instances so that
    one batch stays near 400,000 coordinates (n = 1000, d = 4 still gets about fifty)."""
    return int(max(48, min(budget.samples, 400_000 // max(layout.width, 1))))


def search_iterations(budget: Budget, width: int) -> int:
    """Search steps for instances of ``width`` coordinates: three times the budget's for small
    instances (cheap, and where corner optima hide), fewer for very wide ones, where a random
    search progresses at a rate of about 1/width per step and the sampler's edge cases, not the
    search, reach the worst cases.

    >>> b = Budget.get("default")
    >>> search_iterations(b, 4), search_iterations(b, 200), search_iterations(b, 4000)
    (450, 150, 40)
    """
    if width <= 16:
        return 3 * budget.search_iterations
    scale = min(1.0, math.sqrt(WIDE / width))
    return max(MIN_ITERATIONS, round(budget.search_iterations * scale))


WIDE = 256  # instances wider than this get proportionally fewer search steps (sqrt)
MIN_ITERATIONS = 40


def _batch_slack10(claim: Claim, batch: Any) -> tuple[float, int | None]:
    """The largest ``log10`` slack over a batch (float64, log space where it overflows)."""
    if batch.size == 0 or claim.rel is Relation.EQ or claim.rel is Relation.PSD_LE:
        return -np.inf, None
    env = batch.env()
    try:
        with np.errstate(all="ignore"):
            _, lhs, rhs = batch_margin(claim.prop, batch.evaluator())
            sl = np.broadcast_to(slack_value(claim.prop, lhs, rhs), (batch.size,))
            sl10 = np.where(sl > 0, np.log10(np.where(sl > 0, sl, 1.0)), np.nan)
        bad = ~np.isfinite(sl10)
        if bad.any():
            rows = np.flatnonzero(bad)
            _, s10 = log_margin(claim.prop, rows_env(env, rows, batch.size))
            sl10 = np.array(sl10)
            sl10[rows] = np.broadcast_to(s10, (rows.size,))
    except (Unsupported, ValueError, KeyError, IndexError, TypeError):
        return -np.inf, None
    sl10 = _trusted(sl10)
    if not np.isfinite(sl10).any():
        return -np.inf, None
    j = int(np.nanargmax(np.where(np.isfinite(sl10), sl10, -np.inf)))
    return float(sl10[j]), j


def _slack_of10(s10: float) -> float:
    """``10**s10``, saturated to 0 and inf beyond float64."""
    return 0.0 if s10 < -300 else math.inf if s10 > 300 else float(10.0**s10)


SLACK_ROUNDING10 = 1e-9 / math.log(10)  # log10(1 + 1e-9): a ratio above 1 only by rounding


def _trusted(sl10: np.ndarray) -> np.ndarray:
    """``log10`` slacks with float64 *violations* masked (NaN): a ratio above 1 is either
    confirmed at high precision (and then reported from the confirmation) or rounding noise,
    e.g. the cancellation in ``alpha(x) - alpha(y)`` when ``Ax ~ 1e-12``.

    >>> _trusted(np.array([-1.0, 1e-16, 0.58])).tolist()
    [-1.0, 1e-16, nan]
    """
    sl10 = np.array(sl10, dtype=float)
    sl10[sl10 > SLACK_ROUNDING10] = np.nan
    return sl10


def _ratio10(rel: Relation, lhs: Any, rhs: Any) -> float | None:
    """``log10`` of the slack ``lhs/rhs`` (``rhs/lhs`` for ``>=``) of high-precision sides;
    None for equalities, matrices, or sides that are not both positive."""
    import mpmath

    if rel is Relation.EQ or rel is Relation.PSD_LE or isinstance(lhs, np.ndarray) \
            or isinstance(rhs, np.ndarray):
        return None
    small, big = (lhs, rhs) if rel.direction < 0 else (rhs, lhs)
    if not (small > 0 and big > 0):
        return None
    return float(mpmath.log10(small) - mpmath.log10(big))


def _confirmed_slack(claim: Claim, conf: Any) -> float | None:
    """The slack at a confirmed witness, from its high-precision values (see :func:`_ratio10`)."""
    import mpmath

    try:
        s10 = _ratio10(claim.rel, mpmath.mpf(conf.lhs), mpmath.mpf(conf.rhs))
    except (ValueError, TypeError):
        return None
    if s10 is None:
        return None
    return 1e308 if s10 >= 308 else 10.0**s10  # capped: a finite number in the JSON


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


def _precise_slack10(claim: Claim, layout: Layout, values: dict, indices: dict) -> float | None:
    """:func:`_ratio10` of one instance evaluated at 30 digits (None where mpmath cannot)."""
    from numeric.confirm import _env

    if claim.rel is Relation.EQ or claim.rel is Relation.PSD_LE:
        return None
    try:
        with mp_workdps(30):
            ops = MpmathOps()
            ev = Evaluator(ops, _env(layout, ops, values, indices))
            return _ratio10(claim.rel, ev(claim.lhs), ev(claim.rhs))
    except (Unsupported, ValueError, ZeroDivisionError, TypeError):
        return None


def _all_zero(side: Any, shape: tuple) -> np.ndarray:
    """Per instance: is this side exactly zero (scalars, or every entry of a matrix)?"""
    v = np.asarray(side, dtype=float)
    if v.ndim == 3:
        v = np.all(v == 0, axis=(-2, -1))
    else:
        v = v == 0
    return np.broadcast_to(v, shape)


def _magnitude(values: dict) -> float:
    return max((float(np.max(np.abs(np.asarray(v, dtype=float)))) for v in values.values()),
               default=0.0)


ROUNDING_LEVEL = 1e-12  # relative float64 margins above -this are usually rounding noise
ROUNDING_CANDIDATES = 2  # of which only these, and one per dimension setting, are confirmed


def _diverse(candidates: list, count: int, rel: Relation | None = None) -> list:
    """The most violating candidates, plus those of smallest input magnitude: a witness at
    |x| ~ 1e146 may be unconfirmable where a moderate one is not. Candidates at rounding level
    (a tight bound evaluated in float64) come last, and only :data:`ROUNDING_CANDIDATES` of
    them: each costs a high-precision evaluation and nearly all are noise."""
    clear = [c for c in candidates if c[0] <= -ROUNDING_LEVEL]
    noise = sorted((c for c in candidates if c[0] > -ROUNDING_LEVEL), key=lambda c: c[0])
    by_margin = sorted(clear, key=lambda c: c[0])
    by_size = sorted(clear, key=lambda c: _magnitude(c[2]))
    # rounding level, for inequalities: for a strict relation the lowest of each dimension
    # setting (an exact tie at n = 1 must not hide behind +-1e-49 noise at n = 16), then the
    # lowest overall
    if rel is Relation.EQ or rel is Relation.PSD_LE:
        # float64 says equal to rounding: no evidence of a mismatch. (Under equality hypotheses
        # such as ||x|| = 1, which float inputs meet only to rounding, the high-precision value
        # of such an instance differs from the identity by that defect: not a violation.)
        noise = []
    per_layout: dict[Any, Any] = {}
    for c in noise if rel is not None and rel.strict else []:
        per_layout.setdefault(id(c[1]), c)
    out: list = []
    for c in [*by_margin[:count], *by_size[:count], *per_layout.values(),
              *noise[:ROUNDING_CANDIDATES]]:
        if not any(c is o for o in out):
            out.append(c)
    return out


def check_numeric(claim: Claim, budget: str | Budget = "default", seed: int = 0,
                  progress: Callable[[str], None] | None = None) -> Verdict:
    """Sample, search and confirm; return a verdict for ``claim``."""
    b = Budget.get(budget) if isinstance(budget, str) else budget
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    tol = _eq_tolerance(claim) if claim.rel is Relation.EQ else 0.0
    strict = claim.rel.strict

    def _violates(m: np.ndarray) -> np.ndarray:
        """Float margins that are candidate violations (a strict relation fails at 0 too)."""
        return (m < -tol) | (strict & (m <= 0))
    evaluations = 0
    feasible_total = 0
    nonfinite = 0
    rescued = 0
    worst_margin = np.inf
    worst_slack: float | None = None
    worst_slack10: float | None = None
    worst_slack_witness: dict[str, Any] | None = None
    worst_slack_raw: tuple | None = None
    backends = {"float64": 0, "logspace": 0, "mpmath": 0}
    candidates: list[tuple[float, Layout, dict, dict]] = []
    phases = {"sampling": 0.0, "search": 0.0, "confirmation": 0.0}
    notes: list[str] = []
    tried: set[int] = set()

    def attempt(cands: list, slack: float | None) -> Verdict | None:
        """Confirm candidates at high precision; a REFUTED verdict for the first that holds."""
        t_conf = time.perf_counter()
        try:
            return _attempt(cands, slack)
        finally:
            phases["confirmation"] += time.perf_counter() - t_conf

    def _attempt(cands: list, slack: float | None) -> Verdict | None:
        for c in cands:
            tried.add(id(c))
            mm, layout, vals, idx = c
            try:
                conf = confirm(claim, layout, vals, idx)
            except (Unsupported, ValueError, ZeroDivisionError) as exc:
                notes.append(f"confirmation failed: {exc}")
                continue
            if conf.violated:
                confirmed = _confirmed_slack(claim, conf)
                return Verdict(
                    Status.REFUTED,
                    method="sampling+adversarial, confirmed by "
                    + ("arb" if conf.rigorous else "mpmath"),
                    rigorous=conf.rigorous,
                    message=f"violated at the witness: lhs={conf.lhs}, rhs={conf.rhs}",
                    # undefined when the witness's sides are not both positive: the float
                    # slack of the other instances says nothing about the violation
                    slack=confirmed if claim.rel not in (Relation.EQ, Relation.PSD_LE)
                    else slack,
                    witness=witness_json(layout, vals, idx),
                    seed=seed,
                    precision="mpmath 50 digits; arb 256 bits",
                    evaluations=evaluations,
                    worst_margin=mm,
                    details={"float_margin": mm, "notes": conf.notes + notes,
                             "backends": backends, "float64_range": ranges_of(claim),
                             "seconds": phases},
                    seconds=time.perf_counter() - t0,
                )
            notes.append("a float64 violation was not confirmed at high precision: "
                         + "; ".join(conf.notes or [f"margin {conf.margin}"]))
        return None

    def early() -> Verdict | None:
        """Confirm the clear violations found so far (the rest of the run is then not needed)."""
        clear = [c for c in candidates if c[0] <= -ROUNDING_LEVEL and id(c) not in tried]
        if not clear:
            return None
        return attempt(_diverse(clear, b.confirm, claim.rel),
                       None if worst_slack10 is None else _slack_of10(worst_slack10))

    settings = dim_settings(claim, b.dim_settings, rng)
    for k, dims in enumerate(settings):
        if progress:
            progress(f"{claim.id}: dims {dims or '-'} ({k + 1}/{len(settings)})")
        layout = Layout.of(claim, dims)
        t_phase = time.perf_counter()
        batch = sample(claim, layout, sample_count(b, layout), rng)
        feas = batch.take(batch.feasible)
        evaluations += batch.size
        feasible_total += feas.size
        if feas.size == 0:
            continue
        with np.errstate(all="ignore"):
            m, lhs, rhs = batch_margin(claim.prop, feas.evaluator())
            m = np.broadcast_to(m, (feas.size,)).astype(float)
            sl = np.broadcast_to(slack_value(claim.prop, lhs, rhs), (feas.size,))
            with np.errstate(divide="ignore"):
                sl10 = np.where(sl > 0, np.log10(np.where(sl > 0, sl, 1.0)), np.nan)
            if claim.rel is not Relation.EQ and claim.rel is not Relation.PSD_LE:
                sl = np.where(sl > 1 + 1e-9, np.nan, sl)
        bad = ~np.isfinite(m)
        nonfinite += int(bad.sum())
        backends["float64"] += int((~bad).sum())
        if bad.any():
            # 1. log-space float64, vectorised over every overflowed instance
            env = feas.env()
            m, used = rescue(claim.prop, env, m)
            if used.any():
                backends["logspace"] += int(used.sum())
                rows = np.flatnonzero(used)
                try:
                    _, s10 = log_margin(claim.prop, rows_env(env, rows, feas.size))
                    sl10 = np.array(sl10, dtype=float)
                    sl10[rows] = np.broadcast_to(s10, (rows.size,))
                except (Unsupported, ValueError, KeyError, IndexError, TypeError):
                    pass
            # 2. mpmath for what log space could not decide
            for j in np.flatnonzero(~np.isfinite(m))[: max(b.confirm, 4) * 4]:
                vals = {s: v[j] for s, v in feas.values.items()}
                idx = {s: v[j] for s, v in feas.indices.items()}
                try:
                    pm = _precise_margin_of(claim, layout, vals, idx)
                except (Unsupported, ValueError, ZeroDivisionError, TypeError):
                    continue
                backends["mpmath"] += 1
                m[j] = pm
            for j in np.flatnonzero(bad & np.isfinite(m) & _violates(m))[: b.confirm]:
                candidates.append((float(m[j]), layout,
                                   {s: v[j] for s, v in feas.values.items()},
                                   {s: v[j] for s, v in feas.indices.items()}))
            rescued += int((bad & np.isfinite(m)).sum())
        if claim.rel is not Relation.EQ and claim.rel is not Relation.PSD_LE:
            sl10 = _trusted(sl10)
        if np.isfinite(sl10).any():
            j = int(np.nanargmax(np.where(np.isfinite(sl10), sl10, -np.inf)))
            if worst_slack10 is None or sl10[j] > worst_slack10:
                worst_slack10 = float(sl10[j])
                worst_slack_raw = (layout, {s: v[j] for s, v in feas.values.items()},
                                   {s: v[j] for s, v in feas.indices.items()})
                worst_slack_witness = witness_json(*worst_slack_raw)
        elif np.isfinite(sl).any():
            j = int(np.nanargmax(np.where(np.isfinite(sl), sl, -np.inf)))
            if worst_slack is None or sl[j] > worst_slack:
                worst_slack = float(sl[j])
                worst_slack_witness = worst_slack_witness or witness_json(
                    layout, {s: v[j] for s, v in feas.values.items()},
                    {s: v[j] for s, v in feas.indices.items()})
        finite = np.isfinite(m)
        if finite.any():
            worst_margin = min(worst_margin, float(m[finite].min()))
        for j in np.flatnonzero(finite & ~bad & _violates(m))[: b.confirm]:
            candidates.append((float(m[j]), layout, {s: v[j] for s, v in feas.values.items()},
                               {s: v[j] for s, v in feas.indices.items()}))
        # a clear violation among the samples: confirm it before searching
        refuted = early()
        if refuted is not None:
            return refuted
        # start the search from the lowest margins, but not from ties at zero (both sides 0,
        # e.g. x = y in a Lipschitz bound), and from a few random instances for diversity
        with np.errstate(all="ignore"):
            zero_tie = (m == 0) & (_all_zero(lhs, m.shape) | _all_zero(rhs, m.shape))
        key = np.where(finite & ~zero_tie, m, np.inf)
        half = max(1, b.search_starts // 2)
        lowest = np.argsort(key)[:half]
        rest = np.setdiff1d(np.arange(feas.size), lowest)
        extra = rng.choice(rest, size=min(rest.size, b.search_starts - half), replace=False)
        order = np.concatenate([lowest, extra])
        iters = search_iterations(b, layout.width)
        t_search = time.perf_counter()
        phases["sampling"] += t_search - t_phase
        res = search(claim, feas.take(order), rng, iters, b.polish)
        evaluations += res.evaluations
        if res.margins.size and np.isfinite(res.margins).any():
            worst_margin = min(worst_margin, float(np.nanmin(res.margins)))
        s10, j = _batch_slack10(claim, res.batch)
        if j is not None and (worst_slack10 is None or s10 > worst_slack10):
            worst_slack10 = s10
            worst_slack_raw = (layout, {s: v[j] for s, v in res.batch.values.items()},
                               {s: v[j] for s, v in res.batch.indices.items()})
            worst_slack_witness = witness_json(*worst_slack_raw)
        for mm, vals, idx in best_instances(res, b.confirm):
            if _violates(np.array([mm]))[0]:
                candidates.append((mm, layout, vals, idx))
        phases["search"] += time.perf_counter() - t_search
        # a clear violation is confirmed at once: the other dimension settings are not needed
        if k + 1 < len(settings):
            refuted = early()
            if refuted is not None:
                return refuted
    if worst_slack10 is not None:
        worst_slack = _slack_of10(worst_slack10)
    refuted = attempt([c for c in _diverse(candidates, b.confirm, claim.rel)
                       if id(c) not in tried],
                      worst_slack)
    if refuted is not None:
        return refuted
    if worst_slack_raw is not None and worst_slack10 is not None:
        # float64 picked the worst instance; its ratio is re-evaluated at 30 digits (e.g.
        # |exp(x) - 1| / |x| at x ~ 1e-16 is rounding noise in float64)
        precise10 = _precise_slack10(claim, *worst_slack_raw)
        if precise10 is not None:
            worst_slack10 = precise10
            worst_slack = _slack_of10(precise10)
    unresolved = nonfinite - rescued
    backends["unresolved"] = unresolved
    details = {"dimension_settings": settings, "feasible_instances": feasible_total,
               "nonfinite_float64": nonfinite, "reevaluated_high_precision": rescued,
               "backends": backends, "float64_range": ranges_of(claim),
               "slack_log10": worst_slack10, "slack_witness": worst_slack_witness,
               "notes": notes, "seconds": phases}
    if feasible_total == 0:
        return Verdict(Status.UNKNOWN, "sampling", False,
                       "no instance satisfying the hypotheses was found", seed=seed,
                       evaluations=evaluations, details=details,
                       seconds=time.perf_counter() - t0)
    status = Status.SUPPORTED if unresolved * 10 < feasible_total else Status.UNKNOWN
    msg = (f"no violation in {feasible_total} sampled instances and adversarial search "
           f"({evaluations} evaluations); evidence, not proof")
    if notes:
        msg += f"; {len(notes)} float64 violation(s) not confirmed at high precision"
    if unresolved:
        msg += f"; {unresolved} instances overflowed float64 and were not re-evaluated"
    if backends["logspace"] or backends["mpmath"]:
        msg += (f"; decided by float64 {backends['float64']}, log-space {backends['logspace']}, "
                f"mpmath {backends['mpmath']}")
    return Verdict(status, "sampling+adversarial", False, msg, slack=worst_slack, seed=seed,
                   precision="float64; log-space float64 and mpmath 50 digits where float64 "
                             "overflows",
                   evaluations=evaluations,
                   worst_margin=None if not np.isfinite(worst_margin) else worst_margin,
                   details=details, seconds=time.perf_counter() - t0)
