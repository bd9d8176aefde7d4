"""High-precision evaluation of one instance: mpmath numbers, or rigorous python-flint arb balls.

Vectors and matrices are numpy object arrays of ``mpf`` or ``arb``. Arb results are rigorous
enclosures: every operation is a ball operation.

Example:
    >>> import sympy as sp
    >>> from symbolic.walk import Evaluator
    >>> from numeric.backends.precise import MpmathOps, mp_workdps
    >>> x = sp.Symbol("x")
    >>> with mp_workdps(30):
    ...     str(Evaluator(MpmathOps(), {x: MpmathOps().number(2)})(sp.sqrt(x)))[:12]
    '1.4142135623'
"""

from __future__ import annotations

import contextlib
import functools
import operator
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import flint
import mpmath
import numpy as np
import sympy as sp
from mpmath.libmp import fzero, mpf_add, mpf_mul

from symbolic.numbers import exact_fraction, float_parts
from symbolic.walk import Evaluator, Ops, Unsupported


@contextlib.contextmanager
def _setting(owner: Any, attr: str, value: Any) -> Iterator[None]:
    """Set ``owner.<attr>`` to ``value`` on entry, restoring the old value on exit (also
    after exceptions): a working precision of mpmath or python-flint."""
    old = getattr(owner, attr)
    setattr(owner, attr, value)
    try:
        yield
    finally:
        setattr(owner, attr, old)


def mp_workdps(dps: int) -> contextlib.AbstractContextManager[None]:
    """Set mpmath's decimal precision, restoring it afterwards (also after exceptions)."""
    return _setting(mpmath.mp, "dps", dps)


def arb_prec(bits: int) -> contextlib.AbstractContextManager[None]:
    """Set python-flint's working precision in bits, restoring it afterwards."""
    return _setting(flint.ctx, "prec", bits)


def exact_arb(value: sp.Float) -> flint.arb:
    """A SymPy ``Float`` as an exact arb point (whatever the working precision).

    >>> b = exact_arb(sp.Float("1e-400")); b.is_exact() and b > 0
    True
    """
    return flint.arb(float_parts(value))


def exact_mpf(value: sp.Float) -> Any:
    """A SymPy ``Float`` as an mpmath ``mpf`` with exactly its binary value (the raw tuple, not
    rounded to the working precision: the operations round their results).

    >>> exact_mpf(sp.Float("1e-400")) > 0
    True
    """
    return mpmath.mp.make_mpf(value._mpf_)


def _index(v: Any) -> int:
    """An index value as an int: a Python or NumPy int, or an exact number of the precise back
    ends (an index expression such as ``d + 1`` evaluates to an mpf or an exact arb ball).

    >>> import flint, mpmath
    >>> _index(3), _index(mpmath.mpf(4)), _index(flint.arb(5))
    (3, 4, 5)
    """
    if isinstance(v, (int, np.integer)):
        return int(v)
    if isinstance(v, flint.arb):
        if not (v.is_exact() and v.is_integer()):
            raise ValueError(f"index {v} is not an exact integer")
        return int(v.unique_fmpz())
    f = float(v)
    if not f.is_integer():
        raise ValueError(f"index {v} is not an integer")
    return int(f)

