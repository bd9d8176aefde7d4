"""Pinned verdicts of the tensor-trick encoding (reconstruction; see the paper's notes)."""

import functools

import pytest
import sympy as sp

from proofs import registry
from proofs.runner import check_claim, entry_notes
from proofs.testing import assert_holds, assert_refuted
from symbolic import Status

PAPER = registry.paper("tensor-trick")


@functools.cache
def _annotated() -> dict:
    """Claim id -> (claim, annotation), built once: PAPER.annotated() builds every claim of the
    paper anew on each call (the first of an id wins, as a search in paper order would)."""
    out: dict = {}
    for c, a in PAPER.annotated():
        out.setdefault(c.id, (c, a))
    return out


def claim(cid):
    return _annotated()[cid][0]


def annotation(cid):
    return _annotated()[cid][1]


def test_every_entry_is_marked_as_reconstruction_or_planted():
    assert "RECONSTRUCTION" in PAPER.notes
    for e in PAPER.entries:
        text = e.note.lower()
        assert "reconstruction" in text or "planted" in text, e.id
    hq = [e for e in PAPER.entries if "-h-" in e.id or "-q-" in e.id or e.id.endswith("-h")]
    assert hq and all("assumption" in e.note for e in hq)


def test_proof_chains_conclude_their_statements():
    for e in PAPER.entries:
        if e.proof is not None:
            assert entry_notes(e) == ["the proof chain concludes the statement"], e.id


IDENTITIES = [f"tensor-trick:lemma-tensor-trick:part-{k}" for k in range(1, 5)] + [
    "tensor-trick:lemma-block-row:part-1", "tensor-trick:lemma-block-row:part-2",
    "tensor-trick:lemma-vec-diag:part-1", "tensor-trick:lemma-vec-diag:part-2",
    *[f"tensor-trick:lemma-equivalence:part-{k}" for k in range(1, 7)],
    "tensor-trick:extra-unvec-normalized", "tensor-trick:extra-unvec-residual"]


@pytest.mark.parametrize("cid", IDENTITIES)
def test_identities_are_proved_for_all_sizes(cid):
    v = check_claim(claim(cid), "quick")
    assert v.status is Status.PROVED and v.rigorous, v.message
    assert "dimension-generic" in v.method
    assert v.details["generic"] is True and v.details["grid_cases_checked"] >= 1


@pytest.mark.parametrize("cid", ["tensor-trick:extra-tensor-trick-wrong-convention",
                                 "tensor-trick:extra-vec-diag-wrong-convention"])
def test_planted_wrong_conventions_are_refuted_and_not_paper_findings(cid):
    from proofs.model.lemma import PLANTED
    from proofs.model.results import Result
    from proofs.review.findings import collect

    c, a = claim(cid), annotation(cid)
    assert a.expect == "refuted" and a.finding == PLANTED
    v = assert_refuted(c)
    assert v.witness is not None and "dimension-generic" not in v.method
    assert collect([Result.of(c, v, a)]) == []
    # the same refutation without the planted flag would be listed
    bare = a.with_(finding=None)
    assert [f.id for f in collect([Result.of(c, v, bare)])] == [cid]


def test_gradient_block_f():
    assert_holds(claim("tensor-trick:lemma-gradient:part-4"))


@pytest.mark.slow
def test_lipschitz_f_chain_and_sharp_constant():
    for cid in ("tensor-trick:lemma-lipschitz-f-x", "tensor-trick:lemma-lipschitz-f-x:step-3",
                "tensor-trick:extra-lipschitz-f-x-sharp"):
        v = assert_holds(claim(cid))
        # proved (the block 𝖠_{j0} is a part of 𝖠: library entry row-block) or sampled within
        assert v.status is Status.PROVED or (v.slack is not None and v.slack <= 1.0), cid
    sharp = claim("tensor-trick:extra-lipschitz-f-x-sharp")
    assert check_claim(sharp, "quick").status is Status.PROVED
    assert check_claim(sharp.with_(rhs=sharp.rhs / 2), "quick").status is Status.REFUTED


def test_lipschitz_u_sharp_is_tight_enough_to_fail_when_halved():
    c = claim("tensor-trick:extra-lipschitz-u-x-sharp")
    assert_holds(c)
    R = sp.Symbol("R", real=True)
    tighter = c.with_(rhs=c.rhs.subs(sp.exp(R**2), 1) / 4)
    assert check_claim(tighter, "quick").status is Status.REFUTED


def test_icl_theorems_cover_r_up_to_60():
    for e in PAPER.entries:
        if e.id.startswith("tensor-trick:theorem-icl-"):
            assert e.ranges["R"][0] == 4 and e.ranges["R"][1] >= 60, e.id


@pytest.mark.slow
def test_icl_normalized_x_theorem_in_log_space():
    v = check_claim(claim("tensor-trick:theorem-icl-normalized-x"), "quick")
    assert v.status is Status.SUPPORTED, v.message
    assert v.slack is not None and v.slack < 1e-6
    be = v.details["backends"]
    assert be["logspace"] > 0 and be["unresolved"] == 0  # overflowed instances re-evaluated
