"""Symbolic derivations: dimension-generic identities, chain-rule steps, SymEngine generation.

Three tools, all exact:

* :func:`generic_identity` decides ``lhs = rhs`` for **every** size ``n, d`` at once. Each side
  is turned into the formula of one generic entry (free row index ``k``) with indexed sums
  ``sum_{m=1}^{n}`` for inner products and matrix products; derivatives are taken by the
  ordinary rules on that formula (``d x_m / d x_i = delta_{m,i}``). Sums are normalised by
  linearity (constant factors pulled out, ``sum_m delta_{m,i} g(m) = g(i)`` when the ranges
  agree) and each remaining sum becomes an opaque atom; ``cancel(together(.))`` then decides.
  Every rewrite is an identity valid for all sizes and treating atoms as independent is a
  specialisation argument, so ``True`` is a proof for all ``n, d``. ``None`` means "not
  shown" (the procedure is incomplete), never "false".
* :func:`derive_steps` rewrites ``d/dvar_i`` of the papers' objects one rule at a time (chain
  rule for ``1/2 ||v||^2``, product rule, ``d(1/a) = -a^{-2} da``, ``d exp(Ax)/dx_i = exp(Ax)
  o A_{*,i}``, ...) into a chain of equalities, each of which :func:`generic_identity` checks.
* :func:`symengine_diff` differentiates an explicit SymPy expression with SymEngine (two orders of
  magnitude faster than SymPy) and returns SymPy.

Example:
    >>> from symbolic import matrix, vector, index, col, deriv, inner, exp_, ones, n, d
    >>> A, x, i = matrix("A", n, d), vector("x", d), index("i")
    >>> u = exp_(A * x)
    >>> generic_identity(deriv(inner(u, ones(n)), x, i), inner(u, col(A, i)))
    True
    >>> generic_identity(deriv(inner(u, ones(n)), x, i), 2 * inner(u, col(A, i))) is None
    True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import sympy as sp
from sympy.printing.str import StrPrinter

from symbolic import objects as ob
from symbolic.identity import exp_to_symbols
from symbolic.normal_form import nodes
from symbolic.pretty import pretty
from symbolic.timeout import TimedOut, shielded, time_limit
from symbolic.vocabulary import EUCLIDEAN, NORM, declared, having


class NotGeneric(Exception):
    """The expression uses an operator the generic-entry translation does not cover."""


# ----------------------------------------------------------------------------- entry formulas


@dataclass
class _Ctx:
    """Index ranges known while translating (index symbol -> (lo, hi))."""

    ranges: dict[sp.Symbol, tuple[Any, Any]] = field(default_factory=dict)
    counter: itertools.count = field(default_factory=itertools.count)
    #: :func:`_normalise` of the subexpressions met, valid while ``ranges`` keeps its size
    #: (it reads ``ranges`` only; a new dummy empties it)
    normalised: dict[sp.Basic, sp.Expr] = field(default_factory=dict)
    normalised_for: int = -1

    def dummy(self, hi: Any) -> sp.Symbol:
        m = sp.Symbol(f"_m{next(self.counter)}", integer=True, positive=True)
        self.ranges[m] = (sp.Integer(1), sp.sympify(hi))
        return m


def _sum(ctx: _Ctx, size: Any, body) -> sp.Expr:
    """``sum_{m=1}^{size} body(m)``; a size-1 sum is its single term."""
    size = sp.sympify(size)
    if size == 1:
        return body(sp.Integer(1))
    m = ctx.dummy(size)
    return sp.Sum(body(m), (m, 1, size))


@dataclass(frozen=True)
class _Pair:
    """The index ``p = (hi - 1) b + lo`` of a dimension of size ``a b``, kept as the pair
    ``(hi, lo)`` with ``hi ∈ [1, a]``, ``lo ∈ [1, b]`` (the bijection ``[a] × [b] -> [ab]``
    behind ``vec`` and ``⊗``); components are plain index expressions."""

    hi: Any
    lo: Any
    a: Any
    b: Any

    def linear(self) -> sp.Expr:
        return (self.hi - 1) * self.b + self.lo


def _plain(idx: Any) -> sp.Expr:
    """An index as one expression (a pair becomes its linear index)."""
    return idx.linear() if isinstance(idx, _Pair) else sp.sympify(idx)


def _same(a: Any, b: Any) -> bool:
    return sp.expand(sp.sympify(a) - sp.sympify(b)) == 0


def _as_pair(idx: Any, a: Any, b: Any) -> _Pair:
    """``idx`` (an index of a dimension of size ``a b``) as a pair for the split ``(a, b)``.

    A pair of another split is first made linear; a plain index is split exactly by
    ``hi = floor((p - 1) / b) + 1``, ``lo = p - (hi - 1) b`` (trivially when ``a`` or ``b`` is 1).
    """
    if isinstance(idx, _Pair):
        if _same(idx.a, a) and _same(idx.b, b):
            return idx
        idx = idx.linear()
    idx = sp.sympify(idx)
    if _same(a, 1):
        return _Pair(sp.Integer(1), idx, sp.Integer(1), b)
    if _same(b, 1):
        return _Pair(idx, sp.Integer(1), a, sp.Integer(1))
    q = sp.floor((idx - 1) / b)
    return _Pair(q + 1, idx - q * b, a, b)


def _delta(r: Any, c: Any) -> sp.Expr:
    """``[r = c]``; for pairs of one split, the product of the components' deltas."""
    if isinstance(r, _Pair) or isinstance(c, _Pair):
        p = r if isinstance(r, _Pair) else c
        r2, c2 = _as_pair(r, p.a, p.b), _as_pair(c, p.a, p.b)
        return sp.KroneckerDelta(r2.hi, c2.hi) * sp.KroneckerDelta(r2.lo, c2.lo)
    return sp.KroneckerDelta(r, c)


