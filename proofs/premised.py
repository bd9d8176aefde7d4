"""Proof steps proved from the statements they cite, kept once those are proved.

A referee reads "≤ e^{2R²}·2nRe^{R²}‖x − y‖₂ (Lemma 4.2)" as: the step follows from Lemma 4.2.
The fact blackboard cannot always prove such a step alone (the lemma itself needed a chain of
steps), but it can from the lemma's statement. Such a proof holds only if the lemma holds, so
it is made in two halves:

* :func:`conditional`: the worker that checks a step the stages left open proves it from the
  cited statements (:func:`proofs.model.citing.premises`), as premises of the fact blackboard
  (:func:`numeric.prover.focus.prove_or_focus`), and records the proof in the verdict's
  ``details["conditional"]``, with the premises as printed;
* :func:`upgrade`: once every verdict of the run is in, a step whose cited statements are all
  proved (rigorously, in this run) is ``proved``; a statement proved that way may in turn
  prove another step, and its lemma from its chain. The proved set only grows from proofs
  that need no premise, so a cycle of citations proves nothing. The kernel
  (:func:`numeric.kernel.admit`) then re-checks that the step is defined where it is
  claimed.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar
    >>> from numeric.budget import Budget
    >>> a, b = scalar("a"), scalar("b")
    >>> step = Claim("t:lemma-2:step-1", sp.exp(a), "<=", sp.exp(b + 1))
    >>> conditional(step, [("t:lemma-1", Prop(a, "<=", b))], Budget.get("quick"))["premises"]
    ['t:lemma-1']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from numeric.budget import Budget
from numeric.kernel import admit
from numeric.prover.focus import prove_or_focus
from symbolic.claim import Claim
from symbolic.prop import Prop
from symbolic.verdict import Status, Verdict

#: the method of a step proved from the statements it cites
METHOD = "fact blackboard from the cited statements (z3, every size)"


def conditional(claim: Claim, premises: Sequence[tuple[str, Prop]], budget: Budget
                ) -> dict[str, Any] | None:
    """The proof of ``claim`` from ``premises`` (``(cited id, statement)``), as recorded in
    ``details["conditional"]``: the cited ids, the statements as printed, the library entries
    and the route; None when there is none."""
    out = prove_or_focus(claim, budget, polynomial=False, extra=[p for _, p in premises])
    if not out.proved:
        return None
    return {"premises": sorted({cid for cid, _ in premises}),
            "statements": [str(p) for _, p in premises],
            "relies_on": out.relies_on, "route": out.route}


def upgrade(results: Sequence[Any], premises_of: dict[str, Sequence[tuple[str, Prop]]],
            chains: Callable[[], None] = lambda: None) -> int:
    """Make ``proved`` every result whose ``details["conditional"]`` proof rests on
    statements all proved, as long as one more is (``chains``: re-derives the statements
    proved from their chains after each round). ``premises_of``: the premises each claim id
    was given in this run; a recorded proof from other statements (a stored verdict of an
    older encoding) is not kept. Returns how many were made ``proved``."""
    by_id = {r.id: r for r in results}
    made = 0
    while True:
        chains()
        round_ = 0
        for r in results:
            found = r.verdict.details.get("conditional")
            if not found or r.status not in (Status.SUPPORTED, Status.UNKNOWN):
                continue
            given = premises_of.get(r.id, ())
            if found.get("statements") != [str(p) for _, p in given]:
                continue
            cited = [by_id.get(cid) for cid in found["premises"]]
            if not all(c is not None and c.status is Status.PROVED and c.verdict.rigorous
                       for c in cited):
                continue
            v = _proved(r, found)
            if v.status is Status.PROVED:
                r.verdict = v
                round_ += 1
        made += round_
        if not round_:
            return made


def _proved(r: Any, found: dict[str, Any]) -> Verdict:
    """The ``proved`` verdict of result ``r`` from its recorded conditional proof, as the
    kernel admits it."""
    ids = ", ".join(found["premises"])
    v = Verdict(Status.PROVED, METHOD, True,
                f"follows from the statements it cites ({ids}), each proved in this run: "
                f"hypotheses ∧ cited statements ∧ facts ∧ ¬claim is unsatisfiable (z3, route "
                f"{found['route']}); facts used: {', '.join(found['relies_on']) or 'none'}",
                seed=r.verdict.seed, precision="exact",
                details={"relies_on": [*found["relies_on"], *found["premises"]],
                         "premises": found["premises"], "before": r.verdict.message})
    return admit(r.claim, v) if r.claim is not None else v
