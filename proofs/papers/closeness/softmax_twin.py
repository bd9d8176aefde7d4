"""Numeric twin of the softmax-regression objects of the ``closeness`` paper (Sections 4 and 6).

With ``A`` in R^{n x d}, ``x`` in R^d and ``b`` in R^n, and logits ``z = A x``::

    u(x)     = exp(A x)                      (elementwise)
    alpha(x) = <exp(A x), 1_n>
    f(x)     = alpha(x)^{-1} exp(A x)        (softmax of z)
    c(x)     = f(x) - b
    L(x)     = 0.5 * ||c(x)||_2^2

Derivatives (derived here, not copied from the paper).  With ``S = diag(f) - f f^T`` (the Jacobian
of the softmax with respect to ``z``) and ``s = <c, f>``:

    d alpha / dx        = A^T exp(A x)                = alpha A^T f
    d alpha^{-1} / dx   = -alpha^{-2} A^T exp(A x)    = -alpha^{-1} A^T f
    d f / dx            = S A                         (n x d)
    d L / dx            = A^T S c = A^T (f o c - f <c, f>)
    d^2 L / dx^2        = A^T (S S + M) A,
        M = diag(f o c - s f) - (f o c) f^T - f (f o c)^T + 2 s f f^T
    d alpha / dA_ij     = exp(z_i) x_j
    d f_k / dA_ij       = S_ki x_j
    d L / dA_ij         = (S c)_i x_j

Note: Lemma 4.5 Part 5 of the paper prints ``A_{*,i}^T (f <c, f> + diag(f) c)``; the true gradient
has a minus sign, ``A_{*,i}^T (-f <c, f> + diag(f) c)``.

Numerics.  Everything is computed from the log-sum-exp shifted softmax, so ``f``, ``c``, ``L`` and
every derivative of ``f``, ``c`` and ``L`` stay finite for arbitrarily large finite logits (e.g.
``||A x||_inf = 2000``).  When the softmax is nearly one-hot, ``1 - f_max`` and ``S c`` are formed
without cancellation (``1 - f_max`` as the sum of the other entries, and ``S c = S (c - c_max 1)``
because ``S 1 = 0``), so gradients and Hessians of size ``exp(-700)`` keep their relative accuracy.

``alpha`` and ``alpha_inv`` (and their derivatives) are genuinely ``exp(log_alpha)``-sized: they
return ``inf`` (or ``0.0`` on underflow) exactly when the true value lies beyond the float64 range,
never a silently wrong finite number and never NaN.  Use :func:`log_alpha` for large logits.

All functions are batched over leading axes: ``A`` has shape ``(..., n, d)``, ``x`` ``(..., d)`` and
``b`` ``(..., n)``; the batch shapes broadcast against each other.  Invalid shapes or non-finite
inputs raise ``ValueError``.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "alpha",
    "alpha_inv",
    "c",
    "grad_alpha",
    "grad_alpha_A",
    "grad_alpha_inv",
    "grad_loss",
    "grad_loss_A",
    "hess_loss",
    "jac_f",
    "jac_f_A",
    "log_alpha",
    "loss",
    "softmax_f",
]

FloatArray = NDArray[np.float64]

# Beyond this |log scale| a product v * exp(log_s) is formed in log space to avoid inf * 0 = nan.
_LOG_SAFE = 700.0


# ----------------------------------------------------------------------------- validation


def _as_float(name: str, value: ArrayLike, min_ndim: int) -> FloatArray:
    if np.iscomplexobj(value):
        raise ValueError(f"{name} must be real, got a complex array")
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be a real numeric array ({exc})") from None
    if arr.ndim < min_ndim:
        raise ValueError(
            f"{name} must have at least {min_ndim} dimension(s), got shape {arr.shape}"
        )
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains non-finite values (nan or inf)")
    return arr


def _check_Ax(A: ArrayLike, x: ArrayLike) -> tuple[FloatArray, FloatArray]:
    A = _as_float("A", A, 2)
    x = _as_float("x", x, 1)
    n, d = A.shape[-2:]
    if n < 1 or d < 1:
        raise ValueError(f"A must have n >= 1 rows and d >= 1 columns, got shape {A.shape}")
    if x.shape[-1] != d:
        raise ValueError(
            f"x must have last dimension d = {d} (A has shape {A.shape}), got shape {x.shape}"
        )
    try:
        np.broadcast_shapes(A.shape[:-2], x.shape[:-1])
    except ValueError:
        raise ValueError(
            f"batch shapes do not broadcast: A {A.shape[:-2]} vs x {x.shape[:-1]}"
        ) from None
    return A, x


def _check_Axb(
    A: ArrayLike, x: ArrayLike, b: ArrayLike
) -> tuple[FloatArray, FloatArray, FloatArray]:
    A, x = _check_Ax(A, x)
    b = _as_float("b", b, 1)
    n = A.shape[-2]
    if b.shape[-1] != n:
        raise ValueError(
            f"b must have last dimension n = {n} (A has shape {A.shape}), got shape {b.shape}"
        )
    try:
        np.broadcast_shapes(A.shape[:-2], x.shape[:-1], b.shape[:-1])
    except ValueError:
        raise ValueError(
            f"batch shapes do not broadcast: A {A.shape[:-2]}, x {x.shape[:-1]}, b {b.shape[:-1]}"
        ) from None
    return A, x, b


# ----------------------------------------------------------------------------- internals


def _out(arr: np.ndarray) -> FloatArray:
    """Return 0-d results as numpy scalars, others unchanged."""
    return arr[()] if arr.ndim == 0 else arr


def _logits(A: FloatArray, x: FloatArray) -> FloatArray:
    return np.matmul(A, x[..., None])[..., 0]


def _softmax_parts(z: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """Return (lse, f, q, star): log-sum-exp, softmax, q = 1 - f without cancellation, one-hot
    mask of the (first) largest logit."""
    idx = np.argmax(z, axis=-1)[..., None]
    m = np.take_along_axis(z, idx, axis=-1)
    e = np.exp(z - m)  # e[star] == 1 exactly, all entries in [0, 1]
    star = np.zeros(z.shape, dtype=bool)
    np.put_along_axis(star, idx, True, axis=-1)
    total = e.sum(axis=-1, keepdims=True)
    rest = np.where(star, 0.0, e).sum(axis=-1, keepdims=True)
    f = e / total
    # 1 - f_k: for the largest entry it is rest / total (no cancellation); other entries have
    # f_k <= 1/2, so 1 - f_k is accurate as is.
    q = np.where(star, rest / total, 1.0 - f)
    lse = (m + np.log(total))[..., 0]
    return lse, f, q, star


def _S(f: FloatArray, q: FloatArray) -> FloatArray:
    """Softmax Jacobian diag(f) - f f^T with an accurate diagonal f (1 - f)."""
    S = -f[..., :, None] * f[..., None, :]
    k = np.arange(f.shape[-1])
    S[..., k, k] = f * q
    return S


def _shifted_c(c_vec: FloatArray, star: FloatArray) -> FloatArray:
    """c - c_star 1 (exactly zero at the largest softmax entry); S c is invariant under it."""
    c_star = np.sum(np.where(star, c_vec, 0.0), axis=-1, keepdims=True)
    return c_vec - c_star


def _Sc(f: FloatArray, ct: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Return (S c, f o ct, <f, ct>) for a shifted residual ct."""
    w = f * ct
    s = w.sum(axis=-1, keepdims=True)
    return w - f * s, w, s


