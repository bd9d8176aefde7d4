"""The identity stage (:class:`IdentityStage`): an equality, or a non-strict inequality, whose two
sides have one normal form (:mod:`symbolic.normal_form`: definitions unfolded, products
distributed, ``⟨·,·⟩`` bilinear, ``⟨u, 𝟏⟩ = Σ u``, ``‖u‖₂² = ⟨u, u⟩``, ``‖c u‖ = |c|‖u‖``, …)
is proved for every ``n`` and ``d`` at once, where both sides are defined: every denominator,
root and log argument of the claim must be shown safe under its hypotheses (by the prover's
engine, from the library's sign facts), or nothing is proved.

Example:
    >>> from symbolic import Claim, matrix, vector, norm2, inner, n, d
    >>> from numeric.budget import Budget
    >>> A, x, b = matrix("A", n, d), vector("x", d), vector("b", n)
    >>> v = IdentityStage().run(Claim("t:extra-1", norm2(A * x - b) ** 2, "=",
    ...                               inner(A * x - b, A * x - b)), Budget.get("quick"), 0)
    >>> v.status.value, v.rigorous
    ('proved', True)
"""

from __future__ import annotations

import time
from functools import lru_cache

import numpy as np
import sympy as sp

from numeric.backends.arb_linalg import arb_precision
from numeric.backends.precise import ArbOps
from numeric.budget import Budget
from numeric.kernel.obligations import definedness
from numeric.prover.engine import too_large, undefined_reason
from symbolic import objects as ob
from symbolic.claim import Claim
from symbolic.normal_form import MAX_NODES, has_quotient, normal, same, squares_as_inner
from symbolic.relation import Relation
from symbolic.rowwise import NotRowwise, row_forms
from symbolic.verdict import Status, Verdict
from symbolic.walk import Evaluator

METHOD = "identity (one normal form, every size)"
_RELS = (Relation.EQ, Relation.LE, Relation.GE)
#: the row forms of two sides are compared up to this many nodes (lipschitz-attention's
#: polarization on the sphere: 475, and 2743 in normal form)
ROW_NODES = 1500
#: the point of :func:`certainly_nonzero`: every dimension 3, arb at 128 bits
_DIM = 3
_BITS = 128


def _fits(s: sp.Symbol, value: sp.Rational) -> bool:
    """Does ``value`` have every property SymPy knows of the symbol ``s`` (positive, real,
    integer, ...)? Only then may SymPy's rewrites, which use them, be evaluated there."""
    return all(getattr(value, f"is_{k}") is v for k, v in s.assumptions0.items())


def certainly_nonzero(e: sp.Expr) -> bool:
    """Is ``e`` certainly nonzero at one point where it is defined: every dimension 3, random
    real matrices, scalars fitting their symbols' assumptions, evaluated with arb balls (True
    only when the ball excludes 0)? Then no rewriting into an equal expression (SymPy's
    ``cancel``) brings ``e`` to 0. False when unsure, or when a symbol is an index or has
    assumptions the point cannot meet (an integer symbol, an index, is 1). Never raises.

    >>> from symbolic import vector, norm2, scalar, n
    >>> x, c = vector("x", n), scalar("c", positive=True)
    >>> certainly_nonzero(norm2(x) / c - 1), certainly_nonzero(norm2(x) / c - norm2(x) / c)
    (True, False)
    """
    try:
        rng = np.random.default_rng(0)
        ops = ArbOps()
        env: dict[sp.Basic, object] = dict.fromkeys(ob.DIMS.values(), _DIM)
        if not all(_fits(k, sp.Integer(_DIM)) for k in ob.DIMS.values()):
            return False
        scalars = {s for s in e.free_symbols if isinstance(s, sp.Symbol)} - set(env)
        mats = sorted((s for s in ob.symbols_of(e) if isinstance(s, sp.MatrixSymbol)), key=str)
        for s in sorted(scalars, key=str):
            if s.is_integer:  # an index: 1 lies in every range [1, size]
                if not _fits(s, sp.Integer(1)):
                    return False
                env[s] = 1
                continue
            v = float(rng.uniform(0.5, 2.0))
            v = v if s.is_nonnegative or s.is_positive else (
                -v if s.is_nonpositive or s.is_negative else v * float(rng.choice([-1, 1])))
            if not _fits(s, sp.Rational(v)):
                return False
            env[s] = ops.number(v)
        for m in mats:
            shape = tuple(int(sp.sympify(k).subs(dict.fromkeys(ob.DIMS.values(), _DIM)))
                          for k in m.shape)
            a = rng.standard_normal(shape)
            if isinstance(m, ob.SymmetricMatrixSymbol):
                a = (a + a.T) / 2
            env[m] = ops.array(a)
        with arb_precision(_BITS):
            v = Evaluator(ops, env)(e)
            return bool(v > 0) or bool(v < 0)
    except Exception:  # anything the evaluator cannot do: unsure
        return False


