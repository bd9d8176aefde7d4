"""A normal form for the vocabulary, valid for every ``n`` and ``d``: two expressions with the
same normal form are equal for every size (each rewrite below is an identity).

Matrix and vector expressions become linear combinations of *basic terms* (matrix symbols,
products of them, ``exp(·)``, ``|·|`` and the other elementwise maps of a normal argument):
named definitions are unfolded, products distributed, ``(A − B)x = Ax − Bx``, transposes pushed
to the symbols, Hadamard products expanded; a combination whose terms share a left (or right)
factor is written with it factored out, so ``A x − A y`` and ``A(x − y)`` read alike.

Scalars built on them are rewritten by the rules mathematicians use without comment:

- ``⟨u, v⟩`` is bilinear and symmetric, ``⟨Mu, v⟩ = ⟨u, Mᵀv⟩``, ``⟨u, 𝟏⟩ = Σ u``, ``Σ`` is
  linear, ``Σ 𝟏ₙ = n``;
- ``‖c·u‖ = |c|·‖u‖`` (the common factor of the coefficients is pulled out) and ``‖−u‖ = ‖u‖``
  for every norm; ``‖|u|‖ = ‖u‖`` for the entrywise norms; ``‖Mᵀ‖ = ‖M‖`` for the operator
  and Frobenius norms;
- ``min(−u) = −max(u)``, ``min(c·u) = c·min(u)`` for ``c > 0``, ``max(|u|) = ‖u‖∞``,
  ``min(exp(u)) = exp(min(u))``, ``max(exp(u)) = exp(max(u))``;
- ``exp(u + c𝟏) = e^c exp(u)`` entrywise (so ``softmax(z + c𝟏) = softmax(z)``);
- for ``R`` a block of ``k`` rows of an identity ``I_m`` that lies within it: ``R Rᵀ = I_k``,
  ``R 𝟏 = 𝟏``, ``Σ Rᵀu = Σ u`` (a point of the sphere built from ``R`` has norm 1);
- for ``e_i`` column ``i`` of ``I_m``: ``e_iᵀe_i = 1``, ``e_iᵀe_j = 0`` when ``i − j`` is a
  nonzero number, ``R e_i = 0`` when row ``i`` lies outside ``R``'s block, and an entry ``v_i``
  is ``e_iᵀv`` term by term when one of these meets ``e_i`` (a block vector's last entry).

:func:`squares_as_inner` also writes ``‖u‖₂²`` as ``⟨u, u⟩`` (for identities; the blackboard
keeps norms whole).

Example:
    >>> from symbolic import matrix, vector, inner, norm2, ones, n, d
    >>> from symbolic.objects import exp_, sum_entries
    >>> A, x, y = matrix("A", n, d), vector("x", d), vector("y", d)
    >>> normal(norm2(A * x - A * y)) == normal(norm2(A * (y - x)))
    True
    >>> normal(inner(exp_(A * x), ones(n))) == normal(sum_entries(exp_(A * x)))
    True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import product

import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixExpr

from symbolic import objects as ob
from symbolic.vocabulary import ENTRYWISE as ENTRYWISE_
from symbolic.vocabulary import LINEAR, NORM, TRANSPOSE_INVARIANT, declared, having

Linear = dict[sp.Basic, sp.Expr]

#: norms with ‖c u‖ = |c| ‖u‖; the entrywise ones also have ‖|u|‖ = ‖u‖
NORMS = having(NORM)
ENTRYWISE = having(ENTRYWISE_)
#: linear scalar functions of a matrix (the trace): f(Σ cₖMₖ) = Σ cₖ f(Mₖ)
LINEAR_ = having(LINEAR)
ELEMENTWISE = (ob.ElemExp, ob.ElemAbs, ob.ElemLog, ob.ElemRecip)


#: expressions larger than this many nodes are left as they are (expanding them may blow up)
MAX_NODES = 200
#: the normal forms of two sides larger than this are not compared by ``cancel``
#: (``⟨σ(τ), σ(τ)⟩ = 1`` for the sphere point of lipschitz-attention needs 300)
SAME_NODES = 400


def nodes(e: sp.Basic, cap: int = MAX_NODES + 1) -> int:
    """The number of nodes of ``e``, counted up to ``cap``.

    >>> x = sp.Symbol("x")
    >>> nodes(x + 1), nodes((x + 1) ** 40, cap=3)
    (3, 3)
    """
    k = 0
    for _ in sp.preorder_traversal(e):
        k += 1
        if k >= cap:
            break
    return k


def _coeff(c: sp.Expr) -> sp.Expr:
    """A coefficient in normal form: expanded (so that equal coefficients compare equal), unless
    it is too large to expand safely."""
    return sp.expand(c) if nodes(c) <= MAX_NODES // 4 else c


@lru_cache(maxsize=8192)
def _is_zero(c: sp.Expr) -> bool:
    """Is the coefficient ``c`` zero as a rational function (memoised: the terms of many
    expressions share their coefficients)?"""
    return c == 0 or (nodes(c) <= MAX_NODES // 4 and sp.cancel(sp.together(c)) == 0)


def _add(out: Linear, term: sp.Basic, c: sp.Expr) -> None:
    if isinstance(term, sp.ZeroMatrix):  # a product a unit column's rule made zero
        return
    out[term] = out.get(term, sp.Integer(0)) + c


def _clean(lin: Linear) -> Linear:
    out = {}
    for term, c in lin.items():
        c = _coeff(c)
        if not _is_zero(c):
            out[term] = c
    return out


def _factors(term: sp.Basic) -> list[sp.Basic]:
    return list(term.args) if isinstance(term, sp.MatMul) else [term]


def _product(factors: list[sp.Basic]) -> sp.Basic:
    factors = _rows_of_identity(factors)
    return factors[0] if len(factors) == 1 else sp.MatMul(*factors)


def _identity_rows(f: sp.Basic) -> sp.Expr | None:
    """``k`` when ``f`` is a block of ``k`` rows of an identity ``I_m`` that lies within it
    (``j·k ≤ m`` for every size): its rows are orthonormal and each has one entry 1."""
    if not isinstance(f, ob.RowBlock) or not isinstance(f.args[0], sp.Identity):
        return None
    m, j, k = f.args[0].shape[0], f.args[1], f.args[2]
    return k if sp.expand(m - j * k).is_nonnegative and sp.sympify(j).is_positive else None


def _rows_of_identity(factors: list[sp.Basic]) -> list[sp.Basic]:
    """Adjacent factors rewritten by what the rows of an identity satisfy: ``R Rᵀ = I_k`` and
    ``R 𝟏_m = 𝟏_k`` for ``R`` a block of ``k`` rows of ``I_m`` (:func:`_identity_rows`);
    ``𝟏ᵀ Rᵀ = 𝟏ᵀ`` likewise (each an identity for every size).

    >>> d = sp.Symbol("d", integer=True, positive=True)
    >>> R = ob.RowBlock(sp.Identity(d), 1, d - 1)
    >>> [f.shape for f in _rows_of_identity([R, sp.Transpose(R), sp.OneMatrix(d - 1, 1)])]
    [(d - 1, 1)]
    >>> [type(f).__name__ for f in _rows_of_identity([R, sp.OneMatrix(d, 1)])]
    ['OneMatrix']
    """
    out: list[sp.Basic] = []
    for f in factors:
        prev = out[-1] if out else None
        meets = _unit_columns(prev, f) if prev is not None else None
        if meets == 0:  # e_iᵀe_j for i ≠ j, R e_i or e_iᵀRᵀ for a row i outside R's block
            return [sp.ZeroMatrix(factors[0].shape[0], factors[-1].shape[1])]
        if meets == 1:  # e_iᵀe_i = 1
            out.pop()
            continue
        k = _identity_rows(prev) if prev is not None else None
        if k is not None and isinstance(f, sp.Transpose) and f.arg == prev:
            out.pop()  # R Rᵀ = I_k
            continue
        if k is not None and isinstance(f, sp.OneMatrix):
            out[-1] = sp.OneMatrix(k, f.shape[1])  # R 𝟏 = 𝟏
            continue
        if isinstance(f, sp.Transpose) and _identity_rows(f.arg) is not None and \
                isinstance(prev, sp.OneMatrix):
            out[-1] = sp.OneMatrix(prev.shape[0], f.shape[1])  # 𝟏ᵀ Rᵀ = 𝟏ᵀ
            continue
        out.append(f)
    if not out:
        k = _identity_rows(factors[0])
        out = [sp.Identity(k if k is not None else factors[0].shape[0])]
    return out


def _unit(f: sp.Basic) -> tuple[sp.Expr, sp.Expr] | None:
    """``(m, i)`` when ``f`` is ``e_i``, column ``i`` of an identity ``I_m``, with ``1 ≤ i ≤ m``
    for every size (a column outside the identity is no unit vector: ``e_{n−1}`` at ``n = 1``)."""
    if isinstance(f, ob.Column) and isinstance(f.args[0], sp.Identity):
        m, i = f.args[0].shape[0], sp.sympify(f.args[1])
        if sp.expand(i - 1).is_nonnegative and sp.expand(m - i).is_nonnegative:
            return m, i
    return None


def _outside(i: sp.Expr, block: sp.Basic) -> bool:
    """Is row ``i`` outside the rows ``(j−1)k + 1 … jk`` of a block ``R`` of an identity's
    rows, for every size?"""
    _, j, k = block.args
    return bool(sp.expand(i - j * k - 1).is_nonnegative) or \
        bool(sp.expand((j - 1) * k - i).is_nonnegative)


def _unit_columns(prev: sp.Basic, f: sp.Basic) -> int | None:
    """What the adjacent factors ``prev f`` are when a unit column meets a unit column or a
    block of the same identity's rows: 1 (``e_iᵀe_i``), 0 (``e_iᵀe_j`` with ``i − j`` a nonzero
    number, ``R e_i`` or ``e_iᵀRᵀ`` with row ``i`` outside ``R``'s block), None otherwise.

    >>> d = sp.Symbol("d", integer=True, positive=True)
    >>> e, R = ob.Column(sp.Identity(d + 1), d + 1), ob.RowBlock(sp.Identity(d + 1), 1, d)
    >>> _unit_columns(sp.Transpose(e), e), _unit_columns(R, e), _unit_columns(e, sp.Transpose(e))
    (1, 0, None)
    """
    if isinstance(prev, sp.Transpose) and _unit(prev.arg) is not None:
        m, i = _unit(prev.arg)
        if _unit(f) is not None and _unit(f)[0] == m:
            j = _unit(f)[1]
            if i == j:
                return 1
            return 0 if (i - j).is_number and i != j else None
        if isinstance(f, sp.Transpose) and _identity_rows(f.arg) is not None and \
                f.arg.args[0].shape[0] == m and _outside(i, f.arg):
            return 0
    if _identity_rows(prev) is not None and _unit(f) is not None and \
            _unit(f)[0] == prev.args[0].shape[0] and _outside(_unit(f)[1], prev):
        return 0
    return None


def _transpose(term: sp.Basic) -> sp.Basic:
    if isinstance(term, sp.MatMul):
        return _product([_transpose(f) for f in reversed(term.args)])
    if isinstance(term, sp.Transpose):
        return term.arg
    if isinstance(term, (sp.OneMatrix, sp.Identity, ob.SymmetricMatrixSymbol)) \
            and term.shape[0] == term.shape[1]:
        return term
    if isinstance(term, sp.OneMatrix | sp.ZeroMatrix):
        return type(term)(term.shape[1], term.shape[0])
    return sp.Transpose(term)


def linear(e: sp.Basic) -> Linear:
    """A matrix expression as ``{basic term: coefficient}``.

    >>> from symbolic import matrix, vector, n, d
    >>> A, B, x = matrix("A", n, d), matrix("B", n, d), vector("x", d)
    >>> sorted(map(str, linear((A - B) * x).items()))
    ['(A*x, 1)', '(B*x, -1)']
    """
    return dict(_linear(e))


@lru_cache(maxsize=4096)
def _linear(e: sp.Basic) -> tuple[tuple[sp.Basic, sp.Expr], ...]:
    out: Linear = {}
    if isinstance(e, ob.NamedMatrix):
        return _linear(e.args[1])
    if isinstance(e, sp.ZeroMatrix):
        return ()
    if isinstance(e, sp.MatAdd):
        for a in e.args:
            for term, c in _linear(a):
                _add(out, term, c)
    elif isinstance(e, sp.MatMul):
        scal = sp.Mul(*[normal(a) for a in e.args if not isinstance(a, MatrixExpr)])
        mats = [_linear(a) for a in e.args if isinstance(a, MatrixExpr)]
        for combo in product(*mats):
            factors = [f for term, _ in combo for f in _factors(term)]
            factors = [f for f in factors if not isinstance(f, sp.Identity)] or \
                [combo[0][0]]
            _add(out, _product(factors), scal * sp.Mul(*[c for _, c in combo]))
    elif isinstance(e, sp.Transpose):
        for term, c in _linear(e.arg):
            _add(out, _transpose(term), c)
    elif isinstance(e, sp.HadamardProduct):
        for combo in product(*[_linear(a) for a in e.args]):
            terms = sorted((t for t, _ in combo), key=sp.default_sort_key)
            _add(out, sp.HadamardProduct(*terms), sp.Mul(*[c for _, c in combo]))
    elif isinstance(e, sp.KroneckerProduct):  # bilinear: (A − C) ⊗ B = A ⊗ B − C ⊗ B
        for combo in product(*[_linear(a) for a in e.args]):
            _add(out, sp.KroneckerProduct(*[t for t, _ in combo]),
                 sp.Mul(*[c for _, c in combo]))
    elif isinstance(e, ob.ElemExp):
        body, shift = _exp_shift(matrix_normal(e.args[0]))
        _add(out, ob.ElemExp(body), sp.exp(shift))
    elif isinstance(e, ELEMENTWISE):
        _add(out, type(e)(matrix_normal(e.args[0])), sp.Integer(1))
    elif isinstance(e, sp.MatrixSymbol | sp.OneMatrix | sp.Identity) or not e.args:
        _add(out, e, sp.Integer(1))
    else:  # another operator: its arguments in normal form
        _add(out, e.func(*[matrix_normal(a) if isinstance(a, MatrixExpr) else normal(a)
                           for a in e.args]), sp.Integer(1))
    return tuple(sorted(_clean(out).items(), key=lambda tc: sp.default_sort_key(tc[0])))


def _exp_shift(arg: sp.Basic) -> tuple[sp.Basic, sp.Expr]:
    """``(u, c)`` when ``arg`` is ``u + c𝟏`` (``exp(u + c𝟏) = e^c exp(u)`` entrywise), else
    ``(arg, 0)``.

    >>> from symbolic import vector, ones, scalar, n
    >>> z, t = vector("z", n), scalar("t")
    >>> _exp_shift(matrix_normal(z + t * ones(n)))
    (z, t)
    """
    lin = linear(arg)
    ones = [(term, c) for term, c in lin.items() if isinstance(term, sp.OneMatrix)]
    if len(ones) != 1 or len(lin) < 2:
        return arg, sp.Integer(0)
    term, c = ones[0]
    return _rebuild({k: v for k, v in lin.items() if k != term}), c


def _factor_out(lin: Linear) -> sp.Basic | None:
    """``Σ c_k F u_k`` as ``F (Σ c_k u_k)`` (or the right factor), when every term shares it."""
    if len(lin) < 2:
        return None
    facs = [_factors(t) for t in lin]
    if all(len(f) >= 2 for f in facs):
        if len({f[0] for f in facs}) == 1:
            rest = {_product(f[1:]): c for f, c in zip(facs, lin.values(), strict=True)}
            return sp.MatMul(facs[0][0], _rebuild(rest))
        if len({f[-1] for f in facs}) == 1:
            rest = {_product(f[:-1]): c for f, c in zip(facs, lin.values(), strict=True)}
            return sp.MatMul(_rebuild(rest), facs[0][-1])
    return None


def _rebuild(lin: Linear) -> sp.Basic:
    factored = _factor_out(lin)
    if factored is not None:
        return factored
    parts = [t if c == 1 else sp.MatMul(c, t) for t, c in
             sorted(lin.items(), key=lambda tc: sp.default_sort_key(tc[0]))]
    return parts[0] if len(parts) == 1 else sp.MatAdd(*parts)


def matrix_normal(e: sp.Basic) -> sp.Basic:
    """The normal form of a matrix expression (a zero matrix when every term cancels).

    >>> from symbolic import matrix, vector, n, d
    >>> A, x, y = matrix("A", n, d), vector("x", d), vector("y", d)
    >>> matrix_normal(A * x - A * y)
    A*(x - y)
    """
    lin = linear(e)
    return _rebuild(lin) if lin else sp.ZeroMatrix(*e.shape)


def _content(lin: Linear) -> tuple[sp.Expr, Linear]:
    """``(g, rest)`` with ``lin = g · rest``: ``g`` the factor every coefficient shares, signed
    so that the first coefficient of ``rest`` has no leading minus sign."""
    coeffs = [sp.factor_terms(c) for c in lin.values()]
    common, nums = None, []
    for c in coeffs:
        num, parts = c.as_coeff_Mul()
        nums.append(num)
        fs = set(sp.Mul.make_args(parts)) - {sp.Integer(1)}
        common = fs if common is None else common & fs
    g = sp.Mul(*sorted(common or (), key=sp.default_sort_key))
    if all(q.is_Rational for q in nums):
        g *= abs(sp.gcd_list(nums))
    rest = {t: _coeff(c / g) for t, c in lin.items()}
    first = rest[min(rest, key=sp.default_sort_key)]
    if first.could_extract_minus_sign():
        g, rest = -g, {t: -c for t, c in rest.items()}
    return g, rest


def _norm(e: sp.Basic) -> sp.Expr:
    make, arg, extra = type(e), e.args[0], e.args[1:]
    if isinstance(arg, ob.ElemAbs) and isinstance(e, ENTRYWISE):
        arg = arg.args[0]
    lin = linear(arg)
    if not lin:
        return sp.Integer(0)
    g, rest = _content(lin)
    body = _rebuild(rest)
    if declared(e, TRANSPOSE_INVARIANT):  # ‖Mᵀ‖ = ‖M‖: the first of M and Mᵀ
        body = _first_orientation(rest, body)
    return sp.Abs(g) * make(body, *extra)


def _first_orientation(rest: Linear, body: sp.Basic) -> sp.Basic:
    """Of a matrix combination and its transpose, the first in SymPy's order."""
    flipped = _rebuild({_transpose(t): c for t, c in rest.items()})
    return min(body, flipped, key=sp.default_sort_key)


