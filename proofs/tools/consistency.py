"""Whether the conditions a statement was read with can hold together.

A reading whose conditions contradict each other (``t ≥ 0`` and ``t < 0``), or which takes its
own conclusion as a condition, proves anything: it is a sign of a misreading (a case split, a
remark read as a condition), never a statement to decide.

Example:
    >>> from symbolic import Prop, scalar
    >>> x = scalar("x")
    >>> contradiction([Prop(x, ">=", 0), Prop(x, "<", 0)])
    'x >= 0; x < 0'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import sympy as sp

from symbolic.claim import Prop


def contradiction(props: list[Prop]) -> str:
    """Two of ``props`` with the same sides and relations that cannot both hold (``a > 0``
    and ``a ≤ 0``), as text; ``""`` when there are none.

    >>> from symbolic import Prop, scalar
    >>> a = scalar("a")
    >>> contradiction([Prop(a, ">", 0), Prop(a, "<=", 0)]), contradiction([Prop(a, ">", 0)])
    ('a > 0; a <= 0', '')
    """
    from symbolic.relation import Relation

    def sides(p: Prop) -> tuple[Any, Any, Relation]:
        flip = {Relation.GE: Relation.LE, Relation.GT: Relation.LT}
        if p.rel in flip:  # a ≥ b as b ≤ a
            return p.rhs, p.lhs, flip[p.rel]
        return p.lhs, p.rhs, p.rel

    def gap(a: Any, b: Any) -> Any:
        try:
            return sp.expand(a - b)
        except (TypeError, ValueError, AttributeError):
            return None

    bounds = _interval_clash(props)
    if bounds:
        return bounds
    for i, p in enumerate(props):
        for q in props[i + 1:]:
            (a, b, r), (c, d, t) = sides(p), sides(q)
            if not {r, t} <= {Relation.LE, Relation.LT}:
                continue
            if not (r.strict or t.strict):
                continue
            if (a, b) == (d, c):  # a ≤ b and b < a
                return f"{p}; {q}"
            g, h = gap(a, b), gap(c, d)  # (x - 1)² < β and β < (1 - x)²: the same gap
            if g is not None and h is not None and g != 0 and sp.expand(g + h) == 0:
                return f"{p}; {q}"
    if _unsatisfiable(props):  # the solver last: the checks above cost nothing
        return "; ".join(str(p) for p in props) + " (no value meets them all)"
    return ""


def assumes_itself(statement: str, conditions: Sequence[str]) -> bool:
    r"""Whether the formula ``statement`` is also one of the ``conditions`` it was read with,
    as written (spaces aside): a second statement or a remark read as a condition. A range
    that a chain's link restates (``0 \le x \le 1 \quad \forall x \in [0,1]``) is not.

    >>> assumes_itself(r"e^{-x} \le 1 - x/2", [r"x \ge 0", r"e^{-x}\le 1-x/2"])
    True
    """
    flat = re.sub(r"\s+", "", statement)
    return any(re.sub(r"\s+", "", c) == flat for c in conditions)


def _interval_clash(props: list[Prop]) -> str:
    """Two bounds by numbers on one name that no value meets (``x ≤ 1`` and ``x > 2``), as
    text; ``""`` otherwise.

    >>> from symbolic import scalar
    >>> x = scalar("x")
    >>> _interval_clash([Prop(x, "<=", 1), Prop(x, ">", 2)])
    'x <= 1; x > 2'
    """
    from symbolic.relation import Relation

    low: dict[Any, tuple[Any, bool, int]] = {}  # name: (bound, strict, which condition)
    high: dict[Any, tuple[Any, bool, int]] = {}
    for at, p in enumerate(props):
        for name, value, rel in ((p.lhs, p.rhs, p.rel), (p.rhs, p.lhs, _turned(p.rel))):
            try:
                number = sp.sympify(value)
                if not (getattr(name, "is_Symbol", False) and number.is_number
                        and number.is_real):
                    continue
            except (TypeError, ValueError, sp.SympifyError):
                continue
            if rel in (Relation.GE, Relation.GT, Relation.EQ):
                low.setdefault(name, (number, rel is Relation.GT, at))
                if number > low[name][0]:
                    low[name] = (number, rel is Relation.GT, at)
            if rel in (Relation.LE, Relation.LT, Relation.EQ):
                high.setdefault(name, (number, rel is Relation.LT, at))
                if number < high[name][0]:
                    high[name] = (number, rel is Relation.LT, at)
    for name in low.keys() & high.keys():
        (a, sa, i), (b, sb, j) = low[name], high[name]
        if a > b or (a == b and (sa or sb)):
            return f"{props[min(i, j)]}; {props[max(i, j)]}"
    return ""


def _turned(rel: Any) -> Any:
    from symbolic.relation import Relation

    return {Relation.LE: Relation.GE, Relation.GE: Relation.LE, Relation.LT: Relation.GT,
            Relation.GT: Relation.LT}.get(rel, rel)


def _unsatisfiable(props: list[Prop]) -> bool:
    """Whether polynomial conditions over real names have no common solution, decided by z3's
    nlsat within a small resource limit (``unsat`` only; anything else is no answer).

    >>> from symbolic import scalar
    >>> x = scalar("x")
    >>> _unsatisfiable([Prop(x, ">=", 1), Prop(x**2, "<", 1)])
    True
    >>> _unsatisfiable([Prop(x, ">=", 1), Prop(x**2, "<", 4)])
    False
    """
    if len(props) < 2:
        return False
    try:
        gaps = [sp.sympify(p.lhs) - sp.sympify(p.rhs) for p in props]
        names = sorted(set().union(*(g.free_symbols for g in gaps)), key=str)
        if not names or not all(n.is_real for n in names) or not all(
                g.is_polynomial(*names) for g in gaps):
            return False
    except (TypeError, ValueError, AttributeError):
        return False
    return _solver_unsat(props, names)


def admits_no_count(props: list[Prop], name: Any) -> bool:
    """Whether no positive integer value of ``name`` meets the ``props`` that name nothing
    else (``1/2 ≤ n < 1``, ``0 < n < 1``): the text then means ``name`` real, whatever its
    letter's usual meaning. Decided by z3 within a small resource limit (``unsat`` only).

    >>> from symbolic import scalar
    >>> n = scalar("n")
    >>> admits_no_count([Prop(n, ">", 0), Prop(n, "<", 1)], n)
    True
    >>> admits_no_count([Prop(n, ">", 0), Prop(n**2, "<", 5)], n)
    False
    """
    own = [p for p in props if (sp.sympify(p.lhs) - sp.sympify(p.rhs)).free_symbols == {name}]
    return bool(own) and _solver_unsat(own, [], count=name)


def _solver_unsat(props: list[Prop], reals: list[Any], count: Any = None) -> bool:
    """Whether z3 finds ``props`` unsatisfiable, in a context of its own (the checking stages'
    is left as it was) and within a small resource limit: ``reals`` as real names, ``count``
    as a positive integer. ``unsat`` only; anything else, a formula z3 does not take
    included, is no answer."""
    import z3

    from numeric.prover.translate import NotAlgebraic, Translator, z3_relation
    from numeric.prover.z3solver import solver
    from symbolic.objects import unwrap

    try:
        ctx = z3.Context()
        names = {n: z3.Real(str(n), ctx) for n in reals}
        if count is not None:
            names[count] = z3.Int(str(count), ctx)
        tr = Translator(names, ctx)
        s = solver(ctx, 200_000)
        if count is not None:
            s.add(names[count] >= 1)
        for p in props:
            s.add(z3_relation(p.rel, tr(unwrap(p.lhs)), tr(unwrap(p.rhs))))
        return s.check() == z3.unsat
    except (TypeError, ValueError, AttributeError, z3.Z3Exception, NotAlgebraic):
        return False
