"""A faster precedence for SymPy's matrix products, registered with SymPy's printers.

SymPy's printers ask every product whether it "could extract a minus sign"; for a matrix
product (``MatMul``) that negates the whole product (``MatMul(-1, …).doit()``, milliseconds on
the papers' expressions) only to compare it with itself. Printing a paper's statements spent
most of its time there. The precedence registered here for ``MatMul`` reads the sign from the
coefficient, as SymPy's own rule ends up doing; the printed text is the same.

Example:
    >>> import sympy as sp
    >>> from sympy.printing.precedence import PRECEDENCE, precedence
    >>> A, x = sp.MatrixSymbol("A", 3, 3), sp.MatrixSymbol("x", 3, 1)
    >>> precedence(-A * x) == PRECEDENCE["Add"], precedence(A * x) == PRECEDENCE["Mul"]
    (True, True)
"""

from __future__ import annotations

import sympy as sp
from sympy.printing.precedence import PRECEDENCE, PRECEDENCE_FUNCTIONS


def precedence_matmul(item: sp.MatMul) -> int:
    """SymPy's ``precedence_Mul`` for a matrix product, with the sign read from its
    coefficient (a matrix product is never its own negative: SymPy makes ``0·A`` a zero
    matrix)."""
    if any(hasattr(a, "precedence") and isinstance(a, sp.Function)
           and a.precedence < PRECEDENCE["Mul"] for a in item.args):
        return PRECEDENCE["Mul"]
    c = item.args[0]
    return PRECEDENCE["Add"] if c.is_Number and c.is_extended_negative else PRECEDENCE["Mul"]


PRECEDENCE_FUNCTIONS.setdefault("MatMul", precedence_matmul)
