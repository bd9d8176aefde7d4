"""``lipschitz-attention``: the symbolic claims get the verdicts the encoding documents."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
import sympy as sp

from numeric.budget import Budget
from numeric.stages.exact import check_identity
from proofs.papers.lipschitz_attention import PAPER, lipschitz, loss, model
from proofs.papers.lipschitz_attention.objects import softmax, sphere_rows
from proofs.runner import check_claim
from symbolic import Claim, Status, matrix, n, vector
from symbolic.explicit import ExplicitInstance

SMALL = Budget("test", 192, 2, 30, 8, 1, 4, 2_000, 3, 2, 10.0)


def claim(entry, step=None):
    cid = entry.id if step is None else f"{entry.id}:step-{step}"
    return next(c for c in entry.claims() if c.id == cid)


def test_ids_and_listing():
    ids = [c.id for c in PAPER.claims()]
    assert len(ids) == len(set(ids)) == 18
    assert {e.id for e in PAPER.entries} >= {"lipschitz-attention:theorem-2",
                                             "lipschitz-attention:lemma-1"}


def test_sphere_rows_are_unit_exactly():
    T = matrix("T", n, n - 1)
    inst = ExplicitInstance({T}, {"n": 3})
    X = inst(sphere_rows(T, n))
    assert all(sp.cancel(sum(X[i, j] ** 2 for j in range(3)) - 1) == 0 for i in range(3))


@pytest.mark.slow
def test_exact_identities_on_the_grid():
    for c in (claim(model.EQUATION_2), claim(model.POLARIZATION),
              claim(model.SPHERE_ATTENTION, 1)):
        v = check_identity(c, Budget.get("quick"))
        assert v.status is Status.SUPPORTED and v.precision == "exact", (c.id, v.message)
        assert "exactly" in v.message
    # the bias/noise split, and softmax's shift invariance (exp(t + z_m) = e^t exp(z_m) taken
    # out of the sum), are proved for all sizes by the dimension-generic engine
    for c in (claim(loss.ICL_SPLIT), claim(loss.ICL_SPLIT, 2), claim(model.SHIFT)):
        v = check_identity(c, Budget.get("quick"))
        assert v.status is Status.PROVED and v.rigorous, (c.id, v.message)
        assert "dimension-generic" in v.method and "checked exactly" in v.message


@pytest.mark.slow
def test_sphere_statement_is_proved_and_fails_off_the_sphere():
    v = check_claim(claim(model.SPHERE_ATTENTION), SMALL, seed=1)
    assert v.status is Status.PROVED and v.rigorous  # row by row, for every n and d
    X, q, w = matrix("X", n, model.d), vector("q", model.d), model.w
    off = Claim("t:extra-off-sphere", softmax(w * X * q),
                "=", softmax(-(w / 2) * model.sq_dists(X, q)), dims={"n": (2, 3), "d": (1, 2)})
    v = check_claim(off, SMALL, seed=1)
    assert v.status is Status.REFUTED  # without ||x_i|| = 1 the identity fails


def _mp_value(expr, witness):
    """Evaluate a scalar claim side at a JSON witness with mpmath (50 digits)."""
    from numeric.backends.precise import MpmathOps, mp_workdps
    from numeric.layout import Layout
    from symbolic.walk import Evaluator

    c = Claim("t:extra-eval", expr, "=", expr)
    dims = {k: v for k, v in witness.items() if k in ("n", "d", "k")}
    lay = Layout.of(c, dims)
    ops = MpmathOps()
    vals = {s: np.asarray(witness[str(s)], dtype=float) for s in lay.symbols}
    conv = {s: ops.array(v) if v.ndim else ops.number(float(v)) for s, v in vals.items()}
    with mp_workdps(50):
        return Evaluator(ops, lay.env(conv, {}))(expr)


@pytest.mark.slow
def test_l_noise_factor_two_is_refuted_with_a_reproducible_witness():
    c = claim(loss.L_NOISE)
    v = check_claim(c, "quick", seed=0)
    assert v.status is Status.REFUTED and v.rigorous
    wit = v.witness
    assert wit["w"] >= 0 and wit["n"] >= 2
    lhs, rhs = _mp_value(c.lhs, wit), _mp_value(c.rhs, wit)
    assert abs(lhs - rhs) > mpmath.mpf(10) ** -6 * abs(lhs)
    corrected = next(a for x, a in loss.L_NOISE.annotated() if x.id == c.id).corrected
    assert abs(_mp_value(corrected.lhs, wit) - _mp_value(corrected.rhs, wit)) < 1e-30 * abs(lhs)


def test_lipschitz_needs_unit_q():
    v = check_claim(claim(lipschitz.PART_1), SMALL, seed=0)
    assert v.status is Status.REFUTED
    q = np.asarray(v.witness["q"], dtype=float)
    assert np.linalg.norm(q) > 1  # the bound fails only when ||q|| > 1
    v = check_claim(claim(lipschitz.BOUND_UNIT), SMALL, seed=0)
    assert v.status is Status.SUPPORTED and v.slack <= 1 + 1e-12
    # the constant is attained: proved for every d once q = σ(τ) is read as any unit vector
    v = check_claim(claim(lipschitz.TIGHT_UNIT), SMALL, seed=0)
    assert v.status is Status.PROVED and v.message.startswith("abstract:"), v.message


def test_total_cancellation_at_50_and_100_digits_is_not_a_violation() -> None:
    """On the unit circle, 1 - x'q for x, q within 1e-115 of each other cancels beyond 100
    digits: mpmath reads 0 at both precisions, the other side 1.8e-111, and used to report a
    'stable' violation. Arb at higher precision resolves it and contradicts mpmath."""
    from numeric.search.confirm import confirm_json

    cid = "lipschitz-attention:extra-sphere-polarization"
    c = next(x for e in PAPER.entries for x in e.claims() if x.id == cid)
    w = {"d": 2, "n": 1, "w": -1.757883482255101e+110, "T": [[-2.0881334929347673e+115]],
         "tau": [[4.401592127943185e+110]]}
    conf = confirm_json(c, w)
    assert not conf.violated and any("contradicts" in n for n in conf.notes), conf.notes
