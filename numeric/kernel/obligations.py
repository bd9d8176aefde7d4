"""The kernel's check of a proof: every definedness obligation shown under the hypotheses.

:func:`definedness` lists the obligations of a statement (:mod:`symbolic.definedness`, and
``Claim.defined_if``) and shows each from the hypotheses and the ones shown before it: by a
hypothesis, by the signs of a vector's entries, by SymPy's assumptions once the symbols the
hypotheses state positive are positive symbols, by arb on a constant, by the fact blackboard's
z3 ``unsat`` (:func:`numeric.prover.engine.prove`), or by a rigorous prover the caller passes
(the cascade passes the interval stage).

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar
    >>> from numeric.budget import Budget
    >>> x = scalar("x")
    >>> definedness(Claim("t:extra-1", sp.log(x), "<=", x - 1, hypotheses=[Prop(x, ">", 0)]),
    ...             Budget.get("quick"))
    (['x > 0: a hypothesis'], [])
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import sympy as sp

from numeric.budget import Budget
from numeric.kernel.witness import Fail, holds
from symbolic.claim import Claim, Prop
from symbolic.definedness import (
    Obligation,
    obligations,
    positive_by_form,
    with_positive_symbols,
)
from symbolic.relation import Relation
from symbolic.verdict import Status

_DISCHARGED: dict[tuple, str | None] = {}
_DISCHARGED_MAX = 20_000


_IDS = itertools.count(1)


def _discharge(o: Obligation, known: tuple[Prop, ...], budget: Budget,
               provers: Sequence[Any] = ()) -> str | None:
    """How ``o`` follows from ``known`` (a short text), or None when it is not shown."""
    key = (o, known, budget.name, tuple(type(p).__name__ for p in provers))
    if key in _DISCHARGED:
        return _DISCHARGED[key]
    how = _discharge_uncached(o, known, budget, provers)
    if len(_DISCHARGED) > _DISCHARGED_MAX:
        _DISCHARGED.clear()
    _DISCHARGED[key] = how
    return how


def _implied_by(p: Prop, h: Prop) -> bool:
    """Is ``p`` one of ``h``'s plain consequences (``x > 0`` gives ``x >= 0`` and ``x ≠ 0``)?"""
    if h == p:
        return True
    gives = {">": {">", ">="}, ">=": {">="}, "<": {"<", "<="}, "<=": {"<="}}
    if h.lhs == p.lhs and h.rhs == p.rhs and p.rel.value in gives.get(h.rel.value, ()):
        return True
    if p.rel is Relation.GT and p.rhs == 0 and isinstance(p.lhs, sp.Abs):  # |g| > 0
        g = p.lhs.args[0]
        if h.rel not in (Relation.GT, Relation.LT):
            return False
        a = h.lhs - h.rhs
        # the same symbols first: expanding a large hypothesis costs more than all the rest
        return a == g or (a.free_symbols == g.free_symbols and sp.expand(a - g) == 0)
    return False


def _by_positive_symbols(p: Prop, known: tuple[Prop, ...]) -> bool:
    """Whether SymPy's assumptions show ``p`` (``g > 0``, ``g ≥ 0`` or ``g ≠ 0``) once the
    symbols that ``known`` states positive (``a > 0``) are positive symbols: ``a^p > 0`` for
    ``a > 0`` and real ``p``.

    >>> from symbolic import scalar
    >>> a, t = scalar("a"), scalar("t")
    >>> _by_positive_symbols(Prop(a**t, ">", 0), (Prop(a, ">", 0),))
    True
    >>> _by_positive_symbols(Prop(a**t, ">", 0), ())
    False
    """
    if p.rhs != 0 or p.rel not in (Relation.GT, Relation.GE) or \
            getattr(p.lhs, "is_Matrix", False) or isinstance(p.lhs, sp.MatrixExpr):
        return False
    g = with_positive_symbols(p.lhs, known)
    if g is None:
        return False
    ask = g.is_positive if p.rel is Relation.GT else g.is_nonnegative
    return ask is True


