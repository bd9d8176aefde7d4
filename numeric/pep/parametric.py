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
from numeric.kernel.parametric import check_parametric
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


def parametric_certificate(claim: ClassClaim) -> tuple[dict | None, str]:
    """A certificate for every value of the claim's one free parameter (admitted by the
    kernel), or None and why."""
    sub, left = normalization(claim)
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
