"""The silent-error gate (issue 27): over 200 claims of known truth that the papers' encodings
do not contain, each with a false variant one symbol away (``gate_catalogue.py``).

Through the whole runner at budget quick: 0 true claims ``refuted``, 0 false claims ``proved``,
every false variant ``refuted`` with an arb-certified witness, and each such witness confirmed
again by an independent evaluation: the claim in explicit coordinates (SymPy, exact rational
inputs) evaluated by mpmath, not by the numeric back ends that found it.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from collections import Counter
from typing import Any

import mpmath
import pytest
import sympy as sp

from proofs.runner import run_entries
from symbolic.explicit import ExplicitInstance, ExplicitOps
from symbolic.relation import Relation
from symbolic.walk import Evaluator, Unsupported

_spec = importlib.util.spec_from_file_location(
    "gate_catalogue", pathlib.Path(__file__).with_name("gate_catalogue.py"))
gate = sys.modules.setdefault("gate_catalogue", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(gate)
PAIRS = gate.PAIRS


class _Numbers(ExplicitOps):
    """Explicit coordinates on numbers: what has no closed form (the spectral norm, the
    smallest eigenvalue) by mpmath's own linear algebra."""

    def reduce(self, name: str, m: Any, node: sp.Basic) -> Any:
        if name == "spectral":
            svals = mpmath.svd_r(mpmath.matrix(m.tolist()), compute_uv=False)
            return sp.Float(max(svals), mpmath.mp.dps)
        if name == "lambda_min":
            return sp.Float(min(mpmath.eigsy(mpmath.matrix(m.tolist()))[0]), mpmath.mp.dps)
        return super().reduce(name, m, node)


def _values(claim: Any, witness: dict[str, Any], dps: int) -> tuple[Any, dict, dict]:
    dims = {k: int(v) for k, v in witness.items() if k in ("n", "d")}
    idx = {s: int(witness[str(s)]) for s in claim.symbols
           if isinstance(s, sp.Symbol) and s.is_integer}
    subs = {}
    for s in claim.symbols - set(idx):
        raw = witness[str(s)]
        if isinstance(s, sp.MatrixSymbol):
            for r, row in enumerate(raw):
                for c, v in enumerate(row):
                    subs[sp.Symbol(f"{s.name}_{r + 1}_{c + 1}", real=True)] = sp.Rational(v)
        else:
            subs[s] = sp.Rational(raw)
    return dims, idx, subs


def _evaluate(claim: Any, e: Any, dims: dict, idx: dict, subs: dict, dps: int) -> Any:
    """``e`` at the witness, at ``dps`` digits: symbolic in coordinates, then numbers."""
    try:
        val = ExplicitInstance(claim.symbols - set(idx), dims, idx)(e)
        val = val.subs(subs) if hasattr(val, "subs") else val
        return val.evalf(dps) if hasattr(val, "evalf") else val
    except Unsupported:
        env = {}
        inst = ExplicitInstance(claim.symbols - set(idx), dims, idx)
        for k, v in inst.env.items():
            env[k] = v.subs(subs) if hasattr(v, "subs") else v
        return Evaluator(_Numbers(), env)(e).evalf(dps)


def _holds(rel: Relation, lhs: Any, rhs: Any) -> bool:
    if rel is Relation.PSD_LE:
        diff = sp.Matrix(rhs - lhs)
        return min(mpmath.eigsy(mpmath.matrix(diff.evalf(mpmath.mp.dps).tolist()))[0]) >= 0
    if isinstance(lhs, sp.MatrixBase):
        return all(_holds(rel, a, b) for a, b in zip(lhs, rhs))
    lhs, rhs = sp.Float(lhs, mpmath.mp.dps), sp.Float(rhs, mpmath.mp.dps)
    if rel is Relation.EQ:
        return abs(lhs - rhs) <= sp.Float(10) ** (-(mpmath.mp.dps - 10)) * (abs(lhs) + abs(rhs))
    return bool({Relation.LE: lhs <= rhs, Relation.LT: lhs < rhs, Relation.GE: lhs >= rhs,
                 Relation.GT: lhs > rhs}[rel])


def independent_violation(claim: Any, witness: dict[str, Any]) -> bool:
    """Do the hypotheses hold and the claim fail at ``witness``, by explicit coordinates and
    mpmath (60 digits, then 1300 where the margin is finer than that)?"""
    for dps in (60, 1300):
        with mpmath.workdps(dps):
            dims, idx, subs = _values(claim, witness, dps)
            if not all(_holds(h.rel, _evaluate(claim, h.lhs, dims, idx, subs, dps),
                              _evaluate(claim, h.rhs, dims, idx, subs, dps))
                       for h in claim.hypotheses if h.rel is not Relation.EQ):
                return False
            lhs = _evaluate(claim, claim.lhs, dims, idx, subs, dps)
            rhs = _evaluate(claim, claim.rhs, dims, idx, subs, dps)
            if not _holds(claim.rel, lhs, rhs):
                return True
    return False


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    claims = [c for p in PAIRS for c in (p.true, p.false)]
    return {r.id: r for r in run_entries(claims, "quick", 0, jobs=2)}


def test_gate_size_and_categories():
    assert len(PAIRS) >= 200 and len({p.id for p in PAIRS}) == len(PAIRS)
    assert set(Counter(p.category for p in PAIRS)) == {
        "scalar", "vanish", "extreme", "strict", "index", "latex", "derivative", "vector", "prover"}


@pytest.mark.slow
def test_no_true_claim_refuted_and_no_false_claim_proved(results):
    wrong = [(p.id, "true refuted", results[p.true.id].verdict.witness) for p in PAIRS
             if results[p.true.id].status.value == "refuted"]
    wrong += [(p.id, "false proved", results[p.false.id].verdict.method) for p in PAIRS
              if results[p.false.id].status.value == "proved"]
    assert wrong == []
    for p in PAIRS:  # a proof is rigorous, always
        v = results[p.true.id].verdict
        assert v.status.value != "proved" or v.rigorous, p.id


@pytest.mark.slow
def test_every_false_variant_is_refuted_with_a_certified_witness(results):
    missed = [(p.id, results[p.false.id].status.value, results[p.false.id].verdict.message[:120])
              for p in PAIRS if not (results[p.false.id].status.value == "refuted"
                                     and results[p.false.id].verdict.rigorous)]
    assert missed == []


@pytest.mark.slow
def test_every_false_witness_is_confirmed_independently(results):
    unconfirmed = []
    for p in PAIRS:
        v = results[p.false.id].verdict
        if v.witness is not None and not independent_violation(p.false, v.witness):
            unconfirmed.append((p.id, v.witness))
    assert unconfirmed == []


@pytest.mark.slow
def test_gate_counts_by_category(results, capsys):
    table: dict[str, Counter] = {}
    for p in PAIRS:
        row = table.setdefault(p.category, Counter())
        row["pairs"] += 1
        row["true " + results[p.true.id].status.value] += 1
        row["false " + results[p.false.id].status.value] += 1
    with capsys.disabled():
        for cat, row in sorted(table.items()):
            print(f"\ngate {cat:11s} " + ", ".join(f"{k} {v}" for k, v in sorted(row.items())))
    assert sum(r["pairs"] for r in table.values()) == len(PAIRS)
