"""Dimension-generic identities, chain-rule steps and SymEngine generation."""

import sympy as sp

from symbolic import col, d, deriv, diag, entry, hadamard, index, inner, matrix, n, ones, vector
from symbolic.derivation import derive_steps, generic_identity, symengine_diff, text
from symbolic.explicit import ExplicitInstance
from symbolic.identity import is_identically_zero
from symbolic.softmax import SoftmaxRegression

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
