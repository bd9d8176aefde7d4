"""The sampling stage: random instances, adversarial search and high-precision confirmation.

Never rigorous for ``supported``; its ``refuted`` is rigorous when arb certifies the witness.
Parts: :mod:`.settings` (dimension settings, samples, search steps), :mod:`.core` (sampling and
search passes, verdict), :mod:`.candidates` (candidate violations and their confirmation),
:mod:`.slack` (the worst slack).

Example:
    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> from numeric.budget import Budget
    >>> from numeric.stages.sampling import SamplingStage
    >>> x = vector("x", n)
    >>> c = Claim("t:extra-1", norminf(x), "<=", norm2(x), dims={"n": (1, 8)})
    >>> SamplingStage().applies(c) is None
    True
    >>> SamplingStage().run(c, Budget.get("quick"), seed=0).status.value
    'supported'

In a cascade the stage runs with the check's context (:meth:`SamplingStage.with_context`): it
reports progress there and goes on from the probe's first pass left there.
"""

from __future__ import annotations

from numeric.budget import Budget
from numeric.stages.protocol import CheckContext
from numeric.stages.sampling.core import check_numeric
from numeric.stages.sampling.settings import (
    dim_settings,
    ranges_of,
    sample_count,
    search_iterations,
)
from symbolic.claim import Claim
from symbolic.verdict import Verdict


class SamplingStage:
    """Sampling, adversarial search and confirmation: applies to every claim; decides only by
    a confirmed refutation, otherwise gives ``supported`` or ``unknown`` evidence."""

    name = "sampling"
    rigorous = False

    def __init__(self, context: CheckContext | None = None) -> None:
        self.context = context

    def with_context(self, context: CheckContext) -> SamplingStage:
        """The stage for the check of ``context``: its progress callback, and the probe's
        first pass (:meth:`~numeric.stages.protocol.CheckContext.take_first_pass`)."""
        return SamplingStage(context)

    def applies(self, claim: Claim) -> str | None:
        """Always None: every claim can be sampled."""
        return None

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict:
        """:func:`~numeric.stages.sampling.core.check_numeric`, from the first pass the check's
        context holds (if it is this claim's, budget's and seed's)."""
        ctx = self.context
        if ctx is None:
            return check_numeric(claim, budget, seed)
        return check_numeric(claim, budget, seed, ctx.progress, first=ctx.take_first_pass())


__all__ = ["SamplingStage", "check_numeric", "dim_settings", "ranges_of", "sample_count",
           "search_iterations"]
