"""Exact real algebra: polynomial and rational scalar claims decided by z3's nlsat.

The claim's variables become z3 reals. ``hypotheses ∧ ¬claim`` is handed to z3 with a time
limit: ``unsat`` proves the claim (rigorous: nlsat is a complete decision procedure for the
theory of real closed fields). Division and square roots are allowed: every denominator must be
provably nonzero and every square-root argument provably non-negative under the hypotheses (a
separate ``unsat`` query), otherwise the claim is undefined somewhere and nothing is proved. A
``sat`` model is only a candidate witness: it is rounded to floats and confirmed with
:func:`numeric.search.confirm.confirm_json` (mpmath and arb) before the claim is ``refuted``.

Example:
    >>> from symbolic import Claim, Prop, scalar
    >>> from numeric.budget import Budget
    >>> u, v = scalar("u"), scalar("v")
    >>> c = Claim("t:extra-1", 2 * u * v, "<=", u**2 + v**2)
    >>> RealAlgebraStage().run(c, Budget.get("quick"), 0).status.value
    'proved'
    >>> RealAlgebraStage().applies(Claim("t:extra-2", u, "<=", sp.exp(u)))
    'not polynomial/rational: contains exp'
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import sympy as sp
import z3

from numeric.prover.translate import (
    NotAlgebraic,
    Translator,
    assumption_facts,
    z3_relation,
)
from numeric.prover.z3solver import default_solver
from symbolic.objects import DIMS, unwrap
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict

if TYPE_CHECKING:
    from numeric.budget import Budget
    from symbolic.claim import Claim, Prop

METHOD = "exact real algebra (z3 nlsat)"
MAX_VARIABLES = 8


def _not_applicable(claim: Claim) -> str | None:
    if claim.rel is Relation.PSD_LE:
        return "Loewner order, not a scalar relation"
    if any(isinstance(s, sp.MatrixSymbol) for s in claim.symbols):
        return "vector/matrix symbols (not a scalar claim)"
    if any(h.rel is Relation.PSD_LE for h in claim.hypotheses):
        return "Loewner-order hypothesis"
    syms = claim.variables()
    if not syms:
        return "no variables"
    if len(syms) > MAX_VARIABLES:
        return f"{len(syms)} variables, limit {MAX_VARIABLES}"
    try:
        tr = Translator({s: z3.Real(str(s)) for s in syms})
        for e in claim.sides():
            tr(unwrap(e))
    except NotAlgebraic as exc:
        return f"not polynomial/rational: {exc}"
    return None


def _check(facts: list[Any], limit: int) -> Any:
    """z3's answer on ``facts`` within the resource ``limit``, and its solver (for a model)."""
    s = default_solver(limit)
    s.add(*facts)
    return s.check(), s


def _decimal(val: Any) -> str:
    """A z3 numeral (rational or algebraic) as a decimal string with 40 digits."""
    if z3.is_rational_value(val):
        fr = Fraction(val.numerator_as_long(), val.denominator_as_long())
        return repr(float(fr)) if float(fr) == fr else str(
            sp.Rational(fr.numerator, fr.denominator).evalf(40))
    return val.approx(40).as_decimal(40).rstrip("?")


def _witness(claim: Claim, syms: list[sp.Symbol], model: Any,
             zv: dict[sp.Symbol, Any]) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    dims = set(DIMS.values())
    for s in syms:
        val = model.eval(zv[s], model_completion=True)
        text = _decimal(val)
        if s in dims:
            f = float(text)
            if not f.is_integer():
                return None
            out[str(s)] = int(f)
        else:
            out[str(s)] = float(text)
    return out


def _limit(budget: Budget) -> int:
    """z3's resource limit (deterministic): 2,000,000 units at quick, 5,000,000 otherwise.
    Over the adversarial scalar gate's 86 claims of this stage, no check needed 410,000."""
    return 2_000_000 if budget.name == "quick" else 5_000_000


