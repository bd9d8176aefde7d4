"""Slack: how tight each inequality is, and how far the paper's constants are from sharp ones.

* :func:`slack_table`: per inequality, the worst observed ``lhs/rhs`` (``rhs/lhs`` for ``>=``),
  its ``log10`` (float64 underflows long before ``exp(-10 R^2)`` does) and the witness reaching it.
* :data:`CLOSENESS_CONSTANTS` and :func:`constant_gaps`: beside each Lipschitz-type constant of
  ``closeness``, the sharpest constant the toolkit establishes (an ``extra`` claim with its own
  verdict), and the orders of magnitude between them at chosen ``(R, n)``, evaluated with
  mpmath (``exp(10 R^2)`` at ``R = 60`` is ``10^15635``).

Example:
    >>> from proofs.slack import constant_gaps
    >>> row = constant_gaps(points=[(4, 1)])[0]
    >>> row["paper"], row["sharp"], row["orders"]["R=4,n=1"]
    ('Theorem 8.1', 'closeness:extra-lemma-5.5-part-3-sharp', 69.2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import mpmath
import sympy as sp

from proofs.results import Result
from symbolic.relation import Relation
from symbolic.verdict import Status

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


def slack_table(results: list[Result]) -> list[dict[str, Any]]:
    """Per inequality result: worst observed ``lhs/rhs`` (and its ``log10``) with its witness.

    >>> from symbolic import Verdict
    >>> r = Result("t:extra-1", "extra", "toy", "", Verdict(Status.SUPPORTED, slack=0.5,
    ...            details={"slack_log10": math.log10(0.5), "slack_witness": {"x": 1.0}}))
    >>> slack_table([r])[0]["log10"]
    -0.301
    """
    rows = []
    for r in results:
        c = r.claim
        if c is not None and c.rel in (Relation.EQ, Relation.PSD_LE):
            continue
        v = r.verdict
        if v.slack is None and v.details.get("slack_log10") is None:
            continue
        l10 = v.details.get("slack_log10")
        if l10 is None and v.slack:
            l10 = math.log10(v.slack) if v.slack > 0 else None
        rows.append({"id": r.id, "status": r.status.value, "slack": v.slack,
                     "log10": None if l10 is None else round(float(l10), 3),
                     "witness": v.details.get("slack_witness") or (
                         v.witness if r.status is Status.REFUTED else None)})
    return rows
