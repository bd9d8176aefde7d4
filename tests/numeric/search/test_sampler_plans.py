"""The sampler's evaluation plans compute the floats its walks computed."""

from __future__ import annotations

import numpy as np
import sympy as sp

from numeric.backends.numpy_batch import NumpyOps
from numeric.layout import Layout
from numeric.search.sampler import _plan_of, hypothesis_margins, sample, to_faces
from symbolic import Claim, Prop, matrix, norm2, opnorm, scalar, vector
from symbolic.walk import Evaluator


def _claim() -> Claim:
    R = scalar("R", positive=True)
    A, x = matrix("A", 3, 2), vector("x", 2)
    return Claim("t:extra-1", norm2(A * x), "<=", R * sp.exp(R**2),
                 (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R), Prop(R, ">=", 4),
                  Prop(sp.exp(10 * R**2), ">=", R)))


def test_hypothesis_margins_planned_equal_walked_with_overflow() -> None:
    c = _claim()
    lay = Layout.of(c, {})
    batch = sample(c, lay, 64, np.random.default_rng(3))
    R = next(s for s in lay.symbols if str(s) == "R")
    batch.values[R] = np.where(np.arange(64) % 2 == 0, 5.0, 60.0)  # exp(10 R^2) overflows
    env = batch.env()
    plan = _plan_of(c, lay)
    hyps = c.hypotheses
    walked = hypothesis_margins(hyps, Evaluator(NumpyOps(), env), 64)
    for _ in range(2):  # traced (the walk's values), then replayed
        with np.errstate(all="ignore"):
            ev = plan.props_evaluator("hypotheses", hyps, env)
        planned = hypothesis_margins(hyps, ev, 64, plan.log_plans(hyps))
        for a, b in zip(walked, planned):
            assert a.tobytes() == b.tobytes()
    assert np.isfinite(walked[3]).all() and (walked[3][1::2] > 0).all()


def test_to_faces_traced_and_replayed_alike() -> None:
    c = _claim()
    lay = Layout.of(c, {})
    batch = sample(c, lay, 32, np.random.default_rng(5))
    vals = {s: v * 1e3 for s, v in batch.values.items()}  # break the norm bounds
    first = to_faces(c, lay, vals, batch.indices)
    again = to_faces(c, lay, vals, batch.indices)
    for s in lay.symbols:
        assert first[s].tobytes() == again[s].tobytes()
    A = next(s for s in lay.symbols if str(s) == "A")
    R = next(s for s in lay.symbols if str(s) == "R")
    norms = np.linalg.norm(first[A], 2, axis=(-2, -1))
    assert (norms <= first[R] * (1 + 1e-12)).all()
