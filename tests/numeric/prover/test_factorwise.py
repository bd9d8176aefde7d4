"""The factorwise route: a product bounded by a product, one factor at a time, and its
certificates (a grouping that does not multiply back to the claim, or a part that does not
replay, proves nothing)."""

from __future__ import annotations

import dataclasses

import sympy as sp

from numeric.budget import Budget
from numeric.prover.certificate import Certificate, replay
from numeric.prover.engine import prove
from numeric.prover.factorwise import (
    candidates,
    grouping,
    part_claims,
    powers,
    prove_factorwise,
    relevant,
)
from numeric.prover.focus import prove_or_focus
from symbolic import Claim, Prop, n, norm2, scalar, vector
from symbolic.relation import Relation

QUICK = Budget.get("quick")
a, b, R, t = scalar("a"), scalar("b"), scalar("R"), scalar("t")
LOW = (Prop(a, ">=", sp.exp(-R**2)), Prop(b, ">=", sp.exp(-R**2)))
#: 1/(ab) ≤ e^{2R²} from a, b ≥ e^{−R²}: z3 alone multiplies two bounds (nonlinear)
PRODUCT = Claim("t:extra-1", 1 / (a * b), "<=", sp.exp(2 * R**2), LOW)
#: one e^{R²} too few: false at a = b = e^{−R²}
FALSE = Claim("t:extra-2", 1 / (a * b), "<=", sp.exp(R**2), LOW)


def test_powers_split_exp_and_keep_rational_exponents():
    c, items = powers(6 * n**sp.Rational(3, 2) * sp.exp(3 * R**2) / t)
    assert c == 6
    assert dict(items) == {n: sp.Rational(3, 2), sp.exp(R**2): 3, t: -1}


def test_a_grouping_must_share_out_the_right_side_exactly():
    assert grouping(PRODUCT, [[(0, 1)], [(0, 1)]]) is not None
    assert grouping(PRODUCT, [[(0, 1)], [(0, 2)]]) is None  # e^{3R²} is not the right side
    assert grouping(PRODUCT, [[(0, 2)]]) is None  # a factor without a group
    assert grouping(PRODUCT, [[(5, 1)], [(0, 1)]]) is None  # no such base


def test_a_premise_gives_its_factor_its_own_group_with_its_number():
    u, v = vector("u", n), vector("v", n)
    d = norm2(u - v)
    claim = Claim("t:extra-3", sp.Abs(t) * norm2(u), "<=", 6 * R * n**sp.Rational(3, 2) * d)
    premise = Prop(sp.Abs(t), "<=", 2 * n * d)
    first = candidates(claim, [premise])[0]
    g = grouping(claim, first)
    assert [(str(f), str(bound)) for f, bound in g.parts] == [
        ("Abs(t)", "2*n*Norm2(u - v)"), ("Norm2(u)", "3*R*sqrt(n)")]
    assert relevant(claim.with_(lhs=sp.Abs(t), rhs=2), [premise]) == (premise,)
    assert relevant(claim.with_(lhs=norm2(u), rhs=2), [premise]) == ()


def test_a_reciprocal_is_bounded_through_its_base():
    subs = part_claims(PRODUCT, 1 / a, sp.exp(R**2))
    assert [(str(c.lhs), c.rel, str(c.rhs)) for c in subs] == [
        ("a", Relation.GT, "0"), ("exp(R**2)", Relation.GT, "0"),
        ("a", Relation.GE, "exp(-R**2)")]


def part(claim: Claim, given=()):
    return prove(claim, QUICK, given)


def test_the_product_is_proved_and_its_false_variant_is_not():
    out = prove_factorwise(PRODUCT, part, part)
    assert out.proved and out.route == "factorwise", out.reason
    assert out.groups == (((0, 1),), ((0, 1),))
    assert [(i, k) for i, k, _ in out.parts] == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    assert not prove_factorwise(FALSE, part, part).proved
    assert not prove_or_focus(FALSE, QUICK).proved


def test_the_certificate_replays_and_refuses_a_forged_grouping():
    cert = Certificate.of(prove_factorwise(PRODUCT, part, part))
    doc = cert.to_json()
    assert doc["route"] == "factorwise" and doc["groups"] == [[[0, "1"]], [[0, "1"]]]
    assert Certificate.from_json(doc) == cert
    assert replay(PRODUCT, QUICK, cert).proved
    forged = dataclasses.replace(cert, groups=(((0, 2),), ()))
    assert not replay(PRODUCT, QUICK, forged).proved
    assert not replay(FALSE, QUICK, cert).proved  # the grouping does not multiply back