def _linear_map(e: sp.Basic) -> sp.Expr:
    """A declared linear function of a matrix: f(Σ cₖMₖ) = Σ cₖ f(Mₖ), each term in the
    first of its orientations when f is transpose-invariant (tr(Mᵀ) = tr(M))."""
    out = sp.Integer(0)
    for term, c in linear(e.args[0]).items():
        if declared(e, TRANSPOSE_INVARIANT):
            term = _first_orientation({term: sp.Integer(1)}, term)
        out += c * type(e)(term)
    return out


def _inner(u: sp.Basic, v: sp.Basic) -> sp.Expr:
    out = sp.Integer(0)
    for (a, ca), (b, cb) in product(linear(u).items(), linear(v).items()):
        out += ca * cb * _basic_inner(a, b)
    return out


def _sum_term(a: sp.Basic) -> sp.Expr:
    """``Σ a`` of one basic term: ``Σ 𝟏 = `` its size, ``Σ Rᵀu = Σ u`` for ``R`` rows of an
    identity (``Rᵀu`` is ``u`` with zeros added)."""
    if isinstance(a, sp.OneMatrix):
        return a.shape[0] * a.shape[1]
    fs = _factors(a)
    if len(fs) > 1 and isinstance(fs[0], sp.Transpose) and \
            _identity_rows(fs[0].arg) is not None:
        return _sum_term(_product(fs[1:]))
    return ob.SumEntries(a)


