"""The calculus stage (numeric/stages/calculus.py): issue 47's scalar bounds on unbounded
domains proved, each proof re-checked by the kernel; false one-symbol variants never proved."""

from __future__ import annotations

import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.kernel.calculus import check_proof
from numeric.stages.calculus import CalculusStage, applies, prove_by_calculus, summary
from symbolic import Claim, Prop, n, norm2, scalar, vector

x, u, p, q, m = (scalar(s) for s in "xupqm")
KL = p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q))
UNIT = (Prop(p, ">", 0), Prop(p, "<", 1), Prop(q, ">", 0), Prop(q, "<", 1))
H = (1 + u) * sp.log(1 + u) - u

#: (name, claim, the proof's first step)
BOUNDS = [
    ("cosh", Claim("t:extra-1", sp.cosh(x), "<=", sp.exp(x**2 / 2)),
     "log of both sides; least at x = 0"),
    ("bennett", Claim("t:extra-2", H, ">=", u**2 / (2 * (1 + u / 3)), (Prop(u, ">", -1),)),
     "least at u = 0"),
    ("pinsker", Claim("t:extra-3", KL, ">=", 2 * (p - q) ** 2, UNIT), "least at p = q"),
    ("euler", Claim("t:extra-4", (1 - 1 / m) ** m, "<=", sp.exp(-1), (Prop(m, ">=", 1),)),
     "limit at m → oo"),
]

FALSE = [
    Claim("t:extra-5", sp.cosh(x), "<=", sp.exp(x**2 / 3)),
    Claim("t:extra-6", H, ">=", u**2 / (2 * (1 + u / 4)), (Prop(u, ">", -1),)),
    Claim("t:extra-7", KL, ">=", sp.Rational(21, 10) * (p - q) ** 2, UNIT),
    Claim("t:extra-8", (1 - 1 / m) ** m, "<=", sp.exp(-1) * (1 - 10 / (19 * m)),
          (Prop(m, ">=", 1),)),
    Claim("t:extra-9", sp.cosh(x), "<", sp.exp(x**2 / 2)),  # equal at 0
]


@pytest.mark.parametrize("name,claim,first", BOUNDS, ids=[b[0] for b in BOUNDS])
def test_the_classic_bounds_are_proved_and_the_kernel_admits_each_proof(name, claim, first):
    tree, why = prove_by_calculus(claim, Budget.get("quick"), seconds=30)
    assert tree is not None, why
    assert summary(tree) == first
    assert check_proof(claim, tree) is None


@pytest.mark.parametrize("claim", FALSE, ids=[c.id for c in FALSE])
def test_false_variants_are_never_proved(claim):
    tree, why = prove_by_calculus(claim, Budget.get("quick"), seconds=10)
    assert tree is None and why.startswith("no proof by calculus"), why


def test_the_stage_says_where_it_does_not_apply():
    assert applies(Claim("t:extra-10", norm2(vector("v", n)), "<=", 1)) == \
        "has vector or matrix symbols"
    assert applies(Claim("t:extra-11", sp.Abs(x), ">=", x)) == \
        "a function that is not smooth where defined (or not elementary)"
    assert applies(Claim("t:extra-12", sp.exp(x), "=", sp.exp(x))) == "not a scalar inequality"
    v = CalculusStage().run(BOUNDS[0][1], Budget.get("quick"), 3)
    assert v.status.value == "proved" and v.rigorous and v.seed == 3
    assert v.details["calculus"]["rule"] == "log"


def test_a_hypothesis_that_cannot_be_rebuilt_over_the_reals_is_a_reason_not_a_crash():
    """A count over rounds t = 1..T (its bound a scalar T) in a hypothesis: the stage says it
    does not apply, and the cascade goes on (it raised before)."""
    from numeric.stages.cascade import decide

    c = Claim.from_latex("t:extra-13", r"S \leq 1",
                         hypotheses=[r"S = \sum_{i=1}^T \mathbf{1}[(a)^t < 0]"])
    assert applies(c) == "a hypothesis that is not one relation, or not over real symbols"
    assert decide(c, Budget.get("quick"), 0).status.value != "error"
