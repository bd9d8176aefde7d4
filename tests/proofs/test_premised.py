"""Proof steps proved from the statements they cite, kept only once those are proved in the
same run (a cycle of citations proves nothing; a cited statement whose hypotheses the step
does not have is no premise)."""

from __future__ import annotations

import sympy as sp

from proofs.model import Chain, Lemma, Link
from proofs.model.citing import premises
from proofs.model.results import Result
from proofs.premised import METHOD, upgrade
from proofs.runner import run_entries
from symbolic import Claim, Prop, n, norm2, scalar, vector
from symbolic.verdict import Status, Verdict

x, t = scalar("x"), scalar("t")
#: Hoeffding's cosh bound: the calculus stage proves it
HOEFFDING = Lemma("toy:lemma-1", "Lemma 1", Prop(sp.cosh(x), "<=", sp.exp(x**2 / 2)))
u, v = vector("u", n), vector("v", n)
LEFT = sp.cosh(norm2(u)) * sp.exp(norm2(v))
#: a step no stage proves alone (the blackboard does not know cosh, the calculus stage takes
#: no vectors), but the blackboard does from Lemma 1 at x = ‖u‖₂
USER = Lemma("toy:lemma-2", "Lemma 2", Prop(LEFT, "<=", sp.exp(norm2(u)**2 / 2 + norm2(v))),
             proof=Chain(LEFT, [
                 Link("<=", sp.exp(norm2(u)**2 / 2) * sp.exp(norm2(v)), "Lemma 1",
                      ("toy:lemma-1",), bind={"toy:lemma-1": {"x": norm2(u)}}),
                 Link("=", sp.exp(norm2(u)**2 / 2 + norm2(v)), "exp of a sum")]))


def test_a_step_is_proved_from_the_lemma_it_cites_and_its_lemma_from_its_chain():
    out = {r.id: r for r in run_entries([HOEFFDING, USER], "quick")}
    step = out["toy:lemma-2:step-1"]
    assert out["toy:lemma-1"].status is Status.PROVED
    assert step.status is Status.PROVED and step.verdict.method == METHOD
    assert step.verdict.details["premises"] == ["toy:lemma-1"]
    assert out["toy:lemma-2"].status is Status.PROVED


def test_without_the_cited_lemma_in_the_run_the_step_stays_open():
    out = {r.id: r for r in run_entries([USER], "quick")}
    step = out["toy:lemma-2:step-1"]
    assert step.status is not Status.PROVED  # its premise is a statement of the run's only
    assert "conditional" not in step.verdict.details


def test_a_premise_needs_the_cited_hypotheses_among_the_steps():
    guarded = Lemma("toy:lemma-3", "Lemma 3", Prop(t, "<=", 1), hypotheses=(Prop(t, "<=", 0),))
    bare = Lemma("toy:lemma-4", "Lemma 4", Prop(2 * t, "<=", 2),
                 proof=Chain(2 * t, [Link("<=", 2, "Lemma 3", ("toy:lemma-3",))]))
    held = Lemma("toy:lemma-5", "Lemma 5", Prop(2 * t, "<=", 2), hypotheses=(Prop(t, "<=", 0),),
                 proof=Chain(2 * t, [Link("<=", 2, "Lemma 3", ("toy:lemma-3",))]))
    lookup = {guarded.id: guarded}
    assert premises(bare.link_claims()[0], bare.steps()[0][2], lookup) == []
    assert [cid for cid, _ in premises(held.link_claims()[0], held.steps()[0][2], lookup)] \
        == ["toy:lemma-3"]
    # a step never assumes its own lemma
    own = {held.id: held}
    assert premises(held.link_claims()[0], held.steps()[0][2], own) == []


def _result(cid: str, status: Status, cites: list[str] = ()) -> Result:
    claim = Claim(cid, sp.exp(x), ">", 0)
    details = {"conditional": {"premises": list(cites), "statements": [f"p{c}" for c in cites],
                               "relies_on": [], "route": "direct"}} if cites else {}
    return Result.of(claim, Verdict(status, "sampling", False, "evidence", details=details))


def test_a_cycle_of_citations_proves_nothing():
    a, b = _result("toy:a", Status.SUPPORTED, ["toy:b"]), _result("toy:b", Status.SUPPORTED,
                                                                  ["toy:a"])
    given = {"toy:a": [("toy:b", "ptoy:b")], "toy:b": [("toy:a", "ptoy:a")]}
    assert upgrade([a, b], given) == 0
    assert a.status is Status.SUPPORTED and b.status is Status.SUPPORTED


def test_proofs_from_premises_grow_from_a_proved_statement_only():
    base = Result.of(Claim("toy:c", sp.exp(x), ">", 0), Verdict(Status.PROVED, "z", True, ""))
    a = _result("toy:a", Status.SUPPORTED, ["toy:c"])
    b = _result("toy:b", Status.SUPPORTED, ["toy:a"])
    given = {"toy:a": [("toy:c", "ptoy:c")], "toy:b": [("toy:a", "ptoy:a")]}
    assert upgrade([b, a, base], given) == 2
    assert a.status is Status.PROVED and b.status is Status.PROVED
    # a proof recorded from other statements (an older encoding's) is not kept
    stale = _result("toy:d", Status.SUPPORTED, ["toy:c"])
    assert upgrade([stale, base], {"toy:d": [("toy:c", "something else")]}) == 0
