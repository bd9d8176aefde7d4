"""Claims as researchers write them in SymPy: relationals, Ne/Or/And, assumptions, chains,
the new operators in every back end, and build-time rejection of what none evaluates."""

from __future__ import annotations

import flint
import numpy as np
import pytest
import sympy as sp

from numeric.backends.numpy_batch import NumpyOps
from numeric.backends.precise import ArbOps, MpmathOps, mp_workdps
from numeric.backends.xinterval import XI, XIOps
from symbolic import (
    Claim,
    Prop,
    Relation,
    chain,
    entropy,
    entry,
    index,
    log_,
    matrix,
    n,
    norm1,
    norm2,
    normp,
    ones,
    vector,
)
from symbolic.explicit import ExplicitInstance
from symbolic.latex import latex
from symbolic.walk import Evaluator

x = sp.Symbol("x", real=True)
u, v = sp.symbols("u v", real=True)


def test_relational_claim_and_hypotheses():
    c = Claim("mine:exp-tangent", sp.exp(x) >= 1 + x, hypotheses=[x > 0, x <= 5])
    assert (c.lhs, c.rel, c.rhs) == (sp.exp(x), Relation.GE, 1 + x)
    assert [str(h) for h in c.hypotheses] == ["x > 0", "x <= 5"]
    # the long form keeps working
    long = Claim("mine:exp-tangent", sp.exp(x), ">=", 1 + x, hypotheses=(Prop(x, ">", 0),))
    assert long.prop == c.prop
    # hypotheses may also come positionally, right after the relation
    assert Claim("mine:sq", x**2 >= x, [x < 3]).hypotheses == (Prop(x, "<", 3),)


def test_and_flattens_ne_and_or_become_one_prop_each():
    c = Claim("mine:c", sp.log(u) <= u - 1,
              hypotheses=[sp.And(u > 0, u < 9), sp.Ne(u, 1), sp.Or(u < 2, u > 3)])
    assert [str(h) for h in c.hypotheses] == ["u > 0", "u < 9", "u != 1", "u > 3 or u < 2"]
    ne, disj = c.hypotheses[2], c.hypotheses[3]
    assert (ne.lhs, ne.rel, ne.rhs) == (sp.Abs(u - 1), Relation.GT, 0)
    assert disj.rel is Relation.GT and disj.rhs == 0
    # the disjunction holds exactly where a branch holds
    f = sp.lambdify(u, disj.lhs)
    assert [f(t) > 0 for t in (1.0, 2.0, 2.5, 3.0, 3.5)] == [True, False, False, False, True]
    assert latex(ne) == r"u \neq 1"


def test_mixed_strictness_disjunction_is_exact_at_the_boundaries():
    (p,) = Claim("mine:m", u**2 >= u, hypotheses=[sp.Or(u <= -1, u > 1)]).hypotheses[:1]
    f = sp.lambdify(u, p.lhs)
    assert p.rel is Relation.GT
    assert [bool(f(t) > 0) for t in (-1.5, -1.0, 0.0, 1.0, 1.5)] == [True, True, False, False,
                                                                      True]


def test_symbol_assumptions_become_hypotheses():
    p = sp.Symbol("p", positive=True)
    q = sp.Symbol("q", nonnegative=True)
    w = sp.Symbol("w", negative=True)
    c = Claim("mine:a", p + q - w, ">", 0)
    assert [str(h) for h in c.hypotheses] == ["p > 0", "q >= 0", "w < 0"]
    # a listed hypothesis that already implies it is not repeated
    c = Claim("mine:b", p, ">=", 4, hypotheses=[Prop(p, ">=", 4)])
    assert [str(h) for h in c.hypotheses] == ["p >= 4"]
    # dimensions and indices are not scalars
    i = index("i")
    c = Claim("mine:c", entry(vector("y", n), i), "<=", norm2(vector("y", n)))
    assert c.hypotheses == ()


def test_chains_strings_and_the_python_chain_error():
    with pytest.raises(TypeError):
        bool(0 < u < v)
    c = Claim("mine:polya", 2 * u**2 * x < v * x**2, hypotheses=chain(0, "<", u, "<", v, "<", 1))
    assert [str(h) for h in c.hypotheses] == ["0 < u", "u < v", "v < 1"]
    c2 = Claim("mine:polya", 2 * u**2 * x < v * x**2, hypotheses=["0 < u < v < 1"])
    assert c2.hypotheses == c.hypotheses
    got = c2.hypotheses[0].rhs  # names resolve to the claim's own symbols (same name and
    assert got == u and got.assumptions0 == u.assumptions0  # assumptions; SymPy's cache is
    # an LRU, so the same object only while it holds it)
    s = Claim("mine:s", "exp(x) >= 1 + x", hypotheses=["x^2 <= 4"])
    assert s.lhs == sp.exp(x) and s.hypotheses[0].lhs == x**2
    with pytest.raises(ValueError, match="one relation, got 2"):
        Claim("mine:two", "0 < x < 1")


def test_gt_equals_spelled_backwards_is_rejected():
    with pytest.raises(ValueError, match=r"unknown relation '=>'.*'>='"):
        Claim("mine:r", x, "=>", 0)
    with pytest.raises(ValueError, match="unknown relation '=>'"):
        Claim("mine:r", x**2 >= x, hypotheses=["x => 1"])
    with pytest.raises(ValueError, match="unknown relation '=>'"):
        Prop(x, "=>", 0)


