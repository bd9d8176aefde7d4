"""How much the sampling stage tries for one claim: dimension settings, samples per setting,
search steps, the equality tolerance, and where float64 runs out of range.

Example:
    >>> import numpy as np
    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> from numeric.stages.sampling.settings import dim_settings
    >>> x = vector("x", n)
    >>> c = Claim("t:extra-1", norminf(x), "<=", norm2(x), dims={"n": (1, 8)})
    >>> dim_settings(c, 3, np.random.default_rng(0))
    [{'n': 1}, {'n': 8}, {'n': 2}]
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import sympy as sp

from numeric.backends.logspace import float64_ranges
from numeric.budget import Budget
from numeric.layout import Layout
from symbolic import objects as ob
from symbolic.claim import Claim

DEFAULT_DIM_RANGE = (1, 8)
WIDE = 256  # instances wider than this get proportionally fewer search steps (sqrt)
MIN_ITERATIONS = 40


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
    # every corner first (smallest n with largest d catches shape-dependent failures), the
    # cheapest first: after the smallest and the largest setting, a small budget spends its
    # last settings on shapes (n = 1, d = 4), not on a second instance as wide as the largest
    corners = [dict(zip(names, c)) for c in itertools.product(*[(v[0], v[-1]) for v in per_dim])]
    corners.sort(key=lambda c: math.prod(c.values()))
    # then one size up from the smallest (n = 2: where softmax's constant 1/2 is attained)
    near = [dict(zip(names, c)) for c in itertools.product(*[v[:2] for v in per_dim])]
    first = [combos[0], combos[-1]] + [c for c in corners + near
                                       if c not in (combos[0], combos[-1])]
    first = [c for k, c in enumerate(first) if c not in first[:k]]
    rest = [c for c in combos if c not in first]
    rng.shuffle(rest)
    return (first + rest)[: max(count, 1)]


def eq_tolerance(claim: Claim) -> float:
    """Relative float64 tolerance of an equality: looser where derivatives are evaluated."""
    has_deriv = any(isinstance(x, (ob.Deriv, ob.ScalarDeriv))
                    for x in sp.preorder_traversal(claim.lhs - claim.rhs
                                                   if not ob.is_matrix(claim.lhs)
                                                   else sp.MatAdd(claim.lhs, -claim.rhs)))
    return 1e-6 if has_deriv else 1e-9


def ranges_of(claim: Claim) -> dict[str, str]:
    """Where each exponential-type quantity of ``claim`` leaves float64 range."""
    return float64_ranges(list(claim.sides()))


def sample_count(budget: Budget, layout: Layout) -> int:
    """Samples for one dimension setting: the budget's, fewer for very wide instances so that
    one batch stays near 400,000 coordinates (n = 1000, d = 4 still gets about fifty)."""
    return int(max(48, min(budget.samples, 400_000 // max(layout.width, 1))))


MIN_STARTS = 4


def search_starts(budget: Budget, width: int) -> int:
    """Candidates the search starts from for instances of ``width`` coordinates: the budget's,
    fewer for very wide ones (a wide candidate costs in proportion to its width, and a random
    search barely moves it: see :func:`search_iterations`), by the same square root.

    >>> b = Budget.get("default")
    >>> search_starts(b, 4), search_starts(b, 1000), search_starts(b, 4000)
    (32, 16, 8)
    """
    if width <= WIDE:
        return budget.search_starts
    return max(MIN_STARTS, round(budget.search_starts * math.sqrt(WIDE / width)))


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
