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

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import mpmath
import sympy as sp
import z3

from numeric.prover.atoms import NORMS, Atoms
from numeric.prover.translate import NotAlgebraic
from symbolic import objects as ob
from symbolic.normal_form import MAX_NODES, linear, nodes
from symbolic.vocabulary import BLOCK_MONOTONE, NORM, declared, dominating, having
from symbolic.vocabulary.norms import FrobNorm

Fact = tuple[str, Any]
#: every declared norm (the triangle inequality holds for each)
NORMS_ = having(NORM)

@dataclass(frozen=True)
class Declaration:
    """One library entry, declared once with the generator that instantiates it: its theorem,
    the side conditions under which the blackboard instantiates it, a source, and what its
    randomised test needs (``variables``: the instance's symbols, e.g. ``"u:k"`` a vector of
    size ``k``, ``"M:m,k"`` a matrix, ``"a"`` a real, ``"a:+"`` a positive real, ``"a:0+"`` a
    non-negative one; ``check``: the theorem at one instance, as ``(lhs, "<=" | "<" | "=",
    rhs)`` triples in mpmath, or None where the instance fails a side condition;
    ``min_size``: the least size of every vector and matrix it speaks of; sizes are
    instantiated only where the claim's dimension ranges give them). How provers and
    reports treat it: ``routine`` (a referee does not expect a proof to cite it: signs,
    monotonicity, the calculus of exp), ``lean`` (in the focused route's first library),
    ``lean_exp`` (in its second), ``heavy`` (cited only when plainer entries do not do: tried
    first for removal, higher first), ``definitional`` (an axiom every claim may use:
    domains, roots), ``sign`` (a sign fact the engine tries alone first), ``entails`` (what
    citing it also gives).

    >>> from types import SimpleNamespace
    >>> LIBRARY["exp-tangent"].check(SimpleNamespace(a=mpmath.mpf(2)))
    [(mpf('3.0'), '<=', mpf('7.3890560989306504'))]
    """

    name: str
    statement: str
    side: tuple[str, ...]
    source: str
    variables: tuple[str, ...]
    check: Callable[[Any], list[tuple[Any, str, Any]] | None]
    min_size: int = 0
    routine: bool = False
    lean: bool = True
    lean_exp: bool = False
    heavy: int = 0
    definitional: bool = False
    sign: bool = False
    entails: tuple[str, ...] = ()


#: the side condition of every vector entry: norms of an empty vector are 0, sums are 0
ANY_SIZE = "any sizes, 0 included (every norm and sum of an empty vector is 0)"
#: the side condition of the entries that name a largest or least entry, or a positive sum
NONEMPTY = "the vector has a known size ≥ 1 over the claim's dimension ranges (its max, min " \
           "and the positivity of Σ exp are about an entry)"
_HJ = "Horn & Johnson, Matrix Analysis, 2nd ed. (2013)"
_CALC = "elementary calculus (convexity of exp, concavity of log)"


def entry(name: str, statement: str, side: tuple[str, ...], source: str, variables: str,
          check: Callable[[Any], list[tuple[Any, str, Any]] | None],
          **flags: Any) -> Declaration:
    """A library entry's declaration (see :class:`Declaration`); ``variables`` is one string
    of space-separated symbols."""
    return Declaration(name, statement, side, source, tuple(variables.split()), check, **flags)


Generator = Callable[[sp.Basic, Atoms], Iterator[Fact]]
PairGenerator = Callable[[sp.Basic, sp.Basic, Atoms], Iterator[Fact]]
#: every library entry, by name, in the order declared
LIBRARY: dict[str, Declaration] = {}
#: the library's generators: each gives, for one atom, the instances of its entries
FACTS: dict[str, Generator] = {}
#: entries about two atoms at once (monotonicity, ratios, differences)
PAIR_FACTS: dict[str, PairGenerator] = {}
#: the entry names each generator's facts carry (its own, and the others it declares)
GIVES: dict[str, frozenset[str]] = {}
#: the kinds of atom each pair entry takes, first and second (it gives nothing on others, so
#: the blackboard calls it only on those)
PAIR_KINDS: dict[str, tuple[type, type]] = {}


def declare(*entries: Declaration) -> str:
    """Add entries to the library (once each); the first's name."""
    for e in entries:
        if e.name in LIBRARY:
            raise ValueError(f"library entry {e.name!r} declared twice")
        LIBRARY[e.name] = e
    return entries[0].name


def fact(first: Declaration, *also: Declaration) -> Callable[[Generator], Generator]:
    """Register a fact generator with the entries it instantiates (its facts carry one of
    their names)."""
    def add(fn: Generator) -> Generator:
        name = declare(first, *also)
        FACTS[name] = fn
        GIVES[name] = frozenset(e.name for e in (first, *also))
        return fn
    return add


def pair_fact(kinds: tuple[type, type], first: Declaration, *also: Declaration
              ) -> Callable[[PairGenerator], PairGenerator]:
    """Register a generator of facts about two atoms with its entries; it gives facts only on
    a pair of atoms of the ``kinds`` (first, second)."""
    def add(fn: PairGenerator) -> PairGenerator:
        name = declare(first, *also)
        PAIR_FACTS[name] = fn
        PAIR_KINDS[name] = kinds
        GIVES[name] = frozenset(e.name for e in (first, *also))
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


@fact(entry("norm-nonnegative",
            "norms are non-negative", (ANY_SIZE,), "definition of a norm", "u:k M:m,k",
            lambda x: [(0, "<=", f(x.u)) for f in (MP.n2, MP.n1, MP.ninf, MP.n3)]
            + [(0, "<=", MP.op(x.M)), (0, "<=", MP.frob(x.M))], routine=True, sign=True))
