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
from collections.abc import Callable
from typing import Any

import sympy as sp

from symbolic import objects as ob
from symbolic.failures import Unsupported
from symbolic.vocabulary import EUCLIDEAN, FUNCTIONS, Declared, declared, value_of


class Ops:
    """Operations a back end provides. Matrices are whatever the back end chooses.

    ``func`` names are those of the declared scalar functions
    (:mod:`symbolic.vocabulary.functions`). A back end computes the ``native`` ones (exp,
    log, abs, max, min, sign) with its own arithmetic; the others come from the declaration's
    value in the back end's ``arithmetic`` (``numpy``, ``mpmath`` or ``arb``) through
    :meth:`declared_func`. A back end that cannot enclose one rigorously raises
    :class:`Unsupported`.
    """

    name = "abstract"
    #: the arithmetic of the declared functions' values this back end computes in
    arithmetic: str | None = None
    #: evaluate softmax and log-sum-exp shifted by the largest entry (floats overflow at
    #: exp(710)); exact back ends read the plain definition
    shift_softmax = True
    #: the types of values computed with besides numpy arrays (see :mod:`symbolic.plan`)
    value_types: tuple[type, ...] = ()

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
        return self.declared_func(name, args)

    def declared_func(self, name: str, args: list[Any]) -> Any:
        """The declared function ``name`` in this back end's arithmetic."""
        f = value_of(name, self.arithmetic) if self.arithmetic else None
        if f is None:
            raise Unsupported(f"{self.name}: function {name}")
        return f(*args)

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


#: SymPy's function classes -> the walker's names (every declared scalar function)
_FUNCS = {decl.sympy: name for name, decl in FUNCTIONS.items()}

