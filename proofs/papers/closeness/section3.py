"""``closeness`` Section 3 (Preliminary): Facts 3.1, 3.2 and Lemma 3.3, as printed.

Extraction notes: the text file drops minus signs inside norms (``||x y||`` for ``||x - y||``,
``||X|| >= ||Y|| ||X Y||`` for ``||X|| >= ||Y|| - ||X - Y||``); the encoding reads the evident
minus signs. ``||A||`` without a subscript is the spectral norm.
"""

from __future__ import annotations

import sympy as sp

from proofs.model import Chain, Lemma, Link, Text
from symbolic import (
    Prop,
    abs_,
    d,
    dim,
    exp_,
    hadamard,
    matrix,
    max_entry,
    min_entry,
    n,
    norm2,
    norminf,
    opnorm,
    scalar,
    sum_entries,
    vector,
)
from symbolic.regression import SoftmaxRegression

x, y = vector("x", n), vector("y", n)
X, Y = matrix("X", n, d), matrix("Y", n, d)
k = dim("k")
P, Q = matrix("X", n, k), matrix("Y", k, d)
S, T = matrix("X", n, n, symmetric=True), matrix("Y", n, n, symmetric=True)
alpha = scalar("alpha")
VEC = {"n": (1, 32)}
MAT = {"n": (1, 6), "d": (1, 6), "k": (1, 6)}
GARBLED = "The extracted text drops the minus sign inside the norm; read as a difference."

FACT_3_1 = [
    Lemma("closeness:fact-3.1:item-1", "Fact 3.1, bullet 1",
          Prop(norm2(hadamard(x, y)), "<=", norminf(x) * norm2(y)), dims=VEC,
          description="||x ∘ y||_2 <= ||x||_inf ||y||_2"),
    Lemma("closeness:fact-3.1:item-2", "Fact 3.1, bullet 2",
          Chain(norminf(x), [Link("<=", norm2(x)), Link("<=", sp.sqrt(n) * norminf(x))]),
          dims=VEC, description="||x||_inf <= ||x||_2 <= sqrt(n) ||x||_inf"),
    Lemma("closeness:fact-3.1:item-3", "Fact 3.1, bullet 3",
          Prop(norminf(exp_(x)), "<=", sp.exp(norm2(x))), dims=VEC,
          description="||exp(x)||_inf <= exp(||x||_2)"),
    Lemma("closeness:fact-3.1:item-4", "Fact 3.1, bullet 4",
          Prop(norm2(exp_(x) - exp_(y)), "<=", norm2(exp_(x)) * 2 * norminf(x - y)),
          hypotheses=(Prop(norminf(x - y), "<=", sp.Rational(1, 100)),), dims=VEC,
          note=GARBLED,
          description="||x-y||_inf <= 0.01 implies "
                      "||exp(x)-exp(y)||_2 <= ||exp(x)||_2 2||x-y||_inf"),
]

FACT_3_2 = [
    Lemma("closeness:fact-3.2:item-1", "Fact 3.2, bullet 1", Prop(opnorm(X.T), "=", opnorm(X)),
          dims=MAT, description="||X^T|| = ||X||"),
    Lemma("closeness:fact-3.2:item-2", "Fact 3.2, bullet 2",
          Prop(opnorm(X), ">=", opnorm(Y) - opnorm(X - Y)), dims=MAT, note=GARBLED,
          description="||X|| >= ||Y|| - ||X - Y||"),
    Lemma("closeness:fact-3.2:item-3", "Fact 3.2, bullet 3",
          Prop(opnorm(X + Y), "<=", opnorm(X) + opnorm(Y)), dims=MAT,
          description="||X + Y|| <= ||X|| + ||Y||"),
    Lemma("closeness:fact-3.2:item-4", "Fact 3.2, bullet 4",
          Prop(opnorm(P * Q), "<=", opnorm(P) * opnorm(Q)), dims=MAT,
          description="||X Y|| <= ||X|| ||Y||"),
    Lemma("closeness:fact-3.2:item-5", "Fact 3.2, bullet 5",
          Prop(opnorm(S), "<=", alpha * opnorm(T)),
          hypotheses=(Prop(S, "⪯", alpha * T),), dims={"n": (1, 6)},
          note="The paper states no sign or PSD condition; X and Y are read as symmetric "
               "matrices so that the Loewner order is defined.",
          description="X ⪯ alpha Y implies ||X|| <= alpha ||Y||",
          # pinned after the checks refuted it (X = -74, Y = 0.91, alpha = -78 at n = 1)
          expect="refuted", finding="missing-hypothesis",
          corrected=Text(Prop(sp.ZeroMatrix(n, n), "⪯", S), " and ", Prop(S, "⪯", alpha * T),
                         " with ", Prop(alpha, ">=", 0), " imply ",
                         Prop(opnorm(S), "<=", alpha * opnorm(T)))),
]

