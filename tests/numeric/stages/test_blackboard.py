"""The fact blackboard: routine steps proved for every size from library facts, with the facts
used named; never a false claim proved."""

from __future__ import annotations

import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.stages.blackboard import FACTS, BlackboardStage
from symbolic import (
    Claim,
    Prop,
    d,
    exp_,
    hadamard,
    inner,
    matrix,
    n,
    norm2,
    norminf,
    ones,
    opnorm,
    scalar,
    vector,
)

QUICK = Budget.get("quick")
A, B = matrix("A", n, d), matrix("B", d, n)
x, y, u, v = vector("x", d), vector("y", d), vector("u", n), vector("v", n)
R, s, w, z = scalar("R"), scalar("s"), scalar("w"), scalar("z")
BOUNDS = (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R))


@pytest.mark.parametrize(("claim", "facts"), [
    (Claim("t:extra-1", sp.exp(-norm2(A * x)), ">=", sp.exp(-R**2), BOUNDS),
     {"exp-monotone", "operator-norm"}),
    (Claim("t:extra-2", norm2(A * x), "<=", R**2, BOUNDS), {"operator-norm"}),
    (Claim("t:extra-3", norm2(A.T * u), "<=", opnorm(A) * norm2(u)), {"operator-norm"}),
    (Claim("t:extra-4", opnorm(A * B), "<=", opnorm(A) * opnorm(B)), {"submultiplicative"}),
    (Claim("t:extra-5", inner(u, v), "<=", norm2(u) * norm2(v)), {"cauchy-schwarz"}),
    (Claim("t:extra-6", norm2(hadamard(u, v)), "<=", norminf(u) * norm2(v)), {"hadamard"}),
    (Claim("t:extra-7", norminf(exp_(u)), "<=", sp.exp(norm2(u))),
     {"exp-sup-norm", "norm-equivalence"}),
    (Claim("t:extra-8", norm2(x - y), ">=", norm2(x) - norm2(y)), {"triangle"}),
    (Claim("t:extra-9", s, ">", 1, (Prop(sp.log(s), ">", 2 * w + z), Prop(w, ">", 0),
                                    Prop(z, ">", 0))), {"log-tangent"}),
    (Claim("t:extra-10", norm2(exp_(u) / inner(exp_(u), ones(n))), "<=", 1), {"exp-vector"}),
])
def test_routine_steps_are_proved_with_the_facts_they_use(claim, facts):
    v_ = BlackboardStage().run(claim, QUICK, 0)
    assert v_ is not None and v_.status.value == "proved" and v_.rigorous
    assert facts <= set(v_.details["relies_on"]), v_.details["relies_on"]


@pytest.mark.parametrize("claim", [
    Claim("t:extra-f1", norm2(A * x), "<=", opnorm(A) * norm2(x) / 2),
    Claim("t:extra-f2", sp.exp(-norm2(A * x)), ">=", sp.exp(-R), BOUNDS),
    Claim("t:extra-f3", inner(u, v), ">=", norm2(u) * norm2(v)),
    Claim("t:extra-f4", norm2(x + y), ">=", norm2(x) + norm2(y)),
    Claim("t:extra-f5", s, ">", 1, (Prop(sp.log(s), ">", 2 * w + z), Prop(w, ">", -1),
                                    Prop(z, ">", 0))),
    Claim("t:extra-f6", norm2(exp_(u) / inner(exp_(u), ones(n))), "<=", sp.Rational(1, 2)),
])
def test_false_claims_are_never_proved(claim):
    v_ = BlackboardStage().run(claim, QUICK, 0)
    assert v_ is None or (v_.status.value == "unknown" and not v_.rigorous)


def test_the_library_has_one_entry_per_fact():
    assert {"norm-nonnegative", "exp-positive", "norm-equivalence", "operator-norm", "triangle",
            "cauchy-schwarz", "hadamard", "exp-sup-norm"} <= set(FACTS)


def test_a_log_in_the_claim_must_be_shown_defined():
    v_ = BlackboardStage().run(Claim("t:extra-1", sp.log(s), "<=", s - 1), QUICK, 0)
    assert v_.status.value == "unknown" and "not shown safe" in v_.message
    ok = BlackboardStage().run(Claim("t:extra-2", sp.log(s), "<=", s - 1, (Prop(s, ">", 0),)),
                               QUICK, 0)
    assert ok is not None and ok.status.value == "proved"
