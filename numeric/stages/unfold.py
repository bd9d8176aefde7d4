"""The unfold stage (:class:`UnfoldStage`): a non-strict inequality whose two sides are the same
expression once named definitions are unfolded (``M := n^1.5 exp(10R²)``, ``α(x)``, ``f(x)``) and
scalar sides are expanded, is proved at once, for every size: ``a ≤ a`` wherever ``a`` is
defined. A proof chain's restating steps (Theorem 8.1 steps 3 and 5) are such claims.

The first stage of the referee's prover (issue 28); equalities stay with the exact stage,
which proves identities for every ``n`` and ``d``.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, named, norm2, scalar, vector, n
    >>> from numeric.budget import Budget
    >>> R, x = scalar("R"), vector("x", n)
    >>> M = named("M", n ** sp.Rational(3, 2) * sp.exp(10 * R**2))
    >>> c = Claim("t:extra-1", M * norm2(x), "<=", n ** sp.Rational(3, 2) * sp.exp(10 * R**2)
    ...           * norm2(x))
    >>> v = UnfoldStage().run(c, Budget.get("quick"), 0)
    >>> v.status.value, v.rigorous, v.method
    ('proved', True, 'unfold (both sides equal after unfolding definitions)')
    >>> UnfoldStage().applies(Claim("t:extra-2", R, "<", R))
    'not a non-strict inequality'
"""

from __future__ import annotations

import time
from functools import lru_cache

import sympy as sp

from numeric.budget import Budget
from numeric.stages.identity import certainly_nonzero, proved_where_defined
from symbolic.claim import Claim
from symbolic.objects import is_matrix, unwrap
from symbolic.relation import Relation
from symbolic.verdict import Verdict

METHOD = "unfold (both sides equal after unfolding definitions)"
_RELS = (Relation.LE, Relation.GE, Relation.PSD_LE)

#: :func:`symbolic.objects.unwrap`, memoised: a pure function of the expression, and the
#: claims of a paper share their sides (a proof's steps, a statement and its restatements)
_unwrap = lru_cache(maxsize=4096, typed=True)(unwrap)


def same_after_unfolding(lhs: sp.Basic, rhs: sp.Basic) -> bool:
    """Are ``lhs`` and ``rhs`` the same expression once named definitions are unfolded (and,
    for scalars, after expanding)? Never raises: an expression SymPy cannot rebuild is not
    the same.

    >>> from symbolic import named, scalar
    >>> R = scalar("R")
    >>> same_after_unfolding(named("M", 2 * R), R + R), same_after_unfolding(R, 2 * R)
    (True, False)
    """
    if lhs == rhs:
        return True
    try:
        a, b = _unwrap(lhs), _unwrap(rhs)
        if a == b:
            return True
        if is_matrix(a) or is_matrix(b):
            return False
        diff = a - b
        # expanding only rewrites into an equal expression: a difference that arb shows
        # nonzero at one point cannot expand to 0 (the answer is the same, found sooner)
        return not certainly_nonzero(diff) and sp.expand(diff) == 0
    except (TypeError, ValueError, AttributeError, RecursionError):
        return False


class UnfoldStage:
    """Non-strict inequalities with equal sides after unfolding: proved, rigorous."""

    name = "unfold"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        """None for ``≤``, ``≥`` and ``⪯``; the other relations are not its business."""
        return None if claim.rel in _RELS else "not a non-strict inequality"

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """Proved when both sides unfold to one expression; None otherwise."""
        t0 = time.perf_counter()
        if not same_after_unfolding(claim.lhs, claim.rhs):
            return None
        return proved_where_defined(
            claim, budget, seed, t0, METHOD, equal="both sides are one expression",
            proved="both sides are the same expression after unfolding the named definitions, "
                   "defined under the hypotheses: the inequality holds", slack=1.0)
