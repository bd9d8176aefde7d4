"""The kernel's exact check of class claims: certificates and counterexample data."""

from fractions import Fraction

import sympy as sp

from numeric.kernel.classes import check_certificate, check_refutation, psd
from symbolic.classes import CLASSES, ClassClaim, Function, gradient_descent

L = sp.Symbol("L", positive=True)


def _gd1(den):
    f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    x0, xs = f.point("x_0"), f.minimizer()
    x1 = gradient_descent(f, x0, 1 / L, 1)[-1]
    return ClassClaim("gd", f(x1) - f(xs) <= L * (x0 - xs).norm2() / den, [f])


#: a certificate of f(x_1) − f* ≤ L‖x_0 − x*‖²/6 (one step of 1/L; tight)
GD1 = {"theta": ["1"], "lambda": {"f: x_* vs x_0": "1/2", "f: x_* vs x_1": "1/2",
                                  "f: x_0 vs x_1": "1/2"}}


def test_psd_exact():
    assert psd([[Fraction(2), Fraction(1)], [Fraction(1), Fraction(1, 2)]]) is None
    assert psd([[Fraction(0), Fraction(1)], [Fraction(1), Fraction(0)]]) == \
        "pivot 1 is 0 with a nonzero row"
    assert psd([[Fraction(1), Fraction(1, 2)], [Fraction(1, 3), Fraction(1)]]) == \
        "not symmetric at (1, 2)"


def test_the_textbook_certificate_is_admitted():
    assert check_certificate(_gd1(6), GD1) is None


def test_a_perturbed_certificate_is_rejected():
    bad = {"theta": ["1"], "lambda": {**GD1["lambda"], "f: x_* vs x_1": "7/10"}}
    # the same weights with the wrong conclusion weight
    assert check_certificate(_gd1(6), {**GD1, "theta": ["1/2"]}) == \
        "the conclusion's weights are not a convex combination"
    assert "function values remain" in check_certificate(_gd1(6), bad)


def test_the_same_certificate_does_not_prove_a_stronger_claim():
    why = check_certificate(_gd1(7), GD1)
    assert why is not None and "not PSD" in why


def test_negative_multipliers_and_unknown_labels_are_rejected():
    neg = {"theta": ["1"], "lambda": {**GD1["lambda"], "f: x_1 vs x_0": "-1"}}
    assert "negative" in check_certificate(_gd1(6), neg)
    unknown = {"theta": ["1"], "lambda": {"f: nowhere": "1"}}
    assert "no condition" in check_certificate(_gd1(6), unknown)


def _data(x0, g0, g1, f0, f1, fs="0"):
    return {"vectors": {"x_0": [x0], "∇f(x_0)": [g0], "x_*": ["0"], "∇f(x_1)": [g1]},
            "scalars": {"f(x_0)": f0, "f(x_1)": f1, "f(x_*)": fs}, "parameters": {"L": "1"}}


def test_counterexample_data_are_checked_exactly():
    # the Huber worst case of one step, L = 1, x_0 = 1: f(x) = x/3 − 1/18 for x ≥ 1/3, so
    # f(x_0) = 5/18, x_1 = 2/3, f(x_1) = 1/6 = ‖x_0 − x*‖²/6 > 1/7
    good = _data("1", "1/3", "1/3", "5/18", "1/6")
    assert check_refutation(_gd1(7), good) is None
    assert check_refutation(_gd1(6), good) == "the conclusion holds at the witness"


def test_data_breaking_an_interpolation_condition_are_rejected():
    # f(x_1) below the tangent at x_* = 0 (f* = 0): convexity fails
    bad = _data("1", "1/3", "1/3", "5/18", "-1/18")
    assert "fails" in check_refutation(_gd1(7), bad)


def test_parameters_must_meet_their_conditions():
    data = _data("1", "1/3", "1/3", "5/18", "1/6")
    data["parameters"] = {"L": "-1"}
    assert check_refutation(_gd1(7), data) == "L must be positive"


def test_a_class_without_interpolation_theorem_cannot_be_refuted_by_data(monkeypatch):
    from dataclasses import replace

    import symbolic.classes.declarations as d
    cls = replace(d.CLASSES["smooth-convex"], interpolating=False)
    f = Function("f", cls.instance(L=L))
    x0, xs = f.point("x_0"), f.minimizer()
    x1 = gradient_descent(f, x0, 1 / L, 1)[-1]
    c = ClassClaim("gd", f(x1) - f(xs) <= L * (x0 - xs).norm2() / 7, [f])
    assert "not known to be sufficient" in check_refutation(
        c, _data("1", "1/3", "1/3", "5/18", "1/6"))


def test_an_explicit_quadratic_refutes_when_it_is_a_member_and_the_claim_fails():
    from numeric.kernel.classes import check_function_refutation
    w = {"function": {"f": ["1"]}, "points": {"x_0": ["1"]}, "parameters": {"L": "1"}}
    # f(x) = ½x²: x_1 = 0, so f(x_1) − f* = 0: the claim with /7 holds there
    assert check_function_refutation(_gd1(7), w) == "the conclusion holds at the witness"
    # h = 2 is not 1-smooth
    bad = {**w, "function": {"f": ["2"]}}
    assert check_function_refutation(_gd1(7), bad) == \
        "½ Σ h_i x_i² with h = ['2'] is not convex and L-smooth"
    # h = 1/2: x_1 = 1/2, f(x_1) = 1/16 ≤ 1/7: holds; the PL rate 1/2 below fails
    from symbolic.classes import CLASSES, ClassClaim, Function, gradient_descent
    f = Function("f", CLASSES["smooth-pl"].instance(L=L, mu=L / 4))
    x0, xs = f.point("x_0"), f.minimizer()
    x1 = gradient_descent(f, x0, 1 / L, 1)[-1]
    c = ClassClaim("pl", f(x1) - f(xs) <= (f(x0) - f(xs)) / 2, [f])
    pl = {"function": {"f": ["1/4"]}, "points": {"x_0": ["1"]}, "parameters": {"L": "1"}}
    assert check_function_refutation(c, pl) is None
    # the PL class has no interpolation theorem: data alone refute nothing
    assert "not known to be sufficient" in check_refutation(c, {"vectors": {}, "scalars": {},
                                                               "parameters": {"L": "1"}})


def test_a_squared_reading_needs_its_factor_shown_nonnegative():
    from numeric.kernel.classes import check_squared
    from symbolic.classes import CLASSES, ClassClaim, Function
    L, mu, h = sp.symbols("L mu h", positive=True)
    f = Function("f", CLASSES["smooth-strongly-convex"].instance(L=L, mu=mu))
    x = f.point("x")
    claim = ClassClaim("t", f(x) >= f(x), [f], parameters={h: sp.Le(h, 2 / (L + mu))},
                       squared=(1 - 2 * h * L * mu / (L + mu),))
    assert check_squared(claim) is None
    claim.squared = (1 - h * L,)  # negative for h near 2/(L + μ)
    assert "not shown ≥ 0" in check_squared(claim)
