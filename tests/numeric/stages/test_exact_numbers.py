"""Exact numbers, equality hypotheses and size ranges in the rigorous stages (issue 43).

Every claim's truth is confirmed here with mpmath at 50 digits (or exact rationals), independently
of the back ends that decide it; then no stage may prove a false claim or refute a true one, and
the statuses the stages reach are pinned.
"""

from __future__ import annotations

from fractions import Fraction

import flint
import mpmath
import pytest
import sympy as sp
import z3

from numeric.backends.precise import (
    ArbOps,
    MpmathOps,
    arb_prec,
    exact_arb,
    exact_fraction,
    exact_mpf,
    mp_workdps,
)
from numeric.backends.xinterval import XIOps
from numeric.budget import Budget
from numeric.prover.translate import Translator
from numeric.stages.cascade import decide
from numeric.stages.ground import GroundStage
from numeric.stages.interval import IntervalStage, _const_bound, substitute_equalities
from numeric.stages.real_algebra import RealAlgebraStage
from numeric.stages.taylor import TaylorStage
from symbolic import Claim, Prop, n, scalar
from symbolic.verdict import Status

Q = Budget.get("quick")
x, y = scalar("x"), scalar("y")
R, F = sp.Rational, sp.Float
STAGES = (GroundStage(), RealAlgebraStage(), IntervalStage(), TaylorStage())
mp = mpmath.mp


def raw(f: sp.Float) -> Fraction:
    """A Float's binary value, read by hand from its raw tuple (independent of the code)."""
    sign, man, exp, _ = f._mpf_
    return (-1) ** sign * Fraction(int(man)) * Fraction(2) ** int(exp)


def point(b: flint.arb) -> Fraction:
    """An exact arb point as a fraction."""
    assert b.is_exact()
    man, exp = b.man_exp()
    return Fraction(int(man)) * Fraction(2) ** int(exp)


def mp_value(m: mpmath.mpf) -> Fraction:
    """An mpf as the exact fraction it holds."""
    return Fraction(*(int(t) for t in mpmath.libmp.to_rational(m._mpf_)))


def verdicts(claim: Claim) -> dict[str, Status]:
    """Each applicable rigorous stage's status."""
    out = {}
    for st in STAGES:
        if st.applies(claim) is None:
            v = st.run(claim, Q, 0)
            out[st.name] = v.status if v is not None else None
    return out


def sound(claim: Claim, truth: bool) -> dict[str, Status]:
    """Check that no stage contradicts ``truth``; return the statuses."""
    got = verdicts(claim)
    wrong = Status.REFUTED if truth else Status.PROVED
    assert wrong not in got.values(), got
    return got


# -- 1. equality hypotheses ----------------------------------------------------------------------

def test_equality_hypotheses_are_substitutions_not_lower_bounds():
    with mp_workdps(50):
        assert mp.cos(0) >= 1 and abs(mp.exp(mp.log(2)) - 2) < mpmath.mpf(10) ** -45
        assert abs(mp.sin(mp.pi)) < mpmath.mpf(10) ** -45  # sin(pi) = 0: holds with equality
    for c in (Claim("t:extra-1", sp.cos(x), ">=", 1, [Prop(x, "=", 0)]),
              Claim("t:extra-2", sp.exp(x), "<=", 2, [Prop(x, "=", sp.log(2))]),
              Claim("t:extra-3", sp.sin(x), ">=", 0, [Prop(x, "=", sp.pi)])):
        got = sound(c, True)
        assert got == {"interval": Status.PROVED, "taylor": Status.PROVED}
        v = decide(c, Q, seed=0)
        assert (v.status, v.rigorous) == (Status.PROVED, True)


def test_equality_refutes_only_where_it_holds_exactly():
    with mp_workdps(50):
        assert not mp.cos(0) > 1 and not 2 * mpmath.mpf(1) <= 1  # x = 0; x y at (2, 1)
    strict = Claim("t:extra-1", sp.cos(x), ">", 1, [Prop(x, "=", 0)])
    assert sound(strict, False) == {"interval": Status.REFUTED, "taylor": Status.REFUTED}
    assert IntervalStage().run(strict, Q, 0).witness == {"x": 0.0}
    xy = Claim("t:extra-2", x * y, "<=", 1, [Prop(x, "=", 2), Prop(y, ">=", 0), Prop(y, "<=", 1)])
    v = IntervalStage().run(xy, Q, 0)
    assert v.status is Status.REFUTED and v.witness["x"] == 2.0 and 0.5 < v.witness["y"] <= 1
    # x = log 2 holds at no float: the violation of exp(x) < 2 has no certified witness
    with mp_workdps(50):
        assert not mp.exp(mp.log(2)) < 2 - mpmath.mpf(10) ** -45
    at_log2 = Claim("t:extra-3", sp.exp(x), "<", 2, [Prop(x, "=", sp.log(2))])
    assert set(sound(at_log2, False).values()) == {Status.UNKNOWN}


