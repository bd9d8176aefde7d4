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
from typing import Any

import sympy as sp
from sympy.printing.str import StrPrinter

from symbolic import objects as ob
from symbolic.identity import exp_to_symbols
from symbolic.timeout import TimedOut, time_limit


class NotGeneric(Exception):
    """The expression uses an operator the generic-entry translation does not cover."""


# ----------------------------------------------------------------------------- entry formulas


@dataclass
class _Ctx:
    """Index ranges known while translating (index symbol -> (lo, hi))."""

    ranges: dict[sp.Symbol, tuple[Any, Any]] = field(default_factory=dict)
    counter: itertools.count = field(default_factory=itertools.count)

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


def _entry(e: Any, r: Any, c: Any, ctx: _Ctx) -> sp.Expr:
    """Entry ``(r, c)`` of the matrix expression ``e`` as a scalar formula."""
    if isinstance(e, ob.NamedMatrix):
        return _entry(e.args[1], r, c, ctx)
    if isinstance(e, sp.MatrixSymbol):
        base = sp.IndexedBase(e.name)
        return base[r] if e.shape[1] == 1 else base[r, c]
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
        return sp.KroneckerDelta(r, c) * _entry(e.args[0], r, 1, ctx)
    if isinstance(e, ob.ElemExp):
        return sp.exp(_entry(e.args[0], r, c, ctx))
    if isinstance(e, sp.HadamardProduct):
        return sp.Mul(*[_entry(a, r, c, ctx) for a in e.args])
    if isinstance(e, sp.OneMatrix):
        return sp.Integer(1)
    if isinstance(e, sp.Identity):
        return sp.KroneckerDelta(r, c)
    if isinstance(e, sp.ZeroMatrix):
        return sp.Integer(0)
    if isinstance(e, ob.Deriv):
        return _d(_entry(e.args[0], r, c, ctx), e.args[1], e.args[2], e.args[3], ctx)
    raise NotGeneric(f"generic entries: {type(e).__name__}")


def _product(mats: list, r: Any, c: Any, ctx: _Ctx) -> sp.Expr:
    if len(mats) == 1:
        return _entry(mats[0], r, c, ctx)
    first, rest = mats[0], mats[1:]
    inner_size = first.shape[1]
    return _sum(ctx, inner_size, lambda m: _entry(first, r, m, ctx) * _product(rest, m, c, ctx))


def _scalar(e: Any, ctx: _Ctx) -> sp.Expr:
    """A scalar expression of the papers' objects as a formula with indexed sums."""
    if isinstance(e, ob.NamedScalar):
        return _scalar(e.args[1], ctx)
    if isinstance(e, sp.Symbol) or e.is_Number or isinstance(e, sp.NumberSymbol):
        return e
    if isinstance(e, ob.Inner):
        u, v = e.args
        return _sum(ctx, u.shape[0], lambda m: _entry(u, m, 1, ctx) * _entry(v, m, 1, ctx))
    if isinstance(e, sp.Pow) and isinstance(e.base, (ob.Norm2, ob.FrobNorm)):
        v = e.base.args[0]
        sq = _sum(ctx, v.shape[0], lambda m: _sum(
            ctx, v.shape[1], lambda q: _entry(v, m, q, ctx) ** 2))
        return sq ** (e.exp / 2)
    if isinstance(e, ob.Entry):
        return _entry(e.args[0], e.args[1], e.args[2], ctx)
    if isinstance(e, ob.ScalarDeriv):
        return _d(_scalar(e.args[0], ctx), e.args[1], e.args[2], e.args[3], ctx)
    if ob.is_matrix(e) and e.shape == (1, 1):
        return _entry(e, sp.Integer(1), sp.Integer(1), ctx)
    if isinstance(e, (sp.Add, sp.Mul, sp.Pow, sp.exp)) and not ob.is_matrix(e):
        return e.func(*[_scalar(a, ctx) for a in e.args])
    raise NotGeneric(f"generic entries: {type(e).__name__}")


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
        if t.is_Number or isinstance(t, (sp.Symbol, sp.KroneckerDelta)):
            return sp.Integer(0)
        raise NotGeneric(f"generic derivative: {type(t).__name__}")

    return rec(e)


