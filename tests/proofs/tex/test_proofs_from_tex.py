"""A paper's proofs read from its .tex and checked step by step (proofs/tools/extract_proofs.py):
two short papers of our own, one with known flaws (each found, nothing else flagged) and one
with correct proofs (nothing flagged)."""

import json
import pathlib

import pytest

from proofs.cli.main import main
from proofs.tex.paper import read_paper
from proofs.tools.extract import extract
from proofs.tools.extract_proofs import entry, read_proofs

PAPERS = pathlib.Path(__file__).parent / "papers"


def _errata(tmp_path, name):
    out = tmp_path / "errata.json"
    assert main(["errata", str(PAPERS / name), "--no-cache", "-q", "--format", "json", "-o",
                 str(out)]) == 0
    return json.loads(out.read_text())["findings"]


@pytest.fixture(scope="module")
def flawed_findings(tmp_path_factory):
    return _errata(tmp_path_factory.mktemp("flawed"), "flawed_proofs.tex")


def test_each_planted_flaw_is_found_and_nothing_else(flawed_findings):
    got = sorted((f["id"], f["kind"]) for f in flawed_findings)
    assert got == [
        ("flawed-proofs:lemma-cite:step-1", "invalid-citation"),  # needs Cauchy-Schwarz
        ("flawed-proofs:lemma-direction:step-1", "invalid-step"),  # a wrong direction
        ("flawed-proofs:lemma-dropped:step-2", "invalid-step"),  # a dropped factor
        ("flawed-proofs:lemma-named:step-1", "invalid-citation"),  # names the wrong fact
        ("flawed-proofs:theorem-weak", "statement-stronger-than-proof"),  # ends at 3, not 2
    ]


def test_a_fact_named_in_a_reason_is_checked_as_a_citation(flawed_findings):
    f = next(f for f in flawed_findings if f["id"].endswith("lemma-named:step-1"))
    assert "Cauchy–Schwarz" in f["printed"] and "triangle inequality" in f["corrected"]


def test_an_invalid_citation_names_what_the_step_needs(flawed_findings):
    f = next(f for f in flawed_findings if f["id"].endswith("lemma-cite:step-1"))
    assert "Cauchy–Schwarz" in f["corrected"] and "Lemma 1" in f["printed"]


def test_a_flawed_step_carries_its_witness(flawed_findings):
    f = next(f for f in flawed_findings if f["id"].endswith("lemma-direction:step-1"))
    assert f["rigorous"] and f["witness"]["t"] == pytest.approx(1.0)
    weak = next(f for f in flawed_findings if f["kind"] == "statement-stronger-than-proof")
    assert "x + x² ≤ 3" in weak["corrected"]


def test_correct_proofs_are_not_flagged(tmp_path):
    assert _errata(tmp_path, "sound_proofs.tex") == []


def test_steps_are_read_with_the_statements_names_and_the_proofs_definitions():
    paper = read_paper(str(PAPERS / "sound_proofs.tex"))
    amgm = next(r for r in paper.extraction.read if r.claim_id.endswith("lemma-amgm"))
    steps = amgm.proof.steps
    # "Let s = √a and t = √b": the proof's definitions are bound in its steps
    assert [str(s.prop) for s in steps] == [
        "a/2 + b/2 - sqrt(a*b) = -sqrt(a)*sqrt(b) + a/2 + b/2",
        "-sqrt(a)*sqrt(b) + a/2 + b/2 = (sqrt(a) - sqrt(b))**2/2",
        "(sqrt(a) - sqrt(b))**2/2 >= 0"]
    assert all(not s.left for s in steps) and amgm.proof.how == "after it"


def test_how_a_cited_statement_applies_is_read_from_the_prose():
    paper = read_paper(str(PAPERS / "sound_proofs.tex"))
    entry_ = next(e for e in paper.entries() if e.id.endswith("lemma-sum"))
    link = entry_.steps()[1][2]
    assert {k: {n: str(v) for n, v in b.items()} for k, b in link.bind.items()} == {
        "sound-proofs:lemma-amgm": {"a": "p", "b": "1 - p"}}
    assert link.extra_hypotheses == ()  # "with a = p" binds, it is no hypothesis


def test_a_reason_that_refers_to_a_statement_is_a_citation():
    paper = read_paper(str(PAPERS / "sound_proofs.tex"))
    total = next(r for r in paper.extraction.read if r.claim_id.endswith("lemma-sum"))
    cited = [s.cites for s in total.proof.steps]
    assert cited == [(), ("sound-proofs:lemma-amgm",), ()]
    entry = next(e for e in paper.entries() if e.id.endswith("lemma-sum"))
    assert [link.cites for _k, _p, link in entry.steps()] == cited


