"""The decision stages of issue 14: real algebra (z3), Taylor branch and bound, lemma schemas."""

from __future__ import annotations

import sympy as sp

from numeric.budget import Budget
from numeric.stages.real_algebra import RealAlgebraStage
from numeric.stages.schemas import SchemaStage, match
from numeric.stages.taylor import TaylorStage
from symbolic import Claim, Prop, inner, n, norm2, norminf, scalar, vector
from symbolic.verdict import Status

Q = Budget.get("quick")
x, y = scalar("x"), scalar("y")


def test_real_algebra_proves_polya_and_refutes_with_a_confirmed_model():
    polya = Claim("t:extra-1", (1 + x**2) / (2 + y) ** 17, "<", (1 + y**2) / (2 + x) ** 10,
                  (Prop(0, "<", x), Prop(x, "<", y)))
    v = RealAlgebraStage().run(polya, Q, 0)
    assert v.status is Status.PROVED and v.rigorous and "z3" in v.method
    bad = Claim("t:extra-2", x * (1 - x), "<=", sp.Rational(1, 4) - sp.Rational(1, 10**9))
    r = RealAlgebraStage().run(bad, Q, 0)
    assert r.status is Status.REFUTED and r.rigorous
    w = sp.Rational(r.witness["x"])
    assert w * (1 - w) > sp.Rational(1, 4) - sp.Rational(1, 10**9)


def test_real_algebra_reasons():
    st = RealAlgebraStage()
    assert st.applies(Claim("t:extra-1", x, "<=", sp.exp(x))).startswith("not polynomial")
    # sqrt(x) is undefined for x < 0: nothing is proved without x >= 0
    v = st.run(Claim("t:extra-2", sp.sqrt(x), "<=", (1 + x) / 2), Q, 0)
    assert v.status is Status.UNKNOWN and "root" in v.message


def test_taylor_strict_boundary_touching_and_relations():
    st = TaylorStage()
    cases = [
        Claim("t:extra-1", sp.sin(x), "<", x, (Prop(x, ">", 0),)),  # 3rd derivative at 0
        Claim("t:extra-2", sp.exp(x), "<=", 1 + x + x**2, (Prop(x, ">=", -1), Prop(x, "<=", 1))),
        Claim("t:extra-3", sp.exp(x), ">=", 1 + x),  # whole real line
        Claim("t:extra-4", 2 * y + sp.exp(1 + x**4), "<", 2 * (y + 1) + sp.exp(1 + x**4)),
    ]
    for c in cases:
        v = st.run(c, Q, 0)
        assert v.status is Status.PROVED and v.rigorous, (c.id, v.message)


def test_taylor_refutes_tiny_violations_and_never_proves_them():
    c = Claim("t:extra-1", sp.atan(x), "<=", x * (1 - sp.Rational(1, 10**9)), (Prop(x, ">=", 0),))
    v = TaylorStage().run(c, Q, 0)
    assert v.status is Status.REFUTED and v.rigorous
    w = v.witness["x"]
    assert 0 < w < 1e-3 and sp.atan(sp.Float(w, 50)) > sp.Float(w, 50) * (1 - sp.Float(1e-9, 50))
    assert TaylorStage().applies(Claim("t:extra-2", sum(scalar(f"z{i}") for i in range(7)),
                                       "<=", 1)) == "7 variables, limit 6"


def test_schemas_match_exactly():
    u, v = vector("u", n), vector("v", n)
    assert match(Claim("t:extra-1", norm2(u), "<=", sp.sqrt(n) * norminf(u))) == (
        "norm2-le-sqrtn-norminf")
    assert match(Claim("t:extra-2", norm2(u), "<=", norminf(u))) is None  # false direction
    assert match(Claim("t:extra-3", norm2(u), "<=", n**2 * norminf(u))) is None  # not exact
    assert match(Claim("t:extra-4", norm2(u) * norm2(v), ">=", inner(u, v))) == "cauchy-schwarz"
    assert match(Claim("t:extra-5", inner(u, v), "<=", norm2(u) * norm2(u))) is None
    strict = Claim("t:extra-6", norminf(u), "<", norm2(u))
    assert SchemaStage().applies(strict).startswith("strict")