def _basic_inner(a: sp.Basic, b: sp.Basic) -> sp.Expr:
    if isinstance(a, sp.ZeroMatrix) or isinstance(b, sp.ZeroMatrix):
        return sp.Integer(0)
    if any(_unit(f) is not None for f in (*_factors(a), *_factors(b))):
        whole = _product([_transpose(f) for f in reversed(_factors(a))] + _factors(b))
        if isinstance(whole, sp.ZeroMatrix):
            return sp.Integer(0)
        if isinstance(whole, sp.Identity):  # e_iᵀe_i
            return sp.Integer(1)
    if isinstance(b, sp.OneMatrix):
        return _sum_term(a) if not isinstance(a, sp.OneMatrix) else a.shape[0] * a.shape[1]
    if isinstance(a, sp.OneMatrix):
        return _sum_term(b)
    # ⟨M u, v⟩ = ⟨u, Mᵀ v⟩: every matrix factor moves right, and of the two ways to write
    # ⟨a, M b⟩ = ⟨b, Mᵀ a⟩ the one first in SymPy's order is kept
    fa, fb = _factors(a), _factors(b)
    fb = [_transpose(f) for f in reversed(fa[:-1])] + fb
    first = fa[-1]
    other = ([_transpose(f) for f in reversed(fb[:-1])] + [first], fb[-1])
    a, b = min(((first, _product(fb)), (other[1], _product(other[0]))),
               key=lambda ab: (sp.default_sort_key(ab[0]), sp.default_sort_key(ab[1])))
    if isinstance(a, sp.ZeroMatrix) or isinstance(b, sp.ZeroMatrix):
        return sp.Integer(0)
    if isinstance(a, sp.OneMatrix) or isinstance(b, sp.OneMatrix):  # 𝟏 after R 𝟏 = 𝟏
        return _basic_inner(a, b)
    return ob.Inner(a, b)


