"""One tree walker shared by every back end.

An :class:`Ops` object says how to compute each node (numpy batches, mpmath, arb, explicit
SymPy coordinates); :class:`Evaluator` walks an expression once, caching shared sub-expressions.

Example:
    >>> import sympy as sp
    >>> from symbolic.walk import Evaluator, SympyScalarOps
    >>> x = sp.Symbol("x")
    >>> Evaluator(SympyScalarOps(), {x: sp.Integer(3)})(x**2 + 1)
    10
"""

from __future__ import annotations

import functools
from typing import Any

import sympy as sp

from symbolic import objects as ob


class Unsupported(Exception):
    """A back end cannot evaluate this node (the check is then ``skipped`` for that back end)."""


class Ops:
    """Operations a back end provides. Matrices are whatever the back end chooses."""

    name = "abstract"

    # scalars
    def const(self, value: sp.Expr) -> Any:
        raise Unsupported(f"{self.name}: constants")

    def add(self, terms: list[Any]) -> Any:
        out = terms[0]
        for t in terms[1:]:
            out = out + t
        return out

    def mul(self, factors: list[Any]) -> Any:
        out = factors[0]
        for f in factors[1:]:
            out = out * f
        return out

    def pow(self, base: Any, exponent: Any, exponent_expr: sp.Expr) -> Any:
        return base**exponent

    def func(self, name: str, args: list[Any]) -> Any:
        raise Unsupported(f"{self.name}: function {name}")

    # matrices
    def matmul(self, mats: list[Any]) -> Any:
        raise Unsupported(f"{self.name}: matrix product")

    def matadd(self, mats: list[Any]) -> Any:
        return self.add(mats)

    def scale(self, s: Any, m: Any) -> Any:
        raise Unsupported(f"{self.name}: scaling")

    def matop(self, name: str, args: list[Any], node: sp.Basic) -> Any:
        raise Unsupported(f"{self.name}: {name}")

    def reduce(self, name: str, m: Any, node: sp.Basic) -> Any:
        raise Unsupported(f"{self.name}: {name}")

    def special(self, name: str, rows: int, cols: int) -> Any:
        raise Unsupported(f"{self.name}: {name} matrix")

    def derivative(self, node: sp.Basic, ev: Evaluator) -> Any:
        raise Unsupported(f"{self.name}: derivatives")


_FUNCS = {
    sp.exp: "exp",
    sp.log: "log",
    sp.Abs: "abs",
    sp.Max: "max",
    sp.Min: "min",
    sp.sin: "sin",
    sp.cos: "cos",
    sp.tanh: "tanh",
    sp.sign: "sign",
    sp.tan: "tan",
    sp.atan: "atan",
    sp.asin: "asin",
    sp.acos: "acos",
}

_MATOPS = {
    ob.ElemExp: "elem_exp",
    ob.ElemAbs: "elem_abs",
    ob.ElemRecip: "elem_recip",
    ob.ElemLog: "elem_log",
    ob.Diag: "diag",
    sp.Transpose: "transpose",
    sp.HadamardProduct: "hadamard",
}

_REDUCE = {
    ob.Norm2: "norm2",
    ob.NormInf: "norminf",
    ob.OpNorm: "opnorm",
    ob.FrobNorm: "frob",
    ob.MinEntry: "min_entry",
    ob.MaxEntry: "max_entry",
    ob.SumEntries: "sum_entries",
    ob.LambdaMin: "lambda_min",
    ob.Entropy: "entropy",
}


@functools.lru_cache(maxsize=4096)
def _size(e: sp.Expr, dims: tuple[tuple[sp.Symbol, Any], ...]) -> int:
    """``e`` with the dimension values ``dims`` substituted, as an int (cached: hot path)."""
    v = e.subs(dict(dims))
    if not v.is_Integer:
        raise ValueError(f"dimension {e} is not fixed (give values for {v.free_symbols})")
    return int(v)


