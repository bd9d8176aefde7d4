"""The interval stage (:class:`IntervalStage`): rigorous proofs of low-dimensional scalar
inequalities by branch and bound over arb intervals (:func:`prove_interval`).

On each box the margin (``rhs - lhs`` for ``<=``) is enclosed twice, by natural interval
evaluation and by the mean-value form ``g(c) + sum_i dg/dx_i(box) (x_i - c_i)``, after the
monotonicity test (a variable whose partial derivative has a sign on the box is fixed at the
minimising face); the box is done when the enclosure is certainly non-negative, or when some
hypothesis certainly fails on it. Otherwise it is split. When both sides are certainly
positive, the margin is taken as ``log(big) - log(small)`` with logs of products expanded, so
common factors cancel.
Unbounded variables are handled by monotone tails: ``g >= 0`` on ``{v = K} x rest`` and
``dg/dv >= 0`` on ``[K, inf) x rest``, evaluated with extended-real intervals, so
``[K, inf)`` is covered soundly; variables unbounded below are reflected. Sizes (``n``, ``d``)
are treated as reals, and counterexamples use integer sizes. A point that certainly violates the
claim while the hypotheses certainly hold is a rigorous counterexample.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar, vector, norm2, n
    >>> from numeric.stages.interval import IntervalStage, prove_interval
    >>> R = scalar("R", positive=True)
    >>> v = prove_interval(Claim("t:extra-1", 4 * R, "<=", sp.exp(6 * R**2), (Prop(R, ">=", 4),)))
    >>> v.status.value, v.rigorous
    ('proved', True)
    >>> IntervalStage().applies(Claim("t:extra-2", norm2(vector("x", n)), "<=", 1))
    'has vector or matrix symbols'
"""

from __future__ import annotations

import math
import time
from typing import Any

import flint
import sympy as sp

from numeric.backends.precise import arb_prec
from numeric.backends.xinterval import XI, XIOps
from numeric.budget import DEFAULT, Budget, require
from symbolic.claim import Claim, Prop
from symbolic.objects import DIMS, unwrap
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


def _variables(claim: Claim) -> list[sp.Symbol]:
    """Scalar symbols, plus dimension symbols used as numbers (treated as reals >= their lower
    bound: proving for all reals implies it for the integers)."""
    exprs = [claim.lhs, claim.rhs] + [e for h in claim.hypotheses for e in (h.lhs, h.rhs)]
    dims = set(DIMS.values())
    used = set().union(*[sp.sympify(unwrap(e)).free_symbols for e in exprs]) & dims
    return sorted(claim.symbols | used, key=str)


def applicable(claim: Claim) -> bool:
    """Scalar inequality in at most three real variables (sizes count as variables)."""
    if claim.rel in (Relation.EQ, Relation.PSD_LE):
        return False
    if any(isinstance(s, sp.MatrixSymbol) for s in claim.symbols):
        return False
    syms = _variables(claim)
    dims = set(DIMS.values())
    return 0 < len(syms) <= 3 and all(s in dims or not s.is_integer for s in syms)


class _Problem:
    def __init__(self, claim: Claim):
        self.claim = claim
        self.vars = _variables(claim)
        self.g = _margin_expr(claim.prop)
        self.strict = claim.rel.strict
        dims = set(DIMS.values())
        self.lo = {v: (float(claim.dims.get(str(v), (1, 0))[0]) if v in dims
                       else 0.0 if (v.is_positive or v.is_nonnegative) else -INF)
                   for v in self.vars}
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
        self.grad_cache: dict[sp.Expr, list[sp.Expr] | None] = {}

    def grad(self, g: sp.Expr) -> list[sp.Expr] | None:
        if g not in self.grad_cache and has_jump(g):
            self.grad_cache[g] = None  # no mean-value form across a jump
        if g not in self.grad_cache:
            try:
                self.grad_cache[g] = [sp.diff(g, v) for v in self.vars]
            except (TypeError, ValueError):
                self.grad_cache[g] = None
        return self.grad_cache[g]

    def enclose(self, expr: sp.Expr, box: dict[sp.Symbol, XI]) -> XI:
        return Evaluator(XIOps(), dict(box))(expr)

    def margin(self, box: dict[sp.Symbol, XI], mvf: bool = True, g: sp.Expr | None = None) -> XI:
        g = self.g if g is None else g
        nat = self.enclose(g, box)
        grad = self.grad(g)
        if not mvf or grad is None or not all(b.bounded for b in box.values()):
            return nat
        try:
            centre = {v: XI(_mid(b)) for v, b in box.items()}
            out = self.enclose(g, centre)
            for v, dv in zip(self.vars, grad):
                if v in box:
                    out = out + self.enclose(dv, box) * (box[v] - centre[v])
            return nat.intersect(out)
        except Unsupported:
            return nat

    def hyp_state(self, box: dict[sp.Symbol, XI]) -> str:
        """'false' (some hypothesis certainly fails), 'true' (all certainly hold) or 'maybe'."""
        state = "true"
        for h, strict in self.hyps:
            if not h.free_symbols <= set(box):
                state = "maybe"
                continue
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


