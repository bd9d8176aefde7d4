"""Refutations by an explicit function: a diagonal quadratic of the class.

Some classes have no interpolation theorem (Polyak–Łojasiewicz), and a refutation by data is
then not a refutation; an explicit member of the class is. :func:`search` tries diagonal
quadratics ``f(x) = ½ Σ h_i x_i²`` (minimiser 0, ``f* = 0``) whose ``h`` the class admits
(its declaration's ``quadratic``), in one and two dimensions, at a few rational free points,
computes every point, gradient and value of the statement exactly, and keeps the first
where the conclusion fails and the kernel agrees (:func:`numeric.kernel.classes.
check_function_refutation`).

Example:
    >>> import sympy as sp
    >>> from symbolic.classes import CLASSES, ClassClaim, Function
    >>> f = Function("f", CLASSES["smooth-convex"].instance(L=1))
    >>> x, xs = f.point("x"), f.minimizer()
    >>> w = search(ClassClaim("t", f(x) - f(xs) <= (x - xs).norm2() / 4, [f]), {})
    >>> w["function"]
    {'f': ['1']}
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import sympy as sp

from numeric.kernel.classes import check_function_refutation, quadratic_data
from symbolic.classes.statement import ClassClaim

_POINTS = ([1], [2], [-1], [10], [100], [1, 1], [1, -1], [2, 1], [0, 1], [3, 4])


def _eigen_choices(claim: ClassClaim, sub: Mapping, dim: int) -> list[list[list[str]]]:
    per_function = []
    for f in claim.functions:
        p = {k: sp.sympify(v).subs(sub) for k, v in f.cls.params.items()}
        base = {sp.Integer(0), sp.Integer(1), sp.Rational(1, 2), sp.Integer(2),
                sp.Integer(-1), *[v for v in p.values() if v.is_number],
                *[-v for v in p.values() if v.is_number]}
        grid = sorted({sp.Rational(x) for x in base if x.is_number})
        ok = [h for h in itertools.product(grid, repeat=dim)
              if f.cls.cls.quadratic is not None and f.cls.cls.quadratic(p, list(h))]
        per_function.append([[str(v) for v in h] for h in ok])
    return [list(c) for c in itertools.product(*per_function)]


def search(claim: ClassClaim, sub: Mapping[sp.Symbol, Any], limit: int = 400
           ) -> dict[str, Any] | None:
    """An explicit quadratic refuting ``claim`` at parameters ``sub`` (data and function, as
    the kernel checks them), or None."""
    free = [lab for f in claim.functions for lab, x, d in f.data
            if len(x.terms) == 1 and lab in x.terms and d.g.terms]
    free = list(dict.fromkeys(free))
    tried = 0
    for dim in (1, 2):
        points = [p for p in _POINTS if len(p) == dim]
        for eigs in _eigen_choices(claim, sub, dim):
            for start in itertools.product(points, repeat=len(free)):
                tried += 1
                if tried > limit:
                    return None
                witness = {"function": {f.name: e for f, e in zip(claim.functions, eigs)},
                           "points": {lab: [str(Fraction(c)) for c in v]
                                      for lab, v in zip(free, start)},
                           "parameters": {str(k): str(v) for k, v in sub.items()}}
                try:
                    data = quadratic_data(claim, witness)
                except (ValueError, KeyError, ZeroDivisionError):
                    continue
                if data is None:
                    continue
                if check_function_refutation(claim, witness) is None:
                    return witness
    return None
