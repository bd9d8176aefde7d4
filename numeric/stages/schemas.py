"""Vector claims for every size: instances of a small library of proved lemma schemas.

Each schema is a textbook inequality that holds for every dimension and every value of its
vectors and matrices, with no hypothesis (so it holds under any hypotheses a claim adds). A
claim is proved when, after unwrapping named definitions and cancelling common positive factors
of its two sides, it is *exactly* an instance: same relation direction (a strict relation is
never an instance: every schema can hold with equality), the same sub-expressions where the
schema repeats a variable, and the dimension factor of the vector in question (``√n`` for a
vector of length ``n``). The verdict's method names the schema.

Schemas (``u``, ``v``: any vector expressions of equal length ``k``; ``M``: any matrix
expression; ``‖u‖₁`` is written ``sum_entries(abs_(u))``):

- ``norminf-le-norm2``: ``‖u‖∞ ≤ ‖u‖₂``; ``norm2-le-sqrtn-norminf``: ``‖u‖₂ ≤ √k ‖u‖∞``;
- ``norm2-le-norm1``: ``‖u‖₂ ≤ ‖u‖₁``; ``norm1-le-sqrtn-norm2``: ``‖u‖₁ ≤ √k ‖u‖₂``;
  ``norminf-le-norm1``: ``‖u‖∞ ≤ ‖u‖₁``; ``norm1-le-n-norminf``: ``‖u‖₁ ≤ k ‖u‖∞``;
- ``cauchy-schwarz``: ``⟨u, v⟩ ≤ ‖u‖₂‖v‖₂``, ``|⟨u, v⟩| ≤ ‖u‖₂‖v‖₂`` and the squared form;
- ``holder-1-inf``: ``⟨u, v⟩ ≤ ‖u‖₁‖v‖∞`` and with ``|⟨u, v⟩|``;
- ``triangle``: ``‖u₁ + … + u_m‖ ≤ ‖u₁‖ + … + ‖u_m‖`` for ``‖·‖₂``, ``‖·‖∞``, ``‖·‖_F``, the
  spectral norm (a term ``-u`` counts as ``u``);
- ``operator-norm``: ``‖M u‖₂ ≤ ‖M‖ ‖u‖₂``; ``frobenius-bound``: ``‖M u‖₂ ≤ ‖M‖_F ‖u‖₂``;
  ``opnorm-le-frob``: ``‖M‖ ≤ ‖M‖_F``;
- ``softmax-norm``: ``‖softmax(z)‖₂ ≤ 1`` and ``‖softmax(z)‖∞ ≤ 1`` with
  ``softmax(z) = exp(z) / ⟨exp(z), 1⟩``;
- ``logsumexp-lower``: ``max z ≤ log⟨exp z, 1⟩``; ``logsumexp-upper``:
  ``log⟨exp z, 1⟩ ≤ max z + log k``;
- ``frobenius-rank``: ``‖M‖_F ≤ √min(m, k) ‖M‖`` (or ``√m``, ``√k``) for ``M`` of size m × k;
- ``softmax-variance``: ``0 ≤ vᵀ(diag(p) − ppᵀ)v`` for ``p = softmax(z)``, and
  ``simplex-variance``, the one schema with hypotheses: the same for a vector ``p`` the
  claim's hypotheses state a probability vector as written (``min p ≥ 0`` and ``⟨p, 1⟩ = 1``).

Each schema is an instance of a library entry (:data:`numeric.prover.facts.LIBRARY`), whose
declaration holds the theorem, its side conditions and its check: the last three speak of an
entry (a largest entry, a probability vector), so they match only a claim whose vectors have a
known size ≥ 1 over its dimension ranges (``z`` of size ``n - 1`` is empty at ``n = 1``); the
others hold at every size (every norm of an empty vector is 0).

Example:
    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> from numeric.budget import Budget
    >>> x = vector("x", n)
    >>> c = Claim("t:extra-1", norminf(x), "<=", norm2(x))
    >>> v = SchemaStage().run(c, Budget.get("quick"), 0)
    >>> v.status.value, v.method
    ('proved', 'lemma schema norminf-le-norm2')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import sympy as sp

from numeric.prover.atoms import size_at_least
from numeric.prover.facts import LIBRARY
from symbolic import objects as ob
from symbolic.objects import is_matrix, unwrap
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict
from symbolic.vocabulary import NORM, dominating, having
from symbolic.vocabulary.norms import FrobNorm

if TYPE_CHECKING:
    from numeric.budget import Budget
    from symbolic.claim import Claim

Matcher = Callable[[sp.Expr, sp.Expr], bool]


def _is_vec(e: sp.Basic) -> bool:
    return is_matrix(e) and sp.simplify(e.shape[1] - 1) == 0


def _length(u: sp.Basic) -> sp.Expr:
    return sp.sympify(u.shape[0])


def _norm1_arg(e: sp.Basic) -> sp.Basic | None:
    """``u`` when ``e`` is ``sum_entries(abs_(u))`` for a vector ``u``."""
    if isinstance(e, ob.SumEntries) and isinstance(e.args[0], ob.ElemAbs):
        u = e.args[0].args[0]
        return u if _is_vec(u) else None
    return None


def _ones(e: sp.Basic, size: sp.Expr) -> bool:
    return isinstance(e, sp.OneMatrix) and sp.simplify(e.shape[0] - size) == 0 and (
        sp.simplify(e.shape[1] - 1) == 0)


def _lse_arg(e: sp.Basic) -> sp.Basic | None:
    """``z`` when ``e`` is ``log⟨exp z, 1⟩`` (either order) or ``log(sum_entries(exp z))``."""
    if not isinstance(e, sp.log):
        return None
    a = e.args[0]
    if isinstance(a, ob.Inner):
        p, q = a.args
        for s, t in ((p, q), (q, p)):
            if isinstance(s, ob.ElemExp) and _is_vec(s.args[0]) and _ones(t, _length(s)):
                return s.args[0]
    if isinstance(a, ob.SumEntries) and isinstance(a.args[0], ob.ElemExp):
        z = a.args[0].args[0]
        return z if _is_vec(z) else None
    return None


def _softmax_arg(e: sp.Basic) -> sp.Basic | None:
    """``z`` when ``e`` is ``softmax(z)``, or ``exp(z) / ⟨exp(z), 1⟩`` (as SymPy builds it)."""
    if isinstance(e, ob.Softmax) and _is_vec(e.args[0]):
        return e.args[0]
    if not isinstance(e, sp.MatMul):
        return None
    scalars = [a for a in e.args if not is_matrix(a)]
    mats = [a for a in e.args if is_matrix(a)]
    if len(mats) != 1 or len(scalars) != 1 or not isinstance(mats[0], ob.ElemExp):
        return None
    z = mats[0].args[0]
    s = scalars[0]
    if isinstance(s, sp.Pow) and s.exp == -1:
        den = s.base
        if isinstance(den, ob.Inner) and _is_vec(z):
            p, q = den.args
            if (p == mats[0] and _ones(q, _length(z))) or (q == mats[0] and _ones(p, _length(z))):
                return z
        if isinstance(den, ob.SumEntries) and den.args[0] == mats[0]:
            return z
    return None


def _strip_sign(u: sp.Basic) -> sp.Basic:
    """``u`` for ``-u`` (a ``MatMul`` with the scalar -1)."""
    if isinstance(u, sp.MatMul) and u.args[0] == -1:
        rest = u.args[1:]
        return rest[0] if len(rest) == 1 else sp.MatMul(*rest)
    return u


def _product(e: sp.Expr, f1: type, f2: type) -> tuple[sp.Basic, sp.Basic] | None:
    """``(a, b)`` when ``e == f1(a) * f2(b)`` (either factor order)."""
    if not isinstance(e, sp.Mul) or len(e.args) != 2:
        return None
    p, q = e.args
    for s, t in ((p, q), (q, p)):
        if isinstance(s, f1) and isinstance(t, f2):
            return s.args[0], t.args[0]
    return None


def _sqrt_of(e: sp.Expr) -> sp.Expr | None:
    if isinstance(e, sp.Pow) and e.exp == sp.Rational(1, 2):
        return e.base
    return None


def _scaled(e: sp.Expr, node: type) -> tuple[sp.Expr, sp.Basic] | None:
    """``(c, u)`` when ``e == c * node(u)``."""
    if isinstance(e, node):
        return sp.Integer(1), e.args[0]
    if isinstance(e, sp.Mul):
        hits = [a for a in e.args if isinstance(a, node)]
        if len(hits) == 1:
            rest = sp.Mul(*[a for a in e.args if a is not hits[0]])
            return rest, hits[0].args[0]
    return None


def _eq(a: sp.Expr, b: sp.Expr) -> bool:
    return sp.simplify(sp.sympify(a) - sp.sympify(b)) == 0


# -- schemas: each takes (small, big) for a claim ``small <= big`` ------------------------------

def _norminf_le_norm2(s: sp.Expr, b: sp.Expr) -> bool:
    return isinstance(s, ob.NormInf) and isinstance(b, ob.Norm2) and s.args[0] == b.args[0] and (
        _is_vec(s.args[0]))


def _norm2_le_sqrtn_norminf(s: sp.Expr, b: sp.Expr) -> bool:
    sc = _scaled(b, ob.NormInf)
    return isinstance(s, ob.Norm2) and sc is not None and sc[1] == s.args[0] and _is_vec(
        sc[1]) and _eq(sc[0], sp.sqrt(_length(sc[1])))


def _norm2_le_norm1(s: sp.Expr, b: sp.Expr) -> bool:
    return isinstance(s, ob.Norm2) and _norm1_arg(b) is not None and _norm1_arg(b) == s.args[0]


def _norminf_le_norm1(s: sp.Expr, b: sp.Expr) -> bool:
    return isinstance(s, ob.NormInf) and _norm1_arg(b) is not None and (
        _norm1_arg(b) == s.args[0])


def _norm1_le_sqrtn_norm2(s: sp.Expr, b: sp.Expr) -> bool:
    u = _norm1_arg(s)
    sc = _scaled(b, ob.Norm2)
    return u is not None and sc is not None and sc[1] == u and _eq(sc[0], sp.sqrt(_length(u)))


def _norm1_le_n_norminf(s: sp.Expr, b: sp.Expr) -> bool:
    u = _norm1_arg(s)
    sc = _scaled(b, ob.NormInf)
    return u is not None and sc is not None and sc[1] == u and _eq(sc[0], _length(u))


def _inner_args(e: sp.Expr, absolute_ok: bool = True) -> tuple[sp.Basic, sp.Basic] | None:
    if absolute_ok and isinstance(e, sp.Abs):
        e = e.args[0]
    if isinstance(e, ob.Inner) and all(_is_vec(a) for a in e.args):
        return e.args[0], e.args[1]
    return None


def _cauchy_schwarz(s: sp.Expr, b: sp.Expr) -> bool:
    uv = _inner_args(s)
    pr = _product(b, ob.Norm2, ob.Norm2)
    if uv is not None and pr is not None:
        return set(uv) == set(pr) and (uv[0] != uv[1] or pr[0] == pr[1])
    # squared form: <u, v>^2 <= ||u||^2 ||v||^2
    if isinstance(s, sp.Pow) and s.exp == 2:
        uv = _inner_args(s.base)
        if uv is None or not isinstance(b, sp.Mul):
            return False
        sq = [a.base.args[0] for a in b.args if isinstance(a, sp.Pow) and a.exp == 2
              and isinstance(a.base, ob.Norm2)]
        if len(sq) == len(b.args) == 2:
            return sorted(map(str, sq)) == sorted(map(str, uv))
        if len(b.args) == 1 or (isinstance(b, sp.Pow) and b.exp == 4):
            return uv[0] == uv[1]
    return False


def _holder(s: sp.Expr, b: sp.Expr) -> bool:
    uv = _inner_args(s)
    if uv is None or not isinstance(b, sp.Mul) or len(b.args) != 2:
        return False
    p, q = b.args
    for one, inf in ((p, q), (q, p)):
        u = _norm1_arg(one)
        if u is not None and isinstance(inf, ob.NormInf):
            if set(uv) == {u, inf.args[0]} and (uv[0] != uv[1] or u == inf.args[0]):
                return True
    return False


_TRIANGLE_NORMS = having(NORM)


def _triangle(s: sp.Expr, b: sp.Expr) -> bool:
    for node in _TRIANGLE_NORMS:
        if isinstance(s, node) and isinstance(s.args[0], sp.MatAdd) and isinstance(b, sp.Add):
            terms = sorted(map(str, (_strip_sign(t) for t in s.args[0].args)))
            norms = [a for a in b.args if isinstance(a, node)]
            if len(norms) != len(b.args):
                return False
            return terms == sorted(map(str, (a.args[0] for a in norms)))
    return False


def _matvec(e: sp.Basic) -> tuple[sp.Basic, sp.Basic] | None:
    """``(M, u)`` when ``e == M u`` with ``u`` a vector (``M`` possibly a product)."""
    if isinstance(e, sp.MatMul) and _is_vec(e):
        if any(not is_matrix(a) for a in e.args):
            return None
        *ms, u = e.args
        if not _is_vec(u) or not ms:
            return None
        return (ms[0] if len(ms) == 1 else sp.MatMul(*ms)), u
    return None


def _operator_norm(s: sp.Expr, b: sp.Expr, node: type = ob.OpNorm) -> bool:
    if not isinstance(s, ob.Norm2):
        return False
    mu = _matvec(s.args[0])
    pr = _product(b, node, ob.Norm2)
    return mu is not None and pr is not None and pr == mu


def _frobenius_bound(s: sp.Expr, b: sp.Expr) -> bool:
    """‖Mu‖₂ ≤ ‖M‖'‖u‖₂ for a norm ‖·‖' declared to bound the operator norm (Frobenius)."""
    return any(_operator_norm(s, b, node) for node in dominating("OpNorm"))


def _opnorm_le_frob(s: sp.Expr, b: sp.Expr) -> bool:
    """‖X‖ ≤ ‖X‖' for a norm declared to bound the operator norm."""
    return isinstance(s, ob.OpNorm) and isinstance(b, dominating("OpNorm")) and \
        s.args[0] == b.args[0]


