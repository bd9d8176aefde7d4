"""From the solver's floats to exact data the kernel can check.

- :func:`certificate`: rounds the multipliers to rationals with small denominators first
  (textbook proofs have multipliers like 1/(2N+1)), makes the equations on the function values
  hold exactly by solving for a few multipliers, and keeps the first that the kernel admits;
- :func:`counterexample`: factors the Gram matrix ``G = V Vᵀ`` (dropping negligible
  directions, so the data live in few dimensions), rounds ``V`` and the values to rationals,
  coarsest first, and keeps the first data the kernel admits.

Example:
    >>> rationals([0.3333333333, 0.0000000001, 0.5], 100)
    [Fraction(1, 3), Fraction(0, 1), Fraction(1, 2)]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import sympy as sp

from numeric.pep.sdp import Problem

_DENOMINATORS = (1, 2, 4, 6, 10, 12, 24, 60, 100, 120, 1000, 10**4, 10**5, 10**6, 10**8)


def rationals(values: Sequence[float], max_den: int, tol: float = 1e-7) -> list[Fraction]:
    """Each value as the nearest fraction of denominator ≤ ``max_den``; below ``tol`` times
    the largest, zero."""
    big = max((abs(v) for v in values), default=0.0) or 1.0
    return [Fraction(0) if abs(v) < tol * big else Fraction(v).limit_denominator(max_den)
            for v in values]


def _r(v: Fraction) -> sp.Rational:
    return sp.Rational(v.numerator, v.denominator)


def kernel(p: Problem, theta: np.ndarray, lam: np.ndarray, tol: float = 1e-6) -> list[list]:
    """Rational vectors spanning the numerical kernel of the quadratic form left by
    ``(θ, λ)``: a tight proof leaves a singular form, which rounding would make indefinite, so
    the exact multipliers are asked to keep these vectors in its kernel."""
    n = len(p.vectors)
    if n == 0:
        return []
    s = sum(theta[i] * p.targets[i].quad for i in range(len(p.targets)))
    s = s - sum(lam[j] * p.rows[j].quad for j in range(len(p.rows)))
    w, u = np.linalg.eigh((s + s.T) / 2)
    small = w < tol * max(1.0, float(np.abs(w).max()))
    if not small.any() or small.all():
        return []
    k = u[:, small].T  # r × n, rows span the kernel
    rows: list[list] = []
    k = k.copy()  # Gauss-Jordan with full pivoting: unit pivots, then rational entries
    r, used = 0, set()
    while r < k.shape[0]:
        sub = np.abs(k[r:])
        sub[:, sorted(used)] = 0
        i, col = np.unravel_index(int(np.argmax(sub)), sub.shape)
        if sub[i, col] < 1e-8:
            break
        k[[r, r + i]] = k[[r + i, r]]
        k[r] /= k[r, col]
        for j in range(k.shape[0]):
            if j != r:
                k[j] -= k[j, col] * k[r]
        used.add(int(col))
        r += 1
    for i in range(r):
        rows.append([sp.Rational(Fraction(float(x)).limit_denominator(1000).numerator,
                                 Fraction(float(x)).limit_denominator(1000).denominator)
                     for x in k[i]])
    return rows


def _project(p: Problem, theta: list[Fraction], lam: list[Fraction], support: list[int],
             kernel_rows: list[list]) -> list[Fraction] | None:
    """``lam`` moved on ``support`` by the smallest exact correction that cancels the function
    values and keeps ``kernel_rows`` in the kernel of the form left, or None."""
    th = [_r(t) for t in theta]
    rows: list[list] = []
    rhs: list = []
    for s in p.scalars:
        rows.append([sp.Rational(p.conditions[j].value.lin.get(s, 0)) for j in support])
        rhs.append(sum((th[i] * sp.Rational(p.exact_targets[i].lin.get(s, 0))
                        for i in range(len(th))), sp.Integer(0)))
    if kernel_rows:
        qs = [p.conditions[j].value.coefficient_matrix(p.vectors) for j in support]
        qt = sum((th[i] * p.exact_targets[i].coefficient_matrix(p.vectors)
                  for i in range(len(th))), sp.zeros(len(p.vectors), len(p.vectors)))
        for v in kernel_rows:
            vec = sp.Matrix(v)
            cols = [q * vec for q in qs]
            tv = qt * vec
            for i in range(len(p.vectors)):
                rows.append([c[i] for c in cols])
                rhs.append(tv[i])
    if not rows:
        return lam
    if not support:
        return lam if all(v == 0 for v in rhs) else None
    a, b = sp.Matrix(rows), sp.Matrix(rhs)
    x0 = sp.Matrix([_r(lam[j]) for j in support])
    res = b - a * x0
    if all(v == 0 for v in res):
        return lam
    _, independent = a.T.rref()
    ar, rr = a.extract(list(independent), list(range(a.cols))), res.extract(
        list(independent), [0])
    try:
        corr = ar.T * (ar * ar.T).LUsolve(rr)
    except (ValueError, ZeroDivisionError):
        return None
    x = x0 + corr
    if any(v != 0 for v in b - a * x):
        return None
    out = list(lam)
    for k, j in enumerate(support):
        out[j] = Fraction(int(x[k].p), int(x[k].q))
    return out


def certificate(p: Problem, theta: np.ndarray, lam: np.ndarray,
                admit: Callable[[dict[str, Any]], str | None], faithful: bool = False
                ) -> tuple[dict | None, str]:
    """The first rounding of ``(θ, λ)`` that ``admit`` (the kernel) accepts, with ``""``, or
    None and the kernel's last objection: small denominators first, then fine roundings
    projected so that the form left keeps the numerical kernel. ``faithful``: no coarse
    rounding (a coarse one may land anywhere in a wide set of proofs; certificates meant to
    follow one function of a parameter must stay at the solver's point)."""
    why = "no rounding tried"
    big = max(float(np.max(lam)) if len(lam) else 0.0, 1e-300)
    support = [j for j, v in enumerate(lam) if v > 1e-7 * big]
    ker: list[list] | None = None
    attempts = [(d, False) for d in _DENOMINATORS[10 if faithful else 0:11]] + \
        [(d, True) for d in (10**4, 10**6, 10**9)]
    for d, keep_kernel in attempts:
        th = rationals(list(theta), d)
        if sum(th) == 0:
            continue
        th[-1] = 1 - sum(th[:-1]) if len(th) > 1 else Fraction(1)
        if any(t < 0 for t in th):
            continue
        if keep_kernel and ker is None:
            ker = kernel(p, theta, lam)
            if not ker:
                break
        lm = rationals(list(lam), d)
        lm = _project(p, th, lm, support, ker if keep_kernel else [])
        if lm is None or any(v < 0 for v in lm):
            why = f"the multipliers at denominator {d} are not exact"
            continue
        cert = {"theta": [str(t) for t in th],
                "lambda": {c.label: str(v) for c, v in zip(p.conditions, lm) if v != 0}}
        why = admit(cert) or ""
        if not why:
            return cert, ""
    return None, why


def counterexample(p: Problem, G: np.ndarray, F: np.ndarray, parameters: Mapping[str, str],
                   admit: Callable[[dict[str, Any]], str | None]) -> tuple[dict | None, str]:
    """Exact data from ``(G, F)`` that ``admit`` accepts, or None and why: the fewest
    dimensions first (the Gram matrix's leading directions), then the smallest denominators,
    so the data shown are as short as the margin allows."""
    w_, u = np.linalg.eigh((G + G.T) / 2)
    order = np.argsort(w_)[::-1]
    directions = int((w_ > 1e-9 * max(w_.max(), 1e-300)).sum())  # the rest is negligible
    points = [i for i, n in enumerate(p.vectors) if not n.startswith("∇")]
    star = [i for i, n in enumerate(p.scalars) if n.endswith("_*)")]
    values = [F - F[star[0]], F] if star else [F]
    why = "no rounding tried"
    for rank in range(1, directions + 1):
        top = order[:rank]
        v = u[:, top] * np.sqrt(np.maximum(w_[top], 0))
        if points:  # the origin at a point (x_* if there is one): shorter, if still valid
            origin = next((i for i, n in enumerate(p.vectors) if n.endswith("_*")),
                          points[0])
            shifted = v.copy()
            shifted[points] -= v[origin]
            candidates = [shifted, v]
        else:
            candidates = [v]
        for v, f, d in itertools.product(candidates, values, _DENOMINATORS[2:]):
            coords = [[Fraction(float(c)).limit_denominator(d) for c in row] for row in v]
            used = [k for k in range(v.shape[1]) if any(row[k] for row in coords)] or [0]
            vectors = {name: [str(coords[i][k]) for k in used]
                       for i, name in enumerate(p.vectors)}
            scalars = {name: str(Fraction(float(f[i])).limit_denominator(d))
                       for i, name in enumerate(p.scalars)}
            w = {"vectors": vectors, "scalars": scalars, "parameters": dict(parameters)}
            why = admit(w) or ""
            if not why:
                return w, ""
    return None, why
