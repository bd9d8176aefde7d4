"""Claims for every number of steps: inductions proved for every N, refutations at some N."""

import pytest
import sympy as sp

from numeric.kernel.classes import check_induction
from numeric.kernel.parametric import check_parametric, nonnegative_from, psd_for_all
from numeric.pep.horizon import decide_horizon
from symbolic.classes import CLASSES
from symbolic.classes.horizon import HorizonClaim, K, inductions
from symbolic.verdict import Status

L, mu = sp.symbols("L mu", positive=True)
N = sp.Symbol("N", integer=True, positive=True)
KAPPA = sp.Rational(1, 10)


def gd(cls, step):
    return lambda f, x, k: x - step * f.grad(x)


def smooth_convex_rate(den):
    return HorizonClaim("gd-sc", CLASSES["smooth-convex"].instance(L=L), gd(None, 1 / L),
                        lambda f, xN, x0, xs, n: f(xN) - f(xs) <= L * (x0 - xs).norm2() / den(n),
                        N)


def strongly_convex(measure, rate, step=None):
    cls = CLASSES["smooth-strongly-convex"].instance(L=L, mu=KAPPA * L)
    return HorizonClaim("gd-strong", cls, gd(None, step or 1 / L),
                        lambda f, xN, x0, xs, n: measure(f, xN, xs) <= rate ** n
                        * measure(f, x0, xs), N)


def dist(f, x, xs):
    return (x - xs).norm2()


def gap(f, x, xs):
    return f(x) - f(xs)


CASES = [
    # (id, claim, expected status, kind of induction)
    ("gd-smooth-convex-1/(2N)", smooth_convex_rate(lambda n: 2 * n), Status.PROVED, "potential"),
    ("gd-smooth-convex-1/(8N)", smooth_convex_rate(lambda n: 8 * n), Status.REFUTED, None),
    ("gd-strong-distance", strongly_convex(dist, 1 - KAPPA), Status.PROVED, "geometric"),
    ("gd-strong-distance-optimal-step", strongly_convex(
        dist, ((1 - KAPPA) / (1 + KAPPA)) ** 2, 2 / (L + KAPPA * L)), Status.PROVED, "geometric"),
    ("gd-strong-gap", strongly_convex(gap, 1 - KAPPA), Status.PROVED, "geometric"),
    ("gd-strong-gap-too-fast", strongly_convex(gap, 1 - 2 * KAPPA), Status.REFUTED, None),
    ("gd-distance-nonincreasing", HorizonClaim(
        "gd-dist", CLASSES["smooth-convex"].instance(L=L), gd(None, 1 / L),
        lambda f, xN, x0, xs, n: (xN - xs).norm2() <= (x0 - xs).norm2(), N),
     Status.PROVED, "geometric"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_horizon_claims(case):
    _, h, expected, kind = case
    v = decide_horizon(h)
    assert v.status is expected, v.message
    if kind:
        ind = v.details["induction"]
        assert ind["kind"] == kind
        certs = [o["certificate"] for o in ind["obligations"]]
        assert check_induction(h, ind["kind"], ind["index"], certs) is None
    else:
        assert v.witness["N"] == 1


def test_the_potential_step_has_a_certificate_linear_in_k():
    h = smooth_convex_rate(lambda n: 2 * n)
    v = decide_horizon(h)
    step = v.details["induction"]["obligations"][0]["certificate"]
    assert step == {"parameter": "k", "domain": "Interval(0, oo)", "theta": ["1"],
                    "lambda": {"f: x_* vs x_k": "2", "f: x_k vs x_{k+1}": "2*k + 2"}}
    claim = inductions(h)[0].obligations[0][1]
    assert K in claim.parameter_symbols()
    # a multiplier that is wrong for one k is rejected for every k
    bad = {**step, "lambda": {**step["lambda"], "f: x_k vs x_{k+1}": "2*k + 1"}}
    assert "function values remain" in check_parametric(claim, bad)
    assert check_parametric(claim, {**step, "parameter": "L"}) == \
        "the free parameters are ['k'], not [L]"
    negative = {**step, "lambda": {**step["lambda"], "f: x_* vs x_k": "2 - k"}}
    assert "not ≥ 0" in check_parametric(claim, negative)


def test_a_rate_of_another_shape_is_only_supported():
    h = smooth_convex_rate(lambda n: n**2 + 5)
    v = decide_horizon(h)
    assert v.status is Status.SUPPORTED
    assert "no counterexample at N = 1..3" in v.message and "not of the form" in v.message


def test_nonnegative_from_is_exact():
    k = sp.Symbol("k")
    assert nonnegative_from((k - 2) ** 2 * (k + 1), k, 0)
    assert not nonnegative_from((k - 2) * (k - 3), k, 0)  # negative on (2, 3)
    assert nonnegative_from((k - 2) * (k - 3), k, 3)
    assert nonnegative_from((k + 1) / (k + 2), k, 0)
    assert not nonnegative_from(sp.Symbol("a") * k, k, 0)


def test_psd_for_all():
    k = sp.Symbol("k")
    assert psd_for_all(sp.Matrix([[k + 1, k], [k, k]]), k, 0) is None
    assert psd_for_all(sp.Matrix([[1, k], [k, 1]]), k, 0).startswith("pivot 2")


def test_a_nonconvex_class_takes_a_global_minimiser_for_every_n():
    """Gradient descent with step 1/L on an L-smooth f with a global minimiser: the gap never
    grows (proved for every N by its necessary conditions); the convex rate L‖x₀ − x*‖²/(2N)
    fails for a double well, and no data can show it: unknown, never supported."""
    smooth = CLASSES["smooth"].instance(L=L)
    step = lambda f, x, k: x - f.grad(x) / L  # noqa: E731
    mono = HorizonClaim("mono", smooth, step,
                        lambda f, xN, x0, xs, n: f(xN) - f(xs) <= f(x0) - f(xs), N)
    v = decide_horizon(mono)
    assert v.status is Status.PROVED
    rate = HorizonClaim("rate", smooth, step, lambda f, xN, x0, xs, n:
                        f(xN) - f(xs) <= L * (x0 - xs).norm2() / (2 * n), N)
    w = decide_horizon(rate)
    assert w.status is Status.UNKNOWN and "necessary only" in w.message


def test_a_step_declared_positive_shows_both_of_its_bounds_and_a_named_value_shows_after():
    h = sp.Symbol("h", positive=True)
    claim = HorizonClaim("gd-h", CLASSES["smooth-convex"].instance(L=L), gd(None, h),
                         lambda f, xN, x0, xs, n: f(xN) - f(xs) <= L * (x0 - xs).norm2() / n,
                         N, parameters={h: h < 2 / L}, named=((r"\kappa", r"L/\mu"),))
    assert claim.describe().endswith("and every N ≥ 1, 0 < h < 2/L")  # never h < 2/L alone
    assert claim.where() == ", where κ = L/μ"
