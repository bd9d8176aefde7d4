"""Margins: how far a proposition is from failing, in float64 batches or at high precision.

The margin is relative and positive when the proposition holds: for ``a <= b`` it is
``(b - a) / (|a| + |b|)``; for ``a = b`` it is ``-|a - b| / (|a| + |b|)`` (zero when equal).

Example:
    >>> import numpy as np, sympy as sp
    >>> from symbolic import Prop
    >>> from symbolic.walk import Evaluator
    >>> from numeric.backends.numpy_batch import NumpyOps
    >>> from numeric.backends.margins import batch_margin
    >>> x = sp.Symbol("x")
    >>> ev = Evaluator(NumpyOps(), {x: np.array([0.0, 2.0])})
    >>> m, lhs, rhs = batch_margin(Prop(x, "<=", 1), ev)
    >>> m.round(3).tolist()
    [1.0, -0.333]
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import sympy as sp

from numeric.backends.numpy_batch import spectral_norm
from symbolic.claim import Prop
from symbolic.relation import Relation
from symbolic.walk import Evaluator

TINY = 5e-324  # the smallest subnormal: a scale floor that never hides a subnormal difference


def _mag(v: Any) -> Any:
    v = np.asarray(v, dtype=float)
    return np.max(np.abs(v), axis=(-2, -1)) if v.ndim == 3 else np.abs(v)


def batch_margin(prop: Prop, ev: Evaluator) -> tuple[np.ndarray, Any, Any]:
    """Relative margins ``(B,)`` of ``prop`` over a numpy batch, plus both sides' values."""
    lhs, rhs = ev(prop.lhs), ev(prop.rhs)
    if prop.rel is Relation.PSD_LE:
        raw = np.asarray(rhs - lhs, dtype=float)
        diff = 0.5 * (raw + np.swapaxes(raw, -1, -2))
        ok = np.isfinite(diff).all(axis=(-2, -1))  # a row with inf or NaN has no eigenvalues
        lam = np.full(diff.shape[:-2], np.nan)
        if ok.any():
            lam[ok] = np.linalg.eigvalsh(diff[ok])[..., 0]
        if not symmetric_form(prop):  # B − A must be symmetric: its asymmetry is a violation
            gap = asymmetry(raw)
            lam = np.where(gap > 0, np.minimum(lam, -gap), lam)
        m = lam / (spectral_norm(np.asarray(lhs, dtype=float))
                   + spectral_norm(np.asarray(rhs, dtype=float)) + TINY)
        return np.broadcast_to(m, m.shape).astype(float), lhs, rhs
    scale = _mag(lhs) + _mag(rhs) + TINY
    if prop.rel is Relation.EQ:
        # both sides near 0: measure the difference against the batch's typical magnitude
        finite = scale[np.isfinite(scale)] if np.ndim(scale) else scale
        floor = 1e-8 * float(np.median(finite)) if np.size(finite) > 1 else 0.0
        m = -_mag(np.asarray(lhs, dtype=float) - rhs) / np.maximum(scale, floor)
    elif prop.rel.direction < 0:
        m = (np.asarray(rhs, dtype=float) - lhs) / scale
    else:
        m = (np.asarray(lhs, dtype=float) - rhs) / scale
    return np.atleast_1d(np.asarray(m, dtype=float)), lhs, rhs


def asymmetry(m: Any) -> np.ndarray:
    """The largest ``|m_ij − m_ji|`` of each matrix of a batch ``(…, k, k)`` (0: symmetric).

    >>> asymmetry(np.array([[[1.0, 10.0], [-10.0, 1.0]], [[1.0, 2.0], [2.0, 1.0]]])).tolist()
    [20.0, 0.0]
    """
    m = np.asarray(m, dtype=float)
    with np.errstate(invalid="ignore"):
        return np.max(np.abs(m - np.swapaxes(m, -1, -2)), axis=(-2, -1))


