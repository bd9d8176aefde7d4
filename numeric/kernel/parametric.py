"""The kernel's check of certificates that hold for every value of one parameter.

A parametric certificate gives the weights and multipliers of a class claim as polynomials
in one parameter ``k`` (an induction step's index, ``k ≥ lower``). The kernel checks, exactly
and for every ``k ≥ lower`` at once:

- the function values cancel identically in ``k``;
- every multiplier and weight is ``≥ 0`` on ``[lower, ∞)`` and the weights sum to 1;
- the constant left is ``≥ 0`` and the quadratic form left is PSD on ``[lower, ∞)``: an exact
  LDLᵀ over rational functions of ``k`` whose pivots are ``≥ 0`` there (a pivot that is
  identically 0 needs its row to be 0). Where a pivot's denominator vanishes (finitely many
  ``k``) PSD follows by continuity, the form being polynomial in ``k``.

Signs of polynomials on ``[lower, ∞)`` are decided by exact real-root isolation.

Example:
    >>> k = sp.Symbol("k")
    >>> nonnegative_from(k**2 - 2*k + 1, k, 0), nonnegative_from(k - 1, k, 0)
    (True, False)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import sympy as sp

from symbolic.classes.gram import Scalar
from symbolic.classes.scaling import normalization
from symbolic.classes.statement import ClassClaim


def nonnegative_from(expr: sp.Expr, k: sp.Symbol, lower: sp.Expr) -> bool:
    """Whether the rational function ``expr`` of ``k`` is ``≥ 0`` on ``[lower, ∞)`` outside
    its poles (exact: real roots of numerator and denominator isolated, signs tested between
    them)."""
    num, den = sp.fraction(sp.cancel(sp.together(expr)))
    prod = sp.expand(num * den)
    if prod == 0:
        return True
    if prod.free_symbols - {k}:
        return False
    poly = sp.Poly(prod, k)
    if not all(c.is_Rational for c in poly.all_coeffs()):
        return False
    lower = sp.Rational(lower)
    points = {lower}
    for (a, b), _ in poly.intervals():
        points |= {sp.Rational(a), sp.Rational(b)}
    pts = sorted(x for x in points if x >= lower)
    tests = list(pts)
    tests += [(x + y) / 2 for x, y in itertools.pairwise(pts)]
    tests.append(pts[-1] + 1)
    return all(poly.eval(t) >= 0 for t in tests)


def psd_for_all(matrix: sp.Matrix, k: sp.Symbol, lower: sp.Expr) -> str | None:
    """None when the symmetric matrix of rational functions of ``k`` is PSD for every
    ``k ≥ lower``, else why not (see the module docstring)."""
    m = sp.Matrix(matrix).applyfunc(sp.cancel)
    n = m.rows
    if m != m.T:
        return "not symmetric"
    for c in range(n):
        d = sp.cancel(m[c, c])
        if d == 0:
            if any(sp.cancel(m[c, j]) != 0 for j in range(c + 1, n)):
                return f"pivot {c + 1} is 0 with a nonzero row"
            continue
        if not nonnegative_from(d, k, lower):
            return f"pivot {c + 1} = {d} is negative somewhere on [{lower}, ∞)"
        for i in range(c + 1, n):
            if m[i, c] == 0:
                continue
            r = m[i, c] / d
            for j in range(c + 1, n):
                m[i, j] = sp.cancel(m[i, j] - r * m[c, j])
            m[i, c] = 0
    return None


def check_parametric(claim: ClassClaim, certificate: Mapping[str, Any]) -> str | None:
    """None when ``certificate`` (``parameter``: its name, ``lower``: its least value,
    ``theta`` and ``lambda`` as polynomials in it) proves ``claim`` for every value of the
    parameter ``≥ lower``, else why not."""
    sub, left = normalization(claim)
    name = certificate["parameter"]
    if [p.name for p in left] != [name]:
        return f"the free parameters are {[p.name for p in left]}, not [{name}]"
    k = left[0]
    lower = sp.Rational(certificate["lower"])
    if (k.is_nonnegative and lower < 0) or (k.is_positive and lower <= 0):
        return f"{k} cannot be {lower}"
    cond = claim.parameters.get(k)
    if cond is not None and not (cond == sp.Ge(k, lower) or (cond == sp.Ge(k, 0) and lower >= 0)):
        return f"the condition {cond} on {k} is not k ≥ {lower}"
    loc = {name: k}
    theta = [sp.sympify(t, locals=loc) for t in certificate["theta"]]
    lam = {lab: sp.sympify(v, locals=loc) for lab, v in certificate["lambda"].items()}
    targets = [t.subs(sub) for t in claim.targets()]
    if len(theta) != len(targets) or sp.cancel(sum(theta) - 1) != 0:
        return "the conclusion's weights do not sum to 1"
    for w in [*theta, *lam.values()]:
        if w.free_symbols - {k} or not nonnegative_from(w, k, lower):
            return f"the weight {w} is not ≥ 0 for {k} ≥ {lower}"
    conditions = {c.label: c for c in claim.conditions()}
    residual = Scalar()
    for t, w in zip(targets, theta):
        residual = residual + t * w
    for label, w in lam.items():
        if label not in conditions:
            return f"no condition {label!r}"
        residual = residual - conditions[label].value.subs(sub) * w
    if any(sp.cancel(v) != 0 for v in residual.lin.values()):
        return f"function values remain: {residual.lin}"
    if not nonnegative_from(residual.const, k, lower):
        return "the constant left is negative somewhere"
    order = sorted({x for key in residual.quad for x in key})
    why = psd_for_all(residual.coefficient_matrix(order), k, lower)
    return None if why is None else f"the quadratic form left is not PSD: {why}"
