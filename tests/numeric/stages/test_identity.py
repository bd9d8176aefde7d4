"""The identity stage: one normal form proves an identity for every size, where it is
defined; a cancelled denominator is still a denominator."""

from __future__ import annotations

from numeric.budget import Budget
from numeric.stages.identity import IdentityStage
from symbolic import Claim, Prop, d, exp_, inner, matrix, n, norm2, ones, sum_entries, vector

QUICK = Budget.get("quick")
A = matrix("A", n, d)
x = vector("x", d)
u, v = vector("u", n), vector("v", n)


def run(lhs, rhs, *hyps, rel="="):
    return IdentityStage().run(Claim("t:extra-1", lhs, rel, rhs, tuple(hyps)), QUICK, 0)


def test_identities_for_every_size():
    for lhs, rhs in [(norm2(A * x - u) ** 2, inner(A * x - u, A * x - u)),
                     (inner(exp_(A * x), ones(n)), sum_entries(exp_(A * x))),
                     (sum_entries(exp_(u) / inner(exp_(u), ones(n))), 1)]:
        verdict = run(lhs, rhs)
        assert verdict.status.value == "proved" and verdict.rigorous, (lhs, rhs)


def test_a_cancelled_denominator_must_still_be_nonzero():
    q = inner(u, v) / inner(v, u)  # 0/0 where u ⟂ v
    verdict = run(q, 1)
    assert verdict.status.value == "unknown" and "not shown safe" in verdict.message
    ok = run(q, 1, Prop(inner(u, v), ">", 0))
    assert ok.status.value == "proved"


def test_different_sides_are_no_decision():
    assert run(norm2(u + v), norm2(u) + norm2(v)) is None
    assert run(norm2(u), norm2(v), rel="<=") is None
    assert IdentityStage().applies(Claim("t:extra-1", norm2(u), "<", 1)) is not None