def _split(e: Any, axis: int) -> tuple[Any, Any] | None:
    """The product structure ``(a, b)`` of ``e``'s rows (``axis=0``) or columns (``1``), when
    a ``⊗`` or ``vec`` makes one (``vec_row`` of an ``r×c`` matrix: ``(r, c)``; ``vec_col``:
    ``(c, r)``; ``P ⊗ Q``: ``(rows P, rows Q)``); None for a plain dimension."""
    if isinstance(e, sp.KroneckerProduct):
        front = sp.Mul(*[a.shape[axis] for a in e.args[:-1]])
        return front, e.args[-1].shape[axis]
    if isinstance(e, ob.Vec):
        if axis == 1:
            return None
        r, c = e.args[0].shape
        return (r, c) if e.order == "row" else (c, r)
    if isinstance(e, ob.RowBlock):
        return _split(e.args[0], 1) if axis == 1 else None
    if isinstance(e, ob.Column):
        return _split(e.args[0], 0) if axis == 0 else None
    if isinstance(e, sp.Transpose):
        return _split(e.args[0], 1 - axis)
    if isinstance(e, sp.MatMul):
        mats = [a for a in e.args if ob.is_matrix(a)]
        return _split(mats[0] if axis == 0 else mats[-1], axis)
    if isinstance(e, ob.Diag):
        return _split(e.args[0], 0)
    if isinstance(e, (ob.NamedMatrix, ob.Deriv)):
        return _split(e.args[1] if isinstance(e, ob.NamedMatrix) else e.args[0], axis)
    if isinstance(e, (sp.MatAdd, sp.HadamardProduct, ob.ElemExp, ob.ElemRecip)):
        for a in e.args:
            s = _split(a, axis) if ob.is_matrix(a) else None
            if s is not None:
                return s
    return None


def _isum(ctx: _Ctx, size: Any, split: tuple[Any, Any] | None, body) -> sp.Expr:
    """``sum_{p=1}^{size} body(p)``, as a double sum over ``(hi, lo)`` for a split size."""
    if split is None or not _same(split[0] * split[1], size):
        return _sum(ctx, size, body)
    a, b = split
    return _sum(ctx, a, lambda i: _sum(ctx, b, lambda j: body(_Pair(i, j, a, b))))


def _kron_front(e: sp.KroneckerProduct) -> Any:
    return e.args[0] if len(e.args) == 2 else sp.KroneckerProduct(*e.args[:-1])


def _entry(e: Any, r: Any, c: Any, ctx: _Ctx) -> sp.Expr:
    """Entry ``(r, c)`` of the matrix expression ``e`` as a scalar formula (``r``, ``c``
    plain index expressions or :class:`_Pair` s)."""
    if isinstance(e, ob.NamedMatrix):
        return _entry(e.args[1], r, c, ctx)
    if isinstance(e, sp.MatrixSymbol):
        base = sp.IndexedBase(e.name)
        return base[_plain(r)] if e.shape[1] == 1 else base[_plain(r), _plain(c)]
    if isinstance(e, sp.KroneckerProduct):
        (ra, rb), (ca, cb) = _split(e, 0), _split(e, 1)
        pr, pc = _as_pair(r, ra, rb), _as_pair(c, ca, cb)
        return (_entry(_kron_front(e), pr.hi, pc.hi, ctx)
                * _entry(e.args[-1], pr.lo, pc.lo, ctx))
    if isinstance(e, ob.Vec):
        p = _as_pair(r, *_split(e, 0))
        m = e.args[0]
        return _entry(m, p.hi, p.lo, ctx) if e.order == "row" else _entry(m, p.lo, p.hi, ctx)
    if isinstance(e, ob.Unvec):
        v, rows, cols = e.args[0], e.args[1], e.args[2]
        r, c = _plain(r), _plain(c)
        p = _Pair(r, c, rows, cols) if e.order == "row" else _Pair(c, r, cols, rows)
        return _entry(v, p, sp.Integer(1), ctx)
    if isinstance(e, ob.RowBlock):
        m, j, size = e.args
        p = _Pair(sp.sympify(j), _plain(r), sp.cancel(m.shape[0] / size), size)
        return _entry(m, p, c, ctx)
    if isinstance(e, ob.ElemRecip):
        return 1 / _entry(e.args[0], r, c, ctx)
    if isinstance(e, sp.MatAdd):
        return sp.Add(*[_entry(a, r, c, ctx) for a in e.args])
    if isinstance(e, sp.MatMul):
        scal = sp.Mul(*[_scalar(a, ctx) for a in e.args if not ob.is_matrix(a)])
        mats = [a for a in e.args if ob.is_matrix(a)]
        return scal * _product(mats, r, c, ctx)
    if isinstance(e, sp.Transpose):
        return _entry(e.args[0], c, r, ctx)
    if isinstance(e, ob.Column):
        return _entry(e.args[0], r, e.args[1], ctx)
    if isinstance(e, ob.Diag):
        return _delta(r, c) * _entry(e.args[0], r, sp.Integer(1), ctx)
    if isinstance(e, ob.ElemExp):
        return sp.exp(_entry(e.args[0], r, c, ctx))
    if isinstance(e, sp.HadamardProduct):
        return sp.Mul(*[_entry(a, r, c, ctx) for a in e.args])
    if isinstance(e, sp.OneMatrix):
        return sp.Integer(1)
    if isinstance(e, sp.Identity):
        return _delta(r, c)
    if isinstance(e, sp.ZeroMatrix):
        return sp.Integer(0)
    if isinstance(e, ob.Deriv):
        return _d(_entry(e.args[0], r, c, ctx), e.args[1], e.args[2], e.args[3], ctx)
    if isinstance(e, ob.Softmax):  # exp(v_r) / sum_m exp(v_m) of a column vector
        v, one = e.args[0], sp.Integer(1)
        return sp.exp(_entry(v, r, one, ctx)) / _isum(
            ctx, v.shape[0], _split(v, 0), lambda m: sp.exp(_entry(v, m, one, ctx)))
    raise NotGeneric(f"generic entries: {type(e).__name__}")


