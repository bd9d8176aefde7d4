"""``proofcheck errata PAPER --from-json FILE``: the errata of a finished check run, rebuilt from
its JSON without re-running the checks (only the hypothesis-flow implications run again)."""

from __future__ import annotations

import json

import pytest

from proofs.cli import main
from proofs.papers.closeness import PAPER
from proofs.reports import errata, table
from proofs.review import review
from proofs.runner import run_entries
from proofs.store import results_json as reports
from symbolic.verdict import Status

# a combined chain statement, a refuted fact item (with a finding kind), an entry made of parts
# whose proof concludes (conclusion proved) and a statement whose proof chain falls short
# (conclusion refuted)
TARGETS = ["closeness:fact-3.1:item-2", "closeness:fact-3.2:item-5", "closeness:lemma-5.4",
           "closeness:lemma-5.6"]


@pytest.fixture(scope="module")
def results():
    entries = [e for t in TARGETS for e in PAPER.entries for q in e.all_entries() if q.id == t]
    return run_entries(entries, "quick", 0)


@pytest.fixture(scope="module")
def doc(results) -> dict:
    return json.loads(reports.to_json(results, 0, "quick"))


@pytest.fixture()
def js(tmp_path, doc):
    path = tmp_path / "run.json"
    path.write_text(json.dumps(doc))
    return path


def _write(tmp_path, obj, name="bad.json") -> str:
    path = tmp_path / name
    path.write_text(obj if isinstance(obj, str) else json.dumps(obj))
    return str(path)


def test_results_round_trip(results, doc):
    back = reports.results_from_json(doc, "closeness")
    # written again, the rebuilt results give the same JSON records
    assert json.loads(reports.to_json(back, 0, "quick"))["results"] == doc["results"]
    for r, orig in zip(back, results, strict=True):
        assert (r.id, r.status, r.expect, r.notes) == (orig.id, orig.status, orig.expect,
                                                       orig.notes)
        assert (r.claim is None) == (orig.claim is None)
        if r.claim is not None:  # the registry's claim object, joined by id
            assert str(r.claim.prop) == str(orig.claim.prop)
            assert r.claim.hypotheses == orig.claim.hypotheses
        assert (r.conclusion is None) == (orig.conclusion is None)
        if r.conclusion is not None:
            assert str(r.conclusion.claim.prop) == str(orig.conclusion.claim.prop)
            assert r.conclusion.status is orig.conclusion.status
    assert table.summary_line(back) == table.summary_line(results)
    by_id = {r.id: r for r in back}
    assert by_id["closeness:fact-3.2:item-5"].status is Status.REFUTED
    assert by_id["closeness:lemma-5.6"].conclusion.status is Status.REFUTED
    assert by_id["closeness:lemma-5.4"].verdict.method.startswith("combined")


def _errata_json(results) -> dict:
    rv = review(PAPER, results, flow=False, citations=False)
    return json.loads(errata.to_json("closeness", rv.findings, rv.causes))


def test_errata_from_json_equals_errata_of_the_run(results, doc):
    live = _errata_json(results)
    again = _errata_json(reports.results_from_json(doc, "closeness"))
    assert again == live
    kinds = {(f["id"], f["kind"]) for f in live["findings"]}
    # refuted as printed: a false statement, whatever fixes it (a missing hypothesis)
    assert ("closeness:fact-3.2:item-5", "false-statement") in kinds
    assert next(f for f in live["findings"] if f["id"] == "closeness:fact-3.2:item-5")[
        "why"] == "missing-hypothesis"
    assert ("closeness:lemma-5.6", "statement-stronger-than-proof") in kinds


def test_cli_from_json_in_three_formats(tmp_path, js, results, monkeypatch, capsys):
    out = tmp_path / "e.json"
    assert main(["errata", "closeness", "--from-json", str(js), "--format", "json", "-o",
                 str(out)]) == 0
    err = capsys.readouterr().err
    assert "results of closeness (budget quick, seed 0)" in err
    assert "claims have none and are left out" in err  # a partial run
    got = json.loads(out.read_text())
    # the same document as 'errata' running the checks itself (here: the same results)
    import proofs.runner

    monkeypatch.setattr(proofs.runner, "run_entries", lambda *a, **k: results)
    live = tmp_path / "live.json"
    assert main(["errata", "closeness", "-q", "--budget", "quick", "--format", "json", "-o",
                 str(live)]) == 0
    assert got == json.loads(live.read_text()) and got["paper"] == "closeness"
    ids = {f["id"] for f in got["findings"] if f["check"]["type"] != "flow"}
    assert main(["errata", "closeness", "-q", "--from-json", str(js), "--no-flow"]) == 0
    md = capsys.readouterr().out
    assert md.startswith("# Errata: `closeness`") and all(f"`{i}`" in md for i in ids)
    tex = tmp_path / "e.tex"
    assert main(["errata", "closeness", "-q", "--from-json", str(js), "--format", "tex", "-o",
                 str(tex)]) == 0  # with the hypothesis flow, as the JSON above
    assert tex.read_text().count(r"\item \texttt") == len(got["findings"])


