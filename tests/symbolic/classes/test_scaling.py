"""Homogeneity: two parameters set to 1 only when the claim scales."""

import sympy as sp

from symbolic.classes import CLASSES, ClassClaim, Function, gradient_descent
from symbolic.classes.scaling import infer_weights, normalization, verify

L, R, mu, eta = sp.symbols("L R mu eta", positive=True)


def _gd(rhs, hyp=()):
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x0, xs = f.point("x_0"), f.minimizer()
    x1 = gradient_descent(f, x0, 1 / L, 1)[-1]
    return ClassClaim("t", f(x1) - f(xs) <= rhs(x0, xs), [f], hyp(x0, xs) if hyp else [])


def test_rate_with_radius_fixes_L_and_R():
    c = _gd(lambda x0, xs: L * R**2 / 6, lambda x0, xs: [(x0 - xs).norm2() <= R**2])
    assert infer_weights(c) == {L: (-2, 1), R: (1, 0)}
    assert normalization(c) == ({L: 1, R: 1}, [])


def test_a_claim_that_does_not_scale_keeps_its_parameters():
    # L/6‖x0 − x*‖² + 1: the constant 1 has no weight matching the rest
    c = _gd(lambda x0, xs: L * (x0 - xs).norm2() / 6 + 1)
    sub, left = normalization(c)
    assert sub == {} and left == [L]


def test_a_parameter_of_the_same_weight_as_L_is_left():
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x, xs = f.point("x"), f.minimizer()
    c = ClassClaim("t", f(x) - f(xs) >= mu / 2 * (x - xs).norm2(), [f])
    assert normalization(c) == ({L: 1}, [mu])


def test_verify_rejects_wrong_weights():
    c = _gd(lambda x0, xs: L * R**2 / 6, lambda x0, xs: [(x0 - xs).norm2() <= R**2])
    assert verify(c, {L: (-2, 1), R: (1, 0)})
    assert not verify(c, {L: (-2, 1), R: (0, 1)})


def test_a_condition_that_does_not_scale_keeps_the_parameters():
    h = sp.Symbol("h", positive=True)
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x0, xs = f.point("x_0"), f.minimizer()
    x1 = gradient_descent(f, x0, h, 1)[-1]
    rhs = (x0 - xs).norm2() / h
    scaled = ClassClaim("t", f(x1) - f(xs) <= rhs, [f], parameters={h: sp.Le(h, 1 / L)})
    assert normalization(scaled) == ({L: 1}, [h])
    fixed = ClassClaim("t", f(x1) - f(xs) <= rhs, [f], parameters={h: sp.Le(h, 1)})
    assert normalization(fixed) == ({}, [L, h])  # h ≤ 1 is not scale-free: nothing is fixed
