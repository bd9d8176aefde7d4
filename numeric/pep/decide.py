"""The verdict on a claim about every function of a class.

1. Two positive parameters are set to 1 where the claim's homogeneity allows it
   (:func:`symbolic.classes.scaling.normalization`); one more free parameter (μ/L, a step)
   is proved for all its values by a parametric certificate
   (:mod:`numeric.pep.parametric`); with more, only refutations are looked for.
2. The dual program gives multipliers; made exact and admitted by the kernel, they prove the
   claim for the whole class, in every dimension (``proved``).
3. Otherwise the primal program looks for data meeting every interpolation condition where the
   conclusion fails; made exact and admitted by the kernel, they refute it (``refuted``).
4. Otherwise ``supported`` (a numerical proof that was not made exact) or ``unknown``.

Example:
    >>> import sympy as sp
    >>> from symbolic.classes import CLASSES, ClassClaim, Function, gradient_descent
    >>> L = sp.Symbol("L", positive=True)
    >>> f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    >>> x0, xs = f.point("x_0"), f.minimizer()
    >>> x2 = gradient_descent(f, x0, 1 / L, 2)[-1]
    >>> decide(ClassClaim("gd-2", f(x2) - f(xs) <= L * (x0 - xs).norm2() / 10, [f])).status
    <Status.PROVED: 'proved'>
    >>> v = decide(ClassClaim("gd-2-false", f(x2) - f(xs) <= L * (x0 - xs).norm2() / 11, [f]))
    >>> v.status, v.details["kernel"]
    (<Status.REFUTED: 'refuted'>, 'data re-checked exactly: every interpolation condition holds')
"""

from __future__ import annotations

import itertools
import time

import sympy as sp

from numeric.kernel.classes import check_certificate, check_refutation, parameter_values
from numeric.pep.exact import certificate, counterexample
from numeric.pep.parametric import parametric_certificate
from numeric.pep.quadratic import search
from numeric.pep.sdp import dual, primal, problem, sparse_dual
from symbolic.classes.gram import Both, Scalar
from symbolic.classes.scaling import normalization
from symbolic.classes.statement import ClassClaim
from symbolic.verdict import Status, Verdict

METHOD = "performance estimation"


def _relies_on(claim: ClassClaim) -> list[str]:
    return sorted({f"{f.cls.name}: {f.cls.cls.reference}" for f in claim.functions})


def tightness(claim: ClassClaim, sub: dict) -> str:
    """For a proved ``Q ≤ c·P`` (one conclusion, Q and P without constants): the least
    constant that holds, from the solver, beside the printed one (a remark, not a proof:
    "the printed constant is 3× the tight one"); "" when the claim has another form."""
    from numeric.pep.sdp import worst_case

    if len(claim.targets()) != 1 or claim.conclusion.rel != "<=" or \
            not isinstance(claim.conclusion.lhs, Scalar):
        return ""
    lhs, rhs = claim.conclusion.lhs.subs(sub), claim.conclusion.rhs.subs(sub)
    if sp.sympify(lhs.const) != 0 or sp.sympify(rhs.const) != 0 or \
            not (rhs.lin or rhs.quad):
        return ""
    c = next(iter([*rhs.quad.values(), *rhs.lin.values()]))
    if not c.is_number or c <= 0:
        return ""
    try:
        value = worst_case(claim.functions, lhs, rhs / c, claim.hypotheses, sub)
    except (ValueError, ArithmeticError):
        return ""
    printed = float(c)
    if not value > 0 or printed <= value * (1 + 1e-6):
        return f"the printed constant {printed:.6g} is tight (worst case {value:.6g})" \
            if value > 0 else ""
    return (f"the printed constant {printed:.6g} is {printed / value:.3g}× the tight one "
            f"{value:.6g} (worst case over the class, from the solver)")


