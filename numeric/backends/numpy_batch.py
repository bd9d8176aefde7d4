"""Batched float64 evaluation: every symbol carries a leading batch axis.

Scalars are arrays of shape ``(B,)``; vectors and matrices ``(B, rows, cols)``. One call
evaluates a claim on ``B`` instances at once.

Example:
    >>> import numpy as np, sympy as sp
    >>> from symbolic.objects import vector, norm2
    >>> from symbolic.walk import Evaluator
    >>> from numeric.backends.numpy_batch import NumpyOps
    >>> x = vector("x", 3)
    >>> vals = np.array([[[3.0], [4.0], [0.0]], [[1.0], [0.0], [0.0]]])
    >>> Evaluator(NumpyOps(), {x: vals})(norm2(x))
    array([5., 1.])
"""

from __future__ import annotations

import functools
import operator
from typing import Any

import numpy as np
import sympy as sp

from symbolic import objects as ob
from symbolic.vocabulary import BY_CLASS, EUCLIDEAN, NONSMOOTH, declared
from symbolic.walk import Evaluator, Ops, Unsupported


def _b(s: Any) -> Any:
    """Broadcast a batched scalar against ``(B, r, c)`` arrays."""
    s = np.asarray(s)
    return s if s.ndim == 0 else s[..., None, None]


def _pick(m: np.ndarray, i: Any, axis: int) -> np.ndarray:
    """Select 1-based index ``i`` (int or per-instance array) along ``axis`` (-2 rows, -1 cols)."""
    if np.ndim(i) == 0:
        idx = int(i) - 1
        return m[..., idx : idx + 1, :] if axis == -2 else m[..., :, idx : idx + 1]
    i = np.asarray(i, dtype=np.int64) - 1
    rows = np.arange(m.shape[0])
    if axis == -2:
        return m[rows, i, :][:, None, :]
    return m[rows, :, i][:, :, None]


_NON_ANALYTIC = (sp.Piecewise, ob.Deriv, ob.ScalarDeriv)


def _analytic(expr: sp.Basic) -> bool:
    """Whether complex-step differentiation is valid: no |.|, max, norms, eigenvalues.

    ``||v||^2`` is allowed: the walker evaluates it as ``<v, v>``.
    """
    if isinstance(expr, sp.Pow) and expr.exp == 2 and declared(expr.base, EUCLIDEAN):
        return _analytic(expr.base.args[0])
    if isinstance(expr, _NON_ANALYTIC) or declared(expr, NONSMOOTH):
        return False
    decl = BY_CLASS.get(type(expr))
    if decl is not None and not decl.analytic:
        return False
    return all(_analytic(a) for a in expr.args if isinstance(a, sp.Basic))


def _norm2(m: np.ndarray) -> np.ndarray:
    """Euclidean (Frobenius) norm over the last two axes, rescaled where the squares over- or
    underflow."""
    ax = (-2, -1)
    with np.errstate(over="ignore", under="ignore"):
        out = np.sqrt(np.add.reduce(m * m, axis=ax))
    if out.dtype.kind == "c" or (out.size and 1e-150 <= out.min() and out.max() < np.inf):
        return out  # complex (a complex-step derivative), or no square over- or underflowed
    risky = ~np.isfinite(out) | (out < 1e-150)
    if np.any(risky):  # rescale where the squares over- or underflow
        scale = np.max(np.abs(m), axis=ax)
        safe = np.where(scale > 0, scale, 1.0)
        with np.errstate(invalid="ignore"):
            scaled = scale * np.sqrt(np.sum((m / _b(safe)) ** 2, axis=ax))
        out = np.where(risky, scaled, out)
    return out


def _gram_top(u: np.ndarray) -> np.ndarray:
    """Top eigenvalue of the smaller Gram matrix of each matrix of ``u`` (NaN where it has a
    non-finite entry)."""
    if u.shape[-2] < u.shape[-1]:
        u = np.swapaxes(u, -1, -2)  # the Gram matrix u^T u is the smaller one
    if u.shape[-1] == 2:  # closed form: a sum of nonnegative terms
        a = np.sum(u[..., 0] * u[..., 0], axis=-1)
        c = np.sum(u[..., 1] * u[..., 1], axis=-1)
        b = np.sum(u[..., 0] * u[..., 1], axis=-1)
        return 0.5 * (a + c) + np.hypot(0.5 * (a - c), b)
    gram = np.swapaxes(u, -1, -2) @ u
    bad = ~np.all(np.isfinite(gram), axis=(-2, -1))
    top = np.linalg.eigvalsh(np.where(bad[..., None, None], 0.0, gram))[..., -1]
    return np.where(bad, np.nan, top)


