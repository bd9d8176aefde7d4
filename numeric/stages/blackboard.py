"""The fact blackboard (:class:`BlackboardStage`, after Polya's): a claim about norms, inner
products, exponentials and softmax, proved for every ``n`` and ``d`` by z3 from facts that are
theorems (the engine and its library are in :mod:`numeric.prover`). A sum bounded by a sum that z3
cannot take whole is proved term by term when each term has its own bound
(:mod:`numeric.prover.termwise`).

Every non-polynomial scalar subterm, in normal form, becomes a real atom; the blackboard holds
the hypotheses and instances, on the atoms present, of the library
(:data:`numeric.prover.facts.FACTS`). ``unsat`` of hypotheses ∧ facts ∧ ¬claim is ``proved``,
rigorous, with the library entries the proof needs in ``details["relies_on"]``. Otherwise the
stage says what it had (atoms, facts) and decides nothing; it never refutes.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, matrix, vector, norm2, opnorm, scalar, n, d
    >>> from numeric.budget import Budget
    >>> A, x, R = matrix("A", n, d), vector("x", d), scalar("R")
    >>> c = Claim("t:extra-1", sp.exp(-norm2(A * x)), ">=", sp.exp(-R**2),
    ...           (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)))
    >>> v = BlackboardStage().run(c, Budget.get("quick"), 0)
    >>> v.status.value, v.rigorous, v.details["relies_on"]
    ('proved', True, ['exp-monotone', 'norm-nonnegative', 'operator-norm'])
"""

from __future__ import annotations

import time

import sympy as sp

from numeric.budget import Budget
from numeric.prover.abstract import abstracted
from numeric.prover.certificate import Certificate
from numeric.prover.engine import Outcome, too_large
from numeric.prover.facts import FACTS, PAIR_FACTS
from numeric.prover.focus import prove_or_focus
from symbolic.claim import Claim
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict

METHOD = "fact blackboard (z3, every size)"

__all__ = ["FACTS", "METHOD", "PAIR_FACTS", "BlackboardStage"]


class BlackboardStage:
    """Claims over norms, inner products and exponentials, proved by z3 from library facts."""

    name = "blackboard"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        """None for a scalar relation (the Kronecker delta aside)."""
        if claim.rel is Relation.PSD_LE:
            return "Loewner order, not a scalar relation"
        if any(isinstance(n, sp.KroneckerDelta) for s in (claim.lhs, claim.rhs)
               for n in sp.preorder_traversal(s)):
            return "Kronecker delta"
        big = too_large(claim)
        if big is None:
            return None
        general = abstracted(claim)  # a unit vector abstracted may make it small enough
        return big if general is None or too_large(general) else None

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """``proved`` on unsat (with the facts used); otherwise ``unknown`` saying why."""
        t0 = time.perf_counter()
        # after a give-up (drowned in facts; a model z3 found stays a model with fewer), the
        # focused route: common factors cancelled, the lean library
        out = prove_or_focus(claim, budget, polynomial=False)
        if not out.proved:
            if out.atoms == 0:
                return None
            return Verdict(Status.UNKNOWN, METHOD, False, out.reason, seed=seed,
                           seconds=time.perf_counter() - t0,
                           details={"atoms": out.atoms, "facts": out.facts})
        return proved(out, seed, time.perf_counter() - t0)


#: how each route of :mod:`numeric.prover` proves, and what its parts are
_ROUTES = {
    "split": ("the triangle inequality along the pieces the right side's terms name (an "
              "identity of the normal form, for every size), each scale shown non-negative",
              "sign"),
    "regroup": ("the triangle inequality along the pieces of the left side's normal form, "
                "grouped by their coefficients, and the sum of their norms bounded term by "
                "term", "part"),
    "through": ("a factor of the left side replaced by a library entry's upper bound, the "
                "rest bounded one factor at a time", "part"),
    "factorwise": ("the product is bounded one factor at a time, each of its {k} factors "
                   "non-negative and bounded by its own factors of the right side", "part"),
}


def proved(out: Outcome, seed: int, seconds: float, **details: object) -> Verdict:
    """The ``proved`` verdict of a proof the engine found (``out``), with the facts it used,
    its certificate (``details["certificate"]``, :mod:`numeric.prover.certificate`) and, in
    ``details``, anything else to record (a replayed certificate says so)."""
    how = "hypotheses ∧ facts ∧ ¬claim is unsatisfiable (z3), for every size"
    if out.route == "termwise":
        pairs = ", ".join(f"{i + 1} → {j + 1}" for i, j, _ in out.parts)
        how = (f"termwise: each term of the left side is bounded by its own term of the right "
               f"side ({pairs}); for each, {how.replace('claim', 'part')}")
    elif out.route == "abstract":
        how = ("abstract: each named unit vector (⟨s, s⟩ = 1 in normal form, for every size) "
               "replaced by any unit vector, and the general claim proved: "
               + proved(out.parts[0][2], seed, seconds).message.split("; facts used")[0])
    elif out.route in _ROUTES:
        what, part = _ROUTES[out.route]
        what = what.format(k=len(out.groups))
        how = f"{out.route}: {what}; for each {part}, {how.replace('claim', part)}"
    return Verdict(Status.PROVED, METHOD, True,
                   f"{how}; facts used: "
                   f"{', '.join(out.relies_on) or 'none (the hypotheses alone)'}",
                   seed=seed, precision="exact", evaluations=out.facts,
                   details={"relies_on": out.relies_on, "atoms": out.atoms,
                            "certificate": Certificate.of(out).to_json(), **details},
                   seconds=seconds)