def _entry(e: sp.Basic) -> sp.Expr:
    """``v_i = e_iᵀv`` of a column ``v``, term by term, when a unit column or a block of an
    identity's rows in ``v`` meets ``e_i`` (``e_iᵀe_i = 1``, ``e_iᵀRᵀ = 0`` for a row outside
    ``R``'s block): the entry of the top block's last row of ``[A; yᵀ]`` is ``y``'s. Otherwise the
    entry of ``v``'s normal form, as written."""
    v, i = e.args[0], e.args[1]
    lin = linear(v)
    if e.args[2] != 1 or v.shape[1] != 1 or not any(
            _unit(f) is not None or _identity_rows(f) is not None
            or (isinstance(f, sp.Transpose) and _identity_rows(f.arg) is not None)
            for term in lin for f in _factors(term)):
        return e.func(matrix_normal(v), *e.args[1:])
    unit = ob.Column(sp.Identity(v.shape[0]), i)
    out = sp.Integer(0)
    for term, c in lin.items():
        p = _product([sp.Transpose(unit), *_factors(term)])
        fs = _factors(p)
        if isinstance(p, sp.ZeroMatrix):
            continue
        if isinstance(p, sp.Identity):  # e_iᵀe_i
            out += c
        elif len(fs) > 1 and isinstance(fs[0], sp.Transpose) and fs[0].arg.shape[1] == 1:
            out += c * _basic_inner(fs[0].arg, _product(fs[1:]))  # uᵀ(rest) = ⟨u, rest⟩
        else:
            out += c * e.func(term, *e.args[1:])
    return out


