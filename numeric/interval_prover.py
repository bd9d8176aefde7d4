"""Rigorous proofs of low-dimensional scalar inequalities by branch and bound over arb intervals.

On each box the margin (``rhs - lhs`` for ``<=``) is enclosed twice, by natural interval
evaluation and by the mean-value form ``g(c) + sum_i dg/dx_i(box) (x_i - c_i)``; the box is done
when the enclosure is certainly non-negative, or when some hypothesis certainly fails on it.
Otherwise it is split. An unbounded variable (one variable only) is handled by a monotone tail
argument: ``g(K) >= 0`` and ``g' >= 0`` on ``[K, inf)`` (or the same for
``log rhs - log lhs``), evaluated with extended-real intervals, so ``[K, inf)`` is covered soundly.
A box centre that certainly violates the claim while the hypotheses certainly hold is a rigorous
counterexample.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar
    >>> from numeric.interval_prover import prove_interval
    >>> R = scalar("R", positive=True)
    >>> v = prove_interval(Claim("t:extra-1", 4 * R, "<=", sp.exp(6 * R**2), (Prop(R, ">=", 4),)))
    >>> v.status.value, v.rigorous
    ('proved', True)
"""

from __future__ import annotations

import math
import time
from typing import Any

import flint
import sympy as sp

from numeric.budget import Budget
from numeric.precise_backend import arb_prec
from numeric.xinterval import XI, XIOps
from symbolic.claim import Claim, Prop
from symbolic.objects import unwrap
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict
from symbolic.walk import Evaluator, Unsupported

INF = math.inf


def _margin_expr(p: Prop) -> sp.Expr:
    lhs, rhs = unwrap(p.lhs), unwrap(p.rhs)
    return rhs - lhs if p.rel.direction < 0 else lhs - rhs


def _const_bound(e: sp.Expr) -> float | None:
    if e.free_symbols:
        return None
    try:
        return float(e)
    except TypeError:
        return None


def applicable(claim: Claim) -> bool:
    """Scalar inequality in at most three real variables."""
    if claim.rel in (Relation.EQ, Relation.PSD_LE):
        return False
    syms = claim.symbols
    return 0 < len(syms) <= 3 and all(isinstance(s, sp.Symbol) and not s.is_integer
                                      for s in syms)


class _Problem:
    def __init__(self, claim: Claim):
        self.claim = claim
        self.vars = sorted(claim.symbols, key=str)
        self.g = _margin_expr(claim.prop)
        self.strict = claim.rel.strict
        self.lo = {v: (0.0 if (v.is_positive or v.is_nonnegative) else -INF) for v in self.vars}
        self.hi = dict.fromkeys(self.vars, INF)
        self.hyps: list[tuple[sp.Expr, bool]] = []
        for h in claim.hypotheses:
            bound = None
            for v in self.vars:
                if h.lhs == v and h.rel is not Relation.EQ:
                    bound = (v, _const_bound(h.rhs), h.rel.direction)
                elif h.rhs == v and h.rel is not Relation.EQ:
                    bound = (v, _const_bound(h.lhs), -h.rel.direction)
            if bound and bound[1] is not None:
                v, c, direction = bound
                if direction > 0:
                    self.lo[v] = max(self.lo[v], c)
                else:
                    self.hi[v] = min(self.hi[v], c)
                if not h.rel.strict or not math.isfinite(c):
                    continue
            self.hyps.append((_margin_expr(h), h.rel.strict))
        try:
            self.grad = [sp.diff(self.g, v) for v in self.vars]
        except (TypeError, ValueError):
            self.grad = None

    def enclose(self, expr: sp.Expr, box: dict[sp.Symbol, XI]) -> XI:
        return Evaluator(XIOps(), dict(box))(expr)

    def margin(self, box: dict[sp.Symbol, XI], mvf: bool = True) -> XI:
        nat = self.enclose(self.g, box)
        if not mvf or self.grad is None or not all(b.bounded for b in box.values()):
            return nat
        try:
            centre = {v: XI(_mid(b)) for v, b in box.items()}
            out = self.enclose(self.g, centre)
            for v, dv in zip(self.vars, self.grad):
                out = out + self.enclose(dv, box) * (box[v] - centre[v])
            return nat.intersect(out)
        except Unsupported:
            return nat

    def hyp_state(self, box: dict[sp.Symbol, XI]) -> str:
        """'false' (some hypothesis certainly fails), 'true' (all certainly hold) or 'maybe'."""
        state = "true"
        for h, strict in self.hyps:
            m = self.enclose(h, box)
            if (m.upper_le0() and strict) or m.upper_lt0():
                return "false"
            if not (m.lower_gt0() if strict else m.lower_ge0()):
                state = "maybe"
        return state

    def ok(self, m: XI) -> bool:
        return m.lower_gt0() if self.strict else m.lower_ge0()

    def bad(self, m: XI) -> bool:
        return m.upper_le0() if self.strict else m.upper_lt0()


def _mid(b: XI) -> float:
    lo, hi = float(b.lo), float(b.hi)
    return lo + (hi - lo) / 2


