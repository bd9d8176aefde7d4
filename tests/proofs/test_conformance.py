"""Conformance catalogue: known-true claims, and known-false ones with violations planted as
small as 1e-8 relative. No back end may prove a false claim or refute a true one, and the search
must find every planted violation."""

import numpy as np
import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.stages.exact import check_identity
from numeric.stages.interval import prove_interval
from numeric.stages.sampling import check_numeric
from proofs.runner import check_claim
from symbolic import (
    Claim,
    Prop,
    col,
    d,
    deriv,
    exp_,
    hadamard,
    index,
    inner,
    matrix,
    n,
    norm2,
    norminf,
    ones,
    opnorm,
    scalar,
    vector,
)
from symbolic.regression import SoftmaxRegression
from symbolic.verdict import Status

EPS = sp.Rational(1, 10**8)
R, t = scalar("R"), scalar("t")
A, x, y, b = matrix("A", n, d), vector("x", d), vector("y", d), vector("b", n)
u, v, z, w = vector("u", n), vector("v", n), vector("z", n), vector("w", n)
i = index("i")
S = SoftmaxRegression(A, x, b)
DIMS = {"n": (1, 8), "d": (1, 4)}
BALL = (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R), Prop(R, ">=", 1))
UNIT = (Prop(t, ">=", 0), Prop(t, "<=", 1))
GAP = (Prop(norminf(z - w), "<=", sp.Rational(1, 100)),)
TIGHT = (sp.exp(sp.Rational(1, 100)) - 1) * 100  # sup of the Fact 3.1.4 ratio


def c(cid, lhs, rel, rhs, hyp=(), dims=DIMS):
    return Claim(f"conf:extra-{cid}", lhs, rel, rhs, hypotheses=hyp, dims=dims, source="catalogue")


TRUE = [
    c("cauchy-schwarz", inner(u, v), "<=", norm2(u) * norm2(v)),
    c("triangle", norm2(u + v), "<=", norm2(u) + norm2(v)),
    c("inf-le-2", norminf(u), "<=", norm2(u)),
    c("2-le-sqrt-n-inf", norm2(u), "<=", sp.sqrt(n) * norminf(u)),
    c("operator", norm2(A * x), "<=", R**2, BALL),
    c("quadratic", t * (1 - t), "<=", sp.Rational(1, 4), UNIT),
    c("exp-tangent", sp.exp(t), ">=", 1 + t),
    c("growth", 4 * R, "<=", sp.exp(6 * R**2), (Prop(R, ">=", 4),)),
    c("softmax-sums-to-one", inner(S.f, ones(n)), "=", 1),
    c("softmax-norm", norm2(S.f), "<=", 1),
    c("exp-gradient", deriv(exp_(A * x), x, i), "=", hadamard(exp_(A * x), col(A, i))),
    c("exp-lipschitz-tight", norm2(exp_(z) - exp_(w)), "<=",
      norm2(exp_(z)) * TIGHT * norminf(z - w), GAP),
]

FALSE = [
    c("cauchy-schwarz-1e-8", inner(u, v), "<=", (1 - EPS) * norm2(u) * norm2(v)),
    c("sqrt-n-1e-8", norm2(u), "<=", (1 - EPS) * sp.sqrt(n) * norminf(u)),
    c("operator-1e-8", norm2(A * x), "<=", (1 - EPS) * R**2, BALL),
    c("quadratic-1e-8", t * (1 - t), "<=", (1 - EPS) / 4, UNIT),
    c("exp-tangent-1e-8", sp.exp(t), ">=", (1 + EPS) * (1 + t)),
    c("softmax-sums-1e-8", inner(S.f, ones(n)), "=", 1 + EPS),
    c("exp-gradient-1e-8", deriv(exp_(A * x), x, i), "=",
      (1 + EPS) * hadamard(exp_(A * x), col(A, i))),
    c("exp-lipschitz-1e-8", norm2(exp_(z) - exp_(w)), "<=",
      norm2(exp_(z)) * (1 - EPS) * TIGHT * norminf(z - w), GAP),
    c("softmax-norm-half", norm2(S.f), "<=", sp.Rational(1, 2)),
]


def _planted_extreme_scales() -> list[Claim]:
    """Issue 15's planted claims (tests/numeric/test_extreme_scales.py): violations only at
    magnitudes >= 1e30 apart, or on a measure-zero set (x = y, u = w)."""
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).parents[1] / "numeric" / "stages" / "test_extreme_scales.py"
    spec = importlib.util.spec_from_file_location("_extreme_scales", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return list(mod.PLANTED)


FALSE += _planted_extreme_scales()


def ids(claims):
    return [cl.id.split("extra-")[1] for cl in claims]


@pytest.mark.parametrize("claim", TRUE, ids=ids(TRUE))
def test_true_claims_are_never_refuted(claim):
    for stage in (check_identity(claim, Budget.get("quick")), prove_interval(claim, Budget.get("quick"))):
        assert stage is None or stage.status is not Status.REFUTED
    v = check_claim(claim, "quick", seed=11)
    assert v.status in (Status.PROVED, Status.SUPPORTED), v.message


@pytest.mark.parametrize("claim", FALSE, ids=ids(FALSE))
def test_false_claims_are_never_proved_and_always_refuted(claim):
    for stage in (check_identity(claim, Budget.get("quick")), prove_interval(claim, Budget.get("quick"))):
        assert stage is None or stage.status is not Status.PROVED
    v = check_claim(claim, "quick", seed=11)
    assert v.status is Status.REFUTED, v.message
    assert v.witness is not None


@pytest.mark.parametrize("claim", [cl for cl in FALSE if prove_interval(cl) is None
                                   and check_identity(cl) is None], ids=lambda cl: cl.id)
def test_sampling_and_search_alone_find_planted_violations(claim):
    v = check_numeric(claim, Budget.get("quick"), seed=5)
    assert v.status is Status.REFUTED, v.message
    # a strict relation fails at margin 0 too (u = w in ||u - w|| > 0)
    assert v.worst_margin <= 0 if claim.rel.strict else v.worst_margin < 0


def test_proved_verdicts_are_rigorous():
    v = check_claim(TRUE[7], "quick")
    assert v.status is Status.PROVED and v.rigorous
    assert np.isfinite(v.evaluations)
