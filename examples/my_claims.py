"""Your own claims, checked with ``proofcheck check examples/my_claims.py``.

Every module-level ``Claim`` (or ``Lemma``) is checked; set ``CLAIMS = [...]`` to choose.
"""

import sympy as sp

from proofs.model import Lemma
from symbolic import Claim, Prop, d, matrix, n, norm2, opnorm, scalar, vector
from symbolic.regression import SoftmaxRegression

R = scalar("R")
A, x = matrix("A", n, d), vector("x", d)

# A scalar inequality on an unbounded domain: the interval prover proves it rigorously.
growth = Claim("mine:lemma-1", 4 * R, "<=", sp.exp(6 * R**2),
               hypotheses=[Prop(R, ">=", 4)], source="my notes, Lemma 1")

# A matrix-vector bound: sampling and adversarial search give evidence (supported).
operator_bound = Claim("mine:lemma-2", norm2(A * x), "<=", R**2,
                       hypotheses=[Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)],
                       source="my notes, Lemma 2", dims={"n": (1, 16), "d": (1, 8)})

# A wrong constant: the softmax output has l2 norm at most 1, not at most 1/2.
# A claim holds mathematics only; an entry (Lemma) pins the verdict a finding has established.
softmax_norm = Lemma.of(
    Claim("mine:lemma-3", norm2(SoftmaxRegression(A, x).f), "<=", sp.Rational(1, 2),
          source="my notes, Lemma 3 (wrong on purpose)"), expect="refuted")
