"""Atoms: every non-polynomial scalar subterm of a claim, in normal form, as one z3 real.

Example:
    >>> import z3
    >>> from symbolic import matrix, vector, norm2, n, d
    >>> A, x, y = matrix("A", n, d), vector("x", d), vector("y", d)
    >>> t = Atoms({})
    >>> t(norm2(A * x - A * y)) is t(norm2(A * (y - x)))
    True
    >>> len(t.atoms)
    1
"""

from __future__ import annotations

from typing import Any

import sympy as sp
import z3

from numeric.prover.translate import NotAlgebraic, Translator
from symbolic import objects as ob
from symbolic.normal_form import normal

NORMS = (ob.Norm2, ob.NormInf, ob.Norm1, ob.NormP, ob.OpNorm, ob.FrobNorm)
#: scalar operators that are always atoms (never translated as arithmetic)
OPAQUE = (*NORMS, ob.Inner, ob.SumEntries, ob.MinEntry, ob.MaxEntry, sp.exp, sp.log)


class Atoms(Translator):
    """The translator of :mod:`~numeric.prover.translate` on normal forms, with every
    non-polynomial scalar subterm as an atom (one z3 real per distinct normal form)."""

    def __init__(self, variables: dict[sp.Symbol, Any], ctx: z3.Context | None = None):
        super().__init__(variables, ctx)
        self.atoms: dict[sp.Basic, Any] = {}
        #: what library entries compute once per blackboard (e.g. expanded exponents)
        self.memo: dict[str, Any] = {}

    def __call__(self, e: sp.Basic) -> Any:
        return super().__call__(normal(e))

    def _tr(self, e: sp.Basic) -> Any:
        if isinstance(e, OPAQUE) or (
                isinstance(e, sp.Function) and not isinstance(e, (sp.Abs, sp.Max, sp.Min))):
            return self.atom(e)
        try:
            return super()._tr(e)
        except NotAlgebraic:
            return self.atom(e)

    def atom(self, e: sp.Basic) -> Any:
        """The atom standing for the scalar subterm ``e`` (made on first use)."""
        if e not in self.atoms:
            self.atoms[e] = z3.Real(f"atom{len(self.atoms)}", self.ctx)
        return self.atoms[e]
