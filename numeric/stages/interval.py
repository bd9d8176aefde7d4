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
from fractions import Fraction
from typing import Any

import flint
import sympy as sp

from numeric.backends.precise import arb_prec, exact_fraction
from numeric.backends.trig_interval import TrigEvaluator, TrigXIOps
from numeric.backends.xinterval import XI
from numeric.budget import DEFAULT, Budget, require
from symbolic.claim import Claim, Prop
from symbolic.failures import CANNOT_EVALUATE
from symbolic.objects import DIMS, unwrap
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict
from symbolic.walk import Unsupported

INF = math.inf
#: interval operations: sin and cos tight at their extreme points (cos on a box reaching pi
#: is -1 at least, exactly), tan and atan walked too
_OPS = TrigXIOps()


def _margin_expr(p: Prop) -> sp.Expr:
    lhs, rhs = unwrap(p.lhs), unwrap(p.rhs)
    return rhs - lhs if p.rel.direction < 0 else lhs - rhs


def _outward(x: flint.arb, up: bool) -> float | None:
    """The float nearest the exact arb point ``x`` on its outer side (``>= x`` when ``up``);
    None when no finite float bounds it that way.

    >>> _outward(flint.arb(flint.fmpq(1, 3)).upper(), True) > 1 / 3
    True
    """
    def outside(f: float) -> bool:
        return math.isfinite(f) and bool(flint.arb(f) >= x if up else flint.arb(f) <= x)

    out, back = (INF, -INF) if up else (-INF, INF)
    f = float(x)
    for _ in range(4):  # float() is within an ulp or two of x
        if outside(f) or not math.isfinite(f):
            break
        f = math.nextafter(f, out)
    if not outside(f):
        return None
    while outside(g := math.nextafter(f, back)):
        f = g
    return f


def _const_bound(e: sp.Expr, upper: bool) -> tuple[float, bool] | None:
    """A float bound of the constant ``e`` rounded outwards (``>= e`` when ``upper``), and
    whether it is ``e`` exactly; None when ``e`` is not a constant arb can enclose. Never
    ``float(e)``: float64's rounding of ``pi`` or ``1/3`` lies inside the domain.

    >>> _const_bound(sp.pi, True)[0] > math.pi, _const_bound(sp.Rational(1, 2), False)
    (True, (0.5, True))
    """
    if sp.sympify(e).free_symbols:
        return None
    try:
        iv = TrigEvaluator(_OPS, {})(e)
    except CANNOT_EVALUATE:
        return None
    end = iv.hi if upper else iv.lo
    if isinstance(end, float):
        return None
    f = _outward(end, upper)
    if f is None:
        return None
    return f, bool(iv.lo == iv.hi and flint.arb(f) == end)


def _size_range(claim: Claim, v: sp.Symbol) -> tuple[int, float]:
    """The declared range of the size ``v`` (``claim.dims``), else ``[1, inf)``."""
    lo, hi = claim.dims.get(str(v), (1, INF))
    return max(int(lo), 1), hi


def _substitutable(h: Prop) -> tuple[sp.Symbol, sp.Expr] | None:
    """``(s, e)`` when ``h`` is ``s = e`` (either way round) with ``s`` a real scalar symbol
    (not a size or an index) that does not occur in the scalar ``e``."""
    if h.rel is not Relation.EQ:
        return None
    lhs, rhs = sp.sympify(unwrap(h.lhs)), sp.sympify(unwrap(h.rhs))
    for s, e in ((lhs, rhs), (rhs, lhs)):
        if (isinstance(s, sp.Symbol) and s not in DIMS.values() and not s.is_integer
                and s not in e.free_symbols and not getattr(e, "is_Matrix", False)
                and not any(isinstance(a, sp.MatrixSymbol) for a in e.free_symbols)):
            return s, e
    return None


def _sign_props(s: sp.Symbol, e: sp.Expr) -> list[Prop]:
    """The sign assumptions of ``s``, stated of ``e`` (what ``s = e`` passes on to ``e``)."""
    for attr, rel in (("positive", ">"), ("negative", "<"), ("nonnegative", ">="),
                      ("nonpositive", "<=")):
        if getattr(s, f"is_{attr}"):
            return [Prop(e, rel, 0)]
    return []


