"""Where an expression is defined: the obligations a claim carries before any check trusts it.

A statement is defined where every part of it is: each denominator is nonzero, each log
argument (scalar or entrywise) is positive, each even root or fractional power has a
non-negative base (a positive one under a negative exponent), each ``asin``/``acos``
argument lies in [−1, 1], each ``tan`` argument has a nonzero cosine, each inverted matrix
is invertible, and each entropy's vector is non-negative. :func:`obligations` lists these
conditions as :class:`~symbolic.prop.Prop`\\ s, inner ones first, so that each may assume the
ones before it. A ``proved`` verdict stands only when every obligation is shown to follow
from the hypotheses (:mod:`numeric.kernel`); a ``refuted`` one only where each holds.

The LaTeX reader records the obligations of what the author wrote before SymPy simplifies it
(``\\frac{x}{x}`` is ``1`` to SymPy; its obligation ``x ≠ 0`` is kept on the claim, in
``Claim.defined_if``).

Example:
    >>> import sympy as sp
    >>> from symbolic.objects import scalar
    >>> x = scalar("x")
    >>> sorted(str(p) for p in obligations(sp.log(x) / (x - 1)))
    ['x - 1 != 0', 'x > 0']
    >>> obligations(sp.exp(x) + x**2)
    []
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import sympy as sp

from symbolic import objects as ob
from symbolic.prop import Prop
from symbolic.vocabulary import BY_CLASS, Declared


def with_positive_symbols(e: Any, props: Iterable[Prop]) -> Any:
    """``e`` with each symbol that ``props`` state positive (``a > 0``, ``0 < a``) replaced by a
    positive symbol of the same name, so SymPy's assumptions know its sign; ``None`` when
    ``props`` state no symbol positive.

    >>> a, p = sp.Symbol("a", real=True), sp.Symbol("p", real=True)
    >>> (with_positive_symbols(a**p, [Prop(a, ">", 0)])).is_positive
    True
    >>> with_positive_symbols(a**p, []) is None
    True
    """
    from symbolic.relation import Relation

    positive = {h.lhs for h in props if h.rel is Relation.GT and h.rhs == 0
                and isinstance(h.lhs, sp.Symbol)}
    positive |= {h.rhs for h in props if h.rel is Relation.LT and h.lhs == 0
                 and isinstance(h.rhs, sp.Symbol)}
    if not positive:
        return None
    return sp.sympify(e).xreplace({s: sp.Dummy(s.name, positive=True) for s in positive})


def nonzero(e: sp.Expr) -> Prop:
    """``e ≠ 0`` as the relation every back end reads (``|e| > 0``), printed ``e != 0``.

    >>> str(nonzero(sp.Symbol("x") - 1))
    'x - 1 != 0'
    """
    try:
        return Prop(e, "!=", 0)
    except (TypeError, ValueError, NotImplementedError):  # SymPy cannot simplify |e|
        return Prop(sp.Abs(e, evaluate=False), ">", 0, written=f"{e} != 0")


_RELATIONS = {sp.StrictGreaterThan: ">", sp.GreaterThan: ">=", sp.StrictLessThan: "<",
              sp.LessThan: "<="}


def conditions(relations: Iterable[Any]) -> list[Prop]:
    """A declaration's domain (SymPy relations) as the obligations every reader checks.

    >>> x = sp.Symbol("x", real=True)
    >>> [str(p) for p in conditions([sp.Ne(sp.cos(x), 0, evaluate=False)])]
    ['cos(x) != 0']
    """
    out = []
    for r in relations:
        if isinstance(r, sp.Unequality):
            out.append(nonzero(r.lhs - r.rhs))
        else:
            out.append(Prop(r.lhs, _RELATIONS[type(r)], r.rhs))
    return out


def _pow(base: sp.Expr, exp: sp.Expr) -> list[Prop]:
    if ob.is_matrix(base):
        return []
    if exp.is_Integer:
        return [nonzero(base)] if exp.is_negative else []
    if exp.is_integer or _integer_valued(exp):  # xⁿ, x^(2n+1), x^(n(n+1)/2) of an integer
        # n: defined for every real x (a nonzero one when the exponent may be negative)
        return [] if exp.is_nonnegative else [nonzero(base)]
    if exp.is_Rational:  # a root: the real root of a negative number is not what is meant
        return [Prop(base, ">", 0)] if exp.is_negative else [Prop(base, ">=", 0)]
    if base.is_positive:  # 2**x, e**x: defined everywhere
        return []
    # x**y for a real y: a non-negative base, and a positive one unless y > 0 (0**y = 0)
    if exp.is_positive:
        return [Prop(base, ">=", 0)]
    return [Prop(base, ">=", 0), Prop(sp.Max(base, exp), ">", 0,
                                      written=f"{base} > 0 or {exp} > 0",
                                      written_expr=sp.Or(sp.Gt(base, 0), sp.Gt(exp, 0)))]


def _integer_valued(e: sp.Expr) -> bool:
    """Whether ``e`` is a polynomial with rational coefficients in integer symbols that takes
    an integer value at every integer point (``n(n+1)/2``): checked on the grid
    {0, …, degree}^k, which decides it (a polynomial is integer-valued exactly when it is a
    combination of binomials with integer coefficients)."""
    from itertools import product

    syms = sorted(e.free_symbols, key=str)
    if not syms or len(syms) > 3 or not all(v.is_integer for v in syms):
        return False
    try:
        poly = sp.Poly(e, *syms)
    except sp.PolynomialError:
        return False
    if not all(c.is_Rational for c in poly.coeffs()) or poly.total_degree() > 8:
        return False
    grid = range(poly.total_degree() + 1)
    return all(e.subs(dict(zip(syms, point, strict=True))).is_Integer
               for point in product(grid, repeat=len(syms)))


def power_conditions(base: Any, exp: Any) -> list[Prop]:
    """Where ``base**exp`` is defined, for a scalar base (see the module docstring).

    >>> x = sp.Symbol("x", real=True)
    >>> [str(p) for p in power_conditions(x, sp.Rational(-1, 2))]
    ['x > 0']
    """
    return _pow(sp.sympify(base), sp.sympify(exp))


def own_conditions(node: sp.Basic) -> list[Prop]:
    """Where ``node`` itself is defined, given its arguments are (an unevaluated node is
    read as written: ``asin(2, evaluate=False)``).

    >>> x = sp.Symbol("x", real=True)
    >>> [str(p) for p in own_conditions(sp.acos(x, evaluate=False))]
    ['Abs(x) <= 1']
    """
    return _own(node)


def _matrix_invertible(m: sp.Basic) -> Prop:
    """``M`` invertible, as ``λ_min(MᵀM) > 0``."""
    return Prop(ob.LambdaMin(m.T * m), ">", 0)


def _own(node: sp.Basic) -> list[Prop]:
    """The obligations ``node`` adds itself (not its arguments')."""
    decl = BY_CLASS.get(type(node))
    if decl is not None:
        return conditions(decl.domain(*node.args)) if decl.domain is not None else []
    if isinstance(node, Declared):
        return conditions(node.domain())
    if isinstance(node, sp.MatPow):
        if node.exp.is_Integer and node.exp.is_negative:
            return [_matrix_invertible(node.base)]
        if not node.exp.is_Integer:
            return [Prop(ob.LambdaMin(node.base), ">=", 0)]
        return []
    if isinstance(node, sp.Inverse):
        return [_matrix_invertible(node.args[0])]
    if isinstance(node, sp.Pow):
        return _pow(node.base, node.exp)
    if isinstance(node, sp.HadamardPower):
        e = node.exp
        if e.is_Integer:
            return [Prop(ob.MinEntry(ob.ElemAbs(node.base)), ">", 0)] if e.is_negative else []
        return [Prop(ob.MinEntry(node.base), ">" if e.is_negative else ">=", 0)]
    return []


@dataclass(frozen=True)
class Obligation:
    """One condition under which an expression is defined: ``prop``, for every value of the
    indices of the sums it sits in (``within``: their ranges, e.g. ``1 <= i``, ``i <= n``).

    >>> str(Obligation(Prop(sp.Symbol("x"), ">", 0)))
    'x > 0'
    """

    prop: Prop
    within: tuple[Prop, ...] = ()

    def __str__(self) -> str:
        if not self.within:
            return str(self.prop)
        return f"{self.prop} for {', '.join(map(str, self.within))}"


def obligations(*exprs: Any) -> list[Obligation]:
    """The conditions under which every one of ``exprs`` is defined, inner ones first, each
    once; one that SymPy's assumptions already make true (``exp(x) > 0``, ``x² + 1 ≠ 0``)
    is left out. A condition on a term of a ``Sum`` that names the sum's index holds for
    each index in its range (``Obligation.within``).

    >>> from symbolic.objects import scalar, vector, log_, n
    >>> x, u = scalar("x"), vector("u", n)
    >>> [str(p) for p in obligations(sp.sqrt(x**2 + 1), 1 / (x**2 + 1), sp.asin(x))]
    ['Abs(x) <= 1']
    >>> [str(p) for p in obligations(log_(u))]
    ['MinEntry(u) > 0']
    """
    out: list[Obligation] = []
    seen: set[Obligation] = set()
    for e in exprs:
        if not isinstance(e, sp.Basic):
            continue
        try:
            found = _of(e)
        except TypeError:  # an unhashable node: no memo
            found = _of.__wrapped__(e)
        for o in found:
            if o not in seen:
                seen.add(o)
                out.append(o)
    return out


@lru_cache(maxsize=8192)
def _of(e: sp.Basic) -> tuple[Obligation, ...]:
    """The obligations of one expression (memoised: a paper's claims share their sides)."""
    return tuple(o for o in dict.fromkeys(_postorder(e, ())) if not settled(o.prop))


def _postorder(e: sp.Basic, within: tuple[Prop, ...]) -> Iterable[Obligation]:
    """Each node's obligations after its arguments' (inner first)."""
    if isinstance(e, (ob.NamedMatrix, ob.NamedScalar)):
        yield from _postorder(e.args[1], within)
        return
    if isinstance(e, (sp.Sum, sp.Product)):
        body, *limits = e.args
        inner = within
        for var, lo, hi in limits:
            inner = (*inner, Prop(var, ">=", lo), Prop(var, "<=", hi))
        for o in _postorder(body, inner):
            names = o.prop.lhs.free_symbols | o.prop.rhs.free_symbols
            yield o if names & set(e.variables) else Obligation(o.prop, within)
        return
    for a in e.args:
        if isinstance(a, sp.Basic):
            yield from _postorder(a, within)
    try:
        own = _own(e)
    except (TypeError, ValueError, NotImplementedError, AttributeError):
        # a condition SymPy cannot state: a name no prover can show positive stands for it,
        # so the obligation stays open (never dropped)
        own = [Prop(sp.Symbol(f"<{type(e).__name__} defined here>"), ">", 0)]
    for p in own:
        yield Obligation(p, within)


#: the SymPy assumption on ``lhs − rhs`` that makes each relation true, and the one that
#: makes it false (an equality is never settled this way)
_HOLDS = {">": "is_positive", ">=": "is_nonnegative", "<=": "is_nonpositive", "<": "is_negative"}
_FAILS = {">": "is_nonpositive", ">=": "is_negative", "<=": "is_positive", "<": "is_nonnegative"}


def _assumed(prop: Prop, table: dict[str, str]) -> bool:
    attr = table.get(prop.rel.value)
    if attr is None:
        return False
    try:
        return getattr(prop.lhs - prop.rhs, attr) is True
    except (TypeError, AttributeError):
        return False


def settled(prop: Prop) -> bool:
    """Do SymPy's assumptions alone make ``prop`` true (``exp(x) > 0``, ``|x| + 1 > 0``)?

    >>> x = sp.Symbol("x", real=True)
    >>> settled(Prop(sp.exp(x), ">", 0)), settled(Prop(x, ">", 0))
    (True, False)
    """
    return _assumed(prop, _HOLDS)


def never(prop: Prop) -> bool:
    """Do SymPy's assumptions make ``prop`` false everywhere (``−1 − x² ≥ 0``)?

    >>> x = sp.Symbol("x", real=True)
    >>> never(Prop(-1 - x**2, ">=", 0)), never(Prop(x, ">=", 0))
    (True, False)
    """
    return _assumed(prop, _FAILS)


def _pos_scalar(e: Any) -> bool:
    try:
        return bool(sp.sympify(e).is_positive)
    except (TypeError, AttributeError):
        return False


def _unscaled(e: Any) -> Any:
    """``X`` when ``e`` is ``c·X`` with ``c`` a positive scalar (or ``e`` itself), else None."""
    if not isinstance(e, sp.MatMul):
        return e
    scalars = [a for a in e.args if not ob.is_matrix(a)]
    mats = [a for a in e.args if ob.is_matrix(a)]
    if not all(_pos_scalar(c) for c in scalars):
        return None
    return sp.MatMul(*mats) if len(mats) > 1 else mats[0] if mats else None


def sign_of_entries(e: Any) -> str | None:
    """What is certain of the entries of the vector or matrix ``e``, from its form alone:
    ``"pos"`` (every entry > 0), ``"rowpos"`` (every entry ≥ 0 and every row has one > 0),
    ``"nonneg"`` (every entry ≥ 0) or None. Exact and conservative: ``exp(·)`` is positive,
    ``𝟏`` too, a product of a ``rowpos`` matrix and a positive one is positive (its rows sum
    at least one positive term), and so on.

    >>> from symbolic.objects import matrix, ones, exp_, n, d
    >>> A = matrix("A", n, d)
    >>> sign_of_entries(exp_(A) * ones(d)), sign_of_entries(A * ones(d))
    ('pos', None)
    >>> sign_of_entries(exp_(matrix("B", n, d - 1)) * ones(d - 1))  # d - 1 may be 0
    'nonneg'
    >>> sign_of_entries(sp.HadamardProduct(2 * A, A) * ones(d) + ones(n))  # 2a² + 1 > 0
    'pos'
    """
    rank = {"pos": 3, "rowpos": 2, "nonneg": 1}
    if isinstance(e, (ob.ElemExp, ob.Softmax)):
        return "pos"
    if isinstance(e, sp.OneMatrix):
        return "pos" if _pos_scalar(e.shape[1]) else "nonneg"
    if isinstance(e, sp.Identity):
        return "rowpos"
    if isinstance(e, (ob.ElemAbs,)):
        return "nonneg"
    if isinstance(e, (sp.Transpose,)):
        inner = sign_of_entries(e.args[0])
        return "nonneg" if inner == "rowpos" else inner
    if isinstance(e, (ob.NamedMatrix,)):
        return sign_of_entries(e.args[1])
    if isinstance(e, (ob.Vec, ob.Unvec)):
        inner = sign_of_entries(e.args[0])
        return "pos" if inner == "pos" else ("nonneg" if inner else None)
    if isinstance(e, ob.Diag):
        return "rowpos" if sign_of_entries(e.args[0]) == "pos" else (
            "nonneg" if sign_of_entries(e.args[0]) else None)
    if isinstance(e, sp.HadamardProduct):
        signs = [sign_of_entries(a) for a in e.args]
        if all(s == "pos" for s in signs):
            return "pos"
        if all(signs):
            return "nonneg"
        # a Hadamard square c·X ∘ X (c > 0): every entry c·x² ≥ 0
        bodies = [_unscaled(a) for a in e.args]
        return "nonneg" if len(bodies) == 2 and None not in bodies \
            and bodies[0] == bodies[1] else None
    if isinstance(e, sp.KroneckerProduct):
        signs = [sign_of_entries(a) for a in e.args]
        if not all(signs):
            return None
        return min(signs, key=lambda s: rank[s])
    if isinstance(e, sp.MatAdd):
        signs = [sign_of_entries(a) for a in e.args]
        if not all(signs):
            return None
        return max(signs, key=lambda s: rank[s]) if "pos" in signs else "nonneg"
    if isinstance(e, sp.MatMul):
        scalars = [a for a in e.args if not ob.is_matrix(a)]
        mats = [a for a in e.args if ob.is_matrix(a)]
        if not mats or not all(_pos_scalar(c) for c in scalars):
            return None
        signs = [sign_of_entries(m) for m in mats]
        if not all(signs):
            return None
        out = signs[-1]
        for m, s in zip(reversed(mats[:-1]), reversed(signs[:-1])):
            # a left factor whose every row has a positive entry (a positive one with at
            # least one column) times a right factor: each row of the product has a
            # positive term where the right factor's rows do
            rows_positive = s == "rowpos" or (s == "pos" and _pos_scalar(m.shape[1]))
            if not (rows_positive and out in ("pos", "rowpos")):
                out = "nonneg"
        return out
    return None


def _nonempty(v: Any) -> bool:
    """Does the vector or matrix ``v`` certainly have an entry (both sizes ≥ 1)?"""
    return all(_pos_scalar(k) for k in v.shape)


def scalar_sign(e: Any) -> str | None:
    """``"pos"`` when the scalar ``e`` is certainly positive by its form, ``"nonneg"`` when
    certainly non-negative, else None: ``exp``, ``⟨exp(u), 𝟏⟩`` (of a non-empty vector),
    norms, an entry of ``softmax(u)`` or ``exp(u)``, sums and products of those.

    >>> from symbolic.objects import vector, inner, exp_, ones, norm2, n
    >>> u = vector("u", n)
    >>> scalar_sign(inner(exp_(u), ones(n)) * norm2(u) + 1), scalar_sign(norm2(u) - 1)
    ('pos', None)
    """
    e = sp.sympify(e)
    if isinstance(e, ob.NamedScalar):
        return scalar_sign(e.args[1])
    try:
        if e.is_positive:
            return "pos"
    except (TypeError, AttributeError):
        pass
    if isinstance(e, sp.Abs) or (isinstance(e, Declared) and e.sign == "nonneg"):
        return "nonneg"
    if isinstance(e, (ob.Inner,)):
        u, v = e.args
        su, sv = sign_of_entries(u), sign_of_entries(v)
        if su and sv:
            return "pos" if su == sv == "pos" and _nonempty(u) else "nonneg"
        return None
    if isinstance(e, ob.Entry):  # one entry of a matrix whose entries have a sign
        sm = sign_of_entries(e.args[0])
        return "pos" if sm == "pos" else ("nonneg" if sm else None)
    if isinstance(e, (ob.SumEntries, ob.MaxEntry, ob.MinEntry)):
        v = e.args[0]
        sv = sign_of_entries(v)
        if sv == "pos" and _nonempty(v):
            return "pos"
        # an empty sum is 0; the extreme entry of an empty vector is not defined
        return "nonneg" if sv and (isinstance(e, ob.SumEntries) or _nonempty(v)) else None
    if isinstance(e, sp.exp):
        return "pos"
    if isinstance(e, (sp.Add, sp.Mul)):
        signs = [scalar_sign(a) for a in e.args]
        if not all(signs):
            return None
        if isinstance(e, sp.Mul):
            return "pos" if all(t == "pos" for t in signs) else "nonneg"
        return "pos" if "pos" in signs else "nonneg"
    if isinstance(e, sp.Pow) and e.exp.is_real:
        sb = scalar_sign(e.base)
        return "pos" if sb == "pos" else None
    try:
        if e.is_nonnegative:
            return "nonneg"
    except (TypeError, AttributeError):
        pass
    return None


def positive_by_form(prop: Prop) -> bool:
    """Is ``prop`` one of ``min(e) > 0``, ``min(|e|) > 0``, ``min(e) ≥ 0`` that the form of
    ``e`` settles (:func:`sign_of_entries`)?

    >>> from symbolic.objects import matrix, ones, exp_, n, d
    >>> positive_by_form(Prop(ob.MinEntry(ob.ElemAbs(exp_(matrix("A", n, d)) * ones(d))), ">", 0))
    True
    """
    if prop.rhs != 0:
        return False
    if prop.rel.value in (">", ">=") and not isinstance(prop.lhs, ob.MinEntry):
        g = prop.lhs.args[0] if isinstance(prop.lhs, sp.Abs) and prop.rel.value == ">" \
            else prop.lhs
        sign = scalar_sign(g)
        return sign == "pos" or (sign == "nonneg" and prop.rel.value == ">=")
    if not isinstance(prop.lhs, ob.MinEntry):
        return False
    e = prop.lhs.args[0]
    if isinstance(e, ob.ElemAbs) and prop.rel.value == ">":
        e = e.args[0]
    sign = sign_of_entries(e)
    if prop.rel.value == ">":
        return sign == "pos"
    return prop.rel.value == ">=" and sign is not None
