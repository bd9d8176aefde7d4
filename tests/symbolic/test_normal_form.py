"""The normal form: each rewrite is an identity for every size, and unequal expressions stay
apart (checked numerically at random sizes, so a wrong rule fails here)."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from symbolic import (
    abs_,
    d,
    exp_,
    inner,
    matrix,
    max_entry,
    min_entry,
    n,
    named,
    norm1,
    norm2,
    norminf,
    ones,
    opnorm,
    scalar,
    sum_entries,
    vector,
)
from symbolic.explicit import ExplicitInstance
from symbolic.normal_form import linear, matrix_normal, normal, same, squares_as_inner

A, B = matrix("A", n, d), matrix("B", n, d)
x, y = vector("x", d), vector("y", d)
u, v = vector("u", n), vector("v", n)
c, k = scalar("c"), scalar("k", positive=True)
S = inner(exp_(u), ones(n))

SAME = [
    (norm2(A * x - A * y), norm2(A * (y - x))),
    (norm2((A - B) * x), norm2(A * x - B * x)),
    (inner(exp_(A * x), ones(n)), sum_entries(exp_(A * x))),
    (norm2(u - v) ** 2, inner(u - v, u - v)),
    (norm2(u - v) ** 2, norm2(u) ** 2 - 2 * inner(u, v) + norm2(v) ** 2),
    (sp.Abs(inner(exp_(u), ones(n)) - inner(exp_(v), ones(n))),
     sp.Abs(inner(exp_(u) - exp_(v), ones(n)))),
    (norm2(-c * u), sp.Abs(c) * norm2(u)),
    (norm2(2 * u + 4 * v), 2 * norm2(u + 2 * v)),
    (norminf(abs_(u)), norminf(u)),
    (min_entry(exp_(-abs_(u))), sp.exp(-norminf(u))),
    (max_entry(abs_(u)), norminf(u)),
    (min_entry(-u), -max_entry(u)),
    (min_entry(3 * u), 3 * min_entry(u)),
    (inner(u, ones(n)) + inner(ones(n), v), sum_entries(u + v)),
    (inner(ones(n), ones(n)), n),
    (norm2(-(exp_(u) / S) + exp_(v) / inner(exp_(v), ones(n))),
     norm2((1 / inner(exp_(v), ones(n)) - 1 / S) * exp_(v) + (exp_(v) - exp_(u)) / S)),
    (named("f", exp_(u) / S).T * v, (exp_(u).T * v) / S),
    (opnorm((A - B).T), opnorm(A.T - B.T)),
]

APART = [
    (norm2(u + v), norm2(u) + norm2(v)),
    (norm2(u - v), norm2(u + v)),
    (min_entry(-u), -min_entry(u)),
    (norm1(u), norm2(u)),
    (inner(u, v), inner(u, u)),
    (min_entry(c * u), c * min_entry(u)),  # the sign of c is unknown
    (min_entry(abs_(u)), norminf(u)),
]


@pytest.mark.parametrize(("lhs", "rhs"), SAME)
def test_identities_have_one_normal_form(lhs, rhs):
    assert same(lhs, rhs)


@pytest.mark.parametrize(("lhs", "rhs"), APART)
def test_different_expressions_stay_apart(lhs, rhs):
    assert not same(lhs, rhs)


@pytest.mark.parametrize("expr", [
    norm2(A * x - A * y), min_entry(exp_(-abs_(A * x))), norm2(-(exp_(u) / S) + exp_(v) / S),
    inner(exp_(A * x) - exp_(B * y), ones(n)), max_entry(-2 * abs_(u)), norm2(u - v) ** 2,
])
def test_every_rewrite_keeps_the_value(expr):
    """The normal form and the original agree at random points, for several sizes."""
    from symbolic.objects import symbols_of

    rng = np.random.default_rng(0)
    for nn, dd in ((1, 1), (2, 3), (5, 2)):
        inst = ExplicitInstance(symbols_of(expr), {"n": nn, "d": dd})
        before, after = sp.sympify(inst(expr)), sp.sympify(inst(normal(expr)))
        syms = sorted(before.free_symbols | after.free_symbols, key=str)
        for _ in range(3):
            point = {s: sp.Float(rng.normal()) for s in syms}
            assert float(before.xreplace(point)) == pytest.approx(float(after.xreplace(point)),
                                                              rel=1e-9, abs=1e-12)


def test_linear_form_and_factoring():
    assert linear(A * (x - y)) == {A * x: 1, A * y: -1}
    assert str(matrix_normal(A * x - B * x)) == "(A - B)*x"
    assert matrix_normal(k * (A * x) - k * (A * x)).is_ZeroMatrix


def test_squares_become_inner_products_only_on_request():
    e = normal(norm2(u) ** 2)
    assert e == norm2(u) ** 2
    assert squares_as_inner(e) == inner(u, u)
