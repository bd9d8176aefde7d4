"""Evaluation plans: a walk of some expressions traced once, replayed as straight-line code.

The search evaluates one claim and its hypotheses thousands of times on small batches of one
layout. Each :class:`~symbolic.walk.Evaluator` walk pays, per node, a cache lookup keyed by
SymPy expressions (hashing, deep equality), a handler lookup and a few Python calls around the
one back-end operation that does the work. A :class:`Plan` records, during one ordinary walk,
the sequence of back-end (:class:`~symbolic.walk.Ops`) calls and where each argument came
from: an input array of the environment, the result of an earlier call, or a literal (a size,
an operation's name, a SymPy node). It then generates one Python function that makes the
same calls in the same order on new inputs; calls with only literal arguments (constants,
identity matrices) are made once, when the plan is traced.

The calls, their order and their arguments are those of the walk, so the values are the
walk's, bit for bit. A walk the plan cannot follow is not compiled (:class:`Untraceable`) and
the caller walks as before: an operation that walks again by itself (numeric derivatives), an
array argument that is neither an input nor a recorded result, an environment value that is
not an array or an int, or one array bound to two symbols. Ints of the environment (sizes,
fixed indices) are part of the plan's key (:func:`signature`).

Example:
    >>> import numpy as np, sympy as sp
    >>> from numeric.backends.numpy_batch import NumpyOps
    >>> x = sp.Symbol("x")
    >>> env = {x: np.array([1.0, 2.0])}
    >>> plan = Plan.trace(NumpyOps(), env, [x**2 + 1, sp.exp(x)])
    >>> [v.tolist() for v in plan.values]
    [[2.0, 5.0], [2.718281828459045, 7.38905609893065]]
    >>> [v.tolist() for v in plan.run({x: np.array([3.0])})]
    [[10.0], [20.085536923187668]]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import sympy as sp

from symbolic.walk import Evaluator, Ops

_ARRAYS: tuple[type, ...] = (np.ndarray, np.generic)
#: the Ops methods a plan records (``derivative`` walks again by itself: not traceable)
_METHODS = ("const", "add", "mul", "pow", "func", "matmul", "matadd", "scale", "matop",
            "reduce", "special")


class Untraceable(Exception):
    """The walk cannot be replayed as a fixed sequence of calls."""


class _Recorder(Ops):
    """Forwards every call to ``inner`` and records it: the method, the arguments (as input
    names, earlier results or literals) and the name of its result."""

    def __init__(self, inner: Ops, inputs: dict[int, str]) -> None:
        self.inner = inner
        self.values = value_types(inner)
        self.name = inner.name
        self.shift_softmax = inner.shift_softmax
        self.names: dict[int, str] = dict(inputs)  # id of a live array -> its variable
        self.literals: dict[str, Any] = {}  # global name -> literal value
        self.folded: dict[int, str] = {}  # id of a constant result -> its global name
        self.lines: list[str] = []
        self.keep: list[Any] = []  # every value seen stays alive: ids are not reused

    def _literal(self, value: Any) -> str:
        name = f"c{len(self.literals)}"
        self.literals[name] = value
        return name

    def _ref(self, a: Any) -> tuple[str, bool]:
        """Source text of argument ``a`` and whether it depends on the inputs."""
        if isinstance(a, list | tuple):
            parts = [self._ref(x) for x in a]
            text = ", ".join(p for p, _ in parts)
            text = f"[{text}]" if isinstance(a, list) else f"({text}{',' if len(a) == 1 else ''})"
            return text, any(v for _, v in parts)
        if isinstance(a, self.values):
            if id(a) in self.names:
                return self.names[id(a)], True
            if id(a) in self.folded:
                return self.folded[id(a)], False
            raise Untraceable("an array argument computed outside the back end's operations")
        if isinstance(a, str | int | float | bool | type(None) | sp.Basic):
            return self._literal(a), False
        raise Untraceable(f"an argument of type {type(a).__name__}")

    def _record(self, method: str, *args: Any) -> Any:
        result = getattr(self.inner, method)(*args)
        refs = [self._ref(a) for a in args]
        self.keep.append(result)
        if not any(v for _, v in refs):  # only literals: a constant, computed once
            if isinstance(result, self.values):
                self.folded[id(result)] = self._literal(result)
            return result
        if not isinstance(result, self.values):
            raise Untraceable(f"{method} returned a {type(result).__name__}")
        var = f"v{len(self.lines)}"
        fn = self._literal(getattr(self.inner, method))
        self.lines.append(f"{var} = {fn}({', '.join(r for r, _ in refs)})")
        self.names[id(result)] = var
        self.folded.pop(id(result), None)
        return result

    def derivative(self, node: sp.Basic, ev: Evaluator) -> Any:
        raise Untraceable("a numeric derivative walks again by itself")


for _m in _METHODS:
    setattr(_Recorder, _m, (lambda m: lambda self, *a: self._record(m, *a))(_m))


def value_types(ops: Ops) -> tuple[type, ...]:
    """The types of the values ``ops`` computes with: numpy arrays and scalars, and the back
    end's own (``Ops.value_types``, e.g. log-space pairs)."""
    return (*_ARRAYS, *getattr(ops, "value_types", ()))


