"""The witness database and replay (issue 15, item 5): confirmed witnesses stored by content,
replayed first so that a tiny budget reproduces a known refutation; damaged entries ignored and
rewritten; a stored witness is only a candidate; ``--no-replay``."""

from __future__ import annotations

import json

import sympy as sp

from numeric.budget import Budget
from numeric.stages.cascade import decide
from proofs.runner import run_entries
from proofs.store.witnesses import WitnessDB
from symbolic import Claim, Prop, matrix, n, norm2, opnorm, scalar, vector
from symbolic.objects import d
from symbolic.verdict import Status

A, v = matrix("A", n, d), vector("v", d)
P = norm2(A * v)
# fails only for ||v|| >= 1e75 (||A|| <= 1e-75) with ||Av|| ~ 1: see test_extreme_scales
BAND = Claim("replay:extra-band", P * sp.exp(-P), "<=", sp.Rational(1, 3),
             (Prop(opnorm(A), "<=", sp.Rational(1, 10**75)),), dims={"n": (1, 3), "d": (1, 3)})
# a budget too small to find it: one setting, 48 samples, no search, no confirmation
TINY = Budget("tiny", 48, 1, 0, 1, 0, 0, 10, 1, 1, 1.0)
x = scalar("x")


def test_tiny_budget_alone_does_not_refute():
    assert decide(BAND, TINY, seed=0).status is Status.SUPPORTED


def test_replay_reproduces_a_refutation_at_a_tiny_budget(tmp_path):
    db = WitnessDB(str(tmp_path))
    first = run_entries([BAND], "quick", 0, witnesses=db)[0]
    assert first.status is Status.REFUTED and not first.verdict.details.get("replayed")
    # found by the search over orders of magnitude, and the verdict says so
    assert first.verdict.details["found_by"]["pass"] == "scale"
    stored = db.get(BAND)
    assert stored == [first.verdict.witness]  # the shrunk witness, by the claim's content
    assert [[abs(a) for a in row] for row in stored[0]["A"]] == [[1e-75]]
    again = run_entries([BAND], TINY, 0, witnesses=db)[0]
    assert again.status is Status.REFUTED and again.verdict.rigorous
    assert again.verdict.details["replayed"] is True
    assert again.verdict.witness == stored[0]
    assert again.verdict.details["stages"][0]["stage"] == "replay"
    # a claim with the same mathematics under another id replays it too
    twin = Claim("other:extra-twin", BAND.lhs, "<=", BAND.rhs, BAND.hypotheses, dims=BAND.dims)
    assert run_entries([twin], TINY, 0, witnesses=db)[0].status is Status.REFUTED
    # without the database the tiny budget finds nothing
    assert run_entries([BAND], TINY, 0)[0].status is Status.SUPPORTED


def test_stored_witness_is_only_a_candidate(tmp_path):
    c = Claim("replay:extra-true", x**2, ">=", 0)
    db = WitnessDB(str(tmp_path))
    db.put(c, {"x": 3.0})  # wrong: x^2 >= 0 holds there
    v = run_entries([c], "quick", 0, witnesses=db)[0].verdict
    assert v.status is Status.PROVED
    assert v.details["stages"][0]["outcome"] == "no decision"


def test_damaged_entry_is_ignored_and_rewritten(tmp_path):
    c = Claim("replay:extra-line", x, "<=", 1)
    db = WitnessDB(str(tmp_path))
    db.put(c, {"x": 2.0})
    f = db._file(db.key(c))
    doc = json.loads(f.read_text())
    doc["witnesses"] = [{"x": 5.0}]  # checksum no longer matches: never trusted
    f.write_text(json.dumps(doc))
    assert db.get(c) == [] and db.damaged == 1
    f.write_text("{not json")
    assert db.get(c) == [] and db.damaged == 2
    db.put(c, {"x": 7.0})
    assert db.get(c) == [{"x": 7.0}]


def test_check_cli_replays_and_no_replay_turns_it_off(tmp_path, monkeypatch):
    from proofs.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "band.py").write_text(
        "import sympy as sp\n"
        "from symbolic import Claim, Prop, matrix, vector, norm2, opnorm, n, d\n"
        "A, v = matrix('A', n, d), vector('v', d)\n"
        "P = norm2(A * v)\n"
        "band = Claim('mine:band', P * sp.exp(-P), '<=', sp.Rational(1, 3),\n"
        "             hypotheses=[Prop(opnorm(A), '<=', sp.Rational(1, 10**75))],\n"
        "             dims={'n': (1, 3), 'd': (1, 3)})\n")
    monkeypatch.setenv("PROOFCHECK_CACHE", "on")
    args = ["check", "band.py", "--budget", "quick", "-q", "--jobs", "1"]
    main([*args, "--json", "a.json", "--seed", "0"])
    main([*args, "--json", "b.json", "--seed", "1"])  # not in the results store: replayed
    main([*args, "--json", "c.json", "--seed", "2", "--no-replay"])
    main([*args, "--json", "d.json", "--seed", "3", "--no-cache"])  # a cold run: no replay
    a, b, c, d = (json.loads((tmp_path / f).read_text())["results"][0] for f in
                  ("a.json", "b.json", "c.json", "d.json"))
    assert a["status"] == b["status"] == c["status"] == d["status"] == "refuted"
    assert b["witness"] == a["witness"]
    assert any((tmp_path / ".proofcheck" / "witnesses").rglob("*.json"))
    for r, replayed in ((a, False), (b, True), (c, False), (d, False)):
        details = r.get("details") or {}
        assert bool(details.get("replayed")) is replayed, (r["witness"], details.keys())


