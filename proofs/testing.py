"""pytest helpers: regression-test your formulas and inequalities.

Example (in a test file)::

    from proofs.testing import assert_holds, assert_gradient
    from symbolic import Claim, matrix, vector, exp_, hadamard, col, index, n, d

    def test_exp_gradient():
        A, x, i = matrix("A", n, d), vector("x", d), index("i")
        assert_gradient(exp_(A * x), x, i, hadamard(exp_(A * x), col(A, i)))

>>> import sympy as sp
>>> from symbolic import Claim, scalar
>>> R = scalar("R", positive=True)
>>> assert_holds(Claim("t:extra-1", R, "<=", sp.exp(R))).status.value
'proved'
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from proofs.runner import check_claim
from symbolic.claim import Claim, Prop
from symbolic.objects import deriv
from symbolic.verdict import Status, Verdict


class ClaimFailed(AssertionError):
    """A claim did not get the verdict a test asked for."""


def _describe(claim: Claim, v: Verdict) -> str:
    out = f"{claim.id}: {v.status.value} ({v.method}): {v.message}"
    if v.witness is not None:
        out += f"\nwitness: {v.witness}"
    return out


def assert_holds(claim: Claim, budget: str = "quick", seed: int = 0,
                 require_proof: bool = False) -> Verdict:
    """Fail unless ``claim`` is proved or supported (only proved if ``require_proof``)."""
    v = check_claim(claim, budget, seed)
    ok = {Status.PROVED} if require_proof else {Status.PROVED, Status.SUPPORTED}
    if v.status not in ok:
        raise ClaimFailed(_describe(claim, v))
    return v


def assert_refuted(claim: Claim, budget: str = "quick", seed: int = 0) -> Verdict:
    """Fail unless ``claim`` is refuted with a confirmed witness."""
    v = check_claim(claim, budget, seed)
    if v.status is not Status.REFUTED:
        raise ClaimFailed(_describe(claim, v))
    return v


def assert_gradient(expr: Any, var: Any, i: Any, closed_form: Any, j: Any = 1,
                    hypotheses: tuple[Prop, ...] = (), dims: dict | None = None,
                    budget: str = "quick", seed: int = 0,
                    claim_id: str = "test:equation-gradient") -> Verdict:
    """Fail unless ``d expr / d var_{i,j}`` equals ``closed_form`` (exactly on a grid of sizes,
    then by high-precision sampling)."""
    claim = Claim(claim_id, deriv(expr, var, i, j), "=", sp.sympify(closed_form),
                  hypotheses=tuple(hypotheses), dims=dims or {"n": (1, 4), "d": (1, 3)},
                  source="pytest")
    return assert_holds(claim, budget, seed)
