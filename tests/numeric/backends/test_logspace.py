"""Log-space float64 evaluation: agreement with numpy in range, correctness beyond it."""

import mpmath
import numpy as np
import pytest
import sympy as sp

from numeric.backends.logspace import (
    LV,
    LogOps,
    float64_ranges,
    log_margin,
    overflow_threshold,
    rescue,
)
from numeric.backends.numpy_batch import NumpyOps
from numeric.budget import Budget
from numeric.stages.sampling import check_numeric
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
    assert rng["exp(4*R**2)"] == "R > 13.3209"
    assert rng["beta**(-2)"] == "beta < 7.45834e-155"


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
    v = check_numeric(c, Budget.get("quick"), seed=1)
    assert v.status.value == "supported"
    assert v.details["backends"]["unresolved"] == 0
    assert v.details["backends"]["logspace"] > 0
    assert v.details["float64_range"]["exp(R**2)"] == "R > 26.6417"


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
    from numeric.backends.logspace import _matmul2, _matmul_lse

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
    from numeric.backends.logspace import _matmul2

    a = LV(np.ones((1, 1, 2)), np.array([[[1000.0, -1000.0]]]))
    b = LV(np.ones((1, 2, 1)), np.array([[[-1000.0], [1000.0]]]))
    out = _matmul2(a, b)
    assert out.s.tolist() == [[[1.0]]]
    assert out.l[0, 0, 0] == pytest.approx(np.log(2.0), abs=1e-12)


# ---------------------------------------------------------------- float64 first


def _extreme_env(rng: np.random.Generator, size: int, rows: int, cols: int) -> dict:
    """Matrices and vectors over many orders of magnitude, with zero rows, zero and equal
    vectors, and scalars from subnormal to 1e300."""
    def scaled(shape: tuple[int, ...]) -> np.ndarray:
        mag = 10.0 ** rng.choice([-300, -160, -20, 0, 0, 0, 2, 20, 160, 300], (size, 1, 1))
        v = rng.standard_normal((size, *shape)) * mag
        v[rng.random(size) < 0.1] = 0.0  # the sampler's zero kind
        return v

    A, x, y = scaled((rows, cols)), scaled((cols, 1)), scaled((cols, 1))
    A[rng.random(size) < 0.1, 0, :] = 0.0  # a zero row
    same = rng.random(size) < 0.1
    y[same] = x[same]
    R = 10.0 ** rng.uniform(-1, 3, size)
    beta = rng.choice([5e-324, 1e-310, 1e-200, 1e-3, 0.5, 0.0], size)
    return {"A": A, "x": x, "y": y, "R": R, "beta": beta}


def _float_first_cases() -> tuple[dict, list]:
    A, x, y = matrix("A", n, 3), vector("x", 3), vector("y", 3)
    R, beta = scalar("R"), scalar("beta")
    u, w = exp_(A * x), exp_(A * y)
    alpha = inner(u, ones(n))
    syms = {"A": A, "x": x, "y": y, "R": R, "beta": beta}
    exprs = [
        norm2(alpha**-1 * u - inner(w, ones(n)) ** -1 * w),
        sp.sqrt(n) * sp.exp(R**2) * norm2(u - w) / beta**2,
        alpha * beta + sp.exp(-R**2) * opnorm(A) * norm2(x),
        n**sp.Rational(3, 2) * sp.exp(10 * R**2) * norm2(x - y) * opnorm(A),
        inner(u, A * y) + sp.Abs(beta - R) ** sp.Rational(1, 2),
        sp.Max(opnorm(A) * R, sp.exp(R) * beta) - sp.log(1 + R),
    ]
    return syms, exprs


def test_float_first_agrees_with_pairs_everywhere():
    """The same values as the evaluation on pairs alone (``float_first=False``): the same
    signs, logs within 1e-9 relative, and finite exactly where the pairs are finite."""
    rng = np.random.default_rng(11)
    syms, exprs = _float_first_cases()
    for rows in (1, 4, 50):
        vals = _extreme_env(rng, 300, rows, 3)
        env = {syms[k]: v for k, v in vals.items()}
        from numeric.backends.logspace import _env

        fast = Evaluator(LogOps(), {**_env(env), n: rows})
        pairs = Evaluator(LogOps(float_first=False), {**_env(env), n: rows})
        for e in exprs:
            with np.errstate(all="ignore"):  # the pairs' own NaN arithmetic
                a, b = LV.of(fast(e)), LV.of(pairs(e))
            a_s, b_s = np.broadcast_to(a.s, b.s.shape), b.s
            a_l = np.broadcast_to(a.l, b.l.shape)
            fin = np.isfinite(b.l) & np.isfinite(b_s)
            np.testing.assert_array_equal(np.isfinite(a_l) & np.isfinite(a_s), fin, err_msg=str(e))
            np.testing.assert_array_equal(a_s[fin], b_s[fin], err_msg=str(e))
            np.testing.assert_allclose(a_l[fin], b.l[fin], rtol=1e-9, atol=1e-9, err_msg=str(e))


