"""Monte Carlo estimator of the ICL population loss L(M) = E (yhat - f(x_{n+1}))^2.

The loss splits as ``L = L_bias + L_noise`` with ``L_bias = E (sum_i a_i f(x_i) - f(x_q))^2`` and
``L_noise = sigma^2 E sum_i a_i^2`` (the cross term has mean zero). Per task we report
* ``bias``  = (sum_i a_i f_i - f_q)^2,
* ``noise`` = sigma^2 sum_i a_i^2 (the noise expectation taken exactly given x, Rao-Blackwellised),
* ``total`` = (sum_i a_i (f_i + sigma eps_i) - f_q)^2 with eps actually drawn,
so ``mean(total)`` and ``mean(bias + noise)`` estimate the same number independently of the noise
draw. Tasks are drawn in chunks (memory is O(chunk * n * d)); chunk ``j`` uses the ``j``-th child of
``SeedSequence(seed)``, so one seed gives the same tasks for every ``M`` (common random numbers).

Example:
    >>> from proofs.papers.lipschitz_attention.experiments.tasks import relu_family
    >>> est = estimate_loss(2.0, d=2, n=16, sigma=0.5, family=relu_family(1.0), tasks=512, seed=0)
    >>> bool(abs(est.total - est.bias - est.noise) < 4 * est.se_diff)
    True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from proofs.papers.lipschitz_attention.experiments.model import MatrixLike, attention_weights
from proofs.papers.lipschitz_attention.experiments.tasks import TaskFamily, sphere

DEFAULT_CHUNK = 2048


@dataclass(frozen=True)
class Batch:
    """Tasks: context ``X`` (T, n, d), query ``xq`` (T, d), clean labels ``f`` (T, n) and
    ``fq`` (T,), standard-normal label noise ``eps`` (T, n)."""

    X: np.ndarray
    xq: np.ndarray
    f: np.ndarray
    fq: np.ndarray
    eps: np.ndarray

    @property
    def tasks(self) -> int:
        return self.X.shape[0]


def sample_batch(rng: np.random.Generator, tasks: int, n: int, d: int, family: TaskFamily,
                 cov_sqrt: np.ndarray | None = None) -> Batch:
    """Draw ``tasks`` tasks with ``n`` context points; x = cov_sqrt u, u ~ U(S^{d-1})."""
    pts = sphere(rng, (tasks, n + 1), d)
    if cov_sqrt is not None:
        pts = pts @ np.asarray(cov_sqrt).T
    vals = family(rng, pts)
    eps = rng.standard_normal((tasks, n))
    return Batch(pts[:, :n], pts[:, n], vals[:, :n], vals[:, n], eps)


def iter_batches(seed: int | Sequence[int], tasks: int, n: int, d: int, family: TaskFamily,
                 cov_sqrt: np.ndarray | None = None,
                 chunk: int = DEFAULT_CHUNK) -> Iterator[Batch]:
    """Yield batches covering ``tasks`` tasks, chunk ``j`` seeded by child ``j`` of ``seed``."""
    sizes = [min(chunk, tasks - s) for s in range(0, tasks, chunk)]
    children = np.random.SeedSequence(seed).spawn(len(sizes))
    for size, child in zip(sizes, children, strict=True):
        yield sample_batch(np.random.default_rng(child), size, n, d, family, cov_sqrt)


def per_task_terms(batch: Batch, M: MatrixLike, sigma: float
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-task ``(bias, noise, total)`` arrays of shape (T,), see the module docstring."""
    a = attention_weights(batch.X, batch.xq, M)
    clean = np.einsum("tn,tn->t", a, batch.f) - batch.fq
    bias = clean**2
    noise = sigma**2 * np.einsum("tn,tn->t", a, a)
    total = (clean + sigma * np.einsum("tn,tn->t", a, batch.eps)) ** 2
    return bias, noise, total


def naive_per_task_terms(batch: Batch, M: MatrixLike, sigma: float
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Reference implementation of :func:`per_task_terms` with a Python loop over tasks."""
    Mm = np.asarray(M, dtype=float) * (np.eye(batch.X.shape[2]) if np.ndim(M) == 0 else 1.0)
    out = np.empty((3, batch.tasks))
    for t in range(batch.tasks):
        logits = [float(x @ Mm @ batch.xq[t]) for x in batch.X[t]]
        top = max(logits)
        e = [np.exp(v - top) for v in logits]
        z = sum(e)
        a = [v / z for v in e]
        clean = sum(ai * fi for ai, fi in zip(a, batch.f[t], strict=True)) - batch.fq[t]
        noisy = sigma * sum(ai * ei for ai, ei in zip(a, batch.eps[t], strict=True))
        out[:, t] = clean**2, sigma**2 * sum(ai * ai for ai in a), (clean + noisy) ** 2
    return out[0], out[1], out[2]


@dataclass(frozen=True)
class LossEstimate:
    """Means and standard errors over ``tasks`` tasks; ``se_diff`` is the SE of
    ``mean(total - bias - noise)``, whose expectation is exactly zero."""

    total: float
    bias: float
    noise: float
    se_total: float
    se_bias: float
    se_noise: float
    se_diff: float
    tasks: int


def _se(v: np.ndarray) -> float:
    return float(v.std(ddof=1) / np.sqrt(v.size))


def estimate_loss(M: MatrixLike, *, d: int, n: int, sigma: float, family: TaskFamily,
                  tasks: int, seed: int | Sequence[int], cov_sqrt: np.ndarray | None = None,
                  chunk: int = DEFAULT_CHUNK) -> LossEstimate:
    """Monte Carlo estimate of L(M), L_bias(M), L_noise(M) over ``tasks`` random tasks."""
    parts = [per_task_terms(b, M, sigma)
             for b in iter_batches(seed, tasks, n, d, family, cov_sqrt, chunk)]
    bias, noise, total = (np.concatenate(p) for p in zip(*parts, strict=True))
    return LossEstimate(float(total.mean()), float(bias.mean()), float(noise.mean()),
                        _se(total), _se(bias), _se(noise), _se(total - bias - noise), tasks)


def scalar_curves(batch: Batch, ws: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """Per-task curves for M = w I: ``bias`` (T, G) and unit-noise ``sum_i a_i^2`` (T, G).

    The loss at (w, L-scaling c, sigma) is ``c^2 bias + sigma^2 noise`` on the same tasks.
    """
    s = np.einsum("tnd,td->tn", batch.X, batch.xq)
    s = s - s.max(axis=1, keepdims=True)
    bias = np.empty((batch.tasks, len(ws)))
    unit_noise = np.empty_like(bias)
    for g, w in enumerate(ws):
        e = np.exp(w * s)
        z = e.sum(axis=1)
        bias[:, g] = (np.einsum("tn,tn->t", e, batch.f) / z - batch.fq) ** 2
        unit_noise[:, g] = np.einsum("tn,tn->t", e, e) / z**2
    return bias, unit_noise


def loss_curves(ws: Sequence[float], *, d: int, n: int, family: TaskFamily, tasks: int,
                seed: int | Sequence[int], chunk: int = DEFAULT_CHUNK
                ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`scalar_curves` over ``tasks`` tasks drawn in chunks (x on the unit sphere)."""
    parts = [scalar_curves(b, ws) for b in iter_batches(seed, tasks, n, d, family, chunk=chunk)]
    return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]))
