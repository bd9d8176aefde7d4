"""Exact population loss for d = 1 (x on S^0 = {-1, +1}) with M = w and F_L^+ tasks.

Condition on x_q = +1 (the other case is symmetric). The number k of context points equal to x_q is
Binomial(n, 1/2); points equal to x_q get weight e^{w}, the others e^{-w}. With
Delta = f(-1) - f(+1) = +-(l2 - l1), E Delta^2 = 2 L^2 / 3, so

    L(w) = sum_k C(n,k) 2^{-n} [ (2 L^2/3) ((n-k) e^{-w} / Z_k)^2
                                 + sigma^2 (k e^{2w} + (n-k) e^{-2w}) / Z_k^2 ],
    Z_k = k e^{w} + (n-k) e^{-w}.

Example:
    >>> round(exact_loss_d1(0.0, n=2, L=1.0, sigma=0.0), 6)  # (2/3) E((n-k)/n)^2 = (2/3)(3/8)
    0.25
"""

from __future__ import annotations

import numpy as np


def exact_terms_d1(w: float | np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Exact ``(L_bias / L^2, L_noise / sigma^2)`` at each ``w`` for d = 1."""
    from scipy.stats import binom  # SciPy on first use (collection and start-up)

    w = np.atleast_1d(np.asarray(w, dtype=float))[:, None]
    k = np.arange(n + 1)[None, :]
    pk = binom.pmf(np.arange(n + 1), n, 0.5)[None, :]
    # divide numerator and denominator by e^{w} to stay finite for large w
    t = np.exp(-2.0 * w)
    kk = np.maximum(k, 1)  # k = 0 (no point equals x_q): uniform weights, bias 1, noise 1/n
    z = kk + (n - k) * t
    bias = np.where(k == 0, 2.0 / 3.0, (2.0 / 3.0) * ((n - k) * t / z) ** 2)
    noise = np.where(k == 0, 1.0 / n, (k + (n - k) * t**2) / z**2)
    return (pk * bias).sum(axis=1), (pk * noise).sum(axis=1)


def exact_loss_d1(w: float, *, n: int, L: float, sigma: float) -> float:
    """Exact L(w) for d = 1 (see the module docstring)."""
    b, v = exact_terms_d1(w, n)
    return float(L**2 * b[0] + sigma**2 * v[0])


def exact_wstar_d1(*, n: int, L: float, sigma: float, w_max: float = 50.0) -> float:
    """argmin_w L(w) for d = 1, by bounded scalar minimisation on log w.

    Example:
        >>> 1.0 < exact_wstar_d1(n=64, L=1.0, sigma=1.0) < 3.0
        True
    """
    from scipy.optimize import minimize_scalar

    res = minimize_scalar(lambda u: exact_loss_d1(float(np.exp(u)), n=n, L=L, sigma=sigma),
                          bounds=(np.log(1e-4), np.log(w_max)), method="bounded",
                          options={"xatol": 1e-8})
    return float(np.exp(res.x))