def _product(mats: list, r: Any, c: Any, ctx: _Ctx) -> sp.Expr:
    if len(mats) == 1:
        return _entry(mats[0], r, c, ctx)
    first, rest = mats[0], mats[1:]
    split = _split(first, 1) or _split(rest[0], 0)
    return _isum(ctx, first.shape[1], split,
                 lambda m: _entry(first, r, m, ctx) * _product(rest, m, c, ctx))


def _scalar(e: Any, ctx: _Ctx) -> sp.Expr:
    """A scalar expression of the papers' objects as a formula with indexed sums."""
    if isinstance(e, ob.NamedScalar):
        return _scalar(e.args[1], ctx)
    if isinstance(e, sp.Symbol) or e.is_Number or isinstance(e, sp.NumberSymbol):
        return e
    if isinstance(e, ob.Inner):
        u, v = e.args
        one = sp.Integer(1)
        return _isum(ctx, u.shape[0], _split(u, 0) or _split(v, 0),
                     lambda m: _entry(u, m, one, ctx) * _entry(v, m, one, ctx))
    if isinstance(e, sp.Pow) and declared(e.base, EUCLIDEAN):
        v = e.base.args[0]
        sq = _isum(ctx, v.shape[0], _split(v, 0), lambda m: _isum(
            ctx, v.shape[1], _split(v, 1), lambda q: _entry(v, m, q, ctx) ** 2))
        return sq ** (e.exp / 2)
    if isinstance(e, ob.Entry):
        return _entry(e.args[0], e.args[1], e.args[2], ctx)
    if isinstance(e, ob.ScalarDeriv):
        return _d(_scalar(e.args[0], ctx), e.args[1], e.args[2], e.args[3], ctx)
    if isinstance(e, ob.LogSumExp):  # log sum_m exp(v_m)
        v, one = e.args[0], sp.Integer(1)
        return sp.log(_isum(ctx, v.shape[0], _split(v, 0),
                            lambda m: sp.exp(_entry(v, m, one, ctx))))
    if isinstance(e, sp.KroneckerDelta):
        return e
    if ob.is_matrix(e) and e.shape == (1, 1):
        return _entry(e, sp.Integer(1), sp.Integer(1), ctx)
    if isinstance(e, (sp.Add, sp.Mul, sp.Pow, sp.exp, sp.log)) and not ob.is_matrix(e):
        return e.func(*[_scalar(a, ctx) for a in e.args])
    if isinstance(e, _OPAQUE):
        return _opaque(e)
    raise NotGeneric(f"generic entries: {type(e).__name__}")


_OPAQUE = (*having(NORM), sp.Abs)


def _opaque(e: Any) -> sp.Expr:
    """A norm or ``|.|`` of a claim-level expression as an opaque atom named by its structure:
    equal expressions give equal atoms (sound for any value). The atom is an undefined function
    application, which :func:`_d` refuses to differentiate (never taken as a constant)."""
    return sp.Function(f"[{sp.srepr(ob.unwrap(e))}]")()


def _d(e: sp.Expr, var: Any, i: Any, j: Any, ctx: _Ctx) -> sp.Expr:
    """``d e / d var_{i,j}`` of an entry formula (``var`` a vector or matrix symbol)."""
    target = (i,) if var.shape[1] == 1 else (i, j)

    def rec(t: sp.Expr) -> sp.Expr:
        if isinstance(t, sp.Indexed):
            if t.base.label.name != var.name:
                return sp.Integer(0)
            return sp.Mul(*[sp.KroneckerDelta(a, b) for a, b in zip(t.indices, target)])
        if isinstance(t, sp.Sum):
            return sp.Sum(rec(t.function), *t.limits)
        if isinstance(t, sp.Add):
            return sp.Add(*[rec(a) for a in t.args])
        if isinstance(t, sp.Mul):
            args = t.args
            return sp.Add(*[sp.Mul(*args[:k], rec(a), *args[k + 1:]) for k, a in enumerate(args)])
        if isinstance(t, sp.Pow):
            if t.exp.has(sp.Indexed, sp.Sum):
                raise NotGeneric("generic derivative: variable exponent")
            return t.exp * t.base ** (t.exp - 1) * rec(t.base)
        if isinstance(t, sp.exp):
            return t * rec(t.args[0])
        if isinstance(t, sp.log):
            return rec(t.args[0]) / t.args[0]
        if t.is_Number or isinstance(t, (sp.Symbol, sp.KroneckerDelta)):
            return sp.Integer(0)
        raise NotGeneric(f"generic derivative: {type(t).__name__}")

    return rec(e)


# ----------------------------------------------------------------------------- normal form


