"""``closeness`` Section 1.1: Theorem 1.4 (both parts), as printed.

Theorem 1.4 is the informal combination of Theorems 8.1 and 8.2 and has no proof of its own.
It lists ``||A|| <= R`` and ``||x||_2 <= R``: Part 1 reads them at ``A`` and both iterates
``x_t, x_{t+1}``, Part 2 at ``A_t, A_{t+1}`` and ``x``. ``||b̃ - b||`` (printed ``||b - b||``)
and ``||b̂ - b||`` are ``||delta_b||`` of Claims 5.2 and 7.2.

Example:
    >>> from proofs.papers.closeness.section1 import ENTRIES
    >>> [p.id for p in ENTRIES[0].parts]
    ['closeness:theorem-1.4:part-1', 'closeness:theorem-1.4:part-2']
"""

from __future__ import annotations

from proofs.model import Lemma
from proofs.papers.closeness import section5 as s5
from proofs.papers.closeness import section7 as s7
from proofs.papers.closeness.section8 import M, R
from symbolic import Prop, named, norm2, opnorm

R_GE_4 = Prop(R, ">=", 4)

PART_1 = Lemma(
    "closeness:theorem-1.4:part-1", "Theorem 1.4, Part 1",
    Prop(norm2(named(r"\widetilde{b} - b", -s5.P.db)), "<=", M * s5.DX),
    hypotheses=(Prop(opnorm(s5.A), "<=", R), Prop(norm2(s5.xt), "<=", R),
                Prop(norm2(s5.xt1), "<=", R), s5.SHIFT, R_GE_4),
    dims=s5.DIMS, ranges=s5.R_BIG, cites=("closeness:theorem-8.1",),
    description="moving x_t to x_{t+1} shifts b by at most n^1.5 exp(10R^2) ||x_{t+1} - x_t||",
    note="The hypothesis ||(A_{t+1} - A_t) x||_inf < 0.01 concerns Part 2 only.",
)

PART_2 = Lemma(
    "closeness:theorem-1.4:part-2", "Theorem 1.4, Part 2",
    Prop(norm2(named(r"\widehat{b} - b", -s7.P.db)), "<=", M * s7.DA),
    hypotheses=(Prop(opnorm(s7.At), "<=", R), Prop(opnorm(s7.At1), "<=", R),
                Prop(norm2(s7.x), "<=", R), s7.SHIFT, R_GE_4),
    dims=s5.DIMS, ranges=s5.R_BIG, cites=("closeness:theorem-8.2",),
    description="moving A_t to A_{t+1} shifts b by at most n^1.5 exp(10R^2) ||A_{t+1} - A_t||",
    note="The hypothesis ||A(x_{t+1} - x_t)||_inf < 0.01 concerns Part 1 only.",
)

THEOREM_1_4 = Lemma(
    "closeness:theorem-1.4", "Theorem 1.4", dims=s5.DIMS,
    cites=("closeness:theorem-8.1", "closeness:theorem-8.2"),
    description="bounded shift of b under one step in x (Part 1) or in A (Part 2)",
    parts=[PART_1, PART_2],
)

ENTRIES = [THEOREM_1_4]
