"""The review's types read and write the errata's JSON records, key for key and in order, for
every kind of finding (the pinned closeness errata holds each kind)."""

from __future__ import annotations

import json
import pathlib

from proofs.review.model import (
    KINDS,
    SEVERITY,
    Cause,
    CitationCheck,
    Correction,
    Finding,
    Review,
    ShownDerivation,
    ShownStep,
)

PINNED = pathlib.Path(__file__).parents[1] / "closeness_s1578_errata.json"


def test_findings_and_causes_round_trip_in_key_order():
    doc = json.loads(PINNED.read_text())
    assert {f["kind"] for f in doc["findings"]} >= {
        "false-statement", "missing-hypothesis", "inconsistent-use", "typo", "wording",
        "vacuous", "statement-stronger-than-proof", "invalid-step"}
    for rec in doc["findings"]:
        assert json.dumps(Finding.from_json(rec).to_json()) == json.dumps(rec), rec["id"]
    for rec in doc["causes"]:
        assert json.dumps(Cause.from_json(rec).to_json()) == json.dumps(rec)


def test_a_finding_leaves_out_what_its_kind_does_not_have():
    f = Finding("t:lemma-1", "false-statement", "Lemma 1", "x ≤ 0", "sampling: 1 > 0")
    assert list(f.to_json()) == ["id", "kind", "source", "printed", "printed_latex", "corrected",
                                 "corrected_latex", "witness", "evidence", "rigorous", "note"]
    use = Finding("t:lemma-2:step-1", "inconsistent-use", "", "", "", stated="2", reached=None,
                  used="3", check={"type": "use", "claim": "t:lemma-2:step-1", "cited": "t:x"})
    assert list(use.to_json())[-4:] == ["stated", "reached", "used", "check"]
    assert use.claim_id == "t:lemma-2:step-1" and use.severity == SEVERITY.index(use.kind)
    assert set(SEVERITY) == set(KINDS)


def test_a_correction_keeps_what_its_outcome_has():
    proved = Correction("t:lemma-1", True, "quick", ["a"], [], [], ["a"], ["triangle"], "",
                        proof_needs=["a"])
    open_ = Correction("t:lemma-1", False, "quick", ["a"], ["a"], ["a"], [], [], "no proof",
                       support="")
    assert "support" not in proved.to_json() and list(open_.to_json())[-1] == "support"
    f = Finding("t:lemma-1", "missing-hypothesis", "s", "p", "e", hypothesis="a",
                correction=proved)
    assert Finding.from_json(json.loads(json.dumps(f.to_json()))) == f


def test_citations_and_derivations_round_trip():
    c = CitationCheck("t:lemma-1:step-2", "Lemma 1, step 2", ["Fact 1"], "invalid", ["x"], "m")
    assert CitationCheck.from_json(c.to_json()) == c
    d = ShownDerivation("t:extra-1", "a", [ShownStep("b", True, "chain rule")])
    assert ShownDerivation.from_json(json.loads(json.dumps(d.to_json()))) == d
    assert ShownDerivation.from_json(ShownDerivation("t:x", error="no").to_json()).error == "no"


def test_a_review_is_ok_without_unexpected_results():
    assert Review(None, []).ok and Review(None, []).unexpected == []