@lru_cache(maxsize=16384)
def _height(e: sp.Expr) -> int:
    """The nesting depth of the sums in ``e`` (memoised: a pure function of ``e``, asked
    again for every sum that contains ``e``)."""
    return max((1 + _height(s.function) for s in e.atoms(sp.Sum)), default=0)


@lru_cache(maxsize=65536)
def _free(e: sp.Basic) -> frozenset[sp.Basic]:
    """``e.free_symbols``, memoised (SymPy walks the whole tree of a sum at every call)."""
    return frozenset(e.free_symbols)


def _normalise(e: sp.Expr, ctx: _Ctx) -> sp.Expr:
    """Linearity of sums, delta resolution, canonical dummies (see the module docstring).
    Memoised in ``ctx``: a function of ``e`` and ``ctx.ranges``, and a formula repeats its
    subexpressions (the same sum in several products)."""
    if ctx.normalised_for != len(ctx.ranges):
        ctx.normalised.clear()
        ctx.normalised_for = len(ctx.ranges)
    try:
        return ctx.normalised[e]
    except KeyError:
        pass
    out = _normalise_uncached(e, ctx)
    ctx.normalised[e] = out
    return out


def _normalise_uncached(e: sp.Expr, ctx: _Ctx) -> sp.Expr:
    if isinstance(e, sp.Sum):  # SymPy merges nested sums: the first limit is the innermost
        body = _normalise(e.function, ctx)
        for limit in e.limits:
            body = _normalise_sum(body, limit, ctx)
        return body
    if isinstance(e, (sp.Indexed, sp.Symbol)) or not e.args:
        return e
    return e.func(*[_normalise(a, ctx) for a in e.args])


def _exp_apart(f: sp.Expr, m: sp.Symbol) -> tuple[sp.Expr, ...]:
    """``exp(a + b)`` as ``exp(a), exp(b)`` where ``b`` is the part of the exponent free of the
    summation index ``m`` (an identity), so a sum pulls ``exp(b)`` out: ``Σ_m e^{t + z_m} =
    e^t Σ_m e^{z_m}``; any other factor as itself.

    >>> t, m = sp.Symbol("t"), sp.Symbol("m")
    >>> _exp_apart(sp.exp(t + m), m)
    (exp(m), exp(t))
    """
    if not isinstance(f, sp.exp) or not isinstance(f.args[0], sp.Add):
        return (f,)
    dep = [a for a in f.args[0].args if m in _free(a)]
    indep = [a for a in f.args[0].args if m not in _free(a)]
    if not dep or not indep:
        return (f,)
    return sp.exp(sp.Add(*dep)), sp.exp(sp.Add(*indep))


def _normalise_sum(body: sp.Expr, limit: tuple, ctx: _Ctx) -> sp.Expr:
    """``sum_{m=lo}^{hi} body`` for an already normalised ``body`` (see :func:`_normalise`)."""
    m, lo, hi = limit
    body = sp.expand(body, power_exp=False)
    out = []
    for term in sp.Add.make_args(body):
        factors = [g for f in sp.Mul.make_args(term) for g in _exp_apart(f, m)]
        delta = next((f for f in factors if isinstance(f, sp.KroneckerDelta)
                      and m in _free(f)), None)
        if delta is not None:
            other = delta.args[1] if delta.args[0] == m else delta.args[0]
            if ctx.ranges.get(other) == (lo, hi) or (
                    other.is_Integer and other == lo and lo == hi):
                factors.remove(delta)
                out.append(_normalise(sp.Mul(*factors).xreplace({m: other}), ctx))
                continue
        dep = [f for f in factors if m in _free(f)]
        indep = [f for f in factors if m not in _free(f)]
        if not dep:
            out.append(sp.Mul(*indep) * (hi - lo + 1))
            continue
        inner = sp.Mul(*dep)
        s = sp.Symbol(f"_s{_height(inner) + 1}", integer=True, positive=True)
        out.append(sp.Mul(*indep) * sp.Sum(inner.xreplace({m: s}), (s, lo, hi)))
    return sp.Add(*out)


def _decide(e: sp.Expr, splits: int = 3) -> bool | None:
    """True when ``e`` is 0 for every value of its indices and atoms. A ``δ_ab`` of two free
    indices is split first: ``a = b`` (``b`` replaced by ``a``) and ``a ≠ b`` (``δ_ab = 0``);
    every assignment of the indices falls in one case, so both zero makes ``e`` zero."""
    free = e.free_symbols
    delta = next((t for t in sorted(e.atoms(sp.KroneckerDelta), key=sp.default_sort_key)
                  if t.free_symbols and t.free_symbols <= free), None)
    if delta is not None and splits > 0:
        a, b = delta.args
        same = e.xreplace({b: a}) if isinstance(b, sp.Symbol) else e.xreplace({a: b})
        if _decide(same, splits - 1) and _decide(e.xreplace({delta: sp.Integer(0)}),
                                                 splits - 1):
            return True
    return _cancels(e)


def _cancels(e: sp.Expr) -> bool | None:
    sums = {s: sp.Symbol(f"S_{k}") for k, s in enumerate(
        sorted(_outer_sums(e), key=sp.default_sort_key))}
    r = exp_to_symbols(e.xreplace(sums))
    r = r.replace(lambda t: isinstance(t, sp.Pow) and isinstance(t.base, sp.KroneckerDelta)
                  and t.exp.is_positive, lambda t: t.base)
    return True if sp.cancel(sp.together(r)) == 0 else None


