"""Claims travel pickled to worker processes and Dask clusters: they must come back equal."""

import pickle

import sympy as sp

from symbolic import Claim, d, vector
from symbolic.objects import inner, named, ones, row_block


def _sphere_point(t, dim):
    s = inner(t, t)
    embed = row_block(sp.Identity(dim), 1, dim - 1).T
    last = ones(dim) - embed * ones(dim - 1)
    return named(r"\sigma(t)", (1 / (1 + s)) * (2 * embed * t + (1 - s) * last))


def test_max_of_inner_product_of_matrix_expressions_round_trips():
    # built unevaluated (as a paper's ReLU is), SymPy's Max re-evaluates on unpickling and
    # fails ("Mix of Matrix and Scalar symbols"): lipschitz-attention's ReLU of
    # <sigma(tau), x> broke `proofcheck mutate -j 2`
    t, x, y = vector("t", d - 1), vector("x", d), vector("y", d)
    p = _sphere_point(t, d)
    relu = sp.Max(inner(p, x), 0, evaluate=False) - sp.Max(inner(p, y), 0, evaluate=False)
    c = Claim("t:extra-1", relu, "<=", 1)
    back = pickle.loads(pickle.dumps(c))
    assert back == c and str(back.prop) == str(c.prop)
    assert back.hypotheses == c.hypotheses


def test_plain_max_min_abs_still_evaluate_when_built():
    a = sp.Symbol("a", real=True)
    assert pickle.loads(pickle.dumps(sp.Max(a, a + 1))) == a + 1
    assert pickle.loads(pickle.dumps(sp.Min(a, 0, -1))) == sp.Min(a, -1)
    assert pickle.loads(pickle.dumps(sp.Abs(-a))) == sp.Abs(a)
