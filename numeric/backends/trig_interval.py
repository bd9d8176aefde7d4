"""Tight extended-interval enclosures of sin, cos, tan, atan and tanh, and an evaluator that
walks ``tan``/``atan`` nodes too.

Arb's own functions on a wide ball are crude (``cos`` of the ball ``[0, 1]`` comes back as
``[-1.01, 1.01]``). Here each function is evaluated at the two exact endpoints and the extreme
values of the critical points inside the interval are added (``sin`` reaches ±1 at
``π/2 + kπ``), so ``cos([0, 1]) = [cos 1, 1]`` with an exact upper end. A critical point that
arb cannot place on one side of an endpoint counts as inside (sound).

Example:
    >>> from numeric.backends.xinterval import XI
    >>> from numeric.backends.trig_interval import TrigXIOps
    >>> c = TrigXIOps().func("cos", [XI(0, 1)])
    >>> float(c.hi), round(float(c.lo), 6)
    (1.0, 0.540302)
"""

from __future__ import annotations

import math
from typing import Any

import flint
import sympy as sp

from numeric.backends.xinterval import XI, XIOps
from symbolic.walk import Evaluator, Unsupported

INF = math.inf


def _point(x: Any) -> flint.arb:
    return x if isinstance(x, flint.arb) else flint.arb(x)


def _critical(lo: Any, hi: Any, offset: flint.arb) -> list[int]:
    """Integers k with ``offset + k π`` possibly in ``[lo, hi]`` (finite ends)."""
    pi = flint.arb.pi()
    a = (_point(lo) - offset) / pi
    b = (_point(hi) - offset) / pi
    k0 = int(a.lower().floor().unique_fmpz()) if a.is_finite() else None
    k1 = int(b.upper().ceil().unique_fmpz()) if b.is_finite() else None
    if k0 is None or k1 is None or k1 - k0 > 8:
        return [0, 1]  # wide: both parities
    out = []
    for k in range(k0, k1 + 1):
        t = offset + k * pi
        if not (t < _point(lo)) and not (t > _point(hi)):
            out.append(k)
    return out


def _hull(balls: list[flint.arb], extra: list[float]) -> XI:
    los = [b.lower() for b in balls] + [flint.arb(e) for e in extra]
    his = [b.upper() for b in balls] + [flint.arb(e) for e in extra]
    lo, hi = los[0], his[0]
    for v in los[1:]:
        lo = v if v < lo else lo
    for v in his[1:]:
        hi = v if v > hi else hi
    return XI(lo, hi)


def _sin_cos(x: XI, name: str) -> XI:
    if not x.bounded:
        return XI(-1, 1)
    width = x.hi - x.lo
    if width > 7:
        return XI(-1, 1)
    lo, hi = _point(x.lo), _point(x.hi)
    ends = [getattr(lo, name)(), getattr(hi, name)()]
    # sin peaks at π/2 + 2kπ (max) and π/2 + (2k+1)π (min); cos at kπ
    offset = flint.arb.pi() / 2 if name == "sin" else flint.arb(0)
    extra = []
    for k in _critical(lo, hi, offset):
        extra.append(1.0 if k % 2 == 0 else -1.0)
    return _clamp(_hull(ends, extra))


def _clamp(iv: XI) -> XI:
    """``iv`` cut to ``[-1, 1]``, where sin and cos lie (arb's ball of ``cos`` at an end just
    past ``pi`` reaches below ``-1``).

    >>> _clamp(XI(-2, 0.5)).lo == -1
    True
    """
    one = flint.arb(1)
    lo = iv.lo if iv.lo > -one else -one
    hi = iv.hi if iv.hi < one else one
    return XI(lo, hi)


def _monotone(x: XI, f: Any, at_minus_inf: Any, at_plus_inf: Any) -> XI:
    lo = at_minus_inf if isinstance(x.lo, float) else f(_point(x.lo)).lower()
    hi = at_plus_inf if isinstance(x.hi, float) else f(_point(x.hi)).upper()
    return XI(lo, hi)


def _tan(x: XI) -> XI:
    if not x.bounded:
        raise Unsupported("tan on an unbounded interval")
    if _critical(x.lo, x.hi, flint.arb.pi() / 2):
        return XI(-INF, INF)  # a pole may lie inside
    return _monotone(x, lambda t: t.tan(), None, None)


class TrigXIOps(XIOps):
    """:class:`~numeric.backends.xinterval.XIOps` plus sin, cos, tan, atan and tanh."""

    name = "interval+trig"

    def func(self, name: str, args: list[Any]) -> Any:
        if name in ("sin", "cos", "tan", "atan", "tanh"):
            x = args[0] if isinstance(args[0], XI) else XI(args[0])
            if name in ("sin", "cos"):
                return _sin_cos(x, name)
            if name == "tan":
                return _tan(x)
            half_pi = flint.arb.pi() / 2
            if name == "atan":
                return _monotone(x, lambda t: t.atan(), (-half_pi).lower(), half_pi.upper())
            return _monotone(x, lambda t: t.tanh(), flint.arb(-1), flint.arb(1))
        return super().func(name, args)


_EXTRA = {sp.tan: "tan", sp.atan: "atan"}


class TrigEvaluator(Evaluator):
    """An :class:`~symbolic.walk.Evaluator` that also walks ``tan`` and ``atan`` nodes."""

    def _eval(self, e: sp.Basic) -> Any:
        for cls, name in _EXTRA.items():
            if isinstance(e, cls):
                return self.ops.func(name, [self(a) for a in e.args])
        return super()._eval(e)
