"""Verdicts on class claims: what a proof, a refutation and an open case say."""

import pytest
import sympy as sp

from numeric.kernel.classes import check_refutation
from numeric.pep.decide import decide
from numeric.pep.exact import rationals
from symbolic.classes import CLASSES, ClassClaim, Function, gradient_descent
from symbolic.verdict import Status

L, mu, eta = sp.symbols("L mu eta", positive=True)


def test_proof_names_the_interpolation_theorem_and_the_normalisation():
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x, y = f.point("x"), f.point("y")
    v = decide(ClassClaim("coco", (f.grad(x) - f.grad(y)).inner(x - y)
                          >= (f.grad(x) - f.grad(y)).norm2() / L, [f]))
    assert v.status is Status.PROVED and v.rigorous
    assert v.details["relies_on"][0].startswith("convex and L-smooth: Taylor, Hendrickx")
    assert v.details["notes"] == ["without loss of generality L = 1 (the claim is homogeneous)"]
    # a ≥ claim gets no remark on its constant
    assert v.details["certificate"]["lambda"] == {"f: x vs y": "1", "f: y vs x": "1"}


def test_refutation_shows_short_exact_data():
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x, y = f.point("x"), f.point("y")
    v = decide(ClassClaim("coco2", (f.grad(x) - f.grad(y)).inner(x - y)
                          >= 2 * (f.grad(x) - f.grad(y)).norm2() / L, [f]))
    assert v.status is Status.REFUTED
    assert v.witness["parameters"] == {"L": "1"}
    assert all(len(c) == 1 for c in v.witness["vectors"].values())  # one dimension suffices


def test_a_free_step_is_proved_for_all_its_values():
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x0, xs = f.point("x_0"), f.minimizer()
    x1 = gradient_descent(f, x0, eta, 1)[-1]
    v = decide(ClassClaim("free-step", f(x1) - f(xs) <= (x0 - xs).norm2() / eta, [f],
                          parameters={eta: sp.Le(eta, 1 / L)}))
    assert v.status is Status.PROVED
    assert v.details["certificate"]["domain"] == "Interval.Lopen(0, 1)"


def test_two_free_parameters_leave_a_true_claim_unknown():
    f = Function("f", CLASSES["smooth-strongly-convex"].instance(L=L, mu=mu))
    x0, xs = f.point("x_0"), f.minimizer()
    x1 = gradient_descent(f, x0, eta, 1)[-1]
    v = decide(ClassClaim("two-free", (x1 - xs).norm2() <= (1 - eta * mu) * (x0 - xs).norm2(),
                          [f], parameters={eta: sp.Le(eta, 1 / L)}))
    assert v.status is Status.UNKNOWN
    assert "eta, mu" in v.message and "no certificate for every value" in v.message


def test_a_free_parameter_does_not_stop_a_refutation():
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x, xs = f.point("x"), f.minimizer()
    v = decide(ClassClaim("missing-strong", f(x) - f(xs) >= mu / 2 * (x - xs).norm2(), [f]))
    assert v.status is Status.REFUTED
    assert v.witness["parameters"] == {"L": "1", "mu": "1"}


def test_rationals_round_small_values_to_zero():
    assert rationals([1e-12, 0.25, 1.0], 10) == [0, sp.Rational(1, 4), 1]


def test_one_free_parameter_is_proved_for_all_its_values():
    f = Function("f", CLASSES["smooth-strongly-convex"].instance(L=L, mu=mu))
    x, y = f.point("x"), f.point("y")
    gx, gy = f.grad(x), f.grad(y)
    v = decide(ClassClaim("sc-coco", (gx - gy).inner(x - y) >= mu * L / (mu + L)
                          * (x - y).norm2() + (gx - gy).norm2() / (mu + L), [f]))
    assert v.status is Status.PROVED, v.message
    cert = v.details["certificate"]
    assert cert["domain"] == "Interval.open(0, 1)"
    assert cert["lambda"] == {"f: x vs y": "(1 - mu)/(mu + 1)", "f: y vs x": "(1 - mu)/(mu + 1)"}


def test_a_step_size_in_an_interval():
    h = sp.Symbol("h", positive=True)
    f = Function("f", CLASSES["smooth"].instance(L=L))
    w = f.point("w")
    w1 = w - h * f.grad(w)
    f.at(w1, "w_1")
    ok = decide(ClassClaim("sd", f(w1) - f(w) <= -h * (1 - L * h / 2) * f.grad(w).norm2(), [f],
                           parameters={h: sp.Lt(h, 2 / L)}))
    assert ok.status is Status.PROVED and ok.details["certificate"]["domain"] == \
        "Interval.open(0, 2)"
    bad = decide(ClassClaim("sd-bad", f(w1) - f(w) <= -h * f.grad(w).norm2(), [f],
                            parameters={h: sp.Lt(h, 2 / L)}))
    assert bad.status is Status.REFUTED


