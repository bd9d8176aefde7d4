"""The kernel's check of proofs by calculus (numeric/kernel/calculus.py): sound proofs pass,
and every tampered step is refused with the reason."""

from __future__ import annotations

import copy

import sympy as sp

from numeric.kernel.calculus import (
    Goal,
    Refused,
    check,
    check_claim,
    children_of,
    defined_on,
    interval,
)
from symbolic import Claim, Prop, scalar
from symbolic.relation import Relation

x, y, p = scalar("x"), scalar("y"), scalar("p")
LEAF = {"rule": "leaf"}


def leaf(method: str) -> dict:
    return {**LEAF, "method": method}


def ext(var: str, at: str, *kids: dict) -> dict:
    return {"rule": "extremum", "var": var, "at": at, "children": list(kids)}


#: cosh x ≤ e^{x²/2}: log of both sides, least at 0 on both sides
COSH = {"rule": "log", "children": [
    leaf("assumptions"), leaf("assumptions"),
    ext("x", "Integer(0)", leaf("zero"),
        ext("x", "Integer(0)", leaf("zero"), leaf("assumptions")),
        ext("x", "Integer(0)", leaf("zero"), leaf("assumptions")))]}


def test_cosh_proof_is_admitted_and_each_tampering_refused():
    assert check_claim(sp.cosh(x), Relation.LE, sp.exp(x**2 / 2), (), COSH) is None
    # the same tree for a false claim (a smaller exponent): the leaf at x = 0 still holds, the
    # derivative's sign does not
    why = check_claim(sp.cosh(x), Relation.LE, sp.exp(x**2 / 3), (), COSH)
    assert why is not None and "does not show" in why
    # a strict claim: the value at the least point is 0, not > 0
    assert "does not show" in check_claim(sp.cosh(x), Relation.LT, sp.exp(x**2 / 2), (), COSH)
    bad = copy.deepcopy(COSH)
    bad["children"][2]["children"].pop()  # one side missing
    assert "needs 3 steps" in check_claim(sp.cosh(x), Relation.LE, sp.exp(x**2 / 2), (), bad)
    bad = copy.deepcopy(COSH)
    bad["children"][2]["at"] = "Integer(1)"  # not where it is least
    assert check_claim(sp.cosh(x), Relation.LE, sp.exp(x**2 / 2), (), bad) is not None
    bad = copy.deepcopy(COSH)
    bad["children"][2]["var"] = "y"
    assert "no variable 'y'" in check_claim(sp.cosh(x), Relation.LE, sp.exp(x**2 / 2), (), bad)


def test_a_false_claim_has_no_admitted_tree():
    """x² ≥ 1 everywhere: 'least at 0' fails at the value, 'least at 1' at the left side."""
    g = Goal(x**2 - 1, ())
    assert "does not show -1" in check(g, ext("x", "Integer(0)", leaf("arb"), leaf("nlsat"),
                                              leaf("nlsat")))
    assert check(g, ext("x", "Integer(1)", leaf("zero"), leaf("nlsat"), leaf("nlsat"))) \
        is not None


def test_the_point_must_lie_in_the_interval_and_name_known_symbols():
    g = Goal(x, (Prop(x, ">", 0), Prop(x, "<", 1)))
    try:
        children_of(g, {"rule": "extremum", "var": "x", "at": "Integer(2)"})
        raise AssertionError("a point outside (0, 1) was admitted")
    except Refused as exc:
        assert "not shown inside" in str(exc)
    try:
        children_of(g, {"rule": "extremum", "var": "x", "at": "oo"})
        raise AssertionError("+oo is not an end of (0, 1)")
    except Refused as exc:
        assert "not an end" in str(exc)
    try:
        children_of(g, {"rule": "extremum", "var": "x", "at": "Symbol('z', real=True)"})
        raise AssertionError("a foreign symbol was admitted")
    except Refused as exc:
        assert "names a symbol" in str(exc)
    # at its open lower end: the limit 0, and x' = 1 ≥ 0 on (0, 1)
    kids = children_of(g, {"rule": "extremum", "var": "x", "at": "Integer(0)"})
    assert [k.expr for k in kids] == [0, 1]


def test_functions_with_kinks_and_undefined_points_are_refused():
    for e, conds, why in (
            (sp.Abs(x) - x, (), "smooth"),  # |x| has a kink at 0
            (sp.log(x), (Prop(x, ">", -1),), "not shown defined"),  # log of a non-positive
            (x * sp.log(x), (Prop(x, ">=", 0),), "not shown defined")):  # log 0
        try:
            children_of(Goal(e, conds), {"rule": "extremum", "var": "x", "at": "Integer(1)"})
            raise AssertionError(f"{e} admitted")
        except Refused as exc:
            assert why in str(exc), (e, str(exc))


