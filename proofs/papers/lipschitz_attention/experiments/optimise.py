"""Fitting a full attention matrix M on a fixed Monte Carlo sample (common random numbers).

The objective is the per-task Rao-Blackwellised loss
``(sum_i a_i f_i - f_q)^2 + sigma^2 sum_i a_i^2`` averaged over the batch, whose expectation
is the population loss L(M). With logits ``s_i = x_i^T M x_q`` and ``a = softmax(s)``:
``d/ds_j = 2 r a_j (f_j - yhat) + 2 sigma^2 a_j (a_j - sum_i a_i^2)``, ``r = yhat - f_q``, and
``dL/dM = mean_t sum_j (d/ds_j) x_j x_q^T``.

Example:
    >>> from proofs.papers.lipschitz_attention.experiments.loss import sample_batch
    >>> from proofs.papers.lipschitz_attention.experiments.tasks import relu_family
    >>> b = sample_batch(np.random.default_rng(0), 64, 8, 2, relu_family(1.0))
    >>> M = np.eye(2); E = np.zeros((2, 2)); E[0, 1] = 1e-6
    >>> (v1, g), (v0, _) = loss_and_grad(M + E, b, 0.5), loss_and_grad(M - E, b, 0.5)
    >>> bool(abs((v1 - v0) / 2e-6 - g[0, 1]) < 1e-6)
    True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from proofs.papers.lipschitz_attention.experiments.loss import Batch
from proofs.papers.lipschitz_attention.experiments.model import attention_weights


def loss_and_grad(M: np.ndarray, batch: Batch, sigma: float) -> tuple[float, np.ndarray]:
    """Empirical (noise-expected) loss of ``M`` on ``batch`` and its gradient (d, d)."""
    a = attention_weights(batch.X, batch.xq, M)
    yhat = np.einsum("tn,tn->t", a, batch.f)
    r = yhat - batch.fq
    s2 = np.einsum("tn,tn->t", a, a)
    loss = float(np.mean(r**2 + sigma**2 * s2))
    g = 2.0 * a * (r[:, None] * (batch.f - yhat[:, None]) + sigma**2 * (a - s2[:, None]))
    grad = np.einsum("tn,tnd,te->de", g, batch.X, batch.xq) / batch.tasks
    return loss, grad


def fit_matrix(batch: Batch, sigma: float, M0: np.ndarray, *, max_iter: int = 200,
               symmetric: bool = False) -> tuple[np.ndarray, float, int]:
    """Minimise the empirical loss over M by L-BFGS; returns ``(M, loss, iterations)``.

    ``symmetric`` restricts to M = M^T (as in Theorem 4's feasible set).
    """
    d = M0.shape[0]

    def unpack(v: np.ndarray) -> np.ndarray:
        M = v.reshape(d, d)
        return (M + M.T) / 2.0 if symmetric else M

    def fun(v: np.ndarray) -> tuple[float, np.ndarray]:
        loss, grad = loss_and_grad(unpack(v), batch, sigma)
        return loss, ((grad + grad.T) / 2.0 if symmetric else grad).ravel()

    from scipy.optimize import minimize  # SciPy on first use

    res = minimize(fun, np.asarray(M0, float).ravel(), jac=True, method="L-BFGS-B",
                   options={"maxiter": max_iter, "gtol": 1e-10, "ftol": 1e-13})
    return unpack(res.x), float(res.fun), int(res.nit)


def gradient_descent(batch: Batch, sigma: float, M0: np.ndarray, *, lr: float, steps: int,
                     record_every: int = 1,
                     callback: Callable[[int, np.ndarray], None] | None = None
                     ) -> tuple[np.ndarray, list[tuple[int, float, float]]]:
    """Plain full-batch gradient descent; returns final M and ``(step, loss, ||M||_F)`` records."""
    M = np.asarray(M0, float).copy()
    history: list[tuple[int, float, float]] = []
    for step in range(steps + 1):
        loss, grad = loss_and_grad(M, batch, sigma)
        if step % record_every == 0 or step == steps:
            history.append((step, loss, float(np.linalg.norm(M))))
            if callback is not None:
                callback(step, M)
        if step < steps:
            M = M - lr * grad
    return M, history
