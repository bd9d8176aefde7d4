"""Facts about the data tensor 𝖠 = A1 ⊗ A2 used by the theorems (derived, standard)."""

from __future__ import annotations

from proofs.model import Lemma
from proofs.papers.tensor_trick.common import A1, A2, C1, C2, RECON, SIZES
from symbolic import Prop, kron, opnorm

ENTRIES = [
    Lemma("tensor-trick:extra-kron-norm", "spectral norm of a Kronecker product (standard)",
          Prop(opnorm(kron(A1, A2)), "=", opnorm(A1) * opnorm(A2)), dims=SIZES,
          note=RECON + " Singular values of A1 ⊗ A2 are the products of those of A1 and A2; "
               "so the hypothesis ||𝖠|| <= R reads ||A1|| ||A2|| <= R.",
          description="||A1 ⊗ A2|| = ||A1|| ||A2||"),
    Lemma("tensor-trick:extra-kron-difference", "data update of 𝖠 in terms of A1, A2 (derived)",
          Prop(opnorm(kron(A1, A2) - kron(C1, C2)), "<=",
               opnorm(A1 - C1) * opnorm(A2) + opnorm(C1) * opnorm(A2 - C2)), dims=SIZES,
          note=RECON + " A1⊗A2 - C1⊗C2 = (A1-C1)⊗A2 + C1⊗(A2-C2) and extra-kron-norm: the "
               "A-variant bounds in ||𝖠 - 𝖠~|| translate to the original data.",
          description="||A1⊗A2 - C1⊗C2|| <= ||A1-C1|| ||A2|| + ||C1|| ||A2-C2||"),
]
