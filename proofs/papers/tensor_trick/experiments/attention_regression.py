"""Batched, numerically stable numpy losses and gradients of the ``tensor-trick`` regression.

Arrays carry a leading batch axis: ``A1, A2: (B, n, d)``, ``X: (B, d, d)``, ``Bt: (B, n, n)``.
Row softmax uses the row maximum (no overflow for any finite input); the Rescaled loss is
returned together with its log-scale shift when the exponentials would overflow.

Normalized: ``L_N = ||S - B||_F²`` with ``S = D(X)^{-1} exp(Z)``, ``Z = A1 X A2ᵀ``;
``∇_X L_N = A1ᵀ P_N A2``, ``P_N = 2 (S∘C - diag((S∘C) 1) S)``, ``C = S - B``.
Rescaled: ``L_R = ||E - D(X) B||_F²``, ``E = exp(Z)``; ``∇_X L_R = A1ᵀ P_R A2``,
``P_R = 2 (Q∘E - diag((Q∘B) 1) E)``, ``Q = E - D B``.

Example:
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> A1, A2 = rng.normal(size=(2, 1, 3, 2))
    >>> X, Bt = rng.normal(size=(1, 2, 2)), np.full((1, 3, 3), 1 / 3)
    >>> L, G = normalized_loss_grad(A1, A2, X, Bt)
    >>> L.shape, G.shape
    ((1,), (1, 2, 2))
"""

from __future__ import annotations

import numpy as np


def logits(A1: np.ndarray, A2: np.ndarray, X: np.ndarray) -> np.ndarray:
    """``Z = A1 X A2ᵀ`` (batched)."""
    return A1 @ X @ np.swapaxes(A2, -1, -2)


def row_softmax(Z: np.ndarray) -> np.ndarray:
    """``D^{-1} exp(Z)`` row by row, shifted by the row maximum (stable).

    >>> row_softmax(np.array([[[1000.0, 1000.0]]])).tolist()
    [[[0.5, 0.5]]]
    """
    Zs = Z - Z.max(axis=-1, keepdims=True)
    E = np.exp(Zs)
    return E / E.sum(axis=-1, keepdims=True)


def normalized_loss_grad(A1, A2, X, Bt) -> tuple[np.ndarray, np.ndarray]:
    """``(L_N, ∇_X L_N)`` for a batch."""
    S = row_softmax(logits(A1, A2, X))
    C = S - Bt
    L = np.sum(C * C, axis=(-2, -1))
    SC = S * C
    P = 2.0 * (SC - SC.sum(axis=-1, keepdims=True) * S)
    return L, np.swapaxes(A1, -1, -2) @ P @ A2


def rescaled_loss_grad(A1, A2, X, Bt) -> tuple[np.ndarray, np.ndarray]:
    """``(L_R, ∇_X L_R)`` for a batch (float64: overflows to inf when ``max Z > ~709``;
    use :func:`rescaled_log_loss` there)."""
    E = np.exp(logits(A1, A2, X))
    Q = E - E.sum(axis=-1, keepdims=True) * Bt
    L = np.sum(Q * Q, axis=(-2, -1))
    P = 2.0 * (Q * E - np.sum(Q * Bt, axis=-1, keepdims=True) * E)
    return L, np.swapaxes(A1, -1, -2) @ P @ A2


def rescaled_log_loss(A1, A2, X, Bt) -> np.ndarray:
    """``log L_R`` without overflow: ``L_R = e^{2m} ||E' - D' B||²`` with ``m = max Z``."""
    Z = logits(A1, A2, X)
    m = Z.max(axis=(-2, -1))
    E = np.exp(Z - m[..., None, None])
    Q = E - E.sum(axis=-1, keepdims=True) * Bt
    with np.errstate(divide="ignore"):
        return 2.0 * m + np.log(np.sum(Q * Q, axis=(-2, -1)))


def vectorised_losses(A1, A2, X, Bt) -> tuple[np.ndarray, np.ndarray]:
    """Both losses through the tensor trick: ``𝖠 = A1 ⊗ A2``, ``x = vec(X)`` (row-major),
    block ``j0`` = rows ``(j0-1)n .. j0 n - 1`` of ``𝖠 x``."""
    batch, n, d = A1.shape
    AA = np.einsum("bij,bkl->bikjl", A1, A2).reshape(batch, n * n, d * d)
    z = (AA @ X.reshape(batch, d * d, 1))[..., 0].reshape(batch, n, n)
    f = row_softmax(z)
    b = Bt.reshape(batch, n, n)
    u = np.exp(z)
    alpha = u.sum(axis=-1, keepdims=True)
    return np.sum((f - b) ** 2, axis=(-2, -1)), np.sum((u - alpha * b) ** 2, axis=(-2, -1))
