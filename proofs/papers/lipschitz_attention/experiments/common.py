"""What every ``lipschitz-attention`` experiment shares: the paper key, the claim builder, the
parameter checks and the Monte Carlo loss curves of ``M = w I`` with their bootstrap.

Example:
    >>> claim("lemma-1", "lemma", "unknown", "Lemma 1", "m", slack=None, stats={})["id"]
    'lipschitz-attention:lemma-1'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from numeric.montecarlo.experiment import (
    ParameterError,
    Progress,
    make_claim,
    require_positive,
    say,
)
from numeric.montecarlo.stats import ols_slope, percentile_ci, with_bootstrap
from proofs.papers.lipschitz_attention.experiments.loss import loss_curves
from proofs.papers.lipschitz_attention.experiments.tasks import make_family, relu_family

PAPER = "lipschitz-attention"


def claim(tail: str, kind: str, status: str, source: str, message: str, *,
          slack: float | None, stats: dict[str, Any],
          detectable: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A Monte Carlo result record with id ``lipschitz-attention:<tail>``."""
    return make_claim(f"{PAPER}:{tail}", kind, status, source, message, slack=slack, stats=stats,
                      detectable=detectable)


def w_grid(p: Mapping[str, Any]) -> np.ndarray:
    """The log-spaced grid of ``w`` from the parameters ``w_min``, ``w_max``, ``grid``.

    Example:
        >>> w_grid({"w_min": 1.0, "w_max": 100.0, "grid": 3}).tolist()
        [1.0, 10.0, 100.0]
    """
    return np.geomspace(p["w_min"], p["w_max"], p["grid"])


def bias_noise_reps(p: Mapping[str, Any], ws: np.ndarray, *, d: int, n: int,
                    seed: Sequence[int], rng: np.random.Generator) -> np.ndarray:
    """``(R+1, G, 2)``: the means of ``(L_bias, sum_i a_i^2)`` of ``M = w I`` over the grid ``ws``
    on ``p["tasks"]`` ReLU tasks with L = 1 drawn from ``seed``; row 0 the point estimate, rows 1..
    ``p["bootstrap"]`` bootstrap replicates over tasks (drawn with ``rng``). The loss at (L, sigma)
    is ``L^2 bias + sigma^2 noise`` on the same tasks (common random numbers)."""
    B, N = loss_curves(ws, d=d, n=n, family=relu_family(1.0), tasks=p["tasks"], seed=seed,
                       chunk=p["chunk"])
    return with_bootstrap(np.stack([B, N], axis=-1), p["bootstrap"], rng)


def family_loss_reps(p: Mapping[str, Any], ws: np.ndarray, specs: Sequence[tuple[str, float]],
                     *, seed: Sequence[int], rng: np.random.Generator,
                     progress: Progress = None, name: str = "") -> np.ndarray:
    """``(R+1, len(specs), G)``: the loss ``L_bias + sigma^2 sum_i a_i^2`` of ``M = w I`` for each
    task family ``(kind, L)`` of ``specs``, all on the same inputs (one ``seed``: common random
    numbers); row 0 the point estimate, rows 1.. the bootstrap over tasks (``rng``)."""
    cols = []
    for kind, L in specs:
        say(progress, f"{name}: {kind} L={L:g}")
        B, N = loss_curves(ws, d=p["d"], n=p["n"], family=make_family(kind, L),
                           tasks=p["tasks"], seed=seed, chunk=p["chunk"])
        cols.append(B + p["sigma"] ** 2 * N)
    return with_bootstrap(np.stack(cols, axis=1), p["bootstrap"], rng)


def slope_ci(x: np.ndarray, ys: np.ndarray, level: float) -> dict[str, float]:
    """The OLS slope of each row of ``ys`` on ``x`` (row 0 the point estimate, rows 1.. bootstrap
    replicates): the estimate, its percentile interval at ``level`` and its bootstrap SE.

    Example:
        >>> fit = slope_ci(np.array([0.0, 1.0]), np.array([[0.0, 2.0], [0.0, 1.0], [0.0, 3.0]]),
        ...                0.5)
        >>> round(fit["slope"], 9), round(fit["se"], 9)
        (2.0, 1.414213562)
    """
    slopes = np.array([ols_slope(x, row)[0] for row in ys])
    lo, hi = percentile_ci(slopes[1:], level)
    return {"slope": float(slopes[0]), "ci_low": lo, "ci_high": hi,
            "se": float(slopes[1:].std(ddof=1))}


def at_least(p: Mapping[str, Any], bound: float, *names: str) -> None:
    """ParameterError unless every value of each named parameter is ``>= bound``.

    Example:
        >>> at_least({"dims": [1, 0]}, 1, "dims")
        Traceback (most recent call last):
        ...
        numeric.montecarlo.experiment.ParameterError: parameter 'dims' must be >= 1, got 0
    """
    require_positive(p, names, at_least=bound, strict=False)


def above(p: Mapping[str, Any], bound: float, *names: str) -> None:
    """ParameterError unless every value of each named parameter is ``> bound``."""
    require_positive(p, names, at_least=bound, strict=True)


def check_bootstrapped(p: Mapping[str, Any], *, dims: str = "d", sizes: str = "n",
                       positive: Sequence[str] = (), nonnegative: Sequence[str] = ()) -> None:
    """The checks of an experiment over a grid of ``w`` bootstrapped over tasks: ``dims`` and
    ``chunk`` >= 1, ``sizes``, ``tasks`` and ``bootstrap`` >= 2, then the parameters
    ``positive`` > 0 and ``nonnegative`` >= 0, then the window (:func:`check_window`).

    Example:
        >>> check_bootstrapped({"d": 3, "n": 8, "tasks": 1, "bootstrap": 9})
        Traceback (most recent call last):
        ...
        numeric.montecarlo.experiment.ParameterError: parameter 'tasks' must be >= 2, got 1
    """
    at_least(p, 1, dims, "chunk")
    at_least(p, 2, sizes, "tasks", "bootstrap")
    above(p, 0, *positive)
    at_least(p, 0, *nonnegative)
    check_window(p)


def check_window(p: Mapping[str, Any], low: str = "w_min", high: str = "w_max",
                 grid: str = "grid", level: str | None = "level") -> None:
    """The common checks of a grid over w and a confidence level."""
    above(p, 0, low)
    if not p[high] > p[low]:
        raise ParameterError(f"parameter {high!r} must be > {low} = {p[low]!r}, got {p[high]!r}")
    at_least(p, 4, grid)
    if level is not None and not 0 < p[level] < 1:
        raise ParameterError(f"parameter {level!r} must lie in (0, 1), got {p[level]!r}")