class _Search:
    """Branch and bound with monotone tails, sharing one box budget and deadline."""

    def __init__(self, p: _Problem, max_boxes: int, deadline: float):
        self.p, self.max_boxes, self.deadline = p, max_boxes, deadline
        self.used = 0
        self.tails: list[str] = []

    def exhausted(self) -> bool:
        return self.used >= self.max_boxes or time.perf_counter() > self.deadline

    def bnb(self, g: sp.Expr, box: dict[sp.Symbol, XI], hyps: bool) -> tuple[str, Any]:
        """Finite box: ('proved' | 'refuted' | 'unknown' | 'unsupported', witness)."""
        p = self.p
        stack = [box]
        while stack:
            if self.exhausted():
                return "unknown", None
            b = stack.pop()
            self.used += 1
            if hyps and p.hyp_state(b) == "false":
                continue
            try:
                m = p.margin(self.monotone_face(g, b), g=g)
            except Unsupported:
                return "unsupported", None
            if p.ok(m):
                continue
            centre = {v: _mid(iv) for v, iv in b.items()}
            point = self.integral_point(b, centre)
            if point is not None:
                cbox = {v: XI(c) for v, c in point.items()}
                if (not hyps or p.hyp_state(cbox) == "true") and p.bad(
                        p.margin(cbox, mvf=False, g=g)):
                    return "refuted", point
            widest = max(b, key=lambda v: float(b[v].hi - b[v].lo))
            c = centre[widest]
            if not (float(b[widest].lo) < c < float(b[widest].hi)):
                return "unknown", None  # cannot split further in float64
            left, right = dict(b), dict(b)
            left[widest] = XI(b[widest].lo, c)
            right[widest] = XI(c, b[widest].hi)
            stack += [right, left]
        return "proved", None

    def monotone_face(self, g: sp.Expr, b: dict[sp.Symbol, XI]) -> dict[sp.Symbol, XI]:
        """Monotonicity test: where ``dg/dv`` has a sign on the box, the minimum of ``g`` lies on
        one face, so ``v`` can be fixed there (sound, and it proves minima touching 0 at edges)."""
        grad = self.p.grad(g)
        if grad is None or len(b) > 3:
            return b
        out = dict(b)
        for v, dv in zip(self.p.vars, grad):
            if v not in b or not b[v].bounded:
                continue
            try:
                d = self.p.enclose(dv, b)
            except (Unsupported, ValueError, ZeroDivisionError):
                continue
            if d.lower_ge0():
                out[v] = XI(b[v].lo)
            elif d.upper_le0():
                out[v] = XI(b[v].hi)
        return out

    def integral_point(self, b: dict[sp.Symbol, XI], centre: dict) -> dict | None:
        """The centre with sizes rounded to an integer inside the box (None: no integer)."""
        out = dict(centre)
        for v in b:
            if v in DIMS.values():
                k = math.ceil(float(b[v].lo))
                if k > float(b[v].hi):
                    return None
                out[v] = float(min(max(k, round(centre[v])), math.floor(float(b[v].hi))))
        return out

    def monotone(self, g: sp.Expr, v: sp.Symbol, region: dict[sp.Symbol, XI]) -> str | None:
        """Whether ``g`` (or ``log rhs - log lhs``) is non-decreasing in ``v`` on ``region``."""
        p = self.p
        if has_jump(g) or has_jump(p.g):
            return None  # SymPy's derivative misses a jump: no monotonicity argument
        try:
            if p.enclose(sp.diff(g, v), region).lower_ge0():
                return "margin"
        except (Unsupported, ValueError, ZeroDivisionError):
            pass
        if g is not p.g or p.g is not _margin_expr(p.claim.prop):
            return None
        lhs, rhs = unwrap(p.claim.lhs), unwrap(p.claim.rhs)
        small, big = (lhs, rhs) if p.claim.rel.direction < 0 else (rhs, lhs)
        try:
            if p.enclose(small, region).lower_gt0() and p.enclose(big, region).lower_gt0():
                dh = sp.diff(big, v) / big - sp.diff(small, v) / small
                if p.enclose(dh, region).lower_ge0():
                    return "log-margin"
        except (Unsupported, ValueError, ZeroDivisionError):
            return None
        return None

    def region(self, g: sp.Expr, lo: dict, hi: dict, hyps: bool) -> tuple[str, Any]:
        """Prove ``g >= 0`` (or ``> 0``) on a possibly unbounded box."""
        unbounded = [v for v in lo if math.isinf(hi[v])]
        if not unbounded:
            return self.bnb(g, {v: XI(lo[v], hi[v]) for v in lo}, hyps)
        v = unbounded[0]
        base = max(lo[v], 1.0) if lo[v] > 0 else 1.0
        for j in range(12):
            if self.exhausted():
                return "unknown", None
            k = lo[v] + base * 2**j if lo[v] > 0 else base * 2**j
            finite_hi = dict(hi)
            finite_hi[v] = k
            state, wit = self.region(g, lo, finite_hi, hyps)
            if state in ("refuted", "unsupported"):
                return state, wit
            if state != "proved":
                return state, wit
            tail = {u: XI(lo[u], hi[u]) for u in lo}
            tail[v] = XI(k, INF)
            kind = self.monotone(g, v, tail)
            if kind is None:
                continue
            at_k = {u: (lo[u], hi[u]) for u in lo if u != v}
            sub_g = g.subs(v, k)
            state, _ = self.region(sub_g, {u: b[0] for u, b in at_k.items()},
                                   {u: b[1] for u, b in at_k.items()}, False) if at_k else (
                ("proved", None) if self.p.ok(self.p.enclose(sub_g, {})) else ("unknown", None))
            if kind == "log-margin" and at_k:
                state = "unknown"  # the log form's value at K is not what was bounded: be safe
            if state == "proved":
                self.tails.append(f"{kind} >= 0 at {v} = {k:g} and non-decreasing in {v} on "
                                  f"[{k:g}, inf)")
                return "proved", None
        return "unknown", None


