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
