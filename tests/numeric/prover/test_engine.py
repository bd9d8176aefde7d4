"""The engine around z3: each claim in a z3 context of its own, a domain shown once per claim,
and the solver with and without z3's timed stages."""

from __future__ import annotations

import pytest
import z3

from numeric.budget import Budget
from numeric.prover import engine
from numeric.prover.engine import prove
from numeric.prover.z3solver import solver
from symbolic import Claim, Prop, matrix, norm2, opnorm, scalar, vector
from symbolic.objects import d, n

QUICK = Budget.get("quick")
A, x, R = matrix("A", n, d), vector("x", d), scalar("R")


def _recorded(monkeypatch: pytest.MonkeyPatch, name: str) -> list[tuple[list, int]]:
    """The calls of ``engine.<name>`` from now on (the function still runs)."""
    calls: list[tuple[list, int]] = []
    real = getattr(engine, name)

    def record(tracked, limit, *rest):
        calls.append((tracked, limit))
        return real(tracked, limit, *rest)

    monkeypatch.setattr(engine, name, record)
    return calls


def test_each_claim_has_a_z3_context_of_its_own(monkeypatch):
    calls = _recorded(monkeypatch, "check_used")
    c = Claim("t:extra-1", norm2(A * x), "<=", R**2,
              (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)))
    assert prove(c, QUICK).proved
    first = {id(tracked[0][1].ctx) for tracked, _ in calls}
    calls.clear()
    assert prove(c, QUICK).proved
    again = {id(tracked[0][1].ctx) for tracked, _ in calls}
    # all the checks of one claim share its context; another claim (or run) has another
    assert len(first) == len(again) == 1 and first != again
    assert calls[0][0][0][1].ctx is not z3.main_ctx()


def test_a_domain_shown_safe_is_not_checked_again(monkeypatch):
    calls = _recorded(monkeypatch, "check")
    y = scalar("y")
    # false, so every attempt runs: 1/R is defined (R > 0) in each, shown once
    c = Claim("t:extra-1", y / R, "<=", 0, (Prop(R, ">", 0),))
    out = prove(c, QUICK, polynomial=True)
    assert not out.proved and "no proof" in out.reason
    assert len(calls) == 1


@pytest.mark.parametrize("staged", [False, True])
def test_the_solver_decides_within_its_limit(staged):
    ctx = z3.Context()
    t = z3.Real("t", ctx)
    s = solver(ctx, 50_000, staged)
    s.add(t * t == 2, t > 0)
    assert s.check() == z3.sat
    assert abs(float(s.model()[t].approx(10).as_fraction()) - 2**0.5) < 1e-9
    s = solver(ctx, 50_000, staged)
    s.add(t * t < 0)
    assert s.check() == z3.unsat


def test_sat_on_a_saturated_blackboard_ends_the_attempts(monkeypatch):
    # ‖x‖₂ ≤ R is false; its atoms have all their facts after two rounds, so the deeper
    # attempts would hand z3 the same formula: z3's model of it ends the search
    calls = _recorded(monkeypatch, "check_used")
    out = prove(Claim("t:extra-1", norm2(x), "<=", R), QUICK)
    assert not out.proved and out.final and "found no proof" in out.reason
    assert 1 <= len(calls) < len(engine.attempts(QUICK))