def _sum(u: sp.Basic) -> sp.Expr:
    out = sp.Integer(0)
    for a, c in linear(u).items():
        out += c * _sum_term(a)
    return out


def _extreme(e: sp.Basic) -> sp.Expr:
    """``min``/``max`` of the entries of one scaled basic term, by its sign and its map."""
    lin = linear(e.args[0])
    is_min = isinstance(e, ob.MinEntry)
    if len(lin) != 1:
        return type(e)(matrix_normal(e.args[0]))
    (term, c), = lin.items()
    if not (c.is_positive or c.is_negative):
        return type(e)(matrix_normal(e.args[0]))
    if c.is_negative:  # min(c u) = c max(u) for c < 0
        is_min = not is_min
    if isinstance(term, ob.ElemExp):  # exp is increasing
        inner = (ob.MinEntry if is_min else ob.MaxEntry)(term.args[0])
        return c * sp.exp(_extreme(inner))
    if isinstance(term, ob.ElemAbs) and not is_min:
        return c * normal(ob.NormInf(term.args[0]))
    return c * (ob.MinEntry if is_min else ob.MaxEntry)(term)


@lru_cache(maxsize=8192)
def normal(e: sp.Basic) -> sp.Basic:
    """The normal form of a scalar expression (matrix expressions go to :func:`matrix_normal`).

    >>> from symbolic import vector, norm2, scalar, n
    >>> x, c = vector("x", n), scalar("c")
    >>> normal(norm2(-c * x))
    Abs(c)*Norm2(x)
    """
    if isinstance(e, MatrixExpr):
        return matrix_normal(e)
    if isinstance(e, ob.NamedScalar):
        return normal(e.args[1])
    if isinstance(e, NORMS):
        return _norm(e)
    if isinstance(e, LINEAR_):
        return _linear_map(e)
    if isinstance(e, ob.Inner):
        return _inner(*e.args[:2])
    if isinstance(e, ob.SumEntries):
        return _sum(e.args[0])
    if isinstance(e, (ob.MinEntry, ob.MaxEntry)):
        return _extreme(e)
    if isinstance(e, ob.Entry) and ob.is_matrix(e.args[0]):
        return _entry(e)
    if not e.args or isinstance(e, (sp.Symbol, sp.Number)):
        return e
    args = [normal(a) for a in e.args]
    return e if all(a is b for a, b in zip(args, e.args, strict=True)) else e.func(*args)


