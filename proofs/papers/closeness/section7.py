"""``closeness`` Section 7 (Lipschitz with respect to A): Definitions 7.1, 7.3, Claim 7.2,
Lemmas 7.4-7.8, as printed, plus the sharpest constants (``extra``).

Section 7 repeats Section 5 with ``A_t -> A_{t+1}`` moving and ``x`` fixed; the entries the two
share (7.1-7.8) are written once in :mod:`proofs.papers.closeness.mirror`. ``||A_{t+1} -
A_t||_2`` of a matrix (Lemma 7.5's statements) is read as the spectral norm, which its proofs
use. Lemma 7.5 lists the hypotheses of Lemma 5.5 only; what its proof uses beyond them is
attached to its steps.

Example:
    >>> from proofs.papers.closeness.section7 import ENTRIES
    >>> [e.id for e in ENTRIES][:2]
    ['closeness:definition-7.1', 'closeness:claim-7.2']
"""

from __future__ import annotations

import sympy as sp

from proofs.model import Chain, Lemma, Link
from proofs.papers.closeness.mirror import (
    CENT,
    DIMS,
    R_ANY,
    Pair,
    R,
    alpha_gap_like,
    beta,
    delta_split,
    exp_lipschitz_like,
    inverse_gap_like,
    lemma_5_5_like,
    part_3_sharp_like,
    with_proof_hypotheses,
)
from symbolic import Prop, abs_, d, exp_, inner, matrix, n, norm2, norminf, ones, opnorm, vector

At, At1 = matrix("A_t", n, d), matrix("A_{t+1}", n, d)
A, B = matrix("A", n, d), matrix("B", n, d)
x = vector("x", d)
P = Pair(At1, x, At, x, "A_{t+1}", "A_t")
DA = opnorm(At1 - At)
SHIFT = Prop(norminf((At1 - At) * x), "<", CENT)
PROOF_7_5 = (Prop(opnorm(At), "<=", R), Prop(opnorm(At1), "<=", R), Prop(norm2(x), "<=", R),
             SHIFT, Prop(P.a1, ">=", beta), Prop(P.a0, ">=", beta))

SPLIT_7 = delta_split("7", P, DIMS, {
    "note-1": "A definition by an equation; the entry checks that the solution Claim 7.2 picks "
              "satisfies it (see the Section 5 extras for the other solutions).",
    "note-2": "The text calls it 'Reparameterized x by A in Definition 5.2'; it is Claim 5.2.",
    "what-3": " (w.r.t. A)",
    "note-3": "A definition; the entry checks that the two terms sum to delta_b.",
    "what-4": " (w.r.t. A)",
    "ux1": "A_{t+1} x", "ux0": "A_t x",
})
DEF_7_1, CLAIM_7_2, DEF_7_3, LEMMA_7_4 = SPLIT_7.values()

LEMMA_7_5 = lemma_5_5_like(
    "7.5", P, DA, PROOF_7_5, DIMS, {"inv": "7.8", "alpha": "7.7", "exp": "7.6"},
    {"A": At1, "B": At},
    part2_rhs_factor=sp.sqrt(n) * R,
    part2_note="Part 2 prints 2 beta^-1 sqrt(n) R exp(R^2); its proof ends at "
               "2 beta^-1 sqrt(n) R exp(2R^2).",
    corrected2=Prop(norm2(P.db2), "<=", 2 * beta**-1 * sp.sqrt(n) * R * sp.exp(2 * R**2) * DA),
    part2_finding="missing-hypothesis",
)

LEMMA_7_5_WITH_PROOF_HYPS = with_proof_hypotheses(LEMMA_7_5, PROOF_7_5,
                                                  "||A_t||, ||A_t+1||, ||x||", DIMS)

