"""The ground stage (:class:`GroundStage`): a claim with no variables at all (``log 2 < 7/10``)
is decided by arb directly, at 64 bits and then 256, 1024 and 4096, as soon as the enclosure of
its margin is certain. Its hypotheses, if any, are ground too: one that certainly fails makes
the claim vacuously true. An equality of two transcendental constants that arb cannot separate
is left to the exact stage.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim
    >>> from numeric.budget import Budget
    >>> v = GroundStage().run(Claim("t:extra-1", sp.log(2), "<", sp.Rational(7, 10)),
    ...                       Budget.get("quick"), 0)
    >>> v.status.value, v.rigorous, v.method
    ('proved', True, 'arb enclosure (no variables)')
    >>> GroundStage().run(Claim("t:extra-2", sp.pi**2 / 6, "<=", sp.Rational(164, 100)),
    ...                   Budget.get("quick"), 0).status.value
    'refuted'
"""

from __future__ import annotations

import time

import sympy as sp

from numeric.backends.margins import precise_margin
from numeric.backends.precise import ArbOps, arb_prec
from numeric.budget import Budget
from numeric.search.confirm import certain
from symbolic.claim import Claim
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict
from symbolic.walk import Evaluator, Unsupported

METHOD = "arb enclosure (no variables)"
PRECISIONS = (64, 256, 1024, 4096)
_ERRORS = (Unsupported, ValueError, ZeroDivisionError, TypeError, ArithmeticError)


def _ground(e: object) -> bool:
    return not getattr(sp.sympify(e), "free_symbols", set())


class GroundStage:
    """Claims without variables: proved or refuted by one arb evaluation (rigorous)."""

    name = "ground"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        """None for a claim whose statement and hypotheses have no free symbol."""
        if claim.rel is Relation.PSD_LE:
            return "a Loewner-order claim"
        return None if all(_ground(s) for s in claim.sides()) else "has variables"

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """Proved or refuted at the first precision where arb is certain; None otherwise."""
        t0 = time.perf_counter()
        for bits in PRECISIONS:
            try:
                with arb_prec(bits):
                    ev = Evaluator(ArbOps(), {})
                    open_hyp = False
                    for h in claim.hypotheses:
                        hm, _, _ = precise_margin(h, ev)
                        if certain(hm, h.rel, holds=False):
                            return self._verdict(Status.PROVED, f"the hypothesis {h} is false "
                                                 "(the claim holds vacuously)", bits, seed, t0)
                        open_hyp |= not certain(hm, h.rel, holds=True)
                    m, lhs, rhs = precise_margin(claim.prop, ev)
                    if open_hyp:
                        continue
                    if certain(m, claim.rel, holds=True):
                        sides = (lhs.str(10, radius=False), rhs.str(10, radius=False))
                        return self._verdict(Status.PROVED, "lhs = {}, rhs = {}".format(*sides),
                                             bits, seed, t0)
                    if certain(m, claim.rel, holds=False):
                        v = self._verdict(Status.REFUTED, "violated: lhs = "
                                          f"{lhs.str(20, radius=False)}, rhs = "
                                          f"{rhs.str(20, radius=False)}", bits, seed, t0)
                        v.witness = {}
                        v.details["witness_sides"] = {"lhs": lhs.str(20, radius=False),
                                                      "rhs": rhs.str(20, radius=False)}
                        return v
            except _ERRORS:
                return None
        return None

    def _verdict(self, status: Status, message: str, bits: int, seed: int,
                 t0: float) -> Verdict:
        return Verdict(status, METHOD, True, message, seed=seed, precision=f"arb {bits} bits",
                       evaluations=1, seconds=time.perf_counter() - t0)