def _nonneg(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖·‖ ≥ 0 for every norm."""
    if isinstance(e, NORMS):
        yield "norm-nonnegative", t(e) >= 0


@fact(entry("kron-norm",
            "‖X ⊗ Y‖ = ‖X‖‖Y‖ and ‖X ⊗ Y‖_F = ‖X‖_F‖Y‖_F", (ANY_SIZE,),
            "Horn & Johnson, Topics in Matrix Analysis (1991), Thm. 4.2.15: the singular "
            "values of X ⊗ Y are the products of those of X and Y", "X:m,k Y:p,q",
            lambda x: [(MP.op(_kron(x.X, x.Y)), "=", MP.op(x.X) * MP.op(x.Y)),
                       (MP.frob(_kron(x.X, x.Y)), "=", MP.frob(x.X) * MP.frob(x.Y))]))
def _kron_norm(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖X ⊗ Y‖ = ‖X‖‖Y‖, for the spectral and the Frobenius norm."""
    if isinstance(e, (ob.OpNorm, FrobNorm)) and isinstance(e.args[0], sp.KroneckerProduct) \
            and len(e.args[0].args) == 2:
        a, b = e.args[0].args
        yield "kron-norm", t(e) == t(type(e)(a)) * t(type(e)(b))


def _kron(x: list, y: list) -> list:
    """The Kronecker product of two matrices given as lists of rows."""
    return [[a * b for a in row_x for b in row_y] for row_x in x for row_y in y]


@fact(entry("inner-self",
            "⟨u, u⟩ ≥ 0 (a sum of squares)", (ANY_SIZE,), "definition of the inner product",
            "u:k", lambda x: [(0, "<=", MP.inner(x.u, x.u))], routine=True, sign=True))
def _inner_self(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """⟨u, u⟩ ≥ 0."""
    if isinstance(e, ob.Inner) and e.args[0] == e.args[1]:
        yield "inner-self", t(e) >= 0


@fact(entry("exp-positive",
            "exp(a) > 0 (definitional: exp is positive)", ("a real",), "definition of exp", "a",
            lambda x: [(0, "<", MP.exp(x.a))], routine=True, sign=True),
      entry("exp-tangent", "exp(a) ≥ 1 + a", ("a real",), _CALC, "a",
            lambda x: [(1 + x.a, "<=", MP.exp(x.a))], routine=True, lean=False, lean_exp=True),
      entry("exp-upper",
            "exp(a) ≤ 1 + a + a² for a ≤ 1", ("a ≤ 1",), _CALC + ": Taylor with remainder", "a",
            lambda x: None if x.a > 1 else [(MP.exp(x.a), "<=", 1 + x.a + x.a * x.a)],
            routine=True, lean=False, heavy=2))
def _exp_positive(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """exp(a) > 0, exp(a) ≥ 1 + a (the tangent at 0), and exp(a) ≤ 1 + a + a² for a ≤ 1."""
    if isinstance(e, sp.exp):
        a = t(e.args[0])
        yield "exp-positive", t(e) > 0
        yield "exp-tangent", t(e) >= 1 + a
        yield "exp-upper", z3.Implies(a <= 1, t(e) <= 1 + a + a * a)


@fact(entry("norm-equivalence",
            "‖v‖∞ ≤ ‖v‖₂ ≤ ‖v‖₁, ‖v‖₂ ≤ √n‖v‖∞, ‖v‖₁ ≤ √n‖v‖₂", (ANY_SIZE,),
            _HJ + ", §5.4.21", "u:k",
            lambda x: [(MP.ninf(x.u), "<=", MP.n2(x.u)), (MP.n2(x.u), "<=", MP.n1(x.u)),
            (MP.n2(x.u) ** 2, "<=", x.k * MP.ninf(x.u) ** 2),
            (MP.n1(x.u) ** 2, "<=", x.k * MP.n2(x.u) ** 2)]))
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


@fact(entry("sum-cauchy-schwarz",
            "|⟨v, 𝟏⟩| ≤ ‖v‖₁ and |⟨v, 𝟏⟩| ≤ √n‖v‖₂ (Cauchy–Schwarz against 𝟏)", (ANY_SIZE,),
            _HJ + ", §5.1.4", "u:k",
            lambda x: [(MP.sum(x.u), "<=", MP.n1(x.u)), (-MP.sum(x.u), "<=", MP.n1(x.u)),
            (MP.sum(x.u) ** 2, "<=", x.k * MP.n2(x.u) ** 2)]))
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


@fact(entry("operator-norm",
            "‖Mu‖₂ ≤ ‖M‖‖u‖₂", (ANY_SIZE, "any matrix (not necessarily symmetric), any scalar c"),
            _HJ + ", §5.6", "M:m,k u:k c",
            lambda x: [(MP.n2(MP.scale(x.c, MP.mv(x.M, x.u))), "<=",
            abs(x.c) * MP.op(x.M) * MP.n2(x.u)),
            (MP.n2(MP.scale(x.c, MP.mv(x.M, x.u))), "<=",
            abs(x.c) * MP.frob(x.M) * MP.n2(x.u))], entails=("submultiplicative",)),
      entry("operator-le-frobenius",
            "‖X‖ ≤ ‖X‖_F", (ANY_SIZE, "any matrix"), _HJ + ", §5.6.P20", "X:m,k",
            lambda x: [(MP.op(x.X), "<=", MP.frob(x.X))]),
      entry("submultiplicative",
            "‖XY‖ ≤ ‖X‖‖Y‖", (ANY_SIZE, "any matrices (not necessarily symmetric), any scalar c"),
            _HJ + ", §5.6", "X:m,k Y:k,p c",
            lambda x: [(abs(x.c) * MP.op(MP.mm(x.X, x.Y)), "<=",
            abs(x.c) * MP.op(x.X) * MP.op(x.Y))], entails=("operator-norm",)))
def _operator(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖Mu‖₂ ≤ ‖M‖‖u‖₂ and ‖Mu‖₂ ≤ ‖M‖_F‖u‖₂; ‖XY‖ ≤ ‖X‖‖Y‖; ‖X‖ ≤ ‖X‖_F (‖Xᵀ‖ = ‖X‖ is
    in the normal form)."""
    arg = e.args[0] if isinstance(e, (ob.Norm2, ob.OpNorm)) else None
    if isinstance(arg, sp.MatMul) and ob.is_matrix(arg):
        factors = [a for a in arg.args if ob.is_matrix(a)]
        scal = sp.Mul(*[a for a in arg.args if not ob.is_matrix(a)])
        if len(factors) >= 2:
            left, right = factors[0], sp.MatMul(*factors[1:]) if len(factors) > 2 \
                else factors[1]
            c = t(sp.Abs(scal))
            if isinstance(e, ob.Norm2) and right.shape[1] == 1:
                yield "operator-norm", t(e) <= c * t(ob.opnorm(left)) * t(ob.norm2(right))
                for bound in dominating("OpNorm"):  # ‖M‖ ≤ ‖M‖_F: ‖Mu‖₂ ≤ ‖M‖_F‖u‖₂
                    yield "operator-norm", t(e) <= c * t(bound(left)) * t(ob.norm2(right))
            if isinstance(e, ob.OpNorm):
                yield "submultiplicative", t(e) <= c * t(ob.opnorm(left)) * t(ob.opnorm(right))
    if isinstance(e, ob.OpNorm):
        for bound in dominating("OpNorm"):
            yield "operator-le-frobenius", t(e) <= t(bound(e.args[0]))


@fact(entry("row-block",
            "a block of rows is a part of the matrix: ‖M_[j]‖ ≤ ‖M‖, ‖M_[j]‖_F ≤ ‖M‖_F",
            (ANY_SIZE, "the block lies within M (where it is defined), whatever j"),
            "a block of rows is P·M with ‖P‖ ≤ 1", "M:m,k", lambda x: _row_block_check(x),
            routine=True))
def _row_block(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖M_[j]‖ ≤ ‖M‖ and ‖M_[j]‖_F ≤ ‖M‖_F: a block of rows is P·M for a P that keeps some
    rows (‖P‖ ≤ 1), whatever the block's index; a combination of blocks with one index and
    size, Σ cₖ(Mₖ)_[j], is the block (Σ cₖMₖ)_[j]."""
    if not declared(e, BLOCK_MONOTONE):
        return
    lin = linear(e.args[0])
    blocks = {(b.args[1], b.args[2]) if isinstance(b, ob.RowBlock) else None for b in lin}
    if len(blocks) == 1 and None not in blocks:
        whole = sp.MatAdd(*[c * b.args[0] for b, c in lin.items()])
        yield "row-block", t(e) <= t(type(e)(whole))


@fact(entry("triangle",
            "the triangle inequality ‖u + v‖ ≤ ‖u‖ + ‖v‖ and its reverse",
            (ANY_SIZE, "‖·‖₂, ‖·‖∞, ‖·‖₁, the spectral and the Frobenius norm"),
            "definition of a norm", "u:k v:k w:k M:m,k N:m,k", lambda x: _triangle_check(x),
            entails=("triangle-through",)))
def _triangle(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖u₁ + … + u_m‖ ≤ ‖u₁‖ + … + ‖u_m‖, and |‖p‖ − ‖q‖| ≤ ‖p + q‖, for every norm."""
    if not isinstance(e, NORMS_):
        return
    make = type(e)
    arg = e.args[0]
    if isinstance(arg, sp.MatAdd):
        yield "triangle", t(e) <= z3.Sum([t(make(a)) for a in arg.args])
        if len(arg.args) == 2:
            p_, q_ = (t(make(a)) for a in arg.args)
            yield "triangle", p_ <= t(e) + q_
            yield "triangle", q_ <= t(e) + p_


@pair_fact((NORMS_, NORMS_),
           entry("triangle-through",
                 "the triangle inequality through a third point: ‖u − w‖ ≤ ‖u − v‖ + ‖v − w‖",
                 (ANY_SIZE, "‖·‖₂, ‖·‖∞, ‖·‖₁, the spectral and the Frobenius norm"),
                 "definition of a norm", "u:k v:k w:k", lambda x: _triangle_through_check(x)))
def _triangle_through(p: sp.Basic, q: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖a‖ ≤ ‖b‖ + ‖a − b‖ and ‖b‖ ≤ ‖a‖ + ‖a − b‖ for two norms ‖a‖, ‖b‖ of one kind whose
    difference's norm is itself an atom of the claim (a referee's "insert and subtract":
    ‖u − w‖ ≤ ‖u − v‖ + ‖v − w‖)."""
    if type(p) is not type(q) or not isinstance(p, NORMS_) or p == q:
        return
    if "with-exp" not in t.memo:  # among exponentials its instances crowd out the calculus
        t.memo["with-exp"] = any(a.has(sp.exp) or a.has(ob.ElemExp) for a in t.atoms)
    if t.memo["with-exp"]:
        return
    seen = t.memo.setdefault("triangle-through", set())
    if frozenset((p, q)) in seen:
        return
    seen.add(frozenset((p, q)))
    forms = t.memo.setdefault("linear-forms", {})

    def form(e: sp.Basic) -> dict:
        if e not in forms:
            forms[e] = {k: c for k, c in linear(e.args[0]).items() if c != 0}
        return forms[e]

    a, b = form(p), form(q)
    diff = {k: a.get(k, 0) - b.get(k, 0) for k in set(a) | set(b)}
    diff = {k: c for k, c in diff.items() if c != 0}
    if not diff:
        return
    neg = {k: -c for k, c in diff.items()}
    for r in list(t.atoms):
        if type(r) is type(p) and r != p and r != q and form(r) in (diff, neg):
            if not any(_split(x, y, z) for x, y, z in ((p, q, r), (q, p, r), (r, p, q))):
                yield "triangle-through", t(p) <= t(q) + t(r)
                yield "triangle-through", t(q) <= t(p) + t(r)
            return


def _split(x: sp.Basic, y: sp.Basic, z: sp.Basic) -> bool:
    """Whether ``x`` is ‖a + b‖ with ``y``, ``z`` the norms of its terms (the ``triangle``
    entry's own instance: no second fact for it)."""
    arg = x.args[0]
    if not isinstance(arg, sp.MatAdd) or len(arg.args) != 2:
        return False
    terms = [{type(x)(a), type(x)(-a)} for a in arg.args]  # ‖−v‖ is ‖v‖
    return (y in terms[0] and z in terms[1]) or (z in terms[0] and y in terms[1])


@fact(entry("cauchy-schwarz",
            "|⟨u, v⟩| ≤ ‖u‖₂‖v‖₂ (Cauchy–Schwarz)", (ANY_SIZE,), _HJ + ", §5.1.4", "u:k v:k",
            lambda x: [(MP.inner(x.u, x.v), "<=", MP.n2(x.u) * MP.n2(x.v)),
            (-MP.n2(x.u) * MP.n2(x.v), "<=", MP.inner(x.u, x.v))], entails=("sum-cauchy-schwarz",)))
def _cauchy_schwarz(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """|⟨u, v⟩| ≤ ‖u‖₂‖v‖₂."""
    if isinstance(e, ob.Inner):
        u, v = e.args[:2]
        bound = t(ob.norm2(u)) * t(ob.norm2(v))
        yield "cauchy-schwarz", t(e) <= bound
        yield "cauchy-schwarz", -bound <= t(e)


@fact(entry("hadamard",
            "‖u ∘ v‖₂ ≤ ‖u‖∞‖v‖₂", (ANY_SIZE,), "Hölder's inequality", "u:k v:k",
            lambda x: [(MP.n2(MP.had(x.u, x.v)), "<=", MP.ninf(x.u) * MP.n2(x.v)),
            (MP.n2(MP.had(x.u, x.v)), "<=", MP.ninf(x.v) * MP.n2(x.u))]))
def _hadamard(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖u ∘ v‖₂ ≤ ‖u‖∞‖v‖₂."""
    if isinstance(e, ob.Norm2) and isinstance(e.args[0], sp.HadamardProduct) \
            and len(e.args[0].args) == 2:
        u, v = e.args[0].args
        yield "hadamard", t(e) <= t(ob.norminf(u)) * t(ob.norm2(v))
        yield "hadamard", t(e) <= t(ob.norminf(v)) * t(ob.norm2(u))


@fact(entry("entry-extremes",
            "−‖v‖∞ ≤ min v ≤ max v ≤ ‖v‖∞", (NONEMPTY,), "definition of ‖·‖∞", "u:k",
            lambda x: [(-MP.ninf(x.u), "<=", min(x.u)), (min(x.u), "<=", max(x.u)),
            (max(x.u), "<=", MP.ninf(x.u))], min_size=1, routine=True, lean=False))
def _extremes(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """−‖v‖∞ ≤ min v ≤ max v ≤ ‖v‖∞."""
    if isinstance(e, (ob.MinEntry, ob.MaxEntry)) and t.nonempty(e.args[0]):
        v = e.args[0]
        lo, hi, inf = t(ob.min_entry(v)), t(ob.max_entry(v)), t(ob.norminf(v))
        yield "entry-extremes", -inf <= lo
        yield "entry-extremes", lo <= hi
        yield "entry-extremes", hi <= inf


@fact(entry("exp-sup-norm",
            "‖exp(u)‖∞ = exp(max u) ≤ exp(‖u‖∞)", (NONEMPTY,), "exp is increasing and positive",
            "u:k", lambda x: [(MP.ninf(MP.expv(x.u)), "=", MP.exp(max(x.u))),
            (MP.ninf(MP.expv(x.u)), "<=", MP.exp(MP.ninf(x.u)))],
            min_size=1))
def _exp_sup(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖exp(u)‖∞ = exp(max u) ≤ exp(‖u‖∞)."""
    if isinstance(e, ob.NormInf) and isinstance(e.args[0], ob.ElemExp) \
            and t.nonempty(e.args[0]):
        u = e.args[0].args[0]
        yield "exp-sup-norm", t(e) == t(sp.exp(ob.max_entry(u)))
        yield "exp-sup-norm", t(e) <= t(sp.exp(ob.norminf(u)))


@fact(entry("exp-vector",
            "exp(u) has positive entries: ‖exp(u)‖₂ ≤ ⟨exp(u), 𝟏⟩, n·exp(min u) ≤ ⟨exp(u), 𝟏⟩ ≤ "
            "n·exp(max u)", (NONEMPTY,), "exp is increasing and positive", "u:k",
            lambda x: _exp_vector_check(x), min_size=1, routine=True, sign=True))
def _exp_vector(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """A vector of exponentials has positive entries: exp(max u) ≤ Σ exp(u) ≤ k·exp(max u),
    k·exp(min u) ≤ Σ exp(u),
    and ‖exp(u)‖₂, ‖exp(u)‖∞ ≤ Σ exp(u) = ‖exp(u)‖₁ (so softmax has ‖·‖₂ ≤ 1)."""
    if isinstance(e, (ob.Norm2, ob.NormInf, ob.Norm1, ob.SumEntries)) \
            and isinstance(e.args[0], ob.ElemExp) and not t.nonempty(e.args[0]):
        return  # an empty sum is 0: no entry, no positive term
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


@fact(entry("exp-difference",
            "‖exp(u) − exp(v)‖₂ ≤ ‖exp(u)‖₂(exp(‖u − v‖∞) − 1) and the mean value bound "
            "exp(max(‖u‖∞, ‖v‖∞))‖u − v‖₂", (ANY_SIZE, "u, v of one size"),
            "|1 − eˢ| ≤ e^|s| − 1 and the mean value theorem, entry by entry", "u:k v:k",
            lambda x: _exp_difference_check(x), heavy=1))
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


@fact(entry("softmax-lipschitz",
            "softmax is ½-Lipschitz in ℓ₂", (NONEMPTY, "u, v of one size"),
            "the Jacobian diag(p) − ppᵀ has norm ≤ ½ (Gao & Pavel, arXiv:1704.00805, Prop. 4)",
            "u:k v:k", lambda x: _softmax_check(x), min_size=1))
def _softmax(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """‖softmax(u) − softmax(v)‖₂ ≤ ½‖u − v‖₂: the Jacobian diag(p) − ppᵀ has norm at most
    ½ (xᵀJx is the variance of x under p, at most (max x − min x)²/4 ≤ ‖x‖₂²/2), and the mean
    value inequality."""
    if isinstance(e, ob.Norm2) and _column(e):
        pair = _softmax_pair(e.args[0])
        if pair is not None and t.nonempty(e.args[0]):
            u, v = pair
            yield "softmax-lipschitz", 2 * t(e) <= t(ob.norm2(u - v))


@pair_fact((sp.exp, sp.exp),
           entry("exp-monotone",
                 "exp is increasing", ("a, b real",), _CALC, "a b",
                 lambda x: ([(MP.exp(x.a), "<=", MP.exp(x.b))] if x.a <= x.b else [])
                 + ([(MP.exp(x.a), "<", MP.exp(x.b))] if x.a < x.b else []), routine=True),
           entry("exp-ratio",
                 "exp(b) ≥ exp(a)(1 + b − a)", ("a, b real",), _CALC + " (the tangent at a)", "a b",
                 lambda x: [(MP.exp(x.a) * (1 + MP.sub(x.b, x.a)), "<=", MP.exp(x.b))],
                 routine=True, lean=False, heavy=3))
def _exp_monotone(a: sp.Basic, b: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """exp is increasing, and exp(b) ≥ exp(a)(1 + b − a) (exp(b − a) ≥ 1 + b − a)."""
    if isinstance(a, sp.exp) and isinstance(b, sp.exp):
        xa, xb = t(a.args[0]), t(b.args[0])
        yield "exp-monotone", z3.Implies(xa <= xb, t(a) <= t(b))
        yield "exp-monotone", z3.Implies(xa < xb, t(a) < t(b))
        yield "exp-ratio", t(b) >= t(a) * (1 + xb - xa)


@pair_fact((ob.SumEntries, ob.SumEntries),
           entry("exp-sum-difference",
                 "|⟨exp(u) − exp(v), 𝟏⟩| ≤ ⟨exp(u), 𝟏⟩(exp(‖u − v‖∞) − 1)",
                 (ANY_SIZE, "u, v of one size"), "|1 − eˢ| ≤ e^|s| − 1, entry by entry", "u:k v:k",
                 lambda x: _exp_sums_check(x), lean=False, heavy=2))
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


#: a bound the route through bounds substitutes (:mod:`numeric.prover.bounds`), not a fact of
#: the blackboard: its instances drown z3 in the claims that do not need it
declare(entry("exp-sum-mean-value",
              "the mean value bounds |⟨exp(u) − exp(v), 𝟏⟩| ≤ exp(max(‖u‖∞, ‖v‖∞))‖u − v‖₁ and "
              "|1/⟨exp(u), 𝟏⟩ − 1/⟨exp(v), 𝟏⟩| ≤ exp(max(‖u‖∞, ‖v‖∞))‖u − v‖∞/k",
              (NONEMPTY, "u, v of one size k"),
              "the mean value theorem: |eᵃ − eᵇ| ≤ e^max(a,b)|a − b| entry by entry; along "
              "z = v + t(u − v), d(1/Σexp z) = −⟨softmax z, u − v⟩/Σexp z with "
              "|⟨softmax z, u − v⟩| ≤ ‖u − v‖∞ and Σexp z ≥ k·exp(−‖z‖∞)", "u:k v:k",
              lambda x: _exp_mean_value_check(x), min_size=1, lean=False))


@pair_fact((sp.log, sp.log),
           entry("log-monotone",
                 "log is increasing", ("0 < a (stated in each instance)",), _CALC, "a:+ b:+",
                 lambda x: ([(mpmath.log(x.a), "<=", mpmath.log(x.b))] if x.a <= x.b else [])
                 + ([(mpmath.log(x.a), "<", mpmath.log(x.b))] if x.a < x.b else []), routine=True))
def _log(a: sp.Basic, b: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """log is increasing on (0, ∞), and log a ≤ a − 1."""
    if isinstance(a, sp.log) and isinstance(b, sp.log):
        xa, xb = t(a.args[0]), t(b.args[0])
        yield "log-monotone", z3.Implies(z3.And(xa > 0, xa <= xb), t(a) <= t(b))
        yield "log-monotone", z3.Implies(z3.And(xa > 0, xa < xb), t(a) < t(b))


@pair_fact((sp.log, sp.exp),
           entry("log-exp",
                 "log is the inverse of exp", ("0 < a, 0 < c (stated in each instance)",), _CALC,
                 "a:+ b c:+", lambda x: _log_exp_check(x), routine=True))
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


@fact(entry("log-tangent",
            "1 − 1/a ≤ log a ≤ a − 1", ("0 < a (stated in each instance)",), _CALC, "a:+",
            lambda x: [(mpmath.log(x.a), "<=", x.a - 1), (x.a - 1, "<=", x.a * mpmath.log(x.a))],
            routine=True))
def _log_tangent(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """1 − 1/a ≤ log a ≤ a − 1 for a > 0."""
    if isinstance(e, sp.log):
        xa = t(e.args[0])
        yield "log-tangent", z3.Implies(xa > 0, t(e) <= xa - 1)
        yield "log-tangent", z3.Implies(xa > 0, xa * t(e) >= xa - 1)


@fact(entry("exp-power",
            "exp(ka) = exp(a)ᵏ for k = 2, 3, 4", ("a real, k an integer from 2 to 4",),
            "definition of exp", "a", lambda x: _exp_power_check(x),
            routine=True, lean=False, lean_exp=True))
def _exp_power(e: sp.Basic, t: Atoms) -> Iterator[Fact]:
    """exp(k·a) = exp(a)ᵏ for an integer k from 2 to 4 (``exp(2R²) = exp(R²)²``): the atom
    ``exp(a)`` is made, so that the bounds on ``exp(a)`` reach ``exp(k·a)``."""
    if isinstance(e, sp.exp):
        k, a = e.args[0].as_coeff_Mul()
        if k.is_Integer and 2 <= k <= 4 and a != 1:
            yield "exp-power", t(e) == t(sp.exp(a)) ** int(k)


@pair_fact((sp.exp, sp.exp),
           entry("exp-product",
                 "exp(a)exp(b) = exp(a + b)", ("a, b real",), "definition of exp", "a b",
                 lambda x: [(MP.exp(x.a) * MP.exp(x.b), "=", MP.exp(MP.add(x.a, x.b)))],
                 routine=True, lean=False, heavy=3))
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


@dataclass
class Growth:
    """A blackboard after some rounds (:func:`grow`): its facts so far, the atoms that have
    had every entry, and the rounds run."""

    out: list[Fact]
    done: list[sp.Basic]
    rounds: int = 0

    def copy(self) -> Growth:
        return Growth(list(self.out), list(self.done), self.rounds)


def _singles(only: frozenset[str] | None) -> list[Generator]:
    """The single-atom entries' generators (those whose facts carry a name in ``only``)."""
    return [gen for name, gen in FACTS.items() if only is None or GIVES[name] & only]


def grow(t: Atoms, rounds: int, only: frozenset[str] | None = None,
         start: Growth | None = None) -> Growth:
    """The first ``rounds`` rounds of :func:`blackboard`, from ``start`` (the rounds already
    run on ``t``: a round does not depend on how many follow it, so a deeper blackboard
    continues a shallower one instead of building it again)."""
    state = start or Growth([], [])
    out, done = state.out, state.done
    singles = _singles(only)
    pairs = [(gen2, PAIR_KINDS[name]) for name, gen2 in PAIR_FACTS.items()
             if only is None or GIVES[name] & only]
    paired = tuple({k for _, kinds in pairs for k in kinds})  # the atoms a pair entry takes
    for _ in range(state.rounds, rounds):
        state.rounds += 1
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
    return state


def finish(t: Atoms, state: Growth, last_pass: bool = True,
           only: frozenset[str] | None = None) -> list[Fact]:
    """:func:`blackboard`'s end, after :func:`grow`: the last pass and the signs (``state``
    and ``t`` are changed)."""
    out, done = state.out, state.done
    # every atom has had every entry: more rounds or the last pass would add nothing
    t.memo["saturated"] = all(e in done for e in t.atoms)
    passes = [_singles(only)] if last_pass else []
    for gens in [*passes, [_nonneg, _exp_positive]]:
        new = [e for e in list(t.atoms) if e not in done]
        for e in new:
            out += _single(e, t, gens)
        done += new
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
    return finish(t, grow(t, rounds, only), last_pass, only)


# -- entries about the hypotheses (a fact of the claim's setting, not of one atom) ----------

Prop_ = Any  # a symbolic.claim.Prop (not imported: the library stays below symbolic's claims)
HypothesisGenerator = Callable[[Sequence[Prop_], Atoms], Iterator[Fact]]
#: entries read off the hypotheses (and cited premises) themselves
HYPOTHESIS_FACTS: dict[str, HypothesisGenerator] = {}
#: nodes under which a hypothesis's term is one branch of a disjunction (``Or`` is written
#: ``Max(g₁, g₂) > 0``, ``And`` inside it ``Min``): a branch need not be defined where another
#: holds
_BRANCHING = (sp.Max, sp.Min, sp.sign, sp.Piecewise, sp.Heaviside)


def hypothesis_fact(first: Declaration) -> Callable[[HypothesisGenerator], HypothesisGenerator]:
    """Register a generator of facts about the hypotheses with its entry."""
    def add(fn: HypothesisGenerator) -> HypothesisGenerator:
        name = declare(first)
        HYPOTHESIS_FACTS[name] = fn
        GIVES[name] = frozenset({name})
        return fn
    return add


def conjunctive_logs(e: sp.Basic) -> list[sp.Basic]:
    """The logs of ``e`` outside any branch of a disjunction (:data:`_BRANCHING`).

    >>> x, y = sp.symbols("x y")
    >>> conjunctive_logs(sp.log(x) + 1), conjunctive_logs(sp.Max(-x, sp.log(y) - 1))
    ([log(x)], [])
    """
    if isinstance(e, _BRANCHING):
        return []
    here = [e] if isinstance(e, sp.log) else []
    return here + [p for a in e.args for p in conjunctive_logs(a)]


@hypothesis_fact(entry(
    "log-domain",
    "a hypothesis holds only where it is defined: log a in a conjunctive hypothesis gives a > 0",
    ("the log occurs in a hypothesis outside any disjunction's branch (no Max, Min, sign or "
     "Piecewise above it), a hypothesis of the claim or a cited premise",),
    "definition of log (the real logarithm is defined on (0, ∞))", "a",
    lambda x: [(0, "<", x.a)] if MP.real_log(x.a) else None,
    routine=True, definitional=True))
def _log_domain(props: Sequence[Prop_], t: Atoms) -> Iterator[Fact]:
    """A hypothesis holds only where it is defined: each log ``log a`` in it, outside a
    disjunction's branch, gives ``a > 0``."""
    from symbolic.objects import unwrap
    from symbolic.relation import Relation

    for h in props:
        if h.rel is Relation.PSD_LE:
            continue
        for side in (h.lhs, h.rhs):
            for e in conjunctive_logs(sp.sympify(unwrap(side))):
                yield "log-domain", t(e.args[0]) > 0


@hypothesis_fact(entry(
    "loewner-norm",
    "0 ⪯ P ⪯ Q implies ‖P‖ ≤ ‖Q‖",
    ("hypotheses 0 ⪯ P and P ⪯ Q, as written (⪯ is the Loewner order: Q − P and P are "
     "symmetric positive semidefinite, docs/verdicts.md)",),
    _HJ + ", Cor. 7.7.4 (Weyl monotonicity)", "G:k,k H:k,k",
    lambda x: _loewner_check(x)))
def _loewner(props: Sequence[Prop_], t: Atoms) -> Iterator[Fact]:
    """From the hypotheses 0 ⪯ P and P ⪯ Q: ‖P‖ ≤ ‖Q‖ (Weyl: the largest eigenvalue is
    monotone in the Loewner order of symmetric matrices)."""
    from symbolic.relation import Relation

    psd = [h for h in props if h.rel is Relation.PSD_LE]
    zero = {h.rhs for h in psd if isinstance(h.lhs, sp.ZeroMatrix) or h.lhs == 0}
    for h in psd:
        if h.lhs in zero:
            yield "loewner-norm", t(ob.opnorm(h.rhs)) >= t(ob.opnorm(h.lhs))


def hypothesis_facts(props: Sequence[Prop_], t: Atoms,
                     only: frozenset[str] | None = None) -> list[Fact]:
    """The instances of the hypothesis entries (:data:`HYPOTHESIS_FACTS`) on ``props``
    (``only``: just the entries named, and the definitional ones)."""
    out: list[Fact] = []
    for name, gen in HYPOTHESIS_FACTS.items():
        if only is None or name in only or name in DEFINITIONAL:
            try:
                out += list(gen(props, t))
            except _SKIP:
                continue
    return out


#: an entry whose instances the engine itself makes (each root the translator meets)
declare(entry("root-definition",
              "b^(1/q) (q = 2, 3, 4) is the non-negative root: r ≥ 0 and r^q = b where b ≥ 0",
              ("b ≥ 0 (the root's definition holds only there)",),
              "definition of the real root", "b:0+", lambda x: _root_check(x), routine=True,
              definitional=True))

#: whole-claim entries: the lemma schemas (:mod:`numeric.stages.schemas`) match a claim against
#: them; no atom has instances of them on the blackboard
declare(
    entry("holder-1-inf", "|⟨u, v⟩| ≤ ‖u‖₁‖v‖∞", (ANY_SIZE,), "Hölder's inequality", "u:k v:k",
          lambda x: [(abs(MP.inner(x.u, x.v)), "<=", MP.n1(x.u) * MP.ninf(x.v))]),
    entry("softmax-norm", "‖softmax(z)‖₂ ≤ 1 and ‖softmax(z)‖∞ ≤ 1", (NONEMPTY,),
          "softmax(z) is a probability vector", "z:k",
          lambda x: [(MP.n2(_soft(x.z)), "<=", 1), (MP.ninf(_soft(x.z)), "<=", 1)], min_size=1),
    entry("logsumexp-lower", "max z ≤ log⟨exp z, 1⟩", (NONEMPTY,), "one term of the sum",
          "z:k", lambda x: [(max(x.z), "<=", _lse(x.z))], min_size=1),
    entry("logsumexp-upper", "log⟨exp z, 1⟩ ≤ max z + log k", (NONEMPTY,),
          "each term is at most the largest", "z:k",
          lambda x: [(_lse(x.z), "<=", max(x.z) + mpmath.log(x.k))], min_size=1),
    entry("frobenius-rank", "‖X‖_F ≤ √min(m, k)·‖X‖ for X of size m × k", (ANY_SIZE,),
          _HJ + ", §5.6.P23 (rank X ≤ min(m, k) singular values, each ≤ ‖X‖)", "X:m,k",
          lambda x: [(MP.frob(x.X), "<=", mpmath.sqrt(min(x.m, x.k)) * MP.op(x.X))]),
    entry("probability-variance",
          "vᵀ(diag(p) − ppᵀ)v = Σ p_i v_i² − (Σ p_i v_i)² ≥ 0 for a probability vector p",
          ("p = softmax(z), or the hypotheses p ≥ 0 entrywise and Σ p = 1",),
          "a variance is non-negative (Cauchy–Schwarz with weights p)", "z:k v:k",
          lambda x: [_variance(_soft(x.z), x.v)], min_size=1))


def _variance(p: list, v: list) -> tuple[Any, str, Any]:
    """``(Σ p_i v_i)² ≤ Σ p_i v_i²``: the variance's two terms, compared as two sides."""
    mean = MP.sum([a * b for a, b in zip(p, v, strict=True)])
    return mean**2, "<=", MP.sum([a * b * b for a, b in zip(p, v, strict=True)])


def _soft(v: list) -> list:
    top = max(v)
    e = [MP.exp(MP.sub(a, top)) for a in v]
    return [a / MP.sum(e) for a in e]


def _lse(v: list) -> Any:
    top = max(v)
    return top + mpmath.log(MP.sum([MP.exp(MP.sub(a, top)) for a in v]))


# -- views of the declarations (read by the engine, the focused route and the reports) -----

#: each entry's theorem, in words (for reports and citation findings)
DESCRIPTIONS = {name: e.statement for name, e in LIBRARY.items()}
#: the definitional entries: axioms every claim may use (domains, roots), as SIGNS are
DEFINITIONAL = frozenset(name for name, e in LIBRARY.items() if e.definitional)
#: the sign entries, tried alone first
SIGNS = frozenset(name for name, e in LIBRARY.items() if e.sign)
#: what citing an entry also gives
ENTAILS = {name: set(e.entails) for name, e in LIBRARY.items() if e.entails}
#: entries a referee does not expect a proof to cite
ROUTINE = frozenset(name for name, e in LIBRARY.items() if e.routine)
#: the lean library of :mod:`numeric.prover.focus`: the entries without the calculus of exp
#: (tangents, ratios, products, powers, the bounds of sums of exponentials) and the entry
#: extremes, which multiply the facts of a claim over many exponentials until z3 gives up
LEAN = frozenset(name for name, e in LIBRARY.items() if e.lean)
#: the focused route's second library: with the tangent ``exp(a) ≥ 1 + a`` and the powers
#: ``exp(ka) = exp(a)ᵏ`` (closeness's lemma-5.5:part-2:step-3 needs both)
LEAN_EXP = LEAN | frozenset(name for name, e in LIBRARY.items() if e.lean_exp)
#: entries a proof should cite only when the plainer ones do not do (tried for removal first
#: when the engine names the entries a proof needs), by weight
HEAVY = {name: e.heavy for name, e in LIBRARY.items() if e.heavy}


# -- the entries' statements in mpmath (the randomised test's checks; independent of the
#    back ends) ----------------------------------------------------------------------------

class MP:
    """Norms, products and sums of vectors (lists) and matrices (lists of rows) of mpmath
    numbers, for the entries' checks.

    >>> MP.n2([mpmath.mpf(3), mpmath.mpf(-4)]), MP.op([[mpmath.mpf(2), 0], [0, 1]])
    (mpf('5.0'), mpf('2.0'))
    """

    @staticmethod
    def add(*xs: Any) -> Any:
        """The exact sum of mpmath numbers (no rounding: 1e300 + 1e-300 stays both), in
        integers (``mpmath.fadd(exact=True)`` was seen to round to 53 bits).

        >>> MP.add(mpmath.mpf("1e300"), mpmath.mpf("1e-300")) > mpmath.mpf("1e300")
        True
        """
        parts = [MP.raw(v) for v in xs]
        parts = [(-man if sign else man, exp) for sign, man, exp, _ in parts if man]
        if not parts:
            return mpmath.mpf(0)
        low = min(exp for _, exp in parts)
        total = sum(man << (exp - low) for man, exp in parts)
        return mpmath.mp.make_mpf(mpmath.libmp.from_man_exp(total, low))

    @staticmethod
    def sub(a: Any, b: Any) -> Any:
        sign, man, exp, bc = MP.raw(b)
        return MP.add(a, mpmath.mp.make_mpf((1 - sign if man else 0, man, exp, bc)))

    @staticmethod
    def exp(a: Any) -> Any:
        """exp(a) of an exact wide argument (``1e55 + 1e40``, made by :meth:`add`): mpmath
        rounds the argument to the working precision, so the precision grows with it."""
        import flint  # arb's exp of the exact argument, at a precision that grows with it

        sign, man, exp, _ = MP.raw(a)
        if not man:
            return mpmath.mpf(1)
        old = flint.ctx.prec
        flint.ctx.prec = mpmath.mp.prec + int(man).bit_length() + max(0, int(exp) + int(
            man).bit_length()) + 64
        try:
            exact = flint.arb(flint.fmpz(-int(man) if sign else int(man))) * flint.arb(2) ** exp
            mid = exact.exp().mid()
        finally:
            flint.ctx.prec = old
        m, e = mid.man_exp()
        return +mpmath.mp.make_mpf(mpmath.libmp.from_man_exp(int(m), int(e)))

    @staticmethod
    def raw(v: Any) -> tuple:
        """The exact mpmath tuple of ``v`` (``mpmath.mpf(v)`` rounds a wide one)."""
        return v._mpf_ if isinstance(v, mpmath.mpf) else mpmath.mpf(v)._mpf_

    @staticmethod
    def expm1(a: Any) -> Any:
        """exp(a) − 1, accurate at every magnitude and width of ``a`` (:meth:`exp`)."""
        return mpmath.expm1(a) if abs(a) < 1 else MP.exp(a) - 1

    @staticmethod
    def vsub(u: list, v: list) -> list:
        return [MP.sub(a, b) for a, b in zip(u, v, strict=True)]

    @staticmethod
    def vadd(*vs: list) -> list:
        return [MP.add(*xs) for xs in zip(*vs, strict=True)]

    @staticmethod
    def n2(v: list) -> Any:
        return mpmath.sqrt(mpmath.fsum(a * a for a in v))

    @staticmethod
    def n1(v: list) -> Any:
        return mpmath.fsum(abs(a) for a in v)

    @staticmethod
    def n3(v: list) -> Any:
        return mpmath.root(mpmath.fsum(abs(a) ** 3 for a in v), 3)

    @staticmethod
    def ninf(v: list) -> Any:
        """The largest |entry|, exactly (``abs`` would round a wide exact difference)."""
        return max((MP.abs(a) for a in v), default=mpmath.mpf(0))

    @staticmethod
    def abs(a: Any) -> Any:
        _, man, exp, bc = MP.raw(a)
        return mpmath.mp.make_mpf((0, man, exp, bc))

    @staticmethod
    def sum(v: list) -> Any:
        return mpmath.fsum(v)

    @staticmethod
    def inner(u: list, v: list) -> Any:
        return mpmath.fsum(a * b for a, b in zip(u, v, strict=True))

    @staticmethod
    def had(u: list, v: list) -> list:
        return [a * b for a, b in zip(u, v, strict=True)]

    @staticmethod
    def scale(c: Any, v: list) -> list:
        return [c * a for a in v]

    @staticmethod
    def expv(v: list) -> list:
        return [MP.exp(a) for a in v]

    @staticmethod
    def mv(m: list, u: list) -> list:
        return [MP.inner(row, u) for row in m]

    @staticmethod
    def mm(x: list, y: list) -> list:
        cols = [list(c) for c in zip(*y, strict=True)] if y else []
        return [[MP.inner(row, c) for c in cols] for row in x]

    @staticmethod
    def flat(m: list) -> list:
        return [a for row in m for a in row]

    @staticmethod
    def frob(m: list) -> Any:
        return MP.n2(MP.flat(m))

    @staticmethod
    def op(m: list) -> Any:
        """The spectral norm (largest singular value; 0 for an empty matrix)."""
        if not m or not m[0] or not any(MP.flat(m)):
            return mpmath.mpf(0)
        return max(mpmath.svd_r(mpmath.matrix(m), compute_uv=False))

    @staticmethod
    def real_log(a: Any) -> bool:
        """Is mpmath's log of ``a`` a finite real number?"""
        v = mpmath.log(a)
        return not isinstance(v, mpmath.mpc) and mpmath.isfinite(v)


def _triangle_check(x: Any) -> list:
    out = []
    for f in (MP.n2, MP.ninf, MP.n1):
        out += [(f(MP.vadd(x.u, x.v, x.w)), "<=", f(x.u) + f(x.v) + f(x.w)),
                (f(x.u), "<=", f(MP.vadd(x.u, x.v)) + f(x.v)),
                (f(x.v), "<=", f(MP.vadd(x.u, x.v)) + f(x.u))]
    both = [MP.vadd(r, s) for r, s in zip(x.M, x.N, strict=True)]
    for g in (MP.op, MP.frob):
        out += [(g(both), "<=", g(x.M) + g(x.N)), (g(x.M), "<=", g(both) + g(x.N))]
    return out


def _triangle_through_check(x: Any) -> list:
    uv, vw, uw = MP.vsub(x.u, x.v), MP.vsub(x.v, x.w), MP.vsub(x.u, x.w)
    return [(f(uw), "<=", f(uv) + f(vw)) for f in (MP.n2, MP.ninf, MP.n1)]


def _exp_vector_check(x: Any) -> list:
    e, k = MP.expv(x.u), x.k
    total = MP.sum(e)
    return [(MP.n2(e), "<=", total), (MP.ninf(e), "<=", total), (MP.n1(e), "<=", total),
            (0, "<", total), (MP.exp(max(x.u)), "<=", total),
            (total, "<=", k * MP.exp(max(x.u))), (k * MP.exp(min(x.u)), "<=", total)]


def _exp_diff(u: list, v: list) -> list:
    """exp(u) − exp(v) entry by entry, without cancellation: exp(v)·expm1(u − v)."""
    return [MP.exp(b) * MP.expm1(MP.sub(a, b)) for a, b in zip(u, v, strict=True)]


def _exp_difference_check(x: Any) -> list:
    w, dv = MP.n2(_exp_diff(x.u, x.v)), MP.vsub(x.u, x.v)
    gap, dist = MP.expm1(MP.ninf(dv)), MP.n2(dv)
    out = []
    for a in (x.u, x.v):
        out += [(w, "<=", MP.n2(MP.expv(a)) * gap),
                (w, "<=", MP.exp(MP.ninf(a)) * MP.exp(MP.ninf(dv)) * dist)]
    return out + [(w, "<=", MP.exp(max(MP.ninf(x.u), MP.ninf(x.v))) * dist)]


def _softmax_check(x: Any) -> list:
    with mpmath.workdps(700):  # the difference of two softmaxes cancels to 1e-300 and below
        def soft(v: list) -> list:
            top = max(v)
            e = [MP.exp(MP.sub(a, top)) for a in v]
            return [a / MP.sum(e) for a in e]

        lhs = MP.n2([a - b for a, b in zip(soft(x.u), soft(x.v), strict=True)])
        rhs = MP.n2(MP.vsub(x.u, x.v)) / 2
    return [(+lhs, "<=", +rhs)]


def _exp_sums_check(x: Any) -> list:
    su, sv = MP.sum(MP.expv(x.u)), MP.sum(MP.expv(x.v))
    bound = su * MP.expm1(MP.ninf(MP.vsub(x.u, x.v)))
    return [(su, "<=", sv + bound), (sv, "<=", su + bound)]


def _exp_mean_value_check(x: Any) -> list:
    su, sv = MP.sum(MP.expv(x.u)), MP.sum(MP.expv(x.v))
    d = MP.vsub(x.u, x.v)
    gap = abs(MP.sum(_exp_diff(x.u, x.v)))  # no cancellation
    top = MP.exp(max(MP.ninf(x.u), MP.ninf(x.v)))
    recip = top * MP.ninf(d) / len(x.u)
    return [(gap, "<=", top * MP.n1(d)), (gap / (su * sv), "<=", recip)]


def _log_exp_check(x: Any) -> list:
    a, b, c = x.a, x.b, x.c
    eb, out = MP.exp(b), []
    if a >= eb:
        out.append((b, "<=", mpmath.log(a)))
    if a <= eb:
        out.append((mpmath.log(a), "<=", b))
    if a <= c * eb:
        out.append((mpmath.log(a), "<=", mpmath.log(c) + b))
    if a >= c * eb:
        out.append((mpmath.log(c) + b, "<=", mpmath.log(a)))
    return out


def _exp_power_check(x: Any) -> list:
    e = MP.exp(x.a)
    return [(MP.exp(MP.add(*[x.a] * k)), "=", mpmath.fprod([e] * k)) for k in (2, 3, 4)]


def _loewner_check(x: Any) -> list:
    def gram(g: list) -> list:
        return MP.mm(g, [list(c) for c in zip(*g, strict=True)])

    p = gram(x.G)
    q = [MP.vadd(r, s) for r, s in zip(p, gram(x.H), strict=True)]
    return [(MP.op(p), "<=", MP.op(q))]


def _row_block_check(x: Any) -> list:
    out = []
    m = len(x.M)
    for size in range(1, m + 1):
        for j in range(m // size):
            block = x.M[j * size:(j + 1) * size]
            out += [(MP.op(block), "<=", MP.op(x.M)), (MP.frob(block), "<=", MP.frob(x.M))]
    return out


def _root_check(x: Any) -> list:
    out = []
    for q in (2, 3, 4):
        r = mpmath.root(x.b, q)
        out += [(0, "<=", r), (r ** q, "=", x.b)]
    return out
