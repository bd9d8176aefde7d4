"""Row forms (:mod:`symbolic.rowwise`): each rule against explicit matrices, and every
expression that mixes rows refused."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from numeric.backends.precise import MpmathOps
from symbolic import d, diag, hadamard, inner, matrix, n, ones, vector
from symbolic.objects import exp_, recip_
from symbolic.rowwise import NotRowwise, row_form, row_forms
from symbolic.walk import Evaluator

T, S = matrix("T", n, d), matrix("S", n, d)
q, a = vector("q", d), vector("a", d)
K = matrix("K", d, d)
y = vector("y", n)


def _value(e: sp.Basic, values: dict) -> np.ndarray:
    """``e`` evaluated in mpmath (n = 3, d = 2), as a flat float array."""
    ops = MpmathOps()
    env = {n: 3, d: 2}
    for k, v in values.items():
        env[k] = ops.array(np.atleast_2d(v)) if isinstance(k, sp.MatrixSymbol) \
            else ops.number(float(v))
    out = Evaluator(ops, env)(e)
    return np.array([float(x) for x in np.asarray(out, dtype=object).reshape(-1)])


@pytest.mark.parametrize("expr", [
    T * q,
    T * K * q,
    hadamard(T, S) * ones(d),
    hadamard(T, T) * ones(d) - 2 * T * q + inner(q, q) * ones(n),
    diag(y) * T * q + 3 * y,
    ones(n) * a.T * q,
    exp_(T * q),
    recip_(ones(n) + hadamard(T, T) * ones(d)),
])
def test_each_row_is_its_row_form(expr):
    rng = np.random.default_rng(1)
    vals = {T: rng.standard_normal((3, 2)), S: rng.standard_normal((3, 2)),
            q: rng.standard_normal((2, 1)), a: rng.standard_normal((2, 1)),
            K: rng.standard_normal((2, 2)), y: rng.standard_normal((3, 1))}
    form, fresh = row_form(expr, n)
    whole = _value(expr, vals)
    for i in range(3):
        at_row = dict(vals)
        for m, t in fresh.items():
            at_row[t] = vals[m][i].reshape(-1, 1) if isinstance(t, sp.MatrixSymbol) \
                else vals[m][i, 0]
        assert _value(form, at_row)[0] == pytest.approx(whole[i], rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("expr, why", [
    (T * T.T * y, "product over the rows"),
    (ones(n) * (ones(n).T * T * q), "product over the rows"),
    (sp.Identity(n) + ones(n) * ones(n).T, "not read row by row"),
    (diag(y) * matrix("V", n, n) * y, "product over the rows"),
    ((1 / inner(y, y)) * y, "coefficient"),
    (T.T.T * q + sp.Transpose(matrix("U", d, n)) * q, "not read row by row"),
])
def test_what_mixes_rows_has_no_row_form(expr, why):
    with pytest.raises(NotRowwise):
        row_form(expr, n)


def test_forms_share_their_fresh_rows_and_avoid_printed_names():
    t_T = vector("t_T", d)
    (f1, f2), fresh = row_forms([T * q, T * t_T], n)
    assert str(fresh[T]) == "t_T'"
    assert f1 == inner(q, fresh[T]) and f2 == inner(t_T, fresh[T])