def spectral_norm(m: np.ndarray) -> np.ndarray:
    """Largest singular value over the last two axes (batched), without an SVD: a vector's
    (one row or one column) is its 2-norm; a matrix's is the square root of the top eigenvalue
    of its smaller Gram matrix (closed form ``(a+c)/2 + sqrt(((a-c)/2)^2 + b^2)`` for 2x2,
    ``eigvalsh`` beyond; accurate to a few ulps, as the top eigenvalue of a Gram matrix is well
    conditioned). Where the squares over- or underflow, the matrix is first scaled by its
    largest entry. NaN entries give NaN, infinite ones inf. Complex input uses
    ``np.linalg.norm(ord=2)``.

    >>> m = np.array([[[3.0, 0.0], [4.0, 5.0]], [[1e200, 0.0], [0.0, 1e-200]]])
    >>> (spectral_norm(m) / np.array([45 ** 0.5, 1e200])).round(12).tolist()
    [1.0, 1.0]
    >>> spectral_norm(np.array([[[3.0], [4.0]]])).tolist()
    [5.0]
    """
    m = np.asarray(m)
    if m.shape[-2] == 1 or m.shape[-1] == 1:
        return _norm2(m)
    if np.iscomplexobj(m):
        return np.linalg.norm(m, 2, axis=(-2, -1))
    with np.errstate(all="ignore"):
        top = _gram_top(m)
        risky = ~np.isfinite(top) | (top < 1e-280)
        out = np.sqrt(np.where(risky, 0.0, np.maximum(top, 0.0)))
        if np.any(risky):
            sub = m[risky]
            scale = np.max(np.abs(sub), axis=(-2, -1))
            ok = (scale > 0) & np.isfinite(scale)
            safe = np.where(ok, scale, 1.0)
            val = safe * np.sqrt(np.maximum(_gram_top(np.where(ok[:, None, None], sub, 0.0)
                                                      / safe[:, None, None]), 0.0))
            val = np.where(scale == 0, 0.0, val)
            val = np.where(np.isinf(scale), np.inf, val)
            out[risky] = np.where(np.isnan(scale), np.nan, val)
    return out


def _inverse_rows(m: np.ndarray) -> np.ndarray:
    """Batched inverse with NaN for the singular instances (``np.linalg.inv`` raises)."""
    out = np.full(np.broadcast_to(m, m.shape).shape, np.nan, dtype=np.result_type(m, float))
    for k in range(m.shape[0]):
        try:
            out[k] = np.linalg.inv(m[k])
        except np.linalg.LinAlgError:
            pass
    return out


