"""The Loewner order's convention (docs/verdicts.md): ``A ⪯ B`` means ``B − A`` is symmetric
and positive semidefinite, in every reader: the float margins, mpmath's, arb's test, the
sampler's construction, and the prover (issue 43, case 7)."""

from __future__ import annotations

import flint
import numpy as np
import sympy as sp

from numeric.backends.arb_linalg import is_symmetric, loewner_le
from numeric.backends.margins import asymmetry, batch_margin, symmetric_form
from numeric.backends.numpy_batch import NumpyOps
from numeric.budget import Budget
from numeric.stages.cascade import decide
from symbolic import Claim, Prop, matrix, n, opnorm
from symbolic.verdict import Status
from symbolic.walk import Evaluator

P, Q = matrix("P", n, n), matrix("Q", n, n)
Z = sp.ZeroMatrix(n, n)
#: x'Px ≥ 0 and x'(I − P)x ≥ 0 for every x, but P is not symmetric
SKEW = np.array([[1.0, 10.0], [-10.0, 1.0]])


def test_a_non_symmetric_difference_fails_the_float_margin():
    p2, q2 = matrix("P", 2, 2), matrix("Q", 2, 2)
    ev = Evaluator(NumpyOps(), {p2: SKEW[None], q2: np.eye(2)[None]})
    m, _, _ = batch_margin(Prop(sp.ZeroMatrix(2, 2), "⪯", p2), ev)
    assert m[0] < 0
    ev = Evaluator(NumpyOps(), {p2: np.diag([1.0, 2.0])[None], q2: np.eye(2)[None] * 3})
    assert batch_margin(Prop(p2, "⪯", q2), ev)[0][0] > 0
    assert asymmetry(SKEW[None]).tolist() == [20.0]


def test_arb_checks_symmetry_exactly():
    assert is_symmetric(SKEW.tolist()) is False
    assert is_symmetric([[2.0, 1.0], [1.0, 2.0]]) is True
    third = flint.arb_mat([[1, 1], [1, 1]]) / 3
    assert is_symmetric(third) is None  # balls around one value, not one exact number
    assert loewner_le(np.zeros((2, 2)), SKEW) is False
    assert loewner_le(np.zeros((2, 2)), np.eye(2)) is True


def test_symmetric_by_form():
    A = matrix("A", n, n)
    S, T = matrix("S", n, n, symmetric=True), matrix("T", n, n, symmetric=True)
    assert symmetric_form(Prop(S, "⪯", T)) and symmetric_form(Prop(A * A.T, "⪯", S))
    assert not symmetric_form(Prop(Z, "⪯", P)) and not symmetric_form(Prop(A, "⪯", A.T))


def test_case_7_is_proved_and_its_false_variants_refuted_at_symmetric_points():
    quick = Budget.get("quick")
    hyps = [Prop(Z, "⪯", P), Prop(P, "⪯", Q)]
    true = decide(Claim("t:c7", opnorm(P), "<=", opnorm(Q), hypotheses=hyps), quick, seed=0)
    assert true.status is Status.PROVED and true.details["relies_on"] == ["loewner-norm"]
    false = decide(Claim("t:c7f", opnorm(Q), "<=", opnorm(P), hypotheses=hyps), quick, seed=0)
    assert false.status is Status.REFUTED and false.rigorous
    w = {k: np.array(v, dtype=float) for k, v in false.witness.items() if k in ("P", "Q")}
    for d in (w["P"], w["Q"] - w["P"]):  # the witness satisfies ⪯ as the convention reads it
        assert np.array_equal(d, d.T) and np.linalg.eigvalsh(d).min() >= -1e-12


def test_a_conclusion_fails_where_the_difference_is_not_symmetric():
    A = matrix("A", n, n)
    v = decide(Claim("t:skew", Z, "⪯", A * A.T + A - A.T), Budget.get("quick"), seed=0)
    assert v.status is Status.REFUTED and v.rigorous
