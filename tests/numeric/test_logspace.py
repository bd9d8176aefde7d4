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


def _random_lv(rng: np.random.Generator, shape: tuple[int, ...]) -> LV:
    """Signs with zeros, logs with spreads from 1 to 1e40 and the odd inf or NaN."""
    s = rng.choice([-1.0, 0.0, 1.0], shape, p=[0.45, 0.1, 0.45])
    lv = rng.standard_normal(shape) * rng.choice([1.0, 10.0, 300.0, 1e4, 1e40])
    if rng.random() < 0.05:
        lv.flat[rng.integers(lv.size)] = rng.choice([np.inf, np.nan, -np.inf])
    return LV(s, lv)


def test_scaled_matmul_agrees_with_the_term_by_term_one():
    """The float64 product of scaled rows and columns (with its fallback) against the
    log-sum-exp of every term: the same signs, logs within 1e-9, the same non-finite values."""
    from numeric.logspace import _matmul2, _matmul_lse

    rng = np.random.default_rng(0)
    for _ in range(1500):
        b, r, k, c = (int(v) for v in rng.integers(1, 6, 4))
        x = _random_lv(rng, (b, r, k))
        y = _random_lv(rng, (int(rng.choice([1, b])), k, c))
        fast, slow = _matmul2(x, y), _matmul_lse(x, y)
        assert fast.s.shape == slow.s.shape
        np.testing.assert_array_equal(fast.s, slow.s)
        fin = np.isfinite(slow.l)
        np.testing.assert_array_equal(np.isfinite(fast.l), fin)
        np.testing.assert_allclose(fast.l[fin], slow.l[fin], rtol=0, atol=1e-9)
        np.testing.assert_array_equal(fast.l[~fin], slow.l[~fin])


def test_scaled_matmul_falls_back_where_the_scales_miss_each_other():
    """Row (e^1000, e^-1000) times column (e^-1000, e^1000): each scaled factor underflows, the
    product is 2, and the term-by-term sum gives it."""
    from numeric.logspace import _matmul2

    a = LV(np.ones((1, 1, 2)), np.array([[[1000.0, -1000.0]]]))
    b = LV(np.ones((1, 2, 1)), np.array([[[-1000.0], [1000.0]]]))
    out = _matmul2(a, b)
    assert out.s.tolist() == [[[1.0]]]
    assert out.l[0, 0, 0] == pytest.approx(np.log(2.0), abs=1e-12)