def test_a_loose_constant_is_remarked_beside_the_tight_one():
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x0, xs = f.point("x_0"), f.minimizer()
    x1 = gradient_descent(f, x0, 1 / L, 1)[-1]
    v = decide(ClassClaim("loose", f(x1) - f(xs) <= L * (x0 - xs).norm2() / 2, [f]))
    assert v.status is Status.PROVED
    assert v.details["notes"][-1] == ("the printed constant 0.5 is 3× the tight one 0.166667 "
                                      "(worst case over the class, from the solver)")


def test_an_unsquared_norm_is_refuted_by_an_explicit_function_in_one_dimension():
    from numeric.kernel.classes import check_function_refutation
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x, xs = f.point("x"), f.minimizer()
    claim = ClassClaim("norm", f(x) - f(xs) <= L * f.norm(x - xs), [f])
    v = decide(claim)
    assert v.status is Status.REFUTED and v.method == "performance estimation (explicit function)"
    assert len(v.witness["points"]["x"]) == 1
    # a norm the data make irrational is never evaluated
    w = {"function": {"f": ["1/2", "1/2"]}, "points": {"x": ["1", "1"]},
         "parameters": {"L": "1"}}
    assert check_function_refutation(claim, w) == \
        "the points cannot be computed from the functions"


def _gd_contraction(rate):
    f = Function("f", CLASSES["smooth-strongly-convex"].instance(L=L, mu=mu))
    x0, xs = f.point("x_0"), f.minimizer()
    x1 = gradient_descent(f, x0, eta, 1)[-1]
    return ClassClaim("contraction", (x1 - xs).norm2() <= rate * (x0 - xs).norm2(), [f],
                      parameters={eta: sp.Le(eta, 2 / (L + mu))})


def test_two_free_parameters_are_proved_for_all_their_values():
    # Nesterov's Theorem 2.1.15, one step: for every μ ∈ (0, L) and every η ≤ 2/(L + μ)
    claim = _gd_contraction(1 - 2 * eta * L * mu / (L + mu))
    v = decide(claim)
    assert v.status is Status.PROVED and v.rigorous
    cert = v.details["certificate"]
    assert sorted(cert["parameters"]) == ["eta", "mu"]
    assert "nlsat" in v.details["kernel"]
    from numeric.kernel.parametric import check_parametric
    assert check_parametric(claim, cert) is None
    # the kernel checks every sign again: a multiplier halved leaves a form that is not PSD
    half = {**cert, "lambda": {k: f"({w})/2" for k, w in cert["lambda"].items()}}
    assert check_parametric(claim, half) is not None
    negative = {**cert, "lambda": {k: f"-({w})" for k, w in cert["lambda"].items()}}
    assert "not ≥ 0" in check_parametric(claim, negative)


def test_a_rate_too_fast_for_some_step_is_refuted_with_exact_data():
    v = decide(_gd_contraction(1 - 2 * eta * L * mu / (L + mu) - eta * mu / 10))
    assert v.status is Status.REFUTED and v.rigorous
    assert "every interpolation condition holds" in v.details["kernel"]


def test_a_global_minimiser_of_a_nonconvex_class_is_never_refuted_by_data():
    """Co-coercivity at the minimiser holds for convex f, not for every L-smooth f with a
    global minimiser (a double well): its conditions are necessary only, so no data refute it
    and no convex quadratic does; it stays undecided, never proved."""
    L = sp.Symbol("L", positive=True)
    f = Function("f", CLASSES["smooth"].instance(L=L))
    xs, x = f.global_minimizer(), f.point("x")
    claim = ClassClaim("coco", f.grad(x).inner(x - xs) >= f.grad(x).norm2() / L, [f])
    v = decide(claim)
    assert v.status not in (Status.PROVED, Status.REFUTED)
    labels = [c.label for c in claim.conditions()]
    assert {"f: x above its minimum", "f: x⁺ above its minimum", "f: x⁺ vs x"} <= set(labels)
    assert check_refutation(claim, {"vectors": {}, "scalars": {}, "parameters": {}}) == (
        "f's minimiser: values above f(x*) do not show a function of L-smooth whose minimum "
        "is at x*")
    with pytest.raises(ValueError, match=r"or use f\.global_minimizer"):
        Function("g", CLASSES["smooth"].instance(L=L)).minimizer()


def test_conditions_follow_the_points_added_after_they_were_first_computed():
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x = f.point("x")
    claim = ClassClaim("c", f(x) >= f(x), [f])
    assert claim.conditions() == []  # one point: no pair
    f.point("y")
    assert [c.label for c in claim.conditions()] == ["f: x vs y", "f: y vs x"]
