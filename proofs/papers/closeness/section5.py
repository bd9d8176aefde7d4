"""``closeness`` Section 5 (Lipschitz with respect to x): Definitions 5.1, 5.3, Claim 5.2,
Lemmas 5.4-5.8, as printed, plus the sharpest constants the toolkit establishes (``extra``).

Reading of the extraction: ``x_t``/``x_{t+1}`` are the iterates, ``||A(x_{t+1} x_t)||`` is read
as ``||A(x_{t+1} - x_t)||``. Every statement carries exactly the hypotheses it lists; what a
proof assumes beyond them is attached to its steps (``extra_hypotheses``) and reported by
:mod:`proofs.hypothesis_flow`. ``n`` runs up to 1000 and ``R`` over ``[4, 60]`` (``[0, 60]`` where
``R >= 4`` is not listed), where ``exp(R^2)``, ``exp(2R^2)`` and ``beta^-2`` leave float64 range:
evaluation moves to log-space float64 (:mod:`numeric.logspace`) or mpmath by itself.

Example:
    >>> from proofs.papers.closeness.section5 import ENTRIES
    >>> [e.id for e in ENTRIES if not e.id.split(":")[1].startswith("extra")][:3]
    ['closeness:definition-5.1', 'closeness:claim-5.2', 'closeness:definition-5.3']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy as sp

from proofs.model import Chain, Lemma, Link
from symbolic import (
    Prop,
    abs_,
    d,
    exp_,
    inner,
    matrix,
    n,
    named,
    norm2,
    norminf,
    ones,
    opnorm,
    scalar,
    vector,
)

R = scalar("R")
beta = scalar("beta")
DIMS = {"n": (1, 1000), "d": (1, 4)}
R_BIG = {"R": (4.0, 60.0)}
R_ANY = {"R": (0.0, 60.0)}
HALF = sp.Rational(1, 2)
THREE_HALVES = sp.Rational(3, 2)
CENT = sp.Rational(1, 100)


@dataclass
class Pair:
    """Softmax objects at the old and the new point: ``u = exp(Ax)``, ``alpha``, ``f``, the
    ``delta``'s of Definitions 5.3/7.3, and their LaTeX names (``arg0``/``arg1``)."""

    A1: Any
    x1: Any
    A0: Any
    x0: Any
    arg1: str
    arg0: str

    def __post_init__(self) -> None:
        size = self.A1.shape[0]
        one = ones(size)
        self.u1, self.u0 = exp_(self.A1 * self.x1), exp_(self.A0 * self.x0)
        # <exp(Ax), 1_n> as printed, and alpha(.) as its named form
        self.s1, self.s0 = inner(self.u1, one), inner(self.u0, one)
        self.a1 = named(rf"\alpha({self.arg1})", self.s1)
        self.a0 = named(rf"\alpha({self.arg0})", self.s0)
        self.f1 = named(f"f({self.arg1})", self.s1**-1 * self.u1)
        self.f0 = named(f"f({self.arg0})", self.s0**-1 * self.u0)
        self.db = named(r"\delta_b", self.f1 - self.f0)
        self.db1 = named(r"\delta_{b,1}", (self.s1**-1 - self.s0**-1) * self.u1)
        self.db2 = named(r"\delta_{b,2}", self.s0**-1 * (self.u1 - self.u0))


A = matrix("A", n, d)
xt, xt1 = vector("x_t", d), vector("x_{t+1}", d)
x, y = vector("x", d), vector("y", d)
b = vector("b", n)
P = Pair(A, xt1, A, xt, "x_{t+1}", "x_t")
DX = norm2(xt1 - xt)
SHIFT = Prop(norminf(A * (xt1 - xt)), "<", CENT)
BETA_01 = (Prop(beta, ">", 0), Prop(beta, "<", 1))
R_GE_4 = Prop(R, ">=", 4)
# what the proofs of Lemma 5.5 use without listing it
PROOF_5_5 = (Prop(opnorm(A), "<=", R), Prop(norm2(xt), "<=", R), Prop(norm2(xt1), "<=", R),
             SHIFT, Prop(P.a1, ">=", beta), Prop(P.a0, ">=", beta))