def substitute_equalities(claim: Claim) -> tuple[Claim, dict[sp.Symbol, sp.Expr]]:
    """The claim with each equality hypothesis ``s = e`` (``s`` a scalar symbol not in ``e``)
    used as an exact substitution, and the substitutions made (each ``s`` in terms of the
    symbols left). Other equality hypotheses stay.

    >>> from symbolic import scalar
    >>> x, y = scalar("x"), scalar("y")
    >>> c, subs = substitute_equalities(Claim("t:extra-1", sp.cos(x), ">=", y,
    ...                                       (Prop(x, "=", 0), Prop(y, "<=", x))))
    >>> str(c.lhs), [str(h) for h in c.hypotheses], subs
    ('1', ['y <= 0'], {x: 0})
    """
    if not any(h.rel is Relation.EQ for h in claim.hypotheses):
        return claim, {}
    subs: dict[sp.Symbol, sp.Expr] = {}
    hyps = list(claim.hypotheses)
    lhs, rhs = unwrap(claim.lhs), unwrap(claim.rhs)
    while True:
        found = next(((k, se) for k, h in enumerate(hyps) if (se := _substitutable(h))), None)
        if found is None:
            break
        k, (s, e) = found
        rule = {s: e}
        subs = {v: sp.sympify(x).xreplace(rule) for v, x in subs.items()}
        subs[s] = e
        rest = hyps[:k] + hyps[k + 1:] + _sign_props(s, e)
        hyps = [Prop(sp.sympify(unwrap(h.lhs)).xreplace(rule), h.rel,
                     sp.sympify(unwrap(h.rhs)).xreplace(rule)) for h in rest]
        lhs, rhs = sp.sympify(lhs).xreplace(rule), sp.sympify(rhs).xreplace(rule)
    kept: list[Prop] = []
    for h in hyps:  # without repeats, nor e = e
        if h not in kept and not (h.rel is Relation.EQ and h.lhs == h.rhs):
            kept.append(h)
    hyps = kept
    return claim.with_(lhs=lhs, rhs=rhs, hypotheses=tuple(hyps)), subs


def _substituted(claim: Claim) -> Claim:
    try:
        return substitute_equalities(claim)[0]
    except (ValueError, TypeError):
        return claim


def applicable(claim: Claim) -> bool:
    """Scalar inequality in at most three real variables (sizes count as variables) once
    equality hypotheses ``x = e`` are substituted."""
    if claim.rel in (Relation.EQ, Relation.PSD_LE):
        return False
    if any(isinstance(s, sp.MatrixSymbol) for s in claim.symbols):
        return False
    if any(h.rel is Relation.PSD_LE for h in claim.hypotheses):
        return False
    dims = set(DIMS.values())
    if not all(s in dims or not s.is_integer for s in claim.variables()):
        return False
    return 0 < len(claim.variables()) and len(_substituted(claim).variables()) <= 3