class RealAlgebraStage:
    """z3 nlsat on ``hypotheses ∧ ¬claim`` (see the module docstring)."""

    name = "real-algebra"
    rigorous = True

    #: None, or why the claim is not polynomial/rational
    applies = staticmethod(_not_applicable)

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """``proved`` on unsat, ``refuted`` on a confirmed model, else ``unknown`` with the
        reason (a candidate witness in ``details["candidate_witness"]``)."""
        if self.applies(claim) is not None:
            return None
        t0 = time.perf_counter()
        limit = _limit(budget)
        syms = claim.variables()
        zv = {s: z3.Real(str(s)) for s in syms}
        tr = Translator(zv)
        hyps = [z3_relation(h.rel, tr(unwrap(h.lhs)), tr(unwrap(h.rhs))) for h in claim.hypotheses]
        lhs, rhs = tr(unwrap(claim.lhs)), tr(unwrap(claim.rhs))
        base = assumption_facts(syms, zv, claim) + hyps + tr.defined
        details: dict[str, Any] = {"rlimit": limit}
        # 1. the claim is defined wherever the hypotheses hold (denominators, roots)
        if tr.domain:
            res, _ = _check([*base, z3.Not(z3.And(*tr.domain))], limit)
            if res != z3.unsat:
                details["domain"] = str(res)
                return self._undecided(
                    "cannot show every denominator nonzero / root argument non-negative under "
                    f"the hypotheses (z3: {res})", seed, t0, details)
        facts = base + tr.domain
        # 2. hypotheses ∧ ¬claim
        neg = z3.Not(z3_relation(claim.rel, lhs, rhs))
        res, solver = _check([*facts, neg], limit)
        seconds = time.perf_counter() - t0
        if res == z3.unsat:
            return Verdict(Status.PROVED, method=METHOD, rigorous=True,
                           message="hypotheses ∧ ¬claim is unsatisfiable over the reals",
                           seed=seed, precision="exact", seconds=seconds, details=details)
        if res != z3.sat:
            return self._undecided(f"z3 returned {res} within {limit} resource units", seed, t0,
                                   details)
        return self._refute(claim, syms, zv, facts, lhs, rhs, solver.model(), limit, seed, t0)

    def _refute(self, claim: Claim, syms: list[sp.Symbol], zv: dict, facts: list, lhs: Any,
                rhs: Any, model: Any, limit: int, seed: int, t0: float) -> Verdict | None:
        from numeric.search.confirm import confirm_json

        models = [model]
        # a model strictly inside the violation region survives rounding to floats more often
        if claim.rel is not Relation.EQ:
            margin = rhs - lhs if claim.rel.direction < 0 else lhs - rhs
            res, s = _check([*facts, margin < 0], limit)
            if res == z3.sat:
                models.insert(0, s.model())
        candidates = []
        for m in models:
            w = _witness(claim, syms, m, zv)
            if w is not None:
                candidates.append(w)
        for w in candidates:
            try:
                conf = confirm_json(claim, w)
            except Exception:  # a candidate that cannot be evaluated is no witness
                continue
            if conf.violated and conf.rigorous:
                return Verdict(Status.REFUTED, method=METHOD + ", witness confirmed by arb",
                               rigorous=True, witness=w,
                               message=f"z3 model violates the claim: lhs {conf.lhs}, rhs "
                                       f"{conf.rhs}", seed=seed, precision="arb",
                               seconds=time.perf_counter() - t0,
                               details={"candidate_witness": w})
        return self._undecided(
            "z3 found a candidate counterexample that was not confirmed after rounding to floats",
            seed, t0, {"candidate_witness": candidates[0] if candidates else None})

    @staticmethod
    def _undecided(reason: str, seed: int, t0: float, details: dict) -> Verdict:
        """No decision: an ``unknown`` verdict that says why (never decisive)."""
        return Verdict(Status.UNKNOWN, method=METHOD, rigorous=False, message=reason, seed=seed,
                       seconds=time.perf_counter() - t0, details=details)


def prop_to_z3(p: Prop, variables: dict[sp.Symbol, Any]) -> Any:
    """One relation as a z3 formula (no side conditions); for tests and tools.

    >>> from symbolic import Prop, scalar
    >>> x = scalar("x")
    >>> str(prop_to_z3(Prop(x**2, ">=", 0), {x: z3.Real("x")}))
    '0 <= x*x'
    """
    tr = Translator(variables)
    return z3_relation(p.rel, tr(unwrap(p.lhs)), tr(unwrap(p.rhs)))


STAGE = RealAlgebraStage()
