"""The kernel's check of a claim about every function of a class, in exact arithmetic.

Nothing the solver computed is trusted; both checks start again from the claim as stated:

- a **proof** is a certificate ``(θ, λ)``: the conclusion's quantities ``T_i`` (``≥ 0`` when
  it holds), the interpolation conditions and hypotheses ``c_k`` (``≥ 0``), and exact
  rational weights ``θ_i ≥ 0`` summing to 1 and ``λ_k ≥ 0``, such that
  ``Σ θ_i T_i − Σ λ_k c_k`` has no function value left, a constant ``≥ 0`` and a positive
  semidefinite quadratic form in the vectors (checked by an exact LDLᵀ). Then
  ``Σ θ_i T_i ≥ 0`` wherever the conditions hold, in every dimension, so some ``T_i ≥ 0``.
  Two parameters may have been set to 1: the kernel re-verifies the homogeneity
  (:func:`symbolic.classes.scaling.normalization`) that makes that no loss of generality.
- a **refutation** is data: exact rational coordinates of every leaf vector and values of
  every leaf scalar, and the parameters. The kernel checks that the parameters meet their
  conditions, every interpolation condition and hypothesis holds, and every ``T_i < 0``; each
  class must be *interpolating* (its conditions sufficient), so the data come from a function
  of the class, for which the claim fails.

Example:
    >>> import sympy as sp
    >>> from symbolic.classes import CLASSES, ClassClaim, Function
    >>> f = Function("f", CLASSES["convex"].instance())
    >>> x, xs = f.point("x"), f.minimizer()
    >>> c = ClassClaim("t", f(x) - f(xs) >= 0, [f])
    >>> check_certificate(c, {"theta": ["1"], "lambda": {"f: x vs x_*": "1"}})
    >>> check_refutation(c, {"vectors": {"x": ["1"], "x_*": ["0"], "∇f(x)": ["1"]},
    ...                      "scalars": {"f(x)": "-1", "f(x_*)": "0"}, "parameters": {}})
    'f: x vs x_* fails: -1 < 0'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import sympy as sp

from numeric.kernel.parametric import check_parametric, domain_conditions, nonnegative_on
from numeric.kernel.semialgebraic import holds, nonnegative
from symbolic.classes.gram import Scalar
from symbolic.classes.horizon import HorizonClaim, inductions
from symbolic.classes.scaling import normalization, parameter_domain
from symbolic.classes.statement import ClassClaim


def _q(v: Any) -> Fraction:
    return Fraction(str(v)) if not isinstance(v, Fraction) else v


def _exact(e: sp.Expr) -> Fraction:
    e = sp.nsimplify(e) if isinstance(e, sp.Float) else sp.sympify(e)
    if not e.is_Rational:
        raise ValueError(f"{e} is not a rational number")
    return Fraction(int(e.p), int(e.q))


def psd(matrix: Sequence[Sequence[Fraction]]) -> str | None:
    """None when the symmetric rational matrix is positive semidefinite (exact LDLᵀ), else
    why not.

    >>> psd([[Fraction(1), Fraction(1)], [Fraction(1), Fraction(1)]]) is None
    True
    >>> psd([[Fraction(1), Fraction(2)], [Fraction(2), Fraction(1)]])
    'pivot 2 is -3'
    """
    m = [list(map(_q, row)) for row in matrix]
    n = len(m)
    for i in range(n):
        for j in range(n):
            if m[i][j] != m[j][i]:
                return f"not symmetric at ({i + 1}, {j + 1})"
    for k in range(n):
        d = m[k][k]
        if d < 0:
            return f"pivot {k + 1} is {d}"
        if d == 0:
            if any(m[k][j] != 0 for j in range(k + 1, n)):
                return f"pivot {k + 1} is 0 with a nonzero row"
            continue
        for i in range(k + 1, n):
            if m[i][k] == 0:
                continue
            r = m[i][k] / d
            for j in range(k + 1, n):
                m[i][j] -= r * m[k][j]
            m[i][k] = Fraction(0)
    return None


def _normalized(claim: ClassClaim, values: Mapping[sp.Symbol, Any] | None = None) -> dict:
    sub, left = normalization(claim)
    left = [p for p in left if p not in (values or {})]
    if left:
        names = ", ".join(p.name for p in left)
        raise ValueError(f"the parameters {names} are not fixed: a certificate for every "
                         "value of a free parameter is not checked")
    return {**sub, **(values or {})}


def check_certificate(claim: ClassClaim, certificate: Mapping[str, Any],
                      values: Mapping[sp.Symbol, Any] | None = None) -> str | None:
    """None when ``certificate`` (``theta``: weights of the conclusion's quantities,
    ``lambda``: condition label -> multiplier, as exact rational strings) proves ``claim``
    (at the parameter ``values`` given, for a free parameter), else why not."""
    if len(claim.parts()) > 1:
        return "a conclusion with parts needs a certificate per part"
    try:
        sub = _normalized(claim, values)
    except ValueError as e:
        return str(e)
    targets = [t.subs(sub) for t in claim.targets()]
    theta = [_q(t) for t in certificate["theta"]]
    if len(theta) != len(targets) or any(t < 0 for t in theta) or sum(theta) != 1:
        return "the conclusion's weights are not a convex combination"
    lam = {k: _q(v) for k, v in certificate["lambda"].items()}
    conditions = {c.label: c for c in claim.conditions()}
    residual = Scalar()
    for t, w in zip(targets, theta):
        residual = residual + t * sp.Rational(w.numerator, w.denominator)
    for label, v in lam.items():
        c = conditions.get(label)
        if c is None:
            return f"no condition {label!r}"
        if v < 0 and not c.equality:
            return f"the multiplier of {label} is negative"
        residual = residual - c.value.subs(sub) * sp.Rational(v.numerator, v.denominator)
    if residual.lin:
        return f"function values remain: {residual.lin}"
    try:
        const = _exact(residual.const)
        order = sorted({x for k in residual.quad for x in k})
        q = residual.coefficient_matrix(order)
        matrix = [[_exact(q[i, j]) for j in range(len(order))] for i in range(len(order))]
    except ValueError as e:
        return str(e)
    if const < 0:
        return f"the constant left is {const} < 0"
    why = psd(matrix)
    return None if why is None else f"the quadratic form left is not PSD: {why}"


def parameter_values(claim: ClassClaim, witness: Mapping[str, Any]
                     ) -> tuple[dict[sp.Symbol, sp.Rational] | None, str]:
    """The witness's parameter values, once they meet every condition, or None and why."""
    sub: dict[sp.Symbol, sp.Rational] = {}
    given = witness.get("parameters", {})
    for p in claim.parameter_symbols():
        if p.name not in given:
            return None, f"no value for the parameter {p}"
        v = _q(given[p.name])
        sub[p] = sp.Rational(v.numerator, v.denominator)
        if p.is_positive and v <= 0:
            return None, f"{p} must be positive"
        if p.is_nonnegative and v < 0:
            return None, f"{p} must be nonnegative"
        if p.is_integer and v.denominator != 1:
            return None, f"{p} must be an integer"
    for cond in claim.parameters.values():
        if cond.subs(sub) is not sp.true:
            return None, f"the condition {cond} fails"
    for f in claim.functions:
        for cond in f.cls.parameter_conditions():
            if sp.sympify(cond).subs(sub) is not sp.true:
                return None, f"the class condition {cond} fails"
    return sub, ""


