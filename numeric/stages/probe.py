"""The probe (:class:`ProbeStage`): a cheap numeric refutation attempt, run before the exact
stage and the provers.

The exact stage can spend its whole symbolic time limit, and the fact blackboard several
seconds of z3, on a claim that sampling refutes in a fraction of a second. For an equality the
probe samples a few instances at the smallest dimension settings (with the hypotheses' equality
cases, :func:`numeric.search.sampler.equality_cases`) and confirms the clear float64
violations at high precision (:mod:`numeric.search.confirm`). For an inequality over vectors
or matrices it runs the sampling stage's own first pass (its first dimension setting, its
random stream, its sample count and the equality cases, no search), so a claim refuted there
gets the very witness the sampling stage would have found after the provers, without their
cost. It decides only with a witness that arb certifies (a rigorous refutation, as any other
stage's would be); any other outcome is no decision, and the stages after it run as they
would have. In a cascade (:meth:`ProbeStage.with_context`) an undecided first pass is left in
the check's :class:`~numeric.stages.protocol.CheckContext`, and the sampling stage goes on from
it.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, scalar
    >>> from numeric.budget import Budget
    >>> a = scalar("a")
    >>> v = ProbeStage().run(Claim("t:extra-1", sp.exp(2 * a), "=", 2 * sp.exp(a)),
    ...                      Budget.get("quick"), 0)
    >>> v.status.value, v.rigorous
    ('refuted', True)
    >>> ProbeStage().run(Claim("t:extra-1", sp.exp(2 * a), "=", sp.exp(a) ** 2),
    ...                  Budget.get("quick"), 0) is None
    True
    >>> from symbolic import vector, norm2, n
    >>> x = vector("x", n)
    >>> v = ProbeStage().run(Claim("t:extra-2", norm2(x), "<=", 1), Budget.get("quick"), 0)
    >>> v.method, v.rigorous
    ('sampling+adversarial, confirmed by arb', True)
    >>> from numeric.stages.protocol import CheckContext
    >>> ctx = CheckContext(Budget.get("quick"), 0)
    >>> c = Claim("t:extra-3", norm2(x), "<=", 2 * norm2(x))
    >>> ProbeStage().with_context(ctx).run(c, ctx.budget, ctx.seed), ctx.first_pass.claim is c
    (None, True)
"""

from __future__ import annotations

import time

import numpy as np
import sympy as sp

from numeric.budget import Budget
from numeric.layout import Layout
from numeric.stages.protocol import CheckContext
from numeric.stages.sampling.core import _Run, first_pass
from numeric.stages.sampling.settings import dim_settings
from symbolic.claim import Claim
from symbolic.failures import CANNOT_EVALUATE
from symbolic.relation import Relation
from symbolic.verdict import Verdict

#: instances sampled per dimension setting, the settings probed (the smallest first, and only
#: those of at most PROBE_WIDTH coordinates: the probe must stay cheap), candidates confirmed
PROBE_SAMPLES = 64
PROBE_SETTINGS = 2
PROBE_WIDTH = 64
PROBE_CONFIRM = 2
METHOD = "numeric probe before the exact stage (sampling, hypotheses' equality cases)"
#: relations the inequality probe does not try (the PSD order samples matrices, at a cost)
NOT_PROBED = (Relation.PSD_LE,)


class ProbeStage:
    """Refuted with an arb-certified witness from a small sample (equalities) or from the
    sampling stage's first pass (inequalities), else no decision."""

    name = "probe"
    rigorous = False  # it never proves; its refutations are rigorous (arb-certified) ones

    def __init__(self, context: CheckContext | None = None) -> None:
        self.context = context

    def with_context(self, context: CheckContext) -> ProbeStage:
        """The stage for the check of ``context``, where it leaves an undecided first pass."""
        return ProbeStage(context)

    def applies(self, claim: Claim) -> str | None:
        """None for an equality, and for an inequality over vectors or matrices (a scalar
        one goes to the interval provers, whose refutations need no search)."""
        if claim.rel is Relation.EQ:
            return None
        if claim.rel in NOT_PROBED:
            return "the PSD order"
        if not any(isinstance(s, sp.MatrixSymbol) for s in claim.symbols):
            return "a scalar inequality (the interval provers refute it at a simple point)"
        return None

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """``refuted`` (rigorous) or None."""
        if claim.rel is not Relation.EQ:
            return _first_pass(claim, budget, seed, self.context)
        t0 = time.perf_counter()
        # a stream of its own: the sampling stage draws what it drew before the probe existed
        run = _Run(claim, budget, seed)
        run.rng = np.random.default_rng([seed, 16])
        run.confirmer.count = min(PROBE_CONFIRM, budget.confirm)
        settings = dim_settings(claim, min(PROBE_SETTINGS, budget.dim_settings), run.rng)
        for dims in settings:
            try:
                layout = Layout.of(claim, dims)
                if layout.width > PROBE_WIDTH:
                    continue
                _, v = run.first_look(layout, min(PROBE_SAMPLES, budget.samples))
            except CANNOT_EVALUATE:
                return None  # the stages after it say what they make of the claim
            if v is not None and v.rigorous:
                v.method = f"{METHOD}, confirmed by arb"
                v.seconds = time.perf_counter() - t0
                v.details["probe"] = {"dimension_settings": settings[: settings.index(dims) + 1],
                                      "samples": min(PROBE_SAMPLES, budget.samples)}
                return v
            run.tied = None
        return None


def _first_pass(claim: Claim, budget: Budget, seed: int,
                context: CheckContext | None) -> Verdict | None:
    """The sampling stage's first pass on an inequality (same stream, setting and count),
    ``refuted`` when it ends in a witness that arb certifies; otherwise the pass is left in
    ``context`` (if any) for the sampling stage, which goes on from it if no stage decides the
    claim."""
    t0 = time.perf_counter()
    try:
        first = first_pass(claim, budget, seed)
    except CANNOT_EVALUATE:
        return None
    v, settings = first.found, first.settings
    if v is None or not v.rigorous:
        if context is not None:
            context.first_pass = first
        return None
    v.seconds = time.perf_counter() - t0
    v.details["probe"] = {"dimension_settings": settings[:1], "samples": "the budget's"}
    return v