# ----------------------------------------------------------------------------- normal form


def _height(e: sp.Expr) -> int:
    return max((1 + _height(s.function) for s in e.atoms(sp.Sum)), default=0)


def _normalise(e: sp.Expr, ctx: _Ctx) -> sp.Expr:
    """Linearity of sums, delta resolution, canonical dummies (see the module docstring)."""
    if isinstance(e, sp.Sum):
        (m, lo, hi), = e.limits
        body = sp.expand(_normalise(e.function, ctx), power_exp=False)
        out = []
        for term in sp.Add.make_args(body):
            factors = list(sp.Mul.make_args(term))
            delta = next((f for f in factors if isinstance(f, sp.KroneckerDelta)
                          and m in f.free_symbols), None)
            if delta is not None:
                other = delta.args[1] if delta.args[0] == m else delta.args[0]
                if ctx.ranges.get(other) == (lo, hi) or (
                        other.is_Integer and other == lo and lo == hi):
                    factors.remove(delta)
                    out.append(_normalise(sp.Mul(*factors).xreplace({m: other}), ctx))
                    continue
            dep = [f for f in factors if m in f.free_symbols]
            indep = [f for f in factors if m not in f.free_symbols]
            if not dep:
                out.append(sp.Mul(*indep) * (hi - lo + 1))
                continue
            inner = sp.Mul(*dep)
            s = sp.Symbol(f"_s{_height(inner) + 1}", integer=True, positive=True)
            out.append(sp.Mul(*indep) * sp.Sum(inner.xreplace({m: s}), (s, lo, hi)))
        return sp.Add(*out)
    if isinstance(e, (sp.Indexed, sp.Symbol)) or not e.args:
        return e
    return e.func(*[_normalise(a, ctx) for a in e.args])


def _decide(e: sp.Expr) -> bool | None:
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


def entry_formula(e: Any, ranges: dict | None = None) -> sp.Expr:
    """The normalised formula of a generic entry ``k`` of ``e`` (or of the scalar ``e``).

    >>> from symbolic import matrix, vector, exp_, n, d
    >>> A, x = matrix("A", n, d), vector("x", d)
    >>> entry_formula(exp_(A * x))
    exp(Sum(A[k, _s1]*x[_s1], (_s1, 1, d)))
    """
    ctx = _Ctx(dict(ranges or {}))
    k = sp.Symbol("k", integer=True, positive=True)
    if ob.is_matrix(e):
        ctx.ranges[k] = (sp.Integer(1), sp.sympify(e.shape[0]))
        raw = _entry(e, k, sp.Integer(1) if e.shape[1] == 1 else sp.Symbol("l"), ctx)
    else:
        raw = _scalar(e, ctx)
    return _normalise(raw, ctx)


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
            diff = entry_formula(lhs, rng) - entry_formula(rhs, rng)
            return _decide(diff)
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

    out = sp.sympify(se.diff(se.sympify(e), se.sympify(var)))
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
        if isinstance(base, (ob.Norm2, ob.FrobNorm)) and p == 2:
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
                return ob.col(mats[0], i), f"d({_txt(e)})/d{var}_i = {mats[0]}_(*,i)"
        if len(mats) == 2 and mats[0] == var and _is_const(mats[1], var):
            n_ = var.shape[0]
            return (ob.entry(mats[1], j) * ob.col(sp.Identity(n_), i),
                    f"d({_txt(e)})/d{var}_ij = {mats[1]}_j e_i")
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


def _txt(e: Any) -> str:
    return TextPrinter().doprint(e)


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
