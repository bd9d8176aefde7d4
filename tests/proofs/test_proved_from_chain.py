"""A statement no stage proves is proved from its proof chain: every step proved, nothing
assumed beyond the listed hypotheses, and the chain concludes it."""

from __future__ import annotations

from proofs.model import Chain, Lemma, Link
from proofs.runner import _from_chain, run_entries
from symbolic import Prop, n, norm2, norminf, scalar, vector
from symbolic.verdict import Status, Verdict

x, t = vector("x", n), scalar("t")


def _entry(extra: tuple = ()) -> Lemma:
    return Lemma("toy:lemma-1", "L1", Prop(norminf(x), "<=", norm2(x) + 1),
                 proof=Chain(norminf(x), [Link("<=", norm2(x)),
                                          Link("<=", norm2(x) + 1, extra_hypotheses=extra)]))


def _supported(entry: Lemma) -> list:
    rs = run_entries([entry], "quick", 0, jobs=1)
    rs[0].verdict = Verdict(Status.SUPPORTED, "sampling", False, "no violation")
    return rs


def test_statement_proved_from_its_chain():
    e = _entry()
    rs = _supported(e)
    _from_chain(e, rs)
    v = rs[0].verdict
    assert v.status is Status.PROVED and v.rigorous and v.method == "proved from its chain"
    assert v.details["relies_on"] == ["toy:lemma-1:step-1", "toy:lemma-1:step-2"]


def test_a_step_assuming_more_than_the_hypotheses_proves_nothing():
    e = _entry(extra=(Prop(t, ">=", 0),))
    rs = _supported(e)
    _from_chain(e, rs)
    assert rs[0].status is Status.SUPPORTED


def test_a_refutation_is_never_overridden():
    e = _entry()
    rs = run_entries([e], "quick", 0, jobs=1)
    rs[0].verdict = Verdict(Status.REFUTED, "sampling", True, "witness")
    _from_chain(e, rs)
    assert rs[0].status is Status.REFUTED
