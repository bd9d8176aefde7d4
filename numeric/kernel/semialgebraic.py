"""Signs of rational functions of a claim's parameters where their conditions hold, decided
exactly by z3's nlsat.

A class claim's parameters (L, μ, a step h, a rate) range over the set the conditions cut
out: ``0 < μ < L``, ``0 ≤ h ≤ 2/(L + μ)``. Whether ``e ≥ 0`` on all of it is a sentence of the
theory of real closed fields, which nlsat decides: ``conditions ∧ e < 0`` is ``unsat``
exactly when it holds. Division is exact: every denominator of ``e`` must be shown nonzero
there first (a separate ``unsat``), else nothing is shown. A power with a symbolic exponent
(``ρ^{N/2}``) is ``≥ 0`` when its base is, or when the exponent is even (``ρ^{2N}``). A
query that runs out of its (deterministic) resource limit shows nothing.

Example:
    >>> L, mu, h = sp.symbols("L mu h", positive=True)
    >>> conds = [sp.Lt(mu, L), sp.Le(h, 2 / (L + mu))]
    >>> nonnegative(1 - 2 * h * L * mu / (L + mu), conds)
    True
    >>> nonnegative(1 - h * L, conds)
    False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sympy as sp
import z3

#: z3's resource limit per query (deterministic, unlike a time limit)
RLIMIT = 5_000_000


class _NotRational(ValueError):
    pass


def _z3(e: sp.Expr, names: dict[sp.Symbol, Any], dens: list[sp.Expr]) -> Any:
    """``e`` as a z3 real term; denominators met are appended to ``dens``."""
    if e.is_Rational:
        return z3.RealVal(f"{e.p}/{e.q}")
    if isinstance(e, sp.Symbol):
        if e not in names:
            names[e] = z3.Real(e.name)
        return names[e]
    if isinstance(e, sp.Add):
        return z3.Sum([_z3(a, names, dens) for a in e.args])
    if isinstance(e, sp.Mul):
        out = z3.RealVal(1)
        for a in e.args:
            out = out * _z3(a, names, dens)
        return out
    if isinstance(e, sp.Pow) and e.exp.is_Integer:
        base = _z3(e.base, names, dens)
        k = int(e.exp)
        power = z3.RealVal(1)
        for _ in range(abs(k)):
            power = power * base
        if k < 0:
            dens.append(e.base)
            return 1 / power
        return power
    raise _NotRational(f"{e} is not a rational function")


def _conditions(conds: Sequence[sp.Basic], names: dict, dens: list) -> list[Any]:
    out = []
    for c in conds:
        c = sp.sympify(c)
        if c is sp.true:
            continue
        if c is sp.false:
            return [z3.BoolVal(False)]
        parts = c.args if isinstance(c, sp.And) else (c,)
        for p in parts:
            if not isinstance(p, sp.core.relational.Relational):
                raise _NotRational(f"a condition {p} that is not a relation")
            a, b = _z3(sp.sympify(p.lhs), names, dens), _z3(sp.sympify(p.rhs), names, dens)
            op = {"<=": a <= b, "<": a < b, ">=": a >= b, ">": a > b, "==": a == b,
                  "!=": a != b}[p.rel_op]
            out.append(op)
    return out


def _symbol_facts(symbols: set[sp.Symbol], names: dict) -> list[Any]:
    out = []
    for s in symbols:
        v = names.setdefault(s, z3.Real(s.name))
        if s.is_positive:
            out.append(v > 0)
        elif s.is_nonnegative:
            out.append(v >= 0)
        if s.is_integer:
            raise _NotRational(f"{s} is an integer: not a real parameter")
    return out


def _unsat(facts: list[Any]) -> bool:
    s = z3.Tactic("qfnra-nlsat").solver()
    s.set("rlimit", RLIMIT)
    s.add(*facts)
    return s.check() == z3.unsat


def _power_bases(e: sp.Expr) -> tuple[sp.Expr, list[tuple[sp.Expr, sp.Expr]]]:
    """``e`` without its factors with a symbolic exponent, and their bases and exponents."""
    rest, bases = sp.Integer(1), []
    for f in sp.Mul.make_args(e):
        if isinstance(f, sp.Pow) and not f.exp.is_Integer:
            bases.append((f.base, f.exp))
        else:
            rest *= f
    return rest, bases


def holds(fact: sp.Basic, conditions: Sequence[sp.Basic]) -> bool:
    """Whether the relation ``fact`` (``e ≥ 0``, ``e > 0``, ``a ≤ b`` …) between rational
    functions holds wherever ``conditions`` and the symbols' assumptions (positive,
    nonnegative) hold, every denominator of ``fact`` being nonzero there (exact)."""
    fact = sp.sympify(fact)
    if fact is sp.true:
        return True
    if not isinstance(fact, sp.core.relational.Relational) or \
            fact.rel_op not in ("<=", "<", ">=", ">"):
        return False
    diff = fact.lhs - fact.rhs if fact.rel_op in (">=", ">") else fact.rhs - fact.lhs
    return _sign(sp.sympify(diff), conditions, strict=fact.rel_op in ("<", ">"))


def defined(e: sp.Expr, conditions: Sequence[sp.Basic]) -> bool:
    """Whether the rational function ``e`` has no pole where ``conditions`` hold (exact)."""
    _, den = sp.fraction(sp.together(sp.sympify(e)))
    if not den.free_symbols:
        return den != 0
    return holds(sp.Gt(den ** 2, 0), conditions)


def nonnegative(e: sp.Expr, conditions: Sequence[sp.Basic]) -> bool:
    """Whether ``e ≥ 0`` wherever ``conditions`` hold (see the module docstring)."""
    return _sign(sp.sympify(e), conditions, strict=False)


def _constants(e: sp.Expr, conditions: Sequence[sp.Basic]
               ) -> tuple[sp.Expr, list[sp.Basic]]:
    """``e`` and ``conditions`` with each constant ``π`` and ``e`` (and ``eᵏ`` for an integer
    ``k``) a new variable held between two rationals that enclose it (arb): a sign shown for
    every value between them holds for the constant, and occurrences stay equal.

    >>> x = sp.Symbol("x", real=True)
    >>> body, conds = _constants(sp.pi / 2 - x, [sp.Lt(x, sp.pi / 2)])
    >>> body, conds[0], len(conds)
    (_pi/2 - x, x < _pi/2, 3)
    """
    exprs = [sp.sympify(e), *(sp.sympify(c) for c in conditions)]
    found = set().union(*(x.atoms(sp.NumberSymbol) for x in exprs))
    found |= {a for x in exprs for a in x.atoms(sp.exp) if a.args[0].is_Integer}
    if not found:
        return exprs[0], list(exprs[1:])
    swap: dict[sp.Basic, sp.Expr] = {}
    bounds: list[sp.Basic] = []
    for c in sorted((c for c in found if not isinstance(c, sp.exp)), key=str):
        v = sp.Symbol(f"_{c}", real=True)
        lo, hi = _enclosure(c)
        swap[c] = v
        bounds += [sp.Gt(v, lo), sp.Lt(v, hi)]
    for a in found:
        if isinstance(a, sp.exp):
            if sp.E not in swap:
                v = sp.Symbol("_E", real=True)
                lo, hi = _enclosure(sp.E)
                swap[sp.E] = v
                bounds += [sp.Gt(v, lo), sp.Lt(v, hi)]
            swap[a] = swap[sp.E] ** a.args[0]
    out = [x.xreplace(swap) for x in exprs]
    return out[0], [*out[1:], *bounds]


def _enclosure(c: sp.Expr) -> tuple[sp.Rational, sp.Rational]:
    """Rationals ``lo < c < hi`` within 10⁻³⁰ of the constant ``c`` (arb)."""
    import flint

    from numeric.backends.precise import ArbOps, arb_prec
    from symbolic.walk import Evaluator

    with arb_prec(160):
        v = Evaluator(ArbOps(), {})(c)

        def exact(a: flint.arb) -> sp.Rational:
            m, k = a.mid().man_exp()
            return sp.Integer(int(m)) * sp.Integer(2) ** int(k)

        lo, hi = exact(v.lower()), exact(v.upper())
    scale = sp.Integer(10) ** 30
    return sp.floor(lo * scale) / scale - 1 / scale, sp.ceiling(hi * scale) / scale + 1 / scale


def _sign(e: sp.Expr, conditions: Sequence[sp.Basic], strict: bool) -> bool:
    try:
        e, conditions = _constants(e, conditions)
    except Exception:  # a constant arb cannot enclose: nothing shown
        return False
    rest, bases = _power_bases(e)
    if bases:  # b^t ≥ 0 when b ≥ 0 (> 0 when b > 0, or when t may be negative), or when
        # t is an even integer ≥ 0
        return all((not strict and (t / 2).is_integer and t.is_nonnegative) or
                   _sign(b, conditions, strict or not t.is_nonnegative)
                   for b, t in bases) and _sign(rest, conditions, strict)
    names: dict[sp.Symbol, Any] = {}
    dens: list[sp.Expr] = []
    try:
        num, den = sp.fraction(sp.together(e))
        z_e = _z3(sp.expand(num), names, dens) * _z3(sp.expand(den), names, dens)
        dens.append(den)
        conds = _conditions(conditions, names, [])
        symbols = set(e.free_symbols) | {s for c in conditions
                                         for s in sp.sympify(c).free_symbols}
        conds += _symbol_facts(symbols, names)
        zero_dens = [_z3(sp.expand(d), names, []) == 0 for d in dens if d.free_symbols]
        if any(not d.free_symbols and d == 0 for d in dens):
            return False
    except _NotRational:
        return False
    if zero_dens and not _unsat([*conds, z3.Or(*zero_dens)]):
        return False
    return _unsat([*conds, z_e <= 0 if strict else z_e < 0])