FACT_3_2_ITEM_5_PSD = Lemma(
    "closeness:extra-fact-3.2-item-5-psd", "Fact 3.2, bullet 5, with 0 ⪯ X and alpha >= 0 added",
    Prop(opnorm(S), "<=", alpha * opnorm(T)),
    hypotheses=(Prop(alpha, ">=", 0), Prop(sp.ZeroMatrix(n, n), "⪯", S),
                Prop(S, "⪯", alpha * T)),
    dims={"n": (1, 6)},
    description="0 ⪯ X ⪯ alpha Y with alpha >= 0 implies ||X|| <= alpha ||Y||",
    note="0 ⪯ X alone is not enough: the checks refuted that version with alpha < 0 "
         "(X = 0.05, Y = -0.89, alpha = -17.7).",
)

A = matrix("A", n, d)
xv = vector("x", d)
R = scalar("R")
beta = scalar("beta")
_s = SoftmaxRegression(A, xv)
Ax = A * xv

LEMMA_3_3 = Lemma(
    "closeness:lemma-3.3", "Lemma 3.3",
    Prop(beta, ">=", sp.exp(-R**2)),
    hypotheses=(Prop(opnorm(A), "<=", R), Prop(norm2(xv), "<=", R), Prop(beta, "<=", _s.alpha)),
    proof=Chain(_s.alpha, [
        Link("=", sum_entries(exp_(Ax)), "simple algebra"),
        Link(">=", min_entry(exp_(Ax)), "simple algebra"),
        Link(">=", min_entry(exp_(-abs_(Ax))), "the fact that exp(x) >= exp(-|x|)"),
        Link("=", sp.exp(-max_entry(abs_(Ax))), "exp(-x) is monotonically decreasing"),
        Link("=", sp.exp(-norminf(Ax)), "definition of the l_inf norm"),
        Link(">=", sp.exp(-norm2(Ax)), "Fact 3.1", cites=("closeness:fact-3.1:item-2",)),
        Link(">=", sp.exp(-R**2), "the assumption on A and x"),
    ]),
    dims={"n": (1, 16), "d": (1, 8)},
    note="Reading taken: 'Let beta be lower bound on <exp(Ax), 1_n>' is any lower bound, "
         "encoded as the hypothesis beta <= <exp(Ax), 1_n>, with the conclusion 'beta >= "
         "exp(-R^2)' as printed; then it is false (every beta below exp(-R^2) is also a lower "
         "bound). Other reading: beta names the bound the proof constructs, beta := exp(-R^2); "
         "then the lemma says <exp(Ax), 1_n> >= exp(-R^2), which the proof shows "
         "(extra-lemma-3.3-alpha).",
    cause="lemma-3.3-beta",
    description="a lower bound beta on <exp(Ax),1_n> satisfies beta >= exp(-R^2)",
    printed="beta >= exp(-R^2)",
    # pinned after the checks refuted it: any beta below exp(-R^2) is also a lower bound
    expect="refuted", finding="false-statement",
    corrected=Prop(_s.alpha, ">=", sp.exp(-R**2)),
)

LEMMA_3_3_ALPHA = Lemma(
    "closeness:extra-lemma-3.3-alpha", "Lemma 3.3, as its proof concludes",
    Prop(_s.alpha, ">=", sp.exp(-R**2)),
    hypotheses=(Prop(opnorm(A), "<=", R), Prop(norm2(xv), "<=", R)),
    dims={"n": (1, 16), "d": (1, 8)},
    description="<exp(Ax), 1_n> >= exp(-R^2) when ||A|| <= R and ||x||_2 <= R",
)

ENTRIES = [*FACT_3_1, *FACT_3_2, FACT_3_2_ITEM_5_PSD, LEMMA_3_3, LEMMA_3_3_ALPHA]