def test_a_stored_verdict_is_rechecked_when_the_database_learns_a_witness(tmp_path):
    from proofs.store.cache import ResultStore

    store, db = ResultStore(str(tmp_path / "store")), WitnessDB(str(tmp_path / "db"))
    before = run_entries([BAND], TINY, 0, store=store, witnesses=db)[0]
    assert before.status is Status.SUPPORTED  # stored: nothing to replay yet
    assert run_entries([BAND], "quick", 0, witnesses=db)[0].status is Status.REFUTED
    assert len(db.get(BAND)) == 1  # another run found a witness since
    after = run_entries([BAND], TINY, 0, store=store, witnesses=db)[0]
    # the stale supported verdict is not reused: the claim is checked again, replay first
    assert after.status is Status.REFUTED and after.verdict.details["replayed"] is True
    assert after.verdict.details["replay_candidates"] == 1
    assert store.get(BAND, TINY, 0).status is Status.REFUTED  # and the store now says so


class _Fixed:
    """A stage that returns a fixed verdict (or None)."""

    def __init__(self, name, verdict, rigorous=True):
        self.name, self.verdict, self.rigorous = name, verdict, rigorous

    def applies(self, claim):
        return None

    def run(self, claim, budget, seed):
        return self.verdict


def test_a_replay_confirmed_by_mpmath_only_does_not_hide_a_rigorous_verdict():
    from symbolic.verdict import Verdict

    # a stored point that does not violate (the kernel cannot certify it either)
    weak = Verdict(Status.REFUTED, "replayed stored witness, confirmed by mpmath", False, "x",
                   witness={"x": 3.0})
    strong = Verdict(Status.REFUTED, "exact", True, "y", witness={"x": 2.0})
    proof = Verdict(Status.PROVED, "exact", True, "z")
    # false at x = 2 (the kernel re-checks every refutation at its witness)
    claim = Claim("replay:extra-2", x**2, ">=", 5)
    replay = _Fixed("replay", weak, rigorous=False)
    # a fresh rigorous refutation replaces the held one
    v = decide(claim, Budget.get("quick"), stages=[replay, _Fixed("exact", strong)], shrink=False)
    assert v.rigorous and v.witness == {"x": 2.0}
    assert v.details["stages"][0]["outcome"].startswith("candidate violation, not certified "
                                                        "by arb: held")
    # a rigorous proof wins over a witness that arb did not certify
    v = decide(claim, Budget.get("quick"), stages=[replay, _Fixed("exact", proof)], shrink=False)
    assert v.status is Status.PROVED
    # nothing else decides: the held witness is a candidate, never a refutation
    v = decide(claim, Budget.get("quick"), stages=[replay, _Fixed("sampling", None, False)],
               shrink=False)
    assert v.status is Status.UNKNOWN and v.details["candidate"] == {"x": 3.0}
    assert not v.rigorous and v.witness is None


def test_an_entrys_examples_are_replayed_without_any_database():
    """A point the encoding pins (``Lemma.examples``, as Hypothesis's ``@example``) refutes
    the statement at a budget whose search cannot find it, with no witness database; a pinned
    point that does not violate is only passed over."""
    from proofs.model import Lemma

    first = run_entries([BAND], "quick", 0)[0]
    point = first.verdict.witness
    lemma = Lemma("replay:lemma-1", "Band", BAND.prop, hypotheses=BAND.hypotheses,
                  dims=BAND.dims, examples=({**point, "v": [[0.0]] * len(point["v"])}, point))
    r = run_entries([lemma], TINY, 0)[0]
    assert r.status is Status.REFUTED and r.verdict.rigorous
    assert r.verdict.details["replayed"] and r.verdict.witness == point
    harmless = Lemma("replay:lemma-2", "Band", BAND.prop, hypotheses=BAND.hypotheses,
                     dims=BAND.dims, examples=({**point, "v": [[0.0]] * len(point["v"])},))
    assert run_entries([harmless], TINY, 0)[0].status is Status.SUPPORTED
