"""Extended-real intervals ``[lo, hi]`` with rigorously rounded arb endpoints and ±inf.

Endpoints are exact arb points (the lower end rounded down, the upper end rounded up) or the
floats ``-inf`` / ``inf``, so intervals like ``[4, inf)`` are representable: that is what makes
tail arguments over unbounded domains sound. Products use the convention ``0 * inf = 0``, which is
correct for closed intervals of real numbers.

Example:
    >>> from numeric.backends.xinterval import XI
    >>> r = XI(4, float("inf"))
    >>> dg = r * 12 * (r * r * 6).exp() - 4  # derivative of exp(6 r^2) - 4 r on [4, inf)
    >>> dg.lower_gt0(), dg.hi
    (True, inf)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import flint
import sympy as sp

from numeric.backends.precise import exact_arb
from symbolic.vocabulary import FUNCTIONS, Function, Monotone, Valley
from symbolic.walk import Evaluator, Ops, Unsupported

INF = math.inf


def _arb(x: Any) -> flint.arb:
    """``x`` as an arb ball: SymPy numbers exactly (a ``Float`` at its binary value), a
    rational as a ball at the working precision; never through float64.

    >>> _arb(sp.Float("1e-400")) > 0, _arb(sp.Rational(1, 3)).contains(flint.fmpq(1, 3))
    (True, True)
    """
    if isinstance(x, flint.arb):
        return x
    if isinstance(x, sp.Rational):
        return flint.arb(flint.fmpq(int(x.p), int(x.q)))
    if isinstance(x, sp.Float):
        return exact_arb(x)
    if isinstance(x, sp.Basic):
        raise Unsupported(f"interval: {x} is not a number")
    return flint.arb(x)


def _low(x: Any) -> Any:
    """Exact lower end of an arb ball (or pass ±inf through)."""
    if isinstance(x, float):
        return x
    if not x.is_finite():
        return -INF
    return x.lower()


def _up(x: Any) -> Any:
    if isinstance(x, float):
        return x
    if not x.is_finite():
        return INF
    return x.upper()


def _lt(a: Any, b: Any) -> bool:
    """a < b for exact points / infinities."""
    if isinstance(a, float) and isinstance(b, float):
        return a < b
    if isinstance(a, float):
        return a == -INF
    if isinstance(b, float):
        return b == INF
    return bool(a < b)


def _min(xs: list[Any]) -> Any:
    return _best(xs, _lt)


def _max(xs: list[Any]) -> Any:
    return _best(xs, lambda a, b: _lt(b, a))


def _best(xs: list[Any], better: Callable[[Any, Any], bool]) -> Any:
    """The first of ``xs`` that no later one is ``better`` than (``better(x, best)``)."""
    out = xs[0]
    for x in xs[1:]:
        if better(x, out):
            out = x
    return out


def _is_zero(x: Any) -> bool:
    return not isinstance(x, float) and x.is_zero()


def _sign(x: Any) -> int:
    if isinstance(x, float):
        return 1 if x > 0 else -1
    if x.is_zero():
        return 0
    return 1 if x > 0 else -1


def _mul_end(a: Any, b: Any, up: bool) -> Any:
    if isinstance(a, float) or isinstance(b, float):
        if _is_zero(a) or _is_zero(b):
            return flint.arb(0)
        return INF if _sign(a) * _sign(b) > 0 else -INF
    p = a * b
    return _up(p) if up else _low(p)


class XI:
    """A closed interval of the extended reals with arb endpoints."""

    __slots__ = ("hi", "lo")

    def __init__(self, lo: Any, hi: Any | None = None):
        hi = lo if hi is None else hi
        self.lo = lo if isinstance(lo, float) and math.isinf(lo) else _low(_arb(lo))
        self.hi = hi if isinstance(hi, float) and math.isinf(hi) else _up(_arb(hi))

    @classmethod
    def ball(cls, b: flint.arb) -> XI:
        return cls(_low(b), _up(b))

    def __repr__(self) -> str:
        return f"XI({self.lo}, {self.hi})"

    @property
    def bounded(self) -> bool:
        return not (isinstance(self.lo, float) or isinstance(self.hi, float))

    def __add__(self, o: Any) -> XI:
        o = _coerce(o)
        lo = -INF if INF * -1 in (self.lo, o.lo) else _low(self.lo + o.lo)
        hi = INF if INF in (self.hi, o.hi) else _up(self.hi + o.hi)
        return XI(lo, hi)

    __radd__ = __add__

    def __neg__(self) -> XI:
        return XI(-self.hi, -self.lo)

    def __sub__(self, o: Any) -> XI:
        return self + (-_coerce(o))

    def __rsub__(self, o: Any) -> XI:
        return _coerce(o) + (-self)

    def __mul__(self, o: Any) -> XI:
        o = _coerce(o)
        ends = [(a, b) for a in (self.lo, self.hi) for b in (o.lo, o.hi)]
        return XI(_min([_mul_end(a, b, False) for a, b in ends]),
                  _max([_mul_end(a, b, True) for a, b in ends]))

    __rmul__ = __mul__

    def contains_zero(self) -> bool:
        return not _lt(flint.arb(0), self.lo) and not _lt(self.hi, flint.arb(0))

    def recip(self) -> XI:
        if self.contains_zero():
            if _is_zero(self.lo) and _lt(flint.arb(0), self.hi):
                return XI(_low(1 / self.hi) if not isinstance(self.hi, float) else flint.arb(0),
                          INF)
            if _is_zero(self.hi) and _lt(self.lo, flint.arb(0)):
                return XI(-INF, _up(1 / self.lo) if not isinstance(self.lo, float)
                          else flint.arb(0))
            return XI(-INF, INF)
        lo = flint.arb(0) if isinstance(self.hi, float) else _low(1 / self.hi)
        hi = flint.arb(0) if isinstance(self.lo, float) else _up(1 / self.lo)
        return XI(lo, hi)

    def __truediv__(self, o: Any) -> XI:
        return self * _coerce(o).recip()

    def __rtruediv__(self, o: Any) -> XI:
        return _coerce(o) * self.recip()

    def _mono(self, f: Any, at_lo_inf: Any, at_hi_inf: Any) -> XI:
        lo = at_lo_inf if isinstance(self.lo, float) else _low(f(self.lo))
        hi = at_hi_inf if isinstance(self.hi, float) else _up(f(self.hi))
        return XI(lo, hi)

    def exp(self) -> XI:
        return self._mono(lambda x: x.exp(), flint.arb(0), INF)

    def log(self) -> XI:
        if not _lt(flint.arb(0), self.lo):
            lo = -INF
            hi = INF if isinstance(self.hi, float) else (
                _up(self.hi.log()) if self.hi > 0 else -INF)
            return XI(lo, hi)
        return self._mono(lambda x: x.log(), -INF, INF)

    def sqrt(self) -> XI:
        if _lt(self.lo, flint.arb(0)):
            raise Unsupported("interval: sqrt of an interval reaching below 0")
        return self._mono(lambda x: x.sqrt(), flint.arb(0), INF)

    def sign(self) -> XI:
        """``sign`` is non-decreasing: ``[sign(lo), sign(hi)]``."""
        return XI(flint.arb(_sign(self.lo)), flint.arb(_sign(self.hi)))

    def __abs__(self) -> XI:
        if not _lt(self.lo, flint.arb(0)):
            return self
        if not _lt(flint.arb(0), self.hi):
            return -self
        return XI(flint.arb(0), _max([-self.lo if not isinstance(self.lo, float) else INF,
                                      self.hi]))

    def powi(self, k: int) -> XI:
        if k == 0:
            return XI(1)
        if k < 0:
            return self.powi(-k).recip()
        base = abs(self) if k % 2 == 0 else self
        lo = base.lo if isinstance(base.lo, float) else _low(base.lo**k)
        hi = base.hi if isinstance(base.hi, float) else _up(base.hi**k)
        return XI(lo, hi)

    def powr(self, p: Any) -> XI:
        """Real power with a positive base: ``exp(p log x)``."""
        return (_coerce(p) * self.log()).exp()

    def lower_ge0(self) -> bool:
        """Certainly ``>= 0``."""
        return not _lt(self.lo, flint.arb(0))

    def lower_gt0(self) -> bool:
        return _lt(flint.arb(0), self.lo)

    def upper_lt0(self) -> bool:
        return _lt(self.hi, flint.arb(0))

    def upper_le0(self) -> bool:
        return not _lt(flint.arb(0), self.hi)

    def intersect(self, o: XI) -> XI:
        return XI(_max([self.lo, o.lo]), _min([self.hi, o.hi]))

    def mid(self) -> flint.arb:
        if not self.bounded:
            raise ValueError("midpoint of an unbounded interval")
        return ((self.lo + self.hi) / 2).mid()

    def width(self) -> Any:
        return INF if not self.bounded else _up(self.hi - self.lo)


def _coerce(x: Any) -> XI:
    return x if isinstance(x, XI) else XI(_arb(x))


def _limit(v: Any, up: bool) -> Any:
    """A declared limit or bound (an exact SymPy number or ±inf) as an exact end: the upper
    end of its enclosure when ``up``, else the lower (``-pi/2`` is never float64's); computed
    once per limit and working precision (the branch and bound asks for it at every box)."""
    if isinstance(v, float):
        return v
    return _limit_at(v, up, flint.ctx.prec)


@functools.lru_cache(maxsize=256)
def _limit_at(v: Any, up: bool, prec: int) -> Any:
    """:func:`_limit` at the working precision ``prec``."""
    value = sp.sympify(v)
    if value in (sp.oo, -sp.oo):
        return INF if value is sp.oo else -INF
    if value.is_Rational:
        ball = _arb(value)
        return _up(ball) if up else _low(ball)
    enclosure = Evaluator(XIOps(), {})(value)
    return enclosure.hi if up else enclosure.lo


def _monotone(x: XI, f: Any, rule: Monotone) -> XI:
    """``f`` over ``x`` by a :class:`~symbolic.declared.Monotone` rule (NaN ends: ±inf)."""
    if rule.increasing:
        lo = _limit(rule.low, False) if isinstance(x.lo, float) else _low(f(x.lo))
        hi = _limit(rule.high, True) if isinstance(x.hi, float) else _up(f(x.hi))
    else:
        lo = _limit(rule.low, False) if isinstance(x.hi, float) else _low(f(x.hi))
        hi = _limit(rule.high, True) if isinstance(x.lo, float) else _up(f(x.lo))
    return XI(lo, hi)


def _valley(x: XI, f: Any, rule: Valley) -> XI:
    """``f`` over ``x`` by a :class:`~symbolic.declared.Valley` rule: decreasing left of the
    minimiser's bracket, increasing right of it, its least value in between."""
    left, right = (_limit(rule.at[0], False), _limit(rule.at[1], True))
    high = _limit(rule.high, True)
    far = _limit(rule.high, False)  # the value at an infinite end (x = [-inf, -inf])
    if not _lt(x.lo, right):  # right of the minimiser: increasing
        return XI(far if isinstance(x.lo, float) else _low(f(x.lo)),
                  high if isinstance(x.hi, float) else _up(f(x.hi)))
    if not _lt(left, x.hi):  # left of it: decreasing
        return XI(far if isinstance(x.hi, float) else _low(f(x.hi)),
                  high if isinstance(x.lo, float) else _up(f(x.lo)))
    hi = high if not x.bounded else _max([_up(f(x.lo)), _up(f(x.hi))])
    return XI(_limit(rule.least, False), hi)


def _by_ball(x: XI, f: Any, decl: Function) -> XI:
    """``f`` over a bounded ``x`` from the arb ball covering it (the declared ``bounds`` on an
    unbounded one); a declared direction tightens it to the ends' values. A NaN or infinite
    enclosure (a pole of ``tan``, ``asin`` beyond ``[-1, 1]``) becomes ``(-inf, inf)``."""
    if not x.bounded:
        return XI(_limit(decl.bounds[0], False), _limit(decl.bounds[1], True))
    out = f(x.lo.union(x.hi))
    if not out.is_finite():
        return XI(-INF, INF)
    if decl.interval == "ball-increasing":
        return XI(_low(f(x.lo)), _up(f(x.hi)))
    if decl.interval == "ball-decreasing":
        return XI(_low(f(x.hi)), _up(f(x.lo)))
    return XI.ball(out)


def _atan2(y: XI, x: XI) -> XI:
    """``atan2(y, x)``: through ``atan(y / x)`` where ``x > 0``; else ``[-pi, pi]`` (every
    value; the branch cut at ``x < 0, y = 0`` is a jump, so nothing tighter is claimed)."""
    if _lt(flint.arb(0), x.lo):
        return _monotone(y * x.recip(), lambda t: t.atan(), FUNCTIONS["atan"].interval)
    pi = flint.arb.pi()
    return XI(_low(-pi), _up(pi))


class XIOps(Ops):
    """Walker operations on :class:`XI` (scalars only)."""

    name = "interval"

    def const(self, value: sp.Expr) -> XI:
        if value.is_Rational:
            return XI(_arb(value))
        if value is sp.pi:
            return XI.ball(flint.arb.pi())
        if value is sp.E:
            return XI.ball(flint.arb(1).exp())
        if value.is_Float:
            return XI(exact_arb(value))  # the exact binary value, never float64's rounding
        raise Unsupported(f"interval: constant {value}")

    def add(self, terms: list[Any]) -> Any:
        out = _coerce(terms[0])
        for t in terms[1:]:
            out = out + t
        return out

    def mul(self, factors: list[Any]) -> Any:
        out = _coerce(factors[0])
        for f in factors[1:]:
            out = out * f
        return out

    def pow(self, base: Any, exponent: Any, exponent_expr: sp.Expr) -> Any:
        base = _coerce(base)
        if exponent_expr.is_Integer:
            return base.powi(int(exponent_expr))
        if exponent_expr == sp.Rational(1, 2):
            return base.sqrt()
        if exponent_expr == sp.Rational(-1, 2):
            return base.sqrt().recip()
        return base.powr(exponent)

    def func(self, name: str, args: list[Any]) -> Any:
        args = [_coerce(a) for a in args]
        if name == "exp":
            return args[0].exp()
        if name == "log":
            return args[0].log()
        if name == "abs":
            return abs(args[0])
        if name == "sqrt":
            return args[0].sqrt()
        if name == "max":
            return XI(_max([a.lo for a in args]), _max([a.hi for a in args]))
        if name == "min":
            return XI(_min([a.lo for a in args]), _min([a.hi for a in args]))
        if name == "sign":
            return args[0].sign()
        if name == "atan2":
            return _atan2(args[0], args[1])
        return self.declared(name, args)

    def declared(self, name: str, args: list[XI]) -> XI:
        """A declared function by its interval rule, from its arb enclosure."""
        decl = FUNCTIONS.get(name)
        if decl is None or decl.arb is None:
            raise Unsupported(f"interval: {name}")
        rule, f = decl.interval, decl.arb
        if isinstance(rule, Monotone):
            return _monotone(args[0], f, rule)
        if isinstance(rule, Valley):
            return _valley(args[0], f, rule)
        if isinstance(rule, str) and rule.startswith("ball"):
            return _by_ball(args[0], f, decl)
        if rule == "arb" and all(a.bounded for a in args):  # every argument's covering ball
            out = f(*[a.lo.union(a.hi) for a in args])
            return XI.ball(out) if out.is_finite() else XI(-INF, INF)
        raise Unsupported(f"interval: {name} on {args}")