class Evaluator:
    """Evaluate expressions under ``env`` (symbol -> value; dimension symbols -> ints)."""

    def __init__(self, ops: Ops, env: dict[sp.Basic, Any]):
        self.ops = ops
        self.env = env
        self._cache: dict[sp.Basic, Any] = {}

    def with_env(self, updates: dict[sp.Basic, Any]) -> Evaluator:
        """A fresh evaluator with some symbols rebound (used for numeric derivatives)."""
        env = dict(self.env)
        env.update(updates)
        return Evaluator(self.ops, env)

    def size(self, e: sp.Expr) -> int:
        """A shape entry as an int."""
        dims = tuple((k, self.env[k]) for k in ob.DIMS.values() if k in self.env)
        try:
            return _size(sp.sympify(e), dims)
        except TypeError:  # unhashable dimension values: no cache
            return _size.__wrapped__(sp.sympify(e), dims)

    def int_value(self, e: sp.Expr) -> Any:
        """An index expression's value (an int, or an array of ints for batched back ends)."""
        if e.is_Integer:
            return int(e)
        if isinstance(e, sp.Symbol):
            return self.env[e]
        return self(e)

    def __call__(self, e: sp.Basic) -> Any:
        try:
            return self._cache[e]
        except KeyError:
            pass
        val = self._eval(e)
        self._cache[e] = val
        return val

    def _eval(self, e: sp.Basic) -> Any:
        ops = self.ops
        if isinstance(e, (sp.Symbol, sp.MatrixSymbol)):
            try:
                val = self.env[e]
            except KeyError:
                raise ValueError(f"no value given for symbol {e}") from None
            if isinstance(val, int) and not isinstance(val, bool):
                return ops.const(sp.Integer(val))  # a size or a summation index as a number
            return val
        if e.is_Number or isinstance(e, sp.NumberSymbol):
            return ops.const(e)
        for cls, name in _FUNCS.items():
            if isinstance(e, cls):
                return ops.func(name, [self(a) for a in e.args])
        if isinstance(e, (ob.NamedMatrix, ob.NamedScalar)):
            return self(e.args[1])
        if isinstance(e, sp.MatMul):
            scalars = [a for a in e.args if not ob.is_matrix(a)]
            mats = [self(a) for a in e.args if ob.is_matrix(a)]
            m = mats[0] if len(mats) == 1 else ops.matmul(mats)
            if scalars:
                m = ops.scale(ops.mul([self(s) for s in scalars]), m)
            return m
        if isinstance(e, sp.MatAdd):
            return ops.matadd([self(a) for a in e.args])
        if isinstance(e, sp.MatPow):
            return self._matpow(e)
        if isinstance(e, sp.Inverse):
            return ops.matop("inverse", [self(e.args[0])], e)
        if isinstance(e, sp.Sum):
            return self._sum(e)
        # MatMul, MatAdd and MatPow subclass Mul, Add and Pow: test those first
        if isinstance(e, sp.Add):
            return ops.add([self(a) for a in e.args])
        if isinstance(e, sp.Mul):
            return ops.mul([self(a) for a in e.args])
        if isinstance(e, sp.Pow):
            if e.exp is sp.S(2) and isinstance(e.base, (ob.Norm2, ob.FrobNorm)):
                v = self(e.base.args[0])  # ||v||^2 = <v, v>: exact, and analytic
                return ops.matop("inner", [v, v], e)
            return ops.pow(self(e.base), self(e.exp), e.exp)
        if isinstance(e, ob.ElemRecip):  # back ends without "elem_recip": entrywise power -1
            arg = self(e.args[0])
            try:
                return ops.matop("elem_recip", [arg], e)
            except Unsupported:
                return ops.pow(arg, ops.const(sp.Integer(-1)), sp.Integer(-1))
        for cls, name in _MATOPS.items():
            if isinstance(e, cls):
                return ops.matop(name, [self(a) for a in e.args], e)
        if isinstance(e, sp.HadamardPower):  # SymPy's form of A ∘ A ∘ ...
            return ops.matop("hadamard_pow", [self(e.base), self(e.exp), e.exp], e)
        if isinstance(e, sp.KroneckerProduct):
            out = self(e.args[0])
            for a in e.args[1:]:
                out = ops.matop("kron", [out, self(a)], e)
            return out
        if isinstance(e, ob.Vec):
            return ops.matop("vec", [self(e.args[0]), e.order], e)
        if isinstance(e, ob.Unvec):
            return ops.matop("unvec", [self(e.args[0]), self.size(e.args[1]),
                                       self.size(e.args[2]), e.order], e)
        if isinstance(e, ob.RowBlock):
            return ops.matop("row_block", [self(e.args[0]), self.int_value(e.args[1]),
                                           self.size(e.args[2])], e)
        if isinstance(e, ob.Column):
            return ops.matop("column", [self(e.args[0]), self.int_value(e.args[1])], e)
        if isinstance(e, ob.Entry):
            return ops.matop(
                "entry",
                [self(e.args[0]), self.int_value(e.args[1]), self.int_value(e.args[2])],
                e,
            )
        if isinstance(e, ob.Inner):
            return ops.matop("inner", [self(e.args[0]), self(e.args[1])], e)
        if isinstance(e, ob.Norm1):  # sum_i |v_i|, from operations every back end has
            return ops.reduce("sum_entries", ops.matop("elem_abs", [self(e.args[0])], e), e)
        if isinstance(e, ob.NormP):  # (sum_i |v_i|^p)^(1/p)
            p = e.args[1]
            powered = ops.matop("hadamard_pow", [ops.matop("elem_abs", [self(e.args[0])], e),
                                                 self(p), p], e)
            total = ops.reduce("sum_entries", powered, e)
            return ops.pow(total, self(1 / p), 1 / p)
        for cls, name in _REDUCE.items():
            if isinstance(e, cls):
                return ops.reduce(name, self(e.args[0]), e)
        if isinstance(e, (ob.Deriv, ob.ScalarDeriv)):
            return ops.derivative(e, self)
        if isinstance(e, sp.Identity):
            k = self.size(e.shape[0])
            return ops.special("identity", k, k)
        if isinstance(e, sp.OneMatrix):
            return ops.special("ones", self.size(e.shape[0]), self.size(e.shape[1]))
        if isinstance(e, sp.ZeroMatrix):
            return ops.special("zeros", self.size(e.shape[0]), self.size(e.shape[1]))
        raise Unsupported(f"{ops.name}: cannot evaluate {type(e).__name__} ({e})")

    def _matpow(self, e: sp.MatPow) -> Any:
        """``M^k`` for an integer ``k``: repeated products, ``k < 0`` through the inverse."""
        k = e.exp
        if not k.is_Integer or k == 0:
            raise Unsupported(f"{self.ops.name}: matrix power {k}")
        base = self(e.base)
        if k < 0:
            base = self.ops.matop("inverse", [base], e)
        mats = [base] * abs(int(k))
        return mats[0] if len(mats) == 1 else self.ops.matmul(mats)

    def _sum(self, e: sp.Sum) -> Any:
        """``Sum(body, (i, lo, hi))``: the body evaluated at each integer ``i`` (bounds are
        numbers or dimension expressions) and added."""
        (var, lo, hi), *rest = e.limits
        body = sp.Sum(e.function, *rest) if rest else e.function
        a, b = self.size(lo), self.size(hi)
        terms = [self.with_env({var: k})(body) for k in range(a, b + 1)]
        if not terms:
            return self.ops.const(sp.Integer(0))
        return self.ops.add(terms)


