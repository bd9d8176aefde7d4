"""The focused route: common factors cancelled only where their sign and the claim's domain
are proved, then the lean library; it proves what the whole library drowns z3 in."""

from __future__ import annotations

import sympy as sp

from numeric.budget import Budget
from numeric.prover.facts import DESCRIPTIONS, LEAN, LEAN_EXP
from numeric.prover.focus import common_factor, prove_focused, prove_or_focus
from numeric.stages.blackboard import BlackboardStage
from symbolic import Claim, Prop, exp_, matrix, norm2, norminf, opnorm, scalar, vector
from symbolic.objects import d, n
from symbolic.regression import SoftmaxRegression

QUICK = Budget.get("quick")
a, b, c, R, beta = (scalar(s) for s in ("a", "b", "c", "R", "beta"))


def test_common_factor_takes_the_least_power_and_exp_multiples():
    red = common_factor(Claim("t:extra-1", n * sp.exp(R**2) * a / beta**2, "<=",
                              2 * R * n ** sp.Rational(3, 2) * sp.exp(2 * R**2) * b / beta**2))
    assert red.factor == n * sp.exp(R**2) / beta**2
    assert red.claim.lhs == a
    assert red.claim.rhs == 2 * R * sp.sqrt(n) * sp.exp(R**2) * b
    assert red.claim.rel is Claim("t:extra-1", a, "<=", b).rel


def test_common_factor_needs_an_order_and_a_shared_factor():
    assert common_factor(Claim("t:extra-1", 2 * a, "<=", 3 * b)) is None  # numbers only
    assert common_factor(Claim("t:extra-1", c * a, "=", c * b)) is None  # not an order
    A = matrix("A", n, n)
    assert common_factor(Claim("t:extra-1", A, "⪯", 2 * A)) is None


def test_a_factor_of_unknown_sign_is_not_cancelled():
    # c·a ≤ c·b is false for c < 0: a ≤ b alone must not prove it
    claim = Claim("t:extra-1", c * sp.exp(a), "<=", c * sp.exp(b), (Prop(a, "<=", b),))
    assert not prove_focused(claim, QUICK).proved
    signed = Claim("t:extra-1", c * sp.exp(a), "<=", c * sp.exp(b),
                   (Prop(a, "<=", b), Prop(c, ">=", 0)))
    assert prove_focused(signed, QUICK).proved


def test_a_strict_relation_needs_a_positive_factor():
    # |c|·exp(a) < |c|·exp(b) fails at c = 0
    claim = Claim("t:extra-1", sp.Abs(c) * sp.exp(a), "<", sp.Abs(c) * sp.exp(b),
                  (Prop(a, "<", b),))
    assert not prove_focused(claim, QUICK).proved
    assert prove_focused(Claim("t:extra-1", sp.exp(c) * sp.exp(a), "<", sp.exp(c) * sp.exp(b),
                               (Prop(a, "<", b),)), QUICK).proved


def test_the_lean_library_leaves_out_the_calculus_of_exp():
    assert LEAN < set(DESCRIPTIONS)
    assert {"exp-tangent", "exp-ratio", "exp-product", "exp-sum-difference",
            "exp-power"}.isdisjoint(LEAN)
    assert {"exp-difference", "operator-norm", "norm-equivalence", "exp-monotone"} <= LEAN
    assert LEAN_EXP - LEAN == {"exp-tangent", "exp-power"}


# closeness, Lemma 5.5 part 1, proof step 5, with the hypotheses the proof uses
A = matrix("A", n, d)
xt, xt1 = vector("x_t", d), vector("x_{t+1}", d)
HYPS = (Prop(beta, ">", 0), Prop(beta, "<", 1), Prop(R, ">=", 4), Prop(opnorm(A), "<=", R),
        Prop(norm2(xt), "<=", R), Prop(norm2(xt1), "<=", R),
        Prop(norminf(A * (xt1 - xt)), "<", sp.Rational(1, 100)),
        Prop(SoftmaxRegression(A, xt1, arg="x_{t+1}").alpha, ">=", beta),
        Prop(SoftmaxRegression(A, xt, arg="x_t").alpha, ">=", beta))
STEP = Claim("t:extra-2", n * sp.exp(R**2) * norm2(
    SoftmaxRegression(A, xt1).u - SoftmaxRegression(A, xt).u) / beta**2, "<=",
    2 * R * n ** sp.Rational(3, 2) * sp.exp(2 * R**2) * norm2(xt1 - xt) / beta**2, HYPS)


def test_the_whole_library_drowns_z3_where_the_focused_route_proves():
    """The blackboard stage takes the focused route only after z3 gives up on the whole
    library (:func:`prove_or_focus`): a focused certificate says both."""
    v = BlackboardStage().run(STEP, QUICK, 0)
    assert v.status.value == "proved" and v.rigorous
    assert v.details["certificate"]["route"] == "focused"
    assert {"exp-difference", "operator-norm"} <= set(v.details["relies_on"])


# closeness, Lemma 5.5 part 2, proof step 3: the mean value bound of exp against exp(2R²)
STEP_POWER = Claim("t:extra-3", norm2(exp_(A * xt1) - exp_(A * xt)) / beta, "<=",
                   2 * sp.sqrt(R) * sp.sqrt(n) * sp.exp(2 * R**2) * norm2(xt1 - xt) / beta,
                   HYPS)


def test_a_power_of_exp_takes_the_second_lean_library():
    """exp(‖Ax‖∞) ≤ exp(R²), then R exp(R²) ≤ 2√R exp(2R²) = 2√R exp(R²)²: the tangent and the
    power, which the first lean library leaves out."""
    out = prove_or_focus(STEP_POWER, QUICK)
    assert out.proved and out.route == "focused"
    # exp-power is in the second lean library only: the first did not prove it
    assert {"exp-power", "exp-tangent", "exp-difference"} <= set(out.relies_on)
    assert "exp-power" not in LEAN
