"""The library of facts: each entry is a theorem, instantiated on the atoms of one claim.

An entry is a generator registered with ``@fact(name)``: given one atom (a scalar subterm in
normal form) and the translator, it yields ``(name, z3 formula)`` instances of its theorem about
that atom. Pair entries (``@pair_fact``) see two atoms. Every entry must be a theorem for every
``n`` and ``d``; its docstring says which, and the public catalogue checks it on random
instances.

Example:
    >>> from numeric.prover.atoms import Atoms
    >>> from symbolic import vector, norm2, n
    >>> t = Atoms({})
    >>> _ = t(norm2(vector("u", n)))
    >>> sorted({name for name, _ in blackboard(t)})[:3]
    ['norm-equivalence', 'norm-nonnegative', 'sum-cauchy-schwarz']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import sympy as sp
import z3

from numeric.prover.atoms import NORMS, Atoms
from numeric.prover.translate import NotAlgebraic
from symbolic import objects as ob
from symbolic.normal_form import MAX_NODES, linear, nodes

Fact = tuple[str, Any]

#: each entry's theorem, in words (for reports and citation findings)
DESCRIPTIONS = {
    "norm-nonnegative": "norms are non-negative",
    "exp-positive": "exp(a) > 0",
    "exp-tangent": "exp(a) ≥ 1 + a",
    "exp-upper": "exp(a) ≤ 1 + a + a² for a ≤ 1",
    "norm-equivalence": "‖v‖∞ ≤ ‖v‖₂ ≤ ‖v‖₁, ‖v‖₂ ≤ √n‖v‖∞, ‖v‖₁ ≤ √n‖v‖₂",
    "sum-cauchy-schwarz": "|⟨v, 𝟏⟩| ≤ ‖v‖₁ and |⟨v, 𝟏⟩| ≤ √n‖v‖₂ (Cauchy–Schwarz against 𝟏)",
    "operator-norm": "‖Mu‖₂ ≤ ‖M‖‖u‖₂",
    "submultiplicative": "‖XY‖ ≤ ‖X‖‖Y‖",
    "operator-le-frobenius": "‖X‖ ≤ ‖X‖_F",
    "triangle": "the triangle inequality ‖u + v‖ ≤ ‖u‖ + ‖v‖ and its reverse",
    "cauchy-schwarz": "|⟨u, v⟩| ≤ ‖u‖₂‖v‖₂ (Cauchy–Schwarz)",
    "hadamard": "‖u ∘ v‖₂ ≤ ‖u‖∞‖v‖₂",
    "entry-extremes": "−‖v‖∞ ≤ min v ≤ max v ≤ ‖v‖∞",
    "exp-sup-norm": "‖exp(u)‖∞ = exp(max u) ≤ exp(‖u‖∞)",
    "exp-vector": "exp(u) has positive entries: ‖exp(u)‖₂ ≤ ⟨exp(u), 𝟏⟩, n·exp(min u) ≤ "
                  "⟨exp(u), 𝟏⟩ ≤ n·exp(max u)",
    "exp-difference": "‖exp(u) − exp(v)‖₂ ≤ ‖exp(u)‖₂(exp(‖u − v‖∞) − 1) and the mean value "
                      "bound exp(max(‖u‖∞, ‖v‖∞))‖u − v‖₂",
    "softmax-lipschitz": "softmax is ½-Lipschitz in ℓ₂",
    "exp-monotone": "exp is increasing",
    "exp-ratio": "exp(b) ≥ exp(a)(1 + b − a)",
    "exp-sum-difference": "|⟨exp(u) − exp(v), 𝟏⟩| ≤ ⟨exp(u), 𝟏⟩(exp(‖u − v‖∞) − 1)",
    "log-monotone": "log is increasing",
    "log-exp": "log is the inverse of exp",
    "log-tangent": "1 − 1/a ≤ log a ≤ a − 1",
    "exp-product": "exp(a)exp(b) = exp(a + b)",
    "exp-power": "exp(ka) = exp(a)ᵏ for k = 2, 3, 4",
    "loewner-norm": "0 ⪯ P ⪯ Q implies ‖P‖ ≤ ‖Q‖",
    "row-block": "a block of rows is a part of the matrix: ‖M_[j]‖ ≤ ‖M‖, ‖M_[j]‖_F ≤ ‖M‖_F",
}
#: what citing an entry also gives: ‖XY‖ ≤ ‖X‖‖Y‖ with Y a vector is ‖Mu‖₂ ≤ ‖M‖‖u‖₂;
#: Cauchy–Schwarz against 𝟏 is Cauchy–Schwarz
ENTAILS = {"submultiplicative": {"operator-norm"}, "operator-norm": {"submultiplicative"},
           "cauchy-schwarz": {"sum-cauchy-schwarz"}}
#: entries a referee does not expect a proof to cite (signs, monotonicity, calculus of exp)
ROUTINE = frozenset({"norm-nonnegative", "exp-positive", "exp-tangent", "exp-upper",
                     "exp-monotone", "exp-ratio", "exp-product", "exp-power", "exp-vector",
                     "entry-extremes",
                     "log-monotone", "log-exp", "log-tangent", "row-block"})
#: the lean library of :mod:`numeric.prover.focus`: the entries without the calculus of exp
#: (tangents, ratios, products, powers, the bounds of sums of exponentials) and the entry
#: extremes, which multiply the facts of a claim over many exponentials until z3 gives up (the
#: signs, ``exp-vector`` among them, stay: see the engine's ``SIGNS``)
LEAN = frozenset(DESCRIPTIONS) - {"exp-tangent", "exp-upper", "exp-ratio", "exp-product",
                                  "exp-power", "exp-sum-difference", "entry-extremes"}
#: the focused route's second library, when the lean one does not prove a claim: with the
#: tangent ``exp(a) ≥ 1 + a`` (one fact per exp) and the powers ``exp(ka) = exp(a)ᵏ``
#: (closeness's lemma-5.5:part-2:step-3 needs both: ``√R ≤ 2exp(R²)`` against
#: ``exp(2R²) = exp(R²)²``; with them in the first library, lemma-5.5:part-1:step-5 drowns)
LEAN_EXP = LEAN | {"exp-tangent", "exp-power"}
Generator = Callable[[sp.Basic, Atoms], Iterator[Fact]]
PairGenerator = Callable[[sp.Basic, sp.Basic, Atoms], Iterator[Fact]]
#: the library: each entry gives, for one atom, the instances of one theorem about it
FACTS: dict[str, Generator] = {}
#: entries about two atoms at once (monotonicity, ratios, differences)
PAIR_FACTS: dict[str, PairGenerator] = {}
#: entries a proof should cite only when the plainer ones do not do (tried for removal first
#: when the engine names the entries a proof needs)
HEAVY = {"exp-ratio": 3, "exp-product": 3, "exp-upper": 2, "exp-sum-difference": 2,
         "exp-difference": 1}


#: the entry names each generator's facts carry (its own, and the ``also`` it declares)
GIVES: dict[str, frozenset[str]] = {}


def fact(name: str, also: tuple[str, ...] = ()) -> Callable[[Generator], Generator]:
    """Register a fact generator under ``name`` (one library entry); its facts carry
    ``name`` or one of the names in ``also``."""
    def add(fn: Generator) -> Generator:
        FACTS[name] = fn
        GIVES[name] = frozenset({name, *also})
        return fn
    return add


#: the kinds of atom each pair entry takes, first and second (it gives nothing on others, so
#: the blackboard calls it only on those)
PAIR_KINDS: dict[str, tuple[type, type]] = {}


def pair_fact(name: str, kinds: tuple[type, type], also: tuple[str, ...] = ()
              ) -> Callable[[PairGenerator], PairGenerator]:
    """Register a generator of facts about two atoms under ``name``; it gives facts only on a
    pair of atoms of the ``kinds`` (first, second), carrying ``name`` or one of ``also``."""
    def add(fn: PairGenerator) -> PairGenerator:
        PAIR_FACTS[name] = fn
        PAIR_KINDS[name] = kinds
        GIVES[name] = frozenset({name, *also})
        return fn
    return add


def _size(v: sp.Basic) -> sp.Expr:
    rows, cols = v.shape
    return rows * cols


def _column(e: sp.Basic) -> bool:
    return e.args[0].shape[1] == 1


def _exp_pair(w: sp.Basic) -> tuple[sp.Basic, sp.Basic] | None:
    """``(u, v)`` when ``w`` is ``exp(u) − exp(v)`` (in normal form)."""
    lin = linear(w)
    if len(lin) != 2 or not all(isinstance(b, ob.ElemExp) for b in lin):
        return None
    (p, cp), (q, cq) = lin.items()
    if cp == 1 and cq == -1:
        return p.args[0], q.args[0]
    if cp == -1 and cq == 1:
        return q.args[0], p.args[0]
    return None


def _softmax_pair(w: sp.Basic) -> tuple[sp.Basic, sp.Basic] | None:
    """``(u, v)`` when ``w`` is ``softmax(u) − softmax(v)``, written ``exp(u)/Σexp(u) − …``."""
    lin = linear(w)
    if len(lin) != 2 or not all(isinstance(b, ob.ElemExp) for b in lin):
        return None
    (p, cp), (q, cq) = lin.items()
    sp_, sq = ob.SumEntries(p), ob.SumEntries(q)
    # the normal form writes softmax(u)'s coefficient as 1/Σexp(u), so c·Σexp(u) is ±1 as built
    if cp * sp_ == 1 and cq * sq == -1:
        return p.args[0], q.args[0]
    if cp * sp_ == -1 and cq * sq == 1:
        return q.args[0], p.args[0]
    return None


@fact("norm-nonnegative")
def _nonneg(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖·‖ ≥ 0 for every norm."""
    if isinstance(e, NORMS):
        yield "norm-nonnegative", t(e) >= 0


