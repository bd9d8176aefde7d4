"""Claims with the functions added through declarations (erf/erfc, Lambert W, Φ, Γ), decided through the whole cascade: read as written, proved where the
reasoning is exact, refuted with a certified witness where false, never the other way."""

from __future__ import annotations

import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.stages.cascade import decide
from symbolic import Claim, matrix, n, scalar
from symbolic.verdict import Status
from symbolic.vocabulary import NormalCDF

A, B = matrix("A", n, n), matrix("B", n, n)
x = scalar("x")
QUICK = Budget.get("quick")

CASES = [
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