def _prove(claim: ClassClaim, p) -> tuple[Verdict | None, str, bool]:
    """A proof admitted by the kernel, else None, why, and whether the solver had one."""
    found = dual(p)
    if found is None:
        return None, "the solver found no multipliers", False
    cert, why = certificate(p, *found, lambda c: check_certificate(claim, c))
    if cert is None:
        found = sparse_dual(p, found)
        cert, why = certificate(p, *found, lambda c: check_certificate(claim, c))
    if cert is None:
        return None, f"the multipliers were not made exact: {why}", True
    n = len(cert["lambda"])
    return Verdict(
        Status.PROVED, f"{METHOD} (exact certificate)", True,
        f"proved for every function of the class, in every dimension: a nonnegative "
        f"combination of {n} interpolation conditions and hypotheses, with exact "
        "multipliers, leaves a positive semidefinite form",
        details={"certificate": cert, "relies_on": _relies_on(claim),
                 "kernel": "certificate re-checked exactly (rationals, LDLᵀ)"}), "", True


def _refute(claim: ClassClaim, p, params: dict[str, str]) -> tuple[Verdict | None, str]:
    """Data admitted by the kernel where the claim fails (or an explicit quadratic of the
    class where it fails), else None and why."""
    if any(f.bounded_below for f in claim.functions):
        return None, "an infimum: its conditions are necessary only, nothing refutes by them"
    if any(f.global_minimum for f in claim.functions):
        verdict, why = None, ("a global minimiser of a nonconvex class: its conditions are "
                              "necessary only, data do not refute")
    elif claim.norms:  # an unsquared norm: only data that make it rational evaluate it
        verdict, why = None, "an unsquared norm: data from the solver would not evaluate it"
    elif all(f.cls.cls.interpolating for f in claim.functions):
        verdict, why = _refute_by_data(claim, p, params)
    else:
        verdict, why = None, "no interpolation theorem for the class"
    if verdict is not None:
        return verdict, ""
    if why == "no violation found":  # the data are exact for the class: no member violates
        return None, why
    sub = {sym: sp.Rational(params[sym.name]) for sym in claim.parameter_symbols()
           if sym.name in params}
    witness = search(claim, sub)
    if witness is None:
        return None, why
    shown = "; ".join(f"{name}(x) = ½ Σ h_i x_i² with h = ({', '.join(h)})"
                      for name, h in witness["function"].items())
    return Verdict(Status.REFUTED, f"{METHOD} (explicit function)", True,
                   f"refuted by an explicit member of the class: {shown}",
                   witness=witness,
                   details={"kernel": "explicit quadratic checked a member of its class, "
                            "the claim evaluated exactly"}), ""


def _refute_by_data(claim: ClassClaim, p, params: dict[str, str]
                    ) -> tuple[Verdict | None, str]:
    """Interpolating data admitted by the kernel where the claim fails, else None and why."""
    best = primal(p)
    if best is None or best[0] <= 1e-7:
        return None, "no violation found"
    t0, reason = best[0], ""
    for margin in (t0 * 1e-3, t0 * 1e-5, 0.0):
        sol = primal(p, margin) if margin else best
        if sol is None or sol[0] <= 1e-7:
            continue
        data, reason = counterexample(p, sol[1], sol[2], params,
                                      lambda w: check_refutation(claim, w))
        if data is not None:
            dim = len(next(iter(data["vectors"].values()), []))
            return Verdict(
                Status.REFUTED, f"{METHOD} (exact data)", True,
                f"refuted: data in ℚ^{dim} that a function of the class interpolates "
                "(every interpolation condition holds exactly) violate the claim",
                witness=data,
                details={"kernel": "data re-checked exactly: every interpolation condition "
                         "holds", "relies_on": _relies_on(claim)}), ""
    return None, f"a violation of size {t0:.6g} was found but not made exact: {reason}"


_TRIAL_VALUES = (sp.Integer(1), sp.Rational(1, 2), sp.Integer(2), sp.Rational(1, 10),
                 sp.Integer(10))


def _admissible(claim: ClassClaim, sub: dict) -> bool:
    """Whether the trial parameter values meet every condition (the kernel's own check)."""
    values = {"parameters": {str(p): str(v) for p, v in sub.items()}}
    return parameter_values(claim, values)[0] is not None


