"""The interval of a false one-variable inequality narrowed to where it is proved."""

from sympy import Rational, log, sin

from proofs.review.narrowing import narrowed
from symbolic import Claim, Prop, scalar

x, y = scalar("x"), scalar("y")


def test_a_failure_at_the_lower_end_moves_the_lower_bound_past_the_root():
    c = Claim("t:lemma-1", -log(1 + x), "<=", -x + x**2,
              (Prop(x, ">=", -1), Prop(x, "<=", Rational(1, 2))))
    n = narrowed(c, {"x": -0.8})
    assert (n.low, n.high) == (Rational(-683802, 10**6), Rational(1, 2))
    # the root is -0.68380262...: the bound is on the side where the claim holds
    assert float(n.low) > -0.6838027


def test_a_failure_at_the_upper_end_moves_the_upper_bound():
    c = Claim("t:lemma-2", x**2, "<=", x, (Prop(x, ">=", 0), Prop(x, "<=", 2)))
    n = narrowed(c, {"x": 1.5})
    assert (n.low, n.high) == (0, 1)
    assert n.text == "for 0 ≤ x ≤ 1 (instead of 0 ≤ x ≤ 2), proved"


def test_a_failure_inside_the_interval_or_in_two_variables_gets_no_narrowing():
    inside = Claim("t:lemma-3", sin(x), "<=", Rational(1, 2), (Prop(x, ">=", 0),
                                                                 Prop(x, "<=", 3)))
    assert narrowed(inside, {"x": 1.5}) is None  # fails on (π/6, 5π/6): neither end
    two = Claim("t:lemma-4", x * y, "<=", 1, (Prop(x, ">=", 0), Prop(x, "<=", 2)))
    assert narrowed(two, {"x": 2.0, "y": 2.0}) is None
    unbounded = Claim("t:lemma-5", x**2, "<=", x, (Prop(x, ">=", 0),))
    assert narrowed(unbounded, {"x": 2.0}) is None


def test_a_strict_linear_bound_counts_and_is_kept_as_written():
    c = Claim("t:lemma-6", -log(1 + x), "<=", -x + x**2,
              (Prop(x, ">=", -1), Prop(x, "<=", Rational(1, 2)), Prop(1 + x, ">", 0)))
    n = narrowed(c, {"x": -0.8})
    assert n.text == "for -0.683802 ≤ x ≤ 1/2 (instead of -1 < x ≤ 1/2), proved"