def _times_exp(v: FloatArray, log_s: FloatArray) -> FloatArray:
    """v * exp(log_s) without inf * 0 = nan; inf or 0 only where the true value is out of range."""
    with np.errstate(over="ignore", under="ignore", divide="ignore", invalid="ignore"):
        safe = np.abs(log_s) <= _LOG_SAFE
        direct = v * np.exp(np.where(safe, log_s, 0.0))
        via_log = np.copysign(np.exp(log_s + np.log(np.abs(v))), v)
        return np.where(safe, direct, via_log)


def _state(A: ArrayLike, x: ArrayLike, b: ArrayLike | None = None) -> dict[str, FloatArray]:
    if b is None:
        A, x = _check_Ax(A, x)
    else:
        A, x, b = _check_Axb(A, x, b)
    z = _logits(A, x)
    lse, f, q, star = _softmax_parts(z)
    st: dict[str, FloatArray] = {"A": A, "x": x, "z": z, "lse": lse, "f": f, "q": q, "star": star}
    if b is not None:
        st["c"] = f - b
    return st


# ----------------------------------------------------------------------------- values


def log_alpha(A: ArrayLike, x: ArrayLike) -> FloatArray:
    """log alpha(x) = log <exp(A x), 1_n> (log-sum-exp, never overflows); shape (...).

    >>> float(log_alpha([[1000.0, 0.0], [0.0, 1000.0]], [1.0, 1.0]))  # 1000 + log 2
    1000.6931471805599
    """
    return _out(_state(A, x)["lse"])


