"""Proof certificates: a blackboard proof replayed from the entries it used, and never
trusted (a certificate that does not prove its claim proves nothing)."""

from __future__ import annotations

import pytest
import sympy as sp
import z3

from numeric.budget import Budget
from numeric.prover import facts
from numeric.prover.atoms import Atoms
from numeric.prover.certificate import Certificate, replay
from numeric.prover.engine import prove
from numeric.stages.cascade import decide
from symbolic import Claim, Prop, d, matrix, n, norm2, opnorm, scalar, vector
from symbolic.verdict import Status

QUICK = Budget.get("quick")
A, x, R = matrix("A", n, d), vector("x", d), scalar("R")
#: ‖Ax‖₂ ≤ R² from ‖A‖ ≤ R, ‖x‖₂ ≤ R: operator-norm and the signs
CLAIM = Claim("t:extra-1", norm2(A * x), "<=", R**2,
              (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)))
#: the same with a bound that does not follow (‖Ax‖₂ ≤ R)
FALSE = Claim("t:extra-2", norm2(A * x), "<=", R,
              (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)))


def test_the_certificate_of_a_proof_replays_with_the_same_entries():
    out = prove(CLAIM, QUICK)
    cert = Certificate.of(out)
    assert cert.relies_on == ("norm-nonnegative", "operator-norm")
    assert cert.route == "direct" and cert.rounds >= 1
    again = replay(CLAIM, QUICK, cert)
    assert again.proved and again.relies_on == ["norm-nonnegative", "operator-norm"]
    # from the entries alone: fewer facts than the whole library's
    assert 0 < again.facts < out.facts


def test_a_certificate_without_the_entry_the_proof_needs_proves_nothing():
    assert not replay(CLAIM, QUICK, Certificate(("norm-nonnegative",))).proved
    assert not replay(CLAIM, QUICK, Certificate(("exp-monotone", "triangle"))).proved


def test_a_certificate_never_proves_a_false_claim():
    every = tuple(sorted(facts.DESCRIPTIONS))
    for cert in (Certificate(("norm-nonnegative", "operator-norm")), Certificate(every),
                 Certificate(every, "focused"), Certificate(every, rounds=4)):
        assert not replay(FALSE, QUICK, cert).proved


def test_an_entry_the_library_does_not_have_makes_the_certificate_stale():
    out = replay(CLAIM, QUICK, Certificate(("norm-nonnegative", "operator-norm", "no-such")))
    assert not out.proved and "does not have" in out.reason


@pytest.mark.parametrize("doc, message", [
    ([], "JSON object"),
    ({"relies_on": "operator-norm"}, "list of library entry names"),
    ({"relies_on": ["a"], "route": "sideways"}, "route"),
    ({"relies_on": ["a"], "rounds": 99}, "rounds"),
    ({"relies_on": ["a"], "rounds": True}, "rounds"),
])
def test_malformed_certificates_are_rejected(doc, message):
    with pytest.raises(ValueError, match=message):
        Certificate.from_json(doc)


def test_json_round_trip():
    cert = Certificate(("exp-monotone", "operator-norm"), "focused", 4, False)
    assert Certificate.from_json(cert.to_json()) == cert


def test_the_cascade_replays_a_certificate_before_any_stage():
    cert = Certificate(("norm-nonnegative", "operator-norm"), rounds=1)
    v = decide(CLAIM, QUICK, seed=0, certificate=cert)
    assert v.status is Status.PROVED and v.rigorous and v.details["from_certificate"]
    stages = v.details["stages"]
    assert stages[0]["stage"] == "certificate" and stages[0]["outcome"].startswith("decided")
    assert all(s["outcome"] == "not run: decided by certificate" for s in stages[1:])


def test_a_certificate_that_does_not_replay_leaves_the_stages_to_decide():
    v = decide(CLAIM, QUICK, seed=0, certificate=Certificate(("triangle",)))
    assert v.status is Status.PROVED and "from_certificate" not in v.details
    by = {s["stage"]: s["outcome"] for s in v.details["stages"]}
    assert by["certificate"] == "no decision"
    assert by["blackboard"].startswith("decided: proved")
    # the stage's own proof carries the certificate a later run replays
    assert Certificate.from_json(v.details["certificate"]).relies_on == (
        "norm-nonnegative", "operator-norm")


def test_a_certificate_does_not_turn_a_refutation_into_a_proof():
    every = tuple(sorted(facts.DESCRIPTIONS))
    v = decide(FALSE, QUICK, seed=0, certificate=Certificate(every))
    assert v.status is Status.REFUTED and v.rigorous


def test_every_generator_declares_the_entry_names_its_facts_carry():
    """The sparse blackboard of a replay runs only the generators whose declared names
    (facts.GIVES) meet the certificate's: an undeclared name would be lost."""
    u, v = vector("u", n), vector("v", n)
    B = matrix("B", n, n)
    terms = [norm2(A * x), sp.exp(norm2(u - v)), sp.exp(-norm2(u)), opnorm(B * A),
             sp.log(1 + norm2(u)), norm2(u + v)]
    t = Atoms({R: z3.Real("R")}, None)
    for e in terms:
        t(e)
    seen: dict[str, set[str]] = {}
    for name, gen in facts.FACTS.items():
        for e in list(t.atoms):
            try:
                seen.setdefault(name, set()).update(f[0] for f in gen(e, t))
            except facts._SKIP:
                continue
    for name, gen2 in facts.PAIR_FACTS.items():
        for a in list(t.atoms):
            for b in list(t.atoms):
                try:
                    seen.setdefault(name, set()).update(f[0] for f in gen2(a, b, t))
                except facts._SKIP:
                    continue
    assert {"exp-monotone", "operator-norm", "norm-equivalence"} <= set(seen)
    for name, got in seen.items():
        assert got <= facts.GIVES[name], (name, got - facts.GIVES[name])
    assert seen["exp-positive"] == {"exp-positive", "exp-tangent", "exp-upper"}
