"""``closeness`` Section 5 (Lipschitz with respect to x): Definitions 5.1, 5.3, Claim 5.2,
Lemmas 5.4-5.8, as printed, plus the sharpest constants the toolkit establishes (``extra``).

Reading of the extraction: ``x_t``/``x_{t+1}`` are the iterates, ``||A(x_{t+1} x_t)||`` is read
as ``||A(x_{t+1} - x_t)||``. Every statement carries exactly the hypotheses it lists; what a
proof assumes beyond them is attached to its steps (``extra_hypotheses``) and reported by
:mod:`proofs.tools.hypothesis_flow`. ``n`` runs up to 1000 and ``R`` over ``[4, 60]``
(``[0, 60]`` where ``R >= 4`` is not listed), where ``exp(R^2)``, ``exp(2R^2)`` and
``beta^-2`` leave float64 range:
evaluation moves to log-space float64 (:mod:`numeric.backends.logspace`) or mpmath by itself.

Example:
    >>> from proofs.papers.closeness.section5 import ENTRIES
    >>> [e.id for e in ENTRIES if not e.id.split(":")[1].startswith("extra")][:3]
    ['closeness:equation-5.1-update', 'closeness:definition-5.1', 'closeness:claim-5.2']
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from proofs.model import Lemma, Text
from proofs.papers.closeness.mirror import (
    BETA_01,  # noqa: F401  (re-exported: Sections 1, 7, 8 read it here)
    CENT,
    DIMS,
    HALF,
    R_ANY,
    R_BIG,  # noqa: F401  (re-exported: Sections 1, 7, 8 read it here)
    R_GE_4,  # noqa: F401  (re-exported: Sections 1, 7, 8 read it here)
    THREE_HALVES,  # noqa: F401  (re-exported: Sections 1, 7, 8 read it here)
    Pair,
    R,
    alpha_gap_like,
    b,
    beta,
    delta_split,
    exp_lipschitz_like,
    inverse_gap_like,
    lemma_5_5_like,
    part_3_sharp_like,
    with_proof_hypotheses,
)
from symbolic import (
    Prop,
    d,
    exp_,
    hadamard,
    inner,
    matrix,
    n,
    named,
    norm2,
    norminf,
    opnorm,
    scalar,
    vector,
)
from symbolic.regression import SoftmaxRegression

A = matrix("A", n, d)
xt, xt1 = vector("x_t", d), vector("x_{t+1}", d)
x, y = vector("x", d), vector("y", d)
P = Pair(A, xt1, A, xt, "x_{t+1}", "x_t")
DX = norm2(xt1 - xt)
SHIFT = Prop(norminf(A * (xt1 - xt)), "<", CENT)
# what the proofs of Lemma 5.5 use without listing it
PROOF_5_5 = (Prop(opnorm(A), "<=", R), Prop(norm2(xt), "<=", R), Prop(norm2(xt1), "<=", R),
             SHIFT, Prop(P.a1, ">=", beta), Prop(P.a0, ">=", beta))
GARBLE = "The extraction drops minus signs inside norms; the evident differences are read."

SPLIT_5 = delta_split("5", P, DIMS, {
    "note-1": "A definition by an equation; the entry checks that the solution Claim 5.2 picks, "
              "delta_b = f(x_{t+1}) - f(x_t), satisfies it. The text's remarks on the other "
              "solutions are the extra claims definition-5.1-sign-flip and -same-norm.",
    "note-2": "delta_b is the named choice of Definition 5.1 (one solution among many, see the "
              "extra claims on Definition 5.1); the check confirms the written form.",
    "note-3": "A definition; the entry checks the purpose stated with it ('we split delta_b "
              "into two terms'): the two terms sum to delta_b.",
    "what-4": " of both",
    "note-4.1": "The proof starts from the statement itself ('delta_b = delta_{b,1} + "
                "delta_{b,2}' by 'the definitions of delta_b') and rewrites the right side "
                "into delta_b's definition; read as a proof of delta_{b,1} + delta_{b,2} = "
                "delta_b it is sound.",
})
DEF_5_1, CLAIM_5_2, DEF_5_3, LEMMA_5_4 = SPLIT_5.values()

# Section 5.1 (unnumbered displays): "dL/dx = g(x)", "Let eta > 0 denote the learning rate. We
# update x_{t+1} = x_t + eta g(x_t)", the step Section 1.1 calls "one-step gradient descent".
eta = scalar("eta")
_S = SoftmaxRegression(A, xt, b, arg="x_t")
G_T = named("g(x_t)", A.T * (hadamard(_S.f, _S.c) - inner(_S.c, _S.f) * _S.f))
UPDATE = Lemma(
    "closeness:equation-5.1-update", "Section 5.1, display 'x_{t+1} = x_t + eta g(x_t)'",
    Prop(inner(G_T, eta * G_T), "<=", 0), hypotheses=(Prop(eta, ">", 0),),
    dims={"n": (1, 8), "d": (1, 4)}, ranges={"eta": (0.0, 10.0)},
    cites=("closeness:extra-lemma-4.5-part-5-corrected",),
    description="the printed update x_{t+1} = x_t + eta g(x_t), g = dL/dx, is a gradient-descent "
                "step: <g(x_t), x_{t+1} - x_t> <= 0",
    printed="x_{t+1} = x_t + eta g(x_t) with g(x) = dL/dx and eta > 0 the learning rate, called "
            "one-step gradient descent (Section 1.1)",
    note="g(x_t) is the gradient of L_exp at x_t (the corrected Lemma 4.5 Part 5, "
         "A^T (f o c - <c, f> f)). With the printed '+', x_{t+1} - x_t = eta g(x_t) and the "
         "first-order change of L is eta ||g(x_t)||^2 > 0 whenever g(x_t) != 0: a gradient "
         "ascent step. Nothing later depends on the sign (the theorems bound the shift by "
         "||x_{t+1} - x_t||).",
    expect="refuted", finding="formula-mismatch",
    corrected=Text(Prop(xt1, "=", xt - eta * G_T), " (gradient descent)"),
)

SIGN_FLIP_5 = Lemma(
    "closeness:extra-definition-5.1-sign-flip",
    "Definition 5.1, remark: '(f(x_{t+1}) - f(x_t)) ∘ {-1,+1}^n' are solutions",
    Prop(norm2(P.f1 - b) ** 2, "=", norm2(P.f0 - b - P.db) ** 2),
    dims={"n": (1, 64), "d": (1, 4)},
    description="the all-minus sign pattern -delta_b also solves Definition 5.1 (as the text says)",
    note="The sign vector -1_n is one of the 2^n patterns the text lists as solutions.",
    printed="(f(x_{t+1}) - f(x_t)) ∘ s solves Definition 5.1 for every s in {-1,+1}^n",
    expect="refuted", finding="false-statement",
    corrected=Text("the solutions δ of Definition 5.1 are the sphere ",
                   Prop(norm2(P.f0 - b + vector("delta", n)), "=", norm2(P.f1 - b)),
                   "; sign patterns of ", P.f1 - P.f0, " are not solutions in general"),
)

SAME_NORM_5 = Lemma(
    "closeness:extra-definition-5.1-same-norm",
    "Definition 5.1, remark: 'The norm of all the choices are the same'",
    Prop(norm2(2 * b - P.f1 - P.f0), "=", norm2(P.db)),
    dims={"n": (1, 64), "d": (1, 4)},
    description="the solution 2b - f(x_{t+1}) - f(x_t) of Definition 5.1 has the norm of delta_b",
    note="Reading taken: 'all the choices' are all solutions of Definition 5.1's equation. "
         "delta' = 2b - f(x_{t+1}) - f(x_t) solves it exactly "
         "(f(x_t) - b + delta' = -(f(x_{t+1}) - b)) and has another norm, so Theorems 8.1/8.2 "
         "bound only the solution Claim 5.2 picks. Other reading: 'the choices' are the 2^n "
         "sign patterns (f(x_{t+1}) - f(x_t)) o s the text lists; their norms are indeed equal, "
         "but they are not solutions in general (extra-definition-5.1-sign-flip is refuted).",
    printed="every solution delta_b of Definition 5.1 has the same norm",
    expect="refuted", finding="false-statement",
    corrected=Text("solutions of Definition 5.1 differ in norm; Claim 5.2 fixes ",
                   Prop(P.db, "=", P.f1 - P.f0), " by choice, not by Definition 5.1"),
)

LEMMA_5_5 = lemma_5_5_like(
    "5.5", P, DX, PROOF_5_5, DIMS, {"inv": "5.8", "alpha": "5.7", "exp": "5.6"},
    {"x": xt1, "y": xt},
    part2_rhs_factor=sp.sqrt(n * R),
    part2_note="Part 2 prints 2 beta^-1 sqrt(nR) exp(R^2); its proof ends at "
               "2 beta^-1 sqrt(nR) exp(2R^2).",
    corrected2=Prop(norm2(P.db2), "<=", 2 * beta**-1 * sp.sqrt(n) * R * sp.exp(R**2) * DX),
    part2_finding="missing-hypothesis", part2_text="sqrt(nR)",
)

# Lemma 5.5 with the hypotheses its proof uses: is the printed bound then true?
LEMMA_5_5_WITH_PROOF_HYPS = with_proof_hypotheses(LEMMA_5_5, PROOF_5_5, "||A||, ||x||", DIMS)

LEMMA_5_6 = exp_lipschitz_like(
    "5.6", A * x, A * y, A * (x - y), opnorm(A) * norm2(x - y), norm2(x - y),
    (Prop(norminf(A * (y - x)), "<", CENT), Prop(opnorm(A), "<=", R),
     Prop(norm2(x), "<=", R), Prop(norm2(y), "<=", R)), DIMS,
    description="||exp(Ax) - exp(Ay)||_2 <= 2 sqrt(nR) exp(R^2) ||x - y||_2 (as printed)",
    note="Printed with sqrt(nR); the proof ends at 2 sqrt(n) R exp(R^2).",
    step3_note="Uses ||Ax||_2 <= R^2 and ||v||_inf <= ||v||_2 (Fact 3.1), cited as 3.2.",
    expect="refuted",
)

LEMMA_5_7 = alpha_gap_like(
    "5.7", "Lemma 5.7 (Lemma 7.2 in [DLS23])", A * x, A * y, DIMS,
    description="|alpha(x) - alpha(y)| <= ||exp(Ax) - exp(Ay)||_2 sqrt(n)",
    note="Stated without proof (a tool from [DLS23]); Cauchy-Schwarz, whose constant sqrt(n) "
         "is sharp (equal coordinate differences).",
)

LEMMA_5_8 = inverse_gap_like(
    "5.8", "Lemma 5.8 (Lemma 7.2 in [DLS23])", A * x, A * y, ("x", "y"),
    note="No sign condition on beta is listed; Lemma 5.5 uses it with beta in (0,1).",
)


def _sharp_split(k: int, db: Any, note: str) -> Lemma:
    """The sharpest bound for Lemma 5.5 Part ``k``, on ``db`` (``delta_{b,k}``): no hypotheses,
    ``exp(||A(x_{t+1} - x_t)||_inf) - 1``; ``note`` compares it with the paper's."""
    return Lemma(f"closeness:extra-lemma-5.5-part-{k}-sharp",
                 f"sharpest bound for Lemma 5.5 Part {k}",
                 Prop(norm2(db), "<=", sp.exp(norminf(A * (xt1 - xt))) - 1),
                 dims=DIMS,
                 description=f"||delta_{{b,{k}}}||_2 <= exp(||A(x_{{t+1}}-x_t)||_inf) - 1 (no "
                             "hypotheses)",
                 note=note)