def check_refutation(claim: ClassClaim, witness: Mapping[str, Any]) -> str | None:
    """None when ``witness`` (``vectors``: leaf -> rational coordinates, ``scalars``: leaf ->
    rational, ``parameters``: name -> rational) shows the claim false, else why not."""
    for f in claim.functions:
        if not f.cls.cls.interpolating:
            return (f"the conditions of {f.cls.name} are not known to be sufficient: data do "
                    "not show a function of the class")
        if f.bounded_below:
            return (f"inf {f.name}: values above it do not show a function with that "
                    "infimum")
        if f.global_minimum:
            return (f"{f.name}'s minimiser: values above f(x*) do not show a function of "
                    f"{f.cls.name} whose minimum is at x*")
    sub, why = parameter_values(claim, witness)
    if sub is None:
        return why
    return _fails(claim, sub, witness["vectors"], witness["scalars"])


def _fails(claim: ClassClaim, sub: dict, vectors: Mapping, scalars: Mapping) -> str | None:
    """None when every condition holds and every conclusion quantity is negative at the
    data, else why not."""
    vecs = {k: [_q(c) for c in v] for k, v in vectors.items()}
    dims = {len(v) for v in vecs.values()}
    if len(dims) > 1:
        return "vectors of different dimensions"
    scal = {k: _q(v) for k, v in scalars.items()}
    norms = _norm_values(claim, vecs, sub)
    if isinstance(norms, str):
        return norms
    scal.update(norms)  # an unsquared norm is what the vectors give, never a free value
    try:
        conditions, targets = _exact_terms(claim, sub)
    except ValueError as e:
        return str(e)

    def value(term) -> Fraction:
        const, lin, quad = term
        total = const
        for k, c in lin:
            if k not in scal:
                raise KeyError(k)
            total += c * scal[k]
        for a, b, c in quad:
            total += c * sum(x * y for x, y in zip(vecs[a], vecs[b]))
        return total

    try:
        for label, equality, term in conditions:
            v = value(term)
            if (equality and v != 0) or v < 0:
                return f"{label} fails: {v} < 0"
        values = [value(t) for t in targets]
    except KeyError as e:
        return f"the witness lacks {e}"
    if any(v >= 0 for v in values):
        return "the conclusion holds at the witness"
    return None


