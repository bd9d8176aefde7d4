"""Mutation testing of the checker: derive wrong formulas from the encoded ones, check each.

Every claim of a paper (statements and proof steps) yields mutants: sign flips, dropped or
extra factors (``2``, ``R``, ``sqrt(n)``, ``n``), exponent changes (``exp(2R^2) -> exp(R^2)``,
``n^1.5 -> n``), transposes added or removed, swapped indices and symbols, norms swapped
(``l2 <-> l_inf``, spectral ``<-> `` Frobenius), relations flipped or made strict, and
constants changed (``0.01 -> 0.1``). Each mutant is checked with the ordinary runner
(:func:`proofs.runner.check_claim`) and classified against the original's verdict:

* ``killed``: the verdict class differs (a true original whose mutant is refuted, or a false
  original whose mutant holds);
* ``equivalent``: the mutant has the original's truth value, shown by the exact stage (the
  mutated side is identical to the original side), by a confirmed witness (a false original
  whose mutant is refuted as well), or because the original implies it (the mutated side is
  provably, or by the checks' evidence, on the safe side of the original one);
* ``survived``: none of the above (the mutant's verdict is listed with it);
* ``error``: the check of the mutant broke; ``invalid``: the mutant is ill-formed (shapes).

A mutant is a :class:`~symbolic.Claim` with the original's id (ids are validated against the
contract); its label ``<id>~<operator>-<k>`` is carried separately.

Example:
    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> x = vector("x", n)
    >>> c = Claim("t:extra-1", norminf(x), "<=", norm2(x), dims={"n": (1, 4)})
    >>> ms = mutants(c)
    >>> sorted({m.operator for m in ms})
    ['extra', 'neg', 'norm', 'relation']
    >>> [str(m.claim.prop) for m in ms if m.operator == "norm"]
    ['Norm2(x) <= Norm2(x)', 'NormInf(x) <= NormInf(x)']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
import sympy as sp
from sympy.core.symbol import Str

from numeric.budget import Budget
from numeric.stages.exact import check_identity
from proofs.executors import Executor, LocalExecutor
from proofs.model import Lemma
from proofs.model.annotation import PLAIN, Annotation
from proofs.runner import check_claim
from symbolic import objects as ob
from symbolic.claim import Claim, Prop
from symbolic.formatting import clip, expression, numbers_in, one_line
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict
from symbolic.vocabulary import NORM, having
from symbolic.vocabulary import OPERATORS as DECLARED

OPERATORS = ("neg", "drop", "extra", "exponent", "transpose", "swap", "norm", "relation",
             "constant")
HOLDS = (Status.PROVED, Status.SUPPORTED)
#: each declared operator's mutation partner (‖·‖₂ ↔ ‖·‖∞, ‖·‖ ↔ ‖·‖_F)
_NORM_SWAP = {**{cls: DECLARED[cls.swap] for cls in DECLARED.values() if cls.swap},
              **{DECLARED[cls.swap]: cls for cls in DECLARED.values() if cls.swap}}
_FLIP = {Relation.LE: Relation.GE, Relation.GE: Relation.LE, Relation.LT: Relation.GT,
         Relation.GT: Relation.LT}
_STRICT = {Relation.LE: Relation.LT, Relation.GE: Relation.GT}
_LEAVES = (sp.Symbol, sp.MatrixSymbol, sp.Number, sp.NumberSymbol, Str, sp.OneMatrix,
           sp.ZeroMatrix, sp.Identity)


@dataclass
class Mutant:
    """One mutated claim: ``label`` is ``<original id>~<operator>-<k>``.

    ``description`` may be given as a function that builds it: printing the changed nodes of
    every mutant of a pool cost more than building the pool, and only the chosen are shown."""

    label: str
    operator: str
    where: str
    _description: str | Callable[[], str]
    claim: Claim
    original: Claim

    @property
    def description(self) -> str:
        """``where: what changed``, built on first use."""
        if callable(self._description):
            self._description = self._description()
        return self._description


@dataclass
class Outcome:
    """A checked mutant and its classification."""

    mutant: Mutant
    verdict: Verdict | None
    outcome: str  # killed | survived | equivalent | error | invalid
    reason: str = ""
    rigorous: bool = False

    def to_json(self) -> dict[str, Any]:
        m, v = self.mutant, self.verdict
        return {"label": m.label, "id": m.original.id, "operator": m.operator, "where": m.where,
                "description": m.description, "mutant": expression(m.claim.prop),
                "status": v.status.value if v else None, "method": v.method if v else None,
                "outcome": self.outcome, "reason": self.reason, "rigorous": self.rigorous,
                "witness": v.witness if v and v.status is Status.REFUTED else None,
                "seconds": round(v.seconds, 3) if v else 0.0}


@dataclass
class Report:
    """Originals' verdicts and every mutant's outcome for one run."""

    target: str
    budget: str
    seed: int
    originals: dict[str, Verdict] = field(default_factory=dict)
    expectations: dict[str, str | None] = field(default_factory=dict)
    outcomes: list[Outcome] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    sampling: dict[str, Any] = field(default_factory=dict)
    wall_seconds: float = 0.0

    def counts(self) -> dict[str, int]:
        """Number of mutants per outcome."""
        out = dict.fromkeys(("killed", "survived", "equivalent", "error", "invalid"), 0)
        for o in self.outcomes:
            out[o.outcome] += 1
        return out

    @property
    def kill_rate(self) -> float | None:
        """Killed / (killed + survived + error): equivalent and invalid mutants excluded."""
        c = self.counts()
        den = c["killed"] + c["survived"] + c["error"]
        return None if den == 0 else c["killed"] / den

    def false_refutations(self) -> list[str]:
        """Unmutated claims expected to hold that the checks refuted."""
        return [i for i, v in self.originals.items()
                if v.status is Status.REFUTED and self.expectations.get(i) != "refuted"]

    def summary(self) -> str:
        """A few lines for the terminal."""
        c = self.counts()
        rate = self.kill_rate
        lines = [f"mutation testing of {self.target} (budget {self.budget}, seed {self.seed}): "
                 f"{len(self.originals)} claims, {len(self.outcomes)} mutants"
                 + (f" (chosen {self.sampling['chosen']} of {self.sampling['pool']})"
                    if self.sampling.get("chosen", 0) < self.sampling.get("pool", 0) else ""),
                 "  " + ", ".join(f"{k} {v}" for k, v in c.items()),
                 "  kill rate (non-equivalent): "
                 + ("n/a" if rate is None else f"{100 * rate:.1f}%"),
                 f"  false refutations of unmutated claims: {len(self.false_refutations())}"]
        for cid, why in self.skipped.items():
            lines.append(f"  not mutated: {cid} ({why})")
        for o in self.outcomes:
            if o.outcome in ("survived", "error"):
                st = o.verdict.status.value if o.verdict else "-"
                lines.append(f"  {o.outcome.upper()} {o.mutant.label} [{st}]: "
                             f"{o.mutant.description}")
                if o.outcome == "error":
                    why = (o.reason or (o.verdict.message if o.verdict else "")).strip()
                    lines.append(f"    reason: {one_line(numbers_in(why)) if why else '(none)'}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON (``schema_version`` 1)."""
        rate = self.kill_rate
        from proofs.store.provenance import versions

        return {
            "schema_version": 1, "target": self.target, "budget": self.budget, "seed": self.seed,
            "versions": versions(), "sampling": self.sampling,
            "wall_seconds": round(self.wall_seconds, 1),
            "summary": {**self.counts(), "mutants": len(self.outcomes),
                        "kill_rate": None if rate is None else round(rate, 4),
                        "false_refutations": self.false_refutations()},
            "originals": [{"id": i, "status": v.status.value, "method": v.method,
                           "expected": self.expectations.get(i),
                           "seconds": round(v.seconds, 3)} for i, v in self.originals.items()],
            "not_mutated": self.skipped,
            "mutants": [o.to_json() for o in self.outcomes],
        }