def test_equality_that_is_no_substitution_is_read_both_ways():
    # x^2 = 2, x >= 0: x = sqrt 2 = 1.41421...
    with mp_workdps(50):
        assert mp.sqrt(2) <= 1.5 and not mp.exp(mp.sqrt(2)) <= mp.exp(mpmath.mpf(14) / 10)
    hyps = [Prop(x**2, "=", 2), Prop(x, ">=", 0)]
    assert sound(Claim("t:extra-1", x, "<=", R(3, 2), hyps), True)["real-algebra"] is (
        Status.PROVED)
    got = sound(Claim("t:extra-2", sp.exp(x), "<=", sp.exp(R(14, 10)), hyps), False)
    assert set(got.values()) == {Status.UNKNOWN}  # no float squares to 2 exactly


def test_substitution_keeps_the_symbol_sign_and_other_hypotheses():
    p = scalar("p", positive=True)
    c, subs = substitute_equalities(Claim("t:extra-1", p, "<=", y, [Prop(p, "=", y - 1)]))
    assert subs == {p: y - 1} and str(c.lhs) == "y - 1"
    assert [str(h) for h in c.hypotheses] == ["y - 1 > 0"]


# -- 2. size ranges -------------------------------------------------------------------------------

def test_sizes_stay_in_their_declared_range():
    with mp_workdps(50):
        values = [mp.sin(mp.pi * k / 6) for k in range(1, 8)]
    assert all(v > -mpmath.mpf(10) ** -45 for v in values[:6]) and values[6] < 0  # n = 7: -1/2
    inside = Claim("t:extra-1", sp.sin(sp.pi * n / 6), ">=", 0, dims={"n": (1, 6)})
    assert sound(inside, True) == {"interval": Status.PROVED}
    v = decide(inside, Q, seed=0)
    assert (v.status, v.rigorous) == (Status.PROVED, True)
    wider = Claim("t:extra-2", sp.sin(sp.pi * n / 6), ">=", 0, dims={"n": (1, 7)})
    v = IntervalStage().run(wider, Q, 0)
    assert v.status is Status.REFUTED and v.witness == {"n": 7}


def test_sizes_are_integers():
    # (n - 3)(n - 4) >= 0 at every integer, not at n = 3.5
    assert all((k - 3) * (k - 4) >= 0 for k in range(1, 11)) and (3.5 - 3) * (3.5 - 4) < 0
    body = n**2 - 7 * n + 12
    assert sound(Claim("t:extra-1", body, ">=", 0, dims={"n": (1, 10)}), True)["interval"] is (
        Status.PROVED)
    assert sound(Claim("t:extra-2", body, ">=", 0), True)["interval"] is Status.UNKNOWN


# -- 3. constants never rounded to float64 --------------------------------------------------------

def test_bounds_and_constants_are_not_rounded_into_the_domain():
    tiny34, tiny30, tiny18 = (mpmath.mpf(10) ** -k for k in (34, 30, 18))
    e13 = sp.exp(F(1 / 3))
    assert e13.is_Float  # SymPy evaluates it: the claim reads this binary number
    with mp_workdps(50):
        assert mp.cos(mp.pi) < -1 + tiny34  # cos x >= -1 + 1e-34 fails at x = pi
        assert mp.exp(mpmath.mpf(1) / 3) > exact_mpf(e13) + tiny30  # fails at x = 1/3
        assert mp.exp(mpmath.mpf(1) / 10) < mp.exp(mpmath.mpf(1) / 10 + tiny18)  # x = 1/10
        assert mp.sin(mp.pi / 2) > 1 - mpmath.mpf(10) ** -40  # sin x <= 1 - 1e-40 at pi/2
    on_pi = [Prop(x, ">=", 0), Prop(x, "<=", sp.pi)]
    false = [Claim("t:extra-1", sp.cos(x), ">=", -1 + R(1, 10**34), on_pi),
             Claim("t:extra-2", sp.exp(x), "<=", e13 + R(1, 10**30), [Prop(x, "<=", R(1, 3))]),
             Claim("t:extra-3", sp.exp(x), ">=", sp.exp(R(1, 10) + R(1, 10**18)),
                   [Prop(x, ">=", R(1, 10))]),
             Claim("t:extra-4", sp.sin(x), "<=", 1 - R(1, 10**40), on_pi)]
    for c in false:  # each violated only where no float lies: unknown, never proved
        assert set(sound(c, False).values()) == {Status.UNKNOWN}, c
        assert decide(c, Q, seed=0).status is not Status.PROVED


def test_true_claims_at_irrational_and_tiny_bounds_are_still_proved():
    with mp_workdps(50):
        assert mp.pi < mpmath.mpf(355) / 113 and mp.cos(mp.pi) >= -1
        assert (mpmath.mpf(10) ** -20) ** 2 >= mpmath.mpf(10) ** -41
    on_pi = [Prop(x, ">=", 0), Prop(x, "<=", sp.pi)]
    assert sound(Claim("t:extra-1", sp.cos(x), ">=", -1, on_pi), True) == {
        "interval": Status.PROVED, "taylor": Status.PROVED}
    below_pi = Claim("t:extra-2", x, "<", R(355, 113), [Prop(x, "<=", sp.pi)])
    assert sound(below_pi, True)["interval"] is Status.PROVED
    square = Claim("t:extra-3", x**2, ">=", R(1, 10**41), [Prop(x, ">=", R(1, 10**20))])
    assert set(sound(square, True).values()) == {Status.PROVED}