LEMMA_7_6 = exp_lipschitz_like(
    "7.6", A * x, B * x, (A - B) * x, opnorm(A - B) * norm2(x), opnorm(A - B),
    (Prop(norminf((A - B) * x), "<", CENT), Prop(opnorm(A), "<=", R),
     Prop(norm2(x), "<=", R)), DIMS,
    description="||exp(Ax) - exp(Bx)||_2 <= 2 sqrt(nR) exp(R^2) ||A - B|| (as printed)",
    note="Printed with sqrt(nR); the proof ends at 2 sqrt(n) R exp(R^2). False like Lemma 5.6 "
         "for n = 1, R > 4.04 (A = R, x = R, B -> A): the sampler's all-norm-bounds-active "
         "edge case (||A|| = ||x|| = R together) reaches that corner. Step 1's "
         "justification names ||A(y-x)||_inf < 0.01 (Section 5's hypothesis) and the last "
         "step names ||A|| <= R where it uses ||x||_2 <= R.",
    expect="refuted",
)

alpha_A, alpha_B = inner(exp_(A * x), ones(n)), inner(exp_(B * x), ones(n))
LEMMA_7_7 = alpha_gap_like(
    "7.7", "Lemma 7.7", A * x, B * x, DIMS,
    description="|alpha(A) - alpha(B)| <= ||exp(Ax) - exp(Bx)||_2 sqrt(n)",
    note="Step 2 cites 'Cauchy-Schwarz inequality (Fact 3.1)'; Fact 3.1 has no such item.",
    proof=Chain(abs_(alpha_A - alpha_B), [
        Link("=", abs_(inner(exp_(A * x) - exp_(B * x), ones(n))), "the definition of alpha"),
        Link("<=", norm2(exp_(A * x) - exp_(B * x)) * sp.sqrt(n),
             "Cauchy-Schwarz inequality (Fact 3.1)", cites=("closeness:fact-3.1",)),
    ]),
)

LEMMA_7_8 = inverse_gap_like(
    "7.8", "Lemma 7.8", A * x, B * x, ("A", "B"),
    note="No sign condition on beta is listed.",
    proof=Chain(abs_(alpha_A**-1 - alpha_B**-1), [
        Link("=", alpha_A**-1 * alpha_B**-1 * abs_(alpha_A - alpha_B), "simple algebra"),
        Link("<=", beta**-2 * abs_(alpha_A - alpha_B), "alpha(A) >= beta, alpha(B) >= beta",
             expect="refuted", finding="missing-hypothesis",
             note="Needs beta > 0: from alpha >= beta alone, alpha^-1 <= beta^-1 fails for "
                  "beta <= 0."),
    ]),
)

SHARP_7 = [
    part_3_sharp_like(
        "7.5", "8.2", P, DA, (Prop(norm2(x), "<=", R),),
        description="||f(A_{t+1}) - f(A_t)||_2 <= (R/2) ||A_{t+1} - A_t|| when ||x|| <= R",
        note="Softmax is 1/2-Lipschitz (see extra-softmax-lipschitz) and "
             "||(A_{t+1} - A_t) x||_2 <= ||A_{t+1} - A_t|| R. Paper: 4 beta^-2 n^1.5 R "
             "exp(2R^2) and n^1.5 exp(10R^2)."),
    Lemma("closeness:extra-lemma-7.6-sharp", "sharpest constant for Lemma 7.6",
          Prop(norm2(exp_(A * x) - exp_(B * x)), "<=",
               R * sp.exp(R**2) * sp.exp(norminf((A - B) * x)) * opnorm(A - B)),
          hypotheses=(Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)),
          dims=DIMS, ranges=R_ANY,
          description="||exp(Ax) - exp(Bx)||_2 <= R exp(R^2) e^{||(A-B)x||_inf} ||A - B||",
          note="B is not bounded, so exp(Bx) may exceed exp(R^2) by the factor "
               "e^{||(A-B)x||_inf} <= e^{0.01}; the paper's proof reaches 2 sqrt(n) R "
               "exp(R^2)."),
]

ENTRIES = [DEF_7_1, CLAIM_7_2, DEF_7_3, LEMMA_7_4, LEMMA_7_5, *LEMMA_7_5_WITH_PROOF_HYPS,
           LEMMA_7_6, LEMMA_7_7, LEMMA_7_8, *SHARP_7]