# --------------------------------------------------------------------------------------------
# expression trees
# --------------------------------------------------------------------------------------------


def _children(e: sp.Basic) -> list[int]:
    """Argument positions a mutation may descend into (not names, shapes or indices)."""
    if isinstance(e, _LEAVES):
        return []
    if isinstance(e, (ob.NamedMatrix, ob.NamedScalar)):
        return [1]
    if isinstance(e, (ob.Column, ob.Entry, ob.RowBlock, ob.Vec, ob.Unvec, ob.Deriv,
                      ob.ScalarDeriv)):
        return [0]
    if isinstance(e, sp.Pow) and e.exp.is_Number:
        return [0]
    return list(range(len(e.args)))


def walk(e: sp.Basic, path: tuple[int, ...] = (), parent: sp.Basic | None = None
         ) -> Iterator[tuple[tuple[int, ...], sp.Basic, sp.Basic | None]]:
    """Preorder ``(path, node, parent)`` over the mutable positions of ``e``.

    >>> x = sp.Symbol("x")
    >>> [str(n) for _, n, _ in walk(sp.exp(2 * x))]
    ['exp(2*x)', '2*x', '2', 'x']
    """
    yield path, e, parent
    for i in _children(e):
        yield from walk(e.args[i], (*path, i), e)


def replace_at(e: sp.Basic, path: tuple[int, ...], new: sp.Basic) -> sp.Basic:
    """``e`` with the node at ``path`` replaced by ``new`` (ancestors rebuilt).

    >>> x = sp.Symbol("x")
    >>> replace_at(sp.exp(2 * x), (0, 0), sp.Integer(1))
    exp(x)
    """
    if not path:
        return new
    args = list(e.args)
    args[path[0]] = replace_at(args[path[0]], path[1:], new)
    return e.func(*args)


