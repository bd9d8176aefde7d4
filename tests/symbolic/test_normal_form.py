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


def test_rows_of_an_identity_are_orthonormal_and_sum_to_one():
    """R = [I_{d−1}, 0] (rows 1..d−1 of I_d): R Rᵀ = I, R 𝟏 = 𝟏, Σ Rᵀu = Σ u, so the sphere
    point σ(τ) = (2Rᵀτ + (1 − |τ|²)(𝟏 − Rᵀ𝟏))/(1 + |τ|²) has ⟨σ, σ⟩ = 1 for every d; a block
    of rows of another matrix, or one that may leave I, is not rewritten."""
    from proofs.papers.lipschitz_attention.objects import sphere_point
    from symbolic import row_block

    tau, u = vector("tau", d - 1), vector("u", d - 1)
    R = row_block(sp.Identity(d), 1, d - 1)
    s = sphere_point(tau, d)
    assert same(inner(s, s), sp.Integer(1))
    assert same(inner(R.T * u, R.T * u), inner(u, u))
    assert same(sum_entries(R.T * u), sum_entries(u))
    assert same(inner(R * ones(d), ones(d - 1)), d - 1)
    assert not same(inner(s, s), sp.Integer(2))
    M = matrix("M", d, d)
    assert not same(inner(row_block(M, 1, d - 1).T * u, row_block(M, 1, d - 1).T * u),
                    inner(u, u))
    j = sp.Symbol("j", integer=True, positive=True)  # block j of d − 1 rows: may leave I_d
    Rj = row_block(sp.Identity(d), j, d - 1)
    assert not same(inner(Rj.T * u, Rj.T * u), inner(u, u))


def test_exp_of_a_shift_by_ones_is_a_scalar_factor():
    """exp(z + t𝟏) = e^t exp(z) entrywise: softmax is shift invariant for every n; a shift by
    another vector is not taken out."""
    from proofs.papers.lipschitz_attention.objects import softmax

    z, v, t = vector("z", n), vector("v", n), scalar("t")
    assert same(softmax(z + t * ones(n)), softmax(z))
    assert same(inner(exp_(z - 2 * ones(n)), ones(n)), sp.exp(-2) * inner(exp_(z), ones(n)))
    assert not same(softmax(z + t * v), softmax(z))
    assert not same(softmax(2 * z), softmax(z))


def test_unit_columns_meet_each_other_and_the_rows_of_their_identity():
    """e_iᵀe_i = 1, e_iᵀe_j = 0 for i − j a nonzero number, R e_i = 0 for a row i outside the
    block R of rows of the same identity: the last entry of the block vector [Aᵀx; ⟨y, x⟩] is
    ⟨y, x⟩ for every d, while its other entries and another identity's columns stay apart."""
    from symbolic import col, entry, row_block

    I = sp.Identity(d + 1)
    e, R = col(I, d + 1), row_block(I, 1, d)
    z = vector("z", n)
    w = vector("w", d)
    top = matrix("T", d, n)
    block = R.T * top * z + e * (w.T * x)  # [T z; ⟨w, x⟩] in R^{d+1}
    assert same(entry(block, d + 1), inner(w, x))
    assert same(inner(e, e), sp.Integer(1))
    assert same(inner(e, col(I, d)), sp.Integer(0))
    assert same(inner(R * e, R * e), sp.Integer(0))
    assert not same(entry(block, d), inner(w, x))  # row d lies in the block: not rewritten
    assert not same(entry(block, d + 1), inner(w, x) + 1)
    j = sp.Symbol("j", integer=True, positive=True)
    assert not same(inner(e, col(I, j)), sp.Integer(0))  # j may be d + 1
    assert not same(inner(col(sp.Identity(d + 2), d + 1), col(I, d + 1)), sp.Integer(1))
    # a column that may lie outside its identity is no unit vector: e_{n−1} is empty at n = 1
    for i in (n - 1, n + 1, 0):
        e_i = col(sp.Identity(n), i)
        assert not same(inner(e_i, e_i), sp.Integer(1))
        assert not same(inner(e_i, col(sp.Identity(n), n)), sp.Integer(0))
    # numerically, at several sizes: the entry's normal form keeps its value
    from symbolic.objects import symbols_of

    rng = np.random.default_rng(1)
    for dd in (1, 2, 4):
        inst = ExplicitInstance(symbols_of(block), {"n": 2, "d": dd})
        before = sp.sympify(inst(entry(block, d + 1)))
        after = sp.sympify(inst(normal(entry(block, d + 1))))
        point = {s: sp.Float(rng.normal()) for s in before.free_symbols | after.free_symbols}
        assert float(before.xreplace(point)) == pytest.approx(float(after.xreplace(point)))
