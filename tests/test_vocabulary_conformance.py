"""Conformance of the vocabulary: every declared scalar function and operator crossed with
every back end, both printers, the LaTeX reader, the definedness obligations and the prover.

A declaration that lacks a piece fails here with the piece named (``erfc: interval: ...``):
adding an operator is adding its declaration, and this test says what is missing.
"""

from __future__ import annotations

import dataclasses

import flint
import mpmath
import numpy as np
import pytest
import sympy as sp

from numeric.backends.logspace import LV, LogOps
from numeric.backends.numpy_batch import NumpyOps
from numeric.backends.precise import ArbOps, MpmathOps
from numeric.backends.trig_interval import TrigXIOps
from numeric.backends.xinterval import XI, XIOps
from numeric.budget import Budget
from numeric.prover.atoms import Atoms
from numeric.prover.engine import prove
from numeric.stages.exact import arb_eval
from symbolic.claim import Claim
from symbolic.definedness import conditions, obligations
from symbolic.explicit import ExplicitInstance
from symbolic.latex import latex
from symbolic.normal_form import normal
from symbolic.objects import is_matrix, matrix, vector
from symbolic.pretty import pretty
from symbolic.vocabulary import FUNCTIONS, OPERATORS, Function
from symbolic.walk import Evaluator, SympyScalarOps, Unsupported

X, Y = sp.Symbol("x", real=True), sp.Symbol("y", real=True)
#: functions read by their own syntax rather than a name (|x|, \max, \lfloor x \rfloor)
BY_SYNTAX = {"abs", "max", "min", "floor", "ceiling"}


def _expr(decl: Function) -> sp.Expr:
    return decl.sympy(*(X, Y)[:decl.arity], evaluate=False)


def _reference(decl: Function, point: tuple) -> flint.arb:
    """The declared arb enclosure at 256 bits, at the exact point."""
    old = flint.ctx.prec
    flint.ctx.prec = 256
    try:
        return decl.arb(*[flint.arb(v) for v in point])
    finally:
        flint.ctx.prec = old


def _close(got: float, want: flint.arb, rel: float) -> bool:
    w = float(want.mid())
    return abs(got - w) <= rel * max(1.0, abs(w))


def _backend_values(decl: Function, point: tuple) -> dict[str, object]:
    """The function's value at ``point`` in every back end (an exception is kept as the
    value: the test names it)."""
    e = _expr(decl)
    syms = (X, Y)[:decl.arity]
    out: dict[str, object] = {}

    def run(name, f):
        try:
            out[name] = f()
        except Exception as exc:
            out[name] = exc

    run("numpy", lambda: float(Evaluator(NumpyOps(), {
        s: np.array([float(v)]) for s, v in zip(syms, point)})(e)[0]))

    def logspace():
        v = Evaluator(LogOps(), {s: np.array([float(v)]) for s, v in zip(syms, point)})(e)
        return float(np.asarray(LV.of(v).value() if isinstance(v, LV) else v)[0])

    run("logspace", logspace)

    def mp():
        mo = MpmathOps()
        with mpmath.workdps(30):
            return float(Evaluator(mo, {s: mo.number(v) for s, v in zip(syms, point)})(e))

    run("mpmath", mp)
    run("arb", lambda: Evaluator(ArbOps(), {s: flint.arb(v) for s, v in zip(syms, point)})(e))
    run("arb-eval", lambda: arb_eval(e, {s: flint.arb(v) for s, v in zip(syms, point)}))
    for name, ops in (("interval", XIOps()), ("interval+trig", TrigXIOps())):
        run(name, lambda ops=ops: Evaluator(ops, {s: XI(flint.arb(v))
                                                  for s, v in zip(syms, point)})(e))
    run("sympy", lambda: float(sp.N(Evaluator(SympyScalarOps(), {
        s: sp.Rational(v) for s, v in zip(syms, point)})(e), 30)))
    return out


def _holds(p) -> bool:
    gap = float(sp.N(p.lhs - p.rhs, 30))
    return {"<=": gap <= 0, "<": gap < 0, ">=": gap >= 0, ">": gap > 0, "!=": gap != 0,
            "=": gap == 0}[p.rel.value]


