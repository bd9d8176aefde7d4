"""Verdicts on class claims: what a proof, a refutation and an open case say."""

import sympy as sp

from numeric.pep.decide import decide
from numeric.pep.exact import rationals
from symbolic.classes import CLASSES, ClassClaim, Function, gradient_descent
from symbolic.verdict import Status

L, mu, eta = sp.symbols("L mu eta", positive=True)


def test_proof_names_the_interpolation_theorem_and_the_normalisation():
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x, y = f.point("x"), f.point("y")
    v = decide(ClassClaim("coco", (f.grad(x) - f.grad(y)).inner(x - y)
                          >= (f.grad(x) - f.grad(y)).norm2() / L, [f]))
    assert v.status is Status.PROVED and v.rigorous
    assert v.details["relies_on"][0].startswith("convex and L-smooth: Taylor, Hendrickx")
    assert v.details["notes"] == ["without loss of generality L = 1 (the claim is homogeneous)"]
    assert v.details["certificate"]["lambda"] == {"f: x vs y": "1", "f: y vs x": "1"}


def test_refutation_shows_short_exact_data():
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x, y = f.point("x"), f.point("y")
    v = decide(ClassClaim("coco2", (f.grad(x) - f.grad(y)).inner(x - y)
                          >= 2 * (f.grad(x) - f.grad(y)).norm2() / L, [f]))
    assert v.status is Status.REFUTED
    assert v.witness["parameters"] == {"L": "1"}
    assert all(len(c) == 1 for c in v.witness["vectors"].values())  # one dimension suffices


def test_a_free_parameter_leaves_a_true_claim_unknown():
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x0, xs = f.point("x_0"), f.minimizer()
    x1 = gradient_descent(f, x0, eta, 1)[-1]
    v = decide(ClassClaim("free-step", f(x1) - f(xs) <= (x0 - xs).norm2() / eta, [f],
                          parameters={eta: sp.Le(eta, 1 / L)}))
    assert v.status is Status.UNKNOWN
    assert "eta" in v.message and "not built yet" in v.message


def test_a_free_parameter_does_not_stop_a_refutation():
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x, xs = f.point("x"), f.minimizer()
    v = decide(ClassClaim("missing-strong", f(x) - f(xs) >= mu / 2 * (x - xs).norm2(), [f]))
    assert v.status is Status.REFUTED
    assert v.witness["parameters"] == {"L": "1", "mu": "1"}


def test_rationals_round_small_values_to_zero():
    assert rationals([1e-12, 0.25, 1.0], 10) == [0, sp.Rational(1, 4), 1]
