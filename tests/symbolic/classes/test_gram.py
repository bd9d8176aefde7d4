"""The exact algebra of vectors and scalars over leaves."""

import sympy as sp

from symbolic.classes import Scalar, Vec, minimum


def test_inner_product_is_bilinear_and_symmetric():
    x, y, g = Vec.leaf("x"), Vec.leaf("y"), Vec.leaf("g")
    a = sp.Symbol("a")
    assert (x + a * y).inner(g) == x.inner(g) + y.inner(g) * a
    assert x.inner(g) == g.inner(x)
    assert (x - x).norm2().is_zero()


def test_norm_of_a_difference_expands():
    x, y = Vec.leaf("x"), Vec.leaf("y")
    s = (x - y).norm2()
    assert dict(s.quad) == {("x", "x"): 1, ("y", "y"): 1, ("x", "y"): -2}
    q = s.coefficient_matrix(["x", "y"])
    assert q == sp.Matrix([[1, -1], [-1, 1]])


def test_scalars_keep_values_and_constants_apart():
    f0, f1 = Scalar.leaf("f0"), Scalar.leaf("f1")
    L = sp.Symbol("L", positive=True)
    s = (f0 - f1) * L + 3
    assert dict(s.lin) == {"f0": L, "f1": -L}
    assert s.const == 3
    assert s.parameters() == {L}
    assert s.subs({L: 2}).lin == {"f0": 2, "f1": -2}


def test_cancellation_to_zero_drops_the_term():
    L, mu = sp.symbols("L mu", positive=True)
    x = Vec.leaf("x")
    s = x.norm2() * (mu / (2 * (1 - mu / L))) - x.norm2() * (L * mu / (2 * (L - mu)))
    assert s.is_zero()


def test_inequalities_and_minimum_give_their_slack():
    f0, f1 = Scalar.leaf("f0"), Scalar.leaf("f1")
    assert (f0 <= f1).slack() == [f1 - f0]
    assert (f0 >= f1).slack() == [f0 - f1]
    assert (minimum(f0, f1) <= 2).slack() == [2 - f0, 2 - f1]
