"""Split: the triangle inequality along the terms the right side names.

``‖W‖ ≤ s₁‖v₁‖ + … + s_k‖v_k‖`` follows from ``W = ±s₁v₁ ± … ± s_kv_k`` (an identity of the
normal form, for every size) and ``s_i ≥ 0``: the triangle inequality gives
``‖W‖ ≤ Σ ‖s_iv_i‖ = Σ |s_i|‖v_i‖``. A factor ``|t|`` of a scale needs no sign: the piece
carries ``t``, of either sign. This is the referee's "δ = δ₁ + δ₂, so by the triangle
inequality": the proof names the pieces by the terms of its bound. The blackboard's own
``triangle`` entry only splits ``W`` along its terms in normal form, and there
``q(x) − q(y)`` is four terms ``u(x) − u(y) − α(x)b + α(y)b``, not the two pieces
``u(x) − u(y)`` and ``h(x) − h(y)`` that the step bounds.

:func:`pieces` finds the signs; :func:`prove_split` proves each ``s_i ≥ 0`` with the engine
(``s_i = 1`` needs nothing). Both sides must use one norm, and the right side have 2 to
:data:`MAX_TERMS` terms.

Example:
    >>> from symbolic import Claim, vector, norm2, scalar, n
    >>> u, v, w = vector("u", n), vector("v", n), vector("w", n)
    >>> a = scalar("a")
    >>> c = Claim("t:extra-1", norm2(u - sp.exp(a) * w), "<=",
    ...           norm2(u - v) + sp.exp(a) * norm2(w - sp.exp(-a) * v))
    >>> [(str(r), sign) for r, _w, sign in pieces(c)]
    [('exp(a)', -1), ('1', 1)]
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

import sympy as sp

from numeric.prover.engine import Outcome
from symbolic import objects as ob
from symbolic.claim import Claim
from symbolic.normal_form import linear
from symbolic.objects import OpNorm
from symbolic.relation import Relation
from symbolic.vocabulary import NORM, having
from symbolic.vocabulary.norms import FrobNorm

#: the most terms the right side may have (2^k sign patterns are tried)
MAX_TERMS = 4
_NORMS = having(NORM)
#: the norms with ‖X ⊗ Y‖ = ‖X‖‖Y‖ (the library's ``kron-norm``)
_KRON = (OpNorm, FrobNorm)


def _scaled_norm(term: sp.Expr, kind: type) -> list[tuple[sp.Expr, sp.Expr]]:
    """The readings ``(s, v)`` of ``term`` as ``s·‖v‖`` for the norm ``kind``: one norm
    factor, or two of the spectral or the Frobenius norm read as ``‖X ⊗ Y‖ = ‖X‖‖Y‖`` (both
    orders); the rest scalar."""
    norms = [f for f in sp.Mul.make_args(term) if isinstance(f, kind)]
    rest = sp.Mul(*[f for f in sp.Mul.make_args(term) if not isinstance(f, kind)])
    if any(isinstance(p, kind) for p in sp.preorder_traversal(rest)):
        return []
    if len(norms) == 1:
        return [(rest, norms[0].args[0])]
    if len(norms) == 2 and kind in _KRON:
        x, y = (m.args[0] for m in norms)
        return [(rest, sp.KroneckerProduct(x, y)), (rest, sp.KroneckerProduct(y, x))]
    return []


def _unsigned(s: sp.Expr) -> tuple[sp.Expr, sp.Expr]:
    """``(t, r)`` with ``s = |t|·r``: the absolute values among the factors of ``s`` (a
    piece may carry either sign of their arguments) and the rest (which must be shown
    non-negative)."""
    absolute = [f.args[0] for f in sp.Mul.make_args(s) if isinstance(f, sp.Abs)]
    rest = [f for f in sp.Mul.make_args(s) if not isinstance(f, sp.Abs)]
    return sp.Mul(*absolute), sp.Mul(*rest)


def pieces(claim: Claim) -> list[tuple[sp.Expr, sp.Expr, int]] | None:
    """``[(r_i, w_i, σ_i)]`` for ``claim`` = ``‖W‖ ≤ Σ s_i‖v_i‖`` with ``s_i = |t_i|·r_i``
    and ``W = Σ σ_i t_i r_i v_i`` (σ_i = ±1, the first pattern that is an identity of the
    normal form; ``w_i = t_i r_i v_i``), or None. Each ``r_i`` must be shown non-negative."""
    if claim.rel is not Relation.LE or not isinstance(claim.lhs, _NORMS):
        return None
    kind = type(claim.lhs)
    terms = sp.Add.make_args(sp.sympify(claim.rhs))
    if not 2 <= len(terms) <= MAX_TERMS:
        return None
    readings = [_scaled_norm(t, kind) for t in terms]
    if not all(readings) or len(list(product(*readings))) > 8:
        return None
    whole = claim.lhs.args[0]
    if not ob.is_matrix(whole):
        return None
    for split in product(*readings):
        scaled = []
        for s, v in split:
            t, r = _unsigned(s)
            scaled.append((r, t * r * v))
        for signs in product((1, -1), repeat=len(scaled)):
            total = sp.MatAdd(*[sign * w for (_r, w), sign in zip(scaled, signs, strict=True)])
            if identical(whole, total):
                return [(r, w, sign) for (r, w), sign in zip(scaled, signs, strict=True)]
    return None


def identical(a: sp.Basic, b: sp.Basic) -> bool:
    """Are the matrix expressions ``a`` and ``b`` one linear combination of the same terms
    in normal form (:func:`symbolic.normal_form.linear`), coefficient by coefficient?"""
    try:
        la, lb = linear(a), linear(b)
        return la.keys() == lb.keys() and all(
            sp.expand(la[k] - lb[k]) == 0 for k in la)
    except (TypeError, ValueError, AttributeError, RecursionError):
        return False


def prove_split(claim: Claim, prove_sign: Callable[[Claim], Outcome]) -> Outcome:
    """A proof of ``claim`` by the triangle inequality along the pieces of :func:`pieces`,
    each scale shown non-negative by ``prove_sign``: route ``"split"``, ``parts`` the
    ``(term, 0, outcome)`` of each scale's sign (none for a scale 1), ``relies_on`` the
    ``triangle`` entry and the signs' entries."""
    found = pieces(claim)
    if found is None:
        return Outcome(False, "split: the left side is not the norm of a signed sum of the "
                              "pieces the right side's terms name", final=True)
    parts: list[tuple[int, int, Outcome]] = []
    kron = any(isinstance(w, sp.KroneckerProduct) or any(
        isinstance(p, sp.KroneckerProduct) for p in sp.preorder_traversal(w))
        for _s, w, _sign in found)
    for i, (s, _w, _sign) in enumerate(found):
        if s == 1:
            continue
        out = prove_sign(claim.with_(lhs=s, rel=Relation.GE, rhs=sp.S.Zero))
        if not out.proved:
            return Outcome(False, f"split: the scale of term {i + 1}, {s}, is not shown "
                                  "non-negative")
        parts.append((i, 0, out))
    return combined(parts, ("kron-norm",) if kron else ())


