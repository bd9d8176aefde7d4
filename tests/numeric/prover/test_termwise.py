"""The termwise route: a sum bounded by a sum, one paired term at a time, and its
certificates (a pairing that is not one-to-one, or a part that does not replay, proves
nothing)."""

from __future__ import annotations

import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.prover.certificate import Certificate, replay
from numeric.prover.engine import prove
from numeric.prover.focus import prove_or_focus
from numeric.prover.termwise import pairing_error, prove_termwise, terms
from symbolic import Claim, Prop, scalar

QUICK = Budget.get("quick")
a, b, c = scalar("a"), scalar("b"), scalar("c")
#: b ≤ exp(b) (the tangent of exp) and exp(a) ≤ c (a hypothesis): the pairing crosses
CROSSED = Claim("t:extra-1", b + sp.exp(a), "<=", c + sp.exp(b), (Prop(sp.exp(a), "<=", c),))
#: without the hypothesis, exp(a) has no bound: false (a = 1, b = 0, c = 0)
FALSE = Claim("t:extra-2", b + sp.exp(a), "<=", c + sp.exp(b))


def part_prover(claim: Claim):
    return prove(claim, QUICK)


def test_terms_are_zipped_in_sympy_order_and_only_for_sums_of_as_many_terms():
    assert [(str(x), str(y)) for x, y in terms(CROSSED)] == [("b", "c"), ("exp(a)", "exp(b)")]
    assert terms(Claim("t:extra-3", a + b, "<=", c)) is None
    assert terms(Claim("t:extra-4", a + b, "<", c + a)) is None  # strict: not by this route
    assert terms(Claim("t:extra-5", a + b + c + a**2, "<=", c + b + a + b**2)) is None  # > 3
    assert terms(Claim("t:extra-6", a + b, ">=", c + a)) is not None


def test_the_pairing_is_found_where_it_crosses():
    out = prove_termwise(CROSSED, part_prover)
    assert out.proved and out.route == "termwise"
    assert [(i, j) for i, j, _ in out.parts] == [(0, 1), (1, 0)]
    assert "exp-tangent" in out.relies_on


def test_a_false_sum_is_not_proved_and_says_which_term_has_no_bound():
    out = prove_termwise(FALSE, part_prover)
    assert not out.proved and "term 2 of the left side, exp(a)" in out.reason
    assert not prove_or_focus(FALSE, QUICK).proved


def test_pairing_error_names_what_is_wrong():
    assert pairing_error([(0, 1), (1, 0)], 2) is None
    assert "every term" in pairing_error([(0, 1)], 2)
    assert "one-to-one" in pairing_error([(0, 0), (1, 0)], 2)


def test_a_termwise_certificate_replays_and_round_trips():
    cert = Certificate.of(prove_termwise(CROSSED, part_prover))
    assert cert.route == "termwise" and [(i, j) for i, j, _ in cert.parts] == [(0, 1), (1, 0)]
    again = Certificate.from_json(cert.to_json())
    assert again == cert
    out = replay(CROSSED, QUICK, again)
    assert out.proved and out.route == "termwise" and out.relies_on == list(cert.relies_on)


def test_a_termwise_certificate_that_does_not_pair_one_to_one_proves_nothing():
    cert = Certificate.of(prove_termwise(CROSSED, part_prover))
    first = cert.parts[0]
    twice = Certificate(cert.relies_on, "termwise", parts=(first, (1, first[1], first[2])))
    out = replay(CROSSED, QUICK, twice)
    assert not out.proved and "one-to-one" in out.reason
    # the diagonal pairing: b <= c does not follow, whatever the part certificates say
    diagonal = Certificate(cert.relies_on, "termwise",
                           parts=tuple((i, i, p) for i, _, p in cert.parts))
    assert not replay(CROSSED, QUICK, diagonal).proved
    # never a false claim
    assert not replay(FALSE, QUICK, cert).proved
    # and not a claim that is not a sum bounded by a sum
    assert not replay(Claim("t:extra-7", a, "<=", sp.exp(a)), QUICK, cert).proved


@pytest.mark.parametrize("doc", [
    {"relies_on": [], "route": "termwise"},  # no parts
    {"relies_on": [], "route": "direct", "parts": [[0, 0, {"relies_on": []}]]},
    {"relies_on": [], "route": "termwise", "parts": [[0, True, {"relies_on": []}]]},
    {"relies_on": [], "route": "termwise", "parts": [[0, 0]]},
])
def test_malformed_termwise_certificates_are_rejected(doc):
    with pytest.raises(ValueError, match="parts"):
        Certificate.from_json(doc)