def test_sqrt_at_zero_is_a_limit_of_a_defined_derivative():
    """√x ≥ 0 on [0, 1]: its derivative 1/(2√x) is defined on (0, 1) only, which is all the
    rule needs; at x = 0 the value is used (x = 0 is in the interval)."""
    g = Goal(sp.sqrt(x), (Prop(x, ">=", 0), Prop(x, "<=", 1)))
    assert check(g, ext("x", "Integer(0)", leaf("zero"), leaf("assumptions"))) is None


def test_factors_need_signs_whose_product_is_one():
    g = Goal((x - 1) * (x - 2), (Prop(x, ">=", 2),))
    ok = {"rule": "factors", "signs": [1, 1], "children": [leaf("nlsat"), leaf("nlsat")]}
    assert check(g, ok) is None
    bad = {"rule": "factors", "signs": [1, -1], "children": [leaf("nlsat"), leaf("nlsat")]}
    assert "do not fit" in check(g, bad)
    g2 = Goal((x - 1) * (x - 2), (Prop(x, ">=", 0),))  # negative on (1, 2)
    assert check(g2, ok) is not None


def test_a_positive_symbol_keeps_its_sign_as_a_condition():
    """R positive: the proof is over R > 0, not over every real R (a step over R must see
    the interval (0, ∞)); with R ≥ 4 as well, the tighter bound is kept."""
    from numeric.kernel.calculus import claim_sides

    R = scalar("R", positive=True)
    lhs, _, _, hyps = claim_sides(Claim("t:extra-3", sp.log(R), "<=", R, (Prop(R, ">=", 4),)))
    (r,) = lhs.free_symbols
    assert r.is_positive is None and [str(h) for h in hyps] == ["R >= 4", "R > 0"]
    iv = interval(hyps, r)
    assert (iv.lo, iv.lo_closed) == (4, True)


def test_a_float_is_its_exact_binary_value():
    """exp(x) ≤ 1.3956… (the double below e^{1/3}) for x ≤ 1/3 is false at 1/3: the log of
    both sides must not round log(1.3956…) up to 1/3 (it did, and was proved)."""
    from numeric.kernel.calculus import Goal, claim_sides, leaf

    c = Claim("t:extra-4", sp.exp(x), "<=", sp.Float(1.39561242508609),
              (Prop(x, "<=", sp.Rational(1, 3)),))
    _, _, rhs, _ = claim_sides(c)
    assert not rhs.has(sp.Float) and rhs == sp.Rational(1.39561242508609)
    assert not leaf(Goal(sp.Float(0.5) - x, (Prop(x, "<=", 0),)), "nlsat")


def test_a_limit_at_infinity():
    m = scalar("m")
    c = Claim("t:extra-1", (1 - 1 / m) ** m, "<=", sp.exp(-1), (Prop(m, ">=", 1),))
    from numeric.kernel.calculus import check_proof

    tree = ext("m", "oo", leaf("zero"), {"rule": "factors", "signs": [1, 1], "children": [
        leaf("nlsat"), ext("m", "oo", leaf("zero"), leaf("nlsat"))]})
    assert check_proof(c, tree) is None
    # the same steps for a bound below the limit: the value at infinity is negative
    c2 = Claim("t:extra-2", (1 - 1 / m) ** m, "<=", sp.exp(-1) * (1 - 1 / (2 * m)),
               (Prop(m, ">=", 1),))
    assert check_proof(c2, tree) is not None


def test_concave_rule_needs_both_ends():
    """Jordan: sin x − 2x/π ≥ 0 on [0, π/2] is concave, 0 at both ends; on [0, π] the end
    value −2 is negative."""
    tree = {"rule": "concave", "var": "x", "children": [leaf("zero"), leaf("zero"),
                                                       leaf("interval")]}
    from numeric.stages.calculus import PROVERS

    g = Goal(sp.sin(x) - 2 * x / sp.pi, (Prop(x, ">=", 0), Prop(x, "<=", sp.pi / 2)))
    assert check(g, tree, provers=PROVERS) is None
    assert "does not show" in check(g, tree)  # no interval prover given: the leaf is not shown
    g2 = Goal(sp.sin(x) - 2 * x / sp.pi, (Prop(x, ">=", 0), Prop(x, "<=", sp.pi)))
    assert check(g2, tree, provers=PROVERS) is not None


def test_interval_and_definedness_helpers():
    iv = interval((Prop(x, ">", p), Prop(p, ">", 0)), x)
    assert (iv.lo, iv.lo_closed, iv.hi) == (p, False, sp.oo) and len(iv.rest) == 1
    assert interval((Prop(x**2, "<", 1),), x) is None  # not a bound on x
    iv2 = interval((Prop(x, ">", 0), Prop(x, ">=", 1)), x)  # two lower bounds: the tighter
    assert (iv2.lo, iv2.lo_closed) == (1, True)
    assert interval((Prop(x, ">", p), Prop(x, ">", 1)), x) is None  # not comparable
    assert defined_on(sp.log(1 - 1 / x), (Prop(x, ">", 1),)) is None
    assert defined_on(sp.log(1 - 1 / x), (Prop(x, ">", 0),)) is not None