GARBLE = "The extraction drops minus signs inside norms; the evident differences are read."

DEF_5_1 = Lemma(
    "closeness:definition-5.1", "Definition 5.1",
    Prop(norm2(P.f1 - b) ** 2, "=", norm2(P.f0 - b + P.db) ** 2),
    dims=DIMS,
    description="delta_b solves ||f(x_{t+1}) - b||^2 = ||f(x_t) - b + delta_b||^2 "
                "(the solution Claim 5.2 picks)",
    note="A definition by an equation; the entry checks that the solution Claim 5.2 picks, "
         "delta_b = f(x_{t+1}) - f(x_t), satisfies it. The text's remarks on the other "
         "solutions are the extra claims definition-5.1-sign-flip and -same-norm.",
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
    corrected="the solutions of Definition 5.1 are the sphere ||f(x_t) - b + delta||_2 = "
              "||f(x_{t+1}) - b||_2; sign patterns of f(x_{t+1}) - f(x_t) are not solutions "
              "in general",
)

SAME_NORM_5 = Lemma(
    "closeness:extra-definition-5.1-same-norm",
    "Definition 5.1, remark: 'The norm of all the choices are the same'",
    Prop(norm2(2 * b - P.f1 - P.f0), "=", norm2(P.db)),
    dims={"n": (1, 64), "d": (1, 4)},
    description="the solution 2b - f(x_{t+1}) - f(x_t) of Definition 5.1 has the norm of delta_b",
    note="delta' = 2b - f(x_{t+1}) - f(x_t) solves Definition 5.1 exactly "
         "(f(x_t) - b + delta' = -(f(x_{t+1}) - b)); the remark says all solutions share one "
         "norm, so Theorems 8.1/8.2 bound only the solution Claim 5.2 picks.",
    printed="every solution delta_b of Definition 5.1 has the same norm",
    expect="refuted", finding="false-statement",
    corrected="solutions of Definition 5.1 differ in norm; Claim 5.2 fixes "
              "delta_b := f(x_{t+1}) - f(x_t) by choice, not by Definition 5.1",
)

CLAIM_5_2 = Lemma(
    "closeness:claim-5.2", "Claim 5.2",
    Prop(P.db, "=", P.f1 - P.f0), dims=DIMS,
    cites=("closeness:definition-5.1",),
    description="delta_b = f(x_{t+1}) - f(x_t)",
    note="delta_b is the named choice of Definition 5.1 (one solution among many, see the "
         "extra claims on Definition 5.1); the check confirms the written form.",
)

DEF_5_3 = Lemma(
    "closeness:definition-5.3", "Definition 5.3",
    Prop(P.db, "=", P.db1 + P.db2), dims=DIMS,
    description="delta_{b,1}, delta_{b,2} split delta_b",
    note="A definition; the entry checks the purpose stated with it ('we split delta_b into "
         "two terms'): the two terms sum to delta_b.",
)