class IdentityStage:
    """Equalities (and ``≤``, ``≥``) whose sides have one normal form: proved, rigorous."""

    name = "identity"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        """None for ``=``, ``≤`` and ``≥``."""
        if claim.rel not in _RELS:
            return "not an equality or a non-strict inequality"
        big = too_large(claim)
        if big is None:
            return None
        general = generalized(claim)  # its named matrices as symbols may make it small
        if general is not None and not too_large(claim.with_(lhs=general[0], rhs=general[1])):
            return None
        if rowwise(claim) is not None or shifted(claim) is not None:
            return None
        return big

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """Proved when both sides have one normal form and are defined; None otherwise."""
        t0 = time.perf_counter()
        if same(claim.lhs, claim.rhs, certainly_nonzero):
            return proved_where_defined(
                claim, budget, seed, t0, METHOD, equal="the sides have one normal form",
                proved="both sides have one normal form (definitions unfolded, linearity, "
                       "norms and sums rewritten): equal for all n, d where defined",
                slack=0.0 if claim.rel is Relation.EQ else 1.0)
        for read, limit, equal, proved in _READINGS:
            found = read(claim)
            if found is not None and same(*found[0], certainly_nonzero, limit=limit):
                return _proved_in_parts(claim, found[1], budget, seed, t0, equal=equal,
                                        proved=proved)
        return None


def _rows(claim: Claim) -> tuple[tuple[sp.Basic, sp.Basic], Claim] | None:
    rows = rowwise(claim)
    return None if rows is None else (rows, claim.with_(lhs=rows[0], rhs=rows[1]))


def _general(claim: Claim) -> tuple[tuple[sp.Basic, sp.Basic], Claim] | None:
    general = generalized(claim)
    return None if general is None else (general, claim)


def _large(claim: Claim) -> tuple[tuple[sp.Basic, sp.Basic], Claim] | None:
    """An equality too large at first sight whose normal forms are small (a block matrix's
    entry: ``e_iᵀe_i = 1`` and ``e_iᵀRᵀ = 0`` leave one term of many)."""
    if claim.rel is not Relation.EQ or not _unit_columns(claim):
        return None
    return (sp.sympify(claim.lhs), sp.sympify(claim.rhs)), claim


def _exponents(claim: Claim) -> tuple[tuple[sp.Basic, sp.Basic], Claim] | None:
    general = shifted(claim)
    return None if general is None else (general, claim.with_(lhs=general[0],
                                                              rhs=general[1]))


#: the readings tried after one normal form, in turn: each gives the two sides to compare
#: (within a node limit) and the claim whose definedness stands for the original's
_READINGS = (
    (_rows, ROW_NODES,
     "row i of each side is one formula of row i of its matrices, and the two formulas have "
     "one normal form",
     "both sides read row by row (row i of each side is one formula of row i of its n-row "
     "matrices, the same for every i and n) have one normal form: equal for all n, d where "
     "defined"),
    (_general, MAX_NODES,
     "the sides have one normal form with its innermost named matrices read as any matrices",
     "both sides have one normal form with the innermost named matrices (definitions that name "
     "no other) read as any matrices of their sizes: equal for all n, d, and all such "
     "matrices, where defined"),
    (_large, ROW_NODES, "the sides have one normal form",
     "both sides have one normal form (definitions unfolded, linearity, norms and sums "
     "rewritten): equal for all n, d where defined"),
    (_exponents, MAX_NODES,
     "the sides have one normal form with their exponents written through one vector G (one "
     "is G + c𝟏, c the same in every row)",
     "both sides have one normal form once their exponents are written through one vector G "
     "(an exponent is G + c𝟏 when its rows differ by the same c, shown row by row): equal for "
     "all n, d where defined"),
)


