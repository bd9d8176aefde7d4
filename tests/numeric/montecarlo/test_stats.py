"""The paper-agnostic statistics of the Monte Carlo engine: argmin, direction test, power."""

import numpy as np
import pytest

from numeric.montecarlo.stats import (
    bootstrap_means,
    detectable_effect,
    direction_test,
    power_at,
    power_gate,
    refine_argmin,
    too_small,
    with_bootstrap,
)


def test_refine_argmin_and_direction_test():
    logw = np.log(np.geomspace(0.1, 100, 30))
    w, cens = refine_argmin(logw, np.stack([(logw - np.log(3.3)) ** 2, logw]))
    assert w[0] == pytest.approx(3.3, rel=1e-3) and not cens[0] and cens[1]
    rng = np.random.default_rng(0)
    T = np.diag([1.0, 2.0, 3.0])
    noisy = T + 0.05 * rng.standard_normal((8, 3, 3))
    assert direction_test(noisy, T)["p_value"] > 0.01
    assert direction_test(noisy + 0.3 * np.eye(3), T)["p_value"] < 1e-3


def test_detectable_effect_is_where_power_reaches_its_target():
    for se in (0.01, 0.3, 2.0):
        e = detectable_effect(se, alpha=0.05, power=0.8)
        assert e == pytest.approx(2.8016 * se, rel=1e-4)
        assert power_at(e, se, alpha=0.05) == pytest.approx(0.8, abs=1e-3)
    assert power_at(0.0, 1.0) == pytest.approx(0.05)
    assert detectable_effect(float("nan")) == float("inf") and power_at(1.0, float("inf")) == 0.0


def test_power_gate_withholds_verdicts_from_small_samples():
    st, rec = power_gate("refuted", se=0.1, effect=0.1, unit="slope")
    assert st == "unknown" and not rec["decided"]
    assert rec["power_at_effect_of_interest"] == pytest.approx(0.17, abs=0.01)
    assert "sample too small to decide" in too_small(rec) and "0.28 " not in too_small(rec)
    st, rec = power_gate("supported", se=0.02, effect=0.1, unit="slope")
    assert st == "supported" and rec["decided"] and too_small(rec) == ""
    assert rec["effect"] == pytest.approx(0.056, abs=1e-3)


def test_with_bootstrap_is_the_mean_then_the_bootstrap_means():
    A = np.random.default_rng(1).standard_normal((50, 3, 2))
    R = with_bootstrap(A, 7, np.random.default_rng(5))
    assert R.shape == (8, 3, 2) and np.allclose(R[0], A.mean(axis=0))
    assert np.array_equal(R[1:], bootstrap_means(A, 7, np.random.default_rng(5)))  # same draws
