"""Jupyter display: ``_repr_latex_`` of claims, chains, lemmas and verdicts; ``_repr_html_`` of
a report; the notebook helpers."""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser

import pytest

from proofs import registry
from proofs.model import Annotation
from proofs.model.results import Result
from proofs.notebook import check, entry, replay
from proofs.reports.html import Report
from proofs.reports.latex import all_entries
from proofs.review import review
from symbolic import Claim, Status, Verdict, scalar

VOID = {"br", "hr", "img", "input", "meta", "link"}


class _Balance(HTMLParser):
    """Checks that every opened tag is closed in order, and collects the text."""

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (tag, self.stack)
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def _parse(html: str) -> str:
    p = _Balance()
    p.feed(html)
    p.close()
    assert p.stack == []
    return "".join(p.text)


def _balanced(tex: str) -> bool:
    depth = 0
    for k, ch in enumerate(tex):
        if ch in "{}" and (k == 0 or tex[k - 1] != "\\"):
            depth += 1 if ch == "{" else -1
            if depth < 0:
                return False
    return depth == 0


def _fake_report() -> Report:
    x = scalar("x")
    ok = Claim("demo:extra-1", x, "<=", x + 1)
    bad = Claim("demo:extra-2", x + 1, "<=", x)
    return Report.of(review(results=[
        Result.of(ok, Verdict(Status.PROVED, "interval prover", True, "proved on R"),
                  Annotation(description="x <= x + 1")),
        Result.of(bad, Verdict(Status.REFUTED, "sampling & arb", True, "1 > 0 at x = 0",
                               witness={"x": 0.0}),
                  Annotation(description="<script>alert(1)</script>")),
    ], flow=False, citations=False), title="demo <run>")


def test_repr_html_table_is_well_formed_and_escaped():
    rep = _fake_report()
    html = rep._repr_html_()
    text = _parse(html)
    assert "demo:extra-1" in text and "demo:extra-2" in text
    assert "proved" in text and "refuted" in text and "1 unexpected" in text
    assert "<script>" not in html and "demo &lt;run&gt;" in html
    assert r"\(x \le x + 1\)" in text  # the statement, typeset by MathJax from the claim
    assert 'x=0' in text  # the witness fold-out (6 significant digits)
    assert rep.counts() == {"proved": 1, "refuted": 1, "supported": 0, "unknown": 0,
                            "skipped": 0, "error": 0}
    assert not rep.ok and [r.id for r in rep.unexpected] == ["demo:extra-2"]
    assert "demo:extra-2" in str(rep) and "1 unexpected" in repr(rep)
    assert [f.id for f in rep.findings()] == ["demo:extra-2"]
    assert Report(rep.results).findings() == []  # results without their review


def test_repr_latex_of_claim_chain_lemma_verdict():
    lem = entry("closeness:lemma-3.3")
    claim = lem.statement_claim()
    for obj in (claim, lem.proof, lem, Verdict(Status.SUPPORTED, "sampling", False, "50% ok")):
        tex = obj._repr_latex_()
        assert tex.count("$") % 2 == 0 and tex.count("$") >= 2, type(obj)
        assert _balanced(tex), tex
    assert lem.proof._repr_latex_().count(r"\\") == len(lem.proof.links) - 1
    assert r"\beta \ge e^{- R^{2}}" in lem._repr_latex_()
    assert r"\text{If }" in lem._repr_latex_()


def test_ipython_picks_the_rich_formats():
    formatters = pytest.importorskip("IPython.core.formatters")
    fmt = formatters.DisplayFormatter()
    data, _ = fmt.format(_fake_report())
    assert "text/html" in data and "demo:extra-2" in data["text/html"]
    data, _ = fmt.format(entry("closeness:fact-3.1:item-2"))
    assert data["text/latex"].startswith(r"$\begin{aligned}")


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex not installed")
@pytest.mark.slow
def test_repr_latex_of_every_entry_typesets(tmp_path):
    """Every entry's Jupyter LaTeX is valid LaTeX (amsmath), for all encoded papers."""
    blocks = []
    for key in registry.paper_keys():
        try:
            paper = registry.paper(key)
        except AttributeError:  # a paper package being written (no PAPER yet)
            continue
        for e in all_entries(paper):
            blocks.append(e._repr_latex_())
            blocks += [c._repr_latex_() for c in e.claims()]
    body = "\n\n".join(blocks)
    doc = (r"\documentclass{article}\usepackage{amsmath,amssymb}\begin{document}"
           + body + r"\end{document}")
    (tmp_path / "j.tex").write_text(doc)
    proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "j.tex"],
                          cwd=tmp_path, capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stdout.decode(errors="replace")[-2000:]


def test_notebook_check_and_unknown_target():
    rep = check("closeness:fact-3.2:item-1", budget="quick")
    assert [r.id for r in rep] == ["closeness:fact-3.2:item-1"]
    assert rep["closeness:fact-3.2:item-1"].status in (Status.PROVED, Status.SUPPORTED)
    assert rep.ok and rep.budget == "quick" and rep.findings() == []
    with pytest.raises(registry.UnknownTarget, match="did you mean"):
        check("closeness:fact-3.2:item-9")
    with pytest.raises(ValueError):
        check()


def test_replay_a_witness():
    claim = entry("closeness:fact-3.2:item-5").statement_claim()
    w = {"n": 1, "alpha": -2.0, "X": [[-1.0]], "Y": [[1.0]]}  # -1 <= -2? no: hypothesis fails
    assert replay(claim, w).hypotheses_hold is False
    w = {"n": 1, "alpha": -2.0, "X": [[-3.0]], "Y": [[1.0]]}  # -3 <= -2, and 3 > -2
    r = replay(claim, w)
    assert (r.hypotheses_hold, r.violated, r.rigorous) == (True, True, True)
    with pytest.raises(KeyError, match="alpha"):
        replay(claim, {"n": 1, "X": [[1.0]], "Y": [[1.0]]})