def _outer_sums(e: sp.Expr) -> set[sp.Sum]:
    if isinstance(e, sp.Sum):
        return {e}
    out: set[sp.Sum] = set()
    for a in e.args:
        out |= _outer_sums(a)
    return out


def _free_index(ctx: _Ctx, name: str, size: Any, split: tuple[Any, Any] | None) -> Any:
    """The generic index ``name`` of a dimension: a pair ``(name1, name2)`` when the
    dimension has a product structure (every ``p`` in ``[ab]`` is exactly one pair)."""
    if (split is not None and _same(split[0] * split[1], size)
            and not (_same(split[0], 1) or _same(split[1], 1))):  # (1, b): the plain index
        hi, lo = (sp.Symbol(f"{name}{t}", integer=True, positive=True) for t in (1, 2))
        ctx.ranges[hi] = (sp.Integer(1), sp.sympify(split[0]))
        ctx.ranges[lo] = (sp.Integer(1), sp.sympify(split[1]))
        return _Pair(hi, lo, split[0], split[1])
    k = sp.Symbol(name, integer=True, positive=True)
    ctx.ranges[k] = (sp.Integer(1), sp.sympify(size))
    return k


def _freshen(e: sp.Basic) -> sp.Basic:
    """Rename every summation index to a unique dummy (nested sums may reuse a name)."""
    if isinstance(e, sp.Sum):
        body, limits = _freshen(e.function), []
        for m, lo, hi in e.limits:
            f = sp.Dummy("m", integer=True, positive=True)
            body = body.xreplace({m: f})
            limits.append((f, lo, hi))
        return sp.Sum(body, *limits)
    if not e.args:
        return e
    args = [_freshen(a) for a in e.args]
    if all(a is b for a, b in zip(args, e.args)):
        return e  # no sum below: rebuilding would only re-run SymPy's evaluation
    return e.func(*args)


def _flatten(s: sp.Sum) -> tuple[list[tuple], list[sp.Expr]]:
    """``sum_a F(a) sum_b G(a, b) = sum_{a, b} F(a) G(a, b)`` (constant ranges): the indices and
    factors of the multiple sum."""
    dummies, factors = list(s.limits), []
    for f in sp.Mul.make_args(s.function):
        if isinstance(f, sp.Sum):
            d2, f2 = _flatten(f)
            dummies += d2
            factors += f2
        else:
            factors.append(f)
    return dummies, factors


def _resolvable(m: Any, o: Any, dom: dict, rng: dict) -> bool:
    """Whether ``sum_m [m = o] g(m) = g(o)`` may be used: ``o`` lies in ``m``'s range."""
    if m not in dom or o == m:
        return False
    lo, _ = dom[m]
    if o.is_Integer:
        return bool(lo == 1 and o == 1)  # every range is [1, size] with size >= 1
    return rng.get(o) == dom[m]


def _assemble(dummies: list[tuple], factors: list, ranges: dict) -> sp.Expr:
    """Canonical product of independent multiple sums for ``sum_{dummies} prod(factors)``."""
    dom = {m: (lo, hi) for m, lo, hi in dummies}
    rng = {**ranges, **dom}
    factors = [f.base if isinstance(f, sp.Pow) and isinstance(f.base, sp.KroneckerDelta)
               and f.exp.is_Integer and f.exp > 0 else f for f in factors]
    progress = True
    while progress:
        progress = False
        for f in factors:
            if not isinstance(f, sp.KroneckerDelta):
                continue
            a, b = f.args
            pick = next(((m, o) for m, o in ((a, b), (b, a)) if _resolvable(m, o, dom, rng)),
                        None)
            if pick is None:
                continue
            m, o = pick
            factors.remove(f)
            factors = [g.xreplace({m: o}) for g in factors]
            del dom[m]
            progress = True
            break
    body = sp.Mul(*factors)
    if body == 0:
        return sp.Integer(0)
    coeff: list[Any] = []
    for m in [m for m in dom if m not in body.free_symbols]:
        lo, hi = dom.pop(m)
        coeff.append(hi - lo + 1)
    # connected components of the remaining indices (indices linked by a shared factor)
    comps: list[tuple[set, list]] = []
    for f in sp.Mul.make_args(body):
        idx = f.free_symbols & set(dom)
        if not idx:
            coeff.append(f)
            continue
        joined = [c for c in comps if c[0] & idx]
        merged = (set(idx).union(*[c[0] for c in joined]), [f] + [g for c in joined
                                                               for g in c[1]])
        comps = [c for c in comps if not any(c is j for j in joined)] + [merged]
    out = sp.Mul(*coeff)
    for idx, fs in comps:
        out *= _canonical_sum(sorted(idx, key=str), sp.Mul(*fs), dom)
    return out


def _canonical_sum(idx: list, body: sp.Expr, dom: dict) -> sp.Sum:
    """The multiple sum under the renaming of its indices with the least ``srepr``."""
    h = _height(body) + 1
    names = [sp.Symbol(f"_c{h}_{t}", integer=True, positive=True) for t in range(len(idx))]
    perms = itertools.permutations(idx) if len(idx) <= 6 else [tuple(idx)]
    best, key = None, None
    for perm in perms:
        mapping = dict(zip(perm, names))
        cand = sp.Sum(body.xreplace(mapping), *[(names[t], *dom[perm[t]])
                                                for t in range(len(idx))])
        k = sp.srepr(cand)
        if key is None or k < key:
            best, key = cand, k
    return best


