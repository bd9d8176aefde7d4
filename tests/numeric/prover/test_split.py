"""The split route: the triangle inequality along the pieces the bound's terms name."""

from __future__ import annotations

import sympy as sp

from numeric.budget import Budget
from numeric.prover.certificate import Certificate, replay
from numeric.prover.focus import prove_or_focus
from numeric.prover.split import pieces
from symbolic import Claim, Prop, n, norm2, scalar, vector

QUICK = Budget.get("quick")
u, v, w, x = vector("u", n), vector("v", n), vector("w", n), vector("x", n)
a = scalar("a")
#: q − q' with q = u − a·x: (u − u') − a(x − x'), bounded along those two pieces; the normal
#: form has four terms, so the triangle entry alone splits it otherwise
Q = Claim("t:extra-1", norm2((u - a * x) - (w - a * v)), "<=",
          norm2(u - w) + a * norm2(x - v), (Prop(a, ">=", 0),))
#: the scale a without a sign: false (a = −1, u = w, x ≠ v)
UNSIGNED = Q.with_(id="t:extra-2", hypotheses=())
#: |a| needs no sign: the piece carries a
ABSOLUTE = UNSIGNED.with_(id="t:extra-3", rhs=norm2(u - w) + sp.Abs(a) * norm2(x - v))


def test_pieces_are_found_with_their_signs():
    found = pieces(Q)
    assert [(str(r), sign) for r, _w, sign in found] == [("a", -1), ("1", 1)]
    assert pieces(Q.with_(rhs=norm2(u) + norm2(w))) is None  # u − w is not a·(x − v) + …


def test_split_proves_with_the_sign_and_not_without():
    out = prove_or_focus(Q, QUICK)
    assert out.proved and out.route == "split" and "triangle" in out.relies_on
    assert not prove_or_focus(UNSIGNED, QUICK).proved
    absolute = prove_or_focus(ABSOLUTE, QUICK)
    assert absolute.proved and absolute.route == "split" and absolute.parts == []


def test_the_certificate_replays_only_on_its_claim():
    cert = Certificate.of(prove_or_focus(Q, QUICK))
    assert Certificate.from_json(cert.to_json()) == cert
    assert replay(Q, QUICK, cert).proved
    assert not replay(UNSIGNED, QUICK, cert).proved


def test_a_product_of_two_norms_names_a_kronecker_piece():
    from symbolic import d, kron, matrix, opnorm

    a1, a2, c1, c2 = (matrix(s, n, d) for s in ("A1", "A2", "C1", "C2"))
    claim = Claim("t:extra-4", opnorm(kron(a1, a2) - kron(c1, c2)), "<=",
                  opnorm(a1 - c1) * opnorm(a2) + opnorm(a2 - c2) * opnorm(c1))
    out = prove_or_focus(claim, QUICK)
    assert out.proved and out.route == "split" and "kron-norm" in out.relies_on
    # the second piece read with the wrong factor: (A1 − C1) ⊗ A2 + A1 ⊗ (A2 − C2) ≠ the left
    wrong = claim.with_(id="t:extra-5",
                        rhs=opnorm(a1 - c1) * opnorm(a2) + opnorm(a2 - c2) * opnorm(a1))
    assert pieces(wrong) is None
