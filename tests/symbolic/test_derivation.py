"""Dimension-generic identities, chain-rule steps and SymEngine generation."""

import sympy as sp

from symbolic import (
    col,
    d,
    deriv,
    diag,
    entry,
    exp_,
    hadamard,
    index,
    inner,
    matrix,
    n,
    ones,
    vector,
)
from symbolic.derivation import derive_steps, generic_identity, symengine_diff, text
from symbolic.explicit import ExplicitInstance
from symbolic.identity import is_identically_zero
from symbolic.regression import SoftmaxRegression

A, x, b = matrix("A", n, d), vector("x", d), vector("b", n)
i, j = index("i"), index("j")
S = SoftmaxRegression(A, x, b)
f, c, a = S.f, S.c, col(A, i)
PART5_PRINTED = entry(a.T * (f * inner(c, f) + diag(f) * c), 1, 1)
PART5_MINUS = entry(a.T * (-f * inner(c, f) + diag(f) * c), 1, 1)


def test_generic_proves_lemma_4_5_parts_1_to_4():
    assert generic_identity(deriv(S.u, x, i), hadamard(S.u, a)) is True
    assert generic_identity(deriv(inner(S.u, ones(n)), x, i), inner(S.u, a)) is True
    assert generic_identity(deriv(S.alpha_inv, x, i), -S.alpha_inv * inner(f, a)) is True
    assert generic_identity(deriv(f, x, i), -inner(f, a) * f + hadamard(f, a)) is True


def test_generic_never_proves_a_false_identity():
    assert generic_identity(deriv(S.L, x, i), PART5_PRINTED) is None
    assert generic_identity(deriv(S.L, x, i), PART5_MINUS) is True
    assert generic_identity(deriv(f, x, i), hadamard(f, a)) is None
    assert generic_identity(deriv(inner(S.u, ones(n)), x, i), 2 * inner(S.u, a)) is None


def test_generic_derivatives_in_A_use_kronecker_deltas():
    e_i = col(sp.Identity(n), i)
    assert generic_identity(deriv(S.u, A, i, j), entry(x, j) * hadamard(S.u, e_i)) is True
    assert generic_identity(deriv(S.u, A, i, j), entry(x, i) * hadamard(S.u, e_i)) is None


def test_derive_steps_all_checked_and_final_mismatch_flagged():
    steps = derive_steps(deriv(S.L, x, i), PART5_PRINTED)
    assert [s.holds for s in steps[1:-1]] == [True] * (len(steps) - 2)
    assert steps[-1].holds is None
    assert steps[3].rule.startswith("chain rule")
    assert text(steps[3].expr) == "<c(x), d/dx_i[c(x)]>"
    assert derive_steps(deriv(S.L, x, i), PART5_MINUS)[-1].holds is True


def test_symengine_and_sympy_agree_on_nested_derivatives():
    hess = deriv(deriv(S.L, x, 1), x, 2)
    syms = {A, x, b}
    se_val = ExplicitInstance(syms, {"n": 2, "d": 2})(hess)
    sp_val = ExplicitInstance(syms, {"n": 2, "d": 2}, engine="sympy")(hess)
    assert is_identically_zero(se_val - sp_val) is True
    assert se_val != 0


def test_symengine_diff_keeps_sympy_symbols():
    t, s = sp.symbols("t s", real=True)
    g = sp.exp(t * s) / (1 + sp.exp(t))
    out = symengine_diff(g, t)
    assert out.free_symbols == {t, s}
    assert is_identically_zero(out - sp.diff(g, t)) is True


# --- Kronecker products, vec / unvec and row blocks (the tensor trick), for all sizes ----------

def _tensor_objects():
    from proofs.papers.tensor_trick.objects import AttentionRegression
    from symbolic import kron, row_block, unvec, vec

    ar = AttentionRegression.standard()
    A1, A2, X = ar.A1, ar.A2, ar.X
    M, v, I_n = matrix("M", n, n), vector("v", n), sp.Identity(n)
    xd, j0 = vector("x", d**2), index("j0")
    right = {
        "row": (vec(ar.Z), kron(A1, A2) * vec(X)),
        "col": (vec(ar.Z, "col"), kron(A2, A1) * vec(X, "col")),
        "row-reverse": (unvec(kron(A1, A2) * xd, n, n), A1 * unvec(xd, d, d) * A2.T),
        "col-reverse": (unvec(kron(A2, A1) * xd, n, n, "col"),
                        A1 * unvec(xd, d, d, "col") * A2.T),
        "diag-row": (vec(diag(v) * M), kron(diag(v), I_n) * vec(M)),
        "diag-col": (vec(diag(v) * M, "col"), kron(I_n, diag(v)) * vec(M, "col")),
        "block": (row_block(kron(A1, A2), j0, n), kron(col(A1.T, j0).T, A2)),
        "block-row": (row_block(vec(ar.E), j0, n),
                      ob_exp(row_block(kron(A1, A2), j0, n) * vec(X))),
    }
    wrong = {
        "row with A2 ⊗ A1": (vec(ar.Z), kron(A2, A1) * vec(X)),
        "col with A1 ⊗ A2": (vec(ar.Z, "col"), kron(A1, A2) * vec(X, "col")),
        "row lhs, col rhs": (vec(ar.Z), kron(A1, A2) * vec(X, "col")),
        "row with Xᵀ": (vec(ar.Z), kron(A1, A2) * vec(X.T)),
        "reverse, A2 ⊗ A1": (unvec(kron(A2, A1) * xd, n, n), A1 * unvec(xd, d, d) * A2.T),
        "reverse, mixed orders": (unvec(kron(A1, A2) * xd, n, n, "col"),
                                  A1 * unvec(xd, d, d) * A2.T),
        "diag row with I ⊗ D": (vec(diag(v) * M), kron(I_n, diag(v)) * vec(M)),
        "diag col with D ⊗ I": (vec(diag(v) * M, "col"), kron(diag(v), I_n) * vec(M, "col")),
        "block from A2": (row_block(kron(A1, A2), j0, n), kron(col(A2.T, j0).T, A1)),
        "block of vec_col": (row_block(vec(ar.E), j0, n), row_block(vec(ar.E, "col"), j0, n)),
    }
    return right, wrong, {j0: (sp.Integer(1), n)}