def _describe(node: sp.Basic, new: sp.Basic, what: str | Callable[[], str]
              ) -> Callable[[], str]:
    """A deferred ``node -> new (what)`` (see :class:`Mutant`)."""
    return lambda: (f"{_short(node, 40)} -> {_short(new, 40)} "
                    f"({what() if callable(what) else what})")


def _short(e: Any, width: int = 60) -> str:
    """``e`` as readable mathematics (:func:`symbolic.formatting.expression`), cut to
    ``width`` characters (:func:`symbolic.formatting.clip`).

    >>> from symbolic import scalar
    >>> _short(2 * scalar("R") ** 2), _short(sp.exp(scalar("x")) + scalar("x") ** 3, 8)
    ('2R²', 'x³ + …')
    """
    return clip(expression(e), width)


# --------------------------------------------------------------------------------------------
# mutation operators: each yields (where-in-node, replacement) for one node
# --------------------------------------------------------------------------------------------

Edit = tuple[sp.Basic, str]


def _operator(cls: type) -> str:
    """A declared operator by its notation (``‖·‖₂``), never its class name.

    >>> from symbolic.objects import Norm2
    >>> _operator(Norm2)
    '‖·‖₂'
    """
    form = getattr(cls, "unicode_form", "")
    if form:
        return form.format(*["·"] * form.count("{"))
    for arg in (sp.Symbol("·"), sp.MatrixSymbol("·", 2, 2)):
        try:
            return expression(cls(arg))
        except Exception:  # not an operator on this kind of argument
            continue
    return "an operator"


def _neg(node: sp.Basic, parent: sp.Basic | None, ctx: dict) -> Iterator[Edit]:
    if node.is_Number and node.is_zero:
        return
    if parent is None or isinstance(parent, (sp.Add, sp.MatAdd, sp.exp, ob.ElemExp)):
        if isinstance(node, sp.Mul) and node.args[0] == -1:
            return  # a negated term: its sign flip is the 'drop' of the factor -1
        yield -node, "sign flipped"


def _drop(node: sp.Basic, parent: sp.Basic | None, ctx: dict) -> Iterator[Edit]:
    if isinstance(node, sp.MatMul):
        scalars = [i for i, a in enumerate(node.args) if not ob.is_matrix(a)]
        for i in scalars:
            rest = [a for k, a in enumerate(node.args) if k != i]
            yield (sp.MatMul(*rest) if len(rest) > 1 else rest[0],
                   lambda a=node.args[i]: f"factor {_short(a, 30)} dropped")
    elif isinstance(node, sp.Mul) and len(node.args) >= 2:
        for i, a in enumerate(node.args):
            rest = [b for k, b in enumerate(node.args) if k != i]
            yield sp.Mul(*rest), ((lambda a=a: f"factor {_short(a, 30)} dropped") if a != -1
                                  else "sign flipped (factor -1 dropped)")


def _extra(node: sp.Basic, parent: sp.Basic | None, ctx: dict) -> Iterator[Edit]:
    if parent is not None:  # whole sides only (the terms of a sum: see 'drop' and 'neg')
        return
    if node.is_Number and node.is_zero:
        return
    for f in ctx["factors"]:
        yield f * node, f"extra factor {expression(f)}"


def _exponent(node: sp.Basic, parent: sp.Basic | None, ctx: dict) -> Iterator[Edit]:
    if isinstance(node, sp.Pow) and node.exp.is_Number:
        k = node.exp
        new = {k - 1, k + 1}
        if not k.is_Integer:
            new |= {sp.floor(k), sp.ceiling(k)}
        for k2 in sorted(new - {k, sp.Integer(0)}, key=float):
            yield sp.Pow(node.base, k2), f"exponent {expression(k)} -> {expression(k2)}"
    if isinstance(node, sp.exp):
        a = node.args[0]
        yield sp.exp(2 * a), "exponent doubled"
        yield sp.exp(a / 2), "exponent halved"


def _transpose(node: sp.Basic, parent: sp.Basic | None, ctx: dict) -> Iterator[Edit]:
    if isinstance(node, sp.Transpose):
        yield node.args[0], "transpose removed"
    elif isinstance(node, sp.MatrixSymbol) and not isinstance(parent, sp.Transpose):
        r, c = node.shape
        if c != 1 and r != 1 and _same_size(r, c):
            yield node.T, "transposed"


def _swap(node: sp.Basic, parent: sp.Basic | None, ctx: dict) -> Iterator[Edit]:
    if isinstance(node, ob.Entry) and node.args[1] != node.args[2]:
        m, i, j = node.args
        if m.shape[1] != 1:
            yield ob.Entry(m, j, i), "indices swapped"
    if isinstance(node, (ob.Column, ob.Entry, ob.Deriv, ob.ScalarDeriv)):
        for pos in range(1, len(node.args)):
            idx = node.args[pos]
            for other in ctx["indices"]:
                if isinstance(idx, sp.Symbol) and other != idx:
                    args = list(node.args)
                    args[pos] = other
                    yield node.func(*args), f"index {expression(idx)} -> {expression(other)}"
    if isinstance(node, (sp.Symbol, sp.MatrixSymbol)) and node not in ctx["indices"]:
        for other in ctx["symbols"]:
            if other != node and _same_kind(node, other):
                yield other, f"symbol {expression(node)} -> {expression(other)}"


