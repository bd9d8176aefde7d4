"""The unfold stage: non-strict inequalities whose sides unfold to one expression."""

from __future__ import annotations

import sympy as sp

from numeric.budget import Budget
from numeric.stages.cascade import decide
from numeric.stages.unfold import UnfoldStage, same_after_unfolding
from symbolic import Claim, Prop, matrix, n, named, norm2, scalar, vector
from symbolic.verdict import Status

R, x, A = scalar("R"), vector("x", n), matrix("A", n, n)
QUICK = Budget.get("quick")


def test_restating_step_is_proved_for_every_size():
    M = named("M", n ** sp.Rational(3, 2) * sp.exp(10 * R**2))
    c = Claim("t:extra-1", 4 * R * M * norm2(x), "<=",
              4 * R * n ** sp.Rational(3, 2) * sp.exp(10 * R**2) * norm2(x), (Prop(R, ">=", 4),))
    v = decide(c, QUICK)
    assert v.status is Status.PROVED and v.rigorous and v.method.startswith("unfold")


def test_only_equal_sides_and_only_non_strict_relations():
    assert UnfoldStage().run(Claim("t:extra-1", R, "<=", 2 * R), QUICK, 0) is None
    assert UnfoldStage().applies(Claim("t:extra-2", R, "<", R)) == "not a non-strict inequality"
    assert UnfoldStage().applies(Claim("t:extra-3", R, "=", R)) is not None  # the exact stage's
    assert not same_after_unfolding(named("M", 2 * R), 3 * R)


def test_loewner_order_of_a_matrix_with_itself():
    v = UnfoldStage().run(Claim("t:extra-1", A.T * A, "⪯", A.T * A), QUICK, 0)
    assert v is not None and v.status is Status.PROVED


def test_expanded_equal_sides_stay_equal_and_others_apart():
    t = scalar("t", positive=True)
    M = named("M", (R + t) ** 2)
    assert same_after_unfolding(M, R**2 + 2 * R * t + t**2)
    assert same_after_unfolding(M / t, (R + t) * (R / t + 1))
    assert not same_after_unfolding(M, R**2 + t**2)
    assert not same_after_unfolding(M / t, R**2 / t + t)
