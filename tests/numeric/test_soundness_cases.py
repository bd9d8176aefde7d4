"""The nine wrong verdicts of issue 43, each checked end to end through the cascade (and so
through the kernel): ``refuted`` only when false, ``proved`` only when true and defined. Each
truth value is stated with its reason (and checked with mpmath where it is a number)."""

from __future__ import annotations

import mpmath
import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.stages.cascade import decide
from symbolic import (
    Claim,
    Prop,
    Status,
    exp_,
    log_,
    matrix,
    n,
    norm2,
    opnorm,
    scalar,
    sum_entries,
    vector,
)

QUICK = Budget.get("quick")
x = scalar("x")


def verdict(c: Claim) -> Status:
    return decide(c, QUICK, seed=0).status


def assert_not_wrong(c: Claim, true: bool) -> Status:
    s = verdict(c)
    if true:
        assert s is not Status.REFUTED, f"{c.id}: a true claim refuted"
    else:
        assert s is not Status.PROVED, f"{c.id}: a false claim proved"
    return s


# 1. equality hypotheses are exact, never read as >=
@pytest.mark.parametrize("lhs, rel, rhs, at", [
    (sp.cos(x), ">=", 1, 0),
    (sp.exp(x), "<=", 2, sp.log(2)),
    (sp.sin(x), ">=", 0, sp.pi),
])
def test_equality_hypotheses(lhs, rel, rhs, at):
    c = Claim("t:extra-eq", lhs, rel, rhs, hypotheses=[Prop(x, "=", at)])
    with mpmath.workdps(50):  # true at the one point the hypothesis allows
        v = sp.N(lhs.subs(x, at) - rhs, 50)
        assert (v >= 0) if rel == ">=" else (v <= 0)
    assert assert_not_wrong(c, True) is Status.PROVED


# 2. sizes stay within their declared range
def test_the_upper_end_of_a_size_range():
    c = Claim("t:extra-range", sp.sin(sp.pi * n / 6), ">=", 0, dims={"n": (1, 6)})
    assert all(mpmath.sin(mpmath.pi * k / 6) >= -1e-40 for k in range(1, 7))
    assert assert_not_wrong(c, True) is Status.PROVED


# 3. and 4. constants and Floats are read exactly
def test_constants_below_float64_resolution():
    tiny = sp.Rational(1, 10**34)
    cases = [
        Claim("t:extra-c1", sp.cos(x), ">=", -1 + tiny,
              hypotheses=[Prop(x, ">=", 0), Prop(x, "<=", sp.pi)]),  # false at x = π
        Claim("t:extra-c2", sp.exp(x), "<=", sp.exp(sp.Float(1 / 3)) + sp.Rational(1, 10**30),
              hypotheses=[Prop(x, "<=", sp.Rational(1, 3))]),  # false at x = 1/3
        Claim("t:extra-c3", sp.exp(x), ">=", sp.exp(sp.Rational(1, 10) + sp.Rational(1, 10**18)),
              hypotheses=[Prop(x, ">=", sp.Rational(1, 10))]),  # false at x = 1/10
    ]
    with mpmath.workdps(60):
        assert mpmath.cos(mpmath.pi) < -1 + mpmath.mpf(10) ** -34
        third = mpmath.mpf(1) / 3
        assert mpmath.exp(third) > mpmath.exp(mpmath.mpf(1 / 3)) + mpmath.mpf(10) ** -30
        assert mpmath.exp(mpmath.mpf(1) / 10) < mpmath.exp(mpmath.mpf(1) / 10
                                                            + mpmath.mpf(10) ** -18)
    for c in cases:
        assert_not_wrong(c, False)


def test_floats_beyond_float64_range():
    tiny = sp.Float("1e-400")
    assert_not_wrong(Claim("t:extra-f1", x, "<=", 0, hypotheses=[Prop(x, "=", tiny)]), False)
    assert assert_not_wrong(Claim("t:extra-f2", tiny, ">", 0), True) is Status.PROVED


# 5. empty vectors: the sum of no exponentials is 0
def test_empty_vectors():
    e = vector("e", n - 1)
    assert_not_wrong(Claim("t:extra-empty", sum_entries(exp_(e)), ">", 0), False)  # n = 1
    full = vector("e", n)
    assert assert_not_wrong(Claim("t:extra-full", sum_entries(exp_(full)), ">", 0),
                            True) is Status.PROVED


# 6. no axiom outside the library: x = -1 meets the first branch and x > 0 fails
def test_a_log_inside_a_disjunction_gives_no_sign():
    c = Claim("t:extra-or", x, ">", 0, hypotheses=[sp.Or(x < 0, sp.log(x) > 1)])
    v = decide(c, QUICK, seed=0)
    assert v.status is Status.REFUTED and v.rigorous and v.witness == {"x": -1.0}
    assert v.method.endswith("certified by the kernel (arb)")  # the stage could not


# 7. the Loewner order presupposes symmetry (docs/verdicts.md): then the claim is true
def test_loewner_order_and_norms():
    P, Q = matrix("P", n, n), matrix("Q", n, n)
    c = Claim("t:extra-loewner", opnorm(P), "<=", opnorm(Q),
              hypotheses=[Prop(sp.ZeroMatrix(n, n), "⪯", P), Prop(P, "⪯", Q)])
    assert_not_wrong(c, True)


# 8. undefined claims are never proved
def test_undefined_claims():
    u = vector("u", n)
    for c in (Claim("t:extra-u1", (x**2 - 1) / (x - 1), "=", x + 1),
              Claim("t:extra-u2", 1 / x, "<=", 1 / x),
              Claim("t:extra-u3", norm2(log_(u)), ">=", 0),
              Claim.from_latex("t:extra-u4", r"\frac{x}{x} = 1"),
              Claim.from_latex("t:extra-u5", r"e^{\log x} = x")):
        assert verdict(c) is Status.UNKNOWN, c.id
    # sqrt(x²) = |x|: defined everywhere, and false at x = -1
    assert verdict(Claim.from_latex("t:extra-u6", r"\sqrt{x^2} = x")) is Status.REFUTED
    # defined under the hypotheses: proved
    assert verdict(Claim.from_latex("t:extra-u7", r"e^{\log x} = x",
                                    hypotheses=[r"x > 0"])) is Status.PROVED


# 9. an integer too long to print is an error for its claim, not a crash
def test_oversized_integers():
    v = decide(Claim("t:extra-big", sp.exp(100000), ">", sp.Integer(10)**43429), QUICK)
    assert v.status is Status.ERROR
    assert v.message == ("the claim holds an integer of 43430 digits: integers of more than "
                         "4300 digits are not supported")
