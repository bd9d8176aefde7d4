"""Explicit coordinates: a claim at fixed ``(n, d)`` as SymPy expressions in its entries.

Every vector and matrix symbol becomes a matrix of real entry symbols (``A[1,2]`` prints as
``A_{1,2}``), so matrix calculus turns into ordinary calculus that SymPy decides exactly.

Example:
    >>> from symbolic import matrix, vector, inner, exp_, ones
    >>> from symbolic.explicit import ExplicitInstance
    >>> A, x = matrix("A", 2, 1), vector("x", 1)
    >>> inst = ExplicitInstance({A, x}, dims={})
    >>> inst(inner(exp_(A * x), ones(2)))
    exp(A_1_1*x_1_1) + exp(A_2_1*x_1_1)
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from symbolic.objects import DIMS
from symbolic.walk import Evaluator, Ops, Unsupported


def entry_symbols(sym: sp.MatrixSymbol, rows: int, cols: int) -> sp.Matrix:
    """The matrix of real entry symbols ``name_i_j`` (1-based)."""
    return sp.Matrix(
        rows, cols, lambda i, j: sp.Symbol(f"{sym.name}_{i + 1}_{j + 1}", real=True)
    )


class ExplicitOps(Ops):
    """Exact SymPy arithmetic on explicit matrices."""

    name = "sympy-explicit"

    def const(self, value: sp.Expr) -> sp.Expr:
        return value

    def func(self, name: str, args: list[Any]) -> Any:
        f = {"exp": sp.exp, "log": sp.log, "abs": sp.Abs, "max": sp.Max, "min": sp.Min,
             "sin": sp.sin, "cos": sp.cos, "tanh": sp.tanh, "sign": sp.sign}[name]
        return f(*args)

    def pow(self, base: Any, exponent: Any, exponent_expr: sp.Expr) -> Any:
        return sp.Pow(base, exponent)

    def matmul(self, mats: list[Any]) -> Any:
        out = mats[0]
        for m in mats[1:]:
            out = out * m
        return out

    def scale(self, s: Any, m: Any) -> Any:
        return m * s

    def matop(self, name: str, args: list[Any], node: sp.Basic) -> Any:
        m = args[0]
        if name == "elem_exp":
            return m.applyfunc(sp.exp)
        if name == "elem_abs":
            return m.applyfunc(sp.Abs)
        if name == "transpose":
            return m.T
        if name == "hadamard":
            out = m
            for a in args[1:]:
                out = out.multiply_elementwise(a)
            return out
        if name == "diag":
            return sp.diag(*list(m))
        if name == "column":
            return m[:, int(args[1]) - 1]
        if name == "kron":
            from sympy.matrices.expressions.kronecker import kronecker_product

            return kronecker_product(m, args[1])
        if name == "vec":
            mm = m if args[1] == "row" else m.T
            return sp.Matrix(list(mm))
        if name == "unvec":
            rows, cols, order = args[1], args[2], args[3]
            if order == "row":
                return sp.Matrix(rows, cols, list(m))
            return sp.Matrix(cols, rows, list(m)).T
        if name == "row_block":
            j, size = int(args[1]), int(args[2])
            return m[(j - 1) * size : j * size, :]
        if name == "entry":
            return m[int(args[1]) - 1, int(args[2]) - 1]
        if name == "inner":
            return sum((a * b for a, b in zip(m, args[1])), sp.Integer(0))
        raise Unsupported(f"explicit: {name}")

    def reduce(self, name: str, m: Any, node: sp.Basic) -> Any:
        items = list(m)
        if name in ("norm2", "frob"):
            return sp.sqrt(sum((v**2 for v in items), sp.Integer(0)))
        if name == "norminf":
            return sp.Max(*[sp.Abs(v) for v in items])
        if name == "min_entry":
            return sp.Min(*items)
        if name == "max_entry":
            return sp.Max(*items)
        if name == "sum_entries":
            return sum(items, sp.Integer(0))
        raise Unsupported(f"explicit: {name} has no closed form in coordinates")

    def special(self, name: str, rows: int, cols: int) -> Any:
        if name == "identity":
            return sp.eye(rows)
        if name == "ones":
            return sp.ones(rows, cols)
        return sp.zeros(rows, cols)

    def derivative(self, node: sp.Basic, ev: Evaluator) -> Any:
        expr, var, i, j = node.args
        value = ev(expr)
        coord = ev.env[var]
        if not isinstance(coord, sp.MatrixBase):
            return sp.diff(value, coord)
        target = coord[int(ev.int_value(i)) - 1, int(ev.int_value(j)) - 1]
        if isinstance(value, sp.MatrixBase):
            return value.applyfunc(lambda e: sp.diff(e, target))
        return sp.diff(value, target)


class ExplicitInstance:
    """Evaluate expressions with every matrix symbol replaced by its entry symbols.

    ``dims`` maps dimension names (``"n"``) to ints; ``indices`` maps index symbols to ints.
    Scalar symbols stay symbolic.
    """

    def __init__(self, symbols: set[sp.Basic], dims: dict[str, int],
                 indices: dict[sp.Symbol, int] | None = None):
        env: dict[sp.Basic, Any] = {DIMS[k]: sp.Integer(v) for k, v in dims.items() if k in DIMS}
        subs = {DIMS[k]: v for k, v in dims.items() if k in DIMS}
        for s in symbols:
            if isinstance(s, sp.MatrixSymbol):
                rows = int(sp.sympify(s.shape[0]).subs(subs))
                cols = int(sp.sympify(s.shape[1]).subs(subs))
                env[s] = entry_symbols(s, rows, cols)
            elif isinstance(s, sp.Symbol):
                env[s] = s
        for k, v in (indices or {}).items():
            env[k] = sp.Integer(v)
        self.env = env
        self.evaluator = Evaluator(ExplicitOps(), env)

    def __call__(self, e: sp.Basic) -> Any:
        return self.evaluator(e)
