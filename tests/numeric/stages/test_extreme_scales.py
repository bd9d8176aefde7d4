"""Planted claims whose only violations need magnitudes at least 1e30 apart, or lie on a
measure-zero set (issue 15, item 3). Before the search over orders of magnitude and the
equality-set candidates, the first four came back ``supported`` at ``--budget quick``; every
one must now be ``refuted`` with an arb-certified witness that re-confirms from its JSON form.
"""

from __future__ import annotations

import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.search.confirm import confirm_json
from numeric.stages.cascade import decide
from numeric.stages.sampling import check_numeric
from symbolic import Claim, Prop, inner, matrix, n, norm2, opnorm, scalar, vector
from symbolic.objects import d
from symbolic.verdict import Status

t, x, y = scalar("t"), scalar("x"), scalar("y")
A, v, u, w = matrix("A", n, d), vector("v", d), vector("u", n), vector("w", n)
DIMS = {"n": (1, 3), "d": (1, 3)}
AV = norm2(A * v)
TU = t * norm2(u)
THIRD = sp.Rational(1, 3)  # p exp(-p) <= 1/3 fails only for p in (0.62, 1.51): a moderate product


def planted(cid: str, lhs, rel, rhs, hyp=(), dims=DIMS) -> Claim:
    return Claim(f"scale:extra-{cid}", lhs, rel, rhs, hypotheses=hyp, dims=dims,
                 source="planted")


PLANTED = [
    # ||A|| <= 1e-75 and ||Av|| ~ 1: ||v|| >= 1e75
    planted("tiny-matrix-band", AV * sp.exp(-AV), "<=", THIRD,
            (Prop(opnorm(A), "<=", sp.Rational(1, 10**75)),)),
    # ||v|| >= 1e40 and ||Av|| ~ 1: ||A|| <= 1e-40
    planted("huge-vector-band", AV * sp.exp(-AV), "<=", THIRD, (Prop(norm2(v), ">=", 10**40),)),
    # 0 < t <= 1e-60 and t ||u|| ~ 1: ||u|| >= 1e60
    planted("tiny-scalar-band", TU * sp.exp(-TU), "<=", THIRD,
            (Prop(t, ">", 0), Prop(t, "<=", sp.Rational(1, 10**60)))),
    # strict, fails only on the equality set u = w of <u, u> <= <w, w> (u = 0 excluded).
    # (Written with inner products: at u = w, arb evaluates them exactly, while it cannot
    # certify ||u|| <= ||w|| there, since sqrt of a ball minus itself is not exactly 0.)
    planted("vectors-equal", norm2(u - w) * sp.exp(inner(u, u)), ">", 0,
            (Prop(inner(u, u), ">=", 1), Prop(inner(u, u), "<=", inner(w, w))),
            dims={"n": (2, 4)}),
    # strict, fails only at x = y under x <= y
    planted("scalars-equal", sp.exp(x - y), "<", 1, (Prop(x, "<=", y),)),
    # fails only for x below about -1000 (issue 15's example)
    planted("exp-shift", sp.exp(x), ">=", -x - 1000),
]


def ids(claims):
    return [c.id.split("extra-")[1] for c in claims]


@pytest.mark.parametrize("claim", PLANTED, ids=ids(PLANTED))
def test_planted_claims_are_refuted_at_quick(claim):
    v = decide(claim, Budget.get("quick"), seed=0)
    assert v.status is Status.REFUTED and v.rigorous, (v.status, v.message)
    conf = confirm_json(claim, v.witness)
    assert conf.violated and conf.rigorous, (v.witness, conf.notes)


@pytest.mark.parametrize("claim", PLANTED, ids=ids(PLANTED))
def test_sampling_stage_alone_reaches_them(claim):
    v = check_numeric(claim, Budget.get("quick"), seed=3)
    assert v.status is Status.REFUTED and v.rigorous, (v.status, v.message)
    w_ = v.details.get("original_witness", v.witness)
    conf = confirm_json(claim, w_)
    assert conf.violated and conf.rigorous


def test_band_witness_spans_many_orders_of_magnitude():
    """The violation of the tiny-matrix band needs ||A|| <= 1e-75 and ||v|| >= 1e75."""
    v = check_numeric(PLANTED[0], Budget.get("quick"), seed=0)
    wit = v.details.get("original_witness", v.witness)
    big_a = max(abs(float(e)) for row in wit["A"] for e in row)
    big_v = max(abs(float(e)) for row in wit["v"] for e in row)
    assert big_a <= 1e-75 and big_v >= 1e74


def test_equality_cases_hit_the_measure_zero_set():
    import numpy as np

    from numeric.layout import Layout
    from numeric.search.sampler import equality_cases, sample

    c = PLANTED[3]
    lay = Layout.of(c, {"n": 3})
    cases = equality_cases(c, sample(c, lay, 16, np.random.default_rng(0)))
    same = np.all(cases.values[u] == cases.values[w], axis=(1, 2)) & cases.feasible
    assert same.any()
    assert np.all(np.sum(cases.values[u][same] ** 2, axis=(1, 2)) >= 1)


def test_overflowed_margins_from_arb_are_mpmath_s(monkeypatch) -> None:
    """The sampling pass's margins of rows that overflow float64 come from arb where it pins
    them (inequalities between scalars), else from mpmath: the same floats either way."""
    import numpy as np
    import sympy as sp

    import numeric.stages.sampling.core as core
    from numeric.layout import Layout
    from numeric.stages.sampling.slack import Instance
    from symbolic import Claim, n, norm2, scalar, vector

    R, v = scalar("R"), vector("v", n)
    claims = [Claim("t:extra-1", sp.exp(R**2) * norm2(v), "<=", sp.exp(R**2 + 1)),
              Claim("t:extra-2", sp.exp(10 * R**2), ">=", 3 * sp.exp(R) * norm2(v))]
    rng = np.random.default_rng(3)
    fast = 0
    for c in claims:
        lay = Layout.of(c, {"n": 50})
        for r in (30.0, 45.5, 300.0):
            inst = Instance(lay, {R: np.array(r), v: rng.standard_normal((50, 1))}, {})
            got = core.precise_margin_of(c, inst)
            fast += core._arb_margin_of(c, inst) is not None
            with monkeypatch.context() as m:
                m.setattr(core, "_arb_margin_of", lambda *_: None)
                assert core.precise_margin_of(c, inst) == got
    assert fast == 6