def _log_margin(p: _Problem) -> sp.Expr | None:
    """``log(big) - log(small)`` with logs of products expanded, when both sides are certainly
    positive on the whole (possibly unbounded) domain; common factors then cancel."""
    lhs, rhs = unwrap(p.claim.lhs), unwrap(p.claim.rhs)
    small, big = (lhs, rhs) if p.claim.rel.direction < 0 else (rhs, lhs)
    if sp.sympify(small).is_number and sp.sympify(big).is_number:
        return None
    region = {v: XI(p.lo[v], p.hi[v]) for v in p.vars}
    try:
        if not (p.enclose(small, region).lower_gt0() and p.enclose(big, region).lower_gt0()):
            return None
    except (Unsupported, ValueError, ZeroDivisionError):
        return None
    pos = {v: sp.Dummy(v.name, positive=True) for v in p.vars if p.lo[v] >= 0}
    back = {d: v for v, d in pos.items()}
    g = sp.expand(sp.expand_log(sp.log(big.xreplace(pos)), force=True)
                  - sp.expand_log(sp.log(small.xreplace(pos)), force=True))
    g = g.xreplace(back)
    if g.has(sp.zoo, sp.nan) or any(isinstance(a, sp.log) and a.args[0].is_negative
                                    for a in g.atoms(sp.log)):
        return None
    return g


def _mirrored(p: _Problem) -> list[tuple[sp.Expr, dict, dict]]:
    """Regions with only upper tails: variables unbounded below are reflected (v -> -v)."""
    regions = [(p.g, dict(p.lo), dict(p.hi))]
    for v in p.vars:
        nxt = []
        for g, lo, hi in regions:
            if not math.isinf(lo[v]):
                nxt.append((g, lo, hi))
                continue
            if math.isinf(hi[v]):  # split at 0 into [0, inf) and the reflection of (-inf, 0]
                up_lo = dict(lo)
                up_lo[v] = 0.0
                down_lo, down_hi = dict(lo), dict(hi)
                down_lo[v] = 0.0
                nxt += [(g, up_lo, dict(hi)), (g.subs(v, -v), down_lo, down_hi)]
            else:
                r_lo, r_hi = dict(lo), dict(hi)
                r_lo[v], r_hi[v] = -hi[v], INF
                nxt.append((g.subs(v, -v), r_lo, r_hi))
        regions = nxt
    return regions