# Sharpest constants (extra claims), each beside the paper's constant.
u_x, u_y = exp_(A * x), exp_(A * y)
SHARP_5 = [
    Lemma("closeness:extra-softmax-lipschitz", "softmax is 1/2-Lipschitz in l2",
          Prop(norm2(P.f1 - P.f0), "<=", HALF * norm2(A * (xt1 - xt))),
          dims=DIMS,
          description="||f(x') - f(x)||_2 <= (1/2) ||A(x' - x)||_2 (no hypotheses)",
          note="The Jacobian of softmax at z is diag(p) - p p^T; u^T J u = Var_p(u) <= "
               "(max u - min u)^2/4 <= ||u||_2^2/2, so ||J|| <= 1/2 and the mean value "
               "theorem gives the bound; n = 2, p = (1/2, 1/2), u = (1, -1)/sqrt 2 attains it."),
    part_3_sharp_like(
        "5.5", "8.1", P, DX, (Prop(opnorm(A), "<=", R),),
        description="||f(x_{t+1}) - f(x_t)||_2 <= (R/2) ||x_{t+1} - x_t||_2 when ||A|| <= R",
        note="Paper: 4 beta^-2 n^1.5 R exp(2R^2) (Lemma 5.5) and n^1.5 exp(10R^2) "
             "(Theorem 8.1). R/2 is sharp (n >= 2)."),
    _sharp_split(1, P.db1, "|alpha' - alpha| <= alpha (e^s - 1) and ||u'||_2 <= alpha', so "
                           "||delta_{b,1}|| <= e^s - 1 <= e^0.01 R ||x_{t+1} - x_t||: constant "
                           "about R, against the paper's 2 beta^-2 n^1.5 R exp(2R^2)."),
    _sharp_split(2, P.db2, "||u' - u||_2 <= (e^s - 1) ||u||_2 <= (e^s - 1) alpha: constant about "
                           "R against the paper's 2 beta^-1 sqrt(n) R exp(R^2)."),
    Lemma("closeness:extra-lemma-5.6-sharp", "sharpest constant for Lemma 5.6",
          Prop(norm2(u_x - u_y), "<=", R * sp.exp(R**2) * norm2(x - y)),
          hypotheses=(Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R),
                      Prop(norm2(y), "<=", R)),
          dims=DIMS, ranges=R_ANY,
          description="||exp(Ax) - exp(Ay)||_2 <= R exp(R^2) ||x - y||_2 (no 0.01 condition)",
          note="|e^a - e^b| <= e^max(a,b) |a - b| <= e^(R^2) |a - b| entrywise, then "
               "||A(x-y)||_2 <= R ||x-y||_2; sharp as y -> x = R v with A = R u v^T. The "
               "paper's proof reaches 2 sqrt(n) R exp(R^2)."),
]

ENTRIES = [UPDATE, DEF_5_1, SIGN_FLIP_5, SAME_NORM_5, CLAIM_5_2, DEF_5_3, LEMMA_5_4, LEMMA_5_5,
           *LEMMA_5_5_WITH_PROOF_HYPS, LEMMA_5_6, LEMMA_5_7, LEMMA_5_8, *SHARP_5]
