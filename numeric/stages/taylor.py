"""Rigorous branch and bound for transcendental scalar inequalities (arb, Taylor arguments).

The claim's margin ``g`` (``rhs - lhs`` for ``<=``, so the claim is ``g >= 0`` or ``g > 0``) is
proved on the closure of the domain, box by box, with extended-real arb intervals
(:mod:`numeric.backends.xinterval`, :mod:`numeric.backends.trig_interval`), by whichever of
these succeeds first:

- natural and mean-value (centred) enclosures of ``g``;
- **face reduction** (a Taylor argument along one variable ``v``): if the ``m``-th partial
  derivative ``∂ᵐg/∂vᵐ`` is ``>= 0`` on the box and ``∂ʲg/∂vʲ >= 0`` for ``0 < j < m`` on the
  face ``v = a``, then ``g >= g(face)`` on the box (``>`` when ``∂ᵐg/∂vᵐ > 0``), so only the
  face (one dimension less) remains. At an *excluded* boundary (``x > 0``) a strict claim then
  needs only ``g >= 0`` on the face: this is "prove the non-strict claim on the closure, and
  that equality only occurs at excluded points" by the sign of the first non-vanishing
  derivative;
- **touching points**: at the simplest rational point ``c`` of a small box, with an exactly
  vanishing gradient and a Hessian that is positive semidefinite on the whole box
  (Gershgorin), ``g(x) >= g(c) >= 0``; with a positive definite Hessian ``g(c) - |∇g(c)|²/2λ``
  bounds ``g`` from below;
- hypotheses that certainly fail on a box discard it.

Relations between variables (``x < y``) become a change of variables ``y = x + s``, ``s > 0``;
unbounded variables are covered by boxes ``[K, ∞)`` on which extended intervals and the face
reduction still work. A box centre (a float point) that certainly violates the claim while every
hypothesis certainly holds is a rigorous counterexample, re-certified in arb at 256 bits in the
claim's own variables.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar
    >>> from numeric.budget import Budget
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", sp.exp(x), "<=", 1 + x + x**2, (Prop(x, ">=", -1), Prop(x, "<=", 1)))
    >>> TaylorStage().run(c, Budget.get("quick"), 0).status.value
    'proved'
"""

from __future__ import annotations

import math
import time
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import flint
import sympy as sp

from numeric.backends.precise import ArbOps, arb_prec
from numeric.backends.trig_interval import TrigEvaluator, TrigXIOps
from numeric.backends.xinterval import XI
from numeric.stages.interval import complete_witness, decide_ground, substitute_equalities
from symbolic.claim import Prop
from symbolic.failures import CANNOT_EVALUATE
from symbolic.objects import DIMS, unwrap
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict
from symbolic.vocabulary import FUNCTIONS

if TYPE_CHECKING:
    from numeric.budget import Budget
    from symbolic.claim import Claim

INF = math.inf
MAX_VARIABLES = 6
MAX_ORDER = 4  # highest partial derivative used by the face reduction
METHOD = "Taylor branch-and-bound (arb)"
#: smooth or piecewise-smooth functions whose derivatives SymPy gives correctly (not floor,
#: ceiling, atan2 or indicators: their derivative is 0 or undefined across a jump)
_ALLOWED = tuple(decl.sympy for decl in FUNCTIONS.values() if decl.smooth)
_OPS = TrigXIOps()


def _margin(p: Prop) -> sp.Expr:
    lhs, rhs = unwrap(p.lhs), unwrap(p.rhs)
    return rhs - lhs if p.rel.direction < 0 else lhs - rhs


