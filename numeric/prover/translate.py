"""SymPy to z3 over the reals: polynomial and rational arithmetic with roots, the side conditions
that keep it defined (nonzero denominators, root arguments non-negative), and the facts a
claim's symbols carry (SymPy assumptions, dimension ranges).

Example:
    >>> import sympy as sp, z3
    >>> x = sp.Symbol("x")
    >>> t = Translator({x: z3.Real("x")})
    >>> str(t(1 / x)), [str(c) for c in t.domain]
    ('1/x', ['x != 0'])
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import sympy as sp
import z3

from symbolic.numbers import exact_fraction
from symbolic.objects import DIMS
from symbolic.relation import Relation

if TYPE_CHECKING:
    from symbolic.claim import Claim


class NotAlgebraic(Exception):
    """The expression is outside polynomial/rational arithmetic with roots."""


class Translator:
    """SymPy -> z3 over the reals; side conditions (nonzero denominators, root definitions)."""

    def __init__(self, variables: dict[sp.Symbol, Any], ctx: z3.Context | None = None):
        self.vars = variables
        #: the z3 context of every term made here (None: z3's main context)
        self.ctx = ctx
        self.defined: list[Any] = []  # facts that define auxiliary variables (t^2 = a, t >= 0)
        self.domain: list[Any] = []  # conditions for the expression to be defined (d != 0)
        self._fresh = 0
        self._cache: dict[sp.Basic, Any] = {}

    def fresh(self) -> Any:
        self._fresh += 1
        return z3.Real(f"_aux{self._fresh}", self.ctx)

    def __call__(self, e: sp.Basic) -> Any:
        if e not in self._cache:
            self._cache[e] = self._tr(e)
        return self._cache[e]

    def _tr(self, e: sp.Basic) -> Any:
        if e in self.vars:
            return self.vars[e]
        if e.is_Rational:
            return z3.RealVal(Fraction(int(e.p), int(e.q)), self.ctx)
        if e.is_Float:  # the exact binary value: float64 would turn 1e-400 into 0
            return z3.RealVal(exact_fraction(e), self.ctx)
        if isinstance(e, sp.Add):
            return z3.Sum([self(a) for a in e.args])
        if isinstance(e, sp.Mul):
            out = self(e.args[0])
            for a in e.args[1:]:
                out = out * self(a)
            return out
        if isinstance(e, sp.Pow):
            base, ex = e.base, e.exp
            if ex.is_Integer:
                return self._power(self(base), int(ex))
            if ex.is_Rational and abs(int(ex.q)) <= 4:
                q, pnum = int(ex.q), int(ex.p)
                b = self(base)
                self.domain.append(b >= 0)  # SymPy's x**(1/3) is complex for x < 0
                t = self.fresh()
                tq = t
                for _ in range(q - 1):
                    tq = tq * t
                # conditional, so that the domain check can still see a negative argument
                self.defined.append(z3.Implies(b >= 0, z3.And(tq == b, t >= 0)))
                return self._power(t, pnum)
            raise NotAlgebraic(f"power with exponent {ex}")
        if isinstance(e, sp.Abs):
            a = self(e.args[0])
            return z3.If(a >= 0, a, -a)
        if isinstance(e, (sp.Max, sp.Min)):
            out = self(e.args[0])
            for a in e.args[1:]:
                b = self(a)
                out = z3.If(out >= b, out, b) if isinstance(e, sp.Max) else z3.If(
                    out <= b, out, b)
            return out
        head = type(e).__name__ if not isinstance(e, sp.Function) else e.func.__name__
        raise NotAlgebraic(f"contains {head}")

    def _power(self, t: Any, k: int) -> Any:
        if k == 0:
            return z3.RealVal(1, self.ctx)
        p = t
        for _ in range(abs(k) - 1):
            p = p * t
        if k > 0:
            return p
        self.domain.append(p != 0)
        return 1 / p


def z3_relation(rel: Relation, a: Any, b: Any) -> Any:
    return {Relation.LE: a <= b, Relation.LT: a < b, Relation.GE: a >= b, Relation.GT: a > b,
            Relation.EQ: a == b}[rel]


def assumption_facts(syms: list[sp.Symbol], zv: dict[sp.Symbol, Any],
                      claim: Claim) -> list[Any]:
    """Facts implied by the symbols' SymPy assumptions and the claim's dimension ranges."""
    facts: list[Any] = []
    dims = set(DIMS.values())
    for s in syms:
        v = zv[s]
        if s in dims:
            lo, hi = claim.dims.get(str(s), (1, None))
            facts.append(v >= lo)
            if hi is not None:
                facts.append(v <= hi)
            continue
        if s.is_positive:
            facts.append(v > 0)
        elif s.is_nonnegative:
            facts.append(v >= 0)
        elif s.is_negative:
            facts.append(v < 0)
        elif s.is_nonpositive:
            facts.append(v <= 0)
    return facts