def signature(env: dict, types: tuple[type, ...] = _ARRAYS) -> tuple:
    """What a plan depends on besides the expressions: each symbol with its int value, or
    with the type and number of axes of its value (one of ``types``), in the environment's
    order.

    >>> x, n = sp.Symbol("x"), sp.Symbol("n")
    >>> signature({n: 3, x: np.zeros(4)})
    ((n, 3), (x, 'ndarray', 1))
    """
    out = []
    for k, v in env.items():
        if type(v) is np.ndarray:  # the common case, first (the same entry as below)
            out.append((k, "ndarray", v.ndim))
        elif isinstance(v, int) and not isinstance(v, bool):
            out.append((k, v))
        elif isinstance(v, types):
            out.append((k, type(v).__name__, np.ndim(v) if isinstance(v, _ARRAYS) else v.ndim))
        else:
            raise Untraceable(f"the value of {k} is a {type(v).__name__}")
    return tuple(out)


class Plan:
    """The back-end calls of one walk of ``exprs``, as one generated function of the
    environment's arrays (see the module docstring)."""

    def __init__(self, keys: list[Any], fn: Any, values: list[Any]) -> None:
        self.keys = keys  # the environment's symbols, in the function's argument order
        self.fn = fn
        #: the expressions' values at the environment the plan was traced on
        self.values = values

    @staticmethod
    def trace(ops: Ops, env: dict, exprs: Sequence[sp.Basic]) -> Plan:
        """Walk ``exprs`` under ``env`` with ``ops``, recording the calls; raises
        :class:`Untraceable` when the walk cannot be replayed."""
        types = value_types(ops)
        signature(env, types)
        keys = [k for k, v in env.items() if isinstance(v, types)]
        inputs: dict[int, str] = {}
        for j, k in enumerate(keys):
            if id(env[k]) in inputs:
                raise Untraceable(f"one array bound to two symbols ({k})")
            inputs[id(env[k])] = f"a{j}"
        rec = _Recorder(ops, inputs)
        ev = Evaluator(rec, env)  # one walk: shared sub-expressions are computed once
        values = [ev(e) for e in exprs]
        outs = [rec._ref(v)[0] if isinstance(v, types) else rec._literal(v) for v in values]
        src = "\n".join([f"def plan({', '.join(f'a{j}' for j in range(len(keys)))}):",
                         *[f"    {line}" for line in rec.lines],
                         f"    return ({', '.join(outs)},)"])
        scope: dict[str, Any] = dict(rec.literals)
        exec(compile(src, "<evaluation plan>", "exec"), scope)
        return Plan(keys, scope["plan"], values)

    def run(self, env: dict) -> tuple[Any, ...]:
        """The expressions' values under ``env`` (same symbols, same :func:`signature`)."""
        return self.fn(*[env[k] for k in self.keys])


class PlannedEvaluator:
    """An :class:`~symbolic.walk.Evaluator` for one environment whose values of ``exprs``
    come from a plan; any other expression is walked.

    >>> from numeric.backends.numpy_batch import NumpyOps
    >>> x = sp.Symbol("x")
    >>> plans = Plans(NumpyOps, [x + 1])
    >>> ev = plans.evaluator({x: np.array([1.0])})
    >>> ev(x + 1).tolist(), ev(2 * x).tolist()
    ([2.0], [2.0])
    """

    def __init__(self, ops: Ops, env: dict, known: dict[sp.Basic, Any]) -> None:
        self.ops, self.env, self._known = ops, env, known
        self._walker: Evaluator | None = None

    def __call__(self, e: sp.Basic) -> Any:
        try:
            return self._known[e]
        except KeyError:
            pass
        if self._walker is None:
            self._walker = Evaluator(self.ops, self.env)
        return self._walker(e)


#: plans of every :class:`Plans` of this process, by back end, expressions and signature:
#: the search over values and the one over orders of magnitude, and each dimension setting
#: checked again, share them (a trace walks the expressions and compiles the code)
_TRACED: dict[tuple, Plan | None] = {}
_TRACED_MAX = 2048


class Plans:
    """Plans of fixed expressions, one per environment :func:`signature`, traced on first
    use; where tracing fails, every evaluation walks (as without plans)."""

    def __init__(self, make_ops: Any, exprs: Sequence[sp.Basic]) -> None:
        self.make_ops = make_ops
        self.exprs = list(dict.fromkeys(exprs))
        self._plans: dict[tuple, Plan | None] = {}
        self._key = (make_ops, tuple(self.exprs))

    def evaluator(self, env: dict) -> PlannedEvaluator | Evaluator:
        """An evaluator for ``env`` that reads the expressions' values from a plan."""
        ops = self.make_ops()
        try:
            key = signature(env, value_types(ops))
        except Untraceable:
            return Evaluator(ops, env)
        if key not in self._plans and (*self._key, key) in _TRACED:
            self._plans[key] = _TRACED[(*self._key, key)]
        if key not in self._plans:
            try:
                plan = Plan.trace(ops, env, self.exprs)
            except Exception:  # Untraceable, or an expression the back end cannot
                # evaluate: the walker evaluates (and raises) expression by expression
                plan = None
            self._plans[key] = plan
            if len(_TRACED) >= _TRACED_MAX:
                _TRACED.clear()
            _TRACED[(*self._key, key)] = plan
            if plan is None:
                return Evaluator(ops, env)
            return PlannedEvaluator(ops, env, dict(zip(self.exprs, plan.values)))
        plan = self._plans[key]
        if plan is None:
            return Evaluator(ops, env)
        try:
            values = plan.run(env)
        except Exception:  # as when tracing: the walker decides what fails
            return Evaluator(ops, env)
        return PlannedEvaluator(ops, env, dict(zip(self.exprs, values)))