def not_applicable(claim: Claim) -> str | None:
    """Why the stage does not apply, or None.

    >>> from symbolic import Claim, scalar
    >>> xs = [scalar(f"x{i}") for i in range(7)]
    >>> not_applicable(Claim("t:extra-1", sum(xs), "<=", 1))
    '7 variables, limit 6'
    """
    if claim.rel in (Relation.EQ, Relation.PSD_LE):
        return "equality or Loewner order (not a scalar inequality)"
    if any(isinstance(s, sp.MatrixSymbol) for s in claim.symbols):
        return "vector/matrix symbols (not a scalar claim)"
    if any(h.rel is Relation.PSD_LE for h in claim.hypotheses):
        return "Loewner-order hypothesis"
    syms = claim.variables()
    if set(syms) & set(DIMS.values()):
        return "sizes used as numbers (left to the interval prover)"
    if not syms:
        return "no variables"
    if len(syms) > MAX_VARIABLES:
        return f"{len(syms)} variables, limit {MAX_VARIABLES}"
    for e in claim.sides():
        for node in sp.preorder_traversal(unwrap(e)):
            if isinstance(node, sp.Function) and not isinstance(node, _ALLOWED):
                return f"{node.func.__name__} not enclosed"
            if not (node.is_Atom or isinstance(node, (sp.Add, sp.Mul, sp.Pow, sp.Function))):
                return f"{type(node).__name__} not enclosed"
    return None


def _const(e: sp.Expr) -> sp.Expr | None:
    e = sp.sympify(e)
    if e.free_symbols or not e.is_real:
        return None
    return e if e.is_finite else None


def _exact_point(x: Any) -> Fraction:
    """An arb's midpoint as an exact fraction."""
    man, exp = x.mid().man_exp()
    return Fraction(int(man)) * (Fraction(2) ** int(exp))


def _simplest(lo: Fraction, hi: Fraction) -> Fraction:
    """The rational with the smallest denominator (then numerator) in ``[lo, hi]``.

    >>> _simplest(Fraction(-1, 3), Fraction(1, 2)), _simplest(Fraction(1, 3), Fraction(2, 5))
    (Fraction(0, 1), Fraction(1, 3))
    """
    if lo <= 0 <= hi:
        return Fraction(0)
    if hi < 0:
        return -_simplest(-hi, -lo)
    fl = math.floor(lo)
    if fl == lo:
        return Fraction(fl)
    if fl + 1 <= hi:
        return Fraction(fl + 1)
    # lo, hi in (fl, fl + 1): recurse on the reciprocals of the fractional parts
    inner = _simplest(1 / (hi - fl), 1 / (lo - fl))
    return fl + 1 / inner


class _Box(dict):
    """Variable -> :class:`XI`, plus the obligation for ``g`` on it: ``> 0`` when ``strict``;
    ``nohyp``: a face box, whose points must satisfy the claim whatever the hypotheses say
    (the face reduction extends the face's values into the box)."""

    strict: bool = False
    nohyp: bool = False
    g: sp.Expr = sp.Integer(0)  # the margin, with face values substituted exactly

    def child(self, changes: dict, strict: bool | None = None) -> _Box:
        out = _Box(self)
        out.update(changes)
        out.strict = self.strict if strict is None else strict
        out.nohyp = self.nohyp
        out.g = self.g
        return out


