"""The fact blackboard (:class:`BlackboardStage`, after Polya's): a claim about norms, inner
products and exponentials, proved for every ``n`` and ``d`` by z3 from facts that are theorems.

Every non-polynomial scalar subterm (``‖Ax‖₂``, ``‖A‖``, ``⟨u, v⟩``, ``exp(−R²)``, ``log …``)
becomes a real atom, one per distinct subterm; polynomial arithmetic, roots and the claim's
hypotheses stay as they are. The blackboard then holds instances, on the atoms present, of a
library of facts (:data:`FACTS`): signs of norms and exponentials, the norm equivalences,
``‖Mu‖₂ ≤ ‖M‖‖u‖₂``, ``‖XY‖ ≤ ‖X‖‖Y‖``, ``‖Xᵀ‖ = ‖X‖``, the triangle inequality,
Cauchy–Schwarz, ``‖u ∘ v‖₂ ≤ ‖u‖∞‖v‖₂``, ``‖exp(u)‖∞ ≤ exp(‖u‖∞)``, exp monotone between every
pair of exp atoms, ``exp(a) ≥ 1 + a``, log monotone. ``hypotheses ∧ facts ∧ ¬claim`` is handed to
z3 with a time limit: ``unsat`` is ``proved`` for every size (each fact is a theorem, each atom
stands for one real number), and the verdict lists the library entries the proof needs
(``details["relies_on"]``). Any other answer is no decision; the blackboard never refutes.

As in :mod:`numeric.stages.real_algebra`, every denominator must be provably nonzero and every
root argument non-negative first.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, matrix, vector, norm2, opnorm, scalar, n, d
    >>> from numeric.budget import Budget
    >>> A, x, R = matrix("A", n, d), vector("x", d), scalar("R")
    >>> c = Claim("t:extra-1", sp.exp(-norm2(A * x)), ">=", sp.exp(-R**2),
    ...           (Prop(opnorm(A), "<=", R), Prop(norm2(x), "<=", R)))
    >>> v = BlackboardStage().run(c, Budget.get("quick"), 0)
    >>> v.status.value, v.rigorous, sorted(v.details["relies_on"])[:2]
    ('proved', True, ['exp-monotone', 'norm-nonnegative'])
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import sympy as sp
import z3

from numeric.budget import Budget
from numeric.stages.real_algebra import NotAlgebraic, Translator, assumption_facts, z3_relation
from symbolic import objects as ob
from symbolic.claim import Claim
from symbolic.objects import DIMS, unwrap
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict

METHOD = "fact blackboard (z3, every size)"
NORMS = (ob.Norm2, ob.NormInf, ob.Norm1, ob.NormP, ob.OpNorm, ob.FrobNorm)


class _Atoms(Translator):
    """The translator of :mod:`~numeric.stages.real_algebra`, with every non-polynomial scalar
    subterm as an atom (one z3 real per distinct subterm)."""

    def __init__(self, variables: dict[sp.Symbol, Any]):
        super().__init__(variables)
        self.atoms: dict[sp.Basic, Any] = {}

    def _tr(self, e: sp.Basic) -> Any:
        if isinstance(e, (*NORMS, ob.Inner, sp.exp, sp.log)) or (
                isinstance(e, sp.Function) and not isinstance(e, (sp.Abs, sp.Max, sp.Min))):
            return self.atom(e)
        try:
            return super()._tr(e)
        except NotAlgebraic:
            return self.atom(e)

    def atom(self, e: sp.Basic) -> Any:
        """The atom standing for the scalar subterm ``e`` (made on first use)."""
        if e not in self.atoms:
            self.atoms[e] = z3.Real(f"atom{len(self.atoms)}")
        return self.atoms[e]


Fact = tuple[str, Any]
#: the library: each entry gives, for one atom, the instances of one theorem about it
FACTS: dict[str, Callable[[sp.Basic, _Atoms], Iterator[Fact]]] = {}


def fact(name: str) -> Callable:
    """Register a fact generator under ``name`` (one library entry)."""
    def add(fn: Callable[[sp.Basic, _Atoms], Iterator[Fact]]) -> Callable:
        FACTS[name] = fn
        return fn
    return add


def _size(v: sp.Basic) -> sp.Expr:
    rows, cols = v.shape
    return rows * cols


@fact("norm-nonnegative")
def _nonneg(e: sp.Basic, t: _Atoms) -> Iterator[Fact]:
    if isinstance(e, NORMS):
        yield "norm-nonnegative", t(e) >= 0


@fact("exp-positive")
def _exp_positive(e: sp.Basic, t: _Atoms) -> Iterator[Fact]:
    if isinstance(e, sp.exp):
        yield "exp-positive", t(e) > 0
        yield "exp-tangent", t(e) >= 1 + t(e.args[0])  # exp(a) >= 1 + a


@fact("norm-equivalence")
def _equivalence(e: sp.Basic, t: _Atoms) -> Iterator[Fact]:
    if isinstance(e, (ob.Norm2, ob.NormInf, ob.Norm1)) and e.args[0].shape[1] == 1:
        v = e.args[0]
        two, inf, one = ob.norm2(v), ob.norminf(v), ob.norm1(v)
        k = t(_size(v))
        yield "norm-equivalence", t(inf) <= t(two)
        yield "norm-equivalence", t(two) <= t(one)
        yield "norm-equivalence", t(two) * t(two) <= k * t(inf) * t(inf)  # ‖v‖₂ ≤ √k ‖v‖∞
        yield "norm-equivalence", t(one) * t(one) <= k * t(two) * t(two)  # ‖v‖₁ ≤ √k ‖v‖₂


@fact("operator-norm")
def _operator(e: sp.Basic, t: _Atoms) -> Iterator[Fact]:
    """‖Mu‖₂ ≤ ‖M‖‖u‖₂ and ‖Mu‖₂ ≤ ‖M‖_F‖u‖₂; ‖XY‖ ≤ ‖X‖‖Y‖; ‖Xᵀ‖ = ‖X‖; ‖X‖ ≤ ‖X‖_F."""
    arg = e.args[0] if isinstance(e, (ob.Norm2, ob.OpNorm, ob.FrobNorm)) else None
    if isinstance(arg, sp.MatMul) and ob.is_matrix(arg):
        factors = [a for a in arg.args if ob.is_matrix(a)]
        scal = sp.Mul(*[a for a in arg.args if not ob.is_matrix(a)])
        if len(factors) >= 2:
            left, right = factors[0], sp.MatMul(*factors[1:]).doit() if len(factors) > 2 \
                else factors[1]
            c = t(sp.Abs(scal))
            if isinstance(e, ob.Norm2) and right.shape[1] == 1:
                yield "operator-norm", t(e) <= c * t(ob.opnorm(left)) * t(ob.norm2(right))
                yield "operator-norm", t(e) <= c * t(ob.frob(left)) * t(ob.norm2(right))
            if isinstance(e, ob.OpNorm):
                yield "submultiplicative", t(e) <= c * t(ob.opnorm(left)) * t(ob.opnorm(right))
    if isinstance(e, ob.OpNorm):
        m = e.args[0]
        if isinstance(m, sp.Transpose):
            yield "transpose-norm", t(e) == t(ob.opnorm(m.arg))
        yield "operator-le-frobenius", t(e) <= t(ob.frob(m))


@fact("triangle")
def _triangle(e: sp.Basic, t: _Atoms) -> Iterator[Fact]:
    """‖u₁ + … + u_m‖ ≤ ‖u₁‖ + … + ‖u_m‖ and ‖c u‖ = |c| ‖u‖, for the absolute norms."""
    if not isinstance(e, (ob.Norm2, ob.NormInf, ob.Norm1, ob.OpNorm, ob.FrobNorm)):
        return
    make = type(e)
    arg = e.args[0]
    if isinstance(arg, sp.MatAdd):
        yield "triangle", t(e) <= z3.Sum([t(make(a)) for a in arg.args])
        if len(arg.args) == 2:  # reverse triangle: |‖p‖ - ‖q‖| ≤ ‖p + q‖
            p_, q_ = (t(make(a)) for a in arg.args)
            yield "triangle", p_ <= t(e) + q_
            yield "triangle", q_ <= t(e) + p_
    if isinstance(arg, sp.MatMul) and not isinstance(arg.args[0], sp.MatrixExpr) \
            and len([a for a in arg.args if ob.is_matrix(a)]) == 1:
        scal = sp.Mul(*[a for a in arg.args if not ob.is_matrix(a)])
        body = next(a for a in arg.args if ob.is_matrix(a))
        yield "homogeneity", t(e) == t(sp.Abs(scal)) * t(make(body))


@fact("cauchy-schwarz")
def _cauchy_schwarz(e: sp.Basic, t: _Atoms) -> Iterator[Fact]:
    if isinstance(e, ob.Inner):
        u, v = e.args[:2]
        bound = t(ob.norm2(u)) * t(ob.norm2(v))
        yield "cauchy-schwarz", t(e) <= bound
        yield "cauchy-schwarz", -bound <= t(e)


@fact("hadamard")
def _hadamard(e: sp.Basic, t: _Atoms) -> Iterator[Fact]:
    if isinstance(e, ob.Norm2) and isinstance(e.args[0], sp.HadamardProduct) \
            and len(e.args[0].args) == 2:
        u, v = e.args[0].args
        yield "hadamard", t(e) <= t(ob.norminf(u)) * t(ob.norm2(v))
        yield "hadamard", t(e) <= t(ob.norminf(v)) * t(ob.norm2(u))


@fact("exp-sup-norm")
def _exp_sup(e: sp.Basic, t: _Atoms) -> Iterator[Fact]:
    if isinstance(e, ob.NormInf) and isinstance(e.args[0], ob.ElemExp):
        u = e.args[0].args[0]
        yield "exp-sup-norm", t(e) <= t(sp.exp(ob.norminf(u)))  # ‖exp(u)‖∞ ≤ exp(‖u‖∞)


@fact("exp-vector")
def _exp_vector(e: sp.Basic, t: _Atoms) -> Iterator[Fact]:
    """A vector of exponentials has positive entries: ‖exp(u)‖₂ and ‖exp(u)‖∞ are at most
    ⟨exp(u), 𝟏⟩ = ‖exp(u)‖₁, which is positive (so softmax has ‖·‖₂ ≤ 1)."""
    if isinstance(e, (ob.Norm2, ob.NormInf, ob.Norm1)) and isinstance(e.args[0], ob.ElemExp) \
            and e.args[0].shape[1] == 1:
        v = e.args[0]
        total = t(ob.inner(v, ob.ones(v.shape[0])))
        yield "exp-vector", t(e) <= total
        yield "exp-vector", total > 0
    if isinstance(e, ob.Inner) and isinstance(e.args[0], ob.ElemExp) \
            and isinstance(e.args[1], sp.OneMatrix):
        yield "exp-vector", t(e) > 0


def _pairs(t: _Atoms) -> Iterator[Fact]:
    """Facts between two atoms: exp and log are monotone."""
    exps = [e for e in t.atoms if isinstance(e, sp.exp)]
    for a in exps:
        for b in exps:
            if a is not b:
                xa, xb = t(a.args[0]), t(b.args[0])
                yield "exp-monotone", z3.Implies(xa <= xb, t(a) <= t(b))
                yield "exp-monotone", z3.Implies(xa < xb, t(a) < t(b))
    logs = [e for e in t.atoms if isinstance(e, sp.log)]
    for a in logs:
        xa = t(a.args[0])
        yield "log-tangent", z3.Implies(xa > 0, t(a) <= xa - 1)
        for b in logs:
            if a is not b:
                xb = t(b.args[0])
                yield "log-monotone", z3.Implies(z3.And(xa > 0, xa <= xb), t(a) <= t(b))
                yield "log-monotone", z3.Implies(z3.And(xa > 0, xa < xb), t(a) < t(b))


def blackboard(t: _Atoms, rounds: int = 2) -> list[Fact]:
    """Instances of every fact on the atoms present, for ``rounds`` rounds (a fact may name
    new atoms, ``‖A‖`` and ``‖x‖₂`` for ``‖Ax‖₂``, whose own facts the next round adds)."""
    out: list[Fact] = []
    done: set[sp.Basic] = set()
    for _ in range(rounds):
        new = [e for e in list(t.atoms) if e not in done]
        if not new:
            break
        for e in new:
            done.add(e)
            for gen in FACTS.values():
                try:
                    out += list(gen(e, t))
                except (TypeError, ValueError, AttributeError, NotAlgebraic):
                    continue  # a fact that does not fit this subterm's shape
    for e in list(t.atoms):  # atoms the last round made still get their signs
        if e not in done:
            out += list(_nonneg(e, t)) + list(_exp_positive(e, t))
    return out + list(_pairs(t))


def _rlimit(budget: Budget) -> int:
    """z3's resource limit (deterministic, unlike a time limit: the same verdict on a loaded
    machine); a closeness step needs at most 2.6 million."""
    return 20_000_000 if budget.name == "quick" else 60_000_000


#: a backstop in wall-clock time, far above what the resource limit allows on this machine
BACKSTOP_MS = 20_000


class BlackboardStage:
    """Claims over norms, inner products and exponentials, proved by z3 from library facts."""

    name = "blackboard"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        """None for a scalar relation with at least one non-polynomial subterm."""
        if claim.rel is Relation.PSD_LE:
            return "Loewner order, not a scalar relation"
        if any(isinstance(n, sp.KroneckerDelta) for s in (claim.lhs, claim.rhs)
               for n in sp.preorder_traversal(s)):
            return "Kronecker delta"
        return None

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """``proved`` on unsat (with the facts used); no decision otherwise."""
        t0 = time.perf_counter()
        ms = _rlimit(budget)
        syms = sorted({s for e in (claim.lhs, claim.rhs, *[x for h in claim.hypotheses
                                                            for x in (h.lhs, h.rhs)])
                       for s in sp.sympify(unwrap(e)).free_symbols
                       if isinstance(s, sp.Symbol)}, key=str)
        if any(s.is_integer and s not in DIMS.values() for s in syms):
            return None  # an index: its range is not a real constraint
        zv = {s: z3.Real(str(s)) for s in syms}
        t = _Atoms(zv)
        try:
            hyps = [(f"hypothesis {k}: {h}", z3_relation(h.rel, t(unwrap(h.lhs)), t(unwrap(h.rhs))))
                    for k, h in enumerate(claim.hypotheses, 1) if h.rel is not Relation.PSD_LE]
            # a hypothesis holds only where it is defined: its logs have positive arguments;
            # the claim's own logs must be shown defined (the domain check below)
            hyps += [("hypothesis domain", t(e.args[0]) > 0) for e in list(t.atoms)
                     if isinstance(e, sp.log)]
            seen = set(t.atoms)
            lhs, rhs = t(unwrap(claim.lhs)), t(unwrap(claim.rhs))
            t.domain += [t(e.args[0]) > 0 for e in list(t.atoms)
                         if isinstance(e, sp.log) and e not in seen]
        except (NotAlgebraic, TypeError, ValueError, AttributeError):
            return None
        if not t.atoms:
            return None  # polynomial: the real-algebra stage's
        facts = blackboard(t)
        base = [("assumptions", f) for f in assumption_facts(
            [s for s in syms], zv, claim)] + hyps + [("definitions", f) for f in t.defined]
        if t.domain and _check([*base, *facts, ("domain", z3.Not(z3.And(*t.domain)))],
                               ms)[0] != z3.unsat:
            return None  # a denominator or a root argument not shown safe
        goal = ("negated claim", z3.Not(z3_relation(claim.rel, lhs, rhs)))
        rest = [*base, *[("domain", d) for d in t.domain], goal]
        res, _ = _check([*rest, *facts], ms)
        if res != z3.unsat:
            return None
        used = _needed(facts, rest, ms)
        return Verdict(Status.PROVED, METHOD, True,
                       "hypotheses ∧ facts ∧ ¬claim is unsatisfiable (z3), for every size; "
                       f"facts used: {', '.join(used) or 'none (the hypotheses alone)'}",
                       seed=seed, precision="exact", evaluations=len(facts),
                       details={"relies_on": used, "atoms": len(t.atoms)},
                       seconds=time.perf_counter() - t0)


def _needed(facts: list[Fact], rest: list[Fact], limit: int) -> list[str]:
    """The library entries the proof needs, deterministically: each entry in turn (sorted by
    name) is dropped when the rest still gives ``unsat`` (z3's own unsat core depends on the
    solver's history, so the JSON would depend on which claims a worker ran before)."""
    keep = sorted({name for name, _ in facts})
    for name in list(keep):
        trial = [f for f in facts if f[0] in keep and f[0] != name]
        if _check([*rest, *trial], limit)[0] == z3.unsat:
            keep.remove(name)
    return keep


def _check(tracked: list[Fact], limit: int) -> tuple[Any, list[str]]:
    """z3 on named formulas, within the resource ``limit``: the answer and, on ``unsat``, the
    names in the unsat core."""
    s = z3.Solver()
    s.set("rlimit", limit)
    s.set("timeout", BACKSTOP_MS)
    names: dict[str, str] = {}
    for k, (name, f) in enumerate(tracked):
        label = f"f{k}"
        names[label] = name
        s.assert_and_track(f, label)
    res = s.check()
    core = [names[str(c)] for c in s.unsat_core()] if res == z3.unsat else []
    return res, core