class _ObjectOps(Ops):
    """Shared code for scalar libraries over numpy object arrays."""

    def number(self, value: Any) -> Any:
        raise NotImplementedError

    def array(self, values: Any) -> np.ndarray:
        """An object array from nested lists / float arrays (floats converted exactly)."""
        arr = np.asarray(values, dtype=object)
        return self._map(self.number, arr)

    def const(self, value: sp.Expr) -> Any:
        if value.is_Integer:
            return self.number(int(value))
        if value.is_Rational:
            return self.number(Fraction(int(value.p), int(value.q)))
        if value is sp.pi:
            return self._pi()
        if value is sp.E:
            return self.func("exp", [self.number(1)])
        if value.is_Float:
            return self._float(value)
        raise Unsupported(f"{self.name}: constant {value}")

    def _float(self, value: sp.Float) -> Any:
        """A SymPy ``Float`` at its exact binary value (never rounded through float64)."""
        return self.number(exact_fraction(value))

    def pow(self, base: Any, exponent: Any, exponent_expr: sp.Expr) -> Any:
        if exponent_expr.is_Integer:
            return base ** int(exponent_expr)
        if exponent_expr is sp.S.Half:
            return self.func("sqrt", [base])
        return base**exponent

    def _map(self, fn: Any, m: np.ndarray) -> np.ndarray:
        """``fn`` of every entry, as an object array of ``m``'s shape."""
        if m.dtype != object:  # numpy scalars, as np.ndenumerate gives them
            out = np.empty(m.shape, dtype=object)
            for idx, v in np.ndenumerate(m):
                out[idx] = fn(v)
            return out
        out = np.empty(m.size, dtype=object)
        for k, v in enumerate(m.ravel().tolist()):  # the entries themselves, in C order
            out[k] = fn(v)
        return out.reshape(m.shape)

    def matmul(self, mats: list[Any]) -> Any:
        out = mats[0]
        for m in mats[1:]:
            out = np.matmul(out, m)
        return out

    def scale(self, s: Any, m: Any) -> Any:
        return self._map(lambda v: s * v, m)

    def matop(self, name: str, args: list[Any], node: sp.Basic) -> Any:
        if name == "elem_exp":
            return self._map(lambda v: self.func("exp", [v]), args[0])
        if name == "elem_abs":
            return self._map(abs, args[0])
        if name == "elem_recip":
            return self._map(lambda v: 1 / v, args[0])
        if name == "elem_log":
            return self._map(lambda v: self.func("log", [v]), args[0])
        if name == "inverse":
            return self._inverse(args[0])
        if name == "transpose":
            return args[0].T
        if name == "hadamard_pow":
            return self._map(lambda v: self.pow(v, args[1], args[2]), args[0])
        if name == "hadamard":
            return functools.reduce(operator.mul, args)
        if name == "diag":
            v = args[0][:, 0]
            out = np.empty((len(v), len(v)), dtype=object)
            zero = self.number(0)
            for r in range(len(v)):
                for c in range(len(v)):
                    out[r, c] = v[r] if r == c else zero
            return out
        if name == "column":
            i = _index(args[1]) - 1
            return args[0][:, i : i + 1]
        if name == "kron":
            a, b = args
            out = np.empty((a.shape[0] * b.shape[0], a.shape[1] * b.shape[1]), dtype=object)
            for (i, j), x in np.ndenumerate(a):
                for (k, l), y in np.ndenumerate(b):
                    out[i * b.shape[0] + k, j * b.shape[1] + l] = x * y
            return out
        if name == "vec":
            m = args[0] if args[1] == "row" else args[0].T
            return m.reshape(-1, 1)
        if name == "unvec":
            flat, rows, cols, order = args[0][:, 0], args[1], args[2], args[3]
            return flat.reshape(rows, cols) if order == "row" else flat.reshape(cols, rows).T
        if name == "row_block":
            m, j, size = args
            j = _index(j)
            return m[(j - 1) * size : j * size, :]
        if name == "entry":
            return args[0][_index(args[1]) - 1, _index(args[2]) - 1]
        if name == "inner":
            return self._sum(list((args[0] * args[1]).ravel()))
        raise Unsupported(f"{self.name}: {name}")

    def _sum(self, items: list[Any]) -> Any:
        out = self.number(0)
        for v in items:
            out = out + v
        return out

    def reduce(self, name: str, m: Any, node: sp.Basic) -> Any:
        items = list(m.ravel())
        if name == "euclidean":
            return self.func("sqrt", [self._sum([v * v for v in items])])
        if name == "max_abs":
            return self.func("max", [abs(v) for v in items])
        if name == "min_entry":
            return self.func("min", items)
        if name == "max_entry":
            return self.func("max", items)
        if name == "sum_entries":
            return self._sum(items)
        if name == "spectral":
            return self._opnorm(m)
        if name == "lambda_min":
            return self._lambda_min(m)
        if name == "entropy":
            return -self._sum([self._xlogx(v) for v in items])
        raise Unsupported(f"{self.name}: {name}")

    def special(self, name: str, rows: int, cols: int) -> Any:
        out = np.empty((rows, cols), dtype=object)
        one, zero = self.number(1), self.number(0)
        out.fill(one if name == "ones" else zero)  # every entry the one object, as before
        if name == "identity":
            for r in range(min(rows, cols)):
                out[r, r] = one
        return out

    def _pi(self) -> Any:
        raise Unsupported(f"{self.name}: pi")

    def _opnorm(self, m: np.ndarray) -> Any:
        raise Unsupported(f"{self.name}: spectral norm")

    def _xlogx(self, v: Any) -> Any:
        """``v log v`` with ``0 log 0 = 0``."""
        raise Unsupported(f"{self.name}: entropy")

    def _inverse(self, m: np.ndarray) -> np.ndarray:
        raise Unsupported(f"{self.name}: matrix inverse")

    def _objects(self, rows: list[list[Any]]) -> np.ndarray:
        out = np.empty((len(rows), len(rows[0])), dtype=object)
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                out[r, c] = v
        return out

    def _lambda_min(self, m: np.ndarray) -> Any:
        raise Unsupported(f"{self.name}: eigenvalues")