def _by_signs(p: Prop, known: tuple[Prop, ...]) -> str | None:
    """How z3's nlsat shows ``p`` from ``known`` (a rational function, π and ``e`` enclosed),
    or the range of a ``sin``/``cos`` argument its sign (``cos x ≠ 0`` for ``0 ≤ x < π/2``);
    None when neither does.

    >>> from symbolic import scalar
    >>> x = scalar("x")
    >>> _by_signs(Prop(sp.Abs(sp.cos(x)), ">", 0), (Prop(x, ">=", 0), Prop(x, "<", sp.pi / 2)))
    'the sign of cos/sin on the range of its argument (nlsat)'
    """
    from numeric.kernel.relations import rational_conditions, relation, trig_sign
    from numeric.kernel.semialgebraic import holds

    if getattr(p.lhs, "is_Matrix", False) or isinstance(p.lhs, sp.MatrixExpr):
        return None
    try:
        fact = relation(p)
    except KeyError:
        return None
    conds = rational_conditions(known)
    if isinstance(fact, sp.Ne):
        a = fact.lhs - fact.rhs
        if holds(sp.Gt(a**2, 0), conds):
            return "z3 nlsat"
        if trig_sign(a, True, conds) or trig_sign(-a, True, conds):
            return "the sign of cos/sin on the range of its argument (nlsat)"
        return None
    if holds(fact, conds):
        return "z3 nlsat"
    if p.rhs == 0 and p.rel in (Relation.GT, Relation.GE) and \
            trig_sign(p.lhs, p.rel is Relation.GT, conds):
        return "the sign of cos/sin on the range of its argument (nlsat)"
    return None


def _discharge_uncached(o: Obligation, known: tuple[Prop, ...], budget: Budget,
                        provers: Sequence[Any]) -> str | None:
    p = o.prop
    if any(_implied_by(p, h) for h in known):
        return "a hypothesis"
    if positive_by_form(p):
        return "the signs of its entries (exp and 𝟏 are positive)"
    if _by_positive_symbols(p, known):
        return "SymPy's assumptions, with the symbols the hypotheses make positive"
    how = _by_signs(p, known)
    if how is not None:
        return how
    if not (p.lhs.free_symbols | p.rhs.free_symbols):  # a constant
        from numeric.backends.precise import ArbOps, arb_prec
        from symbolic.walk import Evaluator

        with arb_prec(256):
            try:
                if holds(Evaluator(ArbOps(), {}), p) is True:
                    return "arb (a constant)"
            except Fail:
                return None
        return None
    try:
        goal = Claim(f"kernel:defined-{next(_IDS)}", p.lhs, p.rel, p.rhs,
                     hypotheses=(*known, *o.within))
    except (ValueError, TypeError):
        return None
    from numeric.prover.engine import prove

    for library, sparse in ((frozenset(), True), (None, False)):
        try:
            out = prove(goal, budget, library=library, sparse=sparse, relies=True)
        except Exception:
            out = None
        if out is not None and out.proved:
            facts = ", ".join(out.relies_on)
            return f"fact blackboard (z3){': ' + facts if facts else ''}"
    for stage in provers:  # rigorous stages the caller trusts (the interval prover)
        if o.within or stage.applies(goal) is not None:
            continue
        try:
            v = stage.run(goal, budget, 0)
        except Exception:
            v = None
        if v is not None and v.status is Status.PROVED and v.rigorous:
            return f"{stage.name} ({v.method})"
    return None


def definedness(claim: Claim, budget: Budget, provers: Sequence[Any] = ()
                ) -> tuple[list[str], list[str]]:
    """The statement's definedness obligations shown (``"x - 1 != 0: a hypothesis"``) and
    those left open, each assuming the hypotheses and the obligations shown before it.

    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar
    >>> x = scalar("x")
    >>> definedness(Claim("t:extra-1", sp.log(x), "<=", x - 1, hypotheses=[Prop(x, ">", 0)]),
    ...             Budget.get("quick"))
    (['x > 0: a hypothesis'], [])
    """
    shown: list[str] = []
    left: list[str] = []
    known = tuple(claim.hypotheses)
    todo = [*(Obligation(p) for p in claim.defined_if),
            *obligations(claim.lhs, claim.rhs)]
    seen: set[Obligation] = set()
    for o in todo:
        if o in seen:
            continue
        seen.add(o)
        how = _discharge(o, known, budget, provers)
        if how is None:
            left.append(str(o))
        else:
            shown.append(f"{o}: {how}")
            if not o.within:
                known = (*known, o.prop)
    return shown, left
