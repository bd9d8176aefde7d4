"""Citations checked: each citing step proved from what it cites; the claim graph; relies_on."""

from __future__ import annotations

import pytest

from proofs.model import Chain, Lemma, Link, Paper
from proofs.model.results import Result
from proofs.reports.graph import claim_graph, latex_graph
from proofs.review.findings import citation_findings
from proofs.review.model import CitationCheck
from proofs.runner import run_entries
from proofs.tools.citations import check
from symbolic import Prop, d, matrix, n, norm2, norminf, opnorm, scalar, vector
from symbolic.verdict import Status

A, x, R, t = matrix("A", n, d), vector("x", d), scalar("R"), scalar("t")
BOUNDS = (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R))


def toy() -> Paper:
    fact = Lemma("toy:fact-1", "Fact 1", Prop(norminf(A * x), "<=", norm2(A * x)))
    wrong = Lemma("toy:lemma-2", "Lemma 2", Prop(t, "<=", 0), hypotheses=(Prop(t, "<=", 1),))
    lem = Lemma("toy:lemma-3", "Lemma 3", Prop(norminf(A * x), "<=", R**2), hypotheses=BOUNDS,
                proof=Chain(norminf(A * x), [
                    Link("<=", norm2(A * x), "Fact 1", cites=("toy:fact-1",)),
                    Link("<=", opnorm(A) * norm2(x), "Fact 1", cites=("toy:fact-1",)),
                    Link("<=", R * norm2(x), "||A|| <= R", uses=BOUNDS[:1]),
                    Link("<=", R**2, "||A|| <= R", uses=BOUNDS[:1])]))
    rel = Lemma("toy:theorem-4", "Theorem 4", Prop(t, "<=", 2), hypotheses=(Prop(t, "<=", 1),),
                proof=Chain(t, [Link("<=", 2, "Lemma 2", cites=("toy:lemma-2",))]))
    return Paper("toy", "", "", [fact, wrong, lem, rel])


def test_each_citation_is_proved_from_what_it_cites():
    out = {c.step: c for c in check(toy(), statuses={})}
    assert out["toy:lemma-3:step-1"].outcome == "ok"
    assert out["toy:lemma-3:step-3"].outcome == "ok"
    # Fact 1 (sup <= 2-norm) does not give the operator-norm bound
    assert out["toy:lemma-3:step-2"].outcome == "invalid"
    assert any("‖Mu‖₂ ≤ ‖M‖‖u‖₂" in need for need in out["toy:lemma-3:step-2"].needs)
    # "||A|| <= R" named, but ||x||_2 <= R is what the last step uses
    last = out["toy:lemma-3:step-4"]
    assert last.outcome == "invalid" and last.needs == ["‖x‖₂ ≤ R"]
    checks = [CitationCheck.from_json(c.to_json()) for c in out.values()]
    assert [f.id for f in citation_findings(checks)] == [
        "toy:lemma-3:step-2", "toy:lemma-3:step-4"]


def test_a_step_resting_on_a_refuted_statement_is_relative():
    out = {c.step: c for c in check(toy(), statuses={"toy:lemma-2": Status.REFUTED})}
    assert out["toy:theorem-4:step-1"].outcome == "relative"
    assert "Lemma 2" in out["toy:theorem-4:step-1"].message


@pytest.mark.slow
def test_closeness_mis_citations_are_the_referees():
    from proofs.registry import paper

    checks = check(paper("closeness"))
    invalid = sorted(c.step for c in checks if c.outcome == "invalid")
    assert invalid == ["closeness:lemma-5.6:step-3", "closeness:lemma-7.6:step-3",
                       "closeness:lemma-7.6:step-5", "closeness:lemma-7.7:step-2"]
    by = {c.step: c for c in checks}
    assert by["closeness:lemma-5.6:step-5"].outcome == "ok"  # ||A|| <= R is what it uses
    assert by["closeness:lemma-7.6:step-5"].needs == ["‖x‖₂ ≤ R"]
    assert "Cauchy–Schwarz" in by["closeness:lemma-7.7:step-2"].message
    assert "Fact 3.1" in by["closeness:lemma-5.6:step-3"].message
    assert sum(c.outcome == "ok" for c in checks) >= 20


def test_a_citation_of_another_papers_fact_gives_what_that_fact_states():
    # tensor-trick's Lipschitz chain of u cites closeness's Facts 3.1 and 3.2 by id
    from proofs.registry import paper

    tt = paper("tensor-trick")
    checks = {c.step: c for c in check(tt, [tt.entry("tensor-trick:lemma-lipschitz-u-x")])}
    step = checks["tensor-trick:lemma-lipschitz-u-x:step-4"]
    assert step.cited == ["Fact 3.2, bullet 4"] and step.outcome == "ok", step.message
    assert all(c.outcome in ("ok", "unchecked") for c in checks.values())


def test_another_papers_refuted_lemma_makes_a_step_relative():
    from proofs.registry import paper
    from proofs.tools.citations import _refuted

    tt = paper("tensor-trick")
    assert _refuted(tt, "closeness:lemma-5.8", {})  # closeness pins it refuted as printed
    assert not _refuted(tt, "closeness:lemma-5.7", {})
    assert not _refuted(tt, "closeness:lemma-5.8", {"closeness:lemma-5.8": Status.PROVED})


def _results(paper: Paper) -> dict[str, Result]:
    return {r.id: r for r in run_entries(paper.entries, "quick", 0, jobs=1)}


def test_claim_graph_statuses_and_relies_on():
    p = toy()
    res = _results(p)
    assert res["toy:theorem-4"].status is Status.PROVED  # on its own (real algebra) ...
    (g,) = claim_graph(p, res)
    assert g["nodes"][0]["status"] == "proved"
    res["toy:theorem-4"].verdict.status = Status.SUPPORTED  # ... else through its steps
    (g,) = claim_graph(p, res)
    status = {node["id"]: node["status"] for node in g["nodes"]}
    assert status == {"toy:theorem-4": "proved-relative", "toy:lemma-2": "refuted"}
    assert g["edges"] == [["toy:theorem-4", "toy:lemma-2"]]
    assert r"\begin{picture}" in latex_graph(g) and r"\qbezier" in latex_graph(g)
    # a proved step records what it rests on: its citation, then the library facts
    step = res["toy:lemma-3:step-2"].to_json()
    assert step["status"] == "proved" and step["relies_on"][0] == "toy:fact-1"
    assert "operator-norm" in step["relies_on"]
    assert res["toy:lemma-2"].to_json()["relies_on"] == []


def test_citation_checks_are_kept_in_the_store(tmp_path, monkeypatch):
    from proofs.store.cache import ResultStore
    from proofs.tools import citations

    p = toy()
    res = list(_results(p).values())
    calls = []

    def counted(results, budget="quick", jobs=1, paper=None):
        calls.append(1)
        return check(p, budget=budget)

    monkeypatch.setattr(citations, "citation_checks", counted)
    store = ResultStore(str(tmp_path))
    first = citations.stored_checks(res, store)
    assert citations.stored_checks(res, store) == first and len(calls) == 1
    assert {c["outcome"] for c in first} >= {"ok", "invalid"}
