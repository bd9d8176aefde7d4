"""Errata an author can act on: root causes, proof-local constants, readable forms, pdflatex.

Uses the pinned ``closeness_s1578_errata.json`` (no check runs) and the closeness encoding.
"""

from __future__ import annotations

import json
import pathlib
import re
import shutil
import subprocess

import pytest

from proofs.papers.closeness import PAPER
from proofs.reports import errata
from proofs.review.causes import causes
from proofs.review.findings import collect, declared_findings, remark_findings
from proofs.review.model import Cause, Finding
from proofs.tools.hypothesis_flow import _key, foreign_symbols, needed, symmetric_form
from symbolic import Prop, d, matrix, n, norminf, scalar, vector
from symbolic.pretty import pretty

HERE = pathlib.Path(__file__).parent
ERRATA = HERE / "closeness_s1578_errata.json"
HAVE_PDFLATEX = shutil.which("pdflatex") is not None
needs_pdflatex = pytest.mark.skipif(not HAVE_PDFLATEX, reason="pdflatex not installed")
SYMPY_INTERNALS = re.compile(r"NamedScalar|NamedMatrix|ElemExp|Norm2\(|OpNorm\(|NormInf\(|"
                             r"Inner\(|\*\*|Abs\(")


@pytest.fixture(scope="module")
def pinned() -> dict:
    return json.loads(ERRATA.read_text())


@pytest.fixture(scope="module")
def typed(pinned) -> tuple[list[Finding], list[Cause]]:
    """The pinned findings and causes as the review's types."""
    return ([Finding.from_json(f) for f in pinned["findings"]],
            [Cause.from_json(c) for c in pinned["causes"]])


def test_the_types_read_and_write_the_pinned_records(pinned, typed):
    fs, cs = typed
    assert [f.to_json() for f in fs] == pinned["findings"]
    assert [c.to_json() for c in cs] == pinned["causes"]


def test_every_finding_is_in_exactly_one_cause(pinned, typed):
    items, cs = pinned["findings"], pinned["causes"]
    seen = [i for c in cs for i in c["findings"]]
    assert sorted(seen) == list(range(len(items)))
    assert all(set(c) == {"id", "kind", "title", "summary", "corrected", "findings"}
               for c in cs)
    # the pinned causes are what the grouping computes from the pinned findings
    assert [c.findings for c in causes(typed[0], PAPER)] == [c["findings"] for c in cs]


def test_causes_are_ordered_by_severity(pinned):
    ranks = [errata.SEVERITY.index(c["kind"]) for c in pinned["causes"]]
    assert ranks == sorted(ranks) and pinned["causes"][0]["kind"] == "false-statement"


def test_lemma_5_5_omissions_and_their_mirror_are_one_cause(pinned):
    items = pinned["findings"]
    owner = {i: c["id"] for c in pinned["causes"] for i in c["findings"]}
    fam = {owner[k] for k, f in enumerate(items) if f["kind"] == "missing-hypothesis"
           and re.match(r"closeness:lemma-[57]\.5:part-[123]$", f["id"])}
    assert len(fam) == 1
    n_instances = sum(1 for k, f in enumerate(items) if owner[k] in fam)
    assert n_instances >= 6 * 6  # six omitted hypotheses, three parts, two sections
    # Lemma 5.6 printed sqrt(nR): its false statement and its proof not reaching it, and the
    # mirrored Lemma 7.6, are one cause
    ids = {items[i]["id"] for c in pinned["causes"] for i in c["findings"]
           if any(items[j]["id"] == "closeness:lemma-5.6" for j in c["findings"])}
    assert "closeness:lemma-7.6" in ids


