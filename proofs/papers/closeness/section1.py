"""``closeness`` Section 1: Definitions 1.1-1.3 and Theorem 1.4 (both parts), as printed.

Definitions 1.1-1.3 state optimisation problems; each entry checks what the printed formula
must satisfy to be the problem the text names. Definition 1.1 prints the normaliser
``D = diag(A X A^T 1_n)``: the attention matrix ``D^{-1} exp(A X A^T)`` is row-stochastic only with
``D = diag(exp(A X A^T) 1_n)`` (as in [AS23]), so the entry as printed is expected refuted.
Definition 1.3's objective squared over 2 is Definition 4.2's ``L_exp`` (the regression the rest
of the paper studies); Definition 1.2 is the linear regression objective, encoded as printed.

Theorem 1.4 is the informal combination of Theorems 8.1 and 8.2 and has no proof of its own.
It lists ``||A|| <= R`` and ``||x||_2 <= R``: Part 1 reads them at ``A`` and both iterates
``x_t, x_{t+1}``, Part 2 at ``A_t, A_{t+1}`` and ``x``. ``||b̃ - b||`` (printed ``||b - b||``)
and ``||b̂ - b||`` are ``||delta_b||`` of Claims 5.2 and 7.2.

Example:
    >>> from proofs.papers.closeness.section1 import ENTRIES
    >>> [e.id for e in ENTRIES][:3]
    ['closeness:definition-1.1', 'closeness:definition-1.2', 'closeness:definition-1.3']
    >>> [p.id for p in ENTRIES[-1].parts]
    ['closeness:theorem-1.4:part-1', 'closeness:theorem-1.4:part-2']
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from proofs.model import Lemma, Text
from proofs.papers.closeness import section5 as s5
from proofs.papers.closeness import section7 as s7
from proofs.papers.closeness.section8 import M, R
from symbolic import (
    Prop,
    d,
    diag,
    exp_,
    inner,
    matrix,
    n,
    named,
    norm2,
    ones,
    opnorm,
    vector,
)
from symbolic.objects import recip_
from symbolic.regression import SoftmaxRegression

A, X, B = matrix("A", n, d), matrix("X", d, d), matrix("B", n, n)
x, b = vector("x", d), vector("b", n)
AXA = A * X * A.T
SMALL = {"n": (1, 6), "d": (1, 4)}

DEFINITION_1_1 = Lemma(
    "closeness:definition-1.1", "Definition 1.1",
    Prop(diag(recip_(AXA * ones(n))) * exp_(AXA) * ones(n), "=", ones(n)),
    dims=SMALL, expect="refuted", finding="typo",
    description="min_X ||D^-1 exp(A X A^T) - B||_F with D = diag(A X A^T 1_n) (as printed): "
                "D^-1 exp(A X A^T) has rows summing to 1",
    printed="min_{X in R^{d x d}} ||D^{-1} exp(A X A^T) - B||_F, D = diag(A X A^T 1_n)",
    note="The objective is the attention computation: D normalises exp(A X A^T) row by row. "
         "With D = diag(A X A^T 1_n) as printed the rows do not sum to 1 (nor is D invertible "
         "in general); the entry checks the normalisation the text describes.",
    corrected=Text("D = ", diag(exp_(AXA) * ones(n)), ", so that ",
                   Prop(diag(recip_(exp_(AXA) * ones(n))) * exp_(AXA) * ones(n), "=", ones(n))),
)

DEFINITION_1_1_CORRECTED = Lemma(
    "closeness:extra-definition-1.1-normalised",
    "Definition 1.1 with D = diag(exp(A X A^T) 1_n)",
    Prop(diag(recip_(exp_(AXA) * ones(n))) * exp_(AXA) * ones(n), "=", ones(n)),
    dims=SMALL, description="D^-1 exp(A X A^T) 1_n = 1_n for D = diag(exp(A X A^T) 1_n)",
)

DEFINITION_1_2 = Lemma(
    "closeness:definition-1.2", "Definition 1.2",
    Prop(named(r"\ell_2(x)", norm2(A * x - b)) ** 2, "=", inner(A * x - b, A * x - b)),
    dims=SMALL, description="linear regression: min_x ||Ax - b||_2 (its objective, squared)",
    note="A definition of a problem; the entry records its objective as printed.",
)

_S13 = SoftmaxRegression(A, x, b)
DEFINITION_1_3 = Lemma(
    "closeness:definition-1.3", "Definition 1.3 (Softmax Regression)",
    Prop(sp.Rational(1, 2) * norm2(inner(exp_(A * x), ones(n)) ** -1 * exp_(A * x) - b) ** 2,
         "=", _S13.L),
    dims=SMALL, cites=("closeness:definition-4.2",),
    description="min_x ||<exp(Ax), 1_n>^-1 exp(Ax) - b||_2: half its square is L_exp(x) of "
                "Definition 4.2",
    note="Links the problem of Section 1 with the loss the later sections bound.",
)

DEFINITIONS = [DEFINITION_1_1, DEFINITION_1_2, DEFINITION_1_3, DEFINITION_1_1_CORRECTED]

R_GE_4 = Prop(R, ">=", 4)


def _part(k: int, b_name: str, sec: Any, dist: Any, bounds: tuple[Prop, ...], old: str, new: str,
          other_shift: str) -> Lemma:
    """Part ``k`` of Theorem 1.4: Theorem 8.``k`` (Section ``sec``'s step from ``old`` to ``new``,
    ``dist`` apart) read in Section 1's notation, ``b_name`` the moved ``b``; ``bounds`` are the
    norm bounds it lists, ``other_shift`` the 0.01 condition that belongs to the other part."""
    return Lemma(
        f"closeness:theorem-1.4:part-{k}", f"Theorem 1.4, Part {k}",
        Prop(norm2(named(b_name, -sec.P.db)), "<=", M * dist),
        hypotheses=(*bounds, sec.SHIFT, R_GE_4),
        dims=s5.DIMS, ranges=s5.R_BIG, cites=(f"closeness:theorem-8.{k}",),
        description=f"moving {old} to {new} shifts b by at most n^1.5 exp(10R^2) "
                    f"||{new} - {old}||",
        note=f"The hypothesis {other_shift} < 0.01 concerns Part {3 - k} only.",
    )


PART_1 = _part(1, r"\widetilde{b} - b", s5, s5.DX,
               (Prop(opnorm(s5.A), "<=", R), Prop(norm2(s5.xt), "<=", R),
                Prop(norm2(s5.xt1), "<=", R)), "x_t", "x_{t+1}", "||(A_{t+1} - A_t) x||_inf")
PART_2 = _part(2, r"\widehat{b} - b", s7, s7.DA,
               (Prop(opnorm(s7.At), "<=", R), Prop(opnorm(s7.At1), "<=", R),
                Prop(norm2(s7.x), "<=", R)), "A_t", "A_{t+1}", "||A(x_{t+1} - x_t)||_inf")

THEOREM_1_4 = Lemma(
    "closeness:theorem-1.4", "Theorem 1.4", dims=s5.DIMS,
    cites=("closeness:theorem-8.1", "closeness:theorem-8.2"),
    description="bounded shift of b under one step in x (Part 1) or in A (Part 2)",
    parts=[PART_1, PART_2],
)

ENTRIES = [*DEFINITIONS, THEOREM_1_4]
