"""``closeness`` Section 7 (Lipschitz with respect to A): Definitions 7.1, 7.3, Claim 7.2,
Lemmas 7.4-7.8, as printed, plus the sharpest constants (``extra``).

Section 7 repeats Section 5 with ``A_t -> A_{t+1}`` moving and ``x`` fixed. ``||A_{t+1} -
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
from proofs.papers.closeness.section5 import (
    BETA_01,
    CENT,
    DIMS,
    HALF,
    R_ANY,
    R_BIG,
    R_GE_4,
    Pair,
    R,
    b,
    beta,
    lemma_5_5_like,
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

DEF_7_1 = Lemma(
    "closeness:definition-7.1", "Definition 7.1",
    Prop(norm2(P.f1 - b) ** 2, "=", norm2(P.f0 - b + P.db) ** 2), dims=DIMS,
    description="delta_b solves ||f(A_{t+1}) - b||^2 = ||f(A_t) - b + delta_b||^2 "
                "(the solution Claim 7.2 picks)",
    note="A definition by an equation; the entry checks that the solution Claim 7.2 picks "
         "satisfies it (see the Section 5 extras for the other solutions).",
)

CLAIM_7_2 = Lemma(
    "closeness:claim-7.2", "Claim 7.2", Prop(P.db, "=", P.f1 - P.f0), dims=DIMS,
    cites=("closeness:definition-7.1",), description="delta_b = f(A_{t+1}) - f(A_t)",
    note="The text calls it 'Reparameterized x by A in Definition 5.2'; it is Claim 5.2.",
)

DEF_7_3 = Lemma(
    "closeness:definition-7.3", "Definition 7.3", Prop(P.db, "=", P.db1 + P.db2), dims=DIMS,
    description="delta_{b,1}, delta_{b,2} split delta_b (w.r.t. A)",
    note="A definition; the entry checks that the two terms sum to delta_b.",
)

LEMMA_7_4 = Lemma(
    "closeness:lemma-7.4", "Lemma 7.4", dims=DIMS,
    description="delta_b = delta_{b,1} + delta_{b,2} and the alpha forms (w.r.t. A)",
    parts=[
        Lemma("closeness:lemma-7.4:part-1", "Lemma 7.4, bullet 1",
              Prop(P.db, "=", P.db1 + P.db2), dims=DIMS,
              description="delta_b = delta_{b,1} + delta_{b,2}",
              proof=Chain(P.db, [
                  Link("=", P.db1 + P.db2, "the definitions of delta_b",
                       cites=("closeness:definition-7.3",)),
                  Link("=", P.a1**-1 * P.u1 - P.a0**-1 * P.u1 + P.a0**-1 * P.u1
                       - P.a0**-1 * P.u0, "the definitions of delta_{b,1} and delta_{b,2}",
                       cites=("closeness:definition-7.3",)),
                  Link("=", P.a1**-1 * P.u1 - P.a0**-1 * P.u0, "simple algebra"),
                  Link("=", P.s1**-1 * P.u1 - P.s0**-1 * P.u0, "the definition of alpha"),
              ])),
        Lemma("closeness:lemma-7.4:part-2", "Lemma 7.4, bullet 2",
              Prop(P.db1, "=", (P.a1**-1 - P.a0**-1) * P.u1), dims=DIMS,
              description="delta_{b,1} = (alpha(A_{t+1})^-1 - alpha(A_t)^-1) exp(A_{t+1} x)"),
        Lemma("closeness:lemma-7.4:part-3", "Lemma 7.4, bullet 3",
              Prop(P.db2, "=", P.a0**-1 * (P.u1 - P.u0)), dims=DIMS,
              description="delta_{b,2} = alpha(A_t)^-1 (exp(A_{t+1} x) - exp(A_t x))"),
    ],
)

BIND_7_5 = {
    "closeness:lemma-7.8": {"A": At1, "B": At},
    "closeness:lemma-7.7": {"A": At1, "B": At},
    "closeness:lemma-7.6": {"A": At1, "B": At},
}

LEMMA_7_5 = lemma_5_5_like(
    "7.5", P, DA, PROOF_7_5, DIMS, {"inv": "7.8", "alpha": "7.7", "exp": "7.6"}, BIND_7_5,
    part2_rhs_factor=sp.sqrt(n) * R,
    part2_note="Part 2 prints 2 beta^-1 sqrt(n) R exp(R^2); its proof ends at "
               "2 beta^-1 sqrt(n) R exp(2R^2).",
    corrected2=Prop(norm2(P.db2), "<=", 2 * beta**-1 * sp.sqrt(n) * R * sp.exp(2 * R**2) * DA),
    part2_finding="missing-hypothesis",
)

LEMMA_7_5_WITH_PROOF_HYPS = [
    Lemma(f"closeness:extra-lemma-7.5-part-{k}-proof-hypotheses",
          f"Lemma 7.5, Part {k}, with the hypotheses its proof uses",
          part.statement, hypotheses=(*BETA_01, R_GE_4, *PROOF_7_5), dims=DIMS, ranges=R_BIG,
          description=f"Lemma 7.5 Part {k} as printed, under ||A_t||, ||A_t+1||, ||x|| <= R, "
                      "the 0.01 shift and beta <= alpha")
    for k, part in enumerate(LEMMA_7_5.parts, start=1)
]

LEMMA_7_6 = Lemma(
    "closeness:lemma-7.6", "Lemma 7.6",
    Prop(norm2(exp_(A * x) - exp_(B * x)), "<=",
         2 * sp.sqrt(n * R) * sp.exp(R**2) * opnorm(A - B)),
    hypotheses=(Prop(norminf((A - B) * x), "<", CENT), Prop(opnorm(A), "<=", R),
                Prop(norm2(x), "<=", R)),
    dims=DIMS, ranges=R_ANY,
    description="||exp(Ax) - exp(Bx)||_2 <= 2 sqrt(nR) exp(R^2) ||A - B|| (as printed)",
    note="Printed with sqrt(nR); the proof ends at 2 sqrt(n) R exp(R^2). False like Lemma 5.6 "
         "for n = 1, R > 4.04 (A = R, x = R, B -> A), but the search does not reach that "
         "corner reliably at the default budget, so no verdict is pinned. Step 1's "
         "justification names ||A(y-x)||_inf < 0.01 (Section 5's hypothesis) and the last "
         "step names ||A|| <= R where it uses ||x||_2 <= R.",
    finding="false-statement",
    corrected=Prop(norm2(exp_(A * x) - exp_(B * x)), "<=",
                   2 * sp.sqrt(n) * R * sp.exp(R**2) * opnorm(A - B)),
    proof=Chain(norm2(exp_(A * x) - exp_(B * x)), [
        Link("<=", norm2(exp_(A * x)) * 2 * norminf((A - B) * x),
             "||A(y-x)||_inf < 0.01 and Fact 3.1", cites=("closeness:fact-3.1:item-4",),
             bind={"closeness:fact-3.1:item-4": {"x": A * x, "y": B * x}}),
        Link("<=", sp.sqrt(n) * sp.exp(norm2(A * x)) * 2 * norminf((A - B) * x), "Fact 3.1",
             cites=("closeness:fact-3.1:item-2", "closeness:fact-3.1:item-3")),
        Link("<=", sp.sqrt(n) * sp.exp(R**2) * 2 * norm2((A - B) * x), "Fact 3.2",
             cites=("closeness:fact-3.2:item-4",)),
        Link("<=", sp.sqrt(n) * sp.exp(R**2) * 2 * opnorm(A - B) * norm2(x), "Fact 3.2",
             cites=("closeness:fact-3.2:item-4",)),
        Link("<=", 2 * sp.sqrt(n) * R * sp.exp(R**2) * opnorm(A - B), "||A|| <= R"),
    ]),
)

alpha_A, alpha_B = inner(exp_(A * x), ones(n)), inner(exp_(B * x), ones(n))
LEMMA_7_7 = Lemma(
    "closeness:lemma-7.7", "Lemma 7.7",
    Prop(abs_(alpha_A - alpha_B), "<=", norm2(exp_(A * x) - exp_(B * x)) * sp.sqrt(n)),
    dims=DIMS, description="|alpha(A) - alpha(B)| <= ||exp(Ax) - exp(Bx)||_2 sqrt(n)",
    note="Step 2 cites 'Cauchy-Schwarz inequality (Fact 3.1)'; Fact 3.1 has no such item.",
    proof=Chain(abs_(alpha_A - alpha_B), [
        Link("=", abs_(inner(exp_(A * x) - exp_(B * x), ones(n))), "the definition of alpha"),
        Link("<=", norm2(exp_(A * x) - exp_(B * x)) * sp.sqrt(n),
             "Cauchy-Schwarz inequality (Fact 3.1)", cites=("closeness:fact-3.1",)),
    ]),
)

LEMMA_7_8 = Lemma(
    "closeness:lemma-7.8", "Lemma 7.8",
    Prop(abs_(alpha_A**-1 - alpha_B**-1), "<=", beta**-2 * abs_(alpha_A - alpha_B)),
    hypotheses=(Prop(alpha_A, ">=", beta), Prop(alpha_B, ">=", beta)),
    dims={"n": (1, 64), "d": (1, 4)},
    description="alpha(A), alpha(B) >= beta implies |alpha(A)^-1 - alpha(B)^-1| <= "
                "beta^-2 |alpha(A) - alpha(B)|",
    note="No sign condition on beta is listed.",
    expect="refuted", finding="missing-hypothesis",
    corrected="add beta > 0",
    proof=Chain(abs_(alpha_A**-1 - alpha_B**-1), [
        Link("=", alpha_A**-1 * alpha_B**-1 * abs_(alpha_A - alpha_B), "simple algebra"),
        Link("<=", beta**-2 * abs_(alpha_A - alpha_B), "alpha(A) >= beta, alpha(B) >= beta",
             expect="refuted", finding="missing-hypothesis",
             note="Needs beta > 0: from alpha >= beta alone, alpha^-1 <= beta^-1 fails for "
                  "beta <= 0."),
    ]),
)

SHARP_7 = [
    Lemma("closeness:extra-lemma-7.5-part-3-sharp",
          "sharpest constant for Lemma 7.5 Part 3 / Theorem 8.2",
          Prop(norm2(P.f1 - P.f0), "<=", HALF * R * DA),
          hypotheses=(Prop(norm2(x), "<=", R),), dims=DIMS, ranges=R_ANY,
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