def _frobenius_rank(s: sp.Expr, b: sp.Expr) -> bool:
    """‖X‖_F ≤ √r‖X‖ with ``r`` = min(m, k), m or k for X of size m × k (each ≥ min(m, k))."""
    if not isinstance(s, FrobNorm):
        return False
    x = s.args[0]
    op = ob.OpNorm(x)
    factors = list(sp.Mul.make_args(b))
    if op not in factors:
        return False
    factors.remove(op)
    r = sp.Mul(*factors) ** 2
    m, k = (sp.sympify(a) for a in x.shape)
    return any(_eq(r, c) for c in (sp.Min(m, k), m, k))


def _variance_form(b: sp.Expr) -> tuple[sp.Basic, sp.Basic] | None:
    """``(p, v)`` when ``b`` is ``⟨v, (diag(p) − ppᵀ)v⟩`` (either order of the inner
    product, either order of the two terms)."""
    if not isinstance(b, ob.Inner):
        return None
    for v, mv in (b.args, b.args[::-1]):
        if not isinstance(mv, sp.MatMul) or len(mv.args) != 2 or mv.args[1] != v:
            continue
        m = mv.args[0]
        if not isinstance(m, sp.MatAdd) or len(m.args) != 2:
            continue
        diag = next((a for a in m.args if isinstance(a, ob.Diag)), None)
        if diag is None:
            continue
        p = diag.args[0]
        other = next(a for a in m.args if a is not diag)
        if other == sp.MatMul(-1, p, p.T) or other == -p * p.T:
            return p, v
    return None


