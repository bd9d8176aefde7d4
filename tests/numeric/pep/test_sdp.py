"""The worst case of a rate: the tight constant, checked against the known value and against
PEPit, an independent implementation of performance estimation."""

import pytest
import sympy as sp

from numeric.pep.sdp import problem, worst_case
from symbolic.classes import CLASSES, ClassClaim, Function, gradient_descent


def _gd(n, L=1):
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x0, xs = f.point("x_0"), f.minimizer()
    xn = gradient_descent(f, x0, sp.Integer(1) / L, n)[-1]
    return f, x0, xs, xn


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_gradient_descent_tight_constant(n):
    # Drori and Teboulle (2014): L‖x_0 − x*‖²/(4N + 2) for step 1/L, attained by a Huber f
    f, x0, xs, xn = _gd(n)
    value = worst_case([f], f(xn) - f(xs), (x0 - xs).norm2())
    assert f"{value:.6g}" == f"{1 / (4 * n + 2):.6g}"


def test_the_constant_scales_with_L():
    f, x0, xs, xn = _gd(2, L=3)
    assert abs(worst_case([f], f(xn) - f(xs), (x0 - xs).norm2()) - 3 / 10) < 1e-7


def test_pepit_agrees():
    pepit = pytest.importorskip("PEPit")
    from PEPit.functions import SmoothConvexFunction
    n = 3
    pb = pepit.PEP()
    func = pb.declare_function(SmoothConvexFunction, L=1)
    xs = func.stationary_point()
    fs = func(xs)
    x = pb.set_initial_point()
    pb.set_initial_condition((x - xs) ** 2 <= 1)
    for _ in range(n):
        x = x - func.gradient(x)
    pb.set_performance_metric(func(x) - fs)
    theirs = pb.solve(verbose=0)
    f, x0, xs_, xn = _gd(n)
    ours = worst_case([f], f(xn) - f(xs_), (x0 - xs_).norm2())
    assert abs(ours - theirs) < 1e-6


def test_problem_needs_every_parameter():
    L = sp.Symbol("L", positive=True)
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x, xs = f.point("x"), f.minimizer()
    with pytest.raises(ValueError, match="parameters left"):
        problem(ClassClaim("t", f(x) - f(xs) <= L * (x - xs).norm2(), [f]), {})
