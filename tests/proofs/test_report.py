"""The LaTeX/PDF verification report: content, escaping, PDF round trip, command line."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from proofs import registry
from proofs.cli import main
from proofs.reports import latex as latex_report
from proofs.reports.latex import (
    LatexError,
    btext,
    compile_pdf,
    document,
    text,
    witness_latex,
)
from proofs.review import review
from proofs.review.derivations import shown
from proofs.review.model import Review
from proofs.runner import run_entries
from proofs.store.results_json import results_from_json, to_json

HAVE_PDF = shutil.which("pdflatex") is not None and shutil.which("pdftotext") is not None
needs_pdf = pytest.mark.skipif(not HAVE_PDF, reason="pdflatex/pdftotext not installed")
TARGETS = ["closeness:fact-3.2", "closeness:fact-3.1:item-2", "closeness:lemma-3.3:step-5"]


@pytest.fixture(scope="module")
def paper():
    return registry.paper("closeness")


@pytest.fixture(scope="module")
def results():
    entries = [e for t in TARGETS for e in registry.resolve(t)]
    return run_entries(entries, "quick", 0)


@pytest.fixture(scope="module")
def pdf_text(tmp_path_factory, paper, results):
    if not HAVE_PDF:
        pytest.skip("pdflatex/pdftotext not installed")
    out = tmp_path_factory.mktemp("report") / "closeness.pdf"
    compile_pdf(document(review(paper, results, budget="quick", seed=0, flow=False,
                                citations=False, derivations=True)), str(out))
    assert out.read_bytes().startswith(b"%PDF")
    proc = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True,
                          check=True)
    return proc.stdout.decode("utf-8", "replace")


def test_results_have_the_pinned_finding(results):
    by_id = {r.id: r for r in results}
    assert by_id["closeness:fact-3.2:item-5"].status.value == "refuted"
    assert by_id["closeness:fact-3.2:item-5"].verdict.witness is not None
    assert by_id["closeness:fact-3.2:item-3"].status.value in ("proved", "supported")
    assert not any(r.unexpected for r in results)


@needs_pdf
@pytest.mark.slow
def test_pdf_lists_every_result_with_its_status(pdf_text, results):
    ledger = pdf_text.split("Every result")[-1]
    lines = ledger.splitlines()
    for r in results:
        assert any(r.id in ln and r.status.value in ln.split() for ln in lines), r.id
    assert "not checked" in pdf_text  # the rest of the paper, honestly marked


@needs_pdf
@pytest.mark.slow
def test_pdf_summary_counts(pdf_text, results):
    refuted = sum(r.status.value == "refuted" for r in results)
    assert refuted >= 1
    m = re.search(r"(\d+) results; every verdict is as the encoding expects", pdf_text)
    assert m and int(m.group(1)) == len(results)
    all_row = next(ln for ln in pdf_text.splitlines() if ln.split()[:1] == ["all"])
    cells = [int(c) for c in all_row.split()[1:]]
    ids = {r.id for r in results}
    missing = [c for c in registry.paper("closeness").claims() if c.id not in ids]
    assert cells[1] == refuted and cells[-2] == len(missing)
    assert cells[-1] == len(results) + len(missing)


@needs_pdf
@pytest.mark.slow
def test_pdf_errata_and_witness(pdf_text, results):
    errata = re.sub(r"\s+", "", pdf_text.split("Errata")[-1].split("Every result")[0])
    # refuted as printed: a false statement, for want of a hypothesis
    assert "closeness:fact-3.2:item-5" in errata and "false-statement,missing-hypothesis" in errata
    w = next(r for r in results if r.id == "closeness:fact-3.2:item-5").verdict.witness
    exact = json.dumps(w, separators=(", ", ": "))
    flat = re.sub(r"\s+", "", pdf_text)
    assert re.sub(r"\s+", "", exact) in flat  # the exact witness, digit for digit


@needs_pdf
@pytest.mark.slow
def test_pdf_statements_and_chains(pdf_text):
    assert "Lemma 3.3" in pdf_text and "Proof chain" in pdf_text
    assert "simple algebra" in pdf_text  # a printed justification
    assert "closeness:lemma-3.3" in pdf_text
    assert "Structure: the proof chain concludes" in pdf_text  # lemma 3.3's chain vs statement


@needs_pdf
@pytest.mark.slow
def test_pdf_symbolic_derivations(pdf_text):
    if "closeness:lemma-4.5:part-1" not in "".join(c.id for c in
                                                   registry.paper("closeness").claims()):
        pytest.skip("closeness Section 4 is not encoded")
    ders = pdf_text.split("Symbolic derivations")[-1].split("Every result")[0]
    assert "closeness:lemma-4.5:part-1" in re.sub(r"\s+", "", ders) and "proved" in ders


def test_document_structure(paper, results):
    tex = document(review(paper, results, budget="quick", seed=0, versions={"sympy": "1.x"},
                          flow=False, citations=False))
    for section in ("Summary", "Slack of the inequalities", "Errata", "Every result"):
        assert rf"\section{{{section}}}" in tex
    assert tex.count(r"\begin{align*}") == tex.count(r"\end{align*}") > 0
    assert r"\pcbadge{refuted}" in tex and "budget quick, seed 0" in tex
    assert not re.search(r"[\x00-\x08\x0b-\x1f]", tex)  # no stray control characters
    # no blank line (paragraph break) inside an align* or a table
    for env in ("align*", "longtable", "tabular"):
        for body in re.findall(rf"\\begin\{{{re.escape(env)}\}}(.*?)\\end\{{{re.escape(env)}\}}",
                               tex, re.S):
            assert "\n\n" not in body


def test_escaping():
    assert text("50% a_b #1 {x} ~ ^ \\") == (r"50\% a\_b \#1 \{x\} \textasciitilde{} "
                                             r"\textasciicircum{} \textbackslash{}")
    assert text("X ⪯ αY ≤ ∞") == r"X $\preceq$ $\alpha$Y $\le$ $\infty$"
    assert text("é") == "e" and text("\u2603") == "?"  # unmapped symbols never reach LaTeX raw
    assert r"\allowbreak{}" in btext("x" * 50)


def test_witness_truncates_large_values():
    w = {"x": [[float(k)] for k in range(40)], "A": [[1.0] * 9 for _ in range(9)], "R": "1e400"}
    tex = witness_latex(w, exact_limit=50)
    assert r"^{\top}" in tex and r"\cdots" in tex and r"\vdots" in tex
    assert "122 numbers" in tex and r"R = 1 \cdot 10^{400}" in tex
    assert "Exact values" in witness_latex({"x": 1.5})


def test_results_from_json_round_trip(paper, results):
    doc = json.loads(to_json(results, 0, "quick"))
    back = results_from_json(doc, paper.key)
    assert [(r.id, r.status, r.verdict.slack) for r in back] == [
        (r.id, r.status, r.verdict.slack) for r in results]
    for r, orig in zip(back, results):  # joined to the registry's claim objects again
        assert (r.claim.id if r.claim else None) == (orig.claim.id if orig.claim else None)
    assert back[0].claim is not None
    with pytest.raises(ValueError, match="bad status"):
        results_from_json({"results": [{"id": "closeness:fact-3.2:item-1",
                                        "status": "fine"}]}, paper.key)


def test_cli_tex_from_json(tmp_path, results, capsys):
    js = tmp_path / "r.json"
    js.write_text(to_json(results, 0, "quick"))
    out = tmp_path / "r.tex"
    assert main(["report", "closeness", "--from", str(js), "--no-derivations", "-o",
                 str(out)]) == 0
    tex = out.read_text()
    assert "closeness:fact-3.2:item-5" in tex and r"\end{document}" in tex
    assert "results" in capsys.readouterr().out


def test_cli_merges_results_and_figures(tmp_path, results):
    """--from is repeatable (a later file wins per id, e.g. an experiment's JSON); --figures
    includes every image of a directory."""
    js = tmp_path / "r.json"
    js.write_text(to_json(results, 0, "quick"))
    later = {"claims": [{"id": "closeness:fact-3.2:item-1", "kind": "fact", "status": "unknown",
                         "method": "monte-carlo", "rigorous": False, "source": "s",
                         "message": "override", "slack": None, "witness": None}]}
    (tmp_path / "e.json").write_text(json.dumps(later))
    figs = tmp_path / "figs"
    figs.mkdir()
    (figs / "a-plot.png").write_bytes(b"")
    (figs / "notes.txt").write_text("ignored")
    out = tmp_path / "r.tex"
    assert main(["report", "closeness", "-q", "--from", str(js), "--from",
                 str(tmp_path / "e.json"), "--figures", str(figs), "--no-derivations",
                 "-o", str(out)]) == 0
    tex = out.read_text()
    assert tex.count(r"\includegraphics") == 1 and str(figs / "a-plot.png") in tex
    assert "override" in tex and "budget quick, seed 0" in tex
    assert main(["report", "closeness", "--figures", str(tmp_path / "none"), "-o",
                 str(out)]) == 2


def test_cli_usage_errors(tmp_path, capsys, monkeypatch):
    assert main(["report", "closeness", "-o", str(tmp_path / "r.docx")]) == 2
    assert main(["report", "nosuchpaper"]) == 2
    assert main(["report", "closeness", "--from", str(tmp_path / "missing.json")]) == 2
    (tmp_path / "bad.json").write_text("{not json")
    assert main(["report", "closeness", "--from", str(tmp_path / "bad.json")]) == 2
    monkeypatch.setattr(latex_report, "pdflatex", lambda: None)
    assert main(["report", "closeness", "-o", str(tmp_path / "r.pdf")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("proofcheck: error: pdflatex not found") and ".tex" in err[-1]
    assert not (tmp_path / "r.pdf").exists()


@needs_pdf
def test_compile_failure_is_one_line_and_leaves_nothing(tmp_path):
    out = tmp_path / "x.pdf"
    with pytest.raises(LatexError, match="pdflatex failed: ! Undefined control sequence"):
        compile_pdf(r"\documentclass{article}\begin{document}\nosuchmacro\end{document}",
                    str(out))
    assert not out.exists()


@needs_pdf
@pytest.mark.parametrize("key", registry.paper_keys())
@pytest.mark.slow
def test_every_encoded_paper_compiles(tmp_path, key):
    """Every statement and chain of every encoded paper typesets (no results needed)."""
    paper = registry.paper(key)
    out = tmp_path / f"{key}.pdf"
    compile_pdf(document(Review(paper, [])), str(out))
    txt = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, check=True).stdout
    assert paper.entries[0].id.encode() in re.sub(rb"\s+", b"", txt)


def test_derivations_in_worker_processes_are_the_serial_ones(paper):
    ids = ["closeness:extra-grad-a-exp", "closeness:lemma-4.5:part-2",
           "closeness:extra-grad-a-f"]
    serial = shown(paper, ids)
    assert [d.id for d in serial] == ["closeness:lemma-4.5:part-2",
                                      "closeness:extra-grad-a-exp",
                                      "closeness:extra-grad-a-f"]
    assert all(r"\pcbadge{proved}" in latex_report.derivation_latex(d) for d in serial)
    assert shown(paper, ids, jobs=2) == serial
