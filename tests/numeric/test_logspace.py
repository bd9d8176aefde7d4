"""Log-space float64 evaluation: agreement with numpy in range, correctness beyond it."""

import mpmath
import numpy as np
import pytest
import sympy as sp

from numeric.check import check_numeric
from numeric.logspace import LV, LogOps, float64_ranges, log_margin, overflow_threshold, rescue
from numeric.numpy_backend import NumpyOps
from symbolic import Claim, Prop, exp_, inner, matrix, n, norm2, ones, opnorm, scalar, vector
from symbolic.walk import Evaluator

R = scalar("R")


def test_thresholds_where_float64_ends():
    assert overflow_threshold(sp.exp(R**2), R) == pytest.approx(26.642, abs=1e-3)
    assert overflow_threshold(sp.exp(2 * R**2), R) == pytest.approx(18.839, abs=1e-3)
    assert overflow_threshold(sp.exp(10 * R**2), R) == pytest.approx(8.4249, abs=1e-3)
    # beta = exp(-R^2) leaves the normal range (below 2.2e-308)
    assert overflow_threshold(sp.exp(-R**2), R) == pytest.approx(26.616, abs=1e-3)
    rng = float64_ranges([sp.exp(4 * R**2) * scalar("beta") ** -2])
    assert rng["exp(4*R**2)"] == "R > 13.32"
    assert rng["beta**(-2)"] == "beta < 7.46e-155"


def test_agrees_with_numpy_in_range():
    A, x = matrix("A", 5, 3), vector("x", 3)
    rng = np.random.default_rng(3)
    env = {A: rng.normal(size=(20, 5, 3)), x: rng.normal(size=(20, 3, 1))}
    u = exp_(A * x)
    expr = norm2(inner(u, ones(5)) ** -1 * u - u) + opnorm(A) * norm2(x) - sp.sqrt(n)
    env_np = {**env, n: 5}
    want = Evaluator(NumpyOps(), env_np)(expr)
    got = LV.of(Evaluator(LogOps(), {**env, n: 5})(expr)).value()
    np.testing.assert_allclose(got, want, rtol=1e-10)


def test_margin_and_slack_beyond_float64():
    r = np.array([4.0, 30.0, 60.0])
    m, s10 = log_margin(Prop(4 * R, "<=", sp.exp(10 * R**2)), {R: r})
    assert np.all(m == 1.0)
    exact = [float(mpmath.log10(4 * v) - 10 * v**2 / mpmath.log(10)) for v in r]
    np.testing.assert_allclose(s10, exact, rtol=1e-12)


def test_rescue_decides_only_overflowed_rows_and_finds_violations():
    prop = Prop(sp.exp(10 * R**2), "<=", sp.exp(R**3))  # false for R < 10
    env = {R: np.array([2.0, 9.0, 50.0])}
    m, used = rescue(prop, env, np.array([0.5, np.nan, np.nan]))
    assert used.tolist() == [False, True, True]
    assert m[0] == 0.5  # finite rows are left alone
    assert m[1] < 0 < m[2]


def test_check_numeric_leaves_nothing_unresolved_up_to_r60():
    A, x = matrix("A", n, 2), vector("x", 2)
    c = Claim("t:extra-1", norm2(exp_(A * x)), "<=", sp.sqrt(n) * sp.exp(R**2),
              hypotheses=(Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R), Prop(R, ">=", 4)),
              dims={"n": (1, 40)}, ranges={"R": (4, 60)})
    v = check_numeric(c, "quick", seed=1)
    assert v.status.value == "supported"
    assert v.details["backends"]["unresolved"] == 0
    assert v.details["backends"]["logspace"] > 0
    assert v.details["float64_range"]["exp(R**2)"] == "R > 26.64"