def _mp_raw(items: list[Any]) -> list[Any] | None:
    """The raw tuples (``_mpf_``) of a list of mpmath ``mpf``; None when an item is anything
    else (a complex, an int, another type: the caller then takes mpmath's own path)."""
    mpf = mpmath.mp.mpf
    out = []
    for x in items:
        if type(x) is not mpf:
            return None
        out.append(x._mpf_)
    return out


def _mp_matmul(a: Any, b: Any, gram: bool = False) -> Any:
    """``np.matmul(a, b)`` of two object matrices of mpf, computed on mpmath's raw tuples
    with the very operations ``mpf * mpf`` and ``mpf + mpf`` call (``mpf_mul``, ``mpf_add``
    at the working precision and rounding), in numpy's order: each entry the first product,
    then the next products added one by one. The same numbers as numpy's object matmul,
    without an mpf object per intermediate; anything else goes to ``np.matmul``. ``gram``:
    ``b`` is ``a.T``, and the product symmetric to the last bit (``mpf_mul`` commutes, and
    entries ``(i, j)`` and ``(j, i)`` add the same products in the same order): each entry
    below the diagonal is the one above it.

    >>> m = np.array([[mpmath.mpf(1) / 3, mpmath.mpf(2)], [mpmath.mpf(5), mpmath.mpf(-1)]],
    ...              dtype=object)
    >>> bool((_mp_matmul(m, m.T) == np.matmul(m, m.T)).all())
    True
    """
    if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.dtype == object
            and b.dtype == object and a.ndim == 2 and b.ndim == 2
            and a.shape[1] == b.shape[0] and a.shape[1] > 0):
        return np.matmul(a, b)
    ra, rb = _mp_raw(a.ravel().tolist()), _mp_raw(b.T.ravel().tolist())  # rows; columns
    if ra is None or rb is None:
        return np.matmul(a, b)
    k = a.shape[1]
    prec, rnd = mpmath.mp._prec_rounding
    make, add, mul = mpmath.mp.make_mpf, mpf_add, mpf_mul
    rows = [ra[i : i + k] for i in range(0, len(ra), k)]
    cols = [rb[j : j + k] for j in range(0, len(rb), k)]
    out = np.empty((len(rows), len(cols)), dtype=object)
    for i, row in enumerate(rows):
        for j, col in enumerate(cols):
            if gram and j < i:
                out[i, j] = out[j, i]
                continue
            acc = mul(row[0], col[0], prec, rnd)
            for t in range(1, k):
                acc = add(acc, mul(row[t], col[t], prec, rnd), prec, rnd)
            out[i, j] = make(acc)
    return out