def test_float_first_matches_mpmath_at_the_extremes():
    """Each value at 50 digits: relative error under 1e-9 (of ``log|v|`` where it is large)."""
    from numeric.backends.logspace import _env
    from numeric.backends.precise import MpmathOps, mp_workdps
    from numeric.layout import Layout
    from numeric.search.confirm import _env as mp_env

    rng = np.random.default_rng(5)
    syms, _ = _float_first_cases()
    A, x, R, beta = syms["A"], syms["x"], syms["R"], syms["beta"]
    u = exp_(A * x)
    alpha = inner(u, ones(n))
    exprs = [  # no differences: float64 cancellation is not what this test is about
        norm2(alpha**-1 * u),
        sp.sqrt(n) * sp.exp(R**2) * norm2(u) / beta**2,
        alpha * beta + sp.exp(-R**2) * opnorm(A) * norm2(x),
        n**sp.Rational(3, 2) * sp.exp(10 * R**2) * norm2(x) * opnorm(A) * beta,
    ]
    vals = _extreme_env(rng, 40, 4, 3)
    env = {syms[k]: v for k, v in vals.items() if syms[k] in (A, x, R, beta)}
    fast = Evaluator(LogOps(), {**_env(env), n: 4})
    layout = Layout.of(Claim("t:extra-1", exprs[1] + exprs[3], "<=", exprs[0] + exprs[2]),
                       {"n": 4})
    compared = 0
    for e in exprs:
        got = LV.of(fast(e))
        for j in range(40):
            with mp_workdps(50):
                ops = MpmathOps()
                ev = Evaluator(ops, mp_env(layout, ops, {s: v[j] for s, v in env.items()}, {}))
                try:
                    want = ev(e)
                except ZeroDivisionError:  # beta = 0
                    continue
            s, l = np.broadcast_to(got.s, (40,))[j], np.broadcast_to(got.l, (40,))[j]
            if want == 0 or not np.isfinite(l):  # log|v| beyond float64 itself: mpmath's rows
                continue
            compared += 1
            assert s == (1 if want > 0 else -1), (e, j)
            assert abs(l - float(mpmath.log(abs(want)))) <= 1e-9 * max(1.0, abs(l)), (e, j)
    assert compared > 100


def test_float_first_keeps_exact_floats_and_leaves_range_on_pairs():
    ops = LogOps()
    # products: exact zeros stay plain (a zero factor, a zero scalar in a scaling)
    out = ops.scale(np.array([0.0, 2.0]), np.ones((2, 3, 1)))
    assert isinstance(out, np.ndarray) and out[:, :, 0].tolist() == [[0.0] * 3, [2.0] * 3]
    assert isinstance(ops.mul([np.array([0.0, 3.0]), np.array([1e300, 2.0])]), np.ndarray)
    # ... but underflow goes to pairs: 1e-200 * 1e-200
    tiny = ops.mul([np.array([1e-200]), np.array([1e-200])])
    assert isinstance(tiny, LV) and tiny.l[0] == pytest.approx(-400 * np.log(10), rel=1e-14)
    # a zero row of a matrix product is an exact zero; an underflowed entry is not
    m = ops.matmul([np.array([[[0.0, 0.0], [1.0, 2.0]]]), np.array([[[3.0], [4.0]]])])
    assert isinstance(m, np.ndarray) and m.tolist() == [[[0.0], [11.0]]]
    assert isinstance(ops.matmul([np.array([[[1e-200]]]), np.array([[[1e-200]]])]), LV)
    # exp beyond float64 is the pair (1, x) exactly
    big = ops.func("exp", [np.array([1.0, 1000.0])])
    assert isinstance(big, LV) and big.l.tolist() == [1.0, 1000.0]
    # a subnormal result of a sum is not trusted
    assert isinstance(ops.add([np.array([3e-308]), np.array([-2.9e-308])]), LV)
    assert isinstance(ops.add([np.array([3.0]), np.array([-3.0])]), np.ndarray)
    # a subnormal leaf: beta^-2 in pairs, beta = 5e-324
    inv = ops.pow(np.array([5e-324]), ops.const(sp.Integer(-2)), sp.Integer(-2))
    assert isinstance(inv, LV) and inv.l[0] == pytest.approx(-2 * np.log(5e-324), rel=1e-14)


def test_sides_beyond_the_resolution_of_their_logs_are_unresolved():
    """``exp(exp(R))`` against ``2 exp(exp(R))`` at R = 368: the logs (about 6e159) differ by
    log 2, far below their rounding, so log space leaves the margin to mpmath (NaN) instead of
    a sign that is noise; at R = 5 the factor 2 is resolved."""
    prop = Prop(2 * sp.exp(sp.exp(R)), "<=", sp.exp(sp.exp(R)))
    m, s10 = log_margin(prop, {R: np.array([5.0, 368.0])})
    assert m[0] == pytest.approx(-1 / 3) and s10[0] == pytest.approx(np.log10(2))
    assert np.isnan(m[1]) and np.isnan(s10[1])
    # one side far below the other stays resolved, however large
    m, _ = log_margin(Prop(sp.exp(sp.exp(R)), "<=", sp.exp(2 * sp.exp(R))), {R: np.array([368.0])})
    assert m[0] == 1.0