def canonical(e: sp.Expr, ranges: dict | None = None) -> sp.Expr:
    """A normal form of an entry formula invariant under reordering nested sums (Fubini, all
    ranges are constant), renaming indices, resolving ``sum_m [m = o] g(m) = g(o)`` (when ``o``
    lies in ``m``'s range) and splitting sums into products of independent sums. Every rewrite
    is an identity, so ``canonical(e) = e`` for all sizes.

    >>> a, b, n, d = sp.symbols("a b n d", integer=True, positive=True)
    >>> X = sp.IndexedBase("X")
    >>> e = sp.Sum(X[a, b], (b, 1, d), (a, 1, n)) - sp.Sum(X[a, b], (a, 1, n), (b, 1, d))
    >>> canonical(e)
    0
    """
    rng = {s: (sp.sympify(a), sp.sympify(b)) for s, (a, b) in (ranges or {}).items()}

    def rec(t: sp.Basic) -> sp.Basic:
        if isinstance(t, sp.Sum):
            dummies, factors = _flatten(t)
            return _assemble(dummies, [rec(f) for f in factors], rng)
        if not t.args or isinstance(t, sp.Indexed):
            return t
        return t.func(*[rec(a) for a in t.args])

    return rec(_freshen(sp.sympify(e)))


def _splits(e: Any, like: Any = None) -> tuple[Any, Any]:
    """Product structures of the rows and columns of ``e``, else of ``like``."""
    def one(axis: int) -> tuple[Any, Any] | None:
        out = _split(e, axis) if ob.is_matrix(e) else None
        if out is None and like is not None and ob.is_matrix(like):
            out = _split(like, axis)
        return out

    return one(0), one(1)


_FORMULAS: dict[Any, tuple[sp.Expr, dict]] = {}
_FORMULAS_MAX = 1024


def _formula(e: Any, ranges: dict | None, splits: tuple[Any, Any]
             ) -> tuple[sp.Expr, dict[sp.Symbol, tuple[Any, Any]]]:
    """Normalised generic-entry formula and every index range known while building it.

    Memoised: a derivation's step ``k`` compares expressions ``k-1`` and ``k``, so each
    expression is normalised by two steps, and the result depends on ``(e, ranges, splits)``
    alone (a fresh context, its dummies numbered from 1, every time)."""
    try:
        key: Any = (e, tuple(sorted((ranges or {}).items(), key=str)), splits)
        hash(key)
    except TypeError:
        key = None
    if key is not None and key in _FORMULAS:
        out, known = _FORMULAS[key]
        return out, dict(known)
    result = _formula_uncached(e, ranges, splits)
    if key is not None:
        if len(_FORMULAS) >= _FORMULAS_MAX:
            _FORMULAS.clear()
        _FORMULAS[key] = (result[0], dict(result[1]))
    return result


def _formula_uncached(e: Any, ranges: dict | None, splits: tuple[Any, Any]
                      ) -> tuple[sp.Expr, dict[sp.Symbol, tuple[Any, Any]]]:
    ctx = _Ctx(dict(ranges or {}))
    if ob.is_matrix(e):
        k = _free_index(ctx, "k", e.shape[0], splits[0])
        col_ = (sp.Integer(1) if e.shape[1] == 1
                else _free_index(ctx, "l", e.shape[1], splits[1]))
        raw = _entry(e, k, col_, ctx)
    else:
        raw = _scalar(e, ctx)
    return _normalise(raw, ctx), ctx.ranges


def entry_formula(e: Any, ranges: dict | None = None, like: Any = None) -> sp.Expr:
    """The normalised formula of a generic entry ``k`` of ``e`` (or of the scalar ``e``).

    A dimension with a product structure (``vec``, ``⊗``: see :func:`_split`) is indexed by
    a pair ``(k1, k2)``; ``like`` (the other side of an identity) may supply that structure.

    >>> from symbolic import matrix, vector, exp_, kron, vec, n, d
    >>> A, x = matrix("A", n, d), vector("x", d)
    >>> entry_formula(exp_(A * x))
    exp(Sum(A[k, _s1]*x[_s1], (_s1, 1, d)))
    >>> X = matrix("X", d, d)
    >>> entry_formula(kron(A, A) * vec(X))
    Sum(A[k1, _s2]*Sum(A[k2, _s1]*X[_s2, _s1], (_s1, 1, d)), (_s2, 1, d))
    """
    return _formula(e, ranges, _splits(e, like))[0]


#: the largest entry formula (nodes) :func:`generic_identity` tries to cancel. Over the 135
#: dimension-generic identities of the three papers, the 97 it proves have formulas of at most
#: 816 nodes (0.6 s at most); the eight larger ones (1960 to 31885 nodes: identities on the
#: sphere, which need a hypothesis the engine does not use) it never proves, after 2.6 s to the
#: 10 s limit each. A deterministic cutoff, where a time limit depends on the machine's load.
MAX_FORMULA_NODES = 1500