#: Scalar functions every back end evaluates, by SymPy class (``sqrt`` is a power).
SCALAR_FUNCTIONS = tuple(_FUNCS)
_LEAVES = (sp.Symbol, sp.MatrixSymbol, sp.Identity, sp.OneMatrix, sp.ZeroMatrix)
_NODES = (sp.Add, sp.Mul, sp.Pow, sp.MatMul, sp.MatAdd, sp.MatPow, sp.Inverse, sp.Transpose,
          sp.HadamardProduct, sp.HadamardPower, sp.KroneckerProduct, sp.Sum,
          ob._MatrixNode, ob._ScalarNode, *SCALAR_FUNCTIONS)


def unsupported_construct(e: sp.Basic) -> str | None:
    """One line naming the first construct in ``e`` that no back end evaluates, or None.

    >>> x = ob.vector("x", 3)
    >>> unsupported_construct(sp.log(x))
    'log of the vector or matrix x: use log_(x) for the elementwise log, or a norm'
    >>> unsupported_construct(sp.gamma(sp.Symbol("t")))
    'gamma (in gamma(t)) is not supported: no back end evaluates it'
    >>> unsupported_construct(sp.exp(sp.Symbol("t")) + 1) is None
    True
    """
    return _unsupported(e, frozenset())


def _unsupported(e: sp.Basic, bound: frozenset) -> str | None:
    if e.is_Number or isinstance(e, sp.NumberSymbol):
        if e in (sp.nan, sp.zoo, sp.oo, -sp.oo):
            return f"non-finite constant {e} in the expression"
        if e.is_Number and not e.is_real:
            return f"the complex number {e} is not supported: claims are over the reals"
        return None
    if isinstance(e, _LEAVES):
        return None
    if isinstance(e, (sp.Tuple, sp.core.symbol.Str)):
        return None
    if isinstance(e, SCALAR_FUNCTIONS) and any(ob.is_matrix(a) for a in e.args):
        name = _FUNCS[next(c for c in _FUNCS if isinstance(e, c))]
        arg = next(a for a in e.args if ob.is_matrix(a))
        hint = {"exp": "exp_", "log": "log_", "abs": "abs_"}.get(name)
        use = f"use {hint}({arg}) for the elementwise {name}, or a norm" if hint else (
            "apply it to entries (entry(v, i)) or a norm")
        return f"{name} of the vector or matrix {arg}: {use}"
    if isinstance(e, sp.Pow) and not isinstance(e, sp.MatPow) and ob.is_matrix(e.base):
        return f"power of the matrix {e.base}: use hadamard powers or matrix products"
    if isinstance(e, sp.MatPow) and not (e.exp.is_Integer and e.exp != 0):
        return f"matrix power {e.exp} of {e.base}: only nonzero integer powers are supported"
    if isinstance(e, sp.Sum):
        if ob.is_matrix(e.function):
            return f"a sum of matrices ({e}): sum entries, or write the sum out"
        for _var, lo, hi in e.limits:
            free = (sp.sympify(lo).free_symbols | sp.sympify(hi).free_symbols) - set(
                ob.DIMS.values()) - bound
            if free:
                return (f"the sum bound in {e} uses {sorted(map(str, free))[0]}: bounds must be "
                        "numbers or dimensions (n, d, ...)")
        bound = bound | set(e.variables)
    elif isinstance(e, sp.Function) and not isinstance(e, SCALAR_FUNCTIONS):
        name = type(e).__name__
        return f"{name} (in {e}) is not supported: no back end evaluates it"
    elif not isinstance(e, _NODES):
        return f"{type(e).__name__} (in {e}) is not supported: no back end evaluates it"
    for a in e.args:
        if isinstance(a, sp.Basic):
            why = _unsupported(a, bound)
            if why:
                return why
    return None


class SympyScalarOps(Ops):
    """Exact scalar arithmetic with SymPy (used for doctests and simple scalar claims)."""

    name = "sympy-scalar"

    def const(self, value: sp.Expr) -> sp.Expr:
        return value

    def func(self, name: str, args: list[Any]) -> Any:
        return {
            "exp": sp.exp, "log": sp.log, "abs": sp.Abs, "max": sp.Max, "min": sp.Min,
            "sin": sp.sin, "cos": sp.cos, "tanh": sp.tanh, "sign": sp.sign, "tan": sp.tan,
            "atan": sp.atan, "asin": sp.asin, "acos": sp.acos,
        }[name](*args)