def prove_interval(claim: Claim, budget: Budget = DEFAULT, seconds: float = 30.0,
                   bits: int = 128) -> Verdict | None:
    """A rigorous verdict for a scalar inequality, or None when not applicable."""
    if not applicable(claim):
        return None
    b = require(budget)
    t0 = time.perf_counter()
    with arb_prec(bits):
        p = _Problem(claim)
        search = _Search(p, b.boxes, t0 + seconds)
        log_form = _log_margin(p)
        if log_form is not None:
            p.g = log_form
            p.grad_cache.clear()
        regions = _mirrored(p)
        state, info = "proved", None
        for g, lo, hi in regions:
            reflected = g is not p.g
            if reflected and any(math.isinf(x) for x in hi.values()) and p.hyps:
                state = "unknown"  # hypotheses are stated in the original variables
                break
            saved_g = p.g
            p.g = g
            try:
                st, wit = search.region(g, lo, hi, hyps=not reflected)
            finally:
                p.g = saved_g
            if st == "refuted" and reflected:
                wit = {v: (-c if g != g.subs(v, -v) else c) for v, c in wit.items()}
                st = "unknown"  # re-check reflected witnesses below instead of trusting signs
            if st in ("refuted", "unsupported"):
                state, info = st, wit
                break
            if st != "proved":
                state = "unknown"
        used = search.used
        search.tails = list(dict.fromkeys(search.tails))
    method = "interval branch-and-bound (arb, mean-value form)" + (
        " + monotone tails" if search.tails else "")
    common = dict(method=method, precision=f"arb {bits} bits", evaluations=used,
                  seconds=time.perf_counter() - t0,
                  details={"tails": search.tails, "boxes": used, "regions": len(regions)})
    if state == "proved":
        return Verdict(Status.PROVED, rigorous=True,
                       message=f"holds on the whole domain ({used} boxes"
                               + (f"; {'; '.join(search.tails)}" if search.tails else "") + ")",
                       **common)
    if state == "refuted":
        wit = {str(v): c for v, c in info.items()}
        return Verdict(Status.REFUTED, rigorous=True, witness=wit,
                       message="an exact point violates the claim (certified by arb)", **common)
    if state == "unsupported":
        return None
    return Verdict(Status.UNKNOWN, rigorous=False,
                   message=f"not decided within {b.boxes} boxes / {seconds:g} s", **common)


#: functions with jumps: SymPy's derivative misses the jump (floor and ceiling, atan2 across
#: its branch cut, an indicator, sign), so neither the mean-value form nor a monotonicity
#: argument may use one (plain interval evaluation encloses them soundly)
_JUMPS = (sp.floor, sp.ceiling, sp.atan2, sp.Piecewise, sp.sign, sp.KroneckerDelta)


def has_jump(e: sp.Expr) -> bool:
    """Whether ``e`` uses a function with a jump.

    >>> has_jump(sp.floor(sp.Symbol("t")) + 1), has_jump(sp.exp(sp.Symbol("t")))
    (True, False)
    """
    return bool(sp.sympify(e).has(*_JUMPS))


__all__ = ["applicable", "flint", "has_jump", "prove_interval"]


class IntervalStage:
    """Rigorous branch and bound over arb intervals: ``proved`` on the whole domain, or
    ``refuted`` at an exact point certified by arb, else ``unknown`` (boxes or time used up)."""

    name = "interval"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        """None when the interval prover applies, else why not."""
        if applicable(claim):
            return None
        if claim.rel in (Relation.EQ, Relation.PSD_LE):
            return "not a scalar inequality"
        if any(isinstance(s, sp.MatrixSymbol) for s in claim.symbols):
            return "has vector or matrix symbols"
        return "not in one to three real variables"

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict:
        """The prover's verdict (with ``seed``); ``skipped`` where it gives none."""
        t0 = time.perf_counter()
        v = prove_interval(claim, budget)
        if v is None:
            return Verdict(Status.SKIPPED, self.name, False,
                           "the prover cannot enclose this claim", seed=seed,
                           seconds=time.perf_counter() - t0)
        v.seed = seed
        return v