def alpha(A: ArrayLike, x: ArrayLike) -> FloatArray:
    """alpha(x) = <exp(A x), 1_n>; shape (...).

    Returns ``inf`` when the true value exceeds the float64 range (log_alpha > ~709.78); use
    :func:`log_alpha` there.

    >>> float(alpha([[1.0, 0.0], [0.0, 1.0]], [0.0, 0.0]))
    2.0
    >>> float(alpha([[1000.0]], [1.0]))
    inf
    """
    with np.errstate(over="ignore"):
        return _out(np.exp(_state(A, x)["lse"]))


def alpha_inv(A: ArrayLike, x: ArrayLike) -> FloatArray:
    """alpha(x)^{-1}; shape (...).

    Underflows to ``0.0`` for log_alpha > ~745 and returns ``inf`` for log_alpha < ~-709.78
    (true value beyond the float64 range).

    >>> float(alpha_inv([[1.0], [1.0]], [0.0]))
    0.5
    """
    with np.errstate(over="ignore", under="ignore"):
        return _out(np.exp(-_state(A, x)["lse"]))


def softmax_f(A: ArrayLike, x: ArrayLike) -> FloatArray:
    """f(x) = alpha(x)^{-1} exp(A x), the softmax of the logits; shape (..., n).

    >>> softmax_f([[2000.0], [0.0]], [1.0]).tolist()
    [1.0, 0.0]
    >>> softmax_f([[1.0], [1.0]], [3.0]).tolist()
    [0.5, 0.5]
    """
    return _state(A, x)["f"]


def c(A: ArrayLike, x: ArrayLike, b: ArrayLike) -> FloatArray:
    """c(x) = f(x) - b; shape (..., n).

    >>> c([[1.0], [1.0]], [3.0], [0.5, 0.0]).tolist()
    [0.0, 0.5]
    """
    return _state(A, x, b)["c"]


def loss(A: ArrayLike, x: ArrayLike, b: ArrayLike) -> FloatArray:
    """L_exp(x) = 0.5 ||f(x) - b||_2^2; shape (...).

    >>> float(loss([[1.0], [1.0]], [3.0], [0.5, 0.0]))
    0.125
    """
    cv = _state(A, x, b)["c"]
    return _out(0.5 * np.sum(cv * cv, axis=-1))


# ----------------------------------------------------------------------------- derivatives in x


def grad_alpha(A: ArrayLike, x: ArrayLike) -> FloatArray:
    """d alpha / dx = A^T exp(A x) = alpha(x) A^T f(x); shape (..., d).

    Entries are ``+-inf`` exactly when their true value exceeds the float64 range.

    >>> grad_alpha([[1.0, 2.0], [3.0, 4.0]], [0.0, 0.0]).tolist()
    [4.0, 6.0]
    """
    st = _state(A, x)
    v = np.matmul(np.swapaxes(st["A"], -1, -2), st["f"][..., None])[..., 0]
    return _times_exp(v, st["lse"][..., None])


def grad_alpha_inv(A: ArrayLike, x: ArrayLike) -> FloatArray:
    """d alpha^{-1} / dx = -alpha(x)^{-1} A^T f(x); shape (..., d).

    >>> grad_alpha_inv([[1.0, 2.0], [3.0, 4.0]], [0.0, 0.0]).tolist()
    [-1.0, -1.5]
    """
    st = _state(A, x)
    v = np.matmul(np.swapaxes(st["A"], -1, -2), st["f"][..., None])[..., 0]
    return _times_exp(-v, -st["lse"][..., None])


