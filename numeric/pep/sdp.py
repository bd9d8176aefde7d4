"""The performance-estimation semidefinite programs of a class claim, solved with CVXPY.

After the parameters are fixed (:func:`symbolic.classes.scaling.normalization`), every
quantity is affine in the Gram matrix ``G`` of the leaf vectors and in the leaf values ``F``:

- the **dual** (a proof) looks for weights ``θ ≥ 0`` (Σθ = 1) of the conclusion's quantities
  and multipliers ``λ ≥ 0`` of the conditions with ``Σθ_i T_i − Σλ_k c_k`` free of values,
  with a constant ``≥ 0`` and a PSD quadratic part;
- the **primal** (a counterexample) looks for ``G ⪰ 0`` and ``F`` meeting every condition with
  room to spare, where every ``T_i`` is negative;
- :func:`worst_case` is the largest value of a quantity under the conditions and a
  normalisation: the tight constant of a rate.

Nothing here is trusted: :mod:`numeric.pep.exact` turns the solver's floats into exact data
and :mod:`numeric.kernel.classes` checks them.

Example:
    >>> import sympy as sp
    >>> from symbolic.classes import CLASSES, Function, gradient_descent
    >>> f = Function("f", CLASSES["smooth-convex"].instance(L=1))
    >>> x0, xs = f.point("x_0"), f.minimizer()
    >>> x1 = gradient_descent(f, x0, 1, 1)[-1]
    >>> round(worst_case([f], f(x1) - f(xs), (x0 - xs).norm2()), 6)
    0.166667
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import sympy as sp

from symbolic.classes.gram import Scalar
from symbolic.classes.statement import ClassClaim, Condition, Function


@dataclass
class Affine:
    """A Scalar in numbers: ``const + lin·F + ⟨Q, G⟩``."""

    const: float
    lin: np.ndarray
    quad: np.ndarray


@dataclass
class Problem:
    """A class claim with its parameters fixed, in numbers."""

    vectors: list[str]
    scalars: list[str]
    conditions: list[Condition]
    rows: list[Affine]  #: one per condition
    targets: list[Affine]
    exact_targets: list[Scalar]  #: the conclusion's quantities, exact


def _affine(s: Scalar, vectors: list[str], scalars: list[str]) -> Affine:
    lin = np.zeros(len(scalars))
    for k, c in s.lin.items():
        lin[scalars.index(k)] = float(c)
    q = s.coefficient_matrix(vectors)
    quad = np.array(q.tolist(), dtype=float) if vectors else np.zeros((0, 0))
    return Affine(float(sp.sympify(s.const)), lin, quad)


def problem(claim: ClassClaim, sub: Mapping[sp.Symbol, sp.Expr]) -> Problem:
    """The numbers of ``claim`` with the parameters ``sub`` (all of them) replaced."""
    conditions = [Condition(c.label, c.value.subs(sub), c.equality) for c in claim.conditions()]
    targets = [t.subs(sub) for t in claim.targets()]
    everything = [*targets, *(c.value for c in conditions)]
    left = set().union(*(s.parameters() for s in everything))
    if left:
        raise ValueError(f"parameters left: {sorted(map(str, left))}")
    vectors = claim.vector_leaves()
    scalars = claim.scalar_leaves()
    return Problem(vectors, scalars, conditions,
                   [_affine(c.value, vectors, scalars) for c in conditions],
                   [_affine(t, vectors, scalars) for t in targets], targets)


def _expr(a: Affine, G, F):
    import cvxpy as cp
    out = a.const
    if a.lin.any():
        out = out + a.lin @ F
    if a.quad.size and a.quad.any():
        out = out + cp.trace(a.quad @ G)
    return out


def _solve(prob, solver: str | None = None) -> None:
    import cvxpy as cp
    for name in ([solver] if solver else ["CLARABEL", "SCS"]):
        try:
            with warnings.catch_warnings():  # "inaccurate" is read from prob.status
                warnings.simplefilter("ignore", UserWarning)
                prob.solve(solver=name)
        except cp.error.SolverError:
            continue
        if prob.status in ("optimal", "optimal_inaccurate", "infeasible", "unbounded"):
            return


def dual(p: Problem, zero: Sequence[int] = ()) -> tuple[np.ndarray, np.ndarray] | None:
    """``(θ, λ)`` of a numerical proof with ``λ_j = 0`` for ``j`` in ``zero``, or None when the
    solver finds none."""
    import cvxpy as cp
    n, m, k = len(p.vectors), len(p.scalars), len(p.rows)
    theta = cp.Variable(len(p.targets), nonneg=True)
    lam = cp.Variable(k, nonneg=True)
    cons = [cp.sum(theta) == 1]
    if zero:
        cons.append(lam[list(zero)] == 0)
    if m:
        lin_t = np.array([t.lin for t in p.targets]).reshape(len(p.targets), m)
        lin_c = np.array([r.lin for r in p.rows]).reshape(k, m)
        cons.append(lin_t.T @ theta - lin_c.T @ lam == 0)
    const_t = np.array([t.const for t in p.targets])
    const_c = np.array([r.const for r in p.rows])
    cons.append(const_t @ theta - const_c @ lam >= 0)
    if n:
        S = cp.Variable((n, n), PSD=True)
        quad = sum(theta[i] * p.targets[i].quad for i in range(len(p.targets)))
        quad = quad - sum(lam[j] * p.rows[j].quad for j in range(k)) if k else quad
        cons.append(quad == S)
    prob = cp.Problem(cp.Minimize(cp.sum(lam)), cons)
    _solve(prob)
    if prob.status not in ("optimal", "optimal_inaccurate") or lam.value is None:
        return None
    return np.asarray(theta.value), np.asarray(lam.value)


def sparse_dual(p: Problem, found: tuple[np.ndarray, np.ndarray], tol: float = 1e-7
                ) -> tuple[np.ndarray, np.ndarray]:
    """A proof using fewer conditions: drop the conditions one at a time, smallest multiplier
    first, while a proof remains. A proof with a minimal set of conditions tends to have
    unique, rational multipliers (an interior-point solver returns the centre of a face)."""
    theta, lam = found
    zero = [j for j, v in enumerate(lam) if v <= tol * max(lam.max(), 1e-300)]
    for j in sorted(set(range(len(lam))) - set(zero), key=lambda j: lam[j]):
        trial = dual(p, [*zero, j])
        if trial is not None:
            zero.append(j)
            theta, lam = trial
    return theta, lam


def primal(p: Problem, margin: float = 0.0) -> tuple[float, np.ndarray, np.ndarray] | None:
    """``(t, G, F)`` maximising ``t ≤ 1`` with every ``T_i ≤ -t``, every condition
    ``≥ margin`` and ``trace G + Σ|F| ≤ 1`` (``≤ 10⁴`` when constants fix the scale); None
    when the solver fails."""
    import cvxpy as cp
    n, m = len(p.vectors), len(p.scalars)
    G = cp.Variable((n, n), PSD=True)
    F = cp.Variable(m)
    t = cp.Variable()
    homogeneous = all(r.const == 0 for r in p.rows) and all(a.const == 0 for a in p.targets)
    size = cp.trace(G) + cp.sum(cp.abs(F)) if m else cp.trace(G)
    cons = [size <= (1 if homogeneous else 1e4), t <= 1]
    for c, r in zip(p.conditions, p.rows):
        e = _expr(r, G, F)
        cons.append(e == 0 if c.equality else e >= margin)
    cons += [_expr(a, G, F) <= -t for a in p.targets]
    prob = cp.Problem(cp.Maximize(t), cons)
    _solve(prob)
    if prob.status not in ("optimal", "optimal_inaccurate") or G.value is None:
        return None
    return float(t.value), np.asarray(G.value), np.asarray(F.value if m else np.zeros(0))


def worst_case(functions: Sequence[Function], objective: Scalar, normalisation: Scalar,
               hypotheses: Sequence = (), sub: Mapping | None = None) -> float:
    """The largest ``objective`` over every function of the classes and data meeting the
    ``hypotheses`` and ``normalisation ≤ 1`` (a float from the solver: a figure, not a proof).
    """
    import cvxpy as cp
    claim = ClassClaim("worst-case", objective <= normalisation, functions, hypotheses)
    p = problem(claim, sub or {})
    n, m = len(p.vectors), len(p.scalars)
    G = cp.Variable((n, n), PSD=True)
    F = cp.Variable(m)
    cons = [_expr(r, G, F) >= 0 if not c.equality else _expr(r, G, F) == 0
            for c, r in zip(p.conditions, p.rows)]
    norm = _affine(normalisation.subs(sub or {}), p.vectors, p.scalars)
    cons.append(_expr(norm, G, F) <= 1)
    obj = _affine(objective.subs(sub or {}), p.vectors, p.scalars)
    prob = cp.Problem(cp.Maximize(_expr(obj, G, F)), cons)
    _solve(prob)
    if prob.status not in ("optimal", "optimal_inaccurate"):
        raise ValueError(f"the worst case is {prob.status}")
    return float(prob.value)
