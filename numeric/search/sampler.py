"""Vectorised sampling of instances that satisfy a claim's hypotheses.

Proposals mix generic draws with edge cases (norms at their bounds, rank-one matrices aligned
with a vector, one dominant entry, constant vectors, zero). Each symbol is drawn once its
dependencies are, then pulled toward an *anchor* (zero, the symbol it is compared with in a
difference ``y - x``, or a point inside a Loewner bound) by a per-instance bisection until the
hypotheses that involve it hold. A final filter re-checks every hypothesis: proposals only affect
efficiency, never correctness.

Example:
    >>> import numpy as np
    >>> from symbolic import Claim, Prop, matrix, vector, norm2, opnorm, scalar, n, d
    >>> from numeric.layout import Layout
    >>> from numeric.search.sampler import sample
    >>> R = scalar("R", positive=True)
    >>> A, x = matrix("A", n, d), vector("x", d)
    >>> c = Claim("t:extra-1", norm2(A * x), "<=", R**2,
    ...           (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R), Prop(R, ">=", 4)))
    >>> batch = sample(c, Layout.of(c, {"n": 3, "d": 2}), 256, np.random.default_rng(0))
    >>> bool(batch.feasible.mean() > 0.95)
    True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import sympy as sp

from numeric.backends.logspace import LogOps, LogRows
from numeric.backends.margins import batch_margin, holds
from numeric.backends.numpy_batch import NumpyOps
from numeric.layout import Layout, symbol_name
from symbolic.claim import Claim, Prop
from symbolic.objects import symbols_of
from symbolic.plan import Plans
from symbolic.relation import Relation
from symbolic.vocabulary import NORM, having
from symbolic.walk import Evaluator


@dataclass
class Batch:
    """A batch of instances: symbol values, index values, and which satisfy the hypotheses."""

    layout: Layout
    values: dict[sp.Basic, np.ndarray]
    indices: dict[sp.Symbol, np.ndarray]
    feasible: np.ndarray
    hyp_margins: list[np.ndarray] = field(default_factory=list)

    @property
    def size(self) -> int:
        return int(self.feasible.shape[0])

    def env(self) -> dict[sp.Basic, Any]:
        return self.layout.env(self.values, self.indices)

    def evaluator(self) -> Evaluator:
        return Evaluator(NumpyOps(), self.env())

    def take(self, mask: np.ndarray) -> Batch:
        """The sub-batch selected by a boolean mask or index array."""
        vals = {s: v[mask] for s, v in self.values.items()}
        idx = {s: v[mask] for s, v in self.indices.items()}
        return Batch(self.layout, vals, idx, self.feasible[mask],
                     [m[mask] for m in self.hyp_margins])


def _bare(e: sp.Basic, s: sp.Basic) -> bool:
    return e == s


def _difference_pairs(e: sp.Basic) -> list[tuple[sp.Basic, sp.Basic]]:
    """Pairs (v, w) of matrix symbols that appear as ``v - w`` somewhere in ``e``."""
    pairs = []
    for node in sp.preorder_traversal(e):
        if isinstance(node, sp.MatAdd):
            pos = [a for a in node.args if isinstance(a, sp.MatrixSymbol)]
            neg = [a.args[1] for a in node.args if isinstance(a, sp.MatMul)
                   and len(a.args) == 2 and a.args[0] == -1
                   and isinstance(a.args[1], sp.MatrixSymbol)]
            pairs += [(v, w) for v in pos for w in neg if v.shape == w.shape]
    return pairs


class _Plan:
    """Sampling order, anchors and the hypotheses enforced at each symbol."""

    def __init__(self, claim: Claim, layout: Layout):
        self.claim, self.layout = claim, layout
        hyps = list(claim.hypotheses)
        mats = [s for s in layout.symbols if layout.shapes[s]]
        scalars = [s for s in layout.symbols if not layout.shapes[s]]
        late = set()
        for h in hyps:
            for s in scalars:
                other = h.rhs if _bare(h.lhs, s) else h.lhs if _bare(h.rhs, s) else None
                if other is not None and any(m in symbols_of(other) for m in mats):
                    late.add(s)
        self.anchor_of: dict[sp.Basic, tuple[str, Any]] = {}
        for h in hyps:
            for e in (h.lhs, h.rhs):
                for v, w in _difference_pairs(e):
                    later, earlier = (v, w) if str(v) > str(w) else (w, v)
                    self.anchor_of.setdefault(later, ("symbol", earlier))
            if h.rel is Relation.PSD_LE:
                self._anchor_loewner(h)
        deps: dict[sp.Basic, set[sp.Basic]] = {s: set() for s in layout.symbols}
        for s in scalars:
            for h in hyps:
                other = h.rhs if _bare(h.lhs, s) else h.lhs if _bare(h.rhs, s) else None
                if other is not None:
                    deps[s] |= {t for t in symbols_of(other) if t in deps and t != s}
        for m in mats:
            kind, ref = self.anchor_of.get(m, (None, None))
            if kind:
                deps[m] |= {t for t in symbols_of(ref) if t in deps and t != m}
            for h in hyps:
                if m in h.symbols:
                    deps[m] |= {t for t in h.symbols if t in scalars and t not in late}
        for s in late:
            deps[s] |= set(mats) & {t for h in hyps if s in h.symbols for t in h.symbols}
        self.order = self._toposort(deps)
        #: the square matrix symbols that are a bare side of a ⪯ hypothesis
        self.loewner_sides = {e for h in hyps if h.rel is Relation.PSD_LE
                              for e in (h.lhs, h.rhs) if isinstance(e, sp.MatrixSymbol)}
        pos = {s: k for k, s in enumerate(self.order)}
        self.enforce: dict[sp.Basic, list[Prop]] = {s: [] for s in self.order}
        for h in hyps:
            syms = [t for t in h.symbols if t in pos]
            if syms:
                self.enforce[max(syms, key=pos.__getitem__)].append(h)
        # what to_faces projects: scalars with a bound (a hypothesis with the bare scalar on
        # one side, a range, a sign) and symbols with a norm bound
        self.norm_bounds = _norm_bounds(claim)
        self.faced = {s for s in scalars
                      if any(_bare(h.lhs, s) or _bare(h.rhs, s) for h in hyps)
                      or str(s) in claim.ranges or s.is_positive or s.is_nonnegative}
        self.faced |= {s for s, _ in self.norm_bounds}
        self.norm_bounds_of: dict[sp.Basic, list[Prop]] = {}
        for s, h in self.norm_bounds:
            self.norm_bounds_of.setdefault(s, []).append(h)
        #: evaluation plans (:mod:`symbolic.plan`) of the expressions evaluated again and again
        #: at this layout: built on first use, see :meth:`plans`
        self._plans: dict[Any, Plans] = {}
        self._bounds: dict[sp.Basic, list[tuple[sp.Basic, Relation]]] = {}

    def _anchor_loewner(self, h: Prop) -> None:
        """Anchor a bare matrix symbol of the hypothesis ``A ⪯ B`` at the other side: ``A``
        below ``B`` (``A = B − G``), else ``B`` above ``A`` (a chain ``0 ⪯ P ⪯ Q`` anchors
        ``P`` above 0 and ``Q`` above ``P``), never in a cycle."""
        for mine, other, kind in ((h.lhs, h.rhs, "below"), (h.rhs, h.lhs, "above")):
            if isinstance(mine, sp.MatrixSymbol) and mine not in self.anchor_of \
                    and not self._reaches(other, mine):
                self.anchor_of[mine] = (kind, other)
                return

    def _reaches(self, e: sp.Basic, target: sp.Basic) -> bool:
        """Does ``e`` depend on ``target``, directly or through the anchors so far?"""
        todo, seen = [e], set()
        while todo:
            for s in symbols_of(todo.pop()):
                if s == target:
                    return True
                if s not in seen and s in self.anchor_of:
                    seen.add(s)
                    todo.append(self.anchor_of[s][1])
        return False

    def plans(self, key: Any, exprs: Any, make_ops: Any = NumpyOps) -> Plans:
        """The :class:`~symbolic.plan.Plans` of ``exprs`` (built once per ``key``): an evaluator
        from it computes the values a walk computes, the same floats, with no walk."""
        hit = self._plans.get(key)
        if hit is None:
            hit = self._plans[key] = Plans(make_ops, list(exprs))
        return hit

    def bounds_of(self, s: sp.Basic) -> list[tuple[sp.Basic, Relation]]:
        """:func:`_bounds_of` of ``s``, computed once."""
        hit = self._bounds.get(s)
        if hit is None:
            hit = self._bounds[s] = _bounds_of(self.claim, s)
        return hit

    def bound_evaluator(self, s: sp.Basic, env: dict) -> Any:
        """An evaluator of ``env`` whose values of the other sides of ``s``'s bounds come
        from a plan (:func:`_scalar_bounds` reads them)."""
        return self.plans(("bounds", s), [o for o, _ in self.bounds_of(s)]).evaluator(env)

    def props_evaluator(self, key: Any, props: Any, env: dict) -> Any:
        """An evaluator of ``env`` whose values of ``props``' sides come from a plan."""
        return self.plans(key, [x for p in props for x in (p.lhs, p.rhs)]).evaluator(env)

    def log_plans(self, props: Any) -> dict[Prop, Plans]:
        """Log-space plans of each proposition's sides (:class:`LogRows` replays them)."""
        return {p: self.plans(("log", p), [p.lhs, p.rhs], LogOps) for p in props}

    def _toposort(self, deps: dict[sp.Basic, set[sp.Basic]]) -> list[sp.Basic]:
        key = {s: (not self.layout.shapes[s], self.layout.shapes[s][1:] == (1,)
                   if self.layout.shapes[s] else False, str(s)) for s in deps}
        done: list[sp.Basic] = []
        pending = dict(deps)
        while pending:
            ready = sorted((s for s, ds in pending.items() if ds <= set(done)),
                           key=lambda s: (bool(pending[s]), key[s]))
            pick = ready[0] if ready else min(pending, key=key.__getitem__)  # break cycles
            done.append(pick)
            del pending[pick]
        return done


