"""Tests for the vectorised loss estimator, the exact d = 1 loss and the helpers."""

import json

import numpy as np
import pytest

from proofs.papers.lipschitz_attention.experiments.exact import exact_terms_d1, exact_wstar_d1
from proofs.papers.lipschitz_attention.experiments.loss import (
    estimate_loss,
    loss_curves,
    naive_per_task_terms,
    per_task_terms,
    sample_batch,
)
from proofs.papers.lipschitz_attention.experiments.optimise import loss_and_grad
from proofs.papers.lipschitz_attention.experiments.tasks import relu_family, sphere


@pytest.mark.parametrize("M", [1.7, np.array([[1.0, 0.3, 0.0], [-0.2, 2.0, 0.1], [0.0, 0.4, 0.5]])])
def test_vectorised_equals_naive_loop(M):
    batch = sample_batch(np.random.default_rng(3), 25, 7, 3, relu_family(1.3))
    fast = per_task_terms(batch, M, 0.7)
    slow = naive_per_task_terms(batch, M, 0.7)
    for a, b in zip(fast, slow, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)


def test_bias_plus_noise_matches_total_up_to_mc_error():
    est = estimate_loss(3.0, d=2, n=32, sigma=0.8, family=relu_family(1.0), tasks=20000, seed=5)
    assert est.noise > 0.05 and est.bias > 0.01  # both terms matter at this w
    assert abs(est.total - est.bias - est.noise) < 4 * est.se_diff
    assert est.se_diff < 0.05 * est.total


def test_common_random_numbers_and_chunking():
    kw = {"d": 2, "n": 16, "sigma": 0.5, "family": relu_family(1.0), "tasks": 3000, "seed": 11}
    a = estimate_loss(2.0, **kw, chunk=3000)
    b = estimate_loss(2.0, **kw, chunk=3000)
    assert a == b  # same seed, same tasks
    ws = np.geomspace(0.5, 50, 30)
    B, N = loss_curves(ws, d=2, n=16, family=relu_family(1.0), tasks=3000, seed=11)
    curve = B.mean(0) + 0.25 * N.mean(0)
    # CRN: the loss-vs-w curve is smooth (second differences small relative to the curve)
    assert np.abs(np.diff(curve, 2)).max() < 0.05 * curve.min()


def test_mc_matches_exact_d1_curves():
    ws = np.geomspace(0.05, 20, 12)
    B, N = loss_curves(ws, d=1, n=8, family=relu_family(1.0), tasks=40000, seed=2)
    eb, en = exact_terms_d1(ws, 8)
    se_b = B.std(0, ddof=1) / np.sqrt(B.shape[0])
    se_n = N.std(0, ddof=1) / np.sqrt(N.shape[0])
    assert np.all(np.abs(B.mean(0) - eb) < 4 * se_b + 1e-12)
    assert np.all(np.abs(N.mean(0) - en) < 4 * se_n + 1e-12)


def test_exact_d1_limits_and_growth():
    b0, v0 = exact_terms_d1(0.0, 10)
    assert v0[0] == pytest.approx(0.1)  # uniform weights: sigma^2 / n
    assert b0[0] == pytest.approx(2 / 3 * (1 / 4 + 1 / 40))  # (2/3) E((n-k)/n)^2
    binf, vinf = exact_terms_d1(1e3, 10)  # only the k points equal to x_q count
    k = np.arange(1, 11)
    from scipy.stats import binom
    p = binom.pmf(np.arange(11), 10, 0.5)
    assert vinf[0] == pytest.approx(p[0] / 10 + (p[1:] / k).sum())
    assert binf[0] == pytest.approx(2 / 3 * p[0])
    ws = [exact_wstar_d1(n=n, L=1.0, sigma=1.0) for n in (16, 64, 256, 1024)]
    steps = np.diff(ws)
    assert np.all(steps > 0.5) and np.all(steps < 0.9)  # ~ log(4)/2 per factor 4: logarithmic


def test_gradient_matches_finite_differences():
    batch = sample_batch(np.random.default_rng(0), 200, 9, 3, relu_family(1.0))
    M = np.random.default_rng(1).standard_normal((3, 3))
    _, g = loss_and_grad(M, batch, 0.6)
    num = np.zeros_like(M)
    for i in range(3):
        for j in range(3):
            E = np.zeros_like(M)
            E[i, j] = 1e-6
            num[i, j] = (loss_and_grad(M + E, batch, 0.6)[0]
                         - loss_and_grad(M - E, batch, 0.6)[0]) / 2e-6
    np.testing.assert_allclose(g, num, rtol=1e-5, atol=1e-8)


def test_sphere_d1_is_two_points():
    x = sphere(np.random.default_rng(0), (1000,), 1)
    assert set(np.unique(x)) == {-1.0, 1.0}
    json.dumps(float(x.mean()))