@lru_cache(maxsize=4096)
def _same_size(s: sp.Basic, t: sp.Basic) -> bool:
    """Whether two dimension expressions (polynomials in ``n``, ``d``) are equal: ``expand``
    decides it exactly, and the answers are cached (``simplify`` here cost 18-43 s per pool).

    >>> from symbolic.objects import n, d
    >>> _same_size(n * (d + 1), n * d + n), _same_size(n, d)
    (True, False)
    """
    return sp.expand(sp.sympify(s) - sp.sympify(t)) == 0


def _same_kind(a: sp.Basic, b: sp.Basic) -> bool:
    if isinstance(a, sp.MatrixSymbol) and isinstance(b, sp.MatrixSymbol):
        return all(_same_size(s, t) for s, t in zip(a.shape, b.shape))
    return (isinstance(a, sp.Symbol) and isinstance(b, sp.Symbol)
            and not isinstance(a, sp.Dummy) and not isinstance(b, sp.Dummy))


def _norm(node: sp.Basic, parent: sp.Basic | None, ctx: dict) -> Iterator[Edit]:
    for cls, other in _NORM_SWAP.items():
        if type(node) is cls:
            yield other(*node.args), f"{_operator(cls)} -> {_operator(other)}"


def _constant(node: sp.Basic, parent: sp.Basic | None, ctx: dict) -> Iterator[Edit]:
    if not node.is_Number or node in (1, -1, 0) or isinstance(parent, sp.Pow):
        return
    for f, what in ((2, "x2"), (sp.Rational(1, 2), "/2"), (10, "x10"), (sp.Rational(1, 10),
                                                                          "/10")):
        yield node * f, f"constant {expression(node)} -> {expression(node * f)} ({what})"


_OPS: dict[str, Callable[[sp.Basic, sp.Basic | None, dict], Iterator[Edit]]] = {
    "neg": _neg, "drop": _drop, "extra": _extra, "exponent": _exponent,
    "transpose": _transpose, "swap": _swap, "norm": _norm, "constant": _constant,
}
#: operators applied inside hypotheses (plus relation flips)
HYPOTHESIS_OPS = ("constant", "norm", "exponent")


def _context(claim: Claim) -> dict:
    from numeric.layout import index_bounds

    indices = sorted(index_bounds(claim), key=str)
    symbols = sorted(claim.symbols - set(indices), key=str)
    scal = [s for s in symbols if isinstance(s, sp.Symbol)]
    factors: list[sp.Expr] = [sp.Integer(2)]
    factors += [s for s in scal if str(s) == "R"]
    dims = sorted(claim.dimension_symbols, key=lambda s: (str(s) != "n", str(s)))
    if dims:
        factors += [sp.sqrt(dims[0]), dims[0]]
    return {"indices": indices, "symbols": symbols, "factors": factors}


def _key(claim: Claim) -> tuple:
    return (claim.lhs, claim.rel, claim.rhs,
            tuple((h.lhs, h.rel, h.rhs) for h in claim.hypotheses))


