"""Confirmations remembered per instance, and a shrink's points remembered: the same answers,
the same counts, as evaluating every time."""

import itertools

import numpy as np
import pytest
import sympy as sp

import numeric.search.confirm as conf
import numeric.search.shrink as shr
from numeric.layout import Layout
from numeric.search.confirm import confirm
from numeric.search.shrink import shrink
from symbolic import Claim, Prop, matrix, n, norm2, norminf, opnorm, scalar, vector
from symbolic.objects import d

x = scalar("x")
A, v, u = matrix("A", n, d), vector("v", d), vector("u", n)


def test_an_instance_is_confirmed_once_and_answered_with_copies(monkeypatch):
    c = Claim("m:extra-1", sp.exp(x), ">=", 1 + 2 * x)
    lay = Layout.of(c, {})
    calls = []
    real = conf._confirm
    monkeypatch.setattr(conf, "_confirm", lambda *a: calls.append(a) or real(*a))
    first = confirm(c, lay, {x: np.array(1e-300)}, {})
    first.notes.append("changed by a caller")
    again = confirm(c, lay, {x: np.array(1e-300)}, {})
    assert len(calls) == 1
    assert again.violated and again.rigorous and "changed by a caller" not in again.notes
    confirm(c, lay, {x: np.array(1e-300)}, {}, dps=60)  # another precision: evaluated
    assert len(calls) == 2


def test_signed_zeros_and_other_claims_are_told_apart(monkeypatch):
    c = Claim("m:extra-2", x, "<=", -1)
    lay = Layout.of(c, {})
    calls = []
    real = conf._confirm
    monkeypatch.setattr(conf, "_confirm", lambda *a: calls.append(a) or real(*a))
    assert conf._instance_key(lay, {x: np.array(0.0)}, {}, 50, 256) != conf._instance_key(
        lay, {x: np.array(-0.0)}, {}, 50, 256)
    for value in (0.0, -0.0, 0.0, -0.0):
        assert confirm(c, lay, {x: np.array(value)}, {}).violated
    assert len(calls) == 2
    other = Claim("m:extra-2", x, ">=", 1)  # same id, another statement: its own answers
    assert confirm(other, Layout.of(other, {}), {x: np.array(0.0)}, {}).violated
    assert len(calls) == 3


CASES = [
    (Claim("m:extra-3", sp.exp(x), ">=", -x - 1000), {"x": -379716843152.7624}),
    (Claim("m:extra-4", norm2(u), "<=", sp.Rational(9, 10) * sp.sqrt(n) * norminf(u),
           dims={"n": (1, 8)}), {"n": 5, "u": [[3.7], [3.7], [3.7], [3.7], [3.7]]}),
    (Claim("m:extra-5", norm2(A * v) * sp.exp(-norm2(A * v)), "<=", sp.Rational(1, 3),
           (Prop(opnorm(A), "<=", sp.Rational(1, 10**75)),), dims={"n": (1, 3), "d": (1, 3)}),
     {"n": 2, "d": 1, "A": [[1e-80], [0.0]], "v": [[-1e80]]}),
    (Claim("m:extra-6", x * (1 - x), "<=", sp.Rational(1, 4) * (1 - sp.Rational(1, 10**8))),
     {"x": 0.5000000123}),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_shrinks_are_the_same_without_the_memos(case, monkeypatch):
    claim, witness = CASES[case]
    with_memo = shrink(claim, dict(witness), rigorous=True)
    fresh = itertools.count()
    monkeypatch.setattr(shr, "_point_key", lambda w: None)  # every point evaluated again
    monkeypatch.setattr(conf, "_instance_key", lambda *a: next(fresh))  # and confirmed again
    without = shrink(claim, dict(witness), rigorous=True)
    assert with_memo is not None and without is not None
    assert (with_memo.witness, with_memo.confirmations, with_memo.screens, with_memo.steps) == (
        without.witness, without.confirmations, without.screens, without.steps)
    assert with_memo.confirmation == without.confirmation
