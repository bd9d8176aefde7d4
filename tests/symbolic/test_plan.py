"""Evaluation plans (symbolic/plan.py): the replayed calls give the walk's values bit for bit,
and whatever a plan cannot follow is walked."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from numeric.backends.logspace import LV, LogOps, _env
from numeric.backends.numpy_batch import NumpyOps
from numeric.layout import Layout
from numeric.search.sampler import sample
from numeric.stages.sampling.settings import dim_settings
from proofs import registry
from symbolic import Claim, Prop, deriv, matrix, norm2, opnorm, scalar, vector
from symbolic.objects import exp_, inner
from symbolic.plan import Plan, PlannedEvaluator, Plans, Untraceable, signature
from symbolic.walk import Evaluator, Unsupported


def _arrays(v):
    return [np.asarray(v.s), np.asarray(v.l)] if isinstance(v, LV) else [np.asarray(v)]


def _same(a, b) -> bool:
    x, y = _arrays(a), _arrays(b)
    return type(a) is type(b) and len(x) == len(y) and all(
        p.shape == q.shape and p.dtype == q.dtype and np.array_equal(p, q, equal_nan=True)
        for p, q in zip(x, y))


def _sides(c: Claim) -> list:
    return [s for p in (c.prop, *c.hypotheses) for s in (p.lhs, p.rhs)]


def _claims(paper: str, every: int) -> list[Claim]:
    return [c for e in registry.paper(paper).entries for c in e.claims()][::every]


@pytest.mark.parametrize("paper", ["closeness", "tensor-trick", "lipschitz-attention"])
def test_plans_reproduce_the_walk_bit_for_bit(paper):
    """Every eighth claim of each paper, two dimension settings, a batch and a sub-batch
    (the plan traced on one is replayed on the other), float64 and log space with inputs
    scaled far out of float64 range."""
    compared = 0
    for c in _claims(paper, 8):
        try:
            settings = dim_settings(c, 2, np.random.default_rng(0))
        except ValueError:
            continue
        for dims in settings:
            batch = sample(c, Layout.of(c, dims), 16, np.random.default_rng(1))
            for make, scale in ((NumpyOps, 1.0), (LogOps, 1.0), (LogOps, 1e150)):
                plans = Plans(make, _sides(c))
                for rows in (np.arange(batch.size), np.arange(min(3, batch.size))):
                    env = {k: v * scale if isinstance(v, np.ndarray) and v.dtype.kind == "f"
                           else v for k, v in batch.take(rows).env().items()}
                    env = _env(env) if make is LogOps else env
                    with np.errstate(all="ignore"):
                        try:
                            walked = [Evaluator(make(), env)(s) for s in _sides(c)]
                        except (Unsupported, ValueError, TypeError):
                            continue
                        ev = plans.evaluator(env)
                        planned = [ev(s) for s in _sides(c)]
                    assert all(_same(a, b) for a, b in zip(walked, planned)), (c.id, dims)
                    compared += isinstance(ev, PlannedEvaluator)
    assert compared > 10


def test_a_numeric_derivative_is_walked():
    A, x = matrix("A", 2, 2), vector("x", 2)
    e = deriv(norm2(exp_(A * x)), x, 1)
    env = {A: np.ones((3, 2, 2)), x: np.ones((3, 2, 1))}
    with pytest.raises(Untraceable, match="derivative"):
        Plan.trace(NumpyOps(), env, [e])
    ev = Plans(NumpyOps, [e]).evaluator(env)
    assert not isinstance(ev, PlannedEvaluator)
    assert np.array_equal(ev(e), Evaluator(NumpyOps(), env)(e))


def test_constants_are_computed_once_and_inputs_replayed():
    R, A, x = scalar("R"), matrix("A", 3, 2), vector("x", 2)
    e = opnorm(A) * norm2(x) + sp.sqrt(3) * R
    env = {R: np.array([1.0, 2.0]), A: np.ones((2, 3, 2)), x: np.ones((2, 2, 1))}
    plan = Plan.trace(NumpyOps(), env, [e])
    new = {R: np.array([0.5]), A: np.zeros((1, 3, 2)), x: np.ones((1, 2, 1))}
    assert plan.run(new)[0].tolist() == [float(sp.sqrt(3)) * 0.5]
    assert "sqrt" not in " ".join(map(str, plan.fn.__code__.co_names))


def test_an_expression_the_back_end_cannot_evaluate_fails_as_in_the_walk():
    x = vector("x", 2)
    c = inner(x, x)
    bad = sp.zeta(scalar("t"))
    env = {x: np.ones((2, 2, 1)), scalar("t"): np.ones(2)}
    ev = Plans(NumpyOps, [c, bad]).evaluator(env)
    assert ev(c).tolist() == [2.0, 2.0]
    with pytest.raises(Unsupported):
        ev(bad)


def test_the_signature_keys_ints_and_array_shapes():
    n, x = sp.Symbol("n"), sp.Symbol("x")
    assert signature({n: 3, x: np.zeros(2)}) != signature({n: 4, x: np.zeros(2)})
    assert signature({x: np.zeros(2)}) != signature({x: np.zeros((2, 1, 1))})
    with pytest.raises(Untraceable):
        signature({x: 1.5})


def test_one_array_for_two_symbols_is_not_traced():
    x, y = sp.Symbol("x"), sp.Symbol("y")
    a = np.ones(3)
    with pytest.raises(Untraceable, match="two symbols"):
        Plan.trace(NumpyOps(), {x: a, y: a}, [x + y])


def test_the_search_objective_uses_plans():
    from numeric.search.adversarial import _Objective

    x = vector("x", 3)
    c = Claim("t:extra-1", norm2(x), "<=", 2, (Prop(norm2(x), "<=", 1),))
    batch = sample(c, Layout.of(c, {}), 8, np.random.default_rng(0))
    obj = _Objective(c, batch.take(batch.feasible))
    theta = batch.layout.flatten(batch.take(batch.feasible).values)
    m1, h1, f1 = obj.evaluate(theta.copy())
    m2, h2, f2 = obj.evaluate(theta.copy())
    assert np.array_equal(m1, m2) and np.array_equal(h1, h2) and np.array_equal(f1, f2)
    assert f1.all()
    assert len(obj.plans._plans) == 1 and None not in obj.plans._plans.values()
