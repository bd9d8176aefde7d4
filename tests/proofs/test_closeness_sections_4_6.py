"""Regression suite of the Section 4 and 6 formulas of ``closeness`` (verdicts pinned)."""

import functools
import json

import flint
import numpy as np
import pytest

from numeric.backends.precise import MpmathOps, mp_workdps
from numeric.layout import Layout
from numeric.stages.exact import _arb_point, arb_eval
from proofs import registry
from proofs.model.results import Result
from proofs.papers.closeness import softmax_twin as twin
from proofs.review.findings import collect
from proofs.runner import check_claim
from symbolic import Status
from symbolic.explicit import ExplicitInstance
from symbolic.walk import Evaluator


@functools.cache
def _claims_by_id() -> dict:
    """Claim id -> every claim of the paper with that id, built once (each resolve builds the
    claims of the entries it matches anew)."""
    out: dict = {}
    for c in registry.paper("closeness").claims():
        out.setdefault(c.id, []).append(c)
    return out


def claim(cid):
    (c,) = _claims_by_id()[cid]  # exactly one claim has this id
    return c


PROVED = [
    "closeness:definition-4.1", "closeness:definition-4.2", "closeness:definition-4.3",
    "closeness:definition-4.3:item-1", "closeness:definition-4.3:item-2",
    "closeness:definition-4.3:item-3", "closeness:definition-4.4",
    "closeness:definition-4.4:item-1", "closeness:lemma-4.5:part-1",
    "closeness:lemma-4.5:part-2", "closeness:lemma-4.5:part-3",
    "closeness:lemma-4.5:part-4:step-1", "closeness:lemma-4.5:part-4:step-2",
    "closeness:extra-lemma-4.5-part-5-corrected",
    "closeness:definition-6.1", "closeness:definition-6.2", "closeness:definition-6.3",
    "closeness:definition-6.3:item-1", "closeness:definition-6.3:item-2",
    "closeness:definition-6.3:item-3", "closeness:definition-6.4",
    "closeness:definition-6.4:item-1", "closeness:extra-grad-a-exp",
    "closeness:extra-grad-a-alpha", "closeness:extra-grad-a-alpha-inv",
    "closeness:extra-grad-a-f", "closeness:extra-grad-a-c", "closeness:extra-grad-a-loss",
]


@pytest.mark.parametrize("cid", PROVED)
def test_proved_for_all_sizes(cid):
    v = check_claim(claim(cid), "quick")
    assert v.status is Status.PROVED and v.rigorous, v.message
    assert "for all n, d" in v.message
    tri = v.details.get("triangulation")
    if tri is not None:  # derivative claims: finite differences agree, also beyond float64
        assert tri["agrees"] is True
        assert set(tri["worst_rel_error"]) == {"scale 1", "scale 30"}


@pytest.mark.slow
def test_hessian_in_x_proved():
    v = check_claim(claim("closeness:extra-hess-x-loss"), "quick")
    assert v.status is Status.PROVED and v.details["triangulation"]["agrees"] is True


def test_part_5_refuted_with_reproducible_witness():
    c = claim("closeness:lemma-4.5:part-5")
    v = check_claim(c, "quick")
    assert v.status is Status.REFUTED and v.rigorous
    w = v.witness
    assert (w["n"], w["d"], w["i"]) == (1, 1, 1)
    assert float(v.details["true_value"][0]) == 0.0  # n = 1: f = 1, so dL/dx = 0
    assert float(v.details["printed_value"][0]) != 0.0
    # the witness, substituted into the claim as printed, reproduces the mismatch (arb)
    inst = ExplicitInstance(c.symbols - {c.lhs.args[2]}, {"n": 1, "d": 1}, {c.lhs.args[2]: 1})
    vals = {s: np.array(w[s.name]) for s in c.symbols if s.name in w and s.name != "i"}
    flint.ctx.prec = 256
    try:
        env = _arb_point(inst, vals)
        gap = arb_eval(inst(c.lhs) - inst(c.rhs), env)
        assert abs(gap) > 0
    finally:
        flint.ctx.prec = 53
    f = collect([Result.of(c, v, registry.paper("closeness").annotation(c.id))])
    assert f[0].kind == "formula-mismatch" and "minus" in f[0].corrected
    json.dumps([x.to_json() for x in f])


def _closed(cid, values, idx):
    c = claim(cid)
    dims = {"n": values["A"].shape[0], "d": values["A"].shape[1]}
    lay = Layout.of(c, dims)
    ops = MpmathOps()
    conv = {s: ops.array(values[s.name].reshape(lay.shapes[s])) for s in lay.symbols}
    syms = {s.name: s for s in c.symbols}
    out = Evaluator(ops, lay.env(conv, {syms[k]: v for k, v in idx.items()}))(c.rhs)
    return np.array(np.asarray(out, dtype=object).tolist(), dtype=float).ravel()


@pytest.mark.slow
def test_numpy_twin_agrees_with_symbolic_closed_forms():
    rng = np.random.default_rng(7)
    n, d = 4, 3
    A, x, b = rng.normal(size=(n, d)), rng.normal(size=d), rng.normal(size=n)
    vals = {"A": A, "x": x, "b": b}
    with mp_workdps(30):
        g = [_closed("closeness:extra-lemma-4.5-part-5-corrected", vals, {"i": k + 1})[0]
             for k in range(d)]
        assert np.allclose(g, twin.grad_loss(A, x, b), rtol=1e-12, atol=1e-14)
        ga = [[_closed("closeness:extra-grad-a-alpha", vals, {"i": r + 1, "j": s + 1})[0]
               for s in range(d)] for r in range(n)]
        assert np.allclose(ga, twin.grad_alpha_A(A, x), rtol=1e-12)
        gl = [[_closed("closeness:extra-grad-a-loss", vals, {"i": r + 1, "j": s + 1})[0]
               for s in range(d)] for r in range(n)]
        assert np.allclose(gl, twin.grad_loss_A(A, x, b), rtol=1e-12, atol=1e-14)
        jf = twin.jac_f_A(A, x)
        for r in range(n):
            for s in range(d):
                col = _closed("closeness:extra-grad-a-f", vals, {"i": r + 1, "j": s + 1})
                assert np.allclose(col, jf[:, r, s], rtol=1e-12, atol=1e-14)
        h = [[_closed("closeness:extra-hess-x-loss", vals, {"i": r + 1, "j": s + 1})[0]
              for s in range(d)] for r in range(d)]
        assert np.allclose(h, twin.hess_loss(A, x, b), rtol=1e-12, atol=1e-14)
        pr = _closed("closeness:lemma-4.5:part-5", vals, {"i": 1})[0]
        assert not np.isclose(pr, twin.grad_loss(A, x, b)[0], rtol=1e-3)