def _branch_and_bound(p: _Problem, box: dict[sp.Symbol, XI], max_boxes: int,
                      deadline: float) -> tuple[str, Any, int]:
    """('proved' | 'refuted' | 'unknown', witness-or-remaining, boxes used)."""
    stack = [box]
    used = 0
    while stack:
        if used >= max_boxes or time.perf_counter() > deadline:
            return "unknown", len(stack), used
        b = stack.pop()
        used += 1
        hs = p.hyp_state(b)
        if hs == "false":
            continue
        try:
            m = p.margin(b)
        except Unsupported:
            return "unsupported", None, used
        if p.ok(m):
            continue
        centre = {v: _mid(iv) for v, iv in b.items()}
        cbox = {v: XI(c) for v, c in centre.items()}
        if p.hyp_state(cbox) == "true" and p.bad(p.margin(cbox, mvf=False)):
            return "refuted", centre, used
        widest = max(b, key=lambda v: float(b[v].hi - b[v].lo))
        c = centre[widest]
        if not (float(b[widest].lo) < c < float(b[widest].hi)):
            return "unknown", len(stack) + 1, used  # cannot split further in float64
        left, right = dict(b), dict(b)
        left[widest] = XI(b[widest].lo, c)
        right[widest] = XI(c, b[widest].hi)
        stack += [right, left]
    return "proved", None, used


def _tail(p: _Problem, v: sp.Symbol, k: float) -> str | None:
    """Prove the claim on ``[k, inf)`` by monotonicity; return the argument used, or None."""
    g, dg = p.g, sp.diff(p.g, v)
    point, tail = {v: XI(k)}, {v: XI(k, INF)}
    try:
        if p.hyp_state(tail) == "false":
            return "hypotheses exclude the tail"
        if p.ok(p.enclose(g, point)) and p.enclose(dg, tail).lower_ge0():
            return f"margin >= 0 at {k:g} and non-decreasing on [{k:g}, inf)"
        lhs, rhs = unwrap(p.claim.lhs), unwrap(p.claim.rhs)
        small, big = (lhs, rhs) if p.claim.rel.direction < 0 else (rhs, lhs)
        if p.enclose(small, tail).lower_gt0() and p.enclose(big, tail).lower_gt0():
            h = sp.log(big) - sp.log(small)
            dh = sp.diff(big, v) / big - sp.diff(small, v) / small
            if p.ok(p.enclose(h, point)) and p.enclose(dh, tail).lower_ge0():
                return f"log-margin >= 0 at {k:g} and non-decreasing on [{k:g}, inf)"
    except (Unsupported, ValueError, ZeroDivisionError):
        return None
    return None


def prove_interval(claim: Claim, budget: str | Budget = "default", seconds: float = 30.0,
                   bits: int = 128) -> Verdict | None:
    """A rigorous verdict for a scalar inequality, or None when not applicable."""
    if not applicable(claim):
        return None
    b = Budget.get(budget) if isinstance(budget, str) else budget
    t0 = time.perf_counter()
    deadline = t0 + seconds
    with arb_prec(bits):
        p = _Problem(claim)
        notes = []
        box: dict[sp.Symbol, XI] = {}
        tails = [v for v in p.vars if math.isinf(p.hi[v]) or math.isinf(p.lo[v])]
        if tails and len(p.vars) > 1:
            return None
        if tails:
            v = tails[0]
            if math.isinf(p.lo[v]):
                return None  # lower tails: mirror the claim to use the upper-tail argument
            base = max(p.lo[v], 1.0)
            for k in [base * 2**j for j in range(0, 12)]:
                arg = _tail(p, v, k)
                if arg:
                    notes.append(arg)
                    box = {v: XI(p.lo[v], k)}
                    break
            else:
                return Verdict(Status.UNKNOWN, "interval branch-and-bound (arb)", False,
                               "unbounded domain: no monotone tail argument found",
                               precision=f"arb {bits} bits", seconds=time.perf_counter() - t0)
        else:
            box = {v: XI(p.lo[v], p.hi[v]) for v in p.vars}
        state, info, used = _branch_and_bound(p, box, b.boxes, deadline)
    method = "interval branch-and-bound (arb, mean-value form)" + (" + monotone tail"
                                                                    if notes else "")
    common = dict(method=method, precision=f"arb {bits} bits", evaluations=used,
                  seconds=time.perf_counter() - t0, details={"tail": notes, "boxes": used})
    if state == "proved":
        return Verdict(Status.PROVED, rigorous=True,
                       message=f"holds on the whole domain ({used} boxes"
                               + (f"; {notes[0]}" if notes else "") + ")", **common)
    if state == "refuted":
        wit = {str(v): c for v, c in info.items()}
        return Verdict(Status.REFUTED, rigorous=True, witness=wit,
                       message="an exact point violates the claim (certified by arb)", **common)
    if state == "unsupported":
        return None
    return Verdict(Status.UNKNOWN, rigorous=False,
                   message=f"box budget or time exhausted with {info} boxes open", **common)


__all__ = ["applicable", "flint", "prove_interval"]
