"""The Frobenius norm, declared once (see :mod:`symbolic.declared`).

Example:
    >>> from symbolic.objects import matrix, n, d
    >>> A = matrix("A", n, d)
    >>> frob(A).form("unicode", ["A"]), frob(A).is_nonnegative
    ('‖A‖_F', True)
"""

from __future__ import annotations

import sympy as sp

from symbolic.declared import BLOCK_MONOTONE, ENTRYWISE, EUCLIDEAN, TRANSPOSE_INVARIANT
from symbolic.objects import _Norm

__all__ = ["frob"]


class FrobNorm(_Norm):
    """Frobenius norm ``||M||_F = (sum_ij M_ij^2)^(1/2)`` of a matrix."""

    latex_form = r"\|{0}\|_F"
    unicode_form = "‖{0}‖_F"
    traits = _Norm.traits | {ENTRYWISE, TRANSPOSE_INVARIANT, EUCLIDEAN, BLOCK_MONOTONE}
    primitive = "euclidean"
    arguments = ("matrix",)
    swap = "OpNorm"
    dominates = ("OpNorm",)
    dominates_source = "Horn & Johnson, Matrix Analysis, 2nd ed. (2013), §5.6.P20"


def frob(m: sp.Basic) -> FrobNorm:
    """Frobenius norm ``||M||_F``."""
    return FrobNorm(m)
