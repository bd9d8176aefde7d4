"""The trusted kernel: every ``proved`` and ``refuted`` verdict passes here, whatever made it.

No stage is trusted. :func:`admit` re-checks the verdict from the claim as read:

- ``refuted``: :func:`refutation` re-evaluates the claim at the witness in arb balls, from the
  witness's exact values (a float is its binary value, a decimal string is enclosed by
  arb): every size is a positive integer within the claim's declared range, every index an
  integer within its range, every hypothesis holds (an equality exactly: its difference is
  the exact zero ball, never merely small; ``A ⪯ B`` needs ``B − A`` exactly symmetric and
  positive semidefinite; a disjunction needs one branch), the claim is defined there
  (:mod:`numeric.kernel.witness`) and it fails. Otherwise
  the verdict becomes ``unknown``, with the candidate point and the reason.
- ``proved``: :func:`definedness` shows every definedness obligation of the statement to
  follow from the hypotheses (by SymPy's assumptions, a hypothesis, arb on a constant, the
  fact blackboard's z3 ``unsat``, or the interval prover's enclosure) and lists how in
  ``details["defined"]``. An obligation left open makes the verdict ``unknown``: the claim
  may be undefined where its hypotheses hold.

The trusted base of a verdict is this module, the translations it uses (the arb evaluator
of :mod:`symbolic.walk` and :mod:`numeric.backends.precise`, the z3 translation of the
prover) and the library facts a proof lists in ``relies_on``.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, Status, Verdict, scalar
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", sp.cos(x), ">=", 1, hypotheses=[Prop(x, "=", 0)])
    >>> refutation(c, {"x": 0.5})
    'x = 0 fails at the witness'
    >>> v = admit(Claim("t:extra-2", 1 / x, "<=", 1 / x), Verdict(Status.PROVED, "z", True))
    >>> v.status.value, v.details["open_obligations"]
    ('unknown', ['x != 0'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numeric.budget import Budget
from numeric.kernel.obligations import definedness
from numeric.kernel.witness import refutation
from symbolic.claim import Claim
from symbolic.verdict import Status, Verdict

__all__ = ["admit", "definedness", "refutation"]


def admit(claim: Claim, verdict: Verdict, budget: Budget | None = None,
          provers: Sequence[Any] = ()) -> Verdict:
    """``verdict`` if the kernel confirms it (see the module docstring), else the ``unknown``
    verdict that says what was not shown. Other statuses pass unchanged. ``provers``: rigorous
    stages that may show a definedness obligation (the cascade passes the interval prover)."""
    if claim.classes is not None:
        return _admit_class(claim, verdict)
    if verdict.status is Status.REFUTED:
        if not verdict.rigorous:
            return verdict  # a candidate: the cascade reports it as such
        reason = refutation(claim, verdict.witness)
        if reason is None:
            verdict.details["kernel"] = "witness re-checked in arb"
            return verdict
        return _unknown(verdict, f"the kernel does not certify the witness: {reason}",
                        candidate=verdict.witness, uncertified=reason)
    candidate = verdict.details.get("candidate")
    if verdict.status is Status.UNKNOWN and isinstance(candidate, dict) and \
            "kernel_rejected" not in verdict.details:
        # a stage's candidate that its own confirmation could not certify (a disjunction
        # whose other branch is undefined there): the kernel's own check may
        point = dict(candidate)
        if refutation(claim, point) is None:
            found = verdict.details.get("candidate_method") or verdict.method
            return Verdict(Status.REFUTED, f"{found}; certified by the kernel (arb)", True,
                           "violated at the witness (certified by the kernel in arb)",
                           witness=point, seed=verdict.seed, precision="arb 256-4096 bits",
                           evaluations=verdict.evaluations,
                           details={**verdict.details, "kernel": "witness certified in arb"},
                           seconds=verdict.seconds)
    if verdict.status is Status.PROVED:
        b = budget or Budget.get("quick")
        if "calculus" in verdict.details:
            why = _calculus(claim, verdict.details["calculus"], b, provers)
            if why is not None:
                return _unknown(verdict, f"the kernel does not admit the proof: {why}")
            verdict.details["kernel"] = "every step of the proof by calculus re-derived"
        shown, left = definedness(claim, b, provers)
        if shown:
            verdict.details["defined"] = shown
        if left:
            return _unknown(verdict, "proved where the statement is defined, but not that it "
                            "is defined wherever the hypotheses hold: "
                            f"{'; '.join(left)} not shown", open_obligations=left)
    return verdict


def _calculus(claim: Claim, proof: Any, budget: Budget, provers: Sequence[Any]) -> str | None:
    """None when ``proof`` (a tree of :mod:`numeric.kernel.calculus`) proves ``claim``."""
    from numeric.kernel.calculus import check_proof

    return check_proof(claim, proof, budget, provers)


def _admit_class(claim: Claim, verdict: Verdict) -> Verdict:
    """A class claim's verdict, re-checked exactly from its reading
    (:mod:`numeric.kernel.classes`)."""
    from numeric.kernel.classes import (
        check_induction,
        check_proof,
        check_squared,
        check_witness,
    )
    from symbolic.classes.horizon import HorizonClaim

    reading = claim.classes
    horizon = isinstance(reading, HorizonClaim)
    if verdict.status in (Status.PROVED, Status.REFUTED):
        why = check_squared(reading)
        if why is not None:
            return _unknown(verdict, f"the kernel does not admit the reading: {why}")
    if verdict.status is Status.REFUTED:
        witness = dict(verdict.witness or {})
        if horizon and "N" in witness and int(witness["N"]) < reading.first:
            return _unknown(verdict, f"N = {witness['N']} is outside the claim (N ≥ "
                            f"{reading.first})")
        target = reading.instance(int(witness.pop("N"))) if horizon and "N" in witness \
            else reading
        why = "a refutation for every N needs the N it fails at" if horizon and \
            target is reading else check_witness(target, witness)
        return verdict if why is None else _unknown(verdict, f"the kernel does not admit "
                                                    f"the data: {why}", uncertified=why)
    if verdict.status is Status.PROVED:
        if horizon:
            ind = verdict.details.get("induction") or {}
            why = check_induction(reading, ind.get("kind", ""), ind.get("index", -1),
                                  [o["certificate"] for o in ind.get("obligations", [])])
        else:
            cert = verdict.details.get("certificate")
            why = "no certificate" if cert is None else check_proof(reading, cert)
        return verdict if why is None else _unknown(verdict, f"the kernel does not admit "
                                                    f"the proof: {why}")
    return verdict


def _unknown(v: Verdict, why: str, **details: Any) -> Verdict:
    return Verdict(Status.UNKNOWN, f"{v.method} (not admitted by the kernel)", False,
                   f"{why} ({v.status.value} by {v.method}: {v.message})"[:2000],
                   slack=None, witness=None, seed=v.seed, precision=v.precision,
                   evaluations=v.evaluations, worst_margin=v.worst_margin,
                   details={**v.details, **details, "kernel_rejected": v.status.value},
                   seconds=v.seconds)
