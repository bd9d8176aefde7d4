"""The exact stage of the runner: equalities decided in explicit coordinates on a grid of sizes.

An identity that holds for every ``(n, d, ...)`` on the grid and every index is exact evidence
for those sizes; without dimension parameters it is a proof. A mismatch is only reported with a
numeric witness confirmed at high precision.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, scalar
    >>> from proofs.symbolic_stage import check_identity
    >>> a = scalar("a")
    >>> check_identity(Claim("t:extra-1", sp.exp(2 * a), "=", sp.exp(a) ** 2), "quick").status.value
    'proved'
"""

from __future__ import annotations

import itertools
import time

import numpy as np
import sympy as sp

from numeric.budget import Budget
from numeric.confirm import confirm, witness_json
from numeric.layout import Layout, index_bounds
from numeric.sampler import sample
from symbolic import objects as ob
from symbolic.claim import Claim
from symbolic.explicit import ExplicitInstance
from symbolic.identity import matrix_identically_zero
from symbolic.relation import Relation
from symbolic.timeout import TimedOut
from symbolic.verdict import Status, Verdict
from symbolic.walk import Unsupported


def grid(claim: Claim, budget: Budget) -> list[dict[str, int]]:
    """Every dimension setting up to the budget's grid limits (within the claim's ranges)."""
    names = sorted(str(s) for s in claim.dimension_symbols)
    if not names:
        return [{}]
    ranges = []
    for name in names:
        lo, hi = claim.dims.get(name, (1, 8))
        cap = budget.grid_n if name == "n" else budget.grid_d
        ranges.append(range(lo, max(lo, min(hi, cap)) + 1))
    return [dict(zip(names, combo)) for combo in itertools.product(*ranges)]


def _mismatch_witness(claim: Claim, dims: dict[str, int], idx: dict, seed: int) -> Verdict | None:
    rng = np.random.default_rng(seed)
    layout = Layout.of(claim, dims)
    batch = sample(claim, layout, 64, rng)
    for j in np.flatnonzero(batch.feasible)[:8]:
        vals = {s: v[j] for s, v in batch.values.items()}
        ind = {s: np.int64(v) for s, v in idx.items()}
        conf = confirm(claim, layout, vals, ind)
        if conf.violated:
            return Verdict(
                Status.REFUTED, "exact symbolic mismatch, witness confirmed by "
                + ("arb" if conf.rigorous else "mpmath"), conf.rigorous,
                f"lhs - rhs is not identically zero at {dims or 'scalar'}"
                f"{' ' + str({str(k): v for k, v in idx.items()}) if idx else ''}; "
                f"at the witness lhs={conf.lhs}, rhs={conf.rhs}",
                witness=witness_json(layout, vals, ind), seed=seed,
                precision="exact; mpmath 50 digits; arb 256 bits")
    return None


def check_identity(claim: Claim, budget: str | Budget = "default", seed: int = 0) -> Verdict | None:
    """Exact verdict for an equality, or None when the claim is not an exact-checkable identity."""
    if claim.rel is not Relation.EQ:
        return None
    b = Budget.get(budget) if isinstance(budget, str) else budget
    t0 = time.perf_counter()
    settings = grid(claim, b)
    bounds = index_bounds(claim)
    checked = 0
    for dims in settings:
        subs = {ob.DIMS[k]: v for k, v in dims.items()}
        index_ranges = [range(1, int(sp.sympify(bd).subs(subs)) + 1) for bd in bounds.values()]
        for combo in itertools.product(*index_ranges):
            idx = dict(zip(bounds, combo))
            try:
                inst = ExplicitInstance(claim.symbols - set(bounds), dims, idx)
                diff = inst(claim.lhs) - inst(claim.rhs)
                zero = matrix_identically_zero(diff, b.symbolic_seconds)
            except Unsupported:
                return None
            except TimedOut:
                zero = None
            checked += 1
            if zero is None:
                return Verdict(Status.UNKNOWN, "exact symbolic (explicit coordinates)", False,
                               f"could not decide the identity at {dims} within "
                               f"{b.symbolic_seconds:g} s", seconds=time.perf_counter() - t0)
            if zero is False:
                v = _mismatch_witness(claim, dims, idx, seed)
                if v is not None:
                    v.seconds = time.perf_counter() - t0
                    v.details = {"dims": dims, "grid_cases_checked": checked}
                    return v
                return Verdict(Status.UNKNOWN, "exact symbolic (explicit coordinates)", False,
                               f"lhs - rhs did not cancel at {dims}, but no witness was "
                               "confirmed", seconds=time.perf_counter() - t0)
    generic = not claim.dimension_symbols and not bounds
    where = ("for all values" if generic else
             "for every size on the grid " + ", ".join(
                 f"{k}<={max(s[k] for s in settings)}" for k in sorted(settings[0])))
    return Verdict(
        Status.PROVED if generic else Status.SUPPORTED,
        "exact symbolic (explicit coordinates, exp -> positive symbols, cancel)",
        generic,
        f"identity holds exactly {where}" + ("" if generic else
                                            "; sizes beyond the grid are not covered"),
        slack=0.0, seed=seed, precision="exact", evaluations=checked,
        details={"grid": settings}, seconds=time.perf_counter() - t0)