class NumpyOps(Ops):
    """float64 numpy operations over a batch."""

    name = "numpy"
    arithmetic = "numpy"

    def const(self, value: sp.Expr) -> float:
        return float(value)

    def pow(self, base: Any, exponent: Any, exponent_expr: sp.Expr) -> Any:
        if exponent_expr is sp.S.Half:
            return np.sqrt(base)
        base = np.asarray(base)
        if base.dtype.kind in "iub":
            base = base.astype(float)
        if exponent_expr.is_Integer:
            k = int(exponent_expr)
            return base**k if k >= 0 else 1.0 / base ** (-k)
        return np.power(base, exponent)

    def func(self, name: str, args: list[Any]) -> Any:
        if name == "max":
            return np.maximum.reduce(np.broadcast_arrays(*args))
        if name == "min":
            return np.minimum.reduce(np.broadcast_arrays(*args))
        return self.declared_func(name, args)

    def matmul(self, mats: list[Any]) -> Any:
        out = mats[0]
        for m in mats[1:]:
            if np.ndim(out) >= 2 and np.ndim(m) >= 2 and np.shape(out)[-1] == np.shape(m)[-2] == 1:
                # inner dimension 1 (a column times a row or a scalar): one product per entry,
                # and np.matmul is slow on it; + 0.0 gives matmul's sign of zero
                out = out * m + 0.0
            else:
                out = np.matmul(out, m)
        return out

    def scale(self, s: Any, m: Any) -> Any:
        return _b(s) * m

    def matop(self, name: str, args: list[Any], node: sp.Basic) -> Any:
        if name == "elem_exp":
            return np.exp(args[0])
        if name == "elem_abs":
            return np.abs(args[0])
        if name == "elem_recip":
            return 1.0 / args[0]
        if name == "elem_log":
            return np.log(args[0])
        if name == "inverse":
            with np.errstate(all="ignore"):
                try:
                    return np.linalg.inv(args[0])
                except np.linalg.LinAlgError:  # a singular instance somewhere in the batch
                    return _inverse_rows(np.asarray(args[0]))
        if name == "transpose":
            return np.swapaxes(args[0], -1, -2)
        if name == "hadamard_pow":
            return self.pow(args[0], args[1], args[2])
        if name == "hadamard":
            return functools.reduce(operator.mul, args)
        if name == "diag":
            v = args[0][..., :, 0]
            return v[..., :, None] * np.eye(v.shape[-1])
        if name == "column":
            return _pick(args[0], args[1], -1)
        if name == "kron":
            out = args[0][..., :, None, :, None] * args[1][..., None, :, None, :]
            return out.reshape(*out.shape[:-4], out.shape[-4] * out.shape[-3],
                               out.shape[-2] * out.shape[-1])
        if name in ("vec", "unvec"):
            m = args[0]
            if name == "vec":
                m = m if args[1] == "row" else np.swapaxes(m, -1, -2)
                return m.reshape(*m.shape[:-2], m.shape[-2] * m.shape[-1], 1)
            rows, cols, order = args[1], args[2], args[3]
            flat = m[..., 0]
            if order == "row":
                return flat.reshape(*flat.shape[:-1], rows, cols)
            return np.swapaxes(flat.reshape(*flat.shape[:-1], cols, rows), -1, -2)
        if name == "row_block":
            m, j, size = args
            if np.ndim(j) == 0:
                return m[..., (int(j) - 1) * size : int(j) * size, :]
            starts = (np.asarray(j, dtype=np.int64) - 1) * size
            rows = starts[:, None] + np.arange(size)[None, :]
            return m[np.arange(m.shape[0])[:, None], rows, :]
        if name == "entry":
            return _pick(_pick(args[0], args[1], -2), args[2], -1)[..., 0, 0]
        if name == "inner":
            return np.sum(args[0] * args[1], axis=(-2, -1))
        raise Unsupported(f"numpy: {name}")

    def reduce(self, name: str, m: Any, node: sp.Basic) -> Any:
        ax = (-2, -1)
        if name == "euclidean":
            return _norm2(m)
        if name == "max_abs":
            return np.max(np.abs(m), axis=ax)
        if name == "spectral":
            return spectral_norm(m)
        if name == "min_entry":
            return np.min(m, axis=ax)
        if name == "max_entry":
            return np.max(m, axis=ax)
        if name == "sum_entries":
            return np.sum(m, axis=ax)
        if name == "lambda_min":
            return np.linalg.eigvalsh(0.5 * (m + np.swapaxes(m, -1, -2)))[..., 0]
        if name == "entropy":
            with np.errstate(all="ignore"):
                terms = np.where(m == 0, 0.0, m * np.log(m))  # 0 log 0 = 0; log of < 0 is NaN
            return -np.sum(terms, axis=ax)
        raise Unsupported(f"numpy: {name}")

    def special(self, name: str, rows: int, cols: int) -> Any:
        if name == "identity":
            return np.eye(rows)[None]
        if name == "ones":
            return np.ones((1, rows, cols))
        return np.zeros((1, rows, cols))

    def derivative(self, node: sp.Basic, ev: Evaluator) -> Any:
        """Complex-step derivative (exact to rounding) when ``expr`` is analytic, else a
        fourth-order central difference (approximate: about 1e-10 relative)."""
        expr, var, i, j = node.args
        base = np.asarray(ev.env[var], dtype=float)
        if base.ndim > 1 and _analytic(expr):
            ii, jj = ev.int_value(i), ev.int_value(j)
            unit = np.zeros_like(base)
            unit[np.arange(base.shape[0]), np.asarray(ii) - 1, np.asarray(jj) - 1] = 1.0
            with np.errstate(all="ignore"):
                val = ev.with_env({var: base + 1j * 1e-100 * unit})(expr)
            return np.imag(val) / 1e-100
        if base.ndim == 1:
            raise Unsupported("numpy: derivative by a scalar symbol")
        ii, jj = ev.int_value(i), ev.int_value(j)
        unit = np.zeros_like(base)
        rows = np.arange(base.shape[0])
        unit[rows, np.asarray(ii) - 1, np.asarray(jj) - 1] = 1.0
        coord = np.sum(base * unit, axis=(-2, -1))
        h = 1e-3 * np.maximum(1.0, np.abs(coord))
        vals = [ev.with_env({var: base + k * _b(h) * unit})(expr) for k in (-2, -1, 1, 2)]
        hh = h if np.ndim(vals[0]) == 1 else _b(h)
        return (vals[0] - 8 * vals[1] + 8 * vals[2] - vals[3]) / (12 * hh)