def _softmax_variance(s: sp.Expr, b: sp.Expr) -> bool:
    """0 ≤ vᵀ(diag(p) − ppᵀ)v for ``p = softmax(z)`` (a probability vector)."""
    pv = _variance_form(b)
    return s == 0 and pv is not None and _softmax_arg(pv[0]) is not None


def _softmax_norm(s: sp.Expr, b: sp.Expr) -> bool:
    return isinstance(s, (ob.Norm2, ob.NormInf)) and b == 1 and (
        _softmax_arg(s.args[0]) is not None)


def _lse_lower(s: sp.Expr, b: sp.Expr) -> bool:
    z = _lse_arg(b)
    return z is not None and isinstance(s, ob.MaxEntry) and s.args[0] == z


def _lse_upper(s: sp.Expr, b: sp.Expr) -> bool:
    z = _lse_arg(s)
    if z is None or not isinstance(b, sp.Add) or len(b.args) != 2:
        return False
    p, q = b.args
    for m, lg in ((p, q), (q, p)):
        if isinstance(m, ob.MaxEntry) and m.args[0] == z and isinstance(lg, sp.log) and _eq(
                lg.args[0], _length(z)):
            return True
    return False


#: each schema: its matcher and the library entry it is an instance of (the theorem, its side
#: conditions and its randomised check are the entry's, :data:`~numeric.prover.facts.LIBRARY`)
SCHEMAS: dict[str, tuple[Matcher, str]] = {
    "norminf-le-norm2": (_norminf_le_norm2, "norm-equivalence"),
    "norm2-le-sqrtn-norminf": (_norm2_le_sqrtn_norminf, "norm-equivalence"),
    "norm2-le-norm1": (_norm2_le_norm1, "norm-equivalence"),
    "norminf-le-norm1": (_norminf_le_norm1, "norm-equivalence"),
    "norm1-le-sqrtn-norm2": (_norm1_le_sqrtn_norm2, "norm-equivalence"),
    "norm1-le-n-norminf": (_norm1_le_n_norminf, "norm-equivalence"),
    "cauchy-schwarz": (_cauchy_schwarz, "cauchy-schwarz"),
    "holder-1-inf": (_holder, "holder-1-inf"),
    "triangle": (_triangle, "triangle"),
    "operator-norm": (_operator_norm, "operator-norm"),
    "frobenius-bound": (_frobenius_bound, "operator-norm"),
    "opnorm-le-frob": (_opnorm_le_frob, "operator-le-frobenius"),
    "softmax-norm": (_softmax_norm, "softmax-norm"),
    "logsumexp-lower": (_lse_lower, "logsumexp-lower"),
    "logsumexp-upper": (_lse_upper, "logsumexp-upper"),
    "frobenius-rank": (_frobenius_rank, "frobenius-rank"),
    "softmax-variance": (_softmax_variance, "probability-variance"),
}


