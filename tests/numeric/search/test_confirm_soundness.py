"""Issue 14.1: a margin of exactly 0 at 50 and 100 digits is not a violation, and arb's certainty
that a point does not violate (or that a hypothesis fails there) always beats mpmath."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.layout import Layout
from numeric.search.confirm import confirm
from numeric.stages.cascade import decide
from numeric.stages.sampling import SamplingStage
from symbolic import Claim, Prop, scalar
from symbolic.verdict import Status

x = scalar("x")
ONE_PLUS = Claim("t:fact-1", 1 + x, ">", 1, hypotheses=[Prop(x, ">", 0)])
EXP = Claim("t:fact-2", sp.exp(x), ">", 1, hypotheses=[Prop(x, ">", 0)])


def _confirm(claim: Claim, point: float):
    return confirm(claim, Layout.of(claim, {}), {x: np.array(point)}, {})


@pytest.mark.parametrize("claim", [ONE_PLUS, EXP], ids=["1+x>1", "exp(x)>1"])
@pytest.mark.parametrize("point", [5e-324, 1e-310, 1e-200, 1e300])
def test_true_strict_claims_have_no_witness_at_extreme_points(claim: Claim, point: float) -> None:
    r = _confirm(claim, point)
    assert not r.violated
    assert not r.rigorous
    if point < 1e-250:  # the sides agree beyond 100 digits: mpmath's margin is exactly 0
        assert r.margin in ("0.0", "0")
        assert any("arb at" in note and "certain the claim holds" in note for note in r.notes)


@pytest.mark.parametrize("claim", [ONE_PLUS, EXP], ids=["1+x>1", "exp(x)>1"])
def test_true_strict_claims_are_not_refuted(claim: Claim) -> None:
    # the sampling stage alone (it used to refute both at x = 5e-324) ...
    v = SamplingStage().run(claim, Budget.get("quick"), seed=0)
    assert v.status is Status.SUPPORTED, (v.status, v.witness, v.message)
    assert v.witness is None
    # ... and the whole cascade (where a rigorous stage may prove them)
    w = decide(claim, Budget.get("quick"), seed=0)
    assert w.status in (Status.SUPPORTED, Status.PROVED) and w.witness is None


def test_arb_certain_hypothesis_failure_is_not_a_witness() -> None:
    # x >= 0 under 1 + x >= 1 is true; at x = -5e-324 mpmath sees 1 + x = 1 (hypothesis holds)
    # and x < 0 (a violation that survives 100 digits); arb at 4096 bits sees 1 + x < 1
    claim = Claim("t:fact-3", x, ">=", 0, hypotheses=[Prop(1 + x, ">=", 1)])
    r = _confirm(claim, -5e-324)
    assert not r.violated and not r.hypotheses_hold
    assert any("hypothesis 1 + x ≥ 1 fails" in note for note in r.notes)
    assert _confirm(claim, -0.5).violated is False  # mpmath already rejects this one


@pytest.mark.parametrize("claim", [
    Claim("t:fact-4", x * x, ">", 0),
    Claim("t:fact-5", x, ">", 0, hypotheses=[Prop(x, ">=", 0)]),
], ids=["x*x>0", "x>=0=>x>0"])
def test_false_strict_claim_at_a_tie_is_refuted_rigorously(claim: Claim) -> None:
    r = _confirm(claim, 0.0)
    assert r.violated and r.rigorous and r.hypotheses_hold
    for point in (5e-324, 1e-310, 1e300):  # not ties: no witness there
        assert not _confirm(claim, point).violated


def test_false_strict_claim_at_a_tie_is_refuted_end_to_end() -> None:
    # (the sampler does not try x = 0 for an unconstrained x * x > 0; on the hypothesis's
    # boundary it does)
    claim = Claim("t:fact-5", x, ">", 0, hypotheses=[Prop(x, ">=", 0)])
    v = SamplingStage().run(claim, Budget.get("quick"), seed=0)
    assert v.status is Status.REFUTED and v.rigorous
    assert v.witness == {"x": 0.0}
    assert decide(claim, Budget.get("quick"), seed=0).status is Status.REFUTED


def test_genuine_violation_still_certified() -> None:
    r = _confirm(Claim("t:fact-6", 1 + x, ">", 1, hypotheses=[Prop(x, ">", -1)]), -1e-300)
    assert r.violated and r.rigorous


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per margin that confirmation computes: 1 for mpmath, 0 for arb."""
    import numeric.search.confirm as cf

    seen: list[int] = []
    real = cf.precise_margin

    def counting(prop, ev):
        seen.append(int(type(ev.ops).__name__ == "MpmathOps"))
        return real(prop, ev)

    monkeypatch.setattr(cf, "precise_margin", counting)
    return seen


def test_arb_rejects_before_mpmath_runs(calls: list[int]) -> None:
    """An inequality that arb is certain holds at the point, or whose hypothesis arb is certain
    fails there, is rejected without mpmath; a real violation still goes on and is certified."""
    holds = _confirm(ONE_PLUS, 0.25)
    assert not holds.violated and sum(calls) == 0
    assert holds.notes == ["arb at 256 bits is certain the claim holds here: not a violation"]
    hyp = _confirm(ONE_PLUS, -0.5)
    assert not hyp.violated and not hyp.hypotheses_hold and sum(calls) == 0
    assert "certain the hypothesis" in hyp.notes[0]
    wrong = Claim("t:fact-3", 1 + x, "<", 1, hypotheses=[Prop(x, ">", 0)])
    calls.clear()
    bad = _confirm(wrong, 0.25)
    assert bad.violated and bad.rigorous and sum(calls) > 0  # mpmath ran, arb certified
    # arb's first look (hypothesis and claim) is its certificate: arb ran once, not twice
    assert calls.count(0) == 2


def test_ties_up_to_rounding_are_rejected_by_arb_alone(calls: list[int]) -> None:
    """A non-strict inequality whose sides agree to far beyond 50 digits (a float64 'violation'
    that is rounding: ``||x|| <= sqrt(<x, x>)`` at n = 1000) is rejected by arb's first look,
    without mpmath, as mpmath would reject it; a violation above the 50-digit noise (relative
    1e-30) is still certified, and one below it (1e-45) still rejected."""
    from symbolic import inner, n, norm2, vector

    v = vector("v", n)
    lay = Layout.of(Claim("t:extra-1", norm2(v), "<=", 1), {"n": 1000})
    point = {v: np.random.default_rng(0).standard_normal((1000, 1)) * 1e3}

    tie = confirm(Claim("t:extra-1", norm2(v), "<=", sp.sqrt(inner(v, v))), lay, point, {})
    assert not tie.violated and sum(calls) == 0
    assert tie.notes and "within the rounding noise of 50 digits" in tie.notes[0]
    above = Claim("t:extra-2", norm2(v), "<=", (1 - sp.Rational(1, 10**30)) * norm2(v))
    r = confirm(above, lay, point, {})
    assert r.violated and r.rigorous
    below = Claim("t:extra-3", norm2(v), "<=", (1 - sp.Rational(1, 10**45)) * norm2(v))
    assert not confirm(below, lay, point, {}).violated
    strict = Claim("t:extra-4", norm2(v), "<", sp.sqrt(inner(v, v)))  # a tie violates "<"
    assert "within the rounding noise" not in " ".join(confirm(strict, lay, point, {}).notes)
