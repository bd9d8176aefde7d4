"""Small statistics helpers: argmin refinement, bootstrap, slopes, interval verdicts, power.

A Monte Carlo verdict is only as good as its sample: :func:`detectable_effect` is the smallest
deviation a test detects with the stated power, and :func:`power_gate` turns a verdict reached
with less than that power into ``unknown`` ("sample too small to decide").

Example:
    >>> logw = np.log(np.geomspace(0.1, 10.0, 21))
    >>> w, censored = refine_argmin(logw, (logw - np.log(2.0)) ** 2)
    >>> round(float(w), 6), bool(censored)
    (2.0, False)
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _stats() -> Any:
    """``scipy.stats``, imported on first use (importing it takes about a second, and most
    runs import this module without testing anything)."""
    from scipy import stats

    return stats


Status = str  # "supported" | "refuted" | "unknown"


def refine_argmin(logw: np.ndarray, curves: np.ndarray, sub: int = 16
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Minimiser ``w`` of each curve (last axis over the grid ``logw``): a cubic spline in log w
    is evaluated on a grid ``sub`` times finer and its minimum refined by a parabola.
    ``censored`` marks minima at the edge of the grid.
    """
    from scipy.interpolate import CubicSpline

    curves = np.asarray(curves, dtype=float)
    fine = np.linspace(logw[0], logw[-1], sub * (len(logw) - 1) + 1)
    vals = CubicSpline(logw, curves, axis=-1)(fine)
    g = np.argmin(vals, axis=-1)
    G = fine.size
    censored = (g == 0) | (g == G - 1)
    gi = np.clip(g, 1, G - 2)
    y0, y1, y2 = (np.take_along_axis(vals, (gi + k)[..., None], axis=-1)[..., 0]
                  for k in (-1, 0, 1))
    h = fine[1] - fine[0]
    den = y0 - 2.0 * y1 + y2
    with np.errstate(divide="ignore", invalid="ignore"):
        shift = np.where(den > 0, 0.5 * h * (y0 - y2) / den, 0.0)
    vertex = fine[gi] + np.clip(shift, -h, h)
    vertex = np.where(censored, fine[g], vertex)
    return np.exp(vertex), censored


#: entries of the (replicates x rows) count matrix that :func:`bootstrap_means` builds at once
_BOOTSTRAP_BLOCK = 1 << 22


