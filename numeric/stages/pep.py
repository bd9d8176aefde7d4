"""The stage for statements about every function of a class: performance estimation.

It applies to a claim that carries a class reading (``Claim.classes``): a
:class:`~symbolic.classes.ClassClaim` (fixed points and steps) or a
:class:`~symbolic.classes.horizon.HorizonClaim` (every number of steps), decided by
:mod:`numeric.pep` with exact certificates and data the kernel re-checks
(:mod:`numeric.kernel.classes`). The other stages do not apply to such claims: their sides
are abstract functions, which no sampling can evaluate.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim
    >>> from symbolic.classes import CLASSES, ClassClaim, Function
    >>> f = Function("f", CLASSES["convex"].instance())
    >>> x, y = f.point("x"), f.point("y")
    >>> reading = ClassClaim("t", f(y) >= f(x) + f.grad(x).inner(y - x), [f])
    >>> c = Claim("t:extra-1", sp.Symbol("f(y)"), ">=", sp.Symbol("f(x)"), classes=reading)
    >>> PepStage().run(c, None, 0).status.value
    'proved'
"""

from __future__ import annotations

from typing import Any

from numeric.pep.decide import decide
from numeric.pep.horizon import decide_horizon
from symbolic.claim import Claim
from symbolic.classes.horizon import HorizonClaim
from symbolic.verdict import Verdict


class PepStage:
    """Performance estimation of a claim's class reading."""

    name = "pep"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        return None if claim.classes is not None else "not a statement about a function class"

    def run(self, claim: Claim, budget: Any, seed: int) -> Verdict | None:
        reading = claim.classes
        return decide_horizon(reading) if isinstance(reading, HorizonClaim) else decide(reading)