_FLIP = {"<=": ">=", "<": ">", ">=": "<=", ">": "<", "=": "="}


def _bounds_of(claim: Claim, s: sp.Basic) -> list[tuple[sp.Basic, Relation]]:
    """The hypotheses with the bare symbol ``s`` on one side, as ``(other side, relation of
    s to it)``, in the hypotheses' order.

    >>> from symbolic import Claim, Prop, scalar
    >>> x, y = scalar("x"), scalar("y")
    >>> c = Claim("t:extra-1", x, "<=", 1, (Prop(x, ">=", 2), Prop(y, "<", x)))
    >>> [(str(o), r.value) for o, r in _bounds_of(c, x)]
    [('2', '>='), ('y', '>')]
    """
    out = []
    for h in claim.hypotheses:
        if _bare(h.lhs, s):
            out.append((h.rhs, h.rel))
        elif _bare(h.rhs, s):
            out.append((h.lhs, Relation(_FLIP[h.rel.value])))
    return out


def _scalar_bounds(claim: Claim, s: sp.Symbol, ev: Evaluator, size: int,
                   bounds: list[tuple[sp.Basic, Relation]] | None = None) -> tuple[Any, Any]:
    """Per instance, the interval the hypotheses, the claim's range and the sign give ``s``
    (``bounds``: :func:`_bounds_of`, when known)."""
    lo = np.full(size, -np.inf)
    hi = np.full(size, np.inf)
    for other, rel in _bounds_of(claim, s) if bounds is None else bounds:
        try:
            val = np.broadcast_to(np.asarray(ev(other), dtype=float), (size,))
        except (KeyError, ValueError):
            continue
        if rel in (Relation.GE, Relation.GT, Relation.EQ):
            bound = np.nextafter(val, np.inf) if rel is Relation.GT else val
            lo = np.maximum(lo, bound)
        if rel in (Relation.LE, Relation.LT, Relation.EQ):
            bound = np.nextafter(val, -np.inf) if rel is Relation.LT else val
            hi = np.minimum(hi, bound)
    name = symbol_name(s)
    if name in claim.ranges:
        rlo, rhi = claim.ranges[name]
        lo = np.maximum(lo, rlo)
        hi = np.minimum(hi, rhi)
    if s.is_positive:
        lo = np.maximum(lo, 1e-300)
    elif s.is_nonnegative:
        lo = np.maximum(lo, 0.0)
    return lo, hi