def test_a_mark_is_explained_by_the_prose_after_the_display():
    paper = read_paper(str(PAPERS / "sound_proofs.tex"))
    log = next(r for r in paper.extraction.read if r.claim_id.endswith("proposition-log"))
    assert log.proof.steps[0].reason.startswith("is the tangent line")


def test_a_name_the_proof_introduces_in_words_leaves_its_steps_incomplete():
    paper = read_paper(str(PAPERS / "sound_proofs.tex"))
    e = next(r for r in paper.extraction.read if r.claim_id.endswith("lemma-exp"))
    with_z = [s for s in e.proof.steps if "z" in {str(x) for x in s.prop.symbols}]
    assert len(with_z) == 2 and all(any("names the statement does not have (z)" in w
                                         for w in s.left) for s in with_z)


def test_cases_of_a_proof_are_scoped_and_never_contradict():
    paper = read_paper(str(PAPERS / "flawed_proofs.tex"))
    e = next(r for r in paper.extraction.read if r.claim_id.endswith("lemma-cases"))
    extra = [[str(q) for q in s.extra] for s in e.proof.steps]
    assert extra == [["Abs(u) <= 1"], ["Abs(u) <= 1"], ["Abs(u) > 1"], ["Abs(u) > 1"]]


def test_the_chain_that_starts_at_the_statement_concludes_it():
    paper = read_paper(str(PAPERS / "flawed_proofs.tex"))
    entries = {e.id.split(":", 1)[1]: e for e in paper.entries()}
    assert entries["theorem-weak"].proof is not None
    assert str(entries["theorem-weak"].proof.conclusion()) == "x**2 + x <= 3"
    # the argument by cases has two chains, neither from |u| to 1 + u² alone
    assert len(entries["lemma-cases"].chains()) == 2


def test_a_statement_read_incompletely_makes_its_steps_incomplete():
    tex = (r"\newtheorem{lemma}{Lemma}" "\n"
           r"\begin{lemma}Let $x$ be a unit vector. Then $x^2 \le 1$.\end{lemma}" "\n"
           r"\begin{proof}\[ x^2 \le 1 \cdot 1 = 1 . \]\end{proof}")
    ex = extract(tex, "p.tex", "p")
    assert read_proofs(ex) == 1
    r = ex.read[0]
    assert r.left  # "unit vector" in words
    entry_steps = [a.left for _c, a in entry(r).link_annotated()]
    assert len(entry_steps) == 2 and all(entry_steps)


def test_relations_a_step_is_not_checked_under_are_not_read():
    tex = (r"\newtheorem{lemma}{Lemma}" "\n"
           r"\begin{lemma}Let $x > 0$. Then $x \le x + 1$.\end{lemma}" "\n"
           r"\begin{proof}\[ x \approx x + 0 \le x + 1 . \]\end{proof}")
    ex = extract(tex, "p.tex", "p")
    read_proofs(ex)
    steps = ex.read[0].proof.steps
    assert [s.prop is None for s in steps] == [True, False]
    assert "not a relation a step is checked under" in steps[0].error


def test_the_steps_of_proofs_about_vectors_and_matrices_are_proved_for_every_size(tmp_path):
    """Operator norm, the triangle inequality through a third point, ‖·‖₂ ≤ √n‖·‖∞ and
    exp's monotonicity, Cauchy–Schwarz: every step of vector_proofs.tex proved rigorously."""
    out = tmp_path / "r.json"
    assert main(["check", str(PAPERS / "vector_proofs.tex"), "--no-cache", "-q", "--budget",
                 "quick", "--json", str(out)]) == 0
    results = json.loads(out.read_text())["results"]
    steps = [r for r in results if ":step-" in r["id"]]
    assert len(steps) == 10
    assert all(r["status"] == "proved" and r["rigorous"] and r["reading"] == "complete"
               for r in results), [(r["id"], r["status"]) for r in results]


def _proof_steps(lemma: str, proof: str):
    """The steps read from the proof of a one-lemma paper."""
    tex = (r"\newtheorem{lemma}{Lemma}" "\n" rf"\begin{{lemma}}{lemma}\end{{lemma}}" "\n"
           rf"\begin{{proof}}{proof}\end{{proof}}")
    ex = extract(tex, "p.tex", "p")
    read_proofs(ex)
    return ex.read[0].proof.steps


def test_a_condition_written_with_forall_in_a_proof_is_read():
    steps = _proof_steps(r"Let $p > 0$. Then $\log(1) \le p$.",
                         r"Since $\forall a, b > 0$, \[ \log(ab) = \log(a) + \log(b) . \]")
    assert [str(q) for q in steps[0].extra] == ["a > 0", "b > 0"]


