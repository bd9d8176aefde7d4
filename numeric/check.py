"""Numeric checking of one claim (compatibility): the sampling stage,
:mod:`numeric.stages.sampling`, with the budget given by name or as a :class:`Budget`.

Example:
    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> from numeric.check import check_numeric
    >>> x = vector("x", n)
    >>> v = check_numeric(Claim("t:extra-1", norminf(x), "<=", norm2(x), dims={"n": (1, 8)}),
    ...                   "quick", seed=0)
    >>> v.status.value, v.rigorous
    ('supported', False)
"""

from __future__ import annotations

from numeric.budget import Budget
from numeric.stages.sampling import core
from numeric.stages.sampling.core import Progress
from numeric.stages.sampling.settings import (
    dim_settings,
    ranges_of,
    sample_count,
    search_iterations,
)
from symbolic.claim import Claim
from symbolic.verdict import Verdict


def check_numeric(claim: Claim, budget: str | Budget = "default", seed: int = 0,
                  progress: Progress | None = None) -> Verdict:
    """Sample, search and confirm; return a verdict for ``claim``."""
    return core.check_numeric(claim, Budget.resolve(budget), seed, progress)


__all__ = ["check_numeric", "dim_settings", "ranges_of", "sample_count", "search_iterations"]
