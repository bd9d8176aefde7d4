"""Hypothesis flow on the closeness proofs: what the proofs use but the statements do not list."""

import pytest

from numeric.search.confirm import confirm_json
from proofs.papers.closeness import PAPER
from proofs.papers.closeness import section5 as s5
from proofs.tools.hypothesis_flow import _implication, flow, needed
from symbolic import Prop, norm2, opnorm


def _needed_strs(entry):
    return {str(h) for _, _, h in needed(PAPER, entry)}


def test_lemma_5_5_part_1_needs_what_it_does_not_list():
    part1 = PAPER.entry("closeness:lemma-5.5:part-1")
    got = _needed_strs(part1)
    for h in (Prop(opnorm(s5.A), "<=", s5.R), Prop(norm2(s5.xt1), "<=", s5.R)):
        assert str(h) in got
    # Lemma 5.6, cited at step 5 with x -> x_{t+1}, y -> x_t: its shift hypothesis, instantiated
    assert any("x_t - x_{t+1}" in h or "-x_{t+1} + x_t" in h for h in got)


@pytest.fixture(scope="module")
def items_5_6_and_5_5():
    ents = [PAPER.entry("closeness:lemma-5.6"), PAPER.entry("closeness:lemma-5.5")]
    return flow(PAPER, ents, budget="quick", seed=0)


def test_missing_hypotheses_are_refuted_with_witnesses(items_5_6_and_5_5):
    missing = [i for i in items_5_6_and_5_5 if i.status == "missing"]
    assert {i.entry for i in missing} == {"closeness:lemma-5.5:part-1",
                                           "closeness:lemma-5.5:part-2",
                                           "closeness:lemma-5.5:part-3"}
    norm_a = [i for i in missing if str(i.hypothesis) == str(Prop(opnorm(s5.A), "<=", s5.R))]
    assert norm_a, "||A|| <= R must be reported missing for Lemma 5.5"
    for it in missing[:4]:
        entry = PAPER.entry(it.entry)
        conf = confirm_json(_implication(entry, it.hypothesis), it.verdict.witness)
        assert conf.violated and conf.hypotheses_hold


def test_lemma_5_6_citation_of_fact_3_1_is_implied(items_5_6_and_5_5):
    st = [i for i in items_5_6_and_5_5 if i.entry == "closeness:lemma-5.6"]
    # ||Ax - Ay||_inf <= 0.01 (Fact 3.1 bullet 4) follows from ||A(y - x)||_inf < 0.01
    assert st and all(i.status == "implied" for i in st)


def test_flow_in_worker_processes_gives_the_same_items(items_5_6_and_5_5):
    ents = [PAPER.entry("closeness:lemma-5.6"), PAPER.entry("closeness:lemma-5.5")]
    par = flow(PAPER, ents, budget="quick", seed=0, jobs=2)

    def row(it):
        v = it.verdict
        return (it.entry, it.citing, str(it.hypothesis), it.status, it.sites,
                None if v is None else (v.status, v.rigorous, v.witness))

    assert [row(i) for i in par] == [row(i) for i in items_5_6_and_5_5]
    assert any(i.status == "missing" for i in par) and len(par) > 3


def test_the_implications_are_kept_in_the_store_the_caller_passes(tmp_path):
    """Forked workers (jobs=2) check the implications with the store passed to them: a second
    flow reads every verdict back and checks nothing."""
    from numeric.budget import Budget
    from proofs.model import Chain, Lemma, Link, Paper
    from proofs.store.cache import ResultStore
    from symbolic import scalar

    t = scalar("t")
    tool = Lemma("toy:lemma-1", "tool", Prop(t, "<=", 1),
                 hypotheses=(Prop(t, "<=", 0), Prop(t, ">=", -5)))
    user = Lemma("toy:lemma-2", "user", Prop(t, "<=", 2), hypotheses=(Prop(t, "<=", 3),),
                 proof=Chain(t, [Link("<=", 2, "Lemma 1", cites=("toy:lemma-1",))]))
    paper = Paper("toy", "", "", [tool, user])
    store = ResultStore(str(tmp_path))
    items = flow(paper, budget="quick", jobs=2, store=store)
    assert [i.status for i in items] == ["missing", "missing"]
    for it in items:
        v = store.get(_implication(user, it.hypothesis), Budget.get("quick"), 0)
        assert v is not None and v.status is it.verdict.status
    assert flow(paper, budget="quick", jobs=1, store=store)[0].verdict.message == \
        items[0].verdict.message