class _Problem:
    """The claim in its working variables: bounds, constraints and the margin."""

    def __init__(self, claim: Claim):
        self.claim = claim
        orig = claim.variables()
        props = [Prop(s, ">", 0) for s in orig if s.is_positive] + [
            Prop(s, ">=", 0) for s in orig if s.is_nonnegative and not s.is_positive] + [
            Prop(s, "<", 0) for s in orig if s.is_negative] + [
            Prop(s, "<=", 0) for s in orig if s.is_nonpositive and not s.is_negative]
        props += list(claim.hypotheses)
        g = _margin(claim.prop)
        # relations between two variables: y >= x becomes y = x + s, s >= 0 (s > 0 if strict)
        self.back: dict[sp.Symbol, sp.Expr] = {s: s for s in orig}
        self.changes: list[str] = []
        work = [(unwrap(p.lhs), p.rel, unwrap(p.rhs)) for p in props]
        for i in range(len(work)):
            a, rel, b = work[i]
            if rel is Relation.EQ or not (isinstance(a, sp.Symbol) and isinstance(b, sp.Symbol)):
                continue
            small, big = (a, b) if rel.direction < 0 else (b, a)
            if small == big or big not in orig or self.back[big] != big:
                continue
            s = sp.Symbol(f"d_{big}_{small}", real=True)
            sub = {big: small + s}
            self.changes.append(f"{big} = {small} + {s.name}, {s.name} "
                                f"{'>' if rel.strict else '>='} 0")
            work = [(x.subs(sub), r, y.subs(sub)) for x, r, y in work]
            work[i] = (s, Relation.GT if rel.strict else Relation.GE, sp.Integer(0))
            g = g.subs(sub)
            self.back = {k: v.subs(sub) for k, v in self.back.items()}
        self.g = g
        self.vars = sorted(set().union(g.free_symbols, *[x.free_symbols | y.free_symbols
                                                         for x, _, y in work]), key=str)
        self.lo: dict[sp.Symbol, Any] = dict.fromkeys(self.vars, -INF)
        self.hi: dict[sp.Symbol, Any] = dict.fromkeys(self.vars, INF)
        self.lo_open = dict.fromkeys(self.vars, False)
        self.hi_open = dict.fromkeys(self.vars, False)
        self.cons: list[tuple[sp.Expr, bool]] = []  # (h, strict): h >= 0 (or > 0)
        for a, rel, b in work:
            if rel is Relation.EQ:
                self.cons += [(a - b, False), (b - a, False)]
                continue
            if isinstance(a, sp.Symbol) and a in self.lo and _const(b) is not None:
                self._bound(a, _const(b), rel.direction < 0, rel.strict)
            elif isinstance(b, sp.Symbol) and b in self.lo and _const(a) is not None:
                self._bound(b, _const(a), rel.direction > 0, rel.strict)
            else:
                self.cons.append(((b - a) if rel.direction < 0 else (a - b), rel.strict))
        self._derivs: dict[tuple, sp.Expr] = {}

    def _bound(self, v: sp.Symbol, c: sp.Expr, upper: bool, strict: bool) -> None:
        """Record ``v <= c`` (``upper``) or ``v >= c``; irrational ``c`` is rounded outwards
        and also kept as a constraint."""
        ball = TrigEvaluator(_OPS, {})(c)
        end = ball.hi if upper else ball.lo
        exact = bool(c.is_Rational or c.is_Float) and ball.lo == ball.hi
        if not exact:
            self.cons.append(((c - v) if upper else (v - c), strict))
        if upper:
            if isinstance(self.hi[v], float) or end < self.hi[v] or (
                    end == self.hi[v] and strict):
                self.hi[v], self.hi_open[v] = end, strict and exact
        elif isinstance(self.lo[v], float) or end > self.lo[v] or (end == self.lo[v] and strict):
            self.lo[v], self.lo_open[v] = end, strict and exact

    def deriv(self, e: sp.Expr, *by: sp.Symbol) -> sp.Expr:
        key = (e, by)
        if key not in self._derivs:
            self._derivs[key] = sp.diff(e, *by) if by else e
        return self._derivs[key]


def _ev(box: dict) -> TrigEvaluator:
    return TrigEvaluator(_OPS, dict(box))


def _ok(m: XI, strict: bool) -> bool:
    return m.lower_gt0() if strict else m.lower_ge0()


def _width(iv: XI) -> float:
    if not iv.bounded:
        return INF
    return float(iv.hi - iv.lo)