LEMMA_5_4 = Lemma(
    "closeness:lemma-5.4", "Lemma 5.4", dims=DIMS,
    description="delta_b = delta_{b,1} + delta_{b,2} and the alpha forms of both",
    parts=[
        Lemma("closeness:lemma-5.4:part-1", "Lemma 5.4, bullet 1",
              Prop(P.db, "=", P.db1 + P.db2), dims=DIMS,
              description="delta_b = delta_{b,1} + delta_{b,2}",
              note="The proof starts from the statement itself ('delta_b = delta_{b,1} + "
                   "delta_{b,2}' by 'the definitions of delta_b') and rewrites the right side "
                   "into delta_b's definition; read as a proof of delta_{b,1} + delta_{b,2} = "
                   "delta_b it is sound.",
              proof=Chain(P.db, [
                  Link("=", P.db1 + P.db2, "the definitions of delta_b",
                       cites=("closeness:definition-5.3",)),
                  Link("=", P.a1**-1 * P.u1 - P.a0**-1 * P.u1 + P.a0**-1 * P.u1
                       - P.a0**-1 * P.u0, "the definitions of delta_{b,1} and delta_{b,2}",
                       cites=("closeness:definition-5.3",)),
                  Link("=", P.a1**-1 * P.u1 - P.a0**-1 * P.u0, "simple algebra"),
                  Link("=", P.s1**-1 * P.u1 - P.s0**-1 * P.u0, "the definition of alpha"),
              ])),
        Lemma("closeness:lemma-5.4:part-2", "Lemma 5.4, bullet 2",
              Prop(P.db1, "=", (P.a1**-1 - P.a0**-1) * P.u1), dims=DIMS,
              description="delta_{b,1} = (alpha(x_{t+1})^-1 - alpha(x_t)^-1) exp(A x_{t+1})"),
        Lemma("closeness:lemma-5.4:part-3", "Lemma 5.4, bullet 3",
              Prop(P.db2, "=", P.a0**-1 * (P.u1 - P.u0)), dims=DIMS,
              description="delta_{b,2} = alpha(x_t)^-1 (exp(A x_{t+1}) - exp(A x_t))"),
    ],
)