def regrouped(claim: Claim) -> Claim | None:
    """``‖P₁‖ + … + ‖P_m‖ ≤ rhs`` (the right side expanded) for ``claim`` = ``‖W‖ ≤ rhs``,
    where the pieces P are ``W``'s terms in normal form grouped by their coefficients: one
    piece per term whose coefficient is not a number (``(α − α')b``), one for the terms with
    numbers (``u − u'``); None when that gives fewer than 2 or more than :data:`MAX_TERMS`
    pieces. ``W = Σ P`` holds by construction and is checked."""
    if claim.rel is not Relation.LE or not isinstance(claim.lhs, _NORMS):
        return None
    whole = claim.lhs.args[0]
    if not ob.is_matrix(whole):
        return None
    try:
        lin = linear(whole)
    except (TypeError, ValueError, AttributeError, RecursionError):
        return None
    plain = [c * t for t, c in lin.items() if c.is_number]
    scaled = [c * t for t, c in lin.items() if not c.is_number]
    groups = scaled + ([sp.MatAdd(*plain)] if plain else [])
    if not 2 <= len(groups) <= MAX_TERMS or not identical(whole, sp.MatAdd(*groups)):
        return None
    kind = type(claim.lhs)
    return claim.with_(lhs=sp.Add(*[kind(g) for g in groups]), rhs=sp.expand(claim.rhs))


def prove_regrouped(claim: Claim, prove_sum: Callable[[Claim], Outcome]) -> Outcome:
    """A proof of ``claim`` by the triangle inequality along :func:`regrouped`'s pieces and
    a proof of the sum of their norms (``prove_sum``, e.g. term by term): route
    ``"regroup"``, ``parts`` the ``(0, 0, outcome)`` of that sum."""
    target = regrouped(claim)
    if target is None:
        return Outcome(False, "regroup: the left side is not a norm of 2 to "
                              f"{MAX_TERMS} pieces", final=True)
    out = prove_sum(target)
    if not out.proved:
        return Outcome(False, f"regroup: the sum of the pieces' norms is not bounded "
                              f"({out.reason})")
    return regroup_combined(out)


def regroup_combined(out: Outcome) -> Outcome:
    """The regrouped proof whose sum of the pieces' norms is proved by ``out``."""
    return Outcome(True, relies_on=sorted({"triangle", *out.relies_on}), atoms=out.atoms,
                   facts=out.facts, route="regroup", parts=[(0, 0, out)])


def combined(parts: list[tuple[int, int, Outcome]], also: tuple[str, ...] = ()) -> Outcome:
    """The split proof made of the proved signs ``parts`` (``also``: the entries that read
    a term, as ``kron-norm``)."""
    return Outcome(True, relies_on=sorted({"triangle", *also, *(e for _, _, o in parts
                                                         for e in o.relies_on)}),
                   atoms=max((o.atoms for _, _, o in parts), default=0),
                   facts=sum(o.facts for _, _, o in parts), route="split", parts=parts)