def ob_exp(e):
    from symbolic import exp_

    return exp_(e)


def test_generic_proves_the_tensor_trick_for_all_sizes():
    right, _, rng = _tensor_objects()
    for name, (lhs, rhs) in right.items():
        assert generic_identity(lhs, rhs, rng) is True, name


def test_generic_never_proves_a_wrong_kronecker_order_or_vec_convention():
    _, wrong, rng = _tensor_objects()
    for name, (lhs, rhs) in wrong.items():
        assert generic_identity(lhs, rhs, rng) is None, name


def test_pairs_and_fubini_normal_form():
    from symbolic import kron, vec
    from symbolic.derivation import canonical, entry_formula

    X = matrix("X", d, d)
    f = entry_formula(kron(A, A) * vec(X))
    assert f.free_symbols >= {sp.Symbol("k1", integer=True, positive=True)}
    a, b = sp.symbols("a b", integer=True, positive=True)
    Xb = sp.IndexedBase("X")
    swapped = sp.Sum(Xb[a, b], (b, 1, d), (a, 1, n)) - sp.Sum(Xb[a, b], (a, 1, n), (b, 1, d))
    assert canonical(swapped) == 0
    transposed = sp.Sum(Xb[a, b], (b, 1, d), (a, 1, n)) - sp.Sum(Xb[b, a], (a, 1, n), (b, 1, d))
    assert canonical(transposed) != 0


def test_norms_are_opaque_atoms_never_differentiated():
    from symbolic import norm2

    R = sp.Symbol("R", positive=True)
    step = norm2(A * x)
    assert generic_identity(2 * R * step + R * step, 3 * R * step) is True
    assert generic_identity(step, norm2(x)) is None
    assert generic_identity(deriv(step, x, i), 0) is None  # not a constant


def test_an_oversized_side_ends_the_generic_check_before_the_other_is_built(monkeypatch):
    import symbolic.derivation as D

    A, x, i = matrix("A", n, d), vector("x", d), index("i")
    built = []
    real = D._formula_uncached

    def spy(e, ranges, splits):
        built.append(e)
        return real(e, ranges, splits)

    monkeypatch.setattr(D, "_formula_uncached", spy)
    monkeypatch.setattr(D, "MAX_FORMULA_NODES", 3)
    D._FORMULAS.clear()
    lhs = deriv(inner(exp_(A * x), ones(n)), x, i)
    assert D.generic_identity(lhs, inner(exp_(A * x), col(A, i))) is None
    assert built == [lhs]


def test_memoised_normalisation_gives_the_same_formula():
    import symbolic.derivation as D

    A, x = matrix("A", n, d), vector("x", d)
    e = inner(exp_(A * x), exp_(A * x)) + inner(exp_(A * x), ones(n))
    ctx = D._Ctx()
    raw = D._scalar(e, ctx)
    memo = D._normalise(raw, ctx)
    fresh = D._Ctx(dict(ctx.ranges))
    assert memo == D._normalise_uncached(raw, fresh)
    assert D._normalise(raw, ctx) is memo


def test_softmax_lse_and_cross_entropy_derivatives_for_every_n():
    """∂softmax_i/∂x_j = s_i(δ_ij − s_j) (and its transposed form s_j(δ_ij − s_i), shown by
    the case split i = j, i ≠ j), ∂LSE/∂x_i = s_i, ∂²LSE/∂x_i∂x_j = s_i(δ_ij − s_j), the
    cross-entropy gradient s − e_k; their one-symbol variants are never proved."""
    from symbolic.objects import logsumexp, softmax

    x = vector("x", n)
    i, j, k = index("i"), index("j"), index("k")
    s = softmax(x)
    delta = sp.KroneckerDelta

    def si(a):
        return entry(s, a)

    assert generic_identity(deriv(si(i), x, j), si(i) * (delta(i, j) - si(j)))
    assert generic_identity(deriv(si(i), x, j), si(j) * (delta(i, j) - si(i)))
    assert generic_identity(deriv(logsumexp(x), x, i), si(i))
    assert generic_identity(deriv(deriv(logsumexp(x), x, i), x, j),
                            si(i) * (delta(i, j) - si(j)))
    assert generic_identity(deriv(-sp.log(si(k)), x, i), si(i) - delta(i, k))
    assert generic_identity(deriv(logsumexp(x) - entry(x, k), x, i), si(i) - delta(i, k))
    for wrong in (si(i) * (delta(i, j) + si(j)), si(i) * (1 - si(j)), si(i) * delta(i, j)):
        assert generic_identity(deriv(si(i), x, j), wrong) is None
    assert generic_identity(deriv(-sp.log(si(k)), x, i), si(i) + delta(i, k)) is None
    assert generic_identity(deriv(logsumexp(x), x, i), si(i) ** 2) is None
