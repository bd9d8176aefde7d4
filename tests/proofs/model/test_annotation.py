"""A claim holds mathematics only; the bookkeeping lives on entries (proofs.model.Annotation)."""

import dataclasses

import pytest

from proofs.model import Annotation, Chain, Lemma, Link
from proofs.model.conclusion import conclusion_annotation, conclusion_claim
from proofs.model.results import Result
from proofs.runner import run_entries
from proofs.store.results_json import ResultsFileError, results_from_json
from symbolic import Claim, Prop, Status, Verdict, scalar

x = scalar("x")


def test_claim_fields_are_mathematics_only():
    names = [f.name for f in dataclasses.fields(Claim)]
    assert names == ["id", "lhs", "rel", "rhs", "hypotheses", "source", "dims", "ranges",
                     "defined_if", "classes"]


@pytest.mark.parametrize("field", ["expect", "finding", "corrected", "note", "justification",
                                   "cites", "description", "kind_override"])
def test_claim_refuses_bookkeeping_with_a_pointer(field):
    with pytest.raises(TypeError, match=rf"holds mathematics only: {field}= belongs to an "
                                        r"entry, e\.g\. Lemma\.of"):
        Claim("mine:a", x, "<=", 1, **{field: None})


def test_annotation_checks_the_pinned_verdict():
    assert Annotation(cites=["a:fact-1"]).cites == ("a:fact-1",)
    with pytest.raises(ValueError, match="expect='refutted'"):
        Annotation(expect="refutted")


def test_entries_pair_claims_with_their_bookkeeping():
    e = Lemma("t:lemma-1", "Lemma 1", Prop(x**2, "<=", 1), hypotheses=(Prop(x, "<=", 1),),
              description="a square", expect="refuted", finding="missing-hypothesis",
              proof=Chain(x**2, [Link("<=", x, "since x <= 1", cites=("t:fact-2",),
                                      expect="refuted", corrected="x**2 <= |x|"),
                                 Link("<=", 1, "hypothesis")]))
    (st, a), (s1, a1), (s2, a2) = e.annotated()
    assert (st.id, a.expect, a.finding, a.description) == (
        "t:lemma-1", "refuted", "missing-hypothesis", "a square")
    assert (s1.id, a1.justification, a1.cites, a1.expect, a1.corrected) == (
        "t:lemma-1:step-1", "since x <= 1", ("t:fact-2",), "refuted", "x**2 <= |x|")
    assert (a2.expect, a2.description) == (None, "step 2 of lemma-1")
    assert e.claims() == [st, s1, s2]


def test_lemma_of_pins_a_users_claim_and_the_run_honours_it():
    wrong = Claim("mine:wrong", x**2, "<=", x, hypotheses=[Prop(x, ">=", 0)])
    plain, pinned = run_entries([wrong, Lemma.of(wrong.with_(id="mine:pinned"),
                                                 expect="refuted")], "quick")
    assert plain.status is pinned.status is Status.REFUTED
    assert (plain.expect, plain.unexpected) == (None, True)
    assert (pinned.expect, pinned.unexpected, pinned.kind) == ("refuted", False, "claim")
    assert pinned.annotation.expect == "refuted"


def test_the_owed_conclusion_reports_kind_implication():
    e = Lemma("t:lemma-1", "toy", Prop(x**2, "<=", 1), hypotheses=(Prop(x**2, "<=", 1),),
              proof=Chain(x**2, [Link("<=", 1 + x**2)]))
    cc = conclusion_claim(e)
    r = Result.of(cc, Verdict(Status.REFUTED), conclusion_annotation(cc))
    assert (r.id, r.kind) == ("t:lemma-1", "implication")
    assert r.description == "end of the proof chain of t:lemma-1 <= the stated bound"


def test_results_from_json_joins_the_encodings_annotation():
    rec = {"id": "closeness:fact-3.2:item-5", "kind": "fact", "status": "refuted",
           "method": "sampling", "rigorous": True, "witness": {"x": [[1.0]]}}
    (r,) = results_from_json({"results": [rec]}, "closeness")
    assert (r.expect, r.annotation.finding) == ("refuted", "missing-hypothesis")


def test_results_from_json_rejects_a_bad_expected_verdict():
    # a combined result (an entry made of parts) keeps the expectation the file records
    rec = {"id": "closeness:lemma-5.5", "kind": "lemma", "status": "refuted",
           "expected": "maybe"}
    with pytest.raises(ResultsFileError, match="bad expected verdict 'maybe'"):
        results_from_json({"results": [rec]}, "closeness")
