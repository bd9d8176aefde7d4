"""Claims written only with plain SymPy relationals (and the toolkit's norms), checked end to
end by the runner: the true ones are never refuted, the false ones are refuted with a witness
that satisfies the hypotheses."""

from __future__ import annotations

import pytest
import sympy as sp

from proofs.runner import check_claim
from symbolic import Claim, norm1, norm2, vector

x = sp.Symbol("x", real=True)
b = sp.Symbol("b", real=True)
t = sp.Symbol("t", positive=True)
y = vector("y", 3)

TRUE = [
    Claim("mine:exp-tangent", sp.exp(x) >= 1 + x),
    Claim("mine:log-below-tangent", sp.log(t) <= t - 1),  # t > 0 from the assumption
    Claim("mine:square-positive", b**2 > 0, hypotheses=[sp.Ne(b, 0)]),
    Claim("mine:outside-unit", x**2 >= 1, hypotheses=[sp.Or(x <= -1, x >= 1)]),
    Claim("mine:l2-below-l1", norm2(y) <= norm1(y)),
    Claim("mine:atan-below", sp.atan(x) <= x, hypotheses=[sp.And(x >= 0, x <= 10)]),
]
FALSE = [
    Claim("mine:exp-quadratic", sp.exp(x) <= 1 + x + x**2, hypotheses=[x > 0, x < 5]),
    Claim("mine:outside-two", x**2 >= 4, hypotheses=[sp.Or(x < -1, x > 1)]),
]


@pytest.mark.parametrize("claim", TRUE, ids=[c.id for c in TRUE])
def test_true_plain_sympy_claims_are_not_refuted(claim):
    v = check_claim(claim, "quick", seed=3)
    assert v.status.value in ("proved", "supported"), (v.status, v.message)


@pytest.mark.parametrize("claim", FALSE, ids=[c.id for c in FALSE])
def test_false_plain_sympy_claims_are_refuted_with_a_witness(claim):
    v = check_claim(claim, "quick", seed=3)
    assert v.status.value == "refuted", (v.status, v.message)
    w = v.witness
    assert w is not None
    value = float(w["x"] if isinstance(w["x"], (int, float, str)) else w["x"][0])
    subs = {x: sp.Float(value, 30)}
    assert all(bool(h.rel is not None) and _holds(h, subs) for h in claim.hypotheses)
    assert not _holds(claim.prop, subs)


def _holds(p, subs) -> bool:
    lhs, rhs = (sp.N(s.subs(subs), 30) for s in (p.lhs, p.rhs))
    return {"<=": lhs <= rhs, "<": lhs < rhs, ">=": lhs >= rhs, ">": lhs > rhs,
            "=": lhs == rhs}[p.rel.value]
