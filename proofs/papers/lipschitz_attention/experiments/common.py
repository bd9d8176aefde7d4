"""What every ``lipschitz-attention`` experiment shares: the paper key and the claim builder.

Example:
    >>> claim("lemma-1", "lemma", "unknown", "Lemma 1", "m", slack=None, stats={})["id"]
    'lipschitz-attention:lemma-1'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from numeric.montecarlo.experiment import ParameterError, make_claim, require_positive

PAPER = "lipschitz-attention"


def claim(tail: str, kind: str, status: str, source: str, message: str, *,
          slack: float | None, stats: dict[str, Any],
          detectable: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A Monte Carlo result record with id ``lipschitz-attention:<tail>``."""
    return make_claim(f"{PAPER}:{tail}", kind, status, source, message, slack=slack, stats=stats,
                      detectable=detectable)


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


def check_window(p: Mapping[str, Any], low: str = "w_min", high: str = "w_max",
                 grid: str = "grid", level: str | None = "level") -> None:
    """The common checks of a grid over w and a confidence level."""
    above(p, 0, low)
    if not p[high] > p[low]:
        raise ParameterError(f"parameter {high!r} must be > {low} = {p[low]!r}, got {p[high]!r}")
    at_least(p, 4, grid)
    if level is not None and not 0 < p[level] < 1:
        raise ParameterError(f"parameter {level!r} must lie in (0, 1), got {p[level]!r}")
