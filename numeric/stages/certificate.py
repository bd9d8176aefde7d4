"""The certificate stage: a proof certificate (:mod:`numeric.prover.certificate`) replayed
before any other stage. When z3 proves the claim from the certificate's entries alone, the
verdict is the blackboard's ``proved``, with ``details["from_certificate"]`` set; otherwise the
stage decides nothing and the cascade goes on as if there were no certificate.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, matrix, vector, norm2, opnorm, scalar, n, d
    >>> from numeric.budget import Budget
    >>> from numeric.prover.certificate import Certificate
    >>> A, x, R = matrix("A", n, d), vector("x", d), scalar("R")
    >>> c = Claim("t:extra-1", norm2(A * x), "<=", R**2,
    ...           (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)))
    >>> stage = CertificateStage(Certificate(("norm-nonnegative", "operator-norm")))
    >>> v = stage.run(c, Budget.get("quick"), 0)
    >>> v.status.value, v.details["relies_on"], v.details["from_certificate"]
    ('proved', ['norm-nonnegative', 'operator-norm'], True)
"""

from __future__ import annotations

import time

from numeric.budget import Budget
from numeric.prover.certificate import Certificate, replay
from numeric.stages.blackboard import BlackboardStage, proved
from symbolic.claim import Claim
from symbolic.verdict import Verdict


class CertificateStage:
    """Replays one claim's proof certificate."""

    name = "certificate"
    rigorous = True

    def __init__(self, certificate: Certificate) -> None:
        self.certificate = certificate

    def applies(self, claim: Claim) -> str | None:
        """Where the blackboard stage applies."""
        return BlackboardStage().applies(claim)

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """``proved`` when the certificate's entries prove ``claim``; otherwise None."""
        t0 = time.perf_counter()
        out = replay(claim, budget, self.certificate)
        if not out.proved:
            return None
        return proved(out, seed, time.perf_counter() - t0, from_certificate=True)