def sizes_known(claim: Claim, lo: int) -> bool:
    """Is every vector and matrix of ``claim`` known to have at least ``lo`` rows and
    columns over its dimension ranges (a schema's side condition on sizes)?

    >>> from symbolic import Claim, vector, max_entry, n
    >>> u = vector("u", n - 1)
    >>> sizes_known(Claim("t:extra-1", max_entry(u), "<=", 1), 1)
    False
    """
    for side in (claim.lhs, claim.rhs):
        for e in sp.preorder_traversal(unwrap(side)):
            if is_matrix(e) and not all(size_at_least(k, lo, claim.dims) for k in e.shape):
                return False
    return True


def _cancel_positive(small: sp.Expr, big: sp.Expr) -> tuple[sp.Expr, sp.Expr]:
    """Remove factors common to both sides that SymPy knows are positive.

    >>> a = sp.Symbol("a", positive=True)
    >>> u, w = sp.Symbol("u"), sp.Symbol("w")
    >>> _cancel_positive(2 * a * u, 2 * a * w)
    (u, w)
    """
    fs = list(sp.Mul.make_args(small))
    fb = list(sp.Mul.make_args(big))
    common = [f for f in fs if f in fb and f.is_positive]
    for f in common:
        fs.remove(f)
        fb.remove(f)
    return sp.Mul(*fs), sp.Mul(*fb)


