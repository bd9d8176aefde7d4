"""The softmax-regression objects of the ``closeness`` paper, as named expressions.

``alpha = <exp(Ax), 1_n>``, ``f = alpha^{-1} exp(Ax)``, ``c = f - b``, ``L = 0.5 ||c||_2^2``
(Definitions 4.1-4.4; Definitions 6.1-6.4 read the same functions as functions of ``A``).

Example:
    >>> from symbolic import matrix, vector, n, d
    >>> from symbolic.regression import SoftmaxRegression
    >>> A, x, b = matrix("A", n, d), vector("x", d), vector("b", n)
    >>> s = SoftmaxRegression(A, x, b)
    >>> from symbolic.latex import latex
    >>> latex(s.f), latex(s.alpha_inv)
    ('f(x)', '\\\\frac{1}{\\\\alpha(x)}')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy as sp

from symbolic.objects import exp_, inner, named, norm2, ones


@dataclass
class SoftmaxRegression:
    """``u = exp(Ax)``, ``alpha``, ``f``, ``c``, ``L`` for given symbols; ``arg`` names the
    variable shown in LaTeX (``x`` in Section 4, ``A`` in Section 6)."""

    A: Any
    x: Any
    b: Any = None
    arg: str = "x"

    def __post_init__(self) -> None:
        size = self.A.shape[0]
        self.u = exp_(self.A * self.x)
        self.alpha = named(rf"\alpha({self.arg})", inner(self.u, ones(size)))
        self.alpha_inv = 1 / self.alpha
        self.f = named(f"f({self.arg})", self.alpha_inv * self.u)
        if self.b is not None:
            self.c = named(f"c({self.arg})", self.f - self.b)
            self.L = named(rf"L_{{\exp}}({self.arg})", sp.Rational(1, 2) * norm2(self.c) ** 2)