def _norm_values(claim: ClassClaim, vecs: Mapping[str, list[Fraction]], sub: Mapping
                 ) -> dict[str, Fraction] | str:
    """Each unsquared norm ``‖v‖`` of the claim at the data, exactly: ``v`` computed from the
    leaves, its squared length a rational square (else why not: an irrational norm is not
    evaluated)."""
    out: dict[str, Fraction] = {}
    for name, v in claim.norms.items():
        try:
            point = None
            for k, c in v.terms.items():
                c = _exact(sp.sympify(c).subs(sub))
                point = [c * b for b in vecs[k]] if point is None else \
                    [a + c * b for a, b in zip(point, vecs[k])]
        except KeyError as e:
            return f"the witness lacks {e}"
        sq = sum((a * a for a in point or []), Fraction(0))
        num, den = math.isqrt(sq.numerator), math.isqrt(sq.denominator)
        if num * num != sq.numerator or den * den != sq.denominator:
            return f"{name} is irrational at the witness ({sq} is not a rational square)"
        out[name] = Fraction(num, den)
    return out


def quadratic_data(claim: ClassClaim, witness: Mapping[str, Any]) -> dict[str, Any] | None:
    """Every leaf's value when each function ``f`` is ``½ Σ h_i x_i²`` (``h`` from
    ``witness["function"][f]``), its minimiser is 0 and the free points are
    ``witness["points"]``: the points computed in order, each gradient ``h ⊙ x`` and value
    ``½ Σ h_i x_i²`` exact. None when a point cannot be computed."""
    given = witness.get("parameters", {})
    sub = {p: sp.Rational(str(given[p.name])) for p in claim.parameter_symbols()
           if p.name in given}
    hs = {name: [_q(v) for v in h] for name, h in witness["function"].items()}
    vecs: dict[str, list[Fraction]] = {k: [_q(c) for c in v]
                                       for k, v in witness["points"].items()}
    scal: dict[str, Fraction] = {}
    dim = len(next(iter(hs.values())))
    pending = [(f, x, d) for f in claim.functions for _, x, d in f.data]
    progress = True
    while pending and progress:
        progress = False
        for item in list(pending):
            f, x, d = item
            h = hs.get(f.name)
            if h is None or len(h) != dim:
                return None
            if not d.g.terms and len(x.terms) == 1 and next(iter(x.terms)) not in vecs:
                vecs[next(iter(x.terms))] = [Fraction(0)] * dim  # the minimiser: 0
            if any(k not in vecs for k in x.terms):
                continue
            point = [Fraction(0)] * dim
            for k, c in x.terms.items():
                c = _exact(sp.sympify(c).subs(sub))
                point = [a + c * b for a, b in zip(point, vecs[k])]
            grad = [hi * xi for hi, xi in zip(h, point)]
            if d.g.terms:
                (gname,) = d.g.terms
                vecs[gname] = grad
            elif any(grad):
                return None  # a minimiser where the gradient is not zero
            (fname,) = d.f.lin
            scal[fname] = sum(hi * xi * xi for hi, xi in zip(h, point)) / 2
            pending.remove(item)
            progress = True
    if pending:
        return None
    norms = _norm_values(claim, vecs, sub)
    if isinstance(norms, str):
        return None
    scal.update(norms)
    return {"vectors": {k: [str(c) for c in v] for k, v in vecs.items()},
            "scalars": {k: str(v) for k, v in scal.items()}}


