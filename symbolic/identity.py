"""Exact identity checking: is ``lhs - rhs`` identically zero?

Each ``exp(linear form)`` is replaced by a positive symbol, which turns gradient identities of
softmax objects into rational-function identities that ``cancel(together(.))`` decides. A zero
result proves the identity (for the coordinates given). A non-zero result is only a candidate
mismatch: the caller must confirm it with a numeric witness, since distinct exponentials may be
algebraically related.

Example:
    >>> import sympy as sp
    >>> from symbolic.identity import is_identically_zero
    >>> a, b = sp.symbols("a b", real=True)
    >>> is_identically_zero(sp.exp(a) * sp.exp(b) / sp.exp(a) - sp.exp(b))
    True
    >>> is_identically_zero(sp.exp(a) - 1)
    False
"""

from __future__ import annotations

import sympy as sp

from symbolic.timeout import TimedOut, time_limit


def exp_to_symbols(e: sp.Expr, table: dict[sp.Expr, sp.Symbol] | None = None) -> sp.Expr:
    """Replace every ``exp(arg)`` by a product of powers of positive symbols.

    The expanded argument is split into terms ``q * m`` (``q`` rational, ``m`` a monomial);
    ``exp(q * m)`` becomes ``u_m ** q``. So ``exp(a + b)``, ``exp(a) exp(b)`` and
    ``1 / exp(-a)`` all map consistently (SymPy merges and flips exponentials freely).
    """
    table = {} if table is None else table

    def sym(m: sp.Expr) -> sp.Symbol:
        if m not in table:
            table[m] = sp.Symbol(f"u_{len(table) + 1}", positive=True)
        return table[m]

    mapping = {}
    for a in sorted(e.atoms(sp.exp), key=sp.default_sort_key):
        out = sp.Integer(1)
        for term in sp.Add.make_args(sp.expand(a.args[0])):
            coeff, mono = term.as_coeff_Mul()
            if not coeff.is_Rational:
                mono, coeff = term, sp.Integer(1)
            out *= sym(mono) ** coeff if mono != 1 else sp.exp(coeff)
        mapping[a] = out
    return e.xreplace(mapping)


def is_identically_zero(e: sp.Expr, seconds: float = 20.0) -> bool | None:
    """True if ``e`` is identically zero, False if not as a rational function, None on timeout.

    A ``False`` is not a proof of a mismatch (see the module docstring).
    """
    try:
        with time_limit(seconds):
            r = exp_to_symbols(sp.sympify(e))
            if r.has(sp.Max, sp.Min, sp.Abs):
                r = sp.expand(r)
                return True if r == 0 else None
            return sp.cancel(sp.together(r)) == 0
    except TimedOut:
        return None


def matrix_identically_zero(m: sp.MatrixBase | sp.Expr, seconds: float = 20.0) -> bool | None:
    """:func:`is_identically_zero` entry by entry (scalars accepted)."""
    items = list(m) if isinstance(m, sp.MatrixBase) else [m]
    verdict: bool | None = True
    for item in items:
        r = is_identically_zero(item, seconds)
        if r is False:
            return False
        if r is None:
            verdict = None
    return verdict