def _decide_parts(claim: ClassClaim, prove: bool, trials: int, start: float) -> Verdict:
    """A conclusion with several parts (``|a| ≤ b``, ``a = b``): refuted when one part is
    (the witness names it), proved when every part is (one certificate each)."""
    verdicts = [decide(part, prove, trials) for part in claim.parts()]
    seconds = time.perf_counter() - start
    for k, v in enumerate(verdicts, start=1):
        if v.status is Status.REFUTED:
            v.message = f"part {k} ({claim.conclusion.parts[k - 1]!r}): {v.message}"
            v.witness = {**(v.witness or {}), "part": k}
            v.seconds = seconds
            return v
    if all(v.status is Status.PROVED for v in verdicts):
        return Verdict(Status.PROVED, f"{METHOD} (a certificate per part)", True,
                       "; ".join(f"part {k}: {v.message}"
                                 for k, v in enumerate(verdicts, start=1)),
                       details={"certificate": {"parts": [v.details["certificate"]
                                                          for v in verdicts]},
                                "relies_on": _relies_on(claim),
                                "kernel": "each part's certificate re-checked exactly"},
                       seconds=seconds)
    open_parts = [(k, v) for k, v in enumerate(verdicts, start=1)
                  if v.status is not Status.PROVED]
    status = Status.SUPPORTED if all(v.status in (Status.PROVED, Status.SUPPORTED)
                                     for v in verdicts) else Status.UNKNOWN
    return Verdict(status, METHOD, False,
                   "; ".join(f"part {k}: {v.message}" for k, v in open_parts),
                   seconds=seconds)


def decide(claim: ClassClaim, prove: bool = True, trials: int = 8) -> Verdict:
    """``proved``, ``refuted``, ``supported`` or ``unknown`` (see the module docstring);
    ``prove=False``: only a refutation is looked for (``unknown`` otherwise); ``trials``:
    the parameter values tried for a refutation when parameters are left free."""
    start = time.perf_counter()
    if isinstance(claim.conclusion, Both):
        return _decide_parts(claim, prove, trials, start)
    sub, left = normalization(claim)
    fixed = ", ".join(f"{p} = 1" for p in sub)
    notes = [f"without loss of generality {fixed} (the claim is homogeneous)"] if sub else []

    def done(v: Verdict) -> Verdict:
        v.details["notes"] = [*notes, *v.details.get("notes", [])]
        v.seconds = time.perf_counter() - start
        return v

    if left:
        names = ", ".join(p.name for p in left)
        why_not = "more than two free parameters"
        if len(left) <= 2 and prove:
            cert, why_not = parametric_certificate(claim)
            if cert is not None:
                where = f"in {cert['domain']}" if "domain" in cert else \
                    "the conditions allow"
                return done(Verdict(
                    Status.PROVED, f"{METHOD} (exact certificate for every {names})", True,
                    f"proved for every function of the class and every {names} {where}: "
                    f"multipliers that are rational functions of {names}, checked for all "
                    "their values at once",
                    details={"certificate": cert, "relies_on": _relies_on(claim),
                             "kernel": "parametric certificate re-checked exactly (root "
                                       "isolation, LDLᵀ over rational functions)"
                             if "domain" in cert else "two-parameter certificate re-checked "
                             "exactly (signs over the parameters' set by nlsat)"}))
        tried = 0
        for values in itertools.product(_TRIAL_VALUES, repeat=len(left)):
            trial = {**sub, **dict(zip(left, values))}
            if not _admissible(claim, trial) or tried >= trials:
                continue
            tried += 1
            verdict, _ = _refute(claim, problem(claim, trial),
                                 {str(k): str(v) for k, v in trial.items()})
            if verdict is not None:
                return done(verdict)
        return done(Verdict(
            Status.UNKNOWN, METHOD, False,
            f"the parameters {names} are free: no certificate for every value of them was "
            f"found ({why_not}; give them values, e.g. a step 1/L); no counterexample at "
            f"{tried} trial values", details={"free": names}))
    p = problem(claim, sub)
    proof, why, numerical = _prove(claim, p) if prove else (None, "no proof looked for", False)
    if proof is not None:
        remark = tightness(claim, sub)
        if remark:
            proof.details["notes"] = [remark]
        return done(proof)
    refutation, reason = _refute(claim, p, {str(k): str(v) for k, v in sub.items()})
    if refutation is not None:
        return done(refutation)
    if numerical:
        return done(Verdict(Status.SUPPORTED, METHOD, False,
                            f"a numerical proof exists (the solver's multipliers) but {why}",
                            details={"no_proof": why}))
    return done(Verdict(Status.UNKNOWN, METHOD, False, f"{why}; {reason}"))