def _proved_in_parts(original: Claim, claim: Claim, budget: Budget, seed: int, t0: float, *,
                     equal: str, proved: str) -> Verdict:
    """``proved`` once the sides of ``claim`` (the original, or a claim whose identity gives
    it: row forms, exponents through G) are known equal, when it is shown defined (whole, or,
    when it is too large and has named matrices, as its general form, :func:`generalized`,
    and each innermost definition) and so is the ``original``, by the kernel's obligations (a
    rewriting may lose a denominator: ``y ∘ y^{∘−1}`` is ``𝟏`` to SymPy). The kernel shows the
    original claim defined again."""
    general = generalized(claim) if too_large(claim) else None
    parts = [claim] if general is None else [
        claim.with_(lhs=general[0], rhs=general[1]),
        *[claim.with_(lhs=d.args[1], rel=Relation.EQ, rhs=d.args[1])
          for d in _innermost(claim)]]
    why = next((w for w in (undefined_reason(c, budget) for c in parts) if w), "")
    if not why and claim is not original:
        # the original's own obligations, as the kernel reads them (entrywise reciprocals
        # and logs included)
        left = definedness(original, budget)[1]
        why = f"{'; '.join(left)} not shown" if left else ""
    if why:
        return Verdict(Status.UNKNOWN, METHOD, False, f"{equal}, but {why}", seed=seed,
                       seconds=time.perf_counter() - t0)
    return proved_where_defined(
        claim.with_(lhs=sp.S.Zero, rel=Relation.EQ, rhs=sp.S.Zero), budget, seed, t0,
        METHOD, equal=equal, proved=proved, slack=0.0 if claim.rel is Relation.EQ else 1.0)


def _unit_columns(claim: Claim) -> bool:
    """Does ``claim`` hold a column of an identity (whose products with others the normal
    form cancels, so that a large claim may have small normal forms)?"""
    return any(isinstance(e, ob.Column) and isinstance(e.args[0], sp.Identity)
               for side in (claim.lhs, claim.rhs) for e in sp.preorder_traversal(side))


def _innermost(claim: Claim) -> list[sp.Basic]:
    """The named matrices of ``claim``'s sides whose definitions name no other, in order."""
    found: list[sp.Basic] = []
    for side in (sp.sympify(claim.lhs), sp.sympify(claim.rhs)):
        for e in sp.preorder_traversal(side):
            if isinstance(e, ob.NamedMatrix) and e not in found and not any(
                    isinstance(x, ob.NamedMatrix) for x in sp.preorder_traversal(e.args[1])):
                found.append(e)
    return found


def generalized(claim: Claim) -> tuple[sp.Basic, sp.Basic] | None:
    """The two sides with every innermost named matrix (a definition that names no other)
    replaced by a fresh matrix symbol of its size, the same one wherever it occurs; None when
    there is none. An identity of the general sides holds for every matrix in their place, so
    for the definitions too: a claim too large unfolded (the sphere points of
    lipschitz-attention, 400 nodes) may be small with them as symbols.

    >>> from symbolic import Claim, vector, inner, n
    >>> from symbolic.objects import named
    >>> t = vector("t", n)
    >>> q = named("q", t / inner(t, t))
    >>> [str(side) for side in generalized(Claim("t:extra-1", inner(q, q), "=", inner(q, q)))]
    ['Inner(G_1, G_1)', 'Inner(G_1, G_1)']
    """
    sides = (sp.sympify(claim.lhs), sp.sympify(claim.rhs))
    found = _innermost(claim)
    if not found:
        return None
    taken = {str(s) for side in sides for s in side.free_symbols}
    subs = {}
    for k, e in enumerate(found, 1):
        subs[e] = sp.MatrixSymbol(ob.fresh_name(f"G_{k}", taken), *e.shape)
    return sides[0].xreplace(subs), sides[1].xreplace(subs)


def rowwise(claim: Claim) -> tuple[sp.Basic, sp.Basic] | None:
    """The row forms (:mod:`symbolic.rowwise`) of the two sides of an equality of matrices with
    a dimension's rows, when both are read row by row; None otherwise. Row ``i`` of each side
    is its row form at row ``i`` of the matrices, for every ``i`` and ``n``: the claim holds
    exactly when the row forms are equal for every row.

    >>> from symbolic import Claim, matrix, vector, ones, hadamard, inner, n, d
    >>> T, q = matrix("T", n, d), vector("q", d)
    >>> lhs = hadamard(T - ones(n) * q.T, T - ones(n) * q.T) * ones(d)
    >>> rhs = hadamard(T, T) * ones(d) - 2 * T * q + inner(q, q) * ones(n)
    >>> a, b = rowwise(Claim("t:extra-1", lhs, "=", rhs))
    >>> same(a, b)
    True
    """
    lhs, rhs = sp.sympify(claim.lhs), sp.sympify(claim.rhs)
    if claim.rel is not Relation.EQ or not (ob.is_matrix(lhs) and ob.is_matrix(rhs)) \
            or lhs.shape != rhs.shape:
        return None
    rows = lhs.shape[0]
    if not (isinstance(rows, sp.Symbol) and rows.is_integer and rows.is_positive):
        return None
    try:
        (a, b), _ = row_forms([lhs, rhs], rows)
    except (NotRowwise, TypeError, ValueError, AttributeError):
        return None
    return a, b