def mutants(claim: Claim, operators: tuple[str, ...] = OPERATORS) -> list[Mutant]:
    """Every well-formed, distinct mutant of ``claim`` (statement sides, relation, hypotheses)."""
    ctx = _context(claim)
    seen = {_key(claim)}
    out: list[Mutant] = []

    def add(op: str, where: str, what: str | Callable[[], str], **changes: Any) -> None:
        try:
            m = claim.with_(**changes)
        except Exception:  # ill-formed (scalar vs matrix, shapes): Claim validates
            return
        k = _key(m)
        if k in seen:
            return
        seen.add(k)
        label = f"{claim.id}~{op}-{sum(1 for x in out if x.operator == op) + 1}"
        if callable(what):
            out.append(Mutant(label, op, where, lambda: f"{where}: {what()}", m, claim))
        else:
            out.append(Mutant(label, op, where, f"{where}: {what}", m, claim))

    for side in ("lhs", "rhs"):
        expr = getattr(claim, side)
        for path, node, parent in walk(expr):
            for op in operators:
                if op not in _OPS:
                    continue
                for new, what in _OPS[op](node, parent, ctx):
                    try:
                        mutated = replace_at(expr, path, new)
                    except Exception:  # SymPy rejects the rebuilt tree (scalar vs matrix)
                        continue
                    add(op, side, _describe(node, new, what), **{side: mutated})
    if "relation" in operators:
        rel = claim.rel
        if rel in _FLIP:
            add("relation", "relation", f"{rel.value} -> {_FLIP[rel].value}", rel=_FLIP[rel])
        if rel in _STRICT:
            add("relation", "relation", f"{rel.value} -> {_STRICT[rel].value} (strict)",
                rel=_STRICT[rel])
        if rel is Relation.PSD_LE:
            add("relation", "relation", "sides of ⪯ swapped", lhs=claim.rhs, rhs=claim.lhs)
    for k, h in enumerate(claim.hypotheses):
        where = f"hypothesis {k + 1}"

        def with_h(new_h: Prop, k: int = k) -> tuple[Prop, ...]:
            hs = list(claim.hypotheses)
            hs[k] = new_h
            return tuple(hs)

        for side in ("lhs", "rhs"):
            expr = getattr(h, side)
            for path, node, parent in walk(expr):
                for op in HYPOTHESIS_OPS:
                    if op not in operators:
                        continue
                    for new, what in _OPS[op](node, parent, ctx):
                        try:
                            nh = Prop(**{"lhs": h.lhs, "rel": h.rel, "rhs": h.rhs,
                                         side: replace_at(expr, path, new)})
                        except Exception:
                            continue
                        add(op, where, _describe(node, new, what), hypotheses=with_h(nh))
        if "relation" in operators and h.rel in _FLIP:
            add("relation", where, lambda h=h: f"{h.rel.value} -> {_FLIP[h.rel].value} in "
                                               f"{_short(h, 50)}",
                hypotheses=with_h(Prop(h.lhs, _FLIP[h.rel], h.rhs)))
    return out


# --------------------------------------------------------------------------------------------
# classification
# --------------------------------------------------------------------------------------------


def _changed_side(m: Mutant) -> str | None:
    o, c = m.original, m.claim
    if c.rel is not o.rel or c.hypotheses != o.hypotheses:
        return None
    if c.lhs != o.lhs and c.rhs == o.rhs:
        return "lhs"
    if c.rhs != o.rhs and c.lhs == o.lhs:
        return "rhs"
    return None


def _implied(m: Mutant, b: Budget, seed: int) -> tuple[bool, bool, str]:
    """Is the mutant implied by the (true) original? ``(implied, rigorous, reason)``.

    One side changed: ``lhs <= rhs`` implies ``lhs <= rhs'`` when ``rhs <= rhs'``, and
    ``lhs' <= rhs`` when ``lhs' <= lhs`` (mirror for ``>=``). The side comparison is checked
    as an equality by the exact stage, then as an inequality by the ordinary runner.
    """
    side = _changed_side(m)
    o = m.original
    if side is None:
        return False, False, ""
    old, new = getattr(o, side), getattr(m.claim, side)
    same = o.with_(lhs=new, rel=Relation.EQ, rhs=old)
    try:
        ex = check_identity(same, b, seed)
    except Exception:  # the exact stage cannot read it: fall through to the inequality
        ex = None
    if ex is not None and ex.status in HOLDS:
        rig = ex.status is Status.PROVED
        return True, rig, ("the exact stage proves the mutated side identical to the original"
                           + ("" if rig else " (exactly, on the grid of sizes)"))
    if o.rel is Relation.EQ or o.rel is Relation.PSD_LE:
        return False, False, ""
    # the mutated side must move to the safe side of the original relation
    upper = (side == "rhs") == (o.rel.direction < 0)
    rel = Relation.LE if upper else Relation.GE
    cmp_claim = o.with_(lhs=old, rel=rel, rhs=new)
    v = check_claim(cmp_claim, b, seed)
    if v.status in HOLDS:
        return True, v.status is Status.PROVED, (
            f"implied by the original: {expression(o.with_(lhs=old, rel=rel, rhs=new).prop)} "
            f"is {v.status.value} "
            f"({v.method})")
    return False, False, ""


_SIGN_FREE = (*having(NORM), ob.ElemAbs)


def _canon(e: sp.Basic) -> sp.Basic:
    """A canonical form modulo ``||-v|| = ||v||`` and ``|-v| = |v|`` (after ``doit``)."""
    try:
        e = ob.unwrap(e).doit()
    except Exception:  # a node SymPy cannot 'doit' (or rebuild, e.g. Max): compare as is
        try:
            e = ob.unwrap(e)
        except Exception:
            return e

    def fix(node: sp.Basic) -> sp.Basic:
        v = node.args[0]
        try:
            w = (-v).doit()
        except Exception:
            return node
        return node.func(min(v, w, key=sp.default_sort_key), *node.args[1:])

    try:
        return e.replace(lambda x: isinstance(x, _SIGN_FREE), fix)
    except Exception:  # SymPy cannot rebuild the tree: compare as is
        return e