def lemma_5_5_like(num: str, pair: Pair, dist: Any, proof_hyps: tuple[Prop, ...],
                   dims: dict, cite: dict[str, str], binds: dict[str, dict],
                   part2_rhs_factor: Any, part2_note: str, corrected2: Any,
                   part2_finding: str | None) -> Lemma:
    """Lemma 5.5 (``num='5.5'``) or its reparameterised twin 7.5, as printed."""
    p = pair
    loc = f"Lemma {num}"
    lid = f"closeness:lemma-{num}"
    sqn = sp.sqrt(n)
    hyps = (*BETA_01, R_GE_4)
    listed = ("Listed hypotheses only: beta in (0,1), R >= 4 and the delta definitions; the "
              "proof also uses ||A|| <= R, ||x|| <= R, the 0.01 shift condition and "
              "beta <= alpha (attached to its steps).")

    def links(items: list[tuple]) -> list[Link]:
        out = []
        for rel, expr, just, *rest in items:
            cites = tuple(rest[0]) if rest else ()
            extra = dict(rest[1]) if len(rest) > 1 else {}
            out.append(Link(rel, expr, just, cites=cites, extra_hypotheses=proof_hyps,
                            bind={c: binds[c] for c in cites if c in binds}, **extra))
        return out

    d_a_inv = abs_(p.a1**-1 - p.a0**-1)
    d_u = norm2(p.u1 - p.u0)
    part1 = Lemma(
        f"{lid}:part-1", f"{loc}, Part 1",
        Prop(norm2(p.db1), "<=", 2 * beta**-2 * n**THREE_HALVES * sp.exp(2 * R**2) * dist),
        hypotheses=hyps, dims=dims, ranges=R_BIG,
        description="||delta_{b,1}||_2 <= 2 beta^-2 n^1.5 exp(2R^2) ||shift||",
        note=listed, finding="missing-hypothesis", expect="refuted",
        corrected=Prop(norm2(p.db1), "<=",
                       2 * beta**-2 * n**THREE_HALVES * R * sp.exp(2 * R**2) * dist),
        proof=Chain(norm2(p.db1), links([
            ("<=", d_a_inv * norm2(p.u1), "definition"),
            ("<=", d_a_inv * sqn * sp.exp(R**2), "assumption on A and x"),
            ("<=", beta**-2 * abs_(p.a1 - p.a0) * sqn * sp.exp(R**2), f"Lemma {cite['inv']}",
             (f"closeness:lemma-{cite['inv']}",)),
            ("<=", beta**-2 * sqn * d_u * sqn * sp.exp(R**2), f"Lemma {cite['alpha']}",
             (f"closeness:lemma-{cite['alpha']}",)),
            ("<=", beta**-2 * sqn * (2 * sqn * R * sp.exp(R**2) * dist) * sqn * sp.exp(R**2),
             f"Lemma {cite['exp']}", (f"closeness:lemma-{cite['exp']}",)),
            ("=", 2 * beta**-2 * n**THREE_HALVES * R * sp.exp(2 * R**2) * dist, "(algebra)"),
        ])),
    )
    part2 = Lemma(
        f"{lid}:part-2", f"{loc}, Part 2",
        Prop(norm2(p.db2), "<=", 2 * beta**-1 * part2_rhs_factor * sp.exp(R**2) * dist),
        hypotheses=hyps, dims=dims, ranges=R_BIG,
        description="||delta_{b,2}||_2 <= 2 beta^-1 sqrt(n) R exp(R^2) ||shift|| (as printed)",
        note=listed + " " + part2_note, finding="missing-hypothesis", expect="refuted",
        corrected=corrected2,
        proof=Chain(norm2(p.db2), links([
            ("<=", abs_(p.a1**-1) * d_u, "definition", (),
             {"expect": "refuted", "finding": "typo",
              "note": "delta_{b,2} carries alpha at the old point; the step writes the new one",
              "corrected": Prop(norm2(p.db2), "<=", abs_(p.a0**-1) * d_u)}),
            ("<=", beta**-1 * d_u, "(beta lower-bounds alpha)"),
            ("<=", beta**-1 * 2 * part2_rhs_factor * sp.exp(2 * R**2) * dist,
             f"Lemma {cite['exp']}", (f"closeness:lemma-{cite['exp']}",)),
        ])),
    )
    bound1 = 2 * beta**-2 * n**THREE_HALVES * R * sp.exp(2 * R**2) * dist
    part3 = Lemma(
        f"{lid}:part-3", f"{loc}, Part 3",
        Prop(norm2(p.f1 - p.f0), "<=", 4 * beta**-2 * n**THREE_HALVES * R
             * sp.exp(2 * R**2) * dist),
        hypotheses=hyps, dims=dims, ranges=R_BIG,
        description="||f(new) - f(old)||_2 <= 4 beta^-2 n^1.5 R exp(2R^2) ||shift||",
        note=listed + " No counterexample with the listed hypotheses was found: one needs "
             "||A|| > 1e15 with ||shift|| < 1e-15 (||f(new) - f(old)|| <= sqrt 2 always).",
        finding="missing-hypothesis",
        corrected="add ||A|| <= R, ||x|| <= R, the 0.01 shift condition and beta <= alpha at "
                  "both points (the extra claim with these hypotheses is supported)",
        proof=Chain(norm2(p.db), links([
            ("=", norm2(p.db1 + p.db2), "the definition of delta_b",
             (f"closeness:lemma-{'5.4' if num == '5.5' else '7.4'}:part-1",)),
            ("<=", norm2(p.db1) + norm2(p.db2), "triangle inequality"),
            ("<=", bound1 + 2 * beta**-1 * sqn * R * sp.exp(2 * R**2) * dist,
             "the results in Part 1 and Part 2", (f"{lid}:part-1", f"{lid}:part-2")),
            ("<=", 2 * bound1, "n >= 1 and beta^-1 >= 1"),
            ("<=", 4 * beta**-2 * n**THREE_HALVES * R * sp.exp(2 * R**2) * dist,
             "simple algebra"),
        ])),
    )
    return Lemma(lid, loc, hypotheses=hyps, dims=dims, ranges=R_BIG,
                 description=f"bounds on delta_{{b,1}}, delta_{{b,2}}, delta_b ({loc})",
                 parts=[part1, part2, part3])


BIND_5_5 = {
    "closeness:lemma-5.8": {"x": xt1, "y": xt},
    "closeness:lemma-5.7": {"x": xt1, "y": xt},
    "closeness:lemma-5.6": {"x": xt1, "y": xt},
}