def shifted(claim: Claim) -> tuple[sp.Basic, sp.Basic] | None:
    """The two sides with the arguments of their entrywise ``exp`` of ``n`` entries written
    through one fresh vector ``G``: the first such argument ``A`` is ``G`` and another ``B``
    is ``G + c𝟏`` when ``B − A = c𝟏``, shown row by row (:mod:`symbolic.rowwise`: the row forms
    of ``B`` and ``A`` differ by a ``c`` free of every row). An identity of the new sides for
    every ``G`` holds at ``G = A``. None when no two arguments are so related. So
    ``softmax(A) = softmax(B)`` is proved through ``exp(G + c𝟏) = e^c exp(G)``.

    >>> from symbolic import Claim, matrix, vector, ones, n, d
    >>> from symbolic.objects import exp_
    >>> T, q = matrix("T", n, d), vector("q", d)
    >>> A, B = T * q, T * (q + q) - T * q + 3 * ones(n)
    >>> [str(s) for s in shifted(Claim("t:extra-1", exp_(A), "=", exp_(B)))]
    ['ElemExp(G)', 'ElemExp(G + 3*1)']
    """
    sides = (sp.sympify(claim.lhs), sp.sympify(claim.rhs))
    try:
        return _shifted(*sides)
    except TypeError:  # unhashable sides: not memoised
        return _shifted.__wrapped__(*sides)


@lru_cache(maxsize=256)
def _shifted(*sides: sp.Basic) -> tuple[sp.Basic, sp.Basic] | None:
    """:func:`shifted` of two sides, memoised: :meth:`IdentityStage.applies` asks it of a large
    claim before :meth:`IdentityStage.run` does."""
    exps = [[e for e in dict.fromkeys(sp.preorder_traversal(side))
             if isinstance(e, ob.ElemExp) and e.shape[1] == 1
             and isinstance(e.shape[0], sp.Symbol) and e.shape[0].is_integer]
            for side in sides]
    taken = {str(s) for side in sides for s in ob.symbols_of(side)}
    for ref in exps[0]:  # an exponent of the left side, and those of the right
        rows = ref.shape[0]
        g = sp.MatrixSymbol(ob.fresh_name("G", set(taken)), rows, 1)
        subs = {ref: ob.ElemExp(g)}
        for other in exps[1]:
            c = None if other == ref else _offset(ref.args[0], other.args[0], rows)
            if c is not None:
                subs[other] = ob.ElemExp(g + c * ob.ones(rows)) if c != 0 else ob.ElemExp(g)
        if len(subs) > 1:
            return sides[0].xreplace(subs), sides[1].xreplace(subs)
    return None


def _offset(a: sp.Basic, b: sp.Basic, rows: sp.Symbol) -> sp.Expr | None:
    """``c`` when ``b − a = c𝟏`` with ``c`` the same in every row (the difference of their row
    forms, in normal form, free of every row); None when not shown."""
    if b.shape != a.shape:
        return None
    try:
        (fa, fb), fresh = row_forms([a, b], rows)
        row = set(fresh.values())
        c = sp.expand(squares_as_inner(normal(fb)) - squares_as_inner(normal(fa)))
        if ob.symbols_of(c) & row:
            # a polynomial in the atoms depends on a row as written; a quotient may not,
            # unless arb sees it change with the row (cancel is for what is left)
            if not has_quotient(c) or certainly_nonzero(c - c.xreplace(
                    {t: t.func(f"{t.name}_2", *t.args[1:]) for t in row
                     if isinstance(t, sp.MatrixSymbol)})):
                return None
            c = sp.cancel(sp.together(c))
    except (NotRowwise, TypeError, ValueError, AttributeError, RecursionError,
            sp.PolynomialError):
        return None
    return None if ob.symbols_of(c) & row else c


def proved_where_defined(claim: Claim, budget: Budget, seed: int, t0: float, method: str, *,
                         equal: str, proved: str, slack: float) -> Verdict:
    """The verdict on ``claim`` once its two sides are known equal (``equal`` says how, the
    stage started at ``t0``): ``proved`` (rigorous, exact; the message ``proved``) when the
    claim is defined under its hypotheses, else ``unknown`` naming what may be undefined."""
    why = undefined_reason(claim, budget)
    if why:
        return Verdict(Status.UNKNOWN, method, False, f"{equal}, but {why}", seed=seed,
                       seconds=time.perf_counter() - t0)
    return Verdict(Status.PROVED, method, True, proved, slack=slack, seed=seed,
                   precision="exact", evaluations=0, seconds=time.perf_counter() - t0)