def check_function_refutation(claim: ClassClaim, witness: Mapping[str, Any]) -> str | None:
    """None when the explicit quadratics of ``witness`` (``function``: name -> diagonal
    ``h``; ``points``: the free points; ``parameters``) are members of their classes (the
    declaration's ``quadratic``) and the claim fails at the points they make, else why not.
    No interpolation theorem is used: the functions are given."""
    if any(f.bounded_below for f in claim.functions):
        return "an infimum is not evaluated for an explicit function"
    sub, why = parameter_values(claim, witness)
    if sub is None:
        return why
    for f in claim.functions:
        member = f.cls.cls.quadratic
        h = witness["function"].get(f.name)
        if member is None or h is None:
            return f"no explicit member of {f.cls.name} is checked"
        params = {k: sp.sympify(v).subs(sub) for k, v in f.cls.params.items()}
        if not member(params, [sp.Rational(str(v)) for v in h]):
            return f"½ Σ h_i x_i² with h = {h} is not {f.cls.name}"
        if f._minimizer is not None and any(sp.Rational(str(v)) < 0 for v in h):
            return "0 is not a minimiser of a quadratic with a negative h"
    data = quadratic_data(claim, witness)
    if data is None:
        return "the points cannot be computed from the functions"
    return _fails(claim, sub, data["vectors"], data["scalars"])


def _terms(s: Scalar) -> tuple:
    return (_exact(s.const), [(k, _exact(c)) for k, c in s.lin.items()],
            [(a, b, _exact(c)) for (a, b), c in s.quad.items()])


def _exact_terms(claim: ClassClaim, sub: Mapping) -> tuple[list, list]:
    """The conditions and the conclusion's quantities at the parameters ``sub``, in exact
    rationals (kept on the claim: a search checks many data against one claim)."""
    key = tuple(sorted((str(k), str(v)) for k, v in sub.items()))
    cache = claim.__dict__.setdefault("_kernel_terms", {})
    if key not in cache:
        cache[key] = ([(c.label, c.equality, _terms(c.value.subs(sub)))
                       for c in claim.conditions()],
                      [_terms(t.subs(sub)) for t in claim.targets()])
    return cache[key]


