"""Certificates for every value of one parameter, found by interpolating exact ones.

For a class claim whose only free parameter is ``k`` (an induction step's index, a ratio
μ/L, a step size), exact certificates are found at sample points of the interval the claim
allows; each multiplier is then fitted by the rational function of least degree through them
that also matches the remaining samples. The fitted
certificate is checked for every ``k`` by :func:`numeric.kernel.parametric.check_parametric`.

Example:
    >>> k = sp.Symbol("k")
    >>> fit([0, 1, 2, 3], [1, 2, 3, 4], k)
    k + 1
    >>> fit([sp.Rational(i, 8) for i in range(1, 8)],
    ...     [(1 - sp.Rational(i, 8)) / (1 + sp.Rational(i, 8)) for i in range(1, 8)], k)
    (1 - k)/(k + 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sympy as sp

from numeric.kernel.classes import check_certificate
from numeric.kernel.parametric import check_parametric, domain_conditions
from numeric.pep.exact import certificate
from numeric.pep.sdp import dual, problem, sparse_dual
from symbolic.classes.scaling import normalization, parameter_domain
from symbolic.classes.statement import ClassClaim


def fit(xs: Sequence[Any], ys: Sequence[Any], k: sp.Symbol, max_degree: int = 4
        ) -> sp.Expr | None:
    """The rational function of least total degree ≤ ``max_degree`` (numerator and
    denominator) through all ``(x, y)``, or None."""
    xs = [sp.Rational(str(x)) for x in xs]
    ys = [sp.Rational(str(y)) for y in ys]
    for total in range(max_degree + 1):
        for den in range(total + 1):
            num = total - den
            m = num + den + 1
            if m > len(xs):
                continue
            data = list(zip(xs[:m], ys[:m]))
            try:
                r = sp.interpolate(data, k) if den == 0 else \
                    sp.polys.polyfuncs.rational_interpolate(data, num, X=k)
            except (ZeroDivisionError, ValueError):
                continue
            r = sp.cancel(r)
            try:
                if all(r.subs(k, x) == y for x, y in zip(xs, ys)):
                    return r
            except (ZeroDivisionError, TypeError):
                continue
    return None


def samples(dom: sp.Interval, count: int = 9) -> list[sp.Rational]:
    """``count`` rational points inside ``dom``: evenly spaced on a bounded interval, the
    integers from its start on a half-line."""
    lo, hi = dom.start, dom.end
    if hi.is_finite:
        return [lo + (hi - lo) * sp.Rational(i, count + 1) for i in range(1, count + 1)]
    start = lo if not dom.left_open else lo + sp.Rational(1, 2)
    return [start + i for i in range(count)]


def fit2(points: Sequence[tuple[Any, Any]], ys: Sequence[Any], a: sp.Symbol, b: sp.Symbol,
         max_degree: int = 3) -> sp.Expr | None:
    """The rational function ``P(a, b)/Q(a, b)`` of least total degrees (each ≤
    ``max_degree``) through all ``((a_i, b_i), y_i)``, found exactly as a null vector of the
    linear conditions ``P(a_i, b_i) = y_i·Q(a_i, b_i)``; None when none matches every point.

    >>> a, b = sp.symbols("a b")
    >>> pts = [(sp.Rational(i, 3), sp.Rational(j, 5)) for i in range(1, 4) for j in range(1, 5)]
    >>> fit2(pts, [x * (2 - x - y) / (1 + y) for x, y in pts], a, b)
    -a*(a + b - 2)/(b + 1)
    """
    pts = [(sp.Rational(str(x)), sp.Rational(str(y))) for x, y in points]
    vals = [sp.Rational(str(v)) for v in ys]
    if all(v == 0 for v in vals):
        return sp.Integer(0)

    def monomials(d: int) -> list[tuple[int, int]]:
        return [(i, t - i) for t in range(d + 1) for i in range(t + 1)]
    for total in range(2 * max_degree + 1):
        for dq in range(min(total, max_degree) + 1):
            dp = total - dq
            if dp > max_degree:
                continue
            mp, mq = monomials(dp), monomials(dq)
            if len(mp) + len(mq) > len(pts):
                continue
            rows = [[x ** i * y ** j for i, j in mp] + [-v * x ** i * y ** j for i, j in mq]
                    for (x, y), v in zip(pts, vals)]
            null = sp.Matrix(rows).nullspace()
            for vec in null:
                num = sum(c * a ** i * b ** j for c, (i, j) in zip(vec[:len(mp)], mp))
                den = sum(c * a ** i * b ** j for c, (i, j) in zip(vec[len(mp):], mq))
                if any(den.subs({a: x, b: y}) == 0 for x, y in pts):
                    continue
                r = sp.factor(sp.cancel(num / den))
                if all(r.subs({a: x, b: y}) == v for (x, y), v in zip(pts, vals)):
                    return r
    return None


def grid(claim: ClassClaim, sub: dict, first: sp.Symbol, second: sp.Symbol,
         count: int = 5) -> list[tuple[sp.Rational, sp.Rational]]:
    """Rational points of the set the claim's conditions allow for two free parameters:
    ``count`` values of ``first`` in the interval its own conditions give, and for each,
    ``count`` values of ``second`` in the interval the conditions then give."""
    conds = [sp.sympify(c).subs(sub) for c in _conditions(claim)]
    own = [c for c in conds if c.free_symbols <= {first}]
    dom = _interval(own, first)
    if dom is None:
        return []
    out = []
    for x in samples(dom, count):
        here = [c.subs(first, x) for c in conds]
        d2 = _interval(here, second)
        if d2 is not None:
            out += [(x, y) for y in samples(d2, count)]
    return out


def _conditions(claim: ClassClaim) -> list[sp.Basic]:
    return [p for c in domain_conditions(claim)
            for p in (c.args if isinstance(c, sp.And) else (c,))]


def _interval(conds: Sequence[sp.Basic], p: sp.Symbol) -> sp.Interval | None:
    dom: sp.Set = sp.Interval.open(0, sp.oo) if p.is_positive else \
        sp.Interval(0, sp.oo) if p.is_nonnegative else sp.Reals
    for c in conds:
        if c is sp.true:
            continue
        if c is sp.false or c.free_symbols - {p}:
            return None
        dom = dom.intersect(sp.solve_univariate_inequality(c, p, relational=False))
    return dom if isinstance(dom, sp.Interval) and dom.measure > 0 else None


def two_parameter_certificate(claim: ClassClaim) -> tuple[dict | None, str]:
    """A certificate for every value of the claim's two free parameters (admitted by the
    kernel: :func:`numeric.kernel.parametric.check_parametric`), fitted through exact
    certificates on a grid of the set they may take, or None and why."""
    sub, left = normalization(claim)
    if len(left) != 2:
        return None, f"{len(left)} free parameters"
    why = "no grid"
    for first, second in (left, left[::-1]):
        pts = grid(claim, sub, first, second)
        if len(pts) < 16:
            why = f"the set of ({first}, {second}) is not read as an interval of intervals"
            continue
        certs = []
        for x, y in pts:
            values = {first: x, second: y}
            p = problem(claim, {**sub, **values})
            found = dual(p)
            if found is None:
                return None, f"no proof at {first} = {x}, {second} = {y}"
            found = sparse_dual(p, found)
            cert, why = certificate(p, *found,
                                    lambda c, v=values: check_certificate(claim, c, v),
                                    faithful=True)
            if cert is None:
                return None, f"no exact proof at {first} = {x}, {second} = {y}: {why}"
            certs.append(cert)
        labels = sorted({lab for c in certs for lab in c["lambda"]})
        theta = [fit2(pts, [c["theta"][i] for c in certs], first, second)
                 for i in range(len(certs[0]["theta"]))]
        lam = {lab: fit2(pts, [c["lambda"].get(lab, "0") for c in certs], first, second)
               for lab in labels}
        if any(t is None for t in theta) or any(v is None for v in lam.values()):
            return None, "the multipliers on the grid follow no rational function of low degree"
        out = {"parameters": [first.name, second.name], "theta": [str(t) for t in theta],
               "lambda": {lab: str(v) for lab, v in lam.items() if v != 0}}
        why = check_parametric(claim, out)
        return (out, "") if why is None else (None, why)
    return None, why


def parametric_certificate(claim: ClassClaim) -> tuple[dict | None, str]:
    """A certificate for every value of the claim's free parameters (one, or two:
    :func:`two_parameter_certificate`), admitted by the kernel, or None and why."""
    sub, left = normalization(claim)
    if len(left) == 2:
        return two_parameter_certificate(claim)
    if len(left) != 1:
        return None, f"{len(left)} free parameters"
    k = left[0]
    dom = parameter_domain(claim, sub, k)
    if dom is None:
        return None, f"the values of {k} are not an interval"
    xs = samples(dom)
    certs = []
    for x in xs:
        values = {k: x}
        p = problem(claim, {**sub, **values})
        found = dual(p)
        if found is None:
            return None, f"no proof at {k} = {x}"
        found = sparse_dual(p, found)
        cert, why = certificate(p, *found, lambda c, v=values: check_certificate(claim, c, v),
                                faithful=True)
        if cert is None:
            return None, f"no exact proof at {k} = {x}: {why}"
        certs.append(cert)
    labels = sorted({lab for c in certs for lab in c["lambda"]})
    theta = [fit(xs, [c["theta"][i] for c in certs], k) for i in range(len(certs[0]["theta"]))]
    lam = {lab: fit(xs, [c["lambda"].get(lab, "0") for c in certs], k) for lab in labels}
    if any(t is None for t in theta) or any(v is None for v in lam.values()):
        return None, f"the multipliers at {k} = {xs} follow no rational function of low degree"
    out = {"parameter": k.name, "domain": str(dom), "theta": [str(t) for t in theta],
           "lambda": {lab: str(v) for lab, v in lam.items() if v != 0}}
    why = check_parametric(claim, out)
    return (out, "") if why is None else (None, why)