def squares_as_inner(e: sp.Basic) -> sp.Basic:
    """``‖u‖₂²`` written as ``⟨u, u⟩`` (expanded bilinearly), in an expression in normal form.

    >>> from symbolic import vector, norm2, inner, n
    >>> x, y = vector("x", n), vector("y", n)
    >>> squares_as_inner(normal(norm2(x - y) ** 2)) == normal(inner(x - y, x - y))
    True
    """
    def square(p: sp.Pow) -> sp.Expr:
        k = int(p.exp) // 2
        return normal(ob.Inner(p.base.args[0], p.base.args[0])) ** k \
            * p.base ** (int(p.exp) - 2 * k)

    return e.replace(lambda p: isinstance(p, sp.Pow) and isinstance(p.base, ob.Norm2)
                     and p.exp.is_Integer and p.exp >= 2, square)


def same(lhs: sp.Basic, rhs: sp.Basic,
         nonzero: Callable[[sp.Expr], bool] | None = None, limit: int = MAX_NODES) -> bool:
    """Do ``lhs`` and ``rhs`` have one normal form (so are equal for every size)? Never
    raises.

    ``nonzero``: a cheap test that may show the difference of the normal forms to be nonzero
    at some point where it is defined (a rigorous evaluation: True only when certain), asked
    before ``cancel``. ``cancel`` only rewrites an expression into an equal one, so it cannot
    bring such a difference to 0: the answer is the same, found sooner.

    >>> from symbolic import vector, norm2, inner, n
    >>> x = vector("x", n)
    >>> same(norm2(x) ** 2, inner(x, x)), same(norm2(x), inner(x, x))
    (True, False)

    ``limit``: sides of more nodes than this (together) are compared as written; their normal
    forms, of more than twice as many, are not compared by ``cancel``.
    """
    try:
        return _same(lhs, rhs, nonzero, limit)
    except TypeError:  # unhashable sides: not memoised
        return _same.__wrapped__(lhs, rhs, nonzero, limit)


