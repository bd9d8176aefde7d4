"""The vocabulary of issue 29 in every back end: cosh, sinh, erf, floor, ceiling, atan2, the
indicator, the Kronecker delta, softmax, log-sum-exp, KL, products and gradients evaluate alike
in numpy, log space, mpmath, arb, the interval evaluator and exact SymPy coordinates; the
rigorous ones enclose the true value (across jumps too), and nothing differentiates a jump."""

from __future__ import annotations

import flint
import mpmath
import numpy as np
import pytest
import sympy as sp

from numeric.backends.logspace import LogOps
from numeric.backends.numpy_batch import NumpyOps
from numeric.backends.precise import ArbOps, MpmathOps
from numeric.backends.xinterval import XI, XIOps
from numeric.budget import Budget
from numeric.stages.interval import has_jump, prove_interval
from symbolic import Claim, entry, index, inner, norm2, scalar, vector
from symbolic.explicit import ExplicitInstance
from symbolic.objects import gradient, kl, logsumexp, softmax
from symbolic.walk import Evaluator

t, s = scalar("t"), scalar("s")
x, q = vector("x", 3), vector("q", 3)
i = index("i")
TV, SV = 0.7, -1.3
XV = np.array([[0.2], [0.3], [0.5]])
QV = np.array([[0.1], [0.6], [0.3]])

SCALARS = [sp.cosh(t), sp.sinh(t), sp.erf(t), sp.floor(t), sp.ceiling(t), sp.atan2(t, s),
           sp.atan2(s, t), sp.Piecewise((1, t > 0), (0, True)),
           sp.Piecewise((1, sp.Eq(t, s)), (0, True)), sp.Piecewise((1, t <= s), (0, True))]
VECTORS = [logsumexp(x), kl(x, q), entry(softmax(x), 2), norm2(gradient(inner(x, x), x)),
           sp.Product(entry(x, i), (i, 1, 3)), sp.KroneckerDelta(index("j"), index("l"))]


def _exact(e):
    return float(e.subs({t: sp.Rational(7, 10), s: sp.Rational(-13, 10)}).evalf(30))


@pytest.mark.parametrize("e", SCALARS, ids=str)
def test_scalar_functions_agree_in_every_back_end(e):
    want = _exact(e)
    got = [Evaluator(NumpyOps(), {t: np.array([TV]), s: np.array([SV])})(e)[0],
           Evaluator(LogOps(), {t: np.array([TV]), s: np.array([SV])})(e)[0],
           float(Evaluator(MpmathOps(), {t: mpmath.mpf(TV), s: mpmath.mpf(SV)})(e))]
    for v in got:
        assert v == pytest.approx(want, rel=1e-9, abs=1e-12)
    ball = Evaluator(ArbOps(), {t: flint.arb(TV), s: flint.arb(SV)})(e)
    assert ball.contains(flint.arb(want)) or abs(float(ball.mid()) - want) < 1e-12
    box = Evaluator(XIOps(), {t: XI(flint.arb(TV)), s: XI(flint.arb(SV))})(e)
    assert float(box.lo) - 1e-12 <= want <= float(box.hi) + 1e-12


@pytest.mark.parametrize("e", VECTORS, ids=str)
def test_vector_operators_agree_with_exact_coordinates(e):
    env = {x: XV[None], q: QV[None], index("j"): np.array([2]), index("l"): np.array([2])}
    num = Evaluator(NumpyOps(), env)(e)[0]
    mo = MpmathOps()
    mp = Evaluator(mo, {x: mo.array(XV), q: mo.array(QV), index("j"): 2, index("l"): 2})(e)
    inst = ExplicitInstance({x, q}, {}, indices={index("j"): 2, index("l"): 2})
    exact = inst(e)
    subs = {sp.Symbol(f"{v.name}_{r + 1}_1", real=True): sp.Rational(str(val[r, 0]))
            for v, val in ((x, XV), (q, QV)) for r in range(3)}
    want = float(sp.sympify(exact).subs(subs).evalf(30))
    assert num == pytest.approx(want, rel=1e-9)
    assert float(mp) == pytest.approx(want, rel=1e-12)


def test_softmax_and_lse_do_not_overflow_in_float64():
    big = np.array([[[1000.0], [999.0], [0.0]]])
    p = Evaluator(NumpyOps(), {x: big})(entry(softmax(x), 1))
    lse = Evaluator(NumpyOps(), {x: big})(logsumexp(x))
    assert np.isfinite(p).all() and p[0] == pytest.approx(1 / (1 + np.exp(-1)))
    assert lse[0] == pytest.approx(1000 + np.log1p(np.exp(-1)))


@pytest.mark.parametrize(("e", "box", "lo", "hi"), [
    (sp.floor(t), (0.5, 1.5), 0, 1),
    (sp.ceiling(t), (-0.5, 0.5), 0, 1),
    (sp.cosh(t), (-1.0, 2.0), 1.0, float(np.cosh(2))),
    (sp.Piecewise((1, t > 0), (0, True)), (-1.0, 1.0), 0, 1),
])
def test_interval_enclosures_hold_across_jumps_and_turning_points(e, box, lo, hi):
    out = Evaluator(XIOps(), {t: XI(flint.arb(box[0]), flint.arb(box[1]))})(e)
    assert float(out.lo) <= lo and float(out.hi) >= hi


def test_atan2_across_the_branch_cut_encloses_both_sides():
    y = XI(flint.arb(-0.1), flint.arb(0.1))
    out = Evaluator(XIOps(), {s: y, t: XI(flint.arb(-2), flint.arb(-1))})(sp.atan2(s, t))
    assert float(out.lo) <= -3.1 and float(out.hi) >= 3.1
    ball = ArbOps().func("atan2", [flint.arb(0, 1e-5), flint.arb(-1)])
    assert ball.contains(flint.arb.pi()) and ball.contains(-flint.arb.pi())


def test_arb_floor_of_a_ball_across_an_integer_encloses_both_values():
    ball = ArbOps().func("floor", [flint.arb(1, 1e-10)])
    assert ball.contains(0) and ball.contains(1)


def test_no_derivative_is_taken_across_a_jump():
    assert has_jump(sp.floor(t) - t) and has_jump(sp.atan2(s, t))
    assert not has_jump(sp.cosh(t) + sp.erf(t))
    # floor(t) >= t - 1/2 is false at t = 0.9: the prover must not prove it
    claim = Claim("t:extra-floor", sp.floor(t), ">=", t - sp.Rational(1, 2),
                  (t >= 0, t <= 1))
    v = prove_interval(claim, Budget.resolve("quick"))
    assert v is None or v.status.value != "proved"


def test_a_valley_function_at_an_infinite_end_is_its_limit_there():
    """cosh over [−∞, −∞] (a box's end in the Taylor stage) is [∞, ∞], not a crash."""
    x = scalar("x")
    inf = float("inf")
    for lo, hi in ((-inf, -inf), (inf, inf)):
        box = Evaluator(XIOps(), {x: XI(lo, hi)})(sp.cosh(x))
        assert (box.lo, box.hi) == (inf, inf)
    whole = Evaluator(XIOps(), {x: XI(-inf, inf)})(sp.cosh(x))
    assert whole.lo == 1 and whole.hi == inf
