"""Gradients of the building blocks and of both losses (reconstruction, derived here).

Per block (``closeness`` Lemma 4.5 with ``𝖠_{j0}`` for ``A``), the vector form over all blocks
(``∇_x L = 2 𝖠ᵀ g``), and the matrix form ``∇_X L = A1ᵀ P A2`` with ``P`` from
:func:`proofs.papers.tensor_trick.objects.grad_matrix_P`. Each is decided exactly on the grid
(explicit coordinates, ``exp`` -> positive symbols, ``cancel``) and by high-precision
differentiation of the loss (complex step, ``mpmath.diff``).
"""

from __future__ import annotations

import sympy as sp

from proofs.model import Lemma
from proofs.papers.tensor_trick.common import AA, AR, HQ, RECON, b, i, j, j0, x
from proofs.papers.tensor_trick.objects import (
    Block,
    grad_matrix_P,
    grad_vec_normalized,
    grad_vec_rescaled,
    vec_normalized,
    vec_residual,
)
from symbolic import Prop, col, deriv, entry, hadamard, inner, n
from symbolic.objects import norm2, row_block

GRAD_DIMS = {"n": (1, 3), "d": (1, 2)}
blk = Block(AA, x, j0, n, row_block(b, j0, n))
a_i = col(blk.Aj, i)
WHY = ("Chain rule, as closeness Lemma 4.5 (closeness:lemma-4.5) with the block 𝖠_{j0} in "
       "place of A: d exp(𝖠_{j0}x)/dx_i = exp(𝖠_{j0}x) ∘ (𝖠_{j0})_{*,i}; the rest by the "
       "product and quotient rules.")


LOSS_DIMS = {"n": (1, 2), "d": (1, 2)}  # the exact grid times out at n = 3, d = 2 (20 s)


def _g(part: int, expr, closed, what: str, note: str = "") -> Lemma:
    return Lemma(f"tensor-trick:lemma-gradient:part-{part}", f"gradient, part {part} (derived)",
                 Prop(expr, "=", closed), dims=GRAD_DIMS if part <= 6 else LOSS_DIMS,
                 note=RECON + " " + WHY + note,
                 cites=("closeness:lemma-4.5",), description=what)


L_N = norm2(vec_normalized(AA, x) - b) ** 2
L_R = norm2(vec_residual(AA, x, b)) ** 2
P_N, P_R = grad_matrix_P(AR, "normalized"), grad_matrix_P(AR, "rescaled")

ENTRIES = [
    _g(1, deriv(blk.u, x, i), hadamard(blk.u, a_i), "du_{j0}/dx_i = u_{j0} ∘ (𝖠_{j0})_{*,i}"),
    _g(2, deriv(blk.alpha, x, i), inner(blk.u, a_i), "dα_{j0}/dx_i = <u_{j0}, (𝖠_{j0})_{*,i}>"),
    _g(3, deriv(blk.alpha_inv, x, i), -blk.alpha_inv * inner(blk.f, a_i),
       "dα_{j0}^{-1}/dx_i = -α^{-1} <f, (𝖠_{j0})_{*,i}>"),
    _g(4, deriv(blk.f, x, i), -inner(blk.f, a_i) * blk.f + hadamard(blk.f, a_i),
       "df_{j0}/dx_i = dc_{j0}/dx_i = -<f, a_i> f + f ∘ a_i"),
    _g(5, deriv(blk.h, x, i), inner(blk.u, a_i) * blk.b,
       "dh_{j0}/dx_i = <u, a_i> b_{j0} (h assumed)", HQ),
    _g(6, deriv(blk.q, x, i), hadamard(blk.u, a_i) - inner(blk.u, a_i) * blk.b,
       "dq_{j0}/dx_i = u ∘ a_i - <u, a_i> b_{j0} (q assumed)", HQ),
    _g(7, deriv(L_N, x, i), 2 * inner(col(AA, i), grad_vec_normalized(AA, x, b)),
       "∇_x Normalized loss = 2 𝖠ᵀ g_N, block j0 of g_N is f∘c - <f,c> f"),
    _g(8, deriv(L_R, x, i), 2 * inner(col(AA, i), grad_vec_rescaled(AA, x, b)),
       "∇_x Rescaled loss = 2 𝖠ᵀ g_R, block j0 of g_R is u∘q - <q,b_{j0}> u"),
    _g(9, deriv(AR.L_norm, AR.X, i, j), entry(AR.A1.T * P_N * AR.A2, i, j),
       "∇_X Normalized loss = A1ᵀ P_N A2, P_N = 2(S∘C - diag((S∘C)1)S), S = D^{-1}E, C = S - B"),
    _g(10, deriv(AR.L_resc, AR.X, i, j), entry(AR.A1.T * P_R * AR.A2, i, j),
       "∇_X Rescaled loss = A1ᵀ P_R A2, P_R = 2(Q∘E - diag((Q∘B)1)E), Q = E - D B"),
]
_ = sp