def _canon_claim(c: Claim) -> tuple:
    hyps = sorted((sp.srepr(_canon(h.lhs)), h.rel.value, sp.srepr(_canon(h.rhs)))
                   for h in c.hypotheses)
    return (sp.srepr(_canon(c.lhs)), c.rel.value, sp.srepr(_canon(c.rhs)), tuple(hyps))


def _symmetric_domain(c: Claim, s: sp.Basic) -> bool:
    if isinstance(s, sp.Symbol) and (s.is_positive or s.is_nonnegative or s.is_negative
                                     or s.is_nonpositive):
        return False
    lo_hi = c.ranges.get(str(s))
    return lo_hi is None or float(lo_hi[0]) == -float(lo_hi[1])


def renaming(m: Mutant) -> str | None:
    """A change of variables mapping the mutant onto the original (``x -> -x`` or ``x <-> y``
    over a domain it preserves), or None. Such a mutant is the original in disguise.

    >>> from symbolic import Claim, vector, norm2, norminf, exp_, n
    >>> x = vector("x", n)
    >>> c = Claim("t:extra-1", norminf(exp_(x)), "<=", sp.exp(norm2(x)))
    >>> m = Mutant("l", "neg", "lhs", "", c.with_(lhs=norminf(exp_(-x))), c)
    >>> renaming(m)
    'x -> -x'
    """
    target = _canon_claim(m.original)
    syms = sorted(m.original.symbols, key=str)
    subs: list[tuple[str, dict]] = []
    for s in syms:
        if _symmetric_domain(m.original, s):
            subs.append((f"{s} -> -{s}", {s: -s}))
    for i, s in enumerate(syms):
        for t in syms[i + 1:]:
            if _same_kind(s, t) and type(s) is type(t) and s.assumptions0 == t.assumptions0 \
                    and m.original.ranges.get(str(s)) == m.original.ranges.get(str(t)):
                subs.append((f"{s} <-> {t}", {s: t, t: s}))
    c = m.claim
    for name, sub in subs:
        try:
            moved = Claim(c.id, c.lhs.xreplace(sub), c.rel, c.rhs.xreplace(sub),
                          hypotheses=tuple(Prop(h.lhs.xreplace(sub), h.rel, h.rhs.xreplace(sub))
                                           for h in c.hypotheses))
        except Exception:
            continue
        if _canon_claim(moved) == target:
            return name
    return None


def _trivial(c: Claim) -> bool:
    """``a <= a``, ``a >= a``, ``a = a`` (definitions unfolded)."""
    return (c.rel in (Relation.LE, Relation.GE, Relation.EQ, Relation.PSD_LE)
            and _canon(c.lhs) == _canon(c.rhs))


def _hypothesis_change(m: Mutant) -> int | None:
    o, c = m.original, m.claim
    if (c.lhs, c.rel, c.rhs) != (o.lhs, o.rel, o.rhs) or len(c.hypotheses) != len(
            o.hypotheses):
        return None
    diff = [k for k, (a, b) in enumerate(zip(o.hypotheses, c.hypotheses)) if a != b]
    return diff[0] if len(diff) == 1 else None


def _hypothesis_implied(m: Mutant, b: Budget, seed: int) -> tuple[bool, bool, str]:
    """A mutated hypothesis ``h'`` that implies the original ``h``, or one the claim does not
    need: either way the (true) original implies the mutant."""
    k = _hypothesis_change(m)
    if k is None:
        return False, False, ""
    o = m.original
    others = tuple(h for j, h in enumerate(o.hypotheses) if j != k)
    h, h2 = o.hypotheses[k], m.claim.hypotheses[k]
    if h.rel is not Relation.PSD_LE:
        v = check_claim(o.with_(lhs=h.lhs, rel=h.rel, rhs=h.rhs, hypotheses=(*others, h2)),
                        b, seed)
        if v.status in HOLDS:
            return True, v.status is Status.PROVED, (
                f"the mutated hypothesis implies the original one ({v.status.value})")
    v = check_claim(o.with_(hypotheses=others), b, seed)
    if v.status in HOLDS:
        return True, v.status is Status.PROVED, (
            f"the claim holds without hypothesis {k + 1} ({v.status.value})")
    return False, False, ""


def classify(m: Mutant, original: Verdict, v: Verdict, b: Budget, seed: int) -> Outcome:
    """Outcome of a checked mutant against the original's verdict."""
    if v.status is Status.ERROR:
        return Outcome(m, v, "error", v.message)
    if original.status in HOLDS:
        if v.status is Status.REFUTED:
            return Outcome(m, v, "killed", "refuted" + (" (rigorous)" if v.rigorous else ""),
                           v.rigorous)
        if v.status is Status.PROVED:
            return Outcome(m, v, "equivalent", f"the mutant is proved ({v.method})", True)
        if _trivial(m.claim):
            return Outcome(m, v, "equivalent", "both sides are the same expression", True)
        name = renaming(m)
        if name is not None:
            return Outcome(m, v, "equivalent", f"the original after the change of variables "
                           f"{name}", True)
        implied, rig, why = _implied(m, b, seed)
        if not implied:
            implied, rig, why = _hypothesis_implied(m, b, seed)
        if implied:
            return Outcome(m, v, "equivalent", why, rig)
        return Outcome(m, v, "survived", f"mutant {v.status.value}: {v.message}")
    # original refuted (a finding)
    if v.status is Status.REFUTED:
        return Outcome(m, v, "equivalent", "false like the original (witness confirmed)",
                       v.rigorous)
    if v.status in HOLDS:
        return Outcome(m, v, "killed", f"mutant {v.status.value}, the original is refuted",
                       v.status is Status.PROVED)
    return Outcome(m, v, "survived", f"mutant {v.status.value}: {v.message}")