class _Search:
    def __init__(self, p: _Problem, max_boxes: int, deadline: float):
        self.p, self.max_boxes, self.deadline = p, max_boxes, deadline
        self.used = 0
        self.rules: dict[str, int] = {}

    def note(self, rule: str) -> None:
        self.rules[rule] = self.rules.get(rule, 0) + 1

    # -- box tests -------------------------------------------------------------------------
    def hyps_fail(self, box: dict) -> bool:
        ev = _ev(box)
        for h, strict in self.p.cons:
            try:
                m = ev(h)
            except CANNOT_EVALUATE:
                continue
            if m.upper_lt0() or (strict and m.upper_le0()):
                return True
        return False

    def enclose(self, e: sp.Expr, box: dict) -> XI | None:
        try:
            return _ev(box)(e)
        except CANNOT_EVALUATE:
            return None

    def centred(self, box: dict) -> XI | None:
        """Mean-value form ``g(c) + Σ ∂g/∂v(box) (x_v - c_v)`` on a bounded box."""
        p = self.p
        if not all(iv.bounded for iv in box.values()):
            return None
        centre = {v: XI(_mid(iv)) for v, iv in box.items()}
        out = self.enclose(box.g, centre)
        if out is None:
            return None
        for v, iv in box.items():
            if _width(iv) == 0:
                continue
            d = self.enclose(p.deriv(box.g, v), box)
            if d is None:
                return None
            out = out + d * (iv - centre[v])
        return out

    def face(self, box: _Box) -> _Box | None:
        """Face reduction along one variable (see the module docstring), or None."""
        p = self.p
        for v, iv in box.items():
            if _width(iv) == 0:
                continue
            for side in ("lo", "hi"):
                end = iv.lo if side == "lo" else iv.hi
                if isinstance(end, float):
                    continue
                sign = 1 if side == "lo" else -1
                fbox = dict(box)
                fbox[v] = XI(end)
                for m in range(1, MAX_ORDER + 1):
                    dm = self.enclose(p.deriv(box.g, *([v] * m)), box)
                    if dm is None:
                        break
                    dm = dm if sign > 0 or m % 2 == 0 else -dm
                    if not dm.lower_ge0():
                        # lower orders must be >= 0 on the face to go one order higher
                        dj = self.enclose(p.deriv(box.g, *([v] * m)), fbox)
                        if dj is None:
                            break
                        dj = dj if sign > 0 or m % 2 == 0 else -dj
                        if not dj.lower_ge0():
                            break
                        continue
                    excluded = (p.lo_open[v] and side == "lo" and end == p.lo[v]) or (
                        p.hi_open[v] and side == "hi" and end == p.hi[v])
                    strict = box.strict and not (dm.lower_gt0() and excluded)
                    if strict and excluded:
                        # a strict face at an excluded point is a dead end unless g > 0 there:
                        # look for a strictly positive higher derivative instead
                        g_face = self.enclose(box.g, fbox)
                        if g_face is None or not g_face.lower_gt0():
                            continue
                    out = box.child({v: XI(end)}, strict=strict)
                    out.nohyp = True
                    q = _exact_point(end)
                    if q.denominator <= 1024:  # exact substitution: identical terms cancel
                        out.g = box.g.subs(v, sp.Rational(q.numerator, q.denominator))
                    self.note(f"face reduction (order {m})")
                    return out
        return None

    def touching(self, box: _Box) -> bool:
        """Second-order bound around the simplest rational point of a bounded box."""
        p = self.p
        free = [v for v, iv in box.items() if _width(iv) > 0]
        if not free or not all(iv.bounded for iv in box.values()) or len(free) > 4:
            return False
        c = {v: (XI(flint.arb(flint.fmpq(q.numerator, q.denominator)))
                 if (q := _simplest(_exact_point(iv.lo), _exact_point(iv.hi))) is not None
                 else iv) for v, iv in box.items()}
        gc = self.enclose(box.g, c)
        if gc is None or not gc.lower_ge0():
            return False
        grad = [self.enclose(p.deriv(box.g, v), c) for v in free]
        if any(gr is None for gr in grad):
            return False
        hess = {}
        for i, v in enumerate(free):
            for w in free[i:]:
                h = self.enclose(p.deriv(box.g, v, w), box)
                if h is None:
                    return False
                hess[v, w] = hess[w, v] = h
        lam: Any = None
        for v in free:
            off = XI(0)
            for w in free:
                if w != v:
                    off = off + abs(hess[v, w])
            row = hess[v, v].lo - off.hi if not isinstance(off.hi, float) else -INF
            if isinstance(hess[v, v].lo, float):
                row = -INF
            lam = row if lam is None or _less(row, lam) else lam
        if isinstance(lam, float) or lam < 0:
            return False
        exact_zero = all(gr.lo == 0 and gr.hi == 0 for gr in grad)
        strict_ok = not box.strict or (gc.lower_gt0() and lam > 0) or self.excluded(c)
        if exact_zero and strict_ok and (not box.strict or lam > 0):
            self.note("touching point (second order)")
            return True
        if lam > 0 and not isinstance(lam, float):
            sq = XI(0)
            for gr in grad:
                sq = sq + gr.powi(2)
            bound = gc - sq * XI(flint.arb(1) / (2 * lam))
            if _ok(bound, box.strict):
                self.note("strictly convex box (second order)")
                return True
        return False

    def excluded(self, c: dict) -> bool:
        p = self.p
        return any((p.lo_open[v] and c[v].lo == p.lo[v]) or (p.hi_open[v] and c[v].hi == p.hi[v])
                   for v in c if not isinstance(c[v].lo, float))

    # -- counterexamples ----------------------------------------------------------------------
    def violation(self, box: dict) -> dict | None:
        """A float point of the box (the centre) that certainly violates the claim."""
        p = self.p
        pt: dict[sp.Symbol, float] = {}
        for v, iv in box.items():
            lo, hi = float(iv.lo), float(iv.hi)
            if math.isinf(lo) and math.isinf(hi):
                pt[v] = 0.0
            elif math.isinf(hi):
                pt[v] = lo + max(1.0, abs(lo))
            elif math.isinf(lo):
                pt[v] = hi - max(1.0, abs(hi))
            else:
                pt[v] = lo + (hi - lo) / 2
        cbox = {v: XI(x) for v, x in pt.items()}
        m = self.enclose(box.g, cbox)
        if m is None or not (m.upper_le0() if p.claim.rel.strict else m.upper_lt0()):
            return None
        return certify_witness(p, pt)

    # -- the search ---------------------------------------------------------------------------
    def run(self, root: _Box) -> tuple[str, Any]:
        stack = [root]
        while stack:
            if self.used >= self.max_boxes or time.perf_counter() > self.deadline:
                return "unknown", None
            box = stack.pop()
            self.used += 1
            if not box.nohyp and self.hyps_fail(box):
                continue
            m = self.enclose(box.g, box)
            if m is not None and _ok(m, box.strict):
                continue
            c = self.centred(box)
            if c is not None and _ok(c, box.strict):
                continue
            f = self.face(box)
            if f is not None:
                stack.append(f)
                continue
            if self.touching(box):
                continue
            wit = self.violation(box)
            if wit is not None:
                return "refuted", wit
            halves = _split(box)
            if halves is None:
                return "unknown", None
            stack += halves
        return "proved", None


