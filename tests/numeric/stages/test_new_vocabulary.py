"""Claims with the operators and functions added through declarations (trace, erf/erfc,
Lambert W, Φ, Γ), decided through the whole cascade: read as written, proved where the
reasoning is exact, refuted with a certified witness where false, never the other way."""

from __future__ import annotations

import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.stages.cascade import decide
from symbolic import Claim, matrix, n, scalar
from symbolic.verdict import Status
from symbolic.vocabulary import NormalCDF, trace

A, B = matrix("A", n, n), matrix("B", n, n)
x = scalar("x")
QUICK = Budget.get("quick")

CASES = [
    (r"\operatorname{tr}(A + 2B) = \operatorname{tr}(A) + 2\operatorname{tr}(B)", Status.PROVED),
    (r"\mathrm{tr}(A^\top) = \mathrm{tr}(A)", Status.PROVED),
    (r"\operatorname{tr}(A B) = \operatorname{tr}(A) \operatorname{tr}(B)", Status.REFUTED),
    (r"\operatorname{erf}(x) \le 1", Status.PROVED),
    (r"\operatorname{erfc}(x) \ge 0", Status.PROVED),
    (r"\operatorname{lambertw}(x) \ge x", Status.REFUTED),
]


@pytest.mark.parametrize("tex,status", CASES, ids=[c[0][:40] for c in CASES])
def test_declared_vocabulary_is_decided(tex, status):
    c = Claim.from_latex("mine:extra-1", tex, where={"A": A, "B": B})
    v = decide(c, QUICK)
    assert v.status is status, (tex, v.status, v.method)
    assert v.rigorous


def test_trace_facts_true_for_every_size_are_never_refuted():
    for tex in (r"\operatorname{tr}(A^\top A) = \|A\|_F^2",
                r"\operatorname{tr}(A B) = \operatorname{tr}(B A)"):
        v = decide(Claim.from_latex("mine:extra-1", tex, where={"A": A, "B": B}), QUICK)
        assert v.status in (Status.PROVED, Status.SUPPORTED), (tex, v.status)


def test_special_functions_keep_their_domains():
    # W₀ is defined for x ≥ −1/e only: with no hypothesis, W₀(x) ≤ x is never proved
    v = decide(Claim.from_latex("mine:extra-1", r"\operatorname{lambertw}(x) \le x"), QUICK)
    assert v.status is not Status.PROVED and v.status is not Status.REFUTED
    v = decide(Claim("mine:extra-2", NormalCDF(x), "<=", 1), QUICK)
    assert v.status is Status.PROVED
    v = decide(Claim("mine:extra-3", sp.gamma(x), ">=", sp.Rational(9, 10),
                     hypotheses=["x > 0"]), QUICK)
    assert v.status is Status.REFUTED  # Γ's least value is 0.8856...
    assert v.witness is not None


def test_trace_needs_a_square_matrix():
    with pytest.raises(ValueError, match="square"):
        trace(matrix("M", 3, 2))
    with pytest.raises(ValueError, match="square"):
        Claim.from_latex("mine:extra-1", r"\operatorname{tr}(M) \le 1",
                         where={"M": matrix("M", 3, 2)})
