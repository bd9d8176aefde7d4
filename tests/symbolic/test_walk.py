"""The tree walker: handlers looked up by node type, the same values as the cases in order."""

import numpy as np
import sympy as sp

from numeric.backends.numpy_batch import NumpyOps
from symbolic import matrix, norm2, vector
from symbolic.walk import Evaluator, SympyScalarOps, Unsupported, _handler

t = sp.Symbol("t", real=True)


def test_unevaluated_power_of_e_is_the_exponential():
    e = sp.Pow(sp.E, t, evaluate=False)
    assert isinstance(e, sp.exp)  # SymPy's own view of it
    assert Evaluator(SympyScalarOps(), {t: sp.Integer(2)})(e) == sp.exp(2)


def test_subclasses_take_their_parents_handler():
    class Twice(sp.Symbol):
        pass

    u = Twice("u")
    assert _handler(Twice) is _handler(sp.Symbol)
    assert Evaluator(SympyScalarOps(), {u: sp.Integer(5)})(u + 1) == 6


def test_numbers_and_matrix_expressions():
    A, x = matrix("A", 3, 2), vector("x", 2)
    rng = np.random.default_rng(0)
    a, v = rng.standard_normal((1, 3, 2)), rng.standard_normal((1, 2, 1))
    ev = Evaluator(NumpyOps(), {A: a, x: v})
    got = ev(sp.Rational(1, 2) * norm2(A * x) ** 2 + sp.pi)
    want = 0.5 * float(np.sum((a @ v) ** 2)) + np.pi
    assert np.allclose(got, want, rtol=1e-14)


def test_unknown_nodes_are_unsupported():
    import pytest

    with pytest.raises(Unsupported, match="zeta"):
        Evaluator(NumpyOps(), {t: np.array([1.0])})(sp.zeta(t))
