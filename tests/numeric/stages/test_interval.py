import sympy as sp

from numeric.backends.xinterval import XI
from numeric.stages.interval import prove_interval
from symbolic import Claim, Prop, d, matrix, n, norm2, scalar
from symbolic.verdict import Status

R = scalar("R")
x = scalar("x")


def test_growth_on_an_unbounded_domain_is_proved():
    v = prove_interval(Claim("t:extra-1", 4 * R, "<=", sp.exp(6 * R**2), (Prop(R, ">=", 4),)))
    assert v.status is Status.PROVED and v.rigorous
    assert "inf" in v.message


def test_tight_but_true_bound_is_proved_and_planted_violation_refuted():
    box = (Prop(x, ">=", 0), Prop(x, "<=", 1))
    ok = prove_interval(Claim("t:extra-1", x * (1 - x), "<=", sp.Rational(1, 4), box))
    assert ok.status is Status.PROVED
    eps = sp.Rational(1, 10**8)
    bad = prove_interval(Claim("t:extra-1", x * (1 - x), "<=", (1 - eps) / 4, box))
    assert bad.status is Status.REFUTED and bad.rigorous
    w = bad.witness["x"]
    assert w * (1 - w) > 0.25 * (1 - 1e-8)


def test_false_claim_on_unbounded_domain_is_never_proved():
    v = prove_interval(Claim("t:extra-1", R**3, "<=", 100 * R**2, (Prop(R, ">=", 1),)))
    assert v.status in (Status.REFUTED, Status.UNKNOWN)
    assert v.status is not Status.PROVED


def test_not_applicable_to_matrix_claims():
    A, y = matrix("A", n, d), sp.MatrixSymbol("y", d, 1)
    assert prove_interval(Claim("t:extra-1", norm2(A * y), "<=", R)) is None


def test_extended_intervals():
    inf = float("inf")
    r = XI(4, inf)
    assert (r * 12 * (r * r * 6).exp() - 4).lower_gt0()
    assert XI(-1, 2).powi(2).lo == 0
    assert XI(0, 3).recip().hi == inf
    assert XI(1, inf).log().lo == 0


def test_log_form_cancels_common_factors_and_sizes_are_integers():
    beta = scalar("beta")
    from symbolic import n as size

    hyp = (Prop(R, ">=", 4), Prop(beta, ">", 0), Prop(beta, "<", 1))
    chain_end = 2 * beta**-2 * size ** sp.Rational(3, 2) * R * sp.exp(2 * R**2)
    stated = 2 * beta**-2 * size ** sp.Rational(3, 2) * sp.exp(2 * R**2)
    stronger = prove_interval(Claim("t:extra-1", chain_end, "<=", stated, hyp))
    assert stronger.status is Status.REFUTED and stronger.rigorous
    assert float(stronger.witness["n"]).is_integer() and stronger.witness["R"] >= 4
    weaker = prove_interval(Claim("t:extra-2", stated, "<=", chain_end, hyp))
    assert weaker.status is Status.PROVED and weaker.rigorous


def test_two_sided_unbounded_and_touching_minimum():
    v = prove_interval(Claim("t:extra-1", sp.exp(x), ">=", 1 + x))
    assert v.status is Status.PROVED
    assert v.details["regions"] == 2