def _fact_holds(fact: sp.Basic, step: ClassClaim) -> bool:
    """Whether a fact about the rate (``ρ ≥ 0``, ``pN + q > 0``) holds for every parameter
    value the step claim allows: at once, or with the step's normalisation (the rate is
    scale-free when the step claim is homogeneous) over the one parameter left, by exact root
    isolation on its interval."""
    if sp.simplify(fact) is sp.true:
        return True
    if not isinstance(fact, (sp.Ge, sp.Gt)):
        return False
    sub, left = normalization(step)
    expr = sp.cancel((fact.lhs - fact.rhs).subs(sub))
    if not expr.free_symbols:
        return bool(expr > 0) if isinstance(fact, sp.Gt) else bool(expr >= 0)
    if len(left) != 1 or expr.free_symbols != set(left):
        conds = [sp.sympify(c).subs(sub) for c in domain_conditions(step)]
        return holds(type(fact)(expr, 0), conds)
    dom = parameter_domain(step, sub, left[0])
    if dom is None:
        return False
    if isinstance(fact, sp.Gt) and any(dom.contains(r) is sp.true for r in
                                        sp.Poly(sp.fraction(expr)[0], left[0]).real_roots()):
        return False
    return nonnegative_on(expr, left[0], dom)


def check_squared(claim: ClassClaim | HorizonClaim) -> str | None:
    """None when every coefficient ``c`` the reading squared (a printed ``‖a‖ ≤ c‖b‖`` read
    as ``‖a‖² ≤ c²‖b‖²``, equivalent when ``c ≥ 0``) is ``≥ 0`` wherever the parameters'
    conditions hold (exact), else why not."""
    for c in claim.squared:
        if not nonnegative(c, domain_conditions(claim)):
            return f"the reading squared a bound with the factor {c}, which is not shown ≥ 0"
    return None


def check_induction(claim: HorizonClaim, kind: str, index: int,
                    certificates: list[Mapping[str, Any]]) -> str | None:
    """None when the ``index``-th reduction of ``claim`` (re-derived here) of ``kind`` has
    every fact about its rate true and every obligation proved by its certificate (a
    parametric one for an induction step), else why not."""
    found = inductions(claim)
    if index >= len(found) or found[index].kind != kind:
        return f"no {kind} induction number {index}"
    ind = found[index]
    for fact in ind.requires:
        if not _fact_holds(fact, ind.obligations[0][1]):
            return f"the induction needs {fact}, not shown"
    if len(certificates) != len(ind.obligations):
        return "one certificate per obligation is needed"
    for (what, c), cert in zip(ind.obligations, certificates):
        why = check_proof(c, cert)
        if why is not None:
            return f"{what}: {why}"
    return None


def check_proof(claim: ClassClaim, certificate: Mapping[str, Any]) -> str | None:
    """:func:`check_parametric` for a certificate in a free parameter, else
    :func:`check_certificate`; a certificate per part for a conclusion with parts."""
    if "parts" in certificate:
        parts = claim.parts()
        if len(parts) != len(certificate["parts"]) or parts == [claim]:
            return "one certificate per part of the conclusion is needed"
        for k, (part, cert) in enumerate(zip(parts, certificate["parts"]), start=1):
            why = check_proof(part, cert)
            if why is not None:
                return f"part {k}: {why}"
        return None
    if len(claim.parts()) > 1:
        return "a conclusion with parts needs a certificate per part"
    if "parameter" in certificate or "parameters" in certificate:
        return check_parametric(claim, certificate)
    return check_certificate(claim, certificate)


def check_witness(claim: ClassClaim, witness: Mapping[str, Any]) -> str | None:
    """:func:`check_function_refutation` for an explicit function, else
    :func:`check_refutation` (interpolating data); for a conclusion with parts, of the part
    the witness names (its failure is the claim's)."""
    parts = claim.parts()
    if len(parts) > 1:
        k = witness.get("part")
        if not isinstance(k, int) or not 1 <= k <= len(parts):
            return "the witness does not name the part of the conclusion it fails"
        claim, witness = parts[k - 1], {n: v for n, v in witness.items() if n != "part"}
    if "function" in witness:
        return check_function_refutation(claim, witness)
    return check_refutation(claim, witness)
