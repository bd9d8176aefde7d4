"""The abstraction of named unit vectors: ``⟨x, x⟩ = 1`` shown in normal form for every size,
then any unit vector in its place."""

from __future__ import annotations

import sympy as sp

from numeric.budget import Budget
from numeric.prover.abstract import abstracted, unit, units
from numeric.prover.certificate import Certificate, replay
from numeric.prover.focus import prove_or_focus
from symbolic import Claim, Prop, inner, n, norm2, vector
from symbolic.objects import named

QUICK = Budget.get("quick")
t, u = vector("t", n), vector("u", n)
Q = named("q", t / sp.sqrt(inner(t, t)))
#: u minus its component along q is orthogonal to q: ⟨q, q⟩ = 1 is all it takes
ORTHOGONAL = Claim("t:extra-1", inner(Q, u - inner(Q, u) * Q), "=", 0,
                   (Prop(norm2(t), ">", 0),), dims={"n": (1, 4)})
#: false: ⟨q, u⟩ is not 0 in general
FALSE = ORTHOGONAL.with_(id="t:extra-2", rhs=inner(Q, u))


def test_unit_vectors_are_shown_by_the_normal_form_and_on_nonempty_sizes_only():
    assert unit(Q) and not unit(named("p", t / inner(t, t)))
    assert units(ORTHOGONAL) == [Q]
    # a size that may be 0 (n − 1 at n = 1): an empty vector has ⟨q, q⟩ = 0
    r = vector("r", n - 1)
    short = named("p", r / sp.sqrt(inner(r, r)))
    assert unit(short) and units(Claim("t:extra-3", inner(short, short), "=", 1,
                                       dims={"n": (1, 4)})) == []


def test_the_abstraction_replaces_every_occurrence_and_adds_the_unit_hypotheses():
    general = abstracted(ORTHOGONAL)
    assert not general.lhs.has(t)
    assert [str(h) for h in general.hypotheses][-2:] == ["Inner(s_1, s_1) = 1",
                                                          "Norm2(s_1) = 1"]


def test_the_claim_is_proved_through_its_abstraction_and_the_false_one_is_not():
    out = prove_or_focus(ORTHOGONAL, QUICK, polynomial=False)
    assert out.proved and out.route == "abstract"
    assert not prove_or_focus(FALSE, QUICK, polynomial=False).proved
    cert = Certificate.of(out)
    assert Certificate.from_json(cert.to_json()) == cert
    assert replay(ORTHOGONAL, QUICK, cert).proved
    assert not replay(FALSE, QUICK, cert).proved
