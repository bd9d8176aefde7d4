"""The smallest correction of a false inequality in one variable on an interval: the interval
narrowed to where it holds, and proved there.

A statement ``g(x) ≤ h(x)`` for ``x ∈ [a, b]`` refuted at a witness ``w`` often holds on most
of the interval and fails on a piece at one end (``−log(1 + x) ≤ −x + x²`` for
``x ∈ [−1, 1/2]`` fails on ``[−1, −0.68380262…)``). :func:`narrowed` finds, from the witness, the
point ``r`` where the statement starts to hold (a sign change of ``h − g``, found in
``mpmath`` at 30 digits), rounds it to 6 significant digits on the safe side, and checks the
statement on the narrowed interval with the prover cascade. Only a narrowing the cascade
**proves** is returned: it is a corrected form, never a guess. The end kept is the one that
keeps the longer interval.

Nothing here runs unless the review asks (:mod:`proofs.review.pipeline`); the verdicts are
the cascade's at the quick budget.

Example:
    >>> from symbolic import Claim, Prop, scalar
    >>> from sympy import Rational, log
    >>> x = scalar("x")
    >>> c = Claim("t:lemma-1", -log(1 + x), "<=", -x + x**2, (Prop(x, ">=", -1),
    ...           Prop(x, "<=", Rational(1, 2))))
    >>> narrowed(c, {"x": -0.8}).text
    'for -0.683802 ≤ x ≤ 1/2 (instead of -1 ≤ x ≤ 1/2), proved'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import mpmath
import sympy

#: relations the narrowing handles, as "claim holds ⇔ sign(rhs − lhs) …"
_SIDE = {"<=": 1, "<": 1, ">=": -1, ">": -1}


@dataclass(frozen=True)
class Narrowing:
    """A proved correction: the statement holds for ``low ≤ x ≤ high`` (``text`` in words)."""

    variable: str
    low: Any
    high: Any
    text: str


def narrowed(claim: Any, witness: dict[str, Any], budget: str = "quick") -> Narrowing | None:
    """The interval of ``claim`` narrowed to where it holds and proved, or None (the claim is
    not an inequality in one real variable with numeric bounds, the failure does not reach an
    end of the interval, or the narrowed statement is not proved)."""
    with mpmath.workdps(30):  # the process's precision is left as it was
        shape = _shape(claim)
        if shape is None:
            return None
        x, lows, highs = shape
        w = witness.get(str(x))
        if w is None:
            return None
        return _narrowed(claim, x, lows, highs, w, budget)


def _narrowed(claim: Any, x: Any, lows: tuple, highs: tuple, w: Any,
              budget: str) -> Narrowing | None:
    (low, low_exact, low_strict), (high, high_exact, high_strict) = lows, highs
    g = _margin(claim, x)
    try:
        w = mpmath.mpf(str(w))
    except (TypeError, ValueError):
        return None
    if not low <= w <= high or _holds(g, w):
        return None
    options = []
    for end, toward in ((low, high), (high, low)):
        if _holds(g, end):
            continue  # the failure does not reach this end: cutting it off is no small fix
        r = _boundary(g, w, toward)
        if r is None or not _holds_on(g, r, toward):
            continue
        bound = _round_safe(r, up=toward > w)
        new = ((bound, False), (high_exact, high_strict)) if toward > w else \
            ((low_exact, low_strict), (bound, False))
        options.append((abs(toward - r), new))
    was = _interval(x, (low_exact, low_strict), (high_exact, high_strict))
    for _, (a, b) in sorted(options, key=lambda o: -o[0]):
        fixed = _with_bounds(claim, x, a, b)
        if _proved(fixed, budget):
            return Narrowing(str(x), a[0], b[0], f"for {_interval(x, a, b)} (instead of {was}), "
                                                 "proved")
    return None


def _interval(x: Any, a: tuple[Any, bool], b: tuple[Any, bool]) -> str:
    """``-1 < x ≤ 1/2`` from the ends ``(value, strict)``."""
    return f"{_num(a[0])} {'<' if a[1] else '≤'} {x} {'<' if b[1] else '≤'} {_num(b[0])}"


def _shape(claim: Any) -> tuple[Any, tuple, tuple] | None:
    """``(x, low, high)`` when ``claim`` is an inequality in one real scalar ``x`` whose
    hypotheses are linear bounds on ``x`` (``x ≥ -1``, ``1 + x > 0``; both ends given), each
    end ``(value in mpmath, exact SymPy value, strict)`` (the tighter of several; strict on a
    tie), else None."""
    if _rel(claim) not in _SIDE:
        return None
    syms = set()
    for e in (claim.lhs, claim.rhs, *[s for h in claim.hypotheses for s in (h.lhs, h.rhs)]):
        if not isinstance(e, (sympy.Basic, int, float)):
            return None
        syms |= sympy.sympify(e).free_symbols
    if len(syms) != 1:
        return None
    x = syms.pop()
    if not getattr(x, "is_real", False) or getattr(x, "is_integer", False):
        return None
    low = high = None
    for h in claim.hypotheses:
        rel = _rel(h)
        d = sympy.expand(sympy.sympify(h.lhs) - sympy.sympify(h.rhs))
        a = d.coeff(x, 1)
        b = sympy.expand(d - a * x)
        if rel not in _SIDE or not (a.is_number and b.is_number and a != 0) or \
                b.free_symbols:
            return None
        exact = sympy.nsimplify(-b / a)
        end = (mpmath.mpf(str(sympy.N(exact, 40))), exact, rel in ("<", ">"))
        if (rel in ("<=", "<")) == bool(a > 0):  # a x + b ≤ 0 with a > 0: x ≤ -b/a
            high = end if high is None or _tighter(end, high, -1) else high
        else:
            low = end if low is None or _tighter(end, low, 1) else low
    if low is None or high is None or not low[0] < high[0]:
        return None
    return x, low, high


def _tighter(end: tuple, than: tuple, side: int) -> bool:
    """Whether the bound ``end`` is tighter than ``than`` (a lower bound: ``side`` 1, an upper
    one: -1): further in, or as far and strict where the other is not."""
    if end[0] != than[0]:
        return (end[0] - than[0]) * side > 0
    return end[2] and not than[2]


def _rel(p: Any) -> str:
    rel = getattr(p, "rel", None)
    return str(getattr(rel, "value", rel))


def _margin(claim: Any, x: Any) -> Any:
    """``x ↦ (rhs − lhs)`` signed so that the claim holds where it is ≥ 0 (> 0 if strict)."""
    side = _SIDE[_rel(claim)]
    f = sympy.lambdify(x, side * (sympy.sympify(claim.rhs) - sympy.sympify(claim.lhs)),
                       "mpmath")
    strict = _rel(claim) in ("<", ">")

    def g(t: Any) -> Any:
        try:
            v = f(t)
        except (ValueError, ZeroDivisionError, TypeError, OverflowError):
            return None
        if isinstance(v, mpmath.mpc) or v is None or not mpmath.isfinite(v):
            return None
        return v if not strict else v - mpmath.mpf(10) ** -25
    return g


def _holds(g: Any, t: Any) -> bool:
    v = g(t)
    return v is not None and v >= 0


def _boundary(g: Any, w: Any, toward: Any) -> Any:
    """The first point from ``w`` toward ``toward`` where the claim holds, refined by
    bisection to where it starts to hold; None when it fails all the way."""
    steps = 400
    prev = w
    for k in range(1, steps + 1):
        t = w + (toward - w) * k / steps
        if _holds(g, t):
            a, b = prev, t  # fails at a, holds at b
            for _ in range(120):
                m = (a + b) / 2
                a, b = (a, m) if _holds(g, m) else (m, b)
            return b
        prev = t
    return None


def _holds_on(g: Any, r: Any, toward: Any) -> bool:
    """Whether the claim holds at 401 points from ``r`` to ``toward`` (the prover decides;
    this only avoids asking it about an interval with another failure in it)."""
    return all(_holds(g, r + (toward - r) * k / 400) for k in range(401))


def _round_safe(r: Any, up: bool) -> Any:
    """``r`` to 6 significant digits, rounded into the side where the claim holds."""
    if r == 0:
        return sympy.Integer(0)
    e = int(mpmath.floor(mpmath.log10(abs(r)))) - 5
    scaled = r / mpmath.mpf(10) ** e
    n = int(mpmath.ceil(scaled) if up else mpmath.floor(scaled))
    return sympy.Rational(n) * sympy.Rational(10) ** e


def _with_bounds(claim: Any, x: Any, a: tuple[Any, bool], b: tuple[Any, bool]) -> Any:
    from symbolic.claim import Prop

    return claim.__class__(claim.id + ":narrowed", claim.lhs, claim.rel, claim.rhs,
                           (Prop(x, ">" if a[1] else ">=", a[0]),
                            Prop(x, "<" if b[1] else "<=", b[0])))


def _proved(claim: Any, budget: str) -> bool:
    from numeric.budget import Budget
    from numeric.stages.cascade import decide
    from symbolic.verdict import Status

    try:
        return decide(claim, Budget.get(budget), seed=0).status is Status.PROVED
    except Exception:  # a correction that cannot be checked is not offered
        return False


def _num(v: Any) -> str:
    """A bound as printed: an exact short number as it is, else 6 significant digits."""
    if isinstance(v, sympy.Basic):
        return str(v) if len(str(v)) <= 8 else f"{float(v):.6g}"
    s = mpmath.nstr(v, 6)
    q = sympy.nsimplify(str(v), rational=True)
    return str(q) if len(str(q)) <= 6 else s