FUNCTION_CASES = [(name, k) for name, decl in FUNCTIONS.items()
                  for k in range(len(decl.points))]


def function_problems(decl: Function, point: tuple) -> list[str]:
    """What is wrong with ``decl`` at ``point``, one line per back end (none: conformant)."""
    name = decl.name
    ref = _reference(decl, point)
    if not (ref.is_finite() and ref.rad() < 1e-30):
        return [f"{name}: arb at {point}: {ref}"]
    problems = []
    for backend, got in _backend_values(decl, point).items():
        if isinstance(got, Exception):
            problems.append(f"{name}: {backend}: {type(got).__name__}: {got}")
        elif isinstance(got, XI):
            lo, hi = got.lo, got.hi
            if not ((isinstance(lo, float) or lo <= ref.lower()) and
                    (isinstance(hi, float) or ref.upper() <= hi)):
                problems.append(f"{name}: {backend}: {got} does not enclose {ref}")
        elif isinstance(got, flint.arb):
            if not got.overlaps(ref) or got.rad() > 1e-8:
                problems.append(f"{name}: {backend}: {got} is not {ref}")
        elif not _close(got, ref, 1e-9):
            problems.append(f"{name}: {backend}: {got!r} is not {ref}")
    return problems


@pytest.mark.parametrize("name,k", FUNCTION_CASES, ids=[f"{n}-{k}" for n, k in FUNCTION_CASES])
def test_every_back_end_computes_every_function(name, k):
    decl = FUNCTIONS[name]
    problems = function_problems(decl, decl.points[k])
    assert not problems, "\n".join(problems)


def test_a_missing_value_is_named(monkeypatch):
    """Remove one back end's piece and the conformance check names it."""
    decl = FUNCTIONS["erfc"]
    monkeypatch.setitem(FUNCTIONS, "erfc", dataclasses.replace(decl, numpy=None))
    problems = function_problems(FUNCTIONS["erfc"], decl.points[0])
    assert problems and all(p.startswith("erfc: ") for p in problems)
    assert {p.split(":")[1].strip() for p in problems} == {"numpy", "logspace"}
    monkeypatch.setitem(FUNCTIONS, "erfc", dataclasses.replace(decl, interval="none"))
    assert {p.split(":")[1].strip() for p in function_problems(FUNCTIONS["erfc"],
                                                                 decl.points[0])} == {
        "interval", "interval+trig"}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_every_function_prints_reads_and_states_its_domain(name):
    decl = FUNCTIONS[name]
    e = _expr(decl)
    shown, tex = pretty(e), latex(e)
    cls = type(e).__name__
    assert cls.lower() == decl.name or cls in decl.reads or cls not in shown, (
        f"{name}: the Unicode form shows the class name: {shown}")
    assert "Symbol(" not in shown and "Symbol(" not in tex
    assert decl.reads or name in BY_SYNTAX or decl.notes, (
        f"{name}: no LaTeX name reads it and no note says where it is read")
    for r in decl.reads:
        args = ", ".join("xy"[:decl.arity])
        c = Claim.from_latex("conf:u", rf"\operatorname{{{r}}}({args}) \le 7")
        assert c.lhs == decl.sympy(*(sp.Symbol(s, real=True) for s in "xy"[:decl.arity])), (
            f"{name}: \\operatorname{{{r}}} reads as {c.lhs}")
    if decl.domain is not None:
        props = {str(p) for p in conditions(decl.domain(*(X, Y)[:decl.arity]))}
        got = {str(o.prop) for o in obligations(e)}
        assert props <= got, f"{name}: the domain {props} is not an obligation ({got})"
        for point in decl.points:
            for p in conditions(decl.domain(*[sp.Rational(v) for v in point])):
                assert _holds(p), f"{name}: the point {point} is outside {p}"


@pytest.mark.parametrize("name", sorted(n for n, d in FUNCTIONS.items() if d.smooth
                                        and d.arity == 1 and not d.native))
