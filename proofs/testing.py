"""pytest helpers: regression-test your formulas and inequalities.

A failing helper raises :class:`ClaimFailed`, whose message is one line with the claim's id, its
verdict and the witness; the helpers hide their own frames from pytest's traceback
(``__tracebackhide__``), so a failure points at your line. The ``proofcheck`` pytest plugin
(:mod:`proofs.pytest_plugin`) adds a marker, a fixture and module-level ``PROOFCHECK_CLAIMS``.

Example (in a test file)::

    from proofs.testing import assert_holds, assert_gradient
    from symbolic import Claim, matrix, vector, exp_, hadamard, col, index, n, d

    def test_exp_gradient():
        A, x, i = matrix("A", n, d), vector("x", d), index("i")
        assert_gradient(exp_(A * x), x, i, hadamard(exp_(A * x), col(A, i)))

>>> import sympy as sp
>>> from symbolic import Claim, scalar
>>> R = scalar("R", positive=True)
>>> assert_holds(Claim("t:extra-1", R, "<=", sp.exp(R))).status.value
'proved'
"""

from __future__ import annotations

import json
from typing import Any

import sympy as sp

from symbolic.claim import Claim, Prop
from symbolic.objects import deriv
from symbolic.verdict import Status, Verdict

HOLDS = (Status.PROVED, Status.SUPPORTED)


class ClaimFailed(AssertionError):
    """A claim did not get the verdict a test asked for.

    ``str`` is one line: the id and the verdict, with the witness of a refutation, or what was
    expected (and the reason of an error); :meth:`details` has the method, message and the full
    witness.

    >>> from symbolic import Claim, scalar
    >>> c = Claim("mine:x-le-1", scalar("x"), "<=", 1)
    >>> str(ClaimFailed(c, Verdict(Status.REFUTED, "sampling", witness={"x": 2.5}), "holds"))
    'mine:x-le-1: refuted (witness x=2.5)'
    """

    def __init__(self, claim: Claim, verdict: Verdict, expected: str):
        self.claim = claim
        self.verdict = verdict
        self.expected = expected
        super().__init__(self.one_line())

    def one_line(self) -> str:
        """``<id>: refuted (witness ...)``, or ``<id>: <status> (expected <...>)`` with the
        reason of an error."""
        from proofs.reports.table import shown_witness
        from symbolic.formatting import numbers_in, one_line
        from symbolic.formatting import witness as shown

        v = self.verdict
        label, witness = shown_witness(v)
        if v.status is Status.REFUTED and witness:
            return f"{self.claim.id}: refuted ({label} {shown(witness)})"
        out = f"{self.claim.id}: {v.status.value} (expected {self.expected})"
        if v.status is Status.ERROR and v.message:
            out += f": {one_line(numbers_in(v.message), 300)}"
        return out

    def details(self) -> str:
        """Several lines: the claim, the method and message, the witness in full."""
        from symbolic.formatting import expression, numbers_in

        v = self.verdict
        lines = [self.one_line(), f"claim:   {expression(self.claim.prop)}"]
        lines += [f"  given  {expression(h)}" for h in self.claim.hypotheses]
        lines.append(f"method:  {v.method}")
        if v.message:
            lines.append(f"message: {numbers_in(v.message)}")
        if v.witness:
            lines.append("witness (full precision): " + json.dumps(v.witness))
        shrunk = (v.details or {}).get("shrunk_witness")
        if shrunk:
            lines.append("shrunk witness (full precision): " + json.dumps(shrunk))
        return "\n".join(lines)


def expectation(expect: str | None = None, require_proof: bool = False
                ) -> tuple[tuple[Status, ...], str]:
    """The statuses a test accepts for a claim pinned ``expect`` and their name: ``refuted``
    for ``expect="refuted"``, else ``proved`` (with ``require_proof``) or proved/supported.

    >>> expectation("refuted")[1], expectation()[1], expectation(require_proof=True)[1]
    ('refuted', 'holds', 'proved')
    """
    if expect == "refuted":
        return (Status.REFUTED,), "refuted"
    if require_proof or expect == "proved":
        return (Status.PROVED,), "proved"
    return HOLDS, "holds"


def check(claim: Claim, budget: str = "quick", seed: int = 0,
          require_proof: bool = False, expect: str | None = None) -> Verdict:
    """Fail unless ``claim`` gets the verdict ``expect`` pins (:func:`expectation`; None:
    the claim holds). An entry pins it with ``Lemma.of(claim, expect="refuted")``."""
    __tracebackhide__ = True
    from proofs.runner import check_claim

    ok, what = expectation(expect, require_proof)
    v = check_claim(claim, budget, seed)
    if v.status not in ok:
        raise ClaimFailed(claim, v, what)
    return v


def assert_holds(claim: Claim, budget: str = "quick", seed: int = 0,
                 require_proof: bool = False) -> Verdict:
    """Fail unless ``claim`` is proved or supported (only proved if ``require_proof``)."""
    __tracebackhide__ = True
    from proofs.runner import check_claim

    v = check_claim(claim, budget, seed)
    ok = (Status.PROVED,) if require_proof else HOLDS
    if v.status not in ok:
        raise ClaimFailed(claim, v, "proved" if require_proof else "holds")
    return v


def assert_refuted(claim: Claim, budget: str = "quick", seed: int = 0) -> Verdict:
    """Fail unless ``claim`` is refuted with a confirmed witness."""
    __tracebackhide__ = True
    from proofs.runner import check_claim

    v = check_claim(claim, budget, seed)
    if v.status is not Status.REFUTED:
        raise ClaimFailed(claim, v, "refuted")
    return v


def assert_gradient(expr: Any, var: Any, i: Any, closed_form: Any, j: Any = 1,
                    hypotheses: tuple[Prop, ...] = (), dims: dict | None = None,
                    budget: str = "quick", seed: int = 0,
                    claim_id: str = "test:equation-gradient") -> Verdict:
    """Fail unless ``d expr / d var_{i,j}`` equals ``closed_form`` (exactly on a grid of sizes,
    then by high-precision sampling)."""
    __tracebackhide__ = True
    claim = Claim(claim_id, deriv(expr, var, i, j), "=", sp.sympify(closed_form),
                  hypotheses=tuple(hypotheses), dims=dims or {"n": (1, 4), "d": (1, 3)},
                  source="pytest")
    return assert_holds(claim, budget, seed)
