"""Factorwise: a product bounded by a product, one factor at a time.

``l₁ ⋯ l_k ≤ g₁ ⋯ g_k`` follows from ``0 ≤ l_i`` and ``l_i ≤ g_i`` for every i (then
``g_i ≥ 0`` too, and the products compare one factor at a time). This is how a referee reads
``|α − α'|/(α α') ≤ e^{2R²}|α − α'|``: ``1/α ≤ e^{R²}`` and ``1/α' ≤ e^{R²}`` (each from
``α ≥ e^{−R²}``), or ``|Δ(1/α)|·‖u‖₂ ≤ (2nRe^{3R²}‖x − y‖₂)·(√n e^{R²})``: the cited lemma bounds
the first factor, a fact the second. z3 gives up on the product of two bounds (nonlinear
over 40 atoms); each factor's bound is a small problem.

The right side is split into powers ``base^k`` of rational k, with ``exp(k·a) = exp(a)^k``
(:func:`powers`). A factor of the left side that a hypothesis or premise bounds (``l_i ≤ p``
with every power of ``p`` held by the right side) gets ``p``; the others share what is left,
each in turn trying one unit of it (a first power, or what is left of a base when less), the
last taking the rest with the number. What is left when every factor of the left side has its
bound is bounded below by 1, as a factor ``1`` of the left side. The grouping is checked to
share out the right side exactly and to multiply back to both sides before any part is
proved; a part is proved with the premises that speak of it.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar
    >>> a, b, R = scalar("a", positive=True), scalar("b", positive=True), scalar("R")
    >>> c = Claim("t:extra-1", 1 / (a * b), "<=", sp.exp(2 * R**2),
    ...           (Prop(a, ">=", sp.exp(-R**2)), Prop(b, ">=", sp.exp(-R**2))))
    >>> [(str(l), str(g)) for l, g in grouping(c, [[(0, 1)], [(0, 1)]]).parts]
    [('1/a', 'exp(R**2)'), ('1/b', 'exp(R**2)')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import sympy as sp

from numeric.prover.engine import Outcome
from symbolic import objects as ob
from symbolic.claim import Claim, Prop
from symbolic.relation import Relation

#: the most factors a side may have (after exp(k·a) is split into k factors)
MAX_FACTORS = 8
#: the most part proofs one claim may try
MAX_TRIES = 24


#: one factor of a group: (index of a base of the right side, its exponent in the group), or
#: (:data:`NUMBER`, a positive rational number the group takes of the right side's number)
Unit = tuple[int, sp.Rational]
#: the index of a group's number
NUMBER = -1


@dataclass(frozen=True)
class Grouping:
    """The left side's factors and the group of right-side powers each is bounded by:
    ``parts[i] = (l_i, g_i)`` with ``Π l_i = lhs`` and ``Π g_i = rhs``."""

    parts: tuple[tuple[sp.Expr, sp.Expr], ...]
    groups: tuple[tuple[Unit, ...], ...]


def powers(e: sp.Expr) -> tuple[sp.Expr, list[tuple[sp.Expr, sp.Rational]]]:
    """``e`` as a number times powers ``base^k`` (rational k), in a fixed order; ``exp(k·a)``
    is ``exp(a)^k``.

    >>> R, n = sp.symbols("R n", positive=True)
    >>> powers(6 * n**sp.Rational(3, 2) * sp.exp(3 * R**2))
    (6, [(n, 3/2), (exp(R**2), 3)])
    """
    coeff, out = sp.S.One, {}
    for f in sp.Mul.make_args(sp.sympify(e)):
        if f.is_number:
            coeff *= f
            continue
        base, k = f.as_base_exp()
        if isinstance(f, sp.exp):
            k, arg = f.args[0].as_coeff_Mul()
            base = sp.exp(arg)
        if not k.is_Rational:
            base, k = f, sp.S.One
        out[base] = out.get(base, sp.S.Zero) + k
    items = sorted(((b, k) for b, k in out.items() if k != 0),
                   key=lambda bk: sp.default_sort_key(bk[0]))
    return coeff, items


def units(items: list[tuple[sp.Expr, sp.Rational]]) -> list[tuple[sp.Expr, sp.Rational]]:
    """Each power split into units: an integer power into that many first powers, any other
    power whole.

    >>> R = sp.Symbol("R")
    >>> units([(R, sp.Integer(2)), (sp.Symbol("n"), sp.Rational(1, 2))])
    [(R, 1), (R, 1), (n, 1/2)]
    """
    out = []
    for b, k in items:
        if k.is_Integer and k > 0:
            out += [(b, sp.S.One)] * int(k)
        else:
            out.append((b, k))
    return out


def _oriented(claim: Claim) -> tuple[sp.Expr, sp.Expr]:
    """``(smaller, larger)`` side of a ``≤`` or ``≥`` claim."""
    return (claim.lhs, claim.rhs) if claim.rel is Relation.LE else (claim.rhs, claim.lhs)


def factors(claim: Claim) -> tuple[list[sp.Expr], sp.Expr, list[tuple[sp.Expr, sp.Rational]]
                                   ] | None:
    """``(left factors, right number / left number, right powers)`` of ``claim`` as
    ``lhs ≤ rhs`` (a ``≥`` read from the right), or None when it is not a product bounded by
    a product: the left number must be positive (it divides the right one)."""
    if claim.rel not in (Relation.LE, Relation.GE):
        return None
    lhs, rhs = _oriented(claim)
    if ob.is_matrix(lhs) or ob.is_matrix(rhs):
        return None
    lc, left = powers(lhs)
    rc, right = powers(rhs)
    if not (lc.is_number and lc.is_positive) or not rc.is_number:
        return None
    lf = [b**k for b, k in units(left)]
    if not lf or len(lf) > MAX_FACTORS or len(units(right)) > MAX_FACTORS:
        return None
    return lf, rc / lc, right


def grouping(claim: Claim, groups: Sequence[Sequence[Unit]]) -> Grouping | None:
    """The :class:`Grouping` of ``claim`` whose i-th left factor gets the powers and the
    number of ``groups[i]`` (a group past the left factors bounds a factor 1); the last
    group's number is what the others leave of the right side's. None unless the groups
    share out every power of the right side exactly and the parts multiply back to both
    sides."""
    got = factors(claim)
    if got is None:
        return None
    lf, number, right = got
    if not len(lf) <= len(groups) <= len(lf) + 1:
        return None
    total = [sp.S.Zero] * len(right)
    numbers = []
    for g in groups:
        share = sp.S.One
        for j, k in g:
            if j == NUMBER and k.is_Rational and k > 0:
                share *= k
            elif 0 <= j < len(right):
                total[j] += k
            else:
                return None
        numbers.append(share)
    if total != [k for _, k in right]:
        return None
    numbers[-1] = number / sp.Mul(*numbers[:-1]) if len(numbers) > 1 else number
    left = [*lf, sp.S.One][:len(groups)]
    parts = []
    for f, g, c in zip(left, groups, numbers, strict=True):
        parts.append((f, c * sp.Mul(*[right[j][0] ** k for j, k in g if j != NUMBER])))
    lhs, rhs = _oriented(claim)
    scale = powers(lhs)[0]
    if not (_equal(sp.Mul(*[f for f, _ in parts]) * scale, lhs)
            and _equal(sp.Mul(*[g for _, g in parts]) * scale, rhs)):
        return None
    return Grouping(tuple(parts), tuple(tuple(g) for g in groups))


def _equal(a: sp.Expr, b: sp.Expr) -> bool:
    """``a = b`` as expressions (exp powers combined), exactly."""
    try:
        return sp.expand(sp.powsimp(a - b)) == 0 or sp.simplify(a - b) == 0
    except (TypeError, ValueError, AttributeError, RecursionError):
        return False


def _bound_of(factor: sp.Expr, props: Sequence[Prop]) -> sp.Expr | None:
    """The upper bound a hypothesis or premise gives ``factor`` (``factor ≤ p``), if any."""
    for p in props:
        if p.rel in (Relation.LE, Relation.LT) and sp.sympify(p.lhs) == factor:
            return sp.sympify(p.rhs)
        if p.rel in (Relation.GE, Relation.GT) and sp.sympify(p.rhs) == factor:
            return sp.sympify(p.lhs)
    return None


def _take(pool: list[sp.Rational], j: int, k: sp.Rational) -> bool:
    """Take exponent ``k`` of base ``j`` from ``pool`` if it holds that much (same sign)."""
    have = pool[j]
    if k == 0 or (have > 0) != (k > 0) or abs(have) < abs(k):
        return False
    pool[j] = have - k
    return True


def candidates(claim: Claim, extra: Sequence[Prop] = ()) -> list[list[list[Unit]]]:
    """Groupings to try, most likely first: the bounded factors' groups from the hypotheses
    and premises, a factor both sides share by itself, the others' from the powers left
    (the same base first), one unit at a time (a first power, or what is left of a base when
    less), the last taking the rest."""
    got = factors(claim)
    if got is None:
        return []
    lf, _, right = got
    bases = [b for b, _ in right]
    pool = [k for _, k in right]
    groups: list[list[Unit] | None] = [None] * len(lf)
    for i, f in enumerate(lf):
        bound = _bound_of(f, [*claim.hypotheses, *extra])
        if bound is None:
            continue
        c, items = powers(bound)
        if not (c.is_Rational and c > 0):
            continue
        trial, take = [*pool], [] if c == 1 else [(NUMBER, c)]
        for b, k in items:
            if b not in bases or not _take(trial, bases.index(b), k):
                break
            take.append((bases.index(b), k))
        else:
            groups[i], pool = take, trial
    for i, f in enumerate(lf):  # a factor both sides share bounds itself
        b, k = f.as_base_exp()
        if groups[i] is None and b in bases and not isinstance(f, sp.exp):
            trial = [*pool]
            if _take(trial, bases.index(b), k):
                groups[i], pool = [(bases.index(b), k)], trial
    rest = [i for i, g in enumerate(groups) if g is None]
    left = [(j, k) for j, k in enumerate(pool) if k != 0]
    if not rest:  # every factor bounded: what is left bounds a factor 1
        done = [g or [] for g in groups]
        return [done + [left] if left else done]
    out: list[list[list[Unit]]] = []

    def assign(r: int, assigned: list[list[Unit] | None], have: list[sp.Rational]) -> None:
        if len(out) >= MAX_TRIES:
            return
        i = rest[r]
        if r == len(rest) - 1:
            done = [*assigned]
            done[i] = [(j, k) for j, k in enumerate(have) if k != 0]
            out.append([g or [] for g in done])
            return
        base = lf[i].as_base_exp()[0]
        for j in sorted((j for j, k in enumerate(have) if k != 0),
                        key=lambda j: bases[j] != base):
            k = have[j]
            unit = sp.sign(k) * min(abs(k), sp.S.One)
            trial = [*have]
            trial[j] -= unit
            done = [*assigned]
            done[i] = [(j, unit)]
            assign(r + 1, done, trial)

    assign(0, groups, pool)
    return out


def prove_factorwise(claim: Claim, prove_part: Callable[[Claim, Sequence[Prop]], Outcome],
                     prove_sign: Callable[[Claim, Sequence[Prop]], Outcome],
                     extra: Sequence[Prop] = ()) -> Outcome:
    """A proof of ``claim`` from proofs that each left factor is non-negative
    (``prove_sign``, for a claim ``… ≥ 0`` or ``… > 0``) and bounded by its group
    (``prove_part``; :func:`part_claims`), each given the premises of ``extra`` that speak
    of it (:func:`relevant`), for the first grouping of :func:`candidates` whose
    parts all prove: route ``"factorwise"``, ``parts`` the ``(factor, k, outcome)`` of the
    k-th part claim of each factor, ``groups`` the grouping."""
    tries = 0
    signs: dict[sp.Expr, Outcome] = {}
    for groups in candidates(claim, extra):
        g = grouping(claim, groups)
        if g is None:
            continue
        parts: list[tuple[int, int, Outcome]] = []
        for i, (l, bound) in enumerate(g.parts):
            for k, sub in enumerate(part_claims(claim, l, bound)):
                if k == 0 and sub.lhs in signs:
                    out = signs[sub.lhs]
                else:
                    tries += 1
                    out = (prove_sign if sub.rhs == 0 else prove_part)(sub, relevant(sub, extra))
                    if k == 0:
                        signs[sub.lhs] = out
                if not out.proved:
                    break
                parts.append((i, k, out))
            else:
                continue
            break
        else:
            return combined(parts, g.groups)
        if tries > MAX_TRIES:
            break
    return Outcome(False, "factorwise: no grouping of the right side's factors bounds each "
                          "factor of the left side")


def relevant(claim: Claim, extra: Sequence[Prop]) -> tuple[Prop, ...]:
    """The premises that speak of ``claim``: those whose smaller side occurs in it (the others
    only add atoms and facts to its blackboard)."""
    sides = [sp.sympify(claim.lhs), sp.sympify(claim.rhs)]
    out = []
    for p in extra:
        small = sp.sympify(p.lhs if p.rel in (Relation.LE, Relation.LT) else p.rhs)
        if any(s.has(small) for s in sides):
            out.append(p)
    return tuple(out)


def part_claims(claim: Claim, factor: sp.Expr, bound: sp.Expr) -> list[Claim]:
    """What shows ``0 ≤ factor ≤ bound``: ``factor ≥ 0`` and ``factor ≤ bound``; for a
    reciprocal ``b^k`` (k < 0), ``b > 0``, ``bound > 0`` and ``b^{−k} ≥ 1/bound`` (the form
    the library bounds: ``α ≥ e^{−R²}`` rather than ``1/α ≤ e^{R²}``)."""
    base, k = factor.as_base_exp()
    if k.is_negative:
        return [claim.with_(lhs=base, rel=Relation.GT, rhs=sp.S.Zero),
                claim.with_(lhs=bound, rel=Relation.GT, rhs=sp.S.Zero),
                claim.with_(lhs=base ** (-k), rel=Relation.GE, rhs=1 / bound)]
    return [claim.with_(lhs=factor, rel=Relation.GE, rhs=sp.S.Zero),
            claim.with_(lhs=factor, rel=Relation.LE, rhs=bound)]


def combined(parts: list[tuple[int, int, Outcome]], groups: tuple[tuple[Unit, ...], ...]
             ) -> Outcome:
    """The factorwise proof made of the proved ``parts`` of the grouping ``groups``."""
    return Outcome(True, relies_on=sorted({e for _, _, o in parts for e in o.relies_on}),
                   atoms=max(o.atoms for _, _, o in parts),
                   facts=sum(o.facts for _, _, o in parts), route="factorwise", parts=parts,
                   groups=groups)