def bootstrap_means(A: np.ndarray, reps: int, rng: np.random.Generator) -> np.ndarray:
    """Bootstrap means over the first axis: returns ``(reps,) + A.shape[1:]`` (resampled rows).

    Replicate ``r`` resamples the rows with ``rng.integers(0, T, T)``, drawn in the order of
    ``r``; the replicates' row counts are multiplied with the rows a block at a time (one matrix
    product, not one per replicate).
    """
    T = A.shape[0]
    flat = A.reshape(T, -1)
    out = np.empty((reps, flat.shape[1]))
    block = max(1, min(reps, _BOOTSTRAP_BLOCK // max(T, 1)))
    for start in range(0, reps, block):
        stop = min(start + block, reps)
        counts = np.stack([np.bincount(rng.integers(0, T, T), minlength=T)
                           for _ in range(start, stop)]).astype(float)
        out[start:stop] = counts @ flat / T
    return out.reshape((reps,) + A.shape[1:])


def with_bootstrap(A: np.ndarray, reps: int, rng: np.random.Generator) -> np.ndarray:
    """Means over the first axis with their bootstrap: row 0 the point estimate (the plain mean),
    rows ``1..reps`` the :func:`bootstrap_means` replicates; shape ``(reps + 1,) + A.shape[1:]``.

    Example:
        >>> A = np.arange(6.0).reshape(3, 2)
        >>> R = with_bootstrap(A, 4, np.random.default_rng(0))
        >>> R.shape, R[0].tolist()
        ((5, 2), [2.0, 3.0])
    """
    return np.concatenate([A.mean(axis=0)[None], bootstrap_means(A, reps, rng)])


def ols_slope(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Least-squares ``(slope, intercept)`` of ``y`` on ``x``."""
    slope, intercept = np.polyfit(np.asarray(x, float), np.asarray(y, float), 1)
    return float(slope), float(intercept)


def percentile_ci(samples: np.ndarray, level: float = 0.95) -> tuple[float, float]:
    """Two-sided percentile interval of bootstrap ``samples``."""
    q = (1.0 - level) / 2.0
    lo, hi = np.quantile(np.asarray(samples, float), [q, 1.0 - q])
    return float(lo), float(hi)


def interval_status(lo: float, hi: float, pred_lo: float = -np.inf,
                    pred_hi: float = np.inf) -> Status:
    """``supported`` if [lo, hi] lies inside [pred_lo, pred_hi], ``refuted`` if the two intervals
    are disjoint, else ``unknown``.

    Example:
        >>> interval_status(0.4, 0.6, 0.5, 1.0), interval_status(0.1, 0.2, 0.5, 1.0)
        ('unknown', 'refuted')
    """
    if pred_lo <= lo and hi <= pred_hi:
        return "supported"
    if hi < pred_lo or lo > pred_hi:
        return "refuted"
    return "unknown"


def combine_status(statuses: list[Status]) -> Status:
    """Refuted if any part is refuted, supported if all are, else unknown."""
    if "refuted" in statuses:
        return "refuted"
    if statuses and all(s == "supported" for s in statuses):
        return "supported"
    return "unknown"


def interval_distance(lo: float, hi: float, pred_lo: float, pred_hi: float) -> float:
    """Signed slack of an estimate interval against a predicted band: the smallest distance
    from the CI to the outside of the band (positive: inside, negative: outside)."""
    return float(min(lo - pred_lo, pred_hi - hi))


def direction_test(Ms: np.ndarray, target: np.ndarray) -> dict[str, float]:
    """Is the mean direction of matrices ``Ms`` (R, d, d) along ``target``?

    Each replicate is normalised to unit Frobenius norm; ``e_r`` is its part orthogonal to
    ``target``. Under the null (true minimiser proportional to ``target``, replicates = independent
    Monte Carlo estimates) ``F = R |mean e|^2 / tr(cov e)`` is roughly F(nu, nu (R-1)) with the
    Satterthwaite degrees of freedom ``nu = tr(S)^2 / tr(S^2)``. Returns ``F``, its p-value, the
    mean cosine with ``target`` and the mean relative residual after the best scalar multiple.
    """
    R = Ms.shape[0]
    U = Ms.reshape(R, -1)
    U = U / np.linalg.norm(U, axis=1, keepdims=True)
    v = np.asarray(target, float).ravel()
    v = v / np.linalg.norm(v)
    cos = U @ v
    E = U - cos[:, None] * v[None, :]
    ebar = E.mean(axis=0)
    Ec = E - ebar
    gram = Ec @ Ec.T / max(R - 1, 1)  # same nonzero spectrum as the D x D covariance
    spread = float(np.trace(gram))
    nu = spread**2 / float((gram**2).sum()) if spread > 0 else 1.0
    F = float(R * (ebar @ ebar) / spread) if spread > 0 else np.inf
    p = float(_stats().f.sf(F, nu, nu * max(R - 1, 1))) if np.isfinite(F) else 0.0
    return {"F": F, "p_value": p, "cosine_mean": float(cos.mean()),
            "cosine_se": float(cos.std(ddof=1) / np.sqrt(R)) if R > 1 else float("nan"),
            "residual_mean": float(np.sqrt(1.0 - np.clip(cos, -1, 1) ** 2).mean()),
            "residual_of_mean": float(np.linalg.norm(ebar) / np.linalg.norm(U.mean(axis=0))),
            "dof": float(nu), "replicates": R}


#: the power below which a Monte Carlo test does not decide (see :func:`power_gate`)
MIN_POWER = 0.8
#: two-sided level of the tests whose sensitivity is reported
ALPHA = 0.05


def detectable_effect(se: float, alpha: float = ALPHA, power: float = MIN_POWER) -> float:
    """Smallest true deviation that a two-sided z-test with standard error ``se`` detects with
    probability ``power`` at level ``alpha``: ``(z_{1-alpha/2} + z_power) se``.

    Example:
        >>> round(detectable_effect(0.1), 4)
        0.2802
    """
    if not np.isfinite(se) or se < 0:
        return float("inf")
    norm = _stats().norm
    return float((norm.ppf(1 - alpha / 2) + norm.ppf(power)) * se)


def power_at(effect: float, se: float, alpha: float = ALPHA) -> float:
    """Power of a two-sided z-test with standard error ``se`` against a deviation ``effect``.

    Example:
        >>> round(power_at(0.2802, 0.1), 3), power_at(1.0, 0.0)
        (0.8, 1.0)
    """
    if not np.isfinite(se):
        return 0.0
    if se <= 0:
        return 1.0
    norm = _stats().norm
    z = norm.ppf(1 - alpha / 2)
    t = abs(effect) / se
    return float(norm.sf(z - t) + norm.cdf(-z - t))


def power_gate(status: Status, se: float, effect: float, *, unit: str,
               alpha: float = ALPHA, min_power: float = MIN_POWER
               ) -> tuple[Status, dict[str, Any]]:
    """``status`` if the test has at least ``min_power`` against a deviation of size ``effect``
    (the smallest deviation the claim's verdict should rest on), else ``unknown``; with the
    record of the test's sensitivity (``effect`` is the smallest detectable effect).

    Example:
        >>> power_gate("refuted", se=0.2, effect=0.1, unit="slope")[0]
        'unknown'
        >>> power_gate("refuted", se=0.01, effect=0.1, unit="slope")[0]
        'refuted'
    """
    pw = power_at(effect, se, alpha)
    record = {"effect": detectable_effect(se, alpha, min_power), "unit": unit,
              "power": min_power, "alpha": alpha, "se": float(se), "effect_of_interest": effect,
              "power_at_effect_of_interest": pw, "decided": pw >= min_power}
    return (status if pw >= min_power else "unknown"), record


def too_small(record: dict[str, Any]) -> str:
    """The message suffix for a verdict withheld by :func:`power_gate` (empty if decided).

    Example:
        >>> too_small(power_gate("refuted", 0.2, 0.1, unit="slope")[1])[:35]
        '; sample too small to decide (power'
    """
    if record.get("decided", True):
        return ""
    return (f"; sample too small to decide (power {record['power_at_effect_of_interest']:.2f} < "
            f"{record['power']:.2f} against a deviation of {record['effect_of_interest']:.3g} "
            f"{record['unit']}; smallest detectable {record['effect']:.3g})")


def mean_zero_test(X: np.ndarray) -> dict[str, float]:
    """Is the mean of the replicates ``X`` (R, ...) zero? ``F = R |mean|^2 / tr(cov)``, roughly
    F(nu, nu (R-1)) with Satterthwaite's ``nu`` (as in :func:`direction_test`); also the norm of
    the mean and its standard error ``sqrt(tr(cov) / R)``.

    Example:
        >>> rng = np.random.default_rng(0)
        >>> mean_zero_test(rng.standard_normal((10, 3)))["p_value"] > 0.01
        True
        >>> mean_zero_test(rng.standard_normal((10, 3)) + 2.0)["p_value"] < 1e-3
        True
    """
    R = X.shape[0]
    U = np.asarray(X, float).reshape(R, -1)
    mean = U.mean(axis=0)
    Uc = U - mean
    gram = Uc @ Uc.T / max(R - 1, 1)
    spread = float(np.trace(gram))
    nu = spread**2 / float((gram**2).sum()) if spread > 0 else 1.0
    F = float(R * (mean @ mean) / spread) if spread > 0 else (0.0 if not mean.any() else np.inf)
    p = float(_stats().f.sf(F, nu, nu * max(R - 1, 1))) if np.isfinite(F) else 0.0
    return {"F": F, "p_value": p, "mean_norm": float(np.linalg.norm(mean)),
            "se": float(np.sqrt(spread / R)), "dof": float(nu), "replicates": R}
