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

import copy
from typing import Any

import sympy as sp
import z3

from numeric.prover.translate import NotAlgebraic, Translator
from symbolic import objects as ob
from symbolic.normal_form import normal
from symbolic.objects import DIMS
from symbolic.vocabulary import NORM, having

NORMS = (*having(NORM), ob.NormP)
#: scalar operators that are always atoms (never translated as arithmetic)
OPAQUE = (*NORMS, ob.Inner, ob.SumEntries, ob.MinEntry, ob.MaxEntry, sp.exp, sp.log)


def _least(s: sp.Symbol, dims: dict[str, tuple[int, int]]) -> int | None:
    """The least value of the size symbol ``s``: a dimension's declared lower end (1 when
    not declared), 1 for another positive integer symbol, None when not known."""
    if s in DIMS.values():
        return dims.get(str(s), (1, None))[0]
    if s.is_integer and s.is_positive:
        return 1
    if s.is_integer and s.is_nonnegative:
        return 0
    return None


def size_at_least(size: sp.Basic, lo: int, dims: dict[str, tuple[int, int]]) -> bool:
    """Is the size expression ``size`` at least ``lo`` for every value of its dimensions in
    their ranges (``dims``: declared ranges; a dimension not listed ranges from 1)? Decided by
    writing each dimension as its least value plus a non-negative integer: a polynomial with
    non-negative coefficients decides it; otherwise (``n - 1``, ``n - d``) it is not known.

    >>> from symbolic import n, d
    >>> size_at_least(n, 1, {}), size_at_least(n - 1, 1, {}), size_at_least(n - 1, 1,
    ...     {"n": (2, 9)}), size_at_least(n * d, 1, {}), size_at_least(sp.Integer(0), 1, {})
    (True, False, True, True, False)
    """
    size = sp.sympify(size)
    subs = {}
    for s in size.free_symbols:
        low = _least(s, dims) if isinstance(s, sp.Symbol) else None
        if low is None:
            return False
        subs[s] = low + sp.Dummy(integer=True, nonnegative=True)
    return bool(sp.expand(size.xreplace(subs) - lo).is_nonnegative)


class Atoms(Translator):
    """The translator of :mod:`~numeric.prover.translate` on normal forms, with every
    non-polynomial scalar subterm as an atom (one z3 real per distinct normal form)."""

    def __init__(self, variables: dict[sp.Symbol, Any], ctx: z3.Context | None = None,
                 dims: dict[str, tuple[int, int]] | None = None):
        super().__init__(variables, ctx)
        self.atoms: dict[sp.Basic, Any] = {}
        #: what library entries compute once per blackboard (e.g. expanded exponents)
        self.memo: dict[str, Any] = {}
        #: the claim's dimension ranges (a dimension not listed ranges from 1)
        self.dims: dict[str, tuple[int, int]] = dict(dims or {})

    def copy(self) -> Atoms:
        """An independent copy (its z3 terms shared): what a later, deeper blackboard
        continues from."""
        other = copy.copy(self)
        other.atoms, other.dims = dict(self.atoms), dict(self.dims)
        other.memo = {k: copy.copy(v) for k, v in self.memo.items()}
        other.defined, other.domain = list(self.defined), list(self.domain)
        other._cache = dict(self._cache)
        return other

    def at_least(self, size: sp.Basic, lo: int = 1) -> bool:
        """Is ``size`` (a size expression) known to be at least ``lo`` over the claim's
        dimension ranges (:func:`size_at_least`)? Cached per blackboard."""
        cache = self.memo.setdefault("sizes", {})
        if (size, lo) not in cache:
            cache[size, lo] = size_at_least(size, lo, self.dims)
        return cache[size, lo]

    def nonempty(self, m: sp.Basic) -> bool:
        """Does the vector or matrix ``m`` certainly have an entry (rows, cols ≥ 1)?"""
        rows, cols = m.shape
        return self.at_least(rows) and self.at_least(cols)

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