#: SymPy's own matrix operations (the vocabulary's are declared: :mod:`symbolic.vocabulary`)
_MATOPS = {
    sp.Transpose: "transpose",
    sp.HadamardProduct: "hadamard",
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
        """One node: its handler is looked up by type (:func:`_handler`, resolved once per
        type through :func:`_cases` in order), the children through ``self`` (cached)."""
        try:
            handler = _HANDLERS[type(e)]
        except KeyError:
            handler = _handler(type(e))
        return handler(self, e)

    # ------------------------------------------------------------------ node handlers

    def _leaf(self, e: sp.Basic) -> Any:
        try:
            val = self.env[e]
        except KeyError:
            raise ValueError(f"no value given for symbol {e}") from None
        if isinstance(val, int) and not isinstance(val, bool):
            return self.ops.const(sp.Integer(val))  # a size or a summation index as a number
        return val

    def _const(self, e: sp.Basic) -> Any:
        return self.ops.const(e)

    def _matmul(self, e: sp.MatMul) -> Any:
        ops = self.ops
        scalars = [a for a in e.args if not ob.is_matrix(a)]
        mats = [self(a) for a in e.args if ob.is_matrix(a)]
        m = mats[0] if len(mats) == 1 else ops.matmul(mats)
        if scalars:
            m = ops.scale(ops.mul([self(s) for s in scalars]), m)
        return m

    def _pow(self, e: sp.Pow) -> Any:
        if e.base is sp.S.Exp1:  # Pow(E, t) unevaluated: SymPy counts it as exp(t)
            return self.ops.func("exp", [self(e.exp)])
        if e.exp is sp.S(2) and declared(e.base, EUCLIDEAN):
            v = self(e.base.args[0])  # ||v||^2 = <v, v>: exact, and analytic
            return self.ops.matop("inner", [v, v], e)
        return self.ops.pow(self(e.base), self(e.exp), e.exp)

    def _elem_recip(self, e: ob.ElemRecip) -> Any:
        arg = self(e.args[0])  # back ends without "elem_recip": entrywise power -1
        try:
            return self.ops.matop("elem_recip", [arg], e)
        except Unsupported:
            return self.ops.pow(arg, self.ops.const(sp.Integer(-1)), sp.Integer(-1))

    def _kron(self, e: sp.KroneckerProduct) -> Any:
        out = self(e.args[0])
        for a in e.args[1:]:
            out = self.ops.matop("kron", [out, self(a)], e)
        return out

    def _norm_p(self, e: ob.NormP) -> Any:
        ops, p = self.ops, e.args[1]  # (sum_i |v_i|^p)^(1/p)
        powered = ops.matop("hadamard_pow", [ops.matop("elem_abs", [self(e.args[0])], e),
                                             self(p), p], e)
        total = ops.reduce("sum_entries", powered, e)
        return ops.pow(total, self(1 / p), 1 / p)

    def _declared(self, e: Declared) -> Any:
        """A declared operator: the back ends' primitive it names, else its definition."""
        if e.primitive is not None:
            if e.call == "matop":
                return self.ops.matop(e.primitive, [self(a) for a in e.args], e)
            return self.ops.reduce(e.primitive, self(e.args[0]), e)
        body = e.definition()
        if body is None:
            raise Unsupported(f"{type(e).__name__} declares neither a primitive nor a "
                              "definition")
        return self(body)

    def _unsupported_node(self, e: sp.Basic) -> Any:
        raise Unsupported(f"{self.ops.name}: cannot evaluate {type(e).__name__} ({e})")

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

    def _product(self, e: sp.Product) -> Any:
        """``Product(body, (i, lo, hi))`` as :meth:`_sum` does sums."""
        (var, lo, hi), *rest = e.limits
        body = sp.Product(e.function, *rest) if rest else e.function
        a, b = self.size(lo), self.size(hi)
        factors = [self.with_env({var: k})(body) for k in range(a, b + 1)]
        return self.ops.mul(factors) if factors else self.ops.const(sp.Integer(1))

    def _defined(self, e: Any) -> Any:
        """Softmax, log-sum-exp, KL: their definitions in the rest of the vocabulary."""
        if self.ops.shift_softmax or not isinstance(e, (ob.Softmax, ob.LogSumExp)):
            return self(e.definition())
        v = e.args[0]
        u, ones_ = ob.ElemExp(v), sp.OneMatrix(v.shape[0], 1)
        return self(u * (1 / ob.Inner(u, ones_)) if isinstance(e, ob.Softmax)
                    else sp.log(ob.Inner(u, ones_)))

    def _gradient(self, e: ob.Gradient) -> Any:
        """``∇_x f``: ``sum_{k,l} (df / dx_{kl}) E_{kl}``, one partial derivative per entry."""
        f, x = e.args
        rows, cols = self.size(x.shape[0]), self.size(x.shape[1])
        ops = self.ops
        eye_r = ops.special("identity", rows, rows)
        eye_c = ops.special("identity", cols, cols) if cols > 1 else None
        terms = []
        for k in range(1, rows + 1):
            for m in range(1, cols + 1):
                part = self(ob.ScalarDeriv(f, x, sp.Integer(k), sp.Integer(m)))
                basis = ops.matop("column", [eye_r, k], e)
                if eye_c is not None:
                    row = ops.matop("transpose", [ops.matop("column", [eye_c, m], e)], e)
                    basis = ops.matmul([basis, row])
                terms.append(ops.scale(part, basis))
        return terms[0] if len(terms) == 1 else ops.matadd(terms)

    def _indicator(self, e: sp.Piecewise) -> Any:
        """``Piecewise((1, g REL h), (0, True))`` through ``s = sign(g - h)``: ``s(s+1)/2``
        for ``>``, ``1 - s(s-1)/2`` for ``>=``, ``1 - s^2`` for ``=`` (``<``: swapped)."""
        cond = indicator_condition(e)
        if cond is None:
            raise Unsupported(f"{self.ops.name}: Piecewise other than an indicator ({e})")
        rel, g = cond
        ops = self.ops
        s = ops.func("sign", [self(g)])
        one, half = ops.const(sp.Integer(1)), ops.const(sp.Rational(1, 2))
        if rel == "=":
            return ops.add([one, ops.mul([ops.const(sp.Integer(-1)), s, s])])
        if rel == "!=":
            return ops.mul([s, s])
        if rel == ">":
            return ops.mul([half, s, ops.add([s, one])])
        return ops.add([one, ops.mul([ops.const(sp.Rational(-1, 2)), s,
                                      ops.add([s, ops.const(sp.Integer(-1))])])])

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


Handler = Callable[[Evaluator, Any], Any]


def indicator_condition(e: sp.Piecewise) -> tuple[str, sp.Expr] | None:
    """``(rel, g)`` with ``e`` the indicator of ``g rel 0`` (``rel`` one of ``> >= = !=``), or
    None when ``e`` is not ``Piecewise((1, cond), (0, True))`` of a scalar relation.

    >>> x = sp.Symbol("x", real=True)
    >>> indicator_condition(sp.Piecewise((1, x < 2), (0, True)))
    ('>', 2 - x)
    """
    if len(e.args) != 2 or e.args[0].expr != 1 or e.args[1].expr != 0 or \
            e.args[1].cond is not sp.true:
        return None
    c = e.args[0].cond
    table = {sp.StrictGreaterThan: (">", 1), sp.GreaterThan: (">=", 1),
             sp.StrictLessThan: (">", -1), sp.LessThan: (">=", -1), sp.Equality: ("=", 1),
             sp.Unequality: ("!=", 1)}
    if type(c) not in table or ob.is_matrix(c.lhs) or ob.is_matrix(c.rhs):
        return None
    rel, sign = table[type(c)]
    return rel, (c.lhs - c.rhs) if sign > 0 else (c.rhs - c.lhs)


def _func(name: str) -> Handler:
    return lambda ev, e: ev.ops.func(name, [ev(a) for a in e.args])


def _matop(name: str) -> Handler:
    return lambda ev, e: ev.ops.matop(name, [ev(a) for a in e.args], e)


def _args(name: str, *parts: Callable[[Evaluator, sp.Basic], Any]) -> Handler:
    """A matrix operation on values computed from the node by ``parts``."""
    return lambda ev, e: ev.ops.matop(name, [p(ev, e) for p in parts], e)


def _cases() -> list[tuple[Any, Handler]]:
    """(class or classes, handler), in the order a node is matched against them: the first
    class the node's type is a subclass of decides (MatMul, MatAdd and MatPow before Add, Mul
    and Pow, which some of them subclass)."""
    E = Evaluator
    arg0 = lambda ev, e: ev(e.args[0])  # noqa: E731
    return [
        ((sp.Symbol, sp.MatrixSymbol), E._leaf),
        (sp.NumberSymbol, E._const),
        *[(cls, _func(name)) for cls, name in _FUNCS.items()],
        ((ob.NamedMatrix, ob.NamedScalar), lambda ev, e: ev(e.args[1])),
        (sp.MatMul, E._matmul),
        (sp.MatAdd, lambda ev, e: ev.ops.matadd([ev(a) for a in e.args])),
        (sp.MatPow, E._matpow),  # Inverse too (a MatPow with exponent -1)
        (sp.Sum, E._sum),
        (sp.Product, E._product),
        (sp.Piecewise, E._indicator),
        ((ob.Softmax, ob.LogSumExp, ob.KLDiv), E._defined),
        (ob.Gradient, E._gradient),
        # δ_ij of two indices: 1 - min(1, |i - j|), in every back end's own arithmetic
        (sp.KroneckerDelta, lambda ev, e: ev(1 - sp.Min(1, sp.Abs(e.args[0] - e.args[1])))),
        (sp.Add, lambda ev, e: ev.ops.add([ev(a) for a in e.args])),
        (sp.Mul, lambda ev, e: ev.ops.mul([ev(a) for a in e.args])),
        (sp.Pow, E._pow),
        (ob.ElemRecip, E._elem_recip),
        *[(cls, _matop(name)) for cls, name in _MATOPS.items()],
        (sp.HadamardPower, lambda ev, e: ev.ops.matop(
            "hadamard_pow", [ev(e.base), ev(e.exp), e.exp], e)),
        (sp.KroneckerProduct, E._kron),
        (ob.Vec, _args("vec", arg0, lambda ev, e: e.order)),
        (ob.Unvec, _args("unvec", arg0, lambda ev, e: ev.size(e.args[1]),
                         lambda ev, e: ev.size(e.args[2]), lambda ev, e: e.order)),
        (ob.RowBlock, _args("row_block", arg0, lambda ev, e: ev.int_value(e.args[1]),
                            lambda ev, e: ev.size(e.args[2]))),
        (ob.Column, _args("column", arg0, lambda ev, e: ev.int_value(e.args[1]))),
        (ob.Entry, _args("entry", arg0, lambda ev, e: ev.int_value(e.args[1]),
                         lambda ev, e: ev.int_value(e.args[2]))),
        (ob.NormP, E._norm_p),
        (Declared, E._declared),
        ((ob.Deriv, ob.ScalarDeriv), lambda ev, e: ev.ops.derivative(e, ev)),
        (sp.Identity, lambda ev, e: ev.ops.special("identity", ev.size(e.shape[0]),
                                                   ev.size(e.shape[0]))),
        (sp.OneMatrix, lambda ev, e: ev.ops.special("ones", ev.size(e.shape[0]),
                                                    ev.size(e.shape[1]))),
        (sp.ZeroMatrix, lambda ev, e: ev.ops.special("zeros", ev.size(e.shape[0]),
                                                     ev.size(e.shape[1]))),
    ]


_HANDLERS: dict[type, Handler] = {}
_CASES = _cases()


def _handler(t: type) -> Handler:
    """The handler of nodes of type ``t`` (numbers first, then :func:`_cases` in order),
    remembered in ``_HANDLERS``: the walk tests a node's type once, not every case per node.

    >>> _handler(sp.Add) is _handler(sp.Add)
    True
    """
    if getattr(t, "is_Number", False) is True:
        handler: Handler = Evaluator._const
    else:
        handler = next((h for cls, h in _CASES if issubclass(t, cls)),
                       Evaluator._unsupported_node)
    _HANDLERS[t] = handler
    return handler


#: Scalar functions every back end evaluates, by SymPy class (``sqrt`` is a power).
SCALAR_FUNCTIONS = tuple(_FUNCS)
_LEAVES = (sp.Symbol, sp.MatrixSymbol, sp.Identity, sp.OneMatrix, sp.ZeroMatrix)
_NODES = (sp.Add, sp.Mul, sp.Pow, sp.MatMul, sp.MatAdd, sp.MatPow, sp.Inverse, sp.Transpose,
          sp.HadamardProduct, sp.HadamardPower, sp.KroneckerProduct, sp.Sum, sp.Product,
          ob._MatrixNode, ob._ScalarNode, *SCALAR_FUNCTIONS)


def unsupported_construct(e: sp.Basic) -> str | None:
    """One line naming the first construct in ``e`` that no back end evaluates, or None.

    >>> x = ob.vector("x", 3)
    >>> unsupported_construct(sp.log(x))
    'log of the vector or matrix x: use log_(x) for the elementwise log, or a norm'
    >>> unsupported_construct(sp.zeta(sp.Symbol("t")))
    'zeta (in zeta(t)) is not supported: no back end evaluates it'
    >>> unsupported_construct(sp.exp(sp.Symbol("t")) + 1) is None
    True
    """
    return _unsupported(e, frozenset(), frozenset(ob.DIMS.values()))


@functools.lru_cache(maxsize=1 << 16)  # pure; a mutant shares all but one path with its claim
def _unsupported(e: sp.Basic, bound: frozenset, dims: frozenset) -> str | None:
    """:func:`unsupported_construct` of ``e`` inside sums over ``bound``, with the dimension
    symbols ``dims`` declared (part of the key: declaring one may make a sum bound valid)."""
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
    if isinstance(e, sp.Piecewise):
        cond = indicator_condition(e)
        if cond is None:
            return (f"Piecewise (in {e}) is supported only as an indicator "
                    "Piecewise((1, a REL b), (0, True)) of scalars")
        return _unsupported(cond[1], bound, dims)
    if isinstance(e, (sp.Sum, sp.Product)):
        what = "sum" if isinstance(e, sp.Sum) else "product"
        if ob.is_matrix(e.function):
            return f"a {what} of matrices ({e}): {what} entries, or write the {what} out"
        for _var, lo, hi in e.limits:
            free = (sp.sympify(lo).free_symbols | sp.sympify(hi).free_symbols) - dims - bound
            if free:
                s = sorted(map(str, free))[0]
                return (f"the {what} bound in {e} uses {s}, which is not a dimension: bounds "
                        f"must be numbers or dimensions (n, d, ...); declare it with "
                        f"dim({s!r}) to let it range over the positive integers")
        bound = bound | set(e.variables)
    elif isinstance(e, sp.KroneckerDelta):
        if any(ob.is_matrix(a) or not a.is_integer for a in e.args):
            return f"the Kronecker delta {e} takes two indices (integers)"
    elif isinstance(e, sp.Function) and not isinstance(e, SCALAR_FUNCTIONS):
        name = type(e).__name__
        return f"{name} (in {e}) is not supported: no back end evaluates it"
    elif not isinstance(e, _NODES):
        return f"{type(e).__name__} (in {e}) is not supported: no back end evaluates it"
    for a in e.args:
        if isinstance(a, sp.Basic):
            why = _unsupported(a, bound, dims)
            if why:
                return why
    return None


#: SymPy's function for each walker name (the exact back ends)
SYMPY_FUNCS: dict[str, Any] = {name: cls for cls, name in _FUNCS.items()}


class SympyScalarOps(Ops):
    """Exact scalar arithmetic with SymPy (used for doctests and simple scalar claims)."""

    name = "sympy-scalar"
    shift_softmax = False

    def const(self, value: sp.Expr) -> sp.Expr:
        return value

    def func(self, name: str, args: list[Any]) -> Any:
        return SYMPY_FUNCS[name](*args)
