"""``review``: the checks, the hypothesis flow, the citations and the corrections run once, on
the run's executor and store; every view renders the Review without running anything."""

from __future__ import annotations

import json

import pytest

from proofs import registry, runner
from proofs.reports import errata, latex
from proofs.reports.html import Report
from proofs.review import corrections, review
from proofs.review.model import Finding
from proofs.store.cache import ResultStore
from proofs.tools import citations

KEY = "tensor-trick"
TARGET = "tensor-trick:lemma-lipschitz-c-a"  # one missing hypothesis, corrected by the prover


def _stop(*_a, **_k):
    raise AssertionError("nothing may be checked or proved here")


def _no_checks(monkeypatch) -> None:
    """Every way a review checks or proves something fails the test."""
    monkeypatch.setattr(runner, "decide", _stop)
    monkeypatch.setattr(corrections, "prove_or_focus", _stop)
    monkeypatch.setattr(corrections, "prove", _stop)
    monkeypatch.setattr(citations, "prove", _stop)
    corrections._MEMO.clear()


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> ResultStore:
    return ResultStore(str(tmp_path_factory.mktemp("store")))


@pytest.fixture(scope="module")
def rv(store):
    corrections._MEMO.clear()
    return review(registry.paper(KEY), entries=registry.resolve(TARGET), budget="quick",
                  store=store)


def _views(rv) -> dict[str, str]:
    return {"md": errata.to_markdown(KEY, rv.findings, rv.causes),
            "json": errata.to_json(KEY, rv.findings, rv.causes),
            "tex": errata.to_latex(KEY, rv.findings, rv.causes),
            "report": latex.document(rv), "html": Report.of(rv)._repr_html_()}


def test_the_review_holds_typed_findings_with_their_correction(rv):
    assert rv.ok and rv.budget == "quick" and rv.seed == 0 and rv.versions
    flow = [f for f in rv.findings if f.kind == "missing-hypothesis"]
    assert flow and all(isinstance(f, Finding) for f in rv.findings)
    assert flow[0].check["type"] == "flow" and flow[0].hypothesis == "‖b_[j0]‖₂ ≤ R"
    corr = flow[0].correction
    assert corr is not None and corr.proved and corr.added == []  # true as printed
    assert sorted(i for c in rv.causes for i in c.findings) == list(range(len(rv.findings)))
    assert rv.citations and {c.outcome for c in rv.citations} <= {
        "ok", "invalid", "relative", "unchecked"}
    doc = json.loads(_views(rv)["json"])
    assert doc["findings"][0]["correction"]["proved"] is True


def test_views_render_and_run_nothing(rv, monkeypatch):
    before = _views(rv)
    _no_checks(monkeypatch)
    assert _views(rv) == before
    assert "Errata" in before["report"] and "‖b_[j0]‖₂ ≤ R" in before["md"]


def test_a_second_review_reads_every_stage_from_the_store(rv, store, monkeypatch):
    _no_checks(monkeypatch)
    again = review(registry.paper(KEY), entries=registry.resolve(TARGET), budget="quick",
                   store=store)
    assert again.findings == rv.findings and again.citations == rv.citations
    assert again.causes == rv.causes


def test_results_given_are_reviewed_in_the_papers_order(rv, monkeypatch):
    _no_checks(monkeypatch)
    monkeypatch.setattr(runner, "run_entries", _stop)
    given = review(registry.paper(KEY), list(reversed(rv.results)), budget="quick", seed=0,
                   flow=False, citations=False)
    assert [r.id for r in given.results] == [r.id for r in rv.results]
    assert given.findings == [f for f in rv.findings if f.check["type"] != "flow"]
    assert given.citations == [] and given.versions is None


def test_the_latest_stored_results_name_their_settings(rv, store):
    latest = review(registry.paper(KEY), entries=registry.resolve(TARGET), budget="default",
                    seed=0, latest=True, store=store, flow=False, citations=False)
    assert (latest.budget, latest.seed) == ("quick", 0)  # what the store held
    assert [r.status for r in latest.results] == [r.status for r in rv.results]
