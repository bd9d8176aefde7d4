"""Matrix functions of the vocabulary, each declared once (see :mod:`symbolic.declared`).

Example:
    >>> from symbolic.objects import matrix, n
    >>> import sympy as sp
    >>> M = matrix("M", 2, 2)
    >>> trace(M).definition().doit()
    Entry(M, 1, 1) + Entry(M, 2, 2)
"""

from __future__ import annotations

import sympy as sp

from symbolic.declared import LINEAR, TRANSPOSE_INVARIANT, Declared
from symbolic.objects import Entry, _ScalarNode

__all__ = ["trace"]


#: the trace's summation index: one dummy (never equal to a claim's own symbols), so that a
#: node's definition is the same expression at every call (and every cache keyed on it hits)
_I = sp.Dummy("i", integer=True, positive=True)


class Trace(Declared, _ScalarNode):
    """``tr(M) = sum_i M_ii`` of a square matrix."""

    latex_form = r"\operatorname{{tr}}\left({0}\right)"
    unicode_form = "tr({0})"
    reads = ("tr", "Tr", "trace")
    traits = frozenset({LINEAR, TRANSPOSE_INVARIANT})
    arguments = ("square",)

    def definition(self) -> sp.Basic:
        m = self.args[0]
        return sp.Sum(Entry(m, _I, _I), (_I, 1, m.shape[0]))


def trace(m: sp.Basic) -> Trace:
    """``tr(M)``; ``M`` must be a square matrix."""
    return Trace.make(m)
