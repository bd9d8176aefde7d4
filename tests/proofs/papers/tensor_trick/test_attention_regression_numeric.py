"""numpy losses and gradients of the tensor-trick regression, against the symbolic forms."""

import numpy as np
import pytest

from numeric.backends.numpy_batch import NumpyOps
from proofs.papers.tensor_trick.experiments.attention_regression import (
    normalized_loss_grad,
    rescaled_log_loss,
    rescaled_loss_grad,
    row_softmax,
    vectorised_losses,
)
from proofs.papers.tensor_trick.experiments.tensor_gd import run
from proofs.papers.tensor_trick.objects import AttentionRegression, grad_matrix_P
from symbolic.walk import Evaluator


def _data(seed, n=3, d=2, batch=5, scale=1.0):
    rng = np.random.default_rng(seed)
    A1, A2 = rng.normal(size=(2, batch, n, d)) * scale
    X = rng.normal(size=(batch, d, d))
    Bt = rng.random(size=(batch, n, n))
    return A1, A2, X, Bt


def _symbolic(A1, A2, X, Bt):
    ar = AttentionRegression.standard()
    n, d = A1.shape[1:]
    ev = Evaluator(NumpyOps(), {ar.A1: A1, ar.A2: A2, ar.X: X, ar.B: Bt,
                                 ar.AA.args[0].shape[0]: n, ar.X.shape[0]: d})
    return ar, ev


def test_losses_and_gradients_match_symbolic_forms():
    A1, A2, X, Bt = _data(0)
    ar, ev = _symbolic(A1, A2, X, Bt)
    LN, GN = normalized_loss_grad(A1, A2, X, Bt)
    LR, GR = rescaled_loss_grad(A1, A2, X, Bt)
    np.testing.assert_allclose(LN, ev(ar.L_norm), rtol=1e-12)
    np.testing.assert_allclose(LR, ev(ar.L_resc), rtol=1e-12)
    np.testing.assert_allclose(GN, ev(ar.A1.T * grad_matrix_P(ar, "normalized") * ar.A2),
                               rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(GR, ev(ar.A1.T * grad_matrix_P(ar, "rescaled") * ar.A2),
                               rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("which", ["normalized", "rescaled"])
def test_gradient_against_finite_differences(which):
    A1, A2, X, Bt = _data(1, batch=1)
    f = normalized_loss_grad if which == "normalized" else rescaled_loss_grad
    _, G = f(A1, A2, X, Bt)
    h = 1e-6
    for i in range(2):
        for j in range(2):
            E = np.zeros_like(X)
            E[0, i, j] = h
            fd = (f(A1, A2, X + E, Bt)[0] - f(A1, A2, X - E, Bt)[0]) / (2 * h)
            assert abs(fd[0] - G[0, i, j]) < 1e-6 * max(1.0, abs(G[0, i, j]))


def test_vectorised_losses_equal_matrix_losses():
    A1, A2, X, Bt = _data(2, n=4, d=3)
    ln, lr = vectorised_losses(A1, A2, X, Bt)
    np.testing.assert_allclose(ln, normalized_loss_grad(A1, A2, X, Bt)[0], rtol=1e-12)
    np.testing.assert_allclose(lr, rescaled_loss_grad(A1, A2, X, Bt)[0], rtol=1e-12)


def test_stability_at_large_logits():
    A1, A2, X, Bt = _data(3, scale=40.0)
    S = row_softmax(A1 @ X @ np.swapaxes(A2, -1, -2))
    assert np.all(np.isfinite(S)) and np.allclose(S.sum(axis=-1), 1.0)
    assert np.all(np.isfinite(normalized_loss_grad(A1, A2, X, Bt)[0]))
    logL = rescaled_log_loss(A1, A2, X, Bt)
    assert np.all(np.isfinite(logL))
    A1s, A2s, Xs, Bs = _data(3)
    np.testing.assert_allclose(np.exp(rescaled_log_loss(A1s, A2s, Xs, Bs)),
                               rescaled_loss_grad(A1s, A2s, Xs, Bs)[0], rtol=1e-10)


def test_gradient_descent_recovers_planted_X():
    out = run(n=6, d=3, steps=2000, seed=0)
    for key in ("normalized", "rescaled"):
        r = out[key]
        assert r["monotone"]
        assert r["loss_final"] < 1e-12 * r["loss_initial"]
        assert r["relative_error_X"] < 1e-5