def match(claim: Claim) -> str | None:
    """The name of the schema ``claim`` is an instance of, or None.

    >>> from symbolic import Claim, vector, norm2, inner, n
    >>> u, v = vector("u", n), vector("v", n)
    >>> match(Claim("t:extra-1", inner(u, v), "<=", norm2(u) * norm2(v)))
    'cauchy-schwarz'
    >>> match(Claim("t:extra-2", inner(u, v), "<", norm2(u) * norm2(v))) is None
    True
    """
    if claim.rel not in (Relation.LE, Relation.GE):
        return None
    try:
        lhs, rhs = unwrap(claim.lhs), unwrap(claim.rhs)
    except TypeError:  # SymPy cannot rebuild a body (Max of a vector expression): no schema
        return None
    small, big = (lhs, rhs) if claim.rel is Relation.LE else (rhs, lhs)
    pairs = [(small, big)]
    reduced = _cancel_positive(small, big)
    if reduced != (small, big):
        pairs.append(reduced)
    for s, b in pairs:
        for name, (schema, entry) in SCHEMAS.items():
            try:
                if schema(s, b) and sizes_known(claim, LIBRARY[entry].min_size):
                    return name
            except (TypeError, AttributeError, ValueError):
                continue
    pv = _variance_form(big) if small == 0 else None
    if pv is not None and _probability(claim, pv[0]) and sizes_known(claim, 1):
        return "simplex-variance"
    return None


