"""The kernel's check of certificates that hold for every value of one parameter.

A parametric certificate gives the weights and multipliers of a class claim as rational
functions of its one free parameter ``k`` (an induction step's index, ``k ≥ 0``, or a ratio
``μ/L ∈ (0, 1)``, a step ``h ∈ (0, 2/L)``: the interval the claim itself allows). The kernel
checks, exactly and for every ``k`` of that interval at once:

- the function values cancel identically in ``k``;
- every multiplier and weight is finite and ``≥ 0`` there and the weights sum to 1;
- the constant left is ``≥ 0`` and the quadratic form left is PSD there: an exact
  LDLᵀ over rational functions of ``k`` whose pivots are ``≥ 0`` there (a pivot that is
  identically 0 needs its row to be 0). Where a pivot's denominator vanishes (finitely many
  ``k``) PSD follows by continuity, the form being polynomial in ``k``.

Signs of polynomials on an interval are decided by exact real-root isolation.

Example:
    >>> k = sp.Symbol("k")
    >>> nonnegative_from(k**2 - 2*k + 1, k, 0), nonnegative_from(k - 1, k, 0)
    (True, False)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

import sympy as sp

from numeric.kernel.semialgebraic import defined, nonnegative
from symbolic.classes.gram import Scalar
from symbolic.classes.horizon import HorizonClaim
from symbolic.classes.scaling import normalization, parameter_domain
from symbolic.classes.statement import ClassClaim


def nonnegative_on(expr: sp.Expr, k: sp.Symbol, dom: sp.Interval) -> bool:
    """Whether the rational function ``expr`` of ``k`` is ``≥ 0`` on the interval ``dom``
    outside its poles (exact: the real roots of numerator·denominator are isolated and the
    sign is tested at the isolating points and between them)."""
    num, den = sp.fraction(sp.cancel(sp.together(expr)))
    prod = sp.expand(num * den)
    if prod == 0:
        return True
    if prod.free_symbols - {k}:
        return False
    poly = sp.Poly(prod, k)
    if not all(c.is_Rational for c in poly.all_coeffs()):
        return False
    lo, hi = dom.start, dom.end
    inner = set()
    for (a, b), _ in poly.intervals():
        inner |= {sp.Rational(a), sp.Rational(b)}
    inner = {x for x in inner if lo < x < hi}
    if lo.is_finite and not dom.left_open:
        inner.add(lo)
    if hi.is_finite and not dom.right_open:
        inner.add(hi)
    bounds = sorted({*(x for x in (lo, hi) if x.is_finite), *inner})
    tests = list(inner)
    tests += [(x + y) / 2 for x, y in itertools.pairwise(bounds)]
    tests.append(bounds[-1] + 1 if not hi.is_finite else (bounds[-1] + hi) / 2)
    tests.append(bounds[0] - 1 if not lo.is_finite else (bounds[0] + lo) / 2)
    return all(poly.eval(t) >= 0 for t in tests if t in dom)


def nonnegative_from(expr: sp.Expr, k: sp.Symbol, lower: sp.Expr) -> bool:
    """:func:`nonnegative_on` ``[lower, ∞)``."""
    return nonnegative_on(expr, k, sp.Interval(sp.Rational(lower), sp.oo))


def has_pole_in(expr: sp.Expr, k: sp.Symbol, dom: sp.Interval) -> bool:
    """Whether the rational function ``expr`` of ``k`` has a pole in ``dom`` (exact roots)."""
    _, den = sp.fraction(sp.cancel(sp.together(expr)))
    if not den.has(k):
        return False
    return any(dom.contains(r) is sp.true for r in sp.Poly(den, k).real_roots())


def psd_for_all(matrix: sp.Matrix, k: sp.Symbol, dom: sp.Interval | sp.Expr) -> str | None:
    """None when the symmetric matrix of rational functions of ``k`` (without poles in
    ``dom``) is PSD for every ``k`` in ``dom`` (a number: ``[dom, ∞)``), else why not (see
    the module docstring)."""
    if not isinstance(dom, sp.Interval):
        dom = sp.Interval(sp.Rational(dom), sp.oo)
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
        if not nonnegative_on(d, k, dom):
            return f"pivot {c + 1} = {d} is negative somewhere on {dom}"
        for i in range(c + 1, n):
            if m[i, c] == 0:
                continue
            r = m[i, c] / d
            for j in range(c + 1, n):
                m[i, j] = sp.cancel(m[i, j] - r * m[c, j])
            m[i, c] = 0
    return None


def _form_left(claim: ClassClaim, sub: dict, certificate: Mapping[str, Any],
               free: list[sp.Symbol], sign: Callable[[sp.Expr], bool], where: str
               ) -> Scalar | str:
    """``Σ θ_i T_i − Σ λ_k c_k`` for the certificate's weights (rational functions of
    ``free``; ``sign(w)``: ``w ≥ 0`` and finite ``where``), with no function value left and
    a constant ``≥ 0``; or why not."""
    loc = {p.name: p for p in free}
    theta = [sp.sympify(t, locals=loc) for t in certificate["theta"]]
    lam = {lab: sp.sympify(v, locals=loc) for lab, v in certificate["lambda"].items()}
    for w in [*theta, *lam.values()]:
        if w.free_symbols - set(free) or not sign(w):
            return f"the weight {w} is not ≥ 0 (and finite) {where}"
    residual = _residual(claim, sub, theta, lam)
    if isinstance(residual, str):
        return residual
    if any(sp.cancel(v) != 0 for v in residual.lin.values()):
        return f"function values remain: {residual.lin}"
    if not sign(residual.const):
        return f"the constant left is not ≥ 0 {where}"
    return residual


def _residual(claim: ClassClaim, sub: dict, theta: list, lam: dict) -> Scalar | str:
    """``Σ θ_i T_i − Σ λ_k c_k`` (parameters ``sub`` set), or why it cannot be formed."""
    targets = [t.subs(sub) for t in claim.targets()]
    if len(theta) != len(targets) or sp.cancel(sum(theta) - 1) != 0:
        return "the conclusion's weights do not sum to 1"
    conditions = {c.label: c for c in claim.conditions()}
    residual = Scalar()
    for t, w in zip(targets, theta):
        residual = residual + t * w
    for label, w in lam.items():
        if label not in conditions:
            return f"no condition {label!r}"
        residual = residual - conditions[label].value.subs(sub) * w
    return residual


def check_two_parameters(claim: ClassClaim, certificate: Mapping[str, Any]) -> str | None:
    """None when ``certificate`` (``parameters``: two names; ``theta`` and ``lambda`` rational
    functions of them) proves ``claim`` for every value of its two free parameters the
    conditions allow, else why not. Every sign is decided exactly over that set by nlsat
    (:mod:`numeric.kernel.semialgebraic`): weights ``≥ 0`` and without poles, the constant
    left ``≥ 0``, the quadratic form left without poles and with every principal minor
    ``≥ 0`` (positive semidefinite at each point, no continuity argument needed)."""
    sub, left = normalization(claim)
    names = list(certificate["parameters"])
    if sorted(p.name for p in left) != sorted(names):
        return f"the free parameters are {[p.name for p in left]}, not {names}"
    conds = [c.subs(sub) for c in domain_conditions(claim)]
    residual = _form_left(claim, sub, certificate, left,
                          lambda w: nonnegative(w, conds), "where the conditions hold")
    if isinstance(residual, str):
        return residual
    order = sorted({x for key in residual.quad for x in key})
    matrix = residual.coefficient_matrix(order).applyfunc(sp.cancel)
    if any(not defined(e, conds) for e in matrix):
        return "the quadratic form left may have a pole"
    n = matrix.rows
    for size in range(1, n + 1):
        for rows in itertools.combinations(range(n), size):
            minor = sp.cancel(matrix.extract(list(rows), list(rows)).det(method="berkowitz"))
            if not nonnegative(minor, conds):
                return (f"the principal minor on rows {[r + 1 for r in rows]} of the form "
                        "left is not shown ≥ 0")
    return None


def domain_conditions(claim: ClassClaim | HorizonClaim) -> list[sp.Basic]:
    """The conditions on the claim's parameters: its own and its classes'."""
    classes = [claim.cls] if isinstance(claim, HorizonClaim) else \
        [f.cls for f in claim.functions]
    return [*(sp.sympify(c) for c in claim.parameters.values()),
            *(sp.sympify(c) for cls in classes for c in cls.parameter_conditions())]


def check_parametric(claim: ClassClaim, certificate: Mapping[str, Any]) -> str | None:
    """None when ``certificate`` (``parameter``: its name, ``theta`` and ``lambda`` as rational
    functions of it) proves ``claim`` for every value of the parameter the claim allows
    (:func:`symbolic.classes.scaling.parameter_domain`, derived here), else why not; a
    certificate in two parameters goes to :func:`check_two_parameters`."""
    if len(claim.parts()) > 1:
        return "a conclusion with parts needs a certificate per part"
    if "parameters" in certificate:
        return check_two_parameters(claim, certificate)
    sub, left = normalization(claim)
    name = certificate["parameter"]
    if [p.name for p in left] != [name]:
        return f"the free parameters are {[p.name for p in left]}, not [{name}]"
    k = left[0]
    dom = parameter_domain(claim, sub, k)
    if dom is None:
        return f"the values {k} may take are not an interval"
    residual = _form_left(claim, sub, certificate, [k],
                          lambda w: not has_pole_in(w, k, dom) and nonnegative_on(w, k, dom),
                          f"for {k} in {dom}")
    if isinstance(residual, str):
        return residual
    order = sorted({x for key in residual.quad for x in key})
    matrix = residual.coefficient_matrix(order)
    if any(has_pole_in(e, k, dom) for e in matrix):
        return f"the quadratic form left has a pole in {dom}"
    why = psd_for_all(matrix, k, dom)
    return None if why is None else f"the quadratic form left is not PSD: {why}"
