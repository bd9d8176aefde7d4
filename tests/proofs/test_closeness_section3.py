"""Regression suite for `closeness` Section 3: the verdicts the checks reach, pinned."""

import json

import numpy as np
import pytest

from numeric.layout import Layout
from numeric.search.confirm import confirm
from proofs import registry
from proofs.runner import check_claim, entry_notes, run_entries
from symbolic.verdict import Status

EXPECTED = {
    "closeness:fact-3.1:item-1": Status.PROVED,  # fact blackboard: Hadamard (every n)
    "closeness:fact-3.1:item-2": Status.PROVED,  # lemma schema (every n)
    "closeness:fact-3.1:item-2:step-1": Status.PROVED,  # lemma schema (every n)
    "closeness:fact-3.1:item-2:step-2": Status.PROVED,  # lemma schema (every n)
    "closeness:fact-3.1:item-3": Status.PROVED,  # fact blackboard: exp-sup-norm, monotone
    "closeness:fact-3.1:item-4": Status.PROVED,  # fact blackboard: exp-difference, exp-upper
    "closeness:fact-3.2:item-1": Status.PROVED,  # identity: ‖Xᵀ‖ = ‖X‖ in the normal form
    "closeness:fact-3.2:item-2": Status.PROVED,  # fact blackboard: reverse triangle
    "closeness:fact-3.2:item-3": Status.PROVED,  # lemma schema (every n)
    "closeness:fact-3.2:item-4": Status.PROVED,  # fact blackboard: submultiplicative
    "closeness:fact-3.2:item-5": Status.REFUTED,
    "closeness:extra-fact-3.2-item-5-psd": Status.PROVED,  # fact blackboard: loewner-norm
    "closeness:lemma-3.3": Status.REFUTED,
    "closeness:extra-lemma-3.3-alpha": Status.PROVED,  # fact blackboard, five entries
    "closeness:lemma-3.3:step-1": Status.PROVED,  # identity: ⟨u, 𝟏⟩ = Σ u
    "closeness:lemma-3.3:step-2": Status.PROVED,  # fact blackboard: exp-vector
    "closeness:lemma-3.3:step-3": Status.PROVED,  # fact blackboard: entry extremes, monotone
    "closeness:lemma-3.3:step-4": Status.PROVED,  # identity: min exp(−|v|) = exp(−max |v|)
    "closeness:lemma-3.3:step-5": Status.PROVED,  # identity: max |v| = ‖v‖∞
    "closeness:lemma-3.3:step-6": Status.PROVED,  # fact blackboard (every n)
    "closeness:lemma-3.3:step-7": Status.PROVED,  # fact blackboard: operator norm, exp monotone
}
SECTION3 = [e for e in registry.paper("closeness").entries
            if e.id.split(":")[1].startswith(("fact-3", "lemma-3", "extra-fact-3", "extra-lemma-3"))]


@pytest.fixture(scope="module")
def results():
    return {r.id: r for r in run_entries(SECTION3, "quick", seed=0)}


def test_every_section3_item_has_its_pinned_verdict(results):
    assert {k: r.status for k, r in results.items()} == EXPECTED
    assert not [r.id for r in results.values() if r.unexpected]


def test_refutations_are_rigorous_with_reproducible_witnesses(results):
    for cid in ("closeness:fact-3.2:item-5", "closeness:lemma-3.3"):
        r = results[cid]
        assert r.verdict.rigorous, cid
        w = json.loads(json.dumps(r.verdict.witness))  # through JSON and back
        claim = r.claim
        dims = {k: w[k] for k in ("n", "d") if k in w}
        layout = Layout.of(claim, dims)
        values = {s: np.array(w[str(s)], dtype=float) for s in layout.symbols}
        assert confirm(claim, layout, values, {}).violated


def test_statement_vs_chain_note_for_lemma_3_3(results):
    lemma = registry.paper("closeness").entry("closeness:lemma-3.3")
    notes = entry_notes(lemma)
    assert len(notes) == 1
    assert notes[0] == "the proof chain starts at α(x), not at the statement's left side β"
    assert notes == results["closeness:lemma-3.3"].notes


def test_exact_steps_and_slack(results):
    step1 = results["closeness:lemma-3.3:step-1"].verdict
    assert step1.method.startswith("identity") and step1.slack == 0
    # Fact 3.1.4 (factor 2 where (e^0.01 - 1)/0.01 would do) is proved from the bound
    # |e^a - e^b| <= e^a (e^|a-b| - 1) and e^t <= 1 + t + t^2
    fact = results["closeness:fact-3.1:item-4"].verdict
    assert fact.status is Status.PROVED and {"exp-difference", "exp-upper"} <= set(
        fact.details["relies_on"])


def test_seeded_runs_are_reproducible():
    claim = registry.paper("closeness").entry("closeness:fact-3.1:item-4").claims()[0]
    a, b = check_claim(claim, "quick", seed=5), check_claim(claim, "quick", seed=5)
    assert (a.status, a.slack, a.evaluations) == (b.status, b.slack, b.evaluations)


def test_quick_reaches_the_shape_d_above_n():
    """docs/reliability.md, weak spot 3: Lemma 3.3's bound with ``‖x‖∞ <= R`` in place of
    ``‖x‖₂ <= R`` is false only where ``d > n`` (``n = 1``, ``d = 2``, ``A = (R/√2)(1, 1)``,
    ``x = -R(1, 1)``). Quick's third dimension setting is the cheapest corner, ``n = 1`` with
    ``d = 8``, which finds it (it used to be ``n = 16``, ``d = 1``, which does not)."""
    import dataclasses

    from symbolic import Prop
    from symbolic.objects import norminf

    c = next(c for c in registry.paper("closeness").claims()
             if c.id == "closeness:extra-lemma-3.3-alpha")
    x = next(s for s in c.symbols if str(s) == "x")
    R = next(s for s in c.symbols if str(s) == "R")
    hyps = tuple(Prop(norminf(x), "<=", R) if "Norm2(x)" in str(h) else h for h in c.hypotheses)
    assert hyps != c.hypotheses
    mutant = dataclasses.replace(c, id="closeness:extra-lemma-3.3-alpha-inf", hypotheses=hyps)
    v = check_claim(mutant, "quick", seed=0)
    assert v.status is Status.REFUTED and v.rigorous
    assert v.details["found_by"]["dims"]["n"] < v.details["found_by"]["dims"]["d"]