def _draw_scalar(lo: np.ndarray, hi: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    with np.errstate(all="ignore"):
        return _draw_scalar_raw(lo, hi, rng)


def _draw_scalar_raw(lo: np.ndarray, hi: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    size = lo.shape[0]
    finite_lo, finite_hi = np.isfinite(lo), np.isfinite(hi)
    lo_eff = np.where(finite_lo, lo, np.where(finite_hi, hi - 100.0 - np.abs(hi), -100.0))
    hi_eff = np.where(finite_hi, hi, lo_eff + np.maximum(10.0, 3 * np.abs(lo_eff)))
    lo_eff = np.where(lo_eff > 1e-200, lo_eff, np.where(lo >= 0, np.minimum(1e-3, hi_eff / 10),
                                                         lo_eff))
    u = rng.random(size)
    logu = (lo_eff > 0) & (hi_eff / np.where(lo_eff > 0, lo_eff, 1) > 10)
    with np.errstate(all="ignore"):
        log_draw = np.exp(np.log(lo_eff) + u * (np.log(hi_eff) - np.log(lo_eff)))
    draw = np.where(logu, log_draw, lo_eff + u * (hi_eff - lo_eff))
    pick = rng.random(size)
    draw = np.where((pick < 0.1) & finite_lo, lo, draw)
    draw = np.where((pick > 0.9) & finite_hi, hi, draw)
    return np.clip(draw, lo, hi)


def _draw_matrix(shape: tuple[int, int], size: int, rng: np.random.Generator,
                 symmetric: bool, partner: np.ndarray | None) -> np.ndarray:
    """``size`` random ``shape`` matrices of mixed kinds: Gaussian at a random scale (most),
    rank one (15 %), one dominant entry (10 %), constant (7 %), zero (3 %), aligned with the
    top right singular vector of ``partner`` (15 %, vectors only), at an extreme magnitude
    (5 %, not symmetric ones). Each kind is computed for its own instances only; the random
    draws are those of every instance, in a fixed order."""
    rows, cols = shape
    scale = np.exp(rng.uniform(np.log(0.1), np.log(10.0), size))[:, None, None]
    out = rng.standard_normal((size, rows, cols)) * scale
    kind = rng.random(size)
    u = rng.standard_normal((size, rows, 1))
    v = rng.standard_normal((size, 1, cols))
    r, c = rng.integers(rows, size=size), rng.integers(cols, size=size)
    dominant_sign = rng.choice([-1.0, 1.0], size)
    const_sign = rng.choice([-1.0, 1.0], size)

    def pick(lo: float, hi: float) -> np.ndarray:
        return np.flatnonzero((kind >= lo) & (kind < hi))

    k = pick(-1.0, 0.15)
    rank1 = (u[k] * v[k]) * scale[k] / np.sqrt(rows * cols)
    j = pick(0.15, 0.25)
    dominant = 0.01 * out[j]
    dominant[np.arange(j.size), r[j], c[j]] = 10.0 * scale[j, 0, 0] * dominant_sign[j]
    m = pick(0.25, 0.32)
    const = np.ones((m.size, rows, cols)) * scale[m] * const_sign[m][:, None, None]
    out[k], out[j], out[m] = rank1, dominant, const
    out[pick(0.32, 0.35)] = 0.0
    # extreme magnitudes (1e-150 .. 1e150): regimes where a missing norm bound matters
    if not symmetric:
        huge = 10.0 ** rng.uniform(-150, 150, size)[:, None, None]
        e = pick(0.95, 2.0)
        out[e] = out[e] * huge[e]
    if partner is not None and cols == 1 and partner.shape[-1] == rows:
        # a vector aligned with the top right singular vector of a matrix already drawn
        sign = rng.choice([-1.0, 1.0], size)[:, None, None]
        a = pick(0.35, 0.5)
        if a.size:
            _, _, vt = np.linalg.svd(partner[a], full_matrices=False)
            out[a] = vt[:, 0, :, None] * scale[a] * sign[a]
    if symmetric:
        out = 0.5 * (out + np.swapaxes(out, -1, -2))
    return out


def _exact_symmetric(m: np.ndarray) -> np.ndarray:
    """``m`` with its lower triangle replaced by the mirror of its upper one: exactly
    symmetric (a float Gram matrix ``RRᵀ`` may differ from its transpose by rounding).

    >>> _exact_symmetric(np.array([[[1.0, 2.0], [2.0000001, 3.0]]])).tolist()
    [[[1.0, 2.0], [2.0, 3.0]]]
    """
    upper = np.triu(m)
    return upper + np.swapaxes(np.triu(m, 1), -1, -2)


def hypothesis_margins(props: list[Prop] | tuple[Prop, ...], ev: Evaluator,
                       size: int, log_plans: dict[Prop, Plans] | None = None
                       ) -> list[np.ndarray]:
    """Relative margins ``(size,)`` of each proposition over a numpy batch; rows where float64
    overflowed are evaluated again in log space, over the same rows for all of them
    (:class:`~numeric.backends.logspace.LogRows`: the margins of
    :func:`~numeric.backends.logspace.rescue`; ``log_plans``: plans of the propositions'
    sides in log space, which compute what a walk computes)."""
    out = []
    with np.errstate(all="ignore"):
        for h in props:
            m, _, _ = batch_margin(h, ev)
            out.append(m.astype(float) if m.shape == (size,)
                       else np.broadcast_to(m, (size,)).astype(float))
        need = np.zeros(size, dtype=bool)
        for m in out:
            need |= ~np.isfinite(m)
        if need.any():
            logs = LogRows(ev.env, size, need, log_plans)
            out = [logs.rescue(h, m)[0] for h, m in zip(props, out)]
    return out


def _feasible(props: list[Prop], ev: Evaluator, size: int,
              log_plans: dict[Prop, Plans] | None = None) -> np.ndarray:
    ok = np.ones(size, dtype=bool)
    for h, m in zip(props, hypothesis_margins(props, ev, size, log_plans)):
        ok &= holds(h, m)
    return ok


def _pull_toward(anchor: np.ndarray, raw: np.ndarray, props: list[Prop], layout: Layout,
                 values: dict, indices: dict, sym: sp.Basic, rng: np.random.Generator,
                 edge_fraction: float = 0.35, plan: _Plan | None = None) -> np.ndarray:
    """Scale ``raw - anchor`` per instance so that ``props`` hold; push some to the boundary
    (``plan``: the sampling plan whose evaluation plans evaluate ``props``, else walks)."""
    size = raw.shape[0]
    log_plans = plan.log_plans(props) if plan is not None else None
    diff = raw - anchor

    def ok(s: np.ndarray) -> np.ndarray:
        vals = dict(values)
        vals[sym] = anchor + s[:, None, None] * diff
        env = layout.env(vals, indices)
        with np.errstate(all="ignore"):  # a plan evaluates at once, a walk when asked
            ev = (plan.props_evaluator(("enforce", sym), props, env) if plan is not None
                  else Evaluator(NumpyOps(), env))
        return _feasible(props, ev, size, log_plans)

    lo = np.zeros(size)
    anchor_ok = ok(lo)
    hi = np.ones(size)
    good = ok(hi)
    for _ in range(12):  # grow feasible steps toward the boundary
        grow = good & anchor_ok
        if not grow.any():
            break
        lo = np.where(grow, hi, lo)
        hi = np.where(grow, hi * 4.0, hi)
        good = ok(hi) & grow
    unbounded = good
    # geometric search first: the feasible step may be as small as 2^-1000 (huge proposals)
    need = anchor_ok & ~good
    if need.any():
        klo, khi = np.zeros(size), np.full(size, 1074.0)
        for _ in range(11):
            kmid = np.floor(0.5 * (klo + khi))
            k_ok = ok(np.where(need, 2.0**-kmid, 0.0))
            khi = np.where(need & k_ok, kmid, khi)
            klo = np.where(need & ~k_ok, kmid, klo)
        found = need & ok(np.where(need, 2.0**-khi, 0.0))
        lo = np.where(found, 2.0**-khi, lo)
        hi = np.where(found, 2.0 ** (1 - khi), hi)
    for _ in range(30):  # bisection: the boundary to 2^-30 of the step
        mid = 0.5 * (lo + hi)
        m_ok = ok(mid)
        lo = np.where(m_ok, mid, lo)
        hi = np.where(m_ok, hi, mid)
    edge = rng.random(size) < edge_fraction
    inner = lo * rng.random(size) ** 0.5
    s = np.where(edge, lo, inner)
    s = np.where(unbounded, 1.0, s)
    s = np.where(anchor_ok, s, 1.0)
    return anchor + s[:, None, None] * (raw - anchor)


SATURATE_FRACTION = 0.12
_NORMS = having(NORM)


_PLANS: dict[tuple[int, int], tuple[Claim, Layout, _Plan]] = {}


def _plan_of(claim: Claim, layout: Layout) -> _Plan:
    """``_Plan(claim, layout)``, built once per (claim, layout) pair: the adversarial search
    projects candidates onto the hypotheses' faces thousands of times per claim, and building
    the plan each time was a fifth of a check's time. Keyed by identity (the objects are kept
    alive with their plan, so an id is never reused while cached); at most 32 kept."""
    key = (id(claim), id(layout))
    hit = _PLANS.get(key)
    if hit is not None and hit[0] is claim and hit[1] is layout:
        return hit[2]
    plan = _Plan(claim, layout)
    if len(_PLANS) >= 32:
        _PLANS.pop(next(iter(_PLANS)))
    _PLANS[key] = (claim, layout, plan)
    return plan


def _norm_bounds(claim: Claim) -> list[tuple[sp.Basic, Prop]]:
    """Hypotheses ``‖S‖ <= T`` (or ``<``) on a bare matrix or vector symbol ``S``."""
    out = []
    for h in claim.hypotheses:
        if h.rel not in (Relation.LE, Relation.LT) or not isinstance(h.lhs, _NORMS):
            continue
        arg = h.lhs.args[0]
        if isinstance(arg, sp.MatrixSymbol) and arg not in symbols_of(h.rhs):
            out.append((arg, h))
    return out


def _saturate(claim: Claim, plan: _Plan, layout: Layout, values: dict, indices: dict,
              rng: np.random.Generator, fraction: float = SATURATE_FRACTION) -> None:
    """Edge case: in a fraction of the instances put every norm bound ``‖S‖ <= T`` at once on
    its boundary (scale ``S`` to norm ``T``; a symbol anchored to ``S`` moves with it).
    Worst cases of Lipschitz-type bounds sit where all of them are active, e.g. ``‖A‖ = ‖x‖ = R``,
    which independent draws reach with probability zero. The final filter re-checks all."""
    bounds = _norm_bounds(claim)
    size = next(iter(values.values())).shape[0] if values else 0
    if not bounds or size == 0:
        return
    rows = rng.random(size) < fraction
    if not rows.any():
        return
    followers = {ref: m for m, (kind, ref) in plan.anchor_of.items() if kind == "symbol"}
    for sym, h in bounds:
        with np.errstate(all="ignore"):
            ev = plan.props_evaluator(("norm", h), (h,), layout.env(values, indices))
            norm = np.broadcast_to(np.asarray(ev(h.lhs), dtype=float), (size,))
            bound = np.broadcast_to(np.asarray(ev(h.rhs), dtype=float), (size,))
            factor = bound / norm * (1 - 1e-12 if h.rel is Relation.LT else 1 - 1e-14)
        ok = rows & np.isfinite(factor) & (factor > 0) & (norm > 0)
        if not ok.any():
            continue
        old = values[sym]
        new = np.where(ok[:, None, None], old * np.where(ok, factor, 1.0)[:, None, None], old)
        values[sym] = new
        follower = followers.get(sym)
        if follower is not None and follower in values:
            values[follower] = values[follower] + (new - old)


def to_faces(claim: Claim, layout: Layout, values: dict, indices: dict) -> dict:
    """``values`` moved onto the faces of the hypotheses they break, where that is a projection:
    each scalar clipped into the bounds its hypotheses give it, each symbol with a norm bound
    ``‖S‖ <= T`` scaled down onto it, in sampling order (a bound that depends on other symbols
    is evaluated at their new values). The caller re-checks every hypothesis.

    >>> from symbolic import Claim, Prop, scalar
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", x, "<=", 1, (Prop(x, ">=", 2), Prop(x, "<=", 3)))
    >>> to_faces(c, Layout.of(c, {}), {x: np.array([0.0, 2.5, 1e90])}, {})[x].tolist()
    [2.0, 2.5, 3.0]
    """
    values = dict(values)
    size = next(iter(values.values())).shape[0] if values else 0
    plan = _plan_of(claim, layout)
    for sym in plan.order:
        if sym not in plan.faced:  # nothing bounds it: it stays where it is
            continue
        with np.errstate(all="ignore"):
            if not layout.shapes[sym]:
                ev = plan.bound_evaluator(sym, layout.env(values, indices))
                lo, hi = _scalar_bounds(claim, sym, ev, size, plan.bounds_of(sym))
                v = values[sym]
                ok = np.isfinite(lo) | np.isfinite(hi)
                if ok.any():
                    clipped = np.clip(v, np.where(np.isnan(lo), -np.inf, lo),
                                      np.where(np.isnan(hi), np.inf, hi))
                    values[sym] = np.where(np.isnan(clipped), v, clipped)
                continue
            for h in plan.norm_bounds_of.get(sym, ()):
                ev = plan.props_evaluator(("norm", h), (h,), layout.env(values, indices))
                norm = np.broadcast_to(np.asarray(ev(h.lhs), dtype=float), (size,))
                bound = np.broadcast_to(np.asarray(ev(h.rhs), dtype=float), (size,))
                factor = bound / norm * (1 - 1e-12 if h.rel is Relation.LT else 1 - 1e-15)
                ok = np.isfinite(factor) & (factor > 0) & (norm > bound)
                values[sym] = np.where(ok[:, None, None],
                                       values[sym] * np.where(ok, factor, 1.0)[:, None, None],
                                       values[sym])
    return values


def sample(claim: Claim, layout: Layout, size: int, rng: np.random.Generator) -> Batch:
    """Draw ``size`` instances of ``claim`` at ``layout``'s dimensions."""
    plan = _plan_of(claim, layout)
    values: dict[sp.Basic, np.ndarray] = {}
    indices = {i: rng.integers(1, k + 1, size=size) for i, k in layout.indices.items()}
    for sym in plan.order:
        shape = layout.shapes[sym]
        if not shape:
            with np.errstate(all="ignore"):
                ev = plan.bound_evaluator(sym, layout.env(values, indices))
                lo, hi = _scalar_bounds(claim, sym, ev, size, plan.bounds_of(sym))
            values[sym] = _draw_scalar(lo, hi, rng)
            continue
        ev = Evaluator(NumpyOps(), layout.env(values, indices))
        partner = next((values[m] for m in values if layout.shapes[m]
                        and layout.shapes[m][1:] != (1,)), None)
        from symbolic.objects import SymmetricMatrixSymbol

        # a bare side of A ⪯ B is drawn symmetric: B − A must be exactly symmetric, which
        # B − (B − G) is in floats only when B is (docs/verdicts.md, the Loewner order)
        raw = _draw_matrix(shape, size, rng, isinstance(sym, SymmetricMatrixSymbol)
                           or sym in plan.loewner_sides, partner)
        kind, ref = plan.anchor_of.get(sym, (None, None))
        anchor = np.zeros_like(raw)
        if kind == "symbol" and ref in values:
            anchor = values[ref]
            raw = anchor + raw * rng.choice([1e-3, 1e-2, 1.0], size)[:, None, None]
        elif kind in ("below", "above"):
            with np.errstate(all="ignore"):
                base = np.broadcast_to(ev(ref), raw.shape)
            eye = np.eye(shape[0])[None]
            bump = np.abs(raw).max(axis=(1, 2))[:, None, None] + 1.0
            anchor = base - bump * eye if kind == "below" else base + bump * eye
            gram = _exact_symmetric(raw @ np.swapaxes(raw, -1, -2))
            raw = base - gram if kind == "below" else base + gram
        props = plan.enforce[sym]
        if props:
            raw = _pull_toward(anchor, raw, props, layout, values, indices, sym, rng,
                               plan=plan)
        values[sym] = raw
    _saturate(claim, plan, layout, values, indices, rng)
    return with_feasibility(claim, Batch(layout, values, indices, np.ones(size, dtype=bool)))


def concat(batches: list[Batch]) -> Batch:
    """One batch of several at the same layout (hypothesis margins are recomputed by
    :func:`with_feasibility`)."""
    first = batches[0]
    vals = {s: np.concatenate([b.values[s] for b in batches]) for s in first.values}
    idx = {s: np.concatenate([b.indices[s] for b in batches]) for s in first.indices}
    return Batch(first.layout, vals, idx, np.concatenate([b.feasible for b in batches]))


def with_feasibility(claim: Claim, batch: Batch) -> Batch:
    """``batch`` with ``feasible`` and ``hyp_margins`` computed afresh from every hypothesis."""
    size = batch.size
    batch.feasible = np.ones(size, dtype=bool)
    plan = _plan_of(claim, batch.layout)
    hyps = claim.hypotheses
    with np.errstate(all="ignore"):
        ev = plan.props_evaluator("hypotheses", hyps, batch.env())
    batch.hyp_margins = hypothesis_margins(hyps, ev, size, plan.log_plans(hyps))
    for h, m in zip(claim.hypotheses, batch.hyp_margins):
        batch.feasible &= holds(h, m)
    return batch


def _variant(batch: Batch, sym: sp.Basic, value: np.ndarray) -> Batch:
    vals = dict(batch.values)
    idx = dict(batch.indices)
    if sym in idx:
        idx[sym] = np.broadcast_to(value, idx[sym].shape).astype(idx[sym].dtype)
    else:
        vals[sym] = np.broadcast_to(value, vals[sym].shape).astype(float)
    return Batch(batch.layout, vals, idx, batch.feasible.copy())


def equality_cases(claim: Claim, batch: Batch, rows: int = 12) -> Batch:
    """Instances on the measure-zero sets a random draw never hits: every symbol set equal to
    another of its shape (``x = y``, the equality set of ``x <= y``), each scalar on the faces
    its hypotheses give it (``y = x`` under ``x <= y``, a bound ``R = 4`` of ``R >= 4``), each
    index at the ends of its range (1 and its maximum), each symbol zero. Built from the first
    ``rows`` instances of ``batch``; feasibility is checked afresh (a case that breaks a
    hypothesis is infeasible, never a witness).

    >>> from symbolic import Claim, Prop, scalar
    >>> x, y = scalar("x"), scalar("y")
    >>> c = Claim("t:extra-1", sp.exp(x - y), "<", 1, (Prop(x, "<=", y),))
    >>> lay = Layout.of(c, {})
    >>> b = equality_cases(c, sample(c, lay, 8, np.random.default_rng(0)), rows=4)
    >>> bool(np.any(b.feasible & (b.values[x] == b.values[y])))
    True
    """
    base = batch.take(np.arange(min(rows, batch.size)))
    if base.size == 0:
        return base
    layout = base.layout
    out: list[Batch] = []
    syms = list(layout.symbols)
    for s in syms:
        for t in syms:
            if s is not t and layout.shapes[s] == layout.shapes[t]:
                out.append(_variant(base, t, base.values[s]))
        out.append(_variant(base, s, np.zeros_like(base.values[s])))
    ev = base.evaluator()
    for s in syms:
        if layout.shapes[s]:
            continue
        with np.errstate(all="ignore"):
            lo, hi = _scalar_bounds(claim, s, ev, base.size)
        for bound in (lo, hi):
            ok = np.isfinite(bound)
            if ok.any():
                out.append(_variant(base, s, np.where(ok, bound, base.values[s])))
    for i, top in layout.indices.items():
        for k in {1, int(top)}:
            out.append(_variant(base, i, np.full(base.size, k, dtype=np.int64)))
    if not out:
        return base
    return with_feasibility(claim, concat(out))