def test_smooth_functions_have_derivatives_the_interval_back_end_encloses(name):
    """The Taylor stage differentiates smooth functions with SymPy and encloses the
    derivatives in intervals: both must be right."""
    decl = FUNCTIONS[name]
    d = sp.diff(_expr(decl), X)
    for (v,) in decl.points:
        box = Evaluator(TrigXIOps(), {X: XI(flint.arb(v))})(d)
        with mpmath.workdps(30):
            want = mpmath.diff(decl.mpmath, mpmath.mpf(v))
        assert float(box.lo) <= float(want) + 1e-12 and float(want) - 1e-12 <= float(box.hi), (
            f"{name}: d/dx at {v}: {box} does not hold {want}")


@pytest.mark.parametrize("name", sorted(n for n, d in FUNCTIONS.items() if d.arity == 1))
def test_interval_rules_enclose_the_function_on_random_intervals(name):
    decl = FUNCTIONS[name]
    pts = sorted(float(p[0]) for p in decl.points)
    rng = np.random.default_rng(7)
    for _ in range(20):
        a, b = sorted(rng.uniform(pts[0], pts[-1], 2))
        box = XIOps().func(name, [XI(flint.arb(a), flint.arb(b))]) \
            if name not in ("abs", "max", "min") else None
        if box is None:
            continue
        for t in (a, (a + b) / 2, b):
            ref = _reference(decl, (t,))
            assert (isinstance(box.lo, float) or box.lo <= ref.lower()) and (
                isinstance(box.hi, float) or ref.upper() <= box.hi), (
                f"{name}: [{a}, {b}] gives {box}, missing f({t}) = {ref}")


# ------------------------------------------------------------------------- operators

V, W, M, S = vector("v", 3), vector("w", 3), matrix("M", 3, 2), matrix("S", 3, 3)
#: values with entries of both signs, and (for operators with a domain) positive ones
VALUES = {V: np.array([[1.5], [-2.0], [0.25]]), W: np.array([[0.5], [1.0], [-3.0]]),
          M: np.array([[1.0, -2.0], [0.5, 3.0], [-1.25, 0.75]]),
          S: np.array([[2.0, -1.0, 0.5], [0.25, 1.0, -3.0], [1.5, 0.0, -0.5]])}
POSITIVE = {V: np.array([[0.5], [0.25], [0.25]]), W: np.array([[0.5], [1.0], [3.0]]),
            M: np.array([[1.0, 2.0], [0.5, 3.0], [1.25, 0.75]]),
            S: np.array([[2.0, 1.0, 0.5], [0.25, 1.0, 3.0], [1.5, 0.5, 0.5]])}
EXAMPLE = {"vector": (V, W), "matrix": (M,), "square": (S,), "any": (V,),
           "scalar": (sp.Integer(3),)}


def _operator_node(cls: type) -> sp.Basic:
    """An instance of ``cls`` on example arguments of its declared kinds."""
    pools = {k: list(v) for k, v in EXAMPLE.items()}
    args = [pools[kind].pop(0) for kind in cls.arguments]
    return cls.make(*args)


def _values(node: sp.Basic) -> dict:
    return POSITIVE if node.domain() else VALUES


def _entries(value) -> list:
    """A value's entries, in order: a number, a batch of one, or a matrix of any back end."""
    if isinstance(value, sp.MatrixBase):
        return list(value)
    a = np.asarray(value, dtype=object)
    return [a.item()] if a.ndim == 0 else list(a.reshape(-1))


def _reference_entries(node: sp.Basic, values: dict) -> list:
    """The node's entries as arb balls: arb's, or mpmath's at 40 digits where the operator
    declares arb unavailable."""
    if "arb" in type(node).unavailable:
        mo = MpmathOps()
        with mpmath.workdps(40):
            got = Evaluator(mo, {k: mo.array(v) for k, v in values.items()})(node)
            return [flint.arb(mpmath.nstr(x, 40)) for x in _entries(got)]
    ao = ArbOps()
    return _entries(Evaluator(ao, {k: ao.array(v) for k, v in values.items()})(node))


