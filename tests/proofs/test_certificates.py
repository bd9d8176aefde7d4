"""The proof certificates the papers ship (proofs/papers/<key>/certificates.json): they parse,
each replays, the runner and the command line use them, and ``--no-certificates`` does not."""

from __future__ import annotations

import json

import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.prover.certificate import Certificate, replay
from proofs import registry
from proofs.cli.main import main
from proofs.runner import run_entries
from proofs.store import certificates
from symbolic.verdict import Status

QUICK = Budget.get("quick")


def _claims(key: str) -> dict:
    return {c.id: c for e in registry.paper(key).entries for sub in e.all_entries()
            for c in sub.claims()}


@pytest.mark.parametrize("key", registry.paper_keys())
def test_each_paper_ships_certificates_that_parse_and_name_its_claims(key):
    path = certificates.path_of(key)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == certificates.FORMAT and doc["paper"] == key
    raw = doc["certificates"]
    shipped = certificates.shipped(key)
    assert len(shipped.proofs) == len(raw)  # every entry parses
    assert len(shipped.proofs) > 0 or key == "lipschitz-attention"  # no blackboard proof
    assert len(shipped.witnesses) == len(doc["witnesses"]) > 0
    ids = set(_claims(key))
    # a statement's conclusion claim has an id of its own; every other id is a claim's
    every = [*shipped.proofs, *shipped.witnesses]
    assert all(cid.startswith(f"{key}:") for cid in every)
    assert sum(cid in ids for cid in every) >= len(every) - 5


def test_closeness_certificates_replay_a_sample():
    claims = _claims("closeness")
    shipped = certificates.shipped("closeness").proofs
    sample = ["closeness:lemma-7.7", "closeness:fact-3.1:item-4",
              "closeness:lemma-5.5:part-1:step-5"]  # the last by the focused route
    assert shipped[sample[-1]].route == "focused"
    for cid in sample:
        out = replay(claims[cid], QUICK, shipped[cid])
        assert out.proved, cid
        assert out.relies_on == sorted(shipped[cid].relies_on)


@pytest.mark.slow
@pytest.mark.parametrize("key", registry.paper_keys())
def test_every_shipped_certificate_replays(key):
    claims = _claims(key)
    failed = [cid for cid, cert in certificates.shipped(key).proofs.items()
              if cid in claims and not replay(claims[cid], QUICK, cert).proved]
    assert failed == []


def test_the_runner_replays_what_it_is_given_and_nothing_else():
    entries = registry.resolve("closeness:lemma-7.7")
    book = certificates.Shipped()
    with_ = {r.id: r for r in run_entries(entries, "quick", certificates=book)}
    without = {r.id: r for r in run_entries(entries, "quick")}
    v, w = with_["closeness:lemma-7.7"].verdict, without["closeness:lemma-7.7"].verdict
    assert v.status is w.status is Status.PROVED
    assert v.details.get("from_certificate") is True
    assert "from_certificate" not in w.details
    assert v.details["relies_on"] == w.details["relies_on"]


def test_a_wrong_certificate_costs_time_not_a_verdict():
    entries = registry.resolve("closeness:lemma-7.7")
    wrong = certificates.Certificates({"closeness:lemma-7.7": Certificate(("triangle",))})
    r = {r.id: r for r in run_entries(entries, "quick", certificates=wrong)}
    v = r["closeness:lemma-7.7"].verdict
    assert v.status is Status.PROVED and "from_certificate" not in v.details
    assert {s["stage"]: s["outcome"] for s in v.details["stages"]}["certificate"] == \
        "no decision"


def test_a_damaged_file_gives_no_certificates(tmp_path, monkeypatch):
    bad = tmp_path / "certificates.json"
    bad.write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(certificates, "path_of", lambda key: bad)
    certificates.shipped.cache_clear()
    try:
        assert certificates.shipped("closeness") == certificates.Certificates()
        bad.write_text(json.dumps({"format": 1, "certificates": {
            "closeness:x": {"relies_on": "oops"},
            "closeness:y": {"relies_on": ["operator-norm"]}}}), encoding="utf-8")
        certificates.shipped.cache_clear()
        assert list(certificates.shipped("closeness").proofs) == ["closeness:y"]
    finally:
        certificates.shipped.cache_clear()