class _Problem:
    def __init__(self, claim: Claim):
        self.claim = claim
        self.vars = claim.variables()
        self.g = _margin_expr(claim.prop)
        self.strict = claim.rel.strict
        dims = set(DIMS.values())
        self.lo = {v: (float(_size_range(claim, v)[0]) if v in dims
                       else 0.0 if (v.is_positive or v.is_nonnegative) else -INF)
                   for v in self.vars}
        self.hi = {v: float(_size_range(claim, v)[1]) if v in dims else INF
                   for v in self.vars}
        self.hyps: list[tuple[sp.Expr, bool]] = []
        #: bounds the box holds only rounded outwards (``x <= pi``, ``x < 1``): a proof on the
        #: box covers them; a point must still satisfy them to refute
        self.bound_hyps: list[tuple[sp.Expr, bool]] = []
        #: an equality (not substituted) is kept as both ``<=`` and ``>=``: a box where arb
        #: certifies that it fails is discarded, and it holds at a point only where its
        #: margin is certainly 0 (an exact zero ball)
        self.equalities = any(h.rel is Relation.EQ for h in claim.hypotheses)
        for h in claim.hypotheses:
            if h.rel is Relation.EQ:
                m = unwrap(h.lhs) - unwrap(h.rhs)
                self.hyps += [(m, False), (-m, False)]
                continue
            bound = self._bound(h)
            if bound is not True:
                kept = self.bound_hyps if bound == "outer" else self.hyps
                kept.append((_margin_expr(h), h.rel.strict))
        self.grad_cache: dict[sp.Expr, list[sp.Expr] | None] = {}

    def _bound(self, h: Prop) -> bool | str:
        """Record ``h`` (``v REL c``, ``c`` a constant) as a box bound, rounded outwards: True
        when the bound is exactly ``h``, ``"outer"`` when the box only contains the set ``h``
        allows (strict, or a constant that no float equals), False when ``h`` is no bound."""
        for v in self.vars:
            if h.lhs == v:
                c, direction = h.rhs, h.rel.direction
            elif h.rhs == v:
                c, direction = h.lhs, -h.rel.direction
            else:
                continue
            bound = _const_bound(c, upper=direction < 0)
            if bound is None:
                return False
            f, exact = bound
            if direction > 0:
                self.lo[v] = max(self.lo[v], f)
            else:
                self.hi[v] = min(self.hi[v], f)
            return True if exact and not h.rel.strict else "outer"
        return False

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
        return TrigEvaluator(_OPS, dict(box))(expr)

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
        for h, strict in self.hyps + self.bound_hyps:
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
            except CANNOT_EVALUATE:
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
        except CANNOT_EVALUATE:
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
        except CANNOT_EVALUATE:
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
    except CANNOT_EVALUATE:
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


def _mirrored(p: _Problem) -> list[tuple[sp.Expr, dict, dict, frozenset]]:
    """Regions with only upper tails: variables unbounded below are reflected (v -> -v);
    each region with the set of variables it reflects."""
    regions = [(p.g, dict(p.lo), dict(p.hi), frozenset())]
    for v in p.vars:
        nxt = []
        for g, lo, hi, flipped in regions:
            if not math.isinf(lo[v]):
                nxt.append((g, lo, hi, flipped))
                continue
            if math.isinf(hi[v]):  # split at 0 into [0, inf) and the reflection of (-inf, 0]
                up_lo = dict(lo)
                up_lo[v] = 0.0
                down_lo, down_hi = dict(lo), dict(hi)
                down_lo[v] = 0.0
                nxt += [(g, up_lo, dict(hi), flipped),
                        (g.subs(v, -v), down_lo, down_hi, flipped | {v})]
            else:
                r_lo, r_hi = dict(lo), dict(hi)
                r_lo[v], r_hi[v] = -hi[v], INF
                nxt.append((g.subs(v, -v), r_lo, r_hi, flipped | {v}))
        regions = nxt
    return regions


def _unreflected(p: _Problem, wit: dict, flipped: frozenset) -> tuple[str, Any]:
    """A violation found in a reflected region, mapped back and certified afresh in the
    claim's own variables (every hypothesis, the margin): ``refuted`` or ``unknown``."""
    point = {v: (-c if v in flipped else c) for v, c in wit.items()}
    cbox = {v: XI(c) for v, c in point.items()}
    try:
        if p.hyp_state(cbox) == "true" and p.bad(p.margin(cbox, mvf=False)):
            return "refuted", point
    except CANNOT_EVALUATE:
        pass
    return "unknown", None


#: at most this many integer size combinations are decided one by one (exactly substituted)
MAX_SIZE_CASES = 64


