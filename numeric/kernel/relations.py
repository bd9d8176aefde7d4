"""Hypotheses as relations that z3's nlsat reads (:mod:`numeric.kernel.semialgebraic`), and
signs of ``sin`` and ``cos`` from their argument's range.

Example:
    >>> x = sp.Symbol("x", real=True)
    >>> trig_sign(sp.cos(x), True, [sp.Gt(x, 0), sp.Lt(x, sp.pi / 2)])
    True
    >>> trig_sign(sp.sin(x), True, [sp.Gt(x, 0), sp.Lt(x, 4)])
    False
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy as sp

from numeric.kernel.semialgebraic import holds
from symbolic.claim import Prop
from symbolic.relation import Relation


def relation(p: Prop) -> sp.Basic:
    """``p`` as a SymPy relation (``|a| > 0`` is ``a ≠ 0``)."""
    if p.rel is Relation.GT and p.rhs == 0 and isinstance(p.lhs, sp.Abs):
        return sp.Ne(p.lhs.args[0], 0)
    op = {Relation.LE: sp.Le, Relation.LT: sp.Lt, Relation.GE: sp.Ge, Relation.GT: sp.Gt,
          Relation.EQ: sp.Eq}[p.rel]
    return op(p.lhs, p.rhs, evaluate=False)


def rational_conditions(conditions: Sequence[Prop]) -> list[sp.Basic]:
    """The conditions as SymPy relations that nlsat can read (rational functions, where π
    and ``e`` may appear: :mod:`numeric.kernel.semialgebraic` encloses them), weakened where
    they are not: ``x > log 2`` becomes ``x ≥ r`` for a rational ``r`` below log 2, and any
    other condition with such a constant is left out. Weaker conditions prove less, never
    more: a sign shown under them holds under the originals.

    >>> x = sp.Symbol("x", real=True)
    >>> [r] = rational_conditions([Prop(x, ">", sp.log(2)), Prop(x**2, "<", sp.sin(1))])
    >>> r.rel_op, sp.log(2) - r.rhs < sp.Rational(1, 10**39), r.rhs < sp.log(2)
    ('>=', True, True)
    >>> rational_conditions([Prop(x, "<", sp.pi / 2)])
    [x < pi/2]
    """
    out = []
    for c in conditions:
        try:
            r = relation(c)
        except KeyError:
            continue
        lhs, rhs = sp.sympify(r.lhs), sp.sympify(r.rhs)
        if all(_readable(side) for side in (lhs, rhs)):
            out.append(r)
            continue
        if isinstance(lhs, sp.Symbol) and rhs.is_number and r.rel_op in ("<", "<=", ">", ">="):
            bound = _rational_bound(rhs, upper=r.rel_op in ("<", "<="))
            if bound is not None:
                out.append(sp.Le(lhs, bound) if r.rel_op in ("<", "<=") else
                           sp.Ge(lhs, bound))
    return out


def _readable(e: sp.Expr) -> bool:
    """Whether nlsat reads ``e``: rational numbers, π, ``e`` and ``eᵏ`` (integer ``k``)
    besides the symbols, ``+``, ``×`` and integer powers."""
    if e.is_Atom:
        return bool(e.is_Symbol or e.is_Rational or isinstance(e, sp.NumberSymbol))
    if isinstance(e, sp.exp):
        return bool(e.args[0].is_Integer)
    if isinstance(e, sp.Pow):
        return bool(e.args[1].is_Integer) and _readable(e.args[0])
    return isinstance(e, (sp.Add, sp.Mul)) and all(_readable(a) for a in e.args)


def _rational_bound(c: sp.Expr, upper: bool) -> sp.Rational | None:
    """A rational above (``upper``) or below the real constant ``c`` (by arb), or None."""
    from numeric.backends.precise import ArbOps, arb_prec
    from symbolic.walk import Evaluator

    with arb_prec(160):
        try:
            v = Evaluator(ArbOps(), {})(c)
        except Exception:
            return None
        if not v.is_finite():
            return None
        end = v.upper() if upper else v.lower()
        q = sp.Rational(end.mid().man_exp()[0]) * sp.Integer(2) ** end.mid().man_exp()[1]
    # 40 decimals, rounded outward
    scale = sp.Integer(10) ** 40
    return (sp.ceiling(q * scale) if upper else sp.floor(q * scale)) / scale


def trig_sign(e: sp.Expr, strict: bool, conditions: Sequence[sp.Basic]) -> bool:
    """Whether ``e = c·sin u`` or ``c·cos u`` (``c`` a nonzero rational, ``u`` a rational
    function) is ``≥ 0`` (``> 0`` when ``strict``) where ``conditions`` hold, because ``u``
    stays in a half period where it has that sign: ``sin u > 0`` on ``(0, π)``, ``cos u > 0``
    on ``(−π/2, π/2)`` (closed intervals for ``≥``), and the shifted intervals for ``c < 0``."""
    c, f = sp.sympify(e).as_coeff_Mul()
    if not c.is_Rational or c == 0 or not isinstance(f, (sp.sin, sp.cos)):
        return False
    u = f.args[0]
    lo, hi = (0, sp.pi) if isinstance(f, sp.sin) else (-sp.pi / 2, sp.pi / 2)
    if c < 0:
        lo, hi = lo + sp.pi, hi + sp.pi  # -sin u > 0 on (π, 2π), -cos u on (π/2, 3π/2)
    ge, le = (sp.Gt, sp.Lt) if strict else (sp.Ge, sp.Le)
    return holds(ge(u, lo), conditions) and holds(le(u, hi), conditions)
