"""Termwise: a sum bounded by a sum, one term at a time.

``l₁ + … + l_k ≤ r₁ + … + r_k`` follows from ``l_i ≤ r_σ(i)`` for a one-to-one pairing σ of
the terms. This is how a referee reads the step after a triangle inequality, "the results in
Part 1 and Part 2": each term of the left side has its own bound on the right. Each inequality
on its own is a small problem for the blackboard; their sum has every term's atoms and facts
at once, and z3 gives up on it (closeness's ``lemma-5.5:part-3:step-3``, 35 atoms, 120 facts).

:func:`prove_termwise` looks for the pairing term by term (the term in the same place first),
with at most ``k²`` proofs of parts; each part is a proof (z3 ``unsat`` over theorems), and the
pairing is checked to be one-to-one and to cover both sides, so the sum is proved. It decides
only ``≤`` and ``≥`` between sums of 2 to :data:`MAX_TERMS` terms, the same number on each side.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar
    >>> a, b, c = scalar("a"), scalar("b"), scalar("c")
    >>> claim = Claim("t:extra-1", sp.exp(a) + b, "<=", c + sp.exp(b),
    ...               (Prop(a, "<=", b), Prop(b, "<=", c)))
    >>> [(str(l), str(r)) for l, r in (terms(claim) or [])]
    [('b', 'c'), ('exp(a)', 'exp(b)')]
    >>> pairing_error([(0, 1), (1, 0)], 2), pairing_error([(0, 1), (1, 1)], 2)
    (None, 'the pairing is not one-to-one')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sympy as sp

from numeric.prover.engine import Outcome
from symbolic import objects as ob
from symbolic.claim import Claim
from symbolic.relation import Relation

#: the most terms a side may have (the pairing tries at most MAX_TERMS² parts)
MAX_TERMS = 3


def terms(claim: Claim) -> list[tuple[sp.Expr, sp.Expr]] | None:
    """The terms of the two sides, as ``(left, right)`` lists zipped in order, when ``claim``
    is a ``≤`` or ``≥`` between two sums of 2 to :data:`MAX_TERMS` terms each (else None)."""
    if claim.rel not in (Relation.LE, Relation.GE):
        return None
    if ob.is_matrix(claim.lhs) or ob.is_matrix(claim.rhs):
        return None
    left = sp.Add.make_args(sp.sympify(claim.lhs))
    right = sp.Add.make_args(sp.sympify(claim.rhs))
    if not 2 <= len(left) <= MAX_TERMS or len(left) != len(right):
        return None
    return list(zip(left, right, strict=True))


def part(claim: Claim, left: sp.Expr, right: sp.Expr) -> Claim:
    """``left REL right`` under ``claim``'s hypotheses, sizes and ranges."""
    return claim.with_(lhs=left, rhs=right)


def pairing_error(pairs: Sequence[tuple[int, int]], k: int) -> str | None:
    """Why ``pairs`` (left index, right index) is not a one-to-one pairing of ``k`` terms on
    each side (None when it is)."""
    if sorted(i for i, _ in pairs) != list(range(k)):
        return "the pairing does not bound every term of the left side once"
    if sorted(j for _, j in pairs) != list(range(k)):
        return "the pairing is not one-to-one"
    return None


def prove_termwise(claim: Claim, prove_part: Callable[[Claim], Outcome]) -> Outcome:
    """A proof of ``claim`` from proofs of its terms' inequalities (``prove_part`` proves one,
    e.g. :func:`numeric.prover.focus.prove_or_focus`): route ``"termwise"``, ``relies_on``
    the entries of every part, ``parts`` the pairing with each part's outcome. Not proved when
    a term of the left side has no bound among the right side's terms not yet paired."""
    zipped = terms(claim)
    if zipped is None:
        return Outcome(False, "not a sum bounded by a sum of as many terms", final=True)
    left = [t for t, _ in zipped]
    right = [t for _, t in zipped]
    free = list(range(len(right)))
    parts: list[tuple[int, int, Outcome]] = []
    for i, term in enumerate(left):
        order = sorted(free, key=lambda j, i=i: j != i)  # the term in the same place first
        found = None
        for j in order:
            out = prove_part(part(claim, term, right[j]))
            if out.proved:
                found = (i, j, out)
                break
        if found is None:
            return Outcome(False, f"termwise: no term of the right side bounds term {i + 1} "
                                  f"of the left side, {term}")
        parts.append(found)
        free.remove(found[1])
    assert pairing_error([(i, j) for i, j, _ in parts], len(left)) is None
    return combined(parts)


def combined(parts: list[tuple[int, int, Outcome]]) -> Outcome:
    """The termwise proof made of the proved ``parts`` (left term, right term, outcome) of a
    one-to-one pairing: the entries of every part, the largest blackboard, all the facts."""
    return Outcome(True, relies_on=sorted({e for _, _, o in parts for e in o.relies_on}),
                   atoms=max(o.atoms for _, _, o in parts),
                   facts=sum(o.facts for _, _, o in parts), route="termwise", parts=parts)
