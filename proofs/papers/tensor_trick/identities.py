"""The tensor trick and the matrix <-> vector equivalences (reconstruction, see ``common``).

Every identity is proved for all ``n, d`` by the dimension-generic engine
(:func:`symbolic.derivation.generic_identity`), which reads ``⊗``, ``vec``, ``unvec`` and row
blocks itself (an index of a dimension of size ``ab`` is the pair ``(i, j)``, ``p = (i-1)b + j``),
and cross-checked exactly on the grid. The planted wrong conventions are never proved and come
out refuted (``finding=PLANTED``: not listed as findings of the paper).
"""

from __future__ import annotations

import sympy as sp

from proofs.model.lemma import PLANTED as PLANTED_FINDING
from proofs.model.lemma import Lemma
from proofs.papers.tensor_trick.common import (
    A1,
    A2,
    AA,
    AR,
    PLANTED,
    RECON,
    SIZES,
    SMALL,
    B,
    X,
    b,
    j0,
    x,
)
from proofs.papers.tensor_trick.objects import (
    Block,
    mat_normalized,
    mat_residual,
    vec_normalized,
    vec_residual,
)
from symbolic import Prop, col, d, diag, exp_, kron, n, row_block, unvec, vec, vector
from symbolic.objects import matrix

M = matrix("M", n, n)
v = vector("v", n)
I_n = sp.Identity(n)
xd = vector("x", d**2)
ALL = ("; all sizes: dimension-generic entry formulas (vec/⊗ indices as pairs); the hand-written "
       "index argument proofs.papers.tensor_trick.objects.index_argument('{}') agrees.")

TENSOR = [
    Lemma("tensor-trick:lemma-tensor-trick:part-1", "tensor trick, row-major vec (README)",
          Prop(vec(AR.Z), "=", kron(A1, A2) * vec(X)), dims=SMALL,
          note=RECON + ALL.format("row"),
          description="vec(A1 X A2ᵀ) = (A1 ⊗ A2) vec(X), row-major vec"),
    Lemma("tensor-trick:lemma-tensor-trick:part-2", "tensor trick, column-major vec (README)",
          Prop(vec(AR.Z, "col"), "=", kron(A2, A1) * vec(X, "col")), dims=SMALL,
          note=RECON + ALL.format("col"),
          description="vec_col(A1 X A2ᵀ) = (A2 ⊗ A1) vec_col(X)"),
    Lemma("tensor-trick:lemma-tensor-trick:part-3", "tensor trick, reverse direction, row-major",
          Prop(unvec(kron(A1, A2) * xd, n, n), "=", A1 * unvec(xd, d, d) * A2.T),
          dims=SIZES, note=RECON + ALL.format("row-reverse"),
          description="mat((A1 ⊗ A2) x) = A1 mat(x) A2ᵀ, row-major"),
    Lemma("tensor-trick:lemma-tensor-trick:part-4", "tensor trick, reverse direction, column-major",
          Prop(unvec(kron(A2, A1) * xd, n, n, "col"), "=",
               A1 * unvec(xd, d, d, "col") * A2.T),
          dims=SIZES, note=RECON + ALL.format("col-reverse"),
          description="mat_col((A2 ⊗ A1) x) = A1 mat_col(x) A2ᵀ"),
    Lemma("tensor-trick:extra-tensor-trick-wrong-convention",
          "planted: column-major vec with A1 ⊗ A2",
          Prop(vec(AR.Z, "col"), "=", kron(A1, A2) * vec(X, "col")), dims=SIZES,
          note=PLANTED, expect="refuted", finding=PLANTED_FINDING,
          description="(planted, wrong) vec_col(A1 X A2ᵀ) = (A1 ⊗ A2) vec_col(X)"),
    Lemma("tensor-trick:lemma-block-row:part-1", "row j0 of exp(A1 X A2ᵀ) (README)",
          Prop(row_block(vec(AR.E), j0, n), "=", exp_(row_block(kron(A1, A2), j0, n) * vec(X))),
          dims=SIZES, note=RECON,
          description="row j0 of exp(A1XA2ᵀ) is exp(𝖠_{j0} x)"),
    Lemma("tensor-trick:lemma-block-row:part-2", "block 𝖠_{j0} (README)",
          Prop(row_block(kron(A1, A2), j0, n), "=", kron(col(A1.T, j0).T, A2)),
          dims=SIZES, note=RECON + ALL.format("block"),
          description="𝖠_{j0} = (e_{j0}ᵀ A1) ⊗ A2"),
]