LEMMA_5_5 = lemma_5_5_like(
    "5.5", P, DX, PROOF_5_5, DIMS, {"inv": "5.8", "alpha": "5.7", "exp": "5.6"}, BIND_5_5,
    part2_rhs_factor=sp.sqrt(n * R),
    part2_note="Part 2 prints 2 beta^-1 sqrt(nR) exp(R^2); its proof ends at "
               "2 beta^-1 sqrt(nR) exp(2R^2).",
    corrected2=Prop(norm2(P.db2), "<=", 2 * beta**-1 * sp.sqrt(n) * R * sp.exp(R**2) * DX),
    part2_finding="missing-hypothesis",
)

# Lemma 5.5 with the hypotheses its proof uses: is the printed bound then true?
LEMMA_5_5_WITH_PROOF_HYPS = [
    Lemma(f"closeness:extra-lemma-5.5-part-{k}-proof-hypotheses",
          f"Lemma 5.5, Part {k}, with the hypotheses its proof uses",
          part.statement, hypotheses=(*BETA_01, R_GE_4, *PROOF_5_5), dims=DIMS, ranges=R_BIG,
          description=f"Lemma 5.5 Part {k} as printed, under ||A||, ||x|| <= R, the 0.01 shift "
                      "and beta <= alpha")
    for k, part in enumerate(LEMMA_5_5.parts, start=1)
]

LEMMA_5_6 = Lemma(
    "closeness:lemma-5.6", "Lemma 5.6",
    Prop(norm2(exp_(A * x) - exp_(A * y)), "<=",
         2 * sp.sqrt(n * R) * sp.exp(R**2) * norm2(x - y)),
    hypotheses=(Prop(norminf(A * (y - x)), "<", CENT), Prop(opnorm(A), "<=", R),
                Prop(norm2(x), "<=", R), Prop(norm2(y), "<=", R)),
    dims=DIMS, ranges=R_ANY,
    description="||exp(Ax) - exp(Ay)||_2 <= 2 sqrt(nR) exp(R^2) ||x - y||_2 (as printed)",
    note="Printed with sqrt(nR); the proof ends at 2 sqrt(n) R exp(R^2).",
    expect="refuted", finding="false-statement",
    corrected=Prop(norm2(exp_(A * x) - exp_(A * y)), "<=",
                   2 * sp.sqrt(n) * R * sp.exp(R**2) * norm2(x - y)),
    proof=Chain(norm2(exp_(A * x) - exp_(A * y)), [
        Link("<=", norm2(exp_(A * x)) * 2 * norminf(A * (x - y)),
             "||A(y-x)||_inf < 0.01 and Fact 3.1", cites=("closeness:fact-3.1:item-4",),
             bind={"closeness:fact-3.1:item-4": {"x": A * x, "y": A * y}}),
        Link("<=", sp.sqrt(n) * sp.exp(norm2(A * x)) * 2 * norminf(A * (x - y)), "Fact 3.1",
             cites=("closeness:fact-3.1:item-2", "closeness:fact-3.1:item-3")),
        Link("<=", sp.sqrt(n) * sp.exp(R**2) * 2 * norm2(A * (x - y)), "Fact 3.2",
             cites=("closeness:fact-3.2:item-4",),
             note="Uses ||Ax||_2 <= R^2 and ||v||_inf <= ||v||_2 (Fact 3.1), cited as 3.2."),
        Link("<=", sp.sqrt(n) * sp.exp(R**2) * 2 * opnorm(A) * norm2(x - y), "Fact 3.2",
             cites=("closeness:fact-3.2:item-4",)),
        Link("<=", 2 * sp.sqrt(n) * R * sp.exp(R**2) * norm2(x - y), "||A|| <= R"),
    ]),
)

