"""How far ``closeness``'s constants are from the sharpest ones the toolkit establishes.

:data:`CLOSENESS_CONSTANTS` and :func:`constant_gaps`: beside each Lipschitz-type constant of
``closeness``, the sharpest constant the toolkit establishes (an ``extra`` claim with its own
verdict), and the orders of magnitude between them at chosen ``(R, n)``, evaluated with mpmath
(``exp(10 R^2)`` at ``R = 60`` is ``10^15635``).

Example:
    >>> from proofs.papers.closeness.constants import constant_gaps
    >>> row = constant_gaps(points=[(4, 1)])[0]
    >>> row["paper"], row["sharp"], row["orders"]["R=4,n=1"]
    ('Theorem 8.1', 'closeness:extra-lemma-5.5-part-3-sharp', 69.2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import mpmath
import sympy as sp

R, n = sp.Symbol("R", real=True), sp.Symbol("n", integer=True, positive=True)
_BETA_MIN = sp.exp(-R**2)  # beta = exp(-R^2): the lower bound the proofs end up using


@dataclass(frozen=True)
class ConstantPair:
    """A paper's constant beside the sharpest one the toolkit establishes."""

    paper: str  # where the paper states or proves it
    paper_constant: sp.Expr  # in R and n (beta replaced by exp(-R^2))
    sharp_id: str  # the extra claim that establishes the sharp constant
    sharp_constant: sp.Expr
    comment: str = ""


CLOSENESS_CONSTANTS = [
    ConstantPair("Theorem 8.1", n**sp.Rational(3, 2) * sp.exp(10 * R**2),
                 "closeness:extra-lemma-5.5-part-3-sharp", R / 2,
                 "||f(x') - f(x)|| <= (1/2)||A(x'-x)|| <= (R/2)||x'-x||; sharp for n >= 2"),
    ConstantPair("Theorem 8.2", n**sp.Rational(3, 2) * sp.exp(10 * R**2),
                 "closeness:extra-lemma-7.5-part-3-sharp", R / 2,
                 "||(A'-A)x|| <= R ||A'-A|| when ||x|| <= R"),
    ConstantPair("Lemma 5.5 Part 3 (7.5 Part 3)",
                 4 * _BETA_MIN**-2 * n**sp.Rational(3, 2) * R * sp.exp(2 * R**2),
                 "closeness:extra-lemma-5.5-part-3-sharp", R / 2),
    ConstantPair("Lemma 5.5 Part 1 (as its proof reaches)",
                 2 * _BETA_MIN**-2 * n**sp.Rational(3, 2) * R * sp.exp(2 * R**2),
                 "closeness:extra-lemma-5.5-part-1-sharp", 100 * (sp.exp(sp.Rational(1, 100))
                                                                 - 1) * R,
                 "||delta_b1|| <= e^s - 1 with s = ||A dx||_inf < 0.01, so <= 100(e^0.01-1) R"),
    ConstantPair("Lemma 5.5 Part 2 (as printed)",
                 2 * _BETA_MIN**-1 * sp.sqrt(n * R) * sp.exp(R**2),
                 "closeness:extra-lemma-5.5-part-2-sharp", 100 * (sp.exp(sp.Rational(1, 100))
                                                                 - 1) * R),
    ConstantPair("Lemma 5.6 (as its proof reaches)", 2 * sp.sqrt(n) * R * sp.exp(R**2),
                 "closeness:extra-lemma-5.6-sharp", R * sp.exp(R**2)),
    ConstantPair("Lemma 5.7 (Cauchy-Schwarz)", sp.sqrt(n), "closeness:lemma-5.7", sp.sqrt(n),
                 "already sharp (equal coordinate differences)"),
]


def orders(paper_constant: sp.Expr, sharp_constant: sp.Expr, r: float, size: int) -> float:
    """``log10(paper / sharp)`` at ``R = r``, ``n = size``, with mpmath (no overflow).

    >>> orders(2 * sp.sqrt(n) * R * sp.exp(R**2), R * sp.exp(R**2), 60, 1000)
    1.8
    """
    with mpmath.workdps(30):
        subs = {R: r, n: size}
        a = sp.N(paper_constant.subs(subs), 30)
        b = sp.N(sharp_constant.subs(subs), 30)
        val = mpmath.log10(mpmath.mpf(str(a))) - mpmath.log10(mpmath.mpf(str(b)))
    return round(float(val), 1)


def constant_gaps(pairs: list[ConstantPair] | None = None,
                  points: list[tuple[float, int]] | None = None) -> list[dict[str, Any]]:
    """Orders of magnitude between each paper constant and the sharp one at ``points``."""
    points = points or [(4, 1), (4, 1000), (60, 1000)]
    out = []
    for p in pairs or CLOSENESS_CONSTANTS:
        out.append({"paper": p.paper, "paper_constant": str(p.paper_constant),
                    "sharp": p.sharp_id, "sharp_constant": str(p.sharp_constant),
                    "orders": {f"R={r:g},n={k}": orders(p.paper_constant, p.sharp_constant,
                                                        r, k) for r, k in points},
                    "comment": p.comment})
    return out
