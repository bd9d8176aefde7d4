"""The route through a library bound: a factor of the left side replaced by the mean value
bound of ``exp-sum-mean-value``, the rest factor by factor."""

from __future__ import annotations

import sympy as sp

from numeric.budget import Budget
from numeric.prover.bounds import replaced, upper_bounds
from numeric.prover.certificate import Certificate, replay
from numeric.prover.engine import prove
from numeric.prover.focus import prove_or_focus
from symbolic import Claim, Prop, n, norm2, norminf, scalar, vector
from symbolic.objects import exp_, inner, ones, sum_entries

QUICK = Budget.get("quick")
u, v = vector("u", n), vector("v", n)
R = scalar("R")
DIMS = {"n": (2, 3)}
HYPS = (Prop(norminf(u), "<=", R), Prop(norminf(v), "<=", R))


def alpha(e):
    return inner(exp_(e), ones(n))


#: |1/α(u) − 1/α(v)| ≤ e^R ‖u − v‖∞ / n: the mean value bound, then e^{max} ≤ e^R
SHARP = Claim("t:extra-1", sp.Abs(1 / alpha(u) - 1 / alpha(v)), "<=",
              sp.exp(R) * norminf(u - v) / n, HYPS, dims=DIMS)
#: half of it: false near u = v = 0 with u − v constant (the derivative is the mean of u − v
#: over n)
HALF = SHARP.with_(id="t:extra-2", rhs=sp.exp(R) * norminf(u - v) / (2 * n))


def test_the_bounds_are_the_mean_value_theorems_on_nonempty_vectors():
    names = upper_bounds(sp.Abs(sum_entries(exp_(u)) - sum_entries(exp_(v))), DIMS)
    assert [(k, str(b)) for k, b in names] == [
        ("exp-sum-mean-value", "exp(Max(NormInf(u), NormInf(v)))*Norm1(-u + v)")]
    # a size that may be 0: no entry, no bound
    assert upper_bounds(sp.Abs(sum_entries(exp_(u)) - sum_entries(exp_(v))), {"n": (0, 3)}) \
        == []
    assert upper_bounds(sp.Abs(sum_entries(exp_(u)) + sum_entries(exp_(v))), DIMS) == []


def test_the_sharp_bound_is_proved_through_the_mean_value_bound_and_half_is_not():
    assert not prove(SHARP, QUICK).proved  # z3 alone has no such fact
    out = prove_or_focus(SHARP, QUICK)
    assert out.proved and out.route == "through" and "exp-sum-mean-value" in out.relies_on
    assert replaced(HALF) is not None and not prove_or_focus(HALF, QUICK).proved


def test_the_certificate_replays_only_on_its_claim():
    cert = Certificate.of(prove_or_focus(SHARP, QUICK))
    assert Certificate.from_json(cert.to_json()) == cert
    assert replay(SHARP, QUICK, cert).proved
    assert not replay(HALF, QUICK, cert).proved
    assert not replay(SHARP.with_(lhs=norm2(u)), QUICK, cert).proved
