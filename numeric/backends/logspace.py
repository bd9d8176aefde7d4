"""Log-space float64 evaluation: every value is a pair ``(sign, log|v|)`` of numpy arrays.

``exp(R^2)``, ``exp(10R^2)``, ``beta^-2`` and ``exp(Ax)`` leave float64 range long before the
claims of the ``closeness`` paper stop making sense (``exp(10R^2)`` overflows at ``R = 8.43``).
:class:`LogOps` evaluates the same expression trees as the numpy back end, batched, with
``log|v|`` in place of ``v``: products become sums, sums signed log-sum-exps, ``exp(v)`` of a
value ``v`` becomes ``log = v``. Only ``|v| > 1.8e308`` itself (``log|v| > 709.78``, far beyond
``exp(10 R^2)`` at ``R = 60``) overflows here; such rows stay non-finite and go to mpmath.

Float64 first: a node whose arguments are plain float64 arrays is computed as the numpy back end
computes it, and kept as a plain array when the result is exact to rounding (finite, and no
entry under- or overflowed on the way, :func:`_kept`); only the nodes that leave float64 range,
and those above them, are computed on pairs. ``sqrt(n) exp(R^2) ||exp(Ax)||`` at ``R = 30``
computes ``Ax`` and ``exp(Ax)`` as floats and only the scalar ``exp(R^2)`` and the products
with it in log space.

Example:
    >>> import numpy as np, sympy as sp
    >>> from symbolic import Prop
    >>> from numeric.backends.logspace import log_margin
    >>> R = sp.Symbol("R", real=True)
    >>> m, slack10 = log_margin(Prop(4 * R, "<=", sp.exp(10 * R**2)), {R: np.array([4.0, 60.0])})
    >>> m.tolist(), np.round(slack10).tolist()
    ([1.0, 1.0], [-68.0, -15632.0])
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy as sp

from numeric.backends.numpy_batch import NumpyOps, spectral_norm
from symbolic.claim import Prop
from symbolic.failures import CANNOT_EVALUATE
from symbolic.formatting import number
from symbolic.plan import Plans
from symbolic.relation import Relation
from symbolic.walk import Evaluator, Ops, Unsupported

LN10 = math.log(10.0)
#: ``log`` of the largest float64, and of the smallest normal one.
LOG_MAX = math.log(np.finfo(float).max)
LOG_TINY = math.log(np.finfo(float).tiny)
_FMAX = float(np.finfo(float).max)
#: ``log|v|`` above ``2^20`` is known to about ``2^-32`` at best: two sides whose logs differ
#: by less than ``2^-40`` of their size (4096 units in the last place) are not told apart
_HUGE_LOG = 2.0**20
_LOG_RESOLUTION = 2.0**-40
_TINY = float(np.finfo(float).tiny)


@dataclass
class LV:
    """A batch of reals in log space: ``value = s * exp(l)`` (``s`` in {-1, 0, 1})."""

    s: np.ndarray
    l: np.ndarray

    @staticmethod
    def of(v: Any) -> LV:
        """From ordinary numbers or arrays (``0`` becomes ``s = 0, l = -inf``)."""
        if isinstance(v, LV):
            return v
        a = np.asarray(v, dtype=float)
        with np.errstate(divide="ignore"):
            return LV(np.sign(a), np.log(np.abs(a)))

    @property
    def ndim(self) -> int:
        return np.ndim(self.l)

    def value(self) -> np.ndarray:
        """Back to float64 (``inf`` or ``0`` where out of range)."""
        with np.errstate(over="ignore", invalid="ignore"):
            return np.where(self.s == 0, 0.0, self.s * np.exp(self.l))


def _bcast(a: LV, b: LV) -> tuple[LV, LV]:
    """Broadcast a batched scalar ``(B,)`` against matrices ``(B, r, c)``."""
    if a.ndim == 1 and b.ndim == 3:
        a = LV(a.s[:, None, None], a.l[:, None, None])
    if b.ndim == 1 and a.ndim == 3:
        b = LV(b.s[:, None, None], b.l[:, None, None])
    return a, b


@functools.lru_cache(maxsize=4096)
def _const_parts(v: sp.Expr) -> tuple[float, float]:
    """(sign, log |v|) of a SymPy constant, computed once."""
    if v.is_zero:
        return 0.0, -math.inf
    return float(sp.sign(v)), float(sp.log(abs(v)).evalf(30))


def _lse(s: np.ndarray, l: np.ndarray, axis: Any) -> LV:
    """Signed log-sum-exp of ``s * exp(l)`` over ``axis``."""
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        live = np.where(s == 0, -np.inf, l)
        m = np.max(live, axis=axis, keepdims=True)
        m = np.where(np.isfinite(m), m, np.where(np.isnan(m), np.nan, 0.0))
        tot = np.sum(np.where(s == 0, 0.0, s * np.exp(live - m)), axis=axis, keepdims=True)
        out_l = np.squeeze(m + np.log(np.abs(tot)), axis=axis)
        out_s = np.squeeze(np.sign(tot), axis=axis)
    return LV(out_s, out_l)


def _add2(a: LV, b: LV) -> LV:
    """``a + b``: :func:`_lse` over the two terms, written out (no stacked copy); the same
    operations in the same order, so the same numbers."""
    a, b = _bcast(a, b)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        la = np.where(a.s == 0, -np.inf, a.l)
        lb = np.where(b.s == 0, -np.inf, b.l)
        m = np.maximum(la, lb)
        m = np.where(np.isfinite(m), m, np.where(np.isnan(m), np.nan, 0.0))
        tot = (np.where(a.s == 0, 0.0, a.s * np.exp(la - m))
               + np.where(b.s == 0, 0.0, b.s * np.exp(lb - m)))
        return LV(np.sign(tot), m + np.log(np.abs(tot)))


def _mul2(a: LV, b: LV) -> LV:
    a, b = _bcast(a, b)
    with np.errstate(invalid="ignore"):
        return LV(a.s * b.s, np.where((a.s == 0) | (b.s == 0), -np.inf, a.l + b.l))


def _gt(a: LV, b: LV) -> np.ndarray:
    """``a > b`` elementwise, by sign then signed log."""
    ka, kb = a.s * a.l, b.s * b.l
    return (a.s > b.s) | ((a.s == b.s) & (a.s != 0) & (ka > kb))


def _extreme(m: LV, axis: Any, largest: bool) -> LV:
    s, l = (m.s, m.l) if largest else (-m.s, m.l)
    best_s = np.max(s, axis=axis, keepdims=True)
    key = np.where(s == best_s, np.where(s == 0, 0.0, s * l), -np.inf)
    flat_key = key.reshape(*key.shape[:-2], -1)
    j = np.argmax(flat_key, axis=-1)
    pick_s = np.take_along_axis(s.reshape(flat_key.shape), j[..., None], -1)[..., 0]
    pick_l = np.take_along_axis(l.reshape(flat_key.shape), j[..., None], -1)[..., 0]
    return LV(pick_s if largest else -pick_s, pick_l)


#: a product's largest term, relative to its row's and column's largest entries, above
#: ``exp(-SCALED_SAFE)``: the scaled float64 product of :func:`_matmul2` is accurate there
SCALED_SAFE = 600.0


def _matmul_lse(a: LV, b: LV) -> LV:
    """``a @ b`` term by term: a signed log-sum-exp over the inner index of every product
    (exact in range, whatever the entries' spread; a copy of size rows * inner * cols)."""
    s = a.s[..., :, :, None] * b.s[..., None, :, :]
    with np.errstate(invalid="ignore"):
        l = a.l[..., :, :, None] + b.l[..., None, :, :]
    return _lse(s, l, -2)


def _matmul2(a: LV, b: LV) -> LV:
    """``a @ b`` in log space through one float64 product: each row of ``a`` divided by its
    largest entry, each column of ``b`` by its own, multiplied, and the logs added back.

    That is accurate wherever the largest term of an entry of the product is not far below
    the two scales (it underflows otherwise): this holds when the entry of ``a``'s row at the
    column of its largest is within ``exp(SCALED_SAFE)`` of its scale, or the same the other
    way around. Entries where neither holds (a row and a column whose largest entries miss
    each other by hundreds of orders of magnitude, or a non-finite one) are taken from
    :func:`_matmul_lse`. Rows or columns of zeros give exact zeros either way.

    >>> a = LV.of(np.array([[[1e200, 3.0], [2.0, -1.0]]]))
    >>> b = LV.of(np.array([[[1e200], [5.0]]]))
    >>> v = _matmul2(a, b)
    >>> bool(np.isfinite(v.l).all() and abs(v.l[0, 0, 0] - 2 * np.log(1e200)) < 1e-12)
    True
    >>> w = _matmul2(LV.of(np.array([[[1.0, 0.0]]])), LV(np.array([[[0.0], [1.0]]]),
    ...                                                   np.array([[[-np.inf], [1e300]]])))
    >>> w.s.tolist(), w.l.tolist()
    ([[[0.0]]], [[[-inf]]])
    """
    flat = a.ndim == 2 and b.ndim == 2
    a, b = (LV(v.s[None], v.l[None]) if v.ndim == 2 else v for v in (a, b))
    with np.errstate(invalid="ignore", over="ignore", divide="ignore", under="ignore"):
        la = np.where(a.s == 0, -np.inf, a.l)
        lb = np.where(b.s == 0, -np.inf, b.l)
        ka = np.argmax(la, axis=-1)[..., None]  # (..., r, 1): where each row is largest
        kb = np.argmax(lb, axis=-2)[..., None, :]  # (..., 1, c): where each column is largest
        ra = np.take_along_axis(la, ka, -1)  # (..., r, 1)
        cb = np.take_along_axis(lb, kb, -2)  # (..., 1, c)
        ra0 = np.where(np.isfinite(ra), ra, 0.0)
        cb0 = np.where(np.isfinite(cb), cb, 0.0)
        prod = np.matmul(a.s * np.exp(la - ra0), b.s * np.exp(lb - cb0))
        # the largest term is at least b's entry at the row's argmax times the row's scale,
        # and a's entry at the column's argmax times the column's scale
        near = np.maximum(np.take_along_axis(lb, ka, -2) - cb0,
                          np.take_along_axis(la, kb, -1) - ra0) > -SCALED_SAFE
        zero = np.isneginf(ra) | np.isneginf(cb)  # a zero row or column: an exact zero
        ok = (near & np.isfinite(ra) & np.isfinite(cb)) | zero
        out = LV(np.where(zero, 0.0, np.sign(prod)),
                 np.where(zero, -np.inf, ra0 + cb0 + np.log(np.abs(prod))))
    if not ok.all():
        slow = _matmul_lse(a, b)
        shape = np.broadcast_shapes(out.s.shape, slow.s.shape)
        ok = np.broadcast_to(ok, shape)
        out = LV(np.where(ok, out.s, slow.s), np.where(ok, out.l, slow.l))
    return LV(out.s[0], out.l[0]) if flat else out

#: a sum of products (a matrix product, an inner product) at least this large is exact to
#: rounding even where some of its terms underflowed (each lost term is below ``2^-1074``)
_SAFE_DOT = 2.0**-900
_NP = NumpyOps()


def _plain(vals: Any) -> bool:
    """Whether no value is a log-space pair (all are plain float64 numbers or arrays)."""
    return not any(isinstance(v, LV) for v in vals)


def _kept(out: Any, exact_zero: Any = None, floor: float = _TINY) -> bool:
    """Whether a float64 result is exact to rounding: every entry finite, and none below
    ``floor`` (the smallest normal number) unless it is an exact zero. ``exact_zero`` says
    where a zero is exact: True (a sum: only exact cancellation gives 0 from normal
    numbers), a callable giving a mask (a product: where a factor is 0), or None (never).

    >>> _kept(np.array([1.0, 0.0]), True), _kept(np.array([1.0, 1e-320]), True)
    (True, False)
    >>> _kept(np.array([np.inf])), _kept(np.array([0.0]))
    (False, False)
    """
    a = np.abs(out)
    if not a.max() <= _FMAX:  # inf or NaN
        return False
    if a.min() >= floor:
        return True
    small = a < floor
    if exact_zero is None:
        return False
    zero_ok = exact_zero() if callable(exact_zero) else exact_zero
    return bool(np.all(~small | ((a == 0) & zero_ok)))


def _attempt(compute: Any, exact_zero: Any = None, floor: float = _TINY) -> Any:
    """``compute()`` in float64 (warnings off) where :func:`_kept` trusts its result, else None
    (also where numpy's linear algebra fails on it).

    >>> _attempt(lambda: np.array([2.0]) * 3.0).tolist(), _attempt(lambda: np.exp([800.0]))
    ([6.0], None)
    """
    try:
        with np.errstate(all="ignore"):
            out = compute()
    except np.linalg.LinAlgError:
        return None
    return out if _kept(out, exact_zero, floor) else None


def _any_zero(vals: list[Any]) -> Any:
    """A callable: the mask of entries where some of ``vals`` (broadcast together) is 0."""
    return lambda: functools.reduce(np.logical_or, [np.asarray(v) == 0 for v in vals])


def _expand(x: Any) -> Any:
    """``exp`` of a plain array: float64 where exact to rounding, else the pair ``(1, x)``."""
    x = np.asarray(x, dtype=float)
    out = _attempt(lambda: np.exp(x))
    return out if out is not None else LV(np.ones_like(x), x)


def _matmul_pair(a: Any, b: Any) -> Any:
    """``a @ b``: float64 where :func:`_kept` trusts it (an entry under :data:`_SAFE_DOT` only
    where it is an exact zero: a row of ``a`` or a column of ``b`` is zero), else
    :func:`_matmul2`.

    >>> _matmul_pair(np.array([[[0.0, 0.0], [1.0, 2.0]]]), np.array([[[3.0], [4.0]]])).tolist()
    [[[0.0], [11.0]]]
    >>> _matmul_pair(np.array([[[1e-200]]]), np.array([[[1e-200]]])).l.round(1).tolist()
    [[[-921.0]]]
    """
    if _plain((a, b)) and (out := _attempt(
            lambda: _NP.matmul([a, b]),
            lambda: np.all(np.asarray(a) == 0, axis=-1, keepdims=True)
            | np.all(np.asarray(b) == 0, axis=-2, keepdims=True), _SAFE_DOT)) is not None:
        return out
    return _matmul2(LV.of(a), LV.of(b))


#: reductions of plain arrays that float64 computes to rounding (norms rescale where the
#: squares over- or underflow)
_PLAIN_REDUCE = ("euclidean", "max_abs", "spectral", "min_entry", "max_entry", "sum_entries",
                 "lambda_min")
#: (exact zeros, floor) of :func:`_kept` for the matrix operations tried in float64 first
_MATOP_KEPT = {"inner": (None, _SAFE_DOT), "elem_log": (True, _TINY)}
#: matrix operations exact in float64 (they move, pick or take the absolute value of entries)
_EXACT_MATOPS = ("transpose", "column", "entry", "vec", "unvec", "row_block", "diag",
                 "elem_abs")


class LogOps(Ops):
    """Log-space float64 operations over a batch (the numpy back end's layout), float64
    first: each method computes plain arguments as :class:`~numeric.backends.numpy_batch.NumpyOps`
    does and keeps the result where :func:`_kept` trusts it, else works on pairs."""

    name = "logspace"
    #: values besides numpy arrays (:mod:`symbolic.plan` passes them along)
    value_types = (LV,)

    def __init__(self, float_first: bool = True) -> None:
        self.float_first = float_first

    def _float(self, vals: Any) -> bool:
        """Whether to try float64 first: enabled, and every value plain."""
        return self.float_first and _plain(vals)

    def const(self, value: sp.Expr) -> Any:
        value = sp.sympify(value)
        try:
            v = float(value)
        except (TypeError, ValueError):
            v = math.nan
        if self.float_first and ((v == 0.0 and value.is_zero) or _TINY <= abs(v) <= _FMAX):
            return v
        sign, log = _const_parts(value)
        return LV(np.array(sign), np.array(log))

    def add(self, terms: list[Any]) -> Any:
        if self._float(terms) and (out := _attempt(lambda: _NP.add(terms), True)) is not None:
            return out
        out = LV.of(terms[0])
        for t in terms[1:]:
            out = _add2(out, LV.of(t))
        return out

    def mul(self, factors: list[Any]) -> Any:
        if self._float(factors) and (out := _attempt(
                lambda: _NP.mul(factors), _any_zero(factors))) is not None:
            return out
        out = LV.of(factors[0])
        for f in factors[1:]:
            out = _mul2(out, LV.of(f))
        return out

    def pow(self, base: Any, exponent: Any, exponent_expr: sp.Expr) -> Any:
        if self._float((base, exponent)) and (out := _attempt(
                lambda: _NP.pow(base, exponent, exponent_expr), _any_zero([base]))) is not None:
            return out
        base = LV.of(base)
        if exponent_expr.is_number:
            p = float(exponent_expr)
        else:
            p = LV.of(exponent).value()
        with np.errstate(invalid="ignore", divide="ignore"):
            l = np.where(base.s == 0, np.where(np.asarray(p) > 0, -np.inf, np.inf), base.l * p)
            if exponent_expr.is_Integer:
                s = np.where(base.s == 0, 0.0, base.s ** int(exponent_expr))
            else:
                s = np.where(base.s > 0, 1.0, np.where(base.s == 0, 0.0, np.nan))
        return LV(s, l)

    def func(self, name: str, args: list[Any]) -> Any:
        if self._float(args):
            if name == "exp":
                return _expand(args[0])
            if (out := _attempt(lambda: _NP.func(name, args), True)) is not None:
                return out
        a = [LV.of(x) for x in args]
        if name == "exp":
            v = a[0].value()
            return LV(np.ones_like(v), v)
        if name == "log":
            with np.errstate(invalid="ignore"):
                bad = a[0].s <= 0
                return LV.of(np.where(bad, np.nan, a[0].l))
        if name == "abs":
            return LV(np.abs(a[0].s), a[0].l)
        if name in ("max", "min"):
            out = a[0]
            for b in a[1:]:
                out, b = _bcast(out, b)
                take = _gt(b, out) if name == "max" else _gt(out, b)
                out = LV(np.where(take, b.s, out.s), np.where(take, b.l, out.l))
            return out
        if name == "sign":
            return LV.of(a[0].s)
        # every other declared function: its numpy value at the plain values
        with np.errstate(invalid="ignore", over="ignore"):
            return LV.of(_NP.func(name, [x.value() for x in a]))

    def matmul(self, mats: list[Any]) -> Any:
        out = mats[0]
        for m in mats[1:]:
            out = _matmul_pair(out, m) if self.float_first else _matmul2(LV.of(out), LV.of(m))
        return out

    def matadd(self, mats: list[Any]) -> Any:
        return self.add(mats)

    def scale(self, s: Any, m: Any) -> Any:
        if self._float((s, m)) and (out := _attempt(
                lambda: _NP.scale(s, m),
                lambda: (np.asarray(s)[..., None, None] == 0) | (np.asarray(m) == 0))) is not None:
            return out
        return _mul2(LV.of(s), LV.of(m))

    def matop(self, name: str, args: list[Any], node: sp.Basic) -> Any:
        if self._float(args[:1]) and name in _EXACT_MATOPS:
            return _NP.matop(name, args, node)
        if name == "elem_exp" and self._float(args[:1]):
            return _expand(args[0])
        if name in ("inner", "elem_log") and self._float(args) and (out := _attempt(
                lambda: _NP.matop(name, args, node), *_MATOP_KEPT[name])) is not None:
            return out
        if name == "elem_exp":
            v = LV.of(args[0]).value()
            return LV(np.ones_like(v), v)
        if name == "elem_abs":
            a = LV.of(args[0])
            return LV(np.abs(a.s), a.l)
        if name == "elem_log":  # log|v| is the value itself (NaN where v <= 0)
            a = LV.of(args[0])
            with np.errstate(invalid="ignore"):
                return LV.of(np.where(a.s > 0, a.l, np.where(a.s == 0, -np.inf, np.nan)))
        if name == "hadamard_pow":
            return self.pow(args[0], args[1], args[2])
        if name == "hadamard":
            return self.mul(args)
        if name == "inner":
            p = _mul2(LV.of(args[0]), LV.of(args[1]))
            return _lse(p.s, p.l, (-2, -1))
        if name == "diag":
            v = LV.of(args[0])
            eye = np.eye(v.s.shape[-2], dtype=bool)
            return LV(np.where(eye, v.s[..., :, 0, None], 0.0),
                      np.where(eye, v.l[..., :, 0, None], -np.inf))
        if name in ("transpose", "column", "entry", "vec", "unvec", "row_block"):
            a = LV.of(args[0])
            return LV(_NP.matop(name, [a.s, *args[1:]], node),
                      _NP.matop(name, [a.l, *args[1:]], node))
        raise Unsupported(f"logspace: {name}")

    def reduce(self, name: str, m: Any, node: sp.Basic) -> Any:
        if self._float((m,)) and name in _PLAIN_REDUCE and (out := _attempt(
                lambda: _NP.reduce(name, m, node), True)) is not None:
            return out
        m = LV.of(m)
        ax = (-2, -1)
        with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
            if name == "euclidean":
                sq = LV(np.abs(m.s), 2 * m.l)
                out = _lse(sq.s, sq.l, ax)
                return LV(out.s, 0.5 * out.l)
            if name == "max_abs":
                return LV(np.max(np.abs(m.s), axis=ax), np.max(np.where(m.s == 0, -np.inf, m.l),
                                                               axis=ax))
            if name == "sum_entries":
                return _lse(m.s, m.l, ax)
            if name in ("min_entry", "max_entry"):
                return _extreme(m, ax, name == "max_entry")
            if name in ("spectral", "lambda_min"):
                top = np.max(np.where(m.s == 0, -np.inf, m.l), axis=ax, keepdims=True)
                top = np.where(np.isfinite(top), top, 0.0)
                scaled = np.where(m.s == 0, 0.0, m.s * np.exp(m.l - top))
                if name == "spectral":
                    v = spectral_norm(scaled)
                else:
                    v = np.linalg.eigvalsh(0.5 * (scaled + np.swapaxes(scaled, -1, -2)))[..., 0]
                return LV(np.sign(v), np.log(np.abs(v)) + top[..., 0, 0])
            if name == "entropy":  # of a probability vector: entries in [0, 1], plain floats
                return LV.of(_NP.reduce(name, m.value(), node))
        raise Unsupported(f"logspace: {name}")

    def special(self, name: str, rows: int, cols: int) -> Any:
        out = _NP.special(name, rows, cols)
        return out if self.float_first else LV.of(out)


def _env(env: dict) -> dict:
    from symbolic import objects as ob

    dims = set(ob.DIMS.values())
    out = {}
    for k, v in env.items():
        if k in dims:
            out[k] = v  # sizes stay ints (the walker reads shapes from them)
        elif isinstance(k, sp.Symbol) and getattr(k, "is_integer", False):
            out[k] = v  # an index: stays an int array
        elif isinstance(v, LV):
            out[k] = v
        else:  # a finite float64 value stays plain (LogOps computes in float64 first)
            a = np.asarray(v, dtype=float)
            out[k] = a if bool(np.isfinite(a).all()) else LV.of(a)
    return out


def _mag_l(v: LV) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        l = np.where(v.s == 0, -np.inf, v.l)
    return np.max(l, axis=(-2, -1)) if v.ndim == 3 else l


def log_margin(prop: Prop, env: dict) -> tuple[np.ndarray, np.ndarray]:
    """Relative margins (as :func:`numeric.backends.margins.batch_margin`) and ``log10`` of the
    slack ``lhs/rhs`` (``rhs/lhs`` for ``>=``; NaN unless both sides are positive), evaluated in log
    space. ``env`` maps symbols to numpy batches (the numpy back end's environment)."""
    if prop.rel is Relation.PSD_LE:
        raise Unsupported("logspace: Loewner order")
    return _margin_of(prop, Evaluator(LogOps(), _env(env)))


def _margin_of(prop: Prop, ev: Evaluator) -> tuple[np.ndarray, np.ndarray]:
    """:func:`log_margin` with a log-space evaluator (which may hold shared sub-expressions)."""
    if prop.rel is Relation.PSD_LE:
        raise Unsupported("logspace: Loewner order")
    lhs, rhs = LV.of(ev(prop.lhs)), LV.of(ev(prop.rhs))
    with np.errstate(invalid="ignore", over="ignore"):
        if prop.rel is Relation.EQ:
            diff = _add2(lhs, LV(-rhs.s, rhs.l))
            scale = np.logaddexp(_mag_l(lhs), _mag_l(rhs))
            m = -np.exp(_mag_l(diff) - scale)
            m = np.where(np.isneginf(_mag_l(diff)), 0.0, m)
            return np.atleast_1d(m), np.full(np.shape(np.atleast_1d(m)), np.nan)
        big, small = (rhs, lhs) if prop.rel.direction < 0 else (lhs, rhs)
        top = np.maximum(big.l, small.l)
        top = np.where(np.isfinite(top), top, 0.0)
        num = big.s * np.exp(big.l - top) - small.s * np.exp(small.l - top)
        den = np.exp(big.l - top) + np.exp(small.l - top)
        m = np.where(den > 0, num / np.where(den > 0, den, 1.0), 0.0)
        slack10 = np.where((small.s > 0) & (big.s > 0), (small.l - big.l) / LN10, np.nan)
        # sides of one sign whose logs agree to within their own rounding: the margin's sign
        # is noise (exp(exp(368)) on both sides); unresolved here, mpmath's rows
        mag = np.maximum(np.abs(big.l), np.abs(small.l))
        noisy = ((big.s == small.s) & (big.s != 0) & (mag > _HUGE_LOG)
                 & (np.abs(big.l - small.l) <= _LOG_RESOLUTION * mag))
        if np.any(noisy):
            m, slack10 = np.where(noisy, np.nan, m), np.where(noisy, np.nan, slack10)
    return np.atleast_1d(np.asarray(m, dtype=float)), np.atleast_1d(slack10)


def rows_env(env: dict, rows: np.ndarray, size: int) -> dict:
    """The environment restricted to batch rows ``rows`` (arrays with a leading axis ``size``)."""
    out = {}
    for k, v in env.items():
        if isinstance(v, np.ndarray) and v.ndim >= 1 and v.shape[0] == size:
            out[k] = v[rows]
        else:
            out[k] = v
    return out


_RESCUE_ERRORS = (Unsupported, ValueError, KeyError, IndexError, TypeError)


class LogRows:
    """Log-space re-evaluation of some rows of a float64 batch, shared by several propositions
    (a claim and its hypotheses): one log-space evaluator over every row any of them needs, so
    that a sub-expression they share (``alpha(x)`` in a claim and in a hypothesis) is computed
    once, and the environment is converted once. Each row is evaluated on its own (log-space
    operations never mix rows), so a proposition's margins are exactly those of
    :func:`log_margin` on its own rows.

    >>> R = sp.Symbol("R", real=True)
    >>> env = {R: np.array([4.0, 60.0, 70.0])}
    >>> lr = LogRows(env, 3, np.array([False, True, True]))
    >>> m, s10 = lr.margin(Prop(4 * R, "<=", sp.exp(10 * R**2)), np.array([2]))
    >>> m.tolist(), np.round(s10).tolist()
    ([1.0], [-21278.0])
    """

    def __init__(self, env: dict, size: int, need: np.ndarray,
                 plans: dict[Prop, Plans] | None = None) -> None:
        self.rows = np.flatnonzero(need)
        self.pos = np.full(size, -1, dtype=np.int64)
        self.pos[self.rows] = np.arange(self.rows.size)
        self._env, self._size = env, size
        #: evaluation plans of each proposition's sides (:mod:`symbolic.plan`), replayed
        #: instead of a walk; one per proposition, as only some need log space
        self._plans = plans or {}
        self._log_env: dict | None = None
        self._ev: Evaluator | None = None

    def _evaluator(self, prop: Prop) -> Any:
        if self._log_env is None:
            self._log_env = _env(rows_env(self._env, self.rows, self._size))
        plans = self._plans.get(prop)
        if plans is not None:
            return plans.evaluator(self._log_env)
        if self._ev is None:
            self._ev = Evaluator(LogOps(), self._log_env)
        return self._ev

    def margin(self, prop: Prop, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:func:`log_margin` of ``prop`` at batch rows ``rows`` (each among the rows given at
        construction); raises as :func:`log_margin` does."""
        m, s10 = _margin_of(prop, self._evaluator(prop))
        at = self.pos[rows]
        n = self.rows.size
        return (np.broadcast_to(m, (n,))[at], np.broadcast_to(s10, (n,))[at])

    def rescue(self, prop: Prop, margins: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:func:`rescue` through this shared evaluator (the rows with a non-finite margin
        must be among the rows given at construction)."""
        margins = np.array(margins, dtype=float)
        used = np.zeros(margins.shape[0], dtype=bool)
        rows = np.flatnonzero(~np.isfinite(margins))
        if rows.size == 0:
            return margins, used
        try:
            m, _ = self.margin(prop, rows)
        except _RESCUE_ERRORS:
            return margins, used
        ok = np.isfinite(m)
        margins[rows[ok]] = m[ok]
        used[rows[ok]] = True
        return margins, used


def rescue(prop: Prop, env: dict, margins: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Re-evaluate in log space the rows whose float64 margin is not finite.

    Returns the new margins and a boolean mask of the rows log space decided.

    >>> import numpy as np, sympy as sp
    >>> from symbolic import Prop
    >>> R = sp.Symbol("R", real=True)
    >>> env = {R: np.array([4.0, 60.0])}
    >>> m, used = rescue(Prop(4 * R, "<=", sp.exp(10 * R**2)), env, np.array([1.0, np.nan]))
    >>> m.tolist(), used.tolist()
    ([1.0, 1.0], [False, True])
    """
    margins = np.array(margins, dtype=float)
    size = margins.shape[0]
    bad = ~np.isfinite(margins)
    used = np.zeros(size, dtype=bool)
    if not bad.any():
        return margins, used
    rows = np.flatnonzero(bad)
    try:
        m, _ = log_margin(prop, rows_env(env, rows, size))
    except CANNOT_EVALUATE:
        return margins, used
    m = np.broadcast_to(m, (rows.size,))
    ok = np.isfinite(m)
    margins[rows[ok]] = m[ok]
    used[rows[ok]] = True
    return margins, used


def overflow_threshold(expr: sp.Expr, var: sp.Symbol, lo: float = 0.0, hi: float = 1e3
                       ) -> float | None:
    """The smallest ``var`` in ``[lo, hi]`` at which ``|expr|`` leaves float64 range (above
    ``1.8e308`` or below the smallest normal ``2.2e-308``), by bisection in log space; None if
    it stays in range. ``expr`` must be monotone in ``var`` on the range.

    >>> R = sp.Symbol("R", positive=True)
    >>> round(overflow_threshold(sp.exp(10 * R**2), R), 3)
    8.425
    >>> round(overflow_threshold(sp.exp(-R**2), R), 3)
    26.616
    """
    logabs = sp.lambdify(var, sp.expand_log(sp.log(sp.Abs(expr)), force=True), "mpmath")

    def out(v: float) -> bool:
        val = float(logabs(v))
        return not (LOG_TINY <= val <= LOG_MAX)

    if out(lo):
        return lo
    if not out(hi):
        return None
    a, b = lo, hi
    for _ in range(80):
        mid = 0.5 * (a + b)
        a, b = (a, mid) if out(mid) else (mid, b)
    return b


def float64_ranges(exprs: list[sp.Basic]) -> dict[str, str]:
    """For every ``exp(...)`` or power of a single scalar symbol inside ``exprs``: where its
    value leaves float64 range, as text (``"R > 8.42486"``, ``"beta < 1.49167e-154"``; 6
    significant digits, :func:`symbolic.formatting.number`).

    >>> R, beta = sp.Symbol("R", real=True), sp.Symbol("beta", real=True)
    >>> float64_ranges([sp.exp(2 * R**2) * beta**-2])
    {'beta**(-2)': 'beta < 7.45834e-155', 'exp(2*R**2)': 'R > 18.8386'}
    """
    from symbolic.objects import symbols_of

    out: dict[str, str] = {}
    for e in exprs:
        for node in sp.preorder_traversal(e):
            if not isinstance(node, (sp.exp, sp.Pow)) or getattr(node, "is_Matrix", False):
                continue
            syms = symbols_of(node)
            if len(syms) != 1 or str(node) in out:
                continue
            (s,) = syms
            if not isinstance(s, sp.Symbol):
                continue
            if isinstance(node, sp.Pow) and node.base == s and node.exp.is_number:
                p = float(node.exp)
                if p < 0:
                    out[str(node)] = f"{s} < {number(math.exp(LOG_MAX / p))}"
                continue
            if isinstance(node, sp.exp):
                try:
                    t = overflow_threshold(node, s)
                except (TypeError, ValueError):
                    continue
                if t is not None:
                    out[str(node)] = f"{s} > {number(t)}"
    return out
