"""Adversarial search: push instances toward violating a claim while keeping hypotheses true.

Two stages, both vectorised over candidates through the batched numpy evaluator:

1. an evolution strategy: every candidate takes a random step (all coordinates, or one), kept
   only if it stays feasible and lowers the claim's margin; step sizes adapt per candidate;
2. SLSQP polishing of the best few, with the hypotheses as constraints and gradients from one
   batched central-difference evaluation per iterate.

Example:
    >>> import numpy as np, sympy as sp
    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> from numeric.layout import Layout
    >>> from numeric.search.sampler import sample
    >>> from numeric.search.adversarial import search
    >>> x = vector("x", n)
    >>> eps = sp.Rational(1, 10**8)
    >>> c = Claim("t:extra-1", norm2(x), "<=", (1 - eps) * sp.sqrt(n) * norminf(x))
    >>> lay = Layout.of(c, {"n": 4})
    >>> start = sample(c, lay, 64, np.random.default_rng(1))
    >>> res = search(c, start, np.random.default_rng(2), iterations=200)
    >>> bool(res.margins.min() < 0)
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp

from numeric.backends.logspace import LogOps, LogRows
from numeric.backends.margins import batch_margin, holds
from numeric.backends.numpy_batch import NumpyOps
from numeric.search.sampler import Batch
from symbolic.claim import Claim
from symbolic.failures import CANNOT_EVALUATE
from symbolic.objects import SymmetricMatrixSymbol
from symbolic.plan import Plans
from symbolic.relation import Relation


@dataclass
class SearchResult:
    """Final candidates (feasible), their margins and the number of evaluations spent."""

    batch: Batch
    margins: np.ndarray
    evaluations: int


class _Objective:
    """Margin and feasibility of flattened candidates ``theta (B, D)``."""

    def __init__(self, claim: Claim, batch: Batch):
        self.claim, self.layout = claim, batch.layout
        self.indices = batch.indices
        self.evaluations = 0
        self.sym_slices = [(s, k, shape) for s, k, _, shape in self.layout.blocks
                           if isinstance(s, SymmetricMatrixSymbol)]
        self.domain = [s for s in self.layout.symbols if not self.layout.shapes[s]
                       and (s.is_positive or s.is_nonnegative)]
        # the claim's and hypotheses' sides, evaluated thousands of times: a plan per layout
        props = (claim.prop, *claim.hypotheses)
        self.plans = Plans(NumpyOps, [x for p in props for x in (p.lhs, p.rhs)])
        # log space re-evaluates only the propositions that overflow: a plan for each
        self.log_plans = {p: Plans(LogOps, [p.lhs, p.rhs]) for p in props}

    def symmetrize(self, theta: np.ndarray) -> np.ndarray:
        for _, k, shape in self.sym_slices:
            size = shape[0] * shape[1]
            block = theta[:, k : k + size].reshape(-1, *shape)
            theta[:, k : k + size] = (0.5 * (block + np.swapaxes(block, -1, -2))).reshape(-1, size)
        return theta

    def _float_objective(self, m: np.ndarray, lhs, rhs, size: int
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """For inequalities, ``log10(rhs/lhs)`` (``<=``) where both sides are positive: the same
        sign as the relative margin but not saturated when the sides differ by many orders of
        magnitude. Returns that objective, the rows it must take from log space (float64
        overflowed) and the smaller side (None for equalities and the Loewner order)."""
        prop = self.claim.prop
        if prop.rel is Relation.EQ or prop.rel is Relation.PSD_LE:
            return m, ~np.isfinite(m), None
        lhs, rhs = _rows(lhs, size), _rows(rhs, size)
        small, big = (lhs, rhs) if prop.rel.direction < 0 else (rhs, lhs)
        pos = (small > 0) & (big > 0) & np.isfinite(small) & np.isfinite(big)
        out = np.where(pos, np.log10(np.where(pos, big, 1.0)) - np.log10(
            np.where(pos, small, 1.0)), m)
        return out, ~np.isfinite(m) | ~np.isfinite(out), small

    def _log_objective(self, m: np.ndarray, out: np.ndarray, bad: np.ndarray,
                       small: np.ndarray | None, logs: LogRows | None) -> np.ndarray:
        """The objective of :meth:`_float_objective` with its ``bad`` rows from log space
        (``logs``: the shared log-space rows), then the ties made unattractive."""
        prop = self.claim.prop
        if small is None:  # equality or Loewner order: the rescued relative margin
            if logs is None:
                return m
            m, _ = logs.rescue(prop, m)
            return m
        if bad.any() and logs is not None:
            rows = np.flatnonzero(bad)
            try:
                lm, s10 = logs.margin(prop, rows)
                out = np.array(out)
                out[rows] = np.where(np.isfinite(s10), -s10, lm)
            except CANNOT_EVALUATE:
                pass
        if prop.rel.strict:
            out = np.where(m <= 0, np.minimum(out, m), out)
        # both sides zero (e.g. x = y in a Lipschitz bound): a tie, not progress toward a
        # violation; keep the search away from such degenerate points
        return np.where((small == 0) & (out == 0), 1e6, out)

    def evaluate(self, theta: np.ndarray, indices: dict | None = None):
        """(claim margins, hypothesis margins (H, B), feasible mask). Rows whose float64
        evaluation overflows (the claim's or a hypothesis's) are evaluated again in log space,
        all of them by one evaluator (:class:`~numeric.backends.logspace.LogRows`)."""
        values = self.layout.unflatten(theta)
        idx = self.indices if indices is None else indices
        env = self.layout.env(values, idx)
        size = theta.shape[0]
        self.evaluations += size
        with np.errstate(all="ignore"):
            ev = self.plans.evaluator(env)  # evaluates the sides (a plan is not lazy)
            m, lhs, rhs = batch_margin(self.claim.prop, ev)
            m = _rows(m, size).astype(float)
            out, bad, small = self._float_objective(m, lhs, rhs, size)
            hyp = []
            need = bad.copy()
            for h in self.claim.hypotheses:
                hm, _, _ = batch_margin(h, ev)
                hm = _rows(hm, size).astype(float)
                need |= ~np.isfinite(hm)
                hyp.append(hm)
            logs = LogRows(env, size, need, self.log_plans) if need.any() else None
            m = self._log_objective(m, out, bad, small, logs)
            feas = np.ones(size, dtype=bool)
            for k, h in enumerate(self.claim.hypotheses):
                if logs is not None:
                    hyp[k], _ = logs.rescue(h, hyp[k])
                feas &= holds(h, hyp[k])
            for s in self.domain:
                v = values[s]
                feas &= (v > 0) if s.is_positive else (v >= 0)
        feas &= np.isfinite(m)
        return m, np.array(hyp).reshape(len(hyp), size), feas


def _rows(a: Any, size: int) -> np.ndarray:
    """``a`` broadcast to ``(size,)`` as floats (itself when it has that shape already).

    >>> _rows(np.array([1.0, 2.0]), 2).tolist(), _rows(np.float64(3.0), 2).tolist()
    ([1.0, 2.0], [3.0, 3.0])
    """
    a = np.asarray(a, dtype=float)
    return a if a.shape == (size,) else np.broadcast_to(a, (size,))


def _inequality(claim: Claim) -> bool:
    """Is ``claim`` an order between scalars (not an equality, whose margins are −|difference|,
    nor the Loewner order)? Its search stops at a violation, and its equality cases are not
    polished."""
    return claim.rel not in (Relation.EQ, Relation.PSD_LE)


STALL_WINDOW = 40  # generations without progress after which the search stops
STALL_EVERY = 5
STALL_RELATIVE = 1e-3


def _stalled(before: np.ndarray, now: np.ndarray) -> bool:
    """True when none of the leading quarter of candidates (lowest margins now) improved its
    margin by more than :data:`STALL_RELATIVE` (relative, or 1e-12 absolute) between two
    snapshots. A candidate heading for a violation is among the lowest margins before it
    crosses zero; the others wander without changing the verdict.

    >>> _stalled(np.array([1.0, 0.5]), np.array([1.0, 0.4999]))
    True
    >>> _stalled(np.array([1e-3, np.inf]), np.array([1e-4, np.inf]))
    False
    >>> _stalled(np.array([0.1, 0.2, 0.3, 9.0]), np.array([0.1, 0.2, 0.3, 5.0]))
    True
    """
    with np.errstate(invalid="ignore"):
        gain = before - now
        moved = gain > STALL_RELATIVE * np.abs(before) + 1e-12
    lead = np.argsort(np.where(np.isnan(now), np.inf, now), kind="stable")
    lead = lead[: max(1, now.size // 4)]
    return not bool(np.any(moved[lead]))


POLISH_BELOW = 0.1  # candidates polished by SLSQP: margin (log10 of rhs/lhs, or relative) below
CLEAR_VIOLATION = -1e-9  # a margin this negative ends the search: confirmation takes over


class _Stall:
    """Snapshots of the margins every :data:`STALL_EVERY` steps; :meth:`stalled` once the
    leading candidates made no progress over the last ``window`` steps (:func:`_stalled`;
    a window of 0 never stalls)."""

    def __init__(self, window: int) -> None:
        self.window = max(0, window // STALL_EVERY) * STALL_EVERY
        self.history: list[np.ndarray] = []

    def stalled(self, it: int, margins: np.ndarray) -> bool:
        if it % STALL_EVERY:
            return False
        self.history.append(margins.copy())
        return bool(self.window) and it >= self.window and _stalled(
            self.history[-1 - self.window // STALL_EVERY], margins)


def _evolve(obj: _Objective, theta: np.ndarray, margins: np.ndarray, rng: np.random.Generator,
            iterations: int, stall: int = STALL_WINDOW) -> tuple[np.ndarray, np.ndarray]:
    size, width = theta.shape
    sigma = np.full(size, 0.1)
    progress = _Stall(stall)
    # equalities' margins are -|difference|, below zero by rounding alone: search them on
    stop_at_violation = _inequality(obj.claim)
    for it in range(iterations):
        if progress.stalled(it, margins):  # no candidate has made progress for a while
            break
        z = rng.standard_normal((size, width))
        single = rng.random(size) < 0.3
        pick = rng.integers(width, size=size)
        mask = np.where(single[:, None], np.arange(width)[None, :] == pick[:, None], True)
        mag = np.abs(theta)
        scale = mag + 1e-3 * (mag.mean(axis=1, keepdims=True) + 1e-12)
        trial = theta + sigma[:, None] * scale * z * mask
        # a fifth of the proposals scale every coordinate together (R, A, x grow as one)
        common = rng.random(size) < 0.2
        grow = np.exp(sigma * rng.standard_normal(size))[:, None]
        trial = obj.symmetrize(np.where(common[:, None], theta * grow, trial))
        m, _, feas = obj.evaluate(trial)
        better = feas & (m < margins)
        theta = np.where(better[:, None], trial, theta)
        margins = np.where(better, m, margins)
        sigma = np.clip(np.where(better, sigma * 1.5, sigma * 0.85), 1e-12, 1.0)
        if stop_at_violation and bool(np.any(margins < CLEAR_VIOLATION)):
            break
    return theta, margins


def preload() -> None:
    """Import what the search imports on first use (SciPy's optimisers: a third of this
    module's import time, which commands that check nothing need not pay), e.g. before
    forking workers that would each import it again (the runner does not: most runs replay
    certificates and never search)."""
    import scipy.optimize  # noqa: F401


def _polish_one(obj: _Objective, theta0: np.ndarray, indices: dict,
                max_iter: int = 60) -> np.ndarray:
    from scipy.optimize import minimize  # see preload()

    width = theta0.shape[0]
    h = 1e-7 * (np.abs(theta0) + 1e-3)

    def values(theta: np.ndarray) -> tuple[float, np.ndarray]:
        idx = {k: v[:1] for k, v in indices.items()}
        m, hyp, _ = obj.evaluate(obj.symmetrize(theta[None, :].copy()), idx)
        return m[0], hyp[:, 0]

    def gradients(theta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        pts = np.vstack([theta + np.diag(h), theta - np.diag(h)])
        idx = {k: np.repeat(v[:1], pts.shape[0]) for k, v in indices.items()}
        m, hyp, _ = obj.evaluate(obj.symmetrize(pts), idx)
        return (m[:width] - m[width:]) / (2 * h), (hyp[:, :width] - hyp[:, width:]) / (2 * h)

    # SLSQP asks for values at every trial point of its line search and for gradients only
    # at the iterates: each is computed once per point, and only when asked for
    memo: dict[tuple[str, bytes], tuple] = {}

    def get(kind: str, theta: np.ndarray) -> tuple:
        key = (kind, theta.tobytes())
        if key not in memo:
            for k in [k for k in memo if k[0] == kind]:
                del memo[k]
            memo[key] = values(theta) if kind == "value" else gradients(theta)
        return memo[key]

    cons = []
    if obj.claim.hypotheses:
        cons = [{"type": "ineq", "fun": lambda t: np.nan_to_num(get("value", t)[1], nan=-1.0),
                 "jac": lambda t: np.nan_to_num(get("grad", t)[1])}]
    try:
        res = minimize(lambda t: float(np.nan_to_num(get("value", t)[0], nan=1.0)), theta0,
                       jac=lambda t: np.nan_to_num(get("grad", t)[0]), constraints=cons,
                       method="SLSQP", options={"maxiter": max_iter, "ftol": 1e-16})
        return np.asarray(res.x, dtype=float)
    except (ValueError, np.linalg.LinAlgError):
        return theta0


def _pull_back(obj: _Objective, start: np.ndarray, end: np.ndarray, indices: dict) -> np.ndarray:
    """The point nearest ``end`` on the segment from feasible ``start`` that is feasible."""
    ts = np.concatenate([[1.0], 1 - np.logspace(-14, 0, 57)])
    pts = start[None, :] + ts[:, None] * (end - start)[None, :]
    idx = {k: np.repeat(v[:1], len(ts)) for k, v in indices.items()}
    _, _, feas = obj.evaluate(obj.symmetrize(pts), idx)
    k = int(np.argmax(feas)) if feas.any() else len(ts) - 1
    return pts[k]


def search(claim: Claim, start: Batch, rng: np.random.Generator, iterations: int = 300,
           polish: int = 4, stall: int = STALL_WINDOW, polish_steps: int = 60) -> SearchResult:
    """Minimise the claim's margin from the feasible instances of ``start``: at most
    ``iterations`` evolution steps, fewer once the leading candidates made no progress for
    ``stall`` steps; then SLSQP (at most ``polish_steps`` iterations) on the best
    ``polish``."""
    batch = start.take(start.feasible)
    if batch.size == 0:
        return SearchResult(batch, np.array([]), 0)
    obj = _Objective(claim, batch)
    theta = batch.layout.flatten(batch.values)
    margins, _, feas = obj.evaluate(theta)
    margins = np.where(feas, margins, np.inf)
    theta, margins = _evolve(obj, theta, margins, rng, iterations, stall)
    if polish and theta.shape[1] <= 400:
        order = _inequality(claim)
        for k in np.argsort(margins)[:polish]:
            if not margins[k] < POLISH_BELOW:  # far from the bound: a local polish won't cross
                break
            # for an inequality, a margin of exactly 0 is an equality case (both sides equal to
            # the last bit, most often both 0, as at x_{t+1} = x_t): SLSQP from it ends in
            # rounding noise. Session 16 (issue 31), check all at default: 96 such polishes,
            # none moved a margin by more than 1e-9; half the polish's 28.8 CPU seconds
            if margins[k] == 0.0 and order:
                continue
            idx = {s: v[k : k + 1] for s, v in batch.indices.items()}
            cand = _polish_one(obj, theta[k].copy(), idx, polish_steps)
            cand = _pull_back(obj, theta[k], cand, idx)
            m, _, f = obj.evaluate(cand[None, :], idx)
            if f[0] and m[0] < margins[k]:
                theta[k], margins[k] = cand, m[0]
    values = batch.layout.unflatten(theta)
    out = Batch(batch.layout, values, batch.indices, np.isfinite(margins))
    return SearchResult(out, margins, obj.evaluations)


SCALE_SPAN = 80.0  # exponents searched: 10^-80 .. 10^80 per symbol


def _directions(batch: Batch, rng: np.random.Generator) -> tuple[dict, np.ndarray]:
    """Each symbol of each instance as ``direction * 10**e`` (direction: entries of largest
    magnitude 1; a zero symbol gets a random direction and ``e = 0``)."""
    layout, size = batch.layout, batch.size
    dirs: dict = {}
    expo = np.zeros((size, len(layout.symbols)))
    for k, s in enumerate(layout.symbols):
        v = np.asarray(batch.values[s], dtype=float)
        flat = v.reshape(size, -1)
        with np.errstate(all="ignore"):
            mag = np.max(np.abs(flat), axis=1)
        bad = ~(np.isfinite(mag) & (mag > 0))
        rnd = rng.standard_normal(flat.shape) if layout.shapes[s] else rng.choice(
            [-1.0, 1.0], flat.shape)
        rnd = rnd / np.max(np.abs(rnd), axis=1, keepdims=True)
        with np.errstate(all="ignore"):
            d = np.where(bad[:, None], rnd, flat / np.where(bad, 1.0, mag)[:, None])
            expo[:, k] = np.where(bad, 0.0, np.log10(np.where(bad, 1.0, mag)))
        dirs[s] = d.reshape(v.shape)
    return dirs, expo


def scale_search(claim: Claim, start: Batch, rng: np.random.Generator, iterations: int = 40,
                 span: float = SCALE_SPAN, stall: int = 0) -> SearchResult:
    """Search over orders of magnitude: each symbol of a start is ``direction * 10**e`` with
    its direction kept and its exponent ``e`` searched in ``[-span, span]``; every proposal is
    moved onto the faces of the hypotheses it breaks (:func:`numeric.search.sampler.to_faces`: a
    scalar clipped to its bounds, a symbol scaled onto its norm bound) and kept if feasible
    and lower in margin. Moves: one exponent, all of them, or two in opposite directions (a
    product ``‖A‖‖x‖`` kept while ``‖x‖ ~ 1e70`` and ``‖A‖ ~ 1e-75``). Half the starts take the
    instances' own exponents, half random ones (and random signs for scalars). ``stall``: stop
    once the leading candidates made no progress for that many steps (0: never).

    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, matrix, vector, norm2, opnorm, n, d
    >>> from numeric.layout import Layout
    >>> from numeric.search.sampler import sample
    >>> A, v = matrix("A", n, d), vector("v", d)
    >>> p = norm2(A * v)
    >>> c = Claim("t:extra-1", p * sp.exp(-p), "<=", sp.Rational(1, 3),
    ...           (Prop(opnorm(A), "<=", sp.Rational(1, 10**75)),))
    >>> lay = Layout.of(c, {"n": 1, "d": 1})
    >>> res = scale_search(c, sample(c, lay, 8, np.random.default_rng(0)),
    ...                    np.random.default_rng(1), iterations=60)
    >>> bool(res.margins.min() < 0)
    True
    """
    from numeric.search.sampler import to_faces

    layout = start.layout
    base = start.take(np.concatenate([np.arange(start.size), np.arange(start.size)]))
    size = base.size
    if size == 0 or not layout.symbols:
        return SearchResult(base, np.array([]), 0)
    dirs, expo = _directions(base, rng)
    half = start.size
    expo[half:] = rng.uniform(-span, span, expo[half:].shape)
    for s in layout.symbols:
        if not layout.shapes[s]:
            dirs[s][half:] = rng.choice([-1.0, 1.0], dirs[s][half:].shape)
    obj = _Objective(claim, base)
    width = len(layout.symbols)
    # where each symbol's coordinates start in a flattened row
    starts = np.array([k for _, k, _, _ in layout.blocks])

    def values_of(e: np.ndarray) -> tuple[dict, np.ndarray]:
        vals = {}
        scales = 10.0 ** np.clip(e, -300, 300)
        for k, s in enumerate(layout.symbols):
            scale = scales[:, k]
            shaped = scale[:, None, None] if layout.shapes[s] else scale
            vals[s] = dirs[s] * shaped
        vals = to_faces(claim, layout, vals, base.indices)
        return vals, layout.flatten(vals)

    def evaluate(e: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        _, theta = values_of(e)
        # the exponents of the point on the face: each symbol's largest entry (before the
        # symmetrisation, which changes theta in place)
        with np.errstate(all="ignore"):
            mag = np.maximum.reduceat(np.abs(theta), starts, axis=1)
            e = np.where(np.isfinite(mag) & (mag > 0), np.log10(np.where(mag > 0, mag, 1.0)), e)
        m, _, feas = obj.evaluate(obj.symmetrize(theta))
        return np.where(feas, m, np.inf), theta, np.clip(e, -span, span)

    margins, theta, expo = evaluate(expo)
    sigma = np.full(size, span / 4)
    stop_at_violation = _inequality(claim)
    progress = _Stall(stall)
    for it in range(iterations):
        if stop_at_violation and bool(np.any(margins < CLEAR_VIOLATION)):
            break
        if progress.stalled(it, margins):
            break
        z = rng.standard_normal((size, width)) * sigma[:, None]
        kind = rng.random(size)
        one = rng.integers(width, size=size)
        other = (one + 1 + rng.integers(max(width - 1, 1), size=size)) % width
        cols = np.arange(width)[None, :]
        step = np.where((kind < 1 / 3)[:, None], np.where(cols == one[:, None], z, 0.0), z)
        pair = np.where(cols == one[:, None], z[:, :1], 0.0) - np.where(
            cols == other[:, None], z[:, :1], 0.0)
        step = np.where(((kind >= 2 / 3) & (width > 1))[:, None], pair, step)
        trial = np.clip(expo + step, -span, span)
        m, th, trial = evaluate(trial)
        # a tie is accepted: a plateau (a side that underflows to 0 for most exponents) is
        # crossed by a random walk over the orders of magnitude
        better = (m < margins) | ((m == margins) & np.isfinite(m))
        expo = np.where(better[:, None], trial, expo)
        theta = np.where(better[:, None], th, theta)
        margins = np.where(better, m, margins)
        sigma = np.clip(np.where(better, sigma * 1.5, sigma * 0.8), 0.01, span)
    values = layout.unflatten(theta)
    out = Batch(layout, values, base.indices, np.isfinite(margins))
    return SearchResult(out, margins, obj.evaluations)


def best_instances(result: SearchResult, count: int) -> list[tuple[float, dict, dict]]:
    """The ``count`` lowest-margin candidates as ``(margin, values, indices)`` single instances."""
    out = []
    for k in np.argsort(result.margins)[:count]:
        if not np.isfinite(result.margins[k]):
            continue
        vals = {s: v[k] for s, v in result.batch.values.items()}
        idx = {s: v[k] for s, v in result.batch.indices.items()}
        out.append((float(result.margins[k]), vals, idx))
    return out


__all__ = ["SearchResult", "best_instances", "scale_search", "search", "sp"]
