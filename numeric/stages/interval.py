"""The interval stage: a Stage adapter around :func:`numeric.interval_prover.prove_interval`
(scalar inequalities in at most three real variables, arb branch and bound).

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar, vector, norm2, n
    >>> from numeric.budget import Budget
    >>> from numeric.stages.interval import IntervalStage
    >>> R = scalar("R", positive=True)
    >>> c = Claim("t:extra-1", 4 * R, "<=", sp.exp(6 * R**2), (Prop(R, ">=", 4),))
    >>> IntervalStage().run(c, Budget.get("quick"), seed=0).status.value
    'proved'
    >>> IntervalStage().applies(Claim("t:extra-2", norm2(vector("x", n)), "<=", 1))
    'has vector or matrix symbols'
"""

from __future__ import annotations

import time

import sympy as sp

from numeric.budget import Budget
from numeric.interval_prover import applicable, prove_interval
from symbolic.claim import Claim
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict


class IntervalStage:
    """Rigorous branch and bound over arb intervals: ``proved`` on the whole domain, or
    ``refuted`` at an exact point certified by arb, else ``unknown`` (boxes or time used up)."""

    name = "interval"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        """None when the interval prover applies, else why not."""
        if applicable(claim):
            return None
        if claim.rel in (Relation.EQ, Relation.PSD_LE):
            return "not a scalar inequality"
        if any(isinstance(s, sp.MatrixSymbol) for s in claim.symbols):
            return "has vector or matrix symbols"
        return "not in one to three real variables"

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict:
        """The prover's verdict (with ``seed``); ``skipped`` where it gives none."""
        t0 = time.perf_counter()
        v = prove_interval(claim, budget)
        if v is None:
            return Verdict(Status.SKIPPED, self.name, False,
                           "the prover cannot enclose this claim", seed=seed,
                           seconds=time.perf_counter() - t0)
        v.seed = seed
        return v