def test_a_violation_between_pi_and_355_113_is_certified():
    with mp_workdps(50):
        assert mpmath.mpf(355) / 113 > mp.pi
    v = IntervalStage().run(Claim("t:extra-1", x, "<=", sp.pi, [Prop(x, "<=", R(355, 113))]),
                            Q, 0)
    assert v.status is Status.REFUTED
    with mp_workdps(50):
        assert mp.pi < v.witness["x"] <= mpmath.mpf(355) / 113


def test_outward_bounds():
    with arb_prec(128):
        up, down = _const_bound(sp.pi, True), _const_bound(sp.pi, False)
        assert up[0] == 3.1415926535897936 and down[0] == 3.141592653589793
        assert not up[1] and not down[1]
        assert _const_bound(R(1, 2), True) == (0.5, True)
        assert _const_bound(F("1e-400"), True) == (5e-324, False)
        assert _const_bound(F("1e-400"), False) == (0.0, False)
        assert _const_bound(F("1e400"), False) is None


# -- 4. SymPy Floats at their binary value --------------------------------------------------------

def test_float_1e_minus_400_in_each_stage():
    tiny = F("1e-400")
    assert raw(tiny) > 0
    assert GroundStage().run(Claim("t:extra-1", tiny, ">", 0), Q, 0).status is Status.PROVED
    assert GroundStage().run(Claim("t:extra-2", tiny, "<=", 0), Q, 0).status is Status.REFUTED
    fixed = [Prop(x, "=", tiny)]
    assert set(sound(Claim("t:extra-3", x, "<=", 0, fixed), False).values()) == {Status.UNKNOWN}
    assert set(sound(Claim("t:extra-4", x, ">", 0, fixed), True).values()) == {Status.PROVED}
    v = decide(Claim("t:extra-5", x, "<=", 0, fixed), Q, seed=0)
    assert v.status is not Status.PROVED
    # exp(-1e-400) = 1 - 1e-400 < 1: arb separates them at 4096 bits
    with mp_workdps(50):
        assert mp.expm1(-exact_mpf(tiny)) < 0
    unevaluated = Claim("t:extra-6", sp.exp(-tiny, evaluate=False), "<", 1)
    assert GroundStage().run(unevaluated, Q, 0).status is Status.PROVED


def test_float_versus_rational_at_full_precision():
    point1, hundred = F(0.1), F("0.1", 100)
    assert raw(point1) > R(1, 10) and raw(hundred) > Fraction(1, 10)
    assert raw(F("1e-400")) <= Fraction(1, 10**400)
    below = Claim("t:extra-1", x, "<", R(1, 10), [Prop(x, "<=", point1), Prop(x, ">=", 0)])
    assert sound(below, False)["real-algebra"] is Status.REFUTED  # at x = Float(0.1)
    assert RealAlgebraStage().run(below, Q, 0).witness == {"x": 0.1}
    assert sound(Claim("t:extra-2", x, "<=", point1, [Prop(x, "<=", R(1, 10))]), True)[
        "real-algebra"] is Status.PROVED
    assert sound(Claim("t:extra-3", x, "<=", hundred, [Prop(x, "<=", R(1, 10))]), True)[
        "real-algebra"] is Status.PROVED
    assert sound(Claim("t:extra-4", x, ">=", F("1e-400"), [Prop(x, ">=", R(1, 10**400))]),
                 True)["real-algebra"] is Status.PROVED


def test_back_ends_read_floats_exactly():
    tiny, hundred = F("1e-400"), F("0.1", 100)
    assert exact_fraction(tiny) == raw(tiny) and exact_fraction(hundred) == raw(hundred)
    with arb_prec(53):
        b = ArbOps().const(hundred)
        assert b.is_exact() and b == exact_arb(hundred)
        assert point(b) == raw(hundred)
        assert ArbOps().const(tiny) > 0 and XIOps().const(tiny).lower_gt0()
    with mp_workdps(15):
        assert MpmathOps().const(tiny) > 0  # screening too: never float64's 0
        assert mp_value(MpmathOps().const(hundred)) == raw(hundred)
    t = Translator({})
    assert z3.simplify(t(tiny) > 0) == z3.BoolVal(True)
    assert z3.simplify(t(hundred) == z3.RealVal(str(raw(hundred)))) == z3.BoolVal(True)


def test_precise_constants_are_balls_around_the_true_value():
    with arb_prec(128):
        pi = ArbOps().const(sp.pi)
        assert pi.contains(flint.arb.pi()) and pi.rad() < 1e-35
        third = XIOps().const(R(1, 3))
        assert point(third.lo) < Fraction(1, 3) < point(third.hi)


@pytest.mark.parametrize("value", [F("1e-400"), -F("1e-400"), F("0.1", 100), F("1e400")])
def test_exact_helpers_agree(value):
    q = raw(value)
    assert exact_fraction(value) == q
    assert point(exact_arb(value)) == q and mp_value(exact_mpf(value)) == q
