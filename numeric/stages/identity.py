"""The identity stage (:class:`IdentityStage`): an equality, or a non-strict inequality, whose two
sides have one normal form (:mod:`symbolic.normal_form`: definitions unfolded, products
distributed, ``⟨·,·⟩`` bilinear, ``⟨u, 𝟏⟩ = Σ u``, ``‖u‖₂² = ⟨u, u⟩``, ``‖c u‖ = |c|‖u‖``, …)
is proved for every ``n`` and ``d`` at once, where both sides are defined: every denominator,
root and log argument of the claim must be shown safe under its hypotheses (by the prover's
engine, from the library's sign facts), or nothing is proved.

Example:
    >>> from symbolic import Claim, matrix, vector, norm2, inner, n, d
    >>> from numeric.budget import Budget
    >>> A, x, b = matrix("A", n, d), vector("x", d), vector("b", n)
    >>> v = IdentityStage().run(Claim("t:extra-1", norm2(A * x - b) ** 2, "=",
    ...                               inner(A * x - b, A * x - b)), Budget.get("quick"), 0)
    >>> v.status.value, v.rigorous
    ('proved', True)
"""

from __future__ import annotations

import time

from numeric.budget import Budget
from numeric.prover.engine import too_large, undefined_reason
from symbolic.claim import Claim
from symbolic.normal_form import same
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict

METHOD = "identity (one normal form, every size)"
_RELS = (Relation.EQ, Relation.LE, Relation.GE)


class IdentityStage:
    """Equalities (and ``≤``, ``≥``) whose sides have one normal form: proved, rigorous."""

    name = "identity"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        """None for ``=``, ``≤`` and ``≥``."""
        if claim.rel not in _RELS:
            return "not an equality or a non-strict inequality"
        return too_large(claim)

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """Proved when both sides have one normal form and are defined; None otherwise."""
        t0 = time.perf_counter()
        if not same(claim.lhs, claim.rhs):
            return None
        why = undefined_reason(claim, budget)
        if why:
            return Verdict(Status.UNKNOWN, METHOD, False,
                           f"the sides have one normal form, but {why}", seed=seed,
                           seconds=time.perf_counter() - t0)
        return Verdict(Status.PROVED, METHOD, True,
                       "both sides have one normal form (definitions unfolded, linearity, "
                       "norms and sums rewritten): equal for all n, d where defined",
                       slack=0.0 if claim.rel is Relation.EQ else 1.0, seed=seed,
                       precision="exact", evaluations=0,
                       seconds=time.perf_counter() - t0)