def operator_problems(name: str) -> list[str]:
    """What is wrong with the operator ``name``, one line per back end (none: conformant)."""
    node = _operator_node(OPERATORS[name])
    values = _values(node)
    ref = _reference_entries(node, values)

    def numpy_():
        got = Evaluator(NumpyOps(), {k: v[None] for k, v in values.items()})(node)
        return _entries(np.asarray(got)[0])

    def logspace():
        got = Evaluator(LogOps(), {k: v[None] for k, v in values.items()})(node)
        return _entries(np.asarray(LV.of(got).value() if isinstance(got, LV) else got)[0])

    def mp():
        mo = MpmathOps()
        with mpmath.workdps(30):
            return _entries(Evaluator(mo, {k: mo.array(v) for k, v in values.items()})(node))

    def explicit():
        if "explicit" in OPERATORS[name].unavailable:
            return None
        inst = ExplicitInstance(set(values), {})
        subs = {inst.env[k][r, c]: sp.Rational(float(v[r, c])) for k, v in values.items()
                for r in range(v.shape[0]) for c in range(v.shape[1])}
        got = inst(node)
        got = got.subs(subs) if isinstance(got, sp.MatrixBase) else sp.sympify(got).subs(subs)
        return [sp.N(x, 30) for x in _entries(got)]

    problems = []
    for backend, f in (("numpy", numpy_), ("logspace", logspace), ("mpmath", mp),
                       ("explicit", explicit)):
        if backend in OPERATORS[name].unavailable:
            continue
        try:
            got = f()
        except Exception as exc:
            problems.append(f"{name}: {backend}: {type(exc).__name__}: {exc}")
            continue
        if got is None:
            continue
        if len(got) != len(ref) or not all(_close(float(g), r, 1e-9)
                                           for g, r in zip(got, ref)):
            problems.append(f"{name}: {backend}: {got} is not {ref}")
    return problems


@pytest.mark.parametrize("name", sorted(OPERATORS))
def test_every_back_end_computes_every_operator(name):
    problems = operator_problems(name)
    assert not problems, "\n".join(problems)


def test_a_missing_primitive_is_named(monkeypatch):
    """A back end that loses the primitive an operator declares fails, by name."""
    real = NumpyOps.reduce

    def reduce(self, what, m, node):
        if what == "euclidean":
            raise Unsupported("numpy: euclidean")
        return real(self, what, m, node)

    monkeypatch.setattr(NumpyOps, "reduce", reduce)
    problems = operator_problems("FrobNorm")
    assert problems == ["FrobNorm: numpy: Unsupported: numpy: euclidean",  # logspace: float
                        "FrobNorm: logspace: Unsupported: numpy: euclidean"]  # first


@pytest.mark.parametrize("name", sorted(OPERATORS))
def test_every_operator_prints_reads_back_and_is_known_to_the_prover(name):
    cls = OPERATORS[name]
    node = _operator_node(cls)
    if "reader" in cls.unavailable:  # the reader's declared gap: read the vector case
        node = cls.make(*[V if kind == "matrix" else a
                          for kind, a in zip(cls.arguments, node.args)])
    shown, tex = pretty(node), latex(node)
    assert name not in shown and name not in tex, f"{name}: printed as {shown} / {tex}"
    where = {"v": V, "w": W, "M": M, "S": S}
    if "reader" in cls.unavailable and "matrix" not in cls.arguments:
        read = node  # not read at all, as declared
    elif is_matrix(node):
        read = Claim.from_latex("conf:u", f"{tex} = {tex}", where=where).lhs
    else:
        read = Claim.from_latex("conf:u", tex + r" \le 7", where=where).lhs
    if read != node:  # another form of the same operator: the same value
        values = _values(node)
        a, b = (_reference_entries(e, values) if isinstance(e, type(node)) else
                _entries(Evaluator(ArbOps(), {k: ArbOps().array(v)
                                              for k, v in values.items()})(e))
                for e in (read, node))
        assert len(a) == len(b) and all(x.overlaps(y) for x, y in zip(a, b)), (
            f"{name}: {tex} reads back as {read}, of another value")
    if not is_matrix(node):
        assert normal(normal(node)) == normal(node)
        Atoms({})(node)
    obligations(node)
    if cls.sign == "nonneg":
        claim = Claim("conf:nonneg", node, ">=", 0)
        assert prove(claim, Budget.get("quick")).proved, f"{name}: ≥ 0 is not proved"