def claims_of(entries: list[Lemma | Claim]) -> list[Claim]:
    """The claims of entries (statements and proof steps), in order, without duplicates."""
    return [c for c, _ in annotated_claims(entries)]


def annotated_claims(entries: list[Lemma | Claim]) -> list[tuple[Claim, Annotation]]:
    """The claims of entries with their annotations (a bare claim's is plain), in order,
    without duplicates."""
    out: list[tuple[Claim, Annotation]] = []
    seen: set[str] = set()
    for e in entries:
        for c, a in ([(e, PLAIN)] if isinstance(e, Claim) else e.annotated()):
            if c.id not in seen:
                seen.add(c.id)
                out.append((c, a))
    return out


def select(items: list[Mutant], limit: int | None, seed: int) -> list[Mutant]:
    """At most ``limit`` mutants, chosen reproducibly from ``seed``, in their original order.

    >>> select(list(range(10)), 3, 0) == select(list(range(10)), 3, 0)
    True
    """
    if limit is None or limit >= len(items):
        return list(items)
    rng = np.random.default_rng(seed)
    keep = sorted(rng.choice(len(items), size=max(limit, 0), replace=False).tolist())
    return [items[i] for i in keep]


def select_per_claim(items: list[Mutant], per_claim: int | None, seed: int) -> list[Mutant]:
    """At most ``per_claim`` mutants of each claim, spread over the operators: each claim's
    mutants are shuffled with ``seed`` and taken round-robin by operator (operators in a
    seeded order), so that a claim with a thousand constant mutants still gets its relation
    flips and sign flips. Original order is kept.

    >>> from symbolic import Claim, vector, norm2, norminf, n
    >>> x = vector("x", n)
    >>> ms = mutants(Claim("t:extra-1", norminf(x), "<=", norm2(x), dims={"n": (1, 4)}))
    >>> sorted({m.operator for m in select_per_claim(ms, 4, 0)})
    ['extra', 'neg', 'norm', 'relation']
    """
    if per_claim is None:
        return list(items)
    index = {id(m): k for k, m in enumerate(items)}
    by_claim: dict[str, list[Mutant]] = {}
    for m in items:
        by_claim.setdefault(m.original.id, []).append(m)
    keep: list[Mutant] = []
    for cid, ms in by_claim.items():
        # a per-claim generator: the choice for one claim does not depend on the others
        rng = np.random.default_rng([seed, *cid.encode()])
        by_op: dict[str, list[Mutant]] = {}
        for k in rng.permutation(len(ms)).tolist():
            by_op.setdefault(ms[k].operator, []).append(ms[k])
        ops = sorted(by_op)
        ops = [ops[k] for k in rng.permutation(len(ops)).tolist()]
        taken: list[Mutant] = []
        while len(taken) < per_claim and any(by_op.values()):
            for op in ops:
                if by_op[op] and len(taken) < per_claim:
                    taken.append(by_op[op].pop(0))
        keep += taken
    return sorted(keep, key=lambda m: index[id(m)])


def _original_job(job: tuple[Claim, Budget, int]) -> Verdict:
    """Verdict of an unmutated claim (a pure job for any executor)."""
    c, b, seed = job
    return check_claim(c, b, seed)


def _mutant_job(job: tuple[Mutant, Verdict, Budget, int]) -> Outcome:
    """Check and classify one mutant (a pure job for any executor); a check or classification
    that raises is an ``error`` outcome, never the end of the run."""
    m, orig, b, seed = job
    _ = m.description  # built here: the outcome travels back pickled, without the builder
    v = None
    try:
        v = check_claim(m.claim, b, seed)
        return classify(m, orig, v, b, seed)
    except Exception as exc:  # one broken mutant must not end the run
        return Outcome(m, v, "error", clip(f"{type(exc).__name__}: {exc}", 300))