def generic_identity(lhs: Any, rhs: Any, ranges: dict | None = None,
                     seconds: float = 20.0) -> bool | None:
    """True when ``lhs = rhs`` is proved for all sizes; None when not shown (never False).

    ``ranges`` maps index symbols to ``(1, bound)``; missing ones are inferred from the
    derivatives and columns they index.
    """
    from symbolic.claim import Claim

    try:
        rng = dict(ranges or {})
        if not rng:
            from symbolic.relation import Relation

            c = Claim("generic:extra-1", lhs, Relation.EQ, rhs)
            rng = {s: (sp.Integer(1), sp.sympify(b)) for s, b in index_ranges(c).items()}
        with time_limit(seconds):
            splits = _splits(lhs, rhs)  # one generic index for both sides
            fl, known = _formula(lhs, rng, splits)
            # beyond the engine (see MAX_FORMULA_NODES): a side too large decides alone, before
            # the other side is built (the answer is None whatever that side would be)
            if nodes(fl, MAX_FORMULA_NODES + 1) > MAX_FORMULA_NODES:
                return None
            fr, known_r = _formula(rhs, rng, splits)
            if nodes(fr, MAX_FORMULA_NODES + 1) > MAX_FORMULA_NODES:
                return None
            diff = fl - fr
            if _decide(diff):
                return True
            free = {s: r for s, r in {**known, **known_r}.items()
                    if not s.name.startswith("_")}  # the summation dummies are bound
            return _decide(canonical(diff, free))
    except (NotGeneric, TimedOut):
        return None
    except Exception:  # an operator outside the translation: "not shown", never a verdict
        return None


def index_ranges(claim: Any) -> dict[sp.Symbol, sp.Expr]:
    """Index symbols of a claim and their upper bounds (see :func:`symbolic.claim.index_bounds`)."""
    from symbolic.claim import index_bounds

    return index_bounds(claim)


# ----------------------------------------------------------------------------- SymEngine


def symengine_diff(e: sp.Expr, var: sp.Symbol) -> sp.Expr:
    """``d e / d var`` generated by SymEngine, returned as SymPy.

    >>> from symbolic.identity import is_identically_zero
    >>> a, b = sp.symbols("a b", real=True)
    >>> g = sp.exp(a * b) / (1 + sp.exp(a))
    >>> is_identically_zero(symengine_diff(g, a) - sp.diff(g, a))
    True
    >>> symengine_diff(g, a).free_symbols == {a, b}  # the SymPy symbols, assumptions kept
    True
    """
    import symengine as se

    with shielded():  # SymEngine's C++ calls back into Python: no alarm raises inside
        d = se.diff(se.sympify(e), se.sympify(var))
    out = sp.sympify(d)
    names = {s.name: s for s in sp.sympify(e).free_symbols | {var}}
    return out.xreplace({s: names[s.name] for s in out.free_symbols if s.name in names})


# ----------------------------------------------------------------------------- chain-rule steps


@dataclass
class Step:
    """``previous = expr``, by ``rule``; ``holds`` is the generic check of that equality."""

    expr: Any
    rule: str
    holds: bool | None = None


def _is_const(e: Any, var: Any) -> bool:
    return var not in ob.symbols_of(e)


def _rule(e: Any, var: Any, i: Any, j: Any) -> tuple[Any, str] | None:
    """One rewrite of the derivative ``d e / d var_{i,j}`` (None: no rule applies)."""
    D = lambda t: ob.deriv(t, var, i, j)  # noqa: E731
    if _is_const(e, var):
        return (sp.ZeroMatrix(*e.shape) if ob.is_matrix(e) else sp.Integer(0),
                f"{_txt(e)} does not depend on {var}")
    if isinstance(e, (ob.NamedMatrix, ob.NamedScalar)):
        return D(e.args[1]), f"definition of {_txt(e)}"
    if isinstance(e, sp.Mul) and not ob.is_matrix(e):
        coeff, rest = e.as_coeff_Mul()
        if coeff != 1:
            return coeff * D(rest), "linearity"
        a, b = e.args[0], sp.Mul(*e.args[1:])
        return D(a) * b + a * D(b), "product rule"
    if isinstance(e, sp.Pow) and not ob.is_matrix(e):
        base, p = e.args
        if declared(base, EUCLIDEAN) and p == 2:
            v = base.args[0]
            return 2 * ob.inner(v, D(v)), "chain rule: d||v||^2 = 2<v, dv>"
        return p * base ** (p - 1) * D(base), f"power rule: d(a^{p}) = {p} a^{p - 1} da"
    if isinstance(e, sp.MatAdd):
        return sp.MatAdd(*[D(a) for a in e.args if not _is_const(a, var)]), (
            "linearity (constant terms drop)")
    if isinstance(e, sp.MatMul):
        scal = [a for a in e.args if not ob.is_matrix(a)]
        mats = [a for a in e.args if ob.is_matrix(a)]
        s, m = sp.Mul(*scal), (mats[0] if len(mats) == 1 else sp.MatMul(*mats))
        if scal and len(mats) == 1:
            if _is_const(s, var):
                return s * D(m), "linearity"
            return D(s) * m + s * D(m), "product rule"
        if len(mats) == 2 and _is_const(mats[0], var) and mats[1] == var:
            if var.shape[1] == 1:
                return ob.col(mats[0], i), (f"d({_txt(e)})/d{var}_i = "
                                            f"{_paren_txt(mats[0])}_(*,i)")
        if len(mats) == 2 and mats[0] == var and _is_const(mats[1], var):
            n_ = var.shape[0]
            return (ob.entry(mats[1], j) * ob.col(sp.Identity(n_), i),
                    f"d({_txt(e)})/d{var}_ij = {_paren_txt(mats[1])}_j e_i")
        return None
    if isinstance(e, ob.ElemExp):
        return ob.hadamard(e, D(e.args[0])), "chain rule: d exp(z) = exp(z) o dz (entrywise)"
    if isinstance(e, ob.Inner):
        u, v = e.args
        if _is_const(v, var):
            return ob.inner(D(u), v), "linearity of the inner product"
        if _is_const(u, var):
            return ob.inner(u, D(v)), "linearity of the inner product"
        return ob.inner(D(u), v) + ob.inner(u, D(v)), "product rule for <u, v>"
    if isinstance(e, sp.Add):
        return sp.Add(*[D(a) for a in e.args]), "linearity"
    if isinstance(e, (ob.Deriv, ob.ScalarDeriv)):
        inner = _rewrite_one(e, ())
        return (D(inner[0]), inner[1]) if inner else None
    return None