def _less(a: Any, b: Any) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return float(a) < float(b)
    return bool(a < b)


def _mid(iv: XI) -> Any:
    return (iv.lo + iv.hi) / 2


def _split(box: _Box) -> list[_Box] | None:
    """Split the widest side: unbounded sides grow geometrically, bounded sides at the
    simplest rational in their middle half (touching points are often simple)."""
    v = max(box, key=lambda u: _width(box[u]))
    iv = box[v]
    if _width(iv) == 0:
        return None
    lo, hi = iv.lo, iv.hi
    if isinstance(lo, float) and isinstance(hi, float):
        cut: Any = flint.arb(0)
    elif isinstance(hi, float):
        cut = flint.arb(1) if lo < 0 and lo > -1 else (flint.arb(0) if lo < 0 else
                                                      lo * 2 + 1)
    elif isinstance(lo, float):
        cut = flint.arb(-1) if hi > 0 and hi < 1 else (flint.arb(0) if hi > 0 else
                                                      hi * 2 - 1)
    else:
        w = hi - lo
        a, b = _exact_point(lo + w / 4), _exact_point(hi - w / 4)
        q = _simplest(min(a, b), max(a, b)) if a != b else a
        cut = flint.arb(flint.fmpq(q.numerator, q.denominator))
        if not (cut.is_exact() and lo < cut < hi):
            cut = ((lo + hi) / 2).mid()
        if not (lo < cut < hi):
            return None
    if isinstance(cut, flint.arb) and not cut.is_exact():
        cut = cut.mid()
    return [box.child({v: XI(cut, hi)}), box.child({v: XI(lo, cut)})]