def _mp_sum(raw: list[Any]) -> Any:
    """``mpf(0) + x0 + x1 + ...`` (in that order) of raw tuples, as an mpf."""
    prec, rnd = mpmath.mp._prec_rounding
    acc = fzero
    for v in raw:
        acc = mpf_add(acc, v, prec, rnd)
    return mpmath.mp.make_mpf(acc)


class MpmathOps(_ObjectOps):
    """mpmath at the current ``mpmath.mp.dps`` (not rigorous, but high precision)."""

    name = "mpmath"
    arithmetic = "mpmath"

    def number(self, value: Any) -> Any:
        if isinstance(value, Fraction):
            return mpmath.mpf(value.numerator) / value.denominator
        if isinstance(value, sp.Float):
            return exact_mpf(value)
        if isinstance(value, (np.floating, np.integer)):
            value = value.item()
        return mpmath.mpf(value)

    def array(self, values: Any) -> np.ndarray:
        """An object array of mpf from nested lists / float arrays; a float64 array is
        converted by mpmath's own raw conversion (exact from 53 bits of precision on, as
        ``mpmath.mpf(x)`` is, and the same numbers).

        >>> a = MpmathOps().array(np.array([[0.1, -0.0], [5e-324, np.inf]]))
        >>> [x == mpmath.mpf(y) for x, y in zip(a.ravel(), [0.1, -0.0, 5e-324, np.inf])]
        [True, True, True, True]
        """
        if not (isinstance(values, np.ndarray) and values.dtype == np.float64
                and mpmath.mp.prec >= 53):
            return super().array(values)
        make, conv = mpmath.mp.make_mpf, mpmath.libmp.from_float
        out = np.empty(values.size, dtype=object)
        for k, x in enumerate(values.ravel().tolist()):
            out[k] = make(conv(x))
        return out.reshape(values.shape)

    def _pi(self) -> Any:
        return +mpmath.pi

    def _float(self, value: sp.Float) -> Any:
        """The exact raw value (``1e-400`` stays ``1e-400``, not float64's 0).

        >>> MpmathOps().const(sp.Float("1e-400")) > 0
        True
        """
        return exact_mpf(value)

    # Matrix arithmetic on raw tuples (:func:`_mp_matmul`): the same operations in the same
    # order as on mpf objects, so the same numbers; anything but mpf takes the shared path.

    def matmul(self, mats: list[Any]) -> Any:
        out = mats[0]
        for m in mats[1:]:
            out = _mp_matmul(out, m)
        return out

    def scale(self, s: Any, m: Any) -> Any:
        raw = (_mp_raw(m.ravel().tolist()) if type(s) is mpmath.mp.mpf
               and isinstance(m, np.ndarray) and m.dtype == object else None)
        if raw is None:
            return super().scale(s, m)
        prec, rnd = mpmath.mp._prec_rounding
        make, sv = mpmath.mp.make_mpf, s._mpf_
        out = np.empty(m.size, dtype=object)
        for k, v in enumerate(raw):
            out[k] = make(mpf_mul(sv, v, prec, rnd))  # s * v
        return out.reshape(m.shape)

    def matadd(self, mats: list[Any]) -> Any:
        first = mats[0]
        if not (isinstance(first, np.ndarray) and first.dtype == object and all(
                isinstance(m, np.ndarray) and m.dtype == object and m.shape == first.shape
                for m in mats)):
            return super().matadd(mats)
        raws = [_mp_raw(m.ravel().tolist()) for m in mats]
        if any(r is None for r in raws):
            return super().matadd(mats)
        prec, rnd = mpmath.mp._prec_rounding
        make = mpmath.mp.make_mpf
        out = np.empty(first.size, dtype=object)
        for k, acc in enumerate(raws[0]):
            for r in raws[1:]:
                acc = mpf_add(acc, r[k], prec, rnd)  # ((m0 + m1) + m2) + ..., entrywise
            out[k] = make(acc)
        return out.reshape(first.shape)

    def _sum(self, items: list[Any]) -> Any:
        raw = _mp_raw(items)
        return super()._sum(items) if raw is None else _mp_sum(raw)

    def reduce(self, name: str, m: Any, node: sp.Basic) -> Any:
        if name == "euclidean" and isinstance(m, np.ndarray):
            raw = _mp_raw(list(m.ravel()))
            if raw is not None:  # sqrt(0 + v0*v0 + v1*v1 + ...)
                prec, rnd = mpmath.mp._prec_rounding
                return self.func("sqrt", [_mp_sum([mpf_mul(v, v, prec, rnd) for v in raw])])
        return super().reduce(name, m, node)

    def func(self, name: str, args: list[Any]) -> Any:
        if name == "max":
            return max(args)
        if name == "min":
            return min(args)
        if name == "sqrt":
            return mpmath.sqrt(args[0]) if args[0] >= 0 else mpmath.mpf("nan")
        out = self.declared_func(name, args)
        if isinstance(out, mpmath.mpc):  # outside the real domain (log, asin of a real)
            return mpmath.mpf("nan")
        return out

    def _xlogx(self, v: Any) -> Any:
        if v == 0:
            return mpmath.mpf(0)
        return v * self.func("log", [v])

    def _inverse(self, m: np.ndarray) -> np.ndarray:
        try:
            inv = mpmath.inverse(mpmath.matrix(m.tolist()))
        except ZeroDivisionError:
            return self._map(lambda v: mpmath.mpf("nan"), m)
        return self._objects([[inv[r, c] for c in range(inv.cols)] for r in range(inv.rows)])

    def _opnorm(self, m: np.ndarray) -> Any:
        """The largest singular value, as the square root of the largest eigenvalue of the
        smaller Gram matrix (``MᵀM`` or ``MMᵀ``): 5.8x faster than mpmath's SVD of a 1000x4
        matrix, and well conditioned (the top eigenvalue of a Gram matrix is).

        >>> import mpmath
        >>> ops = MpmathOps()
        >>> m = np.array([[mpmath.mpf(3), mpmath.mpf(0)], [mpmath.mpf(4), mpmath.mpf(5)]],
        ...              dtype=object)
        >>> mpmath.nstr(ops._opnorm(m), 15)  # singular values sqrt(45), sqrt(5)
        '6.70820393249937'
        """
        g = _mp_matmul(m.T, m, True) if m.shape[0] >= m.shape[1] else _mp_matmul(m, m.T, True)
        if g.shape == (1, 1):
            return mpmath.sqrt(abs(g[0, 0]))
        ev = mpmath.eigsy(mpmath.matrix(g.tolist()), eigvals_only=True)
        top = max(ev[i] for i in range(ev.rows))
        return mpmath.sqrt(top) if top > 0 else mpmath.mpf(0)

    def _lambda_min(self, m: np.ndarray) -> Any:
        sym = mpmath.matrix(((m + m.T) / 2).tolist())
        ev = mpmath.eigsy(sym, eigvals_only=True)
        return min(ev[i] for i in range(ev.rows))

    def derivative(self, node: sp.Basic, ev: Evaluator) -> Any:
        """Derivative by mpmath.diff (extrapolated finite differences at extra precision)."""
        expr, var, i, j = node.args
        base = ev.env[var]
        if not isinstance(base, np.ndarray):
            raise Unsupported("mpmath: derivative by a scalar symbol")
        r, c = _index(ev.int_value(i)) - 1, _index(ev.int_value(j)) - 1

        def at(t: Any) -> Any:
            moved = base.copy()
            moved[r, c] = base[r, c] + t
            return ev.with_env({var: moved})(expr)

        probe = at(mpmath.mpf(0))
        if not isinstance(probe, np.ndarray):
            return mpmath.diff(lambda t: at(t), 0)
        out = np.empty(probe.shape, dtype=object)
        for idx in np.ndindex(probe.shape):
            out[idx] = mpmath.diff(lambda t, idx=idx: at(t)[idx], 0)
        return out


