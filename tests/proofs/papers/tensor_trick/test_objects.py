"""The attention-regression objects: shapes, entry formulas, index arguments, exact identities."""

import sympy as sp

from proofs.papers.tensor_trick.objects import (
    AttentionRegression,
    Block,
    index_argument,
    standard_symbols,
    vec_normalized,
)
from symbolic import kron, vec
from symbolic.explicit import ExplicitInstance
from symbolic.identity import matrix_identically_zero
from symbolic.latex import latex


def _inst(ar, n=2, d=2, idx=None):
    return ExplicitInstance({ar.A1, ar.A2, ar.X, ar.B}, {"n": n, "d": d}, idx)


def test_shapes_and_latex():
    ar = AttentionRegression.standard()
    blk = ar.block(1)
    n, d = sp.Symbol("n", integer=True, positive=True), sp.Symbol("d", integer=True, positive=True)
    assert ar.AA.shape == (n**2, d**2)
    assert blk.Aj.shape == (n, d**2)
    assert latex(ar.D_inv) == "D(X)^{-1}"
    assert latex(blk.q) == "q(x)_{1}"


def test_index_arguments():
    for name in ("row", "col", "row-reverse", "col-reverse", "block", "diag-row", "diag-col"):
        assert index_argument(name) is True, name
    assert index_argument("col-wrong") is False
    assert index_argument("diag-col-wrong") is False


def test_tensor_trick_exact_at_2x3():
    ar = AttentionRegression.standard()
    inst = _inst(ar, 2, 3)
    diff = inst(vec(ar.Z)) - inst(kron(ar.A1, ar.A2) * vec(ar.X))
    assert matrix_identically_zero(diff) is True
    wrong = inst(vec(ar.Z, "col")) - inst(kron(ar.A1, ar.A2) * vec(ar.X, "col"))
    assert matrix_identically_zero(wrong) is False


def test_normalized_rows_sum_to_one_and_block_is_f():
    ar = AttentionRegression.standard()
    for j0 in (1, 2):
        inst = _inst(ar, 2, 2)
        S = inst(ar.normalized)
        assert sp.cancel(sp.together(sum(S[j0 - 1, :]) - 1)) == 0
        f = inst(ar.block(j0).f)
        assert matrix_identically_zero(sp.Matrix(S[j0 - 1, :]).T - f) is True


def test_vec_normalized_matches_matrix_form():
    ar = AttentionRegression.standard()
    inst = _inst(ar, 2, 1)
    lhs = inst(vec_normalized(kron(ar.A1, ar.A2), vec(ar.X)))
    assert matrix_identically_zero(lhs - inst(vec(ar.normalized))) is True


def test_block_q_is_row_of_rescaled_residual():
    ar = AttentionRegression.standard()
    inst = _inst(ar, 2, 1)
    Q = inst(ar.rescaled_residual)
    q = inst(ar.block(2).q)
    assert matrix_identically_zero(sp.Matrix(Q[1, :]).T - q) is True
    assert not hasattr(Block(standard_symbols()["AA"], standard_symbols()["x"], 1), "h")


def test_matrix_forms_of_the_vector_losses():
    from proofs.papers.tensor_trick.objects import mat_normalized, mat_residual, vec_residual

    S = standard_symbols()
    AA, x, b = S["AA"], S["x"], S["b"]
    inst = ExplicitInstance({AA, x, b}, {"n": 2, "d": 1})
    assert matrix_identically_zero(inst(vec(mat_normalized(AA, x)))
                                   - inst(vec_normalized(AA, x))) is True
    assert matrix_identically_zero(inst(vec(mat_residual(AA, x, b)))
                                   - inst(vec_residual(AA, x, b))) is True