def test_step_citing_a_false_lemma_joins_its_cause(pinned):
    items = pinned["findings"]
    steps = [f for f in items if f["id"].endswith(":step-2") and "theorem-8" in f["id"]]
    assert len(steps) == 2
    lemma_3_3 = Finding("closeness:lemma-3.3", "false-statement", "Lemma 3.3", "β ≥ exp(−R²)",
                        "", check={"type": "claim", "claim": "closeness:lemma-3.3"})
    cs = causes([*map(Finding.from_json, steps), lemma_3_3], PAPER)
    assert len(cs) == 1 and cs[0].kind == "false-statement"
    assert "exp(−R²)" in cs[0].summary and "reading" not in cs[0].title.lower()


def test_symmetric_needs_are_one_need():
    A, x, y = matrix("A", n, d), vector("x_t", d), vector("x_{t+1}", d)
    a = Prop(norminf(A * (x - y)), "<", 0.01)
    b = Prop(norminf(A * (y - x)), "<", 0.01)
    assert _key(a) == _key(b)
    s, t = scalar("s"), scalar("t")
    assert symmetric_form(abs(s - t)) == symmetric_form(abs(t - s))


def test_no_finding_about_a_symbol_absent_from_its_statement(pinned):
    """Over the whole pinned closeness errata: every missing hypothesis is about the variables
    of the statement it concerns (its conclusion and listed hypotheses)."""
    checked = 0
    for f in pinned["findings"]:
        chk = f.get("check") or {}
        if chk.get("type") != "flow":
            continue
        entry = PAPER.entry(chk["entry"])
        hyp = next(h for _, _, h in needed(PAPER, entry)
                   if str(h.lhs) == chk["lhs"] and h.rel.value == chk["rel"]
                   and str(h.rhs) == chk["rhs"])
        assert not foreign_symbols(entry, hyp), (f["id"], f["printed"])
        checked += 1
    assert checked >= 20
    # beta is a constant the proofs of Theorems 8.1/8.2 introduce: no need mentions it
    for tid in ("closeness:theorem-8.1", "closeness:theorem-8.2"):
        entry = PAPER.entry(tid)
        assert "beta" in {str(s) for s in entry.proof_locals()}
        assert all("beta" not in {str(s) for s in h.symbols} for _, _, h in needed(PAPER, entry))


def test_printed_forms_are_mathematics_not_sympy(pinned, typed):
    for f in pinned["findings"]:
        for key in ("printed", "corrected"):
            val = f.get(key) or ""
            assert not SYMPY_INTERNALS.search(val), (f["id"], key, val[:200])
    md = errata.to_markdown("closeness", *typed)
    assert "‖" in md and "β⁻²" in md and not SYMPY_INTERNALS.search(
        "\n".join(ln for ln in md.splitlines() if not ln.lstrip().startswith("- evidence")))
    assert pretty(Prop(scalar("beta"), ">", 0)) == "β > 0"


def test_definition_6_2_printed_type_is_a_typo():
    from proofs.model.results import Result
    from symbolic.verdict import Status, Verdict

    claim = next(c for c in PAPER.claims() if c.id == "closeness:definition-6.2")
    typos = declared_findings([Result.of(claim, Verdict(Status.PROVED, "exact"))])
    assert len(typos) == 1 and typos[0].kind == "typo" and typos[0].rigorous
    assert "n×d" in typos[0].printed and typos[0].corrected == "b ∈ ℝ^{n}"
    # a statement that types as printed gives none
    other = next(c for c in PAPER.claims() if c.id == "closeness:definition-4.2")
    assert declared_findings([Result.of(other, Verdict(Status.PROVED, "exact"))]) == []


def test_list_quotes_lemma_5_5_part_2_as_printed():
    assert "sqrt(nR)" in PAPER.entry("closeness:lemma-5.5:part-2").description
    assert "sqrt(n) R" in PAPER.entry("closeness:lemma-7.5:part-2").description


def _pdflatex(tex: str, tmp_path: pathlib.Path) -> subprocess.CompletedProcess:
    (tmp_path / "e.tex").write_text(tex, encoding="utf-8")
    return subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "e.tex"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)