DIAG = [
    Lemma("tensor-trick:lemma-vec-diag:part-1", "vec(D M), row-major (derived)",
          Prop(vec(diag(v) * M), "=", kron(diag(v), I_n) * vec(M)), dims=SIZES,
          note=RECON + ALL.format("diag-row"),
          description="vec(D M) = (D ⊗ I_n) vec(M) for diagonal D, row-major vec"),
    Lemma("tensor-trick:lemma-vec-diag:part-2", "vec(D M), column-major (derived)",
          Prop(vec(diag(v) * M, "col"), "=", kron(I_n, diag(v)) * vec(M, "col")), dims=SIZES,
          note=RECON + ALL.format("diag-col"),
          description="vec_col(D M) = (I_n ⊗ D) vec_col(M)"),
    Lemma("tensor-trick:extra-vec-diag-wrong-convention", "planted: column-major with D ⊗ I_n",
          Prop(vec(diag(v) * M, "col"), "=", kron(diag(v), I_n) * vec(M, "col")), dims=SIZES,
          note=PLANTED, expect="refuted", finding=PLANTED_FINDING,
          description="(planted, wrong) vec_col(D M) = (D ⊗ I_n) vec_col(M)"),
]

_blk = Block(kron(A1, A2), vec(X), j0, n, row_block(vec(B), j0, n))
EQUIV = [
    Lemma("tensor-trick:lemma-equivalence:part-1", "Normalized loss, matrix = vector form",
          Prop(AR.L_norm, "=", AR.vector_losses()[0]), dims=SIZES, note=RECON,
          description="||D(X)^{-1} exp(A1XA2ᵀ) - B||_F² = ||(D^{-1}⊗I)exp(𝖠x) - vec(B)||²"),
    Lemma("tensor-trick:lemma-equivalence:part-2", "Rescaled loss, matrix = vector form",
          Prop(AR.L_resc, "=", AR.vector_losses()[1]), dims=SIZES, note=RECON,
          description="||exp(A1XA2ᵀ) - D(X)B||_F² = ||exp(𝖠x) - (D⊗I) vec(B)||²"),
    Lemma("tensor-trick:lemma-equivalence:part-3", "Normalized: block j0 is f(x)_{j0}",
          Prop(row_block(vec(AR.normalized), j0, n), "=", _blk.f), dims=SIZES, note=RECON,
          description="row j0 of D(X)^{-1} exp(A1XA2ᵀ) is f(x)_{j0}"),
    Lemma("tensor-trick:lemma-equivalence:part-4", "Rescaled: block j0 is q(x)_{j0}",
          Prop(row_block(vec(AR.rescaled_residual), j0, n), "=", _blk.q), dims=SIZES,
          note=RECON + " q is an assumption (see notes).",
          description="row j0 of exp(A1XA2ᵀ) - D(X)B is q(x)_{j0} = u - α b"),
    Lemma("tensor-trick:lemma-equivalence:part-5", "vector forms with free 𝖠, x",
          Prop(vec_normalized(kron(A1, A2), vec(X)), "=", vec(AR.normalized)), dims=SIZES,
          note=RECON, description="(D^{-1} ⊗ I) exp(𝖠x) = vec(D(X)^{-1} exp(A1XA2ᵀ))"),
    Lemma("tensor-trick:lemma-equivalence:part-6", "vector residual",
          Prop(vec_residual(kron(A1, A2), vec(X), vec(B)), "=", vec(AR.rescaled_residual)),
          dims=SIZES, note=RECON,
          description="exp(𝖠x) - (D ⊗ I) vec(B) = vec(exp(A1XA2ᵀ) - D(X) B)"),
]

UNVEC = [
    Lemma("tensor-trick:extra-unvec-normalized", "matrix form of the Normalized vector (derived)",
          Prop(vec(mat_normalized(AA, x)), "=", vec_normalized(AA, x)), dims=SIZES,
          note=RECON + " Used by theorem-icl-normalized-a (log space evaluates no ⊗).",
          description="vec(D^{-1} U) = (D^{-1} ⊗ I) exp(𝖠x), U = mat(exp(𝖠x)), D = diag(U 1)"),
    Lemma("tensor-trick:extra-unvec-residual", "matrix form of the Rescaled residual (derived)",
          Prop(vec(mat_residual(AA, x, b)), "=", vec_residual(AA, x, b)), dims=SIZES,
          note=RECON + " Used by theorem-icl-rescaled-a.",
          description="vec(U - diag(U 1) mat(b)) = exp(𝖠x) - (D ⊗ I) b"),
]

ENTRIES = [*TENSOR, *DIAG, *EQUIV, *UNVEC]
