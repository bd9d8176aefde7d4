"""Dimension settings of the sampling stage: which shapes a budget reaches first."""

import numpy as np

from numeric.stages.sampling.settings import dim_settings
from symbolic import Claim, matrix, norm2, vector
from symbolic.objects import d, n


def _claim(dims: dict) -> Claim:
    A, x = matrix("A", n, d), vector("x", d)
    return Claim("t:extra-1", norm2(A * x), "<=", norm2(A * x) + 1, dims=dims)


def test_smallest_and_largest_then_the_cheapest_corner():
    settings = dim_settings(_claim({"n": (1, 1000), "d": (1, 4)}), 3, np.random.default_rng(0))
    # n = 1 with d = 4 (4 numbers per row of A) before d = 1 with n = 1000 (1000 numbers)
    assert settings == [{"d": 1, "n": 1}, {"d": 4, "n": 1000}, {"d": 4, "n": 1}]


def test_every_corner_comes_before_the_settings_near_the_smallest():
    settings = dim_settings(_claim({"n": (1, 1000), "d": (1, 4)}), 5, np.random.default_rng(0))
    assert settings == [{"d": 1, "n": 1}, {"d": 4, "n": 1000}, {"d": 4, "n": 1},
                        {"d": 1, "n": 1000}, {"d": 1, "n": 2}]


def test_settings_do_not_depend_on_the_seed_until_the_corners_run_out():
    c = _claim({"n": (2, 3), "d": (1, 2)})
    assert dim_settings(c, 4, np.random.default_rng(0)) == dim_settings(
        c, 4, np.random.default_rng(7)) == [{"d": 1, "n": 2}, {"d": 2, "n": 3},
                                            {"d": 1, "n": 3}, {"d": 2, "n": 2}]


def test_violations_where_an_equality_hypothesis_holds_only_to_rounding_are_no_evidence():
    # y = √(3x) is never met exactly at a rounded sample: the float64 violations (√3 > 1.7)
    # are not confirmable, and "no violation was found" would be false (review 37)
    import sympy as sp

    from numeric.budget import Budget
    from numeric.stages.sampling import check_numeric
    from symbolic import Prop, scalar

    x, y = scalar("x"), scalar("y")
    claim = Claim("mine:sqrt-three", y, "<=", sp.Rational(17, 10) * sp.sqrt(x),
                  hypotheses=(Prop(x, ">=", 1), Prop(y, "=", sp.sqrt(3 * x))))
    v = check_numeric(claim, Budget.get("quick"), seed=0)
    assert v.status.value == "unknown" and "equality hypothesis" in v.message
