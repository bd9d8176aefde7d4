"""Row-wise expressions: an ``n × k`` matrix whose row ``i`` is one formula of row ``i`` of its
``n``-row symbols, the same formula for every ``i`` and every ``n``.

Such an expression ``E`` has a *row form* ``ρ(E)``: a scalar (``k = 1``) or a column vector of
size ``k`` (row ``i`` transposed), in fresh vectors ``t`` that stand for the rows of each
``n``-row symbol ``T`` (``T_{i,*} = tᵀ``). Row ``i`` of ``E`` is ``ρ(E)`` with every ``t`` set
to the row ``i`` of its ``T``. The rules (each an identity of row ``i``):

- ``ρ(T) = t``; ``ρ(𝟏ₙ 1ₖᵀ) = 𝟏ₖ`` (``1`` when ``k = 1``);
- ``ρ(E + F) = ρ(E) + ρ(F)``, ``ρ(cE) = c ρ(E)`` for ``c`` free of every ``n``-row object;
- ``ρ(E K) = Kᵀ ρ(E)`` for ``K`` free of them (``ρ(E) Kᵀ`` when ``E`` has one column);
- ``ρ(diag(v) E) = ρ(v) ρ(E)``;
- ``ρ(E ∘ F) = ρ(E) ∘ ρ(F)``, ``ρ((E ∘ F) 𝟏) = ⟨ρ(E), ρ(F)⟩``;
- ``ρ(exp(E)) = exp(ρ(E))``, ``ρ(E^{∘−1}) = ρ(E)^{∘−1}`` entrywise;
- a named definition is its body.

Anything else (a transpose, ``𝟏ₙᵀ E``, an identity ``Iₙ``, softmax over the rows, an entry)
mixes rows: there is no row form (:class:`NotRowwise`). So an equality of two row-wise
``n``-vectors holds for every ``n`` exactly when the scalar equality of their row forms holds
for every ``t``, and two row-wise vectors whose row forms differ by a scalar ``c`` free of
every ``t`` differ by ``c𝟏ₙ``.

Example:
    >>> from symbolic import matrix, vector, ones, hadamard, n, d
    >>> T, q = matrix("T", n, d), vector("q", d)
    >>> form, rows = row_form(hadamard(T, T) * ones(d) - 2 * T * q, n)
    >>> form, sorted(map(str, rows.values()))
    (-2*Inner(q, t_T) + Inner(t_T, t_T), ['t_T'])
"""

from __future__ import annotations

import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixExpr

from symbolic import objects as ob


class NotRowwise(ValueError):
    """The expression mixes rows (or is not of a kind the rules know)."""


def _mentions(e: sp.Basic, rows: sp.Symbol) -> bool:
    """Does ``e`` hold an object with ``rows`` among its dimensions?"""
    return any(isinstance(x, MatrixExpr) and any(rows in sp.sympify(k).free_symbols
                                                 for k in x.shape)
               for x in sp.preorder_traversal(e))


def _constant(e: sp.Basic, rows: sp.Symbol) -> bool:
    """Free of every object of ``rows`` rows (the same in every row)."""
    return not _mentions(e, rows)


def row_forms(exprs: list[sp.Basic], rows: sp.Symbol,
              ) -> tuple[list[sp.Basic], dict[sp.Basic, sp.Basic]]:
    """``([ρ(e) for e in exprs], {T: t})``: the row forms of ``rows × k`` expressions, with one
    fresh vector (a scalar, for a vector ``T``) standing for the rows of each ``rows``-row
    symbol, named apart from every symbol of ``exprs``. Raises :class:`NotRowwise`."""
    fresh: dict[sp.Basic, sp.Basic] = {}
    taken = {str(s) for e in exprs for s in ob.symbols_of(e)}
    return [_rho(e, rows, fresh, taken) for e in exprs], fresh


def row_form(e: sp.Basic, rows: sp.Symbol) -> tuple[sp.Basic, dict[sp.Basic, sp.Basic]]:
    """``(ρ(e), {T: t})`` for one expression (:func:`row_forms`)."""
    forms, fresh = row_forms([e], rows)
    return forms[0], fresh


def _vector(n: sp.Expr, taken: set[str], base: str) -> sp.MatrixSymbol:
    return sp.MatrixSymbol(ob.fresh_name(f"t_{base}", taken), n, 1)


def _scalar(m: sp.Basic) -> sp.Expr:
    """The scalar ``uᵀ v`` of a ``1 × 1`` product as ``⟨u, v⟩``."""
    if isinstance(m, sp.MatMul):
        coeff = sp.Mul(*[a for a in m.args if not isinstance(a, MatrixExpr)])
        mats = [a for a in m.args if isinstance(a, MatrixExpr)]
        if len(mats) >= 2:
            rest = sp.MatMul(*mats[1:]) if len(mats) > 2 else mats[1]
            return coeff * ob.inner(mats[0].T, rest)
    raise NotRowwise(f"{m}: a 1 × 1 matrix read as a scalar only as a product")