@functools.lru_cache(maxsize=512)
def symmetric_form(prop: Prop) -> bool:
    """Is ``prop.rhs − prop.lhs`` symmetric by its form (equal to its transpose once
    symmetric matrix symbols stand for their transposes, e.g. ``AAᵀ``, ``Q − P`` with both
    declared symmetric, ``I``)? Then every point makes it symmetric; otherwise ``A ⪯ B``
    (``B − A`` symmetric and PSD, docs/verdicts.md) is checked for symmetry at the point.

    >>> from symbolic import matrix, n
    >>> A, P = matrix("A", n, n), matrix("P", n, n)
    >>> symmetric_form(Prop(A * A.T, "⪯", sp.Identity(n))), symmetric_form(Prop(0 * P, "⪯", P))
    (True, False)
    """
    from symbolic.objects import SymmetricMatrixSymbol

    try:
        diff = sp.sympify(prop.rhs) - sp.sympify(prop.lhs)
        sym = {s.T: s for s in sp.preorder_traversal(diff)
               if isinstance(s, SymmetricMatrixSymbol)}
        flipped = sp.transpose(diff).doit().xreplace(sym)
        return bool(sp.expand(flipped - diff).doit() == sp.ZeroMatrix(*diff.shape)
                    or sp.expand(flipped) == sp.expand(diff.xreplace(sym)))
    except (TypeError, ValueError, AttributeError):
        return False


def holds(prop: Prop, margin: np.ndarray, tol: float = 0.0) -> np.ndarray:
    """Whether margins mean the proposition holds (NaN never holds).

    For equalities ``tol`` is the accepted relative difference.
    """
    margin = np.asarray(margin, dtype=float)
    if prop.rel is Relation.EQ:
        return margin >= -tol
    if prop.rel.strict:
        return margin > 0
    return margin >= -tol


def slack_value(prop: Prop, lhs: Any, rhs: Any) -> np.ndarray:
    """Per-instance slack: ``lhs/rhs`` for ``<=`` (``rhs/lhs`` for ``>=``) when both sides are
    positive, else ``rhs - lhs`` (``lhs - rhs``); for ``=`` the relative difference."""
    lhs = np.asarray(lhs, dtype=float)
    rhs = np.asarray(rhs, dtype=float)
    with np.errstate(all="ignore"):
        if prop.rel is Relation.EQ or prop.rel is Relation.PSD_LE:
            return _mag(lhs - rhs) / (_mag(lhs) + _mag(rhs) + TINY)
        small, big = (lhs, rhs) if prop.rel.direction < 0 else (rhs, lhs)
        ratio = np.where((small > 0) & (big > 0), small / np.where(big > 0, big, 1.0), np.nan)
        return ratio


def precise_margin(prop: Prop, ev: Evaluator) -> tuple[Any, Any, Any]:
    """Unscaled margin at high precision: ``rhs - lhs`` for ``<=``, ``lhs - rhs`` for ``>=``,
    and for ``=`` minus the largest absolute entry of ``lhs - rhs``. Works for mpmath and arb."""
    lhs, rhs = ev(prop.lhs), ev(prop.rhs)
    if prop.rel is Relation.EQ:
        diff = lhs - rhs
        items = list(diff.ravel()) if isinstance(diff, np.ndarray) else [diff]
        worst = abs(items[0])
        for v in items[1:]:
            worst = ev.ops.func("max", [worst, abs(v)])
        return -worst, lhs, rhs
    if prop.rel is Relation.PSD_LE:
        diff = rhs - lhs
        lam = ev.ops.reduce("lambda_min", diff, None)
        if symmetric_form(prop):
            return lam, lhs, rhs
        gap = max((abs(diff[i, j] - diff[j, i]) for i in range(diff.shape[0])
                   for j in range(i)), default=0)
        return (-gap if gap > 0 and -gap < lam else lam), lhs, rhs
    if prop.rel.direction < 0:
        return rhs - lhs, lhs, rhs
    return lhs - rhs, lhs, rhs