def _rewrite_one(e: Any, path: tuple) -> tuple[Any, str] | None:
    """Rewrite the first derivative node (pre-order) that a rule applies to."""
    if isinstance(e, (ob.Deriv, ob.ScalarDeriv)):
        expr, var, i, j = e.args
        if isinstance(expr, (ob.Deriv, ob.ScalarDeriv)):
            sub = _rewrite_one(expr, path)
            if sub is not None:
                return ob.deriv(sub[0], var, i, j), sub[1]
        r = _rule(expr, var, i, j)
        if r is not None:
            return r
    for k, a in enumerate(e.args):
        if not isinstance(a, sp.Basic) or not a.args:
            continue
        sub = _rewrite_one(a, (*path, k))
        if sub is not None:
            args = list(e.args)
            args[k] = sub[0]
            return e.func(*args), sub[1]
    return None


def derive_steps(lhs: Any, target: Any = None, max_steps: int = 40,
                 check: bool = True) -> list[Step]:
    """Rewrite the derivatives in ``lhs`` rule by rule; end with ``= target`` if given.

    Each step's equality with the previous expression is checked by :func:`generic_identity`
    (``Step.holds``: True proved for all sizes, None not shown).

    >>> from symbolic import matrix, vector, index, deriv, exp_, n, d
    >>> A, x, i = matrix("A", n, d), vector("x", d), index("i")
    >>> steps = derive_steps(deriv(exp_(A * x), x, i))
    >>> [s.rule for s in steps][-1], all(s.holds for s in steps[1:])
    ('d(A*x)/dx_i = A_(*,i)', True)
    """
    ranges = None
    steps = [Step(lhs, "statement", True)]
    cur = lhs
    for _ in range(max_steps):
        nxt = _rewrite_one(cur, ())
        if nxt is None:
            break
        cur = nxt[0]
        steps.append(Step(cur, nxt[1]))
    if target is not None:
        steps.append(Step(sp.sympify(target), "algebra (collect terms, use the definitions)"))
    if check:
        for prev, st in itertools.pairwise(steps):
            st.holds = generic_identity(prev.expr, st.expr, ranges)
    return steps


# ----------------------------------------------------------------------------- plain text


class TextPrinter(StrPrinter):
    """Plain-text printing of the papers' operators (``<u, v>``, ``A[:,i]``, ``f(x)``)."""

    def _print_NamedMatrix(self, e):
        s = str(e.args[0])
        return (s.replace("\\alpha", "α").replace("L_{\\exp}", "L_exp")
                .replace("\\", ""))

    _print_NamedScalar = _print_NamedMatrix

    def _print_ElemExp(self, e):
        return f"exp({self._print(e.args[0])})"

    def _print_Inner(self, e):
        return f"<{self._print(e.args[0])}, {self._print(e.args[1])}>"

    def _print_Column(self, e):
        return f"{self._print(e.args[0])}[:,{self._print(e.args[1])}]"

    def _print_Entry(self, e):
        m, i, j = e.args
        idx = self._print(i) if j == 1 else f"{self._print(i)},{self._print(j)}"
        return f"({self._print(m)})[{idx}]"

    def _print_Diag(self, e):
        return f"diag({self._print(e.args[0])})"

    def _print_Norm2(self, e):
        return f"||{self._print(e.args[0])}||_2"

    def _print_OneMatrix(self, e):
        return f"1_{self._print(e.shape[0])}"

    def _print_Identity(self, e):
        return "I"

    def _print_HadamardProduct(self, e):
        return " ∘ ".join(self.parenthesize(a, 50) for a in e.args)

    def _print_Transpose(self, e):
        return f"{self.parenthesize(e.args[0], 60)}^T"

    def _deriv(self, e):
        expr, var, i, j = e.args
        coord = self._print(i) if var.shape[1] == 1 else f"{self._print(i)}{self._print(j)}"
        return f"d/d{self._print(var)}_{coord}[{self._print(expr)}]"

    _print_Deriv = _deriv
    _print_ScalarDeriv = _deriv

    def _print_Basic(self, e):
        """Any other operator in the papers' notation (:func:`symbolic.pretty.pretty`), never
        as ``ClassName(args)``."""
        return pretty(e)


def _txt(e: Any) -> str:
    return TextPrinter().doprint(e)


def _paren_txt(e: Any) -> str:
    """:func:`_txt`, in parentheses unless ``e`` is a name (before a subscript)."""
    s = _txt(e)
    return s if isinstance(e, (sp.Symbol, sp.MatrixSymbol)) else f"({s})"


def text(e: Any) -> str:
    """Plain text of an expression in the papers' notation.

    >>> from symbolic import matrix, vector, exp_, inner, ones, n, d
    >>> A, x = matrix("A", n, d), vector("x", d)
    >>> text(inner(exp_(A * x), ones(n)))
    '<exp(A*x), 1_n>'
    """
    if hasattr(e, "rel") and hasattr(e, "lhs") and not isinstance(e, sp.Basic):  # a Prop
        return f"{_txt(e.lhs)} {e.rel.value} {_txt(e.rhs)}"
    return _txt(e)