def _is_ones_sum(k: sp.Basic) -> bool:
    return isinstance(k, sp.OneMatrix) and k.shape[1] == 1


def _rho(e: sp.Basic, rows: sp.Symbol, fresh: dict, taken: set[str]) -> sp.Basic:
    if not isinstance(e, MatrixExpr) or e.shape[0] != rows:
        raise NotRowwise(f"{e} is not a matrix of {rows} rows")
    k = e.shape[1]
    scalar_form = k == 1
    if isinstance(e, ob.NamedMatrix):
        return _rho(e.args[1], rows, fresh, taken)
    if isinstance(e, sp.MatrixSymbol):
        if e not in fresh:
            fresh[e] = _vector(k, taken, str(e.name)) if k != 1 else \
                sp.Symbol(ob.fresh_name(f"t_{e.name}", taken), real=True)
        return fresh[e]
    if isinstance(e, sp.OneMatrix):
        return sp.Integer(1) if scalar_form else ob.ones(k)
    if isinstance(e, sp.MatAdd):
        return sp.Add(*[_rho(a, rows, fresh, taken) for a in e.args]) if scalar_form \
            else sp.MatAdd(*[_rho(a, rows, fresh, taken) for a in e.args])
    if isinstance(e, sp.MatMul):
        scal = [a for a in e.args if not isinstance(a, MatrixExpr)]
        mats = [a for a in e.args if isinstance(a, MatrixExpr)]
        if any(_mentions(c, rows) for c in scal):
            raise NotRowwise(f"a coefficient of {e} mixes rows")
        coeff = sp.Mul(*scal)
        head, tail = mats[0], mats[1:]
        if isinstance(head, ob.Diag) and tail:  # diag(v) E
            rest = sp.MatMul(*tail) if len(tail) > 1 else tail[0]
            return coeff * _rho(head.args[0], rows, fresh, taken) * _rho(rest, rows, fresh,
                                                                         taken)
        if isinstance(head, ob.Diag | sp.Identity):
            raise NotRowwise(f"{head} alone mixes rows")
        if isinstance(head, sp.OneMatrix) and head.shape[1] == 1 and len(tail) == 1 \
                and tail[0].shape[0] == 1 and _constant(tail[0], rows):
            # 𝟏ₙ aᵀ: every row is aᵀ (the row form: (aᵀ)ᵀ)
            return coeff * (_scalar(tail[0]) if scalar_form else tail[0].T)
        if not tail:
            return coeff * _rho(head, rows, fresh, taken)
        k_ = sp.MatMul(*tail) if len(tail) > 1 else tail[0]
        if not _constant(k_, rows):
            raise NotRowwise(f"{k_} has {rows} rows: a product over the rows")
        if isinstance(head, sp.HadamardPower) and head.exp == 2:
            head = sp.HadamardProduct(head.base, head.base, evaluate=False)
        if isinstance(head, sp.HadamardProduct) and _is_ones_sum(k_):
            forms = [_rho(a, rows, fresh, taken) for a in head.args]
            if len(forms) != 2 or head.shape[1] == 1:
                raise NotRowwise(f"{head}: only a product of two matrices is summed")
            return coeff * ob.inner(forms[0], forms[1])
        inner_form = _rho(head, rows, fresh, taken)
        if head.shape[1] == 1:  # a column times a row: the scalar times Kᵀ
            return coeff * inner_form * (_scalar(k_) if scalar_form else k_.T)
        if scalar_form:
            return coeff * ob.inner(k_, inner_form)
        return coeff * k_.T * inner_form
    if isinstance(e, sp.HadamardProduct):
        forms = [_rho(a, rows, fresh, taken) for a in e.args]
        return sp.Mul(*forms) if scalar_form else sp.HadamardProduct(*forms)
    if isinstance(e, sp.HadamardPower) and e.exp.is_Integer:
        form = _rho(e.base, rows, fresh, taken)
        return form ** e.exp if scalar_form else sp.HadamardPower(form, e.exp)
    if isinstance(e, ob.ElemExp):
        form = _rho(e.args[0], rows, fresh, taken)
        return sp.exp(form) if scalar_form else ob.exp_(form)
    if isinstance(e, ob.ElemRecip):
        form = _rho(e.args[0], rows, fresh, taken)
        return 1 / form if scalar_form else ob.recip_(form)
    raise NotRowwise(f"{type(e).__name__} is not read row by row")