@pytest.mark.slow
@needs_pdflatex
def test_errata_tex_compiles(typed, tmp_path):
    tex = errata.to_latex("closeness", *typed)
    run = _pdflatex(tex, tmp_path)
    assert run.returncode == 0, run.stdout[-2000:]
    assert (tmp_path / "e.pdf").stat().st_size > 1000


@needs_pdflatex
def test_tex_text_survives_unicode(tmp_path):
    from proofs.reports.tex_text import text

    body = text("X ⪯ αY, u ∘ v, ‖b̃ − b‖₂ ≤ β⁻² √(nR) ⟨exp(Ax), 𝟏ₙ⟩, A ⊗ B ∈ ℝ^{n×d} — ✓")
    tex = "\\documentclass{article}\\usepackage{amsmath,amssymb}\\begin{document}" + body + \
        "\\end{document}"
    run = _pdflatex(tex, tmp_path)
    assert run.returncode == 0, run.stdout[-2000:]


def test_markdown_numbers_are_readable_and_lines_end_on_words(typed):
    md = errata.to_markdown("closeness", *typed)
    for tok in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])", md):
        digits = tok.lstrip("-").split("e")[0].split("E")[0].replace(".", "").lstrip("0")
        assert len(digits) <= 6, tok
    # witness sides beyond float range (Lemma 5.6): a 6-digit mantissa and the exponent, or the
    # power of ten where the exponent itself is huge
    assert "rhs=1.06542e+2889" in md and "lhs=10^(1.30875e+56)" in md
    for line in md.splitlines():
        if line.endswith("…"):
            assert line.endswith(" …"), line[-60:]


@pytest.mark.slow
def test_causes_titles_and_order_do_not_depend_on_the_seed(tmp_path, monkeypatch):
    from proofs.cli.main import main

    monkeypatch.chdir(tmp_path)
    seen = []
    # seed 2's search at quick does not find Theorem 8.2's counterexample (‖x‖ ≈ 3e70, a
    # shift of 1e-73): the encoding's example (re-certified in arb) refutes it at every seed
    for seed in (0, 1, 2):
        out = tmp_path / f"e{seed}.json"
        assert main(["errata", "closeness", "-q", "--budget", "quick", "--seed", str(seed),
                     "--no-cache", "--no-citations", "--format", "json", "-o", str(out)]) == 0
        doc = json.loads(out.read_text())
        seen.append([(c["kind"], c["title"]) for c in doc["causes"]])
    assert seen[0] == seen[1] == seen[2]
    assert seen[0][0] == ("false-statement", "Theorem 8.2: false as printed, for want of "
                                             "hypotheses the proof uses (Theorem 8.1: the proof "
                                             "uses them too)")


def test_vacuous_bounds_are_remarks_listed_after_the_errata():
    from proofs.model.results import Result
    from symbolic.verdict import Status, Verdict

    claims = {c.id: c for c in PAPER.claims()}
    res = [Result.of(claims[cid], Verdict(st, "m", True, "")) for cid, st in (
        ("closeness:theorem-8.1", Status.PROVED), ("closeness:theorem-8.2", Status.REFUTED),
        ("closeness:extra-lemma-5.5-part-3-sharp", Status.PROVED))]
    items = remark_findings(res)
    assert [(f.id, f.kind) for f in items] == [("closeness:theorem-8.1", "vacuous"),
                                                ("closeness:theorem-8.2", "vacuous")]
    assert "4.60678e-70" in items[0].evidence and "is proved" in items[0].evidence
    assert items[0].corrected == "‖b̃ − b‖₂ ≤ (R/2) ‖x_{t+1} − x_t‖₂"
    found = collect(res)
    md = errata.to_markdown("closeness", found, causes(found))
    head, remarks = md.split("# Remarks (not errors)")
    assert "vacuous" not in head and "Theorem 8.1, Theorem 8.2: vacuous" in remarks