def jac_f(A: ArrayLike, x: ArrayLike) -> FloatArray:
    """Jacobian d f / dx = (diag(f) - f f^T) A; shape (..., n, d), entry [k, i] = d f_k / d x_i.

    Equals d c / dx (b is constant).

    >>> jac_f([[1.0], [-1.0]], [0.0]).tolist()
    [[0.5], [-0.5]]
    """
    st = _state(A, x)
    return np.matmul(_S(st["f"], st["q"]), st["A"])


def grad_loss(A: ArrayLike, x: ArrayLike, b: ArrayLike) -> FloatArray:
    """d L_exp / dx = A^T (f o c - f <c, f>); shape (..., d).

    >>> grad_loss([[1.0], [-1.0]], [0.0], [1.0, 0.0]).tolist()
    [-0.5]
    """
    st = _state(A, x, b)
    g_z, _, _ = _Sc(st["f"], _shifted_c(st["c"], st["star"]))
    return np.matmul(np.swapaxes(st["A"], -1, -2), g_z[..., None])[..., 0]


def hess_loss(A: ArrayLike, x: ArrayLike, b: ArrayLike) -> FloatArray:
    """d^2 L_exp / dx^2 = A^T (S S + M) A, S = diag(f) - f f^T; shape (..., d, d), symmetric.

    M = diag(f o c - s f) - (f o c) f^T - f (f o c)^T + 2 s f f^T with s = <c, f> (c may be
    shifted by any constant vector, which leaves M unchanged).

    >>> hess_loss([[1.0], [-1.0]], [0.0], [1.0, 0.0]).tolist()
    [[0.5]]
    """
    st = _state(A, x, b)
    f, Amat = st["f"], st["A"]
    S = _S(f, st["q"])
    _, w, s = _Sc(f, _shifted_c(st["c"], st["star"]))
    k = np.arange(f.shape[-1])
    M = 2.0 * s[..., None] * f[..., :, None] * f[..., None, :]
    M = M - (w[..., :, None] * f[..., None, :] + f[..., :, None] * w[..., None, :])
    M[..., k, k] += w - s * f
    Hz = np.matmul(S, S) + M
    H = np.matmul(np.swapaxes(Amat, -1, -2), np.matmul(Hz, Amat))
    return 0.5 * (H + np.swapaxes(H, -1, -2))


# ----------------------------------------------------------------------------- derivatives in A


def grad_alpha_A(A: ArrayLike, x: ArrayLike) -> FloatArray:
    """d alpha / dA_ij = exp((A x)_i) x_j, i.e. exp(A x) x^T; shape (..., n, d).

    Entries are ``+-inf`` exactly when their true value exceeds the float64 range.

    >>> grad_alpha_A([[0.0, 0.0]], [1.0, 2.0]).tolist()
    [[1.0, 2.0]]
    """
    st = _state(A, x)
    return _times_exp(st["x"][..., None, :], st["z"][..., :, None])


def grad_loss_A(A: ArrayLike, x: ArrayLike, b: ArrayLike) -> FloatArray:
    """d L_exp / dA_ij = (f o c - f <c, f>)_i x_j; shape (..., n, d).

    >>> grad_loss_A([[0.0], [0.0]], [2.0], [1.0, 0.0]).tolist()
    [[-0.5], [0.5]]
    """
    st = _state(A, x, b)
    g_z, _, _ = _Sc(st["f"], _shifted_c(st["c"], st["star"]))
    return g_z[..., :, None] * st["x"][..., None, :]


def jac_f_A(A: ArrayLike, x: ArrayLike) -> FloatArray:
    """d f_k / dA_ij = (diag(f) - f f^T)_{k i} x_j; shape (..., n, n, d), indexed [k, i, j].

    >>> jac_f_A([[0.0], [0.0]], [2.0]).tolist()
    [[[0.5], [-0.5]], [[-0.5], [0.5]]]
    """
    st = _state(A, x)
    return _S(st["f"], st["q"])[..., :, :, None] * st["x"][..., None, None, :]
