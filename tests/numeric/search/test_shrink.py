"""Shrinking confirmed witnesses (issue 15, item 4): real values of shrunk witnesses, the
violation still confirmed (arb-certified stays arb-certified), the original kept."""

from __future__ import annotations

import sympy as sp

from numeric.budget import Budget
from numeric.search.confirm import confirm_json
from numeric.search.shrink import shrink, shrink_verdict, simple_values
from numeric.stages.cascade import decide
from symbolic import Claim, Prop, matrix, n, norm2, norminf, opnorm, scalar, vector
from symbolic.objects import d
from symbolic.verdict import Status, Verdict

x = scalar("x")
A, v, u = matrix("A", n, d), vector("v", d), vector("u", n)


def test_scalar_witness_shrinks_to_a_leading_digit_and_power_of_ten():
    c = Claim("s:extra-1", sp.exp(x), ">=", -x - 1000)
    s = shrink(c, {"x": -379716843152.7624}, rigorous=True)
    assert s.witness == {"x": -2000.0}
    assert s.confirmation.violated and s.confirmation.rigorous
    assert s.confirmations <= 200


def test_dimension_and_entries_shrink():
    # ||u||_2 <= 0.9 sqrt(n) ||u||_inf fails for every nonzero constant vector at every n
    c = Claim("s:extra-2", norm2(u), "<=", sp.Rational(9, 10) * sp.sqrt(n) * norminf(u),
              dims={"n": (1, 8)})
    w = {"n": 5, "u": [[3.7], [3.7], [3.7], [3.7], [3.7]]}
    # n = 1: ||u|| <= 0.9 |u| fails too, so the lowest dimension is reached, then u = 1
    s = shrink(c, w, rigorous=True)
    assert s.witness == {"n": 1, "u": [[1.0]]}
    assert confirm_json(c, s.witness).rigorous


def test_opposite_extremes_scale_together():
    p = norm2(A * v)
    c = Claim("s:extra-3", p * sp.exp(-p), "<=", sp.Rational(1, 3),
              (Prop(opnorm(A), "<=", sp.Rational(1, 10**75)),), dims={"n": (1, 3), "d": (1, 3)})
    s = shrink(c, {"n": 2, "d": 1, "A": [[1e-80], [0.0]], "v": [[-1e80]]}, rigorous=True)
    assert s.witness == {"n": 1, "d": 1, "A": [[1e-75]], "v": [[-7e74]]}


def test_shrink_never_loses_rigour_or_the_violation():
    c = Claim("s:extra-4", x * (1 - x), "<=", sp.Rational(1, 4) * (1 - sp.Rational(1, 10**8)))
    s = shrink(c, {"x": 0.5000000123}, rigorous=True)
    assert s.witness == {"x": 0.5}
    assert s.confirmation.rigorous
    assert shrink(c, {"x": 3.0}, rigorous=True) is None  # not a witness: nothing to shrink


def test_shrink_verdict_keeps_the_original():
    c = Claim("s:extra-5", sp.exp(x), ">=", -x - 1000)
    v = Verdict(Status.REFUTED, "test", True, "violated", witness={"x": -3797.25})
    out = shrink_verdict(c, v)
    assert out.witness == {"x": -2000.0}
    assert out.details["original_witness"] == {"x": -3797.25}
    assert out.details["shrunk_witness"] == {"x": -2000.0}
    assert out.details["shrink"]["confirmations"] >= 2


def test_decide_reports_the_shrunk_witness():
    c = Claim("s:extra-6", norm2(u), "<=", sp.Rational(9, 10) * sp.sqrt(n) * norminf(u),
              dims={"n": (2, 6)})
    vd = decide(c, Budget.get("quick"), seed=0)
    assert vd.status is Status.REFUTED and vd.rigorous
    assert vd.witness["n"] == 2 and vd.witness["u"] in ([[1.0], [1.0]], [[-1.0], [-1.0]],
                                                      [[1.0], [-1.0]], [[-1.0], [1.0]])
    assert "original_witness" in vd.details
    assert confirm_json(c, vd.witness).rigorous


def test_simple_values_order():
    assert simple_values(2.0)[:3] == [0.0, 1.0, -1.0]
    assert simple_values(-37.25)[-3:] == [-37.0, -40.0, -37.2]