def run(entries: list[Lemma | Claim], target: str, budget: str = "quick", seed: int = 0,
        limit: int | None = None, operators: tuple[str, ...] = OPERATORS,
        progress: Callable[[str], None] | None = None,
        per_claim: int | None = None,
        checkpoint: Callable[[Report], None] | None = None,
        executor: Executor | None = None) -> Report:
    """Check every claim of ``entries`` and its mutants: at most ``per_claim`` per claim
    (:func:`select_per_claim`), then at most ``limit`` in all (:func:`select`).

    Originals and mutants are pure jobs run by ``executor`` (default: this process); the
    outcomes do not depend on it. ``checkpoint(report)`` is called after each batch of
    mutants (after each one in this process), so a long run keeps its partial results."""
    b = Budget.get(budget)
    ex = executor if executor is not None else LocalExecutor(1)
    report = Report(target, budget, seed)
    t_start = time.perf_counter()
    pairs = annotated_claims(entries)
    claims = [c for c, _ in pairs]
    pinned = {c.id: a.expect for c, a in pairs}
    pool = [m for c in claims for m in mutants(c, operators)]
    chosen = select(select_per_claim(pool, per_claim, seed), limit, seed)
    report.sampling = {"claims": len(claims), "pool": len(pool), "per_claim": per_claim,
                       "limit": limit, "chosen": len(chosen), "operators": list(operators)}
    if progress:
        progress(f"{len(chosen)} of {len(pool)} mutants chosen "
                 f"({time.perf_counter() - t_start:.1f} s to build the pool)")
    sampled = limit is not None or per_claim is not None
    needed = {m.original.id for m in chosen} if sampled else {c.id for c in claims}
    originals = [c for c in claims if c.id in needed]
    if progress:
        progress(f"checking {len(originals)} original claims ({ex.describe()})")
    for c, v in zip(originals, ex.map(_original_job, [(c, b, seed) for c in originals])):
        report.originals[c.id] = v
        report.expectations[c.id] = pinned[c.id]
        if v.status not in HOLDS and v.status is not Status.REFUTED:
            report.skipped[c.id] = f"original is {v.status.value}"
    t0 = time.perf_counter()
    todo = [m for m in chosen if m.original.id not in report.skipped]
    batch = 1 if isinstance(ex, LocalExecutor) and ex.jobs <= 1 else max(8, 4 * _width(ex))
    for start in range(0, len(todo), batch):
        part = todo[start:start + batch]
        if progress:
            progress(f"[{start + len(part)}/{len(todo)}] {part[-1].label}: "
                     f"{part[-1].description}")
        jobs = [(m, report.originals[m.original.id], b, seed) for m in part]
        report.outcomes += ex.map(_mutant_job, jobs)
        report.wall_seconds = time.perf_counter() - t_start
        if checkpoint:
            checkpoint(report)
    report.wall_seconds = time.perf_counter() - t_start
    if progress:
        progress(f"{len(report.outcomes)} mutants in {time.perf_counter() - t0:.1f} s")
    return report


def _width(ex: Executor) -> int:
    """How many jobs ``ex`` runs at once (a guess for a remote cluster)."""
    if isinstance(ex, LocalExecutor):
        return ex.jobs
    try:
        info = ex.client.scheduler_info()  # type: ignore[attr-defined]
        return max(1, sum(w.get("nthreads", 1) for w in info["workers"].values()))
    except Exception:  # not a dask client, or the scheduler is busy
        return 8


def recheck(data: dict[str, Any], entries: list[Lemma | Claim],
            progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Re-check the survivors and errors of a finished run (its JSON ``data``) with the current
    checker, same budget and seed; their entries and the summary are updated in place, and the
    earlier outcome is kept under ``"earlier"``. ``entries`` must hold the mutated claims."""
    b = Budget.get(data["budget"])
    seed = data["seed"]
    originals = {o["id"]: o for o in data["originals"]}
    claims = {c.id: c for c in claims_of(entries)}
    for rec in data["mutants"]:
        if rec["outcome"] not in ("survived", "error"):
            continue
        c = claims.get(rec["id"])
        m = next((m for m in mutants(c, tuple(data["sampling"].get("operators", OPERATORS)))
                  if m.label == rec["label"]), None) if c is not None else None
        if m is None:
            continue
        if progress:
            progress(f"recheck {m.label}")
        orig = Verdict(Status(originals[rec["id"]]["status"]))
        v = None
        try:
            v = check_claim(m.claim, b, seed)
            out = classify(m, orig, v, b, seed)
        except Exception as exc:  # as in run(): an error, never the end
            out = Outcome(m, v, "error", clip(f"{type(exc).__name__}: {exc}", 300))
        earlier = {k: rec[k] for k in ("outcome", "status", "reason")}
        rec.update(out.to_json())
        rec["earlier"] = earlier
    c = dict.fromkeys(("killed", "survived", "equivalent", "error", "invalid"), 0)
    for rec in data["mutants"]:
        c[rec["outcome"]] += 1
    den = c["killed"] + c["survived"] + c["error"]
    data["summary"].update(c, kill_rate=None if den == 0 else round(c["killed"] / den, 4))
    from proofs.store.provenance import versions

    data["rechecked_with"] = versions()
    return data