def _probability(claim: Claim, p: sp.Basic) -> bool:
    """Whether the claim's hypotheses state ``p`` a probability vector, as written:
    ``min p ≥ 0`` (or ``> 0``) and ``⟨p, 1⟩ = 1`` (or ``Σ p = 1``, either side)."""
    nonneg = total = False
    for h in claim.hypotheses:
        lhs, rhs = unwrap(h.lhs), unwrap(h.rhs)
        if h.rel in (Relation.GE, Relation.GT) and rhs == 0 and \
                isinstance(lhs, ob.MinEntry) and lhs.args[0] == p:
            nonneg = True
        if h.rel is Relation.EQ:
            for a, c in ((lhs, rhs), (rhs, lhs)):
                if c == 1 and ((isinstance(a, ob.SumEntries) and a.args[0] == p) or (
                        isinstance(a, ob.Inner) and p in a.args and
                        _ones(a.args[1] if a.args[0] == p else a.args[0], _length(p)))):
                    total = True
    return nonneg and total


class SchemaStage:
    """Proves claims that are exact instances of a lemma schema (module docstring)."""

    name = "schemas"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        """None for a non-strict scalar inequality over vectors or matrices."""
        if claim.rel in (Relation.EQ, Relation.PSD_LE):
            return "equality or Loewner order (schemas are inequalities)"
        if claim.rel.strict:
            return "strict relation (every schema can hold with equality)"
        if not any(isinstance(s, sp.MatrixSymbol) for s in claim.symbols):
            return "no vector or matrix symbols"
        return None

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """``proved`` naming the schema, or ``unknown`` (no schema matches)."""
        if self.applies(claim) is not None:
            return None
        t0 = time.perf_counter()
        name = match(claim)
        if name is None:
            return Verdict(Status.UNKNOWN, method="lemma schemas", rigorous=False,
                           message=f"not an instance of any of {len(SCHEMAS)} lemma schemas",
                           seed=seed, seconds=time.perf_counter() - t0)
        entry = SCHEMAS[name][1] if name in SCHEMAS else "probability-variance"
        return Verdict(Status.PROVED, method=f"lemma schema {name}", rigorous=True,
                       message=f"an instance of the schema {name} of the library entry {entry}, "
                               "which holds for every size",
                       seed=seed, precision="exact", seconds=time.perf_counter() - t0,
                       details={"schema": name, "relies_on": [entry]})


STAGE = SchemaStage()