LEMMA_5_7 = Lemma(
    "closeness:lemma-5.7", "Lemma 5.7 (Lemma 7.2 in [DLS23])",
    Prop(abs_(inner(exp_(A * x), ones(n)) - inner(exp_(A * y), ones(n))), "<=",
         norm2(exp_(A * x) - exp_(A * y)) * sp.sqrt(n)),
    dims=DIMS, description="|alpha(x) - alpha(y)| <= ||exp(Ax) - exp(Ay)||_2 sqrt(n)",
    note="Stated without proof (a tool from [DLS23]); Cauchy-Schwarz, whose constant sqrt(n) "
         "is sharp (equal coordinate differences).",
)

LEMMA_5_8 = Lemma(
    "closeness:lemma-5.8", "Lemma 5.8 (Lemma 7.2 in [DLS23])",
    Prop(abs_(inner(exp_(A * x), ones(n))**-1 - inner(exp_(A * y), ones(n))**-1), "<=",
         beta**-2 * abs_(inner(exp_(A * x), ones(n)) - inner(exp_(A * y), ones(n)))),
    hypotheses=(Prop(inner(exp_(A * x), ones(n)), ">=", beta),
                Prop(inner(exp_(A * y), ones(n)), ">=", beta)),
    dims={"n": (1, 64), "d": (1, 4)},
    description="alpha(x), alpha(y) >= beta implies |alpha(x)^-1 - alpha(y)^-1| <= "
                "beta^-2 |alpha(x) - alpha(y)|",
    note="No sign condition on beta is listed; Lemma 5.5 uses it with beta in (0,1).",
    expect="refuted", finding="missing-hypothesis",
    corrected="add beta > 0: then alpha(x) alpha(y) >= beta^2 and the bound holds",
)

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
    Lemma("closeness:extra-lemma-5.5-part-3-sharp",
          "sharpest constant for Lemma 5.5 Part 3 / Theorem 8.1",
          Prop(norm2(P.f1 - P.f0), "<=", HALF * R * DX),
          hypotheses=(Prop(opnorm(A), "<=", R),), dims=DIMS, ranges=R_ANY,
          description="||f(x_{t+1}) - f(x_t)||_2 <= (R/2) ||x_{t+1} - x_t||_2 when ||A|| <= R",
          note="Paper: 4 beta^-2 n^1.5 R exp(2R^2) (Lemma 5.5) and n^1.5 exp(10R^2) "
               "(Theorem 8.1). R/2 is sharp (n >= 2)."),
    Lemma("closeness:extra-lemma-5.5-part-1-sharp", "sharpest bound for Lemma 5.5 Part 1",
          Prop(norm2(P.db1), "<=", sp.exp(norminf(A * (xt1 - xt))) - 1),
          dims=DIMS,
          description="||delta_{b,1}||_2 <= exp(||A(x_{t+1}-x_t)||_inf) - 1 (no hypotheses)",
          note="|alpha' - alpha| <= alpha (e^s - 1) and ||u'||_2 <= alpha', so "
               "||delta_{b,1}|| <= e^s - 1 <= e^0.01 R ||x_{t+1} - x_t||: constant about R, "
               "against the paper's 2 beta^-2 n^1.5 R exp(2R^2)."),
    Lemma("closeness:extra-lemma-5.5-part-2-sharp", "sharpest bound for Lemma 5.5 Part 2",
          Prop(norm2(P.db2), "<=", sp.exp(norminf(A * (xt1 - xt))) - 1),
          dims=DIMS,
          description="||delta_{b,2}||_2 <= exp(||A(x_{t+1}-x_t)||_inf) - 1 (no hypotheses)",
          note="||u' - u||_2 <= (e^s - 1) ||u||_2 <= (e^s - 1) alpha: constant about R against "
               "the paper's 2 beta^-1 sqrt(n) R exp(R^2)."),
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

ENTRIES = [DEF_5_1, SIGN_FLIP_5, SAME_NORM_5, CLAIM_5_2, DEF_5_3, LEMMA_5_4, LEMMA_5_5,
           *LEMMA_5_5_WITH_PROOF_HYPS, LEMMA_5_6, LEMMA_5_7, LEMMA_5_8, *SHARP_5]
