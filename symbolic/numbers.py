"""Exact values of SymPy numbers: a ``Float`` is the rational its binary digits spell, never
a float64 (which turns ``1e-400`` into 0 and rounds a 100-digit ``Float``).

Example:
    >>> import sympy as sp
    >>> exact_fraction(sp.Float("1e-400")) > 0, exact_fraction(sp.Float(0.5))
    (True, Fraction(1, 2))
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp


def float_parts(value: sp.Float) -> tuple[int, int]:
    """The exact binary value of a SymPy ``Float`` as ``(mantissa, exponent)``: the number is
    ``mantissa * 2**exponent``, read from its raw ``_mpf_`` tuple. Raises ValueError for a
    non-finite value.

    >>> float_parts(sp.Float(-2.5)), float_parts(sp.Float(0))
    ((-5, -1), (0, 0))
    """
    sign, man, exp, bc = value._mpf_
    if not man:
        if exp or bc:
            raise ValueError(f"not a finite number: {value}")
        return 0, 0
    return (-1 if sign else 1) * int(man), int(exp)


def exact_fraction(value: sp.Float) -> Fraction:
    """A SymPy ``Float`` as the exact rational of its binary value.

    >>> exact_fraction(sp.Float(0.1)) == Fraction(0.1)
    True
    """
    man, exp = float_parts(value)
    return Fraction(man) * Fraction(2) ** exp