def test_check_cli_with_and_without_certificates(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    args = ["check", "closeness:lemma-7.7", "--budget", "quick", "-q", "-j", "1", "--no-cache"]
    assert main([*args, "--json", "with.json"]) == 0
    assert main([*args, "--json", "without.json", "--no-certificates"]) == 0
    capsys.readouterr()

    def stage_of(path):
        doc = json.loads((tmp_path / path).read_text())
        r = next(r for r in doc["results"] if r["id"] == "closeness:lemma-7.7")
        return r["status"], [s["stage"] for s in r["details"]["stages"]
                             if s["outcome"].startswith("decided")]

    assert stage_of("with.json") == ("proved", ["certificate"])
    assert stage_of("without.json") == ("proved", ["blackboard"])


def test_certify_rejects_an_unknown_paper_before_any_work(capsys):
    assert main(["certify", "closeness", "no-such-paper"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown paper 'no-such-paper'" in err


@pytest.mark.slow
def test_the_shipped_certificates_are_current(capsys):
    """``certify --check``: a fresh run at the budget they were written at gives the file
    (a change to the prover or a paper that changes a proof must rewrite it)."""
    for key in registry.paper_keys():
        budget = json.loads(certificates.path_of(key).read_text())["budget"]
        assert main(["certify", key, "--check", "--budget", budget, "-q"]) == 0, \
            capsys.readouterr().out


def test_a_shipped_witness_refutes_before_any_stage_and_is_re_confirmed():
    cid = "closeness:fact-3.2:item-5"
    entries = registry.resolve(cid)
    book = certificates.Shipped()
    assert book.witnesses_of(cid)
    v = {r.id: r for r in run_entries(entries, "quick", certificates=book)}[cid].verdict
    assert v.status is Status.REFUTED and v.rigorous and v.details["replayed"]
    assert v.witness == book.witnesses_of(cid)[0]
    assert v.details["stages"][0]["stage"] == "replay"
    # a witness is only a candidate: one that does not violate the claim refutes nothing
    # (X = Y = 0, α = 1: X ⪯ αY and ‖X‖ ≤ α‖Y‖ both hold)
    held = {**v.witness, "alpha": 1.0, "X": [[0.0]], "Y": [[0.0]]}
    fake = certificates.Certificates(witnesses={cid: [held]})
    w = {r.id: r for r in run_entries(entries, "quick", certificates=fake)}[cid].verdict
    assert w.status is Status.REFUTED and w.rigorous and "replayed" not in w.details
    assert {s["stage"]: s["outcome"] for s in w.details["stages"]}["replay"] == "no decision"


CLAIMS = """import sympy as sp
from symbolic import Claim, Prop, scalar

R = scalar("R")
growth = Claim("mine:lemma-1", 4 * R, "<=", sp.exp({k} * R**2), hypotheses=[Prop(R, ">=", 4)])
"""


def test_an_edited_claim_first_tries_the_proof_its_earlier_version_had(tmp_path, monkeypatch,
                                                                       capsys):
    """The edit loop: a run learns each proof's certificate (.proofcheck/certificates.json);
    after an edit the results store has nothing for the claim, and the learned certificate
    proves it at once. --no-cache neither reads nor writes what was learned."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PROOFCHECK_CACHE", "on")
    path = tmp_path / "mine.py"
    path.write_text(CLAIMS.format(k=6), encoding="utf-8")
    args = ["check", str(path), "--budget", "quick", "-q", "-j", "1"]
    assert main([*args, "--json", "a.json"]) == 0
    learned = json.loads((tmp_path / ".proofcheck" / "certificates.json").read_text())
    assert learned["certificates"]["mine:lemma-1"]["relies_on"] == ["exp-tangent"]
    path.write_text(CLAIMS.format(k=5), encoding="utf-8")  # edited: exp(5R²)
    assert main([*args, "--json", "b.json"]) == 0
    assert main([*args, "--json", "c.json", "--no-cache"]) == 0
    capsys.readouterr()

    def verdict(name):
        doc = json.loads((tmp_path / name).read_text())
        return next(r for r in doc["results"] if r["id"] == "mine:lemma-1")

    assert verdict("a.json")["status"] == verdict("b.json")["status"] == "proved"
    assert "from_certificate" not in verdict("a.json")["details"]
    assert verdict("b.json")["details"]["from_certificate"] is True
    assert "from_certificate" not in verdict("c.json")["details"]


def test_certify_searches_deeper_for_the_claims_the_check_left_open():
    from proofs.cli.commands.certify import deeper
    from proofs.model.results import Result
    from symbolic import Claim, Prop, d, matrix, n, norm2, opnorm, scalar, vector
    from symbolic.verdict import Verdict

    A, x, R = matrix("A", n, d), vector("x", d), scalar("R")
    hyps = (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R))
    true = Claim("t:extra-1", norm2(A * x), "<=", R**2, hyps)
    false = Claim("t:extra-2", norm2(A * x), "<=", R, hyps)
    pairs = [(Result.of(c, v), v) for c, v in [
        (true, Verdict(Status.SUPPORTED, "sampling")),
        (false, Verdict(Status.SUPPORTED, "sampling")),
        (true, Verdict(Status.REFUTED, "arb", True))]]  # a decided claim is left as it is
    got, left = deeper(pairs, ["quick"], 1)
    assert [c.id for c in left] == ["t:extra-2"]
    assert got[0][1].status is Status.PROVED
    assert got[0][1].details["certificate"]["relies_on"] == ["norm-nonnegative",
                                                             "operator-norm"]
    assert got[1][1].status is Status.SUPPORTED and got[2][1].status is Status.REFUTED


def test_a_claim_a_deeper_search_left_open_is_not_searched_again_while_it_is_the_same(
        tmp_path):
    from numeric.prover.certificate import prover_source
    from proofs.runner import check_claim
    from proofs.store.cache import content_digest
    from symbolic import Claim, scalar

    x = scalar("x")
    claim = Claim("t:extra-1", sp.exp(x) + sp.exp(-x), ">=", 2)
    edited = claim.with_(rhs=1)
    doc = certificates.document("t", "quick", [], "thorough", [claim], ["quick", "thorough"])
    assert doc["prover"] == prover_source() and doc["open"] == {
        "t:extra-1": content_digest(claim)}
    path = tmp_path / "certificates.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    book = certificates._read_book(path)
    why = book.searched(claim, "thorough")
    assert "thorough" in why and book.searched(edited, "thorough") is None  # an edit
    # the prover is not monotone in the budget: a budget not searched at searches
    assert book.searched(claim, "default") is None and book.searched(claim, "quick")
    # another prover: the open claims are searched again
    path.write_text(json.dumps(doc | {"prover": "0" * 16}), encoding="utf-8")
    assert certificates._read_book(path).open == {}
    v = check_claim(claim, "quick", searched=why)
    records = {r["stage"]: r["outcome"] for r in v.details["stages"]}
    assert records["blackboard"] == f"not run: {why}"
    assert v.status is not Status.REFUTED


@pytest.mark.parametrize("key", registry.paper_keys())
def test_the_open_claims_a_paper_ships_are_for_this_prover(key):
    """A prover change leaves the shipped open lists unused (every run searches again): run
    ``proofcheck certify`` (the slow test above says which files are stale)."""
    from numeric.prover.certificate import prover_source

    doc = json.loads(certificates.path_of(key).read_text(encoding="utf-8"))
    if doc.get("open"):
        assert doc["prover"] == prover_source(), f"run: proofcheck certify {key}"


def test_unproved_forms_are_listed_by_budget_for_this_prover_alone(tmp_path):
    from proofs.store.cache import content_digest
    from symbolic import Claim, scalar

    x = scalar("x")
    claim, other = Claim("t:extra-1", x, "<=", 1), Claim("t:extra-1", x, "<=", 2)
    doc = certificates.document("t", "quick", [], unproved={"quick": [content_digest(claim)],
                                                           "default": []})
    assert doc["unproved"] == {"quick": [content_digest(claim)]} and "open" not in doc
    path = tmp_path / "certificates.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    book = certificates._read_book(path)
    assert book.unproved(claim, "quick")
    assert not book.unproved(claim, "default") and not book.unproved(other, "quick")
    assert certificates.Chain((certificates.Book(), book)).unproved(claim, "quick")
    path.write_text(json.dumps(doc | {"prover": "0" * 16}), encoding="utf-8")
    assert certificates._read_book(path).unproved_forms == {}  # another prover's failures
    assert certificates.document("t", "quick", []).get("unproved") is None