def certify_witness(p: _Problem, point: dict[sp.Symbol, float]) -> dict[str, float] | None:
    """The point in the claim's own variables, rounded to floats, if arb at 256 bits certifies
    that every hypothesis holds there and the claim fails (else None)."""
    claim = p.claim
    with arb_prec(256):
        ops = ArbOps()
        env = {v: flint.arb(x) for v, x in point.items()}
        wit: dict[str, float] = {}
        for s, e in p.back.items():
            val = TrigEvaluator(ops, env)(e) if e.free_symbols else flint.arb(0)
            if not val.is_finite():
                return None
            wit[str(s)] = float(val.mid())
        ev = TrigEvaluator(ops, {s: flint.arb(wit[str(s)]) for s in p.back})
        try:
            for h in claim.hypotheses:
                hm = ev(_margin(h))
                if h.rel is Relation.EQ:
                    return None
                if not ((hm > 0) if h.rel.strict else (hm >= 0)):
                    return None
            for s in p.back:
                x = flint.arb(wit[str(s)])
                if (s.is_positive and not x > 0) or (s.is_nonnegative and not x >= 0) or (
                        s.is_negative and not x < 0) or (s.is_nonpositive and not x <= 0):
                    return None
            gm = ev(_margin(claim.prop))
        except CANNOT_EVALUATE:
            return None
        if (gm <= 0) if claim.rel.strict else (gm < 0):
            return wit
    return None


class TaylorStage:
    """Branch and bound with Taylor arguments for scalar inequalities (module docstring)."""

    name = "taylor"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        """None, or why the stage does not apply."""
        return not_applicable(claim)

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """``proved``/``refuted`` (rigorous), or ``unknown`` with the reason."""
        if self.applies(claim) is not None:
            return None
        t0 = time.perf_counter()
        seconds = 4.0 if budget.name == "quick" else 20.0 if budget.name == "default" else 60.0
        try:  # equality hypotheses x = e: exact substitutions
            work, subs = substitute_equalities(claim)
        except (ValueError, TypeError):
            work, subs = claim, {}
        used, rules, changes = 0, {}, []
        with arb_prec(128):
            if not work.variables():
                state, wit = decide_ground(work)
            else:
                p = _Problem(work)
                root = _Box({v: XI(p.lo[v], p.hi[v]) for v in p.vars})
                root.strict = claim.rel.strict
                root.g = p.g
                search = _Search(p, budget.boxes, t0 + seconds)
                try:
                    state, wit = search.run(root)
                except CANNOT_EVALUATE as exc:
                    state, wit = "unknown", f"{type(exc).__name__}: {exc}"
                used, rules, changes = search.used, search.rules, p.changes
                if state == "refuted":
                    wit = {s: wit[str(s)] for s in p.back}
        if state == "refuted" and subs:
            state, wit = complete_witness(wit, subs)
        details: dict[str, Any] = {"boxes": used, "rules": rules, "changes": changes}
        common = dict(precision="arb 128 bits", evaluations=used, seed=seed,
                      seconds=time.perf_counter() - t0, details=details)
        if state == "proved":
            how = ", ".join(f"{k} x{n}" for k, n in rules.items())
            return Verdict(Status.PROVED, method=METHOD, rigorous=True,
                           message=f"holds on the whole domain ({used} boxes"
                                   + (f"; {how}" if how else "")
                                   + (f"; {'; '.join(changes)}" if changes else "") + ")",
                           **common)
        if state == "refuted":
            return Verdict(Status.REFUTED, method=METHOD + ", witness certified by arb",
                           rigorous=True, witness={str(s): x for s, x in wit.items()},
                           message="a float point violates the claim (arb, 256 bits)", **common)
        if state == "candidate":
            details["candidate_witness"] = {str(s): str(x) for s, x in wit.items()}
            wit = ("violated at a point that no float holds exactly (an equality hypothesis "
                   "fixes it): not a certified witness")
        reason = wit if isinstance(wit, str) else (
            f"not decided within {budget.boxes} boxes / {seconds:g} s")
        return Verdict(Status.UNKNOWN, method=METHOD, rigorous=False, message=reason, **common)


STAGE = TaylorStage()
