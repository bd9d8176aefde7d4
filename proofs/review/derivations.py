"""The symbolic derivations a report shows: every derivative formula of a paper that
``proofcheck derive`` can derive (:mod:`proofs.tools.derivations`), rewritten one rule at a
time, each step checked by the dimension-generic engine, as
:class:`~proofs.review.model.ShownDerivation` records (the expressions already in LaTeX).

Example:
    >>> from proofs import registry
    >>> [d] = shown(registry.paper("closeness"), ["closeness:extra-grad-a-exp"])
    >>> d.id, d.error is None, all(st.holds for st in d.steps)
    ('closeness:extra-grad-a-exp', True, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sympy as sp

from proofs.model import Paper
from proofs.review.model import ShownDerivation, ShownStep
from symbolic.latex import latex


def shown(paper: Paper, ids: Iterable[str] | None = None, jobs: int = 1) -> list[ShownDerivation]:
    """The derivation of every derivative formula of ``paper`` (``ids``: of those claim ids
    only), in the paper's order, or the error that stopped one. ``jobs``: the steps are
    checked, and printed, in that many forked worker processes
    (:func:`proofs.tools.derivations.check_steps`: the same records for any ``jobs``). Empty
    when the derivation engine is not available."""
    try:
        from proofs.tools.derivations import check_steps, derivation
    except ImportError:
        return []
    from symbolic import objects as ob

    wanted = None if ids is None else set(ids)
    # the entry each claim id names, as registry.resolve would find it (without re-annotating
    # the whole paper once per derivation)
    named: dict[str, Any] = {}
    for top in paper.entries:
        for e in [top, *getattr(top, "parts", [])]:  # what resolve matches by id
            named.setdefault(e.id, e)
    todo = [(c.id, named.get(c.id, c)) for c in paper.claims()
            if (wanted is None or c.id in wanted) and ":step-" not in c.id
            and any(isinstance(t, (ob.Deriv, ob.ScalarDeriv))
                    for t in sp.preorder_traversal(c.lhs))]

    made: list[tuple[str, Any]] = []  # (id, Derivation with unchecked steps, or the error)
    for cid, entry in todo:
        try:
            made.append((cid, derivation(cid, entry, check=False)))
        except Exception as exc:  # one failing derivation must not sink the report
            made.append((cid, exc))
    printed = iter(check_steps([d for _, d in made if not isinstance(d, Exception)], jobs,
                               latex))  # in the order of `made`
    out = []
    for cid, d in made:
        if isinstance(d, Exception):
            out.append(ShownDerivation(cid, error=str(d)))
            continue
        steps = [ShownStep(body, bool(st.holds), st.rule)
                 for st, body in zip(d.steps[1:], next(printed))]
        out.append(ShownDerivation(d.claim.id, latex(d.steps[0].expr), steps))
    return out
