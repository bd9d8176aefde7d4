"""The checked corrections (:mod:`proofs.review.corrections`): the fewest needed hypotheses
under which the prover proves a statement, their text in a cause, and the certificates' list
of the forms not to try again. The prover runs on small corrections."""

from __future__ import annotations

import pytest

from proofs.papers.closeness import PAPER
from proofs.review import corrections
from proofs.review.causes import _checked_correction
from proofs.review.model import Correction
from proofs.tools.hypothesis_flow import needed
from symbolic import Prop
from symbolic.pretty import pretty


def _needs(eid: str) -> list[Prop]:
    entry = PAPER.entry(eid)
    out: list[Prop] = []
    for _, _, h in needed(PAPER, entry):
        if h not in out and h not in entry.hypotheses:
            out.append(h)
    return out


def test_checked_corrections_drop_what_the_others_imply():
    # Lemma 5.5 Part 3 needs only ‖A‖ ≤ R (the referee's point); Theorem 8.2 only ‖x‖₂ ≤ R:
    # α ≥ exp(−R²) follows from the norm bounds (Lemma 3.3)
    part3 = PAPER.entry("closeness:lemma-5.5:part-3")
    needs = [h for h in _needs(part3.id)][:6]
    rec = corrections.minimal(part3, needs)
    assert rec.proved and rec.added == ["‖A‖ ≤ R"]
    assert "‖x_t‖₂ ≤ R" in rec.dropped and rec.relies_on
    th = PAPER.entry("closeness:theorem-8.2")
    needs = [h for h in _needs(th.id) if "exp" not in str(h.lhs) or "A" in str(h.lhs)]
    rec = corrections.minimal(th, needs)
    assert rec.proved and rec.added == ["‖x‖₂ ≤ R"]
    assert "α(A_t) ≥ exp(-R²)" in rec.dropped


def test_checked_correction_text_covers_every_entry():
    recs = [Correction.from_json(r) for r in [
        {"entry": "closeness:theorem-8.1", "proved": True, "added": [], "dropped": ["a"],
         "relies_on": ["operator-norm"], "needed": ["‖x_t‖₂ ≤ R"],
         "proof_needs": ["‖x_t‖₂ ≤ R"]},
        {"entry": "closeness:theorem-8.2", "proved": True, "added": ["‖x‖₂ ≤ R"],
         "dropped": ["α(A_t) ≥ exp(-R²)"], "relies_on": ["softmax-lipschitz"], "needed": []},
        {"entry": "closeness:lemma-7.5:part-1", "proved": False, "added": ["‖x‖₂ ≤ R"],
         "dropped": [], "relies_on": [], "needed": [], "support": "supported by the run"},
    ]]
    text = _checked_correction(recs, PAPER)
    assert text.startswith("Theorem 8.1: true as printed (proved); its proof as written uses "
                           "‖x_t‖₂ ≤ R")
    assert "Theorem 8.2: add ‖x‖₂ ≤ R (proved; not needed: α(A_t) ≥ exp(-R²))" in text
    assert "Lemma 7.5 Part 1: add ‖x‖₂ ≤ R (not proved; supported by the run)" in text
    recs[2] = Correction.from_json({**recs[2].to_json(),
                                    "support": "proved by the run's check of this form (z3)"})
    assert "(proved by the run's check of this form (z3); the errata's quick proof" \
        in _checked_correction(recs, PAPER)
    assert text.endswith("Proofs: fact blackboard (operator-norm, softmax-lipschitz)")


@pytest.mark.slow
def test_a_statement_true_as_printed_is_said_so_when_more_hypotheses_drown_z3():
    # tensor-trick's c = f - b: b cancels in c(A) - c(Ã), so the Lipschitz bound of c needs no
    # ‖b_[j0]‖₂ ≤ R; with it the prover gives up, without it the statement is proved
    from proofs.registry import paper

    entry = paper("tensor-trick").entry("tensor-trick:lemma-lipschitz-c-a")
    needs = [h for _, _, h in needed(paper("tensor-trick"), entry)]
    assert "‖b_[j0]‖₂ ≤ R" in [pretty(h) for h in needs]
    rec = corrections.minimal(entry, needs)
    assert rec.proved and "‖b_[j0]‖₂ ≤ R" not in rec.added
    assert "row-block" in rec.relies_on


def test_a_correction_does_not_try_again_the_forms_the_certificates_list(monkeypatch):
    from proofs.store.cache import content_digest
    from proofs.store.certificates import Certificates

    th = PAPER.entry("closeness:theorem-8.2")
    needs = [h for h in _needs(th.id) if "exp" not in str(h.lhs) or "A" in str(h.lhs)]
    trials = {pretty(h): content_digest(corrections._claim(
        th, [k for k in needs if k is not h])) for h in needs}
    failed = corrections.unproved([(th, needs)])
    assert failed == [trials["‖x‖₂ ≤ R"]]  # the one hypothesis the correction keeps
    tried: list[str] = []
    real = corrections.prove_or_focus

    def spy(claim, *a, **k):
        tried.append(content_digest(claim))
        return real(claim, *a, **k)

    monkeypatch.setattr(corrections, "prove_or_focus", spy)
    rec = corrections._compute(th, needs, "quick", book=Certificates(
        unproved_forms={"quick": frozenset(failed)}))
    assert trials["‖x‖₂ ≤ R"] not in tried
    assert rec.proved and rec.added == ["‖x‖₂ ≤ R"]  # the record a full search gives
    assert "α(A_t) ≥ exp(-R²)" in rec.dropped  # (test_checked_corrections_drop_...)
    # the list decides: with the last trial (‖x‖₂ ≤ R alone, proved) listed, wrongly, its
    # dropped hypothesis stays
    alone = corrections._claim(th, [h for h in needs if pretty(h) == "‖x‖₂ ≤ R"])
    lying = Certificates(unproved_forms={"quick": frozenset([*failed, content_digest(alone)])})
    assert corrections._compute(th, needs, "quick", book=lying).added == [
        "‖x‖₂ ≤ R", "α(A_t) ≥ exp(-R²)"]