class _Run:
    """One decision: a shared box budget and deadline, and what was used."""

    def __init__(self, boxes: int, deadline: float):
        self.boxes, self.deadline = boxes, deadline
        self.used = 0
        self.tails: list[str] = []
        self.regions = 0

    def decide(self, claim: Claim) -> tuple[str, Any]:
        """``(state, witness)``: state ``proved``, ``refuted`` (witness: symbol -> number),
        ``candidate`` (a violation whose point no float holds exactly: symbol -> SymPy
        value), ``unknown`` or ``unsupported``."""
        work, subs = substitute_equalities(claim)
        cases = _size_cases(work)
        if cases:
            state, wit = self.by_size(work, cases)
        elif not work.variables():
            state, wit = decide_ground(work)
        else:
            state, wit = self.search(work)
        if state in ("refuted", "candidate") and subs:
            state, wit = complete_witness(wit, subs)
        return state, wit

    def by_size(self, claim: Claim, cases: list[dict[sp.Symbol, int]]) -> tuple[str, Any]:
        """Each integer size combination substituted exactly (``sin(pi n / 6)`` at ``n = 6``
        is ``0``), decided in turn."""
        state: tuple[str, Any] = ("proved", None)
        for rule in cases:
            if self.used >= self.boxes or time.perf_counter() > self.deadline:
                return "unknown", None
            st, wit = self.decide(_replace(claim, rule))
            if st in ("refuted", "candidate"):
                return st, {**wit, **rule}
            if st == "unsupported":
                return st, None
            if st != "proved":
                state = ("unknown", None)
        return state

    def search(self, claim: Claim) -> tuple[str, Any]:
        """Branch and bound over the claim's box (see the module docstring)."""
        p = _Problem(claim)
        if any(p.lo[v] > p.hi[v] for v in p.vars):
            return "proved", None  # the bounds contradict each other: nothing to check
        search = _Search(p, self.boxes - self.used, self.deadline)
        log_form = _log_margin(p)
        if log_form is not None:
            p.g = log_form
            p.grad_cache.clear()
        regions = _mirrored(p)
        self.regions += len(regions)
        state, info = "proved", None
        try:
            for g, lo, hi, flipped in regions:
                reflected = bool(flipped)
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
                    st, wit = _unreflected(p, wit, flipped)
                if st in ("refuted", "unsupported"):
                    state, info = st, wit
                    break
                if st != "proved":
                    state = "unknown"
        finally:
            self.used += search.used
            self.tails += search.tails
        if state == "refuted":
            info = {v: (int(c) if v in DIMS.values() else c) for v, c in info.items()}
        return state, info


def _replace(claim: Claim, rule: dict[sp.Symbol, sp.Expr]) -> Claim:
    """``claim`` with ``rule`` substituted exactly in its statement and hypotheses."""
    def sub(e: Any) -> sp.Expr:
        return sp.sympify(unwrap(e)).xreplace(rule)

    hyps = tuple(Prop(sub(h.lhs), h.rel, sub(h.rhs)) for h in claim.hypotheses)
    return claim.with_(lhs=sub(claim.lhs), rhs=sub(claim.rhs), hypotheses=hyps)


def _size_cases(claim: Claim) -> list[dict[sp.Symbol, int]]:
    """Every combination of the sizes used as numbers, when all have a declared finite range
    and there are at most :data:`MAX_SIZE_CASES`; else ``[]`` (sizes then range over reals).

    >>> from symbolic import n
    >>> len(_size_cases(Claim("t:extra-1", n, "<=", 9, dims={"n": (2, 5)})))
    4
    """
    sizes = [v for v in claim.variables() if v in DIMS.values()]
    ranges = [_size_range(claim, v) for v in sizes]
    if not sizes or any(math.isinf(hi) for _, hi in ranges):
        return []
    if math.prod(int(hi) - lo + 1 for lo, hi in ranges) > MAX_SIZE_CASES:
        return []
    cases: list[dict[sp.Symbol, int]] = [{}]
    for v, (lo, hi) in zip(sizes, ranges):
        cases = [{**c, v: k} for c in cases for k in range(lo, int(hi) + 1)]
    return cases


