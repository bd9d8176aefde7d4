"""The batched numpy evaluator, mpmath and arb agree on the same claim expressions."""

import flint
import mpmath
import numpy as np
import pytest
import sympy as sp

from numeric.backends.numpy_batch import NumpyOps
from numeric.backends.precise import ArbOps, MpmathOps, arb_prec, mp_workdps
from symbolic import (
    col,
    deriv,
    diag,
    exp_,
    frob,
    hadamard,
    index,
    inner,
    kron,
    matrix,
    norm2,
    norminf,
    ones,
    opnorm,
    vec,
    vector,
)
from symbolic.regression import SoftmaxRegression
from symbolic.walk import Evaluator

N, D = 4, 3
A, x, b = matrix("A", N, D), vector("x", D), vector("b", N)
S = SoftmaxRegression(A, x, b)
i = index("i")
EXPRS = {
    "alpha": S.alpha,
    "loss": S.L,
    "f": S.f,
    "norms": norm2(S.f) + norminf(A * x) + opnorm(A) + frob(A),
    "diag": diag(S.f) * S.c,
    "hadamard": hadamard(exp_(A * x), col(A, i)),
    "grad": deriv(S.L, x, i),
    "kron": kron(A, x) * x + vec((kron(x, A) * x).T, "col"),
    "inner": inner(S.c, ones(N)),
    "hadamard_pow": sp.HadamardPower(S.f, 2) + sp.HadamardPower(A * x, 3),
}


@pytest.fixture(scope="module")
def batch():
    rng = np.random.default_rng(7)
    return {A: rng.normal(size=(5, N, D)), x: rng.normal(size=(5, D, 1)),
            b: rng.normal(size=(5, N, 1)), i: np.array([1, 2, 3, 1, 2])}


@pytest.mark.parametrize("name", sorted(EXPRS))
def test_numpy_batch_matches_mpmath_and_arb(name, batch):
    expr = EXPRS[name]
    got = np.asarray(Evaluator(NumpyOps(), batch)(expr), dtype=float)
    for k in range(5):
        mp_ops, arb_ops = MpmathOps(), ArbOps()
        with mp_workdps(40):
            env = {A: mp_ops.array(batch[A][k]), x: mp_ops.array(batch[x][k]),
                   b: mp_ops.array(batch[b][k]), i: int(batch[i][k])}
            ref = Evaluator(mp_ops, env)(expr)
        ref = np.array(ref.tolist() if isinstance(ref, np.ndarray) else ref, dtype=float)
        assert np.allclose(got[k], ref, rtol=1e-9, atol=1e-12), name
        if name == "grad":
            continue  # arb has no derivative node (confirmation uses mpmath for those)
        with arb_prec(128):
            env = {A: arb_ops.array(batch[A][k]), x: arb_ops.array(batch[x][k]),
                   b: arb_ops.array(batch[b][k]), i: int(batch[i][k])}
            enc = Evaluator(arb_ops, env)(expr)
        for ball, val in zip(np.ravel(enc), np.ravel(ref)):
            assert isinstance(ball, flint.arb)
            assert ball.overlaps(flint.arb(mpmath.mpf(float(val)))) or abs(
                float(ball.mid()) - val) <= 1e-12 * max(1.0, abs(val)), name


def test_arb_contains_the_true_value_of_a_large_exponential():
    with mp_workdps(80):
        true = mpmath.nstr(mpmath.sqrt(3) * mpmath.exp(30), 70)
    with arb_prec(200):
        e = Evaluator(ArbOps(), {x: ArbOps().array(np.full((D, 1), 30.0))})(norm2(exp_(x)))
        assert e.overlaps(flint.arb(true))
        assert e.rad() < 1e-40 * abs(e.mid())