def test_no_flow_leaves_out_the_hypothesis_flow(tmp_path, js):
    out = tmp_path / "e.json"
    assert main(["errata", "closeness", "-q", "--from-json", str(js), "--no-flow", "--format",
                 "json", "-o", str(out)]) == 0
    found = json.loads(out.read_text())["findings"]
    assert found and all(f["check"]["type"] != "flow" for f in found)
    assert ("closeness:fact-3.2:item-5", "false-statement") in {
        (f["id"], f["kind"]) for f in found}


def test_json_of_an_earlier_version_still_reads(doc):
    """Files written before 'statement' and the conclusion's method/message were recorded."""
    old = json.loads(json.dumps(doc))
    for rec in old["results"]:
        rec.pop("statement", None)
        rec.pop("hypotheses", None)
        if rec["conclusion"]:
            rec["conclusion"].pop("method")
            rec["conclusion"].pop("message")
    found = review(PAPER, reports.results_from_json(old, "closeness"), flow=False,
                   citations=False).findings
    stronger = [f for f in found if f.kind == "statement-stronger-than-proof"]
    assert stronger and stronger[0].id == "closeness:lemma-5.6"
    assert "(from JSON)" in stronger[0].evidence


def _mutated(doc: dict, rid: str, **changes) -> dict:
    out = json.loads(json.dumps(doc))
    rec = next(r for r in out["results"] if r["id"] == rid)
    rec.update(changes)
    return out


@pytest.mark.parametrize("make, message", [
    (lambda d: "{not json", "not JSON"),
    (lambda d: [1, 2], "not a 'proofcheck check --json' document"),
    (lambda d: {"paper": "closeness", "findings": []}, "not a 'proofcheck check --json'"),
    (lambda d: {**d, "schema_version": 2}, "schema_version 2"),
    (lambda d: {"results": [{"id": "tensor-trick:lemma-1", "status": "proved"}]},
     "no result of paper 'closeness' (the file has results of tensor-trick)"),
    (lambda d: {"results": []}, "no result of paper 'closeness'"),
    (lambda d: _mutated(d, "closeness:fact-3.2:item-5", id="closeness:lemma-99.9"),
     "'closeness:lemma-99.9' matches no claim"),
    (lambda d: _mutated(d, "closeness:fact-3.2:item-5", kind="theorem"), "is of kind 'theorem'"),
    (lambda d: _mutated(d, "closeness:fact-3.2:item-5", statement="x <= 1"),
     "was checked for 'x <= 1'"),
    (lambda d: _mutated(d, "closeness:fact-3.2:item-5", hypotheses=["t <= 0"]),
     "other hypotheses"),
    (lambda d: _mutated(d, "closeness:fact-3.2:item-5", status="fine"), "bad status 'fine'"),
    (lambda d: _mutated(d, "closeness:fact-3.2:item-5", witness=[1.0]), "witness is not an object"),
    (lambda d: _mutated(d, "closeness:lemma-5.6", conclusion={"claim": "1 <= 2",
                                                               "status": "refuted"}),
     "conclusion does not match"),
    (lambda d: {"results": [{"status": "proved"}]}, "result #1 has no id"),
])
def test_unusable_json_is_a_one_line_usage_error(tmp_path, doc, capsys, make, message):
    path = _write(tmp_path, make(doc))
    assert main(["errata", "closeness", "-q", "--from-json", path]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"proofcheck: error: {path}: "), err
    assert message in err[0]


def test_other_usage_errors(tmp_path, js, capsys):
    assert main(["errata", "closeness", "--from-json", str(tmp_path / "none.json")]) == 2
    assert main(["errata", "closeness", "--from-json", str(js), "--budget", "quick"]) == 2
    assert main(["errata", "nosuchpaper", "--from-json", str(js)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and "no such file" in err[0] and "--budget" in err[1]
    assert "unknown paper 'nosuchpaper'" in err[2]


def test_registered_papers_only_without_a_paper():
    doc = {"results": [{"id": "mine:lemma-1", "status": "refuted"},
                       {"id": "closeness:fact-3.2:item-5", "status": "refuted",
                        "witness": {"x": [[1.0]]}}]}
    assert [r.id for r in errata.results_from_json(doc)] == ["closeness:fact-3.2:item-5"]