def test_a_normalisation_the_proof_assumes_in_words_leaves_its_steps_incomplete():
    """"we may assume that $x$ is a unit vector": a step refuted without it is no finding."""
    steps = _proof_steps(r"Let $x \in \mathbb{R}^n$. Then $\|x\|_2 \le \|x\|_1$.",
                         r"Note that we may assume that $x$ is a unit vector. Then "
                         r"\[ \|x\|_2 \le 1 \le \|x\|_1 . \]")
    assert len(steps) == 2 and all(any("in words" in w for w in s.left) for s in steps)


def test_a_condition_in_words_after_a_formula_leaves_the_step_incomplete():
    """"hence $x^2 \\le x^3$ whenever $x$ is at least one": refuted at x = 1/2 as read, which
    is no finding."""
    tex = (r"\newtheorem{lemma}{Lemma}" "\n"
           r"\begin{lemma}Let $x$ be real. Then $x^3 \le x^3$.\end{lemma}" "\n"
           r"\begin{proof}Hence $x^2 \le x^3$ whenever $x$ is at least one.\end{proof}")
    ex = extract(tex, "p.tex", "p")
    read_proofs(ex)
    (step,) = ex.read[0].proof.steps
    assert step.left == ["the proof says of x in words: 'whenever'"]


def test_a_softmax_regression_draft_is_read_completely_with_its_definitions(tmp_path):
    """α and f from a definition environment, the declarations of the running text, two
    lemmas and their proof chains: every statement and step read completely, none refuted."""
    out = tmp_path / "r.json"
    main(["check", str(PAPERS / "softmax_lemmas.tex"), "--no-cache", "-q", "--budget",
          "quick", "--json", str(out)])
    results = json.loads(out.read_text())["results"]
    assert len(results) == 8 and all(r["reading"] == "complete" for r in results)
    assert not any(r["status"] == "refuted" for r in results)
    assert sum(r["status"] == "proved" for r in results) >= 7
    assert "⟨exp(Ax), 𝟏ₙ⟩⁻¹" in results[0]["read_as"]  # f(x) as the definition says


def test_what_a_proof_concludes_is_never_a_hypothesis_of_its_steps():
    """Audit 34: "Therefore, we can get directly that $x^2 \\le 4$" was a hypothesis of every
    step, the statement's conclusion among them (the checks were circular)."""
    steps = _proof_steps(r"Let $0 \le x \le 2$. Then $x^2 \le 4$.",
                         r"\[ x^2 \le 2x \le 4 . \] Therefore, we can get directly that "
                         r"$x^2 \le 4$.")
    assert [s.extra for s in steps] == [(), ()]
    steps = _proof_steps(r"Let $0 \le x \le 2$. Then $x^2 \le 4$.",
                         r"Since $x^2 \le 4$, \[ x^2 \le 2x \le 4 . \]")  # circular "since"
    assert [s.extra for s in steps] == [(), ()]


def test_a_condition_stands_for_the_steps_after_it_and_the_display_it_follows():
    steps = _proof_steps(r"Let $x \ge 0$. Then $x \le x + 1$.",
                         r"\[ x \le x + 1 , \] where $x \ge 0$. Next, \[ x + 1 \le x + 2 , \] "
                         r"and if $x \le 1$, \[ x \le 1 + 1 . \]")
    assert [[str(q) for q in s.extra] for s in steps] == [["x >= 0"], ["x >= 0"],
                                                          ["x >= 0", "x <= 1"]]


def test_cases_whose_conditions_contradict_once_expanded_are_flagged():
    steps = _proof_steps(r"Let $b > 0$ and $x > 0$. Then $b \ge 0$.",
                         r"Assume $(x - 1)^2 < b$. Suppose also $b < (1 - x)^2$. "
                         r"\[ b \le b + 1 . \]")
    assert any("contradict each other" in w for w in steps[0].left)


def test_a_display_after_iff_in_a_proof_is_not_asserted():
    steps = _proof_steps(r"Let $b > 0$. Then $b \ge 0$.",
                         r"The roots are complex iff \[ 0 < b < 1 . \] In either case "
                         r"\[ b \ge 0 . \]")
    assert [s.latex for s in steps] == [r"b \ge 0"]


def test_review_34b_what_one_case_established_is_not_given_in_another():
    """A step of the second case took the first case's conclusion (x² ≤ x) and was proved
    vacuously; checked in its own case, the false step x³ ≤ x² is refuted."""
    steps = _proof_steps(r"Let $x \ge 0$. Then $x^4 \ge 0$.",
                         r"If $0 \le x \le 1$, then $$x^2 \le x.$$ If $x \ge 1$, then "
                         r"$$x^3 \le x^2.$$ Hence $x^4 \ge 0$.")
    assert [str(q) for q in steps[1].extra] == ["x >= 1"] and steps[1].given == ()
