"""Property tests (Hypothesis, derandomised): back ends agree on random expression trees, and
witnesses survive a JSON round trip.

Hypothesis is imported by the tests, not by this module: pytest rewrites the modules of every
plugin's distribution in each process that imports them (about 1.9 s where no bytecode is
cached), so only the worker that runs these tests pays it, not every worker that collects
them."""

from __future__ import annotations

import functools
import json
from types import SimpleNamespace

import flint
import mpmath
import numpy as np
import sympy as sp

from numeric.backends.arb_linalg import to_arb
from numeric.backends.numpy_batch import NumpyOps
from numeric.backends.precise import ArbOps, MpmathOps, arb_prec, mp_workdps
from numeric.layout import Layout
from numeric.search.confirm import confirm
from proofs.runner import check_claim
from symbolic import Claim, Prop, inner, n, norm2, norminf, scalar, sum_entries, vector
from symbolic.objects import exp_
from symbolic.verdict import Status
from symbolic.walk import Evaluator

K = 3
u, v = vector("u", K), vector("v", K)
a, b = scalar("a"), scalar("b")

LEAVES = [a, b, norm2(u), norminf(v), inner(u, v), sum_entries(exp_(u)), norm2(u - v),
          sp.Rational(3, 7), sp.Integer(2)]


@functools.cache
def _hypothesis() -> SimpleNamespace:
    """Hypothesis, its settings for these tests and the strategies (built once)."""
    import hypothesis
    from hypothesis import strategies as st

    def tree(depth: int) -> st.SearchStrategy:
        leaf = st.sampled_from(LEAVES)
        if depth == 0:
            return leaf
        sub = tree(depth - 1)
        return st.one_of(
            leaf,
            st.tuples(sub, sub).map(lambda t: t[0] + t[1]),
            st.tuples(sub, sub).map(lambda t: t[0] * t[1]),
            sub.map(lambda e: sp.exp(e / (1 + e**2))),  # bounded argument: no overflow
            sub.map(lambda e: sp.sqrt(e**2 + 1)),  # square root of a positive number
        )

    values = st.lists(st.floats(-2, 2, allow_nan=False, allow_subnormal=False),
                      min_size=2 * K + 2, max_size=2 * K + 2)
    profile = hypothesis.settings(derandomize=True, deadline=None, database=None,
                                  max_examples=60,
                                  suppress_health_check=[hypothesis.HealthCheck.too_slow])
    return SimpleNamespace(given=hypothesis.given, settings=hypothesis.settings, st=st,
                           profile=profile, exprs=tree(3), values=values)


def _instance(vals: list[float]) -> dict:
    return {a: vals[0], b: vals[1], u: np.array(vals[2:2 + K]).reshape(K, 1),
            v: np.array(vals[2 + K:]).reshape(K, 1)}


def _mp(e: sp.Expr, inst: dict, dps: int) -> mpmath.mpf:
    with mp_workdps(dps):
        ops = MpmathOps()
        env = {s: ops.array(x) if isinstance(x, np.ndarray) else ops.number(x)
               for s, x in inst.items()}
        return +Evaluator(ops, env)(e)


def test_arb_encloses_mpmath_and_float() -> None:
    h = _hypothesis()
    h.profile(h.given(h.exprs, h.values)(_arb_encloses_mpmath_and_float))()


def _arb_encloses_mpmath_and_float(e: sp.Expr, vals: list[float]) -> None:
    inst = _instance(vals)
    with arb_prec(200):
        ops = ArbOps()
        env = {s: ops.array(x) if isinstance(x, np.ndarray) else ops.number(x)
               for s, x in inst.items()}
        ball = Evaluator(ops, env)(e)
        assert ball.is_finite()
        exact = _mp(e, inst, 90)  # 90 digits: error far below the 200-bit ball's radius
        assert ball.contains(to_arb(exact)), (e, ball, exact)
    f = Evaluator(NumpyOps(), {s: np.asarray(x)[None] for s, x in inst.items()})(e)
    mid = float(ball.mid())
    assert abs(float(np.asarray(f).ravel()[0]) - mid) <= 1e-9 * max(1.0, abs(mid))


def test_numpy_batches_agree_with_mpmath() -> None:
    """Stated tolerance: relative 1e-9 (float64 on trees of depth <= 3)."""
    h = _hypothesis()
    h.profile(h.given(h.exprs, h.st.lists(h.values, min_size=1, max_size=4))(
        _numpy_batches_agree_with_mpmath))()


def _numpy_batches_agree_with_mpmath(e: sp.Expr, rows: list[list[float]]) -> None:
    insts = [_instance(r) for r in rows]
    batch = {s: np.stack([np.asarray(i[s], dtype=float) for i in insts]) for s in insts[0]}
    got = np.broadcast_to(np.asarray(Evaluator(NumpyOps(), batch)(e), dtype=float),
                          (len(rows),))
    for k, inst in enumerate(insts):
        ref = float(_mp(e, inst, 40))
        assert abs(got[k] - ref) <= 1e-9 * max(1.0, abs(ref)), (e, got[k], ref)


def _rebuild(claim: Claim, witness: dict) -> tuple[Layout, dict, dict]:
    from numeric.layout import index_bounds

    dims = {k: int(witness[k]) for k in sorted(str(s) for s in claim.dimension_symbols)}
    layout = Layout.of(claim, dims)
    values = {s: np.array(witness[str(s)], dtype=float) for s in layout.symbols}
    indices = {i: np.int64(witness[str(i)]) for i in index_bounds(claim)}
    return layout, values, indices


x = vector("x", n)
R = scalar("R")


def test_witness_round_trip_reproduces_violation() -> None:
    """False claims ``||x||_2 <= c sqrt(n) ||x||_inf`` (c < 1) and ``exp(R) <= 1 + R + c R^2``
    (fails for large R): the JSON witness re-confirms at high precision."""
    h = _hypothesis()
    h.settings(derandomize=True, deadline=None, database=None, max_examples=4)(h.given(
        h.st.sampled_from([sp.Rational(1, 2), sp.Rational(9, 10), sp.Rational(99, 100)]),
        h.st.integers(0, 1000))(_witness_round_trip_reproduces_violation))()


def _witness_round_trip_reproduces_violation(c: sp.Rational, seed: int) -> None:
    claims = [
        Claim("t:extra-1", norm2(x), "<=", c * sp.sqrt(n) * norminf(x), dims={"n": (2, 6)}),
        Claim("t:extra-2", sp.exp(R), "<=", 1 + R + c * R**2,
              hypotheses=(Prop(R, ">=", 0), Prop(R, "<=", 20))),
    ]
    for claim in claims:
        verdict = check_claim(claim, "quick", seed)
        assert verdict.status is Status.REFUTED, verdict.message
        witness = json.loads(json.dumps(verdict.witness))
        layout, values, indices = _rebuild(claim, witness)
        conf = confirm(claim, layout, values, indices)
        assert conf.violated and conf.hypotheses_hold


def test_paper_finding_witness_round_trip() -> None:
    from proofs import registry
    from proofs.tools import mutation

    claim = next(c for c in mutation.claims_of(registry.resolve("closeness:fact-3.2:item-5"))
                 if c.id == "closeness:fact-3.2:item-5")
    before = (flint.ctx.prec, mpmath.mp.dps)
    verdict = check_claim(claim, "quick", 0)
    assert verdict.status is Status.REFUTED
    assert (flint.ctx.prec, mpmath.mp.dps) == before
    layout, values, indices = _rebuild(claim, json.loads(json.dumps(verdict.witness)))
    conf = confirm(claim, layout, values, indices)
    assert conf.violated and conf.rigorous