class ArbOps(_ObjectOps):
    """Rigorous python-flint arb balls at the current ``flint.ctx.prec``."""

    name = "arb"
    arithmetic = "arb"

    def pow(self, base: Any, exponent: Any, exponent_expr: sp.Expr) -> Any:
        if exponent_expr.is_Integer:  # arb's ball ** int is NaN when the ball contains 0
            k = int(exponent_expr)
            out = self.number(1)
            for _ in range(abs(k)):
                out = out * base
            return out if k >= 0 else 1 / out
        return super().pow(base, exponent, exponent_expr)

    def array(self, values: Any) -> np.ndarray:
        """An object array of arb balls from nested lists / float arrays; a float64 array
        entry by entry as :meth:`number` converts a float (exactly: ``flint.arb(x)``).

        >>> a = ArbOps().array(np.array([0.1, -0.0]))
        >>> [x.is_exact() and x == flint.arb(y) for x, y in zip(a, [0.1, -0.0])]
        [True, True]
        """
        if not (isinstance(values, np.ndarray) and values.dtype == np.float64):
            return super().array(values)
        arb = flint.arb
        out = np.empty(values.size, dtype=object)
        for k, x in enumerate(values.ravel().tolist()):
            out[k] = arb(x)
        return out.reshape(values.shape)

    def number(self, value: Any) -> Any:
        if isinstance(value, flint.arb):
            return value
        if isinstance(value, Fraction):
            return flint.arb(flint.fmpq(value.numerator, value.denominator))
        if isinstance(value, (np.floating, np.integer)):
            value = value.item()
        if isinstance(value, mpmath.mpf):
            from numeric.backends.arb_linalg import to_arb

            return to_arb(value)
        if isinstance(value, sp.Float):
            return exact_arb(value)
        if isinstance(value, sp.Rational):
            return flint.arb(flint.fmpq(int(value.p), int(value.q)))
        return flint.arb(value)

    def _pi(self) -> Any:
        return flint.arb.pi()

    def _float(self, value: sp.Float) -> Any:
        """The exact binary value as an exact ball (every bit of a 100-digit ``Float``).

        >>> ArbOps().const(sp.Float("1e-400")) > 0
        True
        """
        return exact_arb(value)

    def func(self, name: str, args: list[Any]) -> Any:
        if name in ("max", "min"):
            out = args[0]
            for a in args[1:]:
                out = out.max(a) if name == "max" else out.min(a)
            return out
        if name == "sqrt":
            return self.number(args[0]).sqrt()
        # the declared enclosures (floor of a ball across an integer encloses both values;
        # atan2 of a ball across the branch cut encloses [-pi, pi])
        return self.declared_func(name, [self.number(a) for a in args])

    def _opnorm(self, m: np.ndarray) -> Any:
        from numeric.backends import arb_linalg

        return arb_linalg.spectral_norm(flint.arb_mat(m.tolist()))

    def _xlogx(self, v: Any) -> Any:
        """A rigorous enclosure of ``v log v`` (``0 log 0 = 0``); on a ball reaching 0 from
        above, ``[-1/e, max(0, u log u)]`` with ``u`` the upper end."""
        if v.is_zero():
            return flint.arb(0)
        if v > 0:
            return v * v.log()
        if v.lower() < 0 or not v.is_finite():
            return flint.arb("nan")
        u = v.upper()
        top = u * u.log() if u > 0 else flint.arb(0)
        return (-flint.arb(-1).exp()).union(top.max(flint.arb(0)))

    def _inverse(self, m: np.ndarray) -> np.ndarray:
        try:
            inv = flint.arb_mat(m.tolist()).inv()
        except ZeroDivisionError:  # not certainly invertible at this precision
            return self._map(lambda v: flint.arb("nan"), m)
        return self._objects([[inv[r, c] for c in range(inv.ncols())]
                              for r in range(inv.nrows())])

    def _lambda_min(self, m: np.ndarray) -> Any:
        raise Unsupported("arb: eigenvalue enclosure (use the Loewner check in arb_linalg)")
