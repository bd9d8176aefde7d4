"""One set of evaluation failures: no stage decides for itself which errors mean "no value
here" (the set is :data:`symbolic.failures.CANNOT_EVALUATE`)."""

from __future__ import annotations

import pathlib
import re

import numpy as np
import pytest
import sympy as sp

from numeric.backends.numpy_batch import NumpyOps
from numeric.backends.precise import ArbOps
from symbolic.failures import CANNOT_EVALUATE, EvaluationFailure, Unsupported
from symbolic.walk import Evaluator

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_no_module_writes_its_own_tuple_of_evaluation_failures():
    offenders = []
    for pkg in ("symbolic", "numeric", "proofs"):
        for p in (ROOT / pkg).rglob("*.py"):
            text = p.read_text(encoding="utf-8")
            for m in re.finditer(r"except \(([^)]*)\)", text):
                if "Unsupported" in m.group(1) or "EvaluationFailure" in m.group(1):
                    offenders.append(f"{p.relative_to(ROOT)}: {m.group(0)}")
    assert offenders == []


def test_back_ends_raise_failures_the_stages_catch():
    t = sp.Symbol("t", real=True)
    with pytest.raises(Unsupported) as info:
        Evaluator(NumpyOps(), {t: np.array([1.0])})(sp.zeta(t))
    assert isinstance(info.value, EvaluationFailure)
    with pytest.raises(CANNOT_EVALUATE):
        Evaluator(ArbOps(), {})(sp.Symbol("u"))  # no value given