def test_statements_sympy_already_decided_are_explained():
    with pytest.raises(ValueError, match="already True in SymPy"):
        Claim("mine:t", sp.exp(x) > 0)
    with pytest.raises(ValueError, match="hypothesis: a hypothesis is False"):
        Claim("mine:t", x >= 0, hypotheses=[sp.Symbol("p", positive=True) < 0])


def test_unsupported_constructs_are_rejected_when_built():
    y = vector("y", n)
    cases = [
        (sp.log(y), "log of the vector or matrix y: use log_(y) for the elementwise log"),
        (sp.exp(y), "exp of the vector or matrix y: use exp_(y)"),
        (sp.tan(y), "tan of the vector or matrix y"),
        (sp.zeta(x), "zeta (in zeta(x)) is not supported: no back end evaluates it"),
        (sp.Function("g")(x), "g (in g(x)) is not supported"),
        (sp.Sum(x, (index("i"), 1, x)), "the sum bound"),
        (sp.Integral(x, x), "Integral"),
    ]
    for expr, msg in cases:
        with pytest.raises(ValueError) as info:
            Claim("mine:u", expr, "<=", 1)
        assert msg in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(ValueError, match=r"normp.*p must be a constant >= 1"):
        normp(y, sp.Rational(1, 2))
    with pytest.raises(ValueError, match=r"norm1.*needs a column vector"):
        norm1(matrix("M", n, n))


def _values(ops, arrays):
    return {k: (ops.array(a) if isinstance(a, np.ndarray) else ops.number(a))
            for k, a in arrays.items()}


def test_new_operators_agree_in_numpy_mpmath_arb_and_explicit():
    y, p = vector("y", n), vector("p", n)
    i = index("i")
    t = sp.Symbol("t", real=True)
    A = matrix("A", n, n)
    yv = np.array([[1.0], [-2.0], [0.5]])
    pv = np.array([[0.2], [0.0], [0.8]])  # a zero entry: 0 log 0 = 0
    Av = np.array([[2.0, 1.0, 0.0], [0.0, 1.0, 0.0], [1.0, 0.0, 3.0]])
    tv = 0.7
    expected = {
        norm1(y): 3.5,
        normp(y, 3): (1 + 8 + 0.125) ** (1 / 3),
        sp.Sum(entry(y, i) ** 2, (i, 1, n)): 5.25,
        entropy(p): -(0.2 * np.log(0.2) + 0.8 * np.log(0.8)),
        sp.Sum(entry(log_(norm2(y)**2 * p + ones(n)), i), (i, 1, n)): np.log(2.05 * 5.2),
        sp.tan(t): np.tan(tv),
        sp.atan(t): np.arctan(tv),
        sp.asin(t / 2): np.arcsin(tv / 2),
        sp.sqrt(t): np.sqrt(tv),
        norm2(A**-1 * y): np.linalg.norm(
            np.linalg.solve(Av, yv)),
        norm2(A**2 * y): np.linalg.norm(Av @ Av @ yv),
    }
    env = {y: yv, p: pv, A: Av}
    for expr, want in expected.items():
        got_np = Evaluator(NumpyOps(), {n: 3, **{k: val[None] for k, val in env.items()},
                                        t: np.array([tv])})(expr)
        mo, ao = MpmathOps(), ArbOps()
        with mp_workdps(30):
            got_mp = Evaluator(mo, {n: 3, t: mo.number(tv), **_values(mo, env)})(expr)
        got_arb = Evaluator(ao, {n: 3, t: ao.number(tv), **_values(ao, env)})(expr)
        assert float(got_np[0]) == pytest.approx(want, rel=1e-12), expr
        assert float(got_mp) == pytest.approx(want, rel=1e-12), expr
        assert got_arb.rad() < 1e-10 and float(got_arb.mid()) == pytest.approx(want, rel=1e-12)
        assert got_arb.contains(flint.arb(float(got_mp))) or abs(
            float(got_arb.mid()) - float(got_mp)) < 1e-13
    # explicit SymPy coordinates, then substituted
    inst = ExplicitInstance({y, t}, {"n": 3})
    e = inst(norm1(y) + sp.atan(t))
    subs = {sp.Symbol(f"y_{k + 1}_1", real=True): sp.Rational(str(yv[k, 0])) for k in range(3)}
    assert float(e.subs(subs).subs(t, sp.Rational(7, 10))) == pytest.approx(3.5 + np.arctan(0.7))


def test_scalar_functions_in_the_interval_back_end_are_enclosures():
    ops = XIOps()
    for name, f, lo, hi in (("tan", np.tan, 0.1, 0.5), ("atan", np.arctan, -2.0, 3.0),
                            ("asin", np.arcsin, -0.5, 0.25)):
        box = ops.func(name, [XI(lo, hi)])
        assert float(box.lo) <= f(lo) and f(hi) <= float(box.hi)
        assert float(box.hi) - float(box.lo) < (f(hi) - f(lo)) + 1e-8
    assert ops.func("tan", [XI(1.5, 1.7)]).hi == float("inf")  # a pole: nothing certified
    assert ops.func("atan", [XI(0, float("inf"))]).hi < 1.5708


def test_outside_the_real_domain_is_nan_not_complex():
    mo = MpmathOps()
    assert str(mo.func("log", [mo.number(-1.0)])) == "nan"
    assert str(mo.func("asin", [mo.number(2.0)])) == "nan"
