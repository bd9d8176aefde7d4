"""One-layer softmax attention predictor, vectorised over tasks.

For context points ``X`` (T, n, d), queries ``xq`` (T, d) and labels ``y`` (T, n):
``yhat_t = sum_i y_ti softmax_i(x_ti^T M xq_t)``. ``M`` is a scalar ``w`` (meaning ``w I``) or a
(d, d) matrix.

Example:
    >>> import numpy as np
    >>> X = np.array([[[1.0], [-1.0]]]); xq = np.array([[1.0]]); y = np.array([[1.0, 0.0]])
    >>> round(float(predict(X, xq, y, 0.0)[0]), 3)
    0.5
"""

from __future__ import annotations

import numpy as np

MatrixLike = float | np.ndarray


def attention_logits(X: np.ndarray, xq: np.ndarray, M: MatrixLike) -> np.ndarray:
    """Logits ``x_ti^T M xq_t`` of shape (T, n)."""
    Mq = xq * M if np.ndim(M) == 0 else xq @ np.asarray(M).T
    return np.einsum("tnd,td->tn", X, Mq)


def softmax(logits: np.ndarray) -> np.ndarray:
    """Numerically stable softmax along the last axis."""
    e = np.exp(logits - logits.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def attention_weights(X: np.ndarray, xq: np.ndarray, M: MatrixLike) -> np.ndarray:
    """Attention the query pays to each context point, shape (T, n); rows sum to 1."""
    return softmax(attention_logits(X, xq, M))


def predict(X: np.ndarray, xq: np.ndarray, y: np.ndarray, M: MatrixLike) -> np.ndarray:
    """Prediction ``yhat`` for each task, shape (T,)."""
    return np.einsum("tn,tn->t", attention_weights(X, xq, M), y)