@lru_cache(maxsize=4096, typed=True)  # typed: 0 and Integer(0) are answered apart
def _same(lhs: sp.Basic, rhs: sp.Basic, nonzero: Callable[[sp.Expr], bool] | None,
          limit: int = MAX_NODES) -> bool:
    """:func:`same`, memoised: a proof's steps repeat their sides, and a claim may reach the
    identity stage more than once (its conclusion, a restatement)."""
    try:
        if nodes(lhs, limit + 1) + nodes(rhs, limit + 1) > limit:
            return lhs == rhs
        if ob.is_matrix(lhs) or ob.is_matrix(rhs):
            return linear(lhs) == linear(rhs)
        a, b = squares_as_inner(normal(lhs)), squares_as_inner(normal(rhs))
        if a == b:
            return True
        most = SAME_NODES * limit // MAX_NODES
        if nodes(a, limit + 1) + nodes(b, most + 1) > most:
            return False
        diff = sp.expand(a - b)
        if diff == 0:
            return True
        # an expanded polynomial in the atoms is 0 only as written: cancel (costly) is for
        # quotients alone
        if not has_quotient(diff) or (nonzero is not None and nonzero(diff)):
            return False
        return sp.cancel(sp.together(diff)) == 0
    except (TypeError, ValueError, AttributeError, RecursionError, sp.PolynomialError):
        return False


def has_quotient(e: sp.Basic) -> bool:
    """Does ``e`` divide by something (a negative power outside an atom's arguments too)?

    >>> x = sp.Symbol("x")
    >>> has_quotient(x + 1), has_quotient(1 / (x + 1))
    (False, True)
    """
    return any(isinstance(p, sp.Pow) and p.exp.is_negative for p in sp.preorder_traversal(e))