@fact("exp-positive", also=("exp-tangent", "exp-upper"))
def _exp_positive(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """exp(a) > 0, exp(a) ≥ 1 + a (the tangent at 0), and exp(a) ≤ 1 + a + a² for a ≤ 1."""
    if isinstance(e, sp.exp):
        a = t(e.args[0])
        yield "exp-positive", t(e) > 0
        yield "exp-tangent", t(e) >= 1 + a
        yield "exp-upper", z3.Implies(a <= 1, t(e) <= 1 + a + a * a)


@fact("norm-equivalence")
def _equivalence(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖v‖∞ ≤ ‖v‖₂ ≤ ‖v‖₁, ‖v‖₂ ≤ √k‖v‖∞, ‖v‖₁ ≤ √k‖v‖₂ for v with k entries."""
    if isinstance(e, (ob.Norm2, ob.NormInf, ob.Norm1)) and _column(e):
        v = e.args[0]
        two, inf, one = ob.norm2(v), ob.norminf(v), ob.norm1(v)
        k = t(_size(v))
        yield "norm-equivalence", t(inf) <= t(two)
        yield "norm-equivalence", t(two) <= t(one)
        yield "norm-equivalence", t(two) * t(two) <= k * t(inf) * t(inf)
        yield "norm-equivalence", t(one) * t(one) <= k * t(two) * t(two)


@fact("sum-cauchy-schwarz")
def _sum_bounds(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """|Σ v| ≤ ‖v‖₁ and (Σ v)² ≤ k‖v‖₂² (Cauchy–Schwarz against 𝟏, ‖𝟏‖₂ = √k)."""
    if isinstance(e, ob.Norm2) and _column(e):
        v = e.args[0]
        total = t(ob.sum_entries(v))
        yield "sum-cauchy-schwarz", total * total <= t(_size(v)) * t(e) * t(e)
    if isinstance(e, ob.Norm1) and _column(e):
        total = t(ob.sum_entries(e.args[0]))
        yield "sum-cauchy-schwarz", total <= t(e)
        yield "sum-cauchy-schwarz", -total <= t(e)


@fact("operator-norm", also=("operator-le-frobenius", "submultiplicative"))
def _operator(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖Mu‖₂ ≤ ‖M‖‖u‖₂ and ‖Mu‖₂ ≤ ‖M‖_F‖u‖₂; ‖XY‖ ≤ ‖X‖‖Y‖; ‖X‖ ≤ ‖X‖_F (‖Xᵀ‖ = ‖X‖ is
    in the normal form)."""
    arg = e.args[0] if isinstance(e, (ob.Norm2, ob.OpNorm, ob.FrobNorm)) else None
    if isinstance(arg, sp.MatMul) and ob.is_matrix(arg):
        factors = [a for a in arg.args if ob.is_matrix(a)]
        scal = sp.Mul(*[a for a in arg.args if not ob.is_matrix(a)])
        if len(factors) >= 2:
            left, right = factors[0], sp.MatMul(*factors[1:]) if len(factors) > 2 \
                else factors[1]
            c = t(sp.Abs(scal))
            if isinstance(e, ob.Norm2) and right.shape[1] == 1:
                yield "operator-norm", t(e) <= c * t(ob.opnorm(left)) * t(ob.norm2(right))
                yield "operator-norm", t(e) <= c * t(ob.frob(left)) * t(ob.norm2(right))
            if isinstance(e, ob.OpNorm):
                yield "submultiplicative", t(e) <= c * t(ob.opnorm(left)) * t(ob.opnorm(right))
    if isinstance(e, ob.OpNorm):
        yield "operator-le-frobenius", t(e) <= t(ob.frob(e.args[0]))


@fact("row-block")
def _row_block(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖M_[j]‖ ≤ ‖M‖ and ‖M_[j]‖_F ≤ ‖M‖_F: a block of rows is P·M for a P that keeps some
    rows (‖P‖ ≤ 1), whatever the block's index; a combination of blocks with one index and
    size, Σ cₖ(Mₖ)_[j], is the block (Σ cₖMₖ)_[j]."""
    if not isinstance(e, (ob.OpNorm, ob.FrobNorm)):
        return
    lin = linear(e.args[0])
    blocks = {(b.args[1], b.args[2]) if isinstance(b, ob.RowBlock) else None for b in lin}
    if len(blocks) == 1 and None not in blocks:
        whole = sp.MatAdd(*[c * b.args[0] for b, c in lin.items()])
        yield "row-block", t(e) <= t(type(e)(whole))


@fact("triangle")
def _triangle(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖u₁ + … + u_m‖ ≤ ‖u₁‖ + … + ‖u_m‖, and |‖p‖ − ‖q‖| ≤ ‖p + q‖, for every norm."""
    if not isinstance(e, (ob.Norm2, ob.NormInf, ob.Norm1, ob.OpNorm, ob.FrobNorm)):
        return
    make = type(e)
    arg = e.args[0]
    if isinstance(arg, sp.MatAdd):
        yield "triangle", t(e) <= z3.Sum([t(make(a)) for a in arg.args])
        if len(arg.args) == 2:
            p_, q_ = (t(make(a)) for a in arg.args)
            yield "triangle", p_ <= t(e) + q_
            yield "triangle", q_ <= t(e) + p_


@fact("cauchy-schwarz")
def _cauchy_schwarz(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """|⟨u, v⟩| ≤ ‖u‖₂‖v‖₂."""
    if isinstance(e, ob.Inner):
        u, v = e.args[:2]
        bound = t(ob.norm2(u)) * t(ob.norm2(v))
        yield "cauchy-schwarz", t(e) <= bound
        yield "cauchy-schwarz", -bound <= t(e)


@fact("hadamard")
def _hadamard(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖u ∘ v‖₂ ≤ ‖u‖∞‖v‖₂."""
    if isinstance(e, ob.Norm2) and isinstance(e.args[0], sp.HadamardProduct) \
            and len(e.args[0].args) == 2:
        u, v = e.args[0].args
        yield "hadamard", t(e) <= t(ob.norminf(u)) * t(ob.norm2(v))
        yield "hadamard", t(e) <= t(ob.norminf(v)) * t(ob.norm2(u))


@fact("entry-extremes")
def _extremes(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """−‖v‖∞ ≤ min v ≤ max v ≤ ‖v‖∞."""
    if isinstance(e, (ob.MinEntry, ob.MaxEntry)):
        v = e.args[0]
        lo, hi, inf = t(ob.min_entry(v)), t(ob.max_entry(v)), t(ob.norminf(v))
        yield "entry-extremes", -inf <= lo
        yield "entry-extremes", lo <= hi
        yield "entry-extremes", hi <= inf


@fact("exp-sup-norm")
def _exp_sup(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖exp(u)‖∞ = exp(max u) ≤ exp(‖u‖∞)."""
    if isinstance(e, ob.NormInf) and isinstance(e.args[0], ob.ElemExp):
        u = e.args[0].args[0]
        yield "exp-sup-norm", t(e) == t(sp.exp(ob.max_entry(u)))
        yield "exp-sup-norm", t(e) <= t(sp.exp(ob.norminf(u)))


@fact("exp-vector")
def _exp_vector(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """A vector of exponentials has positive entries: exp(max u) ≤ Σ exp(u) ≤ k·exp(max u),
    k·exp(min u) ≤ Σ exp(u),
    and ‖exp(u)‖₂, ‖exp(u)‖∞ ≤ Σ exp(u) = ‖exp(u)‖₁ (so softmax has ‖·‖₂ ≤ 1)."""
    if isinstance(e, (ob.Norm2, ob.NormInf, ob.Norm1)) and isinstance(e.args[0], ob.ElemExp) \
            and _column(e):
        total = t(ob.sum_entries(e.args[0]))
        yield "exp-vector", t(e) <= total
        yield "exp-vector", total > 0
    if isinstance(e, ob.SumEntries) and isinstance(e.args[0], ob.ElemExp):
        u = e.args[0].args[0]
        top = t(sp.exp(ob.max_entry(u)))
        yield "exp-vector", t(e) >= top
        yield "exp-vector", t(e) <= t(_size(u)) * top
        yield "exp-vector", t(e) >= t(_size(u)) * t(sp.exp(ob.min_entry(u)))


@fact("exp-difference")
def _exp_difference(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """For w = exp(u) − exp(v): ‖w‖₂ ≤ ‖exp(u)‖₂(exp(‖u − v‖∞) − 1) (as |1 − eˢ| ≤ e^|s| − 1),
    and the mean value bounds ‖w‖₂ ≤ exp(max(‖u‖∞, ‖v‖∞))‖u − v‖₂ ≤
    exp(‖u‖∞)exp(‖u − v‖∞)‖u − v‖₂."""
    if not (isinstance(e, ob.Norm2) and _column(e)):
        return
    pair = _exp_pair(e.args[0])
    if pair is None:
        return
    u, v = pair
    gap, dist = t(sp.exp(ob.norminf(u - v))), t(ob.norm2(u - v))
    for a in (u, v):
        yield "exp-difference", t(e) <= t(ob.norm2(ob.exp_(a))) * (gap - 1)
        yield "exp-difference", t(e) <= t(sp.exp(ob.norminf(a))) * gap * dist
    top = t(sp.exp(sp.Max(ob.norminf(u), ob.norminf(v))))
    yield "exp-difference", t(e) <= top * dist


@fact("softmax-lipschitz")
def _softmax(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖softmax(u) − softmax(v)‖₂ ≤ ½‖u − v‖₂: the Jacobian diag(p) − ppᵀ has norm at most
    ½ (xᵀJx is the variance of x under p, at most (max x − min x)²/4 ≤ ‖x‖₂²/2), and the mean
    value inequality."""
    if isinstance(e, ob.Norm2) and _column(e):
        pair = _softmax_pair(e.args[0])
        if pair is not None:
            u, v = pair
            yield "softmax-lipschitz", 2 * t(e) <= t(ob.norm2(u - v))


@pair_fact("exp-monotone", (sp.exp, sp.exp), also=("exp-ratio",))
def _exp_monotone(a: sp.Basic, b: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """exp is increasing, and exp(b) ≥ exp(a)(1 + b − a) (exp(b − a) ≥ 1 + b − a)."""
    if isinstance(a, sp.exp) and isinstance(b, sp.exp):
        xa, xb = t(a.args[0]), t(b.args[0])
        yield "exp-monotone", z3.Implies(xa <= xb, t(a) <= t(b))
        yield "exp-monotone", z3.Implies(xa < xb, t(a) < t(b))
        yield "exp-ratio", t(b) >= t(a) * (1 + xb - xa)


@pair_fact("exp-sum-difference", (ob.SumEntries, ob.SumEntries))
def _exp_sums(a: sp.Basic, b: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """|Σ exp(u) − Σ exp(v)| ≤ Σ exp(u)·(exp(‖u − v‖∞) − 1), entry by entry as in
    ``exp-difference``."""
    if isinstance(a, ob.SumEntries) and isinstance(b, ob.SumEntries) \
            and isinstance(a.args[0], ob.ElemExp) and isinstance(b.args[0], ob.ElemExp) \
            and a.args[0].shape == b.args[0].shape:
        u, v = a.args[0].args[0], b.args[0].args[0]
        bound = t(a) * (t(sp.exp(ob.norminf(u - v))) - 1)
        yield "exp-sum-difference", t(a) - t(b) <= bound
        yield "exp-sum-difference", t(b) - t(a) <= bound


@pair_fact("log-monotone", (sp.log, sp.log))
def _log(a: sp.Basic, b: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """log is increasing on (0, ∞), and log a ≤ a − 1."""
    if isinstance(a, sp.log) and isinstance(b, sp.log):
        xa, xb = t(a.args[0]), t(b.args[0])
        yield "log-monotone", z3.Implies(z3.And(xa > 0, xa <= xb), t(a) <= t(b))
        yield "log-monotone", z3.Implies(z3.And(xa > 0, xa < xb), t(a) < t(b))


@pair_fact("log-exp", (sp.log, sp.exp))
def _log_exp(a: sp.Basic, b: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """log is the inverse of exp and increasing: a ≥ exp(b) ⇒ log a ≥ b, 0 < a ≤ exp(b) ⇒
    log a ≤ b; with a third atom log c (c > 0): a ≤ c·exp(b) ⇒ log a ≤ log c + b, and ≥ alike."""
    if isinstance(a, sp.log) and isinstance(b, sp.exp):
        xa, eb, xb = t(a.args[0]), t(b), t(b.args[0])
        yield "log-exp", z3.Implies(xa >= eb, t(a) >= xb)
        yield "log-exp", z3.Implies(z3.And(xa > 0, xa <= eb), t(a) <= xb)
        for c in [c for c in list(t.atoms) if isinstance(c, sp.log) and c != a]:
            xc = t(c.args[0])
            yield "log-exp", z3.Implies(z3.And(xa > 0, xc > 0, xa <= xc * eb), t(a) <= t(c) + xb)
            yield "log-exp", z3.Implies(z3.And(xa > 0, xc > 0, xa >= xc * eb), t(a) >= t(c) + xb)


@fact("log-tangent")
def _log_tangent(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """1 − 1/a ≤ log a ≤ a − 1 for a > 0."""
    if isinstance(e, sp.log):
        xa = t(e.args[0])
        yield "log-tangent", z3.Implies(xa > 0, t(e) <= xa - 1)
        yield "log-tangent", z3.Implies(xa > 0, xa * t(e) >= xa - 1)


@fact("exp-power")
def _exp_power(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """exp(k·a) = exp(a)ᵏ for an integer k from 2 to 4 (``exp(2R²) = exp(R²)²``): the atom
    ``exp(a)`` is made, so that the bounds on ``exp(a)`` reach ``exp(k·a)``."""
    if isinstance(e, sp.exp):
        k, a = e.args[0].as_coeff_Mul()
        if k.is_Integer and 2 <= k <= 4 and a != 1:
            yield "exp-power", t(e) == t(sp.exp(a)) ** int(k)


@pair_fact("exp-product", (sp.exp, sp.exp))
def _exp_product(a: sp.Basic, b: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """exp(a)·exp(b) = exp(a + b), when exp(a + b) is an atom too."""
    if isinstance(a, sp.exp) and isinstance(b, sp.exp) \
            and sp.default_sort_key(a) <= sp.default_sort_key(b):
        s = sp.exp(a.args[0] + b.args[0])
        ea, eb = _expanded(a.args[0], t), _expanded(b.args[0], t)
        if nodes(s) <= MAX_NODES // 2 and ea is not None and eb is not None \
                and ea + eb in _exponents(t):
            yield "exp-product", t(a) * t(b) == t(s)


def _expanded(e: sp.Basic, t: Atoms) -> sp.Basic | None:
    """``expand(e)``, once per term and blackboard (None for a term too large to expand)."""
    cache = t.memo.setdefault("expanded", {})
    if e not in cache:
        cache[e] = sp.expand(e) if nodes(e) <= MAX_NODES // 2 else None
    return cache[e]


def _exponents(t: Atoms) -> set[sp.Basic]:
    """The expanded exponents of the exp atoms (recomputed when atoms were added)."""
    seen = t.memo.get("exponents")
    if seen is None or seen[0] != len(t.atoms):
        keys = {_expanded(c.args[0], t) for c in list(t.atoms) if isinstance(c, sp.exp)}
        seen = (len(t.atoms), keys - {None})
        t.memo["exponents"] = seen
    return seen[1]


_SKIP = (TypeError, ValueError, AttributeError, NotAlgebraic, IndexError)


def _single(e: sp.Basic, t: Atoms, gens: list[Generator]) -> list[Fact]:
    out: list[Fact] = []
    for gen in gens:
        try:
            out += list(gen(e, t))
        except _SKIP:
            continue  # a fact that does not fit this subterm's shape
    return out


def blackboard(t: Atoms, rounds: int = 4, last_pass: bool = True,
               only: frozenset[str] | None = None) -> list[Fact]:
    """Instances of the library on the atoms present: ``rounds`` rounds of every entry and
    every pair entry (a fact may name new atoms, ``‖A‖`` and ``‖x‖₂`` for ``‖Ax‖₂``, whose own
    facts the next round adds); then (``last_pass``) the single-atom entries once more on the
    atoms the last round made, and the signs of the atoms still without facts. When the
    rounds leave no atom without its facts, ``t.memo["saturated"]`` is True: any deeper
    blackboard is this one. ``only``: run just the generators whose facts carry one of
    these names (a certificate's entries: the atoms other entries would name are left out)."""
    out: list[Fact] = []
    done: list[sp.Basic] = []
    singles = [gen for name, gen in FACTS.items() if only is None or GIVES[name] & only]
    pairs = [(gen2, PAIR_KINDS[name]) for name, gen2 in PAIR_FACTS.items()
             if only is None or GIVES[name] & only]
    paired = tuple({k for _, kinds in pairs for k in kinds})  # the atoms a pair entry takes
    for _ in range(rounds):
        new = [e for e in list(t.atoms) if e not in done]
        if not new:
            break
        for e in new:
            out += _single(e, t, singles)
        old = [e for e in done if isinstance(e, paired)]
        done += new
        new_paired = [e for e in new if isinstance(e, paired)]
        for i, b in enumerate(new_paired):  # in the order of every pair, as before the filter
            for a in old + new_paired[:i]:
                for gen2, (first, second) in pairs:
                    for p, q in ((a, b), (b, a)):
                        if not (isinstance(p, first) and isinstance(q, second)):
                            continue
                        try:
                            out += list(gen2(p, q, t))
                        except _SKIP:
                            continue
    # every atom has had every entry: more rounds or the last pass would add nothing
    t.memo["saturated"] = all(e in done for e in t.atoms)
    passes = [singles] if last_pass else []
    for gens in [*passes, [_nonneg, _exp_positive]]:
        new = [e for e in list(t.atoms) if e not in done]
        for e in new:
            out += _single(e, t, gens)
        done += new
    return out
