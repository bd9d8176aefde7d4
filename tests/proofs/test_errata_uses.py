"""Issue 30, items a-d and 3: inconsistent uses of a lemma, the notation of hand-written
corrections, the wording of Section 3.1 and the remarks in the LaTeX errata (the checked
corrections: ``tests/proofs/review/test_corrections.py``).

No check runs here: findings come from the encoding (exact comparisons) and from verdicts
given by hand.
"""

from __future__ import annotations

import pathlib
import re

from proofs.model import Text
from proofs.model.results import Result
from proofs.papers.closeness import PAPER
from proofs.reports import errata
from proofs.review.causes import causes
from proofs.review.findings import collect, use_findings, wording_findings
from proofs.review.model import SEVERITY
from proofs.review.uses import faithful, inconsistent_uses
from symbolic import Prop
from symbolic.verdict import Status, Verdict

CLAIMS = {c.id: c for c in PAPER.claims()}
SEED = pathlib.Path("/work/shared/seeds/000_f17ffa643c170919.txt")


def _results(ids: list[str], status: Status = Status.PROVED) -> list[Result]:
    return [Result.of(CLAIMS[i], Verdict(status, "given", True, ""), PAPER.annotation(i))
            for i in ids]


def test_every_applies_record_reproduces_its_step():
    assert faithful(PAPER) == []
    applied = [(e.id, k) for e in PAPER.entries for q in e.all_entries() if q.proof
               for k, link in enumerate(q.proof.links, 1) if link.applies]
    assert len(applied) >= 10  # Lemmas 5.5/7.5 (three parts each) and Theorems 8.1/8.2


def test_inconsistent_uses_of_lemmas_5_6_and_5_5():
    got = {(f.id, f.check["cited"]): f for f in inconsistent_uses(PAPER)}
    assert set(got) == {
        ("closeness:lemma-5.5:part-1:step-5", "closeness:lemma-5.6"),
        ("closeness:lemma-5.5:part-2:step-3", "closeness:lemma-5.6"),
        ("closeness:lemma-5.5:part-3:step-3", "closeness:lemma-5.5:part-1"),
        ("closeness:lemma-5.5:part-3:step-3", "closeness:lemma-5.5:part-2"),
        ("closeness:lemma-7.5:part-1:step-5", "closeness:lemma-7.6"),
        ("closeness:lemma-7.5:part-2:step-3", "closeness:lemma-7.6"),
        ("closeness:lemma-7.5:part-3:step-3", "closeness:lemma-7.5:part-1"),
        ("closeness:lemma-7.5:part-3:step-3", "closeness:lemma-7.5:part-2"),
        ("closeness:lemma-7.5:part-2", "closeness:lemma-5.5:part-2"),  # the restatement
    }
    part1 = got[("closeness:lemma-5.5:part-1:step-5", "closeness:lemma-5.6")]
    assert part1.used == part1.reached == "2R √n exp(R²) ‖x_{t+1} - x_t‖₂"
    assert part1.stated == "2 √(nR) exp(R²) ‖x_{t+1} - x_t‖₂" and part1.rigorous
    part2 = got[("closeness:lemma-5.5:part-2:step-3", "closeness:lemma-5.6")]
    assert part2.used == "2 √(nR) exp(2R²) ‖x_{t+1} - x_t‖₂" and "neither" in part2.evidence
    quote = got[("closeness:lemma-5.5:part-3:step-3", "closeness:lemma-5.5:part-2")]
    assert quote.used == "2R β⁻¹ √n exp(2R²) ‖x_{t+1} - x_t‖₂"
    assert quote.used not in (quote.stated, quote.reached)
    rest = got[("closeness:lemma-7.5:part-2", "closeness:lemma-5.5:part-2")]
    assert (rest.used, rest.stated) == ("2R β⁻¹ √n exp(R²)", "2β⁻¹ √(nR) exp(R²)")
    # uses that agree with the cited statement are no finding (Lemmas 5.7, 5.8, Theorem 8.1)
    ids = {f.id for f in got.values()}
    assert not ids & {"closeness:lemma-5.5:part-1:step-3", "closeness:lemma-5.5:part-1:step-4",
                      "closeness:theorem-8.1:step-1", "closeness:theorem-8.2:step-1"}


def test_inconsistent_uses_are_three_causes_between_invalid_steps_and_omissions():
    ids = sorted({f.id for f in inconsistent_uses(PAPER)})
    items = use_findings(_results(ids))
    assert len(items) == 9
    cs = causes(items, PAPER)
    assert [c.kind for c in cs] == ["inconsistent-use"] * 3
    titles = [c.title for c in cs]
    assert titles[0] == "Lemma 5.6, Lemma 7.6: used with constants other than the statement's"
    assert any(t.startswith("Lemma 5.5 Part 2, Lemma 7.5 Part 2") for t in titles)
    part2 = next(c for c in cs if c.title.startswith("Lemma 5.5 Part 2"))
    assert "Lemma 7.5 Part 2, which restates it, has 2R β⁻¹ √n exp(R²)" in part2.summary
    order = SEVERITY
    assert order.index("invalid-step") < order.index("inconsistent-use") \
        < order.index("missing-hypothesis")


def test_hand_written_corrections_have_no_ascii_mathematics():
    ascii_maths = re.compile(r"\|\||<=|>=|\bbeta\b|\balpha\b|\^T|_2\b|\^-1|\beta\b|\bdelta\b")
    seen = 0
    for e in PAPER.entries:
        for q in e.all_entries():
            corr = [q.corrected] + [link.corrected for link in (q.proof.links if q.proof else [])]
            for c in corr:
                if c is None or isinstance(c, Prop):
                    continue
                seen += 1
                assert isinstance(c, Text) or not ascii_maths.search(str(c)), (q.id, c)
                assert not ascii_maths.search(str(c)), (q.id, str(c))
                if isinstance(c, Text):
                    assert "$" in c.latex(lambda s: s)
    assert seen >= 8


def test_text_corrections_in_both_formats():
    r = _results(["closeness:lemma-5.8"], Status.REFUTED)
    f = collect(r)[0]
    assert f.corrected == ("add β > 0: then ⟨exp(Ax), 𝟏ₙ⟩ ⟨exp(Ay), 𝟏ₙ⟩ ≥ β² and the "
                           "bound holds")
    assert f.corrected_tex.startswith(r"add $\beta > 0$: then $")
    tex = "\n".join(errata.latex_body([f], causes([f])))
    assert r"Corrected: add $\beta > 0$" in tex


def test_section_3_1_wording_as_printed():
    items = wording_findings(_results(["closeness:fact-3.1:item-1"]))
    w = next(f for f in items if f.source == "Section 3.1, notation")
    assert w.printed == "“ℝ_{>0} represents non-negative real numbers”"
    assert w.corrected == "“ℝ_{>0} represents positive real numbers”"
    if SEED.exists():
        assert r"$\mathbb{R}_{>0}$ represents non-negative real numbers" in SEED.read_text()
    cs = causes(items, PAPER)
    assert any(c.title == "Section 3.1: wording" for c in cs)


def test_remarks_have_their_own_section_in_the_latex_errata():
    res = _results(["closeness:theorem-8.1", "closeness:extra-lemma-5.5-part-3-sharp"])
    res += _results(["closeness:lemma-5.8"], Status.REFUTED)
    found = collect(res)
    tex = "\n".join(errata.latex_body(found, causes(found)))
    head, _, tail = tex.partition(r"\subsection*{Remarks (not errors)}")
    assert tail and "vacuous" in tail and "vacuous" not in head
    assert "Lemma 5.8" in head
