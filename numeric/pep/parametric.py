"""Certificates for every value of one parameter, found by interpolating exact ones.

For a class claim whose only free parameter is ``k`` (an induction step's index), exact
certificates are found at ``k = lower, lower + 1, ...``; each multiplier is then fitted by the
polynomial of least degree through them that also matches the remaining samples. The fitted
certificate is checked for every ``k`` by :func:`numeric.kernel.parametric.check_parametric`.

Example:
    >>> k = sp.Symbol("k")
    >>> fit([0, 1, 2, 3], [1, 2, 3, 4], k)
    k + 1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sympy as sp

from numeric.kernel.classes import check_certificate
from numeric.kernel.parametric import check_parametric
from numeric.pep.exact import certificate
from numeric.pep.sdp import dual, problem, sparse_dual
from symbolic.classes.scaling import normalization
from symbolic.classes.statement import ClassClaim


def fit(xs: Sequence[int], ys: Sequence[Any], k: sp.Symbol, max_degree: int = 3) -> sp.Expr | None:
    """The polynomial of least degree ≤ ``max_degree`` through all ``(x, y)``, or None."""
    ys = [sp.Rational(str(y)) for y in ys]
    for d in range(min(max_degree, len(xs) - 1) + 1):
        poly = sp.interpolate(list(zip(xs[:d + 1], ys[:d + 1])), k) if d else ys[0]
        poly = sp.expand(poly)
        if all(sp.sympify(poly).subs(k, x) == y for x, y in zip(xs, ys)):
            return poly
    return None


def parametric_certificate(claim: ClassClaim, lower: int = 0, samples: int = 6
                           ) -> tuple[dict | None, str]:
    """A certificate for every value ``≥ lower`` of the claim's one free parameter (admitted
    by the kernel), or None and why."""
    sub, left = normalization(claim)
    if len(left) != 1:
        return None, f"{len(left)} free parameters"
    k = left[0]
    xs = list(range(lower, lower + samples))
    certs = []
    for x in xs:
        values = {k: sp.Integer(x)}
        p = problem(claim, {**sub, **values})
        found = dual(p)
        if found is None:
            return None, f"no proof at {k} = {x}"
        found = sparse_dual(p, found)
        cert, why = certificate(p, *found, lambda c, v=values: check_certificate(claim, c, v))
        if cert is None:
            return None, f"no exact proof at {k} = {x}: {why}"
        certs.append(cert)
    labels = sorted({lab for c in certs for lab in c["lambda"]})
    theta = [fit(xs, [c["theta"][i] for c in certs], k) for i in range(len(certs[0]["theta"]))]
    lam = {lab: fit(xs, [c["lambda"].get(lab, "0") for c in certs], k) for lab in labels}
    if any(t is None for t in theta) or any(v is None for v in lam.values()):
        return None, f"the multipliers at {k} = {xs} follow no polynomial of low degree"
    out = {"parameter": k.name, "lower": str(lower), "theta": [str(t) for t in theta],
           "lambda": {lab: str(v) for lab, v in lam.items() if v != 0}}
    why = check_parametric(claim, out)
    return (out, "") if why is None else (None, why)


__all__ = ["fit", "parametric_certificate"]