def decide_ground(claim: Claim) -> tuple[str, Any]:
    """A claim without variables (after substitution), by one arb enclosure: a hypothesis
    that certainly fails makes it vacuous; it is violated only where every hypothesis
    certainly holds (an equality: its margin an exact zero ball)."""
    ev = TrigEvaluator(_OPS, {})
    try:
        hyps_hold = True
        for h in claim.hypotheses:
            m = ev(_margin_expr(h)) if h.rel is not Relation.EQ else ev(
                unwrap(h.lhs) - unwrap(h.rhs))
            if h.rel is Relation.EQ:
                if m.lower_gt0() or m.upper_lt0():
                    return "proved", None
                hyps_hold &= m.lower_ge0() and m.upper_le0()
            elif (m.upper_le0() and h.rel.strict) or m.upper_lt0():
                return "proved", None
            else:
                hyps_hold &= m.lower_gt0() if h.rel.strict else m.lower_ge0()
        g = ev(_margin_expr(claim.prop))
    except CANNOT_EVALUATE:
        return "unsupported", None
    strict = claim.rel.strict
    if g.lower_gt0() if strict else g.lower_ge0():
        return "proved", None
    if hyps_hold and (g.upper_le0() if strict else g.upper_lt0()):
        return "refuted", {}
    return "unknown", None


def _exact_float(value: sp.Expr) -> float | None:
    """``value`` as a float when one holds it exactly, else None.

    >>> _exact_float(sp.Rational(1, 4)), _exact_float(sp.Rational(1, 3)), _exact_float(sp.log(2))
    (0.25, None, None)
    """
    value = sp.sympify(value)
    if value.is_Float:
        exact = exact_fraction(value)
    elif value.is_Rational:
        exact = Fraction(int(value.p), int(value.q))
    else:
        return None
    f = float(exact)
    return f if math.isfinite(f) and Fraction(f) == exact else None


def complete_witness(wit: dict, subs: dict[sp.Symbol, sp.Expr]) -> tuple[str, dict]:
    """The witness completed with the substituted symbols, each at its exact value there:
    ``refuted`` when a float holds every value exactly, else ``candidate``."""
    point = {v: (sp.Integer(c) if isinstance(c, int) else
                 sp.Rational(c) if isinstance(c, float) else c) for v, c in wit.items()}
    out: dict = dict(wit)
    state = "refuted"
    for s, e in subs.items():
        val = sp.sympify(e).xreplace(point)
        f = _exact_float(val)
        if f is None:
            state = "candidate"
        out[s] = val if f is None else f
    return state, out


def prove_interval(claim: Claim, budget: Budget = DEFAULT, seconds: float = 30.0,
                   bits: int = 128) -> Verdict | None:
    """A rigorous verdict for a scalar inequality, or None when not applicable."""
    if not applicable(claim):
        return None
    b = require(budget)
    t0 = time.perf_counter()
    run = _Run(b.boxes, t0 + seconds)
    with arb_prec(bits):
        try:
            state, info = run.decide(claim)
        except (ValueError, TypeError) as exc:  # a substituted claim that cannot be built
            state, info = "unknown", f"{type(exc).__name__}: {exc}"
    used, tails = run.used, list(dict.fromkeys(run.tails))
    method = "interval branch-and-bound (arb, mean-value form)" + (
        " + monotone tails" if tails else "")
    common = dict(method=method, precision=f"arb {bits} bits", evaluations=used,
                  seconds=time.perf_counter() - t0,
                  details={"tails": tails, "boxes": used, "regions": run.regions})
    if state == "proved":
        return Verdict(Status.PROVED, rigorous=True,
                       message=f"holds on the whole domain ({used} boxes"
                               + (f"; {'; '.join(tails)}" if tails else "") + ")",
                       **common)
    if state == "refuted":
        wit = {str(v): c for v, c in info.items()}
        return Verdict(Status.REFUTED, rigorous=True, witness=wit,
                       message="an exact point violates the claim (certified by arb)", **common)
    if state == "unsupported":
        return None
    if state == "candidate":
        common["details"]["candidate_witness"] = {str(v): str(c) for v, c in info.items()}
        return Verdict(Status.UNKNOWN, rigorous=False,
                       message="violated at a point that no float holds exactly (an equality "
                               "hypothesis fixes it): not a certified witness", **common)
    reason = info if isinstance(info, str) else f"not decided within {b.boxes} boxes / " \
        f"{seconds:g} s"
    return Verdict(Status.UNKNOWN, rigorous=False, message=reason, **common)


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


__all__ = ["applicable", "complete_witness", "decide_ground", "flint", "has_jump", "prove_interval",
           "substitute_equalities"]


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
